// Kernel wrappers as Apple's compiler sees them: attributes and the types they allow.
// MSL-VERSION: 3.2
#include <metal_stdlib>
using namespace metal;

inline void body(device float* out, uint i) { out[i] = 1.0f; }

// EXPECT: [[max_total_threads_per_threadgroup(n)]] needs an integer n from 1 to 1024 [msl-kernel]
[[max_total_threads_per_threadgroup(2048)]]
kernel void too_many_threads(device float* out [[buffer(0)]],
                             uint tid [[thread_index_in_threadgroup]])
{
  body(out, tid);
}

kernel void bad_arguments(device float* out [[buffer(31)]], // EXPECT: needs an integer index n from 0 to 30 [msl-kernel]
                          device float* again [[buffer(2)]],
                          device float* twice [[buffer(2)]], // EXPECT: [[buffer(2)]] binds more than one kernel argument [msl-kernel]
                          device float* smem [[threadgroup(0)]], // EXPECT: Metal needs a threadgroup pointer or reference there [msl-kernel]
                          float3 tid [[thread_position_in_grid]], // EXPECT: has type 'float3' [msl-kernel]
                          uint2 lane [[thread_index_in_simdgroup]], // EXPECT: Metal allows uint or ushort there [msl-kernel]
                          uint count, // EXPECT: kernel argument 'count' has no attribute [msl-kernel]
                          uint other [[stage_in]]) // EXPECT: '[[stage_in]]' is not a Metal kernel argument attribute [msl-kernel]
{
  body(out, count + other + lane.x + uint(tid.x));
  body(again, 0);
  body(twice, 0);
  (void)smem;
}

// EXPECT: kernel 'returns_value' returns 'int': Metal kernels return void [msl-kernel]
kernel int returns_value(device float* out [[buffer(0)]])
{
  body(out, 0);
  return 0;
}

// Accepted: every attribute on a type it allows, threadgroup memory, ushort builtins.
[[max_total_threads_per_threadgroup(256)]]
kernel void good(constant uchar* params [[buffer(0)]], device float* out [[buffer(1)]],
                 threadgroup uchar* smem [[threadgroup(0)]],
                 ushort3 tid [[thread_position_in_threadgroup]], uint3 ntid [[threads_per_threadgroup]],
                 uint lane [[thread_index_in_simdgroup]], ushort warp [[simdgroup_index_in_threadgroup]])
{
  (void)params;
  (void)smem;
  body(out, uint(tid.x) + ntid.x + lane + warp);
}

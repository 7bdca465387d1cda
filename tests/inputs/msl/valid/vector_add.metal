// MSL as ptx2metal emits it for a CUDA vector add (c[i] = a[i] + b[i] for i < n): one body
// function taking the parameter block, the module segment table, the shared-memory window and
// the builtins as plain values, plus the kernel wrapper that only the Metal compiler sees.
// Parameter block: a (u64) at 0, b (u64) at 8, c (u64) at 16, n (u32) at 24.
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

inline void vector_add_body(constant uchar* params, constant uchar* module,
                                   threadgroup uchar* smem, uint3 tid, uint3 ntid, uint3 ctaid)
{
  (void)module;
  (void)smem;
  ulong rd1 = reinterpret_cast<constant p2m_alias<ulong>*>(params + 0)->v;
  ulong rd2 = reinterpret_cast<constant p2m_alias<ulong>*>(params + 8)->v;
  ulong rd3 = reinterpret_cast<constant p2m_alias<ulong>*>(params + 16)->v;
  uint r1 = reinterpret_cast<constant p2m_alias<uint>*>(params + 24)->v;
  uint r5 = ctaid.x * ntid.x + tid.x; // mad.lo.s32 wraps like the hardware
  bool p1 = as_type<int>(r5) >= as_type<int>(r1);
  if (!p1) {
    ulong rd5 = static_cast<ulong>(static_cast<long>(as_type<int>(r5))) * 4ul; // mul.wide.s32
    float f1 = reinterpret_cast<device p2m_alias<float>*>(rd1 + rd5)->v;
    float f2 = reinterpret_cast<device p2m_alias<float>*>(rd2 + rd5)->v;
    float f3 = f1 + f2;
    reinterpret_cast<device p2m_alias<float>*>(rd3 + rd5)->v = f3;
  }
}

#if defined(__METAL_VERSION__)
kernel void vector_add(constant uchar* params [[buffer(0)]],
                       constant uchar* module [[buffer(1)]],
                       threadgroup uchar* smem [[threadgroup(0)]],
                       uint3 tid [[thread_position_in_threadgroup]],
                       uint3 ntid [[threads_per_threadgroup]],
                       uint3 ctaid [[threadgroup_position_in_grid]])
{
  vector_add_body(params, module, smem, tid, ntid, ctaid);
}
#endif

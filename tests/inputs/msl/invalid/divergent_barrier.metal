// Barriers that not every thread of the group reaches, as Apple's compiler sees the kernel.
// MSL-VERSION: 3.2
#include <metal_stdlib>
using namespace metal;

struct builtins {
  uint3 tid;
  uint3 ntid;
  uint lane;
};
struct context {
  builtins b;
  threadgroup uint* smem;
};

inline void sync_all() { threadgroup_barrier(mem_flags::mem_threadgroup); }

inline void body(thread context& ctx, uint n)
{
  const uint t = ctx.b.tid.x;
  if (t < 16u)
    // EXPECT: 'threadgroup_barrier' is under a condition that depends on the thread (line 21) [msl-divergent-barrier]
    threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint i = 0; i < n; ++i) {
    if (ctx.smem[i] == t)
      break;
    // EXPECT: call to 'sync_all', which reaches 'threadgroup_barrier', is under a condition [msl-divergent-barrier]
    sync_all();
  }
  if (ctx.b.lane == 0u)
    return;
  // EXPECT: 'simdgroup_barrier' is under a condition that depends on the thread (line 30) [msl-divergent-barrier]
  simdgroup_barrier(mem_flags::mem_threadgroup);
}

// Accepted: conditions every thread agrees on (the threadgroup size, a kernel argument).
inline void uniform(thread context& ctx, uint n)
{
  if (ctx.b.ntid.x > 32u)
    threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint i = 0; i < n; ++i)
    sync_all();
}

#if defined(__METAL_VERSION__)
kernel void k(constant uint& n [[buffer(0)]], threadgroup uint* smem [[threadgroup(0)]],
              uint3 tid [[thread_position_in_threadgroup]], uint3 ntid [[threads_per_threadgroup]],
              uint lane [[thread_index_in_simdgroup]])
{
  context ctx = {{tid, ntid, lane}, smem};
  uniform(ctx, n);
  body(ctx, n);
}
#endif

// A block sum reduction as ptx2metal emits it: shared memory through the threadgroup window,
// bar.sync as threadgroup_barrier, shfl.sync.down as simd_shuffle_down (with PTX's clamp
// handled by the emitter), a vote as simd_ballot, and the warp/lane builtins as plain values.
// Parameter block: src (u64) at 0, dst (u64) at 8, n (u32) at 16.
// Shared memory: one float per warp at offset 0 (32 warps at most).
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

inline float reduction_warp_sum(float value, uint laneid)
{
  for (ushort offset = 16; offset > 0; offset = static_cast<ushort>(offset >> 1)) {
    float other = simd_shuffle_down(value, offset);
    // PTX shfl.down: lanes whose source is past the end keep their own value.
    value = laneid + offset < 32u ? value + other : value;
  }
  return value;
}

inline void reduction_body(constant uchar* params, constant uchar* module,
                                  threadgroup uchar* smem, uint3 tid, uint3 ntid, uint3 ctaid,
                                  uint laneid, uint warpid)
{
  (void)module;
  ulong src = reinterpret_cast<constant p2m_alias<ulong>*>(params + 0)->v;
  ulong dst = reinterpret_cast<constant p2m_alias<ulong>*>(params + 8)->v;
  uint n = reinterpret_cast<constant p2m_alias<uint>*>(params + 16)->v;
  threadgroup float* partial = reinterpret_cast<threadgroup float*>(smem);

  uint i = ctaid.x * ntid.x + tid.x;
  float value = i < n ? reinterpret_cast<device p2m_alias<float>*>(src)[i].v : 0.0f;
  simd_vote active = simd_ballot(value != 0.0f);
  if (static_cast<simd_vote::vote_t>(active) != 0ul)
    value = reduction_warp_sum(value, laneid);
  if (laneid == 0u)
    partial[warpid] = value;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (warpid == 0u) {
    uint warps = (ntid.x + 31u) / 32u;
    value = laneid < warps ? partial[laneid] : 0.0f;
    value = simd_sum(value);
    if (laneid == 0u)
      reinterpret_cast<device p2m_alias<float>*>(dst)[ctaid.x].v = value;
  }
  threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup);
}

#if defined(__METAL_VERSION__)
kernel void reduction(constant uchar* params [[buffer(0)]],
                      constant uchar* module [[buffer(1)]],
                      threadgroup uchar* smem [[threadgroup(0)]],
                      uint3 tid [[thread_position_in_threadgroup]],
                      uint3 ntid [[threads_per_threadgroup]],
                      uint3 ctaid [[threadgroup_position_in_grid]],
                      uint laneid [[thread_index_in_simdgroup]],
                      uint warpid [[simdgroup_index_in_threadgroup]])
{
  reduction_body(params, module, smem, tid, ntid, ctaid, laneid, warpid);
}
#endif

// Hand-written MSL kernels in the shape of the kernel ABI (docs/DESIGN.md, emitters/msl/support
// /abi.h): each `NAME_body(params, module, smem, builtins)` is what the host backend's launcher
// calls. Parameters are read at fixed offsets of buffer 0, as generated code does.
#pragma once

namespace p2m::runtime::test {

inline constexpr const char *kTestKernels = R"MSL(
#include <metal_stdlib>
using namespace metal;

struct p2m_builtins {
  uint3 tid;
  uint3 ntid;
  uint3 ctaid;
  uint3 nctaid;
  uint lane;
  uint warp;
  uint nwarp;
  uint dynamic_smem;
};

static inline ulong param_u64(constant uchar *params, uint offset)
{
  return *reinterpret_cast<constant ulong *>(params + offset);
}
static inline uint param_u32(constant uchar *params, uint offset)
{
  return *reinterpret_cast<constant uint *>(params + offset);
}
static inline float param_f32(constant uchar *params, uint offset)
{
  return *reinterpret_cast<constant float *>(params + offset);
}
static inline device uint *param_ptr(constant uchar *params, uint offset)
{
  return reinterpret_cast<device uint *>(param_u64(params, offset));
}

// Every builtin of every thread: out[global linear id * 16 + i].
static inline void builtins_body(constant uchar *params, constant uchar *module,
                                 threadgroup uchar *smem, p2m_builtins b)
{
  const uint local = b.tid.x + b.ntid.x * (b.tid.y + b.ntid.y * b.tid.z);
  const uint group = b.ctaid.x + b.nctaid.x * (b.ctaid.y + b.nctaid.y * b.ctaid.z);
  device uint *o = param_ptr(params, 0) + (group * (b.ntid.x * b.ntid.y * b.ntid.z) + local) * 16u;
  o[0] = b.tid.x; o[1] = b.tid.y; o[2] = b.tid.z;
  o[3] = b.ntid.x; o[4] = b.ntid.y; o[5] = b.ntid.z;
  o[6] = b.ctaid.x; o[7] = b.ctaid.y; o[8] = b.ctaid.z;
  o[9] = b.nctaid.x; o[10] = b.nctaid.y; o[11] = b.nctaid.z;
  o[12] = b.lane; o[13] = b.warp; o[14] = b.nwarp; o[15] = b.dynamic_smem;
}

// Block-wide tree reduction and Hillis-Steele inclusive scan in threadgroup memory, with
// barriers inside loops. params: in, sums (one per threadgroup), scan (one per thread).
static inline void reduce_scan_body(constant uchar *params, constant uchar *module,
                                    threadgroup uchar *smem, p2m_builtins b)
{
  device uint *in = param_ptr(params, 0);
  device uint *sums = param_ptr(params, 8);
  device uint *scan = param_ptr(params, 16);
  threadgroup uint *s = reinterpret_cast<threadgroup uint *>(smem);
  threadgroup uint *a = s + b.ntid.x;
  threadgroup uint *c = a + b.ntid.x;
  const uint t = b.tid.x;
  const uint g = b.ctaid.x * b.ntid.x + t;
  s[t] = in[g];
  a[t] = in[g];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint stride = b.ntid.x / 2u; stride > 0u; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (t == 0u)
    sums[b.ctaid.x] = s[0];
  for (uint d = 1u; d < b.ntid.x; d <<= 1) {
    c[t] = t >= d ? a[t] + a[t - d] : a[t];
    threadgroup_barrier(mem_flags::mem_threadgroup);
    a[t] = c[t];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  scan[g] = a[t];
}

// `rounds` rounds of a neighbour exchange through threadgroup memory, two barriers each.
// params: out, rounds.
static inline void barrier_loop_body(constant uchar *params, constant uchar *module,
                                     threadgroup uchar *smem, p2m_builtins b)
{
  threadgroup uint *s = reinterpret_cast<threadgroup uint *>(smem);
  const uint t = b.tid.x, n = b.ntid.x;
  uint v = t;
  for (uint r = 0u; r < param_u32(params, 8); ++r) {
    s[t] = v;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    v = s[(t + 1u) % n] + 1u;
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  param_ptr(params, 0)[b.ctaid.x * n + t] = v;
}

// Every thread takes a ticket from one device counter and marks it. params: counter, marks.
static inline void tickets_body(constant uchar *params, constant uchar *module,
                                threadgroup uchar *smem, p2m_builtins b)
{
  device atomic_uint *counter = reinterpret_cast<device atomic_uint *>(param_u64(params, 0));
  device uint *marks = param_ptr(params, 8);
  for (uint i = 0u; i < 16u; ++i) {
    const uint ticket = atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);
    marks[ticket] += 1u;
  }
}

// The SIMD-group functions, for the lanes with lane < cut; then one sum over all lanes after
// the branch. params: out (32 words per thread), cut.
static inline void simd_body(constant uchar *params, constant uchar *module,
                             threadgroup uchar *smem, p2m_builtins b)
{
  const uint g = b.ctaid.x * b.ntid.x + b.tid.x;
  device uint *o = param_ptr(params, 0) + g * 32u;
  if (b.lane < param_u32(params, 8)) {
    const int v = int((b.tid.x * 7u + 3u) % 23u) - 11;
    const float f = float(v) * 0.5f + 0.25f;
    o[0] = uint(simd_sum(v));
    o[1] = simd_product(uint(v & 1) + 1u);
    o[2] = uint(simd_min(v));
    o[3] = uint(simd_max(v));
    o[4] = simd_and(uint(v) | 0xF0u);
    o[5] = simd_or(uint(v) & 0x0F0Fu);
    o[6] = simd_xor(uint(v));
    o[7] = uint(simd_prefix_inclusive_sum(v));
    o[8] = uint(simd_prefix_exclusive_sum(v));
    o[9] = simd_prefix_inclusive_product(uint(v & 1) + 1u);
    o[10] = simd_prefix_exclusive_product(uint(v & 1) + 1u);
    o[11] = uint(simd_shuffle(v, ushort((b.lane * 5u + 1u) % 32u)));
    o[12] = uint(simd_shuffle_up(v, ushort(3)));
    o[13] = uint(simd_shuffle_down(v, ushort(5)));
    o[14] = uint(simd_shuffle_xor(v, ushort(6)));
    o[15] = uint(simd_broadcast(v, ushort(2)));
    o[16] = uint(simd_broadcast_first(v));
    const ulong ballot = static_cast<ulong>(simd_ballot(v > 0));
    o[17] = uint(ballot);
    o[18] = uint(ballot >> 32);
    o[19] = uint(static_cast<ulong>(simd_active_threads_mask()));
    o[20] = simd_all(v > -11) ? 1u : 0u;
    o[21] = simd_any(v > 10) ? 1u : 0u;
    o[22] = simd_is_first() ? 1u : 0u;
    o[23] = as_type<uint>(simd_sum(f));
    o[24] = as_type<uint>(simd_prefix_inclusive_sum(f));
    o[25] = as_type<uint>(simd_max(f));
    o[26] = as_type<uint>(float(simd_sum(half(f))));
    o[27] = as_type<uint>(simd_sum(float4{f, 2.0f * f, 1.0f, -f}).y);
    o[28] = uint(int(simd_sum(char(v))));
    simdgroup_barrier(mem_flags::mem_none);
    o[29] = simd_ballot(v > -100).all() ? 1u : 0u;
  }
  o[30] = simd_sum(1u);
}

// Lanes of one SIMD-group at two different calls at once: each call sees only its lanes.
static inline void simd_split_body(constant uchar *params, constant uchar *module,
                                   threadgroup uchar *smem, p2m_builtins b)
{
  device uint *o = param_ptr(params, 0) + b.ctaid.x * b.ntid.x + b.tid.x;
  if (b.lane < 13u)
    *o = simd_sum(1u);
  else
    *o = simd_sum(100u);
}

// bar.warp.sync waits for the lanes of its mask (p2m_host_abi.h's p2m_bar_warp_sync): lanes
// 2..31 reach it first, at a call that comes earlier in the code than the shuffle lanes 0 and 1
// do before writing the slot that every lane reads after the sync. out[t] = 1041 everywhere.
static inline void warp_sync_waits_body(constant uchar *params, constant uchar *module,
                                        threadgroup uchar *smem, p2m_builtins b)
{
  device uint *o = param_ptr(params, 0) + b.ctaid.x * b.ntid.x + b.tid.x;
  threadgroup uint *slot = reinterpret_cast<threadgroup uint *>(smem) + b.warp;
  if (b.lane >= 2u) {
    p2m_bar_warp_sync(0xffffffffu);
    *o = *slot;
    return;
  }
  const uint v = simd_shuffle_xor(b.lane + 40u, ushort(1));
  if (b.lane == 0u)
    *slot = v + 1000u;
  p2m_bar_warp_sync(0xffffffffu);
  *o = *slot;
}

// Warp 0 spins on a volatile threadgroup flag that warp 1 sets, with no barrier between them:
// the host's volatile loads are spin points (p2m_host_abi.h), so the setter gets to run.
// out[t] = 5 everywhere. The flag is reached as abi.h's generated code reaches memory, through
// its alias-safe union, which is what the volatile hooks take.
template <typename T> union p2m_alias {
  T v;
};
static inline void volatile_spin_body(constant uchar *params, constant uchar *module,
                                      threadgroup uchar *smem, p2m_builtins b)
{
  device uint *o = param_ptr(params, 0) + b.ctaid.x * b.ntid.x + b.tid.x;
  volatile threadgroup p2m_alias<uint> *flag = reinterpret_cast<volatile threadgroup p2m_alias<uint> *>(smem);
  if (b.warp == 0u) {
    while (p2m_volatile_load<uint>(flag) == 0u) {
    }
    *o = p2m_volatile_load<uint>(flag);
  } else {
    if (b.lane == 0u)
      p2m_volatile_store(flag, 5u);
    *o = 5u;
  }
}

// A barrier only thread 0 reaches, then one all threads reach: never completes.
static inline void divergent_barrier_body(constant uchar *params, constant uchar *module,
                                          threadgroup uchar *smem, p2m_builtins b)
{
  if (b.tid.x == 0u)
    threadgroup_barrier(mem_flags::mem_threadgroup);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  param_ptr(params, 0)[b.tid.x] = 1u;
}

// A kernel trap as generated code does it (abi.h p2m_trap): status word := 1.
static inline void trap_body(constant uchar *params, constant uchar *module,
                             threadgroup uchar *smem, p2m_builtins b)
{
  if (b.tid.x == 5u) {
    device atomic_uint *status = reinterpret_cast<device atomic_uint *>(
        reinterpret_cast<constant ulong *>(module)[2]);
    atomic_store_explicit(status, 1u, memory_order_relaxed);
  }
}

// f32 arithmetic on denormals. params: out, a, b, c.
static inline void denormal_body(constant uchar *params, constant uchar *module,
                                 threadgroup uchar *smem, p2m_builtins b)
{
  device uint *o = param_ptr(params, 0);
  const float x = param_f32(params, 8), y = param_f32(params, 12), z = param_f32(params, 16);
  o[0] = as_type<uint>(x + y); // a denormal input (DAZ)
  o[1] = as_type<uint>(z * z); // a denormal result (FTZ)
}

// Reads .local-sized data on its stack and the threadgroup window's dynamic part.
static inline void dynamic_smem_body(constant uchar *params, constant uchar *module,
                                     threadgroup uchar *smem, p2m_builtins b)
{
  threadgroup uint *s = reinterpret_cast<threadgroup uint *>(smem);
  const uint words = b.dynamic_smem / 4u;
  for (uint i = b.tid.x; i < words; i += b.ntid.x)
    s[i] = i * 3u;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  uint local[4096];
  for (uint i = 0u; i < 4096u; ++i)
    local[i] = i ^ b.tid.x;
  uint sum = 0u;
  for (uint i = 0u; i < words; ++i)
    sum += s[i];
  param_ptr(params, 0)[b.tid.x] = sum + local[b.tid.x % 4096u] - (b.tid.x ^ b.tid.x % 4096u);
}
)MSL";

} // namespace p2m::runtime::test

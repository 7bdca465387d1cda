// Atomics on device and threadgroup memory as ptx2metal emits them: a 16-bin histogram of
// bytes with device atomic_uint bins, a threadgroup counter of values seen (atomic_int in the
// shared-memory window), a device float sum (atomic_float add) and a device float maximum built
// from a weak compare-exchange loop (PTX atom.max.f32 has no Metal counterpart).
// Parameter block: data (u64) at 0, bins (u64) at 8, sum (u64) at 16, max (u64) at 24,
// count (u32) at 32. Shared memory: the counter at offset 0.
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

inline float histogram_atomic_max_f32(device atomic_uint* word, float value)
{
  uint expected = atomic_load_explicit(word, memory_order_relaxed);
  while (true) {
    float current = as_type<float>(expected);
    if (!(value > current))
      break;
    if (atomic_compare_exchange_weak_explicit(word, &expected, as_type<uint>(value),
                                              memory_order_relaxed, memory_order_relaxed))
      break;
  }
  return as_type<float>(expected);
}

inline void histogram_body(constant uchar* params, constant uchar* module,
                                  threadgroup uchar* smem, uint3 tid, uint3 ntid, uint3 ctaid,
                                  uint3 nctaid)
{
  (void)module;
  ulong data = reinterpret_cast<constant p2m_alias<ulong>*>(params + 0)->v;
  ulong bins = reinterpret_cast<constant p2m_alias<ulong>*>(params + 8)->v;
  ulong sum = reinterpret_cast<constant p2m_alias<ulong>*>(params + 16)->v;
  ulong maximum = reinterpret_cast<constant p2m_alias<ulong>*>(params + 24)->v;
  uint count = reinterpret_cast<constant p2m_alias<uint>*>(params + 32)->v;
  threadgroup atomic_int* seen = reinterpret_cast<threadgroup atomic_int*>(smem + 0);
  uint stride = ntid.x * nctaid.x;
  for (uint i = ctaid.x * ntid.x + tid.x; i < count; i += stride) {
    uchar value = *reinterpret_cast<device uchar*>(data + i);
    if (value == 0xffu)
      continue; // padding bytes are not counted
    if (value == 0xfeu)
      break; // end marker
    uint bin = extract_bits(static_cast<uint>(value), 4u, 4u);
    atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>(bins + 4ul * bin), 1u,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(seen, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(reinterpret_cast<device atomic_float*>(sum),
                              static_cast<float>(value), memory_order_relaxed);
    histogram_atomic_max_f32(reinterpret_cast<device atomic_uint*>(maximum),
                             static_cast<float>(value));
  }
}

#if defined(__METAL_VERSION__)
kernel void histogram(constant uchar* params [[buffer(0)]],
                      constant uchar* module [[buffer(1)]],
                      threadgroup uchar* smem [[threadgroup(0)]],
                      uint3 tid [[thread_position_in_threadgroup]],
                      uint3 ntid [[threads_per_threadgroup]],
                      uint3 ctaid [[threadgroup_position_in_grid]],
                      uint3 nctaid [[threadgroups_per_grid]])
{
  histogram_body(params, module, smem, tid, ntid, ctaid, nctaid);
}
#endif

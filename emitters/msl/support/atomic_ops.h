// ptx2metal MSL support library: PTX atomics (atom, red), fences (membar, fence) and CTA
// barriers (bar/barrier .sync and .red) on what Metal guarantees.
//
// Metal has relaxed 32-bit atomics on atomic_int/atomic_uint in device and threadgroup memory
// (load, store, exchange, fetch_add/sub/and/or/xor/min/max, *weak* compare-exchange),
// atomic_float fetch_add in device memory (MSL 3.0), and for 64 bits only atomic_ulong min/max
// without a result in device memory (MSL 2.4, recent GPU families). Everything else here is a
// compare-exchange loop on the containing 32-bit word, which is exact: the loop recomputes
// the new value from the value the failed exchange observed, so each update applies to a value
// that was in memory, atomically. Loops are lock-free (some lane's exchange always succeeds),
// so they need no independent progress between the lanes of a SIMD-group. The emitter pastes
// this file after `#include <metal_stdlib>` and `using namespace metal;`; the unit tests
// (tests/unit/msl-warp) compile it as C++ against the project's host metal_stdlib.
//
// Operands. `<space>` is `global` (a `device` pointer) or `shared` (a `threadgroup` pointer)
// to the naturally aligned 32-bit word (64-bit for the u64 forms); u32/b32 values are uint,
// s32 int, f32 float. 16-bit operands (f16, bf16, b16) live in half of a 32-bit word: the
// helpers take that word and `upper` = 1 for bits 31..16 (byte address & 2 on the
// little-endian GPU), 0 for bits 15..0, and pass f16/bf16 values as their bits (ushort; the
// x2 forms as uint, element 0 in the low half). The `atom` helpers return the old value;
// `red` is the same call with the result unused, except for the 64-bit red forms below.
//
// Floating point. atom.add.f32 in global memory uses Metal's atomic_float add: PTX flushes its
// subnormal inputs and results (ISA), and so do Apple GPUs (docs/METAL.md); the NaN it stores
// is the GPU's. Before MSL 3.0 it is a loop with explicit flushing and NaN = 0x7FFFFFFF. In
// shared memory PTX keeps subnormals: the loop adds exactly (p2m_atom_f32_add_rn_bits is exact
// with or without hardware flushing). The .noftz f16/bf16 additions are computed exactly on bits,
// independent of how the GPU treats half, bfloat or float subnormals. NaN results are the
// canonical NaNs NVIDIA GPUs produce (docs/gpu-facts.md): 0x7FFFFFFF, 0x7FFF (f16, bf16).
//
// 64-bit. Metal has no 64-bit compare-exchange (only atomic_ulong min/max without a result, on
// some GPU families), so every 64-bit and f64 atom and red goes through the striped lock table
// below (p2m_atom64_*, MSL 3.2), even the forms Metal or 32-bit halves could do lock-free: a
// lock-free update racing with a locked one on the same word would be lost. .b128 has no helper:
// the compiler reports a diagnostic.
#ifndef P2M_ATOMIC_OPS_H
#define P2M_ATOMIC_OPS_H

// --- exact f32/f16/bf16 additions on bit patterns ------------------------------------------

// x * 2^64 for |x| < 2^-100, exactly and as a normal float even where x is subnormal: the
// exponent field is raised for normal x; a subnormal's significand m gives m * 2^-85.
static inline float p2m_atom_f32_scaled_up_2p64(uint x)
{
  const uint mag = x & 0x7fffffffu;
  const float up = mag >= 0x00800000u ? as_type<float>(mag + (64u << 23))
                                      : float(mag) * as_type<float>(0x15000000u); // 2^-85
  return (x & 0x80000000u) != 0u ? -up : up;
}

// The bits of s * 2^-64, where s is zero or normal and, when the result is subnormal, a
// multiple of 2^-85 (so the result is exact).
static inline uint p2m_atom_f32_scaled_down_2p64(uint s)
{
  const uint sign = s & 0x80000000u;
  const uint mag = s & 0x7fffffffu;
  const uint e = mag >> 23;
  if (e > 64u)
    return sign | (mag - (64u << 23));
  const uint shift = 65u - e; // subnormal: value / 2^-149 = significand >> (65 - e)
  const uint sig = (mag & 0x007fffffu) | 0x00800000u;
  return mag == 0u || shift >= 32u ? sign : sign | (sig >> shift);
}

// add.rn.f32 on bits with IEEE subnormals, exact whether or not the GPU flushes fp32
// subnormals; a NaN result is 0x7FFFFFFF. No float operation below meets a subnormal:
//  * both |a|, |b| < 2^-100: scaled by 2^64 they are normal; their exact sum is a multiple of
//    2^-149, so a sum below 2^-126 has under 24 significant bits and is added exactly, and a
//    larger one rounds as the unscaled sum would;
//  * otherwise, say |a| >= 2^-100: a + b is not subnormal (a multiple of the smaller operand's
//    quantum >= 2^-124, or >= |a|/2), and a subnormal b changes nothing: |b| < 2^-126 is under
//    half of the gaps around a (>= 2^-124), so a + b rounds to a, as a + 0 does.
static inline uint p2m_atom_f32_add_rn_bits(uint a, uint b)
{
  const uint tiny = 0x0d800000u; // 2^-100 (exponent field 27)
  if ((a & 0x7fffffffu) < tiny && (b & 0x7fffffffu) < tiny) {
    const float scaled = p2m_atom_f32_scaled_up_2p64(a) + p2m_atom_f32_scaled_up_2p64(b);
    return p2m_atom_f32_scaled_down_2p64(as_type<uint>(scaled));
  }
  const float sum = as_type<float>(a) + as_type<float>(b);
  return isnan(sum) ? 0x7fffffffu : as_type<uint>(sum);
}

// add.ftz.f32 on bits (subnormal inputs and results become zeros of the same sign), exact
// whether or not the GPU flushes by itself; a NaN result is 0x7FFFFFFF.
static inline uint p2m_atom_f32_add_ftz_bits(uint a, uint b)
{
  const uint fa = (a & 0x7f800000u) == 0u ? (a & 0x80000000u) : a;
  const uint fb = (b & 0x7f800000u) == 0u ? (b & 0x80000000u) : b;
  const float sum = as_type<float>(fa) + as_type<float>(fb);
  const uint bits = as_type<uint>(sum);
  if (isnan(sum))
    return 0x7fffffffu;
  return (bits & 0x7f800000u) == 0u ? (bits & 0x80000000u) : bits;
}

// The f32 bits of an f16 (low 16 bits of h), exactly; subnormal f16 become normal floats.
static inline uint p2m_atom_f16_to_f32_bits(uint h)
{
  const uint sign = (h & 0x8000u) << 16;
  const uint e = (h >> 10) & 0x1fu;
  const uint f = h & 0x3ffu;
  if (e == 0x1fu)
    return sign | 0x7f800000u | (f << 13);
  if (e != 0u)
    return sign | ((e + 112u) << 23) | (f << 13);
  return sign | as_type<uint>(float(f) * as_type<float>(0x33800000u)); // f * 2^-24
}

// f32 bits to f16 bits, rounding to nearest even (subnormal and infinite results included);
// a NaN gives 0x7FFF.
static inline uint p2m_atom_f32_to_f16_rn_bits(uint x)
{
  const uint sign = (x >> 16) & 0x8000u;
  const uint mag = x & 0x7fffffffu;
  if (mag > 0x7f800000u)
    return 0x7fffu;
  if (mag >= 0x477ff000u) // 65520 and above round to infinity
    return sign | 0x7c00u;
  if (mag >= 0x38800000u) { // 2^-14 and above: normal; rebias and round off 13 bits
    const uint r = mag - 0x38000000u;
    return sign | ((r + 0x0fffu + ((r >> 13) & 1u)) >> 13);
  }
  const uint e = mag >> 23;
  if (e < 102u) // below 2^-25 (or a float subnormal): rounds to zero
    return sign;
  // In units of 2^-24 the value is sig >> (126 - e), shift 14..24.
  const uint sig = (mag & 0x007fffffu) | 0x00800000u;
  const uint shift = 126u - e;
  const uint q = sig >> shift;
  const uint rem = sig & ((1u << shift) - 1u);
  const uint halfway = 1u << (shift - 1u);
  return sign | (q + ((rem > halfway || (rem == halfway && (q & 1u) != 0u)) ? 1u : 0u));
}

// f32 bits to bf16 bits, rounding to nearest even; a NaN gives 0x7FFF.
static inline uint p2m_atom_f32_to_bf16_rn_bits(uint x)
{
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return 0x7fffu;
  return (x + 0x7fffu + ((x >> 16) & 1u)) >> 16;
}

// add.rn.f16 (no flush) on the low 16 bits of a and b. Exact: an f16 sum in f32 is rounded
// once to 24 bits, which then rounds to 11 bits as the exact sum would (24 >= 2*11 + 2), and
// a sum below 2^-14 is a multiple of 2^-24 with at most 10 bits, exact in both formats.
static inline uint p2m_atom_f16_add_rn_bits(uint a, uint b)
{
  return p2m_atom_f32_to_f16_rn_bits(
      p2m_atom_f32_add_rn_bits(p2m_atom_f16_to_f32_bits(a), p2m_atom_f16_to_f32_bits(b)));
}

// add.rn.bf16 (no flush) on the low 16 bits of a and b: as for f16 (24 >= 2*8 + 2; a sum below
// 2^-126 is a multiple of 2^-133 with at most 7 bits).
static inline uint p2m_atom_bf16_add_rn_bits(uint a, uint b)
{
  return p2m_atom_f32_to_bf16_rn_bits(
      p2m_atom_f32_add_rn_bits((a & 0xffffu) << 16, (b & 0xffffu) << 16));
}

// The atomic view of a naturally aligned 32-bit word (Metal's atomics are their value's size).
static inline device atomic_uint *p2m_atom_object(device uint *p)
{
  return reinterpret_cast<device atomic_uint *>(p);
}
static inline device atomic_int *p2m_atom_object(device int *p)
{
  return reinterpret_cast<device atomic_int *>(p);
}
static inline threadgroup atomic_uint *p2m_atom_object(threadgroup uint *p)
{
  return reinterpret_cast<threadgroup atomic_uint *>(p);
}
static inline threadgroup atomic_int *p2m_atom_object(threadgroup int *p)
{
  return reinterpret_cast<threadgroup atomic_int *>(p);
}

// --- compare-exchange loops ------------------------------------------------------------------
// Replace the word by op.apply(old) atomically and return old. When the new value equals the
// old one nothing is written: the atomic read that saw it is the operation's linearization.

template <typename Op>
static inline uint p2m_atom_cas_loop(device uint *word, Op op)
{
  device atomic_uint *object = p2m_atom_object(word);
  uint old = atomic_load_explicit(object, memory_order_relaxed);
  for (;;) {
    const uint desired = op.apply(old);
    if (desired == old || atomic_compare_exchange_weak_explicit(object, &old, desired,
                                                                memory_order_relaxed,
                                                                memory_order_relaxed))
      return old;
  }
}

template <typename Op>
static inline uint p2m_atom_cas_loop(threadgroup uint *word, Op op)
{
  threadgroup atomic_uint *object = p2m_atom_object(word);
  uint old = atomic_load_explicit(object, memory_order_relaxed);
  for (;;) {
    const uint desired = op.apply(old);
    if (desired == old || atomic_compare_exchange_weak_explicit(object, &old, desired,
                                                                memory_order_relaxed,
                                                                memory_order_relaxed))
      return old;
  }
}

// The operations of the loops (PTX ISA semantics of atom).
struct p2m_atom_op_cas { // cas(r, s, t) = r == s ? t : r
  uint cmp, value;
  uint apply(uint old) const { return old == cmp ? value : old; }
};
struct p2m_atom_op_inc { // inc(r, s) = r >= s ? 0 : r + 1
  uint bound;
  uint apply(uint old) const { return old >= bound ? 0u : old + 1u; }
};
struct p2m_atom_op_dec { // dec(r, s) = (r == 0 || r > s) ? s : r - 1
  uint bound;
  uint apply(uint old) const { return (old == 0u || old > bound) ? bound : old - 1u; }
};
struct p2m_atom_op_add_f32 { // exact, subnormals kept
  uint value;
  uint apply(uint old) const { return p2m_atom_f32_add_rn_bits(old, value); }
};
struct p2m_atom_op_add_f32_ftz {
  uint value;
  uint apply(uint old) const { return p2m_atom_f32_add_ftz_bits(old, value); }
};
// 16-bit operations on the half at `shift` (0 or 16); the other half is kept.
struct p2m_atom_op_cas_b16 {
  uint shift, cmp, value;
  uint apply(uint old) const
  {
    const uint mask = 0xffffu << shift;
    return ((old & mask) >> shift) == cmp ? (old & ~mask) | (value << shift) : old;
  }
};
struct p2m_atom_op_add_f16 {
  uint shift, value;
  uint apply(uint old) const
  {
    const uint mask = 0xffffu << shift;
    return (old & ~mask) | (p2m_atom_f16_add_rn_bits((old & mask) >> shift, value) << shift);
  }
};
struct p2m_atom_op_add_bf16 {
  uint shift, value;
  uint apply(uint old) const
  {
    const uint mask = 0xffffu << shift;
    return (old & ~mask) | (p2m_atom_bf16_add_rn_bits((old & mask) >> shift, value) << shift);
  }
};
struct p2m_atom_op_add_f16x2 {
  uint value;
  uint apply(uint old) const
  {
    return p2m_atom_f16_add_rn_bits(old & 0xffffu, value & 0xffffu) |
           (p2m_atom_f16_add_rn_bits(old >> 16, value >> 16) << 16);
  }
};
struct p2m_atom_op_add_bf16x2 {
  uint value;
  uint apply(uint old) const
  {
    return p2m_atom_bf16_add_rn_bits(old & 0xffffu, value & 0xffffu) |
           (p2m_atom_bf16_add_rn_bits(old >> 16, value >> 16) << 16);
  }
};

// --- atom/red in global memory (device) --------------------------------------------------------

// atom.global.add.u32
static inline uint p2m_atom_global_add_u32(device uint *p, uint v)
{
  return atomic_fetch_add_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.add.s32 (wraps modulo 2^32, as the hardware does)
static inline int p2m_atom_global_add_s32(device int *p, int v)
{
  return atomic_fetch_add_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.min.u32
static inline uint p2m_atom_global_min_u32(device uint *p, uint v)
{
  return atomic_fetch_min_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.min.s32
static inline int p2m_atom_global_min_s32(device int *p, int v)
{
  return atomic_fetch_min_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.max.u32
static inline uint p2m_atom_global_max_u32(device uint *p, uint v)
{
  return atomic_fetch_max_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.max.s32
static inline int p2m_atom_global_max_s32(device int *p, int v)
{
  return atomic_fetch_max_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.exch.b32
static inline uint p2m_atom_global_exch_b32(device uint *p, uint v)
{
  return atomic_exchange_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.and.b32
static inline uint p2m_atom_global_and_b32(device uint *p, uint v)
{
  return atomic_fetch_and_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.or.b32
static inline uint p2m_atom_global_or_b32(device uint *p, uint v)
{
  return atomic_fetch_or_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.xor.b32
static inline uint p2m_atom_global_xor_b32(device uint *p, uint v)
{
  return atomic_fetch_xor_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.global.cas.b32: strong compare-and-swap (retries the weak one's spurious failures)
static inline uint p2m_atom_global_cas_b32(device uint *p, uint cmp, uint v)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_cas{cmp, v});
}
// atom.global.inc.u32: old >= b ? 0 : old + 1
static inline uint p2m_atom_global_inc_u32(device uint *p, uint b)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_inc{b});
}
// atom.global.dec.u32: (old == 0 || old > b) ? b : old - 1
static inline uint p2m_atom_global_dec_u32(device uint *p, uint b)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_dec{b});
}
// atom.global.add.f32 as a loop: PTX's global-memory rule (subnormal inputs and results
// flushed to zeros of their sign), NaN = 0x7FFFFFFF. Used before MSL 3.0.
static inline float p2m_atom_global_add_f32_loop(device float *p, float v)
{
  return as_type<float>(p2m_atom_cas_loop(reinterpret_cast<device uint *>(p),
                                          p2m_atom_op_add_f32_ftz{as_type<uint>(v)}));
}
// atom.global.add.f32: Metal's atomic_float add; subnormals flushed (PTX and Apple GPUs alike)
static inline float p2m_atom_global_add_f32(device float *p, float v)
{
#if !defined(__METAL_VERSION__) || __METAL_VERSION__ >= 300
  return atomic_fetch_add_explicit(reinterpret_cast<device atomic_float *>(p), v,
                                   memory_order_relaxed);
#else
  return p2m_atom_global_add_f32_loop(p, v);
#endif
}
// atom.global.add.noftz.f16: the f16 in half `upper` of *word; returns the old f16 bits
static inline ushort p2m_atom_global_add_noftz_f16(device uint *word, uint upper, ushort v)
{
  const uint shift = (upper & 1u) * 16u;
  return ushort(p2m_atom_cas_loop(word, p2m_atom_op_add_f16{shift, uint(v)}) >> shift);
}
// atom.global.add.noftz.f16x2: both halves, each rounded on its own
static inline uint p2m_atom_global_add_noftz_f16x2(device uint *p, uint v)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_add_f16x2{v});
}
// atom.global.add.noftz.bf16: the bf16 in half `upper` of *word; returns the old bf16 bits
static inline ushort p2m_atom_global_add_noftz_bf16(device uint *word, uint upper, ushort v)
{
  const uint shift = (upper & 1u) * 16u;
  return ushort(p2m_atom_cas_loop(word, p2m_atom_op_add_bf16{shift, uint(v)}) >> shift);
}
// atom.global.add.noftz.bf16x2
static inline uint p2m_atom_global_add_noftz_bf16x2(device uint *p, uint v)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_add_bf16x2{v});
}
// atom.global.cas.b16: the 16 bits in half `upper` of *word
static inline ushort p2m_atom_global_cas_b16(device uint *word, uint upper, ushort cmp, ushort v)
{
  const uint shift = (upper & 1u) * 16u;
  return ushort(p2m_atom_cas_loop(word, p2m_atom_op_cas_b16{shift, uint(cmp), uint(v)}) >> shift);
}

// --- atom/red in shared memory (threadgroup) -------------------------------------------------

// atom.shared.add.u32
static inline uint p2m_atom_shared_add_u32(threadgroup uint *p, uint v)
{
  return atomic_fetch_add_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.add.s32 (wraps modulo 2^32)
static inline int p2m_atom_shared_add_s32(threadgroup int *p, int v)
{
  return atomic_fetch_add_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.min.u32
static inline uint p2m_atom_shared_min_u32(threadgroup uint *p, uint v)
{
  return atomic_fetch_min_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.min.s32
static inline int p2m_atom_shared_min_s32(threadgroup int *p, int v)
{
  return atomic_fetch_min_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.max.u32
static inline uint p2m_atom_shared_max_u32(threadgroup uint *p, uint v)
{
  return atomic_fetch_max_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.max.s32
static inline int p2m_atom_shared_max_s32(threadgroup int *p, int v)
{
  return atomic_fetch_max_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.exch.b32
static inline uint p2m_atom_shared_exch_b32(threadgroup uint *p, uint v)
{
  return atomic_exchange_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.and.b32
static inline uint p2m_atom_shared_and_b32(threadgroup uint *p, uint v)
{
  return atomic_fetch_and_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.or.b32
static inline uint p2m_atom_shared_or_b32(threadgroup uint *p, uint v)
{
  return atomic_fetch_or_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.xor.b32
static inline uint p2m_atom_shared_xor_b32(threadgroup uint *p, uint v)
{
  return atomic_fetch_xor_explicit(p2m_atom_object(p), v, memory_order_relaxed);
}
// atom.shared.cas.b32: strong compare-and-swap
static inline uint p2m_atom_shared_cas_b32(threadgroup uint *p, uint cmp, uint v)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_cas{cmp, v});
}
// atom.shared.inc.u32: old >= b ? 0 : old + 1
static inline uint p2m_atom_shared_inc_u32(threadgroup uint *p, uint b)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_inc{b});
}
// atom.shared.dec.u32: (old == 0 || old > b) ? b : old - 1
static inline uint p2m_atom_shared_dec_u32(threadgroup uint *p, uint b)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_dec{b});
}
// atom.shared.add.f32: IEEE with subnormals kept (PTX's shared-memory behaviour; Metal has no
// threadgroup atomic_float add)
static inline float p2m_atom_shared_add_f32(threadgroup float *p, float v)
{
  return as_type<float>(p2m_atom_cas_loop(reinterpret_cast<threadgroup uint *>(p),
                                          p2m_atom_op_add_f32{as_type<uint>(v)}));
}
// atom.shared.add.noftz.f16: the f16 in half `upper` of *word; returns the old f16 bits
static inline ushort p2m_atom_shared_add_noftz_f16(threadgroup uint *word, uint upper, ushort v)
{
  const uint shift = (upper & 1u) * 16u;
  return ushort(p2m_atom_cas_loop(word, p2m_atom_op_add_f16{shift, uint(v)}) >> shift);
}
// atom.shared.add.noftz.f16x2
static inline uint p2m_atom_shared_add_noftz_f16x2(threadgroup uint *p, uint v)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_add_f16x2{v});
}
// atom.shared.add.noftz.bf16: the bf16 in half `upper` of *word; returns the old bf16 bits
static inline ushort p2m_atom_shared_add_noftz_bf16(threadgroup uint *word, uint upper, ushort v)
{
  const uint shift = (upper & 1u) * 16u;
  return ushort(p2m_atom_cas_loop(word, p2m_atom_op_add_bf16{shift, uint(v)}) >> shift);
}
// atom.shared.add.noftz.bf16x2
static inline uint p2m_atom_shared_add_noftz_bf16x2(threadgroup uint *p, uint v)
{
  return p2m_atom_cas_loop(p, p2m_atom_op_add_bf16x2{v});
}
// atom.shared.cas.b16: the 16 bits in half `upper` of *word
static inline ushort p2m_atom_shared_cas_b16(threadgroup uint *word, uint upper, ushort cmp,
                                             ushort v)
{
  const uint shift = (upper & 1u) * 16u;
  return ushort(p2m_atom_cas_loop(word, p2m_atom_op_cas_b16{shift, uint(cmp), uint(v)}) >> shift);
}

// --- fences ----------------------------------------------------------------------------------
// membar/fence order all of the thread's memory accesses, so both flags are given; .sc and
// .acq_rel both become seq_cst. Metal's widest scope is the device: .sys acts at device scope
// (Metal makes device memory visible to the CPU only at command-buffer boundaries anyway).
// atomic_thread_fence exists from MSL 3.2 on; for cross-threadgroup visibility Metal also
// wants the device memory accessed as coherent(device), which is the emitter's business.
// Before MSL 3.2, Metal has no fence and no coherence of device memory between threadgroups
// within a dispatch, so no faithful lowering exists: these helpers are then not defined
// (P2M_HAVE_THREAD_FENCE is 0) and the emitter must target MSL 3.2 or report a diagnostic; a
// call would fail to compile rather than run unordered.
// ld.relaxed/.acquire and st.relaxed/.release of 32 bits through a generic address whose state
// space is not known at compile time: a single-copy atomic access in whichever space the
// address falls (abi.h's windows); local memory is private to the thread and needs none.
static inline uint p2m_ld_relaxed_generic_b32(thread p2m_ctx &ctx, ulong a)
{
    if (p2m_is_shared_window(a))
        return atomic_load_explicit(
            reinterpret_cast<threadgroup atomic_uint *>(ctx.smem + uint(a - P2M_SHARED_WINDOW)),
            memory_order_relaxed);
    if (p2m_is_local_window(a))
        return reinterpret_cast<thread p2m_alias<uint> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v;
#ifdef P2M_GENERIC_PARAMS
    if (p2m_is_param_window(a)) // parameters do not change during the launch
        return reinterpret_cast<constant p2m_alias<uint> *>(ctx.params + uint(a - P2M_PARAM_WINDOW))->v;
#endif
    return atomic_load_explicit(reinterpret_cast<device atomic_uint *>(a), memory_order_relaxed);
}

static inline void p2m_st_relaxed_generic_b32(thread p2m_ctx &ctx, ulong a, uint v)
{
    if (p2m_is_shared_window(a))
        atomic_store_explicit(
            reinterpret_cast<threadgroup atomic_uint *>(ctx.smem + uint(a - P2M_SHARED_WINDOW)), v,
            memory_order_relaxed);
    else if (p2m_is_local_window(a))
        reinterpret_cast<thread p2m_alias<uint> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v = v;
    else
        atomic_store_explicit(reinterpret_cast<device atomic_uint *>(a), v, memory_order_relaxed);
}

// The same for the other widths: 8- and 16-bit values are single-copy atomic as plain
// accesses; 64-bit scalars and vectors of up to 16 bytes rely on an aligned access not tearing
// (the emitter's orderedAccess says why). Volatile keeps each one a single access.
template <typename T> static inline T p2m_ld_volatile_generic(thread p2m_ctx &ctx, ulong a)
{
    if (p2m_is_shared_window(a))
        return p2m_volatile_load<T>(
            reinterpret_cast<volatile threadgroup p2m_alias<T> *>(ctx.smem + uint(a - P2M_SHARED_WINDOW)));
    if (p2m_is_local_window(a))
        return reinterpret_cast<thread p2m_alias<T> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v;
#ifdef P2M_GENERIC_PARAMS
    if (p2m_is_param_window(a))
        return reinterpret_cast<constant p2m_alias<T> *>(ctx.params + uint(a - P2M_PARAM_WINDOW))->v;
#endif
    return p2m_volatile_load<T>(reinterpret_cast<volatile P2M_DEVICE_DATA p2m_alias<T> *>(a));
}

template <typename T> static inline void p2m_st_volatile_generic(thread p2m_ctx &ctx, ulong a, T v)
{
    if (p2m_is_shared_window(a))
        p2m_volatile_store(
            reinterpret_cast<volatile threadgroup p2m_alias<T> *>(ctx.smem + uint(a - P2M_SHARED_WINDOW)), v);
    else if (p2m_is_local_window(a))
        reinterpret_cast<thread p2m_alias<T> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v = v;
    else
        p2m_volatile_store(reinterpret_cast<volatile P2M_DEVICE_DATA p2m_alias<T> *>(a), v);
}

#if !defined(__METAL_VERSION__) || __METAL_VERSION__ >= 320
#define P2M_HAVE_THREAD_FENCE 1
// membar.cta / fence{.sc,.acq_rel}.cta
static inline void p2m_fence_cta()
{
  atomic_thread_fence(mem_flags::mem_device | mem_flags::mem_threadgroup, memory_order_seq_cst,
                      thread_scope_threadgroup);
}
// membar.gl / fence{.sc,.acq_rel}.gpu (and .cluster: a cluster is one threadgroup here)
static inline void p2m_fence_gpu()
{
  atomic_thread_fence(mem_flags::mem_device | mem_flags::mem_threadgroup, memory_order_seq_cst,
                      thread_scope_device);
}
// membar.sys / fence{.sc,.acq_rel}.sys: device scope, Metal's widest
static inline void p2m_fence_sys()
{
  atomic_thread_fence(mem_flags::mem_device | mem_flags::mem_threadgroup, memory_order_seq_cst,
                      thread_scope_device);
}

// --- 64-bit atomics through the striped lock table (DESIGN.md) ---------------------------
// Metal has no 64-bit compare-exchange, so every 64-bit atom and red (and st.relaxed/.release
// of 64 bits in global memory) takes the lock of the address's stripe in a table of 32-bit
// words the runtime allocates once per context (module word P2M_MODULE_ATOMIC_LOCKS), reads and
// writes the value as one 64-bit access, and releases the lock. A lane takes and releases the
// lock within one iteration of the loop, so the lanes of a SIMD-group that run in lock step
// never wait for a lane that is waiting for them: the lane that won finishes its critical
// section in the iteration it won, and the others try again in the next one. The lock is
// tested with a load before the exchange (on the host backend a load is where a spinning
// thread lets the others run). Fences (MSL 3.2) give the relaxed lock operations acquire and
// release order. Shared-memory words use the same table, by their offset in the threadgroup
// window: two threadgroups whose words share a stripe only wait for each other, which costs
// time, never correctness.
static inline device atomic_uint *p2m_atom64_lock(thread p2m_ctx &ctx, ulong key)
{
  device atomic_uint *table =
      reinterpret_cast<device atomic_uint *>(p2m_module_word(ctx.module, P2M_MODULE_ATOMIC_LOCKS));
  // Fibonacci hashing of the 8-byte word index: neighbouring words fall in distant stripes.
  return table + uint(((key >> 3) * 0x9E3779B97F4A7C15ul) >> (64u - P2M_ATOMIC_LOCK_BITS));
}

// `word` is a volatile device or threadgroup p2m_alias<ulong> pointer (one template: address
// spaces are not types to every compiler that reads this file). Device words are
// coherent(device): the next holder of the lock may run in another threadgroup.
template <typename Word, typename Op>
static inline ulong p2m_atom64_locked(thread p2m_ctx &ctx, ulong key, Word word, Op op)
{
  device atomic_uint *lock = p2m_atom64_lock(ctx, key);
  ulong old = 0ul;
  for (bool done = false; !done;) {
    uint expected = 0u;
    if (atomic_load_explicit(lock, memory_order_relaxed) == 0u &&
        atomic_compare_exchange_weak_explicit(lock, &expected, 1u, memory_order_relaxed, memory_order_relaxed)) {
      p2m_fence_gpu();
      old = p2m_volatile_load<ulong>(word);
      p2m_volatile_store(word, op.apply(old));
      p2m_fence_gpu();
      atomic_store_explicit(lock, 0u, memory_order_relaxed);
      done = true;
    }
  }
  return old;
}

struct p2m_atom64_op_add { ulong v; ulong apply(ulong x) const { return x + v; } };
struct p2m_atom64_op_min_u64 { ulong v; ulong apply(ulong x) const { return min(x, v); } };
struct p2m_atom64_op_max_u64 { ulong v; ulong apply(ulong x) const { return max(x, v); } };
struct p2m_atom64_op_min_s64 {
  ulong v;
  ulong apply(ulong x) const { return as_type<long>(x) < as_type<long>(v) ? x : v; }
};
struct p2m_atom64_op_max_s64 {
  ulong v;
  ulong apply(ulong x) const { return as_type<long>(x) > as_type<long>(v) ? x : v; }
};
struct p2m_atom64_op_and { ulong v; ulong apply(ulong x) const { return x & v; } };
struct p2m_atom64_op_or { ulong v; ulong apply(ulong x) const { return x | v; } };
struct p2m_atom64_op_xor { ulong v; ulong apply(ulong x) const { return x ^ v; } };
struct p2m_atom64_op_exch { ulong v; ulong apply(ulong) const { return v; } };
struct p2m_atom64_op_cas { ulong cmp, v; ulong apply(ulong x) const { return x == cmp ? v : x; } };

// The helpers the compiler calls: p2m_atom64_{global,shared}_OP_TYPE(ctx, address, operands),
// returning the old value (red ignores it). A global address comes as its ulong value, a shared
// one as a threadgroup pointer (its key is its offset in the window).
static inline ulong p2m_atom64_shared_key(thread p2m_ctx &ctx, threadgroup ulong *p)
{
  return P2M_SHARED_WINDOW + ulong(reinterpret_cast<threadgroup uchar *>(p) - ctx.smem);
}
static inline ulong p2m_atom64_global_add_u64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_add{v});
}
static inline ulong p2m_atom64_shared_add_u64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_add{v});
}
static inline ulong p2m_atom64_global_min_u64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_min_u64{v});
}
static inline ulong p2m_atom64_shared_min_u64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_min_u64{v});
}
static inline ulong p2m_atom64_global_max_u64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_max_u64{v});
}
static inline ulong p2m_atom64_shared_max_u64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_max_u64{v});
}
static inline ulong p2m_atom64_global_min_s64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_min_s64{v});
}
static inline ulong p2m_atom64_shared_min_s64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_min_s64{v});
}
static inline ulong p2m_atom64_global_max_s64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_max_s64{v});
}
static inline ulong p2m_atom64_shared_max_s64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_max_s64{v});
}
static inline ulong p2m_atom64_global_and_b64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_and{v});
}
static inline ulong p2m_atom64_shared_and_b64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_and{v});
}
static inline ulong p2m_atom64_global_or_b64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_or{v});
}
static inline ulong p2m_atom64_shared_or_b64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_or{v});
}
static inline ulong p2m_atom64_global_xor_b64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_xor{v});
}
static inline ulong p2m_atom64_shared_xor_b64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_xor{v});
}
static inline ulong p2m_atom64_global_exch_b64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_exch{v});
}
static inline ulong p2m_atom64_shared_exch_b64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_exch{v});
}

static inline ulong p2m_atom64_global_cas_b64(thread p2m_ctx &ctx, ulong a, ulong cmp, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_cas{cmp, v});
}
static inline ulong p2m_atom64_shared_cas_b64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong cmp, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_cas{cmp, v});
}

// st.relaxed/.release of 64 bits in global and shared memory: through the lock, so that a store
// cannot land between the read and the write of a locked read-modify-write (loads need no lock:
// the locked write is one 64-bit access, which a load sees whole or not at all).
static inline void p2m_st64_locked_global(thread p2m_ctx &ctx, ulong a, ulong v)
{
  p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_exch{v});
}
static inline void p2m_st64_locked_shared(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p),
                    p2m_atom64_op_exch{v});
}
// The same through a generic address: local memory is private to the thread and needs no lock.
static inline void p2m_st64_locked_generic(thread p2m_ctx &ctx, ulong a, ulong v)
{
  if (p2m_is_shared_window(a))
    p2m_st64_locked_shared(ctx, reinterpret_cast<threadgroup ulong *>(ctx.smem + uint(a - P2M_SHARED_WINDOW)), v);
  else if (p2m_is_local_window(a))
    reinterpret_cast<thread p2m_alias<ulong> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v = v;
  else
    p2m_st64_locked_global(ctx, a, v);
}

#if defined(P2M_F64_SUPPORT_H)
// atom.add.f64 / red.add.f64: add.rn.f64 on the bits (fp64.h), subnormals kept, as PTX's.
struct p2m_atom64_op_add_f64 { ulong v; ulong apply(ulong x) const { return p2m_f64_add(x, v, P2M_F64_RN); } };
static inline ulong p2m_atom64_global_add_f64(thread p2m_ctx &ctx, ulong a, ulong v)
{
  return p2m_atom64_locked(ctx, a, reinterpret_cast<volatile coherent(device) device p2m_alias<ulong> *>(a), p2m_atom64_op_add_f64{v});
}
static inline ulong p2m_atom64_shared_add_f64(thread p2m_ctx &ctx, threadgroup ulong *p, ulong v)
{
  return p2m_atom64_locked(ctx, p2m_atom64_shared_key(ctx, p), reinterpret_cast<volatile threadgroup p2m_alias<ulong> *>(p), p2m_atom64_op_add_f64{v});
}
#endif
#else
#define P2M_HAVE_THREAD_FENCE 0
#endif

// --- CTA barriers ----------------------------------------------------------------------------
// bar.sync 0 / barrier.sync 0 / __syncthreads with the whole CTA: a threadgroup barrier that
// also orders threadgroup and device memory, as PTX's barrier does. (Barriers with a thread
// count, and bar.arrive, are the named barriers below.)
static inline void p2m_bar_sync()
{
  threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
}

// bar.red.popc.u32 d, 0, p / barrier.red.popc: the number of threads of the CTA with p true
// (the whole CTA participates). `scratch` is one 32-bit threadgroup word (4 bytes, 4-aligned)
// that the emitter reserves once per kernel and shares between all bar.red of the kernel; it
// needs no initialization. Each thread reads the counter before the first barrier (after
// every add of the previous bar.red, before any add of this one), adds its vote between the
// barriers, and reads again after the second: the difference is this bar.red's count. The
// counter is never reset, so there is nothing for a third barrier to protect.
static inline uint p2m_bar_red_popc(bool p, threadgroup uint *scratch)
{
  threadgroup atomic_uint *counter = p2m_atom_object(scratch);
  const uint before = atomic_load_explicit(counter, memory_order_relaxed);
  threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
  if (p)
    atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);
  threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
  return atomic_load_explicit(counter, memory_order_relaxed) - before;
}

// bar.red.and.pred d, 0, p: p is true in every thread of the CTA (no thread votes false).
static inline bool p2m_bar_red_and(bool p, threadgroup uint *scratch)
{
  return p2m_bar_red_popc(!p, scratch) == 0u;
}

// bar.red.or.pred d, 0, p: p is true in some thread of the CTA.
static inline bool p2m_bar_red_or(bool p, threadgroup uint *scratch)
{
  return p2m_bar_red_popc(p, scratch) != 0u;
}

// --- Named barriers: bar.sync/barrier.sync a, b and bar.arrive a, b ----------------------------
// Metal's threadgroup_barrier always waits for the whole threadgroup, so PTX's barriers 0..15
// with a thread count are built from one threadgroup word each, in the kernel's barrier
// scratch after the bar.red word: the low 16 bits count the warps arrived in the current
// phase, the high 16 bits number the phase. Arrival counts warps, as NVIDIA hardware does (a
// warp arrives once its non-exited threads have executed the barrier, so b/32 warps complete
// it); the warp that completes a phase removes its b/32 arrivals and advances the phase in one
// atomic add, so an early arrival for the next phase is kept. bar.sync waits, bar.arrive does
// not. Waiting warps spin until the phase moves: the lanes read it together through
// simd_broadcast_first, so they leave the loop together, and every round is a point where a
// host backend that runs threads as fibers can run the other warps. The fences give the
// barrier PTX's memory ordering: what a thread wrote before it is visible after it to the
// threads that waited on the same phase.
#define P2M_NAMED_BARRIERS 16u

// The named barriers' words in the kernel's barrier scratch (after the bar.red word).
static inline threadgroup uint *p2m_named_barrier_words(thread p2m_ctx &ctx)
{
  return reinterpret_cast<threadgroup uint *>(ctx.smem + ctx.bar_scratch) + 1;
}

// Before any named barrier, once per threadgroup: no warp has arrived anywhere.
static inline void p2m_named_barriers_init(uint lane, uint warp, threadgroup uint *state)
{
  if (warp == 0u && lane == 0u)
    for (uint i = 0u; i < P2M_NAMED_BARRIERS; ++i)
      atomic_store_explicit(p2m_atom_object(state + i), 0u, memory_order_relaxed);
  threadgroup_barrier(mem_flags::mem_threadgroup);
}

#if P2M_HAVE_THREAD_FENCE
static inline void p2m_bar_named(uint id, uint threads, bool wait, threadgroup uint *state)
{
  threadgroup atomic_uint *word = p2m_atom_object(state + (id & (P2M_NAMED_BARRIERS - 1u)));
  const uint warps = threads / 32u;
  p2m_fence_cta();
  uint phase = 0u;
  if (simd_is_first()) {
    const uint before = atomic_fetch_add_explicit(word, 1u, memory_order_relaxed);
    phase = before >> 16;
    if ((before & 0xFFFFu) + 1u == warps)
      atomic_fetch_add_explicit(word, 0x10000u - warps, memory_order_relaxed);
  }
  if (wait) {
    phase = simd_broadcast_first(phase);
    while ((simd_broadcast_first(atomic_load_explicit(word, memory_order_relaxed)) >> 16) == phase) {
    }
  }
  p2m_fence_cta();
}

// bar.red.OP d, a, b, p: the reduction over the b threads of named barrier a, with the
// counter of barrier a (after the barrier words) and p2m_bar_red_popc's scheme: read before
// the barrier, vote between two phases of it, read after; no reset.
static inline uint p2m_bar_red_named_popc(uint id, uint threads, bool p, threadgroup uint *state)
{
  threadgroup atomic_uint *counter = p2m_atom_object(state + P2M_NAMED_BARRIERS + (id & (P2M_NAMED_BARRIERS - 1u)));
  const uint before = atomic_load_explicit(counter, memory_order_relaxed);
  p2m_bar_named(id, threads, true, state);
  if (p)
    atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);
  p2m_bar_named(id, threads, true, state);
  return atomic_load_explicit(counter, memory_order_relaxed) - before;
}

static inline bool p2m_bar_red_named_and(uint id, uint threads, bool p, threadgroup uint *state)
{
  return p2m_bar_red_named_popc(id, threads, !p, state) == 0u;
}

static inline bool p2m_bar_red_named_or(uint id, uint threads, bool p, threadgroup uint *state)
{
  return p2m_bar_red_named_popc(id, threads, p, state) != 0u;
}
#endif

// --- mbarrier objects ------------------------------------------------------------------------
// An mbarrier object (8 bytes of shared memory) holds, as one 64-bit value S over its two words
// (S = word0 | word1 << 32), the PTX ISA's state: the arrivals of the current phase (bits 0-19;
// the pending arrival count is expected - arrivals), the tx-count (bits 20-40, two's
// complement: the ISA's range is -(2^20 - 1) .. 2^20 - 1), the expected arrival count (bits
// 41-60; counts are below 2^20), a lock bit (61) and the phase number (bits 62-63: a state
// token comes from the current or the immediately preceding phase, and a parity wait needs
// one bit). That fills the 64 bits, so the fields cannot all be changed by one 32-bit atomic:
// every update takes the lock bit in word1, reads S, writes word0 and then word1 with the lock
// clear, inside one loop iteration (as the 64-bit atomics' lock table does, so lock-step
// SIMD-groups cannot deadlock). A phase completes when its pending arrivals and its tx-count
// are both zero (the ISA's rule); the update that makes them so clears the arrivals and
// advances the phase in the same critical section. An arrive returns the state before it: the
// phase (bits 0-1) and the arrivals still pending (bits 32-51). Waits read the phase word
// without the lock, each thread for itself. The fences give arrive its release and the waits
// their acquire semantics at CTA scope.
#define P2M_MBAR_TX_SHIFT 20u
#define P2M_MBAR_EXPECTED_SHIFT 41u
#define P2M_MBAR_LOCK (1u << 29)
#define P2M_MBAR_PHASE_SHIFT 30u

static inline void p2m_mbarrier_init(threadgroup uint *bar, uint count)
{
  const ulong s = ulong(count & 0xFFFFFu) << P2M_MBAR_EXPECTED_SHIFT;
  atomic_store_explicit(p2m_atom_object(bar), uint(s), memory_order_relaxed);
  atomic_store_explicit(p2m_atom_object(bar + 1), uint(s >> 32), memory_order_relaxed);
}

static inline uint p2m_mbarrier_pending_count(ulong state) { return uint(state >> 32); }

#if P2M_HAVE_THREAD_FENCE
// Under the object's lock: `arrivals` more arrivals, the expected count lowered by `drop` (for
// this phase and the next), the tx-count raised by `tx` (negative for complete-tx); completes
// the phase when nothing is pending any more. Returns the state token of the phase before.
static inline ulong p2m_mbarrier_update(threadgroup uint *bar, uint arrivals, uint drop, int tx)
{
  p2m_fence_cta();
  ulong token = 0ul;
  bool done = false;
  while (!done) {
    // Test, then test-and-set: the plain load is where a host backend running threads as fibers
    // lets the lock's holder go on; inside the critical section only read-modify-writes (no
    // load) so that the holder does not give way there.
    if ((atomic_load_explicit(p2m_atom_object(bar + 1), memory_order_relaxed) & P2M_MBAR_LOCK) != 0u)
      continue;
    const uint hi = atomic_fetch_or_explicit(p2m_atom_object(bar + 1), P2M_MBAR_LOCK, memory_order_relaxed);
    if ((hi & P2M_MBAR_LOCK) == 0u) {
      p2m_fence_cta();
      const ulong s = ulong(atomic_fetch_or_explicit(p2m_atom_object(bar), 0u, memory_order_relaxed)) | (ulong(hi) << 32);
      uint arrived = uint(s) & 0xFFFFFu;
      uint expected = uint(s >> P2M_MBAR_EXPECTED_SHIFT) & 0xFFFFFu;
      int count = int(uint(s >> P2M_MBAR_TX_SHIFT) << 11) >> 11; // 21-bit two's complement
      uint phase = uint(s >> 62);
      token = ulong(phase) | (ulong((expected - arrived) & 0xFFFFFu) << 32);
      arrived += arrivals;
      expected -= drop;
      count += tx;
      if (arrived == expected && count == 0) {
        arrived = 0u;
        phase = (phase + 1u) & 3u;
      }
      const ulong t = ulong(arrived & 0xFFFFFu) | (ulong(uint(count) & 0x1FFFFFu) << P2M_MBAR_TX_SHIFT) |
                      (ulong(expected & 0xFFFFFu) << P2M_MBAR_EXPECTED_SHIFT) | (ulong(phase) << 62);
      atomic_store_explicit(p2m_atom_object(bar), uint(t), memory_order_relaxed);
      p2m_fence_cta();
      atomic_store_explicit(p2m_atom_object(bar + 1), uint(t >> 32), memory_order_relaxed);
      done = true;
    }
  }
  return token;
}

// mbarrier.arrive [bar], count (cp.async.mbarrier.arrive.noinc: count 1)
static inline ulong p2m_mbarrier_arrive(threadgroup uint *bar, uint count)
{
  return p2m_mbarrier_update(bar, count, 0u, 0);
}

// mbarrier.arrive.expect_tx [bar], tx, count: expect-tx, then arrive-on.
static inline ulong p2m_mbarrier_arrive_expect_tx(threadgroup uint *bar, uint tx, uint count)
{
  return p2m_mbarrier_update(bar, count, 0u, int(tx));
}

// mbarrier.expect_tx [bar], tx
static inline void p2m_mbarrier_expect_tx(threadgroup uint *bar, uint tx)
{
  p2m_mbarrier_update(bar, 0u, 0u, int(tx));
}

// mbarrier.complete_tx [bar], tx, and the complete-tx of cp.async.bulk's mbarrier.
static inline void p2m_mbarrier_complete_tx(threadgroup uint *bar, uint tx)
{
  p2m_mbarrier_update(bar, 0u, 0u, -int(tx));
}

// mbarrier.arrive_drop [bar], count: the expected count of this phase and the next ones drops
// by count, which is this phase's arrive-on as well (pending = expected - arrivals).
static inline ulong p2m_mbarrier_arrive_drop(threadgroup uint *bar, uint count)
{
  return p2m_mbarrier_update(bar, 0u, count, 0);
}

// The current phase number (2 bits). Each thread reads the word itself: the waiting lanes of a
// SIMD-group need not be the lanes that run together (a lane that took the lock in an arrive runs
// ahead of the others), so this is no place for SIMD-group operations. On an NVIDIA GPU, where
// tests/gpu runs this code, a broadcast from the first active lane here made lanes pass their
// wait too early or never (docs/gpu-results.md, 2026-12-06). The atomic load is where a host
// backend running threads as fibers lets the others run.
static inline uint p2m_mbarrier_phase(threadgroup uint *bar)
{
  return atomic_load_explicit(p2m_atom_object(bar + 1), memory_order_relaxed) >> P2M_MBAR_PHASE_SHIFT;
}

// mbarrier.test_wait/try_wait p, [bar], state: the phase of `state` has completed.
static inline bool p2m_mbarrier_test_wait(threadgroup uint *bar, ulong state)
{
  const bool done = ((p2m_mbarrier_phase(bar) ^ uint(state)) & 3u) != 0u;
  p2m_fence_cta();
  return done;
}

// mbarrier.test_wait/try_wait.parity p, [bar], parity: the phase of that parity, the current
// or the one before it, has completed.
static inline bool p2m_mbarrier_test_wait_parity(threadgroup uint *bar, uint parity)
{
  const bool done = ((p2m_mbarrier_phase(bar) ^ parity) & 1u) != 0u;
  p2m_fence_cta();
  return done;
}
#endif

#endif // P2M_ATOMIC_OPS_H

// The kernel ABI's MSL side (DESIGN.md): the builtins a kernel body receives, the context its
// functions share, the module buffer's words, the generic-address windows of shared and local
// memory, and the window of function addresses. Pasted into every generated file.
#ifndef P2M_ABI_H
#define P2M_ABI_H
#include "kernel_abi.h"

struct p2m_builtins {
  uint3 tid;    // %tid
  uint3 ntid;   // %ntid
  uint3 ctaid;  // %ctaid
  uint3 nctaid; // %nctaid
  uint lane;    // %laneid
  uint warp;    // %warpid: the SIMD-group index
  uint nwarp;   // %nwarpid
  uint dynamic_smem; // %dynamic_smem_size (bytes)
};

// Alias-safe memory access (docs/alias-safe-memory.md). PTX memory is untyped: nvcc fills a
// float table with st.u32 and reads it with ld.f32, a local frame (ulong p2m_lmem[]) holds every
// type, and so does device memory. Clang, and Apple's Metal compiler that is one, does
// type-based alias analysis: an access through `T *` is assumed not to touch memory accessed as
// another type, so stores of one type are reordered past, or deleted before, loads of another.
// Every plain access therefore names the memory as this union's member: Clang gives an access
// to a union member the "may alias" TBAA of char (CodeGenFunction::EmitLValueForField), so it is
// ordered against accesses of every type, and it stays one load or store of T at T's alignment.
// Checked with clang-19 -O2 -emit-llvm on generated files: such accesses carry only
// "omnipotent char" tags.
template <typename T> union p2m_alias {
  T v;
};
// The `T` at address `p` of address space `space`, as such a member: the spelling of every plain
// load (`x = P2M_MEM(device, float, rd4);`) and store (`P2M_MEM(threadgroup, uint, ctx.smem + r2) = x;`).
#define P2M_MEM(space, T, p) (reinterpret_cast<space p2m_alias<T> *>(p)->v)

struct p2m_ctx {
  constant uchar *params;
  constant uchar *module;
  threadgroup uchar *smem;
  thread uchar *lmem;
  p2m_builtins b;
  uint dynamic_smem_offset; // where the dynamic shared area starts in smem
  uint static_smem;         // static shared bytes of the kernel
  uint bar_scratch;         // offset of the word bar.red counts in
  ulong clock;              // the %clock/%globaltimer stand-in: strictly increasing per thread
  bool ended;               // the thread trapped or exited: callers of the function that did return too
};

static inline ulong p2m_module_word(constant uchar *module, uint index)
{
    return reinterpret_cast<constant p2m_alias<ulong> *>(module)[index].v;
}

// The dynamic shared-memory size: the first of the launch words.
static inline uint p2m_launch_dynamic_smem(constant uchar *params, uint param_bytes)
{
    uint at = (param_bytes + (P2M_LAUNCH_WORDS_ALIGN - 1u)) & ~(P2M_LAUNCH_WORDS_ALIGN - 1u);
    return reinterpret_cast<constant p2m_alias<uint> *>(params + at)->v;
}

// A trap: the thread ends and the launch fails, with CUDA_ERROR_LAUNCH_FAILED or, given one of
// kernel_abi.h's other status bits, that bit's error (a surface or tensor copy fault).
static inline void p2m_trap(thread p2m_ctx &ctx, uint status_bit = 0u)
{
    device atomic_uint *status =
        reinterpret_cast<device atomic_uint *>(p2m_module_word(ctx.module, P2M_MODULE_STATUS));
    atomic_fetch_or_explicit(status, P2M_STATUS_TRAP | status_bit, memory_order_relaxed);
    ctx.ended = true;
}

// NVIDIA's f32 arithmetic returns the canonical NaN 0x7FFFFFFF whatever the inputs' payloads
// (measured on the H200, docs/gpu-facts.md); IEEE hardware may propagate a payload instead.
static inline float p2m_canon_f32(float x) { return isnan(x) ? as_type<float>(0x7FFFFFFFu) : x; }

static inline bool p2m_is_shared_window(ulong a) { return a - P2M_SHARED_WINDOW < P2M_WINDOW_SIZE; }
static inline bool p2m_is_local_window(ulong a) { return a - P2M_LOCAL_WINDOW < P2M_WINDOW_SIZE; }
static inline bool p2m_is_param_window(ulong a) { return a - P2M_PARAM_WINDOW < P2M_WINDOW_SIZE; }

// Device memory as the support headers' plain and volatile accesses name it: coherent(device)
// where the module orders device memory between threadgroups (the emitter then defines
// P2M_COHERENT_DEVICE, from MSL 3.2 on; docs/apple-compiler.md, "Coherence"), else device.
#if defined(P2M_COHERENT_DEVICE)
#define P2M_DEVICE_DATA coherent(device) device
#else
#define P2M_DEVICE_DATA device
#endif

// A generic load or store whose state space is not known at compile time: dispatch on the
// windows (DESIGN.md: "never assume").
template <typename T> static inline T p2m_ld_generic(thread p2m_ctx &ctx, ulong a)
{
    if (p2m_is_shared_window(a))
        return reinterpret_cast<threadgroup p2m_alias<T> *>(ctx.smem + uint(a - P2M_SHARED_WINDOW))->v;
    if (p2m_is_local_window(a))
        return reinterpret_cast<thread p2m_alias<T> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v;
#ifdef P2M_GENERIC_PARAMS
    if (p2m_is_param_window(a))
        return reinterpret_cast<constant p2m_alias<T> *>(ctx.params + uint(a - P2M_PARAM_WINDOW))->v;
#endif
    return reinterpret_cast<P2M_DEVICE_DATA p2m_alias<T> *>(a)->v;
}

template <typename T> static inline void p2m_st_generic(thread p2m_ctx &ctx, ulong a, T v)
{
    if (p2m_is_shared_window(a))
        reinterpret_cast<threadgroup p2m_alias<T> *>(ctx.smem + uint(a - P2M_SHARED_WINDOW))->v = v;
    else if (p2m_is_local_window(a))
        reinterpret_cast<thread p2m_alias<T> *>(ctx.lmem + uint(a - P2M_LOCAL_WINDOW))->v = v;
    else
        reinterpret_cast<P2M_DEVICE_DATA p2m_alias<T> *>(a)->v = v;
}

// One volatile access of a whole value of type T through a pointer P of any address space; for
// a vector, one access of the whole vector (the ordered vector ld/st, which must not tear).
// Functions rather than expressions so that a target whose vector types have no volatile copy
// or assignment (CUDA's, in tests/gpu) can define P2M_HAVE_VOLATILE_ACCESS and supply its own.
#ifndef P2M_HAVE_VOLATILE_ACCESS
// P points at a p2m_alias<T> (the alias-safe form above).
template <typename T, typename P> static inline T p2m_volatile_load(P p)
{
    return p->v;
}

template <typename T, typename P> static inline void p2m_volatile_store(P p, T v)
{
    p->v = v;
}
#endif

// cp.async done synchronously: copy `src_size` bytes, zero-fill up to `size` (PTX cp.async with
// src-size). The group operations then have nothing left to wait for.
static inline void p2m_cp_async_shared_global(threadgroup uchar *dst, ulong src, uint size,
                                              uint src_size)
{
    device const uchar *s = reinterpret_cast<device const uchar *>(src);
    for (uint i = 0; i < size; ++i)
        dst[i] = i < src_size ? s[i] : uchar(0);
}

// cp.async.bulk.global.shared::cta [dst], [src], size: done at issue, like the copies above.
static inline void p2m_cp_async_bulk_global_shared(ulong dst, threadgroup const uchar *src, uint size)
{
    device uchar *d = reinterpret_cast<device uchar *>(dst);
    for (uint i = 0; i < size; ++i)
        d[i] = src[i];
}

// cp.async.bulk.shared::cluster.shared::cta [dst], [src], size with dst in the own CTA (a
// launch here is a cluster of one).
static inline void p2m_cp_async_bulk_shared_shared(threadgroup uchar *dst, threadgroup const uchar *src, uint size)
{
    for (uint i = 0; i < size; ++i)
        dst[i] = src[i];
}

#endif

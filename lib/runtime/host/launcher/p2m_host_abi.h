// p2m_host_abi.h: the plain-C contract between the host backend (lib/runtime/host) and the
// shared objects it builds from generated MSL.
//
// The backend compiles each MSL program together with a generated launcher translation unit
// into a shared object. The two sides meet only through the structs below:
//   * the backend calls `p2m_host_install(runtime)` once after dlopen, handing the object the
//     function table through which its SIMD-group functions and barriers reach the scheduler
//     (so the object needs no symbol from the process that loads it: this works the same in a
//     static test executable and inside libcuda.so.1);
//   * each kernel has an entry `p2m_entry_<msl name>(thread)` that runs one thread's body.
// This header is embedded into the backend at build time and written into the compile cache
// next to the metal_stdlib headers; the launcher includes it *before* the generated MSL
// (metal_stdlib turns `device`, `constant`, `thread`, ... into macros). Its C++ part, at the
// end, takes the hooks the generated MSL's support headers leave for targets (bar.warp.sync
// and volatile accesses) and gives them the host scheduler's behaviour.
#ifndef P2M_HOST_ABI_H
#define P2M_HOST_ABI_H

#define P2M_HOST_ABI_VERSION 3u

#ifdef __cplusplus
extern "C" {
#endif

// One thread of a dispatch, as the backend describes it to a kernel entry.
struct p2m_host_thread {
  const unsigned char *params; // buffer 0
  const unsigned char *module; // buffer 1
  unsigned char *smem;         // the threadgroup window
  unsigned tid[3], ntid[3], ctaid[3], nctaid[3];
  unsigned lane, warp, nwarp;
  unsigned dynamic_smem;       // the u32 the runtime put after the parameter block
  // Written by the entry: its own frame address. The scheduler walks frame records from a
  // meeting point up to here to tell call sites apart (the object is built with frame pointers).
  void *base_frame;
};

// What the lanes that met at one SIMD-group function see once the group is resolved: which
// lanes are active and the 16-byte value each of them contributed (inactive slots are zero).
struct p2m_simd_exchange {
  unsigned long long active;
  unsigned char slots[32][16];
};

// The scheduler's entry points. `frame` is the caller's __builtin_frame_address(0).
struct p2m_host_runtime {
  unsigned version; // P2M_HOST_ABI_VERSION
  // A SIMD-group meeting point: blocks the calling fiber until its group is resolved; returns
  // the exchange (valid until the calling lane meets again) and the caller's lane.
  const struct p2m_simd_exchange *(*meet_simd)(void *frame, const void *data, unsigned size,
                                               unsigned *lane);
  // threadgroup_barrier: blocks until every unfinished thread of the threadgroup waits at it.
  void (*meet_barrier)(void *frame);
  // Lets the other threads of the threadgroup run before the calling one goes on: a thread
  // that spins on a flag another warp sets (an atomic load in a loop) must not keep the OS
  // thread, which runs them all, to itself. Not a meeting point.
  void (*yield)(void);
  // bar.warp.sync: a SIMD-group meeting point that waits, beyond the lanes at the same call,
  // for every unfinished lane of `mask` to reach a bar.warp.sync (any one) before resolving.
  void (*meet_warp_sync)(void *frame, unsigned mask);
};

#ifdef __cplusplus
}

// PTX's bar.warp.sync waits for the lanes of its mask. Metal's simdgroup_barrier, warp_ops.h's
// default, leaves that to SIMD-groups that reconverge; the host's meetings release the lanes
// at one call site at a time, so it takes warp_ops.h's hook and honours the mask itself
// (defined in p2m_host_simdgroup.h). Lanes that diverged inside __syncwarp-style code (some at
// a shuffle, the rest already at the barrier) then meet as they do on a GPU.
#define P2M_HAVE_BAR_WARP_SYNC 1
void p2m_bar_warp_sync(unsigned mask);

// abi.h's volatile accesses (its P2M_HAVE_VOLATILE_ACCESS hook). A volatile load is where a
// thread may spin on a flag that another warp of its threadgroup sets (ld.volatile in a loop),
// so, like an atomic load (metal_atomic), it is a spin point: every 64th lets the others run.
namespace p2m_host {
__attribute__((weak)) void spin_point();
} // namespace p2m_host
// P points at abi.h's alias-safe p2m_alias<T>.
#define P2M_HAVE_VOLATILE_ACCESS 1
template <typename T, typename P> static inline T p2m_volatile_load(P p)
{
  T v = p->v;
  if (p2m_host::spin_point)
    p2m_host::spin_point();
  return v;
}
template <typename T, typename P> static inline void p2m_volatile_store(P p, T v)
{
  p->v = v;
}
#endif

#endif // P2M_HOST_ABI_H

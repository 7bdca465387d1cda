// p2m_host_simdgroup.h: the definitions behind metal_compute's barriers and metal_simdgroup's
// SIMD-group functions, compiled into every shared object the host backend builds.
//
// Each function is a meeting point: it hands its value to the backend's scheduler
// (p2m_host_abi.h), which blocks the calling fiber until the group of lanes that met at the
// same call site is resolved, and then returns every active lane's value. The result is
// computed here, per lane, in the element type (so half and char arithmetic is the MSL type's,
// with the compile flags of generated code). Reductions and scans combine the active lanes in
// lane order, so every lane computes the same value. Reading an inactive lane (undefined in
// Metal) yields zero.
//
// Included by the generated launcher after the generated MSL (it needs metal_stdlib's types);
// the launcher is compiled with -fno-omit-frame-pointer so that p2m_host_meet's frame record
// chain identifies the call site.
#ifndef P2M_HOST_SIMDGROUP_H
#define P2M_HOST_SIMDGROUP_H

static const struct p2m_host_runtime *p2m_host_rt;

extern "C" __attribute__((visibility("default"))) unsigned
p2m_host_install(const struct p2m_host_runtime *runtime)
{
  p2m_host_rt = runtime;
  return P2M_HOST_ABI_VERSION;
}

namespace p2m_host {
// Never inlined and never a tail call: its frame record's return address is the call site.
__attribute__((noinline, disable_tail_calls)) static const p2m_simd_exchange *
meet(const void *data, unsigned size, unsigned *lane)
{
  return p2m_host_rt->meet_simd(__builtin_frame_address(0), data, size, lane);
}

__attribute__((noinline, disable_tail_calls)) static void meet_barrier()
{
  p2m_host_rt->meet_barrier(__builtin_frame_address(0));
}

__attribute__((noinline, disable_tail_calls)) static void meet_warp_sync(unsigned mask)
{
  p2m_host_rt->meet_warp_sync(__builtin_frame_address(0), mask);
}

// metal_atomic's loads call this: every 64th atomic load of the OS thread lets the other
// threads of the threadgroup run (p2m_host_abi.h's yield), so that a thread spinning on a
// flag that another warp sets sees it set.
void spin_point()
{
  static thread_local unsigned loads = 0;
  if ((++loads & 63u) == 0u)
    p2m_host_rt->yield();
}

// The lanes that met, seen with element type T.
template <typename T> struct Lanes {
  const p2m_simd_exchange *exchange;
  unsigned lane;

  T at(unsigned i) const
  {
    T v;
    __builtin_memcpy(&v, exchange->slots[i], sizeof(T));
    return v;
  }
  bool active(unsigned i) const { return i < 32u && ((exchange->active >> i) & 1u) != 0u; }
  unsigned first() const { return unsigned(__builtin_ctzll(exchange->active)); }
  // `data` of lane `i`; out-of-range or inactive lanes read zero (inactive) or own data.
  T from(unsigned i, T own) const { return i < 32u ? at(i) : own; }

  // op over the active lanes with index < end, in lane order; `identity` when there are none.
  template <typename Op> T fold(unsigned end, T identity, Op op) const
  {
    bool any = false;
    T acc = identity;
    for (unsigned i = 0; i < end && i < 32u; ++i) {
      if (!active(i))
        continue;
      acc = any ? T(op(acc, at(i))) : at(i);
      any = true;
    }
    return acc;
  }
};

template <typename T> static Lanes<T> meet_with(T data)
{
  unsigned lane = 0;
  const p2m_simd_exchange *exchange = meet(&data, sizeof(T), &lane);
  return Lanes<T>{exchange, lane};
}

static inline metal::ulong active_mask()
{
  unsigned lane = 0;
  return meet(nullptr, 0, &lane)->active;
}
} // namespace p2m_host

// warp_ops.h's hook (declared in p2m_host_abi.h): bar.warp.sync with its mask.
void p2m_bar_warp_sync(unsigned mask)
{
  p2m_host::meet_warp_sync(mask);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

namespace metal {
void threadgroup_barrier(mem_flags)
{
  p2m_host::meet_barrier();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void simdgroup_barrier(mem_flags)
{
  p2m_host::active_mask();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

bool simd_vote::all() const
{
  const ulong mask = p2m_host::active_mask();
  return (bits_ & mask) == mask;
}

simd_vote simd_ballot(bool pred)
{
  const p2m_host::Lanes<bool> l = p2m_host::meet_with(pred);
  ulong bits = 0;
  for (unsigned i = 0; i < 32u; ++i)
    if (l.active(i) && l.at(i))
      bits |= 1ul << i;
  return simd_vote(bits);
}

simd_vote simd_active_threads_mask() { return simd_vote(p2m_host::active_mask()); }

bool simd_all(bool pred)
{
  const p2m_host::Lanes<bool> l = p2m_host::meet_with(pred);
  for (unsigned i = 0; i < 32u; ++i)
    if (l.active(i) && !l.at(i))
      return false;
  return true;
}

bool simd_any(bool pred)
{
  const p2m_host::Lanes<bool> l = p2m_host::meet_with(pred);
  for (unsigned i = 0; i < 32u; ++i)
    if (l.active(i) && l.at(i))
      return true;
  return false;
}

bool simd_is_first()
{
  unsigned lane = 0;
  const p2m_simd_exchange *exchange = p2m_host::meet(nullptr, 0, &lane);
  return lane == unsigned(__builtin_ctzll(exchange->active));
}

#define P2M_HOST_SIMD_MOVE(T)                                                               \
  T simd_shuffle(T data, ushort simd_lane_id)                                               \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.from(simd_lane_id, data);                                                      \
  }                                                                                         \
  T simd_shuffle_up(T data, ushort delta)                                                   \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return delta <= l.lane ? l.at(l.lane - delta) : data;                                   \
  }                                                                                         \
  T simd_shuffle_down(T data, ushort delta)                                                 \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.from(l.lane + delta, data);                                                    \
  }                                                                                         \
  T simd_shuffle_xor(T data, ushort mask)                                                   \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.from(l.lane ^ mask, data);                                                     \
  }                                                                                         \
  T simd_broadcast(T data, ushort broadcast_lane_id)                                        \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.from(broadcast_lane_id, data);                                                 \
  }                                                                                         \
  T simd_broadcast_first(T data)                                                            \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.at(l.first());                                                                 \
  }                                                                                         \
  T simd_sum(T data)                                                                        \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(0), [](T a, T b) { return a + b; });       \
  }                                                                                         \
  T simd_product(T data)                                                                    \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(1), [](T a, T b) { return a * b; });       \
  }                                                                                         \
  T simd_min(T data)                                                                        \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(0), [](T a, T b) { return min(a, b); });   \
  }                                                                                         \
  T simd_max(T data)                                                                        \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(0), [](T a, T b) { return max(a, b); });   \
  }                                                                                         \
  T simd_prefix_inclusive_sum(T data)                                                       \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.fold(l.lane + 1u, T(0), [](T a, T b) { return a + b; });                       \
  }                                                                                         \
  T simd_prefix_exclusive_sum(T data)                                                       \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.fold(l.lane, T(0), [](T a, T b) { return a + b; });                            \
  }                                                                                         \
  T simd_prefix_inclusive_product(T data)                                                   \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.fold(l.lane + 1u, T(1), [](T a, T b) { return a * b; });                       \
  }                                                                                         \
  T simd_prefix_exclusive_product(T data)                                                   \
  {                                                                                         \
    const p2m_host::Lanes<T> l = p2m_host::meet_with(data);                                 \
    return l.fold(l.lane, T(1), [](T a, T b) { return a * b; });                            \
  }
#define P2M_HOST_SIMD_BITWISE(T)                                                            \
  T simd_and(T data)                                                                        \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(0), [](T a, T b) { return a & b; });       \
  }                                                                                         \
  T simd_or(T data)                                                                         \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(0), [](T a, T b) { return a | b; });       \
  }                                                                                         \
  T simd_xor(T data)                                                                        \
  {                                                                                         \
    return p2m_host::meet_with(data).fold(32u, T(0), [](T a, T b) { return a ^ b; });       \
  }
#define P2M_HOST_SIMD_FLOAT_TYPE(T)                                                         \
  P2M_HOST_SIMD_MOVE(T) P2M_HOST_SIMD_MOVE(T##2) P2M_HOST_SIMD_MOVE(T##3)                   \
  P2M_HOST_SIMD_MOVE(T##4)
#define P2M_HOST_SIMD_INT_TYPE(T)                                                           \
  P2M_HOST_SIMD_FLOAT_TYPE(T)                                                               \
  P2M_HOST_SIMD_BITWISE(T) P2M_HOST_SIMD_BITWISE(T##2) P2M_HOST_SIMD_BITWISE(T##3)          \
  P2M_HOST_SIMD_BITWISE(T##4)
P2M_HOST_SIMD_INT_TYPE(char)
P2M_HOST_SIMD_INT_TYPE(uchar)
P2M_HOST_SIMD_INT_TYPE(short)
P2M_HOST_SIMD_INT_TYPE(ushort)
P2M_HOST_SIMD_INT_TYPE(int)
P2M_HOST_SIMD_INT_TYPE(uint)
P2M_HOST_SIMD_FLOAT_TYPE(half)
P2M_HOST_SIMD_FLOAT_TYPE(float)
#undef P2M_HOST_SIMD_INT_TYPE
#undef P2M_HOST_SIMD_FLOAT_TYPE
#undef P2M_HOST_SIMD_BITWISE
#undef P2M_HOST_SIMD_MOVE
} // namespace metal

#endif // P2M_HOST_SIMDGROUP_H

// The helpers compiled as MSL is compiled by the host backend (C++17 against the host
// metal_stdlib), behind the plain-C++ functions of Kernels.h. No system header may follow
// metal_stdlib: it defines device, constant, thread, threadgroup and kernel as macros.
#include "Kernels.h"

#include "metal_stdlib"
using namespace metal;
#include "abi.h" // always pasted first (the generic-address helpers use its windows)
// As on the host backend (p2m_host_abi.h): the simulator's lanes are threads, not lanes in lock
// step, so bar.warp.sync is a meeting of the live lanes (SimdSimMetal.cpp), not warp_ops.h's
// Metal form (from MSL 3.2 a SIMD-group fence, which relies on Apple's lock step).
#define P2M_HAVE_BAR_WARP_SYNC 1
void p2m_bar_warp_sync(uint mask);
#include "warp_ops.h"
#include "atomic_ops.h"

namespace p2m::mslwarp::test {
namespace {

// The host runtime's view of host memory in each address space (C-style casts: Clang allows
// them between address spaces, MSL does not).
template <typename T>
device T *asDevice(void *p)
{
  return (device T *)p;
}
template <typename T>
threadgroup T *asThreadgroup(void *p)
{
  return (threadgroup T *)p;
}

} // namespace

// --- warp_ops.h --------------------------------------------------------------------------------

uint shflSourceLane(ShflMode mode, uint lane, uint b, uint c, bool &inRange)
{
  switch (mode) {
  case ShflMode::Up:
    return p2m_shfl_src_lane_up(lane, b, c, inRange);
  case ShflMode::Down:
    return p2m_shfl_src_lane_down(lane, b, c, inRange);
  case ShflMode::Bfly:
    return p2m_shfl_src_lane_bfly(lane, b, c, inRange);
  case ShflMode::Idx:
    break;
  }
  return p2m_shfl_src_lane_idx(lane, b, c, inRange);
}

uint shflSync(ShflMode mode, uint value, uint b, uint c, uint mask, uint lane, bool &pred)
{
  switch (mode) {
  case ShflMode::Up:
    return p2m_shfl_sync_up_b32(value, b, c, mask, lane, pred);
  case ShflMode::Down:
    return p2m_shfl_sync_down_b32(value, b, c, mask, lane, pred);
  case ShflMode::Bfly:
    return p2m_shfl_sync_bfly_b32(value, b, c, mask, lane, pred);
  case ShflMode::Idx:
    break;
  }
  return p2m_shfl_sync_idx_b32(value, b, c, mask, lane, pred);
}

uint shflSyncNoPred(ShflMode mode, uint value, uint b, uint c, uint mask, uint lane)
{
  switch (mode) {
  case ShflMode::Up:
    return p2m_shfl_sync_up_b32_nopred(value, b, c, mask, lane);
  case ShflMode::Down:
    return p2m_shfl_sync_down_b32_nopred(value, b, c, mask, lane);
  case ShflMode::Bfly:
    return p2m_shfl_sync_bfly_b32_nopred(value, b, c, mask, lane);
  case ShflMode::Idx:
    break;
  }
  return p2m_shfl_sync_idx_b32_nopred(value, b, c, mask, lane);
}

uint activemask()
{
  return p2m_activemask();
}
uint voteBallot(bool p, uint mask)
{
  return p2m_vote_ballot_sync_b32(p, mask);
}
bool voteAll(bool p, uint mask)
{
  return p2m_vote_all_sync(p, mask);
}
bool voteAny(bool p, uint mask)
{
  return p2m_vote_any_sync(p, mask);
}
bool voteUni(bool p, uint mask)
{
  return p2m_vote_uni_sync(p, mask);
}

uint redux(ReduxOp op, uint value, uint mask)
{
  switch (op) {
  case ReduxOp::AddU32:
    return p2m_redux_sync_add_u32(value, mask);
  case ReduxOp::AddS32:
    return as_type<uint>(p2m_redux_sync_add_s32(as_type<int>(value), mask));
  case ReduxOp::MinU32:
    return p2m_redux_sync_min_u32(value, mask);
  case ReduxOp::MinS32:
    return as_type<uint>(p2m_redux_sync_min_s32(as_type<int>(value), mask));
  case ReduxOp::MaxU32:
    return p2m_redux_sync_max_u32(value, mask);
  case ReduxOp::MaxS32:
    return as_type<uint>(p2m_redux_sync_max_s32(as_type<int>(value), mask));
  case ReduxOp::And:
    return p2m_redux_sync_and_b32(value, mask);
  case ReduxOp::Or:
    return p2m_redux_sync_or_b32(value, mask);
  case ReduxOp::Xor:
    break;
  }
  return p2m_redux_sync_xor_b32(value, mask);
}

uint matchAnyB32(uint value, uint mask, uint lane)
{
  return p2m_match_any_sync_b32(value, mask, lane);
}
uint matchAnyB64(std::uint64_t value, uint mask, uint lane)
{
  return p2m_match_any_sync_b64(value, mask, lane);
}
uint matchAllB32(uint value, uint mask, bool &pred)
{
  return p2m_match_all_sync_b32(value, mask, pred);
}
uint matchAllB64(std::uint64_t value, uint mask, bool &pred)
{
  return p2m_match_all_sync_b64(value, mask, pred);
}

void barWarpSync(uint mask)
{
  p2m_bar_warp_sync(mask);
}

// --- atomic_ops.h: exact additions ---------------------------------------------------------------

uint f32AddRn(uint a, uint b)
{
  return p2m_atom_f32_add_rn_bits(a, b);
}
uint f32AddFtz(uint a, uint b)
{
  return p2m_atom_f32_add_ftz_bits(a, b);
}
uint f16ToF32(ushort h)
{
  return p2m_atom_f16_to_f32_bits(h);
}
ushort f32ToF16(uint x)
{
  return ushort(p2m_atom_f32_to_f16_rn_bits(x));
}
ushort f32ToBf16(uint x)
{
  return ushort(p2m_atom_f32_to_bf16_rn_bits(x));
}
ushort f16AddRn(ushort a, ushort b)
{
  return ushort(p2m_atom_f16_add_rn_bits(a, b));
}
ushort bf16AddRn(ushort a, ushort b)
{
  return ushort(p2m_atom_bf16_add_rn_bits(a, b));
}

// --- atomic_ops.h: atom/red ----------------------------------------------------------------------

#define P2M_TEST_ATOM32(SPACE, AS)                                                                 \
  switch (op) {                                                                                    \
  case Atom32::AddU32:                                                                             \
    return p2m_atom_##SPACE##_add_u32(AS<uint>(word), v);                                          \
  case Atom32::AddS32:                                                                             \
    return as_type<uint>(p2m_atom_##SPACE##_add_s32(AS<int>(word), as_type<int>(v)));             \
  case Atom32::MinU32:                                                                             \
    return p2m_atom_##SPACE##_min_u32(AS<uint>(word), v);                                          \
  case Atom32::MinS32:                                                                             \
    return as_type<uint>(p2m_atom_##SPACE##_min_s32(AS<int>(word), as_type<int>(v)));             \
  case Atom32::MaxU32:                                                                             \
    return p2m_atom_##SPACE##_max_u32(AS<uint>(word), v);                                          \
  case Atom32::MaxS32:                                                                             \
    return as_type<uint>(p2m_atom_##SPACE##_max_s32(AS<int>(word), as_type<int>(v)));             \
  case Atom32::Exch:                                                                               \
    return p2m_atom_##SPACE##_exch_b32(AS<uint>(word), v);                                         \
  case Atom32::And:                                                                                \
    return p2m_atom_##SPACE##_and_b32(AS<uint>(word), v);                                          \
  case Atom32::Or:                                                                                 \
    return p2m_atom_##SPACE##_or_b32(AS<uint>(word), v);                                           \
  case Atom32::Xor:                                                                                \
    return p2m_atom_##SPACE##_xor_b32(AS<uint>(word), v);                                          \
  case Atom32::Inc:                                                                                \
    return p2m_atom_##SPACE##_inc_u32(AS<uint>(word), v);                                          \
  case Atom32::Dec:                                                                                \
    return p2m_atom_##SPACE##_dec_u32(AS<uint>(word), v);                                          \
  case Atom32::AddF32:                                                                             \
    return as_type<uint>(p2m_atom_##SPACE##_add_f32(AS<float>(word), as_type<float>(v)));         \
  case Atom32::AddF32Loop:                                                                         \
    break;                                                                                         \
  case Atom32::AddF16x2:                                                                           \
    return p2m_atom_##SPACE##_add_noftz_f16x2(AS<uint>(word), v);                                  \
  case Atom32::AddBf16x2:                                                                          \
    return p2m_atom_##SPACE##_add_noftz_bf16x2(AS<uint>(word), v);                                 \
  }

uint atom32(Space space, Atom32 op, std::uint32_t *word, uint v)
{
  if (space == Space::Global) {
    P2M_TEST_ATOM32(global, asDevice)
    return as_type<uint>(p2m_atom_global_add_f32_loop(asDevice<float>(word), as_type<float>(v)));
  }
  P2M_TEST_ATOM32(shared, asThreadgroup)
  return 0xdeadbeefu; // the loop variant exists for global memory only
}
#undef P2M_TEST_ATOM32

uint atomCas32(Space space, std::uint32_t *word, uint cmp, uint v)
{
  if (space == Space::Global)
    return p2m_atom_global_cas_b32(asDevice<uint>(word), cmp, v);
  return p2m_atom_shared_cas_b32(asThreadgroup<uint>(word), cmp, v);
}

ushort atom16(Space space, Atom16 op, std::uint32_t *word, unsigned upper, ushort v)
{
  if (space == Space::Global)
    return op == Atom16::AddF16 ? p2m_atom_global_add_noftz_f16(asDevice<uint>(word), upper, v)
                                : p2m_atom_global_add_noftz_bf16(asDevice<uint>(word), upper, v);
  return op == Atom16::AddF16 ? p2m_atom_shared_add_noftz_f16(asThreadgroup<uint>(word), upper, v)
                              : p2m_atom_shared_add_noftz_bf16(asThreadgroup<uint>(word), upper, v);
}

ushort atomCas16(Space space, std::uint32_t *word, unsigned upper, ushort cmp, ushort v)
{
  if (space == Space::Global)
    return p2m_atom_global_cas_b16(asDevice<uint>(word), upper, cmp, v);
  return p2m_atom_shared_cas_b16(asThreadgroup<uint>(word), upper, cmp, v);
}

namespace {

// The lock table of 64-bit atomics (abi.h), zero, and module words that name it.
uint gAtomicLocks[1u << P2M_ATOMIC_LOCK_BITS];
ulong gModuleWords[P2M_MODULE_WORDS];

// A thread's context as the locked helpers read it: the module words, and a threadgroup window
// that starts at the 4 KiB page of `p` (shared words are keyed by their offset in it).
p2m_ctx lockContext(void *p)
{
  gModuleWords[P2M_MODULE_ATOMIC_LOCKS] = reinterpret_cast<ulong>(&gAtomicLocks[0]);
  p2m_ctx ctx = {};
  ctx.module = (constant uchar *)gModuleWords;
  ctx.smem = (threadgroup uchar *)(reinterpret_cast<ulong>(p) & ~4095ul);
  return ctx;
}

} // namespace

std::uint64_t atom64(Space space, Atom64 op, std::uint64_t *p, std::uint64_t v, std::uint64_t cmp)
{
  p2m_ctx ctx = lockContext(p);
  const ulong a = reinterpret_cast<ulong>(p);
  threadgroup ulong *s = asThreadgroup<ulong>(p);
  const bool g = space == Space::Global;
  switch (op) {
  case Atom64::AddU64: return g ? p2m_atom64_global_add_u64(ctx, a, v) : p2m_atom64_shared_add_u64(ctx, s, v);
  case Atom64::MinU64: return g ? p2m_atom64_global_min_u64(ctx, a, v) : p2m_atom64_shared_min_u64(ctx, s, v);
  case Atom64::MaxU64: return g ? p2m_atom64_global_max_u64(ctx, a, v) : p2m_atom64_shared_max_u64(ctx, s, v);
  case Atom64::MinS64: return g ? p2m_atom64_global_min_s64(ctx, a, v) : p2m_atom64_shared_min_s64(ctx, s, v);
  case Atom64::MaxS64: return g ? p2m_atom64_global_max_s64(ctx, a, v) : p2m_atom64_shared_max_s64(ctx, s, v);
  case Atom64::And: return g ? p2m_atom64_global_and_b64(ctx, a, v) : p2m_atom64_shared_and_b64(ctx, s, v);
  case Atom64::Or: return g ? p2m_atom64_global_or_b64(ctx, a, v) : p2m_atom64_shared_or_b64(ctx, s, v);
  case Atom64::Xor: return g ? p2m_atom64_global_xor_b64(ctx, a, v) : p2m_atom64_shared_xor_b64(ctx, s, v);
  case Atom64::Exch: return g ? p2m_atom64_global_exch_b64(ctx, a, v) : p2m_atom64_shared_exch_b64(ctx, s, v);
  case Atom64::Cas: return g ? p2m_atom64_global_cas_b64(ctx, a, cmp, v) : p2m_atom64_shared_cas_b64(ctx, s, cmp, v);
  }
  return 0;
}

void st64(Space space, std::uint64_t *p, std::uint64_t v)
{
  p2m_ctx ctx = lockContext(p);
  if (space == Space::Global)
    p2m_st64_locked_global(ctx, reinterpret_cast<ulong>(p), v);
  else
    p2m_st64_locked_shared(ctx, asThreadgroup<ulong>(p), v);
}

// --- atomic_ops.h: fences and barriers -----------------------------------------------------------

void fenceCta()
{
  p2m_fence_cta();
}
void fenceGpu()
{
  p2m_fence_gpu();
}
void fenceSys()
{
  p2m_fence_sys();
}
void barSync()
{
  p2m_bar_sync();
}
uint barRedPopc(bool p, std::uint32_t *scratch)
{
  return p2m_bar_red_popc(p, asThreadgroup<uint>(scratch));
}
bool barRedAnd(bool p, std::uint32_t *scratch)
{
  return p2m_bar_red_and(p, asThreadgroup<uint>(scratch));
}
bool barRedOr(bool p, std::uint32_t *scratch)
{
  return p2m_bar_red_or(p, asThreadgroup<uint>(scratch));
}

static_assert(P2M_HAVE_THREAD_FENCE == 1, "the host metal_stdlib has MSL 3.2 fences");

} // namespace p2m::mslwarp::test

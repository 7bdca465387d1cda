// ptx2metal MSL support library: PTX warp-level instructions on Metal SIMD-groups.
//
// A PTX warp is a 32-wide Metal SIMD-group (the runtime refuses other execution widths), and
// the lane id is `thread_index_in_simdgroup`, which the generated body receives as a value and
// passes to the helpers that need it as `uint lane`. The emitter pastes this file after
// `#include <metal_stdlib>` and `using namespace metal;`; the unit tests
// (tests/unit/msl-warp) compile it as C++ against the project's host metal_stdlib.
//
// Metal functions used: simd_shuffle (uint, with a per-lane source lane), simd_ballot,
// simd_active_threads_mask, simd_all, simd_sum/min/max/and/or/xor (uint and int),
// atomic_thread_fence at SIMD-group scope (MSL 3.2; simdgroup_barrier before), ctz. Not
// simd_shuffle_up/down/xor: their delta or mask must be the same in every lane, while PTX's b
// and c operands may differ per lane.
//
// Membermask. Metal's SIMD functions have no lane mask: they operate on the active lanes of
// the SIMD-group (those not returned and on the current control-flow path). PTX requires
// every non-exited lane of a membermask to execute the instruction with the same mask, so the
// lanes that do are the active lanes of that mask; lanes outside it may be active too (they
// then belong to other masks, or the program is undefined). The helpers therefore read the
// mask per lane: vote and match filter ballots with the caller's own mask, and redux uses a
// SIMD reduction only when every active lane passes exactly the active mask (the common
// `0xffffffff` in converged code and `__activemask()` cases) and otherwise combines the lanes
// of its own mask one by one. Exited lanes never contribute (PTX: "non-exited threads in
// membermask"). Reading from a lane outside the mask is undefined in PTX and here.
//
// Convergence. Every SIMD function here is called by all active lanes alike: no lane-dependent
// branch or short-circuit (`&&`) guards one, since lanes that skip a call would leave the
// others meeting at the wrong one (on the tests' lane simulator that shows as wrong results).
//
// 64-bit shuffles: the emitter shuffles the two 32-bit halves with the b32 helpers.
#ifndef P2M_WARP_OPS_H
#define P2M_WARP_OPS_H

// --- shfl.sync: source-lane arithmetic -------------------------------------------------------
// PTX ISA pseudo-code, per lane: bval = b[4:0], cval = c[4:0] (clamp), segmask = c[12:8];
// maxLane = (lane & segmask) | (cval & ~segmask), minLane = lane & segmask; the mode gives j and
// whether it is in range (pval); out of range, the lane reads its own value. Higher bits of b
// and c are ignored. Each function returns the lane to read and sets `in_range` (PTX's p).

// shfl.up: j = lane - bval, in range when j >= maxLane (signed: j may be negative).
static inline uint p2m_shfl_src_lane_up(uint lane, uint b, uint c, thread bool &in_range)
{
  const uint segmask = (c >> 8) & 0x1fu;
  const uint max_lane = ((lane & 0x1fu) & segmask) | (c & 0x1fu & ~segmask);
  const int j = int(lane & 0x1fu) - int(b & 0x1fu);
  in_range = j >= int(max_lane);
  return in_range ? uint(j) : (lane & 0x1fu);
}

// shfl.down: j = lane + bval, in range when j <= maxLane.
static inline uint p2m_shfl_src_lane_down(uint lane, uint b, uint c, thread bool &in_range)
{
  const uint segmask = (c >> 8) & 0x1fu;
  const uint max_lane = ((lane & 0x1fu) & segmask) | (c & 0x1fu & ~segmask);
  const uint j = (lane & 0x1fu) + (b & 0x1fu);
  in_range = j <= max_lane;
  return in_range ? j : (lane & 0x1fu);
}

// shfl.bfly: j = lane ^ bval, in range when j <= maxLane.
static inline uint p2m_shfl_src_lane_bfly(uint lane, uint b, uint c, thread bool &in_range)
{
  const uint segmask = (c >> 8) & 0x1fu;
  const uint max_lane = ((lane & 0x1fu) & segmask) | (c & 0x1fu & ~segmask);
  const uint j = (lane & 0x1fu) ^ (b & 0x1fu);
  in_range = j <= max_lane;
  return in_range ? j : (lane & 0x1fu);
}

// shfl.idx: j = minLane | (bval & ~segmask), in range when j <= maxLane.
static inline uint p2m_shfl_src_lane_idx(uint lane, uint b, uint c, thread bool &in_range)
{
  const uint segmask = (c >> 8) & 0x1fu;
  const uint max_lane = ((lane & 0x1fu) & segmask) | (c & 0x1fu & ~segmask);
  const uint j = ((lane & 0x1fu) & segmask) | (b & 0x1fu & ~segmask);
  in_range = j <= max_lane;
  return in_range ? j : (lane & 0x1fu);
}

// --- shfl.sync -----------------------------------------------------------------------------
// shfl.sync.idx.b32 d|p, a, b, c, membermask: `value` of the lane computed from b and c.
static inline uint p2m_shfl_sync_idx_b32(uint value, uint b, uint c, uint /*mask*/, uint lane,
                                         thread bool &pred)
{
  return simd_shuffle(value, ushort(p2m_shfl_src_lane_idx(lane, b, c, pred)));
}

// shfl.sync.up.b32 d|p, a, b, c, membermask: `value` of lane - b within the segment.
static inline uint p2m_shfl_sync_up_b32(uint value, uint b, uint c, uint /*mask*/, uint lane,
                                        thread bool &pred)
{
  return simd_shuffle(value, ushort(p2m_shfl_src_lane_up(lane, b, c, pred)));
}

// shfl.sync.down.b32 d|p, a, b, c, membermask: `value` of lane + b within the clamp.
static inline uint p2m_shfl_sync_down_b32(uint value, uint b, uint c, uint /*mask*/, uint lane,
                                          thread bool &pred)
{
  return simd_shuffle(value, ushort(p2m_shfl_src_lane_down(lane, b, c, pred)));
}

// shfl.sync.bfly.b32 d|p, a, b, c, membermask: `value` of lane ^ b within the clamp.
static inline uint p2m_shfl_sync_bfly_b32(uint value, uint b, uint c, uint /*mask*/, uint lane,
                                          thread bool &pred)
{
  return simd_shuffle(value, ushort(p2m_shfl_src_lane_bfly(lane, b, c, pred)));
}

// shfl.sync.idx.b32 d, a, b, c, membermask (no predicate destination).
static inline uint p2m_shfl_sync_idx_b32_nopred(uint value, uint b, uint c, uint mask, uint lane)
{
  bool in_range;
  return p2m_shfl_sync_idx_b32(value, b, c, mask, lane, in_range);
}

// shfl.sync.up.b32 d, a, b, c, membermask (no predicate destination).
static inline uint p2m_shfl_sync_up_b32_nopred(uint value, uint b, uint c, uint mask, uint lane)
{
  bool in_range;
  return p2m_shfl_sync_up_b32(value, b, c, mask, lane, in_range);
}

// shfl.sync.down.b32 d, a, b, c, membermask (no predicate destination).
static inline uint p2m_shfl_sync_down_b32_nopred(uint value, uint b, uint c, uint mask, uint lane)
{
  bool in_range;
  return p2m_shfl_sync_down_b32(value, b, c, mask, lane, in_range);
}

// shfl.sync.bfly.b32 d, a, b, c, membermask (no predicate destination).
static inline uint p2m_shfl_sync_bfly_b32_nopred(uint value, uint b, uint c, uint mask, uint lane)
{
  bool in_range;
  return p2m_shfl_sync_bfly_b32(value, b, c, mask, lane, in_range);
}

// --- activemask, vote.sync ------------------------------------------------------------------
// Bit i set when lane i is active and `p` is true there (simd_vote is 64 bits on macOS).
static inline uint p2m_warp_ballot_bits(bool p)
{
  return uint(static_cast<simd_vote::vote_t>(simd_ballot(p)));
}

// activemask.b32 d: the lanes executing this instruction.
static inline uint p2m_activemask()
{
  return uint(static_cast<simd_vote::vote_t>(simd_active_threads_mask()));
}

// vote.sync.ballot.b32 d, p, membermask: bit i = p of lane i, for the active lanes in mask.
static inline uint p2m_vote_ballot_sync_b32(bool p, uint mask)
{
  return p2m_warp_ballot_bits(p) & mask;
}

// vote.sync.all.pred d, p, membermask: p is true in every non-exited lane of mask.
static inline bool p2m_vote_all_sync(bool p, uint mask)
{
  return (p2m_warp_ballot_bits(!p) & mask) == 0u;
}

// vote.sync.any.pred d, p, membermask: p is true in some non-exited lane of mask.
static inline bool p2m_vote_any_sync(bool p, uint mask)
{
  return (p2m_warp_ballot_bits(p) & mask) != 0u;
}

// vote.sync.uni.pred d, p, membermask: p has the same value in every non-exited lane of mask.
static inline bool p2m_vote_uni_sync(bool p, uint mask)
{
  const uint yes = p2m_warp_ballot_bits(p) & mask;
  const uint no = p2m_warp_ballot_bits(!p) & mask;
  return yes == 0u || no == 0u;
}

// --- elect.sync ----------------------------------------------------------------------------
// elect.sync d|p, membermask: the leader is the lowest active lane of membermask (as on the
// H200); d is its lane index in every lane, p is true in the leader only. With no active lane
// in the mask, d is 32 (ctz of 0) and no lane is the leader (the ISA leaves that undefined).
static inline uint p2m_elect_sync(uint mask)
{
  return ctz(p2m_activemask() & mask);
}

// --- redux.sync ----------------------------------------------------------------------------
// The operations, on 32-bit patterns (signed ones compare as int).
struct p2m_redux_add { static uint apply(uint a, uint b) { return a + b; } };
struct p2m_redux_min_u32 { static uint apply(uint a, uint b) { return a < b ? a : b; } };
struct p2m_redux_max_u32 { static uint apply(uint a, uint b) { return a > b ? a : b; } };
struct p2m_redux_min_s32 {
  static uint apply(uint a, uint b) { return as_type<int>(a) < as_type<int>(b) ? a : b; }
};
struct p2m_redux_max_s32 {
  static uint apply(uint a, uint b) { return as_type<int>(a) > as_type<int>(b) ? a : b; }
};
struct p2m_redux_and { static uint apply(uint a, uint b) { return a & b; } };
struct p2m_redux_or { static uint apply(uint a, uint b) { return a | b; } };
struct p2m_redux_xor { static uint apply(uint a, uint b) { return a ^ b; } };

// True in every lane when every active lane passes mask == the active mask, so that a SIMD
// reduction over the active lanes is the reduction over the mask. The decision is uniform
// (simd_all), so all active lanes take the same path below.
static inline bool p2m_redux_mask_is_active_set(uint mask)
{
  return simd_all(mask == p2m_activemask());
}

// The general case: each lane combines the values of the active lanes of its own mask, in
// lane order (all lanes read every active lane, so the shuffles stay converged).
template <typename Op>
static inline uint p2m_redux_over_mask(uint value, uint mask, uint identity)
{
  const uint active = p2m_activemask();
  uint result = identity;
  for (uint i = 0u; i < 32u; ++i) {
    if (((active >> i) & 1u) != 0u) {
      const uint other = simd_shuffle(value, ushort(i));
      if (((mask >> i) & 1u) != 0u)
        result = Op::apply(result, other);
    }
  }
  return result;
}

// redux.sync.add.u32 d, a, membermask: the sum (mod 2^32) over the lanes of mask.
static inline uint p2m_redux_sync_add_u32(uint value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_sum(value);
  return p2m_redux_over_mask<p2m_redux_add>(value, mask, 0u);
}

// redux.sync.add.s32 d, a, membermask: the sum (mod 2^32, computed unsigned: no overflow).
static inline int p2m_redux_sync_add_s32(int value, uint mask)
{
  return as_type<int>(p2m_redux_sync_add_u32(as_type<uint>(value), mask));
}

// redux.sync.min.u32 d, a, membermask.
static inline uint p2m_redux_sync_min_u32(uint value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_min(value);
  return p2m_redux_over_mask<p2m_redux_min_u32>(value, mask, 0xffffffffu);
}

// redux.sync.max.u32 d, a, membermask.
static inline uint p2m_redux_sync_max_u32(uint value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_max(value);
  return p2m_redux_over_mask<p2m_redux_max_u32>(value, mask, 0u);
}

// redux.sync.min.s32 d, a, membermask.
static inline int p2m_redux_sync_min_s32(int value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_min(value);
  return as_type<int>(
      p2m_redux_over_mask<p2m_redux_min_s32>(as_type<uint>(value), mask, 0x7fffffffu));
}

// redux.sync.max.s32 d, a, membermask.
static inline int p2m_redux_sync_max_s32(int value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_max(value);
  return as_type<int>(
      p2m_redux_over_mask<p2m_redux_max_s32>(as_type<uint>(value), mask, 0x80000000u));
}

// redux.sync.and.b32 d, a, membermask.
static inline uint p2m_redux_sync_and_b32(uint value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_and(value);
  return p2m_redux_over_mask<p2m_redux_and>(value, mask, 0xffffffffu);
}

// redux.sync.or.b32 d, a, membermask.
static inline uint p2m_redux_sync_or_b32(uint value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_or(value);
  return p2m_redux_over_mask<p2m_redux_or>(value, mask, 0u);
}

// redux.sync.xor.b32 d, a, membermask.
static inline uint p2m_redux_sync_xor_b32(uint value, uint mask)
{
  if (p2m_redux_mask_is_active_set(mask))
    return simd_xor(value);
  return p2m_redux_over_mask<p2m_redux_xor>(value, mask, 0u);
}

// --- match.sync ----------------------------------------------------------------------------
// The active lanes holding the same value as the calling lane. One round per distinct value
// (at most 32): the lowest unresolved lane broadcasts its value and the lanes that hold it
// vote. `remaining` is the same in every lane, so the loop stays converged.
static inline uint p2m_match_lanes_b32(uint value)
{
  uint remaining = p2m_activemask();
  uint same = 0u;
  for (uint round = 0u; round < 32u && remaining != 0u; ++round) {
    const uint leader = simd_shuffle(value, ushort(ctz(remaining)));
    const uint group = p2m_warp_ballot_bits(value == leader);
    if (value == leader)
      same = group;
    remaining &= ~group;
  }
  return same;
}

// The same for a 64-bit value, shuffled as two 32-bit halves.
static inline uint p2m_match_lanes_b64(ulong value)
{
  const uint lo = uint(value);
  const uint hi = uint(value >> 32);
  uint remaining = p2m_activemask();
  uint same = 0u;
  for (uint round = 0u; round < 32u && remaining != 0u; ++round) {
    // Both shuffles in every lane (no short-circuit): SIMD functions must stay converged.
    const ushort first = ushort(ctz(remaining));
    const uint first_lo = simd_shuffle(lo, first);
    const uint first_hi = simd_shuffle(hi, first);
    const bool equal = lo == first_lo && hi == first_hi;
    const uint group = p2m_warp_ballot_bits(equal);
    if (equal)
      same = group;
    remaining &= ~group;
  }
  return same;
}

// match.any.sync.b32 d, a, membermask: the non-exited lanes of mask whose a equals ours.
static inline uint p2m_match_any_sync_b32(uint value, uint mask, uint /*lane*/)
{
  return p2m_match_lanes_b32(value) & mask;
}

// match.any.sync.b64 d, a, membermask.
static inline uint p2m_match_any_sync_b64(ulong value, uint mask, uint /*lane*/)
{
  return p2m_match_lanes_b64(value) & mask;
}

// match.all.sync.b32 d|p, a, membermask: d = the non-exited lanes of mask (and p = true) when
// they all hold the same a, else d = 0 and p = false. Every lane compares with the lowest
// member of its own mask (the members of one mask agree on it).
static inline uint p2m_match_all_sync_b32(uint value, uint mask, thread bool &pred)
{
  const uint members = p2m_activemask() & mask;
  const uint first = simd_shuffle(value, ushort(ctz(members) & 0x1fu));
  pred = (p2m_warp_ballot_bits(value == first) & mask) == members;
  return pred ? members : 0u;
}

// match.all.sync.b64 d|p, a, membermask.
static inline uint p2m_match_all_sync_b64(ulong value, uint mask, thread bool &pred)
{
  const uint lo = uint(value);
  const uint hi = uint(value >> 32);
  const uint members = p2m_activemask() & mask;
  const ushort first = ushort(ctz(members) & 0x1fu);
  const uint first_lo = simd_shuffle(lo, first);
  const uint first_hi = simd_shuffle(hi, first);
  const bool equal = lo == first_lo && hi == first_hi;
  pred = (p2m_warp_ballot_bits(equal) & mask) == members;
  return pred ? members : 0u;
}

// --- bar.warp.sync -------------------------------------------------------------------------
// bar.warp.sync membermask: the lanes of mask meet, and their threadgroup and device memory
// accesses are ordered. PTX allows it under a lane-dependent condition (__syncwarp(mask) inside
// `if (lane < 16)`), but MSL requires every thread of the SIMD-group to reach a
// simdgroup_barrier, so that is no translation there. From MSL 3.2 on it is a seq_cst fence at
// SIMD-group scope, which is valid in divergent code: Apple's SIMD-groups run their active
// lanes in lockstep and reconverge, so the lanes of the mask that run together already meet,
// and the fence gives the ordering. Lanes of one mask on different paths meet only as the
// paths reconverge (no Metal equivalent; documented). Before MSL 3.2 there is no SIMD-group
// fence, and simdgroup_barrier is correct only where every lane of the SIMD-group reaches it,
// which the translator cannot know: a kernel with bar.warp.sync needs MSL 3.2 (lower-warp-ops
// refuses it below). A target whose SIMD-groups do not reconverge after
// divergent code (CUDA's independent thread scheduling, in tests/gpu) or that must make lanes
// wait (the host backend's fibers) defines P2M_HAVE_BAR_WARP_SYNC and waits for the lanes of
// mask itself.
#if !defined(P2M_HAVE_BAR_WARP_SYNC) && (!defined(__METAL_VERSION__) || __METAL_VERSION__ >= 320)
static inline void p2m_bar_warp_sync(uint /*mask*/)
{
  atomic_thread_fence(mem_flags::mem_threadgroup | mem_flags::mem_device, memory_order_seq_cst,
                      thread_scope_simdgroup);
}
#endif

#endif // P2M_WARP_OPS_H

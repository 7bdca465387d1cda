// Plain-C++ entry points to the MSL helpers of emitters/msl/support/warp_ops.h and
// atomic_ops.h, which Kernels.cpp compiles as C++17 against the host metal_stdlib (as the host
// backend compiles generated MSL). Plain types only: this header is included both there and
// in ordinary C++, where `device` and friends are not macros. Pointers are host memory; the
// `shared` forms view it as threadgroup memory. The warp functions must be called on a thread
// of the lane simulator (SimdSim.h).
#pragma once

#include <cstdint>

namespace p2m::mslwarp::test {

// --- warp_ops.h --------------------------------------------------------------------------------
enum class ShflMode { Up, Down, Bfly, Idx };

// p2m_shfl_src_lane_*: the source lane and PTX's predicate.
std::uint32_t shflSourceLane(ShflMode mode, std::uint32_t lane, std::uint32_t b, std::uint32_t c,
                             bool &inRange);
// p2m_shfl_sync_*_b32 and the _nopred variants.
std::uint32_t shflSync(ShflMode mode, std::uint32_t value, std::uint32_t b, std::uint32_t c,
                       std::uint32_t mask, std::uint32_t lane, bool &pred);
std::uint32_t shflSyncNoPred(ShflMode mode, std::uint32_t value, std::uint32_t b, std::uint32_t c,
                             std::uint32_t mask, std::uint32_t lane);

std::uint32_t activemask();
std::uint32_t voteBallot(bool p, std::uint32_t mask);
bool voteAll(bool p, std::uint32_t mask);
bool voteAny(bool p, std::uint32_t mask);
bool voteUni(bool p, std::uint32_t mask);

enum class ReduxOp { AddU32, AddS32, MinU32, MinS32, MaxU32, MaxS32, And, Or, Xor };
std::uint32_t redux(ReduxOp op, std::uint32_t value, std::uint32_t mask);

std::uint32_t matchAnyB32(std::uint32_t value, std::uint32_t mask, std::uint32_t lane);
std::uint32_t matchAnyB64(std::uint64_t value, std::uint32_t mask, std::uint32_t lane);
std::uint32_t matchAllB32(std::uint32_t value, std::uint32_t mask, bool &pred);
std::uint32_t matchAllB64(std::uint64_t value, std::uint32_t mask, bool &pred);

void barWarpSync(std::uint32_t mask);

// --- atomic_ops.h: exact additions on bits -----------------------------------------------------
std::uint32_t f32AddRn(std::uint32_t a, std::uint32_t b);
std::uint32_t f32AddFtz(std::uint32_t a, std::uint32_t b);
std::uint32_t f16ToF32(std::uint16_t h);
std::uint16_t f32ToF16(std::uint32_t x);
std::uint16_t f32ToBf16(std::uint32_t x);
std::uint16_t f16AddRn(std::uint16_t a, std::uint16_t b);
std::uint16_t bf16AddRn(std::uint16_t a, std::uint16_t b);

// --- atomic_ops.h: atom/red --------------------------------------------------------------------
enum class Space { Global, Shared };

// The 32-bit read-modify-write forms, on the word at `word` (s32 and f32 operands as bits).
// AddF32Loop is the pre-MSL 3.0 global loop.
enum class Atom32 {
  AddU32, AddS32, MinU32, MinS32, MaxU32, MaxS32, Exch, And, Or, Xor, Inc, Dec,
  AddF32, AddF32Loop, AddF16x2, AddBf16x2
};
std::uint32_t atom32(Space space, Atom32 op, std::uint32_t *word, std::uint32_t v);
std::uint32_t atomCas32(Space space, std::uint32_t *word, std::uint32_t cmp, std::uint32_t v);

// The 16-bit forms on half `upper` of the word.
enum class Atom16 { AddF16, AddBf16 };
std::uint16_t atom16(Space space, Atom16 op, std::uint32_t *word, unsigned upper, std::uint16_t v);
std::uint16_t atomCas16(Space space, std::uint32_t *word, unsigned upper, std::uint16_t cmp,
                        std::uint16_t v);

// The 64-bit atom forms through the lock table (red is the same call, result unused), the old
// value returned; Cas stores v where the word equals cmp. st64: st.relaxed of 64 bits.
enum class Atom64 { AddU64, MinU64, MaxU64, MinS64, MaxS64, And, Or, Xor, Exch, Cas };
std::uint64_t atom64(Space space, Atom64 op, std::uint64_t *p, std::uint64_t v, std::uint64_t cmp = 0);
void st64(Space space, std::uint64_t *p, std::uint64_t v);

// --- atomic_ops.h: fences and CTA barriers (threads of the lane simulator) ----------------------
void fenceCta();
void fenceGpu();
void fenceSys();
void barSync();
std::uint32_t barRedPopc(bool p, std::uint32_t *scratch);
bool barRedAnd(bool p, std::uint32_t *scratch);
bool barRedOr(bool p, std::uint32_t *scratch);

} // namespace p2m::mslwarp::test

// vshl/vshr through p2m_vshift, bit for bit against the H200 (tests/probes/video_shift.cu).
#include "IntOpsKernels.h"

#include <catch2/catch.hpp>

#include <cstdint>

namespace {

struct Record {
  uint32_t a, b, c;
  uint32_t d[12];
};

const Record kRecords[] = {
#include "VideoShift.inc"
};

// The probe's forms with a result recorded above (its two .sat forms left out), as the
// emitter passes them. op2: the header's P2M_VSEC_NONE/ADD/MIN/MAX.
struct Form {
  const char *ptx;
  bool left, dSigned, aSigned, clamp;
  unsigned op2;
};
const Form kForms[12] = {
    {"vshr.u32.u32.u32.clamp.add", false, false, false, true, 1},
    {"vshr.u32.u32.u32.wrap.add", false, false, false, false, 1},
    {"vshr.s32.s32.u32.clamp.add", false, true, true, true, 1},
    {"vshr.s32.s32.u32.wrap", false, true, true, false, 0},
    {"vshl.u32.u32.u32.clamp.add", true, false, false, true, 1},
    {"vshl.u32.u32.u32.wrap", true, false, false, false, 0},
    {"vshl.s32.s32.u32.clamp", true, true, true, true, 0},
    {"vshr.u32.u32.u32.clamp", false, false, false, true, 0},
    {"vshr.s32.u32.u32.clamp", false, true, false, true, 0},
    {"vshr.u32.u32.u32.clamp.min", false, false, false, true, 2},
    {"vshr.s32.s32.u32.clamp.max", false, true, true, true, 3},
    {"vshl.s32.s32.u32.wrap.add", true, true, true, false, 1},
};

} // namespace

TEST_CASE("vshl and vshr match the H200", "[int][video]")
{
    for (int k = 0; k < 12; ++k) {
        const Form &f = kForms[k];
        int mismatches = 0;
        for (const Record &r : kRecords) {
            unsigned c = f.op2 == 0 ? 0u : r.c;
            unsigned d = p2m::inttest::builtin::vshift(f.left, r.a, r.b, c, f.dSigned, f.aSigned, f.clamp, false,
                                                       f.op2, 0u);
            if (d != r.d[k] && ++mismatches <= 3)
                FAIL_CHECK(f.ptx << " a=" << std::hex << r.a << " b=" << r.b << " c=" << r.c << ": " << d
                                  << ", the H200 " << r.d[k]);
        }
        CHECK(mismatches == 0);
    }
}

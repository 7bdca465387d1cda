// The exact additions behind the floating-point atomics (atomic_ops.h), against references
// computed with the host's IEEE arithmetic. Each helper is run twice: as is, and with the
// x86 FTZ and DAZ bits set, which makes the host flush fp32 subnormals like an Apple GPU; the
// helpers claim to be exact either way.
#include "FloatReference.h"
#include "Kernels.h"
#include "TestUtil.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define P2M_HAVE_FTZ_CONTROL 1
#else
#define P2M_HAVE_FTZ_CONTROL 0
#endif

namespace p2m::mslwarp::test {
namespace {

// Sets FTZ and DAZ for its lifetime (where the host has them).
class FlushSubnormals {
public:
  explicit FlushSubnormals(bool on) : saved_(on ? save() : 0), on_(on)
  {
#if P2M_HAVE_FTZ_CONTROL
    if (on_)
      _mm_setcsr(saved_ | 0x8040u); // FTZ (bit 15) | DAZ (bit 6)
#endif
  }
  ~FlushSubnormals()
  {
#if P2M_HAVE_FTZ_CONTROL
    if (on_)
      _mm_setcsr(saved_);
#endif
  }
  FlushSubnormals(const FlushSubnormals &) = delete;
  FlushSubnormals &operator=(const FlushSubnormals &) = delete;

private:
  static unsigned save()
  {
#if P2M_HAVE_FTZ_CONTROL
    return _mm_getcsr();
#else
    return 0;
#endif
  }
  unsigned saved_;
  bool on_;
};

// f32 operands by class: zeros, subnormals, tiny normals (below 2^-100, the helper's scaled
// path), around 2^-100, ordinary, huge, infinities, NaNs.
std::uint32_t f32Operand(Rng &rng)
{
  const std::uint32_t sign = rng.below(2) << 31, r = rng.next32();
  switch (rng.below(10)) {
  case 0:
    return sign;
  case 1:
  case 2:
    return sign | (r & 0x007fffffu);
  case 3:
  case 4:
    return sign | ((1 + rng.below(27)) << 23) | (r & 0x007fffffu);
  case 5:
    return sign | ((24 + rng.below(8)) << 23) | (r & 0x007fffffu);
  case 6:
    return sign | (r & 0x7f7fffffu);
  case 7:
    return sign | ((230 + rng.below(25)) << 23) | (r & 0x007fffffu);
  case 8:
    return rng.below(2) ? sign | 0x7f800000u : sign | 0x7f800001u | (r & 0x003fffffu);
  default:
    return r;
  }
}

} // namespace

TEST_CASE("f32 addition keeping subnormals is exact, with and without flushing", "[float]")
{
  if (!P2M_HAVE_FTZ_CONTROL)
    WARN("no FTZ/DAZ control on this host: the flushing half of the test is not run");
  Rng rng(0xf32a);
  std::vector<std::uint32_t> a, b, want;
  // Hand-picked: subnormal sums, carries into the normal range, cancellations, the 2^-100
  // boundary, signed zeros.
  const std::uint32_t special[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u,
                                   0x007fffffu, 0x807fffffu, 0x00800000u, 0x80800000u,
                                   0x00c00000u, 0x0d800000u, 0x8d800000u, 0x0d7fffffu,
                                   0x0d800001u, 0x3f800000u, 0x7f7fffffu, 0x7f800000u,
                                   0xff800000u, 0x7fc00000u, 0x00400000u, 0x0c800001u};
  for (std::uint32_t x : special)
    for (std::uint32_t y : special) {
      a.push_back(x);
      b.push_back(y);
    }
  for (int i = 0; i < 400000; ++i) {
    a.push_back(f32Operand(rng));
    b.push_back(rng.below(4) == 0 ? a.back() ^ 0x80000000u ^ rng.below(4) : f32Operand(rng));
  }
  for (std::size_t i = 0; i < a.size(); ++i)
    want.push_back(referenceAdd(a[i], b[i]));
  for (bool flush : {false, true}) {
    std::size_t differ = 0;
    {
      FlushSubnormals mode(flush && P2M_HAVE_FTZ_CONTROL);
      for (std::size_t i = 0; i < a.size(); ++i)
        if (f32AddRn(a[i], b[i]) != want[i])
          ++differ;
    }
    INFO("flushing " << flush << ", " << a.size() << " additions");
    CHECK(differ == 0);
  }
}

TEST_CASE("f32 addition with flushing (PTX global atom.add.f32)", "[float]")
{
  Rng rng(0xf7a2);
  for (bool flush : {false, true}) {
    std::size_t differ = 0;
    Rng local = rng;
    for (int i = 0; i < 200000; ++i) {
      const std::uint32_t x = f32Operand(local), y = f32Operand(local);
      const std::uint32_t want = referenceAddFtz(x, y);
      std::uint32_t got;
      {
        FlushSubnormals mode(flush && P2M_HAVE_FTZ_CONTROL);
        got = f32AddFtz(x, y);
      }
      differ += got != want;
    }
    CHECK(differ == 0);
  }
  // As measured on the H200 (tests/probes/warp_atomics.cu, part B, global memory).
  CHECK(f32AddFtz(0x00000001u, 0x00000001u) == 0u);
  CHECK(f32AddFtz(0x00c00000u, 0x80800000u) == 0u);
  CHECK(f32AddFtz(0x00800000u, 0x80000001u) == 0x00800000u);
  CHECK(f32AddFtz(0x80000001u, 0x00000000u) == 0u);
  CHECK(f32AddFtz(0x7f800000u, 0xff800000u) == 0x7fffffffu);
}

TEST_CASE("f16 and bf16 conversions on bits", "[float]")
{
  for (std::uint32_t h = 0; h < 0x10000u; ++h) {
    _Float16 x;
    const auto h16 = static_cast<std::uint16_t>(h);
    std::memcpy(&x, &h16, 2);
    const std::uint32_t want = bitsOf(static_cast<float>(x));
    if ((h & 0x7fffu) > 0x7c00u)
      REQUIRE(isNan32(f16ToF32(h16)));
    else
      REQUIRE(f16ToF32(h16) == want);
  }
  // Every 251st float bit pattern (all exponents, varied low bits), plus the rounding range
  // of f16 subnormals in full.
  std::size_t differF16 = 0, differBf16 = 0, checked = 0;
  const auto check = [&](std::uint32_t x) {
    const float f = asFloat(x);
    const auto h = static_cast<_Float16>(f);
    const auto bf = static_cast<__bf16>(f);
    std::uint16_t wantH, wantB;
    std::memcpy(&wantH, &h, 2);
    std::memcpy(&wantB, &bf, 2);
    if (isNan32(x)) {
      wantH = 0x7fff;
      wantB = 0x7fff;
    }
    differF16 += f32ToF16(x) != wantH;
    differBf16 += f32ToBf16(x) != wantB;
    ++checked;
  };
  for (std::uint64_t x = 0; x < 0x100000000ull; x += 251)
    check(static_cast<std::uint32_t>(x));
  for (std::uint32_t x = 0x33000000u; x < 0x38900000u; x += 3)
    check(x);
  INFO(checked << " conversions");
  CHECK(differF16 == 0);
  CHECK(differBf16 == 0);
}

TEST_CASE("f16 and bf16 additions: every a against 400 b, with and without flushing", "[float]")
{
  Rng rng(0x16ad);
  std::vector<std::uint16_t> bs = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400,
                                   0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
                                   0x7c01, 0x0080, 0x007f, 0x807f, 0x7f7f, 0x7f80, 0xff80};
  while (bs.size() < 400) {
    auto v = static_cast<std::uint16_t>(rng.next32());
    if (rng.below(3) == 0)
      v &= 0x83ff; // f16 subnormals (and bf16 tiny values)
    bs.push_back(v);
  }
  std::vector<std::uint16_t> wantH(bs.size()), wantB(bs.size());
  std::size_t differH[2] = {0, 0}, differB[2] = {0, 0}, count = 0;
  for (std::uint32_t a = 0; a < 0x10000u; ++a) {
    const auto a16 = static_cast<std::uint16_t>(a);
    for (std::size_t i = 0; i < bs.size(); ++i) {
      wantH[i] = referenceAddF16(a16, bs[i]);
      wantB[i] = referenceAddBf16(a16, bs[i]);
    }
    count += bs.size();
    for (int flush = 0; flush < 2; ++flush) {
      FlushSubnormals mode(flush != 0 && P2M_HAVE_FTZ_CONTROL);
      for (std::size_t i = 0; i < bs.size(); ++i) {
        differH[flush] += f16AddRn(a16, bs[i]) != wantH[i];
        differB[flush] += bf16AddRn(a16, bs[i]) != wantB[i];
      }
    }
  }
  INFO(count << " additions of each type, each without and with flushing");
  CHECK(differH[0] == 0);
  CHECK(differH[1] == 0);
  CHECK(differB[0] == 0);
  CHECK(differB[1] == 0);
}

} // namespace p2m::mslwarp::test

// The host side of the binary16/bfloat16 tests: kernels/narrow_ops.h compiled as plain C++
// against the toolkit's cuda_fp16.h and cuda_bf16.h (their host code), plus checks of that host
// code against references that share none of it: the compiler's _Float16 for binary16, and the
// usual add-and-truncate rounding for bfloat16.
#include "NarrowReference.h"

#include "narrow_ops.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>

void narrowReference(NarrowType type, const float *in, unsigned *out, int n) {
  for (int i = 0; i < n; ++i) {
    if (type == NarrowType::Fp16)
      narrow_ops<Fp16Ops>(in[3 * i], in[3 * i + 1], in[3 * i + 2], out + i * NARROW_RESULTS);
    else
      narrow_ops<Bf16Ops>(in[3 * i], in[3 * i + 1], in[3 * i + 2], out + i * NARROW_RESULTS);
  }
}

int narrowResultCount() { return NARROW_RESULTS; }
int narrowApproxFirst() { return NARROW_APPROX_FIRST; }
bool narrowResultIsNarrowBits(int j) { return narrow_result_is_narrow_bits(j); }

unsigned narrowWidenReference(NarrowType type, unsigned short bits) {
  float f = type == NarrowType::Fp16 ? __half2float(__ushort_as_half(bits))
                                     : __bfloat162float(__ushort_as_bfloat16(bits));
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

namespace {
unsigned short bitsOf(_Float16 h) {
  unsigned short b;
  std::memcpy(&b, &h, sizeof b);
  return b;
}
_Float16 halfOf(unsigned short b) {
  _Float16 h;
  std::memcpy(&h, &b, sizeof h);
  return h;
}
bool isNanHalf(unsigned short b) { return (b & 0x7fffu) > 0x7c00u; }
bool isNanBf16(unsigned short b) { return (b & 0x7fffu) > 0x7f80u; }

// float -> bfloat16 to nearest even: add half a unit (less one, plus the kept lsb) and truncate.
unsigned short bf16Rn(float f) {
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
float bf16ToFloat(unsigned short b) {
  unsigned u = (unsigned)b << 16;
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
} // namespace

int narrowIndependentMismatches(const float *in, int count) {
  int bad = 0;
  auto report = [&bad](const char *what, double x, unsigned got, unsigned want) {
    if (bad++ < 10)
      std::fprintf(stderr, "host %s(%a): 0x%04x, independent reference 0x%04x\n", what, x, got, want);
  };
  for (int i = 0; i < count; ++i) {
    const float x = in[i];
    const unsigned short h = __half_as_ushort(__float2half_rn(x)), hw = bitsOf((_Float16)x);
    if (h != hw && !(isNanHalf(h) && isNanHalf(hw)))
      report("__float2half_rn", x, h, hw);
    const unsigned short b = __bfloat16_as_ushort(__float2bfloat16_rn(x)), bw = bf16Rn(x);
    if (b != bw && !(isNanBf16(b) && isNanBf16(bw)))
      report("__float2bfloat16_rn", x, b, bw);
    // Each operation of two values rounded once: _Float16's own arithmetic; bfloat16's exact float
    // sum or product (8-bit significands: exact unless it overflows or underflows) rounded once.
    const float y = in[(i * 7 + 3) % count];
    const __half ha = __float2half_rn(x), hb = __float2half_rn(y);
    const _Float16 fa = halfOf(__half_as_ushort(ha)), fb = halfOf(__half_as_ushort(hb));
    const unsigned short sums[2] = {__half_as_ushort(__hadd(ha, hb)), bitsOf((_Float16)(fa + fb))};
    const unsigned short prods[2] = {__half_as_ushort(__hmul(ha, hb)), bitsOf((_Float16)(fa * fb))};
    const unsigned short quots[2] = {__half_as_ushort(__hdiv(ha, hb)), bitsOf((_Float16)(fa / fb))};
    for (const unsigned short *pair : {sums, prods, quots})
      if (pair[0] != pair[1] && !(isNanHalf(pair[0]) && isNanHalf(pair[1])))
        report("binary16 arithmetic", x, pair[0], pair[1]);
    const __nv_bfloat16 ba = __float2bfloat16_rn(x), bb = __float2bfloat16_rn(y);
    const unsigned short bsum = __bfloat16_as_ushort(__hadd(ba, bb));
    const unsigned short bsumw = bf16Rn(bf16ToFloat(__bfloat16_as_ushort(ba)) + bf16ToFloat(__bfloat16_as_ushort(bb)));
    if (bsum != bsumw && !(isNanBf16(bsum) && isNanBf16(bsumw)))
      report("bfloat16 __hadd", x, bsum, bsumw);
  }
  for (unsigned v = 0; v < 65536u; ++v) {
    const float f = __half2float(__ushort_as_half((unsigned short)v)), fw = (float)halfOf((unsigned short)v);
    if (std::memcmp(&f, &fw, sizeof f) != 0 && !(f != f && fw != fw))
      report("__half2float", (double)fw, v, v);
  }
  return bad;
}

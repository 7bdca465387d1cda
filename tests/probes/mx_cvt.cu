// Probe: the OCP MX conversions on an sm_100 GPU (not yet run: no such GPU was lent), for the
// helpers of emitters/msl/support/cvt_ops.h, which tests/unit/msl-fp8/MxTests.cpp checks against
// a model of the PTX ISA's text. Inputs as in MxTests.cpp:
//   cvt.rn{.relu}.f16x2.e2m1x2                   every one of the 256 pairs
//   cvt.rn{.relu}.f16x2.{e2m3x2,e3m2x2}          every pair of 6-bit codes (4096)
//   cvt.rn.satfinite{.relu}.<f4x2|f6x2>.f32      every f16 value widened (b: its negation), then
//                                                the 3,145,728 inputs of Fp8F32Inputs.h as a,
//                                                reversed as b
//   cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2       every bf16 value in the upper half (the lower
//                                                half: (x * 40503 + 12345) & 0xFFFF)
//   cvt.{rz,rp}{.satfinite}.ue8m0x2.f32          the inputs of Fp8F32Inputs.h, reversed as b
//   cvt.rn.bf16x2.ue8m0x2                        every pair (65536)
// Prints, per form, an FNV-1a hash of the result bytes (little-endian, each result's bytes in
// input order) and the first results, to be pinned in MxTests.cpp as Fp8Tests.cpp pins the
// H200's fp8 hashes.
//   nvcc -gencode arch=compute_100a,code=sm_100a -O2 -o mx_cvt mx_cvt.cu && ./mx_cvt
#include "../unit/msl-fp8/Fp8F32Inputs.h"

#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(x)                                                                             \
  do {                                                                                       \
    cudaError_t e_ = (x);                                                                    \
    if (e_ != cudaSuccess) {                                                                 \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                              \
    }                                                                                        \
  } while (0)

// form: 0..5 = e2m1, e2m1.relu, e2m3, e2m3.relu, e3m2, e3m2.relu
__device__ uint32_t toMx(int form, float a, float b)
{
  uint16_t h = 0;
  switch (form) {
  case 0: asm volatile("{ .reg .b8 c; cvt.rn.satfinite.e2m1x2.f32 c, %1, %2; cvt.u16.u8 %0, c; }" : "=h"(h) : "f"(a), "f"(b)); break;
  case 1: asm volatile("{ .reg .b8 c; cvt.rn.satfinite.relu.e2m1x2.f32 c, %1, %2; cvt.u16.u8 %0, c; }" : "=h"(h) : "f"(a), "f"(b)); break;
  case 2: asm volatile("cvt.rn.satfinite.e2m3x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  case 3: asm volatile("cvt.rn.satfinite.relu.e2m3x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  case 4: asm volatile("cvt.rn.satfinite.e3m2x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  default: asm volatile("cvt.rn.satfinite.relu.e3m2x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  }
  return h;
}

__device__ uint32_t fromMx(int form, uint16_t a)
{
  uint32_t r = 0;
  switch (form) {
  case 0: asm volatile("{ .reg .b8 c; cvt.u8.u16 c, %1; cvt.rn.f16x2.e2m1x2 %0, c; }" : "=r"(r) : "h"(a)); break;
  case 1: asm volatile("{ .reg .b8 c; cvt.u8.u16 c, %1; cvt.rn.relu.f16x2.e2m1x2 %0, c; }" : "=r"(r) : "h"(a)); break;
  case 2: asm volatile("cvt.rn.f16x2.e2m3x2 %0, %1;" : "=r"(r) : "h"(a)); break;
  case 3: asm volatile("cvt.rn.relu.f16x2.e2m3x2 %0, %1;" : "=r"(r) : "h"(a)); break;
  case 4: asm volatile("cvt.rn.f16x2.e3m2x2 %0, %1;" : "=r"(r) : "h"(a)); break;
  default: asm volatile("cvt.rn.relu.f16x2.e3m2x2 %0, %1;" : "=r"(r) : "h"(a)); break;
  }
  return r;
}

// form: 0..3 = rz, rz.satfinite, rp, rp.satfinite
__device__ uint32_t ue8m0FromF32(int form, float a, float b)
{
  uint16_t h = 0;
  switch (form) {
  case 0: asm volatile("cvt.rz.ue8m0x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  case 1: asm volatile("cvt.rz.satfinite.ue8m0x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  case 2: asm volatile("cvt.rp.ue8m0x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  default: asm volatile("cvt.rp.satfinite.ue8m0x2.f32 %0, %1, %2;" : "=h"(h) : "f"(a), "f"(b)); break;
  }
  return h;
}

__device__ uint32_t ue8m0FromBf16x2(int form, uint32_t a)
{
  uint16_t h = 0;
  switch (form) {
  case 0: asm volatile("cvt.rz.ue8m0x2.bf16x2 %0, %1;" : "=h"(h) : "r"(a)); break;
  case 1: asm volatile("cvt.rz.satfinite.ue8m0x2.bf16x2 %0, %1;" : "=h"(h) : "r"(a)); break;
  case 2: asm volatile("cvt.rp.ue8m0x2.bf16x2 %0, %1;" : "=h"(h) : "r"(a)); break;
  default: asm volatile("cvt.rp.satfinite.ue8m0x2.bf16x2 %0, %1;" : "=h"(h) : "r"(a)); break;
  }
  return h;
}

// One launch per (family, form): out[i] = result of input i.
__global__ void run(int family, int form, const uint32_t *a, const uint32_t *b, uint32_t *out, uint32_t n)
{
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    switch (family) {
    case 0: out[i] = toMx(form, __uint_as_float(a[i]), __uint_as_float(b[i])); break;
    case 1: out[i] = fromMx(form, static_cast<uint16_t>(a[i])); break;
    case 2: out[i] = ue8m0FromF32(form, __uint_as_float(a[i]), __uint_as_float(b[i])); break;
    case 3: out[i] = ue8m0FromBf16x2(form, a[i]); break;
    default: {
      uint32_t r;
      asm volatile("cvt.rn.bf16x2.ue8m0x2 %0, %1;" : "=r"(r) : "h"(static_cast<uint16_t>(a[i])));
      out[i] = r;
    }
    }
  }
}

static int launch(const char *name, int family, int form, const std::vector<uint32_t> &a,
                  const std::vector<uint32_t> &b, unsigned resultBytes)
{
  const uint32_t n = static_cast<uint32_t>(a.size());
  uint32_t *da, *db, *dout;
  CHECK(cudaMalloc(&da, n * 4ull));
  CHECK(cudaMalloc(&db, n * 4ull));
  CHECK(cudaMalloc(&dout, n * 4ull));
  CHECK(cudaMemcpy(da, a.data(), n * 4ull, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), n * 4ull, cudaMemcpyHostToDevice));
  run<<<1024, 256>>>(family, form, da, db, dout, n);
  CHECK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(n);
  CHECK(cudaMemcpy(out.data(), dout, n * 4ull, cudaMemcpyDeviceToHost));
  p2m_fp8_inputs::Fnv64 h;
  for (uint32_t r : out)
    for (unsigned k = 0; k < resultBytes; ++k)
      h.add(static_cast<uint8_t>(r >> (8 * k)));
  std::printf("%-28s n=%-8u fnv=%016llx first=%08x %08x %08x\n", name, n, static_cast<unsigned long long>(h.h), out[0],
              out[1], out[2]);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dout);
  return 0;
}

int main()
{
  const char *mx[6] = {"e2m1x2.f32", "relu.e2m1x2.f32", "e2m3x2.f32", "relu.e2m3x2.f32", "e3m2x2.f32", "relu.e3m2x2.f32"};
  const char *mxBack[6] = {"f16x2.e2m1x2", "relu.f16x2.e2m1x2", "f16x2.e2m3x2", "relu.f16x2.e2m3x2", "f16x2.e3m2x2",
                           "relu.f16x2.e3m2x2"};
  const char *ue[4] = {"rz", "rz.satfinite", "rp", "rp.satfinite"};
  const uint32_t n = p2m_fp8_inputs::kCount;
  // f32 operands: every f16 value widened (b its negation), then Fp8F32Inputs.h.
  std::vector<uint32_t> fa, fb;
  for (uint32_t x = 0; x < 65536; ++x) {
    const uint32_t s = (x & 0x8000u) << 16, e = (x >> 10) & 31u, m = x & 0x3FFu;
    uint32_t f;
    if (e == 31)
      f = s | 0x7F800000u | (m << 13);
    else if (e != 0)
      f = s | ((e + 112u) << 23) | (m << 13);
    else if (m == 0)
      f = s;
    else { // subnormal f16: normalize
      int k = 0;
      uint32_t mm = m;
      while ((mm & 0x400u) == 0) { mm <<= 1; ++k; }
      f = s | ((113u - k) << 23) | ((mm & 0x3FFu) << 13);
    }
    fa.push_back(f);
    fb.push_back(f ^ 0x80000000u);
  }
  for (uint32_t i = 0; i < n; ++i) {
    fa.push_back(p2m_fp8_inputs::input(i));
    fb.push_back(p2m_fp8_inputs::input(n - 1 - i));
  }
  for (int f = 0; f < 6; ++f)
    if (launch(mx[f], 0, f, fa, fb, 2))
      return 1;
  for (int f = 0; f < 6; ++f) {
    std::vector<uint32_t> codes;
    for (uint32_t hi = 0; hi < (f < 2 ? 16u : 64u); ++hi)
      for (uint32_t lo = 0; lo < (f < 2 ? 16u : 64u); ++lo)
        codes.push_back(f < 2 ? (hi << 4 | lo) : (hi << 8 | lo));
    if (launch(mxBack[f], 1, f, codes, codes, 4))
      return 1;
  }
  std::vector<uint32_t> ua, ub, bf;
  for (uint32_t i = 0; i < n; ++i) {
    ua.push_back(p2m_fp8_inputs::input(i));
    ub.push_back(p2m_fp8_inputs::input(n - 1 - i));
  }
  for (uint32_t x = 0; x < 65536; ++x)
    bf.push_back(x << 16 | ((x * 40503u + 12345u) & 0xFFFFu));
  for (int f = 0; f < 4; ++f) {
    char name[64];
    std::snprintf(name, sizeof name, "%s.ue8m0x2.f32", ue[f]);
    if (launch(name, 2, f, ua, ub, 2))
      return 1;
    std::snprintf(name, sizeof name, "%s.ue8m0x2.bf16x2", ue[f]);
    if (launch(name, 3, f, bf, bf, 2))
      return 1;
  }
  std::vector<uint32_t> all;
  for (uint32_t x = 0; x < 65536; ++x)
    all.push_back(x);
  return launch("rn.bf16x2.ue8m0x2", 4, 0, all, all, 4);
}

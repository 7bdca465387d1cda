// Probe: the fp8 conversions on the GPU, exhaustively where the source is 16 bits.
//   cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}             all 65536 b16 sources
//   cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2   all 65536 f16 values (low half; the high
//                                                   half gets a permutation, checked to agree)
//   cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32     the 3,145,728 inputs of
//                                                   tests/unit/msl-fp8/Fp8F32Inputs.h as `a`
//                                                   (upper byte), reversed as `b` (lower byte)
// Every operand is loaded from memory and every instruction is inline PTX. Writes into argv[1]:
//   f8_to_h2.bin   4 forms x 256 u32 (e4m3, e4m3.relu, e5m2, e5m2.relu; byte in the low byte)
//   h2_to_f8.bin   4 forms x 65536 bytes (result byte of each f16 input)
//   f32_to_f8.bin  4 forms x 3,145,728 bytes (result byte of each f32 input)
// and prints, per form, the packing checks and FNV-1a hashes (see docs/gpu-facts.md, "fp8
// conversions"; tests/unit/msl-fp8 holds the tables and hashes).
//   nvcc -arch=sm_90 -O2 -o fp8_cvt fp8_cvt.cu && ./fp8_cvt OUTDIR
#include "../unit/msl-fp8/Fp8F32Inputs.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

typedef uint16_t u16;
typedef uint32_t u32;
typedef uint8_t u8;

#define CHECK(x)                                                                   \
  do {                                                                             \
    cudaError_t e_ = (x);                                                          \
    if (e_ != cudaSuccess) {                                                       \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                    \
    }                                                                              \
  } while (0)

#define F8_TO_H2(NAME, PTX)                                                         \
  __global__ void NAME(const u16 *in, u32 *out, u32 n) {                            \
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                             \
    u32 d; u16 a = in[i];                                                           \
    asm volatile(PTX " %0, %1;" : "=r"(d) : "h"(a));                                \
    out[i] = d;                                                                     \
  }
F8_TO_H2(k_e4m3_h2, "cvt.rn.f16x2.e4m3x2")
F8_TO_H2(k_e4m3_h2_relu, "cvt.rn.relu.f16x2.e4m3x2")
F8_TO_H2(k_e5m2_h2, "cvt.rn.f16x2.e5m2x2")
F8_TO_H2(k_e5m2_h2_relu, "cvt.rn.relu.f16x2.e5m2x2")

#define H2_TO_F8(NAME, PTX)                                                         \
  __global__ void NAME(const u32 *in, u16 *out, u32 n) {                            \
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                             \
    u16 d; u32 a = in[i];                                                           \
    asm volatile(PTX " %0, %1;" : "=h"(d) : "r"(a));                                \
    out[i] = d;                                                                     \
  }
H2_TO_F8(k_h2_e4m3, "cvt.rn.satfinite.e4m3x2.f16x2")
H2_TO_F8(k_h2_e4m3_relu, "cvt.rn.satfinite.relu.e4m3x2.f16x2")
H2_TO_F8(k_h2_e5m2, "cvt.rn.satfinite.e5m2x2.f16x2")
H2_TO_F8(k_h2_e5m2_relu, "cvt.rn.satfinite.relu.e5m2x2.f16x2")

#define F32_TO_F8(NAME, PTX)                                                        \
  __global__ void NAME(const float *in, u16 *out, u32 n) {                          \
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                             \
    u16 d; float a = in[i], b = in[n - 1 - i];                                      \
    asm volatile(PTX " %0, %1, %2;" : "=h"(d) : "f"(a), "f"(b));                    \
    out[i] = d;                                                                     \
  }
F32_TO_F8(k_f32_e4m3, "cvt.rn.satfinite.e4m3x2.f32")
F32_TO_F8(k_f32_e4m3_relu, "cvt.rn.satfinite.relu.e4m3x2.f32")
F32_TO_F8(k_f32_e5m2, "cvt.rn.satfinite.e5m2x2.f32")
F32_TO_F8(k_f32_e5m2_relu, "cvt.rn.satfinite.relu.e5m2x2.f32")

static const char *kForms[4] = {"e4m3", "e4m3.relu", "e5m2", "e5m2.relu"};

static unsigned long long fnv(const u8 *p, size_t n) {
  p2m_fp8_inputs::Fnv64 h;
  for (size_t i = 0; i < n; ++i) h.add(p[i]);
  return (unsigned long long)h.h;
}

static bool writeFile(const std::string &path, const void *p, size_t n) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(p, 1, n, f) == n;
  return std::fclose(f) == 0 && ok;
}

static u32 perm16(u32 i) { return (i * 40503u + 12345u) & 0xffffu; }

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  const u32 T = 256;
  // --- fp8x2 -> f16x2 -----------------------------------------------------------------------
  {
    const u32 n = 65536;
    std::vector<u16> in(n);
    for (u32 i = 0; i < n; ++i) in[i] = (u16)i;
    u16 *din; u32 *dout;
    CHECK(cudaMalloc(&din, n * 2)); CHECK(cudaMalloc(&dout, n * 4));
    CHECK(cudaMemcpy(din, in.data(), n * 2, cudaMemcpyHostToDevice));
    void (*ks[4])(const u16 *, u32 *, u32) = {k_e4m3_h2, k_e4m3_h2_relu, k_e5m2_h2, k_e5m2_h2_relu};
    std::vector<u32> tables;
    for (int f = 0; f < 4; ++f) {
      ks[f]<<<n / T, T>>>(din, dout, n);
      CHECK(cudaGetLastError());
      std::vector<u32> out(n);
      CHECK(cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost));
      u32 bad = 0;
      for (u32 i = 0; i < n; ++i) {
        u32 lo = out[i & 255] & 0xffff, hi = out[i >> 8] & 0xffff;
        if (out[i] != (lo | hi << 16)) ++bad;
      }
      std::vector<u32> tab(out.begin(), out.begin() + 256);
      std::printf("f16x2 <- %s: packing mismatches %u, table hash %016llx\n", kForms[f], bad,
                  fnv((const u8 *)tab.data(), 1024));
      tables.insert(tables.end(), tab.begin(), tab.end());
    }
    if (!writeFile(dir + "/f8_to_h2.bin", tables.data(), tables.size() * 4)) return 1;
    cudaFree(din); cudaFree(dout);
  }
  // --- f16x2 -> fp8x2 -----------------------------------------------------------------------
  {
    const u32 n = 65536;
    std::vector<u32> in(n);
    for (u32 i = 0; i < n; ++i) in[i] = i | perm16(i) << 16;
    u32 *din; u16 *dout;
    CHECK(cudaMalloc(&din, n * 4)); CHECK(cudaMalloc(&dout, n * 2));
    CHECK(cudaMemcpy(din, in.data(), n * 4, cudaMemcpyHostToDevice));
    void (*ks[4])(const u32 *, u16 *, u32) = {k_h2_e4m3, k_h2_e4m3_relu, k_h2_e5m2, k_h2_e5m2_relu};
    std::vector<u8> all;
    for (int f = 0; f < 4; ++f) {
      ks[f]<<<n / T, T>>>(din, dout, n);
      CHECK(cudaGetLastError());
      std::vector<u16> out(n);
      CHECK(cudaMemcpy(out.data(), dout, n * 2, cudaMemcpyDeviceToHost));
      std::vector<u8> tab(n);
      for (u32 i = 0; i < n; ++i) tab[i] = (u8)out[i];
      u32 bad = 0;
      for (u32 i = 0; i < n; ++i)
        if ((out[i] >> 8) != tab[perm16(i)]) ++bad;
      std::printf("%s <- f16x2: packing mismatches %u, table hash %016llx\n", kForms[f], bad,
                  fnv(tab.data(), n));
      all.insert(all.end(), tab.begin(), tab.end());
    }
    if (!writeFile(dir + "/h2_to_f8.bin", all.data(), all.size())) return 1;
    cudaFree(din); cudaFree(dout);
  }
  // --- f32, f32 -> fp8x2 --------------------------------------------------------------------
  {
    const u32 n = p2m_fp8_inputs::kCount;
    std::vector<u32> in(n);
    for (u32 i = 0; i < n; ++i) in[i] = p2m_fp8_inputs::input(i);
    float *din; u16 *dout;
    CHECK(cudaMalloc(&din, n * 4ull)); CHECK(cudaMalloc(&dout, n * 2ull));
    CHECK(cudaMemcpy(din, in.data(), n * 4ull, cudaMemcpyHostToDevice));
    void (*ks[4])(const float *, u16 *, u32) = {k_f32_e4m3, k_f32_e4m3_relu, k_f32_e5m2, k_f32_e5m2_relu};
    std::vector<u8> all;
    for (int f = 0; f < 4; ++f) {
      ks[f]<<<(n + T - 1) / T, T>>>(din, dout, n);
      CHECK(cudaGetLastError());
      std::vector<u16> out(n);
      CHECK(cudaMemcpy(out.data(), dout, n * 2ull, cudaMemcpyDeviceToHost));
      std::vector<u8> res(n);
      for (u32 i = 0; i < n; ++i) res[i] = (u8)(out[i] >> 8);
      u32 bad = 0;
      for (u32 i = 0; i < n; ++i)
        if ((u8)out[i] != res[n - 1 - i]) ++bad;
      std::printf("%s <- f32: packing mismatches %u, hash of %u results %016llx\n", kForms[f], bad,
                  n, fnv(res.data(), n));
      all.insert(all.end(), res.begin(), res.end());
    }
    if (!writeFile(dir + "/f32_to_f8.bin", all.data(), all.size())) return 1;
    cudaFree(din); cudaFree(dout);
  }
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0;
  cudaDriverGetVersion(&drv);
  std::printf("device %s (sm_%d%d), driver API %d\n", prop.name, prop.major, prop.minor, drv);
  return 0;
}

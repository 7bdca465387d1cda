// Probe: the arithmetic of mma.sync m16n8k32 with fp8 multiplicands (e4m3, e5m2) on the GPU.
// Runs the fp8 kernels of tests/inputs/cuda/src/tensor_cores_8bit.cu (raw fragments in, raw
// fragments out; one warp = one instance) on 256 instances per input distribution and writes,
// for each (kernel, distribution), the D words of all instances and a line in OUTDIR/index.txt:
// kernel dist instances nA nB nC nD (32-bit words per lane). The inputs are a deterministic
// function of (kernel, distribution): with --inputs (no GPU needed) the program writes them
// instead (<kernel>.<dist>.in.bin: A, B, C); the GPU run writes only D (<kernel>.<dist>.out.bin).
// tests/probes/mma_fp8_check.cpp compares them with emitters/msl/support/mma_ops.h.
//   nvcc -arch=sm_90 -O2 -I tests/inputs/cuda/src -o fp8_probe tests/probes/mma_fp8.cu
//   ./fp8_probe OUTDIR            (on the GPU)      ./fp8_probe OUTDIR --inputs   (anywhere)
#include "../inputs/cuda/src/tensor_cores_8bit.cu"
#include <cstring>
#include <string>
#include <vector>

typedef void (*Kernel)(const unsigned *, const unsigned *, const unsigned *, unsigned *);
struct Op {
  const char *name; Kernel k; int nc, nd; bool a_e5m2, b_e5m2, f16acc;
};

static uint64_t rs;
static uint64_t draw() {
  rs += 0x9E3779B97F4A7C15ull;
  uint64_t z = rs;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : s) { h ^= ch; h *= 1099511628211ull; }
  return h;
}
static int rint_(int lo, int hi) { return lo + (int)(draw() % (uint64_t)(hi - lo + 1)); }

// A float of E exponent and M mantissa bits with unbiased exponent e (clamped to the normal
// range), as bits.
static uint32_t fbits(int E, int M, int e, uint64_t mant, bool neg) {
  int bias = (1 << (E - 1)) - 1, emin = 1 - bias, emax = bias;
  if (E == 4) emax = 8;  // e4m3: the top exponent holds normal numbers
  e = e < emin ? emin : e > emax ? emax : e;
  uint32_t v = ((uint32_t)neg << (E + M)) | ((uint32_t)(e + bias) << M) | (uint32_t)(mant & ((1ull << M) - 1));
  if (E == 4 && (v & 0x7f) == 0x7f) v -= 1;  // not the NaN
  return v;
}

// One fp8 code (E = 4: e4m3, 5: e5m2) for distribution d.
static uint32_t gen_fp8(int E, const std::string &d) {
  int M = 7 - E;
  bool neg = draw() & 1;
  uint64_t mant = draw();
  if (d == "all") return (uint32_t)(draw() & 0xff);
  if (d == "finite") {
    for (;;) {
      uint32_t v = (uint32_t)(draw() & 0xff);
      if (E == 4 ? (v & 0x7f) != 0x7f : (v & 0x7c) != 0x7c) return v;
    }
  }
  if (d == "unit" || d == "bigc" || d == "tinyc") {
    if (draw() % 20 == 0) return 0;
    return fbits(E, M, rint_(-4, 1), mant, neg);
  }
  if (d == "cancel") {
    if (draw() % 8 == 0) return 0;
    return fbits(E, M, rint_(-6, 4), draw() % 2 ? 0 : mant, neg);
  }
  if (d == "subnormal") {
    if (draw() % 2) return ((uint32_t)neg << 7) | (uint32_t)(mant & ((1u << M) - 1));
    return fbits(E, M, rint_(-14, -4), mant, neg);
  }
  if (d == "big") return fbits(E, M, E == 4 ? rint_(5, 8) : rint_(10, 15), mant, neg);
  if (d == "special") {
    switch (draw() % 10) {
      case 0: return E == 4 ? (uint32_t)((neg << 7) | 0x7f) : (uint32_t)((neg << 7) | 0x7c);        // NaN / inf
      case 1: return E == 4 ? (uint32_t)((neg << 7) | 0x7e) : (uint32_t)((neg << 7) | 0x7d | (mant & 3));  // max / NaN
      case 2: return (uint32_t)neg << 7;
      case 3: return ((uint32_t)neg << 7) | 1u;
      default: return fbits(E, M, rint_(-4, 1), mant, neg);
    }
  }
  return 0;
}

// One C element (f32 bits, or f16 bits) for distribution d.
static uint32_t gen_c(bool f16, const std::string &d) {
  int E = f16 ? 5 : 8, M = f16 ? 10 : 23;
  bool neg = draw() & 1;
  uint64_t mant = draw();
  if (d == "unit" || d == "finite" || d == "all") return fbits(E, M, rint_(-6, 3), mant, neg);
  if (d == "cancel") return draw() % 3 == 0 ? 0 : fbits(E, M, rint_(-10, 6), draw() % 2 ? 0 : mant, neg);
  if (d == "bigc") return fbits(E, M, f16 ? (draw() % 2 ? rint_(8, 15) : rint_(-14, -8)) : (draw() % 2 ? rint_(10, 40) : rint_(-40, -10)), mant, neg);
  if (d == "tinyc" || d == "subnormal") {
    if (draw() % 3 == 0) return ((uint32_t)neg << (E + M)) | (uint32_t)(mant & ((1ull << M) - 1));
    return fbits(E, M, f16 ? rint_(-14, -10) : rint_(-126, -100), mant, neg);
  }
  if (d == "big") return fbits(E, M, f16 ? rint_(12, 15) : rint_(100, 127), mant, neg);
  if (d == "special") {
    switch (draw() % 8) {
      case 0: return ((uint32_t)neg << (E + M)) | ((uint32_t)((1 << E) - 1) << M);
      case 1: return ((uint32_t)neg << (E + M)) | ((uint32_t)((1 << E) - 1) << M) | 1u;
      case 2: return (uint32_t)neg << (E + M);
      default: return fbits(E, M, rint_(-6, 3), mant, neg);
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: fp8_probe OUTDIR [--inputs]\n"); return 2; }
  std::string out = argv[1];
  bool inputs_only = argc > 2 && std::string(argv[2]) == "--inputs";
  Op ops[] = {
    {"mma_m16n8k32_f32_e4m3_e4m3_f32", mma_m16n8k32_f32_e4m3_e4m3_f32, 4, 4, false, false, false},
    {"mma_m16n8k32_f32_e4m3_e5m2_f32", mma_m16n8k32_f32_e4m3_e5m2_f32, 4, 4, false, true, false},
    {"mma_m16n8k32_f32_e5m2_e4m3_f32", mma_m16n8k32_f32_e5m2_e4m3_f32, 4, 4, true, false, false},
    {"mma_m16n8k32_f32_e5m2_e5m2_f32", mma_m16n8k32_f32_e5m2_e5m2_f32, 4, 4, true, true, false},
    {"mma_m16n8k32_f16_e4m3_e4m3_f16", mma_m16n8k32_f16_e4m3_e4m3_f16, 2, 2, false, false, true},
    {"mma_m16n8k32_f16_e5m2_e5m2_f16", mma_m16n8k32_f16_e5m2_e5m2_f16, 2, 2, true, true, true},
  };
  const char *dists[] = {"all", "finite", "unit", "cancel", "bigc", "tinyc", "subnormal", "big", "special"};
  FILE *idx = fopen((out + "/index.txt").c_str(), "w");
  if (!idx) { fprintf(stderr, "cannot write %s/index.txt\n", out.c_str()); return 1; }
  const int W = 256;
  for (const Op &op : ops) {
    for (const char *dc : dists) {
      std::string d = dc;
      rs = fnv1a(std::string(op.name) + "." + d);
      size_t la = (size_t)W * 32 * 4, lb = (size_t)W * 32 * 2, lc = (size_t)W * 32 * op.nc, ld = (size_t)W * 32 * op.nd;
      std::vector<unsigned> A(la), B(lb), C(lc), D(ld);
      for (auto &x : A) for (int i = 0; i < 4; ++i) x |= gen_fp8(op.a_e5m2 ? 5 : 4, d) << (8 * i);
      for (auto &x : B) for (int i = 0; i < 4; ++i) x |= gen_fp8(op.b_e5m2 ? 5 : 4, d) << (8 * i);
      for (auto &x : C) x = op.f16acc ? gen_c(true, d) | (gen_c(true, d) << 16) : gen_c(false, d);
      std::string base = out + "/" + op.name + "." + d;
      fprintf(idx, "%s %s %d %d %d %d %d\n", op.name, d.c_str(), W, 4, 2, op.nc, op.nd);
      if (inputs_only) {
        FILE *f = fopen((base + ".in.bin").c_str(), "wb");
        fwrite(A.data(), 4, la, f); fwrite(B.data(), 4, lb, f); fwrite(C.data(), 4, lc, f);
        fclose(f);
        continue;
      }
      unsigned *da, *db, *dc_, *dd;
      cudaMalloc(&da, la * 4); cudaMalloc(&db, lb * 4); cudaMalloc(&dc_, lc * 4); cudaMalloc(&dd, ld * 4);
      cudaMemcpy(da, A.data(), la * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(db, B.data(), lb * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(dc_, C.data(), lc * 4, cudaMemcpyHostToDevice);
      op.k<<<W / 4, 128>>>(da, db, dc_, dd);
      cudaError_t e = cudaDeviceSynchronize();
      if (e != cudaSuccess) { fprintf(stderr, "%s %s: %s\n", op.name, d.c_str(), cudaGetErrorString(e)); return 1; }
      cudaMemcpy(D.data(), dd, ld * 4, cudaMemcpyDeviceToHost);
      cudaFree(da); cudaFree(db); cudaFree(dc_); cudaFree(dd);
      FILE *f = fopen((base + ".out.bin").c_str(), "wb");
      fwrite(D.data(), 4, ld, f);
      fclose(f);
    }
  }
  fclose(idx);
  printf("done\n");
  return 0;
}

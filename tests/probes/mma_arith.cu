// Probe: the arithmetic of mma.sync on the GPU. Runs every mma kernel of
// tests/inputs/cuda/src/tensor_cores.cu (raw fragments in, raw fragments out; one warp = one
// instance) on many instances per input distribution and writes, for each (kernel,
// distribution), the D words of all instances, and a line in OUTDIR/index.txt: kernel dist instances nA nB nC nD (32-bit words
// per lane). The inputs are a deterministic function of (kernel, distribution): with --inputs
// (no GPU needed) the program writes them instead (<kernel>.<dist>.in.bin: A, B, C) and the
// GPU run writes only D (<kernel>.<dist>.out.bin). The emulation in emitters/msl/support/mma_ops.h was fitted to and checked
// against these files (docs/gpu-facts.md, "Tensor cores").
//   nvcc -arch=sm_90 -O2 -I tests/inputs/cuda/src -o tc_probe tests/probes/mma_arith.cu
//   ./tc_probe OUTDIR            (on the GPU)      ./tc_probe OUTDIR --inputs   (anywhere)
#include "../inputs/cuda/src/tensor_cores.cu"
#include <cstring>
#include <string>
#include <vector>

typedef void (*Kernel)(const unsigned *, const unsigned *, const unsigned *, unsigned *);
enum Elem { F16, BF16, F32, F64, I8, I4, B1, S32 };

struct Op {
  const char *name; Kernel k; int na, nb, nc, nd; Elem ab, c;
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

// A float of a format with E exponent bits and M mantissa bits, as bits, for distribution d.
// Exponents are unbiased; 'lo'/'hi' pick the range.
static uint64_t fbits(int E, int M, int e, uint64_t mant, bool neg) {
  int bias = (1 << (E - 1)) - 1;
  uint64_t be = (uint64_t)(e + bias);
  return ((uint64_t)neg << (E + M)) | (be << M) | (mant & ((1ull << M) - 1));
}

static uint64_t gen_float(int E, int M, const std::string &d, bool isC) {
  int bias = (1 << (E - 1)) - 1;
  int emin = 1 - bias, emax = bias;
  bool neg = draw() & 1;
  uint64_t mant = draw();
  auto clampe = [&](int e) { return e < emin ? emin : e > emax ? emax : e; };
  if (d == "unit" || d == "unit_c0") {
    if (isC && d == "unit_c0") return 0;
    if (draw() % 20 == 0) return 0;
    return fbits(E, M, clampe(rint_(-8, 1)), mant, neg);
  }
  if (d == "wide") {
    if (draw() % 10 == 0) return (uint64_t)neg << (E + M);
    int lim = isC ? 40 : 20;
    return fbits(E, M, clampe(rint_(-lim, lim)), mant, neg);
  }
  if (d == "sparse") {
    if (draw() % 4 != 0) return 0;
    return fbits(E, M, clampe(rint_(-12, 12)), mant, neg);
  }
  if (d == "cancel") {  // few mantissa bits, spread exponents: exact cancellations and carries
    if (draw() % 8 == 0) return 0;
    uint64_t m = (draw() % 4) << (M - 2);
    if (draw() % 4 == 0) m |= 1;  // a lowest bit now and then
    return fbits(E, M, clampe(rint_(isC ? -30 : -14, isC ? 8 : 4)), m, neg);
  }
  if (d == "bigc") {  // C far above or below the products
    if (isC) return fbits(E, M, clampe(draw() & 1 ? rint_(10, 40) : rint_(-40, -10)), mant, neg);
    return fbits(E, M, clampe(rint_(-3, 3)), mant, neg);
  }
  if (d == "tiny") {  // results and operands near the subnormal range of the result type
    if (draw() % 6 == 0) return ((uint64_t)neg << (E + M)) | (mant & ((1ull << M) - 1));  // subnormal
    if (E == 5) return fbits(E, M, clampe(rint_(-14, -8)), mant, neg);
    if (E == 11) return fbits(E, M, clampe(rint_(-540, -480)), mant, neg);
    return fbits(E, M, clampe(isC ? rint_(-127, -110) : rint_(-70, -55)), mant, neg);
  }
  if (d == "special") {
    switch (draw() % 12) {
      case 0: return ((uint64_t)neg << (E + M)) | ((uint64_t)((1 << E) - 1) << M);  // inf
      case 1: return ((uint64_t)neg << (E + M)) | ((uint64_t)((1 << E) - 1) << M) | (mant & ((1ull << M) - 1)) | 1;  // NaN
      case 2: return (uint64_t)neg << (E + M);  // +-0
      case 3: return ((uint64_t)neg << (E + M)) | (mant & ((1ull << M) - 1));  // subnormal
      case 4: return fbits(E, M, emax, mant, neg);  // huge
      default: return fbits(E, M, clampe(rint_(-8, 1)), mant, neg);
    }
  }
  if (d == "halfway") {  // f32 inputs of tf32 ops: low 13 bits exactly half, or random
    uint64_t m = mant & ~((1ull << 13) - 1);
    int r = draw() % 4;
    if (r == 0) m |= 1u << 12;
    else if (r == 1) m |= (1u << 13) - 1;
    else if (r == 2) m |= mant & ((1u << 13) - 1);
    return fbits(E, M, clampe(rint_(-8, 1)), m, neg);
  }
  if (d == "overflow") {  // sums near the top of the range
    return fbits(E, M, isC ? clampe(emax - rint_(0, 2)) : clampe(E == 5 ? rint_(6, 15) : emax / 2 - rint_(0, 2)), mant, neg);
  }
  return 0;
}

static unsigned gen_word(Elem t, const std::string &d, bool isC) {
  switch (t) {
    case F16: return (unsigned)(gen_float(5, 10, d, isC) | (gen_float(5, 10, d, isC) << 16));
    case BF16: return (unsigned)(gen_float(8, 7, d, isC) | (gen_float(8, 7, d, isC) << 16));
    case F32: return (unsigned)gen_float(8, 23, d, isC);
    case S32:
      if (d == "satur") return draw() % 2 ? 0x7fffffffu - (unsigned)(draw() % 100000) : 0x80000000u + (unsigned)(draw() % 100000);
      if (d == "small") return (unsigned)rint_(-5000, 5000);
      return (unsigned)draw();
    case I8: case I4: case B1:
      if (d == "satur") {
        unsigned pats[] = {0x7f7f7f7fu, 0x80808080u, 0xffffffffu, 0x77777777u, 0x88888888u};
        return draw() % 4 ? pats[draw() % 5] : (unsigned)draw();
      }
      return (unsigned)draw();
    default: return (unsigned)draw();
  }
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: tc_probe OUTDIR\n"); return 2; }
  std::string out = argv[1];
  bool inputs_only = argc > 2 && std::string(argv[2]) == "--inputs";
  Op ops[] = {
    {"mma_m16n8k16_f32_f16_f32", mma_m16n8k16_f32_f16_f32, 4, 2, 4, 4, F16, F32},
    {"mma_m16n8k16_f32_bf16_f32", mma_m16n8k16_f32_bf16_f32, 4, 2, 4, 4, BF16, F32},
    {"mma_m16n8k16_f16_f16_f16", mma_m16n8k16_f16_f16_f16, 4, 2, 2, 2, F16, F16},
    {"mma_m16n8k8_f32_f16_f32", mma_m16n8k8_f32_f16_f32, 2, 1, 4, 4, F16, F32},
    {"mma_m16n8k8_f32_bf16_f32", mma_m16n8k8_f32_bf16_f32, 2, 1, 4, 4, BF16, F32},
    {"mma_m16n8k8_f16_f16_f16", mma_m16n8k8_f16_f16_f16, 2, 1, 2, 2, F16, F16},
    {"mma_m16n8k8_f32_tf32_f32", mma_m16n8k8_f32_tf32_f32, 4, 2, 4, 4, F32, F32},
    {"mma_m16n8k4_f32_tf32_f32", mma_m16n8k4_f32_tf32_f32, 2, 1, 4, 4, F32, F32},
    {"mma_m8n8k4_row_col_f32_f16_f32", mma_m8n8k4_row_col_f32_f16_f32, 2, 2, 8, 8, F16, F32},
    {"mma_m8n8k4_row_row_f16_f16_f16", mma_m8n8k4_row_row_f16_f16_f16, 2, 2, 4, 4, F16, F16},
    {"mma_m8n8k4_f64", (Kernel)mma_m8n8k4_f64, 2, 2, 4, 4, F64, F64},
    {"mma_m16n8k32_s32_s8_s8_s32", mma_m16n8k32_s32_s8_s8_s32, 4, 2, 4, 4, I8, S32},
    {"mma_m16n8k32_s32_s8_s8_s32_satfinite", mma_m16n8k32_s32_s8_s8_s32_satfinite, 4, 2, 4, 4, I8, S32},
    {"mma_m16n8k64_s32_s4_s4_s32_satfinite", mma_m16n8k64_s32_s4_s4_s32_satfinite, 4, 2, 4, 4, I4, S32},
  };
  const char *fdists[] = {"unit", "unit_c0", "wide", "sparse", "cancel", "bigc", "tiny", "special", "halfway", "overflow"};
  const char *idists[] = {"random", "small", "satur"};
  FILE *idx = fopen((out + "/index.txt").c_str(), "w");
  for (const Op &op : ops) {
    bool isint = op.c == S32;
    int nd = isint ? 3 : 10;
    for (int di = 0; di < nd; ++di) {
      std::string d = isint ? idists[di] : fdists[di];
      if (d == "halfway" && op.ab != F32) continue;
      bool main = !isint && (std::string(op.name).find("k16_f32") != std::string::npos || op.ab == F32);
      int W = main ? 1024 : 256;
      rs = fnv1a(std::string(op.name) + "." + d);
      size_t la = (size_t)W * 32 * op.na, lb = (size_t)W * 32 * op.nb, lc = (size_t)W * 32 * op.nc, ld = (size_t)W * 32 * op.nd;
      std::vector<unsigned> A(la), B(lb), C(lc), D(ld);
      if (op.ab == F64) {  // pairs of words are one double
        for (size_t i = 0; i < la; i += 2) { uint64_t v = gen_float(11, 52, d, false); A[i] = (unsigned)v; A[i + 1] = (unsigned)(v >> 32); }
        for (size_t i = 0; i < lb; i += 2) { uint64_t v = gen_float(11, 52, d, false); B[i] = (unsigned)v; B[i + 1] = (unsigned)(v >> 32); }
        for (size_t i = 0; i < lc; i += 2) { uint64_t v = gen_float(11, 52, d, true); C[i] = (unsigned)v; C[i + 1] = (unsigned)(v >> 32); }
      } else {
        for (auto &x : A) x = gen_word(op.ab, d, false);
        for (auto &x : B) x = gen_word(op.ab, d, false);
        for (auto &x : C) x = gen_word(op.c, d, true);
      }
      std::string base = out + "/" + op.name + "." + d;
      fprintf(idx, "%s %s %d %d %d %d %d\n", op.name, d.c_str(), W, op.na, op.nb, op.nc, op.nd);
      if (inputs_only) {
        FILE *f = fopen((base + ".in.bin").c_str(), "wb");
        fwrite(A.data(), 4, la, f); fwrite(B.data(), 4, lb, f); fwrite(C.data(), 4, lc, f);
        fclose(f);
        continue;
      }
      unsigned *da, *db, *dc, *dd;
      cudaMalloc(&da, la * 4); cudaMalloc(&db, lb * 4); cudaMalloc(&dc, lc * 4); cudaMalloc(&dd, ld * 4);
      cudaMemcpy(da, A.data(), la * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(db, B.data(), lb * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(dc, C.data(), lc * 4, cudaMemcpyHostToDevice);
      op.k<<<W / 4, 128>>>(da, db, dc, dd);
      cudaError_t e = cudaDeviceSynchronize();
      if (e != cudaSuccess) { fprintf(stderr, "%s %s: %s\n", op.name, d.c_str(), cudaGetErrorString(e)); return 1; }
      cudaMemcpy(D.data(), dd, ld * 4, cudaMemcpyDeviceToHost);
      cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd);
      FILE *f = fopen((base + ".out.bin").c_str(), "wb");
      fwrite(D.data(), 4, ld, f);
      fclose(f);
    }
  }
  fclose(idx);
  printf("done\n");
  return 0;
}

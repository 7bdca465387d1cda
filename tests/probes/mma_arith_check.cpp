// Compares the scalar core of emitters/msl/support/mma_ops.h (compiled as C++, as the host
// backend compiles MSL) with what tests/probes/mma_arith.cu recorded on the GPU, for the
// m16n8kK f16/bf16/tf32 kernels with f32 or f16 accumulators. Prints per distribution the
// outputs that differ. Build and run:
//   clang++-19 -std=c++17 -O2 -I lib/runtime/host/include -I emitters/msl/support \
//     -o mma_arith_check tests/probes/mma_arith_check.cpp
//   ./mma_arith_check IN OUT [KERNEL...]   (IN from `tc_probe IN --inputs`, OUT from the GPU)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "mma_ops.h"
#include <cstdio>
#include <string>
#include <vector>
using namespace std;
static vector<uint> readf(const string &f, size_t off, size_t n) {
  vector<uint> v(n); FILE *fp = fopen(f.c_str(), "rb"); if (!fp) { fprintf(stderr, "no %s\n", f.c_str()); exit(1);} fseek(fp, off * 4, SEEK_SET); size_t r = fread(v.data(), 4, n, fp); fclose(fp); if (r != n) exit(1); return v; }
static uint half_(uint w, int h) { return (w >> (16 * h)) & 0xffff; }
static long check(const string &indir, const string &outdir, const string &op, int verbose);
int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: mma_arith_check IN OUT [KERNEL...]\n"); return 2; }
  vector<string> ops;
  for (int i = 3; i < argc; ++i) ops.push_back(argv[i]);
  if (ops.empty())
    ops = {"mma_m16n8k16_f32_f16_f32", "mma_m16n8k16_f32_bf16_f32", "mma_m16n8k16_f16_f16_f16", "mma_m16n8k8_f32_f16_f32",
           "mma_m16n8k8_f32_bf16_f32", "mma_m16n8k8_f16_f16_f16", "mma_m16n8k8_f32_tf32_f32", "mma_m16n8k4_f32_tf32_f32"};
  long bad = 0;
  for (const string &op : ops) bad += check(argv[1], argv[2], op, 3);
  printf("%s\n", bad ? "DIFFERENT" : "all outputs as recorded");
  return bad ? 1 : 0;
}
static long check(const string &indir, const string &outdir, const string &op, int verbose) {
  int K = op.find("k16_") != string::npos ? 16 : op.find("k8_") != string::npos ? 8 : 4;
  bool f16acc = op.find("f16_f16_f16") != string::npos;
  uint fmt = op.find("bf16") != string::npos ? P2M_TC_BF16 : op.find("tf32") != string::npos ? P2M_TC_TF32 : P2M_TC_F16;
  FILE *idx = fopen((indir + "/index.txt").c_str(), "r"); if (!idx) { fprintf(stderr, "no index\n"); exit(2); } char o[200], d[100]; int W, na, nb, nc, nd; long tb = 0, tt = 0;
  while (fscanf(idx, "%s %s %d %d %d %d %d", o, d, &W, &na, &nb, &nc, &nd) == 7) {
    if (op != o) continue;
    string in = indir + "/" + o + "." + d + ".in.bin";
    size_t la = (size_t)W * 32 * na, lb = (size_t)W * 32 * nb, lc = (size_t)W * 32 * nc, ld = (size_t)W * 32 * nd;
    auto A = readf(in, 0, la), B = readf(in, la, lb), C = readf(in, la + lb, lc);
    auto D = readf(outdir + "/" + o + "." + d + ".out.bin", 0, ld);
    long bad = 0, tot = 0; int shown = 0;
    for (int w = 0; w < W; ++w) {
      uint Am[16][16], Bm[16][8], Cm[16][8], Dm[16][8];
      for (int L = 0; L < 32; ++L) {
        int g = L >> 2, t = L & 3; const uint *a = &A[((size_t)w * 32 + L) * na], *b = &B[((size_t)w * 32 + L) * nb];
        if (fmt != P2M_TC_TF32 && K == 16) {
          for (int i = 0; i < 8; ++i) Am[g + 8 * ((i >> 1) & 1)][t * 2 + (i & 1) + 8 * (i >> 2)] = half_(a[i >> 1], i & 1);
          for (int i = 0; i < 4; ++i) Bm[t * 2 + (i & 1) + 8 * (i >> 1)][g] = half_(b[i >> 1], i & 1);
        } else if (fmt != P2M_TC_TF32) {
          for (int i = 0; i < 4; ++i) Am[g + 8 * (i >> 1)][t * 2 + (i & 1)] = half_(a[i >> 1], i & 1);
          for (int i = 0; i < 2; ++i) Bm[t * 2 + i][g] = half_(b[0], i);
        } else if (K == 8) {
          for (int i = 0; i < 4; ++i) Am[g + 8 * (i & 1)][t + 4 * (i >> 1)] = a[i];
          for (int i = 0; i < 2; ++i) Bm[t + 4 * i][g] = b[i];
        } else { for (int i = 0; i < 2; ++i) Am[g + 8 * i][t] = a[i]; Bm[t][g] = b[0]; }
        for (int i = 0; i < 4; ++i) {
          const uint *cw = &C[((size_t)w * 32 + L) * nc], *dw = &D[((size_t)w * 32 + L) * nd];
          Cm[g + 8 * (i >> 1)][t * 2 + (i & 1)] = f16acc ? half_(cw[i >> 1], i & 1) : cw[i];
          Dm[g + 8 * (i >> 1)][t * 2 + (i & 1)] = f16acc ? half_(dw[i >> 1], i & 1) : dw[i];
        }
      }
      for (int m = 0; m < 16; ++m) for (int n = 0; n < 8; ++n) {
        uint av[16], bv[16]; for (int k = 0; k < K; ++k) { av[k] = Am[m][k]; bv[k] = Bm[k][n]; }
        uint got = p2m_tc_dot(av, bv, K, fmt, Cm[m][n], f16acc); ++tot;
        if (got != Dm[m][n]) { ++bad; if (shown < verbose) { ++shown; printf("%s w%d (%d,%d) want %08x got %08x c %08x\n", d, w, m, n, Dm[m][n], got, Cm[m][n]);
          for (int k = 0; k < K; ++k) printf("   %08x %08x\n", av[k], bv[k]); } }
      }
    }
    printf("%s %-10s %7ld of %7ld differ\n", o, d, bad, tot); tb += bad; tt += tot;
  }
  fclose(idx);
  printf("%s: %ld of %ld outputs differ\n", op.c_str(), tb, tt);
  return tb;
}

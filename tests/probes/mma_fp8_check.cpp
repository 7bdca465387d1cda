// Compares the fp8 mma helpers of emitters/msl/support/mma_ops.h (compiled as C++, as the host
// backend compiles MSL) with what tests/probes/mma_fp8.cu recorded on the GPU. Prints, per
// kernel and distribution, the outputs that differ; with --window W and --group G it evaluates
// an alternative sum instead (products added G at a time, each partial sum rounded as the
// result is, every sum aligned to a window of W bits), to tell models apart. Build and run:
//   clang++-19 -std=c++17 -O2 -I lib/runtime/host/include -I emitters/msl/support \
//     -o mma_fp8_check tests/probes/mma_fp8_check.cpp
//   ./mma_fp8_check IN OUT [--window W] [--group G] [KERNEL...]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "mma_ops.h"
using namespace std;

static int g_window = P2M_TC_WINDOW, g_group = 32;
static bool g_rn = false;
static bool g_actual = false;   // --actual: align to the largest actual exponent, not the nominal one
static bool g_c_outside = false; // --c-outside: C is added to the windowed product sum exactly
static bool g_c_cut = false; // --c-cut: the window hangs from the products' largest exponent; C is cut by it too // --rn: f32 results rounded to nearest even instead of toward zero

// p2m_tc_round with the rounding of f32 results as a parameter.
static uint round_to(bool neg, ulong mag, int q, bool f16, bool rn) {
  const uint mbits = f16 ? 10u : 23u, emask = f16 ? 31u : 255u, bias = emask >> 1;
  const int min_lsb = 1 - int(bias) - int(mbits);
  const int top = q + 63 - int(__builtin_clzll(mag));
  int lsb = metal::max(top - int(mbits), min_lsb);
  ulong r;
  const int sh = lsb - q;
  if (sh <= 0) r = mag << uint(-sh);
  else if (sh >= 64) r = 0ul;
  else {
    r = mag >> uint(sh);
    const ulong rem = mag & ((1ul << uint(sh)) - 1ul), half = 1ul << uint(sh - 1);
    if ((f16 || rn) && (rem > half || (rem == half && (r & 1ul) != 0ul))) r += 1ul;
  }
  if (r >= (2ul << mbits)) { r >>= 1; lsb += 1; }
  const uint s = neg && (!f16 || r != 0ul) ? (f16 ? 0x8000u : 0x80000000u) : 0u;
  if (r < (1ul << mbits)) return s | uint(r);
  const int be = lsb + int(mbits) + int(bias);
  if (be >= int(emask)) return s | (emask << mbits);
  return s | (uint(be) << mbits) | (uint(r) & ((1u << mbits) - 1u));
}

// p2m_tc_dot_mixed with the window as a parameter.
static uint dot_window(const uint *a, const uint *b, uint k, uint fa, uint fb, uint c, bool f16, int window) {
  p2m_tc_term t[33];
  bool nan = false, pinf = false, ninf = false;
  const uint cc = p2m_tc_decode(c, f16 ? P2M_TC_F16 : P2M_TC_F32, t[k]);
  if (cc == 3u) nan = true; else if (cc == 2u) (t[k].neg ? ninf : pinf) = true;
  for (uint i = 0; i < k; ++i) {
    p2m_tc_term x, y;
    const uint xc = p2m_tc_decode(a[i], fa, x), yc = p2m_tc_decode(b[i], fb, y);
    t[i].neg = x.neg != y.neg; t[i].e = x.e + y.e; t[i].E = x.E + y.E; t[i].m = x.m * y.m;
    if (xc == 3u || yc == 3u || (xc == 2u && yc == 0u) || (xc == 0u && yc == 2u)) nan = true;
    else if (xc == 2u || yc == 2u) (t[i].neg ? ninf : pinf) = true;
  }
  if (nan || (pinf && ninf)) return f16 ? 0x7fffu : 0x7fffffffu;
  if (pinf) return f16 ? 0x7c00u : 0x7f800000u;
  if (ninf) return f16 ? 0xfc00u : 0xff800000u;
  if (g_actual)
    for (uint i = 0; i <= k; ++i)
      if (t[i].m != 0ul) t[i].E = t[i].e + 63 - int(__builtin_clzll(t[i].m));
  int emax = 0; bool any = false, all_neg_zero = true;
  for (uint i = 0; i <= (g_c_outside || g_c_cut ? k - 1 : k); ++i) {
    if (t[i].m != 0ul) { emax = any ? metal::max(emax, t[i].E) : t[i].E; any = true; }
    all_neg_zero = all_neg_zero && t[i].m == 0ul && t[i].neg;
  }
  if ((g_c_outside || g_c_cut) && !any) emax = t[k].E, any = true;
  if (!any) return all_neg_zero ? (f16 ? 0x8000u : 0x80000000u) : 0u;
  int q = emax - window;
  if (g_c_outside && t[k].m != 0ul) q = metal::min(q, t[k].e);
  long sum = 0;
  for (uint i = 0; i <= k; ++i) {
    const int sh = (g_c_outside && i == k) ? q - t[i].e : q - t[i].e;
    const ulong v = sh <= 0 ? t[i].m << uint(-sh) : sh >= 64 ? 0ul : t[i].m >> uint(sh);
    sum += t[i].neg ? -long(v) : long(v);
  }
  if (sum == 0) return 0u;
  return round_to(sum < 0, ulong(sum < 0 ? -sum : sum), q, f16, g_rn);
}

static uint model(const uint *a, const uint *b, uint fa, uint fb, uint c, bool f16) {
  uint acc = c;
  for (int s = 0; s < 32; s += g_group) acc = dot_window(a + s, b + s, (uint)g_group, fa, fb, acc, f16, g_window);
  return acc;
}

static vector<uint> readf(const string &f, size_t off, size_t n) {
  vector<uint> v(n);
  FILE *fp = fopen(f.c_str(), "rb");
  if (!fp) { fprintf(stderr, "no %s\n", f.c_str()); exit(2); }
  fseek(fp, (long)(off * 4), SEEK_SET);
  size_t r = fread(v.data(), 4, n, fp);
  fclose(fp);
  if (r != n) { fprintf(stderr, "short %s\n", f.c_str()); exit(2); }
  return v;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: mma_fp8_check IN OUT [--window W] [--group G] [KERNEL...]\n"); return 2; }
  vector<string> only;
  for (int i = 3; i < argc; ++i) {
    string s = argv[i];
    if (s == "--window" && i + 1 < argc) g_window = atoi(argv[++i]);
    else if (s == "--group" && i + 1 < argc) g_group = atoi(argv[++i]);
    else if (s == "--rn") g_rn = true;
    else if (s == "--actual") g_actual = true;
    else if (s == "--c-outside") g_c_outside = true;
    else if (s == "--c-cut") g_c_cut = true;
    else only.push_back(s);
  }
  string indir = argv[1], outdir = argv[2];
  FILE *idx = fopen((indir + "/index.txt").c_str(), "r");
  if (!idx) { fprintf(stderr, "no index\n"); return 2; }
  char o[200], d[100];
  int W, na, nb, nc, nd;
  long total_bad = 0, total = 0;
  while (fscanf(idx, "%199s %99s %d %d %d %d %d", o, d, &W, &na, &nb, &nc, &nd) == 7) {
    string op = o;
    if (!only.empty()) { bool hit = false; for (auto &x : only) hit |= op == x; if (!hit) continue; }
    const bool f16 = op.find("_f16_") != string::npos;

    // kernel names: mma_m16n8k32_<d>_<a>_<b>_<c>
    size_t p = op.find("k32_") + 4;
    p = op.find('_', p) + 1;
    const string at = op.substr(p, 4), bt = op.substr(p + 5, 4);
    const uint FA = at == "e5m2" ? P2M_TC_E5M2 : P2M_TC_E4M3, FB = bt == "e5m2" ? P2M_TC_E5M2 : P2M_TC_E4M3;

    string in = indir + "/" + op + "." + d + ".in.bin";
    size_t la = (size_t)W * 32 * na, lb = (size_t)W * 32 * nb, lc = (size_t)W * 32 * nc, ld = (size_t)W * 32 * nd;
    auto A = readf(in, 0, la), B = readf(in, la, lb), C = readf(in, la + lb, lc);
    auto D = readf(outdir + "/" + op + "." + d + ".out.bin", 0, ld);
    long bad = 0, tot = 0;
    int shown = 0;
    for (int w = 0; w < W; ++w) {
      uint Am[16][32], Bm[32][8], Cm[16][8], Dm[16][8];
      for (int L = 0; L < 32; ++L) {
        const int g = L >> 2, t = L & 3;
        const uint *a = &A[((size_t)w * 32 + L) * na], *b = &B[((size_t)w * 32 + L) * nb];
        const uint *cw = &C[((size_t)w * 32 + L) * nc], *dw = &D[((size_t)w * 32 + L) * nd];
        for (int i = 0; i < 4; ++i) {
          Am[g][4 * t + i] = (a[0] >> (8 * i)) & 0xff;
          Am[g + 8][4 * t + i] = (a[1] >> (8 * i)) & 0xff;
          Am[g][16 + 4 * t + i] = (a[2] >> (8 * i)) & 0xff;
          Am[g + 8][16 + 4 * t + i] = (a[3] >> (8 * i)) & 0xff;
          Bm[4 * t + i][g] = (b[0] >> (8 * i)) & 0xff;
          Bm[16 + 4 * t + i][g] = (b[1] >> (8 * i)) & 0xff;
        }
        for (int i = 0; i < 4; ++i) {
          const int r = g + 8 * (i >> 1), col = 2 * t + (i & 1);
          Cm[r][col] = f16 ? (cw[i >> 1] >> (16 * (i & 1))) & 0xffff : cw[i];
          Dm[r][col] = f16 ? (dw[i >> 1] >> (16 * (i & 1))) & 0xffff : dw[i];
        }
      }
      for (int m = 0; m < 16; ++m)
        for (int n = 0; n < 8; ++n) {
          uint av[32], bv[32];
          for (int k = 0; k < 32; ++k) { av[k] = Am[m][k]; bv[k] = Bm[k][n]; }
          const uint got = model(av, bv, FA, FB, Cm[m][n], f16);
          ++tot;
          if (got != Dm[m][n]) {
            ++bad;
            if (shown < 2) {
              ++shown;
              printf("  %s w%d (%d,%d) want %08x got %08x c %08x\n", d, w, m, n, Dm[m][n], got, Cm[m][n]);
            }
          }
        }
    }
    printf("%s %-10s %6ld of %6ld differ\n", op.c_str(), d, bad, tot);
    total_bad += bad;
    total += tot;
  }
  fclose(idx);
  printf("%ld of %ld outputs differ (window %d, group %d)\n", total_bad, total, g_window, g_group);
  return total_bad ? 1 : 0;
}

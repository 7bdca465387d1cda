// Checks models of the mma forms that sm_90 has no tensor-core instruction for, and that ptxas
// therefore rewrites, against recorded outputs (docs/gpu-facts.md "mma forms ptxas emulates on
// sm_90"):
//   * m16n8k32 with e4m3/e5m2 multiplicands: the fp8 bytes unpacked to f16 (exact), two
//     HMMA.16816 (bytes 0-1 of every register, C = +0; then bytes 2-3 with the first result as
//     C), then C added by FADD (f32 accumulators) or HADD2 (f16);
//   * m8n8k4 with f16 multiplicands: a software routine of f32 FFMA/FADD on the quad-pair
//     fragments, f16 results rounded from f32 (F2FP).
// Inputs: the execution suite's recordings (tests/exec/inputs/<case>.in.bin and
// tests/exec/expected/<case>.nvcc.sm_90.O3.out.bin: the m8n8k4 f16 and fp8 f16 cases), or
// tests/probes/mma_fp8.cu's (DIR with index.txt, <kernel>.<dist>.in.bin and .out.bin; every
// fp8 kernel). Build and run from the repository root:
//   clang++-19 -std=c++17 -O2 -I lib/runtime/host/include -I emitters/msl/support \
//     -o mma_sm90_emulation_check tests/probes/mma_sm90_emulation_check.cpp
//   ./mma_sm90_emulation_check exec tests/exec
//   ./mma_sm90_emulation_check probe IN OUT
// MODEL=n picks the model (model_name): 0 the sequences above written with host float
// arithmetic, 2 and 3 the alternatives docs/gpu-facts.md counts, 4 mma_ops.h's helpers.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "mma_ops.h"
using namespace std;

static int g_model = 0;

static const char *model_name(int m)
{
  switch (m) {
  case 0: return "the emulation ptxas emits (two f16 HMMA, HADD2 / f32 FFMA chain)";
  case 2: return "fp8 f16: two f16 HMMA, C in the first";
  case 3: return "m8n8k4: one aligned sum of 4 products and C (the m16n8k* rule)";
  case 4: return "the helpers of mma_ops.h (p2m_tc_dot_fp8, p2m_tc_m8n8k4_*)";
  default: return "?";
  }
}

// --- scalar helpers ------------------------------------------------------------------------------
static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t bits_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static float f16_to_f32(uint32_t h)
{
  const uint32_t s = (h >> 15) & 1u, e = (h >> 10) & 31u, m = h & 1023u;
  float v;
  if (e == 31u) v = m ? NAN : INFINITY;
  else if (e == 0u) v = ldexpf(float(m), -24);
  else v = ldexpf(float(m | 1024u), int(e) - 25);
  return s ? -v : v;
}

// f32 to f16, to nearest even (F2FP.F16.F32); NaN gives 0x7fff.
static uint32_t f32_to_f16(float f)
{
  const uint32_t u = bits_of(f);
  if (std::isnan(f)) return 0x7fffu;
  const bool neg = (u >> 31) != 0u;
  if (std::isinf(f)) return neg ? 0xfc00u : 0x7c00u;
  p2m_tc_term t;
  p2m_tc_decode(u, P2M_TC_F32, t);
  if (t.m == 0ul) return neg ? 0x8000u : 0u;
  const uint r = p2m_tc_round_to(neg, t.m, t.e, true, true);
  // p2m_tc_round_to gives +0 for a negative value that rounds to zero (the mma rule); a
  // conversion keeps the sign.
  return (r & 0x7fffu) == 0u && neg ? 0x8000u : r;
}

static float canon(float f) { return std::isnan(f) ? f32_of(0x7fffffffu) : f; }
static float fma32(float a, float b, float c) { return canon(fmaf(a, b, c)); }
static float add32(float a, float b) { return canon(a + b); }

// f16 + f16 to nearest even (HADD2), the NaN 0x7fff.
static uint32_t hadd(uint32_t x, uint32_t y)
{
  const float fx = f16_to_f32(x), fy = f16_to_f32(y);
  if (std::isnan(fx) || std::isnan(fy)) return 0x7fffu;
  if (std::isinf(fx) || std::isinf(fy)) {
    if (std::isinf(fx) && std::isinf(fy) && (x >> 15) != (y >> 15)) return 0x7fffu;
    return std::isinf(fx) ? x : y;
  }
  p2m_tc_term a, b;
  p2m_tc_decode(x, P2M_TC_F16, a);
  p2m_tc_decode(y, P2M_TC_F16, b);
  if (a.m == 0ul && b.m == 0ul) return a.neg && b.neg ? 0x8000u : 0u;
  // Both exponents lie in [-24, 5]: the exact sum fits in 64 bits at 2^-24.
  const long va = long(a.m << uint(a.e + 24)), vb = long(b.m << uint(b.e + 24));
  const long s = (a.neg ? -va : va) + (b.neg ? -vb : vb);
  if (s == 0) return 0u;
  return p2m_tc_round_to(s < 0, ulong(s < 0 ? -s : s), -24, true, true);
}

// fp8 byte to f16 bits (exact; F2FP.F16.E4M3.UNPACK_B / E5M2).
static uint32_t fp8_to_f16(uint32_t v, bool e5)
{
  if (e5) return (v & 0xffu) << 8;
  const uint32_t s = (v & 0x80u) << 8, ex = (v >> 3) & 15u, man = v & 7u;
  if (ex == 15u && man == 7u) return 0x7fffu;
  if (ex == 0u) {
    if (man == 0u) return s;
    // man * 2^-9: normalise into f16 (exponent -9 .. -7).
    int e = -9, m = int(man);
    while (m < 8) { m <<= 1; --e; }
    return s | (uint32_t(e + 3 + 15) << 10) | (uint32_t(m & 7) << 7);
  }
  return s | ((ex + 8u) << 10) | (man << 7);
}

// --- fp8 with f16 accumulators -----------------------------------------------------------------
static uint32_t fp8_f16_model(const uint32_t *a, const uint32_t *b, bool e5, uint32_t c)
{
  if (g_model == 4) {
    uint aa[32], bb[32];
    for (int k = 0; k < 32; ++k) { aa[k] = a[k]; bb[k] = b[k]; }
    const uint f = e5 ? P2M_TC_E5M2 : P2M_TC_E4M3;
    return p2m_tc_dot_fp8(aa, bb, f, f, c, true);
  }
  uint ha[32], hb[32];
  for (int k = 0; k < 32; ++k) { ha[k] = fp8_to_f16(a[k], e5); hb[k] = fp8_to_f16(b[k], e5); }
  uint lo_a[16], lo_b[16], hi_a[16], hi_b[16];
  int nl = 0, nh = 0;
  for (int k = 0; k < 32; ++k) {
    if ((k & 3) < 2) { lo_a[nl] = ha[k]; lo_b[nl++] = hb[k]; }
    else { hi_a[nh] = ha[k]; hi_b[nh++] = hb[k]; }
  }
  if (g_model == 2) {
    const uint t = p2m_tc_dot(lo_a, lo_b, 16u, P2M_TC_F16, c, true);
    return p2m_tc_dot(hi_a, hi_b, 16u, P2M_TC_F16, t, true);
  }
  const uint t1 = p2m_tc_dot(lo_a, lo_b, 16u, P2M_TC_F16, 0u, true);
  const uint t2 = p2m_tc_dot(hi_a, hi_b, 16u, P2M_TC_F16, t1, true);
  return hadd(t2, c);
}

// --- m8n8k4 f16 --------------------------------------------------------------------------------
// f32 accumulators: ((((+0 + p0) + p1) + p2) + p3) by FFMA, then + C by FADD.
static uint32_t m8n8k4_f32_model(const uint32_t *a, const uint32_t *b, uint32_t c)
{
  if (g_model == 3) {
    uint aa[4], bb[4];
    for (int k = 0; k < 4; ++k) { aa[k] = a[k]; bb[k] = b[k]; }
    return p2m_tc_dot(aa, bb, 4u, P2M_TC_F16, c, false);
  }
  if (g_model == 4) {
    uint s = 0u;
    for (int k = 0; k < 4; ++k) s = p2m_tc_ffma_f16(a[k], b[k], s);
    return p2m_tc_fadd(c, s);
  }
  float s = 0.0f;
  for (int k = 0; k < 4; ++k) s = fma32(f16_to_f32(a[k]), f16_to_f32(b[k]), s);
  return bits_of(add32(f32_of(c), s));
}

// f16 accumulators: s01 = p0 + p1, s23 = p2 + p3 (FMUL, FFMA), then (C + s01) + s23 by FADD,
// rounded to f16.
static uint32_t m8n8k4_f16_model(const uint32_t *a, const uint32_t *b, uint32_t c)
{
  if (g_model == 3) {
    uint aa[4], bb[4];
    for (int k = 0; k < 4; ++k) { aa[k] = a[k]; bb[k] = b[k]; }
    return p2m_tc_dot(aa, bb, 4u, P2M_TC_F16, c, true);
  }
  if (g_model == 4) {
    uint aa[4], bb[4];
    for (int k = 0; k < 4; ++k) { aa[k] = a[k]; bb[k] = b[k]; }
    return p2m_tc_m8n8k4_f16_one(aa, bb, c);
  }
  float x[4], y[4];
  for (int k = 0; k < 4; ++k) { x[k] = f16_to_f32(a[k]); y[k] = f16_to_f32(b[k]); }
  const float s01 = fma32(x[1], y[1], canon(x[0] * y[0]));
  const float s23 = fma32(x[3], y[3], canon(x[2] * y[2]));
  return f32_to_f16(add32(add32(f16_to_f32(c), s01), s23));
}

// --- files -------------------------------------------------------------------------------------
static vector<uint8_t> read_all(const string &f)
{
  FILE *fp = fopen(f.c_str(), "rb");
  if (!fp) { fprintf(stderr, "no %s\n", f.c_str()); exit(2); }
  vector<uint8_t> v;
  uint8_t buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, fp)) > 0) v.insert(v.end(), buf, buf + n);
  fclose(fp);
  return v;
}
static uint32_t word(const vector<uint8_t> &v, size_t i) { uint32_t w; memcpy(&w, &v[4 * i], 4); return w; }

struct Tally { long bad = 0, total = 0; int shown = 0; };

static void report(Tally &t, const char *what, uint32_t want, uint32_t got, uint32_t c)
{
  ++t.total;
  if (want == got) return;
  ++t.bad;
  if (t.shown++ < 3) printf("    %s want %08x got %08x c %08x\n", what, want, got, c);
}

// --- fp8 with f32 accumulators: the same emulation with HMMA.16816.F32 and FADD -------------------
static uint32_t fp8_f32_model(const uint32_t *a, const uint32_t *b, bool ae5, bool be5, uint32_t c)
{
  if (g_model == 4) {
    uint aa[32], bb[32];
    for (int k = 0; k < 32; ++k) { aa[k] = a[k]; bb[k] = b[k]; }
    return p2m_tc_dot_fp8(aa, bb, ae5 ? P2M_TC_E5M2 : P2M_TC_E4M3, be5 ? P2M_TC_E5M2 : P2M_TC_E4M3, c, false);
  }
  uint lo_a[16], lo_b[16], hi_a[16], hi_b[16];
  int nl = 0, nh = 0;
  for (int k = 0; k < 32; ++k) {
    const uint x = fp8_to_f16(a[k], ae5), y = fp8_to_f16(b[k], be5);
    if ((k & 3) < 2) { lo_a[nl] = x; lo_b[nl++] = y; }
    else { hi_a[nh] = x; hi_b[nh++] = y; }
  }
  const uint t1 = p2m_tc_dot(lo_a, lo_b, 16u, P2M_TC_F16, 0u, false);
  const uint t2 = p2m_tc_dot(hi_a, hi_b, 16u, P2M_TC_F16, t1, false);
  return p2m_tc_fadd(c, t2);
}

// One fp8 f32 instance: A 4 registers, B 2, C/D 4 per lane.
static void fp8_f32_instance(const uint32_t *A, const uint32_t *B, const uint32_t *C, const uint32_t *D, bool ae5,
                             bool be5, Tally &t)
{
  uint32_t Am[16][32], Bm[32][8], Cm[16][8], Dm[16][8];
  for (int L = 0; L < 32; ++L) {
    const int g = L >> 2, q = L & 3;
    const uint32_t *a = A + 4 * L, *b = B + 2 * L;
    for (int i = 0; i < 4; ++i) {
      Am[g][4 * q + i] = (a[0] >> (8 * i)) & 0xff;
      Am[g + 8][4 * q + i] = (a[1] >> (8 * i)) & 0xff;
      Am[g][16 + 4 * q + i] = (a[2] >> (8 * i)) & 0xff;
      Am[g + 8][16 + 4 * q + i] = (a[3] >> (8 * i)) & 0xff;
      Bm[4 * q + i][g] = (b[0] >> (8 * i)) & 0xff;
      Bm[16 + 4 * q + i][g] = (b[1] >> (8 * i)) & 0xff;
    }
    for (int i = 0; i < 4; ++i) {
      const int r = g + 8 * (i >> 1), col = 2 * q + (i & 1);
      Cm[r][col] = C[4 * L + i];
      Dm[r][col] = D[4 * L + i];
    }
  }
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 8; ++n) {
      uint32_t av[32], bv[32];
      for (int k = 0; k < 32; ++k) { av[k] = Am[m][k]; bv[k] = Bm[k][n]; }
      report(t, "fp8 f32", Dm[m][n], fp8_f32_model(av, bv, ae5, be5, Cm[m][n]), Cm[m][n]);
    }
}

// One fp8 f16 instance: A 4 registers, B 2, C/D 2 per lane (tensor_cores_8bit.cu).
static void fp8_instance(const uint32_t *A, const uint32_t *B, const uint32_t *C, const uint32_t *D, bool e5,
                         Tally &t)
{
  uint32_t Am[16][32], Bm[32][8], Cm[16][8], Dm[16][8];
  for (int L = 0; L < 32; ++L) {
    const int g = L >> 2, q = L & 3;
    const uint32_t *a = A + 4 * L, *b = B + 2 * L;
    for (int i = 0; i < 4; ++i) {
      Am[g][4 * q + i] = (a[0] >> (8 * i)) & 0xff;
      Am[g + 8][4 * q + i] = (a[1] >> (8 * i)) & 0xff;
      Am[g][16 + 4 * q + i] = (a[2] >> (8 * i)) & 0xff;
      Am[g + 8][16 + 4 * q + i] = (a[3] >> (8 * i)) & 0xff;
      Bm[4 * q + i][g] = (b[0] >> (8 * i)) & 0xff;
      Bm[16 + 4 * q + i][g] = (b[1] >> (8 * i)) & 0xff;
    }
    for (int i = 0; i < 4; ++i) {
      const int r = g + 8 * (i >> 1), col = 2 * q + (i & 1);
      Cm[r][col] = (C[2 * L + (i >> 1)] >> (16 * (i & 1))) & 0xffff;
      Dm[r][col] = (D[2 * L + (i >> 1)] >> (16 * (i & 1))) & 0xffff;
    }
  }
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 8; ++n) {
      uint32_t av[32], bv[32];
      for (int k = 0; k < 32; ++k) { av[k] = Am[m][k]; bv[k] = Bm[k][n]; }
      report(t, "fp8", Dm[m][n], fp8_f16_model(av, bv, e5, Cm[m][n]), Cm[m][n]);
    }
}

// One warp of m8n8k4 f16 (A, B 2 registers, C/D 4 (f16) or 8 (f32) per lane): four quad-pairs,
// each an independent 8x8x4 product on lanes 4i..4i+3 and 16+4i..16+4i+3.
static void m8n8k4_warp(const uint32_t *A, const uint32_t *B, const uint32_t *C, const uint32_t *D, bool a_row,
                        bool b_row, bool f32, Tally &t)
{
  for (int qp = 0; qp < 4; ++qp) {
    uint32_t Am[8][4], Bm[4][8], Cm[8][8], Dm[8][8];
    for (int u = 0; u < 2; ++u)
      for (int l = 0; l < 4; ++l) {
        const int L = 16 * u + 4 * qp + l;
        for (int v = 0; v < 4; ++v) {
          const uint32_t ah = (A[2 * L + (v >> 1)] >> (16 * (v & 1))) & 0xffff;
          const uint32_t bh = (B[2 * L + (v >> 1)] >> (16 * (v & 1))) & 0xffff;
          if (a_row) Am[l + 4 * u][v] = ah; else Am[4 * u + v][l] = ah;
          if (b_row) Bm[l][4 * u + v] = bh; else Bm[v][l + 4 * u] = bh;
        }
        for (int v = 0; v < 8; ++v) {
          if (f32) {
            const int r = (l & 1) + (v & 2) + 4 * u, col = (v & 4) + (l & 2) + (v & 1);
            Cm[r][col] = C[8 * L + v];
            Dm[r][col] = D[8 * L + v];
          } else {
            Cm[l + 4 * u][v] = (C[4 * L + (v >> 1)] >> (16 * (v & 1))) & 0xffff;
            Dm[l + 4 * u][v] = (D[4 * L + (v >> 1)] >> (16 * (v & 1))) & 0xffff;
          }
        }
      }
    for (int m = 0; m < 8; ++m)
      for (int n = 0; n < 8; ++n) {
        uint32_t av[4], bv[4];
        for (int k = 0; k < 4; ++k) { av[k] = Am[m][k]; bv[k] = Bm[k][n]; }
        const uint32_t got = f32 ? m8n8k4_f32_model(av, bv, Cm[m][n]) : m8n8k4_f16_model(av, bv, Cm[m][n]);
        report(t, "m8n8k4", Dm[m][n], got, Cm[m][n]);
      }
  }
}

static long g_bad = 0, g_total = 0;

static void exec_case(const string &root, const string &name)
{
  const auto in = read_all(root + "/inputs/" + name + ".in.bin");
  const auto out = read_all(root + "/expected/" + name + ".nvcc.sm_90.O3.out.bin");
  Tally t;
  if (name.find("m16n8k32") != string::npos) {
    const bool e5 = name.find("e5m2") != string::npos;
    // a: 4096 bytes, b: 2048, c: 2048 (1024 f16); 8 warps.
    for (int w = 0; w < 8; ++w) {
      vector<uint32_t> A(128), B(64), C(64), D(64);
      for (int i = 0; i < 128; ++i) A[i] = word(in, 128 * w + i);
      for (int i = 0; i < 64; ++i) B[i] = word(in, 1024 + 64 * w + i);
      for (int i = 0; i < 64; ++i) C[i] = word(in, 1536 + 64 * w + i);
      for (int i = 0; i < 64; ++i) D[i] = word(out, 64 * w + i);
      fp8_instance(A.data(), B.data(), C.data(), D.data(), e5, t);
    }
  } else {
    const bool f32 = name.find("_f32_") != string::npos;
    const bool a_row = name.compare(11, 3, "row") == 0;
    const bool b_row = name.compare(name.find('_', 11) + 1, 3, "row") == 0;
    const int nc = f32 ? 8 : 4;
    // a, b: 1024 f16 (2 words per lane), c: nc words per lane; 8 warps.
    for (int w = 0; w < 8; ++w) {
      vector<uint32_t> A(64), B(64), C(32 * nc), D(32 * nc);
      for (int i = 0; i < 64; ++i) A[i] = word(in, 64 * w + i);
      for (int i = 0; i < 64; ++i) B[i] = word(in, 512 + 64 * w + i);
      for (int i = 0; i < 32 * nc; ++i) C[i] = word(in, 1024 + 32 * nc * w + i);
      for (int i = 0; i < 32 * nc; ++i) D[i] = word(out, 32 * nc * w + i);
      m8n8k4_warp(A.data(), B.data(), C.data(), D.data(), a_row, b_row, f32, t);
    }
  }
  printf("%-44s %5ld of %5ld differ\n", name.c_str(), t.bad, t.total);
  g_bad += t.bad;
  g_total += t.total;
}

static void probe(const string &indir, const string &outdir)
{
  FILE *idx = fopen((indir + "/index.txt").c_str(), "r");
  if (!idx) { fprintf(stderr, "no index\n"); exit(2); }
  char o[200], d[100];
  int W, na, nb, nc, nd;
  while (fscanf(idx, "%199s %99s %d %d %d %d %d", o, d, &W, &na, &nb, &nc, &nd) == 7) {
    const string op = o;
    const bool f16 = op.find("_f16_") != string::npos;
    const bool e5 = op.find("e5m2") != string::npos;
    const size_t at = op.find("k32_") + 8;
    const bool ae5 = op.compare(at, 4, "e5m2") == 0, be5 = op.compare(at + 5, 4, "e5m2") == 0;
    const int nr = f16 ? 2 : 4;
    const auto in = read_all(indir + "/" + op + "." + d + ".in.bin");
    const auto out = read_all(outdir + "/" + op + "." + d + ".out.bin");
    const size_t la = size_t(W) * 32 * na, lb = size_t(W) * 32 * nb;
    Tally t;
    for (int w = 0; w < W; ++w) {
      vector<uint32_t> A(128), B(64), C(32 * nr), D(32 * nr);
      for (int i = 0; i < 128; ++i) A[i] = word(in, 128 * size_t(w) + i);
      for (int i = 0; i < 64; ++i) B[i] = word(in, la + 64 * size_t(w) + i);
      for (int i = 0; i < 32 * nr; ++i) C[i] = word(in, la + lb + 32 * nr * size_t(w) + i);
      for (int i = 0; i < 32 * nr; ++i) D[i] = word(out, 32 * nr * size_t(w) + i);
      if (f16)
        fp8_instance(A.data(), B.data(), C.data(), D.data(), e5, t);
      else
        fp8_f32_instance(A.data(), B.data(), C.data(), D.data(), ae5, be5, t);
    }
    printf("%-34s %-10s %6ld of %6ld differ\n", op.c_str(), d, t.bad, t.total);
    g_bad += t.bad;
    g_total += t.total;
  }
  fclose(idx);
}

int main(int argc, char **argv)
{
  if (const char *m = getenv("MODEL")) g_model = atoi(m);
  if (argc >= 3 && string(argv[1]) == "exec") {
    const string root = argv[2];
    const char *cases[] = {"mma_m8n8k4_row_row_f16_f16_f16", "mma_m8n8k4_col_col_f16_f16_f16",
                           "mma_m8n8k4_row_col_f32_f16_f32", "mma_m8n8k4_col_row_f32_f16_f32"};
    for (const char *c : cases)
      for (const char *v : {"random", "edge"}) exec_case(root, string(c) + "." + v);
    for (const char *c : {"mma_m16n8k32_f16_e4m3_e4m3_f16", "mma_m16n8k32_f16_e5m2_e5m2_f16"})
      for (const char *v : {"random", "finite", "unit", "bigc", "edge"}) exec_case(root, string(c) + "." + v);
  } else if (argc >= 4 && string(argv[1]) == "probe") {
    probe(argv[2], argv[3]);
  } else {
    fprintf(stderr, "usage: mma_sm90_emulation_check exec EXECDIR | probe IN OUT\n");
    return 2;
  }
  printf("%ld of %ld outputs differ (model %d: %s)\n", g_bad, g_total, g_model, model_name(g_model));
  return g_bad ? 1 : 0;
}

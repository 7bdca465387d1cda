// Searches families of models for the sum of mma.sync m16n8k32 with fp8 multiplicands and f32
// accumulators, against the recording of tests/probes/mma_fp8.cu (docs/gpu-facts.md "fp8 mma",
// which lists the results). Each family is described above its eval_* function.
//   clang++-19 -std=c++20 -O2 -o mma_fp8_search tests/probes/mma_fp8_search.cpp
//   ./mma_fp8_search DIR KERNEL DIST [DIST...]   "C first", every G, W 10..30 and option
// Environment (one mode at a time; the scans print one line per model):
//   WMASK=1                      "C first": per option, the outputs no W fits
//   MODEL=G,W,cin,floor,rn,frn   one "C first" model
//   CLAST=1 [FL=f]               "C last": per G, P and option, the best W
//   CLAST_MODEL=G,W,P,prn,floor  one "C last" model
//   SEQ=1 [SEQ_G=G]              "sequential window": every G, W 20..30 and option
//   SEQ_MODEL=G,W,floor          one "sequential window" model (SEQ_P, SEQ_W1, SEQ_P1 below)
//   BLOCKS=B,P,prn  TREE=1  TWO=1  PN=1  DROP=1     the other families, scanned
// Modifiers: PERM=n the order the products are taken in (perm_k); NOMINAL=1 align to the
// products' nominal exponents; CREF=1 "C last" window from max(products, C); SEQ_P=P the
// "sequential" partial sum kept to P bits; SEQ_W1/SEQ_P1 its first step's W and P; T_PLUS=n its
// running sum's top bit counted n higher when aligning.
// The rule found (f32 accumulators, 1 of 959,759 outputs differ):
//   T_PLUS=1 NOMINAL=1 PERM=2 SEQ_P=24 ./mma_fp8_search DIR KERNEL DIST... with SEQ_MODEL=16,26,0
// DIR holds index.txt, <kernel>.<dist>.in.bin (fp8_probe DIR --inputs) and .out.bin (the GPU's).
// Outputs with a NaN or infinite operand are left out (their rule is in docs/gpu-facts.md).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
using namespace std;
typedef unsigned __int128 u128;
typedef __int128 i128;

struct Term { bool neg; int e; uint64_t m; int E = 0; };  // E: nominal exponent (products)  // value (-1)^neg * m * 2^e, m == 0: zero
struct Case { Term p[32]; uint32_t c, d; bool special; };

static int bitlen(u128 x) { int n = 0; while (x) { ++n; x >>= 1; } return n; }

static bool decode8(uint32_t v, bool e5, Term &t) {  // false: NaN or infinity
  int E = e5 ? 5 : 4, M = 7 - E, bias = (1 << (E - 1)) - 1;
  int ex = (v >> M) & ((1 << E) - 1), man = v & ((1 << M) - 1);
  t.neg = v >> 7;
  if (e5 ? ex == 31 : (ex == 15 && man == 7)) return false;
  if (ex == 0) { t.m = man; t.e = 1 - bias - M; }
  else { t.m = man | (1 << M); t.e = ex - bias - M; }
  return true;
}
static bool decode32(uint32_t v, Term &t) {
  int ex = (v >> 23) & 255; uint32_t man = v & 0x7fffff;
  t.neg = v >> 31;
  if (ex == 255) return false;
  if (ex == 0) { t.m = man; t.e = -149; } else { t.m = man | 0x800000; t.e = ex - 150; }
  return true;
}

// Rounds (-1)^neg * mag * 2^q (+ a sticky below it) to f32: rn nearest even, else toward zero.
static uint32_t round32(bool neg, u128 mag, int q, bool sticky, bool rn) {
  if (mag == 0) return sticky ? (neg ? 0x80000000u : 0) : 0;  // sticky alone: below any lsb
  int top = q + bitlen(mag) - 1;
  int lsb = top - 23; if (lsb < -149) lsb = -149;
  int sh = lsb - q;
  u128 r;
  if (sh <= 0) r = mag << -sh;
  else if (sh >= 127) { r = 0; if (rn) {} }
  else {
    r = mag >> sh;
    u128 rem = mag & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
    if (rn && (rem > half || (rem == half && (sticky || (r & 1))))) r += 1;
  }
  if (r >= ((u128)2 << 23)) { r >>= 1; lsb += 1; }
  uint32_t s = neg ? 0x80000000u : 0;
  if (r < ((u128)1 << 23)) return s | (uint32_t)r;
  int be = lsb + 23 + 127;
  if (be >= 255) return s | 0x7f800000u;
  return s | ((uint32_t)be << 23) | ((uint32_t)r & 0x7fffff);
}


// a + b exactly (values of very different size: the small one shrinks to a sticky unit).
static void add_round(const Term &a, i128 bv, int bq, bool rn, uint32_t &out) {
  // a: f32 accumulator term; b: bv * 2^bq
  i128 av = a.neg ? -(i128)a.m : (i128)a.m; int aq = a.e;
  if (a.m == 0) aq = bq;
  if (bv == 0) bq = aq;
  int atop = a.m ? aq + bitlen(a.m) : -100000, btop = bv ? bq + bitlen(bv < 0 ? -bv : bv) : -100000;
  const int SPAN = 80;
  if (a.m && bv && atop - btop > 30 && bq < atop - SPAN) { bv = bv < 0 ? -1 : 1; bq = atop - SPAN; }
  if (a.m && bv && btop - atop > 30 && aq < btop - SPAN) { av = av < 0 ? -1 : 1; aq = btop - SPAN; }
  int q = aq < bq ? aq : bq;
  i128 s = (av << (aq - q)) + (bv << (bq - q));
  if (s == 0) { out = (a.m == 0 && bv == 0) ? (a.neg ? 0x80000000u : 0) : 0; return; }
  bool neg = s < 0;
  out = round32(neg, (u128)(neg ? -s : s), q, false, rn);
}

struct Model { int G; int W; bool cin; bool floor_; bool rn; bool final_rn; int order; bool nominal = false; };

static int perm_k(int i);
static uint32_t eval(const Case &cs0, const Model &M) {
  Case cs = cs0;
  for (int i = 0; i < 32; ++i) cs.p[i] = cs0.p[perm_k(i)];
  Term acc; decode32(cs.c, acc);
  uint32_t accb = cs.c;
  for (int g0 = 0; g0 < 32; g0 += M.G) {
    int idx[32];
    for (int i = 0; i < M.G; ++i) idx[i] = g0 + i;
    int emax = -100000;
    for (int i = 0; i < M.G; ++i) { const Term &t = cs.p[idx[i]]; if (t.m) { int tp = M.nominal ? t.E : t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; } }
    if (M.cin && acc.m) { int tp = acc.e + bitlen(acc.m) - 1; if (tp > emax) emax = tp; }
    if (emax == -100000) continue;
    int q = emax - M.W;
    i128 sum = 0;
    auto cut = [&](const Term &t) -> i128 {
      if (!t.m) return 0;
      int sh = q - t.e;
      if (M.floor_) {
        i128 v = t.neg ? -(i128)t.m : (i128)t.m;
        if (sh <= 0) return v << -sh;
        if (sh >= 100) return v < 0 ? -1 : 0;
        return v >> sh;  // arithmetic shift: floor
      }
      u128 m = sh <= 0 ? (u128)t.m << -sh : sh >= 100 ? 0 : (u128)t.m >> sh;
      return t.neg ? -(i128)m : (i128)m;
    };
    for (int i = 0; i < M.G; ++i) sum += cut(cs.p[idx[i]]);
    bool last = g0 + M.G >= 32;
    bool rn = last ? M.final_rn : M.rn;
    if (M.cin) {
      sum += cut(acc);
      if (sum == 0) { accb = 0; acc = Term{false, 0, 0}; continue; }
      bool neg = sum < 0;
      accb = round32(neg, (u128)(neg ? -sum : sum), q, false, rn);
    } else {
      add_round(acc, sum, q, rn, accb);
    }
    decode32(accb, acc);
  }
  return accb;
}

static bool g_nominal = getenv("NOMINAL") != nullptr;  // align to the nominal exponents
static bool g_cref = getenv("CREF") != nullptr;        // window from max(products, C)
// PERM=1: the products taken in the order k 0-3, 16-19, 4-7, 20-23, ... (one thread's registers
// after another's); PERM=2: by byte position, k 0, 4, 8, ..., 28, 1, 5, ...
static int g_seq_p = getenv("SEQ_P") ? atoi(getenv("SEQ_P")) : 0;  // "Sequential": keep P bits too
static int g_w1 = getenv("SEQ_W1") ? atoi(getenv("SEQ_W1")) : 0;  // first step's W, P if not W, P
static int g_p1 = getenv("SEQ_P1") ? atoi(getenv("SEQ_P1")) : 0;
static int g_t_plus = getenv("T_PLUS") ? atoi(getenv("T_PLUS")) : 0;  // "sequential": the running sum's top taken this much higher
static int g_perm = getenv("PERM") ? atoi(getenv("PERM")) : 0;
static int perm_k(int i) {
  if (g_perm == 1) return (i / 8) * 4 + (i % 8 < 4 ? i % 4 : 16 + i % 4);
  if (g_perm == 2) return (i % 8) * 4 + i / 8;
  if (g_perm == 6) return (i % 8) * 4 + (i / 8 + 2) % 4;            // k%4 in {2,3}, then {0,1}
  if (g_perm == 7) { int h = i / 16, j = i % 16; return (j / 2) * 4 + 2 * h + j % 2; }  // k 0,1,4,5,..,29; then 2,3,6,7,...
  if (g_perm == 3) return (i % 16) * 2 + i / 16;                      // even k, then odd k
  if (g_perm == 4) return (i % 8) * 4 + (i / 8 == 1 ? 2 : i / 8 == 2 ? 1 : i / 8);  // k%4 in {0,2}, then {1,3}
  if (g_perm == 5) return (i % 8) * 4 + (i / 8 == 1 ? 3 : i / 8 == 3 ? 1 : i / 8);  // k%4 in {0,3}, then {1,2}
  return i;
}

// "C last": the products' groups are summed (each cut to W bits below its largest product) into
// a partial sum kept to P significant bits (rounded toward zero or to nearest after each group);
// C is added to that partial sum at the end with one rounding to nearest even.
static uint32_t eval_clast(const Case &cs0, int G, int W, int P, bool prn, int floor_) {
  Case cs = cs0;
  for (int i = 0; i < 32; ++i) cs.p[i] = cs0.p[perm_k(i)];
  i128 acc = 0; int aq = 0; bool have = false;
  for (int g0 = 0; g0 < 32; g0 += G) {
    int emax = -100000;
    for (int i = g0; i < g0 + G; ++i) { const Term &t = cs.p[i]; if (t.m) { int tp = g_nominal ? t.E : t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; } }
    if (emax == -100000) continue;
    if (g_cref) {  // the window hangs from the larger of the products' and C's top bits
      Term c; decode32(cs.c, c);
      if (c.m) { int ct = c.e + bitlen(c.m) - 1; if (ct > emax) emax = ct; }
    }
    int q = emax - W;
    i128 sum = 0;
    for (int i = g0; i < g0 + G; ++i) {
      const Term &t = cs.p[i]; if (!t.m) continue;
      int sh = q - t.e; i128 v = t.neg ? -(i128)t.m : (i128)t.m;
      if (sh <= 0) sum += v << -sh;
      else if (floor_ == 1) sum += sh >= 100 ? (v < 0 ? -1 : 0) : v >> sh;
      else if (floor_ == 2) { u128 m = sh >= 100 ? 0 : ((u128)t.m + ((u128)1 << (sh - 1))) >> sh; sum += t.neg ? -(i128)m : (i128)m; }  // each term to nearest, ties away
      else if (floor_ == 3) sum += sh >= 100 ? 0 : (v + ((i128)1 << (sh - 1))) >> sh;  // each term to nearest, ties up
      else { u128 m = sh >= 100 ? 0 : (u128)t.m >> sh; sum += t.neg ? -(i128)m : (i128)m; }
    }
    if (!have) { acc = sum; aq = q; have = true; }
    else {
      int qq = aq < q ? aq : q;
      if (aq - qq > 90 || q - qq > 90) { if (q > aq) { acc = sum; aq = q; } }  // far apart: keep the larger
      else { acc = (acc << (aq - qq)) + (sum << (q - qq)); aq = qq; }
    }
    // keep P significant bits
    if (acc != 0) {
      bool neg = acc < 0; u128 mag = neg ? -acc : acc; int bl = bitlen(mag);
      if (bl > P) {
        int sh = bl - P; u128 r = mag >> sh, rem = mag & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
        if (prn && (rem > half || (rem == half && (r & 1)))) r += 1;
        mag = r; aq += sh;
        acc = neg ? -(i128)mag : (i128)mag;
      }
    }
  }
  Term c; decode32(cs.c, c);
  uint32_t out;
  if (!have) { acc = 0; aq = c.e; }
  add_round(c, acc, aq, true, out);
  return out;
}

// "Tree": the products are added pairwise in k order (32 -> 16 -> ... -> 1), each adder's result
// kept to P significant bits (cut toward zero, or to nearest even); from level L up (L = 0: all
// levels) the adders are exact; C is added to the tree's result last, one rounding to nearest.
struct Val { i128 v; int q; };
static Val keep_bits(Val a, int P, bool rn) {
  if (a.v == 0) return a;
  bool neg = a.v < 0; u128 mag = neg ? -a.v : a.v; int bl = bitlen(mag);
  if (bl <= P) return a;
  int sh = bl - P; u128 r = mag >> sh, rem = mag & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
  if (rn && (rem > half || (rem == half && (r & 1)))) r += 1;
  return Val{neg ? -(i128)r : (i128)r, a.q + sh};
}
static Val add_exact(Val a, Val b) {
  if (a.v == 0) return b;
  if (b.v == 0) return a;
  int at = a.q + bitlen(a.v < 0 ? -a.v : a.v), bt = b.q + bitlen(b.v < 0 ? -b.v : b.v);
  if (at - b.q > 100) { b.v = b.v < 0 ? -1 : 1; b.q = at - 100; }
  if (bt - a.q > 100) { a.v = a.v < 0 ? -1 : 1; a.q = bt - 100; }
  int q = a.q < b.q ? a.q : b.q;
  return Val{(a.v << (a.q - q)) + (b.v << (b.q - q)), q};
}
static uint32_t eval_tree(const Case &cs, int P, bool rn, int exact_from) {
  Val v[32];
  for (int i = 0; i < 32; ++i) v[i] = Val{cs.p[i].neg ? -(i128)cs.p[i].m : (i128)cs.p[i].m, cs.p[i].e};
  int level = 0;
  for (int n = 32; n > 1; n /= 2, ++level)
    for (int i = 0; i < n / 2; ++i) {
      Val s = add_exact(v[2 * i], v[2 * i + 1]);
      v[i] = (exact_from && level >= exact_from) ? s : keep_bits(s, P, rn);
    }
  Term c; decode32(cs.c, c);
  uint32_t out;
  add_round(c, v[0].v, v[0].v ? v[0].q : c.e, true, out);
  return out;
}

// "Blocks": the products are added exactly in blocks of B (k order); the blocks' sums are aligned
// to the largest top bit (ref 0: of the block sums, ref 1: of the products) and cut to W bits
// below it (toward zero, or floor); their sum is kept to P bits; C is added last, to nearest.
static uint32_t eval_blocks(const Case &cs, int B, int W, int P, bool prn, bool floor_, int ref) {
  Val b[32]; int nb = 32 / B; int emax = -100000;
  for (int j = 0; j < nb; ++j) {
    Val s{0, 0};
    for (int i = j * B; i < j * B + B; ++i) {
      const Term &t = cs.p[i];
      if (t.m && ref == 1) { int tp = t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; }
      s = add_exact(s, Val{t.neg ? -(i128)t.m : (i128)t.m, t.e});
    }
    b[j] = s;
    if (s.v && ref == 0) { int tp = s.q + bitlen(s.v < 0 ? -s.v : s.v) - 1; if (tp > emax) emax = tp; }
  }
  Term c; decode32(cs.c, c);
  uint32_t out;
  if (emax == -100000) { add_round(c, 0, c.e, true, out); return out; }
  int q = emax - W; i128 sum = 0;
  for (int j = 0; j < nb; ++j) {
    if (!b[j].v) continue;
    int sh = q - b[j].q; i128 v = b[j].v;
    if (sh <= 0) sum += v << -sh;
    else if (floor_) sum += sh >= 100 ? (v < 0 ? -1 : 0) : v >> sh;
    else { u128 m = v < 0 ? -v : v; m = sh >= 100 ? 0 : m >> sh; sum += v < 0 ? -(i128)m : (i128)m; }
  }
  Val r = keep_bits(Val{sum, q}, P, prn);
  add_round(c, r.v, r.v ? r.q : c.e, true, out);
  return out;
}

// "Two levels": groups of G products, each product cut (toward zero) W1 bits below its group's
// largest top bit; the group sums cut W2 bits below the largest group sum's top bit (ref2 0) or
// the largest product's (ref2 1); C added last, to nearest.
static uint32_t eval_two(const Case &cs, int G, int W1, int W2, int ref2) {
  Val gs[32]; int ng = 32 / G; int gmax = -100000, pmax = -100000;
  for (int g = 0; g < ng; ++g) {
    int emax = -100000;
    for (int i = g * G; i < g * G + G; ++i) { const Term &t = cs.p[i]; if (t.m) { int tp = t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; } }
    if (emax > pmax) pmax = emax;
    i128 sum = 0; int q = emax - W1;
    for (int i = g * G; i < g * G + G; ++i) {
      const Term &t = cs.p[i]; if (!t.m) continue;
      int sh = q - t.e; u128 m = sh <= 0 ? (u128)t.m << -sh : sh >= 100 ? 0 : (u128)t.m >> sh;
      sum += t.neg ? -(i128)m : (i128)m;
    }
    gs[g] = Val{sum, q};
    if (sum) { int tp = q + bitlen(sum < 0 ? -sum : sum) - 1; if (tp > gmax) gmax = tp; }
  }
  Term c; decode32(cs.c, c); uint32_t out;
  int ref = ref2 ? pmax : gmax;
  if (gmax == -100000) { add_round(c, 0, c.e, true, out); return out; }
  int q = ref - W2; i128 sum = 0;
  for (int g = 0; g < ng; ++g) {
    if (!gs[g].v) continue;
    i128 v = gs[g].v; int sh = q - gs[g].q; u128 m = v < 0 ? -v : v;
    m = sh <= 0 ? m << -sh : sh >= 100 ? 0 : m >> sh;
    sum += v < 0 ? -(i128)m : (i128)m;
  }
  add_round(c, sum, sum ? q : c.e, true, out);
  return out;
}

// "Sequential window": a running sum (starting at 0) takes the groups of G products in turn;
// each step aligns the running sum and the group's products to the larger of their top bits and
// cuts all of them W bits below it (toward zero, or floor); C is added last, to nearest.
static uint32_t eval_seq(const Case &cs0, int G, int W, bool floor_, int order) {
  Case cs = cs0;
  for (int i = 0; i < 32; ++i) cs.p[i] = cs0.p[perm_k(i)];
  Val acc{0, 0};
  for (int s = 0; s < 32 / G; ++s) {
    int g0 = (order == 1 ? (32 / G - 1 - s) : s) * G;
    int emax = acc.v ? acc.q + bitlen(acc.v < 0 ? -acc.v : acc.v) - 1 + g_t_plus : -100000;
    for (int i = g0; i < g0 + G; ++i) { const Term &t = cs.p[i]; if (t.m) { int tp = g_nominal ? t.E + 1 : t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; } }
    if (emax == -100000) continue;
    int q = emax - (s == 0 && g_w1 ? g_w1 : W);
    auto cut = [&](i128 v, int e) -> i128 {
      int sh = q - e;
      if (sh <= 0) return v << -sh;
      if (floor_) return sh >= 100 ? (v < 0 ? -1 : 0) : v >> sh;
      u128 m = v < 0 ? -v : v; m = sh >= 100 ? 0 : m >> sh; return v < 0 ? -(i128)m : (i128)m;
    };
    i128 sum = acc.v ? cut(acc.v, acc.q) : 0;
    for (int i = g0; i < g0 + G; ++i) { const Term &t = cs.p[i]; if (t.m) sum += cut(t.neg ? -(i128)t.m : (i128)t.m, t.e); }
    const int P = s == 0 && g_p1 ? g_p1 : g_seq_p;
    acc = P ? keep_bits(Val{sum, q}, P, false) : Val{sum, q};
  }
  Term c; decode32(cs.c, c); uint32_t out;
  add_round(c, acc.v, acc.v ? acc.q : c.e, true, out);
  return out;
}

// "Signs apart": the positive and the negative products (cut W bits below the largest top bit)
// are summed apart, each sum kept to P bits (toward zero); their difference is kept to P2 bits
// (toward zero; P2 0: exact); C is added last, to nearest.
static uint32_t eval_pn(const Case &cs, int W, int P, int P2) {
  int emax = -100000;
  for (int i = 0; i < 32; ++i) { const Term &t = cs.p[i]; if (t.m) { int tp = t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; } }
  Term c; decode32(cs.c, c); uint32_t out;
  if (emax == -100000) { add_round(c, 0, c.e, true, out); return out; }
  int q = emax - W; i128 sp = 0, sn = 0;
  for (int i = 0; i < 32; ++i) {
    const Term &t = cs.p[i]; if (!t.m) continue;
    int sh = q - t.e; u128 m = sh <= 0 ? (u128)t.m << -sh : sh >= 100 ? 0 : (u128)t.m >> sh;
    (t.neg ? sn : sp) += (i128)m;
  }
  Val a = keep_bits(Val{sp, q}, P, false), b = keep_bits(Val{-sn, q}, P, false);
  Val d = add_exact(a, b);
  if (P2) d = keep_bits(d, P2, false);
  add_round(c, d.v, d.v ? d.q : c.e, true, out);
  return out;
}

// "Drop": products whose top bit (tb 0) or nominal exponent (tb 1) lies more than D below the
// largest are dropped whole; the others are cut W bits below the largest top bit; the sum is kept
// to P bits (toward zero); C is added last, to nearest.
static uint32_t eval_drop(const Case &cs, int D, int W, int P, int tb) {
  int emax = -100000, nmax = -100000;
  for (int i = 0; i < 32; ++i) { const Term &t = cs.p[i]; if (t.m) { int tp = t.e + bitlen(t.m) - 1; if (tp > emax) emax = tp; if (t.E > nmax) nmax = t.E; } }
  Term c; decode32(cs.c, c); uint32_t out;
  if (emax == -100000) { add_round(c, 0, c.e, true, out); return out; }
  int q = emax - W; i128 s = 0;
  for (int i = 0; i < 32; ++i) {
    const Term &t = cs.p[i]; if (!t.m) continue;
    if (tb == 0 ? emax - (t.e + bitlen(t.m) - 1) > D : nmax - t.E > D) continue;
    int sh = q - t.e; u128 m = sh <= 0 ? (u128)t.m << -sh : sh >= 100 ? 0 : (u128)t.m >> sh;
    s += t.neg ? -(i128)m : (i128)m;
  }
  Val d = keep_bits(Val{s, q}, P, false);
  add_round(c, d.v, d.v ? d.q : c.e, true, out);
  return out;
}

static vector<uint32_t> readf(const string &f, size_t off, size_t n) {
  vector<uint32_t> v(n);
  FILE *fp = fopen(f.c_str(), "rb");
  if (!fp) { fprintf(stderr, "no %s\n", f.c_str()); exit(2); }
  fseek(fp, (long)(off * 4), SEEK_SET);
  if (fread(v.data(), 4, n, fp) != n) { fprintf(stderr, "short %s\n", f.c_str()); exit(2); }
  fclose(fp);
  return v;
}

static vector<Case> load(const string &dir, const string &op, const string &dist) {
  const int W = 256, na = 4, nb = 2, nc = 4, nd = 4;
  bool ae5 = op.find("_f32_e5m2_") != string::npos, be5 = op.find("e5m2_f32") != string::npos;
  string in = dir + "/" + op + "." + dist + ".in.bin";
  size_t la = W * 32 * na, lb = W * 32 * nb, lc = W * 32 * nc;
  auto A = readf(in, 0, la), B = readf(in, la, lb), C = readf(in, la + lb, lc);
  auto D = readf(dir + "/" + op + "." + dist + ".out.bin", 0, W * 32 * nd);
  vector<Case> out;
  for (int w = 0; w < W; ++w) {
    uint32_t Am[16][32], Bm[32][8], Cm[16][8], Dm[16][8];
    for (int L = 0; L < 32; ++L) {
      int g = L >> 2, t = L & 3;
      const uint32_t *a = &A[(w * 32 + L) * na], *b = &B[(w * 32 + L) * nb];
      for (int i = 0; i < 4; ++i) {
        Am[g][4 * t + i] = (a[0] >> (8 * i)) & 0xff; Am[g + 8][4 * t + i] = (a[1] >> (8 * i)) & 0xff;
        Am[g][16 + 4 * t + i] = (a[2] >> (8 * i)) & 0xff; Am[g + 8][16 + 4 * t + i] = (a[3] >> (8 * i)) & 0xff;
        Bm[4 * t + i][g] = (b[0] >> (8 * i)) & 0xff; Bm[16 + 4 * t + i][g] = (b[1] >> (8 * i)) & 0xff;
      }
      for (int i = 0; i < 4; ++i) {
        int r = g + 8 * (i >> 1), col = 2 * t + (i & 1);
        Cm[r][col] = C[(w * 32 + L) * nc + i]; Dm[r][col] = D[(w * 32 + L) * nd + i];
      }
    }
    for (int m = 0; m < 16; ++m)
      for (int n = 0; n < 8; ++n) {
        Case cs{}; cs.c = Cm[m][n]; cs.d = Dm[m][n];
        Term ct; cs.special = !decode32(cs.c, ct);
        for (int k = 0; k < 32; ++k) {
          Term x, y;
          bool ok = decode8(Am[m][k], ae5, x) && decode8(Bm[k][n], be5, y);
          if (!ok) cs.special = true;
          cs.p[k] = Term{(bool)(x.neg != y.neg), x.e + y.e, x.m * y.m, x.e + y.e + (ae5 ? 2 : 3) + (be5 ? 2 : 3)};
        }
        out.push_back(cs);
      }
  }
  return out;
}

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: mma_fp8_search DIR KERNEL DIST...\n"); return 2; }
  vector<Case> cases;
  for (int i = 3; i < argc; ++i) { auto v = load(argv[1], argv[2], argv[i]); cases.insert(cases.end(), v.begin(), v.end()); }
  vector<Case> fin;
  for (auto &c : cases) if (!c.special) fin.push_back(c);
  if (getenv("WMASK")) {
    for (int G : {4, 8, 16, 32}) for (int nom : {0, 1}) for (int cin : {0, 1}) for (int fl : {0, 1}) for (int frn : {0, 1}) {
      long none = 0; long hist[41] = {0};
      for (auto &c : fin) {
        unsigned long mask = 0;
        for (int W = 10; W <= 40; ++W) { Model m{G, W, (bool)cin, (bool)fl, (bool)frn, (bool)frn, 0, (bool)nom}; if (eval(c, m) == c.d) mask |= 1ul << W; }
        if (!mask) ++none;
        for (int W = 10; W <= 40; ++W) if (mask >> W & 1) ++hist[W];
      }
      int bw = 10; for (int W = 10; W <= 40; ++W) if (hist[W] > hist[bw]) bw = W;
      printf("G%2d nom%d cin%d floor%d rn%d: no W fits %ld of %zu; best W %d fits %ld\n", G, nom, cin, fl, frn, none, fin.size(), bw, hist[bw]);
      fflush(stdout);
    }
    return 0;
  }
  if (const char *cl = getenv("CLAST_MODEL")) {  // G,W,P,prn,floor: one "C last" model
    int G, W, P, prn, fl; sscanf(cl, "%d,%d,%d,%d,%d", &G, &W, &P, &prn, &fl);
    long bad = 0;
    for (auto &c : fin) bad += eval_clast(c, G, W, P, prn, fl) != c.d;
    printf("clast G%d W%d P%d prn%d floor%d: %ld of %zu finite outputs differ\n", G, W, P, prn, fl, bad, fin.size());
    return 0;
  }
  if (const char *bm = getenv("BLOCKS")) {  // B,P,prn: exact blocks of B, then cut, W scanned
    int B, P, prn; sscanf(bm, "%d,%d,%d", &B, &P, &prn);
    for (int W = 20; W <= 32; ++W) for (int fl : {0, 1}) for (int ref : {0, 1}) {
      long bad = 0;
      for (auto &c : fin) bad += eval_blocks(c, B, W, P, prn, fl, ref) != c.d;
      printf("blocks B%d W%d P%d prn%d floor%d ref%d: %ld of %zu differ\n", B, W, P, prn, fl, ref, bad, fin.size());
      fflush(stdout);
    }
    return 0;
  }
  if (getenv("TWO")) {
    for (int G : {4, 8, 16}) for (int ref2 : {0, 1}) for (int W1 = 18; W1 <= 30; ++W1) for (int W2 = 18; W2 <= 30; ++W2) {
      long bad = 0;
      for (auto &c : fin) bad += eval_two(c, G, W1, W2, ref2) != c.d;
      printf("two G%d ref2 %d W1 %d W2 %d: %ld of %zu differ\n", G, ref2, W1, W2, bad, fin.size());
      fflush(stdout);
    }
    return 0;
  }
  if (const char *sm = getenv("SEQ_MODEL")) {  // G,W,floor: one "sequential" model
    int G, W, fl; sscanf(sm, "%d,%d,%d", &G, &W, &fl);
    long bad = 0;
    for (auto &c : fin) bad += eval_seq(c, G, W, fl, 0) != c.d;
    printf("seq G%d W%d floor%d P%d perm%d: %ld of %zu finite outputs differ\n", G, W, fl, g_seq_p, g_perm, bad, fin.size());
    return 0;
  }
  if (getenv("SEQ")) {
    for (int G : {1, 2, 4, 8, 16}) for (int fl : {0, 1}) for (int order : {0, 1}) for (int W = 20; W <= 30; ++W) {
      if (getenv("SEQ_G") && G != atoi(getenv("SEQ_G"))) continue;
      long bad = 0;
      for (auto &c : fin) bad += eval_seq(c, G, W, fl, order) != c.d;
      printf("seq G%d floor%d order%d W%d: %ld of %zu differ\n", G, fl, order, W, bad, fin.size());
      fflush(stdout);
    }
    return 0;
  }
  if (getenv("PN")) {
    for (int P2 : {0, 24}) for (int P = 22; P <= 28; ++P) for (int W = 22; W <= 32; ++W) {
      long bad = 0;
      for (auto &c : fin) bad += eval_pn(c, W, P, P2) != c.d;
      printf("pn W%d P%d P2 %d: %ld of %zu differ\n", W, P, P2, bad, fin.size());
      fflush(stdout);
    }
    return 0;
  }
  if (getenv("DROP")) {
    for (int tb : {0, 1}) for (int P : {24, 60}) for (int D = 12; D <= 30; ++D) for (int W : {24, 25, 26, 27, 28, 40}) {
      long bad = 0;
      for (auto &c : fin) bad += eval_drop(c, D, W, P, tb) != c.d;
      printf("drop tb%d D%d W%d P%d: %ld of %zu differ\n", tb, D, W, P, bad, fin.size());
      fflush(stdout);
    }
    return 0;
  }
  if (getenv("TREE")) {
    for (int ef : {0, 1, 2, 3, 4}) for (int rn : {0, 1}) for (int P = 16; P <= 34; ++P) {
      long bad = 0;
      for (auto &c : fin) bad += eval_tree(c, P, rn, ef) != c.d;
      printf("tree P%d rn%d exact_from%d: %ld of %zu differ\n", P, rn, ef, bad, fin.size());
      fflush(stdout);
    }
    return 0;
  }
  if (getenv("CLAST")) {
    for (int G : {4, 8, 16, 32}) for (int fl : {0, 1, 2, 3}) for (int prn : {0, 1}) for (int P : {24, 25, 26, 27, 28}) {
      if (getenv("FL") && fl != atoi(getenv("FL"))) continue;
      long hist[41] = {0}; long none = 0;
      for (auto &c : fin) {
        bool any = false;
        for (int W = 12; W <= 40; ++W) if (eval_clast(c, G, W, P, prn, fl) == c.d) { ++hist[W]; any = true; }
        none += !any;
      }
      int bw = 12; for (int W = 12; W <= 40; ++W) if (hist[W] > hist[bw]) bw = W;
      printf("clast G%2d floor%d prn%d P%d: no W fits %ld; best W %d: %ld of %zu fit\n", G, fl, prn, P, none, bw, hist[bw], fin.size());
      fflush(stdout);
    }
    return 0;
  }
  const char *env = getenv("MODEL");
  vector<Model> ms;
  if (env) { Model m; sscanf(env, "%d,%d,%d,%d,%d,%d", &m.G, &m.W, (int*)&m.cin, (int*)&m.floor_, (int*)&m.rn, (int*)&m.final_rn); ms.push_back(m); }
  else
    for (int G : {4, 8, 16, 32}) for (int cin : {0, 1}) for (int fl : {0, 1}) for (int rn : {0, 1}) for (int frn : {0, 1}) for (int W = 10; W <= 30; ++W)
      ms.push_back(Model{G, W, (bool)cin, (bool)fl, (bool)rn, (bool)frn, 0});
  for (auto &M : ms) {
    long bad = 0; int shown = 0;
    for (auto &c : fin) { uint32_t r = eval(c, M); if (r != c.d) { ++bad; if (env && shown < 5) { ++shown; printf("want %08x got %08x c %08x\n", c.d, r, c.c); } } }
    printf("G%2d W%2d cin%d floor%d rn%d frn%d  %6ld of %zu differ\n", M.G, M.W, M.cin, M.floor_, M.rn, M.final_rn, bad, fin.size());
  }
}

// Computes the skip-ahead tables of toolkit/include/curand_jump_tables.h and writes that header
// to stdout. The test `toolkit-curand-tables` regenerates it and compares it with the committed
// copy, so the tables are reproducible from the published recurrences alone:
//
// XORWOW (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003): the xorshift part of the
// state, v[0..4], evolves by a linear map T on GF(2)^160. Its characteristic polynomial P
// (degree 160) is found with Berlekamp-Massey; a jump of N steps is then r(T) with
// r(x) = x^N mod P (Cayley-Hamilton), so the table holds x^(2^k) mod P for k < 131: offsets use
// k < 64 and subsequences (2^67 steps apart) use k = 67 .. 130.
//
// MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined multiple recursive
// random number generators", Oper. Res. 47(1), 1999): each component is a 3x3 matrix A_i modulo
// m_i acting on (s[0], s[1], s[2]); the table holds A_i^(2^k) mod m_i for k < 191: offsets use
// k < 64, subsequences (2^76 steps apart) k = 76 .. 139, sequences (2^127 apart) k = 127 .. 190.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

constexpr int XorwowBits = 160;
constexpr int XorwowWords = 5;
constexpr int XorwowPowers = 131;
constexpr int MrgPowers = 191;
constexpr uint64_t Mrg1 = 4294967087u, Mrg2 = 4294944443u;

using Xor = std::array<uint32_t, XorwowWords>;

// One step of XORWOW's xorshift part (the Weyl counter d is not part of the linear map).
Xor xorwowStep(Xor v) {
  uint32_t t = v[0] ^ (v[0] >> 2);
  Xor r{v[1], v[2], v[3], v[4], 0};
  r[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
  return r;
}

bool bit(const Xor &a, int i) { return (a[i / 32] >> (i % 32)) & 1u; }

// a * x mod P, where P = x^160 + low.
Xor timesX(const Xor &a, const Xor &low) {
  bool carry = bit(a, XorwowBits - 1);
  Xor r{};
  for (int w = XorwowWords - 1; w >= 0; w--)
    r[w] = (a[w] << 1) | (w ? a[w - 1] >> 31 : 0);
  if (carry)
    for (int w = 0; w < XorwowWords; w++)
      r[w] ^= low[w];
  return r;
}

Xor mulMod(const Xor &a, const Xor &b, const Xor &low) {
  Xor acc{};
  for (int i = XorwowBits - 1; i >= 0; i--) {
    acc = timesX(acc, low);
    if (bit(a, i))
      for (int w = 0; w < XorwowWords; w++)
        acc[w] ^= b[w];
  }
  return acc;
}

// r(T) s by Horner's rule.
Xor applyPoly(const Xor &r, const Xor &s) {
  Xor acc{};
  for (int i = XorwowBits - 1; i >= 0; i--) {
    acc = xorwowStep(acc);
    if (bit(r, i))
      for (int w = 0; w < XorwowWords; w++)
        acc[w] ^= s[w];
  }
  return acc;
}

// Where the header goes: stdout, or a memory buffer with --check.
FILE *Out = stdout;

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "generate-jump-tables: %s\n", what);
  std::exit(1);
}

// Berlekamp-Massey over GF(2): the connection polynomial C (C[0] = 1) of the shortest LFSR
// generating `s`, and its length L.
std::vector<int> berlekampMassey(const std::vector<int> &s, int &length) {
  size_t n = s.size();
  std::vector<int> c(n + 1, 0), b(n + 1, 0);
  c[0] = b[0] = 1;
  int l = 0, m = 1;
  for (size_t i = 0; i < n; i++) {
    int d = s[i];
    for (int j = 1; j <= l; j++)
      d ^= c[j] & s[i - j];
    if (d == 0) {
      m++;
    } else if (2 * l <= (int)i) {
      std::vector<int> t = c;
      for (size_t j = 0; j + m <= n; j++)
        c[j + m] ^= b[j];
      l = (int)i + 1 - l;
      b = t;
      m = 1;
    } else {
      for (size_t j = 0; j + m <= n; j++)
        c[j + m] ^= b[j];
      m++;
    }
  }
  length = l;
  return c;
}

// The characteristic polynomial of T as x^160 + low (low returned).
Xor xorwowCharPoly() {
  // Any nonzero start works for the minimal polynomial of a full-period sequence; take the
  // output bit 0 of v[4].
  Xor v{123456789u, 362436069u, 521288629u, 88675123u, 5783321u};
  std::vector<int> seq;
  for (int i = 0; i < 4 * XorwowBits; i++) {
    v = xorwowStep(v);
    seq.push_back((int)(v[4] & 1u));
  }
  int l = 0;
  std::vector<int> c = berlekampMassey(seq, l);
  if (l != XorwowBits)
    fail("XORWOW's linear complexity is not 160");
  // The sequence satisfies s[i] = sum_{j=1..L} c[j] s[i-j], so P(x) = x^L + sum c[j] x^(L-j).
  Xor low{};
  for (int j = 1; j <= l; j++)
    if (c[j])
      low[(l - j) / 32] |= 1u << ((l - j) % 32);
  // P(T) must vanish on every basis vector: then x^N mod P evaluated at T is T^N.
  for (int i = 0; i < XorwowBits; i++) {
    Xor e{};
    e[i / 32] = 1u << (i % 32);
    Xor acc = e; // x^160 term: T^160 e, accumulated with the lower terms by Horner
    Xor horner{};
    for (int k = XorwowBits; k >= 0; k--) {
      horner = xorwowStep(horner);
      bool coef = k == XorwowBits || bit(low, k);
      if (coef)
        for (int w = 0; w < XorwowWords; w++)
          horner[w] ^= acc[w];
    }
    for (int w = 0; w < XorwowWords; w++)
      if (horner[w])
        fail("P(T) != 0");
  }
  return low;
}

using Mat = std::array<std::array<uint64_t, 3>, 3>;

Mat matMul(const Mat &a, const Mat &b, uint64_t m) {
  Mat r{};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      uint64_t s = 0;
      for (int k = 0; k < 3; k++)
        s = (s + (unsigned __int128)a[i][k] * b[k][j] % m) % m;
      r[i][j] = s;
    }
  return r;
}

void printXor(const char *name, const std::vector<Xor> &rows) {
  std::fprintf(Out, "static constexpr unsigned int %s[%zu][5] = {\n", name, rows.size());
  for (const Xor &r : rows)
    std::fprintf(Out, "    {0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu},\n", r[0], r[1], r[2], r[3],
                r[4]);
  std::fprintf(Out, "};\n");
}

void printMats(const char *name, const std::vector<Mat> &mats) {
  std::fprintf(Out, "static constexpr unsigned int %s[%zu][3][3] = {\n", name, mats.size());
  for (const Mat &a : mats)
    std::fprintf(Out, "    {{%lluu, %lluu, %lluu}, {%lluu, %lluu, %lluu}, {%lluu, %lluu, %lluu}},\n",
                (unsigned long long)a[0][0], (unsigned long long)a[0][1],
                (unsigned long long)a[0][2], (unsigned long long)a[1][0],
                (unsigned long long)a[1][1], (unsigned long long)a[1][2],
                (unsigned long long)a[2][0], (unsigned long long)a[2][1],
                (unsigned long long)a[2][2]);
  std::fprintf(Out, "};\n");
}

std::vector<Mat> matPowers(Mat a, uint64_t m) {
  std::vector<Mat> r;
  for (int k = 0; k < MrgPowers; k++) {
    r.push_back(a);
    a = matMul(a, a, m);
  }
  return r;
}

} // namespace

int main(int argc, char **argv) {
  // --check FILE: regenerate and compare with FILE (the committed header); exit 1 if they differ.
  char *generated = nullptr;
  size_t generatedSize = 0;
  bool check = argc == 3 && std::string(argv[1]) == "--check";
  if (argc != 1 && !check)
    fail("usage: generate-jump-tables [--check curand_jump_tables.h]");
  if (check)
    Out = open_memstream(&generated, &generatedSize);
  Xor low = xorwowCharPoly();
  std::vector<Xor> xpow;
  Xor x{};
  x[0] = 2u; // the polynomial x
  for (int k = 0; k < XorwowPowers; k++) {
    xpow.push_back(x);
    x = mulMod(x, x, low);
  }
  // Cross-check the jump against plain stepping: 1000 = 512 + 256 + 128 + 64 + 32 + 8.
  {
    Xor s{1u, 2u, 3u, 4u, 5u}, stepped = s;
    for (int i = 0; i < 1000; i++)
      stepped = xorwowStep(stepped);
    Xor r{};
    r[0] = 1u;
    for (int k = 0; k < 10; k++)
      if ((1000 >> k) & 1)
        r = mulMod(r, xpow[k], low);
    if (applyPoly(r, s) != stepped)
      fail("XORWOW jump disagrees with stepping");
  }

  // A1: s1' = (s1[1], s1[2], a12 s1[1] - a13n s1[0]); A2: s2' = (s2[1], s2[2], a21 s2[2] - a23n s2[0]).
  Mat a1{{{0, 1, 0}, {0, 0, 1}, {Mrg1 - 810728u, 1403580u, 0}}};
  Mat a2{{{0, 1, 0}, {0, 0, 1}, {Mrg2 - 1370589u, 0, 527612u}}};
  std::vector<Mat> p1 = matPowers(a1, Mrg1), p2 = matPowers(a2, Mrg2);

  std::fprintf(Out, 
      "// Skip-ahead tables for curand_kernel.h. Generated by\n"
      "// tests/toolkit-curand/generate-jump-tables.cpp (which says how they are derived); do\n"
      "// not edit.\n"
      "#if !defined(CURAND_JUMP_TABLES_H_)\n"
      "#define CURAND_JUMP_TABLES_H_\n\n"
      "// XORWOW: the characteristic polynomial of the xorshift map is x^160 + this (bit i of\n"
      "// the 160-bit little-endian value is the coefficient of x^i).\n");
  std::fprintf(Out, "static constexpr unsigned int __curand_xorwow_charpoly_low[5] = {0x%08xu, 0x%08xu, "
              "0x%08xu, 0x%08xu, 0x%08xu};\n",
              low[0], low[1], low[2], low[3], low[4]);
  std::fprintf(Out, "// XORWOW: x^(2^k) mod the characteristic polynomial, k = 0 .. %d.\n",
              XorwowPowers - 1);
  printXor("__curand_xorwow_jump_powers", xpow);
  std::fprintf(Out, "// MRG32k3a: A1^(2^k) mod m1 and A2^(2^k) mod m2, k = 0 .. %d.\n", MrgPowers - 1);
  printMats("__curand_mrg32k3a_jump1", p1);
  printMats("__curand_mrg32k3a_jump2", p2);
  std::fprintf(Out, "\n#endif // !defined(CURAND_JUMP_TABLES_H_)\n");
  if (!check)
    return 0;
  std::fclose(Out);
  std::ifstream committed(argv[2], std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(committed)), std::istreambuf_iterator<char>());
  bool same = committed && text == std::string(generated, generatedSize);
  std::free(generated);
  if (!same) {
    std::fprintf(stderr, "%s differs from the generated tables; regenerate it with "
                         "generate-jump-tables > %s\n", argv[2], argv[2]);
    return 1;
  }
  std::fprintf(stderr, "%s matches the generated tables\n", argv[2]);
  return 0;
}

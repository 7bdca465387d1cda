// Probe: warp and atomic edge cases for emitters/msl/support/warp_ops.h and atomic_ops.h.
//   A. shfl.sync, all four modes: every lane's d and p for b in 0..63 and a few large b, and
//      76 c values (segment masks x clamps and junk in the high bits), compared with the PTX
//      ISA pseudo-code (host model below).
//   B. atom.add.noftz.{f16,f16x2,bf16,bf16x2} and atom.add.f32, global and shared: special
//      pairs printed, random pairs compared with the exactly rounded sum (NaNs: patterns seen).
//   C. match/vote/redux/activemask with lanes 16..31 exited but in membermask.
//   D. atom.inc/dec edge cases.
// Every operand comes from memory and every instruction is inline PTX.
// Build and run: nvcc -arch=sm_90 -o probe warp_atomics.cu && ./probe
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <set>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)

// ---------------------------------------------------------------- A. shfl
#define SHFL(MODE) { asm volatile("{ .reg .pred q; shfl.sync." MODE ".b32 %0|q, %2, %3, %4, 0xffffffff;" \
  " selp.u32 %1, 1, 0, q; }" : "=r"(d), "=r"(p) : "r"(a), "r"(b), "r"(c)); }
__global__ void shfl_kernel(const uint32_t *bs, int nb, const uint32_t *cs, int nc, uint32_t *out) {
  unsigned lane = threadIdx.x;
  uint32_t a = 1000 + lane;
  for (int m = 0; m < 4; ++m)
    for (int i = 0; i < nb; ++i)
      for (int k = 0; k < nc; ++k) {
        uint32_t b = bs[i], c = cs[k], d, p;
        if (m == 0) SHFL("up") else if (m == 1) SHFL("down") else if (m == 2) SHFL("bfly") else SHFL("idx")
        size_t idx = (((size_t)m * nb + i) * nc + k) * 32 + lane;
        out[idx] = (d - 1000) | (p << 8);
      }
}
static void shfl_ref(int mode, unsigned lane, uint32_t b, uint32_t c, unsigned *j_out, bool *p_out) {
  unsigned bval = b & 31, cval = c & 31, seg = (c >> 8) & 31;
  int maxLane = (int)((lane & seg) | (cval & ~seg)), minLane = (int)(lane & seg);
  int j; bool p;
  switch (mode) {
  case 0: j = (int)lane - (int)bval; p = j >= maxLane; break;
  case 1: j = (int)lane + (int)bval; p = j <= maxLane; break;
  case 2: j = (int)(lane ^ bval); p = j <= maxLane; break;
  default: j = minLane | (int)(bval & ~seg); p = j <= maxLane; break;
  }
  if (!p) j = (int)lane;
  *j_out = (unsigned)j; *p_out = p;
}

// ---------------------------------------------------------------- B. floating-point atomics
// kind: 0 f16 low half, 1 f16 high half, 2 f16x2, 3 bf16 low, 4 bf16 high, 5 bf16x2, 6 f32
__device__ uint32_t atom_fp(int kind, bool shared_space, uint32_t *word, uint32_t v) {
  uint32_t d = 0;
  unsigned short hd, hv = (unsigned short)v;
  if (!shared_space) {
    uint32_t *w = word;
    unsigned short *h = (unsigned short *)word;
    switch (kind) {
    case 0: asm volatile("atom.global.add.noftz.f16 %0, [%1], %2;" : "=h"(hd) : "l"(h), "h"(hv) : "memory"); d = hd; break;
    case 1: asm volatile("atom.global.add.noftz.f16 %0, [%1], %2;" : "=h"(hd) : "l"(h + 1), "h"(hv) : "memory"); d = hd; break;
    case 2: asm volatile("atom.global.add.noftz.f16x2 %0, [%1], %2;" : "=r"(d) : "l"(w), "r"(v) : "memory"); break;
    case 3: asm volatile("atom.global.add.noftz.bf16 %0, [%1], %2;" : "=h"(hd) : "l"(h), "h"(hv) : "memory"); d = hd; break;
    case 4: asm volatile("atom.global.add.noftz.bf16 %0, [%1], %2;" : "=h"(hd) : "l"(h + 1), "h"(hv) : "memory"); d = hd; break;
    case 5: asm volatile("atom.global.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(d) : "l"(w), "r"(v) : "memory"); break;
    default: asm volatile("atom.global.add.f32 %0, [%1], %2;" : "=r"(d) : "l"(w), "r"(v) : "memory"); break;
    }
  } else {
    uint32_t s = (uint32_t)__cvta_generic_to_shared(word);
    switch (kind) {
    case 0: asm volatile("atom.shared.add.noftz.f16 %0, [%1], %2;" : "=h"(hd) : "r"(s), "h"(hv) : "memory"); d = hd; break;
    case 1: asm volatile("atom.shared.add.noftz.f16 %0, [%1], %2;" : "=h"(hd) : "r"(s + 2), "h"(hv) : "memory"); d = hd; break;
    case 2: asm volatile("atom.shared.add.noftz.f16x2 %0, [%1], %2;" : "=r"(d) : "r"(s), "r"(v) : "memory"); break;
    case 3: asm volatile("atom.shared.add.noftz.bf16 %0, [%1], %2;" : "=h"(hd) : "r"(s), "h"(hv) : "memory"); d = hd; break;
    case 4: asm volatile("atom.shared.add.noftz.bf16 %0, [%1], %2;" : "=h"(hd) : "r"(s + 2), "h"(hv) : "memory"); d = hd; break;
    case 5: asm volatile("atom.shared.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(d) : "r"(s), "r"(v) : "memory"); break;
    default: asm volatile("atom.shared.add.f32 %0, [%1], %2;" : "=r"(d) : "r"(s), "r"(v) : "memory"); break;
    }
  }
  return d;
}
// in: n records {old word, operand}; out: n records {returned, new word}. 256 threads a block.
__global__ void fp_kernel(int kind, int shared_space, const uint32_t *in, uint32_t *out, int n) {
  __shared__ uint32_t sm[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t *word = out + 2 * (size_t)i + 1;
  *word = in[2 * i];
  if (shared_space) { sm[threadIdx.x] = in[2 * i]; word = &sm[threadIdx.x]; }
  uint32_t d = atom_fp(kind, shared_space, word, in[2 * i + 1]);
  out[2 * (size_t)i] = d;
  if (shared_space) out[2 * (size_t)i + 1] = sm[threadIdx.x];
}
static float f32(uint32_t x) { float f; memcpy(&f, &x, 4); return f; }
static uint32_t bits(float f) { uint32_t x; memcpy(&x, &f, 4); return x; }
static uint16_t hbits(__half h) { uint16_t x; memcpy(&x, &h, 2); return x; }
static uint16_t bbits(__nv_bfloat16 h) { uint16_t x; memcpy(&x, &h, 2); return x; }
static float hval(uint16_t x) { __half h; memcpy(&h, &x, 2); return __half2float(h); }
static float bval(uint16_t x) { __nv_bfloat16 h; memcpy(&h, &x, 2); return __bfloat162float(h); }
// Exactly rounded sums (a float sum of two f16/bf16 is rounded once to 24 bits, innocuous).
static uint16_t add16(bool bf, uint16_t a, uint16_t b) {
  float s = bf ? bval(a) + bval(b) : hval(a) + hval(b);
  return bf ? bbits(__float2bfloat16_rn(s)) : hbits(__float2half_rn(s));
}
static bool nan16(bool bf, uint16_t x) { return bf ? ((x & 0x7fff) > 0x7f80) : ((x & 0x7fff) > 0x7c00); }
static bool nan32(uint32_t x) { return (x & 0x7fffffff) > 0x7f800000; }
static uint32_t expect_word(int kind, bool shared_space, uint32_t old, uint32_t v) {
  bool bf = kind >= 3 && kind <= 5;
  switch (kind) {
  case 0: case 3: return (old & 0xffff0000u) | add16(bf, old & 0xffff, v & 0xffff);
  case 1: case 4: return (old & 0xffffu) | ((uint32_t)add16(bf, old >> 16, v & 0xffff) << 16);
  case 2: case 5: return add16(bf, old & 0xffff, v & 0xffff) | ((uint32_t)add16(bf, old >> 16, v >> 16) << 16);
  default: {
    uint32_t a = old, b = v;
    if (!shared_space) { if (!(a & 0x7f800000u)) a &= 0x80000000u; if (!(b & 0x7f800000u)) b &= 0x80000000u; }
    uint32_t r = bits(f32(a) + f32(b));
    if (!shared_space && !(r & 0x7f800000u)) r &= 0x80000000u;
    return r;
  }
  }
}

static uint64_t rs = 0x243F6A8885A308D3ull;
static uint32_t rnd32() { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (uint32_t)(rs >> 16); }
static uint32_t rnd_operand(int kind) {
  uint32_t r = rnd32();
  int cls = rnd32() % 8;
  if (kind == 6) {
    if (cls == 0) return (r & 0x807fffffu);                      // subnormal
    if (cls == 1) return (r & 0x80ffffffu);                      // tiny
    if (cls == 2) return 0x7f800001u | (r & 0x803fffffu);        // NaN
    return r;
  }
  uint32_t out = 0;
  for (int h = 0; h < 2; ++h) {
    uint32_t x = rnd32() & 0xffff;
    bool bf = kind >= 3;
    if (cls == 0) x &= bf ? 0x807f : 0x83ff;                    // subnormal
    if (cls == 1) x = (bf ? 0x7f81 : 0x7c01) | (x & (bf ? 0x803f : 0x81ff)); // NaN
    out |= x << (16 * h);
  }
  return out;
}

static int run_fp(int kind, int shared_space, const std::vector<uint32_t> &in, std::vector<uint32_t> &out) {
  int n = (int)in.size() / 2;
  uint32_t *din, *dout;
  CK(cudaMalloc(&din, in.size() * 4)); CK(cudaMalloc(&dout, in.size() * 4));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  fp_kernel<<<(n + 255) / 256, 256>>>(kind, shared_space, din, dout, n);
  CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
  out.resize(in.size());
  CK(cudaMemcpy(out.data(), dout, in.size() * 4, cudaMemcpyDeviceToHost));
  cudaFree(din); cudaFree(dout);
  return 0;
}

// ---------------------------------------------------------------- C. exited lanes
__global__ void exited_kernel(const uint32_t *vals, uint32_t *out) {
  unsigned lane = threadIdx.x;
  if (lane >= 16) return;
  uint32_t v = vals[lane], full = 0xffffffffu, r[8], q;
  asm volatile("{ .reg .pred q; match.all.sync.b32 %0|q, %2, %3; selp.u32 %1, 1, 0, q; }" : "=r"(r[0]), "=r"(q) : "r"(vals[0]), "r"(full));
  r[1] = q;
  asm volatile("{ .reg .pred q; match.all.sync.b32 %0|q, %2, %3; selp.u32 %1, 1, 0, q; }" : "=r"(r[2]), "=r"(q) : "r"(v), "r"(full));
  r[3] = q;
  asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(r[4]) : "r"(v), "r"(full));
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }" : "=r"(r[5]) : "r"(v & 1), "r"(full));
  asm volatile("redux.sync.add.u32 %0, %1, %2;" : "=r"(r[6]) : "r"(v), "r"(full));
  asm volatile("activemask.b32 %0;" : "=r"(r[7]));
  for (int k = 0; k < 8; ++k) out[lane * 8 + k] = r[k];
}

// ---------------------------------------------------------------- D. inc/dec
__global__ void incdec_kernel(const uint32_t *in, uint32_t *out, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  uint32_t *w = out + 4 * i;
  w[1] = in[2 * i]; w[3] = in[2 * i];
  uint32_t b = in[2 * i + 1], d0, d1;
  asm volatile("atom.global.inc.u32 %0, [%1], %2;" : "=r"(d0) : "l"(w + 1), "r"(b) : "memory");
  asm volatile("atom.global.dec.u32 %0, [%1], %2;" : "=r"(d1) : "l"(w + 3), "r"(b) : "memory");
  w[0] = d0; w[2] = d1;
}

int main() {
  // A.
  std::vector<uint32_t> bs, cs;
  for (uint32_t b = 0; b < 64; ++b) bs.push_back(b);
  bs.push_back(0xffffffe3u); bs.push_back(0x80000005u);
  const uint32_t segs[] = {0x00, 0x10, 0x18, 0x1c, 0x1e, 0x1f, 0x08, 0x01, 0x15};
  const uint32_t clamps[] = {0, 1, 3, 7, 15, 16, 31, 0x0a};
  for (uint32_t s : segs) for (uint32_t cl : clamps) cs.push_back((s << 8) | cl);
  cs.push_back(0xffffffffu); cs.push_back(0x201fu); cs.push_back(0xe01fu); cs.push_back(0xff1f1fu);
  uint32_t *dbs, *dcs, *dout;
  size_t nout = 4 * bs.size() * cs.size() * 32;
  CK(cudaMalloc(&dbs, bs.size() * 4)); CK(cudaMalloc(&dcs, cs.size() * 4)); CK(cudaMalloc(&dout, nout * 4));
  CK(cudaMemcpy(dbs, bs.data(), bs.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dcs, cs.data(), cs.size() * 4, cudaMemcpyHostToDevice));
  shfl_kernel<<<1, 32>>>(dbs, (int)bs.size(), dcs, (int)cs.size(), dout);
  CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(nout);
  CK(cudaMemcpy(out.data(), dout, nout * 4, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  const char *modes[] = {"up", "down", "bfly", "idx"};
  for (int m = 0; m < 4; ++m)
    for (size_t i = 0; i < bs.size(); ++i)
      for (size_t k = 0; k < cs.size(); ++k)
        for (unsigned lane = 0; lane < 32; ++lane) {
          unsigned j; bool p;
          shfl_ref(m, lane, bs[i], cs[k], &j, &p);
          uint32_t got = out[(((size_t)m * bs.size() + i) * cs.size() + k) * 32 + lane];
          if (got != (j | ((uint32_t)p << 8))) {
            if (bad++ < 10) printf("shfl.%s b=0x%x c=0x%x lane %u: got j=%u p=%u, model j=%u p=%d\n", modes[m],
                                   bs[i], cs[k], lane, got & 0xff, got >> 8, j, p);
          }
        }
  printf("A. shfl.sync: %zu lane results (4 modes x %zu b x %zu c x 32 lanes), %zu differ from the ISA pseudo-code\n",
         nout, bs.size(), cs.size(), bad);

  // B.
  const char *kinds[] = {"f16(lo)", "f16(hi)", "f16x2", "bf16(lo)", "bf16(hi)", "bf16x2", "f32"};
  const uint32_t sp16[][2] = {{0x7e00, 0x3c00}, {0x7c01, 0x3c00}, {0xfe01, 0x3c00}, {0x3c00, 0x7e05}, {0x3c00, 0xfd01},
                              {0x7c00, 0xfc00}, {0x0001, 0x0001}, {0x0001, 0x8001}, {0x8000, 0x0000}, {0x8000, 0x8000},
                              {0x03ff, 0x0001}, {0x7bff, 0x7bff}, {0x3c00, 0x0001}, {0x8001, 0x0000}};
  const uint32_t spb16[][2] = {{0x7fc0, 0x3f80}, {0x7f81, 0x3f80}, {0xffc1, 0x3f80}, {0x3f80, 0x7fc5}, {0x3f80, 0xff81},
                               {0x7f80, 0xff80}, {0x0001, 0x0001}, {0x0001, 0x8001}, {0x8000, 0x0000}, {0x8000, 0x8000},
                               {0x007f, 0x0001}, {0x7f7f, 0x7f7f}, {0x3f80, 0x0001}, {0x8001, 0x0000}};
  const uint32_t sp32[][2] = {{0x7fc00000, 0x3f800000}, {0x7f800001, 0x3f800000}, {0xffc00001, 0x3f800000},
                              {0x3f800000, 0x7fc00005}, {0x7f800000, 0xff800000}, {0x00000001, 0x00000001},
                              {0x00c00000, 0x80800000}, {0x00800000, 0x80000001}, {0x80000001, 0x00000000},
                              {0x3f800000, 0x00000001}, {0x007fffff, 0x00000001}, {0x80000000, 0x00000000}};
  for (int shared_space = 0; shared_space < 2; ++shared_space)
    for (int kind = 0; kind < 7; ++kind) {
      bool bf = kind >= 3 && kind <= 5;
      std::vector<uint32_t> in;
      int nsp = kind == 6 ? 12 : 14;
      for (int s = 0; s < nsp; ++s) {
        uint32_t o, v;
        if (kind == 6) { o = sp32[s][0]; v = sp32[s][1]; }
        else {
          const uint32_t *p = bf ? spb16[s] : sp16[s];
          bool hi = kind == 1 || kind == 4;
          o = hi ? (p[0] << 16) | 0x1234 : 0x56780000u | p[0];
          v = (kind == 2 || kind == 5) ? (p[1] << 16) | p[1] : p[1];
          if (kind == 2 || kind == 5) o = (p[0] << 16) | p[0];
        }
        in.push_back(o); in.push_back(v);
      }
      for (int r = 0; r < 200000; ++r) {
        uint32_t o = rnd_operand(kind), v = rnd_operand(kind);
        if (kind != 2 && kind != 5 && kind != 6) v &= 0xffff;
        in.push_back(o); in.push_back(v);
      }
      std::vector<uint32_t> res;
      if (run_fp(kind, shared_space, in, res)) return 1;
      printf("B. atom.%s.add %s specials (old, b -> returned, new):", shared_space ? "shared" : "global", kinds[kind]);
      for (int s = 0; s < nsp; ++s) printf(" %x+%x->%x,%x", in[2 * s], in[2 * s + 1], res[2 * s], res[2 * s + 1]);
      printf("\n");
      size_t n = in.size() / 2, retbad = 0, bad2 = 0, nans = 0;
      std::set<uint32_t> nanpat;
      for (size_t i = 0; i < n; ++i) {
        uint32_t o = in[2 * i], v = in[2 * i + 1];
        if (res[2 * i] != (kind == 6 || kind == 2 || kind == 5 ? o : (kind == 1 || kind == 4 ? o >> 16 : o & 0xffff))) ++retbad;
        uint32_t want = expect_word(kind, shared_space, o, v), got = res[2 * i + 1];
        if (want == got) continue;
        bool allnan = true;
        for (int h = 0; h < (kind == 6 ? 1 : 2); ++h) {
          uint32_t w = kind == 6 ? want : (want >> (16 * h)) & 0xffff, g = kind == 6 ? got : (got >> (16 * h)) & 0xffff;
          if (w == g) continue;
          bool wn = kind == 6 ? nan32(w) : nan16(bf, w), gn = kind == 6 ? nan32(g) : nan16(bf, g);
          if (wn && gn) { nanpat.insert(g); continue; }
          allnan = false;
        }
        if (allnan) { ++nans; continue; }
        if (bad2++ < 5) printf("   mismatch %s: %08x + %08x: got %08x want %08x\n", kinds[kind], o, v, got, want);
      }
      printf("   random+special %zu: returned-old wrong %zu, value wrong %zu, NaN-bits-only differences %zu; NaN patterns:",
             n, retbad, bad2, nans);
      int c = 0;
      for (uint32_t p : nanpat) { if (c++ < 8) printf(" %x", p); }
      printf("%s\n", nanpat.size() > 8 ? " ..." : "");
    }

  // C.
  uint32_t hv[16] = {7, 7, 3, 7, 5, 7, 7, 3, 7, 7, 7, 5, 7, 7, 7, 7};
  uint32_t *dv, *dr;
  CK(cudaMalloc(&dv, 64)); CK(cudaMalloc(&dr, 16 * 8 * 4));
  CK(cudaMemcpy(dv, hv, 64, cudaMemcpyHostToDevice));
  exited_kernel<<<1, 32>>>(dv, dr);
  CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
  uint32_t hr[16 * 8];
  CK(cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost));
  for (int lane : {0, 2, 4}) {
    const uint32_t *r = hr + lane * 8;
    printf("C. lanes 16..31 exited, membermask 0xffffffff, lane %d: match.all(same) d=%08x p=%u; match.all(differ) "
           "d=%08x p=%u; match.any d=%08x; ballot(v&1)=%08x; redux.add=%u; activemask=%08x\n",
           lane, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
  }

  // D.
  const uint32_t id[][2] = {{5, 0}, {0, 0}, {0, 7}, {9, 7}, {7, 7}, {3, 7}, {0xffffffffu, 0xffffffffu}, {0xffffffffu, 5}, {6, 7}};
  uint32_t *di, *dd;
  CK(cudaMalloc(&di, sizeof id)); CK(cudaMalloc(&dd, 9 * 16));
  CK(cudaMemcpy(di, id, sizeof id, cudaMemcpyHostToDevice));
  incdec_kernel<<<1, 32>>>(di, dd, 9);
  CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
  uint32_t hd[36];
  CK(cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost));
  printf("D. (old, b): inc -> new, dec -> new:");
  for (int i = 0; i < 9; ++i) printf(" (%x,%x): %x, %x;", id[i][0], id[i][1], hd[4 * i + 1], hd[4 * i + 3]);
  printf("\n");
  return 0;
}

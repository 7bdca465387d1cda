// Probe: PTX corners a peer's test suite found wrong or refused (issue 25, section 3), settled
// on the GPU. Hand-written PTX through the driver API, so the same program runs on the GPU
// machine with NVIDIA's driver and here with ptx2metal's libcuda.so.1 (meson test
// probe-isa-corners, against expected/isa_corners.txt, what an H200 printed):
//   nvcc -O2 -o isa_corners isa_corners_driver.cpp -lcuda && ./isa_corners [SECTION...]
// (expected/isa_corners.txt holds the sections carry, pack and mov; cpasync and vote are still
// to be recorded there, docs/gpu-facts.md.)
//
//  1. The carry flag CC.CF: every pair of a flag-setting instruction P (add.cc, sub.cc,
//     addc.cc, subc.cc, mad{c}.lo.cc, mad{c}.hi.cc signed and unsigned) and a flag reader Q
//     (addc, subc, madc, with and without .cc, or none), in 32 and 64 bits and mixed widths,
//     with CF = 0 and 1 before P. Per pair: the CF left at the end for every input (a mask), a
//     hash of both results, and whether they agree with the model below (carry of a + ~b + 1
//     for sub, of a + ~b + CF for subc).
//  2. cvt.pack.sat.{u8,s8}.s32.b32 and cvt.pack.sat.{u16,s16}.s32 on edge values.
//  3. mov.v2/.v4 between braced vectors (swaps and rotations, immediates).
//  4. vote.{ballot,any,all,uni} without .sync (PTX ISA 6.3, sm_75) in converged and divergent
//     code.
//  5. cp.async with a source size and with an ignore-src predicate (the zero-filled tail).
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

typedef unsigned long long u64;

#define CHECK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_; cuGetErrorString(r_, &s_); \
  std::printf("%s failed: %s\n", #x, s_); return 1; } } while (0)

namespace {

// --- 1. carry ---------------------------------------------------------------------------------

struct CarryOp {
  const char *name; // the PTX spelling without the type
  bool readsCf, setsCf, mad, hi, isSigned, sub;
};
const CarryOp kSetters[] = {
    {"add.cc", false, true, false, false, false, false},
    {"sub.cc", false, true, false, false, false, true},
    {"addc.cc", true, true, false, false, false, false},
    {"subc.cc", true, true, false, false, false, true},
    {"mad.lo.cc", false, true, true, false, false, false},
    {"mad.hi.cc", false, true, true, true, false, false},
    {"mad.hi.cc", false, true, true, true, true, false},
    {"madc.lo.cc", true, true, true, false, false, false},
    {"madc.hi.cc", true, true, true, true, false, false},
    {"madc.hi.cc", true, true, true, true, true, false},
};
const CarryOp kReaders[] = {
    {"addc", true, false, false, false, false, false},
    {"addc.cc", true, true, false, false, false, false},
    {"subc", true, false, false, false, false, true},
    {"subc.cc", true, true, false, false, false, true},
    {"madc.lo", true, false, true, false, false, false},
    {"madc.hi", true, false, true, true, false, false},
    {"madc.hi", true, false, true, true, true, false},
    {"madc.lo.cc", true, true, true, false, false, false},
    {"madc.hi.cc", true, true, true, true, false, false},
    {"madc.hi.cc", true, true, true, true, true, false},
    {nullptr, false, false, false, false, false, false}, // no reader: CF as P left it
};
constexpr int kCarryInputs = 32;

struct CarryCombo {
  const CarryOp *p, *q;
  int wp, wq, cin;
};

std::vector<CarryCombo> carryCombos() {
  std::vector<CarryCombo> v;
  for (const CarryOp &p : kSetters)
    for (const CarryOp &q : kReaders)
      for (int wp : {32, 64})
        for (int wq : {32, 64}) {
          if (!q.name && wq != wp)
            continue;
          for (int cin : {0, 1}) {
            if (!p.readsCf && cin == 1)
              continue; // P does not read CF: one seed is enough
            v.push_back({&p, q.name ? &q : nullptr, wp, wq, cin});
          }
        }
  return v;
}

std::string typeOf(const CarryOp &o, int w) {
  return std::string(o.isSigned ? ".s" : ".u") + std::to_string(w);
}

// One instruction: d = op a, b[, c] in width w, on the registers %x<w>, %y<w>, %z<w> chosen by
// the operand order `abc` (three letters).
std::string carryInst(const CarryOp &o, int w, const char *d, const char *abc) {
  auto r = [&](char c) { return std::string("%") + c + (w == 32 ? "32" : "64"); };
  std::string s = std::string("  ") + o.name + typeOf(o, w) + " " + d + (w == 32 ? "32" : "64") + ", " + r(abc[0]) +
                  ", " + r(abc[1]);
  if (o.mad)
    s += ", " + r(abc[2]);
  return s + ";\n";
}

std::string carryPtx(const std::vector<CarryCombo> &combos) {
  std::string s = R"(
.version 8.0
.target sm_90
.address_size 64
.visible .entry carry(.param .u64 in, .param .u64 out, .param .u32 zero)
{
  .reg .b32 %x32, %y32, %z32, %p32, %q32, %cf, %zero, %one, %seed, %i;
  .reg .b64 %x64, %y64, %z64, %p64, %q64, %base, %o, %off, %cf64;
  ld.param.u64 %base, [in];
  cvta.to.global.u64 %base, %base;
  ld.param.u64 %o, [out];
  cvta.to.global.u64 %o, %o;
  ld.param.u32 %zero, [zero];
  add.u32 %one, %zero, 1;
  mov.u32 %i, %tid.x;
  mul.wide.u32 %off, %i, 24;
  add.u64 %base, %base, %off;
  ld.global.u64 %x64, [%base];
  ld.global.u64 %y64, [%base+8];
  ld.global.u64 %z64, [%base+16];
  cvt.u32.u64 %x32, %x64;
  cvt.u32.u64 %y32, %y64;
  cvt.u32.u64 %z32, %z64;
  mul.wide.u32 %off, %i, 24;
  add.u64 %o, %o, %off;
)";
  for (size_t k = 0; k < combos.size(); ++k) {
    const CarryCombo &c = combos[k];
    s += "  // combo " + std::to_string(k) + "\n";
    s += std::string("  add.cc.u32 %seed, ") + (c.cin ? "%one" : "%zero") + ", -1;\n"; // CF = cin
    s += carryInst(*c.p, c.wp, "%p", "xyz");
    if (c.q)
      s += carryInst(*c.q, c.wq, "%q", "yzx");
    s += "  addc.u32 %cf, 0, 0;\n";
    if (c.wp == 32)
      s += "  cvt.u64.u32 %p64, %p32;\n";
    if (c.q && c.wq == 32)
      s += "  cvt.u64.u32 %q64, %q32;\n";
    if (!c.q)
      s += "  mov.u64 %q64, 0;\n";
    s += "  cvt.u64.u32 %cf64, %cf;\n";
    std::string at = std::to_string(k * kCarryInputs * 24);
    s += "  st.global.u64 [%o+" + at + "], %p64;\n";
    s += "  st.global.u64 [%o+" + std::to_string(k * kCarryInputs * 24 + 8) + "], %q64;\n";
    s += "  st.global.u64 [%o+" + std::to_string(k * kCarryInputs * 24 + 16) + "], %cf64;\n";
  }
  s += "  ret;\n}\n";
  return s;
}

u64 mask(int w) { return w == 64 ? ~0ull : (1ull << w) - 1; }

// The model: every instruction is an add a + b' + cin whose carry out becomes CF (with .cc);
// sub uses b' = ~b and cin = 1, subc b' = ~b and cin = CF.
u64 modelInst(const CarryOp &o, int w, u64 a, u64 b, u64 c, unsigned &cf) {
  a &= mask(w), b &= mask(w), c &= mask(w);
  u64 x, y;
  if (o.mad) {
    if (o.hi) {
      if (w == 32) {
        u64 p = o.isSigned ? (u64)((int64_t)(int32_t)a * (int64_t)(int32_t)b) : a * b;
        x = (p >> 32) & mask(32);
      } else {
        unsigned __int128 p = o.isSigned ? (unsigned __int128)((__int128)(int64_t)a * (__int128)(int64_t)b)
                                         : (unsigned __int128)a * b;
        x = (u64)(p >> 64);
      }
    } else {
      x = (a * b) & mask(w);
    }
    y = c;
  } else {
    x = a;
    y = o.sub ? ~b & mask(w) : b;
  }
  unsigned cin = o.readsCf ? cf : o.sub ? 1u : 0u;
  unsigned __int128 sum = (unsigned __int128)x + y + cin;
  if (o.setsCf)
    cf = (unsigned)((sum >> w) & 1);
  return (u64)sum & mask(w);
}

u64 splitmix(u64 &state) {
  state += 0x9E3779B97F4A7C15ull;
  u64 z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<u64> carryInputs() {
  const u64 M = ~0ull, H = 0x8000000000000000ull, W = 0xFFFFFFFFull;
  std::vector<u64> v = {0, 0, 0,  1, 1, 0,  0, 1, 0,  1, 0, 0,  W, 1, W,  W, W, W,  M, 1, M,  M, M, M,
                        H, H, H,  5, 3, 7,  3, 5, 7,  W, 0, 1,  0, W, 1,  M, 0, 1,  0, M, 1,  0x80000000ull, 0x80000000ull, W,
                        0x100000000ull, 1, M, 0x1FFFFFFFFull, 0x100000000ull, 2, 0x7FFFFFFFull, 0x80000000ull, 1,
                        0xFFFFFFFF00000000ull, 0xFFFFFFFF00000000ull, 0x100000000ull};
  u64 state = 25;
  while (v.size() < 3 * kCarryInputs)
    v.push_back(splitmix(state));
  return v;
}

u64 fnv(u64 h, u64 x) {
  for (int i = 0; i < 8; ++i) {
    h ^= (x >> (8 * i)) & 0xFF;
    h *= 0x100000001B3ull;
  }
  return h;
}

// --- 2-5: the other corners, one module ----------------------------------------------------------

const char *kCornersPtx = R"(
.version 8.0
.target sm_90
.address_size 64
// out[i*4 + 0..3]: u8, s8 (4-operand) and u16, s16 packs of a[i], b[i], c[i].
.visible .entry pack(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 out)
{
  .reg .b32 %a, %b, %c, %d, %i;
  .reg .b64 %pa, %pb, %pc, %po, %off;
  ld.param.u64 %pa, [a];
  ld.param.u64 %pb, [b];
  ld.param.u64 %pc, [c];
  ld.param.u64 %po, [out];
  mov.u32 %i, %tid.x;
  mul.wide.u32 %off, %i, 4;
  add.u64 %pa, %pa, %off;
  add.u64 %pb, %pb, %off;
  add.u64 %pc, %pc, %off;
  ld.global.u32 %a, [%pa];
  ld.global.u32 %b, [%pb];
  ld.global.u32 %c, [%pc];
  mul.wide.u32 %off, %i, 16;
  add.u64 %po, %po, %off;
  cvt.pack.sat.u8.s32.b32 %d, %a, %b, %c;
  st.global.u32 [%po], %d;
  cvt.pack.sat.s8.s32.b32 %d, %a, %b, %c;
  st.global.u32 [%po+4], %d;
  cvt.pack.sat.u16.s32 %d, %a, %b;
  st.global.u32 [%po+8], %d;
  cvt.pack.sat.s16.s32 %d, %a, %b;
  st.global.u32 [%po+12], %d;
  ret;
}

// One thread: vector moves of run-time values, written in order.
.visible .entry movvec(.param .u64 in, .param .u64 out)
{
  .reg .b16 %h<5>;
  .reg .b32 %r<9>;
  .reg .f32 %f<5>;
  .reg .b64 %rd<8>;
  .reg .f64 %fd<3>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];
  ld.global.v2.u64 {%rd3, %rd4}, [%rd1+16];
  mov.v2.u32 {%r5, %r6}, {%r1, 7};
  st.global.v2.u32 [%rd2], {%r5, %r6};
  mov.v2.u32 {%r1, %r2}, {%r2, %r1};
  st.global.v2.u32 [%rd2+8], {%r1, %r2};
  mov.v4.u32 {%r1, %r2, %r3, %r4}, {%r2, %r3, %r4, %r1};
  st.global.v4.u32 [%rd2+16], {%r1, %r2, %r3, %r4};
  mov.v2.u64 {%rd3, %rd4}, {%rd4, %rd3};
  st.global.v2.u64 [%rd2+32], {%rd3, %rd4};
  mov.b32 {%h1, %h2}, %r1;
  mov.b32 {%h3, %h4}, %r2;
  mov.v4.b16 {%h1, %h2, %h3, %h4}, {%h4, %h1, %h2, %h3};
  st.global.v4.u16 [%rd2+48], {%h1, %h2, %h3, %h4};
  mov.b32 %f1, %r3;
  mov.b32 %f2, %r4;
  mov.v2.f32 {%f3, %f4}, {%f2, 0f3F800000};
  st.global.v2.f32 [%rd2+56], {%f3, %f4};
  mov.b64 %fd1, %rd3;
  mov.b64 %fd2, %rd4;
  mov.v2.f64 {%fd1, %fd2}, {%fd2, %fd1};
  st.global.v2.f64 [%rd2+64], {%fd1, %fd2};
  mov.v4.f32 {%f1, %f2, %f3, %f4}, {%f4, %f3, %f2, %f1};
  st.global.v4.f32 [%rd2+80], {%f1, %f2, %f3, %f4};
  ret;
}

// One thread: cp.async into a shared buffer pre-filled with 0xEE, then the buffer to out.
.visible .entry cpasync(.param .u64 src, .param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<6>;
  .shared .align 16 .b8 buf[160];
  ld.param.u64 %rd1, [src];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, buf;
  mov.u32 %r3, 0;
  mov.u32 %r4, 0xEEEEEEEE;
FILL:
  add.u32 %r5, %r2, %r3;
  st.shared.u32 [%r5], %r4;
  add.u32 %r3, %r3, 4;
  setp.lt.u32 %p1, %r3, 160;
  @%p1 bra FILL;
  // n = 5 (a run-time source size)
  cp.async.ca.shared.global [%r2], [%rd1], 16, %r1;
  cp.async.cg.shared.global [%r2+16], [%rd1], 16, %r1;
  cp.async.ca.shared.global [%r2+32], [%rd1], 8, 3;
  cp.async.ca.shared.global [%r2+40], [%rd1], 4, 0;
  cp.async.ca.shared::cta.global [%r2+48], [%rd1], 16, 16;
  cp.async.ca.shared.global [%r2+64], [%rd1], 8;
  setp.eq.u32 %p1, %r1, 5;
  cp.async.ca.shared.global [%r2+80], [%rd1], 16, %p1;
  setp.ne.u32 %p2, %r1, 5;
  cp.async.ca.shared.global [%r2+96], [%rd1], 16, %p2;
  cp.async.cg.shared.global.L2::128B [%r2+112], [%rd1+16], 16, %r1;
  sub.u32 %r6, %r1, 4;
  cp.async.ca.shared.global [%r2+128], [%rd1+16], 4, %r6;
  cp.async.ca.shared.global [%r2+136], [%rd1+16], 8, 7;
  cp.async.commit_group;
  cp.async.wait_all;
  mov.u32 %r3, 0;
COPY:
  add.u32 %r5, %r2, %r3;
  ld.shared.u32 %r7, [%r5];
  cvt.u64.u32 %rd3, %r3;
  add.u64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r7;
  add.u32 %r3, %r3, 4;
  setp.lt.u32 %p1, %r3, 160;
  @%p1 bra COPY;
  ret;
}
)";

// vote without .sync: only PTX ISA before 6.4 allows it on sm_70 and later.
const char *kVotePtx = R"(
.version 6.3
.target sm_75
.address_size 64
// 64 threads. out[tid*8 ..]: converged ballot/any/all/uni of p = (tid*7 % 5 < 2), then in the
// threads with tid % 3 != 0: ballot of p, any, all and uni of q = (tid % 3 == 1), and the ballot
// of a predicate true in every active thread.
.visible .entry vote(.param .u64 out)
{
  .reg .pred %p<6>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, 7;
  rem.u32 %r2, %r2, 5;
  setp.lt.u32 %p1, %r2, 2;
  mul.wide.u32 %rd2, %r1, 32;
  add.u64 %rd1, %rd1, %rd2;
  vote.ballot.b32 %r3, %p1;
  vote.any.pred %p2, %p1;
  selp.u32 %r4, 1, 0, %p2;
  vote.all.pred %p2, %p1;
  selp.u32 %r5, 1, 0, %p2;
  vote.uni.pred %p2, %p1;
  selp.u32 %r6, 1, 0, %p2;
  shl.b32 %r5, %r5, 1;
  shl.b32 %r6, %r6, 2;
  or.b32 %r4, %r4, %r5;
  or.b32 %r4, %r4, %r6;
  st.global.v2.u32 [%rd1], {%r3, %r4};
  mov.u32 %r7, 0xFFFFFFFF;
  mov.u32 %r8, 0xFFFFFFFF;
  mov.u32 %r9, 0xFFFFFFFF;
  rem.u32 %r2, %r1, 3;
  setp.eq.u32 %p3, %r2, 0;
  @%p3 bra SKIP;
  setp.eq.u32 %p4, %r2, 1;
  vote.ballot.b32 %r7, %p1;
  vote.any.pred %p2, %p4;
  selp.u32 %r10, 1, 0, %p2;
  vote.all.pred %p2, %p4;
  selp.u32 %r11, 1, 0, %p2;
  vote.uni.pred %p2, %p4;
  selp.u32 %r12, 1, 0, %p2;
  shl.b32 %r11, %r11, 1;
  shl.b32 %r12, %r12, 2;
  or.b32 %r8, %r10, %r11;
  or.b32 %r8, %r8, %r12;
  setp.ne.u32 %p5, %r2, 0;
  vote.ballot.b32 %r9, %p5;
  vote.all.pred %p2, %p5;
  selp.u32 %r13, 8, 0, %p2;
  or.b32 %r8, %r8, %r13;
SKIP:
  st.global.v2.u32 [%rd1+8], {%r7, %r8};
  st.global.u32 [%rd1+16], %r9;
  ret;
}
)";

char gLog[16384];

int load(CUmodule *mod, const char *ptx) {
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {gLog, (void *)sizeof(gLog)};
  gLog[0] = 0;
  if (cuModuleLoadDataEx(mod, ptx, 2, opts, vals) != CUDA_SUCCESS) {
    std::printf("load failed: %s\n", gLog);
    return 1;
  }
  return 0;
}

} // namespace

// Arguments: the sections to run (carry pack mov cpasync vote), all by default.
int main(int argc, char **argv) {
  auto wanted = [&](const char *name) {
    if (argc < 2)
      return true;
    for (int i = 1; i < argc; ++i)
      if (std::string(argv[i]) == name)
        return true;
    return false;
  };
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuCtxCreate(&ctx, nullptr, 0, dev));

  // 1. carry
  if (wanted("carry")) {
    std::vector<CarryCombo> combos = carryCombos();
    std::string ptx = carryPtx(combos);
    CUmodule mod;
    CUfunction fn;
    if (load(&mod, ptx.c_str()))
      return 1;
    CHECK(cuModuleGetFunction(&fn, mod, "carry"));
    std::vector<u64> in = carryInputs();
    size_t outWords = combos.size() * kCarryInputs * 3;
    CUdeviceptr dIn, dOut;
    CHECK(cuMemAlloc(&dIn, in.size() * 8));
    CHECK(cuMemAlloc(&dOut, outWords * 8));
    CHECK(cuMemcpyHtoD(dIn, in.data(), in.size() * 8));
    unsigned zero = 0;
    void *args[] = {&dIn, &dOut, &zero};
    CHECK(cuLaunchKernel(fn, 1, 1, 1, kCarryInputs, 1, 1, 0, nullptr, args, nullptr));
    CHECK(cuCtxSynchronize());
    std::vector<u64> out(outWords);
    CHECK(cuMemcpyDtoH(out.data(), dOut, outWords * 8));
    int agree = 0;
    std::printf("carry: %zu instruction pairs x %d inputs; cf = the CF left, bit i for input i\n", combos.size(),
                kCarryInputs);
    for (size_t k = 0; k < combos.size(); ++k) {
      const CarryCombo &c = combos[k];
      unsigned cfMask = 0, diffs = 0;
      u64 h = 0xCBF29CE484222325ull;
      for (int i = 0; i < kCarryInputs; ++i) {
        const u64 *r = &out[(k * kCarryInputs + i) * 3];
        cfMask |= (unsigned)(r[2] & 1) << i;
        h = fnv(fnv(h, r[0]), r[1]);
        u64 x = in[3 * i], y = in[3 * i + 1], z = in[3 * i + 2];
        unsigned cf = (unsigned)c.cin;
        u64 p = modelInst(*c.p, c.wp, x, y, z, cf);
        u64 q = c.q ? modelInst(*c.q, c.wq, y, z, x, cf) : 0;
        if (p != r[0] || q != r[1] || cf != (r[2] & 1))
          ++diffs;
      }
      agree += diffs == 0;
      std::string pn = std::string(c.p->name) + typeOf(*c.p, c.wp);
      std::string qn = c.q ? std::string(c.q->name) + typeOf(*c.q, c.wq) : "-";
      std::printf("  cf-in %d  %-18s then %-18s cf %08x  results %016llx  model %s\n", c.cin, pn.c_str(), qn.c_str(),
                  cfMask, h, diffs ? ("DIFFERS in " + std::to_string(diffs)).c_str() : "ok");
    }
    std::printf("carry: %d of %zu pairs as the model (sub.cc: carry of a + ~b + 1; subc: of a + ~b + CF)\n", agree,
                combos.size());
    CHECK(cuModuleUnload(mod));
  }

  CUmodule mod;
  if (load(&mod, kCornersPtx))
    return 1;

  // 2. cvt.pack.sat
  if (wanted("pack")) {
    const int vals[] = {(int)0x80000000, -65536, -32769, -32768, -129, -128, -1, 0, 1, 127, 128, 255, 256,
                        32767, 32768, 65535, 65536, 0x7FFFFFFF};
    const int nv = sizeof vals / sizeof vals[0];
    std::vector<unsigned> a, b, c;
    for (int i = 0; i < nv; ++i)
      for (int j = 0; j < nv; ++j) {
        a.push_back((unsigned)vals[i]);
        b.push_back((unsigned)vals[j]);
        c.push_back(0xDEAD0000u + (unsigned)(i * nv + j) * 0x0101u);
      }
    size_t n = a.size();
    CUfunction fn;
    CHECK(cuModuleGetFunction(&fn, mod, "pack"));
    CUdeviceptr da, db, dc, dout;
    CHECK(cuMemAlloc(&da, n * 4));
    CHECK(cuMemAlloc(&db, n * 4));
    CHECK(cuMemAlloc(&dc, n * 4));
    CHECK(cuMemAlloc(&dout, n * 16));
    CHECK(cuMemcpyHtoD(da, a.data(), n * 4));
    CHECK(cuMemcpyHtoD(db, b.data(), n * 4));
    CHECK(cuMemcpyHtoD(dc, c.data(), n * 4));
    void *args[] = {&da, &db, &dc, &dout};
    CHECK(cuLaunchKernel(fn, 1, 1, 1, (unsigned)n, 1, 1, 0, nullptr, args, nullptr));
    CHECK(cuCtxSynchronize());
    std::vector<unsigned> out(n * 4);
    CHECK(cuMemcpyDtoH(out.data(), dout, n * 16));
    std::printf("cvt.pack.sat: a b c -> u8.s32.b32 s8.s32.b32 u16.s32 s16.s32\n");
    for (size_t i = 0; i < n; ++i)
      std::printf("  %08x %08x %08x -> %08x %08x %08x %08x\n", a[i], b[i], c[i], out[4 * i], out[4 * i + 1],
                  out[4 * i + 2], out[4 * i + 3]);
  }

  // 3. mov.v2/.v4
  if (wanted("mov")) {
    const unsigned in[8] = {0x11112222u, 0x33334444u, 0x3FC00000u, 0xC0490FDBu, 0x89ABCDEFu, 0x01234567u,
                            0x40091EB8u, 0x51EB851Fu};
    CUfunction fn;
    CHECK(cuModuleGetFunction(&fn, mod, "movvec"));
    CUdeviceptr din, dout;
    CHECK(cuMemAlloc(&din, sizeof in));
    CHECK(cuMemAlloc(&dout, 96));
    CHECK(cuMemcpyHtoD(din, in, sizeof in));
    CHECK(cuMemsetD8(dout, 0xA5, 96));
    void *args[] = {&din, &dout};
    CHECK(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
    CHECK(cuCtxSynchronize());
    unsigned out[24];
    CHECK(cuMemcpyDtoH(out, dout, 96));
    std::printf("mov.v2/.v4 (words):");
    for (unsigned w : out)
      std::printf(" %08x", w);
    std::printf("\n");
  }

  // 5. cp.async with a source size
  if (wanted("cpasync")) {
    unsigned char src[32];
    for (int i = 0; i < 32; ++i)
      src[i] = (unsigned char)(i + 1);
    CUfunction fn;
    CHECK(cuModuleGetFunction(&fn, mod, "cpasync"));
    CUdeviceptr dsrc, dout;
    CHECK(cuMemAlloc(&dsrc, 32));
    CHECK(cuMemAlloc(&dout, 160));
    CHECK(cuMemcpyHtoD(dsrc, src, 32));
    unsigned n = 5;
    void *args[] = {&dsrc, &dout, &n};
    CHECK(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
    CHECK(cuCtxSynchronize());
    unsigned char out[160];
    CHECK(cuMemcpyDtoH(out, dout, 160));
    std::printf("cp.async shared buffer (16 bytes a row):\n");
    for (int r = 0; r < 10; ++r) {
      std::printf("  +%03d", r * 16);
      for (int i = 0; i < 16; ++i)
        std::printf(" %02x", out[r * 16 + i]);
      std::printf("\n");
    }
  }
  CHECK(cuModuleUnload(mod));

  // 4. vote without .sync
  if (wanted("vote")) {
    if (load(&mod, kVotePtx))
      return 1;
    CUfunction fn;
    CHECK(cuModuleGetFunction(&fn, mod, "vote"));
    CUdeviceptr dout;
    CHECK(cuMemAlloc(&dout, 64 * 32));
    CHECK(cuMemsetD8(dout, 0, 64 * 32));
    void *args[] = {&dout};
    CHECK(cuLaunchKernel(fn, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr));
    CHECK(cuCtxSynchronize());
    unsigned out[64 * 8];
    CHECK(cuMemcpyDtoH(out, dout, sizeof out));
    std::printf("vote without .sync: tid ballot any|all<<1|uni<<2, then in tid %% 3 != 0: ballot, "
                "any|all<<1|uni<<2|all(true)<<3, ballot(true)\n");
    for (int t = 0; t < 64; ++t)
      std::printf("  %2d %08x %x  %08x %x %08x\n", t, out[8 * t], out[8 * t + 1], out[8 * t + 2], out[8 * t + 3],
                  out[8 * t + 4]);
    CHECK(cuModuleUnload(mod));
  }
  return 0;
}

// Probe: cvt to/from f16, bf16, tf32 and integers, and f16/bf16 arithmetic, on the GPU.
// Every operand is loaded from memory and every instruction is inline PTX, so neither nvcc nor
// ptxas can fold anything. Writes six binary files of fixed-size records (inputs included) into
// the directory given as argv[1]; the records are the structs below. The unit tests of
// emitters/msl/support/cvt_ops.h and half_ops.h were compared with these files (see
// docs/gpu-facts.md, "f16, bf16 and tf32 conversions and arithmetic").
//   nvcc -arch=sm_90 -O2 -o half_cvt half_cvt.cu && ./half_cvt OUTDIR
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

// Integer results of the four .rXi modes, for the eight destination types (stored narrow).
struct IntOut {
  int8_t s8[4]; uint8_t u8[4]; int16_t s16[4]; uint16_t u16_[4];
  int32_t s32[4]; uint32_t u32_[4]; int64_t s64[4]; uint64_t u64_[4];
};

struct F32Rec {  // one f32 input
  u32 x;
  u16 f16[10];   // rn rz rm rp rn.relu rz.relu rn.sf rz.sf rn.relu.sf rz.relu.sf
  u16 f16ftz[4]; // rn rz rm rp with .ftz
  u16 bf16[10];  // as f16
  u32 tf32[6];   // rna rna.sf rn rz rn.relu rz.relu (rn/rz .satfinite need sm_100)
  u32 rint[4];   // cvt.rni/rzi/rmi/rpi.f32.f32
  u32 x2[4];     // cvt.rn.f16x2(x, next x), rz.relu.satfinite.f16x2, rn.bf16x2, rn.relu.bf16x2
  IntOut i;
};

struct F16Rec {  // one f16 input (all 65536)
  u16 h; u16 pad;
  u32 f32;       // cvt.f32.f16
  u16 rint[4];   // cvt.rni/rzi/rmi/rpi.f16.f16
  u16 bf16[4];   // cvt.rn/rz/rm/rp.bf16.f16
  u16 misc[6];   // ex2.approx.f16 tanh.approx.f16 abs.f16 neg.f16 abs.ftz.f16 add.sat(h, -0)
  IntOut i;
};

struct BF16Rec {  // one bf16 input (all 65536)
  u16 h; u16 pad;
  u32 f32;       // cvt.f32.bf16
  u16 rint[4];   // cvt.rni/rzi/rmi/rpi.bf16.bf16
  u16 f16[4];    // cvt.rn/rz/rm/rp.f16.bf16
  u16 misc[4];   // ex2.approx.ftz.bf16 tanh.approx.bf16 abs.bf16 neg.bf16
  IntOut i;
};

struct H2Rec {  // f16 a, b, c
  u16 a, b, c;
  u16 o[16];  // add sub mul fma fma.relu min max min.NaN max.NaN min.xorsign.abs max.xorsign.abs
              // add.ftz mul.ftz fma.ftz add.sat fma.sat
  u32 x2[2];  // add.f16x2(a|b<<16, c|a<<16), fma.rn.f16x2(a|b<<16, b|c<<16, c|a<<16)
};

struct B2Rec {  // bf16 a, b, c
  u16 a, b, c;
  u16 o[11];  // add sub mul fma fma.relu min max min.NaN max.NaN min.xorsign.abs max.xorsign.abs
  u32 x2[2];  // as H2Rec
};

struct I2FRec {  // one integer bit pattern v
  u64 v;
  u32 f32[4][4];  // [src s32 u32 s64 u64][rn rz rm rp]
  u16 f16[6][4];  // [src s16 u16 s32 u32 s64 u64][rn rz rm rp]
  u16 bf16[6][4];
};

// ---------------------------------------------------------------------------------------
// Device side
// ---------------------------------------------------------------------------------------
#define CVT16_F32(NAME, OP) __device__ u16 NAME(u32 x) { u16 r; \
  asm volatile(OP " %0, %1;" : "=h"(r) : "f"(__int_as_float((int)x))); return r; }
CVT16_F32(f16_rn, "cvt.rn.f16.f32") CVT16_F32(f16_rz, "cvt.rz.f16.f32")
CVT16_F32(f16_rm, "cvt.rm.f16.f32") CVT16_F32(f16_rp, "cvt.rp.f16.f32")
CVT16_F32(f16_rn_relu, "cvt.rn.relu.f16.f32") CVT16_F32(f16_rz_relu, "cvt.rz.relu.f16.f32")
CVT16_F32(f16_rn_sf, "cvt.rn.satfinite.f16.f32") CVT16_F32(f16_rz_sf, "cvt.rz.satfinite.f16.f32")
CVT16_F32(f16_rn_relu_sf, "cvt.rn.relu.satfinite.f16.f32")
CVT16_F32(f16_rz_relu_sf, "cvt.rz.relu.satfinite.f16.f32")
CVT16_F32(f16_rn_ftz, "cvt.rn.ftz.f16.f32") CVT16_F32(f16_rz_ftz, "cvt.rz.ftz.f16.f32")
CVT16_F32(f16_rm_ftz, "cvt.rm.ftz.f16.f32") CVT16_F32(f16_rp_ftz, "cvt.rp.ftz.f16.f32")
CVT16_F32(bf16_rn, "cvt.rn.bf16.f32") CVT16_F32(bf16_rz, "cvt.rz.bf16.f32")
CVT16_F32(bf16_rm, "cvt.rm.bf16.f32") CVT16_F32(bf16_rp, "cvt.rp.bf16.f32")
CVT16_F32(bf16_rn_relu, "cvt.rn.relu.bf16.f32") CVT16_F32(bf16_rz_relu, "cvt.rz.relu.bf16.f32")
CVT16_F32(bf16_rn_sf, "cvt.rn.satfinite.bf16.f32") CVT16_F32(bf16_rz_sf, "cvt.rz.satfinite.bf16.f32")
CVT16_F32(bf16_rn_relu_sf, "cvt.rn.relu.satfinite.bf16.f32")
CVT16_F32(bf16_rz_relu_sf, "cvt.rz.relu.satfinite.bf16.f32")

#define CVT32_F32(NAME, OP) __device__ u32 NAME(u32 x) { u32 r; \
  asm volatile(OP " %0, %1;" : "=r"(r) : "f"(__int_as_float((int)x))); return r; }
CVT32_F32(tf32_rna, "cvt.rna.tf32.f32") CVT32_F32(tf32_rna_sf, "cvt.rna.satfinite.tf32.f32")
CVT32_F32(tf32_rn, "cvt.rn.tf32.f32") CVT32_F32(tf32_rz, "cvt.rz.tf32.f32")
CVT32_F32(tf32_rn_relu, "cvt.rn.relu.tf32.f32") CVT32_F32(tf32_rz_relu, "cvt.rz.relu.tf32.f32")

#define RINT_F32(NAME, OP) __device__ u32 NAME(u32 x) { float r; \
  asm volatile(OP " %0, %1;" : "=f"(r) : "f"(__int_as_float((int)x))); return (u32)__float_as_int(r); }
RINT_F32(rni_f32, "cvt.rni.f32.f32") RINT_F32(rzi_f32, "cvt.rzi.f32.f32")
RINT_F32(rmi_f32, "cvt.rmi.f32.f32") RINT_F32(rpi_f32, "cvt.rpi.f32.f32")

#define PACK_F32(NAME, OP) __device__ u32 NAME(u32 a, u32 b) { u32 r; \
  asm volatile(OP " %0, %1, %2;" : "=r"(r) : "f"(__int_as_float((int)a)), "f"(__int_as_float((int)b))); return r; }
PACK_F32(f16x2_rn, "cvt.rn.f16x2.f32") PACK_F32(f16x2_rz_relu_sf, "cvt.rz.relu.satfinite.f16x2.f32")
PACK_F32(bf16x2_rn, "cvt.rn.bf16x2.f32") PACK_F32(bf16x2_rn_relu, "cvt.rn.relu.bf16x2.f32")

// Float (given by a PTX source type and register constraint) to the 8 integer types, 4 modes.
#define TO_INT(SRC, CON, VAL, OUT, M)                                                        \
  { short r8; unsigned short ru8; short r16; unsigned short ru16; int r32; unsigned ru32; long long r64; \
    unsigned long long ru64;                                                                 \
    asm volatile("{ .reg .s8 t; cvt." M ".s8." SRC " t, %1; cvt.s16.s8 %0, t; }"             \
                 : "=h"(r8) : CON(VAL));                                                     \
    asm volatile("{ .reg .u8 t; cvt." M ".u8." SRC " t, %1; cvt.u16.u8 %0, t; }"             \
                 : "=h"(ru8) : CON(VAL));                                                    \
    asm volatile("cvt." M ".s16." SRC " %0, %1;" : "=h"(r16) : CON(VAL));                    \
    asm volatile("cvt." M ".u16." SRC " %0, %1;" : "=h"(ru16) : CON(VAL));                   \
    asm volatile("cvt." M ".s32." SRC " %0, %1;" : "=r"(r32) : CON(VAL));                    \
    asm volatile("cvt." M ".u32." SRC " %0, %1;" : "=r"(ru32) : CON(VAL));                   \
    asm volatile("cvt." M ".s64." SRC " %0, %1;" : "=l"(r64) : CON(VAL));                    \
    asm volatile("cvt." M ".u64." SRC " %0, %1;" : "=l"(ru64) : CON(VAL));                   \
    OUT.s8[k] = (int8_t)r8; OUT.u8[k] = (uint8_t)ru8; OUT.s16[k] = r16; OUT.u16_[k] = ru16;  \
    OUT.s32[k] = r32; OUT.u32_[k] = ru32; OUT.s64[k] = r64; OUT.u64_[k] = ru64; ++k; }
#define TO_INT_ALL(SRC, CON, VAL, OUT) { int k = 0; TO_INT(SRC, CON, VAL, OUT, "rni")          \
  TO_INT(SRC, CON, VAL, OUT, "rzi") TO_INT(SRC, CON, VAL, OUT, "rmi") TO_INT(SRC, CON, VAL, OUT, "rpi") }
#define CF(x) "f"(x)
#define CH(x) "h"(x)

__global__ void k_f32(F32Rec *rec, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  F32Rec &r = rec[i];
  u32 x = r.x, y = rec[(i + 1) % n].x;
  r.f16[0] = f16_rn(x); r.f16[1] = f16_rz(x); r.f16[2] = f16_rm(x); r.f16[3] = f16_rp(x);
  r.f16[4] = f16_rn_relu(x); r.f16[5] = f16_rz_relu(x); r.f16[6] = f16_rn_sf(x);
  r.f16[7] = f16_rz_sf(x); r.f16[8] = f16_rn_relu_sf(x); r.f16[9] = f16_rz_relu_sf(x);
  r.f16ftz[0] = f16_rn_ftz(x); r.f16ftz[1] = f16_rz_ftz(x); r.f16ftz[2] = f16_rm_ftz(x);
  r.f16ftz[3] = f16_rp_ftz(x);
  r.bf16[0] = bf16_rn(x); r.bf16[1] = bf16_rz(x); r.bf16[2] = bf16_rm(x); r.bf16[3] = bf16_rp(x);
  r.bf16[4] = bf16_rn_relu(x); r.bf16[5] = bf16_rz_relu(x); r.bf16[6] = bf16_rn_sf(x);
  r.bf16[7] = bf16_rz_sf(x); r.bf16[8] = bf16_rn_relu_sf(x); r.bf16[9] = bf16_rz_relu_sf(x);
  r.tf32[0] = tf32_rna(x); r.tf32[1] = tf32_rna_sf(x); r.tf32[2] = tf32_rn(x);
  r.tf32[3] = tf32_rz(x); r.tf32[4] = tf32_rn_relu(x); r.tf32[5] = tf32_rz_relu(x);
  r.rint[0] = rni_f32(x); r.rint[1] = rzi_f32(x); r.rint[2] = rmi_f32(x); r.rint[3] = rpi_f32(x);
  r.x2[0] = f16x2_rn(x, y); r.x2[1] = f16x2_rz_relu_sf(x, y); r.x2[2] = bf16x2_rn(x, y);
  r.x2[3] = bf16x2_rn_relu(x, y);
  float fx = __int_as_float((int)x);
  TO_INT_ALL("f32", CF, fx, r.i)
}

#define UN16(NAME, OP) __device__ u16 NAME(u16 a) { u16 r; \
  asm volatile(OP " %0, %1;" : "=h"(r) : "h"(a)); return r; }
UN16(h_rni, "cvt.rni.f16.f16") UN16(h_rzi, "cvt.rzi.f16.f16") UN16(h_rmi, "cvt.rmi.f16.f16")
UN16(h_rpi, "cvt.rpi.f16.f16")
UN16(h2b_rn, "cvt.rn.bf16.f16") UN16(h2b_rz, "cvt.rz.bf16.f16") UN16(h2b_rm, "cvt.rm.bf16.f16")
UN16(h2b_rp, "cvt.rp.bf16.f16")
UN16(h_ex2, "ex2.approx.f16") UN16(h_tanh, "tanh.approx.f16") UN16(h_abs, "abs.f16")
UN16(h_neg, "neg.f16") UN16(h_absftz, "abs.ftz.f16")
UN16(b_rni, "cvt.rni.bf16.bf16") UN16(b_rzi, "cvt.rzi.bf16.bf16") UN16(b_rmi, "cvt.rmi.bf16.bf16")
UN16(b_rpi, "cvt.rpi.bf16.bf16")
UN16(b2h_rn, "cvt.rn.f16.bf16") UN16(b2h_rz, "cvt.rz.f16.bf16") UN16(b2h_rm, "cvt.rm.f16.bf16")
UN16(b2h_rp, "cvt.rp.f16.bf16")
UN16(b_ex2, "ex2.approx.ftz.bf16") UN16(b_tanh, "tanh.approx.bf16") UN16(b_abs, "abs.bf16")
UN16(b_neg, "neg.bf16")

#define BIN16(NAME, OP) __device__ u16 NAME(u16 a, u16 b) { u16 r; \
  asm volatile(OP " %0, %1, %2;" : "=h"(r) : "h"(a), "h"(b)); return r; }
#define TER16(NAME, OP) __device__ u16 NAME(u16 a, u16 b, u16 c) { u16 r; \
  asm volatile(OP " %0, %1, %2, %3;" : "=h"(r) : "h"(a), "h"(b), "h"(c)); return r; }
BIN16(h_add, "add.rn.f16") BIN16(h_sub, "sub.rn.f16") BIN16(h_mul, "mul.rn.f16")
TER16(h_fma, "fma.rn.f16") TER16(h_fma_relu, "fma.rn.relu.f16")
BIN16(h_min, "min.f16") BIN16(h_max, "max.f16") BIN16(h_min_nan, "min.NaN.f16")
BIN16(h_max_nan, "max.NaN.f16") BIN16(h_min_xa, "min.xorsign.abs.f16")
BIN16(h_max_xa, "max.xorsign.abs.f16")
BIN16(h_add_ftz, "add.rn.ftz.f16") BIN16(h_mul_ftz, "mul.rn.ftz.f16")
TER16(h_fma_ftz, "fma.rn.ftz.f16") BIN16(h_add_sat, "add.rn.sat.f16")
TER16(h_fma_sat, "fma.rn.sat.f16")
BIN16(b_add, "add.rn.bf16") BIN16(b_sub, "sub.rn.bf16") BIN16(b_mul, "mul.rn.bf16")
TER16(b_fma, "fma.rn.bf16") TER16(b_fma_relu, "fma.rn.relu.bf16")
BIN16(b_min, "min.bf16") BIN16(b_max, "max.bf16") BIN16(b_min_nan, "min.NaN.bf16")
BIN16(b_max_nan, "max.NaN.bf16") BIN16(b_min_xa, "min.xorsign.abs.bf16")
BIN16(b_max_xa, "max.xorsign.abs.bf16")

#define BIN32(NAME, OP) __device__ u32 NAME(u32 a, u32 b) { u32 r; \
  asm volatile(OP " %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r; }
#define TER32(NAME, OP) __device__ u32 NAME(u32 a, u32 b, u32 c) { u32 r; \
  asm volatile(OP " %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); return r; }
BIN32(h2_add, "add.rn.f16x2") TER32(h2_fma, "fma.rn.f16x2")
BIN32(b2_add, "add.rn.bf16x2") TER32(b2_fma, "fma.rn.bf16x2")

__global__ void k_f16(F16Rec *rec, const u16 *negzero) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 65536) return;
  F16Rec &r = rec[i];
  u16 h = r.h;
  float f; asm volatile("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); r.f32 = (u32)__float_as_int(f);
  r.rint[0] = h_rni(h); r.rint[1] = h_rzi(h); r.rint[2] = h_rmi(h); r.rint[3] = h_rpi(h);
  r.bf16[0] = h2b_rn(h); r.bf16[1] = h2b_rz(h); r.bf16[2] = h2b_rm(h); r.bf16[3] = h2b_rp(h);
  r.misc[0] = h_ex2(h); r.misc[1] = h_tanh(h); r.misc[2] = h_abs(h); r.misc[3] = h_neg(h);
  r.misc[4] = h_absftz(h); r.misc[5] = h_add_sat(h, *negzero);
  TO_INT_ALL("f16", CH, h, r.i)
}

__global__ void k_bf16(BF16Rec *rec) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 65536) return;
  BF16Rec &r = rec[i];
  u16 h = r.h;
  float f; asm volatile("cvt.f32.bf16 %0, %1;" : "=f"(f) : "h"(h)); r.f32 = (u32)__float_as_int(f);
  r.rint[0] = b_rni(h); r.rint[1] = b_rzi(h); r.rint[2] = b_rmi(h); r.rint[3] = b_rpi(h);
  r.f16[0] = b2h_rn(h); r.f16[1] = b2h_rz(h); r.f16[2] = b2h_rm(h); r.f16[3] = b2h_rp(h);
  r.misc[0] = b_ex2(h); r.misc[1] = b_tanh(h); r.misc[2] = b_abs(h); r.misc[3] = b_neg(h);
  TO_INT_ALL("bf16", CH, h, r.i)
}

__global__ void k_h2(H2Rec *rec, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  H2Rec &r = rec[i];
  u16 a = r.a, b = r.b, c = r.c;
  r.o[0] = h_add(a, b); r.o[1] = h_sub(a, b); r.o[2] = h_mul(a, b); r.o[3] = h_fma(a, b, c);
  r.o[4] = h_fma_relu(a, b, c); r.o[5] = h_min(a, b); r.o[6] = h_max(a, b);
  r.o[7] = h_min_nan(a, b); r.o[8] = h_max_nan(a, b); r.o[9] = h_min_xa(a, b);
  r.o[10] = h_max_xa(a, b); r.o[11] = h_add_ftz(a, b); r.o[12] = h_mul_ftz(a, b);
  r.o[13] = h_fma_ftz(a, b, c); r.o[14] = h_add_sat(a, b); r.o[15] = h_fma_sat(a, b, c);
  u32 ab = a | (u32)b << 16, ca = c | (u32)a << 16, bc = b | (u32)c << 16;
  r.x2[0] = h2_add(ab, ca); r.x2[1] = h2_fma(ab, bc, ca);
}

__global__ void k_b2(B2Rec *rec, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  B2Rec &r = rec[i];
  u16 a = r.a, b = r.b, c = r.c;
  r.o[0] = b_add(a, b); r.o[1] = b_sub(a, b); r.o[2] = b_mul(a, b); r.o[3] = b_fma(a, b, c);
  r.o[4] = b_fma_relu(a, b, c); r.o[5] = b_min(a, b); r.o[6] = b_max(a, b);
  r.o[7] = b_min_nan(a, b); r.o[8] = b_max_nan(a, b); r.o[9] = b_min_xa(a, b);
  r.o[10] = b_max_xa(a, b);
  u32 ab = a | (u32)b << 16, ca = c | (u32)a << 16, bc = b | (u32)c << 16;
  r.x2[0] = b2_add(ab, ca); r.x2[1] = b2_fma(ab, bc, ca);
}

#define I2F(DST, CONS, OUTT, SRC, SCON, VAL, M, OUT) { OUTT o; \
  asm volatile("cvt." M "." DST "." SRC " %0, %1;" : CONS(o) : SCON(VAL)); OUT = o; }
#define CR(x) "=r"(x)
#define CHO(x) "=h"(x)
#define SR(x) "r"(x)
#define SL(x) "l"(x)
#define SH(x) "h"(x)
#define I2F4(DST, CONS, OUTT, SRC, SCON, VAL, OUT) \
  I2F(DST, CONS, OUTT, SRC, SCON, VAL, "rn", OUT[0]) I2F(DST, CONS, OUTT, SRC, SCON, VAL, "rz", OUT[1]) \
  I2F(DST, CONS, OUTT, SRC, SCON, VAL, "rm", OUT[2]) I2F(DST, CONS, OUTT, SRC, SCON, VAL, "rp", OUT[3])

__global__ void k_i2f(I2FRec *rec, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  I2FRec &r = rec[i];
  u64 v = r.v;
  u32 v32 = (u32)v;
  u16 v16 = (u16)v;
  I2F4("f32", CR, u32, "s32", SR, v32, r.f32[0]) I2F4("f32", CR, u32, "u32", SR, v32, r.f32[1])
  I2F4("f32", CR, u32, "s64", SL, v, r.f32[2]) I2F4("f32", CR, u32, "u64", SL, v, r.f32[3])
  I2F4("f16", CHO, u16, "s16", SH, v16, r.f16[0]) I2F4("f16", CHO, u16, "u16", SH, v16, r.f16[1])
  I2F4("f16", CHO, u16, "s32", SR, v32, r.f16[2]) I2F4("f16", CHO, u16, "u32", SR, v32, r.f16[3])
  I2F4("f16", CHO, u16, "s64", SL, v, r.f16[4]) I2F4("f16", CHO, u16, "u64", SL, v, r.f16[5])
  I2F4("bf16", CHO, u16, "s16", SH, v16, r.bf16[0]) I2F4("bf16", CHO, u16, "u16", SH, v16, r.bf16[1])
  I2F4("bf16", CHO, u16, "s32", SR, v32, r.bf16[2]) I2F4("bf16", CHO, u16, "u32", SR, v32, r.bf16[3])
  I2F4("bf16", CHO, u16, "s64", SL, v, r.bf16[4]) I2F4("bf16", CHO, u16, "u64", SL, v, r.bf16[5])
}

// ---------------------------------------------------------------------------------------
// Host side: inputs
// ---------------------------------------------------------------------------------------
static u64 s = 0x2545F4914F6CDD1Dull;
static u64 rnd() { u64 z = (s += 0x9E3779B97F4A7C15ull); z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull; return z ^ (z >> 31); }

// Interesting f32 inputs: special values, NaN payloads, subnormals, values near the f16/bf16/
// tf32 rounding boundaries and integer limits, ties of every narrow format, random bits.
static u32 f32_input(int i) {
  static const u32 fixed[] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7FFFFFFF,
    0xFFFFFFFF, 0x7F800001, 0xFF800001, 0x7FA00123, 0xFFA00123, 0x7FC00123, 0x7FD55555,
    0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00400000, 0x00800000, 0x80800000,
    0x477FE000, 0x477FEFFF, 0x477FF000, 0x477FF001, 0x47800000, 0xC77FE000, 0xC77FF000,
    0xC77FEFFF, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F7F7FFF, 0x7F7F8000, 0x7F7FEFFF, 0x7F7FF000,
    0x33800000, 0x33000000, 0x33000001, 0x32FFFFFF, 0xB3000000, 0xB3000001, 0x33C00000,
    0x38800000, 0x387FE000, 0x387FF000, 0x387FFFFF, 0x3F000000, 0xBF000000, 0x3FC00000,
    0xBFC00000, 0x40200000, 0xC0200000, 0x3F800000, 0xBF800000, 0x3F7FFFFF, 0xBF7FFFFF,
    0x4EFFFFFF, 0x4F000000, 0xCF000000, 0xCF000001, 0x4F7FFFFF, 0x4F800000, 0x5EFFFFFF,
    0x5F000000, 0xDF000000, 0xDF000001, 0x5F7FFFFF, 0x5F800000, 0x42FE0000, 0x43000000,
    0xC3000000, 0xC3010000, 0x437F0000, 0x43800000, 0x46FFFE00, 0x47000000, 0xC7000000,
    0xC7000100, 0x477FFF00, 0x3F801000, 0x3F803000, 0x3F808000, 0x3F818000, 0x3E800000,
    0xBE800000, 0x3F400000, 0xBF400000, 0x00001000, 0x80001000, 0x00008000, 0x00018000};
  const int nfixed = sizeof(fixed) / sizeof(fixed[0]);
  if (i < nfixed) return fixed[i];
  u32 r = (u32)rnd();
  u32 sign = r & 0x80000000u;
  switch (rnd() % 10) {
  case 0: return r;                                                      // any bits
  case 1: return sign | (u32)((rnd() % 50 + 97) << 23) | (r & 0x7FFFFF);  // around f16 range
  case 2: return sign | (u32)((rnd() % 50 + 97) << 23) | (r & 0x7FE000) | 0x1000;  // f16 ties
  case 3: return sign | (u32)((rnd() % 254 + 1) << 23) | (r & 0x7F0000) | 0x8000; // bf16 ties
  case 4: return sign | (u32)((rnd() % 254 + 1) << 23) | (r & 0x7FE000) | 0x1000; // tf32 ties
  case 5: return sign | (r & 0x7FFFFF);                                  // subnormals
  case 6: return sign | (u32)((rnd() % 70 + 120) << 23) | (r & 0x7FFFFF); // int range
  case 7: return sign | (u32)((rnd() % 30 + 126) << 23) | (r & 0x7FC000); // small ints, halves
  case 8: return sign | 0x7F800000u | (r & 0x7FFFFF) | 1;                  // NaNs
  default: return sign | (u32)((rnd() % 12 + 107) << 23) | (r & 0x7FFFFF); // f16 subnormal range
  }
}

// f16/bf16 operands for the arithmetic records: specials, NaN payloads, subnormals, random.
static u16 h_operand(bool bf) {
  u16 sign = (u16)((rnd() & 1) << 15);
  u16 expmask = bf ? 0x7F80 : 0x7C00, mant = bf ? 0x7F : 0x3FF;
  switch (rnd() % 12) {
  case 0: return sign;
  case 1: return (u16)(sign | expmask);
  case 2: return (u16)(sign | expmask | (rnd() & mant) | 1);  // NaN, any payload
  case 3: return (u16)(sign | (rnd() & mant));                // subnormal
  case 4: return (u16)(sign | (bf ? 0x3F80 : 0x3C00));        // 1
  default: return (u16)rnd();
  }
}

// Integer inputs: limits and their neighbours, powers of two and their ties, random widths.
static u64 int_input(int i) {
  static const u64 fixed[] = {0, 1, 2, 3, 0x7FFF, 0x8000, 0xFFFF, 0xFFF0, 0xFFE0, 0xFFEF, 0xFFF8,
    0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x80000001, 0xFFFFFF80, 0x1000001, 0x1000003, 0x3000001,
    0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0x8000000000000001,
    0xFFFFFFFFFFFFFF80, 0xFFFFFFFF80000000, 0x100000000, 0x0080000001000000, 65504, 65519,
    65520, 65535, 0xFFFF0010, 0xFFFFFFFFFFFF0010, 0xFFFFFFFFFFFF0011, 0xFFFFFFFFFFFEFFF0,
    0x0000000001008000, 0x0000000001018000, 0x0100800000000000, 0x0101800000000000};
  const int nfixed = sizeof(fixed) / sizeof(fixed[0]);
  if (i < nfixed) return fixed[i];
  u64 r = rnd();
  int width = (int)(rnd() % 64) + 1;
  u64 v = width == 64 ? r : (r & ((1ull << width) - 1)) | (1ull << (width - 1));
  if (rnd() % 4 == 0) v = ~v + 1;  // negative
  if (rnd() % 4 == 0) { int k = (int)(rnd() % 40) + 1; v = (v >> k << k) | (1ull << (k - 1)); } // tie
  return v;
}

template <typename T>
static void run(const char *dir, const char *name, std::vector<T> &h,
                void (*launch)(T *, int)) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  launch(d, (int)h.size());
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", name, cudaGetErrorString(e)); exit(1); }
  cudaMemcpy(h.data(), d, h.size() * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(d);
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  fwrite(h.data(), sizeof(T), h.size(), f);
  fclose(f);
  printf("%s: %zu records of %zu bytes\n", name, h.size(), sizeof(T));
}

static u16 *g_negzero;

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  std::vector<F32Rec> f32(60000);
  for (size_t i = 0; i < f32.size(); ++i) { memset(&f32[i], 0, sizeof(F32Rec)); f32[i].x = f32_input((int)i); }
  std::vector<F16Rec> f16(65536);
  for (int i = 0; i < 65536; ++i) { memset(&f16[i], 0, sizeof(F16Rec)); f16[i].h = (u16)i; }
  std::vector<BF16Rec> bf16(65536);
  for (int i = 0; i < 65536; ++i) { memset(&bf16[i], 0, sizeof(BF16Rec)); bf16[i].h = (u16)i; }
  std::vector<H2Rec> h2(200000);
  for (auto &r : h2) { memset(&r, 0, sizeof r); r.a = h_operand(false); r.b = h_operand(false); r.c = h_operand(false); }
  // .ftz at the bottom of the normal range: (1 - 2^-11) * 2^-14 is a tie that rounds up to
  // 2^-14; does .ftz flush before or after rounding? And signed zeros for min/max.
  const u16 fixed_h2[][3] = {{0x3BFF, 0x0400, 0x0000}, {0x3BFF, 0x0400, 0x8000}, {0xBBFF, 0x0400, 0x8000},
    {0x3BFE, 0x0400, 0x0000}, {0x0001, 0x3C00, 0x0000}, {0x03FF, 0x3C00, 0x0001}, {0x0000, 0x8000, 0x0000},
    {0x8000, 0x0000, 0x8000}, {0x3C00, 0xBC00, 0x0000}, {0x3C00, 0x0001, 0x8000}, {0x7E00, 0x7C01, 0x7D00},
    {0xFE01, 0x3C00, 0x7F00}, {0x7C00, 0x0000, 0x3C00}, {0x7C00, 0xFC00, 0x7E80}, {0x0000, 0x7C00, 0x7E80}};
  for (int i = 0; i < 15; ++i) { h2[i].a = fixed_h2[i][0]; h2[i].b = fixed_h2[i][1]; h2[i].c = fixed_h2[i][2]; }
  std::vector<B2Rec> b2(200000);
  for (auto &r : b2) { memset(&r, 0, sizeof r); r.a = h_operand(true); r.b = h_operand(true); r.c = h_operand(true); }
  std::vector<I2FRec> i2f(48000);
  for (size_t i = 0; i < i2f.size(); ++i) { memset(&i2f[i], 0, sizeof(I2FRec)); i2f[i].v = int_input((int)i); }

  const u16 nz = 0x8000;
  cudaMalloc(&g_negzero, 2);
  cudaMemcpy(g_negzero, &nz, 2, cudaMemcpyHostToDevice);
  run<F32Rec>(dir, "f32.bin", f32, [](F32Rec *d, int n) { k_f32<<<(n + 255) / 256, 256>>>(d, n); });
  run<F16Rec>(dir, "f16.bin", f16, [](F16Rec *d, int n) { k_f16<<<(n + 255) / 256, 256>>>(d, g_negzero); });
  run<BF16Rec>(dir, "bf16.bin", bf16, [](BF16Rec *d, int n) { k_bf16<<<(n + 255) / 256, 256>>>(d); });
  run<H2Rec>(dir, "h2.bin", h2, [](H2Rec *d, int n) { k_h2<<<(n + 255) / 256, 256>>>(d, n); });
  run<B2Rec>(dir, "b2.bin", b2, [](B2Rec *d, int n) { k_b2<<<(n + 255) / 256, 256>>>(d, n); });
  run<I2FRec>(dir, "i2f.bin", i2f, [](I2FRec *d, int n) { k_i2f<<<(n + 255) / 256, 256>>>(d, n); });
  return 0;
}

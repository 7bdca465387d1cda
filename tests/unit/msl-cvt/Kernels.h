// The entry points of emitters/msl/support/cvt_ops.h and half_ops.h behind plain C++ types, so
// that ordinary test code can call them. Kernels.cpp compiles the headers as C++17 against the
// host metal_stdlib, with the flags the host backend uses for generated MSL; each function here
// dispatches on its arguments to the named entry points (so every entry point is compiled and
// linked). No system header: this file is included on both sides.
#pragma once

namespace p2m::mslcvt {

// Rounding-mode arguments: 0 .rn/.rni, 1 .rz/.rzi, 2 .rm/.rmi, 3 .rp/.rpi.
// Integer types, in this order: s8 u8 s16 u16 s32 u32 s64 u64.
enum IntType { S8, U8, S16, U16, S32, U32, S64, U64 };

// cvt.<rnd>i.<dst>.{f32,f16,bf16}: the destination's bits, zero-extended (s8 -1 -> 0xFF).
unsigned long cvtF32ToInt(float x, int rnd, int dst);
unsigned long cvtF16ToInt(unsigned short h, int rnd, int dst);
unsigned long cvtBF16ToInt(unsigned short b, int rnd, int dst);

// cvt.<rnd>i.f32.f32, .f16.f16, .bf16.bf16 (bits).
unsigned cvtRintF32(float x, int rnd);
unsigned short cvtRintF16(unsigned short h, int rnd);
unsigned short cvtRintBF16(unsigned short b, int rnd);

// cvt.<rnd>.{f32,f16,bf16}.<src>: v holds the source's bits in its low bits.
unsigned cvtIntToF32(unsigned long v, int src, int rnd);
unsigned short cvtIntToF16(unsigned long v, int src, int rnd);
unsigned short cvtIntToBF16(unsigned long v, int src, int rnd);

// f32 -> f16 / bf16. Variants: 0..3 rn rz rm rp, 4 rn.relu, 5 rz.relu, 6 rn.satfinite,
// 7 rz.satfinite, 8 rn.relu.satfinite, 9 rz.relu.satfinite.
enum NarrowVariant { RN, RZ, RM, RP, RN_RELU, RZ_RELU, RN_SF, RZ_SF, RN_RELU_SF, RZ_RELU_SF };
unsigned short cvtF32ToF16(float x, int variant);
unsigned short cvtF32ToBF16(float x, int variant);
// Packed: the same variants except rm/rp (2 and 3 are not PTX forms).
unsigned cvtF32ToF16x2(float a, float b, int variant);
unsigned cvtF32ToBF16x2(float a, float b, int variant);
// tf32: 0 rna, 1 rna.satfinite, 2 rn, 3 rz, 4 rn.relu, 5 rz.relu.
unsigned cvtF32ToTF32(float x, int variant);

unsigned cvtF16ToF32(unsigned short h);
unsigned cvtBF16ToF32(unsigned short b);
unsigned short cvtF16ToBF16(unsigned short h, int rnd);
unsigned short cvtBF16ToF16(unsigned short b, int rnd);
unsigned short satF16(unsigned short h);
unsigned cvtFtzF32(float x); // p2m_cvt_ftz_f32, bits

// Scalar f16/bf16 operations (bits in, bits out; unused operands ignored).
enum HalfOp {
    Add, Sub, Mul, Fma, FmaRelu, Min, Max, MinNaN, MaxNaN, MinXorsignAbs, MaxXorsignAbs,
    MinNaNXorsignAbs, MaxNaNXorsignAbs, Neg, Abs, Ex2, Tanh,
    // f16 only
    AddFtz, SubFtz, MulFtz, FmaFtz, FmaFtzRelu, Ftz, Sat,
};
unsigned short f16Op(int op, unsigned short a, unsigned short b, unsigned short c);
unsigned short bf16Op(int op, unsigned short a, unsigned short b, unsigned short c); // Ex2: .ftz
// Packed forms: every op of the format.
unsigned f16x2Op(int op, unsigned a, unsigned b, unsigned c);
unsigned bf16x2Op(int op, unsigned a, unsigned b, unsigned c);
// half_ops.h's exact integer fma (the slow path of the bf16 operations), for finite operands.
unsigned short bf16FmaExact(unsigned short a, unsigned short b, unsigned short c);

} // namespace p2m::mslcvt

// The fp8 entry points of emitters/msl/support/cvt_ops.h behind plain C++ types. Kernels.cpp
// compiles the header as C++17 against the host metal_stdlib, with the flags the host backend
// uses for generated MSL; each function dispatches on `form` to the named entry points. No
// system header: this file is included on both sides.
#pragma once

namespace p2m::mslfp8 {

// Forms, in this order (also the order of the reference data): e4m3, e4m3 .relu, e5m2, e5m2 .relu.
enum Form { E4M3, E4M3_RELU, E5M2, E5M2_RELU };

// cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a
unsigned fp8x2ToF16x2(unsigned short a, int form);
// cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a
unsigned short f16x2ToFp8x2(unsigned a, int form);
// cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b (a: bits of an f32)
unsigned short f32x2ToFp8x2(unsigned a, unsigned b, int form);

} // namespace p2m::mslfp8

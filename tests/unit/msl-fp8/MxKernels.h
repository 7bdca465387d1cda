// The OCP MX entry points of emitters/msl/support/cvt_ops.h (fp4 e2m1, fp6 e2m3/e3m2, ue8m0)
// behind plain C++ types. MxKernels.cpp compiles the header as C++17 against the host
// metal_stdlib, with the flags the host backend uses for generated MSL; each function dispatches
// on its arguments to the named entry points. No system header: this file is included on both
// sides.
#pragma once

namespace p2m::mslmx {

enum Format { E2M1, E2M3, E3M2 };

// cvt.rn.satfinite{.relu}.<fmt>x2.f32 d, a, b (a, b: bits of f32s); e2m1x2 in the low byte
unsigned f32x2ToMx(unsigned a, unsigned b, int format, bool relu);
// cvt.rn{.relu}.f16x2.<fmt>x2 d, a
unsigned mxToF16x2(unsigned short a, int format, bool relu);
// cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 d, a, b
unsigned short f32x2ToUe8m0x2(unsigned a, unsigned b, bool rp, bool satfinite);
// cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2 d, a
unsigned short bf16x2ToUe8m0x2(unsigned a, bool rp, bool satfinite);
// cvt.rn.bf16x2.ue8m0x2 d, a
unsigned ue8m0x2ToBf16x2(unsigned short a);

} // namespace p2m::mslmx

// cuda_fp16.h on the device: every operation of narrow_ops.h for a list of inputs, every half
// widened to float, and half shuffles and loads; the driver compares with the host's results.
#include "narrow_ops.h"

// PTX-DAG: cvt.rn.f16.f32
// PTX-DAG: cvt.rz.f16.f32
// PTX-DAG: cvt.rm.f16.f32
// PTX-DAG: cvt.rp.f16.f32
// PTX-DAG: cvt.rn.f16.f64
// PTX-DAG: cvt.f32.f16
// PTX-DAG: cvt.rni.s32.f16
// PTX-DAG: cvt.rzi.u32.f16
// PTX-DAG: cvt.rmi.s64.f16
// PTX-DAG: cvt.rn.f16.s32
// PTX-DAG: cvt.rp.f16.u64
// PTX-DAG: add.f16
// PTX-DAG: sub.f16
// PTX-DAG: mul.f16
// PTX-DAG: fma.rn.f16
// PTX-DAG: fma.rn.sat.f16
// PTX-DAG: fma.rn.relu.f16
// PTX-DAG: add.rn.f16
// PTX-DAG: add.sat.f16
// PTX-DAG: max.NaN.f16
// PTX-DAG: min.f16
// PTX-DAG: neg.f16
// PTX-DAG: abs.f16
// PTX-DAG: setp.ltu.f16
// PTX-DAG: setp.nan.f16
// PTX-DAG: add.f16x2
// PTX-DAG: fma.rn.f16x2
// PTX-DAG: cvt.rzi.f16.f16
// PTX-DAG: cvt.rni.f16.f16
// PTX-DAG: ex2.approx.f32
// PTX-DAG: shfl.sync.bfly.b32
// PTX-DAG: ld.global.nc.u16
extern "C" __global__ void fp16_ops(const float *in, unsigned *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    narrow_ops<Fp16Ops>(in[3 * i], in[3 * i + 1], in[3 * i + 2], out + i * NARROW_RESULTS);
}

extern "C" __global__ void fp16_widen(unsigned *out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 65536u)
    out[i] = __builtin_bit_cast(unsigned, __half2float(__ushort_as_half((unsigned short)i)));
}

// Lane l gets lane (l ^ 3)'s half and lane (l + 1)'s half2 (its own at the warp's end); then
// the same through __ldg / __ldcs of the input.
extern "C" __global__ void fp16_warp(const __half *in, unsigned *out) {
  const int t = threadIdx.x;
  const __half h = __float2half((float)t * 0.25f);
  const __half2 h2 = __floats2half2_rn((float)t, -(float)t);
  out[4 * t] = __half_as_ushort(__shfl_xor_sync(0xffffffffu, h, 3));
  const __half2 down = __shfl_down_sync(0xffffffffu, h2, 1);
  out[4 * t + 1] = (unsigned)__half_as_ushort(down.x) | (unsigned)__half_as_ushort(down.y) << 16;
  out[4 * t + 2] = __half_as_ushort(__ldg(in + t));
  const __half2 pair = __ldcs(reinterpret_cast<const __half2 *>(in) + t / 2);
  out[4 * t + 3] = (unsigned)__half_as_ushort(pair.x) | (unsigned)__half_as_ushort(pair.y) << 16;
}

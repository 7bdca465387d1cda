// cuda_bf16.h on the device: every operation of narrow_ops.h for a list of inputs, every
// bfloat16 widened to float, and bfloat16 shuffles and loads; the driver compares with the host.
#include "narrow_ops.h"

// PTX-DAG: cvt.rn.bf16.f32
// PTX-DAG: cvt.rz.bf16.f32
// PTX-DAG: fma.rn.bf16 
// PTX-DAG: fma.rn.relu.bf16
// PTX-DAG: fma.rn.bf16x2
// PTX-DAG: max.NaN.bf16
// PTX-DAG: min.bf16
// PTX-DAG: neg.bf16
// PTX-DAG: abs.bf16
// PTX-DAG: cvt.rni.s32.f32
// PTX-DAG: shfl.sync.bfly.b32

extern "C" __global__ void bf16_ops(const float *in, unsigned *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    narrow_ops<Bf16Ops>(in[3 * i], in[3 * i + 1], in[3 * i + 2], out + i * NARROW_RESULTS);
}

extern "C" __global__ void bf16_widen(unsigned *out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 65536u)
    out[i] = __builtin_bit_cast(unsigned, __bfloat162float(__ushort_as_bfloat16((unsigned short)i)));
}

// Lane l gets lane (l ^ 3)'s value and lane (l + 1)'s pair (its own at the warp's end); then
// the same through __ldg / __ldcs of the input.
extern "C" __global__ void bf16_warp(const __nv_bfloat16 *in, unsigned *out) {
  const int t = threadIdx.x;
  const __nv_bfloat16 h = __float2bfloat16((float)t * 0.25f);
  const __nv_bfloat162 h2 = __floats2bfloat162_rn((float)t, -(float)t);
  out[4 * t] = __bfloat16_as_ushort(__shfl_xor_sync(0xffffffffu, h, 3));
  const __nv_bfloat162 down = __shfl_down_sync(0xffffffffu, h2, 1);
  out[4 * t + 1] = (unsigned)__bfloat16_as_ushort(down.x) | (unsigned)__bfloat16_as_ushort(down.y) << 16;
  out[4 * t + 2] = __bfloat16_as_ushort(__ldg(in + t));
  const __nv_bfloat162 pair = __ldcs(reinterpret_cast<const __nv_bfloat162 *>(in) + t / 2);
  out[4 * t + 3] = (unsigned)__bfloat16_as_ushort(pair.x) | (unsigned)__bfloat16_as_ushort(pair.y) << 16;
}

// Probe: which NaN bit patterns do NVIDIA GPUs produce for f32/f64 arithmetic?
// Built and run on the lent GPU; the printed table is recorded in docs/gpu-facts.md.
#include <cstdio>
#include <cstdint>
#include <cstring>

__global__ void probe(const uint64_t *in64, const uint32_t *in32, uint64_t *out64, uint32_t *out32) {
  double a = __longlong_as_double(in64[0]), b = __longlong_as_double(in64[1]);  // payload NaN, 1.0
  double inf = __longlong_as_double(0x7ff0000000000000ull);
  out64[0] = __double_as_longlong(a + b);           // NaN operand propagates?
  out64[1] = __double_as_longlong(inf - inf);       // invalid: generated NaN
  out64[2] = __double_as_longlong(__dmul_rn(a, b));
  out64[3] = __double_as_longlong(fma(a, b, b));
  out64[4] = __double_as_longlong(__ddiv_rn(0.0 * b - 0.0, 0.0 * b));  // 0/0
  out64[5] = __double_as_longlong(__dsqrt_rn(-b));
  out64[6] = __double_as_longlong((double)__int_as_float(in32[0]));      // f32 NaN -> f64
  out64[7] = __double_as_longlong(-a);                                   // neg keeps payload?
  out64[8] = __double_as_longlong(fmin(a, b));
  float x = __int_as_float(in32[0]), y = __int_as_float(in32[1]), finf = __int_as_float(0x7f800000);
  out32[0] = __float_as_int(x + y);
  out32[1] = __float_as_int(finf - finf);
  out32[2] = __float_as_int(__fmul_rn(x, y));
  out32[3] = __float_as_int(fmaf(x, y, y));
  out32[4] = __float_as_int(__fdiv_rn(finf - finf, y));
  out32[5] = __float_as_int(__fsqrt_rn(-y));
  out32[6] = __float_as_int((float)a);                                   // f64 NaN -> f32
  out32[7] = __float_as_int(-x);
  out32[8] = __float_as_int(__fadd_rz(x, y));
  out32[9] = __float_as_int(fminf(x, y));
}

int main() {
  uint64_t h64[2] = {0x7ff4000000000123ull, 0x3ff0000000000000ull};  // signalling NaN with payload
  uint32_t h32[2] = {0x7fa00123u, 0x3f800000u};
  uint64_t *d64, *o64; uint32_t *d32, *o32;
  cudaMalloc(&d64, 16); cudaMalloc(&d32, 8); cudaMalloc(&o64, 9 * 8); cudaMalloc(&o32, 10 * 4);
  cudaMemcpy(d64, h64, 16, cudaMemcpyHostToDevice); cudaMemcpy(d32, h32, 8, cudaMemcpyHostToDevice);
  probe<<<1, 1>>>(d64, d32, o64, o32);
  uint64_t r64[9]; uint32_t r32[10];
  cudaMemcpy(r64, o64, sizeof r64, cudaMemcpyDeviceToHost); cudaMemcpy(r32, o32, sizeof r32, cudaMemcpyDeviceToHost);
  const char *n64[] = {"add(snan_payload,1)", "inf-inf", "mul.rn(snan,1)", "fma(snan,1,1)", "div.rn(0,0)", "sqrt.rn(-1)", "cvt.f64.f32(snan32)", "neg(snan)", "min(snan,1)"};
  const char *n32[] = {"add(snan_payload,1)", "inf-inf", "mul.rn(snan,1)", "fma(snan,1,1)", "div.rn(nan,1)", "sqrt.rn(-1)", "cvt.rn.f32.f64(snan64)", "neg(snan)", "add.rz(snan,1)", "min(snan,1)"};
  for (int i = 0; i < 9; ++i) printf("f64 %-22s 0x%016llx\n", n64[i], (unsigned long long)r64[i]);
  for (int i = 0; i < 10; ++i) printf("f32 %-22s 0x%08x\n", n32[i], r32[i]);
  return 0;
}

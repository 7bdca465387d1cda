// f32 and f64 builtins: sqrt, fma, rounding, the .approx intrinsics, div.rn, rcp.rn.
#include "prelude.h"
__global__ void k(const float *a, float *o, const double *da, double *dout) {
  int i = threadIdx.x; float x = a[i];
  o[i] = __builtin_sqrtf(x) + __builtin_fabsf(x) * __builtin_fmaf(x, x, 1.f) + __builtin_copysignf(1.f, x) + __builtin_floorf(x) + __builtin_fminf(x, 2.f) + __nvvm_ex2_approx_f(x) + __nvvm_lg2_approx_f(x) + __nvvm_sin_approx_f(x) + __nvvm_rsqrt_approx_f(x) + __nvvm_div_rn_f(x, 3.f) + __builtin_truncf(x) + __builtin_roundf(x);
  double d = da[i]; dout[i] = __builtin_sqrt(d) + d / 3.0 + __builtin_fma(d, d, 1.0) + (double)(int)d + __builtin_floor(d) + __nvvm_rcp_rn_d(d);
}

// _Float16 and __bf16 arithmetic and conversions.
#include "prelude.h"
__global__ void k(const _Float16 *a, _Float16 *o, const __bf16 *c, float *f) {
  int i = threadIdx.x; _Float16 x = a[i]; o[i] = x * x + (_Float16)1.5f; f[i] = (float)c[i] * 2.f + (float)(x > (_Float16)0.f);
}

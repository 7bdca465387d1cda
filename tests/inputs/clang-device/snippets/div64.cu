// 64-bit signed and unsigned division and remainder, by variables and by constants.
#include "prelude.h"
__global__ void k(const long long *a, const long long *b, long long *q, unsigned long long *r, unsigned long long *u) {
  int i = threadIdx.x; q[i] = a[i] / b[i]; r[i] = (unsigned long long)a[i] % (unsigned long long)b[i];
  u[i] = (unsigned long long)a[i] / 1000000007ull + (a[i] % 3);
}

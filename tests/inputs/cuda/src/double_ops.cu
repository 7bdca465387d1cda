// fp64: add/sub/mul/div/sqrt/fma with rounding modes, rcp, min/max, comparisons, the precise
// libdevice functions, and conversions to and from integers.
#include "common.h"

// 16 results per element.
extern "C" __global__ void double_arith(const double *a, const double *b, const double *c,
                                        double *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  double x = a[i], y = b[i], z = c[i];
  double *o = out + 16 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = sqrt(fabs(x));
  o[5] = fma(x, y, z);
  o[6] = __dadd_rz(x, y);
  o[7] = __dmul_ru(x, y);
  o[8] = __ddiv_rd(x, y);
  o[9] = __drcp_rn(y);
  o[10] = __dsqrt_rd(fabs(y));
  o[11] = __fma_rz(x, y, z);
  o[12] = fmin(x, y);
  o[13] = fmax(x, y);
  o[14] = x < y ? -x : copysign(y, x);
  o[15] = floor(x) + ceil(y) + trunc(z);
}

extern "C" __global__ void double_transcendental(const double *a, double *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  double x = a[i];
  double *o = out + 6 * i;
  o[0] = exp(x);
  o[1] = log(fabs(x) + 1.0);
  o[2] = sin(x);
  o[3] = rsqrt(fabs(x) + 1.0);
  o[4] = pow(fabs(x), 1.5);
  o[5] = tanh(x);
}

extern "C" __global__ void double_convert(const double *a, const long long *b, long long *outi,
                                          double *outd, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  double x = a[i];
  long long y = b[i];
  outi[4 * i + 0] = (long long)x;
  outi[4 * i + 1] = __double2ll_rn(x);
  outi[4 * i + 2] = (long long)__double2ull_ru(fabs(x));
  outi[4 * i + 3] = (long long)__double2int_rd(x) + (long long)(unsigned)__double2uint_rz(fabs(x));
  outd[3 * i + 0] = (double)y;
  outd[3 * i + 1] = (double)(unsigned long long)y;
  outd[3 * i + 2] = (double)(int)y + (double)(float)x;
}

// A reduction with a double accumulator and a loop-carried dependence.
extern "C" __global__ void double_horner(const double *coef, int degree, const double *xs,
                                         double *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  double x = xs[i], acc = 0.0;
#pragma unroll 1  // nvcc: .pragma "nounroll"
  for (int k = degree; k >= 0; --k) acc = fma(acc, x, coef[k]);
  out[i] = acc;
}

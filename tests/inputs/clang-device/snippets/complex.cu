// small structs by value and returned (f32 and f64 complex arithmetic) in a loop.
#include "prelude.h"
struct cf { float re, im; };
__device__ __noinline__ cf cmul(cf a, cf b) { return {a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re}; }
__device__ __noinline__ cf cadd(cf a, cf b) { return {a.re+b.re, a.im+b.im}; }
struct cd { double re, im; };
__device__ __noinline__ cd cmuld(cd a, cd b) { return {a.re*b.re - a.im*b.im, a.re*b.im + a.im*b.re}; }
__global__ void mandel(int *out, cf c0, cd d0, int iters) {
  cf z = {0, 0}; cf c = {c0.re + threadIdx.x * 0.01f, c0.im + blockIdx.x * 0.01f}; int i = 0;
  for (; i < iters && z.re*z.re + z.im*z.im < 4.f; ++i) z = cadd(cmul(z, z), c);
  cd w = cmuld(d0, d0);
  out[blockIdx.x * blockDim.x + threadIdx.x] = i + (int)w.re;
}

// a struct of parameters passed by reference and by value (then modified).
#include "prelude.h"
struct Params { const float *a; float *b; int n; int stride; float alpha; unsigned flags; };
__device__ __noinline__ void body(const Params &p, int i) { if (p.flags & 1) p.b[i * p.stride] = p.alpha * p.a[i]; else p.b[i] += p.a[i]; }
__device__ __noinline__ void body_v(Params p, int i) { p.alpha *= 2; body(p, i); }
__global__ void k(Params p) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < p.n) body_v(p, i); }

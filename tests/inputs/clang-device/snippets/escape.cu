// a by-value struct written in the callee and its member's address passed on.
#include "prelude.h"
struct V3 { float x, y, z; };
struct Ray { V3 o, d; float tmin, tmax; int id; };
__device__ __noinline__ float dot(const V3 *a, const V3 *b) { return a->x*b->x + a->y*b->y + a->z*b->z; }
__device__ __noinline__ float shade(Ray r, V3 n) { r.tmax *= 0.5f; return dot(&r.d, &n) * r.tmax + r.id; }
__device__ __noinline__ Ray make(int i) { Ray r; r.o = {1.f*i, 2, 3}; r.d = {0, 1, 0}; r.tmin = 0; r.tmax = 10; r.id = i; return r; }
__global__ void k(float *out, V3 n) { Ray r = make(threadIdx.x); out[threadIdx.x] = shade(r, n); }

// unsigned __int128 products, shifts, division and remainder; signed __int128 memory.
#include "prelude.h"
__global__ void k(const unsigned long long *a, const unsigned long long *b, unsigned long long *hi, unsigned long long *lo) {
  int i = threadIdx.x; unsigned __int128 p = (unsigned __int128)a[i] * b[i]; hi[i] = p >> 64; lo[i] = (unsigned long long)p;
}
__global__ void k2(const unsigned long long *a, unsigned long long *o) {
  int i = threadIdx.x; unsigned __int128 x = ((unsigned __int128)a[i] << 64) | a[i+1]; o[i] = (unsigned long long)(x / 12345678901ull) ^ (unsigned long long)(x % 977);
}
__global__ void k3(const __int128 *a, __int128 *o) { int i = threadIdx.x; o[i] = a[i] * a[i+1] + (a[i] >> 3); }

// printf (lowered to vprintf with an argument buffer in .local), assert (__assertfail),
// __trap, __brkpt-free abort paths, and a kernel that exits early from a device function.
// For execution tests: printf output is part of the expected result; trap/assert only fire
// when the input asks for it.
#include "common.h"
#if defined(__NVCC__)
#include <cassert>
#endif

extern "C" __global__ void dev_printf(const int *in, const double *ind, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int v = in[i];
  if (v < 0) return;
  printf("thread %u: int=%d hex=%08x ll=%lld double=%.3f str=%s char=%c\n", i, v, (unsigned)v,
         (long long)v * 1000000007LL, ind[i], v & 1 ? "odd" : "even", 'a' + (v % 26));
  if (i == 0) printf("no arguments\n");
}

// Writes `ok` first; traps when the input flags an error (tests pass 0 except in the
// dedicated trap test, which expects the launch to fail with an illegal-instruction error).
extern "C" __global__ void dev_trap(const int *flag, int *ok) {
  ok[p2m_gid()] = 1;
  if (flag[p2m_gid()] == 0x7e57) __trap();
  ok[p2m_gid()] = 2;
}

extern "C" __global__ void dev_assert(const int *in, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  assert(in[i] != 0x7e57);
  out[i] = in[i] + 1;
}

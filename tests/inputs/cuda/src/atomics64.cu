// 64-bit and f64 atomics with a result, racing (the lock-table lowering of docs/DESIGN.md).
// Every result is order independent: tickets handed out by one counter are counted per value
// (each must come exactly once), the other operations commute, and a returned value is only
// checked against what it can never be.
#include "common.h"

typedef unsigned long long u64;

// Every thread takes a ticket from one u64 counter that starts at `base` (just below 2^32, so
// the tickets cross into the high word); seen[ticket - base] counts each ticket, seen[n] the
// ones out of range. Afterwards *counter == base + n and every seen[i] == 1.
extern "C" __global__ void atom64_tickets(u64 *counter, unsigned *seen, int n) {
  unsigned t = p2m_gid();
  if (t >= (unsigned)n) return;
  u64 ticket = atomicAdd(counter, 1ull);
  u64 idx = ticket - 0xFFFFF000ull;
  atomicAdd(&seen[idx < (u64)n ? idx : (u64)n], 1u);
}

// The same with a CAS loop on the counter (atom.cas.b64 with a result).
extern "C" __global__ void atom64_cas_tickets(u64 *counter, unsigned *seen, int n) {
  unsigned t = p2m_gid();
  if (t >= (unsigned)n) return;
  u64 old = *(volatile u64 *)counter, assumed;
  do {
    assumed = old;
    old = atomicCAS(counter, assumed, assumed + 0x100000001ull);
  } while (old != assumed);
  u64 idx = (old - 0x7FFFFFF0FFFFFFF0ull) / 0x100000001ull;
  atomicAdd(&seen[idx < (u64)n ? idx : (u64)n], 1u);
}

// Tickets from a u64 counter in shared memory, one per block; seen per block.
extern "C" __global__ void atom64_shared_tickets(unsigned *seen, u64 *last) {
  __shared__ u64 counter;
  if (threadIdx.x == 0) counter = 0xFFFFFF80ull;
  __syncthreads();
  u64 ticket = atomicAdd(&counter, 1ull);
  u64 idx = ticket - 0xFFFFFF80ull;
  atomicAdd(&seen[blockIdx.x * (blockDim.x + 1) + (idx < blockDim.x ? idx : blockDim.x)], 1u);
  __syncthreads();
  if (threadIdx.x == 0) last[blockIdx.x] = counter;
}

__device__ double atomic_max_double(double *addr, double val) {
  u64 *a = reinterpret_cast<u64 *>(addr);
  u64 old = *(volatile u64 *)a, assumed;
  do {
    assumed = old;
    if (__longlong_as_double((long long)assumed) >= val) break;
    old = atomicCAS(a, assumed, (u64)__double_as_longlong(val));
  } while (old != assumed);
  return __longlong_as_double((long long)old);
}

// Every operation on 16 words each (threads t and t + 16k collide), results used (atom) by
// the even threads and unused (red) by the odd ones on the same words. bad[0] counts returned
// values no interleaving can give.
extern "C" __global__ void atom64_mixed(const u64 *in, u64 *c, double *d, unsigned *bad, int n) {
  unsigned t = p2m_gid();
  if (t >= (unsigned)n) return;
  unsigned k = t & 15;
  u64 v = in[t];
  const u64 never = 0xDEADBEEFDEADBEEFull; // no input or combination of them
  unsigned wrong = 0;
  if (t & 1) {
    atomicAdd(&c[k], v);
    atomicMax(&c[16 + k], v);
    atomicMin(reinterpret_cast<long long *>(&c[32 + k]), (long long)v);
    atomicOr(&c[48 + k], v & 0x0101010101010101ull);
    atomicXor(&c[64 + k], v);
    atomicAnd(&c[80 + k], ~(1ull << (v & 63)));
    atomicAdd(&d[k], (double)(long long)(v & 0xFFFFF) * 1024.0);
  } else {
    wrong += atomicAdd(&c[k], v) == never;
    wrong += atomicMax(&c[16 + k], v) == never;
    wrong += (u64)atomicMin(reinterpret_cast<long long *>(&c[32 + k]), (long long)v) == never;
    wrong += atomicOr(&c[48 + k], v & 0x0101010101010101ull) == never;
    wrong += atomicXor(&c[64 + k], v) == never;
    wrong += atomicAnd(&c[80 + k], ~(1ull << (v & 63))) == never;
    wrong += atomicAdd(&d[k], (double)(long long)(v & 0xFFFFF) * 1024.0) == -1.0;
  }
  // Exchange: every thread of a word writes the same value, so the old value is the initial
  // one or that value.
  u64 x = 0x1111111100000000ull * (k + 1) + k;
  u64 old = atomicExch(&c[96 + k], x);
  wrong += old != x && old != 0x0123456789ABCDEFull;
  atomic_max_double(&d[16 + k], __longlong_as_double((long long)(v >> 2)) > 0 ? (double)(v >> 20) : 0.0);
  if (wrong) atomicAdd(bad, wrong);
}

// Atomics on global and shared memory: add (int, unsigned, u64, float, double), sub, exch,
// CAS (32/64-bit and a CAS loop), min/max (signed, unsigned, 64-bit), and/or/xor, inc/dec
// (wrapping), scoped variants (_block, _system), and reductions whose result is unused
// (red.*). All expected results are independent of the order the hardware chooses: float
// and double sums use small integers (exact), exch targets per-thread slots.
#include "common.h"

// counters: 16 words, zeroed by the host, except [6] = -1 (for AND) and [8] = 0.
extern "C" __global__ void atomic_int32(const int *in, int *counters, unsigned *ucounters,
                                        int *old_values) {
  unsigned t = p2m_gid();
  int v = in[t];
  old_values[t] = atomicAdd(&counters[0], 1) >= 0 ? 1 : 0;   // old value used: atom
  atomicAdd(&counters[1], v);                                 // old value unused: red
  atomicSub(&counters[2], v);
  atomicMin(&counters[3], v);
  atomicMax(&counters[4], v);
  atomicOr(&counters[5], 1 << (t & 31));
  atomicAnd(&counters[6], ~(1 << (t & 15)));
  atomicXor(&counters[7], v);
  atomicMin(&ucounters[0], (unsigned)v);
  atomicMax(&ucounters[1], (unsigned)v);
  atomicInc(&ucounters[2], 16u);                              // wraps at 16
  atomicDec(&ucounters[3], 9u);
  atomicExch(&counters[8 + (t & 7)], (int)(t & 7));          // each slot written with one value
}

extern "C" __global__ void atomic_64(const long long *in, unsigned long long *c) {
  unsigned t = p2m_gid();
  unsigned long long v = (unsigned long long)in[t];
  atomicAdd(&c[0], v);
  atomicMin(&c[1], v);
  atomicMax(&c[2], v);
  atomicMin(reinterpret_cast<long long *>(&c[3]), (long long)v);
  atomicAnd(&c[4], ~(1ull << (t & 63)));
  atomicOr(&c[5], 1ull << (t & 63));
  atomicXor(&c[6], v);
  atomicCAS(&c[7], 0ull, 0x1234567890ull);   // only the first succeeds; all agree on the end
}

extern "C" __global__ void atomic_float_double(const float *inf, const double *ind, float *cf,
                                               double *cd) {
  unsigned t = p2m_gid();
  atomicAdd(&cf[0], inf[t]);
  atomicAdd(&cd[0], ind[t]);
  // cf: [0] sum, [1..4] exchanged, [5..6] block-scope sums, [8 + t] per-thread flags.
  float old = atomicExch(&cf[1 + (t & 3)], 2.5f);    // same value from everyone
  cf[8 + t] = old == 0.0f || old == 2.5f ? 1.0f : -1.0f;
  atomicAdd_block(&cf[5 + (t & 1)], 1.0f);
  atomicAdd_system(&cd[1], 0.5);
}

// CAS loops: float max via bit-pattern CAS, and a 64-bit double multiply (order-independent
// because every factor is a power of two).
__device__ float atomic_max_float(float *addr, float val) {
  int *a = reinterpret_cast<int *>(addr);
  int old = *a, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= val) break;
    old = atomicCAS(a, assumed, __float_as_int(val));
  } while (old != assumed);
  return __int_as_float(old);
}

__device__ double atomic_mul_double(double *addr, double val) {
  unsigned long long *a = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __double_as_longlong(__longlong_as_double(assumed) * val));
  } while (old != assumed);
  return __longlong_as_double(old);
}

extern "C" __global__ void atomic_cas_loops(const float *in, float *maxv, double *prod) {
  unsigned t = p2m_gid();
  atomic_max_float(maxv, in[t]);
  atomic_mul_double(prod, (t & 1) ? 2.0 : 0.5);
}

// Shared-memory atomics (atom.shared.*) for a block histogram, then global accumulation.
extern "C" __global__ void atomic_shared_histogram(const unsigned char *in, int len,
                                                   unsigned *hist) {
  __shared__ unsigned local[64];
  __shared__ unsigned long long total;
  unsigned t = threadIdx.x;
  if (t < 64) local[t] = 0;
  if (t == 0) total = 0;
  __syncthreads();
  for (int k = blockIdx.x * blockDim.x + t; k < len; k += blockDim.x * gridDim.x) {
    atomicAdd(&local[in[k] & 63], 1u);
    atomicAdd(&total, (unsigned long long)in[k]);
  }
  __syncthreads();
  if (t < 64) atomicAdd(&hist[t], local[t]);
  if (t == 0) atomicAdd(reinterpret_cast<unsigned long long *>(hist + 64), total);
}

// Scoped and ordered atomics spelled in PTX (sm_70+ memory model).
extern "C" __global__ void atomic_scoped_asm(int *c, int *out) {
  unsigned t = p2m_gid();
  int r0, r1;
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(r0) : "l"(c) : "memory");
  asm volatile("atom.relaxed.cta.global.max.s32 %0, [%1], %2;"
               : "=r"(r1) : "l"(c + 1), "r"((int)t) : "memory");
  asm volatile("red.release.gpu.global.add.u32 [%0], 2;" :: "l"(c + 2) : "memory");
  int v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(c + 2) : "memory");
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" :: "l"(out + t), "r"((unsigned)((v & 1) == 0 && r0 >= 0 && r1 >= 0)) : "memory");
}

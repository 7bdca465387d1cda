// Every atomic of device_atomic_functions.h, cuda_fp16.h and cuda_bf16.h, by every thread of a
// 2 x 48 grid; the driver checks the final values (its atomics and atomics16 cases).
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// PTX-DAG: atom.global.add.u32
// PTX-DAG: atom.cta.add.s32
// PTX-DAG: atom.sys.add.s32
// PTX-DAG: atom.cta.cas.b32
// PTX-DAG: atom.sys.and.b64
// PTX-DAG: atom.global.max.s32
// PTX-DAG: atom.global.min.s32
// PTX-DAG: atom.global.and.b32
// PTX-DAG: atom.global.or.b32
// PTX-DAG: atom.global.xor.b32
// PTX-DAG: atom.global.cas.b32
// PTX-DAG: atom.global.exch.b32
// PTX-DAG: atom.inc.u32
// PTX-DAG: atom.dec.u32
// PTX-DAG: atom.global.max.u32
// PTX-DAG: atom.global.min.u32
// PTX-DAG: atom.global.add.u64
// PTX-DAG: atom.global.max.u64
// PTX-DAG: atom.global.min.u64
// PTX-DAG: atom.global.cas.b64
// PTX-DAG: atom.global.or.b64
// PTX-DAG: atom.global.exch.b64
// PTX-DAG: atom.global.min.s64
// PTX-DAG: atom.global.max.s64
// PTX-DAG: atom.global.and.b64
// PTX-DAG: atom.global.xor.b64
// PTX-DAG: atom.global.add.f32
// PTX-DAG: atom.global.exch.b32
// PTX-DAG: atom.global.add.f64
// PTX-DAG: atom.cta.add.f64
// PTX-DAG: atom.add.noftz.f16x2
extern "C" __global__ void atomics(int *i, unsigned int *u, unsigned long long *ull, long long *ll, float *f,
                                   double *d, __half *h, __nv_bfloat16 *b) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&i[0], 1);
  atomicSub(&i[1], 2);
  atomicMax(&i[2], t);
  atomicMin(&i[3], -t);
  atomicAnd(&i[4], ~(1 << (t % 31)));
  atomicOr(&i[5], 1 << (t % 31));
  atomicXor(&i[6], t * t + 1);
  for (int old = i[7]; atomicCAS(&i[7], old, old + 1) != old; old = i[7]) {
  }
  atomicAdd_block(&i[8], 1);
  atomicAdd_system(&i[9], 1);
  atomicExch(&i[10], t);
  atomicSub_block(&i[11], 3);

  atomicInc(&u[0], 9u);
  atomicDec(&u[1], 9u);
  atomicAdd(&u[2], 3u);
  atomicMax(&u[3], (unsigned)t * 7u);
  atomicMin(&u[4], (unsigned)t + 5u);
  atomicCAS_block(&u[5], 0u, 0u); // u[5] starts at 42: never swapped

  atomicAdd(&ull[0], 1ull << 33);
  atomicMax(&ull[1], (unsigned long long)t << 40);
  atomicMin(&ull[2], (unsigned long long)t + 1000000000000ull);
  for (unsigned long long old = ull[3]; atomicCAS(&ull[3], old, old + 5) != old; old = ull[3]) {
  }
  atomicOr(&ull[4], 1ull << (t % 64));
  atomicExch(&ull[5], 77ull);
  atomicAnd_system(&ull[6], ~(1ull << (t % 64)));

  atomicMin(&ll[0], -((long long)t << 35));
  atomicMax(&ll[1], (long long)t << 35);
  atomicAnd(&ll[2], ~(1ll << (t % 63)));
  atomicXor(&ll[3], (long long)t << 20);

  atomicAdd(&f[0], 0.5f);
  atomicExch(&f[1], 2.5f);
  atomicAdd(&d[0], 0.25);
  atomicAdd_block(&d[1], -1.0);


  atomicAdd(&h[0], __float2half(1.0f));
  atomicAdd(reinterpret_cast<__half2 *>(&h[2]), __floats2half2_rn(1.0f, 2.0f));
  atomicAdd(&b[0], __float2bfloat16(1.0f));
  atomicAdd(reinterpret_cast<__nv_bfloat162 *>(&b[2]), __floats2bfloat162_rn(1.0f, 0.5f));
}

// The 16-bit compare-and-swap (sm_70) on its own: the driver's atomics16 case.
extern "C" __global__ void atomic_cas16(unsigned short *us) {
  for (unsigned short old = us[0]; atomicCAS(&us[0], old, (unsigned short)(old + 1)) != old; old = us[0]) {
  }
}

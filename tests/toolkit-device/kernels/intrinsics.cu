// The other device functions: cache-operator loads and stores, block votes (__syncthreads_*),
// fences, timers, __nanosleep, address-space predicates and conversions, __dp4a/__dp2a, and
// dynamic shared memory (extern __shared__).
#include <cuda_runtime.h>

// PTX-DAG: ld.global.cg.s32
// PTX-DAG: ld.global.ca.f32
// PTX-DAG: ld.global.cs.v4.f32
// PTX-DAG: ld.global.lu.v2.f64
// PTX-DAG: ld.global.cv.s8
// PTX-DAG: ld.global.nc
// PTX-DAG: st.global.cg.s32
// PTX-DAG: st.global.cs.v4.f32
// PTX-DAG: st.global.wb.f64
// PTX-DAG: st.global.wt.u16
// PTX-DAG: bar.red.popc.u32
// PTX-DAG: bar.red.and.pred
// PTX-DAG: bar.red.or.pred
// PTX-DAG: membar.gl
// PTX-DAG: membar.cta
// PTX-DAG: membar.sys
// PTX-DAG: mov.u64 {{.*}}, %clock64
// PTX-DAG: mov.u64 {{.*}}, %globaltimer
// PTX-DAG: nanosleep.u32
// PTX-DAG: isspacep.global
// PTX-DAG: isspacep.shared
// PTX-DAG: cvta.shared.u64
// PTX-DAG: dp4a.s32.s32
// PTX-DAG: dp2a.lo.u32.u32
#define INTRINSIC_RESULTS 16
extern "C" __global__ void intrinsics(const int *ints, const float *floats, const float4 *vec4, const double2 *vec2,
                                      const signed char *bytes, int *iout, float4 *vout, double *dout,
                                      unsigned short *hout, long long *out) {
  extern __shared__ int dynamic_shared[];
  const int t = threadIdx.x;
  long long *o = out + t * INTRINSIC_RESULTS;
  const long long start = clock64();
  const unsigned long long start_ns = __globaltimer();
  o[0] = __ldcg(ints + t);
  o[1] = (long long)__ldca(floats + t);
  const float4 v = __ldcs(vec4 + t);
  o[2] = (long long)(v.x + v.y + v.z + v.w);
  const double2 w = __ldlu(vec2 + t);
  o[3] = (long long)(w.x * w.y);
  o[4] = __ldcv(bytes + t);
  o[5] = __ldg(ints + (t + 1) % 64);
  __stcg(iout + t, t * 7);
  __stcs(vout + t, make_float4((float)t, 1.0f, 2.0f, 3.0f));
  __stwb(dout + t, t * 0.5);
  __stwt(hout + t, (unsigned short)(t + 60000));
  dynamic_shared[t] = t * t;
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  o[6] = __syncthreads_count(t % 3 == 0);
  o[7] = __syncthreads_and(t < 64) + 2 * __syncthreads_and(t < 63);
  o[8] = __syncthreads_or(t == 17) + 2 * __syncthreads_or(t > 100);
  o[9] = dynamic_shared[63 - t];
  o[10] = __isGlobal(ints) + 2 * __isShared(dynamic_shared) + 4 * __isGlobal(dynamic_shared) + 8 * __isShared(ints);
  o[11] = (int *)__cvta_shared_to_generic(__cvta_generic_to_shared(&dynamic_shared[t])) == &dynamic_shared[t];
  o[12] = __dp4a(t * 0x01020304, 0x01ff02fe, 1000);
  o[13] = __dp2a_lo(0x00050003u, (unsigned)t * 0x01010101u, 7u);
  __nanosleep(100);
  o[14] = clock64() >= start;
  o[15] = __globaltimer() >= start_ns;
}

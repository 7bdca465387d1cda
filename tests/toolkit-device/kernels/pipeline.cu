// cuda_pipeline.h: copies of 16, 8 and 4 bytes (one with zero fill) from global to shared memory
// through cp.async, committed and waited for, then read back reversed.
#include <cuda_pipeline.h>

// PTX-DAG: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
// PTX-DAG: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 8
// PTX-DAG: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4
// PTX-DAG: cp.async.commit_group
// PTX-DAG: cp.async.wait_group 0
// PTX-DAG: cp.async.wait_group 1
extern "C" __global__ void pipeline(const float4 *in4, const double *in8, const int *in1, float4 *out4, double *out8,
                                    int *out1) {
  __shared__ float4 s4[64];
  __shared__ double s8[64];
  __shared__ int s1[64];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&s4[t], &in4[t], sizeof(float4));
  __pipeline_commit();
  __pipeline_memcpy_async(&s8[t], &in8[t], sizeof(double));
  // The odd threads zero-fill their 4 bytes.
  __pipeline_memcpy_async(&s1[t], &in1[t], sizeof(int), (t & 1) ? 4 : 0);
  __pipeline_commit();
  __pipeline_wait_prior(1);
  __pipeline_wait_prior(0);
  __syncthreads();
  out4[t] = s4[63 - t];
  out8[t] = s8[63 - t];
  out1[t] = s1[63 - t];
}

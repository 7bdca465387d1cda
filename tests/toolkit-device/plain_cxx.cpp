// The headers in a plain C++ translation unit of a CUDA program (host code compiled by a C++
// compiler, not as CUDA): the runtime API, and the host half of the binary16/bfloat16 types.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <cuda_pipeline.h>

cudaExtent plain_cxx_extent() { return make_cudaExtent(1, 2, 3); }

float plain_cxx_round_trip(float x) {
  const __half h = __float2half(x);
  const __nv_bfloat16 b = __float2bfloat16(x);
  return __half2float(h + h) + __bfloat162float(b * b);
}

/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cuda_profiler_api.h: the Runtime API's profiler control. */

#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__

#include "driver_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

extern __host__ cudaError_t CUDARTAPI cudaProfilerStart(void);
extern __host__ cudaError_t CUDARTAPI cudaProfilerStop(void);

#if defined(__cplusplus)
}
#endif

#endif /* __CUDA_PROFILER_API_H__ */

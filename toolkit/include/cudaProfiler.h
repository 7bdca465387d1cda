/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cudaProfiler.h: the Driver API's profiler control. */

#ifndef __cudaProfiler_h__
#define __cudaProfiler_h__

#include "cuda.h"

#if defined(__cplusplus)
extern "C" {
#endif

CUresult CUDAAPI cuProfilerStart(void);
CUresult CUDAAPI cuProfilerStop(void);

#if defined(__cplusplus)
}
#endif

#endif /* __cudaProfiler_h__ */

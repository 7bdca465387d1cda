/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cudaProfilerTypedefs.h: function-pointer types of the profiler entry points our libcuda.so.1
   exports (see cudaTypedefs.h for the naming). */

#ifndef CUDAPROFILERTYPEDEFS_H
#define CUDAPROFILERTYPEDEFS_H

#include "cudaProfiler.h"

#if defined(__cplusplus)
extern "C" {
#endif

typedef CUresult (CUDAAPI *PFN_cuProfilerStart_v4000)(void);
typedef CUresult (CUDAAPI *PFN_cuProfilerStop_v4000)(void);

#if defined(__cplusplus)
}
#endif

#endif /* CUDAPROFILERTYPEDEFS_H */

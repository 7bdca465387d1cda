/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cudaProfilerTypedefs.h: function-pointer types of the profiler entry points (see
   cudaTypedefs.h for the naming; cuProfilerInitialize is not implemented by our libcuda.so.1). */

#ifndef CUDAPROFILERTYPEDEFS_H
#define CUDAPROFILERTYPEDEFS_H

#include "cudaProfiler.h"

#if defined(__cplusplus)
extern "C" {
#endif

typedef CUresult (CUDAAPI *PFN_cuProfilerInitialize_v4000)(
    const char *configFile, const char *outputFile, CUoutput_mode outputMode);
typedef CUresult (CUDAAPI *PFN_cuProfilerStart_v4000)(void);
typedef CUresult (CUDAAPI *PFN_cuProfilerStop_v4000)(void);

#if defined(__cplusplus)
}
#endif

#endif /* CUDAPROFILERTYPEDEFS_H */

/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cudaProfiler.h: the Driver API's profiler control. */

#ifndef cuda_profiler_H
#define cuda_profiler_H

#include "cuda.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* The output format of the (legacy) profiler's configuration. */
enum CUoutput_mode_enum {
    CU_OUT_KEY_VALUE_PAIR = 0,
    CU_OUT_CSV = 1
};
typedef enum CUoutput_mode_enum CUoutput_mode;

CUresult CUDAAPI cuProfilerStart(void);
CUresult CUDAAPI cuProfilerStop(void);

#if defined(__cplusplus)
}
#endif

#endif /* cuda_profiler_H */

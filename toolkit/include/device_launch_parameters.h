/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* device_launch_parameters.h: threadIdx, blockIdx, blockDim, gridDim and warpSize. In clang's
   CUDA mode they are clang's builtin variables (__clang_cuda_builtin_vars.h, part of the
   compiler; their conversions to uint3/dim3 are defined by cuda_runtime.h). A host compiler
   sees plain declarations, enough to parse code that mentions them. */

#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "vector_types.h"

#if defined(__CUDA__)
#include <__clang_cuda_builtin_vars.h>
#else
#if defined(__cplusplus)
extern "C" {
#endif
extern const uint3 threadIdx;
extern const uint3 blockIdx;
extern const dim3 blockDim;
extern const dim3 gridDim;
extern const int warpSize;
#if defined(__cplusplus)
}
#endif
#endif

#endif /* __DEVICE_LAUNCH_PARAMETERS_H__ */

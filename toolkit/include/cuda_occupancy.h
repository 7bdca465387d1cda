/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal. */

/* cuda_occupancy.h: in CUDA, a header-only occupancy calculator (the cudaOcc* functions) over
 * the device properties. Thrust includes it from thrust/system/cuda/detail/core/util.h but calls
 * none of it: Thrust and CUB ask the runtime (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
 * This header provides the calculator's status codes only; the cudaOcc* functions are not
 * provided yet, so a program that calls them fails to compile rather than getting guessed
 * numbers. */

#ifndef __CUDA_OCCUPANCY_H__
#define __CUDA_OCCUPANCY_H__

typedef enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
} cudaOccError;

#endif /* __CUDA_OCCUPANCY_H__ */

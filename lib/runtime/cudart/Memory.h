// The copies and fills that several runtime files share (cudaMemcpy*, graph memcpy/memset
// nodes). All are enqueued on `stream` through the driver's asynchronous calls; the
// synchronous runtime calls then wait for the stream.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

namespace p2m::cudart {

// driver_functions.h's make_cudaPitchedPtr/make_cudaExtent (that header cannot be included
// outside NVIDIA's compiler).
inline cudaPitchedPtr pitchedPointer(void *ptr, size_t pitch, size_t xsize, size_t ysize) {
  return cudaPitchedPtr{ptr, pitch, xsize, ysize};
}
inline cudaExtent extentOf(size_t width, size_t height, size_t depth) { return cudaExtent{width, height, depth}; }

// Whether `pointer` lies in device (or managed) memory, by the driver's allocation table.
bool isDeviceMemory(const void *pointer);
// A 1D copy; cudaMemcpyDefault infers each side's memory from its address (unified addressing).
cudaError_t copy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind, CUstream stream);
// A 3D copy between pitched linear memory and CUDA arrays (Arrays.h).
cudaError_t copy3D(const cudaMemcpy3DParms &parms, CUstream stream);
// `height` rows of `width` bytes, `pitch` apart, set to `value`'s low byte.
cudaError_t fill2D(void *dst, size_t pitch, int value, size_t width, size_t height, CUstream stream);

} // namespace p2m::cudart

// CUDA arrays in the runtime (Arrays.cpp, Textures.cpp): a cudaArray_t is the driver's CUarray
// and a cudaMipmappedArray_t its CUmipmappedArray, as in CUDA, so one implementation (the
// driver's, lib/runtime/cuda/ArrayApi.cpp) serves both APIs.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

namespace p2m::cudart {

inline CUarray driverArray(cudaArray_const_t array) { return reinterpret_cast<CUarray>(const_cast<cudaArray *>(array)); }
inline CUmipmappedArray driverMipmap(cudaMipmappedArray_const_t m) {
  return reinterpret_cast<CUmipmappedArray>(const_cast<cudaMipmappedArray *>(m));
}

// The driver's format of a channel description: cudaErrorInvalidChannelDescriptor unless its
// channels are x, then y, then z and w, of one size (8, 16 or 32 bits; 16 or 32 for float),
// 1, 2 or 4 of them, of a signed, unsigned or float kind.
cudaError_t arrayFormat(const cudaChannelFormatDesc &desc, CUarray_format *format, unsigned *channels);
cudaChannelFormatDesc channelDesc(CUarray_format format, unsigned channels);

// cudaMemcpy3D(Async) with a CUDA array on either side: positions and the extent's width in
// the array's elements, a pitched pointer's x position in bytes.
cudaError_t copy3DArray(const cudaMemcpy3DParms &parms, CUstream stream);

} // namespace p2m::cudart

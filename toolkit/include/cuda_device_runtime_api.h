// cuda_device_runtime_api.h: the device side of dynamic parallelism as CUDA declares it: the
// parameter buffer and launch of a kernel from a kernel (cudaGetParameterBuffer{,V2},
// cudaLaunchDevice{,V2}) and the device-side synchronization CUB reaches for
// (__cudaDeviceSynchronizeDeprecationAvoidance). Declarations only: the translator has no
// device-side launch, so a kernel that calls one is refused with a diagnostic naming the call;
// code that merely contains such paths (Thrust, CUB) compiles.
#ifndef __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__

#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)

extern "C" {
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ void *cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension,
                                          unsigned int sharedMemSize);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
__device__ cudaError_t cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream);
__device__ cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void);
} // extern "C"

#endif // defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#endif // __CUDA_DEVICE_RUNTIME_API_H__

// crt/cuda_runtime_templates.h: the C++ overloads of the runtime API that CUDA's cuda_runtime.h
// defines inline over the C functions of cuda_runtime_api.h: typed pointers (cudaMalloc(T **)),
// kernels and symbols passed as themselves instead of as const void *, and the occupancy
// calculator's block-size search. Host code only.
#ifndef P2M_CRT_CUDA_RUNTIME_TEMPLATES_H
#define P2M_CRT_CUDA_RUNTIME_TEMPLATES_H

// T is the kernel's function type (a const T * would not deduce from a function pointer).
template <class T>
static __inline__ __host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim,
                                                        void **args, size_t sharedMem = 0,
                                                        cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim,
                                                                   dim3 blockDim, void **args,
                                                                   size_t sharedMem = 0,
                                                                   cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}

static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                                                unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                                         unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr,
                                                                size_t length = 0,
                                                                unsigned int flags = cudaMemAttachSingle) {
  return ::cudaStreamAttachMemAsync(stream, (void *)devPtr, length, flags);
}
template <class T> static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0) {
  return cudaMallocHost((void **)(void *)ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width,
                                                       size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
static __inline__ __host__ cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                                       cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                                                       cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)ptr, size, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                                               cudaMemPool_t memPool,
                                                               cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}

// Symbols (__device__/__constant__ variables) by reference: their host shadow's address is the
// handle the runtime registered.
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src,
                                                          size_t count, size_t offset = 0,
                                                          enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src,
                                                               size_t count, size_t offset = 0,
                                                               enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                               cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                                            size_t offset = 0,
                                                            enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol,
                                                                 size_t count, size_t offset = 0,
                                                                 enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                                 cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}

// Kernels by their function (the host stub's address is the handle).
template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr,
                                                            int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncGetName(const char **name, T *func) {
  return ::cudaFuncGetName(name, (const void *)func);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                                                     int blockSize,
                                                                                     size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize,
                                                                  dynamicSMemSize, cudaOccupancyDefault);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize,
                                                                  dynamicSMemSize, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                                                 T func, int numBlocks,
                                                                                 int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func, numBlocks, blockSize);
}

// The block size with the most resident threads per multiprocessor, trying every multiple of
// the warp size up to the device's, the kernel's and the caller's limits, largest first (a tie
// keeps the larger block); minGridSize is the grid that fills the device at that occupancy.
template <typename UnaryFunction, class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0, unsigned int flags = 0) {
  if (!minGridSize || !blockSize || !func)
    return cudaErrorInvalidValue;
  int device = 0, perSm = 0, warp = 0, devMaxBlock = 0, sms = 0;
  cudaError_t status = ::cudaGetDevice(&device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(&perSm, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(&devMaxBlock, cudaDevAttrMaxThreadsPerBlock, device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  struct cudaFuncAttributes attr;
  if (status == cudaSuccess)
    status = ::cudaFuncGetAttributes(&attr, (const void *)func);
  if (status != cudaSuccess)
    return status;
  if (warp <= 0)
    return cudaErrorInvalidValue;
  int limit = devMaxBlock < attr.maxThreadsPerBlock ? devMaxBlock : attr.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit)
    limit = blockSizeLimit;
  int bestBlock = 0, bestBlocks = 0, bestThreads = 0;
  int alignedLimit = (limit + warp - 1) / warp * warp;
  for (int aligned = alignedLimit; aligned > 0; aligned -= warp) {
    int tryBlock = aligned < limit ? aligned : limit;
    if (perSm < bestThreads + tryBlock - tryBlock % warp && bestThreads >= perSm)
      break;
    int blocks = 0;
    status = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, (const void *)func, tryBlock, (size_t)blockSizeToDynamicSMemSize(tryBlock), flags);
    if (status != cudaSuccess)
      return status;
    if (blocks * tryBlock > bestThreads) {
      bestBlock = tryBlock;
      bestBlocks = blocks;
      bestThreads = blocks * tryBlock;
    }
    if (bestThreads == perSm)
      break;
  }
  *minGridSize = bestBlocks * sms;
  *blockSize = bestBlock;
  return status;
}

template <typename UnaryFunction, class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func,
                                                                 blockSizeToDynamicSMemSize,
                                                                 blockSizeLimit, cudaOccupancyDefault);
}

// The dynamic shared memory of every block size is the same number.
class __cudaOccupancyB2DHelper {
  size_t n;

public:
  inline __host__ __cudaOccupancyB2DHelper(size_t n_) : n(n_) {}
  inline __host__ size_t operator()(int) { return n; }
};

template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                                                         T func, size_t dynamicSMemSize = 0,
                                                                         int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __cudaOccupancyB2DHelper(dynamicSMemSize), blockSizeLimit,
      cudaOccupancyDefault);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
    unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __cudaOccupancyB2DHelper(dynamicSMemSize), blockSizeLimit, flags);
}

#endif // P2M_CRT_CUDA_RUNTIME_TEMPLATES_H

// Test-only stand-in (see README.md): the runtime's types that the device-side headers name.
#ifndef P2M_TEST_PRELUDE_DRIVER_TYPES_H
#define P2M_TEST_PRELUDE_DRIVER_TYPES_H
#include <stddef.h>
#include "host_defines.h"
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorInvalidDeviceFunction = 98 };
typedef enum cudaError cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
                      cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
enum cudaFuncCache { cudaFuncCachePreferNone = 0 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8 };
enum cudaDeviceAttr { cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrWarpSize = 10, cudaDevAttrMultiProcessorCount = 16,
                      cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97 };
struct cudaFuncAttributes { size_t sharedSizeBytes, constSizeBytes, localSizeBytes; int maxThreadsPerBlock; int pad[60]; };
#define cudaMemAttachSingle 0x04
#define cudaEventDefault 0x00
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01
#define cudaOccupancyDefault 0x00
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
#endif

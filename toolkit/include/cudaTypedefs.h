/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cudaTypedefs.h: function-pointer types for the Driver API entry points our libcuda.so.1
   exports, as cuGetProcAddress and cudaGetDriverEntryPoint hand them out: PFN_<name>_v<version>
   is the entry point <name> as it was introduced in CUDA <version> (x1000 + x10), with _ptds /
   _ptsz for its per-thread default-stream form. */

#ifndef CUDATYPEDEFS_H
#define CUDATYPEDEFS_H

#include "cuda.h"

/* PFN_<name> of a call that takes or implies a stream: its per-thread form under
   CUDA_API_PER_THREAD_DEFAULT_STREAM. */
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define __API_TYPEDEF_PTDS(api, default_version, ptds_version) api##_v##ptds_version##_ptds
#define __API_TYPEDEF_PTSZ(api, default_version, ptds_version) api##_v##ptds_version##_ptsz
#else
#define __API_TYPEDEF_PTDS(api, default_version, ptds_version) api##_v##default_version
#define __API_TYPEDEF_PTSZ(api, default_version, ptds_version) api##_v##default_version
#endif

#if defined(__cplusplus)
extern "C" {
#endif

typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v11040)(
    CUcontext *, CUexecAffinityParam *, int, unsigned int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v12050)(
    CUcontext *, CUctxCreateParams *, unsigned int, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v3020)(CUcontext *, unsigned int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuCtxDestroy_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxDisablePeerAccess_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxEnablePeerAccess_v4000)(CUcontext, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuCtxGetApiVersion_v3020)(CUcontext, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetCacheConfig_v3020)(CUfunc_cache *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetCurrent_v4000)(CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetDevice_v13000)(CUdevice *, CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxGetDevice_v2000)(CUdevice_v1 *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetFlags_v7000)(unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetId_v12000)(CUcontext, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetLimit_v3010)(size_t *, CUlimit);
typedef CUresult (CUDAAPI *PFN_cuCtxGetStreamPriorityRange_v5050)(int *, int *);
typedef CUresult (CUDAAPI *PFN_cuCtxPopCurrent_v4000)(CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuCtxPushCurrent_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxResetPersistingL2Cache_v11000)();
typedef CUresult (CUDAAPI *PFN_cuCtxSetCacheConfig_v3020)(CUfunc_cache);
typedef CUresult (CUDAAPI *PFN_cuCtxSetCurrent_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxSetFlags_v12010)(unsigned int);
typedef CUresult (CUDAAPI *PFN_cuCtxSetLimit_v3010)(CUlimit, size_t);
typedef CUresult (CUDAAPI *PFN_cuCtxSynchronize_v13000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxSynchronize_v2000)();
typedef CUresult (CUDAAPI *PFN_cuDeviceCanAccessPeer_v4000)(int *, CUdevice_v1, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceComputeCapability_v2000)(int *, int *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGet_v2000)(CUdevice_v1 *, int);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetAttribute_v2000)(int *, CUdevice_attribute, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetByPCIBusId_v4010)(CUdevice_v1 *, const char *);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetCount_v2000)(int *);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetExecAffinitySupport_v11040)(
    int *, CUexecAffinityType, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetLuid_v10000)(char *, unsigned int *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetName_v2000)(char *, int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetP2PAttribute_v8000)(
    int *, CUdevice_P2PAttribute, CUdevice_v1, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetPCIBusId_v4010)(char *, int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetProperties_v2000)(CUdevprop_v1 *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetUuid_v11040)(CUuuid *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetUuid_v9020)(CUuuid *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxGetState_v7000)(
    CUdevice_v1, unsigned int *, int *);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxRelease_v11000)(CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxReset_v11000)(CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxRetain_v7000)(CUcontext *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxSetFlags_v11000)(CUdevice_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuDeviceTotalMem_v3020)(size_t *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDriverGetVersion_v2020)(int *);
typedef CUresult (CUDAAPI *PFN_cuEventCreate_v2000)(CUevent *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuEventDestroy_v4000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventElapsedTime_v12080)(float *, CUevent, CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventElapsedTime_v2000)(float *, CUevent, CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventQuery_v2000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventRecord_v2000)(CUevent, CUstream);
typedef CUresult (CUDAAPI *PFN_cuEventRecord_v7000_ptsz)(CUevent, CUstream);
typedef CUresult (CUDAAPI *PFN_cuEventRecordWithFlags_v11010)(CUevent, CUstream, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuEventRecordWithFlags_v11010_ptsz)(CUevent, CUstream, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuEventSynchronize_v2000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuFuncGetAttribute_v2020)(int *, CUfunction_attribute, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncGetModule_v11000)(CUmodule *, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncGetName_v12030)(const char **, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncGetParamInfo_v12040)(CUfunction, size_t, size_t *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuFuncIsLoaded_v12040)(CUfunctionLoadingState *, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncLoad_v12040)(CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncSetAttribute_v9000)(CUfunction, CUfunction_attribute, int);
typedef CUresult (CUDAAPI *PFN_cuFuncSetCacheConfig_v3000)(CUfunction, CUfunc_cache);
typedef CUresult (CUDAAPI *PFN_cuFuncSetSharedMemConfig_v4020)(CUfunction, CUsharedconfig);
typedef CUresult (CUDAAPI *PFN_cuGetErrorName_v6000)(CUresult, const char **);
typedef CUresult (CUDAAPI *PFN_cuGetErrorString_v6000)(CUresult, const char **);
typedef CUresult (CUDAAPI *PFN_cuGetExportTable_v3000)(const void **, const CUuuid *);
typedef CUresult (CUDAAPI *PFN_cuGetProcAddress_v11030)(const char *, void **, int, cuuint64_t);
typedef CUresult (CUDAAPI *PFN_cuGetProcAddress_v12000)(
    const char *, void **, int, cuuint64_t, CUdriverProcAddressQueryResult *);
typedef CUresult (CUDAAPI *PFN_cuInit_v2000)(unsigned int);
typedef CUresult (CUDAAPI *PFN_cuKernelGetAttribute_v12000)(
    int *, CUfunction_attribute, CUkernel, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuKernelGetFunction_v12000)(CUfunction *, CUkernel);
typedef CUresult (CUDAAPI *PFN_cuKernelGetLibrary_v12050)(CUlibrary *, CUkernel);
typedef CUresult (CUDAAPI *PFN_cuKernelGetName_v12030)(const char **, CUkernel);
typedef CUresult (CUDAAPI *PFN_cuKernelGetParamInfo_v12040)(CUkernel, size_t, size_t *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuKernelSetAttribute_v12000)(
    CUfunction_attribute, int, CUkernel, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuKernelSetCacheConfig_v12000)(CUkernel, CUfunc_cache, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuLaunchCooperativeKernel_v9000)(
    CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchCooperativeKernel_v9000_ptsz)(
    CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchHostFunc_v10000)(CUstream, CUhostFn, void *);
typedef CUresult (CUDAAPI *PFN_cuLaunchHostFunc_v10000_ptsz)(CUstream, CUhostFn, void *);
typedef CUresult (CUDAAPI *PFN_cuLaunchKernel_v4000)(
    CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchKernel_v7000_ptsz)(
    CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchKernelEx_v11060)(
    const CUlaunchConfig *, CUfunction, void **, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchKernelEx_v11060_ptsz)(
    const CUlaunchConfig *, CUfunction, void **, void **);
typedef CUresult (CUDAAPI *PFN_cuLibraryEnumerateKernels_v12040)(
    CUkernel *, unsigned int, CUlibrary);
typedef CUresult (CUDAAPI *PFN_cuLibraryGetGlobal_v12000)(
    CUdeviceptr *, size_t *, CUlibrary, const char *);
typedef CUresult (CUDAAPI *PFN_cuLibraryGetKernel_v12000)(CUkernel *, CUlibrary, const char *);
typedef CUresult (CUDAAPI *PFN_cuLibraryGetKernelCount_v12040)(unsigned int *, CUlibrary);
typedef CUresult (CUDAAPI *PFN_cuLibraryGetManaged_v12000)(
    CUdeviceptr *, size_t *, CUlibrary, const char *);
typedef CUresult (CUDAAPI *PFN_cuLibraryGetModule_v12000)(CUmodule *, CUlibrary);
typedef CUresult (CUDAAPI *PFN_cuLibraryGetUnifiedFunction_v12000)(
    void **, CUlibrary, const char *);
typedef CUresult (CUDAAPI *PFN_cuLibraryLoadData_v12000)(
    CUlibrary *, const void *, CUjit_option *, void **, unsigned int, CUlibraryOption *, void **, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLibraryLoadFromFile_v12000)(
    CUlibrary *, const char *, CUjit_option *, void **, unsigned int, CUlibraryOption *, void **, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLibraryUnload_v12000)(CUlibrary);
typedef CUresult (CUDAAPI *PFN_cuLinkAddData_v6050)(
    CUlinkState, CUjitInputType, void *, size_t, const char *, unsigned int, CUjit_option *, void **);
typedef CUresult (CUDAAPI *PFN_cuLinkAddFile_v6050)(
    CUlinkState, CUjitInputType, const char *, unsigned int, CUjit_option *, void **);
typedef CUresult (CUDAAPI *PFN_cuLinkComplete_v5050)(CUlinkState, void **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuLinkCreate_v6050)(
    unsigned int, CUjit_option *, void **, CUlinkState *);
typedef CUresult (CUDAAPI *PFN_cuLinkDestroy_v5050)(CUlinkState);
typedef CUresult (CUDAAPI *PFN_cuMemAdvise_v12020)(
    CUdeviceptr_v2, size_t, CUmem_advise, CUmemLocation_v1);
typedef CUresult (CUDAAPI *PFN_cuMemAlloc_v3020)(CUdeviceptr_v2 *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemAllocAsync_v11020)(CUdeviceptr_v2 *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemAllocAsync_v11020_ptsz)(CUdeviceptr_v2 *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemAllocHost_v3020)(void **, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemAllocManaged_v6000)(CUdeviceptr_v2 *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemAllocPitch_v3020)(
    CUdeviceptr_v2 *, size_t *, size_t, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpy_v4000)(CUdeviceptr_v2, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpy_v7000_ptds)(CUdeviceptr_v2, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2D_v3020)(const CUDA_MEMCPY2D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2D_v7000_ptds)(const CUDA_MEMCPY2D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2DAsync_v3020)(const CUDA_MEMCPY2D_v2 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2DAsync_v7000_ptsz)(const CUDA_MEMCPY2D_v2 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2DUnaligned_v3020)(const CUDA_MEMCPY2D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2DUnaligned_v7000_ptds)(const CUDA_MEMCPY2D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3D_v3020)(const CUDA_MEMCPY3D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3D_v7000_ptds)(const CUDA_MEMCPY3D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DAsync_v3020)(const CUDA_MEMCPY3D_v2 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DAsync_v7000_ptsz)(const CUDA_MEMCPY3D_v2 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeer_v4000)(const CUDA_MEMCPY3D_PEER_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeer_v7000_ptds)(const CUDA_MEMCPY3D_PEER_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeerAsync_v4000)(const CUDA_MEMCPY3D_PEER_v1 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeerAsync_v7000_ptsz)(
    const CUDA_MEMCPY3D_PEER_v1 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAsync_v4000)(
    CUdeviceptr_v2, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAsync_v7000_ptsz)(
    CUdeviceptr_v2, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoD_v3020)(CUdeviceptr_v2, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoD_v7000_ptds)(CUdeviceptr_v2, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoDAsync_v3020)(
    CUdeviceptr_v2, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoDAsync_v7000_ptsz)(
    CUdeviceptr_v2, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoH_v3020)(void *, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoH_v7000_ptds)(void *, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoHAsync_v3020)(void *, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoHAsync_v7000_ptsz)(
    void *, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoD_v3020)(CUdeviceptr_v2, const void *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoD_v7000_ptds)(CUdeviceptr_v2, const void *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoDAsync_v3020)(
    CUdeviceptr_v2, const void *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoDAsync_v7000_ptsz)(
    CUdeviceptr_v2, const void *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyPeer_v4000)(
    CUdeviceptr_v2, CUcontext, CUdeviceptr_v2, CUcontext, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyPeer_v7000_ptds)(
    CUdeviceptr_v2, CUcontext, CUdeviceptr_v2, CUcontext, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyPeerAsync_v4000)(
    CUdeviceptr_v2, CUcontext, CUdeviceptr_v2, CUcontext, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyPeerAsync_v7000_ptsz)(
    CUdeviceptr_v2, CUcontext, CUdeviceptr_v2, CUcontext, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemFree_v3020)(CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuMemFreeAsync_v11020)(CUdeviceptr_v2, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemFreeAsync_v11020_ptsz)(CUdeviceptr_v2, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemFreeHost_v2000)(void *);
typedef CUresult (CUDAAPI *PFN_cuMemGetAddressRange_v3020)(
    CUdeviceptr_v2 *, size_t *, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuMemGetInfo_v3020)(size_t *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuMemHostAlloc_v2020)(void **, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostGetDevicePointer_v3020)(
    CUdeviceptr_v2 *, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostGetFlags_v2030)(unsigned int *, void *);
typedef CUresult (CUDAAPI *PFN_cuMemHostRegister_v6050)(void *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostUnregister_v4000)(void *);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchAsync_v12020)(
    CUdeviceptr_v2, size_t, CUmemLocation_v1, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchAsync_v12020_ptsz)(
    CUdeviceptr_v2, size_t, CUmemLocation_v1, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD16_v3020)(CUdeviceptr_v2, unsigned short, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD16_v7000_ptds)(CUdeviceptr_v2, unsigned short, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD16Async_v3020)(
    CUdeviceptr_v2, unsigned short, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD16Async_v7000_ptsz)(
    CUdeviceptr_v2, unsigned short, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D16_v3020)(
    CUdeviceptr_v2, size_t, unsigned short, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D16_v7000_ptds)(
    CUdeviceptr_v2, size_t, unsigned short, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D16Async_v3020)(
    CUdeviceptr_v2, size_t, unsigned short, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D16Async_v7000_ptsz)(
    CUdeviceptr_v2, size_t, unsigned short, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D32_v3020)(
    CUdeviceptr_v2, size_t, unsigned int, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D32_v7000_ptds)(
    CUdeviceptr_v2, size_t, unsigned int, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D32Async_v3020)(
    CUdeviceptr_v2, size_t, unsigned int, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D32Async_v7000_ptsz)(
    CUdeviceptr_v2, size_t, unsigned int, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D8_v3020)(
    CUdeviceptr_v2, size_t, unsigned char, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D8_v7000_ptds)(
    CUdeviceptr_v2, size_t, unsigned char, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D8Async_v3020)(
    CUdeviceptr_v2, size_t, unsigned char, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D8Async_v7000_ptsz)(
    CUdeviceptr_v2, size_t, unsigned char, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD32_v3020)(CUdeviceptr_v2, unsigned int, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD32_v7000_ptds)(CUdeviceptr_v2, unsigned int, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD32Async_v3020)(
    CUdeviceptr_v2, unsigned int, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD32Async_v7000_ptsz)(
    CUdeviceptr_v2, unsigned int, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD8_v3020)(CUdeviceptr_v2, unsigned char, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD8_v7000_ptds)(CUdeviceptr_v2, unsigned char, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemsetD8Async_v3020)(
    CUdeviceptr_v2, unsigned char, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemsetD8Async_v7000_ptsz)(
    CUdeviceptr_v2, unsigned char, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuModuleEnumerateFunctions_v12040)(
    CUfunction *, unsigned int, CUmodule);
typedef CUresult (CUDAAPI *PFN_cuModuleGetFunction_v2000)(CUfunction *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleGetFunctionCount_v12040)(unsigned int *, CUmodule);
typedef CUresult (CUDAAPI *PFN_cuModuleGetGlobal_v3020)(
    CUdeviceptr_v2 *, size_t *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleGetLoadingMode_v11070)(CUmoduleLoadingMode *);
typedef CUresult (CUDAAPI *PFN_cuModuleLoad_v2000)(CUmodule *, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleLoadData_v2000)(CUmodule *, const void *);
typedef CUresult (CUDAAPI *PFN_cuModuleLoadDataEx_v2010)(
    CUmodule *, const void *, unsigned int, CUjit_option *, void **);
typedef CUresult (CUDAAPI *PFN_cuModuleLoadFatBinary_v2000)(CUmodule *, const void *);
typedef CUresult (CUDAAPI *PFN_cuModuleUnload_v2000)(CUmodule);
typedef CUresult (CUDAAPI *PFN_cuOccupancyAvailableDynamicSMemPerBlock_v10020)(
    size_t *, CUfunction, int, int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxActiveBlocksPerMultiprocessor_v6050)(
    int *, CUfunction, int, size_t);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_v7000)(
    int *, CUfunction, int, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxPotentialBlockSize_v6050)(
    int *, int *, CUfunction, CUoccupancyB2DSize, size_t, int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxPotentialBlockSizeWithFlags_v7000)(
    int *, int *, CUfunction, CUoccupancyB2DSize, size_t, int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuPointerGetAttribute_v4000)(
    void *, CUpointer_attribute, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuPointerGetAttributes_v7000)(
    unsigned int, CUpointer_attribute *, void **, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuPointerSetAttribute_v6000)(
    const void *, CUpointer_attribute, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuStreamAddCallback_v5000)(
    CUstream, CUstreamCallback, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamAddCallback_v7000_ptsz)(
    CUstream, CUstreamCallback, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamAttachMemAsync_v6000)(
    CUstream, CUdeviceptr_v2, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamAttachMemAsync_v7000_ptsz)(
    CUstream, CUdeviceptr_v2, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCapture_v10010)(CUstream, CUstreamCaptureMode);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCapture_v10010_ptsz)(CUstream, CUstreamCaptureMode);
typedef CUresult (CUDAAPI *PFN_cuStreamCreate_v2000)(CUstream *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamCreateWithPriority_v5050)(CUstream *, unsigned int, int);
typedef CUresult (CUDAAPI *PFN_cuStreamDestroy_v4000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamEndCapture_v10000)(CUstream, CUgraph *);
typedef CUresult (CUDAAPI *PFN_cuStreamEndCapture_v10000_ptsz)(CUstream, CUgraph *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v12030)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *, const CUgraphNode **, const CUgraphEdgeData **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v12030_ptsz)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *, const CUgraphNode **, const CUgraphEdgeData **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v12050)(CUstream, CUcontext *, CUgreenCtx *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v12050_ptsz)(CUstream, CUcontext *, CUgreenCtx *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v9020)(CUstream, CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetDevice_v12080)(CUstream, CUdevice *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetDevice_v12080_ptsz)(CUstream, CUdevice *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetFlags_v5050)(CUstream, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetFlags_v7000_ptsz)(CUstream, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetId_v12000)(CUstream, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetId_v12000_ptsz)(CUstream, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetPriority_v5050)(CUstream, int *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetPriority_v7000_ptsz)(CUstream, int *);
typedef CUresult (CUDAAPI *PFN_cuStreamIsCapturing_v10000)(CUstream, CUstreamCaptureStatus *);
typedef CUresult (CUDAAPI *PFN_cuStreamIsCapturing_v10000_ptsz)(CUstream, CUstreamCaptureStatus *);
typedef CUresult (CUDAAPI *PFN_cuStreamQuery_v2000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamQuery_v7000_ptsz)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamSynchronize_v2000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamSynchronize_v7000_ptsz)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitEvent_v3020)(CUstream, CUevent, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitEvent_v7000_ptsz)(CUstream, CUevent, unsigned int);

#if defined(__cplusplus)
}
#endif

#endif /* CUDATYPEDEFS_H */

/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* cudaTypedefs.h: function-pointer types for the Driver API entry points, as cuGetProcAddress
   and cudaGetDriverEntryPoint hand them out: PFN_<name>_v<version> is the entry point <name> as
   it was introduced in CUDA <version> (x1000 + x10), with _ptds / _ptsz for its per-thread
   default-stream form. Every version CUDA 13.0 names is here, also of functions our libcuda.so.1
   does not implement (cuGetProcAddress answers those with CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND):
   the versions are what cuGetProcAddress's table is made from. */

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

typedef CUresult (CUDAAPI *PFN_cuArray3DCreate_v3020)(
    CUarray *, const CUDA_ARRAY3D_DESCRIPTOR_v2 *);
typedef CUresult (CUDAAPI *PFN_cuArray3DGetDescriptor_v3020)(CUDA_ARRAY3D_DESCRIPTOR_v2 *, CUarray);
typedef CUresult (CUDAAPI *PFN_cuArrayCreate_v3020)(CUarray *, const CUDA_ARRAY_DESCRIPTOR_v2 *);
typedef CUresult (CUDAAPI *PFN_cuArrayDestroy_v2000)(CUarray);
typedef CUresult (CUDAAPI *PFN_cuArrayGetDescriptor_v3020)(CUDA_ARRAY_DESCRIPTOR_v2 *, CUarray);
typedef CUresult (CUDAAPI *PFN_cuArrayGetMemoryRequirements_v11060)(
    CUDA_ARRAY_MEMORY_REQUIREMENTS_v1 *, CUarray, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuArrayGetPlane_v11020)(CUarray *, CUarray, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuArrayGetSparseProperties_v11010)(
    CUDA_ARRAY_SPARSE_PROPERTIES_v1 *, CUarray);
typedef CUresult (CUDAAPI *PFN_cuCheckpointProcessCheckpoint_v12080)(
    int, CUcheckpointCheckpointArgs *);
typedef CUresult (CUDAAPI *PFN_cuCheckpointProcessGetRestoreThreadId_v12080)(int, int *);
typedef CUresult (CUDAAPI *PFN_cuCheckpointProcessGetState_v12080)(int, CUprocessState *);
typedef CUresult (CUDAAPI *PFN_cuCheckpointProcessLock_v12080)(int, CUcheckpointLockArgs *);
typedef CUresult (CUDAAPI *PFN_cuCheckpointProcessRestore_v12080)(int, CUcheckpointRestoreArgs *);
typedef CUresult (CUDAAPI *PFN_cuCheckpointProcessUnlock_v12080)(int, CUcheckpointUnlockArgs *);
typedef CUresult (CUDAAPI *PFN_cuCoredumpGetAttribute_v12010)(CUcoredumpSettings, void *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuCoredumpGetAttributeGlobal_v12010)(
    CUcoredumpSettings, void *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuCoredumpSetAttribute_v12010)(CUcoredumpSettings, void *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuCoredumpSetAttributeGlobal_v12010)(
    CUcoredumpSettings, void *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuCtxAttach_v2000)(CUcontext *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v3020)(CUcontext *, unsigned int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v11040)(
    CUcontext *, CUexecAffinityParam *, int, unsigned int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v12050)(
    CUcontext *, CUctxCreateParams *, unsigned int, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuCtxDestroy_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxDetach_v2000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxDisablePeerAccess_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxEnablePeerAccess_v4000)(CUcontext, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuCtxFromGreenCtx_v12040)(CUcontext *, CUgreenCtx);
typedef CUresult (CUDAAPI *PFN_cuCtxGetApiVersion_v3020)(CUcontext, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetCacheConfig_v3020)(CUfunc_cache *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetCurrent_v4000)(CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetDevice_v2000)(CUdevice_v1 *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetDevice_v13000)(CUdevice *, CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxGetDevResource_v12040)(
    CUcontext, CUdevResource *, CUdevResourceType);
typedef CUresult (CUDAAPI *PFN_cuCtxGetExecAffinity_v11040)(
    CUexecAffinityParam *, CUexecAffinityType);
typedef CUresult (CUDAAPI *PFN_cuCtxGetFlags_v7000)(unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetId_v12000)(CUcontext, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetLimit_v3010)(size_t *, CUlimit);
typedef CUresult (CUDAAPI *PFN_cuCtxGetSharedMemConfig_v4020)(CUsharedconfig *);
typedef CUresult (CUDAAPI *PFN_cuCtxGetStreamPriorityRange_v5050)(int *, int *);
typedef CUresult (CUDAAPI *PFN_cuCtxPopCurrent_v4000)(CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuCtxPushCurrent_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxRecordEvent_v12050)(CUcontext, CUevent);
typedef CUresult (CUDAAPI *PFN_cuCtxResetPersistingL2Cache_v11000)();
typedef CUresult (CUDAAPI *PFN_cuCtxSetCacheConfig_v3020)(CUfunc_cache);
typedef CUresult (CUDAAPI *PFN_cuCtxSetCurrent_v4000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxSetFlags_v12010)(unsigned int);
typedef CUresult (CUDAAPI *PFN_cuCtxSetLimit_v3010)(CUlimit, size_t);
typedef CUresult (CUDAAPI *PFN_cuCtxSetSharedMemConfig_v4020)(CUsharedconfig);
typedef CUresult (CUDAAPI *PFN_cuCtxSynchronize_v2000)();
typedef CUresult (CUDAAPI *PFN_cuCtxSynchronize_v13000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxWaitEvent_v12050)(CUcontext, CUevent);
typedef CUresult (CUDAAPI *PFN_cuDestroyExternalMemory_v10000)(CUexternalMemory);
typedef CUresult (CUDAAPI *PFN_cuDestroyExternalSemaphore_v10000)(CUexternalSemaphore);
typedef CUresult (CUDAAPI *PFN_cuDeviceCanAccessPeer_v4000)(int *, CUdevice_v1, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceComputeCapability_v2000)(int *, int *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGet_v2000)(CUdevice_v1 *, int);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetAttribute_v2000)(int *, CUdevice_attribute, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetByPCIBusId_v4010)(CUdevice_v1 *, const char *);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetCount_v2000)(int *);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetDefaultMemPool_v11020)(CUmemoryPool *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetDevResource_v12040)(
    CUdevice, CUdevResource *, CUdevResourceType);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetExecAffinitySupport_v11040)(
    int *, CUexecAffinityType, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetGraphMemAttribute_v11040)(
    CUdevice, CUgraphMem_attribute, void *);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetHostAtomicCapabilities_v13000)(
    unsigned int *, const CUatomicOperation *, unsigned int, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetLuid_v10000)(char *, unsigned int *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetMemPool_v11020)(CUmemoryPool *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetName_v2000)(char *, int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetNvSciSyncAttributes_v10020)(void *, CUdevice_v1, int);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetP2PAtomicCapabilities_v13000)(
    unsigned int *, const CUatomicOperation *, unsigned int, CUdevice, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetP2PAttribute_v8000)(
    int *, CUdevice_P2PAttribute, CUdevice_v1, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetPCIBusId_v4010)(char *, int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetProperties_v2000)(CUdevprop_v1 *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetTexture1DLinearMaxWidth_v11010)(
    size_t *, CUarray_format, unsigned int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetUuid_v9020)(CUuuid *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGetUuid_v11040)(CUuuid *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceGraphMemTrim_v11040)(CUdevice);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxGetState_v7000)(
    CUdevice_v1, unsigned int *, int *);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxRelease_v11000)(CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxReset_v11000)(CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxRetain_v7000)(CUcontext *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxSetFlags_v11000)(CUdevice_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuDeviceRegisterAsyncNotification_v12040)(
    CUdevice, CUasyncCallback, void *, CUasyncCallbackHandle *);
typedef CUresult (CUDAAPI *PFN_cuDeviceSetGraphMemAttribute_v11040)(
    CUdevice, CUgraphMem_attribute, void *);
typedef CUresult (CUDAAPI *PFN_cuDeviceSetMemPool_v11020)(CUdevice_v1, CUmemoryPool);
typedef CUresult (CUDAAPI *PFN_cuDeviceTotalMem_v3020)(size_t *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDeviceUnregisterAsyncNotification_v12040)(
    CUdevice, CUasyncCallbackHandle);
typedef CUresult (CUDAAPI *PFN_cuDevResourceGenerateDesc_v12040)(
    CUdevResourceDesc *, CUdevResource *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuDevSmResourceSplitByCount_v12040)(
    CUdevResource *, unsigned int *, const CUdevResource *, CUdevResource *, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuDriverGetVersion_v2020)(int *);
typedef CUresult (CUDAAPI *PFN_cuEventCreate_v2000)(CUevent *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuEventDestroy_v4000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventElapsedTime_v2000)(float *, CUevent, CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventElapsedTime_v12080)(float *, CUevent, CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventQuery_v2000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuEventRecord_v2000)(CUevent, CUstream);
typedef CUresult (CUDAAPI *PFN_cuEventRecord_v7000_ptsz)(CUevent, CUstream);
typedef CUresult (CUDAAPI *PFN_cuEventRecordWithFlags_v11010)(CUevent, CUstream, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuEventRecordWithFlags_v11010_ptsz)(CUevent, CUstream, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuEventSynchronize_v2000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuExternalMemoryGetMappedBuffer_v10000)(
    CUdeviceptr_v2 *, CUexternalMemory, const CUDA_EXTERNAL_MEMORY_BUFFER_DESC_v1 *);
typedef CUresult (CUDAAPI *PFN_cuExternalMemoryGetMappedMipmappedArray_v10000)(
    CUmipmappedArray *, CUexternalMemory, const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC_v1 *);
typedef CUresult (CUDAAPI *PFN_cuFlushGPUDirectRDMAWrites_v11030)(
    CUflushGPUDirectRDMAWritesTarget, CUflushGPUDirectRDMAWritesScope);
typedef CUresult (CUDAAPI *PFN_cuFuncGetAttribute_v2020)(int *, CUfunction_attribute, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncGetModule_v11000)(CUmodule *, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncGetName_v12030)(const char **, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncGetParamInfo_v12040)(CUfunction, size_t, size_t *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuFuncIsLoaded_v12040)(CUfunctionLoadingState *, CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncLoad_v12040)(CUfunction);
typedef CUresult (CUDAAPI *PFN_cuFuncSetAttribute_v9000)(CUfunction, CUfunction_attribute, int);
typedef CUresult (CUDAAPI *PFN_cuFuncSetBlockShape_v2000)(CUfunction, int, int, int);
typedef CUresult (CUDAAPI *PFN_cuFuncSetCacheConfig_v3000)(CUfunction, CUfunc_cache);
typedef CUresult (CUDAAPI *PFN_cuFuncSetSharedMemConfig_v4020)(CUfunction, CUsharedconfig);
typedef CUresult (CUDAAPI *PFN_cuFuncSetSharedSize_v2000)(CUfunction, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGetErrorName_v6000)(CUresult, const char **);
typedef CUresult (CUDAAPI *PFN_cuGetErrorString_v6000)(CUresult, const char **);
typedef CUresult (CUDAAPI *PFN_cuGetExportTable_v3000)(const void **, const CUuuid *);
typedef CUresult (CUDAAPI *PFN_cuGetProcAddress_v11030)(const char *, void **, int, cuuint64_t);
typedef CUresult (CUDAAPI *PFN_cuGetProcAddress_v12000)(
    const char *, void **, int, cuuint64_t, CUdriverProcAddressQueryResult *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddBatchMemOpNode_v11070)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_BATCH_MEM_OP_NODE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddChildGraphNode_v10000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, CUgraph);
typedef CUresult (CUDAAPI *PFN_cuGraphAddDependencies_v10000)(
    CUgraph, const CUgraphNode *, const CUgraphNode *, size_t);
typedef CUresult (CUDAAPI *PFN_cuGraphAddDependencies_v12030)(
    CUgraph, const CUgraphNode *, const CUgraphNode *, const CUgraphEdgeData *, size_t);
typedef CUresult (CUDAAPI *PFN_cuGraphAddEmptyNode_v10000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t);
typedef CUresult (CUDAAPI *PFN_cuGraphAddEventRecordNode_v11010)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphAddEventWaitNode_v11010)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphAddExternalSemaphoresSignalNode_v11020)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddExternalSemaphoresWaitNode_v11020)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddHostNode_v10000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_HOST_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddKernelNode_v10000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_KERNEL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddKernelNode_v12000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_KERNEL_NODE_PARAMS_v2 *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddMemAllocNode_v11040)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, CUDA_MEM_ALLOC_NODE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddMemcpyNode_v10000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_MEMCPY3D_v2 *, CUcontext);
typedef CUresult (CUDAAPI *PFN_cuGraphAddMemFreeNode_v11040)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, CUdeviceptr);
typedef CUresult (CUDAAPI *PFN_cuGraphAddMemsetNode_v10000)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, const CUDA_MEMSET_NODE_PARAMS_v1 *, CUcontext);
typedef CUresult (CUDAAPI *PFN_cuGraphAddNode_v12020)(
    CUgraphNode *, CUgraph, const CUgraphNode *, size_t, CUgraphNodeParams *);
typedef CUresult (CUDAAPI *PFN_cuGraphAddNode_v12030)(
    CUgraphNode *, CUgraph, const CUgraphNode *, const CUgraphEdgeData *, size_t, CUgraphNodeParams *);
typedef CUresult (CUDAAPI *PFN_cuGraphBatchMemOpNodeGetParams_v11070)(
    CUgraphNode, CUDA_BATCH_MEM_OP_NODE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphBatchMemOpNodeSetParams_v11070)(
    CUgraphNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphChildGraphNodeGetGraph_v10000)(CUgraphNode, CUgraph *);
typedef CUresult (CUDAAPI *PFN_cuGraphClone_v10000)(CUgraph *, CUgraph);
typedef CUresult (CUDAAPI *PFN_cuGraphConditionalHandleCreate_v12030)(
    CUgraphConditionalHandle *, CUgraph, CUcontext, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphCreate_v10000)(CUgraph *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphDebugDotPrint_v11030)(CUgraph, const char *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphDestroy_v10000)(CUgraph);
typedef CUresult (CUDAAPI *PFN_cuGraphDestroyNode_v10000)(CUgraphNode);
typedef CUresult (CUDAAPI *PFN_cuGraphEventRecordNodeGetEvent_v11010)(CUgraphNode, CUevent *);
typedef CUresult (CUDAAPI *PFN_cuGraphEventRecordNodeSetEvent_v11010)(CUgraphNode, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphEventWaitNodeGetEvent_v11010)(CUgraphNode, CUevent *);
typedef CUresult (CUDAAPI *PFN_cuGraphEventWaitNodeSetEvent_v11010)(CUgraphNode, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphExecBatchMemOpNodeSetParams_v11070)(
    CUgraphExec, CUgraphNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecChildGraphNodeSetParams_v11010)(
    CUgraphExec, CUgraphNode, CUgraph);
typedef CUresult (CUDAAPI *PFN_cuGraphExecDestroy_v10000)(CUgraphExec);
typedef CUresult (CUDAAPI *PFN_cuGraphExecEventRecordNodeSetEvent_v11010)(
    CUgraphExec, CUgraphNode, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphExecEventWaitNodeSetEvent_v11010)(
    CUgraphExec, CUgraphNode, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphExecExternalSemaphoresSignalNodeSetParams_v11020)(
    CUgraphExec, CUgraphNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecExternalSemaphoresWaitNodeSetParams_v11020)(
    CUgraphExec, CUgraphNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecGetFlags_v12000)(CUgraphExec, cuuint64_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecHostNodeSetParams_v10020)(
    CUgraphExec, CUgraphNode, const CUDA_HOST_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecKernelNodeSetParams_v10010)(
    CUgraphExec, CUgraphNode, const CUDA_KERNEL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecKernelNodeSetParams_v12000)(
    CUgraphExec, CUgraphNode, const CUDA_KERNEL_NODE_PARAMS_v2 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecMemcpyNodeSetParams_v10020)(
    CUgraphExec, CUgraphNode, const CUDA_MEMCPY3D_v2 *, CUcontext);
typedef CUresult (CUDAAPI *PFN_cuGraphExecMemsetNodeSetParams_v10020)(
    CUgraphExec, CUgraphNode, const CUDA_MEMSET_NODE_PARAMS_v1 *, CUcontext);
typedef CUresult (CUDAAPI *PFN_cuGraphExecNodeSetParams_v12020)(
    CUgraphExec, CUgraphNode, CUgraphNodeParams *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecUpdate_v10020)(
    CUgraphExec, CUgraph, CUgraphNode *, CUgraphExecUpdateResult *);
typedef CUresult (CUDAAPI *PFN_cuGraphExecUpdate_v12000)(
    CUgraphExec, CUgraph, CUgraphExecUpdateResultInfo *);
typedef CUresult (CUDAAPI *PFN_cuGraphExternalSemaphoresSignalNodeGetParams_v11020)(
    CUgraphNode, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExternalSemaphoresSignalNodeSetParams_v11020)(
    CUgraphNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExternalSemaphoresWaitNodeGetParams_v11020)(
    CUgraphNode, CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphExternalSemaphoresWaitNodeSetParams_v11020)(
    CUgraphNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphGetEdges_v10000)(
    CUgraph, CUgraphNode *, CUgraphNode *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphGetEdges_v12030)(
    CUgraph, CUgraphNode *, CUgraphNode *, CUgraphEdgeData *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphGetNodes_v10000)(CUgraph, CUgraphNode *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphGetRootNodes_v10000)(CUgraph, CUgraphNode *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphHostNodeGetParams_v10000)(
    CUgraphNode, CUDA_HOST_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphHostNodeSetParams_v10000)(
    CUgraphNode, const CUDA_HOST_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphicsMapResources_v3000)(
    unsigned int, CUgraphicsResource *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphicsMapResources_v7000_ptsz)(
    unsigned int, CUgraphicsResource *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphicsResourceGetMappedMipmappedArray_v5000)(
    CUmipmappedArray *, CUgraphicsResource);
typedef CUresult (CUDAAPI *PFN_cuGraphicsResourceGetMappedPointer_v3020)(
    CUdeviceptr_v2 *, size_t *, CUgraphicsResource);
typedef CUresult (CUDAAPI *PFN_cuGraphicsResourceSetMapFlags_v6050)(
    CUgraphicsResource, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphicsSubResourceGetMappedArray_v3000)(
    CUarray *, CUgraphicsResource, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphicsUnmapResources_v3000)(
    unsigned int, CUgraphicsResource *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphicsUnmapResources_v7000_ptsz)(
    unsigned int, CUgraphicsResource *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphicsUnregisterResource_v3000)(CUgraphicsResource);
typedef CUresult (CUDAAPI *PFN_cuGraphInstantiateWithFlags_v11040)(
    CUgraphExec *, CUgraph, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuGraphInstantiateWithParams_v12000)(
    CUgraphExec *, CUgraph, CUDA_GRAPH_INSTANTIATE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphInstantiateWithParams_v12000_ptsz)(
    CUgraphExec *, CUgraph, CUDA_GRAPH_INSTANTIATE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeCopyAttributes_v11000)(CUgraphNode, CUgraphNode);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeGetAttribute_v11000)(
    CUgraphNode, CUkernelNodeAttrID, CUkernelNodeAttrValue_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeGetParams_v10000)(
    CUgraphNode, CUDA_KERNEL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeGetParams_v12000)(
    CUgraphNode, CUDA_KERNEL_NODE_PARAMS_v2 *);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeSetAttribute_v11000)(
    CUgraphNode, CUkernelNodeAttrID, const CUkernelNodeAttrValue_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeSetParams_v10000)(
    CUgraphNode, const CUDA_KERNEL_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphKernelNodeSetParams_v12000)(
    CUgraphNode, const CUDA_KERNEL_NODE_PARAMS_v2 *);
typedef CUresult (CUDAAPI *PFN_cuGraphLaunch_v10000)(CUgraphExec, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphLaunch_v10000_ptsz)(CUgraphExec, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphMemAllocNodeGetParams_v11040)(
    CUgraphNode, CUDA_MEM_ALLOC_NODE_PARAMS *);
typedef CUresult (CUDAAPI *PFN_cuGraphMemcpyNodeGetParams_v10000)(CUgraphNode, CUDA_MEMCPY3D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuGraphMemcpyNodeSetParams_v10000)(
    CUgraphNode, const CUDA_MEMCPY3D_v2 *);
typedef CUresult (CUDAAPI *PFN_cuGraphMemFreeNodeGetParams_v11040)(CUgraphNode, CUdeviceptr *);
typedef CUresult (CUDAAPI *PFN_cuGraphMemsetNodeGetParams_v10000)(
    CUgraphNode, CUDA_MEMSET_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphMemsetNodeSetParams_v10000)(
    CUgraphNode, const CUDA_MEMSET_NODE_PARAMS_v1 *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeFindInClone_v10000)(CUgraphNode *, CUgraphNode, CUgraph);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeGetDependencies_v10000)(
    CUgraphNode, CUgraphNode *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeGetDependencies_v12030)(
    CUgraphNode, CUgraphNode *, CUgraphEdgeData *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeGetDependentNodes_v10000)(
    CUgraphNode, CUgraphNode *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeGetDependentNodes_v12030)(
    CUgraphNode, CUgraphNode *, CUgraphEdgeData *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeGetEnabled_v11060)(
    CUgraphExec, CUgraphNode, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeGetType_v10000)(CUgraphNode, CUgraphNodeType *);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeSetEnabled_v11060)(
    CUgraphExec, CUgraphNode, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphNodeSetParams_v12020)(CUgraphNode, CUgraphNodeParams *);
typedef CUresult (CUDAAPI *PFN_cuGraphReleaseUserObject_v11030)(
    CUgraph, CUuserObject, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphRemoveDependencies_v10000)(
    CUgraph, const CUgraphNode *, const CUgraphNode *, size_t);
typedef CUresult (CUDAAPI *PFN_cuGraphRemoveDependencies_v12030)(
    CUgraph, const CUgraphNode *, const CUgraphNode *, const CUgraphEdgeData *, size_t);
typedef CUresult (CUDAAPI *PFN_cuGraphRetainUserObject_v11030)(
    CUgraph, CUuserObject, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphUpload_v11010)(CUgraphExec, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGraphUpload_v11010_ptsz)(CUgraphExec, CUstream);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxCreate_v12040)(
    CUgreenCtx *, CUdevResourceDesc, CUdevice, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxDestroy_v12040)(CUgreenCtx);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxGetDevResource_v12040)(
    CUgreenCtx, CUdevResource *, CUdevResourceType);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxGetId_v12090)(CUgreenCtx, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxRecordEvent_v12040)(CUgreenCtx, CUevent);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxStreamCreate_v12050)(
    CUstream *, CUgreenCtx, unsigned int, int);
typedef CUresult (CUDAAPI *PFN_cuGreenCtxWaitEvent_v12040)(CUgreenCtx, CUevent);
typedef CUresult (CUDAAPI *PFN_cuImportExternalMemory_v10000)(
    CUexternalMemory *, const CUDA_EXTERNAL_MEMORY_HANDLE_DESC_v1 *);
typedef CUresult (CUDAAPI *PFN_cuImportExternalSemaphore_v10000)(
    CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_v1 *);
typedef CUresult (CUDAAPI *PFN_cuInit_v2000)(unsigned int);
typedef CUresult (CUDAAPI *PFN_cuIpcCloseMemHandle_v4010)(CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuIpcGetEventHandle_v4010)(CUipcEventHandle_v1 *, CUevent);
typedef CUresult (CUDAAPI *PFN_cuIpcGetMemHandle_v4010)(CUipcMemHandle_v1 *, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuIpcOpenEventHandle_v4010)(CUevent *, CUipcEventHandle_v1);
typedef CUresult (CUDAAPI *PFN_cuIpcOpenMemHandle_v11000)(
    CUdeviceptr_v2 *, CUipcMemHandle_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuKernelGetAttribute_v12000)(
    int *, CUfunction_attribute, CUkernel, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuKernelGetFunction_v12000)(CUfunction *, CUkernel);
typedef CUresult (CUDAAPI *PFN_cuKernelGetLibrary_v12050)(CUlibrary *, CUkernel);
typedef CUresult (CUDAAPI *PFN_cuKernelGetName_v12030)(const char **, CUkernel);
typedef CUresult (CUDAAPI *PFN_cuKernelGetParamInfo_v12040)(CUkernel, size_t, size_t *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuKernelSetAttribute_v12000)(
    CUfunction_attribute, int, CUkernel, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuKernelSetCacheConfig_v12000)(CUkernel, CUfunc_cache, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuLaunch_v2000)(CUfunction);
typedef CUresult (CUDAAPI *PFN_cuLaunchCooperativeKernel_v9000)(
    CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchCooperativeKernel_v9000_ptsz)(
    CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void **);
typedef CUresult (CUDAAPI *PFN_cuLaunchCooperativeKernelMultiDevice_v9000)(
    CUDA_LAUNCH_PARAMS_v1 *, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLaunchGrid_v2000)(CUfunction, int, int);
typedef CUresult (CUDAAPI *PFN_cuLaunchGridAsync_v2000)(CUfunction, int, int, CUstream);
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
typedef CUresult (CUDAAPI *PFN_cuLogsCurrent_v12090)(CUlogIterator *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLogsDumpToFile_v12090)(
    CUlogIterator *, const char *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLogsDumpToMemory_v12090)(
    CUlogIterator *, char *, size_t *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLogsRegisterCallback_v12090)(
    CUlogsCallback, void *, CUlogsCallbackHandle *);
typedef CUresult (CUDAAPI *PFN_cuLogsUnregisterCallback_v12090)(CUlogsCallbackHandle);
typedef CUresult (CUDAAPI *PFN_cuMemAddressFree_v10020)(CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemAddressReserve_v10020)(
    CUdeviceptr_v2 *, size_t, size_t, CUdeviceptr_v2, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemAdvise_v8000)(
    CUdeviceptr_v2, size_t, CUmem_advise, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuMemAdvise_v12020)(
    CUdeviceptr_v2, size_t, CUmem_advise, CUmemLocation_v1);
typedef CUresult (CUDAAPI *PFN_cuMemAlloc_v3020)(CUdeviceptr_v2 *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemAllocAsync_v11020)(CUdeviceptr_v2 *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemAllocAsync_v11020_ptsz)(CUdeviceptr_v2 *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemAllocFromPoolAsync_v11020)(
    CUdeviceptr_v2 *, size_t, CUmemoryPool, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemAllocFromPoolAsync_v11020_ptsz)(
    CUdeviceptr_v2 *, size_t, CUmemoryPool, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemAllocHost_v3020)(void **, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemAllocManaged_v6000)(CUdeviceptr_v2 *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemAllocPitch_v3020)(
    CUdeviceptr_v2 *, size_t *, size_t, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemBatchDecompressAsync_v12060)(
    CUmemDecompressParams *, size_t, unsigned int, size_t *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemBatchDecompressAsync_v12060_ptsz)(
    CUmemDecompressParams *, size_t, unsigned int, size_t *, CUstream);
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
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DBatchAsync_v12080)(
    size_t, CUDA_MEMCPY3D_BATCH_OP_v1 *, size_t *, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DBatchAsync_v12080_ptsz)(
    size_t, CUDA_MEMCPY3D_BATCH_OP_v1 *, size_t *, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DBatchAsync_v13000)(
    size_t, CUDA_MEMCPY3D_BATCH_OP_v1 *, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DBatchAsync_v13000_ptsz)(
    size_t, CUDA_MEMCPY3D_BATCH_OP_v1 *, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeer_v4000)(const CUDA_MEMCPY3D_PEER_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeer_v7000_ptds)(const CUDA_MEMCPY3D_PEER_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeerAsync_v4000)(const CUDA_MEMCPY3D_PEER_v1 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DPeerAsync_v7000_ptsz)(
    const CUDA_MEMCPY3D_PEER_v1 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAsync_v4000)(
    CUdeviceptr_v2, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAsync_v7000_ptsz)(
    CUdeviceptr_v2, CUdeviceptr_v2, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoA_v3020)(CUarray, size_t, CUarray, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoA_v7000_ptds)(CUarray, size_t, CUarray, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoD_v3020)(CUdeviceptr_v2, CUarray, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoD_v7000_ptds)(CUdeviceptr_v2, CUarray, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoH_v3020)(void *, CUarray, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoH_v7000_ptds)(void *, CUarray, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoHAsync_v3020)(void *, CUarray, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoHAsync_v7000_ptsz)(
    void *, CUarray, size_t, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyBatchAsync_v12080)(
    CUdeviceptr_v2 *, CUdeviceptr_v2 *, size_t *, size_t, CUmemcpyAttributes_v1 *, size_t *, size_t, size_t *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyBatchAsync_v12080_ptsz)(
    CUdeviceptr_v2 *, CUdeviceptr_v2 *, size_t *, size_t, CUmemcpyAttributes_v1 *, size_t *, size_t, size_t *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyBatchAsync_v13000)(
    CUdeviceptr_v2 *, CUdeviceptr_v2 *, size_t *, size_t, CUmemcpyAttributes_v1 *, size_t *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyBatchAsync_v13000_ptsz)(
    CUdeviceptr_v2 *, CUdeviceptr_v2 *, size_t *, size_t, CUmemcpyAttributes_v1 *, size_t *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoA_v3020)(CUarray, size_t, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoA_v7000_ptds)(CUarray, size_t, CUdeviceptr_v2, size_t);
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
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoA_v3020)(CUarray, size_t, const void *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoA_v7000_ptds)(CUarray, size_t, const void *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoAAsync_v3020)(
    CUarray, size_t, const void *, size_t, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoAAsync_v7000_ptsz)(
    CUarray, size_t, const void *, size_t, CUstream);
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
typedef CUresult (CUDAAPI *PFN_cuMemCreate_v10020)(
    CUmemGenericAllocationHandle_v1 *, size_t, const CUmemAllocationProp_v1 *, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemDiscardAndPrefetchBatchAsync_v13000)(
    CUdeviceptr_v2 *, size_t *, size_t, CUmemLocation_v1 *, size_t *, size_t, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemDiscardAndPrefetchBatchAsync_v13000_ptsz)(
    CUdeviceptr_v2 *, size_t *, size_t, CUmemLocation_v1 *, size_t *, size_t, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemDiscardBatchAsync_v13000)(
    CUdeviceptr_v2 *, size_t *, size_t, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemDiscardBatchAsync_v13000_ptsz)(
    CUdeviceptr_v2 *, size_t *, size_t, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemExportToShareableHandle_v10020)(
    void *, CUmemGenericAllocationHandle_v1, CUmemAllocationHandleType, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemFree_v3020)(CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuMemFreeAsync_v11020)(CUdeviceptr_v2, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemFreeAsync_v11020_ptsz)(CUdeviceptr_v2, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemFreeHost_v2000)(void *);
typedef CUresult (CUDAAPI *PFN_cuMemGetAccess_v10020)(
    unsigned long long *, const CUmemLocation_v1 *, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuMemGetAddressRange_v3020)(
    CUdeviceptr_v2 *, size_t *, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuMemGetAllocationGranularity_v10020)(
    size_t *, const CUmemAllocationProp_v1 *, CUmemAllocationGranularity_flags);
typedef CUresult (CUDAAPI *PFN_cuMemGetAllocationPropertiesFromHandle_v10020)(
    CUmemAllocationProp_v1 *, CUmemGenericAllocationHandle_v1);
typedef CUresult (CUDAAPI *PFN_cuMemGetDefaultMemPool_v13000)(
    CUmemoryPool *, CUmemLocation *, CUmemAllocationType);
typedef CUresult (CUDAAPI *PFN_cuMemGetHandleForAddressRange_v11070)(
    void *, CUdeviceptr, size_t, CUmemRangeHandleType, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemGetInfo_v3020)(size_t *, size_t *);
typedef CUresult (CUDAAPI *PFN_cuMemGetMemPool_v13000)(
    CUmemoryPool *, CUmemLocation *, CUmemAllocationType);
typedef CUresult (CUDAAPI *PFN_cuMemHostAlloc_v2020)(void **, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostGetDevicePointer_v3020)(
    CUdeviceptr_v2 *, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostGetFlags_v2030)(unsigned int *, void *);
typedef CUresult (CUDAAPI *PFN_cuMemHostRegister_v6050)(void *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostUnregister_v4000)(void *);
typedef CUresult (CUDAAPI *PFN_cuMemImportFromShareableHandle_v10020)(
    CUmemGenericAllocationHandle_v1 *, void *, CUmemAllocationHandleType);
typedef CUresult (CUDAAPI *PFN_cuMemMap_v10020)(
    CUdeviceptr_v2, size_t, size_t, CUmemGenericAllocationHandle_v1, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemMapArrayAsync_v11010)(
    CUarrayMapInfo_v1 *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemMapArrayAsync_v11010_ptsz)(
    CUarrayMapInfo_v1 *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPoolCreate_v11020)(CUmemoryPool *, const CUmemPoolProps_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemPoolDestroy_v11020)(CUmemoryPool);
typedef CUresult (CUDAAPI *PFN_cuMemPoolExportPointer_v11020)(
    CUmemPoolPtrExportData_v1 *, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuMemPoolExportToShareableHandle_v11020)(
    void *, CUmemoryPool, CUmemAllocationHandleType, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemPoolGetAccess_v11020)(
    CUmemAccess_flags *, CUmemoryPool, CUmemLocation_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemPoolGetAttribute_v11020)(
    CUmemoryPool, CUmemPool_attribute, void *);
typedef CUresult (CUDAAPI *PFN_cuMemPoolImportFromShareableHandle_v11020)(
    CUmemoryPool *, void *, CUmemAllocationHandleType, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMemPoolImportPointer_v11020)(
    CUdeviceptr_v2 *, CUmemoryPool, CUmemPoolPtrExportData_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemPoolSetAccess_v11020)(
    CUmemoryPool, const CUmemAccessDesc_v1 *, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemPoolSetAttribute_v11020)(
    CUmemoryPool, CUmemPool_attribute, void *);
typedef CUresult (CUDAAPI *PFN_cuMemPoolTrimTo_v11020)(CUmemoryPool, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchAsync_v8000)(
    CUdeviceptr_v2, size_t, CUdevice_v1, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchAsync_v8000_ptsz)(
    CUdeviceptr_v2, size_t, CUdevice_v1, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchAsync_v12020)(
    CUdeviceptr_v2, size_t, CUmemLocation_v1, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchAsync_v12020_ptsz)(
    CUdeviceptr_v2, size_t, CUmemLocation_v1, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchBatchAsync_v13000)(
    CUdeviceptr_v2 *, size_t *, size_t, CUmemLocation_v1 *, size_t *, size_t, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemPrefetchBatchAsync_v13000_ptsz)(
    CUdeviceptr_v2 *, size_t *, size_t, CUmemLocation_v1 *, size_t *, size_t, unsigned long long, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemRangeGetAttribute_v8000)(
    void *, size_t, CUmem_range_attribute, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemRangeGetAttributes_v8000)(
    void **, size_t *, CUmem_range_attribute *, size_t, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMemRelease_v10020)(CUmemGenericAllocationHandle_v1);
typedef CUresult (CUDAAPI *PFN_cuMemRetainAllocationHandle_v11000)(
    CUmemGenericAllocationHandle_v1 *, void *);
typedef CUresult (CUDAAPI *PFN_cuMemSetAccess_v10020)(
    CUdeviceptr_v2, size_t, const CUmemAccessDesc_v1 *, size_t);
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
typedef CUresult (CUDAAPI *PFN_cuMemSetMemPool_v13000)(
    CUmemLocation *, CUmemAllocationType, CUmemoryPool);
typedef CUresult (CUDAAPI *PFN_cuMemUnmap_v10020)(CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuMipmappedArrayCreate_v5000)(
    CUmipmappedArray *, const CUDA_ARRAY3D_DESCRIPTOR_v2 *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMipmappedArrayDestroy_v5000)(CUmipmappedArray);
typedef CUresult (CUDAAPI *PFN_cuMipmappedArrayGetLevel_v5000)(
    CUarray *, CUmipmappedArray, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMipmappedArrayGetMemoryRequirements_v11060)(
    CUDA_ARRAY_MEMORY_REQUIREMENTS_v1 *, CUmipmappedArray, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuMipmappedArrayGetSparseProperties_v11010)(
    CUDA_ARRAY_SPARSE_PROPERTIES_v1 *, CUmipmappedArray);
typedef CUresult (CUDAAPI *PFN_cuModuleEnumerateFunctions_v12040)(
    CUfunction *, unsigned int, CUmodule);
typedef CUresult (CUDAAPI *PFN_cuModuleGetFunction_v2000)(CUfunction *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleGetFunctionCount_v12040)(unsigned int *, CUmodule);
typedef CUresult (CUDAAPI *PFN_cuModuleGetGlobal_v3020)(
    CUdeviceptr_v2 *, size_t *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleGetLoadingMode_v11070)(CUmoduleLoadingMode *);
typedef CUresult (CUDAAPI *PFN_cuModuleGetSurfRef_v3000)(CUsurfref *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleGetTexRef_v2000)(CUtexref *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleLoad_v2000)(CUmodule *, const char *);
typedef CUresult (CUDAAPI *PFN_cuModuleLoadData_v2000)(CUmodule *, const void *);
typedef CUresult (CUDAAPI *PFN_cuModuleLoadDataEx_v2010)(
    CUmodule *, const void *, unsigned int, CUjit_option *, void **);
typedef CUresult (CUDAAPI *PFN_cuModuleLoadFatBinary_v2000)(CUmodule *, const void *);
typedef CUresult (CUDAAPI *PFN_cuModuleUnload_v2000)(CUmodule);
typedef CUresult (CUDAAPI *PFN_cuMulticastAddDevice_v12010)(CUmemGenericAllocationHandle, CUdevice);
typedef CUresult (CUDAAPI *PFN_cuMulticastBindAddr_v12010)(
    CUmemGenericAllocationHandle, size_t, CUdeviceptr, size_t, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMulticastBindMem_v12010)(
    CUmemGenericAllocationHandle, size_t, CUmemGenericAllocationHandle, size_t, size_t, unsigned long long);
typedef CUresult (CUDAAPI *PFN_cuMulticastCreate_v12010)(
    CUmemGenericAllocationHandle *, const CUmulticastObjectProp *);
typedef CUresult (CUDAAPI *PFN_cuMulticastGetGranularity_v12010)(
    size_t *, const CUmulticastObjectProp *, CUmulticastGranularity_flags);
typedef CUresult (CUDAAPI *PFN_cuMulticastUnbind_v12010)(
    CUmemGenericAllocationHandle, CUdevice, size_t, size_t);
typedef CUresult (CUDAAPI *PFN_cuOccupancyAvailableDynamicSMemPerBlock_v10020)(
    size_t *, CUfunction, int, int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxActiveBlocksPerMultiprocessor_v6050)(
    int *, CUfunction, int, size_t);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_v7000)(
    int *, CUfunction, int, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxActiveClusters_v11070)(
    int *, CUfunction, const CUlaunchConfig *);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxPotentialBlockSize_v6050)(
    int *, int *, CUfunction, CUoccupancyB2DSize, size_t, int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxPotentialBlockSizeWithFlags_v7000)(
    int *, int *, CUfunction, CUoccupancyB2DSize, size_t, int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuOccupancyMaxPotentialClusterSize_v11070)(
    int *, CUfunction, const CUlaunchConfig *);
typedef CUresult (CUDAAPI *PFN_cuParamSetf_v2000)(CUfunction, int, float);
typedef CUresult (CUDAAPI *PFN_cuParamSeti_v2000)(CUfunction, int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuParamSetSize_v2000)(CUfunction, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuParamSetTexRef_v2000)(CUfunction, int, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuParamSetv_v2000)(CUfunction, int, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuPointerGetAttribute_v4000)(
    void *, CUpointer_attribute, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuPointerGetAttributes_v7000)(
    unsigned int, CUpointer_attribute *, void **, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuPointerSetAttribute_v6000)(
    const void *, CUpointer_attribute, CUdeviceptr_v2);
typedef CUresult (CUDAAPI *PFN_cuSignalExternalSemaphoresAsync_v10000)(
    const CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_v1 *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuSignalExternalSemaphoresAsync_v10000_ptsz)(
    const CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_v1 *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamAddCallback_v5000)(
    CUstream, CUstreamCallback, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamAddCallback_v7000_ptsz)(
    CUstream, CUstreamCallback, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamAttachMemAsync_v6000)(
    CUstream, CUdeviceptr_v2, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamAttachMemAsync_v7000_ptsz)(
    CUstream, CUdeviceptr_v2, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamBatchMemOp_v8000)(
    CUstream, unsigned int, CUstreamBatchMemOpParams *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamBatchMemOp_v8000_ptsz)(
    CUstream, unsigned int, CUstreamBatchMemOpParams_v1 *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamBatchMemOp_v11070)(
    CUstream, unsigned int, CUstreamBatchMemOpParams *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamBatchMemOp_v11070_ptsz)(
    CUstream, unsigned int, CUstreamBatchMemOpParams *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCapture_v10010)(CUstream, CUstreamCaptureMode);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCapture_v10010_ptsz)(CUstream, CUstreamCaptureMode);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCaptureToGraph_v12030)(
    CUstream, CUgraph, const CUgraphNode *, const CUgraphEdgeData *, size_t, CUstreamCaptureMode);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCaptureToGraph_v12030_ptsz)(
    CUstream, CUgraph, const CUgraphNode *, const CUgraphEdgeData *, size_t, CUstreamCaptureMode);
typedef CUresult (CUDAAPI *PFN_cuStreamCopyAttributes_v11000)(CUstream, CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamCopyAttributes_v11000_ptsz)(CUstream, CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamCreate_v2000)(CUstream *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamCreateWithPriority_v5050)(CUstream *, unsigned int, int);
typedef CUresult (CUDAAPI *PFN_cuStreamDestroy_v4000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamEndCapture_v10000)(CUstream, CUgraph *);
typedef CUresult (CUDAAPI *PFN_cuStreamEndCapture_v10000_ptsz)(CUstream, CUgraph *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetAttribute_v11000)(
    CUstream, CUstreamAttrID, CUstreamAttrValue_v1 *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetAttribute_v11000_ptsz)(
    CUstream, CUstreamAttrID, CUstreamAttrValue_v1 *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v10010)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v10010_ptsz)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v11030)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *, const CUgraphNode **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v11030_ptsz)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *, const CUgraphNode **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v12030)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *, const CUgraphNode **, const CUgraphEdgeData **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCaptureInfo_v12030_ptsz)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *, const CUgraphNode **, const CUgraphEdgeData **, size_t *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v9020)(CUstream, CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v9020_ptsz)(CUstream, CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v12050)(CUstream, CUcontext *, CUgreenCtx *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetCtx_v12050_ptsz)(CUstream, CUcontext *, CUgreenCtx *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetDevice_v12080)(CUstream, CUdevice *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetDevice_v12080_ptsz)(CUstream, CUdevice *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetFlags_v5050)(CUstream, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetFlags_v7000_ptsz)(CUstream, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetGreenCtx_v12040)(CUstream, CUgreenCtx *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetId_v12000)(CUstream, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetId_v12000_ptsz)(CUstream, unsigned long long *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetPriority_v5050)(CUstream, int *);
typedef CUresult (CUDAAPI *PFN_cuStreamGetPriority_v7000_ptsz)(CUstream, int *);
typedef CUresult (CUDAAPI *PFN_cuStreamIsCapturing_v10000)(CUstream, CUstreamCaptureStatus *);
typedef CUresult (CUDAAPI *PFN_cuStreamIsCapturing_v10000_ptsz)(CUstream, CUstreamCaptureStatus *);
typedef CUresult (CUDAAPI *PFN_cuStreamQuery_v2000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamQuery_v7000_ptsz)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamSetAttribute_v11000)(
    CUstream, CUstreamAttrID, const CUstreamAttrValue_v1 *);
typedef CUresult (CUDAAPI *PFN_cuStreamSetAttribute_v11000_ptsz)(
    CUstream, CUstreamAttrID, const CUstreamAttrValue_v1 *);
typedef CUresult (CUDAAPI *PFN_cuStreamSynchronize_v2000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamSynchronize_v7000_ptsz)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamUpdateCaptureDependencies_v11030)(
    CUstream, CUgraphNode *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamUpdateCaptureDependencies_v11030_ptsz)(
    CUstream, CUgraphNode *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamUpdateCaptureDependencies_v12030)(
    CUstream, CUgraphNode *, const CUgraphEdgeData *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamUpdateCaptureDependencies_v12030_ptsz)(
    CUstream, CUgraphNode *, const CUgraphEdgeData *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitEvent_v3020)(CUstream, CUevent, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitEvent_v7000_ptsz)(CUstream, CUevent, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue32_v8000)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue32_v8000_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue32_v11070)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue32_v11070_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue64_v9000)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue64_v9000_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue64_v11070)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWaitValue64_v11070_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue32_v8000)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue32_v8000_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue32_v11070)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue32_v11070_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint32_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue64_v9000)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue64_v9000_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue64_v11070)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuStreamWriteValue64_v11070_ptsz)(
    CUstream, CUdeviceptr_v2, cuuint64_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuSurfObjectCreate_v5000)(
    CUsurfObject_v1 *, const CUDA_RESOURCE_DESC_v1 *);
typedef CUresult (CUDAAPI *PFN_cuSurfObjectDestroy_v5000)(CUsurfObject_v1);
typedef CUresult (CUDAAPI *PFN_cuSurfObjectGetResourceDesc_v5000)(
    CUDA_RESOURCE_DESC_v1 *, CUsurfObject_v1);
typedef CUresult (CUDAAPI *PFN_cuSurfRefGetArray_v3000)(CUarray *, CUsurfref);
typedef CUresult (CUDAAPI *PFN_cuSurfRefSetArray_v3000)(CUsurfref, CUarray, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuTensorMapEncodeIm2col_v12000)(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *, const cuuint64_t *, const int *, const int *, cuuint32_t, cuuint32_t, const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
typedef CUresult (CUDAAPI *PFN_cuTensorMapEncodeIm2colWide_v12080)(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *, const cuuint64_t *, int, int, cuuint32_t, cuuint32_t, const cuuint32_t *, CUtensorMapInterleave, CUtensorMapIm2ColWideMode, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
typedef CUresult (CUDAAPI *PFN_cuTensorMapEncodeTiled_v12000)(
    CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *, const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
typedef CUresult (CUDAAPI *PFN_cuTensorMapReplaceAddress_v12000)(CUtensorMap *, void *);
typedef CUresult (CUDAAPI *PFN_cuTexObjectCreate_v5000)(
    CUtexObject_v1 *, const CUDA_RESOURCE_DESC_v1 *, const CUDA_TEXTURE_DESC_v1 *, const CUDA_RESOURCE_VIEW_DESC_v1 *);
typedef CUresult (CUDAAPI *PFN_cuTexObjectDestroy_v5000)(CUtexObject_v1);
typedef CUresult (CUDAAPI *PFN_cuTexObjectGetResourceDesc_v5000)(
    CUDA_RESOURCE_DESC_v1 *, CUtexObject_v1);
typedef CUresult (CUDAAPI *PFN_cuTexObjectGetResourceViewDesc_v5000)(
    CUDA_RESOURCE_VIEW_DESC_v1 *, CUtexObject_v1);
typedef CUresult (CUDAAPI *PFN_cuTexObjectGetTextureDesc_v5000)(
    CUDA_TEXTURE_DESC_v1 *, CUtexObject_v1);
typedef CUresult (CUDAAPI *PFN_cuTexRefCreate_v2000)(CUtexref *);
typedef CUresult (CUDAAPI *PFN_cuTexRefDestroy_v2000)(CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetAddress_v3020)(CUdeviceptr_v2 *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetAddressMode_v2000)(CUaddress_mode *, CUtexref, int);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetArray_v2000)(CUarray *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetBorderColor_v8000)(float *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetFilterMode_v2000)(CUfilter_mode *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetFlags_v2000)(unsigned int *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetFormat_v2000)(CUarray_format *, int *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetMaxAnisotropy_v5000)(int *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetMipmapFilterMode_v5000)(CUfilter_mode *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetMipmapLevelBias_v5000)(float *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetMipmapLevelClamp_v5000)(float *, float *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetMipmappedArray_v5000)(CUmipmappedArray *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetAddress_v3020)(
    size_t *, CUtexref, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetAddress2D_v4010)(
    CUtexref, const CUDA_ARRAY_DESCRIPTOR_v2 *, CUdeviceptr_v2, size_t);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetAddressMode_v2000)(CUtexref, int, CUaddress_mode);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetArray_v2000)(CUtexref, CUarray, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetBorderColor_v8000)(CUtexref, float *);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetFilterMode_v2000)(CUtexref, CUfilter_mode);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetFlags_v2000)(CUtexref, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetFormat_v2000)(CUtexref, CUarray_format, int);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetMaxAnisotropy_v5000)(CUtexref, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetMipmapFilterMode_v5000)(CUtexref, CUfilter_mode);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetMipmapLevelBias_v5000)(CUtexref, float);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetMipmapLevelClamp_v5000)(CUtexref, float, float);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetMipmappedArray_v5000)(
    CUtexref, CUmipmappedArray, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuThreadExchangeStreamCaptureMode_v10010)(CUstreamCaptureMode *);
typedef CUresult (CUDAAPI *PFN_cuUserObjectCreate_v11030)(
    CUuserObject *, void *, CUhostFn, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuUserObjectRelease_v11030)(CUuserObject, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuUserObjectRetain_v11030)(CUuserObject, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuWaitExternalSemaphoresAsync_v10000)(
    const CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_v1 *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuWaitExternalSemaphoresAsync_v10000_ptsz)(
    const CUexternalSemaphore *, const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_v1 *, unsigned int, CUstream);

/* The versions whose ABI only the library itself still names (32-bit device pointers, the
   entry points of CUDA before 3.2 ...). */
#if defined(__CUDA_API_VERSION_INTERNAL)
typedef CUresult (CUDAAPI *PFN_cuArray3DCreate_v2000)(
    CUarray *, const CUDA_ARRAY3D_DESCRIPTOR_v1 *);
typedef CUresult (CUDAAPI *PFN_cuArray3DGetDescriptor_v2000)(CUDA_ARRAY3D_DESCRIPTOR_v1 *, CUarray);
typedef CUresult (CUDAAPI *PFN_cuArrayCreate_v2000)(CUarray *, const CUDA_ARRAY_DESCRIPTOR_v1 *);
typedef CUresult (CUDAAPI *PFN_cuArrayGetDescriptor_v2000)(CUDA_ARRAY_DESCRIPTOR_v1 *, CUarray);
typedef CUresult (CUDAAPI *PFN_cuCtxCreate_v2000)(CUcontext *, unsigned int, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuCtxDestroy_v2000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuCtxPopCurrent_v2000)(CUcontext *);
typedef CUresult (CUDAAPI *PFN_cuCtxPushCurrent_v2000)(CUcontext);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxRelease_v7000)(CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxReset_v7000)(CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuDevicePrimaryCtxSetFlags_v7000)(CUdevice_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuDeviceTotalMem_v2000)(unsigned int *, CUdevice_v1);
typedef CUresult (CUDAAPI *PFN_cuEventDestroy_v2000)(CUevent);
typedef CUresult (CUDAAPI *PFN_cuGraphicsResourceGetMappedPointer_v3000)(
    CUdeviceptr_v1 *, unsigned int *, CUgraphicsResource);
typedef CUresult (CUDAAPI *PFN_cuGraphicsResourceSetMapFlags_v3000)(
    CUgraphicsResource, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuGraphInstantiate_v10000)(
    CUgraphExec *, CUgraph, CUgraphNode *, char *, size_t);
typedef CUresult (CUDAAPI *PFN_cuGraphInstantiate_v11000)(
    CUgraphExec *, CUgraph, CUgraphNode *, char *, size_t);
typedef CUresult (CUDAAPI *PFN_cuIpcOpenMemHandle_v4010)(
    CUdeviceptr_v2 *, CUipcMemHandle_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuLinkAddData_v5050)(
    CUlinkState, CUjitInputType, void *, size_t, const char *, unsigned int, CUjit_option *, void **);
typedef CUresult (CUDAAPI *PFN_cuLinkAddFile_v5050)(
    CUlinkState, CUjitInputType, const char *, unsigned int, CUjit_option *, void **);
typedef CUresult (CUDAAPI *PFN_cuLinkCreate_v5050)(
    unsigned int, CUjit_option *, void **, CUlinkState *);
typedef CUresult (CUDAAPI *PFN_cuMemAlloc_v2000)(CUdeviceptr_v1 *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemAllocHost_v2000)(void **, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemAllocPitch_v2000)(
    CUdeviceptr_v1 *, unsigned int *, unsigned int, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2D_v2000)(const CUDA_MEMCPY2D_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2DAsync_v2000)(const CUDA_MEMCPY2D_v1 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpy2DUnaligned_v2000)(const CUDA_MEMCPY2D_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3D_v2000)(const CUDA_MEMCPY3D_v1 *);
typedef CUresult (CUDAAPI *PFN_cuMemcpy3DAsync_v2000)(const CUDA_MEMCPY3D_v1 *, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoA_v2000)(
    CUarray, unsigned int, CUarray, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoD_v2000)(
    CUdeviceptr_v1, CUarray, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoH_v2000)(void *, CUarray, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyAtoHAsync_v2000)(
    void *, CUarray, unsigned int, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoA_v2000)(
    CUarray, unsigned int, CUdeviceptr_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoD_v2000)(CUdeviceptr_v1, CUdeviceptr_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoDAsync_v3000)(
    CUdeviceptr_v1, CUdeviceptr_v1, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoH_v2000)(void *, CUdeviceptr_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyDtoHAsync_v2000)(
    void *, CUdeviceptr_v1, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoA_v2000)(
    CUarray, unsigned int, const void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoAAsync_v2000)(
    CUarray, unsigned int, const void *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoD_v2000)(CUdeviceptr_v1, const void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemcpyHtoDAsync_v2000)(
    CUdeviceptr_v1, const void *, unsigned int, CUstream);
typedef CUresult (CUDAAPI *PFN_cuMemFree_v2000)(CUdeviceptr_v1);
typedef CUresult (CUDAAPI *PFN_cuMemGetAddressRange_v2000)(
    CUdeviceptr_v1 *, unsigned int *, CUdeviceptr_v1);
typedef CUresult (CUDAAPI *PFN_cuMemGetInfo_v2000)(unsigned int *, unsigned int *);
typedef CUresult (CUDAAPI *PFN_cuMemHostGetDevicePointer_v2020)(
    CUdeviceptr_v1 *, void *, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemHostRegister_v4000)(void *, size_t, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemsetD16_v2000)(CUdeviceptr_v1, unsigned short, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D16_v2000)(
    CUdeviceptr_v1, unsigned int, unsigned short, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D32_v2000)(
    CUdeviceptr_v1, unsigned int, unsigned int, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemsetD2D8_v2000)(
    CUdeviceptr_v1, unsigned int, unsigned char, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemsetD32_v2000)(CUdeviceptr_v1, unsigned int, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuMemsetD8_v2000)(CUdeviceptr_v1, unsigned char, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuModuleGetGlobal_v2000)(
    CUdeviceptr_v1 *, unsigned int *, CUmodule, const char *);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCapture_v10000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamBeginCapture_v10000_ptsz)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuStreamDestroy_v2000)(CUstream);
typedef CUresult (CUDAAPI *PFN_cuTexRefGetAddress_v2000)(CUdeviceptr_v1 *, CUtexref);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetAddress_v2000)(
    unsigned int *, CUtexref, CUdeviceptr_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetAddress2D_v2020)(
    CUtexref, const CUDA_ARRAY_DESCRIPTOR_v1 *, CUdeviceptr_v1, unsigned int);
typedef CUresult (CUDAAPI *PFN_cuTexRefSetAddress2D_v3020)(
    CUtexref, const CUDA_ARRAY_DESCRIPTOR_v2 *, CUdeviceptr_v2, size_t);
#endif

#if defined(__cplusplus)
}
#endif

#endif /* CUDATYPEDEFS_H */

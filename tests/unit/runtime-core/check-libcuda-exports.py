#!/usr/bin/env python3
"""libcuda.so.1 exports exactly the CUDA Driver API: every symbol name that NVIDIA's cuda.h
maps the implemented functions to (cuMemAlloc -> cuMemAlloc_v2, cuCtxCreate -> cuCtxCreate_v4,
...), and nothing that is not cu* (the runtime core, translator and LLVM stay private)."""
import subprocess
import sys

REQUIRED = """cuInit cuDriverGetVersion cuDeviceGet cuDeviceGetCount cuDeviceGetName cuDeviceGetAttribute
cuDeviceTotalMem_v2 cuDevicePrimaryCtxRetain cuDevicePrimaryCtxRelease_v2 cuCtxCreate_v2 cuCtxCreate_v4
cuCtxDestroy_v2 cuCtxSetCurrent cuCtxGetCurrent cuCtxSynchronize cuModuleLoad cuModuleLoadData
cuModuleLoadDataEx cuModuleLoadFatBinary cuModuleUnload cuModuleGetFunction cuModuleGetGlobal_v2
cuFuncGetAttribute cuFuncSetAttribute cuMemAlloc_v2 cuMemFree_v2 cuMemAllocHost_v2 cuMemFreeHost
cuMemGetInfo_v2 cuMemcpyHtoD_v2 cuMemcpyDtoH_v2 cuMemcpyDtoD_v2 cuMemcpyHtoDAsync_v2
cuMemcpyDtoHAsync_v2 cuMemcpyDtoDAsync_v2 cuMemsetD8_v2 cuMemsetD16_v2 cuMemsetD32_v2 cuMemsetD8Async
cuMemsetD16Async cuMemsetD32Async cuLaunchKernel cuLaunchKernelEx cuStreamCreate cuStreamDestroy_v2
cuStreamSynchronize cuEventCreate cuEventRecord cuEventSynchronize cuEventElapsedTime_v2
cuEventDestroy_v2 cuGetErrorName cuGetErrorString cuGetProcAddress_v2""".split()

# CUDA arrays, texture and surface objects (issue 29).
REQUIRED += """cuArrayCreate_v2 cuArray3DCreate_v2 cuArrayDestroy cuArrayGetDescriptor_v2
cuArray3DGetDescriptor_v2 cuMipmappedArrayCreate cuMipmappedArrayDestroy cuMipmappedArrayGetLevel
cuTexObjectCreate cuTexObjectDestroy cuTexObjectGetResourceDesc cuTexObjectGetTextureDesc
cuTexObjectGetResourceViewDesc cuSurfObjectCreate cuSurfObjectDestroy cuSurfObjectGetResourceDesc""".split()

# The Driver API breadth beyond the first 61 (issue 26), including unversioned aliases of
# functions whose signature did not change.
REQUIRED += """cuCtxCreate_v3 cuCtxDestroy cuCtxDisablePeerAccess cuCtxEnablePeerAccess cuCtxGetApiVersion
cuCtxGetCacheConfig cuCtxGetDevice cuCtxGetDevice_v2 cuCtxGetFlags cuCtxGetId cuCtxGetLimit
cuCtxGetStreamPriorityRange cuCtxPopCurrent cuCtxPopCurrent_v2 cuCtxPushCurrent cuCtxPushCurrent_v2
cuCtxResetPersistingL2Cache cuCtxSetCacheConfig cuCtxSetFlags cuCtxSetLimit cuCtxSynchronize_v2
cuDeviceCanAccessPeer cuDeviceComputeCapability cuDeviceGetByPCIBusId
cuDeviceGetExecAffinitySupport cuDeviceGetLuid cuDeviceGetP2PAttribute cuDeviceGetPCIBusId
cuDeviceGetProperties cuDeviceGetUuid cuDeviceGetUuid_v2 cuDevicePrimaryCtxGetState
cuDevicePrimaryCtxRelease cuDevicePrimaryCtxReset cuDevicePrimaryCtxReset_v2
cuDevicePrimaryCtxSetFlags cuDevicePrimaryCtxSetFlags_v2 cuEventDestroy cuEventElapsedTime
cuEventQuery cuEventRecordWithFlags cuFuncGetModule cuFuncGetName cuFuncGetParamInfo cuFuncIsLoaded
cuFuncLoad cuFuncSetCacheConfig cuFuncSetSharedMemConfig cuGetExportTable cuGetProcAddress
cuKernelGetAttribute cuKernelGetFunction cuKernelGetLibrary cuKernelGetName cuKernelGetParamInfo
cuKernelSetAttribute cuKernelSetCacheConfig cuLaunchCooperativeKernel cuLaunchHostFunc
cuLibraryEnumerateKernels cuLibraryGetGlobal cuLibraryGetKernel cuLibraryGetKernelCount
cuLibraryGetManaged cuLibraryGetModule cuLibraryGetUnifiedFunction cuLibraryLoadData
cuLibraryLoadFromFile cuLibraryUnload cuMemAdvise_v2 cuMemAllocAsync cuMemAllocManaged
cuMemAllocPitch_v2 cuMemFreeAsync cuMemGetAddressRange_v2 cuMemHostAlloc
cuMemHostGetDevicePointer_v2 cuMemHostGetFlags cuMemHostRegister cuMemHostRegister_v2
cuMemHostUnregister cuMemPrefetchAsync_v2 cuMemcpy cuMemcpy2DAsync_v2 cuMemcpy2DUnaligned_v2
cuMemcpy2D_v2 cuMemcpy3DAsync_v2 cuMemcpy3DPeer cuMemcpy3DPeerAsync cuMemcpy3D_v2 cuMemcpyAsync
cuMemcpyPeer cuMemcpyPeerAsync cuMemsetD2D16Async cuMemsetD2D16_v2 cuMemsetD2D32Async
cuMemsetD2D32_v2 cuMemsetD2D8Async cuMemsetD2D8_v2 cuModuleEnumerateFunctions
cuModuleGetFunctionCount cuModuleGetLoadingMode cuOccupancyAvailableDynamicSMemPerBlock
cuOccupancyMaxActiveBlocksPerMultiprocessor cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags
cuOccupancyMaxPotentialBlockSize cuOccupancyMaxPotentialBlockSizeWithFlags cuPointerGetAttribute
cuPointerGetAttributes cuPointerSetAttribute cuProfilerStart cuProfilerStop cuStreamAddCallback
cuStreamAttachMemAsync cuStreamBeginCapture_v2 cuStreamCreateWithPriority cuStreamDestroy
cuStreamEndCapture cuStreamGetCaptureInfo_v3 cuStreamGetCtx cuStreamGetCtx_v2 cuStreamGetDevice
cuStreamGetFlags cuStreamGetId cuStreamGetPriority cuStreamIsCapturing cuStreamQuery
cuStreamWaitEvent""".split()

# Device linking: the JIT linker, with the unversioned names of cuda.h's _v2 mappings.
REQUIRED += """cuLinkCreate cuLinkCreate_v2 cuLinkAddData cuLinkAddData_v2 cuLinkAddFile cuLinkAddFile_v2
cuLinkComplete cuLinkDestroy""".split()

# Texture and surface references (deprecated, still in cuda.h), under cuda.h's versioned names.
REQUIRED += """cuModuleGetTexRef cuModuleGetSurfRef cuTexRefSetArray cuTexRefSetMipmappedArray
cuTexRefSetAddress_v2 cuTexRefSetAddress2D_v3 cuTexRefSetAddress2D_v2 cuTexRefSetFormat
cuTexRefSetAddressMode cuTexRefSetFilterMode cuTexRefSetMipmapFilterMode cuTexRefSetMipmapLevelBias
cuTexRefSetMipmapLevelClamp cuTexRefSetMaxAnisotropy cuTexRefSetBorderColor cuTexRefSetFlags
cuTexRefGetAddress_v2 cuTexRefGetArray cuTexRefGetMipmappedArray cuTexRefGetAddressMode
cuTexRefGetFilterMode cuTexRefGetFormat cuTexRefGetMipmapFilterMode cuTexRefGetMipmapLevelBias
cuTexRefGetMipmapLevelClamp cuTexRefGetMaxAnisotropy cuTexRefGetBorderColor cuTexRefGetFlags
cuTexRefCreate cuTexRefDestroy cuSurfRefSetArray cuSurfRefGetArray""".split()


def main():
    lib = sys.argv[1]
    out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
    # Global and weak definitions only: a LOCAL symbol can sit in .dynsym (nm's lower-case t;
    # an ASan build's linker keeps a demoted template instance there) but nothing binds to it.
    exported = {line.split()[-1] for line in out.splitlines() if line.split() and line.split()[1] in "TWVBDRIiu"}
    missing = [s for s in REQUIRED if s not in exported]
    foreign = sorted(s for s in exported if not s.startswith("cu"))
    for s in missing:
        print("missing export:", s)
    for s in foreign[:20]:
        print("unexpected export:", s)
    print(f"{len(exported)} symbols exported; {len(missing)} missing; {len(foreign)} not cu*")
    if len(exported) < 150:
        print("fewer than 150 driver functions exported")
        return 1
    return 1 if missing or foreign else 0


if __name__ == "__main__":
    sys.exit(main())

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


def main():
    lib = sys.argv[1]
    out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
    exported = {line.split()[-1] for line in out.splitlines() if line.split() and line.split()[1] in "TtWwBDR"}
    missing = [s for s in REQUIRED if s not in exported]
    foreign = sorted(s for s in exported if not s.startswith("cu"))
    for s in missing:
        print("missing export:", s)
    for s in foreign[:20]:
        print("unexpected export:", s)
    print(f"{len(exported)} symbols exported; {len(missing)} missing; {len(foreign)} not cu*")
    return 1 if missing or foreign else 0


if __name__ == "__main__":
    sys.exit(main())

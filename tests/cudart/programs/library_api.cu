// Libraries: PTX loaded with cudaLibraryLoadData, a kernel taken from it by name and launched
// with cudaLaunchKernel through its cudaKernel_t, a global read with cudaLibraryGetGlobal; and
// a driver entry point found through the runtime.
#include "check.h"
#include <cuda.h>
#include <cstring>

static const char *kPtx = R"(
.version 8.0
.target sm_80
.address_size 64
.global .align 4 .u32 bias = 1000;
.visible .entry addBias(.param .u64 out, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p, %r2, %r1;
  @%p bra DONE;
  ld.global.u32 %r3, [bias];
  add.u32 %r4, %r3, %r2;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r2, 4;
  add.u64 %rd2, %rd2, %rd3;
  st.global.u32 [%rd2], %r4;
DONE:
  ret;
}
)";

int main() {
  cudaLibrary_t library;
  CUDA_OK(cudaLibraryLoadData(&library, kPtx, nullptr, nullptr, 0, nullptr, nullptr, 0));
  unsigned count = 0;
  CUDA_OK(cudaLibraryGetKernelCount(&count, library));
  CHECK(count == 1);
  cudaKernel_t kernel;
  CUDA_OK(cudaLibraryGetKernel(&kernel, library, "addBias"));
  unsigned *bias = nullptr;
  size_t bytes = 0;
  CUDA_OK(cudaLibraryGetGlobal(reinterpret_cast<void **>(&bias), &bytes, library, "bias"));
  CHECK(bytes == 4);
  unsigned value = 0;
  CUDA_OK(cudaMemcpy(&value, bias, 4, cudaMemcpyDeviceToHost));
  CHECK(value == 1000);
  unsigned *out;
  CUDA_OK(cudaMalloc(&out, 64 * sizeof(unsigned)));
  unsigned n = 64;
  void *args[] = {&out, &n};
  CUDA_OK(cudaLaunchKernel(reinterpret_cast<const void *>(kernel), 1, 64, args, 0, 0));
  unsigned h[64];
  CUDA_OK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  for (unsigned i = 0; i < 64; ++i)
    CHECK(h[i] == 1000 + i);
  CUDA_FAILS(cudaLibraryGetKernel(&kernel, library, "missing"), cudaErrorSymbolNotFound);
  cudaGetLastError();
  void *entry = nullptr;
  cudaDriverEntryPointQueryResult status;
  CUDA_OK(cudaGetDriverEntryPointByVersion("cuMemAlloc", &entry, 13000, cudaEnableDefault, &status));
  CHECK(status == cudaDriverEntryPointSuccess && entry != nullptr);
  CUdeviceptr p = 0;
  CHECK(reinterpret_cast<CUresult (*)(CUdeviceptr *, size_t)>(entry)(&p, 16) == CUDA_SUCCESS);
  CUDA_OK(cudaFree(reinterpret_cast<void *>(p)));
  CUDA_OK(cudaFree(out));
  CUDA_OK(cudaLibraryUnload(library));
  return pass();
}

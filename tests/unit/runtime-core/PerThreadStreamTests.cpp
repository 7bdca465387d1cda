// A Driver API program compiled for the per-thread default stream (nvcc's
// `--default-stream per-thread`, i.e. CUDA_API_PER_THREAD_DEFAULT_STREAM): cuda.h maps its calls
// to the _ptds / _ptsz entry points, which libcuda.so.1 exports: the legacy functions on the
// calling thread's per-thread stream. This file is compiled with that macro; it links only if
// they exist.
#include <cuda.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

namespace {

void CUDA_CB count(void *user) { ++*static_cast<int *>(user); }

} // namespace

TEST_CASE("per-thread default stream entry points", "[runtime-shim-per-thread]") {
  REQUIRE(cuInit(0) == CUDA_SUCCESS);
  CUcontext context = nullptr;
  REQUIRE(cuDevicePrimaryCtxRetain(&context, 0) == CUDA_SUCCESS);
  REQUIRE(cuCtxSetCurrent(context) == CUDA_SUCCESS);
  CUdeviceptr p = 0;
  REQUIRE(cuMemAlloc(&p, 64) == CUDA_SUCCESS);
  std::vector<uint32_t> host(16, 3), back(16);
  REQUIRE(cuMemcpyHtoD(p, host.data(), 64) == CUDA_SUCCESS);             // cuMemcpyHtoD_v2_ptds
  REQUIRE(cuMemsetD32Async(p + 32, 9, 8, CU_STREAM_PER_THREAD) == CUDA_SUCCESS); // cuMemsetD32Async_ptsz
  REQUIRE(cuStreamSynchronize(CU_STREAM_PER_THREAD) == CUDA_SUCCESS);   // cuStreamSynchronize_ptsz
  REQUIRE(cuMemcpy(CUdeviceptr(reinterpret_cast<uintptr_t>(back.data())), p, 64) == CUDA_SUCCESS); // cuMemcpy_ptds
  CHECK(back[0] == 3);
  CHECK(back[15] == 9);
  CHECK(cuMemcpyHtoD(p, host.data(), 65) == CUDA_ERROR_INVALID_VALUE);
  int calls = 0;
  REQUIRE(cuLaunchHostFunc(nullptr, count, &calls) == CUDA_SUCCESS); // cuLaunchHostFunc_ptsz
  REQUIRE(cuStreamSynchronize(nullptr) == CUDA_SUCCESS);                // the per-thread stream
  CHECK(calls == 1);
  CHECK(cuStreamQuery(nullptr) == CUDA_SUCCESS); // cuStreamQuery_ptsz
  CHECK(cuMemFree(p) == CUDA_SUCCESS);
  void *fn = nullptr;
  CUdriverProcAddressQueryResult status{};
  REQUIRE(cuGetProcAddress("cuMemcpyHtoD", &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                           &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuMemcpyHtoD)); // the _ptds form under this macro
  REQUIRE(cuGetProcAddress("cuMemcpyHtoD", &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_LEGACY_STREAM, &status) ==
          CUDA_SUCCESS);
  CHECK(fn != reinterpret_cast<void *>(&cuMemcpyHtoD));
}

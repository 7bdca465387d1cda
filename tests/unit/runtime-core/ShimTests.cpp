// The exported CUDA Driver API (libcuda.so.1 on the host backend), called exactly as a
// program would through NVIDIA's cuda.h: misuse returns the documented error (use before
// cuInit, bad handles, unknown names, copies past an allocation, double frees, wrong
// `extra` sizes, too many threads, too much shared memory, images that are not PTX), and
// real modules load, launch and compute. The driver is process-wide state, so the test
// cases run in file order (Catch2's default) and the first one runs before cuInit.
#include <cuda.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace {

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string readSource(const std::string &relative) { return readText(std::string(P2M_SOURCE_ROOT) + "/" + relative); }

const char *kTrapPtx = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry boom(.param .u64 out)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, 7;
  st.global.u32 [%rd1], %r1;
  trap;
  ret;
}
)";

// A failed device-side assert (nvcc's call shape; the launch fails with CUDA_ERROR_ASSERT).
const char *kAssertPtx = R"(.version 7.0
.target sm_80
.address_size 64
.extern .func __assertfail(.param .b64 m, .param .b64 f, .param .b32 l, .param .b64 fn, .param .b64 s);
.global .align 1 .b8 msg[4] = {98, 97, 100, 0};
.visible .entry fails()
{
  .reg .b64 %rd<3>;
  mov.u64 %rd1, msg;
  cvta.global.u64 %rd2, %rd1;
  {
  .param .b64 param0;
  st.param.b64 [param0+0], %rd2;
  .param .b64 param1;
  st.param.b64 [param1+0], %rd2;
  .param .b32 param2;
  st.param.b32 [param2+0], 12;
  .param .b64 param3;
  st.param.b64 [param3+0], %rd2;
  .param .b64 param4;
  st.param.b64 [param4+0], 1;
  call.uni __assertfail, (param0, param1, param2, param3, param4);
  }
  ret;
}
)";

// A context made current for the test; the primary context, retained once per process.
CUcontext primaryContext() {
  static CUcontext context = [] {
    CUcontext c = nullptr;
    REQUIRE(cuDevicePrimaryCtxRetain(&c, 0) == CUDA_SUCCESS);
    return c;
  }();
  REQUIRE(cuCtxSetCurrent(context) == CUDA_SUCCESS);
  return context;
}

CUmodule loadGlobalsModule() {
  static std::string ptx = readSource("tests/unit/runtime-core/module_with_globals.ptx");
  CUmodule module = nullptr;
  REQUIRE(cuModuleLoadData(&module, ptx.c_str()) == CUDA_SUCCESS);
  return module;
}

} // namespace

TEST_CASE("shim: everything but versions and error names needs cuInit", "[runtime-shim]") {
  int count = -1;
  CHECK(cuDeviceGetCount(&count) == CUDA_ERROR_NOT_INITIALIZED);
  CUdeviceptr p = 0;
  CHECK(cuMemAlloc(&p, 16) == CUDA_ERROR_NOT_INITIALIZED);
  CUmodule m = nullptr;
  CHECK(cuModuleLoadData(&m, kTrapPtx) == CUDA_ERROR_NOT_INITIALIZED);
  CUcontext c = nullptr;
  CHECK(cuDevicePrimaryCtxRetain(&c, 0) == CUDA_ERROR_NOT_INITIALIZED);
  int version = 0;
  CHECK(cuDriverGetVersion(&version) == CUDA_SUCCESS);
  CHECK(version == CUDA_VERSION);
  const char *name = nullptr;
  CHECK(cuGetErrorName(CUDA_ERROR_NOT_INITIALIZED, &name) == CUDA_SUCCESS);
  CHECK(std::string(name) == "CUDA_ERROR_NOT_INITIALIZED");
  CHECK(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &name) == CUDA_SUCCESS);
  CHECK(std::string(name) == "invalid argument");
  CHECK(cuGetErrorName(CUresult(1000), &name) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuInit(1) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuInit(0) == CUDA_SUCCESS);
  CHECK(cuInit(0) == CUDA_SUCCESS);
}

TEST_CASE("shim: device queries", "[runtime-shim]") {
  int count = 0;
  REQUIRE(cuDeviceGetCount(&count) == CUDA_SUCCESS);
  CHECK(count == 1);
  CUdevice device = -1;
  CHECK(cuDeviceGet(&device, 1) == CUDA_ERROR_INVALID_DEVICE);
  REQUIRE(cuDeviceGet(&device, 0) == CUDA_SUCCESS);
  char name[128] = {};
  REQUIRE(cuDeviceGetName(name, sizeof name, device) == CUDA_SUCCESS);
  CHECK(std::strlen(name) > 0);
  int value = 0;
  REQUIRE(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, device) == CUDA_SUCCESS);
  CHECK(value == 32);
  REQUIRE(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, device) == CUDA_SUCCESS);
  CHECK(value == 1024);
  CHECK(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX, device) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 3) == CUDA_ERROR_INVALID_DEVICE);
  CHECK(cuDeviceGetAttribute(nullptr, CU_DEVICE_ATTRIBUTE_WARP_SIZE, device) == CUDA_ERROR_INVALID_VALUE);
  size_t total = 0;
  REQUIRE(cuDeviceTotalMem(&total, device) == CUDA_SUCCESS);
  CHECK(total > 0);
}

TEST_CASE("shim: contexts", "[runtime-shim]") {
  // No context is current yet on this thread.
  CUcontext current = reinterpret_cast<CUcontext>(1);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == nullptr);
  CUdeviceptr p = 0;
  CHECK(cuMemAlloc(&p, 16) == CUDA_ERROR_INVALID_CONTEXT);
  CHECK(cuCtxSynchronize() == CUDA_ERROR_INVALID_CONTEXT);

  int bogus = 0;
  CHECK(cuCtxSetCurrent(reinterpret_cast<CUcontext>(&bogus)) == CUDA_ERROR_INVALID_CONTEXT);
  CHECK(cuCtxDestroy(reinterpret_cast<CUcontext>(&bogus)) == CUDA_ERROR_INVALID_CONTEXT);

  CUcontext created = nullptr;
  REQUIRE(cuCtxCreate(&created, nullptr, 0, 0) == CUDA_SUCCESS);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == created);
  REQUIRE(cuMemAlloc(&p, 64) == CUDA_SUCCESS); // freed with the context
  REQUIRE(cuCtxDestroy(created) == CUDA_SUCCESS);
  CHECK(cuCtxDestroy(created) == CUDA_ERROR_INVALID_CONTEXT);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == nullptr);

  CUcontext primary = primaryContext();
  CHECK(cuCtxDestroy(primary) == CUDA_ERROR_INVALID_CONTEXT); // not through cuCtxDestroy
  CHECK(cuCtxSynchronize() == CUDA_SUCCESS);
  CHECK(cuMemFree(p) == CUDA_ERROR_INVALID_VALUE); // went with its context
}

TEST_CASE("shim: memory is range-checked", "[runtime-shim]") {
  primaryContext();
  CUdeviceptr a = 0, b = 0;
  REQUIRE(cuMemAlloc(&a, 1000) == CUDA_SUCCESS);
  REQUIRE(cuMemAlloc(&b, 1000) == CUDA_SUCCESS);
  CHECK(a % 256 == 0);
  CHECK(cuMemAlloc(&a, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemAlloc(nullptr, 16) == CUDA_ERROR_INVALID_VALUE);
  std::vector<uint8_t> host(2000, 0xab);
  CHECK(cuMemcpyHtoD(a, host.data(), 1000) == CUDA_SUCCESS);
  CHECK(cuMemcpyHtoD(a, host.data(), 1001) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemcpyHtoD(a + 999, host.data(), 2) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemcpyDtoH(host.data(), a + 500, 501) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemcpyDtoH(host.data(), 0x10, 4) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemcpyDtoD(b, a, 1000) == CUDA_SUCCESS);
  CHECK(cuMemcpyDtoD(b + 1, a, 1000) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemsetD32(a, 0x01020304u, 250) == CUDA_SUCCESS);
  CHECK(cuMemsetD32(a, 0, 251) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemsetD16(a + 1, 0, 1) == CUDA_ERROR_INVALID_VALUE); // misaligned
  CHECK(cuMemsetD8Async(a, 7, 1000, nullptr) == CUDA_SUCCESS);
  CHECK(cuMemsetD8Async(a, 7, 10, reinterpret_cast<CUstream>(&host)) == CUDA_ERROR_INVALID_HANDLE);
  uint8_t back[4] = {};
  REQUIRE(cuMemcpyDtoH(back, a + 996, 4) == CUDA_SUCCESS);
  CHECK(back[3] == 7);
  size_t free = 0, total = 0;
  REQUIRE(cuMemGetInfo(&free, &total) == CUDA_SUCCESS);
  CHECK(free <= total);
  CHECK(cuMemFree(a + 8) == CUDA_ERROR_INVALID_VALUE); // not an allocation's start
  CHECK(cuMemFree(a) == CUDA_SUCCESS);
  CHECK(cuMemFree(a) == CUDA_ERROR_INVALID_VALUE); // double free
  CHECK(cuMemcpyHtoD(a, host.data(), 4) == CUDA_ERROR_INVALID_VALUE); // use after free
  CHECK(cuMemFree(b) == CUDA_SUCCESS);
  CHECK(cuMemFree(0) == CUDA_SUCCESS);

  void *pinned = nullptr;
  REQUIRE(cuMemAllocHost(&pinned, 100) == CUDA_SUCCESS);
  CHECK(cuMemFreeHost(pinned) == CUDA_SUCCESS);
  CHECK(cuMemFreeHost(pinned) == CUDA_ERROR_INVALID_VALUE);
}

TEST_CASE("shim: module images that are not PTX", "[runtime-shim]") {
  primaryContext();
  CUmodule m = nullptr;
  CHECK(cuModuleLoadData(&m, "this is not a module") == CUDA_ERROR_INVALID_IMAGE);
  CHECK(cuModuleLoadData(&m, "\x7f" "ELF\x02\x01\x01") == CUDA_ERROR_NO_BINARY_FOR_GPU);
  CHECK(cuModuleLoadData(&m, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuModuleLoadData(&m, ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k( {") ==
        CUDA_ERROR_INVALID_PTX);
  CHECK(cuModuleLoad(&m, "/nonexistent/file.ptx") == CUDA_ERROR_FILE_NOT_FOUND);
  std::string path = std::string(P2M_SOURCE_ROOT) + "/examples/saxpy/saxpy.ptx";
  REQUIRE(cuModuleLoad(&m, path.c_str()) == CUDA_SUCCESS);
  CHECK(cuModuleUnload(m) == CUDA_SUCCESS);
  CHECK(cuModuleUnload(m) == CUDA_ERROR_INVALID_HANDLE);
  char log[256] = "unchanged";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof log))};
  CHECK(cuModuleLoadDataEx(&m, "garbage", 2, options, values) == CUDA_ERROR_INVALID_IMAGE);
  CHECK(std::string(log).find("neither PTX") != std::string::npos);
}

TEST_CASE("shim: nvcc fatbins and fatbin wrappers load and run", "[runtime-shim]") {
  primaryContext();
  for (const char *file : {"kernel.fatbin", "kernel-lz4.fatbin", "kernel-zstd.fatbin", "kernel-plain.fatbin"}) {
    INFO(file);
    std::string bytes = readSource(std::string("tests/inputs/fatbin/") + file);
    REQUIRE(bytes.size() > 16);
    // A fatbin as an executable embeds it: 8-byte aligned, wrapped by a 24-byte wrapper.
    std::vector<uint64_t> aligned((bytes.size() + 7) / 8);
    std::memcpy(aligned.data(), bytes.data(), bytes.size());
    struct {
      uint32_t magic, version;
      const void *fatbin, *unused;
    } wrapper{0x466243B1u, 1, aligned.data(), nullptr};
    CUmodule viaFatbin = nullptr, viaWrapper = nullptr, viaFile = nullptr;
    REQUIRE(cuModuleLoadData(&viaFatbin, aligned.data()) == CUDA_SUCCESS);
    REQUIRE(cuModuleLoadFatBinary(&viaWrapper, &wrapper) == CUDA_SUCCESS);
    std::string path = std::string(P2M_SOURCE_ROOT) + "/tests/inputs/fatbin/" + file;
    REQUIRE(cuModuleLoad(&viaFile, path.c_str()) == CUDA_SUCCESS);
    for (CUmodule module : {viaFatbin, viaWrapper, viaFile}) {
      CUfunction scale = nullptr;
      REQUIRE(cuModuleGetFunction(&scale, module, "scale") == CUDA_SUCCESS);
      std::vector<float> x(100);
      for (int i = 0; i < 100; ++i)
        x[size_t(i)] = float(i);
      CUdeviceptr dx = 0;
      REQUIRE(cuMemAlloc(&dx, sizeof(float) * 100) == CUDA_SUCCESS);
      REQUIRE(cuMemcpyHtoD(dx, x.data(), sizeof(float) * 100) == CUDA_SUCCESS);
      float a = 0.5f;
      int n = 99; // the last element stays as it is
      void *params[] = {&dx, &a, &n};
      REQUIRE(cuLaunchKernel(scale, 4, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
      REQUIRE(cuMemcpyDtoH(x.data(), dx, sizeof(float) * 100) == CUDA_SUCCESS);
      CHECK(x[10] == 5.0f);
      CHECK(x[98] == 49.0f);
      CHECK(x[99] == 99.0f);
      CHECK(cuMemFree(dx) == CUDA_SUCCESS);
      CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    }
  }
}

TEST_CASE("shim: functions, globals and launches", "[runtime-shim]") {
  primaryContext();
  CUmodule module = loadGlobalsModule();
  CUfunction f = nullptr;
  CHECK(cuModuleGetFunction(&f, module, "nope") == CUDA_ERROR_NOT_FOUND);
  CHECK(cuModuleGetFunction(&f, module, "recursive") == CUDA_ERROR_NOT_SUPPORTED);
  int bogus = 0;
  CHECK(cuModuleGetFunction(&f, reinterpret_cast<CUmodule>(&bogus), "copy_table") == CUDA_ERROR_INVALID_HANDLE);
  CUfunction copyTable = nullptr, fixed = nullptr, capped = nullptr;
  REQUIRE(cuModuleGetFunction(&copyTable, module, "copy_table") == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&f, module, "copy_table") == CUDA_SUCCESS);
  CHECK(f == copyTable);
  REQUIRE(cuModuleGetFunction(&fixed, module, "needs_fixed") == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&capped, module, "capped") == CUDA_SUCCESS);

  // Globals: real device addresses with their initializers; host writes reach the kernel.
  CUdeviceptr table = 0, ptr = 0;
  size_t bytes = 0;
  REQUIRE(cuModuleGetGlobal(&table, &bytes, module, "table") == CUDA_SUCCESS);
  CHECK(bytes == 16);
  uint32_t values[4] = {};
  REQUIRE(cuMemcpyDtoH(values, table, 16) == CUDA_SUCCESS);
  CHECK(values[2] == 3);
  REQUIRE(cuModuleGetGlobal(&ptr, nullptr, module, "ptr") == CUDA_SUCCESS);
  uint64_t relocated = 0;
  REQUIRE(cuMemcpyDtoH(&relocated, ptr, 8) == CUDA_SUCCESS);
  CHECK(relocated == table + 4);
  CHECK(cuModuleGetGlobal(&ptr, &bytes, module, "absent") == CUDA_ERROR_NOT_FOUND);
  std::vector<uint8_t> segment(25);
  CHECK(cuMemcpyHtoD(table, segment.data(), 24) == CUDA_SUCCESS); // the whole .global segment
  CHECK(cuMemcpyHtoD(table, segment.data(), 25) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuMemcpyHtoD(table, values, 16) == CUDA_SUCCESS);
  CHECK(cuMemFree(table) == CUDA_ERROR_INVALID_VALUE); // the module's, not the program's
  uint32_t newValue = 42;
  REQUIRE(cuMemcpyHtoD(table + 8, &newValue, 4) == CUDA_SUCCESS);

  CUdeviceptr out = 0;
  REQUIRE(cuMemAlloc(&out, 4) == CUDA_SUCCESS);
  void *params[] = {&out};
  REQUIRE(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
  uint32_t result = 0;
  REQUIRE(cuMemcpyDtoH(&result, out, 4) == CUDA_SUCCESS);
  CHECK(result == 42);

  // The same launch through `extra`, and with a block of the wrong size.
  REQUIRE(cuMemsetD32(out, 0, 1) == CUDA_SUCCESS);
  size_t size = sizeof out;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &out, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
  REQUIRE(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra) == CUDA_SUCCESS);
  REQUIRE(cuMemcpyDtoH(&result, out, 4) == CUDA_SUCCESS);
  CHECK(result == 42);
  size = 4;
  CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra) == CUDA_ERROR_INVALID_VALUE);
  size = 16;
  CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra) == CUDA_ERROR_INVALID_VALUE);

  // Launch limits.
  CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 2048, 1, 1, 0, nullptr, params, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLaunchKernel(copyTable, 0, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 48 * 1024 + 1, nullptr, params, nullptr) ==
        CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 0, reinterpret_cast<CUstream>(&bogus), params, nullptr) ==
        CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuLaunchKernel(reinterpret_cast<CUfunction>(&bogus), 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) ==
        CUDA_ERROR_INVALID_HANDLE);
  uint32_t n = 0;
  void *nParams[] = {&n};
  CHECK(cuLaunchKernel(fixed, 1, 1, 1, 32, 1, 1, 0, nullptr, nParams, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLaunchKernel(fixed, 1, 1, 1, 64, 1, 1, 0, nullptr, nParams, nullptr) == CUDA_SUCCESS);
  CHECK(cuLaunchKernel(capped, 1, 1, 1, 256, 1, 1, 0, nullptr, nParams, nullptr) ==
        CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
  CHECK(cuLaunchKernel(capped, 1, 1, 1, 128, 1, 1, 0, nullptr, nParams, nullptr) == CUDA_SUCCESS);

  // Function attributes.
  int value = 0;
  REQUIRE(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, capped) == CUDA_SUCCESS);
  CHECK(value == 128);
  REQUIRE(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, capped) == CUDA_SUCCESS);
  CHECK(value == 4);
  REQUIRE(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, copyTable) == CUDA_SUCCESS);
  CHECK(value == 48 * 1024);
  int optin = 0;
  REQUIRE(cuDeviceGetAttribute(&optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 0) == CUDA_SUCCESS);
  CHECK(cuFuncSetAttribute(copyTable, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, optin + 1) ==
        CUDA_ERROR_INVALID_VALUE);
  if (optin > 48 * 1024) {
    REQUIRE(cuFuncSetAttribute(copyTable, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, optin) == CUDA_SUCCESS);
    CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 48 * 1024 + 1, nullptr, params, nullptr) == CUDA_SUCCESS);
    CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, unsigned(optin) + 1, nullptr, params, nullptr) ==
          CUDA_ERROR_INVALID_VALUE);
  }
  CHECK(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX, copyTable) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, reinterpret_cast<CUfunction>(&bogus)) ==
        CUDA_ERROR_INVALID_HANDLE);

  // cuLaunchKernelEx: a 1x1x1 cluster is accepted, a larger one is not.
  CUlaunchAttribute attribute{};
  attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute.value.clusterDim.x = attribute.value.clusterDim.y = attribute.value.clusterDim.z = 1;
  CUlaunchConfig config{};
  config.gridDimX = config.gridDimY = config.gridDimZ = 1;
  config.blockDimX = config.blockDimY = config.blockDimZ = 1;
  config.attrs = &attribute;
  config.numAttrs = 1;
  CHECK(cuLaunchKernelEx(&config, copyTable, params, nullptr) == CUDA_SUCCESS);
  attribute.value.clusterDim.x = 2;
  CHECK(cuLaunchKernelEx(&config, copyTable, params, nullptr) == CUDA_ERROR_NOT_SUPPORTED);

  REQUIRE(cuMemFree(out) == CUDA_SUCCESS);
  REQUIRE(cuModuleUnload(module) == CUDA_SUCCESS);
  CHECK(cuLaunchKernel(copyTable, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuModuleGetGlobal(&table, &bytes, module, "table") == CUDA_ERROR_INVALID_HANDLE);
}

TEST_CASE("shim: streams and events", "[runtime-shim]") {
  primaryContext();
  CUstream stream = nullptr;
  REQUIRE(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS);
  CUevent start = nullptr, stop = nullptr, untimed = nullptr;
  REQUIRE(cuEventCreate(&start, 0) == CUDA_SUCCESS);
  REQUIRE(cuEventCreate(&stop, 0) == CUDA_SUCCESS);
  REQUIRE(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING) == CUDA_SUCCESS);
  float ms = -1;
  CHECK(cuEventElapsedTime(&ms, start, stop) == CUDA_ERROR_INVALID_HANDLE); // never recorded
  REQUIRE(cuEventRecord(start, stream) == CUDA_SUCCESS);
  // The stream does not block: the legacy stream waits for `start` explicitly.
  REQUIRE(cuStreamWaitEvent(nullptr, start, 0) == CUDA_SUCCESS);
  REQUIRE(cuEventRecord(stop, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuEventRecord(untimed, stream) == CUDA_SUCCESS);
  REQUIRE(cuEventSynchronize(stop) == CUDA_SUCCESS);
  REQUIRE(cuEventElapsedTime(&ms, start, stop) == CUDA_SUCCESS);
  CHECK(ms >= 0.0f);
  CHECK(cuEventElapsedTime(&ms, start, untimed) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuStreamSynchronize(stream) == CUDA_SUCCESS);
  CHECK(cuStreamSynchronize(CU_STREAM_PER_THREAD) == CUDA_SUCCESS);
  CHECK(cuEventDestroy(start) == CUDA_SUCCESS);
  CHECK(cuEventDestroy(start) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuEventRecord(start, nullptr) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuEventDestroy(stop) == CUDA_SUCCESS);
  CHECK(cuEventDestroy(untimed) == CUDA_SUCCESS);
  CHECK(cuStreamDestroy(stream) == CUDA_SUCCESS);
  CHECK(cuStreamDestroy(stream) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuStreamSynchronize(stream) == CUDA_ERROR_INVALID_HANDLE);
}

TEST_CASE("shim: cuGetProcAddress", "[runtime-shim]") {
  void *fn = nullptr;
  CUdriverProcAddressQueryResult status{};
  REQUIRE(cuGetProcAddress("cuMemAlloc", &fn, CUDA_VERSION, 0, &status) == CUDA_SUCCESS);
  CHECK(status == CU_GET_PROC_ADDRESS_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuMemAlloc)); // cuda.h maps cuMemAlloc to cuMemAlloc_v2
  REQUIRE(cuGetProcAddress("cuCtxCreate", &fn, CUDA_VERSION, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuCtxCreate)); // _v4
  CHECK(cuGetProcAddress("cuNoSuchFunction", &fn, CUDA_VERSION, 0, &status) == CUDA_ERROR_NOT_FOUND);
  CHECK(status == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  CHECK(fn == nullptr);
}

namespace {

// Two modules with the same kernel that store different values: which one ran shows whether
// a prebuilt translation was used.
std::string storePtx(int value) {
  return ".version 7.0\n.target sm_80\n.address_size 64\n"
         ".visible .entry store(.param .u64 out)\n{\n  .reg .b64 %rd<2>;\n  .reg .b32 %r<2>;\n"
         "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, " + std::to_string(value) + ";\n"
         "  st.global.u32 [%rd1], %r1;\n  ret;\n}\n";
}

void writeText(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  REQUIRE(out.good());
}

// Translates `ptx` ahead of time with the CLI into DIR/STEM.{metal,json}.
void compileAhead(const std::string &ptx, const std::string &dir, const std::string &stem) {
  writeText(dir + "/" + stem + ".ptx", ptx);
  std::string command = std::string(P2M_CLI) + " compile " + dir + "/" + stem + ".ptx -o " + dir + "/" + stem +
                        ".metal --reflection " + dir + "/" + stem + ".json";
  REQUIRE(std::system(command.c_str()) == 0);
}

uint32_t runStore(CUmodule module) {
  CUfunction store = nullptr;
  REQUIRE(cuModuleGetFunction(&store, module, "store") == CUDA_SUCCESS);
  CUdeviceptr out = 0;
  REQUIRE(cuMemAlloc(&out, 4) == CUDA_SUCCESS);
  void *params[] = {&out};
  REQUIRE(cuLaunchKernel(store, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
  uint32_t value = 0;
  REQUIRE(cuMemcpyDtoH(&value, out, 4) == CUDA_SUCCESS);
  CHECK(cuMemFree(out) == CUDA_SUCCESS);
  return value;
}

} // namespace

TEST_CASE("shim: prebuilt modules and bundles", "[runtime-shim]") {
  primaryContext();
  char pattern[] = "/tmp/p2m-prebuilt-XXXXXX";
  REQUIRE(mkdtemp(pattern) != nullptr);
  std::string dir = pattern;
  std::string ptx7 = storePtx(7), ptx9 = storePtx(9);
  compileAhead(ptx7, dir, "seven");
  compileAhead(ptx9, dir, "nine");

  SECTION("cuModuleLoad of a reflection loads the MSL beside it") {
    CUmodule module = nullptr;
    REQUIRE(cuModuleLoad(&module, (dir + "/seven.json").c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 7);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    std::remove((dir + "/nine.metal").c_str());
    CHECK(cuModuleLoad(&module, (dir + "/nine.json").c_str()) == CUDA_ERROR_FILE_NOT_FOUND);
    CHECK(cuModuleLoad(&module, (dir + "/absent.json").c_str()) == CUDA_ERROR_FILE_NOT_FOUND);
  }

  SECTION("PTX found in a bundle runs the bundle's translation") {
    // The bundle holds, under the key of the PTX that stores 7, the translation of the one
    // that stores 9, its reflection naming the 7-PTX's hash: a launch that stores 9 proves the
    // bundle was used instead of translating.
    std::string bundle = dir + "/bundle";
    REQUIRE(mkdir(bundle.c_str(), 0755) == 0);
    std::string key7 = readText(dir + "/seven.json");
    key7 = key7.substr(key7.find("\"sha256\": \"") + 11, 64);
    std::string reflection9 = readText(dir + "/nine.json");
    size_t at = reflection9.find("\"sha256\": \"") + 11;
    reflection9.replace(at, 64, key7);
    writeText(bundle + "/" + key7 + ".json", reflection9);
    writeText(bundle + "/" + key7 + ".metal", readText(dir + "/nine.metal"));
    REQUIRE(setenv("P2M_BUNDLE_PATH", ("/nonexistent:" + bundle).c_str(), 1) == 0);
    CUmodule module = nullptr;
    REQUIRE(cuModuleLoadData(&module, ptx7.c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 9);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    // PTX the bundle does not hold is translated as usual.
    REQUIRE(cuModuleLoadData(&module, ptx9.c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 9);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    // An entry translated for a device that keeps f32 subnormals does not fit this one, which
    // flushes them.
    std::string keep = reflection9, flushMode = "\"f32_subnormals\": \"flush\"";
    size_t mode = keep.find(flushMode);
    REQUIRE(mode != std::string::npos);
    keep.replace(mode, flushMode.size(), "\"f32_subnormals\": \"keep\"");
    writeText(bundle + "/" + key7 + ".json", keep);
    REQUIRE(cuModuleLoadData(&module, ptx7.c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 7);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    // Nor does one whose f64 arithmetic is demoted to float: the runtime computes f64 exactly.
    std::string demoted = reflection9, ieeeMode = "\"fp64\": \"ieee\"";
    size_t fp64 = demoted.find(ieeeMode);
    REQUIRE(fp64 != std::string::npos);
    demoted.replace(fp64, ieeeMode.size(), "\"fp64\": \"demote\"");
    writeText(bundle + "/" + key7 + ".json", demoted);
    REQUIRE(cuModuleLoadData(&module, ptx7.c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 7);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    // One made for an earlier MSL version than the device's fits (msl-version matches AtMost).
    std::string older = reflection9, version = "\"msl_version\": \"3.2\"";
    size_t msl = older.find(version);
    REQUIRE(msl != std::string::npos);
    older.replace(msl, version.size(), "\"msl_version\": \"3.1\"");
    writeText(bundle + "/" + key7 + ".json", older);
    REQUIRE(cuModuleLoadData(&module, ptx7.c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 9);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    // An entry whose reflection names other PTX is not trusted.
    writeText(bundle + "/" + key7 + ".json", readText(dir + "/nine.json"));
    REQUIRE(cuModuleLoadData(&module, ptx7.c_str()) == CUDA_SUCCESS);
    CHECK(runStore(module) == 7);
    CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
    unsetenv("P2M_BUNDLE_PATH");
  }
  std::filesystem::remove_all(dir);
}

// cp.async.bulk into shared memory completing an mbarrier's transaction count (sm_90), in both
// orders a program may issue them: expect-tx first (CUTLASS's arrive.expect_tx, then the copy)
// and the copy first (libcu++'s memcpy_async, then expect_tx: the tx-count goes below zero
// until then, and the phase must not complete). Every thread then reads the copied bytes, and
// thread 0 copies them out with cp.async.bulk.global.shared::cta. The expected output is the
// input, by construction; the phase parity each thread saw, 1, is written after it.
const char *kBulkCopyPtx = R"(.version 8.6
.target sm_90
.address_size 64
.visible .entry bulk(.param .u64 dst, .param .u64 src, .param .u32 copy_first)
{
  .reg .pred %p<4>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<8>;
  .shared .align 16 .b8 buf[512];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [dst];
  ld.param.u64 %rd2, [src];
  ld.param.u32 %r9, [copy_first];
  mov.u32 %r1, bar;
  mov.u32 %r2, buf;
  mov.u32 %r3, %tid.x;
  setp.eq.u32 %p2, %r3, 0;
  setp.ne.u32 %p3, %r9, 0;
  @%p2 mbarrier.init.shared::cta.b64 [%r1], 1;
  bar.sync 0;
  @!%p2 bra WAIT;
  @%p3 bra COPY_FIRST;
  mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 %rd3, [%r1], 512;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd2], 256, [%r1];
  add.u64 %rd4, %rd2, 256;
  add.u32 %r4, %r2, 256;
  cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r4], [%rd4], 256, [%r1];
  bra WAIT;
COPY_FIRST:
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd2], 512, [%r1];
  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;
  selp.u32 %r8, 1, 0, %p1;
  st.global.u32 [%rd1+516], %r8;
  mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r1], 512;
  mbarrier.arrive.shared::cta.b64 %rd3, [%r1];
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
  @!%p1 bra WAIT;
  cvt.u64.u32 %rd5, %r3;
  shl.b64 %rd5, %rd5, 2;
  add.u32 %r5, %r2, %r3;
  add.u32 %r5, %r5, %r3;
  add.u32 %r5, %r5, %r3;
  add.u32 %r5, %r5, %r3;
  ld.shared.u32 %r6, [%r5];
  @%p2 st.global.u32 [%rd1+512], %r6;
  bar.sync 0;
  @!%p2 bra DONE;
  cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r2], 512;
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
DONE:
  ret;
}
)";

TEST_CASE("shim: cp.async.bulk completes an mbarrier's transaction count", "[runtime-shim]") {
  REQUIRE(cuInit(0) == CUDA_SUCCESS); // also when run alone
  primaryContext();
  CUmodule module = nullptr;
  REQUIRE(cuModuleLoadData(&module, kBulkCopyPtx) == CUDA_SUCCESS);
  CUfunction bulk = nullptr;
  REQUIRE(cuModuleGetFunction(&bulk, module, "bulk") == CUDA_SUCCESS);
  std::vector<uint8_t> in(512);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<uint8_t>(i * 7 + 3);
  CUdeviceptr src = 0, dst = 0;
  REQUIRE(cuMemAlloc(&src, 512) == CUDA_SUCCESS);
  REQUIRE(cuMemAlloc(&dst, 520) == CUDA_SUCCESS);
  REQUIRE(cuMemcpyHtoD(src, in.data(), 512) == CUDA_SUCCESS);
  for (uint32_t copyFirst : {0u, 1u}) {
    INFO("copy first: " << copyFirst);
    std::vector<uint8_t> out(520, 0xAB);
    REQUIRE(cuMemcpyHtoD(dst, out.data(), out.size()) == CUDA_SUCCESS);
    void *params[] = {&dst, &src, &copyFirst};
    REQUIRE(cuLaunchKernel(bulk, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
    REQUIRE(cuMemcpyDtoH(out.data(), dst, out.size()) == CUDA_SUCCESS);
    CHECK(std::memcmp(out.data(), in.data(), 512) == 0);
    uint32_t word0 = 0, early = 0;
    std::memcpy(&word0, out.data() + 512, 4);
    std::memcpy(&early, out.data() + 516, 4);
    CHECK(word0 == (uint32_t{in[0]} | uint32_t{in[1]} << 8 | uint32_t{in[2]} << 16 | uint32_t{in[3]} << 24));
    // With the copy first, the phase had not completed before expect_tx and the arrival
    // (tx-count -512, one arrival pending): test_wait saw it incomplete.
    if (copyFirst != 0)
      CHECK(early == 0u);
  }
  CHECK(cuMemFree(src) == CUDA_SUCCESS);
  CHECK(cuMemFree(dst) == CUDA_SUCCESS);
  CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
}

namespace {
// A new context, current, and kernel `name` of `ptx` loaded into it.
CUfunction kernelInNewContext(const char *ptx, const char *name, CUcontext *context) {
  REQUIRE(cuCtxCreate(context, nullptr, 0, 0) == CUDA_SUCCESS);
  CUmodule module = nullptr;
  REQUIRE(cuModuleLoadData(&module, ptx) == CUDA_SUCCESS);
  CUfunction kernel = nullptr;
  REQUIRE(cuModuleGetFunction(&kernel, module, name) == CUDA_SUCCESS);
  return kernel;
}
} // namespace

TEST_CASE("shim: a failed assert breaks its context with CUDA_ERROR_ASSERT", "[runtime-shim]") {
  CUcontext context = nullptr;
  CUfunction fails = kernelInNewContext(kAssertPtx, "fails", &context);
  // The launch is asynchronous: the failure is reported by the next synchronizing call.
  CHECK(cuLaunchKernel(fails, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr) == CUDA_SUCCESS);
  CHECK(cuCtxSynchronize() == CUDA_ERROR_ASSERT);
  CUdeviceptr more = 0;
  CHECK(cuMemAlloc(&more, 4) == CUDA_ERROR_ASSERT);
  REQUIRE(cuCtxDestroy(context) == CUDA_SUCCESS);
  primaryContext();
}

TEST_CASE("shim: a trap breaks its context for good", "[runtime-shim]") {
  CUcontext context = nullptr;
  CUfunction boom = kernelInNewContext(kTrapPtx, "boom", &context);
  CUdeviceptr out = 0;
  REQUIRE(cuMemAlloc(&out, 4) == CUDA_SUCCESS);
  void *params[] = {&out};
  CHECK(cuLaunchKernel(boom, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS); // asynchronous
  // Sticky: everything in this context fails from now on (the copy waits for the kernel).
  uint32_t value = 0;
  CHECK(cuMemcpyDtoH(&value, out, 4) == CUDA_ERROR_LAUNCH_FAILED);
  CUdeviceptr more = 0;
  CHECK(cuMemAlloc(&more, 4) == CUDA_ERROR_LAUNCH_FAILED);
  CHECK(cuCtxSynchronize() == CUDA_ERROR_LAUNCH_FAILED);
  CHECK(cuLaunchKernel(boom, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr) == CUDA_ERROR_LAUNCH_FAILED);
  // Destroying it is still possible, and other contexts are unaffected.
  REQUIRE(cuCtxDestroy(context) == CUDA_SUCCESS);
  primaryContext();
  CHECK(cuMemAlloc(&more, 4) == CUDA_SUCCESS);
  CHECK(cuMemFree(more) == CUDA_SUCCESS);
}

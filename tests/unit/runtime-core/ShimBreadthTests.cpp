// The Driver API beyond modules and launches (libcuda.so.1 on the host backend), called as a
// program would through NVIDIA's cuda.h: the per-thread context stack, limits, primary-context
// state, device identity, managed / pitched / page-locked / registered memory, unified copies,
// 2D and 3D copies and memsets, pointer attributes, stream and event queries, host functions,
// occupancy, function and library queries, cuGetProcAddress and cuGetExportTable. Misuse
// returns CUDA's documented errors. The driver is process-wide state, so the test cases run in
// file order (Catch2's default); the first one calls cuInit.
// Deprecated functions (cuDeviceGetProperties, ...) are still exported and tested.
#define CUDA_ENABLE_DEPRECATED
#include <cuda.h>
#include <cudaProfiler.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

// Exported for CUDA 11.4's callers; cuda.h declares it only for the driver's own build.
extern "C" CUresult CUDAAPI cuCtxCreate_v3(CUcontext *pctx, CUexecAffinityParam *paramsArray, int numParams,
                                           unsigned int flags, CUdevice dev);

namespace {

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string &breadthPtx() {
  static std::string ptx = readText(std::string(P2M_SOURCE_ROOT) + "/tests/unit/runtime-core/breadth.ptx");
  return ptx;
}

CUcontext primaryContext() {
  static CUcontext context = [] {
    CUcontext c = nullptr;
    REQUIRE(cuDevicePrimaryCtxRetain(&c, 0) == CUDA_SUCCESS);
    return c;
  }();
  REQUIRE(cuCtxSetCurrent(context) == CUDA_SUCCESS);
  return context;
}

struct Kernels {
  CUmodule module = nullptr;
  CUfunction addOne = nullptr, tiled = nullptr, hello = nullptr;
};

Kernels loadKernels() {
  Kernels k;
  REQUIRE(cuModuleLoadData(&k.module, breadthPtx().c_str()) == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&k.addOne, k.module, "add_one") == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&k.tiled, k.module, "tiled") == CUDA_SUCCESS);
  REQUIRE(cuModuleGetFunction(&k.hello, k.module, "hello") == CUDA_SUCCESS);
  return k;
}

// p[i] += 1 for i < n, through the device address `p`.
// Launches addOne on the legacy stream and waits for it (the host then reads the memory).
CUresult addOne(CUfunction f, CUdeviceptr p, unsigned n) {
  void *params[] = {&p, &n};
  if (CUresult r = cuLaunchKernel(f, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr))
    return r;
  return cuStreamSynchronize(nullptr);
}

} // namespace

TEST_CASE("breadth: the context stack is per thread", "[runtime-shim-breadth]") {
  REQUIRE(cuInit(0) == CUDA_SUCCESS);
  CUcontext popped = reinterpret_cast<CUcontext>(1);
  CHECK(cuCtxPopCurrent(&popped) == CUDA_ERROR_INVALID_CONTEXT); // empty stack
  CHECK(cuCtxPushCurrent(nullptr) == CUDA_ERROR_INVALID_CONTEXT);
  int bogus = 0;
  CHECK(cuCtxPushCurrent(reinterpret_cast<CUcontext>(&bogus)) == CUDA_ERROR_INVALID_CONTEXT);

  CUcontext a = nullptr, b = nullptr, current = nullptr;
  REQUIRE(cuCtxCreate(&a, nullptr, 0, 0) == CUDA_SUCCESS); // pushed
  REQUIRE(cuCtxCreate(&b, nullptr, CU_CTX_SCHED_YIELD, 0) == CUDA_SUCCESS);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == b);
  unsigned flags = 99;
  REQUIRE(cuCtxGetFlags(&flags) == CUDA_SUCCESS);
  CHECK(flags == CU_CTX_SCHED_YIELD);
  REQUIRE(cuCtxPopCurrent(&popped) == CUDA_SUCCESS);
  CHECK(popped == b);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == a);
  REQUIRE(cuCtxPushCurrent(b) == CUDA_SUCCESS);
  REQUIRE(cuCtxSetCurrent(a) == CUDA_SUCCESS); // replaces the top: the stack is a, a
  REQUIRE(cuCtxPopCurrent(&popped) == CUDA_SUCCESS);
  CHECK(popped == a);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == a);

  // Another thread starts with an empty stack and keeps its own.
  std::thread other([&] {
    CUcontext seen = reinterpret_cast<CUcontext>(1);
    CHECK(cuCtxGetCurrent(&seen) == CUDA_SUCCESS);
    CHECK(seen == nullptr);
    CHECK(cuCtxPushCurrent(b) == CUDA_SUCCESS);
    CHECK(cuCtxGetCurrent(&seen) == CUDA_SUCCESS);
    CHECK(seen == b);
  });
  other.join();
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == a);

  CUdevice device = -1;
  REQUIRE(cuCtxGetDevice(&device) == CUDA_SUCCESS);
  CHECK(device == 0);
  CHECK(cuCtxGetDevice(nullptr) == CUDA_ERROR_INVALID_VALUE);
  unsigned long long idA = 0, idB = 0;
  REQUIRE(cuCtxGetId(a, &idA) == CUDA_SUCCESS);
  REQUIRE(cuCtxGetId(b, &idB) == CUDA_SUCCESS);
  CHECK(idA != idB);
  unsigned version = 0;
  REQUIRE(cuCtxGetApiVersion(a, &version) == CUDA_SUCCESS);
  CHECK(version >= 3020);
  CHECK(cuCtxGetApiVersion(reinterpret_cast<CUcontext>(&bogus), &version) == CUDA_ERROR_INVALID_CONTEXT);
  CHECK(cuCtxCreate(&b, nullptr, 0x3, 0) == CUDA_ERROR_INVALID_VALUE); // two scheduling modes

  // Destroying the current context pops it; an entry lower in the stack goes stale.
  REQUIRE(cuCtxPushCurrent(a) == CUDA_SUCCESS); // the stack is a, a
  REQUIRE(cuCtxDestroy(a) == CUDA_SUCCESS);
  REQUIRE(cuCtxGetCurrent(&current) == CUDA_SUCCESS);
  CHECK(current == nullptr); // the stale entry below reads as no context
  CHECK(cuCtxGetFlags(&flags) == CUDA_ERROR_INVALID_CONTEXT);
  REQUIRE(cuCtxPopCurrent(&popped) == CUDA_SUCCESS);
  CHECK(popped == nullptr); // a destroyed context is never handed back
  REQUIRE(cuCtxDestroy(b) == CUDA_SUCCESS);
}

TEST_CASE("breadth: limits, priorities and cache preferences", "[runtime-shim-breadth]") {
  primaryContext();
  size_t value = 0;
  REQUIRE(cuCtxGetLimit(&value, CU_LIMIT_PRINTF_FIFO_SIZE) == CUDA_SUCCESS);
  CHECK(value == 1 << 20);
  REQUIRE(cuCtxGetLimit(&value, CU_LIMIT_MALLOC_HEAP_SIZE) == CUDA_SUCCESS);
  CHECK(value == 8 << 20);
  REQUIRE(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4096) == CUDA_SUCCESS);
  REQUIRE(cuCtxGetLimit(&value, CU_LIMIT_STACK_SIZE) == CUDA_SUCCESS);
  CHECK(value == 4096);
  CHECK(cuCtxSetLimit(CUlimit(0x7777), 1) == CUDA_ERROR_UNSUPPORTED_LIMIT);
  CHECK(cuCtxGetLimit(&value, CUlimit(0x7777)) == CUDA_ERROR_UNSUPPORTED_LIMIT);
  CHECK(cuCtxGetLimit(nullptr, CU_LIMIT_STACK_SIZE) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuCtxSetLimit(CU_LIMIT_MAX_L2_FETCH_GRANULARITY, 48) == CUDA_ERROR_INVALID_VALUE);
  int least = 7, greatest = 7;
  REQUIRE(cuCtxGetStreamPriorityRange(&least, &greatest) == CUDA_SUCCESS);
  CHECK(least == 0);
  CHECK(greatest == 0);
  REQUIRE(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED) == CUDA_SUCCESS);
  CUfunc_cache cache = CU_FUNC_CACHE_PREFER_NONE;
  REQUIRE(cuCtxGetCacheConfig(&cache) == CUDA_SUCCESS);
  CHECK(cache == CU_FUNC_CACHE_PREFER_SHARED);
  CHECK(cuCtxSetCacheConfig(CUfunc_cache(9)) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 1024) == CUDA_SUCCESS);
}

TEST_CASE("breadth: primary context state, flags and reset", "[runtime-shim-breadth]") {
  CUcontext primary = primaryContext();
  unsigned flags = 99;
  int active = 0;
  REQUIRE(cuDevicePrimaryCtxGetState(0, &flags, &active) == CUDA_SUCCESS);
  CHECK(active == 1);
  CHECK(flags == 0);
  CHECK(cuDevicePrimaryCtxGetState(1, &flags, &active) == CUDA_ERROR_INVALID_DEVICE);
  CHECK(cuDevicePrimaryCtxGetState(0, nullptr, &active) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuDevicePrimaryCtxSetFlags(0, CU_CTX_SCHED_BLOCKING_SYNC) == CUDA_SUCCESS);
  REQUIRE(cuDevicePrimaryCtxGetState(0, &flags, &active) == CUDA_SUCCESS);
  CHECK(flags == CU_CTX_SCHED_BLOCKING_SYNC);
  REQUIRE(cuCtxGetFlags(&flags) == CUDA_SUCCESS);
  CHECK(flags == CU_CTX_SCHED_BLOCKING_SYNC);
  CHECK(cuDevicePrimaryCtxSetFlags(0, 0x1000) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuDevicePrimaryCtxSetFlags(0, 0) == CUDA_SUCCESS);

  // Reset frees the context's memory and limits; the handle stays retained and usable.
  CUdeviceptr p = 0;
  REQUIRE(cuMemAlloc(&p, 64) == CUDA_SUCCESS);
  REQUIRE(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 8192) == CUDA_SUCCESS);
  REQUIRE(cuDevicePrimaryCtxReset(0) == CUDA_SUCCESS);
  CHECK(cuMemFree(p) == CUDA_ERROR_INVALID_VALUE);
  size_t stack = 0;
  REQUIRE(cuCtxGetLimit(&stack, CU_LIMIT_STACK_SIZE) == CUDA_SUCCESS);
  CHECK(stack == 1024);
  REQUIRE(cuDevicePrimaryCtxGetState(0, &flags, &active) == CUDA_SUCCESS);
  CHECK(active == 1);
  CUcontext again = nullptr;
  REQUIRE(cuDevicePrimaryCtxRetain(&again, 0) == CUDA_SUCCESS);
  CHECK(again == primary);
  REQUIRE(cuDevicePrimaryCtxRelease(0) == CUDA_SUCCESS);
}

TEST_CASE("breadth: device identity", "[runtime-shim-breadth]") {
  primaryContext();
  CUuuid u1{}, u2{}, u3{};
  REQUIRE(cuDeviceGetUuid(&u1, 0) == CUDA_SUCCESS); // cuda.h: cuDeviceGetUuid_v2
  REQUIRE(cuDeviceGetUuid_v2(&u2, 0) == CUDA_SUCCESS);
  CHECK(std::memcmp(u1.bytes, u2.bytes, 16) == 0);
  CHECK(std::memcmp(u1.bytes, u3.bytes, 16) != 0);
  CHECK(cuDeviceGetUuid(&u1, 3) == CUDA_ERROR_INVALID_DEVICE);
  CHECK(cuDeviceGetUuid(nullptr, 0) == CUDA_ERROR_INVALID_VALUE);
  char bus[32] = {};
  REQUIRE(cuDeviceGetPCIBusId(bus, sizeof bus, 0) == CUDA_SUCCESS);
  CHECK(std::string(bus) == "0000:00:00.0");
  CUdevice device = -1;
  REQUIRE(cuDeviceGetByPCIBusId(&device, bus) == CUDA_SUCCESS);
  CHECK(device == 0);
  REQUIRE(cuDeviceGetByPCIBusId(&device, "00:00.0") == CUDA_SUCCESS);
  CHECK(cuDeviceGetByPCIBusId(&device, "0000:01:00.0") == CUDA_ERROR_INVALID_DEVICE);
  CHECK(cuDeviceGetByPCIBusId(&device, "not a bus id") == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuDeviceGetPCIBusId(bus, 0, 0) == CUDA_ERROR_INVALID_VALUE);
  CUdevprop prop{};
  REQUIRE(cuDeviceGetProperties(&prop, 0) == CUDA_SUCCESS);
  CHECK(prop.SIMDWidth == 32);
  CHECK(prop.maxThreadsPerBlock >= 1024);
  CHECK(prop.sharedMemPerBlock == 48 * 1024);
  int major = 0, minor = -1, value = -1;
  REQUIRE(cuDeviceComputeCapability(&major, &minor, 0) == CUDA_SUCCESS);
  CHECK(major == 8);
  REQUIRE(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 0) == CUDA_SUCCESS);
  CHECK(value == 1);
  REQUIRE(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, 0) == CUDA_SUCCESS);
  CHECK(value == 1);
  REQUIRE(cuDeviceCanAccessPeer(&value, 0, 0) == CUDA_SUCCESS);
  CHECK(value == 0);
}

TEST_CASE("breadth: managed, pitched and stream-ordered memory", "[runtime-shim-breadth]") {
  primaryContext();
  Kernels k = loadKernels();
  CUdeviceptr managed = 0;
  CHECK(cuMemAllocManaged(&managed, 0, CU_MEM_ATTACH_GLOBAL) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemAllocManaged(&managed, 64, 7) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuMemAllocManaged(&managed, 100 * sizeof(uint32_t), CU_MEM_ATTACH_GLOBAL) == CUDA_SUCCESS);
  auto *values = reinterpret_cast<uint32_t *>(managed); // the host reaches it directly
  for (uint32_t i = 0; i < 100; ++i)
    values[i] = i;
  REQUIRE(addOne(k.addOne, managed, 100) == CUDA_SUCCESS);
  CHECK(values[0] == 1);
  CHECK(values[99] == 100);
  CUmemLocation location{CU_MEM_LOCATION_TYPE_DEVICE, 0};
  CHECK(cuMemAdvise(managed, 400, CU_MEM_ADVISE_SET_READ_MOSTLY, location) == CUDA_SUCCESS);
  CHECK(cuMemPrefetchAsync(managed, 400, location, 0, nullptr) == CUDA_SUCCESS);
  CHECK(cuMemPrefetchAsync(managed, 401, location, 0, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemFree(managed) == CUDA_SUCCESS);

  CUdeviceptr pitched = 0;
  size_t pitch = 0;
  CHECK(cuMemAllocPitch(&pitched, &pitch, 100, 10, 3) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemAllocPitch(&pitched, &pitch, 0, 10, 4) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuMemAllocPitch(&pitched, &pitch, 100, 10, 4) == CUDA_SUCCESS);
  CHECK(pitch == 256);
  CUdeviceptr base = 0;
  size_t size = 0;
  REQUIRE(cuMemGetAddressRange(&base, &size, pitched + 1000) == CUDA_SUCCESS);
  CHECK(base == pitched);
  CHECK(size == 2560);
  CHECK(cuMemGetAddressRange(&base, &size, pitched + 2560) == CUDA_ERROR_NOT_FOUND);
  CHECK(cuMemGetAddressRange(&base, &size, 0x10) == CUDA_ERROR_NOT_FOUND);
  CHECK(cuMemFree(pitched) == CUDA_SUCCESS);

  CUstream stream = nullptr;
  REQUIRE(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS);
  CUdeviceptr async = 0;
  REQUIRE(cuMemAllocAsync(&async, 256, stream) == CUDA_SUCCESS);
  CHECK(cuMemsetD8Async(async, 1, 256, stream) == CUDA_SUCCESS);
  CHECK(cuMemFreeAsync(async, stream) == CUDA_SUCCESS);
  CHECK(cuMemFreeAsync(async, stream) == CUDA_ERROR_INVALID_VALUE);
  int bogus = 0;
  CHECK(cuMemAllocAsync(&async, 256, reinterpret_cast<CUstream>(&bogus)) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuStreamDestroy(stream) == CUDA_SUCCESS);
  CHECK(cuModuleUnload(k.module) == CUDA_SUCCESS);
}

TEST_CASE("breadth: page-locked and registered host memory", "[runtime-shim-breadth]") {
  primaryContext();
  Kernels k = loadKernels();
  void *pinned = nullptr;
  CHECK(cuMemHostAlloc(&pinned, 64, 0x80) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuMemHostAlloc(&pinned, 400, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE) == CUDA_SUCCESS);
  unsigned flags = 0;
  REQUIRE(cuMemHostGetFlags(&flags, static_cast<char *>(pinned) + 10) == CUDA_SUCCESS);
  CHECK(flags == (CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
  CUdeviceptr device = 0;
  REQUIRE(cuMemHostGetDevicePointer(&device, pinned, 0) == CUDA_SUCCESS);
  CHECK(cuMemHostGetDevicePointer(&device, pinned, 1) == CUDA_ERROR_INVALID_VALUE);
  std::memset(pinned, 0, 400);
  REQUIRE(addOne(k.addOne, device, 100) == CUDA_SUCCESS);
  CHECK(static_cast<uint32_t *>(pinned)[42] == 1);
  CHECK(cuMemFree(device) == CUDA_ERROR_INVALID_VALUE); // page-locked memory goes with cuMemFreeHost
  CHECK(cuMemHostUnregister(pinned) == CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
  CHECK(cuMemFreeHost(pinned) == CUDA_SUCCESS);
  CHECK(cuMemHostGetFlags(&flags, pinned) == CUDA_ERROR_INVALID_VALUE);

  // The program's own memory, registered: the kernel writes it at its device address.
  std::vector<uint32_t> mine(1000, 41);
  CHECK(cuMemHostRegister(nullptr, 16, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemHostRegister(mine.data(), 0, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemHostRegister(mine.data(), 4000, 0x100) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemHostRegister(mine.data(), 4000, CU_MEMHOSTREGISTER_IOMEMORY) == CUDA_ERROR_NOT_SUPPORTED);
  REQUIRE(cuMemHostRegister(mine.data(), 4000, CU_MEMHOSTREGISTER_DEVICEMAP) == CUDA_SUCCESS);
  CHECK(cuMemHostRegister(mine.data() + 10, 40, 0) == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  REQUIRE(cuMemHostGetDevicePointer(&device, mine.data() + 500, 0) == CUDA_SUCCESS);
  REQUIRE(addOne(k.addOne, device, 500) == CUDA_SUCCESS); // elements 500..999
  CHECK(mine[499] == 41);
  CHECK(mine[500] == 42);
  CHECK(mine[999] == 42);
  CHECK(cuMemcpyHtoD(device, mine.data(), 2000) == CUDA_SUCCESS);
  CHECK(cuMemcpyHtoD(device, mine.data(), 2001) == CUDA_ERROR_INVALID_VALUE); // past the registered range
  CHECK(cuMemFreeHost(mine.data()) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemHostUnregister(mine.data() + 1) == CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
  REQUIRE(cuMemHostUnregister(mine.data()) == CUDA_SUCCESS);
  CHECK(cuMemHostUnregister(mine.data()) == CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
  CHECK(cuMemHostGetDevicePointer(&device, mine.data(), 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(addOne(k.addOne, device, 1) == CUDA_SUCCESS); // a host kernel may still write it: no MMU here
  CHECK(cuModuleUnload(k.module) == CUDA_SUCCESS);
}

TEST_CASE("breadth: unified and peer copies", "[runtime-shim-breadth]") {
  CUcontext primary = primaryContext();
  CUdeviceptr a = 0, b = 0;
  REQUIRE(cuMemAlloc(&a, 256) == CUDA_SUCCESS);
  REQUIRE(cuMemAlloc(&b, 256) == CUDA_SUCCESS);
  std::vector<uint8_t> host(256), back(256);
  for (int i = 0; i < 256; ++i)
    host[size_t(i)] = uint8_t(i);
  auto address = [](const void *p) { return CUdeviceptr(reinterpret_cast<uintptr_t>(p)); };
  REQUIRE(cuMemcpy(a, address(host.data()), 256) == CUDA_SUCCESS); // host to device
  REQUIRE(cuMemcpyAsync(b, a, 256, nullptr) == CUDA_SUCCESS);      // device to device
  REQUIRE(cuMemcpy(address(back.data()), b, 256) == CUDA_SUCCESS); // device to host
  CHECK(back == host);
  CHECK(cuMemcpy(a + 1, b, 256) == CUDA_ERROR_INVALID_VALUE); // runs past the allocation
  CHECK(cuMemcpy(0, b, 16) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemcpyPeer(b, primary, a, primary, 256) == CUDA_SUCCESS);
  int bogus = 0;
  CHECK(cuMemcpyPeer(b, reinterpret_cast<CUcontext>(&bogus), a, primary, 256) == CUDA_ERROR_INVALID_CONTEXT);
  CHECK(cuMemcpyPeerAsync(b, primary, a, primary, 257, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemFree(a) == CUDA_SUCCESS);
  CHECK(cuMemFree(b) == CUDA_SUCCESS);
}

TEST_CASE("breadth: pointer attributes", "[runtime-shim-breadth]") {
  CUcontext primary = primaryContext();
  CUdeviceptr device = 0, managed = 0;
  void *pinned = nullptr;
  REQUIRE(cuMemAlloc(&device, 1000) == CUDA_SUCCESS);
  REQUIRE(cuMemAllocManaged(&managed, 100, CU_MEM_ATTACH_GLOBAL) == CUDA_SUCCESS);
  REQUIRE(cuMemAllocHost(&pinned, 100) == CUDA_SUCCESS);

  unsigned type = 0;
  REQUIRE(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, device + 10) == CUDA_SUCCESS);
  CHECK(type == CU_MEMORYTYPE_DEVICE);
  CUcontext context = nullptr;
  REQUIRE(cuPointerGetAttribute(&context, CU_POINTER_ATTRIBUTE_CONTEXT, device) == CUDA_SUCCESS);
  CHECK(context == primary);
  CUdeviceptr start = 0;
  size_t size = 0;
  REQUIRE(cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, device + 999) == CUDA_SUCCESS);
  CHECK(start == device);
  REQUIRE(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, device + 999) == CUDA_SUCCESS);
  CHECK(size == 1000);
  void *host = nullptr;
  CHECK(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, device) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, managed) == CUDA_SUCCESS);
  CHECK(host == reinterpret_cast<void *>(managed));
  int isManaged = 0;
  REQUIRE(cuPointerGetAttribute(&isManaged, CU_POINTER_ATTRIBUTE_IS_MANAGED, managed) == CUDA_SUCCESS);
  CHECK(isManaged == 1);
  REQUIRE(cuPointerGetAttribute(&isManaged, CU_POINTER_ATTRIBUTE_IS_MANAGED, device) == CUDA_SUCCESS);
  CHECK(isManaged == 0);
  auto pinnedAddress = CUdeviceptr(reinterpret_cast<uintptr_t>(pinned));
  REQUIRE(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, pinnedAddress) == CUDA_SUCCESS);
  CHECK(type == CU_MEMORYTYPE_HOST);
  CUdeviceptr devicePointer = 0;
  REQUIRE(cuPointerGetAttribute(&devicePointer, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, pinnedAddress) == CUDA_SUCCESS);
  CUdeviceptr mapped = 0;
  REQUIRE(cuMemHostGetDevicePointer(&mapped, pinned, 0) == CUDA_SUCCESS);
  CHECK(devicePointer == mapped);
  unsigned long long id1 = 0, id2 = 0;
  REQUIRE(cuPointerGetAttribute(&id1, CU_POINTER_ATTRIBUTE_BUFFER_ID, device) == CUDA_SUCCESS);
  REQUIRE(cuPointerGetAttribute(&id2, CU_POINTER_ATTRIBUTE_BUFFER_ID, managed) == CUDA_SUCCESS);
  CHECK(id1 != id2);
  int ordinal = -1;
  REQUIRE(cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, device) == CUDA_SUCCESS);
  CHECK(ordinal == 0);

  // Unknown addresses: an error for the singular form, null values for the plural one.
  int local = 0;
  auto localAddress = CUdeviceptr(reinterpret_cast<uintptr_t>(&local));
  CHECK(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, localAddress) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuPointerGetAttribute(nullptr, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, device) == CUDA_ERROR_INVALID_VALUE);
  CUpointer_attribute attributes[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_CONTEXT,
                                      CU_POINTER_ATTRIBUTE_HOST_POINTER, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  type = 99;
  context = primary;
  host = &local;
  ordinal = 5;
  void *data[] = {&type, &context, &host, &ordinal};
  REQUIRE(cuPointerGetAttributes(4, attributes, data, localAddress) == CUDA_SUCCESS);
  CHECK(type == 0);
  CHECK(context == nullptr);
  CHECK(host == nullptr);
  CHECK(ordinal == -2);
  REQUIRE(cuPointerGetAttributes(4, attributes, data, device) == CUDA_SUCCESS);
  CHECK(type == CU_MEMORYTYPE_DEVICE);
  CHECK(context == primary);
  CHECK(host == nullptr); // device memory: no host pointer, and no error in the plural form
  CHECK(cuPointerGetAttributes(0, attributes, data, device) == CUDA_ERROR_INVALID_VALUE);
  int on = 1;
  CHECK(cuPointerSetAttribute(&on, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, device) == CUDA_SUCCESS);
  CHECK(cuPointerSetAttribute(&on, CU_POINTER_ATTRIBUTE_IS_MANAGED, device) == CUDA_ERROR_INVALID_VALUE);

  CHECK(cuMemFree(device) == CUDA_SUCCESS);
  CHECK(cuMemFree(managed) == CUDA_SUCCESS);
  CHECK(cuMemFreeHost(pinned) == CUDA_SUCCESS);
}

TEST_CASE("breadth: 2D and 3D copies, 2D memsets", "[runtime-shim-breadth]") {
  primaryContext();
  CUdeviceptr pitched = 0;
  size_t pitch = 0;
  REQUIRE(cuMemAllocPitch(&pitched, &pitch, 40, 8, 4) == CUDA_SUCCESS); // 8 rows of 10 floats
  std::vector<float> host(10 * 8), back(10 * 8, -1.0f);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i);

  CUDA_MEMCPY2D up{};
  up.srcMemoryType = CU_MEMORYTYPE_HOST;
  up.srcHost = host.data();
  up.srcPitch = 40;
  up.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  up.dstDevice = pitched;
  up.dstPitch = pitch;
  up.WidthInBytes = 40;
  up.Height = 8;
  REQUIRE(cuMemcpy2D(&up) == CUDA_SUCCESS);
  CUDA_MEMCPY2D down{};
  down.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
  down.srcDevice = pitched;
  down.srcPitch = pitch;
  down.dstMemoryType = CU_MEMORYTYPE_HOST;
  down.dstHost = back.data();
  down.dstPitch = 40;
  down.WidthInBytes = 40;
  down.Height = 8;
  REQUIRE(cuMemcpy2DAsync(&down, nullptr) == CUDA_SUCCESS);
  CHECK(back == host);

  // A sub-rectangle: rows 2..4, columns 3..6.
  std::vector<float> part(4 * 3);
  CUDA_MEMCPY2D sub = down;
  sub.srcXInBytes = 12;
  sub.srcY = 2;
  sub.dstHost = part.data();
  sub.dstPitch = 16;
  sub.WidthInBytes = 16;
  sub.Height = 3;
  REQUIRE(cuMemcpy2DUnaligned(&sub) == CUDA_SUCCESS);
  CHECK(part[0] == 23.0f);
  CHECK(part[11] == 46.0f);

  // Misuse: a pitch narrower than the row, a rectangle past the allocation, an array side
  // without an array.
  CUDA_MEMCPY2D bad = up;
  bad.dstPitch = 20;
  CHECK(cuMemcpy2D(&bad) == CUDA_ERROR_INVALID_VALUE);
  bad = up;
  bad.Height = 11;
  bad.srcHost = std::vector<float>(110).data();
  CHECK(cuMemcpy2D(&bad) == CUDA_ERROR_INVALID_VALUE); // 11 rows of 256 bytes exceed 8
  bad = up;
  bad.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  CHECK(cuMemcpy2D(&bad) == CUDA_ERROR_INVALID_HANDLE);
  bad = up;
  bad.dstMemoryType = CUmemorytype(9);
  CHECK(cuMemcpy2D(&bad) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuMemcpy2D(nullptr) == CUDA_ERROR_INVALID_VALUE);
  bad = up;
  bad.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  bad.dstDevice = CUdeviceptr(reinterpret_cast<uintptr_t>(back.data())); // pageable: not device memory
  CHECK(cuMemcpy2D(&bad) == CUDA_ERROR_INVALID_VALUE);

  // 3D: two slices of 2 rows of 40 bytes, from a tight host box into the pitched allocation.
  std::vector<float> box(10 * 2 * 2);
  for (size_t i = 0; i < box.size(); ++i)
    box[i] = 100.0f + float(i);
  CUDA_MEMCPY3D up3{};
  up3.srcMemoryType = CU_MEMORYTYPE_HOST;
  up3.srcHost = box.data();
  up3.srcPitch = 40;
  up3.srcHeight = 2;
  up3.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  up3.dstDevice = pitched;
  up3.dstPitch = pitch;
  up3.dstHeight = 4; // slices of 4 rows
  up3.WidthInBytes = 40;
  up3.Height = 2;
  up3.Depth = 2;
  REQUIRE(cuMemcpy3D(&up3) == CUDA_SUCCESS);
  REQUIRE(cuMemcpy2D(&down) == CUDA_SUCCESS);
  CHECK(back[0] == 100.0f);  // slice 0, row 0
  CHECK(back[10] == 110.0f); // slice 0, row 1
  CHECK(back[20] == 20.0f);  // row 2 untouched
  CHECK(back[40] == 120.0f); // slice 1, row 0 = row 4
  CHECK(back[59] == 139.0f);
  CUDA_MEMCPY3D bad3 = up3;
  bad3.dstLOD = 1;
  CHECK(cuMemcpy3D(&bad3) == CUDA_ERROR_INVALID_VALUE);
  bad3 = up3;
  bad3.Depth = 3; // slice 2 starts at row 8: past the allocation
  CHECK(cuMemcpy3DAsync(&bad3, nullptr) == CUDA_ERROR_INVALID_VALUE);
  bad3 = up3;
  bad3.dstHeight = 1; // slices overlap
  CHECK(cuMemcpy3D(&bad3) == CUDA_ERROR_INVALID_VALUE);
  CUcontext primary = primaryContext();
  CUDA_MEMCPY3D_PEER peer{};
  peer.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  peer.srcDevice = pitched;
  peer.srcContext = primary;
  peer.srcPitch = pitch;
  peer.dstMemoryType = CU_MEMORYTYPE_HOST;
  peer.dstHost = back.data();
  peer.dstContext = primary;
  peer.dstPitch = 40;
  peer.WidthInBytes = 40;
  peer.Height = 8;
  peer.Depth = 1;
  REQUIRE(cuMemcpy3DPeer(&peer) == CUDA_SUCCESS);
  CHECK(back[40] == 120.0f);

  // 2D memsets: 8 rows of 10 words, the padding untouched.
  REQUIRE(cuMemsetD8(pitched, 0xee, pitch * 8) == CUDA_SUCCESS);
  REQUIRE(cuMemsetD2D32(pitched, pitch, 0x01020304u, 10, 8) == CUDA_SUCCESS);
  std::vector<uint8_t> raw(pitch * 8);
  REQUIRE(cuMemcpyDtoH(raw.data(), pitched, raw.size()) == CUDA_SUCCESS);
  CHECK(raw[0] == 0x04);
  CHECK(raw[39] == 0x01);
  CHECK(raw[40] == 0xee);
  CHECK(raw[pitch * 7 + 36] == 0x04);
  CHECK(raw[pitch * 7 + 40] == 0xee);
  REQUIRE(cuMemsetD2D16Async(pitched, pitch, 0xabcd, 20, 8, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuMemsetD2D8(pitched + 40, pitch, 7, 4, 8) == CUDA_SUCCESS);
  CHECK(cuMemsetD2D32(pitched + 2, pitch, 0, 10, 8) == CUDA_ERROR_INVALID_VALUE); // misaligned
  CHECK(cuMemsetD2D32(pitched, pitch, 0, 10, 9) == CUDA_ERROR_INVALID_VALUE);     // past the end
  CHECK(cuMemsetD2D8(pitched, 8, 0, 10, 2) == CUDA_ERROR_INVALID_VALUE);          // rows overlap
  CHECK(cuMemFree(pitched) == CUDA_SUCCESS);
}

namespace {

std::vector<int> order;

void CUDA_CB hostFunction(void *user) { order.push_back(*static_cast<int *>(user)); }

void CUDA_CB streamCallback(CUstream, CUresult status, void *user) {
  order.push_back(status == CUDA_SUCCESS ? *static_cast<int *>(user) : -1);
}

} // namespace

TEST_CASE("breadth: streams, events and host functions", "[runtime-shim-breadth]") {
  CUcontext primary = primaryContext();
  CUstream stream = nullptr;
  REQUIRE(cuStreamCreateWithPriority(&stream, CU_STREAM_NON_BLOCKING, -3) == CUDA_SUCCESS);
  CHECK(cuStreamCreateWithPriority(&stream, 0x10, 0) == CUDA_ERROR_INVALID_VALUE);
  int priority = 7;
  REQUIRE(cuStreamGetPriority(stream, &priority) == CUDA_SUCCESS);
  CHECK(priority == 0); // clamped to the range [0, 0]
  unsigned flags = 0;
  REQUIRE(cuStreamGetFlags(stream, &flags) == CUDA_SUCCESS);
  CHECK(flags == CU_STREAM_NON_BLOCKING);
  REQUIRE(cuStreamGetFlags(nullptr, &flags) == CUDA_SUCCESS);
  CHECK(flags == 0);
  CUcontext context = nullptr;
  REQUIRE(cuStreamGetCtx(stream, &context) == CUDA_SUCCESS);
  CHECK(context == primary);
  REQUIRE(cuStreamGetCtx(CU_STREAM_LEGACY, &context) == CUDA_SUCCESS);
  CHECK(context == primary);
  unsigned long long id = 0;
  REQUIRE(cuStreamGetId(stream, &id) == CUDA_SUCCESS);
  CHECK(id != 0);
  CHECK(cuStreamQuery(stream) == CUDA_SUCCESS);
  CHECK(cuStreamQuery(CU_STREAM_PER_THREAD) == CUDA_SUCCESS);
  int bogus = 0;
  CUstream fake = reinterpret_cast<CUstream>(&bogus);
  CHECK(cuStreamQuery(fake) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuStreamGetPriority(fake, &priority) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuStreamGetFlags(stream, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_ACTIVE;
  REQUIRE(cuStreamIsCapturing(stream, &capture) == CUDA_SUCCESS);
  CHECK(capture == CU_STREAM_CAPTURE_STATUS_NONE);

  CUevent event = nullptr;
  REQUIRE(cuEventCreate(&event, 0) == CUDA_SUCCESS);
  CHECK(cuEventQuery(event) == CUDA_SUCCESS); // never recorded: complete
  CHECK(cuEventRecordWithFlags(event, stream, 5) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuEventRecordWithFlags(event, stream, CU_EVENT_RECORD_DEFAULT) == CUDA_SUCCESS);
  REQUIRE(cuEventSynchronize(event) == CUDA_SUCCESS);
  CHECK(cuEventQuery(event) == CUDA_SUCCESS);
  CHECK(cuStreamWaitEvent(nullptr, event, 0) == CUDA_SUCCESS);
  CHECK(cuStreamWaitEvent(stream, event, 7) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuStreamWaitEvent(stream, reinterpret_cast<CUevent>(&bogus), 0) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuEventQuery(reinterpret_cast<CUevent>(&bogus)) == CUDA_ERROR_INVALID_HANDLE);

  // Host functions and callbacks run in stream order (the stream does not block: the legacy
  // stream's function comes after them once they are done).
  order.clear();
  int one = 1, two = 2, three = 3;
  REQUIRE(cuLaunchHostFunc(stream, hostFunction, &one) == CUDA_SUCCESS);
  REQUIRE(cuStreamAddCallback(stream, streamCallback, &two, 0) == CUDA_SUCCESS);
  REQUIRE(cuStreamSynchronize(stream) == CUDA_SUCCESS);
  REQUIRE(cuLaunchHostFunc(nullptr, hostFunction, &three) == CUDA_SUCCESS);
  REQUIRE(cuStreamSynchronize(nullptr) == CUDA_SUCCESS);
  CHECK(order == std::vector<int>{1, 2, 3});
  CHECK(cuLaunchHostFunc(stream, nullptr, &one) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuStreamAddCallback(stream, streamCallback, &two, 1) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLaunchHostFunc(fake, hostFunction, &one) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL) == CUDA_ERROR_NOT_SUPPORTED);

  CHECK(cuEventDestroy(event) == CUDA_SUCCESS);
  CHECK(cuStreamDestroy(stream) == CUDA_SUCCESS);
  CHECK(cuStreamGetFlags(stream, &flags) == CUDA_ERROR_INVALID_HANDLE);
}

TEST_CASE("breadth: occupancy from the reflection and the device", "[runtime-shim-breadth]") {
  primaryContext();
  Kernels k = loadKernels();
  int multiprocessors = 0, threadsPerMp = 0, blocksPerMp = 0;
  REQUIRE(cuDeviceGetAttribute(&multiprocessors, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0) == CUDA_SUCCESS);
  REQUIRE(cuDeviceGetAttribute(&threadsPerMp, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 0) == CUDA_SUCCESS);
  REQUIRE(cuDeviceGetAttribute(&blocksPerMp, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, 0) == CUDA_SUCCESS);
  CHECK(blocksPerMp == 1); // a host worker runs one threadgroup at a time
  int blocks = -1;
  REQUIRE(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k.tiled, 256, 0) == CUDA_SUCCESS);
  CHECK(blocks == 1);
  REQUIRE(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k.tiled, 2048, 0) == CUDA_SUCCESS);
  CHECK(blocks == 0); // more threads than a block may have
  REQUIRE(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, k.tiled, 64, 60 * 1024,
                                                                CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE) == CUDA_SUCCESS);
  CHECK(blocks == 0); // 4 KiB static + 60 KiB dynamic: above the kernel's dynamic limit
  CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, k.tiled, 64, 0, 4) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k.tiled, 0, 0) == CUDA_ERROR_INVALID_VALUE);
  int bogus = 0;
  CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reinterpret_cast<CUfunction>(&bogus), 64, 0) ==
        CUDA_ERROR_INVALID_HANDLE);
  int minGrid = 0, blockSize = 0;
  REQUIRE(cuOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, k.tiled, nullptr, 0, 0) == CUDA_SUCCESS);
  CHECK(blockSize == threadsPerMp); // one block per multiprocessor: the largest block wins
  CHECK(minGrid == multiprocessors);
  REQUIRE(cuOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, k.tiled, nullptr, 0, 100) == CUDA_SUCCESS);
  CHECK(blockSize == 100);
  REQUIRE(cuOccupancyMaxPotentialBlockSizeWithFlags(
              &minGrid, &blockSize, k.tiled, [](int size) -> size_t { return size > 512 ? 1 << 20 : 0; }, 0, 0,
              CU_OCCUPANCY_DEFAULT) == CUDA_SUCCESS);
  CHECK(blockSize == 512); // larger blocks would ask for 1 MiB of shared memory
  // A cooperative grid must be resident at once: at most one block per multiprocessor here.
  int cooperative = 0;
  REQUIRE(cuDeviceGetAttribute(&cooperative, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, 0) == CUDA_SUCCESS);
  CHECK(cooperative == 1);
  CUdeviceptr out = 0;
  REQUIRE(cuMemAlloc(&out, sizeof(uint32_t) * 64 * (size_t(multiprocessors) + 1)) == CUDA_SUCCESS);
  unsigned n = 64u * unsigned(multiprocessors);
  void *params[] = {&out, &n};
  CHECK(cuLaunchCooperativeKernel(k.addOne, unsigned(multiprocessors), 1, 1, 64, 1, 1, 0, nullptr, params) ==
        CUDA_SUCCESS);
  CHECK(cuLaunchCooperativeKernel(k.addOne, unsigned(multiprocessors) + 1, 1, 1, 64, 1, 1, 0, nullptr, params) ==
        CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
  CHECK(cuMemFree(out) == CUDA_SUCCESS);
  size_t available = 0;
  REQUIRE(cuOccupancyAvailableDynamicSMemPerBlock(&available, k.tiled, 1, 256) == CUDA_SUCCESS);
  CHECK(available == 48 * 1024); // the kernel's default dynamic limit
  REQUIRE(cuOccupancyAvailableDynamicSMemPerBlock(&available, k.tiled, 2, 256) == CUDA_SUCCESS);
  CHECK(available == 0); // two blocks never reside together here
  CHECK(cuModuleUnload(k.module) == CUDA_SUCCESS);
}

TEST_CASE("breadth: function and module queries", "[runtime-shim-breadth]") {
  primaryContext();
  Kernels k = loadKernels();
  const char *name = nullptr;
  REQUIRE(cuFuncGetName(&name, k.addOne) == CUDA_SUCCESS);
  CHECK(std::string(name) == "add_one");
  size_t offset = 0, size = 0;
  REQUIRE(cuFuncGetParamInfo(k.addOne, 1, &offset, &size) == CUDA_SUCCESS);
  CHECK(offset == 8);
  CHECK(size == 4);
  CHECK(cuFuncGetParamInfo(k.addOne, 2, &offset, &size) == CUDA_ERROR_INVALID_VALUE);
  CUmodule module = nullptr;
  REQUIRE(cuFuncGetModule(&module, k.tiled) == CUDA_SUCCESS);
  CHECK(module == k.module);
  CUfunctionLoadingState state = CU_FUNCTION_LOADING_STATE_UNLOADED;
  REQUIRE(cuFuncIsLoaded(&state, k.tiled) == CUDA_SUCCESS);
  CHECK(state == CU_FUNCTION_LOADING_STATE_LOADED);
  CHECK(cuFuncLoad(k.tiled) == CUDA_SUCCESS);
  unsigned count = 0;
  REQUIRE(cuModuleGetFunctionCount(&count, k.module) == CUDA_SUCCESS);
  CHECK(count == 3);
  CUfunction all[3] = {};
  REQUIRE(cuModuleEnumerateFunctions(all, 3, k.module) == CUDA_SUCCESS);
  CHECK(((all[0] == k.addOne || all[1] == k.addOne || all[2] == k.addOne)));
  CHECK(cuModuleEnumerateFunctions(all, 4, k.module) == CUDA_ERROR_INVALID_VALUE);
  CUmoduleLoadingMode mode = CU_MODULE_LAZY_LOADING;
  REQUIRE(cuModuleGetLoadingMode(&mode) == CUDA_SUCCESS);
  CHECK(mode == CU_MODULE_EAGER_LOADING);

  int value = -5;
  REQUIRE(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, k.tiled) == CUDA_SUCCESS);
  CHECK(value == 4096);
  for (int attribute = 0; attribute < int(CU_FUNC_ATTRIBUTE_MAX); ++attribute) {
    INFO(attribute);
    CHECK(cuFuncGetAttribute(&value, CUfunction_attribute(attribute), k.tiled) == CUDA_SUCCESS);
  }
  CHECK(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX, k.tiled) == CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuFuncSetAttribute(k.tiled, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 50) == CUDA_SUCCESS);
  REQUIRE(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, k.tiled) == CUDA_SUCCESS);
  CHECK(value == 50);
  CHECK(cuFuncSetAttribute(k.tiled, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 101) ==
        CUDA_ERROR_INVALID_VALUE);
  CHECK(cuFuncSetCacheConfig(k.tiled, CU_FUNC_CACHE_PREFER_L1) == CUDA_SUCCESS);
  CHECK(cuFuncSetSharedMemConfig(k.tiled, CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE) == CUDA_SUCCESS);
  CHECK(cuModuleUnload(k.module) == CUDA_SUCCESS);
  CHECK(cuFuncGetName(&name, k.addOne) == CUDA_ERROR_INVALID_HANDLE);
}

TEST_CASE("breadth: libraries and kernels", "[runtime-shim-breadth]") {
  CUcontext primary = primaryContext();
  CUlibrary library = nullptr;
  CHECK(cuLibraryLoadData(&library, "not code", nullptr, nullptr, 0, nullptr, nullptr, 0) ==
        CUDA_ERROR_INVALID_IMAGE);
  CHECK(cuLibraryLoadData(&library, breadthPtx().c_str(), nullptr, nullptr, 2, nullptr, nullptr, 0) ==
        CUDA_ERROR_INVALID_VALUE);
  REQUIRE(cuLibraryLoadData(&library, breadthPtx().c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0) ==
          CUDA_SUCCESS);
  unsigned count = 0;
  REQUIRE(cuLibraryGetKernelCount(&count, library) == CUDA_SUCCESS);
  CHECK(count == 3);
  CUkernel kernels[3] = {};
  REQUIRE(cuLibraryEnumerateKernels(kernels, 3, library) == CUDA_SUCCESS);
  CUkernel addOneKernel = nullptr;
  REQUIRE(cuLibraryGetKernel(&addOneKernel, library, "add_one") == CUDA_SUCCESS);
  CHECK(((kernels[0] == addOneKernel || kernels[1] == addOneKernel || kernels[2] == addOneKernel)));
  CHECK(cuLibraryGetKernel(&addOneKernel, library, "absent") == CUDA_ERROR_NOT_FOUND);
  REQUIRE(cuLibraryGetKernel(&addOneKernel, library, "add_one") == CUDA_SUCCESS);
  const char *name = nullptr;
  REQUIRE(cuKernelGetName(&name, addOneKernel) == CUDA_SUCCESS);
  CHECK(std::string(name) == "add_one");
  CUlibrary owner = nullptr;
  REQUIRE(cuKernelGetLibrary(&owner, addOneKernel) == CUDA_SUCCESS);
  CHECK(owner == library);
  size_t offset = 0, size = 0;
  REQUIRE(cuKernelGetParamInfo(addOneKernel, 0, &offset, &size) == CUDA_SUCCESS);
  CHECK(size == 8);

  // Attributes: set on the kernel, seen through its function in a context.
  CUkernel tiledKernel = nullptr;
  REQUIRE(cuLibraryGetKernel(&tiledKernel, library, "tiled") == CUDA_SUCCESS);
  int value = 0;
  REQUIRE(cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, tiledKernel, 0) == CUDA_SUCCESS);
  CHECK(value == 4096);
  CHECK(cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, tiledKernel, 1) == CUDA_ERROR_INVALID_DEVICE);
  REQUIRE(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1000, tiledKernel, 0) == CUDA_SUCCESS);
  CHECK(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1 << 30, tiledKernel, 0) ==
        CUDA_ERROR_INVALID_VALUE);
  CUfunction tiled = nullptr;
  REQUIRE(cuKernelGetFunction(&tiled, tiledKernel) == CUDA_SUCCESS);
  REQUIRE(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, tiled) == CUDA_SUCCESS);
  CHECK(value == 1000);

  // Per context: each context gets its own module, its globals with their initializers.
  CUdeviceptr counter = 0;
  size_t bytes = 0;
  REQUIRE(cuLibraryGetGlobal(&counter, &bytes, library, "counter") == CUDA_SUCCESS);
  CHECK(bytes == 4);
  uint32_t initial = 0;
  REQUIRE(cuMemcpyDtoH(&initial, counter, 4) == CUDA_SUCCESS);
  CHECK(initial == 5);
  CHECK(cuLibraryGetGlobal(&counter, &bytes, library, "absent") == CUDA_ERROR_NOT_FOUND);
  CUdeviceptr managed = 0;
  REQUIRE(cuLibraryGetManaged(&managed, nullptr, library, "counter") == CUDA_SUCCESS);
  CHECK(managed == counter);
  CUfunction addOne = nullptr;
  REQUIRE(cuKernelGetFunction(&addOne, addOneKernel) == CUDA_SUCCESS);
  REQUIRE(::addOne(addOne, counter, 1) == CUDA_SUCCESS);
  // A CUkernel launches as a CUfunction in the current context.
  REQUIRE(::addOne(reinterpret_cast<CUfunction>(addOneKernel), counter, 1) == CUDA_SUCCESS);
  REQUIRE(cuMemcpyDtoH(&initial, counter, 4) == CUDA_SUCCESS);
  CHECK(initial == 7);
  CUmodule module = nullptr;
  REQUIRE(cuLibraryGetModule(&module, library) == CUDA_SUCCESS);
  CUfunction viaModule = nullptr;
  REQUIRE(cuModuleGetFunction(&viaModule, module, "add_one") == CUDA_SUCCESS);
  CHECK(viaModule == addOne);
  CHECK(cuModuleUnload(module) == CUDA_ERROR_INVALID_HANDLE); // the library's

  CUcontext other = nullptr;
  REQUIRE(cuCtxCreate(&other, nullptr, 0, 0) == CUDA_SUCCESS);
  CUfunction otherAddOne = nullptr;
  REQUIRE(cuKernelGetFunction(&otherAddOne, addOneKernel) == CUDA_SUCCESS);
  CHECK(otherAddOne != addOne);
  CUdeviceptr otherCounter = 0;
  REQUIRE(cuLibraryGetGlobal(&otherCounter, nullptr, library, "counter") == CUDA_SUCCESS);
  CHECK(otherCounter != counter);
  REQUIRE(cuMemcpyDtoH(&initial, otherCounter, 4) == CUDA_SUCCESS);
  CHECK(initial == 5);
  REQUIRE(cuCtxDestroy(other) == CUDA_SUCCESS); // takes its module of the library along
  REQUIRE(cuCtxSetCurrent(primary) == CUDA_SUCCESS);

  CHECK(cuLibraryUnload(library) == CUDA_SUCCESS);
  CHECK(cuLibraryUnload(library) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuKernelGetFunction(&addOne, addOneKernel) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuFuncGetName(&name, addOne) == CUDA_ERROR_INVALID_HANDLE);
  std::string path = std::string(P2M_SOURCE_ROOT) + "/tests/unit/runtime-core/breadth.ptx";
  REQUIRE(cuLibraryLoadFromFile(&library, path.c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0) == CUDA_SUCCESS);
  CHECK(cuLibraryUnload(library) == CUDA_SUCCESS);
  CHECK(cuLibraryLoadFromFile(&library, "/nonexistent.ptx", nullptr, nullptr, 0, nullptr, nullptr, 0) ==
        CUDA_ERROR_FILE_NOT_FOUND);
}

namespace {

// Runs `f` with stdout going to a file; returns what was written.
template <typename F> std::string captureStdout(F &&f) {
  std::fflush(stdout);
  char path[] = "/tmp/p2m-breadth-stdout-XXXXXX";
  int file = mkstemp(path);
  REQUIRE(file >= 0);
  int saved = dup(1);
  dup2(file, 1);
  f();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  close(file);
  std::string text = readText(path);
  std::remove(path);
  return text;
}

size_t lines(const std::string &text) { return size_t(std::count(text.begin(), text.end(), '\n')); }

} // namespace

TEST_CASE("breadth: CU_LIMIT_PRINTF_FIFO_SIZE sizes the printf buffer", "[runtime-shim-breadth]") {
  CUcontext primary = primaryContext();
  unsigned n = 7;
  void *params[] = {&n};
  auto launch512 = [&](CUfunction hello) {
    return captureStdout(
        [&] {
          CHECK(cuLaunchKernel(hello, 1, 1, 1, 512, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
          CHECK(cuCtxSynchronize() == CUDA_SUCCESS); // the kernel has run and printed
        });
  };
  {
    Kernels k = loadKernels();
    std::string all = launch512(k.hello);
    CHECK(lines(all) == 512);
    CHECK(all.find("hello 7.") == 0);
    // Fixed once a kernel that prints has run in the context, as in CUDA.
    CHECK(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 4096) == CUDA_ERROR_INVALID_VALUE);
    CHECK(cuModuleUnload(k.module) == CUDA_SUCCESS);
  }
  CUcontext small = nullptr;
  REQUIRE(cuCtxCreate(&small, nullptr, 0, 0) == CUDA_SUCCESS);
  REQUIRE(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 4096) == CUDA_SUCCESS);
  size_t fifo = 0;
  REQUIRE(cuCtxGetLimit(&fifo, CU_LIMIT_PRINTF_FIFO_SIZE) == CUDA_SUCCESS);
  CHECK(fifo == 4096);
  Kernels k = loadKernels();
  std::string some = launch512(k.hello);
  CHECK(lines(some) > 0);
  CHECK(lines(some) < 512); // the rest did not fit: the buffer is 4 KiB
  REQUIRE(cuCtxDestroy(small) == CUDA_SUCCESS);
  REQUIRE(cuCtxSetCurrent(primary) == CUDA_SUCCESS);
}

TEST_CASE("breadth: cuGetProcAddress by name, version and stream form", "[runtime-shim-breadth]") {
  void *fn = nullptr;
  CUdriverProcAddressQueryResult status{};
  REQUIRE(cuGetProcAddress("cuMemAlloc", &fn, 3020, CU_GET_PROC_ADDRESS_DEFAULT, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuMemAlloc_v2));
  // Before 3.2 cuMemAlloc was the 32-bit function, which is not exported.
  CHECK(cuGetProcAddress("cuMemAlloc", &fn, 2000, 0, &status) == CUDA_ERROR_NOT_FOUND);
  CHECK(status == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  CHECK(cuGetProcAddress("cuMemAlloc", &fn, 1000, 0, &status) == CUDA_ERROR_NOT_FOUND);
  CHECK(status == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  CHECK(cuGetProcAddress("cuLibraryLoadData", &fn, 11080, 0, &status) == CUDA_ERROR_NOT_FOUND);
  CHECK(status == CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  REQUIRE(cuGetProcAddress("cuLibraryLoadData", &fn, 12000, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuLibraryLoadData));
  REQUIRE(cuGetProcAddress("cuCtxCreate", &fn, 11040, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuCtxCreate_v3));
  REQUIRE(cuGetProcAddress("cuCtxCreate", &fn, CUDA_VERSION, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuCtxCreate_v4));
  REQUIRE(cuGetProcAddress("cuDeviceGetUuid", &fn, 11040, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuDeviceGetUuid_v2));
  REQUIRE(cuGetProcAddress("cuGetProcAddress", &fn, 12000, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuGetProcAddress_v2));
  // Per-thread forms: the _ptds/_ptsz export, else the legacy function.
  REQUIRE(cuGetProcAddress("cuMemcpyHtoD", &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                           &status) == CUDA_SUCCESS);
  CHECK(fn != nullptr);
  CHECK(fn != reinterpret_cast<void *>(&cuMemcpyHtoD_v2)); // cuMemcpyHtoD_v2_ptds
  REQUIRE(cuGetProcAddress("cuStreamGetCtx", &fn, 9020, CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, &status) ==
          CUDA_SUCCESS);
  CHECK(fn != nullptr);
  CHECK(fn != reinterpret_cast<void *>(&cuStreamGetCtx)); // cuStreamGetCtx_ptsz, an older per-thread version
  REQUIRE(cuGetProcAddress("cuLaunchKernel", &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_LEGACY_STREAM, &status) ==
          CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuLaunchKernel));
  CHECK(cuGetProcAddress("cuMemAlloc", &fn, CUDA_VERSION, 8, &status) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuGetProcAddress("cuGraphCreate", &fn, CUDA_VERSION, 0, &status) == CUDA_ERROR_NOT_FOUND);
  CHECK(status == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND); // known to CUDA, not implemented here
  CHECK(fn == nullptr);
  CHECK(cuGetProcAddress(nullptr, &fn, CUDA_VERSION, 0, &status) == CUDA_ERROR_INVALID_VALUE);
}

TEST_CASE("breadth: export tables are not served", "[runtime-shim-breadth]") {
  const void *table = reinterpret_cast<const void *>(1);
  CUuuid id{};
  CHECK(cuGetExportTable(&table, &id) == CUDA_ERROR_NOT_FOUND);
  CHECK(table == nullptr);
  CHECK(cuGetExportTable(&table, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuGetExportTable(nullptr, &id) == CUDA_ERROR_INVALID_VALUE);
}

TEST_CASE("breadth: profiler calls succeed without a profiler", "[runtime-shim-breadth]") {
  primaryContext();
  CHECK(cuProfilerStart() == CUDA_SUCCESS);
  CHECK(cuProfilerStop() == CUDA_SUCCESS);
}

TEST_CASE("breadth: memory the device already reaches cannot be registered", "[runtime-shim-breadth]") {
  primaryContext();
  void *pinned = nullptr;
  REQUIRE(cuMemAllocHost(&pinned, 4096) == CUDA_SUCCESS);
  CHECK(cuMemHostRegister(pinned, 4096, 0) == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  CUdeviceptr device = 0;
  REQUIRE(cuMemAlloc(&device, 4096) == CUDA_SUCCESS);
  // On the host backend device memory is host memory at the same address.
  CHECK(cuMemHostRegister(reinterpret_cast<void *>(device + 16), 64, 0) == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  CHECK(cuMemFree(device) == CUDA_SUCCESS);
  CHECK(cuMemFreeHost(pinned) == CUDA_SUCCESS);
}

TEST_CASE("breadth: 8 host threads, each with its own context", "[runtime-shim-breadth]") {
  std::vector<std::thread> threads;
  std::vector<int> failures(8, 0);
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([t, &failures] {
      auto fail = [&] { ++failures[size_t(t)]; };
      CUcontext context = nullptr;
      if (cuCtxCreate(&context, nullptr, 0, 0) != CUDA_SUCCESS)
        return fail();
      CUmodule module = nullptr;
      CUfunction f = nullptr;
      CUdeviceptr p = 0;
      std::vector<uint32_t> host(1000, uint32_t(t)), back(1000);
      if (cuModuleLoadData(&module, breadthPtx().c_str()) != CUDA_SUCCESS ||
          cuModuleGetFunction(&f, module, "add_one") != CUDA_SUCCESS || cuMemAlloc(&p, 4000) != CUDA_SUCCESS ||
          cuMemcpyHtoD(p, host.data(), 4000) != CUDA_SUCCESS)
        return fail();
      for (int i = 0; i < 10; ++i)
        if (addOne(f, p, 1000) != CUDA_SUCCESS)
          fail();
      CUcontext current = nullptr;
      if (cuMemcpyDtoH(back.data(), p, 4000) != CUDA_SUCCESS || cuCtxGetCurrent(&current) != CUDA_SUCCESS ||
          current != context)
        fail();
      for (uint32_t v : back)
        if (v != uint32_t(t) + 10)
          return fail();
      if (cuCtxDestroy(context) != CUDA_SUCCESS)
        fail();
    });
  for (std::thread &t : threads)
    t.join();
  CHECK(failures == std::vector<int>(8, 0));
}

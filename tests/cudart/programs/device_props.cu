// Device queries: one device, its properties consistent with its attributes, versions,
// flags, PCI id, and the errors for a device that does not exist.
#include "check.h"
#include <cstring>
#include <cuda_profiler_api.h>

int main() {
  int count = 0;
  CUDA_OK(cudaGetDeviceCount(&count));
  CHECK(count == 1);
  CUDA_OK(cudaSetDevice(0));
  int device = -1;
  CUDA_OK(cudaGetDevice(&device));
  CHECK(device == 0);
  CUDA_FAILS(cudaSetDevice(1), cudaErrorInvalidDevice);
  cudaGetLastError();
  cudaDeviceProp p;
  CUDA_OK(cudaGetDeviceProperties(&p, 0));
  CHECK(std::strlen(p.name) > 0);
  CHECK(p.warpSize == 32);
  CHECK(p.totalGlobalMem > 0 && p.sharedMemPerBlock >= 16384 && p.maxThreadsPerBlock >= 256);
  CHECK(p.multiProcessorCount >= 1 && p.major >= 1);
  int value = 0;
  CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrMaxThreadsPerBlock, 0));
  CHECK(value == p.maxThreadsPerBlock);
  CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, 0));
  CHECK(value == p.multiProcessorCount);
  CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrComputeCapabilityMajor, 0));
  CHECK(value == p.major);
  CUDA_OK(cudaDeviceGetAttribute(&value, cudaDevAttrUnifiedAddressing, 0));
  CHECK(value == 1 && p.unifiedAddressing == 1);
  // Every attribute is answered (those of features not supported with 0).
  for (int a = 1; a < cudaDevAttrMax; ++a)
    CUDA_OK(cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(a), 0));
  CUDA_FAILS(cudaGetDeviceProperties(&p, 3), cudaErrorInvalidDevice);
  cudaGetLastError();
  int driver = 0, runtime = 0;
  CUDA_OK(cudaDriverGetVersion(&driver));
  CUDA_OK(cudaRuntimeGetVersion(&runtime));
  CHECK(runtime == 13000 && driver >= 13000);
  char bus[32] = {};
  CUDA_OK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
  int same = -1;
  CUDA_OK(cudaDeviceGetByPCIBusId(&same, bus));
  CHECK(same == 0);
  CUDA_OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  unsigned flags = 0;
  CUDA_OK(cudaGetDeviceFlags(&flags));
  CHECK((flags & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync);
  int chosen = -1;
  CUDA_OK(cudaChooseDevice(&chosen, &p));
  CHECK(chosen == 0);
  int peer = 1;
  CUDA_OK(cudaDeviceCanAccessPeer(&peer, 0, 0));
  CHECK(peer == 0);
  size_t free = 0, total = 0;
  CUDA_OK(cudaMemGetInfo(&free, &total));
  CHECK(free <= total && total > 0);
  int least = 0, greatest = 0;
  CUDA_OK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  CHECK(greatest <= least);
  CUDA_OK(cudaProfilerStart());
  CUDA_OK(cudaProfilerStop());
  return pass();
}

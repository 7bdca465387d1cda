// The occupancy model (runtime/core/Occupancy.h) on a GPU-like device, where several limits
// bind in turn: resident threadgroups, threads (in whole SIMD-groups) and threadgroup memory.
#include "runtime/core/Occupancy.h"

#include <catch2/catch.hpp>

using namespace p2m::runtime;

namespace {

DeviceProperties gpuLike() {
  DeviceProperties d;
  d.maxThreadsPerThreadgroup = 1024;
  d.maxThreadgroupMemory = 48 * 1024;
  d.maxThreadgroupsPerMultiprocessor = 16;
  d.maxThreadsPerMultiprocessor = 2048;
  d.threadgroupMemoryPerMultiprocessor = 96 * 1024;
  d.multiprocessors = 10;
  return d;
}

} // namespace

TEST_CASE("occupancy: each limit binds in turn", "[runtime-core][occupancy]") {
  DeviceProperties d = gpuLike();
  KernelInfo k;
  k.name = "k";
  // Threads: 2048 / 256 = 8 blocks; 2048 / 1024 = 2.
  CHECK(residentBlocks(d, k, 48 * 1024, 256, 0) == 8);
  CHECK(residentBlocks(d, k, 48 * 1024, 1024, 0) == 2);
  // A block occupies whole SIMD-groups: 33 threads take 64.
  CHECK(residentBlocks(d, k, 48 * 1024, 33, 0) == 16); // 2048 / 64 = 32, capped by 16 resident blocks
  CHECK(residentBlocks(d, k, 48 * 1024, 100, 0) == 16);
  CHECK(residentBlocks(d, k, 48 * 1024, 200, 0) == 9); // 224 threads allocated: 2048 / 224 = 9
}

TEST_CASE("occupancy: shared memory, static and dynamic", "[runtime-core][occupancy]") {
  DeviceProperties d = gpuLike();
  KernelInfo k;
  k.name = "k";
  k.staticSharedBytes = 16 * 1024;
  CHECK(residentBlocks(d, k, 32 * 1024, 64, 0) == 6);         // 96 KiB / 16 KiB
  CHECK(residentBlocks(d, k, 32 * 1024, 64, 16 * 1024) == 3); // 96 KiB / 32 KiB
  CHECK(residentBlocks(d, k, 32 * 1024, 64, 32 * 1024) == 2); // 48 KiB: exactly the per-block limit
  CHECK(residentBlocks(d, k, 40 * 1024, 64, 33 * 1024) == 0); // 49 KiB exceeds it
  CHECK(residentBlocks(d, k, 8 * 1024, 64, 16 * 1024) == 0);  // above the kernel's dynamic ceiling
  // Rounded to the kernel ABI's 16-byte granule: 16 KiB + 1 takes 16 KiB + 16.
  CHECK(residentBlocks(d, k, 32 * 1024, 64, 1) == 5);
  // The dynamic bytes that still let 3 blocks reside: 32 KiB each, 16 KiB of it static.
  CHECK(availableDynamicShared(d, k, 32 * 1024, 3, 64) == 16 * 1024);
  CHECK(availableDynamicShared(d, k, 32 * 1024, 6, 64) == 0);  // 16 KiB each: nothing beside the static
  CHECK(availableDynamicShared(d, k, 32 * 1024, 1, 64) == 32 * 1024); // per-block limit, then the ceiling
  CHECK(availableDynamicShared(d, k, 32 * 1024, 17, 64) == 0); // more blocks than can reside
}

TEST_CASE("occupancy: blocks that cannot run", "[runtime-core][occupancy]") {
  DeviceProperties d = gpuLike();
  KernelInfo k;
  k.name = "k";
  k.maxntid = {128};
  CHECK(residentBlocks(d, k, 0, 128, 0) == 16);
  CHECK(residentBlocks(d, k, 0, 129, 0) == 0); // above .maxntid
  CHECK(residentBlocks(d, k, 0, 0, 0) == 0);
  CHECK(residentBlocks(d, k, 0, -5, 0) == 0);
  CHECK(residentBlocks(d, k, 0, 64, 1) == 0); // no dynamic shared memory allowed
}

TEST_CASE("occupancy: the host backend's values hold one block per multiprocessor", "[runtime-core][occupancy]") {
  DeviceProperties host; // the defaults: what a host worker holds
  host.maxThreadgroupMemory = 64 * 1024;
  KernelInfo k;
  k.name = "k";
  CHECK(residentBlocks(host, k, 48 * 1024, 1024, 0) == 1);
  CHECK(residentBlocks(host, k, 48 * 1024, 32, 48 * 1024) == 1);
  CHECK(residentBlocks(host, k, 48 * 1024, 1025, 0) == 0);
}

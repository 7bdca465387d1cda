// The live device allocations, so that every device pointer and byte count the API receives
// can be checked before memory is touched: a copy or memset that runs past the end of an
// allocation is an error (CUDA_ERROR_INVALID_VALUE), never memory corruption.
#pragma once

#include <cstdint>
#include <map>

namespace p2m::runtime {

// What an allocation is, for cuPointerGetAttribute and for the frees that must refuse the
// other kinds (cuMemFree a host allocation, cuMemFreeHost device memory).
enum class MemoryKind : uint8_t {
  Device,     // cuMemAlloc, module segments
  Host,       // page-locked host memory (cuMemAllocHost, cuMemHostAlloc)
  Managed,    // cuMemAllocManaged
  Registered, // the program's own memory made reachable by kernels (cuMemHostRegister)
};

// One live allocation as the table describes it.
struct AllocationInfo {
  uint64_t base = 0;
  uint64_t bytes = 0;
  const void *owner = nullptr;
  MemoryKind kind = MemoryKind::Device;
  uint64_t id = 0; // unique for the process's lifetime (CU_POINTER_ATTRIBUTE_BUFFER_ID)
};

class AllocationTable {
public:
  // `owner` is whoever frees it: a context (cuMemAlloc), or a module (its segments, which
  // cuMemFree must refuse but copies may reach through cuModuleGetGlobal).
  void add(uint64_t base, uint64_t bytes, const void *owner, MemoryKind kind = MemoryKind::Device);
  // False when `base` is not the start of a live allocation.
  bool remove(uint64_t base);
  // The owner of the allocation starting at `base`, or null.
  const void *ownerOf(uint64_t base) const;
  // True when [address, address + bytes) lies inside one live allocation (bytes may be 0:
  // then `address` must still point into, or just past, one).
  bool contains(uint64_t address, uint64_t bytes) const;
  // The allocation holding `address`: its base and size, or false.
  bool find(uint64_t address, uint64_t *base, uint64_t *bytes) const;
  // True when any byte of [address, address + bytes) lies in a live allocation.
  bool overlaps(uint64_t address, uint64_t bytes) const;
  // The same with everything the table knows about it.
  bool describe(uint64_t address, AllocationInfo *info) const;
  uint64_t bytesInUse() const { return inUse_; }
  // The bases of the allocations made by `owner` (a context), for freeing them with it.
  template <typename F> void forEachOwnedBy(const void *owner, F &&f) const {
    for (const auto &[base, block] : blocks_)
      if (block.owner == owner)
        f(base);
  }

private:
  struct Block {
    uint64_t bytes;
    const void *owner;
    MemoryKind kind;
    uint64_t id;
  };
  std::map<uint64_t, Block> blocks_; // by base address
  uint64_t inUse_ = 0;
  uint64_t nextId_ = 1;
};

} // namespace p2m::runtime

// The slab allocator behind AST arenas. Large inputs build hundreds of megabytes of nodes;
// backing slabs with transparent huge pages (where the kernel offers them on request) cuts
// page faults by 512x, which on virtual machines is most of the parse time.
#pragma once

#include <llvm/Support/Allocator.h>

#include <cstddef>

namespace p2m {

class HugePageSlabAllocator {
public:
  void *Allocate(size_t size, size_t alignment);
  void Deallocate(const void *ptr, size_t size, size_t alignment);
};

// Slabs of 2 MiB, doubling every 4 slabs.
using Arena = llvm::BumpPtrAllocatorImpl<HugePageSlabAllocator, 2 * 1024 * 1024, 2 * 1024 * 1024, 4>;

} // namespace p2m

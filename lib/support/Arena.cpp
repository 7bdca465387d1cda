#include "Arena.h"

#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace p2m {

namespace {
constexpr size_t kHugePage = 2 * 1024 * 1024;
}

void *HugePageSlabAllocator::Allocate(size_t size, size_t alignment) {
#if defined(__linux__)
  if (size >= kHugePage && alignment <= kHugePage) {
    // Over-map by one huge page so the slab can start on a 2 MiB boundary.
    size_t mapped = size + kHugePage;
    void *raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
      throw std::bad_alloc();
    auto base = reinterpret_cast<uintptr_t>(raw);
    uintptr_t aligned = (base + kHugePage - 1) & ~(kHugePage - 1);
    if (aligned > base)
      munmap(raw, aligned - base);
    uintptr_t end = aligned + size;
    if (base + mapped > end)
      munmap(reinterpret_cast<void *>(end), base + mapped - end);
    madvise(reinterpret_cast<void *>(aligned), size, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
    // Slabs past the first few only exist for big modules, which will fill them: fault them in
    // with one call instead of one trap per page. Best effort (needs Linux 5.14).
    if (size >= 2 * kHugePage)
      madvise(reinterpret_cast<void *>(aligned), size, MADV_POPULATE_WRITE);
#endif
    return reinterpret_cast<void *>(aligned);
  }
#endif
  return llvm::allocate_buffer(size, alignment);
}

void HugePageSlabAllocator::Deallocate(const void *ptr, size_t size, size_t alignment) {
#if defined(__linux__)
  if (size >= kHugePage && alignment <= kHugePage) {
    munmap(const_cast<void *>(ptr), size);
    return;
  }
#endif
  llvm::deallocate_buffer(const_cast<void *>(ptr), size, alignment);
}

} // namespace p2m

// Range checks over the live allocations (AllocationTable.h).
#include "runtime/core/AllocationTable.h"

namespace p2m::runtime {

void AllocationTable::add(uint64_t base, uint64_t bytes, const void *owner, MemoryKind kind) {
  blocks_[base] = Block{bytes, owner, kind, nextId_++};
  inUse_ += bytes;
}

bool AllocationTable::remove(uint64_t base) {
  auto it = blocks_.find(base);
  if (it == blocks_.end())
    return false;
  inUse_ -= it->second.bytes;
  blocks_.erase(it);
  return true;
}

const void *AllocationTable::ownerOf(uint64_t base) const {
  auto it = blocks_.find(base);
  return it == blocks_.end() ? nullptr : it->second.owner;
}

bool AllocationTable::find(uint64_t address, uint64_t *base, uint64_t *bytes) const {
  auto it = blocks_.upper_bound(address);
  if (it == blocks_.begin())
    return false;
  --it;
  // A zero-byte allocation owns only its own base address.
  if (address - it->first >= it->second.bytes && !(it->second.bytes == 0 && address == it->first))
    return false;
  *base = it->first;
  *bytes = it->second.bytes;
  return true;
}

bool AllocationTable::overlaps(uint64_t address, uint64_t bytes) const {
  if (bytes == 0)
    return false;
  uint64_t base = 0, size = 0;
  if (find(address, &base, &size))
    return true;
  // An allocation starting inside the range.
  auto it = blocks_.upper_bound(address);
  return it != blocks_.end() && it->first - address < bytes;
}

bool AllocationTable::describe(uint64_t address, AllocationInfo *info) const {
  uint64_t base = 0, bytes = 0;
  if (!find(address, &base, &bytes))
    return false;
  const Block &block = blocks_.at(base);
  *info = AllocationInfo{base, bytes, block.owner, block.kind, block.id};
  return true;
}

bool AllocationTable::contains(uint64_t address, uint64_t bytes) const {
  auto it = blocks_.upper_bound(address);
  if (it == blocks_.begin())
    return false;
  --it;
  uint64_t offset = address - it->first;
  return offset <= it->second.bytes && it->second.bytes - offset >= bytes;
}

} // namespace p2m::runtime

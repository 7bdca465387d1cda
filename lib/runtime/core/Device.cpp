// Checked device memory operations (Device.h).
#include "runtime/core/Device.h"

#include "emitters/msl/support/kernel_abi.h"

#include <llvm/ADT/StringExtras.h>

#include <cstring>
#include <string>
#include <vector>

namespace p2m::runtime {

RuntimeStatus Device::allocate(uint64_t bytes, const void *owner, uint64_t *address, MemoryKind kind) {
  if (bytes == 0)
    return failure(RuntimeErrorCode::InvalidValue, "an allocation of 0 bytes");
  if (RuntimeStatus s = fromBackend(backend_->allocate(bytes, address)))
    return s;
  allocations_.add(*address, bytes, owner, kind);
  return succeeded();
}

RuntimeStatus Device::registerHost(void *pointer, uint64_t bytes, const void *owner, uint64_t *address) {
  if (!pointer || bytes == 0)
    return failure(RuntimeErrorCode::InvalidValue, "registering a null pointer or 0 bytes of host memory");
  if (RuntimeStatus s = fromBackend(backend_->registerHostMemory(pointer, bytes, address)))
    return s;
  // The table holds no overlapping ranges: a range already inside one is refused (the caller
  // checks host-side overlaps, which on Metal live at other addresses than device ones).
  if (allocations_.overlaps(*address, bytes)) {
    (void)backend_->unregisterHostMemory(*address);
    return failure(RuntimeErrorCode::InvalidValue, "host memory at 0x" + llvm::utohexstr(*address) +
                                                       " overlaps a live allocation");
  }
  allocations_.add(*address, bytes, owner, MemoryKind::Registered);
  return succeeded();
}

// Registered memory is the program's: it is unregistered, never freed.
static Status releaseOrUnregister(Backend &backend, uint64_t address, MemoryKind kind) {
  return kind == MemoryKind::Registered ? backend.unregisterHostMemory(address) : backend.release(address);
}

RuntimeStatus Device::release(uint64_t address, const void *owner) {
  AllocationInfo info;
  if (allocations_.ownerOf(address) != owner || !owner || !allocations_.describe(address, &info))
    return failure(RuntimeErrorCode::InvalidValue,
                   "0x" + llvm::utohexstr(address) + " is not the start of a live allocation of this context");
  allocations_.remove(address);
  return fromBackend(releaseOrUnregister(*backend_, address, info.kind));
}

void Device::releaseAllOwnedBy(const void *owner) {
  if (owner == this) {
    std::lock_guard<std::mutex> hold(lockTableMutex_);
    lockTable_ = 0; // the lock table goes with the device's own allocations
  }
  std::vector<AllocationInfo> owned;
  allocations_.forEachOwnedBy(owner, [&](uint64_t base) {
    AllocationInfo info;
    if (allocations_.describe(base, &info))
      owned.push_back(info);
  });
  for (const AllocationInfo &info : owned) {
    allocations_.remove(info.base);
    (void)releaseOrUnregister(*backend_, info.base, info.kind); // nothing useful to do while tearing down
  }
}

RuntimeStatus Device::checkRange(uint64_t address, uint64_t bytes, const char *what) const {
  if (!allocations_.contains(address, bytes))
    return failure(RuntimeErrorCode::InvalidValue, std::string(what) + ": " + std::to_string(bytes) +
                                                       " bytes at device address 0x" + llvm::utohexstr(address) +
                                                       " are not inside one live allocation");
  return succeeded();
}

std::span<const uint8_t> Device::bytesFrom(uint64_t address) {
  uint64_t base = 0, bytes = 0;
  if (!allocations_.find(address, &base, &bytes) || address - base >= bytes)
    return {};
  return {static_cast<const uint8_t *>(hostPointer(address)), size_t(base + bytes - address)};
}

RuntimeStatus Device::copyToDevice(uint64_t destination, const void *source, uint64_t bytes) {
  if (RuntimeStatus s = checkRange(destination, bytes, "copy to device"))
    return s;
  if (bytes && !source)
    return failure(RuntimeErrorCode::InvalidValue, "copy to device from a null host pointer");
  if (bytes)
    std::memcpy(hostPointer(destination), source, bytes);
  return succeeded();
}

RuntimeStatus Device::copyFromDevice(void *destination, uint64_t source, uint64_t bytes) {
  if (RuntimeStatus s = checkRange(source, bytes, "copy from device"))
    return s;
  if (bytes && !destination)
    return failure(RuntimeErrorCode::InvalidValue, "copy from device to a null host pointer");
  if (bytes)
    std::memcpy(destination, hostPointer(source), bytes);
  return succeeded();
}

RuntimeStatus Device::copyOnDevice(uint64_t destination, uint64_t source, uint64_t bytes) {
  if (RuntimeStatus s = checkRange(source, bytes, "device to device copy (source)"))
    return s;
  if (RuntimeStatus s = checkRange(destination, bytes, "device to device copy (destination)"))
    return s;
  if (bytes)
    std::memmove(hostPointer(destination), hostPointer(source), bytes);
  return succeeded();
}

RuntimeStatus Device::checkFill(uint64_t destination, unsigned elementBytes, uint64_t count) const {
  if (destination % elementBytes != 0)
    return failure(RuntimeErrorCode::InvalidValue, "memset destination is not aligned to its element size");
  if (count > UINT64_MAX / elementBytes)
    return failure(RuntimeErrorCode::InvalidValue, "memset element count overflows");
  return checkRange(destination, count * elementBytes, "memset");
}

RuntimeStatus Device::fill(uint64_t destination, uint32_t value, unsigned elementBytes, uint64_t count) {
  if (RuntimeStatus s = checkFill(destination, elementBytes, count))
    return s;
  if (count == 0)
    return succeeded();
  auto *p = static_cast<uint8_t *>(hostPointer(destination));
  if (elementBytes == 1) {
    std::memset(p, int(value & 0xff), count);
    return succeeded();
  }
  for (uint64_t i = 0; i < count; ++i)
    std::memcpy(p + i * elementBytes, &value, elementBytes); // little-endian: the low bytes
  return succeeded();
}

RuntimeStatus Device::atomicLockTable(uint64_t *address) {
  // kernel_abi.h: 2^P2M_ATOMIC_LOCK_BITS u32 lock words, all 0 (unlocked).
  constexpr uint64_t kLockTableBytes = 4ull << P2M_ATOMIC_LOCK_BITS;
  std::lock_guard<std::mutex> hold(lockTableMutex_);
  if (!lockTable_) {
    uint64_t table = 0;
    if (RuntimeStatus s = allocate(kLockTableBytes, this, &table))
      return s;
    std::memset(hostPointer(table), 0, kLockTableBytes);
    lockTable_ = table;
  }
  *address = lockTable_;
  return succeeded();
}

} // namespace p2m::runtime

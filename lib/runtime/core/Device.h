// The device as the runtime core sees it: a Backend plus the bookkeeping every backend
// shares — the table of live allocations, and memory operations (copies, fills) that check
// every device address and byte count against it before touching memory.
#pragma once

#include "runtime/Backend.h"
#include "runtime/core/AllocationTable.h"
#include "runtime/core/RuntimeError.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>

namespace p2m::runtime {

class Device {
public:
  explicit Device(std::unique_ptr<Backend> backend) : backend_(std::move(backend)) {}
  // The device's own allocations (the 64-bit atomics' lock table) go with it.
  ~Device() { releaseAllOwnedBy(this); }
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  Backend &backend() { return *backend_; }
  const DeviceProperties &properties() const { return backend_->properties(); }
  const AllocationTable &allocations() const { return allocations_; }

  // `owner` frees it (see AllocationTable::add). Zero bytes is InvalidValue, as in CUDA.
  RuntimeStatus allocate(uint64_t bytes, const void *owner, uint64_t *address,
                         MemoryKind kind = MemoryKind::Device);
  // Makes the program's memory [pointer, pointer + bytes) reachable by kernels at *address
  // (the backend's registerHostMemory) and known to the table as `owner`'s Registered range,
  // so that checkRange accepts it. InvalidValue when it overlaps a live allocation.
  RuntimeStatus registerHost(void *pointer, uint64_t bytes, const void *owner, uint64_t *address);
  // InvalidValue unless `address` starts a live allocation made by `owner`.
  RuntimeStatus release(uint64_t address, const void *owner);
  void releaseAllOwnedBy(const void *owner);

  // InvalidValue unless [address, address + bytes) lies inside one live allocation.
  RuntimeStatus checkRange(uint64_t address, uint64_t bytes, const char *what) const;
  // The host pointer of a device address; checkRange first.
  void *hostPointer(uint64_t address) { return backend_->hostPointer(address); }
  // The bytes from `address` to the end of the live allocation holding it; empty when none
  // does. For reading what a kernel left in device memory (printf's strings).
  std::span<const uint8_t> bytesFrom(uint64_t address);

  RuntimeStatus copyToDevice(uint64_t destination, const void *source, uint64_t bytes);
  RuntimeStatus copyFromDevice(void *destination, uint64_t source, uint64_t bytes);
  RuntimeStatus copyOnDevice(uint64_t destination, uint64_t source, uint64_t bytes);
  // `count` elements of `elementBytes` (1, 2 or 4) each set to `value`'s low bytes; the
  // destination must be aligned to the element size, as CUDA requires.
  RuntimeStatus fill(uint64_t destination, uint32_t value, unsigned elementBytes, uint64_t count);
  // What fill checks before it writes.
  RuntimeStatus checkFill(uint64_t destination, unsigned elementBytes, uint64_t count) const;

  // The lock words of 64-bit atomics (abi.h's P2M_MODULE_ATOMIC_LOCKS): one zeroed table for
  // every module of the device, allocated by the first module that loads.
  RuntimeStatus atomicLockTable(uint64_t *address);

private:
  std::unique_ptr<Backend> backend_;
  AllocationTable allocations_;
  std::mutex lockTableMutex_;
  uint64_t lockTable_ = 0;
};

} // namespace p2m::runtime

// Launch checks (LaunchValidation.h).
#include "runtime/core/LaunchValidation.h"

#include <algorithm>
#include <string>

namespace p2m::runtime {

namespace {

std::string show(Dim3 d) {
  return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

uint64_t product(const std::vector<uint32_t> &dims) {
  uint64_t n = 1;
  for (uint32_t d : dims)
    n *= d;
  return n;
}

} // namespace

uint32_t maxThreadsPerBlock(const DeviceProperties &device, const KernelInfo &kernel) {
  uint64_t limit = device.maxThreadsPerThreadgroup;
  if (!kernel.maxntid.empty())
    limit = std::min(limit, product(kernel.maxntid));
  if (!kernel.reqntid.empty())
    limit = std::min(limit, product(kernel.reqntid));
  return uint32_t(limit);
}

uint32_t dynamicSharedCeiling(const DeviceProperties &device, const KernelInfo &kernel) {
  return device.maxThreadgroupMemory > kernel.staticSharedBytes
             ? device.maxThreadgroupMemory - kernel.staticSharedBytes
             : 0;
}

RuntimeStatus validateLaunch(const DeviceProperties &device, const KernelInfo &kernel,
                             uint32_t maxDynamicShared, const LaunchShape &shape) {
  const Dim3 &g = shape.grid, &b = shape.block;
  const Dim3 &mg = device.maxGridSize, &mb = device.maxThreadgroupSize;
  if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > mg.x || g.y > mg.y || g.z > mg.z)
    return failure(RuntimeErrorCode::InvalidValue,
                   "grid " + show(g) + " is outside the device's range 1.." + show(mg));
  if (b.x == 0 || b.y == 0 || b.z == 0 || b.x > mb.x || b.y > mb.y || b.z > mb.z)
    return failure(RuntimeErrorCode::InvalidValue,
                   "block " + show(b) + " is outside the device's range 1.." + show(mb));
  uint64_t threads = uint64_t(b.x) * b.y * b.z;
  if (threads > device.maxThreadsPerThreadgroup)
    return failure(RuntimeErrorCode::InvalidValue, "block " + show(b) + " has " + std::to_string(threads) +
                                                       " threads; the device allows " +
                                                       std::to_string(device.maxThreadsPerThreadgroup));
  if (!kernel.reqntid.empty()) {
    Dim3 req;
    req.x = kernel.reqntid[0];
    req.y = kernel.reqntid.size() > 1 ? kernel.reqntid[1] : 1;
    req.z = kernel.reqntid.size() > 2 ? kernel.reqntid[2] : 1;
    if (b.x != req.x || b.y != req.y || b.z != req.z)
      return failure(RuntimeErrorCode::InvalidValue,
                     "kernel " + kernel.name + " requires the block " + show(req) + " (.reqntid), not " + show(b));
  }
  if (threads > maxThreadsPerBlock(device, kernel))
    return failure(RuntimeErrorCode::OutOfResources,
                   "block " + show(b) + " has " + std::to_string(threads) + " threads; kernel " + kernel.name +
                       " allows " + std::to_string(maxThreadsPerBlock(device, kernel)) + " (.maxntid)");
  if (shape.dynamicSharedBytes > maxDynamicShared)
    return failure(RuntimeErrorCode::InvalidValue,
                   std::to_string(shape.dynamicSharedBytes) + " bytes of dynamic shared memory exceed kernel " +
                       kernel.name + "'s limit of " + std::to_string(maxDynamicShared) +
                       " (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)");
  uint64_t shared = uint64_t(kernel.staticSharedBytes) + shape.dynamicSharedBytes;
  if (shared > device.maxThreadgroupMemory)
    return failure(RuntimeErrorCode::InvalidValue,
                   std::to_string(shared) + " bytes of shared memory (static + dynamic) exceed the device's " +
                       std::to_string(device.maxThreadgroupMemory));
  return succeeded();
}

} // namespace p2m::runtime

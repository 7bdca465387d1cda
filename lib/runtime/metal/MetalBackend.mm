// The metal backend (see MetalBackend.h). Objective-C++ with ARC: Metal objects held in C++
// members and containers are retained and released by the compiler. Every method body sits in
// an autorelease pool because the runtime calls in from plain threads that have none.
#include "runtime/metal/MetalBackend.h"

#include "emitters/msl/support/kernel_abi.h"

#import <Foundation/Foundation.h>
#import <Metal/Metal.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <utility>

#if !__has_feature(objc_arc)
#error "MetalBackend.mm needs ARC (-fobjc-arc): it relies on it to release Metal objects"
#endif
#if __MAC_OS_X_VERSION_MAX_ALLOWED < 150000
#error "the metal backend needs the macOS 15 SDK (Xcode 16) for residency sets and MTLMathMode"
#endif

namespace p2m::runtime {
namespace {

// setBytes takes less than 4 KiB (METAL.md); a larger parameter block goes in a buffer.
constexpr size_t kInlineParamLimit = 4096;

// Execution width belongs to a pipeline, not to the device: this kernel measures it.
constexpr std::string_view kProbeSource = R"(#include <metal_stdlib>
using namespace metal;
kernel void p2m_probe(device uint *out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  out[i] = i;
}
)";

std::string describe(NSError *error) {
  return error ? std::string(error.localizedDescription.UTF8String) : std::string("no reason given");
}

NSString *makeString(std::string_view text) {
  return [[NSString alloc] initWithBytes:text.data() length:text.size() encoding:NSUTF8StringEncoding];
}

Status languageVersion(MslVersion mslVersion, MTLLanguageVersion *version) {
  switch (mslVersion) {
  case MslVersion::V3_0:
    *version = MTLLanguageVersion3_0;
    return ok();
  case MslVersion::V3_1:
    if (@available(macOS 14.0, *)) {
      *version = MTLLanguageVersion3_1;
      return ok();
    }
    return fail(ErrorCode::NotSupported, "metal backend: MSL 3.1 needs macOS 14");
  case MslVersion::V3_2:
    if (@available(macOS 15.0, *)) {
      *version = MTLLanguageVersion3_2;
      return ok();
    }
    return fail(ErrorCode::NotSupported, "metal backend: MSL 3.2 needs macOS 15");
  }
  return fail(ErrorCode::InvalidValue,
              "metal backend: MSL version " + std::string(spelling(mslVersion)) + " is not known here");
}

MTLCompileOptions *compileOptions(MTLLanguageVersion version) {
  MTLCompileOptions *options = [[MTLCompileOptions alloc] init];
  // DESIGN.md's numeric policy, which the generated file also states with its own pragmas:
  // safe math (no fast-math rewrites) and precise fp32 library functions, never the fast
  // defaults. Before macOS 15 fastMathEnabled = NO selects both.
  if (@available(macOS 15.0, *)) {
    options.mathMode = MTLMathModeSafe;
    options.mathFloatingPointFunctions = MTLMathFloatingPointFunctionsPrecise;
  } else {
    options.fastMathEnabled = NO;
  }
  options.languageVersion = version;
  return options;
}

class MetalProgram final : public Program {
public:
  explicit MetalProgram(std::unordered_map<std::string, id<MTLComputePipelineState>> pipelines)
      : pipelines_(std::move(pipelines)) {}
  bool hasKernel(std::string_view mslName) const override {
    return pipelines_.count(std::string(mslName)) != 0;
  }
  id<MTLComputePipelineState> pipeline(const std::string &mslName) const {
    auto found = pipelines_.find(mslName);
    return found == pipelines_.end() ? nil : found->second;
  }

private:
  std::unordered_map<std::string, id<MTLComputePipelineState>> pipelines_; // by MSL kernel name
};

struct Allocation {
  id<MTLBuffer> buffer;
  uint64_t bytes; // its length: the bytes asked for, at least 1
};

class MetalBackendImpl final : public Backend {
public:
  MetalBackendImpl(id<MTLDevice> device, id<MTLCommandQueue> queue, DeviceProperties properties,
                   id residencySet)
      : device_(device), queue_(queue), properties_(std::move(properties)),
        residencySet_(residencySet) {}

  const DeviceProperties &properties() const override { return properties_; }

  Status allocate(uint64_t bytes, uint64_t *address) override {
    @autoreleasepool {
      const uint64_t length = std::max<uint64_t>(bytes, 1);
      if (length > device_.maxBufferLength)
        return fail(ErrorCode::OutOfMemory, "metal backend: " + std::to_string(bytes) +
                                                " bytes is more than one buffer can hold");
      id<MTLBuffer> buffer = [device_ newBufferWithLength:length options:MTLResourceStorageModeShared];
      if (!buffer)
        return fail(ErrorCode::OutOfMemory,
                    "metal backend: cannot allocate " + std::to_string(bytes) + " bytes");
      const uint64_t start = buffer.gpuAddress;
      if (start % 256 != 0)
        return fail(ErrorCode::NotSupported,
                    "metal backend: a buffer's device address is not 256-byte aligned");
      std::lock_guard<std::mutex> lock(memoryMutex_);
      allocations_[start] = Allocation{buffer, length};
      if (@available(macOS 15.0, *)) {
        if (id<MTLResidencySet> set = residencySet_) {
          [set addAllocation:buffer];
          residencyChanged_ = true;
        }
      }
      *address = start;
      return ok();
    }
  }

  Status release(uint64_t address) override {
    @autoreleasepool {
      std::lock_guard<std::mutex> lock(memoryMutex_);
      auto found = allocations_.find(address);
      if (found == allocations_.end())
        return fail(ErrorCode::InvalidValue, "metal backend: no allocation at this address");
      if (@available(macOS 15.0, *)) {
        if (id<MTLResidencySet> set = residencySet_) {
          [set removeAllocation:found->second.buffer];
          residencyChanged_ = true;
        }
      }
      allocations_.erase(found);
      return ok();
    }
  }

  void *hostPointer(uint64_t address) override {
    std::lock_guard<std::mutex> lock(memoryMutex_);
    const Allocation *allocation = nullptr;
    uint64_t offset = 0;
    if (!find(address, &allocation, &offset))
      return nullptr;
    return static_cast<unsigned char *>(allocation->buffer.contents) + offset;
  }

  // registerHostMemory (cuMemHostRegister) is not implemented here yet: Backend's default says
  // NotSupported. The way to do it is newBufferWithBytesNoCopy:length:options:deallocator:nil
  // over the program's memory (Metal requires a page-aligned pointer and a length that is a
  // multiple of the page size, so the range must be widened to pages and the offset kept), with
  // the buffer added to allocations_ under its gpuAddress and to the residency set, and
  // hostPointer() mapping addresses inside it back into the program's memory. Unlike the host
  // backend, the device address then differs from the host pointer, which the shim's
  // cuMemHostGetDevicePointer already allows for.

  Status compile(const CompileRequest &request, std::unique_ptr<Program> *program) override {
    @autoreleasepool {
      for (const std::string &capability : request.capabilities)
        if (Status status = checkCapability(capability))
          return status;
      NSError *error = nil;
      id<MTLLibrary> library = nil;
      if (!request.metallib.empty()) {
        dispatch_data_t data = dispatch_data_create(request.metallib.data(), request.metallib.size(),
                                                    nullptr, DISPATCH_DATA_DESTRUCTOR_DEFAULT);
        library = [device_ newLibraryWithData:data error:&error];
      } else {
        MTLLanguageVersion version;
        if (Status status = languageVersion(request.target.mslVersion, &version))
          return status;
        library = [device_ newLibraryWithSource:makeString(request.msl)
                                        options:compileOptions(version)
                                          error:&error];
      }
      if (!library)
        return fail(ErrorCode::CompileFailed, "metal backend: " + describe(error));

      std::unordered_map<std::string, id<MTLComputePipelineState>> pipelines;
      for (const std::string &name : request.kernelNames) {
        id<MTLFunction> function = [library newFunctionWithName:makeString(name)];
        if (!function)
          return fail(ErrorCode::CompileFailed, "metal backend: the library has no kernel '" + name + "'");
        error = nil;
        id<MTLComputePipelineState> pipeline =
            [device_ newComputePipelineStateWithFunction:function error:&error];
        if (!pipeline)
          return fail(ErrorCode::CompileFailed,
                      "metal backend: kernel '" + name + "': " + describe(error));
        if (pipeline.threadExecutionWidth != 32)
          return fail(ErrorCode::NotSupported,
                      "metal backend: kernel '" + name + "' runs " +
                          std::to_string(pipeline.threadExecutionWidth) +
                          " threads per SIMD-group; PTX warps need 32");
        pipelines.emplace(name, pipeline);
      }
      *program = std::make_unique<MetalProgram>(std::move(pipelines));
      return ok();
    }
  }

  Status dispatch(const Dispatch &d) override {
    @autoreleasepool {
      const auto *program = dynamic_cast<const MetalProgram *>(d.program);
      if (!program)
        return fail(ErrorCode::InvalidValue, "metal backend: the program is not a Metal program");
      id<MTLComputePipelineState> pipeline = program->pipeline(d.mslName);
      if (!pipeline)
        return fail(ErrorCode::NotFound, "metal backend: no kernel '" + d.mslName + "'");
      if (Status status = validate(d, pipeline))
        return status;

      id<MTLCommandBuffer> commands = [queue_ commandBuffer];
      if (!commands)
        return fail(ErrorCode::OutOfResources, "metal backend: no command buffer");
      {
        // Allocations cannot come or go while the dispatch names them.
        std::lock_guard<std::mutex> lock(memoryMutex_);
        const Allocation *module = nullptr;
        uint64_t moduleOffset = 0;
        if (!find(d.moduleBuffer, &module, &moduleOffset))
          return fail(ErrorCode::InvalidValue, "metal backend: buffer 1 is not in any allocation");
        id<MTLComputeCommandEncoder> encoder = [commands computeCommandEncoder];
        if (!encoder)
          return fail(ErrorCode::OutOfResources, "metal backend: no compute command encoder");
        [encoder setComputePipelineState:pipeline];
        if (d.paramBytes < kInlineParamLimit) {
          [encoder setBytes:d.params length:d.paramBytes atIndex:P2M_PARAMS_BUFFER];
        } else {
          id<MTLBuffer> params = [device_ newBufferWithBytes:d.params
                                                      length:d.paramBytes
                                                     options:MTLResourceStorageModeShared];
          if (!params) {
            [encoder endEncoding];
            return fail(ErrorCode::OutOfMemory, "metal backend: no buffer for the parameter block");
          }
          [encoder setBuffer:params offset:0 atIndex:P2M_PARAMS_BUFFER];
        }
        [encoder setBuffer:module->buffer offset:moduleOffset atIndex:P2M_MODULE_BUFFER];
        // The kernel always declares [[threadgroup(0)]], so its length is always set, and never
        // to 0 (Metal's smallest threadgroup allocation is 16 bytes; a kernel without shared
        // memory gets those).
        [encoder setThreadgroupMemoryLength:threadgroupLength(d) atIndex:P2M_THREADGROUP_INDEX];
        makeResident(commands, encoder);
        [encoder dispatchThreadgroups:MTLSizeMake(d.grid.x, d.grid.y, d.grid.z)
                threadsPerThreadgroup:MTLSizeMake(d.block.x, d.block.y, d.block.z)];
        [encoder endEncoding];
        [commands commit];
      }
      [commands waitUntilCompleted];
      if (commands.status == MTLCommandBufferStatusError) {
        // A GPU page fault is a wild pointer in the kernel (CUDA_ERROR_ILLEGAL_ADDRESS).
        const bool pageFault = [commands.error.domain isEqualToString:MTLCommandBufferErrorDomain] &&
                               commands.error.code == MTLCommandBufferErrorPageFault;
        return fail(pageFault ? ErrorCode::IllegalAddress : ErrorCode::LaunchFailed,
                    "metal backend: " + describe(commands.error));
      }
      return ok();
    }
  }

private:
  // A device capability the module's kernels need (reflection features, KernelInfo): refused,
  // naming it, where the device lacks it.
  Status checkCapability(const std::string &capability) const {
    if (capability == "atomic_u64_min_max") {
      // atomic_max/min_explicit on atomic_ulong in device memory: Apple8 (A15/M2) and later.
      if ([device_ supportsFamily:MTLGPUFamilyApple8])
        return ok();
      return fail(ErrorCode::NotSupported,
                  "metal backend: the module needs capability atomic_u64_min_max (64-bit atomic "
                  "min/max on atomic_ulong, GPU family Apple8 or later), which this device lacks");
    }
    return fail(ErrorCode::NotSupported,
                "metal backend: the module needs capability " + capability + ", which this backend "
                "does not know");
  }

  // The length of threadgroup(0) for a dispatch: the bytes the core asks for (static + dynamic
  // shared memory, a multiple of 16), at least 16.
  static NSUInteger threadgroupLength(const Dispatch &d) {
    return std::max<NSUInteger>(d.threadgroupBytes, P2M_THREADGROUP_GRANULE);
  }

  // The limits that belong to the pipeline; the core has checked the device's (LaunchValidation).
  Status validate(const Dispatch &d, id<MTLComputePipelineState> pipeline) const {
    const uint64_t threads = uint64_t(d.block.x) * d.block.y * d.block.z;
    if (threads == 0 || d.grid.x == 0 || d.grid.y == 0 || d.grid.z == 0)
      return fail(ErrorCode::InvalidValue, "metal backend: a grid or block dimension is zero");
    if (threads > pipeline.maxTotalThreadsPerThreadgroup)
      return fail(ErrorCode::OutOfResources,
                  "metal backend: " + std::to_string(threads) + " threads per threadgroup; kernel '" +
                      d.mslName + "' takes at most " +
                      std::to_string(pipeline.maxTotalThreadsPerThreadgroup));
    if (d.threadgroupBytes % P2M_THREADGROUP_GRANULE != 0)
      return fail(ErrorCode::InvalidValue, "metal backend: threadgroup memory comes in multiples of " +
                                               std::to_string(P2M_THREADGROUP_GRANULE) + " bytes");
    const uint64_t threadgroupBytes = uint64_t(threadgroupLength(d)) + pipeline.staticThreadgroupMemoryLength;
    if (threadgroupBytes > device_.maxThreadgroupMemoryLength)
      return fail(ErrorCode::OutOfResources,
                  "metal backend: " + std::to_string(threadgroupBytes) +
                      " bytes of threadgroup memory; the device has " +
                      std::to_string(device_.maxThreadgroupMemoryLength));
    if (!d.params || d.paramBytes < P2M_LAUNCH_WORDS_BYTES || d.paramBytes % P2M_LAUNCH_WORDS_ALIGN != 0)
      return fail(ErrorCode::InvalidValue,
                  "metal backend: buffer 0 must hold the parameter block and the launch words "
                  "(kernel_abi.h: paramBytes = align" + std::to_string(P2M_LAUNCH_WORDS_ALIGN) +
                      "(param_bytes) + " + std::to_string(P2M_LAUNCH_WORDS_BYTES) + ")");
    return ok();
  }

  // Kernels reach every allocation through raw device addresses, so all of them must be
  // resident for the dispatch (METAL.md). Called with memoryMutex_ held.
  void makeResident(id<MTLCommandBuffer> commands, id<MTLComputeCommandEncoder> encoder) {
    if (@available(macOS 15.0, *)) {
      if (id<MTLResidencySet> set = residencySet_) {
        if (residencyChanged_) {
          [set commit];
          [set requestResidency];
          residencyChanged_ = false;
        }
        [commands useResidencySet:set];
        return;
      }
    }
    for (const auto &[address, allocation] : allocations_)
      [encoder useResource:allocation.buffer usage:MTLResourceUsageRead | MTLResourceUsageWrite];
  }

  // The allocation holding `address`. Called with memoryMutex_ held.
  bool find(uint64_t address, const Allocation **allocation, uint64_t *offset) const {
    auto after = allocations_.upper_bound(address);
    if (after == allocations_.begin())
      return false;
    const auto &[start, found] = *std::prev(after);
    if (address - start >= found.bytes)
      return false;
    *allocation = &found;
    *offset = address - start;
    return true;
  }

  id<MTLDevice> device_;
  id<MTLCommandQueue> queue_;
  const DeviceProperties properties_;

  std::mutex memoryMutex_;
  std::map<uint64_t, Allocation> allocations_; // gpuAddress → buffer, ordered for lookups
  id residencySet_;                            // an id<MTLResidencySet> on macOS 15+, else nil
  bool residencyChanged_ = false;              // allocations added or removed since its commit
};

// The execution width of a compiled kernel on this device; 0 if the probe did not compile.
NSUInteger simdWidth(id<MTLDevice> device, std::string *why) {
  NSError *error = nil;
  id<MTLLibrary> library = [device newLibraryWithSource:makeString(kProbeSource)
                                                options:compileOptions(MTLLanguageVersion3_0)
                                                  error:&error];
  id<MTLFunction> function = library ? [library newFunctionWithName:@"p2m_probe"] : nil;
  id<MTLComputePipelineState> pipeline =
      function ? [device newComputePipelineStateWithFunction:function error:&error] : nil;
  if (!pipeline) {
    *why = "metal backend: the probe kernel did not compile: " + describe(error);
    return 0;
  }
  return pipeline.threadExecutionWidth;
}

DeviceProperties deviceProperties(id<MTLDevice> device, NSUInteger width) {
  DeviceProperties p;
  p.name = device.name.UTF8String;
  p.totalMemory = device.recommendedMaxWorkingSetSize;
  p.simdWidth = uint32_t(width);
  const MTLSize most = device.maxThreadsPerThreadgroup;
  auto clamp = [](NSUInteger n) { return uint32_t(std::min<NSUInteger>(n, 1024)); };
  p.maxThreadgroupSize = {clamp(most.width), clamp(most.height), clamp(most.depth)};
  // Metal states no total apart from each pipeline's maxTotalThreadsPerThreadgroup, which
  // dispatch() checks; 1024 is the most any Apple GPU takes (METAL.md).
  p.maxThreadsPerThreadgroup = clamp(most.width);
  p.maxThreadgroupMemory = uint32_t(device.maxThreadgroupMemoryLength);
  // Metal does not report the GPU's core count or clock: the defaults stand.
  return p;
}

} // namespace

std::unique_ptr<Backend> createMetalBackend(std::string *why) {
  @autoreleasepool {
    id<MTLDevice> device = MTLCreateSystemDefaultDevice();
    if (!device) {
      *why = "metal backend: no Metal device";
      return nullptr;
    }
    const std::string name = device.name.UTF8String;
    if (device.argumentBuffersSupport < MTLArgumentBuffersTier2) {
      *why = "metal backend: " + name +
             " lacks argument-buffer tier 2, which device addresses in memory need";
      return nullptr;
    }
    const NSUInteger width = simdWidth(device, why);
    if (width == 0)
      return nullptr;
    if (width != 32) {
      *why = "metal backend: " + name + " runs " + std::to_string(width) +
             " threads per SIMD-group; PTX warps need 32";
      return nullptr;
    }
    id<MTLCommandQueue> queue = [device newCommandQueue];
    if (!queue) {
      *why = "metal backend: " + name + ": cannot create a command queue";
      return nullptr;
    }
    id residencySet = nil;
    if (@available(macOS 15.0, *)) {
      MTLResidencySetDescriptor *descriptor = [[MTLResidencySetDescriptor alloc] init];
      descriptor.label = @"ptx2metal allocations";
      NSError *error = nil;
      // Without one, dispatch() falls back to useResource, which works on every version.
      residencySet = [device newResidencySetWithDescriptor:descriptor error:&error];
    }
    return std::make_unique<MetalBackendImpl>(device, queue, deviceProperties(device, width),
                                              residencySet);
  }
}

} // namespace p2m::runtime

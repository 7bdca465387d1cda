// The interface between the runtime core and a backend (DESIGN.md: `host` runs the generated
// MSL on the CPU, `metal` on an Apple GPU).
//
// The runtime core (the CUDA Driver API shim, module loading, reflection, parameter packing,
// module segments with their initializers and relocations, launch validation, allocation
// bookkeeping, error codes) is shared by every backend. A backend does only what needs the
// device: allocate device memory that the host can also reach, turn an MSL program into
// something launchable, and run one dispatch of one kernel. Everything Apple-specific sits
// behind this interface, so the host backend exercises all shared logic.
#pragma once

#include "support/TargetProfile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::runtime {

// Why a backend call failed; the shim maps each to a CUresult.
enum class ErrorCode {
  OutOfMemory,        // CUDA_ERROR_OUT_OF_MEMORY
  InvalidValue,       // CUDA_ERROR_INVALID_VALUE
  CompileFailed,      // CUDA_ERROR_INVALID_PTX / INVALID_IMAGE: the MSL did not compile
  NotFound,           // CUDA_ERROR_NOT_FOUND: no such kernel in the program
  OutOfResources,     // CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many threads / too much memory
  LaunchFailed,       // CUDA_ERROR_LAUNCH_FAILED: the kernel trapped or deadlocked
  IllegalAddress,     // CUDA_ERROR_ILLEGAL_ADDRESS: the kernel accessed memory it cannot reach
  NotSupported,       // CUDA_ERROR_NOT_SUPPORTED
};

struct Error {
  ErrorCode code;
  std::string message; // for logs and tests; never parsed
};

// Success is a null Status.
using Status = std::unique_ptr<Error>;
inline Status ok() { return nullptr; }
inline Status fail(ErrorCode code, std::string message) {
  return std::make_unique<Error>(Error{code, std::move(message)});
}

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

struct DeviceProperties {
  std::string name;
  uint64_t totalMemory = 0;
  uint32_t simdWidth = 32;                  // a device whose width is not 32 is refused
  uint32_t maxThreadsPerThreadgroup = 1024;
  Dim3 maxThreadgroupSize = {1024, 1024, 64};
  Dim3 maxGridSize = {0x7fffffff, 65535, 65535};
  uint32_t maxThreadgroupMemory = 0;        // bytes of threadgroup memory per dispatch
  uint32_t multiprocessors = 1;             // reported as CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
  // What one multiprocessor holds at once, for the occupancy model (docs/runtime.md): the
  // threadgroups resident together, their threads and their threadgroup memory.
  uint32_t maxThreadgroupsPerMultiprocessor = 1;
  uint32_t maxThreadsPerMultiprocessor = 1024;
  uint32_t threadgroupMemoryPerMultiprocessor = 0; // 0: maxThreadgroupMemory
  // Every threadgroup of a grid that the occupancy model admits runs at once, so a grid-wide
  // barrier completes (cooperative launches). Metal promises no such forward progress.
  bool coResidentGrid = false;
  uint32_t clockRateKHz = 1000000;
  // What the runtime translates PTX for on this device, and which prebuilt translations it
  // takes (support/TargetProfile.h's profileMismatch). A device that computes f32 subnormals as
  // IEEE says instead of flushing them (Apple GPUs flush) wants f32Subnormals Keep; f64 is
  // always exact (Ieee).
  TargetProfile target;
};

// A compiled MSL program (one translated module); its kernels are found by MSL name.
class Program {
public:
  virtual ~Program() = default;
  virtual bool hasKernel(std::string_view mslName) const = 0;
};

struct CompileRequest {
  std::string_view msl;                 // the whole MSL file, as the emitter wrote it
  std::vector<std::string> kernelNames; // MSL names of the kernels to make launchable
  // The device capabilities those kernels need (reflection features such as
  // "atomic_u64_min_max"), each once: a backend whose device lacks one refuses the load.
  std::vector<std::string> capabilities;
  TargetProfile target;                 // what the MSL was translated for (the reflection's)
  std::string_view metallib;            // a prebuilt metallib of this MSL; empty: compile the MSL
                                        // (the host backend always compiles the MSL)
};

// One dispatch, already validated by the core against the device's limits and the kernel's
// reflection. Buffer 0 and buffer 1 of the kernel ABI, and the threadgroup window's length.
struct Dispatch {
  const Program *program = nullptr;
  std::string mslName;     // the kernel
  Dim3 grid;               // threadgroups per grid
  Dim3 block;              // threads per threadgroup
  const void *params = nullptr; // buffer 0: the CUDA parameter block + the launch words (abi.h)
  size_t paramBytes = 0;
  uint64_t moduleBuffer = 0;    // buffer 1: device address of the module words (abi.h)
  uint32_t threadgroupBytes = 0; // static + dynamic shared bytes, rounded up to 16
  uint32_t localBytes = 0;       // .local bytes per thread (reflection): sizes the host's stacks
};

class Backend {
public:
  virtual ~Backend() = default;
  virtual const DeviceProperties &properties() const = 0;

  // Device memory that the host can also read and write through hostPointer() (the host
  // backend: ordinary memory, address == pointer; Metal: shared-storage MTLBuffers, address
  // = gpuAddress). Allocations are at least 256-byte aligned.
  virtual Status allocate(uint64_t bytes, uint64_t *address) = 0;
  virtual Status release(uint64_t address) = 0;    // an address allocate() returned
  virtual void *hostPointer(uint64_t address) = 0; // any address inside a live allocation

  // The program's own memory made reachable by kernels (cuMemHostRegister): its device address
  // in *address; hostPointer() then maps addresses inside it back to `pointer`. Not freed by
  // unregisterHostMemory. A backend that cannot do it says NotSupported.
  virtual Status registerHostMemory(void *pointer, uint64_t bytes, uint64_t *address) {
    (void)pointer, (void)bytes, (void)address;
    return fail(ErrorCode::NotSupported, "this backend cannot make host memory reachable by kernels");
  }
  virtual Status unregisterHostMemory(uint64_t address) {
    (void)address;
    return fail(ErrorCode::NotSupported, "this backend cannot make host memory reachable by kernels");
  }

  // Compiles an MSL program (may be cached by content, in memory and on disk).
  virtual Status compile(const CompileRequest &request, std::unique_ptr<Program> *program) = 0;

  // Runs one dispatch to completion. A trap inside the kernel is reported by the kernel ABI's
  // status word, which the core reads; a backend returns LaunchFailed only for what it sees
  // itself (a deadlocked barrier), IllegalAddress for a memory fault in kernel code.
  virtual Status dispatch(const Dispatch &dispatch) = 0;
  // Whether dispatch() may be called from several threads at once, each call running its grid
  // beside the others' (kernels of different streams overlapping), while the other functions
  // are called too. A grid that needs all its threadgroups resident at once (a cooperative
  // launch) is then still dispatched alone by the caller.
  virtual bool concurrentDispatches() const { return false; }
};

} // namespace p2m::runtime

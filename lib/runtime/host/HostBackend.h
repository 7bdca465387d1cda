// The `host` backend (DESIGN.md): runs the generated MSL on the CPU. compile() builds the MSL
// with Clang against the project's own metal_stdlib (embedded in this library) into a shared
// object, cached on disk and in memory; dispatch() runs threadgroups on a pool of worker
// threads, the threads of each threadgroup as fibers, so that barriers and SIMD-group
// functions meet exactly as on a GPU (ThreadgroupRunner.h has the scheduling rules).
//
// What dispatch() expects beyond Backend.h: Dispatch::paramBytes is the length of the whole
// buffer 0, the parameter block and then the launch words (kernel_abi.h), so the launch words
// (the dynamic shared size) are its last P2M_LAUNCH_WORDS_BYTES. Device addresses are host addresses. A memory fault inside a kernel (a wild
// pointer: SIGSEGV or SIGBUS on a worker) fails the dispatch with IllegalAddress and stops its
// other threadgroups; the process goes on (FaultHandler.h).
#pragma once

#include "runtime/Backend.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace p2m::runtime {

struct HostBackendOptions {
  // Worker threads for dispatches; 0: $P2M_HOST_THREADS, else the hardware's thread count.
  unsigned threads = 0;
  // Flush f32 denormals (FTZ and DAZ) while kernels run, as Apple GPUs do. Unset:
  // $P2M_HOST_DENORMALS=ieee turns flushing off, anything else leaves it on.
  std::optional<bool> flushDenormals;
  // Compile cache directory; empty: $P2M_CACHE_DIR, else $XDG_CACHE_HOME/ptx2metal, else
  // ~/.cache/ptx2metal.
  std::string cacheDirectory;
  // The C++ compiler for generated MSL; empty: $P2M_CLANG, else /usr/lib/llvm-19/bin/clang++,
  // else clang++-19 on PATH.
  std::string clang;
  // Threadgroup memory a dispatch may use (DeviceProperties::maxThreadgroupMemory).
  uint32_t maxThreadgroupMemory = 64 * 1024;
  // Stack bytes per kernel thread on top of the kernel's .local bytes.
  uint32_t stackMarginBytes = 256 * 1024;
};

// Counters for tests and logs.
struct HostBackendStats {
  uint64_t compilerRuns = 0;    // clang invocations that compiled code (not version queries)
  uint64_t diskCacheHits = 0;   // programs loaded from the disk cache without compiling
  uint64_t memoryCacheHits = 0; // programs this backend object had already loaded
};

class HostBackend : public Backend {
public:
  virtual HostBackendStats stats() const = 0;
  virtual const std::string &cacheDirectory() const = 0;
  virtual unsigned workerThreads() const = 0;
  virtual bool flushesDenormals() const = 0;
};

std::unique_ptr<HostBackend> createHostBackend(const HostBackendOptions &options = {});

} // namespace p2m::runtime

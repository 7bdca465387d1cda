// A loaded module: its compiled program, its .global and .const segments in device memory
// (initializers copied, relocations patched with real device addresses or function ids), the
// module words buffer the kernels read (abi.h: global base, const base, status word address,
// printf buffer address) with the status word beside them, the printf buffer when a kernel
// prints (DevicePrintf.h), and its kernels. Launching a kernel packs its parameters, validates
// the launch, runs the dispatch, prints what the kernel printed and reads the status word (1:
// the kernel trapped). Each launch in flight has its own module words, status word and printf
// buffer (a launch slot), so that launches of one module may run at once (on several streams).
#pragma once

#include "runtime/core/Device.h"
#include "runtime/core/DevicePrintf.h"
#include "runtime/core/LaunchValidation.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/PrebuiltModule.h"
#include "runtime/core/RuntimeError.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::runtime {

class Module;

// One kernel of a module (a CUfunction).
class Kernel {
public:
  // `sharedCeiling`: the most dynamic shared memory the device leaves beside the kernel's
  // static shared memory; the default limit is CUDA's 48 KiB below it.
  Kernel(Module &module, const KernelInfo &info, uint32_t sharedCeiling)
      : module_(module), info_(info), sharedCeiling_(sharedCeiling),
        maxDynamicShared_(std::min(sharedCeiling, kDefaultMaxDynamicShared)) {}

  Module &module() const { return module_; }
  const KernelInfo &info() const { return info_; }
  uint32_t maxDynamicShared() const { return maxDynamicShared_; }
  // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: InvalidValue above what the device
  // leaves beside the kernel's static shared memory.
  RuntimeStatus setMaxDynamicShared(uint32_t bytes);

private:
  Module &module_;
  const KernelInfo &info_;
  uint32_t sharedCeiling_;
  uint32_t maxDynamicShared_;
};

class Module {
public:
  // Translates (or takes from the cache) and loads PTX text.
  // Uses a prebuilt translation from $P2M_BUNDLE_PATH when one matches (PrebuiltModule.h).
  // An embedded translation that matches (findEmbedded) is used before bundles and translating.
  static RuntimeStatus loadPtx(Device &device, const std::string &ptx, std::unique_ptr<Module> *out,
                               const std::vector<fatbin::EmbeddedTranslation> &embedded = {});
  // Loads a translation made ahead of time.
  static RuntimeStatus loadPrebuilt(Device &device, const PrebuiltModule &prebuilt, std::unique_ptr<Module> *out);
  // Loads an already translated module.
  static RuntimeStatus load(Device &device, std::string_view msl, ModuleReflection reflection,
                            std::unique_ptr<Module> *out, std::string_view metallib = {});
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  // NotFound for an unknown name; NotSupported for a kernel the translator refused (its
  // reason is in the message and logged when P2M_LOG is set).
  RuntimeStatus getKernel(std::string_view name, Kernel **kernel);
  // NotFound for an unknown name.
  RuntimeStatus getGlobal(std::string_view name, uint64_t *address, uint64_t *bytes) const;

  // LaunchFailed when the kernel trapped (the status word) or the backend saw a deadlock;
  // IllegalAddress when the backend caught a memory fault in the kernel.
  RuntimeStatus launch(const Kernel &kernel, const LaunchShape &shape, void **kernelParams, void **extra);
  // The two halves of launch, for a launch that is enqueued and run later: prepareLaunch
  // validates the shape and packs the parameters into *params (what the caller may reuse at
  // once is copied); runLaunch dispatches a prepared launch and reads the status word.
  RuntimeStatus prepareLaunch(const Kernel &kernel, const LaunchShape &shape, void **kernelParams, void **extra,
                              std::vector<uint8_t> *params) const;
  RuntimeStatus runLaunch(const Kernel &kernel, const LaunchShape &shape, const std::vector<uint8_t> &params);
  // runLaunch in three steps, for a caller that lets other work go on during the dispatch:
  // beginLaunch takes a free launch slot (a new one when all are in flight), clears its status
  // word and printf buffer and fills *dispatch (its params point into `params`, which must
  // outlive the dispatch); the caller runs Backend::dispatch; finishLaunch prints what the
  // kernel printed, reads the status word and frees the slot. begin and finish are not
  // thread-safe: the caller serializes them (the shim's API lock); dispatches of begun launches
  // may run at once where the backend allows it (Backend::concurrentDispatches).
  RuntimeStatus beginLaunch(const Kernel &kernel, const LaunchShape &shape, const std::vector<uint8_t> &params,
                            Dispatch *dispatch, size_t *slot);
  RuntimeStatus finishLaunch(const Kernel &kernel, size_t slot, RuntimeStatus dispatched);

  // Sizes the printf buffer (CU_LIMIT_PRINTF_FIFO_SIZE, header included) for the launches
  // that follow (a slot in flight keeps its buffer until it is free); a module whose kernels do
  // not print has none and ignores it.
  RuntimeStatus setPrintfBufferBytes(uint64_t bytes);
  uint64_t printfBufferBytes() const { return printfBufferBytes_; }

  const ModuleReflection &reflection() const { return reflection_; }
  // The first launch slot's module words (the one every launch uses unless launches overlap).
  uint64_t moduleWordsAddress() const { return slots_.empty() ? 0 : slots_[0].words; }

private:
  // One launch's module words (with the status word after them) and printf buffer.
  struct LaunchSlot {
    uint64_t words = 0;
    uint64_t printfBuffer = 0; // 0 when no kernel prints
    uint64_t printfBytes = 0;
    bool busy = false;
  };

  explicit Module(Device &device) : device_(device) {}
  RuntimeStatus createSegments();
  RuntimeStatus addSlot();
  // Gives an idle slot's printf buffer the current size.
  RuntimeStatus resizePrintfBuffer(LaunchSlot &slot);
  bool prints() const;
  std::span<uint8_t> printfBufferMemory(const LaunchSlot &slot);
  // The printf buffer's records on stdout; a warning for records lost or undecodable.
  void printDeviceOutput(const LaunchSlot &slot);
  uint64_t segmentBase(SegmentKind kind) const { return kind == SegmentKind::Global ? globalBase_ : constBase_; }

  Device &device_;
  ModuleReflection reflection_;
  std::unique_ptr<Program> program_;
  std::vector<std::unique_ptr<Kernel>> kernels_; // one per reflection kernel, same order
  uint64_t globalBase_ = 0, constBase_ = 0;
  uint64_t atomicLocks_ = 0;
  std::vector<LaunchSlot> slots_; // at least one once loaded
  uint64_t printfBufferBytes_ = kPrintfBufferBytes;
};

} // namespace p2m::runtime

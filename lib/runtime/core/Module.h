// A loaded module: its compiled program, its .global and .const segments in device memory
// (initializers copied, relocations patched with real device addresses or function ids), the
// module words buffer the kernels read (abi.h: global base, const base, status word address,
// printf buffer address) with the status word beside them, the printf buffer when a kernel
// prints (DevicePrintf.h), and its kernels. Launching a kernel packs its parameters, validates
// the launch, runs the dispatch, prints what the kernel printed and reads the status word (1:
// the kernel trapped).
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
  static RuntimeStatus loadPtx(Device &device, const std::string &ptx, std::unique_ptr<Module> *out);
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

  // Sizes the printf buffer (CU_LIMIT_PRINTF_FIFO_SIZE, header included) for the launches
  // that follow; a module whose kernels do not print has none and ignores it.
  RuntimeStatus setPrintfBufferBytes(uint64_t bytes);
  uint64_t printfBufferBytes() const { return printfBufferBytes_; }

  const ModuleReflection &reflection() const { return reflection_; }
  uint64_t moduleWordsAddress() const { return wordsAddress_; }

private:
  explicit Module(Device &device) : device_(device) {}
  RuntimeStatus createSegments();
  std::span<uint8_t> printfBufferMemory();
  // The printf buffer's records on stdout; a warning for records lost or undecodable.
  void printDeviceOutput();
  uint64_t segmentBase(SegmentKind kind) const { return kind == SegmentKind::Global ? globalBase_ : constBase_; }

  Device &device_;
  ModuleReflection reflection_;
  std::unique_ptr<Program> program_;
  std::vector<std::unique_ptr<Kernel>> kernels_; // one per reflection kernel, same order
  uint64_t globalBase_ = 0, constBase_ = 0;
  uint64_t wordsAddress_ = 0; // 4 u64 words, then the u32 status word
  uint64_t printfBuffer_ = 0; // 0 when no kernel prints
  uint64_t printfBufferBytes_ = kPrintfBufferBytes;
};

} // namespace p2m::runtime

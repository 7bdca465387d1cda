// Module loading, segments and launches (Module.h).
#include "runtime/core/Module.h"

#include "emitters/msl/support/kernel_abi.h"
#include "runtime/core/DevicePrintf.h"
#include "runtime/core/Log.h"
#include "runtime/core/ParamPacking.h"
#include "runtime/core/PrebuiltModule.h"
#include "runtime/core/PtxTranslation.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace p2m::runtime {

namespace {

// A launch slot's allocation: the module words (kernel_abi.h), then the u32 status word that
// word P2M_MODULE_STATUS points at, in a u64 of its own.
constexpr uint64_t kStatusOffset = P2M_MODULE_WORDS * 8;
constexpr uint64_t kWordsAllocationBytes = kStatusOffset + 8;

} // namespace

RuntimeStatus Kernel::setMaxDynamicShared(uint32_t bytes) {
  if (bytes > sharedCeiling_)
    return failure(RuntimeErrorCode::InvalidValue,
                   std::to_string(bytes) + " bytes of dynamic shared memory exceed the " +
                       std::to_string(sharedCeiling_) + " the device leaves kernel " + info_.name);
  maxDynamicShared_ = bytes;
  return succeeded();
}

RuntimeStatus Module::loadPtx(Device &device, const std::string &ptx, std::unique_ptr<Module> *out,
                              const std::vector<fatbin::EmbeddedTranslation> &embedded) {
  const TargetProfile &target = device.properties().target;
  if (PrebuiltModule prebuilt; findEmbedded(ptx, target, embedded, &prebuilt))
    return load(device, prebuilt.msl, std::move(*prebuilt.reflection), out, prebuilt.metallib);
  if (PrebuiltModule prebuilt; findInBundles(ptx, target, &prebuilt))
    return load(device, prebuilt.msl, std::move(*prebuilt.reflection), out, prebuilt.metallib);
  TranslatedModule translated;
  if (RuntimeStatus s = translatePtx(ptx, target, &translated)) {
    printMessage(s->message); // loading failed entirely: always shown
    return s;
  }
  if (!translated.diagnostics.empty())
    logMessage(translated.diagnostics);
  ModuleReflection reflection;
  if (RuntimeStatus s = parseReflection(translated.reflectionJson, &reflection))
    return s;
  return load(device, translated.msl, std::move(reflection), out);
}

RuntimeStatus Module::loadPrebuilt(Device &device, const PrebuiltModule &prebuilt, std::unique_ptr<Module> *out) {
  ModuleReflection reflection;
  if (prebuilt.reflection) {
    reflection = *prebuilt.reflection;
  } else if (RuntimeStatus s = parseReflection(prebuilt.reflectionJson, &reflection)) {
    printMessage(prebuilt.origin + ": " + s->message);
    return s;
  }
  // Loaded as asked even when made for another target (`ptx2metal compile --fp64 demote`, say);
  // the log says so.
  if (std::optional<std::string> why = profileMismatch(reflection.target, device.properties().target))
    logMessage(prebuilt.origin + " was translated for " + reflection.target.print() + ": " + *why);
  return load(device, prebuilt.msl, std::move(reflection), out, prebuilt.metallib);
}

RuntimeStatus Module::load(Device &device, std::string_view msl, ModuleReflection reflection,
                           std::unique_ptr<Module> *out, std::string_view metallib) {
  std::unique_ptr<Module> module(new Module(device));
  module->reflection_ = std::move(reflection);
  CompileRequest request;
  request.msl = msl;
  request.metallib = metallib;
  request.target = module->reflection_.target;
  for (const KernelInfo &k : module->reflection_.kernels) {
    if (!k.translated)
      continue;
    request.kernelNames.push_back(k.mslName);
    for (const std::string &c : k.capabilities)
      if (std::find(request.capabilities.begin(), request.capabilities.end(), c) == request.capabilities.end())
        request.capabilities.push_back(c);
  }
  if (RuntimeStatus s = fromBackend(device.backend().compile(request, &module->program_))) {
    printMessage("the translated module does not compile: " + s->message);
    return s;
  }
  for (const KernelInfo &k : module->reflection_.kernels)
    module->kernels_.push_back(
        std::make_unique<Kernel>(*module, k, dynamicSharedCeiling(device.properties(), k)));
  if (RuntimeStatus s = module->createSegments())
    return s;
  *out = std::move(module);
  return succeeded();
}

Module::~Module() { device_.releaseAllOwnedBy(this); }

RuntimeStatus Module::createSegments() {
  // A segment is allocated even when empty: the words must hold valid addresses.
  if (RuntimeStatus s = device_.allocate(std::max<uint64_t>(reflection_.globalBytes, 16), this, &globalBase_))
    return s;
  if (RuntimeStatus s = device_.allocate(std::max<uint64_t>(reflection_.constBytes, 16), this, &constBase_))
    return s;
  std::memset(device_.hostPointer(globalBase_), 0, std::max<uint64_t>(reflection_.globalBytes, 16));
  std::memset(device_.hostPointer(constBase_), 0, std::max<uint64_t>(reflection_.constBytes, 16));
  if (RuntimeStatus s = device_.atomicLockTable(&atomicLocks_))
    return s;
  if (RuntimeStatus s = addSlot())
    return s;

  for (const VariableInfo &v : reflection_.variables) {
    uint64_t address = segmentBase(v.segment) + v.offset;
    if (!v.init.empty())
      std::memcpy(device_.hostPointer(address), v.init.data(), v.init.size());
    for (const RelocationInfo &r : v.relocations) {
      uint64_t value = 0;
      if (r.function)
        value = P2M_FUNCTION_WINDOW + *r.function;
      else if (const VariableInfo *target = r.target ? reflection_.findVariable(*r.target) : nullptr)
        value = segmentBase(target->segment) + target->offset + uint64_t(r.addend);
      std::memcpy(device_.hostPointer(address + r.offset), &value, sizeof value);
    }
  }
  return succeeded();
}

bool Module::prints() const {
  return std::any_of(reflection_.kernels.begin(), reflection_.kernels.end(),
                     [](const KernelInfo &k) { return k.translated && k.usesPrintf; });
}

RuntimeStatus Module::addSlot() {
  LaunchSlot slot;
  if (RuntimeStatus s = device_.allocate(kWordsAllocationBytes, this, &slot.words))
    return s;
  // Only a module whose kernels print pays for a printf buffer.
  if (prints()) {
    if (RuntimeStatus s = device_.allocate(printfBufferBytes_, this, &slot.printfBuffer)) {
      (void)device_.release(slot.words, this);
      return s;
    }
    slot.printfBytes = printfBufferBytes_;
  }
  uint64_t words[kWordsAllocationBytes / 8] = {};
  words[P2M_MODULE_GLOBAL_BASE] = globalBase_;
  words[P2M_MODULE_CONST_BASE] = constBase_;
  words[P2M_MODULE_STATUS] = slot.words + kStatusOffset;
  words[P2M_MODULE_PRINTF] = slot.printfBuffer;
  words[P2M_MODULE_ATOMIC_LOCKS] = atomicLocks_;
  std::memcpy(device_.hostPointer(slot.words), words, sizeof words);
  slots_.push_back(slot);
  return succeeded();
}

RuntimeStatus Module::resizePrintfBuffer(LaunchSlot &slot) {
  if (!slot.printfBuffer || slot.printfBytes == printfBufferBytes_)
    return succeeded();
  uint64_t replacement = 0;
  if (RuntimeStatus s = device_.allocate(printfBufferBytes_, this, &replacement))
    return s; // the old buffer stays
  (void)device_.release(slot.printfBuffer, this);
  slot.printfBuffer = replacement;
  slot.printfBytes = printfBufferBytes_;
  std::memcpy(static_cast<uint8_t *>(device_.hostPointer(slot.words)) + P2M_MODULE_PRINTF * 8, &slot.printfBuffer, 8);
  return succeeded();
}

RuntimeStatus Module::getKernel(std::string_view name, Kernel **kernel) {
  for (std::unique_ptr<Kernel> &k : kernels_) {
    if (k->info().name != name)
      continue;
    if (!k->info().translated) {
      std::string message = "kernel " + k->info().name + " was not translated: " + k->info().error;
      logMessage(message);
      return failure(RuntimeErrorCode::NotSupported, message);
    }
    *kernel = k.get();
    return succeeded();
  }
  return failure(RuntimeErrorCode::NotFound, "no kernel named " + std::string(name) + " in the module");
}

RuntimeStatus Module::getGlobal(std::string_view name, uint64_t *address, uint64_t *bytes) const {
  const VariableInfo *v = reflection_.findVariable(name);
  if (!v)
    return failure(RuntimeErrorCode::NotFound, "no .global or .const variable named " + std::string(name));
  *address = segmentBase(v->segment) + v->offset;
  *bytes = v->size;
  return succeeded();
}

RuntimeStatus Module::launch(const Kernel &kernel, const LaunchShape &shape, void **kernelParams, void **extra) {
  std::vector<uint8_t> params;
  if (RuntimeStatus s = prepareLaunch(kernel, shape, kernelParams, extra, &params))
    return s;
  return runLaunch(kernel, shape, params);
}

RuntimeStatus Module::prepareLaunch(const Kernel &kernel, const LaunchShape &shape, void **kernelParams, void **extra,
                                    std::vector<uint8_t> *params) const {
  const KernelInfo &info = kernel.info();
  if (RuntimeStatus s = validateLaunch(device_.properties(), info, kernel.maxDynamicShared(), shape))
    return s;
  return packParams(info, kernelParams, extra, shape.dynamicSharedBytes, params);
}

RuntimeStatus Module::runLaunch(const Kernel &kernel, const LaunchShape &shape, const std::vector<uint8_t> &params) {
  Dispatch dispatch;
  size_t slot = 0;
  if (RuntimeStatus s = beginLaunch(kernel, shape, params, &dispatch, &slot))
    return s;
  return finishLaunch(kernel, slot, fromBackend(device_.backend().dispatch(dispatch)));
}

RuntimeStatus Module::beginLaunch(const Kernel &kernel, const LaunchShape &shape, const std::vector<uint8_t> &params,
                                  Dispatch *dispatch, size_t *slot) {
  const KernelInfo &info = kernel.info();
  size_t index = 0;
  while (index < slots_.size() && slots_[index].busy)
    ++index;
  if (index == slots_.size())
    if (RuntimeStatus s = addSlot())
      return s;
  LaunchSlot &free = slots_[index];
  if (RuntimeStatus s = resizePrintfBuffer(free))
    return s;
  auto *status = static_cast<uint32_t *>(device_.hostPointer(free.words + kStatusOffset));
  *status = 0;
  if (free.printfBuffer)
    resetPrintfBuffer(printfBufferMemory(free));
  free.busy = true;
  *slot = index;
  dispatch->program = program_.get();
  dispatch->mslName = info.mslName;
  dispatch->grid = shape.grid;
  dispatch->block = shape.block;
  dispatch->params = params.data();
  dispatch->paramBytes = params.size();
  dispatch->moduleBuffer = free.words;
  dispatch->threadgroupBytes = (info.staticSharedBytes + shape.dynamicSharedBytes + (P2M_THREADGROUP_GRANULE - 1u)) &
                               ~(P2M_THREADGROUP_GRANULE - 1u);
  dispatch->localBytes = info.localBytes;
  return succeeded();
}

RuntimeStatus Module::finishLaunch(const Kernel &kernel, size_t index, RuntimeStatus dispatched) {
  const KernelInfo &info = kernel.info();
  LaunchSlot &slot = slots_[index];
  slot.busy = false;
  auto *status = static_cast<uint32_t *>(device_.hostPointer(slot.words + kStatusOffset));
  // What the kernel printed before it finished, trapped or faulted.
  if (slot.printfBuffer)
    printDeviceOutput(slot);
  if (dispatched) {
    if (dispatched->code == RuntimeErrorCode::IllegalAddress)
      dispatched->message = "kernel " + info.name + ": " + dispatched->message;
    return dispatched;
  }
  if (*status & P2M_STATUS_ASSERT)
    return failure(RuntimeErrorCode::AssertFailed, "kernel " + info.name + " failed a device-side assertion");
  if (*status & P2M_STATUS_MISALIGNED_ADDRESS)
    return failure(RuntimeErrorCode::MisalignedAddress, "kernel " + info.name + " made a misaligned surface access");
  if (*status & P2M_STATUS_ILLEGAL_ADDRESS)
    return failure(RuntimeErrorCode::IllegalAddress, "kernel " + info.name + " accessed a surface out of range");
  if (*status & P2M_STATUS_ILLEGAL_INSTRUCTION)
    return failure(RuntimeErrorCode::IllegalInstruction,
                   "kernel " + info.name + " made a tensor copy NVIDIA's hardware refuses (docs/gpu-facts.md, \"Tensor maps\")");
  if (*status != 0)
    return failure(RuntimeErrorCode::LaunchFailed, "kernel " + info.name + " trapped");
  return succeeded();
}

RuntimeStatus Module::setPrintfBufferBytes(uint64_t bytes) {
  if (bytes < kPrintfHeaderBytes + kPrintfRecordHeaderBytes)
    return failure(RuntimeErrorCode::InvalidValue, "a printf buffer of " + std::to_string(bytes) +
                                                       " bytes cannot hold one record");
  if (bytes == printfBufferBytes_)
    return succeeded();
  uint64_t previous = printfBufferBytes_;
  printfBufferBytes_ = bytes;
  for (LaunchSlot &slot : slots_) {
    if (slot.busy)
      continue; // resized when it is next taken
    if (RuntimeStatus s = resizePrintfBuffer(slot)) {
      printfBufferBytes_ = previous;
      return s;
    }
  }
  return succeeded();
}

std::span<uint8_t> Module::printfBufferMemory(const LaunchSlot &slot) {
  return {static_cast<uint8_t *>(device_.hostPointer(slot.printfBuffer)), size_t(slot.printfBytes)};
}

void Module::printDeviceOutput(const LaunchSlot &slot) {
  PrintfOutput output =
      formatPrintfBuffer(printfBufferMemory(slot), [this](uint64_t address) { return device_.bytesFrom(address); });
  if (!output.text.empty()) {
    std::fwrite(output.text.data(), 1, output.text.size(), stdout);
    std::fflush(stdout);
  }
  if (output.dropped)
    printMessage(std::to_string(output.dropped) + " device printf record(s) lost: the " +
                 std::to_string(slot.printfBytes) + "-byte printf buffer was full (CU_LIMIT_PRINTF_FIFO_SIZE)");
  if (output.undecodable)
    printMessage(std::to_string(output.undecodable) +
                 " device printf record(s) not printed: a format string outside device memory or a damaged record");
}

} // namespace p2m::runtime

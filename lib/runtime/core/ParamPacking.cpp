// Packing kernelParams / extra into the params buffer (ParamPacking.h).
#include "runtime/core/ParamPacking.h"

#include <algorithm>
#include <cstring>

namespace p2m::runtime {

namespace {

RuntimeStatus invalid(std::string message) {
  return failure(RuntimeErrorCode::InvalidValue, std::move(message));
}

// Reads the CU_LAUNCH_PARAM_* list; the block pointer and size it names.
RuntimeStatus readExtra(void **extra, const void **block, size_t *size) {
  bool haveSize = false;
  for (size_t i = 0;; i += 2) {
    uintptr_t key = reinterpret_cast<uintptr_t>(extra[i]);
    if (key == kLaunchParamEnd)
      break;
    if (key == kLaunchParamBufferPointer) {
      *block = extra[i + 1];
    } else if (key == kLaunchParamBufferSize) {
      if (!extra[i + 1])
        return invalid("CU_LAUNCH_PARAM_BUFFER_SIZE points to nothing");
      *size = *static_cast<const size_t *>(extra[i + 1]);
      haveSize = true;
    } else {
      return invalid("unknown key " + std::to_string(key) + " in the launch's extra options");
    }
  }
  if (!*block || !haveSize)
    return invalid("extra must give both CU_LAUNCH_PARAM_BUFFER_POINTER and CU_LAUNCH_PARAM_BUFFER_SIZE");
  return succeeded();
}

} // namespace

RuntimeStatus packParams(const KernelInfo &kernel, void **kernelParams, void **extra,
                         uint32_t dynamicSharedBytes, std::vector<uint8_t> *buffer) {
  uint32_t wordsOffset = launchWordsOffset(kernel.paramBytes);
  buffer->assign(wordsOffset + P2M_LAUNCH_WORDS_BYTES, 0);
  if (kernelParams && extra)
    return invalid("both kernelParams and extra were given");
  if (kernelParams) {
    for (size_t i = 0; i < kernel.params.size(); ++i) {
      const ParamInfo &p = kernel.params[i];
      if (!kernelParams[i])
        return invalid("kernelParams[" + std::to_string(i) + "] (" + p.name + ") is null");
      std::memcpy(buffer->data() + p.offset, kernelParams[i], p.size);
    }
  } else if (extra) {
    const void *block = nullptr;
    size_t size = 0;
    if (RuntimeStatus s = readExtra(extra, &block, &size))
      return s;
    uint32_t maxAlign = 1;
    for (const ParamInfo &p : kernel.params)
      maxAlign = std::max(maxAlign, p.align);
    uint64_t padded = (uint64_t(kernel.paramBytes) + maxAlign - 1) / maxAlign * maxAlign;
    if (size < kernel.paramBytes || size > padded)
      return invalid("the extra parameter block has " + std::to_string(size) + " bytes; kernel " + kernel.name +
                     " takes " + std::to_string(kernel.paramBytes));
    std::memcpy(buffer->data(), block, kernel.paramBytes);
  } else if (!kernel.params.empty()) {
    return invalid("kernel " + kernel.name + " takes parameters but neither kernelParams nor extra was given");
  }
  std::memcpy(buffer->data() + wordsOffset, &dynamicSharedBytes, sizeof dynamicSharedBytes);
  return succeeded();
}

} // namespace p2m::runtime

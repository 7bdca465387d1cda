// Linking an -rdc program's units through the Driver API (DeviceLink.h).
#include "DeviceLink.h"

#include <cstdint>
#include <cstring>

namespace p2m::cudart {

namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint32_t kWrapperMagic = 0x466243B1;
constexpr size_t kFatbinHeaderBytes = 16;
constexpr size_t kWrapperBytes = 24;
constexpr size_t kLogBytes = 16384;

// cuLinkAddData wants a length: a fatbin's is in its header (16 bytes, then the size of what
// follows); a wrapper is 24 bytes that point to its fatbin.
size_t imageBytes(const void *image) {
  uint32_t magic = 0;
  std::memcpy(&magic, image, sizeof magic);
  if (magic == kWrapperMagic)
    return kWrapperBytes;
  if (magic != kFatbinMagic)
    return 0;
  uint64_t size = 0;
  std::memcpy(&size, static_cast<const uint8_t *>(image) + 8, sizeof size);
  return kFatbinHeaderBytes + size_t(size);
}

} // namespace

CUresult loadLinkedModule(const std::vector<const void *> &fatbins, CUmodule *module, std::string *log) {
  std::string errors(kLogBytes, '\0');
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errors.data(), reinterpret_cast<void *>(uintptr_t(errors.size()))};
  CUlinkState state = nullptr;
  if (CUresult r = cuLinkCreate(2, options, values, &state))
    return r;
  CUresult result = CUDA_SUCCESS;
  for (size_t i = 0; i < fatbins.size() && result == CUDA_SUCCESS; ++i) {
    size_t bytes = imageBytes(fatbins[i]);
    std::string name = "translation unit " + std::to_string(i + 1);
    result = bytes ? cuLinkAddData(state, CU_JIT_INPUT_FATBINARY, const_cast<void *>(fatbins[i]), bytes, name.c_str(),
                                   0, nullptr, nullptr)
                   : CUDA_ERROR_INVALID_IMAGE;
  }
  void *image = nullptr;
  if (result == CUDA_SUCCESS)
    result = cuLinkComplete(state, &image, nullptr);
  if (result == CUDA_SUCCESS)
    result = cuModuleLoadData(module, image); // before cuLinkDestroy, which frees the image
  log->assign(errors.c_str());
  cuLinkDestroy(state);
  return result;
}

} // namespace p2m::cudart

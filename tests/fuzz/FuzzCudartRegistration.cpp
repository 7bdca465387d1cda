// libFuzzer target for libcudart's registration path: any bytes as a fatbin wrapper (version
// and magic included) and the registration calls nvcc's start-up code makes with it, then the
// first uses that load the module lazily (function attributes, symbol copies, managed
// variables) and the unregistration at exit. Everything must fail with a CUDA error, never
// crash or overread.
//
// Input: byte 0 picks the wrapper's version (1, 2 or another value) and whether its magic is
// right; byte 1 the number of kernels, byte 2 the number of variables to register (names
// follow, NUL-terminated); the rest is the fatbin the wrapper points at (a version-2 wrapper
// lists it as its one translation unit). As with NVIDIA's runtime, a fatbin's header is
// trusted to describe its own length, so only fatbins whose header fits the input are used.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
void **__cudaRegisterFatBinary(void *fatCubin);
void __cudaRegisterFatBinaryEnd(void **handle);
void __cudaUnregisterFatBinary(void **handle);
void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun, const char *deviceName,
                            int threadLimit, uint3 *tid, uint3 *bid, dim3 *bDim, dim3 *gDim, int *wSize);
void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress, const char *deviceName, int ext,
                       size_t size, int constant, int global);
void __cudaRegisterManagedVar(void **handle, void **hostVarPtrAddress, char *deviceAddress,
                              const char *deviceName, int ext, size_t size, int constant, int global);
char __cudaInitModule(void **handle);
}

namespace {

constexpr uint32_t kWrapperMagic = 0x466243b1;
constexpr uint32_t kFatbinMagic = 0xBA55ED50;

struct Wrapper {
  uint32_t magic, version;
  const void *data;
  const void *list;
};

// A fatbin whose header claims no more bytes than there are (see above).
bool fatbinFits(const uint8_t *bytes, size_t size) {
  if (size < 16)
    return false;
  uint32_t magic;
  uint64_t length;
  std::memcpy(&magic, bytes, 4);
  std::memcpy(&length, bytes + 8, 8);
  return magic == kFatbinMagic && length <= size - 16;
}

// Stand-ins for the host stubs and shadows nvcc would register: distinct addresses.
char hostStubs[4];
char hostShadows[4][64];
void *managedSlots[4];

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setenv("P2M_LOG", "0", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 3)
    return 0;
  const uint8_t control = data[0];
  size_t kernels = data[1] % 4, variables = data[2] % 4, at = 3;
  std::vector<std::string> names;
  for (size_t i = 0; i < kernels + variables && at < size; ++i) {
    const void *end = std::memchr(data + at, 0, size - at);
    size_t length = end ? size_t(static_cast<const uint8_t *>(end) - (data + at)) : size - at;
    names.emplace_back(reinterpret_cast<const char *>(data + at), length);
    at += length + 1;
  }
  if (at > size)
    at = size;
  std::vector<uint8_t> fatbin(data + at, data + size);
  fatbin.resize(fatbin.size() + 16, 0); // room for the fatbin reader's aligned header reads
  bool fits = fatbinFits(fatbin.data(), size - at);
  const void *list[] = {fatbin.data(), nullptr};
  Wrapper wrapper{(control & 4) ? 0x12345678u : kWrapperMagic, (control & 3) == 0 ? 1u : (control & 3) == 1 ? 2u : 7u,
                  fatbin.data(), list};
  if ((wrapper.version == 1 || wrapper.version == 2) && wrapper.magic == kWrapperMagic && !fits)
    return 0; // an inconsistent fatbin would be read past its end, by NVIDIA's runtime as well

  void **handle = __cudaRegisterFatBinary(&wrapper);
  for (size_t i = 0; i < names.size(); ++i) {
    if (i < kernels) {
      __cudaRegisterFunction(handle, &hostStubs[i], const_cast<char *>(names[i].c_str()), names[i].c_str(), -1,
                             nullptr, nullptr, nullptr, nullptr, nullptr);
    } else if ((control & 8) && i == kernels) {
      __cudaRegisterManagedVar(handle, &managedSlots[i - kernels], const_cast<char *>(names[i].c_str()),
                               names[i].c_str(), 0, 4, 0, 0);
    } else {
      __cudaRegisterVar(handle, hostShadows[i - kernels], const_cast<char *>(names[i].c_str()), names[i].c_str(),
                        0, sizeof hostShadows[0], (control & 16) != 0, 0);
    }
  }
  // A handle the runtime never returned is ignored, never dereferenced.
  void *bogus[4] = {};
  __cudaRegisterFunction(bogus, &hostStubs[3], nullptr, "k", -1, nullptr, nullptr, nullptr, nullptr, nullptr);
  __cudaRegisterFatBinaryEnd(handle);

  for (size_t i = 0; i < kernels; ++i) {
    cudaFuncAttributes attributes;
    (void)cudaFuncGetAttributes(&attributes, &hostStubs[i]);
  }
  for (size_t v = 0; v + kernels < names.size(); ++v) {
    char buffer[64] = {};
    (void)cudaMemcpyFromSymbol(buffer, hostShadows[v], sizeof buffer);
    (void)cudaMemcpyToSymbol(hostShadows[v], buffer, 8, 4);
  }
  (void)__cudaInitModule(handle);
  __cudaUnregisterFatBinary(handle);
  (void)cudaGetLastError();
  return 0;
}

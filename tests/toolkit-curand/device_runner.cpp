// Runs device_kernel.cu's PTX (our curand_kernel.h compiled for the device by clang) through
// ptx2metal's libcuda.so.1 on the host backend and compares its lines with the recording.
// Usage: device_runner kernel.ptx recording.txt
#include <cuda.h>

#include "scenario_list.h"
#include "scenario_format.h"
#include "compare.h"

#include <fstream>
#include <sstream>
#include <vector>

static bool ok(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return true;
  const char *name = nullptr;
  cuGetErrorName(r, &name);
  std::fprintf(stderr, "%s failed: %s\n", what, name ? name : "?");
  return false;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s kernel.ptx recording.txt\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream ptx;
  ptx << in.rdbuf();
  if (!in || ptx.str().empty()) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  if (!ok(cuInit(0), "cuInit") || !ok(cuDeviceGet(&device, 0), "cuDeviceGet") ||
      !ok(cuCtxCreate(&context, nullptr, 0, device), "cuCtxCreate") ||
      !ok(cuModuleLoadData(&module, ptx.str().c_str()), "cuModuleLoadData") ||
      !ok(cuModuleGetFunction(&kernel, module, "run_scenarios"), "cuModuleGetFunction"))
    return 1;
  const size_t words = (size_t)SCENARIO_TOTAL * SCENARIO_MAX_WORDS;
  CUdeviceptr dWords, dTags, dCounts;
  if (!ok(cuMemAlloc(&dWords, words * sizeof(unsigned)), "cuMemAlloc") ||
      !ok(cuMemAlloc(&dTags, words), "cuMemAlloc") ||
      !ok(cuMemAlloc(&dCounts, SCENARIO_TOTAL * sizeof(int)), "cuMemAlloc"))
    return 1;
  void *args[] = {&dWords, &dTags, &dCounts};
  const unsigned block = 64;
  if (!ok(cuLaunchKernel(kernel, (SCENARIO_TOTAL + block - 1) / block, 1, 1, block, 1, 1, 0,
                         nullptr, args, nullptr),
          "cuLaunchKernel") ||
      !ok(cuCtxSynchronize(), "cuCtxSynchronize"))
    return 1;
  std::vector<unsigned> hWords(words);
  std::vector<char> hTags(words);
  std::vector<int> hCounts(SCENARIO_TOTAL);
  if (!ok(cuMemcpyDtoH(hWords.data(), dWords, words * sizeof(unsigned)), "cuMemcpyDtoH") ||
      !ok(cuMemcpyDtoH(hTags.data(), dTags, words), "cuMemcpyDtoH") ||
      !ok(cuMemcpyDtoH(hCounts.data(), dCounts, SCENARIO_TOTAL * sizeof(int)), "cuMemcpyDtoH"))
    return 1;
  std::vector<std::string> lines;
  for (int i = 0; i < SCENARIO_TOTAL; i++) {
    std::string line = format_scenario(i, hWords.data() + (size_t)i * SCENARIO_MAX_WORDS,
                                       hTags.data() + (size_t)i * SCENARIO_MAX_WORDS, hCounts[i]);
    if (!line.empty())
      lines.push_back(line);
  }
  return compare_with_recording(argv[2], lines, "device") ? 0 : 1;
}

// Runs the two kernels of this example, translated ahead of time by ptx2metal_add_metallib,
// through the CUDA Driver API and checks every result on the CPU. cuModuleLoad takes the
// reflection file NAME.json, with the MSL NAME.metal beside it.
//
// usage: kernels_demo [DIRECTORY]   (default: where the build put the translations)
#include <cuda.h>

#include <cstdio>
#include <string>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    CUresult result_ = (call);                                                                     \
    if (result_ != CUDA_SUCCESS) {                                                                 \
      const char *name_ = nullptr;                                                                 \
      cuGetErrorName(result_, &name_);                                                             \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,                    \
                   name_ ? name_ : "unknown error");                                               \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

namespace {

constexpr int kBlock = 256; // block_sum.cu's block size

int report(const char *what, int checked, int wrong) {
  std::printf("%s: %d values checked, %d wrong: %s\n", what, checked, wrong, wrong ? "FAIL" : "PASS");
  return wrong;
}

int runVectorAdd(const std::string &dir, int n, int *wrong) {
  CUmodule module;
  CHECK(cuModuleLoad(&module, (dir + "/vector_add.json").c_str()));
  CUfunction kernel;
  CHECK(cuModuleGetFunction(&kernel, module, "vector_add"));
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i % 1000) * 0.25f;
    b[i] = float(i % 37) - 18.5f;
  }
  size_t bytes = size_t(n) * sizeof(float);
  CUdeviceptr da, db, dc;
  CHECK(cuMemAlloc(&da, bytes));
  CHECK(cuMemAlloc(&db, bytes));
  CHECK(cuMemAlloc(&dc, bytes));
  CHECK(cuMemcpyHtoD(da, a.data(), bytes));
  CHECK(cuMemcpyHtoD(db, b.data(), bytes));
  void *params[] = {&da, &db, &dc, &n};
  CHECK(cuLaunchKernel(kernel, unsigned((n + kBlock - 1) / kBlock), 1, 1, kBlock, 1, 1, 0, nullptr,
                       params, nullptr));
  CHECK(cuMemcpyDtoH(c.data(), dc, bytes));
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i] && (*wrong)++ < 5)
      std::fprintf(stderr, "vector_add: c[%d] = %g, expected %g\n", i, double(c[i]), double(a[i] + b[i]));
  CHECK(cuMemFree(da));
  CHECK(cuMemFree(db));
  CHECK(cuMemFree(dc));
  CHECK(cuModuleUnload(module));
  return 0;
}

int runBlockSum(const std::string &dir, int n, int *wrong) {
  CUmodule module;
  CHECK(cuModuleLoad(&module, (dir + "/block_sum.json").c_str()));
  CUfunction kernel;
  CHECK(cuModuleGetFunction(&kernel, module, "block_sum"));
  int blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in(n), sums(blocks);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 1000 - 500;
  CUdeviceptr din, dsums;
  CHECK(cuMemAlloc(&din, size_t(n) * sizeof(int)));
  CHECK(cuMemAlloc(&dsums, size_t(blocks) * sizeof(int)));
  CHECK(cuMemcpyHtoD(din, in.data(), size_t(n) * sizeof(int)));
  void *params[] = {&din, &dsums, &n};
  CHECK(cuLaunchKernel(kernel, unsigned(blocks), 1, 1, kBlock, 1, 1, 0, nullptr, params, nullptr));
  CHECK(cuMemcpyDtoH(sums.data(), dsums, size_t(blocks) * sizeof(int)));
  for (int block = 0; block < blocks; ++block) {
    int expected = 0;
    for (int i = block * kBlock; i < n && i < (block + 1) * kBlock; ++i)
      expected += in[i];
    if (sums[block] != expected && (*wrong)++ < 5)
      std::fprintf(stderr, "block_sum: block %d = %d, expected %d\n", block, sums[block], expected);
  }
  CHECK(cuMemFree(din));
  CHECK(cuMemFree(dsums));
  CHECK(cuModuleUnload(module));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : KERNEL_DIR;
  const int n = 100003; // not a multiple of the block size: the last block is partial
  CHECK(cuInit(0));
  CUdevice device;
  CHECK(cuDeviceGet(&device, 0));
  char name[256];
  CHECK(cuDeviceGetName(name, sizeof name, device));
  CUcontext context;
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  std::printf("device: %s; modules from %s\n", name, dir.c_str());

  int addWrong = 0, sumWrong = 0;
  if (runVectorAdd(dir, n, &addWrong) || runBlockSum(dir, n, &sumWrong))
    return 1;
  int failed = report("vector_add (c = a + b)", n, addWrong) +
               report("block_sum (256-element sums in shared memory)", (n + kBlock - 1) / kBlock, sumWrong);
  CHECK(cuDevicePrimaryCtxRelease(device));
  return failed ? 1 : 0;
}

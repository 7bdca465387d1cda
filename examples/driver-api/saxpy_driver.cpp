// examples/saxpy run through the CUDA Driver API, written only against NVIDIA's cuda.h: load
// the PTX with cuModuleLoadData, allocate, copy, launch, copy back and check every element.
// Linked against ptx2metal's libcuda.so.1 it runs the kernel translated to MSL on the host
// backend; linked against NVIDIA's driver it runs on an NVIDIA GPU, unchanged.
//
// usage: saxpy_driver PATH/TO/saxpy.ptx [N]
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
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

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PATH/TO/saxpy.ptx [N]\n", argv[0]);
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  std::stringstream text;
  text << file.rdbuf();
  std::string ptx = text.str(); // c_str() is the NUL-terminated image cuModuleLoadData wants
  int n = argc > 2 ? std::atoi(argv[2]) : 1 << 20;

  CHECK(cuInit(0));
  CUdevice device;
  CHECK(cuDeviceGet(&device, 0));
  char name[256];
  CHECK(cuDeviceGetName(name, sizeof name, device));
  CUcontext context;
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));

  CUmodule module;
  CHECK(cuModuleLoadData(&module, ptx.c_str()));
  CUfunction saxpy;
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));

  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 1000) * 0.5f;
    y[i] = float(i % 7);
  }
  size_t bytes = size_t(n) * sizeof(float);
  CUdeviceptr dx, dy;
  CHECK(cuMemAlloc(&dx, bytes));
  CHECK(cuMemAlloc(&dy, bytes));
  CHECK(cuMemcpyHtoD(dx, x.data(), bytes));
  CHECK(cuMemcpyHtoD(dy, y.data(), bytes));

  float a = 3.0f;
  void *params[] = {&n, &a, &dx, &dy};
  unsigned block = 256, grid = unsigned((n + block - 1) / block);
  CHECK(cuLaunchKernel(saxpy, grid, 1, 1, block, 1, 1, 0, nullptr, params, nullptr));
  CHECK(cuCtxSynchronize());
  std::vector<float> out(n);
  CHECK(cuMemcpyDtoH(out.data(), dy, bytes));

  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float expected = std::fma(a, x[i], y[i]); // the PTX computes a*x+y with one fma.rn.f32
    if (out[i] != expected) {
      if (wrong++ < 5)
        std::fprintf(stderr, "y[%d] = %g, expected %g\n", i, double(out[i]), double(expected));
    }
  }
  CHECK(cuMemFree(dx));
  CHECK(cuMemFree(dy));
  CHECK(cuModuleUnload(module));
  CHECK(cuDevicePrimaryCtxRelease(device));
  std::printf("saxpy on %s: %d elements, %d wrong: %s\n", name, n, wrong, wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}

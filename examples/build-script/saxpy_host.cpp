// Loads saxpy translated ahead of time (cuModuleLoad of its reflection, the MSL beside it),
// runs y = a*x + y through the CUDA Driver API and checks every element.
// usage: saxpy_host PATH/TO/saxpy.json
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    if (CUresult result_ = (call); result_ != CUDA_SUCCESS) {                                      \
      const char *name_ = nullptr;                                                                 \
      cuGetErrorName(result_, &name_);                                                             \
      std::fprintf(stderr, "%s failed: %s\n", #call, name_ ? name_ : "unknown error");             \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PATH/TO/saxpy.json\n", argv[0]);
    return 2;
  }
  CUdevice device;
  CUcontext context;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  CUmodule module;
  CUfunction saxpy;
  CHECK(cuModuleLoad(&module, argv[1]));
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));

  int n = 50000;
  float a = 2.5f;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 100) * 0.5f;
    y[i] = float(i % 9);
  }
  size_t bytes = size_t(n) * sizeof(float);
  CUdeviceptr dx, dy;
  CHECK(cuMemAlloc(&dx, bytes));
  CHECK(cuMemAlloc(&dy, bytes));
  CHECK(cuMemcpyHtoD(dx, x.data(), bytes));
  CHECK(cuMemcpyHtoD(dy, y.data(), bytes));
  void *params[] = {&n, &a, &dx, &dy};
  CHECK(cuLaunchKernel(saxpy, 64, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr)); // grid-stride loop
  CHECK(cuMemcpyDtoH(out.data(), dy, bytes));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (out[i] != std::fma(a, x[i], y[i])) // nvcc contracts a*x+y into one fma.rn.f32
      ++wrong;
  std::printf("saxpy: %d elements checked, %d wrong: %s\n", n, wrong, wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}

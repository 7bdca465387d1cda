// toolkit-math-device: runs DeviceFunctions.def in a kernel compiled by Clang with
// p2m-libdevice.bc (PTX -> ptx2metal -> libcuda's backend) and compares every result's bits with
// the host build of the same library. Inputs avoid subnormals, and results that are subnormal
// on the host are not compared: the backend flushes f32 subnormals as Apple GPUs do
// (docs/device-math.md), which is the documented deviation, not a library difference.
//   toolkit-math-device KERNEL.ptx [N]
#include <cuda.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#define __DEVICE__
#include <__clang_cuda_libdevice_declares.h>

#define CHECK(call)                                                                           \
  do {                                                                                        \
    CUresult result_ = (call);                                                                \
    if (result_ != CUDA_SUCCESS) {                                                            \
      const char* name_ = nullptr;                                                            \
      cuGetErrorName(result_, &name_);                                                        \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,               \
                   name_ ? name_ : "unknown error");                                          \
      return 1;                                                                               \
    }                                                                                         \
  } while (0)

namespace {
struct Names {
  std::vector<const char*> f, d, i;
};
Names names()
{
  Names n;
#define F(name, expr) n.f.push_back(#name);
#define D(name, expr) n.d.push_back(#name);
#define I(name, expr) n.i.push_back(#name);
#include "DeviceFunctions.def"
#undef F
#undef D
#undef I
  return n;
}
// The host's results for one input pair, in the kernel's order.
void hostResults(float x, float y, double dx, double dy, float* of, double* od, int* oi)
{
  int f = 0, d = 0, k = 0;
#define F(name, expr) of[f++] = (expr);
#define D(name, expr) od[d++] = (expr);
#define I(name, expr) oi[k++] = (expr);
#include "DeviceFunctions.def"
#undef F
#undef D
#undef I
}
bool subnormal(double v) { return v != 0 && std::fabs(v) < 0x1p-126; }
bool sameBits(float a, float b) { return std::memcmp(&a, &b, 4) == 0 || (a != a && b != b); }
bool sameBits(double a, double b) { return std::memcmp(&a, &b, 8) == 0 || (a != a && b != b); }
} // namespace

int main(int argc, char** argv)
{
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s KERNEL.ptx [N]\n", argv[0]);
    return 2;
  }
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  std::string ptx = text.str();
  int n = argc > 2 ? std::atoi(argv[2]) : 2048;
  Names nm = names();
  int nf = static_cast<int>(nm.f.size()), nd = static_cast<int>(nm.d.size()),
      ni = static_cast<int>(nm.i.size());

  // Inputs: a grid of special values, then random normal numbers over several scales.
  std::vector<float> xs, ys;
  std::vector<double> dxs, dys;
  const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 3.5f, -2.5f, 100.0f, 1e-3f,
                           INFINITY, -INFINITY, NAN, 1e30f, -88.0f, 0.999f};
  for (float a : special)
    for (float b : special) {
      xs.push_back(a);
      ys.push_back(b);
    }
  std::mt19937 rng(27);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::uniform_int_distribution<int> expo(-20, 20);
  while (static_cast<int>(xs.size()) < n) {
    xs.push_back(std::ldexp(unit(rng), expo(rng)));
    ys.push_back(std::ldexp(unit(rng), expo(rng) / 4));
  }
  n = static_cast<int>(xs.size());
  for (int k = 0; k < n; ++k) {
    dxs.push_back(static_cast<double>(xs[k]) * (1 + 0x1p-30));
    dys.push_back(static_cast<double>(ys[k]) * (1 - 0x1p-31));
  }

  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUmodule mod;
  CHECK(cuModuleLoadData(&mod, ptx.c_str()));
  CUfunction fn;
  CHECK(cuModuleGetFunction(&fn, mod, "deviceMath"));
  CUdeviceptr px, py, pdx, pdy, pf, pd, pi;
  CHECK(cuMemAlloc(&px, n * sizeof(float)));
  CHECK(cuMemAlloc(&py, n * sizeof(float)));
  CHECK(cuMemAlloc(&pdx, n * sizeof(double)));
  CHECK(cuMemAlloc(&pdy, n * sizeof(double)));
  CHECK(cuMemAlloc(&pf, static_cast<size_t>(n) * nf * sizeof(float)));
  CHECK(cuMemAlloc(&pd, static_cast<size_t>(n) * nd * sizeof(double)));
  CHECK(cuMemAlloc(&pi, static_cast<size_t>(n) * ni * sizeof(int)));
  CHECK(cuMemcpyHtoD(px, xs.data(), n * sizeof(float)));
  CHECK(cuMemcpyHtoD(py, ys.data(), n * sizeof(float)));
  CHECK(cuMemcpyHtoD(pdx, dxs.data(), n * sizeof(double)));
  CHECK(cuMemcpyHtoD(pdy, dys.data(), n * sizeof(double)));
  void* args[] = {&px, &py, &pdx, &pdy, &pf, &pd, &pi, &n};
  CHECK(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  std::vector<float> devF(static_cast<size_t>(n) * nf);
  std::vector<double> devD(static_cast<size_t>(n) * nd);
  std::vector<int> devI(static_cast<size_t>(n) * ni);
  CHECK(cuMemcpyDtoH(devF.data(), pf, devF.size() * sizeof(float)));
  CHECK(cuMemcpyDtoH(devD.data(), pd, devD.size() * sizeof(double)));
  CHECK(cuMemcpyDtoH(devI.data(), pi, devI.size() * sizeof(int)));

  std::vector<float> hf(nf);
  std::vector<double> hd(nd);
  std::vector<int> hi(ni);
  std::vector<long> badF(nf), badD(nd), badI(ni);
  long compared = 0, skipped = 0, mismatches = 0;
  for (int k = 0; k < n; ++k) {
    hostResults(xs[k], ys[k], dxs[k], dys[k], hf.data(), hd.data(), hi.data());
    for (int j = 0; j < nf; ++j) {
      float dv = devF[static_cast<size_t>(k) * nf + j];
      if (subnormal(hf[j]) || subnormal(dv)) {
        ++skipped;
        continue;
      }
      ++compared;
      if (!sameBits(dv, hf[j]) && badF[j]++ < 3)
        std::printf("%s(%a, %a): device %a host %a\n", nm.f[j], xs[k], ys[k], dv, hf[j]);
    }
    for (int j = 0; j < nd; ++j) {
      double dv = devD[static_cast<size_t>(k) * nd + j];
      ++compared;
      if (!sameBits(dv, hd[j]) && badD[j]++ < 3)
        std::printf("%s(%a, %a): device %a host %a\n", nm.d[j], dxs[k], dys[k], dv, hd[j]);
    }
    for (int j = 0; j < ni; ++j) {
      int dv = devI[static_cast<size_t>(k) * ni + j];
      ++compared;
      if (dv != hi[j] && badI[j]++ < 3)
        std::printf("%s(%a, %a): device %d host %d\n", nm.i[j], xs[k], ys[k], dv, hi[j]);
    }
  }
  for (int j = 0; j < nf; ++j)
    mismatches += badF[j];
  for (int j = 0; j < nd; ++j)
    mismatches += badD[j];
  for (int j = 0; j < ni; ++j)
    mismatches += badI[j];
  CHECK(cuModuleUnload(mod));
  CHECK(cuDevicePrimaryCtxRelease(dev));
  std::printf("%d inputs x %d functions: %ld results compared, %ld bit mismatches, %ld "
              "skipped (subnormal float results, flushed on the device)\n",
              n, nf + nd + ni, compared, mismatches, skipped);
  return mismatches ? 1 : 0;
}

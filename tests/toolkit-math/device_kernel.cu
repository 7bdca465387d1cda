// The device side of toolkit-math-device: every function of DeviceFunctions.def on one input
// pair per thread. Compiled by Clang with p2m-libdevice.bc linked in, then run from its PTX.
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#include <__clang_cuda_libdevice_declares.h>

#define F(name, expr) +1
#define D(name, expr)
#define I(name, expr)
constexpr int kFloats = 0
#include "DeviceFunctions.def"
  ;
#undef F
#undef D
#define F(name, expr)
#define D(name, expr) +1
constexpr int kDoubles = 0
#include "DeviceFunctions.def"
  ;
#undef D
#undef I
#define D(name, expr)
#define I(name, expr) +1
constexpr int kInts = 0
#include "DeviceFunctions.def"
  ;
#undef F
#undef D
#undef I

extern "C" __global__ void deviceMath(const float* xs, const float* ys, const double* dxs,
                                      const double* dys, float* outF, double* outD, int* outI,
                                      int n)
{
  int i = static_cast<int>(__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
                           __nvvm_read_ptx_sreg_tid_x());
  if (i >= n)
    return;
  float x = xs[i], y = ys[i];
  double dx = dxs[i], dy = dys[i];
  int f = 0, d = 0, k = 0;
#define F(name, expr) outF[i * kFloats + f++] = (expr);
#define D(name, expr) outD[i * kDoubles + d++] = (expr);
#define I(name, expr) outI[i * kInts + k++] = (expr);
#include "DeviceFunctions.def"
#undef F
#undef D
#undef I
}

// Register vectors (`.reg .v2 .f32 %v`, `.reg .v4 .b32 %q<2>`) through hand-written PTX (nvcc
// never declares them): components read and written as %v.x ... %v.w and %v.r ... %v.a, whole
// vectors loaded, stored and moved, vector .reg parameters and return values of a .func, a
// register vector passed to them and received from them. Prints one line per output word.
// Only cuda.h calls, so the same program runs with NVIDIA's driver and with ptx2metal's
// libcuda.so.1 (meson test probe-vector-registers, against expected/vector_registers.txt: the
// lines an H100 printed on 2026-12-06, driver 580.159.04, the same as the host backend's):
//   nvcc -O2 -o vector_registers tests/probes/vector_registers_driver.cpp -lcuda && ./vector_registers
#include "driver_check.h"

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

static const char *kPtx = R"(
.version 8.3
.target sm_80
.address_size 64

// (a.x + b.x, a.y * b.y), and (a.y, a.x) through the second return vector's colour names.
.func (.reg .v2 .f32 %sum, .reg .v2 .f32 %swapped) combine(.reg .v2 .f32 %a, .reg .v2 .f32 %b)
{
  add.f32 %sum.x, %a.x, %b.x;
  mul.f32 %sum.y, %a.y, %b.y;
  mov.v2.f32 %swapped, {%a.g, %a.r};
  ret;
}

// Each of the four words rotated left by its lane's count (1, 2, 3, 4 bits), plus a scalar.
.func (.reg .v4 .b32 %out) rotate(.reg .v4 .b32 %in, .reg .b32 %k)
{
  .reg .b32 %t;
  shf.l.wrap.b32 %out.x, %in.x, %in.x, 1;
  shf.l.wrap.b32 %out.y, %in.y, %in.y, 2;
  shf.l.wrap.b32 %out.z, %in.z, %in.z, 3;
  shf.l.wrap.b32 %t, %in.w, %in.w, 4;
  add.u32 %out.a, %t, %k;
  ret;
}

// out[16 * tid ..] from in[8 * tid ..]: the combine results, the rotated words, a whole-vector
// move between ranged vector registers and a vector store of one.
.visible .entry vectors(.param .u64 out, .param .u64 in)
{
  .reg .v2 .f32 %v<4>;
  .reg .v4 .b32 %q<3>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<7>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [in];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 32;
  add.u64 %rd4, %rd2, %rd3;
  mul.wide.u32 %rd5, %r1, 64;
  add.u64 %rd6, %rd1, %rd5;
  ld.global.v2.f32 %v0, [%rd4];
  ld.global.v2.f32 {%v1.x, %v1.y}, [%rd4+8];
  call (%v2, %v3), combine, (%v0, %v1);
  st.global.v2.f32 [%rd6], %v2;
  st.global.v2.f32 [%rd6+8], {%v3.x, %v3.y};
  ld.global.v4.u32 %q0, [%rd4+16];
  call (%q1), rotate, (%q0, %r1);
  mov.v4.b32 %q2, %q1;
  st.global.v4.u32 [%rd6+16], %q2;
  mov.b32 %r2, %q2.z;
  st.global.u32 [%rd6+32], %r2;
  st.global.v4.u32 [%rd6+48], {%q0.w, %q0.z, %q0.y, %q0.x};
  ret;
}
)";

int main()
{
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUmodule mod;
  CHECK(cuModuleLoadData(&mod, kPtx));
  CUfunction fn;
  CHECK(cuModuleGetFunction(&fn, mod, "vectors"));

  constexpr int kThreads = 4;
  uint32_t in[8 * kThreads], out[16 * kThreads];
  for (int t = 0; t < kThreads; ++t) {
    float f[4] = {1.5f + t, -2.25f * (t + 1), 0.375f - t, 8.0f / (t + 1)};
    std::memcpy(&in[8 * t], f, sizeof f);
    for (int i = 0; i < 4; ++i)
      in[8 * t + 4 + i] = 0x80000001u * (uint32_t)(t + 1) + 0x01234567u * (uint32_t)i;
  }
  std::memset(out, 0xcd, sizeof out);
  CUdeviceptr dIn, dOut;
  CHECK(cuMemAlloc(&dIn, sizeof in));
  CHECK(cuMemAlloc(&dOut, sizeof out));
  CHECK(cuMemcpyHtoD(dIn, in, sizeof in));
  CHECK(cuMemcpyHtoD(dOut, out, sizeof out));
  void *args[] = {&dOut, &dIn};
  CHECK(cuLaunchKernel(fn, 1, 1, 1, kThreads, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(out, dOut, sizeof out));
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < 16; ++i)
      std::printf("thread %d word %2d: %08x\n", t, i, out[16 * t + i]);
  CHECK(cuMemFree(dIn));
  CHECK(cuMemFree(dOut));
  CHECK(cuModuleUnload(mod));
  CHECK(cuDevicePrimaryCtxRelease(dev));
  return 0;
}

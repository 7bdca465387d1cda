// Probe: isspacep.param, isspacep.param::entry and isspacep.const on generic addresses of each
// kind (a kernel parameter's, after cvta.param; a .const variable's; a global buffer's; a
// .shared variable's; a .local one's; 0). Hand-written PTX through the driver API; prints one
// line per address kind with the three answers (docs/gpu-facts.md has the findings).
// Only cuda.h calls, so the same program runs on the GPU machine with NVIDIA's driver and here
// with ptx2metal's libcuda.so.1 (meson test probe-isspacep, against expected/isspacep.txt):
//   nvcc -O2 -o isspacep isspacep_driver.cpp -lcuda && ./isspacep
#include <cuda.h>
#include <cstdio>

static const char *kPtx = R"(
.version 8.3
.target sm_90
.address_size 64
.const .align 4 .u32 cval[4] = {1, 2, 3, 4};
.visible .entry probe(.param .u64 out, .param .u64 buf, .param .u32 n)
{
  .reg .pred %p<4>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<16>;
  .shared .align 4 .u32 sval[4];
  .local .align 4 .u32 lval[4];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.param.u64 %rd2, [buf];
  mov.u64 %rd3, n;
  cvta.param.u64 %rd3, %rd3;
  mov.u64 %rd4, cval;
  cvta.const.u64 %rd4, %rd4;
  mov.u64 %rd5, sval;
  cvta.shared.u64 %rd5, %rd5;
  mov.u64 %rd6, lval;
  cvta.local.u64 %rd6, %rd6;
  mov.u64 %rd7, 0;
  // one row of three words per address: param, param::entry, const
  mov.u64 %rd10, %rd1;
  isspacep.param %p1, %rd3; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10], %r1;
  isspacep.param::entry %p1, %rd3; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+4], %r1;
  isspacep.const %p1, %rd3; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+8], %r1;
  isspacep.param %p1, %rd4; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+12], %r1;
  isspacep.param::entry %p1, %rd4; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+16], %r1;
  isspacep.const %p1, %rd4; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+20], %r1;
  isspacep.param %p1, %rd2; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+24], %r1;
  isspacep.param::entry %p1, %rd2; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+28], %r1;
  isspacep.const %p1, %rd2; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+32], %r1;
  isspacep.param %p1, %rd5; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+36], %r1;
  isspacep.param::entry %p1, %rd5; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+40], %r1;
  isspacep.const %p1, %rd5; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+44], %r1;
  isspacep.param %p1, %rd6; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+48], %r1;
  isspacep.param::entry %p1, %rd6; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+52], %r1;
  isspacep.const %p1, %rd6; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+56], %r1;
  isspacep.param %p1, %rd7; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+60], %r1;
  isspacep.param::entry %p1, %rd7; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+64], %r1;
  isspacep.const %p1, %rd7; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+68], %r1;
  isspacep.global %p1, %rd4; selp.u32 %r1, 1, 0, %p1; st.global.u32 [%rd10+72], %r1;
  st.global.u64 [%rd10+80], %rd3;
  st.global.u64 [%rd10+88], %rd4;
  st.local.u32 [lval], %r1;
  ret;
}
)";

#define CHECK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_; cuGetErrorString(r_, &s_); \
  std::printf("%s failed: %s\n", #x, s_); return 1; } } while (0)

int main() {
  CUdevice dev; CUcontext ctx; CUmodule mod; CUfunction fn;
  char log[8192] = {0};
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)sizeof(log)};
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuCtxCreate(&ctx, nullptr, 0, dev));
  if (cuModuleLoadDataEx(&mod, kPtx, 2, opts, vals) != CUDA_SUCCESS) {
    std::printf("load failed: %s\n", log);
    return 1;
  }
  CHECK(cuModuleGetFunction(&fn, mod, "probe"));
  CUdeviceptr out, buf;
  CHECK(cuMemAlloc(&out, 128));
  CHECK(cuMemAlloc(&buf, 16));
  CHECK(cuMemsetD8(out, 0xA5, 128));
  unsigned n = 7;
  void *args[] = {&out, &buf, &n};
  CHECK(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  unsigned w[32];
  CHECK(cuMemcpyDtoH(w, out, 128));
  const char *kinds[] = {"param (cvta.param)", "const (cvta.const)", "global buffer", "shared (cvta.shared)",
                         "local (cvta.local)", "0"};
  std::printf("%-22s param param::entry const\n", "generic address of");
  for (int k = 0; k < 6; ++k)
    std::printf("%-22s %5u %12u %5u\n", kinds[k], w[3 * k], w[3 * k + 1], w[3 * k + 2]);
  std::printf("isspacep.global of the const address: %u\n", w[18]);
  std::printf("param address %016llx, const address %016llx\n", *(unsigned long long *)&w[20],
              *(unsigned long long *)&w[22]);
  return 0;
}

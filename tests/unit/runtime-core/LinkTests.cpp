// The Driver API's JIT linker (cuLink*, lib/runtime/cuda/LinkApi.cpp), called as a program calls
// it through NVIDIA's cuda.h: PTX modules whose .extern functions and variables are defined in
// one another link into an image that cuModuleLoadData loads and that launches and computes;
// files, fatbins and objects are inputs too, a static library's members only where needed;
// misuse and link errors return CUDA's codes, with the located messages in the error log. The
// driver is process-wide state: the test cases run in file order and the first runs before cuInit.
#include <cuda.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string readSource(const std::string &relative) {
  std::ifstream in(std::string(P2M_SOURCE_ROOT) + "/" + relative, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string sourcePath(const std::string &relative) { return std::string(P2M_SOURCE_ROOT) + "/" + relative; }

void makePrimaryCurrent() {
  static CUcontext context = [] {
    CUcontext c = nullptr;
    REQUIRE(cuDevicePrimaryCtxRetain(&c, 0) == CUDA_SUCCESS);
    return c;
  }();
  REQUIRE(cuCtxSetCurrent(context) == CUDA_SUCCESS);
}

const char *kHeader = ".version 8.0\n.target sm_80\n.address_size 64\n";

// A kernel that adds `inc(base)` to each element, and calls `ops[i & 1]` through a function
// table: every one of them defined in the other module.
std::string kernels() {
  return std::string(kHeader) + R"(
.extern .func (.param .b32 r) inc(.param .b32 a);
.extern .global .align 4 .u32 base;
.extern .global .align 8 .u64 ops[2];

.visible .entry addInc(.param .u64 out, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	setp.ge.u32 %p1, %r2, %r1;
	@%p1 bra DONE;
	ld.global.u32 %r3, [base];
	{
	.param .b32 a0;
	st.param.b32 [a0], %r3;
	.param .b32 r0;
	call.uni (r0), inc, (a0);
	ld.param.b32 %r4, [r0];
	}
	mul.wide.u32 %rd2, %r2, 4;
	add.s64 %rd3, %rd1, %rd2;
	add.u32 %r5, %r4, %r2;
	st.global.u32 [%rd3], %r5;
DONE:
	ret;
}

.visible .entry callOps(.param .u64 out)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	mul.wide.u32 %rd2, %r2, 8;
	mov.u64 %rd3, ops;
	add.s64 %rd4, %rd3, %rd2;
	ld.global.u64 %rd5, [%rd4];
	{
	.param .b32 a0;
	st.param.b32 [a0], %r1;
	.param .b32 r0;
	proto: .callprototype (.param .b32 _) _ (.param .b32 _);
	call (r0), %rd5, (a0), proto;
	ld.param.b32 %r3, [r0];
	}
	mul.wide.u32 %rd6, %r1, 4;
	add.s64 %rd7, %rd1, %rd6;
	st.global.u32 [%rd7], %r3;
	ret;
}
)";
}

std::string definitions() {
  return std::string(kHeader) + R"(
.visible .global .align 4 .u32 base = 100;
.visible .func (.param .b32 r) inc(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, 1;
	st.param.b32 [r], %r2;
	ret;
}
.visible .func (.param .b32 r) negate(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	neg.s32 %r2, %r1;
	st.param.b32 [r], %r2;
	ret;
}
.visible .func (.param .b32 r) square(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	mul.lo.s32 %r2, %r1, %r1;
	st.param.b32 [r], %r2;
	ret;
}
.visible .global .align 8 .u64 ops[2] = {negate, square};
)";
}

CUresult addPtx(CUlinkState state, const std::string &ptx, const char *name) {
  return cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<char *>(ptx.c_str()), ptx.size() + 1, name, 0, nullptr,
                       nullptr);
}

// Runs `kernel` of `module` over 64 threads, (out, n = 64), and returns what it wrote.
std::vector<int> run(CUmodule module, const char *kernel) {
  CUfunction f = nullptr;
  REQUIRE(cuModuleGetFunction(&f, module, kernel) == CUDA_SUCCESS);
  CUdeviceptr out = 0;
  REQUIRE(cuMemAlloc(&out, 64 * sizeof(int)) == CUDA_SUCCESS);
  REQUIRE(cuMemsetD32(out, 0, 64) == CUDA_SUCCESS);
  unsigned n = 64;
  void *params[] = {&out, &n};
  REQUIRE(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr) == CUDA_SUCCESS);
  std::vector<int> host(64);
  REQUIRE(cuMemcpyDtoH(host.data(), out, 64 * sizeof(int)) == CUDA_SUCCESS);
  REQUIRE(cuMemFree(out) == CUDA_SUCCESS);
  return host;
}

} // namespace

TEST_CASE("link: cuLink* needs cuInit and a context", "[runtime-link]") {
  CUlinkState state = nullptr;
  CHECK(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_ERROR_NOT_INITIALIZED);
  CHECK(cuLinkDestroy(state) == CUDA_ERROR_NOT_INITIALIZED);
  REQUIRE(cuInit(0) == CUDA_SUCCESS);
  CHECK(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_ERROR_INVALID_CONTEXT);
  makePrimaryCurrent();
  CHECK(cuLinkCreate(0, nullptr, nullptr, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLinkCreate(2, nullptr, nullptr, &state) == CUDA_ERROR_INVALID_VALUE);
  CUjit_option bad[] = {static_cast<CUjit_option>(9999)};
  void *badValues[] = {nullptr};
  CHECK(cuLinkCreate(1, bad, badValues, &state) == CUDA_ERROR_INVALID_VALUE);
}

TEST_CASE("link: two PTX modules link, load and launch", "[runtime-link]") {
  makePrimaryCurrent();
  char info[4096] = {}, errors[4096] = {};
  float wallTime = -1;
  CUjit_option options[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_WALL_TIME, CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {info, reinterpret_cast<void *>(uintptr_t(sizeof info)), errors,
                    reinterpret_cast<void *>(uintptr_t(sizeof errors)), nullptr, reinterpret_cast<void *>(uintptr_t(3))};
  CUlinkState state = nullptr;
  REQUIRE(cuLinkCreate(6, options, values, &state) == CUDA_SUCCESS);
  std::string a = kernels(), b = definitions();
  REQUIRE(addPtx(state, a, "kernels.ptx") == CUDA_SUCCESS);
  REQUIRE(addPtx(state, b, "definitions.ptx") == CUDA_SUCCESS);
  void *image = nullptr;
  size_t size = 0;
  REQUIRE(cuLinkComplete(state, &image, &size) == CUDA_SUCCESS);
  REQUIRE(image != nullptr);
  std::string linked(static_cast<const char *>(image));
  CHECK(size == linked.size() + 1);
  CHECK(linked.find(".extern") == std::string::npos);
  CHECK(std::string(errors).empty());
  CHECK(std::string(info).find("linked 2 PTX input(s)") != std::string::npos);
  CHECK(reinterpret_cast<uintptr_t>(values[1]) == std::strlen(info) + 1); // bytes filled, written back
  std::memcpy(&wallTime, &values[4], sizeof wallTime);
  CHECK(wallTime >= 0.0f);

  // Completing again gives the same image; adding to a complete link is refused.
  void *again = nullptr;
  CHECK(cuLinkComplete(state, &again, nullptr) == CUDA_SUCCESS);
  CHECK(again == image);
  CHECK(addPtx(state, a, "late.ptx") == CUDA_ERROR_ILLEGAL_STATE);
  CHECK(std::string(errors).find("the link is complete") != std::string::npos);

  CUmodule module = nullptr;
  REQUIRE(cuModuleLoadData(&module, image) == CUDA_SUCCESS);
  REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS); // the loaded module does not need the image
  std::vector<int> sums = run(module, "addInc");
  for (int i = 0; i < 64; ++i)
    CHECK(sums[size_t(i)] == 101 + i);
  std::vector<int> ops = run(module, "callOps");
  for (int i = 0; i < 64; ++i)
    CHECK(ops[size_t(i)] == ((i & 1) ? i * i : -i));

  // The other module's variable is the linked module's: the host writes it.
  CUdeviceptr base = 0;
  size_t bytes = 0;
  REQUIRE(cuModuleGetGlobal(&base, &bytes, module, "base") == CUDA_SUCCESS);
  CHECK(bytes == 4);
  int value = 1000;
  REQUIRE(cuMemcpyHtoD(base, &value, sizeof value) == CUDA_SUCCESS);
  sums = run(module, "addInc");
  CHECK(sums[5] == 1006);
  CHECK(cuModuleUnload(module) == CUDA_SUCCESS);

  // Stale handle.
  CHECK(cuLinkDestroy(state) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(cuLinkComplete(state, &image, nullptr) == CUDA_ERROR_INVALID_HANDLE);
  CHECK(addPtx(state, a, "x.ptx") == CUDA_ERROR_INVALID_HANDLE);
}

TEST_CASE("link: the same modules in another order make the same image", "[runtime-link]") {
  makePrimaryCurrent();
  std::string images[2];
  for (int order = 0; order < 2; ++order) {
    CUlinkState state = nullptr;
    REQUIRE(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_SUCCESS);
    std::string a = kernels(), b = definitions();
    REQUIRE(addPtx(state, order ? b : a, "first.ptx") == CUDA_SUCCESS);
    REQUIRE(addPtx(state, order ? a : b, "second.ptx") == CUDA_SUCCESS);
    void *image = nullptr;
    REQUIRE(cuLinkComplete(state, &image, nullptr) == CUDA_SUCCESS);
    images[order] = static_cast<const char *>(image);
    REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS);
  }
  CHECK(images[0] == images[1]);
}

TEST_CASE("link: errors are CUDA's codes, with the located messages in the error log", "[runtime-link]") {
  makePrimaryCurrent();
  char errors[4096] = {};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errors, reinterpret_cast<void *>(uintptr_t(sizeof errors))};
  CUlinkState state = nullptr;
  REQUIRE(cuLinkCreate(2, options, values, &state) == CUDA_SUCCESS);
  std::string a = kernels();
  CHECK(cuLinkComplete(state, nullptr, nullptr) == CUDA_ERROR_INVALID_VALUE);
  void *image = nullptr;
  CHECK(cuLinkComplete(state, &image, nullptr) == CUDA_ERROR_INVALID_VALUE); // nothing added
  CHECK(cuLinkAddData(state, CU_JIT_INPUT_PTX, nullptr, 10, "x", 0, nullptr, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<char *>(a.c_str()), 0, "x", 0, nullptr, nullptr) ==
        CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLinkAddData(state, static_cast<CUjitInputType>(77), const_cast<char *>(a.c_str()), a.size(), "x", 0,
                      nullptr, nullptr) == CUDA_ERROR_INVALID_VALUE);
  CUjit_option linkerOnly[] = {CU_JIT_WALL_TIME};
  void *linkerOnlyValues[] = {nullptr};
  CHECK(cuLinkAddData(state, CU_JIT_INPUT_PTX, const_cast<char *>(a.c_str()), a.size() + 1, "x", 1, linkerOnly,
                      linkerOnlyValues) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLinkAddData(state, CU_JIT_INPUT_CUBIN, const_cast<char *>(a.c_str()), a.size(), "k.cubin", 0, nullptr,
                      nullptr) == CUDA_ERROR_NOT_SUPPORTED);
  CHECK(cuLinkAddData(state, CU_JIT_INPUT_NVVM, const_cast<char *>(a.c_str()), a.size(), "k.ltoir", 0, nullptr,
                      nullptr) == CUDA_ERROR_NOT_SUPPORTED);
  CHECK(std::string(errors).find("k.cubin: a cubin is NVIDIA machine code") != std::string::npos);
  std::string broken = std::string(kHeader) + ".visible .entry k()\n{\n\tadd.s32 %r1;\n}\n";
  CHECK(addPtx(state, broken, "broken.ptx") == CUDA_ERROR_INVALID_PTX);
  CHECK(std::string(errors).find("broken.ptx:6:") != std::string::npos);
  CHECK(cuLinkAddFile(state, CU_JIT_INPUT_PTX, "/nonexistent/x.ptx", 0, nullptr, nullptr) == CUDA_ERROR_FILE_NOT_FOUND);
  CHECK(cuLinkAddFile(state, CU_JIT_INPUT_PTX, nullptr, 0, nullptr, nullptr) == CUDA_ERROR_INVALID_VALUE);

  // The kernels alone: every name they need is unresolved.
  REQUIRE(addPtx(state, a, "kernels.ptx") == CUDA_SUCCESS);
  CHECK(cuLinkComplete(state, &image, nullptr) == CUDA_ERROR_INVALID_IMAGE);
  std::string log = errors;
  INFO(log);
  CHECK(log.find("kernels.ptx:5:31: error: unresolved external function 'inc'") != std::string::npos);
  CHECK(log.find("unresolved external variable 'base'") != std::string::npos);
  CHECK(reinterpret_cast<uintptr_t>(values[1]) == log.size() + 1);
  CHECK(cuLinkDestroy(state) == CUDA_SUCCESS);

  // Defined twice.
  REQUIRE(cuLinkCreate(2, options, values, &state) == CUDA_SUCCESS);
  std::string b = definitions();
  REQUIRE(addPtx(state, a, "kernels.ptx") == CUDA_SUCCESS);
  REQUIRE(addPtx(state, b, "one.ptx") == CUDA_SUCCESS);
  REQUIRE(addPtx(state, b + "\n// another copy\n", "two.ptx") == CUDA_SUCCESS);
  CHECK(cuLinkComplete(state, &image, nullptr) == CUDA_ERROR_INVALID_IMAGE);
  CHECK(std::string(errors).find("error: duplicate definition of 'inc'") != std::string::npos);
  CHECK(cuLinkDestroy(state) == CUDA_SUCCESS);
}

TEST_CASE("link: files, fatbins, objects and libraries are inputs", "[runtime-link]") {
  makePrimaryCurrent();
  // The PTX of an nvcc -rdc program's two units (tests/inputs/link), from files.
  CUlinkState state = nullptr;
  REQUIRE(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_SUCCESS);
  for (const char *unit : {"main", "lib"}) {
    std::string path = sourcePath(std::string("tests/inputs/link/rdc_device_call_") + unit + ".sm_80.ptx");
    REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_PTX, path.c_str(), 0, nullptr, nullptr) == CUDA_SUCCESS);
  }
  void *image = nullptr;
  REQUIRE(cuLinkComplete(state, &image, nullptr) == CUDA_SUCCESS);
  CUmodule module = nullptr;
  REQUIRE(cuModuleLoadData(&module, image) == CUDA_SUCCESS);
  REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS);
  std::vector<int> ops = run(module, "_Z9callTablePii");
  for (int i = 0; i < 64; ++i)
    CHECK(ops[size_t(i)] == ((i & 1) ? i * i : -i));
  std::vector<int> applied = run(module, "_Z5applyPii");
  const int table[4] = {10, 20, 30, 40};
  for (int i = 0; i < 64; ++i)
    CHECK(applied[size_t(i)] == i * 3 + table[i & 3]);
  CHECK(cuModuleUnload(module) == CUDA_SUCCESS);

  // A fatbin (nvcc's, the `scale` kernel), an -rdc object holding the same kernel, and a static
  // library of both: a library's members are linked only where another input needs them.
  auto scaleRuns = [](CUmodule m) {
    CUfunction f = nullptr;
    return cuModuleGetFunction(&f, m, "scale") == CUDA_SUCCESS;
  };
  std::string fatbin = readSource("tests/inputs/fatbin/kernel.fatbin");
  std::vector<uint64_t> aligned((fatbin.size() + 7) / 8);
  std::memcpy(aligned.data(), fatbin.data(), fatbin.size());
  REQUIRE(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_SUCCESS);
  REQUIRE(cuLinkAddData(state, CU_JIT_INPUT_FATBINARY, aligned.data(), fatbin.size(), "kernel.fatbin", 0, nullptr,
                        nullptr) == CUDA_SUCCESS);
  std::string library = sourcePath("tests/inputs/fatbin/fatbins.a");
  REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_LIBRARY, library.c_str(), 0, nullptr, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuLinkComplete(state, &image, nullptr) == CUDA_SUCCESS); // the members define `scale` again: not pulled in
  REQUIRE(cuModuleLoadData(&module, image) == CUDA_SUCCESS);
  CHECK(scaleRuns(module));
  CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
  REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS);

  REQUIRE(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_SUCCESS);
  std::string object = sourcePath("tests/inputs/fatbin/kernel-rdc.o");
  REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_OBJECT, object.c_str(), 0, nullptr, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuLinkComplete(state, &image, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuModuleLoadData(&module, image) == CUDA_SUCCESS);
  CHECK(scaleRuns(module));
  CHECK(cuModuleUnload(module) == CUDA_SUCCESS);
  REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS);

  // An -rdc program's first unit as PTX, the library of both units' objects beside it: only the
  // member the PTX needs is linked (the other defines the same kernels again).
  REQUIRE(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_SUCCESS);
  REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_PTX, sourcePath("tests/inputs/link/rdc_device_call_main.sm_80.ptx").c_str(),
                        0, nullptr, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_LIBRARY, sourcePath("tests/inputs/link/rdc_device_call.a").c_str(), 0,
                        nullptr, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuLinkComplete(state, &image, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuModuleLoadData(&module, image) == CUDA_SUCCESS);
  REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS);
  ops = run(module, "_Z9callTablePii");
  for (int i = 0; i < 64; ++i)
    CHECK(ops[size_t(i)] == ((i & 1) ? i * i : -i));
  CHECK(cuModuleUnload(module) == CUDA_SUCCESS);

  // The object twice: `scale` defined twice.
  REQUIRE(cuLinkCreate(0, nullptr, nullptr, &state) == CUDA_SUCCESS);
  REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_OBJECT, object.c_str(), 0, nullptr, nullptr) == CUDA_SUCCESS);
  REQUIRE(cuLinkAddFile(state, CU_JIT_INPUT_FATBINARY, sourcePath("tests/inputs/fatbin/kernel-plain.fatbin").c_str(), 0,
                        nullptr, nullptr) == CUDA_SUCCESS);
  CHECK(cuLinkComplete(state, &image, nullptr) == CUDA_ERROR_INVALID_IMAGE);
  REQUIRE(cuLinkDestroy(state) == CUDA_SUCCESS);
}

TEST_CASE("link: cuGetProcAddress answers the cuLink functions", "[runtime-link]") {
  void *fn = nullptr;
  CUdriverProcAddressQueryResult status{};
  REQUIRE(cuGetProcAddress("cuLinkCreate", &fn, CUDA_VERSION, 0, &status) == CUDA_SUCCESS);
  CHECK(status == CU_GET_PROC_ADDRESS_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuLinkCreate)); // cuda.h maps it to cuLinkCreate_v2
  for (const char *name : {"cuLinkAddData", "cuLinkAddFile", "cuLinkComplete", "cuLinkDestroy"}) {
    INFO(name);
    fn = nullptr;
    CHECK(cuGetProcAddress(name, &fn, CUDA_VERSION, 0, &status) == CUDA_SUCCESS);
    CHECK(fn != nullptr);
  }
  REQUIRE(cuGetProcAddress("cuLinkComplete", &fn, CUDA_VERSION, 0, &status) == CUDA_SUCCESS);
  CHECK(fn == reinterpret_cast<void *>(&cuLinkComplete));
}

// Runs the toolkit's device-header test kernels (kernels/*.cu, compiled to PTX by clang with the
// toolkit's cuda_runtime.h) through the CUDA Driver API, and checks every result against values
// computed here on the host. Linked with ptx2metal's libcuda.so.1 it runs their translation.
//
// usage: device_headers_driver CASE PTX_DIRECTORY
//   CASE: atomics, atomics16, warp, fp16, bf16, coop, wide_tiles, grid, pipeline, intrinsics, printf, assert
// Prints "CASE: N checks, M failed" and exits 1 if any failed. The assert case expects the launch
// to fail with CUDA_ERROR_ASSERT (the failure is sticky, so it runs in a process of its own).
#include "NarrowReference.h"

#include <cuda.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

int checks = 0, failures = 0;

void expectEq(long long got, long long want, const std::string &what) {
  ++checks;
  if (got != want && failures++ < 40)
    std::fprintf(stderr, "%s: got %lld (0x%llx), expected %lld (0x%llx)\n", what.c_str(), got,
                 (unsigned long long)got, want, (unsigned long long)want);
}
void expectTrue(bool ok, const std::string &what) {
  ++checks;
  if (!ok && failures++ < 40)
    std::fprintf(stderr, "%s: failed\n", what.c_str());
}

[[noreturn]] void fail(CUresult r, const char *call, int line) {
  const char *name = nullptr;
  cuGetErrorName(r, &name);
  std::fprintf(stderr, "line %d: %s failed: %s\n", line, call, name ? name : "unknown error");
  std::exit(1);
}
#define CU(call)                                                                                   \
  do {                                                                                             \
    CUresult r_ = (call);                                                                          \
    if (r_ != CUDA_SUCCESS)                                                                        \
      fail(r_, #call, __LINE__);                                                                   \
  } while (0)

std::string ptxDir;

CUmodule loadModule(const std::string &name) {
  std::ifstream file(ptxDir + "/" + name + ".ptx");
  if (!file) {
    std::fprintf(stderr, "cannot read %s/%s.ptx\n", ptxDir.c_str(), name.c_str());
    std::exit(2);
  }
  std::stringstream text;
  text << file.rdbuf();
  std::string ptx = text.str();
  CUmodule module;
  CU(cuModuleLoadData(&module, ptx.c_str()));
  return module;
}
CUfunction kernel(CUmodule module, const char *name) {
  CUfunction f;
  CU(cuModuleGetFunction(&f, module, name));
  return f;
}

// A device buffer holding a copy of a host vector, copied back by read().
template <typename T> struct DeviceVector {
  CUdeviceptr ptr = 0;
  size_t count;
  explicit DeviceVector(const std::vector<T> &host) : count(host.size()) {
    CU(cuMemAlloc(&ptr, count * sizeof(T)));
    CU(cuMemcpyHtoD(ptr, host.data(), count * sizeof(T)));
  }
  explicit DeviceVector(size_t n, T fill = T()) : DeviceVector(std::vector<T>(n, fill)) {}
  ~DeviceVector() { cuMemFree(ptr); }
  std::vector<T> read() const {
    std::vector<T> host(count);
    CU(cuMemcpyDtoH(host.data(), ptr, count * sizeof(T)));
    return host;
  }
};

void launch(CUfunction f, unsigned grid, unsigned block, std::vector<void *> args, unsigned shared = 0) {
  CU(cuLaunchKernel(f, grid, 1, 1, block, 1, 1, shared, nullptr, args.data(), nullptr));
  CU(cuCtxSynchronize());
}

// --- atomics -------------------------------------------------------------------------------------
void atomicsCase() {
  CUmodule m = loadModule("atomics");
  const int blocks = 2, threads = 48, n = blocks * threads;
  std::vector<int> i0(16, 0);
  i0[3] = 0;
  i0[4] = -1;
  i0[10] = -1;
  std::vector<unsigned> u0(8, 0);
  u0[4] = 0xffffffffu;
  u0[5] = 42;
  std::vector<unsigned long long> ull0(8, 0);
  ull0[2] = ~0ull;
  ull0[6] = ~0ull;
  std::vector<long long> ll0(4, 0);
  ll0[2] = -1;
  std::vector<float> f0(2, 0.0f);
  std::vector<double> d0(2, 0.0);
  std::vector<unsigned short> h0 = {0, 0, 0, 0}, b0 = {0, 0, 0, 0};
  DeviceVector<int> i(i0);
  DeviceVector<unsigned> u(u0);
  DeviceVector<unsigned long long> ull(ull0);
  DeviceVector<long long> ll(ll0);
  DeviceVector<float> f(f0);
  DeviceVector<double> d(d0);
  DeviceVector<unsigned short> h(h0), b(b0);
  launch(kernel(m, "atomics"), blocks, threads, {&i.ptr, &u.ptr, &ull.ptr, &ll.ptr, &f.ptr, &d.ptr, &h.ptr, &b.ptr});
  auto I = i.read();
  auto U = u.read();
  auto ULL = ull.read();
  auto LL = ll.read();
  auto F = f.read();
  auto D = d.read();
  auto H = h.read(), B = b.read();
  int xorAll = 0;
  long long llXor = 0;
  for (int t = 0; t < n; ++t) {
    xorAll ^= t * t + 1;
    llXor ^= (long long)t << 20;
  }
  expectEq(I[0], n, "atomicAdd(int)");
  expectEq(I[1], -2 * n, "atomicSub(int)");
  expectEq(I[2], n - 1, "atomicMax(int)");
  expectEq(I[3], -(n - 1), "atomicMin(int)");
  expectEq(I[4], (int)0x80000000u, "atomicAnd(int)");
  expectEq(I[5], 0x7fffffff, "atomicOr(int)");
  expectEq(I[6], xorAll, "atomicXor(int)");
  expectEq(I[7], n, "atomicCAS(int) loop");
  expectEq(I[8], n, "atomicAdd_block(int)");
  expectEq(I[9], n, "atomicAdd_system(int)");
  expectTrue(I[10] >= 0 && I[10] < n, "atomicExch(int) leaves one thread's value");
  expectEq(I[11], -3 * n, "atomicSub_block(int)");
  expectEq(U[0], n % 10, "atomicInc(9) wraps");
  expectEq(U[1], (10 - n % 10) % 10, "atomicDec(9) wraps");
  expectEq(U[2], 3u * n, "atomicAdd(unsigned)");
  expectEq(U[3], 7u * (n - 1), "atomicMax(unsigned)");
  expectEq(U[4], 5, "atomicMin(unsigned)");
  expectEq(U[5], 42, "atomicCAS_block with a stale compare");
  expectEq((long long)ULL[0], (long long)((unsigned long long)n << 33), "atomicAdd(ull)");
  expectEq((long long)ULL[1], (long long)((unsigned long long)(n - 1) << 40), "atomicMax(ull)");
  expectEq((long long)ULL[2], 1000000000000ll, "atomicMin(ull)");
  expectEq((long long)ULL[3], 5ll * n, "atomicCAS(ull) loop");
  expectEq((long long)ULL[4], -1, "atomicOr(ull)");
  expectEq((long long)ULL[5], 77, "atomicExch(ull)");
  expectEq((long long)ULL[6], 0, "atomicAnd_system(ull)");
  expectEq(LL[0], -((long long)(n - 1) << 35), "atomicMin(long long)");
  expectEq(LL[1], (long long)(n - 1) << 35, "atomicMax(long long)");
  expectEq(LL[2], (long long)0x8000000000000000ull, "atomicAnd(long long)");
  expectEq(LL[3], llXor, "atomicXor(long long)");
  expectTrue(F[0] == 0.5f * n, "atomicAdd(float)");
  expectTrue(F[1] == 2.5f, "atomicExch(float)");
  expectTrue(D[0] == 0.25 * n, "atomicAdd(double)");
  expectTrue(D[1] == -1.0 * n, "atomicAdd_block(double)");
  // 96, 96 and 192 in binary16; 96 and 48 in bfloat16.
  expectEq(H[0], 0x5600, "atomicAdd(__half)");
  expectEq(H[2], 0x5600, "atomicAdd(__half2).x");
  expectEq(H[3], 0x5a00, "atomicAdd(__half2).y");
  expectEq(B[0], 0x42c0, "atomicAdd(__nv_bfloat16)");
  expectEq(B[2], 0x42c0, "atomicAdd(__nv_bfloat162).x");
  expectEq(B[3], 0x4240, "atomicAdd(__nv_bfloat162).y");
}

void atomics16Case() {
  CUmodule m = loadModule("atomics");
  DeviceVector<unsigned short> us(std::vector<unsigned short>{0, 0xabcd});
  launch(kernel(m, "atomic_cas16"), 2, 48, {&us.ptr});
  auto US = us.read();
  expectEq(US[0], 96, "atomicCAS(unsigned short) loop");
  expectEq(US[1], 0xabcd, "atomicCAS(unsigned short) leaves the neighbour alone");
}

// --- warp ------------------------------------------------------------------------------------------
void warpCase() {
  CUmodule m = loadModule("warp");
  const int threads = 64, results = 24;
  DeviceVector<int> out(threads * results, 0);
  launch(kernel(m, "warp"), 1, threads, {&out.ptr});
  auto o = out.read();
  for (int t = 0; t < threads; ++t) {
    const int lane = t % 32, warpBase = t - lane;
    const int *r = &o[t * results];
    auto val = [&](int l) { return (warpBase + l) * 3; };
    const std::string at = " (thread " + std::to_string(t) + ")";
    expectEq(r[0], val((lane + 5) % 32), "__shfl_sync" + at);
    expectEq(r[1], lane >= 2 ? val(lane - 2) : val(lane), "__shfl_up_sync" + at);
    expectEq(r[2], lane + 3 < 32 ? val(lane + 3) : val(lane), "__shfl_down_sync" + at);
    expectEq(r[3], val(lane ^ 5), "__shfl_xor_sync" + at);
    expectEq(r[4], lane % 8 + 1 < 8 ? val(lane + 1) : val(lane), "__shfl_down_sync width 8" + at);
    expectEq(r[5], warpBase + 7, "__shfl_sync(float)" + at);
    expectEq(r[6], warpBase + (lane ^ 1), "__shfl_xor_sync(double)" + at);
    expectEq(r[7], lane >= 1 ? t - 1 : t, "__shfl_up_sync(long long)" + at);
    unsigned every3 = 0;
    for (int l = 0; l < 32; l += 3)
      every3 |= 1u << l;
    expectEq((unsigned)r[8], every3, "__ballot_sync" + at);
    expectEq(r[9], 1, "__all_sync" + at);
    expectEq(r[10], 1, "__any_sync" + at);
    expectEq(r[11], 1, "__uni_sync" + at);
    expectEq((unsigned)r[12], (lane & 1) ? 0xaaaaaaaau : 0u, "__activemask in a branch" + at);
    expectEq(r[13], 496, "__reduce_add_sync(unsigned)" + at);
    expectEq(r[14], 496 - 640, "__reduce_add_sync(int)" + at);
    expectEq(r[15], -16, "__reduce_min_sync(int)" + at);
    expectEq(r[16], 93, "__reduce_max_sync(unsigned)" + at);
    expectEq(r[17], 0xff0, "__reduce_and_sync" + at);
    expectEq((unsigned)r[18], 0xffffffffu, "__reduce_or_sync" + at);
    unsigned x = 0;
    for (unsigned l = 0; l < 32; ++l)
      x ^= l * 5u;
    expectEq(r[19], (int)x, "__reduce_xor_sync" + at);
    expectEq((unsigned)r[20], 0x11111111u << (lane % 4), "__match_any_sync(int)" + at);
    expectEq((unsigned)r[21], 0xffu << (lane / 8 * 8), "__match_any_sync(unsigned long long)" + at);
    expectEq((unsigned)r[22], 0xffffffffu + 1u, "__match_all_sync (all equal)" + at);
    expectEq(r[23], 0, "__match_all_sync (all different)" + at);
  }
}

// --- fp16 / bf16 ---------------------------------------------------------------------------------
std::vector<float> narrowInputs() {
  std::vector<float> in = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1.5f, 2.5f, -2.5f, 3.0f, 1e-8f, -1e-8f,
                           5.9604645e-8f, 2.9802322e-8f, 2.9802326e-8f, 8.940697e-8f, 6.1035156e-5f,
                           6.097555e-5f, 65504.0f, -65504.0f, 65519.99f, 65520.0f, 1e6f, -1e6f, 1e30f,
                           3.3895314e38f, 3.4e38f, -3.4e38f, 1.1754944e-38f, 1e-40f, 0.1f, 1.0f / 3.0f,
                           255.5f, 256.5f, 2049.0f, 2051.0f, 4097.0f, 1.00390625f, 1.001953125f,
                           INFINITY, -INFINITY, NAN, -NAN, 7.0f, -7.75f, 100.0f, 1000.5f};
  uint32_t state = 12345;
  auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  while (in.size() < 3 * 1024) {
    uint32_t r = next();
    // Exponents from 2^-30 to 2^20 (binary16's whole range and past it both ways), any mantissa.
    const uint32_t exponent = 127 - 30 + (next() % 51);
    const uint32_t bits = (r & 0x807fffffu) | (exponent << 23);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    in.push_back(f);
  }
  in.resize(3 * 1024);
  return in;
}

bool isNarrowNan(NarrowType type, unsigned b) {
  return type == NarrowType::Fp16 ? (b & 0x7fffu) > 0x7c00u : (b & 0x7fffu) > 0x7f80u;
}
// Narrow bits as integers in the order of the values they stand for.
long orderedNarrow(unsigned b) { return (b & 0x8000u) ? -(long)(b & 0x7fffu) : (long)(b & 0x7fffu); }

void narrowCase(NarrowType type) {
  const char *name = type == NarrowType::Fp16 ? "fp16" : "bf16";
  CUmodule m = loadModule(name);
  const std::string prefix = name;
  const int results = narrowResultCount(), approxFirst = narrowApproxFirst();

  // The host reference itself against independent ones.
  std::vector<float> in = narrowInputs();
  const int n = (int)in.size() / 3;
  expectEq(narrowIndependentMismatches(in.data(), (int)in.size()), 0, "host conversions vs independent references");

  DeviceVector<float> din(in);
  DeviceVector<unsigned> dout((size_t)n * results, 0u);
  launch(kernel(m, (prefix + "_ops").c_str()), (unsigned)(n + 127) / 128, 128, {&din.ptr, &dout.ptr, (void *)&n});
  auto got = dout.read();
  std::vector<unsigned> want((size_t)n * results);
  narrowReference(type, in.data(), want.data(), n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < results; ++j) {
      const unsigned g = got[(size_t)i * results + j], w = want[(size_t)i * results + j];
      char what[160];
      std::snprintf(what, sizeof what, "%s result %d of inputs (%a, %a, %a)", name, j, (double)in[3 * i],
                    (double)in[3 * i + 1], (double)in[3 * i + 2]);
      const bool narrowBits = narrowResultIsNarrowBits(j);
      if (narrowBits && isNarrowNan(type, g) && isNarrowNan(type, w)) {
        ++checks; // NaN is NaN, whatever its payload
      } else if (j >= approxFirst) {
        ++checks;
        if (std::labs(orderedNarrow(g) - orderedNarrow(w)) > 1 && failures++ < 40)
          std::fprintf(stderr, "%s: got 0x%04x, expected 0x%04x within one unit\n", what, g, w);
      } else {
        expectEq(g, w, what);
      }
    }
  }

  DeviceVector<unsigned> widened(65536, 0u);
  launch(kernel(m, (prefix + "_widen").c_str()), 256, 256, {&widened.ptr});
  auto wide = widened.read();
  for (unsigned v = 0; v < 65536u; ++v)
    expectEq(wide[v], narrowWidenReference(type, (unsigned short)v), prefix + " widened to float, bits " + std::to_string(v));

  std::vector<unsigned short> values(64);
  for (int t = 0; t < 64; ++t)
    values[t] = (unsigned short)(0x3c00 + t * 17);
  DeviceVector<unsigned short> dvalues(values);
  DeviceVector<unsigned> warpOut(64 * 4, 0u);
  launch(kernel(m, (prefix + "_warp").c_str()), 1, 32, {&dvalues.ptr, &warpOut.ptr});
  auto w = warpOut.read();
  auto narrowOf = [type](float f) {
    return type == NarrowType::Fp16 ? (unsigned)__builtin_bit_cast(unsigned short, (_Float16)f)
                                    : (__builtin_bit_cast(unsigned, f) >> 16);
  };
  for (int t = 0; t < 32; ++t) {
    const int down = t + 1 < 32 ? t + 1 : t;
    expectEq(w[4 * t], narrowOf((float)(t ^ 3) * 0.25f), prefix + " __shfl_xor_sync");
    expectEq(w[4 * t + 1], narrowOf((float)down) | narrowOf(-(float)down) << 16, prefix + " pair __shfl_down_sync");
    expectEq(w[4 * t + 2], values[t], prefix + " __ldg");
    expectEq(w[4 * t + 3], values[t / 2 * 2] | (unsigned)values[t / 2 * 2 + 1] << 16, prefix + " pair __ldcs");
  }
}

// --- cooperative groups ----------------------------------------------------------------------------
void coopCase() {
  CUmodule m = loadModule("coop");
  const int threads = 128, results = 29;
  DeviceVector<int> out(threads * results, 0);
  launch(kernel(m, "coop_tiles"), 1, threads, {&out.ptr});
  auto o = out.read();
  auto v = [](int r) { return (r * 37) % 101 - 50; };
  for (int r = 0; r < threads; ++r) {
    const int *x = &o[r * results];
    const std::string at = " (rank " + std::to_string(r) + ")";
    const int b32 = r / 32 * 32, b16 = r / 16 * 16, b4 = r / 4 * 4;
    int sum = 0, mn = 1 << 30, mx = -(1 << 30);
    unsigned andAll = ~0u, orAll = 0, xorAll = 0;
    for (int k = b32; k < b32 + 32; ++k) {
      sum += v(k);
      mn = std::min(mn, v(k));
      mx = std::max(mx, v(k));
      andAll &= (unsigned)v(k) | 0x100u;
    }
    for (int k = b16; k < b16 + 16; ++k) {
      orAll |= 1u << (k % 16);
      xorAll ^= (unsigned)k * 2654435761u;
    }
    float quarter = 0.0f;
    for (int k = b4; k < b4 + 4; ++k)
      quarter += (float)v(k) * 0.5f;
    expectEq(x[0], sum, "reduce(tile32, plus)" + at);
    expectEq(x[1], mn, "reduce(tile32, less)" + at);
    expectEq(x[2], mx, "reduce(tile32, greater)" + at);
    expectEq((unsigned)x[3], andAll, "reduce(tile32, bit_and)" + at);
    expectEq((unsigned)x[4], orAll, "reduce(tile16, bit_or)" + at);
    expectEq((unsigned)x[5], xorAll, "reduce(tile16, bit_xor)" + at);
    expectEq(x[6], (int)quarter, "reduce(tile4 of tile32, plus<float>)" + at);
    expectEq(x[7], r % 32 + 100 * (r / 32) + 10000 * 4, "tile32 rank/meta" + at);
    expectEq(x[8], r % 4 + 100 * ((r % 32) / 4) + 10000 * 8, "tile4 of tile32 rank/meta" + at);
    unsigned ballot = 0;
    for (int k = 0; k < 16; ++k)
      ballot |= (v(b16 + k) > 0 ? 1u : 0u) << k;
    expectEq((unsigned)x[9], ballot, "tile16 ballot" + at);
    bool any13 = false, allNeg51 = true, all4 = true;
    for (int k = b32; k < b32 + 32; ++k)
      any13 = any13 || v(k) == 13;
    for (int k = b4; k < b4 + 4; ++k)
      all4 = all4 && v(k) > 0;
    expectEq(x[10], (any13 ? 1 : 0) + (allNeg51 ? 2 : 0) + (all4 ? 4 : 0), "tile any/all" + at);
    expectEq(x[11], v(b32 + 5), "tile32 shfl" + at);
    expectEq(x[12], r % 16 + 3 < 16 ? v(r + 3) : v(r), "tile16 shfl_down" + at);
    expectEq(x[13], r % 4 >= 1 ? v(r - 1) : v(r), "tile4 shfl_up" + at);
    expectEq(x[14], v(b32 + ((r % 32) ^ 9)), "tile32 shfl_xor" + at);
    expectEq(x[15], (b32 + 30) + (int)(0.5 * (b32 + 30) * 4), "tile32 shfl of a struct" + at);
    unsigned match = 0;
    for (int k = 0; k < 32; ++k)
      match |= ((b32 + k) % 3 == r % 3 ? 1u : 0u) << k;
    expectEq((unsigned)x[16], match, "tile32 match_any" + at);
    expectEq(x[17], 128, "thread_block size" + at);
    expectEq(x[18], 128, "thread_block dim_threads" + at);
    if (r % 3 == 0) {
      std::vector<int> members;
      for (int k = b32; k < b32 + 32; ++k)
        if (k % 3 == 0)
          members.push_back(k);
      int rank = 0, activeSum = 0;
      unsigned activeBallot = 0;
      for (size_t k = 0; k < members.size(); ++k) {
        if (members[k] == r)
          rank = (int)k;
        activeSum += v(members[k]);
        activeBallot |= (v(members[k]) > 0 ? 1u : 0u) << k;
      }
      const int next = rank + 1 < (int)members.size() ? members[rank + 1] : r;
      expectEq(x[19], (int)members.size() * 100 + rank, "coalesced size/rank" + at);
      expectEq(x[20], activeSum, "reduce(coalesced, plus)" + at);
      expectEq(x[21], (int)activeBallot + next * 1000000, "coalesced ballot/shfl_down" + at);
    } else {
      expectEq(x[19], -1, "outside the coalesced group" + at);
    }
    expectEq(x[22], r % 8 + 800, "tiled_partition(block, 8)" + at);
    expectEq(x[23], r, "thread_rank(block)" + at);
    expectEq(x[24], 1, "this_thread()" + at);
    expectEq(x[25], 16, "num_threads(tile16)" + at);
    int prefix16 = 0, prefix32 = 0, running = -(1 << 30);
    for (int k = b16; k <= r; ++k)
      prefix16 += v(k);
    for (int k = b32; k < r; ++k)
      prefix32 += v(k);
    for (int k = b32; k <= r; ++k)
      if (k % 3 == 0)
        running = std::max(running, v(k));
    expectEq(x[26], prefix16, "inclusive_scan(tile16)" + at);
    expectEq(x[27], prefix32, "exclusive_scan(tile32, plus)" + at);
    expectEq(x[28], r % 3 == 0 ? running : -1, "inclusive_scan(coalesced, greater)" + at);
  }
}

void wideTilesCase() {
  CUmodule m = loadModule("coop");
  const int threads = 256;
  std::vector<int> in(threads);
  for (int r = 0; r < threads; ++r)
    in[r] = (r * 53) % 97 - 40;
  DeviceVector<int> din(in), out(4 * threads, 0);
  launch(kernel(m, "coop_wide_tiles"), 1, threads, {&din.ptr, &out.ptr});
  auto o = out.read();
  for (int r = 0; r < threads; ++r) {
    const std::string at = " (rank " + std::to_string(r) + ")";
    int sum = 0, mx = -(1 << 30);
    for (int k = r / 64 * 64; k < r / 64 * 64 + 64; ++k)
      sum += in[k];
    for (int k = r / 128 * 128; k < r / 128 * 128 + 128; ++k)
      mx = std::max(mx, in[k]);
    expectEq(o[4 * r], sum, "reduce(tile64, plus)" + at);
    expectEq(o[4 * r + 1], mx, "reduce(tile128, greater)" + at);
    expectEq(o[4 * r + 2], in[r / 64 * 64 + (r % 64 + 32) % 64] * 3, "tile64 sync hands off between warps" + at);
    expectEq(o[4 * r + 3], r % 64 + 100 * (r / 64) + 1000 * 4 + 10000 * (r / 128), "tile64 rank/meta" + at);
  }
}

void gridCase() {
  CUmodule m = loadModule("coop");
  CUfunction f = kernel(m, "coop_grid");
  CUdevice device;
  CU(cuCtxGetDevice(&device));
  int perSm = 0, sms = 0;
  const int threads = 64;
  CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, f, threads, 0));
  CU(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
  const int blocks = std::min(perSm * sms, 8);
  expectTrue(blocks >= 1, "a co-resident grid of at least one block");
  DeviceVector<int> published(3 * blocks, 0), sums(3 * blocks + 1, 0);
  void *args[] = {&published.ptr, &sums.ptr};
  CU(cuLaunchCooperativeKernel(f, blocks, 1, 1, threads, 1, 1, 0, nullptr, args));
  CU(cuCtxSynchronize());
  auto s = sums.read();
  for (int round = 0; round < 3; ++round)
    for (int b = 0; b < blocks; ++b)
      expectEq(s[round * blocks + b], blocks * (blocks + 1) / 2 * (round + 1),
               "grid.sync round " + std::to_string(round) + " block " + std::to_string(b));
  expectEq(s[3 * blocks], blocks * threads + 1000, "grid num_threads / is_valid");
}

// --- pipeline ------------------------------------------------------------------------------------
void pipelineCase() {
  CUmodule m = loadModule("pipeline");
  std::vector<float> in4(64 * 4);
  std::vector<double> in8(64);
  std::vector<int> in1(64);
  for (int t = 0; t < 64; ++t) {
    for (int k = 0; k < 4; ++k)
      in4[4 * t + k] = (float)(t * 4 + k) + 0.25f;
    in8[t] = t * 1.5;
    in1[t] = t + 1000;
  }
  DeviceVector<float> d4(in4), o4(64 * 4, 0.0f);
  DeviceVector<double> d8(in8), o8(64, 0.0);
  DeviceVector<int> d1(in1), o1(64, -1);
  launch(kernel(m, "pipeline"), 1, 64, {&d4.ptr, &d8.ptr, &d1.ptr, &o4.ptr, &o8.ptr, &o1.ptr});
  auto r4 = o4.read();
  auto r8 = o8.read();
  auto r1 = o1.read();
  for (int t = 0; t < 64; ++t) {
    const int s = 63 - t;
    for (int k = 0; k < 4; ++k)
      expectTrue(r4[4 * t + k] == in4[4 * s + k], "16-byte cp.async");
    expectTrue(r8[t] == in8[s], "8-byte cp.async");
    expectEq(r1[t], (s & 1) ? 0 : in1[s], "4-byte cp.async (odd threads zero-filled)");
  }
}

// --- intrinsics ----------------------------------------------------------------------------------
void intrinsicsCase() {
  CUmodule m = loadModule("intrinsics");
  const int threads = 64, results = 16;
  std::vector<int> ints(threads);
  std::vector<float> floats(threads), v4(threads * 4);
  std::vector<double> v2(threads * 2);
  std::vector<signed char> bytes(threads);
  for (int t = 0; t < threads; ++t) {
    ints[t] = t * 11 - 5;
    floats[t] = t * 2.0f;
    for (int k = 0; k < 4; ++k)
      v4[4 * t + k] = (float)(t + k);
    v2[2 * t] = t;
    v2[2 * t + 1] = 3.0;
    bytes[t] = (signed char)(t * 5 - 100);
  }
  DeviceVector<int> di(ints), iout(threads, 0);
  DeviceVector<float> df(floats), d4(v4), vout(threads * 4, 0.0f);
  DeviceVector<double> d2(v2), dout(threads, 0.0);
  DeviceVector<signed char> db(bytes);
  DeviceVector<unsigned short> hout(threads, 0);
  DeviceVector<long long> out(threads * results, 0);
  launch(kernel(m, "intrinsics"), 1, threads,
         {&di.ptr, &df.ptr, &d4.ptr, &d2.ptr, &db.ptr, &iout.ptr, &vout.ptr, &dout.ptr, &hout.ptr, &out.ptr},
         threads * sizeof(int));
  auto o = out.read();
  auto io = iout.read();
  auto vo = vout.read();
  auto dd = dout.read();
  auto ho = hout.read();
  int count3 = 0;
  for (int t = 0; t < threads; ++t)
    count3 += t % 3 == 0;
  for (int t = 0; t < threads; ++t) {
    const long long *r = &o[t * results];
    const std::string at = " (thread " + std::to_string(t) + ")";
    expectEq(r[0], ints[t], "__ldcg" + at);
    expectEq(r[1], (long long)floats[t], "__ldca" + at);
    expectEq(r[2], 4 * t + 6, "__ldcs(float4)" + at);
    expectEq(r[3], 3 * t, "__ldlu(double2)" + at);
    expectEq(r[4], bytes[t], "__ldcv(signed char)" + at);
    expectEq(r[5], ints[(t + 1) % 64], "__ldg" + at);
    expectEq(io[t], t * 7, "__stcg" + at);
    expectTrue(vo[4 * t] == (float)t && vo[4 * t + 3] == 3.0f, "__stcs(float4)" + at);
    expectTrue(dd[t] == t * 0.5, "__stwb(double)" + at);
    expectEq(ho[t], (unsigned short)(t + 60000), "__stwt(unsigned short)" + at);
    expectEq(r[6], count3, "__syncthreads_count" + at);
    expectEq(r[7], 1, "__syncthreads_and" + at);
    expectEq(r[8], 1, "__syncthreads_or" + at);
    expectEq(r[9], (63 - t) * (63 - t), "extern __shared__" + at);
    expectEq(r[10], 3, "__isGlobal/__isShared" + at);
    expectEq(r[11], 1, "__cvta_generic_to_shared round trip" + at);
    int dp4 = 1000;
    const int a = t * 0x01020304, b = 0x01ff02fe;
    for (int k = 0; k < 4; ++k)
      dp4 += (int)(signed char)(a >> (8 * k)) * (int)(signed char)(b >> (8 * k));
    expectEq(r[12], dp4, "__dp4a" + at);
    const unsigned ub = (unsigned)t * 0x01010101u;
    // dp2a.lo: the two halfwords of a times bytes 0 and 1 of b, plus c.
    expectEq(r[13], 7 + 3 * (ub & 0xff) + 5 * ((ub >> 8) & 0xff), "__dp2a_lo" + at);
    expectEq(r[14], 1, "clock64 does not go back" + at);
    expectEq(r[15], 1, "__globaltimer does not go back" + at);
  }
}

// --- printf and assert -----------------------------------------------------------------------------
void printfCase() {
  CUmodule m = loadModule("printf_assert");
  int base = 40;
  launch(kernel(m, "print_values"), 1, 32, {&base});
  std::fflush(stdout);
  ++checks; // the runner checks the text
}

void assertCase() {
  CUmodule m = loadModule("printf_assert");
  DeviceVector<int> values(std::vector<int>{1, 2, -3, 4});
  void *args[] = {&values.ptr};
  CUresult launched = cuLaunchKernel(kernel(m, "assert_positive"), 1, 1, 1, 4, 1, 1, 0, nullptr, args, nullptr);
  CUresult synced = cuCtxSynchronize();
  expectTrue(launched == CUDA_ERROR_ASSERT || synced == CUDA_ERROR_ASSERT, "a failed assert ends the launch with CUDA_ERROR_ASSERT");
  std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s CASE PTX_DIRECTORY\n", argv[0]);
    return 2;
  }
  const std::string which = argv[1];
  ptxDir = argv[2];
  const std::map<std::string, std::function<void()>> cases = {
      {"atomics", atomicsCase},
      {"atomics16", atomics16Case},
      {"warp", warpCase},
      {"fp16", [] { narrowCase(NarrowType::Fp16); }},
      {"bf16", [] { narrowCase(NarrowType::Bf16); }},
      {"coop", coopCase},
      {"wide_tiles", wideTilesCase},
      {"grid", gridCase},
      {"pipeline", pipelineCase},
      {"intrinsics", intrinsicsCase},
      {"printf", printfCase},
      {"assert", assertCase},
  };
  auto found = cases.find(which);
  if (found == cases.end()) {
    std::fprintf(stderr, "unknown case '%s'\n", which.c_str());
    return 2;
  }
  CU(cuInit(0));
  CUdevice device;
  CU(cuDeviceGet(&device, 0));
  CUcontext context;
  CU(cuDevicePrimaryCtxRetain(&context, device));
  CU(cuCtxSetCurrent(context));
  found->second();
  std::printf("%s: %d checks, %d failed\n", which.c_str(), checks, failures);
  return failures ? 1 : 0;
}

// Valid test inputs compiled as C++ against the host metal_stdlib (HostKernels.cpp) and run on
// the CPU, one thread after another: the header's types, address spaces, atomics and integer
// and float functions compute what the comments of the inputs say Metal computes.
#include "HostKernels.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace p2m::mslcheck::test {
namespace {

// A CUDA parameter block: values at their offsets.
class ParamBlock {
public:
  template <typename T>
  void set(size_t offset, T value) {
    if (bytes_.size() < offset + sizeof(T))
      bytes_.resize(offset + sizeof(T));
    std::memcpy(bytes_.data() + offset, &value, sizeof(T));
  }
  template <typename T>
  void setAddress(size_t offset, T *pointer) {
    set<uint64_t>(offset, reinterpret_cast<uintptr_t>(pointer));
  }
  const unsigned char *data() const { return bytes_.data(); }

private:
  std::vector<unsigned char> bytes_;
};

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

TEST_CASE("vector_add.metal adds on the host", "[mslcheck][host]") {
  const unsigned n = 100;
  std::vector<float> a(n), b(n), c(n + 28, -1.0f);
  for (unsigned i = 0; i < n; ++i) {
    a[i] = 0.1f * static_cast<float>(i);
    b[i] = 1.0f / static_cast<float>(i + 1);
  }
  ParamBlock params;
  params.setAddress(0, a.data());
  params.setAddress(8, b.data());
  params.setAddress(16, c.data());
  params.set<uint32_t>(24, n);
  runVectorAdd(params.data(), 4, 32);
  for (unsigned i = 0; i < n; ++i)
    CHECK(bitsOf(c[i]) == bitsOf(a[i] + b[i]));
  CHECK(c[n] == -1.0f); // threads past n store nothing
}

TEST_CASE("histogram_atomics.metal counts with device and threadgroup atomics", "[mslcheck][host]") {
  const unsigned count = 1000, groups = 2, threads = 64, stride = groups * threads;
  std::vector<unsigned char> data(count);
  for (unsigned i = 0; i < count; ++i)
    data[i] = static_cast<unsigned char>((i * 37u + 11u) % 256u);
  data[500] = 0xfe; // stops the thread that reads it

  std::vector<uint32_t> bins(16, 0);
  float sum = 0.0f;
  uint32_t maximum = 0; // the bits of 0.0f
  alignas(16) unsigned char shared[16] = {};
  ParamBlock params;
  params.setAddress(0, data.data());
  params.setAddress(8, bins.data());
  params.setAddress(16, &sum);
  params.setAddress(24, &maximum);
  params.set<uint32_t>(32, count);
  runHistogram(params.data(), groups, threads, shared);

  std::vector<uint32_t> expectedBins(16, 0);
  uint32_t seen = 0;
  float expectedSum = 0.0f, expectedMax = 0.0f;
  for (unsigned t = 0; t < stride; ++t) {
    for (unsigned i = t; i < count; i += stride) {
      if (data[i] == 0xff)
        continue;
      if (data[i] == 0xfe)
        break;
      ++expectedBins[data[i] >> 4];
      ++seen;
      expectedSum += static_cast<float>(data[i]);
      expectedMax = std::max(expectedMax, static_cast<float>(data[i]));
    }
  }
  CHECK(bins == expectedBins);
  int32_t sharedCount;
  std::memcpy(&sharedCount, shared, sizeof(sharedCount));
  CHECK(static_cast<uint32_t>(sharedCount) == seen);
  CHECK(sum == expectedSum);
  CHECK(floatOf(maximum) == expectedMax);
}

TEST_CASE("bits_and_types.metal computes MSL's integer and float results", "[mslcheck][host]") {
  alignas(16) uint32_t in[4] = {0x12345678u, 0x80000001u, bitsOf(1.5f), 7u};
  uint32_t out[22] = {};
  ParamBlock params;
  params.setAddress(0, in);
  params.setAddress(8, out);
  runBits(params.data());
  const uint32_t expected[22] = {
      3u,          2u,          0x56u,       0xfffffff8u, 0x123456f8u, 0x80000001u,
      0x091a2b3cu, 0x34567812u, 0x12345678u, 0x7fffffffu, 32u,         0x3c404280u,
      0x3e00u,     bitsOf(1.25f), 43u,       1u,          0x80000001u, 34u,
      16u,         2u,          0xc0000000u, 0x3f800001u};
  for (int i = 0; i < 22; ++i) {
    INFO("out[" << i << "]");
    CHECK(out[i] == expected[i]);
  }
}

TEST_CASE("control_flow.metal takes the structured paths", "[mslcheck][host]") {
  float result = 0.0f;
  ParamBlock params;
  params.setAddress(0, &result);
  params.set<uint32_t>(8, 3);
  params.set<uint32_t>(12, 0);
  runControlFlow(params.data());
  // acc = 2.375 after the loops, + 1 (mode 0); half: 3.375 * 0.5 + 6 visits = 7.6875;
  // + |(1, 2, 2)|^2 = 9.
  CHECK(result == 16.6875f);
}

} // namespace
} // namespace p2m::mslcheck::test

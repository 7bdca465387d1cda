// Shared by the CUDA Runtime test programs: a failed check prints where and why and exits 1;
// a program that reaches its end prints PASS.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                         \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

#define CUDA_OK(call)                                                                              \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::printf("%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_),  \
                  cudaGetErrorString(e_));                                                         \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

#define CUDA_FAILS(call, expected)                                                                 \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != (expected)) {                                                                        \
      std::printf("%s:%d: %s returned %s, expected %s\n", __FILE__, __LINE__, #call,               \
                  cudaGetErrorName(e_), cudaGetErrorName(expected));                               \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

inline int pass() {
  std::printf("PASS\n");
  return 0;
}

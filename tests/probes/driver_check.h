// The Driver-API probes' error check (texref_driver.cpp, vector_registers_driver.cpp): a call
// that fails prints its text and CUDA's error name, a line the expected output does not have,
// and the enclosing function returns 1. Only cuda.h, so a probe builds against NVIDIA's libcuda
// as well as ptx2metal's.
#pragma once

#include <cuda.h>

#include <cstdio>

#define CHECK(x)                                                                                    \
  do {                                                                                              \
    CUresult r_ = (x);                                                                              \
    if (r_ != CUDA_SUCCESS) {                                                                       \
      const char *s_ = "?";                                                                         \
      cuGetErrorName(r_, &s_);                                                                      \
      std::printf("%s failed: %s\n", #x, s_);                                                       \
      return 1;                                                                                     \
    }                                                                                               \
  } while (0)

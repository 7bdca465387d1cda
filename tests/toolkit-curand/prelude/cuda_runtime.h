// Test-only stand-in for the toolkit's cuda_runtime.h, enough for curand_kernel.h: the CUDA
// attribute macros, clang's built-in variables and device math headers (declaring the __nv_*
// functions the device library defines), and the vector types curand uses. The real
// cuda_runtime.h replaces it once the toolkit has one.
#pragma once

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))

#include <__clang_cuda_math_forward_declares.h>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <math.h>
#include <stdlib.h>

#include <__clang_cuda_builtin_vars.h>

#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

struct __attribute__((aligned(8))) uint2 {
  unsigned int x, y;
};
struct __attribute__((aligned(16))) uint4 {
  unsigned int x, y, z, w;
};
struct __attribute__((aligned(8))) float2 {
  float x, y;
};
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
struct __attribute__((aligned(16))) double2 {
  double x, y;
};
struct __attribute__((aligned(16))) double4 {
  double x, y, z, w;
};

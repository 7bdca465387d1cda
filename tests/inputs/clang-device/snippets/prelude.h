// What the snippets need of CUDA without its headers (clang's attributes and builtin variables).
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#include "__clang_cuda_builtin_vars.h"
typedef unsigned long long u64;
typedef unsigned int uint;
extern "C" __device__ int vprintf(const char*, const char*);
extern "C" __device__ void __assertfail(const char*, const char*, unsigned, const char*, unsigned long);

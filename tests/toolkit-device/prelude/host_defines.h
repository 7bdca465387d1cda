// Test-only stand-in (see README.md): the execution-space and storage macros.
#ifndef P2M_TEST_PRELUDE_HOST_DEFINES_H
#define P2M_TEST_PRELUDE_HOST_DEFINES_H
#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#endif
#define CUDARTAPI
#define __builtin_align__(a) __align__(a)
#define __device_builtin__
#endif

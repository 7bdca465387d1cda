/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* crt/host_defines.h: CUDA's declaration keywords. Under clang's CUDA mode (__CUDA__) they are
   clang's CUDA attributes; for a plain C or C++ compiler reading the host API they expand to
   nothing, so the same headers serve both. */

#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

/* Attributes every GNU-style compiler understands. */
#define __no_return__ __attribute__((noreturn))
#undef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __CUDA_ALIGN__(n) __align__(n)
#define __thread__ __thread
#define __import__
#define __export__
#define __cdecl
#define __specialization_static
#define CUDARTAPI
#define CUDARTAPI_CDECL

#if defined(__CUDA__)
/* clang -x cuda: the execution spaces and variable spaces are clang attributes. __noinline__ is
   a keyword of clang's CUDA mode and is left as it is. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* Clang's managed attribute is HIP's only (CUDA mode ignores it): a __managed__ variable is a
   device variable here, which device code uses as CUDA's; host code cannot name it directly. */
#define __managed__ __attribute__((device))
/* Clang 19 has no grid_constant; without it a const kernel parameter whose address is taken is
   copied, which is what CUDA did before the attribute existed. */
#if __has_attribute(grid_constant)
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __grid_constant__
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __location__(a) __attribute__((a))
#else
/* A host compiler: the keywords have no meaning there. __noinline__ stays undefined, because
   libstdc++ spells __attribute__((__noinline__)) and a macro would break it. */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __grid_constant__
#define __launch_bounds__(...)
#define __location__(a)
#endif

/* Markers NVIDIA's compiler gives meaning to; clang needs none. */
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__

#endif /* __HOST_DEFINES_H__ */

// cuda_runtime.h: the top-level header of a CUDA translation unit. The toolkit's driver
// force-includes it (as nvcc does) with clang's own CUDA wrapper turned off (-nocudainc); it
// takes that wrapper's place, in the same order, with the toolkit's headers where the wrapper
// pulls in NVIDIA's: the host API, clang's built-in variables, math and intrinsics (which call
// the __nv_* functions of the toolkit's device library), then the device functions clang's
// headers do not give (atomics, cache-hinted loads, warp matching, printf, assert, ...).
// Included by a plain C++ compiler (a .cpp file of a CUDA program) it gives the host API only.
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

#if defined(__CUDA__) && defined(__clang__)

// Forward declarations of the math overloads that must precede <cmath>.
#include <__clang_cuda_math_forward_declares.h>

// nvcc defines __CUDACC__ for every CUDA compilation; libstdc++ reads it (no __float128 in CUDA),
// so it comes before the standard headers.
#ifndef __CUDACC__
#define __CUDACC__
#endif
#include <cmath>
#include <climits>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>

#pragma push_macro("__THROW")

// The host API: CUDA_VERSION (clang's headers test it), the execution-space macros, the types.
#include "cuda.h"
#if !defined(CUDA_VERSION)
#error "cuda.h did not define CUDA_VERSION"
#endif
#include "host_defines.h"
#include "driver_types.h"
#include "vector_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "vector_functions.h"

// threadIdx, blockIdx, blockDim, gridDim as clang implements them (reads of the special registers).
#include <__clang_cuda_builtin_vars.h>
#include "device_launch_parameters.h"

// Declarations of the __nv_* device library, then clang's wrappers over them: the CUDA device
// functions (__fadd_rn, __popc, __iAtomicAdd, ...) and the C math functions (sinf, expf, ...).
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

#undef __THROW
#define __THROW

// Device-side system calls (PTX Writer's Guide to Interoperability, "System Calls"): printf is
// lowered by clang to vprintf(format, argument buffer); assert ends in __assertfail.
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
// Not noreturn, as in CUDA's headers: a noreturn __assertfail trips ptxas on some control flow.
__device__ void __assertfail(const char *__message, const char *__file, unsigned __line,
                             const char *__function, size_t __charSize);
// glibc's assert() expands to __assert_fail; on the device it is __assertfail.
__device__ static inline void __assert_fail(const char *__message, const char *__file,
                                            unsigned __line, const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char *, ...);
} // extern "C"

namespace std {
__device__ static inline void free(void *__ptr) { ::free(__ptr); }
__device__ static inline void *malloc(size_t __size) { return ::malloc(__size); }
} // namespace std

// The built-in variables convert to dim3/uint3 (declared in __clang_cuda_builtin_vars.h, defined
// once vector_types.h is in).
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

// Address-space predicates and conversions, which clang's intrinsics below call.
#include "sm_20_intrinsics.h"

// std:: math overloads on the device, clang's warp shuffles/votes/__ldg/__reduce_*_sync (which
// include our crt/sm_70_rt.hpp for __match_*_sync), complex arithmetic helpers.
// clang 19's __reduce_*_sync pass the mask as the value: renamed out of the way here, ours are
// in crt/sm_80_rt.h.
#pragma push_macro("__reduce_add_sync")
#pragma push_macro("__reduce_min_sync")
#pragma push_macro("__reduce_max_sync")
#pragma push_macro("__reduce_and_sync")
#pragma push_macro("__reduce_or_sync")
#pragma push_macro("__reduce_xor_sync")
#define __reduce_add_sync __p2m_clang_reduce_add_sync
#define __reduce_min_sync __p2m_clang_reduce_min_sync
#define __reduce_max_sync __p2m_clang_reduce_max_sync
#define __reduce_and_sync __p2m_clang_reduce_and_sync
#define __reduce_or_sync __p2m_clang_reduce_or_sync
#define __reduce_xor_sync __p2m_clang_reduce_xor_sync
#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
#include <__clang_cuda_complex_builtins.h>
#pragma pop_macro("__reduce_xor_sync")
#pragma pop_macro("__reduce_or_sync")
#pragma pop_macro("__reduce_and_sync")
#pragma pop_macro("__reduce_max_sync")
#pragma pop_macro("__reduce_min_sync")
#pragma pop_macro("__reduce_add_sync")
#include "crt/sm_80_rt.h"

// What clang's headers leave to CUDA's: atomics, the rest of the intrinsics.
#include "device_functions.h"

#pragma pop_macro("__THROW")

// The launch configuration a <<<grid, block, shared, stream>>> call pushes before calling the
// kernel's host stub (clang's code generation calls it; the runtime pops it).
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                                void *stream = 0);

#else // a C++ compilation of a CUDA program's host code: the runtime API only

#include "host_defines.h"
#include "driver_types.h"
#include "vector_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "vector_functions.h"

#endif // defined(__CUDA__) && defined(__clang__)

#if defined(__cplusplus)
// What CUDA's cuda_runtime.h brings to C++ code, which programs come to rely on: <utility> and
// <functional>, the channel formats of texture element types, and the C++ overloads of the
// runtime API (cudaMalloc(T **), cudaLaunchKernel(kernel, ...), ...).
#include <functional>
#include <utility>
#include "channel_descriptor.h"
#include "crt/cuda_runtime_templates.h"
#endif

#endif // __CUDA_RUNTIME_H__

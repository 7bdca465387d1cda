// The team's own CUDA device declarations for clang-19, which cannot parse the CUDA 13
// headers. Used only with `clang++-19 -x cuda --cuda-device-only -nocudainc -nocudalib`, and
// only for the kernels in ../src: it declares exactly what they use, with the meaning the CUDA
// headers give those names.
//
// Where CUDA implements a function in libdevice, this header calls the same libdevice function
// (__nv_*); generate.sh links libdevice.10.bc with -mlink-builtin-bitcode, so the PTX contains
// the same instruction sequences nvcc would inline. Everything else maps to NVVM builtins or to
// inline PTX.
#pragma once

#if !defined(__clang__) || !defined(__CUDA__)
#error "cuda_decls.h is for clang -x cuda only"
#endif

#include <stddef.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------
// Execution-space and storage attributes.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
// clang treats __noinline__ as a keyword in CUDA mode; nothing to define.

#define P2M_D static __device__ __forceinline__

// ---------------------------------------------------------------------------------------------
// Vector types (layout and alignment as in CUDA's vector_types.h).
struct uint3 { unsigned x, y, z; };
struct __align__(8) int2 { int x, y; };
struct __align__(8) uint2 { unsigned x, y; };
struct __align__(8) float2 { float x, y; };
struct __align__(16) float4 { float x, y, z, w; };
P2M_D int2 make_int2(int x, int y) { return int2{x, y}; }
P2M_D float2 make_float2(float x, float y) { return float2{x, y}; }
P2M_D float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }

// ---------------------------------------------------------------------------------------------
// Built-in variables, read through the special registers (as clang's own header does).
#define P2M_SREG3(Struct, Reg)                                                                  \
  struct Struct {                                                                              \
    __declspec(property(get = get_x)) unsigned x;                                              \
    __declspec(property(get = get_y)) unsigned y;                                              \
    __declspec(property(get = get_z)) unsigned z;                                              \
    static __device__ __forceinline__ unsigned get_x() { return __nvvm_read_ptx_sreg_##Reg##_x(); } \
    static __device__ __forceinline__ unsigned get_y() { return __nvvm_read_ptx_sreg_##Reg##_y(); } \
    static __device__ __forceinline__ unsigned get_z() { return __nvvm_read_ptx_sreg_##Reg##_z(); } \
  };
P2M_SREG3(p2m_threadIdx_t, tid)
P2M_SREG3(p2m_blockIdx_t, ctaid)
P2M_SREG3(p2m_blockDim_t, ntid)
P2M_SREG3(p2m_gridDim_t, nctaid)
#undef P2M_SREG3
extern const __device__ p2m_threadIdx_t threadIdx;
extern const __device__ p2m_blockIdx_t blockIdx;
extern const __device__ p2m_blockDim_t blockDim;
extern const __device__ p2m_gridDim_t gridDim;
#define warpSize 32

// ---------------------------------------------------------------------------------------------
// libdevice functions used below (all `extern "C"`, resolved by -mlink-builtin-bitcode).
extern "C" {
#define P2M_NV(ret, name, ...) __device__ ret name(__VA_ARGS__);
P2M_NV(int, __nv_mulhi, int, int)
P2M_NV(unsigned, __nv_umulhi, unsigned, unsigned)
P2M_NV(long long, __nv_mul64hi, long long, long long)
P2M_NV(unsigned long long, __nv_umul64hi, unsigned long long, unsigned long long)
P2M_NV(int, __nv_mul24, int, int)
P2M_NV(unsigned, __nv_umul24, unsigned, unsigned)
P2M_NV(unsigned, __nv_sad, int, int, unsigned)
P2M_NV(unsigned, __nv_usad, unsigned, unsigned, unsigned)
P2M_NV(int, __nv_hadd, int, int)
P2M_NV(int, __nv_rhadd, int, int)
P2M_NV(unsigned, __nv_uhadd, unsigned, unsigned)
P2M_NV(unsigned, __nv_urhadd, unsigned, unsigned)
P2M_NV(int, __nv_abs, int)
P2M_NV(long long, __nv_llabs, long long)
P2M_NV(int, __nv_min, int, int)
P2M_NV(int, __nv_max, int, int)
P2M_NV(unsigned, __nv_umin, unsigned, unsigned)
P2M_NV(unsigned, __nv_umax, unsigned, unsigned)
P2M_NV(long long, __nv_llmin, long long, long long)
P2M_NV(long long, __nv_llmax, long long, long long)
P2M_NV(unsigned long long, __nv_ullmin, unsigned long long, unsigned long long)
P2M_NV(unsigned long long, __nv_ullmax, unsigned long long, unsigned long long)
P2M_NV(int, __nv_popc, unsigned)
P2M_NV(int, __nv_popcll, unsigned long long)
P2M_NV(int, __nv_clz, int)
P2M_NV(int, __nv_clzll, long long)
P2M_NV(int, __nv_ffs, int)
P2M_NV(int, __nv_ffsll, long long)
P2M_NV(unsigned, __nv_brev, unsigned)
P2M_NV(unsigned long long, __nv_brevll, unsigned long long)
P2M_NV(unsigned, __nv_byte_perm, unsigned, unsigned, unsigned)
// float, rounding-mode arithmetic
P2M_NV(float, __nv_fadd_rn, float, float)
P2M_NV(float, __nv_fadd_rz, float, float)
P2M_NV(float, __nv_fadd_ru, float, float)
P2M_NV(float, __nv_fadd_rd, float, float)
P2M_NV(float, __nv_fsub_ru, float, float)
P2M_NV(float, __nv_fmul_rz, float, float)
P2M_NV(float, __nv_fmul_ru, float, float)
P2M_NV(float, __nv_fmul_rd, float, float)
P2M_NV(float, __nv_fdiv_rn, float, float)
P2M_NV(float, __nv_fdiv_rz, float, float)
P2M_NV(float, __nv_fast_fdividef, float, float)
P2M_NV(float, __nv_frcp_rn, float)
P2M_NV(float, __nv_frcp_rz, float)
P2M_NV(float, __nv_fsqrt_rn, float)
P2M_NV(float, __nv_fsqrt_rd, float)
P2M_NV(float, __nv_frsqrt_rn, float)
P2M_NV(float, __nv_fmaf_rn, float, float, float)
P2M_NV(float, __nv_fmaf_rz, float, float, float)
P2M_NV(float, __nv_fmaf_ru, float, float, float)
P2M_NV(float, __nv_fmaf, float, float, float)
P2M_NV(float, __nv_saturatef, float)
// float, libm
P2M_NV(float, __nv_fminf, float, float)
P2M_NV(float, __nv_fmaxf, float, float)
P2M_NV(float, __nv_copysignf, float, float)
P2M_NV(float, __nv_fabsf, float)
P2M_NV(float, __nv_floorf, float)
P2M_NV(float, __nv_ceilf, float)
P2M_NV(float, __nv_truncf, float)
P2M_NV(float, __nv_rintf, float)
P2M_NV(float, __nv_roundf, float)
P2M_NV(float, __nv_fdimf, float, float)
P2M_NV(float, __nv_fmodf, float, float)
P2M_NV(int, __nv_isinff, float)
P2M_NV(float, __nv_sqrtf, float)
P2M_NV(float, __nv_rsqrtf, float)
P2M_NV(float, __nv_sinf, float)
P2M_NV(float, __nv_cosf, float)
P2M_NV(float, __nv_fast_sinf, float)
P2M_NV(float, __nv_fast_cosf, float)
P2M_NV(float, __nv_expf, float)
P2M_NV(float, __nv_fast_expf, float)
P2M_NV(float, __nv_logf, float)
P2M_NV(float, __nv_fast_logf, float)
P2M_NV(float, __nv_tanhf, float)
P2M_NV(float, __nv_exp2f, float)
P2M_NV(float, __nv_log2f, float)
P2M_NV(float, __nv_fast_powf, float, float)
P2M_NV(float, __nv_atan2f, float, float)
P2M_NV(float, __nv_fast_tanf, float)
P2M_NV(float, __nv_erff, float)
P2M_NV(float, __nv_powf, float, float)
// conversions
P2M_NV(int, __nv_float2int_rn, float)
P2M_NV(int, __nv_float2int_rz, float)
P2M_NV(int, __nv_float2int_ru, float)
P2M_NV(int, __nv_float2int_rd, float)
P2M_NV(unsigned, __nv_float2uint_rn, float)
P2M_NV(unsigned, __nv_float2uint_rz, float)
P2M_NV(unsigned, __nv_float2uint_ru, float)
P2M_NV(unsigned, __nv_float2uint_rd, float)
P2M_NV(long long, __nv_float2ll_rz, float)
P2M_NV(unsigned long long, __nv_float2ull_rn, float)
P2M_NV(int, __nv_float_as_int, float)
P2M_NV(float, __nv_int_as_float, int)
P2M_NV(float, __nv_int2float_rz, int)
P2M_NV(float, __nv_int2float_ru, int)
P2M_NV(float, __nv_uint2float_rd, unsigned)
P2M_NV(float, __nv_uint2float_rn, unsigned)
P2M_NV(float, __nv_ll2float_rz, long long)
P2M_NV(float, __nv_ll2float_rd, long long)
P2M_NV(float, __nv_ull2float_ru, unsigned long long)
P2M_NV(float, __nv_double2float_rn, double)
P2M_NV(float, __nv_double2float_rz, double)
P2M_NV(float, __nv_double2float_ru, double)
P2M_NV(int, __nv_double2int_rz, double)
P2M_NV(int, __nv_double2int_rd, double)
P2M_NV(unsigned, __nv_double2uint_rn, double)
P2M_NV(unsigned, __nv_double2uint_rz, double)
P2M_NV(long long, __nv_double2ll_rd, double)
P2M_NV(long long, __nv_double2ll_rn, double)
P2M_NV(unsigned long long, __nv_double2ull_ru, double)
P2M_NV(double, __nv_ll2double_rn, long long)
P2M_NV(double, __nv_uint2double_rn, unsigned)
P2M_NV(double, __nv_ull2double_rz, unsigned long long)
P2M_NV(double, __nv_hiloint2double, int, int)
P2M_NV(int, __nv_double2hiint, double)
P2M_NV(int, __nv_double2loint, double)
P2M_NV(double, __nv_longlong_as_double, long long)
P2M_NV(long long, __nv_double_as_longlong, double)
// double
P2M_NV(double, __nv_dadd_rz, double, double)
P2M_NV(double, __nv_dmul_ru, double, double)
P2M_NV(double, __nv_ddiv_rd, double, double)
P2M_NV(double, __nv_drcp_rn, double)
P2M_NV(double, __nv_dsqrt_rd, double)
P2M_NV(double, __nv_fma_rz, double, double, double)
P2M_NV(double, __nv_fma, double, double, double)
P2M_NV(double, __nv_sqrt, double)
P2M_NV(double, __nv_fabs, double)
P2M_NV(double, __nv_fmin, double, double)
P2M_NV(double, __nv_fmax, double, double)
P2M_NV(double, __nv_copysign, double, double)
P2M_NV(double, __nv_floor, double)
P2M_NV(double, __nv_ceil, double)
P2M_NV(double, __nv_trunc, double)
P2M_NV(double, __nv_exp, double)
P2M_NV(double, __nv_log, double)
P2M_NV(double, __nv_sin, double)
P2M_NV(double, __nv_rsqrt, double)
P2M_NV(double, __nv_pow, double, double)
P2M_NV(double, __nv_tanh, double)
#undef P2M_NV

// printf is lowered by clang to vprintf; assert calls __assertfail like CUDA's.
__device__ int printf(const char *, ...);
__device__ void __assertfail(const char *message, const char *file, unsigned line,
                             const char *function, size_t char_size);
}  // extern "C"

#define assert(e)                                                                          \
  ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__, sizeof(char)))

// ---------------------------------------------------------------------------------------------
// Integer intrinsics and the CUDA overloads of abs/min/max.
P2M_D int __mulhi(int a, int b) { return __nv_mulhi(a, b); }
P2M_D unsigned __umulhi(unsigned a, unsigned b) { return __nv_umulhi(a, b); }
P2M_D long long __mul64hi(long long a, long long b) { return __nv_mul64hi(a, b); }
P2M_D unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return __nv_umul64hi(a, b); }
P2M_D int __mul24(int a, int b) { return __nv_mul24(a, b); }
P2M_D unsigned __umul24(unsigned a, unsigned b) { return __nv_umul24(a, b); }
P2M_D unsigned __sad(int a, int b, unsigned c) { return __nv_sad(a, b, c); }
P2M_D unsigned __usad(unsigned a, unsigned b, unsigned c) { return __nv_usad(a, b, c); }
P2M_D int __hadd(int a, int b) { return __nv_hadd(a, b); }
P2M_D int __rhadd(int a, int b) { return __nv_rhadd(a, b); }
P2M_D unsigned __uhadd(unsigned a, unsigned b) { return __nv_uhadd(a, b); }
P2M_D unsigned __urhadd(unsigned a, unsigned b) { return __nv_urhadd(a, b); }
P2M_D int abs(int a) { return __nv_abs(a); }
P2M_D long long llabs(long long a) { return __nv_llabs(a); }
P2M_D int min(int a, int b) { return __nv_min(a, b); }
P2M_D int max(int a, int b) { return __nv_max(a, b); }
P2M_D unsigned min(unsigned a, unsigned b) { return __nv_umin(a, b); }
P2M_D unsigned max(unsigned a, unsigned b) { return __nv_umax(a, b); }
P2M_D long long min(long long a, long long b) { return __nv_llmin(a, b); }
P2M_D long long max(long long a, long long b) { return __nv_llmax(a, b); }
P2M_D unsigned long long min(unsigned long long a, unsigned long long b) { return __nv_ullmin(a, b); }
P2M_D unsigned long long max(unsigned long long a, unsigned long long b) { return __nv_ullmax(a, b); }

P2M_D int __popc(unsigned a) { return __nv_popc(a); }
P2M_D int __popcll(unsigned long long a) { return __nv_popcll(a); }
P2M_D int __clz(int a) { return __nv_clz(a); }
P2M_D int __clzll(long long a) { return __nv_clzll(a); }
P2M_D int __ffs(int a) { return __nv_ffs(a); }
P2M_D int __ffsll(long long a) { return __nv_ffsll(a); }
P2M_D unsigned __brev(unsigned a) { return __nv_brev(a); }
P2M_D unsigned long long __brevll(unsigned long long a) { return __nv_brevll(a); }
P2M_D unsigned __byte_perm(unsigned a, unsigned b, unsigned s) { return __nv_byte_perm(a, b, s); }
// Not in libdevice: the same formulations as CUDA's sm_32_intrinsics / device_functions.
P2M_D unsigned __vadd4(unsigned a, unsigned b) {  // per-byte add without carries between bytes
  return ((a & 0x7f7f7f7fu) + (b & 0x7f7f7f7fu)) ^ ((a ^ b) & 0x80808080u);
}
P2M_D unsigned __vabsdiffu4(unsigned a, unsigned b) {
  unsigned r, z = 0;
  asm("vabsdiff4.u32.u32.u32 %0,%1,%2,%3;" : "=r"(r) : "r"(a), "r"(b), "r"(z));
  return r;
}
#define P2M_SHF(name, mode)                                                      \
  P2M_D unsigned name(unsigned lo, unsigned hi, unsigned shift) {                \
    unsigned r;                                                                  \
    asm("shf." mode ".b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(shift)); \
    return r;                                                                    \
  }
P2M_SHF(__funnelshift_l, "l.wrap")
P2M_SHF(__funnelshift_lc, "l.clamp")
P2M_SHF(__funnelshift_r, "r.wrap")
P2M_SHF(__funnelshift_rc, "r.clamp")
#undef P2M_SHF
P2M_D int __dp4a(int a, int b, int c) {
  int r;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
P2M_D unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  unsigned r;
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
P2M_D int __dp2a_lo(int a, int b, int c) {
  int r;
  asm("dp2a.lo.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
P2M_D int __dp2a_hi(int a, int b, int c) {
  int r;
  asm("dp2a.hi.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

// ---------------------------------------------------------------------------------------------
// float.
P2M_D float __fadd_rn(float a, float b) { return __nv_fadd_rn(a, b); }
P2M_D float __fadd_rz(float a, float b) { return __nv_fadd_rz(a, b); }
P2M_D float __fadd_ru(float a, float b) { return __nv_fadd_ru(a, b); }
P2M_D float __fadd_rd(float a, float b) { return __nv_fadd_rd(a, b); }
P2M_D float __fsub_ru(float a, float b) { return __nv_fsub_ru(a, b); }
P2M_D float __fmul_rz(float a, float b) { return __nv_fmul_rz(a, b); }
P2M_D float __fmul_ru(float a, float b) { return __nv_fmul_ru(a, b); }
P2M_D float __fmul_rd(float a, float b) { return __nv_fmul_rd(a, b); }
P2M_D float __fdiv_rn(float a, float b) { return __nv_fdiv_rn(a, b); }
P2M_D float __fdiv_rz(float a, float b) { return __nv_fdiv_rz(a, b); }
P2M_D float __fdividef(float a, float b) { return __nv_fast_fdividef(a, b); }
P2M_D float __frcp_rn(float a) { return __nv_frcp_rn(a); }
P2M_D float __frcp_rz(float a) { return __nv_frcp_rz(a); }
P2M_D float __fsqrt_rn(float a) { return __nv_fsqrt_rn(a); }
P2M_D float __fsqrt_rd(float a) { return __nv_fsqrt_rd(a); }
P2M_D float __frsqrt_rn(float a) { return __nv_frsqrt_rn(a); }
P2M_D float __fmaf_rn(float a, float b, float c) { return __nv_fmaf_rn(a, b, c); }
P2M_D float __fmaf_rz(float a, float b, float c) { return __nv_fmaf_rz(a, b, c); }
P2M_D float __fmaf_ru(float a, float b, float c) { return __nv_fmaf_ru(a, b, c); }
P2M_D float __saturatef(float a) { return __nv_saturatef(a); }
P2M_D float fmaf(float a, float b, float c) { return __nv_fmaf(a, b, c); }
P2M_D float fminf(float a, float b) { return __nv_fminf(a, b); }
P2M_D float fmaxf(float a, float b) { return __nv_fmaxf(a, b); }
P2M_D float copysignf(float a, float b) { return __nv_copysignf(a, b); }
P2M_D float fabsf(float a) { return __nv_fabsf(a); }
P2M_D float floorf(float a) { return __nv_floorf(a); }
P2M_D float ceilf(float a) { return __nv_ceilf(a); }
P2M_D float truncf(float a) { return __nv_truncf(a); }
P2M_D float rintf(float a) { return __nv_rintf(a); }
P2M_D float roundf(float a) { return __nv_roundf(a); }
P2M_D float fdimf(float a, float b) { return __nv_fdimf(a, b); }
P2M_D float fmodf(float a, float b) { return __nv_fmodf(a, b); }
P2M_D bool isinf(float a) { return __nv_isinff(a) != 0; }
P2M_D float sqrtf(float a) { return __nv_sqrtf(a); }
P2M_D float rsqrtf(float a) { return __nv_rsqrtf(a); }
P2M_D float sinf(float a) { return __nv_sinf(a); }
P2M_D float cosf(float a) { return __nv_cosf(a); }
P2M_D float __sinf(float a) { return __nv_fast_sinf(a); }
P2M_D float __cosf(float a) { return __nv_fast_cosf(a); }
P2M_D float expf(float a) { return __nv_expf(a); }
P2M_D float __expf(float a) { return __nv_fast_expf(a); }
P2M_D float logf(float a) { return __nv_logf(a); }
P2M_D float __logf(float a) { return __nv_fast_logf(a); }
P2M_D float tanhf(float a) { return __nv_tanhf(a); }
P2M_D float exp2f(float a) { return __nv_exp2f(a); }
P2M_D float log2f(float a) { return __nv_log2f(a); }
P2M_D float __powf(float a, float b) { return __nv_fast_powf(a, b); }
P2M_D float atan2f(float a, float b) { return __nv_atan2f(a, b); }
P2M_D float __tanf(float a) { return __nv_fast_tanf(a); }
P2M_D float erff(float a) { return __nv_erff(a); }
P2M_D float powf(float a, float b) { return __nv_powf(a, b); }

// ---------------------------------------------------------------------------------------------
// Conversions and reinterpretation.
P2M_D int __float2int_rn(float a) { return __nv_float2int_rn(a); }
P2M_D int __float2int_rz(float a) { return __nv_float2int_rz(a); }
P2M_D int __float2int_ru(float a) { return __nv_float2int_ru(a); }
P2M_D int __float2int_rd(float a) { return __nv_float2int_rd(a); }
P2M_D unsigned __float2uint_rn(float a) { return __nv_float2uint_rn(a); }
P2M_D unsigned __float2uint_rz(float a) { return __nv_float2uint_rz(a); }
P2M_D unsigned __float2uint_ru(float a) { return __nv_float2uint_ru(a); }
P2M_D unsigned __float2uint_rd(float a) { return __nv_float2uint_rd(a); }
P2M_D long long __float2ll_rz(float a) { return __nv_float2ll_rz(a); }
P2M_D unsigned long long __float2ull_rn(float a) { return __nv_float2ull_rn(a); }
P2M_D int __float_as_int(float a) { return __nv_float_as_int(a); }
P2M_D float __int_as_float(int a) { return __nv_int_as_float(a); }
P2M_D float __int2float_rz(int a) { return __nv_int2float_rz(a); }
P2M_D float __int2float_ru(int a) { return __nv_int2float_ru(a); }
P2M_D float __uint2float_rd(unsigned a) { return __nv_uint2float_rd(a); }
P2M_D float __uint2float_rn(unsigned a) { return __nv_uint2float_rn(a); }
P2M_D float __ll2float_rz(long long a) { return __nv_ll2float_rz(a); }
P2M_D float __ll2float_rd(long long a) { return __nv_ll2float_rd(a); }
P2M_D float __ull2float_ru(unsigned long long a) { return __nv_ull2float_ru(a); }
P2M_D float __double2float_rn(double a) { return __nv_double2float_rn(a); }
P2M_D float __double2float_rz(double a) { return __nv_double2float_rz(a); }
P2M_D float __double2float_ru(double a) { return __nv_double2float_ru(a); }
P2M_D int __double2int_rz(double a) { return __nv_double2int_rz(a); }
P2M_D int __double2int_rd(double a) { return __nv_double2int_rd(a); }
P2M_D unsigned __double2uint_rn(double a) { return __nv_double2uint_rn(a); }
P2M_D unsigned __double2uint_rz(double a) { return __nv_double2uint_rz(a); }
P2M_D long long __double2ll_rd(double a) { return __nv_double2ll_rd(a); }
P2M_D long long __double2ll_rn(double a) { return __nv_double2ll_rn(a); }
P2M_D unsigned long long __double2ull_ru(double a) { return __nv_double2ull_ru(a); }
P2M_D double __ll2double_rn(long long a) { return __nv_ll2double_rn(a); }
P2M_D double __uint2double_rn(unsigned a) { return __nv_uint2double_rn(a); }
P2M_D double __ull2double_rz(unsigned long long a) { return __nv_ull2double_rz(a); }
P2M_D double __hiloint2double(int hi, int lo) { return __nv_hiloint2double(hi, lo); }
P2M_D int __double2hiint(double a) { return __nv_double2hiint(a); }
P2M_D int __double2loint(double a) { return __nv_double2loint(a); }
P2M_D double __longlong_as_double(long long a) { return __nv_longlong_as_double(a); }
P2M_D long long __double_as_longlong(double a) { return __nv_double_as_longlong(a); }

// ---------------------------------------------------------------------------------------------
// double.
P2M_D double __dadd_rz(double a, double b) { return __nv_dadd_rz(a, b); }
P2M_D double __dmul_ru(double a, double b) { return __nv_dmul_ru(a, b); }
P2M_D double __ddiv_rd(double a, double b) { return __nv_ddiv_rd(a, b); }
P2M_D double __drcp_rn(double a) { return __nv_drcp_rn(a); }
P2M_D double __dsqrt_rd(double a) { return __nv_dsqrt_rd(a); }
P2M_D double __fma_rz(double a, double b, double c) { return __nv_fma_rz(a, b, c); }
P2M_D double fma(double a, double b, double c) { return __nv_fma(a, b, c); }
P2M_D double sqrt(double a) { return __nv_sqrt(a); }
P2M_D double fabs(double a) { return __nv_fabs(a); }
P2M_D double fmin(double a, double b) { return __nv_fmin(a, b); }
P2M_D double fmax(double a, double b) { return __nv_fmax(a, b); }
P2M_D double copysign(double a, double b) { return __nv_copysign(a, b); }
P2M_D double floor(double a) { return __nv_floor(a); }
P2M_D double ceil(double a) { return __nv_ceil(a); }
P2M_D double trunc(double a) { return __nv_trunc(a); }
P2M_D double exp(double a) { return __nv_exp(a); }
P2M_D double log(double a) { return __nv_log(a); }
P2M_D double sin(double a) { return __nv_sin(a); }
P2M_D double rsqrt(double a) { return __nv_rsqrt(a); }
P2M_D double pow(double a, double b) { return __nv_pow(a, b); }
P2M_D double tanh(double a) { return __nv_tanh(a); }

// ---------------------------------------------------------------------------------------------
// Half precision: __half is clang's _Float16 (native f16 arithmetic on sm_53+), __half2 a
// two-element vector of it (f16x2). Rounding-mode conversions use inline PTX.
typedef _Float16 __half;
typedef _Float16 __half2 __attribute__((ext_vector_type(2)));

P2M_D unsigned short __half_as_ushort(__half h) { return __builtin_bit_cast(unsigned short, h); }
P2M_D __half __ushort_as_half(unsigned short u) { return __builtin_bit_cast(__half, u); }
P2M_D __half __float2half(float f) { return (__half)f; }
P2M_D __half __float2half_rz(float f) {
  unsigned short r;
  asm("cvt.rz.f16.f32 %0, %1;" : "=h"(r) : "f"(f));
  return __ushort_as_half(r);
}
P2M_D __half __float2half_ru(float f) {
  unsigned short r;
  asm("cvt.rp.f16.f32 %0, %1;" : "=h"(r) : "f"(f));
  return __ushort_as_half(r);
}
P2M_D __half __int2half_rn(int i) { return (__half)i; }
P2M_D int __half2int_rz(__half h) { return (int)h; }
P2M_D float __half2float(__half h) { return (float)h; }
P2M_D __half __hadd(__half a, __half b) { return a + b; }
P2M_D __half __hsub(__half a, __half b) { return a - b; }
P2M_D __half __hmul(__half a, __half b) { return a * b; }
P2M_D __half __hfma(__half a, __half b, __half c) { return __nvvm_fma_rn_f16(a, b, c); }
// The quotient rounded to float and then to half is the correctly rounded half quotient
// (float has more than 2 * 11 + 2 significand bits).
P2M_D __half __hdiv(__half a, __half b) { return (__half)((float)a / (float)b); }
P2M_D __half __hneg(__half a) { return -a; }
P2M_D __half __habs(__half a) { return __ushort_as_half(__half_as_ushort(a) & 0x7fffu); }
P2M_D __half __hmax(__half a, __half b) { return __nvvm_fmax_f16(a, b); }
P2M_D __half __hmin(__half a, __half b) { return __nvvm_fmin_f16(a, b); }
P2M_D bool __hlt(__half a, __half b) { return a < b; }
P2M_D __half __hadd_sat(__half a, __half b) {
  unsigned short r;
  asm("add.sat.f16 %0, %1, %2;" : "=h"(r) : "h"(__half_as_ushort(a)), "h"(__half_as_ushort(b)));
  return __ushort_as_half(r);
}
P2M_D __half2 __hadd2(__half2 a, __half2 b) { return a + b; }
P2M_D __half2 __hmul2(__half2 a, __half2 b) { return a * b; }
P2M_D __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __nvvm_fma_rn_f16x2(a, b, c); }
P2M_D __half2 __hneg2(__half2 a) { return -a; }
P2M_D __half2 __lowhigh2highlow(__half2 a) { return __builtin_shufflevector(a, a, 1, 0); }
P2M_D __half2 __halves2half2(__half lo, __half hi) { return __half2{lo, hi}; }
P2M_D __half __low2half(__half2 a) { return a.x; }
P2M_D __half __high2half(__half2 a) { return a.y; }
P2M_D float __low2float(__half2 a) { return (float)a.x; }
P2M_D float __high2float(__half2 a) { return (float)a.y; }

// bfloat16: clang's __bf16. Arithmetic is written the way cuda_bf16.hpp does it on sm_80
// (fma.rn.bf16 with 1.0 / -1.0 / -0.0); sm_90 has native add/sub/mul.
typedef __bf16 __nv_bfloat16;
typedef __bf16 __nv_bfloat162 __attribute__((ext_vector_type(2)));

P2M_D unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return __builtin_bit_cast(unsigned short, h); }
P2M_D __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { return __builtin_bit_cast(__nv_bfloat16, u); }
P2M_D __nv_bfloat16 __float2bfloat16(float f) { return (__nv_bfloat16)f; }
P2M_D __nv_bfloat16 __float2bfloat16_rz(float f) {
  // Truncation is round-toward-zero, except that NVIDIA returns the canonical NaN 0x7fff
  // (measured on an H200) where truncating a NaN could even produce infinity.
  unsigned bits = __builtin_bit_cast(unsigned, f);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return __ushort_as_bfloat16((unsigned short)0x7fff);
  return __ushort_as_bfloat16((unsigned short)(bits >> 16));
}
P2M_D __nv_bfloat16 __double2bfloat16(double d) {
  unsigned short r;
#if __CUDA_ARCH__ >= 900
  asm("cvt.rn.bf16.f64 %0, %1;" : "=h"(r) : "d"(d));
#else
  // Round to float toward zero, then set the sticky bit if inexact, then round to bf16: one
  // correct rounding (the same construction as cuda_bf16.hpp's emulation).
  float f = __double2float_rz(d);
  unsigned u = __builtin_bit_cast(unsigned, f);
  if ((double)f != d) u |= 1u;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r) : "f"(__builtin_bit_cast(float, u)));
#endif
  return __ushort_as_bfloat16(r);
}
P2M_D float __bfloat162float(__nv_bfloat16 h) { return (float)h; }
P2M_D __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return __nvvm_fma_rn_bf16(a, b, c); }
P2M_D __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __nvvm_fma_rn_bf16(a, (__bf16)1.0f, b); }
P2M_D __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return __nvvm_fma_rn_bf16(b, (__bf16)-1.0f, a); }
P2M_D __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return __nvvm_fma_rn_bf16(a, b, (__bf16)-0.0f); }
P2M_D __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return __nvvm_fmax_bf16(a, b); }
P2M_D __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return __nvvm_fmin_bf16(a, b); }
P2M_D __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __ushort_as_bfloat16(__bfloat16_as_ushort(a) ^ 0x8000u); }
P2M_D __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return __nvvm_fma_rn_bf16x2(a, b, c); }
P2M_D __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nvvm_fma_rn_bf16x2(a, __nv_bfloat162{(__bf16)1.0f, (__bf16)1.0f}, b);
}
P2M_D __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nvvm_fma_rn_bf16x2(a, b, __nv_bfloat162{(__bf16)-0.0f, (__bf16)-0.0f});
}

// ---------------------------------------------------------------------------------------------
// Memory.
P2M_D float __ldg(const float *p) { return __nvvm_ldg_f(p); }
P2M_D int __ldg(const int *p) { return __nvvm_ldg_i(p); }
P2M_D size_t __cvta_generic_to_shared(const void *p) {
  return (size_t)(void __attribute__((address_space(3))) *)p;
}

// ---------------------------------------------------------------------------------------------
// Barriers, fences, warp collectives.
// __syncthreads is a clang builtin.
P2M_D int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
P2M_D int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
P2M_D int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
P2M_D void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
P2M_D void __threadfence_block() { __nvvm_membar_cta(); }
P2M_D void __threadfence() { __nvvm_membar_gl(); }
P2M_D void __threadfence_system() { __nvvm_membar_sys(); }

// Shuffle mode word: ((32 - width) << 8) | clamp, clamp = 0 for up, 0x1f otherwise.
#define P2M_SHFL(name, mode, clamp, Lane)                                                    \
  P2M_D int name(unsigned m, int v, Lane l, int w = 32) {                                  \
    return __nvvm_shfl_sync_##mode##_i32(m, v, l, ((32 - w) << 8) | (clamp));              \
  }                                                                                        \
  P2M_D unsigned name(unsigned m, unsigned v, Lane l, int w = 32) {                        \
    return (unsigned)__nvvm_shfl_sync_##mode##_i32(m, (int)v, l, ((32 - w) << 8) | (clamp)); \
  }                                                                                        \
  P2M_D float name(unsigned m, float v, Lane l, int w = 32) {                              \
    return __nvvm_shfl_sync_##mode##_f32(m, v, l, ((32 - w) << 8) | (clamp));              \
  }                                                                                        \
  P2M_D long long name(unsigned m, long long v, Lane l, int w = 32) {                      \
    int lo = name(m, (int)v, l, w), hi = name(m, (int)(v >> 32), l, w);                    \
    return (long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo);           \
  }                                                                                        \
  P2M_D double name(unsigned m, double v, Lane l, int w = 32) {                            \
    return __builtin_bit_cast(double, name(m, __builtin_bit_cast(long long, v), l, w));    \
  }
P2M_SHFL(__shfl_sync, idx, 0x1f, int)
P2M_SHFL(__shfl_up_sync, up, 0, unsigned)
P2M_SHFL(__shfl_down_sync, down, 0x1f, unsigned)
P2M_SHFL(__shfl_xor_sync, bfly, 0x1f, int)
#undef P2M_SHFL

P2M_D unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p); }
P2M_D int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p); }
P2M_D int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p); }
P2M_D unsigned __activemask() { return __nvvm_activemask(); }
#if __CUDA_ARCH__ >= 700
P2M_D unsigned __match_any_sync(unsigned m, int v) { return __nvvm_match_any_sync_i32(m, v); }
P2M_D unsigned __match_any_sync(unsigned m, long long v) { return __nvvm_match_any_sync_i64(m, v); }
P2M_D unsigned __match_all_sync(unsigned m, int v, int *pred) { return __nvvm_match_all_sync_i32p(m, v, pred); }
#endif
#if __CUDA_ARCH__ >= 800
P2M_D unsigned __reduce_add_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_add(v, m); }
P2M_D unsigned __reduce_min_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umin(v, m); }
P2M_D unsigned __reduce_max_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umax(v, m); }
P2M_D int __reduce_min_sync(unsigned m, int v) { return __nvvm_redux_sync_min(v, m); }
P2M_D unsigned __reduce_and_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_and(v, m); }
P2M_D unsigned __reduce_or_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_or(v, m); }
P2M_D unsigned __reduce_xor_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_xor(v, m); }
#endif

// ---------------------------------------------------------------------------------------------
// Atomics (generic addressing, relaxed, GPU scope unless the name says otherwise).
P2M_D int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
P2M_D unsigned atomicAdd(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v); }
P2M_D unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p, (long long)v);
}
P2M_D float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
P2M_D double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
P2M_D float atomicAdd_block(float *p, float v) { return __nvvm_atom_cta_add_gen_f(p, v); }
P2M_D double atomicAdd_system(double *p, double v) { return __nvvm_atom_sys_add_gen_d(p, v); }
P2M_D int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
P2M_D int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
P2M_D unsigned long long atomicExch(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_xchg_gen_ll((long long *)p, (long long)v);
}
P2M_D float atomicExch(float *p, float v) {
  return __builtin_bit_cast(float, __nvvm_atom_xchg_gen_i((int *)p, __builtin_bit_cast(int, v)));
}
P2M_D int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
P2M_D int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
P2M_D unsigned atomicMin(unsigned *p, unsigned v) { return __nvvm_atom_min_gen_ui(p, v); }
P2M_D unsigned atomicMax(unsigned *p, unsigned v) { return __nvvm_atom_max_gen_ui(p, v); }
P2M_D long long atomicMin(long long *p, long long v) { return __nvvm_atom_min_gen_ll(p, v); }
P2M_D unsigned long long atomicMin(unsigned long long *p, unsigned long long v) { return __nvvm_atom_min_gen_ull(p, v); }
P2M_D unsigned long long atomicMax(unsigned long long *p, unsigned long long v) { return __nvvm_atom_max_gen_ull(p, v); }
P2M_D int atomicAnd(int *p, int v) { return __nvvm_atom_and_gen_i(p, v); }
P2M_D int atomicOr(int *p, int v) { return __nvvm_atom_or_gen_i(p, v); }
P2M_D int atomicXor(int *p, int v) { return __nvvm_atom_xor_gen_i(p, v); }
P2M_D unsigned long long atomicAnd(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_and_gen_ll((long long *)p, (long long)v);
}
P2M_D unsigned long long atomicOr(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_or_gen_ll((long long *)p, (long long)v);
}
P2M_D unsigned long long atomicXor(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_xor_gen_ll((long long *)p, (long long)v);
}
P2M_D unsigned atomicInc(unsigned *p, unsigned v) { return __nvvm_atom_inc_gen_ui(p, v); }
P2M_D unsigned atomicDec(unsigned *p, unsigned v) { return __nvvm_atom_dec_gen_ui(p, v); }
P2M_D int atomicCAS(int *p, int cmp, int v) { return __nvvm_atom_cas_gen_i(p, cmp, v); }
P2M_D unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_cas_gen_ll((long long *)p, (long long)cmp, (long long)v);
}

// ---------------------------------------------------------------------------------------------
// Special registers and miscellany.
P2M_D int clock() { return __nvvm_read_ptx_sreg_clock(); }
P2M_D long long clock64() { return __nvvm_read_ptx_sreg_clock64(); }
P2M_D void __nanosleep(unsigned ns) { asm volatile("nanosleep.u32 %0;" ::"r"(ns)); }
P2M_D void __trap() { asm volatile("trap;"); }

#undef P2M_D

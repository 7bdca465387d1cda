// sm_32_intrinsics.h: the cache-operator loads and stores of global memory (__ldcg, __ldca,
// __ldcs, __ldlu, __ldcv; __stwb, __stcg, __stcs, __stwt), each the PTX ld.global.<cop> /
// st.global.<cop> of the value's type, as inline asm so the PTX keeps the cache operator.
// __ldg (ld.global.nc) and the funnel shifts come from clang's __clang_cuda_intrinsics.h.
#ifndef __SM_32_INTRINSICS_P2M_H__
#define __SM_32_INTRINSICS_P2M_H__

#pragma push_macro("__P2M_LD1")
#pragma push_macro("__P2M_LD2")
#pragma push_macro("__P2M_LD4")
#pragma push_macro("__P2M_ST1")
#pragma push_macro("__P2M_ST2")
#pragma push_macro("__P2M_ST4")
#pragma push_macro("__P2M_LDST_ALL")

// One scalar: T is the C type, R the register type the asm operand needs (8-bit values travel in
// 32-bit registers), C its constraint letter, P the PTX type.
#define __P2M_LD1(FN, COP, T, R, C, P)                                                             \
  static __inline__ __device__ T FN(const T *__ptr) {                                             \
    R __r;                                                                                         \
    __asm__("ld.global." COP "." P " %0, [%1];" : "=" C(__r) : "l"(__ptr) : "memory");            \
    return (T)__r;                                                                                 \
  }
#define __P2M_LD2(FN, COP, T, E, R, C, P)                                                          \
  static __inline__ __device__ T FN(const T *__ptr) {                                             \
    R __x, __y;                                                                                    \
    __asm__("ld.global." COP ".v2." P " {%0, %1}, [%2];"                                           \
            : "=" C(__x), "=" C(__y)                                                               \
            : "l"(__ptr)                                                                           \
            : "memory");                                                                           \
    T __v;                                                                                         \
    __v.x = (E)__x;                                                                                \
    __v.y = (E)__y;                                                                                \
    return __v;                                                                                    \
  }
#define __P2M_LD4(FN, COP, T, E, R, C, P)                                                          \
  static __inline__ __device__ T FN(const T *__ptr) {                                             \
    R __x, __y, __z, __w;                                                                          \
    __asm__("ld.global." COP ".v4." P " {%0, %1, %2, %3}, [%4];"                                   \
            : "=" C(__x), "=" C(__y), "=" C(__z), "=" C(__w)                                       \
            : "l"(__ptr)                                                                           \
            : "memory");                                                                           \
    T __v;                                                                                         \
    __v.x = (E)__x;                                                                                \
    __v.y = (E)__y;                                                                                \
    __v.z = (E)__z;                                                                                \
    __v.w = (E)__w;                                                                                \
    return __v;                                                                                    \
  }
#define __P2M_ST1(FN, COP, T, R, C, P)                                                             \
  static __inline__ __device__ void FN(T *__ptr, T __value) {                                     \
    __asm__ __volatile__("st.global." COP "." P " [%0], %1;" ::"l"(__ptr), C((R)__value)          \
                         : "memory");                                                              \
  }
#define __P2M_ST2(FN, COP, T, R, C, P)                                                             \
  static __inline__ __device__ void FN(T *__ptr, T __value) {                                     \
    __asm__ __volatile__("st.global." COP ".v2." P " [%0], {%1, %2};" ::"l"(__ptr),               \
                         C((R)__value.x), C((R)__value.y)                                          \
                         : "memory");                                                              \
  }
#define __P2M_ST4(FN, COP, T, R, C, P)                                                             \
  static __inline__ __device__ void FN(T *__ptr, T __value) {                                     \
    __asm__ __volatile__("st.global." COP ".v4." P " [%0], {%1, %2, %3, %4};" ::"l"(__ptr),       \
                         C((R)__value.x), C((R)__value.y), C((R)__value.z), C((R)__value.w)        \
                         : "memory");                                                              \
  }

// Every type CUDA's overloads take, for one load/store pair of cache operators.
#define __P2M_LDST_ALL(LD, ST, LDCOP, STCOP)                                                       \
  __P2M_LD1(LD, LDCOP, char, int, "r", "s8")                                                       \
  __P2M_LD1(LD, LDCOP, signed char, int, "r", "s8")                                                \
  __P2M_LD1(LD, LDCOP, unsigned char, unsigned int, "r", "u8")                                     \
  __P2M_LD1(LD, LDCOP, short, short, "h", "s16")                                                   \
  __P2M_LD1(LD, LDCOP, unsigned short, unsigned short, "h", "u16")                                 \
  __P2M_LD1(LD, LDCOP, int, int, "r", "s32")                                                       \
  __P2M_LD1(LD, LDCOP, unsigned int, unsigned int, "r", "u32")                                     \
  __P2M_LD1(LD, LDCOP, long, long, "l", "s64")                                                     \
  __P2M_LD1(LD, LDCOP, unsigned long, unsigned long, "l", "u64")                                   \
  __P2M_LD1(LD, LDCOP, long long, long long, "l", "s64")                                           \
  __P2M_LD1(LD, LDCOP, unsigned long long, unsigned long long, "l", "u64")                         \
  __P2M_LD1(LD, LDCOP, float, float, "f", "f32")                                                   \
  __P2M_LD1(LD, LDCOP, double, double, "d", "f64")                                                 \
  __P2M_LD2(LD, LDCOP, char2, signed char, int, "r", "s8")                                         \
  __P2M_LD4(LD, LDCOP, char4, signed char, int, "r", "s8")                                         \
  __P2M_LD2(LD, LDCOP, uchar2, unsigned char, unsigned int, "r", "u8")                             \
  __P2M_LD4(LD, LDCOP, uchar4, unsigned char, unsigned int, "r", "u8")                             \
  __P2M_LD2(LD, LDCOP, short2, short, short, "h", "s16")                                           \
  __P2M_LD4(LD, LDCOP, short4, short, short, "h", "s16")                                           \
  __P2M_LD2(LD, LDCOP, ushort2, unsigned short, unsigned short, "h", "u16")                        \
  __P2M_LD4(LD, LDCOP, ushort4, unsigned short, unsigned short, "h", "u16")                        \
  __P2M_LD2(LD, LDCOP, int2, int, int, "r", "s32")                                                 \
  __P2M_LD4(LD, LDCOP, int4, int, int, "r", "s32")                                                 \
  __P2M_LD2(LD, LDCOP, uint2, unsigned int, unsigned int, "r", "u32")                              \
  __P2M_LD4(LD, LDCOP, uint4, unsigned int, unsigned int, "r", "u32")                              \
  __P2M_LD2(LD, LDCOP, longlong2, long long, long long, "l", "s64")                                \
  __P2M_LD2(LD, LDCOP, ulonglong2, unsigned long long, unsigned long long, "l", "u64")             \
  __P2M_LD2(LD, LDCOP, float2, float, float, "f", "f32")                                           \
  __P2M_LD4(LD, LDCOP, float4, float, float, "f", "f32")                                           \
  __P2M_LD2(LD, LDCOP, double2, double, double, "d", "f64")                                        \
  __P2M_ST1(ST, STCOP, char, int, "r", "s8")                                                       \
  __P2M_ST1(ST, STCOP, signed char, int, "r", "s8")                                                \
  __P2M_ST1(ST, STCOP, unsigned char, unsigned int, "r", "u8")                                     \
  __P2M_ST1(ST, STCOP, short, short, "h", "s16")                                                   \
  __P2M_ST1(ST, STCOP, unsigned short, unsigned short, "h", "u16")                                 \
  __P2M_ST1(ST, STCOP, int, int, "r", "s32")                                                       \
  __P2M_ST1(ST, STCOP, unsigned int, unsigned int, "r", "u32")                                     \
  __P2M_ST1(ST, STCOP, long, long, "l", "s64")                                                     \
  __P2M_ST1(ST, STCOP, unsigned long, unsigned long, "l", "u64")                                   \
  __P2M_ST1(ST, STCOP, long long, long long, "l", "s64")                                           \
  __P2M_ST1(ST, STCOP, unsigned long long, unsigned long long, "l", "u64")                         \
  __P2M_ST1(ST, STCOP, float, float, "f", "f32")                                                   \
  __P2M_ST1(ST, STCOP, double, double, "d", "f64")                                                 \
  __P2M_ST2(ST, STCOP, char2, int, "r", "s8")                                                      \
  __P2M_ST4(ST, STCOP, char4, int, "r", "s8")                                                      \
  __P2M_ST2(ST, STCOP, uchar2, unsigned int, "r", "u8")                                            \
  __P2M_ST4(ST, STCOP, uchar4, unsigned int, "r", "u8")                                            \
  __P2M_ST2(ST, STCOP, short2, short, "h", "s16")                                                  \
  __P2M_ST4(ST, STCOP, short4, short, "h", "s16")                                                  \
  __P2M_ST2(ST, STCOP, ushort2, unsigned short, "h", "u16")                                        \
  __P2M_ST4(ST, STCOP, ushort4, unsigned short, "h", "u16")                                        \
  __P2M_ST2(ST, STCOP, int2, int, "r", "s32")                                                      \
  __P2M_ST4(ST, STCOP, int4, int, "r", "s32")                                                      \
  __P2M_ST2(ST, STCOP, uint2, unsigned int, "r", "u32")                                            \
  __P2M_ST4(ST, STCOP, uint4, unsigned int, "r", "u32")                                            \
  __P2M_ST2(ST, STCOP, longlong2, long long, "l", "s64")                                           \
  __P2M_ST2(ST, STCOP, ulonglong2, unsigned long long, "l", "u64")                                 \
  __P2M_ST2(ST, STCOP, float2, float, "f", "f32")                                                  \
  __P2M_ST4(ST, STCOP, float4, float, "f", "f32")                                                  \
  __P2M_ST2(ST, STCOP, double2, double, "d", "f64")

// Loads: cache at all levels (ca), global level (cg), streaming (cs), last use (lu), volatile
// (cv). Stores: write-back (wb), global level (cg), streaming (cs), write-through (wt). The
// pairing of a load with a store below only shares the type list.
__P2M_LDST_ALL(__ldcg, __stcg, "cg", "cg")
__P2M_LDST_ALL(__ldcs, __stcs, "cs", "cs")
__P2M_LDST_ALL(__ldca, __stwb, "ca", "wb")
__P2M_LDST_ALL(__ldcv, __stwt, "cv", "wt")
// ld.global.lu has no store to pair with.
#undef __P2M_ST1
#undef __P2M_ST2
#undef __P2M_ST4
#define __P2M_ST1(...)
#define __P2M_ST2(...)
#define __P2M_ST4(...)
__P2M_LDST_ALL(__ldlu, , "lu", "")

#pragma pop_macro("__P2M_LDST_ALL")
#pragma pop_macro("__P2M_ST4")
#pragma pop_macro("__P2M_ST2")
#pragma pop_macro("__P2M_ST1")
#pragma pop_macro("__P2M_LD4")
#pragma pop_macro("__P2M_LD2")
#pragma pop_macro("__P2M_LD1")

#endif // __SM_32_INTRINSICS_P2M_H__

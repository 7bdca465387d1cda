// Test-only stand-in (see README.md): a few make_<vector> functions.
#ifndef P2M_TEST_PRELUDE_VECTOR_FUNCTIONS_H
#define P2M_TEST_PRELUDE_VECTOR_FUNCTIONS_H
#include "vector_types.h"
static __inline__ __host__ __device__ int2 make_int2(int x, int y) { return int2{x, y}; }
static __inline__ __host__ __device__ uint2 make_uint2(unsigned x, unsigned y) { return uint2{x, y}; }
static __inline__ __host__ __device__ uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return uint3{x, y, z}; }
static __inline__ __host__ __device__ float2 make_float2(float x, float y) { return float2{x, y}; }
static __inline__ __host__ __device__ float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
#endif

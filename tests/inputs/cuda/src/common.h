// Shared prelude for the team's CUDA test kernels (tests/inputs/cuda/src).
//
// nvcc 13 sees the CUDA toolkit headers. clang-19 is run with -nocudainc because it does not
// accept CUDA 13's headers; it sees the team's own declarations in ../clang/cuda_decls.h, which
// provide the same names with the same meaning.
//
// Every kernel reads its inputs through pointers and writes its results through pointers, so
// the same PTX doubles as an execution test. Values that are not deterministic on hardware
// (clock, %smid, ...) are reduced to deterministic facts before they are stored.
#pragma once

#if defined(__NVCC__)
#include <cstdint>
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#else
#include "cuda_decls.h"
#endif

// 1 on the architectures a feature needs, for `#if` guards inside a file.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define P2M_SM80 1
#else
#define P2M_SM80 0
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define P2M_SM90 1
#else
#define P2M_SM90 0
#endif

// Global linear thread index of a 1-D launch.
__device__ __forceinline__ unsigned p2m_gid() { return blockIdx.x * blockDim.x + threadIdx.x; }

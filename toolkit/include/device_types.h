/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* device_types.h: the rounding modes of device arithmetic. */

#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__

#include "crt/host_defines.h"

/* ---- Enumerations --------------------------------------------------------------------------- */
enum cudaRoundMode {
    cudaRoundNearest = 0,
    cudaRoundZero = 1,
    cudaRoundPosInf = 2,
    cudaRoundMinInf = 3
};

#endif /* __DEVICE_TYPES_H__ */

/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* surface_types.h: surface object and reference types. */

#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__

#include "driver_types.h"

/* ---- Flags and constants -------------------------------------------------------------------- */
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC

/* ---- Enumerations --------------------------------------------------------------------------- */
enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,
    cudaBoundaryModeClamp = 1,
    cudaBoundaryModeTrap = 2
};

enum cudaSurfaceFormatMode {
    cudaFormatModeForced = 0,
    cudaFormatModeAuto = 1
};

/* ---- Handles, structures and callbacks ------------------------------------------------------ */
typedef unsigned long long cudaSurfaceObject_t;

#endif /* __SURFACE_TYPES_H__ */

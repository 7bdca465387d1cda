// Device-side declarations shared by the library's translation units (separable compilation:
// each is defined in one .cu file and used from another).
#pragma once

#include "physics/physics.h"

namespace physics {
extern __constant__ Params c_params;                  // constants.cu
__device__ float2 force(float x, float y, float vx, float vy); // forces.cu
}

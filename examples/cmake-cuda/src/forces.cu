#include "physics/device.h"

namespace physics {

// Gravity and a linear drag, from the parameters in constant memory.
__device__ float2 force(float x, float y, float vx, float vy) {
  (void)x;
  (void)y;
  const float drag = 1.0f - c_params.damping;
  return make_float2(-drag * vx, -c_params.gravity - drag * vy);
}

} // namespace physics

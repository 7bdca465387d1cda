// texture_ops.h as the emitter pastes it into generated MSL: after metal_stdlib, the
// using-directive and abi.h. Compiled by msl-texture-header-syntax.
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "texture_ops.h"

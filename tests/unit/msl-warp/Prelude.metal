// The two headers as the emitter pastes them into generated MSL: after metal_stdlib, the
// using-directive and abi.h (which the emitter always pastes first). Compiled by the msl-warp-header-syntax test.
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "warp_ops.h"
#include "atomic_ops.h"

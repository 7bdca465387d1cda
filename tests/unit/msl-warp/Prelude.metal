// The two headers as the emitter pastes them into generated MSL: after metal_stdlib and the
// using-directive, nothing else in front. Compiled by the msl-warp-header-syntax test.
#include <metal_stdlib>
using namespace metal;
#include "warp_ops.h"
#include "atomic_ops.h"

// mma_ops.h as the emitter pastes it into generated MSL: after metal_stdlib, the
// using-directive and abi.h, with fp64.h before it (f64 mma). Compiled by msl-mma-header-syntax.
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "fp64.h"
#include "mma_ops.h"

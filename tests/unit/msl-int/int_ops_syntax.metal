// The header on its own after the MSL prelude, as the emitter pastes it (checked warning-free
// by the msl-int-header-syntax test).
#include <metal_stdlib>
using namespace metal;

#include "../../../emitters/msl/support/int_ops.h"

// printf.h as the emitter pastes it: after metal_stdlib, the using-directive and abi.h.
// Compiled warning-free by the msl-printf-header-syntax test.
#include <metal_stdlib>
using namespace metal;
#include "abi.h"
#include "printf.h"

// cvt_ops.h and half_ops.h as the emitter pastes them into generated MSL (meson.build compiles
// this file with strict warnings as C++17 against the host metal_stdlib).
#include <metal_stdlib>
using namespace metal;
#include "cvt_ops.h"
#include "half_ops.h"

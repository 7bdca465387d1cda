// Compiled with -fsyntax-only and every warning as an error by the meson test
// 'msl-f32-header-syntax': the f32 support header as the emitter pastes it.
#include <metal_stdlib>
using namespace metal;

#include "emitters/msl/support/f32_ops.h"

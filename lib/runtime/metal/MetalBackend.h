// The `metal` backend (DESIGN.md): runs the generated MSL on an Apple GPU through
// Metal.framework. Built on macOS only (meson.build); this header is plain C++ so that the
// runtime core and the shim never see Objective-C.
//
// What it does beyond Backend.h:
// * Device memory is shared-storage MTLBuffers; a device address is the buffer's gpuAddress
//   (macOS 13+), and every live buffer is made resident for each dispatch, since kernels reach
//   them through raw addresses (a residency set on macOS 15+, useResource otherwise).
// * compile() uses CompileRequest::metallib when it is not empty, else compiles the MSL with
//   safe math at the request's MSL version; one pipeline per kernel, made at compile time.
//   A pipeline whose execution width is not 32 is refused.
// * dispatch() passes buffer 0 with setBytes below 4 KiB and in a buffer otherwise, binds
//   buffer 1 to the module words by address, and waits for the command buffer; an error
//   reported by the command buffer (a fault, a timeout) is LaunchFailed with Metal's text.
#pragma once

#include "runtime/Backend.h"

#include <memory>
#include <string>

namespace p2m::runtime {

// Null, with the reason in `why`, when there is no Metal device this backend can use: none at
// all, argument buffers below tier 2 (raw device addresses need tier 2), or SIMD-groups that
// are not 32 wide.
std::unique_ptr<Backend> createMetalBackend(std::string *why);

} // namespace p2m::runtime

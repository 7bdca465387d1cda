// The MSL emitter: structured kernel IR → one readable Metal Shading Language file following
// the kernel ABI of DESIGN.md (a `NAME_body` function per .entry taking the parameter block,
// the module buffer, the threadgroup window and the builtins; a `kernel` wrapper for Metal;
// each .func as an inline function over a shared context).
//
// A function whose instructions have no faithful lowering here is marked unsupported (with the
// located reason) and left out, together with every function that calls it; the rest of the
// module is still emitted.
#pragma once

#include "ir/Ir.h"

#include <string>
#include <vector>

namespace p2m::msl {

struct EmitOptions {
  unsigned mslVersion = 320;
  // Emit only these kernels (by PTX name) and what they call; empty: every kernel.
  std::vector<std::string> entries;
  // `// line N` comments from .loc, and a comment naming each PTX label.
  bool comments = true;
};

struct EmitResult {
  // The file is `header` followed by `body` (kept apart so that a large module is not copied
  // once more just to join them; source() joins them when one string is needed).
  std::string header; // banner, includes, the prelude
  std::string body;   // the functions and the kernel wrappers
  unsigned kernelsEmitted = 0;

  std::string source() const { return header + body; }
};

EmitResult emitModule(ir::Module &module, const EmitOptions &options);

} // namespace p2m::msl

// The one .version / .target / .address_size header of a linked module: the newest PTX version
// and the highest architecture among the inputs (a module written for an older one is valid
// for the newer), the target options every input agrees on. Inputs of different address sizes
// cannot be linked (an absent .address_size means 32, as the PTX ISA defines it), nor inputs
// that disagree on texture mode or on map_f64_to_f32, which change what their code means.
// The `debug` target stays only for a link of one module (several lose their DWARF, Merge.h).
#pragma once

#include "ptx/Ast.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace p2m {
class DiagnosticEngine;
}

namespace p2m::link {

struct LinkedHeader {
  std::string_view version;              // as written in the input that has it
  std::vector<std::string_view> targets; // e.g. {"sm_90a", "debug"}
  uint32_t addressSize = 0;              // 0 when no input states one
};

// False, with located errors, when the inputs' headers conflict.
bool mergeHeaders(std::span<const ptx::Module *const> modules, DiagnosticEngine &diags, LinkedHeader *out);

} // namespace p2m::link

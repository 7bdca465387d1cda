// The IR verifier: the structural invariants every pass relies on and must keep (DESIGN.md,
// "The IR"). It does not judge semantics, only that the IR is well formed: every id names
// something that exists, terminators have the targets their kind needs, guards and branch
// conditions are predicates, IR operations have the operands they are defined with. The
// pipeline runs it after every pass when PassOptions::verifyIr is set (debug builds, and
// P2M_VERIFY_IR=1 in the tests); a violation is an internal error of the pass that made it.
#pragma once

#include "ir/Ir.h"

#include <string>
#include <vector>

namespace p2m::ir {

// What is wrong with `function` (a message each; empty when nothing is). Declarations and
// functions already marked unsupported are not checked.
std::vector<std::string> verifyFunction(const Module &module, const Function &function);

} // namespace p2m::ir

// Which registers hold a value that a printer may write inside its one use instead of as a
// statement of its own (expression forwarding, as naga's and SPIRV-Cross's writers do):
// `uint r2 = p2m_shl_b32(ctx.b.ctaid.x, 1u) + r30;` rather than three statements.
//
// Registers are not SSA, so a value qualifies only when moving its definition to its use cannot
// change what it computes: the register is written once and read once, both in the same block
// with the write first (so it is live nowhere else: not after a back edge, not in another
// block); its definition is unguarded and pure (arithmetic, comparisons, conversions, special
// registers that do not move, helpers that are functions of their arguments) or a plain load;
// no register the value depends on (through forwarded values too) is written between the
// definition and the use; and for a value that reads memory, nothing between writes memory or
// synchronizes. The use itself may write those registers or memory: a printer evaluates a
// forwarded value within the first statement of its use, before any of the use's effects.
#pragma once

#include "ir/Ir.h"

#include <cstdint>
#include <vector>

namespace p2m::ir {

enum class Forwarding : uint8_t {
  No,
  Value, // the definition may be evaluated at the use instead
  // An element of a plain vector load whose use comes after a memory write: only where the
  // printer keeps the loaded vector in a temporary of its own, which the write cannot change.
  LoadedElement,
};

// Per register of `f`, whether its value may be forwarded. A forwarded value nests at most
// `maxDepth` forwarded values deep (itself included): deeper chains are cut into statements.
// Where `named` is given, it is set per register to whether an instruction (an operand, an
// element of one, a guard) or a branch condition names it: countRegisterMentions' non-zero
// counts, from the same walk.
std::vector<Forwarding> findForwardableValues(const Module &m, const Function &f, unsigned maxDepth,
                                              std::vector<uint8_t> *named = nullptr);

} // namespace p2m::ir

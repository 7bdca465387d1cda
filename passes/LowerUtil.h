// Internal to passes/: building the IR helper calls the lowering passes produce.
#pragma once

#include "passes/Pass.h"

#include <initializer_list>
#include <string>

namespace p2m::passes {

// `dst = name(args...)` with each argument's PTX type (the emitter converts between a
// register's storage and the helper's value types). dst may be a None operand (no result).
inline ir::Inst makeCall(ir::Module &m, const ir::Inst &from, std::string_view name, ir::Type resultType,
                         ir::Operand dst, std::vector<ir::Operand> args, std::vector<ir::Type> argTypes) {
  ir::Inst c;
  c.irop = ir::IrOp::Call;
  c.name = m.intern(name);
  c.type = resultType;
  c.space = from.space;
  c.fromGeneric = from.fromGeneric;
  c.guard = from.guard;
  c.guardNegated = from.guardNegated;
  c.srcOffset = from.srcOffset;
  c.debugLine = from.debugLine;
  c.ops.push_back(dst);
  for (ir::Operand &a : args)
    c.ops.push_back(a);
  c.callTypes = std::move(argTypes);
  return c;
}

// The rounding-mode modifier of an instruction ("rn", "rz", "rm", "rp", "rni", ...), or "".
std::string roundingOf(const ir::Inst &in);

} // namespace p2m::passes

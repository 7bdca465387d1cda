// Internal to passes/: building the IR helper calls the lowering passes produce.
#pragma once

#include "passes/Pass.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

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

// Rewrites the blocks of `f`: every instruction for which `applies(in)` holds is handed to
// `rewrite(in, out)`, which appends what replaces it (or `in` itself) to `out` and returns
// false to abandon the function (after marking it unsupported); the other instructions stay as
// they are. Blocks where nothing applies are not rebuilt (rebuilding moves every instruction).
template <typename Applies, typename Rewrite>
void rewriteBlocks(ir::Function &f, Applies applies, Rewrite rewrite) {
  std::vector<ir::Inst> out;
  for (ir::Block &b : f.blocks) {
    size_t n = static_cast<size_t>(std::count_if(b.insts.begin(), b.insts.end(), applies));
    if (n == 0)
      continue;
    out.clear();
    // Most rewritten instructions become two or three: growing `out` would move them all again.
    out.reserve(b.insts.size() + 2 * n);
    for (ir::Inst &in : b.insts) {
      if (!applies(in))
        out.push_back(std::move(in));
      else if (!rewrite(in, out))
        return;
    }
    std::swap(b.insts, out); // `out` keeps the old list's storage for the next block
  }
}

// The rounding-mode modifier of an instruction ("rn", "rz", "rm", "rp", "rni", ...), or "".
std::string roundingOf(const ir::Inst &in);

} // namespace p2m::passes

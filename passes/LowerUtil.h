// Internal to passes/: building the IR helper calls the lowering passes produce.
#pragma once

#include "passes/Pass.h"

#include <llvm/ADT/ArrayRef.h>

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace p2m::passes {

// `dst = helper(args...)` with each argument's PTX type (the emitter converts between a
// register's storage and the helper's value types). `helper` is a name Module::internHelper
// returned. dst may be a None operand (no result).
inline ir::Inst makeCall(ir::Module &m, const ir::Inst &from, uint32_t helper, ir::Type resultType,
                         ir::Operand dst, llvm::ArrayRef<ir::Operand> args, llvm::ArrayRef<ir::Type> argTypes) {
  assert(helper < m.strings.size() && "not a name Module::internHelper returned");
  ir::Inst c;
  c.irop = ir::IrOp::Call;
  c.name = helper;
  c.type = resultType;
  c.space = from.space;
  c.fromGeneric = from.fromGeneric;
  c.guard = from.guard;
  c.guardNegated = from.guardNegated;
  c.srcOffset = from.srcOffset;
  c.debugLine = from.debugLine;
  c.ops.push_back(dst);
  c.ops.append(args.begin(), args.end());
  c.argTypes = m.internArgTypes(argTypes);
  return c;
}

// Module::internHelper with a memory of the names asked for so far (kept for a function): a
// pass that lowers thousands of instructions to a few helpers asks for the same names again and
// again, and interning builds and hashes each name.
class HelperNames {
public:
  explicit HelperNames(ir::Module &m) : m_(m) {}
  uint32_t get(ir::Helper h, std::initializer_list<std::string_view> parts = {}) {
    for (const Entry &e : entries_)
      if (e.helper == h && std::equal(e.parts.begin(), e.parts.end(), parts.begin(), parts.end()))
        return e.name;
    uint32_t name = m_.internHelper(h, parts);
    entries_.push_back({h, std::vector<std::string>(parts.begin(), parts.end()), name});
    return name;
  }

private:
  struct Entry {
    ir::Helper helper;
    std::vector<std::string> parts;
    uint32_t name;
  };
  ir::Module &m_;
  std::vector<Entry> entries_;
};

// Rewrites the blocks of `f`: every instruction for which `applies(in)` holds is handed to
// `rewrite(in, out)`, which appends what replaces it (or `in` itself) to `out` and returns
// false to abandon the function (after marking it unsupported); the other instructions stay as
// they are. Instructions are large and blocks long, so a block is rebuilt (every instruction
// moved) only from its first rewrite into several instructions (or none): one that yields a
// single instruction puts it back in place. `applies` is asked once per instruction, in block
// order, about the instruction as the block had it: a rewrite changes nothing another instruction's answer
// depends on (each instruction owns its operands, vector elements included).
template <typename Applies, typename Rewrite>
void rewriteBlocks(ir::Function &f, Applies applies, Rewrite rewrite) {
  std::vector<ir::Inst> pieces, out;
  std::vector<uint8_t> applying; // applies() of each instruction after the first rewritten one
  auto at = [](std::vector<ir::Inst> &v, size_t i) { return v.begin() + static_cast<ptrdiff_t>(i); };
  for (ir::Block &b : f.blocks) {
    std::vector<ir::Inst> &insts = b.insts;
    size_t i = 0;
    for (; i < insts.size(); ++i) {
      if (!applies(insts[i]))
        continue;
      pieces.clear();
      if (!rewrite(insts[i], pieces))
        return;
      if (pieces.size() != 1)
        break;
      insts[i] = std::move(pieces[0]);
    }
    if (i == insts.size())
      continue;
    // insts[i] became `pieces`: rebuild the block from there on. Most rewritten instructions
    // become two or three: growing `out` would move them all again.
    applying.clear();
    size_t rest = 0;
    for (size_t k = i + 1; k < insts.size(); ++k) {
      applying.push_back(applies(insts[k]));
      rest += applying.back();
    }
    out.clear();
    out.reserve(insts.size() + pieces.size() + 2 * rest);
    std::move(insts.begin(), at(insts, i), std::back_inserter(out));
    std::move(pieces.begin(), pieces.end(), std::back_inserter(out));
    for (size_t k = i + 1; k < insts.size(); ++k) {
      ir::Inst &in = insts[k];
      if (!applying[k - i - 1])
        out.push_back(std::move(in));
      else if (!rewrite(in, out))
        return;
    }
    std::swap(insts, out); // `out` keeps the old list's storage for the next block
  }
}

// The rounding-mode modifier of an instruction ("rn", "rz", "rm", "rp", "rni", ...), or "".
std::string roundingOf(const ir::Inst &in);

// The rounding-mode argument of the support helpers that take one (fp64.h's P2M_F64_RN..RP,
// cvt_ops.h's P2M_CVT_RN..RP: 0 to nearest even, 1 toward zero, 2 down, 3 up) for the modifier
// `rnd` (roundingOf; the integer-rounding forms rni..rpi alike); "" is to nearest.
inline ir::Operand roundingModeArgument(std::string_view rnd) {
  int64_t mode = 0;
  if (rnd == "rz" || rnd == "rzi")
    mode = 1;
  else if (rnd == "rm" || rnd == "rmi")
    mode = 2;
  else if (rnd == "rp" || rnd == "rpi")
    mode = 3;
  return ir::Operand::imm(mode);
}

// The operation of an atom/red ("add", "exch", "cas", ...), or "".
std::string atomicOpName(const ir::Inst &in);

// Why a 64-bit atom/red (integer or f64) with no exact lowering is refused, as a diagnostic.
std::string noExact64BitAtomic(const ir::Inst &in);

} // namespace p2m::passes

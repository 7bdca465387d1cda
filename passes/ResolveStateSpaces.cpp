// resolve-state-spaces: a generic ld/st/atom/red whose address provably comes from one state
// space (through cvta.SPACE and pointer arithmetic on the result) is rewritten to that space;
// the emitter then converts the generic address with the space's window and skips the run-time
// dispatch. Provenance is a flow-insensitive fixpoint over the function's registers: a register
// has space S when every definition of it yields a generic address in S.
#include "passes/Pass.h"

namespace p2m::passes {

using namespace ir;
using ptx::Opcode;

namespace {

enum : uint8_t { kUndef = 0xFE, kUnknown = 0xFF };

uint8_t join(uint8_t a, uint8_t b) {
  if (a == kUndef)
    return b;
  if (b == kUndef || a == b)
    return a;
  return kUnknown;
}

bool isAccess(const Inst &in) {
  if (in.irop != IrOp::Ptx)
    return false;
  switch (in.opcode) {
  case Opcode::Ld: case Opcode::St: case Opcode::Atom: case Opcode::Red: case Opcode::Ldu:
  case Opcode::Prefetch:
    return true;
  default:
    return false;
  }
}

} // namespace

void resolveStateSpaces(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    // Only a cvta to the generic space gives an address a space, and only a generic access
    // can use one: a function without both has nothing to resolve.
    bool generic = false, cvta = false;
    for (const Block &b : f.blocks)
      for (const Inst &in : b.insts) {
        generic = generic || (isAccess(in) && in.space == Space::Generic);
        cvta = cvta || (in.isPtx(Opcode::Cvta) && !in.has(ptx::Modifier::To));
      }
    if (!generic || !cvta)
      return;
    std::vector<uint8_t> space(f.regs.size(), kUndef);
    // What a definition yields, given the current facts.
    auto yields = [&](const Inst &in) -> uint8_t {
      if (in.irop != IrOp::Ptx)
        return kUnknown;
      auto provenance = [&](const Operand &o) -> uint8_t {
        if (o.kind == OperandKind::Imm)
          return kUndef; // an integer offset carries no provenance
        if (o.isReg())
          return space[o.id];
        return kUnknown;
      };
      switch (in.opcode) {
      case Opcode::Cvta:
        if (in.has(ptx::Modifier::To))
          return kUnknown;
        return static_cast<uint8_t>(in.space);
      case Opcode::Mov:
        return in.ops.size() == 2 ? provenance(in.ops[1]) : kUnknown;
      case Opcode::Add:
      case Opcode::Sub: {
        if (in.ops.size() != 3 || isFloat(in.type))
          return kUnknown;
        // Pointer plus (or minus) something that is not itself a pointer of a known space
        // stays in the pointer's space; adding two pointers means nothing.
        uint8_t a = provenance(in.ops[1]), b = provenance(in.ops[2]);
        bool ka = a < kUndef, kb = b < kUndef;
        if (ka && !kb)
          return a;
        if (kb && !ka && in.opcode == Opcode::Add)
          return b;
        return kUnknown;
      }
      default:
        return kUnknown;
      }
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (const Block &b : f.blocks)
        for (const Inst &in : b.insts) {
          if (in.ops.empty() || !in.ops[0].isReg() || in.isPtx(Opcode::St) ||
              in.isPtx(Opcode::Red))
            continue;
          RegId d = in.ops[0].regId();
          uint8_t v = join(space[d.index()], yields(in));
          if (v != space[d.index()]) {
            space[d.index()] = v;
            changed = true;
          }
        }
    }
    for (Block &b : f.blocks)
      for (Inst &in : b.insts) {
        if (!isAccess(in) || in.space != Space::Generic)
          continue;
        for (const Operand &o : in.ops) {
          if (!o.address)
            continue;
          if (o.kind == OperandKind::Reg && space[o.id] != kUndef && space[o.id] != kUnknown) {
            in.space = static_cast<Space>(space[o.id]);
            in.fromGeneric = true;
          }
          break;
        }
      }
  });
}

} // namespace p2m::passes

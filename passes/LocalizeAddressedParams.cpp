// localize-addressed-params: a .func parameter whose address is taken lives in local memory.
// The PTX ISA (mov): "if the address of a device function parameter is moved to a register, the
// parameter will be copied onto the stack and the address will be in the local state space".
// Clang passes structs by value that way (`mov.b64 %rd1, f_param_0;` then loads through %rd1,
// with a dynamic index where the code indexes an array member). Each such parameter gets a
// .local variable of its size and alignment, filled from the parameter at the function's entry;
// every access to the parameter goes to the copy, so a write through the address is seen by
// later reads of the parameter by name. The local frame layout (legalize-for-metal) and the
// generic local window then cover it like any other local variable.
//
// LLVM's NVPTX backend also accesses the moved parameter with ld.param through the register
// (`ld.param.f32 %f1, [%rd4];`), which ptxas accepts: in a device function no other parameter
// address can be held in a register (kernel parameters are out of reach, call arguments'
// addresses are never moved), so a register-addressed ld/st.param there is a local access.
#include "passes/Pass.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Opcode;

namespace {

// The address operand of a memory instruction, or nullptr.
Operand *addressOperand(Inst &in) {
  for (Operand &o : in.ops)
    if (o.address)
      return &o;
  return nullptr;
}

// Copies `param` into `copy` with loads and stores as wide as their common alignment allows.
void appendCopy(Function &f, const Symbol &param, SymId paramId, SymId copyId, std::vector<Inst> &out) {
  uint64_t widest = std::clamp<uint64_t>(param.align, 1, 8);
  for (uint64_t offset = 0; offset < param.size;) {
    uint64_t w = widest;
    while (offset + w > param.size || offset % w)
      w /= 2;
    Type t = w == 8 ? Type::B64 : w == 4 ? Type::B32 : w == 2 ? Type::B16 : Type::B8;
    ptx::Modifier typeModifier = w == 8   ? ptx::Modifier::B64
                                 : w == 4 ? ptx::Modifier::B32
                                 : w == 2 ? ptx::Modifier::B16
                                          : ptx::Modifier::B8;
    RegId tmp = newTemp(f, t);
    auto access = [&](Opcode op, Space space, SymId base, Operand data) {
      Inst in;
      in.opcode = op;
      in.type = t;
      in.space = space;
      in.modifiers = {space == Space::Param ? ptx::Modifier::Param : ptx::Modifier::Local, typeModifier};
      in.srcOffset = param.srcOffset;
      Operand a = Operand::symbol(base);
      a.address = true;
      a.value = static_cast<int64_t>(offset);
      in.ops = op == Opcode::Ld ? decltype(in.ops){data, a} : decltype(in.ops){a, data};
      out.push_back(std::move(in));
    };
    access(Opcode::Ld, Space::Param, paramId, Operand::reg(tmp));
    access(Opcode::St, Space::Local, copyId, Operand::reg(tmp));
    offset += w;
  }
}

// An access moved from the parameter to its copy: local space, as the IR printer shows it too.
void makeLocal(Inst &in) {
  in.space = Space::Local;
  std::replace(in.modifiers.begin(), in.modifiers.end(), ptx::Modifier::Param, ptx::Modifier::Local);
}

} // namespace

void localizeAddressedParams(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    if (f.isEntry)
      return;
    // The parameters whose address is taken, each with its copy.
    std::vector<std::pair<SymId, SymId>> copies;
    auto copyOf = [&](SymId s) -> SymId {
      for (auto &[param, copy] : copies)
        if (param == s)
          return copy;
      return kNone;
    };
    for (const Block &b : f.blocks)
      for (const Inst &in : b.insts) {
        if (in.irop != IrOp::AddressOf || in.ops.size() < 2 || in.ops[1].kind != OperandKind::Symbol)
          continue;
        SymId s = in.ops[1].symId();
        if (copyOf(s) != kNone || std::find(f.params.begin(), f.params.end(), s) == f.params.end() ||
            m.symbol(s).space != Space::Param)
          continue;
        Symbol copy;
        const Symbol &param = m.symbol(s);
        copy.ptxName = param.ptxName;
        copy.name = "p2m_local_" + param.name;
        copy.kind = SymbolKind::Variable;
        copy.space = Space::Local;
        copy.elementType = param.elementType;
        copy.vector = param.vector;
        copy.align = param.align;
        copy.size = param.size;
        copy.owner = ctx.function;
        copy.srcOffset = param.srcOffset;
        m.symbols.push_back(std::move(copy));
        auto id = static_cast<SymId>(m.symbols.size() - 1);
        f.symbols.push_back(id);
        copies.emplace_back(s, id);
      }
    if (copies.empty())
      return;
    for (Block &b : f.blocks)
      for (Inst &in : b.insts) {
        if (in.irop == IrOp::AddressOf) {
          if (SymId c = in.ops.size() >= 2 && in.ops[1].kind == OperandKind::Symbol ? copyOf(in.ops[1].symId()) : kNone;
              c != kNone) {
            in.ops[1].setSym(c);
            in.space = Space::Local;
          }
          continue;
        }
        if (in.irop != IrOp::Ptx || in.space != Space::Param || in.isPtx(Opcode::Call))
          continue;
        Operand *a = addressOperand(in);
        if (!a)
          continue;
        if (a->kind == OperandKind::Symbol) {
          if (SymId c = copyOf(a->symId()); c != kNone) {
            a->setSym(c);
            makeLocal(in);
          }
        } else if (a->kind == OperandKind::Reg && !in.fromGeneric) {
          makeLocal(in);
        }
      }
    std::vector<Inst> entry;
    for (auto &[param, copy] : copies)
      appendCopy(f, m.symbol(param), param, copy, entry);
    std::vector<Inst> &insts = f.blocks[0].insts;
    insts.insert(insts.begin(), std::make_move_iterator(entry.begin()), std::make_move_iterator(entry.end()));
  });
}

} // namespace p2m::passes

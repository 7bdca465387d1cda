#include "ir/Printer.h"

#include "cfg/Structured.h"

#include <fmt/format.h>

namespace p2m::ir {

std::string printOperand(const Module &m, const Function &f, const Operand &o) {
  std::string s;
  if (o.negated) // `!%p`, or vmad's `-%r`
    s += o.kind == OperandKind::Reg && f.reg(o.regId()).type != Type::Pred ? '-' : '!';
  switch (o.kind) {
  case OperandKind::None: s += "<none>"; break;
  case OperandKind::Reg: s += "%" + f.reg(o.regId()).name; break;
  case OperandKind::Imm:
    if (o.floatBits == 'f')
      s += fmt::format("0f{:08X}", static_cast<uint32_t>(o.value));
    else if (o.floatBits == 'd')
      s += fmt::format("0d{:016X}", static_cast<uint64_t>(o.value));
    else
      s += std::to_string(o.address ? 0 : o.value);
    break;
  case OperandKind::Symbol: s += m.symbol(o.symId()).name.empty() ? m.symbol(o.symId()).ptxName : m.symbol(o.symId()).name; break;
  case OperandKind::Special: s += spelling(static_cast<Special>(o.id)); break;
  case OperandKind::Vector: {
    s += '{';
    for (int64_t i = 0; i < o.value; ++i) {
      if (i)
        s += ", ";
      s += printOperand(m, f, f.vectorElements[o.id + static_cast<size_t>(i)]);
    }
    s += '}';
    break;
  }
  case OperandKind::Sink: s += '_'; break;
  }
  if (o.address) {
    std::string base = o.kind == OperandKind::Imm ? "" : s;
    if (o.value > 0 && o.kind != OperandKind::Imm)
      base += fmt::format("+{}", o.value);
    else if (o.value < 0 && o.kind != OperandKind::Imm)
      base += fmt::format("{}", o.value);
    else if (o.kind == OperandKind::Imm)
      base = std::to_string(o.value);
    return "[" + base + "]";
  }
  if (o.kind == OperandKind::Symbol && o.value)
    s += fmt::format("{:+}", o.value);
  return s;
}

static std::string instName(const Module &m, const Inst &in) {
  switch (in.irop) {
  case IrOp::Ptx: {
    std::string s(ptx::spelling(in.opcode));
    for (ptx::Modifier mod : in.modifiers) {
      s += '.';
      s += ptx::spelling(mod);
    }
    if (in.fromGeneric)
      s += fmt::format(" /*generic address in {}*/", spelling(in.space));
    return s;
  }
  case IrOp::Convert:
    return fmt::format("convert.{}.{}", spelling(in.type), spelling(in.type2));
  case IrOp::Call:
    return fmt::format("helper.{} {}", spelling(in.type), m.strings[in.name]);
  case IrOp::ReadSpecial: return fmt::format("read_special.{}", spelling(in.type));
  case IrOp::AddressOf:
    if (in.ops.size() > 1 && in.ops[1].kind == OperandKind::Symbol &&
        m.symbols[in.ops[1].id].kind == SymbolKind::Function)
      return "address_of.function";
    return fmt::format("address_of.{}", spelling(in.space));
  }
  return "?";
}

std::string printFunction(const Module &m, const Function &f) {
  std::string out = fmt::format("{} {}", f.isEntry ? "entry" : "func", f.name.empty() ? f.ptxName : f.name);
  out += '(';
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Symbol &p = m.symbol(f.params[i]);
    out += fmt::format("{}{}.{} {} @{}", i ? ", " : "", spelling(p.space), spelling(p.elementType),
                       p.name.empty() ? p.ptxName : p.name, p.offset);
    if (p.size != bitWidth(p.elementType) / 8)
      out += fmt::format(" [{} bytes]", p.size);
  }
  out += ")";
  if (!f.returns.empty()) {
    out += " -> (";
    for (size_t i = 0; i < f.returns.size(); ++i) {
      const Symbol &p = m.symbol(f.returns[i]);
      out += fmt::format("{}{} {}", i ? ", " : "", spelling(p.elementType), p.name.empty() ? p.ptxName : p.name);
    }
    out += ")";
  }
  if (f.unsupported) {
    out += fmt::format(" unsupported: {}\n", f.unsupported->message);
    return out;
  }
  if (f.isDeclaration)
    return out + " declaration\n";
  out += " {\n";
  for (const Register &r : f.regs)
    out += fmt::format("  reg .{} %{}\n", spelling(r.type), r.name);
  for (size_t b = 0; b < f.blocks.size(); ++b) {
    const Block &blk = f.blocks[b];
    out += fmt::format("bb{} ({}):\n", b, blk.label);
    for (const Inst &in : blk.insts) {
      out += "  ";
      if (in.guard != kNone)
        out += fmt::format("@{}%{} ", in.guardNegated ? "!" : "", f.reg(in.guard).name);
      out += instName(m, in);
      if (in.irop == IrOp::AddressOf || in.irop == IrOp::Convert || in.irop == IrOp::Call ||
          in.irop == IrOp::ReadSpecial || in.irop == IrOp::Ptx)
        for (size_t i = 0; i < in.ops.size(); ++i)
          out += (i ? ", " : " ") + printOperand(m, f, in.ops[i]);
      out += in.nanBitsUnobserved ? "; // NaN bits unobserved\n" : ";\n";
    }
    const Terminator &t = blk.term;
    switch (t.kind) {
    case TermKind::Goto: out += fmt::format("  goto bb{};\n", t.targets[0]); break;
    case TermKind::Branch:
      out += fmt::format("  branch {}%{} ? bb{} : bb{};\n", t.negated ? "!" : "", f.reg(t.cond).name,
                         t.targets[0], t.targets[1]);
      break;
    case TermKind::Switch: {
      out += fmt::format("  switch %{} [", f.reg(t.cond).name);
      for (size_t i = 0; i < t.targets.size(); ++i)
        out += fmt::format("{}bb{}", i ? ", " : "", t.targets[i]);
      out += "];\n";
      break;
    }
    case TermKind::Return: out += "  return;\n"; break;
    case TermKind::Exit: out += "  exit;\n"; break;
    case TermKind::Trap: out += "  trap;\n"; break;
    }
  }
  if (f.structured)
    out += "structured:\n" + cfg::printStructured(*f.structured);
  out += "}\n";
  return out;
}

std::string printModuleHeader(const Module &m) {
  std::string out = fmt::format("module version {} target {} address_size {}\n", m.version,
                                m.targets.empty() ? "" : m.targets[0], m.addressSize);
  for (const Symbol &s : m.symbols) {
    if (s.kind != SymbolKind::Variable || s.owner != kNone)
      continue;
    out += fmt::format("var .{} .{} {} size {} align {}", spelling(s.space), spelling(s.elementType),
                       s.name.empty() ? s.ptxName : s.name, s.size, s.align);
    if (s.space == Space::Global || s.space == Space::Const)
      out += fmt::format(" offset {}", s.offset);
    if (!s.init.empty())
      out += " initialized";
    if (s.unsupported)
      out += " unsupported: " + s.unsupported->message;
    out += '\n';
  }
  return out;
}

std::string printModule(const Module &m) {
  std::string out = printModuleHeader(m);
  for (const Function &f : m.functions)
    out += printFunction(m, f);
  return out;
}

} // namespace p2m::ir

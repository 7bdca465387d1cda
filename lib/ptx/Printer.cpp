#include "ptx/Printer.h"

#include "support/SourceFile.h"

#include <charconv>

namespace p2m::ptx {

namespace {

void appendUnsigned(uint64_t v, std::string &out) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendRadix(uint64_t v, unsigned base, std::string &out) {
  char buf[72];
  auto r = std::to_chars(buf, buf + sizeof buf, v, static_cast<int>(base));
  out.append(buf, r.ptr);
}

void appendHexFixed(uint64_t v, unsigned digits, std::string &out) {
  static const char kDigits[] = "0123456789ABCDEF";
  for (unsigned i = digits; i-- > 0;)
    out += kDigits[(v >> (i * 4)) & 0xf];
}

void appendIndent(unsigned depth, std::string &out) { out.append(depth, '\t'); }

const char *linkageSpelling(Linkage l) {
  switch (l) {
  case Linkage::None: return "";
  case Linkage::Visible: return ".visible ";
  case Linkage::Extern: return ".extern ";
  case Linkage::Weak: return ".weak ";
  case Linkage::Common: return ".common ";
  }
  return "";
}

void appendDirective(Directive d, std::string &out) {
  out += '.';
  out += spelling(d);
}

void printExprList(std::span<const Expr> items, std::string &out) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i)
      out += ", ";
    printExpr(items[i], out);
  }
}

void printVariableDecl(const VariableDecl &decl, std::string &out) {
  out += linkageSpelling(decl.linkage);
  appendDirective(decl.space, out);
  if (!decl.attributes.empty()) {
    out += " .attribute(";
    printExprList(decl.attributes, out);
    out += ')';
  }
  if (decl.align) {
    out += " .align ";
    appendUnsigned(decl.align, out);
  }
  for (Modifier m : decl.typeModifiers) {
    out += " .";
    out += spelling(m);
  }
  if (decl.isPointer) {
    out += " .ptr";
    if (decl.hasPointerSpace) {
      out += ' ';
      appendDirective(decl.pointerSpace, out);
    }
    if (decl.pointerAlign) {
      out += " .align ";
      appendUnsigned(decl.pointerAlign, out);
    }
  }
  for (size_t i = 0; i < decl.declarators.size(); ++i) {
    const Declarator &d = decl.declarators[i];
    out += i ? ", " : " ";
    out += d.name;
    if (d.hasRange) {
      out += '<';
      appendUnsigned(d.rangeCount, out);
      out += '>';
    }
    for (int64_t dim : d.dims) {
      out += '[';
      if (dim >= 0)
        appendUnsigned(static_cast<uint64_t>(dim), out);
      out += ']';
    }
    if (d.initializer) {
      out += " = ";
      printExpr(*d.initializer, out);
    }
  }
}

void printParamList(std::span<const VariableDecl> params, unsigned depth, bool multiline,
                    std::string &out) {
  out += '(';
  for (size_t i = 0; i < params.size(); ++i) {
    if (i)
      out += ',';
    if (multiline) {
      out += '\n';
      appendIndent(depth + 1, out);
    } else if (i) {
      out += ' ';
    }
    printVariableDecl(params[i], out);
  }
  if (multiline && !params.empty())
    out += '\n';
  out += ')';
}

void printStrings(std::span<const std::string_view> strings, std::string &out) {
  for (size_t i = 0; i < strings.size(); ++i) {
    if (i)
      out += ", ";
    out += strings[i];
  }
}

void printStatement(const Statement &s, unsigned depth, std::string &out);

void printDebugFile(const DebugFile &f, std::string &out) {
  out += ".file ";
  appendUnsigned(f.index, out);
  out += ' ';
  printStrings(f.strings, out);
  for (uint64_t n : f.numbers) {
    out += ", ";
    appendUnsigned(n, out);
  }
  out += '\n';
}

void printBlock(const BlockStmt &block, unsigned depth, std::string &out) {
  appendIndent(depth, out);
  out += "{\n";
  for (const Statement *s : block.statements)
    printStatement(*s, depth + 1, out);
  appendIndent(depth, out);
  out += "}\n";
}

void printStatement(const Statement &s, unsigned depth, std::string &out) {
  switch (s.kind) {
  case StatementKind::Instruction:
    appendIndent(depth, out);
    printInstruction(static_cast<const Instruction &>(s), out);
    out += '\n';
    return;
  case StatementKind::Label:
    out += static_cast<const LabelStmt &>(s).name;
    out += ":\n";
    return;
  case StatementKind::Variable:
    appendIndent(depth, out);
    printVariableDecl(static_cast<const VariableStmt &>(s).decl, out);
    out += ";\n";
    return;
  case StatementKind::Block:
    printBlock(static_cast<const BlockStmt &>(s), depth, out);
    return;
  case StatementKind::Loc: {
    const auto &loc = static_cast<const LocStmt &>(s);
    appendIndent(depth, out);
    out += ".loc ";
    appendUnsigned(loc.file, out);
    out += ' ';
    appendUnsigned(loc.line, out);
    out += ' ';
    appendUnsigned(loc.column, out);
    if (loc.functionName) {
      out += ", function_name ";
      printExpr(*loc.functionName, out);
    }
    if (loc.hasInlinedAt) {
      out += ", inlined_at ";
      appendUnsigned(loc.inlinedFile, out);
      out += ' ';
      appendUnsigned(loc.inlinedLine, out);
      out += ' ';
      appendUnsigned(loc.inlinedColumn, out);
    }
    out += '\n';
    return;
  }
  case StatementKind::Pragma:
    appendIndent(depth, out);
    out += ".pragma ";
    printStrings(static_cast<const PragmaStmt &>(s).strings, out);
    out += ";\n";
    return;
  case StatementKind::BranchTargets:
  case StatementKind::CallTargets: {
    const auto &t = static_cast<const TargetListStmt &>(s);
    out += t.name;
    out += s.kind == StatementKind::BranchTargets ? ": .branchtargets " : ": .calltargets ";
    printStrings(t.targets, out);
    out += ";\n";
    return;
  }
  case StatementKind::CallPrototype: {
    const auto &p = static_cast<const CallPrototypeStmt &>(s);
    out += p.name;
    out += ": .callprototype ";
    if (p.hasReturnList) {
      printParamList(p.returns, depth, false, out);
      out += ' ';
    }
    out += '_';
    out += ' ';
    printParamList(p.params, depth, false, out);
    if (p.noreturn)
      out += " .noreturn";
    out += ";\n";
    return;
  }
  case StatementKind::DebugFile:
    appendIndent(depth, out);
    printDebugFile(static_cast<const DebugFileStmt &>(s).file, out);
    return;
  }
}

void printFunction(const Function &fn, std::string &out) {
  out += linkageSpelling(fn.linkage);
  out += fn.isEntry ? ".entry " : ".func ";
  if (fn.hasReturnList) {
    printParamList(fn.returns, 0, false, out);
    out += ' ';
  }
  out += fn.name;
  if (fn.hasParamList)
    printParamList(fn.params, 0, true, out);
  out += '\n';
  for (const FunctionDirective &d : fn.directives) {
    appendDirective(d.directive, out);
    if (d.directive == Directive::Pragma) {
      out += ' ';
      printStrings(d.strings, out);
      out += ';';
    }
    for (size_t i = 0; i < d.values.size(); ++i) {
      out += i ? ", " : " ";
      appendUnsigned(d.values[i], out);
    }
    out += '\n';
  }
  if (fn.body)
    printBlock(*fn.body, 0, out);
  else
    out += ";\n";
}

void printItem(const Item &item, std::string &out) {
  switch (item.kind) {
  case ItemKind::Function:
    printFunction(static_cast<const Function &>(item), out);
    out += '\n';
    return;
  case ItemKind::Variable:
    printVariableDecl(static_cast<const VariableItem &>(item).decl, out);
    out += ";\n";
    return;
  case ItemKind::File:
    printDebugFile(static_cast<const FileItem &>(item).file, out);
    return;
  case ItemKind::Section: {
    const auto &sec = static_cast<const SectionItem &>(item);
    out += ".section ";
    out += sec.name;
    out += "\n{\n";
    for (const SectionEntry &e : sec.entries) {
      if (!e.label.empty()) {
        out += e.label;
        out += ":\n";
        continue;
      }
      out += '.';
      out += spelling(e.dataType);
      out += ' ';
      printExprList(e.values, out);
      out += '\n';
    }
    out += "}\n";
    return;
  }
  case ItemKind::Alias: {
    const auto &a = static_cast<const AliasItem &>(item);
    out += ".alias ";
    out += a.alias;
    out += ", ";
    out += a.aliasee;
    out += ";\n";
    return;
  }
  case ItemKind::Pragma:
    out += ".pragma ";
    printStrings(static_cast<const PragmaItem &>(item).strings, out);
    out += ";\n";
    return;
  }
}

} // namespace

std::string_view spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Minus: return "-";
  case UnaryOp::BitNot: return "~";
  case UnaryOp::LogicalNot: return "!";
  case UnaryOp::Plus: return "+";
  }
  return "?";
}

std::string_view spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Rem: return "%";
  case BinaryOp::Shl: return "<<";
  case BinaryOp::Shr: return ">>";
  case BinaryOp::And: return "&";
  case BinaryOp::Or: return "|";
  case BinaryOp::Xor: return "^";
  case BinaryOp::LogicalAnd: return "&&";
  case BinaryOp::LogicalOr: return "||";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "!=";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::Assign: return "=";
  }
  return "?";
}

void printExpr(const Expr &e, std::string &out) {
  switch (e.kind) {
  case ExprKind::Name:
  case ExprKind::FloatDecimal:
  case ExprKind::String:
    out += e.text();
    return;
  case ExprKind::Integer:
    switch (static_cast<IntegerRadix>(e.sub)) {
    case IntegerRadix::Decimal: appendUnsigned(e.value, out); break;
    case IntegerRadix::Hex: out += "0x"; appendRadix(e.value, 16, out); break;
    case IntegerRadix::Octal: out += '0'; appendRadix(e.value, 8, out); break;
    case IntegerRadix::Binary: out += "0b"; appendRadix(e.value, 2, out); break;
    }
    if (e.isUnsigned)
      out += 'U';
    return;
  case ExprKind::FloatBits:
    out += '0';
    out += static_cast<char>(e.sub);
    appendHexFixed(e.value, e.sub == 'f' ? 8 : 16, out);
    return;
  case ExprKind::Unary: {
    auto op = static_cast<UnaryOp>(e.sub);
    out += spelling(op);
    // Print `- -1`, not `--1`: the space keeps the two operators visibly apart.
    const Expr &child = e.child(0);
    if (child.kind == ExprKind::Unary && (op == UnaryOp::Minus || op == UnaryOp::Plus))
      out += ' ';
    printExpr(child, out);
    return;
  }
  case ExprKind::Binary: {
    auto op = static_cast<BinaryOp>(e.sub);
    printExpr(e.child(0), out);
    // `a%5` would re-lex as the identifier `%5` (a valid PTX name), so `%` gets spaces.
    if (op == BinaryOp::Rem)
      out += " % ";
    else
      out += spelling(op);
    printExpr(e.child(1), out);
    return;
  }
  case ExprKind::Conditional:
    printExpr(e.child(0), out);
    out += '?';
    printExpr(e.child(1), out);
    out += ':';
    printExpr(e.child(2), out);
    return;
  case ExprKind::Paren:
    out += '(';
    printExpr(e.child(0), out);
    out += ')';
    return;
  case ExprKind::Address:
    out += '[';
    printExprList(e.operands(), out);
    out += ']';
    return;
  case ExprKind::Braced:
    out += '{';
    printExprList(e.operands(), out);
    out += '}';
    return;
  case ExprKind::List:
    out += '(';
    printExprList(e.operands(), out);
    out += ')';
    return;
  case ExprKind::Generic:
  case ExprKind::Call:
    printExpr(e.child(0), out);
    out += '(';
    printExprList(e.callArgs(), out);
    out += ')';
    return;
  }
}

void printInstruction(const Instruction &inst, std::string &out) {
  if (inst.guard) {
    out += inst.guardNegated ? "@!" : "@";
    printExpr(*inst.guard, out);
    out += ' ';
  }
  out += spelling(inst.opcode);
  for (Modifier m : inst.modifiers()) {
    out += '.';
    out += spelling(m);
  }
  if (inst.numOperands != 0) {
    out += ' ';
    printExprList(inst.operands(), out);
  }
  out += ';';
}

void printModule(const Module &module, std::string &out) {
  if (!module.version.empty()) {
    out += ".version ";
    out += module.version;
    out += '\n';
  }
  if (!module.targets.empty()) {
    out += ".target ";
    printStrings(module.targets, out);
    out += '\n';
  }
  if (module.addressSize) {
    out += ".address_size ";
    appendUnsigned(module.addressSize, out);
    out += '\n';
  }
  out += '\n';
  for (const Item *item : module.items)
    printItem(*item, out);
}

std::string printModule(const Module &module) {
  std::string out;
  out.reserve(module.source().text().size());
  printModule(module, out);
  return out;
}

} // namespace p2m::ptx

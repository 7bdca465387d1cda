#include "ptx/Ast.h"

#include "support/SourceFile.h"

namespace p2m::ptx {

namespace {
void countStatements(const BlockStmt &block, ModuleStats &stats) {
  for (const Statement *s : block.statements) {
    if (s->kind == StatementKind::Instruction)
      ++stats.instructions;
    else if (s->kind == StatementKind::Block)
      countStatements(static_cast<const BlockStmt &>(*s), stats);
  }
}
} // namespace

SourceOffset Module::offsetOf(const Expr &e) const {
  std::string_view text = source_->text();
  if ((e.kind == ExprKind::Name || e.kind == ExprKind::String || e.kind == ExprKind::FloatDecimal) &&
      e.chars >= text.data() && e.chars <= text.data() + text.size())
    return static_cast<SourceOffset>(e.chars - text.data());
  return 0;
}

ModuleStats computeStats(const Module &module) {
  ModuleStats stats;
  for (const Item *item : module.items) {
    if (item->kind == ItemKind::Variable) {
      ++stats.variables;
    } else if (item->kind == ItemKind::Function) {
      const auto &fn = static_cast<const Function &>(*item);
      ++stats.functions;
      if (fn.isEntry)
        ++stats.entries;
      if (fn.body)
        countStatements(*fn.body, stats);
    }
  }
  return stats;
}

} // namespace p2m::ptx

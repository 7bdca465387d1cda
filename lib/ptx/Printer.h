// Writes canonical PTX from the AST. Canonical means: one statement per line, tab-indented
// bodies, comments dropped, literals in their original radix with normalized letter case.
// print(parse(print(parse(x)))) == print(parse(x)) for every module that parses.
#pragma once

#include "ptx/Ast.h"

#include <string>

namespace p2m::ptx {

void printModule(const Module &module, std::string &out);
std::string printModule(const Module &module);

void printExpr(const Expr &expr, std::string &out);
void printInstruction(const Instruction &inst, std::string &out);

} // namespace p2m::ptx

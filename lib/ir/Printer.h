// Text form of the kernel IR for --dump-after and golden tests: PTX-like instructions over the
// IR's own names, one block per label, terminators spelled out, and the structured program
// once structurize-cfg has run.
#pragma once

#include "ir/Ir.h"

#include <string>

namespace p2m::ir {

std::string printModule(const Module &module);
std::string printModuleHeader(const Module &module); // the module line and module variables
std::string printFunction(const Module &module, const Function &function);
std::string printOperand(const Module &module, const Function &function, const Operand &operand);

} // namespace p2m::ir

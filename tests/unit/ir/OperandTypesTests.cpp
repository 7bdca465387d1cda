// operandsHaveInstructionType is a shortcut past operandSignature: wherever it says yes, the
// signature must give every operand the instruction's type, or none (an address, which is not
// a value: ld's and st's).
#include "ir/OperandTypes.h"

#include <catch2/catch.hpp>

using namespace p2m::ir;
using p2m::ptx::Modifier;
using p2m::ptx::Opcode;

namespace {

Inst instruction(Opcode opcode, Type type, size_t operands, bool wide) {
  Inst in;
  in.opcode = opcode;
  in.type = type;
  if (wide)
    in.modifiers.push_back(Modifier::Wide);
  for (size_t i = 0; i < operands; ++i)
    in.ops.push_back(Operand::reg(static_cast<RegId>(i)));
  return in;
}

} // namespace

TEST_CASE("operandsHaveInstructionType agrees with operandSignature", "[ir][operand-types]") {
  const Type types[] = {Type::U16, Type::S32, Type::U64, Type::B32, Type::F32, Type::F64, Type::Pred};
  size_t shortcuts = 0;
  for (size_t op = 0; op < p2m::ptx::opcodeCount(); ++op)
    for (Type type : types)
      for (size_t operands = 2; operands <= 4; ++operands) // as the validator lets through
        for (bool wide : {false, true}) {
          Inst in = instruction(static_cast<Opcode>(op), type, operands, wide);
          if (!operandsHaveInstructionType(in))
            continue;
          ++shortcuts;
          OperandSignature sig = operandSignature(in);
          INFO(p2m::ptx::spelling(in.opcode) << (wide ? ".wide" : "") << " with " << operands << " operands");
          REQUIRE(sig.types.size() == operands);
          for (Type t : sig.types)
            CHECK((t == type || t == Type::None));
        }
  CHECK(shortcuts > 0);
}

TEST_CASE("operandsHaveInstructionType leaves out wide multiplies and what is not PTX", "[ir][operand-types]") {
  CHECK(operandsHaveInstructionType(instruction(Opcode::Mul, Type::S32, 3, false)));
  CHECK_FALSE(operandsHaveInstructionType(instruction(Opcode::Mul, Type::S32, 3, true)));
  CHECK_FALSE(operandsHaveInstructionType(instruction(Opcode::Mad, Type::U32, 4, true)));
  CHECK_FALSE(operandsHaveInstructionType(instruction(Opcode::Setp, Type::F32, 3, false)));
  Inst convert = instruction(Opcode::Add, Type::F32, 2, false);
  convert.irop = IrOp::Convert;
  CHECK_FALSE(operandsHaveInstructionType(convert));
}

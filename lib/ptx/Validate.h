// Checks each instruction of a parsed module against the instruction table
// (InstructionTable.def): that its modifiers form a valid combination for its opcode and that it
// has as many operands as that form takes. The parser accepts any known modifier on any opcode;
// this is where `add.global.s32` is rejected:
//
//   k.ptx:7:5: error: '.global' is not a valid modifier for 'add'
//   k.ptx:8:1: error: 'ld' needs a type (.b8, .b16, .b32, ...)
//   k.ptx:9:1: error: 'add' takes 3 operands, found 2
#pragma once

#include "ptx/Ast.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace p2m {
class DiagnosticEngine;
class SourceFile;
}

namespace p2m::ptx {

// The verdict on one spelling (opcode plus modifiers), independent of where it occurs.
struct SpellingCheck {
  enum class Problem : uint8_t {
    None,
    UnknownModifier, // a modifier no form of the opcode allows
    Misplaced,       // a modifier that does not fit with the others (or is repeated)
    Missing,         // a required modifier is absent
  };
  Problem problem = Problem::None;
  uint16_t modifierIndex = 0; // the modifier a UnknownModifier/Misplaced message is about
  std::string message;        // the diagnostic, without location
  uint32_t operandCounts = 0; // Problem::None: bit n is set when n operands are valid

  bool ok() const { return problem == Problem::None; }
  bool allowsOperandCount(size_t count) const { return count < 32 && (operandCounts >> count & 1); }
};

SpellingCheck checkSpelling(Opcode opcode, std::span<const Modifier> modifiers);

// "3 operands", "no operands", "2 or 3 operands", "1 to 4 operands".
std::string describeOperandCounts(uint32_t operandCounts);

// Reports every invalid instruction of `module` as an error located at the offending modifier
// (or at the opcode for a missing modifier or a wrong operand count). Returns the number of
// errors found. Verdicts are cached per distinct spelling: the parser shares one modifier array
// among all instructions spelled alike.
size_t validateModule(const Module &module, DiagnosticEngine &diags);

class Validator;

// validateModule one body at a time, for a module parsed lazily (parseModuleLazily): the same
// diagnostics when given the bodies in source order, verdicts cached across bodies.
class BodyValidator {
public:
  BodyValidator(const SourceFile &source, DiagnosticEngine &diags);
  ~BodyValidator();
  BodyValidator(const BodyValidator &) = delete;
  BodyValidator &operator=(const BodyValidator &) = delete;

  void validate(const BlockStmt &body);
  size_t errors() const;

private:
  std::unique_ptr<Validator> validator_;
};

} // namespace p2m::ptx

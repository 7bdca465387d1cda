// The instruction table: for every opcode, the modifier grammar of its forms and the number of
// operands each takes, read from InstructionTable.def (see there for the notation and for how a
// spelling matches a form).
#pragma once

#include "ptx/Vocabulary.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace p2m::ptx {

// A named set of modifiers, e.g. RndF = {rn, rz, rm, rp}, "a rounding mode".
struct ModifierSet {
  std::string_view name;
  std::string_view description;
  std::span<const Modifier> members;

  bool contains(Modifier modifier) const {
    for (Modifier m : members)
      if (m == modifier)
        return true;
    return false;
  }
};

// One slot of a form: a set of modifiers (REQ/OPT) or a single one (KW/OPT_KW/OPT_KW_OPERAND).
struct ModifierSlot {
  const ModifierSet *set = nullptr; // null for a single-modifier slot
  Modifier keyword{};               // the modifier of a single-modifier slot
  bool required = false;
  bool addsOperand = false; // the keyword, when present, brings one more operand

  bool allows(Modifier modifier) const {
    return set ? set->contains(modifier) : modifier == keyword;
  }
};

struct InstructionForm {
  Opcode opcode{};
  uint8_t minOperands = 0; // without the operands that OPT_KW_OPERAND modifiers bring
  uint8_t maxOperands = 0;
  std::span<const ModifierSlot> slots;

  // The operands this form takes with `modifiers` (which match it): bit n set when n is valid.
  uint32_t operandCounts(std::span<const Modifier> modifiers) const;
};

// The forms of one opcode, in table order; every opcode has at least one.
std::span<const InstructionForm> instructionForms(Opcode opcode);
std::span<const InstructionForm> allInstructionForms();
std::span<const ModifierSet> modifierSets();

// Whether any form of `opcode` allows `modifier` in some slot.
bool opcodeAllows(Opcode opcode, Modifier modifier);

// No form has more slots than this, so no longer spelling matches any form.
constexpr size_t kMaxFormSlots = 32;

// True when every modifier can be placed in a distinct slot of `form` that allows it and every
// required slot receives one. Order is not checked.
bool matchesForm(const InstructionForm &form, std::span<const Modifier> modifiers);

// How close a spelling comes to a form, for diagnostics.
struct PartialMatch {
  unsigned placed = 0;          // modifiers placed in slots (a maximum matching)
  unsigned missingRequired = 0; // required slots no modifier can fill
  int firstUnplaced = -1;       // index of the first modifier left out, or -1
  int firstMissingSlot = -1;    // index into form.slots of a required slot left empty, or -1
  int conflictingModifier = -1; // a placed modifier occupying a slot that could take firstUnplaced
};
PartialMatch partialMatch(const InstructionForm &form, std::span<const Modifier> modifiers);

} // namespace p2m::ptx

#include "ptx/InstructionTable.h"

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <vector>

namespace p2m::ptx {

namespace {

constexpr size_t kOpcodeCount = 0
#define PTX_OPCODE(Name, Spelling) +1
#include "ptx/Opcodes.def"
#undef PTX_OPCODE
    ;

constexpr size_t kModifierCount = 0
#define PTX_MODIFIER(Name, Spelling) +1
#include "ptx/Modifiers.def"
#undef PTX_MODIFIER
    ;

// The members of every set, as arrays named after the set. `using enum` lets the table name
// modifiers without the `Modifier::` prefix.
namespace members {
using enum Modifier;
#define PTX_MODSET(Name, Description, ...) constexpr Modifier Name[] = {__VA_ARGS__};
#include "ptx/InstructionTable.def"
} // namespace members

enum class SetId : uint16_t {
#define PTX_MODSET(Name, Description, ...) Name,
#include "ptx/InstructionTable.def"
};

const ModifierSet kSets[] = {
#define PTX_MODSET(Name, Description, ...) {#Name, Description, members::Name},
#include "ptx/InstructionTable.def"
};

ModifierSlot setSlot(SetId set, bool required) {
  return {&kSets[static_cast<size_t>(set)], Modifier{}, required, false};
}

ModifierSlot keywordSlot(Modifier keyword, bool required, bool addsOperand) {
  return {nullptr, keyword, required, addsOperand};
}

class Table {
public:
  Table() {
    // Slots are collected first and the forms' spans set afterwards, because the slot vector
    // reallocates while it grows.
    struct Pending {
      Opcode opcode;
      int minOperands, maxOperands;
      size_t firstSlot, slotCount;
      size_t sequence;
    };
    std::vector<Pending> pending;
    auto add = [&](Opcode opcode, int minOperands, int maxOperands,
                   std::initializer_list<ModifierSlot> slots) {
      assert(slots.size() <= kMaxFormSlots && "a form has more slots than Matching handles");
      pending.push_back(
          {opcode, minOperands, maxOperands, slots_.size(), slots.size(), pending.size()});
      slots_.insert(slots_.end(), slots.begin(), slots.end());
    };
#define PTX_FORM(Op, Min, Max, ...) add(Opcode::Op, Min, Max, {__VA_ARGS__});
#define REQ(Set) setSlot(SetId::Set, true)
#define OPT(Set) setSlot(SetId::Set, false)
#define KW(M) keywordSlot(Modifier::M, true, false)
#define OPT_KW(M) keywordSlot(Modifier::M, false, false)
#define OPT_KW_OPERAND(M) keywordSlot(Modifier::M, false, true)
#include "ptx/InstructionTable.def"

    // Group the forms by opcode, keeping table order within an opcode.
    std::sort(pending.begin(), pending.end(), [](const Pending &a, const Pending &b) {
      return a.opcode != b.opcode ? a.opcode < b.opcode : a.sequence < b.sequence;
    });
    forms_.reserve(pending.size());
    for (const Pending &p : pending) {
      InstructionForm form;
      form.opcode = p.opcode;
      form.minOperands = static_cast<uint8_t>(p.minOperands);
      form.maxOperands = static_cast<uint8_t>(p.maxOperands);
      form.slots = std::span<const ModifierSlot>(slots_.data() + p.firstSlot, p.slotCount);
      forms_.push_back(form);
    }
    size_t begin = 0;
    for (size_t op = 0; op < kOpcodeCount; ++op) {
      size_t end = begin;
      while (end < forms_.size() && static_cast<size_t>(forms_[end].opcode) == op)
        ++end;
      byOpcode_[op] = std::span<const InstructionForm>(forms_.data() + begin, end - begin);
      for (size_t f = begin; f < end; ++f)
        for (const ModifierSlot &slot : forms_[f].slots) {
          if (slot.set)
            for (Modifier m : slot.set->members)
              allowed_[op].set(static_cast<size_t>(m));
          else
            allowed_[op].set(static_cast<size_t>(slot.keyword));
        }
      begin = end;
    }
  }

  std::span<const InstructionForm> forms() const { return forms_; }
  std::span<const InstructionForm> forms(Opcode op) const {
    return byOpcode_[static_cast<size_t>(op)];
  }
  bool allows(Opcode op, Modifier m) const {
    return allowed_[static_cast<size_t>(op)].test(static_cast<size_t>(m));
  }

private:
  std::vector<ModifierSlot> slots_;
  std::vector<InstructionForm> forms_;
  std::array<std::span<const InstructionForm>, kOpcodeCount> byOpcode_{};
  std::array<std::bitset<kModifierCount>, kOpcodeCount> allowed_{};
};

const Table &table() {
  static const Table instance;
  return instance;
}

// Bipartite matching between the modifiers of a spelling and the slots of a form (at most
// kMaxFormSlots each), by augmenting paths. Edges: adjacency[i] has bit j when slot j allows
// modifier i.
class Matching {
public:
  Matching(const InstructionForm &form, std::span<const Modifier> modifiers)
      : modifierCount_(modifiers.size()), slotCount_(form.slots.size()) {
    for (size_t i = 0; i < modifierCount_; ++i) {
      uint32_t bits = 0;
      for (size_t j = 0; j < slotCount_; ++j)
        if (form.slots[j].allows(modifiers[i]))
          bits |= uint32_t{1} << j;
      adjacency_[i] = bits;
    }
    for (size_t j = 0; j < slotCount_; ++j)
      if (form.slots[j].required)
        required_ |= uint32_t{1} << j;
  }

  uint32_t adjacency(size_t modifier) const { return adjacency_[modifier]; }
  uint32_t required() const { return required_; }

  // Places modifiers in order; returns the bitmask of modifiers placed (a maximum matching,
  // in which a later modifier never displaces an earlier one from the matching entirely).
  uint32_t placeModifiers() {
    slotOwner_.fill(-1);
    uint32_t placed = 0;
    for (size_t i = 0; i < modifierCount_; ++i) {
      uint32_t visited = 0;
      if (augmentFromModifier(static_cast<int>(i), visited))
        placed |= uint32_t{1} << i;
    }
    return placed;
  }
  int slotOwner(size_t slot) const { return slotOwner_[slot]; }

  // Fills required slots in order; returns the bitmask of required slots that got a modifier.
  uint32_t fillRequiredSlots() {
    modifierOwner_.fill(-1);
    uint32_t filled = 0;
    for (size_t j = 0; j < slotCount_; ++j) {
      if (!(required_ >> j & 1))
        continue;
      uint32_t visited = 0;
      if (augmentFromSlot(static_cast<int>(j), visited))
        filled |= uint32_t{1} << j;
    }
    return filled;
  }

private:
  bool augmentFromModifier(int modifier, uint32_t &visitedSlots) {
    uint32_t candidates = adjacency_[modifier] & ~visitedSlots;
    while (candidates) {
      int slot = std::countr_zero(candidates);
      candidates &= candidates - 1;
      visitedSlots |= uint32_t{1} << slot;
      if (slotOwner_[slot] < 0 || augmentFromModifier(slotOwner_[slot], visitedSlots)) {
        slotOwner_[slot] = modifier;
        return true;
      }
    }
    return false;
  }

  bool augmentFromSlot(int slot, uint32_t &visitedModifiers) {
    for (size_t i = 0; i < modifierCount_; ++i) {
      if (!(adjacency_[i] >> slot & 1) || (visitedModifiers >> i & 1))
        continue;
      visitedModifiers |= uint32_t{1} << i;
      if (modifierOwner_[i] < 0 || augmentFromSlot(modifierOwner_[i], visitedModifiers)) {
        modifierOwner_[i] = slot;
        return true;
      }
    }
    return false;
  }

  size_t modifierCount_, slotCount_;
  std::array<uint32_t, kMaxFormSlots> adjacency_{};
  uint32_t required_ = 0;
  std::array<int, kMaxFormSlots> slotOwner_{};     // slot -> modifier
  std::array<int, kMaxFormSlots> modifierOwner_{}; // modifier -> required slot
};

} // namespace

std::span<const InstructionForm> instructionForms(Opcode opcode) { return table().forms(opcode); }
std::span<const InstructionForm> allInstructionForms() { return table().forms(); }
std::span<const ModifierSet> modifierSets() { return kSets; }
bool opcodeAllows(Opcode opcode, Modifier modifier) { return table().allows(opcode, modifier); }

uint32_t InstructionForm::operandCounts(std::span<const Modifier> modifiers) const {
  unsigned extra = 0;
  for (const ModifierSlot &slot : slots)
    if (slot.addsOperand &&
        std::find(modifiers.begin(), modifiers.end(), slot.keyword) != modifiers.end())
      ++extra;
  uint32_t counts = 0;
  for (unsigned n = minOperands + extra; n <= maxOperands + extra && n < 32; ++n)
    counts |= uint32_t{1} << n;
  return counts;
}

bool matchesForm(const InstructionForm &form, std::span<const Modifier> modifiers) {
  if (modifiers.size() > form.slots.size())
    return false;
  Matching matching(form, modifiers);
  uint32_t all = modifiers.empty() ? 0 : (~uint32_t{0} >> (32 - modifiers.size()));
  for (size_t i = 0; i < modifiers.size(); ++i)
    if (!matching.adjacency(i))
      return false;
  // A matching that places every modifier and one that fills every required slot exist, so
  // (Mendelsohn-Dulmage) one matching does both.
  return matching.placeModifiers() == all && matching.fillRequiredSlots() == matching.required();
}

PartialMatch partialMatch(const InstructionForm &form, std::span<const Modifier> modifiers) {
  PartialMatch result;
  // Beyond kMaxFormSlots modifiers only the first ones are considered.
  std::span<const Modifier> considered = modifiers.first(std::min(modifiers.size(), kMaxFormSlots));
  Matching matching(form, considered);
  uint32_t placed = matching.placeModifiers();
  result.placed = static_cast<unsigned>(std::popcount(placed));
  for (size_t i = 0; i < modifiers.size(); ++i) {
    if (i < considered.size() && (placed >> i & 1))
      continue;
    result.firstUnplaced = static_cast<int>(i);
    if (i < considered.size()) {
      uint32_t slots = matching.adjacency(i);
      if (slots)
        result.conflictingModifier =
            matching.slotOwner(static_cast<size_t>(std::countr_zero(slots)));
    }
    break;
  }
  uint32_t missing = matching.required() & ~matching.fillRequiredSlots();
  result.missingRequired = static_cast<unsigned>(std::popcount(missing));
  if (missing)
    result.firstMissingSlot = std::countr_zero(missing);
  return result;
}

} // namespace p2m::ptx

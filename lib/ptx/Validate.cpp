#include "ptx/Validate.h"

#include "ptx/InstructionTable.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <vector>

namespace p2m::ptx {

namespace {

// Past this many, a module's remaining invalid instructions are counted but not reported.
constexpr size_t kMaxReported = 1000;

std::string quoted(Modifier m) { return "'." + std::string(spelling(m)) + "'"; }
std::string quoted(Opcode op) { return "'" + std::string(spelling(op)) + "'"; }

// "a type (.b8, .b16, .b32, ...)" or "'.init'".
std::string describeSlot(const ModifierSlot &slot) {
  if (!slot.set)
    return quoted(slot.keyword);
  std::string text(slot.set->description);
  std::span<const Modifier> members = slot.set->members;
  size_t shown = members.size() <= 4 ? members.size() : 3;
  text += " (";
  for (size_t i = 0; i < shown; ++i) {
    if (i)
      text += ", ";
    text += ".";
    text += spelling(members[i]);
  }
  if (shown < members.size())
    text += ", ...";
  text += ")";
  return text;
}

// "A", "A or B", "A, B or C"; past five, the first four and "...".
std::string joinAlternatives(const std::vector<std::string> &alternatives) {
  std::string text;
  if (alternatives.size() > 5) {
    text = "one of ";
    for (size_t i = 0; i < 4; ++i)
      text += alternatives[i] + ", ";
    return text + "...";
  }
  for (size_t i = 0; i < alternatives.size(); ++i) {
    if (i)
      text += i + 1 == alternatives.size() ? " or " : ", ";
    text += alternatives[i];
  }
  return text;
}

// The spelling without its `skip`-th modifier: "add.s32" for `add.rn.s32` and skip = 0.
// Hostile input may have thousands of modifiers; the text stops after a few hundred bytes.
std::string spellingWithout(Opcode opcode, std::span<const Modifier> modifiers, size_t skip) {
  std::string text(spelling(opcode));
  for (size_t i = 0; i < modifiers.size(); ++i) {
    if (i == skip)
      continue;
    if (text.size() > 200)
      return text + "...";
    text += ".";
    text += spelling(modifiers[i]);
  }
  return text;
}

bool isSpellingChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == ':' || c == '.' || c == '$';
}

} // namespace

// Outside the anonymous namespace: BodyValidator holds one.
class Validator {
public:
  Validator(const SourceFile &source, DiagnosticEngine &diags)
      : source_(source), diags_(diags), text_(source.text()) {
    bare_.assign(opcodeCount(), Entry{});
  }

  void validateBlock(const BlockStmt &block) {
    for (const Statement *s : block.statements) {
      if (s->kind == StatementKind::Instruction)
        validateInstruction(static_cast<const Instruction &>(*s));
      else if (s->kind == StatementKind::Block)
        validateBlock(static_cast<const BlockStmt &>(*s));
    }
  }

  size_t errors() const { return errors_; }

private:
  // The parser stores one modifier array per distinct spelling, so the array's address
  // identifies the spelling: verdicts are cached by it in a small open-addressing table that
  // also holds, for the common case, everything the check of one instruction needs.
  // Instructions without modifiers share a null array and are keyed by opcode instead. The
  // opcode and length are compared on every hit, so a module built some other way is still
  // validated correctly, just without the cache.
  struct Entry {
    const Modifier *modifiers = nullptr;
    uint32_t operandCounts = 0; // 0 when the spelling itself is invalid
    uint16_t opcode = 0;
    uint16_t numModifiers = 0;
    uint32_t verdict = 0; // index into verdicts_
    bool filled = false;
  };

  // Inline, as it passes nearly always; what it reports is worked out out of line.
  void validateInstruction(const Instruction &inst) {
    const Entry &entry = lookup(inst);
    if (inst.numOperands < 32 && (entry.operandCounts >> inst.numOperands & 1))
      return;
    reportInvalid(inst, entry);
  }

  [[gnu::noinline]] void reportInvalid(const Instruction &inst, const Entry &entry) {
    const SpellingCheck &check = verdicts_[entry.verdict];
    if (check.ok()) {
      report(opcodeOffset(inst), quoted(inst.opcode) + " takes " +
                                     describeOperandCounts(check.operandCounts) + ", found " +
                                     std::to_string(inst.numOperands));
      return;
    }
    uint32_t offset = check.problem == SpellingCheck::Problem::Missing
                          ? opcodeOffset(inst)
                          : modifierOffset(inst, check.modifierIndex);
    report(offset, check.message);
  }

  // The usual case inline: a spelling met before, found at its first probe; the others (a
  // first meeting, a collision, no modifiers) out of line.
  const Entry &lookup(const Instruction &inst) {
    const Entry &entry = table_[slot(inst.modifierData)];
    if (entry.modifiers == inst.modifierData && inst.numModifiers != 0 &&
        entry.opcode == static_cast<uint16_t>(inst.opcode) && entry.numModifiers == inst.numModifiers)
      return entry;
    return lookupSlowly(inst);
  }

  size_t slot(const Modifier *modifiers) const {
    return (reinterpret_cast<uintptr_t>(modifiers) * 0x9E3779B97F4A7C15ull >> 40) & (table_.size() - 1);
  }

  [[gnu::noinline]] const Entry &lookupSlowly(const Instruction &inst) {
    if (inst.numModifiers == 0) {
      Entry &entry = bare_[static_cast<size_t>(inst.opcode)];
      if (!entry.filled)
        fill(entry, inst);
      return entry;
    }
    size_t mask = table_.size() - 1;
    size_t i = slot(inst.modifierData);
    while (true) {
      Entry &entry = table_[i];
      if (entry.modifiers == inst.modifierData) {
        if (entry.opcode == static_cast<uint16_t>(inst.opcode) &&
            entry.numModifiers == inst.numModifiers)
          return entry;
        // Rare: refilled for every such instruction, reusing one verdict.
        if (!uncached_.filled)
          fill(uncached_, inst);
        uncached_.opcode = static_cast<uint16_t>(inst.opcode);
        uncached_.numModifiers = inst.numModifiers;
        verdicts_[uncached_.verdict] = checkSpelling(inst.opcode, inst.modifiers());
        uncached_.operandCounts =
            verdicts_[uncached_.verdict].ok() ? verdicts_[uncached_.verdict].operandCounts : 0;
        return uncached_;
      }
      if (!entry.modifiers) {
        fill(entry, inst);
        entry.modifiers = inst.modifierData;
        if (++used_ * 2 > table_.size()) {
          grow();
          return lookupSlowly(inst);
        }
        return entry;
      }
      i = (i + 1) & mask;
    }
  }

  void fill(Entry &entry, const Instruction &inst) {
    entry.filled = true;
    entry.opcode = static_cast<uint16_t>(inst.opcode);
    entry.numModifiers = inst.numModifiers;
    entry.verdict = static_cast<uint32_t>(verdicts_.size());
    verdicts_.push_back(checkSpelling(inst.opcode, inst.modifiers()));
    entry.operandCounts = verdicts_.back().ok() ? verdicts_.back().operandCounts : 0;
  }

  void grow() {
    std::vector<Entry> old = std::move(table_);
    table_.assign(old.size() * 2, Entry{});
    size_t mask = table_.size() - 1;
    for (const Entry &entry : old) {
      if (!entry.modifiers)
        continue;
      size_t i =
          (reinterpret_cast<uintptr_t>(entry.modifiers) * 0x9E3779B97F4A7C15ull >> 40) & mask;
      while (table_[i].modifiers)
        i = (i + 1) & mask;
      table_[i] = entry;
    }
  }

  void report(uint32_t offset, const std::string &message) {
    if (errors_++ < kMaxReported)
      diags_.report(Severity::Error, source_, offset, message);
  }

  // Where the opcode starts: the instruction's offset is that of its guard when it has one.
  uint32_t opcodeOffset(const Instruction &inst) const {
    uint32_t pos = inst.offset;
    if (inst.guard && inst.guard->kind == ExprKind::Name) {
      const char *end = inst.guard->chars + inst.guard->count;
      if (end >= text_.data() && end <= text_.data() + text_.size()) {
        pos = static_cast<uint32_t>(end - text_.data());
        while (pos < text_.size() && (text_[pos] == ' ' || text_[pos] == '\t' ||
                                      text_[pos] == '\n' || text_[pos] == '\r'))
          ++pos;
      }
    }
    if (!text_.substr(std::min<size_t>(pos, text_.size())).starts_with(spelling(inst.opcode)))
      return inst.offset;
    return pos;
  }

  // The dot before the index-th modifier of the instruction's spelling.
  uint32_t modifierOffset(const Instruction &inst, size_t index) const {
    uint32_t start = opcodeOffset(inst);
    size_t dots = 0;
    for (size_t p = start; p < text_.size() && isSpellingChar(text_[p]); ++p)
      if (text_[p] == '.' && dots++ == index)
        return static_cast<uint32_t>(p);
    return start;
  }

  const SourceFile &source_;
  DiagnosticEngine &diags_;
  std::string_view text_;
  std::vector<Entry> table_ = std::vector<Entry>(1024);
  size_t used_ = 0;
  std::vector<Entry> bare_;
  Entry uncached_;
  std::vector<SpellingCheck> verdicts_;
  size_t errors_ = 0;
};

std::string describeOperandCounts(uint32_t counts) {
  auto plural = [](int n) { return std::to_string(n) + (n == 1 ? " operand" : " operands"); };
  if (counts == 0)
    return "no valid number of operands";
  if (counts == 1)
    return "no operands";
  std::vector<int> values;
  for (int n = 0; n < 32; ++n)
    if (counts >> n & 1)
      values.push_back(n);
  if (values.size() == 1)
    return plural(values[0]);
  bool contiguous = values.back() - values.front() + 1 == static_cast<int>(values.size());
  if (values.size() == 2)
    return std::to_string(values[0]) + " or " + plural(values[1]);
  if (contiguous)
    return std::to_string(values.front()) + " to " + plural(values.back());
  std::string text;
  for (size_t i = 0; i + 1 < values.size(); ++i)
    text += std::to_string(values[i]) + (i + 2 < values.size() ? ", " : " ");
  return text + "or " + plural(values.back());
}

SpellingCheck checkSpelling(Opcode opcode, std::span<const Modifier> modifiers) {
  SpellingCheck result;
  for (size_t i = 0; i < modifiers.size(); ++i) {
    if (!opcodeAllows(opcode, modifiers[i])) {
      result.problem = SpellingCheck::Problem::UnknownModifier;
      result.modifierIndex = static_cast<uint16_t>(i);
      result.message = quoted(modifiers[i]) + " is not a valid modifier for " + quoted(opcode);
      return result;
    }
  }

  std::span<const InstructionForm> forms = instructionForms(opcode);
  bool matched = false;
  for (const InstructionForm &form : forms) {
    if (!matchesForm(form, modifiers))
      continue;
    matched = true;
    result.operandCounts |= form.operandCounts(modifiers);
  }
  if (matched)
    return result;

  // No form matches: explain against the form that comes closest: most modifiers placed, then
  // fewest required slots left empty, then the latest modifier left out (the first modifiers
  // usually say which instruction was meant: `ld.volatile...` blames what follows .volatile).
  std::vector<PartialMatch> partial;
  partial.reserve(forms.size());
  for (const InstructionForm &form : forms)
    partial.push_back(partialMatch(form, modifiers));
  auto better = [](const PartialMatch &a, const PartialMatch &b) {
    if (a.placed != b.placed)
      return a.placed > b.placed;
    if (a.missingRequired != b.missingRequired)
      return a.missingRequired < b.missingRequired;
    return a.firstUnplaced > b.firstUnplaced;
  };
  size_t best = 0;
  for (size_t f = 1; f < partial.size(); ++f)
    if (better(partial[f], partial[best]))
      best = f;
  const PartialMatch &closest = partial[best];

  if (closest.firstUnplaced >= 0) {
    size_t index = static_cast<size_t>(closest.firstUnplaced);
    Modifier m = modifiers[index];
    result.problem = SpellingCheck::Problem::Misplaced;
    result.modifierIndex = static_cast<uint16_t>(std::min<size_t>(index, UINT16_MAX));
    if (closest.conflictingModifier >= 0) {
      Modifier other = modifiers[static_cast<size_t>(closest.conflictingModifier)];
      result.message =
          other == m ? quoted(m) + " is repeated in " + quoted(opcode)
                     : quoted(m) + " conflicts with " + quoted(other) + " in " + quoted(opcode);
    } else {
      result.message =
          quoted(m) + " is not valid in '" + spellingWithout(opcode, modifiers, index) + "'";
    }
    return result;
  }

  // Every modifier fits but something required is missing; name what each equally close form
  // lacks.
  std::vector<std::string> needs;
  for (size_t f = 0; f < forms.size(); ++f) {
    if (better(closest, partial[f]) || partial[f].firstMissingSlot < 0)
      continue;
    std::string what =
        describeSlot(forms[f].slots[static_cast<size_t>(partial[f].firstMissingSlot)]);
    if (std::find(needs.begin(), needs.end(), what) == needs.end())
      needs.push_back(std::move(what));
  }
  result.problem = SpellingCheck::Problem::Missing;
  result.message = needs.empty() ? "invalid modifiers for " + quoted(opcode)
                                 : quoted(opcode) + " needs " + joinAlternatives(needs);
  return result;
}

size_t validateModule(const Module &module, DiagnosticEngine &diags) {
  Validator validator(module.source(), diags);
  for (const Item *item : module.items) {
    if (item->kind != ItemKind::Function)
      continue;
    const auto &function = static_cast<const Function &>(*item);
    if (function.body)
      validator.validateBlock(*function.body);
  }
  return validator.errors();
}

BodyValidator::BodyValidator(const SourceFile &source, DiagnosticEngine &diags)
    : validator_(std::make_unique<Validator>(source, diags)) {}
BodyValidator::~BodyValidator() = default;
void BodyValidator::validate(const BlockStmt &body) { validator_->validateBlock(body); }
size_t BodyValidator::errors() const { return validator_->errors(); }

} // namespace p2m::ptx

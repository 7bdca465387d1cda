#include "ptx/Vocabulary.h"

#include <array>
#include <cstring>
#include <vector>

namespace p2m::ptx {

namespace {

constexpr std::string_view kOpcodeSpellings[] = {
#define PTX_OPCODE(Name, Spelling) Spelling,
#include "ptx/Opcodes.def"
#undef PTX_OPCODE
};

constexpr std::string_view kModifierSpellings[] = {
#define PTX_MODIFIER(Name, Spelling) Spelling,
#include "ptx/Modifiers.def"
#undef PTX_MODIFIER
};

constexpr std::string_view kDirectiveSpellings[] = {
#define PTX_DIRECTIVE(Name, Spelling) Spelling,
#include "ptx/Directives.def"
#undef PTX_DIRECTIVE
};

// An open-addressing table from spelling to index. The parser looks up an opcode and a few
// modifiers per instruction, so this sits on the hot path: one multiplicative hash over at
// most 8 bytes at a time and, almost always, one comparison.
class SpellingTable {
public:
  template <size_t N> explicit SpellingTable(const std::string_view (&spellings)[N]) {
    size_t capacity = 16;
    while (capacity < N * 4)
      capacity *= 2;
    mask_ = capacity - 1;
    slots_.assign(capacity, kEmpty);
    spellings_ = spellings;
    for (size_t i = 0; i < N; ++i) {
      size_t slot = hash(spellings[i]) & mask_;
      while (slots_[slot] != kEmpty)
        slot = (slot + 1) & mask_;
      slots_[slot] = static_cast<uint16_t>(i);
    }
  }

  std::optional<uint16_t> find(std::string_view text) const {
    size_t slot = hash(text) & mask_;
    while (slots_[slot] != kEmpty) {
      if (spellings_[slots_[slot]] == text)
        return slots_[slot];
      slot = (slot + 1) & mask_;
    }
    return std::nullopt;
  }

private:
  static constexpr uint16_t kEmpty = 0xffff;

  static size_t hash(std::string_view text) {
    uint64_t h = text.size() * 0x9E3779B97F4A7C15ull;
    size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
      uint64_t word;
      std::memcpy(&word, text.data() + i, 8);
      h = (h ^ word) * 0xff51afd7ed558ccdull;
    }
    uint64_t tail = 0;
    std::memcpy(&tail, text.data() + i, text.size() - i);
    h = (h ^ tail) * 0xc4ceb9fe1a85ec53ull;
    return static_cast<size_t>(h ^ (h >> 29));
  }

  size_t mask_ = 0;
  std::vector<uint16_t> slots_;
  const std::string_view *spellings_ = nullptr;
};

const SpellingTable &opcodeTable() {
  static const SpellingTable table(kOpcodeSpellings);
  return table;
}
const SpellingTable &modifierTable() {
  static const SpellingTable table(kModifierSpellings);
  return table;
}
const SpellingTable &directiveTable() {
  static const SpellingTable table(kDirectiveSpellings);
  return table;
}

} // namespace

std::string_view spelling(Opcode opcode) { return kOpcodeSpellings[static_cast<size_t>(opcode)]; }
std::string_view spelling(Modifier modifier) {
  return kModifierSpellings[static_cast<size_t>(modifier)];
}
std::string_view spelling(Directive directive) {
  return kDirectiveSpellings[static_cast<size_t>(directive)];
}

std::optional<Opcode> lookupOpcode(std::string_view text) {
  if (auto index = opcodeTable().find(text))
    return static_cast<Opcode>(*index);
  return std::nullopt;
}
std::optional<Modifier> lookupModifier(std::string_view text) {
  if (auto index = modifierTable().find(text))
    return static_cast<Modifier>(*index);
  return std::nullopt;
}
std::optional<Directive> lookupDirective(std::string_view text) {
  if (auto index = directiveTable().find(text))
    return static_cast<Directive>(*index);
  return std::nullopt;
}

size_t opcodeCount() { return std::size(kOpcodeSpellings); }
size_t modifierCount() { return std::size(kModifierSpellings); }
size_t directiveCount() { return std::size(kDirectiveSpellings); }

} // namespace p2m::ptx

// The PTX vocabulary: opcodes, instruction modifiers and directives, each listed once in a
// .def table (X-macros) from which the enums, spellings and lookups here are derived.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace p2m::ptx {

enum class Opcode : uint16_t {
#define PTX_OPCODE(Name, Spelling) Name,
#include "ptx/Opcodes.def"
#undef PTX_OPCODE
};

enum class Modifier : uint16_t {
#define PTX_MODIFIER(Name, Spelling) Name,
#include "ptx/Modifiers.def"
#undef PTX_MODIFIER
};

enum class Directive : uint16_t {
#define PTX_DIRECTIVE(Name, Spelling) Name,
#include "ptx/Directives.def"
#undef PTX_DIRECTIVE
};

// Spellings without the leading dot.
std::string_view spelling(Opcode opcode);
std::string_view spelling(Modifier modifier);
std::string_view spelling(Directive directive);

// `text` without the leading dot for modifiers and directives.
std::optional<Opcode> lookupOpcode(std::string_view text);
std::optional<Modifier> lookupModifier(std::string_view text);
std::optional<Directive> lookupDirective(std::string_view text);

size_t opcodeCount();
size_t modifierCount();
size_t directiveCount();

} // namespace p2m::ptx

// Renaming a module's own names, and renumbering its debug files, in its PTX text, before it is
// parsed again for the linked module. The text is rewritten token by token: every identifier
// spelled like a renamed name becomes the new name, wherever it occurs (definition, uses,
// initializers, debug sections). A function-local name that shadows it is renamed along with
// its uses, which changes nothing, since the new name is fresh. Instruction opcodes are never
// renamed (a file-static function may be called `add`).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace p2m::link {

using RenameMap = std::map<std::string, std::string, std::less<>>;

// `text` with the names of `renames` replaced and every debug-file index (.file N, .loc N,
// inlined_at N) raised by `fileIndexOffset`. The text must be followed by a NUL byte, as the
// lexer requires (a SourceFile's text is).
std::string rewriteModuleText(std::string_view text, const RenameMap &renames, uint32_t fileIndexOffset);

} // namespace p2m::link

// Reading and writing whole files with errors as values (no exceptions across the API).
#pragma once

#include <llvm/Support/MemoryBuffer.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace p2m {

// Reads the whole file; on failure returns nullopt and sets `error` to a readable reason.
std::optional<std::string> readFile(const std::string &path, std::string &error);
// The same, as a buffer that maps a large regular file instead of copying it (no zero-fill, no
// copy out of the page cache), followed by a '\0' as a std::string is. Null on failure, with
// `error` set.
std::unique_ptr<llvm::MemoryBuffer> mapFile(const std::string &path, std::string &error);
bool writeFile(const std::string &path, std::string_view contents, std::string &error);

} // namespace p2m

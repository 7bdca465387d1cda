// Reading and writing whole files with errors as values (no exceptions across the API).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace p2m {

// Reads the whole file; on failure returns nullopt and sets `error` to a readable reason.
std::optional<std::string> readFile(const std::string &path, std::string &error);
bool writeFile(const std::string &path, std::string_view contents, std::string &error);

} // namespace p2m

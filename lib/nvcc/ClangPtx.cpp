// Removing Clang's __clang_gpu_used_external from -rdc PTX (ClangPtx.h).
#include "nvcc/ClangPtx.h"

#include <string_view>
#include <vector>

namespace p2m::nvcc {

namespace {

constexpr std::string_view kArray = "__clang_gpu_used_external";

bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.';
}

// Occurrences of `name` as a whole identifier.
size_t countUses(const std::string &text, std::string_view name) {
  size_t count = 0;
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + name.size())) {
    bool before = at > 0 && isNameChar(text[at - 1]);
    bool after = at + name.size() < text.size() && isNameChar(text[at + name.size()]);
    count += !before && !after;
  }
  return count;
}

} // namespace

std::string withoutClangUsedExternals(const std::string &ptx) {
  size_t at = ptx.find(kArray);
  if (at == std::string::npos)
    return ptx;
  size_t lineStart = ptx.rfind('\n', at);
  lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
  size_t lineEnd = ptx.find('\n', at);
  lineEnd = lineEnd == std::string::npos ? ptx.size() : lineEnd + 1;
  std::string_view line(ptx.data() + lineStart, lineEnd - lineStart);
  std::vector<std::string> names;
  size_t open = line.find('{'), close = line.find('}');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
    std::string_view list = line.substr(open + 1, close - open - 1);
    size_t start = 0;
    while (start < list.size()) {
      size_t comma = list.find(',', start);
      std::string_view item = list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
      size_t b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
      if (b != std::string_view::npos)
        names.emplace_back(item.substr(b, e - b + 1));
      if (comma == std::string_view::npos)
        break;
      start = comma + 1;
    }
  }
  std::string out = ptx.substr(0, lineStart) + ptx.substr(lineEnd);
  for (const std::string &name : names) {
    if (countUses(out, name) == 0)
      continue;
    // The declaration: `.extern .func NAME` up to its terminating ';' (after the parameter list).
    std::string head = ".extern .func " + name;
    size_t decl = out.find(head);
    if (decl == std::string::npos || (decl + head.size() < out.size() && isNameChar(out[decl + head.size()])))
      continue;
    size_t end = out.find(';', decl);
    if (end == std::string::npos)
      continue;
    std::string declaration = out.substr(decl, end + 1 - decl);
    // Only when nothing but the declaration itself names the function (it is not called here).
    if (countUses(out, name) != countUses(declaration, name))
      continue;
    size_t eraseEnd = end + 1 < out.size() && out[end + 1] == '\n' ? end + 2 : end + 1;
    out.erase(decl, eraseEnd - decl);
  }
  return out;
}

} // namespace p2m::nvcc

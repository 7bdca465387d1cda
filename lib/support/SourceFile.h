// A named text buffer plus the offset → line/column mapping diagnostics need.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace p2m {

struct LineColumn {
  uint32_t line = 0;   // 1-based
  uint32_t column = 0; // 1-based, in bytes
};

class SourceFile {
public:
  SourceFile(std::string name, std::string text);

  const std::string &name() const { return name_; }
  std::string_view text() const { return text_; }

  // Computed lazily on first use: parsing never pays for it unless it reports.
  LineColumn lineColumn(uint32_t offset) const;
  // The text of the line holding `offset`, without its line terminator.
  std::string_view lineText(uint32_t offset) const;

private:
  void buildLineTable() const;

  std::string name_;
  std::string text_;
  mutable std::vector<uint32_t> lineStarts_;
};

} // namespace p2m

// A named text buffer plus the offset → line/column mapping diagnostics need.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace llvm {
class MemoryBuffer;
}

namespace p2m {

struct LineColumn {
  uint32_t line = 0;   // 1-based
  uint32_t column = 0; // 1-based, in bytes
};

class SourceFile {
public:
  SourceFile(std::string name, std::string text);
  // A file's contents as llvm::MemoryBuffer holds them: large files mapped rather than copied.
  SourceFile(std::string name, std::unique_ptr<llvm::MemoryBuffer> buffer);
  ~SourceFile();
  // The text is a view of storage this object owns.
  SourceFile(const SourceFile &) = delete;
  SourceFile &operator=(const SourceFile &) = delete;

  const std::string &name() const { return name_; }
  std::string_view text() const { return text_; }

  // Computed lazily on first use: parsing never pays for it unless it reports.
  LineColumn lineColumn(uint32_t offset) const;
  // The text of the line holding `offset`, without its line terminator.
  std::string_view lineText(uint32_t offset) const;

private:
  void buildLineTable() const;

  std::string name_;
  std::string storage_;                        // the text, when given as a string
  std::unique_ptr<llvm::MemoryBuffer> buffer_; // the text, when given as a buffer
  std::string_view text_;
  mutable std::vector<uint32_t> lineStarts_;
};

} // namespace p2m

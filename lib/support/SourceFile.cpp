#include "SourceFile.h"

#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cstring>

namespace p2m {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), storage_(std::move(text)), text_(storage_) {}

SourceFile::SourceFile(std::string name, std::unique_ptr<llvm::MemoryBuffer> buffer)
    : name_(std::move(name)), buffer_(std::move(buffer)), text_(buffer_->getBuffer()) {}

SourceFile::~SourceFile() = default;

void SourceFile::buildLineTable() const {
  if (!lineStarts_.empty())
    return;
  lineStarts_.push_back(0);
  // memchr: the first diagnostic of a large module scans all of it.
  const char *begin = text_.data(), *end = begin + text_.size();
  for (const char *p = begin; (p = static_cast<const char *>(std::memchr(p, '\n', end - p))); ++p)
    lineStarts_.push_back(static_cast<uint32_t>(p - begin + 1));
}

LineColumn SourceFile::lineColumn(uint32_t offset) const {
  buildLineTable();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t lineIndex = static_cast<uint32_t>(it - lineStarts_.begin()) - 1;
  return {lineIndex + 1, offset - lineStarts_[lineIndex] + 1};
}

std::string_view SourceFile::lineText(uint32_t offset) const {
  buildLineTable();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t start = *(it - 1);
  uint32_t end = it == lineStarts_.end() ? static_cast<uint32_t>(text_.size()) : *it;
  std::string_view line(text_.data() + start, end - start);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
    line.remove_suffix(1);
  return line;
}

} // namespace p2m

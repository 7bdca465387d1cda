#include "FileIO.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

namespace p2m {

std::optional<std::string> readFile(const std::string &path, std::string &error) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  std::string data;
  // Read regular files in one go at their known size; fall back to chunks for pipes.
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    data.resize(static_cast<size_t>(st.st_size));
    data.resize(std::fread(data.data(), 1, data.size(), f));
  }
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0)
    data.append(buffer, n);
  bool failed = std::ferror(f) != 0;
  int savedErrno = errno;
  std::fclose(f);
  if (failed) {
    error = std::strerror(savedErrno);
    return std::nullopt;
  }
  return data;
}

std::unique_ptr<llvm::MemoryBuffer> mapFile(const std::string &path, std::string &error) {
  // The lexer reads one byte past a token and stops at the terminator: LLVM maps the file only
  // where the page's zero fill provides it, and reads a file of whole pages instead.
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/true);
  if (!buffer) {
    error = buffer.getError().message();
    return nullptr;
  }
  return std::move(*buffer);
}

bool writeFile(const std::string &path, std::string_view contents, std::string &error) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f) {
    error = std::strerror(errno);
    return false;
  }
  bool ok = std::fwrite(contents.data(), 1, contents.size(), f) == contents.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok)
    error = std::strerror(errno);
  return ok;
}

} // namespace p2m

// A whole input file in memory, memory-mapped when large: the CUDA libraries are hundreds of
// MB and only their fatbin sections are ever touched.
#pragma once

#include "fatbin/ByteReader.h"
#include "fatbin/Result.h"

#include <memory>
#include <string>

namespace llvm {
class MemoryBuffer;
}

namespace p2m::fatbin {

class InputFile {
public:
  static Result<InputFile> open(const std::string &path);

  InputFile(InputFile &&) noexcept;
  InputFile &operator=(InputFile &&) noexcept;
  ~InputFile();

  Bytes bytes() const;

private:
  explicit InputFile(std::unique_ptr<llvm::MemoryBuffer> buffer);
  std::unique_ptr<llvm::MemoryBuffer> buffer_;
};

} // namespace p2m::fatbin

#include "fatbin/InputFile.h"

#include <llvm/Support/ErrorOr.h>
#include <llvm/Support/MemoryBuffer.h>

namespace p2m::fatbin {

Result<InputFile> InputFile::open(const std::string &path) {
  // No NUL terminator needed: binary data, and requiring one can force a copy of the file.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return Error{"cannot read file: " + buffer.getError().message(), 0};
  return InputFile(std::move(*buffer));
}

InputFile::InputFile(std::unique_ptr<llvm::MemoryBuffer> buffer) : buffer_(std::move(buffer)) {}
InputFile::InputFile(InputFile &&) noexcept = default;
InputFile &InputFile::operator=(InputFile &&) noexcept = default;
InputFile::~InputFile() = default;

Bytes InputFile::bytes() const {
  return Bytes(reinterpret_cast<const uint8_t *>(buffer_->getBufferStart()),
               buffer_->getBufferSize());
}

} // namespace p2m::fatbin

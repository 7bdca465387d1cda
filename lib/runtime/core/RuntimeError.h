// Why a runtime-core operation failed. The core is written against no CUDA header; the shim
// (lib/runtime/cuda) maps each code to one CUresult. A backend's own errors (Backend.h) are
// carried over by fromBackend().
#pragma once

#include "runtime/Backend.h"

#include <memory>
#include <string>

namespace p2m::runtime {

enum class RuntimeErrorCode {
  InvalidValue,   // CUDA_ERROR_INVALID_VALUE
  InvalidHandle,  // CUDA_ERROR_INVALID_HANDLE
  OutOfMemory,    // CUDA_ERROR_OUT_OF_MEMORY
  InvalidImage,   // CUDA_ERROR_INVALID_IMAGE: not PTX, not a fatbin, or a malformed one
  InvalidPtx,     // CUDA_ERROR_INVALID_PTX: PTX that does not parse, or MSL that did not compile
  NoBinaryForGpu, // CUDA_ERROR_NO_BINARY_FOR_GPU: a fatbin with cubins only
  NotFound,       // CUDA_ERROR_NOT_FOUND
  FileNotFound,   // CUDA_ERROR_FILE_NOT_FOUND: a prebuilt module's file is missing
  NotSupported,   // CUDA_ERROR_NOT_SUPPORTED
  OutOfResources, // CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
  LaunchFailed,   // CUDA_ERROR_LAUNCH_FAILED: the kernel trapped or deadlocked
  IllegalAddress, // CUDA_ERROR_ILLEGAL_ADDRESS: the kernel accessed memory it cannot reach
  MisalignedAddress, // CUDA_ERROR_MISALIGNED_ADDRESS: a misaligned surface access
  IllegalInstruction, // CUDA_ERROR_ILLEGAL_INSTRUCTION: a tensor copy the hardware refuses
  AssertFailed,   // CUDA_ERROR_ASSERT: a device-side assert failed
};

struct RuntimeError {
  RuntimeErrorCode code;
  std::string message; // for logs and tests; never parsed
};

// Success is a null RuntimeStatus, as with Backend.h's Status.
using RuntimeStatus = std::unique_ptr<RuntimeError>;
inline RuntimeStatus succeeded() { return nullptr; }
inline RuntimeStatus failure(RuntimeErrorCode code, std::string message) {
  return std::make_unique<RuntimeError>(RuntimeError{code, std::move(message)});
}

// A backend's failure as a runtime failure (null stays null).
RuntimeStatus fromBackend(Status status);

} // namespace p2m::runtime

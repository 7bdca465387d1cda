// Backend errors → runtime errors: one table, so the shim needs to know only one error type.
#include "runtime/core/RuntimeError.h"

namespace p2m::runtime {

RuntimeStatus fromBackend(Status status) {
  if (!status)
    return succeeded();
  RuntimeErrorCode code = RuntimeErrorCode::InvalidValue;
  switch (status->code) {
  case ErrorCode::OutOfMemory: code = RuntimeErrorCode::OutOfMemory; break;
  case ErrorCode::InvalidValue: code = RuntimeErrorCode::InvalidValue; break;
  case ErrorCode::CompileFailed: code = RuntimeErrorCode::InvalidPtx; break;
  case ErrorCode::NotFound: code = RuntimeErrorCode::NotFound; break;
  case ErrorCode::OutOfResources: code = RuntimeErrorCode::OutOfResources; break;
  case ErrorCode::LaunchFailed: code = RuntimeErrorCode::LaunchFailed; break;
  case ErrorCode::IllegalAddress: code = RuntimeErrorCode::IllegalAddress; break;
  case ErrorCode::NotSupported: code = RuntimeErrorCode::NotSupported; break;
  }
  return failure(code, std::move(status->message));
}

} // namespace p2m::runtime

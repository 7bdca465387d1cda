// Copies and fills as stream tasks (StreamWork.h).
#include "StreamWork.h"

#include <cstring>
#include <vector>

namespace p2m::cuda {

CUresult copyOnStream(Driver &driver, CUctx_st *context, CUstream stream, void *to, const void *from, size_t bytes,
                      bool toPageable, bool fromPageable, bool synchronous) {
  if (bytes == 0)
    return CUDA_SUCCESS;
  bool wait = synchronous || toPageable || (fromPageable && bytes > kStagedBytes);
  StreamTask task;
  if (!wait && fromPageable) {
    auto staged = std::make_shared<std::vector<uint8_t>>(static_cast<const uint8_t *>(from),
                                                         static_cast<const uint8_t *>(from) + bytes);
    task.work = [to, staged] { std::memcpy(to, staged->data(), staged->size()); };
  } else {
    task.work = [to, from, bytes] { std::memmove(to, from, bytes); };
  }
  return driver.submit(stream, context, std::move(task), wait);
}

CUresult fillOnStream(Driver &driver, CUctx_st *context, CUstream stream, uint64_t destination, uint32_t value,
                      unsigned elementBytes, uint64_t count, bool synchronous, const char *api) {
  if (CUresult r = toCuResult(driver.device().checkFill(destination, elementBytes, count), api))
    return r;
  if (count == 0)
    return CUDA_SUCCESS;
  StreamTask task;
  task.work = [device = &driver.device(), destination, value, elementBytes, count] {
    (void)device->fill(destination, value, elementBytes, count);
  };
  return driver.submit(stream, context, std::move(task), synchronous);
}

} // namespace p2m::cuda

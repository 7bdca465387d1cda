// Copies and fills as stream tasks, shared by the linear (MemoryApi.cpp) and pitched
// (Memcpy2DApi.cpp) calls. Everything is checked when the call is made; the task only moves
// bytes. What the program may reuse at once is taken then, as in CUDA's "API synchronization
// behavior": an asynchronous copy from pageable memory copies its source when it is enqueued
// (up to kStagedBytes; a larger one waits for its stream and copies directly, which CUDA also
// allows: "the driver may synchronize with the stream"), one to pageable memory returns only
// once it is done; the synchronous calls (cuMemcpy*, cuMemset*) are enqueued on the default
// stream, with its synchronization, and waited for.
#pragma once

#include "Driver.h"

#include <cstddef>

namespace p2m::cuda {

// The largest pageable source an asynchronous copy stages (copies when it is enqueued).
inline constexpr size_t kStagedBytes = size_t(1) << 20;

// `bytes` from `from` to `to` (host addresses of checked ranges). `fromPageable` /
// `toPageable`: that side is the program's pageable memory (Driver::isPageable).
CUresult copyOnStream(Driver &driver, CUctx_st *context, CUstream stream, void *to, const void *from, size_t bytes,
                      bool toPageable, bool fromPageable, bool synchronous);

// `count` elements of `elementBytes` set to `value` at device address `destination`.
CUresult fillOnStream(Driver &driver, CUctx_st *context, CUstream stream, uint64_t destination, uint32_t value,
                      unsigned elementBytes, uint64_t count, bool synchronous, const char *api);

} // namespace p2m::cuda

// Pitched copies and memsets: cuMemcpy2D / 3D (+Async, +Peer, 2DUnaligned) and cuMemsetD2D*.
// Each side of a copy is host, device or unified memory (UnifiedAddress.h); its whole span —
// from the first byte copied to the last, rows and slices included — is resolved and checked
// once when the call is made, so a copy that would run past an allocation writes nothing. The
// copy itself is a stream task (StreamWork.h: a pageable source is staged, a pageable
// destination waited for; the forms without Async wait).
// A CUDA array side (Arrays.h) is its level's device memory, pitched as the array is laid out;
// the copy must stay inside the array and move whole texels.
#include "Arrays.h"
#include "Driver.h"
#include "StreamWork.h"
#include "UnifiedAddress.h"

#include "runtime/core/Log.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <vector>

using p2m::cuda::Driver;
using p2m::cuda::resolveUnified;
using p2m::cuda::toCuResult;
using p2m::cuda::enumBits;

#undef cuMemcpy2D
#undef cuMemcpy2DUnaligned
#undef cuMemcpy2DAsync
#undef cuMemcpy3D
#undef cuMemcpy3DAsync
#undef cuMemsetD2D8
#undef cuMemsetD2D16
#undef cuMemsetD2D32

namespace {

// One side of a copy, whatever struct it came from.
struct Side {
  long long type; // a CUmemorytype, or any integer a program passed (enumBits)
  const void *host;
  CUdeviceptr device;
  CUarray array;
  size_t x, y, z, pitch, height;
};

struct Extent {
  size_t width, height, depth;
};

bool mulAdd(size_t a, size_t b, size_t c, size_t *out) {
  size_t product = 0;
  return !__builtin_mul_overflow(a, b, &product) && !__builtin_add_overflow(product, c, out);
}

// The host address of the side's first copied byte in *start and the number of bytes from
// there to its last one in *spanOut, checked against the memory it lies in; *pageable: it is
// the program's pageable memory.
CUresult resolveSide(Driver &driver, const Side &side, const Extent &e, const char *api, uint8_t **start,
                     size_t *spanOut, bool *pageable) {
  if (side.type != CU_MEMORYTYPE_HOST && side.type != CU_MEMORYTYPE_DEVICE && side.type != CU_MEMORYTYPE_UNIFIED)
    return CUDA_ERROR_INVALID_VALUE;
  // Rows must not overlap: the pitch holds x + width (when there is more than one row), the
  // slice height holds y + height (when there is more than one slice).
  if (side.pitch > size_t(INT_MAX))
    return CUDA_ERROR_INVALID_VALUE; // above CU_DEVICE_ATTRIBUTE_MAX_PITCH
  if ((e.height > 1 || e.depth > 1) && side.pitch < side.x + e.width)
    return CUDA_ERROR_INVALID_VALUE;
  if (e.depth > 1 && side.height < side.y + e.height)
    return CUDA_ERROR_INVALID_VALUE;
  size_t row = 0, offset = 0, last = 0, span = 0;
  if (!mulAdd(side.z, side.height, side.y, &row) || !mulAdd(row, side.pitch, side.x, &offset))
    return CUDA_ERROR_INVALID_VALUE;
  if (e.width == 0 || e.height == 0 || e.depth == 0) {
    span = 0;
  } else if (!mulAdd(e.depth - 1, side.height, e.height - 1, &last) || !mulAdd(last, side.pitch, e.width, &span)) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  uint64_t base = side.type == CU_MEMORYTYPE_HOST ? reinterpret_cast<uintptr_t>(side.host) : side.device;
  if (base > UINT64_MAX - offset)
    return CUDA_ERROR_INVALID_VALUE;
  // Host memory may be pageable; device memory must be device memory (or reachable host
  // memory); unified memory is either.
  void *host = nullptr;
  if (CUresult r = resolveUnified(driver, base + offset, span, side.type != CU_MEMORYTYPE_DEVICE, api, &host))
    return r;
  if (span && !host)
    return CUDA_ERROR_INVALID_VALUE;
  *start = static_cast<uint8_t *>(host);
  *spanOut = span;
  *pageable = side.type != CU_MEMORYTYPE_DEVICE && driver.isPageable(reinterpret_cast<void *>(base + offset));
  return CUDA_SUCCESS;
}

// An array side as the device memory it names (Arrays.h): its level's address, row pitch and
// rows; the copy must stay inside the array and move whole texels. Other sides unchanged.
CUresult arraySide(Driver &driver, const Side &side, const Extent &e, Side *out) {
  *out = side;
  if (side.type != CU_MEMORYTYPE_ARRAY)
    return CUDA_SUCCESS;
  CUarray_st *array = side.array;
  if (!array || !p2m::cuda::isArray(array))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(array->context))
    return r;
  size_t texel = array->format.bytes(), rowBytes = array->desc.Width * texel;
  size_t rows = std::max<size_t>(1, array->desc.Height);
  if (side.x % texel || e.width % texel || side.x > rowBytes || e.width > rowBytes - side.x || side.y > rows ||
      e.height > rows - side.y || side.z > array->slices || e.depth > array->slices - side.z)
    return CUDA_ERROR_INVALID_VALUE;
  *out = Side{CU_MEMORYTYPE_DEVICE, nullptr, array->address, nullptr, side.x, side.y, side.z, array->rowPitch, rows};
  return CUDA_SUCCESS;
}

// Where and how a copy runs: on `stream` of `context`, waited for when `synchronous`.
struct Order {
  CUctx_st *context;
  CUstream stream;
  bool synchronous;
};

CUresult copy(Driver &driver, const Order &order, const Side &srcSide, const Side &dstSide, const Extent &e,
              const char *api) {
  Side src, dst;
  if (CUresult r = arraySide(driver, srcSide, e, &src))
    return r;
  if (CUresult r = arraySide(driver, dstSide, e, &dst))
    return r;
  uint8_t *from = nullptr, *to = nullptr;
  size_t fromSpan = 0, toSpan = 0;
  bool fromPageable = false, toPageable = false;
  if (CUresult r = resolveSide(driver, src, e, api, &from, &fromSpan, &fromPageable))
    return r;
  if (CUresult r = resolveSide(driver, dst, e, api, &to, &toSpan, &toPageable))
    return r;
  if (e.width == 0 || e.height == 0 || e.depth == 0)
    return CUDA_SUCCESS;
  bool wait = order.synchronous || toPageable || (fromPageable && fromSpan > p2m::cuda::kStagedBytes);
  // A pageable source is copied now, its span with the rows' gaps.
  std::shared_ptr<std::vector<uint8_t>> staged;
  if (!wait && fromPageable)
    staged = std::make_shared<std::vector<uint8_t>>(from, from + fromSpan);
  size_t srcHeight = src.height, srcPitch = src.pitch, dstHeight = dst.height, dstPitch = dst.pitch;
  p2m::cuda::StreamTask task;
  task.work = [=] {
    const uint8_t *source = staged ? staged->data() : from;
    for (size_t z = 0; z < e.depth; ++z)
      for (size_t y = 0; y < e.height; ++y)
        std::memmove(to + (z * dstHeight + y) * dstPitch, source + (z * srcHeight + y) * srcPitch, e.width);
  };
  return driver.submit(order.stream, order.context, std::move(task), wait);
}

CUresult copy2D(Driver &driver, const Order &order, const CUDA_MEMCPY2D *p, const char *api) {
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  Side src{enumBits(p->srcMemoryType), p->srcHost, p->srcDevice, p->srcArray, p->srcXInBytes, p->srcY, 0, p->srcPitch, 0};
  Side dst{enumBits(p->dstMemoryType), p->dstHost, p->dstDevice, p->dstArray, p->dstXInBytes, p->dstY, 0, p->dstPitch, 0};
  return copy(driver, order, src, dst, {p->WidthInBytes, p->Height, 1}, api);
}

template <typename Copy3D> CUresult copy3D(Driver &driver, const Order &order, const Copy3D *p, const char *api) {
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  if (p->srcLOD != 0 || p->dstLOD != 0)
    return CUDA_ERROR_INVALID_VALUE; // mipmap levels exist for arrays only
  Side src{enumBits(p->srcMemoryType), p->srcHost, p->srcDevice, p->srcArray, p->srcXInBytes, p->srcY, p->srcZ, p->srcPitch,
           p->srcHeight};
  Side dst{enumBits(p->dstMemoryType), p->dstHost, p->dstDevice, p->dstArray, p->dstXInBytes, p->dstY, p->dstZ, p->dstPitch,
           p->dstHeight};
  return copy(driver, order, src, dst, {p->WidthInBytes, p->Height, p->Depth}, api);
}

CUresult copy3DPlain(Driver &driver, const Order &order, const CUDA_MEMCPY3D *p, const char *api) {
  if (p && (p->reserved0 || p->reserved1))
    return CUDA_ERROR_INVALID_VALUE;
  return copy3D(driver, order, p, api);
}

CUresult copy3DPeer(Driver &driver, const Order &order, const CUDA_MEMCPY3D_PEER *p, const char *api) {
  if (!p)
    return CUDA_ERROR_INVALID_VALUE;
  // One device: both contexts share it; each is checked where it is used.
  if (enumBits(p->srcMemoryType) != CU_MEMORYTYPE_ARRAY && p->srcContext)
    if (CUresult r = driver.checkContext(p->srcContext))
      return r;
  if (enumBits(p->dstMemoryType) != CU_MEMORYTYPE_ARRAY && p->dstContext)
    if (CUresult r = driver.checkContext(p->dstContext))
      return r;
  return copy3D(driver, order, p, api);
}

// `width` elements of `elementBytes` in each of `height` rows `pitch` bytes apart.
CUresult fill2D(Driver &driver, const Order &order, CUdeviceptr dst, size_t pitch, uint32_t value,
                unsigned elementBytes, size_t width, size_t height, const char *api) {
  if (dst % elementBytes || (height > 1 && pitch % elementBytes))
    return CUDA_ERROR_INVALID_VALUE;
  size_t rowBytes = 0, span = 0;
  if (__builtin_mul_overflow(width, size_t(elementBytes), &rowBytes))
    return CUDA_ERROR_INVALID_VALUE;
  if (height > 1 && pitch < rowBytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (width == 0 || height == 0)
    return toCuResult(driver.device().checkRange(dst, 0, api), api);
  if (!mulAdd(height - 1, pitch, rowBytes, &span))
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = toCuResult(driver.device().checkRange(dst, span, api), api))
    return r;
  p2m::cuda::StreamTask task;
  task.work = [device = &driver.device(), dst, pitch, value, elementBytes, width, height] {
    for (size_t y = 0; y < height; ++y)
      (void)device->fill(dst + y * pitch, value, elementBytes, width);
  };
  return driver.submit(order.stream, order.context, std::move(task), order.synchronous);
}

} // namespace

extern "C" {

CUresult CUDAAPI cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy) {
  P2M_API_ENTER_CONTEXT();
  return copy2D(driver, {context, nullptr, true}, pCopy, "cuMemcpy2D");
}

// Host copies have no alignment requirement, so the unaligned form is the same copy.
CUresult CUDAAPI cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy) {
  P2M_API_ENTER_CONTEXT();
  return copy2D(driver, {context, nullptr, true}, pCopy, "cuMemcpy2DUnaligned");
}

CUresult CUDAAPI cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copy2D(driver, {context, hStream, false}, pCopy, "cuMemcpy2DAsync");
}

CUresult CUDAAPI cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy) {
  P2M_API_ENTER_CONTEXT();
  return copy3DPlain(driver, {context, nullptr, true}, pCopy, "cuMemcpy3D");
}

CUresult CUDAAPI cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copy3DPlain(driver, {context, hStream, false}, pCopy, "cuMemcpy3DAsync");
}

CUresult CUDAAPI cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy) {
  P2M_API_ENTER_CONTEXT();
  return copy3DPeer(driver, {context, nullptr, true}, pCopy, "cuMemcpy3DPeer");
}

CUresult CUDAAPI cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return copy3DPeer(driver, {context, hStream, false}, pCopy, "cuMemcpy3DPeerAsync");
}

CUresult CUDAAPI cuMemsetD2D8_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width, size_t Height) {
  P2M_API_ENTER_CONTEXT();
  return fill2D(driver, {context, nullptr, true}, dstDevice, dstPitch, uc, 1, Width, Height, "cuMemsetD2D8");
}

CUresult CUDAAPI cuMemsetD2D16_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width,
                                  size_t Height) {
  P2M_API_ENTER_CONTEXT();
  return fill2D(driver, {context, nullptr, true}, dstDevice, dstPitch, us, 2, Width, Height, "cuMemsetD2D16");
}

CUresult CUDAAPI cuMemsetD2D32_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width, size_t Height) {
  P2M_API_ENTER_CONTEXT();
  return fill2D(driver, {context, nullptr, true}, dstDevice, dstPitch, ui, 4, Width, Height, "cuMemsetD2D32");
}

CUresult CUDAAPI cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width,
                                   size_t Height, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return fill2D(driver, {context, hStream, false}, dstDevice, dstPitch, uc, 1, Width, Height, "cuMemsetD2D8Async");
}

CUresult CUDAAPI cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width,
                                    size_t Height, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return fill2D(driver, {context, hStream, false}, dstDevice, dstPitch, us, 2, Width, Height, "cuMemsetD2D16Async");
}

CUresult CUDAAPI cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width,
                                    size_t Height, CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  if (CUresult r = driver.checkStream(hStream, context))
    return r;
  return fill2D(driver, {context, hStream, false}, dstDevice, dstPitch, ui, 4, Width, Height, "cuMemsetD2D32Async");
}

} // extern "C"

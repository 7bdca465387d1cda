// cuGetExportTable: NVIDIA's private driver interfaces, which NVIDIA's own CUDA runtime
// (libcudart_static, linked into every program nvcc builds by default, and NVIDIA's
// libcudart.so) asks for by UUID right after cuInit. ptx2metal does not implement them
// (DESIGN.md, "Runtime API"): every table is CUDA_ERROR_NOT_FOUND, the UUID asked for is
// logged, and the first request prints one line, always, telling the user how to rebuild. The
// program then fails with a CUDA error from its first runtime call (NVIDIA's runtime reports
// the missing tables as an error; it does not crash).
#include "Driver.h"

#include "runtime/core/Log.h"

#include <atomic>
#include <cstdio>

extern "C" CUresult CUDAAPI cuGetExportTable(const void **ppExportTable, const CUuuid *pExportTableId) {
  if (ppExportTable)
    *ppExportTable = nullptr;
  if (!ppExportTable || !pExportTableId)
    return CUDA_ERROR_INVALID_VALUE;
  char uuid[48];
  const auto *b = reinterpret_cast<const unsigned char *>(pExportTableId->bytes);
  std::snprintf(uuid, sizeof uuid, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  static std::atomic<bool> explained{false};
  if (!explained.exchange(true))
    p2m::runtime::printMessage(
        "this program uses NVIDIA's CUDA runtime (nvcc links libcudart_static by default), which ptx2metal cannot "
        "serve; rebuild it with `nvcc -cudart shared` and run it with ptx2metal's libcudart.so first on the library "
        "path, or build it with ptx2metal's toolkit");
  p2m::runtime::logMessage(std::string("cuGetExportTable: no export table ") + uuid);
  return CUDA_ERROR_NOT_FOUND;
}

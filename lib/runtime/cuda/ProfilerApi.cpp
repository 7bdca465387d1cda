// cuProfilerStart / cuProfilerStop: no profiler collects here. CUDA returns CUDA_SUCCESS when
// no profiling tool is attached, so these succeed and do nothing (logged).
#include "Driver.h"

#include <cudaProfiler.h>

#include "runtime/core/Log.h"

extern "C" {

CUresult CUDAAPI cuProfilerStart(void) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  p2m::runtime::logMessage("cuProfilerStart: no profiler is attached; nothing is collected");
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuProfilerStop(void) {
  P2M_API_ENTER_CONTEXT();
  (void)context;
  return CUDA_SUCCESS;
}

} // extern "C"

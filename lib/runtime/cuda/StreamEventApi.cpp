// Streams and events. Work runs synchronously, so a stream only has to exist and events
// record the time at which the preceding work had already finished.
#include "Driver.h"

using p2m::cuda::Driver;

// The unversioned names, exported for older headers (cuda.h maps them to _v2).
#undef cuStreamDestroy
#undef cuEventDestroy
#undef cuEventElapsedTime
extern "C" CUresult CUDAAPI cuStreamDestroy(CUstream hStream);
extern "C" CUresult CUDAAPI cuEventDestroy(CUevent hEvent);
extern "C" CUresult CUDAAPI cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd);

extern "C" {

CUresult CUDAAPI cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  P2M_API_ENTER_CONTEXT();
  if (!phStream || (Flags & ~unsigned(CU_STREAM_NON_BLOCKING)))
    return CUDA_ERROR_INVALID_VALUE;
  *phStream = driver.addStream(context, Flags);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy_v2(CUstream hStream) {
  P2M_API_ENTER();
  if (!driver.isStream(hStream))
    return CUDA_ERROR_INVALID_HANDLE;
  driver.destroyStream(hStream);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy(CUstream hStream) { return cuStreamDestroy_v2(hStream); }

CUresult CUDAAPI cuStreamSynchronize(CUstream hStream) {
  P2M_API_ENTER_CONTEXT();
  return driver.checkStream(hStream, context);
}

CUresult CUDAAPI cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  P2M_API_ENTER_CONTEXT();
  unsigned known = CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS;
  if (!phEvent || (Flags & ~known))
    return CUDA_ERROR_INVALID_VALUE;
  *phEvent = driver.addEvent(context, Flags);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent hEvent, CUstream hStream) {
  P2M_API_ENTER();
  if (!driver.isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hEvent->context))
    return r;
  if (CUresult r = driver.checkStream(hStream, hEvent->context))
    return r;
  hEvent->recorded = true;
  hEvent->time = std::chrono::steady_clock::now();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventSynchronize(CUevent hEvent) {
  P2M_API_ENTER();
  if (!driver.isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  return driver.checkContext(hEvent->context);
}

CUresult CUDAAPI cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
  P2M_API_ENTER();
  if (!pMilliseconds)
    return CUDA_ERROR_INVALID_VALUE;
  if (!driver.isEvent(hStart) || !driver.isEvent(hEnd))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hStart->context))
    return r;
  // CUDA: an event that was never recorded, or created without timing, is an invalid handle here.
  if (!hStart->recorded || !hEnd->recorded || (hStart->flags & CU_EVENT_DISABLE_TIMING) ||
      (hEnd->flags & CU_EVENT_DISABLE_TIMING))
    return CUDA_ERROR_INVALID_HANDLE;
  *pMilliseconds = std::chrono::duration<float, std::milli>(hEnd->time - hStart->time).count();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
  return cuEventElapsedTime_v2(pMilliseconds, hStart, hEnd);
}

CUresult CUDAAPI cuEventDestroy_v2(CUevent hEvent) {
  P2M_API_ENTER();
  if (!driver.isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  driver.destroyEvent(hEvent);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventDestroy(CUevent hEvent) { return cuEventDestroy_v2(hEvent); }

} // extern "C"

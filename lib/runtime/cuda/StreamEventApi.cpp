// Streams and events. Each stream is a queue of tasks with a worker (StreamQueues.cpp): an
// event record is a task that takes the time when the stream reaches it, a host function or
// stream callback is a task run without the API lock, cuStreamWaitEvent enqueues a task that
// drains the event's stream up to the record. Queries answer from the queues without waiting;
// the synchronize calls drain. Stream capture (graphs) is not implemented in the driver: no
// stream is ever capturing (libcudart captures by itself).
#include "Driver.h"

#include "runtime/core/Log.h"

using p2m::cuda::Driver;

namespace {

// The context of a stream handle: a created stream's own, the current one for the default
// streams (0, CU_STREAM_LEGACY, CU_STREAM_PER_THREAD). Checked, sticky error included.
CUresult streamContext(Driver &driver, CUstream stream, CUctx_st **context) {
  if (stream && stream != CU_STREAM_LEGACY && stream != CU_STREAM_PER_THREAD) {
    if (!driver.isStream(stream))
      return CUDA_ERROR_INVALID_HANDLE;
    *context = stream->context;
    return driver.checkContext(*context);
  }
  return driver.currentContext(context);
}

bool isDefaultStream(CUstream stream) {
  return !stream || stream == CU_STREAM_LEGACY || stream == CU_STREAM_PER_THREAD;
}

// The stream has reached the event's last record (or it was never recorded).
bool eventComplete(const CUevent_st *event) { return !event->queue || event->queue->completed >= event->task; }

} // namespace

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

// Priorities order nothing (one level); the value is clamped to the range
// cuCtxGetStreamPriorityRange reports ([0, 0]), as CUDA clamps it.
CUresult CUDAAPI cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority) {
  P2M_API_ENTER_CONTEXT();
  if (!phStream || (flags & ~unsigned(CU_STREAM_NON_BLOCKING)))
    return CUDA_ERROR_INVALID_VALUE;
  (void)priority;
  *phStream = driver.addStream(context, flags);
  (*phStream)->priority = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamGetPriority(CUstream hStream, int *priority) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!priority)
    return CUDA_ERROR_INVALID_VALUE;
  *priority = isDefaultStream(hStream) ? 0 : hStream->priority;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamGetFlags(CUstream hStream, unsigned int *flags) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!flags)
    return CUDA_ERROR_INVALID_VALUE;
  *flags = isDefaultStream(hStream) ? 0 : hStream->flags;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamGetId(CUstream hStream, unsigned long long *streamId) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!streamId)
    return CUDA_ERROR_INVALID_VALUE;
  // The default streams get fixed ids below every created stream's (ids start at 1).
  *streamId = !hStream || hStream == CU_STREAM_LEGACY ? 0 : hStream == CU_STREAM_PER_THREAD ? 0 : hStream->id;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamGetCtx(CUstream hStream, CUcontext *pctx) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  *pctx = context;
  return CUDA_SUCCESS;
}

// Green contexts do not exist here: *pGreenCtx is always null.
CUresult CUDAAPI cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx, CUgreenCtx *pGreenCtx) {
  if (!pCtx || !pGreenCtx)
    return CUDA_ERROR_INVALID_VALUE;
  *pGreenCtx = nullptr;
  return cuStreamGetCtx(hStream, pCtx);
}

CUresult CUDAAPI cuStreamGetDevice(CUstream hStream, CUdevice *device) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
}

// CUDA_ERROR_NOT_READY while work enqueued on the stream has not finished (for the legacy
// stream: also work of the blocking streams, which it would wait for). Never waits.
CUresult CUDAAPI cuStreamQuery(CUstream hStream) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  return driver.streamIdle(hStream, context) ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

// Work enqueued on the stream after this waits until the event's last record has run (an event
// never recorded, or whose work is done, has nothing to wait for).
CUresult CUDAAPI cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!driver.isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  if (Flags != CU_EVENT_WAIT_DEFAULT && Flags != CU_EVENT_WAIT_EXTERNAL)
    return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<p2m::cuda::StreamQueue> recorded = hEvent->queue;
  if (!recorded || recorded->completed >= hEvent->task)
    return CUDA_SUCCESS;
  p2m::cuda::StreamTask task;
  task.work = [d = &driver, recorded, upTo = hEvent->task] { (void)d->drain(recorded, upTo); };
  driver.enqueue(driver.queueOf(hStream, context), std::move(task));
  return CUDA_SUCCESS;
}

// The callback runs when the stream reaches it, without the API lock. A broken context still
// calls back, with its error as the status (CUDA's contract).
CUresult CUDAAPI cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData, unsigned int flags) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  CUresult status = streamContext(driver, hStream, &context);
  if (status == CUDA_ERROR_INVALID_HANDLE || status == CUDA_ERROR_INVALID_CONTEXT || status == CUDA_ERROR_NOT_INITIALIZED)
    return status;
  if (!callback || flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  p2m::cuda::StreamTask task;
  task.host = [callback, hStream, userData](CUresult streamStatus) { callback(hStream, streamStatus, userData); };
  task.runsWhenBroken = true;
  driver.enqueue(driver.queueOf(hStream, context), std::move(task));
  return CUDA_SUCCESS;
}

// The function runs when the stream reaches it, without the API lock (it may not call CUDA).
CUresult CUDAAPI cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!fn)
    return CUDA_ERROR_INVALID_VALUE;
  p2m::cuda::StreamTask task;
  task.host = [fn, userData](CUresult) { fn(userData); };
  driver.enqueue(driver.queueOf(hStream, context), std::move(task));
  return CUDA_SUCCESS;
}

// Managed memory is reachable from every stream and the host at all times.
CUresult CUDAAPI cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr, size_t length, unsigned int flags) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST && flags != CU_MEM_ATTACH_SINGLE)
    return CUDA_ERROR_INVALID_VALUE;
  p2m::runtime::AllocationInfo info;
  if (!driver.device().allocations().describe(dptr, &info) || info.base != dptr ||
      info.kind != p2m::runtime::MemoryKind::Managed || (length != 0 && length != info.bytes))
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamIsCapturing(CUstream hStream, CUstreamCaptureStatus *captureStatus) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!captureStatus)
    return CUDA_ERROR_INVALID_VALUE;
  *captureStatus = CU_STREAM_CAPTURE_STATUS_NONE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamGetCaptureInfo_v3(CUstream hStream, CUstreamCaptureStatus *captureStatus_out,
                                           cuuint64_t *id_out, CUgraph *graph_out,
                                           const CUgraphNode **dependencies_out, const CUgraphEdgeData **edgeData_out,
                                           size_t *numDependencies_out) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!captureStatus_out)
    return CUDA_ERROR_INVALID_VALUE;
  *captureStatus_out = CU_STREAM_CAPTURE_STATUS_NONE;
  (void)id_out, (void)graph_out, (void)dependencies_out, (void)edgeData_out, (void)numDependencies_out;
  return CUDA_SUCCESS; // the other outputs are defined only while capturing
}

CUresult CUDAAPI cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  (void)mode;
  return p2m::cuda::notSupported("cuStreamBeginCapture", "stream capture (graphs) is not implemented yet");
}

// No stream is ever capturing, so there is no capture to end (CUDA's error for that).
CUresult CUDAAPI cuStreamEndCapture(CUstream hStream, CUgraph *phGraph) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (!phGraph)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_ILLEGAL_STATE;
}

// CUDA: the call returns at once; work still pending on the stream completes.
CUresult CUDAAPI cuStreamDestroy_v2(CUstream hStream) {
  P2M_API_ENTER();
  if (!driver.isStream(hStream))
    return CUDA_ERROR_INVALID_HANDLE;
  driver.destroyStream(hStream);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy(CUstream hStream) { return cuStreamDestroy_v2(hStream); }

// Drains the stream; a fault in its work is the context's sticky error, returned here.
CUresult CUDAAPI cuStreamSynchronize(CUstream hStream) {
  P2M_API_ENTER();
  CUctx_st *context = nullptr;
  if (CUresult r = streamContext(driver, hStream, &context))
    return r;
  if (CUresult r = driver.synchronizeStream(hStream, context))
    return r;
  return driver.checkContext(context);
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
  // The time is taken when the stream reaches the record, not now.
  auto stamp = std::make_shared<p2m::cuda::EventStamp>();
  p2m::cuda::StreamTask task;
  task.work = [stamp] {
    stamp->time = std::chrono::steady_clock::now();
    stamp->taken = true;
  };
  std::shared_ptr<p2m::cuda::StreamQueue> queue = driver.queueOf(hStream, hEvent->context);
  hEvent->task = driver.enqueue(queue, std::move(task));
  hEvent->queue = queue;
  hEvent->stamp = stamp;
  hEvent->recorded = true;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags) {
  if (flags != CU_EVENT_RECORD_DEFAULT && flags != CU_EVENT_RECORD_EXTERNAL)
    return CUDA_ERROR_INVALID_VALUE;
  return cuEventRecord(hEvent, hStream);
}

// CUDA_ERROR_NOT_READY until the stream has reached the event's last record; an event never
// recorded is complete. Never waits.
CUresult CUDAAPI cuEventQuery(CUevent hEvent) {
  P2M_API_ENTER();
  if (!driver.isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hEvent->context))
    return r;
  return eventComplete(hEvent) ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

// Drains the event's stream up to the record.
CUresult CUDAAPI cuEventSynchronize(CUevent hEvent) {
  P2M_API_ENTER();
  if (!driver.isEvent(hEvent))
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult r = driver.checkContext(hEvent->context))
    return r;
  if (std::shared_ptr<p2m::cuda::StreamQueue> queue = hEvent->queue)
    if (CUresult r = driver.drain(queue, hEvent->task))
      return r;
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
  if (!eventComplete(hStart) || !eventComplete(hEnd))
    return CUDA_ERROR_NOT_READY;
  if (!hStart->stamp->taken || !hEnd->stamp->taken)
    return CUDA_ERROR_INVALID_HANDLE; // the record was dropped (its context broke first)
  *pMilliseconds = std::chrono::duration<float, std::milli>(hEnd->stamp->time - hStart->stamp->time).count();
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

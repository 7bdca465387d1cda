// Streams, events and host functions, over the driver's asynchronous streams (each a queue
// with its own worker; docs/runtime.md): stream order, the legacy default stream's
// synchronization, cudaStreamNonBlocking, event ordering and timing are the driver's. In stream
// capture, host functions become host nodes and events carry the capture to the streams that
// wait on them.
#include "Graph.h"
#include "Runtime.h"

#include "runtime/core/Log.h"

#include <atomic>

using namespace p2m::cudart;

namespace p2m::cudart {
// Graph.cpp: the capture side of events.
void recordEventInCapture(cudaEvent_t event, CUstream stream); // `stream` is capturing
cudaError_t waitEventInCapture(CUstream stream, cudaEvent_t event, bool *handled);
void forgetEvent(cudaEvent_t event);
} // namespace p2m::cudart

namespace {

// A cudaStreamAddCallback callback as the driver calls it back: the runtime's stream handle
// and error instead of the driver's.
struct RuntimeCallback {
  cudaStreamCallback_t callback;
  cudaStream_t stream;
  void *userData;
};

void CUDA_CB callRuntimeCallback(CUstream, CUresult status, void *data) {
  std::unique_ptr<RuntimeCallback> c(static_cast<RuntimeCallback *>(data));
  c->callback(c->stream, status == CUDA_SUCCESS ? cudaSuccess : toRuntimeError(status), c->userData);
}

cudaError_t createStream(cudaStream_t *stream, unsigned flags, int priority) {
  P2M_CUDART_ENTER();
  if (!stream || (flags & ~unsigned(cudaStreamNonBlocking)))
    return record(cudaErrorInvalidValue);
  CUstream s = nullptr;
  if (cudaError_t e = fromDriver(cuStreamCreateWithPriority(&s, flags, priority)))
    return e;
  *stream = reinterpret_cast<cudaStream_t>(s);
  return cudaSuccess;
}

cudaError_t launchHostFunc(cudaStream_t stream, bool perThread, cudaHostFn_t fn, void *userData) {
  P2M_CUDART_ENTER();
  if (!fn)
    return record(cudaErrorInvalidValue);
  CUstream s = driverStream(stream, perThread);
  if (std::shared_ptr<Capture> capture = captureOf(s)) {
    auto node = std::make_unique<GraphNode>();
    node->type = cudaGraphNodeTypeHost;
    node->host = cudaHostNodeParams{fn, userData};
    return record(capture->addNode(std::move(node)));
  }
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  return fromDriver(cuLaunchHostFunc(s, fn, userData));
}

cudaError_t recordEvent(cudaEvent_t event, cudaStream_t stream, bool perThread, unsigned flags) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream, perThread);
  if (captureOf(s)) {
    recordEventInCapture(event, s);
    return cudaSuccess;
  }
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  return fromDriver(cuEventRecordWithFlags(reinterpret_cast<CUevent>(event), s, flags));
}

cudaError_t waitEvent(cudaStream_t stream, bool perThread, cudaEvent_t event, unsigned flags) {
  P2M_CUDART_ENTER();
  if (flags & ~unsigned(cudaEventWaitExternal))
    return record(cudaErrorInvalidValue);
  CUstream s = driverStream(stream, perThread);
  bool handled = false;
  if (cudaError_t e = waitEventInCapture(s, event, &handled); e != cudaSuccess || handled)
    return record(e);
  return fromDriver(cuStreamWaitEvent(s, reinterpret_cast<CUevent>(event), 0));
}

} // namespace

extern "C" {

cudaError_t CUDARTAPI cudaStreamCreate(cudaStream_t *pStream) { return createStream(pStream, cudaStreamDefault, 0); }

cudaError_t CUDARTAPI cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) {
  return createStream(pStream, flags, 0);
}

cudaError_t CUDARTAPI cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority) {
  return createStream(pStream, flags, priority);
}

cudaError_t CUDARTAPI cudaStreamDestroy(cudaStream_t stream) {
  P2M_CUDART_ENTER();
  if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread)
    return record(cudaErrorInvalidResourceHandle);
  return fromDriver(cuStreamDestroy(reinterpret_cast<CUstream>(stream)));
}

cudaError_t CUDARTAPI cudaStreamSynchronize(cudaStream_t stream) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream);
  if (cudaError_t e = checkNotCapturing(s))
    return record(e);
  return fromDriver(cuStreamSynchronize(s));
}
cudaError_t CUDARTAPI cudaStreamSynchronize_ptsz(cudaStream_t stream) {
  return cudaStreamSynchronize(stream ? stream : cudaStreamPerThread);
}

cudaError_t CUDARTAPI cudaStreamQuery(cudaStream_t stream) {
  P2M_CUDART_ENTER();
  CUstream s = driverStream(stream);
  if (cudaError_t e = checkNotCapturing(s))
    return record(e);
  return fromDriver(cuStreamQuery(s));
}
cudaError_t CUDARTAPI cudaStreamQuery_ptsz(cudaStream_t stream) {
  return cudaStreamQuery(stream ? stream : cudaStreamPerThread);
}

cudaError_t CUDARTAPI cudaStreamGetPriority(cudaStream_t hStream, int *priority) {
  P2M_CUDART_ENTER();
  return fromDriver(cuStreamGetPriority(driverStream(hStream), priority));
}
cudaError_t CUDARTAPI cudaStreamGetPriority_ptsz(cudaStream_t hStream, int *priority) {
  return cudaStreamGetPriority(hStream ? hStream : cudaStreamPerThread, priority);
}

cudaError_t CUDARTAPI cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags) {
  P2M_CUDART_ENTER();
  return fromDriver(cuStreamGetFlags(driverStream(hStream), flags));
}
cudaError_t CUDARTAPI cudaStreamGetFlags_ptsz(cudaStream_t hStream, unsigned int *flags) {
  return cudaStreamGetFlags(hStream ? hStream : cudaStreamPerThread, flags);
}

cudaError_t CUDARTAPI cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return waitEvent(stream, false, event, flags);
}
cudaError_t CUDARTAPI cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return waitEvent(stream, true, event, flags);
}

cudaError_t CUDARTAPI cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  return launchHostFunc(stream, false, fn, userData);
}
cudaError_t CUDARTAPI cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  return launchHostFunc(stream, true, fn, userData);
}

// A stream callback receives the stream and the stream's error status (cudaSuccess: the work
// before it succeeded; a sticky error otherwise).
cudaError_t CUDARTAPI cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                            unsigned int flags) {
  P2M_CUDART_ENTER();
  if (!callback || flags != 0)
    return record(cudaErrorInvalidValue);
  CUstream s = driverStream(stream);
  if (captureOf(s))
    return record(cudaErrorStreamCaptureUnsupported);
  if (cudaError_t e = checkNoImplicitCapture(s))
    return record(e);
  auto c = std::make_unique<RuntimeCallback>(RuntimeCallback{callback, stream, userData});
  CUresult r = cuStreamAddCallback(s, callRuntimeCallback, c.get(), 0);
  if (r == CUDA_ERROR_INVALID_HANDLE)
    return record(cudaErrorInvalidResourceHandle);
  if (r != CUDA_SUCCESS)
    return fromDriver(r);
  c.release(); // the callback owns it now
  return cudaSuccess;
}
cudaError_t CUDARTAPI cudaStreamAddCallback_ptsz(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                                 unsigned int flags) {
  return cudaStreamAddCallback(stream ? stream : cudaStreamPerThread, callback, userData, flags);
}

cudaError_t CUDARTAPI cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  P2M_CUDART_ENTER();
  unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~known) || ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming)))
    return record(cudaErrorInvalidValue);
  CUevent e = nullptr;
  if (cudaError_t r = fromDriver(cuEventCreate(&e, flags)))
    return r;
  *event = reinterpret_cast<cudaEvent_t>(e);
  return cudaSuccess;
}

cudaError_t CUDARTAPI cudaEventCreate(cudaEvent_t *event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }

cudaError_t CUDARTAPI cudaEventDestroy(cudaEvent_t event) {
  P2M_CUDART_ENTER();
  forgetEvent(event);
  return fromDriver(cuEventDestroy(reinterpret_cast<CUevent>(event)));
}

cudaError_t CUDARTAPI cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return recordEvent(event, stream, false, 0);
}
cudaError_t CUDARTAPI cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream) {
  return recordEvent(event, stream, true, 0);
}
cudaError_t CUDARTAPI cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  return recordEvent(event, stream, false, flags);
}
cudaError_t CUDARTAPI cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  return recordEvent(event, stream, true, flags);
}

cudaError_t CUDARTAPI cudaEventQuery(cudaEvent_t event) {
  P2M_CUDART_ENTER();
  return fromDriver(cuEventQuery(reinterpret_cast<CUevent>(event)));
}

cudaError_t CUDARTAPI cudaEventSynchronize(cudaEvent_t event) {
  P2M_CUDART_ENTER();
  return fromDriver(cuEventSynchronize(reinterpret_cast<CUevent>(event)));
}

cudaError_t CUDARTAPI cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  P2M_CUDART_ENTER();
  CUresult r = cuEventElapsedTime(ms, reinterpret_cast<CUevent>(start), reinterpret_cast<CUevent>(end));
  return fromDriver(r);
}

} // extern "C"

extern "C" {

// A stream's id is unique among the streams of the process: the address of a created stream's
// state, small numbers for the legacy stream and for each thread's per-thread stream.
cudaError_t CUDARTAPI cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId) {
  P2M_CUDART_ENTER();
  if (!streamId)
    return record(cudaErrorInvalidValue);
  static std::atomic<unsigned long long> nextPerThreadId{2};
  thread_local unsigned long long perThreadId = nextPerThreadId++;
  CUstream s = driverStream(hStream);
  if (s == nullptr || s == CU_STREAM_LEGACY) {
    *streamId = 1;
    return cudaSuccess;
  }
  if (s == CU_STREAM_PER_THREAD) {
    *streamId = perThreadId;
    return cudaSuccess;
  }
  unsigned flags = 0;
  if (cudaError_t e = fromDriver(cuStreamGetFlags(s, &flags)))
    return e;
  *streamId = reinterpret_cast<uintptr_t>(s);
  return cudaSuccess;
}
cudaError_t CUDARTAPI cudaStreamGetId_ptsz(cudaStream_t hStream, unsigned long long *streamId) {
  return cudaStreamGetId(hStream ? hStream : cudaStreamPerThread, streamId);
}

cudaError_t CUDARTAPI cudaStreamGetDevice(cudaStream_t hStream, int *device) {
  P2M_CUDART_ENTER();
  if (!device)
    return record(cudaErrorInvalidValue);
  unsigned flags = 0;
  CUstream s = driverStream(hStream);
  if (s != nullptr && s != CU_STREAM_LEGACY && s != CU_STREAM_PER_THREAD)
    if (cudaError_t e = fromDriver(cuStreamGetFlags(s, &flags)))
      return e;
  *device = 0;
  return cudaSuccess;
}
cudaError_t CUDARTAPI cudaStreamGetDevice_ptsz(cudaStream_t hStream, int *device) {
  return cudaStreamGetDevice(hStream ? hStream : cudaStreamPerThread, device);
}

// Managed memory is visible to every stream and the host at once here (nothing migrates), so
// attaching it to a stream changes nothing; the arguments are checked.
cudaError_t CUDARTAPI cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length, unsigned int flags) {
  P2M_CUDART_ENTER();
  if (!devPtr || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle))
    return record(cudaErrorInvalidValue);
  (void)length;
  unsigned streamFlags = 0;
  CUstream s = driverStream(stream);
  if (s != nullptr && s != CU_STREAM_LEGACY && s != CU_STREAM_PER_THREAD)
    if (cudaError_t e = fromDriver(cuStreamGetFlags(s, &streamFlags)))
      return e;
  return cudaSuccess;
}
cudaError_t CUDARTAPI cudaStreamAttachMemAsync_ptsz(cudaStream_t stream, void *devPtr, size_t length,
                                                    unsigned int flags) {
  return cudaStreamAttachMemAsync(stream ? stream : cudaStreamPerThread, devPtr, length, flags);
}

} // extern "C"

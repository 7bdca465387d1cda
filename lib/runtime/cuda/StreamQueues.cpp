// Asynchronous streams (Driver.h; docs/runtime.md, "Streams"): the task queues, their worker
// threads, the legacy stream's implicit synchronization, draining, the per-thread default
// streams and the teardown at library unload.
//
// Everything here runs with the API lock held. A task runs under it, except a host function
// or stream callback, which runs with the lock released (it touches no runtime state), so a
// blocked host function stops its own stream only. A wait never blocks with the lock held: it
// runs the pending tasks itself, in order, or waits on `progress_` (the lock released at
// every depth the thread holds it) for the task another thread is running. A task waits only
// for tasks enqueued before it, so the waits cannot form a cycle.
#include "Driver.h"

#include "runtime/core/Log.h"

#include <algorithm>
#include <atomic>
#include <system_error>

namespace p2m::cuda {

namespace {

thread_local unsigned apiLockDepth = 0;          // how many times this thread holds the API lock
std::atomic<unsigned> apiLockWaiters{0};         // threads blocked taking the API lock
thread_local unsigned perThreadDefaultDepth = 0; // inside a _ptds / _ptsz entry point
thread_local bool inHostTask = false;            // this thread runs a host function or callback

// Takes the API lock once, counted in apiLockWaiters while it waits (a worker between two
// tasks lets such a thread in first).
void lockCounted(std::recursive_mutex &mutex) {
  if (mutex.try_lock())
    return;
  apiLockWaiters.fetch_add(1, std::memory_order_relaxed);
  mutex.lock();
  apiLockWaiters.fetch_sub(1, std::memory_order_relaxed);
}

// The API lock released at every depth the calling thread holds it: a Lockable for the waits,
// which give it back at the same depth.
struct Released {
  std::recursive_mutex &mutex;
  unsigned depth;
  void unlock() {
    for (unsigned i = 0; i < depth; ++i)
      mutex.unlock();
  }
  void lock() {
    if (depth == 0)
      return;
    lockCounted(mutex);
    for (unsigned i = 1; i < depth; ++i)
      mutex.lock();
  }
};

// A thread that used its per-thread default stream retires it when it exits (its pending work
// still completes on the stream's worker).
struct ThreadExit {
  bool used = false;
  ~ThreadExit() {
    if (!used)
      return;
    ApiLock lock;
    Driver::get().retireThreadQueues(std::this_thread::get_id());
  }
};
thread_local ThreadExit threadExit;

// The library's teardown (process exit or dlclose): the workers stop before the process does.
struct UnloadShutdown {
  ~UnloadShutdown() { Driver::get().shutdown(); }
} unloadShutdown;

} // namespace

ApiLock::ApiLock() {
  lockCounted(Driver::get().mutex);
  ++apiLockDepth;
}

ApiLock::~ApiLock() {
  --apiLockDepth;
  Driver::get().mutex.unlock();
}

PerThreadDefaultScope::PerThreadDefaultScope() { ++perThreadDefaultDepth; }
PerThreadDefaultScope::~PerThreadDefaultScope() { --perThreadDefaultDepth; }
bool PerThreadDefaultScope::active() { return perThreadDefaultDepth != 0; }

void Driver::wait(std::condition_variable_any &cv) {
  Released released{mutex, apiLockDepth};
  cv.wait(released);
}

void Driver::waitForProgress() {
  ++progressWaiters_;
  wait(progress_);
  --progressWaiters_;
}

void Driver::notifyProgress() {
  if (progressWaiters_ != 0)
    progress_.notify_all();
}

std::shared_ptr<StreamQueue> Driver::newQueue(CUctx_st *context, bool legacy, bool blocking) {
  auto queue = std::make_shared<StreamQueue>();
  queue->context = context;
  queue->legacy = legacy;
  queue->blocking = blocking;
  queues_.push_back(queue);
  return queue;
}

std::shared_ptr<StreamQueue> Driver::legacyQueue(CUctx_st *context) {
  if (!context->legacy)
    context->legacy = newQueue(context, /*legacy=*/true, /*blocking=*/true);
  return context->legacy;
}

std::shared_ptr<StreamQueue> Driver::queueOf(CUstream stream, CUctx_st *context) {
  if (stream == CU_STREAM_PER_THREAD || (stream == nullptr && PerThreadDefaultScope::active())) {
    std::shared_ptr<StreamQueue> &slot = perThread_[{context, std::this_thread::get_id()}];
    if (!slot) {
      // CUDA: the per-thread stream is a blocking stream (it synchronizes with the legacy one).
      slot = newQueue(context, /*legacy=*/false, /*blocking=*/true);
      threadExit.used = true;
    }
    return slot;
  }
  if (stream == nullptr || stream == CU_STREAM_LEGACY)
    return legacyQueue(context);
  return stream->queue;
}

std::vector<std::pair<std::shared_ptr<StreamQueue>, uint64_t>> Driver::pendingOf(CUctx_st *context,
                                                                                bool blockingOnly) {
  std::vector<std::pair<std::shared_ptr<StreamQueue>, uint64_t>> pending;
  for (const std::shared_ptr<StreamQueue> &queue : queues_) {
    if ((context && queue->context != context) || queue->idle())
      continue;
    if (blockingOnly && (queue->legacy || !queue->blocking))
      continue;
    pending.emplace_back(queue, queue->enqueued);
  }
  return pending;
}

void Driver::startWorker(const std::shared_ptr<StreamQueue> &queue) {
  if (queue->worker.joinable() || shuttingDown_)
    return;
  try {
    queue->worker = std::thread([this, queue] { workerLoop(queue); });
  } catch (const std::system_error &e) {
    // No thread: the stream's work runs when something waits for it (every wait drains).
    runtime::logMessage(std::string("a stream's worker thread could not start: ") + e.what());
  }
}

uint64_t Driver::enqueue(const std::shared_ptr<StreamQueue> &queue, StreamTask task) {
  // The legacy stream's implicit synchronization (CUDA's "legacy default stream" semantics).
  std::vector<std::pair<std::shared_ptr<StreamQueue>, uint64_t>> waits;
  if (queue->legacy) {
    waits = pendingOf(queue->context, /*blockingOnly=*/true);
  } else if (queue->blocking && queue->context->legacy && !queue->context->legacy->idle()) {
    waits.emplace_back(queue->context->legacy, queue->context->legacy->enqueued);
  }
  if (!waits.empty()) {
    StreamTask wait;
    wait.work = [this, waits] {
      for (const auto &[other, upTo] : waits)
        (void)drain(other, upTo);
    };
    queue->tasks.push_back(std::move(wait));
    ++queue->enqueued;
  }
  queue->tasks.push_back(std::move(task));
  uint64_t number = ++queue->enqueued;
  if (shuttingDown_) {
    // The library is being unloaded: no worker runs it, so the caller does, now.
    (void)drain(queue, number);
    return number;
  }
  startWorker(queue);
  if (queue->workerWaiting)
    queue->wake.notify_one();
  return number;
}

void Driver::runFront(const std::shared_ptr<StreamQueue> &queue) {
  StreamTask task = std::move(queue->tasks.front());
  queue->tasks.pop_front();
  queue->running = true;
  CUresult status = queue->context->broken;
  if (task.host) {
    if (status == CUDA_SUCCESS || task.runsWhenBroken) {
      // A host function touches no runtime state: it runs without the lock, so that other
      // streams (and queries of this one) go on while it blocks.
      Released released{mutex, apiLockDepth};
      released.unlock();
      bool outer = inHostTask;
      inHostTask = true;
      task.host(status);
      inHostTask = outer;
      released.lock();
    }
  } else if ((status == CUDA_SUCCESS || task.runsWhenBroken) && task.work) {
    task.work();
  }
  task = StreamTask{}; // what it captured goes under the lock
  queue->running = false;
  ++queue->completed;
  if (queue->workerWaiting) // a drainer ran it: the worker goes on with the next
    queue->wake.notify_one();
  notifyProgress();
  if (queue->retired && queue->idle() && !queue->worker.joinable())
    std::erase(queues_, queue);
}

CUresult Driver::drain(const std::shared_ptr<StreamQueue> &queue, uint64_t upTo) {
  if (inHostTask)
    return CUDA_ERROR_NOT_PERMITTED; // it would wait for itself
  while (queue->completed < upTo) {
    if (!queue->running && !queue->tasks.empty())
      runFront(queue);
    else if (queue->running)
      waitForProgress();
    else
      break; // nothing left to run (upTo was past the end)
  }
  return CUDA_SUCCESS;
}

CUresult Driver::runSynchronously(CUstream stream, CUctx_st *context, StreamTask task) {
  std::shared_ptr<StreamQueue> queue = queueOf(stream, context);
  uint64_t number = enqueue(queue, std::move(task));
  if (CUresult r = drain(queue, number))
    return r;
  return checkContext(context);
}

CUresult Driver::submit(CUstream stream, CUctx_st *context, StreamTask task, bool wait) {
  if (wait)
    return runSynchronously(stream, context, std::move(task));
  enqueue(queueOf(stream, context), std::move(task));
  return CUDA_SUCCESS;
}

CUresult Driver::synchronizeStream(CUstream stream, CUctx_st *context) {
  std::shared_ptr<StreamQueue> queue = queueOf(stream, context);
  std::vector<std::pair<std::shared_ptr<StreamQueue>, uint64_t>> pending;
  pending.emplace_back(queue, queue->enqueued);
  if (queue->legacy)
    for (auto &entry : pendingOf(context, /*blockingOnly=*/true))
      pending.push_back(std::move(entry));
  for (const auto &[q, upTo] : pending)
    if (CUresult r = drain(q, upTo))
      return r;
  return CUDA_SUCCESS;
}

bool Driver::streamIdle(CUstream stream, CUctx_st *context) {
  std::shared_ptr<StreamQueue> queue = queueOf(stream, context);
  if (!queue->idle())
    return false;
  return !queue->legacy || pendingOf(context, /*blockingOnly=*/true).empty();
}

CUresult Driver::synchronizeContext(CUctx_st *context) {
  for (const auto &[queue, upTo] : pendingOf(context, /*blockingOnly=*/false))
    if (CUresult r = drain(queue, upTo))
      return r;
  return CUDA_SUCCESS;
}

CUresult Driver::synchronizeAll() { return synchronizeContext(nullptr); }

void Driver::quiesce(CUctx_st *context) {
  if (inHostTask)
    return;
  for (auto pending = pendingOf(context, false); !pending.empty(); pending = pendingOf(context, false))
    for (const auto &[queue, upTo] : pending)
      (void)drain(queue, queue->enqueued);
}

void Driver::retire(const std::shared_ptr<StreamQueue> &queue) {
  queue->retired = true;
  queue->wake.notify_all();
  if (queue->idle() && !queue->worker.joinable())
    std::erase(queues_, queue);
  collectFinished();
}

void Driver::collectFinished() {
  // A worker is put here by itself, as the last thing it does under the lock: it no longer
  // needs the lock, so joining it here cannot wait for this thread.
  for (std::thread &worker : finished_)
    worker.join();
  finished_.clear();
}

void Driver::workerLoop(std::shared_ptr<StreamQueue> queue) {
  ApiLock lock;
  while (!shuttingDown_) {
    if (!queue->running && !queue->tasks.empty()) {
      queue->workerBusy = true;
      runFront(queue);
      queue->workerBusy = false;
      // Let the threads waiting for the lock (API calls, other workers) in before the next task.
      if (apiLockWaiters.load(std::memory_order_relaxed) != 0) {
        Released released{mutex, apiLockDepth};
        released.unlock();
        std::this_thread::yield();
        released.lock();
      }
      continue;
    }
    if (queue->retired && queue->tasks.empty())
      break;
    queue->workerWaiting = true;
    wait(queue->wake);
    queue->workerWaiting = false;
  }
  // Shutdown took (joins or detached) the handle already; otherwise it is joined later.
  if (queue->worker.joinable())
    finished_.push_back(std::move(queue->worker));
  if (queue->retired && queue->idle())
    std::erase(queues_, queue);
}

void Driver::retireThreadQueues(std::thread::id thread) {
  for (auto it = perThread_.begin(); it != perThread_.end();) {
    if (it->first.second == thread) {
      retire(it->second);
      it = perThread_.erase(it);
    } else {
      ++it;
    }
  }
}

void Driver::runUnlocked(const std::function<void()> &f) {
  Released released{mutex, apiLockDepth};
  released.unlock();
  f();
  released.lock();
}

void Driver::waitForKernels() {
  while (kernelsInFlight != 0)
    waitForProgress();
}

void Driver::kernelDone() {
  --kernelsInFlight;
  notifyProgress();
}

void Driver::shutdown() {
  std::vector<std::thread> joinable;
  {
    ApiLock lock;
    shuttingDown_ = true;
    for (const std::shared_ptr<StreamQueue> &queue : queues_) {
      if (!queue->worker.joinable())
        continue;
      // A worker inside a task (a host function that has not returned) cannot be waited
      // for; it finishes that task and leaves. The others leave at once.
      if (queue->workerBusy)
        queue->worker.detach();
      else
        joinable.push_back(std::move(queue->worker));
      queue->wake.notify_all();
    }
    for (std::thread &worker : finished_)
      joinable.push_back(std::move(worker));
    finished_.clear();
    progress_.notify_all();
  }
  for (std::thread &worker : joinable)
    worker.join();
}

} // namespace p2m::cuda

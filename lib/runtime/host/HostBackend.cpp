// The host backend (see HostBackend.h): device memory is host memory, programs are shared
// objects built by ProgramCompiler, and dispatches run on worker threads, each running whole
// threadgroups with a ThreadgroupRunner.
#include "runtime/host/HostBackend.h"

#include "runtime/host/DenormalMode.h"
#include "runtime/host/FaultHandler.h"
#include "runtime/host/ProgramCompiler.h"
#include "runtime/host/ThreadgroupRunner.h"
#include "emitters/msl/support/kernel_abi.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace p2m::runtime {
namespace {

using host::KernelEntry;
using host::KernelLaunch;
using host::ThreadgroupRunner;

std::string environment(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}

std::string cpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line))
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size())
        return line.substr(colon + 2);
    }
  return "unknown CPU";
}

uint64_t physicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
}

std::string defaultCacheDirectory() {
  // Compiled kernels depend only on the MSL, the host compiler and its flags (the key says so),
  // so they may be kept apart from translations: a sanitized and a release build of one
  // checkout then share them while each translates for itself (the tests do that).
  if (std::string dir = environment("P2M_HOST_CACHE_DIR"); !dir.empty())
    return dir;
  if (std::string dir = environment("P2M_CACHE_DIR"); !dir.empty())
    return dir;
  llvm::SmallString<256> path;
  if (std::string xdg = environment("XDG_CACHE_HOME"); !xdg.empty()) {
    path = xdg;
  } else {
    path = environment("HOME");
    if (path.empty())
      path = "/tmp";
    llvm::sys::path::append(path, ".cache");
  }
  llvm::sys::path::append(path, "ptx2metal");
  return std::string(path);
}

unsigned defaultThreads() {
  if (std::string value = environment("P2M_HOST_THREADS"); !value.empty()) {
    const unsigned long n = std::strtoul(value.c_str(), nullptr, 10);
    if (n > 0 && n <= 4096)
      return unsigned(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

// A loaded shared object; dlclose'd when the last program using it goes away.
class LoadedObject {
public:
  ~LoadedObject() {
    if (handle_)
      dlclose(handle_);
  }

  static Status load(const std::string &path, const std::vector<std::string> &kernels,
                     std::shared_ptr<LoadedObject> *result) {
    auto object = std::make_shared<LoadedObject>();
    object->handle_ = dlopen(path.c_str(), RTLD_LOCAL | RTLD_NOW);
    if (!object->handle_) {
      const char *error = dlerror();
      return fail(ErrorCode::CompileFailed,
                  "host backend: cannot load " + path + ": " + (error ? error : "dlopen failed"));
    }
    using Install = unsigned (*)(const p2m_host_runtime *);
    auto install = reinterpret_cast<Install>(dlsym(object->handle_, "p2m_host_install"));
    if (!install || install(&host::hostRuntimeTable()) != P2M_HOST_ABI_VERSION)
      return fail(ErrorCode::CompileFailed,
                  "host backend: " + path + " was not built for this backend's ABI");
    for (const std::string &name : kernels) {
      const std::string symbol = "p2m_entry_" + name;
      auto entry = reinterpret_cast<KernelEntry>(dlsym(object->handle_, symbol.c_str()));
      if (!entry)
        return fail(ErrorCode::CompileFailed, "host backend: " + path + " lacks " + symbol);
      object->entries_[name] = entry;
    }
    *result = std::move(object);
    return ok();
  }

  KernelEntry entry(std::string_view name) const {
    auto found = entries_.find(std::string(name));
    return found == entries_.end() ? nullptr : found->second;
  }

private:
  void *handle_ = nullptr;
  std::unordered_map<std::string, KernelEntry> entries_;
};

class HostProgram final : public Program {
public:
  explicit HostProgram(std::shared_ptr<const LoadedObject> object) : object_(std::move(object)) {}
  bool hasKernel(std::string_view mslName) const override {
    return object_->entry(mslName) != nullptr;
  }
  KernelEntry entry(std::string_view mslName) const { return object_->entry(mslName); }

private:
  std::shared_ptr<const LoadedObject> object_;
};

class HostBackendImpl final : public HostBackend {
public:
  explicit HostBackendImpl(const HostBackendOptions &options)
      : compiler_(options.cacheDirectory.empty() ? defaultCacheDirectory()
                                                 : options.cacheDirectory,
                  options.clang),
        threads_(options.threads ? options.threads : defaultThreads()),
        flushDenormals_(options.flushDenormals.value_or(environment("P2M_HOST_DENORMALS") !=
                                                        "ieee")),
        stackMarginBytes_(options.stackMarginBytes) {
    properties_.name = "ptx2metal host (" + cpuModel() + ")";
    properties_.totalMemory = physicalMemory();
    properties_.maxThreadgroupMemory = options.maxThreadgroupMemory;
    properties_.multiprocessors = threads_;
    // A worker runs one threadgroup at a time, start to end: a "multiprocessor" holds one, and
    // a grid of no more threadgroups than workers runs all at once (dispatch below).
    properties_.maxThreadgroupsPerMultiprocessor = 1;
    properties_.maxThreadsPerMultiprocessor = properties_.maxThreadsPerThreadgroup;
    properties_.threadgroupMemoryPerMultiprocessor = options.maxThreadgroupMemory;
    properties_.coResidentGrid = true;
    properties_.target.f32Subnormals = flushDenormals_ ? F32Subnormals::Flush : F32Subnormals::Keep;
  }

  ~HostBackendImpl() override {
    pool_.reset(); // joins the workers before the runners go
    for (auto &[address, bytes] : allocations_)
      std::free(reinterpret_cast<void *>(address));
  }

  const DeviceProperties &properties() const override { return properties_; }
  HostBackendStats stats() const override {
    std::lock_guard<std::mutex> lock(programsMutex_);
    return stats_;
  }
  const std::string &cacheDirectory() const override { return compiler_.cacheDirectory(); }
  unsigned workerThreads() const override { return threads_; }
  // Dispatches share the worker pool; everything else they touch is the call's own or guarded.
  bool concurrentDispatches() const override { return true; }
  bool flushesDenormals() const override { return flushDenormals_; }

  Status allocate(uint64_t bytes, uint64_t *address) override {
    const uint64_t rounded = (std::max<uint64_t>(bytes, 1) + 255) / 256 * 256;
    void *memory = std::aligned_alloc(256, rounded);
    if (!memory)
      return fail(ErrorCode::OutOfMemory,
                  "host backend: cannot allocate " + std::to_string(bytes) + " bytes");
    std::lock_guard<std::mutex> lock(memoryMutex_);
    *address = reinterpret_cast<uint64_t>(memory);
    allocations_[*address] = std::max<uint64_t>(bytes, 1); // the bytes asked for
    return ok();
  }

  Status release(uint64_t address) override {
    std::lock_guard<std::mutex> lock(memoryMutex_);
    auto found = allocations_.find(address);
    if (found == allocations_.end())
      return fail(ErrorCode::InvalidValue, "host backend: no allocation at this address");
    std::free(reinterpret_cast<void *>(address));
    allocations_.erase(found);
    return ok();
  }

  void *hostPointer(uint64_t address) override {
    std::lock_guard<std::mutex> lock(memoryMutex_);
    for (const std::map<uint64_t, uint64_t> *ranges : {&allocations_, &registered_}) {
      auto after = ranges->upper_bound(address);
      if (after == ranges->begin())
        continue;
      const auto &[start, bytes] = *std::prev(after);
      if (address - start < bytes)
        return reinterpret_cast<void *>(address);
    }
    return nullptr;
  }

  // Kernels run on the CPU: the program's memory is reachable at its own address.
  Status registerHostMemory(void *pointer, uint64_t bytes, uint64_t *address) override {
    std::lock_guard<std::mutex> lock(memoryMutex_);
    *address = reinterpret_cast<uint64_t>(pointer);
    registered_[*address] = bytes;
    return ok();
  }

  Status unregisterHostMemory(uint64_t address) override {
    std::lock_guard<std::mutex> lock(memoryMutex_);
    if (!registered_.erase(address))
      return fail(ErrorCode::InvalidValue, "host backend: no registered host memory at this address");
    return ok();
  }

  Status compile(const CompileRequest &request, std::unique_ptr<Program> *program) override {
    std::string key;
    if (Status status = compiler_.key(request, &key))
      return status;
    {
      std::lock_guard<std::mutex> lock(programsMutex_);
      if (auto found = programs_.find(key); found != programs_.end()) {
        ++stats_.memoryCacheHits;
        *program = std::make_unique<HostProgram>(found->second);
        return ok();
      }
    }
    std::string path;
    unsigned compilerRuns = 0;
    Status status = compiler_.build(request, key, &path, &compilerRuns);
    std::shared_ptr<LoadedObject> object;
    if (!status)
      status = LoadedObject::load(path, request.kernelNames, &object);
    std::lock_guard<std::mutex> lock(programsMutex_);
    stats_.compilerRuns += compilerRuns;
    if (status)
      return status;
    if (compilerRuns == 0)
      ++stats_.diskCacheHits;
    // Another thread may have loaded the same key meanwhile: keep the first, so that one key
    // is always one program.
    auto [slot, inserted] = programs_.emplace(key, object);
    *program = std::make_unique<HostProgram>(slot->second);
    return ok();
  }

  Status dispatch(const Dispatch &d) override {
    const auto *program = dynamic_cast<const HostProgram *>(d.program);
    if (!program)
      return fail(ErrorCode::InvalidValue, "host backend: the program is not a host program");
    const KernelEntry entry = program->entry(d.mslName);
    if (!entry)
      return fail(ErrorCode::NotFound, "host backend: no kernel '" + d.mslName + "'");
    if (Status status = validate(d))
      return status;

    KernelLaunch launch;
    launch.entry = entry;
    launch.params = static_cast<const unsigned char *>(d.params);
    launch.module = reinterpret_cast<const unsigned char *>(d.moduleBuffer);
    launch.grid = d.grid;
    launch.block = d.block;
    // The launch words end buffer 0 (kernel_abi.h); the first is the dynamic shared size.
    std::memcpy(&launch.dynamicSmem, launch.params + d.paramBytes - P2M_LAUNCH_WORDS_BYTES, 4);
    launch.threadgroupBytes = d.threadgroupBytes;
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    launch.stackBytes = (size_t(d.localBytes) + stackMarginBytes_ + page - 1) / page * page;

    const uint64_t groups = uint64_t(d.grid.x) * d.grid.y * d.grid.z;
    const unsigned workers = unsigned(std::min<uint64_t>(threads_, groups));
    std::atomic<uint64_t> next{0};
    std::atomic<bool> failed{false};
    launch.cancel = &failed; // a fault or deadlock in one threadgroup stops the others
    std::mutex errorMutex;
    Status firstError;
    host::installFaultHandler(); // a wild pointer in the kernel fails the dispatch (FaultHandler.h)
    auto work = [&] {
      host::prepareSignalStack();
      host::DenormalModeScope denormals(flushDenormals_);
      std::unique_ptr<ThreadgroupRunner> runner = acquireRunner();
      for (uint64_t g; !failed.load(std::memory_order_relaxed) && (g = next++) < groups;) {
        const Dim3 group = {uint32_t(g % d.grid.x), uint32_t(g / d.grid.x % d.grid.y),
                            uint32_t(g / (uint64_t(d.grid.x) * d.grid.y))};
        if (Status status = runner->run(launch, group)) {
          // The first failure is the dispatch's; threadgroups abandoned because of it say
          // only that (their errors come after it, under the same lock).
          std::lock_guard<std::mutex> lock(errorMutex);
          if (!firstError)
            firstError = std::move(status);
          failed = true;
        }
      }
      releaseRunner(std::move(runner));
    };
    if (workers <= 1) {
      work();
    } else {
      llvm::ThreadPoolTaskGroup tasks(pool());
      for (unsigned i = 0; i < workers; ++i)
        tasks.async(work);
      tasks.wait();
    }
    return firstError ? std::move(firstError) : ok();
  }

private:
  Status validate(const Dispatch &d) const {
    const DeviceProperties &p = properties_;
    const Dim3 b = d.block, g = d.grid;
    if (b.x == 0 || b.y == 0 || b.z == 0 || g.x == 0 || g.y == 0 || g.z == 0)
      return fail(ErrorCode::InvalidValue, "host backend: a grid or block dimension is zero");
    if (g.x > p.maxGridSize.x || g.y > p.maxGridSize.y || g.z > p.maxGridSize.z)
      return fail(ErrorCode::InvalidValue, "host backend: the grid is larger than the device's");
    const uint64_t threads = uint64_t(b.x) * b.y * b.z;
    if (b.x > p.maxThreadgroupSize.x || b.y > p.maxThreadgroupSize.y ||
        b.z > p.maxThreadgroupSize.z || threads > p.maxThreadsPerThreadgroup)
      return fail(ErrorCode::OutOfResources,
                  "host backend: " + std::to_string(threads) +
                      " threads per threadgroup; the most is " +
                      std::to_string(p.maxThreadsPerThreadgroup));
    if (d.threadgroupBytes > p.maxThreadgroupMemory)
      return fail(ErrorCode::OutOfResources,
                  "host backend: " + std::to_string(d.threadgroupBytes) +
                      " bytes of threadgroup memory; the most is " +
                      std::to_string(p.maxThreadgroupMemory));
    if (!d.params || d.paramBytes < P2M_LAUNCH_WORDS_BYTES || d.paramBytes % P2M_LAUNCH_WORDS_ALIGN != 0)
      return fail(ErrorCode::InvalidValue,
                  "host backend: buffer 0 must hold the parameter block and the launch words "
                  "(kernel_abi.h: paramBytes = align" + std::to_string(P2M_LAUNCH_WORDS_ALIGN) +
                      "(param_bytes) + " + std::to_string(P2M_LAUNCH_WORDS_BYTES) + ")");
    return ok();
  }

  llvm::ThreadPoolInterface &pool() {
    std::call_once(poolOnce_, [this] {
      pool_ = std::make_unique<llvm::DefaultThreadPool>(llvm::hardware_concurrency(threads_));
    });
    return *pool_;
  }

  // Runners keep their fiber stacks mapped between dispatches.
  std::unique_ptr<ThreadgroupRunner> acquireRunner() {
    std::lock_guard<std::mutex> lock(runnersMutex_);
    if (idleRunners_.empty())
      return std::make_unique<ThreadgroupRunner>();
    std::unique_ptr<ThreadgroupRunner> runner = std::move(idleRunners_.back());
    idleRunners_.pop_back();
    return runner;
  }
  void releaseRunner(std::unique_ptr<ThreadgroupRunner> runner) {
    std::lock_guard<std::mutex> lock(runnersMutex_);
    idleRunners_.push_back(std::move(runner));
  }

  DeviceProperties properties_;
  host::ProgramCompiler compiler_;
  const unsigned threads_;
  const bool flushDenormals_;
  const uint32_t stackMarginBytes_;

  std::mutex memoryMutex_;
  std::map<uint64_t, uint64_t> allocations_; // start address → bytes asked for
  std::map<uint64_t, uint64_t> registered_;  // the program's memory (registerHostMemory): start → bytes

  mutable std::mutex programsMutex_;
  std::unordered_map<std::string, std::shared_ptr<const LoadedObject>> programs_;
  HostBackendStats stats_;

  std::mutex runnersMutex_;
  std::vector<std::unique_ptr<ThreadgroupRunner>> idleRunners_;
  std::once_flag poolOnce_;
  std::unique_ptr<llvm::DefaultThreadPool> pool_;
};

} // namespace

std::unique_ptr<HostBackend> createHostBackend(const HostBackendOptions &options) {
  return std::make_unique<HostBackendImpl>(options);
}

} // namespace p2m::runtime

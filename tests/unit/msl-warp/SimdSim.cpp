#include "SimdSim.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace p2m::mslwarp::sim {
namespace {

// A meeting point whose participants are the members still live. A round completes when the
// last live member arrives, or when a member leaves and all remaining live ones have arrived.
// A waiter reads the round's result before it can arrive at the next round, and that round
// cannot complete without it, so one result slot suffices.
struct Warp {
  std::mutex mutex;
  std::condition_variable changed;
  std::uint32_t live = 0;
  std::uint32_t arrived = 0;
  std::uint64_t round = 0;
  std::array<std::uint64_t, 32> deposits{};
  Exchange result;

  void completeLocked()
  {
    result.values = deposits;
    result.lanes = arrived;
    deposits = {};
    arrived = 0;
    ++round;
    changed.notify_all();
  }
};

struct Group {
  std::mutex mutex;
  std::condition_variable changed;
  unsigned live = 0;
  unsigned arrived = 0;
  std::uint64_t round = 0;
  std::vector<std::unique_ptr<Warp>> warps;

  void completeLocked()
  {
    arrived = 0;
    ++round;
    changed.notify_all();
  }
};

thread_local Group *tGroup = nullptr;
thread_local Warp *tWarp = nullptr;
thread_local unsigned tLane = 0;

std::atomic<unsigned> gMisuse{0};

void leave()
{
  {
    std::lock_guard<std::mutex> lock(tWarp->mutex);
    tWarp->live &= ~(1u << tLane);
    if (tWarp->arrived != 0 && tWarp->arrived == tWarp->live)
      tWarp->completeLocked();
  }
  std::lock_guard<std::mutex> lock(tGroup->mutex);
  --tGroup->live;
  if (tGroup->arrived != 0 && tGroup->arrived == tGroup->live)
    tGroup->completeLocked();
}

} // namespace

void runThreadgroup(unsigned threads, const std::function<void(unsigned)> &body,
                    const std::function<bool(unsigned)> &started)
{
  Group group;
  for (unsigned w = 0; w < (threads + 31) / 32; ++w)
    group.warps.push_back(std::make_unique<Warp>());
  std::vector<unsigned> members;
  for (unsigned t = 0; t < threads; ++t) {
    if (started && !started(t))
      continue;
    group.warps[t / 32]->live |= 1u << (t % 32);
    ++group.live;
    members.push_back(t);
  }
  std::vector<std::thread> workers;
  workers.reserve(members.size());
  for (unsigned t : members) {
    workers.emplace_back([&group, &body, t] {
      tGroup = &group;
      tWarp = group.warps[t / 32].get();
      tLane = t % 32;
      try {
        body(t);
      } catch (const std::exception &e) {
        std::fprintf(stderr, "simulated thread %u threw: %s\n", t, e.what());
        std::abort();
      }
      leave();
    });
  }
  for (std::thread &worker : workers)
    worker.join();
}

unsigned currentLane()
{
  return tLane;
}

Exchange exchange(std::uint64_t mine)
{
  Warp &warp = *tWarp;
  std::unique_lock<std::mutex> lock(warp.mutex);
  warp.deposits[tLane] = mine;
  warp.arrived |= 1u << tLane;
  if (warp.arrived == warp.live) {
    warp.completeLocked();
    return warp.result;
  }
  const std::uint64_t round = warp.round;
  warp.changed.wait(lock, [&] { return warp.round != round; });
  return warp.result;
}

void threadgroupBarrier()
{
  Group &group = *tGroup;
  std::unique_lock<std::mutex> lock(group.mutex);
  ++group.arrived;
  if (group.arrived == group.live) {
    group.completeLocked();
    return;
  }
  const std::uint64_t round = group.round;
  group.changed.wait(lock, [&] { return group.round != round; });
}

void reportMisuse()
{
  ++gMisuse;
}

unsigned misuseCount()
{
  return gMisuse.load();
}

void resetMisuse()
{
  gMisuse = 0;
}

} // namespace p2m::mslwarp::sim

// The Metal SIMD-group functions and barriers the warp helpers call, defined on the lane
// simulator (SimdSim.h) with the semantics of the host runtime contract (metal_simdgroup,
// metal_compute). Only the overloads the helpers use are defined; a helper that starts using
// another one fails to link here, which is the prompt to add it.
#include "SimdSim.h"

#include "metal_stdlib"

namespace sim = p2m::mslwarp::sim;

namespace {

// Bit i set when lane i took part and deposited a nonzero value.
ulong nonzeroLanes(const sim::Exchange &all)
{
  ulong bits = 0;
  for (uint i = 0; i < 32; ++i)
    if (((all.lanes >> i) & 1u) != 0u && all.values[i] != 0)
      bits |= 1ul << i;
  return bits;
}

template <typename T, typename Op>
T reduce(T data, Op op)
{
  const sim::Exchange all = sim::exchange(static_cast<std::uint32_t>(data));
  bool first = true;
  T result{};
  for (uint i = 0; i < 32; ++i) {
    if (((all.lanes >> i) & 1u) == 0u)
      continue;
    const T value = static_cast<T>(static_cast<std::uint32_t>(all.values[i]));
    result = first ? value : op(result, value);
    first = false;
  }
  return result;
}

} // namespace

namespace metal {

simd_vote simd_ballot(bool pred)
{
  return simd_vote(nonzeroLanes(sim::exchange(pred ? 1u : 0u)));
}

simd_vote simd_active_threads_mask()
{
  return simd_vote(sim::exchange(0).lanes);
}

bool simd_all(bool pred)
{
  const sim::Exchange all = sim::exchange(pred ? 1u : 0u);
  return nonzeroLanes(all) == all.lanes;
}

bool simd_any(bool pred)
{
  return nonzeroLanes(sim::exchange(pred ? 1u : 0u)) != 0;
}

uint simd_shuffle(uint data, ushort simd_lane_id)
{
  const sim::Exchange all = sim::exchange(data);
  if (simd_lane_id >= 32 || ((all.lanes >> simd_lane_id) & 1u) == 0u) {
    sim::reportMisuse(); // reading an inactive lane is undefined in Metal
    return 0xdeadbeefu;
  }
  return static_cast<uint>(all.values[simd_lane_id]);
}

// Integer reductions wrap (two's complement), as on the GPU.
uint simd_sum(uint data)
{
  return reduce(data, [](uint a, uint b) { return a + b; });
}
uint simd_min(uint data)
{
  return reduce(data, [](uint a, uint b) { return a < b ? a : b; });
}
uint simd_max(uint data)
{
  return reduce(data, [](uint a, uint b) { return a > b ? a : b; });
}
int simd_min(int data)
{
  return reduce(data, [](int a, int b) { return a < b ? a : b; });
}
int simd_max(int data)
{
  return reduce(data, [](int a, int b) { return a > b ? a : b; });
}
uint simd_and(uint data)
{
  return reduce(data, [](uint a, uint b) { return a & b; });
}
uint simd_or(uint data)
{
  return reduce(data, [](uint a, uint b) { return a | b; });
}
uint simd_xor(uint data)
{
  return reduce(data, [](uint a, uint b) { return a ^ b; });
}

void simdgroup_barrier(mem_flags)
{
  sim::exchange(0); // the mutex orders memory as the flags ask
}

void threadgroup_barrier(mem_flags)
{
  sim::threadgroupBarrier();
}

} // namespace metal

// warp_ops.h's P2M_HAVE_BAR_WARP_SYNC hook (Kernels.cpp): the live lanes meet.
void p2m_bar_warp_sync(uint)
{
  sim::exchange(0);
}

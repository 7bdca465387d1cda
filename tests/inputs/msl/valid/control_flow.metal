// Structured control flow as ptx2metal emits it from arbitrary PTX branches: nested loops with
// break/continue, a flag for a two-level exit, a switch, a dispatch loop for an irreducible
// region, the loop guard that keeps Metal from deleting a possibly infinite loop, and helper
// functions that take thread-space pointers and references. Also a program-scope table in the
// constant address space, a struct in thread memory and half/bfloat arithmetic.
// MSL-VERSION: 3.1 (bfloat)
// Parameter block: out (u64) at 0, n (u32) at 8, mode (u32) at 12.
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

constant float kControlFlowWeights[4] = {0.5f, 0.25f, 0.125f, 0.0625f};

struct ControlFlowState {
  uint steps;
  float acc;
};

inline void control_flow_step(thread ControlFlowState& state, float value)
{
  state.steps += 1u;
  state.acc = fma(value, kControlFlowWeights[state.steps & 3u], state.acc);
}

inline uint control_flow_sum(const thread uint* values, uint count)
{
  uint total = 0;
  for (uint i = 0; i < count; ++i)
    total += values[i];
  return total;
}

inline float length_squared_of(thread const packed_float3& v)
{
  return v.x * v.x + v.y * v.y + v.z * v.z;
}

inline void control_flow_body(constant uchar* params, constant uchar* module,
                              threadgroup uchar* smem, uint3 tid)
{
  (void)module;
  (void)smem;
  ulong out = reinterpret_cast<constant p2m_alias<ulong>*>(params + 0)->v;
  uint n = reinterpret_cast<constant p2m_alias<uint>*>(params + 8)->v;
  uint mode = reinterpret_cast<constant p2m_alias<uint>*>(params + 12)->v;
  device float* result = reinterpret_cast<device float*>(out) + tid.x;

  ControlFlowState state = {0u, 0.0f};
  bool done = false; // two-level exit from the nested loops
  for (uint i = 0; i < n && !done; ++i) {
    for (uint j = 0; j < n; ++j) {
      if (((i + j) & 1u) != 0u)
        continue;
      if (i * j > 20u) {
        done = true;
        break;
      }
      control_flow_step(state, static_cast<float>(i + j));
    }
  }

  // An irreducible region (two entries into one cycle) as a dispatch loop; the volatile guard
  // keeps a loop the compiler cannot prove finite.
  volatile bool guard = true;
  uint block = mode & 1u;
  uint visits[3] = {0u, 0u, 0u};
  while (guard) {
    if (block == 0u) {
      visits[0] += 1u;
      block = visits[0] < 3u ? 1u : 2u;
    } else if (block == 1u) {
      visits[1] += 1u;
      block = 0u;
    } else {
      visits[2] += 1u;
      break;
    }
  }

  switch (mode >> 1) {
  case 0:
    state.acc += 1.0f;
    break;
  case 1:
    state.acc *= 2.0f;
    break;
  default:
    state.acc = -state.acc;
    break;
  }

  thread uint* first = &visits[0];
  half h = static_cast<half>(state.acc);
  h = h * 0.5h + static_cast<half>(control_flow_sum(first, 3u));
  bfloat bf = static_cast<bfloat>(static_cast<float>(h));
  float3 direction = float3{1.0f, 2.0f, 2.0f};
  packed_float3 packed = direction;
  *result = static_cast<float>(bf) + length_squared_of(packed);
}

#if defined(__METAL_VERSION__)
kernel void control_flow(constant uchar* params [[buffer(0)]],
                         constant uchar* module [[buffer(1)]],
                         threadgroup uchar* smem [[threadgroup(0)]],
                         uint3 tid [[thread_position_in_threadgroup]])
{
  control_flow_body(params, module, smem, tid);
}
#endif

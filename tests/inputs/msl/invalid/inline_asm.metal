// Inline assembly has no Metal counterpart.
#include <metal_stdlib>
using namespace metal;

inline uint lane_id()
{
  uint id = 0;
  asm volatile("" : "+r"(id)); // EXPECT: inline assembly is not available in Metal [msl-asm]
  return id;
}

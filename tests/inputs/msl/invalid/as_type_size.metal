// as_type between types of different sizes: the header's static_assert, reported at the call.
#include <metal_stdlib>
using namespace metal;

inline uint widen_half(half h)
{
  return as_type<uint>(h); // EXPECT: as_type needs types of the same size
}

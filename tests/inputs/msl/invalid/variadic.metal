// A variadic helper (printf-like): Metal has no variadic functions.
#include <metal_stdlib>
using namespace metal;

inline uint count_args(uint n, ...) // EXPECT: variadic function 'count_args' [msl-variadic]
{
  return n;
}

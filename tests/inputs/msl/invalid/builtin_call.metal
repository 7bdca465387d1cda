// A Clang builtin instead of the Metal standard library's popcount.
#include <metal_stdlib>
using namespace metal;

inline uint bits(uint x)
{
  return static_cast<uint>(__builtin_popcount(x)); // EXPECT: call to compiler builtin '__builtin_popcount' [msl-undefined-function]
}

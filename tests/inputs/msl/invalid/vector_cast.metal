// float4(i4): Metal converts each element, Clang reinterprets the bits.
#include <metal_stdlib>
using namespace metal;

inline float4 to_float(int4 v)
{
  return float4(v); // EXPECT: cast from 'int4' to 'float4': Clang reinterprets the bits where Metal converts each element [msl-vector-cast]
}

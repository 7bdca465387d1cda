// A program-scope variable outside the constant address space (a .global emitted as a C++
// global instead of through the module segment table).
#include <metal_stdlib>
using namespace metal;

float gScale = 2.0f; // EXPECT: program-scope variable 'gScale' must be in the constant address space [msl-program-scope]

inline float scaled(float x)
{
  return x * gScale;
}

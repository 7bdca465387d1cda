// An indirect call (PTX call through a register) as a function pointer.
#include <metal_stdlib>
using namespace metal;

inline float twice(float x)
{
  return 2.0f * x;
}

// EXPECT: 'op' has type 'float (*)(float)': Metal has no function or member pointers [msl-function-pointer]
inline float apply(float (*op)(float), float x)
{
  return op(x); // EXPECT: call through a function pointer [msl-function-pointer]
}

inline float use_apply(float x)
{
  return apply(twice, x); // EXPECT: function 'twice' used as a value [msl-function-pointer]
}

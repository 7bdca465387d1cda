// A call to an external function (a PTX .extern .func never resolved): Metal links nothing in.
#include <metal_stdlib>
using namespace metal;

float vendor_math(float x);

inline float use_vendor(float x)
{
  return vendor_math(x); // EXPECT: call to 'vendor_math', which is neither defined in this file nor part of the Metal standard library [msl-undefined-function]
}

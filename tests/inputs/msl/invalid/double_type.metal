// A double register: Apple GPUs have no fp64 (generated code keeps binary64 in ulong bits).
#include <metal_stdlib>
using namespace metal;

inline void double_body(constant uchar* params)
{
  ulong out = *reinterpret_cast<constant ulong*>(params);
  // EXPECT: type 'double' is not available in Metal [msl-type]
  double value = static_cast<float>(out);
  *reinterpret_cast<device float*>(out) = static_cast<float>(value);
}

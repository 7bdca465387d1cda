// A double register: Apple GPUs have no fp64 (generated code keeps binary64 in ulong bits).
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

inline void double_body(constant uchar* params)
{
  ulong out = reinterpret_cast<constant p2m_alias<ulong>*>(params)->v;
  // EXPECT: type 'double' is not available in Metal [msl-type]
  double value = static_cast<float>(out);
  reinterpret_cast<device p2m_alias<float>*>(out)->v = static_cast<float>(value);
}

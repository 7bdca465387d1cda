// A PTX branch emitted as goto instead of structured control flow.
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

inline void goto_body(constant uchar* params, uint3 tid)
{
  ulong out = reinterpret_cast<constant p2m_alias<ulong>*>(params)->v;
  if (tid.x > 4u)
    // EXPECT: 'goto' is not available in Metal [msl-goto]
    goto skip;
  reinterpret_cast<device p2m_alias<uint>*>(out)[tid.x].v = tid.x;
// EXPECT: label 'skip': Metal has no goto [msl-goto]
skip:
  return;
}

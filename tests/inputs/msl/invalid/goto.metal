// A PTX branch emitted as goto instead of structured control flow.
#include <metal_stdlib>
using namespace metal;

inline void goto_body(constant uchar* params, uint3 tid)
{
  ulong out = *reinterpret_cast<constant ulong*>(params);
  if (tid.x > 4u)
    // EXPECT: 'goto' is not available in Metal [msl-goto]
    goto skip;
  reinterpret_cast<device uint*>(out)[tid.x] = tid.x;
// EXPECT: label 'skip': Metal has no goto [msl-goto]
skip:
  return;
}

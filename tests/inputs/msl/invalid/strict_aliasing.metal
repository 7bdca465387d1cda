// Type punning through pointer casts, which Apple's compiler's type-based alias analysis
// may reorder or delete; the union form is alias-safe.
#include <metal_stdlib>
using namespace metal;

template <typename T> union alias_of { T v; };

inline float pun(thread uint& word, ulong address, threadgroup uchar* smem, uint i)
{
  // EXPECT: 'float' accessed through a pointer cast from a 'uint *' [msl-strict-aliasing]
  float f = *reinterpret_cast<thread float*>(&word);
  // EXPECT: 'uint' accessed through a pointer cast from an address ('ulong') [msl-strict-aliasing]
  reinterpret_cast<device uint*>(address)[i] = 7u;
  // EXPECT: 'float4' accessed through a pointer cast from a 'threadgroup uchar *' [msl-strict-aliasing]
  float4 v = *(threadgroup float4*)(smem + 16);
  // Accepted: a union member, bytes, and taking an address without accessing it.
  float g = reinterpret_cast<device alias_of<float>*>(address)->v;
  uchar b = *reinterpret_cast<device uchar*>(address);
  device uint* p = &reinterpret_cast<device uint*>(address)[i];
  return f + v.x + g + float(b) + float(*p);
}

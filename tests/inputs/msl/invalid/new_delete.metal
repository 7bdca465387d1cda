// Dynamic allocation has no Metal counterpart.
#include <metal_stdlib>
using namespace metal;

inline uint scratch()
{
  thread uint* buffer = new uint[4]; // EXPECT: 'new' is not available in Metal [msl-new-delete]
  uint value = buffer[0];
  delete[] buffer; // EXPECT: 'delete' is not available in Metal [msl-new-delete]
  return value;
}

// Not even valid C++ against metal_stdlib: a device pointer does not convert to a thread
// pointer, exactly as in Metal (Clang's own error, reported by the check).
#include <metal_stdlib>
using namespace metal;

inline float first(device float* values)
{
  thread float* p = values; // EXPECT: cannot initialize a variable of type 'float *' with an lvalue of type 'device float *'
  return *p;
}

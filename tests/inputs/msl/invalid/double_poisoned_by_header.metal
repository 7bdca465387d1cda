// With the check, `double` is reported by the type rule (a plain host compile against
// metal_stdlib rejects it as a poisoned identifier).
#include <metal_stdlib>
using namespace metal;

inline float half_of(float x)
{
  return static_cast<float>(static_cast<double>(x) / 2.0f); // EXPECT: type 'double' is not available in Metal [msl-type]
}

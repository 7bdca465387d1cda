// MSL 3 is C++14: C++17 features are not Metal (Clang's own error, as the check parses C++14).
#include <metal_stdlib>
using namespace metal;

inline uint pick(uint x)
{
  if constexpr (sizeof(uint) == 4u) // EXPECT: constexpr if is a C++17 extension
    return x;
  else
    return 0u;
}

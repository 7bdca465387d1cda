// A recursive device function (PTX .func calling itself): Metal has no recursion.
#include <metal_stdlib>
using namespace metal;

inline uint factorial(uint n)
{
  if (n <= 1u)
    return 1u;
  return n * factorial(n - 1u); // EXPECT: 'factorial' calls itself: Metal has no recursion [msl-recursion]
}

// Mutual recursion through two device functions.
#include <metal_stdlib>
using namespace metal;

inline bool is_odd(uint n);

inline bool is_even(uint n)
{
  return n == 0u ? true : is_odd(n - 1u); // EXPECT: recursive call (is_even -> is_odd -> is_even) [msl-recursion]
}

inline bool is_odd(uint n)
{
  return n == 0u ? false : is_even(n - 1u); // EXPECT: recursive call (is_odd -> is_even -> is_odd) [msl-recursion]
}

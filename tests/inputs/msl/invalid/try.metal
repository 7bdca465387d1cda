// Exception handling has no Metal counterpart.
#include <metal_stdlib>
using namespace metal;

inline uint guarded(uint a)
{
  try { // EXPECT: 'try' is not available in Metal (no exceptions) [msl-exceptions]
    return a + 1u;
  } catch (...) {
    return 0u;
  }
}

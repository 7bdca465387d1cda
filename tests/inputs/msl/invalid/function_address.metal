// Taking a function's address (a jump table of device functions).
#include <metal_stdlib>
using namespace metal;

inline uint one()
{
  return 1u;
}

inline ulong table_entry()
{
  auto entry = &one; // EXPECT: address of function 'one' taken [msl-function-pointer]
  return entry != nullptr ? 1ul : 0ul;
}

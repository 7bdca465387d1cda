// as_type on a pointer: MSL forbids it (reinterpret_cast<ulong> is the way to get an address).
#include <metal_stdlib>
using namespace metal;

inline ulong address_of(device float* p)
{
  return as_type<ulong>(p); // EXPECT: as_type cannot reinterpret pointers [msl-as-type-pointer]
}

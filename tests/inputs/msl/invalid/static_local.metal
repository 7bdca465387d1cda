// Writable static storage: shared by all threads on the host, absent in Metal.
#include <metal_stdlib>
using namespace metal;

inline uint next_ticket()
{
  static uint counter = 0; // EXPECT: static local variable 'counter' is not const [msl-storage-class]
  return counter++;
}

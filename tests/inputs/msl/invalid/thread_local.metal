// Thread-local storage: Metal has none (every local is already per thread).
#include <metal_stdlib>
using namespace metal;

inline uint calls()
{
  static thread_local uint count = 0; // EXPECT: thread_local variable 'count': Metal has no thread-local storage [msl-storage-class]
  return ++count;
}

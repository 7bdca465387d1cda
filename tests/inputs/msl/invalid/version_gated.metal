// What MSL 3.1 and 3.2 brought is undeclared for a file made for MSL 3.0 (Apple's view).
// MSL-VERSION: 3.0
#include <metal_stdlib>
using namespace metal;

inline float newer(device float* p, float x)
{
  // EXPECT: use of undeclared identifier 'bfloat'
  bfloat narrow = bfloat(x);
  // EXPECT: use of undeclared identifier 'thread_scope_device'
  atomic_thread_fence(mem_flags::mem_device, memory_order_relaxed, thread_scope_device);
  // EXPECT: coherent(...) needs MSL 3.2 or later
  coherent(device) device float* q = p;
  return float(narrow) + q[0];
}

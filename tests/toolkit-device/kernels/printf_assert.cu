// Device printf (lowered by clang to vprintf) and assert (__assertfail): the driver checks the
// text printed and that the failed assert ends the launch with an error.
#include <cassert>
#include <cuda_runtime.h>

// PTX-DAG: .extern .func (.param .b32 func_retval0) vprintf
// PTX-DAG: .extern .func __assertfail
// PTX-DAG: {{^}}{{[[:space:]]*}}vprintf,
// PTX-DAG: {{^}}{{[[:space:]]*}}__assertfail,
extern "C" __global__ void print_values(int base) {
  if (threadIdx.x < 2)
    printf("toolkit-device printf: thread %d value %d half %.2f %s\n", (int)threadIdx.x, base + (int)threadIdx.x,
           0.5 * threadIdx.x, "ok");
}

extern "C" __global__ void assert_positive(const int *values) { assert(values[threadIdx.x] > 0); }

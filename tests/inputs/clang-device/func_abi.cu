// Device functions as clang 19 compiles them, where its PTX differs from nvcc's: structs passed
// by value whose address the callee takes (`mov.b64 %rd, f_param_0`, then ld.param through the
// register, or a generic pointer passed on), and `exit` inside a .func (an unreachable switch
// default, __builtin_unreachable, inline asm). No CUDA header: the prelude below is all it needs.
//   clang++-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O3 -S \
//     func_abi.cu -o func_abi.clang.sm_80.O3.ptx        (and -O0 for func_abi.clang.sm_80.O0.ptx)
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __noinline__ __attribute__((noinline))
#include "__clang_cuda_builtin_vars.h"

struct Table {
  float v[7];
  int n;
};

// A dynamic index into a by-value array: the callee loads through the parameter's address.
__device__ __noinline__ float rotatedSum(Table t, int k) {
  float s = 0;
  for (int i = 0; i < t.n; ++i)
    s += t.v[(i + k) % 7] * float(i + 1);
  return s;
}

__device__ __noinline__ float dot3(const float *a, const float *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The by-value copy is written, and its address (a generic pointer into the copy) passed on.
__device__ __noinline__ float scaledDot(Table t, int k) {
  t.v[k % 7] *= 2.0f;
  return dot3(&t.v[k % 5], &t.v[(k + 2) % 5]) + t.v[k % 7];
}

// out[i] = rotatedSum, out[n + i] = scaledDot, for a table built per thread (n threads).
__global__ void byval_table(const float *in, float *out) {
  int n = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + threadIdx.x;
  Table t;
  for (int j = 0; j < 7; ++j)
    t.v[j] = in[(i + j) % n];
  t.n = 3 + i % 5;
  out[i] = rotatedSum(t, i);
  out[n + i] = scaledDot(t, i);
}

// clang proves the default unreachable and ends it with exit: a thread whose code is out of
// range ends there, in the callee, and its caller writes nothing.
__device__ __noinline__ int opcode(int code, int a, int b) {
  switch (code) {
  case 0: return a + b;
  case 1: return a - b;
  case 2: return a * b;
  case 3: return a ^ b;
  case 4: return a >> (b & 31);
  default: __builtin_unreachable();
  }
}

__global__ void switch_exit(const int *codes, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = opcode(codes[i], i * 3 + 1, i % 7);
}

// exit two calls deep: neither caller runs on.
__device__ __noinline__ void leave() { asm volatile("exit;"); }
__device__ __noinline__ int maybeLeave(int x) {
  if (x % 3 == 0)
    leave();
  return x * 10;
}

__global__ void nested_exit(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = maybeLeave(i);
  out[i] = v + 1;
}

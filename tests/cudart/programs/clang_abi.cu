// Compiled by clang 19 (not nvcc), with no CUDA header: clang's own host code registers the
// kernel (__cudaRegisterFatBinary, __cudaRegisterFunction) and launches it through
// __cudaPushCallConfiguration and cudaLaunchKernel. Then the same kernel through the launch
// protocol of CUDA before 9.2 (cudaConfigureCall, cudaSetupArgument, cudaLaunch), which clang
// emits for such CUDA versions.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
typedef unsigned long size_t;
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaMalloc(void **, size_t);
extern "C" int cudaMemcpy(void *, const void *, size_t, int);
extern "C" int cudaLaunchKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t);
extern "C" int __cudaPushCallConfiguration(dim3, dim3, size_t = 0, cudaStream_t = 0);
extern "C" int __cudaPopCallConfiguration(dim3 *, dim3 *, size_t *, cudaStream_t *);
extern "C" int cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
extern "C" int cudaSetupArgument(const void *, size_t, size_t);
extern "C" int cudaLaunch(const void *);
extern "C" int printf(const char *, ...);

__global__ void square(int *p, int add) {
  unsigned i = __nvvm_read_ptx_sreg_tid_x();
  p[i] = int(i * i) + add;
}

static bool check(const int *d, int add) {
  int h[64];
  if (cudaMemcpy(h, d, sizeof h, 2 /* cudaMemcpyDeviceToHost */) != 0)
    return false;
  for (int i = 0; i < 64; ++i)
    if (h[i] != i * i + add) {
      printf("element %d is %d, expected %d\n", i, h[i], i * i + add);
      return false;
    }
  return true;
}

int main() {
  int *d;
  if (cudaMalloc((void **)&d, 64 * sizeof(int)) != 0)
    return 1;
  square<<<1, 64>>>(d, 0);
  if (!check(d, 0))
    return 1;
  int add = 5;
  if (cudaConfigureCall(dim3(1), dim3(64)) != 0 || cudaSetupArgument(&d, sizeof d, 0) != 0 ||
      cudaSetupArgument(&add, sizeof add, 8) != 0 || cudaLaunch((const void *)square) != 0 || !check(d, 5))
    return 1;
  printf("PASS\n");
  return 0;
}

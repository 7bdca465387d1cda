// Bitonic sort of each 2048-key block of unsigned keys in shared memory (1024 threads, two
// keys each).
extern "C" __global__ void bitonic_sort(const unsigned *__restrict__ in, unsigned *__restrict__ out)
{
  __shared__ unsigned keys[2048];
  const unsigned base = blockIdx.x * 2048u;
  keys[threadIdx.x] = in[base + threadIdx.x];
  keys[threadIdx.x + 1024] = in[base + threadIdx.x + 1024];
  __syncthreads();
  for (unsigned size = 2; size <= 2048; size <<= 1) {
    for (unsigned stride = size >> 1; stride > 0; stride >>= 1) {
      const unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      const bool up = ((pos & size) == 0);
      const unsigned a = keys[pos], b = keys[pos + stride];
      if ((a > b) == up) {
        keys[pos] = b;
        keys[pos + stride] = a;
      }
      __syncthreads();
    }
  }
  out[base + threadIdx.x] = keys[threadIdx.x];
  out[base + threadIdx.x + 1024] = keys[threadIdx.x + 1024];
}

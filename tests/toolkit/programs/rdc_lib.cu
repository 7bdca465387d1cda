// Separate compilation, unit 2 of 2: what rdc_main.cu uses, and a kernel of its own.
__device__ int offset = 7;

__device__ int scale(int value) { return 3 * value; }

__global__ void iota(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = i;
}

void fill(int *data, int n) { iota<<<(n + 127) / 128, 128>>>(data, n); }

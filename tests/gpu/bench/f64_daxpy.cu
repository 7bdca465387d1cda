// f64 streaming: y = a*x + y in double (Apple GPUs have no f64: measures the emulation).
extern "C" __global__ void f64_daxpy(int n, double a, const double *__restrict__ x, double *__restrict__ y)
{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

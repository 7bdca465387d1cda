// f64 compute: Horner evaluation of a degree-16 polynomial and a division per element.
extern "C" __global__ void f64_poly(int n, const double *__restrict__ x, double *__restrict__ y)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const double t = x[i];
  double p = 1.0 / 17.0;
  for (int k = 16; k > 0; --k)
    p = p * t + 1.0 / k;
  y[i] = p / (1.0 + t * t);
}

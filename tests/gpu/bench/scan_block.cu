// Inclusive prefix sum of each 1024-element block of an int array: warp scans with shuffles,
// then a scan of the warp totals (one level of a device-wide scan).
extern "C" __global__ void scan_block(const int *__restrict__ in, int *__restrict__ out)
{
  __shared__ int warp_totals[32];
  const int i = blockIdx.x * 1024 + threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int v = in[i];
  for (int o = 1; o < 32; o <<= 1) {
    const int u = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o)
      v += u;
  }
  if (lane == 31)
    warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int t = warp_totals[lane];
    for (int o = 1; o < 32; o <<= 1) {
      const int u = __shfl_up_sync(0xffffffffu, t, o);
      if (lane >= o)
        t += u;
    }
    warp_totals[lane] = t;
  }
  __syncthreads();
  if (warp > 0)
    v += warp_totals[warp - 1];
  out[i] = v;
}

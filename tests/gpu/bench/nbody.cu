// All-pairs n-body accelerations with shared-memory tiles of 256 bodies (x, y, z, mass),
// rsqrtf (compute bound).
extern "C" __global__ void nbody(int n, const float4 *__restrict__ pos, float4 *__restrict__ acc)
{
  __shared__ float4 tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 p = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int t = 0; t < n; t += 256) {
    tile[threadIdx.x] = pos[t + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < 256; ++j) {
      const float4 q = tile[j];
      const float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      const float d2 = dx * dx + dy * dy + dz * dz + 1e-3f;
      const float inv = rsqrtf(d2);
      const float s = q.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  acc[i] = make_float4(ax, ay, az, 0.0f);
}

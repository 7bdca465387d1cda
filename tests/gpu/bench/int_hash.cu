// Integer hashing (murmur3 finalizer chains and 64-bit multiplies): bit-manipulation bound.
extern "C" __global__ void int_hash(int n, const unsigned *__restrict__ in, unsigned *__restrict__ out)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned h = in[i];
  unsigned long long w = h;
#pragma unroll 4
  for (int r = 0; r < 64; ++r) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    w = (w ^ h) * 0x9E3779B97F4A7C15ull;
    h += (unsigned)(w >> 32) + __brev(h) + __clz(h | 1u);
  }
  out[i] = h ^ (unsigned)w;
}

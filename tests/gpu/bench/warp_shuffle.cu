// Shuffle-heavy warp work: per warp, 32 rounds of butterfly reductions, broadcasts, up-shifts
// and ballots over register values (no shared memory).
extern "C" __global__ void warp_shuffle(int n, const unsigned *__restrict__ in, unsigned *__restrict__ out)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x & 31u;
  unsigned v = in[i % n];
  unsigned acc = 0;
  for (int r = 0; r < 32; ++r) {
    unsigned s = v;
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_xor_sync(0xffffffffu, s, o);
    const unsigned lead = __shfl_sync(0xffffffffu, v, r & 31);
    const unsigned up = __shfl_up_sync(0xffffffffu, v, 1);
    const unsigned down = __shfl_down_sync(0xffffffffu, v, 3);
    const unsigned vote = __ballot_sync(0xffffffffu, (v ^ lead) & 1u);
    acc += s ^ (lane ? up : down) ^ __popc(vote);
    v = v * 747796405u + lead + 2891336453u;
  }
  out[i] = acc;
}

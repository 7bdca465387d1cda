// Branch-heavy integer state machine whose loop has two entries (gotos into the middle of a
// loop), so its control-flow graph is irreducible; data-dependent trip counts diverge within
// warps.
extern "C" __global__ void irreducible(int n, const unsigned *__restrict__ in, unsigned *__restrict__ out)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = in[i] | 1u, acc = 0, steps = 0;
  if (x & 2u)
    goto odd_state;
even_state:
  acc += x >> 3;
  x = x * 1664525u + 1013904223u;
  if (++steps > 200u)
    goto done;
  if ((x & 7u) == 3u)
    goto even_state;
odd_state:
  acc ^= x * 2654435761u;
  x = (x >> 1) ^ (x << 5);
  if (++steps > 200u)
    goto done;
  if (x & 0x10u)
    goto even_state;
  if ((x & 0x300u) != 0u)
    goto odd_state;
  acc += steps;
  x += 0x9e3779b9u;
  goto even_state;
done:
  out[i] = acc + x;
}

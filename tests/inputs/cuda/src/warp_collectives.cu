// Warp collectives: shuffles (idx/up/down/xor, sub-warp widths, 32- and 64-bit and float
// payloads), vote (ballot/any/all/uni), activemask, match (sm_70), redux (sm_80), and
// __syncwarp. Launch with whole warps unless a kernel says otherwise.
#include "common.h"

extern "C" __global__ void warp_shuffles(const int *in, const float *inf, const double *ind,
                                         int *out, float *outf, double *outd) {
  unsigned t = p2m_gid();
  unsigned lane = threadIdx.x & 31u;
  int v = in[t];
  float f = inf[t];
  double d = ind[t];
  int *o = out + 8 * t;
  o[0] = __shfl_sync(0xffffffffu, v, 0);                 // broadcast
  o[1] = __shfl_sync(0xffffffffu, v, (lane + 5) & 31u);   // rotate
  o[2] = __shfl_up_sync(0xffffffffu, v, 1);
  o[3] = __shfl_down_sync(0xffffffffu, v, 3);
  o[4] = __shfl_xor_sync(0xffffffffu, v, 16);
  o[5] = __shfl_sync(0xffffffffu, v, lane + 3, 8);        // width 8 segments
  o[6] = __shfl_up_sync(0xffffffffu, v, 2, 16);
  o[7] = __shfl_down_sync(0xffffffffu, v, 1, 4);
  // Butterfly reduction in float, and a 64-bit payload (two shfl per step).
  for (int off = 16; off > 0; off >>= 1) f += __shfl_xor_sync(0xffffffffu, f, off);
  outf[t] = f;
  outd[t] = __shfl_down_sync(0xffffffffu, d, 2) + (double)__shfl_sync(0xffffffffu, (long long)v << 33, 31) ;
}

extern "C" __global__ void warp_votes(const int *in, unsigned *out) {
  unsigned t = p2m_gid();
  int v = in[t];
  unsigned *o = out + 6 * t;
  o[0] = __ballot_sync(0xffffffffu, v > 0);
  o[1] = __any_sync(0xffffffffu, v == 7);
  o[2] = __all_sync(0xffffffffu, v >= 0);
  o[3] = __activemask();
  // Divergent: only lanes with odd v vote, naming exactly those lanes in the mask (computed
  // beforehand, so the result does not depend on how the hardware groups diverged lanes).
  unsigned odd = __ballot_sync(0xffffffffu, v & 1);
  unsigned partial = 0;
  if (v & 1) {
    partial = __ballot_sync(odd, v > 10);
    __syncwarp(odd);
  }
  o[4] = partial;
  o[5] = __popc(__ballot_sync(0xffffffffu, v & 2));
}

// match.any / match.all (sm_70+): lanes grouped by equal value.
extern "C" __global__ void warp_match(const int *in, const long long *in64, unsigned *out) {
  unsigned t = p2m_gid();
  int pred = 0;
  unsigned *o = out + 4 * t;
  o[0] = __match_any_sync(0xffffffffu, in[t]);
  o[1] = __match_any_sync(0xffffffffu, in64[t]);
  o[2] = __match_all_sync(0xffffffffu, in[t] & 1, &pred);
  o[3] = (unsigned)pred;
}

// redux.sync (sm_80+). On older targets the same results come from a shuffle tree, so the
// expected outputs are architecture independent.
__device__ unsigned tree_add(unsigned v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

extern "C" __global__ void warp_reduce(const unsigned *in, const int *ins, unsigned *out) {
  unsigned t = p2m_gid();
  unsigned v = in[t];
  int s = ins[t];
  unsigned *o = out + 6 * t;
#if P2M_SM80
  o[0] = __reduce_add_sync(0xffffffffu, v);
  o[1] = __reduce_min_sync(0xffffffffu, v);
  o[2] = __reduce_max_sync(0xffffffffu, v);
  o[3] = (unsigned)__reduce_min_sync(0xffffffffu, s);
  o[4] = __reduce_and_sync(0xffffffffu, v) ^ __reduce_or_sync(0xffffffffu, v);
  o[5] = __reduce_xor_sync(0xffffffffu, v);
#else
  unsigned mn = v, mx = v, a = v, orr = v, x = v;
  int smin = s;
  for (int off = 16; off > 0; off >>= 1) {
    mn = min(mn, __shfl_xor_sync(0xffffffffu, mn, off));
    mx = max(mx, __shfl_xor_sync(0xffffffffu, mx, off));
    smin = min(smin, __shfl_xor_sync(0xffffffffu, smin, off));
    a &= __shfl_xor_sync(0xffffffffu, a, off);
    orr |= __shfl_xor_sync(0xffffffffu, orr, off);
    x ^= __shfl_xor_sync(0xffffffffu, x, off);
  }
  o[0] = tree_add(v);
  o[1] = mn;
  o[2] = mx;
  o[3] = (unsigned)smin;
  o[4] = a ^ orr;
  o[5] = x;
#endif
}

// Warp-level inclusive scan with shfl.up and the predicate output of shfl in inline PTX.
extern "C" __global__ void warp_scan(const int *in, int *out, unsigned *valid) {
  unsigned t = p2m_gid();
  unsigned lane = threadIdx.x & 31u;
  int v = in[t];
  for (int off = 1; off < 32; off <<= 1) {
    int u = __shfl_up_sync(0xffffffffu, v, off);
    if (lane >= (unsigned)off) v += u;
  }
  out[t] = v;
  int r;
  unsigned p;
  asm("{\n\t.reg .pred q;\n\t"
      "shfl.sync.down.b32 %0|q, %2, 7, 0x1f, 0xffffffff;\n\t"
      "selp.u32 %1, 1, 0, q;\n\t}"
      : "=r"(r), "=r"(p)
      : "r"(v));
  valid[t] = p * 1000u + (unsigned)(r & 0xff);
}

// p2m-min-arch: 90
// Hopper (sm_90) features: thread-block clusters (__cluster_dims__ -> .reqnctapercluster,
// %cluster_ctarank, barrier.cluster, distributed shared memory through mapa and
// ld.shared::cluster), mbarrier phases with try_wait.parity, elect.sync, and the grid
// dependency controls. Launch with 2-CTA clusters.
#include "common.h"

#if defined(__NVCC__)
#define P2M_CLUSTER2 __cluster_dims__(2, 1, 1)
#else
#define P2M_CLUSTER2
#endif

__device__ __forceinline__ void cluster_sync_all() {
  asm volatile("barrier.cluster.arrive.release.aligned;\n\t"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

// Each CTA reads its neighbour's shared array through the cluster window.
extern "C" __global__ void P2M_CLUSTER2 __launch_bounds__(128, 2)
cluster_dsmem_exchange(const int *in, int *out) {
  __shared__ int slot[128];
  unsigned t = threadIdx.x, rank, nrank, cid;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(nrank));
  asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
  slot[t] = in[blockIdx.x * blockDim.x + t];
  cluster_sync_all();
  unsigned peer = (rank + 1) % nrank;
  unsigned local_addr = (unsigned)__cvta_generic_to_shared(&slot[(t + 1) & 127]);
  unsigned remote;
  int v;
  asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local_addr), "r"(peer));
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(remote) : "memory");
  cluster_sync_all();                 // keep every CTA's shared memory alive until all read
  out[blockIdx.x * blockDim.x + t] = v * 2 + (int)(cid == blockIdx.x / 2);
}

// An mbarrier used as a CTA-wide phase barrier: every thread arrives, then waits for the
// phase to flip. Two phases.
extern "C" __global__ void mbarrier_phases(const int *in, int *out) {
  __shared__ unsigned long long bar;
  __shared__ int data[128];
  unsigned t = threadIdx.x;
  unsigned bar_addr = (unsigned)__cvta_generic_to_shared(&bar);
  if (t == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar_addr), "r"(blockDim.x) : "memory");
  __syncthreads();
  for (unsigned phase = 0; phase < 2; ++phase) {
    data[t] = in[t] + (int)phase * 100;
    // The arrival state token is discarded with the `_` sink (the wait below uses parity).
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar_addr) : "memory");
    unsigned done = 0;
    while (!done) {
      asm volatile("{\n\t.reg .pred p;\n\t"
                   "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                   "selp.u32 %0, 1, 0, p;\n\t}"
                   : "=r"(done) : "r"(bar_addr), "r"(phase & 1) : "memory");
    }
    out[phase * blockDim.x + t] = data[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

// elect.sync picks one leader lane; griddepcontrol is a no-op without programmatic launch.
// The third __launch_bounds__ argument (at most 8 CTAs per cluster) becomes .maxclusterrank.
extern "C" __global__ void __launch_bounds__(256, 1, 8) elect_and_griddep(int *out) {
  unsigned leader, is_leader;
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("{\n\t.reg .pred p;\n\t"
               "elect.sync %0|p, 0xffffffff;\n\t"
               "selp.u32 %1, 1, 0, p;\n\t}"
               : "=r"(leader), "=r"(is_leader));
  out[p2m_gid()] = (int)(leader * 2 + is_leader);
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
}

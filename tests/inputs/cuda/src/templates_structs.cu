// C++ on the device: templates (mangled entry names, several instantiations), by-value struct
// kernel parameters (param blocks with padding and nested arrays), classes with member
// functions, a tiled matrix multiply, and a block-wide scan.
#include "common.h"

struct Params {
  int n;
  float scale;
  double offset;        // forces 8-byte alignment and padding after `scale`
  short taps[3];
  char tag;
};

struct Vec3 {
  float x, y, z;
  __device__ Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  __device__ Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
  __device__ float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

// By-value struct parameters: a Params and a Vec3 (12 bytes, align 4).
__global__ void struct_params(Params p, Vec3 axis, const float *in, float *out) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)p.n) return;
  float v = in[i] * p.scale + (float)p.offset;
  v += (float)(p.taps[0] + p.taps[1] * 2 + p.taps[2] * 3) + (float)p.tag;
  Vec3 w = Vec3{v, 1.0f, -v} * 0.5f + axis;
  out[i] = w.dot(axis);
}

template <typename T, int K>
__global__ void axpy_unrolled(T a, const T *x, T *y, int n) {
  unsigned base = p2m_gid() * K;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    unsigned i = base + k;
    if (i < (unsigned)n) y[i] = a * x[i] + y[i];
  }
}

template __global__ void axpy_unrolled<float, 4>(float, const float *, float *, int);
template __global__ void axpy_unrolled<double, 2>(double, const double *, double *, int);
template __global__ void axpy_unrolled<int, 1>(int, const int *, int *, int);

namespace p2m {
template <typename Op>
__global__ void apply(Op op, const int *in, int *out, int n) {
  unsigned i = p2m_gid();
  if (i < (unsigned)n) out[i] = op(in[i]);
}
struct AddK {
  int k;
  __device__ int operator()(int v) const { return v + k; }
};
struct Clamp {
  int lo, hi;
  __device__ int operator()(int v) const { return v < lo ? lo : (v > hi ? hi : v); }
};
template __global__ void apply<AddK>(AddK, const int *, int *, int);
template __global__ void apply<Clamp>(Clamp, const int *, int *, int);
}  // namespace p2m

// C = A * B for square n x n matrices, n a multiple of TILE, block TILE x TILE.
template <int TILE>
__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];    // padded against bank conflicts
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    As[threadIdx.y][threadIdx.x] = A[row * n + k0 + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = fmaf(As[threadIdx.y][k], Bs[k][threadIdx.x], acc);
    __syncthreads();
  }
  C[row * n + col] = acc;
}
template __global__ void matmul_tiled<16>(const float *, const float *, float *, int);
template __global__ void matmul_tiled<8>(const float *, const float *, float *, int);

// Block-wide inclusive scan (Hillis-Steele) in shared memory; blockDim.x <= 256. The register
// cap (nvcc's __maxnreg__, CUDA 12.4+) becomes .maxnreg.
#if defined(__NVCC__)
#define P2M_MAXNREG(n) __maxnreg__(n)
#else
#define P2M_MAXNREG(n)
#endif
__global__ void P2M_MAXNREG(40) block_scan(const int *in, int *out) {
  __shared__ int buf[2][256];
  unsigned t = threadIdx.x, g = p2m_gid();
  int cur = 0;
  buf[0][t] = in[g];
  __syncthreads();
  for (unsigned off = 1; off < blockDim.x; off <<= 1) {
    int v = buf[cur][t];
    if (t >= off) v += buf[cur][t - off];
    buf[cur ^ 1][t] = v;
    cur ^= 1;
    __syncthreads();
  }
  out[g] = buf[cur][t];
}

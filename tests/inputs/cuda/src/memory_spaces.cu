// Memory in every state space: global, static and dynamic (extern) shared, local arrays with
// dynamic indices, constant memory, module-scope __device__ variables with initializers
// (including pointers into other variables, which become generic(var) / var+offset
// initializers), generic pointers whose space is decided at run time, vector loads and stores,
// volatile accesses, and read-only loads through __ldg.
#include "common.h"

struct Pair {
  int key;
  float value;
};

__constant__ float c_coeffs[8] = {0.5f, 1.0f, 1.5f, 2.0f, -0.5f, -1.0f, 0.25f, 4.0f};
__constant__ int c_bias;                        // written by the host (cuModuleGetGlobal)
__constant__ Pair c_pairs[3] = {{1, 0.5f}, {2, 1.5f}, {3, -2.0f}};

__device__ int g_table[4][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
__device__ unsigned long long g_wide = 0x0123456789abcdefULL;
__device__ double g_scale = 0.75;
__device__ int g_counter;                       // zero-initialized
__device__ int *g_table_row2 = &g_table[2][0];  // address initializer: generic(g_table)+32
__device__ const float *g_coeff_ptr = c_coeffs + 4;
__device__ char g_message[] = "ptx2metal";

// Static shared memory, a two-phase block reversal.
extern "C" __global__ void mem_shared_static(const float *in, float *out) {
  __shared__ float tile[256];
  __shared__ int flag;
  unsigned t = threadIdx.x;
  if (t == 0) flag = 7;
  tile[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t] * (float)flag;
}

// Dynamic shared memory (sized at launch) holding two arrays of different types: n ints
// (rounded up to an even count, so the doubles stay 8-aligned) then n doubles. One block of
// n threads; dynamic size ((n + 1) & ~1) * 4 + n * 8 bytes.
extern "C" __global__ void mem_shared_dynamic(const int *in, int *out, int n) {
  extern __shared__ int dyn[];
  double *second = reinterpret_cast<double *>(dyn + ((n + 1) & ~1));
  unsigned t = threadIdx.x;
  if ((int)t < n) {
    dyn[t] = in[t];
    second[t] = (double)in[t] * 0.5;
  }
  __syncthreads();
  if ((int)t < n) out[t] = dyn[(t + 1) % n] + (int)second[n - 1 - t];
}

// A local array indexed by data: cannot be promoted to registers, lives in .local.
extern "C" __global__ void mem_local_array(const int *idx, const int *vals, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int hist[16];
  float weights[9];
  for (int k = 0; k < 16; ++k) hist[k] = 0;
  for (int k = 0; k < 9; ++k) weights[k] = (float)(k * k) * 0.5f;
  for (int k = 0; k < 8; ++k) hist[(idx[i] + k * vals[i]) & 15] += k;
  int s = 0;
  for (int k = 0; k < 16; ++k) s = s * 3 + hist[k];
  out[i] = s + (int)weights[idx[i] % 9 < 0 ? 0 : idx[i] % 9];
}

// Constant memory, module globals, and pointers initialized with addresses.
extern "C" __global__ void mem_constant_globals(const int *sel, float *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int s = sel[i] & 7;
  float v = c_coeffs[s] * (float)c_bias + c_pairs[s % 3].value * (float)c_pairs[s % 3].key;
  v += (float)g_table[s & 3][(s + 1) & 3] + (float)g_table_row2[s & 3];
  v += g_coeff_ptr[s & 3] + (float)(g_wide >> (s * 8) & 0xff) * (float)g_scale;
  v += (float)g_message[s];
  out[i] = v;
  if (i == 0) g_counter = n;       // module variable store
}

// Generic pointers: which space p points to is chosen by data, so the PTX keeps generic
// ld/st (or run-time isspacep checks).
__device__ __noinline__ float generic_sum(const float *p, int len) {
  float s = 0.0f;
  for (int k = 0; k < len; ++k) s += p[k];
  return s;
}

// One block of 64 threads.
extern "C" __global__ void mem_generic(const float *in, const int *choose, float *out, int n) {
  __shared__ float sh[64];
  float loc[8];
  unsigned t = threadIdx.x;
  for (int k = 0; k < 8; ++k) loc[k] = (float)(k + t);
  sh[t & 63] = in[t] * 2.0f;
  __syncthreads();
  const float *p;
  switch (choose[t] % 3) {
    case 0: p = in + (t & ~7u); break;
    case 1: p = sh + (t & 56u); break;
    default: p = loc; break;
  }
  out[t] = generic_sum(p, 8);
}

// Vector loads/stores (ld.global.v4.f32, v2.s32), read-only loads, volatile accesses.
extern "C" __global__ void mem_vector_ldg_volatile(const float4 *__restrict__ a, const int2 *b,
                                                   float4 *out4, int2 *out2, volatile int *vflag,
                                                   int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  float4 v = a[i];
  int2 w = b[i];
  float r = __ldg(&a[i].y) + __ldg(reinterpret_cast<const float *>(a) + (i ^ 1));
  out4[i] = make_float4(v.w + r, v.z, v.y, v.x);
  out2[i] = make_int2(w.y, w.x + __ldg(&b[i].y));
  if (i == 0) {
    vflag[0] = 1;
    vflag[1] = vflag[0] + 1;   // volatile: the reload stays
  }
}

// Byte and halfword accesses with sign/zero extension.
extern "C" __global__ void mem_narrow(const signed char *a, const unsigned short *b, int *out,
                                      unsigned char *outb, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  out[i] = (int)a[i] * 3 + (int)b[i];
  outb[i] = (unsigned char)(a[i] ^ (signed char)b[i]);
}

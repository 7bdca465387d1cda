// p2m-compilers: nvcc
// Texture and surface objects (tex, tld4, suld, sust): each kernel takes its object(s) as
// 64-bit parameters and a buffer of coordinates, and writes what it fetched. The exec suite
// (tests/exec/kernels.json, parameter kinds "texture" and "surface") builds the objects over
// arrays, linear and pitch-2D memory with given texels and modes, so that each case pins one
// of NVIDIA's rules (docs/gpu-facts.md, "Textures and surfaces"). nvcc only: clang's CUDA
// headers here (-nocudainc) do not declare the texture functions.
#include "common.h"

// tex.1d / tex.2d / tex.3d with float coordinates, four channels out.
extern "C" __global__ void tex_1d(cudaTextureObject_t t, const float *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float4>(t, c[i]);
}
extern "C" __global__ void tex_2d(cudaTextureObject_t t, const float2 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(t, c[i].x, c[i].y);
}
extern "C" __global__ void tex_3d(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float4>(t, c[i].x, c[i].y, c[i].z);
}
// Integer texels read as integers.
extern "C" __global__ void tex_2d_int(cudaTextureObject_t t, const float2 *c, int4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<int4>(t, c[i].x, c[i].y);
}
// tex1Dfetch on a linear resource, integer index.
extern "C" __global__ void tex_fetch(cudaTextureObject_t t, const int *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float4>(t, c[i]);
}
// Layered 2D (layer in .z as an integer) and cube map (direction in .xyz).
extern "C" __global__ void tex_2d_layered(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLayered<float4>(t, c[i].x, c[i].y, (int)c[i].z);
}
extern "C" __global__ void tex_cube(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = texCubemap<float4>(t, c[i].x, c[i].y, c[i].z);
}
// tld4: the four components of each coordinate.
extern "C" __global__ void tex_gather(cudaTextureObject_t t, const float2 *c, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[4 * i + 0] = tex2Dgather<float4>(t, c[i].x, c[i].y, 0);
  out[4 * i + 1] = tex2Dgather<float4>(t, c[i].x, c[i].y, 1);
  out[4 * i + 2] = tex2Dgather<float4>(t, c[i].x, c[i].y, 2);
  out[4 * i + 3] = tex2Dgather<float4>(t, c[i].x, c[i].y, 3);
}
// Surfaces: each thread reads texel (x, y) (x in bytes) with the zero and the clamp boundary
// modes, then writes 2 * value + 1 back at the same place (zero mode: out-of-range writes
// are dropped). Every thread reaches the barrier (Metal requires it of a threadgroup).
extern "C" __global__ void surf_2d_rw(cudaSurfaceObject_t s, const int2 *c, float2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool active = i < n;
  float zero = 0.0f;
  if (active) {
    zero = surf2Dread<float>(s, c[i].x, c[i].y, cudaBoundaryModeZero);
    float clamped = surf2Dread<float>(s, c[i].x, c[i].y, cudaBoundaryModeClamp);
    out[i] = make_float2(zero, clamped);
  }
  __syncthreads();
  if (active)
    surf2Dwrite(2.0f * zero + 1.0f, s, c[i].x, c[i].y, cudaBoundaryModeZero);
}

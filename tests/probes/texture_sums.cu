// How the texture unit adds up a linear filter's weighted texels (docs/gpu-facts.md, "Textures
// and surfaces"): the exact weighted sum rounded once to f32 is one or two units off where the
// terms cancel. This probe records many such sums with known weights so that a model of the
// adder can be fitted offline (tests/probes/analyse_texture_sums.py).
//
// Build and run: nvcc -arch=sm_90 -o texture_sums texture_sums.cu && ./texture_sums OUTDIR
// Writes OUTDIR/{2d,3d}.{texels,coords,results}.bin: the texels (float4, row-major, x fastest),
// each fetch's coordinates (float2 / float4 with w unused) and its result (float4). Coordinates
// are cell + 0.5 + w/256, so each dimension's weight is exactly w (0..255). Each channel holds
// another distribution of texels: x general, y near-cancelling, z mixed magnitudes, w random
// exponents.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_));             \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

__global__ void k2D(cudaTextureObject_t t, const float2 *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex2D<float4>(t, c[i].x, c[i].y);
}
__global__ void k3D(cudaTextureObject_t t, const float4 *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex3D<float4>(t, c[i].x, c[i].y, c[i].z);
}

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint32_t next() {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return uint32_t(state >> 11);
}
static float sign(float v) { return (next() & 1) ? -v : v; }

static float4 texel() {
  float4 t;
  // x: 24-bit significands over 7 binades.
  t.x = sign(ldexpf(float(next() & 0xffffff) / 16777216.0f + 1.0f, int(next() % 7) - 3));
  // y: one magnitude for all, a few low bits apart, random signs: sums cancel.
  t.y = sign(1.375f * (1.0f + float(int(next() % 64) - 32) * 0x1p-20f));
  // z: integers scaled, occasionally a large one.
  float z = float(int(next() % (1 << 20))) * 0x1p-10f;
  if (next() % 8 == 0) z = ldexpf(1.0f + float(next() % 256) / 256.0f, 10 + int(next() % 11));
  t.z = sign(z);
  // w: random exponent in [-12, 12], full significand.
  uint32_t e = uint32_t(127 - 12 + int(next() % 25));
  uint32_t bits = (e << 23) | (next() & 0x7fffff) | ((next() & 1) << 31);
  memcpy(&t.w, &bits, 4);
  return t;
}

static void write(const std::string &path, const void *p, size_t n) {
  FILE *f = fopen(path.c_str(), "wb");
  if (!f || fwrite(p, 1, n, f) != n) {
    fprintf(stderr, "cannot write %s\n", path.c_str());
    exit(1);
  }
  fclose(f);
}

static cudaTextureObject_t makeTexture(cudaArray_t a) {
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td{};
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

template <class Coord>
static void fetch(void (*kernel)(cudaTextureObject_t, const Coord *, float4 *, int),
                  cudaTextureObject_t t, const std::vector<Coord> &coords,
                  std::vector<float4> &results) {
  int n = int(coords.size());
  Coord *dc;
  float4 *dr;
  CK(cudaMalloc(&dc, n * sizeof(Coord)));
  CK(cudaMalloc(&dr, n * sizeof(float4)));
  CK(cudaMemcpy(dc, coords.data(), n * sizeof(Coord), cudaMemcpyHostToDevice));
  kernel<<<(n + 255) / 256, 256>>>(t, dc, dr, n);
  CK(cudaGetLastError());
  results.resize(n);
  CK(cudaMemcpy(results.data(), dr, n * sizeof(float4), cudaMemcpyDeviceToHost));
  CK(cudaFree(dc));
  CK(cudaFree(dr));
}

static float coord(int cell) { return float(cell) + 0.5f + float(next() % 256) / 256.0f; }

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  std::string dir = argv[1];
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float4>();

  { // 2D: 512 x 512 texels, 262144 fetches inside the texture (no clamping).
    const int w = 512, h = 512, n = 262144;
    std::vector<float4> texels(size_t(w) * h);
    for (float4 &t : texels) t = texel();
    cudaArray_t a;
    CK(cudaMallocArray(&a, &cd, w, h));
    CK(cudaMemcpy2DToArray(a, 0, 0, texels.data(), w * sizeof(float4), w * sizeof(float4), h,
                           cudaMemcpyHostToDevice));
    std::vector<float2> coords(n);
    for (float2 &c : coords) c = {coord(int(next() % (w - 1))), coord(int(next() % (h - 1)))};
    std::vector<float4> results;
    fetch(k2D, makeTexture(a), coords, results);
    write(dir + "/2d.texels.bin", texels.data(), texels.size() * sizeof(float4));
    write(dir + "/2d.coords.bin", coords.data(), coords.size() * sizeof(float2));
    write(dir + "/2d.results.bin", results.data(), results.size() * sizeof(float4));
  }
  { // 3D: 64^3 texels, 131072 fetches inside the texture.
    const int s = 64, n = 131072;
    std::vector<float4> texels(size_t(s) * s * s);
    for (float4 &t : texels) t = texel();
    cudaArray_t a;
    cudaExtent e = make_cudaExtent(s, s, s);
    CK(cudaMalloc3DArray(&a, &cd, e));
    cudaMemcpy3DParms p{};
    p.srcPtr = make_cudaPitchedPtr(texels.data(), s * sizeof(float4), s, s);
    p.dstArray = a;
    p.extent = e;
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    std::vector<float4> coords(n);
    for (float4 &c : coords)
      c = {coord(int(next() % (s - 1))), coord(int(next() % (s - 1))),
           coord(int(next() % (s - 1))), 0.0f};
    std::vector<float4> results;
    fetch(k3D, makeTexture(a), coords, results);
    write(dir + "/3d.texels.bin", texels.data(), texels.size() * sizeof(float4));
    write(dir + "/3d.coords.bin", coords.data(), coords.size() * sizeof(float4));
    write(dir + "/3d.results.bin", results.data(), results.size() * sizeof(float4));
  }
  printf("texture_sums: wrote %s/{2d,3d}.{texels,coords,results}.bin\n", dir.c_str());
  return 0;
}

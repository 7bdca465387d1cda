// Texture and surface semantics on the GPU (docs/gpu-facts.md, "Textures and surfaces"): raw
// results of texture fetches over known texels, for the MSL sampling helpers to reproduce.
// Build and run: nvcc -arch=sm_90 -o textures textures.cu && ./textures OUTDIR
// (./textures OUTDIR MODE runs one more probe in a process of its own: trap, misaligned-read
// and misaligned-write break the context; surfaces and weights were added after the first run). Every result is written as hexadecimal bit patterns; tests/probes/expected/textures/
// holds what an H100/H200 printed, and analyse_textures.py derives the rules from it.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
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

static FILE *out;
static std::string outDir;

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

// ---------------------------------------------------------------------------------------------
// Kernels: one per fetch form; coordinates in, float4 (or int4) out.
struct C4 {
  float x, y, z, w;
};

__global__ void k1D(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1D<float4>(t, c[i]);
}
__global__ void k1Di(cudaTextureObject_t t, const float *c, int4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1D<int4>(t, c[i]);
}
__global__ void k1Du(cudaTextureObject_t t, const float *c, uint4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1D<uint4>(t, c[i]);
}
__global__ void kFetch(cudaTextureObject_t t, const int *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1Dfetch<float4>(t, c[i]);
}
__global__ void k2D(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex2D<float4>(t, c[2 * i], c[2 * i + 1]);
}
__global__ void k3D(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex3D<float4>(t, c[3 * i], c[3 * i + 1], c[3 * i + 2]);
}
__global__ void k1DL(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1DLayered<float4>(t, c[2 * i], (int)c[2 * i + 1]);
}
__global__ void k2DL(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex2DLayered<float4>(t, c[3 * i], c[3 * i + 1], (int)c[3 * i + 2]);
}
__global__ void kCube(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = texCubemap<float4>(t, c[3 * i], c[3 * i + 1], c[3 * i + 2]);
}
__global__ void kCubeL(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = texCubemapLayered<float4>(t, c[4 * i], c[4 * i + 1], c[4 * i + 2], (int)c[4 * i + 3]);
}
__global__ void k2DLod(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex2DLod<float4>(t, c[3 * i], c[3 * i + 1], c[3 * i + 2]);
}
__global__ void k2DGrad(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = tex2DGrad<float4>(t, c[6 * i], c[6 * i + 1], make_float2(c[6 * i + 2], c[6 * i + 3]),
                             make_float2(c[6 * i + 4], c[6 * i + 5]));
}
__global__ void k1DLod(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = tex1DLod<float4>(t, c[2 * i], c[2 * i + 1]);
}
__global__ void kGather(cudaTextureObject_t t, const float *c, float4 *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = c[2 * i], y = c[2 * i + 1];
    o[4 * i + 0] = tex2Dgather<float4>(t, x, y, 0);
    o[4 * i + 1] = tex2Dgather<float4>(t, x, y, 1);
    o[4 * i + 2] = tex2Dgather<float4>(t, x, y, 2);
    o[4 * i + 3] = tex2Dgather<float4>(t, x, y, 3);
  }
}
// Surfaces: x in bytes.
__global__ void kSurfRead(cudaSurfaceObject_t s, const int *c, float *o, int n, int mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = -1.0f;
  if (mode == 0) v = surf2Dread<float>(s, c[2 * i], c[2 * i + 1], cudaBoundaryModeZero);
  if (mode == 1) v = surf2Dread<float>(s, c[2 * i], c[2 * i + 1], cudaBoundaryModeClamp);
  if (mode == 2) v = surf2Dread<float>(s, c[2 * i], c[2 * i + 1], cudaBoundaryModeTrap);
  o[i] = v;
}
__global__ void kSurfWrite(cudaSurfaceObject_t s, int x, int y, float v, int mode) {
  if (mode == 0) surf2Dwrite(v, s, x, y, cudaBoundaryModeZero);
  if (mode == 1) surf2Dwrite(v, s, x, y, cudaBoundaryModeClamp);
  if (mode == 2) surf2Dwrite(v, s, x, y, cudaBoundaryModeTrap);
}

// ---------------------------------------------------------------------------------------------
// Host side.
struct TexOpts {
  cudaTextureAddressMode am[3] = {cudaAddressModeClamp, cudaAddressModeClamp, cudaAddressModeClamp};
  cudaTextureFilterMode filter = cudaFilterModePoint;
  cudaTextureReadMode read = cudaReadModeElementType;
  int normalized = 0;
  int srgb = 0;
  float border[4] = {0, 0, 0, 0};
  cudaTextureFilterMode mipFilter = cudaFilterModePoint;
  float bias = 0, minLod = 0, maxLod = 0;
  unsigned maxAniso = 0;
};

static void setAm(TexOpts &o, cudaTextureAddressMode m) { o.am[0] = o.am[1] = o.am[2] = m; }

static cudaTextureObject_t makeTex(const cudaResourceDesc &r, const TexOpts &o) {
  cudaTextureDesc td{};
  for (int i = 0; i < 3; ++i) td.addressMode[i] = o.am[i];
  td.filterMode = o.filter;
  td.readMode = o.read;
  td.normalizedCoords = o.normalized;
  td.sRGB = o.srgb;
  for (int i = 0; i < 4; ++i) td.borderColor[i] = o.border[i];
  td.mipmapFilterMode = o.mipFilter;
  td.mipmapLevelBias = o.bias;
  td.minMipmapLevelClamp = o.minLod;
  td.maxMipmapLevelClamp = o.maxLod;
  td.maxAnisotropy = o.maxAniso;
  cudaTextureObject_t t;
  CK(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

static cudaResourceDesc arrayRes(cudaArray_t a) {
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}

// 1D/2D/3D array (h/d 0 for fewer dimensions) filled with `bytes`.
static cudaArray_t makeArray(cudaChannelFormatDesc cd, int w, int h, int d, unsigned flags, const void *data,
                             size_t texelBytes) {
  cudaArray_t a;
  CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(w, h, d), flags));
  cudaMemcpy3DParms p{};
  int hh = h ? h : 1, dd = d ? d : 1;
  p.srcPtr = make_cudaPitchedPtr(const_cast<void *>(data), w * texelBytes, w, hh);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, hh, dd);
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  return a;
}

template <typename K, typename C, typename O>
static std::vector<O> run(K kernel, cudaTextureObject_t t, const std::vector<C> &coords, int perItem, int outPerItem) {
  int n = (int)(coords.size() / perItem);
  C *dc;
  O *dout;
  CK(cudaMalloc(&dc, coords.size() * sizeof(C) + 16));
  CK(cudaMalloc(&dout, n * outPerItem * sizeof(O) + 16));
  CK(cudaMemcpy(dc, coords.data(), coords.size() * sizeof(C), cudaMemcpyHostToDevice));
  kernel<<<(n + 127) / 128, 128>>>(t, dc, dout, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<O> res(n * outPerItem);
  CK(cudaMemcpy(res.data(), dout, res.size() * sizeof(O), cudaMemcpyDeviceToHost));
  CK(cudaFree(dc));
  CK(cudaFree(dout));
  return res;
}

// "name c0 c1 .. : r0 r1 r2 r3" per item, coordinates as %.9g and hex.
static void dump(const char *name, const std::vector<float> &coords, int per, const std::vector<float4> &r,
                 int outPer = 1) {
  fprintf(out, "## %s\n", name);
  int n = (int)(coords.size() / per);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < per; ++k) fprintf(out, "%08x ", bits(coords[per * i + k]));
    fprintf(out, ":");
    for (int m = 0; m < outPer; ++m) {
      const float4 &v = r[outPer * i + m];
      fprintf(out, " %08x %08x %08x %08x", bits(v.x), bits(v.y), bits(v.z), bits(v.w));
    }
    fprintf(out, "\n");
  }
}

// splitmix64, as tests/exec uses.
static uint64_t rngState = 1;
static uint64_t draw() {
  uint64_t z = (rngState += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static float uniform(float lo, float hi) { return lo + (float)((draw() >> 40) * 0x1p-24) * (hi - lo); }

// ---------------------------------------------------------------------------------------------
// Probes.

// Texels are written to the output too, as "# texels" lines of hex words.
static void dumpTexels(const char *name, const void *p, size_t bytes) {
  fprintf(out, "## texels %s\n", name);
  const uint8_t *b = (const uint8_t *)p;
  for (size_t i = 0; i < bytes; ++i) fprintf(out, "%02x%s", b[i], (i % 64 == 63 || i + 1 == bytes) ? "\n" : "");
}

static void probeLinear1D() {
  // f32 1D, 4 channels: x = 0/1 step (weights), y = random, z = i, w = large random.
  const int W = 64;
  std::vector<float> tx(W * 4);
  rngState = 11;
  for (int i = 0; i < W; ++i) {
    tx[4 * i + 0] = (float)(i & 1);
    tx[4 * i + 1] = uniform(-4, 4);
    tx[4 * i + 2] = (float)i;
    tx[4 * i + 3] = uniform(-1e6f, 1e6f);
  }
  dumpTexels("linear1d_f32", tx.data(), tx.size() * 4);
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float4>(), W, 0, 0, 0, tx.data(), 16);
  TexOpts o;
  o.filter = cudaFilterModeLinear;
  cudaTextureObject_t t = makeTex(arrayRes(a), o);
  std::vector<float> c;
  for (int i = 0; i <= 2048; ++i) c.push_back(0.5f + i / 2048.0f); // weights, 1/2048 steps
  for (int i = 0; i < 512; ++i) c.push_back(uniform(0, (float)W));
  for (int i = -8; i <= 8; ++i) c.push_back(8.5f + i * 0x1p-9f); // around a texel centre
  for (int i = 0; i < 64; ++i) c.push_back(40.5f + i * 0x1p-14f);
  c.push_back(-3.0f);
  c.push_back(0.25f);
  c.push_back(63.75f);
  c.push_back(100.0f);
  auto r = run<decltype(k1D), float, float4>(k1D, t, c, 1, 1);
  dump("linear1d_f32 unnormalized", c, 1, r);
  // Normalized coordinates: x / W.
  TexOpts on = o;
  on.normalized = 1;
  cudaTextureObject_t tn = makeTex(arrayRes(a), on);
  std::vector<float> cn;
  for (int i = 0; i <= 1024; ++i) cn.push_back((0.5f + i / 1024.0f) / W);
  for (int i = 0; i < 256; ++i) cn.push_back(uniform(0, 1));
  auto rn = run<decltype(k1D), float, float4>(k1D, tn, cn, 1, 1);
  dump("linear1d_f32 normalized", cn, 1, rn);
  cudaDestroyTextureObject(t);
  cudaDestroyTextureObject(tn);
  cudaFreeArray(a);
}

static void probeLinearSmall() {
  // 8/16-bit normalized-float and half textures, 1D 4 channels, linear filter.
  const int W = 64;
  rngState = 12;
  std::vector<uint8_t> u8(W * 4);
  std::vector<int8_t> s8(W * 4);
  std::vector<uint16_t> u16(W * 4);
  std::vector<int16_t> s16(W * 4);
  std::vector<__half> h(W * 4);
  for (int i = 0; i < W * 4; ++i) {
    u8[i] = (uint8_t)draw();
    s8[i] = (int8_t)draw();
    u16[i] = (uint16_t)draw();
    s16[i] = (int16_t)draw();
    h[i] = __float2half(uniform(-8, 8));
  }
  // Channel 0 of the first texels: extremes, so weights show directly.
  u8[0] = 0, u8[4] = 255, s8[0] = -128, s8[4] = 127, u16[0] = 0, u16[4] = 65535, s16[0] = -32768, s16[4] = 32767;
  h[0] = __float2half(0.0f), h[4] = __float2half(1.0f);
  struct Kind {
    const char *name;
    cudaChannelFormatDesc cd;
    const void *data;
    size_t texel;
    cudaTextureReadMode read;
  } kinds[] = {
      {"u8", cudaCreateChannelDesc<uchar4>(), u8.data(), 4, cudaReadModeNormalizedFloat},
      {"s8", cudaCreateChannelDesc<char4>(), s8.data(), 4, cudaReadModeNormalizedFloat},
      {"u16", cudaCreateChannelDesc<ushort4>(), u16.data(), 8, cudaReadModeNormalizedFloat},
      {"s16", cudaCreateChannelDesc<short4>(), s16.data(), 8, cudaReadModeNormalizedFloat},
      {"f16", cudaCreateChannelDescHalf4(), h.data(), 8, cudaReadModeElementType},
  };
  for (auto &k : kinds) {
    std::string n = std::string("linear1d_") + k.name;
    dumpTexels(n.c_str(), k.data, W * k.texel);
    cudaArray_t a = makeArray(k.cd, W, 0, 0, 0, k.data, k.texel);
    TexOpts o;
    o.filter = cudaFilterModeLinear;
    o.read = k.read;
    cudaTextureObject_t t = makeTex(arrayRes(a), o);
    std::vector<float> c;
    for (int i = 0; i <= 512; ++i) c.push_back(0.5f + i / 512.0f);
    for (int i = 0; i < 1024; ++i) c.push_back(uniform(0, (float)W));
    auto r = run<decltype(k1D), float, float4>(k1D, t, c, 1, 1);
    dump(n.c_str(), c, 1, r);
    cudaDestroyTextureObject(t);
    cudaFreeArray(a);
  }
}

static void probeLinear2D3D() {
  rngState = 13;
  const int W = 16, H = 16, D = 8;
  std::vector<float> f(W * H * D * 4);
  std::vector<uint8_t> u8(W * H * D * 4);
  for (size_t i = 0; i < f.size(); ++i) {
    f[i] = uniform(-4, 4);
    u8[i] = (uint8_t)draw();
  }
  for (int dims = 2; dims <= 3; ++dims) {
    for (int isU8 = 0; isU8 < 2; ++isU8) {
      std::string n = std::string("linear") + (dims == 2 ? "2d" : "3d") + (isU8 ? "_u8" : "_f32");
      const void *data = isU8 ? (const void *)u8.data() : (const void *)f.data();
      size_t tb = isU8 ? 4 : 16;
      int dd = dims == 3 ? D : 0;
      dumpTexels(n.c_str(), data, W * H * (dims == 3 ? D : 1) * tb);
      cudaArray_t a = makeArray(isU8 ? cudaCreateChannelDesc<uchar4>() : cudaCreateChannelDesc<float4>(), W, H, dd,
                                0, data, tb);
      TexOpts o;
      o.filter = cudaFilterModeLinear;
      o.read = isU8 ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
      cudaTextureObject_t t = makeTex(arrayRes(a), o);
      std::vector<float> c;
      for (int i = 0; i < 1024; ++i) {
        c.push_back(uniform(0, (float)W));
        c.push_back(uniform(0, (float)H));
        if (dims == 3) c.push_back(uniform(0, (float)D));
      }
      auto r = dims == 2 ? run<decltype(k2D), float, float4>(k2D, t, c, 2, 1)
                         : run<decltype(k3D), float, float4>(k3D, t, c, 3, 1);
      dump(n.c_str(), c, dims, r);
      cudaDestroyTextureObject(t);
      cudaFreeArray(a);
    }
  }
}

static void probeConversions() {
  // Every 8-bit value and every 16-bit value, point-sampled with normalized-float reads, one
  // channel; 16-bit ones written in binary (one f32 result per texel value).
  for (int sgn = 0; sgn < 2; ++sgn) {
    for (int bytes = 1; bytes <= 2; ++bytes) {
      int count = bytes == 1 ? 256 : 65536;
      std::vector<uint8_t> data(count * bytes);
      for (int i = 0; i < count; ++i) memcpy(&data[i * bytes], &i, bytes);
      cudaChannelFormatDesc cd = cudaCreateChannelDesc(bytes * 8, 0, 0, 0, sgn ? cudaChannelFormatKindSigned
                                                                               : cudaChannelFormatKindUnsigned);
      // As a 2D array (256 wide), point sampled at texel centres.
      int w = 256, hgt = count / 256;
      cudaArray_t a = makeArray(cd, w, hgt, 0, 0, data.data(), bytes);
      TexOpts o;
      o.read = cudaReadModeNormalizedFloat;
      cudaTextureObject_t t = makeTex(arrayRes(a), o);
      std::vector<float> c;
      for (int i = 0; i < count; ++i) {
        c.push_back((i % 256) + 0.5f);
        c.push_back((i / 256) + 0.5f);
      }
      auto r = run<decltype(k2D), float, float4>(k2D, t, c, 2, 1);
      std::string name = std::string("normalized_") + (sgn ? "s" : "u") + std::to_string(bytes * 8);
      if (bytes == 1) {
        fprintf(out, "## %s (value: x y z w)\n", name.c_str());
        for (int i = 0; i < count; ++i)
          fprintf(out, "%02x: %08x %08x %08x %08x\n", i, bits(r[i].x), bits(r[i].y), bits(r[i].z), bits(r[i].w));
      } else {
        std::string path = outDir + "/" + name + ".f32.bin";
        FILE *b = fopen(path.c_str(), "wb");
        for (int i = 0; i < count; ++i) fwrite(&r[i].x, 4, 1, b);
        fclose(b);
        fprintf(out, "## %s: %s (f32 per value, little endian); y z w of value 0: %08x %08x %08x\n", name.c_str(),
                path.c_str(), bits(r[0].y), bits(r[0].z), bits(r[0].w));
      }
      cudaDestroyTextureObject(t);
      cudaFreeArray(a);
    }
  }
  // sRGB: every u8 value in all 4 channels, point and linear.
  std::vector<uint8_t> s(256 * 4);
  for (int i = 0; i < 256; ++i)
    for (int k = 0; k < 4; ++k) s[4 * i + k] = (uint8_t)i;
  cudaArray_t a = makeArray(cudaCreateChannelDesc<uchar4>(), 256, 0, 0, 0, s.data(), 4);
  TexOpts o;
  o.read = cudaReadModeNormalizedFloat;
  o.srgb = 1;
  cudaTextureObject_t t = makeTex(arrayRes(a), o);
  std::vector<float> c;
  for (int i = 0; i < 256; ++i) c.push_back(i + 0.5f);
  auto r = run<decltype(k1D), float, float4>(k1D, t, c, 1, 1);
  dump("srgb_u8 point", c, 1, r);
  o.filter = cudaFilterModeLinear;
  cudaTextureObject_t tl = makeTex(arrayRes(a), o);
  std::vector<float> cl;
  for (int i = 0; i < 512; ++i) cl.push_back(0.5f + i * 0.5f + 0.25f);
  auto rl = run<decltype(k1D), float, float4>(k1D, tl, cl, 1, 1);
  dump("srgb_u8 linear", cl, 1, rl);
  cudaDestroyTextureObject(t);
  cudaDestroyTextureObject(tl);
  cudaFreeArray(a);
  // sRGB on a signed 8-bit and a 16-bit texture (does it apply?)
  std::vector<uint16_t> s16(256);
  for (int i = 0; i < 256; ++i) s16[i] = (uint16_t)(i * 257);
  cudaArray_t a16 = makeArray(cudaCreateChannelDesc<unsigned short>(), 256, 0, 0, 0, s16.data(), 2);
  TexOpts o16;
  o16.read = cudaReadModeNormalizedFloat;
  o16.srgb = 1;
  cudaTextureObject_t t16 = makeTex(arrayRes(a16), o16);
  auto r16 = run<decltype(k1D), float, float4>(k1D, t16, c, 1, 1);
  dump("srgb_u16 point (texel i*257)", c, 1, r16);
  cudaDestroyTextureObject(t16);
  cudaFreeArray(a16);
}

static void probeAddressing() {
  // 1D f32 width 8, texel i = i + 1 (so 0 shows a border), every mode, normalized and not,
  // point and linear.
  const int W = 8;
  std::vector<float> tx(W);
  for (int i = 0; i < W; ++i) tx[i] = (float)(i + 1);
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float>(), W, 0, 0, 0, tx.data(), 4);
  const char *modeNames[] = {"wrap", "clamp", "mirror", "border"};
  for (int m = 0; m < 4; ++m)
    for (int norm = 0; norm < 2; ++norm)
      for (int lin = 0; lin < 2; ++lin) {
        TexOpts o;
        setAm(o, (cudaTextureAddressMode)m);
        o.normalized = norm;
        o.filter = lin ? cudaFilterModeLinear : cudaFilterModePoint;
        o.border[0] = 100.5f, o.border[1] = 200, o.border[2] = 300, o.border[3] = 400;
        cudaTextureObject_t t;
        cudaTextureDesc td{};
        for (int i = 0; i < 3; ++i) td.addressMode[i] = o.am[i];
        td.filterMode = o.filter;
        td.normalizedCoords = norm;
        for (int i = 0; i < 4; ++i) td.borderColor[i] = o.border[i];
        cudaResourceDesc r = arrayRes(a);
        cudaError_t e = cudaCreateTextureObject(&t, &r, &td, nullptr);
        char name[128];
        snprintf(name, sizeof name, "address %s %s %s", modeNames[m], norm ? "normalized" : "unnormalized",
                 lin ? "linear" : "point");
        if (e != cudaSuccess) {
          fprintf(out, "## %s: create %s\n", name, cudaGetErrorName(e));
          continue;
        }
        std::vector<float> c;
        for (int i = -96; i <= 96; ++i) c.push_back(norm ? i * 0.25f / W : i * 0.25f);
        c.push_back(norm ? 1e9f : 1e9f);
        c.push_back(-1e9f);
        c.push_back(NAN);
        c.push_back(INFINITY);
        c.push_back(-INFINITY);
        auto res = run<decltype(k1D), float, float4>(k1D, t, c, 1, 1);
        dump(name, c, 1, res);
        cudaDestroyTextureObject(t);
      }
  // Border colour with integer element reads and u8 normalized reads.
  {
    std::vector<int> ti(W * 4, 7);
    cudaArray_t ai = makeArray(cudaCreateChannelDesc<int4>(), W, 0, 0, 0, ti.data(), 16);
    TexOpts o;
    setAm(o, cudaAddressModeBorder);
    o.border[0] = 1.5f, o.border[1] = -2.0f, o.border[2] = 3e9f, o.border[3] = 0.25f;
    cudaTextureObject_t t = makeTex(arrayRes(ai), o);
    std::vector<float> c = {-1.0f, 4.5f, 9.0f};
    auto r = run<decltype(k1Di), float, int4>(k1Di, t, c, 1, 1);
    fprintf(out, "## border int4 element read, border (1.5 -2 3e9 0.25)\n");
    for (size_t i = 0; i < c.size(); ++i)
      fprintf(out, "%08x : %08x %08x %08x %08x\n", bits(c[i]), r[i].x, r[i].y, r[i].z, r[i].w);
    cudaDestroyTextureObject(t);
    cudaFreeArray(ai);
    std::vector<uint8_t> tu(W * 4, 51);
    cudaArray_t au = makeArray(cudaCreateChannelDesc<uchar4>(), W, 0, 0, 0, tu.data(), 4);
    o.read = cudaReadModeNormalizedFloat;
    o.border[0] = 0.3f, o.border[1] = 2.5f, o.border[2] = -1.0f, o.border[3] = 0.123456789f;
    cudaTextureObject_t tu1 = makeTex(arrayRes(au), o);
    std::vector<float> cu = {-1.0f, 4.5f, 9.0f, -0.25f, 0.25f, 7.75f, 8.25f};
    auto ru = run<decltype(k1D), float, float4>(k1D, tu1, cu, 1, 1);
    dump("border u8 normalized, border (0.3 2.5 -1 0.123456789)", cu, 1, ru);
    o.filter = cudaFilterModeLinear;
    cudaTextureObject_t tu2 = makeTex(arrayRes(au), o);
    auto ru2 = run<decltype(k1D), float, float4>(k1D, tu2, cu, 1, 1);
    dump("border u8 normalized linear, border (0.3 2.5 -1 0.123456789)", cu, 1, ru2);
    o.read = cudaReadModeElementType;
    o.filter = cudaFilterModePoint;
    o.border[0] = 1.5f, o.border[1] = 300.0f, o.border[2] = -1.0f, o.border[3] = 0.5f;
    cudaTextureObject_t tu3 = makeTex(arrayRes(au), o);
    auto ru3 = run<decltype(k1Du), float, uint4>(k1Du, tu3, cu, 1, 1);
    fprintf(out, "## border uchar4 element read, border (1.5 300 -1 0.5)\n");
    for (size_t i = 0; i < cu.size(); ++i)
      fprintf(out, "%08x : %08x %08x %08x %08x\n", bits(cu[i]), ru3[i].x, ru3[i].y, ru3[i].z, ru3[i].w);
    cudaDestroyTextureObject(tu1);
    cudaDestroyTextureObject(tu2);
    cudaDestroyTextureObject(tu3);
    cudaFreeArray(au);
  }
  // 2D: per-dimension modes (wrap x, border y), normalized.
  {
    std::vector<float> t2(W * W);
    for (int i = 0; i < W * W; ++i) t2[i] = (float)(i + 1);
    cudaArray_t a2 = makeArray(cudaCreateChannelDesc<float>(), W, W, 0, 0, t2.data(), 4);
    TexOpts o;
    o.am[0] = cudaAddressModeWrap;
    o.am[1] = cudaAddressModeMirror;
    o.normalized = 1;
    cudaTextureObject_t t = makeTex(arrayRes(a2), o);
    std::vector<float> c;
    for (int i = -20; i <= 20; i += 3)
      for (int j = -20; j <= 20; j += 3) {
        c.push_back(i / 8.0f + 0.01f);
        c.push_back(j / 8.0f + 0.01f);
      }
    auto r = run<decltype(k2D), float, float4>(k2D, t, c, 2, 1);
    dump("address2d wrap x mirror y normalized point", c, 2, r);
    cudaDestroyTextureObject(t);
    cudaFreeArray(a2);
  }
  cudaFreeArray(a);
  // Linear (tex1Dfetch) out of range, and a linear u8 resource read normalized.
  {
    const int N = 16;
    std::vector<float> lv(N * 4);
    for (int i = 0; i < N * 4; ++i) lv[i] = (float)(i + 1);
    float *d;
    CK(cudaMalloc(&d, N * 16));
    CK(cudaMemcpy(d, lv.data(), N * 16, cudaMemcpyHostToDevice));
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = d;
    r.res.linear.desc = cudaCreateChannelDesc<float4>();
    r.res.linear.sizeInBytes = N * 16;
    TexOpts o;
    cudaTextureObject_t t = makeTex(r, o);
    std::vector<int> c = {0, 1, 15, 16, 17, -1, 1000000, -1000000};
    auto res = run<decltype(kFetch), int, float4>(kFetch, t, c, 1, 1);
    fprintf(out, "## fetch linear f32x4 N=16\n");
    for (size_t i = 0; i < c.size(); ++i)
      fprintf(out, "%d : %08x %08x %08x %08x\n", c[i], bits(res[i].x), bits(res[i].y), bits(res[i].z),
              bits(res[i].w));
    cudaDestroyTextureObject(t);
    CK(cudaFree(d));
  }
}

static void probeCube() {
  const int W = 4;
  // Face f texel (x, y) = f*100 + y*W + x, one f32 channel.
  std::vector<float> tx(6 * W * W);
  for (int f = 0; f < 6; ++f)
    for (int i = 0; i < W * W; ++i) tx[f * W * W + i] = (float)(f * 100 + i);
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float>(), W, W, 6, cudaArrayCubemap, tx.data(), 4);
  TexOpts o;
  o.normalized = 1;
  cudaTextureObject_t t = makeTex(arrayRes(a), o);
  std::vector<float> c;
  float axes[] = {1, -1};
  for (float s : axes) {
    // Along each axis, and a grid over each face.
    for (int ax = 0; ax < 3; ++ax)
      for (int i = -3; i <= 3; ++i)
        for (int j = -3; j <= 3; ++j) {
          float v[3];
          v[ax] = s;
          v[(ax + 1) % 3] = i * 0.3f;
          v[(ax + 2) % 3] = j * 0.3f;
          c.insert(c.end(), v, v + 3);
        }
  }
  // Ties between major axes.
  float ties[][3] = {{1, 1, 0}, {1, -1, 0}, {-1, 1, 0}, {-1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {-1, 0, 1},
                     {-1, 0, -1}, {0, 1, 1}, {0, 1, -1}, {0, -1, 1}, {0, -1, -1}, {1, 1, 1}, {-1, -1, -1},
                     {1, -1, 1}, {-1, 1, -1}, {0, 0, 0}, {2, 0.5f, 0.5f}, {0.5f, 2, 0.5f}, {0.5f, 0.5f, 2}};
  for (auto &v : ties) c.insert(c.end(), v, v + 3);
  rngState = 14;
  for (int i = 0; i < 300; ++i) {
    c.push_back(uniform(-2, 2));
    c.push_back(uniform(-2, 2));
    c.push_back(uniform(-2, 2));
  }
  auto r = run<decltype(kCube), float, float4>(kCube, t, c, 3, 1);
  dump("cube 4x4 point, texel = face*100 + y*4 + x", c, 3, r);
  // Linear filtering on a cube face edge.
  TexOpts ol = o;
  ol.filter = cudaFilterModeLinear;
  cudaTextureObject_t tl = makeTex(arrayRes(a), ol);
  std::vector<float> cl;
  for (int i = 0; i < 200; ++i) {
    cl.push_back(uniform(-2, 2));
    cl.push_back(uniform(-2, 2));
    cl.push_back(uniform(-2, 2));
  }
  auto rl = run<decltype(kCube), float, float4>(kCube, tl, cl, 3, 1);
  dump("cube 4x4 linear", cl, 3, rl);
  cudaDestroyTextureObject(t);
  cudaDestroyTextureObject(tl);
  cudaFreeArray(a);
  // Layered cube: 2 layers, texel += layer*1000.
  std::vector<float> tl2(12 * W * W);
  for (int l = 0; l < 2; ++l)
    for (int f = 0; f < 6; ++f)
      for (int i = 0; i < W * W; ++i) tl2[(l * 6 + f) * W * W + i] = (float)(l * 1000 + f * 100 + i);
  cudaArray_t al = makeArray(cudaCreateChannelDesc<float>(), W, W, 12, cudaArrayCubemap | cudaArrayLayered,
                             tl2.data(), 4);
  cudaTextureObject_t tcl = makeTex(arrayRes(al), o);
  std::vector<float> cc = {1, 0.1f, 0.2f, 0, 1, 0.1f, 0.2f, 1, -0.3f, 1, 0.1f, 2, 0.1f, 0.2f, -1, 5, 0.3f, -1, 0.2f, -1};
  auto rc = run<decltype(kCubeL), float, float4>(kCubeL, tcl, cc, 4, 1);
  dump("cube layered 2 layers, texel = layer*1000 + face*100 + y*4 + x", cc, 4, rc);
  cudaDestroyTextureObject(tcl);
  cudaFreeArray(al);
}

static void probeLayered() {
  const int W = 4, L = 3;
  std::vector<float> tx(W * W * L);
  for (int i = 0; i < W * W * L; ++i) tx[i] = (float)i;
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float>(), W, W, L, cudaArrayLayered, tx.data(), 4);
  TexOpts o;
  o.filter = cudaFilterModeLinear;
  cudaTextureObject_t t = makeTex(arrayRes(a), o);
  std::vector<float> c;
  for (int l = -2; l <= 5; ++l) {
    c.push_back(1.7f);
    c.push_back(2.2f);
    c.push_back((float)l);
  }
  c.push_back(1.5f), c.push_back(1.5f), c.push_back(1000.0f);
  c.push_back(1.5f), c.push_back(1.5f), c.push_back(-1000.0f);
  auto r = run<decltype(k2DL), float, float4>(k2DL, t, c, 3, 1);
  dump("layered2d 4x4x3 linear texel = layer*16 + y*4 + x (layer as int)", c, 3, r);
  cudaDestroyTextureObject(t);
  cudaFreeArray(a);
  std::vector<float> t1(W * L);
  for (int i = 0; i < W * L; ++i) t1[i] = (float)i;
  cudaArray_t a1 = makeArray(cudaCreateChannelDesc<float>(), W, 0, L, cudaArrayLayered, t1.data(), 4);
  cudaTextureObject_t tt = makeTex(arrayRes(a1), o);
  std::vector<float> c1;
  for (int l = -2; l <= 5; ++l) {
    c1.push_back(1.7f);
    c1.push_back((float)l);
  }
  auto r1 = run<decltype(k1DL), float, float4>(k1DL, tt, c1, 2, 1);
  dump("layered1d 4x3 linear texel = layer*4 + x", c1, 2, r1);
  cudaDestroyTextureObject(tt);
  cudaFreeArray(a1);
}

static void probeGather() {
  const int W = 4;
  std::vector<float> tx(W * W * 4);
  for (int y = 0; y < W; ++y)
    for (int x = 0; x < W; ++x)
      for (int k = 0; k < 4; ++k) tx[(y * W + x) * 4 + k] = (float)(k * 100 + y * 10 + x);
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float4>(), W, W, 0, 0, tx.data(), 16);
  TexOpts o;
  cudaTextureObject_t t = makeTex(arrayRes(a), o);
  std::vector<float> c = {2.0f, 2.0f, 1.6f, 2.4f, 0.0f, 0.0f, 4.0f, 4.0f, 2.5f, 2.5f, 1.0f, 3.0f, 2.99f, 1.01f};
  auto r = run<decltype(kGather), float, float4>(kGather, t, c, 2, 4);
  dump("gather 4x4 float4 texel.k = k*100 + y*10 + x; per coordinate comp 0..3", c, 2, r, 4);
  o.normalized = 1;
  setAm(o, cudaAddressModeWrap);
  cudaTextureObject_t tw = makeTex(arrayRes(a), o);
  std::vector<float> cw = {0.0f, 0.0f, 0.5f, 0.5f, 1.0f, 0.0f};
  auto rw = run<decltype(kGather), float, float4>(kGather, tw, cw, 2, 4);
  dump("gather normalized wrap", cw, 2, rw, 4);
  cudaDestroyTextureObject(t);
  cudaDestroyTextureObject(tw);
  cudaFreeArray(a);
  // u8 normalized gather.
  std::vector<uint8_t> tu(W * W * 4);
  for (int i = 0; i < W * W * 4; ++i) tu[i] = (uint8_t)(i * 7);
  cudaArray_t au = makeArray(cudaCreateChannelDesc<uchar4>(), W, W, 0, 0, tu.data(), 4);
  TexOpts ou;
  ou.read = cudaReadModeNormalizedFloat;
  cudaTextureObject_t tu1 = makeTex(arrayRes(au), ou);
  std::vector<float> cu = {2.0f, 2.0f, 1.3f, 3.2f};
  auto ru = run<decltype(kGather), float, float4>(kGather, tu1, cu, 2, 4);
  dump("gather u8 normalized texel byte i = i*7", cu, 2, ru, 4);
  cudaDestroyTextureObject(tu1);
  cudaFreeArray(au);
}

static void probeMip() {
  // 2D 64x64 mipmapped, 7 levels; level L's texels are L + (y*w + x) / 4096 in .x, L in .y.
  const int W = 64, LV = 7;
  cudaMipmappedArray_t m;
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float2>();
  CK(cudaMallocMipmappedArray(&m, &cd, make_cudaExtent(W, W, 0), LV, 0));
  for (int l = 0; l < LV; ++l) {
    cudaArray_t lv;
    CK(cudaGetMipmappedArrayLevel(&lv, m, l));
    int w = W >> l;
    std::vector<float> d(w * w * 2);
    for (int i = 0; i < w * w; ++i) {
      d[2 * i] = l + i / 4096.0f;
      d[2 * i + 1] = (float)l;
    }
    CK(cudaMemcpy2DToArray(lv, 0, 0, d.data(), w * 8, w * 8, w, cudaMemcpyHostToDevice));
  }
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeMipmappedArray;
  r.res.mipmap.mipmap = m;
  for (int mf = 0; mf < 2; ++mf) {
    TexOpts o;
    o.normalized = 1;
    o.mipFilter = mf ? cudaFilterModeLinear : cudaFilterModePoint;
    o.maxLod = 100;
    cudaTextureObject_t t = makeTex(r, o);
    std::vector<float> c;
    for (int i = -64; i <= 8 * 64; ++i) {
      c.push_back(0.5f);
      c.push_back(0.5f);
      c.push_back(i / 64.0f);
    }
    auto res = run<decltype(k2DLod), float, float4>(k2DLod, t, c, 3, 1);
    dump(mf ? "mip lod, mip filter linear" : "mip lod, mip filter point", c, 3, res);
    std::vector<float> g;
    // Gradients along x only, along both, anisotropic, in normalized units.
    for (int i = 0; i <= 160; ++i) {
      float gx = exp2f(-7.0f + i / 16.0f);
      float sets[][4] = {{gx, 0, 0, 0}, {0, 0, 0, gx}, {gx, 0, 0, gx * 0.5f}, {gx, gx, 0, 0}, {gx * 0.6f, 0, 0, gx}};
      for (auto &s : sets) {
        g.push_back(0.5f);
        g.push_back(0.5f);
        g.insert(g.end(), s, s + 4);
      }
    }
    auto rg = run<decltype(k2DGrad), float, float4>(k2DGrad, t, g, 6, 1);
    dump(mf ? "mip grad, mip filter linear" : "mip grad, mip filter point", g, 6, rg);
    cudaDestroyTextureObject(t);
  }
  // Bias and clamps.
  {
    TexOpts o;
    o.normalized = 1;
    o.mipFilter = cudaFilterModeLinear;
    o.bias = 1.25f;
    o.minLod = 0.5f;
    o.maxLod = 3.5f;
    cudaTextureObject_t t = makeTex(r, o);
    std::vector<float> c;
    for (int i = -2 * 16; i <= 6 * 16; ++i) {
      c.push_back(0.5f);
      c.push_back(0.5f);
      c.push_back(i / 16.0f);
    }
    auto res = run<decltype(k2DLod), float, float4>(k2DLod, t, c, 3, 1);
    dump("mip lod bias 1.25 min 0.5 max 3.5 linear", c, 3, res);
    std::vector<float> g;
    for (int i = 0; i <= 100; ++i) {
      float gx = exp2f(-7.0f + i / 12.0f);
      g.push_back(0.5f), g.push_back(0.5f), g.push_back(gx), g.push_back(0), g.push_back(0), g.push_back(0);
    }
    auto rg = run<decltype(k2DGrad), float, float4>(k2DGrad, t, g, 6, 1);
    dump("mip grad bias 1.25 min 0.5 max 3.5 linear", g, 6, rg);
    cudaDestroyTextureObject(t);
  }
  // Anisotropy 16 with grad.
  {
    TexOpts o;
    o.normalized = 1;
    o.mipFilter = cudaFilterModePoint;
    o.maxLod = 100;
    o.maxAniso = 16;
    cudaTextureObject_t t = makeTex(r, o);
    std::vector<float> g;
    for (int i = 0; i <= 80; ++i) {
      float gx = exp2f(-7.0f + i / 8.0f);
      g.push_back(0.5f), g.push_back(0.5f), g.push_back(gx), g.push_back(0), g.push_back(0), g.push_back(gx / 8);
    }
    auto rg = run<decltype(k2DGrad), float, float4>(k2DGrad, t, g, 6, 1);
    dump("mip grad aniso 16 point", g, 6, rg);
    cudaDestroyTextureObject(t);
  }
  CK(cudaFreeMipmappedArray(m));
}

// A surface access at a byte x that is not a multiple of the texel size, read or write.
static void probeMisaligned(bool write) {
  const int W = 8, H = 4;
  std::vector<float> tx(W * H, 1.0f);
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float>(), W, H, 0, cudaArraySurfaceLoadStore, tx.data(), 4);
  cudaResourceDesc r = arrayRes(a);
  cudaSurfaceObject_t s;
  CK(cudaCreateSurfaceObject(&s, &r));
  cudaError_t e;
  if (write) {
    kSurfWrite<<<1, 1>>>(s, 2, 1, -7.0f, 0);
  } else {
    int *dc;
    float *dout;
    int xy[2] = {2, 1};
    CK(cudaMalloc(&dc, 8));
    CK(cudaMalloc(&dout, 4));
    CK(cudaMemcpy(dc, xy, 8, cudaMemcpyHostToDevice));
    kSurfRead<<<1, 1>>>(s, dc, dout, 1, 0);
  }
  e = cudaDeviceSynchronize();
  fprintf(out, "## surface %s at x=2 bytes (f32 texels), zero mode: %s\n", write ? "write" : "read", cudaGetErrorName(e));
}

// 3D weights: a 2x2x2 texture whose 8 corners are one-hot over the 4 channels of two textures,
// so each fetch inside the cell reads the corner weights themselves.
static void probe3DWeights() {
  std::vector<float> ta(8 * 4, 0.0f), tb(8 * 4, 0.0f);
  for (int corner = 0; corner < 4; ++corner) ta[corner * 4 + corner] = 1.0f;
  for (int corner = 4; corner < 8; ++corner) tb[corner * 4 + corner - 4] = 1.0f;
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float4>(), 2, 2, 2, 0, ta.data(), 16);
  cudaArray_t b = makeArray(cudaCreateChannelDesc<float4>(), 2, 2, 2, 0, tb.data(), 16);
  TexOpts o;
  o.filter = cudaFilterModeLinear;
  cudaTextureObject_t t1 = makeTex(arrayRes(a), o), t2 = makeTex(arrayRes(b), o);
  std::vector<float> c;
  rngState = 31;
  for (int i = 0; i < 3000; ++i)
    for (int k = 0; k < 3; ++k) c.push_back(uniform(0.5f, 1.5f));
  auto r1 = run<decltype(k3D), float, float4>(k3D, t1, c, 3, 1);
  auto r2 = run<decltype(k3D), float, float4>(k3D, t2, c, 3, 1);
  std::vector<float4> both;
  for (size_t i = 0; i < r1.size(); ++i) {
    both.push_back(r1[i]);
    both.push_back(r2[i]);
  }
  dump("weights3d: corner (x + 2y + 4z) one-hot, corners 0-3 then 4-7", c, 3, both, 2);
  // 1D with a width that is not a power of two, normalized coordinates.
  std::vector<float> t10(10);
  for (int i = 0; i < 10; ++i) t10[i] = (float)(i & 1);
  cudaArray_t a10 = makeArray(cudaCreateChannelDesc<float>(), 10, 0, 0, 0, t10.data(), 4);
  TexOpts on;
  on.filter = cudaFilterModeLinear;
  on.normalized = 1;
  cudaTextureObject_t t10o = makeTex(arrayRes(a10), on);
  std::vector<float> cn;
  for (int i = 0; i < 2000; ++i) cn.push_back(uniform(0.05f, 0.95f));
  auto rn = run<decltype(k1D), float, float4>(k1D, t10o, cn, 1, 1);
  dump("linear1d normalized width 10, texel = i & 1", cn, 1, rn);
}

static void probeSurfaces(bool trap) {
  const int W = 8, H = 4;
  std::vector<float> tx(W * H);
  for (int i = 0; i < W * H; ++i) tx[i] = (float)(i + 1);
  cudaArray_t a = makeArray(cudaCreateChannelDesc<float>(), W, H, 0, cudaArraySurfaceLoadStore, tx.data(), 4);
  cudaResourceDesc r = arrayRes(a);
  cudaSurfaceObject_t s;
  CK(cudaCreateSurfaceObject(&s, &r));
  std::vector<int> c;
  for (int x = -12; x <= 40; x += 4) {
    c.push_back(x);
    c.push_back(1);
  }
  int ys[] = {-1, 3, 4, 100};
  for (int y : ys) {
    c.push_back(4);
    c.push_back(y);
  }
  if (trap) {
    int *dc;
    float *dout;
    std::vector<int> oob = {32, 0};
    CK(cudaMalloc(&dc, 8));
    CK(cudaMalloc(&dout, 4));
    CK(cudaMemcpy(dc, oob.data(), 8, cudaMemcpyHostToDevice));
    kSurfRead<<<1, 1>>>(s, dc, dout, 1, 2);
    cudaError_t e = cudaDeviceSynchronize();
    fprintf(out, "## surface trap read x=32 bytes (width 32 bytes): %s\n", cudaGetErrorName(e));
    return;
  }
  const char *modes[] = {"zero", "clamp"};
  for (int mode = 0; mode < 2; ++mode) {
    int n = (int)c.size() / 2;
    int *dc;
    float *dout;
    CK(cudaMalloc(&dc, c.size() * 4));
    CK(cudaMalloc(&dout, n * 4));
    CK(cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice));
    kSurfRead<<<1, n>>>(s, dc, dout, n, mode);
    CK(cudaDeviceSynchronize());
    std::vector<float> res(n);
    CK(cudaMemcpy(res.data(), dout, n * 4, cudaMemcpyDeviceToHost));
    fprintf(out, "## surface read f32 8x4 texel = y*8 + x + 1, mode %s (x bytes, y)\n", modes[mode]);
    for (int i = 0; i < n; ++i) fprintf(out, "%d %d : %08x\n", c[2 * i], c[2 * i + 1], bits(res[i]));
    cudaFree(dc);
    cudaFree(dout);
  }
  // Writes out of range: which texel (if any) changes.
  int wx[][2] = {{-4, 1}, {32, 1}, {36, 2}, {4, -1}, {4, 4}, {1000, 1000}, {-1000, -1000}, {-8, 2}, {40, 3}};
  for (int mode = 0; mode < 2; ++mode)
    for (auto &p : wx) {
      CK(cudaMemcpy2DToArray(a, 0, 0, tx.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
      kSurfWrite<<<1, 1>>>(s, p[0], p[1], -7.0f, mode);
      cudaError_t e = cudaDeviceSynchronize();
      std::vector<float> back(W * H);
      CK(cudaMemcpy2DFromArray(back.data(), W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
      fprintf(out, "## surface write -7 mode %s at x=%d bytes y=%d: %s; changed:", modes[mode], p[0], p[1],
              cudaGetErrorName(e));
      for (int i = 0; i < W * H; ++i)
        if (back[i] != tx[i]) fprintf(out, " (%d,%d)=%g", i % W, i / W, back[i]);
      fprintf(out, "\n");
    }
  cudaDestroySurfaceObject(s);
  cudaFreeArray(a);
}

// Error codes of the API for descriptors CUDA refuses.
static void probeErrors() {
  fprintf(out, "## api errors\n");
  cudaArray_t a = nullptr;
  auto ch = [](int x, int y, int z, int w, cudaChannelFormatKind k) { return cudaCreateChannelDesc(x, y, z, w, k); };
  struct ArrayCase {
    const char *what;
    cudaChannelFormatDesc cd;
    int w, h, d;
    unsigned flags;
  } cases[] = {
      {"f32 1x0", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 1, 0, 0, 0},
      {"f32 0x0", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 0, 0, 0, 0},
      {"f32 0x4", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 0, 4, 0, 0},
      {"3 channels 8", ch(8, 8, 8, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0},
      {"8,16", ch(8, 16, 0, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0},
      {"x=0", ch(0, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, 0},
      {"f8 float", ch(8, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, 0},
      {"u64", ch(64, 0, 0, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0},
      {"u24", ch(24, 0, 0, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0},
      {"kind none", ch(32, 0, 0, 0, cudaChannelFormatKindNone), 4, 4, 0, 0},
      {"y without x? 0,8", ch(0, 8, 0, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0},
      {"8,0,8", ch(8, 0, 8, 0, cudaChannelFormatKindUnsigned), 4, 4, 0, 0},
      {"f16 float 2ch", ch(16, 16, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, 0},
      {"cube w!=h", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 4, 8, 6, cudaArrayCubemap},
      {"cube d=5", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 5, cudaArrayCubemap},
      {"cube layered d=7", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 7, cudaArrayCubemap | cudaArrayLayered},
      {"layered d=0", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, cudaArrayLayered},
      {"flags 0x100", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 4, 4, 0, 0x100},
      {"3d w=0", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 0, 4, 4, 0},
      {"3d h=0 d=4", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 4, 0, 4, 0},
      {"1d 65537", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 65537, 0, 0, 0},
      {"1d 131073", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 131073, 0, 0, 0},
      {"2d 131073x1", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 131073, 1, 0, 0},
      {"3d 16385", ch(32, 0, 0, 0, cudaChannelFormatKindFloat), 16385, 1, 1, 0},
      {"nv12", cudaCreateChannelDesc<void>(), 4, 4, 0, 0},
  };
  for (auto &k : cases) {
    cudaError_t e = cudaMalloc3DArray(&a, &k.cd, make_cudaExtent(k.w, k.h, k.d), k.flags);
    fprintf(out, "cudaMalloc3DArray %s (%d %d %d flags %#x): %s\n", k.what, k.w, k.h, k.d, k.flags, cudaGetErrorName(e));
    if (e == cudaSuccess) {
      cudaChannelFormatDesc got;
      cudaExtent ext;
      unsigned fl;
      cudaArrayGetInfo(&got, &ext, &fl, a);
      fprintf(out, "  info: %d %d %d %d kind %d extent %zu %zu %zu flags %#x\n", got.x, got.y, got.z, got.w, got.f,
              ext.width, ext.height, ext.depth, fl);
      cudaFreeArray(a);
    }
    cudaGetLastError();
  }
  cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
  cudaError_t e = cudaMallocArray(&a, &f1, 16, 0, 0);
  fprintf(out, "cudaMallocArray 16x0: %s\n", cudaGetErrorName(e));
  if (e == cudaSuccess) {
    cudaChannelFormatDesc got;
    cudaExtent ext;
    unsigned fl;
    cudaArrayGetInfo(&got, &ext, &fl, a);
    fprintf(out, "  info extent %zu %zu %zu flags %#x\n", ext.width, ext.height, ext.depth, fl);
    cudaFreeArray(a);
  }
  e = cudaMallocArray(&a, &f1, 16, 16, cudaArrayCubemap);
  fprintf(out, "cudaMallocArray cubemap flag: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  e = cudaMallocArray(&a, nullptr, 16, 16, 0);
  fprintf(out, "cudaMallocArray null desc: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  e = cudaFreeArray(nullptr);
  fprintf(out, "cudaFreeArray(null): %s\n", cudaGetErrorName(e));
  // Texture objects.
  cudaArray_t ok;
  CK(cudaMallocArray(&ok, &f1, 16, 16, 0));
  cudaChannelFormatDesc i1 = cudaCreateChannelDesc<int>();
  cudaArray_t oki;
  CK(cudaMallocArray(&oki, &i1, 16, 16, 0));
  cudaArray_t okl;
  CK(cudaMallocArray(&okl, &f1, 16, 16, cudaArraySurfaceLoadStore));
  auto tex = [&](const char *what, cudaResourceDesc r, cudaTextureDesc td) {
    cudaTextureObject_t t = 0;
    cudaError_t e2 = cudaCreateTextureObject(&t, &r, &td, nullptr);
    fprintf(out, "cudaCreateTextureObject %s: %s\n", what, cudaGetErrorName(e2));
    if (e2 == cudaSuccess) cudaDestroyTextureObject(t);
    cudaGetLastError();
  };
  cudaTextureDesc td{};
  tex("plain", arrayRes(ok), td);
  cudaTextureDesc tl = td;
  tl.filterMode = cudaFilterModeLinear;
  tex("int array linear element read", arrayRes(oki), tl);
  cudaTextureDesc tn = td;
  tn.readMode = cudaReadModeNormalizedFloat;
  tex("int32 array normalized read", arrayRes(oki), tn);
  tex("f32 array normalized read", arrayRes(ok), tn);
  cudaTextureDesc tw = td;
  tw.addressMode[0] = cudaAddressModeWrap;
  tex("wrap unnormalized", arrayRes(ok), tw);
  cudaTextureDesc tbad = td;
  tbad.addressMode[0] = (cudaTextureAddressMode)7;
  tex("address mode 7", arrayRes(ok), tbad);
  tbad = td;
  tbad.filterMode = (cudaTextureFilterMode)5;
  tex("filter mode 5", arrayRes(ok), tbad);
  tbad = td;
  tbad.readMode = (cudaTextureReadMode)5;
  tex("read mode 5", arrayRes(ok), tbad);
  tbad = td;
  tbad.sRGB = 1;
  tex("srgb on f32", arrayRes(ok), tbad);
  tbad = td;
  tbad.maxAnisotropy = 40;
  tex("aniso 40", arrayRes(ok), tbad);
  tbad = td;
  tbad.mipmapFilterMode = cudaFilterModeLinear;
  tex("mip filter linear on plain array", arrayRes(ok), tbad);
  tbad = td;
  tbad.normalizedCoords = 5;
  tex("normalizedCoords 5", arrayRes(ok), tbad);
  tbad = td;
  tbad.seamlessCubemap = 1;
  tex("seamlessCubemap on a 2D array", arrayRes(ok), tbad);
  cudaResourceDesc rn{};
  rn.resType = cudaResourceTypeArray;
  tex("null array", rn, td);
  rn.resType = (cudaResourceType)9;
  tex("resource type 9", rn, td);
  float *d;
  CK(cudaMalloc(&d, 1 << 20));
  cudaResourceDesc rl{};
  rl.resType = cudaResourceTypeLinear;
  rl.res.linear.devPtr = d;
  rl.res.linear.desc = f1;
  rl.res.linear.sizeInBytes = 1024;
  tex("linear ok", rl, td);
  tex("linear with linear filter", rl, tl);
  cudaTextureDesc tnorm = td;
  tnorm.normalizedCoords = 1;
  tex("linear normalized coords", rl, tnorm);
  cudaResourceDesc rl2 = rl;
  rl2.res.linear.devPtr = (char *)d + 4;
  tex("linear misaligned by 4", rl2, td);
  rl2.res.linear.devPtr = (char *)d + 256;
  tex("linear offset 256", rl2, td);
  rl2 = rl;
  rl2.res.linear.sizeInBytes = 1022;
  tex("linear size 1022", rl2, td);
  rl2.res.linear.sizeInBytes = 0;
  tex("linear size 0", rl2, td);
  rl2 = rl;
  rl2.res.linear.sizeInBytes = (size_t)1 << 40;
  tex("linear size 2^40", rl2, td);
  rl2 = rl;
  rl2.res.linear.desc = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  tex("linear 3 channels", rl2, td);
  cudaResourceDesc rp{};
  rp.resType = cudaResourceTypePitch2D;
  rp.res.pitch2D.devPtr = d;
  rp.res.pitch2D.desc = f1;
  rp.res.pitch2D.width = 16;
  rp.res.pitch2D.height = 16;
  rp.res.pitch2D.pitchInBytes = 128;
  tex("pitch2d pitch 128", rp, td);
  rp.res.pitch2D.pitchInBytes = 64;
  tex("pitch2d pitch 64 (width 16 f32)", rp, td);
  rp.res.pitch2D.pitchInBytes = 32;
  tex("pitch2d pitch 32 < row", rp, td);
  rp.res.pitch2D.pitchInBytes = 96;
  tex("pitch2d pitch 96", rp, td);
  rp.res.pitch2D.pitchInBytes = 128;
  rp.res.pitch2D.devPtr = (char *)d + 32;
  tex("pitch2d offset 32", rp, td);
  rp.res.pitch2D.devPtr = (char *)d + 64;
  tex("pitch2d offset 64", rp, td);
  rp.res.pitch2D.devPtr = (char *)d + 128;
  tex("pitch2d offset 128", rp, td);
  rp.res.pitch2D.devPtr = d;
  rp.res.pitch2D.width = 0;
  tex("pitch2d width 0", rp, td);
  // Surface objects.
  auto surf = [&](const char *what, cudaResourceDesc r) {
    cudaSurfaceObject_t s = 0;
    cudaError_t e2 = cudaCreateSurfaceObject(&s, &r);
    fprintf(out, "cudaCreateSurfaceObject %s: %s\n", what, cudaGetErrorName(e2));
    if (e2 == cudaSuccess) cudaDestroySurfaceObject(s);
    cudaGetLastError();
  };
  surf("array without load-store flag", arrayRes(ok));
  surf("array with flag", arrayRes(okl));
  surf("linear", rl);
  surf("pitch2d", rp);
  surf("null", rn);
  e = cudaDestroyTextureObject(0);
  fprintf(out, "cudaDestroyTextureObject(0): %s\n", cudaGetErrorName(e));
  e = cudaDestroySurfaceObject(0);
  fprintf(out, "cudaDestroySurfaceObject(0): %s\n", cudaGetErrorName(e));
  cudaResourceDesc back;
  e = cudaGetTextureObjectResourceDesc(&back, 0);
  fprintf(out, "cudaGetTextureObjectResourceDesc(0): %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  // What the getters return for a linear resource and a texture desc.
  {
    cudaTextureObject_t t;
    cudaTextureDesc tq = td;
    tq.addressMode[0] = cudaAddressModeBorder;
    tq.borderColor[0] = 2.5f;
    tq.maxAnisotropy = 4;
    tq.mipmapLevelBias = 1.5f;
    CK(cudaCreateTextureObject(&t, &rl, &tq, nullptr));
    cudaTextureDesc got;
    memset(&got, 0xcd, sizeof got);
    e = cudaGetTextureObjectTextureDesc(&got, t);
    fprintf(out, "texture desc back: %s am %d %d %d filter %d read %d srgb %d border %g norm %d aniso %u mipf %d bias %g min %g max %g flags %d\n",
            cudaGetErrorName(e), got.addressMode[0], got.addressMode[1], got.addressMode[2], got.filterMode,
            got.readMode, got.sRGB, got.borderColor[0], got.normalizedCoords, got.maxAnisotropy,
            got.mipmapFilterMode, got.mipmapLevelBias, got.minMipmapLevelClamp, got.maxMipmapLevelClamp, got.seamlessCubemap);
    cudaResourceViewDesc vd;
    e = cudaGetTextureObjectResourceViewDesc(&vd, t);
    fprintf(out, "resource view desc of a texture without one: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    cudaDestroyTextureObject(t);
  }
  cudaFreeArray(ok);
  cudaFreeArray(oki);
  cudaFreeArray(okl);
  cudaFree(d);
  // Channel descs.
  cudaChannelFormatDesc q = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  fprintf(out, "cudaCreateChannelDesc(8,8,8,0,u): %d %d %d %d %d\n", q.x, q.y, q.z, q.w, q.f);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: textures OUTDIR [trap]\n");
    return 2;
  }
  outDir = argv[1];
  std::string mode = argc > 2 ? argv[2] : "";
  bool trap = mode == "trap";
  std::string path = outDir + "/textures" + (mode.empty() ? "" : "-" + mode) + ".txt";
  out = fopen(path.c_str(), "w");
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  fprintf(out, "# %s sm_%d%d driver %d runtime %d\n", p.name, p.major, p.minor, driver, runtime);
  if (!mode.empty()) {
    if (trap) probeSurfaces(true);
    if (mode == "misaligned-read") probeMisaligned(false);
    if (mode == "misaligned-write") probeMisaligned(true);
    if (mode == "surfaces") probeSurfaces(false);
    if (mode == "weights") probe3DWeights();
    fclose(out);
    return 0;
  }
  probeErrors();
  fflush(out);
  probeLinear1D();
  probeLinearSmall();
  probeLinear2D3D();
  probeConversions();
  fflush(out);
  probeAddressing();
  probeCube();
  probeLayered();
  probeGather();
  fflush(out);
  probeMip();
  probeSurfaces(false);
  fclose(out);
  return 0;
}

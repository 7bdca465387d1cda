// Probe: the scalar video shifts vshl/vshr (no operand selectors) on the GPU, for the type,
// mode, .sat and secondary-operation forms below. Every operand comes from memory and every
// instruction is inline PTX. Writes records {a, b, c, d[kForms]} (u32) to argv[1]; the helper
// p2m_vshift (emitters/msl/support/int_ops.h) was compared with them (docs/gpu-facts.md).
//   nvcc -arch=sm_90 -O2 -o video_shift video_shift.cu && ./video_shift OUT.bin
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int kForms = 14;

#define FORM(i, text) asm volatile(text " %0, %1, %2, %3;" : "=r"(d[i]) : "r"(a), "r"(b), "r"(c))
#define FORM3(i, text) asm volatile(text " %0, %1, %2;" : "=r"(d[i]) : "r"(a), "r"(b))

__global__ void probe(const uint32_t *in, uint32_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
  uint32_t d[kForms];
  FORM(0, "vshr.u32.u32.u32.clamp.add");
  FORM(1, "vshr.u32.u32.u32.wrap.add");
  FORM(2, "vshr.s32.s32.u32.clamp.add");
  FORM3(3, "vshr.s32.s32.u32.wrap");
  FORM(4, "vshl.u32.u32.u32.clamp.add");
  FORM3(5, "vshl.u32.u32.u32.wrap");
  FORM3(6, "vshl.s32.s32.u32.clamp");
  FORM3(7, "vshr.u32.u32.u32.clamp");
  FORM3(8, "vshr.s32.u32.u32.clamp");
  FORM(9, "vshr.u32.u32.u32.clamp.min");
  FORM(10, "vshr.s32.s32.u32.clamp.max");
  FORM3(11, "vshl.u32.u32.u32.sat.clamp");
  FORM3(12, "vshl.s32.s32.u32.sat.clamp");
  FORM(13, "vshl.s32.s32.u32.wrap.add");
  for (int k = 0; k < kForms; ++k)
    out[i * (3 + kForms) + 3 + k] = d[k];
  out[i * (3 + kForms)] = a;
  out[i * (3 + kForms) + 1] = b;
  out[i * (3 + kForms) + 2] = c;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const uint32_t edges[] = {0u, 1u, 2u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu, 0x12345678u,
                            0xFEDCBA98u, 0x40000000u, 0xC0000000u};
  std::vector<uint32_t> in;
  uint64_t s = 0x9E3779B97F4A7C15ull;
  auto rnd = [&] { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return static_cast<uint32_t>(s >> 16); };
  for (uint32_t a : edges)
    for (uint32_t b = 0; b < 70; ++b)
      for (uint32_t c : {0u, 1u, 0xFFFFFFFFu, 0x80000000u, rnd()})
        in.insert(in.end(), {a, b < 66 ? b : (b == 66 ? 0x80000000u : b == 67 ? 0xFFFFFFFFu : rnd()), c});
  for (int k = 0; k < 20000; ++k)
    in.insert(in.end(), {rnd(), rnd() % 40, rnd()});
  int n = static_cast<int>(in.size() / 3);
  uint32_t *din, *dout;
  cudaMalloc(&din, in.size() * 4);
  cudaMalloc(&dout, size_t(n) * (3 + kForms) * 4);
  cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice);
  probe<<<(n + 255) / 256, 256>>>(din, dout, n);
  std::vector<uint32_t> out(size_t(n) * (3 + kForms));
  if (cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  FILE *f = std::fopen(argv[1], "wb");
  std::fwrite(out.data(), 4, out.size(), f);
  std::fclose(f);
  std::printf("%d records of %d words\n", n, 3 + kForms);
  return 0;
}

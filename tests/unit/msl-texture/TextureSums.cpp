// The sampler's linear-filter sum (texture_ops.h's p2m_tex_weighted_sum, as p2m_tex_filter runs
// it) over sums given on standard input, one a line: "dims wx wy wz texel..." (the 1D weights in
// 1/256, wz 0 in 2D; 4 or 8 texels as decimal f32 bit patterns, corner x + 2y + 4z). Prints each
// result's f32 bits in hexadecimal, one a line; tests/probes/analyse_texture_sums.py --check
// compares them with the H100 recording.
#include "Kernels.h"

#include <cstdint>
#include <cstdio>
#include <iostream>

int main()
{
  unsigned dims, wx, wy, wz;
  while (std::cin >> dims >> wx >> wy >> wz) {
    if (dims != 2 && dims != 3) {
      std::fprintf(stderr, "texture_sums: dims %u\n", dims);
      return 2;
    }
    unsigned count = dims == 3 ? 8 : 4, w[8];
    std::uint32_t texels[8];
    for (unsigned k = 0; k < count; ++k)
      std::cin >> texels[k];
    if (dims == 3)
      p2m::msltex::weights3d(wx, wy, wz, w);
    else
      p2m::msltex::weights2d(wx, wy, w);
    std::printf("%08x\n", unsigned(p2m::msltex::weightedSum(w, texels, count, false)));
  }
  return std::cin.eof() ? 0 : 2;
}

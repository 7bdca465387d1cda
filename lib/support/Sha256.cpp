#include "Sha256.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>

#include <array>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace p2m {

namespace {

#if defined(__x86_64__)

// The reflection hashes every PTX text it translates; LLVM's portable SHA-256 costs about 54
// instructions a byte, 15% of a whole translation. The x86 SHA extensions (Intel since Goldmont
// and Ice Lake, AMD since Zen) do the same rounds in a few instructions per 4 rounds.
constexpr std::array<uint32_t, 64> kRoundConstants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

// Compresses `blocks` 64-byte blocks into `state` (a..h). The instructions keep the state as two
// halves, ABEF and CDGH, so it is rearranged on the way in and out.
__attribute__((target("sha,sse4.1"))) void compressWithShaExtensions(uint32_t state[8], const uint8_t *data,
                                                                     size_t blocks) {
  const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i *>(&state[0]));
  __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i *>(&state[4]));
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
  for (; blocks != 0; --blocks, data += 64) {
    const __m128i abefBefore = abef, cdghBefore = cdgh;
    __m128i w[4]; // the message schedule, four words to a vector, the last four vectors
    for (int group = 0; group < 16; ++group) {
      __m128i &words = w[group % 4];
      if (group < 4) {
        words = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(data + 16 * group)), byteSwap);
      } else {
        const __m128i &last = w[(group - 1) % 4], &beforeLast = w[(group - 2) % 4];
        __m128i sum = _mm_add_epi32(_mm_sha256msg1_epu32(words, w[(group - 3) % 4]),
                                    _mm_alignr_epi8(last, beforeLast, 4));
        words = _mm_sha256msg2_epu32(sum, last);
      }
      __m128i k = _mm_loadu_si128(reinterpret_cast<const __m128i *>(&kRoundConstants[4 * group]));
      __m128i message = _mm_add_epi32(words, k);
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0E));
    }
    abef = _mm_add_epi32(abef, abefBefore);
    cdgh = _mm_add_epi32(cdgh, cdghBefore);
  }
  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128(reinterpret_cast<__m128i *>(&state[0]), _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128(reinterpret_cast<__m128i *>(&state[4]), _mm_alignr_epi8(dchg, feba, 8));
}

bool hasShaExtensions() {
  static const bool has = __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1");
  return has;
}

std::array<uint8_t, 32> hashWithShaExtensions(std::string_view text) {
  uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                       0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  const auto *bytes = reinterpret_cast<const uint8_t *>(text.data());
  size_t whole = text.size() / 64;
  compressWithShaExtensions(state, bytes, whole);
  // The padding: the rest, a 1 bit, zeros, then the length in bits as a big-endian 64-bit number.
  uint8_t tail[128] = {};
  size_t rest = text.size() - whole * 64;
  if (rest != 0)
    std::memcpy(tail, bytes + whole * 64, rest);
  tail[rest] = 0x80;
  size_t tailBlocks = rest + 1 + 8 <= 64 ? 1 : 2;
  uint64_t bits = uint64_t(text.size()) * 8;
  for (int i = 0; i < 8; ++i)
    tail[tailBlocks * 64 - 1 - i] = uint8_t(bits >> (8 * i));
  compressWithShaExtensions(state, tail, tailBlocks);
  std::array<uint8_t, 32> digest;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j)
      digest[4 * i + j] = uint8_t(state[i] >> (24 - 8 * j));
  return digest;
}

#endif

} // namespace

std::string sha256Hex(std::string_view text) {
#if defined(__x86_64__)
  if (hasShaExtensions())
    return llvm::toHex(hashWithShaExtensions(text), /*LowerCase=*/true);
#endif
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(text)), /*LowerCase=*/true);
}

} // namespace p2m

// Integer bit operations, reinterpretation and the narrow and vector types as ptx2metal emits
// them (bfe, bfi, brev, clz, popc, mul.hi, prmt-style byte shuffles, cvt between f16/f32,
// ld.global.v4), one result per output slot so that a host test can compare them.
// Parameter block: in (u64) at 0, out (u64) at 8.
#include <metal_stdlib>
using namespace metal;
#ifndef P2M_ALIAS_DEFINED // alias-safe access, as abi.h has it
#define P2M_ALIAS_DEFINED
template <typename T> union p2m_alias { T v; };
#endif

inline uint bits_byte_permute(uint a, uint b, uint selector)
{
  uchar4 lo = as_type<uchar4>(a);
  uchar4 hi = as_type<uchar4>(b);
  uchar4 result = uchar4{0, 0, 0, 0};
  for (uint i = 0; i < 4u; ++i) {
    uint pick = extract_bits(selector, 4u * i, 3u);
    result[i] = pick < 4u ? lo[pick] : hi[pick - 4u];
  }
  return as_type<uint>(result);
}

inline void bits_body(constant uchar* params, constant uchar* module,
                             threadgroup uchar* smem, uint3 tid)
{
  (void)module;
  (void)smem;
  (void)tid;
  ulong src = reinterpret_cast<constant p2m_alias<ulong>*>(params + 0)->v;
  ulong dst = reinterpret_cast<constant p2m_alias<ulong>*>(params + 8)->v;
  device uint* in = reinterpret_cast<device uint*>(src);
  device uint* out = reinterpret_cast<device uint*>(dst);

  uint a = in[0];                                    // 0x12345678
  uint b = in[1];                                    // 0x80000001
  out[0] = clz(a);                                   // 3
  out[1] = popcount(b);                              // 2
  out[2] = extract_bits(a, 8u, 8u);                  // 0x56
  out[3] = as_type<uint>(extract_bits(as_type<int>(b), 28u, 4u)); // sign-extended 0xfffffff8
  out[4] = insert_bits(a, 0xfu, 4u, 4u);             // 0x123456f8
  out[5] = reverse_bits(b);                          // 0x80000001
  out[6] = mulhi(a, b);                              // 0x091a2b3c
  out[7] = rotate(a, 8u);                            // 0x34567812
  out[8] = bits_byte_permute(a, b, 0x3210u);         // a
  out[9] = as_type<uint>(addsat(0x7ffffff0, 0x20));  // 0x7fffffff
  out[10] = ctz(0u);                                 // 32

  // f32 <-> f16 and packed halves.
  float f = as_type<float>(in[2]);                   // 1.5f
  half h = static_cast<half>(f);
  half2 hh = half2{h, 0.25h};
  hh = hh * hh + half2(1.0h);                        // {3.25, 1.0625}
  out[11] = as_type<uint>(hh);
  out[12] = static_cast<uint>(as_type<ushort>(sqrt(static_cast<half>(2.25f)))); // 1.5 = 0x3e00
  out[13] = as_type<uint>(fma(f, f, -1.0f));         // 1.25f

  // 64-bit integers and a 128-bit vector load (ld.global.v4.u32).
  ulong wide = static_cast<ulong>(a) << 32 | b;
  out[14] = static_cast<uint>(clz(wide >> 40));      // 43
  out[15] = static_cast<uint>(mulhi(wide, 16ul));    // 0x1
  uint4 v = reinterpret_cast<device p2m_alias<uint4>*>(src)->v;
  v.xy = v.yx;
  out[16] = v.x;                                     // b
  float4 fv = float4{1.0f, 4.0f, 9.0f, 16.0f};
  fv = sqrt(fv);
  out[17] = static_cast<uint>(fv.w + fv.z * 10.0f);  // 34
  int4 iv = int4{-3, 5, -7, 9};
  out[18] = static_cast<uint>(abs(iv).z + max(iv, int4(0)).w); // 16
  out[19] = select(1u, 2u, isnan(as_type<float>(0x7fc00000u))); // 2
  out[20] = as_type<uint>(copysign(2.0f, -0.0f));    // 0xc0000000
  out[21] = as_type<uint>(nextafter(1.0f, 2.0f));    // 0x3f800001
}

#if defined(__METAL_VERSION__)
kernel void bits(constant uchar* params [[buffer(0)]],
                 constant uchar* module [[buffer(1)]],
                 threadgroup uchar* smem [[threadgroup(0)]],
                 uint3 tid [[thread_position_in_threadgroup]])
{
  bits_body(params, module, smem, tid);
}
#endif

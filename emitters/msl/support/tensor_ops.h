// ptx2metal MSL support library: PTX cp.async.bulk.tensor in tile mode (tensor-map copies, "TMA")
// as plain copies made at issue by the issuing thread, as cp.async.bulk's are (abi.h): a box of
// the tensor that a tensor map (tensor_map_abi.h, written by libcuda's cuTensorMapEncodeTiled)
// describes, to or from shared memory.
//
// The rules (docs/gpu-facts.md, "Tensor maps", measured on an H100 with
// tests/probes/tensor_map_probe.cu and tests/cudart/programs/tensor_map_copy.cu):
//   * the box is stored densely in shared memory, dimension 0 fastest; a swizzled box whose rows
//     are narrower than the swizzle's span puts each row at the start of a span-wide row;
//   * box element (i0, ..., i4) is tensor element (c0 + i0, ..., c4 + i4); where any index lies
//     outside [0, dim) a load writes zero (or the map's NaN) and a store writes nothing;
//   * a swizzle moves 16-byte chunks: shared byte address a goes to
//     a ^ (((a >> 7) & mask) << 4), on the address itself (boxes are 128- to 1024-byte aligned);
//   * the hardware refuses ("illegal instruction") a copy whose box starts at a byte offset in
//     dimension 0 (c0 times the element size) that is not a multiple of 16, and a store whose box
//     starts at a negative coordinate in any dimension.
//
// Builds on abi.h (p2m_ctx, p2m_ld_generic, P2M_DEVICE_DATA). The map is read through its
// generic address: a __grid_constant__ parameter's (cvta.param), or global or constant memory.
#ifndef P2M_TENSOR_OPS_H
#define P2M_TENSOR_OPS_H
#include "tensor_map_abi.h"

static inline uint p2m_tmap_word(thread p2m_ctx &ctx, ulong map, uint index)
{
  return p2m_ld_generic<uint>(ctx, map + 4ul * ulong(index));
}

static inline ulong p2m_tmap_word64(thread p2m_ctx &ctx, ulong map, uint index)
{
  return ulong(p2m_tmap_word(ctx, map, index)) | (ulong(p2m_tmap_word(ctx, map, index + 1u)) << 32);
}

// The bytes of one box: what a load's complete-tx counts on its mbarrier (the parts outside the
// tensor included, since they are written too).
static inline uint p2m_tensor_box_bytes(thread p2m_ctx &ctx, ulong map)
{
  return p2m_tmap_word(ctx, map, P2M_TMAP_MAGIC_WORD) == P2M_TMAP_MAGIC ? p2m_tmap_word(ctx, map, P2M_TMAP_BOX_BYTES)
                                                                        : 0u;
}

// One box between the tensor and shared memory at `box` (load: tensor to shared).
static inline void p2m_tensor_copy_box(thread p2m_ctx &ctx, ulong map, threadgroup uchar *box, int c0, int c1,
                                       int c2, int c3, int c4, bool load)
{
  if (p2m_tmap_word(ctx, map, P2M_TMAP_MAGIC_WORD) != P2M_TMAP_MAGIC) {
    p2m_trap(ctx); // not a map cuTensorMapEncodeTiled wrote
    return;
  }
  const uint rank = p2m_tmap_word(ctx, map, P2M_TMAP_RANK);
  const uint bytes = p2m_tmap_word(ctx, map, P2M_TMAP_ELEMENT_BYTES);
  const uint mask = p2m_tmap_word(ctx, map, P2M_TMAP_SWIZZLE_MASK);
  const ulong fill = p2m_tmap_word(ctx, map, P2M_TMAP_OOB_FILL) != 0u ? p2m_tmap_word64(ctx, map, P2M_TMAP_NAN_BITS) : 0ul;
  const ulong base = p2m_tmap_word64(ctx, map, P2M_TMAP_ADDRESS_LO);
  const int c[5] = {c0, c1, c2, c3, c4};
  long dim[5];
  ulong stride[5];
  uint n[5];
  for (uint d = 0; d < 5u; ++d) {
    dim[d] = d < rank ? long(p2m_tmap_word64(ctx, map, P2M_TMAP_DIM_LO + 2u * d)) : 1;
    stride[d] = d == 0u ? ulong(bytes) : d < rank ? p2m_tmap_word64(ctx, map, P2M_TMAP_STRIDE_LO + 2u * (d - 1u)) : 0ul;
    n[d] = (p2m_tmap_word(ctx, map, P2M_TMAP_BOX + d / 2u) >> (16u * (d % 2u))) & 0xffffu;
  }
  bool refused = (long(c0) * long(bytes)) % 16 != 0;
  for (uint d = 0; d < rank; ++d)
    refused = refused || (!load && c[d] < 0);
  if (refused) {
    p2m_trap(ctx, P2M_STATUS_ILLEGAL_INSTRUCTION);
    return;
  }
  const uint rowBytes = n[0] * bytes, span = 16u * (mask + 1u);
  const uint pitch = mask != 0u && rowBytes < span ? span : rowBytes;
  const uint start = uint(box - ctx.smem);
  uint row = 0;
  for (uint i4 = 0; i4 < n[4]; ++i4)
    for (uint i3 = 0; i3 < n[3]; ++i3)
      for (uint i2 = 0; i2 < n[2]; ++i2)
        for (uint i1 = 0; i1 < n[1]; ++i1, ++row)
          for (uint i0 = 0; i0 < n[0]; ++i0) {
            const uint i[5] = {i0, i1, i2, i3, i4};
            bool inside = true;
            ulong offset = 0;
            for (uint d = 0; d < 5u; ++d) {
              long v = long(c[d]) + long(i[d]);
              inside = inside && (d >= rank || (v >= 0 && v < dim[d]));
              offset += ulong(v) * stride[d];
            }
            uint a = start + row * pitch + i0 * bytes;
            threadgroup uchar *s = ctx.smem + (a ^ (((a >> 7) & mask) << 4));
            P2M_DEVICE_DATA uchar *g = reinterpret_cast<P2M_DEVICE_DATA uchar *>(base + offset);
            for (uint k = 0; k < bytes; ++k) {
              if (load)
                s[k] = inside ? g[k] : uchar(fill >> (8u * k));
              else if (inside)
                g[k] = s[k];
            }
          }
}

// cp.async.bulk.tensor.Nd.shared::cluster.global.tile [box], [map, {c...}] (the mbarrier's
// complete-tx is a separate call, p2m_tensor_box_bytes' count).
static inline void p2m_tensor_load_box(thread p2m_ctx &ctx, ulong map, threadgroup uchar *box, int c0, int c1, int c2,
                                       int c3, int c4)
{
  p2m_tensor_copy_box(ctx, map, box, c0, c1, c2, c3, c4, true);
}

// cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group [map, {c...}], [box].
static inline void p2m_tensor_store_box(thread p2m_ctx &ctx, ulong map, threadgroup uchar *box, int c0, int c1,
                                        int c2, int c3, int c4)
{
  p2m_tensor_copy_box(ctx, map, box, c0, c1, c2, c3, c4, false);
}

#endif

// Tensor maps (CUtensorMap, cuTensorMapEncodeTiled; PTX cp.async.bulk.tensor): the words of
// ptx2metal's encoding. Plain preprocessor definitions, read by MSL (tensor_ops.h) and C++
// (libcuda's encoder), as kernel_abi.h is. Change the layout here and nowhere else.
//
// A CUtensorMap is 128 opaque bytes that the driver writes and kernels read (a __grid_constant__
// parameter, or a copy in global or constant memory). NVIDIA's encoding is undocumented; this
// is ours: P2M_TMAP_WORDS 32-bit words, 64-bit values as two words, low word first. A map that
// does not start with P2M_TMAP_MAGIC was not encoded by this driver.
#ifndef P2M_TENSOR_MAP_ABI_H
#define P2M_TENSOR_MAP_ABI_H

#define P2M_TMAP_WORDS 32u
#define P2M_TMAP_MAGIC 0x4d543250u // "P2TM"

#define P2M_TMAP_MAGIC_WORD 0u
#define P2M_TMAP_RANK 1u          // 1..5
#define P2M_TMAP_ELEMENT_BYTES 2u // 1, 2, 4 or 8
#define P2M_TMAP_SWIZZLE_MASK 3u  // shared memory swizzle: 16-byte chunk index bits XORed with
                                  // address bits 7 and up: 0 none, 1 (32 B), 3 (64 B), 7 (128 B)
#define P2M_TMAP_OOB_FILL 4u      // 1: elements outside the tensor load as P2M_TMAP_NAN_BITS, else 0
#define P2M_TMAP_BOX_BYTES 5u     // bytes of one box in shared memory (the complete-tx count)
#define P2M_TMAP_NAN_BITS 6u      // the element type's fill NaN, 64 bits (words 6 and 7), of
                                  // which an element takes its low ELEMENT_BYTES bytes
#define P2M_TMAP_ADDRESS_LO 8u    // device address of element (0, ..., 0)
#define P2M_TMAP_ADDRESS_HI 9u
#define P2M_TMAP_DIM_LO 10u       // elements of dimension d: words DIM_LO + 2d (low), + 2d + 1 (high)
#define P2M_TMAP_STRIDE_LO 20u    // bytes from one index of dimension d (1..4) to the next: words
                                  // STRIDE_LO + 2(d - 1) and the one after
#define P2M_TMAP_BOX 28u          // box elements per dimension, 16 bits each: word BOX + d / 2,
                                  // dimension d in bits 16 * (d % 2); dimensions past the rank are 1

#endif

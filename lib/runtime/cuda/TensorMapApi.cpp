// Tensor maps: cuTensorMapEncodeTiled writes ptx2metal's encoding (emitters/msl/support/
// tensor_map_abi.h) into the 128 opaque bytes of a CUtensorMap, which kernels read for
// cp.async.bulk.tensor (tensor_ops.h). The requirements and error codes are cuda.h's (the
// documentation of cuTensorMapEncodeTiled); the forms our copies do not reproduce are refused
// with CUDA_ERROR_NOT_SUPPORTED and a log line: interleaved layouts, the sm_100 swizzles and
// packed 4/6-bit types, element strides other than 1, im2col.
#include "Driver.h"

#include <cstdint>
#include <cstring>

#include "emitters/msl/support/tensor_map_abi.h"
#include "runtime/core/Log.h"

namespace {

// Bytes per element, 0 for the packed types (and values that are not types).
uint32_t elementBytes(CUtensorMapDataType type) {
  switch (type) {
  case CU_TENSOR_MAP_DATA_TYPE_UINT8: return 1;
  case CU_TENSOR_MAP_DATA_TYPE_UINT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16: return 2;
  case CU_TENSOR_MAP_DATA_TYPE_UINT32:
  case CU_TENSOR_MAP_DATA_TYPE_INT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ: return 4;
  case CU_TENSOR_MAP_DATA_TYPE_UINT64:
  case CU_TENSOR_MAP_DATA_TYPE_INT64:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64: return 8;
  default: return 0;
  }
}

bool isFloat(CUtensorMapDataType type) {
  switch (type) {
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64: return true;
  default: return false;
  }
}

// The NaN that CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA writes outside the tensor: the
// 16-bit pattern 0x7ff7 in every half of the element (an H100 fills f32 elements with 0x7ff77ff7;
// docs/gpu-facts.md, "Tensor maps").
uint64_t fillNan(CUtensorMapDataType type) {
  switch (elementBytes(type)) {
  case 2: return 0x7ff7u; // f16 and bf16 alike
  case 4: return 0x7ff77ff7u;
  default: return 0x7ff77ff77ff77ff7ull;
  }
}

uint32_t swizzleMask(CUtensorMapSwizzle swizzle) {
  switch (swizzle) {
  case CU_TENSOR_MAP_SWIZZLE_32B: return 1;
  case CU_TENSOR_MAP_SWIZZLE_64B: return 3;
  case CU_TENSOR_MAP_SWIZZLE_128B: return 7;
  default: return 0;
  }
}

void put(uint32_t *words, uint32_t index, uint64_t value) {
  words[index] = static_cast<uint32_t>(value);
  words[index + 1] = static_cast<uint32_t>(value >> 32);
}

} // namespace

extern "C" {

CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
                                        cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
                                        const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
                                        const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
                                        CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
                                        CUtensorMapFloatOOBfill oobFill) {
  P2M_API_ENTER();
  (void)driver;
  const uintptr_t address = reinterpret_cast<uintptr_t>(globalAddress);
  if (!tensorMap || reinterpret_cast<uintptr_t>(tensorMap) % 64 != 0 || tensorRank == 0 || tensorRank > 5 ||
      !globalAddress || address % 16 != 0 || !globalDim || (tensorRank > 1 && !globalStrides) || !boxDim ||
      !elementStrides)
    return CUDA_ERROR_INVALID_VALUE;
  if (interleave > CU_TENSOR_MAP_INTERLEAVE_32B || swizzle > CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B ||
      l2Promotion > CU_TENSOR_MAP_L2_PROMOTION_L2_256B || oobFill > CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
    return CUDA_ERROR_INVALID_VALUE;
  if (tensorDataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B || tensorDataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B ||
      tensorDataType == CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B)
    return p2m::cuda::notSupported("cuTensorMapEncodeTiled", "packed 4- and 6-bit element types are not supported");
  const uint32_t bytes = elementBytes(tensorDataType);
  if (bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (oobFill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA && !isFloat(tensorDataType))
    return CUDA_ERROR_INVALID_VALUE;
  uint64_t boxBytes = bytes;
  for (cuuint32_t d = 0; d < tensorRank; ++d) {
    if (globalDim[d] == 0 || globalDim[d] > (uint64_t(1) << 32) || boxDim[d] == 0 || boxDim[d] > 256 ||
        elementStrides[d] == 0 || elementStrides[d] > 8)
      return CUDA_ERROR_INVALID_VALUE;
    if (d + 1 < tensorRank && (globalStrides[d] % 16 != 0 || globalStrides[d] >= (uint64_t(1) << 40)))
      return CUDA_ERROR_INVALID_VALUE;
    boxBytes *= boxDim[d];
  }
  if (interleave == CU_TENSOR_MAP_INTERLEAVE_NONE && (boxDim[0] * bytes) % 16 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (interleave == CU_TENSOR_MAP_INTERLEAVE_NONE && swizzle != CU_TENSOR_MAP_SWIZZLE_NONE) {
    // The box's inner dimension must fit the swizzle's span.
    const uint32_t span = swizzle == CU_TENSOR_MAP_SWIZZLE_32B ? 32 : swizzle == CU_TENSOR_MAP_SWIZZLE_64B ? 64 : 128;
    if (boxDim[0] * bytes > span)
      return CUDA_ERROR_INVALID_VALUE;
  }
  if (interleave == CU_TENSOR_MAP_INTERLEAVE_32B && swizzle != CU_TENSOR_MAP_SWIZZLE_32B)
    return CUDA_ERROR_INVALID_VALUE;
  if (interleave != CU_TENSOR_MAP_INTERLEAVE_NONE)
    return p2m::cuda::notSupported("cuTensorMapEncodeTiled", "interleaved layouts are not supported");
  if (swizzle > CU_TENSOR_MAP_SWIZZLE_128B)
    return p2m::cuda::notSupported("cuTensorMapEncodeTiled", "the 128-byte swizzles with 32- and 64-byte atoms "
                                                             "are not supported");
  for (cuuint32_t d = 1; d < tensorRank; ++d) // elementStrides[0] is ignored without interleave
    if (elementStrides[d] != 1)
      return p2m::cuda::notSupported("cuTensorMapEncodeTiled", "element strides other than 1 are not supported");

  uint32_t words[P2M_TMAP_WORDS] = {};
  words[P2M_TMAP_MAGIC_WORD] = P2M_TMAP_MAGIC;
  words[P2M_TMAP_RANK] = tensorRank;
  words[P2M_TMAP_ELEMENT_BYTES] = bytes;
  words[P2M_TMAP_SWIZZLE_MASK] = swizzleMask(swizzle);
  words[P2M_TMAP_OOB_FILL] = oobFill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA ? 1 : 0;
  words[P2M_TMAP_BOX_BYTES] = static_cast<uint32_t>(boxBytes);
  put(words, P2M_TMAP_NAN_BITS, fillNan(tensorDataType));
  put(words, P2M_TMAP_ADDRESS_LO, address);
  for (cuuint32_t d = 0; d < 5; ++d) {
    put(words, P2M_TMAP_DIM_LO + 2 * d, d < tensorRank ? globalDim[d] : 1);
    if (d >= 1 && d < tensorRank)
      put(words, P2M_TMAP_STRIDE_LO + 2 * (d - 1), globalStrides[d - 1]);
    words[P2M_TMAP_BOX + d / 2] |= (d < tensorRank ? boxDim[d] : 1) << (16 * (d % 2));
  }
  static_assert(sizeof words <= sizeof(CUtensorMap), "the encoding must fit a CUtensorMap");
  std::memset(tensorMap, 0, sizeof(CUtensorMap));
  std::memcpy(tensorMap, words, sizeof words);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTensorMapReplaceAddress(CUtensorMap *tensorMap, void *globalAddress) {
  P2M_API_ENTER();
  (void)driver;
  const uintptr_t address = reinterpret_cast<uintptr_t>(globalAddress);
  uint32_t words[P2M_TMAP_WORDS];
  if (!tensorMap || reinterpret_cast<uintptr_t>(tensorMap) % 64 != 0 || !globalAddress || address % 16 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::memcpy(words, tensorMap, sizeof words);
  if (words[P2M_TMAP_MAGIC_WORD] != P2M_TMAP_MAGIC)
    return CUDA_ERROR_INVALID_VALUE; // not a map cuTensorMapEncodeTiled wrote
  put(words, P2M_TMAP_ADDRESS_LO, address);
  std::memcpy(tensorMap, words, sizeof words);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTensorMapEncodeIm2col(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                         const cuuint64_t *, const int *, const int *, cuuint32_t, cuuint32_t,
                                         const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                         CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  P2M_API_ENTER();
  (void)driver;
  return p2m::cuda::notSupported("cuTensorMapEncodeIm2col", "im2col tensor maps are not supported (tiled ones are)");
}

} // extern "C"

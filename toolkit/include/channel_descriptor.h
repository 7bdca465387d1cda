// channel_descriptor.h: cudaCreateChannelDesc<T>(), the channel format of an element type for
// CUDA arrays and textures (bits per component x, y, z, w and their kind), and the 16-bit float
// formats cudaCreateChannelDescHalf{,1,2,4}(). C++ only; cuda_runtime.h includes it, as CUDA's
// does.
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__

#if defined(__cplusplus)

#include "cuda_runtime_api.h"

// Types with no specialization have no format.
template <class T> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

#pragma push_macro("__P2M_CHANNEL")
#pragma push_macro("__P2M_CHANNELS")
// A scalar type and its 1-, 2- and 4-component vectors.
#define __P2M_CHANNEL(T, BITS, Y, Z, W, KIND)                                                      \
  template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) {          \
    return cudaCreateChannelDesc(BITS, Y, Z, W, KIND);                                             \
  }
#define __P2M_CHANNELS(SCALAR, VEC, BITS, KIND)                                                    \
  __P2M_CHANNEL(SCALAR, BITS, 0, 0, 0, KIND)                                                       \
  __P2M_CHANNEL(VEC##1, BITS, 0, 0, 0, KIND)                                                       \
  __P2M_CHANNEL(VEC##2, BITS, BITS, 0, 0, KIND)                                                    \
  __P2M_CHANNEL(VEC##4, BITS, BITS, BITS, BITS, KIND)

// Plain char is signed or unsigned as the platform's char is.
__P2M_CHANNEL(char, (int)sizeof(char) * 8, 0, 0, 0,
              (char)-1 < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
__P2M_CHANNELS(signed char, char, 8, cudaChannelFormatKindSigned)
__P2M_CHANNELS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
__P2M_CHANNELS(short, short, 16, cudaChannelFormatKindSigned)
__P2M_CHANNELS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
__P2M_CHANNELS(int, int, 32, cudaChannelFormatKindSigned)
__P2M_CHANNELS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
__P2M_CHANNELS(float, float, 32, cudaChannelFormatKindFloat)

#pragma pop_macro("__P2M_CHANNELS")
#pragma pop_macro("__P2M_CHANNEL")

#endif // defined(__cplusplus)
#endif // __CHANNEL_DESCRIPTOR_H__

/* Part of ptx2metal's CUDA toolkit. Written for ptx2metal; ABI-compatible with CUDA 13.0. */

/* host_defines.h: the declaration keywords; the definitions live in crt/host_defines.h. */

#include "crt/host_defines.h"

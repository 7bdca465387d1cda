// Test-only stand-in (see README.md): what the device-side headers need from cuda.h.
#ifndef P2M_TEST_PRELUDE_CUDA_H
#define P2M_TEST_PRELUDE_CUDA_H
#include <stdint.h>
#define CUDA_VERSION 13000
typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;
#endif

// Test-only stand-in (see README.md): clang's __clang_cuda_builtin_vars.h declares threadIdx & co.
#ifndef P2M_TEST_PRELUDE_DEVICE_LAUNCH_PARAMETERS_H
#define P2M_TEST_PRELUDE_DEVICE_LAUNCH_PARAMETERS_H
#define warpSize 32
#endif

// The kernel ABI's numbers (DESIGN.md, "Kernel ABI"): the generic-address windows, the module
// words, the launch status bits, where a kernel's arguments and launch words are, and the name
// of its body. Plain preprocessor definitions, so that MSL (abi.h includes it; the emitter
// pastes its text, between the include guard, in place of that #include) and C++ (the runtime,
// the emitter, the reflection) read the same definitions. Change the ABI here and nowhere else.
#ifndef P2M_KERNEL_ABI_H
#define P2M_KERNEL_ABI_H

// Generic addresses of shared and local memory: fixed windows far above any device address
// (host virtual addresses are below 2^47; Metal GPU addresses likewise). A generic address in
// [window, window + 2^32) is that state space's offset plus the window base.
#define P2M_SHARED_WINDOW 0xFFFE000000000000ul
#define P2M_LOCAL_WINDOW 0xFFFF000000000000ul
#define P2M_WINDOW_SIZE 0x0000000100000000ul

// Generic addresses of kernel parameters (cvta.param): the parameter block's offset plus this
// window. Generic loads look for it only in modules that take such an address (the emitter
// then defines P2M_GENERIC_PARAMS); parameters are read-only, so generic stores never meet it.
#define P2M_PARAM_WINDOW 0xFFFC000000000000ul

// A function's address (mov.u64 %rd, func; a function name in an initializer) is this window
// plus the function's index in its module: a value no device address, shared or local window
// reaches, which an indirect call compares against its possible targets (MSL has no function
// pointers). Nothing loads or stores through it.
#define P2M_FUNCTION_WINDOW 0xFFFD000000000000ul

// The module buffer (buffer 1): device addresses of the .global segment, the .const segment,
// the launch status word (P2M_STATUS_* bits), the module's printf buffer (printf.h; 0
// when no kernel of the module prints) and the context's table of 2^P2M_ATOMIC_LOCK_BITS
// 32-bit lock words for 64-bit atomics (atomic_ops.h; zero-filled, shared by all modules).
#define P2M_MODULE_GLOBAL_BASE 0u
#define P2M_MODULE_CONST_BASE 1u
#define P2M_MODULE_STATUS 2u
#define P2M_MODULE_PRINTF 3u
#define P2M_MODULE_ATOMIC_LOCKS 4u
#define P2M_MODULE_WORDS 5u
#define P2M_ATOMIC_LOCK_BITS 12u

// Bits of the launch status word: a trap, and a failed assert (which then traps too), so that
// the launch fails with CUDA_ERROR_ASSERT rather than CUDA_ERROR_LAUNCH_FAILED; an out-of-range
// surface access in .trap mode and a misaligned surface access (which trap too) fail it with
// CUDA_ERROR_ILLEGAL_ADDRESS and CUDA_ERROR_MISALIGNED_ADDRESS, as on NVIDIA's GPUs; a tensor
// copy NVIDIA's hardware refuses (tensor_ops.h) fails it with CUDA_ERROR_ILLEGAL_INSTRUCTION.
#define P2M_STATUS_TRAP 1u
#define P2M_STATUS_ASSERT 2u
#define P2M_STATUS_ILLEGAL_ADDRESS 4u
#define P2M_STATUS_MISALIGNED_ADDRESS 8u
#define P2M_STATUS_ILLEGAL_INSTRUCTION 16u

// Where a kernel's Metal arguments are: buffer 0 holds the parameter block and then the launch
// words, buffer 1 the module words; the threadgroup window is threadgroup memory 0, its length
// a multiple of P2M_THREADGROUP_GRANULE bytes.
#define P2M_PARAMS_BUFFER 0u
#define P2M_MODULE_BUFFER 1u
#define P2M_THREADGROUP_INDEX 0u
#define P2M_THREADGROUP_GRANULE 16u

// The launch words: P2M_LAUNCH_WORDS_BYTES the runtime appends after the CUDA parameter block,
// at its first P2M_LAUNCH_WORDS_ALIGN-byte boundary. The first (a u32) is the dynamic
// shared-memory size.
#define P2M_LAUNCH_WORDS_ALIGN 16u
#define P2M_LAUNCH_WORDS_BYTES 16u

// Each kernel's body is the function NAME P2M_BODY_SUFFIX(params, module, smem, builtins), which
// the Metal kernel wrapper and the host backend's launcher call.
#define P2M_BODY_SUFFIX "_body"
#endif

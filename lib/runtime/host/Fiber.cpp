// Fiber stacks and the context switch (see Fiber.h).
#include "runtime/host/Fiber.h"

#include <sys/mman.h>
#include <unistd.h>

extern "C" void p2m_fiber_switch(void **saveSp, void *newSp);
extern "C" void p2m_fiber_trampoline();

#if defined(__APPLE__)
#define P2M_ASM_SYMBOL(name) "_" #name
#else
#define P2M_ASM_SYMBOL(name) #name
#endif

#if defined(__x86_64__)
// System V: rbx, rbp, r12-r15 are callee-saved. A new fiber's first switch pops zeros into them
// (rbp = 0 ends the frame chain), except r12 = argument and r13 = entry, and returns into the
// trampoline, which calls entry(argument) with a 16-byte aligned stack.
asm(R"(
  .text
  .globl )" P2M_ASM_SYMBOL(p2m_fiber_switch) R"(
  .p2align 4
)" P2M_ASM_SYMBOL(p2m_fiber_switch) R"(:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .globl )" P2M_ASM_SYMBOL(p2m_fiber_trampoline) R"(
  .p2align 4
)" P2M_ASM_SYMBOL(p2m_fiber_trampoline) R"(:
  movq %r12, %rdi
  callq *%r13
  ud2
)");
#elif defined(__aarch64__)
// AAPCS64: x19-x28, x29 (fp), x30 (lr), d8-d15 are callee-saved. A new fiber's first switch
// loads x19 = argument, x20 = entry, x29 = 0 (ends the frame chain), x30 = the trampoline.
asm(R"(
  .text
  .globl )" P2M_ASM_SYMBOL(p2m_fiber_switch) R"(
  .p2align 4
)" P2M_ASM_SYMBOL(p2m_fiber_switch) R"(:
  sub sp, sp, #160
  stp x19, x20, [sp, #0]
  stp x21, x22, [sp, #16]
  stp x23, x24, [sp, #32]
  stp x25, x26, [sp, #48]
  stp x27, x28, [sp, #64]
  stp x29, x30, [sp, #80]
  stp d8, d9, [sp, #96]
  stp d10, d11, [sp, #112]
  stp d12, d13, [sp, #128]
  stp d14, d15, [sp, #144]
  mov x2, sp
  str x2, [x0]
  mov sp, x1
  ldp x19, x20, [sp, #0]
  ldp x21, x22, [sp, #16]
  ldp x23, x24, [sp, #32]
  ldp x25, x26, [sp, #48]
  ldp x27, x28, [sp, #64]
  ldp x29, x30, [sp, #80]
  ldp d8, d9, [sp, #96]
  ldp d10, d11, [sp, #112]
  ldp d12, d13, [sp, #128]
  ldp d14, d15, [sp, #144]
  add sp, sp, #160
  ret
  .globl )" P2M_ASM_SYMBOL(p2m_fiber_trampoline) R"(
  .p2align 4
)" P2M_ASM_SYMBOL(p2m_fiber_trampoline) R"(:
  mov x0, x19
  blr x20
  brk #0
)");
#else
#error "the host backend's fibers support x86-64 and AArch64"
#endif

namespace p2m::runtime::host {

FiberStack::~FiberStack() {
  if (mapping_)
    munmap(mapping_, mappingBytes_);
}

bool FiberStack::allocate(size_t bytes) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  bytes = (bytes + page - 1) / page * page;
  void *mapping = mmap(nullptr, bytes + page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapping == MAP_FAILED)
    return false;
  // The guard page sits below the stack (stacks grow down): an overflow faults instead of
  // silently writing into the neighbouring fiber's stack.
  if (mprotect(mapping, page, PROT_NONE) != 0) {
    munmap(mapping, bytes + page);
    return false;
  }
  mapping_ = mapping;
  mappingBytes_ = bytes + page;
  low_ = static_cast<char *>(mapping) + page;
  bytes_ = bytes;
  return true;
}

void makeFiberContext(FiberContext &context, const FiberStack &stack, size_t offset,
                      void (*entry)(void *), void *argument) {
  auto top = (reinterpret_cast<uintptr_t>(stack.high()) - offset) & ~uintptr_t(15);
  auto *words = reinterpret_cast<uintptr_t *>(top);
#if defined(__x86_64__)
  // From the saved stack pointer up: r15, r14, r13, r12, rbx, rbp, return address. After the
  // return the stack pointer is `top`, 16-byte aligned at the trampoline's call as the ABI
  // requires.
  words -= 7;
  words[0] = 0;                                      // r15
  words[1] = 0;                                      // r14
  words[2] = reinterpret_cast<uintptr_t>(entry);     // r13
  words[3] = reinterpret_cast<uintptr_t>(argument);  // r12
  words[4] = 0;                                      // rbx
  words[5] = 0;                                      // rbp
  words[6] = reinterpret_cast<uintptr_t>(&p2m_fiber_trampoline);
#else
  words -= 20; // the 160-byte save area
  for (int i = 0; i < 20; ++i)
    words[i] = 0;
  words[0] = reinterpret_cast<uintptr_t>(argument); // x19
  words[1] = reinterpret_cast<uintptr_t>(entry);    // x20
  words[11] = reinterpret_cast<uintptr_t>(&p2m_fiber_trampoline); // x30
#endif
  context.sp = words;
}

void switchFiber(FiberContext &from, const FiberContext &to) {
  p2m_fiber_switch(&from.sp, to.sp);
}

} // namespace p2m::runtime::host

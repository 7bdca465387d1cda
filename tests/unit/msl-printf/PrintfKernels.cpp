// printf.h compiled as the host backend compiles generated MSL (C++17 against the host
// metal_stdlib), behind PrintfKernels.h. No system header may follow metal_stdlib: it defines
// device, constant, thread, threadgroup and kernel as macros.
#include "PrintfKernels.h"

#include "metal_stdlib"
using namespace metal;
#include "abi.h" // always pasted first
#include "printf.h"

namespace p2m::mslprintf {
namespace {

// A thread's context with module words of its own (the printf buffer and the launch status
// word are used). C-style casts into the address spaces: Clang allows them, MSL does not.
struct Context {
  explicit Context(const Thread &t)
  {
    words[P2M_MODULE_PRINTF] = t.printfBuffer;
    words[P2M_MODULE_STATUS] = reinterpret_cast<ulong>(&status);
    ctx.module = (constant uchar *)words;
    ctx.smem = (threadgroup uchar *)t.shared;
    ctx.lmem = t.local;
    ctx.b.ctaid = uint3{t.ctaid[0], t.ctaid[1], t.ctaid[2]};
    ctx.b.tid = uint3{t.tid[0], t.tid[1], t.tid[2]};
  }
  ulong words[4] = {0, 0, 0, 0};
  uint status = 0;
  p2m_ctx ctx = {};
};

} // namespace

uint64_t sharedWindowAddress(uint32_t offset) { return P2M_SHARED_WINDOW + offset; }
uint64_t localWindowAddress(uint32_t offset) { return P2M_LOCAL_WINDOW + offset; }

void scanFormat(const Thread &caller, uint64_t format, uint32_t *bytes, int *count)
{
  Context c(caller);
  p2m_printf_layout layout = p2m_printf_scan(c.ctx, format);
  *bytes = layout.bytes;
  *count = layout.count;
}

int callVprintf(const Thread &caller, uint64_t format, uint64_t args)
{
  Context c(caller);
  ulong result[1] = {0xAAAAAAAAAAAAAAAAul}, formatFrame[1] = {format}, argsFrame[1] = {args};
  p2m_vprintf_call(c.ctx, (thread uchar *)result, (thread uchar *)formatFrame, (thread uchar *)argsFrame);
  return int(uint(result[0]));
}

uint32_t callAssertfail(const Thread &caller, uint64_t message, uint64_t file, uint32_t line, uint64_t function)
{
  Context c(caller);
  ulong frames[5] = {message, file, line, function, 1};
  p2m_assertfail_call(c.ctx, (thread uchar *)&frames[0], (thread uchar *)&frames[1], (thread uchar *)&frames[2],
                      (thread uchar *)&frames[3], (thread uchar *)&frames[4]);
  return c.status;
}

} // namespace p2m::mslprintf

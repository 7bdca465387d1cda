// ptx2metal MSL support library: CUDA's device printf (the vprintf the PTX declares .extern)
// and the message of a failed assert (__assertfail), written as records into the module's
// printf buffer, which the runtime prints after the launch (lib/runtime/core/DevicePrintf.h
// reads what this file writes: the two must agree on every layout below). Pasted after abi.h.
//
// The buffer (module word P2M_MODULE_PRINTF; 0: records are dropped uncounted):
//   uint used      record bytes reserved so far
//   uint capacity  record bytes there is room for after this 16-byte header
//   uint dropped   records that did not fit (the runtime warns about them)
//   uint unused
// then the records, each a multiple of 8 bytes:
//   uint size      the record's bytes, this 16-byte header included
//   uint kind      P2M_PRINTF_KIND_FORMAT: a printf; P2M_PRINTF_KIND_ASSERT: an assertion
//   ulong format   the format string's generic address (0 for an assertion: the runtime
//                  knows CUDA's assertion format)
//   the argument bytes, in the layout of vprintf's argument buffer
//
// vprintf's argument buffer (what nvcc and clang store before the call): the arguments in
// order, each at its natural alignment from the buffer's start. 4 bytes for %c, for an integer
// conversion (d i o u x X) without a 64-bit length, and for each `*` width or precision;
// 8 bytes for an integer conversion with length l, ll, L, q, j, z or t, for e E f F g G a A
// (f32 arguments arrive promoted to binary64), for %s and %p. "%%" takes none. A directive
// that does not end in one of those conversions takes none and is printed as it is, up to
// the character that ended it; so is every directive after the 32nd argument (CUDA's limit).
#ifndef P2M_PRINTF_H
#define P2M_PRINTF_H

#define P2M_PRINTF_HEADER_BYTES 16u
#define P2M_PRINTF_RECORD_HEADER_BYTES 16u
#define P2M_PRINTF_KIND_FORMAT 0u
#define P2M_PRINTF_KIND_ASSERT 1u
#define P2M_PRINTF_MAX_ARGS 32u
// The longest format string read: a bound on the scan when the terminating NUL is missing.
#define P2M_PRINTF_MAX_FORMAT 65536u
// An assertion's arguments, laid out for CUDA's assertion format
// "%s:%d: %s: block: [%d,%d,%d], thread: [%d,%d,%d] Assertion `%s` failed.\n":
// file, line, function, %ctaid.x/y/z, %tid.x/y/z, message.
#define P2M_PRINTF_ASSERT_ARG_BYTES 56u

// The format's character at `i`, 0 at and after the end.
static inline uint p2m_printf_char(thread p2m_ctx &ctx, ulong format, uint i)
{
    return i < P2M_PRINTF_MAX_FORMAT ? uint(p2m_ld_generic<uchar>(ctx, format + ulong(i))) : 0u;
}

static inline bool p2m_printf_is_flag(uint c)
{
    return c == uint('-') || c == uint('+') || c == uint(' ') || c == uint('#') || c == uint('0') ||
           c == uint('\'');
}

static inline bool p2m_printf_is_digit(uint c) { return c >= uint('0') && c <= uint('9'); }

static inline bool p2m_printf_is_length(uint c)
{
    return c == uint('h') || c == uint('l') || c == uint('L') || c == uint('q') || c == uint('j') ||
           c == uint('z') || c == uint('t');
}

// The argument bytes of conversion `c` (`wide`: a 64-bit length), 0 when `c` is none.
static inline uint p2m_printf_conversion_bytes(uint c, bool wide)
{
    if (c == uint('c'))
        return 4u;
    if (c == uint('d') || c == uint('i') || c == uint('o') || c == uint('u') || c == uint('x') || c == uint('X'))
        return wide ? 8u : 4u;
    if (c == uint('e') || c == uint('E') || c == uint('f') || c == uint('F') || c == uint('g') ||
        c == uint('G') || c == uint('a') || c == uint('A') || c == uint('s') || c == uint('p'))
        return 8u;
    return 0u;
}

// The end of an argument of `bytes` (4 or 8) placed after `end`, at its natural alignment.
static inline uint p2m_printf_place(uint end, uint bytes) { return ((end + bytes - 1u) & ~(bytes - 1u)) + bytes; }

// Skips a width or precision at `i`: `*` (an int argument; returns 1) or digits (returns 0).
static inline uint p2m_printf_skip_field(thread p2m_ctx &ctx, ulong format, thread uint &i)
{
    if (p2m_printf_char(ctx, format, i) == uint('*')) {
        ++i;
        return 1u;
    }
    while (p2m_printf_is_digit(p2m_printf_char(ctx, format, i)))
        ++i;
    return 0u;
}

struct p2m_printf_layout {
    uint bytes; // of the argument buffer the format reads
    int count;  // arguments, `*` included
};

static inline p2m_printf_layout p2m_printf_scan(thread p2m_ctx &ctx, ulong format)
{
    p2m_printf_layout layout = {0u, 0};
    uint i = 0u;
    while (p2m_printf_char(ctx, format, i) != 0u) {
        if (p2m_printf_char(ctx, format, i++) != uint('%'))
            continue;
        if (p2m_printf_char(ctx, format, i) == uint('%')) {
            ++i;
            continue;
        }
        while (p2m_printf_is_flag(p2m_printf_char(ctx, format, i)))
            ++i;
        uint stars = p2m_printf_skip_field(ctx, format, i);
        if (p2m_printf_char(ctx, format, i) == uint('.')) {
            ++i;
            stars += p2m_printf_skip_field(ctx, format, i);
        }
        bool wide = false;
        while (p2m_printf_is_length(p2m_printf_char(ctx, format, i))) {
            wide = wide || p2m_printf_char(ctx, format, i) != uint('h');
            ++i;
        }
        uint bytes = p2m_printf_conversion_bytes(p2m_printf_char(ctx, format, i), wide);
        // Not a conversion, or past the argument limit: printed as it is, no argument.
        if (bytes == 0u || uint(layout.count) + stars + 1u > P2M_PRINTF_MAX_ARGS)
            continue;
        ++i;
        for (uint k = 0u; k < stars; ++k)
            layout.bytes = p2m_printf_place(layout.bytes, 4u);
        layout.bytes = p2m_printf_place(layout.bytes, bytes);
        layout.count += int(stars) + 1;
    }
    return layout;
}

// Reserves a record with `arg_bytes` of arguments in the module's printf buffer and writes its
// header; returns the address of its argument bytes, or 0 when there is no room (the record
// is counted as dropped).
static inline ulong p2m_printf_reserve(thread p2m_ctx &ctx, uint kind, ulong format, uint arg_bytes)
{
    ulong buffer = p2m_module_word(ctx.module, P2M_MODULE_PRINTF);
    if (buffer == 0ul)
        return 0ul;
    device atomic_uint *used = reinterpret_cast<device atomic_uint *>(buffer);
    device atomic_uint *dropped = reinterpret_cast<device atomic_uint *>(buffer + 8ul);
    uint capacity = reinterpret_cast<device const p2m_alias<uint> *>(buffer + 4ul)->v;
    uint size = (P2M_PRINTF_RECORD_HEADER_BYTES + arg_bytes + 7u) & ~7u;
    // A compare-exchange, not an add, so that `used` never passes the capacity (or wraps).
    uint offset = atomic_load_explicit(used, memory_order_relaxed);
    do {
        if (size > capacity || offset > capacity - size) {
            atomic_fetch_add_explicit(dropped, 1u, memory_order_relaxed);
            return 0ul;
        }
    } while (!atomic_compare_exchange_weak_explicit(used, &offset, offset + size, memory_order_relaxed,
                                                    memory_order_relaxed));
    ulong record = buffer + ulong(P2M_PRINTF_HEADER_BYTES) + ulong(offset);
    reinterpret_cast<device p2m_alias<uint> *>(record)->v = size;
    reinterpret_cast<device p2m_alias<uint> *>(record + 4ul)->v = kind;
    reinterpret_cast<device p2m_alias<ulong> *>(record + 8ul)->v = format;
    return record + ulong(P2M_PRINTF_RECORD_HEADER_BYTES);
}

// CUDA's vprintf: `format` and `args` are generic addresses. Returns the number of arguments
// the format reads, -1 for a null format (CUDA's results).
static inline int p2m_vprintf(thread p2m_ctx &ctx, ulong format, ulong args)
{
    if (format == 0ul)
        return -1;
    p2m_printf_layout layout = p2m_printf_scan(ctx, format);
    // A call without an argument buffer records none; the runtime prints what it lacks as text.
    uint copied = args == 0ul ? 0u : layout.bytes;
    ulong out = p2m_printf_reserve(ctx, P2M_PRINTF_KIND_FORMAT, format, copied);
    if (out != 0ul) {
        device uchar *to = reinterpret_cast<device uchar *>(out);
        for (uint k = 0u; k < copied; ++k)
            to[k] = p2m_ld_generic<uchar>(ctx, args + ulong(k));
    }
    return layout.count;
}

// The record of a failed assertion (the launch then fails: the emitter traps after it).
static inline void p2m_assertfail(thread p2m_ctx &ctx, ulong message, ulong file, uint line, ulong function)
{
    device atomic_uint *status =
        reinterpret_cast<device atomic_uint *>(p2m_module_word(ctx.module, P2M_MODULE_STATUS));
    atomic_fetch_or_explicit(status, P2M_STATUS_ASSERT, memory_order_relaxed);
    ulong out = p2m_printf_reserve(ctx, P2M_PRINTF_KIND_ASSERT, 0ul, P2M_PRINTF_ASSERT_ARG_BYTES);
    if (out == 0ul)
        return;
    device uchar *args = reinterpret_cast<device uchar *>(out);
    reinterpret_cast<device p2m_alias<ulong> *>(args)->v = file;
    reinterpret_cast<device p2m_alias<uint> *>(args + 8)->v = line;
    reinterpret_cast<device p2m_alias<ulong> *>(args + 16)->v = function;
    device p2m_alias<uint> *ids = reinterpret_cast<device p2m_alias<uint> *>(args + 24);
    ids[0].v = ctx.b.ctaid.x;
    ids[1].v = ctx.b.ctaid.y;
    ids[2].v = ctx.b.ctaid.z;
    ids[3].v = ctx.b.tid.x;
    ids[4].v = ctx.b.tid.y;
    ids[5].v = ctx.b.tid.z;
    reinterpret_cast<device p2m_alias<ulong> *>(args + 48)->v = message;
}

// The two as PTX calls them: through .param frames (the return value's, then the arguments').
static inline ulong p2m_frame_u64(thread uchar *frame) { return reinterpret_cast<thread p2m_alias<ulong> *>(frame)->v; }

static inline void p2m_vprintf_call(thread p2m_ctx &ctx, thread uchar *result, thread uchar *format,
                                    thread uchar *args)
{
    reinterpret_cast<thread p2m_alias<int> *>(result)->v =
        p2m_vprintf(ctx, p2m_frame_u64(format), p2m_frame_u64(args));
}

// __assertfail(message, file, line, function, char size).
static inline void p2m_assertfail_call(thread p2m_ctx &ctx, thread uchar *message, thread uchar *file,
                                       thread uchar *line, thread uchar *function, thread uchar *)
{
    p2m_assertfail(ctx, p2m_frame_u64(message), p2m_frame_u64(file),
                   reinterpret_cast<thread p2m_alias<uint> *>(line)->v, p2m_frame_u64(function));
}

#endif

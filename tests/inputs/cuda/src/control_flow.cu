// Control-flow shapes: nested loops with break/continue, a dense switch that becomes a jump
// table (brx.idx) at -O3, a sparse switch, early returns, goto-made irreducible regions,
// non-inlined device function calls, and indirect calls through function pointers (call with
// a .callprototype).
#include "common.h"

extern "C" __global__ void cf_nested_loops(const int *a, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;        // early return
  int v = a[i], acc = 0;
  for (int r = 0; r < 8; ++r) {
    if (r == v % 5) continue;
    for (int c = 0; c < 8; ++c) {
      if (c > r) break;
      if (((r * c) ^ v) & 1) continue;
      acc += r * 8 + c;
      if (acc > 1000 + v) goto done;   // multi-level exit
    }
  }
  while (acc % 7 != 0 && acc < 5000) acc += v & 3 ? v & 3 : 1;
  do { acc ^= acc >> 3; } while ((acc & 1) && acc > 16);
done:
  out[i] = acc;
}

// Dense switch on 12 consecutive values: a candidate for a jump table.
__device__ __forceinline__ int dense_case(int sel, int x) {
  switch (sel) {
    case 0: return x + 1;
    case 1: return x * 3;
    case 2: return x ^ 0x55;
    case 3: return x - 17;
    case 4: return x << 2;
    case 5: return x >> 1;
    case 6: return ~x;
    case 7: return x * x;
    case 8: return x | 0x100;
    case 9: return x & 0xff;
    case 10: return -x;
    case 11: return x / 3;
    default: return 42;
  }
}

extern "C" __global__ void cf_switch_dense(const int *sel, const int *x, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  out[i] = dense_case(sel[i], x[i]);
}

// A switch whose cases fall through and whose values are sparse (compare chains).
extern "C" __global__ void cf_switch_sparse(const int *sel, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int r = 0;
  switch (sel[i]) {
    case -100: r += 1;  [[fallthrough]];
    case 7: r += 10; break;
    case 1000: r += 100; [[fallthrough]];
    case 65536: r += 1000; break;
    case 3: return;          // leaves out[i] untouched
    default: r = -1;
  }
  out[i] = r;
}

// An irreducible loop: the cycle {A, B} is entered at A or at B depending on the input.
__device__ __noinline__ int irreducible(int x, int limit) {
  int i = 0, steps = 0;
  if (x & 1) goto B;
A:
  i += 3;
  if (++steps > 64 || i > limit) goto out;
B:
  i += (x & 7) + 1;
  if ((i & 3) != 0) goto A;
  if (++steps <= 64 && i < limit) goto B;
out:
  return i * 100 + steps;
}

extern "C" __global__ void cf_irreducible(const int *x, const int *limit, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  out[i] = irreducible(x[i], limit[i]);
}

// Non-inlined calls with several parameters, a struct return and a by-pointer result.
struct DivMod {
  int q, r;
};

__device__ __noinline__ DivMod divmod(int a, int b) { return DivMod{a / b, a % b}; }

__device__ __noinline__ void accumulate(int *dst, int a, float b, double c, long long d) {
  *dst += a + (int)b + (int)c + (int)(d >> 3);
}

extern "C" __global__ void cf_calls(const int *a, const int *b, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  DivMod dm = divmod(a[i], b[i] == 0 ? 1 : b[i]);
  int acc = dm.q;
  accumulate(&acc, dm.r, 1.5f * (float)dm.q, 0.25 * (double)a[i], (long long)b[i] << 5);
  out[i] = acc;
}

// Indirect calls: a table of device function pointers in module memory.
typedef int (*binop_t)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_max(int a, int b) { return a > b ? a : b; }
__device__ binop_t g_ops[4] = {op_add, op_sub, op_mul, op_max};

typedef float (*unop_t)(float);
__device__ __noinline__ float f_half(float x) { return x * 0.5f; }
__device__ __noinline__ float f_square(float x) { return x * x; }

extern "C" __global__ void cf_function_pointers(const int *sel, const int *a, const int *b,
                                                int *out, float *outf, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  binop_t f = g_ops[sel[i] & 3];
  out[i] = f(a[i], b[i]);
  unop_t g = (sel[i] & 4) ? f_square : f_half;   // pointer chosen without a table
  outf[i] = g((float)a[i]);
}

// Predication-friendly short branches and a loop with a data-dependent trip count.
extern "C" __global__ void cf_select_and_while(const int *a, int *out, int n) {
  unsigned i = p2m_gid();
  if (i >= (unsigned)n) return;
  int x = a[i];
  int y = x < 0 ? -x : x;
  int steps = 0;
  while (y != 1 && y != 0 && steps < 200) {  // Collatz, bounded
    y = (y & 1) ? 3 * y + 1 : y >> 1;
    ++steps;
  }
  out[i] = steps + (x > 100 ? 1000 : 0);
}

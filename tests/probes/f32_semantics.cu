// Probe: f32 semantics on an NVIDIA GPU, and emitters/msl/support/f32_ops.h checked against it.
// Build and run from the repository root:
//   nvcc -O3 -arch=sm_90 -fmad=false -I. -o f32probe tests/probes/f32_semantics.cu && ./f32probe
// Every operand comes from global memory or a run-time generator and every instruction is
// inline PTX (asm volatile), so neither nvcc nor ptxas can fold them. Parts:
//   1. special cases (signed zeros, NaN payloads, subnormals, range ends): hardware vs header;
//   2. random NaN-heavy operands: is every NaN result of the hardware 0x7FFFFFFF?
//   3. the header compiled for the GPU (shim below) against the hardware instruction, bit for
//      bit: 2^27 generated inputs per binary/ternary op, all 2^32 inputs for unary ops;
//   4. the .approx instructions over all 2^32 inputs: the hardware's and the header's maximum
//      error against a double-precision reference, in the ISA's terms.
// Results: docs/gpu-facts.md. The run there (2026-11-29, 15 s on an H200) found the header
// differing from the hardware in neg/abs of NaNs, testp.normal of zeros, div.approx with
// subnormal divisors and sin/cos (NVIDIA's argument reduction); the header now follows it.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

// ---- the header, compiled as CUDA device code -------------------------------------------
namespace p2m_gpu {
typedef unsigned int uint;
template <typename T, typename U>
__device__ inline T as_type(U x)
{
    static_assert(sizeof(T) == sizeof(U), "as_type");
    T t;
    memcpy(&t, &x, sizeof t);
    return t;
}
__device__ inline uint clz(uint x) { return static_cast<uint>(__clz(static_cast<int>(x))); }
__device__ inline float fma(float a, float b, float c) { return __fmaf_rn(a, b, c); }
__device__ inline float rint(float x) { return rintf(x); }
#define inline __device__ inline
#include "emitters/msl/support/f32_ops.h"
#undef inline
} // namespace p2m_gpu
using namespace p2m_gpu;
typedef unsigned long long u64;

// ---- hardware instructions ----------------------------------------------------------------
#define F(x) __uint_as_float(x)
#define U(x) __float_as_uint(x)
#define HW1(name, op) __device__ __noinline__ uint hw_##name(uint a) { float r; \
    asm volatile(op " %0, %1;" : "=f"(r) : "f"(F(a))); return U(r); }
#define HW2(name, op) __device__ __noinline__ uint hw_##name(uint a, uint b) { float r; \
    asm volatile(op " %0, %1, %2;" : "=f"(r) : "f"(F(a)), "f"(F(b))); return U(r); }
#define HW3(name, op) __device__ __noinline__ uint hw_##name(uint a, uint b, uint c) { float r; \
    asm volatile(op " %0, %1, %2, %3;" : "=f"(r) : "f"(F(a)), "f"(F(b)), "f"(F(c))); return U(r); }
#define HWP(name, op) __device__ __noinline__ uint hw_##name(uint a) { uint r; \
    asm volatile("{ .reg .pred p; " op " p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r) : "f"(F(a))); return r; }
HW2(add_rn, "add.rn.f32") HW2(add_rz, "add.rz.f32") HW2(add_rm, "add.rm.f32") HW2(add_rp, "add.rp.f32")
HW2(sub_rn, "sub.rn.f32") HW2(sub_rz, "sub.rz.f32") HW2(sub_rm, "sub.rm.f32") HW2(sub_rp, "sub.rp.f32")
HW2(mul_rn, "mul.rn.f32") HW2(mul_rz, "mul.rz.f32") HW2(mul_rm, "mul.rm.f32") HW2(mul_rp, "mul.rp.f32")
HW3(fma_rn, "fma.rn.f32") HW3(fma_rz, "fma.rz.f32") HW3(fma_rm, "fma.rm.f32") HW3(fma_rp, "fma.rp.f32")
HW2(div_rn, "div.rn.f32") HW2(div_rz, "div.rz.f32") HW2(div_rm, "div.rm.f32") HW2(div_rp, "div.rp.f32")
HW1(rcp_rn, "rcp.rn.f32") HW1(rcp_rz, "rcp.rz.f32") HW1(rcp_rm, "rcp.rm.f32") HW1(rcp_rp, "rcp.rp.f32")
HW1(sqrt_rn, "sqrt.rn.f32") HW1(sqrt_rz, "sqrt.rz.f32") HW1(sqrt_rm, "sqrt.rm.f32") HW1(sqrt_rp, "sqrt.rp.f32")
HW2(div_full, "div.full.f32") HW2(div_approx, "div.approx.f32")
HW2(min, "min.f32") HW2(max, "max.f32") HW2(min_nan, "min.NaN.f32") HW2(max_nan, "max.NaN.f32")
HW2(min_xa, "min.xorsign.abs.f32") HW2(max_xa, "max.xorsign.abs.f32")
HW2(copysign, "copysign.f32") HW1(abs, "abs.f32") HW1(neg, "neg.f32")
HW2(add_sat, "add.rn.sat.f32") HW3(fma_sat, "fma.rn.sat.f32")
HW1(rcp_approx, "rcp.approx.f32") HW1(sqrt_approx, "sqrt.approx.f32") HW1(rsqrt_approx, "rsqrt.approx.f32")
HW1(sin_approx, "sin.approx.f32") HW1(cos_approx, "cos.approx.f32") HW1(lg2_approx, "lg2.approx.f32")
HW1(ex2_approx, "ex2.approx.f32") HW1(tanh_approx, "tanh.approx.f32")
HWP(tp_finite, "testp.finite.f32") HWP(tp_infinite, "testp.infinite.f32") HWP(tp_number, "testp.number.f32")
HWP(tp_notanumber, "testp.notanumber.f32") HWP(tp_normal, "testp.normal.f32")
HWP(tp_subnormal, "testp.subnormal.f32")

// ---- the ops: name, arity, input family, hardware, header ------------------------------
// Families of generated inputs: G generic, A add-like (cancellation, exponent gaps),
// M mul-like (products near the thresholds), D div-like, T fma-like, X exhaustive unary.
enum Family { G, A, M, D, T, X };
#define B2(v) F((v) ? 1u : 0u)
#define OPS(Y) \
  Y(add_rn, A, hw_add_rn(a, b), p2m_add_rn_f32(F(a), F(b))) Y(add_rz, A, hw_add_rz(a, b), p2m_add_rz_f32(F(a), F(b))) \
  Y(add_rm, A, hw_add_rm(a, b), p2m_add_rm_f32(F(a), F(b))) Y(add_rp, A, hw_add_rp(a, b), p2m_add_rp_f32(F(a), F(b))) \
  Y(sub_rn, A, hw_sub_rn(a, b), p2m_sub_rn_f32(F(a), F(b))) Y(sub_rz, A, hw_sub_rz(a, b), p2m_sub_rz_f32(F(a), F(b))) \
  Y(sub_rm, A, hw_sub_rm(a, b), p2m_sub_rm_f32(F(a), F(b))) Y(sub_rp, A, hw_sub_rp(a, b), p2m_sub_rp_f32(F(a), F(b))) \
  Y(mul_rn, M, hw_mul_rn(a, b), p2m_mul_rn_f32(F(a), F(b))) Y(mul_rz, M, hw_mul_rz(a, b), p2m_mul_rz_f32(F(a), F(b))) \
  Y(mul_rm, M, hw_mul_rm(a, b), p2m_mul_rm_f32(F(a), F(b))) Y(mul_rp, M, hw_mul_rp(a, b), p2m_mul_rp_f32(F(a), F(b))) \
  Y(fma_rn, T, hw_fma_rn(a, b, c), p2m_fma_rn_f32(F(a), F(b), F(c))) \
  Y(fma_rz, T, hw_fma_rz(a, b, c), p2m_fma_rz_f32(F(a), F(b), F(c))) \
  Y(fma_rm, T, hw_fma_rm(a, b, c), p2m_fma_rm_f32(F(a), F(b), F(c))) \
  Y(fma_rp, T, hw_fma_rp(a, b, c), p2m_fma_rp_f32(F(a), F(b), F(c))) \
  Y(div_rn, D, hw_div_rn(a, b), p2m_div_rn_f32(F(a), F(b))) Y(div_rz, D, hw_div_rz(a, b), p2m_div_rz_f32(F(a), F(b))) \
  Y(div_rm, D, hw_div_rm(a, b), p2m_div_rm_f32(F(a), F(b))) Y(div_rp, D, hw_div_rp(a, b), p2m_div_rp_f32(F(a), F(b))) \
  Y(div_full, D, hw_div_full(a, b), p2m_div_full_f32(F(a), F(b))) \
  Y(div_approx, D, hw_div_approx(a, b), p2m_div_approx_f32(F(a), F(b))) \
  Y(min, G, hw_min(a, b), p2m_min_f32(F(a), F(b))) Y(max, G, hw_max(a, b), p2m_max_f32(F(a), F(b))) \
  Y(min_nan, G, hw_min_nan(a, b), p2m_min_nan_f32(F(a), F(b))) Y(max_nan, G, hw_max_nan(a, b), p2m_max_nan_f32(F(a), F(b))) \
  Y(min_xa, G, hw_min_xa(a, b), p2m_min_xorsign_abs_f32(F(a), F(b))) \
  Y(max_xa, G, hw_max_xa(a, b), p2m_max_xorsign_abs_f32(F(a), F(b))) \
  Y(copysign, G, hw_copysign(a, b), p2m_copysign_f32(F(a), F(b))) \
  Y(add_sat, A, hw_add_sat(a, b), p2m_sat_f32(p2m_add_rn_f32(F(a), F(b)))) \
  Y(fma_sat, T, hw_fma_sat(a, b, c), p2m_sat_f32(p2m_fma_rn_f32(F(a), F(b), F(c)))) \
  Y(abs, X, hw_abs(a), p2m_abs_f32(F(a))) Y(neg, X, hw_neg(a), p2m_neg_f32(F(a))) \
  Y(rcp_rn, X, hw_rcp_rn(a), p2m_rcp_rn_f32(F(a))) Y(rcp_rz, X, hw_rcp_rz(a), p2m_rcp_rz_f32(F(a))) \
  Y(rcp_rm, X, hw_rcp_rm(a), p2m_rcp_rm_f32(F(a))) Y(rcp_rp, X, hw_rcp_rp(a), p2m_rcp_rp_f32(F(a))) \
  Y(sqrt_rn, X, hw_sqrt_rn(a), p2m_sqrt_rn_f32(F(a))) Y(sqrt_rz, X, hw_sqrt_rz(a), p2m_sqrt_rz_f32(F(a))) \
  Y(sqrt_rm, X, hw_sqrt_rm(a), p2m_sqrt_rm_f32(F(a))) Y(sqrt_rp, X, hw_sqrt_rp(a), p2m_sqrt_rp_f32(F(a))) \
  Y(tp_finite, X, hw_tp_finite(a), B2(p2m_testp_finite_f32(F(a)))) \
  Y(tp_infinite, X, hw_tp_infinite(a), B2(p2m_testp_infinite_f32(F(a)))) \
  Y(tp_number, X, hw_tp_number(a), B2(p2m_testp_number_f32(F(a)))) \
  Y(tp_notanumber, X, hw_tp_notanumber(a), B2(p2m_testp_notanumber_f32(F(a)))) \
  Y(tp_normal, X, hw_tp_normal(a), B2(p2m_testp_normal_f32(F(a)))) \
  Y(tp_subnormal, X, hw_tp_subnormal(a), B2(p2m_testp_subnormal_f32(F(a)))) \
  Y(rcp_approx, X, hw_rcp_approx(a), p2m_rcp_approx_f32(F(a))) \
  Y(sqrt_approx, X, hw_sqrt_approx(a), p2m_sqrt_approx_f32(F(a))) \
  Y(rsqrt_approx, X, hw_rsqrt_approx(a), p2m_rsqrt_approx_f32(F(a))) \
  Y(sin_approx, X, hw_sin_approx(a), p2m_sin_approx_f32(F(a))) \
  Y(cos_approx, X, hw_cos_approx(a), p2m_cos_approx_f32(F(a))) \
  Y(lg2_approx, X, hw_lg2_approx(a), p2m_lg2_approx_f32(F(a))) \
  Y(ex2_approx, X, hw_ex2_approx(a), p2m_ex2_approx_f32(F(a))) \
  Y(tanh_approx, X, hw_tanh_approx(a), p2m_tanh_approx_f32(F(a)))
#define ENUM_(n, f, h, m) OP_##n,
enum { OPS(ENUM_) OP_COUNT };
#define NAME_(n, f, h, m) #n,
static const char *kNames[] = {OPS(NAME_)};
#define FAM_(n, f, h, m) f,
static const int kFamily[] = {OPS(FAM_)};
#define FIRST_APPROX OP_rcp_approx

__device__ uint hwOp(int op, uint a, uint b, uint c)
{
    switch (op) {
#define HWC_(n, f, h, m) case OP_##n: return h;
        OPS(HWC_)
    }
    return 0;
}

__device__ uint meOp(int op, uint a, uint b, uint c)
{
    switch (op) {
#define MEC_(n, f, h, m) case OP_##n: return U(m);
        OPS(MEC_)
    }
    return 0;
}

// ---- generated inputs -----------------------------------------------------------------
__device__ __host__ inline u64 mix(u64 z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
struct Rng {
    u64 s;
    __device__ uint next() { s += 0x9E3779B97F4A7C15ull; return (uint)(mix(s) >> 32); }
    __device__ uint below(uint n) { return next() % n; }
    __device__ uint withField(int field)
    {
        field = field < 0 ? 0 : field > 254 ? 254 : field;
        return (next() & 0x80000000u) | ((uint)field << 23) | (next() & 0x7FFFFFu);
    }
    __device__ uint interesting()
    {
        const uint special[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC12345u,
            0xFFC00001u, 0x7F800001u, 0xFFA00123u, 0x7FFFFFFFu, 0x00000001u, 0x807FFFFFu,
            0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u, 0x3F800001u, 0x4B000000u};
        switch (below(16)) {
        case 0: return special[below(sizeof special / sizeof special[0])];
        case 1: return withField(0);
        case 2: return withField(1 + (int)below(8));
        case 3: return withField(254 - (int)below(8));
        case 4: return withField(126 + (int)below(3));
        case 5: { uint v = next() & 0xFFF80000u; return (v & 0x7FFFFFFFu) > 0x7F800000u ? 0x3F800000u : v; }
        case 6: return (next() & 0x80000000u) | (next() >> (9 + below(23)));
        case 7: return withField(100 + (int)below(56));
        default: return next();
        }
    }
};
__device__ inline int fieldOf(uint x) { return (int)((x >> 23) & 0xFFu); }
__device__ inline uint jitter(Rng &r, uint x)
{
    uint y = x + r.below(9) - 4u;
    return (y & 0x7FFFFFFFu) > 0x7F800000u ? x : y;
}

__device__ void generate(int family, Rng &r, uint &a, uint &b, uint &c)
{
    a = r.interesting();
    b = r.interesting();
    c = r.interesting();
    switch (family) {
    case A:
        switch (r.below(4)) {
        case 0: b = jitter(r, a) ^ 0x80000000u; break;
        case 1: b = r.withField(fieldOf(a) - (int)r.below(64)); break;
        default: break;
        }
        break;
    case M:
        switch (r.below(3)) {
        case 0: b = r.withField(127 - 115 - (fieldOf(a) - 127) - (int)r.below(46)); break;
        case 1: b = r.withField(127 + 125 - (fieldOf(a) - 127) + (int)r.below(5)); break;
        default: break;
        }
        break;
    case D:
        switch (r.below(3)) {
        case 0: {
            uint q = r.next() & 0xFFF80000u, d = r.next() & 0xFFF00000u;
            if ((q & 0x7FFFFFFFu) >= 0x7F800000u || (d & 0x7FFFFFFFu) >= 0x7F800000u) break;
            b = d;
            a = jitter(r, U(F(q) * F(d)));
            break;
        }
        case 1: {
            int target = r.below(2) == 0 ? -150 + (int)r.below(30) : 124 + (int)r.below(6);
            b = r.withField(127 + (fieldOf(a) - 127) - target);
            break;
        }
        default: break;
        }
        break;
    case T: {
        if (r.below(3) == 0) b = r.withField(127 - (fieldOf(a) - 127) + (int)r.below(300) - 150);
        uint p = U(F(a) * F(b));
        switch (r.below(7)) {
        case 0: c = jitter(r, p) ^ 0x80000000u; break;
        case 1: c = r.withField(fieldOf(p) - (int)r.below(80)); break;
        case 2: c = r.withField(fieldOf(p) + (int)r.below(80)); break;
        case 3: c = r.withField(fieldOf(p) + (int)r.below(9) - 4); break;
        case 4: c = r.withField((int)r.below(3)); break;
        default: break;
        }
        break;
    }
    default: break;
    }
}

// ---- part 1: special cases ---------------------------------------------------------------
struct Case { int op; uint a, b, c; };
__global__ void table(const Case *cases, int n, uint *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Case k = cases[i];
    out[2 * i] = hwOp(k.op, k.a, k.b, k.c);
    out[2 * i + 1] = meOp(k.op, k.a, k.b, k.c);
}

// ---- part 2: NaN results of the hardware ------------------------------------------------
struct NanStats { u64 nans, other; uint example[4]; };
__global__ void nanSweep(int op, u64 seed, u64 n, NanStats *st)
{
    Rng r{mix(seed * 7919 + op)};
    for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < n; i += (u64)gridDim.x * blockDim.x) {
        r.s = mix(seed ^ (i * 0x9E3779B97F4A7C15ull) ^ ((u64)op << 56));
        uint v[3];
        for (int k = 0; k < 3; ++k) {
            // Mostly NaNs with random payloads and signs, some numbers.
            uint x = r.next();
            v[k] = r.below(4) == 0 ? r.interesting() : (x | 0x7F800000u) | (r.below(2) ? 0x400000u : 1u);
        }
        uint h = hwOp(op, v[0], v[1], v[2]);
        if ((h & 0x7FFFFFFFu) > 0x7F800000u) {
            atomicAdd(&st->nans, 1ull);
            if (h != 0x7FFFFFFFu && atomicAdd(&st->other, 1ull) == 0) {
                st->example[0] = v[0]; st->example[1] = v[1]; st->example[2] = v[2]; st->example[3] = h;
            }
        }
    }
}

// ---- part 3: header vs hardware -----------------------------------------------------------
// A disagreement is a class mismatch (NaN bits differ, or NaN / infinity / finite or the sign
// differ) or a numeric one (both finite, same sign); the distance of numeric ones is in ulps.
struct CrossStats { u64 mismatches, classMismatches, maxDist; uint examples[8][5]; };
__device__ inline u64 key(uint x) { return (x & 0x80000000u) ? (u64)(~x) : (u64)(x | 0x80000000u); }
__device__ inline int cls(uint x)
{
    uint m = x & 0x7FFFFFFFu;
    return m > 0x7F800000u ? 0 : (m == 0x7F800000u ? 1 : 2) + ((x >> 31) ? 2 : 0);
}
__global__ void crossCheck(int op, int family, u64 seed, u64 n, CrossStats *st)
{
    Rng r{0};
    for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < n; i += (u64)gridDim.x * blockDim.x) {
        uint a, b, c;
        if (family == X) {
            a = (uint)i; b = c = 0;
        } else {
            r.s = mix(seed ^ (i * 0xD1B54A32D192ED03ull) ^ ((u64)op << 58));
            generate(family, r, a, b, c);
        }
        uint h = hwOp(op, a, b, c), m = meOp(op, a, b, c);
        if (h == m) continue;
        atomicAdd(&st->mismatches, 1ull);
        uint *e = nullptr;
        if (cls(h) != cls(m) || cls(h) == 0) {
            u64 k = atomicAdd(&st->classMismatches, 1ull);
            if (k < 6) e = st->examples[k];
        } else {
            u64 d = key(h) > key(m) ? key(h) - key(m) : key(m) - key(h);
            if (atomicMax(&st->maxDist, d) < d) e = st->examples[6 + (d & 1)];
        }
        if (e) { e[0] = a; e[1] = b; e[2] = c; e[3] = h; e[4] = m; }
    }
}

// ---- part 4: .approx errors against a double reference ------------------------------------
// Errors as float bit patterns (non-negative floats order like their bits) under atomicMax.
struct ErrStats { uint err[2][2]; uint at[2][2]; }; // [hw, header][range A, range B]
__device__ inline double ulpAt(double v)
{
    int e = ilogb(v == 0 ? 1e-45 : v);
    return ldexp(1.0, (e < -126 ? -126 : e) - 23);
}
// The error of result y for input x of op in the ISA's terms; range 0 or 1, or -1 if none.
__device__ double approxError(int op, float x, float y, int &range)
{
    double dx = x, dy = y;
    range = -1;
    if (!isfinite(x)) return 0;
    switch (op) {
    case OP_rcp_approx: if (x == 0) return 0; range = 0; return fabs(dy - 1 / dx) / ulpAt(fabs(1 / dx));
    case OP_sqrt_approx: if (x <= 0) return 0; range = 0; return fabs(dy - sqrt(dx)) / sqrt(dx);
    case OP_rsqrt_approx: if (x <= 0) return 0; range = 0; return fabs(dy - rsqrt(dx)) * sqrt(dx);
    case OP_sin_approx: case OP_cos_approx: {
        double pi = 3.141592653589793;
        if (fabs(dx) > 100 * pi) return 0;
        range = fabs(dx) <= 2 * pi ? 0 : 1;
        return fabs(dy - (op == OP_sin_approx ? sin(dx) : cos(dx)));
    }
    case OP_lg2_approx: {
        if (x <= 0) return 0;
        double w = log2(dx);
        if (dx > 0.5 && dx < 2) { range = 0; return fabs(dy - w); }
        range = 1; return fabs(dy - w) / fabs(w);
    }
    case OP_ex2_approx: {
        if (dx < -160 || dx > 130) return 0;
        float w = (float)exp2(dx);
        range = 0;
        return (double)(key(U(y)) > key(U(w)) ? key(U(y)) - key(U(w)) : key(U(w)) - key(U(y)));
    }
    case OP_tanh_approx: if (x == 0) return 0; range = 0; return fabs(dy - tanh(dx)) / fabs(tanh(dx));
    }
    return 0;
}
__global__ void approxSweep(int op, ErrStats *st)
{
    for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < (1ull << 32); i += (u64)gridDim.x * blockDim.x) {
        uint a = (uint)i;
        uint res[2] = {hwOp(op, a, 0, 0), meOp(op, a, 0, 0)};
        for (int w = 0; w < 2; ++w) {
            int range;
            double e = approxError(op, F(a), F(res[w]), range);
            if (range < 0) continue;
            float ef = isnan(e) ? INFINITY : (float)e;
            uint eb = U(ef);
            if (eb > st->err[w][range] && atomicMax(&st->err[w][range], eb) < eb) st->at[w][range] = a;
        }
    }
}
// div.approx over generated pairs with |b| in [2^-126, 2^126] and a finite quotient.
__global__ void divApproxSweep(u64 seed, u64 n, ErrStats *st)
{
    Rng r{0};
    for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < n; i += (u64)gridDim.x * blockDim.x) {
        r.s = mix(seed ^ (i * 0xD1B54A32D192ED03ull));
        uint a, b, c;
        generate(D, r, a, b, c);
        double q = (double)F(a) / (double)F(b), mb = fabs((double)F(b));
        if (!isfinite(F(a)) || !(mb >= 0x1p-126 && mb <= 0x1p126) || !(fabs(q) < 0x1.fffffp127)) continue;
        uint res[2] = {hw_div_approx(a, b), U(p2m_div_approx_f32(F(a), F(b)))};
        for (int w = 0; w < 2; ++w) {
            float ef = (float)(fabs((double)F(res[w]) - q) / ulpAt(fabs(q)));
            uint eb = U(isnan(ef) ? INFINITY : ef);
            if (eb > st->err[w][0] && atomicMax(&st->err[w][0], eb) < eb) { st->at[w][0] = a; st->at[w][1] = b; }
        }
    }
}

// ---- host ---------------------------------------------------------------------------------
static float hf(uint x) { float f; memcpy(&f, &x, 4); return f; }
static uint hu(float f) { uint x; memcpy(&x, &f, 4); return x; }
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

int main()
{
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    printf("device %s (sm_%d%d), driver API %d, runtime %d\n", prop.name, prop.major, prop.minor, driver, runtime);

    // Part 1.
    const uint qA = 0x7FC12345u, nqB = 0xFFC00001u, sA = 0x7F800001u, nsB = 0xFFA00123u;
    const uint pz = 0, nz = 0x80000000u, one = 0x3F800000u, two = 0x40000000u, sub1 = 1u, subMax = 0x007FFFFFu;
    const uint inf = 0x7F800000u, ninf = 0xFF800000u, mx = 0x7F7FFFFFu, p126 = 0x7E800000u, p127 = 0x7F000000u;
    std::vector<Case> cases;
    auto add = [&](int op, std::initializer_list<uint> a, std::initializer_list<uint> b, std::initializer_list<uint> c) {
        for (uint x : a) for (uint y : b) for (uint z : c) cases.push_back({op, x, y, z});
    };
    for (int op : {OP_min, OP_max, OP_min_nan, OP_max_nan, OP_min_xa, OP_max_xa}) {
        add(op, {pz, nz}, {pz, nz}, {0});
        add(op, {qA, nqB, sA, nsB}, {one, 0xC0000000u, qA, nqB, sA}, {0});
        add(op, {one, 0xC0000000u, sub1}, {qA, nsB, two}, {0});
    }
    add(OP_neg, {qA, nqB, sA, nsB, sub1, nz, inf}, {0}, {0});
    add(OP_abs, {qA, nqB, sA, nsB, 0x80000001u, nz, ninf}, {0}, {0});
    add(OP_copysign, {0xBF800000u, one, nz}, {qA, nsB, inf, sub1}, {0});
    add(OP_add_sat, {nz, 0x8D000000u /*-3.9e-31*/, qA, 0x3F000000u, two, sub1, 0x80000001u, inf, ninf},
        {pz, nz, 0x3F19999Au /*0.6*/, 0xBF800000u}, {0});
    add(OP_fma_sat, {0xBF800000u, one}, {pz}, {nz, pz});
    add(OP_rcp_approx, {pz, nz, inf, ninf, qA, sub1, 0x00400000u, 0x807FFFFFu, 0x00800000u, p126, p127, mx, 0x40400000u}, {0}, {0});
    add(OP_sqrt_approx, {pz, nz, 0xBF800000u, ninf, inf, qA, 0x80000001u, sub1, 0x00400000u, 0x40800000u, mx}, {0}, {0});
    add(OP_rsqrt_approx, {pz, nz, 0xBF800000u, ninf, inf, qA, 0x80000001u, sub1, subMax, 0x40800000u, mx}, {0}, {0});
    for (int op : {OP_sin_approx, OP_cos_approx})
        add(op, {pz, nz, inf, ninf, qA, sub1, 0x80000003u, 0x7149F2CAu /*1e30*/, 0xF149F2CAu, 0x501502F9u /*1e10*/, 0x40490FDBu /*pi*/, 0x49742400u /*1e6*/}, {0}, {0});
    add(OP_lg2_approx, {pz, nz, 0xBF800000u, ninf, inf, qA, sub1, subMax, one, two, 0x3F000000u, mx, 0x80000001u}, {0}, {0});
    add(OP_ex2_approx, {pz, nz, inf, ninf, qA, 0x43000000u /*128*/, 0x42FFFFFFu, 0xC2FC0000u /*-126*/, 0xC2FE0000u /*-127*/,
        0xC3150000u /*-149*/, 0xC3158000u /*-149.5*/, 0xC3160000u /*-150*/, 0xC3168000u, 0xC3170000u /*-151*/, sub1, one}, {0}, {0});
    add(OP_tanh_approx, {pz, nz, inf, ninf, qA, sub1, 0x80000005u, 0x41100000u /*9*/, 0x41200000u, 0x3727C5ACu /*1e-5*/, 0x3F000000u}, {0}, {0});
    for (int op : {OP_div_approx, OP_div_full, OP_div_rn})
        add(op, {one, 0xBF800000u, inf, qA, pz, mx, sub1, 0x0A000000u /*2^-107*/, 0x00000003u},
            {p126, p127, 0xFF000000u, mx, sub1, 0x00400000u, subMax, 0x00800000u, pz, inf, 0x3F000000u, 0x40400000u, qA}, {0});
    add(OP_sqrt_rn, {qA, nsB, 0xBF800000u, nz}, {0}, {0});
    add(OP_rcp_rn, {qA, nsB, pz, nz}, {0}, {0});
    for (int op : {OP_add_rn, OP_add_rz, OP_mul_rn, OP_mul_rp, OP_sub_rm})
        add(op, {qA, nsB, inf, one}, {nqB, sA, ninf, one}, {0});
    add(OP_fma_rn, {qA, pz, inf}, {inf, sA}, {nqB, one});
    add(OP_fma_rz, {qA, pz}, {inf, sA}, {nqB, one});

    Case *dCases; uint *dOut;
    CK(cudaMalloc(&dCases, cases.size() * sizeof(Case)));
    CK(cudaMalloc(&dOut, cases.size() * 2 * sizeof(uint)));
    CK(cudaMemcpy(dCases, cases.data(), cases.size() * sizeof(Case), cudaMemcpyHostToDevice));
    table<<<(unsigned)(cases.size() + 127) / 128, 128>>>(dCases, (int)cases.size(), dOut);
    std::vector<uint> out(cases.size() * 2);
    CK(cudaMemcpy(out.data(), dOut, out.size() * sizeof(uint), cudaMemcpyDeviceToHost));
    printf("\n== part 1: special cases (hardware; header where it differs)\n");
    int tableDiffs = 0;
    for (size_t i = 0; i < cases.size(); ++i) {
        const Case &k = cases[i];
        bool ternary = kFamily[k.op] == T, unary = kFamily[k.op] == X;
        printf("%-13s %08x", kNames[k.op], k.a);
        if (!unary) printf(" %08x", k.b);
        if (ternary) printf(" %08x", k.c);
        printf(" -> %08x (%.9g)", out[2 * i], hf(out[2 * i]));
        if (out[2 * i] != out[2 * i + 1]) { printf("   HEADER %08x", out[2 * i + 1]); ++tableDiffs; }
        printf("\n");
    }
    printf("part 1: %d of %zu cases differ\n", tableDiffs, cases.size());

    // Part 2.
    printf("\n== part 2: hardware NaN results over 2^24 NaN-heavy operand sets per op\n");
    NanStats *dNan;
    CK(cudaMalloc(&dNan, sizeof(NanStats)));
    for (int op = 0; op < OP_COUNT; ++op) {
        if (op >= OP_tp_finite && op <= OP_tp_subnormal) continue;
        CK(cudaMemset(dNan, 0, sizeof(NanStats)));
        nanSweep<<<1024, 256>>>(op, 12345, 1ull << 24, dNan);
        NanStats s;
        CK(cudaMemcpy(&s, dNan, sizeof s, cudaMemcpyDeviceToHost));
        printf("%-13s NaN results %9llu, not 0x7fffffff %9llu", kNames[op], s.nans, s.other);
        if (s.other) printf("  e.g. (%08x, %08x, %08x) -> %08x", s.example[0], s.example[1], s.example[2], s.example[3]);
        printf("\n");
    }

    // Part 3.
    printf("\n== part 3: header vs hardware, bit for bit (2^27 generated inputs, or all 2^32 unary)\n");
    CrossStats *dCross;
    CK(cudaMalloc(&dCross, sizeof(CrossStats)));
    for (int op = 0; op < OP_COUNT; ++op) {
        CK(cudaMemset(dCross, 0, sizeof(CrossStats)));
        u64 n = kFamily[op] == X ? (1ull << 32) : (1ull << 27);
        crossCheck<<<prop.multiProcessorCount * 16, 256>>>(op, kFamily[op], 777, n, dCross);
        CK(cudaGetLastError());
        CrossStats s;
        CK(cudaMemcpy(&s, dCross, sizeof s, cudaMemcpyDeviceToHost));
        printf("%-13s %11llu inputs: %11llu mismatches, %llu of class (NaN/inf/finite/sign), max numeric distance %llu ulp\n",
               kNames[op], n, s.mismatches, s.classMismatches, s.maxDist);
        for (int k = 0; k < 8; ++k) {
            if (k < 6 ? k >= (int)s.classMismatches : s.examples[k][3] == s.examples[k][4]) continue;
            printf("    %s (%08x, %08x, %08x): hw %08x (%.9g) header %08x (%.9g)\n", k < 6 ? "class" : "numeric",
                   s.examples[k][0], s.examples[k][1], s.examples[k][2], s.examples[k][3], hf(s.examples[k][3]),
                   s.examples[k][4], hf(s.examples[k][4]));
        }
    }

    // Part 4.
    printf("\n== part 4: .approx error over all 2^32 inputs against a double reference\n");
    const char *metric[][2] = {{"ulp", ""}, {"rel", ""}, {"rel", ""}, {"abs |x|<=2pi", "abs |x|<=100pi"},
        {"abs |x|<=2pi", "abs |x|<=100pi"}, {"abs (1/2,2)", "rel elsewhere"}, {"ulp from rn", ""}, {"rel", ""}};
    ErrStats *dErr;
    CK(cudaMalloc(&dErr, sizeof(ErrStats)));
    for (int op = FIRST_APPROX; op < OP_COUNT; ++op) {
        CK(cudaMemset(dErr, 0, sizeof(ErrStats)));
        approxSweep<<<prop.multiProcessorCount * 16, 256>>>(op, dErr);
        CK(cudaGetLastError());
        ErrStats s;
        CK(cudaMemcpy(&s, dErr, sizeof s, cudaMemcpyDeviceToHost));
        for (int range = 0; range < 2; ++range) {
            const char *m = metric[op - FIRST_APPROX][range];
            if (!*m) continue;
            printf("%-13s %-16s hw max %.4g (2^%.2f) at %08x   header max %.4g (2^%.2f) at %08x\n", kNames[op], m,
                   hf(s.err[0][range]), log2(hf(s.err[0][range])), s.at[0][range],
                   hf(s.err[1][range]), log2(hf(s.err[1][range])), s.at[1][range]);
        }
    }
    CK(cudaMemset(dErr, 0, sizeof(ErrStats)));
    divApproxSweep<<<prop.multiProcessorCount * 16, 256>>>(99, 1ull << 28, dErr);
    ErrStats s;
    CK(cudaMemcpy(&s, dErr, sizeof s, cudaMemcpyDeviceToHost));
    printf("%-13s %-16s hw max %.4g at (%08x, %08x)   header max %.4g\n", "div_approx", "ulp (2^28 pairs)",
           hf(s.err[0][0]), s.at[0][0], s.at[0][1], hf(s.err[1][0]));
    CK(cudaDeviceSynchronize());
    printf("\ndone\n");
    (void)hu;
    return 0;
}

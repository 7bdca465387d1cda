// The list of MetalNames.h, from the MSL specification's keyword and function tables.
#include "MetalNames.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <vector>

namespace p2m {

namespace {

// Sorted, so that a lookup is a binary search.
constexpr std::string_view kNames[] = {
    "abs", "absdiff", "access", "acos", "acosh", "address", "alignas", "alignof", "all", "and",
    "and_eq", "any", "array", "array_ref", "as_type", "asin", "asinh", "asm", "assert", "atan",
    "atan2", "atanh", "atomic", "auto", "bfloat", "bitand", "bitor", "bool", "break", "buffer",
    "case", "catch", "ceil", "char", "char16_t", "char32_t", "clamp", "class", "clz", "compl",
    "const", "const_cast", "constant", "constexpr", "continue", "coord", "copysign", "cos", "cosh",
    "cospi", "cross", "ctz", "decltype", "default", "degrees", "delete", "depth2d",
    "depth2d_array", "depth2d_ms", "depth2d_ms_array", "depthcube", "depthcube_array",
    "determinant", "device", "distance", "distance_squared", "divide", "do", "dot", "double",
    "dynamic_cast", "else", "enum", "exp", "exp10", "exp2", "explicit", "export", "extern",
    "extract_bits", "fabs", "faceforward", "false", "fast", "fdim", "filter", "float", "floor",
    "fma", "fmax", "fmax3", "fmedian3", "fmin", "fmin3", "fmod", "for", "fract", "fragment",
    "frexp", "friend", "goto", "hadd", "half", "if", "ilogb", "inline", "insert_bits", "int",
    "int16_t", "int32_t", "int64_t", "int8_t", "isfinite", "isinf", "isnan", "isnormal",
    "isordered", "isunordered", "kernel", "ldexp", "length", "length_squared", "log", "log10",
    "log2", "long", "mad24", "matrix", "max", "max3", "median3", "mem_flags", "memory_order",
    "metal", "min", "min3", "mix", "modf", "mul24", "mulhi", "mutable", "namespace", "new",
    "nextafter", "noexcept", "normalize", "not", "not_eq", "nullptr", "operator", "or", "or_eq",
    "popcount", "pow", "powr", "precise", "private", "protected", "ptrdiff_t", "public", "quad",
    "radians", "recip", "reflect", "refract", "register", "reinterpret_cast", "return",
    "reverse_bits", "rhadd", "rint", "rotate", "round", "rsqrt", "sampler", "saturate", "select",
    "short", "sign", "signbit", "signed", "simd", "simdgroup_barrier", "simdgroup_matrix", "sin",
    "sincos", "sinh", "sinpi", "size_t", "sizeof", "smoothstep", "sqrt", "static", "static_assert",
    "static_cast", "step", "struct", "subsat", "switch", "tan", "tanh", "tanpi", "template",
    "texture1d", "texture1d_array", "texture2d", "texture2d_array", "texture2d_ms",
    "texture2d_ms_array", "texture3d", "texture_buffer", "texturecube", "texturecube_array",
    "this", "thread", "thread_local", "thread_scope", "threadgroup", "threadgroup_barrier",
    "throw", "transpose", "true", "trunc", "try", "typedef", "typeid", "typename", "uchar", "uint",
    "uint16_t", "uint32_t", "uint64_t", "uint8_t", "ulong", "union", "unsigned", "ushort", "using",
    "vec", "vertex", "virtual", "visible_function_table", "void", "volatile", "wchar_t", "while",
    "xor", "xor_eq",
};
static_assert(std::is_sorted(std::begin(kNames), std::end(kNames)));

// Families by prefix: simd_shuffle, quad_ballot, atomic_fetch_add_explicit, packed_float3, ...
constexpr std::array<std::string_view, 4> kPrefixes{"simd_", "quad_", "atomic_", "packed_"};

// Each ends in a non-digit, so that it lies in a name's stem (shortestStemEndingInDigit).
static_assert(std::all_of(kPrefixes.begin(), kPrefixes.end(), [](std::string_view p) { return p.back() == '_'; }));

// The scalar types that have vector (`float4`) and, for the floating ones, matrix (`half3x3`)
// types.
constexpr std::array<std::string_view, 11> kVectorBases{"bool", "char", "uchar", "short", "ushort", "int",
                                                        "uint", "long", "ulong", "half", "float"};

bool isDimension(char c) { return c >= '2' && c <= '4'; }

// `float4`, `uint2`, `half3x3`, `bfloat4`, `float2x4`.
bool isVectorOrMatrixType(std::string_view s) {
  if (s.size() < 2 || !isDimension(s.back()))
    return false;
  std::string_view base = s.substr(0, s.size() - 1);
  if (base.size() >= 3 && base.back() == 'x' && isDimension(base[base.size() - 2]))
    base = base.substr(0, base.size() - 2); // a matrix: NxM
  return base == "bfloat" || std::find(kVectorBases.begin(), kVectorBases.end(), base) != kVectorBases.end();
}

// The length of `n` without its trailing digits (a loop: find_last_not_of searches its set
// for every byte).
size_t stemLength(std::string_view n) {
  size_t length = n.size();
  while (length > 0 && n[length - 1] >= '0' && n[length - 1] <= '9')
    --length;
  return length;
}

bool endsInDigit(std::string_view n) { return !n.empty() && n.back() >= '0' && n.back() <= '9'; }

// The reserved names that end in a digit: vector and matrix types and a few functions (`log2`,
// `atan2`), searched among themselves.
const std::vector<std::string_view> &namesEndingInDigit() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> found;
    for (std::string_view n : kNames)
      if (endsInDigit(n))
        found.push_back(n);
    return found;
  }();
  return names;
}

// The shortest stem before the trailing digits of a reserved name that ends in a digit: three
// (`int2`, `log10`). A prefix family's stem is at least the prefix (which ends in `_`).
size_t shortestStemEndingInDigit() {
  static const size_t shortest = [] {
    size_t length = std::string_view("bfloat").size(); // isVectorOrMatrixType's extra base
    for (std::string_view n : namesEndingInDigit())
      length = std::min(length, stemLength(n));
    for (std::string_view base : kVectorBases)
      length = std::min(length, base.size());
    for (std::string_view prefix : kPrefixes)
      length = std::min(length, prefix.size());
    return length;
  }();
  return shortest;
}

// The search for a name the register test of isMetalReservedName did not answer: out of line,
// so that the test stays a few instructions (no registers saved around it).
[[gnu::noinline]] bool isReservedOtherThanRegisterName(std::string_view s) {
  bool digit = endsInDigit(s);
  for (std::string_view prefix : kPrefixes)
    if (s.starts_with(prefix))
      return true;
  if (digit)
    return isVectorOrMatrixType(s) ||
           std::binary_search(namesEndingInDigit().begin(), namesEndingInDigit().end(), s);
  return std::binary_search(std::begin(kNames), std::end(kNames), s);
}

} // namespace

std::size_t shortestReservedStemBeforeDigits() { return shortestStemEndingInDigit(); }

bool isMetalReservedName(std::string_view s) {
  // Nearly every name asked about is a register's (`r4`, `rd12`), hundreds of thousands in a
  // large module: a stem shorter than any reserved one's before the digits answers at once.
  if (endsInDigit(s) && stemLength(s) < shortestStemEndingInDigit())
    return false;
  return isReservedOtherThanRegisterName(s);
}

} // namespace p2m

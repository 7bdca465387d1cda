// Individual rules of the MSL subset check on small sources: what must pass, what must fail,
// where the diagnostics land.
#include "mslcheck/MslCheck.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

namespace p2m::mslcheck::test {
namespace {

const std::string kPrelude = "#include <metal_stdlib>\nusing namespace metal;\n";

CheckResult check(const std::string &code) {
  return checkMsl(kPrelude + code, "snippet.metal");
}

// Lines of `code` count from 1 after the two prelude lines.
bool reports(const CheckResult &result, std::string_view tag, unsigned codeLine) {
  for (const Diagnostic &diagnostic : result.diagnostics)
    if (diagnostic.severity == Severity::Error && diagnostic.line == codeLine + 2 &&
        diagnostic.message.find("[" + std::string(tag) + "]") != std::string::npos)
      return true;
  return false;
}

TEST_CASE("every rule has a tag and a summary", "[mslcheck]") {
#define RULE(Id, Tag, Summary)                                                                    \
  CHECK(ruleTag(Rule::Id) == Tag);                                                                \
  CHECK_FALSE(ruleSummary(Rule::Id).empty());
#include "mslcheck/Rules.def"
}

TEST_CASE("thread must be spelled, in any position", "[mslcheck][address-space]") {
  const CheckResult good = check(
      "inline float f(thread const float* a, const thread float* b, float thread* c,\n"
      "               thread float& d, device float* thread* e, thread float* thread* g,\n"
      "               threadgroup float* h, constant float* k, thread const float& m,\n"
      "               device const float* n, thread float4* o) {\n"
      "  thread float* local = &d;\n"
      "  auto deduced = &d;\n"
      "  return *a + *b + *c + **e + **g + *h + *k + m + *n + *local + *deduced + o->x;\n"
      "}\n");
  INFO(good.format());
  CHECK(good.ok());

  const CheckResult bad = check("inline float f(float* a,\n"
                                "               device float** b,\n"
                                "               const float& c,\n"
                                "               float d[4]) {\n"
                                "  return *a + **b + c + d[0] + *reinterpret_cast<float*>(a);\n"
                                "}\n");
  INFO(bad.format());
  CHECK(bad.compiled);
  CHECK(reports(bad, "msl-address-space", 1));
  CHECK(reports(bad, "msl-address-space", 2));
  CHECK(reports(bad, "msl-address-space", 3));
  CHECK(reports(bad, "msl-address-space", 4));
  CHECK(reports(bad, "msl-address-space", 5));
}

TEST_CASE("Clang's address-space rules stay in force", "[mslcheck][address-space]") {
  const CheckResult result = check("inline float f(device float* d) {\n"
                                   "  thread float* t = d;\n"
                                   "  return *t;\n"
                                   "}\n");
  INFO(result.format());
  CHECK_FALSE(result.compiled);
  CHECK_FALSE(result.ok());
  REQUIRE_FALSE(result.diagnostics.empty());
  CHECK(result.diagnostics.front().line == 4);
  CHECK(result.diagnostics.front().file == "snippet.metal");
}

TEST_CASE("casts between address spaces and integers", "[mslcheck][address-space]") {
  const CheckResult good =
      check("inline ulong f(device float* d, ulong address) {\n"
            "  device uchar* bytes = reinterpret_cast<device uchar*>(d);\n"
            "  device float* again = reinterpret_cast<device float*>(address);\n"
            "  device float* none = (device float*)0;\n"
            "  bool valid = static_cast<bool>(none);\n"
            "  return reinterpret_cast<ulong>(bytes + 4) + (valid ? 1ul : 0ul) +\n"
            "         static_cast<ulong>(*again);\n"
            "}\n");
  INFO(good.format());
  CHECK(good.ok());

  const CheckResult bad = check("inline ulong f(threadgroup float* t, device float* d, uint u) {\n"
                                "  device float* a = (device float*)t;\n"
                                "  threadgroup float* b = reinterpret_cast<threadgroup float*>(8ul);\n"
                                "  device float* c = reinterpret_cast<device float*>(u);\n"
                                "  thread float& r = (thread float&)*d;\n"
                                "  return reinterpret_cast<ulong>(t) + ulong(*a + *b + *c + r);\n"
                                "}\n");
  INFO(bad.format());
  CHECK(bad.compiled);
  for (unsigned line = 2; line <= 6; ++line) {
    INFO("line " << line);
    CHECK(reports(bad, "msl-address-space-cast", line));
  }
}

TEST_CASE("literals: float and half suffixes pass, double and long long do not", "[mslcheck][type]") {
  const CheckResult good = check("inline float f(float x) {\n"
                                 "  half h = 1.5h;\n"
                                 "  return x * 0.5f + static_cast<float>(h) + float(1e-3f) + 2;\n"
                                 "}\n");
  INFO(good.format());
  CHECK(good.ok());

  const CheckResult bad = check("inline float f(float x) {\n"
                                "  long y = 1ll;\n"
                                "  return x * 0.5 + float(y);\n"
                                "}\n");
  INFO(bad.format());
  CHECK(reports(bad, "msl-type", 2));
  CHECK(reports(bad, "msl-type", 3));
}

TEST_CASE("standard library macros and functions are the library's", "[mslcheck]") {
  const CheckResult result = check("inline float f(float x) {\n"
                                   "  float big = INFINITY;\n"
                                   "  float nan = NAN;\n"
                                   "  return fmin(x, big) + nan + FLT_MAX + float(HALF_MAX) +\n"
                                   "         precise::sqrt(x) + fast::exp2(x) + metal::abs(x);\n"
                                   "}\n");
  INFO(result.format());
  CHECK(result.ok());
}

TEST_CASE("an error inside metal_stdlib is reported where the file caused it", "[mslcheck]") {
  const CheckResult result = check("inline uint f(half h) {\n"
                                   "  return as_type<uint>(h);\n"
                                   "}\n");
  INFO(result.format());
  CHECK_FALSE(result.compiled);
  REQUIRE_FALSE(result.diagnostics.empty());
  const Diagnostic &first = result.diagnostics.front();
  CHECK(first.file == "snippet.metal");
  CHECK(first.line == 4);
  CHECK(first.message.find("as_type needs types of the same size") != std::string::npos);
  CHECK(first.message.find("(in metal_math:") != std::string::npos);
}

TEST_CASE("recursion names its cycle", "[mslcheck][recursion]") {
  const CheckResult result = check("inline uint b(uint n);\n"
                                   "inline uint a(uint n) { return n == 0u ? 0u : b(n - 1u); }\n"
                                   "inline uint b(uint n) { return n == 0u ? 1u : a(n - 1u); }\n"
                                   "inline uint c(uint n) { return a(n) + b(n); }\n");
  INFO(result.format());
  CHECK(reports(result, "msl-recursion", 2));
  CHECK(reports(result, "msl-recursion", 3));
  CHECK_FALSE(reports(result, "msl-recursion", 4));
  CHECK(result.format().find("a -> b -> a") != std::string::npos);
}

TEST_CASE("diagnostics are formatted like the compiler's", "[mslcheck]") {
  const CheckResult result = check("inline void f() {\n"
                                   "  goto done;\n"
                                   "done:\n"
                                   "  return;\n"
                                   "}\n");
  const std::string text = result.format();
  INFO(text);
  CHECK(text.find("snippet.metal:4:3: error: 'goto' is not available in Metal") !=
        std::string::npos);
  CHECK(text.find("  goto done;\n  ^\n") != std::string::npos);
  CHECK(text.find("snippet.metal:5:1: error: label 'done'") != std::string::npos);
}

TEST_CASE("the check reads nothing but the file and metal_stdlib", "[mslcheck]") {
  const CheckResult result = checkMsl("#include <stdio.h>\n#include \"other.metal\"\n", "x.metal");
  INFO(result.format());
  CHECK_FALSE(result.compiled);
  CHECK(result.errorCount() >= 1);
}

// A few thousand lines of typical generated code must check in well under a second in a
// release build (the limit here leaves room for sanitizer builds).
TEST_CASE("checking a large file is fast", "[mslcheck][speed]") {
  std::string source = kPrelude + "template <typename T> union alias { T v; };\n";
  for (int i = 0; i < 150; ++i) {
    const std::string n = std::to_string(i);
    source += "inline void body" + n +
              "(constant uchar* params, threadgroup uchar* smem, uint3 tid) {\n"
              "  ulong a = reinterpret_cast<constant alias<ulong>*>(params + 0)->v;\n"
              "  uint n = reinterpret_cast<constant alias<uint>*>(params + 8)->v;\n"
              "  threadgroup float* s = reinterpret_cast<threadgroup float*>(smem);\n"
              "  float acc = 0.0f;\n"
              "  for (uint i = tid.x; i < n; i += 32u) {\n"
              "    float v = reinterpret_cast<device alias<float>*>(a)[i].v;\n"
              "    if (isnan(v))\n"
              "      continue;\n"
              "    acc = fma(v, v, acc);\n"
              "    uint bits = as_type<uint>(acc);\n"
              "    if (popcount(bits) > 20u)\n"
              "      break;\n"
              "  }\n"
              "  s[tid.x] = acc;\n"
              "  atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>(a), 1u,\n"
              "                            memory_order_relaxed);\n"
              "  float4 q = float4{acc, acc, acc, acc} * 0.5f;\n"
              "  reinterpret_cast<device alias<float4>*>(a)[tid.x].v = q.wzyx;\n"
              "}\n";
  }
  const auto start = std::chrono::steady_clock::now();
  const CheckResult result = checkMsl(source, "large.metal");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(result.format());
  CHECK(result.ok());
  WARN("checked " << std::count(source.begin(), source.end(), '\n') << " lines in " << seconds
                  << " s");
  CHECK(seconds < 10.0);
}

} // namespace
} // namespace p2m::mslcheck::test

// Exhaustive check of the float-only functions (not run by CI: minutes per function): every
// float in a range of bit patterns, against the C library's double function (within about an
// ulp of double, so the float error it reports is accurate to about 2^-28 ulp).
//   toolkit-math-exhaustive FUNCTION [FIRST_BITS END_BITS]     (default: all non-negative floats)
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#define __DEVICE__
#include <__clang_cuda_libdevice_declares.h>

namespace {

struct Function {
  const char* name;
  float (*fn)(float);
  double (*ref)(double);
};

double rsqrtRef(double x) { return 1 / std::sqrt(x); }
float sincosSin(float x)
{
  float s, c;
  __nv_sincosf(x, &s, &c);
  return s;
}
float sincosCos(float x)
{
  float s, c;
  __nv_sincosf(x, &s, &c);
  return c;
}

const Function kFunctions[] = {
  {"expf", __nv_expf, [](double x) { return std::exp(x); }},
  {"exp2f", __nv_exp2f, [](double x) { return std::exp2(x); }},
  {"exp10f", __nv_exp10f, [](double x) { return std::pow(10.0, x); }},
  {"expm1f", __nv_expm1f, [](double x) { return std::expm1(x); }},
  {"logf", __nv_logf, [](double x) { return std::log(x); }},
  {"log2f", __nv_log2f, [](double x) { return std::log2(x); }},
  {"log10f", __nv_log10f, [](double x) { return std::log10(x); }},
  {"log1pf", __nv_log1pf, [](double x) { return std::log1p(x); }},
  {"sinf", __nv_sinf, [](double x) { return std::sin(x); }},
  {"cosf", __nv_cosf, [](double x) { return std::cos(x); }},
  {"sincosf.sin", sincosSin, [](double x) { return std::sin(x); }},
  {"sincosf.cos", sincosCos, [](double x) { return std::cos(x); }},
  {"tanf", __nv_tanf, [](double x) { return std::tan(x); }},
  {"sinhf", __nv_sinhf, [](double x) { return std::sinh(x); }},
  {"coshf", __nv_coshf, [](double x) { return std::cosh(x); }},
  {"tanhf", __nv_tanhf, [](double x) { return std::tanh(x); }},
  {"atanf", __nv_atanf, [](double x) { return std::atan(x); }},
  {"asinf", __nv_asinf, [](double x) { return std::asin(x); }},
  {"acosf", __nv_acosf, [](double x) { return std::acos(x); }},
  {"erff", __nv_erff, [](double x) { return std::erf(x); }},
  {"erfcf", __nv_erfcf, [](double x) { return std::erfc(x); }},
  {"cbrtf", __nv_cbrtf, [](double x) { return std::cbrt(x); }},
  {"rsqrtf", __nv_rsqrtf, rsqrtRef},
};

// Error of got in ulps of float at the reference value; overflow thresholds as in Accuracy.cpp.
double ulpError(float got, double ref)
{
  if (std::isnan(ref))
    return std::isnan(got) ? 0 : INFINITY;
  if (std::isnan(got))
    return INFINITY;
  const double cap = std::ldexp(1.0, 128);
  double r = std::fabs(ref) >= 0x1.ffffffp127 ? std::copysign(cap, ref) : ref;
  double g = std::isinf(got) ? std::copysign(cap, got) : got;
  if (g == r)
    return 0;
  int e;
  std::frexp(r, &e);
  e = std::max(std::min(e - 1, 127), -126);
  return std::fabs(g - r) / std::ldexp(1.0, e - 23);
}

} // namespace

int main(int argc, char** argv)
{
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: %s FUNCTION [FIRST_BITS END_BITS]\n", argv[0]);
    return 2;
  }
  const Function* f = nullptr;
  for (const Function& c : kFunctions)
    if (argv[1] == std::string(c.name))
      f = &c;
  if (!f) {
    std::fprintf(stderr, "unknown function %s\n", argv[1]);
    return 2;
  }
  uint64_t first = argc == 4 ? std::strtoull(argv[2], nullptr, 0) : 0;
  uint64_t end = argc == 4 ? std::strtoull(argv[3], nullptr, 0) : 0x7f800000u;
  unsigned n = std::max(1u, std::thread::hardware_concurrency());
  std::vector<double> worst(n, 0);
  std::vector<uint32_t> where(n, 0);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < n; ++t)
    pool.emplace_back([&, t] {
      for (uint64_t b = first + t; b < end; b += n) {
        uint32_t u = static_cast<uint32_t>(b);
        float x;
        std::memcpy(&x, &u, 4);
        double e = ulpError(f->fn(x), f->ref(x));
        if (!(e <= worst[t])) {
          worst[t] = e;
          where[t] = u;
        }
      }
    });
  for (auto& th : pool)
    th.join();
  unsigned best = 0;
  for (unsigned t = 1; t < n; ++t)
    if (!(worst[t] <= worst[best]))
      best = t;
  float x;
  std::memcpy(&x, &where[best], 4);
  std::printf("%s bits [%#llx, %#llx): max %.4f ulp at %a\n", f->name,
              static_cast<unsigned long long>(first), static_cast<unsigned long long>(end),
              worst[best], static_cast<double>(x));
  return 0;
}

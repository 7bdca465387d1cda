// Double-double arithmetic (an unevaluated sum hi + lo, about 106 bits): the double functions
// evaluate their core in it and round once, which keeps them well inside CUDA's ulp bounds.
// Error-free transformations after Dekker and Knuth; products use fma.
#pragma once

#include "Portability.h"

namespace p2m {

struct DD {
  double hi, lo;
};

P2M_FN DD twoSum(double a, double b)
{
  double s = a + b;
  double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
P2M_FN DD fastTwoSum(double a, double b) // |a| >= |b| or a == 0
{
  double s = a + b;
  return {s, b - (s - a)};
}
P2M_FN DD twoProd(double a, double b)
{
  double p = a * b;
  return {p, fma_(a, b, -p)};
}
P2M_FN DD dd(double a) { return {a, 0.0}; }
P2M_FN double toDouble(DD a) { return a.hi + a.lo; }
P2M_FN DD neg(DD a) { return {-a.hi, -a.lo}; }

P2M_FN DD add(DD a, DD b)
{
  DD s = twoSum(a.hi, b.hi);
  DD t = twoSum(a.lo, b.lo);
  s.lo += t.hi;
  s = fastTwoSum(s.hi, s.lo);
  s.lo += t.lo;
  return fastTwoSum(s.hi, s.lo);
}
P2M_FN DD add(DD a, double b)
{
  DD s = twoSum(a.hi, b);
  s.lo += a.lo;
  return fastTwoSum(s.hi, s.lo);
}
P2M_FN DD sub(DD a, DD b) { return add(a, neg(b)); }
P2M_FN DD mul(DD a, DD b)
{
  DD p = twoProd(a.hi, b.hi);
  p.lo = fma_(a.hi, b.lo, fma_(a.lo, b.hi, p.lo));
  return fastTwoSum(p.hi, p.lo);
}
P2M_FN DD mul(DD a, double b)
{
  DD p = twoProd(a.hi, b);
  p.lo = fma_(a.lo, b, p.lo);
  return fastTwoSum(p.hi, p.lo);
}
P2M_FN DD div(DD a, DD b)
{
  double q1 = a.hi / b.hi;
  DD r = sub(a, mul(b, q1));
  double q2 = r.hi / b.hi;
  r = sub(r, mul(b, q2));
  double q3 = r.hi / b.hi;
  DD q = fastTwoSum(q1, q2);
  return add(q, q3);
}
P2M_FN DD div(DD a, double b) { return div(a, dd(b)); }
P2M_FN DD sqrt(DD a)
{
  if (a.hi <= 0)
    return dd(sqrt_(a.hi));
  double s = sqrt_(a.hi);
  DD r = sub(a, twoProd(s, s)); // residual, then one Newton step
  return fastTwoSum(s, r.hi / (2 * s));
}
P2M_FN DD mul2k(DD a, double twoK) { return {a.hi * twoK, a.lo * twoK}; }

} // namespace p2m

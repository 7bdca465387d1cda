// Single-precision functions evaluated through their double counterparts: the double result
// is within about half an ulp of double, so one conversion leaves float results within
// 0.5 + 2^-29 ulp. (Fast float-only paths are a later optimization; see docs/device-math.md.)
#pragma once

#define P2M_FLOAT_VIA_DOUBLE1(fname, dname)                                                   \
  P2M_EXPORT float __nv_##fname(float a)                                                     \
  {                                                                                           \
    return static_cast<float>(__nv_##dname(static_cast<double>(a)));                         \
  }
#define P2M_FLOAT_VIA_DOUBLE2(fname, dname)                                                   \
  P2M_EXPORT float __nv_##fname(float a, float b)                                            \
  {                                                                                           \
    return static_cast<float>(__nv_##dname(static_cast<double>(a), static_cast<double>(b))); \
  }

/* prelude/math.h - the CUDA math library on the device.
 *
 * Part of the mapcost prelude. Operations that PTX has (sqrt, fabs, fmin,
 * fmax, floor, ceil, trunc, rint, round, fma, copysign) use clang builtins,
 * so they need nothing else; the others call libdevice's __nv_* functions,
 * exactly as clang's own CUDA headers do: clang links libdevice when it
 * finds a CUDA installation (not under -nocudalib), and otherwise they stay
 * calls, which the analysis treats as unknown values.
 */
#ifndef MAPCOST_PRELUDE_MATH_H
#define MAPCOST_PRELUDE_MATH_H

#pragma clang system_header

#include <math.h>
#include <stdlib.h>
#include <__clang_cuda_libdevice_declares.h>

#define MAPCOST_DEVICE static __device__ __forceinline__

/* float f(float) and double f(double) from libdevice, plus the C++ float
 * overload of the double name (sin(float) calls sinf). */
#define MAPCOST_LIBDEVICE1(D, F)                                               \
  MAPCOST_DEVICE double D(double x) { return __nv_##D(x); }                    \
  MAPCOST_DEVICE float F(float x) { return __nv_##F(x); }                      \
  MAPCOST_DEVICE float D(float x) { return __nv_##F(x); }
#define MAPCOST_LIBDEVICE2(D, F)                                               \
  MAPCOST_DEVICE double D(double x, double y) { return __nv_##D(x, y); }       \
  MAPCOST_DEVICE float F(float x, float y) { return __nv_##F(x, y); }          \
  MAPCOST_DEVICE float D(float x, float y) { return __nv_##F(x, y); }
#define MAPCOST_BUILTIN1(D, F)                                                 \
  MAPCOST_DEVICE double D(double x) { return __builtin_##D(x); }               \
  MAPCOST_DEVICE float F(float x) { return __builtin_##F(x); }                 \
  MAPCOST_DEVICE float D(float x) { return __builtin_##F(x); }
#define MAPCOST_BUILTIN2(D, F)                                                 \
  MAPCOST_DEVICE double D(double x, double y) { return __builtin_##D(x, y); }  \
  MAPCOST_DEVICE float F(float x, float y) { return __builtin_##F(x, y); }     \
  MAPCOST_DEVICE float D(float x, float y) { return __builtin_##F(x, y); }

MAPCOST_BUILTIN1(sqrt, sqrtf)
MAPCOST_BUILTIN1(fabs, fabsf)
MAPCOST_BUILTIN1(floor, floorf)
MAPCOST_BUILTIN1(ceil, ceilf)
MAPCOST_BUILTIN1(trunc, truncf)
MAPCOST_BUILTIN1(rint, rintf)
MAPCOST_BUILTIN1(nearbyint, nearbyintf)
MAPCOST_BUILTIN1(round, roundf)
MAPCOST_BUILTIN2(fmin, fminf)
MAPCOST_BUILTIN2(fmax, fmaxf)
MAPCOST_BUILTIN2(copysign, copysignf)
MAPCOST_DEVICE double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
MAPCOST_DEVICE float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
MAPCOST_DEVICE float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }

MAPCOST_LIBDEVICE1(acos, acosf)
MAPCOST_LIBDEVICE1(acosh, acoshf)
MAPCOST_LIBDEVICE1(asin, asinf)
MAPCOST_LIBDEVICE1(asinh, asinhf)
MAPCOST_LIBDEVICE1(atan, atanf)
MAPCOST_LIBDEVICE1(atanh, atanhf)
MAPCOST_LIBDEVICE1(cbrt, cbrtf)
MAPCOST_LIBDEVICE1(cos, cosf)
MAPCOST_LIBDEVICE1(cosh, coshf)
MAPCOST_LIBDEVICE1(cospi, cospif)
MAPCOST_LIBDEVICE1(erf, erff)
MAPCOST_LIBDEVICE1(erfc, erfcf)
MAPCOST_LIBDEVICE1(erfinv, erfinvf)
MAPCOST_LIBDEVICE1(erfcinv, erfcinvf)
MAPCOST_LIBDEVICE1(erfcx, erfcxf)
MAPCOST_LIBDEVICE1(exp, expf)
MAPCOST_LIBDEVICE1(exp2, exp2f)
MAPCOST_LIBDEVICE1(exp10, exp10f)
MAPCOST_LIBDEVICE1(expm1, expm1f)
MAPCOST_LIBDEVICE1(lgamma, lgammaf)
MAPCOST_LIBDEVICE1(log, logf)
MAPCOST_LIBDEVICE1(log2, log2f)
MAPCOST_LIBDEVICE1(log10, log10f)
MAPCOST_LIBDEVICE1(log1p, log1pf)
MAPCOST_LIBDEVICE1(logb, logbf)
MAPCOST_LIBDEVICE1(normcdf, normcdff)
MAPCOST_LIBDEVICE1(normcdfinv, normcdfinvf)
MAPCOST_LIBDEVICE1(rcbrt, rcbrtf)
MAPCOST_LIBDEVICE1(rsqrt, rsqrtf)
MAPCOST_LIBDEVICE1(sin, sinf)
MAPCOST_LIBDEVICE1(sinh, sinhf)
MAPCOST_LIBDEVICE1(sinpi, sinpif)
MAPCOST_LIBDEVICE1(tan, tanf)
MAPCOST_LIBDEVICE1(tanh, tanhf)
MAPCOST_LIBDEVICE1(tgamma, tgammaf)
MAPCOST_LIBDEVICE1(j0, j0f)
MAPCOST_LIBDEVICE1(j1, j1f)
MAPCOST_LIBDEVICE1(y0, y0f)
MAPCOST_LIBDEVICE1(y1, y1f)
MAPCOST_LIBDEVICE2(atan2, atan2f)
MAPCOST_LIBDEVICE2(pow, powf)
MAPCOST_LIBDEVICE2(fmod, fmodf)
MAPCOST_LIBDEVICE2(remainder, remainderf)
MAPCOST_LIBDEVICE2(hypot, hypotf)
MAPCOST_LIBDEVICE2(rhypot, rhypotf)
MAPCOST_LIBDEVICE2(fdim, fdimf)
MAPCOST_LIBDEVICE2(nextafter, nextafterf)

MAPCOST_DEVICE double ldexp(double x, int e) { return __nv_ldexp(x, e); }
MAPCOST_DEVICE float ldexpf(float x, int e) { return __nv_ldexpf(x, e); }
MAPCOST_DEVICE double scalbn(double x, int e) { return __nv_scalbn(x, e); }
MAPCOST_DEVICE float scalbnf(float x, int e) { return __nv_scalbnf(x, e); }
MAPCOST_DEVICE double frexp(double x, int *e) { return __nv_frexp(x, e); }
MAPCOST_DEVICE float frexpf(float x, int *e) { return __nv_frexpf(x, e); }
MAPCOST_DEVICE double modf(double x, double *i) { return __nv_modf(x, i); }
MAPCOST_DEVICE float modff(float x, float *i) { return __nv_modff(x, i); }
MAPCOST_DEVICE int ilogb(double x) { return __nv_ilogb(x); }
MAPCOST_DEVICE int ilogbf(float x) { return __nv_ilogbf(x); }
MAPCOST_DEVICE double remquo(double x, double y, int *q) { return __nv_remquo(x, y, q); }
MAPCOST_DEVICE float remquof(float x, float y, int *q) { return __nv_remquof(x, y, q); }
MAPCOST_DEVICE void sincos(double x, double *s, double *c) { __nv_sincos(x, s, c); }
MAPCOST_DEVICE void sincosf(float x, float *s, float *c) { __nv_sincosf(x, s, c); }
MAPCOST_DEVICE void sincospi(double x, double *s, double *c) { __nv_sincospi(x, s, c); }
MAPCOST_DEVICE void sincospif(float x, float *s, float *c) { __nv_sincospif(x, s, c); }
MAPCOST_DEVICE double norm3d(double a, double b, double c) { return __nv_norm3d(a, b, c); }
MAPCOST_DEVICE float norm3df(float a, float b, float c) { return __nv_norm3df(a, b, c); }
MAPCOST_DEVICE double rnorm3d(double a, double b, double c) { return __nv_rnorm3d(a, b, c); }
MAPCOST_DEVICE float rnorm3df(float a, float b, float c) { return __nv_rnorm3df(a, b, c); }
MAPCOST_DEVICE long lrint(double x) { return (long)__builtin_rint(x); }
MAPCOST_DEVICE long lrintf(float x) { return (long)__builtin_rintf(x); }
MAPCOST_DEVICE long long llrint(double x) { return (long long)__builtin_rint(x); }
MAPCOST_DEVICE long long llrintf(float x) { return (long long)__builtin_rintf(x); }
MAPCOST_DEVICE long lround(double x) { return (long)__builtin_round(x); }
MAPCOST_DEVICE long lroundf(float x) { return (long)__builtin_roundf(x); }
MAPCOST_DEVICE long long llround(double x) { return (long long)__builtin_round(x); }
MAPCOST_DEVICE long long llroundf(float x) { return (long long)__builtin_roundf(x); }

/* Integer abs, min and max: plain comparisons, which become llvm.abs /
 * llvm.smin / ... exactly as libdevice's __nv_min does. */
MAPCOST_DEVICE int abs(int x) { return x < 0 ? -x : x; }
MAPCOST_DEVICE long labs(long x) { return x < 0 ? -x : x; }
MAPCOST_DEVICE long long llabs(long long x) { return x < 0 ? -x : x; }
#define MAPCOST_MINMAX(T, MIN, MAX)                                            \
  MAPCOST_DEVICE T MIN(T a, T b) { return a < b ? a : b; }                     \
  MAPCOST_DEVICE T MAX(T a, T b) { return a > b ? a : b; }
MAPCOST_MINMAX(int, min, max)
MAPCOST_MINMAX(unsigned int, min, max)
MAPCOST_MINMAX(long, min, max)
MAPCOST_MINMAX(unsigned long, min, max)
MAPCOST_MINMAX(long long, min, max)
MAPCOST_MINMAX(unsigned long long, min, max)
MAPCOST_MINMAX(unsigned int, umin, umax)
MAPCOST_MINMAX(long long, llmin, llmax)
MAPCOST_MINMAX(unsigned long long, ullmin, ullmax)
#undef MAPCOST_MINMAX
/* Mixed signedness compares as unsigned, as in the SDK. */
MAPCOST_DEVICE unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
MAPCOST_DEVICE unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
MAPCOST_DEVICE unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
MAPCOST_DEVICE unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
MAPCOST_DEVICE unsigned long long min(long long a, unsigned long long b) {
  return min((unsigned long long)a, b);
}
MAPCOST_DEVICE unsigned long long min(unsigned long long a, long long b) {
  return min(a, (unsigned long long)b);
}
MAPCOST_DEVICE unsigned long long max(long long a, unsigned long long b) {
  return max((unsigned long long)a, b);
}
MAPCOST_DEVICE unsigned long long max(unsigned long long a, long long b) {
  return max(a, (unsigned long long)b);
}
MAPCOST_DEVICE float min(float a, float b) { return __builtin_fminf(a, b); }
MAPCOST_DEVICE float max(float a, float b) { return __builtin_fmaxf(a, b); }
MAPCOST_DEVICE double min(double a, double b) { return __builtin_fmin(a, b); }
MAPCOST_DEVICE double max(double a, double b) { return __builtin_fmax(a, b); }
MAPCOST_DEVICE double min(float a, double b) { return __builtin_fmin(a, b); }
MAPCOST_DEVICE double max(float a, double b) { return __builtin_fmax(a, b); }
MAPCOST_DEVICE double min(double a, float b) { return __builtin_fmin(a, b); }
MAPCOST_DEVICE double max(double a, float b) { return __builtin_fmax(a, b); }

#undef MAPCOST_LIBDEVICE1
#undef MAPCOST_LIBDEVICE2
#undef MAPCOST_BUILTIN1
#undef MAPCOST_BUILTIN2
#undef MAPCOST_DEVICE
#endif /* MAPCOST_PRELUDE_MATH_H */

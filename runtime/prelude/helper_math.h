/* prelude/helper_math.h - vector operators and functions in the style of the
 * CUDA samples' helper_math.h.
 *
 * Part of the mapcost prelude, usable on its own with the SDK too
 * (runtime/include/helper_math.h). It claims helper_math.h's include guard,
 * HELPER_MATH_H, so a project's own copy of that header, included after the
 * prelude, adds nothing twice.
 *
 * float2/3/4, int2/3/4 and uint2/3/4: + - * / (vector with vector or
 * scalar, both orders), the compound assignments and unary minus; make_*
 * from a scalar, a shorter or longer vector and other element types;
 * fminf fmaxf min max lerp clamp dot length normalize floorf fracf fmodf
 * fabs reflect cross smoothstep.
 */
#ifndef HELPER_MATH_H
#define HELPER_MATH_H

#pragma clang system_header
#define MAPCOST_HELPER_MATH_H 1

#define MAPCOST_HM inline __host__ __device__

/* ---- make_* conversions --------------------------------------------------- */
MAPCOST_HM float2 make_float2(float s) { return make_float2(s, s); }
MAPCOST_HM float2 make_float2(float3 a) { return make_float2(a.x, a.y); }
MAPCOST_HM float2 make_float2(int2 a) { return make_float2(float(a.x), float(a.y)); }
MAPCOST_HM float2 make_float2(uint2 a) { return make_float2(float(a.x), float(a.y)); }
MAPCOST_HM float3 make_float3(float s) { return make_float3(s, s, s); }
MAPCOST_HM float3 make_float3(float2 a) { return make_float3(a.x, a.y, 0.0f); }
MAPCOST_HM float3 make_float3(float2 a, float s) { return make_float3(a.x, a.y, s); }
MAPCOST_HM float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }
MAPCOST_HM float3 make_float3(int3 a) { return make_float3(float(a.x), float(a.y), float(a.z)); }
MAPCOST_HM float3 make_float3(uint3 a) { return make_float3(float(a.x), float(a.y), float(a.z)); }
MAPCOST_HM float4 make_float4(float s) { return make_float4(s, s, s, s); }
MAPCOST_HM float4 make_float4(float3 a) { return make_float4(a.x, a.y, a.z, 0.0f); }
MAPCOST_HM float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
MAPCOST_HM float4 make_float4(int4 a) {
  return make_float4(float(a.x), float(a.y), float(a.z), float(a.w));
}
MAPCOST_HM float4 make_float4(uint4 a) {
  return make_float4(float(a.x), float(a.y), float(a.z), float(a.w));
}
MAPCOST_HM int2 make_int2(int s) { return make_int2(s, s); }
MAPCOST_HM int2 make_int2(int3 a) { return make_int2(a.x, a.y); }
MAPCOST_HM int2 make_int2(uint2 a) { return make_int2(int(a.x), int(a.y)); }
MAPCOST_HM int2 make_int2(float2 a) { return make_int2(int(a.x), int(a.y)); }
MAPCOST_HM int3 make_int3(int s) { return make_int3(s, s, s); }
MAPCOST_HM int3 make_int3(int2 a) { return make_int3(a.x, a.y, 0); }
MAPCOST_HM int3 make_int3(int2 a, int s) { return make_int3(a.x, a.y, s); }
MAPCOST_HM int3 make_int3(uint3 a) { return make_int3(int(a.x), int(a.y), int(a.z)); }
MAPCOST_HM int3 make_int3(float3 a) { return make_int3(int(a.x), int(a.y), int(a.z)); }
MAPCOST_HM int4 make_int4(int s) { return make_int4(s, s, s, s); }
MAPCOST_HM int4 make_int4(int3 a) { return make_int4(a.x, a.y, a.z, 0); }
MAPCOST_HM int4 make_int4(int3 a, int w) { return make_int4(a.x, a.y, a.z, w); }
MAPCOST_HM int4 make_int4(uint4 a) { return make_int4(int(a.x), int(a.y), int(a.z), int(a.w)); }
MAPCOST_HM int4 make_int4(float4 a) { return make_int4(int(a.x), int(a.y), int(a.z), int(a.w)); }
MAPCOST_HM uint2 make_uint2(unsigned int s) { return make_uint2(s, s); }
MAPCOST_HM uint2 make_uint2(uint3 a) { return make_uint2(a.x, a.y); }
MAPCOST_HM uint2 make_uint2(int2 a) { return make_uint2(unsigned(a.x), unsigned(a.y)); }
MAPCOST_HM uint3 make_uint3(unsigned int s) { return make_uint3(s, s, s); }
MAPCOST_HM uint3 make_uint3(uint2 a) { return make_uint3(a.x, a.y, 0); }
MAPCOST_HM uint3 make_uint3(uint2 a, unsigned int s) { return make_uint3(a.x, a.y, s); }
MAPCOST_HM uint3 make_uint3(uint4 a) { return make_uint3(a.x, a.y, a.z); }
MAPCOST_HM uint3 make_uint3(int3 a) { return make_uint3(unsigned(a.x), unsigned(a.y), unsigned(a.z)); }
MAPCOST_HM uint4 make_uint4(unsigned int s) { return make_uint4(s, s, s, s); }
MAPCOST_HM uint4 make_uint4(uint3 a) { return make_uint4(a.x, a.y, a.z, 0); }
MAPCOST_HM uint4 make_uint4(uint3 a, unsigned int w) { return make_uint4(a.x, a.y, a.z, w); }
MAPCOST_HM uint4 make_uint4(int4 a) {
  return make_uint4(unsigned(a.x), unsigned(a.y), unsigned(a.z), unsigned(a.w));
}

/* ---- Element-wise operators ----------------------------------------------- */
#define MAPCOST_HM_ARITH2(V, S, MK)                                            \
  MAPCOST_HM V operator+(V a, V b) { return MK(a.x + b.x, a.y + b.y); }        \
  MAPCOST_HM V operator-(V a, V b) { return MK(a.x - b.x, a.y - b.y); }        \
  MAPCOST_HM V operator*(V a, V b) { return MK(a.x * b.x, a.y * b.y); }        \
  MAPCOST_HM V operator/(V a, V b) { return MK(a.x / b.x, a.y / b.y); }        \
  MAPCOST_HM V operator+(V a, S b) { return MK(a.x + b, a.y + b); }            \
  MAPCOST_HM V operator-(V a, S b) { return MK(a.x - b, a.y - b); }            \
  MAPCOST_HM V operator*(V a, S b) { return MK(a.x * b, a.y * b); }            \
  MAPCOST_HM V operator/(V a, S b) { return MK(a.x / b, a.y / b); }            \
  MAPCOST_HM V operator+(S b, V a) { return MK(b + a.x, b + a.y); }            \
  MAPCOST_HM V operator-(S b, V a) { return MK(b - a.x, b - a.y); }            \
  MAPCOST_HM V operator*(S b, V a) { return MK(b * a.x, b * a.y); }            \
  MAPCOST_HM V operator/(S b, V a) { return MK(b / a.x, b / a.y); }
#define MAPCOST_HM_ARITH3(V, S, MK)                                            \
  MAPCOST_HM V operator+(V a, V b) { return MK(a.x + b.x, a.y + b.y, a.z + b.z); } \
  MAPCOST_HM V operator-(V a, V b) { return MK(a.x - b.x, a.y - b.y, a.z - b.z); } \
  MAPCOST_HM V operator*(V a, V b) { return MK(a.x * b.x, a.y * b.y, a.z * b.z); } \
  MAPCOST_HM V operator/(V a, V b) { return MK(a.x / b.x, a.y / b.y, a.z / b.z); } \
  MAPCOST_HM V operator+(V a, S b) { return MK(a.x + b, a.y + b, a.z + b); }   \
  MAPCOST_HM V operator-(V a, S b) { return MK(a.x - b, a.y - b, a.z - b); }   \
  MAPCOST_HM V operator*(V a, S b) { return MK(a.x * b, a.y * b, a.z * b); }   \
  MAPCOST_HM V operator/(V a, S b) { return MK(a.x / b, a.y / b, a.z / b); }   \
  MAPCOST_HM V operator+(S b, V a) { return MK(b + a.x, b + a.y, b + a.z); }   \
  MAPCOST_HM V operator-(S b, V a) { return MK(b - a.x, b - a.y, b - a.z); }   \
  MAPCOST_HM V operator*(S b, V a) { return MK(b * a.x, b * a.y, b * a.z); }   \
  MAPCOST_HM V operator/(S b, V a) { return MK(b / a.x, b / a.y, b / a.z); }
#define MAPCOST_HM_ARITH4(V, S, MK)                                            \
  MAPCOST_HM V operator+(V a, V b) {                                           \
    return MK(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);                     \
  }                                                                            \
  MAPCOST_HM V operator-(V a, V b) {                                           \
    return MK(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);                     \
  }                                                                            \
  MAPCOST_HM V operator*(V a, V b) {                                           \
    return MK(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);                     \
  }                                                                            \
  MAPCOST_HM V operator/(V a, V b) {                                           \
    return MK(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);                     \
  }                                                                            \
  MAPCOST_HM V operator+(V a, S b) { return MK(a.x + b, a.y + b, a.z + b, a.w + b); } \
  MAPCOST_HM V operator-(V a, S b) { return MK(a.x - b, a.y - b, a.z - b, a.w - b); } \
  MAPCOST_HM V operator*(V a, S b) { return MK(a.x * b, a.y * b, a.z * b, a.w * b); } \
  MAPCOST_HM V operator/(V a, S b) { return MK(a.x / b, a.y / b, a.z / b, a.w / b); } \
  MAPCOST_HM V operator+(S b, V a) { return MK(b + a.x, b + a.y, b + a.z, b + a.w); } \
  MAPCOST_HM V operator-(S b, V a) { return MK(b - a.x, b - a.y, b - a.z, b - a.w); } \
  MAPCOST_HM V operator*(S b, V a) { return MK(b * a.x, b * a.y, b * a.z, b * a.w); } \
  MAPCOST_HM V operator/(S b, V a) { return MK(b / a.x, b / a.y, b / a.z, b / a.w); }

/* Compound assignment and negation, for any size. */
#define MAPCOST_HM_ASSIGN(V, S)                                                \
  MAPCOST_HM void operator+=(V &a, V b) { a = a + b; }                         \
  MAPCOST_HM void operator-=(V &a, V b) { a = a - b; }                         \
  MAPCOST_HM void operator*=(V &a, V b) { a = a * b; }                         \
  MAPCOST_HM void operator/=(V &a, V b) { a = a / b; }                         \
  MAPCOST_HM void operator+=(V &a, S b) { a = a + b; }                         \
  MAPCOST_HM void operator-=(V &a, S b) { a = a - b; }                         \
  MAPCOST_HM void operator*=(V &a, S b) { a = a * b; }                         \
  MAPCOST_HM void operator/=(V &a, S b) { a = a / b; }                         \
  MAPCOST_HM V operator-(V a) { return (S)0 - a; }

MAPCOST_HM_ARITH2(float2, float, make_float2)
MAPCOST_HM_ARITH3(float3, float, make_float3)
MAPCOST_HM_ARITH4(float4, float, make_float4)
MAPCOST_HM_ARITH2(int2, int, make_int2)
MAPCOST_HM_ARITH3(int3, int, make_int3)
MAPCOST_HM_ARITH4(int4, int, make_int4)
MAPCOST_HM_ARITH2(uint2, unsigned int, make_uint2)
MAPCOST_HM_ARITH3(uint3, unsigned int, make_uint3)
MAPCOST_HM_ARITH4(uint4, unsigned int, make_uint4)
MAPCOST_HM_ASSIGN(float2, float)
MAPCOST_HM_ASSIGN(float3, float)
MAPCOST_HM_ASSIGN(float4, float)
MAPCOST_HM_ASSIGN(int2, int)
MAPCOST_HM_ASSIGN(int3, int)
MAPCOST_HM_ASSIGN(int4, int)
MAPCOST_HM_ASSIGN(uint2, unsigned int)
MAPCOST_HM_ASSIGN(uint3, unsigned int)
MAPCOST_HM_ASSIGN(uint4, unsigned int)

/* ---- Functions ------------------------------------------------------------- */
/* F applied to each element, or to each pair of elements. */
#define MAPCOST_HM_MAP2(NAME, V, MK, F)                                        \
  MAPCOST_HM V NAME(V a) { return MK(F(a.x), F(a.y)); }
#define MAPCOST_HM_MAP3(NAME, V, MK, F)                                        \
  MAPCOST_HM V NAME(V a) { return MK(F(a.x), F(a.y), F(a.z)); }
#define MAPCOST_HM_MAP4(NAME, V, MK, F)                                        \
  MAPCOST_HM V NAME(V a) { return MK(F(a.x), F(a.y), F(a.z), F(a.w)); }
#define MAPCOST_HM_ZIP2(NAME, V, MK, F)                                        \
  MAPCOST_HM V NAME(V a, V b) { return MK(F(a.x, b.x), F(a.y, b.y)); }
#define MAPCOST_HM_ZIP3(NAME, V, MK, F)                                        \
  MAPCOST_HM V NAME(V a, V b) { return MK(F(a.x, b.x), F(a.y, b.y), F(a.z, b.z)); }
#define MAPCOST_HM_ZIP4(NAME, V, MK, F)                                        \
  MAPCOST_HM V NAME(V a, V b) {                                                \
    return MK(F(a.x, b.x), F(a.y, b.y), F(a.z, b.z), F(a.w, b.w));             \
  }

MAPCOST_HM float mapcost_hm_fminf(float a, float b) { return a < b ? a : b; }
MAPCOST_HM float mapcost_hm_fmaxf(float a, float b) { return a > b ? a : b; }
MAPCOST_HM int mapcost_hm_imin(int a, int b) { return a < b ? a : b; }
MAPCOST_HM int mapcost_hm_imax(int a, int b) { return a > b ? a : b; }
MAPCOST_HM unsigned int mapcost_hm_umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
MAPCOST_HM unsigned int mapcost_hm_umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
MAPCOST_HM float mapcost_hm_floorf(float a) { return __builtin_floorf(a); }
MAPCOST_HM float mapcost_hm_fabsf(float a) { return __builtin_fabsf(a); }
MAPCOST_HM float mapcost_hm_fracf(float a) { return a - __builtin_floorf(a); }
MAPCOST_HM int mapcost_hm_iabs(int a) { return a < 0 ? -a : a; }
MAPCOST_HM float mapcost_hm_fmodf(float a, float b) { return __builtin_fmodf(a, b); }

MAPCOST_HM float fracf(float a) { return mapcost_hm_fracf(a); }

#define MAPCOST_HM_FLOATFNS(N)                                                 \
  MAPCOST_HM_ZIP##N(fminf, float##N, make_float##N, mapcost_hm_fminf)          \
  MAPCOST_HM_ZIP##N(fmaxf, float##N, make_float##N, mapcost_hm_fmaxf)          \
  MAPCOST_HM_ZIP##N(fmodf, float##N, make_float##N, mapcost_hm_fmodf)          \
  MAPCOST_HM_MAP##N(floorf, float##N, make_float##N, mapcost_hm_floorf)        \
  MAPCOST_HM_MAP##N(fracf, float##N, make_float##N, mapcost_hm_fracf)          \
  MAPCOST_HM_MAP##N(fabs, float##N, make_float##N, mapcost_hm_fabsf)           \
  MAPCOST_HM_ZIP##N(min, int##N, make_int##N, mapcost_hm_imin)                 \
  MAPCOST_HM_ZIP##N(max, int##N, make_int##N, mapcost_hm_imax)                 \
  MAPCOST_HM_MAP##N(abs, int##N, make_int##N, mapcost_hm_iabs)                 \
  MAPCOST_HM_ZIP##N(min, uint##N, make_uint##N, mapcost_hm_umin)               \
  MAPCOST_HM_ZIP##N(max, uint##N, make_uint##N, mapcost_hm_umax)               \
  MAPCOST_HM float##N lerp(float##N a, float##N b, float t) {                  \
    return a + t * (b - a);                                                    \
  }                                                                            \
  MAPCOST_HM float##N clamp(float##N v, float a, float b) {                    \
    return fmaxf(make_float##N(a), fminf(v, make_float##N(b)));                \
  }                                                                            \
  MAPCOST_HM float##N clamp(float##N v, float##N a, float##N b) {              \
    return fmaxf(a, fminf(v, b));                                              \
  }                                                                            \
  MAPCOST_HM int##N clamp(int##N v, int a, int b) {                            \
    return max(make_int##N(a), min(v, make_int##N(b)));                        \
  }                                                                            \
  MAPCOST_HM uint##N clamp(uint##N v, unsigned int a, unsigned int b) {        \
    return max(make_uint##N(a), min(v, make_uint##N(b)));                      \
  }                                                                            \
  MAPCOST_HM float length(float##N v) { return __builtin_sqrtf(dot(v, v)); }   \
  MAPCOST_HM float##N normalize(float##N v) {                                  \
    return v * (1.0f / __builtin_sqrtf(dot(v, v)));                            \
  }                                                                            \
  MAPCOST_HM float##N smoothstep(float##N a, float##N b, float##N x) {         \
    float##N y = clamp((x - a) / (b - a), 0.0f, 1.0f);                         \
    return y * y * (make_float##N(3.0f) - make_float##N(2.0f) * y);            \
  }

MAPCOST_HM float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
MAPCOST_HM float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
MAPCOST_HM float dot(float4 a, float4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
MAPCOST_HM int dot(int2 a, int2 b) { return a.x * b.x + a.y * b.y; }
MAPCOST_HM int dot(int3 a, int3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
MAPCOST_HM int dot(int4 a, int4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
MAPCOST_HM unsigned int dot(uint2 a, uint2 b) { return a.x * b.x + a.y * b.y; }
MAPCOST_HM unsigned int dot(uint3 a, uint3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
MAPCOST_HM unsigned int dot(uint4 a, uint4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

MAPCOST_HM_FLOATFNS(2)
MAPCOST_HM_FLOATFNS(3)
MAPCOST_HM_FLOATFNS(4)

MAPCOST_HM float lerp(float a, float b, float t) { return a + t * (b - a); }
MAPCOST_HM float clamp(float f, float a, float b) {
  return mapcost_hm_fmaxf(a, mapcost_hm_fminf(f, b));
}
MAPCOST_HM int clamp(int f, int a, int b) { return mapcost_hm_imax(a, mapcost_hm_imin(f, b)); }
MAPCOST_HM unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) {
  return mapcost_hm_umax(a, mapcost_hm_umin(f, b));
}
MAPCOST_HM float smoothstep(float a, float b, float x) {
  float y = clamp((x - a) / (b - a), 0.0f, 1.0f);
  return y * y * (3.0f - 2.0f * y);
}
MAPCOST_HM float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
MAPCOST_HM float3 reflect(float3 i, float3 n) { return i - 2.0f * n * dot(n, i); }

#undef MAPCOST_HM_FLOATFNS
#undef MAPCOST_HM_MAP2
#undef MAPCOST_HM_MAP3
#undef MAPCOST_HM_MAP4
#undef MAPCOST_HM_ZIP2
#undef MAPCOST_HM_ZIP3
#undef MAPCOST_HM_ZIP4
#undef MAPCOST_HM_ASSIGN
#undef MAPCOST_HM_ARITH2
#undef MAPCOST_HM_ARITH3
#undef MAPCOST_HM_ARITH4
#undef MAPCOST_HM
#endif /* HELPER_MATH_H */

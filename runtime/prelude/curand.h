/* prelude/curand.h - the cuRAND device API as opaque values.
 *
 * Part of the mapcost prelude. The state types have the SDK's layouts (so
 * an array of states has the same stride); every generator call reads and
 * writes its state (as the real one does: two threads sharing a state race)
 * and returns a value the compiler cannot know (prelude/texture.h's
 * __mapcost_opaque_u32). curand_init only writes the state; unlike the SDK's
 * it reads no skip-ahead table, so with the SDK a kernel that calls
 * curand_init also uses the array precalc_xorwow_matrix.
 */
#ifndef MAPCOST_PRELUDE_CURAND_H
#define MAPCOST_PRELUDE_CURAND_H

#pragma clang system_header

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define MAPCOST_CURAND static __device__ __forceinline__

/* One step of a generator: reads and writes the state, returns 32 unknown
 * bits. */
template <class S> MAPCOST_CURAND unsigned int __mapcost_curand_step(S *s) {
  unsigned int r;
  __asm__ __volatile__("mov.u32 %0, %%clock; // mapcost: curand %1"
                       : "=r"(r) : "r"(s->boxmuller_flag));
  s->boxmuller_flag = (int)__mapcost_opaque_u32();
  return r;
}
template <class S> MAPCOST_CURAND float __mapcost_curand_float(S *s) {
  return __builtin_bit_cast(float, __mapcost_curand_step(s));
}
template <class S> MAPCOST_CURAND double __mapcost_curand_double(S *s) {
  unsigned long long hi = __mapcost_curand_step(s), lo = __mapcost_curand_step(s);
  return __builtin_bit_cast(double, (hi << 32) | lo);
}

template <class S>
MAPCOST_CURAND void __mapcost_curand_init(unsigned long long seed, unsigned long long subsequence,
                                          unsigned long long offset, S *s) {
  s->boxmuller_flag = (int)__mapcost_opaque_u32();
}
MAPCOST_CURAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                                unsigned long long offset, curandStateXORWOW_t *s) {
  __mapcost_curand_init(seed, subsequence, offset, s);
}
MAPCOST_CURAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                                unsigned long long offset, curandStatePhilox4_32_10_t *s) {
  __mapcost_curand_init(seed, subsequence, offset, s);
}
MAPCOST_CURAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                                unsigned long long offset, curandStateMRG32k3a_t *s) {
  __mapcost_curand_init(seed, subsequence, offset, s);
}

/* The same functions for each generator. */
#define MAPCOST_CURAND_API(S)                                                  \
  MAPCOST_CURAND unsigned int curand(S *s) { return __mapcost_curand_step(s); } \
  MAPCOST_CURAND float curand_uniform(S *s) { return __mapcost_curand_float(s); } \
  MAPCOST_CURAND double curand_uniform_double(S *s) {                          \
    return __mapcost_curand_double(s);                                         \
  }                                                                            \
  MAPCOST_CURAND float curand_normal(S *s) { return __mapcost_curand_float(s); } \
  MAPCOST_CURAND float2 curand_normal2(S *s) {                                 \
    float x = __mapcost_curand_float(s);                                       \
    return make_float2(x, __mapcost_curand_float(s));                          \
  }                                                                            \
  MAPCOST_CURAND double curand_normal_double(S *s) {                           \
    return __mapcost_curand_double(s);                                         \
  }                                                                            \
  MAPCOST_CURAND double2 curand_normal2_double(S *s) {                         \
    double x = __mapcost_curand_double(s);                                     \
    return make_double2(x, __mapcost_curand_double(s));                       \
  }                                                                            \
  MAPCOST_CURAND float curand_log_normal(S *s, float mean, float stddev) {     \
    return __mapcost_curand_float(s);                                          \
  }                                                                            \
  MAPCOST_CURAND double curand_log_normal_double(S *s, double mean, double stddev) { \
    return __mapcost_curand_double(s);                                         \
  }                                                                            \
  MAPCOST_CURAND unsigned int curand_poisson(S *s, double lambda) {            \
    return __mapcost_curand_step(s);                                           \
  }                                                                            \
  MAPCOST_CURAND void skipahead(unsigned long long n, S *s) { (void)__mapcost_curand_step(s); } \
  MAPCOST_CURAND void skipahead_sequence(unsigned long long n, S *s) {         \
    (void)__mapcost_curand_step(s);                                            \
  }
MAPCOST_CURAND_API(curandStateXORWOW_t)
MAPCOST_CURAND_API(curandStatePhilox4_32_10_t)
MAPCOST_CURAND_API(curandStateMRG32k3a_t)
#undef MAPCOST_CURAND_API

/* Philox's four-at-a-time variants. */
MAPCOST_CURAND uint4 curand4(curandStatePhilox4_32_10_t *s) {
  unsigned int x = __mapcost_curand_step(s), y = __mapcost_curand_step(s);
  unsigned int z = __mapcost_curand_step(s), w = __mapcost_curand_step(s);
  return make_uint4(x, y, z, w);
}
MAPCOST_CURAND float4 curand_uniform4(curandStatePhilox4_32_10_t *s) {
  float x = __mapcost_curand_float(s), y = __mapcost_curand_float(s);
  float z = __mapcost_curand_float(s), w = __mapcost_curand_float(s);
  return make_float4(x, y, z, w);
}
MAPCOST_CURAND float4 curand_normal4(curandStatePhilox4_32_10_t *s) {
  return curand_uniform4(s);
}
MAPCOST_CURAND double2 curand_uniform2_double(curandStatePhilox4_32_10_t *s) {
  double x = __mapcost_curand_double(s);
  return make_double2(x, __mapcost_curand_double(s));
}
MAPCOST_CURAND void skipahead_subsequence(unsigned long long n, curandStatePhilox4_32_10_t *s) {
  (void)__mapcost_curand_step(s);
}

#undef MAPCOST_CURAND
#endif /* MAPCOST_PRELUDE_CURAND_H */

/* prelude/cuda_core.h - qualifiers, built-in variables, vector types, dim3.
 *
 * Part of the mapcost prelude (runtime/mapcost_prelude.h); not meant to be
 * included on its own. Layouts and alignments follow the CUDA SDK's
 * vector_types.h, so structs, strides and mangled names are the same with
 * the prelude as with the SDK.
 */
#ifndef MAPCOST_PRELUDE_CUDA_CORE_H
#define MAPCOST_PRELUDE_CUDA_CORE_H

#pragma clang system_header

/* What CUDA code tests for. CUDA_VERSION says which API the prelude offers:
 * the CUDA 9+ synchronising warp functions, and (unlike CUDA 12+) legacy
 * texture references too. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define CUDA_VERSION 12000
#define CUDART_VERSION 12000

/* Execution-space and memory-space qualifiers. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define __grid_constant__ __attribute__((grid_constant))

/* threadIdx, blockIdx, blockDim, gridDim, warpSize: clang's own header. */
#include <__clang_cuda_builtin_vars.h>

#include <stddef.h>
#include <limits.h>

/* ---- Vector types (vector_types.h) --------------------------------------- */

#define MAPCOST_VEC1(T, N) struct N##1 { T x; }; typedef struct N##1 N##1;
#define MAPCOST_VEC2(T, N, A) struct __align__(A) N##2 { T x, y; }; typedef struct N##2 N##2;
#define MAPCOST_VEC3(T, N) struct N##3 { T x, y, z; }; typedef struct N##3 N##3;
#define MAPCOST_VEC4(T, N, A) struct __align__(A) N##4 { T x, y, z, w; }; typedef struct N##4 N##4;
#define MAPCOST_VECS(T, N, A2, A4) \
  MAPCOST_VEC1(T, N) MAPCOST_VEC2(T, N, A2) MAPCOST_VEC3(T, N) MAPCOST_VEC4(T, N, A4)

MAPCOST_VECS(signed char, char, 2, 4)
MAPCOST_VECS(unsigned char, uchar, 2, 4)
MAPCOST_VECS(short, short, 4, 8)
MAPCOST_VECS(unsigned short, ushort, 4, 8)
MAPCOST_VECS(int, int, 8, 16)
MAPCOST_VECS(unsigned int, uint, 8, 16)
MAPCOST_VECS(long, long, 2 * sizeof(long), 16)
MAPCOST_VECS(unsigned long, ulong, 2 * sizeof(unsigned long), 16)
MAPCOST_VECS(long long, longlong, 16, 16)
MAPCOST_VECS(unsigned long long, ulonglong, 16, 16)
MAPCOST_VECS(float, float, 8, 16)
MAPCOST_VECS(double, double, 16, 16)

/* CUDA 13's explicitly aligned 4-vectors of 8-byte elements. */
#define MAPCOST_VEC4A(T, N, A) struct __align__(A) N { T x, y, z, w; }; typedef struct N N;
MAPCOST_VEC4A(long, long4_16a, 16) MAPCOST_VEC4A(long, long4_32a, 32)
MAPCOST_VEC4A(unsigned long, ulong4_16a, 16) MAPCOST_VEC4A(unsigned long, ulong4_32a, 32)
MAPCOST_VEC4A(long long, longlong4_16a, 16) MAPCOST_VEC4A(long long, longlong4_32a, 32)
MAPCOST_VEC4A(unsigned long long, ulonglong4_16a, 16)
MAPCOST_VEC4A(unsigned long long, ulonglong4_32a, 32)
MAPCOST_VEC4A(double, double4_16a, 16) MAPCOST_VEC4A(double, double4_32a, 32)

#undef MAPCOST_VEC1
#undef MAPCOST_VEC2
#undef MAPCOST_VEC3
#undef MAPCOST_VEC4
#undef MAPCOST_VEC4A
#undef MAPCOST_VECS

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

/* The built-in variables convert to dim3 and uint3, as in nvcc. */
#define MAPCOST_BUILTIN_CONVERSIONS(T)                                         \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }         \
  __device__ inline T::operator uint3() const { return uint3{x, y, z}; }
MAPCOST_BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
MAPCOST_BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
MAPCOST_BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
MAPCOST_BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef MAPCOST_BUILTIN_CONVERSIONS

/* ---- make_* (vector_functions.h) ----------------------------------------- */

#define MAPCOST_MAKE(T, N)                                                     \
  static __inline__ __host__ __device__ N##1 make_##N##1(T x) {                \
    N##1 t; t.x = x; return t;                                                 \
  }                                                                            \
  static __inline__ __host__ __device__ N##2 make_##N##2(T x, T y) {           \
    N##2 t; t.x = x; t.y = y; return t;                                        \
  }                                                                            \
  static __inline__ __host__ __device__ N##3 make_##N##3(T x, T y, T z) {      \
    N##3 t; t.x = x; t.y = y; t.z = z; return t;                               \
  }                                                                            \
  static __inline__ __host__ __device__ N##4 make_##N##4(T x, T y, T z, T w) { \
    N##4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t;                      \
  }
MAPCOST_MAKE(signed char, char)
MAPCOST_MAKE(unsigned char, uchar)
MAPCOST_MAKE(short, short)
MAPCOST_MAKE(unsigned short, ushort)
MAPCOST_MAKE(int, int)
MAPCOST_MAKE(unsigned int, uint)
MAPCOST_MAKE(long, long)
MAPCOST_MAKE(unsigned long, ulong)
MAPCOST_MAKE(long long, longlong)
MAPCOST_MAKE(unsigned long long, ulonglong)
MAPCOST_MAKE(float, float)
MAPCOST_MAKE(double, double)
#undef MAPCOST_MAKE

#endif /* MAPCOST_PRELUDE_CUDA_CORE_H */

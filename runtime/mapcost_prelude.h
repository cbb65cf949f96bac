/* mapcost_prelude.h - enough of CUDA to compile kernels without the SDK.
 *
 *   clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
 *         -nocudainc -nocudalib -include runtime/mapcost_prelude.h k.cu
 *
 * scripts/mapcost uses it when the CUDA SDK's headers are absent or do not
 * work with the chosen clang (clang 19 cannot read CUDA 13's headers), or
 * with --no-sdk. Kernels that use only what is declared here compile the
 * same way with the SDK.
 */
#ifndef MAPCOST_PRELUDE_H
#define MAPCOST_PRELUDE_H

#define MAPCOST_PRELUDE 1

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

/* threadIdx, blockIdx, blockDim, gridDim, warpSize: clang's own header. */
#include <__clang_cuda_builtin_vars.h>

typedef unsigned long long mapcost_ull;

#if defined(__CUDA_ARCH__) || defined(__CUDA__)
/* Barriers: __syncthreads is a clang builtin. */
static __device__ __forceinline__ int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
static __device__ __forceinline__ int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
static __device__ __forceinline__ int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
static __device__ __forceinline__ void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
static __device__ __forceinline__ void __threadfence(void) { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_block(void) { __nvvm_membar_cta(); }

/* Atomics (device scope). */
#define MAPCOST_ATOMIC_RMW(T)                                                          \
  static __device__ __forceinline__ T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicSub(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicExch(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicMin(T *p, T v) { return __atomic_fetch_min(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicMax(T *p, T v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }  \
  static __device__ __forceinline__ T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); } \
  static __device__ __forceinline__ T atomicCAS(T *p, T cmp, T v) {                   \
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
    return cmp;                                                                        \
  }
MAPCOST_ATOMIC_RMW(int)
MAPCOST_ATOMIC_RMW(unsigned int)
MAPCOST_ATOMIC_RMW(mapcost_ull)
#undef MAPCOST_ATOMIC_RMW
static __device__ __forceinline__ float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ __forceinline__ double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
#endif

#endif /* MAPCOST_PRELUDE_H */

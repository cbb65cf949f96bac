/* prelude/device_functions.h - barriers, fences and the integer and float
 * intrinsics of CUDA's device_functions.h, plus __ldg, assert and printf.
 *
 * Part of the mapcost prelude. Each function is written with the clang
 * builtin that the SDK's version becomes once libdevice is linked
 * (__popc is llvm.ctpop, __byte_perm llvm.nvvm.prmt, ...), so the
 * analysis sees the same IR with or without the SDK and no libdevice is
 * needed.
 */
#ifndef MAPCOST_PRELUDE_DEVICE_FUNCTIONS_H
#define MAPCOST_PRELUDE_DEVICE_FUNCTIONS_H

#pragma clang system_header

#include <assert.h>

#define MAPCOST_DEVICE static __device__ __forceinline__

/* ---- Barriers and fences ------------------------------------------------- */
/* __syncthreads itself is a clang builtin (llvm.nvvm.barrier0 in LLVM 19,
 * barrier.cta.sync.aligned.all in 22), as with the SDK. */
MAPCOST_DEVICE int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
MAPCOST_DEVICE int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
MAPCOST_DEVICE int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
inline __device__ void __syncwarp(unsigned int mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}
/* Named barriers (cooperative groups' block sync is __barrier_sync(0)). */
inline __device__ void __barrier_sync(unsigned int id) { __nvvm_barrier_sync(id); }
inline __device__ void __barrier_sync_count(unsigned int id, unsigned int count) {
  __nvvm_barrier_sync_cnt(id, count);
}
MAPCOST_DEVICE void __threadfence(void) { __nvvm_membar_gl(); }
MAPCOST_DEVICE void __threadfence_block(void) { __nvvm_membar_cta(); }
MAPCOST_DEVICE void __threadfence_system(void) { __nvvm_membar_sys(); }
MAPCOST_DEVICE void __trap(void) { __builtin_trap(); }
MAPCOST_DEVICE void __brkpt(void) { __asm__ __volatile__("brkpt;"); }
MAPCOST_DEVICE void __nanosleep(unsigned int ns) { __nvvm_nanosleep(ns); }
MAPCOST_DEVICE long long clock64(void) { return __nvvm_read_ptx_sreg_clock64(); }
MAPCOST_DEVICE int clock(void) { return __nvvm_read_ptx_sreg_clock(); }

/* ---- Integer intrinsics -------------------------------------------------- */
MAPCOST_DEVICE int __popc(unsigned int x) { return __builtin_popcount(x); }
MAPCOST_DEVICE int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
MAPCOST_DEVICE int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
MAPCOST_DEVICE int __clzll(long long x) {
  return x ? __builtin_clzll((unsigned long long)x) : 64;
}
MAPCOST_DEVICE int __ffs(int x) { return __builtin_ffs(x); }
MAPCOST_DEVICE int __ffsll(long long x) { return __builtin_ffsll(x); }
MAPCOST_DEVICE unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
MAPCOST_DEVICE unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
/* The product of the low 24 bits, as libdevice writes it (plain arithmetic,
 * which the analysis reads better than an intrinsic). */
MAPCOST_DEVICE int __mul24(int x, int y) {
  return (int)((unsigned int)((int)((unsigned int)x << 8) >> 8) *
               (unsigned int)((int)((unsigned int)y << 8) >> 8));
}
MAPCOST_DEVICE unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
MAPCOST_DEVICE int __mulhi(int x, int y) { return __nvvm_mulhi_i(x, y); }
MAPCOST_DEVICE unsigned int __umulhi(unsigned int x, unsigned int y) {
  return __nvvm_mulhi_ui(x, y);
}
MAPCOST_DEVICE long long __mul64hi(long long x, long long y) { return __nvvm_mulhi_ll(x, y); }
MAPCOST_DEVICE unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return __nvvm_mulhi_ull(x, y);
}
MAPCOST_DEVICE int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
MAPCOST_DEVICE int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
MAPCOST_DEVICE unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
MAPCOST_DEVICE unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}
MAPCOST_DEVICE unsigned int __sad(int x, int y, unsigned int z) {
  return z + (unsigned int)(x > y ? x - y : y - x);
}
MAPCOST_DEVICE unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return z + (x > y ? x - y : y - x);
}
MAPCOST_DEVICE unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  return __nvvm_prmt(x, y, s);
}
MAPCOST_DEVICE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (s & 31)) >> 32);
}
MAPCOST_DEVICE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (s & 31));
}
MAPCOST_DEVICE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s) {
  return __funnelshift_l(lo, hi, s > 32 ? 32 : s) | (s >= 32 ? hi : 0);
}
MAPCOST_DEVICE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s) {
  return s >= 32 ? hi : __funnelshift_r(lo, hi, s);
}

/* ---- Reinterpretation and conversion ------------------------------------- */
MAPCOST_DEVICE float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
MAPCOST_DEVICE int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
MAPCOST_DEVICE float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
MAPCOST_DEVICE unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
MAPCOST_DEVICE double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
MAPCOST_DEVICE long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
MAPCOST_DEVICE int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
MAPCOST_DEVICE int __double2loint(double x) { return (int)__double_as_longlong(x); }
MAPCOST_DEVICE double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}

/* CUDA's _ru and _rd are PTX's (and the builtins') .rp and .rm. */
#define MAPCOST_ROUNDINGS(M) M(rn, rn) M(rz, rz) M(ru, rp) M(rd, rm)
#define MAPCOST_CVT(r, p)                                                            \
  MAPCOST_DEVICE int __float2int_##r(float x) { return __nvvm_f2i_##p(x); }       \
  MAPCOST_DEVICE unsigned int __float2uint_##r(float x) { return __nvvm_f2ui_##p(x); } \
  MAPCOST_DEVICE long long __float2ll_##r(float x) { return __nvvm_f2ll_##p(x); } \
  MAPCOST_DEVICE unsigned long long __float2ull_##r(float x) { return __nvvm_f2ull_##p(x); } \
  MAPCOST_DEVICE int __double2int_##r(double x) { return __nvvm_d2i_##p(x); }     \
  MAPCOST_DEVICE unsigned int __double2uint_##r(double x) { return __nvvm_d2ui_##p(x); } \
  MAPCOST_DEVICE long long __double2ll_##r(double x) { return __nvvm_d2ll_##p(x); } \
  MAPCOST_DEVICE unsigned long long __double2ull_##r(double x) { return __nvvm_d2ull_##p(x); } \
  MAPCOST_DEVICE float __int2float_##r(int x) { return __nvvm_i2f_##p(x); }       \
  MAPCOST_DEVICE float __uint2float_##r(unsigned int x) { return __nvvm_ui2f_##p(x); } \
  MAPCOST_DEVICE float __ll2float_##r(long long x) { return __nvvm_ll2f_##p(x); } \
  MAPCOST_DEVICE float __ull2float_##r(unsigned long long x) { return __nvvm_ull2f_##p(x); } \
  MAPCOST_DEVICE double __ll2double_##r(long long x) { return __nvvm_ll2d_##p(x); } \
  MAPCOST_DEVICE double __ull2double_##r(unsigned long long x) { return __nvvm_ull2d_##p(x); } \
  MAPCOST_DEVICE float __double2float_##r(double x) { return __nvvm_d2f_##p(x); } \
  MAPCOST_DEVICE float __fadd_##r(float x, float y) { return __nvvm_add_##p##_f(x, y); } \
  MAPCOST_DEVICE float __fmul_##r(float x, float y) { return __nvvm_mul_##p##_f(x, y); } \
  MAPCOST_DEVICE float __fdiv_##r(float x, float y) { return __nvvm_div_##p##_f(x, y); } \
  MAPCOST_DEVICE float __fmaf_##r(float x, float y, float z) { return __nvvm_fma_##p##_f(x, y, z); } \
  MAPCOST_DEVICE float __frcp_##r(float x) { return __nvvm_rcp_##p##_f(x); }     \
  MAPCOST_DEVICE float __fsqrt_##r(float x) { return __nvvm_sqrt_##p##_f(x); }   \
  MAPCOST_DEVICE double __dadd_##r(double x, double y) { return __nvvm_add_##p##_d(x, y); } \
  MAPCOST_DEVICE double __dmul_##r(double x, double y) { return __nvvm_mul_##p##_d(x, y); } \
  MAPCOST_DEVICE double __ddiv_##r(double x, double y) { return __nvvm_div_##p##_d(x, y); } \
  MAPCOST_DEVICE double __fma_##r(double x, double y, double z) { return __nvvm_fma_##p##_d(x, y, z); } \
  MAPCOST_DEVICE double __drcp_##r(double x) { return __nvvm_rcp_##p##_d(x); }   \
  MAPCOST_DEVICE double __dsqrt_##r(double x) { return __nvvm_sqrt_##p##_d(x); }
MAPCOST_ROUNDINGS(MAPCOST_CVT)
#undef MAPCOST_CVT
#undef MAPCOST_ROUNDINGS
MAPCOST_DEVICE float __fsub_rn(float x, float y) { return __nvvm_add_rn_f(x, -y); }
MAPCOST_DEVICE float __fsub_rz(float x, float y) { return __nvvm_add_rz_f(x, -y); }
MAPCOST_DEVICE double __dsub_rn(double x, double y) { return __nvvm_add_rn_d(x, -y); }
MAPCOST_DEVICE double __int2double_rn(int x) { return (double)x; }
MAPCOST_DEVICE double __uint2double_rn(unsigned int x) { return (double)x; }

/* Fast float intrinsics: PTX's approximate instructions. */
MAPCOST_DEVICE float __fdividef(float x, float y) { return __nvvm_div_approx_f(x, y); }
MAPCOST_DEVICE float __saturatef(float x) { return __nvvm_saturate_f(x); }
MAPCOST_DEVICE float __sinf(float x) { return __nvvm_sin_approx_f(x); }
MAPCOST_DEVICE float __cosf(float x) { return __nvvm_cos_approx_f(x); }
MAPCOST_DEVICE float __tanf(float x) { return __nvvm_sin_approx_f(x) / __nvvm_cos_approx_f(x); }
MAPCOST_DEVICE void __sincosf(float x, float *s, float *c) {
  *s = __nvvm_sin_approx_f(x);
  *c = __nvvm_cos_approx_f(x);
}
MAPCOST_DEVICE float __exp2f(float x) { return __nvvm_ex2_approx_f(x); }
MAPCOST_DEVICE float __expf(float x) { return __nvvm_ex2_approx_f(x * 1.4426950408889634f); }
MAPCOST_DEVICE float __exp10f(float x) { return __nvvm_ex2_approx_f(x * 3.3219280948873623f); }
MAPCOST_DEVICE float __log2f(float x) { return __nvvm_lg2_approx_f(x); }
MAPCOST_DEVICE float __logf(float x) { return __nvvm_lg2_approx_f(x) * 0.6931471805599453f; }
MAPCOST_DEVICE float __log10f(float x) { return __nvvm_lg2_approx_f(x) * 0.3010299956639812f; }
MAPCOST_DEVICE float __powf(float x, float y) {
  return __nvvm_ex2_approx_f(y * __nvvm_lg2_approx_f(x));
}

/* ---- Read-only data cache loads (__ldg) ---------------------------------- */
inline __device__ char __ldg(const char *p) { return __nvvm_ldg_c(p); }
inline __device__ short __ldg(const short *p) { return __nvvm_ldg_s(p); }
inline __device__ int __ldg(const int *p) { return __nvvm_ldg_i(p); }
inline __device__ long __ldg(const long *p) { return __nvvm_ldg_l(p); }
inline __device__ long long __ldg(const long long *p) { return __nvvm_ldg_ll(p); }
inline __device__ unsigned char __ldg(const unsigned char *p) { return __nvvm_ldg_uc(p); }
inline __device__ signed char __ldg(const signed char *p) {
  return __nvvm_ldg_uc((const unsigned char *)p);
}
inline __device__ unsigned short __ldg(const unsigned short *p) { return __nvvm_ldg_us(p); }
inline __device__ unsigned int __ldg(const unsigned int *p) { return __nvvm_ldg_ui(p); }
inline __device__ unsigned long __ldg(const unsigned long *p) { return __nvvm_ldg_ul(p); }
inline __device__ unsigned long long __ldg(const unsigned long long *p) {
  return __nvvm_ldg_ull(p);
}
inline __device__ float __ldg(const float *p) { return __nvvm_ldg_f(p); }
inline __device__ double __ldg(const double *p) { return __nvvm_ldg_d(p); }

#define MAPCOST_LDG2(V, T, B)                                                  \
  inline __device__ V __ldg(const V *p) {                                      \
    typedef T v2 __attribute__((ext_vector_type(2)));                          \
    v2 r = B(reinterpret_cast<const v2 *>(p));                                 \
    V t; t.x = r[0]; t.y = r[1]; return t;                                     \
  }
#define MAPCOST_LDG4(V, T, B)                                                  \
  inline __device__ V __ldg(const V *p) {                                      \
    typedef T v4 __attribute__((ext_vector_type(4)));                          \
    v4 r = B(reinterpret_cast<const v4 *>(p));                                 \
    V t; t.x = r[0]; t.y = r[1]; t.z = r[2]; t.w = r[3]; return t;             \
  }
MAPCOST_LDG2(char2, char, __nvvm_ldg_c2)
MAPCOST_LDG4(char4, char, __nvvm_ldg_c4)
MAPCOST_LDG2(short2, short, __nvvm_ldg_s2)
MAPCOST_LDG4(short4, short, __nvvm_ldg_s4)
MAPCOST_LDG2(int2, int, __nvvm_ldg_i2)
MAPCOST_LDG4(int4, int, __nvvm_ldg_i4)
MAPCOST_LDG2(longlong2, long long, __nvvm_ldg_ll2)
MAPCOST_LDG2(uchar2, unsigned char, __nvvm_ldg_uc2)
MAPCOST_LDG4(uchar4, unsigned char, __nvvm_ldg_uc4)
MAPCOST_LDG2(ushort2, unsigned short, __nvvm_ldg_us2)
MAPCOST_LDG4(ushort4, unsigned short, __nvvm_ldg_us4)
MAPCOST_LDG2(uint2, unsigned int, __nvvm_ldg_ui2)
MAPCOST_LDG4(uint4, unsigned int, __nvvm_ldg_ui4)
MAPCOST_LDG2(ulonglong2, unsigned long long, __nvvm_ldg_ull2)
MAPCOST_LDG2(float2, float, __nvvm_ldg_f2)
MAPCOST_LDG4(float4, float, __nvvm_ldg_f4)
MAPCOST_LDG2(double2, double, __nvvm_ldg_d2)
#undef MAPCOST_LDG2
#undef MAPCOST_LDG4

/* ---- assert, printf, malloc (as clang's CUDA wrapper declares them) ------ */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ int printf(const char *, ...);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *message, const char *file,
                             unsigned line, const char *function,
                             size_t char_size);
__device__ static inline void __assert_fail(const char *message,
                                            const char *file, unsigned line,
                                            const char *function) {
  __assertfail(message, file, line, function, sizeof(char));
}
}

#undef MAPCOST_DEVICE
#endif /* MAPCOST_PRELUDE_DEVICE_FUNCTIONS_H */

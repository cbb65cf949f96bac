/* gpuverify.h - GPUVerify's annotation language on top of mapcost.h.
 *
 *   clang ... -include runtime/gpuverify.h k.cu    (scripts/mapcost --compat=gpuverify)
 *
 * Kernels written for GPUVerify compile unchanged (with the prelude, the
 * CUDA SDK or nvcc) and each annotation means what it can in mapcost:
 *
 *   __requires(e) __assume(e)           facts (__mapcost_requires/_assume)
 *   __axiom(e)                          a fact for every kernel of the file
 *                                       (file scope, as in GPUVerify)
 *   __uniform_int(x) __uniform_bool(x)  __mapcost_uniform
 *   __distinct_int(x) __distinct_bool(x) __mapcost_distinct
 *   __other_int(x) __other_bool(x)      x in the other thread (kept in the
 *                                       fact's condition)
 *   __implies(a, b) __all(e) __enabled() __mod_pow2(x, y)
 *                                       their meaning, as plain expressions
 *   __invariant(e) __global_invariant(e) accepted; mapcost needs no loop
 *                                       invariants
 *   __assert(e) __ensures(e)            reserved like __mapcost_assert: a
 *                                       remark says they were not checked
 *   __read __write __no_read __no_write __read_implies __write_implies
 *   __read_offset_bytes __write_offset_bytes __ptr_offset_bytes
 *   __requires_fresh_array __return_val_int __return_val_ptr
 *   __return_val_bool                   ignored, with an AnnotationIgnored
 *                                       remark (their value is unknown)
 */
#ifndef MAPCOST_GPUVERIFY_H
#define MAPCOST_GPUVERIFY_H

#include "mapcost.h"
/* glibc declares a function named __assert: declare it before the macro. */
#include <assert.h>

#define MAPCOST_GV static __device__ __forceinline__

/* Recognised by the mapcost pass like the functions of mapcost.h. */
MAPCOST_GV void __mapcost_ensures(bool cond) { (void)cond; }
MAPCOST_GV void __mapcost_invariant(bool cond) { (void)cond; }
MAPCOST_GV void __mapcost_axiom(bool cond) { (void)cond; }
template <class T> MAPCOST_GV T __mapcost_other(T value) { return value; }
/* Constructs that cannot be honoured: an unknown value, and a remark. */
MAPCOST_GV bool __mapcost_unsupported(const char *what) {
  (void)what;
  return false;
}
MAPCOST_GV int __mapcost_unsupported_int(const char *what) {
  (void)what;
  return 0;
}
MAPCOST_GV void *__mapcost_unsupported_ptr(const char *what) {
  (void)what;
  return 0;
}

/* Pre- and postconditions, assertions, assumptions. */
#define __requires(e) __mapcost_requires(e)
#define __ensures(e) __mapcost_ensures(e)
#define __assert(e) __mapcost_assert(e)
#define __assume(e) __mapcost_assume(e)
#define __invariant(e) __mapcost_invariant(e)
#define __global_invariant(e) __mapcost_invariant(e)

/* An axiom sits at file scope: it becomes a device function of its own,
 * kept (used) so that the pass sees it, and applies to every kernel. */
#define MAPCOST_GV_CAT_(a, b) a##b
#define MAPCOST_GV_CAT(a, b) MAPCOST_GV_CAT_(a, b)
#define __axiom(e)                                                             \
  static __device__ __attribute__((used)) void MAPCOST_GV_CAT(                 \
      __mapcost_axiom_, __COUNTER__)(void) {                                   \
    __mapcost_axiom(e);                                                        \
  }

/* Expressions. */
#define __implies(a, b) (!(a) || (b))
#define __all(e) (e)
#define __enabled() true
#define __uniform_int(x) __mapcost_uniform((int)(x))
#define __uniform_bool(x) __mapcost_uniform((bool)(x))
#define __distinct_int(x) __mapcost_distinct((int)(x))
#define __distinct_bool(x) __mapcost_distinct((bool)(x))
#define __other_int(x) __mapcost_other((int)(x))
#define __other_bool(x) __mapcost_other((bool)(x))
MAPCOST_GV unsigned int __mod_pow2(unsigned int x, unsigned int y) { return x & (y - 1u); }

/* Access predicates and the rest: ignored, with a remark. */
#define __read(p) __mapcost_unsupported("__read")
#define __write(p) __mapcost_unsupported("__write")
#define __no_read(p) __mapcost_unsupported("__no_read")
#define __no_write(p) __mapcost_unsupported("__no_write")
#define __read_implies(p, e) __mapcost_unsupported("__read_implies")
#define __write_implies(p, e) __mapcost_unsupported("__write_implies")
#define __read_offset_bytes(p) __mapcost_unsupported_int("__read_offset_bytes")
#define __write_offset_bytes(p) __mapcost_unsupported_int("__write_offset_bytes")
#define __ptr_offset_bytes(p) __mapcost_unsupported_int("__ptr_offset_bytes")
#define __requires_fresh_array(p) __mapcost_unsupported("__requires_fresh_array")
#define __return_val_int() __mapcost_unsupported_int("__return_val_int")
#define __return_val_bool() __mapcost_unsupported("__return_val_bool")
#define __return_val_ptr() __mapcost_unsupported_ptr("__return_val_ptr")

#undef MAPCOST_GV
#endif /* MAPCOST_GPUVERIFY_H */

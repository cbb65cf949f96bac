/* mapcost.h - annotations for the mapcost analyser (CONTRACT §4).
 *
 *   #include <mapcost.h>        (-I runtime)
 *
 *   __mapcost_requires(cond)   a precondition of the kernel: the analysis
 *                              may assume cond holds (in every thread)
 *   __mapcost_assume(cond)     cond holds where the call is
 *   __mapcost_uniform(v)       v is the same in every thread; a bool (true),
 *                              so it also reads __mapcost_requires(
 *                              __mapcost_uniform(v))
 *   __mapcost_distinct(v)      v differs between any two threads
 *   __mapcost_suppress(array, "reason")
 *                              accept a known race on array in this kernel:
 *                              reported as suppressed, no warning, no exit 1
 *   __mapcost_alias(p, q)      kernel pointer parameters p and q may point
 *                              into one allocation, at any distance apart
 *                              (without it, parameters are assumed not to
 *                              alias); several calls join groups: a~b and
 *                              b~c make a, b and c one group
 *   __mapcost_assert(cond)     reserved for assertion checking; for now a
 *                              remark says that it was not checked
 *
 * They are functions taking a bool, not macros around __builtin_assume
 * (which clang drops when the condition reads threadIdx-style built-ins):
 * the mapcost pass finds the calls before it inlines anything and turns
 * them into facts (opt -passes='print<mapcost-kernels>' lists them).
 * Without the pass they are empty and always inlined: annotated kernels
 * compile and run unchanged with clang and nvcc, at no run-time cost.
 */
#ifndef MAPCOST_H
#define MAPCOST_H

/* With the CUDA SDK (clang or nvcc) __device__ is already defined; a clang
 * compile without it (-nocudainc) gets the mapcost prelude. */
#if !defined(__device__)
#include "mapcost_prelude.h"
#endif

#define MAPCOST_ANNOTATION static __device__ __forceinline__

MAPCOST_ANNOTATION void __mapcost_requires(bool cond) { (void)cond; }
MAPCOST_ANNOTATION void __mapcost_assume(bool cond) { (void)cond; }
MAPCOST_ANNOTATION void __mapcost_assert(bool cond) { (void)cond; }
template <class T> MAPCOST_ANNOTATION bool __mapcost_uniform(T value) {
  (void)value;
  return true;
}
template <class T> MAPCOST_ANNOTATION bool __mapcost_distinct(T value) {
  (void)value;
  return true;
}
MAPCOST_ANNOTATION void __mapcost_suppress(const volatile void *array, const char *reason) {
  (void)array;
  (void)reason;
}
MAPCOST_ANNOTATION void __mapcost_alias(const volatile void *p, const volatile void *q) {
  (void)p;
  (void)q;
}

#endif /* MAPCOST_H */

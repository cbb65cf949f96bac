/* facts.h - stage 1: what the user's annotations say about each kernel.
 *
 * runtime/mapcost.h and runtime/gpuverify.h declare the annotations; the
 * shim (passes/plugin/Annotations.cpp) turns each annotation function of
 * the clone into a declaration named `mapcost.<kind>` (a template's other
 * instances `mapcost.<kind>.1`, ...) before the canonicalising pipeline, so
 * the calls survive inlining. The kinds:
 *
 *   mapcost.requires(i1)   __mapcost_requires, GPUVerify __requires
 *   mapcost.assume(i1)     __mapcost_assume, __assume
 *   mapcost.axiom(i1)      __axiom (in a function of its own, file scope)
 *   mapcost.uniform(T)     __mapcost_uniform, __uniform_int/_bool -> i1
 *   mapcost.distinct(T)    __mapcost_distinct, __distinct_int/_bool -> i1
 *   mapcost.other(T)       __other_int/_bool: x in the other thread -> T
 *   mapcost.suppress(ptr array, ptr reason)
 *   mapcost.alias(ptr p, ptr q)   __mapcost_alias: parameters p and q may
 *                          point into one allocation
 *   mapcost.assert(i1)     __mapcost_assert, __assert (reserved)
 *   mapcost.ensures(i1)    __ensures (reserved)
 *   mapcost.invariant(i1)  __invariant, __global_invariant (not needed)
 *   mapcost.unsupported(ptr what)   GPUVerify constructs mapcost ignores
 *
 * mc_find_facts collects them per kernel, in program order, into
 * mc_kernel.facts, and joins the regions (mc_array.region) of the
 * parameters that alias facts name. A condition that clang made branches
 * (`a && b` whose b it cannot evaluate unconditionally) arrives as a phi;
 * its text is read back from the branches (mc_phi_decision, kernels.h),
 * and the statements are noduplicate in the analysed module, so the call
 * stays one.
 */
#ifndef MAPCOST_FACTS_H
#define MAPCOST_FACTS_H

#include "mapcost/kernels.h"
#include "mapcost/support.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MC_FACT_REQUIRES,  /* a precondition: cond holds (in every thread) */
  MC_FACT_ASSUME,    /* cond holds where the call is */
  MC_FACT_AXIOM,     /* cond holds in every kernel of the module (it may use
                        only dimensions and constants: value lives in the
                        axiom's own function) */
  MC_FACT_UNIFORM,   /* value is the same in every thread */
  MC_FACT_DISTINCT,  /* value differs between any two threads */
  MC_FACT_SUPPRESS,  /* a known race on arrays[array] is accepted */
  MC_FACT_ALIAS,     /* parameters arrays[array] and arrays[alias] may point
                        into one allocation, at any distance apart */
  MC_FACT_ASSERT,    /* reserved: not checked (remark AssertionNotChecked) */
  MC_FACT_ENSURES,   /* reserved: not checked (remark AssertionNotChecked) */
  MC_FACT_INVARIANT, /* a loop invariant: accepted, not needed */
  MC_FACT_IGNORED,   /* cannot be honoured (remark AnnotationIgnored) */
} mc_fact_kind;

struct mc_fact {
  mc_fact_kind kind;
  LLVMValueRef call;      /* the mapcost.* call in the analysed module */
  /* REQUIRES, ASSUME, AXIOM, ASSERT, ENSURES, INVARIANT: the condition (i1);
   * UNIFORM, DISTINCT: the value; NULL otherwise. A condition may contain
   * mapcost.other / .uniform / .distinct calls (two-thread facts). */
  LLVMValueRef value;
  const char *text;       /* value as C-like text: "(n & 63) == 0"; unsigned
                             operators carry a u ("i <u 64", "/u", ">>u") */
  int array;              /* SUPPRESS, ALIAS: index in the kernel's arrays,
                             -1 if the pointer is none of them (then
                             IGNORED) */
  int alias;              /* ALIAS: the other parameter's index */
  const char *reason;     /* SUPPRESS: the reason; IGNORED: the construct
                             ("__read") or why it is ignored */
  const char *file;       /* NULL without debug info */
  unsigned line, column;
  bool at_entry;          /* every thread reaches it first thing (the entry
                             block, or after only the branches of a
                             condition): holds on entry */
};

/* Fills ks->kernels[i].facts for every kernel of m (allocated in a).
 * False when out of memory. */
bool mc_find_facts(mc_arena *a, LLVMModuleRef m, mc_kernels *ks);

/* "requires", "assume", ... */
const char *mc_fact_kind_name(mc_fact_kind kind);

/* The printer's lines for one kernel's facts ("  fact requires ..."). */
void mc_facts_print(const mc_kernel *k, mc_strbuf *out);

/* Remarks for facts that are not used: AssertionNotChecked for assert and
 * ensures, AnnotationIgnored for what cannot be honoured. */
void mc_facts_remarks(const mc_kernel *k);

#ifdef __cplusplus
}
#endif
#endif

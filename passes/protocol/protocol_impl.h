/* protocol_impl.h - what the files of stage 4 share. */
#ifndef MAPCOST_PROTOCOL_IMPL_H
#define MAPCOST_PROTOCOL_IMPL_H

#include "mapcost/protocol.h"

typedef struct {
  mc_arena *a;
  mc_sym *s;
  mc_translator *t;
  const mc_lockstep *ls;
  mc_protocol *p;
  /* guard.c: translated predicates by id (grown on demand) */
  const mc_expr **memo;
  const char **memo_approx;
  unsigned nmemo;
  /* loops.c: per loop, 0 not built, 1 being built, 2 built */
  unsigned char *loop_state;
  /* loops.c: LLVM's scalar evolution of the kernel, made when a loop first
   * needs it (freed by mc_protocol_build) */
  mc_shim_scev *scev;
  bool scev_failed;
} pr_build;

/* guard.c: a lock-step predicate as a 1-bit expression over the values of
 * the current iteration; *approx (NULL when exact) says what was
 * over-approximated. NULL when out of memory. */
const mc_expr *pr_guard(pr_build *b, const mc_pred *p, const char **approx);

/* The constant 1-bit true and false. */
const mc_expr *pr_true(pr_build *b);

/* Why e is not exactly known (it mentions an unknown, or a loop variable
 * whose values are not: mc_loop_var.approx): "<what> depends on <it, in
 * words>"; NULL when it mentions neither. */
const char *pr_vague(pr_build *b, const mc_expr *e, const char *what);

/* Does e mention a variable of loop l (a phi of its header, or its
 * iteration number)? */
bool pr_mentions_loop(const mc_expr *e, const mc_ploop *l);

/* loops.c: fills b->p->loops (variables, stay, closed forms, ranges),
 * each loop once the loops it depends on are. False when out of memory. */
bool pr_build_loops(pr_build *b);

/* Builds loop `index` if it is not yet; false when it is being built (a
 * loop that depends on itself) or out of memory. */
bool pr_loop_ready(pr_build *b, unsigned index);

/* e, over the variables of loop l in one iteration, at the iteration the
 * thread left l in (its `last`, else its `exit` atom); *missing when a
 * variable of l has no closed form. NULL when out of memory. */
const mc_expr *pr_at_exit(pr_build *b, unsigned l, const mc_expr *e, bool *missing);

/* e with each loop's value used after the loop (an unknown of stage 3)
 * replaced by the value in the iteration the thread left it in, where the
 * loop's variables have closed forms: at `last`, or at the loop's `exit`
 * atom. NULL when out of memory. */
const mc_expr *pr_after_loops(pr_build *b, const mc_expr *e);

/* The first of two reasons that is not NULL. */
static inline const char *pr_first(const char *x, const char *y) {
  return x ? x : y;
}

#endif

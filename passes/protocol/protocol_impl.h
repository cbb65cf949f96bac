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
} pr_build;

/* guard.c: a lock-step predicate as a 1-bit expression over the values of
 * the current iteration; *approx (NULL when exact) says what was
 * over-approximated. NULL when out of memory. */
const mc_expr *pr_guard(pr_build *b, const mc_pred *p, const char **approx);

/* The constant 1-bit true and false. */
const mc_expr *pr_true(pr_build *b);

/* Why e is not exactly known (it mentions an unknown): "<what> depends on
 * <the unknown, in words>"; NULL when it mentions none. */
const char *pr_unknown_reason(pr_build *b, const mc_expr *e, const char *what);

/* Does e mention a variable of loop l (a phi of its header, or its
 * iteration number)? */
bool pr_mentions_loop(const mc_expr *e, const mc_ploop *l);

/* loops.c: fills b->p->loops (variables, stay, closed forms, ranges),
 * innermost loops first. False when out of memory. */
bool pr_build_loops(pr_build *b);

/* The first of two reasons that is not NULL. */
static inline const char *pr_first(const char *x, const char *y) {
  return x ? x : y;
}

#endif

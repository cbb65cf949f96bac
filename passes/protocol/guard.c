/* guard.c - lock-step predicates as conditions over values.
 *
 * A block's relative predicate (stage 2) is an AND/OR formula over branch
 * decisions; here each decision becomes the 1-bit expression of its
 * condition (a switch decision the OR of its case equalities), so that a
 * guard reads `threadIdx.x < n && i != 0`. Two atoms need more:
 *   - EXIT(L -> T), "the thread left loop L towards T": the condition of
 *     leaving that way in the iteration the thread left L in (L's `last`,
 *     or its `exit` atom), when L's variables have closed forms; otherwise a named
 *     unknown (an over-approximation both where the atom stands plain and
 *     where it is negated, in a loop's exit; recorded);
 *   - ACTIVE(L) does not occur in relative predicates; it is true where it
 *     would (the loop's iteration semantics carry it).
 * Conditions that mention unknowns (a loaded value, a call) are kept as
 * they are, over named unknowns, and recorded as approximate: the
 * protocol then allows every value of the unknown.
 */
#include "protocol_impl.h"

#include <string.h>

const mc_expr *pr_true(pr_build *b) { return mc_expr_const(b->s, 1, 1); }

typedef struct {
  pr_build *b;
  const mc_atom *found;
  const char *why; /* a loop variable's approx */
} first_vague;

static bool find_vague(void *data, const mc_atom *a) {
  first_vague *f = data;
  if (a->kind == MC_ATOM_UNKNOWN) {
    f->found = a;
    return false;
  }
  if (a->kind != MC_ATOM_LOOP || !f->b->p->loops)
    return true;
  for (unsigned l = 0; l < f->b->p->nloops; l++) {
    const mc_ploop *pl = &f->b->p->loops[l];
    if (pl->exit && a == pl->exit->atom && pl->approx) {
      f->found = a;
      f->why = mc_sprintf(f->b->a, "loop at line %u has an exit that is %s", pl->line,
                          "not known exactly");
      return false;
    }
    for (unsigned i = 0; i < f->b->p->loops[l].nvars; i++)
      if (f->b->p->loops[l].vars[i].atom == a && f->b->p->loops[l].vars[i].approx) {
        f->found = a;
        f->why = f->b->p->loops[l].vars[i].approx;
        return false;
      }
  }
  return true;
}

const char *pr_vague(pr_build *b, const mc_expr *e, const char *what) {
  if (!e || !mc_expr_mentions(e, (1u << MC_ATOM_UNKNOWN) | (1u << MC_ATOM_LOOP)))
    return NULL;
  first_vague f = {b, NULL, NULL};
  mc_expr_atoms(e, find_vague, &f);
  if (!f.found)
    return NULL;
  if (f.why)
    return mc_sprintf(b->a, "%s depends on %s, whose %s", what, f.found->name, f.why);
  return mc_sprintf(b->a, "%s depends on %s (%s)", what, f.found->name,
                    f.found->detail ? f.found->detail
                                    : mc_unknown_reason_name(f.found->reason));
}

typedef struct {
  const mc_ploop *l;
  bool found;
} loop_check;

static bool is_loop_atom(void *data, const mc_atom *a) {
  loop_check *c = data;
  if (a->kind != MC_ATOM_LOOP)
    return true;
  if (a == c->l->iter->atom)
    c->found = true;
  for (unsigned i = 0; i < c->l->nvars && !c->found; i++)
    c->found = c->l->vars[i].atom == a;
  return !c->found;
}

bool pr_mentions_loop(const mc_expr *e, const mc_ploop *l) {
  if (!mc_expr_mentions(e, 1u << MC_ATOM_LOOP))
    return false;
  loop_check c = {l, false};
  mc_expr_atoms(e, is_loop_atom, &c);
  return c.found;
}

/* ---- Exits of inner loops ------------------------------------------------ */

/* EXIT(L -> T): L's exit condition towards T, at the iteration the thread
 * left L in. */
static const mc_expr *exit_guard(pr_build *b, const mc_pred *p, const char **approx) {
  const mc_ploop *l = &b->p->loops[p->loop];
  const char *inner = NULL;
  const mc_expr *cond = pr_guard(b, p->exit_cond, &inner);
  if (!cond)
    return NULL;
  if (pr_loop_ready(b, p->loop) && !inner) {
    bool missing;
    const mc_expr *e = pr_at_exit(b, p->loop, cond, &missing);
    if (e && !missing)
      *approx = pr_vague(b, e, "the condition");
    if (!e || !missing)
      return e;
  }
  /* Not known: a named unknown, sound where the atom stands negated
   * (in a loop's exit) as well as where it stands plain (in a guard). */
  const char *what = mc_sprintf(b->a, "which way the loop at line %u was left", l->line);
  const mc_expr *e = mc_sym_unknown(b->s, MC_UNKNOWN_EXIT, what, 1, NULL);
  *approx = pr_vague(b, e, "the condition");
  return e;
}

/* ---- Predicates ---------------------------------------------------------- */

static const mc_expr *branch_guard(pr_build *b, const mc_pred *p) {
  mc_sym *s = b->s;
  if (!p->cond) /* a terminator that is not br or switch: any decision */
    return mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, "an unknown branch", 1, NULL);
  const mc_expr *c;
  if (p->is_switch) {
    const mc_expr *v = mc_translate(b->t, p->cond);
    c = mc_expr_const(s, 1, 0);
    for (unsigned i = 0; v && c && i < p->ncases; i++)
      c = mc_expr_binary(s, MC_EXPR_OR, c,
                         mc_expr_cmp(s, MC_CMP_EQ, v, mc_expr_const(s, v->width, p->cases[i])),
                         0);
  } else {
    c = mc_translate(b->t, p->cond);
  }
  return p->negated ? mc_expr_not(s, c) : c;
}

static bool grow_memo(pr_build *b, unsigned id) {
  if (id < b->nmemo)
    return true;
  unsigned n = b->nmemo ? b->nmemo : 64;
  while (n <= id)
    n *= 2;
  const mc_expr **m = mc_alloc(b->a, n * sizeof *m);
  const char **ma = mc_alloc(b->a, n * sizeof *ma);
  if (!m || !ma)
    return false;
  memset(m, 0, n * sizeof *m);
  memset(ma, 0, n * sizeof *ma);
  if (b->nmemo) {
    memcpy(m, b->memo, b->nmemo * sizeof *m);
    memcpy(ma, b->memo_approx, b->nmemo * sizeof *ma);
  }
  b->memo = m;
  b->memo_approx = ma;
  b->nmemo = n;
  return true;
}

const mc_expr *pr_guard(pr_build *b, const mc_pred *p, const char **approx) {
  *approx = NULL;
  if (!grow_memo(b, p->id))
    return NULL;
  if (b->memo[p->id]) {
    *approx = b->memo_approx[p->id];
    return b->memo[p->id];
  }
  mc_sym *s = b->s;
  const mc_expr *e = NULL;
  switch (p->kind) {
  case MC_PRED_TRUE:
  case MC_PRED_ACTIVE:
    e = pr_true(b);
    break;
  case MC_PRED_FALSE:
    e = mc_expr_const(s, 1, 0);
    break;
  case MC_PRED_BRANCH:
    e = pr_after_loops(b, branch_guard(b, p));
    *approx = pr_vague(b, e, "the condition");
    break;
  case MC_PRED_EXIT:
    e = exit_guard(b, p, approx);
    break;
  case MC_PRED_AND:
  case MC_PRED_OR:
    e = mc_expr_const(s, 1, p->kind == MC_PRED_AND);
    for (unsigned i = 0; e && i < p->nops; i++) {
      const char *why = NULL;
      const mc_expr *x = pr_guard(b, p->ops[i], &why);
      e = mc_expr_binary(s, p->kind == MC_PRED_AND ? MC_EXPR_AND : MC_EXPR_OR, e, x, 0);
      *approx = pr_first(*approx, why);
    }
    break;
  }
  if (!e || !grow_memo(b, p->id))
    return NULL;
  b->memo[p->id] = e;
  b->memo_approx[p->id] = *approx;
  return e;
}

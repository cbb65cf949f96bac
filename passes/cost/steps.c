/* steps.c - comparisons as thresholds on one uniform value, and sums of
 * steps on them.
 *
 * A guard that splits a warp (`i < n` in each lane: `64 * blockIdx.x + l <
 * n`) is, over the integers (casts as the identity), rhs - lhs > 0 with
 * the same terms in every lane and a lane constant: a threshold on the
 * uniform value Q = rhs - lhs - constant. The costs the split gives are
 * sums of steps `c * [Q > tau]` (selects on such comparisons); two such
 * sums over one Q compare by their values at every tau + 1.
 */
#include "cost_impl.h"

/* A comparison's sides as rhs - lhs over the integers: its linear terms
 * and constant (the lanes of one threshold differ in the constant). */
bool cost_read_threshold(const mc_expr *c, cost_threshold *t) {
  cost_lin a;
  if (c->op != MC_EXPR_CMP || !cost_linearize_operand(c->ops[1], c->pred, &t->d) ||
      !cost_linearize_operand(c->ops[0], c->pred, &a))
    return false;
  t->cmp = c;
  t->d.c0 -= a.c0;
  for (unsigned i = 0; i < a.n; i++) {
    unsigned j = 0;
    while (j < t->d.n && t->d.t[j].leaf != a.t[i].leaf)
      j++;
    if (j == t->d.n) {
      if (t->d.n == COST_MAX_TERMS)
        return false;
      t->d.t[t->d.n++] = (cost_term){0, a.t[i].leaf, a.t[i].content, a.t[i].read};
    }
    t->d.t[j].coef -= a.t[i].coef;
  }
  return true;
}

bool cost_threshold_implies(const cost_threshold *a, const cost_threshold *b) {
  mc_cmp pa = a->cmp->pred, pb = b->cmp->pred;
  if (!cost_less_form(pa) || !cost_less_form(pb))
    return false;
  /* b.d - a.d: its constant and its terms, each a positive multiple of a
   * value never negative */
  int64_t c0 = b->d.c0 - a->d.c0;
  for (unsigned i = 0; i < b->d.n; i++) {
    int64_t c = b->d.t[i].coef;
    for (unsigned j = 0; j < a->d.n; j++)
      if (a->d.t[j].leaf == b->d.t[i].leaf)
        c -= a->d.t[j].coef;
    if (c < 0 || (c && b->d.t[i].leaf->range.lo < 0))
      return false;
  }
  for (unsigned j = 0; j < a->d.n; j++) {
    bool in_b = false;
    for (unsigned i = 0; i < b->d.n && !in_b; i++)
      in_b = b->d.t[i].leaf == a->d.t[j].leaf;
    if (!in_b && a->d.t[j].coef > 0)
      return false; /* -coef * leaf: not a gain */
    if (!in_b && a->d.t[j].coef && a->d.t[j].leaf->range.lo < 0)
      return false;
  }
  /* a: a.d > 0 (strict) or >= 0; b.d >= a.d + c0 */
  bool sa = pa == MC_CMP_ULT || pa == MC_CMP_SLT, sb = pb == MC_CMP_ULT || pb == MC_CMP_SLT;
  return c0 >= (sb && !sa ? 1 : 0);
}

bool cost_same_uniform_part(const cost_lin *a, const cost_lin *b) {
  for (unsigned i = 0; i < a->n; i++) {
    int64_t cb = 0;
    for (unsigned j = 0; j < b->n; j++)
      if (b->t[j].leaf == a->t[i].leaf)
        cb = b->t[j].coef;
    if (cb != a->t[i].coef)
      return false;
  }
  for (unsigned j = 0; j < b->n; j++) {
    bool found = !b->t[j].coef;
    for (unsigned i = 0; i < a->n && !found; i++)
      found = a->t[i].leaf == b->t[j].leaf;
    if (!found)
      return false;
  }
  return true;
}

/* A sum of steps on one uniform value Q (what a threshold split gives,
 * `(n > 0 ? 1 : 0) + (n > 8 ? 1 : 0) + ...`): base + sum of c[i] where
 * Q > tau[i]. */
enum { MAX_STEPS = 64 };

typedef struct {
  cost_lin q;
  bool have_q;
  int64_t base;
  unsigned n;
  int64_t tau[MAX_STEPS], c[MAX_STEPS];
} step_sum;

static bool add_step(step_sum *f, const mc_expr *e, int64_t scale) {
  int64_t v, v1, v0;
  if (mc_expr_is_const(e, &v)) {
    f->base += scale * v;
    return true;
  }
  if (e->op == MC_EXPR_ADD) {
    f->base += scale * e->value;
    for (unsigned i = 0; i < e->nops; i++)
      if (!add_step(f, e->ops[i], scale * e->coefs[i]))
        return false;
    return true;
  }
  cost_threshold t;
  if (e->op != MC_EXPR_SELECT || !mc_expr_is_const(e->ops[1], &v1) ||
      !mc_expr_is_const(e->ops[2], &v0) || f->n == MAX_STEPS ||
      !cost_read_threshold(e->ops[0], &t))
    return false;
  mc_cmp p = t.cmp->pred;
  if (p == MC_CMP_EQ || p == MC_CMP_NE || (f->have_q && !cost_same_uniform_part(&f->q, &t.d)))
    return false;
  int64_t d0 = t.d.c0;
  t.d.c0 = 0;
  f->q = t.d;
  f->have_q = true;
  f->base += scale * v0;
  /* Q + d0 > 0 (<), Q + d0 >= 0 (<=) */
  f->tau[f->n] = p == MC_CMP_SLE || p == MC_CMP_ULE ? -d0 - 1 : -d0;
  f->c[f->n++] = scale * (v1 - v0);
  return true;
}

static int64_t step_at(const step_sum *f, int64_t q, bool below_all) {
  int64_t v = f->base;
  for (unsigned i = 0; i < f->n && !below_all; i++)
    if (q > f->tau[i])
      v += f->c[i];
  return v;
}

/* 1 when a >= b for every value of their Q, -1 when b >= a, else 0. */
int cost_step_compare(const mc_expr *a, const mc_expr *b) {
  step_sum fa = {.have_q = false}, fb = {.have_q = false};
  if (!add_step(&fa, a, 1) || !add_step(&fb, b, 1) ||
      (fa.have_q && fb.have_q && !cost_same_uniform_part(&fa.q, &fb.q)))
    return 0;
  bool ge = fa.base >= fb.base, le = fa.base <= fb.base;
  for (unsigned side = 0; side < 2; side++) {
    const step_sum *f = side ? &fb : &fa;
    for (unsigned i = 0; i < f->n; i++) {
      int64_t q = f->tau[i] + 1, va = step_at(&fa, q, false), vb = step_at(&fb, q, false);
      ge &= va >= vb;
      le &= va <= vb;
    }
  }
  return ge ? 1 : le ? -1 : 0;
}


/* e as c * x (c a constant). */
static int64_t scaled(const mc_expr *e, const mc_expr **x) {
  if (e->op == MC_EXPR_ADD && e->nops == 1 && e->value == 0) {
    *x = e->ops[0];
    return e->coefs[0];
  }
  *x = e;
  return 1;
}

/* max(a, b) of two costs (not negative) when one is provably the larger
 * (their difference's range, sums of steps) or both are multiples of one
 * x >= 0; else NULL. */
static const mc_expr *max_of_two(mc_sym *s, const mc_expr *a, const mc_expr *b) {
  const mc_expr *xa, *xb;
  int64_t ca = scaled(a, &xa), cb = scaled(b, &xb);
  if (xa == xb && xa->range.lo >= 0 && ca >= 0 && cb >= 0)
    return mc_expr_mul(s, mc_expr_const(s, 64, ca > cb ? ca : cb), xa, 0);
  const mc_expr *d = mc_expr_sub(s, a, b, 0);
  if (d && d->range.lo >= 0)
    return a;
  if (d && d->range.hi <= 0)
    return b;
  int c = cost_step_compare(a, b);
  if (c)
    return c > 0 ? a : b;
  /* max(c ? x : y, c ? z : w) = c ? max(x, z) : max(y, w) */
  if (a->op == MC_EXPR_SELECT && b->op == MC_EXPR_SELECT && a->ops[0] == b->ops[0]) {
    const mc_expr *t = max_of_two(s, a->ops[1], b->ops[1]);
    const mc_expr *f = t ? max_of_two(s, a->ops[2], b->ops[2]) : NULL;
    if (f)
      return mc_expr_select(s, a->ops[0], t, f);
  }
  /* c ? x : 0 is at most x (costs are not negative) */
  int64_t z;
  for (int side = 0; side < 2; side++) {
    const mc_expr *p = side ? a : b, *q = side ? b : a;
    if (p->op == MC_EXPR_SELECT && mc_expr_is_const(p->ops[2], &z) && !z &&
        max_of_two(s, q, p->ops[1]) == q)
      return q;
  }
  return NULL;
}

enum { MAX_MAX_OPERANDS = 64 };

static unsigned max_operands(const mc_expr *e, const mc_expr **out, unsigned n) {
  if (e->op == MC_EXPR_UMAX) {
    for (unsigned i = 0; i < e->nops; i++)
      n = max_operands(e->ops[i], out, n);
    return n;
  }
  if (n < MAX_MAX_OPERANDS)
    out[n] = e;
  return n + 1;
}

const mc_expr *cost_max(mc_sym *s, const mc_expr *a, const mc_expr *b) {
  if (!a || !b)
    return NULL;
  const mc_expr *ops[MAX_MAX_OPERANDS];
  unsigned n = max_operands(a, ops, 0), m = n;
  if (n > MAX_MAX_OPERANDS || (m = max_operands(b, ops, n)) > MAX_MAX_OPERANDS)
    return mc_expr_binary(s, MC_EXPR_UMAX, a, b, 0);
  /* each operand of b folded into the list, or kept beside it */
  for (unsigned i = n; i < m; i++) {
    const mc_expr *x = ops[i];
    unsigned j = 0;
    for (; j < n && x; j++) {
      const mc_expr *y = max_of_two(s, ops[j], x);
      if (y) {
        ops[j] = y;
        x = NULL;
      }
    }
    if (x)
      ops[n++] = x;
  }
  const mc_expr *r = ops[0];
  for (unsigned i = 1; i < n && r; i++)
    r = mc_expr_binary(s, MC_EXPR_UMAX, r, ops[i], 0);
  return r;
}

const mc_expr *cost_refold_max(mc_sym *s, const mc_expr *e) {
  if (!e)
    return NULL;
  if (e->op == MC_EXPR_SELECT) {
    const mc_expr *x = cost_refold_max(s, e->ops[1]), *y = cost_refold_max(s, e->ops[2]);
    return x == e->ops[1] && y == e->ops[2] ? e : mc_expr_select(s, e->ops[0], x, y);
  }
  if (e->op != MC_EXPR_UMAX)
    return e;
  const mc_expr *r = cost_refold_max(s, e->ops[0]);
  for (unsigned i = 1; i < e->nops && r; i++)
    r = cost_max(s, r, cost_refold_max(s, e->ops[i]));
  return r;
}

/* sum.c - closed forms of the sums that loops make of their bodies' costs
 * (seed 000 §6.3, without a computer-algebra system).
 *
 * sum over k = 0 .. n-1 of f(k): terms without k are multiplied by n;
 * k, k^2 and k^3 (times terms without k) by Faulhaber's formulas, whose
 * divisions are exact; a select on a condition without k sums each side,
 * and one on a condition linear in k (c*k + d < x: a prefix of the range)
 * sums each side over its part.
 * Anything else has no closed form here: NULL, and the caller bounds it.
 * Loops with a non-unit or multiplicative step are already normalised:
 * their variables are closed forms over the iteration number k.
 */
#include "cost_impl.h"

typedef struct {
  const mc_atom *k;
  bool found;
} finder;

static bool find_atom(void *data, const mc_atom *a) {
  finder *f = data;
  if (a == f->k)
    f->found = true;
  return !f->found;
}

bool cost_mentions(const mc_expr *e, const mc_atom *k) {
  finder f = {k, false};
  mc_expr_atoms(e, find_atom, &f);
  return f.found;
}

/* k as a 64-bit value: zext(k), or k itself when it is 64-bit. */
static bool is_k64(const mc_expr *e, const mc_atom *k) {
  if (e->op == MC_EXPR_ZEXT)
    e = e->ops[0];
  return e->op == MC_EXPR_ATOM && e->atom == k;
}

static const mc_expr *c64(mc_sym *s, int64_t v) { return mc_expr_const(s, 64, v); }

/* sum over k < n of k^p, p = 1..3. */
static const mc_expr *power_sum(mc_sym *s, const mc_expr *n, unsigned p) {
  const mc_expr *n1 = mc_expr_sub(s, n, c64(s, 1), 0);
  const mc_expr *s1 =
      mc_expr_binary(s, MC_EXPR_UDIV, mc_expr_mul(s, n, n1, 0), c64(s, 2), 0);
  if (p == 1)
    return s1;
  if (p == 3)
    return mc_expr_mul(s, s1, s1, 0);
  const mc_expr *two_n1 = mc_expr_sub(s, mc_expr_mul(s, c64(s, 2), n, 0), c64(s, 1), 0);
  return mc_expr_binary(s, MC_EXPR_UDIV,
                        mc_expr_mul(s, mc_expr_mul(s, n1, n, 0), two_n1, 0),
                        c64(s, 6), 0);
}

static const mc_expr *sum_product(mc_sym *s, const mc_expr *f, const mc_atom *k,
                                  const mc_expr *n) {
  unsigned p = 0;
  const mc_expr *rest = c64(s, 1);
  for (unsigned i = 0; i < f->nops; i++) {
    if (is_k64(f->ops[i], k))
      p++;
    else if (cost_mentions(f->ops[i], k))
      return NULL;
    else
      rest = mc_expr_mul(s, rest, f->ops[i], 0);
  }
  if (p == 0 || p > 3)
    return NULL;
  return mc_expr_mul(s, rest, power_sum(s, n, p), 0);
}

/* The linear form as a 64-bit expression, leaves extended as `sgn` says. */
static const mc_expr *from_lin(mc_sym *s, const cost_lin *l, bool sgn) {
  const mc_expr *r = c64(s, l->c0);
  for (unsigned i = 0; r && i < l->n; i++)
    r = mc_expr_add(s, r,
                    mc_expr_mul(s, c64(s, l->t[i].coef),
                                mc_expr_resize(s, l->t[i].leaf, 64, sgn), 0),
                    0);
  return r;
}

/* Splits lin into c * k (c returned, 0 when k is not a term) and the rest. */
static int64_t take_k(cost_lin *l, const mc_atom *k) {
  for (unsigned i = 0; i < l->n; i++)
    if (l->t[i].leaf->op == MC_EXPR_ATOM && l->t[i].leaf->atom == k) {
      int64_t c = l->t[i].coef;
      l->t[i] = l->t[--l->n];
      return c;
    }
  return 0;
}

/* For a condition c * k + d < x (or <=) with c > 0 and d, x without k:
 * how many of k = 0 .. n-1 satisfy it (a prefix), as a 64-bit expression;
 * *prefix_true says whether the prefix is where it holds (k on the left)
 * or where it fails (k on the right). NULL for other conditions. Reads the
 * comparison over the integers (no wrap-around, as the offsets). */
static const mc_expr *split_point(mc_sym *s, const mc_expr *cond, const mc_atom *k,
                                  const mc_expr *n, bool *prefix_true) {
  if (cond->op != MC_EXPR_CMP)
    return NULL;
  bool strict = cond->pred == MC_CMP_ULT || cond->pred == MC_CMP_SLT;
  bool sgn = cond->pred == MC_CMP_SLT || cond->pred == MC_CMP_SLE;
  if (!strict && cond->pred != MC_CMP_ULE && cond->pred != MC_CMP_SLE)
    return NULL;
  cost_lin lhs, rhs;
  if (!cost_linearize(cond->ops[0], &lhs) || !cost_linearize(cond->ops[1], &rhs))
    return NULL;
  int64_t cl = take_k(&lhs, k), cr = take_k(&rhs, k);
  if ((cl != 0) == (cr != 0) || cl < 0 || cr < 0)
    return NULL;
  for (unsigned i = 0; i < lhs.n; i++)
    if (cost_mentions(lhs.t[i].leaf, k))
      return NULL;
  for (unsigned i = 0; i < rhs.n; i++)
    if (cost_mentions(rhs.t[i].leaf, k))
      return NULL;
  *prefix_true = cl != 0;
  int64_t c = cl ? cl : cr;
  /* k on the left: c*k < x - d (x - d + 1 for <=) holds for k below
   * ceil((x - d) / c). k on the right: d < c*k + e fails for k with
   * c*k + e <= d, i.e. c*k + e < d + 1 (d for <=). */
  const mc_expr *t = cl ? mc_expr_sub(s, from_lin(s, &rhs, sgn), from_lin(s, &lhs, sgn), 0)
                        : mc_expr_sub(s, from_lin(s, &lhs, sgn), from_lin(s, &rhs, sgn), 0);
  if ((cl && !strict) || (cr && strict))
    t = mc_expr_add(s, t, c64(s, 1), 0);
  const mc_expr *m =
      mc_expr_binary(s, MC_EXPR_SDIV, mc_expr_add(s, t, c64(s, c - 1), 0), c64(s, c), 0);
  m = mc_expr_binary(s, MC_EXPR_SMAX, m, c64(s, 0), 0);
  int64_t d;
  if (mc_expr_is_const(mc_expr_sub(s, n, m, 0), &d) && d >= 0)
    return m; /* the loop's last iteration only tests the condition */
  return mc_expr_binary(s, MC_EXPR_SMIN, m, n, 0);
}

/* sum over k < n of (cond ? a : b) where cond holds for a prefix of k (or
 * fails for one): the sums of each side over its part of the range. */
static const mc_expr *sum_split(mc_sym *s, const mc_expr *f, const mc_atom *k,
                                const mc_expr *n) {
  bool prefix_true;
  const mc_expr *m = split_point(s, f->ops[0], k, n, &prefix_true);
  if (!m)
    return NULL;
  const mc_expr *first = f->ops[prefix_true ? 1 : 2], *then = f->ops[prefix_true ? 2 : 1];
  const mc_expr *a = mc_cost_sum(s, first, k, m), *bn = mc_cost_sum(s, then, k, n),
                *bm = mc_cost_sum(s, then, k, m);
  if (!a || !bn || !bm)
    return NULL;
  return mc_expr_add(s, a, mc_expr_sub(s, bn, bm, 0), 0);
}

const mc_expr *mc_cost_sum(mc_sym *s, const mc_expr *f, const mc_atom *k,
                           const mc_expr *n) {
  if (!f || !n || f->width != 64 || n->width != 64)
    return NULL;
  if (!cost_mentions(f, k))
    return mc_expr_mul(s, n, f, 0);
  if (is_k64(f, k))
    return power_sum(s, n, 1);
  switch (f->op) {
  case MC_EXPR_ADD: {
    const mc_expr *r = mc_expr_mul(s, n, c64(s, f->value), 0);
    for (unsigned i = 0; r && i < f->nops; i++) {
      const mc_expr *t = mc_cost_sum(s, f->ops[i], k, n);
      if (!t)
        return NULL;
      r = mc_expr_add(s, r, mc_expr_mul(s, c64(s, f->coefs[i]), t, 0), 0);
    }
    return r;
  }
  case MC_EXPR_MUL:
    return sum_product(s, f, k, n);
  case MC_EXPR_SELECT:
    if (cost_mentions(f->ops[0], k))
      return sum_split(s, f, k, n);
    return mc_expr_select(s, f->ops[0], mc_cost_sum(s, f->ops[1], k, n),
                          mc_cost_sum(s, f->ops[2], k, n));
  default:
    return NULL;
  }
}

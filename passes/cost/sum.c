/* sum.c - closed forms of the sums that loops make of their bodies' costs
 * (seed 000 §6.3, without a computer-algebra system).
 *
 * sum over k = 0 .. n-1 of f(k): terms without k are multiplied by n;
 * k, k^2 and k^3 (times terms without k) by Faulhaber's formulas, whose
 * divisions are exact; a select on a condition without k sums each side.
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
      return NULL;
    return mc_expr_select(s, f->ops[0], mc_cost_sum(s, f->ops[1], k, n),
                          mc_cost_sum(s, f->ops[2], k, n));
  default:
    return NULL;
  }
}

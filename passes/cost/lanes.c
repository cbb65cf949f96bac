/* lanes.c - an expression as one lane of a warp sees it.
 *
 * With the lane's thread ids in, an index such as `gid ^ 4` or
 * `(gid >> 1) & 3` becomes `(64 * blockIdx.x + 5) ^ 4`: a lane constant
 * under a bit operation whose other terms are multiples of a power of two
 * above the operation's bits. Such a node is rewritten so that the lane
 * constant comes out (`64 * blockIdx.x + 1`), and lanes that differ only
 * by constants can be simulated together (seed 000 §6.4 case 3: "removing
 * memory-aligned sub-expressions"). With X = U + c, every term of U a
 * multiple of m = 2^j and r = c mod m:
 *
 *   X op K   ((X - r) op (K - k)) + (r op k),  k = K mod m, op in & | ^
 *
 * exact on the bits whatever wraps around (the low j bits of X are r, of
 * X - r and K - k zero): `(64 * blockIdx.x + 5) ^ 4` is 64 * blockIdx.x + 1,
 * `(16 * b + 5) ^ 27` is ((16 * b) ^ 16) + 14. Where X is not negative (no
 * wrap-around), X & K ignores K's sign bit (`x % 2` of a signed x).
 * Shifts, divisions and remainders by a constant d (d dividing every term
 * of U; for shifts d = 2^s with s <= j):
 *
 *   X >> s, X / d     (U + c - r) / d      X % d   r
 *
 * read over the integers as the offsets are (no wrap-around, the
 * assumption costs list), and for the truncating and unsigned forms only
 * where X is not negative (every term and c are not).
 */
#include "cost_impl.h"

enum { MAX_NORMAL_SIZE = 4096 };

/* (l - r) / d in width w, every coefficient a multiple of d; the leaves
 * are of width w (no cast was read). */
static const mc_expr *quotient(mc_sym *s, const cost_lin *l, int64_t r, int64_t d,
                               unsigned w) {
  const mc_expr *q = mc_expr_const(s, w, (l->c0 - r) / d);
  for (unsigned i = 0; i < l->n; i++)
    q = mc_expr_add(s, q, mc_expr_mul(s, mc_expr_const(s, w, l->t[i].coef / d),
                                      l->t[i].leaf, 0), 0);
  return q;
}

/* e = op(X, K): the rewriting above, or e. */
static const mc_expr *split_constant(mc_sym *s, const mc_expr *e) {
  int64_t k;
  if (e->nops != 2 || !mc_expr_is_const(e->ops[1], &k))
    return e;
  const mc_expr *x = e->ops[0];
  cost_lin l;
  if (!cost_linearize(x, &l) || !l.n)
    return e;
  int64_t g = 0;
  unsigned j = 62; /* every term is a multiple of 2^j (its leaf's content too) */
  for (unsigned i = 0; i < l.n; i++) {
    g = cost_gcd(g, l.t[i].coef);
    unsigned ti = (unsigned)__builtin_ctzll((uint64_t)l.t[i].coef) +
                  (unsigned)__builtin_ctzll((uint64_t)l.t[i].content);
    j = ti < j ? ti : j;
  }
  unsigned w = e->width;
  switch (e->op) {
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR: {
    if (j >= l.width)
      j = l.width - 1;
    int64_t m = (int64_t)1 << j, r = l.c0 - cost_floor_div(l.c0, m) * m;
    if (!j)
      return e;
    /* x not negative (no wrap-around): its sign bit is clear */
    if (e->op == MC_EXPR_AND && k < 0 && w < 64 && cost_lin_nonnegative(&l))
      k &= ((int64_t)1 << (w - 1)) - 1;
    /* the low bits of K act on r, the high ones on x - r */
    int64_t lo = k & (m - 1), hi = k - lo, low;
    switch (e->op) {
    case MC_EXPR_AND: low = r & lo; break;
    case MC_EXPR_OR: low = r | lo; break;
    default: low = r ^ lo; break;
    }
    const mc_expr *high = mc_expr_sub(s, x, mc_expr_const(s, w, r), 0);
    if (hi)
      high = mc_expr_binary(s, e->op, high, mc_expr_const(s, w, hi), 0);
    else if (e->op == MC_EXPR_AND)
      high = mc_expr_const(s, w, 0);
    return mc_expr_add(s, high, mc_expr_const(s, w, low), 0);
  }
  case MC_EXPR_ASHR:
  case MC_EXPR_LSHR:
  case MC_EXPR_SDIV:
  case MC_EXPR_UDIV:
  case MC_EXPR_SREM:
  case MC_EXPR_UREM: {
    bool shift = e->op == MC_EXPR_ASHR || e->op == MC_EXPR_LSHR;
    /* the quotient divides the coefficients themselves */
    unsigned jc = (unsigned)__builtin_ctzll((uint64_t)g);
    if (l.cast || (shift ? k < 1 || k > jc || k >= (int64_t)w : k < 2 || g % k))
      return e;
    int64_t d = shift ? (int64_t)1 << k : k;
    /* the arithmetic shift floors; the others need X >= 0 */
    if (e->op != MC_EXPR_ASHR && !cost_lin_nonnegative(&l))
      return e;
    int64_t r = l.c0 - cost_floor_div(l.c0, d) * d;
    if (e->op == MC_EXPR_SREM || e->op == MC_EXPR_UREM)
      return mc_expr_const(s, w, r);
    return quotient(s, &l, r, d, w);
  }
  default:
    return e;
  }
}

/* a | !a is true, a & !a false (a lane's `tid < k || tid >= k`). */
static const mc_expr *complementary(mc_sym *s, const mc_expr *e) {
  for (unsigned i = 0; i < e->nops; i++) {
    const mc_expr *n = mc_expr_not(s, e->ops[i]);
    for (unsigned j = 0; n && j < e->nops; j++)
      if (e->ops[j] == n)
        return mc_expr_const(s, 1, e->op == MC_EXPR_OR);
  }
  return e;
}

static const mc_expr *normal(mc_sym *s, const mc_expr *e) {
  if (!e->nops || e->size > MAX_NORMAL_SIZE)
    return e;
  const mc_expr *ops[64];
  if (e->nops > 64)
    return e;
  bool same = true;
  for (unsigned i = 0; i < e->nops; i++) {
    ops[i] = normal(s, e->ops[i]);
    if (!ops[i])
      return NULL;
    same &= ops[i] == e->ops[i];
  }
  const mc_expr *r = same ? e : mc_expr_rebuild(s, e, ops);
  if (r && (r->op == MC_EXPR_AND || r->op == MC_EXPR_OR) && r->width == 1)
    return complementary(s, r);
  return r ? split_constant(s, r) : NULL;
}

const mc_expr *cost_lane_normal(mc_sym *s, const mc_expr *e) {
  return e ? normal(s, e) : NULL;
}

/* residues.c - one execution's metric when the lanes' offsets depend on a
 * uniform value only through remainders.
 *
 * `in[gid * gid % 384]` with the block fixed: each lane's offset is
 * (Q(blockIdx.x) + ...) % 384 for a polynomial Q, a different leaf in each
 * lane, so the lanes cannot be split into constants plus shared terms. But
 * a polynomial with integer coefficients taken modulo M repeats when its
 * variable grows by M, so the offsets, and the metric, are a function of
 * the value modulo M: the metric is computed for each residue (the lanes'
 * offsets are numbers there) and written as a table over the residue,
 * shortened to the smallest period it has (`blockIdx.x % 3 == 1 ? 9 : 8`).
 * The same holds for a loop's iteration number (`(k + lane) & 127`).
 *
 * Several uniform values (`in[(i0 + gid) % 256]`, `out[i0 % 3 * gsize +
 * gid]` in a grid-stride loop: the iteration, the grid's size and the
 * block) may enter every remainder through one sum S, the same in every
 * lane beside the lane's constant (gid0 + k * gsize): the remainders are
 * then functions of S modulo the moduli' common multiple M, and S is
 * always a multiple of g, the gcd of M and each term's coefficient times
 * what its value is a multiple of. At each multiple of g below M the
 * remainders are numbers, and the metric of the offsets left (numbers, or
 * a function of one uniform value such as gsize) is computed as for any
 * access; where it is one formula at every residue, that formula is the
 * metric, whatever S; else the metric is the table of those formulas over
 * S's residue (`(r + gid) % 96` in a counted loop over r: a table over
 * (r + 128 * blockIdx.x) % 8, which the loop's sum closes).
 *
 * Casts are read as the identity (no wrap-around, the assumption costs
 * list). A remainder's dividend must not be negative (coefficients and
 * values not negative) unless the remainder is a mask, which repeats
 * whatever the sign.
 */
#include "cost_impl.h"

/* The residues of a shared sum costed one by one: MAX_SUM_RESIDUES
 * (`(r + gid) % 96` takes 96; a modulus of thousands, costed at every
 * guard's lanes in every warp, stays a bound), MAX_REBUILT_RESIDUES where
 * the offsets are rebuilt at each (they mention uniform values outside
 * its remainders: `i % 3 * gsize` takes 3) */
enum {
  MAX_PERIOD = 4096,
  MAX_RESULT_PERIOD = 64,
  MAX_SUM_RESIDUES = 128,
  MAX_REBUILT_RESIDUES = 32
};
_Static_assert(MAX_REBUILT_RESIDUES <= MAX_SUM_RESIDUES, "a rebuilt residue is a residue");

typedef struct {
  const mc_atom *a;    /* the one atom the offsets mention */
  const mc_expr *node; /* its node */
  bool other;          /* another atom, or a value read from memory */
} one_atom;

static bool note_atom(void *data, const mc_atom *x) {
  one_atom *o = data;
  if (!o->a && x->kind != MC_ATOM_UNKNOWN)
    o->a = x;
  else if (x != o->a)
    o->other = true;
  return !o->other;
}

/* Is e a polynomial in a with integer coefficients (casts as the
 * identity)? With nonneg, also never negative for a >= 0. */
static bool polynomial(const mc_expr *e, const mc_atom *a, bool nonneg) {
  int64_t v;
  switch (e->op) {
  case MC_EXPR_CONST:
    return !nonneg || e->value >= 0;
  case MC_EXPR_ATOM:
    return e->atom == a && (!nonneg || e->range.lo >= 0);
  case MC_EXPR_ADD:
    if (nonneg && e->value < 0)
      return false;
    for (unsigned i = 0; i < e->nops; i++)
      if ((nonneg && e->coefs[i] < 0) || !polynomial(e->ops[i], a, nonneg))
        return false;
    return true;
  case MC_EXPR_MUL:
    for (unsigned i = 0; i < e->nops; i++)
      if (!polynomial(e->ops[i], a, nonneg))
        return false;
    return true;
  case MC_EXPR_SHL:
    return mc_expr_is_const(e->ops[1], &v) && v >= 0 && v < 32 &&
           polynomial(e->ops[0], a, nonneg);
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
    /* at least 16 bits: what a wider reading adds is a multiple of every
     * modulus this file takes (at most MAX_PERIOD) */
    return e->ops[0]->width >= 16 && polynomial(e->ops[0], a, nonneg);
  case MC_EXPR_TRUNC:
    return e->width >= 32 && polynomial(e->ops[0], a, nonneg);
  default:
    return false;
  }
}

/* a's node in e, NULL when e does not mention a. */
static const mc_expr *find_node(const mc_expr *e, const mc_atom *a) {
  if (e->op == MC_EXPR_ATOM)
    return e->atom == a ? e : NULL;
  for (unsigned i = 0; i < e->nops; i++) {
    const mc_expr *n = find_node(e->ops[i], a);
    if (n)
      return n;
  }
  return NULL;
}

/* *period made a multiple of m too (their least common multiple), false
 * past MAX_PERIOD. */
static bool with_modulus(int64_t *period, int64_t m) {
  int64_t p = *period / cost_gcd(*period, m) * m;
  if (p > MAX_PERIOD)
    return false;
  *period = p;
  return true;
}

/* A remainder by a constant k > 0 (`%`, or a mask `&`): its modulus in
 * *m (a mask's: the power of two above k). */
static bool remainder_by(const mc_expr *e, int64_t *k, int64_t *m) {
  bool rem = e->op == MC_EXPR_UREM || e->op == MC_EXPR_SREM;
  if (!(rem || e->op == MC_EXPR_AND) || e->nops != 2 || !mc_expr_is_const(e->ops[1], k) ||
      *k <= 0)
    return false;
  *m = rem ? *k : (int64_t)1 << (64 - __builtin_clzll((uint64_t)*k));
  return true;
}

/* Where a appears in e only inside remainders by constants of polynomials
 * in a: *period a common multiple of their moduli, so a period of e in a.
 * False otherwise. */
static bool period_of(const mc_expr *e, const mc_atom *a, int64_t *period) {
  int64_t k, m;
  if (e->op == MC_EXPR_ATOM)
    return e->atom != a;
  if (remainder_by(e, &k, &m) && polynomial(e->ops[0], a, e->op != MC_EXPR_AND))
    return with_modulus(period, m);
  for (unsigned i = 0; i < e->nops; i++)
    if (!period_of(e->ops[i], a, period))
      return false;
  return true;
}

/* Where offsets are evaluated: the one atom a at r, or a shared sum (its
 * terms) at residue r. */
typedef struct {
  const mc_expr *node[8]; /* remainders of the shared sum, */
  int64_t c0[8];          /* the constant beside it in each */
  unsigned n;
} sum_seen;

typedef struct {
  const mc_atom *a;
  const cost_lin *sum;
  int64_t r;
  sum_seen *seen; /* remainders already read (NULL: none kept) */
} point;

/* A remainder of p's shared sum: its value in *out (c0 + S with S = r
 * modulo a multiple of the modulus; c0 + r not negative for a `%`, as
 * c0 + S: shared_sum() checked). */
static bool shared_remainder(const mc_expr *e, const point *p, int64_t *out) {
  int64_t k, m, x, c0;
  cost_lin d;
  if (!p->sum || !remainder_by(e, &k, &m))
    return false;
  sum_seen *seen = p->seen;
  unsigned i = 0;
  while (seen && i < seen->n && seen->node[i] != e)
    i++;
  if (seen && i < seen->n) {
    c0 = seen->c0[i];
  } else {
    if (!cost_linearize(e->ops[0], &d) || !cost_same_terms(&d, p->sum))
      return false;
    c0 = d.c0;
    if (seen && seen->n < 8) {
      seen->node[seen->n] = e;
      seen->c0[seen->n++] = c0;
    }
  }
  if (__builtin_add_overflow(c0, p->r, &x))
    return false;
  *out = e->op == MC_EXPR_AND ? x & k : x % k;
  return true;
}

/* e's integer value at p, casts read as the identity (a 32-bit
 * `gid * gid` at a residue of a 16x16 block's id is the square, not the
 * square modulo 2^32: the offsets repeat with the remainders' period only
 * so read); false where it does not fit 64 bits, mentions another atom
 * or has an operation this does not read. */
static bool value_at(const mc_expr *e, const point *p, int64_t *out) {
  int64_t x, y;
  if (shared_remainder(e, p, out))
    return true;
  switch (e->op) {
  case MC_EXPR_CONST:
    /* a constant's integer reading: signed unless its bits say otherwise */
    *out = e->range.lo == e->range.hi ? e->range.lo : e->value;
    return true;
  case MC_EXPR_ATOM:
    *out = p->r;
    return e->atom == p->a;
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC:
    return value_at(e->ops[0], p, out);
  case MC_EXPR_ADD:
    *out = e->value;
    for (unsigned i = 0; i < e->nops; i++)
      if (!value_at(e->ops[i], p, &x) || __builtin_mul_overflow(x, e->coefs[i], &x) ||
          __builtin_add_overflow(*out, x, out))
        return false;
    return true;
  case MC_EXPR_MUL:
    *out = 1;
    for (unsigned i = 0; i < e->nops; i++)
      if (!value_at(e->ops[i], p, &x) || __builtin_mul_overflow(*out, x, out))
        return false;
    return true;
  case MC_EXPR_SHL:
    return value_at(e->ops[0], p, &x) && value_at(e->ops[1], p, &y) && y >= 0 &&
           y < 62 && !__builtin_mul_overflow(x, (int64_t)1 << y, out);
  case MC_EXPR_UREM:
  case MC_EXPR_SREM:
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
    if (!value_at(e->ops[0], p, &x) || !value_at(e->ops[1], p, &y) || y <= 0 ||
        (x < 0 && (e->op == MC_EXPR_UREM || e->op == MC_EXPR_UDIV)))
      return false;
    *out = e->op == MC_EXPR_UREM || e->op == MC_EXPR_SREM ? x % y : x / y;
    return true;
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR:
    if (!value_at(e->ops[0], p, out))
      return false;
    for (unsigned i = 1; i < e->nops; i++) {
      if (!value_at(e->ops[i], p, &x))
        return false;
      *out = e->op == MC_EXPR_AND ? *out & x : e->op == MC_EXPR_OR ? *out | x : *out ^ x;
    }
    return true;
  default:
    return false;
  }
}

/* The formula over x's residue modulo `period`, table[i] its value at
 * residue i * step (x is always a multiple of step there): over the
 * smallest period of the table, the most common entry last; NULL past
 * MAX_RESULT_PERIOD entries. */
static const mc_expr *over_residue(mc_sym *s, const mc_expr *x, const mc_expr *const *table,
                                   int64_t period, int64_t step) {
  int64_t n = period / step, p = 1;
  for (; p < n; p++) {
    if (n % p)
      continue;
    int64_t i = p;
    while (i < n && table[i] == table[i % p])
      i++;
    if (i == n)
      break;
  }
  if (p > MAX_RESULT_PERIOD || !x)
    return NULL;
  const mc_expr *res = mc_expr_binary(s, MC_EXPR_UREM, x, mc_expr_const(s, 64, p * step), 0);
  int64_t common = 0, best = 0;
  for (int64_t i = 0; i < p; i++) {
    int64_t k = 0;
    for (int64_t q = 0; q < p; q++)
      k += table[q] == table[i];
    if (k > best)
      best = k, common = i;
  }
  const mc_expr *f = table[common];
  for (int64_t i = p; i-- > 0;)
    if (table[i] != table[common])
      f = mc_expr_select(s, mc_expr_cmp(s, MC_CMP_EQ, res, mc_expr_const(s, 64, i * step)),
                         table[i], f);
  return f;
}

/* The remainders by constants in e whose dividends are one shared sum
 * (the same terms in each, a constant beside them; not negative for a
 * `%`, read with 32 bits or more): the sum's terms in *sum once *have,
 * *period made a multiple of the moduli. False where another remainder
 * of uniform values has other terms. */
static bool shared_sum(const mc_expr *e, cost_lin *sum, bool *have, int64_t *period) {
  int64_t k, m;
  cost_lin d;
  if (remainder_by(e, &k, &m) && cost_linearize(e->ops[0], &d) && d.n) {
    if (d.width < 32 || (e->op != MC_EXPR_AND && !cost_lin_nonnegative(&d)) ||
        (*have && !cost_same_terms(&d, sum)))
      return false;
    *sum = d;
    sum->c0 = 0;
    *have = true;
    return with_modulus(period, m);
  }
  for (unsigned i = 0; i < e->nops; i++)
    if (!shared_sum(e->ops[i], sum, have, period))
      return false;
  return true;
}

/* The shared sum at a residue: each of its remainders a number. */
typedef struct {
  mc_sym *s;
  point at;
} residue_at;

static const mc_expr *put_residue(void *data, const mc_expr *e) {
  const residue_at *c = data;
  int64_t v;
  return shared_remainder(e, &c->at, &v) ? mc_expr_const(c->s, e->width, v) : NULL;
}

/* One execution's metric over offsets free of remainders of the shared
 * sum: one group of lanes at one alignment, or a function of one uniform
 * value (cost_warp_symbolic); NULL otherwise. */
static const mc_expr *metric_of(mc_sym *s, const mc_cost_model *m, const mc_expr *const *offset,
                                uint64_t active, uint64_t bytes) {
  cost_lin lins[64];
  bool div[64] = {false};
  for (unsigned l = 0; l < 64; l++)
    if ((active >> l & 1) && (!offset[l] || !cost_linearize(offset[l], &lins[l])))
      return NULL;
  cost_shape shape;
  uint64_t c = cost_warp_execution(m, lins, div, active, bytes, &shape);
  if (shape.groups == 1 && !shape.alignment_varies)
    return mc_expr_const(s, 64, (int64_t)c);
  return cost_warp_symbolic(s, m, lins, div, active, bytes);
}

/* The metric where the offsets' remainders of uniform values are all of
 * one shared sum: the formula it has at every residue the sum can take,
 * NULL where those differ. */
static const mc_expr *over_shared_sum(mc_arena *arena, mc_sym *s, const mc_cost_model *m,
                                      const mc_expr *const *offset, uint64_t active,
                                      uint64_t bytes) {
  cost_lin sum;
  bool have = false;
  int64_t period = 1;
  for (unsigned l = 0; l < 64; l++)
    if ((active >> l & 1) && !shared_sum(offset[l], &sum, &have, &period))
      return NULL;
  if (!have)
    return NULL;
  int64_t step = cost_residue_step(&sum, period);
  /* numbers where the offsets mention uniform values only in those
   * remainders; else each residue's offsets rebuilt (fewer residues) */
  int64_t off[64] = {0};
  sum_seen seen[64];
  bool numbers = true;
  for (unsigned l = 0; l < 64 && numbers; l++) {
    seen[l].n = 0;
    numbers = !(active >> l & 1) || value_at(offset[l], &(point){NULL, &sum, 0, &seen[l]},
                                             &off[l]);
  }
  if (period / step > (numbers ? MAX_SUM_RESIDUES : MAX_REBUILT_RESIDUES))
    return NULL;
  /* a step a lane and residue, and as many again for rebuilt offsets */
  if (!mc_spend(arena, (numbers ? 1 : 2) * (uint64_t)(period / step) *
                           (uint64_t)__builtin_popcountll(active),
                "cost"))
    return NULL;
  const mc_expr *table[MAX_SUM_RESIDUES];
  table[0] = NULL;
  bool one = true;
  for (int64_t t = 0; t < period; t += step) {
    const mc_expr **x = &table[t / step];
    if (numbers) {
      for (unsigned l = 0; l < 64; l++)
        if ((active >> l & 1) &&
            !value_at(offset[l], &(point){NULL, &sum, t, &seen[l]}, &off[l]))
          return NULL;
      *x = mc_expr_const(s, 64, (int64_t)mc_cost_metric(m, off, active, bytes));
    } else {
      const mc_expr *at[64] = {NULL};
      residue_at c = {s, {NULL, &sum, t, NULL}};
      for (unsigned l = 0; l < 64; l++)
        if (active >> l & 1)
          at[l] = mc_expr_rewrite(s, offset[l], put_residue, &c);
      if (!(*x = metric_of(s, m, at, active, bytes)))
        return NULL;
    }
    one &= *x == table[0];
  }
  if (one)
    return table[0];
  /* a table over S's residue, S read as the integer it is (never
   * negative: its remainders then are those of `%`) */
  if (!cost_lin_nonnegative(&sum))
    return NULL;
  const mc_expr *x = mc_expr_const(s, 64, 0);
  for (unsigned i = 0; i < sum.n && x; i++)
    x = mc_expr_add(s, x, mc_expr_mul(s, mc_expr_const(s, 64, sum.t[i].coef),
                                      cost_wide_term(s, &sum.t[i]), 0), 0);
  return over_residue(s, x, table, period, step);
}

/* The table over the one atom's residue (NULL where the offsets are not
 * of that form). */
static const mc_expr *over_one_atom(mc_arena *arena, mc_sym *s, const mc_cost_model *m,
                                    const mc_expr *const *offset, uint64_t active,
                                    uint64_t bytes) {
  one_atom o = {NULL, NULL, false};
  for (unsigned l = 0; l < 64 && !o.other; l++)
    if (active >> l & 1)
      mc_expr_atoms(offset[l], note_atom, &o);
  if (!o.a || o.other)
    return NULL;
  int64_t period = 1;
  for (unsigned l = 0; l < 64; l++)
    if ((active >> l & 1) && !period_of(offset[l], o.a, &period))
      return NULL;
  for (unsigned l = 0; l < 64 && !o.node; l++)
    if (active >> l & 1)
      o.node = find_node(offset[l], o.a);
  if (period == 1 || !o.node || o.node->range.lo < 0)
    return NULL;
  /* the metric at each residue, the lanes' offsets numbers there (paid
   * from the kernel's step budget, a step a lane and residue) */
  if (!mc_spend(arena, (uint64_t)period * (uint64_t)__builtin_popcountll(active), "cost"))
    return NULL;
  const mc_expr *table[MAX_PERIOD];
  for (int64_t r = 0; r < period; r++) {
    int64_t off[64] = {0};
    for (unsigned l = 0; l < 64; l++)
      if ((active >> l & 1) && !value_at(offset[l], &(point){o.a, NULL, r, NULL}, &off[l]))
        return NULL;
    table[r] = mc_expr_const(s, 64, (int64_t)mc_cost_metric(m, off, active, bytes));
  }
  return over_residue(s, mc_expr_resize(s, o.node, 64, false), table, period, 1);
}

const mc_expr *cost_warp_residues(mc_arena *arena, mc_sym *s, const mc_cost_model *m,
                                  const mc_expr *const *offset, uint64_t active,
                                  uint64_t bytes) {
  const mc_expr *f = over_one_atom(arena, s, m, offset, active, bytes);
  return f ? f : over_shared_sum(arena, s, m, offset, active, bytes);
}

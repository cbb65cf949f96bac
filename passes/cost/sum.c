/* sum.c - closed forms of the sums that loops make of their bodies' costs
 * (seed 000 §6.3, without a computer-algebra system).
 *
 * sum over k = 0 .. n-1 of f(k): terms without k are multiplied by n;
 * k, k^2 and k^3 (times terms without k) by Faulhaber's formulas, whose
 * divisions are exact; (k + c) / d and (k + c) % d by the floor sum
 * d q (q - 1) / 2 + q r; x << k (doubling) as a geometric sum; a select on
 * a condition without k sums each side, and one on a condition that holds
 * on a prefix of the range (linear in k, c*k + d < x, or comparing a
 * halving or doubling variable) sums each side over its part. What depends
 * on k only through remainders and comparisons with constants is summed
 * by residue; at most 64 terms (a halving loop), term by term.
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

/* ---- Conditions on k -------------------------------------------------------
 * A comparison of two sides linear in k reads, over the integers (casts as
 * the identity, as for offsets), as t = e + c*k > 0 (<, <=) or t != 0
 * (==, !=), with e and c free of k; c may be an expression whose sign its
 * range proves (a grid-stride loop's blockDim.x * gridDim.x).
 */
typedef struct {
  const mc_expr *e, *c; /* 64-bit */
  bool less;            /* t > 0; else t != 0 */
  bool negated;         /* == : the condition is t == 0 */
} k_cond;

static const mc_expr *wide(mc_sym *s, const mc_expr *x, bool sgn) {
  return mc_expr_resize(s, x, 64, sgn);
}

/* A factor of a product with k, in 64 bits over the integers (casts as the
 * identity): `(int)(96 * gridDim.x)` is 96 * gridDim.x, positive, though
 * its 32 bits could wrap. */
static const mc_expr *wide_factor(mc_sym *s, const mc_expr *x, bool sgn) {
  cost_lin l;
  if (!cost_linearize(x, &l))
    return wide(s, x, sgn);
  const mc_expr *r = c64(s, l.c0);
  for (unsigned i = 0; i < l.n; i++)
    r = mc_expr_add(s, r, mc_expr_mul(s, c64(s, l.t[i].coef), cost_wide(s, l.t[i].leaf), 0), 0);
  return r;
}

/* Adds sign * (the side) to t's e and c. */
static bool add_side(mc_sym *s, k_cond *t, const mc_expr *side, const mc_atom *k,
                     int64_t sign, mc_cmp pred) {
  bool sgn = pred == MC_CMP_SLT || pred == MC_CMP_SLE;
  cost_lin l;
  if (!cost_linearize_operand(side, pred, &l))
    return false;
  t->e = mc_expr_add(s, t->e, c64(s, sign * l.c0), 0);
  for (unsigned i = 0; i < l.n; i++) {
    const mc_expr *leaf = l.t[i].leaf, *coef = c64(s, sign * l.t[i].coef);
    if (!cost_mentions(leaf, k)) {
      t->e = mc_expr_add(s, t->e, mc_expr_mul(s, coef, wide(s, leaf, sgn), 0), 0);
      continue;
    }
    if (leaf->op == MC_EXPR_ATOM && leaf->atom == k) {
      t->c = mc_expr_add(s, t->c, coef, 0);
      continue;
    }
    if (leaf->op != MC_EXPR_MUL)
      return false;
    unsigned ks = 0;
    for (unsigned j = 0; j < leaf->nops; j++) {
      const mc_expr *f = leaf->ops[j];
      if (is_k64(f, k))
        ks++;
      else if (cost_mentions(f, k))
        return false;
      else
        coef = mc_expr_mul(s, coef, wide_factor(s, f, sgn), 0);
    }
    if (ks != 1)
      return false;
    t->c = mc_expr_add(s, t->c, coef, 0);
  }
  return t->e && t->c;
}

static bool read_cond(mc_sym *s, const mc_expr *cond, const mc_atom *k, k_cond *t) {
  if (cond->op != MC_EXPR_CMP)
    return false;
  mc_cmp p = cond->pred;
  *t = (k_cond){c64(s, 0), c64(s, 0), p != MC_CMP_EQ && p != MC_CMP_NE, p == MC_CMP_EQ};
  if (!t->less && p != MC_CMP_NE && p != MC_CMP_EQ)
    return false;
  if (t->less && p != MC_CMP_ULT && p != MC_CMP_SLT && p != MC_CMP_ULE && p != MC_CMP_SLE)
    return false;
  /* a < b: b - a > 0; a <= b: b - a + 1 > 0 */
  if (!add_side(s, t, cond->ops[1], k, 1, p) || !add_side(s, t, cond->ops[0], k, -1, p))
    return false;
  if (p == MC_CMP_ULE || p == MC_CMP_SLE)
    t->e = mc_expr_add(s, t->e, c64(s, 1), 0);
  return t->e != NULL;
}

static int sign_of(const mc_expr *c) {
  return c->range.lo > 0 ? 1 : c->range.hi < 0 ? -1 : 0;
}

/* For t = e + c*k > 0: the k in 0, 1, ... form a prefix where it holds
 * (c < 0: k < ceil(e / -c)) or where it fails (c > 0: k < ceil((1-e) / c));
 * its length (not clamped above), *holds saying which. NULL when c's sign
 * is unknown. */
static const mc_expr *prefix(mc_sym *s, const k_cond *t, bool *holds) {
  int sg = sign_of(t->c);
  if (!sg)
    return NULL;
  *holds = sg < 0;
  const mc_expr *c = sg < 0 ? mc_expr_neg(s, t->c) : t->c;
  const mc_expr *num = sg < 0 ? t->e : mc_expr_sub(s, c64(s, 1), t->e, 0);
  /* ceil(num / c) for c > 0, and 0 when num <= 0 */
  const mc_expr *q = mc_expr_binary(
      s, MC_EXPR_SDIV, mc_expr_sub(s, mc_expr_add(s, num, c, 0), c64(s, 1), 0), c, 0);
  return mc_expr_binary(s, MC_EXPR_SMAX, q, c64(s, 0), 0);
}

/* e as x + c (c a constant). */
static const mc_expr *split_const(mc_sym *s, const mc_expr *e, int64_t *c) {
  *c = 0;
  if (e->op != MC_EXPR_ADD || !e->value)
    return e;
  *c = e->value;
  return mc_expr_sub(s, e, c64(s, e->value), 0);
}

/* Is a <= b for every value? Ranges, and the counts prefix() makes:
 * max(X / D, 0) + ca <= max(Y / D, 0) + cb when ca <= cb and
 * X <= Y + (cb - ca) * D (truncating division moves by at most one per D). */
static bool provably_le(mc_sym *s, const mc_expr *a, const mc_expr *b) {
  const mc_expr *d = mc_expr_sub(s, a, b, 0);
  if (d && d->range.hi <= 0)
    return true;
  int64_t ca, cb, zero;
  const mc_expr *x = split_const(s, a, &ca), *y = split_const(s, b, &cb);
  if (!x || !y || ca > cb || x->op != MC_EXPR_SMAX || y->op != MC_EXPR_SMAX ||
      x->nops != 2 || y->nops != 2 || !mc_expr_is_const(x->ops[1], &zero) || zero ||
      !mc_expr_is_const(y->ops[1], &zero) || zero)
    return false;
  const mc_expr *p = x->ops[0], *q = y->ops[0];
  if (p->op != MC_EXPR_SDIV || q->op != MC_EXPR_SDIV || p->ops[1] != q->ops[1] ||
      p->ops[1]->range.lo <= 0)
    return false;
  d = mc_expr_sub(s, p->ops[0],
                  mc_expr_add(s, q->ops[0], mc_expr_mul(s, c64(s, cb - ca), p->ops[1], 0), 0), 0);
  return d && d->range.hi <= 0;
}

static const mc_expr *clamp(mc_sym *s, const mc_expr *m, const mc_expr *n) {
  if (provably_le(s, m, n) || cost_step_compare(n, m) > 0)
    return m; /* a loop's last iteration only tests its condition */
  return mc_expr_binary(s, MC_EXPR_SMIN, m, n, 0);
}

/* For t = e + c*k != 0 with c = 1 or -1: the one k where it fails. */
static const mc_expr *zero_of(mc_sym *s, const k_cond *t) {
  int64_t c;
  if (!mc_expr_is_const(t->c, &c) || (c != 1 && c != -1))
    return NULL;
  return c == 1 ? mc_expr_neg(s, t->e) : t->e;
}

typedef struct {
  const mc_atom *atom[COST_MAX_TERMS];
  const mc_expr *value[COST_MAX_TERMS];
  unsigned n;
} atom_values;

static const mc_expr *put_values(void *data, const mc_atom *a) {
  atom_values *v = data;
  for (unsigned i = 0; i < v->n; i++)
    if (v->atom[i] == a)
      return v->value[i];
  return NULL;
}

/* The atom a leaf grows with: the leaf itself, or the one thread or block
 * id among the factors of a product of atoms (casts of them) never
 * negative (blockDim.x * threadIdx.y). NULL for any other leaf. */
static const mc_atom *monotone_factor(const mc_expr *leaf) {
  if (leaf->op == MC_EXPR_ATOM)
    return leaf->atom;
  if (leaf->op != MC_EXPR_MUL)
    return NULL;
  const mc_atom *a = NULL;
  for (unsigned i = 0; i < leaf->nops; i++) {
    const mc_expr *f = leaf->ops[i];
    while ((f->op == MC_EXPR_ZEXT || f->op == MC_EXPR_SEXT) && f->ops[0]->range.lo >= 0)
      f = f->ops[0]; /* the same value */
    if (f->op != MC_EXPR_ATOM || f->range.lo < 0)
      return NULL;
    if (f->atom->kind != MC_ATOM_TID && f->atom->kind != MC_ATOM_BID)
      continue;
    if (a)
      return NULL; /* two ids, or one squared */
    a = f->atom;
  }
  return a;
}

/* e with the atom each term grows with (monotone_factor), where no other
 * term mentions it, replaced by what worst() gives for it; `up` says
 * whether the result grows with e (sign: the term's direction). */
static const mc_expr *worst_case(mc_sym *s, const mc_expr *e, bool up,
                                 cost_worst_fn worst, void *data) {
  cost_lin l;
  if (!worst || !cost_linearize(e, &l))
    return e;
  atom_values v = {.n = 0};
  for (unsigned i = 0; i < l.n; i++) {
    const mc_atom *a = monotone_factor(l.t[i].leaf);
    bool alone = a != NULL; /* no other term mentions it: e is monotone in it */
    for (unsigned j = 0; j < l.n && alone; j++)
      alone = j == i || !cost_mentions(l.t[j].leaf, a);
    if (!alone)
      continue;
    const mc_expr *x = worst(data, a, (l.t[i].coef > 0) == up ? 1 : -1);
    if (x) {
      v.atom[v.n] = a;
      v.value[v.n++] = x;
    }
  }
  const mc_expr *r = v.n ? mc_expr_subst(s, e, put_values, &v) : e;
  return r ? r : e;
}

/* f with k replaced by the 64-bit value v. */
static const mc_expr *at(mc_sym *s, const mc_expr *f, const mc_atom *k,
                         const mc_expr *v);

/* ---- Conditions on a halving or doubling variable ---------------------------
 * A loop that halves or doubles its variable has the closed form
 * x >> min(k, w) * b (x << ... when doubling): a comparison of it with a
 * value free of k turns once, as k grows, from true to false or the other
 * way. The prefix where it holds (or fails) has as many terms as there
 * are i = 0, 1, ... where cond(i) holds (fails): the sum of cond at those
 * i, a constant number of them since the variable reaches 0 (or, doubling,
 * the width) within w / b steps (seed 000 §6.3: log trip counts).
 */
typedef struct {
  const mc_atom *k;
  const mc_expr *shift; /* the one node with k */
  bool many;            /* k elsewhere, or in two shifts */
} shift_find;

static void find_shift(shift_find *f, const mc_expr *e) {
  if (f->many || !cost_mentions(e, f->k))
    return;
  if ((e->op == MC_EXPR_LSHR || e->op == MC_EXPR_SHL) && !cost_mentions(e->ops[0], f->k)) {
    f->many |= f->shift && f->shift != e;
    f->shift = e;
    return;
  }
  if (e->op == MC_EXPR_ATOM) {
    f->many = true;
    return;
  }
  for (unsigned i = 0; i < e->nops; i++)
    find_shift(f, e->ops[i]);
}

/* +1 when cond does not decrease (turns from false to true) as the shift
 * v grows, -1 when it does not increase, 0 when unknown. A signed
 * comparison reads v signed: halving, x must not be negative; doubling
 * (x >= 1, no wrap-around) it is not. */
/* Which operand of cond is the shift v (or v widened): 0, 1, or -1. */
static int shift_side(const mc_expr *cond, const mc_expr *v) {
  for (int side = 0; side < 2; side++) {
    const mc_expr *o = cond->ops[side];
    if (o == v || ((o->op == MC_EXPR_ZEXT || o->op == MC_EXPR_SEXT) && o->ops[0] == v))
      return side;
  }
  return -1;
}

static int cond_direction(const mc_expr *cond, const mc_expr *v) {
  if (cond->op != MC_EXPR_CMP)
    return 0;
  int side = shift_side(cond, v);
  if (side < 0)
    return 0;
  switch (cond->pred) {
  case MC_CMP_SLT:
  case MC_CMP_SLE: {
    /* halving: x read signed, or against a constant >= 0 (halved()) */
    int64_t t;
    if (v->op == MC_EXPR_LSHR && (v->ops[0]->range.lo < 0 || !mc_expr_exact(v->ops[0], true)) &&
        (!mc_expr_is_const(cond->ops[1 - side], &t) || t < 0))
      return 0;
    return side ? 1 : -1;
  }
  case MC_CMP_ULT:
  case MC_CMP_ULE:
    return side ? 1 : -1;
  case MC_CMP_NE:
  case MC_CMP_EQ: {
    int64_t z;
    if (!mc_expr_is_const(cond->ops[1 - side], &z) || z)
      return 0;
    return cond->pred == MC_CMP_NE ? 1 : -1; /* v != 0: v > 0 */
  }
  default:
    return 0;
  }
}

/* Doubling: cond in step i over the integers, x * 2^a against the other
 * side (64-bit: x has at most 32 bits and a < 32). */
static const mc_expr *doubled(mc_sym *s, const mc_expr *cond, const mc_expr *shift,
                              int64_t a) {
  int side = shift_side(cond, shift);
  const mc_expr *v = mc_expr_mul(s, cost_wide(s, shift->ops[0]), c64(s, (int64_t)1 << a), 0);
  const mc_expr *t = cost_wide(s, cond->ops[1 - side]);
  mc_cmp p = cond->pred == MC_CMP_ULT ? MC_CMP_SLT : cond->pred == MC_CMP_ULE ? MC_CMP_SLE
                                                                            : cond->pred;
  return side ? mc_expr_cmp(s, p, t, v) : mc_expr_cmp(s, p, v, t);
}

/* cond with its shift x >> a (a the amount in step i) compared with a
 * constant, as a comparison of x itself: t < x >> a is x >= (t + 1) << a,
 * x >> a < t is x < t << a. NULL for another form. */
static const mc_expr *halved(mc_sym *s, const mc_expr *cond, const mc_expr *shift,
                             int64_t a) {
  int side = shift_side(cond, shift);
  const mc_expr *x = shift->ops[0];
  unsigned w = x->width;
  int64_t t;
  if (!mc_expr_is_const(cond->ops[1 - side], &t) || t < 0)
    return NULL;
  /* a signed comparison reads x >> a as x / 2^a (x < 0: the loop has
   * not run, 0 < x being false) */
  mc_cmp p = cond->pred;
  bool sgn = p == MC_CMP_SLT || p == MC_CMP_SLE;
  uint64_t ut = (uint64_t)t, top = w == 64 ? UINT64_MAX : ((uint64_t)1 << (w - sgn)) - 1;
  if (p == MC_CMP_NE || p == MC_CMP_EQ) /* against 0: 0 < x >> a */
    p = MC_CMP_ULT, side = 1;
  if (p == MC_CMP_ULE || p == MC_CMP_SLE) { /* t <= s: t - 1 < s; s <= t: s < t + 1 */
    if (side ? ut == 0 : ut == top)
      return NULL;
    ut = side ? ut - 1 : ut + 1;
  }
  /* the bound on x, and whether it fits x's width */
  uint64_t lim = side ? ut + 1 : ut;
  bool fits = a < (int64_t)w && lim <= (top >> a);
  const mc_expr *bound = fits ? mc_expr_const(s, w, (int64_t)(lim << a)) : NULL;
  const mc_expr *r = side ? (bound ? mc_expr_cmp(s, sgn ? MC_CMP_SLE : MC_CMP_ULE, bound, x)
                                  : mc_expr_const(s, 1, 0))
                          : (bound ? mc_expr_cmp(s, sgn ? MC_CMP_SLT : MC_CMP_ULT, x, bound)
                                  : mc_expr_const(s, 1, 1));
  return cond->pred == MC_CMP_EQ ? mc_expr_not(s, r) : r;
}

/* The amount of a halving or doubling loop's closed form, b * min(k, w)
 * for the shift's width w: b, or 0 when it is not of that form. */
static int64_t shift_step(mc_sym *s, const mc_expr *shift, const mc_atom *k) {
  unsigned w = shift->width;
  int64_t b, v;
  const mc_expr *amount = shift->ops[1];
  const mc_expr *a1 = at(s, amount, k, c64(s, 1)), *aw = at(s, amount, k, c64(s, w + 1));
  if (!a1 || !mc_expr_is_const(a1, &b) || b < 1 || b > 16 ||
      !mc_expr_is_const(at(s, amount, k, c64(s, 0)), &v) || v ||
      !mc_expr_is_const(at(s, amount, k, c64(s, 2)), &v) || v != 2 * b || !aw ||
      !mc_expr_is_const(aw, &v) || v != b * (int64_t)w)
    return 0;
  return b;
}

/* sum over k < n of x << b * min(k, w), over the integers (no
 * wrap-around): x * (2^(b n) - 1) / (2^b - 1), a geometric sum. */
static const mc_expr *geometric(mc_sym *s, const mc_expr *shl, const mc_atom *k,
                                const mc_expr *n) {
  int64_t b;
  if (cost_mentions(shl->ops[0], k) || shl->width > 32 || !(b = shift_step(s, shl, k)))
    return NULL;
  const mc_expr *pow = mc_expr_binary(s, MC_EXPR_SHL, c64(s, 1), mc_expr_mul(s, c64(s, b), n, 0), 0);
  const mc_expr *num = mc_expr_mul(s, cost_wide(s, shl->ops[0]), mc_expr_sub(s, pow, c64(s, 1), 0), 0);
  return b == 1 ? num : mc_expr_binary(s, MC_EXPR_SDIV, num, c64(s, ((int64_t)1 << b) - 1), 0);
}

static bool shift_prefix(mc_sym *s, const mc_expr *cond, const mc_atom *k,
                         const mc_expr **count, bool *holds) {
  shift_find f = {k, NULL, false};
  find_shift(&f, cond);
  if (f.many || !f.shift || f.shift->width > 32)
    return false;
  unsigned w = f.shift->width;
  int64_t b = shift_step(s, f.shift, k);
  if (!b)
    return false;
  /* the variable falls (halving) or grows (doubling, without wrapping:
   * the assumption costs list) with k; cond is the comparison itself */
  int d = cond_direction(cond, f.shift);
  if (!d)
    return false;
  bool falls = f.shift->op == MC_EXPR_LSHR;
  *holds = falls ? d > 0 : d < 0;
  unsigned steps = (w + (unsigned)b - 1) / (unsigned)b + 1;
  if (!falls) {
    /* doubling from x >= 1: past the other side's largest value it stays
     * false (true); the steps until then */
    const mc_expr *x = f.shift->ops[0], *t = cond->ops[1 - shift_side(cond, f.shift)];
    if (x->range.lo < 1 || cond->pred == MC_CMP_NE || cond->pred == MC_CMP_EQ)
      return false; /* 0 never grows */
    int64_t hi = t->range.hi < ((int64_t)1 << 33) ? t->range.hi : ((int64_t)1 << 33);
    steps = 1;
    while (steps * (unsigned)b < 34 && (x->range.lo << (steps * (unsigned)b)) <= hi)
      steps++;
    steps++;
  }
  const mc_expr *sum = c64(s, 0);
  for (unsigned i = 0; i < steps && sum; i++) {
    const mc_expr *c = falls ? halved(s, cond, f.shift, b * i) : doubled(s, cond, f.shift, b * i);
    if (!c && (cond->pred == MC_CMP_SLT || cond->pred == MC_CMP_SLE))
      return false; /* x read signed only where halved() reads it */
    if (!c)
      c = at(s, cond, k, c64(s, i));
    sum = mc_expr_add(s, sum, mc_expr_select(s, c, c64(s, *holds), c64(s, !*holds)), 0);
  }
  *count = sum;
  return sum != NULL;
}

const mc_expr *cost_first_false(mc_sym *s, const mc_expr *stay, const mc_atom *k,
                                cost_worst_fn worst, void *data) {
  k_cond t;
  const mc_expr *count;
  bool holds;
  if (!read_cond(s, stay, k, &t) && shift_prefix(s, stay, k, &count, &holds))
    return holds ? count : NULL;
  if (!read_cond(s, stay, k, &t) || t.negated)
    return NULL;
  if (!t.less) {
    int64_t c;
    if (!mc_expr_is_const(t.c, &c) || (c != 1 && c != -1))
      return NULL;
    t.e = worst_case(s, t.e, c == -1, worst, data);
    const mc_expr *k0 = zero_of(s, &t);
    return k0 && k0->range.lo >= 0 ? k0 : NULL;
  }
  if (!prefix(s, &t, &holds) || !holds)
    return NULL;
  t.e = worst_case(s, t.e, true, worst, data);
  return prefix(s, &t, &holds);
}

bool cost_holds_on_prefix(mc_sym *s, const mc_expr *cond, const mc_atom *k) {
  k_cond t;
  const mc_expr *count;
  bool holds;
  if (!read_cond(s, cond, k, &t))
    return shift_prefix(s, cond, k, &count, &holds) && holds;
  return t.less && prefix(s, &t, &holds) && holds;
}

/* sum over k < n of `first` for k < m and `then` after (m <= n). */
static const mc_expr *sum_prefix(mc_sym *s, const mc_atom *k, const mc_expr *n,
                                 const mc_expr *m, const mc_expr *first,
                                 const mc_expr *then) {
  const mc_expr *sf = mc_cost_sum(s, first, k, m), *sn = mc_cost_sum(s, then, k, n),
                *sm = mc_cost_sum(s, then, k, m);
  if (!sf || !sn || !sm)
    return NULL;
  return mc_expr_add(s, sf, mc_expr_sub(s, sn, sm, 0), 0);
}

/* sum over k < n of (cond ? a : b), cond on k: each side over its part of
 * the range (a prefix), or, for k == k0 / k != k0, all of one side with
 * the point k0 moved to the other. */
static const mc_expr *sum_split(mc_sym *s, const mc_expr *f, const mc_atom *k,
                                const mc_expr *n) {
  k_cond t;
  const mc_expr *a = f->ops[1], *b = f->ops[2], *m;
  bool holds;
  if (!read_cond(s, f->ops[0], k, &t)) {
    if (!shift_prefix(s, f->ops[0], k, &m, &holds))
      return NULL;
    return sum_prefix(s, k, n, clamp(s, m, n), holds ? a : b, holds ? b : a);
  }
  if (!t.less) {
    const mc_expr *k0 = zero_of(s, &t);
    if (!k0)
      return NULL;
    const mc_expr *on = t.negated ? a : b, *off = t.negated ? b : a; /* at k0, else */
    int64_t last;
    if (k0->range.lo >= 0 && mc_expr_is_const(mc_expr_sub(s, n, k0, 0), &last) && last == 1) {
      /* k0 is the last iteration (a loop's own test): no cancellation needed */
      const mc_expr *before = mc_cost_sum(s, off, k, k0);
      return before ? mc_expr_add(s, before, at(s, on, k, k0), 0) : NULL;
    }
    const mc_expr *all = mc_cost_sum(s, off, k, n);
    const mc_expr *d = mc_expr_sub(s, at(s, on, k, k0), at(s, off, k, k0), 0);
    int64_t gap;
    const mc_expr *inside;
    if (k0->range.lo >= 0 && mc_expr_is_const(mc_expr_sub(s, n, k0, 0), &gap) && gap >= 1)
      inside = c64(s, 1);
    else
      inside = mc_expr_select(
          s,
          mc_expr_binary(s, MC_EXPR_AND, mc_expr_cmp(s, MC_CMP_SLE, c64(s, 0), k0),
                         mc_expr_cmp(s, MC_CMP_SLT, k0, n), 0),
          c64(s, 1), c64(s, 0));
    return all && d ? mc_expr_add(s, all, mc_expr_mul(s, inside, d, 0), 0) : NULL;
  }
  m = prefix(s, &t, &holds);
  if (!m)
    return NULL;
  return sum_prefix(s, k, n, clamp(s, m, n), holds ? a : b, holds ? b : a);
}

typedef struct {
  const mc_atom *k;
  const mc_expr *v;
} k_value;

static const mc_expr *put_k(void *data, const mc_atom *a) {
  k_value *kv = data;
  return a == kv->k ? kv->v : NULL;
}

static const mc_expr *at(mc_sym *s, const mc_expr *f, const mc_atom *k,
                         const mc_expr *v) {
  if (!cost_mentions(f, k))
    return f;
  k_value kv = {k, mc_expr_resize(s, v, k->width, false)};
  return mc_expr_subst(s, f, put_k, &kv);
}

/* sum over j < m of floor(j / d), m >= 0: with q = m / d, r = m % d,
 * d * q (q - 1) / 2 + q * r. */
static const mc_expr *floor_sum(mc_sym *s, const mc_expr *m, int64_t d) {
  const mc_expr *q = mc_expr_binary(s, MC_EXPR_SDIV, m, c64(s, d), 0);
  const mc_expr *r = mc_expr_sub(s, m, mc_expr_mul(s, q, c64(s, d), 0), 0);
  const mc_expr *tri = mc_expr_binary(
      s, MC_EXPR_SDIV, mc_expr_mul(s, q, mc_expr_sub(s, q, c64(s, 1), 0), 0), c64(s, 2), 0);
  return mc_expr_add(s, mc_expr_mul(s, c64(s, d), tri, 0), mc_expr_mul(s, q, r, 0), 0);
}

/* sum over k < n of (k + c) / d or (k + c) % d, c >= 0 and d > 0 constants
 * (unsigned, or signed of what is not negative): the floor sum from c to
 * n + c; a remainder is (k + c) - d * ((k + c) / d). */
static const mc_expr *sum_division(mc_sym *s, const mc_expr *f, const mc_atom *k,
                                   const mc_expr *n) {
  int64_t d;
  cost_lin l;
  if (f->nops != 2 || !mc_expr_is_const(f->ops[1], &d) || d < 1 ||
      !cost_linearize(f->ops[0], &l) || l.n != 1 || l.c0 < 0 || l.t[0].coef != 1 ||
      !is_k64(l.t[0].leaf, k) || n->range.lo < 0)
    return NULL;
  const mc_expr *c = c64(s, l.c0);
  const mc_expr *quot = mc_expr_sub(s, floor_sum(s, mc_expr_add(s, n, c, 0), d),
                                    floor_sum(s, c, d), 0);
  if (f->op == MC_EXPR_UDIV || f->op == MC_EXPR_SDIV)
    return quot;
  const mc_expr *ks = mc_expr_add(s, power_sum(s, n, 1), mc_expr_mul(s, n, c, 0), 0);
  return mc_expr_sub(s, ks, mc_expr_mul(s, c64(s, d), quot, 0), 0);
}

/* The sum by its terms' structure (see the top). */
static const mc_expr *sum_closed(mc_sym *s, const mc_expr *f, const mc_atom *k,
                                 const mc_expr *n) {
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
  case MC_EXPR_SHL:
    return geometric(s, f, k, n);
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
  case MC_EXPR_UREM:
  case MC_EXPR_SREM:
    return sum_division(s, f, k, n);
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
    return f->ops[0]->op == MC_EXPR_SHL ? geometric(s, f->ops[0], k, n) : NULL;
  case MC_EXPR_SELECT: {
    const mc_expr *c = f->ops[0], *x = f->ops[1], *y = f->ops[2];
    int64_t one;
    if (!cost_mentions(c, k))
      return mc_expr_select(s, c, mc_cost_sum(s, x, k, n), mc_cost_sum(s, y, k, n));
    /* a & b ? x : y is a ? (b ? x : y) : y (the conjunct without k first);
     * a | b ? x : y is a ? x : (b ? x : y); !a ? x : y is a ? y : x */
    if ((c->op == MC_EXPR_AND || c->op == MC_EXPR_OR) && c->width == 1 && c->nops >= 2) {
      unsigned first = 0;
      for (unsigned i = 0; i < c->nops; i++)
        if (!cost_mentions(c->ops[i], k))
          first = i;
      const mc_expr *rest = NULL;
      for (unsigned i = 0; i < c->nops; i++)
        if (i != first)
          rest = rest ? mc_expr_binary(s, c->op, rest, c->ops[i], 0) : c->ops[i];
      const mc_expr *inner = mc_expr_select(s, rest, x, y);
      const mc_expr *g = c->op == MC_EXPR_AND ? mc_expr_select(s, c->ops[first], inner, y)
                                              : mc_expr_select(s, c->ops[first], x, inner);
      return g && g != f ? mc_cost_sum(s, g, k, n) : NULL;
    }
    if (c->op == MC_EXPR_XOR && c->width == 1 && c->nops == 2 &&
        mc_expr_is_const(c->ops[1], &one) && one)
      return mc_cost_sum(s, mc_expr_select(s, c->ops[0], y, x), k, n);
    return sum_split(s, f, k, n);
  }
  default:
    return NULL;
  }
}

enum { MAX_UNROLLED = 64 };

/* sum over i < count (a constant) of f(i), the terms with i >= n zero. */
static const mc_expr *unrolled(mc_sym *s, const mc_expr *f, const mc_atom *k,
                               const mc_expr *n, int64_t from, int64_t count) {
  const mc_expr *r = c64(s, 0);
  for (int64_t i = from; r && i < from + count; i++)
    r = mc_expr_add(s, r, mc_expr_select(s, mc_expr_cmp(s, MC_CMP_SLT, c64(s, i), n),
                                         at(s, f, k, c64(s, i)), c64(s, 0)), 0);
  return r;
}

/* Where k appears only compared with constants or reduced by a constant
 * (`k % 2`, the parity of a double buffer): f is periodic from some F on
 * with period P, and the sum is the first F terms, then each residue r
 * times the number of k in [F, n) with k - F = r mod P. Where n is at most
 * a small constant (a halving loop's trip count), the terms one by one. */
static const mc_expr *sum_by_cases(mc_sym *s, const mc_expr *f, const mc_atom *k,
                                   const mc_expr *n) {
  int64_t from, period;
  if (cost_periodic(f, k, &from, &period)) {
    const mc_expr *r = unrolled(s, f, k, n, 0, from);
    for (int64_t i = 0; r && i < period; i++) {
      /* ceil((n - F - i) / P), 0 when negative */
      const mc_expr *left = mc_expr_sub(s, n, c64(s, from + i), 0);
      const mc_expr *times = mc_expr_binary(
          s, MC_EXPR_SMAX,
          mc_expr_binary(s, MC_EXPR_SDIV, mc_expr_add(s, left, c64(s, period - 1), 0),
                         c64(s, period), 0),
          c64(s, 0), 0);
      r = mc_expr_add(s, r, mc_expr_mul(s, times, at(s, f, k, c64(s, from + i)), 0), 0);
    }
    return r;
  }
  if (n->range.lo >= 0 && n->range.hi <= MAX_UNROLLED)
    return unrolled(s, f, k, n, 0, n->range.hi);
  return NULL;
}

const mc_expr *mc_cost_sum(mc_sym *s, const mc_expr *f, const mc_atom *k,
                           const mc_expr *n) {
  if (!f || !n || f->width != 64 || n->width != 64)
    return NULL;
  const mc_expr *r = sum_closed(s, f, k, n);
  return r ? r : sum_by_cases(s, f, k, n);
}

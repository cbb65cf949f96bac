/* blocks.c - the maximum of a warp's cost over the blocks of the grid.
 *
 * A warp's cost is a formula over the launch and the block's id (guards
 * such as `blockIdx.x * blockDim.x + threadIdx.x < n` become selects on
 * blockIdx.x); CONTRACT §5 asks for the maximum over every block, a
 * formula over the launch alone. For each dimension d whose blockIdx the
 * cost mentions, the maximum over 0 <= blockIdx.d < gridDim.d is taken
 *
 *   - where the cost is monotone in blockIdx.d (its terms are, through
 *     sums, products by signed values, divisions by positive ones, min,
 *     max, casts read as the identity, comparisons, and selects whose
 *     sides are ordered): at block 0 or at the last block;
 *   - where blockIdx.d appears only compared with constants or reduced by
 *     a constant (`blockIdx.x % 2 == 0`, `blockIdx.x < 2`): the cost is
 *     periodic from some block on, and the maximum is over the blocks up
 *     to one period past the last constant, those the grid has.
 *
 * Otherwise NULL: the caller bounds the cost.
 */
#include "cost_impl.h"

enum { UNKNOWN = 2, MAX_BLOCKS_TRIED = 64, MAX_ROW_BLOCKS = 4 };

static int join(int a, int b) {
  if (a == UNKNOWN || b == UNKNOWN)
    return UNKNOWN;
  if (!a)
    return b;
  if (!b || a == b)
    return a;
  return UNKNOWN;
}

/* 1: e >= 0, -1: e <= 0, 0: neither known (or e not built) */
static int sign_of(const mc_expr *e) {
  if (!e)
    return 0;
  return e->range.lo >= 0 ? 1 : e->range.hi <= 0 ? -1 : 0;
}

/* Is e a comparison of `c * a + c0` with a constant k (casts read as the
 * identity)? *c and *t = k - c0: it changes where c * a crosses t. */
static bool compares_atom(const mc_expr *e, const mc_atom *a, int64_t *c, int64_t *t) {
  cost_lin l, r;
  if (e->op != MC_EXPR_CMP || !cost_linearize_operand(e->ops[0], e->pred, &l) ||
      !cost_linearize_operand(e->ops[1], e->pred, &r) || (l.n && r.n))
    return false;
  const cost_lin *side = l.n ? &l : &r, *other = l.n ? &r : &l;
  if (side->n != 1 || side->t[0].leaf->op != MC_EXPR_ATOM || side->t[0].leaf->atom != a ||
      !side->t[0].coef)
    return false;
  *c = side->t[0].coef;
  *t = other->c0 - side->c0;
  return true;
}

/* Is e, `c * a + c0 == k` (or !=), the same for every a >= 0 (no a >= 0
 * solves the equation)? */
static bool never_equal(const mc_expr *e, const mc_atom *a) {
  int64_t c, t;
  return compares_atom(e, a, &c, &t) && (t % c != 0 || t / c < 0);
}

static int direction(mc_sym *s, const mc_expr *e, const mc_atom *a);

/* A term of a sum as coef * part, part the product of its factors with
 * atom a (NULL when none) and coef that of the others. */
static const mc_expr *part_with(mc_sym *s, const mc_expr *t, int64_t c, const mc_atom *a,
                                const mc_expr **coef) {
  *coef = mc_expr_const(s, 64, c);
  if (t->op != MC_EXPR_MUL)
    return cost_mentions(t, a) ? t : NULL; /* a term without a: no direction */
  const mc_expr *part = NULL;
  for (unsigned j = 0; j < t->nops && *coef; j++) {
    if (!cost_mentions(t->ops[j], a))
      *coef = mc_expr_mul(s, *coef, cost_wide(s, t->ops[j]), 0);
    else if (!(part = part ? mc_expr_mul(s, part, t->ops[j], 0) : t->ops[j]))
      *coef = NULL; /* not built: no direction */
  }
  return part;
}

/* The direction of a sum whose terms share parts with a: `m * X - 2 * X`
 * (a trip count times a cost, distributed) is (m - 2) * X, monotone as X
 * is where m - 2 has a sign. */
static int grouped_direction(mc_sym *s, const mc_expr *e, const mc_atom *a) {
  if (e->width != 64)
    return UNKNOWN;
  const mc_expr *part[COST_MAX_TERMS], *coef[COST_MAX_TERMS];
  unsigned n = 0;
  for (unsigned i = 0; i < e->nops; i++) {
    const mc_expr *c, *p = part_with(s, e->ops[i], e->coefs[i], a, &c);
    if (!c)
      return UNKNOWN;
    if (!p)
      continue;
    unsigned j = 0;
    while (j < n && part[j] != p)
      j++;
    if (j == n) {
      if (n == COST_MAX_TERMS)
        return UNKNOWN;
      part[n] = p;
      coef[n++] = c;
    } else if (!(coef[j] = mc_expr_add(s, coef[j], c, 0))) {
      return UNKNOWN;
    }
  }
  int d = 0;
  for (unsigned j = 0; j < n && d != UNKNOWN; j++) {
    int x = direction(s, part[j], a), sg = sign_of(coef[j]);
    d = join(d, !sg || x == UNKNOWN ? UNKNOWN : sg * x);
  }
  return d;
}

/* +1: e does not decrease as atom a grows (a comparison: it turns from
 * false to true), -1: it does not increase, 0: it does not mention a. */
static int direction(mc_sym *s, const mc_expr *e, const mc_atom *a) {
  if (!e)
    return UNKNOWN; /* not built */
  if (!cost_mentions(e, a))
    return 0;
  int d = 0;
  switch (e->op) {
  case MC_EXPR_ATOM:
    return 1;
  case MC_EXPR_ADD:
    for (unsigned i = 0; i < e->nops; i++) {
      int x = direction(s, e->ops[i], a);
      d = join(d, x == UNKNOWN ? x : e->coefs[i] < 0 ? -x : x);
    }
    return d == UNKNOWN ? grouped_direction(s, e, a) : d;
  case MC_EXPR_MUL: {
    /* factors that are not negative, those with a all one way */
    bool nonneg = true;
    for (unsigned i = 0; i < e->nops; i++) {
      nonneg &= e->ops[i]->range.lo >= 0;
      if (cost_mentions(e->ops[i], a))
        d = join(d, direction(s, e->ops[i], a));
    }
    if (nonneg)
      return d;
    /* or one factor with a, the others of known sign */
    unsigned with = 0;
    d = 1;
    for (unsigned i = 0; i < e->nops; i++) {
      bool m = cost_mentions(e->ops[i], a);
      int x = m ? direction(s, e->ops[i], a) : sign_of(e->ops[i]);
      with += m;
      if (x == UNKNOWN || !x)
        return UNKNOWN;
      d *= x;
    }
    return with == 1 ? d : UNKNOWN;
  }
  case MC_EXPR_SDIV:
  case MC_EXPR_UDIV:
    if (cost_mentions(e->ops[1], a) || e->ops[1]->range.lo <= 0)
      return UNKNOWN;
    return direction(s, e->ops[0], a);
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX:
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
    for (unsigned i = 0; i < e->nops; i++)
      d = join(d, direction(s, e->ops[i], a));
    return d;
  case MC_EXPR_AND:
  case MC_EXPR_OR:
    if (e->width != 1)
      return UNKNOWN;
    for (unsigned i = 0; i < e->nops; i++)
      d = join(d, direction(s, e->ops[i], a));
    return d;
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC:
    return direction(s, e->ops[0], a);
  case MC_EXPR_CMP:
    if (e->pred == MC_CMP_EQ || e->pred == MC_CMP_NE)
      return never_equal(e, a) ? 0 : UNKNOWN;
    /* an unsigned comparison is monotone where its sides do not wrap */
    if ((e->pred == MC_CMP_ULT || e->pred == MC_CMP_ULE) &&
        ((cost_mentions(e->ops[0], a) && !cost_unsigned_faithful(e->ops[0])) ||
         (cost_mentions(e->ops[1], a) && !cost_unsigned_faithful(e->ops[1]))))
      return UNKNOWN;
    d = direction(s, e->ops[0], a);
    return join(d == UNKNOWN ? d : -d, direction(s, e->ops[1], a));
  case MC_EXPR_SELECT: {
    int c = direction(s, e->ops[0], a);
    d = join(direction(s, e->ops[1], a), direction(s, e->ops[2], a));
    if (!c || d == UNKNOWN)
      return d;
    /* y + [c] (x - y) */
    int diff = sign_of(mc_expr_sub(s, e->ops[1], e->ops[2], 0));
    if (c == UNKNOWN || !diff)
      return UNKNOWN;
    return join(d, diff * c);
  }
  default:
    return UNKNOWN;
  }
}

/* Does l grow by an integer multiple of d when a grows by d: its terms
 * with a are c * a or c * a * y (y free of a)? With nonneg, l is also
 * never negative (a remainder then is the floor's). */
static bool steps_by_multiples(const cost_lin *l, const mc_atom *a, bool nonneg) {
  bool any = false;
  if (nonneg && l->c0 < 0)
    return false;
  for (unsigned i = 0; i < l->n; i++) {
    const mc_expr *t = l->t[i].leaf;
    if (nonneg && (l->t[i].coef < 0 || t->range.lo < 0))
      return false;
    if (!cost_mentions(t, a))
      continue;
    any = true;
    if (t->op == MC_EXPR_ATOM)
      continue;
    if (t->op != MC_EXPR_MUL)
      return false;
    unsigned with = 0;
    for (unsigned j = 0; j < t->nops; j++)
      if (cost_mentions(t->ops[j], a)) {
        if (t->ops[j]->op != MC_EXPR_ATOM)
          return false;
        with++;
      }
    if (with != 1)
      return false;
  }
  return any;
}

/* Where a appears only as `a cmp constant` or reduced by a constant (and
 * what is built from those): the first value from which e is periodic in
 * a (*from) and the period. */
static bool periodic(const mc_expr *e, const mc_atom *a, int64_t *from, int64_t *period) {
  if (!cost_mentions(e, a))
    return true;
  int64_t k;
  cost_lin l;
  if (e->op == MC_EXPR_ATOM)
    return false;
  if ((e->op == MC_EXPR_UREM || e->op == MC_EXPR_SREM || e->op == MC_EXPR_AND) &&
      e->width > 1 && e->nops == 2 && mc_expr_is_const(e->ops[1], &k) && k > 0 &&
      cost_linearize(e->ops[0], &l) && steps_by_multiples(&l, a, e->op != MC_EXPR_AND)) {
    /* X % k with X + k * (...) for a + k: period k; & k: the power of two
     * above k's bits; and where X steps by a constant c as a grows by one,
     * the period divided by gcd(c, period) */
    if (e->op == MC_EXPR_AND)
      k = (int64_t)1 << (64 - __builtin_clzll((uint64_t)k));
    unsigned with = 0;
    int64_t c = 0;
    for (unsigned i = 0; i < l.n; i++)
      if (cost_mentions(l.t[i].leaf, a)) {
        with++;
        c = l.t[i].leaf->op == MC_EXPR_ATOM ? l.t[i].coef : 0;
      }
    if (with == 1 && c)
      k /= cost_gcd(c < 0 ? -c : c, k);
    if (k > MAX_BLOCKS_TRIED)
      return false;
    *period = *period * k / cost_gcd(*period, k);
    return *period <= MAX_BLOCKS_TRIED;
  }
  int64_t c, t;
  if (compares_atom(e, a, &c, &t)) {
    /* c * a + c0 against a constant: the same from the crossing on */
    t /= c;
    if (t < 0)
      t = -t;
    if (t + 2 > *from)
      *from = t + 2;
    return *from <= MAX_BLOCKS_TRIED;
  }
  for (unsigned i = 0; i < e->nops; i++)
    if (!periodic(e->ops[i], a, from, period))
      return false;
  return true;
}

bool cost_periodic(const mc_expr *e, const mc_atom *a, int64_t *from, int64_t *period) {
  *from = 0;
  *period = 1;
  return periodic(e, a, from, period) && *from + *period <= MAX_BLOCKS_TRIED;
}

/* With sign -1: does e not grow when a grows by *period, from a = *from
 * on (the maximum over a is then among the first *from + *period
 * values); with sign 1: does it not shrink (the maximum is among those
 * first *from values and the last *period)? e periodic in a, or monotone
 * the sign's way, or built of such parts by sums, products of parts never
 * negative, min, max, conjunctions and disjunctions, and selects on
 * periodic conditions (`blockIdx.x % 3 == 0 ? 9 : 8` beside a grid-stride
 * loop's count) or on conditions that turn the sign's way between sides
 * in order (`blockIdx.x % 2 == 0 && id > 0 ? 1 : 0`: the halo's read). */
static bool by_period(mc_sym *s, const mc_expr *e, const mc_atom *a, int sign, int64_t *from,
                      int64_t *period) {
  int64_t f = 0, p = 1;
  int d = direction(s, e, a);
  if (d == 0 || d == sign)
    return true;
  if (!periodic(e, a, &f, &p)) {
    f = 0, p = 1;
    bool parts = true;
    switch (e->op) {
    case MC_EXPR_ADD:
      for (unsigned i = 0; i < e->nops && parts; i++)
        parts = by_period(s, e->ops[i], a, e->coefs[i] < 0 ? -sign : sign, &f, &p);
      break;
    case MC_EXPR_MUL:
      for (unsigned i = 0; i < e->nops && parts; i++)
        parts = e->ops[i]->range.lo >= 0 && by_period(s, e->ops[i], a, sign, &f, &p);
      break;
    case MC_EXPR_AND:
    case MC_EXPR_OR:
      parts = e->width == 1;
      for (unsigned i = 0; i < e->nops && parts; i++)
        parts = by_period(s, e->ops[i], a, sign, &f, &p);
      break;
    case MC_EXPR_SMIN:
    case MC_EXPR_SMAX:
    case MC_EXPR_UMIN:
    case MC_EXPR_UMAX:
      for (unsigned i = 0; i < e->nops && parts; i++)
        parts = by_period(s, e->ops[i], a, sign, &f, &p);
      break;
    case MC_EXPR_SELECT: {
      /* y + [c] (x - y): c periodic, or turning the way that x - y's
       * sign and the sign ask */
      int diff = sign_of(mc_expr_sub(s, e->ops[1], e->ops[2], 0));
      parts = (periodic(e->ops[0], a, &f, &p) ||
               (diff && by_period(s, e->ops[0], a, diff * sign, &f, &p))) &&
              by_period(s, e->ops[1], a, sign, &f, &p) &&
              by_period(s, e->ops[2], a, sign, &f, &p);
      break;
    }
    default:
      parts = false;
    }
    if (!parts)
      return false;
  }
  *from = f > *from ? f : *from;
  *period = *period / cost_gcd(*period, p) * p;
  return *from + *period <= MAX_BLOCKS_TRIED;
}

typedef struct {
  const mc_atom *a;
  const mc_expr *v;
} atom_value;

static const mc_expr *put(void *data, const mc_atom *a) {
  const atom_value *x = data;
  return a == x->a ? x->v : NULL;
}

const mc_expr *cost_subst_atom(mc_sym *s, const mc_expr *e, const mc_atom *a,
                               const mc_expr *v) {
  atom_value x = {a, v};
  return mc_expr_subst(s, e, put, &x);
}

/* The last value of a where a comparison of `c * a + c0` with a
 * constant changes (`blockIdx.x == 0`, `blockIdx.x > 2`): *last at least
 * that. False where one cannot be placed. */
static bool crossings(const mc_expr *e, const mc_atom *a, int64_t *last) {
  if (!cost_mentions(e, a))
    return true;
  int64_t c, t;
  if (compares_atom(e, a, &c, &t)) {
    if (t / c > *last)
      *last = t / c;
    return *last < MAX_BLOCKS_TRIED;
  }
  for (unsigned i = 0; i < e->nops; i++)
    if (!crossings(e->ops[i], a, last))
      return false;
  return true;
}

/* The maximum over the blocks where e is monotone in a only from some
 * block T + 1 on (a cost only blocks after the first pay, beside one that
 * shrinks with the block id): the blocks up to T one by one, those the
 * grid has, and the rest at its end that the direction gives. */
typedef struct {
  mc_sym *s;
  const mc_expr *a; /* the atom's node */
} settle_ctx;

static const mc_expr *settle_cmp(void *data, const mc_expr *e) {
  const settle_ctx *c = data;
  int64_t k, t;
  return compares_atom(e, c->a->atom, &k, &t)
             ? cost_subst_atom(c->s, e, c->a->atom, mc_expr_const(c->s, c->a->width, 0))
             : NULL;
}

/* e past its crossings in a: e at a + t, t past the last block where a
 * comparison of a changes, each such comparison then its value at 0 (the
 * one it has for every a >= 0, read as integers), so that its direction
 * is that of what it selects. */
static const mc_expr *past_crossings(mc_sym *s, const mc_expr *e, const mc_expr *ba, int64_t t) {
  settle_ctx c = {s, ba};
  const mc_expr *rest =
      cost_subst_atom(s, e, ba->atom, mc_expr_add(s, ba, mc_expr_const(s, ba->width, t), 0));
  return rest ? mc_expr_rewrite(s, rest, settle_cmp, &c) : NULL;
}

static const mc_expr *first_blocks(mc_sym *s, const mc_expr *e, const mc_expr *ba,
                                   const mc_expr *g) {
  const mc_atom *a = ba->atom;
  int64_t last = -1;
  if (!crossings(e, a, &last) || last < 0)
    return NULL;
  const mc_expr *rest = past_crossings(s, e, ba, last + 1);
  int d = rest ? direction(s, rest, a) : UNKNOWN;
  if (d == UNKNOWN)
    return NULL;
  const mc_expr *end = mc_expr_sub(s, g, mc_expr_const(s, g->width, 1), 0);
  const mc_expr *most =
      cost_refold_max(s, cost_subst_atom(s, e, a, mc_expr_const(s, ba->width, 0)));
  for (int64_t j = 1; most && j <= last + 1; j++) {
    /* block j exists when gridDim > j; past T, the end the direction gives */
    const mc_expr *block = j <= last || d != 1 ? mc_expr_const(s, ba->width, j) : end;
    const mc_expr *v = cost_refold_max(s, cost_subst_atom(s, e, a, block));
    if (!v)
      return NULL;
    v = mc_expr_select(s, mc_expr_cmp(s, MC_CMP_ULT, mc_expr_const(s, g->width, j), g), v,
                       mc_expr_const(s, v->width, 0));
    most = cost_max(s, most, v);
  }
  return most;
}

/* The maximum of e over 0 <= b < g (b an atom's node); NULL where not
 * found exactly. */
static const mc_expr *over_atom(mc_sym *s, const mc_expr *e, const mc_expr *b,
                                const mc_expr *g) {
  const mc_atom *a = b->atom;
  int d = direction(s, e, a);
  if (d == 1)
    return cost_refold_max(
        s, cost_subst_atom(s, e, a, mc_expr_sub(s, g, mc_expr_const(s, g->width, 1), 0)));
  if (d != UNKNOWN)
    return cost_refold_max(s, cost_subst_atom(s, e, a, mc_expr_const(s, b->width, 0)));
  /* the candidates: the first from + period blocks where e does not grow
   * by a period, else the first from and the last period where it does
   * not shrink */
  int64_t from = 0, period = 1, first;
  bool last = false;
  if (!by_period(s, e, a, -1, &from, &period)) {
    from = 0, period = 1;
    if (!by_period(s, e, a, 1, &from, &period))
      return first_blocks(s, e, b, g);
    last = true;
  }
  first = last ? from : from + period;
  const mc_expr *most = NULL;
  const mc_expr *seen[MAX_BLOCKS_TRIED];
  int64_t seen_at[MAX_BLOCKS_TRIED];
  unsigned nseen = 0;
  for (int64_t j = 0; j < first + (last ? period : 0); j++) {
    /* block j, or block g - 1 - (j - first); it exists when g > j (or
     * g > j - first); block 0 always does */
    int64_t x = j < first ? j : j - first;
    const mc_expr *block =
        j < first ? mc_expr_const(s, b->width, j)
                  : mc_expr_sub(s, g, mc_expr_const(s, g->width, x + 1), 0);
    const mc_expr *v = block ? cost_refold_max(s, cost_subst_atom(s, e, a, block)) : NULL;
    if (!v)
      return NULL;
    /* a value seen in a block that exists whenever this one does */
    bool dup = false;
    for (unsigned i = 0; i < nseen && !dup; i++)
      dup = seen[i] == v && seen_at[i] <= x;
    if (dup)
      continue;
    seen_at[nseen] = x;
    seen[nseen++] = v;
    if (x)
      v = mc_expr_select(s, mc_expr_cmp(s, MC_CMP_ULT, mc_expr_const(s, g->width, x), g), v,
                         mc_expr_const(s, v->width, 0));
    most = most ? cost_max(s, most, v) : v;
    if (!most)
      return NULL;
  }
  return most;
}

typedef struct {
  const mc_expr *bid[3], *gdim[3];
} block_ids;

static bool block_ids_of(mc_sym *s, block_ids *b) {
  for (unsigned d = 0; d < 3; d++)
    if (!(b->bid[d] = mc_sym_builtin(s, MC_ATOM_BID, d)) ||
        !(b->gdim[d] = mc_sym_builtin(s, MC_ATOM_GDIM, d)))
      return false;
  return true;
}

/* Block ids read through casts. A kernel computes its block's place in
 * 32 bits and widens it for a division or a 64-bit sum:
 * `(long)(int)(blockIdx.z * gridDim.y * gridDim.x)` beside `128 * blockIdx.x`.
 * Read as integers (no wrap-around: the assumption costs list), the
 * widened sums and products are sums and products of the widened ids, so
 * that blockIdx.x written over the linear id cancels the other ids. */
typedef struct {
  mc_sym *s;
  const mc_expr *const *linear;
  const mc_expr *bid0, *bid0_wide; /* blockIdx.x, 32 and 64 bits */
  const mc_expr *x, *x_wide;       /* what replaces it, 32 and 64 bits */
  const mc_atom *others[2];        /* blockIdx.y and .z */
} block_reading;

/* Is e arithmetic on block ids, grid and block dimensions and the linear
 * ids (sums, products, constants, casts)? With nonneg, also never
 * negative read as an integer. */
static bool block_arith(const block_reading *c, const mc_expr *e, bool nonneg) {
  switch (e->op) {
  case MC_EXPR_CONST:
    return !nonneg || e->value >= 0;
  case MC_EXPR_ATOM:
    return e->atom->kind == MC_ATOM_BID || e->atom->kind == MC_ATOM_GDIM ||
           e->atom->kind == MC_ATOM_BDIM || e == c->linear[0] || e == c->linear[1];
  case MC_EXPR_ADD:
    if (nonneg && e->value < 0)
      return false;
    for (unsigned i = 0; i < e->nops; i++)
      if ((nonneg && e->coefs[i] < 0) || !block_arith(c, e->ops[i], nonneg))
        return false;
    return true;
  case MC_EXPR_MUL:
    for (unsigned i = 0; i < e->nops; i++)
      if (!block_arith(c, e->ops[i], nonneg))
        return false;
    return true;
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
    return block_arith(c, e->ops[0], nonneg);
  default:
    return false;
  }
}

/* A 64-bit cast of block arithmetic as the sum and product of the
 * widened values (a zero extension only of what is never negative). */
static const mc_expr *widen_block(void *data, const mc_expr *e) {
  const block_reading *c = data;
  mc_sym *s = c->s;
  cost_lin l;
  if ((e->op != MC_EXPR_SEXT && e->op != MC_EXPR_ZEXT) || e->width != 64 ||
      !block_arith(c, e->ops[0], e->op == MC_EXPR_ZEXT) || !cost_linearize(e, &l))
    return NULL;
  const mc_expr *r = mc_expr_const(s, 64, l.c0);
  for (unsigned i = 0; i < l.n && r; i++)
    r = mc_expr_add(s, r, mc_expr_mul(s, mc_expr_const(s, 64, l.t[i].coef),
                                      cost_wide(s, l.t[i].leaf), 0), 0);
  return r;
}

static const mc_expr *same(mc_sym *s, const mc_expr *e) {
  (void)s;
  return e;
}

static const mc_expr *put_linear(void *data, const mc_expr *e) {
  const block_reading *c = data;
  return e == c->bid0 ? c->x : e == c->bid0_wide ? c->x_wide : NULL;
}

/* Is e sums, products and casts of atoms and constants? */
static bool arithmetic(const mc_expr *e) {
  switch (e->op) {
  case MC_EXPR_CONST:
  case MC_EXPR_ATOM:
    return true;
  case MC_EXPR_ADD:
  case MC_EXPR_MUL:
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC:
    for (unsigned i = 0; i < e->nops; i++)
      if (!arithmetic(e->ops[i]))
        return false;
    return true;
  default:
    return false;
  }
}

/* The same inside arithmetic that mentions blockIdx.y or .z (the block's
 * place, a sum of the ids); blockIdx.x elsewhere kept (a condition on it
 * alone: `blockIdx.x % 2 == 0`). */
static const mc_expr *put_linear_in_sums(void *data, const mc_expr *e) {
  const block_reading *c = data;
  if (!arithmetic(e))
    return NULL;
  return cost_mentions(e, c->others[0]) || cost_mentions(e, c->others[1])
             ? mc_expr_rewrite(c->s, e, put_linear, data)
             : e;
}

/* e over linear[*n - 2], the grid's first *n dimensions numbered as one;
 * with keep_x, blockIdx.x outside the block's place kept beside it */
static const mc_expr *over_linear(mc_sym *s, const mc_expr *e, const mc_expr *const linear[2],
                                  const block_ids *b, bool keep_x, unsigned *n) {
  bool three = cost_mentions(e, b->bid[2]->atom) || cost_mentions(e, linear[1]->atom);
  bool two = cost_mentions(e, b->bid[1]->atom) || cost_mentions(e, linear[0]->atom);
  *n = three ? 3 : 2;
  if (!three && !two)
    return cost_mentions(e, b->bid[0]->atom) ? NULL : e; /* the same in every block */
  if (three && cost_mentions(e, linear[0]->atom))
    return NULL;
  /* blockIdx.x = L - gridDim.x * (blockIdx.y [+ gridDim.y * blockIdx.z]),
   * in 32 bits and read as integers */
  const mc_expr *x[2];
  for (unsigned wide = 0; wide < 2; wide++) {
    const mc_expr *(*at)(mc_sym *, const mc_expr *) = wide ? cost_wide : same;
    const mc_expr *rest = at(s, b->bid[1]);
    if (three)
      rest = mc_expr_add(s, rest, mc_expr_mul(s, at(s, b->gdim[1]), at(s, b->bid[2]), 0), 0);
    x[wide] = mc_expr_sub(s, at(s, linear[*n - 2]), mc_expr_mul(s, at(s, b->gdim[0]), rest, 0), 0);
  }
  block_reading c = {s,    linear, b->bid[0], cost_wide(s, b->bid[0]),
                     x[0], x[1],   {b->bid[1]->atom, b->bid[2]->atom}};
  const mc_expr *wide = x[0] && x[1] ? mc_expr_rewrite(s, e, widen_block, &c) : NULL;
  const mc_expr *r =
      wide ? mc_expr_rewrite(s, wide, keep_x ? put_linear_in_sums : put_linear, &c) : NULL;
  for (unsigned d = keep_x; r && d < 3; d++)
    if (cost_mentions(r, b->bid[d]->atom))
      return NULL;
  return r;
}

const mc_expr *cost_over_linear_block(mc_sym *s, const mc_expr *e,
                                      const mc_expr *const linear[2]) {
  block_ids b;
  unsigned n;
  return block_ids_of(s, &b) ? over_linear(s, e, linear, &b, false, &n) : NULL;
}

/* The maximum over the grid of e(L, blockIdx.x), L the linear id (L =
 * blockIdx.x + gridDim.x * R, 0 <= R < rows), where e does not grow with
 * L from some T on (the crossings of its comparisons of L), whatever
 * blockIdx.x: a block of a later row is then matched by the block of the
 * first row with its blockIdx.x (a smaller L, past T), but for
 * blockIdx.x < T, whose next T rows are candidates. NULL otherwise. */
static const mc_expr *over_id_and_x(mc_sym *s, const mc_expr *e, const mc_expr *l,
                                    const block_ids *b, const mc_expr *rows) {
  const mc_atom *la = l->atom, *xa = b->bid[0]->atom;
  int64_t last = -1;
  if (!crossings(e, la, &last) || last + 1 > MAX_ROW_BLOCKS)
    return NULL;
  int64_t t = last + 1;
  const mc_expr *rest = past_crossings(s, e, l, t);
  int d = rest ? direction(s, rest, la) : UNKNOWN;
  if (d == UNKNOWN || d == 1)
    return NULL;
  /* the first row, L = blockIdx.x */
  const mc_expr *first = cost_subst_atom(s, e, la, b->bid[0]);
  const mc_expr *most = first ? over_atom(s, first, b->bid[0], b->gdim[0]) : NULL;
  for (int64_t j = 0; most && j < t; j++)
    for (int64_t r = 1; most && r <= t; r++) {
      /* block j of row r: exists when gridDim.x > j and rows > r */
      const mc_expr *at = mc_expr_add(
          s, mc_expr_mul(s, b->gdim[0], mc_expr_const(s, l->width, r), 0),
          mc_expr_const(s, l->width, j), 0);
      const mc_expr *v = at ? cost_subst_atom(s, e, la, at) : NULL;
      v = v ? cost_refold_max(s, cost_subst_atom(s, v, xa, mc_expr_const(s, l->width, j)))
            : NULL;
      const mc_expr *exists = mc_expr_binary(
          s, MC_EXPR_AND,
          mc_expr_cmp(s, MC_CMP_ULT, mc_expr_const(s, b->gdim[0]->width, j), b->gdim[0]),
          mc_expr_cmp(s, MC_CMP_ULT, mc_expr_const(s, rows->width, r), rows), 0);
      most = v && exists ? cost_max(s, most, mc_expr_select(s, exists, v,
                                                              mc_expr_const(s, v->width, 0)))
                         : NULL;
    }
  return most;
}

const mc_expr *cost_max_over_blocks(mc_sym *s, const mc_expr *e,
                                    const mc_expr *const linear[2]) {
  block_ids b;
  if (!block_ids_of(s, &b))
    return NULL;
  const mc_expr *m = cost_mentions(e, linear[0]->atom) || cost_mentions(e, linear[1]->atom)
                         ? NULL : e;
  for (unsigned d = 0; m && d < 3; d++)
    if (cost_mentions(m, b.bid[d]->atom))
      m = over_atom(s, m, b.bid[d], b.gdim[d]);
  if (m)
    return m;
  /* over the linear id L, 0 <= L < gridDim.x * gridDim.y [* gridDim.z] */
  unsigned n;
  const mc_expr *x = over_linear(s, e, linear, &b, true, &n);
  const mc_expr *rows = n == 3 ? mc_expr_mul(s, b.gdim[1], b.gdim[2], MC_NUW) : b.gdim[1];
  const mc_expr *blocks = mc_expr_mul(s, b.gdim[0], rows, MC_NUW);
  if (!x || !blocks)
    return NULL;
  return cost_mentions(x, b.bid[0]->atom) ? over_id_and_x(s, x, linear[n - 2], &b, rows)
                                          : over_atom(s, x, linear[n - 2], blocks);
}

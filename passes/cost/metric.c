/* metric.c - the metrics of CONTRACT §5 for one execution by one warp.
 *
 * Uncoalesced: the distinct line-bytes segments the active lanes touch;
 * bank conflicts: the distinct bank-bytes words they touch, then the most
 * words in one bank (word w is in bank w mod banks), minus one. An element
 * wider than a unit touches each of its units, so an 8-byte element is two
 * words in two banks (seed 000 §6.4 counts elements; we count words, as
 * the interpreter does).
 */
#include "cost_impl.h"

#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

enum { MAX_UNITS_PER_LANE = 64 };

uint64_t mc_cost_metric(const mc_cost_model *m, const int64_t *offset,
                        uint64_t active, uint64_t bytes) {
  int64_t units[64 * MAX_UNITS_PER_LANE];
  unsigned n = 0;
  if (!bytes)
    bytes = 1;
  for (unsigned l = 0; l < 64; l++) {
    if (!(active >> l & 1))
      continue;
    int64_t first = cost_floor_div(offset[l], m->unit);
    int64_t last = cost_floor_div(offset[l] + (int64_t)bytes - 1, m->unit);
    for (int64_t u = first; u <= last && u - first < MAX_UNITS_PER_LANE; u++)
      units[n++] = u;
  }
  if (!n)
    return 0;
  qsort(units, n, sizeof *units, cmp_i64);
  unsigned d = 0;
  for (unsigned i = 0; i < n; i++)
    if (d == 0 || units[i] != units[d - 1])
      units[d++] = units[i];
  if (!m->banks)
    return d;
  unsigned per_bank[256] = {0}, worst = 0, nb = m->nbanks ? m->nbanks : 32;
  if (nb > 256)
    nb = 256;
  for (unsigned i = 0; i < d; i++) {
    int64_t b = units[i] % (int64_t)nb;
    if (b < 0)
      b += nb;
    if (++per_bank[b] > worst)
      worst = per_bank[b];
  }
  return worst - 1;
}

/* ---- Offsets as lane constants plus uniform terms ------------------------ */

enum { MAX_CONTENT = 1 << 20 };

/* A number the integer reading of e is always a multiple of (casts as the
 * identity): constants and the coefficients of sums and products. */
static int64_t content(const mc_expr *e) {
  int64_t v, g = 0;
  switch (e->op) {
  case MC_EXPR_CONST:
    return e->value ? cost_gcd(e->value, MAX_CONTENT) : MAX_CONTENT;
  case MC_EXPR_ADD:
    g = e->value;
    for (unsigned i = 0; i < e->nops && g != 1; i++)
      g = cost_gcd(g, cost_gcd(e->coefs[i], MAX_CONTENT) * content(e->ops[i]));
    return g ? cost_gcd(g, MAX_CONTENT) : 1;
  case MC_EXPR_MUL:
    g = 1;
    for (unsigned i = 0; i < e->nops; i++)
      g = cost_gcd(g * content(e->ops[i]), MAX_CONTENT);
    return g;
  case MC_EXPR_SHL:
    if (mc_expr_is_const(e->ops[1], &v) && v >= 0 && v < 20)
      return cost_gcd(content(e->ops[0]) << v, MAX_CONTENT);
    return 1;
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
    return content(e->ops[0]);
  case MC_EXPR_TRUNC:
    return e->width >= 32 ? content(e->ops[0]) : 1;
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR: {
    /* low zero bits: both operands' for | and ^, either's for & */
    if (e->nops != 2 || !mc_expr_is_const(e->ops[1], &v))
      return 1;
    uint64_t x = (uint64_t)content(e->ops[0]), y = v ? (uint64_t)v : MAX_CONTENT;
    unsigned tx = (unsigned)__builtin_ctzll(x), ty = (unsigned)__builtin_ctzll(y);
    unsigned t = e->op == MC_EXPR_AND ? (tx > ty ? tx : ty) : (tx < ty ? tx : ty);
    return t >= 20 ? MAX_CONTENT : (int64_t)1 << t;
  }
  default:
    return 1;
  }
}

static bool lin_add(cost_lin *l, int64_t coef, const mc_expr *leaf, int read) {
  for (unsigned i = 0; i < l->n; i++)
    if (l->t[i].leaf == leaf) {
      l->t[i].coef += coef;
      return true;
    }
  if (l->n == COST_MAX_TERMS)
    return false;
  l->t[l->n++] = (cost_term){coef, leaf, content(leaf), read};
  return true;
}

/* Adds scale * e to l, reading casts as the identity (no wrap-around). */
static bool lin_walk(cost_lin *l, const mc_expr *e, int64_t scale,
                     bool unsigned_const, int read) {
  int64_t v;
  if (e->width < l->width)
    l->width = e->width;
  switch (e->op) {
  case MC_EXPR_CONST:
    v = unsigned_const && e->width < 64 ? (int64_t)mc_expr_uvalue(e) : e->value;
    l->c0 += scale * v;
    return true;
  case MC_EXPR_ADD:
    l->c0 += scale * e->value;
    for (unsigned i = 0; i < e->nops; i++)
      if (!lin_walk(l, e->ops[i], scale * e->coefs[i], unsigned_const, read))
        return false;
    return true;
  case MC_EXPR_SHL:
    if (mc_expr_is_const(e->ops[1], &v) && v >= 0 && v < 32)
      return lin_walk(l, e->ops[0], scale * ((int64_t)1 << v), unsigned_const, read);
    break;
  case MC_EXPR_ZEXT:
    l->cast = true;
    return lin_walk(l, e->ops[0], scale, true, 1);
  case MC_EXPR_TRUNC:
    /* to 32 bits or more: read as the identity (no wrap-around, the
     * assumption costs list); narrower (`(bool)x`, `(char)x`) keeps what
     * it drops and is a leaf */
    if (e->width < 32)
      break;
    l->cast = true;
    return lin_walk(l, e->ops[0], scale, false, read);
  case MC_EXPR_SEXT:
    l->cast = true;
    return lin_walk(l, e->ops[0], scale, false, -1);
  default:
    break;
  }
  return lin_add(l, scale, e, read);
}

static int cmp_term(const void *a, const void *b) {
  const cost_term *x = a, *y = b;
  return x->leaf->id < y->leaf->id ? -1 : x->leaf->id > y->leaf->id;
}

bool cost_linearize(const mc_expr *e, cost_lin *out) {
  return cost_linearize_read(e, false, out);
}

/* Is the integer reading of l (casts as the identity) the unsigned value
 * of its bits: no term can make it negative (each leaf unsigned or not
 * negative, coefficients and constant too) and no sum wraps (the
 * assumption costs list)? */
static bool unsigned_faithful(const cost_lin *l) {
  if (l->c0 < 0)
    return false;
  for (unsigned i = 0; i < l->n; i++) {
    const mc_expr *t = l->t[i].leaf;
    if (l->t[i].coef < 0 ||
        !(t->range.lo >= 0 || mc_expr_exact(t, false) ||
          (t->op == MC_EXPR_ATOM && !t->atom->is_signed)))
      return false;
  }
  return true;
}

bool cost_unsigned_faithful(const mc_expr *e) {
  cost_lin l;
  return cost_linearize_read(e, true, &l) && unsigned_faithful(&l);
}

bool cost_linearize_operand(const mc_expr *e, mc_cmp pred, cost_lin *out) {
  if (pred != MC_CMP_ULT && pred != MC_CMP_ULE)
    return cost_linearize(e, out);
  if (cost_linearize_read(e, true, out) && unsigned_faithful(out))
    return true;
  /* its unsigned value as one opaque leaf: (unsigned)(x - 4) may wrap */
  *out = (cost_lin){.c0 = 0, .n = 1, .width = e->width, .cast = false};
  out->t[0] = (cost_term){1, e, 1, 1};
  return true;
}

bool cost_linearize_read(const mc_expr *e, bool is_unsigned, cost_lin *out) {
  out->c0 = 0;
  out->n = 0;
  out->width = 64;
  out->cast = false;
  if (!lin_walk(out, e, 1, is_unsigned, 0))
    return false;
  unsigned d = 0;
  for (unsigned i = 0; i < out->n; i++)
    if (out->t[i].coef)
      out->t[d++] = out->t[i];
  out->n = d;
  qsort(out->t, out->n, sizeof *out->t, cmp_term);
  return true;
}

bool cost_same_terms(const cost_lin *a, const cost_lin *b) {
  if (a->n != b->n)
    return false;
  for (unsigned i = 0; i < a->n; i++)
    if (a->t[i].leaf != b->t[i].leaf || a->t[i].coef != b->t[i].coef)
      return false;
  return true;
}

int64_t cost_residue_step(const cost_lin *l, int64_t period) {
  int64_t g = period;
  for (unsigned i = 0; i < l->n; i++)
    g = cost_gcd(g, cost_gcd(l->t[i].coef, period) * l->t[i].content);
  return g ? g : period;
}

/* The most the group of lanes `lanes` (same uniform terms) costs over the
 * alignments of those terms; *varies when the alignments cost differently. */
static uint64_t group_cost(const mc_cost_model *m, const cost_lin *lins,
                           uint64_t lanes, unsigned first, uint64_t bytes,
                           bool *varies) {
  int64_t offset[64] = {0};
  int64_t period = m->unit;
  int64_t step = cost_residue_step(&lins[first], period);
  uint64_t worst = 0;
  *varies = false;
  for (int64_t r = 0; r < period; r += step) {
    for (unsigned l = 0; l < 64; l++)
      if (lanes >> l & 1)
        offset[l] = lins[l].c0 + r;
    uint64_t c = mc_cost_metric(m, offset, lanes, bytes);
    if (r && c != worst)
      *varies = true;
    if (c > worst)
      worst = c;
  }
  return worst;
}

uint64_t cost_warp_execution(const mc_cost_model *m, const cost_lin *lins,
                             const bool *divergent, uint64_t active,
                             uint64_t bytes, cost_shape *shape) {
  uint64_t left = active, total = 0;
  unsigned groups = 0;
  bool varies_any = false;
  while (left) {
    unsigned first = (unsigned)__builtin_ctzll(left);
    uint64_t lanes = (uint64_t)1 << first;
    if (!divergent[first])
      for (unsigned l = first + 1; l < 64; l++)
        if ((left >> l & 1) && !divergent[l] && cost_same_terms(&lins[first], &lins[l]))
          lanes |= (uint64_t)1 << l;
    left &= ~lanes;
    bool varies;
    uint64_t c = group_cost(m, lins, lanes, first, bytes, &varies);
    varies_any |= varies;
    total += m->banks ? c + 1 : c;
    groups++;
  }
  if (m->banks && total)
    total--;
  shape->groups = groups;
  shape->alignment_varies = varies_any;
  return total;
}

/* ---- One uniform value that moves the lanes (seed 000 §6.4 case 2) --------
 *
 * `a[gid * stride]`, `a[row * width + col]`, `A[wA * ty + tx]`: the lanes'
 * offsets are c_l + a_l * s for one uniform value s (a_l differing between
 * lanes, or the same but not a multiple of the unit), plus terms that are
 * the same in every lane and multiples of the unit (which only relabel the
 * units). The cost is then a function of s alone: it is simulated for the
 * values of s near 0, and beyond |s| >= S, where lanes with different a_l
 * can no longer share a unit, it depends only on s modulo the period
 * (line-bytes, or banks * bank-bytes, powers of two): a table over s's low
 * bits. The formula is that function exactly. Further terms the same in
 * every lane but not multiples of the unit (`blockIdx.x * 4` floats with
 * 4-wide blocks) move every lane alike: only their sum modulo the unit
 * matters, and the formula picks one table per residue of it.
 */

enum { MAX_TABLE = 4096, MAX_PIECES = 24 };

typedef struct {
  const mc_cost_model *m;
  const int64_t *c, *a; /* per lane */
  uint64_t active, bytes;
} lane_form;

static uint64_t cost_at(const lane_form *f, int64_t s) {
  int64_t off[64];
  for (unsigned l = 0; l < 64; l++)
    off[l] = (f->active >> l & 1) ? f->c[l] + f->a[l] * s : 0;
  return mc_cost_metric(f->m, off, f->active, f->bytes);
}

static bool nonneg_factors(const mc_expr *product) {
  for (unsigned i = 0; i < product->nops; i++)
    if (product->ops[i]->range.lo < 0)
      return false;
  return true;
}

bool cost_lin_nonnegative(const cost_lin *l) {
  if (l->c0 < 0)
    return false;
  for (unsigned i = 0; i < l->n; i++) {
    const mc_expr *t = l->t[i].leaf;
    if (l->t[i].coef < 0 || (t->range.lo < 0 && !(t->op == MC_EXPR_MUL && nonneg_factors(t))))
      return false;
  }
  return true;
}

/* A product of values never negative (`gridDim.x * gridDim.y`) is read as
 * the product of its factors, whatever signedness the cast above it reads
 * it with: the same number where it does not wrap (the assumption costs
 * list), and one a table over it needs no negative side for. */
const mc_expr *cost_wide_term(mc_sym *s, const cost_term *t) {
  if (!t->read || (t->leaf->op == MC_EXPR_MUL && nonneg_factors(t->leaf)))
    return cost_wide(s, t->leaf);
  return mc_expr_resize(s, t->leaf, 64, t->read < 0);
}

/* The integer reading of a leaf, 64-bit (a product factor by factor). */
const mc_expr *cost_wide(mc_sym *s, const mc_expr *leaf) {
  if (leaf->op == MC_EXPR_MUL && leaf->width < 64) {
    const mc_expr *p = cost_wide(s, leaf->ops[0]);
    for (unsigned i = 1; i < leaf->nops; i++)
      p = mc_expr_mul(s, p, cost_wide(s, leaf->ops[i]), 0);
    return p;
  }
  bool sgn = leaf->op == MC_EXPR_ATOM ? leaf->atom->is_signed
                                      : !mc_expr_exact(leaf, false) &&
                                            (mc_expr_exact(leaf, true) || leaf->range.lo < 0);
  return mc_expr_resize(s, leaf, 64, sgn);
}

/* The table over s mod period (entries r in [0, period); residues s never
 * has are not in `have`) as selects on s's bits, bit `bit` and up still to
 * decide among residues = r0 mod bit. */
static const mc_expr *bit_tree(mc_sym *s, const mc_expr *x, const uint64_t *table,
                               const bool *have, int64_t period, int64_t r0, int64_t bit) {
  int64_t first = -1;
  bool same = true;
  for (int64_t r = r0; r < period && same; r += bit)
    if (have[r]) {
      same = first < 0 || table[r] == table[first];
      first = first < 0 ? r : first;
    }
  if (same)
    return mc_expr_const(s, 64, first < 0 ? 0 : (int64_t)table[first]);
  const mc_expr *set = bit_tree(s, x, table, have, period, r0 + bit, bit * 2);
  const mc_expr *clear = bit_tree(s, x, table, have, period, r0, bit * 2);
  const mc_expr *test = mc_expr_cmp(
      s, MC_CMP_NE, mc_expr_binary(s, MC_EXPR_AND, x, mc_expr_const(s, 64, bit), 0),
      mc_expr_const(s, 64, 0));
  return mc_expr_select(s, test, set, clear);
}

/* The metric as a function of s (x, its 64-bit reading) for lanes at
 * c_l + a_l * s; NULL when the table would be too large or is not
 * periodic. */
static const mc_expr *over_s(mc_sym *sym, const lane_form *f, const mc_expr *x) {
  const mc_cost_model *m = f->m;
  int64_t period = m->banks ? (int64_t)m->unit * (m->nbanks ? m->nbanks : 32) : (int64_t)m->unit;
  if (period <= 0 || (period & (period - 1)))
    return NULL;
  int64_t cmin = INT64_MAX, cmax = INT64_MIN, dmin = INT64_MAX;
  for (unsigned l = 0; l < 64; l++) {
    if (!(f->active >> l & 1))
      continue;
    cmin = f->c[l] < cmin ? f->c[l] : cmin;
    cmax = f->c[l] > cmax ? f->c[l] : cmax;
    for (unsigned k = l + 1; k < 64; k++)
      if ((f->active >> k & 1) && f->a[k] != f->a[l]) {
        int64_t d = f->a[k] > f->a[l] ? f->a[k] - f->a[l] : f->a[l] - f->a[k];
        dmin = d < dmin ? d : dmin;
      }
  }
  if (cmax - cmin > ((int64_t)1 << 32))
    return NULL;
  /* beyond S, lanes with different coefficients touch different units */
  int64_t S = dmin == INT64_MAX ? 0 : (cmax - cmin + (int64_t)f->bytes + m->unit) / dmin + 2;
  if (2 * S + 2 * period > MAX_TABLE)
    return NULL;
  int64_t lo = x->range.lo, hi = x->range.hi;
  uint64_t table[MAX_TABLE];
  bool have[MAX_TABLE] = {false};
  /* the periodic part, from s in [S, S + period) and (-S - period, -S] */
  for (int64_t s = S; s < S + period; s++) {
    for (int side = 0; side < 2; side++) {
      int64_t x = side ? -s : s;
      if (x < lo || x > hi)
        continue;
      uint64_t v = cost_at(f, x);
      int64_t rx = x & (period - 1);
      if (have[rx] && table[rx] != v)
        return NULL; /* not periodic after all */
      table[rx] = v;
      have[rx] = true;
    }
  }
  /* values of s near 0 that the table does not give */
  int64_t e_lo = INT64_MAX, e_hi = INT64_MIN;
  uint64_t near[MAX_TABLE];
  int64_t from = lo > -S ? lo : -S + 1, to = hi < S ? hi : S - 1;
  for (int64_t s = from; s <= to; s++) {
    near[s - from] = cost_at(f, s);
    int64_t r = s & (period - 1);
    if (!have[r]) {
      table[r] = near[s - from];
      have[r] = true;
    }
    if (table[r] != near[s - from]) {
      e_lo = s < e_lo ? s : e_lo;
      e_hi = s > e_hi ? s : e_hi;
    }
  }
  const mc_expr *result = bit_tree(sym, x, table, have, period, 0, 1);
  if (e_lo > e_hi)
    return result;
  /* [e_lo, e_hi]: linear pieces, chained from the right */
  int64_t start[MAX_PIECES], slope[MAX_PIECES];
  unsigned np = 0;
  for (int64_t s = e_lo; s <= e_hi;) {
    if (np == MAX_PIECES)
      return NULL;
    int64_t v0 = (int64_t)near[s - from];
    int64_t d = s < e_hi ? (int64_t)near[s + 1 - from] - v0 : 0;
    int64_t t = s + 1;
    while (t <= e_hi && (int64_t)near[t - from] == v0 + d * (t - s))
      t++;
    start[np] = s;
    slope[np++] = d;
    s = t;
  }
  /* s > e_hi: the table; then each piece, last first */
  const mc_expr *chain = result;
  for (unsigned i = np; i-- > 0;) {
    int64_t end = i + 1 < np ? start[i + 1] - 1 : e_hi;
    int64_t v0 = (int64_t)near[start[i] - from];
    const mc_expr *piece = mc_expr_add(
        sym, mc_expr_mul(sym, mc_expr_const(sym, 64, slope[i]), x, 0),
        mc_expr_const(sym, 64, v0 - slope[i] * start[i]), 0);
    chain = mc_expr_select(sym, mc_expr_cmp(sym, MC_CMP_SLE, x, mc_expr_const(sym, 64, end)),
                           piece, chain);
  }
  return lo < e_lo ? mc_expr_select(sym, mc_expr_cmp(sym, MC_CMP_SLT, x,
                                                     mc_expr_const(sym, 64, e_lo)),
                                    result, chain)
                   : chain;
}

const mc_expr *cost_warp_symbolic(mc_sym *sym, const mc_cost_model *m, const cost_lin *lins,
                                  const bool *divergent, uint64_t active, uint64_t bytes) {
  /* s: the one leaf whose coefficient differs between lanes (or, when
   * none does, the first that is not a multiple of the unit); u: the
   * others the same in every lane that are not multiples of the unit,
   * which move every lane alike */
  const mc_expr *leaf = NULL, *seen[64 * COST_MAX_TERMS];
  const cost_term *term = NULL, *chosen = NULL, *shift[COST_MAX_TERMS];
  int64_t shift_coef[COST_MAX_TERMS];
  unsigned nseen = 0, nshift = 0;
  bool varying = false;
  int64_t c[64] = {0}, a[64] = {0};
  for (unsigned l = 0; l < 64; l++) {
    if (!(active >> l & 1))
      continue;
    if (divergent[l])
      return NULL;
    c[l] = lins[l].c0;
    for (unsigned i = 0; i < lins[l].n; i++) {
      unsigned j = 0;
      while (j < nseen && seen[j] != lins[l].t[i].leaf)
        j++;
      if (j == nseen)
        seen[nseen++] = lins[l].t[i].leaf;
    }
  }
  for (unsigned j = 0; j < nseen; j++) {
    int64_t coef[64] = {0}, mult = 1;
    bool same = true;
    int64_t c0 = INT64_MIN;
    for (unsigned l = 0; l < 64; l++) {
      if (!(active >> l & 1))
        continue;
      for (unsigned i = 0; i < lins[l].n; i++)
        if (lins[l].t[i].leaf == seen[j]) {
          coef[l] = lins[l].t[i].coef;
          mult = lins[l].t[i].content;
          if (term && term->leaf == seen[j] && term->read != lins[l].t[i].read)
            return NULL; /* read two ways */
          if (!term || term->leaf != seen[j])
            term = &lins[l].t[i];
        }
      same &= c0 == INT64_MIN || coef[l] == c0;
      c0 = coef[l];
    }
    if (same && ((c0 % (int64_t)m->unit) * (mult % (int64_t)m->unit)) % (int64_t)m->unit == 0)
      continue; /* the same multiple of the unit in every lane: relabels units */
    if (same && leaf) {
      if (nshift == COST_MAX_TERMS)
        return NULL;
      shift[nshift] = term;
      shift_coef[nshift++] = c0;
      continue;
    }
    if (leaf && (varying || !same)) {
      if (varying || nshift == COST_MAX_TERMS)
        return NULL;
      /* the uniform one taken first moves to u */
      shift[nshift] = chosen;
      shift_coef[nshift++] = a[__builtin_ctzll(active)];
    }
    leaf = seen[j];
    chosen = term;
    varying = !same;
    memcpy(a, coef, sizeof a);
  }
  if (!leaf)
    return NULL;
  lane_form f = {m, c, a, active, bytes};
  const mc_expr *x = cost_wide_term(sym, chosen);
  if (!x)
    return NULL;
  if (!nshift)
    return over_s(sym, &f, x);
  /* u moves the lanes by u mod unit and relabels the rest: the formula
   * over s for each residue u can have, chosen by u's low bits */
  int64_t unit = (int64_t)m->unit, step = unit;
  if (unit & (unit - 1))
    return NULL;
  const mc_expr *u = mc_expr_const(sym, 64, 0);
  for (unsigned i = 0; i < nshift; i++) {
    step = cost_gcd(step, cost_gcd(shift_coef[i], unit) * shift[i]->content);
    u = mc_expr_add(sym, u, mc_expr_mul(sym, mc_expr_const(sym, 64, shift_coef[i]),
                                        cost_wide_term(sym, shift[i]), 0), 0);
  }
  const mc_expr *low = mc_expr_binary(sym, MC_EXPR_AND, u, mc_expr_const(sym, 64, unit - 1), 0);
  if (!low)
    return NULL;
  int64_t moved[64];
  f.c = moved;
  const mc_expr *result = NULL;
  for (int64_t r = unit - step; r >= 0; r -= step) {
    for (unsigned l = 0; l < 64; l++)
      moved[l] = c[l] + r;
    const mc_expr *at_r = over_s(sym, &f, x);
    if (!at_r)
      return NULL;
    result = !result || result == at_r
                 ? at_r
                 : mc_expr_select(sym, mc_expr_cmp(sym, MC_CMP_EQ, low,
                                                   mc_expr_const(sym, 64, r)),
                                  at_r, result);
    if (!result)
      return NULL;
  }
  return result;
}

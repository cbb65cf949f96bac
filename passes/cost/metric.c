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

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* floor(x / d) for d > 0, also for negative x. */
static int64_t floor_div(int64_t x, int64_t d) {
  int64_t q = x / d;
  return (x % d != 0 && x < 0) ? q - 1 : q;
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
    int64_t first = floor_div(offset[l], m->unit);
    int64_t last = floor_div(offset[l] + (int64_t)bytes - 1, m->unit);
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

static bool lin_add(cost_lin *l, int64_t coef, const mc_expr *leaf) {
  for (unsigned i = 0; i < l->n; i++)
    if (l->t[i].leaf == leaf) {
      l->t[i].coef += coef;
      return true;
    }
  if (l->n == COST_MAX_TERMS)
    return false;
  l->t[l->n++] = (cost_term){coef, leaf};
  return true;
}

/* Adds scale * e to l, reading casts as the identity (no wrap-around). */
static bool lin_walk(cost_lin *l, const mc_expr *e, int64_t scale,
                     bool unsigned_const) {
  int64_t v;
  switch (e->op) {
  case MC_EXPR_CONST:
    v = unsigned_const && e->width < 64 ? (int64_t)mc_expr_uvalue(e) : e->value;
    l->c0 += scale * v;
    return true;
  case MC_EXPR_ADD:
    l->c0 += scale * e->value;
    for (unsigned i = 0; i < e->nops; i++)
      if (!lin_walk(l, e->ops[i], scale * e->coefs[i], unsigned_const))
        return false;
    return true;
  case MC_EXPR_SHL:
    if (mc_expr_is_const(e->ops[1], &v) && v >= 0 && v < 32)
      return lin_walk(l, e->ops[0], scale * ((int64_t)1 << v), unsigned_const);
    break;
  case MC_EXPR_ZEXT:
    return lin_walk(l, e->ops[0], scale, true);
  case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC:
    return lin_walk(l, e->ops[0], scale, false);
  default:
    break;
  }
  return lin_add(l, scale, e);
}

static int cmp_term(const void *a, const void *b) {
  const cost_term *x = a, *y = b;
  return x->leaf->id < y->leaf->id ? -1 : x->leaf->id > y->leaf->id;
}

bool cost_linearize(const mc_expr *e, cost_lin *out) {
  out->c0 = 0;
  out->n = 0;
  if (!lin_walk(out, e, 1, false))
    return false;
  unsigned d = 0;
  for (unsigned i = 0; i < out->n; i++)
    if (out->t[i].coef)
      out->t[d++] = out->t[i];
  out->n = d;
  qsort(out->t, out->n, sizeof *out->t, cmp_term);
  return true;
}

static bool same_terms(const cost_lin *a, const cost_lin *b) {
  if (a->n != b->n)
    return false;
  for (unsigned i = 0; i < a->n; i++)
    if (a->t[i].leaf != b->t[i].leaf || a->t[i].coef != b->t[i].coef)
      return false;
  return true;
}

static int64_t gcd64(int64_t a, int64_t b) {
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* The alignments a group's uniform terms allow, modulo `period`: the
 * multiples of gcd(coefficients, period). */
static int64_t residue_step(const cost_lin *l, int64_t period) {
  int64_t g = period;
  for (unsigned i = 0; i < l->n; i++)
    g = gcd64(g, l->t[i].coef);
  return g ? g : period;
}

/* The most the group of lanes `lanes` (same uniform terms) costs over the
 * alignments of those terms; *varies when the alignments cost differently. */
static uint64_t group_cost(const mc_cost_model *m, const cost_lin *lins,
                           uint64_t lanes, unsigned first, uint64_t bytes,
                           bool *varies) {
  int64_t offset[64] = {0};
  int64_t period = m->unit;
  int64_t step = residue_step(&lins[first], period);
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
        if ((left >> l & 1) && !divergent[l] && same_terms(&lins[first], &lins[l]))
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

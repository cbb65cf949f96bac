/* expr.c - the expression context: hash-consed nodes in an arena, atoms,
 * facts, the interval of each node's integer reading, and queries.
 *
 * Builders that simplify live in simplify.c; this file only makes unique
 * nodes. Each node's interval is computed once, when it is made, from its
 * operands' intervals and the context's facts, narrowed by what the IR
 * assumed of it (nsw/nuw); its flags (exact signed, exact unsigned) follow
 * from the interval, so they are part of the node's identity in a
 * deterministic way.
 */
#include "sym_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Pointer map ------------------------------------------------------- */

static unsigned ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (unsigned)x;
}

static unsigned ptrmap_slot(const sym_ptrmap *m, const void *key) {
  unsigned i = ptr_hash(key) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

void *sym_ptrmap_get(const sym_ptrmap *m, const void *key) {
  if (!m->cap)
    return NULL;
  unsigned i = ptrmap_slot(m, key);
  return m->keys[i] ? m->vals[i] : NULL;
}

bool sym_ptrmap_has(const sym_ptrmap *m, const void *key) {
  return m->cap && m->keys[ptrmap_slot(m, key)] != NULL;
}

bool sym_ptrmap_put(mc_arena *a, sym_ptrmap *m, const void *key, void *val) {
  if (2 * (m->n + 1) > m->cap) {
    sym_ptrmap g = {0};
    g.cap = m->cap ? 2 * m->cap : 64;
    g.keys = a ? mc_alloc(a, g.cap * sizeof *g.keys) : calloc(g.cap, sizeof *g.keys);
    g.vals = a ? mc_alloc(a, g.cap * sizeof *g.vals) : calloc(g.cap, sizeof *g.vals);
    g.heap = !a;
    if (!g.keys || !g.vals) {
      sym_ptrmap_free(&g);
      return false;
    }
    for (unsigned i = 0; i < m->cap; i++)
      if (m->keys[i]) {
        unsigned j = ptrmap_slot(&g, m->keys[i]);
        g.keys[j] = m->keys[i];
        g.vals[j] = m->vals[i];
        g.n++;
      }
    sym_ptrmap_free(m);
    *m = g;
  }
  unsigned i = ptrmap_slot(m, key);
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->n++;
  }
  m->vals[i] = val;
  return true;
}

void sym_ptrmap_free(sym_ptrmap *m) {
  if (m->heap) {
    free((void *)m->keys);
    free(m->vals);
  }
  *m = (sym_ptrmap){0};
}

/* ---- Facts ------------------------------------------------------------- */

static mc_interval ival(int64_t lo, int64_t hi) {
  mc_interval r = {lo, hi};
  return r;
}

void mc_sym_facts_cuda(mc_sym_facts *f) {
  memset(f, 0, sizeof *f);
  static const int64_t block[3] = {1024, 1024, 64};
  static const int64_t grid[3] = {2147483647, 65535, 65535};
  for (int d = 0; d < 3; d++) {
    f->bdim[d] = ival(1, block[d]);
    f->tid[d] = ival(0, block[d] - 1);
    f->gdim[d] = ival(1, grid[d]);
    f->bid[d] = ival(0, grid[d] - 1);
  }
  f->warp_size = 32;
}

unsigned mc_sym_unread_dims(const mc_kernel *k, const mc_options *o) {
  if (!k)
    return 0;
  unsigned fixable = 0;
  if (!(o && o->block_dim[0]) && !k->bounds.reqntid[0])
    fixable |= 0x6;
  if (!(o && o->grid_dim[0]))
    fixable |= 0x30;
  return fixable & ~k->dims_read;
}

const char *mc_sym_unread_dims_text(mc_arena *a, unsigned dims) {
  static const char *const names[6] = {NULL,       "blockDim.y", "blockDim.z",
                                       NULL,       "gridDim.y",  "gridDim.z"};
  if (!dims)
    return NULL;
  mc_strbuf b = {0};
  for (unsigned i = 0; i < 6; i++)
    if (dims & (1u << i) && names[i])
      mc_strbuf_printf(&b, "%s = ", names[i]);
  mc_strbuf_append(&b, "1 (dimensions the kernel never reads)");
  const char *r = mc_strdup(a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r;
}

bool mc_sym_facts_for_kernel(mc_sym_facts *f, mc_arena *a, const mc_kernel *k,
                             const mc_options *o) {
  mc_sym_facts_cuda(f);
  const mc_launch_bounds *lb = k ? &k->bounds : NULL;
  unsigned unread = mc_sym_unread_dims(k, o);
  for (int d = 0; d < 3; d++) {
    if (unread & (1u << d)) {
      f->bdim[d] = ival(1, 1);
    } else if (o && o->block_dim[0]) {
      unsigned v = o->block_dim[d] ? o->block_dim[d] : 1;
      f->bdim[d] = ival(v, v);
    } else if (lb && lb->reqntid[0]) {
      unsigned v = lb->reqntid[d] ? lb->reqntid[d] : 1;
      f->bdim[d] = ival(v, v);
    } else if (lb && lb->maxntid[0]) {
      /* maxntid bounds the product of the extents, not each one. */
      int64_t total = (int64_t)lb->maxntid[0] * (lb->maxntid[1] ? lb->maxntid[1] : 1) *
                      (lb->maxntid[2] ? lb->maxntid[2] : 1);
      if (total < f->bdim[d].hi)
        f->bdim[d].hi = total;
    }
    f->tid[d] = ival(0, f->bdim[d].hi - 1);
    if (unread & (8u << d)) {
      f->gdim[d] = ival(1, 1);
      f->bid[d] = ival(0, 0);
    } else if (o && o->grid_dim[0]) {
      unsigned v = o->grid_dim[d] ? o->grid_dim[d] : 1;
      f->gdim[d] = ival(v, v);
      f->bid[d] = ival(0, (int64_t)v - 1);
    }
  }
  if (o && o->warp_size)
    f->warp_size = o->warp_size;
  if (k && o && o->nparams && k->nparams) {
    mc_interval *p = mc_alloc(a, k->nparams * sizeof *p);
    if (!p)
      return false;
    for (unsigned i = 0; i < k->nparams; i++) {
      const mc_param_fact *pf = mc_options_param(o, k->params[i].name);
      p[i] = pf ? ival(pf->value, pf->value) : ival(INT64_MIN, INT64_MAX);
    }
    f->params = p;
    f->nparams = k->nparams;
  }
  return !k || sym_narrow_by_preconditions(f, a, k);
}

/* ---- The context --------------------------------------------------------- */

mc_sym *mc_sym_new(mc_arena *a, const mc_sym_facts *facts) {
  mc_sym *s = mc_alloc(a, sizeof *s);
  if (!s)
    return NULL;
  s->arena = a;
  if (facts)
    s->facts = *facts;
  else
    mc_sym_facts_cuda(&s->facts);
  if (s->facts.params && s->facts.nparams) {
    mc_interval *p = mc_alloc(a, s->facts.nparams * sizeof *p);
    if (!p)
      return NULL;
    memcpy(p, s->facts.params, s->facts.nparams * sizeof *p);
    s->facts.params = p;
  }
  if (!s->facts.warp_size)
    s->facts.warp_size = 32;
  return s;
}

mc_arena *mc_sym_arena(const mc_sym *s) { return s->arena; }
const mc_sym_facts *mc_sym_facts_of(const mc_sym *s) { return &s->facts; }

/* ---- Readings and exactness --------------------------------------------- */

/* Decided when the node is made, on the unsaturated interval. */
bool sym_exact_signed(const mc_expr *e) { return e->flags & MC_NSW; }
bool sym_exact_unsigned(const mc_expr *e) { return e->flags & MC_NUW; }

bool mc_expr_exact(const mc_expr *e, bool is_signed) {
  return is_signed ? sym_exact_signed(e) : sym_exact_unsigned(e);
}

static sym_ival whole_signed(unsigned w) {
  sym_ival v = {sym_smin(w), sym_smax(w)};
  return v;
}
static sym_ival whole_unsigned(unsigned w) {
  sym_ival v = {0, sym_umax(w)};
  return v;
}

sym_ival sym_read_signed(const mc_expr *e) {
  return sym_exact_signed(e) ? sym_ival_of(e->range) : whole_signed(e->width);
}
sym_ival sym_read_unsigned(const mc_expr *e) {
  return sym_exact_unsigned(e) ? sym_ival_of(e->range) : whole_unsigned(e->width);
}

/* ---- Intervals of the integer reading ---------------------------------- */

static sym_ival iv(i128 lo, i128 hi) {
  sym_ival v = {sym_clamp(lo), sym_clamp(hi)};
  return v;
}

static sym_ival iv_add(sym_ival a, sym_ival b) {
  return iv(a.lo + b.lo, a.hi + b.hi);
}

static sym_ival iv_scale(sym_ival a, i128 c) {
  i128 x = sym_sat_mul(a.lo, c), y = sym_sat_mul(a.hi, c);
  return x <= y ? iv(x, y) : iv(y, x);
}

static sym_ival iv_mul(sym_ival a, sym_ival b) {
  i128 c[4] = {sym_sat_mul(a.lo, b.lo), sym_sat_mul(a.lo, b.hi),
               sym_sat_mul(a.hi, b.lo), sym_sat_mul(a.hi, b.hi)};
  i128 lo = c[0], hi = c[0];
  for (int i = 1; i < 4; i++) {
    lo = c[i] < lo ? c[i] : lo;
    hi = c[i] > hi ? c[i] : hi;
  }
  return iv(lo, hi);
}

static sym_ival iv_hull(sym_ival a, sym_ival b) {
  return iv(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
}

static sym_ival iv_meet(sym_ival a, sym_ival b) {
  sym_ival r = {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
  return r.lo <= r.hi ? r : a;
}

static bool iv_within(sym_ival a, sym_ival b) {
  return a.lo >= b.lo && a.hi <= b.hi;
}

/* [-2^p, 2^p - 1] with the smallest p that holds both intervals. */
static sym_ival iv_bits(sym_ival a, sym_ival b) {
  i128 m = 0;
  i128 v[4] = {a.lo, a.hi, b.lo, b.hi};
  for (int i = 0; i < 4; i++) {
    i128 x = v[i] < 0 ? -(v[i] + 1) : v[i];
    if (x > m)
      m = x;
  }
  i128 p = 1;
  while (p <= m && p < SYM_BIG)
    p <<= 1;
  return iv(-p, p - 1);
}

static i128 div_trunc(i128 a, i128 b) { return a / b; } /* C truncation */

static sym_ival iv_sdiv(sym_ival a, sym_ival b) {
  i128 m = a.hi > -a.lo ? a.hi : -a.lo;
  if (a.lo >= 0 && b.lo > 0)
    return iv(div_trunc(a.lo, b.hi), div_trunc(a.hi, b.lo));
  return iv(-m, m);
}

static sym_ival atom_range(const mc_sym *s, const mc_atom *a) {
  const mc_sym_facts *f = &s->facts;
  sym_ival type = a->is_signed && a->width > 1 ? whole_signed(a->width)
                                               : whole_unsigned(a->width);
  switch (a->kind) {
  case MC_ATOM_TID: return iv_meet(type, sym_ival_of(f->tid[a->dim]));
  case MC_ATOM_BID: return iv_meet(type, sym_ival_of(f->bid[a->dim]));
  case MC_ATOM_BDIM: return iv_meet(type, sym_ival_of(f->bdim[a->dim]));
  case MC_ATOM_GDIM: return iv_meet(type, sym_ival_of(f->gdim[a->dim]));
  case MC_ATOM_LANE: return iv(0, (i128)f->warp_size - 1);
  case MC_ATOM_WARPID: return iv(0, 1023);
  case MC_ATOM_WARPSIZE: return iv(f->warp_size, f->warp_size);
  case MC_ATOM_PARAM:
    if (f->params && a->index >= 0 && (unsigned)a->index < f->nparams)
      return iv_meet(type, sym_ival_of(f->params[a->index]));
    return type;
  case MC_ATOM_LOOP:
  case MC_ATOM_UNKNOWN:
    return type;
  }
  return type;
}

/* The interval of a node's integer reading, from its operands'. */
static sym_ival node_range(const mc_sym *s, const mc_expr *e) {
  const mc_expr *const *o = e->ops;
  unsigned w = e->width;
  switch (e->op) {
  case MC_EXPR_CONST: /* booleans read 0 and 1 */
    return w == 1 ? iv(e->value & 1, e->value & 1) : iv(e->value, e->value);
  case MC_EXPR_ATOM:
    return atom_range(s, e->atom);
  case MC_EXPR_ADD:
  case MC_EXPR_MUL: {
    sym_ival r = e->op == MC_EXPR_ADD ? iv(e->value, e->value) : iv(1, 1);
    for (unsigned i = 0; i < e->nops; i++)
      r = e->op == MC_EXPR_ADD
              ? iv_add(r, iv_scale(sym_ival_of(o[i]->range), e->coefs[i]))
              : iv_mul(r, sym_ival_of(o[i]->range));
    return r;
  }
  case MC_EXPR_UDIV: {
    sym_ival a = sym_read_unsigned(o[0]), b = sym_read_unsigned(o[1]);
    i128 bl = b.lo > 0 ? b.lo : 1;
    return iv(a.lo / (b.hi > 0 ? b.hi : 1), a.hi / bl);
  }
  case MC_EXPR_UREM: {
    sym_ival a = sym_read_unsigned(o[0]), b = sym_read_unsigned(o[1]);
    if (a.hi < b.lo)
      return a;
    i128 hi = b.hi - 1 < a.hi ? b.hi - 1 : a.hi;
    return iv(0, hi < 0 ? 0 : hi);
  }
  case MC_EXPR_SDIV:
    return iv_sdiv(sym_read_signed(o[0]), sym_read_signed(o[1]));
  case MC_EXPR_SREM: {
    sym_ival a = sym_read_signed(o[0]), b = sym_read_signed(o[1]);
    i128 mb = b.hi > -b.lo ? b.hi : -b.lo;
    i128 ma = a.hi > -a.lo ? a.hi : -a.lo;
    i128 m = mb - 1 < ma ? mb - 1 : ma;
    if (m < 0)
      m = 0;
    if (a.lo >= 0)
      return a.hi < b.lo ? a : iv(0, m);
    return iv(-m, m);
  }
  case MC_EXPR_SHL: {
    sym_ival a = sym_ival_of(o[0]->range), b = sym_read_unsigned(o[1]);
    if (b.hi >= w)
      b.hi = w - 1;
    if (b.lo > b.hi)
      b.lo = b.hi;
    return iv_hull(iv_scale(a, (i128)1 << (int)b.lo),
                   iv_scale(a, (i128)1 << (int)b.hi));
  }
  case MC_EXPR_LSHR: {
    sym_ival a = sym_read_unsigned(o[0]), b = sym_read_unsigned(o[1]);
    int lo = b.lo >= w ? (int)w - 1 : (int)b.lo;
    int hi = b.hi >= w ? (int)w - 1 : (int)b.hi;
    return iv(a.lo >> hi, a.hi >> lo);
  }
  case MC_EXPR_ASHR: {
    sym_ival a = sym_read_signed(o[0]), b = sym_read_unsigned(o[1]);
    int lo = b.lo >= w ? (int)w - 1 : (int)b.lo;
    int hi = b.hi >= w ? (int)w - 1 : (int)b.hi;
    /* >> on negative i128 is arithmetic with the compilers we support;
     * divide instead to stay portable. */
    i128 c[4] = {a.lo / ((i128)1 << lo), a.lo / ((i128)1 << hi),
                 a.hi / ((i128)1 << lo), a.hi / ((i128)1 << hi)};
    i128 mn = c[0], mx = c[0];
    for (int i = 1; i < 4; i++) {
      mn = c[i] < mn ? c[i] : mn;
      mx = c[i] > mx ? c[i] : mx;
    }
    return iv(mn - (a.lo < 0 ? 1 : 0), mx);
  }
  case MC_EXPR_AND: {
    sym_ival r = sym_ival_of(o[0]->range);
    bool nonneg = false;
    i128 hi = 0;
    for (unsigned i = 0; i < e->nops; i++) {
      sym_ival x = sym_ival_of(o[i]->range);
      if (x.lo >= 0 && (!nonneg || x.hi < hi)) {
        nonneg = true;
        hi = x.hi;
      }
      if (i)
        r = iv_bits(r, x);
    }
    return nonneg ? iv(0, hi) : r;
  }
  case MC_EXPR_OR:
  case MC_EXPR_XOR: {
    sym_ival r = sym_ival_of(o[0]->range);
    bool nonneg = r.lo >= 0;
    for (unsigned i = 1; i < e->nops; i++) {
      sym_ival x = sym_ival_of(o[i]->range);
      nonneg = nonneg && x.lo >= 0;
      r = iv_bits(r, x);
    }
    return nonneg ? iv(0, r.hi) : r;
  }
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: {
    bool sgn = e->op == MC_EXPR_SMIN || e->op == MC_EXPR_SMAX;
    bool min = e->op == MC_EXPR_UMIN || e->op == MC_EXPR_SMIN;
    sym_ival r = sgn ? sym_read_signed(o[0]) : sym_read_unsigned(o[0]);
    for (unsigned i = 1; i < e->nops; i++) {
      sym_ival x = sgn ? sym_read_signed(o[i]) : sym_read_unsigned(o[i]);
      if (min)
        r = iv(x.lo < r.lo ? x.lo : r.lo, x.hi < r.hi ? x.hi : r.hi);
      else
        r = iv(x.lo > r.lo ? x.lo : r.lo, x.hi > r.hi ? x.hi : r.hi);
    }
    return r;
  }
  case MC_EXPR_CMP:
    return iv(0, 1);
  case MC_EXPR_SELECT:
    return iv_hull(sym_ival_of(o[1]->range), sym_ival_of(o[2]->range));
  case MC_EXPR_ZEXT:
    return sym_read_unsigned(o[0]);
  case MC_EXPR_SEXT:
    return sym_read_signed(o[0]);
  case MC_EXPR_TRUNC:
    return sym_ival_of(o[0]->range);
  }
  return whole_signed(w);
}

/* ---- Interning ------------------------------------------------------------- */

static unsigned mix(unsigned h, uint64_t x) {
  uint64_t v = (h ^ x) * 0x9e3779b97f4a7c15ULL;
  return (unsigned)(v ^ (v >> 29));
}

static unsigned node_hash(const mc_expr *e) {
  unsigned h = mix(0x12345u, e->op);
  h = mix(h, e->width);
  h = mix(h, e->flags);
  h = mix(h, e->assumed);
  h = mix(h, e->pred);
  h = mix(h, (uint64_t)e->value);
  h = mix(h, (uint64_t)(uintptr_t)e->atom);
  for (unsigned i = 0; i < e->nops; i++) {
    h = mix(h, (uint64_t)(uintptr_t)e->ops[i]);
    if (e->coefs)
      h = mix(h, (uint64_t)e->coefs[i]);
  }
  return h ? h : 1;
}

static bool node_equal(const mc_expr *a, const mc_expr *b) {
  if (a->hash != b->hash || a->op != b->op || a->width != b->width ||
      a->flags != b->flags || a->assumed != b->assumed || a->pred != b->pred ||
      a->value != b->value || a->range.lo != b->range.lo || a->range.hi != b->range.hi ||
      a->atom != b->atom || a->nops != b->nops || !a->coefs != !b->coefs)
    return false;
  for (unsigned i = 0; i < a->nops; i++)
    if (a->ops[i] != b->ops[i] || (a->coefs && a->coefs[i] != b->coefs[i]))
      return false;
  return true;
}

static bool table_grow(mc_sym *s) {
  unsigned cap = s->cap ? 2 * s->cap : 256;
  const mc_expr **t = mc_alloc(s->arena, cap * sizeof *t);
  if (!t)
    return false;
  for (unsigned i = 0; i < s->cap; i++)
    if (s->table[i]) {
      unsigned j = s->table[i]->hash & (cap - 1);
      while (t[j])
        j = (j + 1) & (cap - 1);
      t[j] = s->table[i];
    }
  s->table = t;
  s->cap = cap;
  return true;
}

static const mc_expr *intern(mc_sym *s, mc_expr_op op, unsigned width,
                             unsigned assumed, mc_cmp pred, int64_t value,
                             const mc_atom *atom, unsigned nops,
                             const mc_expr *const *ops, const int64_t *coefs,
                             const sym_ival *narrow);

const mc_expr *sym_intern(mc_sym *s, mc_expr_op op, unsigned width,
                          unsigned assumed, mc_cmp pred, int64_t value,
                          const mc_atom *atom, unsigned nops,
                          const mc_expr *const *ops, const int64_t *coefs) {
  return intern(s, op, width, assumed, pred, value, atom, nops, ops, coefs, NULL);
}

/* narrow: an interval the node's reading is assumed to lie in (an atom's
 * range from a later stage), or NULL. */
static const mc_expr *intern(mc_sym *s, mc_expr_op op, unsigned width,
                             unsigned assumed, mc_cmp pred, int64_t value,
                             const mc_atom *atom, unsigned nops,
                             const mc_expr *const *ops, const int64_t *coefs,
                             const sym_ival *narrow) {
  if (width < 1 || width > 64)
    return NULL;
  mc_expr key = {0};
  key.op = op;
  key.width = width;
  key.pred = pred;
  key.value = value;
  key.atom = atom;
  key.nops = nops;
  key.ops = ops;
  key.coefs = coefs;
  sym_ival r = node_range(s, &key);
  if (narrow)
    r = iv_meet(r, *narrow);
  sym_ival ws = whole_signed(width), wu = whole_unsigned(width);
  /* An assumption that narrows nothing is no assumption: leave it out of
   * the node's identity. */
  if ((assumed & MC_NSW) && iv_within(r, ws))
    assumed &= ~MC_NSW;
  if ((assumed & MC_NUW) && iv_within(r, wu))
    assumed &= ~MC_NUW;
  if (assumed & MC_NSW)
    r = iv_meet(r, ws);
  if (assumed & MC_NUW)
    r = iv_meet(r, wu);
  key.assumed = assumed;
  key.flags = (iv_within(r, ws) ? MC_NSW : 0) | (iv_within(r, wu) ? MC_NUW : 0);
  key.range = sym_ival_store(r);
  key.size = 1;
  for (unsigned i = 0; i < nops; i++)
    key.size = key.size + ops[i]->size > (1u << 30) ? 1u << 30 : key.size + ops[i]->size;
  key.hash = node_hash(&key);
  if (2 * (s->n + 1) > s->cap && !table_grow(s))
    return NULL;
  unsigned i = key.hash & (s->cap - 1);
  for (; s->table[i]; i = (i + 1) & (s->cap - 1))
    if (node_equal(s->table[i], &key))
      return s->table[i];
  mc_expr *e = mc_alloc(s->arena, sizeof *e);
  if (!e)
    return NULL;
  *e = key;
  if (nops) {
    const mc_expr **o = mc_alloc(s->arena, nops * sizeof *o);
    if (!o)
      return NULL;
    memcpy(o, ops, nops * sizeof *o);
    e->ops = o;
    if (coefs) {
      int64_t *c = mc_alloc(s->arena, nops * sizeof *c);
      if (!c)
        return NULL;
      memcpy(c, coefs, nops * sizeof *c);
      e->coefs = c;
    }
  } else {
    e->ops = NULL;
    e->coefs = NULL;
  }
  e->id = s->next_id++;
  s->table[i] = e;
  s->n++;
  return e;
}

/* ---- Atoms ---------------------------------------------------------------- */

const char *mc_unknown_reason_name(mc_unknown_reason r) {
  switch (r) {
  case MC_UNKNOWN_LOAD: return "load";
  case MC_UNKNOWN_ATOMIC: return "atomic";
  case MC_UNKNOWN_CALL: return "call";
  case MC_UNKNOWN_ASM: return "asm";
  case MC_UNKNOWN_REGISTER: return "register";
  case MC_UNKNOWN_JOIN: return "join";
  case MC_UNKNOWN_EXIT: return "exit";
  case MC_UNKNOWN_POINTER: return "pointer";
  case MC_UNKNOWN_FLOAT: return "float";
  case MC_UNKNOWN_UNDEF: return "undef";
  case MC_UNKNOWN_UNSUPPORTED: return "op";
  }
  return "?";
}

static const mc_expr *atom_node(mc_sym *s, mc_atom *a) {
  return sym_intern(s, MC_EXPR_ATOM, a->width, 0, MC_CMP_EQ, 0, a, 0, NULL, NULL);
}

const mc_expr *mc_sym_builtin(mc_sym *s, mc_atom_kind kind, unsigned dim) {
  static const char *const dims[3] = {"x", "y", "z"};
  if (kind > MC_ATOM_WARPSIZE)
    return NULL;
  bool has_dim = kind <= MC_ATOM_TID;
  if (!has_dim)
    dim = 0;
  if (dim > 2)
    return NULL;
  if (s->builtins[kind][dim])
    return s->builtins[kind][dim];
  mc_atom *a = mc_alloc(s->arena, sizeof *a);
  if (!a)
    return NULL;
  a->kind = kind;
  a->dim = dim;
  a->width = 32;
  a->index = -1;
  static const char *const names[] = {"blockIdx", "blockDim", "gridDim",
                                      "threadIdx", "laneid", "warpid",
                                      "warpSize"};
  a->name = has_dim ? mc_sprintf(s->arena, "%s.%s", names[kind], dims[dim])
                    : names[kind];
  if (!a->name)
    return NULL;
  return s->builtins[kind][dim] = atom_node(s, a);
}

const mc_expr *mc_sym_param(mc_sym *s, int index, const char *name,
                            unsigned width, bool is_signed, LLVMValueRef arg) {
  const void *key = (const void *)(uintptr_t)(index + 1);
  const mc_expr *old = sym_ptrmap_get(&s->params, key);
  if (old)
    return old->width == width ? old : NULL;
  mc_atom *a = mc_alloc(s->arena, sizeof *a);
  if (!a || index < 0)
    return NULL;
  a->kind = MC_ATOM_PARAM;
  a->width = width;
  a->is_signed = is_signed;
  a->index = index;
  a->name = mc_strdup(s->arena, name ? name : "?");
  a->value = arg;
  const mc_expr *e = a->name ? atom_node(s, a) : NULL;
  if (!e || !sym_ptrmap_put(s->arena, &s->params, key, (void *)e))
    return NULL;
  return e;
}

const mc_expr *mc_sym_loop_var(mc_sym *s, LLVMValueRef phi, const char *name,
                               unsigned width, bool is_signed) {
  if (phi) {
    const mc_expr *old = sym_ptrmap_get(&s->loops, phi);
    if (old)
      return old;
  }
  mc_atom *a = mc_alloc(s->arena, sizeof *a);
  if (!a)
    return NULL;
  a->kind = MC_ATOM_LOOP;
  a->width = width;
  a->is_signed = is_signed;
  a->index = (int)++s->nloops;
  a->name = name ? mc_strdup(s->arena, name) : mc_sprintf(s->arena, "loop%d", a->index);
  a->value = phi;
  const mc_expr *e = a->name ? atom_node(s, a) : NULL;
  if (!e || (phi && !sym_ptrmap_put(s->arena, &s->loops, phi, (void *)e)))
    return NULL;
  return e;
}

const mc_expr *mc_sym_unknown(mc_sym *s, mc_unknown_reason reason,
                              const char *detail, unsigned width,
                              LLVMValueRef value) {
  if (value) {
    const mc_expr *old = sym_ptrmap_get(&s->unknowns, value);
    if (old && old->width == width)
      return old;
  }
  mc_atom *a = mc_alloc(s->arena, sizeof *a);
  if (!a)
    return NULL;
  a->kind = MC_ATOM_UNKNOWN;
  a->width = width;
  a->is_signed = width > 1;
  a->index = (int)++s->nunknowns;
  a->reason = reason;
  a->detail = mc_strdup(s->arena, detail);
  a->name = mc_sprintf(s->arena, "$%s%d", mc_unknown_reason_name(reason), a->index);
  a->value = value;
  const mc_expr *e = a->name ? atom_node(s, a) : NULL;
  if (!e || (value && !sym_ptrmap_put(s->arena, &s->unknowns, value, (void *)e)))
    return NULL;
  return e;
}

const mc_expr *mc_sym_atom_in(mc_sym *s, const mc_atom *a, mc_interval range) {
  if (!a)
    return NULL;
  sym_ival r = sym_ival_of(range);
  return intern(s, MC_EXPR_ATOM, a->width, 0, MC_CMP_EQ, 0, a, 0, NULL, NULL, &r);
}

/* ---- Queries ----------------------------------------------------------- */

bool mc_expr_is_const(const mc_expr *e, int64_t *value) {
  if (!e || e->op != MC_EXPR_CONST)
    return false;
  if (value)
    *value = e->value;
  return true;
}

uint64_t mc_expr_uvalue(const mc_expr *e) {
  return (uint64_t)e->value & sym_mask(e->width);
}

typedef struct {
  const mc_atom **seen;
  unsigned n, cap;
  mc_atom_fn fn;
  void *data;
  bool stop;
} atom_walk;

static void walk_atoms(atom_walk *w, const mc_expr *e) {
  if (w->stop)
    return;
  if (e->op == MC_EXPR_ATOM) {
    for (unsigned i = 0; i < w->n; i++)
      if (w->seen[i] == e->atom)
        return;
    if (w->n < w->cap)
      w->seen[w->n++] = e->atom;
    if (!w->fn(w->data, e->atom))
      w->stop = true;
    return;
  }
  for (unsigned i = 0; i < e->nops && !w->stop; i++)
    walk_atoms(w, e->ops[i]);
}

void mc_expr_atoms(const mc_expr *e, mc_atom_fn fn, void *data) {
  const mc_atom *seen[64];
  atom_walk w = {seen, 0, 64, fn, data, false};
  if (e)
    walk_atoms(&w, e);
}

static bool mentions(const mc_expr *e, unsigned mask) {
  if (e->op == MC_EXPR_ATOM)
    return (mask >> e->atom->kind) & 1u;
  for (unsigned i = 0; i < e->nops; i++)
    if (mentions(e->ops[i], mask))
      return true;
  return false;
}

bool mc_expr_mentions(const mc_expr *e, unsigned kind_mask) {
  return e && mentions(e, kind_mask);
}

/* ---- Order ----------------------------------------------------------------- */

static bool is_cast(const mc_expr *e) {
  return e->op == MC_EXPR_ZEXT || e->op == MC_EXPR_SEXT || e->op == MC_EXPR_TRUNC;
}

static const mc_expr *strip_casts(const mc_expr *e) {
  while (is_cast(e))
    e = e->ops[0];
  return e;
}

static int cmp_int(int64_t a, int64_t b) { return a < b ? -1 : a > b; }

static int atom_compare(const mc_atom *a, const mc_atom *b) {
  if (a->kind != b->kind)
    return cmp_int(a->kind, b->kind);
  if (a->dim != b->dim)
    return cmp_int(b->dim, a->dim); /* z, y, x: rows before columns */
  if (a->index != b->index)
    return cmp_int(a->index, b->index);
  int c = strcmp(a->name, b->name);
  if (c)
    return c;
  return cmp_int(a->width, b->width);
}

/* Atoms first, then products, sums and the other operations, constants last. */
static int op_rank(mc_expr_op op) {
  switch (op) {
  case MC_EXPR_ATOM: return 0;
  case MC_EXPR_MUL: return 1;
  case MC_EXPR_ADD: return 2;
  case MC_EXPR_CONST: return 100;
  default: return 3 + (int)op;
  }
}

static int compare_core(const mc_expr *a, const mc_expr *b) {
  if (a == b)
    return 0;
  if (a->op != b->op)
    return cmp_int(op_rank(a->op), op_rank(b->op));
  if (a->op == MC_EXPR_ATOM)
    return atom_compare(a->atom, b->atom);
  if (a->op == MC_EXPR_CONST)
    return a->width != b->width ? cmp_int(a->width, b->width)
                                : cmp_int(a->value, b->value);
  if (a->nops != b->nops)
    return cmp_int(a->nops, b->nops);
  for (unsigned i = 0; i < a->nops; i++) {
    int c = mc_expr_compare(a->ops[i], b->ops[i]);
    if (c)
      return c;
    if (a->coefs && a->coefs[i] != b->coefs[i])
      return cmp_int(a->coefs[i], b->coefs[i]);
  }
  if (a->width != b->width)
    return cmp_int(a->width, b->width);
  if (a->value != b->value)
    return cmp_int(a->value, b->value);
  if (a->pred != b->pred)
    return cmp_int(a->pred, b->pred);
  return cmp_int(a->flags, b->flags);
}

int mc_expr_compare(const mc_expr *a, const mc_expr *b) {
  if (a == b)
    return 0;
  /* Casts do not move a term: zext(threadIdx.y) sorts with threadIdx.y. */
  const mc_expr *sa = strip_casts(a), *sb = strip_casts(b);
  if (sa != sb) {
    int c = compare_core(sa, sb);
    if (c)
      return c;
  }
  if (is_cast(a) != is_cast(b))
    return is_cast(a) ? 1 : -1;
  if (!is_cast(a))
    return compare_core(a, b);
  if (a->op != b->op)
    return cmp_int(a->op, b->op);
  if (a->width != b->width)
    return cmp_int(a->width, b->width);
  return mc_expr_compare(a->ops[0], b->ops[0]);
}

static unsigned degree(const mc_expr *e) {
  e = strip_casts(e);
  if (e->op != MC_EXPR_MUL)
    return 1;
  unsigned d = 0;
  for (unsigned i = 0; i < e->nops; i++)
    d += degree(e->ops[i]);
  return d;
}

int sym_term_compare(const mc_expr *a, const mc_expr *b) {
  unsigned da = degree(a), db = degree(b);
  if (da != db)
    return da > db ? -1 : 1;
  return mc_expr_compare(a, b);
}

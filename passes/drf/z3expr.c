/* z3expr.c - stage 5: Z3 contexts, and sym's expressions as Z3 bit-vectors.
 *
 * A node becomes the Z3 operation on bit-vectors of its width that computes
 * the same bits (mc_expr_eval), wrap-around included: sums and products
 * modulo 2^width, divisions, remainders and shifts signed or unsigned as the
 * node says, min/max and comparisons as if-then-else. Division by zero and
 * over-wide shifts, poison in the IR, get Z3's total definitions.
 */
#include "drf_internal.h"

#include <stdio.h>
#include <string.h>

static _Thread_local bool z3_error;

/* Z3 calls this instead of aborting the process. */
static void on_error(Z3_context z, Z3_error_code e) {
  (void)z;
  (void)e;
  z3_error = true;
}

bool mc_z3_take_error(void) {
  bool e = z3_error;
  z3_error = false;
  return e;
}

Z3_context mc_z3_context_new(void) {
  Z3_config cfg = Z3_mk_config();
  if (!cfg)
    return NULL;
  Z3_set_param_value(cfg, "model", "true");
  Z3_context z = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  if (z)
    Z3_set_error_handler(z, on_error);
  return z;
}

void mc_z3_solver_budget(Z3_context z, Z3_solver s, uint64_t rlimit) {
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"),
                     (unsigned)(rlimit > 0xffffffffu ? 0xffffffffu : rlimit));
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "random_seed"), 0);
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
}

Z3_solver mc_z3_solver_new(Z3_context z, uint64_t rlimit) {
  Z3_solver s = Z3_mk_solver_for_logic(z, Z3_mk_string_symbol(z, "QF_BV"));
  if (!s)
    return NULL;
  Z3_solver_inc_ref(z, s);
  mc_z3_solver_budget(z, s, rlimit);
  return s;
}

Z3_lbool mc_z3_check(Z3_context z, Z3_solver s) {
  Z3_lbool r = Z3_solver_check(z, s);
  return mc_z3_take_error() ? Z3_L_UNDEF : r;
}

bool mc_z3_eval(Z3_context z, Z3_model m, Z3_ast t, uint64_t *bits) {
  Z3_ast v = NULL;
  if (!Z3_model_eval(z, m, t, true, &v) || !v)
    return false;
  uint64_t u = 0;
  if (!Z3_get_numeral_uint64(z, v, &u)) {
    mc_z3_take_error();
    return false;
  }
  *bits = u;
  return true;
}

Z3_ast mc_z3_bv_const(Z3_context z, unsigned width, uint64_t bits) {
  if (width < 64)
    bits &= (UINT64_C(1) << width) - 1;
  return Z3_mk_unsigned_int64(z, bits, Z3_mk_bv_sort(z, width));
}

Z3_ast mc_z3_var(Z3_context z, const char *name, unsigned width) {
  return Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_mk_bv_sort(z, width));
}

Z3_ast mc_z3_and(Z3_context z, const Z3_ast *ops, unsigned n) {
  return n == 0 ? Z3_mk_true(z) : n == 1 ? ops[0] : Z3_mk_and(z, n, ops);
}

Z3_ast mc_z3_and2(Z3_context z, Z3_ast a, Z3_ast b) {
  Z3_ast ops[2] = {a, b};
  return Z3_mk_and(z, 2, ops);
}

Z3_ast mc_z3_or2(Z3_context z, Z3_ast a, Z3_ast b) {
  Z3_ast ops[2] = {a, b};
  return Z3_mk_or(z, 2, ops);
}

Z3_ast mc_z3_ext(Z3_context z, Z3_ast t, unsigned by, bool is_signed) {
  if (!by)
    return t;
  return is_signed ? Z3_mk_sign_ext(z, by, t) : Z3_mk_zero_ext(z, by, t);
}

/* ---- The translator ------------------------------------------------------ */

typedef struct {
  const mc_expr *e;
  Z3_ast bv, nowrap;
} memo_entry;

struct mc_z3tr {
  mc_arena *arena;
  Z3_context z;
  mc_z3_atom_fn atom;
  void *data;
  memo_entry *memo; /* open addressing on the node's id */
  unsigned cap, used;
  mc_z3abs *abs;    /* products abstracted into it; NULL: exact */
};

mc_z3tr *mc_z3tr_new(mc_arena *a, Z3_context z, mc_z3_atom_fn fn, void *data) {
  mc_z3tr *t = mc_alloc(a, sizeof *t);
  if (!t)
    return NULL;
  *t = (mc_z3tr){a, z, fn, data, NULL, 0, 0, NULL};
  return t;
}

void mc_z3tr_abstract(mc_z3tr *t, mc_z3abs *abs) { t->abs = abs; }

/* ---- Product abstraction ------------------------------------------------- */

/* A product x * u of a thread's value x and a value u that is the same in
 * every thread, which cannot wrap around: unsigned (the IR's nuw), signed
 * (nsw), or blockIdx * blockDim (the grid-size assumption keeps it below
 * 2^31). Bit-blasting such products is where Z3 gives up (the global index
 * blockIdx.x * blockDim.x + threadIdx.x with symbolic blockDim), so the
 * abstract query replaces each by a fresh variable p constrained by what
 * multiplication by the same non-negative u implies:
 *   xa < xb  ->  pa + u <= pb      xa == xb  ->  pa == pb
 *   x == 0   ->  p == 0            u == 1    ->  p == x
 * and, for blockIdx * blockDim, p + blockDim <= 2^31 - 1. Every model of
 * the exact query is one of the abstract query (p = x * u), so an abstract
 * query without a model proves the exact one has none. */
typedef enum { PROD_NUW, PROD_NSW, PROD_GRID } prod_kind;

typedef struct {
  Z3_ast x, u, p;
  prod_kind kind;
} prod_entry;

struct mc_z3abs {
  mc_arena *arena;
  Z3_context z;
  prod_entry *prods;
  unsigned nprods, cap;
  Z3_ast *lemmas;
  unsigned nlemmas, lcap;
};

mc_z3abs *mc_z3abs_new(mc_arena *a, Z3_context z) {
  mc_z3abs *abs = mc_alloc(a, sizeof *abs);
  if (abs)
    *abs = (mc_z3abs){a, z, NULL, 0, 0, NULL, 0, 0};
  return abs;
}

const Z3_ast *mc_z3abs_lemmas(const mc_z3abs *abs, unsigned *n) {
  *n = abs->nlemmas;
  return abs->lemmas;
}

static bool grow(mc_arena *a, void **v, unsigned n, unsigned *cap, size_t size) {
  if (n < *cap)
    return true;
  unsigned c = *cap ? 2 * *cap : 16;
  void *m = mc_alloc(a, c * size);
  if (!m)
    return false;
  if (n)
    memcpy(m, *v, n * size);
  *v = m;
  *cap = c;
  return true;
}

static void lemma(mc_z3abs *abs, Z3_ast l) {
  if (l && grow(abs->arena, (void **)&abs->lemmas, abs->nlemmas, &abs->lcap,
                sizeof *abs->lemmas))
    abs->lemmas[abs->nlemmas++] = l;
}

static bool is_atom(const mc_expr *e, mc_atom_kind k) {
  return e->op == MC_EXPR_ATOM && e->atom->kind == k;
}

/* The kind of product e is and which operand is the thread's (*xi); -1
 * when e is not one the abstraction replaces. */
static int product_kind(const mc_expr *e, unsigned *xi) {
  enum { THREAD = (1u << MC_ATOM_TID) | (1u << MC_ATOM_BID) | (1u << MC_ATOM_LANE) |
                  (1u << MC_ATOM_WARPID) | (1u << MC_ATOM_LOOP) | (1u << MC_ATOM_UNKNOWN) };
  if (e->op != MC_EXPR_MUL || e->nops != 2 || e->width > 62)
    return -1;
  for (unsigned i = 0; i < 2; i++) {
    const mc_expr *x = e->ops[i], *u = e->ops[1 - i];
    *xi = i;
    if (is_atom(x, MC_ATOM_BID) && is_atom(u, MC_ATOM_BDIM) && x->atom->dim == u->atom->dim)
      return PROD_GRID;
    if (!mc_expr_mentions(x, THREAD) || mc_expr_mentions(u, THREAD))
      continue;
    unsigned f = e->flags | e->assumed;
    if (f & MC_NUW)
      return PROD_NUW;
    if (f & MC_NSW)
      return PROD_NSW;
  }
  return -1;
}

/* a <= b (signed or not) on w + 2 bits, so that adding u never wraps. */
static Z3_ast wide_le(Z3_context z, Z3_ast a, Z3_ast u, Z3_ast b, bool is_signed) {
  Z3_ast sum = Z3_mk_bvadd(z, mc_z3_ext(z, a, 2, is_signed), mc_z3_ext(z, u, 2, is_signed));
  Z3_ast rhs = mc_z3_ext(z, b, 2, is_signed);
  return is_signed ? Z3_mk_bvsle(z, sum, rhs) : Z3_mk_bvule(z, sum, rhs);
}

static Z3_ast abstract_product(mc_z3abs *abs, prod_kind kind, Z3_ast x, Z3_ast u,
                               unsigned w) {
  Z3_context z = abs->z;
  for (unsigned i = 0; i < abs->nprods; i++) {
    const prod_entry *m = &abs->prods[i];
    if (m->kind == kind && Z3_is_eq_ast(z, m->x, x) && Z3_is_eq_ast(z, m->u, u))
      return m->p;
  }
  if (!grow(abs->arena, (void **)&abs->prods, abs->nprods, &abs->cap, sizeof *abs->prods))
    return NULL;
  char name[32];
  snprintf(name, sizeof name, "product#%u", abs->nprods);
  Z3_ast p = mc_z3_var(z, name, w);
  bool sg = kind == PROD_NSW;
  Z3_ast zero = mc_z3_bv_const(z, w, 0);
  lemma(abs, Z3_mk_implies(z, Z3_mk_eq(z, x, zero), Z3_mk_eq(z, p, zero)));
  lemma(abs, Z3_mk_implies(z, Z3_mk_eq(z, u, mc_z3_bv_const(z, w, 1)), Z3_mk_eq(z, p, x)));
  if (kind == PROD_GRID)
    lemma(abs, wide_le(z, p, u, mc_z3_bv_const(z, w, (UINT64_C(1) << 31) - 1), false));
  for (unsigned i = 0; i < abs->nprods; i++) {
    const prod_entry *m = &abs->prods[i];
    if (m->kind != kind || !Z3_is_eq_ast(z, m->u, u))
      continue;
    Z3_ast lt_mx = sg ? Z3_mk_bvslt(z, m->x, x) : Z3_mk_bvult(z, m->x, x);
    Z3_ast lt_xm = sg ? Z3_mk_bvslt(z, x, m->x) : Z3_mk_bvult(z, x, m->x);
    Z3_ast parts[3] = {
        Z3_mk_implies(z, lt_mx, wide_le(z, m->p, u, p, sg)),
        Z3_mk_implies(z, lt_xm, wide_le(z, p, u, m->p, sg)),
        Z3_mk_implies(z, Z3_mk_eq(z, m->x, x), Z3_mk_eq(z, m->p, p))};
    Z3_ast all = Z3_mk_and(z, 3, parts);
    lemma(abs, sg ? Z3_mk_implies(z, Z3_mk_bvsge(z, u, zero), all) : all);
  }
  abs->prods[abs->nprods++] = (prod_entry){x, u, p, kind};
  return p;
}

static memo_entry *memo_slot(mc_z3tr *t, const mc_expr *e) {
  if (t->used * 2 >= t->cap) {
    unsigned cap = t->cap ? t->cap * 2 : 64;
    memo_entry *m = mc_alloc(t->arena, cap * sizeof *m);
    if (!m)
      return NULL;
    for (unsigned i = 0; i < t->cap; i++) {
      if (!t->memo[i].e)
        continue;
      unsigned h = t->memo[i].e->id & (cap - 1);
      while (m[h].e)
        h = (h + 1) & (cap - 1);
      m[h] = t->memo[i];
    }
    t->memo = m;
    t->cap = cap;
  }
  unsigned h = e->id & (t->cap - 1);
  while (t->memo[h].e && t->memo[h].e != e)
    h = (h + 1) & (t->cap - 1);
  if (!t->memo[h].e) {
    t->memo[h].e = e;
    t->used++;
  }
  return &t->memo[h];
}

static Z3_ast cmp(Z3_context z, mc_cmp p, Z3_ast a, Z3_ast b) {
  switch (p) {
  case MC_CMP_EQ: return Z3_mk_eq(z, a, b);
  case MC_CMP_NE: return Z3_mk_not(z, Z3_mk_eq(z, a, b));
  case MC_CMP_ULT: return Z3_mk_bvult(z, a, b);
  case MC_CMP_ULE: return Z3_mk_bvule(z, a, b);
  case MC_CMP_UGT: return Z3_mk_bvugt(z, a, b);
  case MC_CMP_UGE: return Z3_mk_bvuge(z, a, b);
  case MC_CMP_SLT: return Z3_mk_bvslt(z, a, b);
  case MC_CMP_SLE: return Z3_mk_bvsle(z, a, b);
  case MC_CMP_SGT: return Z3_mk_bvsgt(z, a, b);
  case MC_CMP_SGE: return Z3_mk_bvsge(z, a, b);
  }
  return NULL;
}

static Z3_ast bit(Z3_context z, Z3_ast b) {
  return Z3_mk_ite(z, b, mc_z3_bv_const(z, 1, 1), mc_z3_bv_const(z, 1, 0));
}

/* n-ary fold of a binary Z3 operation. */
typedef Z3_ast (*binop)(Z3_context, Z3_ast, Z3_ast);

static Z3_ast mk_min_max(Z3_context z, mc_expr_op op, Z3_ast a, Z3_ast b) {
  Z3_ast lt = op == MC_EXPR_UMIN || op == MC_EXPR_UMAX ? Z3_mk_bvult(z, a, b)
                                                       : Z3_mk_bvslt(z, a, b);
  bool min = op == MC_EXPR_UMIN || op == MC_EXPR_SMIN;
  return Z3_mk_ite(z, lt, min ? a : b, min ? b : a);
}

static Z3_ast translate(mc_z3tr *t, const mc_expr *e);

static Z3_ast translate_node(mc_z3tr *t, const mc_expr *e) {
  Z3_context z = t->z;
  Z3_ast ops[e->nops ? e->nops : 1];
  for (unsigned i = 0; i < e->nops; i++)
    if (!(ops[i] = translate(t, e->ops[i])))
      return NULL;
  switch (e->op) {
  case MC_EXPR_CONST:
    return mc_z3_bv_const(z, e->width, (uint64_t)e->value);
  case MC_EXPR_ATOM:
    return t->atom(t->data, e->atom);
  case MC_EXPR_ADD: {
    Z3_ast sum = mc_z3_bv_const(z, e->width, (uint64_t)e->value);
    for (unsigned i = 0; i < e->nops; i++) {
      Z3_ast term = e->coefs[i] == 1
                        ? ops[i]
                        : Z3_mk_bvmul(z, mc_z3_bv_const(z, e->width,
                                                        (uint64_t)e->coefs[i]),
                                      ops[i]);
      sum = Z3_mk_bvadd(z, sum, term);
    }
    return sum;
  }
  case MC_EXPR_MUL: {
    unsigned xi;
    int kind = t->abs ? product_kind(e, &xi) : -1;
    if (kind >= 0)
      return abstract_product(t->abs, (prod_kind)kind, ops[xi], ops[1 - xi], e->width);
  }
    /* fall through */
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR: {
    binop f = e->op == MC_EXPR_MUL ? Z3_mk_bvmul
              : e->op == MC_EXPR_AND ? Z3_mk_bvand
              : e->op == MC_EXPR_OR  ? Z3_mk_bvor
                                     : Z3_mk_bvxor;
    Z3_ast r = ops[0];
    for (unsigned i = 1; i < e->nops; i++)
      r = f(z, r, ops[i]);
    return r;
  }
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: {
    Z3_ast r = ops[0];
    for (unsigned i = 1; i < e->nops; i++)
      r = mk_min_max(z, e->op, r, ops[i]);
    return r;
  }
  case MC_EXPR_UDIV: return Z3_mk_bvudiv(z, ops[0], ops[1]);
  case MC_EXPR_SDIV: return Z3_mk_bvsdiv(z, ops[0], ops[1]);
  case MC_EXPR_UREM: return Z3_mk_bvurem(z, ops[0], ops[1]);
  case MC_EXPR_SREM: return Z3_mk_bvsrem(z, ops[0], ops[1]);
  case MC_EXPR_SHL: return Z3_mk_bvshl(z, ops[0], ops[1]);
  case MC_EXPR_LSHR: return Z3_mk_bvlshr(z, ops[0], ops[1]);
  case MC_EXPR_ASHR: return Z3_mk_bvashr(z, ops[0], ops[1]);
  case MC_EXPR_CMP: return bit(z, cmp(z, e->pred, ops[0], ops[1]));
  case MC_EXPR_SELECT:
    return Z3_mk_ite(z, Z3_mk_eq(z, ops[0], mc_z3_bv_const(z, 1, 1)), ops[1],
                     ops[2]);
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
    return mc_z3_ext(z, ops[0], e->width - e->ops[0]->width,
                     e->op == MC_EXPR_SEXT);
  case MC_EXPR_TRUNC:
    return Z3_mk_extract(z, e->width - 1, 0, ops[0]);
  }
  return NULL;
}

static Z3_ast translate(mc_z3tr *t, const mc_expr *e) {
  memo_entry *m = memo_slot(t, e);
  if (!m)
    return NULL;
  if (m->bv)
    return m->bv;
  Z3_ast r = translate_node(t, e);
  if (mc_z3_take_error())
    r = NULL;
  /* the slot may have moved while the operands were translated */
  m = memo_slot(t, e);
  if (m)
    m->bv = r;
  return r;
}

Z3_ast mc_z3_bv(mc_z3tr *t, const mc_expr *e) { return e ? translate(t, e) : NULL; }

Z3_ast mc_z3_bool(mc_z3tr *t, const mc_expr *e) {
  Z3_ast b = mc_z3_bv(t, e);
  return b ? Z3_mk_eq(t->z, b, mc_z3_bv_const(t->z, 1, 1)) : NULL;
}

static unsigned bits_of(uint64_t m) {
  unsigned b = 0;
  while (m) {
    b++;
    m >>= 1;
  }
  return b;
}

/* e's integer reading has no wrap-around, for a sum or product whose
 * operands' readings are their signed (unsigned) bits: a product of two is
 * Z3's no-overflow predicates; a sum is computed in a width where nothing
 * wraps and compared with its bits extended. NULL when not expressible. */
static Z3_ast no_wrap_node(mc_z3tr *t, const mc_expr *e, bool is_signed) {
  Z3_context z = t->z;
  unsigned w = e->width;
  if (e->op == MC_EXPR_MUL) {
    if (e->nops != 2)
      return NULL;
    Z3_ast a = translate(t, e->ops[0]), b = translate(t, e->ops[1]);
    Z3_ast over = Z3_mk_bvmul_no_overflow(z, a, b, is_signed);
    return is_signed ? mc_z3_and2(z, over, Z3_mk_bvmul_no_underflow(z, a, b))
                     : over;
  }
  if (e->nops > 64)
    return NULL;
  /* |coef * op| < 2^(w + bits(|coef|)); 65 terms need 7 bits more */
  unsigned cb = 1;
  for (unsigned i = 0; i < e->nops; i++) {
    uint64_t c = e->coefs[i] < 0 ? -(uint64_t)e->coefs[i] : (uint64_t)e->coefs[i];
    if (bits_of(c) > cb)
      cb = bits_of(c);
  }
  unsigned wide = w + cb + 8, by = wide - w;
  Z3_ast sum = mc_z3_ext(z, mc_z3_bv_const(z, w, (uint64_t)e->value), by, true);
  for (unsigned i = 0; i < e->nops; i++) {
    Z3_ast v = mc_z3_ext(z, translate(t, e->ops[i]), by, is_signed);
    Z3_ast term = e->coefs[i] == 1 ? v
                  : Z3_mk_bvmul(z, mc_z3_ext(z, mc_z3_bv_const(z, w, (uint64_t)e->coefs[i]),
                                             by, true),
                                v);
    sum = Z3_mk_bvadd(z, sum, term);
  }
  return Z3_mk_eq(z, sum, mc_z3_ext(z, translate(t, e), by, is_signed));
}

static Z3_ast nowrap(mc_z3tr *t, const mc_expr *e) {
  memo_entry *m = memo_slot(t, e);
  if (!m)
    return NULL;
  if (m->nowrap)
    return m->nowrap;
  Z3_context z = t->z;
  Z3_ast parts[e->nops + 1];
  unsigned n = 0;
  for (unsigned i = 0; i < e->nops; i++) {
    Z3_ast p = nowrap(t, e->ops[i]);
    if (!p)
      return NULL;
    if (!Z3_is_eq_ast(z, p, Z3_mk_true(z)))
      parts[n++] = p;
  }
  /* A sum or product whose integer reading is its signed (unsigned) value
   * and whose operands' are too: computed wide, it equals its bits
   * extended. */
  unsigned xi;
  bool abstracted = t->abs && product_kind(e, &xi) >= 0; /* its lemmas say it */
  if ((e->op == MC_EXPR_ADD || e->op == MC_EXPR_MUL) && e->width < 64 && !abstracted) {
    for (unsigned f = MC_NSW; f <= MC_NUW; f <<= 1) {
      bool all = (e->flags & f) != 0;
      for (unsigned i = 0; all && i < e->nops; i++)
        all = (e->ops[i]->flags & f) != 0;
      Z3_ast c = all && translate(t, e) ? no_wrap_node(t, e, f == MC_NSW) : NULL;
      if (c) {
        parts[n++] = c;
        break;
      }
    }
  }
  Z3_ast r = mc_z3_and(z, parts, n);
  if (mc_z3_take_error())
    return NULL;
  m = memo_slot(t, e);
  if (m)
    m->nowrap = r;
  return r;
}

Z3_ast mc_z3_nowrap(mc_z3tr *t, const mc_expr *e) {
  return e ? nowrap(t, e) : NULL;
}

Z3_ast mc_z3_in_range(Z3_context z, const mc_expr *atom, Z3_ast v) {
  unsigned w = atom->width;
  bool s = atom->atom ? atom->atom->is_signed : true;
  mc_interval r = atom->range;
  /* the range is of the integer reading: an atom's is its signed or
   * unsigned value */
  int64_t min = s ? (w == 64 ? INT64_MIN : -(INT64_C(1) << (w - 1))) : 0;
  int64_t max = s ? (w == 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1)
                  : (w >= 63 ? INT64_MAX : (INT64_C(1) << w) - 1);
  Z3_ast parts[2];
  unsigned n = 0;
  if (r.lo > min && r.lo <= max)
    parts[n++] = s ? Z3_mk_bvsge(z, v, mc_z3_bv_const(z, w, (uint64_t)r.lo))
                   : Z3_mk_bvuge(z, v, mc_z3_bv_const(z, w, (uint64_t)r.lo));
  if (r.hi < max && r.hi >= min)
    parts[n++] = s ? Z3_mk_bvsle(z, v, mc_z3_bv_const(z, w, (uint64_t)r.hi))
                   : Z3_mk_bvule(z, v, mc_z3_bv_const(z, w, (uint64_t)r.hi));
  return mc_z3_and(z, parts, n);
}

/* ---- mc_drf_satisfiable ---------------------------------------------------- */

typedef struct {
  Z3_context z;
  mc_arena *arena;
  const mc_atom **atoms;
  Z3_ast *vars;
  unsigned n, cap;
} free_atoms;

static Z3_ast free_atom(void *data, const mc_atom *a) {
  free_atoms *f = data;
  for (unsigned i = 0; i < f->n; i++)
    if (f->atoms[i] == a)
      return f->vars[i];
  if (f->n == f->cap) {
    unsigned cap = f->cap ? 2 * f->cap : 16;
    const mc_atom **atoms = mc_alloc(f->arena, cap * sizeof *atoms);
    Z3_ast *vars = mc_alloc(f->arena, cap * sizeof *vars);
    if (!atoms || !vars)
      return NULL;
    if (f->n) {
      memcpy(atoms, f->atoms, f->n * sizeof *atoms);
      memcpy(vars, f->vars, f->n * sizeof *vars);
    }
    f->atoms = atoms;
    f->vars = vars;
    f->cap = cap;
  }
  char name[64];
  snprintf(name, sizeof name, "a%u", f->n);
  f->atoms[f->n] = a;
  return f->vars[f->n++] = mc_z3_var(f->z, name, a->width);
}

mc_sat mc_drf_satisfiable(const mc_sym *s, const mc_expr *cond,
                          uint64_t rlimit,
                          void (*values)(void *data, const mc_atom *a,
                                         uint64_t bits),
                          void *data) {
  mc_arena *a = mc_arena_new();
  Z3_context z = a ? mc_z3_context_new() : NULL;
  if (!z) {
    mc_arena_free(a);
    return MC_SAT_UNKNOWN;
  }
  free_atoms f = {z, a, NULL, NULL, 0, 0};
  mc_z3tr *t = mc_z3tr_new(a, z, free_atom, &f);
  Z3_ast c = t ? mc_z3_bool(t, cond) : NULL;
  mc_sat r = MC_SAT_UNKNOWN;
  Z3_solver sv = c ? mc_z3_solver_new(z, rlimit ? rlimit : MC_DRF_DEFAULT_RLIMIT) : NULL;
  if (sv) {
    Z3_solver_assert(z, sv, c);
    /* every atom within its facts */
    for (unsigned i = 0; i < f.n; i++) {
      const mc_expr *node = NULL;
      const mc_atom *at = f.atoms[i];
      mc_sym *ms = (mc_sym *)s;
      switch (at->kind) {
      case MC_ATOM_BID: case MC_ATOM_BDIM: case MC_ATOM_GDIM: case MC_ATOM_TID:
      case MC_ATOM_LANE: case MC_ATOM_WARPID: case MC_ATOM_WARPSIZE:
        node = mc_sym_builtin(ms, at->kind, at->dim);
        break;
      case MC_ATOM_PARAM:
        node = mc_sym_param(ms, at->index, at->name, at->width, at->is_signed,
                            at->value);
        break;
      default:
        break;
      }
      if (node)
        Z3_solver_assert(z, sv, mc_z3_in_range(z, node, f.vars[i]));
    }
    Z3_lbool l = mc_z3_check(z, sv);
    r = l == Z3_L_TRUE ? MC_SAT_YES : l == Z3_L_FALSE ? MC_SAT_NO : MC_SAT_UNKNOWN;
    if (r == MC_SAT_YES && values) {
      Z3_model m = Z3_solver_get_model(z, sv);
      if (m) {
        Z3_model_inc_ref(z, m);
        for (unsigned i = 0; i < f.n; i++) {
          uint64_t bits = 0;
          if (mc_z3_eval(z, m, f.vars[i], &bits))
            values(data, f.atoms[i], bits);
        }
        Z3_model_dec_ref(z, m);
      }
    }
    Z3_solver_dec_ref(z, sv);
  }
  Z3_del_context(z);
  mc_z3_take_error();
  mc_arena_free(a);
  return r;
}

/* simplify.c - the builders: every expression is made in canonical form.
 *
 * Canonical form:
 *   - constants folded; identities and absorbing elements applied;
 *   - sums are flat: sum(coef_i * term_i) + constant, terms sorted (higher
 *     degree first), equal terms merged, zero coefficients dropped, no term
 *     a constant or a sum of the same width;
 *   - products are flat and sorted, constants moved into the enclosing
 *     sum's coefficient, sums distributed (up to a size limit);
 *   - shifts left by a constant are products;
 *   - and, or, xor, min and max are flat, sorted, with one constant last;
 *   - comparisons use only ==, !=, < and <= (operands swapped);
 *   - zext/sext/trunc are folded into constants and into each other,
 *     trunc is pushed into sums and products (exact modulo 2^width), zext
 *     into sums and products that do not wrap unsigned, sext into those that
 *     do not wrap signed, and a sext of a value known non-negative is a zext.
 * Exactness facts taken from the IR (nsw/nuw) are about a node's integer
 * reading, which these rewrites keep (they are ring identities), except
 * where a coefficient wraps: then the facts are dropped, which is sound.
 */
#include "sym_internal.h"

#include <stdlib.h>
#include <string.h>

/* Distributing a product of sums stops above this many terms. */
enum { MAX_DISTRIBUTED_TERMS = 32 };

static const mc_expr *mk_const(mc_sym *s, unsigned w, int64_t v) {
  return sym_intern(s, MC_EXPR_CONST, w, 0, MC_CMP_EQ, sym_sext((uint64_t)v, w),
                    NULL, 0, NULL, NULL);
}

const mc_expr *mc_expr_const(mc_sym *s, unsigned width, int64_t v) {
  if (width < 1 || width > 64)
    return NULL;
  return mk_const(s, width, v);
}

static bool is_const(const mc_expr *e, int64_t v) {
  return e->op == MC_EXPR_CONST && e->value == v;
}

/* ---- Sums ---------------------------------------------------------------- */

typedef struct {
  i128 coef;
  const mc_expr *t;
} term;

typedef struct {
  term *v;
  unsigned n, cap;
  i128 k;
  unsigned w;
  bool exact; /* every coefficient is still its own signed representative */
  bool oom;
} linear;

static void lin_init(linear *l, unsigned w) {
  memset(l, 0, sizeof *l);
  l->w = w;
  l->exact = true;
}

static i128 lin_reduce(linear *l, i128 x) {
  int64_t r = sym_rep(x, l->w);
  if ((i128)r != x)
    l->exact = false;
  return r;
}

static void lin_push(linear *l, i128 coef, const mc_expr *t) {
  if (l->n == l->cap) {
    unsigned cap = l->cap ? 2 * l->cap : 8;
    term *v = realloc(l->v, cap * sizeof *v);
    if (!v) {
      l->oom = true;
      return;
    }
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n].coef = lin_reduce(l, coef);
  l->v[l->n].t = t;
  l->n++;
}

/* Adds coef * e, flattening a sum of the same width. */
static void lin_add(linear *l, i128 coef, const mc_expr *e) {
  coef = lin_reduce(l, coef);
  if (e->op == MC_EXPR_CONST) {
    l->k = lin_reduce(l, l->k + coef * (e->width == 1 ? (int64_t)mc_expr_uvalue(e) : e->value));
  } else if (e->op == MC_EXPR_ADD && e->width == l->w) {
    for (unsigned i = 0; i < e->nops; i++)
      lin_push(l, coef * e->coefs[i], e->ops[i]);
    l->k = lin_reduce(l, l->k + coef * e->value);
  } else {
    lin_push(l, coef, e);
  }
}

static int term_cmp(const void *a, const void *b) {
  return sym_term_compare(((const term *)a)->t, ((const term *)b)->t);
}

/* The sum, assuming `assumed` of it (unless a coefficient wrapped). */
static const mc_expr *lin_finish(mc_sym *s, linear *l, unsigned assumed) {
  const mc_expr *r = NULL;
  const mc_expr **ops = NULL;
  int64_t *coefs = NULL;
  if (l->oom)
    goto out;
  if (l->n > 1)
    qsort(l->v, l->n, sizeof *l->v, term_cmp);
  unsigned n = 0;
  for (unsigned i = 0; i < l->n; i++) {
    if (n && l->v[n - 1].t == l->v[i].t)
      l->v[n - 1].coef = lin_reduce(l, l->v[n - 1].coef + l->v[i].coef);
    else
      l->v[n++] = l->v[i];
  }
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++)
    if (l->v[i].coef != 0)
      l->v[m++] = l->v[i];
  if (!l->exact)
    assumed = 0;
  int64_t k = sym_rep(l->k, l->w);
  if (m == 0) {
    r = mk_const(s, l->w, k);
    goto out;
  }
  if (m == 1 && l->v[0].coef == 1 && k == 0) {
    r = l->v[0].t;
    goto out;
  }
  ops = malloc(m * sizeof *ops);
  coefs = malloc(m * sizeof *coefs);
  if (!ops || !coefs)
    goto out;
  for (unsigned i = 0; i < m; i++) {
    ops[i] = l->v[i].t;
    coefs[i] = (int64_t)l->v[i].coef;
  }
  r = sym_intern(s, MC_EXPR_ADD, l->w, assumed, MC_CMP_EQ, k, NULL, m, ops, coefs);
out:
  free(ops);
  free(coefs);
  free(l->v);
  l->v = NULL;
  return r;
}

/* LLVM's nsw (nuw) on `a op b` says the operation on the signed
 * (unsigned) values does not overflow: a fact about the result's integer
 * reading when the operands' readings are their signed (unsigned) values.
 * (A negative constant is not its unsigned value: `add nuw x, -1` assumes
 * nothing about x - 1.) */
static unsigned ir_assumes(unsigned flags, const mc_expr *a, const mc_expr *b) {
  unsigned r = 0;
  if ((flags & MC_NSW) && sym_exact_signed(a) && sym_exact_signed(b))
    r |= MC_NSW;
  if ((flags & MC_NUW) && sym_exact_unsigned(a) && sym_exact_unsigned(b))
    r |= MC_NUW;
  return r;
}

static bool same_width(const mc_expr *a, const mc_expr *b) {
  return a && b && a->width == b->width;
}

const mc_expr *mc_expr_add(mc_sym *s, const mc_expr *a, const mc_expr *b,
                           unsigned flags) {
  if (!same_width(a, b))
    return NULL;
  linear l;
  lin_init(&l, a->width);
  lin_add(&l, 1, a);
  lin_add(&l, 1, b);
  return lin_finish(s, &l, ir_assumes(flags, a, b));
}

const mc_expr *mc_expr_sub(mc_sym *s, const mc_expr *a, const mc_expr *b,
                           unsigned flags) {
  if (!same_width(a, b))
    return NULL;
  linear l;
  lin_init(&l, a->width);
  lin_add(&l, 1, a);
  lin_add(&l, -1, b);
  return lin_finish(s, &l, ir_assumes(flags, a, b));
}

const mc_expr *mc_expr_neg(mc_sym *s, const mc_expr *a) {
  return a ? mc_expr_sub(s, mk_const(s, a->width, 0), a, 0) : NULL;
}

/* ---- Products ------------------------------------------------------------ */

typedef struct {
  const mc_expr **v;
  unsigned n, cap;
  bool oom;
} expr_list;

static void list_push(expr_list *l, const mc_expr *e) {
  if (l->n == l->cap) {
    unsigned cap = l->cap ? 2 * l->cap : 8;
    const mc_expr **v = realloc(l->v, cap * sizeof *v);
    if (!v) {
      l->oom = true;
      return;
    }
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = e;
}

static int expr_cmp(const void *a, const void *b) {
  return mc_expr_compare(*(const mc_expr *const *)a, *(const mc_expr *const *)b);
}

static const mc_expr *build_product(mc_sym *s, unsigned w, const mc_expr *const *in,
                                    unsigned nin, unsigned assumed);

/* coef * (product of the factors), for distributing. */
typedef struct {
  i128 coef;
  const mc_expr **f;
  unsigned n;
} partial;

static const mc_expr *distribute(mc_sym *s, unsigned w, i128 c,
                                 const expr_list *others, const expr_list *sums,
                                 unsigned assumed) {
  unsigned total = 1;
  for (unsigned i = 0; i < sums->n; i++)
    total *= sums->v[i]->nops + (sums->v[i]->value != 0);
  unsigned width = others->n + sums->n;
  partial *cur = calloc(total, sizeof *cur), *next = calloc(total, sizeof *next);
  const mc_expr **fa = calloc((size_t)total * (width + 1), sizeof *fa);
  const mc_expr **fb = calloc((size_t)total * (width + 1), sizeof *fb);
  const mc_expr *r = NULL;
  if (!cur || !next || !fa || !fb)
    goto out;
  unsigned n = 1;
  bool exact = true;
  cur[0].coef = c;
  cur[0].f = fa;
  cur[0].n = others->n;
  if (others->n)
    memcpy(fa, others->v, others->n * sizeof *fa);
  for (unsigned i = 0; i < sums->n; i++) {
    const mc_expr *sum = sums->v[i];
    unsigned m = 0;
    for (unsigned p = 0; p < n; p++) {
      for (unsigned t = 0; t <= sum->nops; t++) {
        if (t == sum->nops && sum->value == 0)
          continue;
        partial *q = &next[m];
        q->f = fb + (size_t)m * (width + 1);
        if (cur[p].n)
          memcpy(q->f, cur[p].f, cur[p].n * sizeof *q->f);
        q->n = cur[p].n;
        i128 x = cur[p].coef * (t < sum->nops ? sum->coefs[t] : sum->value);
        q->coef = sym_rep(x, w);
        exact = exact && q->coef == x;
        if (t < sum->nops)
          q->f[q->n++] = sum->ops[t];
        m++;
      }
    }
    partial *tp = cur;
    cur = next;
    next = tp;
    const mc_expr **tf = fa;
    fa = fb;
    fb = tf;
    n = m;
  }
  linear l;
  lin_init(&l, w);
  for (unsigned p = 0; p < n; p++) {
    const mc_expr *prod =
        cur[p].n ? build_product(s, w, cur[p].f, cur[p].n, 0) : mk_const(s, w, 1);
    if (!prod) {
      free(l.v);
      goto out;
    }
    lin_add(&l, cur[p].coef, prod);
  }
  /* The integer reading is the product's: what was assumed of it holds. */
  r = lin_finish(s, &l, exact ? assumed : 0);
out:
  free(cur);
  free(next);
  free(fa);
  free(fb);
  return r;
}

static const mc_expr *build_product(mc_sym *s, unsigned w, const mc_expr *const *in,
                                    unsigned nin, unsigned assumed) {
  expr_list fs = {0}, others = {0}, sums = {0};
  const mc_expr *r = NULL;
  i128 c = 1;
  bool exact = true;
  for (unsigned i = 0; i < nin; i++) {
    const mc_expr *f = in[i];
    if (f->op == MC_EXPR_CONST) {
      i128 x = c * f->value;
      c = sym_rep(x, w);
      exact = exact && c == x;
    } else if (f->op == MC_EXPR_MUL && f->width == w) {
      for (unsigned j = 0; j < f->nops; j++)
        list_push(&fs, f->ops[j]);
    } else {
      list_push(&fs, f);
    }
  }
  if (fs.oom)
    goto out;
  if (!exact)
    assumed = 0;
  if (c == 0 || fs.n == 0) {
    r = mk_const(s, w, (int64_t)c);
    goto out;
  }
  unsigned total = 1;
  for (unsigned i = 0; i < fs.n; i++) {
    const mc_expr *f = fs.v[i];
    if (f->op == MC_EXPR_ADD && f->width == w) {
      list_push(&sums, f);
      /* saturated: the terms of many sums' product wrapped the count
       * around (2^32 of them read as 0, and distribute overran) */
      if (total <= MAX_DISTRIBUTED_TERMS)
        total *= f->nops + (f->value != 0);
    } else {
      list_push(&others, f);
    }
  }
  if (others.oom || sums.oom)
    goto out;
  if (sums.n == 1 && others.n == 0) {
    /* c * (a sum): the integer reading is the same. */
    linear l;
    lin_init(&l, w);
    lin_add(&l, c, sums.v[0]);
    r = lin_finish(s, &l, assumed);
    goto out;
  }
  if (sums.n && total <= MAX_DISTRIBUTED_TERMS) {
    r = distribute(s, w, c, &others, &sums, assumed);
    goto out;
  }
  qsort(fs.v, fs.n, sizeof *fs.v, expr_cmp);
  /* What holds of c * core holds of core when |c| >= 1 shrinks nothing:
   * c > 0 for both readings, c <= -2 for the signed one. */
  unsigned core_assumed = c > 0 ? assumed : c < -1 ? assumed & MC_NSW : 0;
  const mc_expr *core =
      fs.n == 1 ? fs.v[0]
                : sym_intern(s, MC_EXPR_MUL, w, core_assumed, MC_CMP_EQ, 0, NULL, fs.n, fs.v,
                             NULL);
  if (!core || c == 1) {
    r = core;
    goto out;
  }
  linear l;
  lin_init(&l, w);
  lin_push(&l, c, core);
  r = lin_finish(s, &l, assumed);
out:
  free(fs.v);
  free(others.v);
  free(sums.v);
  return r;
}

const mc_expr *mc_expr_mul(mc_sym *s, const mc_expr *a, const mc_expr *b,
                           unsigned flags) {
  if (!same_width(a, b))
    return NULL;
  const mc_expr *in[2] = {a, b};
  return build_product(s, a->width, in, 2, ir_assumes(flags, a, b));
}

/* ---- And, or, xor, min, max -------------------------------------------- */

static bool nary_op(mc_expr_op op) {
  return op == MC_EXPR_AND || op == MC_EXPR_OR || op == MC_EXPR_XOR ||
         op == MC_EXPR_UMIN || op == MC_EXPR_UMAX || op == MC_EXPR_SMIN ||
         op == MC_EXPR_SMAX;
}

static uint64_t fold_nary(mc_expr_op op, uint64_t x, uint64_t y, unsigned w) {
  int64_t sx = sym_sext(x, w), sy = sym_sext(y, w);
  switch (op) {
  case MC_EXPR_AND: return x & y;
  case MC_EXPR_OR: return x | y;
  case MC_EXPR_XOR: return x ^ y;
  case MC_EXPR_UMIN: return x < y ? x : y;
  case MC_EXPR_UMAX: return x > y ? x : y;
  case MC_EXPR_SMIN: return sx < sy ? x : y;
  case MC_EXPR_SMAX: return sx > sy ? x : y;
  default: return 0;
  }
}

static uint64_t nary_identity(mc_expr_op op, unsigned w) {
  switch (op) {
  case MC_EXPR_AND:
  case MC_EXPR_UMIN: return sym_mask(w);
  case MC_EXPR_SMIN: return sym_mask(w) >> 1;
  case MC_EXPR_SMAX: return (sym_mask(w) >> 1) + 1;
  default: return 0;
  }
}

static bool nary_absorbs(mc_expr_op op, uint64_t c, unsigned w) {
  switch (op) {
  case MC_EXPR_AND:
  case MC_EXPR_UMIN: return c == 0;
  case MC_EXPR_OR:
  case MC_EXPR_UMAX: return c == sym_mask(w);
  case MC_EXPR_SMIN: return c == (sym_mask(w) >> 1) + 1;
  case MC_EXPR_SMAX: return c == sym_mask(w) >> 1;
  default: return false;
  }
}

static mc_cmp invert(mc_cmp p, bool *swap) {
  *swap = true;
  switch (p) {
  case MC_CMP_EQ: *swap = false; return MC_CMP_NE;
  case MC_CMP_NE: *swap = false; return MC_CMP_EQ;
  case MC_CMP_ULT: return MC_CMP_ULE; /* !(a < b) is b <= a */
  case MC_CMP_ULE: return MC_CMP_ULT;
  case MC_CMP_SLT: return MC_CMP_SLE;
  case MC_CMP_SLE: return MC_CMP_SLT;
  default: *swap = false; return p;
  }
}

/* A min/max constant cannot win when some operand is always on its side of
 * it: min(x, 32) with x <= 31 is x. */
static bool const_irrelevant(mc_expr_op op, const expr_list *l, uint64_t c, unsigned w) {
  bool sgn = op == MC_EXPR_SMIN || op == MC_EXPR_SMAX;
  bool min = op == MC_EXPR_UMIN || op == MC_EXPR_SMIN;
  i128 cv = sgn ? (i128)sym_sext(c, w) : (i128)c;
  for (unsigned i = 0; i < l->n; i++) {
    sym_ival r = sgn ? sym_read_signed(l->v[i]) : sym_read_unsigned(l->v[i]);
    if (min ? r.hi <= cv : r.lo >= cv)
      return true;
  }
  return false;
}

static const mc_expr *build_nary(mc_sym *s, mc_expr_op op, unsigned w,
                                 const mc_expr *const *in, unsigned nin) {
  expr_list l = {0}, stack = {0};
  const mc_expr *r = NULL;
  uint64_t c = nary_identity(op, w);
  for (unsigned i = nin; i-- > 0;)
    list_push(&stack, in[i]);
  while (stack.n && !stack.oom) {
    const mc_expr *e = stack.v[--stack.n];
    if (e->op == op && e->width == w) {
      for (unsigned j = e->nops; j-- > 0;)
        list_push(&stack, e->ops[j]);
    } else if (e->op == MC_EXPR_CONST) {
      c = fold_nary(op, c, mc_expr_uvalue(e), w) & sym_mask(w);
    } else {
      list_push(&l, e);
    }
  }
  if (l.oom || stack.oom)
    goto out;
  if (nary_absorbs(op, c, w)) {
    r = mk_const(s, w, (int64_t)c);
    goto out;
  }
  if (l.n > 1)
    qsort(l.v, l.n, sizeof *l.v, expr_cmp);
  unsigned n = 0;
  for (unsigned i = 0; i < l.n; i++) {
    if (n && l.v[n - 1] == l.v[i]) {
      if (op == MC_EXPR_XOR)
        n--; /* x ^ x = 0 */
      continue;
    }
    l.v[n++] = l.v[i];
  }
  l.n = n;
  bool keep_const = c != nary_identity(op, w);
  if (keep_const && op == MC_EXPR_AND && l.n == 1 && ((c + 1) & c) == 0 &&
      sym_exact_unsigned(l.v[0]) && sym_ival_of(l.v[0]->range).hi <= (i128)c)
    keep_const = false; /* x & 31 with 0 <= x <= 31 */
  if (keep_const && op != MC_EXPR_AND && op != MC_EXPR_OR && op != MC_EXPR_XOR &&
      const_irrelevant(op, &l, c, w))
    keep_const = false;
  if (op == MC_EXPR_XOR && w == 1 && l.n == 1 && keep_const &&
      l.v[0]->op == MC_EXPR_CMP) {
    bool swap;
    const mc_expr *cmp = l.v[0];
    mc_cmp p = invert(cmp->pred, &swap);
    r = mc_expr_cmp(s, p, cmp->ops[swap ? 1 : 0], cmp->ops[swap ? 0 : 1]);
    goto out;
  }
  if (keep_const && op == MC_EXPR_XOR && l.n == 1 && ((c + 1) & c) == 0 && c != sym_mask(w) &&
      sym_exact_unsigned(l.v[0]) && l.v[0]->range.hi <= (int64_t)c) {
    /* x ^ 1023 with 0 <= x <= 1023 is 1023 - x (LLVM 22 writes the one,
     * LLVM 19 the other). */
    r = mc_expr_sub(s, mk_const(s, w, (int64_t)c), l.v[0], 0);
    goto out;
  }
  if (keep_const && op == MC_EXPR_XOR && w > 1 && c == sym_mask(w) && l.n) {
    /* ~x is -1 - x: a sum, so that -1 - threadIdx.x and friends merge. */
    const mc_expr *x = l.n == 1 ? l.v[0] : build_nary(s, MC_EXPR_XOR, w, l.v, l.n);
    r = x ? mc_expr_sub(s, mk_const(s, w, -1), x, 0) : NULL;
    goto out;
  }
  if (keep_const) {
    const mc_expr *k = mk_const(s, w, (int64_t)c);
    if (!k)
      goto out;
    list_push(&l, k);
    if (l.oom)
      goto out;
  }
  if (l.n == 0)
    r = mk_const(s, w, (int64_t)c);
  else if (l.n == 1)
    r = l.v[0];
  else
    r = sym_intern(s, op, w, 0, MC_CMP_EQ, 0, NULL, l.n, l.v, NULL);
out:
  free(l.v);
  free(stack.v);
  return r;
}

const mc_expr *mc_expr_not(mc_sym *s, const mc_expr *a) {
  if (!a)
    return NULL;
  const mc_expr *in[2] = {a, mk_const(s, a->width, -1)};
  return in[1] ? build_nary(s, MC_EXPR_XOR, a->width, in, 2) : NULL;
}

/* ---- Division, remainder, shifts ----------------------------------------- */

static const mc_expr *intern2(mc_sym *s, mc_expr_op op, const mc_expr *a,
                              const mc_expr *b) {
  const mc_expr *ops[2] = {a, b};
  return sym_intern(s, op, a->width, 0, MC_CMP_EQ, 0, NULL, 2, ops, NULL);
}

static const mc_expr *build_divrem(mc_sym *s, mc_expr_op op, const mc_expr *a,
                                   const mc_expr *b) {
  unsigned w = a->width;
  bool sgn = op == MC_EXPR_SDIV || op == MC_EXPR_SREM;
  bool div = op == MC_EXPR_UDIV || op == MC_EXPR_SDIV;
  if (b->op == MC_EXPR_CONST) {
    uint64_t ub = mc_expr_uvalue(b);
    int64_t sb = b->value;
    if (ub == 0)
      return intern2(s, op, a, b); /* undefined: kept for the evaluator */
    if (ub == 1)
      return div ? a : mk_const(s, w, 0);
    if (sgn && sb == -1)
      return div ? mc_expr_neg(s, a) : mk_const(s, w, 0);
    if (a->op == MC_EXPR_CONST) {
      uint64_t ua = mc_expr_uvalue(a);
      int64_t sa = a->value;
      switch (op) {
      case MC_EXPR_UDIV: return mk_const(s, w, (int64_t)(ua / ub));
      case MC_EXPR_UREM: return mk_const(s, w, (int64_t)(ua % ub));
      case MC_EXPR_SDIV: return mk_const(s, w, sa / sb);
      case MC_EXPR_SREM: return mk_const(s, w, sa % sb);
      default: break;
      }
    }
  }
  if (is_const(a, 0))
    return a;
  /* A dividend below the divisor: quotient 0, remainder the dividend. */
  sym_ival ra = sgn ? sym_read_signed(a) : sym_read_unsigned(a);
  sym_ival rb = sgn ? sym_read_signed(b) : sym_read_unsigned(b);
  if (ra.lo >= 0 && rb.lo > 0 && ra.hi < rb.lo)
    return div ? mk_const(s, w, 0) : a;
  return intern2(s, op, a, b);
}

static const mc_expr *build_shift(mc_sym *s, mc_expr_op op, const mc_expr *a,
                                  const mc_expr *b, unsigned flags) {
  unsigned w = a->width;
  if (b->op == MC_EXPR_CONST) {
    uint64_t k = mc_expr_uvalue(b);
    if (k >= w)
      return intern2(s, op, a, b); /* poison: kept for the evaluator */
    if (k == 0)
      return a;
    if (op == MC_EXPR_SHL) {
      /* 2^(w-1) is negative as a coefficient: the flags would change meaning. */
      const mc_expr *m = mk_const(s, w, (int64_t)((uint64_t)1 << k));
      return m ? mc_expr_mul(s, a, m, k == w - 1 ? 0 : flags) : NULL;
    }
    if (a->op == MC_EXPR_CONST) {
      uint64_t ua = mc_expr_uvalue(a);
      if (op == MC_EXPR_LSHR)
        return mk_const(s, w, (int64_t)(ua >> k));
      int64_t sa = a->value;
      uint64_t r = sa < 0 ? ~(~(uint64_t)sa >> k) : ((uint64_t)sa >> k);
      return mk_const(s, w, (int64_t)r);
    }
    if (op == MC_EXPR_LSHR) {
      sym_ival ra = sym_read_unsigned(a);
      if (ra.hi < ((i128)1 << k))
        return mk_const(s, w, 0);
    }
  }
  if (is_const(a, 0) || (op == MC_EXPR_ASHR && is_const(a, -1)))
    return a;
  return intern2(s, op, a, b);
}

const mc_expr *mc_expr_binary(mc_sym *s, mc_expr_op op, const mc_expr *a,
                              const mc_expr *b, unsigned flags) {
  if (!same_width(a, b))
    return NULL;
  switch (op) {
  case MC_EXPR_ADD: return mc_expr_add(s, a, b, flags);
  case MC_EXPR_MUL: return mc_expr_mul(s, a, b, flags);
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
  case MC_EXPR_UREM:
  case MC_EXPR_SREM: return build_divrem(s, op, a, b);
  case MC_EXPR_SHL:
  case MC_EXPR_LSHR:
  case MC_EXPR_ASHR: return build_shift(s, op, a, b, flags);
  default:
    if (nary_op(op)) {
      const mc_expr *in[2] = {a, b};
      return build_nary(s, op, a->width, in, 2);
    }
    return NULL;
  }
}

/* ---- Comparisons and selects ---------------------------------------------- */

bool sym_fold_cmp(mc_cmp p, uint64_t a, uint64_t b, unsigned w) {
  int64_t sa = sym_sext(a, w), sb = sym_sext(b, w);
  switch (p) {
  case MC_CMP_EQ: return a == b;
  case MC_CMP_NE: return a != b;
  case MC_CMP_ULT: return a < b;
  case MC_CMP_ULE: return a <= b;
  case MC_CMP_UGT: return a > b;
  case MC_CMP_UGE: return a >= b;
  case MC_CMP_SLT: return sa < sb;
  case MC_CMP_SLE: return sa <= sb;
  case MC_CMP_SGT: return sa > sb;
  case MC_CMP_SGE: return sa >= sb;
  }
  return false;
}

const mc_expr *mc_expr_cmp(mc_sym *s, mc_cmp pred, const mc_expr *a,
                           const mc_expr *b) {
  if (!same_width(a, b))
    return NULL;
  unsigned w = a->width;
  /* Only the "less" forms: a > b is b < a. */
  bool swap = true;
  switch (pred) {
  case MC_CMP_UGT: pred = MC_CMP_ULT; break;
  case MC_CMP_UGE: pred = MC_CMP_ULE; break;
  case MC_CMP_SGT: pred = MC_CMP_SLT; break;
  case MC_CMP_SGE: pred = MC_CMP_SLE; break;
  default: swap = false; break;
  }
  if (swap) {
    const mc_expr *t = a;
    a = b;
    b = t;
  }
  if (a->op == MC_EXPR_CONST && b->op == MC_EXPR_CONST)
    return mk_const(s, 1, sym_fold_cmp(pred, mc_expr_uvalue(a), mc_expr_uvalue(b), w));
  if (a == b)
    return mk_const(s, 1, pred == MC_CMP_EQ || pred == MC_CMP_ULE || pred == MC_CMP_SLE);
  int decided = -1;
  if (pred == MC_CMP_EQ || pred == MC_CMP_NE) {
    if (mc_expr_compare(a, b) > 0) {
      const mc_expr *t = a;
      a = b;
      b = t;
    }
    bool es = sym_exact_signed(a) && sym_exact_signed(b);
    bool eu = sym_exact_unsigned(a) && sym_exact_unsigned(b);
    sym_ival ra = sym_ival_of(a->range), rb = sym_ival_of(b->range);
    if ((es || eu) && (ra.hi < rb.lo || rb.hi < ra.lo))
      decided = pred == MC_CMP_NE;
    /* x | c with c != 0 is never 0 (`(blockIdx.x & 1 | threadIdx.x) == 0`,
     * clang's `blockIdx.x % 2 == 0 && threadIdx.x == 0`, in lane 1) */
    int64_t c;
    const mc_expr *x = is_const(a, 0) ? b : is_const(b, 0) ? a : NULL;
    if (x && x->op == MC_EXPR_OR && mc_expr_is_const(x->ops[x->nops - 1], &c) && c)
      decided = pred == MC_CMP_NE;
  } else {
    bool sgn = pred == MC_CMP_SLT || pred == MC_CMP_SLE;
    bool strict = pred == MC_CMP_SLT || pred == MC_CMP_ULT;
    sym_ival ra = sgn ? sym_read_signed(a) : sym_read_unsigned(a);
    sym_ival rb = sgn ? sym_read_signed(b) : sym_read_unsigned(b);
    if (strict ? ra.hi < rb.lo : ra.hi <= rb.lo)
      decided = 1;
    else if (strict ? ra.lo >= rb.hi : ra.lo > rb.hi)
      decided = 0;
  }
  if (decided >= 0)
    return mk_const(s, 1, decided);
  const mc_expr *ops[2] = {a, b};
  return sym_intern(s, MC_EXPR_CMP, 1, 0, pred, 0, NULL, 2, ops, NULL);
}

const mc_expr *mc_expr_select(mc_sym *s, const mc_expr *c, const mc_expr *a,
                              const mc_expr *b) {
  if (!c || c->width != 1 || !same_width(a, b))
    return NULL;
  for (;;) {
    if (c->op == MC_EXPR_CONST)
      return c->value ? a : b;
    if (a == b)
      return a;
    if (c->op == MC_EXPR_XOR && c->nops == 2 && is_const(c->ops[1], -1)) {
      c = c->ops[0]; /* select(!x, a, b) = select(x, b, a) */
    } else if (c->op == MC_EXPR_CMP && (c->pred == MC_CMP_NE || c->pred == MC_CMP_ULE ||
                                         c->pred == MC_CMP_SLE)) {
      /* Conditions are ==, < (unsigned or signed): a != b ? x : y is
       * a == b ? y : x, and a <= b ? x : y is b < a ? y : x. */
      c = mc_expr_not(s, c);
      if (!c)
        return NULL;
    } else {
      break;
    }
    const mc_expr *t = a;
    a = b;
    b = t;
  }
  /* c ? (c ? x : y) : z is c ? x : z, and c ? x : (c ? y : z) is c ? x : z */
  if (a->op == MC_EXPR_SELECT && a->ops[0] == c)
    return mc_expr_select(s, c, a->ops[1], b);
  if (b->op == MC_EXPR_SELECT && b->ops[0] == c)
    return mc_expr_select(s, c, a, b->ops[2]);
  if (a->width == 1) {
    /* Booleans: c && b, c || b as instcombine writes them (selects). */
    const mc_expr *in[2] = {c, NULL};
    if (is_const(a, -1) || is_const(b, 0)) {
      in[1] = is_const(a, -1) ? b : a;
      return build_nary(s, is_const(a, -1) ? MC_EXPR_OR : MC_EXPR_AND, 1, in, 2);
    }
    if (is_const(a, 0) || is_const(b, -1)) {
      in[0] = mc_expr_not(s, c);
      in[1] = is_const(a, 0) ? b : a;
      return in[0] ? build_nary(s, is_const(a, 0) ? MC_EXPR_AND : MC_EXPR_OR, 1, in, 2)
                   : NULL;
    }
  }
  const mc_expr *ops[3] = {c, a, b};
  return sym_intern(s, MC_EXPR_SELECT, a->width, 0, MC_CMP_EQ, 0, NULL, 3, ops, NULL);
}

/* ---- Casts ----------------------------------------------------------------- */

static const mc_expr *cast_node(mc_sym *s, mc_expr_op op, const mc_expr *a,
                                unsigned w) {
  return sym_intern(s, op, w, 0, MC_CMP_EQ, 0, NULL, 1, &a, NULL);
}

/* e at width w > e->width with the same integer reading: sums, products
 * and selects are rebuilt from widened operands (keeping what was assumed
 * of them); anything else whose reading is exact becomes its zext (or
 * sext). NULL when a part has no exact reading. This is how an exact zext
 * or sext moves inside a sum: 4 * sext(i + 1) is 4 * sext(i) + 4. */
static const mc_expr *widen(mc_sym *s, const mc_expr *e, unsigned w) {
  switch (e->op) {
  case MC_EXPR_CONST:
    return mk_const(s, w, e->width == 1 ? (int64_t)mc_expr_uvalue(e) : e->value);
  case MC_EXPR_ADD: {
    linear l;
    lin_init(&l, w);
    l.k = e->value;
    for (unsigned i = 0; i < e->nops; i++) {
      const mc_expr *t = widen(s, e->ops[i], w);
      if (!t) {
        free(l.v);
        return NULL;
      }
      lin_add(&l, e->coefs[i], t);
    }
    return lin_finish(s, &l, e->flags);
  }
  case MC_EXPR_MUL: {
    const mc_expr **f = malloc(e->nops * sizeof *f);
    if (!f)
      return NULL;
    const mc_expr *r = NULL;
    bool ok = true;
    for (unsigned i = 0; i < e->nops && ok; i++)
      ok = (f[i] = widen(s, e->ops[i], w)) != NULL;
    if (ok)
      r = build_product(s, w, f, e->nops, e->flags);
    free(f);
    return r;
  }
  case MC_EXPR_SELECT: {
    const mc_expr *a = widen(s, e->ops[1], w), *b = widen(s, e->ops[2], w);
    return a && b ? mc_expr_select(s, e->ops[0], a, b) : NULL;
  }
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
    return cast_node(s, e->op, e->ops[0], w);
  default:
    if (sym_exact_unsigned(e))
      return cast_node(s, MC_EXPR_ZEXT, e, w);
    if (sym_exact_signed(e))
      return cast_node(s, MC_EXPR_SEXT, e, w);
    return NULL;
  }
}

static const mc_expr *trunc_through(mc_sym *s, const mc_expr *a, unsigned w) {
  if (a->op == MC_EXPR_ADD) {
    linear l;
    lin_init(&l, w);
    l.k = sym_rep(a->value, w);
    for (unsigned i = 0; i < a->nops; i++) {
      const mc_expr *t = mc_expr_cast(s, MC_EXPR_TRUNC, a->ops[i], w);
      if (!t) {
        free(l.v);
        return NULL;
      }
      lin_add(&l, sym_rep(a->coefs[i], w), t);
    }
    return lin_finish(s, &l, 0);
  }
  const mc_expr **f = malloc(a->nops * sizeof *f);
  if (!f)
    return NULL;
  const mc_expr *r = NULL;
  bool ok = true;
  for (unsigned i = 0; i < a->nops && ok; i++)
    ok = (f[i] = mc_expr_cast(s, MC_EXPR_TRUNC, a->ops[i], w)) != NULL;
  if (ok)
    r = a->op == MC_EXPR_MUL ? build_product(s, w, f, a->nops, 0)
                             : build_nary(s, a->op, w, f, a->nops);
  free(f);
  return r;
}

const mc_expr *mc_expr_cast(mc_sym *s, mc_expr_op op, const mc_expr *a,
                            unsigned w) {
  if (!a || w < 1 || w > 64)
    return NULL;
  if (a->width == w)
    return a;
  switch (op) {
  case MC_EXPR_ZEXT:
    if (w < a->width)
      return NULL;
    if (a->op == MC_EXPR_CONST)
      return mk_const(s, w, (int64_t)mc_expr_uvalue(a));
    if (a->op == MC_EXPR_ZEXT)
      return mc_expr_cast(s, MC_EXPR_ZEXT, a->ops[0], w);
    if (sym_exact_unsigned(a)) {
      const mc_expr *r = widen(s, a, w);
      if (r)
        return r;
    }
    return cast_node(s, MC_EXPR_ZEXT, a, w);
  case MC_EXPR_SEXT:
    if (w < a->width)
      return NULL;
    if (a->op == MC_EXPR_CONST)
      return mk_const(s, w, a->value);
    if (a->op == MC_EXPR_SEXT || a->op == MC_EXPR_ZEXT)
      return mc_expr_cast(s, a->op, a->ops[0], w); /* zext'd: sign bit 0 */
    if (sym_exact_signed(a)) {
      const mc_expr *r = widen(s, a, w);
      if (r)
        return r;
    }
    return cast_node(s, MC_EXPR_SEXT, a, w);
  case MC_EXPR_TRUNC:
    if (w > a->width)
      return NULL;
    if (a->op == MC_EXPR_CONST)
      return mk_const(s, w, a->value);
    if (a->op == MC_EXPR_ZEXT || a->op == MC_EXPR_SEXT) {
      const mc_expr *x = a->ops[0];
      if (x->width == w)
        return x;
      return x->width < w ? mc_expr_cast(s, a->op, x, w)
                          : mc_expr_cast(s, MC_EXPR_TRUNC, x, w);
    }
    if (a->op == MC_EXPR_TRUNC)
      return mc_expr_cast(s, MC_EXPR_TRUNC, a->ops[0], w);
    if (a->op == MC_EXPR_ADD || a->op == MC_EXPR_MUL || a->op == MC_EXPR_AND ||
        a->op == MC_EXPR_OR || a->op == MC_EXPR_XOR)
      return trunc_through(s, a, w);
    return cast_node(s, MC_EXPR_TRUNC, a, w);
  default:
    return NULL;
  }
}

const mc_expr *mc_expr_resize(mc_sym *s, const mc_expr *a, unsigned width,
                              bool is_signed) {
  if (!a)
    return NULL;
  if (width > a->width)
    return mc_expr_cast(s, is_signed ? MC_EXPR_SEXT : MC_EXPR_ZEXT, a, width);
  return mc_expr_cast(s, MC_EXPR_TRUNC, a, width);
}

/* ---- Exact division, rebuilding, substitution ----------------------------- */

const mc_expr *mc_expr_div_exact(mc_sym *s, const mc_expr *e, int64_t d) {
  if (!e || d <= 0)
    return NULL;
  if (d == 1)
    return e;
  if (e->op == MC_EXPR_CONST)
    return e->value % d == 0 ? mk_const(s, e->width, e->value / d) : NULL;
  if (e->op != MC_EXPR_ADD || e->value % d != 0)
    return NULL;
  for (unsigned i = 0; i < e->nops; i++)
    if (e->coefs[i] % d != 0)
      return NULL;
  /* The integer reading is e's divided by d: smaller, so still exact. */
  linear l;
  lin_init(&l, e->width);
  l.k = e->value / d;
  for (unsigned i = 0; i < e->nops; i++)
    lin_push(&l, e->coefs[i] / d, e->ops[i]);
  return lin_finish(s, &l, e->flags);
}

const mc_expr *mc_expr_rebuild(mc_sym *s, const mc_expr *e, const mc_expr *const *ops) {
  for (unsigned i = 0; i < e->nops; i++)
    if (!ops[i])
      return NULL;
  switch (e->op) {
  case MC_EXPR_CONST:
  case MC_EXPR_ATOM:
    return e;
  case MC_EXPR_ADD: {
    linear l;
    lin_init(&l, e->width);
    l.k = e->value;
    for (unsigned i = 0; i < e->nops; i++) {
      if (ops[i]->width != e->width) {
        free(l.v);
        return NULL;
      }
      lin_add(&l, e->coefs[i], ops[i]);
    }
    return lin_finish(s, &l, e->assumed);
  }
  case MC_EXPR_MUL:
    for (unsigned i = 0; i < e->nops; i++)
      if (ops[i]->width != e->width)
        return NULL;
    return build_product(s, e->width, ops, e->nops, e->assumed);
  case MC_EXPR_CMP:
    return mc_expr_cmp(s, e->pred, ops[0], ops[1]);
  case MC_EXPR_SELECT:
    return mc_expr_select(s, ops[0], ops[1], ops[2]);
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC:
    if (ops[0]->width != e->ops[0]->width)
      return NULL;
    return mc_expr_cast(s, e->op, ops[0], e->width);
  default:
    if (nary_op(e->op)) {
      for (unsigned i = 0; i < e->nops; i++)
        if (ops[i]->width != e->width)
          return NULL;
      return build_nary(s, e->op, e->width, ops, e->nops);
    }
    return mc_expr_binary(s, e->op, ops[0], ops[1], 0);
  }
}

typedef struct {
  mc_sym *s;
  mc_rewrite_fn fn;
  void *data;
  sym_ptrmap memo;
} rewrite_ctx;

static const mc_expr *rewrite(rewrite_ctx *c, const mc_expr *e) {
  const mc_expr *done = sym_ptrmap_get(&c->memo, e);
  if (done)
    return done;
  const mc_expr *r = c->fn(c->data, e);
  if (r && r->width != e->width)
    return NULL;
  if (!r && !e->nops)
    r = e;
  if (!r) {
    const mc_expr *ops[64];
    const mc_expr **o = e->nops <= 64 ? ops : malloc(e->nops * sizeof *o);
    if (!o)
      return NULL;
    bool same = true, ok = true;
    for (unsigned i = 0; i < e->nops && ok; i++) {
      o[i] = rewrite(c, e->ops[i]);
      ok = o[i] != NULL;
      same = same && o[i] == e->ops[i];
    }
    r = !ok ? NULL : same ? e : mc_expr_rebuild(c->s, e, o);
    if (o != ops)
      free(o);
  }
  if (r && !sym_ptrmap_put(NULL, &c->memo, e, (void *)r))
    return NULL;
  return r;
}

/* The memo is the caller's stack, then the heap's: the cost stage
 * rewrites each access once per lane, and with the memos left in the
 * arena test/drf/sdk.cu peaked at 257 MB instead of 157 MB; with each on
 * the heap, the fuzz build (ASan records every free) took 225 s instead of
 * 155 s for its corpus. */
enum { MEMO_FIRST = 64 };

const mc_expr *mc_expr_rewrite(mc_sym *s, const mc_expr *e, mc_rewrite_fn fn, void *data) {
  if (!e || !fn)
    return NULL;
  const void *keys[MEMO_FIRST] = {0};
  void *vals[MEMO_FIRST] = {0};
  rewrite_ctx c = {s, fn, data, {keys, vals, MEMO_FIRST, 0, false}};
  const mc_expr *r = rewrite(&c, e);
  sym_ptrmap_free(&c.memo);
  return r;
}

typedef struct {
  mc_subst_fn fn;
  void *data;
} subst_ctx;

static const mc_expr *subst_atom(void *data, const mc_expr *e) {
  const subst_ctx *c = data;
  return e->op == MC_EXPR_ATOM ? c->fn(c->data, e->atom) : NULL;
}

const mc_expr *mc_expr_subst(mc_sym *s, const mc_expr *e, mc_subst_fn fn,
                             void *data) {
  if (!fn)
    return NULL;
  subst_ctx c = {fn, data};
  return mc_expr_rewrite(s, e, subst_atom, &c);
}

typedef struct {
  mc_range_fn fn;
  void *data;
  mc_sym *s;
  bool oom;
} narrow_ctx;

static const mc_expr *narrowed_atom(void *data, const mc_atom *a) {
  narrow_ctx *c = data;
  mc_interval r;
  if (!c->fn(c->data, a, &r))
    return NULL;
  const mc_expr *e = mc_sym_atom_in(c->s, a, r);
  c->oom = c->oom || !e;
  return e;
}

const mc_expr *mc_expr_narrow(mc_sym *s, const mc_expr *e, mc_range_fn fn, void *data) {
  if (!fn)
    return NULL;
  narrow_ctx c = {fn, data, s, false};
  const mc_expr *r = mc_expr_subst(s, e, narrowed_atom, &c);
  return c.oom ? NULL : r;
}

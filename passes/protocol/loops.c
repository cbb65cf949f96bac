/* loops.c - loops as ranges (seed 001 §6, seed 000 §6.3).
 *
 * Each loop of the lock-step form gets an iteration number k and, for each
 * integer or pointer phi of its header, the value in iteration 0 (from the
 * preheader), the value in iteration k + 1 (from the latches) and how one
 * follows from the other: added (`i += s`, decreasing when s < 0),
 * multiplied (`i *= 2`, `i <<= 1`), divided (`s /= 2`, `s >>= 1`) or
 * anything else. Additive, power-of-two multiplicative and unsigned
 * power-of-two divisive variables have closed forms in k that are exactly
 * what the IR computes, wrap-around included:
 *
 *     init + k * by      init << min(k, w) * c      init >> min(k, w) * c
 *
 * (a shift by the width or more is 0, as repeated steps give). `stay` is
 * the negation of the lock-step form's `leave`. Where stay compares one
 * variable that moves monotonically, without wrapping, towards a
 * loop-invariant bound, it holds for a prefix of the iterations
 * (`monotone`), and for additive variables the last iteration has a closed
 * form: with stay `v < B`, v = init + k*s, s > 0, it is
 * max(0, ceil((B - init) / s)), computed in 64 bits. The range (seed 001's
 * `for x in [lo, hi) step s`) is recorded for additive variables. What
 * depends on unknowns is recorded in `approx`; what has no closed form in
 * `irregular`.
 */
#include "protocol_impl.h"

#include "mapcost/shim.h"

#include <string.h>

/* ---- Variables ---------------------------------------------------------- */

/* Is block index x inside lock-step loop l? */
static bool block_in(const mc_lockstep *ls, unsigned l, int x) {
  return x >= (int)ls->loops[l].header && x <= (int)ls->loops[l].last;
}

/* The expression of a phi's incoming value: an integer, or a pointer's
 * byte offset from its array. NULL when there is none (with *oom false). */
static const mc_expr *incoming(pr_build *b, LLVMValueRef v, bool *oom) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind) {
    const mc_expr *e = pr_after_loops(b, mc_translate(b->t, v));
    *oom = !e;
    return e;
  }
  mc_base_kind base;
  int array;
  const char *reason;
  const mc_expr *off = NULL;
  if (!mc_pointer_base(b->t, v, &base, &array, &reason, &off)) {
    *oom = true;
    return NULL;
  }
  return base == MC_BASE_UNKNOWN ? NULL : off;
}

static bool is_pow2(int64_t v, unsigned *log) {
  if (v <= 1 || (v & (v - 1)))
    return false;
  unsigned n = 0;
  while ((int64_t)1 << n != v)
    n++;
  *log = n;
  return true;
}

/* next as a step of var: fills kind and by. */
static void classify(pr_build *b, const mc_ploop *l, mc_loop_var *v) {
  mc_sym *s = b->s;
  const mc_expr *x = v->var, *n = v->next;
  v->step = MC_STEP_OTHER;
  v->by = NULL;
  if (!n)
    return;
  const mc_expr *d = mc_expr_sub(s, n, x, 0);
  if (d && !pr_mentions_loop(d, l)) {
    v->step = MC_STEP_ADD;
    v->by = d;
    return;
  }
  /* x * c is a sum with one term; x << c, x / c and x >> c are nodes. */
  if (n->op == MC_EXPR_ADD && n->nops == 1 && n->ops[0] == x && n->value == 0 &&
      n->coefs[0] > 1) {
    v->step = MC_STEP_MUL;
    v->by = mc_expr_const(s, x->width, n->coefs[0]);
    return;
  }
  if (n->op == MC_EXPR_ADD && n->nops == 1 && n->ops[0] == x && n->coefs[0] == -1) {
    v->step = MC_STEP_TOGGLE; /* c - x */
    v->by = mc_expr_const(s, x->width, n->value);
    return;
  }
  int64_t c;
  if (n->nops != 2 || n->ops[0] != x || !mc_expr_is_const(n->ops[1], &c))
    return;
  if (n->op == MC_EXPR_XOR) {
    v->step = MC_STEP_TOGGLE;
    v->by = n->ops[1];
    return;
  }
  if (c <= 0)
    return;
  if (n->op == MC_EXPR_SHL || n->op == MC_EXPR_LSHR || n->op == MC_EXPR_ASHR) {
    if (c >= (int64_t)x->width)
      return;
    v->step = n->op == MC_EXPR_SHL    ? MC_STEP_MUL
              : n->op == MC_EXPR_LSHR ? MC_STEP_UDIV
                                      : MC_STEP_SDIV;
    v->by = mc_expr_const(s, x->width, (int64_t)1 << c);
  } else if ((n->op == MC_EXPR_UDIV || n->op == MC_EXPR_SDIV) && c > 1) {
    v->step = n->op == MC_EXPR_UDIV ? MC_STEP_UDIV : MC_STEP_SDIV;
    v->by = n->ops[1];
  }
}

/* The closed form of v in iteration l->iter (see the top). */
static const mc_expr *closed_form(pr_build *b, const mc_ploop *l, const mc_loop_var *v) {
  mc_sym *s = b->s;
  unsigned w = v->var->width;
  const mc_expr *k = mc_expr_resize(s, l->iter, w, false);
  int64_t by;
  unsigned log;
  switch (v->step) {
  case MC_STEP_ADD:
    return mc_expr_add(s, v->init, mc_expr_mul(s, k, v->by, 0), 0);
  case MC_STEP_MUL:
  case MC_STEP_UDIV:
  case MC_STEP_SDIV: {
    if (!mc_expr_is_const(v->by, &by) || !is_pow2(by, &log))
      return NULL;
    /* min(k, w) * log: past the width the value is 0 (-1 for a negative
     * value shifted arithmetically), as the steps give. */
    const mc_expr *kk = mc_expr_binary(s, MC_EXPR_UMIN, l->iter,
                                       mc_expr_const(s, 32, w), 0);
    const mc_expr *amount = mc_expr_mul(
        s, mc_expr_resize(s, kk, w, false), mc_expr_const(s, w, log), 0);
    if (w < 8) /* an amount of w or more does not fit: no closed form */
      return NULL;
    if (v->step != MC_STEP_SDIV || v->next->op == MC_EXPR_ASHR)
      return mc_expr_binary(s, v->step == MC_STEP_MUL    ? MC_EXPR_SHL
                               : v->step == MC_STEP_UDIV ? MC_EXPR_LSHR
                                                         : MC_EXPR_ASHR,
                            v->init, amount, 0);
    /* v / 2^log k times is v / 2^(k * log), rounded towards 0: the
     * magnitude shifted, the sign kept (-v of the most negative v is its
     * magnitude read unsigned). */
    const mc_expr *zero = mc_expr_const(s, w, 0);
    const mc_expr *up = mc_expr_binary(s, MC_EXPR_LSHR, v->init, amount, 0);
    const mc_expr *down = mc_expr_sub(
        s, zero, mc_expr_binary(s, MC_EXPR_LSHR, mc_expr_sub(s, zero, v->init, 0), amount, 0), 0);
    return mc_expr_select(s, mc_expr_cmp(s, MC_CMP_SLT, v->init, zero), down, up);
  }
  case MC_STEP_TOGGLE: { /* the odd iterations have the other value */
    const mc_expr *odd = mc_expr_cmp(
        s, MC_CMP_NE,
        mc_expr_binary(s, MC_EXPR_AND, l->iter, mc_expr_const(s, 32, 1), 0),
        mc_expr_const(s, 32, 0));
    const mc_expr *other = v->next->op == MC_EXPR_XOR
                               ? mc_expr_binary(s, MC_EXPR_XOR, v->init, v->by, 0)
                               : mc_expr_sub(s, v->by, v->init, 0);
    return mc_expr_select(s, odd, other, v->init);
  }
  default:
    return NULL;
  }
}

/* ---- What LLVM's scalar evolution knows ------------------------------------ */

static mc_shim_scev *scev_of(pr_build *b) {
  if (!b->scev && !b->scev_failed) {
    b->scev = mc_shim_scev_new(b->p->kernel->fn);
    b->scev_failed = !b->scev;
  }
  return b->scev;
}

/* The loop (index) whose header is bb, or -1. */
static int loop_of_header(pr_build *b, LLVMBasicBlockRef bb) {
  for (unsigned i = 0; i < b->ls->nloops; i++)
    if (b->ls->blocks[b->ls->loops[i].header].bb == bb)
      return (int)i;
  return -1;
}

/* Is loop `outer` loop `inner` or around it? */
static bool encloses(const mc_lockstep *ls, int outer, int inner) {
  for (int x = inner; x >= 0; x = ls->loops[x].parent)
    if (x == outer)
      return true;
  return false;
}

static const mc_expr *from_scev(pr_build *b, unsigned l, const mc_scev *e);

/* {op0,+,op1,+,op2} of loop m in its iteration k: op0 + op1 * k +
 * op2 * (k * (k - 1) / 2), the binomial computed exactly in 64 bits
 * (k < 2^32) and then taken modulo 2^width, as SCEV means it. */
static const mc_expr *recurrence(pr_build *b, unsigned l, const mc_scev *e) {
  mc_sym *s = b->s;
  int m = loop_of_header(b, e->loop);
  if (m < 0 || !encloses(b->ls, m, (int)l) || e->nops > 3 ||
      (!b->p->loops[m].iter && !pr_loop_ready(b, (unsigned)m)))
    return NULL;
  const mc_expr *k = b->p->loops[m].iter;
  const mc_expr *k64 = mc_expr_resize(s, k, 64, false);
  const mc_expr *binom[3] = {
      mc_expr_const(s, e->width, 1), mc_expr_resize(s, k, e->width, false),
      mc_expr_resize(s,
                     mc_expr_binary(s, MC_EXPR_LSHR,
                                    mc_expr_mul(s, k64,
                                                mc_expr_sub(s, k64, mc_expr_const(s, 64, 1), 0),
                                                0),
                                    mc_expr_const(s, 64, 1), 0),
                     e->width, false)};
  const mc_expr *sum = mc_expr_const(s, e->width, 0);
  for (unsigned i = 0; i < e->nops && sum; i++)
    sum = mc_expr_add(s, sum, mc_expr_mul(s, from_scev(b, l, e->ops[i]), binom[i], 0), 0);
  return sum;
}

/* A SCEV (shim.h) met in loop l as an expression over the same atoms as
 * the protocol's: values translated, recurrences of l or of a loop around
 * it in their iteration; NULL where that cannot be (a recurrence of
 * another loop or of a higher order). */
static const mc_expr *from_scev(pr_build *b, unsigned l, const mc_scev *e) {
  mc_sym *s = b->s;
  if (!e || !mc_spend(b->a, 1, "protocol"))
    return NULL;
  static const mc_expr_op nary[] = {
      [MC_SCEV_ADD] = MC_EXPR_ADD,   [MC_SCEV_MUL] = MC_EXPR_MUL,
      [MC_SCEV_UDIV] = MC_EXPR_UDIV, [MC_SCEV_SMAX] = MC_EXPR_SMAX,
      [MC_SCEV_UMAX] = MC_EXPR_UMAX, [MC_SCEV_SMIN] = MC_EXPR_SMIN,
      [MC_SCEV_UMIN] = MC_EXPR_UMIN, [MC_SCEV_ZEXT] = MC_EXPR_ZEXT,
      [MC_SCEV_SEXT] = MC_EXPR_SEXT, [MC_SCEV_TRUNC] = MC_EXPR_TRUNC};
  const mc_expr *x = NULL;
  switch (e->kind) {
  case MC_SCEV_CONST:
    x = mc_expr_const(s, e->width, (int64_t)e->value);
    break;
  case MC_SCEV_VALUE:
    x = pr_after_loops(b, mc_translate(b->t, e->v));
    break;
  case MC_SCEV_ZEXT:
  case MC_SCEV_SEXT:
  case MC_SCEV_TRUNC:
    x = mc_expr_cast(s, nary[e->kind], from_scev(b, l, e->ops[0]), e->width);
    break;
  case MC_SCEV_ADDREC:
    x = recurrence(b, l, e);
    break;
  default:
    x = from_scev(b, l, e->ops[0]);
    for (unsigned i = 1; i < e->nops && x; i++)
      x = mc_expr_binary(s, nary[e->kind], x, from_scev(b, l, e->ops[i]), 0);
    break;
  }
  return x && x->width == e->width ? x : NULL;
}

/* Loop variable v of loop l as SCEV's add recurrence of l, when it is one. */
static const mc_expr *scev_closed_form(pr_build *b, unsigned l, const mc_loop_var *v) {
  LLVMValueRef phi = v->atom->value;
  mc_shim_scev *se = phi && LLVMGetTypeKind(LLVMTypeOf(phi)) == LLVMIntegerTypeKind
                         ? scev_of(b)
                         : NULL;
  const mc_scev *e = se ? mc_shim_scev_value(se, phi, b->a) : NULL;
  if (!e || e->kind != MC_SCEV_ADDREC || e->loop != b->ls->blocks[b->ls->loops[l].header].bb)
    return NULL;
  return from_scev(b, l, e);
}

/* The last iteration of loop l as SCEV's exact back-edge count. */
static const mc_expr *scev_last(pr_build *b, unsigned l) {
  mc_shim_scev *se = scev_of(b);
  const mc_scev *e =
      se ? mc_shim_scev_backedge_count(se, b->ls->blocks[b->ls->loops[l].header].bb, b->a)
         : NULL;
  return e ? mc_expr_resize(b->s, from_scev(b, l, e), 64, false) : NULL;
}

/* ---- The exit condition and the range ------------------------------------- */

typedef struct {
  const mc_loop_var *v; /* the variable compared */
  int64_t offset;       /* the compared side is v + offset */
  bool shrunk;          /* ... or v >> c, v / c (c constant > 0) */
  bool shrunk_signed;   /* ... arithmetically, signed */
  const mc_expr *bound; /* the loop-invariant side */
  bool var_left;        /* stay is `v + offset PRED bound` (else bound PRED ...) */
  mc_cmp pred;          /* EQ, NE, ULT, ULE, SLT, SLE */
} comparison;

/* Is stay `f(v) PRED B` with f(v) = v + c (or v itself) for one variable
 * of l and B free of l's variables? */
static bool as_comparison(const mc_ploop *l, const mc_expr *stay, comparison *c) {
  if (stay->op != MC_EXPR_CMP)
    return false;
  for (int side = 0; side < 2; side++) {
    const mc_expr *f = stay->ops[side], *bound = stay->ops[1 - side];
    if (pr_mentions_loop(bound, l))
      continue;
    int64_t off = 0, k;
    bool shrunk = false, shrunk_signed = false;
    if (f->op == MC_EXPR_ADD && f->nops == 1 && f->coefs[0] == 1) {
      off = f->value;
      f = f->ops[0];
    } else if ((f->op == MC_EXPR_LSHR || f->op == MC_EXPR_UDIV || f->op == MC_EXPR_ASHR ||
                f->op == MC_EXPR_SDIV) &&
               mc_expr_is_const(f->ops[1], &k) && k > 0) {
      shrunk = true;
      shrunk_signed = f->op == MC_EXPR_ASHR || f->op == MC_EXPR_SDIV;
      f = f->ops[0];
    }
    for (unsigned i = 0; i < l->nvars; i++)
      if (l->vars[i].var == f) {
        *c = (comparison){&l->vars[i], off, shrunk, shrunk_signed, bound, side == 0, stay->pred};
        return true;
      }
  }
  return false;
}

static bool is_signed_cmp(mc_cmp p) { return p == MC_CMP_SLT || p == MC_CMP_SLE; }

/* The bounds of the type the comparison reads v in. */
static void type_range(unsigned w, bool is_signed, int64_t *lo, int64_t *hi) {
  if (w >= 64) {
    *lo = is_signed ? INT64_MIN : 0;
    *hi = INT64_MAX; /* unsigned 64-bit: saturated as the ranges are */
    return;
  }
  *lo = is_signed ? -((int64_t)1 << (w - 1)) : 0;
  *hi = is_signed ? ((int64_t)1 << (w - 1)) - 1 : ((int64_t)1 << w) - 1;
}

static bool inclusive_cmp(mc_cmp p) { return p == MC_CMP_ULE || p == MC_CMP_SLE; }

/* For an additive variable with step s compared as in c, g = v + offset:
 * does g move towards the bound, and can one step from a value where stay
 * holds not wrap around the type the comparison reads it in (the IR's
 * nsw/nuw on the step, or the bound's range)? Then the iterations are
 * exactly k <= last (see additive_range). */
static bool additive_monotone(const comparison *c) {
  bool sgn = is_signed_cmp(c->pred);
  const mc_expr *by = c->v->by;
  bool up = by->range.lo > 0, down = by->range.hi < 0;
  if (c->pred == MC_CMP_EQ || c->pred == MC_CMP_NE || c->shrunk || !(up || down) ||
      up != c->var_left || !mc_expr_exact(c->bound, sgn) || !mc_expr_exact(by, true))
    return false;
  if (c->offset == 0 && mc_expr_exact(c->v->next, sgn))
    return true; /* the step never wraps in this reading */
  int64_t lo, hi;
  type_range(c->v->var->width, sgn, &lo, &hi);
  mc_interval r = c->bound->range;
  int64_t room = inclusive_cmp(c->pred) ? 0 : 1; /* g < B: g <= B - 1 */
  if (up) /* g <= B.hi - room, and g + s <= hi */
    return r.hi != INT64_MAX && by->range.hi < INT64_MAX / 4 && r.hi - room <= hi - by->range.hi;
  return r.lo != INT64_MIN && by->range.lo > INT64_MIN / 4 && r.lo + room >= lo - by->range.lo;
}

/* v * c (c > 1) that the IR says never wraps, from a positive start,
 * below a bound: it grows until it passes it. */
static bool growing_monotone(const comparison *c) {
  bool sgn = is_signed_cmp(c->pred);
  int64_t f, lo, hi;
  if (c->v->step != MC_STEP_MUL || !c->var_left || c->shrunk || c->offset != 0 ||
      c->pred == MC_CMP_EQ || c->pred == MC_CMP_NE || !mc_expr_exact(c->v->init, sgn) ||
      c->v->init->range.lo <= 0 || !mc_expr_is_const(c->v->by, &f))
    return false;
  if (mc_expr_exact(c->v->next, sgn))
    return true;
  /* While v < B, v * f < B.hi * f: no wrap when that fits the type. */
  type_range(c->v->var->width, sgn, &lo, &hi);
  mc_interval r = c->bound->range;
  return mc_expr_exact(c->bound, sgn) && r.hi > 0 && r.hi <= hi / f;
}

/* v + off != 0 (or 0 < v + off, unsigned) for a variable that shrinks
 * towards 0: unsigned division or an unsigned right shift. And B < v
 * (B >= 0) or B <= v (B >= 1) signed for one divided signed or shifted
 * arithmetically (`for (int d = n >> 1; d > 0; d >>= 1)`): a positive v
 * falls towards 0, a negative one stays below B (a signed division takes
 * it up to 0, so 0 <= v would hold again). */
static bool shrinking_monotone(const comparison *c) {
  int64_t bv;
  if (c->offset != 0 || !mc_expr_is_const(c->bound, &bv))
    return false; /* (v >> c, v / c of a shrinking v shrink too) */
  if (c->v->step == MC_STEP_SDIV) /* (the sign stays: read as bits it need not shrink) */
    return (!c->shrunk || c->shrunk_signed) && !c->var_left && is_signed_cmp(c->pred) &&
           bv >= (c->pred == MC_CMP_SLE);
  if (c->v->step != MC_STEP_UDIV || c->shrunk_signed)
    return false;
  if (c->pred == MC_CMP_NE && bv == 0)
    return true;
  if (c->var_left)
    return false;
  /* B < v signed: monotone once v starts non-negative (a shift of a
   * negative v makes it large) */
  return c->pred == MC_CMP_ULT || c->pred == MC_CMP_ULE ||
         (is_signed_cmp(c->pred) && mc_expr_exact(c->v->init, true) &&
          c->v->init->range.lo >= 0);
}

/* The last iteration and the range of an additive loop variable: with
 * g0 = init + offset read as the comparison reads it, in 64 bits, the
 * first k where stay fails is max(0, ceil(d / |s|)), where d is B - g0
 * (B + 1 - g0 for <=) when g increases and g0 - B (g0 - B + 1) when it
 * decreases. */
static void additive_range(pr_build *b, mc_ploop *l, const comparison *c) {
  mc_sym *sy = b->s;
  bool sgn = is_signed_cmp(c->pred);
  unsigned w = c->v->var->width;
  bool up = c->v->by->range.lo > 0;
  const mc_expr *g0 = mc_expr_resize(
      sy, mc_expr_add(sy, c->v->init, mc_expr_const(sy, w, c->offset), 0), 64, sgn);
  const mc_expr *bound = mc_expr_resize(sy, c->bound, 64, sgn);
  const mc_expr *d = up ? mc_expr_sub(sy, bound, g0, 0) : mc_expr_sub(sy, g0, bound, 0);
  const mc_expr *m = mc_expr_resize(sy, c->v->by, 64, true);
  if (!up)
    m = mc_expr_neg(sy, m);
  d = mc_expr_add(sy, mc_expr_sub(sy, d, mc_expr_const(sy, 64, 1 - inclusive_cmp(c->pred)), 0),
                  m, 0);
  const mc_expr *steps = mc_expr_binary(sy, MC_EXPR_SDIV, d, m, 0);
  l->last = mc_expr_binary(sy, MC_EXPR_SMAX, steps, mc_expr_const(sy, 64, 0), 0);
  /* The range of v itself: from init while below (above) B - offset. */
  const mc_expr *hi = mc_expr_sub(sy, c->bound, mc_expr_const(sy, w, c->offset), 0);
  if (inclusive_cmp(c->pred))
    hi = mc_expr_add(sy, hi, mc_expr_const(sy, w, up ? 1 : -1), 0);
  l->lo = c->v->init;
  l->hi = hi;
  l->range_step = c->v->by;
  l->range_var = (int)(c->v - l->vars);
}

/* `g != B` with a unit step from a g0 on the near side of B (for every
 * value the facts allow) is `g < B` (`B < g` going down): read signed. */
static void ne_as_less(pr_build *b, comparison *c, int64_t s) {
  const mc_expr *g0 = mc_expr_add(b->s, c->v->init,
                                  mc_expr_const(b->s, c->v->var->width, c->offset), 0);
  if (!g0 || !mc_expr_exact(g0, true) || !mc_expr_exact(c->bound, true))
    return;
  mc_interval gr = g0->range, br = c->bound->range;
  if (s > 0 ? gr.hi <= br.lo : gr.lo >= br.hi) {
    c->pred = MC_CMP_SLT;
    c->var_left = s > 0;
  }
}

static void analyse_exit(pr_build *b, mc_ploop *l) {
  comparison c;
  if (!as_comparison(l, l->stay, &c))
    return;
  int64_t s;
  if (c.v->step == MC_STEP_ADD && c.pred == MC_CMP_NE && !c.shrunk &&
      mc_expr_is_const(c.v->by, &s) && (s == 1 || s == -1))
    ne_as_less(b, &c, s);
  if (c.v->step == MC_STEP_ADD && additive_monotone(&c)) {
    l->monotone = true;
    additive_range(b, l, &c);
  } else {
    l->monotone = shrinking_monotone(&c) || growing_monotone(&c);
  }
}

/* ---- Values after a loop ------------------------------------------------- */

typedef struct {
  pr_build *b;
  const mc_ploop *l;
  const mc_expr *k;
  bool missing;
} at_exit;

static const mc_expr *var_at_exit(void *data, const mc_atom *a) {
  at_exit *c = data;
  if (a == c->l->iter->atom)
    return c->k;
  for (unsigned i = 0; i < c->l->nvars; i++)
    if (c->l->vars[i].atom == a) {
      const mc_expr *v = c->l->vars[i].closed;
      if (!v) {
        c->missing = true;
        return NULL;
      }
      /* closed forms mention only the iteration number and outer atoms */
      return mc_expr_subst(c->b->s, v, var_at_exit, c);
    }
  return NULL;
}

const mc_expr *pr_at_exit(pr_build *b, unsigned l, const mc_expr *e, bool *missing) {
  const mc_ploop *pl = &b->p->loops[l];
  at_exit c = {b, pl, pl->last ? mc_expr_resize(b->s, pl->last, 32, false) : pl->exit, false};
  e = mc_expr_subst(b->s, e, var_at_exit, &c);
  *missing = c.missing || (e && pr_mentions_loop(e, pl));
  return e;
}


/* The value of an LCSSA phi with two incoming values after loop l, one
 * from its header and one from an exit in its body (`break`): the header
 * tests its exit first in each iteration, so a thread that left in the
 * iteration where that test holds left there, and any other left by the
 * body's exit. NULL when the header's test cannot be had. */
static const mc_expr *by_exit(pr_build *b, unsigned l, const mc_expr *from_header,
                              const mc_expr *from_body, bool *oom) {
  const mc_lockstep *ls = b->ls;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(ls->blocks[ls->loops[l].header].bb);
  if (!term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term))
    return NULL;
  bool out[2];
  for (unsigned i = 0; i < 2; i++)
    out[i] = !block_in(ls, l, mc_ls_block_index(ls, LLVMGetSuccessor(term, i)));
  if (out[0] == out[1])
    return NULL;
  const mc_expr *c = pr_after_loops(b, mc_translate(b->t, LLVMGetCondition(term)));
  bool missing = false;
  if (c)
    c = pr_at_exit(b, l, c, &missing);
  if (!c) {
    *oom = true;
    return NULL;
  }
  if (missing)
    return NULL;
  return out[0] ? mc_expr_select(b->s, c, from_header, from_body)
                : mc_expr_select(b->s, c, from_body, from_header);
}

/* The value of an LCSSA phi (outside loop l, all incoming values from
 * inside it) after the loop; NULL when it cannot be had. For a pointer phi
 * of a pair swapped by the loop, the value is whether they are swapped
 * (access.c's `when` after the loop). */
static const mc_expr *after(pr_build *b, LLVMValueRef phi, unsigned width, bool *oom) {
  const mc_lockstep *ls = b->ls;
  unsigned n = LLVMCountIncoming(phi);
  if (!n)
    return NULL;
  int x0 = mc_ls_block_index(ls, LLVMGetIncomingBlock(phi, 0));
  if (x0 < 0 || ls->blocks[x0].loop < 0)
    return NULL;
  /* the outermost loop that the incoming block is in and the phi is not */
  int l = ls->blocks[x0].loop, px = mc_ls_block_index(ls, LLVMGetInstructionParent(phi));
  while (ls->loops[l].parent >= 0 && !block_in(ls, (unsigned)ls->loops[l].parent, px))
    l = ls->loops[l].parent;
  if (block_in(ls, (unsigned)l, px) || !pr_loop_ready(b, (unsigned)l))
    return NULL;
  const mc_expr *value = NULL, *from_header = NULL;
  LLVMBasicBlockRef header = ls->blocks[ls->loops[l].header].bb;
  for (unsigned i = 0; i < n; i++) {
    if (!block_in(ls, (unsigned)l, mc_ls_block_index(ls, LLVMGetIncomingBlock(phi, i))))
      return NULL;
    LLVMValueRef in = LLVMGetIncomingValue(phi, i);
    const mc_expr *e;
    if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMPointerTypeKind) {
      /* a pair of swapped pointers: which way round they are */
      if (!(e = mc_pointer_swap(b->t, in)))
        return NULL;
    } else if (!(e = pr_after_loops(b, mc_translate(b->t, in)))) {
      *oom = true;
      return NULL;
    }
    bool missing;
    if (!(e = pr_at_exit(b, (unsigned)l, e, &missing))) {
      *oom = true;
      return NULL;
    }
    if (missing || e->width != width)
      return NULL;
    if (n == 2 && LLVMGetIncomingBlock(phi, i) == header && LLVMGetIncomingBlock(phi, 1 - i) != header)
      from_header = e;
    else if (value && e != value)
      return NULL;
    else
      value = e;
  }
  if (from_header && from_header != value)
    value = by_exit(b, (unsigned)l, from_header, value, oom);
  /* inner loops' variables are not values after the loop */
  for (unsigned i = 0; value && i < b->p->nloops; i++)
    if (block_in(ls, (unsigned)l, (int)ls->loops[i].header) && pr_mentions_loop(value, &b->p->loops[i]))
      return NULL;
  return value;
}

typedef struct {
  pr_build *b;
  bool oom;
} resolver;

static const mc_expr *resolve_exit(void *data, const mc_atom *a) {
  resolver *r = data;
  if (a->kind != MC_ATOM_UNKNOWN || a->reason != MC_UNKNOWN_EXIT || !a->value ||
      !LLVMIsAPHINode(a->value))
    return NULL;
  return after(r->b, a->value, a->width, &r->oom);
}

const mc_expr *pr_after_loops(pr_build *b, const mc_expr *e) {
  if (!e || !mc_expr_mentions(e, 1u << MC_ATOM_UNKNOWN))
    return e;
  resolver r = {b, false};
  const mc_expr *x = mc_expr_subst(b->s, e, resolve_exit, &r);
  return r.oom ? NULL : x;
}

/* ---- One loop ------------------------------------------------------------ */

/* The variable of a pair of pointers swapped every iteration (access.h,
 * mc_pointer_swap): 0, then flipped; once per pair. */
static bool add_swap_var(pr_build *b, mc_ploop *l, const mc_expr *swap) {
  for (unsigned i = 0; i < l->nvars; i++)
    if (l->vars[i].atom == swap->atom)
      return true;
  mc_loop_var *v = &l->vars[l->nvars++];
  *v = (mc_loop_var){.atom = swap->atom, .var = swap, .step = MC_STEP_OTHER,
                     .init = mc_expr_const(b->s, 1, 0),
                     .next = mc_expr_binary(b->s, MC_EXPR_XOR, swap, mc_expr_const(b->s, 1, 1), 0)};
  return v->init && v->next;
}

/* Is atom a the same in every iteration of loop l, or l's own iteration
 * or variable (which var_at_exit replaces)? Not an inner loop's atom, nor
 * a value computed in l's body. */
typedef struct {
  pr_build *b;
  unsigned l;
  bool ok;
} fixed_check;

static bool fixed_in_iteration(void *data, const mc_atom *a) {
  fixed_check *c = data;
  const mc_lockstep *ls = c->b->ls;
  if (a->kind == MC_ATOM_LOOP && !a->value) { /* an iteration or an exit */
    const mc_ploop *own = &c->b->p->loops[c->l];
    c->ok = a == own->iter->atom;
    for (unsigned j = 0; j < ls->nloops && !c->ok; j++) {
      const mc_ploop *m = &c->b->p->loops[j];
      if ((m->iter && m->iter->atom == a) || (m->exit && m->exit->atom == a))
        c->ok = j != c->l && !block_in(ls, c->l, (int)ls->loops[j].header);
    }
  } else if (a->kind == MC_ATOM_LOOP || a->kind == MC_ATOM_UNKNOWN) {
    LLVMValueRef v = a->value;
    int x = v && LLVMIsAInstruction(v) ? mc_ls_block_index(ls, LLVMGetInstructionParent(v)) : -1;
    /* l's own phis are its variables; a value from before the loop or
     * from outside the kernel's blocks is fixed */
    c->ok = v && !block_in(ls, c->l, x);
    const mc_ploop *own = &c->b->p->loops[c->l];
    for (unsigned i = 0; i < own->nvars && !c->ok; i++)
      c->ok = own->vars[i].atom == a;
  }
  return c->ok;
}

/* A variable set in each iteration from what that iteration fixes (its
 * number, variables with closed forms, values from before the loop) has
 * that value in the next: in iteration k > 0 it is `next` in iteration
 * k - 1 (`computed = tx < n - i;` in the body, read after a loop that
 * leaves by `break`). The select keeps k - 1 from being computed at k = 0
 * (z3expr.c reads a select's operands only where it chooses them). */
static const mc_expr *one_step_form(pr_build *b, unsigned index, const mc_loop_var *v) {
  mc_sym *s = b->s;
  const mc_ploop *l = &b->p->loops[index];
  if (!v->next || !v->init)
    return NULL;
  fixed_check c = {b, index, true};
  mc_expr_atoms(v->next, fixed_in_iteration, &c);
  if (!c.ok)
    return NULL;
  const mc_expr *before = mc_expr_sub(s, l->iter, mc_expr_const(s, 32, 1), 0);
  at_exit at = {b, l, before, false};
  const mc_expr *e = before ? mc_expr_subst(s, v->next, var_at_exit, &at) : NULL;
  if (!e || at.missing || e->width != v->var->width)
    return NULL;
  const mc_expr *first = mc_expr_cmp(s, MC_CMP_EQ, l->iter, mc_expr_const(s, 32, 0));
  return mc_expr_select(s, first, v->init, e);
}

static bool build_loop(pr_build *b, unsigned index) {
  const mc_lockstep *ls = b->ls;
  const mc_ls_loop *ll = &ls->loops[index];
  mc_ploop *l = &b->p->loops[index];
  l->index = index;
  l->ls = ll;
  l->range_var = -1;
  l->uniformity = ll->exit_uniformity;
  LLVMBasicBlockRef header = ls->blocks[ll->header].bb;
  LLVMValueRef first = LLVMGetFirstInstruction(header);
  /* phis carry no location: the header's first located instruction (its
   * condition) stands for the loop */
  for (LLVMValueRef i = first; i; i = LLVMGetNextInstruction(i))
    if (!LLVMIsAPHINode(i) && mc_shim_source_location(i, &l->line, &l->column))
      break;
  l->iter = mc_sym_loop_var(b->s, NULL, mc_sprintf(b->a, "$k%u", index + 1), 32, false);
  l->exit = mc_sym_loop_var(b->s, NULL, mc_sprintf(b->a, "$end%u", index + 1), 32, false);
  if (!l->iter || !l->exit)
    return false;
  unsigned nphis = 0;
  for (LLVMValueRef i = first; i && LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i))
    nphis++;
  l->vars = mc_alloc(b->a, (nphis + 1) * sizeof *l->vars);
  if (!l->vars)
    return false;
  for (LLVMValueRef phi = first; phi && LLVMIsAPHINode(phi); phi = LLVMGetNextInstruction(phi)) {
    LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(phi));
    if (tk != LLVMIntegerTypeKind && tk != LLVMPointerTypeKind)
      continue;
    const mc_expr *swap = tk == LLVMPointerTypeKind ? mc_pointer_swap(b->t, phi) : NULL;
    if (swap) { /* a pair of pointers swapped: whether they are is the variable */
      if (!add_swap_var(b, l, swap))
        return false;
      continue;
    }
    bool oom = false;
    const mc_expr *var = incoming(b, phi, &oom);
    if (oom)
      return false;
    if (!var || var->op != MC_EXPR_ATOM || var->atom->kind != MC_ATOM_LOOP)
      continue; /* a pointer phi of no one array, or of too wide an integer */
    mc_loop_var *v = &l->vars[l->nvars++];
    *v = (mc_loop_var){.atom = var->atom, .var = var, .step = MC_STEP_OTHER};
    bool agree = true;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
      bool inside = block_in(ls, index, mc_ls_block_index(ls, LLVMGetIncomingBlock(phi, i)));
      const mc_expr *e = incoming(b, LLVMGetIncomingValue(phi, i), &oom);
      if (oom)
        return false;
      const mc_expr **slot = inside ? &v->next : &v->init;
      if (*slot && *slot != e)
        agree = false;
      *slot = e;
    }
    if (!agree || !v->init) {
      v->next = NULL;
      if (!v->init)
        v->init = mc_sym_unknown(b->s, MC_UNKNOWN_JOIN, "values joined from several paths",
                                 var->width, NULL);
    }
  }
  for (unsigned i = 0; i < l->nvars; i++) {
    mc_loop_var *v = &l->vars[i];
    classify(b, l, v);
    v->closed = closed_form(b, l, v);
    if (!v->closed)
      v->closed = scev_closed_form(b, index, v);
  }
  for (unsigned i = 0; i < l->nvars; i++) {
    mc_loop_var *v = &l->vars[i];
    if (!v->closed)
      v->closed = one_step_form(b, index, v);
    if (!v->closed && !l->irregular)
      l->irregular = mc_sprintf(b->a, "%s changes in a way that is not a range",
                                v->atom->name);
  }
  const char *why;
  const mc_expr *leave = pr_guard(b, ll->leave, &why);
  if (why)
    l->approx = mc_sprintf(b->a, "its exit: %s", why);
  if (!leave || !(l->stay = pr_after_loops(b, mc_expr_not(b->s, leave))))
    return false;
  analyse_exit(b, l);
  if (!l->last && (l->last = scev_last(b, index)))
    l->monotone = true; /* the iterations are exactly k <= last */
  if (!l->irregular && !l->monotone)
    l->irregular = "its exit test is not a bound that the loop variable moves towards";
  return true;
}

bool pr_loop_ready(pr_build *b, unsigned index) {
  if (b->loop_state[index] == 2)
    return true;
  if (b->loop_state[index] == 1)
    return false;
  b->loop_state[index] = 1;
  if (!build_loop(b, index))
    return false;
  b->loop_state[index] = 2;
  return true;
}

/* Which variables of l are vague (their start or step depends on an
 * unknown or a vague variable), and whether its exit is (it depends on
 * one, or on how an approximate inner loop was left). Only ever adds a
 * reason: true when it did. */
static bool loop_approx(pr_build *b, mc_ploop *l) {
  bool changed = false;
  for (unsigned i = 0; i < l->nvars; i++) {
    mc_loop_var *v = &l->vars[i];
    if (v->approx)
      continue;
    v->approx = pr_first(pr_vague(b, v->init, "start"), pr_vague(b, v->next, "step"));
    if (!v->next && !v->approx)
      v->approx = "values are set differently on different paths back to the loop's start";
    changed |= v->approx != NULL;
  }
  if (!l->approx) {
    const char *why = pr_vague(b, l->stay, "the condition");
    if (why)
      l->approx = mc_sprintf(b->a, "its exit: %s", why);
    changed |= why != NULL;
  }
  return changed;
}

bool pr_build_loops(pr_build *b) {
  unsigned n = b->ls->nloops;
  b->p->nloops = n;
  b->p->loops = mc_alloc(b->a, (n + 1) * sizeof *b->p->loops);
  b->loop_state = mc_alloc(b->a, n + 1);
  if (!b->p->loops || !b->loop_state)
    return false;
  for (unsigned i = n; i-- > 0;)
    if (!pr_loop_ready(b, i))
      return false;
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = 0; i < n; i++)
      changed |= loop_approx(b, &b->p->loops[i]);
  }
  return true;
}

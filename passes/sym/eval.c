/* eval.c - the bits of an expression for concrete values of its atoms.
 *
 * The interpreter and the cost checks evaluate expressions with this: it
 * computes exactly what the IR computes, modulo 2^width, and says when the
 * IR's value would be poison or its behaviour undefined (division by zero,
 * INT_MIN / -1, shifts by the width or more, a broken nsw/nuw fact).
 */
#include "sym_internal.h"

typedef struct {
  const mc_eval_env *env;
  mc_eval_status status;
} evaluator;

int64_t mc_bits_signed(uint64_t bits, unsigned width) {
  return width ? sym_sext(bits, width) : 0;
}

static uint32_t linear_tid(const mc_eval_env *env) {
  return env->tid[0] + env->tid[1] * env->bdim[0] +
         env->tid[2] * env->bdim[0] * env->bdim[1];
}

static uint64_t atom_bits(evaluator *ev, const mc_atom *a) {
  const mc_eval_env *env = ev->env;
  uint32_t ws = env->warp_size ? env->warp_size : 32;
  uint64_t v = 0;
  switch (a->kind) {
  case MC_ATOM_TID: return env->tid[a->dim];
  case MC_ATOM_BID: return env->bid[a->dim];
  case MC_ATOM_BDIM: return env->bdim[a->dim];
  case MC_ATOM_GDIM: return env->gdim[a->dim];
  case MC_ATOM_WARPSIZE: return ws;
  case MC_ATOM_LANE:
  case MC_ATOM_WARPID:
    if (env->value && env->value(env->data, a, &v))
      return v & sym_mask(a->width);
    return a->kind == MC_ATOM_LANE ? linear_tid(env) % ws : linear_tid(env) / ws;
  default:
    if (env->value && env->value(env->data, a, &v))
      return v & sym_mask(a->width);
    if (ev->status == MC_EVAL_OK)
      ev->status = MC_EVAL_UNBOUND;
    return 0;
  }
}

static void undefined(evaluator *ev) {
  if (ev->status == MC_EVAL_OK)
    ev->status = MC_EVAL_UNDEFINED;
}

static uint64_t eval(evaluator *ev, const mc_expr *e);

/* The integer sum or product behind an nsw/nuw fact, checked. */
static void check_flags(evaluator *ev, const mc_expr *e, const uint64_t *v) {
  unsigned w = e->width;
  for (int sgn = 0; sgn < 2; sgn++) {
    if (!(e->flags & (sgn ? MC_NSW : MC_NUW)))
      continue;
    i128 lo = sgn ? sym_smin(w) : 0, hi = sgn ? sym_smax(w) : sym_umax(w);
    i128 acc = e->op == MC_EXPR_ADD ? e->value : 1;
    for (unsigned i = 0; i < e->nops; i++) {
      i128 x = sgn ? (i128)sym_sext(v[i], w) : (i128)v[i];
      acc = e->op == MC_EXPR_ADD ? sym_clamp(acc + sym_sat_mul(e->coefs[i], x))
                                 : sym_sat_mul(acc, x);
    }
    if (acc < lo || acc > hi)
      undefined(ev);
  }
}

static uint64_t eval_nary(evaluator *ev, const mc_expr *e) {
  unsigned w = e->width;
  uint64_t r = eval(ev, e->ops[0]);
  for (unsigned i = 1; i < e->nops; i++) {
    uint64_t x = eval(ev, e->ops[i]);
    int64_t sr = sym_sext(r, w), sx = sym_sext(x, w);
    switch (e->op) {
    case MC_EXPR_AND: r &= x; break;
    case MC_EXPR_OR: r |= x; break;
    case MC_EXPR_XOR: r ^= x; break;
    case MC_EXPR_UMIN: r = x < r ? x : r; break;
    case MC_EXPR_UMAX: r = x > r ? x : r; break;
    case MC_EXPR_SMIN: r = sx < sr ? x : r; break;
    case MC_EXPR_SMAX: r = sx > sr ? x : r; break;
    default: break;
    }
  }
  return r;
}

static bool eval_cmp(mc_cmp p, uint64_t a, uint64_t b, unsigned w) {
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

static uint64_t eval_binary(evaluator *ev, const mc_expr *e) {
  unsigned w = e->width;
  uint64_t a = eval(ev, e->ops[0]), b = eval(ev, e->ops[1]);
  int64_t sa = sym_sext(a, w), sb = sym_sext(b, w);
  bool min_over_minus_one = w > 0 && sa == (int64_t)sym_smin(w) && sb == -1;
  switch (e->op) {
  case MC_EXPR_UDIV:
  case MC_EXPR_UREM:
    if (b == 0) {
      undefined(ev);
      return 0;
    }
    return e->op == MC_EXPR_UDIV ? a / b : a % b;
  case MC_EXPR_SDIV:
  case MC_EXPR_SREM:
    if (b == 0 || min_over_minus_one) {
      undefined(ev);
      return 0;
    }
    return (uint64_t)(e->op == MC_EXPR_SDIV ? sa / sb : sa % sb);
  case MC_EXPR_SHL:
  case MC_EXPR_LSHR:
  case MC_EXPR_ASHR:
    if (b >= w) {
      undefined(ev);
      return 0;
    }
    if (e->op == MC_EXPR_SHL)
      return a << b;
    if (e->op == MC_EXPR_LSHR)
      return a >> b;
    return sa < 0 ? ~(~(uint64_t)sa >> b) : (uint64_t)sa >> b;
  default:
    return 0;
  }
}

static uint64_t eval(evaluator *ev, const mc_expr *e) {
  unsigned w = e->width;
  uint64_t r = 0;
  switch (e->op) {
  case MC_EXPR_CONST:
    r = (uint64_t)e->value;
    break;
  case MC_EXPR_ATOM:
    r = atom_bits(ev, e->atom);
    break;
  case MC_EXPR_ADD:
  case MC_EXPR_MUL: {
    uint64_t vs[64];
    r = e->op == MC_EXPR_ADD ? (uint64_t)e->value : 1;
    for (unsigned i = 0; i < e->nops; i++) {
      uint64_t x = eval(ev, e->ops[i]);
      if (i < 64)
        vs[i] = x;
      r = e->op == MC_EXPR_ADD ? r + (uint64_t)e->coefs[i] * x : r * x;
    }
    if (e->flags && e->nops <= 64)
      check_flags(ev, e, vs);
    break;
  }
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
  case MC_EXPR_UREM:
  case MC_EXPR_SREM:
  case MC_EXPR_SHL:
  case MC_EXPR_LSHR:
  case MC_EXPR_ASHR:
    r = eval_binary(ev, e);
    break;
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR:
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX:
    r = eval_nary(ev, e);
    break;
  case MC_EXPR_CMP:
    r = eval_cmp(e->pred, eval(ev, e->ops[0]), eval(ev, e->ops[1]), e->ops[0]->width);
    break;
  case MC_EXPR_SELECT:
    r = eval(ev, e->ops[0]) & 1 ? eval(ev, e->ops[1]) : eval(ev, e->ops[2]);
    break;
  case MC_EXPR_ZEXT:
  case MC_EXPR_TRUNC:
    r = eval(ev, e->ops[0]);
    break;
  case MC_EXPR_SEXT:
    r = (uint64_t)sym_sext(eval(ev, e->ops[0]), e->ops[0]->width);
    break;
  }
  return r & sym_mask(w);
}

mc_eval_status mc_expr_eval(const mc_expr *e, const mc_eval_env *env,
                            uint64_t *bits) {
  static const mc_eval_env none = {{0}, {0}, {1, 1, 1}, {1, 1, 1}, 32, NULL, NULL};
  evaluator ev = {env ? env : &none, MC_EVAL_OK};
  uint64_t r = e ? eval(&ev, e) : 0;
  if (bits)
    *bits = r;
  return e ? ev.status : MC_EVAL_UNBOUND;
}

/* eval.c - the bits of an expression for concrete values of its atoms.
 *
 * The interpreter and the cost checks evaluate expressions with this: it
 * computes exactly what the IR computes, modulo 2^width, and says when the
 * IR's value would be poison or its behaviour undefined (division by zero,
 * INT_MIN / -1, shifts by the width or more), and when a fact the context
 * holds of a node (an nsw/nuw the IR assumed, the launch dimensions) fails.
 */
#include "sym_internal.h"

#include <stdlib.h>

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

/* A node's bits and its integer reading (the value of its printed form). */
typedef struct {
  uint64_t bits;
  i128 m;
} value;

static value eval(evaluator *ev, const mc_expr *e);

static i128 bitwise(mc_expr_op op, i128 a, i128 b) {
  switch (op) {
  case MC_EXPR_AND: return a & b;
  case MC_EXPR_OR: return a | b;
  default: return a ^ b;
  }
}

/* The bits of the operations that read their operands signed or unsigned;
 * their integer reading is that reading of their bits. */
static uint64_t eval_op(evaluator *ev, const mc_expr *e, const value *x, bool *signed_reading) {
  unsigned w = e->width;
  uint64_t a = x[0].bits, b = e->nops > 1 ? x[1].bits : 0;
  int64_t sa = sym_sext(a, w), sb = sym_sext(b, w);
  bool min_over_minus_one = sa == (int64_t)sym_smin(w) && sb == -1;
  *signed_reading = false;
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
    *signed_reading = true;
    if (b == 0 || min_over_minus_one) {
      undefined(ev);
      return 0;
    }
    return (uint64_t)(e->op == MC_EXPR_SDIV ? sa / sb : sa % sb);
  case MC_EXPR_LSHR:
  case MC_EXPR_ASHR:
    *signed_reading = e->op == MC_EXPR_ASHR;
    if (b >= w) {
      undefined(ev);
      return 0;
    }
    if (e->op == MC_EXPR_LSHR)
      return a >> b;
    return sa < 0 ? ~(~(uint64_t)sa >> b) : (uint64_t)sa >> b;
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: {
    *signed_reading = e->op == MC_EXPR_SMIN || e->op == MC_EXPR_SMAX;
    uint64_t r = a;
    for (unsigned i = 1; i < e->nops; i++) {
      uint64_t v = x[i].bits;
      int64_t sr = sym_sext(r, w), sv = sym_sext(v, w);
      switch (e->op) {
      case MC_EXPR_UMIN: r = v < r ? v : r; break;
      case MC_EXPR_UMAX: r = v > r ? v : r; break;
      case MC_EXPR_SMIN: r = sv < sr ? v : r; break;
      default: r = sv > sr ? v : r; break;
      }
    }
    return r;
  }
  case MC_EXPR_CMP:
    return sym_fold_cmp(e->pred, a, b, e->ops[0]->width);
  case MC_EXPR_ZEXT:
    return a;
  case MC_EXPR_SEXT:
    *signed_reading = true;
    return (uint64_t)sym_sext(a, e->ops[0]->width);
  default:
    return 0;
  }
}

static value eval(evaluator *ev, const mc_expr *e) {
  unsigned w = e->width;
  value r = {0, 0};
  if (e->op == MC_EXPR_SELECT) {
    value c = eval(ev, e->ops[0]);
    r = eval(ev, e->ops[c.bits & 1 ? 1 : 2]);
  } else if ((e->op == MC_EXPR_AND || e->op == MC_EXPR_OR) && w == 1) {
    /* A condition: one operand that decides it is enough, so that an
     * unbound or undefined operand beside it does not matter. */
    mc_eval_status before = ev->status, worst = MC_EVAL_OK;
    uint64_t decides = e->op == MC_EXPR_OR;
    r.bits = !decides;
    for (unsigned i = 0; i < e->nops; i++) {
      ev->status = MC_EVAL_OK;
      value x = eval(ev, e->ops[i]);
      if (ev->status == MC_EVAL_OK && (x.bits & 1) == decides) {
        r.bits = decides;
        worst = MC_EVAL_OK;
        break;
      }
      if (worst == MC_EVAL_OK)
        worst = ev->status;
    }
    ev->status = before != MC_EVAL_OK ? before : worst;
    r.m = (i128)r.bits;
  } else if (e->op == MC_EXPR_CONST) {
    r.bits = (uint64_t)e->value & sym_mask(w);
    r.m = w == 1 ? (i128)r.bits : e->value;
  } else if (e->op == MC_EXPR_ATOM) {
    r.bits = atom_bits(ev, e->atom) & sym_mask(w);
    r.m = e->atom->is_signed && w > 1 ? (i128)sym_sext(r.bits, w) : (i128)r.bits;
  } else {
    value ops[64] = {{0, 0}};
    value *x = e->nops <= 64 ? ops : malloc(e->nops * sizeof *x);
    if (!x) {
      undefined(ev);
      return r;
    }
    for (unsigned i = 0; i < e->nops; i++)
      x[i] = eval(ev, e->ops[i]);
    switch (e->op) {
    case MC_EXPR_ADD:
    case MC_EXPR_MUL:
      r.bits = e->op == MC_EXPR_ADD ? (uint64_t)e->value : 1;
      r.m = e->op == MC_EXPR_ADD ? e->value : 1;
      for (unsigned i = 0; i < e->nops; i++) {
        if (e->op == MC_EXPR_ADD) {
          r.bits += (uint64_t)e->coefs[i] * x[i].bits;
          r.m = sym_clamp(r.m + sym_sat_mul(e->coefs[i], x[i].m));
        } else {
          r.bits *= x[i].bits;
          r.m = sym_sat_mul(r.m, x[i].m);
        }
      }
      break;
    case MC_EXPR_SHL:
      if (x[1].bits >= w) {
        undefined(ev);
        break;
      }
      r.bits = x[0].bits << x[1].bits;
      r.m = sym_sat_mul(x[0].m, (i128)1 << x[1].bits);
      break;
    case MC_EXPR_AND:
    case MC_EXPR_OR:
    case MC_EXPR_XOR:
      r = x[0];
      for (unsigned i = 1; i < e->nops; i++) {
        r.bits = (uint64_t)bitwise(e->op, (i128)r.bits, (i128)x[i].bits);
        r.m = bitwise(e->op, r.m, x[i].m);
      }
      break;
    case MC_EXPR_TRUNC:
      r = x[0];
      break;
    default: {
      bool sgn;
      r.bits = eval_op(ev, e, x, &sgn) & sym_mask(w);
      r.m = sgn ? (i128)sym_sext(r.bits, w) : (i128)r.bits;
      break;
    }
    }
    if (x != ops)
      free(x);
  }
  r.bits &= sym_mask(w);
  /* What the context claims of the node (facts, the IR's nsw/nuw) holds. */
  sym_ival range = sym_ival_of(e->range);
  if (r.m < range.lo || r.m > range.hi)
    undefined(ev);
  return r;
}

mc_eval_status mc_expr_eval(const mc_expr *e, const mc_eval_env *env,
                            uint64_t *bits) {
  static const mc_eval_env none = {{0}, {0}, {1, 1, 1}, {1, 1, 1}, 32, NULL, NULL};
  evaluator ev = {env ? env : &none, MC_EVAL_OK};
  uint64_t r = e ? eval(&ev, e).bits : 0;
  if (bits)
    *bits = r;
  return e ? ev.status : MC_EVAL_UNBOUND;
}

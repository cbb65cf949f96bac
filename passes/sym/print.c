/* print.c - expressions as C-like infix over source names.
 *
 * The printed form is read over the mathematical integers: `+ - * <<` do
 * not wrap, `/` and `%` truncate toward zero, and a cast `(int)(e)` or
 * `(unsigned)(e)` reduces e modulo 2^32 into the signed or unsigned range
 * (`(long)`, `(unsigned long)` for 64 bits, and so on). A cast is written
 * only where an operation reads its operand signed or unsigned and the
 * operand's interval does not already prove it in that range; so with the
 * facts of a real launch most indices print without any.
 */
#include "sym_internal.h"

#include <inttypes.h>
#include <stdio.h>

enum {
  P_TERNARY = 1,
  P_OR = 3,
  P_XOR = 4,
  P_AND = 5,
  P_EQ = 6,
  P_REL = 7,
  P_SHIFT = 8,
  P_ADD = 9,
  P_MUL = 10,
  P_UNARY = 11,
  P_PRIMARY = 12,
};

typedef enum { NEED_ANY, NEED_SIGNED, NEED_UNSIGNED } need;

static const char *cast_name(unsigned w, bool sgn) {
  switch (w) {
  case 1: return sgn ? "i1" : "bool";
  case 8: return sgn ? "signed char" : "unsigned char";
  case 16: return sgn ? "short" : "unsigned short";
  case 32: return sgn ? "int" : "unsigned";
  case 64: return sgn ? "long" : "unsigned long";
  default: return NULL;
  }
}

static bool needs_cast(const mc_expr *e, need n) {
  if (e->op == MC_EXPR_CONST)
    return false; /* constants are printed in the reading asked for */
  return (n == NEED_SIGNED && !sym_exact_signed(e)) ||
         (n == NEED_UNSIGNED && !sym_exact_unsigned(e));
}

/* The constant as printed under n. */
static bool const_text(const mc_expr *e, need n, char *buf, size_t len) {
  if (e->width == 1 || n == NEED_UNSIGNED) {
    snprintf(buf, len, "%" PRIu64, mc_expr_uvalue(e));
    return false;
  }
  snprintf(buf, len, "%" PRId64, e->value);
  return e->value < 0;
}

static need operand_need(const mc_expr *e) {
  switch (e->op) {
  case MC_EXPR_ZEXT: return NEED_UNSIGNED;
  case MC_EXPR_SEXT: return NEED_SIGNED;
  default: return NEED_ANY;
  }
}

static int prec_of(const mc_expr *e, need n) {
  for (;;) {
    if (needs_cast(e, n))
      return P_UNARY;
    if (e->op == MC_EXPR_ZEXT || e->op == MC_EXPR_SEXT || e->op == MC_EXPR_TRUNC) {
      n = operand_need(e);
      e = e->ops[0];
      continue;
    }
    break;
  }
  switch (e->op) {
  case MC_EXPR_CONST: {
    char buf[32];
    return const_text(e, n, buf, sizeof buf) ? P_UNARY : P_PRIMARY;
  }
  case MC_EXPR_ATOM:
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: return P_PRIMARY;
  case MC_EXPR_ADD:
    return e->nops == 1 && e->value == 0 && e->coefs[0] == -1 ? P_UNARY : P_ADD;
  case MC_EXPR_MUL:
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
  case MC_EXPR_UREM:
  case MC_EXPR_SREM: return P_MUL;
  case MC_EXPR_SHL:
  case MC_EXPR_LSHR:
  case MC_EXPR_ASHR: return P_SHIFT;
  case MC_EXPR_AND: return P_AND;
  case MC_EXPR_OR: return P_OR;
  case MC_EXPR_XOR: return P_XOR;
  case MC_EXPR_CMP:
    return e->pred == MC_CMP_EQ || e->pred == MC_CMP_NE ? P_EQ : P_REL;
  case MC_EXPR_SELECT: return P_TERNARY;
  default: return P_PRIMARY;
  }
}

static void print(mc_strbuf *o, const mc_expr *e, need n, int min);

/* A product-like term can follow `c *` without parentheses. */
static bool is_product(const mc_expr *e, need n) {
  return prec_of(e, n) == P_MUL && (e->op == MC_EXPR_MUL ||
                                    ((e->op == MC_EXPR_ZEXT || e->op == MC_EXPR_SEXT ||
                                      e->op == MC_EXPR_TRUNC) &&
                                     is_product(e->ops[0], operand_need(e))));
}

static void print_term(mc_strbuf *o, uint64_t abs_coef, const mc_expr *t) {
  if (abs_coef == 1) {
    print(o, t, NEED_ANY, P_ADD + 1);
    return;
  }
  mc_strbuf_printf(o, "%" PRIu64 " * ", abs_coef);
  print(o, t, NEED_ANY, is_product(t, NEED_ANY) ? P_MUL : P_MUL + 1);
}

static void print_sum(mc_strbuf *o, const mc_expr *e) {
  /* 63 - threadIdx.x rather than -threadIdx.x + 63. */
  bool const_first = e->coefs[0] < 0 && e->value > 0;
  if (const_first)
    mc_strbuf_printf(o, "%" PRId64, e->value);
  for (unsigned i = 0; i < e->nops; i++) {
    int64_t c = e->coefs[i];
    uint64_t abs = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
    if (i == 0 && c < 0 && !const_first) {
      mc_strbuf_append(o, "-");
      if (abs == 1)
        print(o, e->ops[i], NEED_ANY, P_UNARY);
      else
        print_term(o, abs, e->ops[i]);
    } else {
      if (i || const_first)
        mc_strbuf_append(o, c < 0 ? " - " : " + ");
      print_term(o, abs, e->ops[i]);
    }
  }
  if (e->value && !const_first) {
    int64_t k = e->value;
    uint64_t abs = k < 0 ? (uint64_t)0 - (uint64_t)k : (uint64_t)k;
    mc_strbuf_printf(o, " %c %" PRIu64, k < 0 ? '-' : '+', abs);
  }
}

static void print_list(mc_strbuf *o, const mc_expr *e, const char *sep, need n,
                       int first, int rest) {
  for (unsigned i = 0; i < e->nops; i++) {
    if (i)
      mc_strbuf_append(o, sep);
    print(o, e->ops[i], n, i ? rest : first);
  }
}

static const char *cmp_text(mc_cmp p) {
  switch (p) {
  case MC_CMP_EQ: return " == ";
  case MC_CMP_NE: return " != ";
  case MC_CMP_ULT:
  case MC_CMP_SLT: return " < ";
  case MC_CMP_ULE:
  case MC_CMP_SLE: return " <= ";
  case MC_CMP_UGT:
  case MC_CMP_SGT: return " > ";
  case MC_CMP_UGE:
  case MC_CMP_SGE: return " >= ";
  }
  return " ? ";
}

static void print_body(mc_strbuf *o, const mc_expr *e, need n) {
  const mc_expr *const *x = e->ops;
  switch (e->op) {
  case MC_EXPR_CONST: {
    char buf[32];
    const_text(e, n, buf, sizeof buf);
    mc_strbuf_append(o, buf);
    return;
  }
  case MC_EXPR_ATOM:
    mc_strbuf_append(o, e->atom->name);
    return;
  case MC_EXPR_ADD:
    print_sum(o, e);
    return;
  case MC_EXPR_MUL:
    /* Every factor above `*`: `(a % b) * c`, and `4 * a * b` after a
     * coefficient reads right. */
    print_list(o, e, " * ", NEED_ANY, P_MUL + 1, P_MUL + 1);
    return;
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
  case MC_EXPR_UREM:
  case MC_EXPR_SREM: {
    need m = e->op == MC_EXPR_UDIV || e->op == MC_EXPR_UREM ? NEED_UNSIGNED : NEED_SIGNED;
    print(o, x[0], m, P_MUL);
    mc_strbuf_append(o, e->op == MC_EXPR_UDIV || e->op == MC_EXPR_SDIV ? " / " : " % ");
    print(o, x[1], m, P_MUL + 1);
    return;
  }
  case MC_EXPR_SHL:
  case MC_EXPR_LSHR:
  case MC_EXPR_ASHR:
    print(o, x[0],
          e->op == MC_EXPR_SHL ? NEED_ANY : e->op == MC_EXPR_LSHR ? NEED_UNSIGNED : NEED_SIGNED,
          P_SHIFT);
    mc_strbuf_append(o, e->op == MC_EXPR_SHL ? " << " : " >> ");
    print(o, x[1], NEED_UNSIGNED, P_SHIFT + 1);
    return;
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR:
    /* Operands other than names, constants and casts get parentheses,
     * though C would not need them all: few readers know that table. */
    print_list(o, e, e->op == MC_EXPR_AND ? " & " : e->op == MC_EXPR_OR ? " | " : " ^ ",
               NEED_ANY, P_UNARY, P_UNARY);
    return;
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: {
    bool sgn = e->op == MC_EXPR_SMIN || e->op == MC_EXPR_SMAX;
    bool min = e->op == MC_EXPR_UMIN || e->op == MC_EXPR_SMIN;
    mc_strbuf_append(o, min ? "min(" : "max(");
    print_list(o, e, ", ", sgn ? NEED_SIGNED : NEED_UNSIGNED, P_TERNARY, P_TERNARY);
    mc_strbuf_append(o, ")");
    return;
  }
  case MC_EXPR_CMP: {
    need m = NEED_UNSIGNED;
    if (e->pred == MC_CMP_SLT || e->pred == MC_CMP_SLE)
      m = NEED_SIGNED;
    else if (e->pred == MC_CMP_EQ || e->pred == MC_CMP_NE)
      m = (sym_exact_signed(x[0]) && sym_exact_signed(x[1])) ||
                  (sym_exact_unsigned(x[0]) && sym_exact_unsigned(x[1]))
              ? NEED_ANY
              : NEED_UNSIGNED;
    int p = prec_of(e, NEED_ANY);
    /* Constants read better on the right: `n > 3`, not `3 < n`. */
    bool flip = x[0]->op == MC_EXPR_CONST && x[1]->op != MC_EXPR_CONST;
    mc_cmp pred = e->pred;
    if (flip)
      pred = pred == MC_CMP_ULT || pred == MC_CMP_SLT   ? MC_CMP_UGT
             : pred == MC_CMP_ULE || pred == MC_CMP_SLE ? MC_CMP_UGE
                                                        : pred;
    print(o, x[flip ? 1 : 0], m, p + 1);
    mc_strbuf_append(o, cmp_text(pred));
    print(o, x[flip ? 0 : 1], m, p + 1);
    return;
  }
  case MC_EXPR_SELECT:
    print(o, x[0], NEED_ANY, P_TERNARY + 1);
    mc_strbuf_append(o, " ? ");
    print(o, x[1], NEED_ANY, P_TERNARY);
    mc_strbuf_append(o, " : ");
    print(o, x[2], NEED_ANY, P_TERNARY);
    return;
  case MC_EXPR_ZEXT:
  case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC:
    print(o, x[0], operand_need(e), P_TERNARY);
    return;
  }
}

static void print(mc_strbuf *o, const mc_expr *e, need n, int min) {
  int p = prec_of(e, n);
  bool paren = p < min;
  if (paren)
    mc_strbuf_append(o, "(");
  if (needs_cast(e, n)) {
    bool sgn = n == NEED_SIGNED;
    const char *name = cast_name(e->width, sgn);
    if (name)
      mc_strbuf_printf(o, "(%s)", name);
    else
      mc_strbuf_printf(o, "(%c%u)", sgn ? 'i' : 'u', e->width);
    print(o, e, NEED_ANY, P_UNARY);
  } else if (e->op == MC_EXPR_ZEXT || e->op == MC_EXPR_SEXT ||
             e->op == MC_EXPR_TRUNC) {
    /* Exact: the operand's reading is already the value. */
    print(o, e->ops[0], operand_need(e), paren ? P_TERNARY : min);
  } else {
    print_body(o, e, n);
  }
  if (paren)
    mc_strbuf_append(o, ")");
}

void mc_expr_print(const mc_expr *e, mc_strbuf *out) {
  if (!e) {
    mc_strbuf_append(out, "<null>");
    return;
  }
  print(out, e, NEED_ANY, 0);
}

const char *mc_expr_text(mc_arena *a, const mc_expr *e) {
  mc_strbuf b = {0};
  mc_expr_print(e, &b);
  const char *r = b.oom ? NULL : mc_strdup(a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r;
}

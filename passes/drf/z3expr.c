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
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A context made before a fork and never used here: each child takes
 * its own copy of it as it was made (copy-on-write), instead of making
 * one, which zero-fills Z3's tables afresh in every child. Only where the
 * kernel gives no huge pages (child.c): with them a fresh one is cheaper. */
static Z3_context spare;

static Z3_context fresh_context(void) {
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

void mc_z3_keep_spare(void) {
  if (!spare)
    spare = fresh_context();
}

Z3_context mc_z3_context_new(void) {
  Z3_context z = spare;
  spare = NULL;
  return z ? z : fresh_context();
}

static void budget(Z3_context z, Z3_solver s, uint64_t rlimit) {
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"),
                     (unsigned)(rlimit > 0xffffffffu ? 0xffffffffu : rlimit));
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "random_seed"), 0);
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
}

void mc_solver_budget(Z3_context z, mc_solver *s, uint64_t rlimit) {
  budget(z, s->s, rlimit);
  s->rlimit = rlimit;
}

/* Z3 4.8.12 has no tactic of its own for QF_UFLIA: a solver for it
 * builds the default tactic, every logic's (about 10 ms). That hands a
 * formula of ours to QF_LIA's tactic or, with functions, to QF_AUFLIA's;
 * this is that part of it alone (about 2 ms). Z3 reads the global
 * parameter when the solver is made, at its first command; it is reset
 * at once, so that no other solver sees it. */
static const char uflia_tactic[] =
    "(then simplify (cond is-qflia qflia (cond is-qfauflia qfauflia smt)))";
/* Built in a millisecond less (the most of a small query's time): the SMT
 * core after the cheapest preprocessing, for small queries (a large one
 * needs qflia's: 6.7 s instead of 1.1 s on one of 1,162 constraints).
 * Where it runs out before a scope is pushed, uflia_tactic tries
 * (mc_solver_check). */
static const char first_tactic[] = "(then simplify propagate-values solve-eqs smt)";

static Z3_solver solver_for(Z3_context z, const char *logic, uint64_t rlimit, bool first) {
  Z3_solver s = Z3_mk_solver_for_logic(z, Z3_mk_string_symbol(z, logic));
  if (mc_z3_take_error() || !s)
    return NULL;
  Z3_solver_inc_ref(z, s);
  budget(z, s, rlimit);
  if (!strcmp(logic, "QF_UFLIA")) {
    Z3_global_param_set("tactic.default_tactic", first ? first_tactic : uflia_tactic);
    Z3_solver_get_num_scopes(z, s);
    Z3_global_param_set("tactic.default_tactic", "");
    mc_z3_take_error();
  }
  return s;
}

mc_solver mc_solver_new(Z3_context z, uint64_t rlimit, bool ints, bool functions,
                        bool small, const char *log) {
  const char *logic = ints ? "QF_UFLIA" : functions ? "QF_UFBV" : "QF_BV";
  bool first = ints && small;
  return (mc_solver){solver_for(z, logic, rlimit, first), false, first, NULL, NULL, 0, 0,
                     logic, rlimit, log};
}

bool mc_solver_restart(Z3_context z, mc_solver *s, uint64_t rlimit) {
  Z3_solver fresh = solver_for(z, s->logic, rlimit, false);
  if (!fresh)
    return false;
  Z3_ast_vector asserted = Z3_solver_get_assertions(z, s->s);
  if (asserted) {
    Z3_ast_vector_inc_ref(z, asserted);
    for (unsigned i = 0; i < Z3_ast_vector_size(z, asserted); i++)
      Z3_solver_assert(z, fresh, Z3_ast_vector_get(z, asserted, i));
    Z3_ast_vector_dec_ref(z, asserted);
  }
  if (!asserted || mc_z3_take_error()) {
    Z3_solver_dec_ref(z, fresh);
    return false;
  }
  /* the lazy constraints asserted so far are among them, at the base */
  for (unsigned i = 0; i < s->nlazy; i++)
    s->lazy_depth[i] = s->lazy_depth[i] ? 1 : 0;
  mc_solver_release(z, s);
  s->s = fresh;
  s->spent = false;
  s->first = false;
  s->depth = 0;
  s->rlimit = rlimit;
  return true;
}

void mc_solver_release(Z3_context z, mc_solver *s) {
  if (s->s)
    Z3_solver_dec_ref(z, s->s);
  s->s = NULL;
}

bool mc_solver_lazy(mc_arena *a, mc_solver *s, const Z3_ast *c, unsigned n) {
  s->lazy = c;
  s->nlazy = n;
  s->lazy_depth = n ? mc_alloc(a, n * sizeof *s->lazy_depth) : NULL;
  if (n && !s->lazy_depth)
    return false;
  if (n)
    memset(s->lazy_depth, 0, n * sizeof *s->lazy_depth);
  return true;
}

void mc_solver_push(Z3_context z, mc_solver *s) {
  Z3_solver_push(z, s->s);
  s->depth++;
}

void mc_solver_pop(Z3_context z, mc_solver *s) {
  Z3_solver_pop(z, s->s, 1);
  for (unsigned i = 0; i < s->nlazy; i++)
    if (s->lazy_depth[i] > s->depth)
      s->lazy_depth[i] = 0;
  s->depth--;
}

/* Asserts the lazy constraints the model breaks (all that are left after
 * MAX_ROUNDS); false when it breaks none. */
static bool refine(Z3_context z, mc_solver *s, unsigned round) {
  enum { MAX_ROUNDS = 8 };
  Z3_model m = Z3_solver_get_model(z, s->s);
  if (m)
    Z3_model_inc_ref(z, m);
  bool broken = false;
  for (unsigned i = 0; i < s->nlazy; i++) {
    if (s->lazy_depth[i])
      continue;
    Z3_ast v = NULL;
    bool holds = m && round < MAX_ROUNDS && Z3_model_eval(z, m, s->lazy[i], true, &v) && v &&
                 Z3_get_bool_value(z, v) == Z3_L_TRUE;
    if (!holds) {
      Z3_solver_assert(z, s->s, s->lazy[i]);
      s->lazy_depth[i] = s->depth + 1;
      broken = true;
    }
  }
  if (m)
    Z3_model_dec_ref(z, m);
  mc_z3_take_error();
  return broken;
}

/* The query as z3 reads it: the solver's declarations and assertions, with
 * the logic and budget it is checked under. Written beside the file and
 * renamed over it, so that the file always holds one whole query, also
 * when several compiles share it. */
static void write_log(Z3_context z, const mc_solver *s) {
  char tmp[sizeof ((mc_options *)0)->solver_log + 32];
  if (snprintf(tmp, sizeof tmp, "%s.%ld.tmp", s->log, (long)getpid()) >= (int)sizeof tmp)
    return;
  /* the assertions of every scope, without what Z3_solver_to_string adds
   * after a first check (the model converter it kept) */
  Z3_ast_vector asserted = Z3_solver_get_assertions(z, s->s);
  if (!asserted) {
    mc_z3_take_error();
    return;
  }
  Z3_ast_vector_inc_ref(z, asserted);
  unsigned n = Z3_ast_vector_size(z, asserted);
  Z3_ast *all = malloc((n + 1) * sizeof *all);
  for (unsigned i = 0; all && i < n; i++)
    all[i] = Z3_ast_vector_get(z, asserted, i);
  const char *text = all ? Z3_benchmark_to_smtlib_string(z, "mapcost", s->logic, "unknown", "",
                                                         n, all, Z3_mk_true(z))
                         : NULL;
  FILE *f = text && !mc_z3_take_error() ? fopen(tmp, "w") : NULL;
  if (f) {
    fprintf(f, "; a mapcost query; replay: z3 FILE\n(set-option :rlimit %llu)\n%s",
            (unsigned long long)s->rlimit, text);
    if (fclose(f) != 0 || rename(tmp, s->log) != 0)
      remove(tmp);
  }
  free(all);
  Z3_ast_vector_dec_ref(z, asserted);
}

static Z3_lbool check_once(Z3_context z, mc_solver *s) {
  if (s->log)
    write_log(z, s);
  Z3_lbool r = Z3_solver_check(z, s->s);
  r = mc_z3_take_error() ? Z3_L_UNDEF : r;
  FILE *f = s->log ? fopen(s->log, "a") : NULL; /* what the replay should say */
  if (f) {
    fprintf(f, "; answer: %s\n", r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown");
    fclose(f);
  }
  return r;
}

Z3_lbool mc_solver_check(Z3_context z, mc_solver *s) {
  for (unsigned round = 0;; round++) {
    if (!s->s || s->spent)
      return Z3_L_UNDEF;
    Z3_lbool r = check_once(z, s);
    /* Z3 checks with its tactics only before a scope is pushed */
    if (r == Z3_L_UNDEF && s->first && !s->depth && mc_solver_restart(z, s, s->rlimit))
      r = check_once(z, s);
    s->spent = r == Z3_L_UNDEF;
    if (r != Z3_L_TRUE || !refine(z, s, round))
      return r;
  }
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

bool mc_z3_eval_int(Z3_context z, Z3_model m, Z3_ast t, int64_t *v) {
  Z3_ast r = NULL;
  if (!Z3_model_eval(z, m, t, true, &r) || !r || !Z3_get_numeral_int64(z, r, v)) {
    mc_z3_take_error();
    return false;
  }
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

/* ---- Numbers ------------------------------------------------------------- */

static Z3_ast int_num(Z3_context z, int64_t v) {
  return Z3_mk_int64(z, v, Z3_mk_int_sort(z));
}

static Z3_ast int_unum(Z3_context z, uint64_t v) {
  return Z3_mk_unsigned_int64(z, v, Z3_mk_int_sort(z));
}

/* 2^k as an integer (k <= 64). */
static Z3_ast int_pow2(Z3_context z, unsigned k) {
  return k < 64 ? int_unum(z, UINT64_C(1) << k)
                : Z3_mk_numeral(z, "18446744073709551616", Z3_mk_int_sort(z));
}

Z3_ast mc_num(Z3_context z, bool ints, unsigned width, uint64_t v) {
  return ints ? int_unum(z, v) : mc_z3_bv_const(z, width, v);
}

Z3_ast mc_num_var(Z3_context z, bool ints, const char *name, unsigned width) {
  return ints ? Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_mk_int_sort(z))
              : mc_z3_var(z, name, width);
}

Z3_ast mc_num_add(Z3_context z, bool ints, Z3_ast a, Z3_ast b) {
  Z3_ast ops[2] = {a, b};
  return ints ? Z3_mk_add(z, 2, ops) : Z3_mk_bvadd(z, a, b);
}

Z3_ast mc_num_sub(Z3_context z, bool ints, Z3_ast a, Z3_ast b) {
  Z3_ast ops[2] = {a, b};
  return ints ? Z3_mk_sub(z, 2, ops) : Z3_mk_bvsub(z, a, b);
}

Z3_ast mc_num_ult(Z3_context z, bool ints, Z3_ast a, Z3_ast b) {
  return ints ? Z3_mk_lt(z, a, b) : Z3_mk_bvult(z, a, b);
}

Z3_ast mc_num_ule(Z3_context z, bool ints, Z3_ast a, Z3_ast b) {
  return ints ? Z3_mk_le(z, a, b) : Z3_mk_bvule(z, a, b);
}

/* v within the values of a `width`-bit type (true for a bit-vector). */
static Z3_ast int_in_type(Z3_context z, Z3_ast v, unsigned width, bool is_signed) {
  Z3_ast lo = is_signed ? Z3_mk_unary_minus(z, int_pow2(z, width - 1)) : int_num(z, 0);
  Z3_ast hi = int_pow2(z, is_signed ? width - 1 : width);
  return mc_z3_and2(z, Z3_mk_le(z, lo, v), Z3_mk_lt(z, v, hi));
}

Z3_ast mc_num_in_type(Z3_context z, bool ints, Z3_ast v, unsigned width, bool is_signed) {
  return ints ? int_in_type(z, v, width, is_signed) : Z3_mk_true(z);
}

/* ---- The translator ------------------------------------------------------ */

typedef struct {
  const mc_expr *e;
  Z3_ast term;
  Z3_ast nowrap[2]; /* [exact]: what no-wrap says of e (see below) */
  signed char reads; /* reads_signed(e): -1 not yet known */
} memo_entry;

struct mc_z3tr {
  mc_arena *arena;
  Z3_context z;
  mc_z3_atom_fn atom;
  void *data;
  memo_entry *memo; /* open addressing on the node's id */
  unsigned cap, used;
  mc_z3abs *abs;    /* products abstracted into it; NULL: exact */
  bool no_wrap;     /* the no-wrap assumption (MC_DRF_NO_WRAP_ASSUMPTION) */
  bool ints;        /* integers, not bit-vectors (see "Integers" below) */
};

mc_z3tr *mc_z3tr_new(mc_arena *a, Z3_context z, mc_z3_atom_fn fn, void *data) {
  mc_z3tr *t = mc_alloc(a, sizeof *t);
  if (!t)
    return NULL;
  *t = (mc_z3tr){a, z, fn, data, NULL, 0, 0, NULL, false, false};
  return t;
}

void mc_z3tr_abstract(mc_z3tr *t, mc_z3abs *abs) { t->abs = abs; }

void mc_z3tr_assume_no_wrap(mc_z3tr *t, bool on, bool ints) {
  t->no_wrap = on;
  t->ints = on && ints;
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
    t->memo[h] = (memo_entry){e, NULL, {NULL, NULL}, -1};
    t->used++;
  }
  return &t->memo[h];
}

static bool is_atom(const mc_expr *e, mc_atom_kind k) {
  return e->op == MC_EXPR_ATOM && e->atom->kind == k;
}

static bool is_const(const mc_expr *e) { return e->op == MC_EXPR_CONST; }

/* The reading of e's value that the no-wrap assumption keeps, as far as the
 * IR shows the C type of the computation: signed for signed atoms and for
 * what the IR computed with nsw or read signed, unsigned for what it read
 * unsigned, and signed for a sum or product as soon as one operand is (the
 * weaker assumption of the two where C would convert to unsigned), and for
 * a sum that subtracts (a negative constant or coefficient). The last is
 * what a widened `sub nsw` keeps of its nsw: sext(o * (2 * t + 1) - 1) is
 * the 64-bit 4 * zext(o * (2 * t + 1)) - 4 of unsigned operands, which
 * read unsigned could not be negative, and `o = 0` could not make it -1. */
static bool reads_signed(mc_z3tr *t, const mc_expr *e) {
  switch (e->op) {
  case MC_EXPR_CONST: return e->value < 0;
  case MC_EXPR_ATOM: return e->atom->is_signed;
  case MC_EXPR_ZEXT: case MC_EXPR_UDIV: case MC_EXPR_UREM: case MC_EXPR_LSHR:
  case MC_EXPR_UMIN: case MC_EXPR_UMAX: case MC_EXPR_CMP: return false;
  case MC_EXPR_SEXT: case MC_EXPR_SDIV: case MC_EXPR_SREM: case MC_EXPR_ASHR:
  case MC_EXPR_SMIN: case MC_EXPR_SMAX: return true;
  default: break;
  }
  if (e->assumed & MC_NSW)
    return true;
  if (e->assumed & MC_NUW)
    return false;
  memo_entry *m = memo_slot(t, e);
  if (m && m->reads >= 0)
    return m->reads;
  bool r = e->op == MC_EXPR_ADD && e->value < 0;
  for (unsigned i = 0; e->op == MC_EXPR_ADD && i < e->nops && !r; i++)
    r = e->coefs[i] < 0;
  for (unsigned i = e->op == MC_EXPR_SELECT ? 1 : 0; i < e->nops && !r; i++)
    r = !is_const(e->ops[i]) && reads_signed(t, e->ops[i]);
  if ((m = memo_slot(t, e)))
    m->reads = r;
  return r;
}

/* How operation e reads operand i: signed (1), unsigned (0), or as bits
 * (-1). A logical right shift reads bits: the compiler makes one of a sign
 * test (`n < 0 ? 2 : 0` is `(n >> 30) & 2`), where a signed value's
 * negative half is exactly what is asked. */
static int operand_reading(const mc_expr *e, unsigned i) {
  switch (e->op) {
  case MC_EXPR_ZEXT: case MC_EXPR_UDIV: case MC_EXPR_UREM: case MC_EXPR_UMIN:
  case MC_EXPR_UMAX: return 0;
  case MC_EXPR_SEXT: case MC_EXPR_SDIV: case MC_EXPR_SREM: case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: return 1;
  case MC_EXPR_ASHR: return i == 0 ? 1 : -1;
  case MC_EXPR_CMP:
    return e->pred >= MC_CMP_SLT ? 1 : e->pred >= MC_CMP_ULT ? 0 : -1;
  default: return -1;
  }
}

/* An unsigned comparison with a constant. It reads a signed operand's
 * bits, which the integer query compares as its unsigned value (int_node):
 * the compiler makes one of a signed range test (`n > 1 || n < -1` is
 * `(unsigned)(n - 2) < 4294967293`), which a negative n passes, and the
 * no-wrap assumption's `not negative` of an operand read in the other
 * signedness excluded every such n. Between two values (`x < width` of an
 * unsigned x and an int width) the comparison is the program's, and its
 * conversion is assumed to keep the value. */
static bool range_test(const mc_expr *e) {
  return e->op == MC_EXPR_CMP && e->pred >= MC_CMP_ULT && e->pred < MC_CMP_SLT &&
         (is_const(e->ops[0]) || is_const(e->ops[1]));
}

/* Operations whose integer translation reads a signed operand as its
 * unsigned value (int_node), assuming nothing of it: a range test, and an
 * unsigned minimum or maximum, which LLVM makes of its trip counts, not
 * only the program: `umin(n - 1, smax(n, 0))` iterations of a loop that
 * leaves by `if (i == n - 1) break;` is 0 at n = 0, where n - 1 is read as
 * 4294967295; read as -1 it left no iteration to exit in, and every race
 * after the loop at n <= 0 was missed. */
static bool reads_unsigned_value(const mc_expr *e) {
  return range_test(e) || e->op == MC_EXPR_UMIN || e->op == MC_EXPR_UMAX;
}

/* Operand i of an unsigned minimum or maximum that widens a signed value:
 * that value (else NULL). A 64-bit loop's trip count is `umin(zext(n - 1),
 * zext(n))`; the widening is read, like the min, as the unsigned value and
 * assumes nothing (at n = 0 the loop runs no iteration). */
static const mc_expr *widened_signed(mc_z3tr *t, const mc_expr *e, unsigned i) {
  const mc_expr *o = e->ops[i];
  if ((e->op != MC_EXPR_UMIN && e->op != MC_EXPR_UMAX) || o->op != MC_EXPR_ZEXT)
    return NULL;
  o = o->ops[0];
  return o->width > 1 && !is_const(o) && reads_signed(t, o) ? o : NULL;
}

/* ---- Product abstraction ------------------------------------------------- */

/* A product x * u of a thread's value x and a value u that is the same in
 * every thread, which cannot wrap around: unsigned (the IR's nuw), signed
 * (nsw), blockIdx * blockDim (the grid-size assumption keeps it below 2^31)
 * or, in the integer query, any product. Bit-blasting such products is
 * where Z3 gives up (the global index blockIdx.x * blockDim.x + threadIdx.x
 * with symbolic blockDim), so the abstract query replaces each by a fresh
 * variable p constrained by what multiplication by the same non-negative u
 * implies, over the integers (each value read signed or unsigned as its
 * node is):
 *   xa < xb  ->  pa + u <= pb      xa == xb  ->  pa == pb
 *   x == 0 or u == 0  ->  p == 0   u == 1  ->  p == x
 *   x >= 0 and u >= 0  ->  p >= 0
 * and, for blockIdx * blockDim, p + blockDim <= 2^31 - 1. A product of
 * uniform values alone is a variable too, entered once for each way of
 * splitting it into a factor and the rest (bdy * m is bdy times m and m
 * times bdy), so that `threadIdx.y < blockDim.y` bounds threadIdx.y * m by
 * blockDim.y * m: the distributed 2-D index blockIdx.y * blockDim.y * m +
 * threadIdx.y * m + col is then told apart from its neighbours' without
 * multiplying. (A product of two threads' values, rare in indices, is one
 * factor times the other in the same way.) Every model of the exact query
 * is one of the abstract query (p = x * u), so an abstract query without a
 * model proves the exact one has none.
 *
 * The lemmas that relate two products (the first two above, and the
 * distributivity lemmas) are made only for products that one case of the
 * query holds together. A query asks thread 1 at one access against
 * thread 2 at any of several (mc_z3abs_group): thread 2's products at one
 * candidate are never in a case with its products at another, and
 * relating them made the lemmas grow with the square of all the
 * candidates' products. test/cost/grid_stride_2d.cu's `out[i]` against
 * its five candidates: 1,075 lemmas and 0.6-0.9 s to prove at block scope
 * with them, 921 and 0.16-0.18 s without; at grid scope 1,183 and 0.7-0.8
 * s, 1,013 and 0.45-0.5 s. They are made once every term of the query is
 * (mc_z3abs_lemmas), when it is known which cases hold each product. */
typedef struct {
  Z3_ast x, u, p;
  bool xs, us, ps; /* their readings: signed or not */
  bool uniform;    /* x is the same in every thread */
  uint64_t groups; /* the groups whose terms hold it (mc_z3abs_group) */
  unsigned w;      /* the lemmas' width (bit-vectors) */
} prod_entry;

typedef struct {
  Z3_ast terms[3];
  unsigned n;
  Z3_ast p;
} uniform_entry;

struct mc_z3abs {
  mc_arena *arena;
  Z3_context z;
  bool ints, distribute;
  prod_entry *prods;        /* products; in xors, a ^ u = p */
  unsigned nprods, cap;
  prod_entry *xors;
  unsigned nxors, xcap;
  uniform_entry *uniforms;
  unsigned nuniforms, ucap;
  Z3_ast *lemmas;
  unsigned nlemmas, lcap;
  unsigned group;  /* of the terms made now */
  unsigned paired; /* products whose lemmas with those before them are made */
};

mc_z3abs *mc_z3abs_new(mc_arena *a, Z3_context z, bool ints, bool distribute) {
  mc_z3abs *abs = mc_alloc(a, sizeof *abs);
  if (abs)
    *abs = (mc_z3abs){a, z, ints, ints && distribute, NULL, 0, 0, NULL, 0, 0, NULL, 0, 0,
                      NULL, 0, 0, 0, 0};
  return abs;
}

void mc_z3abs_group(mc_z3abs *abs, unsigned group) { abs->group = group; }

static uint64_t group_bit(unsigned group) {
  return UINT64_C(1) << (group < 63 ? group : 63);
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

enum {
  THREAD_ATOMS = (1u << MC_ATOM_TID) | (1u << MC_ATOM_BID) | (1u << MC_ATOM_LANE) |
                 (1u << MC_ATOM_WARPID) | (1u << MC_ATOM_LOOP) | (1u << MC_ATOM_UNKNOWN)
};

static bool thread_value(const mc_expr *e) { return mc_expr_mentions(e, THREAD_ATOMS); }

/* Does the abstract query replace product e by a variable? */
static bool abstracted(mc_z3tr *t, const mc_expr *e) {
  if (!t->abs || e->op != MC_EXPR_MUL)
    return false;
  if (t->ints)
    return true;
  /* bit-vectors: a thread's value times a uniform one that the IR or the
   * grid assumption says does not wrap */
  if (e->nops != 2 || e->width > 62 || thread_value(e->ops[0]) == thread_value(e->ops[1]))
    return false;
  const mc_expr *x = e->ops[thread_value(e->ops[0]) ? 0 : 1], *u = e->ops[x == e->ops[0]];
  if (is_atom(x, MC_ATOM_BID) && is_atom(u, MC_ATOM_BDIM) && x->atom->dim == u->atom->dim)
    return true;
  return ((e->flags | e->assumed) & (MC_NUW | MC_NSW)) != 0;
}

/* The lemmas' arithmetic: over the integers, or on bit-vectors of w bits
 * widened enough for nothing to wrap, each value read as it says. */
static Z3_ast zero(Z3_context z, bool ints, unsigned w) { return mc_num(z, ints, w, 0); }

static Z3_ast non_negative(const mc_z3abs *abs, Z3_ast v, bool is_signed, unsigned w) {
  Z3_context z = abs->z;
  if (abs->ints)
    return Z3_mk_ge(z, v, int_num(z, 0));
  return is_signed ? Z3_mk_bvsge(z, v, zero(z, false, w)) : Z3_mk_true(z);
}

static Z3_ast lt(const mc_z3abs *abs, Z3_ast a, bool as, Z3_ast b, bool bs) {
  Z3_context z = abs->z;
  return abs->ints ? Z3_mk_lt(z, a, b)
                   : Z3_mk_bvslt(z, mc_z3_ext(z, a, 1, as), mc_z3_ext(z, b, 1, bs));
}

static Z3_ast eq(const mc_z3abs *abs, Z3_ast a, bool as, Z3_ast b, bool bs) {
  Z3_context z = abs->z;
  return abs->ints ? Z3_mk_eq(z, a, b)
                   : Z3_mk_eq(z, mc_z3_ext(z, a, 1, as), mc_z3_ext(z, b, 1, bs));
}

/* a + u <= b. */
static Z3_ast plus_le(const mc_z3abs *abs, Z3_ast a, bool as, Z3_ast u, bool us, Z3_ast b,
                      bool bs) {
  Z3_context z = abs->z;
  if (abs->ints)
    return Z3_mk_le(z, mc_num_add(z, true, a, u), b);
  Z3_ast sum = Z3_mk_bvadd(z, mc_z3_ext(z, a, 2, as), mc_z3_ext(z, u, 2, us));
  return Z3_mk_bvsle(z, sum, mc_z3_ext(z, b, 2, bs));
}

/* Are products a and b ever in one case of the query? Yes where either
 * is in group 0 (thread 1's terms, or a query of one case), where they
 * share a group, and for a uniform one (the same in every thread). */
static bool together(const prod_entry *a, const prod_entry *b) {
  return a->uniform || b->uniform || ((a->groups | b->groups) & 1) || (a->groups & b->groups);
}

/* Over the integers, multiplication by u distributes: with a gap c that
 * is the same in every thread (a dimension), xa + xc <= xb gives
 * pa + pc <= pb, so that rows blockDim.y apart are blockDim.y * m apart.
 * For threads' entries a, b and uniform entries c with n's u among the
 * first `before` entries (at most DISTRIBUTE of each). */
static void distribute(mc_z3abs *abs, const prod_entry *n, unsigned before, Z3_ast u_ok) {
  enum { DISTRIBUTE = 8 };
  Z3_context z = abs->z;
  const prod_entry *thread[DISTRIBUTE], *uniform[DISTRIBUTE];
  unsigned nt = 0, nu = 0;
  for (unsigned i = 0; i < before; i++) {
    const prod_entry *m = &abs->prods[i];
    if (!Z3_is_eq_ast(z, m->u, n->u))
      continue;
    if (m->uniform && nu < DISTRIBUTE)
      uniform[nu++] = m;
    else if (!m->uniform && nt < DISTRIBUTE && together(m, n))
      thread[nt++] = m;
  }
  for (unsigned i = 0; i < (n->uniform ? nt : nu); i++)
    for (unsigned j = 0; j < nt; j++) {
      /* n as c between two threads' entries, or as a (then b) with c */
      const prod_entry *a = n->uniform ? thread[i] : n, *b = thread[j],
                       *c = n->uniform ? n : uniform[i];
      if (a == b || !together(a, b))
        continue;
      for (int swap = 0; swap < 2; swap++) {
        const prod_entry *lo = swap ? b : a, *hi = swap ? a : b;
        Z3_ast xs[2] = {lo->x, c->x}, ps[2] = {lo->p, c->p};
        lemma(abs, Z3_mk_implies(z, mc_z3_and2(z, u_ok, Z3_mk_le(z, Z3_mk_add(z, 2, xs), hi->x)),
                                 Z3_mk_le(z, Z3_mk_add(z, 2, ps), hi->p)));
      }
    }
}

/* Enters p = x * u with its lemmas. */
static bool enter_product(mc_z3abs *abs, const prod_entry *n, unsigned w, bool grid) {
  Z3_context z = abs->z;
  bool ints = abs->ints;
  if (!grow(abs->arena, (void **)&abs->prods, abs->nprods, &abs->cap, sizeof *abs->prods))
    return false;
  Z3_ast p0 = Z3_mk_eq(z, n->p, zero(z, ints, w));
  lemma(abs, Z3_mk_implies(z, Z3_mk_eq(z, n->x, zero(z, ints, w)), p0));
  lemma(abs, Z3_mk_implies(z, Z3_mk_eq(z, n->u, zero(z, ints, w)), p0));
  lemma(abs, Z3_mk_implies(z, Z3_mk_eq(z, n->u, mc_num(z, ints, w, 1)),
                           eq(abs, n->p, n->ps, n->x, n->xs)));
  Z3_ast u_ok = non_negative(abs, n->u, n->us, w);
  lemma(abs, Z3_mk_implies(z, mc_z3_and2(z, non_negative(abs, n->x, n->xs, w), u_ok),
                           non_negative(abs, n->p, n->ps, w)));
  if (ints) { /* x >= 1 gives p >= u, u >= 1 gives p >= x */
    Z3_ast one = int_num(z, 1);
    lemma(abs, Z3_mk_implies(z, mc_z3_and2(z, Z3_mk_ge(z, n->x, one), u_ok),
                             Z3_mk_ge(z, n->p, n->u)));
    lemma(abs, Z3_mk_implies(z, mc_z3_and2(z, Z3_mk_ge(z, n->u, one), Z3_mk_ge(z, n->x, int_num(z, 0))),
                             Z3_mk_ge(z, n->p, n->x)));
  }
  if (grid)
    lemma(abs, plus_le(abs, n->p, false, n->u, false,
                       mc_num(z, ints, w, (UINT64_C(1) << 31) - 1), false));
  prod_entry *e = &abs->prods[abs->nprods++];
  *e = *n;
  e->groups = group_bit(abs->group);
  e->w = w;
  return true;
}

/* The lemmas of product k with the products entered before it. */
static void pair_product(mc_z3abs *abs, unsigned k) {
  Z3_context z = abs->z;
  const prod_entry *n = &abs->prods[k];
  Z3_ast u_ok = non_negative(abs, n->u, n->us, n->w);
  for (unsigned i = 0; i < k; i++) {
    const prod_entry *m = &abs->prods[i];
    if (!Z3_is_eq_ast(z, m->u, n->u) || !together(m, n))
      continue;
    Z3_ast parts[3] = {
        Z3_mk_implies(z, lt(abs, m->x, m->xs, n->x, n->xs),
                      plus_le(abs, m->p, m->ps, n->u, n->us, n->p, n->ps)),
        Z3_mk_implies(z, lt(abs, n->x, n->xs, m->x, m->xs),
                      plus_le(abs, n->p, n->ps, n->u, n->us, m->p, m->ps)),
        Z3_mk_implies(z, eq(abs, m->x, m->xs, n->x, n->xs),
                      eq(abs, m->p, m->ps, n->p, n->ps))};
    lemma(abs, Z3_mk_implies(z, u_ok, Z3_mk_and(z, 3, parts)));
  }
  if (abs->distribute)
    distribute(abs, n, k, u_ok);
}

const Z3_ast *mc_z3abs_lemmas(mc_z3abs *abs, unsigned *n) {
  for (; abs->paired < abs->nprods; abs->paired++)
    pair_product(abs, abs->paired);
  *n = abs->nlemmas;
  return abs->lemmas;
}

/* Factors refined at most this large: the solver's arithmetic on the
 * lemmas of larger ones (a plane's constant near 2^62) ran for minutes
 * past its rlimit (Z3 4.8.12, a grid-stride loop whose model had
 * n = 2^31 - 1), and a witness's values are small. */
static bool refinable(int64_t v) {
  const int64_t most = INT64_C(1) << 16;
  return v >= -most && v <= most;
}

unsigned mc_z3abs_refine(mc_z3abs *abs, Z3_model m, Z3_solver s) {
  Z3_context z = abs->z;
  unsigned n = 0;
  for (unsigned i = 0; abs->ints && i < abs->nprods; i++) {
    const prod_entry *e = &abs->prods[i];
    int64_t a, b, p;
    if (!mc_z3_eval_int(z, m, e->x, &a) || !mc_z3_eval_int(z, m, e->u, &b) ||
        !mc_z3_eval_int(z, m, e->p, &p) || !refinable(a) || !refinable(b) || a * b == p)
      continue;
    int64_t ab = a * b;
    Z3_ast ka = int_num(z, a), kb = int_num(z, b);
    Z3_ast au[2] = {ka, e->u}, bx[2] = {kb, e->x};
    Z3_ast times_a = Z3_mk_mul(z, 2, au), times_b = Z3_mk_mul(z, 2, bx);
    Z3_ast sum[3] = {times_a, times_b, int_num(z, -ab)};
    Z3_ast plane = Z3_mk_add(z, 3, sum);
    Z3_ast x_above = Z3_mk_gt(z, e->x, ka), x_below = Z3_mk_lt(z, e->x, ka);
    Z3_ast u_above = Z3_mk_gt(z, e->u, kb), u_below = Z3_mk_lt(z, e->u, kb);
    Z3_ast same = mc_z3_or2(z, mc_z3_and2(z, x_above, u_above), mc_z3_and2(z, x_below, u_below));
    Z3_ast apart = mc_z3_or2(z, mc_z3_and2(z, x_above, u_below), mc_z3_and2(z, x_below, u_above));
    Z3_ast l[4] = {Z3_mk_implies(z, Z3_mk_eq(z, e->x, ka), Z3_mk_eq(z, e->p, times_a)),
                   Z3_mk_implies(z, Z3_mk_eq(z, e->u, kb), Z3_mk_eq(z, e->p, times_b)),
                   Z3_mk_implies(z, same, Z3_mk_gt(z, e->p, plane)),
                   Z3_mk_implies(z, apart, Z3_mk_lt(z, e->p, plane))};
    for (unsigned k = 0; k < 4; k++)
      Z3_solver_assert(z, s, l[k]);
    n++;
  }
  return mc_z3_take_error() ? 0 : n;
}

static Z3_ast fresh_product(mc_z3abs *abs, unsigned w) {
  char name[32];
  snprintf(name, sizeof name, "product#%u", abs->nprods + abs->nuniforms);
  return mc_num_var(abs->z, abs->ints, name, w);
}

/* x * u: the variable of an entry with the same factors, or a new one. */
static Z3_ast factor_product(mc_z3abs *abs, prod_entry n, unsigned w, bool grid) {
  for (unsigned i = 0; i < abs->nprods; i++) {
    prod_entry *m = &abs->prods[i];
    if (m->ps == n.ps && m->xs == n.xs && Z3_is_eq_ast(abs->z, m->x, n.x) &&
        Z3_is_eq_ast(abs->z, m->u, n.u)) {
      m->groups |= group_bit(abs->group);
      return m->p;
    }
  }
  n.p = fresh_product(abs, w);
  return enter_product(abs, &n, w, grid) ? n.p : NULL;
}

/* c * u for a constant c, entered once as the product p (a term). */
static Z3_ast constant_product(mc_z3abs *abs, Z3_ast c, Z3_ast u, Z3_ast p, unsigned w) {
  for (unsigned i = 0; i < abs->nprods; i++) {
    const prod_entry *m = &abs->prods[i];
    if (Z3_is_eq_ast(abs->z, m->x, c) && Z3_is_eq_ast(abs->z, m->u, u))
      return m->p;
  }
  prod_entry n = {c, u, p, true, true, true, true, 0, 0};
  return enter_product(abs, &n, w, false) ? p : NULL;
}

/* The product of uniform terms f[0..n) (n <= 3, each read as sg[i]; the
 * product as ps): one variable, entered as each factor times the rest and
 * the rest times each factor. */
static Z3_ast uniform_product(mc_z3abs *abs, const Z3_ast *f, const bool *sg, unsigned n,
                              bool ps, unsigned w) {
  Z3_context z = abs->z;
  if (n == 1)
    return f[0];
  for (unsigned i = 0; i < abs->nuniforms; i++) {
    const uniform_entry *m = &abs->uniforms[i];
    bool same = m->n == n;
    for (unsigned j = 0; same && j < n; j++)
      same = Z3_is_eq_ast(z, m->terms[j], f[j]);
    if (same)
      return m->p;
  }
  if (!grow(abs->arena, (void **)&abs->uniforms, abs->nuniforms, &abs->ucap,
            sizeof *abs->uniforms))
    return NULL;
  Z3_ast p = fresh_product(abs, w);
  uniform_entry *u = &abs->uniforms[abs->nuniforms++];
  *u = (uniform_entry){{NULL, NULL, NULL}, n, p};
  memcpy(u->terms, f, n * sizeof *f);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast rest[2];
    bool rest_sg[2], rs = false;
    unsigned m = 0;
    for (unsigned j = 0; j < n; j++)
      if (j != i) {
        rest[m] = f[j];
        rest_sg[m] = sg[j];
        rs |= sg[j];
        m++;
      }
    Z3_ast r = uniform_product(abs, rest, rest_sg, m, rs, w);
    prod_entry times_rest = {f[i], r, p, sg[i], rs, ps, true, 0, 0},
               rest_times = {r, f[i], p, rs, sg[i], ps, true, 0, 0};
    if (!r || !enter_product(abs, &times_rest, w, false) ||
        (n > 2 && !enter_product(abs, &rest_times, w, false)))
      return NULL;
  }
  return p;
}

/* Is term a a number (a launch dimension the facts fix) of at most 32
 * bits? Then *v. */
static bool small_number(Z3_context z, Z3_ast a, int64_t *v) {
  if (!Z3_is_numeral_ast(z, a))
    return false;
  bool ok = Z3_get_numeral_int64(z, a, v) && *v >= -(INT64_C(1) << 31) &&
            *v < (INT64_C(1) << 32);
  mc_z3_take_error();
  return ok;
}

/* c * x exactly, in the query's arithmetic. */
static Z3_ast times_number(mc_z3tr *t, int64_t c, Z3_ast x, unsigned w) {
  Z3_context z = t->z;
  Z3_ast k = t->ints ? int_num(z, c) : mc_z3_bv_const(z, w, (uint64_t)c);
  if (!x)
    return k;
  Z3_ast m[2] = {k, x};
  return t->ints ? Z3_mk_mul(z, 2, m) : Z3_mk_bvmul(z, k, x);
}

static Z3_ast abstract_terms(mc_z3tr *t, const mc_expr *const *f, const Z3_ast *ops,
                             unsigned n, bool ps, unsigned w);

/* The abstract term of the product of factors f[0..n) (translated into
 * ops; the product read as ps): the numbers among them (fixed dimensions)
 * times the product of the others, exactly, so that 32 * threadIdx.y stays
 * linear; of those, the thread's factors times the product of the uniform
 * ones. Over the integers only where every other factor is read as the
 * product is: c * x is then the product's value whenever it does not wrap
 * (an x read unsigned near 2^32 in a signed product is not). */
static Z3_ast abstract_factors(mc_z3tr *t, const mc_expr *const *f, const Z3_ast *ops,
                               unsigned n, bool ps, unsigned w) {
  const mc_expr *fr[n];
  Z3_ast rest[n];
  unsigned nr = 0;
  int64_t c = 1, v, cv;
  bool same_reading = true;
  for (unsigned i = 0; i < n; i++)
    if (small_number(t->z, ops[i], &v) && !__builtin_mul_overflow(c, v, &cv))
      c = cv;
    else {
      same_reading &= !t->ints || reads_signed(t, f[i]) == ps;
      fr[nr] = f[i];
      rest[nr++] = ops[i];
    }
  if (nr == n || !same_reading)
    return abstract_terms(t, f, ops, n, ps, w);
  Z3_ast x = nr == 0 ? NULL : nr == 1 ? rest[0] : abstract_terms(t, fr, rest, nr, ps, w);
  return nr && !x ? NULL : times_number(t, c, x, w);
}

static Z3_ast abstract_terms(mc_z3tr *t, const mc_expr *const *f, const Z3_ast *ops,
                             unsigned n, bool ps, unsigned w) {
  Z3_context z = t->z;
  Z3_ast x = NULL, u[3];
  bool xs = false, us[3], uni[n];
  unsigned nu = 0, nuni = 0;
  for (unsigned i = 0; i < n; i++)
    nuni += uni[i] = !thread_value(f[i]);
  if (!nuni) /* threads' values alone: the last one plays u */
    uni[n - 1] = true;
  for (unsigned i = 0; i < n; i++) {
    bool s = t->no_wrap ? reads_signed(t, f[i]) : ps;
    if (!uni[i]) {
      if (!x)
        x = ops[i];
      else if (!t->ints)
        x = Z3_mk_bvmul(z, x, ops[i]);
      else
        x = factor_product(t->abs, (prod_entry){x, ops[i], NULL, xs, s, xs || s, false, 0, 0},
                           w, false);
      xs |= s;
    } else if (nu < 3) {
      u[nu] = ops[i];
      us[nu++] = s;
    } else { /* a fourth uniform factor: the third and it as one */
      u[2] = uniform_product(t->abs, (Z3_ast[]){u[2], ops[i]}, (bool[]){us[2], s}, 2,
                             us[2] || s, w);
      us[2] |= s;
    }
    if (uni[i] ? !u[nu - 1 < 2 ? nu - 1 : 2] : !x)
      return NULL;
  }
  if (!x)
    return uniform_product(t->abs, u, us, nu, ps, w);
  bool usg = us[0] || (nu > 1 && us[1]) || (nu > 2 && us[2]);
  Z3_ast uu = uniform_product(t->abs, u, us, nu, usg, w);
  bool grid = n == 2 && is_atom(f[0], MC_ATOM_BID) && is_atom(f[1], MC_ATOM_BDIM) &&
              f[0]->atom->dim == f[1]->atom->dim;
  return uu ? factor_product(t->abs, (prod_entry){x, uu, NULL, xs, usg, ps, false, 0, 0}, w,
                             grid)
            : NULL;
}

static Z3_ast abstract_product(mc_z3tr *t, const mc_expr *e, const Z3_ast *ops) {
  bool ps = t->no_wrap ? reads_signed(t, e)
                       : !((e->flags | e->assumed) & MC_NUW) && ((e->flags | e->assumed) & MC_NSW);
  return abstract_factors(t, e->ops, ops, e->nops, ps, e->width);
}

/* ---- Bits ---------------------------------------------------------------- */

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

/* Is term a x << y? Then *x and *y. */
static bool shifted(Z3_context z, Z3_ast a, Z3_ast *x, Z3_ast *y) {
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, a);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) != Z3_OP_BSHL)
    return false;
  *x = Z3_get_app_arg(z, app, 0);
  *y = Z3_get_app_arg(z, app, 1);
  return true;
}

/* A product modulo 2^width. A factor x << y (an operation, or a loop
 * variable doubled each iteration, 1 << i) is x shifted by y (x * 2^y and
 * x << y agree modulo 2^width, both 0 from y = width on): the product of
 * the factors, bases of shifts included, shifted by each shift's amount; a
 * shifter where a multiplier would be bit-blasted (products by a loop's
 * stride 1 << k took Z3 0.1-0.2 s). */
static Z3_ast bits_product(Z3_context z, const mc_expr *e, const Z3_ast *ops) {
  Z3_ast r = NULL, by[e->nops];
  unsigned nby = 0;
  for (unsigned i = 0; i < e->nops; i++) {
    Z3_ast x = ops[i];
    uint64_t v = 0;
    if (shifted(z, ops[i], &x, &by[nby])) {
      nby++;
      if (Z3_is_numeral_ast(z, x) && Z3_get_numeral_uint64(z, x, &v) && v == 1)
        continue; /* 1 << y: the shift alone */
    }
    r = r ? Z3_mk_bvmul(z, r, x) : x;
  }
  r = r ? r : mc_z3_bv_const(z, e->width, 1);
  for (unsigned i = 0; i < nby; i++)
    r = Z3_mk_bvshl(z, r, by[i]);
  return r;
}

static Z3_ast bits_node(mc_z3tr *t, const mc_expr *e, const Z3_ast *ops) {
  Z3_context z = t->z;
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
  case MC_EXPR_MUL:
    if (abstracted(t, e))
      return abstract_product(t, e, ops);
    return bits_product(z, e, ops);
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

/* ---- Integers -------------------------------------------------------------
 *
 * The abstract query under the no-wrap assumption is over the integers:
 * linear arithmetic, which Z3 decides in milliseconds where bit-blasting
 * the same inequalities between sums of products can take minutes. A node
 * is its integer reading: a sum is the sum, an extension the value (what
 * the assumption says; mc_z3_nowrap asserts it where the node is needed
 * exactly), a truncation the value modulo 2^width, a mask of low bits or a
 * remainder by a power of two `mod`, divisions and shifts by constants
 * `div` and multiplications. Products are abstracted (above); bitwise
 * operations and divisions and shifts by values are uninterpreted functions
 * of their operands with the bounds they obey. Every execution the
 * assumption allows is a model, so an integer query without a model proves
 * there is no race; a model may be spurious, and the exact bit-vector query
 * decides. Booleans are 0 and 1. */

static Z3_ast int_one(Z3_context z) { return int_num(z, 1); }

static Z3_ast int_bool(Z3_context z, Z3_ast b) {
  return Z3_mk_ite(z, b, int_one(z), int_num(z, 0));
}

static Z3_ast int_true(Z3_context z, Z3_ast v) { return Z3_mk_eq(z, v, int_one(z)); }

/* A constant operand as the operation reads it. */
static Z3_ast int_const(Z3_context z, const mc_expr *c, bool is_signed) {
  return c->width > 1 && is_signed ? int_num(z, c->value) : int_unum(z, mc_expr_uvalue(c));
}

/* A width no C integer type has (nor a truth value's): arithmetic the
 * compiler or the simplifier narrowed, `tid % 4` as `(u2)tid`, where
 * wrapping around is the point. The no-wrap assumption speaks of the
 * program's arithmetic: such a node is taken modulo 2^width, and what it
 * reads only modulo 2^width too. */
static bool odd_width(unsigned w) {
  return w > 1 && w != 8 && w != 16 && w != 32 && w != 64;
}

/* v modulo 2^w, into the signed or unsigned range. */
static Z3_ast int_reduce(Z3_context z, Z3_ast v, unsigned w, bool is_signed) {
  if (!is_signed)
    return Z3_mk_mod(z, v, int_pow2(z, w));
  Z3_ast half = int_pow2(z, w - 1);
  return mc_num_sub(z, true, Z3_mk_mod(z, mc_num_add(z, true, v, half), int_pow2(z, w)), half);
}

/* f(a, b), an uninterpreted function named after the operation. */
static Z3_ast int_apply(mc_z3tr *t, const char *name, Z3_ast a, Z3_ast b) {
  Z3_context z = t->z;
  Z3_sort s[2] = {Z3_mk_int_sort(z), Z3_mk_int_sort(z)};
  Z3_func_decl f = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, name), 2, s, s[0]);
  Z3_ast args[2] = {a, b};
  return Z3_mk_app(z, f, 2, args);
}

static Z3_ast int_ge0(Z3_context z, Z3_ast v) { return Z3_mk_ge(z, v, int_num(z, 0)); }

/* The unsigned value of a signed value v of w bits: a negative value's
 * bits are its value plus 2^w. */
static Z3_ast int_unsigned(Z3_context z, Z3_ast v, unsigned w) {
  Z3_ast f[2] = {v, int_pow2(z, w)};
  return Z3_mk_ite(z, int_ge0(z, v), v, Z3_mk_add(z, 2, f));
}

/* How f(a, b) of non-negative operands is bounded by b. */
typedef enum { NOT_BY_B, AT_MOST_B, BELOW_B } bound_b;

/* r = f(a, b) of non-negative a and b is at least 0 and at most what the
 * operation allows: `and` both operands, a right shift or a division a, a
 * remainder below b (when b is not 0). */
static Z3_ast int_bounded(mc_z3tr *t, const char *name, Z3_ast a, Z3_ast b, bool by_a,
                          bound_b by_b) {
  Z3_context z = t->z;
  Z3_ast r = int_apply(t, name, a, b);
  Z3_ast bounds[3] = {int_ge0(z, r), by_a ? Z3_mk_le(z, r, a) : Z3_mk_true(z),
                      by_b == AT_MOST_B ? Z3_mk_le(z, r, b)
                      : by_b == BELOW_B ? Z3_mk_implies(z, Z3_mk_gt(z, b, int_num(z, 0)),
                                                        Z3_mk_lt(z, r, b))
                                        : Z3_mk_true(z)};
  lemma(t->abs, Z3_mk_implies(z, mc_z3_and2(z, int_ge0(z, a), int_ge0(z, b)),
                              Z3_mk_and(z, 3, bounds)));
  return r;
}

/* a ^ b over the integers: a function, which for one b is an involution
 * (bitonic sort's partner index i ^ j, and its partner i). */
static Z3_ast int_xor(mc_z3tr *t, Z3_ast a, Z3_ast b) {
  Z3_context z = t->z;
  mc_z3abs *abs = t->abs;
  Z3_ast r = int_apply(t, "xor", a, b);
  lemma(abs, Z3_mk_implies(z, mc_z3_and2(z, int_ge0(z, a), int_ge0(z, b)), int_ge0(z, r)));
  for (unsigned i = 0; i < abs->nxors; i++) {
    const prod_entry *m = &abs->xors[i];
    /* with one operand in common, o ^ c = p and a' ^ c = r */
    Z3_ast o, a2;
    if (Z3_is_eq_ast(z, m->u, b))
      o = m->x, a2 = a;
    else if (Z3_is_eq_ast(z, m->x, a))
      o = m->u, a2 = b;
    else if (Z3_is_eq_ast(z, m->x, b))
      o = m->u, a2 = a;
    else if (Z3_is_eq_ast(z, m->u, a))
      o = m->x, a2 = b;
    else
      continue;
    if (Z3_is_eq_ast(z, o, a2))
      continue;
    Z3_ast parts[3] = {Z3_mk_implies(z, Z3_mk_eq(z, o, r), Z3_mk_eq(z, m->p, a2)),
                       Z3_mk_implies(z, Z3_mk_eq(z, a2, m->p), Z3_mk_eq(z, r, o)),
                       Z3_mk_implies(z, Z3_mk_eq(z, m->p, r), Z3_mk_eq(z, o, a2))};
    lemma(abs, Z3_mk_and(z, 3, parts));
  }
  if (grow(abs->arena, (void **)&abs->xors, abs->nxors, &abs->xcap, sizeof *abs->xors))
    abs->xors[abs->nxors++] = (prod_entry){a, b, r, false, false, false, false, 0, 0};
  return r;
}

/* ---- Sums over the integers: common factors taken out ------------------- */

/* A term of a sum: coef times the product of factors (none: coef). */
enum { MAX_FACTORS = 8 };
typedef struct {
  int64_t coef;
  const mc_expr *f[MAX_FACTORS];
  unsigned n;
} monomial;

/* e without extensions, which are the identity on integers; not that of
 * a value of an odd width, which its translation reduces modulo 2^width. */
static const mc_expr *uncast(const mc_expr *e) {
  while ((e->op == MC_EXPR_ZEXT || e->op == MC_EXPR_SEXT) && e->ops[0]->width > 1 &&
         !odd_width(e->ops[0]->width))
    e = e->ops[0];
  return e;
}

static Z3_ast int_monomial(mc_z3tr *t, const monomial *m, unsigned w) {
  Z3_context z = t->z;
  Z3_ast ops[MAX_FACTORS];
  for (unsigned j = 0; j < m->n; j++)
    if (!(ops[j] = translate(t, m->f[j])))
      return NULL;
  Z3_ast v = m->n == 0 ? int_num(z, 1)
             : m->n == 1 ? ops[0]
                         : abstract_factors(t, m->f, ops, m->n, false, w);
  if (!v || m->coef == 1)
    return v;
  Z3_ast f[2] = {int_num(z, m->coef), v};
  return Z3_mk_mul(z, 2, f);
}

static int64_t gcd(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/* The order in which int_poly takes uniform factors out: the same for
 * every expression, so that two indices are nested alike. Parameters first
 * (the row length of row * width + col), then blockDim before gridDim, x
 * before y before z (threadIdx.x + blockDim.x * threadIdx.y), then the
 * rest. */
static uint64_t factor_rank(const mc_expr *f) {
  if (f->op == MC_EXPR_ATOM)
    switch (f->atom->kind) {
    case MC_ATOM_PARAM: return (uint64_t)f->atom->index;
    case MC_ATOM_BDIM: return 1000 + f->atom->dim;
    case MC_ATOM_GDIM: return 1003 + f->atom->dim;
    case MC_ATOM_WARPSIZE: return 1006;
    default: break;
    }
  return ((uint64_t)1 << 32) + f->id;
}

static Z3_ast int_poly(mc_z3tr *t, monomial *m, unsigned n, int64_t constant, unsigned w);

/* m without its first factor f (uncast) into *r; false when m has none. */
static bool without_factor(const monomial *m, const mc_expr *f, monomial *r) {
  *r = (monomial){m->coef, {NULL}, 0};
  bool dropped = false;
  for (unsigned k = 0; k < m->n; k++)
    if (!dropped && uncast(m->f[k]) == f)
      dropped = true;
    else
      r->f[r->n++] = m->f[k];
  return dropped;
}

/* A thread's value times a stride that the compiler distributed:
 * (256 - 2 * iteration) * blockIdx.x reaches the query as 256 * blockIdx.x
 * - 2 * iteration * blockIdx.x, (tile - 2 * halo) * blockIdx.x as
 * tile * bx - 2 * halo * bx. Horner's form by a parameter makes products
 * (iteration * (-2 * bx), tile * bx and halo * bx) whose lemmas bound each
 * difference between two blocks on one side only, so blocks one stride
 * apart are not found apart. Taken together the terms are one product per
 * thread, all with the same uniform factor: 2 * (bx * (128 - iteration)),
 * bx * (tile - 2 * halo). For a thread's value f that two or more terms of
 * m[0..*n) have, once each and otherwise with uniform factors only: those
 * terms leave m and their sum comes back as g * (f * inner) in *sum (NULL
 * where a part does not translate), g the terms' common divisor, its sign
 * that of the term first in Horner's order (c * f alone first, then by
 * factor_rank), so that the negated sum has the same product. False: no
 * such f, m as it was. */
static bool split_stride(mc_z3tr *t, monomial *m, unsigned *n, unsigned w, Z3_ast *sum) {
  if (!t->abs)
    return false;
  for (unsigned i = 0; i < *n; i++)
    for (unsigned l = 0; l < m[i].n; l++) {
      const mc_expr *f = uncast(m[i].f[l]);
      if (!thread_value(f))
        continue;
      int64_t g = 0, lead = 0, alone = 0;
      uint64_t lead_rank = UINT64_MAX;
      unsigned terms = 0;
      bool ok = true;
      for (unsigned j = 0; j < *n && ok; j++) {
        unsigned hits = 0;
        bool uniform = true;
        uint64_t rank = 0; /* c * f alone: first */
        for (unsigned k = 0; k < m[j].n; k++)
          if (uncast(m[j].f[k]) == f)
            hits++;
          else if (thread_value(m[j].f[k]))
            uniform = false;
          else if (!rank || factor_rank(uncast(m[j].f[k])) < rank - 1)
            rank = factor_rank(uncast(m[j].f[k])) + 1;
        if (!hits)
          continue;
        ok = hits == 1 && uniform && !__builtin_add_overflow(alone, rank ? 0 : m[j].coef, &alone);
        terms++;
        g = gcd(g, m[j].coef);
        if (!lead || rank < lead_rank) {
          lead = m[j].coef;
          lead_rank = rank;
        }
      }
      if (!ok || terms < 2)
        continue;
      g = lead < 0 ? -g : g;
      monomial inner[*n];
      unsigned ni = 0, kept = 0;
      int64_t constant = alone / g;
      for (unsigned j = 0; j < *n; j++) {
        monomial r;
        if (!without_factor(&m[j], f, &r))
          m[kept++] = m[j];
        else if (r.n) {
          r.coef /= g;
          inner[ni++] = r;
        }
      }
      *n = kept;
      Z3_ast x = translate(t, f), u = int_poly(t, inner, ni, constant, w);
      Z3_ast p = x && u ? factor_product(t->abs,
                                         (prod_entry){x, u, NULL, true, true, true, false, 0, 0}, w,
                                         false)
                        : NULL;
      *sum = !p || g == 1 ? p : Z3_mk_mul(t->z, 2, (Z3_ast[]){int_num(t->z, g), p});
      return true;
    }
  return false;
}

/* constant + the sum of m[0..n), nested in Horner's form: the first
 * uniform factor (factor_rank) taken out of the terms that have it, then
 * the rest, recursively. blockIdx.y * blockDim.y * m + threadIdx.y * m +
 * col is blockDim.y * (m * blockIdx.y) + m * threadIdx.y + col: products by
 * one factor at a time, which the abstraction relates across threads and
 * across indices nested alike. */
static Z3_ast int_poly(mc_z3tr *t, monomial *m, unsigned n, int64_t constant, unsigned w) {
  Z3_context z = t->z;
  Z3_ast split;
  if (split_stride(t, m, &n, w, &split)) {
    Z3_ast rest = split ? int_poly(t, m, n, constant, w) : NULL;
    return rest ? Z3_mk_add(z, 2, (Z3_ast[]){split, rest}) : NULL;
  }
  const mc_expr *best = NULL;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < m[i].n; j++) {
      const mc_expr *f = uncast(m[i].f[j]);
      if (!thread_value(f) && (!best || factor_rank(f) < factor_rank(best)))
        best = f;
    }
  Z3_ast terms[n + 2];
  unsigned nt = 0;
  terms[nt++] = int_num(z, constant);
  if (!best) {
    for (unsigned i = 0; i < n; i++)
      if (!(terms[nt++] = int_monomial(t, &m[i], w)))
        return NULL;
    return Z3_mk_add(z, nt, terms);
  }
  /* the terms with the factor, without it, times it (and the coefficients'
   * common divisor); then the others */
  monomial *with = mc_alloc(t->arena, n * sizeof *with), *without = mc_alloc(t->arena, n * sizeof *without);
  if (!with || !without)
    return NULL;
  unsigned nw = 0, no = 0;
  int64_t g = 0;
  bool linear = true, uniform = true;
  for (unsigned i = 0; i < n; i++) {
    monomial r;
    if (!without_factor(&m[i], best, &r)) {
      without[no++] = m[i];
      continue;
    }
    linear &= r.n == 0;
    for (unsigned j = 0; j < r.n; j++)
      uniform &= !thread_value(r.f[j]);
    g = gcd(g, r.coef);
    with[nw++] = r;
  }
  if (linear) /* the constant itself times u: compared with r * u */
    g = 1;
  int64_t sum = 0;
  for (unsigned i = 0; i < nw; i++) {
    with[i].coef /= g;
    linear &= !__builtin_add_overflow(sum, with[i].coef, &sum);
  }
  /* a constant is a number, so that the product stays linear to whoever
   * reads the query (-mapcost-solver-log's file, under QF_UFLIA) */
  Z3_ast inner = linear ? int_num(z, sum) : int_poly(t, with, nw, 0, w);
  Z3_ast u = translate(t, best);
  if (!inner || !u)
    return NULL;
  Z3_ast times[2] = {inner, u};
  int64_t uc;
  /* a constant times u is that product, an entry too so that the lemmas
   * compare it with u's other products (r * gsize against 2 * gsize); a
   * number u (a fixed dimension) times inner is linear */
  Z3_ast product = small_number(z, u, &uc) ? Z3_mk_mul(z, 2, times)
                   : linear ? constant_product(t->abs, inner, u, Z3_mk_mul(z, 2, times), w)
                          : factor_product(t->abs,
                                           (prod_entry){inner, u, NULL, true, true, true,
                                                        uniform, 0, 0},
                                           w, false);
  if (!product)
    return NULL;
  Z3_ast scaled[2] = {int_num(z, g), product};
  terms[nt++] = g == 1 ? product : Z3_mk_mul(z, 2, scaled);
  Z3_ast rest = int_poly(t, without, no, 0, w);
  if (!rest)
    return NULL;
  terms[nt++] = rest;
  return Z3_mk_add(z, nt, terms);
}

/* The factors of f into m (products within it flattened: extensions are
 * the identity on integers); false when more than MAX_FACTORS. */
static bool factors(const mc_expr *f, monomial *m) {
  const mc_expr *o = uncast(f);
  if (o->op != MC_EXPR_MUL) {
    if (m->n == MAX_FACTORS)
      return false;
    m->f[m->n++] = f;
    return true;
  }
  for (unsigned j = 0; j < o->nops; j++)
    if (!factors(o->ops[j], m))
      return false;
  return true;
}

/* The terms of e times coef, sums within it flattened (extensions are the
 * identity on integers), into m; the constant into *k. */
static bool monomials(const mc_expr *e, int64_t coef, monomial *m, unsigned *n, unsigned cap,
                      int64_t *k) {
  for (unsigned i = 0; i < e->nops; i++) {
    const mc_expr *o = uncast(e->ops[i]);
    int64_t c;
    if (__builtin_mul_overflow(coef, e->coefs[i], &c))
      return false;
    if (o->op == MC_EXPR_ADD) {
      if (!monomials(o, c, m, n, cap, k))
        return false;
      continue;
    }
    if (*n == cap)
      return false;
    m[*n] = (monomial){c, {NULL}, 0};
    if (!factors(e->ops[i], &m[*n]))
      m[*n] = (monomial){c, {e->ops[i]}, 1};
    (*n)++;
  }
  int64_t v;
  return !__builtin_mul_overflow(coef, e->value, &v) && !__builtin_add_overflow(*k, v, k);
}

static Z3_ast int_sum(mc_z3tr *t, const mc_expr *e) {
  enum { MAX_TERMS = 256 };
  unsigned cap = e->size < MAX_TERMS ? e->size + 1 : MAX_TERMS, n = 0;
  monomial *m = mc_alloc(t->arena, cap * sizeof *m);
  int64_t k = 0;
  if (!m || !monomials(e, 1, m, &n, cap, &k))
    return NULL;
  return int_poly(t, m, n, k, e->width);
}

static Z3_ast int_node(mc_z3tr *t, const mc_expr *e) {
  Z3_context z = t->z;
  unsigned n = e->nops;
  if (e->op == MC_EXPR_ADD)
    return int_sum(t, e);
  Z3_ast ops[n ? n : 1];
  for (unsigned i = 0; i < n; i++) {
    const mc_expr *o = e->ops[i], *w = widened_signed(t, e, i);
    if (w) {
      if (!(ops[i] = translate(t, w)))
        return NULL;
      ops[i] = int_unsigned(z, ops[i], w->width);
    } else if (is_const(o)) {
      int r = operand_reading(e, i);
      bool sg = r >= 0 ? r == 1
                : e->op == MC_EXPR_CMP ? reads_signed(t, e->ops[1 - i])
                : e->op == MC_EXPR_AND || e->op == MC_EXPR_OR || e->op == MC_EXPR_XOR
                    ? false
                    : reads_signed(t, e);
      ops[i] = int_const(z, o, sg);
    } else if (!(ops[i] = translate(t, o))) {
      return NULL;
    } else if (reads_unsigned_value(e) && o->width > 1 && reads_signed(t, o)) {
      ops[i] = int_unsigned(z, ops[i], o->width);
    }
  }
  int64_t c;
  bool c2 = n == 2 && mc_expr_is_const(e->ops[1], &c);
  switch (e->op) {
  case MC_EXPR_CONST:
    return int_const(z, e, e->width > 1);
  case MC_EXPR_ATOM:
    return t->atom(t->data, e->atom);
  case MC_EXPR_ADD: /* above */
    return NULL;
  case MC_EXPR_MUL:
    return abstract_product(t, e, ops);
  case MC_EXPR_UDIV:
  case MC_EXPR_SDIV:
  case MC_EXPR_UREM:
  case MC_EXPR_SREM: {
    bool div = e->op == MC_EXPR_UDIV || e->op == MC_EXPR_SDIV;
    uint64_t d = c2 ? mc_expr_uvalue(e->ops[1]) : 0;
    if (!c2 || d == 0 || (e->op == MC_EXPR_SDIV || e->op == MC_EXPR_SREM ? c <= 0 : false))
      return int_bounded(t, div ? "div" : "rem", ops[0], ops[1], true, div ? NOT_BY_B : BELOW_B);
    Z3_ast q = div ? Z3_mk_div(z, ops[0], ops[1]) : Z3_mk_mod(z, ops[0], ops[1]);
    if (e->op == MC_EXPR_UDIV || e->op == MC_EXPR_UREM)
      return q;
    /* signed: toward zero */
    Z3_ast neg = Z3_mk_unary_minus(z, ops[0]);
    Z3_ast qn = div ? Z3_mk_div(z, neg, ops[1]) : Z3_mk_mod(z, neg, ops[1]);
    return Z3_mk_ite(z, int_ge0(z, ops[0]), q, Z3_mk_unary_minus(z, qn));
  }
  case MC_EXPR_SHL:
    if (c2 && (uint64_t)c < e->width) {
      Z3_ast f[2] = {ops[0], int_pow2(z, (unsigned)c)};
      return Z3_mk_mul(z, 2, f);
    }
    return int_bounded(t, "shl", ops[0], ops[1], false, NOT_BY_B);
  case MC_EXPR_LSHR:
    if (c2 && (uint64_t)c < e->width && reads_signed(t, e->ops[0]))
      return Z3_mk_div(z, int_unsigned(z, ops[0], e->width), int_pow2(z, (unsigned)c));
    /* fall through */
  case MC_EXPR_ASHR:
    if (c2 && (uint64_t)c < e->width)
      return Z3_mk_div(z, ops[0], int_pow2(z, (unsigned)c));
    return int_bounded(t, "shr", ops[0], ops[1], true, NOT_BY_B);
  case MC_EXPR_AND:
  case MC_EXPR_OR:
  case MC_EXPR_XOR: {
    if (e->width == 1) {
      Z3_ast b[n];
      for (unsigned i = 0; i < n; i++)
        b[i] = int_true(z, ops[i]);
      Z3_ast r = e->op == MC_EXPR_AND ? Z3_mk_and(z, n, b) : e->op == MC_EXPR_OR ? Z3_mk_or(z, n, b)
                                                                             : b[0];
      for (unsigned i = 1; e->op == MC_EXPR_XOR && i < n; i++)
        r = Z3_mk_xor(z, r, b[i]);
      return int_bool(z, r);
    }
    if (e->op == MC_EXPR_XOR && n == 2)
      return int_xor(t, ops[0], ops[1]);
    /* a mask of low bits is `mod`; what else there is, a function */
    const char *name = e->op == MC_EXPR_AND ? "and" : e->op == MC_EXPR_OR ? "or" : "xor";
    Z3_ast r = NULL, mask = NULL;
    for (unsigned i = 0; i < n; i++) {
      uint64_t m = is_const(e->ops[i]) ? mc_expr_uvalue(e->ops[i]) : 2;
      if (e->op == MC_EXPR_AND && (m & (m + 1)) == 0)
        mask = int_unum(z, m + 1);
      else
        r = r ? int_bounded(t, name, r, ops[i], e->op == MC_EXPR_AND,
                            e->op == MC_EXPR_AND ? AT_MOST_B : NOT_BY_B)
              : ops[i];
    }
    if (!r)
      return int_num(z, 0);
    return mask ? Z3_mk_mod(z, r, mask) : r;
  }
  case MC_EXPR_UMIN:
  case MC_EXPR_UMAX:
  case MC_EXPR_SMIN:
  case MC_EXPR_SMAX: {
    bool min = e->op == MC_EXPR_UMIN || e->op == MC_EXPR_SMIN;
    Z3_ast r = ops[0];
    for (unsigned i = 1; i < n; i++)
      r = Z3_mk_ite(z, Z3_mk_lt(z, r, ops[i]), min ? r : ops[i], min ? ops[i] : r);
    return r;
  }
  case MC_EXPR_CMP: {
    Z3_ast a = ops[0], b = ops[1], r;
    switch (e->pred) {
    case MC_CMP_EQ: r = Z3_mk_eq(z, a, b); break;
    case MC_CMP_NE: r = Z3_mk_not(z, Z3_mk_eq(z, a, b)); break;
    case MC_CMP_ULT: case MC_CMP_SLT: r = Z3_mk_lt(z, a, b); break;
    case MC_CMP_ULE: case MC_CMP_SLE: r = Z3_mk_le(z, a, b); break;
    case MC_CMP_UGT: case MC_CMP_SGT: r = Z3_mk_gt(z, a, b); break;
    default: r = Z3_mk_ge(z, a, b); break;
    }
    return int_bool(z, r);
  }
  case MC_EXPR_SELECT:
    return Z3_mk_ite(z, int_true(z, ops[0]), ops[1], ops[2]);
  case MC_EXPR_ZEXT:
    return ops[0];
  case MC_EXPR_SEXT: /* of a Boolean: 0 or -1 */
    return e->ops[0]->width == 1 ? Z3_mk_ite(z, int_true(z, ops[0]), int_num(z, -1), int_num(z, 0))
                                 : ops[0];
  case MC_EXPR_TRUNC:
    return int_reduce(z, ops[0], e->width, reads_signed(t, e));
  }
  return NULL;
}

static Z3_ast translate_node(mc_z3tr *t, const mc_expr *e) {
  if (t->ints) {
    /* the integer reading of a sum, product or shift is its value only
     * where the no-wrap assumption holds: not at an odd width */
    Z3_ast v = int_node(t, e);
    bool wraps = e->op == MC_EXPR_ADD || e->op == MC_EXPR_MUL || e->op == MC_EXPR_SHL;
    return v && wraps && odd_width(e->width) ? int_reduce(t->z, v, e->width, reads_signed(t, e))
                                             : v;
  }
  Z3_ast ops[e->nops ? e->nops : 1];
  for (unsigned i = 0; i < e->nops; i++)
    if (!(ops[i] = translate(t, e->ops[i])))
      return NULL;
  return bits_node(t, e, ops);
}

static Z3_ast translate(mc_z3tr *t, const mc_expr *e) {
  memo_entry *m = memo_slot(t, e);
  if (!m)
    return NULL;
  if (m->term)
    return m->term;
  Z3_ast r = translate_node(t, e);
  if (mc_z3_take_error())
    r = NULL;
  /* the slot may have moved while the operands were translated */
  m = memo_slot(t, e);
  if (m)
    m->term = r;
  return r;
}

Z3_ast mc_z3_term(mc_z3tr *t, const mc_expr *e) { return e ? translate(t, e) : NULL; }

Z3_ast mc_z3_bool(mc_z3tr *t, const mc_expr *e) {
  Z3_ast b = mc_z3_term(t, e);
  if (!b)
    return NULL;
  return t->ints ? int_true(t->z, b) : Z3_mk_eq(t->z, b, mc_z3_bv_const(t->z, 1, 1));
}

/* ---- No wrap-around ------------------------------------------------------ */

static unsigned bits_of(uint64_t m) {
  unsigned b = 0;
  while (m) {
    b++;
    m >>= 1;
  }
  return b;
}

/* Sum e computed where nothing wraps (each operand read as sg(op), the sum
 * as es) equals its bits: the sum's integer value is its reading. NULL
 * when not expressible. */
static Z3_ast sum_fits(mc_z3tr *t, const mc_expr *e, bool es, const bool *sg) {
  Z3_context z = t->z;
  unsigned w = e->width;
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
    Z3_ast v = mc_z3_ext(z, translate(t, e->ops[i]), by, sg[i]);
    Z3_ast term = e->coefs[i] == 1 ? v
                  : Z3_mk_bvmul(z, mc_z3_ext(z, mc_z3_bv_const(z, w, (uint64_t)e->coefs[i]),
                                             by, true),
                                v);
    sum = Z3_mk_bvadd(z, sum, term);
  }
  return Z3_mk_eq(z, sum, mc_z3_ext(z, translate(t, e), by, es));
}

/* The same for a product: each partial product, from the left, does not
 * overflow in its reading (as each multiplication the IR made does not). */
static Z3_ast product_fits(mc_z3tr *t, const mc_expr *e, bool es, const bool *sg) {
  Z3_context z = t->z;
  unsigned n = e->nops;
  Z3_ast acc = translate(t, e->ops[0]), parts[2 * n];
  bool acc_signed = sg[0];
  unsigned np = 0;
  for (unsigned i = 1; i < n; i++) {
    Z3_ast b = translate(t, e->ops[i]);
    bool s = es || acc_signed || sg[i];
    /* each operand in the product's reading: a value the other reading
     * would change is not (the conversion constraints say so) */
    parts[np++] = Z3_mk_bvmul_no_overflow(z, acc, b, s);
    if (s)
      parts[np++] = Z3_mk_bvmul_no_underflow(z, acc, b);
    acc = Z3_mk_bvmul(z, acc, b);
    acc_signed = s;
  }
  return mc_z3_and(z, parts, np);
}

/* Without the assumption: what sym's flags say of e and its subterms.
 * A sum or product whose integer reading is its signed (unsigned) value,
 * and whose operands' are too, computed wide equals its bits extended. */
static Z3_ast flagged(mc_z3tr *t, const mc_expr *e, Z3_ast *parts, unsigned n) {
  if ((e->op == MC_EXPR_ADD || e->op == MC_EXPR_MUL) && e->width < 64 &&
      !abstracted(t, e)) {
    for (unsigned f = MC_NSW; f <= MC_NUW; f <<= 1) {
      bool all = (e->flags & f) != 0;
      for (unsigned i = 0; all && i < e->nops; i++)
        all = (e->ops[i]->flags & f) != 0;
      bool sg[e->nops ? e->nops : 1];
      for (unsigned i = 0; i < e->nops; i++)
        sg[i] = f == MC_NSW;
      Z3_ast c = !all || !translate(t, e) ? NULL
                 : e->op == MC_EXPR_ADD ? sum_fits(t, e, f == MC_NSW, sg)
                 : e->nops == 2 ? product_fits(t, e, f == MC_NSW, sg)
                                : NULL;
      if (c) {
        parts[n++] = c;
        break;
      }
    }
  }
  return mc_z3_and(t->z, parts, n);
}

/* Is operand i of e needed as an integer (true) or only modulo 2^width
 * (false: the low bits of a masked value, of a remainder by a power of two,
 * which wrapping does not change), when e itself is needed as `exact`? */
static bool operand_exact(const mc_expr *e, unsigned i, bool exact) {
  uint64_t c;
  switch (e->op) {
  case MC_EXPR_ADD: case MC_EXPR_MUL: case MC_EXPR_ZEXT: case MC_EXPR_SEXT:
  case MC_EXPR_TRUNC: case MC_EXPR_OR: case MC_EXPR_XOR:
    return exact;
  case MC_EXPR_SHL:
    return i == 0 ? exact : true;
  case MC_EXPR_SELECT:
    return i == 0 ? true : exact;
  case MC_EXPR_AND:
    for (unsigned j = 0; j < e->nops; j++) {
      c = is_const(e->ops[j]) ? mc_expr_uvalue(e->ops[j]) : 2;
      if ((c & (c + 1)) == 0) /* a mask of low bits */
        return false;
    }
    return exact;
  case MC_EXPR_UREM:
    c = is_const(e->ops[1]) ? mc_expr_uvalue(e->ops[1]) : 0;
    return !(i == 0 && c && (c & (c - 1)) == 0);
  default:
    return true;
  }
}

/* v (of w bits, read as is_signed) is not negative. */
static Z3_ast not_negative(mc_z3tr *t, Z3_ast v, unsigned w) {
  Z3_context z = t->z;
  return t->ints ? int_ge0(z, v) : Z3_mk_bvsge(z, v, mc_z3_bv_const(z, w, 0));
}

/* Under the no-wrap assumption: e, needed as an integer (exact) or only
 * modulo 2^width, is computed without wrapping around. Every sum, product
 * and left shift needed exactly equals its value over the integers in its
 * reading (reads_signed), and every operand an operation reads in the other
 * signedness than its own, or truncates, keeps its value (a signed value
 * read unsigned is not negative; two values of either reading compared for
 * equality are not negative). */
static Z3_ast assumed(mc_z3tr *t, const mc_expr *e, bool exact, Z3_ast *parts,
                      unsigned n) {
  Z3_context z = t->z;
  if (!exact || odd_width(e->width) || !translate(t, e))
    return mc_z3_and(z, parts, n);
  bool es = reads_signed(t, e);
  bool sg[e->nops ? e->nops : 1];
  for (unsigned i = 0; i < e->nops; i++) {
    sg[i] = reads_signed(t, e->ops[i]);
    int r = operand_reading(e, i);
    if (r >= 0 && !is_const(e->ops[i]) && (bool)r != sg[i] && e->ops[i]->width > 1 &&
        !reads_unsigned_value(e))
      parts[n++] = not_negative(t, translate(t, e->ops[i]), e->ops[i]->width);
  }
  if (e->op == MC_EXPR_CMP && (e->pred == MC_CMP_EQ || e->pred == MC_CMP_NE) &&
      !is_const(e->ops[0]) && !is_const(e->ops[1]) && sg[0] != sg[1] && e->ops[0]->width > 1)
    for (unsigned i = 0; i < 2; i++)
      parts[n++] = not_negative(t, translate(t, e->ops[i]), e->ops[i]->width);
  Z3_ast c = NULL, v = translate(t, e);
  switch (e->op) {
  case MC_EXPR_ADD:
    c = t->ints ? int_in_type(z, v, e->width, es) : sum_fits(t, e, es, sg);
    break;
  case MC_EXPR_MUL:
    c = t->ints ? int_in_type(z, v, e->width, es)
        : abstracted(t, e) ? NULL : product_fits(t, e, es, sg);
    break;
  case MC_EXPR_SHL: { /* shifted back, it is what it was */
    if (t->ints) {
      c = int_in_type(z, v, e->width, es);
      break;
    }
    Z3_ast a = translate(t, e->ops[0]), s = translate(t, e->ops[1]);
    Z3_ast back = es ? Z3_mk_bvashr(z, v, s) : Z3_mk_bvlshr(z, v, s);
    c = mc_z3_and2(z, Z3_mk_eq(z, back, a),
                   Z3_mk_bvult(z, s, mc_z3_bv_const(z, e->width, e->width)));
    break;
  }
  case MC_EXPR_TRUNC: {
    Z3_ast a = translate(t, e->ops[0]);
    c = t->ints ? int_in_type(z, a, e->width, es)
                : Z3_mk_eq(z, mc_z3_ext(z, v, e->ops[0]->width - e->width, es), a);
    break;
  }
  default:
    break;
  }
  if (c)
    parts[n++] = c;
  return mc_z3_and(z, parts, n);
}

static Z3_ast nowrap(mc_z3tr *t, const mc_expr *e, bool exact) {
  if (e->op == MC_EXPR_CONST || e->op == MC_EXPR_ATOM)
    return Z3_mk_true(t->z);
  memo_entry *m = memo_slot(t, e);
  if (!m)
    return NULL;
  if (m->nowrap[exact])
    return m->nowrap[exact];
  Z3_context z = t->z;
  Z3_ast parts[2 * e->nops + 2];
  unsigned n = 0;
  /* a select's operand is read only where it is chosen (a closed form's
   * `k - 1` in iteration 0 is not: protocol/loops.c) */
  Z3_ast chosen = e->op == MC_EXPR_SELECT ? mc_z3_bool(t, e->ops[0]) : NULL;
  if (e->op == MC_EXPR_SELECT && !chosen)
    return NULL;
  for (unsigned i = 0; i < e->nops; i++) {
    const mc_expr *w = widened_signed(t, e, i);
    Z3_ast p = nowrap(t, w ? w : e->ops[i], !t->no_wrap || (!odd_width(e->width) &&
                                                            operand_exact(e, i, exact)));
    if (!p)
      return NULL;
    if (chosen && i > 0)
      p = Z3_mk_implies(z, i == 1 ? chosen : Z3_mk_not(z, chosen), p);
    if (!Z3_is_eq_ast(z, p, Z3_mk_true(z)))
      parts[n++] = p;
  }
  Z3_ast r = t->no_wrap ? assumed(t, e, exact, parts, n) : flagged(t, e, parts, n);
  if (mc_z3_take_error())
    return NULL;
  m = memo_slot(t, e);
  if (m)
    m->nowrap[exact] = r;
  return r;
}

Z3_ast mc_z3_nowrap(mc_z3tr *t, const mc_expr *e) {
  return e ? nowrap(t, e, true) : NULL;
}

Z3_ast mc_z3_nowrap_as(mc_z3tr *t, const mc_expr *e, bool is_signed) {
  memo_entry *m = e ? memo_slot(t, e) : NULL;
  if (!m)
    return NULL;
  if (e->op != MC_EXPR_CONST && e->op != MC_EXPR_ATOM && !e->assumed &&
      m->reads != is_signed) {
    m->reads = is_signed;
    m->nowrap[0] = m->nowrap[1] = NULL;
  }
  return nowrap(t, e, true);
}

Z3_ast mc_z3_in_range(Z3_context z, bool ints, const mc_expr *atom, Z3_ast v) {
  unsigned w = atom->width;
  bool s = atom->atom ? atom->atom->is_signed : true;
  mc_interval r = atom->range;
  /* the range is of the integer reading: an atom's is its signed or
   * unsigned value */
  int64_t min = s ? (w == 64 ? INT64_MIN : -(INT64_C(1) << (w - 1))) : 0;
  int64_t max = s ? (w == 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1)
                  : (w >= 63 ? INT64_MAX : (INT64_C(1) << w) - 1);
  Z3_ast parts[3];
  unsigned n = 0;
  if (ints)
    parts[n++] = int_in_type(z, v, w, s);
  if (r.lo > min && r.lo <= max)
    parts[n++] = ints ? Z3_mk_ge(z, v, int_num(z, r.lo))
                 : s ? Z3_mk_bvsge(z, v, mc_z3_bv_const(z, w, (uint64_t)r.lo))
                     : Z3_mk_bvuge(z, v, mc_z3_bv_const(z, w, (uint64_t)r.lo));
  if (r.hi < max && r.hi >= min)
    parts[n++] = ints ? Z3_mk_le(z, v, int_num(z, r.hi))
                 : s ? Z3_mk_bvsle(z, v, mc_z3_bv_const(z, w, (uint64_t)r.hi))
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

struct mc_sat_session {
  mc_arena *a;
  const mc_sym *s;
  Z3_context z;
  free_atoms f;
  mc_z3tr *t;
  Z3_ast_vector facts; /* the facts of the atoms met */
};

void mc_drf_session_free(mc_sat_session *q) {
  if (!q)
    return;
  if (q->facts)
    Z3_ast_vector_dec_ref(q->z, q->facts);
  Z3_del_context(q->z);
  mc_z3_take_error();
  mc_arena_free(q->a);
}

mc_sat_session *mc_drf_session_new(const mc_sym *s) {
  mc_arena *a = mc_arena_new();
  mc_sat_session *q = a ? mc_alloc(a, sizeof *q) : NULL;
  Z3_context z = q ? mc_z3_context_new() : NULL;
  if (!z) {
    mc_arena_free(a);
    return NULL;
  }
  *q = (mc_sat_session){a, s, z, {z, a, NULL, NULL, 0, 0}, NULL, Z3_mk_ast_vector(z)};
  if (q->facts)
    Z3_ast_vector_inc_ref(z, q->facts);
  q->t = mc_z3tr_new(a, z, free_atom, &q->f);
  if (!q->t || !q->facts || mc_z3_take_error()) {
    mc_drf_session_free(q);
    return NULL;
  }
  return q;
}

/* The facts of every atom the translation met since the last question. */
static void add_facts(mc_sat_session *q) {
  mc_sym *ms = (mc_sym *)q->s;
  for (unsigned i = Z3_ast_vector_size(q->z, q->facts); i < q->f.n; i++) {
    const mc_expr *node = NULL;
    const mc_atom *at = q->f.atoms[i];
    switch (at->kind) {
    case MC_ATOM_BID: case MC_ATOM_BDIM: case MC_ATOM_GDIM: case MC_ATOM_TID:
    case MC_ATOM_LANE: case MC_ATOM_WARPID: case MC_ATOM_WARPSIZE:
      node = mc_sym_builtin(ms, at->kind, at->dim);
      break;
    case MC_ATOM_PARAM:
      node = mc_sym_param(ms, at->index, at->name, at->width, at->is_signed, at->value);
      break;
    default:
      break;
    }
    Z3_ast_vector_push(q->z, q->facts, node ? mc_z3_in_range(q->z, false, node, q->f.vars[i])
                                            : Z3_mk_true(q->z));
  }
}

/* Each question is asked of a new solver for QF_BV, whose one check runs
 * the logic's tactics (bit-blasting): they decide the remainders and
 * quotients of a maximised trip count within budgets that an incremental
 * solver spends without an answer (test/cost/divergent_symbolic.cu). */
static mc_sat session_check(mc_sat_session *q, const mc_expr *cond, uint64_t rlimit,
                            void (*values)(void *data, const mc_atom *a, uint64_t bits),
                            void *data, const mc_expr *value, uint64_t *value_bits) {
  Z3_context z = q->z;
  Z3_ast c = mc_z3_bool(q->t, cond);
  Z3_ast v = c && value ? mc_z3_term(q->t, value) : NULL;
  if (c)
    add_facts(q);
  mc_solver solver = {0};
  if (c && !mc_z3_take_error())
    solver = mc_solver_new(z, rlimit ? rlimit : MC_DRF_DEFAULT_RLIMIT, false, false, false, NULL);
  if (!solver.s) {
    mc_z3_take_error();
    return MC_SAT_UNKNOWN;
  }
  Z3_solver_assert(z, solver.s, c);
  for (unsigned i = 0; i < Z3_ast_vector_size(z, q->facts); i++)
    Z3_solver_assert(z, solver.s, Z3_ast_vector_get(z, q->facts, i));
  Z3_lbool l = mc_solver_check(z, &solver);
  mc_sat r = l == Z3_L_TRUE ? MC_SAT_YES : l == Z3_L_FALSE ? MC_SAT_NO : MC_SAT_UNKNOWN;
  Z3_model m = r == MC_SAT_YES && (values || v) ? Z3_solver_get_model(z, solver.s) : NULL;
  if (m) {
    Z3_model_inc_ref(z, m);
    if (v)
      mc_z3_eval(z, m, v, value_bits);
    for (unsigned i = 0; values && i < q->f.n; i++) {
      uint64_t bits = 0;
      if (mc_z3_eval(z, m, q->f.vars[i], &bits))
        values(data, q->f.atoms[i], bits);
    }
    Z3_model_dec_ref(z, m);
  }
  mc_solver_release(z, &solver);
  mc_z3_take_error();
  return r;
}

mc_sat mc_drf_session_check(mc_sat_session *q, const mc_expr *cond, uint64_t rlimit,
                            const mc_expr *value, uint64_t *bits) {
  return q ? session_check(q, cond, rlimit, NULL, NULL, value, bits) : MC_SAT_UNKNOWN;
}

static mc_sat satisfiable(const mc_sym *s, const mc_expr *cond, uint64_t rlimit,
                          void (*values)(void *data, const mc_atom *a, uint64_t bits),
                          void *data) {
  mc_sat_session *q = mc_drf_session_new(s);
  mc_sat r = q ? session_check(q, cond, rlimit, values, data, NULL, NULL) : MC_SAT_UNKNOWN;
  mc_drf_session_free(q);
  return r;
}

/* In the child (child.c): the answer, then each atom's value (the atoms
 * are the condition's, which the parent has too). */
typedef struct {
  const mc_sym *s;
  const mc_expr *cond;
  uint64_t rlimit;
  bool values;
} sat_job;

static void put_value(void *out, const mc_atom *a, uint64_t bits) {
  mc_wire_u64(out, (uintptr_t)a);
  mc_wire_u64(out, bits);
}

static void sat_job_run(void *arg, mc_strbuf *out) {
  sat_job *j = arg;
  mc_strbuf values = {0};
  mc_sat r = satisfiable(j->s, j->cond, j->rlimit, j->values ? put_value : NULL, &values);
  mc_wire_u64(out, r);
  mc_strbuf_appendn(out, values.data, values.len);
  out->oom |= values.oom;
  mc_strbuf_free(&values);
}

mc_sat mc_drf_satisfiable(const mc_sym *s, const mc_expr *cond,
                          uint64_t rlimit,
                          void (*values)(void *data, const mc_atom *a,
                                         uint64_t bits),
                          void *data) {
  sat_job j = {s, cond, rlimit, values != NULL};
  mc_strbuf reply = {0};
  mc_sat r = MC_SAT_UNKNOWN;
  if (mc_drf_in_child(sat_job_run, &j, &reply).end == MC_CHILD_DONE && !reply.oom) {
    mc_wire w = {reply.data, reply.data + reply.len, false};
    r = (mc_sat)mc_unwire_u64(&w);
    while (!w.bad && w.p < w.end && values) {
      const mc_atom *atom = (const mc_atom *)(uintptr_t)mc_unwire_u64(&w);
      uint64_t bits = mc_unwire_u64(&w);
      if (!w.bad)
        values(data, atom, bits);
    }
    if (w.bad)
      r = MC_SAT_UNKNOWN;
  }
  mc_strbuf_free(&reply);
  return r;
}

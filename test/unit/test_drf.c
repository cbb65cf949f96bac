/* Unit tests of stage 5's translation into Z3: on random expressions built
 * through sym's builders, Z3's reading of a node is exactly the bits that
 * mc_expr_eval computes (under fixed atom values no other value is
 * possible, and a model Z3 gives evaluates to what Z3 said); a few
 * wrap-around and product cases by hand; the integer query's products
 * refined, and related only within a case of the query; a solver made
 * again after its budget ran out. */
#include "check.h"
#include "mapcost/drf.h"
#include "../../passes/drf/drf_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static mc_sym *S;
static mc_arena *A;
static const mc_expr *N, *U;

static uint64_t rng = 0x2545f4914f6cdd1dULL;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

#define C(w, v) mc_expr_const(S, w, v)
#define EQ(a, b) mc_expr_cmp(S, MC_CMP_EQ, a, b)
#define NE(a, b) mc_expr_cmp(S, MC_CMP_NE, a, b)
#define AND(a, b) mc_expr_binary(S, MC_EXPR_AND, a, b, 0)

static const mc_expr *atom(int k) {
  switch (k) {
  case 0: return mc_sym_builtin(S, MC_ATOM_TID, 0);
  case 1: return mc_sym_builtin(S, MC_ATOM_BID, 0);
  case 2: return mc_sym_builtin(S, MC_ATOM_BDIM, 0);
  case 3: return mc_sym_builtin(S, MC_ATOM_GDIM, 0);
  case 4: return N;
  default: return U;
  }
}

static const mc_expr *gen(unsigned w, int depth) {
  unsigned kind = depth <= 0 ? (unsigned)(next() % 2) : (unsigned)(next() % 8);
  if (kind == 0 && w == 32)
    return atom((int)(next() % 6));
  if (kind <= 1)
    return C(w, next() % 4 ? (int64_t)(next() % 64) - 16 : (int64_t)next());
  if (kind == 2) {
    unsigned w2 = w == 32 ? (next() % 2 ? 64 : 16) : 32;
    return mc_expr_resize(S, gen(w2, depth - 1), w, next() % 2);
  }
  if (kind == 3)
    return mc_expr_select(S, mc_expr_cmp(S, (mc_cmp)(next() % 10), gen(w, depth - 1),
                                         gen(w, depth - 1)),
                          gen(w, depth - 1), gen(w, depth - 1));
  static const mc_expr_op ops[] = {MC_EXPR_ADD,  MC_EXPR_MUL,  MC_EXPR_UDIV, MC_EXPR_SDIV,
                                   MC_EXPR_UREM, MC_EXPR_SREM, MC_EXPR_SHL,  MC_EXPR_LSHR,
                                   MC_EXPR_ASHR, MC_EXPR_AND,  MC_EXPR_OR,   MC_EXPR_XOR,
                                   MC_EXPR_UMIN, MC_EXPR_UMAX, MC_EXPR_SMIN, MC_EXPR_SMAX};
  mc_expr_op op = ops[next() % (sizeof ops / sizeof ops[0])];
  return mc_expr_binary(S, op, gen(w, depth - 1), gen(w, depth - 1), 0);
}

typedef struct {
  uint32_t v[6];
} values;

static bool lookup(void *data, const mc_atom *a, uint64_t *bits) {
  const values *vs = data;
  if (a->kind != MC_ATOM_PARAM)
    return false;
  *bits = vs->v[4 + a->index];
  return true;
}

static mc_eval_status eval(const mc_expr *e, values *vs, uint64_t *bits) {
  mc_eval_env env = {{vs->v[0], 0, 0}, {vs->v[1], 0, 0}, {vs->v[2], 1, 1},
                     {vs->v[3], 1, 1}, 32, lookup, vs};
  return mc_expr_eval(e, &env, bits);
}

static void take(void *data, const mc_atom *a, uint64_t bits) {
  values *vs = data;
  switch (a->kind) {
  case MC_ATOM_TID: vs->v[0] = (uint32_t)bits; break;
  case MC_ATOM_BID: vs->v[1] = (uint32_t)bits; break;
  case MC_ATOM_BDIM: vs->v[2] = (uint32_t)bits; break;
  case MC_ATOM_GDIM: vs->v[3] = (uint32_t)bits; break;
  case MC_ATOM_PARAM: vs->v[4 + a->index] = (uint32_t)bits; break;
  default: break;
  }
}

static int failures;

static void test_random(void) {
  for (int k = 0; k < 300; k++) {
    const mc_expr *e = gen(next() % 4 ? 32 : 64, 1 + (int)(next() % 3));
    values vs;
    vs.v[2] = 1 + (uint32_t)(next() % 1024);
    vs.v[0] = (uint32_t)(next() % vs.v[2]);
    vs.v[3] = 1 + (uint32_t)(next() % 100);
    vs.v[1] = (uint32_t)(next() % vs.v[3]);
    vs.v[4] = (uint32_t)(next() % 3 ? next() % 200 - 100 : next());
    vs.v[5] = (uint32_t)(next() % 3 ? next() % 200 : next());
    uint64_t v;
    if (!e || eval(e, &vs, &v) != MC_EVAL_OK)
      continue;
    /* the atoms fixed, e has no other value */
    const mc_expr *fixed = C(1, 1);
    for (int i = 0; i < 6; i++)
      fixed = AND(fixed, EQ(atom(i), C(32, vs.v[i])));
    mc_sat other = mc_drf_satisfiable(S, AND(fixed, NE(e, C(e->width, (int64_t)v))),
                                      0, NULL, NULL);
    CHECK(other == MC_SAT_NO);
    /* a model of e == v evaluates to v */
    values m = vs;
    mc_sat same = mc_drf_satisfiable(S, EQ(e, C(e->width, (int64_t)v)), 0, take, &m);
    CHECK(same == MC_SAT_YES);
    uint64_t mv;
    mc_eval_status st = eval(e, &m, &mv);
    CHECK(st != MC_EVAL_OK || mv == v);
    if ((other != MC_SAT_NO || same != MC_SAT_YES || (st == MC_EVAL_OK && mv != v)) &&
        failures++ < 5)
      fprintf(stderr, "drf random: %s = %llu\n", mc_expr_text(A, e),
              (unsigned long long)v);
  }
}

static void test_by_hand(void) {
  const mc_expr *tid = atom(0), *bid = atom(1), *bdim = atom(2);
  /* n + 1 < n: only by wrapping, which the bits do */
  CHECK(mc_drf_satisfiable(S, mc_expr_cmp(S, MC_CMP_SLT, mc_expr_add(S, N, C(32, 1), 0), N),
                           0, NULL, NULL) == MC_SAT_YES);
  /* threadIdx.x < blockDim.x <= 1024 within the facts: tid == 2000 is not */
  CHECK(mc_drf_satisfiable(S, EQ(tid, C(32, 2000)), 0, NULL, NULL) == MC_SAT_NO);
  /* blockIdx.x * blockDim.x + threadIdx.x == 70000 with symbolic blockDim */
  const mc_expr *gid = mc_expr_add(S, mc_expr_mul(S, bid, bdim, 0), tid, 0);
  values m = {{0}};
  CHECK(mc_drf_satisfiable(S, EQ(gid, C(32, 70000)), 0, take, &m) == MC_SAT_YES);
  CHECK((uint32_t)(m.v[1] * m.v[2] + m.v[0]) == 70000); /* modulo 2^32 */
  /* a 64-bit offset: sext(gid) * 4 is never odd */
  const mc_expr *off = mc_expr_mul(S, mc_expr_resize(S, gid, 64, true), C(64, 4), 0);
  CHECK(mc_drf_satisfiable(S, EQ(mc_expr_binary(S, MC_EXPR_AND, off, C(64, 3), 0), C(64, 1)),
                           0, NULL, NULL) == MC_SAT_NO);
  /* a budget of 1 cannot decide a product of two unknowns */
  CHECK(mc_drf_satisfiable(S, EQ(mc_expr_mul(S, N, U, 0), C(32, 0x12345679)), 1, NULL,
                           NULL) == MC_SAT_UNKNOWN);
}

/* Atoms as variables of their names; u as 1 << u, as a loop variable
 * doubled each iteration is. */
static Z3_ast shift_atoms(void *data, const mc_atom *a) {
  Z3_context z = data;
  Z3_ast v = mc_z3_var(z, a->name, a->width);
  return a->kind == MC_ATOM_PARAM && a->index == 1
             ? Z3_mk_bvshl(z, mc_z3_bv_const(z, a->width, 1), v)
             : v;
}

/* A product by 1 << y, or by a term x << y, is a shift (no multiplier
 * to bit-blast), equal to the product modulo 2^32. */
static void test_shift_products(void) {
  Z3_context z = mc_z3_context_new();
  mc_z3tr *t = z ? mc_z3tr_new(A, z, shift_atoms, z) : NULL;
  CHECK(t != NULL);
  if (!t)
    return;
  const mc_expr *tid = atom(0);
  const mc_expr *by_shl = mc_expr_mul(S, tid, mc_expr_binary(S, MC_EXPR_SHL, C(32, 1), N, 0), 0);
  const mc_expr *by_loop = mc_expr_mul(S, mc_expr_mul(S, tid, N, 0), U, 0);
  Z3_ast x = mc_z3_var(z, "threadIdx.x", 32), n = mc_z3_var(z, "n", 32),
         u = mc_z3_var(z, "u", 32), one = mc_z3_bv_const(z, 32, 1);
  Z3_ast want[2] = {Z3_mk_bvmul(z, x, Z3_mk_bvshl(z, one, n)),
                    Z3_mk_bvmul(z, Z3_mk_bvmul(z, x, n), Z3_mk_bvshl(z, one, u))};
  const mc_expr *e[2] = {by_shl, by_loop};
  for (unsigned i = 0; i < 2; i++) {
    Z3_ast got = mc_z3_term(t, e[i]);
    CHECK(got != NULL);
    if (!got)
      continue;
    /* the product shifted: x << n, (x * n) << u */
    CHECK(Z3_get_ast_kind(z, got) == Z3_APP_AST &&
          Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, got))) == Z3_OP_BSHL);
    CHECK(i == 1 || strstr(Z3_ast_to_string(z, got), "bvmul") == NULL);
    Z3_solver s = Z3_mk_solver(z);
    Z3_solver_inc_ref(z, s);
    Z3_solver_assert(z, s, Z3_mk_not(z, Z3_mk_eq(z, got, want[i])));
    CHECK(Z3_solver_check(z, s) == Z3_L_FALSE);
    Z3_solver_dec_ref(z, s);
  }
  Z3_del_context(z);
}

/* Atoms as integer variables of their names, as in the integer query. */
static Z3_ast int_atoms(void *data, const mc_atom *a) {
  return mc_num_var(data, true, a->name, a->width);
}

/* A translator of z's terms into integers under the no-wrap assumption,
 * with products abstracted into *abs. NULL: none made. */
static mc_z3tr *int_abstraction(Z3_context z, mc_z3abs **abs) {
  mc_z3tr *t = z ? mc_z3tr_new(A, z, int_atoms, z) : NULL;
  *abs = t ? mc_z3abs_new(A, z, true, false) : NULL;
  CHECK(*abs != NULL);
  if (!*abs)
    return NULL;
  mc_z3tr_assume_no_wrap(t, true, true);
  mc_z3tr_abstract(t, *abs);
  return t;
}

/* Over the integers threadIdx.x * n is a variable: with threadIdx.x == 2
 * it may be 7, until the model's wrong product is refined, and then
 * nothing is left (no integer n); it may be 6, and after refining the
 * model's product is right (n == 3), with nothing left to refine. */
static void test_refine_products(void) {
  Z3_context z = mc_z3_context_new();
  mc_z3abs *abs;
  mc_z3tr *t = int_abstraction(z, &abs);
  if (!t)
    return;
  const mc_expr *tid = atom(0);
  Z3_ast p = mc_z3_term(t, mc_expr_mul(S, tid, N, 0));
  Z3_ast x = mc_num_var(z, true, tid->atom->name, 32), n = mc_num_var(z, true, "n", 32);
  CHECK(p != NULL && Z3_get_ast_kind(z, p) == Z3_APP_AST &&
        Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, p))) == Z3_OP_UNINTERPRETED);
  for (int v = 6; p && v <= 7; v++) {
    mc_solver s = mc_solver_new(z, 1000000, true, false, false, NULL);
    unsigned nl = 0;
    const Z3_ast *lemmas = mc_z3abs_lemmas(abs, &nl);
    for (unsigned i = 0; i < nl; i++)
      Z3_solver_assert(z, s.s, lemmas[i]);
    Z3_solver_assert(z, s.s, Z3_mk_eq(z, x, Z3_mk_int(z, 2, Z3_mk_int_sort(z))));
    Z3_solver_assert(z, s.s, Z3_mk_eq(z, p, Z3_mk_int(z, v, Z3_mk_int_sort(z))));
    Z3_lbool r;
    unsigned rounds = 0, refined = 1;
    while ((r = mc_solver_check(z, &s)) == Z3_L_TRUE && refined && rounds++ < 4) {
      Z3_model m = Z3_solver_get_model(z, s.s);
      Z3_model_inc_ref(z, m);
      refined = mc_z3abs_refine(abs, m, s.s);
      if (!refined) {
        int64_t vn = 0;
        Z3_ast got = NULL;
        CHECK(Z3_model_eval(z, m, n, true, &got) && Z3_get_numeral_int64(z, got, &vn) &&
              vn == 3);
      }
      Z3_model_dec_ref(z, m);
    }
    CHECK(v == 7 ? r == Z3_L_FALSE && rounds == 1 : r == Z3_L_TRUE && !refined);
    mc_solver_release(z, &s);
  }
  /* p == 2 * n + 1 is refined where n is 1000, not where n is beyond 2^16
   * (the lemmas' constants would be too) */
  for (int big = 0; p && big <= 1; big++) {
    mc_solver s = mc_solver_new(z, 1000000, true, false, false, NULL);
    Z3_sort is = Z3_mk_int_sort(z);
    int64_t vn = big ? 100000 : 1000;
    Z3_solver_assert(z, s.s, Z3_mk_eq(z, x, Z3_mk_int(z, 2, is)));
    Z3_solver_assert(z, s.s, Z3_mk_eq(z, n, Z3_mk_int64(z, vn, is)));
    Z3_solver_assert(z, s.s, Z3_mk_eq(z, p, Z3_mk_int64(z, 2 * vn + 1, is)));
    Z3_model m = mc_solver_check(z, &s) == Z3_L_TRUE ? Z3_solver_get_model(z, s.s) : NULL;
    CHECK(m != NULL);
    if (m) {
      Z3_model_inc_ref(z, m);
      CHECK(mc_z3abs_refine(abs, m, s.s) == (big ? 0u : 1u));
      Z3_model_dec_ref(z, m);
    }
    mc_solver_release(z, &s);
  }
  Z3_del_context(z);
}

/* A solver whose check ran out is checked no more; made again, it holds
 * what was asserted in every scope, at its base, with the lazy constraints
 * asserted by then (and not the others), and answers. */
static void test_restart(void) {
  Z3_context z = mc_z3_context_new();
  CHECK(z != NULL);
  if (!z)
    return;
  Z3_sort bv = Z3_mk_bv_sort(z, 32);
  Z3_ast x = Z3_mk_const(z, Z3_mk_string_symbol(z, "x"), bv);
  Z3_ast y = Z3_mk_const(z, Z3_mk_string_symbol(z, "y"), bv);
  mc_solver s = mc_solver_new(z, 1000000, false, false, false, NULL);
  Z3_solver_assert(z, s.s, Z3_mk_bvugt(z, x, mc_z3_bv_const(z, 32, 10)));
  Z3_ast lazy[3] = {Z3_mk_bvugt(z, y, mc_z3_bv_const(z, 32, 1)),
                    Z3_mk_bvugt(z, y, mc_z3_bv_const(z, 32, 2)),
                    Z3_mk_bvugt(z, y, mc_z3_bv_const(z, 32, 3))};
  CHECK(mc_solver_lazy(A, &s, lazy, 3));
  Z3_solver_assert(z, s.s, lazy[0]);
  s.lazy_depth[0] = 1; /* asserted at depth 0 */
  mc_solver_push(z, &s);
  Z3_solver_assert(z, s.s, lazy[1]);
  s.lazy_depth[1] = 2; /* asserted at depth 1 */
  Z3_solver_assert(z, s.s, Z3_mk_bvult(z, x, mc_z3_bv_const(z, 32, 12)));
  Z3_solver_assert(z, s.s, Z3_mk_eq(z, Z3_mk_bvmul(z, x, y), mc_z3_bv_const(z, 32, 0x12345679)));
  mc_solver_budget(z, &s, 1);
  CHECK(mc_solver_check(z, &s) == Z3_L_UNDEF && s.spent);
  CHECK(mc_solver_check(z, &s) == Z3_L_UNDEF); /* not asked again */
  CHECK(mc_solver_restart(z, &s, 1000000));
  CHECK(!s.spent && s.depth == 0 && s.rlimit == 1000000);
  CHECK(s.lazy_depth[0] == 1 && s.lazy_depth[1] == 1 && s.lazy_depth[2] == 0);
  CHECK(mc_solver_check(z, &s) == Z3_L_TRUE);
  Z3_model m = Z3_solver_get_model(z, s.s);
  uint64_t vx = 0, vy = 0;
  CHECK(m && mc_z3_eval(z, m, x, &vx) && mc_z3_eval(z, m, y, &vy));
  /* x < 12 and the product came from the pushed scope; y > 3 is the lazy
   * constraint not asserted before, refined in */
  CHECK(vx == 11 && (uint32_t)(vx * vy) == 0x12345679 && vy > 3);
  mc_solver_release(z, &s);
  Z3_del_context(z);
}

/* A small integer query's solver whose first tactic runs out before any
 * scope is pushed is made again with the logic's tactics, checked at once
 * under the same budget; in a scope it is spent (its scopes would be
 * lost). */
static void test_first_tactic(void) {
  Z3_context z = mc_z3_context_new();
  CHECK(z != NULL);
  if (!z)
    return;
  Z3_sort i = Z3_mk_int_sort(z);
  Z3_ast x = Z3_mk_const(z, Z3_mk_string_symbol(z, "x"), i);
  Z3_ast y = Z3_mk_const(z, Z3_mk_string_symbol(z, "y"), i);
  Z3_ast xy[2] = {x, y};
  Z3_ast sum = Z3_mk_eq(z, Z3_mk_add(z, 2, xy), Z3_mk_int(z, 7, i));
  Z3_ast x3 = Z3_mk_eq(z, x, Z3_mk_int(z, 3, i));
  for (int scoped = 0; scoped < 2; scoped++) {
    mc_solver s = mc_solver_new(z, 1, true, false, true, NULL);
    CHECK(s.s != NULL && s.first);
    if (scoped)
      mc_solver_push(z, &s);
    Z3_solver_assert(z, s.s, x3);
    Z3_solver_assert(z, s.s, sum);
    CHECK(mc_solver_check(z, &s) == Z3_L_UNDEF && s.spent);
    CHECK(s.first == (bool)scoped && s.depth == (unsigned)scoped);
    mc_solver_release(z, &s);
  }
  mc_solver s = mc_solver_new(z, 1000000, true, false, true, NULL);
  Z3_solver_assert(z, s.s, x3);
  Z3_solver_assert(z, s.s, sum);
  CHECK(mc_solver_check(z, &s) == Z3_L_TRUE && s.first);
  Z3_model m = Z3_solver_get_model(z, s.s);
  Z3_ast vy = NULL;
  int64_t y4 = 0;
  CHECK(m && Z3_model_eval(z, m, y, true, &vy) && Z3_get_numeral_int64(z, vy, &y4) && y4 == 4);
  /* what a popped scope asserted is not copied into the restarted solver */
  mc_solver_push(z, &s);
  Z3_solver_assert(z, s.s, Z3_mk_not(z, x3));
  CHECK(mc_solver_check(z, &s) == Z3_L_FALSE);
  mc_solver_pop(z, &s);
  CHECK(mc_solver_restart(z, &s, 1000000) && !s.first);
  CHECK(mc_solver_check(z, &s) == Z3_L_TRUE);
  mc_solver_release(z, &s);
  Z3_del_context(z);
}

/* The solver log (-mapcost-solver-log) of a check after an earlier one
 * (a witness's minimisation): the query's assertions, without what Z3
 * keeps from the first check (`model-add` lines), and the answer. */
static void test_solver_log(void) {
  char log[] = "/tmp/mapcost-unit-log-XXXXXX";
  int fd = mkstemp(log);
  CHECK(fd >= 0);
  if (fd < 0)
    return;
  close(fd);
  Z3_context z = mc_z3_context_new();
  Z3_sort i = Z3_mk_int_sort(z);
  Z3_ast x = Z3_mk_const(z, Z3_mk_string_symbol(z, "x"), i);
  Z3_ast y = Z3_mk_const(z, Z3_mk_string_symbol(z, "y"), i);
  Z3_ast xy[2] = {x, y};
  mc_solver s = mc_solver_new(z, 1000000, true, false, true, log);
  Z3_solver_assert(z, s.s, Z3_mk_eq(z, x, Z3_mk_int(z, 3, i)));
  Z3_solver_assert(z, s.s, Z3_mk_eq(z, Z3_mk_add(z, 2, xy), Z3_mk_int(z, 7, i)));
  CHECK(mc_solver_check(z, &s) == Z3_L_TRUE);
  mc_solver_push(z, &s);
  Z3_solver_assert(z, s.s, Z3_mk_le(z, y, Z3_mk_int(z, 2, i)));
  CHECK(mc_solver_check(z, &s) == Z3_L_FALSE);
  mc_solver_release(z, &s);
  Z3_del_context(z);
  char text[4096] = "";
  FILE *f = fopen(log, "r");
  size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
  text[n] = 0;
  if (f)
    fclose(f);
  remove(log);
  CHECK(strstr(text, "(set-logic QF_UFLIA)") && strstr(text, "(declare-fun y () Int)"));
  CHECK(strstr(text, "(<= y 2)") && strstr(text, "(check-sat)\n; answer: unsat\n"));
  CHECK(!strstr(text, "model-add") && !strstr(text, "model-converter"));
}

/* The lemmas relate two products only where one case of a query holds
 * both (z3expr.c): thread 2's at two candidate accesses (groups 1 and 2)
 * never, one of every case (group 0) with each. With threadIdx.x = 1 <
 * blockIdx.x = 2 and n = 3, threadIdx.x * n = 5 and blockIdx.x * n = 4
 * break xa < xb -> pa + u <= pb, and nothing else. */
static void test_product_groups(void) {
  for (unsigned first = 0; first <= 1; first++) {
    Z3_context z = mc_z3_context_new();
    mc_z3abs *abs;
    mc_z3tr *t = int_abstraction(z, &abs);
    if (!t)
      break;
    mc_z3abs_group(abs, first);
    Z3_ast pa = mc_z3_term(t, mc_expr_mul(S, atom(0), N, 0));
    mc_z3abs_group(abs, 2);
    Z3_ast pb = mc_z3_term(t, mc_expr_mul(S, atom(1), N, 0));
    mc_z3abs_group(abs, 0);
    CHECK(pa != NULL && pb != NULL);
    mc_solver s = mc_solver_new(z, 1000000, true, false, false, NULL);
    unsigned nl = 0;
    const Z3_ast *lemmas = mc_z3abs_lemmas(abs, &nl);
    for (unsigned i = 0; i < nl; i++)
      Z3_solver_assert(z, s.s, lemmas[i]);
    Z3_sort is = Z3_mk_int_sort(z);
    const char *names[3] = {atom(0)->atom->name, atom(1)->atom->name, "n"};
    int values[5] = {1, 2, 3, 5, 4};
    for (unsigned i = 0; i < 5; i++)
      Z3_solver_assert(z, s.s, Z3_mk_eq(z, i < 3 ? mc_num_var(z, true, names[i], 32)
                                                 : i == 3 ? pa : pb,
                                        Z3_mk_int(z, values[i], is)));
    CHECK(mc_solver_check(z, &s) == (first ? Z3_L_TRUE : Z3_L_FALSE));
    mc_solver_release(z, &s);
    Z3_del_context(z);
  }
}

int main(void) {
  A = mc_arena_new();
  mc_sym_facts f;
  mc_sym_facts_cuda(&f);
  S = mc_sym_new(A, &f);
  N = mc_sym_param(S, 0, "n", 32, true, NULL);
  U = mc_sym_param(S, 1, "u", 32, false, NULL);
  test_by_hand();
  test_random();
  test_shift_products();
  test_refine_products();
  test_product_groups();
  test_restart();
  test_first_tactic();
  test_solver_log();
  mc_arena_free(A);
  return check_report("drf");
}

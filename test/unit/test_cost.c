/* Unit tests of stage 6's building blocks: the metrics of CONTRACT §5 for
 * one warp execution, the split of offsets into lane constants and uniform
 * terms with the simulation over alignments (seed 000 §6.4), and the
 * closed forms of sums (§6.3), each checked against direct evaluation. */
#include "check.h"
#include "mapcost/cost.h"

#include "../../passes/cost/cost_impl.h"

static mc_sym *S;
static mc_arena *A;

static const mc_cost_model SECTORS = {false, 32, 0};
static const mc_cost_model BANKS = {true, 4, 32};
static const uint64_t FULL = 0xffffffffu;

/* Lane l at offset base + stride * l. */
static uint64_t strided(const mc_cost_model *m, int64_t base, int64_t stride,
                        uint64_t active, uint64_t bytes) {
  int64_t off[64];
  for (unsigned l = 0; l < 64; l++)
    off[l] = base + stride * l;
  return mc_cost_metric(m, off, active, bytes);
}

static void test_metrics(void) {
  CHECK(strided(&SECTORS, 0, 4, FULL, 4) == 4);     /* coalesced floats */
  CHECK(strided(&SECTORS, 4, 4, FULL, 4) == 5);     /* one element off */
  CHECK(strided(&SECTORS, 0, 8, FULL, 4) == 8);     /* stride 2 */
  CHECK(strided(&SECTORS, 0, 128, FULL, 4) == 32);  /* a column of 32 floats */
  CHECK(strided(&SECTORS, 64, 0, FULL, 4) == 1);    /* a broadcast */
  CHECK(strided(&SECTORS, 0, 8, FULL, 8) == 8);     /* doubles */
  CHECK(strided(&SECTORS, 0, 4, 0xffff, 4) == 2);   /* half a warp */
  CHECK(strided(&SECTORS, 0, 4, 0, 4) == 0);        /* nobody */
  CHECK(strided(&SECTORS, -4, 4, 3, 4) == 2);       /* before the base */
  CHECK(strided(&BANKS, 0, 4, FULL, 4) == 0);
  CHECK(strided(&BANKS, 0, 8, FULL, 4) == 1);
  CHECK(strided(&BANKS, 0, 128, FULL, 4) == 31);
  CHECK(strided(&BANKS, 0, 132, FULL, 4) == 0);     /* padded: 33 words */
  CHECK(strided(&BANKS, 0, 0, FULL, 4) == 0);       /* one word: broadcast */
  CHECK(strided(&BANKS, 0, 8, FULL, 8) == 1);       /* 64 words, 2 per bank */
  CHECK(strided(&BANKS, 0, 16, FULL, 16) == 3);     /* 128 words, 4 per bank */
  CHECK(strided(&BANKS, 0, 4, 0, 4) == 0);
}

static const mc_expr *c64(int64_t v) { return mc_expr_const(S, 64, v); }

/* An offset 4 * lane + scale * u for a uniform atom u (as a 64-bit term). */
static uint64_t with_uniform(const mc_cost_model *m, const mc_expr *u,
                             int64_t scale, cost_shape *shape) {
  cost_lin lins[64];
  bool div[64] = {false};
  for (unsigned l = 0; l < 32; l++) {
    const mc_expr *e = mc_expr_add(S, mc_expr_mul(S, c64(scale), u, 0),
                                   c64(4 * l), 0);
    CHECK(cost_linearize(e, &lins[l]));
  }
  return cost_warp_execution(m, lins, div, FULL, 4, shape);
}

static void test_alignments(void) {
  const mc_expr *n = mc_sym_param(S, 0, "n", 32, true, NULL);
  const mc_expr *n64 = mc_expr_cast(S, MC_EXPR_SEXT, n, 64);
  cost_shape shape;
  /* A[n + tid]: 4 sectors when n is a multiple of 8, else 5 */
  CHECK(with_uniform(&SECTORS, n64, 4, &shape) == 5);
  CHECK(shape.groups == 1 && shape.alignment_varies);
  /* A[32 * n + tid]: always aligned */
  CHECK(with_uniform(&SECTORS, n64, 128, &shape) == 4);
  CHECK(shape.groups == 1 && !shape.alignment_varies);
  /* banks only see words: s[n + tid] never conflicts */
  CHECK(with_uniform(&BANKS, n64, 4, &shape) == 0 && !shape.alignment_varies);

  /* casts read as the identity: 4 * (int)(n + 3) is 4n + 12 */
  cost_lin l;
  const mc_expr *e = mc_expr_mul(
      S, c64(4), mc_expr_cast(S, MC_EXPR_SEXT, mc_expr_add(S, n, mc_expr_const(S, 32, 3), 0), 64), 0);
  CHECK(cost_linearize(e, &l) && l.c0 == 12 && l.n == 1 && l.t[0].coef == 4);

  /* lanes whose uniform terms differ are simulated apart and summed */
  cost_lin lins[64];
  bool div[64] = {false};
  for (unsigned l2 = 0; l2 < 32; l2++) {
    const mc_expr *row = l2 < 16 ? c64(0) : mc_expr_mul(S, c64(4), n64, 0);
    CHECK(cost_linearize(mc_expr_add(S, row, c64(4 * (l2 % 16)), 0), &lins[l2]));
  }
  CHECK(cost_warp_execution(&SECTORS, lins, div, FULL, 4, &shape) == 2 + 3);
  CHECK(shape.groups == 2);
  /* a lane whose offset the analysis cannot follow: one unit per lane */
  div[3] = true;
  CHECK(cost_warp_execution(&SECTORS, lins, div, 0x8, 4, &shape) == 1);
}

typedef struct {
  const mc_atom *k, *n;
  int64_t kv, nv;
} values;

static const mc_expr *put(void *data, const mc_atom *a) {
  values *v = data;
  if (a == v->k)
    return mc_expr_const(S, a->width, v->kv);
  if (a == v->n)
    return mc_expr_const(S, a->width, v->nv);
  return NULL;
}

/* The closed form of sum_{k < n} f at n = nv against the sum computed term
 * by term. */
static bool sum_matches(const mc_expr *f, const mc_atom *k, const mc_expr *n,
                        const mc_atom *na, int64_t nv) {
  const mc_expr *closed = mc_cost_sum(S, f, k, n);
  if (!closed)
    return false;
  values v = {k, na, 0, nv};
  int64_t want = 0, got, t;
  if (!mc_expr_is_const(mc_expr_subst(S, closed, put, &v), &got))
    return false;
  for (v.kv = 0; v.kv < nv; v.kv++) {
    if (!mc_expr_is_const(mc_expr_subst(S, f, put, &v), &t))
      return false;
    want += t;
  }
  return want == got;
}

static void test_sums(void) {
  const mc_expr *k32 = mc_sym_loop_var(S, NULL, "k1", 32, false);
  const mc_expr *m32 = mc_sym_param(S, 1, "m", 32, false, NULL);
  const mc_expr *w32 = mc_sym_param(S, 2, "w", 32, false, NULL);
  const mc_expr *k = mc_expr_cast(S, MC_EXPR_ZEXT, k32, 64);
  const mc_expr *m = mc_expr_cast(S, MC_EXPR_ZEXT, m32, 64);
  const mc_expr *w = mc_expr_cast(S, MC_EXPR_ZEXT, w32, 64);
  const mc_atom *ka = k32->atom, *ma = m32->atom;
  for (int64_t nv = 0; nv < 12; nv++) {
    CHECK(sum_matches(c64(4), ka, m, ma, nv));
    CHECK(sum_matches(k, ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_add(S, mc_expr_mul(S, c64(3), mc_expr_mul(S, k, k, 0), 0),
                                  c64(2), 0), ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_mul(S, mc_expr_mul(S, k, k, 0), k, 0), ka, m, ma, nv));
    /* a triangular loop: the inner loop runs k + 1 times, 32 each */
    CHECK(sum_matches(mc_expr_mul(S, c64(32), mc_expr_add(S, k, c64(1), 0), 0),
                      ka, m, ma, nv));
  }
  /* terms without k: n times; a uniform condition: each side */
  const mc_expr *f = mc_expr_mul(S, w, k, 0);
  CHECK(mc_cost_sum(S, w, ka, m) == mc_expr_mul(S, m, w, 0));
  CHECK(mc_cost_sum(S, f, ka, m) != NULL);
  const mc_expr *cond = mc_expr_cmp(S, MC_CMP_ULT, w32, mc_expr_const(S, 32, 5));
  const mc_expr *sel = mc_expr_select(S, cond, k, c64(1));
  CHECK(mc_cost_sum(S, sel, ka, m) != NULL);
  /* a condition linear in k holds on a prefix (k left) or a suffix */
  const mc_expr *c5 = mc_expr_const(S, 32, 5);
  const mc_expr *two_k1 = mc_expr_add(S, mc_expr_mul(S, mc_expr_const(S, 32, 2), k32, 0),
                                      mc_expr_const(S, 32, 1), 0);
  for (int64_t nv = 0; nv < 12; nv++) {
    CHECK(sum_matches(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_ULT, k32, c5), k, c64(3)),
                      ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_SLE, two_k1, c5), c64(7), k),
                      ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_SLT, c5, two_k1), c64(1), c64(4)),
                      ka, m, ma, nv));
  }
  /* no closed form: a condition that is not a prefix, k / 3, k^4 */
  const mc_expr *even = mc_expr_cmp(S, MC_CMP_EQ, mc_expr_binary(S, MC_EXPR_UREM, k32, mc_expr_const(S, 32, 2), 0),
                                    mc_expr_const(S, 32, 0));
  CHECK(mc_cost_sum(S, mc_expr_select(S, even, k, c64(0)), ka, m) == NULL);
  CHECK(mc_cost_sum(S, mc_expr_binary(S, MC_EXPR_UDIV, k, c64(3), 0), ka, m) == NULL);
  const mc_expr *k2 = mc_expr_mul(S, k, k, 0);
  CHECK(mc_cost_sum(S, mc_expr_mul(S, k2, k2, 0), ka, m) == NULL);
}

int main(void) {
  A = mc_arena_new();
  S = mc_sym_new(A, NULL);
  test_metrics();
  test_alignments();
  test_sums();
  mc_arena_free(A);
  return check_report("cost");
}

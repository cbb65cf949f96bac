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
  /* floor divisions and remainders by constants; what depends on k's
   * parity; a halving and a doubling variable; x << k */
  const mc_expr *even = mc_expr_cmp(S, MC_CMP_EQ, mc_expr_binary(S, MC_EXPR_UREM, k32, mc_expr_const(S, 32, 2), 0),
                                    mc_expr_const(S, 32, 0));
  const mc_expr *half = mc_expr_binary(S, MC_EXPR_LSHR, m32,
                                       mc_expr_binary(S, MC_EXPR_UMIN, k32, mc_expr_const(S, 32, 32), 0), 0);
  const mc_expr *dbl = mc_expr_binary(S, MC_EXPR_SHL, mc_expr_const(S, 32, 1),
                                      mc_expr_binary(S, MC_EXPR_UMIN, k32, mc_expr_const(S, 32, 32), 0), 0);
  for (int64_t nv = 0; nv < 40; nv++) {
    CHECK(sum_matches(mc_expr_binary(S, MC_EXPR_UDIV, k, c64(3), 0), ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_binary(S, MC_EXPR_UREM, mc_expr_add(S, k, c64(5), 0), c64(4), 0),
                      ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_select(S, even, c64(4), c64(5)), ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_ULT, mc_expr_const(S, 32, 2), half),
                                     c64(3), c64(1)), ka, m, ma, nv));
    CHECK(sum_matches(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_ULT, dbl, mc_expr_const(S, 32, 100)),
                                     c64(2), c64(0)), ka, m, ma, nv));
    if (nv < 30)
      CHECK(sum_matches(mc_expr_mul(S, c64(4), mc_expr_cast(S, MC_EXPR_ZEXT, dbl, 64), 0),
                        ka, m, ma, nv));
  }
  /* the halving loop's trip count: as many iterations as m has bits */
  for (int64_t mv = 0; mv < 300; mv += 7) {
    const mc_expr *stay = mc_expr_cmp(S, MC_CMP_NE, half, mc_expr_const(S, 32, 0));
    const mc_expr *last = cost_first_false(S, stay, ka, NULL, NULL);
    values v = {NULL, ma, 0, mv};
    int64_t got, bits = 0;
    for (int64_t x = mv; x; x >>= 1)
      bits++;
    CHECK(last && mc_expr_is_const(mc_expr_subst(S, last, put, &v), &got) && got == bits);
  }
  /* no closed form: k times a condition that is not a prefix, k^4 */
  CHECK(mc_cost_sum(S, mc_expr_select(S, even, k, c64(0)), ka, m) == NULL);
  const mc_expr *k2 = mc_expr_mul(S, k, k, 0);
  CHECK(mc_cost_sum(S, mc_expr_mul(S, k2, k2, 0), ka, m) == NULL);
}

/* ---- One uniform value moving the lanes, against direct simulation ---- */

/* Offsets c[l] + a[l] * s: the formula cost_warp_symbolic gives, at each s
 * in [-span, span], against mc_cost_metric. */
static bool symbolic_matches(const mc_cost_model *m, const int64_t *c, const int64_t *a,
                             uint64_t bytes, int64_t span) {
  const mc_expr *s32 = mc_sym_param(S, 3, "s", 32, true, NULL);
  cost_lin lins[64];
  bool div[64] = {false};
  for (unsigned l = 0; l < 32; l++) {
    const mc_expr *e = mc_expr_add(S, mc_expr_mul(S, c64(a[l]), mc_expr_cast(S, MC_EXPR_SEXT, s32, 64), 0),
                                   c64(c[l]), 0);
    if (!cost_linearize(e, &lins[l]))
      return false;
  }
  const mc_expr *f = cost_warp_symbolic(S, m, lins, div, FULL, bytes);
  if (!f)
    return false;
  for (int64_t sv = -span; sv <= span; sv++) {
    int64_t off[64] = {0}, got;
    for (unsigned l = 0; l < 32; l++)
      off[l] = c[l] + a[l] * sv;
    values v = {s32->atom, NULL, sv, 0};
    if (!mc_expr_is_const(mc_expr_subst(S, f, put, &v), &got) ||
        (uint64_t)got != mc_cost_metric(m, off, FULL, bytes))
      return false;
  }
  return true;
}

static void test_symbolic(void) {
  int64_t c[64], a[64];
  /* a[gid * s]: lane l at 4 * s * l */
  for (unsigned l = 0; l < 32; l++)
    c[l] = 0, a[l] = 4 * l;
  CHECK(symbolic_matches(&SECTORS, c, a, 4, 300));
  CHECK(symbolic_matches(&BANKS, c, a, 4, 300));
  CHECK(symbolic_matches(&SECTORS, c, a, 8, 300));
  /* rows of 16 floats s floats apart (2-D blocks of 16 x 16) */
  for (unsigned l = 0; l < 32; l++)
    c[l] = 4 * (l % 16), a[l] = l < 16 ? 0 : 4;
  CHECK(symbolic_matches(&SECTORS, c, a, 4, 200));
  CHECK(symbolic_matches(&BANKS, c, a, 4, 200));
  /* one alignment for every lane: A[s + tid] */
  for (unsigned l = 0; l < 32; l++)
    c[l] = 4 * l, a[l] = 4;
  CHECK(symbolic_matches(&SECTORS, c, a, 4, 100));
  /* an irregular pattern: lane constants and coefficients mixed */
  for (unsigned l = 0; l < 32; l++)
    c[l] = 4 * ((l * 7) % 32), a[l] = 4 * (int64_t)(l % 3) - 4;
  CHECK(symbolic_matches(&SECTORS, c, a, 4, 200));
  CHECK(symbolic_matches(&BANKS, c, a, 4, 200));
}

/* ---- Lanes: bit operations over aligned sums, against evaluation ----- */

static void test_lane_normal(void) {
  const mc_expr *b32 = mc_sym_param(S, 4, "b", 32, false, NULL);
  const mc_expr *b64 = mc_expr_mul(S, mc_expr_const(S, 32, 64), b32, 0);
  static const mc_expr_op ops[] = {MC_EXPR_XOR, MC_EXPR_OR, MC_EXPR_AND, MC_EXPR_LSHR,
                                   MC_EXPR_UDIV, MC_EXPR_UREM};
  static const int64_t ks[] = {4, 27, 6, -2147483647, 1, 2, 3, 16, 64};
  for (unsigned o = 0; o < sizeof ops / sizeof *ops; o++)
    for (unsigned ki = 0; ki < sizeof ks / sizeof *ks; ki++)
      for (int64_t c = 0; c < 40; c += 3) {
        if ((ks[ki] < 1 && o >= 3) || (ops[o] == MC_EXPR_LSHR && ks[ki] >= 32))
          continue;
        const mc_expr *x = mc_expr_add(S, b64, mc_expr_const(S, 32, c), 0);
        const mc_expr *e = mc_expr_binary(S, ops[o], x, mc_expr_const(S, 32, ks[ki]), 0);
        const mc_expr *n = cost_lane_normal(S, e);
        CHECK(n != NULL);
        for (int64_t bv = 0; n && bv < 9; bv++) {
          values v = {b32->atom, NULL, bv, 0};
          int64_t want, got;
          bool ok = mc_expr_is_const(mc_expr_subst(S, e, put, &v), &want) &&
                mc_expr_is_const(mc_expr_subst(S, n, put, &v), &got) && want == got;
          CHECK(ok);
        }
      }
  /* the lane constant comes out: (64 * b + 5) ^ 4 is 64 * b + 1 */
  const mc_expr *x5 = mc_expr_add(S, b64, mc_expr_const(S, 32, 5), 0);
  CHECK(cost_lane_normal(S, mc_expr_binary(S, MC_EXPR_XOR, x5, mc_expr_const(S, 32, 4), 0)) ==
        mc_expr_add(S, b64, mc_expr_const(S, 32, 1), 0));
}

/* ---- The maximum over blocks, against every block -------------------- */

/* Atoms and their values (a cost over a 2-D grid). */
typedef struct {
  const mc_atom *a[4];
  int64_t v[4];
} values4;

static const mc_expr *put4(void *data, const mc_atom *a) {
  values4 *v = data;
  for (unsigned i = 0; i < 4; i++)
    if (a == v->a[i])
      return mc_expr_const(S, a->width, v->v[i]);
  return NULL;
}

/* A cost that depends on the block through its linear id over a 2-D grid
 * ((16 * (bx + gx * by) + 3) % 5 == 0 ? 7 : 2, a table over a polynomial
 * of it): its maximum over the linear id equals the one over every
 * block. */
static void test_linear_block(const mc_expr *const L[2]) {
  const mc_expr *bx = mc_sym_builtin(S, MC_ATOM_BID, 0), *by = mc_sym_builtin(S, MC_ATOM_BID, 1);
  const mc_expr *gx = mc_sym_builtin(S, MC_ATOM_GDIM, 0), *gy = mc_sym_builtin(S, MC_ATOM_GDIM, 1);
  const mc_expr *bid = mc_expr_add(S, bx, mc_expr_mul(S, gx, by, 0), 0);
  const mc_expr *x = mc_expr_add(S, mc_expr_mul(S, mc_expr_const(S, 32, 16), bid, 0),
                                 mc_expr_const(S, 32, 3), 0);
  const mc_expr *e = mc_expr_select(
      S, mc_expr_cmp(S, MC_CMP_EQ, mc_expr_binary(S, MC_EXPR_UREM, x, mc_expr_const(S, 32, 5), 0),
                     mc_expr_const(S, 32, 0)), c64(7), c64(2));
  CHECK(cost_over_linear_block(S, e, L) != NULL);
  /* by alone is not the linear id */
  CHECK(!cost_over_linear_block(S, mc_expr_resize(S, by, 64, false), L));
  const mc_expr *m = cost_max_over_blocks(S, e, L);
  CHECK(m && !cost_mentions(m, bx->atom) && !cost_mentions(m, by->atom) &&
        !cost_mentions(m, L[0]->atom));
  for (int64_t g = 1; m && g < 4; g++)
    for (int64_t h = 1; h < 4; h++) {
      int64_t want = 0, got, t;
      for (int64_t b = 0; b < g; b++)
        for (int64_t c = 0; c < h; c++) {
          values4 vb = {{bx->atom, by->atom, gx->atom, gy->atom}, {b, c, g, h}};
          CHECK(mc_expr_is_const(mc_expr_subst(S, e, put4, &vb), &t));
          want = t > want ? t : want;
        }
      values4 v = {{gx->atom, gy->atom, NULL, NULL}, {g, h, 0, 0}};
      CHECK(mc_expr_is_const(mc_expr_subst(S, m, put4, &v), &got) && got == want);
    }
}

/* Costs over blockIdx.x, gridDim.x and a parameter n, each with the block
 * ids' loop variables of cost_max_over_blocks. */
typedef struct {
  const mc_expr *L[2], *bx, *gx, *n, *cases[4];
} block_cases;

static block_cases make_block_cases(void) {
  block_cases c = {0};
  c.L[0] = mc_sym_loop_var(S, NULL, "blockId.xy", 32, false);
  c.L[1] = mc_sym_loop_var(S, NULL, "blockId.xyz", 32, false);
  c.bx = mc_sym_builtin(S, MC_ATOM_BID, 0);
  c.gx = mc_sym_builtin(S, MC_ATOM_GDIM, 0);
  c.n = mc_sym_param(S, 5, "n", 32, true, NULL);
  const mc_expr *bx = c.bx, *c32 = mc_expr_const(S, 32, 3);
  /* monotone: lanes below n (vectorAdd's bounds check) */
  c.cases[0] = mc_expr_select(
      S, mc_expr_cmp(S, MC_CMP_SLT, mc_expr_add(S, mc_expr_mul(S, mc_expr_const(S, 32, 256), bx, 0), c32, 0), c.n),
      c64(4), c64(1));
  /* periodic: even blocks only, and block 1 */
  c.cases[1] = mc_expr_select(
      S, mc_expr_cmp(S, MC_CMP_EQ, mc_expr_binary(S, MC_EXPR_UREM, bx, mc_expr_const(S, 32, 2), 0),
                     mc_expr_const(S, 32, 0)), c64(7), c64(2));
  c.cases[2] = mc_expr_select(S, mc_expr_cmp(S, MC_CMP_EQ, bx, mc_expr_const(S, 32, 1)),
                              c64(9), c64(0));
  c.cases[3] = mc_expr_add(S, c.cases[1], c.cases[2], 0);
  return c;
}

/* Is m, free of blockIdx.x, the largest value of case i over the blocks of
 * grids of 1 to 6 blocks, for n from -300 to 2000? */
static bool max_is_right(const block_cases *c, unsigned i, const mc_expr *m) {
  if (!m || cost_mentions(m, c->bx->atom))
    return false;
  for (int64_t g = 1; g < 7; g++)
    for (int64_t nv = -300; nv < 2000; nv += 97) {
      int64_t want = 0, got, t;
      values v = {c->gx->atom, c->n->atom, g, nv};
      for (int64_t b = 0; b < g; b++) {
        values vb = {c->bx->atom, c->n->atom, b, nv};
        if (!mc_expr_is_const(mc_expr_subst(S, c->cases[i], put, &vb), &t))
          return false;
        want = t > want ? t : want;
      }
      if (!mc_expr_is_const(mc_expr_subst(S, m, put, &v), &got) || got != want)
        return false;
    }
  return true;
}

static void test_blocks(void) {
  block_cases c = make_block_cases();
  test_linear_block(c.L);
  for (unsigned i = 0; i < 4; i++)
    CHECK(max_is_right(&c, i, cost_max_over_blocks(S, c.cases[i], c.L)));
}

/* The arena refusing its next chunk wherever the maximisation is (the
 * step budget spent): no answer, or the right one, never a crash. */
static void test_blocks_out_of_memory(void) {
  mc_sym *outer = S;
  unsigned answered = 0, refused = 0;
  for (size_t room = 0; room < 16 * 1024; room += 40) {
    mc_arena *a = mc_arena_new();
    S = mc_sym_new(a, NULL);
    block_cases c = make_block_cases();
    mc_alloc(a, room); /* the chunk ends elsewhere in each round */
    mc_budget spent = {.left = 0};
    mc_arena_set_budget(a, &spent);
    const mc_expr *m[4];
    for (unsigned i = 0; i < 4; i++)
      m[i] = cost_max_over_blocks(S, c.cases[i], c.L);
    mc_arena_set_budget(a, NULL);
    for (unsigned i = 0; i < 4; i++) {
      if (m[i]) {
        answered++;
        CHECK(max_is_right(&c, i, m[i]));
      } else {
        refused++;
      }
    }
    mc_arena_free(a);
  }
  CHECK(answered && refused);
  S = outer;
}

/* ---- Z3: the largest value over the facts ---------------------------- */

static void test_solver(void) {
  mc_sym_facts f;
  mc_sym_facts_cuda(&f);
  mc_sym *s = mc_sym_new(A, &f);
  const mc_expr *t = mc_sym_builtin(s, MC_ATOM_TID, 0);
  const mc_expr *seven = mc_expr_const(s, 32, 7);
  /* 3t % 7 + 5t % 7: intervals say 12, the largest is 11 (t = 4) */
  const mc_expr *e = mc_expr_add(
      s, mc_expr_binary(s, MC_EXPR_UREM, mc_expr_mul(s, mc_expr_const(s, 32, 3), t, 0), seven, 0),
      mc_expr_binary(s, MC_EXPR_UREM, mc_expr_mul(s, mc_expr_const(s, 32, 5), t, 0), seven, 0), 0);
  const mc_expr *e64 = mc_expr_cast(s, MC_EXPR_ZEXT, e, 64);
  int64_t max = 0;
  bool exact = false;
  CHECK(e64->range.hi == 12);
  CHECK(cost_solver_max(A, s, e64, 0, &max, &exact) && max == 11 && exact);
  /* out of budget: the bound proven so far, not exact */
  CHECK(cost_solver_max(A, s, e64, 1, &max, &exact) && max >= 11 && max <= 12 && !exact);
  /* queries are paid for in steps: out of steps, the search stops there */
  mc_budget steps = {.left = 1500};
  mc_arena_set_budget(A, &steps);
  CHECK(cost_solver_max(A, s, e64, 0, &max, &exact) && max >= 11 && max <= 12 && !exact);
  CHECK(steps.spent && steps.used >= 1000 && steps.used < 2000);
  mc_arena_set_budget(A, NULL);
}

int main(void) {
  A = mc_arena_new();
  S = mc_sym_new(A, NULL);
  test_metrics();
  test_alignments();
  test_sums();
  test_symbolic();
  test_lane_normal();
  test_blocks();
  test_blocks_out_of_memory();
  test_solver();
  mc_arena_free(A);
  return check_report("cost");
}

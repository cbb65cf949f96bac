/* Unit tests of stage 3's expressions: construction and hash-consing,
 * canonical forms, constant folding, wrap-around rules (flags, casts,
 * facts), printing, evaluation and substitution; and a randomised check
 * that simplification keeps the bits the IR would compute and that every
 * interval the context claims holds. */
#include "check.h"
#include "mapcost/options.h"
#include "mapcost/sym.h"

#include <stdint.h>
#include <stdlib.h>

static mc_sym *S;

#define TID(d) mc_sym_builtin(S, MC_ATOM_TID, d)
#define BID(d) mc_sym_builtin(S, MC_ATOM_BID, d)
#define BDIM(d) mc_sym_builtin(S, MC_ATOM_BDIM, d)
#define GDIM(d) mc_sym_builtin(S, MC_ATOM_GDIM, d)
#define C32(v) mc_expr_const(S, 32, v)
#define C64(v) mc_expr_const(S, 64, v)
#define ADD(a, b) mc_expr_add(S, a, b, 0)
#define SUB(a, b) mc_expr_sub(S, a, b, 0)
#define MUL(a, b) mc_expr_mul(S, a, b, 0)
#define BIN(op, a, b) mc_expr_binary(S, op, a, b, 0)
#define ZEXT(a) mc_expr_cast(S, MC_EXPR_ZEXT, a, 64)
#define SEXT(a) mc_expr_cast(S, MC_EXPR_SEXT, a, 64)
#define TRUNC(a) mc_expr_cast(S, MC_EXPR_TRUNC, a, 32)

static mc_arena *A;
static const char *text(const mc_expr *e) { return mc_expr_text(A, e); }

static const mc_expr *N, *U, *I; /* int n, unsigned u, loop variable int i */

static void test_hash_consing(void) {
  const mc_expr *gid = ADD(MUL(BID(0), BDIM(0)), TID(0));
  CHECK(gid == ADD(TID(0), MUL(BDIM(0), BID(0))));
  CHECK(ADD(ADD(TID(0), N), U) == ADD(TID(0), ADD(U, N)));
  CHECK(TID(0) == TID(0) && TID(0) != TID(1));
  CHECK(C32(5) == C32(5) && C32(5) != C64(5));
  CHECK(mc_sym_param(S, 0, "n", 32, true, NULL) == N);
  CHECK(mc_sym_loop_var(S, NULL, "i", 32, true) != I); /* no phi: a new atom */
  CHECK(mc_expr_compare(gid, ADD(TID(0), MUL(BID(0), BDIM(0)))) == 0);
  CHECK(mc_expr_compare(TID(0), N) < 0 && mc_expr_compare(N, TID(0)) > 0);
  CHECK(TID(0)->size == 1 && gid->size == 5); /* (bid * bdim) + tid */
}

static void test_sums_and_products(void) {
  int64_t v;
  CHECK(ADD(MUL(C32(2), N), MUL(N, C32(3))) == MUL(N, C32(5)));
  CHECK(SUB(N, N) == C32(0));
  CHECK(mc_expr_is_const(ADD(C32(3), C32(4)), &v) && v == 7);
  CHECK(mc_expr_is_const(ADD(C32(0x7fffffff), C32(1)), &v) && v == INT32_MIN);
  CHECK(mc_expr_is_const(MUL(C32(0x10000), C32(0x10000)), &v) && v == 0);
  CHECK(MUL(N, C32(0)) == C32(0) && MUL(N, C32(1)) == N && ADD(N, C32(0)) == N);
  /* distribution: (n + 1) * u = n*u + u */
  CHECK(MUL(ADD(N, C32(1)), U) == ADD(MUL(N, U), U));
  CHECK(BIN(MC_EXPR_SHL, N, C32(3)) == MUL(N, C32(8)));
  /* coefficients merge modulo 2^32: 2^31 * n + 2^31 * n = 0 */
  CHECK(ADD(MUL(N, C32(INT32_MIN)), MUL(N, C32(INT32_MIN))) == C32(0));
  const mc_expr *e = SUB(ADD(MUL(C32(4), I), N), C32(1));
  CHECK(e->op == MC_EXPR_ADD && e->nops == 2 && e->value == -1);
  CHECK_STR(text(e), "4 * i + n - 1");
  CHECK(mc_expr_neg(S, mc_expr_neg(S, N)) == N);
}

static void test_flags(void) {
  /* From the IR: kept when they still describe the sum. */
  const mc_expr *a = mc_expr_add(S, N, C32(1), MC_NSW);
  CHECK(a->flags & MC_NSW);
  CHECK(!(ADD(N, C32(1))->flags & MC_NSW));
  CHECK(mc_expr_exact(a, true) && !mc_expr_exact(ADD(N, C32(1)), true));
  /* Flattening a sum without the flag into one with it drops it. */
  const mc_expr *b = mc_expr_add(S, ADD(N, I), C32(1), MC_NSW);
  CHECK(!(b->flags & MC_NSW));
  /* nuw reads constants unsigned: x + 0xffffffff with nuw is not x - 1 nuw. */
  CHECK(!(mc_expr_add(S, U, C32(-1), MC_NUW)->flags & MC_NUW));
  CHECK(mc_expr_sub(S, U, C32(1), MC_NUW)->flags & MC_NUW);
  /* shl nsw by 31 would turn into a negative coefficient: dropped. */
  CHECK(!(mc_expr_binary(S, MC_EXPR_SHL, N, C32(31), MC_NSW)->flags & MC_NSW));
  /* From the facts: threadIdx.x + 5 cannot wrap, threadIdx.x * n can. */
  const mc_expr *t5 = ADD(TID(0), C32(5));
  CHECK((t5->flags & (MC_NSW | MC_NUW)) == (MC_NSW | MC_NUW));
  CHECK(t5->range.lo == 5 && t5->range.hi == 1028);
  CHECK(!(MUL(TID(0), N)->flags & MC_NSW));
  /* blockIdx.x * blockDim.x + threadIdx.x wraps under CUDA's limits. */
  const mc_expr *gid = ADD(MUL(BID(0), BDIM(0)), TID(0));
  CHECK(!mc_expr_exact(gid, true) && !mc_expr_exact(gid, false));
}

static void test_casts(void) {
  CHECK(SEXT(TID(0)) == ZEXT(TID(0)));             /* non-negative */
  CHECK(TRUNC(ZEXT(N)) == N && TRUNC(SEXT(N)) == N);
  CHECK(ZEXT(ZEXT(mc_expr_cast(S, MC_EXPR_TRUNC, N, 16))) ==
        mc_expr_cast(S, MC_EXPR_ZEXT, mc_expr_cast(S, MC_EXPR_TRUNC, N, 16), 64));
  CHECK(ZEXT(C32(-1)) == C64(0xffffffff) && SEXT(C32(-1)) == C64(-1));
  /* sext distributes over a sum that does not wrap signed... */
  const mc_expr *s = SEXT(mc_expr_add(S, N, I, MC_NSW));
  CHECK(s == ADD(SEXT(N), SEXT(I)));
  /* ...zext over one that does not wrap unsigned... */
  CHECK(ZEXT(ADD(TID(0), C32(5))) == ADD(ZEXT(TID(0)), C64(5)));
  /* ...and neither over one that may wrap. */
  const mc_expr *w = SEXT(ADD(N, I));
  CHECK(w->op == MC_EXPR_SEXT);
  /* trunc distributes always (modulo 2^32). */
  CHECK(TRUNC(ADD(SEXT(N), C64(0x100000005LL))) == ADD(N, C32(5)));
  CHECK(mc_expr_cast(S, MC_EXPR_ZEXT, N, 16) == NULL); /* not wider */
  CHECK(mc_expr_resize(S, N, 32, true) == N);
}

static void test_other_ops(void) {
  const mc_expr *t = TID(0);
  CHECK(BIN(MC_EXPR_UDIV, N, C32(1)) == N && BIN(MC_EXPR_UREM, N, C32(1)) == C32(0));
  CHECK(BIN(MC_EXPR_UDIV, C32(-1), C32(2)) == C32(0x7fffffff));
  CHECK(BIN(MC_EXPR_SDIV, C32(-7), C32(2)) == C32(-3));
  CHECK(BIN(MC_EXPR_SREM, C32(-7), C32(2)) == C32(-1));
  CHECK(BIN(MC_EXPR_UDIV, t, C32(2048)) == C32(0)); /* threadIdx.x < 1024 */
  CHECK(BIN(MC_EXPR_UREM, t, C32(1024)) == t);
  CHECK(BIN(MC_EXPR_UDIV, N, C32(0))->op == MC_EXPR_UDIV); /* undefined: kept */
  CHECK(BIN(MC_EXPR_AND, N, C32(0)) == C32(0) && BIN(MC_EXPR_OR, N, C32(0)) == N);
  CHECK(BIN(MC_EXPR_XOR, N, N) == C32(0) && BIN(MC_EXPR_AND, N, N) == N);
  CHECK(BIN(MC_EXPR_AND, t, C32(1023)) == t);
  CHECK(BIN(MC_EXPR_AND, BIN(MC_EXPR_AND, N, C32(12)), BIN(MC_EXPR_AND, U, C32(6))) ==
        BIN(MC_EXPR_AND, BIN(MC_EXPR_AND, U, N), C32(4)));
  CHECK(mc_expr_not(S, N) == SUB(C32(-1), N));
  CHECK(BIN(MC_EXPR_XOR, t, C32(1023)) == SUB(C32(1023), t)); /* 0 <= t <= 1023 */
  CHECK(BIN(MC_EXPR_XOR, t, C32(511))->op == MC_EXPR_XOR);
  CHECK(BIN(MC_EXPR_UMIN, t, C32(2000)) == t && BIN(MC_EXPR_SMAX, C32(3), C32(-4)) == C32(3));
  CHECK(BIN(MC_EXPR_LSHR, t, C32(10)) == C32(0));
  CHECK(BIN(MC_EXPR_LSHR, C32(-1), C32(28)) == C32(15));
  CHECK(BIN(MC_EXPR_ASHR, C32(-16), C32(2)) == C32(-4));
  const mc_expr *lt = mc_expr_cmp(S, MC_CMP_SGT, N, I);
  CHECK(lt == mc_expr_cmp(S, MC_CMP_SLT, I, N));
  CHECK(mc_expr_cmp(S, MC_CMP_ULT, t, C32(1024)) == mc_expr_const(S, 1, 1));
  CHECK(mc_expr_cmp(S, MC_CMP_EQ, N, U) == mc_expr_cmp(S, MC_CMP_EQ, U, N));
  CHECK(mc_expr_cmp(S, MC_CMP_SLE, N, N) == mc_expr_const(S, 1, 1));
  /* x | c, c != 0, is never 0; x | y may be */
  CHECK(mc_expr_cmp(S, MC_CMP_EQ, BIN(MC_EXPR_OR, N, C32(3)), C32(0)) == mc_expr_const(S, 1, 0));
  CHECK(mc_expr_cmp(S, MC_CMP_NE, C32(0), BIN(MC_EXPR_OR, N, C32(3))) == mc_expr_const(S, 1, 1));
  CHECK(mc_expr_cmp(S, MC_CMP_EQ, BIN(MC_EXPR_OR, N, U), C32(0))->op == MC_EXPR_CMP);
  CHECK(mc_expr_not(S, lt) == mc_expr_cmp(S, MC_CMP_SLE, N, I));
  CHECK(mc_expr_select(S, lt, N, N) == N);
  CHECK(mc_expr_select(S, mc_expr_const(S, 1, 1), N, U) == N);
  CHECK(mc_expr_select(S, mc_expr_not(S, lt), N, U) == mc_expr_select(S, lt, U, N));
  CHECK(mc_expr_select(S, lt, mc_expr_const(S, 1, 1), mc_expr_const(S, 1, 0)) == lt);
  const mc_expr *eq = mc_expr_cmp(S, MC_CMP_EQ, N, C32(0)), *T = mc_expr_const(S, 1, 1),
                *F = mc_expr_const(S, 1, 0);
  CHECK(mc_expr_select(S, lt, eq, F) == BIN(MC_EXPR_AND, eq, lt)); /* lt && eq */
  CHECK(mc_expr_select(S, lt, T, eq) == BIN(MC_EXPR_OR, lt, eq));  /* lt || eq */
  CHECK(mc_expr_select(S, lt, F, eq) == BIN(MC_EXPR_AND, mc_expr_not(S, lt), eq));
  CHECK_STR(text(mc_expr_select(S, lt, eq, F)), "(i < n) & (n == 0)");
  const mc_expr *e = ADD(MUL(C32(8), N), C32(4));
  CHECK(mc_expr_div_exact(S, e, 4) == ADD(MUL(C32(2), N), C32(1)));
  CHECK(mc_expr_div_exact(S, MUL(C32(6), N), 4) == NULL);
  CHECK(mc_expr_binary(S, MC_EXPR_ADD, N, C64(1), 0) == NULL); /* widths differ */
}

static void test_printing(void) {
  const mc_expr *gid = ADD(MUL(BID(0), BDIM(0)), TID(0));
  CHECK_STR(text(gid), "blockIdx.x * blockDim.x + threadIdx.x");
  CHECK_STR(text(MUL(C64(4), SEXT(gid))), "4 * (int)(blockIdx.x * blockDim.x + threadIdx.x)");
  CHECK_STR(text(MUL(C64(4), ZEXT(gid))),
            "4 * (unsigned)(blockIdx.x * blockDim.x + threadIdx.x)");
  /* rows before columns, a tile of 17 floats per row */
  CHECK_STR(text(ADD(MUL(C64(68), ZEXT(TID(1))), MUL(C64(4), ZEXT(TID(0))))),
            "68 * threadIdx.y + 4 * threadIdx.x");
  CHECK_STR(text(SUB(N, TID(0))), "-threadIdx.x + n");
  CHECK_STR(text(mc_expr_neg(S, N)), "-n");
  CHECK_STR(text(SUB(C32(63), TID(0))), "63 - threadIdx.x");
  CHECK_STR(text(SUB(C32(-63), TID(0))), "-threadIdx.x - 63");
  CHECK_STR(text(MUL(C32(-3), N)), "-3 * n");
  CHECK_STR(text(BIN(MC_EXPR_SDIV, mc_expr_add(S, N, C32(1), MC_NSW), C32(2))), "(n + 1) / 2");
  CHECK_STR(text(BIN(MC_EXPR_SDIV, ADD(N, C32(1)), C32(2))), "(int)(n + 1) / 2");
  CHECK_STR(text(BIN(MC_EXPR_UDIV, U, C32(-2))), "u / 4294967294");
  CHECK_STR(text(MUL(C32(4), BIN(MC_EXPR_UREM, TID(0), C32(7)))), "4 * (threadIdx.x % 7)");
  CHECK_STR(text(BIN(MC_EXPR_AND, ADD(TID(0), C32(1)), C32(31))), "(threadIdx.x + 1) & 31");
  CHECK_STR(text(mc_expr_cmp(S, MC_CMP_SGT, N, C32(3))), "n > 3");
  CHECK_STR(text(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_SLT, I, N), I, N)), "i < n ? i : n");
  CHECK_STR(text(BIN(MC_EXPR_SMIN, I, N)), "min(i, n)");
  CHECK_STR(text(BIN(MC_EXPR_UMAX, I, U)), "max((unsigned)i, u)");
  CHECK_STR(text(BIN(MC_EXPR_LSHR, N, C32(1))), "(unsigned)n >> 1");
  CHECK_STR(text(C32(-5)), "-5");
  CHECK_STR(text(mc_sym_builtin(S, MC_ATOM_WARPSIZE, 0)), "warpSize");
  CHECK_STR(text(mc_sym_unknown(S, MC_UNKNOWN_LOAD, "load of a", 32, NULL)), "$load1");
}

static bool param_values(void *data, const mc_atom *a, uint64_t *bits) {
  (void)data;
  if (a->kind == MC_ATOM_PARAM && !strcmp(a->name, "n")) {
    *bits = (uint64_t)-3;
    return true;
  }
  return false;
}

static void test_eval(void) {
  mc_eval_env env = {{5, 1, 0}, {7, 0, 0}, {128, 2, 1}, {100, 1, 1}, 32, param_values, NULL};
  uint64_t v;
  const mc_expr *gid = ADD(MUL(BID(0), BDIM(0)), TID(0));
  CHECK(mc_expr_eval(gid, &env, &v) == MC_EVAL_OK && v == 7 * 128 + 5);
  CHECK(mc_expr_eval(MUL(C64(4), SEXT(N)), &env, &v) == MC_EVAL_OK && (int64_t)v == -12);
  CHECK(mc_expr_eval(ZEXT(N), &env, &v) == MC_EVAL_OK && v == 0xfffffffdULL);
  CHECK(mc_expr_eval(U, &env, &v) == MC_EVAL_UNBOUND);
  CHECK(mc_expr_eval(BIN(MC_EXPR_SDIV, C32(1), SUB(N, N)), &env, &v) == MC_EVAL_UNDEFINED);
  CHECK(mc_expr_eval(BIN(MC_EXPR_SDIV, TID(0), ADD(N, C32(3))), &env, &v) == MC_EVAL_UNDEFINED);
  CHECK(mc_expr_eval(BIN(MC_EXPR_SHL, TID(0), ADD(N, C32(40))), &env, &v) == MC_EVAL_UNDEFINED);
  /* n + 2^31 - 1 with nsw overflows for n = -3? No: -3 + 2^31 - 1 fits. */
  CHECK(mc_expr_eval(mc_expr_add(S, N, C32(INT32_MAX), MC_NSW), &env, &v) == MC_EVAL_OK);
  CHECK(mc_expr_eval(mc_expr_sub(S, N, C32(INT32_MAX), MC_NSW), &env, &v) == MC_EVAL_UNDEFINED);
  /* laneid of the linear thread id 5 + 1 * 128 = 133 */
  CHECK(mc_expr_eval(mc_sym_builtin(S, MC_ATOM_LANE, 0), &env, &v) == MC_EVAL_OK && v == 5);
  CHECK(mc_expr_eval(mc_expr_select(S, mc_expr_cmp(S, MC_CMP_SLT, N, C32(0)), C32(1),
                                    BIN(MC_EXPR_UDIV, C32(1), C32(0))),
                     &env, &v) == MC_EVAL_OK &&
        v == 1);
  CHECK(mc_bits_signed(0xfffffffdULL, 32) == -3);
}

static const mc_expr *four_for_n(void *data, const mc_atom *a) {
  (void)data;
  return a->kind == MC_ATOM_PARAM && a->index == 0 ? C32(4) : NULL;
}

static void test_subst(void) {
  const mc_expr *e = ADD(MUL(N, TID(0)), MUL(N, C32(2)));
  CHECK(mc_expr_subst(S, e, four_for_n, NULL) == ADD(MUL(C32(4), TID(0)), C32(8)));
  CHECK(mc_expr_subst(S, TID(0), four_for_n, NULL) == TID(0));
  CHECK(mc_expr_mentions(e, 1u << MC_ATOM_PARAM) && !mc_expr_mentions(e, 1u << MC_ATOM_LOOP));
}

static bool i_in_0_100(void *data, const mc_atom *a, mc_interval *r) {
  (void)data;
  if (a != I->atom)
    return false;
  r->lo = 0;
  r->hi = 99;
  return true;
}

static void test_narrow(void) {
  /* out[4 * i + threadIdx.x] with unsigned arithmetic: the loop stage says
   * 0 <= i < 100, and the cast goes. */
  const mc_expr *off = MUL(C64(4), ZEXT(ADD(MUL(C32(4), I), TID(0))));
  CHECK_STR(text(off), "4 * (unsigned)(threadIdx.x + 4 * i)");
  const mc_expr *n = mc_expr_narrow(S, off, i_in_0_100, NULL);
  CHECK_STR(text(n), "4 * threadIdx.x + 16 * i");
  CHECK(n->range.lo == 0 && n->range.hi == 16 * 99 + 4 * 1023);
  /* i < 100 is now true; the narrowed atom is another node of the same atom */
  const mc_expr *in = mc_sym_atom_in(S, I->atom, (mc_interval){0, 99});
  CHECK(in != I && in->atom == I->atom);
  CHECK(mc_expr_cmp(S, MC_CMP_SLT, in, C32(100)) == mc_expr_const(S, 1, 1));
  uint64_t v;
  mc_eval_env env = {{0}, {0}, {1, 1, 1}, {1, 1, 1}, 32, NULL, NULL};
  CHECK(mc_expr_eval(in, &env, &v) == MC_EVAL_UNBOUND);
}

static void test_facts(void) {
  mc_sym_facts f;
  mc_sym_facts_cuda(&f);
  f.tid[0].hi = 255;
  f.bdim[0].lo = f.bdim[0].hi = 256;
  f.bid[0].hi = 63;
  mc_sym *s = mc_sym_new(A, &f);
  const mc_expr *gid =
      mc_expr_add(s, mc_expr_mul(s, mc_sym_builtin(s, MC_ATOM_BID, 0),
                                 mc_sym_builtin(s, MC_ATOM_BDIM, 0), 0),
                  mc_sym_builtin(s, MC_ATOM_TID, 0), 0);
  CHECK(gid->range.lo == 0 && gid->range.hi == 63 * 256 + 255);
  CHECK(mc_expr_exact(gid, true));
  CHECK_STR(text(mc_expr_mul(s, mc_expr_const(s, 64, 4), mc_expr_cast(s, MC_EXPR_SEXT, gid, 64), 0)),
            "4 * blockIdx.x * blockDim.x + 4 * threadIdx.x");
  /* launch bounds: maxntid 256 bounds every extent by the product */
  mc_kernel k = {0};
  k.dims_read = MC_DIMS_ALL;
  k.bounds.maxntid[0] = 256;
  k.bounds.maxntid[1] = 1;
  k.bounds.maxntid[2] = 1;
  CHECK(mc_sym_facts_for_kernel(&f, A, &k, NULL));
  CHECK(f.bdim[0].hi == 256 && f.bdim[1].hi == 256 && f.bdim[2].hi == 64);
  CHECK(f.tid[1].hi == 255);
  /* dimensions the kernel never reads are 1, unless an option fixes them */
  k.dims_read = 0x1 | 0x8 | 0x10; /* threadIdx.x, blockIdx.x, blockIdx.y */
  CHECK(mc_sym_unread_dims(&k, NULL) == (0x2 | 0x4 | 0x20));
  CHECK(mc_sym_facts_for_kernel(&f, A, &k, NULL));
  CHECK(f.bdim[1].lo == 1 && f.bdim[1].hi == 1 && f.tid[2].hi == 0);
  CHECK(f.gdim[1].hi == 65535 && f.gdim[2].hi == 1 && f.bid[2].hi == 0);
  CHECK_STR(mc_sym_unread_dims_text(A, mc_sym_unread_dims(&k, NULL)),
            "blockDim.y = blockDim.z = gridDim.z = 1 (dimensions the kernel never reads)");
  mc_options o;
  mc_options_init(&o);
  o.block_dim[0] = 64;
  CHECK(mc_sym_unread_dims(&k, &o) == 0x20);
  CHECK(mc_sym_unread_dims_text(A, 0) == NULL);
}

/* ---- Random expressions: simplification keeps the bits ------------------- */

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

typedef struct {
  uint32_t tid, bid, bdim, gdim, n, u, i;
} env_values;

static bool values(void *data, const mc_atom *a, uint64_t *bits) {
  const env_values *ev = data;
  if (a->kind == MC_ATOM_LOOP) {
    *bits = ev->i;
    return true;
  }
  if (a->kind != MC_ATOM_PARAM)
    return false;
  *bits = a->index == 0 ? ev->n : ev->u;
  return true;
}

/* A random expression of width w built through the builders, with the bits
 * the IR would compute under each of the environments, computed directly.
 * ok[i] is false where the IR's value is undefined. */
enum { ENVS = 24 };
typedef struct {
  const mc_expr *e;
  uint64_t v[ENVS];
  bool ok[ENVS];
} sample;

static env_values envs[ENVS];

static uint64_t mask(unsigned w) { return w >= 64 ? ~0ULL : (1ULL << w) - 1; }
static int64_t sx(uint64_t x, unsigned w) { return mc_bits_signed(x & mask(w), w); }

static sample gen(unsigned w, int depth) {
  sample r;
  memset(&r, 0, sizeof r);
  for (int i = 0; i < ENVS; i++)
    r.ok[i] = true;
  unsigned kind = depth <= 0 ? (unsigned)(next() % 3) : (unsigned)(next() % 16);
  if (w != 32 && kind < 2)
    kind = 2;
  if (kind == 0 || kind == 1) { /* an atom */
    int k = (int)(next() % 7);
    const mc_expr *atoms[7] = {TID(0), BID(0), BDIM(0), GDIM(0), N, U, I};
    r.e = atoms[k];
    for (int i = 0; i < ENVS; i++) {
      const uint32_t vals[7] = {envs[i].tid, envs[i].bid, envs[i].bdim,
                                envs[i].gdim, envs[i].n, envs[i].u, envs[i].i};
      r.v[i] = vals[k];
    }
    return r;
  }
  if (kind == 2) { /* a constant, often small */
    int64_t c = next() % 4 ? (int64_t)(next() % 64) - 16 : (int64_t)next();
    r.e = mc_expr_const(S, w, c);
    for (int i = 0; i < ENVS; i++)
      r.v[i] = (uint64_t)c & mask(w);
    return r;
  }
  if (kind == 3 && w == 32) { /* a cast through 64 or 16 bits */
    unsigned w2 = next() % 2 ? 64 : 16;
    sample a = gen(w2, depth - 1);
    bool sgn = next() % 2;
    r.e = mc_expr_resize(S, a.e, w, sgn);
    for (int i = 0; i < ENVS; i++) {
      r.ok[i] = a.ok[i];
      r.v[i] = (w2 > w ? a.v[i] : sgn ? (uint64_t)sx(a.v[i], w2) : a.v[i]) & mask(w);
    }
    return r;
  }
  if (kind == 3 || kind == 4) { /* from 32 bits */
    sample a = gen(32, depth - 1);
    bool sgn = next() % 2;
    r.e = mc_expr_resize(S, a.e, w, sgn);
    for (int i = 0; i < ENVS; i++) {
      r.ok[i] = a.ok[i];
      r.v[i] = (w > 32 ? (sgn ? (uint64_t)sx(a.v[i], 32) : a.v[i]) : a.v[i]) & mask(w);
    }
    return r;
  }
  if (kind == 5) { /* select on a comparison */
    sample a = gen(w, depth - 1), b = gen(w, depth - 1), x = gen(w, depth - 1),
           y = gen(w, depth - 1);
    mc_cmp p = (mc_cmp)(next() % 10);
    r.e = mc_expr_select(S, mc_expr_cmp(S, p, a.e, b.e), x.e, y.e);
    for (int i = 0; i < ENVS; i++) {
      uint64_t u1 = a.v[i], u2 = b.v[i];
      int64_t s1 = sx(u1, w), s2 = sx(u2, w);
      bool c = p == MC_CMP_EQ ? u1 == u2 : p == MC_CMP_NE ? u1 != u2
             : p == MC_CMP_ULT ? u1 < u2 : p == MC_CMP_ULE ? u1 <= u2
             : p == MC_CMP_UGT ? u1 > u2 : p == MC_CMP_UGE ? u1 >= u2
             : p == MC_CMP_SLT ? s1 < s2 : p == MC_CMP_SLE ? s1 <= s2
             : p == MC_CMP_SGT ? s1 > s2 : s1 >= s2;
      r.ok[i] = a.ok[i] && b.ok[i] && (c ? x.ok[i] : y.ok[i]);
      r.v[i] = c ? x.v[i] : y.v[i];
    }
    return r;
  }
  static const mc_expr_op ops[] = {MC_EXPR_ADD,  MC_EXPR_MUL,  MC_EXPR_ADD,  MC_EXPR_UDIV,
                                   MC_EXPR_SDIV, MC_EXPR_UREM, MC_EXPR_SREM, MC_EXPR_SHL,
                                   MC_EXPR_LSHR, MC_EXPR_ASHR, MC_EXPR_AND,  MC_EXPR_OR,
                                   MC_EXPR_XOR,  MC_EXPR_UMIN, MC_EXPR_SMAX, MC_EXPR_ADD};
  mc_expr_op op = ops[next() % (sizeof ops / sizeof ops[0])];
  sample a = gen(w, depth - 1), b = gen(w, depth - 1);
  bool sub = op == MC_EXPR_ADD && next() % 3 == 0;
  /* nsw/nuw as the IR would have them: the value is poison where they fail. */
  unsigned flags = 0;
  if (op == MC_EXPR_ADD || op == MC_EXPR_MUL || op == MC_EXPR_SHL)
    flags = (unsigned)(next() % 4);
  r.e = sub ? mc_expr_sub(S, a.e, b.e, flags) : mc_expr_binary(S, op, a.e, b.e, flags);
  for (int i = 0; i < ENVS; i++) {
    uint64_t x = a.v[i], y = b.v[i], v = 0;
    int64_t s1 = sx(x, w), s2 = sx(y, w);
    bool ok = a.ok[i] && b.ok[i];
    bool minus1 = s2 == -1 && (uint64_t)s1 == ((1ULL << (w - 1)) | ~mask(w));
    switch (op) {
    case MC_EXPR_ADD: v = sub ? x - y : x + y; break;
    case MC_EXPR_MUL: v = x * y; break;
    case MC_EXPR_UDIV: ok = ok && y; v = y ? x / y : 0; break;
    case MC_EXPR_UREM: ok = ok && y; v = y ? x % y : 0; break;
    case MC_EXPR_SDIV: ok = ok && y && !minus1; v = ok ? (uint64_t)(s1 / s2) : 0; break;
    case MC_EXPR_SREM: ok = ok && y && !minus1; v = ok ? (uint64_t)(s1 % s2) : 0; break;
    case MC_EXPR_SHL: ok = ok && y < w; v = y < w ? x << y : 0; break;
    case MC_EXPR_LSHR: ok = ok && y < w; v = y < w ? x >> y : 0; break;
    case MC_EXPR_ASHR:
      ok = ok && y < w;
      v = y < w ? (s1 < 0 ? ~(~(uint64_t)s1 >> y) : (uint64_t)s1 >> y) : 0;
      break;
    case MC_EXPR_AND: v = x & y; break;
    case MC_EXPR_OR: v = x | y; break;
    case MC_EXPR_XOR: v = x ^ y; break;
    case MC_EXPR_UMIN: v = x < y ? x : y; break;
    case MC_EXPR_SMAX: v = s1 > s2 ? x : y; break;
    default: break;
    }
    if (flags) {
      typedef __int128 i128;
      i128 ux = (i128)x, uy = (i128)y, sx1 = s1, sy1 = s2, ures, sres;
      i128 smin = -((i128)1 << (w - 1)), smax = ((i128)1 << (w - 1)) - 1;
      i128 umax = ((i128)1 << w) - 1;
      if (op == MC_EXPR_SHL) {
        ures = y < w ? ux * ((i128)1 << y) : 0;
        sres = y < w ? sx1 * ((i128)1 << y) : 0;
      } else if (op == MC_EXPR_MUL) {
        /* 64 x 64 bits may not fit a signed 128-bit product: check first. */
        uint64_t up;
        int64_t sp;
        ures = __builtin_mul_overflow(x, y, &up) ? umax + 1 : ux * uy;
        sres = __builtin_mul_overflow(s1, s2, &sp) ? smax + 1 : sx1 * sy1;
      } else {
        ures = sub ? ux - uy : ux + uy;
        sres = sub ? sx1 - sy1 : sx1 + sy1;
      }
      if ((flags & MC_NSW) && (sres < smin || sres > smax))
        ok = false;
      if ((flags & MC_NUW) && (ures < 0 || ures > umax))
        ok = false;
    }
    r.ok[i] = ok;
    r.v[i] = v & mask(w);
  }
  return r;
}

/* ---- The printed form, evaluated as a script would --------------------
 * A small evaluator of the printer's C-like grammar over the integers:
 * + - * do not wrap, / and % truncate, >> floors, casts reduce modulo 2^w,
 * min/max take any number of arguments. */

typedef __int128 i128;
typedef struct {
  const char *p;
  const env_values *env;
  bool bad, overflow;
} parser;

static i128 parse_ternary(parser *ps);

static void skip(parser *ps) {
  while (*ps->p == ' ')
    ps->p++;
}
static bool eat(parser *ps, const char *tok) {
  skip(ps);
  size_t n = strlen(tok);
  if (strncmp(ps->p, tok, n))
    return false;
  /* "<" is not "<=" or "<<"; ">" likewise; "&" not "&&" */
  if ((n == 1 && (tok[0] == '<' || tok[0] == '>') && (ps->p[1] == '=' || ps->p[1] == tok[0])) ||
      (n == 1 && (tok[0] == '=' || tok[0] == '!') && ps->p[1] == '='))
    return false;
  ps->p += n;
  return true;
}
static i128 chk(parser *ps, i128 v) {
  i128 big = (i128)1 << 100;
  if (v > big || v < -big)
    ps->overflow = true;
  return v;
}
static i128 reduce(i128 v, unsigned w, bool sgn) {
  i128 m = (i128)1 << w;
  i128 r = v % m;
  if (r < 0)
    r += m;
  if (sgn && r >= m / 2)
    r -= m;
  return r;
}

static const struct {
  const char *name;
  unsigned w;
  bool sgn;
} casts[] = {{"(unsigned long)", 64, false}, {"(unsigned short)", 16, false},
             {"(unsigned char)", 8, false},  {"(signed char)", 8, true},
             {"(unsigned)", 32, false},      {"(long)", 64, true},
             {"(short)", 16, true},          {"(int)", 32, true},
             {"(bool)", 1, false},           {"(i1)", 1, true}};

static i128 parse_unary(parser *ps);

static i128 parse_primary(parser *ps) {
  skip(ps);
  if (eat(ps, "min(") || eat(ps, "max(")) {
    bool mn = ps->p[-4] == 'm' && ps->p[-3] == 'i';
    i128 r = parse_ternary(ps);
    while (eat(ps, ",")) {
      i128 x = parse_ternary(ps);
      r = mn ? (x < r ? x : r) : (x > r ? x : r);
    }
    ps->bad |= !eat(ps, ")");
    return r;
  }
  if (eat(ps, "(")) {
    i128 r = parse_ternary(ps);
    ps->bad |= !eat(ps, ")");
    return r;
  }
  if (*ps->p >= '0' && *ps->p <= '9') {
    i128 r = 0;
    while (*ps->p >= '0' && *ps->p <= '9')
      r = r * 10 + (*ps->p++ - '0');
    return r;
  }
  static const char *const names[] = {"threadIdx.x", "blockIdx.x", "blockDim.x",
                                      "gridDim.x", "n", "u", "i"};
  for (int i = 0; i < 7; i++) {
    size_t len = strlen(names[i]);
    if (!strncmp(ps->p, names[i], len) && !(ps->p[len] >= 'a' && ps->p[len] <= 'z')) {
      ps->p += len;
      const env_values *e = ps->env;
      switch (i) {
      case 0: return e->tid;
      case 1: return e->bid;
      case 2: return e->bdim;
      case 3: return e->gdim;
      case 4: return (int32_t)e->n;
      case 5: return e->u;
      default: return (int32_t)e->i;
      }
    }
  }
  ps->bad = true;
  return 0;
}

static i128 parse_unary(parser *ps) {
  skip(ps);
  if (*ps->p == '-' && ps->p[1] != '-') {
    ps->p++;
    return -parse_unary(ps);
  }
  for (unsigned i = 0; i < sizeof casts / sizeof casts[0]; i++)
    if (!strncmp(ps->p, casts[i].name, strlen(casts[i].name))) {
      ps->p += strlen(casts[i].name);
      return reduce(parse_unary(ps), casts[i].w, casts[i].sgn);
    }
  return parse_primary(ps);
}

static i128 parse_mul(parser *ps) {
  i128 r = parse_unary(ps);
  for (;;) {
    if (eat(ps, "*")) {
      i128 x = parse_unary(ps), p;
      if (__builtin_mul_overflow(r, x, &p))
        ps->overflow = true, p = 0;
      r = chk(ps, p);
    } else if (eat(ps, "/") || eat(ps, "%")) {
      bool div = ps->p[-1] == '/';
      i128 x = parse_unary(ps);
      if (x == 0)
        ps->overflow = true; /* undefined: nothing to compare */
      r = x == 0 ? 0 : div ? r / x : r % x;
    } else {
      return r;
    }
  }
}
static i128 parse_add(parser *ps) {
  i128 r = parse_mul(ps);
  for (;;) {
    if (eat(ps, "+"))
      r = chk(ps, r + parse_mul(ps));
    else if (eat(ps, "-"))
      r = chk(ps, r - parse_mul(ps));
    else
      return r;
  }
}
static i128 parse_shift(parser *ps) {
  i128 r = parse_add(ps);
  for (;;) {
    if (eat(ps, "<<")) {
      i128 k = parse_add(ps), p = 0;
      if (k < 0 || k > 100 || __builtin_mul_overflow(r, (i128)1 << (int)(k < 0 || k > 100 ? 0 : k), &p))
        ps->overflow = true, p = 0;
      r = chk(ps, p);
    } else if (eat(ps, ">>")) {
      i128 k = parse_add(ps);
      if (k < 0 || k > 126)
        ps->overflow = true, k = 0;
      i128 d = (i128)1 << (int)k;
      r = r >= 0 ? r / d : -((-r - 1) / d) - 1; /* floor */
    } else {
      return r;
    }
  }
}
static i128 parse_rel(parser *ps) {
  i128 r = parse_shift(ps);
  for (;;) {
    if (eat(ps, "<="))
      r = r <= parse_shift(ps);
    else if (eat(ps, ">="))
      r = r >= parse_shift(ps);
    else if (eat(ps, "<"))
      r = r < parse_shift(ps);
    else if (eat(ps, ">"))
      r = r > parse_shift(ps);
    else
      return r;
  }
}
static i128 parse_eq(parser *ps) {
  i128 r = parse_rel(ps);
  for (;;) {
    if (eat(ps, "=="))
      r = r == parse_rel(ps);
    else if (eat(ps, "!="))
      r = r != parse_rel(ps);
    else
      return r;
  }
}
static i128 parse_bits(parser *ps, int level) {
  static const char *const ops[] = {"|", "^", "&"};
  i128 r = level < 2 ? parse_bits(ps, level + 1) : parse_eq(ps);
  while (eat(ps, ops[level])) {
    i128 x = level < 2 ? parse_bits(ps, level + 1) : parse_eq(ps);
    r = level == 0 ? (r | x) : level == 1 ? (r ^ x) : (r & x);
  }
  return r;
}
static i128 parse_ternary(parser *ps) {
  i128 c = parse_bits(ps, 0);
  if (!eat(ps, "?"))
    return c;
  /* both arms are parsed; only the chosen one's value counts */
  parser save = *ps;
  i128 a = parse_ternary(ps);
  bool a_over = ps->overflow;
  ps->bad |= !eat(ps, ":");
  ps->overflow = save.overflow;
  i128 b = parse_ternary(ps);
  if (c)
    ps->overflow = a_over;
  return c ? a : b;
}

static int random_failures;

/* The printed form read over the integers is the integer reading: within
 * the node's range, and congruent to the bits. */
static bool printed_matches(const mc_expr *e, const env_values *env, uint64_t bits) {
  parser ps = {text(e), env, false, false};
  i128 v = parse_ternary(&ps);
  skip(&ps);
  if (ps.bad || *ps.p) {
    fprintf(stderr, "printed form does not parse at '%s': %s\n", ps.p, text(e));
    return false;
  }
  if (ps.overflow)
    return true;
  unsigned w = e->width;
  if (reduce(v, w, false) != (i128)bits)
    return false;
  /* saturated bounds mean "this far or beyond" */
  return (e->range.lo == INT64_MIN || v >= e->range.lo) &&
         (e->range.hi == INT64_MAX || v <= e->range.hi);
}

static void check_sample(const sample *sm) {
  if (!sm->e) {
    CHECK(sm->e != NULL);
    return;
  }
  unsigned w = sm->e->width;
  for (int i = 0; i < ENVS; i++) {
    mc_eval_env env = {{envs[i].tid, 0, 0}, {envs[i].bid, 0, 0}, {envs[i].bdim, 1, 1},
                       {envs[i].gdim, 1, 1}, 32, values, &envs[i]};
    uint64_t v;
    mc_eval_status st = mc_expr_eval(sm->e, &env, &v);
    if (!sm->ok[i])
      continue; /* the IR's value is poison: anything goes */
    bool good = st == MC_EVAL_OK && v == sm->v[i];
    /* An interval the context claims must hold where it says it is exact. */
    if (good && mc_expr_exact(sm->e, true)) {
      int64_t x = sx(v, w);
      good = x >= sm->e->range.lo && x <= sm->e->range.hi;
    }
    if (good && mc_expr_exact(sm->e, false) && w < 64)
      good = (int64_t)v >= sm->e->range.lo && (int64_t)v <= sm->e->range.hi;
    if (good && !printed_matches(sm->e, &envs[i], v)) {
      good = false;
      if (random_failures < 5)
        fprintf(stderr, "random: the printed form of %s under env %d does not read %llu\n",
                text(sm->e), i, (unsigned long long)v);
    }
    if (!good && random_failures++ < 5)
      fprintf(stderr, "random: %s under env %d gives %llu (status %d), expected %llu\n",
              text(sm->e), i, (unsigned long long)v, (int)st,
              (unsigned long long)sm->v[i]);
    CHECK(good);
  }
}

static void test_random(void) {
  for (int i = 0; i < ENVS; i++) {
    env_values *e = &envs[i];
    e->bdim = 1 + (uint32_t)(next() % 1024);
    e->tid = (uint32_t)(next() % e->bdim);
    e->gdim = 1 + (uint32_t)(next() % (i % 2 ? 0x7fffffffu : 64));
    e->bid = (uint32_t)(next() % e->gdim);
    e->n = (uint32_t)(i % 3 ? next() % 200 - 100 : next());
    e->u = (uint32_t)(i % 3 ? next() % 200 : next());
    e->i = (uint32_t)(i % 3 ? next() % 64 - 8 : next());
  }
  for (int k = 0; k < 6000; k++) {
    sample sm = gen(next() % 4 ? 32 : 64, 1 + (int)(next() % 4));
    check_sample(&sm);
  }
}

int main(void) {
  A = mc_arena_new();
  S = mc_sym_new(A, NULL);
  N = mc_sym_param(S, 0, "n", 32, true, NULL);
  U = mc_sym_param(S, 1, "u", 32, false, NULL);
  I = mc_sym_loop_var(S, NULL, "i", 32, true);
  test_hash_consing();
  test_sums_and_products();
  test_flags();
  test_casts();
  test_other_ops();
  test_printing();
  test_eval();
  test_subst();
  test_narrow();
  test_facts();
  test_random();
  mc_arena_free(A);
  return check_report("sym");
}

/* races.c - stage 5: the race queries of a kernel, their verdicts and
 * witnesses.
 *
 * For each array, in the kernel's order, each access A against the
 * accesses B that may conflict with it (in program order, A itself
 * included): at block scope, then at grid scope for global memory. The
 * candidates B that no barrier interval can hold with A (their names'
 * barriers are disjoint) or whose bytes never meet A's in two threads (an
 * OFFSETS query, cached per pair of offsets) are dropped; then one query
 * per access and scope, in a fresh solver of the kernel's one Z3 context:
 *
 *   runs(A, thread 1) && the threads differ && OR over B of (runs(B,
 *   thread 2) && the byte ranges overlap && (block scope) the same
 *   barrier interval and, in one warp, the same __syncwarp interval)
 *
 * plus the launch's limits, the preconditions and what sym's flags say of
 * the offsets. Sat is a race; the model, minimised dimension by dimension
 * (each value bounded by halving while Z3 still finds one), is the witness.
 */
#define _GNU_SOURCE
#include "drf_internal.h"

#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* MAX_PAIRS bounds the work per array and scope: pairs of accesses that
 * may conflict (a kernel with thousands of accesses to one array is left
 * inconclusive rather than taking minutes). Minimising a witness takes at
 * most MINIMISE_CHECKS checks, each with 1/MINIMISE_SHARE of a query's
 * budget: a smaller witness is worth less than the compile's time. A
 * query of at most SMALL_QUERY constraints is small (mc_solver_new). A
 * race query exact at any launch that runs out is asked again with every
 * dimension, id and parameter at most SMALL_LAUNCH, with 1/SMALL_SHARE of
 * the budget (ask). The integer query's products are refined at most
 * REFINE_ROUNDS times before the exact query is asked at the last model's
 * parameters (with 1/SMALL_SHARE of the budget), then at any launch. */
enum { MAX_RACES_PER_ARRAY = 4, MINIMISE_CHECKS = 32, MINIMISE_SHARE = 16,
       MAX_APPROX = 6, MAX_PAIRS = 4096, QUERY_STEPS = 1000, MEET_SHARE = 16,
       PLAIN_MEET_SHARE = 64, SMALL_QUERY = 64, SMALL_LAUNCH = 64, SMALL_SHARE = 4,
       REFINE_ROUNDS = 3 };

/* Where an access touches memory: all that an OFFSETS query reads of it. */
typedef struct {
  const mc_expr *offset, *index, *size;
  uint64_t elem_size;
  int array;
} footprint;

/* Whether two threads' accesses at footprints x and y may touch one byte. */
typedef struct {
  footprint x, y;
  bool grid, meet;
} meeting;

typedef struct {
  mc_drf_ctx d;
  uint64_t rlimit;
  meeting *met;              /* the OFFSETS queries asked so far */
  unsigned nmet, cap_met;
  const uint64_t **ids;      /* per site: the interval numbers of its
                                accesses (mc_phase.ids); NULL: not known */
  const char *log;           /* -mapcost-solver-log, or NULL */
  const mc_site **acc;       /* the access sites, program order */
  unsigned nacc;
  mc_strbuf *print;          /* print<mapcost-drf>: the queries */
} drf_run;

static bool writes(const mc_access *x) { return x->kind != MC_ACCESS_READ; }

/* Can accesses x and y of two threads conflict at this scope? */
static bool may_conflict(const mc_access *x, const mc_access *y, bool grid) {
  if (!writes(x) && !writes(y))
    return false;
  if (x->kind == MC_ACCESS_ATOMIC && y->kind == MC_ACCESS_ATOMIC) {
    mc_atomic_scope need = grid ? MC_SCOPE_DEVICE : MC_SCOPE_BLOCK;
    return x->scope < need || y->scope < need;
  }
  return true;
}

static bool has_syncwarp(const mc_drf_ctx *d) {
  for (unsigned i = 0; i < d->nsites; i++)
    if (d->sites[i].node->kind == MC_PN_SYNCWARP)
      return true;
  return false;
}

/* ---- One query ------------------------------------------------------------ */

/* A launch (dimensions, parameters, ids) found on the integer query,
 * minimised there, to try first on the exact one: all of it, or only its
 * parameters. Its values are in the order of launch_terms: LAUNCH_DIMS
 * dimensions, the parameters, LAUNCH_IDS ids. */
typedef struct {
  int64_t *values;
  unsigned n;
  bool params_only;
} launch_hint;

enum {
  LAUNCH_DIMS = 2 * 3,    /* blockDim, gridDim */
  LAUNCH_IDS = 2 * 2 * 3, /* each thread's blockIdx and threadIdx */
};

/* Terms to minimise in a model: a launch's, a witness's. */
typedef struct {
  Z3_ast t;
  bool is_signed;
  unsigned width;
  uint64_t floor;  /* the least it can be (a fixed dimension) */
} min_term;

typedef struct {
  min_term *terms;
  unsigned n, cap;
  mc_arena *a;
  bool ints;       /* the terms are integers (else bit-vectors) */
} min_list;

/* What a query asks of two threads at two accesses: whether they race
 * (both run, in one barrier interval, touching one byte); whether they
 * touch one byte whether or not they run, in any iterations and intervals;
 * whether they run in one interval, wherever they touch. */
typedef enum { RACE, OFFSETS, INTERVALS } question;

typedef struct {
  mc_env *env[2];         /* thread 1's, and thread 2's once picked */
  Z3_ast off[2];
  mc_solver s;
  Z3_ast exact_intervals; /* the intervals are those of real barriers */
  bool hinted;            /* sat with the launch of the integer query */
  mc_env **envs;          /* thread 2, per candidate access */
  Z3_ast *offs, *conds;
  unsigned nb;
  question what;
  min_list launch;        /* its launch's terms (launch_terms) */
} query;

/* Does an access of size s touch a byte? A memset or memcpy of 0 bytes
 * touches none. (Over the integers a size below 0, whose bits would be a
 * huge unsigned size, counts as touching some.) */
static Z3_ast nonempty(Z3_context z, Z3_ast s) {
  return Z3_mk_not(z, Z3_mk_eq(z, s, Z3_mk_int(z, 0, Z3_get_sort(z, s))));
}

/* [oa, oa + sa) and [ob, ob + sb) overlap: one starts inside the other,
 * which is not empty. */
static Z3_ast overlap(Z3_context z, bool ints, Z3_ast oa, Z3_ast sa, Z3_ast ob, Z3_ast sb) {
  Z3_ast b_in_a = ints ? mc_z3_and2(z, Z3_mk_le(z, oa, ob),
                                    Z3_mk_lt(z, ob, mc_num_add(z, true, oa, sa)))
                       : Z3_mk_bvult(z, Z3_mk_bvsub(z, ob, oa), sa);
  Z3_ast a_in_b = ints ? mc_z3_and2(z, Z3_mk_le(z, ob, oa),
                                    Z3_mk_lt(z, oa, mc_num_add(z, true, ob, sb)))
                       : Z3_mk_bvult(z, Z3_mk_bvsub(z, oa, ob), sb);
  return mc_z3_or2(z, mc_z3_and2(z, b_in_a, nonempty(z, sb)),
                   mc_z3_and2(z, a_in_b, nonempty(z, sa)));
}

static Z3_ast differ(Z3_context z, Z3_ast a[3], Z3_ast b[3]) {
  Z3_ast parts[3];
  for (unsigned i = 0; i < 3; i++)
    parts[i] = Z3_mk_not(z, Z3_mk_eq(z, a[i], b[i]));
  return Z3_mk_or(z, 3, parts);
}

/* Do x and y touch whole elements of one size? Then cmp gets their
 * indices with the extensions both share taken off (equal bits of the
 * narrower values are equal extended values, and back). */
static bool same_elements(const mc_access *x, const mc_access *y,
                          const mc_expr *cmp[2]) {
  int64_t sx, sy;
  if (!x->index || !y->index || x->elem_size != y->elem_size ||
      !mc_expr_is_const(x->size, &sx) || !mc_expr_is_const(y->size, &sy) ||
      (uint64_t)sx != x->elem_size || sx != sy)
    return false;
  const mc_expr *a = x->index, *b = y->index;
  while (a->op == b->op && (a->op == MC_EXPR_SEXT || a->op == MC_EXPR_ZEXT) &&
         a->ops[0]->width == b->ops[0]->width) {
    a = a->ops[0];
    b = b->ops[0];
  }
  cmp[0] = a;
  cmp[1] = b;
  return true;
}

/* ---- Parameters that __mapcost_alias joins ------------------------------- */

/* The alignment an aliased array's base is taken to have: that of the
 * elements accessed through it (the largest power of two dividing each
 * access's element size, the least over its accesses), which the kernel's
 * assumptions list. 0 when it is not accessed. */
static uint64_t alias_align(const mc_protocol *p, int array) {
  uint64_t align = 0;
  for (unsigned i = 0; p->accesses && i < p->accesses->naccesses; i++) {
    const mc_access *x = &p->accesses->accesses[i];
    uint64_t e = x->elem_size ? x->elem_size & (~x->elem_size + 1) : 1;
    if (x->base == MC_BASE_ARRAY && x->array == array && (!align || e < align))
      align = e;
  }
  return align;
}

/* The assumption alias_align makes, in words; NULL without aliased
 * parameters that are accessed. */
static const char *alias_align_text(mc_arena *a, const mc_protocol *p) {
  const mc_kernel *k = p->kernel;
  mc_strbuf b = {0};
  for (unsigned i = 0; i < k->narrays; i++) {
    uint64_t align = alias_align(p, (int)i);
    bool aliased = false;
    for (unsigned j = 0; j < k->narrays && !aliased; j++) /* with one accessed */
      aliased = mc_arrays_aliased(k, (int)i, (int)j) && alias_align(p, (int)j);
    if (aliased && align)
      mc_strbuf_printf(&b, "%s%s: %" PRIu64 " byte%s", b.len ? ", " : "", k->arrays[i].name,
                       align, align == 1 ? "" : "s");
  }
  const char *text =
      b.len ? mc_sprintf(a, "aliased parameters are aligned to the elements accessed "
                            "through them (%s)", mc_strbuf_str(&b))
            : NULL;
  mc_strbuf_free(&b);
  return text;
}

/* The name of the distance in bytes from array x's base to array y's. */
static const char *distance_name(const drf_run *r, int x, int y) {
  const mc_array *v = r->d.p->kernel->arrays;
  return mc_sprintf(r->d.a, "(char*)%s-(char*)%s", v[y].name, v[x].name);
}

/* The distance from aliased array x's base to array y's in this query: a
 * value the same in every thread, and otherwise any multiple of the two
 * bases' alignment. NULL on failure. */
static Z3_ast alias_distance(drf_run *r, int x, int y) {
  mc_drf_ctx *d = &r->d;
  Z3_context z = d->z;
  const char *name = distance_name(r, x, y);
  Z3_ast v = name ? mc_num_var(z, d->ints, name, 64) : NULL;
  uint64_t ax = alias_align(d->p, x), ay = alias_align(d->p, y);
  uint64_t align = ax < ay ? ax : ay; /* both accessed: not 0 */
  unsigned bits = 0;
  while (align >> (bits + 1))
    bits++;
  if (!v || !bits)
    return v;
  Z3_ast aligned =
      d->ints ? Z3_mk_eq(z, Z3_mk_mod(z, v, mc_num(z, true, 64, align)), mc_num(z, true, 64, 0))
              : Z3_mk_eq(z, Z3_mk_extract(z, bits - 1, 0, v), mc_z3_bv_const(z, bits, 0));
  return mc_drf_side(d, aligned) ? v : NULL;
}

/* Thread 1's access x (env ea, offset off_a, running when runs_a) and
 * thread 2's y (env e, running when runs_b) touch one byte; *off_b gets
 * y's offset. NULL on a Z3 failure. */
static Z3_ast meets(drf_run *r, const mc_access *x, mc_env *ea, Z3_ast runs_a, Z3_ast off_a,
                    const mc_access *y, mc_env *e, Z3_ast runs_b, Z3_ast *off_b) {
  mc_drf_ctx *d = &r->d;
  Z3_context z = d->z;
  /* through two arrays that __mapcost_alias joins, y's bytes are displaced
   * by the distance between their bases: never compared by index */
  Z3_ast dist = NULL;
  if (mc_arrays_aliased(d->p->kernel, x->array, y->array) &&
      !(dist = alias_distance(r, x->array, y->array)))
    return NULL;
  /* what is compared: whole elements of one size by their index, with the
   * extensions both indices share taken off; else byte ranges */
  const mc_expr *cmp[2] = {x->offset, y->offset};
  bool by_index = !dist && same_elements(x, y, cmp);
  *off_b = mc_drf_term(d, e, y->offset);
  Z3_ast nowrap_a = mc_drf_nowrap(d, ea, cmp[0]);
  Z3_ast nowrap_b = mc_drf_nowrap(d, e, cmp[1]);
  if (!*off_b || !nowrap_a || !nowrap_b ||
      !mc_drf_side_nowrap(d, Z3_mk_implies(z, runs_a, nowrap_a)) ||
      !mc_drf_side_nowrap(d, Z3_mk_implies(z, runs_b, nowrap_b)))
    return NULL;
  if (by_index) {
    Z3_ast ia = mc_drf_term(d, ea, cmp[0]), ib = mc_drf_term(d, e, cmp[1]);
    return ia && ib ? Z3_mk_eq(z, ia, ib) : NULL;
  }
  Z3_ast sizea = mc_drf_term(d, ea, x->size), sizeb = mc_drf_term(d, e, y->size);
  if (!sizea || !sizeb)
    return NULL;
  return overlap(z, d->ints, off_a, sizea,
                 dist ? mc_num_add(z, d->ints, *off_b, dist) : *off_b, sizeb);
}

/* Thread 2 at access sb (its own loop instances): the conditions under
 * which it runs sb and sb conflicts with thread 1's access sa (env ea,
 * offset off_a, interval pa, pa_w), or the part of them `what` asks.
 * NULL on a Z3 failure. */
static Z3_ast against(drf_run *r, const mc_site *sa, mc_env *ea, Z3_ast runs_a,
                      Z3_ast off_a, const mc_phase *pa, const mc_phase *pa_w,
                      const mc_site *sb, bool grid, question what, mc_env **eb,
                      Z3_ast *off_b) {
  mc_drf_ctx *d = &r->d;
  Z3_context z = d->z;
  bool placed = what != OFFSETS;
  mc_env *e = *eb = placed ? mc_drf_env_at(d, 1, sb) : d->kernel_env[1];
  Z3_ast runs = !e ? NULL : placed ? mc_drf_runs(d, e, sb) : Z3_mk_true(z);
  if (!runs)
    return NULL;
  Z3_ast parts[4];
  unsigned n = 0;
  parts[n++] = runs;
  if (what != INTERVALS &&
      !(parts[n++] = meets(r, sa->node->access, ea, runs_a, off_a, sb->node->access, e,
                           runs, off_b)))
    return NULL;
  if (!grid && placed) {
    mc_phase pb;
    if (!mc_drf_phase(d, e, sb, false, &pb))
      return NULL;
    parts[n++] = mc_drf_phase_eq(d, pa, &pb);
    if (pa_w) {
      mc_phase wb;
      if (!mc_drf_phase(d, e, sb, true, &wb))
        return NULL;
      Z3_ast other_warp = Z3_mk_not(z, Z3_mk_eq(z, mc_drf_warp(d, 0),
                                                mc_drf_warp(d, 1)));
      parts[n++] = mc_z3_or2(z, other_warp, mc_drf_phase_eq(d, pa_w, &wb));
    }
  }
  return mc_z3_and(z, parts, n);
}

/* Builds and checks one query: thread 1 at access sa, thread 2 at any of
 * the accesses sb[0..nb), with products abstracted (z3expr.c) or exact. q
 * gets the solver and, per candidate, its environment, offset and
 * condition. */
/* witnesses, below */
static bool assert_hint(drf_run *r, query *q, const launch_hint *h);
static Z3_model take_hint(drf_run *r, query *q, launch_hint *h, bool scoped);
static void assert_small(drf_run *r, query *q);
static void launch_terms(mc_drf_ctx *d, min_list *l);

/* How a query is asked: exact, exact with a small launch, exact with a
 * launch's parameters fixed (at_params), with products abstracted, and
 * (over the integers) with the distributivity lemmas too. */
typedef enum { EXACT, EXACT_SMALL, EXACT_AT_PARAMS, ABSTRACT, DISTRIBUTED } abstraction;

static Z3_lbool ask_once(drf_run *r, const mc_site *sa, const mc_site *const *sb,
                         unsigned nb, bool grid, abstraction level, const launch_hint *hint,
                         query *q) {
  mc_drf_ctx *d = &r->d;
  Z3_context z = d->z;
  bool abstract = level == ABSTRACT || level == DISTRIBUTED;
  /* the abstract query is over the integers under the no-wrap assumption */
  d->ints = abstract && d->no_wrap;
  d->abs = abstract ? mc_z3abs_new(d->a, z, d->ints, level == DISTRIBUTED) : NULL;
  if ((abstract && !d->abs) || !mc_drf_query_begin(d, grid))
    return Z3_L_UNDEF;
  q->envs = mc_alloc(d->a, nb * sizeof *q->envs);
  q->offs = mc_alloc(d->a, nb * sizeof *q->offs);
  q->conds = mc_alloc(d->a, nb * sizeof *q->conds);
  if (!q->envs || !q->offs || !q->conds)
    return Z3_L_UNDEF;
  q->nb = nb;
  const mc_access *x = sa->node->access;
  bool placed = q->what != OFFSETS;
  mc_env *ea = q->env[0] = placed ? mc_drf_env_at(d, 0, sa) : d->kernel_env[0];
  Z3_ast runs = !ea ? NULL : placed ? mc_drf_runs(d, ea, sa) : Z3_mk_true(z);
  q->off[0] = ea ? mc_drf_term(d, ea, x->offset) : NULL;
  if (!runs || !q->off[0])
    return Z3_L_UNDEF;
  mc_phase pa, pa_w;
  bool warp = !grid && q->what == RACE && has_syncwarp(d);
  if (!grid && placed) {
    if (!mc_drf_phase(d, ea, sa, false, &pa) ||
        (warp && !mc_drf_phase(d, ea, sa, true, &pa_w)))
      return Z3_L_UNDEF;
    Z3_ast any = mc_num(z, d->ints, 16, MC_DRF_ANY_INTERVAL);
    q->exact_intervals = mc_num_ult(z, d->ints, pa.id, any);
    if (warp)
      q->exact_intervals = mc_z3_and2(z, q->exact_intervals,
                                      mc_num_ult(z, d->ints, pa_w.id, any));
  }
  for (unsigned j = 0; j < nb; j++) {
    if (d->abs && nb > 1) /* one case of the query per candidate */
      mc_z3abs_group(d->abs, j + 1);
    q->conds[j] = against(r, sa, ea, runs, q->off[0], &pa, warp ? &pa_w : NULL,
                          sb[j], grid, q->what, &q->envs[j], &q->offs[j]);
    if (!q->conds[j])
      return Z3_L_UNDEF;
  }
  if (d->abs)
    mc_z3abs_group(d->abs, 0);
  Z3_ast main[3] = {runs,
                    grid ? differ(z, d->bid[0], d->bid[1]) : differ(z, d->tid[0], d->tid[1]),
                    Z3_mk_or(z, nb, q->conds)};
  if (mc_z3_take_error())
    return Z3_L_UNDEF;
  unsigned nl = 0;
  const Z3_ast *lemmas = d->abs ? mc_z3abs_lemmas(d->abs, &nl) : NULL;
  /* a filter over the integers with nothing abstracted asks what its exact
   * twin asks next: where it is slow (a double buffer's `1 - pout` read as
   * any integer, divisibility that bit-vectors settle at once) it has a
   * smaller share */
  uint64_t rlimit = level == EXACT_SMALL || level == EXACT_AT_PARAMS ? r->rlimit / SMALL_SHARE
                    : q->what != OFFSETS         ? r->rlimit
                    : d->ints && !nl ? r->rlimit / PLAIN_MEET_SHARE
                                     : r->rlimit / MEET_SHARE;
  /* a small query over the integers is solved in less time than the
   * logic's tactics take to build: a cheaper tactic first (z3expr.c) */
  bool small = d->nside + nl + nb <= SMALL_QUERY;
  q->s = mc_solver_new(z, rlimit, d->ints, d->functions, small, r->log);
  if (!q->s.s)
    return Z3_L_UNDEF;
  Z3_ast *lazy = mc_alloc(d->a, (d->nside + 1) * sizeof *lazy);
  unsigned nlazy = 0;
  if (!lazy)
    return Z3_L_UNDEF;
  for (unsigned i = 0; i < d->nside; i++)
    if (d->side_lazy[i])
      lazy[nlazy++] = d->side[i];
    else
      Z3_solver_assert(z, q->s.s, d->side[i]);
  if (!mc_solver_lazy(d->a, &q->s, lazy, nlazy))
    return Z3_L_UNDEF;
  for (unsigned i = 0; i < 3; i++)
    Z3_solver_assert(z, q->s.s, main[i]);
  for (unsigned i = 0; i < nl; i++)
    Z3_solver_assert(z, q->s.s, lemmas[i]);
  if (mc_z3_take_error())
    return Z3_L_UNDEF;
  q->launch = (min_list){NULL, 0, 0, d->a, true};
  if (d->ints) /* its launch is a hint for the exact query */
    launch_terms(d, &q->launch);
  q->hinted = hint && assert_hint(r, q, hint);
  if (level == EXACT_SMALL)
    assert_small(r, q);
  return mc_solver_check(z, &q->s);
}

/* The exact query at the launch of the integer model in `first` (kept in
 * *tried where there is one). Final (q keeps the query) when it is a race
 * there, or when there was no launch to fix, so that the exact query was
 * asked at any launch: its answer is the answer, and asking it again
 * would repeat it. Otherwise q is as it was before. Without `refine`,
 * first's solver is released; with it, first keeps its solver, with the
 * lemmas of mc_z3abs_refine for the model's products that are not exact
 * (*refined: there were some). */
static Z3_lbool at_launch(drf_run *r, const mc_site *sa, const mc_site *const *sb,
                          unsigned nb, bool grid, query *first, query *q, bool *final,
                          mc_z3abs *refine, bool *refined, launch_hint *tried) {
  launch_hint hint = {NULL, 0, false};
  Z3_model m = take_hint(r, first, &hint, refine != NULL);
  if (hint.n)
    *tried = hint;
  if (refine)
    *refined = m && mc_z3abs_refine(refine, m, first->s.s) > 0;
  else
    mc_solver_release(r->d.z, &first->s);
  if (m)
    Z3_model_dec_ref(r->d.z, m);
  r->d.abs = NULL;
  r->d.ints = false;
  query before = *q;
  Z3_lbool res = ask_once(r, sa, sb, nb, grid, EXACT, &hint, q);
  *final = res == Z3_L_TRUE || !q->hinted;
  if (!*final) {
    mc_solver_release(r->d.z, &q->s);
    *q = before;
  }
  return res;
}

/* q asked at `level` (with `hint`) in a copy: true, and q holds the
 * copy, when it is a race there; otherwise q is as it was. */
static bool race_in_copy(drf_run *r, const mc_site *sa, const mc_site *const *sb,
                         unsigned nb, bool grid, abstraction level,
                         const launch_hint *hint, query *q) {
  query at = *q;
  if (ask_once(r, sa, sb, nb, grid, level, hint, &at) != Z3_L_TRUE) {
    mc_solver_release(r->d.z, &at.s);
    return false;
  }
  *q = at;
  return true;
}

/* The exact query with the parameters at their values in `tried` (a
 * launch of the integer query), everything else free: true, and q holds
 * it, when it is a race there. Asked where refining ran out of rounds:
 * the products the integer models keep getting wrong are then of
 * parameters and threads' values (rodinia's nw: `cols * 16 * (i - 1 -
 * bx)` against `cols * ty`), which with the parameters fixed are a number
 * times a value, linear (30-60 ms in nw), where the exact query at any
 * launch bit-blasts them (1.5-2.5 s in nw, and out of budget on one read).
 * Its launch is then minimised as any race's (q is not `hinted`). */
static bool at_params(drf_run *r, const mc_site *sa, const mc_site *const *sb,
                      unsigned nb, bool grid, const launch_hint *tried, query *q) {
  if (tried->n <= LAUNCH_DIMS + LAUNCH_IDS) /* no parameter to fix */
    return false;
  launch_hint params = *tried;
  params.params_only = true;
  if (!race_in_copy(r, sa, sb, nb, grid, EXACT_AT_PARAMS, &params, q))
    return false;
  q->hinted = false;
  return true;
}

/* The query with products abstracted first (over the integers): when that
 * has no model, the exact one has none either. When it has one, the exact
 * query is asked at the launch of that model (a race and its witness in
 * two solvers, the common case); only when that is no race is the abstract
 * query asked again with the distributivity lemmas, which prove more
 * arrays race free, and its model's launch tried (unknown there stays
 * unknown); where that is no race, the products the model got wrong are
 * refined (at most REFINE_ROUNDS times: a refined query without a model
 * is a proof) and each new model's launch tried; where that runs out of
 * rounds, the exact query is asked at the last launch's parameters
 * (at_params); then the exact query decides at any launch, and where it
 * runs out, at a small one:
 * bit-blasting its 64-bit products of dimensions and ids runs out of
 * budget where bounds on them find a race at once (0.2 s bounded, unknown
 * after minutes without). Every race is a model of the exact query. An OFFSETS query
 * stops at the abstract model: it only drops a candidate (no model) or
 * keeps it for the race query; it is never asked at a small launch. */
static Z3_lbool ask(drf_run *r, const mc_site *sa, const mc_site *const *sb,
                    unsigned nb, bool grid, query *q) {
  query first = *q;
  Z3_lbool res = ask_once(r, sa, sb, nb, grid, ABSTRACT, NULL, &first);
  bool final = false, rounds_out = false;
  launch_hint tried = {NULL, 0, false};
  if (res == Z3_L_TRUE && q->what == OFFSETS) {
    /* it only keeps a candidate or drops it: kept, the race query decides */
    r->d.abs = NULL;
    r->d.ints = false;
    *q = first;
    return res;
  }
  if (res == Z3_L_TRUE && r->d.ints) {
    Z3_lbool at = at_launch(r, sa, sb, nb, grid, &first, q, &final, NULL, NULL, &tried);
    if (final)
      return at;
    first = *q;
    res = ask_once(r, sa, sb, nb, grid, DISTRIBUTED, NULL, &first);
    mc_z3abs *abs = r->d.ints ? r->d.abs : NULL;
    for (unsigned round = 0; res == Z3_L_TRUE && abs; round++) {
      bool refined = false;
      at = at_launch(r, sa, sb, nb, grid, &first, q, &final,
                     round < REFINE_ROUNDS ? abs : NULL, &refined, &tried);
      if (final || at == Z3_L_UNDEF || !refined) {
        mc_solver_release(r->d.z, &first.s);
        if (final || at == Z3_L_UNDEF)
          return at;
        rounds_out = round == REFINE_ROUNDS;
        break;
      }
      /* minimising may have run out: a fresh solver holds the lemmas */
      if (first.s.spent && !mc_solver_restart(r->d.z, &first.s, r->rlimit))
        break;
      mc_solver_budget(r->d.z, &first.s, r->rlimit);
      res = mc_solver_check(r->d.z, &first.s);
    }
  }
  r->d.abs = NULL;
  r->d.ints = false;
  mc_solver_release(r->d.z, &first.s);
  if (res == Z3_L_FALSE)
    return res;
  if (rounds_out && at_params(r, sa, sb, nb, grid, &tried, q))
    return Z3_L_TRUE;
  query any = *q;
  res = ask_once(r, sa, sb, nb, grid, EXACT, NULL, q);
  /* an OFFSETS query that runs out keeps its candidates: a small launch
   * could only keep them too, and where it has no model it would say
   * nothing of a larger launch (decide_meets would take that as apart) */
  if (res != Z3_L_UNDEF || q->what == OFFSETS)
    return res;
  if (!race_in_copy(r, sa, sb, nb, grid, EXACT_SMALL, NULL, &any))
    return res;
  mc_solver_release(r->d.z, &q->s);
  *q = any;
  return Z3_L_TRUE;
}

/* ---- Candidates ------------------------------------------------------------ */

static footprint footprint_of(const mc_access *x) {
  return (footprint){x->offset, x->index, x->size, x->elem_size, x->array};
}

static bool same_footprint(const footprint *a, const footprint *b) {
  return a->offset == b->offset && a->index == b->index && a->size == b->size &&
         a->elem_size == b->elem_size && a->array == b->array;
}

/* May thread 1 at sa and a distinct thread 2 at sb (of one block, or of
 * two blocks at grid scope) touch one byte, whether or not the accesses
 * run, in any iterations and barrier intervals? 1 or 0 where numbers
 * decide (`if (t == 0) s[0] = v`) or an OFFSETS query was asked for the
 * pair of footprints (expressions are hash-consed); -1 not known yet. */
static int met_before(const drf_run *r, const mc_site *sa, const mc_site *sb, bool grid) {
  footprint x = footprint_of(sa->node->access), y = footprint_of(sb->node->access);
  int64_t ox, oy, nx, ny;
  if (x.array == y.array && mc_expr_is_const(x.offset, &ox) && mc_expr_is_const(y.offset, &oy) &&
      mc_expr_is_const(x.size, &nx) && mc_expr_is_const(y.size, &ny) && nx > 0 && ny > 0)
    /* the distance from the lower start, exact in 64 unsigned bits */
    return ox <= oy ? (uint64_t)oy - (uint64_t)ox < (uint64_t)nx
                    : (uint64_t)ox - (uint64_t)oy < (uint64_t)ny;
  for (unsigned i = 0; i < r->nmet; i++)
    if (r->met[i].grid == grid && same_footprint(&r->met[i].x, &x) &&
        same_footprint(&r->met[i].y, &y))
      return r->met[i].meet;
  return -1;
}

static bool remember_meet(drf_run *r, const mc_site *sa, const mc_site *sb, bool grid,
                          bool meet) {
  if (r->nmet == r->cap_met) {
    unsigned cap = r->cap_met ? 2 * r->cap_met : 64;
    meeting *m = mc_alloc(r->d.a, cap * sizeof *m);
    if (!m)
      return false;
    if (r->nmet)
      memcpy(m, r->met, r->nmet * sizeof *m);
    r->met = m;
    r->cap_met = cap;
  }
  r->met[r->nmet++] = (meeting){footprint_of(sa->node->access),
                                footprint_of(sb->node->access), grid, meet};
  return true;
}

/* Decides met_before for thread 1 at sa and each of sb[0..nb) (distinct
 * footprints, none known): one OFFSETS query with all of them, with a
 * share of the budget; each model meets some, which are remembered as
 * meeting and ruled out, until no model is left: the rest never meet (one
 * query per pair made 50 accesses at distinct offsets cost 1,200
 * queries). Where that query runs out of its share with several left,
 * each of them is asked alone, as small as before (3-D linear ids with
 * symbolic dimensions); what one alone leaves undecided may meet. False
 * when out of memory or of the kernel's budget. */
static bool decide_meets(drf_run *r, const mc_site *sa, const mc_site **sb, unsigned nb,
                         bool grid) {
  Z3_context z = r->d.z;
  query q = {.what = OFFSETS};
  Z3_lbool res = ask(r, sa, sb, nb, grid, &q);
  bool *open = mc_alloc(r->d.a, nb * sizeof *open), ok = open != NULL;
  for (unsigned j = 0; j < nb && ok; j++)
    open[j] = true;
  unsigned left = nb;
  while (ok && left) {
    ok = mc_spend(r->d.a, res == Z3_L_UNDEF ? r->rlimit / MEET_SHARE / 100 : QUERY_STEPS,
                  "races");
    if (!ok || res != Z3_L_TRUE)
      break;
    Z3_model m = Z3_solver_get_model(z, q.s.s);
    if (m)
      Z3_model_inc_ref(z, m);
    unsigned before = left;
    for (unsigned j = 0; j < nb && m; j++) {
      Z3_ast v = NULL;
      if (open[j] && Z3_model_eval(z, m, q.conds[j], true, &v) && v &&
          Z3_get_bool_value(z, v) == Z3_L_TRUE) {
        open[j] = false;
        left--;
        ok = ok && remember_meet(r, sa, sb[j], grid, true);
        Z3_solver_assert(z, q.s.s, Z3_mk_not(z, q.conds[j]));
      }
    }
    if (m)
      Z3_model_dec_ref(z, m);
    mc_z3_take_error();
    if (left == before) { /* a model that names none: all may meet */
      res = Z3_L_UNDEF;
      break;
    }
    if (left)
      res = mc_solver_check(z, &q.s);
  }
  mc_solver_release(z, &q.s);
  mc_z3_take_error();
  for (unsigned j = 0; j < nb && ok; j++)
    if (open[j])
      ok = res == Z3_L_UNDEF && left > 1 ? decide_meets(r, sa, &sb[j], 1, grid)
                                         : remember_meet(r, sa, sb[j], grid, res != Z3_L_FALSE);
  return ok;
}

/* Keeps in cand[0..*nb) the candidates that thread 1 at sa may meet.
 * False when out of memory or of the kernel's budget. */
static bool drop_apart(drf_run *r, const mc_site *sa, const mc_site **cand, unsigned *nb,
                       bool grid) {
  const mc_site **ask_for = mc_alloc(r->d.a, *nb * sizeof *ask_for);
  if (!ask_for)
    return false;
  unsigned n = 0;
  for (unsigned j = 0; j < *nb; j++) {
    if (met_before(r, sa, cand[j], grid) >= 0)
      continue;
    footprint y = footprint_of(cand[j]->node->access);
    bool dup = false;
    for (unsigned i = 0; i < n && !dup; i++) {
      footprint o = footprint_of(ask_for[i]->node->access);
      dup = same_footprint(&o, &y);
    }
    if (!dup)
      ask_for[n++] = cand[j];
  }
  if (n && !decide_meets(r, sa, ask_for, n, grid))
    return false;
  unsigned kept = 0;
  for (unsigned j = 0; j < *nb; j++)
    if (met_before(r, sa, cand[j], grid))
      cand[kept++] = cand[j];
  *nb = kept;
  return true;
}

/* The plain write at a read's place that answers for it: the same bytes,
 * the same guard in the same loops and only accesses between them (no
 * barrier): thread 1 at the read meets thread 2 exactly where it would
 * at the write, and every pair with the write is asked (in the write's
 * query or in the other access's), so a race of the read's is one of the
 * write's. `a[i] += v` is one query, not two. NULL: none. */
static const mc_site *answered_by(const drf_run *r, const mc_site *sa) {
  const mc_pnode *n = sa->node;
  const mc_access *x = n->access;
  if (x->kind != MC_ACCESS_READ)
    return NULL;
  footprint fx = footprint_of(x);
  for (int step = -1; step <= 1; step += 2)
    for (long k = (long)sa->index + step; k >= 0 && k < (long)sa->nsiblings; k += step) {
      const mc_pnode *m = &sa->siblings[k];
      if (m->kind != MC_PN_ACCESS)
        break;
      const mc_access *w = m->access;
      footprint fw = footprint_of(w);
      if (w->kind == MC_ACCESS_WRITE && w->base == MC_BASE_ARRAY && same_footprint(&fx, &fw) &&
          w->when == x->when && m->guard == n->guard && m->guard_approx == n->guard_approx &&
          m->approx == n->approx)
        return mc_drf_site(&r->d, m);
    }
  return NULL;
}

/* Each access's interval numbers, from a walk of its own (thread 1's; the
 * numbers are the same for thread 2). Where not known, any. */
static void interval_ids(drf_run *r) {
  mc_drf_ctx *d = &r->d;
  r->ids = mc_alloc(d->a, d->nsites * sizeof *r->ids);
  if (!r->ids)
    return;
  memset(r->ids, 0, d->nsites * sizeof *r->ids);
  d->shared_envs = mc_alloc(d->a, d->nsites * sizeof *d->shared_envs);
  if (!d->shared_envs || !mc_drf_query_begin(d, false)) {
    d->shared_envs = NULL;
    return;
  }
  memset(d->shared_envs, 0, d->nsites * sizeof *d->shared_envs);
  for (unsigned i = 0; i < r->nacc; i++) {
    mc_env *e = mc_drf_env_at(d, 0, r->acc[i]);
    mc_phase ph;
    if (e && mc_drf_phase(d, e, r->acc[i], false, &ph))
      r->ids[r->acc[i] - d->sites] = ph.ids;
  }
  d->shared_envs = NULL;
  mc_z3_take_error();
}

/* May sa and sb run in one barrier interval? No when no barrier can open
 * both their intervals (separated by barriers every thread passes). */
static bool may_share_interval(const drf_run *r, const mc_site *sa, const mc_site *sb) {
  const mc_drf_ctx *d = &r->d;
  mc_phase a = {.ids = r->ids ? r->ids[sa - d->sites] : NULL};
  mc_phase b = {.ids = r->ids ? r->ids[sb - d->sites] : NULL};
  return mc_drf_phase_may_meet(d, &a, &b);
}

/* After sat: the candidate the model picks, fixed in the solver (so that
 * minimising keeps it); its environment and offset become thread 2's. */
static int pick(Z3_context z, query *q) {
  Z3_model m = Z3_solver_get_model(z, q->s.s);
  if (!m)
    return -1;
  Z3_model_inc_ref(z, m);
  int chosen = -1;
  for (unsigned j = 0; j < q->nb && chosen < 0; j++) {
    Z3_ast v = NULL;
    if (Z3_model_eval(z, m, q->conds[j], true, &v) && v &&
        Z3_get_bool_value(z, v) == Z3_L_TRUE)
      chosen = (int)j;
  }
  Z3_model_dec_ref(z, m);
  if (chosen >= 0) {
    q->env[1] = q->envs[chosen];
    q->off[1] = q->offs[chosen];
  }
  if (chosen >= 0 && q->nb > 1) { /* one candidate: the model has it */
    Z3_solver_assert(z, q->s.s, q->conds[chosen]);
    if (mc_solver_check(z, &q->s) != Z3_L_TRUE)
      chosen = -1;
  }
  mc_z3_take_error();
  return chosen;
}

/* ---- Witnesses -------------------------------------------------------------- */

static void add_term(min_list *l, Z3_ast t, bool is_signed, unsigned width,
                     uint64_t floor) {
  if (l->n == l->cap) {
    unsigned cap = l->cap ? 2 * l->cap : 32;
    min_term *m = mc_alloc(l->a, cap * sizeof *m);
    if (!m)
      return;
    if (l->n)
      memcpy(m, l->terms, l->n * sizeof *m);
    l->terms = m;
    l->cap = cap;
  }
  l->terms[l->n++] = (min_term){t, is_signed, width, floor};
}

static void add_var(void *data, const mc_atom *a, Z3_ast v) {
  add_term(data, v, a->is_signed, a->width, 0);
}

/* The launch of the query being built, in this order (launch_hint): its
 * LAUNCH_DIMS dimensions, the parameters it met that the facts do not fix,
 * and both threads' block and thread ids (LAUNCH_IDS). */
static void launch_terms(mc_drf_ctx *d, min_list *l) {
  const mc_sym_facts *f = mc_sym_facts_of(d->p->accesses->sym);
  l->ints = d->ints;
  for (unsigned i = 0; i < 3; i++)
    add_term(l, d->bdim[i], false, 32, (uint64_t)f->bdim[i].lo);
  for (unsigned i = 0; i < 3; i++)
    add_term(l, d->gdim[i], false, 32, (uint64_t)f->gdim[i].lo);
  for (unsigned i = 0; i < d->nparam_vars; i++)
    if (d->param_stamp[i] == d->query && !Z3_is_numeral_ast(d->z, d->param_vars[i]))
      add_term(l, d->param_vars[i], d->param_atoms[i]->is_signed,
               d->param_atoms[i]->width, 0);
  for (int t = 0; t < 2; t++)
    for (unsigned i = 0; i < 3; i++) {
      add_term(l, d->bid[t][i], false, 32, 0);
      add_term(l, d->tid[t][i], false, 32, 0);
    }
}

static Z3_ast constant(Z3_context z, const min_list *l, const min_term *m, int64_t v) {
  return l->ints ? Z3_mk_int64(z, v, Z3_mk_int_sort(z)) : mc_z3_bv_const(z, m->width, (uint64_t)v);
}

/* |t| <= bound, reading t signed or unsigned. */
static Z3_ast at_most(Z3_context z, const min_list *l, const min_term *m, uint64_t bound) {
  Z3_ast b = constant(z, l, m, (int64_t)bound);
  if (l->ints)
    return mc_z3_and2(z, Z3_mk_le(z, m->t, b),
                      Z3_mk_ge(z, m->t, constant(z, l, m, -(int64_t)bound)));
  if (!m->is_signed)
    return Z3_mk_bvule(z, m->t, b);
  Z3_ast nb = mc_z3_bv_const(z, m->width, (uint64_t)-(int64_t)bound);
  return mc_z3_and2(z, Z3_mk_bvsle(z, m->t, b), Z3_mk_bvsge(z, m->t, nb));
}

/* t >= 0, reading t signed. */
static Z3_ast not_negative(Z3_context z, const min_list *l, const min_term *m) {
  Z3_ast zero = constant(z, l, m, 0);
  return l->ints ? Z3_mk_ge(z, m->t, zero) : Z3_mk_bvsge(z, m->t, zero);
}

/* The model's value of t, read as its term says. */
static bool value_of(Z3_context z, Z3_model m, const min_list *l, const min_term *t,
                     int64_t *v) {
  if (l->ints)
    return mc_z3_eval_int(z, m, t->t, v);
  uint64_t bits;
  if (!mc_z3_eval(z, m, t->t, &bits))
    return false;
  *v = t->is_signed ? mc_bits_signed(bits, t->width) : (int64_t)bits;
  return true;
}

static uint64_t magnitude(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

static bool better_model(Z3_context z, mc_solver *s, Z3_model *m) {
  if (mc_solver_check(z, s) != Z3_L_TRUE)
    return false;
  Z3_model better = Z3_solver_get_model(z, s->s);
  if (!better)
    return false;
  Z3_model_inc_ref(z, better);
  Z3_model_dec_ref(z, *m);
  *m = better;
  return true;
}

/* Every term at most bound (or its floor). */
static Z3_ast all_at_most(Z3_context z, const min_list *l, uint64_t bound) {
  Z3_ast all = Z3_mk_true(z);
  for (unsigned i = 0; i < l->n; i++) {
    const min_term *t = &l->terms[i];
    all = mc_z3_and2(z, all, at_most(z, l, t, t->floor > bound ? t->floor : bound));
  }
  return all;
}

/* First all terms at most SMALL at once (or their floor), kept when Z3
 * finds a model so; then each term in turn, in the list's order, as small
 * as Z3 finds a model for, then fixed: its floor first (where most values
 * end), then halving; a signed term at 0 or above where it can be. Each
 * check is under 1/MINIMISE_SHARE of rlimit, at most MINIMISE_CHECKS in
 * all. Where every check is answered, the result does not depend on the
 * model Z3 gave first. The solver keeps the constraints; returns the final
 * model (with a reference) or NULL. */
static Z3_model minimise(Z3_context z, mc_solver *s, const min_list *l,
                         uint64_t rlimit, bool scoped) {
  enum { SMALL = 64 };
  Z3_model m = Z3_solver_get_model(z, s->s);
  if (!m)
    return NULL;
  Z3_model_inc_ref(z, m);
  unsigned depth = s->depth;
  if (scoped)
    mc_solver_push(z, s);
  uint64_t share = rlimit / MINIMISE_SHARE;
  mc_solver_budget(z, s, share);
  mc_solver_push(z, s);
  Z3_solver_assert(z, s->s, all_at_most(z, l, SMALL));
  bool stuck = false;
  if (!better_model(z, s, &m)) {
    if (!s->spent) { /* kept when it holds */
      mc_solver_pop(z, s);
    } else {
      /* Z3's first check after a push is of its incremental core, which
       * may run out where its tactics, from scratch, answer at once; a
       * fresh solver that finds no model holds the bound and stops here */
      stuck = scoped || !mc_solver_restart(z, s, share) || !better_model(z, s, &m);
    }
  }
  int budget = MINIMISE_CHECKS;
  for (unsigned i = 0; i < l->n && !s->spent && !stuck; i++) {
    const min_term *t = &l->terms[i];
    int64_t v;
    if (!value_of(z, m, l, t, &v))
      continue;
    /* a signed value is kept at 0 or above where it can be (a size of
     * 1 rather than -1) */
    bool above = !t->is_signed || v >= 0;
    if (!above && budget > 0) {
      budget--;
      mc_solver_push(z, s);
      Z3_solver_assert(z, s->s, not_negative(z, l, t));
      above = better_model(z, s, &m) && value_of(z, m, l, t, &v);
      if (s->spent)
        break;
      mc_solver_pop(z, s);
    }
    uint64_t lo = t->is_signed ? 0 : t->floor, hi = magnitude(v);
    bool first = true;
    while (lo < hi && budget > 0) {
      uint64_t mid = first ? lo : lo + (hi - lo) / 2;
      first = false;
      budget--;
      mc_solver_push(z, s);
      Z3_ast bound = at_most(z, l, t, mid);
      if (above && t->is_signed)
        bound = mc_z3_and2(z, bound, not_negative(z, l, t));
      Z3_solver_assert(z, s->s, bound);
      if (better_model(z, s, &m) && value_of(z, m, l, t, &v))
        hi = magnitude(v);
      else if (s->spent)
        break;
      else
        lo = mid + 1;
      mc_solver_pop(z, s);
    }
    if (!s->spent && value_of(z, m, l, t, &v))
      Z3_solver_assert(z, s->s, Z3_mk_eq(z, t->t, constant(z, l, t, v)));
  }
  while (scoped && s->depth > depth)
    mc_solver_pop(z, s);
  mc_z3_take_error();
  return m;
}

/* The launch of q's model, minimised (in a scope of its own where
 * `scoped`, so that q's solver holds no more than before). Returns the
 * model (with a reference) or NULL. */
static Z3_model take_hint(drf_run *r, query *q, launch_hint *h, bool scoped) {
  Z3_context z = r->d.z;
  const min_list *l = &q->launch;
  h->n = 0;
  h->values = mc_alloc(r->d.a, (l->n + 1) * sizeof *h->values);
  Z3_model m = h->values ? minimise(z, &q->s, l, r->rlimit, scoped) : NULL;
  if (!m)
    return NULL;
  unsigned n = 0;
  while (n < l->n && value_of(z, m, l, &l->terms[n], &h->values[n]))
    n++;
  h->n = n == l->n ? n : 0;
  return m;
}

/* The hint's launch, asserted in the exact query, not in a scope of its
 * own: Z3's first push makes a solver for a logic incremental, which
 * costs more (20-30 ms of an exact query in the example) than asking
 * again without the hint when it fails. False when there is none. */
static bool assert_hint(drf_run *r, query *q, const launch_hint *h) {
  Z3_context z = r->d.z;
  min_list l = {NULL, 0, 0, r->d.a, false};
  launch_terms(&r->d, &l);
  if (!h->n || l.n != h->n)
    return false;
  unsigned from = h->params_only ? LAUNCH_DIMS : 0;
  unsigned to = h->params_only ? l.n - LAUNCH_IDS : l.n;
  for (unsigned i = from; i < to; i++)
    Z3_solver_assert(z, q->s.s, Z3_mk_eq(z, l.terms[i].t, constant(z, &l, &l.terms[i], h->values[i])));
  return true;
}

/* Every term of the launch at most SMALL_LAUNCH (in magnitude). */
static void assert_small(drf_run *r, query *q) {
  min_list l = {NULL, 0, 0, r->d.a, false};
  launch_terms(&r->d, &l);
  for (unsigned i = 0; i < l.n; i++)
    Z3_solver_assert(r->d.z, q->s.s, at_most(r->d.z, &l, &l.terms[i], SMALL_LAUNCH));
}

static unsigned value_u(Z3_context z, Z3_model m, Z3_ast t) {
  uint64_t v = 0;
  mc_z3_eval(z, m, t, &v);
  return (unsigned)v;
}

typedef struct {
  Z3_context z;
  Z3_model m;
  mc_arena *a;
  mc_witness_value *vals;
  unsigned n, cap;
  bool second;
} value_list;

static void add_value(void *data, const mc_atom *a, Z3_ast t) {
  value_list *l = data;
  uint64_t bits;
  if (!mc_z3_eval(l->z, l->m, t, &bits))
    return;
  int64_t v = a->is_signed ? mc_bits_signed(bits, a->width) : (int64_t)bits;
  const char *name = a->name;
  for (unsigned i = 0; i < l->n; i++)
    if (!strcmp(l->vals[i].name, name)) {
      if (l->vals[i].value == v)
        return;
      name = mc_sprintf(l->a, "%s'", a->name); /* the second thread's */
    }
  if (l->n == l->cap) {
    unsigned cap = l->cap ? 2 * l->cap : 8;
    mc_witness_value *m = mc_alloc(l->a, cap * sizeof *m);
    if (!m)
      return;
    if (l->n)
      memcpy(m, l->vals, l->n * sizeof *m);
    l->vals = m;
    l->cap = cap;
  }
  l->vals[l->n++] = (mc_witness_value){name, v};
}

static mc_race_site race_site(const mc_kernel *k, const mc_access *x) {
  return (mc_race_site){x->inst, mc_access_kind_name(x->kind),
                        x->line ? k->file : NULL, x->line, x->column};
}

/* The first loop whose exit iteration ($end) an expression mentions and
 * the queries do not know exactly: they take it as an iteration that runs
 * and whose stay condition fails (intervals.c), the first such only where
 * stay holds for a prefix of the iterations over exact values (monotone,
 * no approximation). */
typedef struct {
  const mc_protocol *p;
  const mc_ploop *loop;
} exit_finder;

static bool find_exit(void *data, const mc_atom *a) {
  exit_finder *f = data;
  const mc_ploop *l = mc_protocol_exit_loop(f->p, a);
  if (l && !(l->monotone && !l->approx))
    f->loop = l;
  return !f->loop;
}

/* Why an access's offset, guard or loops depend on a value after a loop,
 * in words; NULL when none does. */
static const char *after_loop(drf_run *r, const mc_site *site) {
  exit_finder f = {r->d.p, NULL};
  mc_expr_atoms(site->node->access->offset, find_exit, &f);
  for (const mc_site *s = site; s && !f.loop; s = s->loop) {
    mc_expr_atoms(s->node->guard, find_exit, &f);
    const mc_ploop *l = s == site ? NULL : s->node->loop;
    mc_expr_atoms(l ? l->stay : NULL, find_exit, &f);
    for (unsigned i = 0; l && i < l->nvars && !f.loop; i++) {
      mc_expr_atoms(l->vars[i].init, find_exit, &f);
      mc_expr_atoms(l->vars[i].closed, find_exit, &f);
    }
  }
  if (!f.loop)
    return NULL;
  if (!f.loop->line)
    return "the value a loop leaves is taken as that of any iteration that fails its test";
  return mc_sprintf(r->d.a, "the value the loop at line %u leaves is taken as that of any "
                            "iteration that fails its test", f.loop->line);
}

/* What the race depends on that the protocol approximates, in words. */
static const char *approximations(drf_run *r, const mc_site *sa,
                                  const mc_site *sb, const query *q) {
  const char *why[MAX_APPROX];
  unsigned n = 0;
  const mc_site *s[2] = {sa, sb};
  for (int t = 0; t < 2; t++) {
    const char *w[3] = {s[t]->node->approx, s[t]->node->guard_approx, after_loop(r, s[t])};
    for (int i = 0; i < 3; i++) {
      bool seen = !w[i];
      for (unsigned j = 0; j < n && !seen; j++)
        seen = !strcmp(why[j], w[i]);
      if (!seen && n < MAX_APPROX)
        why[n++] = w[i];
    }
    n = mc_drf_env_approx(q->env[t], why, n, MAX_APPROX);
  }
  if (r->d.approx && n < MAX_APPROX)
    why[n++] = r->d.approx;
  if (!n)
    return NULL;
  mc_strbuf b = {0};
  for (unsigned i = 0; i < n; i++) {
    if (i)
      mc_strbuf_append(&b, "; ");
    mc_strbuf_append(&b, why[i]);
  }
  const char *text = mc_strdup(r->d.a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return text;
}

/* The witness of a sat query, into race; sb is thread 2's access. */
static bool witness(drf_run *r, int array, const mc_site *sa, const mc_site *sb,
                    query *q, mc_race *race) {
  mc_drf_ctx *d = &r->d;
  Z3_context z = d->z;
  /* the launch first: the smallest launch that races, then the
   * smallest iterations in it */
  min_list l = {NULL, 0, 0, d->a, false};
  launch_terms(d, &l);
  for (int t = 0; t < 2; t++)
    mc_drf_env_vars(d, q->env[t], add_var, &l);
  /* the distance between two aliased arrays, as small as it can be */
  int other = sb->node->access->array;
  const char *dist_name = mc_arrays_aliased(d->p->kernel, array, other)
                              ? distance_name(r, array, other) : NULL;
  Z3_ast dist = dist_name ? mc_num_var(z, d->ints, dist_name, 64) : NULL;
  /* a hinted model is minimised already, but for the distance */
  min_list hinted = {NULL, 0, 0, d->a, d->ints}, *todo = q->hinted ? &hinted : &l;
  if (dist)
    add_term(todo, dist, true, 64, 0);
  Z3_model m = todo->n ? minimise(z, &q->s, todo, r->rlimit, false) : Z3_solver_get_model(z, q->s.s);
  if (m && !todo->n)
    Z3_model_inc_ref(z, m);
  if (!m)
    return false;
  for (unsigned i = 0; i < 3; i++) {
    race->tid1[i] = value_u(z, m, d->tid[0][i]);
    race->tid2[i] = value_u(z, m, d->tid[1][i]);
    race->block1[i] = value_u(z, m, d->bid[0][i]);
    race->block2[i] = value_u(z, m, d->bid[1][i]);
    race->block_dim[i] = value_u(z, m, d->bdim[i]);
    race->grid_dim[i] = value_u(z, m, d->gdim[i]);
  }
  uint64_t off = 0;
  mc_z3_eval(z, m, q->off[0], &off);
  race->byte_offset = (int64_t)off;
  const mc_access *x = sa->node->access;
  const mc_array *arr = &d->p->kernel->arrays[array];
  int64_t flat = x->elem_size ? (int64_t)off / (int64_t)x->elem_size : (int64_t)off;
  if (arr->ndims > 1 && arr->ndims <= 3 && x->array == array) {
    race->nindex = arr->ndims;
    for (unsigned i = arr->ndims; i-- > 0;) {
      int64_t ext = arr->dims[i] ? (int64_t)arr->dims[i] : 1;
      race->index[i] = i ? flat % ext : flat;
      flat = i ? flat / ext : flat;
    }
  } else {
    race->nindex = 1;
    race->index[0] = flat;
  }
  value_list vals = {z, m, d->a, NULL, 0, 0, false};
  for (int t = 0; t < 2; t++)
    mc_drf_env_vars(d, q->env[t], add_value, &vals);
  race->iterations = vals.vals;
  race->niterations = vals.n;
  value_list params = {z, m, d->a, NULL, 0, 0, false};
  if (dist) {
    mc_atom atom = {.name = dist_name, .width = 64, .is_signed = true};
    add_value(&params, &atom, dist);
  }
  for (unsigned i = 0; i < d->nparam_vars; i++)
    if (d->param_stamp[i] == d->query)
      add_value(&params, d->param_atoms[i], d->param_vars[i]);
  race->params = params.vals;
  race->nparams = params.n;
  Z3_model_dec_ref(z, m);
  return !mc_z3_take_error();
}

/* ---- Arrays ------------------------------------------------------------------ */

static const char *where(mc_arena *a, const mc_access *x) {
  return x->line ? mc_sprintf(a, "line %u", x->line) : "an access";
}

/* One query: thread 1's access, how many of the `all` candidates may meet
 * it (the others never touch its bytes) and the answer. */
static void print_query(drf_run *r, const mc_site *sa, unsigned nb, unsigned all,
                        const mc_site *sb, bool grid, Z3_lbool res) {
  if (!r->print)
    return;
  const mc_access *x = sa->node->access;
  mc_strbuf_printf(r->print, "  query %s %s %u:%u against %u", grid ? "grid" : "block",
                   mc_access_kind_name(x->kind), x->line, x->column, nb);
  if (nb < all)
    mc_strbuf_printf(r->print, " of %u", all);
  mc_strbuf_append(r->print, ": ");
  if (res == Z3_L_TRUE && sb)
    mc_strbuf_printf(r->print, "race with %s %u:%u%s%s\n",
                     mc_access_kind_name(sb->node->access->kind),
                     sb->node->access->line, sb->node->access->column,
                     r->d.approx ? " ~ " : "", r->d.approx ? r->d.approx : "");
  else
    mc_strbuf_append(r->print, res == Z3_L_FALSE ? "none\n" : "unknown\n");
}

static void print_answered(drf_run *r, const mc_site *sa, const mc_site *w, bool grid) {
  if (r->print)
    mc_strbuf_printf(r->print, "  query %s read %u:%u: answered by write %u:%u\n",
                     grid ? "grid" : "block", sa->node->access->line,
                     sa->node->access->column, w->node->access->line,
                     w->node->access->column);
}

/* Does a divergent barrier separate accesses of the array (region)? Then
 * the barrier's line. */
static const mc_ls_barrier *divergent_between(const drf_run *r, int region) {
  const mc_drf_ctx *d = &r->d;
  for (unsigned b = 0; b < d->nsites; b++) {
    const mc_pnode *n = d->sites[b].node;
    if ((n->kind != MC_PN_SYNC && n->kind != MC_PN_SYNCWARP) || !n->barrier ||
        n->barrier->verdict != MC_LS_BARRIER_DIVERGENT)
      continue;
    /* the outermost loop around the barrier, or the barrier itself */
    const mc_site *outer = &d->sites[b];
    while (outer->loop)
      outer = outer->loop;
    unsigned lo = (unsigned)(outer - d->sites), hi = lo + 1;
    while (hi < d->nsites && d->sites[hi].depth > outer->depth)
      hi++;
    bool before = false, after = false, inside = false;
    for (unsigned i = 0; i < r->nacc; i++) {
      const mc_access *x = r->acc[i]->node->access;
      if (x->base == MC_BASE_ARRAY && x->region != region)
        continue;
      unsigned at = (unsigned)(r->acc[i] - d->sites);
      before |= at < lo;
      after |= at >= hi;
      inside |= at >= lo && at < hi && outer != &d->sites[b];
    }
    if ((before && after) || inside)
      return n->barrier;
  }
  return NULL;
}

/* A call of the annotations (mapcost.requires, ...): touches no memory. */
static bool is_annotation(const mc_pnode *n) {
  LLVMValueRef inst = n->opaque ? n->opaque->inst : NULL;
  LLVMValueRef callee = inst && LLVMIsACallInst(inst) ? LLVMGetCalledValue(inst) : NULL;
  size_t len = 0;
  const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  return !strncmp(name, "mapcost.", 8);
}

static int region_of(const drf_run *r, int array) {
  for (unsigned i = 0; i < r->nacc; i++) {
    const mc_access *x = r->acc[i]->node->access;
    if (x->base == MC_BASE_ARRAY && x->array == array)
      return x->region;
  }
  return -1;
}

/* What the queries of one array at some scopes found: its races (at most
 * MAX_RACES_PER_ARRAY, block scope first) and, when one could not be
 * decided, why. */
typedef struct {
  mc_race *races;
  unsigned nraces;
  const char *undecided;
} scope_result;

/* The queries of `array` at the scopes from..to - 1 (0 block, 1 grid).
 * False when out of memory or of the kernel's budget. */
static bool decide_scopes(drf_run *r, int array, const mc_options *o, int from, int to,
                          scope_result *out) {
  mc_drf_ctx *d = &r->d;
  mc_arena *a = d->a;
  const mc_array *arr = &d->p->kernel->arrays[array];
  int region = region_of(r, array);
  mc_race *races = out->races = mc_alloc(a, MAX_RACES_PER_ARRAY * sizeof *races);
  if (!races)
    return false;
  unsigned nraces = 0;
  const char *undecided = NULL;
  const mc_site **cand = mc_alloc(a, (r->nacc + 1) * sizeof *cand);
  if (!cand)
    return false;
  if (!r->ids && region >= 0)
    interval_ids(r);
  for (int grid = from; grid < to && region >= 0; grid++) {
    if (grid && (o->only_intra_group || arr->space != MC_SPACE_GLOBAL))
      break;
    unsigned pairs = 0;
    for (unsigned i = 0; i < r->nacc && nraces < MAX_RACES_PER_ARRAY; i++) {
      const mc_access *x = r->acc[i]->node->access;
      if (x->base != MC_BASE_ARRAY || x->array != array)
        continue;
      const mc_site *w = answered_by(r, r->acc[i]);
      if (w) {
        print_answered(r, r->acc[i], w, grid);
        continue;
      }
      /* thread 2 at any access that may conflict with x */
      unsigned nb = 0;
      for (unsigned j = 0; j < r->nacc; j++) {
        const mc_access *y = r->acc[j]->node->access;
        if (y->base == MC_BASE_ARRAY && y->region == region &&
            !(y->array == array && j < i) && may_conflict(x, y, grid))
          cand[nb++] = r->acc[j];
      }
      if (!nb)
        continue;
      if ((pairs += nb) > MAX_PAIRS) {
        if (!undecided)
          undecided = mc_sprintf(a, "more than %u pairs of accesses to '%s' "
                                    "that may conflict: not analysed",
                                 MAX_PAIRS, arr->name);
        break;
      }
      /* one query with every candidate grows with the loops around each of
       * them: first drop those that a barrier always separates from x, then
       * those that never touch x's bytes whatever runs (the same index in
       * every thread, s[threadIdx.x], against itself) */
      unsigned all = nb, kept = 0;
      for (unsigned j = 0; j < all; j++)
        if (grid || may_share_interval(r, r->acc[i], cand[j]))
          cand[kept++] = cand[j];
      nb = kept;
      /* one candidate: its query is as small */
      if (nb > 1 && !drop_apart(r, r->acc[i], cand, &nb, grid))
        return false;
      if (!nb) {
        print_query(r, r->acc[i], 0, all, NULL, grid, Z3_L_FALSE);
        continue;
      }
      query q = {0};
      Z3_lbool res = ask(r, r->acc[i], cand, nb, grid, &q);
      /* the solver's work, in steps: a query that spent its whole budget
       * costs a hundredth of it, any other QUERY_STEPS */
      if (!mc_spend(a, res == Z3_L_UNDEF ? r->rlimit / 100 : QUERY_STEPS, "races")) {
        mc_solver_release(d->z, &q.s);
        return false;
      }
      int j = res == Z3_L_TRUE ? pick(d->z, &q) : -1;
      if (res == Z3_L_TRUE && j < 0)
        res = Z3_L_UNDEF;
      if (res == Z3_L_UNDEF && !undecided)
        undecided = mc_sprintf(a, "the solver's budget (-mapcost-rlimit) ran "
                                  "out on the access at %s", where(a, x));
      /* a race that needs an interval of the over-approximation only where
       * no real one will do */
      if (res == Z3_L_TRUE && d->any_interval) {
        mc_solver_push(d->z, &q.s);
        Z3_solver_assert(d->z, q.s.s, q.exact_intervals);
        if (mc_solver_check(d->z, &q.s) != Z3_L_TRUE) {
          if (!q.s.spent) {
            mc_solver_pop(d->z, &q.s);
            mc_solver_check(d->z, &q.s);
          }
          d->approx = mc_drf_any_why(d);
        }
      }
      print_query(r, r->acc[i], nb, all, j >= 0 ? cand[j] : NULL, grid, res);
      if (res == Z3_L_TRUE) {
        const mc_access *y = cand[j]->node->access;
        mc_race *race = &races[nraces];
        memset(race, 0, sizeof *race);
        race->write_write = writes(x) && writes(y);
        race->grid = grid;
        race->first = race_site(d->p->kernel, x);
        race->second = race_site(d->p->kernel, y);
        race->approximated = approximations(r, r->acc[i], cand[j], &q);
        race->confirmed = !race->approximated;
        if (witness(r, array, r->acc[i], cand[j], &q, race))
          nraces++;
        else if (!undecided)
          undecided = "the solver could not produce a witness for a race";
        /* the interpreter gives aliased parameters memory of their own: it
         * cannot replay a race between two of them */
        if (race->confirmed && nraces && !r->print &&
            !mc_arrays_aliased(d->p->kernel, x->array, y->array)) {
          bool ran = false;
          bool seen = mc_drf_replay(a, d->p->ls, o, array, race, &ran);
          if (ran && !seen) {
            race->confirmed = false;
            race->approximated = "the interpreter did not observe it when "
                                 "replaying the witness";
          }
        }
      }
      mc_solver_release(d->z, &q.s);
      mc_z3_take_error();
    }
  }
  out->nraces = nraces;
  out->undecided = undecided;
  return true;
}

/* Why an array without races is not race free whatever its queries
 * found: a write to any array, an instruction that may touch any memory,
 * a divergent barrier between its accesses. NULL: none. */
static const char *not_provable(drf_run *r, int array) {
  mc_drf_ctx *d = &r->d;
  mc_arena *a = d->a;
  for (unsigned i = 0; i < r->nacc; i++) {
    const mc_pnode *n = r->acc[i]->node;
    if (n->access->base == MC_BASE_UNKNOWN && writes(n->access))
      return mc_sprintf(a, "the access at %s may write any array (%s)",
                        where(a, n->access), n->access->base_reason);
  }
  for (unsigned i = 0; i < d->nsites; i++) {
    const mc_pnode *n = d->sites[i].node;
    if (n->kind == MC_PN_OPAQUE && !is_annotation(n))
      return mc_sprintf(a, "%s may touch any memory",
                        n->approx ? n->approx : "an unsupported instruction");
  }
  const mc_ls_barrier *div = divergent_between(r, region_of(r, array));
  return div ? mc_sprintf(a, "%s at line %u is divergent and separates accesses to '%s'",
                          div->name, div->line, d->p->kernel->arrays[array].name)
             : NULL;
}

/* The array's verdict from what its scopes found (block scope's first). */
static void array_verdict(const scope_result *s, unsigned n, const char *unprovable,
                          mc_arena *a, mc_array_result *out) {
  unsigned nraces = 0;
  const char *undecided = NULL;
  for (unsigned i = 0; i < n; i++) {
    nraces += s[i].nraces;
    undecided = undecided ? undecided : s[i].undecided;
  }
  nraces = nraces < MAX_RACES_PER_ARRAY ? nraces : MAX_RACES_PER_ARRAY;
  mc_race *races = n == 1 ? s[0].races : nraces ? mc_alloc(a, nraces * sizeof *races) : NULL;
  if (n > 1 && !races)
    nraces = 0;
  for (unsigned i = 0, k = 0; n > 1 && i < n; i++)
    for (unsigned j = 0; j < s[i].nraces && k < nraces; j++)
      races[k++] = s[i].races[j];
  out->races = races;
  out->nraces = nraces;
  out->reason = NULL;
  if (nraces) {
    out->verdict = MC_VERDICT_RACE;
    return;
  }
  out->reason = undecided ? undecided : unprovable;
  out->verdict = out->reason ? MC_VERDICT_INCONCLUSIVE : MC_VERDICT_DRF;
}

/* Both scopes of one array, in one context (print<mapcost-drf>). */
static bool decide_array(drf_run *r, int array, const mc_options *o,
                         mc_array_result *out) {
  if (r->print)
    mc_strbuf_printf(r->print, " array %s\n", r->d.p->kernel->arrays[array].name);
  scope_result s = {0};
  if (!decide_scopes(r, array, o, 0, 2, &s))
    return false;
  array_verdict(&s, 1, not_provable(r, array), r->d.a, out);
  return true;
}

static bool run_init(drf_run *r, mc_arena *a, const mc_protocol *p,
                     const mc_options *o, Z3_context z) {
  memset(r, 0, sizeof *r);
  r->rlimit = o->rlimit ? o->rlimit : MC_DRF_DEFAULT_RLIMIT;
  r->log = o->solver_log[0] ? o->solver_log : NULL;
  if (!mc_drf_ctx_init(&r->d, a, p, o, z))
    return false;
  r->acc = mc_alloc(a, (r->d.nsites + 1) * sizeof *r->acc);
  if (!r->acc)
    return false;
  for (unsigned i = 0; i < r->d.nsites; i++)
    if (r->d.sites[i].node->kind == MC_PN_ACCESS)
      r->acc[r->nacc++] = &r->d.sites[i];
  return true;
}

static void add_reason(mc_kernel_result *res, const char *why) {
  for (unsigned i = 0; i < res->nreasons; i++)
    if (!strcmp(res->reasons[i], why))
      return;
  if (res->nreasons < MC_MAX_NOTES)
    res->reasons[res->nreasons++] = why;
}

/* ---- Jobs ------------------------------------------------------------------
 * The queries of a kernel are tasks: one per array whose accesses may
 * conflict, two (block scope, grid scope) where both may. They run as at
 * most JOBS_PER_KERNEL jobs, each with a fresh Z3 context that asks its
 * tasks' queries one after another, in a batch's child process (the pool
 * below, child.c); the arrays none of whose accesses may (quiet: read only)
 * are decided after the last job's tasks. The tasks are shared out by their
 * size alone, so a job's answers, and the verdicts, are the same however
 * many jobs run at once (-mapcost-jobs, the pool below); what the jobs
 * spend is spent from the kernel's budget together. At most two jobs, not
 * one per task: a fresh context costs more than most of a task's queries
 * (it zero-fills Z3's tables: 3 to 60 ms on a 2-core virtual machine), and
 * two keep both processors of such a machine busy on a kernel alone. Two
 * only where the tasks have SPLIT_SIZE pairs of accesses in all: a smaller
 * kernel's queries take less than the second context, and the kernels of a
 * file run at once anyway (the pool). */
enum { JOBS_PER_KERNEL = 2, SPLIT_SIZE = 64 };

typedef struct {
  int array;
  int from, to; /* its scopes, 0 block and 1 grid */
} race_task;

typedef struct {
  const race_task *tasks;
  unsigned ntasks;
  bool quiet_too; /* then every quiet array (below): no queries */
} race_job;

/* What may_conflict reads of an access: its kind, and an atomic's scope. */
enum { NCLASSES = 3 * 5 };
static unsigned conflict_class(const mc_access *x) {
  return x->kind == MC_ACCESS_ATOMIC ? 2 * 5 + (unsigned)x->scope % 5 : (unsigned)x->kind * 5;
}

/* Per array and scope (2 * array + grid): may two threads' accesses to it
 * conflict, as far as their kinds say (a write, atomics of a narrower
 * scope)? may_conflict on one access of each class of the array's and its
 * region's: linear in the accesses. NULL when out of memory. */
static bool *conflict_table(mc_arena *a, const mc_protocol *p, const mc_options *o) {
  const mc_kernel_accesses *l = p->accesses;
  unsigned n = p->kernel->narrays;
  bool *c = mc_alloc(a, (2 * n + 1) * sizeof *c);
  const mc_access **in_region = mc_alloc(a, (n * NCLASSES + 1) * sizeof *in_region);
  const mc_access **of_array = mc_alloc(a, (n * NCLASSES + 1) * sizeof *of_array);
  if (!c || !in_region || !of_array)
    return NULL;
  for (unsigned i = 0; l && i < l->naccesses; i++) {
    const mc_access *x = &l->accesses[i];
    if (x->base != MC_BASE_ARRAY || x->array < 0 || (unsigned)x->array >= n ||
        x->region < 0 || (unsigned)x->region >= n)
      continue;
    in_region[(unsigned)x->region * NCLASSES + conflict_class(x)] = x;
    of_array[(unsigned)x->array * NCLASSES + conflict_class(x)] = x;
  }
  for (unsigned i = 0; i < n; i++)
    for (int grid = 0; grid < 2; grid++) {
      const mc_array *arr = &p->kernel->arrays[i];
      if (grid && (o->only_intra_group || arr->space != MC_SPACE_GLOBAL))
        continue;
      for (unsigned cx = 0; cx < NCLASSES && !c[2 * i + grid]; cx++) {
        const mc_access *x = of_array[i * NCLASSES + cx];
        for (unsigned cy = 0; x && cy < NCLASSES && !c[2 * i + grid]; cy++) {
          const mc_access *y = in_region[(unsigned)x->region * NCLASSES + cy];
          c[2 * i + grid] = y && may_conflict(x, y, grid);
        }
      }
    }
  return c;
}

static bool quiet(const bool *conflicts, int array) {
  return !conflicts[2 * array] && !conflicts[2 * array + 1];
}

typedef struct {
  mc_arena *a;
  const mc_protocol *p;
  const mc_options *o;
  const bool *conflicts; /* conflict_table's */
  race_job job;
} race_job_arg;

/* In the child: whether it ran to the end, why the queries could not be
 * asked (NULL: they were), then per task it decided: the array, its first
 * scope, what its scopes found, and what keeps the array from being race
 * free. */
static void run_race_job(void *arg, mc_strbuf *out) {
  race_job_arg *j = arg;
  const mc_protocol *p = j->p;
  Z3_context z = mc_z3_context_new();
  const char *failed = z ? NULL : "Z3 could not be started";
  drf_run r;
  bool ok = true;
  if (!failed && !run_init(&r, j->a, p, j->o, z)) {
    failed = r.d.depth > MC_DRF_MAX_DEPTH ? "loops nested too deeply" : NULL;
    ok = failed != NULL;
  }
  mc_strbuf arrays = {0};
  unsigned n = 0;
  /* its tasks first, then the quiet arrays: they make terms, but ask nothing */
  unsigned ntasks = j->job.ntasks, narrays = p->kernel->narrays;
  for (unsigned k = 0; ok && !failed && k < ntasks + narrays; k++) {
    race_task t = k < ntasks ? j->job.tasks[k] : (race_task){(int)(k - ntasks), 0, 2};
    if (k >= ntasks && !(j->job.quiet_too && quiet(j->conflicts, t.array)))
      continue;
    scope_result sr = {0};
    ok = decide_scopes(&r, t.array, j->o, t.from, t.to, &sr);
    mc_wire_u64(&arrays, (uint64_t)t.array);
    mc_wire_u64(&arrays, (uint64_t)t.from);
    mc_wire_str(&arrays, sr.undecided);
    mc_wire_races(&arrays, sr.races, sr.nraces);
    mc_wire_str(&arrays, not_provable(&r, t.array));
    n++;
  }
  mc_wire_u64(out, ok);
  mc_wire_str(out, failed);
  mc_wire_u64(out, ok ? n : 0);
  mc_strbuf_appendn(out, arrays.data, ok ? arrays.len : 0);
  out->oom |= arrays.oom;
  mc_strbuf_free(&arrays);
  if (z)
    Z3_del_context(z);
  mc_z3_take_error();
}

/* What the jobs found of each array: its scopes' results (block scope
 * first), what keeps it from being race free, and why it was not analysed
 * (a job that could not run). */
typedef struct {
  scope_result scopes[2];
  unsigned read; /* a bit per scope whose result is in scopes[] */
  const char *unprovable, *failed;
} array_findings;

/* Reads a job's reply into the findings; false when it is malformed. */
static bool read_race_job(mc_arena *a, const mc_strbuf *reply, unsigned narrays,
                          array_findings *f, bool *ok, const char **failed) {
  mc_wire w = {reply->data, reply->data + reply->len, reply->oom};
  *ok = mc_unwire_u64(&w) != 0;
  *failed = mc_unwire_str(&w, a);
  uint64_t n = mc_unwire_u64(&w);
  for (uint64_t k = 0; k < n && !w.bad; k++) {
    uint64_t i = mc_unwire_u64(&w), from = mc_unwire_u64(&w);
    if (i >= narrays || from >= 2 || f[i].read & 1u << from) {
      w.bad = true;
      break;
    }
    f[i].read |= 1u << from;
    scope_result *sr = &f[i].scopes[from];
    sr->undecided = mc_unwire_str(&w, a);
    mc_unwire_races(&w, a, &sr->races, &sr->nraces);
    f[i].unprovable = mc_unwire_str(&w, a);
  }
  return !w.bad;
}

/* The processors this process may run on (at least 1). */
static unsigned processors(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return (unsigned)CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (unsigned)n : 1;
}

/* A task's size, for sharing the tasks out: the pairs of accesses its
 * queries may ask about, those of the array with those of its region (a
 * task has one scope whose accesses may conflict). */
static uint64_t task_size(const mc_protocol *p, race_task t) {
  const mc_kernel_accesses *l = p->accesses;
  uint64_t of_array = 0, in_region = 0;
  int region = -1;
  for (unsigned i = 0; l && i < l->naccesses; i++)
    if (l->accesses[i].base == MC_BASE_ARRAY && l->accesses[i].array == t.array) {
      of_array++;
      region = l->accesses[i].region;
    }
  for (unsigned i = 0; l && region >= 0 && i < l->naccesses; i++)
    in_region += l->accesses[i].base == MC_BASE_ARRAY && l->accesses[i].region == region;
  return of_array * in_region;
}

/* The kernel's jobs (at most JOBS_PER_KERNEL): the tasks, largest first,
 * each to the job with the least so far, in array order within a job; the
 * last job also decides the quiet arrays, in a child of its own only when
 * there is no task. -1 when out of memory. */
static int race_jobs(mc_arena *a, const mc_protocol *p, const bool *conflicts,
                     race_job *jobs) {
  unsigned narrays = p->kernel->narrays, n = 0;
  race_task *t = mc_alloc(a, (2 * narrays + 1) * sizeof *t);
  race_task *by_job = mc_alloc(a, (2 * narrays + 1) * sizeof *by_job);
  uint64_t *size = mc_alloc(a, (2 * narrays + 1) * sizeof *size);
  unsigned *job = mc_alloc(a, (2 * narrays + 1) * sizeof *job);
  if (!t || !by_job || !size || !job)
    return -1;
  bool any_quiet = false;
  for (unsigned i = 0; i < narrays; i++) {
    bool block = conflicts[2 * i], grid = conflicts[2 * i + 1];
    if (block && grid) {
      t[n++] = (race_task){(int)i, 0, 1};
      t[n++] = (race_task){(int)i, 1, 2};
    } else if (block || grid) {
      t[n++] = (race_task){(int)i, 0, 2};
    }
    any_quiet |= !block && !grid;
  }
  uint64_t load[JOBS_PER_KERNEL] = {0}, total = 0;
  for (unsigned k = 0; k < n; k++)
    total += size[k] = task_size(p, t[k]);
  unsigned njobs = n < JOBS_PER_KERNEL ? n : JOBS_PER_KERNEL;
  if (total < SPLIT_SIZE && njobs)
    njobs = 1;
  for (unsigned done = 0; done < n; done++) {
    unsigned big = 0, least = 0; /* the largest task left (the first of equals) */
    while (size[big] == UINT64_MAX)
      big++;
    for (unsigned k = big + 1; k < n; k++)
      if (size[k] != UINT64_MAX && size[k] > size[big])
        big = k;
    for (unsigned g = 1; g < njobs; g++)
      if (load[g] < load[least])
        least = g;
    load[least] += size[big];
    job[big] = least;
    size[big] = UINT64_MAX;
  }
  unsigned at = 0;
  for (unsigned g = 0; g < njobs; g++) {
    jobs[g] = (race_job){by_job + at, 0, false};
    for (unsigned k = 0; k < n; k++)
      if (job[k] == g)
        by_job[at++] = t[k];
    jobs[g].ntasks = (unsigned)(by_job + at - jobs[g].tasks);
  }
  if (any_quiet && njobs)
    jobs[njobs - 1].quiet_too = true;
  else if (any_quiet)
    jobs[njobs++] = (race_job){NULL, 0, true};
  return (int)njobs;
}

static bool in_job(const race_job *j, int array) {
  for (unsigned k = 0; k < j->ntasks; k++)
    if (j->tasks[k].array == array)
      return true;
  return false;
}

/* ---- The pool: jobs of every kernel, in batches, at most at_once running -
 * A kernel's jobs are made (mc_drf_start) as soon as its protocol is
 * built, and wait in a queue; its verdicts are due at mc_drf_finish. Then
 * (or once QUEUED jobs wait) the queue is dealt out in turn over the free
 * processors, a batch each: a child process that runs its jobs one after
 * another (child.c), each in a fresh Z3 context, so that a file's kernels
 * pay one fork and one fresh heap per batch, not per job (a context in the
 * memory of the one before: 0.7 ms instead of 3-60). The pool finishes the
 * oldest batch to make room for a new one; a job's reply waits, as bytes,
 * until its kernel is finished. A job starts from its kernel's budget as
 * its protocol left it, whatever ran before it in its batch (child.c), so
 * its answers are the same in any batch. */
enum { QUEUED = 16 };

struct mc_drf_kernel {
  mc_arena *a;
  const mc_protocol *p;
  const mc_options *o;
  mc_kernel_result *res;
  race_job *jobs;
  unsigned njobs, ndone;
  race_job_arg *args;
  mc_strbuf *replies;
  mc_child_status *ends;
  array_findings *f;
  const bool *conflicts;    /* conflict_table's */
  bool finished;            /* its replies read (and freed) */
  struct mc_drf_kernel *next; /* the kernel started before it */
};

typedef struct {
  mc_child_batch b;
  mc_drf_kernel **kernels; /* each job's */
} batch;

struct mc_drf_pool {
  mc_arena *a;
  unsigned at_once;
  batch *fifo; /* a ring of at_once: the oldest at `first` */
  unsigned first, n;
  mc_batch_job queue[QUEUED]; /* made, not started */
  mc_drf_kernel *queued[QUEUED];
  unsigned nqueue;
  mc_drf_kernel *last; /* the kernel started last */
};

mc_drf_pool *mc_drf_pool_new(mc_arena *a, const mc_options *o) {
  mc_drf_pool *pool = mc_alloc(a, sizeof *pool);
  if (!pool)
    return NULL;
  pool->a = a;
  /* with a solver log, one job at a time: the file's last query is then
   * the compile's last, the one running if Z3 crashed or hung */
  pool->at_once = o->solver_log[0] ? 1 : o->jobs ? (unsigned)o->jobs : processors();
  pool->fifo = mc_alloc(a, pool->at_once * sizeof *pool->fifo);
  return pool->fifo ? pool : NULL;
}

static void finish_oldest(mc_drf_pool *pool) {
  batch *b = &pool->fifo[pool->first];
  pool->first = (pool->first + 1) % pool->at_once;
  pool->n--;
  mc_drf_batch_finish(&b->b);
  for (unsigned i = 0; i < b->b.n; i++)
    b->kernels[i]->ndone++;
}

/* The queue shared out over the processors free (after the oldest
 * batch's end where none is), in turn: a kernel's two jobs, which its
 * tasks' sizes balance, go to two batches. False when out of memory. */
static bool launch(mc_drf_pool *pool) {
  if (pool->n == pool->at_once)
    finish_oldest(pool);
  unsigned idle = pool->at_once - pool->n;
  unsigned nb = idle < pool->nqueue ? idle : pool->nqueue;
  for (unsigned g = 0; g < nb; g++) {
    unsigned take = (pool->nqueue - g + nb - 1) / nb;
    mc_batch_job *jobs = mc_alloc(pool->a, take * sizeof *jobs);
    mc_drf_kernel **kernels = mc_alloc(pool->a, take * sizeof *kernels);
    if (!jobs || !kernels)
      return false;
    for (unsigned i = g, t = 0; i < pool->nqueue; i += nb, t++) {
      jobs[t] = pool->queue[i];
      kernels[t] = pool->queued[i];
    }
    batch *b = &pool->fifo[(pool->first + pool->n++) % pool->at_once];
    b->kernels = kernels;
    mc_drf_batch_start(&b->b, pool->a, jobs, take);
  }
  pool->nqueue = 0;
  return true;
}

void mc_drf_pool_drain(mc_drf_pool *pool) {
  while (pool && pool->n)
    finish_oldest(pool);
  for (mc_drf_kernel *k = pool ? pool->last : NULL; k; k = k->next)
    for (unsigned j = 0; !k->finished && j < k->njobs; j++)
      mc_strbuf_free(&k->replies[j]);
}

mc_drf_kernel *mc_drf_start(mc_drf_pool *pool, mc_arena *a, const mc_protocol *p,
                            const mc_options *o, mc_kernel_result *res) {
  const mc_kernel *kernel = p->kernel;
  res->checked_block = true;
  res->checked_grid = !o->only_intra_group;
  if (res->nassumptions < MC_MAX_NOTES)
    res->assumptions[res->nassumptions++] = MC_DRF_GRID_ASSUMPTION;
  if (!o->wrap_around && res->nassumptions < MC_MAX_NOTES)
    res->assumptions[res->nassumptions++] = MC_DRF_NO_WRAP_ASSUMPTION;
  const char *aligned = alias_align_text(a, p);
  if (aligned && res->nassumptions < MC_MAX_NOTES)
    res->assumptions[res->nassumptions++] = aligned;
  mc_drf_kernel *k = mc_alloc(a, sizeof *k);
  array_findings *f = mc_alloc(a, (kernel->narrays + 1) * sizeof *f);
  race_job *jobs = mc_alloc(a, (JOBS_PER_KERNEL + 1) * sizeof *jobs);
  if (!k || !f || !jobs)
    return NULL;
  *k = (mc_drf_kernel){.a = a, .p = p, .o = o, .res = res, .jobs = jobs, .f = f,
                       .next = pool->last};
  pool->last = k;
  const char *off = p->failed ? p->failed
                    : o->races ? NULL
                               : "race analysis off (-mapcost-races=0)";
  for (unsigned i = 0; off && i < kernel->narrays; i++)
    f[i].failed = off;
  k->conflicts = off ? NULL : conflict_table(a, p, o);
  if (!off && !k->conflicts)
    return NULL;
  int njobs = off ? 0 : race_jobs(a, p, k->conflicts, jobs);
  if (njobs < 0)
    return NULL;
  unsigned n = (unsigned)njobs;
  k->args = mc_alloc(a, (n + 1) * sizeof *k->args);
  k->replies = mc_alloc(a, (n + 1) * sizeof *k->replies);
  k->ends = mc_alloc(a, (n + 1) * sizeof *k->ends);
  if (!k->args || !k->replies || !k->ends)
    return NULL;
  /* every job starts from the budget as the first found it, whatever
   * ended before it */
  mc_budget *b = mc_arena_budget(a), at_start = b ? *b : (mc_budget){0};
  for (unsigned j = 0; j < n; j++) {
    k->args[j] = (race_job_arg){a, p, o, k->conflicts, jobs[j]};
    if (pool->nqueue == QUEUED && !launch(pool))
      return NULL;
    pool->queued[pool->nqueue] = k;
    pool->queue[pool->nqueue++] =
        (mc_batch_job){run_race_job, &k->args[j], b, at_start, &k->replies[j], &k->ends[j]};
    k->njobs++;
  }
  return k;
}

bool mc_drf_finish(mc_drf_pool *pool, mc_drf_kernel *k) {
  while (k->ndone < k->njobs) {
    if (!pool->nqueue)
      finish_oldest(pool);
    else if (!launch(pool))
      return false;
  }
  k->finished = true;
  const mc_kernel *kernel = k->p->kernel;
  mc_arena *a = k->a;
  array_findings *f = k->f;
  bool ok = true;
  for (unsigned j = 0; j < k->njobs; j++) {
    bool job_ok = true;
    const char *why = NULL;
    if (k->ends[j].end == MC_CHILD_DONE &&
        !read_race_job(a, &k->replies[j], kernel->narrays, f, &job_ok, &why))
      k->ends[j] = (mc_child_status){MC_CHILD_DIED, 0};
    mc_strbuf_free(&k->replies[j]);
    ok &= job_ok;
    if (k->ends[j].end != MC_CHILD_DONE) {
      why = mc_child_reason(a, k->ends[j]);
      ok &= why != NULL;
    }
    for (unsigned i = 0; why && i < kernel->narrays; i++)
      if (in_job(&k->jobs[j], (int)i) || (k->jobs[j].quiet_too && quiet(k->conflicts, (int)i)))
        f[i].failed = f[i].failed ? f[i].failed : why;
  }
  if (!ok)
    return false;
  for (unsigned i = 0; i < kernel->narrays; i++) {
    mc_array_result *ar = &k->res->arrays[i];
    if (f[i].failed)
      *ar = (mc_array_result){MC_VERDICT_INCONCLUSIVE, f[i].failed, NULL, 0};
    else
      array_verdict(f[i].scopes, f[i].read & 2 ? 2 : f[i].read, f[i].unprovable, a, ar);
    if (ar->verdict == MC_VERDICT_INCONCLUSIVE && ar->reason)
      add_reason(k->res, ar->reason);
  }
  return true;
}

/* The printers' jobs: one child for a kernel's queries, in one context. */
typedef struct {
  mc_arena *a;
  const mc_protocol *p;
  const mc_options *o;
} drf_job;

static void print_job(void *arg, mc_strbuf *out) {
  drf_job *j = arg;
  const mc_protocol *p = j->p;
  mc_arena *a = j->a;
  const mc_options *o = j->o;
  Z3_context z = mc_z3_context_new();
  drf_run r;
  if (!z || !run_init(&r, a, p, o, z)) {
    mc_strbuf_append(out, "  not analysed\n");
  } else {
    r.print = out;
    /* an interval's name shares subterms (nested loops): printed with lets,
     * not as a tree that grows exponentially with the loops' depth */
    Z3_set_ast_print_mode(z, Z3_PRINT_SMTLIB2_COMPLIANT);
    /* the barrier interval of each access, for thread 1 */
    if (mc_drf_query_begin(&r.d, false))
      for (unsigned i = 0; i < r.nacc; i++) {
        const mc_access *x = r.acc[i]->node->access;
        mc_env *e = mc_drf_env_at(&r.d, 0, r.acc[i]);
        mc_phase ph;
        if (!e || !mc_drf_phase(&r.d, e, r.acc[i], false, &ph))
          continue;
        Z3_ast id = Z3_simplify(z, ph.id);
        mc_strbuf_printf(out, "  interval %s %u:%u: %s\n",
                         mc_access_kind_name(x->kind), x->line, x->column,
                         Z3_ast_to_string(z, id));
      }
    mc_kernel_result res = {0};
    res.arrays = mc_alloc(a, (p->kernel->narrays + 1) * sizeof *res.arrays);
    for (unsigned i = 0; res.arrays && i < p->kernel->narrays; i++) {
      decide_array(&r, (int)i, o, &res.arrays[i]);
      mc_strbuf_printf(out, "  verdict %s\n", mc_verdict_name(res.arrays[i].verdict));
    }
  }
  if (z)
    Z3_del_context(z);
  mc_z3_take_error();
}

/* The kernel's race jobs and their tasks, one line per job. */
static void print_jobs(mc_arena *a, const mc_protocol *p, const mc_options *o,
                       mc_strbuf *out) {
  const bool *conflicts = conflict_table(a, p, o);
  race_job jobs[JOBS_PER_KERNEL + 1];
  int n = conflicts ? race_jobs(a, p, conflicts, jobs) : -1;
  for (int g = 0; g < n; g++) {
    mc_strbuf_printf(out, "  job %d:", g + 1);
    for (unsigned k = 0; k < jobs[g].ntasks; k++) {
      race_task t = jobs[g].tasks[k];
      bool grid = t.to - t.from == 2 ? !conflicts[2 * t.array] : t.from == 1;
      mc_strbuf_printf(out, "%s %s %s", k ? "," : "", p->kernel->arrays[t.array].name,
                       grid ? "grid" : "block");
    }
    if (jobs[g].quiet_too)
      mc_strbuf_append(out, jobs[g].ntasks ? "; then the arrays without conflicting accesses"
                                           : " the arrays without conflicting accesses");
    mc_strbuf_append(out, "\n");
  }
}

void mc_drf_print(mc_arena *a, const mc_protocol *p, const mc_options *o,
                  mc_strbuf *out) {
  mc_strbuf_printf(out, "drf %s\n", p->kernel->name);
  if (p->failed) {
    mc_strbuf_printf(out, "  not analysed: %s\n", p->failed);
    return;
  }
  print_jobs(a, p, o, out);
  drf_job j = {a, p, o};
  mc_child_status st = mc_drf_in_child_spending(a, print_job, &j, out);
  if (st.end != MC_CHILD_DONE)
    mc_strbuf_printf(out, "  not analysed: %s\n", mc_child_reason(a, st));
}

static void together_job(void *arg, mc_strbuf *out) {
  drf_job *j = arg;
  Z3_context z = mc_z3_context_new();
  drf_run r;
  bool ready = z && run_init(&r, j->a, j->p, j->o, z);
  for (unsigned i = 0; ready && i < r.nacc; i++) {
    const mc_access *x = r.acc[i]->node->access;
    for (unsigned k = i; x->base == MC_BASE_ARRAY && k < r.nacc; k++) {
      const mc_access *y = r.acc[k]->node->access;
      if (y->base != MC_BASE_ARRAY || y->region != x->region || (!writes(x) && !writes(y)))
        continue;
      query q = {.what = INTERVALS};
      Z3_lbool res = ask(&r, r.acc[i], &r.acc[k], 1, false, &q);
      bool exact = !r.d.approx; /* a barrier not counted */
      if (res == Z3_L_TRUE && r.d.any_interval) {
        Z3_solver_assert(z, q.s.s, q.exact_intervals);
        exact = exact && mc_solver_check(z, &q.s) == Z3_L_TRUE;
      }
      mc_solver_release(z, &q.s);
      mc_z3_take_error();
      mc_strbuf_printf(out, "kernel=%s together=%u,%u arrays=%s,%s value=%s exact=%d\n",
                       j->p->kernel->name, mc_inst_ordinal(x->inst), mc_inst_ordinal(y->inst),
                       mc_access_array_name(j->p->kernel, x), mc_access_array_name(j->p->kernel, y),
                       res == Z3_L_TRUE ? "1" : res == Z3_L_FALSE ? "0" : "?", exact);
    }
  }
  if (z)
    Z3_del_context(z);
  mc_z3_take_error();
}

void mc_drf_write_together(mc_arena *a, const mc_protocol *p, const mc_options *o,
                           mc_strbuf *out) {
  if (p->failed)
    return;
  drf_job j = {a, p, o};
  mc_drf_in_child_spending(a, together_job, &j, out);
}

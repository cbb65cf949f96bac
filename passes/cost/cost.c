/* cost.c - stage 6: the relational cost analysis of seed 000 (§4-§6) over
 * a kernel's protocol, one warp at a time.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes=mapcost \
 *       -mapcost-block-dim=256 -pass-remarks-analysis=mapcost -disable-output k.ll
 *
 * Each warp of a block (when the block dimensions are fixed) is walked
 * through the protocol with its lanes' thread ids; each lane binds the
 * variables of the loops around it (a constant when its iterations were
 * simulated, a closed form over the iteration number when the loop is
 * summed). Costs are 64-bit expressions; each access's cost and the
 * kernel's total are the maximum over the warps (see cost.h).
 */
#include "cost_impl.h"

#include "mapcost/drf.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_LANES = 64,
  MAX_SIMULATED_ITERATIONS = 1 << 14, /* per loop and warp */
  MAX_BINDINGS = 64,                  /* loop variables in scope */
};

/* A loop variable's value in each lane (NULL: unknown, the atom stays). */
typedef struct {
  const mc_atom *atom;
  const mc_expr *val[MAX_LANES];
} binding;

/* Per access: the cost summed so far, whether it is exact, why. */
typedef struct {
  const mc_expr **cost;     /* NULL entry: not executed (0) */
  const char **inexact;     /* why the cost is a bound; NULL when exact */
  bool *unbounded;
} cost_vec;

/* A trip count Z3 maximised: each lane of a warp whose block dimensions
 * are not fixed, and every warp, asks for the same expression. */
struct solved {
  const mc_expr *e; /* hash-consed: one node per expression */
  int64_t max;
  bool exact;
  struct solved *next;
};

typedef struct {
  mc_arena *a;
  mc_sym *s;
  const mc_protocol *p;
  mc_cost_model model[2]; /* by mc_metric */
  unsigned ws;
  uint64_t rlimit;        /* Z3's budget per query */
  bool solver_off;        /* a maximisation ran out: Z3 is not asked again */
  struct solved *solved;  /* the maximisations Z3 answered, newest first */
  bool concrete;          /* block dimensions fixed: lanes have thread ids */
  /* the block's linear ids (cost_impl.h), for costs that depend on the
   * block only through one; used: the program says what they are */
  const mc_expr *block[2];
  bool block_used;
  unsigned bdim[3];
  unsigned warp;
  uint32_t tid[MAX_LANES][3];
  binding bind[MAX_BINDINGS];
  unsigned nbind;
  /* per loop (index), each lane's last iteration `$end` where the walk
   * knows it: after the loop, a variable's value is its closed form there */
  binding *exits;
  /* the accesses that have a cost, in program order */
  const mc_pnode **acc;
  unsigned nacc;
  const char **why;       /* per access: the pattern of the first execution */
  uint64_t *worst_const;  /* per access: the costliest execution seen */
  mc_strbuf *prog;        /* this warp's tick program (NULL: not printed) */
  /* per lane, a condition every node of the body being walked runs under
   * besides its guard (that a loop went on in the iteration before: a
   * break), read before the body's bindings; NULL: none */
  const mc_expr **extra;
  unsigned depth;
  bool stop;              /* out of memory or of the step budget */
} walker;

/* ---- Lanes ------------------------------------------------------------ */

typedef struct {
  walker *w;
  unsigned lane;
} lane_ctx;

/* What the launch fixes: block dimensions (when fixed), and parameters and
 * grid dimensions the facts fix (-mapcost-param, -mapcost-grid-dim). */
static const mc_expr *launch_value(const walker *w, const mc_atom *a) {
  const mc_sym_facts *f = mc_sym_facts_of(w->s);
  if (a->kind == MC_ATOM_PARAM && f->params && a->index >= 0 &&
      (unsigned)a->index < f->nparams && f->params[a->index].lo == f->params[a->index].hi)
    return mc_expr_const(w->s, a->width, f->params[a->index].lo);
  if (a->kind == MC_ATOM_GDIM && f->gdim[a->dim].lo == f->gdim[a->dim].hi)
    return mc_expr_const(w->s, a->width, f->gdim[a->dim].lo);
  if (a->kind == MC_ATOM_BDIM && w->concrete)
    return mc_expr_const(w->s, a->width, w->bdim[a->dim]);
  if (a->kind == MC_ATOM_WARPSIZE)
    return mc_expr_const(w->s, a->width, w->ws);
  return NULL;
}

static const mc_expr *launch_subst(void *data, const mc_atom *a) {
  return launch_value(data, a);
}

static const mc_expr *lane_value(void *data, const mc_atom *a) {
  lane_ctx *c = data;
  walker *w = c->w;
  for (unsigned i = w->nbind; i-- > 0;)
    if (w->bind[i].atom == a)
      return w->bind[i].val[c->lane];
  for (unsigned i = 0; i < w->p->nloops; i++)
    if (w->exits[i].atom == a)
      return w->exits[i].val[c->lane];
  const mc_expr *v = launch_value(w, a);
  if (v || !w->concrete)
    return v;
  switch (a->kind) {
  case MC_ATOM_TID:
    return mc_expr_const(w->s, a->width, w->tid[c->lane][a->dim]);
  case MC_ATOM_LANE:
    return mc_expr_const(w->s, a->width, c->lane);
  case MC_ATOM_WARPID:
    return mc_expr_const(w->s, a->width, w->warp);
  default:
    return NULL;
  }
}

/* e as lane `lane` sees it. */
static const mc_expr *in_lane(walker *w, const mc_expr *e, unsigned lane) {
  if (!e)
    return NULL;
  lane_ctx c = {w, lane};
  const mc_expr *r = cost_lane_normal(w->s, mc_expr_subst(w->s, e, lane_value, &c));
  if (!r)
    w->stop = true;
  return r;
}

typedef struct {
  const walker *w;
  bool divergent;
} divergence_ctx;

static bool atom_divergence(void *data, const mc_atom *a) {
  divergence_ctx *d = data;
  const walker *w = d->w;
  switch (a->kind) {
  case MC_ATOM_TID:
  case MC_ATOM_LANE:
    d->divergent = true;
    break;
  case MC_ATOM_LOOP:
  case MC_ATOM_UNKNOWN:
    /* iteration numbers are the warp's; other values as stage 2 says */
    for (unsigned i = 0; i < w->p->nloops; i++)
      if (w->p->loops[i].iter && w->p->loops[i].iter->atom == a)
        return true;
    d->divergent = !a->value || mc_ls_execution_uniformity(w->p->ls, a->value) == MC_DIVERGENT;
    break;
  default:
    break;
  }
  return !d->divergent;
}

/* May e differ between the lanes of a warp (after the lanes' bindings)? */
static bool divergent(const walker *w, const mc_expr *e) {
  divergence_ctx d = {w, false};
  mc_expr_atoms(e, atom_divergence, &d);
  return d.divergent;
}

static unsigned popcount(uint64_t m) { return (unsigned)__builtin_popcountll(m); }

/* ---- Cost vectors ------------------------------------------------------ */

static const mc_expr *c64(walker *w, int64_t v) { return mc_expr_const(w->s, 64, v); }

static bool vec_new(walker *w, cost_vec *v) {
  unsigned n = w->nacc + 1;
  v->cost = mc_alloc(w->a, n * sizeof *v->cost);
  v->inexact = mc_alloc(w->a, n * sizeof *v->inexact);
  v->unbounded = mc_alloc(w->a, n * sizeof *v->unbounded);
  if (!v->cost || !v->inexact || !v->unbounded)
    w->stop = true;
  return !w->stop;
}

enum { MAX_COST_NODES = 4096 };

static void vec_add(walker *w, cost_vec *v, unsigned i, const mc_expr *c,
                    const char *inexact, bool unbounded) {
  /* a formula grown too large is replaced by its range's bound */
  if (c && c->size > MAX_COST_NODES) {
    inexact = "the cost formula grew too large: its range bounds it";
    if (c->range.lo >= 0 && c->range.hi < ((int64_t)1 << 48))
      c = mc_expr_const(w->s, 64, c->range.hi);
    else
      c = NULL, unbounded = true;
  }
  if (c)
    v->cost[i] = v->cost[i] ? mc_expr_add(w->s, v->cost[i], c, 0) : c;
  if (inexact && !v->inexact[i])
    v->inexact[i] = inexact;
  v->unbounded[i] |= unbounded;
  if (c && !v->cost[i])
    w->stop = true;
}

static int access_index(const walker *w, const mc_pnode *n) {
  for (unsigned i = 0; i < w->nacc; i++)
    if (w->acc[i] == n)
      return (int)i;
  return -1;
}

/* ---- The tick program ---------------------------------------------------- */

static void prog_line(walker *w, const char *fmt, const char *arg) {
  if (!w->prog)
    return;
  for (unsigned i = 0; i < w->depth + 1; i++)
    mc_strbuf_append(w->prog, "  ");
  mc_strbuf_printf(w->prog, fmt, arg);
  mc_strbuf_append(w->prog, "\n");
}

static const char *text(walker *w, const mc_expr *e) {
  return e ? mc_expr_text(w->a, e) : "?";
}

static const char *access_label(walker *w, const mc_pnode *n) {
  const mc_access *x = n->access;
  const mc_kernel *k = w->p->kernel;
  const char *array = x->array >= 0 ? k->arrays[x->array].name : "?";
  return mc_sprintf(w->a, "%s %s at %u:%u", mc_access_kind_name(x->kind), array,
                    x->line, x->column);
}

/* ---- Guards: IF-U and IF-D ------------------------------------------------ */

enum { MAX_REGIMES = MAX_LANES + 1, MAX_CONJUNCTS = 16 };

/* Which lanes run a node. Lanes `mask` run it when `common` holds (NULL:
 * always), lanes `off` when it does not. Besides, with n regimes, the lanes
 * run are set[i] when cond[i] holds: ordered, cond[i] implies cond[i - 1]
 * and set[i] grows with i (a threshold on one uniform value, `tid < n`);
 * else at most one cond holds (`tid == n`). With none of them, `mask`. */
typedef struct {
  uint64_t mask, off;
  const mc_expr *common;
  unsigned n;
  bool ordered;
  const mc_expr *cond[MAX_REGIMES];
  uint64_t set[MAX_REGIMES];
  const char *inexact;      /* lanes kept whose guard did not evaluate */
} guard_result;

/* e's operands as an n-ary `op` (AND: its conjuncts, OR: its disjuncts)
 * into out, counted past MAX_CONJUNCTS when there are more. */
static unsigned operands_of(mc_expr_op op, const mc_expr *e, const mc_expr **out, unsigned n) {
  if (e->op == op && e->width == 1) {
    for (unsigned i = 0; i < e->nops && n <= MAX_CONJUNCTS; i++)
      n = operands_of(op, e->ops[i], out, n);
    return n;
  }
  if (n < MAX_CONJUNCTS)
    out[n] = e;
  return n + 1;
}

static unsigned conjuncts(const mc_expr *e, const mc_expr **out, unsigned n) {
  return operands_of(MC_EXPR_AND, e, out, n);
}

/* Does lane a's threshold hold more often than b's (a larger constant,
 * rhs - lhs > 0 or >= 0): 1; less often: -1; as often: 0. */
static int weaker(const cost_threshold *a, const cost_threshold *b) {
  return a->d.c0 > b->d.c0 ? 1 : a->d.c0 < b->d.c0 ? -1 : 0;
}

/* The lanes' conditions t[0..m) (uniform, distinct; t[i].lanes each) as
 * one threshold on a uniform value: comparisons of one kind whose sides
 * differ by constants between lanes. With t2, each lane's condition is
 * t[i] && t2[i], two such thresholds, `<` or `<=`, that order the lanes
 * alike (`Q + l < n && Q + l <= 0`: the lanes below the smaller bound).
 * `base`: the lanes that run anyway. */
static bool split_thresholds(walker *w, cost_threshold *t, cost_threshold *t2, unsigned m,
                             uint64_t base, guard_result *r) {
  mc_cmp p = t[0].cmp->pred;
  if (t2 && (!cost_less_form(p) || !cost_less_form(t2[0].cmp->pred)))
    return false;
  for (unsigned i = 0; i < m; i++)
    if (t[i].cmp->pred != p || !cost_same_uniform_part(&t[0].d, &t[i].d) ||
        (t2 && (t2[i].cmp->pred != t2[0].cmp->pred ||
                !cost_same_uniform_part(&t2[0].d, &t2[i].d))))
      return false;
  /* weakest first (insertion sort: m <= 32); each lane stronger than the
   * one before by one threshold and not weaker by the other */
  for (unsigned i = 1; i < m; i++)
    for (unsigned j = i; j > 0; j--) {
      int c = weaker(&t[j], &t[j - 1]);
      if (c < 0 || (c == 0 && (!t2 || weaker(&t2[j], &t2[j - 1]) <= 0)))
        break;
      cost_threshold x = t[j];
      t[j] = t[j - 1], t[j - 1] = x;
      if (t2)
        x = t2[j], t2[j] = t2[j - 1], t2[j - 1] = x;
    }
  for (unsigned i = 1; i < m; i++) {
    int c = weaker(&t[i - 1], &t[i]), c2 = t2 ? weaker(&t2[i - 1], &t2[i]) : 0;
    if (c2 < 0 || (c == 0 && c2 == 0))
      return false;
  }
  for (unsigned i = 0; t2 && i < m; i++)
    if (!(t[i].cmp = mc_expr_binary(w->s, MC_EXPR_AND, t[i].cmp, t2[i].cmp, 0))) {
      w->stop = true;
      return false;
    }
  r->n = m;
  switch (p) {
  case MC_CMP_ULT: case MC_CMP_SLT: case MC_CMP_ULE: case MC_CMP_SLE:
    /* weakest first: each lane set adds to the previous */
    r->ordered = true;
    for (unsigned i = 0; i < m; i++) {
      r->cond[i] = t[i].cmp;
      base |= t[i].lanes;
      r->set[i] = base;
    }
    return true;
  case MC_CMP_EQ:
    r->ordered = false;
    for (unsigned i = 0; i < m; i++) {
      r->cond[i] = t[i].cmp;
      r->set[i] = base | t[i].lanes;
    }
    return true;
  case MC_CMP_NE: {
    uint64_t all = base;
    for (unsigned i = 0; i < m; i++)
      all |= t[i].lanes;
    r->mask = all;
    r->ordered = false;
    for (unsigned i = 0; i < m; i++) {
      r->cond[i] = mc_expr_cmp(w->s, MC_CMP_EQ, t[i].cmp->ops[0], t[i].cmp->ops[1]);
      r->set[i] = all & ~t[i].lanes;
      if (!r->cond[i])
        w->stop = true;
    }
    return !w->stop;
  }
  default:
    return false;
  }
}

/* The lanes' conditions as (Q + c) % d == v (or !=) for one uniform
 * Q >= 0 and lane constants c (`(gid >> 2) % 3 == 1`): which lanes run
 * depends on Q % d, one regime per residue, exactly one of which holds. */
static bool split_residues(walker *w, const cost_threshold *t, unsigned m, uint64_t base,
                           guard_result *r) {
  const mc_expr *rem0 = NULL;
  int64_t d = 0, v = 0, c[MAX_LANES];
  cost_lin x0;
  for (unsigned i = 0; i < m; i++) {
    const mc_expr *cmp = t[i].cmp;
    if (cmp->pred != t[0].cmp->pred || (cmp->pred != MC_CMP_EQ && cmp->pred != MC_CMP_NE))
      return false;
    int side = mc_expr_is_const(cmp->ops[1], &v) ? 0 : 1;
    const mc_expr *rem = cmp->ops[side];
    int64_t di, vi;
    cost_lin x;
    if (!mc_expr_is_const(cmp->ops[1 - side], &vi) ||
        (rem->op != MC_EXPR_UREM && rem->op != MC_EXPR_SREM) ||
        !mc_expr_is_const(rem->ops[1], &di) || di < 2 || di >= MAX_REGIMES ||
        !cost_linearize(rem->ops[0], &x) || x.cast || x.c0 < 0)
      return false;
    for (unsigned j = 0; j < x.n; j++)
      if (x.t[j].coef < 0 || x.t[j].leaf->range.lo < 0)
        return false; /* (Q + c) not negative: % is the floor's */
    if (!i) {
      rem0 = rem, d = di, v = vi, x0 = x;
    } else if (di != d || vi != v || rem->op != rem0->op || !cost_same_uniform_part(&x0, &x)) {
      return false;
    }
    c[i] = x.c0;
  }
  /* Q = X - c of the first lane; regime rho: Q % d == rho */
  const mc_expr *q = mc_expr_sub(w->s, rem0->ops[0], mc_expr_const(w->s, rem0->width, x0.c0), 0);
  uint64_t set[MAX_REGIMES] = {0};
  if (d < 2)
    return false;
  for (int64_t rho = 0; rho < d; rho++) {
    set[rho] = base;
    for (unsigned i = 0; i < m; i++)
      if ((((rho + c[i]) % d) == v) == (t[0].cmp->pred == MC_CMP_EQ))
        set[rho] |= t[i].lanes;
  }
  r->ordered = false;
  r->mask = set[d - 1];
  r->n = (unsigned)d - 1;
  for (int64_t rho = 0; rho < d - 1; rho++) {
    r->cond[rho] = mc_expr_cmp(w->s, MC_CMP_EQ,
                               mc_expr_binary(w->s, rem0->op, q,
                                              mc_expr_const(w->s, rem0->width, d), 0),
                               mc_expr_const(w->s, rem0->width, rho));
    r->set[rho] = set[rho];
    if (!r->cond[rho])
      w->stop = true;
  }
  return !w->stop;
}

/* The conjuncts of !e (e a disjunction, or the negation of a conjunction),
 * counted past MAX_CONJUNCTS when there are more; 0 when out of memory. */
static unsigned negated_conjuncts(walker *w, const mc_expr *e, const mc_expr **out) {
  int64_t one;
  if (e->op == MC_EXPR_XOR && e->width == 1 && e->nops == 2 &&
      mc_expr_is_const(e->ops[1], &one) && one)
    return conjuncts(e->ops[0], out, 0);
  const mc_expr *d[MAX_CONJUNCTS];
  unsigned n = operands_of(MC_EXPR_OR, e, d, 0);
  for (unsigned i = 0; i < n && i < MAX_CONJUNCTS; i++)
    if (!(out[i] = mc_expr_not(w->s, d[i])))
      return 0;
  return n;
}

/* The conjuncts of a loop's stay condition, negations pushed through a
 * disjunction and a conjunct's own test absorbed: clang's `!((i < n &&
 * i > 2) || n <= i)` for `i < n` and a break at `i > 2` is `i < n` and
 * `!(i > 2)`. The count (past MAX_CONJUNCTS when more); 0 when out of
 * memory. */
static unsigned stay_conjuncts(walker *w, const mc_expr *stay, const mc_expr **out) {
  int64_t one;
  bool negated = stay->op == MC_EXPR_XOR && stay->width == 1 && stay->nops == 2 &&
                 mc_expr_is_const(stay->ops[1], &one) && one;
  unsigned n = negated && stay->ops[0]->op == MC_EXPR_OR ? negated_conjuncts(w, stay->ops[0], out)
                                                         : conjuncts(stay, out, 0);
  for (unsigned i = 0; i < n && i < MAX_CONJUNCTS; i++) {
    /* !(p && q) beside p is !q */
    const mc_expr *x = out[i], *p[MAX_CONJUNCTS], *rest = NULL;
    if (x->op != MC_EXPR_XOR || x->width != 1 || x->nops != 2 ||
        !mc_expr_is_const(x->ops[1], &one) || !one)
      continue;
    unsigned np = conjuncts(x->ops[0], p, 0);
    if (np < 2 || np > MAX_CONJUNCTS)
      continue;
    for (unsigned j = 0; j < np; j++) {
      bool beside = false;
      for (unsigned k = 0; k < n && k < MAX_CONJUNCTS && !beside; k++)
        beside = k != i && out[k] == p[j];
      if (!beside)
        rest = rest ? mc_expr_binary(w->s, MC_EXPR_AND, rest, p[j], 0) : p[j];
    }
    if (rest && !(out[i] = mc_expr_not(w->s, rest)))
      return 0;
    /* !(a || b) left: !a and !b */
    const mc_expr *d[MAX_CONJUNCTS];
    unsigned nd = rest && rest->op == MC_EXPR_OR ? negated_conjuncts(w, rest, d) : 0;
    if (nd > 1 && n + nd - 1 <= MAX_CONJUNCTS) {
      out[i] = d[0];
      for (unsigned j = 1; j < nd; j++)
        out[n++] = d[j];
    }
  }
  return n;
}

/* The lanes' conditions cond[0..m) (uniform; lanes[i] each) as `A | t`
 * with A the same in every lane and t one threshold per lane (`flag != 0
 * || gid >= n`, or its negation `!(flag == 0 && gid < n)`): every lane
 * runs when A holds, else those the threshold lets. `always`: the lanes
 * that run anyway. */
static bool split_disjunction(walker *w, const mc_expr *const *cond, const uint64_t *lanes,
                              unsigned m, uint64_t always, guard_result *r) {
  /* !cond = !A & !t: the conjuncts every lane's negation has are !A */
  const mc_expr *first[MAX_CONJUNCTS], *not_a = NULL;
  unsigned nfirst = negated_conjuncts(w, cond[0], first);
  if (nfirst < 2 || nfirst > MAX_CONJUNCTS)
    return false;
  cost_threshold t[MAX_LANES];
  uint64_t all = always;
  for (unsigned i = 0; i < m; i++) {
    const mc_expr *x[MAX_CONJUNCTS], *rest = NULL;
    unsigned nx = negated_conjuncts(w, cond[i], x), shared = 0;
    if (!nx || nx > MAX_CONJUNCTS)
      return false;
    for (unsigned j = 0; j < nx; j++) {
      bool everywhere = true;
      for (unsigned k = 0; k < m && everywhere; k++) {
        const mc_expr *y[MAX_CONJUNCTS];
        unsigned ny = k == i ? 0 : negated_conjuncts(w, cond[k], y);
        everywhere = k == i;
        for (unsigned c = 0; c < ny && c < MAX_CONJUNCTS && !everywhere; c++)
          everywhere = y[c] == x[j];
      }
      if (everywhere) {
        shared++;
        if (!i)
          not_a = not_a ? mc_expr_binary(w->s, MC_EXPR_AND, not_a, x[j], 0) : x[j];
      } else if (rest) {
        return false; /* one threshold per lane besides the shared part */
      } else {
        rest = x[j];
      }
    }
    const mc_expr *ti = rest ? mc_expr_not(w->s, rest) : NULL;
    if (!shared || (i && shared != nfirst - 1) || (!i && shared != nx - 1) || !ti ||
        !cost_read_threshold(ti, &t[i]))
      return false;
    t[i].lanes = lanes[i];
    all |= lanes[i];
  }
  guard_result q = {.mask = always, .off = all, .common = not_a};
  if (!not_a || !split_thresholds(w, t, NULL, m, always, &q))
    return false;
  *r = q;
  return !w->stop;
}

/* The lane's comparisons c[0..n) as thresholds, less those another
 * implies (`tid < k` beside `gid < k`): how many are left (at most two,
 * in out[0..]), 0 when not thresholds or more are left. */
static unsigned lane_thresholds(const mc_expr *const *c, unsigned n, cost_threshold *out) {
  cost_threshold t[MAX_CONJUNCTS];
  bool implied[MAX_CONJUNCTS] = {false};
  for (unsigned i = 0; i < n; i++)
    if (!cost_read_threshold(c[i], &t[i]))
      return 0;
  unsigned left = 0;
  for (unsigned i = 0; i < n; i++) {
    /* implied by one not itself dropped (of two equivalent, the first kept) */
    for (unsigned j = 0; j < n && !implied[i]; j++)
      implied[i] = j != i && !implied[j] && cost_threshold_implies(&t[j], &t[i]);
    if (!implied[i] && left == 2)
      return 0;
    if (!implied[i])
      out[left++] = t[i];
  }
  return left;
}

static guard_result apply_guard(walker *w, const mc_expr *g, uint64_t mask) {
  guard_result r = {.mask = mask};
  int64_t v;
  if (!w->extra && (!g || (mc_expr_is_const(g, &v) && v)))
    return r;
  const mc_expr *cond[MAX_LANES];
  uint64_t lanes[MAX_LANES];
  unsigned m = 0;
  uint64_t always = 0, symbolic = 0;
  bool uniform = true;
  for (unsigned l = 0; l < MAX_LANES; l++) {
    if (!(mask >> l & 1))
      continue;
    const mc_expr *gl = g ? in_lane(w, g, l) : mc_expr_const(w->s, 1, 1);
    if (gl && w->extra)
      gl = w->extra[l] ? mc_expr_binary(w->s, MC_EXPR_AND, gl, w->extra[l], 0) : NULL;
    if (!gl) {
      r.mask = 0;
      return r;
    }
    if (mc_expr_is_const(gl, &v)) {
      if (v)
        always |= (uint64_t)1 << l;
      continue;
    }
    symbolic |= (uint64_t)1 << l;
    unsigned i = 0;
    while (i < m && cond[i] != gl)
      i++;
    if (i == m) {
      cond[m] = gl;
      lanes[m++] = 0;
      uniform &= !divergent(w, gl);
    }
    lanes[i] |= (uint64_t)1 << l;
  }
  r.mask = always;
  if (!symbolic)
    return r;
  /* the conjuncts every lane's condition has are uniform: IF-U */
  const mc_expr *first[MAX_CONJUNCTS], *common[MAX_CONJUNCTS];
  unsigned nfirst = uniform ? conjuncts(cond[0], first, 0) : MAX_CONJUNCTS + 1, ncommon = 0;
  for (unsigned c = 0; c < nfirst && nfirst <= MAX_CONJUNCTS; c++) {
    bool all = true;
    for (unsigned i = 1; i < m && all; i++) {
      const mc_expr *x[MAX_CONJUNCTS];
      unsigned nx = conjuncts(cond[i], x, 0);
      all = false;
      for (unsigned j = 0; j < nx && j < MAX_CONJUNCTS && !all; j++)
        all = x[j] == first[c];
    }
    if (all)
      common[ncommon++] = first[c];
  }
  bool split = uniform && nfirst <= MAX_CONJUNCTS;
  cost_threshold t[MAX_LANES], t2[MAX_LANES];
  unsigned nt = 0;
  bool pairs = false;
  uint64_t with_common = always;
  for (unsigned i = 0; i < m && split; i++) {
    const mc_expr *x[MAX_CONJUNCTS], *rest[MAX_CONJUNCTS];
    unsigned nx = conjuncts(cond[i], x, 0), nrest = 0;
    split = nx <= MAX_CONJUNCTS;
    for (unsigned j = 0; j < nx && split; j++) {
      bool shared = false;
      for (unsigned c = 0; c < ncommon && !shared; c++)
        shared = x[j] == common[c];
      if (!shared)
        rest[nrest++] = x[j];
    }
    /* one comparison per lane besides the common ones, one that implies
     * the others (`tid < k && gid < k`), or two in every lane */
    cost_threshold two[2];
    unsigned left = split && nrest ? lane_thresholds(rest, nrest, two) : 0;
    if (split && !nrest) {
      with_common |= lanes[i];
    } else if (split) {
      split = left && (!nt || pairs == (left == 2));
      pairs = left == 2;
      if (split) {
        t[nt] = two[0];
        if (pairs)
          t2[nt] = two[1];
        t[nt++].lanes = lanes[i];
      }
    }
  }
  if (split) {
    r.mask = with_common;
    r.off = always;
    split = !nt || split_thresholds(w, t, pairs ? t2 : NULL, nt, with_common, &r) ||
            (!pairs && split_residues(w, t, nt, with_common, &r));
  }
  if (split) {
    for (unsigned c = 0; c < ncommon; c++)
      r.common = r.common ? mc_expr_binary(w->s, MC_EXPR_AND, r.common, common[c], 0)
                          : common[c];
    if (ncommon && !r.common)
      w->stop = true;
    return r;
  }
  if (uniform && split_disjunction(w, cond, lanes, m, always, &r))
    return r;
  /* seed 000 §6.5: drop the constraint that does not evaluate */
  r = (guard_result){.mask = always | symbolic};
  r.inexact = mc_sprintf(w->a, "which threads run it depends on %s", text(w, cond[m - 1]));
  return r;
}

/* ---- Accesses ------------------------------------------------------------- */

static const char *describe(walker *w, const cost_lin *lins, const bool *div,
                            uint64_t mask, uint64_t bytes, const cost_shape *shape) {
  if (popcount(mask) < 2)
    return "one thread of the warp runs it";
  if (shape->groups > 1)
    return "threads' offsets differ by values not known statically";
  int64_t stride = 0;
  bool regular = true;
  unsigned prev = MAX_LANES;
  for (unsigned l = 0; l < MAX_LANES; l++) {
    if (!(mask >> l & 1))
      continue;
    if (div[l])
      return "threads' offsets differ by values the analysis does not know";
    if (prev != MAX_LANES) {
      int64_t d = lins[l].c0 - lins[prev].c0;
      if (prev + 1 != l || (stride && d != stride) ||
          lins[l].n != lins[prev].n)
        regular = false;
      stride = d;
    }
    prev = l;
  }
  if (!regular)
    return "threads touch an irregular pattern";
  if (stride == 0)
    return "all active threads touch the same element (a broadcast)";
  if ((uint64_t)stride == bytes)
    return "consecutive threads touch consecutive elements";
  int64_t abs = stride < 0 ? -stride : stride;
  if (abs % 1024 == 0)
    return mc_sprintf(w->a, "consecutive threads are %lld KiB apart",
                      (long long)(abs / 1024));
  return mc_sprintf(w->a, "consecutive threads are %lld bytes apart",
                    (long long)abs);
}

/* The residue table, over the block's linear id where the offsets depend
 * on the block only through it (`gid * gid % 384` with gid over a 3-D
 * grid). */
static const mc_expr *residues(walker *w, const mc_cost_model *m, const mc_expr **offs,
                               uint64_t mask, uint64_t bytes) {
  const mc_expr *f = cost_warp_residues(w->a, w->s, m, offs, mask, bytes);
  if (f)
    return f;
  const mc_expr *lin[MAX_LANES] = {NULL};
  bool changed = false;
  for (unsigned l = 0; l < MAX_LANES; l++) {
    if ((mask >> l & 1) && !(lin[l] = cost_over_linear_block(w->s, offs[l], w->block)))
      return NULL;
    changed |= lin[l] != offs[l];
  }
  if (!changed)
    return NULL; /* the same table again */
  f = cost_warp_residues(w->a, w->s, m, lin, mask, bytes);
  w->block_used |= f != NULL;
  return f;
}

static void do_access(walker *w, const mc_pnode *n, uint64_t mask, cost_vec *acc,
                      const char *inexact) {
  int idx = access_index(w, n);
  if (idx < 0)
    return;
  const mc_access *x = n->access;
  const mc_cost_model *m =
      &w->model[x->array >= 0 && w->p->kernel->arrays[x->array].space == MC_SPACE_SHARED];
  int64_t size;
  uint64_t bytes = mc_expr_is_const(x->size, &size) && size > 0 ? (uint64_t)size
                                                                 : x->elem_size;
  if (!mc_spend(w->a, popcount(mask) + 1, "cost")) {
    w->stop = true;
    return;
  }
  cost_lin lins[MAX_LANES];
  bool div[MAX_LANES] = {false};
  const mc_expr *offs[MAX_LANES] = {NULL};
  const char *pattern = NULL;
  for (unsigned l = 0; l < MAX_LANES; l++) {
    if (!(mask >> l & 1))
      continue;
    const mc_expr *off = offs[l] = in_lane(w, x->offset, l);
    if (!off)
      return;
    div[l] = !cost_linearize(off, &lins[l]);
    for (unsigned t = 0; !div[l] && t < lins[l].n; t++)
      div[l] = divergent(w, lins[l].t[t].leaf);
  }
  cost_shape shape;
  uint64_t c = cost_warp_execution(m, lins, div, mask, bytes, &shape);
  const mc_expr *cost = c64(w, (int64_t)c);
  if (shape.groups > 1 || shape.alignment_varies) {
    /* a function of one uniform value (seed 000 §6.4 case 2) */
    const mc_expr *f = cost_warp_symbolic(w->s, m, lins, div, mask, bytes);
    /* the residue table takes the offsets' one atom as the warp's: it
     * must be (not a thread id, as with the block not fixed, nor a value
     * that differs between lanes) */
    bool uniform = true;
    for (unsigned l = 0; l < MAX_LANES && uniform; l++)
      uniform = !(mask >> l & 1) || !divergent(w, offs[l]);
    if (!f && uniform && (f = residues(w, m, offs, mask, bytes)))
      pattern = "threads' offsets are remainders of a value that differs between blocks "
                "or iterations: the cost is a table over its residue";
    if (f) {
      cost = f;
      shape = (cost_shape){1, false};
    }
  }
  if (!inexact)
    inexact = n->approx;
  if (!inexact && shape.groups > 1)
    inexact = "threads with different unknown offsets are counted apart";
  if (!inexact && shape.alignment_varies)
    inexact = "the cost depends on the alignment of a value not known statically";
  if (mask && (!w->why[idx] || c > w->worst_const[idx])) {
    w->why[idx] = pattern ? pattern : describe(w, lins, div, mask, bytes, &shape);
    w->worst_const[idx] = c;
  }
  vec_add(w, acc, (unsigned)idx, cost, inexact, false);
  if (w->prog)
    prog_line(w, "%s", mc_sprintf(w->a, "tick(%s)  // %s: %s, %u lanes", text(w, cost),
                                  m->banks ? "bank-conflicts" : "uncoalesced",
                                  access_label(w, n), popcount(mask)));
}

/* ---- Loops: FOR ------------------------------------------------------------ */

static bool walk(walker *w, const mc_pnode *nodes, unsigned n, uint64_t mask,
                 cost_vec *acc, const char *inexact);

static binding *push_binding(walker *w, const mc_atom *a) {
  if (w->nbind == MAX_BINDINGS)
    return NULL;
  binding *b = &w->bind[w->nbind++];
  memset(b, 0, sizeof *b);
  b->atom = a;
  return b;
}

/* Adds a loop's per-access costs (body) to acc, with the tick lines. */
static void add_loop_costs(walker *w, cost_vec *acc, const cost_vec *body,
                           const char *inexact) {
  for (unsigned i = 0; i < w->nacc; i++)
    if (body->cost[i] || body->unbounded[i])
      vec_add(w, acc, i, body->cost[i],
              body->inexact[i] ? body->inexact[i] : inexact, body->unbounded[i]);
}

/* After loop L, lane l (in mask) left it in iteration last[l] (NULL:
 * unknown). */
static void set_exits(walker *w, const mc_ploop *L, uint64_t mask, const mc_expr *const *last) {
  if (!L->exit || L->exit->op != MC_EXPR_ATOM)
    return;
  binding *b = &w->exits[L->index];
  b->atom = L->exit->atom;
  for (unsigned l = 0; l < MAX_LANES; l++)
    if (mask >> l & 1)
      b->val[l] = last[l] ? mc_expr_resize(w->s, last[l], L->exit->width, false) : NULL;
}

/* Runs the loop iteration by iteration when `stay` evaluates in every lane
 * in every iteration: each iteration's active lanes are exact (seed 000's
 * divergent loops, Example 2.1). False, with nothing added, when it does
 * not evaluate or the loop runs too long. */
static bool simulate_loop(walker *w, const mc_pnode *node, uint64_t mask,
                          cost_vec *acc, const char *inexact) {
  const mc_ploop *L = node->loop;
  if (!L->stay || L->nvars + 1 > MAX_BINDINGS - w->nbind)
    return false;
  unsigned base = w->nbind;
  binding *vars[MAX_BINDINGS], *iter = NULL;
  int64_t c;
  for (unsigned v = 0; v < L->nvars; v++) {
    vars[v] = push_binding(w, L->vars[v].atom);
    for (unsigned l = 0; l < MAX_LANES; l++)
      if (mask >> l & 1) {
        const mc_expr *i = in_lane(w, L->vars[v].init, l);
        vars[v]->val[l] = i && mc_expr_is_const(i, &c) ? i : NULL;
      }
  }
  if (L->iter)
    iter = push_binding(w, L->iter->atom);
  cost_vec body;
  mc_strbuf *prog = w->prog;
  w->prog = NULL;
  bool ok = vec_new(w, &body);
  uint64_t active = mask;
  unsigned k = 0;
  const mc_expr *next[MAX_BINDINGS][MAX_LANES], *exits[MAX_LANES] = {NULL};
  for (; ok && active; k++) {
    if (k == MAX_SIMULATED_ITERATIONS) {
      ok = false;
      break;
    }
    if (!mc_spend(w->a, popcount(active), "cost")) {
      w->stop = true;
      ok = false;
      break;
    }
    if (iter)
      for (unsigned l = 0; l < MAX_LANES; l++)
        iter->val[l] = mc_expr_const(w->s, L->iter->width, k);
    /* stay is over this iteration's variables: decided before the body, so
     * a loop that cannot be simulated is found before its body is walked */
    uint64_t stay = 0;
    for (unsigned l = 0; ok && l < MAX_LANES; l++) {
      if (!(active >> l & 1))
        continue;
      const mc_expr *s = in_lane(w, L->stay, l);
      ok = s && mc_expr_is_const(s, &c);
      if (ok && c)
        stay |= (uint64_t)1 << l;
    }
    if (!ok || !walk(w, node->body, node->nbody, active, &body, NULL)) {
      ok = false;
      break;
    }
    for (unsigned v = 0; ok && v < L->nvars; v++)
      for (unsigned l = 0; l < MAX_LANES; l++) {
        const mc_expr *nv = (stay >> l & 1) ? in_lane(w, L->vars[v].next, l) : NULL;
        next[v][l] = nv && mc_expr_is_const(nv, &c) ? nv : NULL;
      }
    for (unsigned v = 0; ok && v < L->nvars; v++)
      memcpy(vars[v]->val, next[v], sizeof next[v]);
    for (unsigned l = 0; ok && L->exit && l < MAX_LANES; l++)
      if ((active & ~stay) >> l & 1)
        exits[l] = mc_expr_const(w->s, L->exit->width, k);
    active = stay;
  }
  w->prog = prog;
  w->nbind = base;
  if (!ok)
    return false;
  set_exits(w, L, mask, exits);
  add_loop_costs(w, acc, &body, inexact);
  if (w->prog) {
    prog_line(w, "%s", mc_sprintf(w->a, "for k%u in 0..%u {  // simulated lane by lane",
                                  L->index + 1, k));
    for (unsigned i = 0; i < w->nacc; i++)
      if (body.cost[i]) {
        w->depth++;
        prog_line(w, "%s", mc_sprintf(w->a, "tick(%s)  // all iterations: %s",
                                      text(w, body.cost[i]),
                                      access_label(w, w->acc[i])));
        w->depth--;
      }
    prog_line(w, "%s", "}");
  }
  return true;
}

/* The number of iterations the warp runs: the most of any lane (seed 000
 * §6.2: the divergent range maximised). *why says when it is a bound;
 * NULL when unbounded. */
typedef struct {
  const mc_ploop *L;
  bool missing; /* a variable without a closed form */
} closed_ctx;

static const mc_expr *closed_value(void *data, const mc_atom *a) {
  closed_ctx *c = data;
  for (unsigned v = 0; v < c->L->nvars; v++)
    if (c->L->vars[v].atom == a) {
      if (!c->L->vars[v].closed)
        c->missing = true;
      return c->L->vars[v].closed;
    }
  return NULL;
}

typedef struct {
  walker *w;
  uint64_t mask;
  bool lanes; /* a thread id was replaced: the lanes' counts differ */
} worst_ctx;

/* The block id and the active lane's thread id that run the most
 * iterations: block 0 or the last block, the least or the greatest id (of
 * the block's, 0 or blockDim - 1, where its dimensions are not fixed). */
static const mc_expr *worst_value(void *data, const mc_atom *a, int sign) {
  worst_ctx *c = data;
  walker *w = c->w;
  if (a->kind == MC_ATOM_BID)
    return sign < 0 ? mc_expr_const(w->s, a->width, 0)
                    : mc_expr_sub(w->s, mc_sym_builtin(w->s, MC_ATOM_GDIM, a->dim),
                                  mc_expr_const(w->s, a->width, 1), 0);
  if (a->kind != MC_ATOM_TID || !c->mask)
    return NULL;
  if (!w->concrete) {
    c->lanes = true;
    return sign < 0 ? mc_expr_const(w->s, a->width, 0)
                    : mc_expr_sub(w->s, mc_sym_builtin(w->s, MC_ATOM_BDIM, a->dim),
                                  mc_expr_const(w->s, a->width, 1), 0);
  }
  uint32_t best = 0;
  bool first = true;
  for (unsigned l = 0; l < MAX_LANES; l++)
    if (c->mask >> l & 1) {
      uint32_t t = w->tid[l][a->dim];
      if (first || (sign > 0 ? t > best : t < best))
        best = t;
      first = false;
    }
  c->lanes = true;
  return mc_expr_const(w->s, a->width, best);
}

/* The loop's last iteration when the protocol gives none: the first k
 * where `stay`, over the variables' closed forms, fails (a test linear in
 * k), in the block and lane of `mask` that run longest (*lanes set when
 * the lanes differ); for a loop that divides its variable by b >= 2 until
 * a bound, at most log_b of the variable's start range (*bound set). */
static const mc_expr *derived_last(walker *w, const mc_ploop *L, uint64_t mask,
                                   bool *bound, bool *lanes) {
  if (!L->stay || !L->iter)
    return NULL;
  closed_ctx c = {L, false};
  const mc_expr *stay = mc_expr_subst(w->s, L->stay, closed_value, &c);
  if (stay)
    stay = mc_expr_subst(w->s, stay, launch_subst, w);
  if (stay && !c.missing) {
    worst_ctx wc = {w, mask, false};
    const mc_expr *m = cost_first_false(w->s, stay, L->iter->atom, worst_value, &wc);
    /* a test and a break (`i < n && !(i >= 3)`): the first conjunct to
     * fail, each in its longest-running block and lane (a bound on the
     * warp's count; the body's guards say which lanes run) */
    const mc_expr *c[MAX_CONJUNCTS];
    unsigned nc = m ? 0 : stay_conjuncts(w, stay, c);
    for (unsigned i = 0; nc > 1 && nc <= MAX_CONJUNCTS && i < nc; i++) {
      /* one the same in every iteration ends the loop at once or never:
       * the others bound the count */
      if (!cost_mentions(c[i], L->iter->atom))
        continue;
      const mc_expr *f = cost_first_false(w->s, c[i], L->iter->atom, worst_value, &wc);
      f = f ? mc_expr_resize(w->s, f, 64, false) : NULL;
      if (!f) {
        m = NULL;
        break;
      }
      m = m ? mc_expr_binary(w->s, MC_EXPR_SMIN, m, f, 0) : f;
    }
    /* from conjuncts, the count bounds the lanes' and is no lane's exit */
    *lanes = wc.lanes || nc > 1;
    if (m)
      return m;
  }
  for (unsigned v = 0; v < L->nvars; v++) {
    const mc_loop_var *x = &L->vars[v];
    int64_t b;
    if ((x->step != MC_STEP_UDIV && x->step != MC_STEP_SDIV) || !x->by ||
        !mc_expr_is_const(x->by, &b) || b < 2 || !x->init || x->init->range.lo < 0 ||
        x->init->range.hi == INT64_MAX)
      continue;
    int64_t steps = 1;
    for (int64_t hi = x->init->range.hi; hi > 0; hi /= b)
      steps++;
    *bound = true;
    return c64(w, steps);
  }
  return NULL;
}

/* Does every node of the loop's body run only where the loop's test holds
 * in that iteration (its guard has `stay` as a conjunct: a for loop's test
 * in its header)? When the test, once false, stays false (stage 4 found
 * the loop monotone, or the test over the closed forms is linear in the
 * iteration number), a thread that has left runs nothing in the
 * iterations the warp goes on with: the guards alone say which threads
 * run each iteration. */
static bool body_tests_stay(walker *w, const mc_pnode *node) {
  const mc_ploop *L = node->loop;
  if (!L->stay)
    return false;
  for (unsigned i = 0; i < node->nbody; i++) {
    const mc_pnode *x = &node->body[i];
    if (x->kind != MC_PN_ACCESS && x->kind != MC_PN_LOOP)
      continue;
    const mc_expr *c[MAX_CONJUNCTS];
    unsigned n = x->guard ? conjuncts(x->guard, c, 0) : 0;
    bool found = false;
    for (unsigned j = 0; j < n && j < MAX_CONJUNCTS && !found; j++)
      found = c[j] == L->stay;
    if (!found)
      return false;
  }
  if (L->monotone)
    return true;
  closed_ctx c = {L, false};
  const mc_expr *stay = L->iter ? mc_expr_subst(w->s, L->stay, closed_value, &c) : NULL;
  return stay && !c.missing && cost_holds_on_prefix(w->s, stay, L->iter->atom);
}

/* cost_solver_max, asked once per expression. */
static bool solver_max(walker *w, const mc_expr *e, int64_t *max, bool *exact) {
  for (const struct solved *x = w->solved; x; x = x->next)
    if (x->e == e) {
      *max = x->max;
      *exact = x->exact;
      return true;
    }
  if (!cost_solver_max(w->a, w->s, e, w->rlimit, max, exact))
    return false;
  struct solved *x = mc_alloc(w->a, sizeof *x);
  if (x) {
    *x = (struct solved){e, *max, *exact, w->solved};
    w->solved = x;
  }
  return true;
}

static const mc_expr *warp_iterations(walker *w, const mc_pnode *node, uint64_t mask,
                                      bool peeled, const char **why, const mc_expr **lasts) {
  const mc_ploop *L = node->loop;
  /* Where the protocol's last iteration differs between the lanes, the
   * warp's count would be the maximum of one term per lane; the count
   * from the loop's test for the block and lane that run longest (a
   * grid-stride loop: block 0, lane 0) is one term, and the body's guards
   * say which lanes run each iteration. Each lane's own exit stays. */
  const mc_expr *last_of_loop = L->last;
  bool bound = false, lanes = false;
  if (!last_of_loop || divergent(w, last_of_loop)) {
    const mc_expr *d = derived_last(w, L, mask, &bound, &lanes);
    if (d && (!bound || !last_of_loop))
      last_of_loop = d;
    else
      bound = lanes = false;
  }
  if (!last_of_loop)
    return NULL;
  bool own_exits = L->last && last_of_loop != L->last;
  const mc_expr *most = NULL, *first = NULL;
  bool differ = false, unknown = false, solved = false;
  for (unsigned l = 0; l < MAX_LANES; l++) {
    if (!(mask >> l & 1))
      continue;
    const mc_expr *last = in_lane(w, last_of_loop, l);
    if (!last)
      return NULL;
    /* each lane's own (not the longest lane's, as derived_last may give) */
    lasts[l] = own_exits ? in_lane(w, L->last, l) : lanes || bound ? NULL : last;
    const mc_expr *n = mc_expr_add(w->s, mc_expr_resize(w->s, last, 64, false),
                                   c64(w, 1), 0);
    if (first && n != first)
      differ = true;
    if (!first)
      first = n;
    if (divergent(w, n)) {
      /* seed 000 §6.2: the most any thread runs, maximised by Z3 over the
       * values the facts allow (thread ids of a block not fixed) */
      int64_t m;
      bool exact;
      unknown = true;
      bool answer = !w->solver_off && !mc_expr_mentions(n, 1u << MC_ATOM_UNKNOWN) &&
                    solver_max(w, n, &m, &exact);
      /* a query out of its rlimit (or of steps) would run out again: the
       * rest of the kernel bounds by intervals */
      w->solver_off |= answer && !exact;
      if (answer && m >= 0 && m <= ((int64_t)1 << 40)) {
        n = c64(w, m);
        solved = true;
      } else {
        if (n->range.lo < 0 || n->range.hi > ((int64_t)1 << 40))
          return NULL;
        n = c64(w, n->range.hi);
      }
    }
    most = most ? mc_expr_binary(w->s, MC_EXPR_UMAX, most, n, 0) : n;
  }
  if (bound)
    *why = "a loop that divides its variable runs at most log of its start's range";
  else if (unknown && solved)
    *why = "threads run different numbers of iterations: the most any thread runs "
           "(maximised by Z3), every thread counted in each";
  else if (unknown)
    *why = "the loop's trip count depends on values not known statically";
  else if ((differ || lanes) && !peeled && !body_tests_stay(w, node))
    *why = "threads of a warp run different numbers of iterations: every "
           "thread counted in each";
  return most;
}

/* A loop whose body's guards do not test its stay condition (a break:
 * `for (i = gid; i < n; i += G) { ...; if (i >= 3) break; }`) but whose
 * stay, over the closed forms, holds on a prefix of the iterations in
 * every lane and differs between lanes: a thread runs iteration k + 1
 * exactly when stay held in iteration k. That condition, over k (its
 * conjuncts as thresholds where they are); NULL where it does not apply
 * (a loop whose lanes all leave together runs its count in each, and
 * peeling its first iteration would double the walk at every level of a
 * nest). */
static const mc_expr *stayed_before(walker *w, const mc_pnode *node) {
  const mc_ploop *L = node->loop;
  if (!L->stay || !L->iter || body_tests_stay(w, node) || !divergent(w, L->stay))
    return NULL;
  closed_ctx c = {L, false};
  const mc_expr *stay = mc_expr_subst(w->s, L->stay, closed_value, &c);
  const mc_expr *x[MAX_CONJUNCTS];
  unsigned n = stay && !c.missing ? stay_conjuncts(w, stay, x) : 0;
  if (!n || n > MAX_CONJUNCTS)
    return NULL;
  const mc_expr *all = NULL;
  for (unsigned i = 0; i < n; i++) {
    if (!L->monotone && cost_mentions(x[i], L->iter->atom) &&
        !cost_holds_on_prefix(w->s, x[i], L->iter->atom))
      return NULL;
    all = all ? mc_expr_binary(w->s, MC_EXPR_AND, all, x[i], 0) : x[i];
  }
  return all;
}

/* The loop's variables bound, in each lane of mask, to their closed forms
 * (at iteration `at` when given). */
static void bind_vars(walker *w, const mc_ploop *L, uint64_t mask, const mc_expr *at) {
  for (unsigned v = 0; v < L->nvars; v++) {
    binding *b = push_binding(w, L->vars[v].atom);
    if (!b)
      return;
    const mc_expr *c = L->vars[v].closed;
    if (c && at)
      c = cost_subst_atom(w->s, c, L->iter->atom, at);
    for (unsigned l = 0; l < MAX_LANES; l++)
      if (mask >> l & 1)
        b->val[l] = c ? in_lane(w, c, l) : NULL;
  }
  binding *k = at ? push_binding(w, L->iter->atom) : NULL;
  for (unsigned l = 0; k && l < MAX_LANES; l++)
    k->val[l] = at;
}

/* FOR over a symbolic range: the body's cost, with the loop's variables as
 * closed forms over the iteration number k, summed over k. A loop left by
 * a break runs its first iteration apart and the others under the
 * condition that the loop went on in the one before. */
static void sum_loop(walker *w, const mc_pnode *node, uint64_t mask,
                     cost_vec *acc, const char *inexact) {
  const mc_ploop *L = node->loop;
  const char *bound = NULL;
  const mc_expr *lasts[MAX_LANES] = {NULL};
  const mc_expr *before = stayed_before(w, node);
  const mc_expr *n = warp_iterations(w, node, mask, before != NULL, &bound, lasts);
  /* n counts the iteration in which the last lane leaves; where the body's
   * guards test the loop's stay, no lane runs the body in it */
  if (n && !before && body_tests_stay(w, node))
    n = mc_expr_sub(w->s, n, c64(w, 1), 0);
  cost_vec body, first;
  if (!vec_new(w, &body) || (before && !vec_new(w, &first)))
    return;
  if (!mc_spend(w->a, 1 + (n ? n->size : 0), "cost")) {
    w->stop = true;
    return;
  }
  unsigned base = w->nbind;
  const mc_expr *k = L->iter, *went_on[MAX_LANES] = {NULL};
  if (before) {
    /* iteration 0, then k + 1 for k in 0..n - 2 where it went on in k */
    for (unsigned l = 0; l < MAX_LANES; l++)
      if (mask >> l & 1)
        went_on[l] = in_lane(w, before, l);
    bind_vars(w, L, mask, mc_expr_const(w->s, k->width, 0));
    prog_line(w, "%s", mc_sprintf(w->a, "k%u = 0: {", L->index + 1));
    w->depth++;
    walk(w, node->body, node->nbody, mask, &first, NULL);
    w->depth--;
    prog_line(w, "%s", "}");
    w->nbind = base;
    n = n ? mc_expr_sub(w->s, n, c64(w, 1), 0) : NULL;
  }
  bind_vars(w, L, mask,
            before ? mc_expr_add(w->s, k, mc_expr_const(w->s, k->width, 1), MC_NUW) : NULL);
  prog_line(w, "%s", mc_sprintf(w->a, before ? "for k%u in 0..%s {  // iteration k + 1, where "
                                               "iteration k went on"
                                             : "for k%u in 0..%s {",
                                L->index + 1, text(w, n)));
  w->depth++;
  w->extra = before ? went_on : NULL;
  walk(w, node->body, node->nbody, mask, &body, NULL);
  w->extra = NULL;
  w->depth--;
  prog_line(w, "%s", "}");
  w->nbind = base;
  set_exits(w, L, mask, lasts);
  const char *why = inexact ? inexact : bound;
  for (unsigned i = 0; i < w->nacc; i++) {
    bool in_first = before && (first.cost[i] || first.unbounded[i]);
    if (!body.cost[i] && !body.unbounded[i] && !in_first)
      continue;
    const char *wi = body.inexact[i] ? body.inexact[i] : in_first ? first.inexact[i] : NULL;
    wi = wi ? wi : why;
    const mc_expr *f = body.cost[i];
    const mc_expr *s = NULL;
    if (n && f)
      s = L->iter ? mc_cost_sum(w->s, f, L->iter->atom, n)
                  : mc_expr_mul(w->s, n, f, 0);
    if (!s && n && f && f->range.lo >= 0 && f->range.hi < ((int64_t)1 << 32)) {
      s = mc_expr_mul(w->s, n, c64(w, f->range.hi), 0);
      wi = "no closed form for the sum over the loop: each iteration bounded";
    }
    if (!f && n)
      s = c64(w, 0);
    if (s && in_first && first.cost[i])
      s = mc_expr_add(w->s, s, first.cost[i], 0);
    if (!s && !wi)
      wi = L->line ? mc_sprintf(w->a, "no closed form for the sum over the loop at line %u",
                                L->line)
                   : "no closed form for the sum over a loop";
    vec_add(w, acc, i, s, wi, body.unbounded[i] || (in_first && first.unbounded[i]) || !s);
  }
}

/* Every access of a loop whose iterations are not known: unbounded. */
static void collect_unbounded(walker *w, const mc_pnode *node, cost_vec *acc) {
  for (unsigned i = 0; i < node->nbody; i++) {
    const mc_pnode *x = &node->body[i];
    if (x->kind == MC_PN_LOOP)
      collect_unbounded(w, x, acc);
    int idx = x->kind == MC_PN_ACCESS ? access_index(w, x) : -1;
    if (idx >= 0)
      vec_add(w, acc, (unsigned)idx, NULL, node->loop->approx, true);
  }
}

/* A loop simulated lane by lane is exact whatever stage 4 approximates
 * about its range (its test and steps evaluated in every lane); summed, it
 * is exact when its trip count follows from its test over the closed
 * forms, else as exact as stage 4 says. */
/* Is the loop's test (stay) exact? Stage 4 approximates some tests (an
 * exit whose way out it does not follow): those are not run or solved;
 * an approximation of the range alone leaves the test exact. */
static bool exact_test(const mc_ploop *L) {
  static const char range_only[] = "its exit test is not a bound";
  return !L->approx || !strncmp(L->approx, range_only, sizeof range_only - 1);
}

static void do_loop_body(walker *w, const mc_pnode *node, uint64_t mask,
                         cost_vec *acc, const char *inexact) {
  if (!exact_test(node->loop)) {
    /* its trip count is not known: unbounded unless stage 4 bounds it */
    if (!node->loop->last) {
      collect_unbounded(w, node, acc);
      return;
    }
    sum_loop(w, node, mask, acc, node->loop->approx);
    return;
  }
  if (simulate_loop(w, node, mask, acc, inexact))
    return;
  bool bound = false, lanes;
  if (!inexact &&
      (node->loop->last || !derived_last(w, node->loop, mask, &bound, &lanes) || bound))
    inexact = node->loop->approx;
  sum_loop(w, node, mask, acc, inexact);
}

/* A loop's body is walked without the condition of an outer loop's body
 * (its nodes' masks already hold it). */
static void do_loop(walker *w, const mc_pnode *node, uint64_t mask,
                    cost_vec *acc, const char *inexact) {
  const mc_expr **extra = w->extra;
  w->extra = NULL;
  do_loop_body(w, node, mask, acc, inexact);
  w->extra = extra;
}

/* ---- The protocol ---------------------------------------------------------- */

static void run_node(walker *w, const mc_pnode *node, uint64_t mask, cost_vec *acc,
                     const char *why) {
  if (!mask)
    return;
  if (node->kind == MC_PN_ACCESS)
    do_access(w, node, mask, acc, why);
  else
    do_loop(w, node, mask, acc, why);
}

static const mc_expr *or_zero(walker *w, const mc_expr *e) { return e ? e : c64(w, 0); }

/* The node with lanes `mask` into a new vector, its tick program into
 * *prog (when printing). */
static bool run_branch(walker *w, const mc_pnode *node, uint64_t mask, cost_vec *v,
                       mc_strbuf *prog, const char *why) {
  mc_strbuf *outer = w->prog;
  *prog = (mc_strbuf){0};
  if (!vec_new(w, v))
    return false;
  w->prog = outer ? prog : NULL;
  w->depth++;
  run_node(w, node, mask, v, why);
  w->depth--;
  w->prog = outer;
  return !w->stop;
}

static bool same_costs(const walker *w, const cost_vec *a, const cost_vec *b) {
  for (unsigned j = 0; j < w->nacc; j++)
    if (a->cost[j] != b->cost[j] || a->unbounded[j] != b->unbounded[j] ||
        !a->inexact[j] != !b->inexact[j])
      return false;
  return true;
}

enum { MAX_SPLIT_NODES = 1024 };

/* A node whose lanes depend on uniform conditions (IF-U, and IF-D over a
 * threshold): each set of lanes walked, the costs joined by selects on
 * the conditions; false (nothing added) when a cost grows too large. */
static bool run_split(walker *w, const mc_pnode *node, const guard_result *g,
                      cost_vec *acc, const char *why) {
  cost_vec v[MAX_REGIMES], base, off;
  mc_strbuf body[MAX_REGIMES + 2] = {{0}};
  const mc_expr **total = mc_alloc(w->a, (w->nacc + 1) * sizeof *total);
  bool ok = total != NULL;
  /* the chain's branches print inside `if (common) {` */
  unsigned nested = g->common && g->n;
  w->depth += nested;
  for (unsigned i = 0; ok && i < g->n; i++)
    ok = run_branch(w, node, g->set[i], &v[i], &body[i], why);
  ok = ok && run_branch(w, node, g->mask, &base, &body[g->n], why);
  w->depth -= nested;
  ok = ok && (!g->common || run_branch(w, node, g->off, &off, &body[g->n + 1], why));
  for (unsigned j = 0; ok && j < w->nacc; j++) {
    bool any = base.cost[j] || (g->common && off.cost[j]);
    const mc_expr *c = or_zero(w, base.cost[j]);
    for (unsigned i = 0; i < g->n; i++) {
      any |= v[i].cost[j] != NULL;
      const mc_expr *prev = g->ordered && i ? v[i - 1].cost[j] : base.cost[j];
      const mc_expr *step = mc_expr_sub(w->s, or_zero(w, v[i].cost[j]), or_zero(w, prev), 0);
      /* a cost does not shrink when more lanes run: say so where the
       * ranges do not (the maximum over blocks reads the steps' signs) */
      uint64_t from = g->ordered && i ? g->set[i - 1] : g->mask;
      bool more = (g->set[i] & from) == from, fewer = !(g->set[i] & ~from);
      if (step && more && step->range.lo < 0)
        step = mc_expr_binary(w->s, MC_EXPR_SMAX, step, c64(w, 0), 0);
      else if (step && fewer && step->range.hi > 0)
        step = mc_expr_binary(w->s, MC_EXPR_SMIN, step, c64(w, 0), 0);
      c = mc_expr_add(w->s, c, mc_expr_select(w->s, g->cond[i], step, c64(w, 0)), 0);
    }
    if (g->common)
      c = mc_expr_select(w->s, g->common, c, or_zero(w, off.cost[j]));
    if (!c)
      w->stop = true;
    ok = !w->stop && (!any || c->size <= MAX_SPLIT_NODES);
    total[j] = any ? c : NULL;
    /* a bound gains little from a threshold split and its formula much */
    for (unsigned i = 0; g->n && i < g->n + 2 && ok; i++) {
      const cost_vec *x = i < g->n ? &v[i] : i == g->n ? &base : g->common ? &off : NULL;
      ok = !x || (!x->inexact[j] && !x->unbounded[j]);
    }
  }
  if (ok) {
    for (unsigned j = 0; j < w->nacc; j++) {
      bool unbounded = base.unbounded[j] || (g->common && off.unbounded[j]);
      const char *inexact = base.inexact[j] ? base.inexact[j] : g->common ? off.inexact[j] : NULL;
      for (unsigned i = 0; i < g->n; i++) {
        unbounded |= v[i].unbounded[j];
        inexact = inexact ? inexact : v[i].inexact[j];
      }
      if (total[j] || unbounded)
        vec_add(w, acc, j, total[j], inexact, unbounded);
    }
    /* the program: an if-else chain, strongest condition first, a run of
     * conditions with the same costs shown once */
    if (g->common)
      prog_line(w, "if (%s) {", text(w, g->common));
    w->depth += g->common != NULL;
    bool first = true;
    for (unsigned k = 0; k < g->n; k++) {
      unsigned i = g->ordered ? g->n - 1 - k : k;
      const cost_vec *weaker = !g->ordered ? NULL : i ? &v[i - 1] : &base;
      if (weaker && same_costs(w, &v[i], weaker))
        continue;
      prog_line(w, first ? "if (%s) {" : "} else if (%s) {", text(w, g->cond[i]));
      if (w->prog)
        mc_strbuf_append(w->prog, mc_strbuf_str(&body[i]));
      first = false;
    }
    if (!first)
      prog_line(w, "%s", "} else {");
    if (w->prog)
      mc_strbuf_append(w->prog, mc_strbuf_str(&body[g->n]));
    if (!first)
      prog_line(w, "%s", "}");
    w->depth -= g->common != NULL;
    if (g->common) {
      prog_line(w, "%s", "} else {");
      if (w->prog)
        mc_strbuf_append(w->prog, mc_strbuf_str(&body[g->n + 1]));
      prog_line(w, "%s", "}");
    }
  }
  for (unsigned i = 0; i < g->n + 2; i++)
    mc_strbuf_free(&body[i]);
  return ok;
}

static bool walk(walker *w, const mc_pnode *nodes, unsigned n, uint64_t mask,
                 cost_vec *acc, const char *inexact) {
  for (unsigned i = 0; i < n && !w->stop; i++) {
    const mc_pnode *node = &nodes[i];
    if (node->kind != MC_PN_ACCESS && node->kind != MC_PN_LOOP)
      continue;
    guard_result g = apply_guard(w, node->guard, mask);
    const char *why = inexact ? inexact : g.inexact ? g.inexact : node->guard_approx;
    if ((g.common || g.n) && !run_split(w, node, &g, acc, why) && !w->stop) {
      /* seed 000 §6.5: the split grew too large; drop the constraint */
      uint64_t all = g.mask | g.off;
      for (unsigned k = 0; k < g.n; k++)
        all |= g.set[k];
      g = (guard_result){.mask = all};
      why = why ? why
                : mc_sprintf(w->a, "which threads run it depends on %s (too many cases)",
                             text(w, node->guard));
    }
    if (!g.common && !g.n)
      run_node(w, node, g.mask, acc, why);
  }
  return !w->stop;
}

/* ---- Warps and the maximum over them ----------------------------------- */

/* Costs may mention only what a launch fixes (parameters, dimensions):
 * a cost over block ids or values the analysis does not follow is
 * maximised, as a bound. NULL when unbounded. */
static const mc_expr *over_launch(walker *w, const mc_expr *e, bool *exact) {
  const unsigned launch = 1u << MC_ATOM_PARAM | 1u << MC_ATOM_BDIM |
                          1u << MC_ATOM_GDIM | 1u << MC_ATOM_WARPSIZE;
  if (!e || !mc_expr_mentions(e, ~launch))
    return e;
  const mc_expr *m = cost_max_over_blocks(w->s, e, w->block);
  if (m && !mc_expr_mentions(m, ~launch))
    return m;
  /* a bound, part by part: a sum of the parts' maxima, the larger side */
  *exact = false;
  const mc_expr *r = NULL;
  switch (e->op) {
  case MC_EXPR_ADD:
    r = c64(w, e->value);
    for (unsigned i = 0; i < e->nops && r; i++) {
      const mc_expr *x = e->coefs[i] > 0 && e->ops[i]->range.lo >= 0
                             ? over_launch(w, e->ops[i], exact) : NULL;
      r = x ? mc_expr_add(w->s, r, mc_expr_mul(w->s, c64(w, e->coefs[i]), x, 0), 0) : NULL;
    }
    break;
  case MC_EXPR_MUL:
    r = c64(w, 1);
    for (unsigned i = 0; i < e->nops && r; i++) {
      const mc_expr *x = e->ops[i]->range.lo >= 0 ? over_launch(w, e->ops[i], exact) : NULL;
      r = x ? mc_expr_mul(w->s, r, x, 0) : NULL;
    }
    break;
  case MC_EXPR_SELECT:
  case MC_EXPR_UMAX: {
    /* the larger of the sides (of a select, whatever its condition) */
    unsigned first = e->op == MC_EXPR_SELECT;
    r = over_launch(w, e->ops[first], exact);
    for (unsigned i = first + 1; i < e->nops && r; i++) {
      const mc_expr *x = over_launch(w, e->ops[i], exact);
      r = x ? cost_max(w->s, r, x) : NULL;
    }
    break;
  }
  default:
    break;
  }
  if (r)
    return r;
  if (e->range.lo >= 0 && e->range.hi < ((int64_t)1 << 48))
    return c64(w, e->range.hi);
  return NULL;
}

typedef struct {
  const mc_expr *cost;
  bool exact, unbounded;
} warp_max;

static void fold_max(walker *w, warp_max *m, const mc_expr *c, bool exact,
                     bool unbounded, bool first) {
  if (first) {
    *m = (warp_max){c ? c : c64(w, 0), exact, unbounded};
    return;
  }
  m->exact &= exact;
  m->unbounded |= unbounded;
  if (!c)
    c = c64(w, 0);
  if (m->cost != c)
    m->cost = cost_max(w->s, m->cost, c);
}

static void collect(const mc_pnode *nodes, unsigned n, walker *w, bool count) {
  for (unsigned i = 0; i < n; i++) {
    const mc_pnode *x = &nodes[i];
    if (x->kind == MC_PN_LOOP)
      collect(x->body, x->nbody, w, count);
    if (x->kind != MC_PN_ACCESS || x->access->base != MC_BASE_ARRAY)
      continue;
    mc_space sp = w->p->kernel->arrays[x->access->array].space;
    if (sp != MC_SPACE_GLOBAL && sp != MC_SPACE_SHARED)
      continue;
    if (!count)
      w->acc[w->nacc] = x;
    w->nacc++;
  }
}

static bool fixed_block(const mc_sym_facts *f, unsigned bdim[3]) {
  for (unsigned d = 0; d < 3; d++) {
    if (f->bdim[d].lo != f->bdim[d].hi || f->bdim[d].lo < 1)
      return false;
    bdim[d] = (unsigned)f->bdim[d].lo;
  }
  return true;
}

static void set_lanes(walker *w, unsigned warp, uint64_t *mask) {
  unsigned total = w->bdim[0] * w->bdim[1] * w->bdim[2];
  *mask = 0;
  for (unsigned l = 0; l < w->ws; l++) {
    unsigned lin = warp * w->ws + l;
    if (lin >= total)
      break;
    w->tid[l][0] = lin % w->bdim[0];
    w->tid[l][1] = lin / w->bdim[0] % w->bdim[1];
    w->tid[l][2] = lin / (w->bdim[0] * w->bdim[1]);
    *mask |= (uint64_t)1 << l;
  }
}

mc_kernel_cost *mc_cost_analyze(mc_arena *a, const mc_protocol *p,
                                const mc_options *o) {
  mc_kernel_cost *kc = mc_alloc(a, sizeof *kc);
  walker *w = mc_alloc(a, sizeof *w);
  if (!kc || !w)
    return NULL;
  kc->protocol = p;
  if (p->failed || !p->accesses)
    return kc;
  *w = (walker){.a = a, .s = p->accesses->sym, .p = p};
  w->ws = o->warp_size ? o->warp_size : 32;
  w->rlimit = o->rlimit ? o->rlimit : MC_DRF_DEFAULT_RLIMIT;
  if (w->ws > MAX_LANES)
    w->ws = MAX_LANES;
  w->model[MC_METRIC_UNCOALESCED] = (mc_cost_model){false, o->line_bytes, 0};
  w->model[MC_METRIC_BANK_CONFLICTS] = (mc_cost_model){true, o->bank_bytes, o->banks};
  collect(p->nodes, p->nnodes, w, true);
  w->acc = mc_alloc(a, (w->nacc + 1) * sizeof *w->acc);
  w->why = mc_alloc(a, (w->nacc + 1) * sizeof *w->why);
  w->worst_const = mc_alloc(a, (w->nacc + 1) * sizeof *w->worst_const);
  kc->accesses = mc_alloc(a, (w->nacc + 1) * sizeof *kc->accesses);
  w->exits = mc_alloc(a, (p->nloops + 1) * sizeof *w->exits);
  if (!w->acc || !w->why || !w->worst_const || !kc->accesses || !w->exits)
    return NULL;
  w->nacc = 0;
  collect(p->nodes, p->nnodes, w, false);

  w->concrete = fixed_block(mc_sym_facts_of(w->s), w->bdim);
  w->block[0] = mc_sym_loop_var(w->s, NULL, "blockId.xy", 32, false);
  w->block[1] = mc_sym_loop_var(w->s, NULL, "blockId.xyz", 32, false);
  if (!w->block[0] || !w->block[1])
    return NULL;
  unsigned nwarps = 1;
  if (w->concrete)
    nwarps = (w->bdim[0] * w->bdim[1] * w->bdim[2] + w->ws - 1) / w->ws;
  warp_max *per_access = mc_alloc(a, (w->nacc + 1) * sizeof *per_access);
  warp_max totals[2];
  mc_strbuf prog = {0};
  const char **printed = mc_alloc(a, (nwarps + 1) * sizeof *printed);
  unsigned nprinted = 0;
  if (!per_access || !printed)
    return NULL;
  for (unsigned wi = 0; wi < nwarps && !w->stop; wi++) {
    uint64_t mask = w->ws == 64 ? ~(uint64_t)0 : (((uint64_t)1 << w->ws) - 1);
    w->warp = wi;
    if (w->concrete)
      set_lanes(w, wi, &mask);
    memset(w->exits, 0, (p->nloops + 1) * sizeof *w->exits);
    mc_strbuf mine = {0};
    w->prog = &mine;
    w->depth = 0;
    cost_vec v;
    if (!vec_new(w, &v) || !walk(w, p->nodes, p->nnodes, mask, &v, NULL)) {
      mc_strbuf_free(&mine); /* stopped: out of memory or of the step budget */
      break;
    }
    const mc_expr *sum[2] = {NULL, NULL};
    bool sum_exact[2] = {true, true}, sum_unbounded[2] = {false, false};
    for (unsigned i = 0; i < w->nacc; i++) {
      const mc_pnode *x = w->acc[i];
      mc_metric m = w->p->kernel->arrays[x->access->array].space == MC_SPACE_SHARED
                        ? MC_METRIC_BANK_CONFLICTS
                        : MC_METRIC_UNCOALESCED;
      fold_max(w, &per_access[i], v.cost[i], !v.inexact[i], v.unbounded[i], wi == 0);
      if (!per_access[i].exact && !kc->accesses[i].why && v.inexact[i])
        kc->accesses[i].why = v.inexact[i];
      kc->has_total[m] = true;
      if (v.cost[i])
        sum[m] = sum[m] ? mc_expr_add(w->s, sum[m], v.cost[i], 0) : v.cost[i];
      sum_exact[m] &= !v.inexact[i];
      sum_unbounded[m] |= v.unbounded[i];
    }
    for (unsigned m = 0; m < 2; m++)
      fold_max(w, &totals[m], sum[m], sum_exact[m], sum_unbounded[m], wi == 0);
    const char *body = mc_strbuf_str(&mine);
    bool seen = false;
    for (unsigned j = 0; j < nprinted && !seen; j++)
      seen = !strcmp(printed[j], body);
    if (!seen) {
      printed[nprinted++] = mc_strdup(a, body);
      if (w->concrete)
        mc_strbuf_printf(&prog, "  warp %u (threads %u..%u):\n", wi, wi * w->ws,
                         wi * w->ws + popcount(mask) - 1);
      else
        mc_strbuf_append(&prog, "  any warp (block dimensions not fixed):\n");
      mc_strbuf_append(&prog, body);
    }
    mc_strbuf_free(&mine);
  }
  w->prog = NULL;
  if (w->block_used)
    mc_strbuf_append(&prog, "  where blockId.xy = blockIdx.x + gridDim.x * blockIdx.y, "
                            "blockId.xyz = blockId.xy + gridDim.x * gridDim.y * blockIdx.z\n");
  kc->program = mc_strdup(a, mc_strbuf_str(&prog));
  mc_strbuf_free(&prog);
  if (w->stop)
    return NULL;
  kc->naccesses = w->nacc;
  for (unsigned i = 0; i < w->nacc; i++) {
    mc_access_cost *ac = &kc->accesses[i];
    const mc_pnode *x = w->acc[i];
    ac->node = x;
    ac->metric = w->p->kernel->arrays[x->access->array].space == MC_SPACE_SHARED
                     ? MC_METRIC_BANK_CONFLICTS
                     : MC_METRIC_UNCOALESCED;
    ac->exact = per_access[i].exact;
    ac->cost = per_access[i].unbounded ? NULL
                                       : over_launch(w, per_access[i].cost, &ac->exact);
    const char *pattern = w->why[i] ? w->why[i] : "no thread runs it";
    if (per_access[i].exact && !ac->exact && !ac->why)
      ac->why = ac->cost ? "its maximum over the grid's blocks is bounded part by part"
                         : "no closed form for its maximum over the grid's blocks";
    if (!ac->cost)
      ac->exact = false;
    if (!w->concrete && !ac->exact && !ac->why)
      ac->why = "block dimensions not fixed (give --block-dim for exact costs)";
    ac->why = ac->exact || !ac->why ? pattern
                                    : mc_sprintf(a, "%s; bound: %s", pattern, ac->why);
  }
  for (unsigned m = 0; m < 2; m++) {
    kc->total_exact[m] = totals[m].exact && !totals[m].unbounded;
    kc->total[m] = totals[m].unbounded ? NULL
                                       : over_launch(w, totals[m].cost, &kc->total_exact[m]);
    if (kc->total[m] || totals[m].unbounded)
      continue;
    /* the warps' sum has no bound over the launch: the sum of the accesses'
     * maxima bounds it */
    kc->total_exact[m] = false;
    const mc_expr *sum = c64(w, 0);
    for (unsigned i = 0; i < w->nacc && sum; i++)
      if (kc->accesses[i].metric == (mc_metric)m)
        sum = kc->accesses[i].cost ? mc_expr_add(w->s, sum, kc->accesses[i].cost, 0) : NULL;
    kc->total[m] = sum;
  }
  return kc;
}

/* ---- print<mapcost-cost> ------------------------------------------------- */

static const char *const METRIC_NAMES[2] = {"uncoalesced", "bank-conflicts"};

void mc_cost_print(const mc_kernel_cost *c, mc_strbuf *out) {
  const mc_protocol *p = c->protocol;
  mc_strbuf_printf(out, "kernel %s\n", p->kernel->name);
  if (p->failed) {
    mc_strbuf_printf(out, "  no protocol: %s\n", p->failed);
    return;
  }
  mc_strbuf_append(out, c->program ? c->program : "");
  for (unsigned i = 0; i < c->naccesses; i++) {
    const mc_access_cost *ac = &c->accesses[i];
    const mc_access *x = ac->node->access;
    mc_strbuf_printf(out, "  cost %s of %s at %u:%u: ", METRIC_NAMES[ac->metric],
                     p->kernel->arrays[x->array].name, x->line, x->column);
    if (ac->cost)
      mc_expr_print(ac->cost, out);
    else
      mc_strbuf_append(out, "unbounded");
    mc_strbuf_printf(out, " (%s) - %s\n", ac->exact ? "=" : "<=", ac->why);
  }
  for (unsigned m = 0; m < 2; m++) {
    if (!c->has_total[m])
      continue;
    mc_strbuf_printf(out, "  total %s: ", METRIC_NAMES[m]);
    if (c->total[m])
      mc_expr_print(c->total[m], out);
    else
      mc_strbuf_append(out, "unbounded");
    mc_strbuf_printf(out, " (%s)\n", c->total_exact[m] ? "=" : "<=");
  }
}

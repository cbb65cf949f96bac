/* intervals.c - stage 5: the two threads, their loop instances and the
 * barrier intervals of their accesses, as Z3 terms.
 *
 * An environment is one thread's instance of the loops around a point: for
 * each enclosing loop an iteration number k (a 32-bit constant), with the
 * loop's variables in that iteration (their closed forms at k; without one,
 * the initial value at k = 0 and any value after) and `live`: the thread
 * runs those iterations (each loop entered, k == 0 || stay(k - 1), or
 * k <= last when the protocol knows last).
 *
 * The barrier interval of a node (drf.h) is found by walking back from it:
 * a barrier met on the way opened it (if the barrier's guard holds, else
 * the walk goes on); a loop met on the way that contains barriers was left
 * after its last iteration L (fresh, with live -> L runs and !stay(L)), so
 * the walk continues from the end of iteration L when the loop was entered
 * and past the loop when not; the start of a loop's body continues at the
 * end of iteration k - 1 when k > 0, else before the loop; the kernel's
 * start is interval 0. A walk that would go back a second iteration (a
 * body none of whose barriers must run) gives up with a fresh name: any
 * interval, an over-approximation noted in the race. Walks are memoised per
 * environment and position, so the terms stay linear in the protocol.
 */
#include "drf_internal.h"

#include <stdio.h>
#include <string.h>

struct mc_env {
  mc_drf_ctx *d;
  int thread;
  mc_env *parent;
  const mc_site *loop;      /* NULL: the kernel's level */
  Z3_ast k;                 /* the iteration, 32 bits */
  Z3_ast live;
  bool previous;            /* made for the end of the previous iteration */
  mc_env *host;             /* previous: the iteration after it, where what
                               holds when it ran is said */
  mc_z3tr *tr;
  const mc_atom **atoms;    /* values of atoms met in this environment */
  Z3_ast *vals;
  unsigned natoms, cap;
  mc_phase *scan[2];        /* memo of walks: [warp][position] */
  /* the loop's stay condition in this iteration, where the walks know its
   * value: false in the iteration a loop was left after, true in the one
   * before an iteration that runs (NULL: not known) */
  Z3_ast stay;
  bool stays;
  bool *scanned[2];
  /* loop_env: live is final; before, constraints that hold when the
   * environment is live wait in pending (with whether they are no-wrap) */
  bool finished, in_loop_env;
  Z3_ast pending[8];
  bool pending_nowrap[8];
  unsigned npending;
};

static const mc_ploop *env_loop(const mc_env *e) {
  return e->loop ? e->loop->node->loop : NULL;
}

static void body_of(const mc_env *e, const mc_pnode **body, unsigned *n) {
  if (e->loop) {
    *body = e->loop->node->body;
    *n = e->loop->node->nbody;
  } else {
    *body = e->d->p->nodes;
    *n = e->d->p->nnodes;
  }
}

static bool side(mc_drf_ctx *d, Z3_ast c, bool lazy) {
  if (!c)
    return false;
  if (d->nside == d->cap_side) {
    unsigned cap = d->cap_side ? 2 * d->cap_side : 64;
    Z3_ast *s = mc_alloc(d->a, cap * sizeof *s);
    bool *l = mc_alloc(d->a, cap * sizeof *l);
    if (!s || !l)
      return false;
    if (d->nside) {
      memcpy(s, d->side, d->nside * sizeof *s);
      memcpy(l, d->side_lazy, d->nside * sizeof *l);
    }
    d->side = s;
    d->side_lazy = l;
    d->cap_side = cap;
  }
  d->side_lazy[d->nside] = lazy;
  d->side[d->nside++] = c;
  return true;
}

bool mc_drf_side(mc_drf_ctx *d, Z3_ast c) { return side(d, c, false); }

bool mc_drf_side_nowrap(mc_drf_ctx *d, Z3_ast c) {
  return side(d, c, d->no_wrap && !d->ints);
}

/* A fresh value of a `width`-bit type (its values, as an integer). */
static Z3_ast fresh(mc_drf_ctx *d, const char *what, unsigned width, bool is_signed) {
  char name[96];
  snprintf(name, sizeof name, "%s!%u", what, d->fresh++);
  Z3_ast v = mc_num_var(d->z, d->ints, name, width);
  return mc_drf_side(d, mc_num_in_type(d->z, d->ints, v, width, is_signed)) ? v : NULL;
}

static Z3_ast num(mc_drf_ctx *d, unsigned width, uint64_t v) {
  return mc_num(d->z, d->ints, width, v);
}

static Z3_ast is_zero(mc_drf_ctx *d, Z3_ast k) { return Z3_mk_eq(d->z, k, num(d, 32, 0)); }

static Z3_ast minus_one(mc_drf_ctx *d, Z3_ast k) {
  return mc_num_sub(d->z, d->ints, k, num(d, 32, 1));
}

/* ---- Atoms ----------------------------------------------------------------- */

static bool memo_put(mc_env *e, const mc_atom *a, Z3_ast v) {
  if (e->natoms == e->cap) {
    unsigned cap = e->cap ? 2 * e->cap : 8;
    const mc_atom **atoms = mc_alloc(e->d->a, cap * sizeof *atoms);
    Z3_ast *vals = mc_alloc(e->d->a, cap * sizeof *vals);
    if (!atoms || !vals)
      return false;
    if (e->natoms) {
      memcpy(atoms, e->atoms, e->natoms * sizeof *atoms);
      memcpy(vals, e->vals, e->natoms * sizeof *vals);
    }
    e->atoms = atoms;
    e->vals = vals;
    e->cap = cap;
  }
  e->atoms[e->natoms] = a;
  e->vals[e->natoms++] = v;
  return true;
}

static Z3_ast memo_get(const mc_env *e, const mc_atom *a) {
  for (unsigned i = 0; i < e->natoms; i++)
    if (e->atoms[i] == a)
      return e->vals[i];
  return NULL;
}

/* Parameter i of those met, as a term of this query's kind (`param.NAME`:
 * Z3 gives the same name and sort the same constant), within its facts;
 * the number where they fix it (-mapcost-param), so that a product of it
 * is linear, as one of a fixed dimension is. */
static Z3_ast param_term(mc_drf_ctx *d, unsigned i) {
  const mc_atom *a = d->param_atoms[i];
  const mc_expr *node = mc_sym_param(d->p->accesses->sym, a->index, a->name,
                                     a->width, a->is_signed, a->value);
  if (!node)
    return NULL;
  mc_interval r = node->range;
  if (r.lo == r.hi)
    return d->param_vars[i] = d->ints ? Z3_mk_int64(d->z, r.lo, Z3_mk_int_sort(d->z))
                                      : mc_z3_bv_const(d->z, a->width, (uint64_t)r.lo);
  char name[96];
  snprintf(name, sizeof name, "param.%s", a->name);
  Z3_ast v = mc_num_var(d->z, d->ints, name, a->width);
  if (!mc_drf_side(d, mc_z3_in_range(d->z, d->ints, node, v)))
    return NULL;
  return d->param_vars[i] = v;
}

static Z3_ast param(mc_drf_ctx *d, const mc_atom *a) {
  for (unsigned i = 0; i < d->nparam_vars; i++)
    if (d->param_atoms[i] == a) {
      d->param_stamp[i] = d->query;
      return d->param_vars[i];
    }
  unsigned n = d->nparam_vars + 1;
  const mc_atom **atoms = mc_alloc(d->a, n * sizeof *atoms);
  Z3_ast *vars = mc_alloc(d->a, n * sizeof *vars);
  unsigned *stamp = mc_alloc(d->a, n * sizeof *stamp);
  if (!atoms || !vars || !stamp)
    return NULL;
  if (d->nparam_vars) {
    memcpy(atoms, d->param_atoms, d->nparam_vars * sizeof *atoms);
    memcpy(vars, d->param_vars, d->nparam_vars * sizeof *vars);
    memcpy(stamp, d->param_stamp, d->nparam_vars * sizeof *stamp);
  }
  stamp[d->nparam_vars] = d->query;
  atoms[d->nparam_vars] = a;
  d->param_atoms = atoms;
  d->param_vars = vars;
  d->param_stamp = stamp;
  return param_term(d, d->nparam_vars++);
}

static mc_env *env_new(mc_drf_ctx *d, int thread, mc_env *parent,
                       const mc_site *loop, Z3_ast k, mc_env *host);

/* c holds whenever f is live; nowrap: c is what the no-wrap assumption
 * says (mc_drf_side_nowrap). */
static bool when_live_as(mc_env *f, Z3_ast c, bool nowrap) {
  mc_drf_ctx *d = f->d;
  if (f->host) /* the previous iteration ran when its successor runs */
    return when_live_as(f->host,
                        Z3_mk_implies(d->z, Z3_mk_not(d->z, is_zero(d, f->host->k)), c), nowrap);
  if (f->finished) {
    Z3_ast live_c = Z3_mk_implies(d->z, f->live, c);
    return nowrap ? mc_drf_side_nowrap(d, live_c) : mc_drf_side(d, live_c);
  }
  if (f->in_loop_env && f->npending < sizeof f->pending / sizeof f->pending[0]) {
    f->pending_nowrap[f->npending] = nowrap;
    f->pending[f->npending++] = c;
  }
  return true; /* else dropped: fewer constraints */
}

static bool when_live(mc_env *f, Z3_ast c) { return when_live_as(f, c, false); }

/* A variable stepped by `add nsw` (the IR's flag, or sym's) never wraps in
 * the iterations a thread runs: init + k * by, computed wide with by's bits
 * read signed, is its value. */
static void no_wrap_steps(mc_env *f, const mc_loop_var *v, Z3_ast value) {
  Z3_context z = f->d->z;
  unsigned w = v->atom->width, by_w = w + 34;
  if (v->step != MC_STEP_ADD || !v->by || !v->init || !v->next ||
      !((v->next->flags | v->next->assumed) & MC_NSW) || w > 64)
    return;
  Z3_ast init = mc_z3_term(f->parent->tr, v->init);
  Z3_ast by = mc_z3_term(f->parent->tr, v->by);
  if (!init || !by || v->init->width != w || v->by->width != w)
    return;
  Z3_ast k = Z3_mk_zero_ext(z, by_w - 32, f->k);
  Z3_ast wide = Z3_mk_bvadd(z, mc_z3_ext(z, init, by_w - w, true),
                            Z3_mk_bvmul(z, k, mc_z3_ext(z, by, by_w - w, true)));
  when_live(f, Z3_mk_eq(z, wide, mc_z3_ext(z, value, by_w - w, true)));
}

/* next = c - v or v ^ c: the value alternates between init and its image. */
static Z3_ast alternating(mc_env *f, const mc_loop_var *v, Z3_ast init) {
  const mc_expr *n = v->next;
  mc_drf_ctx *d = f->d;
  Z3_context z = d->z;
  if (!n || !init)
    return NULL;
  Z3_ast other = NULL;
  if (n->op == MC_EXPR_ADD && n->nops == 1 && n->ops[0] == v->var &&
      n->coefs[0] == -1)
    other = d->ints ? mc_num_sub(z, true, Z3_mk_int64(z, n->value, Z3_mk_int_sort(z)), init)
                    : Z3_mk_bvsub(z, mc_z3_bv_const(z, n->width, (uint64_t)n->value), init);
  else if (n->op == MC_EXPR_XOR && n->nops == 2 && n->ops[0] == v->var &&
           n->ops[1]->op == MC_EXPR_CONST && !d->ints)
    other = Z3_mk_bvxor(z, init, mc_z3_bv_const(z, n->width, (uint64_t)n->ops[1]->value));
  if (!other)
    return NULL;
  Z3_ast odd = d->ints ? Z3_mk_eq(z, Z3_mk_mod(z, f->k, num(d, 32, 2)), num(d, 32, 1))
                       : Z3_mk_eq(z, Z3_mk_extract(z, 0, 0, f->k), mc_z3_bv_const(z, 1, 1));
  return Z3_mk_ite(z, odd, other, init);
}

/* A value that is one in every thread of the grid (u: MC_UNIFORM_GRID) or
 * of a block (MC_UNIFORM_BLOCK) at one instance of the loops around it, of
 * atom a's type: a function `name`, shared by the two threads of a query,
 * of those loops' iterations ks[0..nk) (nk <= MC_DRF_MAX_DEPTH) and of
 * thread's block. */
static Z3_ast uniform_value(mc_drf_ctx *d, int thread, const char *name, mc_uniformity u,
                            const Z3_ast *ks, unsigned nk, const mc_atom *a) {
  Z3_context z = d->z;
  Z3_ast args[MC_DRF_MAX_DEPTH + 3];
  Z3_sort sorts[MC_DRF_MAX_DEPTH + 3];
  unsigned n = 0;
  for (unsigned i = 0; i < nk; i++)
    args[n++] = ks[i];
  for (unsigned i = 0; u == MC_UNIFORM_BLOCK && i < 3; i++)
    args[n++] = d->bid[thread][i];
  for (unsigned i = 0; i < n; i++)
    sorts[i] = Z3_get_sort(z, args[i]);
  Z3_func_decl f = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, name), n, sorts,
                                   d->ints ? Z3_mk_int_sort(z) : Z3_mk_bv_sort(z, a->width));
  d->functions |= n > 0; /* of no arguments: a constant */
  Z3_ast value = Z3_mk_app(z, f, n, args);
  return mc_drf_side(d, mc_num_in_type(z, d->ints, value, a->width, a->is_signed)) ? value
                                                                                   : NULL;
}

/* v in an iteration k > 0 without a closed form. A variable the lock-step
 * form finds grid- or block-uniform has one value in every thread of the
 * grid (of a block) at one instance of its loops: a function of the
 * iteration of each loop around it (and of the block). Any other is any
 * value, and so is one inside more than MC_DRF_MAX_DEPTH loops. */
static Z3_ast later_value(mc_env *f, const mc_loop_var *v) {
  mc_drf_ctx *d = f->d;
  const mc_atom *a = v->atom;
  mc_uniformity u = a->value ? mc_ls_uniformity(d->p->ls, a->value) : MC_DIVERGENT;
  Z3_ast ks[MC_DRF_MAX_DEPTH];
  unsigned n = 0;
  const mc_env *g = f;
  for (; g && g->loop && n < MC_DRF_MAX_DEPTH; g = g->parent)
    ks[n++] = g->k;
  if ((u != MC_UNIFORM_GRID && u != MC_UNIFORM_BLOCK) || (g && g->loop))
    return fresh(d, a->name, a->width, a->is_signed);
  char name[96];
  snprintf(name, sizeof name, "%s.later#%d", a->name, a->index);
  return uniform_value(d, f->thread, name, u, ks, n, a);
}

static mc_env *loop_env(mc_env *parent, const mc_site *site, Z3_ast k);
static Z3_ast cond(mc_env *env, const mc_expr *c);
static Z3_ast env_live(const mc_env *e);

/* The environment of e or around it whose loop is `loop` (NULL: the
 * kernel's level); NULL when e is not inside it. */
static mc_env *env_around(mc_env *e, const mc_site *loop) {
  while (e && e->loop != loop)
    e = e->parent;
  return e;
}

/* What is known of x, the iteration a thread left loop `site` in, seen
 * from env e after the loop: where the thread entered it, iteration x runs
 * (x is 0 or the loop stayed in x - 1) and its stay condition fails there,
 * as scan_loop_end says of a last iteration: the first iteration where it
 * fails, where stay holds for a prefix of the iterations.
 * Without it the values after a loop whose last iteration has no closed
 * form were any values of their closed forms (`offset` after the up-sweep
 * of a scan: any power of two). Nothing is said where e is not inside
 * the loops around it, or the condition does not translate (noted as an
 * approximation). */
static void pin_exit(mc_env *e, const mc_site *site, Z3_ast x) {
  mc_drf_ctx *d = e->d;
  mc_env *f = env_around(e, site->loop);
  if (!f || !site->node->loop->stay)
    return;
  mc_env *in = loop_env(f, site, x);
  Z3_ast entered = in ? cond(f, site->node->guard) : NULL;
  Z3_ast stay = entered ? cond(in, site->node->loop->stay) : NULL;
  if (stay) {
    Z3_ast pre = mc_z3_and2(d->z, env_live(f), entered);
    Z3_ast post = mc_z3_and2(d->z, in->live, Z3_mk_not(d->z, stay));
    if (mc_drf_side(d, Z3_mk_implies(d->z, pre, post)))
      return;
  }
  mc_z3_take_error();
  if (site->node->loop->line)
    d->approx = mc_sprintf(d->a, "the value the loop at line %u leaves is taken as that "
                                 "of any iteration", site->node->loop->line);
  else
    d->approx = "the value a loop leaves is taken as that of any iteration";
}

/* The iteration a thread left loop l in (atom a, l's exit), in env e after
 * the loop. Where the lock-step form finds l's exit grid- or
 * block-uniform, the threads that run the loop together leave it together:
 * one iteration for the two threads of a query at one instance of the
 * loops around l (`while (s < blockDim.x) s *= 2;` leaves one s in every
 * thread). Else any iteration, each thread its own. Either is pinned by
 * l's stay condition (pin_exit). */
static Z3_ast exit_iteration(mc_env *e, const mc_ploop *l, const mc_atom *a) {
  mc_drf_ctx *d = e->d;
  const mc_site *site = NULL;
  for (unsigned i = 0; i < d->nsites && !site; i++)
    if (d->sites[i].node->kind == MC_PN_LOOP && d->sites[i].node->loop == l)
      site = &d->sites[i];
  Z3_ast x = NULL;
  if (site && (l->uniformity == MC_UNIFORM_GRID || l->uniformity == MC_UNIFORM_BLOCK)) {
    /* the iterations of the loops around l, innermost first */
    Z3_ast ks[MC_DRF_MAX_DEPTH];
    unsigned n = 0;
    bool found = true;
    for (const mc_site *around = site->loop; around && found; around = around->loop) {
      const mc_env *f = env_around(e, around);
      found = f && n < MC_DRF_MAX_DEPTH;
      if (found)
        ks[n++] = f->k;
    }
    char name[96];
    snprintf(name, sizeof name, "%s.uniform#%d", a->name, a->index);
    x = found ? uniform_value(d, e->thread, name, l->uniformity, ks, n, a) : NULL;
  }
  if (!x)
    x = fresh(d, a->name, a->width, a->is_signed);
  if (x && site)
    pin_exit(e, site, x);
  return x;
}

/* The value of loop variable v of env f's loop in f's iteration. Under the
 * no-wrap assumption its closed form does not wrap in the iterations a
 * thread runs (its steps do not); without it, a variable stepped by
 * `add nsw` does not. */
static Z3_ast loop_var(mc_env *f, const mc_loop_var *v) {
  mc_drf_ctx *d = f->d;
  if (v->closed) {
    Z3_ast value = mc_z3_term(f->tr, v->closed);
    if (value && d->no_wrap) {
      Z3_ast nw = mc_z3_nowrap_as(f->tr, v->closed, v->atom->is_signed);
      if (!nw || !when_live_as(f, nw, true))
        return NULL;
    } else if (value) {
      no_wrap_steps(f, v, value);
    }
    return value;
  }
  Z3_ast init = v->init ? mc_z3_term(f->parent->tr, v->init)
                        : fresh(d, v->atom->name, v->atom->width, v->atom->is_signed);
  if (!init)
    return NULL;
  Z3_ast alt = alternating(f, v, init);
  if (alt)
    return alt;
  Z3_ast later = later_value(f, v);
  return later ? Z3_mk_ite(d->z, is_zero(d, f->k), init, later) : NULL;
}

/* Ranges [v, v + by) of two counter values that do not meet, read as
 * their atoms are (in one more bit: no wrap-around in the sum). */
static Z3_ast apart(mc_drf_ctx *d, const mc_counted *x, const mc_counted *y) {
  Z3_context z = d->z;
  Z3_ast le[2];
  for (int i = 0; i < 2; i++) {
    const mc_counted *p = i ? y : x, *q = i ? x : y;
    if (d->ints) {
      Z3_ast sum[2] = {p->value, Z3_mk_int64(z, (int64_t)p->by, Z3_mk_int_sort(z))};
      le[i] = Z3_mk_le(z, Z3_mk_add(z, 2, sum), q->value);
      continue;
    }
    Z3_ast pv = mc_z3_ext(z, p->value, 1, p->is_signed);
    Z3_ast qv = mc_z3_ext(z, q->value, 1, q->is_signed);
    Z3_ast end = Z3_mk_bvadd(z, pv, mc_z3_bv_const(z, p->width + 1, p->by));
    le[i] = p->is_signed ? Z3_mk_bvsle(z, end, qv) : Z3_mk_bvule(z, end, qv);
  }
  return mc_z3_or2(z, le[0], le[1]);
}

/* Value v of an atomic add's result `a` in env e: where its array is a
 * counter (counters.c), its range and another thread's at the same
 * address do not meet. Without the no-wrap assumption, any value. */
static Z3_ast counted(mc_env *e, const mc_atom *a, Z3_ast v) {
  mc_drf_ctx *d = e->d;
  uint64_t by;
  const mc_access *x = d->no_wrap ? mc_drf_counter(d->p->accesses, a->value, d->grid, &by) : NULL;
  if (!x)
    return v;
  Z3_ast off = mc_drf_term(d, e, x->offset);
  if (!off)
    return NULL;
  mc_counted c = {e->thread, x->array, v, off, by, a->width, a->is_signed};
  for (unsigned i = 0; i < d->ncounted; i++) {
    const mc_counted *o = &d->counted[i];
    if (o->thread != c.thread && o->array == c.array &&
        !mc_drf_side(d, Z3_mk_implies(d->z, Z3_mk_eq(d->z, o->offset, off), apart(d, o, &c))))
      return NULL;
  }
  if (d->ncounted == d->cap_counted) {
    unsigned cap = d->cap_counted ? 2 * d->cap_counted : 8;
    mc_counted *m = mc_alloc(d->a, cap * sizeof *m);
    if (!m)
      return NULL;
    if (d->ncounted)
      memcpy(m, d->counted, d->ncounted * sizeof *m);
    d->counted = m;
    d->cap_counted = cap;
  }
  d->counted[d->ncounted++] = c;
  return v;
}

/* An unknown value (a load, a call's result): any value, each thread its
 * own (what an atomic counter returns apart from the other thread's:
 * counted). Where the lock-step form finds it grid- (block-) uniform and it is
 * computed outside every loop, so once per thread, it is one value in every
 * thread of the grid (of a block): a field of a struct passed by value, a
 * __constant__ read at a uniform address. */
static Z3_ast unknown_value(mc_env *e, const mc_atom *a) {
  mc_drf_ctx *d = e->d;
  const mc_lockstep *ls = d->p->ls;
  mc_uniformity u = a->value ? mc_ls_uniformity(ls, a->value) : MC_DIVERGENT;
  int b = a->value && LLVMIsAInstruction(a->value)
              ? mc_ls_block_index(ls, LLVMGetInstructionParent(a->value))
              : -1;
  if ((u != MC_UNIFORM_GRID && u != MC_UNIFORM_BLOCK) || b < 0 || ls->blocks[b].loop >= 0) {
    Z3_ast v = fresh(d, a->name, a->width, a->is_signed);
    return v && a->reason == MC_UNKNOWN_ATOMIC ? counted(e, a, v) : v;
  }
  char name[96];
  snprintf(name, sizeof name, "%s.uniform#%d", a->name, a->index);
  return uniform_value(d, e->thread, name, u, NULL, 0, a);
}

static Z3_ast atom_value(void *data, const mc_atom *a) {
  mc_env *e = data;
  mc_drf_ctx *d = e->d;
  Z3_ast v = memo_get(e, a);
  if (v)
    return v;
  int t = e->thread;
  switch (a->kind) {
  case MC_ATOM_TID: v = d->tid[t][a->dim]; break;
  case MC_ATOM_BID: v = d->bid[t][a->dim]; break;
  case MC_ATOM_BDIM: v = d->bdim[a->dim]; break;
  case MC_ATOM_GDIM: v = d->gdim[a->dim]; break;
  case MC_ATOM_WARPSIZE: v = d->ws; break;
  case MC_ATOM_LANE:
  case MC_ATOM_WARPID: {
    /* the linear thread id modulo (divided by) warpSize, through sym */
    mc_sym *s = d->p->accesses->sym;
    const mc_expr *id[3], *dim[2];
    for (unsigned i = 0; i < 3; i++)
      id[i] = mc_sym_builtin(s, MC_ATOM_TID, i);
    for (unsigned i = 0; i < 2; i++)
      dim[i] = mc_sym_builtin(s, MC_ATOM_BDIM, i);
    const mc_expr *lin = mc_expr_add(
        s, id[0], mc_expr_mul(s, dim[0], mc_expr_add(s, id[1], mc_expr_mul(s, dim[1], id[2], 0), 0), 0),
        0);
    const mc_sym_facts *f = mc_sym_facts_of(s);
    const mc_expr *ws = mc_expr_const(s, 32, f->warp_size ? f->warp_size : 32);
    const mc_expr *x = mc_expr_binary(s, a->kind == MC_ATOM_LANE ? MC_EXPR_UREM : MC_EXPR_UDIV,
                                      lin, ws, 0);
    v = x ? mc_z3_term(e->tr, x) : NULL;
    break;
  }
  case MC_ATOM_PARAM: v = param(d, a); break;
  case MC_ATOM_LOOP:
    for (mc_env *f = e; f && !v; f = f->parent) {
      const mc_ploop *l = env_loop(f);
      if (!l)
        continue;
      if (l->iter && l->iter->atom == a) {
        v = f->k;
        break;
      }
      for (unsigned i = 0; i < l->nvars; i++)
        if (l->vars[i].atom == a) {
          v = loop_var(f, &l->vars[i]);
          if (!v)
            return NULL;
          break;
        }
    }
    if (!v) {
      const mc_ploop *l = mc_protocol_exit_loop(d->p, a);
      v = l ? exit_iteration(e, l, a) : fresh(d, a->name, a->width, a->is_signed);
    }
    break;
  case MC_ATOM_UNKNOWN: v = unknown_value(e, a); break;
  }
  if (!v || mc_z3_take_error() || !memo_put(e, a, v))
    return NULL;
  return v;
}

Z3_ast mc_drf_term(mc_drf_ctx *d, mc_env *env, const mc_expr *e) {
  (void)d;
  return mc_z3_term(env->tr, e);
}

Z3_ast mc_drf_nowrap(mc_drf_ctx *d, mc_env *env, const mc_expr *e) {
  (void)d;
  return mc_z3_nowrap(env->tr, e);
}

/* Condition c in env, as a Z3 Boolean; where it holds, what is known of
 * its values not wrapping around holds too. */
static Z3_ast cond(mc_env *env, const mc_expr *c) {
  int64_t v;
  Z3_context z = env->d->z;
  if (mc_expr_is_const(c, &v))
    return v ? Z3_mk_true(z) : Z3_mk_false(z);
  Z3_ast b = mc_z3_bool(env->tr, c), nw = mc_z3_nowrap(env->tr, c);
  if (!b || !nw)
    return NULL;
  if (!Z3_is_eq_ast(z, nw, Z3_mk_true(z)) && !when_live_as(env, Z3_mk_implies(z, b, nw), true))
    return NULL;
  return b;
}

/* ---- Environments --------------------------------------------------------- */

/* A loop `for (v = init; v < n; v += by)` (signed, n loop-invariant) that
 * the protocol does not call monotone because the sign of by is unknown (a
 * grid stride blockDim.x * gridDim.x read as int): when by > 0 and
 * n + by <= 2^31 the steps cannot wrap before v reaches n, so v in
 * iteration k - 1 (env prev) is init + (k - 1) * by over the integers and
 * every earlier iteration stayed. The condition returned holds in every
 * iteration a thread runs; NULL when the loop is not of this form. */
static Z3_ast counting_up(mc_env *prev, const mc_ploop *l) {
  const mc_expr *c = l->stay;
  if (c->op != MC_EXPR_CMP || (c->pred != MC_CMP_SLT && c->pred != MC_CMP_SLE) ||
      c->ops[1]->width != c->ops[0]->width ||
      mc_expr_mentions(c->ops[1], 1u << MC_ATOM_LOOP))
    return NULL;
  const mc_loop_var *v = NULL;
  for (unsigned i = 0; i < l->nvars && !v; i++)
    if (l->vars[i].atom == c->ops[0]->atom && c->ops[0]->op == MC_EXPR_ATOM)
      v = &l->vars[i];
  if (!v || v->step != MC_STEP_ADD || !v->by || !v->init || !v->closed ||
      v->atom->width > 32)
    return NULL;
  Z3_context z = prev->d->z;
  unsigned w = v->atom->width, W = w + 34;
  Z3_ast by = mc_z3_term(prev->parent->tr, v->by);
  Z3_ast init = mc_z3_term(prev->parent->tr, v->init);
  Z3_ast n = mc_z3_term(prev->parent->tr, c->ops[1]);
  Z3_ast value = atom_value(prev, v->atom);
  if (!by || !init || !n || !value)
    return NULL;
  Z3_ast k = Z3_mk_zero_ext(z, W - 32, prev->k);
  Z3_ast wide = Z3_mk_bvadd(z, mc_z3_ext(z, init, W - w, true),
                            Z3_mk_bvmul(z, k, mc_z3_ext(z, by, W - w, true)));
  Z3_ast exact = Z3_mk_eq(z, wide, mc_z3_ext(z, value, W - w, true));
  Z3_ast positive = Z3_mk_bvsgt(z, by, mc_z3_bv_const(z, w, 0));
  Z3_ast limit = mc_z3_bv_const(z, W, UINT64_C(1) << (w - 1));
  Z3_ast may_wrap = Z3_mk_bvsgt(z, Z3_mk_bvadd(z, mc_z3_ext(z, n, W - w, true),
                                               mc_z3_ext(z, by, W - w, true)),
                                limit);
  Z3_ast ops[3] = {Z3_mk_not(z, positive), exact, may_wrap};
  return Z3_mk_or(z, 3, ops);
}

/* Does the thread run iteration k of env's loop (given it entered)? */
static Z3_ast runs_iteration(mc_env *e) {
  mc_drf_ctx *d = e->d;
  Z3_context z = d->z;
  const mc_ploop *l = env_loop(e);
  if (l->last) {
    Z3_ast last = mc_z3_term(e->parent->tr, l->last);
    if (!last)
      return NULL;
    unsigned w = l->last->width;
    if (d->ints)
      return Z3_mk_le(z, e->k, last);
    Z3_ast k = w > 32 ? Z3_mk_zero_ext(z, w - 32, e->k) : e->k;
    return w >= 32 ? Z3_mk_bvule(z, k, last) : NULL;
  }
  Z3_ast zero = is_zero(d, e->k);
  if (!l->stay)
    return Z3_mk_true(z);
  mc_env *prev = env_new(d, e->thread, e->parent, e->loop, minus_one(d, e->k), e);
  Z3_ast stay = prev ? cond(prev, l->stay) : NULL;
  if (stay && !l->monotone && !d->no_wrap) {
    Z3_ast up = counting_up(prev, l);
    if (up)
      stay = mc_z3_and2(z, stay, up);
  }
  return stay ? mc_z3_or2(z, zero, stay) : NULL;
}

static mc_env *env_new(mc_drf_ctx *d, int thread, mc_env *parent,
                       const mc_site *loop, Z3_ast k, mc_env *host) {
  mc_env *e = mc_alloc(d->a, sizeof *e);
  if (!e)
    return NULL;
  e->d = d;
  e->thread = thread;
  e->parent = parent;
  e->loop = loop;
  e->k = k;
  e->previous = host != NULL;
  e->host = host;
  e->live = Z3_mk_true(d->z);
  e->stay = NULL;
  e->tr = mc_z3tr_new(d->a, d->z, atom_value, e);
  if (e->tr && d->abs)
    mc_z3tr_abstract(e->tr, d->abs);
  if (e->tr)
    mc_z3tr_assume_no_wrap(e->tr, d->no_wrap, d->ints);
  return e->tr ? e : NULL;
}

/* Does e's iteration run? An environment made for the end of the
 * previous iteration runs when its successor runs and is not the first:
 * the walk back from iteration 0 of a loop continues before the loop, and
 * what the iteration -1 it also builds says must not hold there. */
static Z3_ast env_live(const mc_env *e) {
  if (!e->host)
    return e->live;
  Z3_context z = e->d->z;
  return mc_z3_and2(z, env_live(e->host), Z3_mk_not(z, is_zero(e->d, e->host->k)));
}

/* The instance of loop `site` inside parent at iteration k: live when the
 * parent is, the loop is entered and iteration k runs. */
static mc_env *loop_env(mc_env *parent, const mc_site *site, Z3_ast k) {
  mc_drf_ctx *d = parent->d;
  mc_env *e = env_new(d, parent->thread, parent, site, k, NULL);
  if (!e)
    return NULL;
  e->in_loop_env = true;
  Z3_ast entered = cond(parent, site->node->guard);
  Z3_ast runs = entered ? runs_iteration(e) : NULL;
  if (!runs)
    return NULL;
  Z3_ast parts[3] = {env_live(parent), entered, runs};
  e->live = Z3_mk_and(d->z, 3, parts);
  e->finished = true;
  for (unsigned i = 0; i < e->npending; i++)
    if (!when_live_as(e, e->pending[i], e->pending_nowrap[i]))
      return NULL;
  return e;
}

mc_env *mc_drf_env_at(mc_drf_ctx *d, int thread, const mc_site *site) {
  const mc_site *chain[MC_DRF_MAX_DEPTH];
  unsigned n = 0;
  for (const mc_site *l = site->loop; l; l = l->loop) {
    if (n == MC_DRF_MAX_DEPTH)
      return NULL;
    chain[n++] = l;
  }
  mc_env *e = d->kernel_env[thread];
  while (e && n--) {
    mc_env **shared = d->shared_envs ? &d->shared_envs[chain[n] - d->sites] : NULL;
    if (shared && *shared) {
      e = *shared;
      continue;
    }
    char name[64];
    snprintf(name, sizeof name, "k%u@%d", chain[n]->node->loop->index + 1,
             thread + 1);
    Z3_ast k = fresh(d, name, 32, false);
    e = k ? loop_env(e, chain[n], k) : NULL;
    if (shared)
      *shared = e;
  }
  return e;
}

Z3_ast mc_drf_live(const mc_env *env) { return env->live; }

Z3_ast mc_drf_runs(mc_drf_ctx *d, mc_env *env, const mc_site *site) {
  Z3_ast g = cond(env, site->node->guard);
  return g ? mc_z3_and2(d->z, env->live, g) : NULL;
}

/* ---- Barrier intervals ---------------------------------------------------- */

static bool is_barrier(mc_drf_ctx *d, const mc_pnode *n, bool warp) {
  if (n->kind != MC_PN_SYNC && !(warp && n->kind == MC_PN_SYNCWARP))
    return false;
  if (!n->barrier || n->barrier->verdict == MC_LS_BARRIER_NOT_A_BARRIER)
    return false;
  if (n->barrier->verdict != MC_LS_BARRIER_OK) {
    d->approx = mc_sprintf(d->a, "%s at line %u may not synchronize the whole "
                           "%s and is not counted as a barrier",
                           n->barrier->name, n->barrier->line,
                           n->kind == MC_PN_SYNC ? "block" : "warp");
    return false;
  }
  int64_t mask;
  /* a partial mask orders only its lanes: not counted */
  if (n->kind == MC_PN_SYNCWARP &&
      (!n->mask || !mc_expr_is_const(n->mask, &mask) ||
       (uint32_t)mask != 0xffffffffu))
    return false;
  return true;
}

static bool has_barrier(const mc_pnode *n, bool warp) {
  return n->kind == MC_PN_LOOP &&
         (n->loop->synchronized || (warp && n->loop->warp_synchronized));
}

/* The set of one interval number, or NULL when out of memory (any). */
static const uint64_t *one_id(mc_drf_ctx *d, uint64_t id) {
  uint64_t *s = mc_alloc(d->a, d->id_words * sizeof *s);
  if (s) {
    memset(s, 0, d->id_words * sizeof *s);
    s[id / 64] |= UINT64_C(1) << (id % 64);
  }
  return s;
}

static void phase_start(mc_drf_ctx *d, mc_phase *out) {
  out->id = num(d, 16, 0);
  out->ids = one_id(d, 0);
  for (unsigned i = 0; i < d->depth; i++)
    out->k[i] = num(d, 32, 0);
}

/* Why an interval may be any: a loop's barriers skipped in an iteration,
 * or the walk's budget spent (bits of mc_drf_ctx.any_why). */
enum { SKIPPED = 1, CAPPED = 2 };

/* Any interval: numbered from MC_DRF_ANY_INTERVAL up, so that a model can
 * tell whether it relies on one. */
static bool phase_fresh(mc_drf_ctx *d, unsigned why, mc_phase *out) {
  out->id = fresh(d, "interval", 16, false);
  out->ids = NULL;
  if (!out->id ||
      !mc_drf_side(d, mc_num_ule(d->z, d->ints, num(d, 16, MC_DRF_ANY_INTERVAL), out->id)))
    return false;
  for (unsigned i = 0; i < d->depth; i++)
    if (!(out->k[i] = fresh(d, "interval.k", 32, false)))
      return false;
  d->any_interval = true;
  d->any_why |= why;
  return true;
}

#define SKIPPED_WHY                                                                        \
  "a synchronized loop whose barriers may all be skipped in an iteration: its barrier "  \
  "intervals are over-approximated"
#define CAPPED_WHY                                                                         \
  "nested synchronized loops: a barrier interval more than 128 loop instances back is "  \
  "over-approximated"
_Static_assert(MC_DRF_WALK_MAX == 128, "CAPPED_WHY names the limit");

const char *mc_drf_any_why(const mc_drf_ctx *d) {
  switch (d->any_why) {
  case SKIPPED: return SKIPPED_WHY;
  case CAPPED: return CAPPED_WHY;
  default: return SKIPPED_WHY "; " CAPPED_WHY;
  }
}

/* Takes one loop instance from the walk's budget; false when it is spent
 * (the walk gives up: any interval). */
static bool walk_on(mc_drf_ctx *d) {
  if (!d->walk_left)
    return false;
  d->walk_left--;
  return true;
}

static void phase_of(mc_drf_ctx *d, const mc_site *barrier, mc_env *env,
                     mc_phase *out) {
  out->id = num(d, 16, (uint64_t)(barrier - d->sites) + 1);
  out->ids = one_id(d, (uint64_t)(barrier - d->sites) + 1);
  unsigned n = 0;
  for (mc_env *e = env; e && e->loop; e = e->parent)
    n++;
  unsigned i = n;
  for (mc_env *e = env; e && e->loop; e = e->parent)
    out->k[--i] = e->k;
  for (i = n; i < d->depth; i++)
    out->k[i] = num(d, 32, 0);
}

static void phase_ite(mc_drf_ctx *d, Z3_ast c, const mc_phase *a,
                      const mc_phase *b, mc_phase *out) {
  out->id = Z3_mk_ite(d->z, c, a->id, b->id);
  for (unsigned i = 0; i < d->depth; i++) /* deeper than both: 0 in both */
    out->k[i] = a->k[i] == b->k[i] ? a->k[i] : Z3_mk_ite(d->z, c, a->k[i], b->k[i]);
  uint64_t *ids = a->ids && b->ids ? mc_alloc(d->a, d->id_words * sizeof *ids) : NULL;
  for (unsigned i = 0; ids && i < d->id_words; i++)
    ids[i] = a->ids[i] | b->ids[i];
  out->ids = ids;
}

/* ite(c, a, b), or the side the guard's known value (guard below) picks:
 * the other side was not computed. */
static void phase_pick(mc_drf_ctx *d, Z3_ast c, int known, const mc_phase *a,
                       const mc_phase *b, mc_phase *out) {
  if (known == 1)
    *out = *a;
  else if (known == 0)
    *out = *b;
  else
    phase_ite(d, c, a, b, out);
}

static bool scan(mc_env *e, unsigned pos, bool warp, mc_phase *out);

/* Guard g of a node in e's body as a term, and *known its value where the
 * walk knows it (1, 0), else -1: a guard that is the loop's own stay
 * condition (unrotated loops: `for (;;) { if (i < n) { body } }`) takes
 * the value the walk knows stay has. Deciding it here keeps the walk from
 * descending into both branches, which nested loops would multiply. */
static Z3_ast guard(mc_env *e, const mc_expr *g, int *known) {
  Z3_ast c = cond(e, g);
  *known = c && e->stay && Z3_is_eq_ast(e->d->z, c, e->stay) ? e->stays : -1;
  return c;
}

/* The interval at the end of one iteration of loop node `site` entered from
 * env: a fresh last iteration L, with its constraints. */
static bool scan_loop_end(mc_env *env, const mc_site *site, bool warp,
                          mc_phase *out) {
  mc_drf_ctx *d = env->d;
  if (!walk_on(d))
    return phase_fresh(d, CAPPED, out);
  char name[64];
  snprintf(name, sizeof name, "last%u@%d", site->node->loop->index + 1,
           env->thread + 1);
  Z3_ast last = fresh(d, name, 32, false);
  mc_env *in = last ? loop_env(env, site, last) : NULL;
  if (!in)
    return false;
  /* live(env) and entered: L runs and is the last */
  Z3_ast entered = cond(env, site->node->guard);
  Z3_ast stay = site->node->loop->stay ? cond(in, site->node->loop->stay)
                                       : Z3_mk_false(d->z);
  if (!entered || !stay)
    return false;
  Z3_ast pre = mc_z3_and2(d->z, env_live(env), entered);
  Z3_ast post = mc_z3_and2(d->z, in->live, Z3_mk_not(d->z, stay));
  if (!mc_drf_side(d, Z3_mk_implies(d->z, pre, post)))
    return false;
  in->stay = stay;
  in->stays = false;
  return scan(in, site->node->nbody, warp, out);
}

/* The interval at position pos (before body[pos]) of env's body. */
static bool scan(mc_env *e, unsigned pos, bool warp, mc_phase *out) {
  mc_drf_ctx *d = e->d;
  const mc_pnode *body;
  unsigned n;
  body_of(e, &body, &n);
  if (!e->scan[warp]) {
    e->scan[warp] = mc_alloc(d->a, (n + 1) * sizeof(mc_phase));
    e->scanned[warp] = mc_alloc(d->a, (n + 1) * sizeof(bool));
    if (!e->scan[warp] || !e->scanned[warp])
      return false;
  }
  if (e->scanned[warp][pos]) {
    *out = e->scan[warp][pos];
    return true;
  }
  mc_phase r;
  if (pos == 0) {
    if (!e->loop) {
      phase_start(d, &r);
    } else if (!has_barrier(e->loop->node, warp)) {
      /* no barrier inside: every iteration is in the interval before it */
      if (!scan(e->parent, e->loop->index, warp, &r))
        return false;
    } else {
      const mc_site *ls = e->loop;
      Z3_ast first = is_zero(d, e->k);
      mc_phase before, prev;
      if (!scan(e->parent, ls->index, warp, &before))
        return false;
      if (e->previous || !walk_on(d)) {
        if (!phase_fresh(d, e->previous ? SKIPPED : CAPPED, &prev))
          return false;
      } else {
        mc_env *p = env_new(d, e->thread, e->parent, ls, minus_one(d, e->k), e);
        if (!p)
          return false;
        if (ls->node->loop->stay) { /* iteration k runs: k - 1 stayed */
          p->stay = cond(p, ls->node->loop->stay);
          p->stays = true;
        }
        if (!scan(p, n, warp, &prev))
          return false;
      }
      phase_ite(d, first, &before, &prev, &r);
    }
  } else {
    const mc_pnode *b = &body[pos - 1];
    const mc_site *bs = mc_drf_site(d, b);
    if (is_barrier(d, b, warp)) {
      mc_phase at;
      phase_of(d, bs, e, &at);
      int64_t always;
      if (mc_expr_is_const(b->guard, &always) && always) {
        r = at;
      } else {
        mc_phase other;
        int known;
        Z3_ast g = guard(e, b->guard, &known);
        if (!g || (known != 1 && !scan(e, pos - 1, warp, &other)))
          return false;
        phase_pick(d, g, known, &at, &other, &r);
      }
    } else if (has_barrier(b, warp)) {
      mc_phase inside, other;
      int known;
      Z3_ast g = guard(e, b->guard, &known);
      if (!g || (known != 0 && !scan_loop_end(e, bs, warp, &inside)) ||
          (known != 1 && !scan(e, pos - 1, warp, &other)))
        return false;
      phase_pick(d, g, known, &inside, &other, &r);
    } else if (!scan(e, pos - 1, warp, &r)) {
      return false;
    }
  }
  if (mc_z3_take_error())
    return false;
  e->scan[warp][pos] = r;
  e->scanned[warp][pos] = true;
  *out = r;
  return true;
}

bool mc_drf_phase(mc_drf_ctx *d, mc_env *env, const mc_site *site, bool warp,
                  mc_phase *out) {
  d->walk_left = MC_DRF_WALK_MAX;
  return scan(env, site->index, warp, out);
}

Z3_ast mc_drf_phase_eq(mc_drf_ctx *d, const mc_phase *a, const mc_phase *b) {
  Z3_ast parts[MC_DRF_MAX_DEPTH + 1];
  unsigned n = 0;
  parts[n++] = Z3_mk_eq(d->z, a->id, b->id);
  for (unsigned i = 0; i < d->depth; i++)
    parts[n++] = Z3_mk_eq(d->z, a->k[i], b->k[i]);
  return mc_z3_and(d->z, parts, n);
}

bool mc_drf_phase_may_meet(const mc_drf_ctx *d, const mc_phase *a, const mc_phase *b) {
  if (!a->ids || !b->ids)
    return true;
  for (unsigned i = 0; i < d->id_words; i++)
    if (a->ids[i] & b->ids[i])
      return true;
  return false;
}

Z3_ast mc_drf_warp(mc_drf_ctx *d, int thread) {
  static const mc_atom warp = {.kind = MC_ATOM_WARPID, .width = 32,
                               .name = "%warpid"};
  return atom_value(d->kernel_env[thread], &warp);
}

void mc_drf_env_vars(mc_drf_ctx *d, mc_env *env,
                     void (*fn)(void *data, const mc_atom *a, Z3_ast v),
                     void *data) {
  (void)d;
  if (!env || !env->loop)
    return;
  mc_drf_env_vars(d, env->parent, fn, data);
  const mc_ploop *l = env_loop(env);
  for (unsigned i = 0; i < l->nvars; i++) {
    /* without a closed form (nor a toggle), a value is not the loop's */
    if (!l->vars[i].closed && l->vars[i].step != MC_STEP_TOGGLE)
      continue;
    Z3_ast v = atom_value(env, l->vars[i].atom);
    if (v)
      fn(data, l->vars[i].atom, v);
  }
}

unsigned mc_drf_env_approx(const mc_env *env, const char **out, unsigned n,
                           unsigned max) {
  for (const mc_env *e = env; e && e->loop; e = e->parent) {
    const mc_pnode *ln = e->loop->node;
    const char *why[2] = {ln->guard_approx, ln->loop->approx};
    for (unsigned i = 0; i < 2; i++) {
      bool seen = !why[i];
      for (unsigned j = 0; j < n && !seen; j++)
        seen = !strcmp(out[j], why[i]);
      if (!seen && n < max)
        out[n++] = why[i];
    }
  }
  return n;
}

/* ---- The kernel's context -------------------------------------------------- */

static void add_sites(mc_drf_ctx *d, const mc_pnode *nodes, unsigned n,
                      const mc_site *loop, unsigned depth) {
  for (unsigned i = 0; i < n; i++) {
    mc_site *s = &d->sites[d->nsites++];
    *s = (mc_site){&nodes[i], nodes, n, i, depth, loop};
    if (nodes[i].kind == MC_PN_LOOP) {
      if (depth + 1 > d->depth)
        d->depth = depth + 1;
      add_sites(d, nodes[i].body, nodes[i].nbody, s, depth + 1);
    }
  }
}

static unsigned count_nodes(const mc_pnode *nodes, unsigned n) {
  unsigned c = n;
  for (unsigned i = 0; i < n; i++)
    if (nodes[i].kind == MC_PN_LOOP)
      c += count_nodes(nodes[i].body, nodes[i].nbody);
  return c;
}

const mc_site *mc_drf_site(const mc_drf_ctx *d, const mc_pnode *n) {
  /* sites are in preorder and nodes of one body are contiguous */
  for (unsigned i = 0; i < d->nsites; i++)
    if (d->sites[i].node == n)
      return &d->sites[i];
  return NULL;
}

/* A 32-bit built-in (a dimension or an index) in the range r the facts
 * give: a number when r has one value (a fixed or unread dimension, so that
 * its products stay linear); else an integer, or a bit-vector as narrow as
 * r.hi needs zero-extended, so that the products of dimensions and indices
 * are as narrow as CUDA's limits allow (Z3's bit-blasting of a 32-bit
 * product of an 11-bit blockDim is then 11 columns wide, not 32). */
static Z3_ast builtin_var(mc_drf_ctx *d, const char *name, mc_interval r) {
  Z3_context z = d->z;
  if (r.lo == r.hi && r.lo >= 0 && r.lo <= 0xffffffff)
    return num(d, 32, (uint64_t)r.lo);
  if (d->ints)
    return Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_mk_int_sort(z));
  unsigned bits = 1;
  while (bits < 32 && r.hi >> bits)
    bits++;
  Z3_ast v = mc_z3_var(z, name, bits);
  return bits < 32 ? Z3_mk_zero_ext(z, 32 - bits, v) : v;
}

bool mc_drf_ctx_init(mc_drf_ctx *d, mc_arena *a, const mc_protocol *p,
                     const mc_options *o, Z3_context z) {
  memset(d, 0, sizeof *d);
  d->a = a;
  d->p = p;
  d->o = o;
  d->z = z;
  d->no_wrap = !o->wrap_around;
  unsigned n = count_nodes(p->nodes, p->nnodes);
  if (n >= MC_DRF_ANY_INTERVAL)
    return false;
  d->sites = mc_alloc(a, (n + 1) * sizeof *d->sites);
  if (!d->sites)
    return false;
  add_sites(d, p->nodes, p->nnodes, NULL, 0);
  d->id_words = d->nsites / 64 + 1;
  return d->depth <= MC_DRF_MAX_DEPTH;
}

static Z3_ast within(mc_drf_ctx *d, Z3_ast v, mc_interval r) {
  int64_t lo = r.lo < 0 ? 0 : r.lo, hi = r.hi > 0xffffffff ? 0xffffffff : r.hi;
  return mc_z3_and2(d->z, mc_num_ule(d->z, d->ints, num(d, 32, (uint64_t)lo), v),
                    mc_num_ule(d->z, d->ints, v, num(d, 32, (uint64_t)hi)));
}

bool mc_drf_query_begin(mc_drf_ctx *d, bool grid) {
  Z3_context z = d->z;
  d->nside = 0;
  d->grid = grid;
  d->ncounted = 0;
  d->functions = false;
  d->approx = NULL;
  d->any_interval = false;
  d->any_why = 0;
  d->query++;
  const mc_sym_facts *f = mc_sym_facts_of(d->p->accesses->sym);
  static const char *const dim = "xyz";
  for (unsigned i = 0; i < 3; i++) {
    char name[32];
    snprintf(name, sizeof name, "blockDim.%c", dim[i]);
    d->bdim[i] = builtin_var(d, name, f->bdim[i]);
    snprintf(name, sizeof name, "gridDim.%c", dim[i]);
    d->gdim[i] = builtin_var(d, name, f->gdim[i]);
  }
  d->ws = num(d, 32, f->warp_size ? f->warp_size : 32);
  for (int t = 0; t < 2; t++)
    for (unsigned i = 0; i < 3; i++) {
      char name[32];
      snprintf(name, sizeof name, "threadIdx.%c@%d", dim[i], t + 1);
      d->tid[t][i] = builtin_var(d, name, f->tid[i]);
      snprintf(name, sizeof name, "blockIdx.%c@%d", dim[i], t + 1);
      d->bid[t][i] = t == 1 && !grid ? d->bid[0][i] : builtin_var(d, name, f->bid[i]);
    }
  /* the launch within CUDA's limits and the facts */
  Z3_ast threads = mc_z3_bv_const(z, 64, 1);
  for (unsigned i = 0; i < 3; i++) {
    mc_drf_side(d, within(d, d->bdim[i], f->bdim[i]));
    mc_drf_side(d, within(d, d->gdim[i], f->gdim[i]));
    mc_drf_side(d, mc_num_ule(z, d->ints, num(d, 32, 1), d->bdim[i]));
    mc_drf_side(d, mc_num_ule(z, d->ints, num(d, 32, 1), d->gdim[i]));
    for (int t = 0; t < 2; t++) {
      mc_drf_side(d, mc_num_ult(z, d->ints, d->tid[t][i], d->bdim[i]));
      mc_drf_side(d, mc_num_ult(z, d->ints, d->bid[t][i], d->gdim[i]));
      mc_drf_side(d, mc_num_ule(z, d->ints, num(d, 32, 0), d->tid[t][i]));
      mc_drf_side(d, mc_num_ule(z, d->ints, num(d, 32, 0), d->bid[t][i]));
    }
    if (d->ints) /* products: the bit-vector query has them */
      continue;
    threads = Z3_mk_bvmul(z, threads, Z3_mk_zero_ext(z, 32, d->bdim[i]));
    /* MC_DRF_GRID_ASSUMPTION */
    mc_drf_side(d, Z3_mk_bvule(z, Z3_mk_bvmul(z, Z3_mk_zero_ext(z, 32, d->gdim[i]),
                                              Z3_mk_zero_ext(z, 32, d->bdim[i])),
                               mc_z3_bv_const(z, 64, (UINT64_C(1) << 31) - 1)));
  }
  const mc_launch_bounds *b = &d->p->kernel->bounds;
  uint64_t max = 1024;
  if (b->maxntid[0])
    max = (uint64_t)b->maxntid[0] * (b->maxntid[1] ? b->maxntid[1] : 1) *
          (b->maxntid[2] ? b->maxntid[2] : 1);
  if (!d->ints)
    mc_drf_side(d, Z3_mk_bvule(z, threads, mc_z3_bv_const(z, 64, max)));
  /* parameters met so far within their facts */
  for (unsigned i = 0; i < d->nparam_vars; i++)
    if (!param_term(d, i))
      return false;
  for (int t = 0; t < 2; t++) {
    d->kernel_env[t] = env_new(d, t, NULL, NULL, NULL, NULL);
    if (!d->kernel_env[t])
      return false;
    d->kernel_env[t]->finished = true; /* always live */
  }
  /* the kernel's preconditions hold in both threads (unknowns in them are
   * any value) */
  for (unsigned i = 0; i < d->p->npre; i++)
    for (int t = 0; t < 2; t++)
      if (!mc_drf_side(d, cond(d->kernel_env[t], d->p->pre[i].cond)))
        return false;
  return !mc_z3_take_error();
}

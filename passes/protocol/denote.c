/* denote.c - what a protocol says the threads of a concrete launch do.
 *
 * The test oracle's view of a protocol (protocol.h, "Denotation"): each
 * thread walks the tree with its ids, the launch's dimensions and the
 * given parameters; loops iterate from init by next until stay fails. What
 * depends on an unknown is taken every way it could go (see protocol.h),
 * so the accesses reported contain what the protocol denotes; where the
 * protocol is exact nothing is unknown and they are exactly that.
 */
#include "protocol_impl.h"

#include <string.h>

typedef struct {
  const mc_atom *atom;
  bool known;
  uint64_t bits;
} binding;

typedef struct {
  const mc_protocol *p;
  mc_arena *a;
  mc_eval_env env;
  const uint64_t *params;
  const bool *has_param;
  binding *b;
  unsigned nb, cap;
  uint64_t phase, iterations, budget;
  bool any_phase;
  mc_denote_fn fn;
  void *user;
  const char *error;
} denoter;

static bool lookup(void *data, const mc_atom *a, uint64_t *bits) {
  denoter *d = data;
  if (a->kind == MC_ATOM_PARAM)
    return d->has_param && d->has_param[a->index] && (*bits = d->params[a->index], true);
  for (unsigned i = d->nb; i-- > 0;)
    if (d->b[i].atom == a) {
      *bits = d->b[i].bits;
      return d->b[i].known;
    }
  return false;
}

static bool push(denoter *d, const mc_atom *a) {
  if (d->nb == d->cap) {
    unsigned cap = d->cap ? 2 * d->cap : 16;
    binding *v = mc_alloc(d->a, cap * sizeof *v);
    if (!v)
      return false;
    if (d->nb)
      memcpy(v, d->b, d->nb * sizeof *v);
    d->b = v;
    d->cap = cap;
  }
  d->b[d->nb++] = (binding){a, false, 0};
  return true;
}

/* 1: known true, 0: known false, -1: unknown. */
static int truth(denoter *d, const mc_expr *e) {
  uint64_t bits;
  if (mc_expr_eval(e, &d->env, &bits) != MC_EVAL_OK)
    return -1;
  return bits != 0;
}

static bool value(denoter *d, const mc_expr *e, uint64_t *bits) {
  return e && mc_expr_eval(e, &d->env, bits) == MC_EVAL_OK;
}

static void emit(denoter *d, const mc_pnode *n, bool maybe, bool any) {
  mc_denoted_access x = {.node = n, .maybe = maybe};
  for (int i = 0; i < 3; i++) {
    x.block[i] = d->env.bid[i];
    x.tid[i] = d->env.tid[i];
  }
  x.any_phase = any || d->any_phase;
  x.phase = d->phase;
  x.any_offset = any || n->access->base != MC_BASE_ARRAY ||
                 !value(d, n->access->offset, &x.offset) ||
                 !value(d, n->access->size, &x.bytes);
  d->fn(d->user, &x);
}

/* Every access below v, anywhere and at any time (a loop whose iterations
 * are not known); any interval afterwards when there is a barrier. */
static void emit_any(denoter *d, const mc_pnode *v, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (v[i].kind == MC_PN_ACCESS)
      emit(d, &v[i], true, true);
    else if (v[i].kind == MC_PN_LOOP)
      emit_any(d, v[i].body, v[i].nbody);
    else if (v[i].kind == MC_PN_SYNC)
      d->any_phase = true;
  }
}

static bool walk(denoter *d, const mc_pnode *v, unsigned n, bool maybe);

/* A closed form or last iteration that disagrees with the iteration. */
static void check(denoter *d, const mc_expr *e, uint64_t want, const char *what) {
  uint64_t bits;
  if (!d->error && value(d, e, &bits) && bits != want)
    d->error = what;
}

static bool run_loop(denoter *d, const mc_pnode *node, bool maybe) {
  const mc_ploop *l = node->loop;
  unsigned base = d->nb;
  if (!push(d, l->iter->atom))
    return false;
  for (unsigned i = 0; i < l->nvars; i++) {
    if (!push(d, l->vars[i].atom))
      return false;
    binding *x = &d->b[d->nb - 1];
    x->known = value(d, l->vars[i].init, &x->bits);
  }
  uint64_t *next = mc_alloc(d->a, (l->nvars + 1) * sizeof *next);
  bool *known = mc_alloc(d->a, (l->nvars + 1) * sizeof *known);
  if (!next || !known)
    return false;
  bool left = false; /* known to have left at iteration k */
  uint64_t k;
  for (k = 0;; k++) {
    d->nb = base + 1 + l->nvars; /* the inner loops' exits of the last iteration go */
    if (++d->iterations > d->budget) {
      emit_any(d, node->body, node->nbody);
      break;
    }
    d->b[base].bits = k;
    d->b[base].known = k <= UINT32_MAX;
    for (unsigned i = 0; i < l->nvars; i++)
      if (d->b[base + 1 + i].known)
        check(d, l->vars[i].closed, d->b[base + 1 + i].bits,
              "a loop variable's closed form differs from its iterated value");
    if (!walk(d, node->body, node->nbody, maybe))
      return false;
    int stay = truth(d, l->stay);
    if (stay == 0) {
      if (l->last)
        check(d, l->last, k, "a loop's last iteration differs from the iterated one");
      left = true;
      break;
    }
    if (stay < 0) { /* any number of further iterations */
      emit_any(d, node->body, node->nbody);
      break;
    }
    for (unsigned i = 0; i < l->nvars; i++)
      known[i] = value(d, l->vars[i].next, &next[i]);
    for (unsigned i = 0; i < l->nvars; i++) {
      d->b[base + 1 + i].known = known[i];
      d->b[base + 1 + i].bits = next[i];
    }
  }
  /* The inner loops' exits of the last iteration stay (the most recent
   * instance of each), the loop's own variables go. */
  unsigned inner = base + 1 + l->nvars;
  if (d->nb > inner)
    memmove(&d->b[base], &d->b[inner], (d->nb - inner) * sizeof *d->b);
  d->nb = base + (d->nb > inner ? d->nb - inner : 0);
  if (!push(d, l->exit->atom))
    return false;
  d->b[d->nb - 1].known = left;
  d->b[d->nb - 1].bits = k;
  return true;
}

static bool walk(denoter *d, const mc_pnode *v, unsigned n, bool maybe) {
  for (unsigned i = 0; i < n; i++) {
    const mc_pnode *x = &v[i];
    int g = truth(d, x->guard);
    if (g == 0)
      continue;
    bool m = maybe || g < 0;
    switch (x->kind) {
    case MC_PN_ACCESS:
      emit(d, x, m, false);
      break;
    case MC_PN_SYNC:
      if (m)
        d->any_phase = true;
      d->phase++;
      break;
    case MC_PN_LOOP:
      if (!run_loop(d, x, m))
        return false;
      break;
    default:
      break;
    }
  }
  return true;
}

bool mc_protocol_denote(const mc_protocol *p, const unsigned block_dim[3],
                        const unsigned grid_dim[3], const uint64_t *params,
                        const bool *has_param, uint64_t budget, mc_denote_fn fn,
                        void *user, const char **error) {
  *error = NULL;
  if (p->failed)
    return true;
  mc_arena *a = mc_arena_new();
  if (!a)
    return false;
  denoter d = {.p = p, .a = a, .params = params, .has_param = has_param, .fn = fn,
               .user = user, .budget = budget ? budget : 1000000};
  d.env.value = lookup;
  d.env.data = &d;
  d.env.warp_size = mc_sym_facts_of(p->accesses->sym)->warp_size;
  for (int i = 0; i < 3; i++) {
    d.env.bdim[i] = block_dim[i];
    d.env.gdim[i] = grid_dim[i];
  }
  bool ok = true;
  for (unsigned bz = 0; ok && bz < grid_dim[2]; bz++)
    for (unsigned by = 0; ok && by < grid_dim[1]; by++)
      for (unsigned bx = 0; ok && bx < grid_dim[0]; bx++)
        for (unsigned z = 0; ok && z < block_dim[2]; z++)
          for (unsigned y = 0; ok && y < block_dim[1]; y++)
            for (unsigned x = 0; ok && x < block_dim[0]; x++) {
              d.env.bid[0] = bx, d.env.bid[1] = by, d.env.bid[2] = bz;
              d.env.tid[0] = x, d.env.tid[1] = y, d.env.tid[2] = z;
              d.phase = d.iterations = 0;
              d.any_phase = false;
              d.nb = 0;
              ok = walk(&d, p->nodes, p->nnodes, false);
            }
  *error = d.error;
  mc_arena_free(a);
  return ok;
}

/* protocol.c - a kernel's memory access protocol (seed 001 §3).
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-protocols>' \
 *       -disable-output k.ll
 *
 * The lock-step form's blocks, in its order, become a tree: a loop's blocks
 * (contiguous, header first) become a LOOP node under the loop's entry
 * condition, and every other block contributes its accesses, barriers,
 * assumptions and opaque calls, in instruction order, each under the
 * block's relative predicate (guard.c). Loops are built by loops.c.
 */
#include "protocol_impl.h"

#include <stdlib.h>
#include <string.h>

/* What a block contributes, before it is placed. */
typedef struct {
  LLVMValueRef inst;
  unsigned pos;  /* in its block */
  mc_pnode node; /* kind and payload; guard and block set when placed */
} pr_item;

typedef struct {
  pr_item *items;
  unsigned n, cap;
} pr_bucket;

static bool add_item(pr_build *b, pr_bucket *buckets, LLVMValueRef inst,
                     const mc_pnode *node) {
  int x = mc_ls_block_index(b->ls, LLVMGetInstructionParent(inst));
  if (x < 0)
    return true; /* unreachable: never runs */
  if (!mc_spend(b->a, 1, "protocol"))
    return false;
  pr_bucket *k = &buckets[x];
  if (k->n == k->cap) {
    unsigned cap = k->cap ? 2 * k->cap : 4;
    pr_item *v = mc_alloc(b->a, cap * sizeof *v);
    if (!v)
      return false;
    if (k->n)
      memcpy(v, k->items, k->n * sizeof *v);
    k->items = v;
    k->cap = cap;
  }
  k->items[k->n++] = (pr_item){inst, 0, *node};
  return true;
}

static int by_inst(const void *x, const void *y) {
  const pr_item *a = x, *b = y;
  return a->inst < b->inst ? -1 : a->inst > b->inst;
}

static int by_position(const void *x, const void *y) {
  const pr_item *a = x, *b = y;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* Puts a block's items in instruction order. */
static void order_items(pr_bucket *k, LLVMBasicBlockRef bb) {
  qsort(k->items, k->n, sizeof *k->items, by_inst);
  unsigned pos = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i), pos++) {
    pr_item key = {.inst = i};
    pr_item *it = bsearch(&key, k->items, k->n, sizeof *k->items, by_inst);
    /* an instruction may carry several items: all the equal ones */
    for (pr_item *j = it; j && j >= k->items && j->inst == i; j--)
      j->pos = pos;
    for (pr_item *j = it; j && j < k->items + k->n && j->inst == i; j++)
      j->pos = pos;
  }
  qsort(k->items, k->n, sizeof *k->items, by_position);
}

static const char *access_approx(pr_build *b, const mc_access *x) {
  if (x->base == MC_BASE_UNKNOWN)
    return mc_sprintf(b->a, "the pointer is not followed to an array: %s", x->base_reason);
  return pr_first(pr_vague(b, x->offset, "the index"),
                  pr_vague(b, x->size, "the size"));
}

/* x, or a copy of it whose offset no longer has values after loops as
 * unknowns (pr_after_loops). NULL when out of memory. */
static const mc_access *after_loops(pr_build *b, const mc_access *x) {
  const mc_expr *off = pr_after_loops(b, x->offset), *size = pr_after_loops(b, x->size);
  const mc_expr *index = x->index ? pr_after_loops(b, x->index) : NULL;
  const mc_expr *when = x->when ? pr_after_loops(b, x->when) : NULL;
  if (!off || !size || (x->index && !index) || (x->when && !when))
    return NULL;
  if (off == x->offset && size == x->size && index == x->index && when == x->when)
    return x;
  mc_access *c = mc_alloc(b->a, sizeof *c);
  if (!c)
    return NULL;
  *c = *x;
  c->offset = off;
  c->size = size;
  c->index = index;
  c->when = when;
  return c;
}

static bool collect(pr_build *b, pr_bucket *buckets) {
  const mc_kernel_accesses *ka = b->p->accesses;
  for (unsigned i = 0; i < ka->naccesses; i++) {
    const mc_access *x = &ka->accesses[i];
    if (x->base == MC_BASE_LOCAL)
      continue; /* the thread's own memory */
    if (!(x = after_loops(b, x)))
      return false;
    mc_pnode n = {.kind = MC_PN_ACCESS, .access = x, .approx = access_approx(b, x)};
    if (!add_item(b, buckets, x->inst, &n))
      return false;
  }
  for (unsigned i = 0; i < ka->nunsupported; i++) {
    const mc_unsupported *u = &ka->unsupported[i];
    mc_pnode n = {.kind = MC_PN_OPAQUE, .opaque = u, .approx = u->reason};
    if (!add_item(b, buckets, u->inst, &n))
      return false;
  }
  for (unsigned i = 0; i < b->ls->nbarriers; i++) {
    const mc_ls_barrier *br = &b->ls->barriers[i];
    if (br->verdict == MC_LS_BARRIER_NOT_A_BARRIER)
      continue;
    mc_pnode n = {.kind = br->scope == MC_UNIFORM_WARP ? MC_PN_SYNCWARP : MC_PN_SYNC,
                  .barrier = br};
    if (n.kind == MC_PN_SYNCWARP)
      n.mask = br->operand ? pr_after_loops(b, mc_translate(b->t, br->operand))
                           : mc_expr_const(b->s, 32, -1);
    if (n.kind == MC_PN_SYNCWARP && !n.mask)
      return false;
    if (!add_item(b, buckets, br->call, &n))
      return false;
  }
  const mc_kernel *k = b->p->kernel;
  for (unsigned i = 0; i < k->nfacts; i++) {
    const mc_fact *f = &k->facts[i];
    if (f->kind != MC_FACT_ASSUME || f->at_entry || !f->value)
      continue;
    mc_pnode n = {.kind = MC_PN_ASSUME, .fact = f,
                  .cond = pr_after_loops(b, mc_translate(b->t, f->value))};
    if (!n.cond || !add_item(b, buckets, f->call, &n))
      return false;
  }
  for (unsigned x = 0; x < b->ls->nblocks; x++)
    if (buckets[x].n > 1)
      order_items(&buckets[x], b->ls->blocks[x].bb);
  return true;
}

/* The nodes of blocks[from..to] at loop level `loop` (-1: the kernel). */
static bool build_level(pr_build *b, const pr_bucket *buckets, int loop,
                        unsigned from, unsigned to, mc_pnode **out, unsigned *nout) {
  const mc_lockstep *ls = b->ls;
  unsigned cap = 0;
  for (unsigned x = from; x <= to; x++)
    cap += buckets[x].n + 1;
  mc_pnode *v = mc_alloc(b->a, (cap + 1) * sizeof *v);
  if (!v)
    return false;
  unsigned n = 0;
  for (unsigned x = from; x <= to; x++) {
    const mc_ls_block *blk = &ls->blocks[x];
    if (blk->loop != loop) { /* the header of a loop directly inside */
      int l = blk->loop;
      while (ls->loops[l].parent != loop)
        l = ls->loops[l].parent;
      const mc_ls_loop *ll = &ls->loops[l];
      mc_pnode *node = &v[n++];
      node->kind = MC_PN_LOOP;
      node->block = x;
      mc_ploop *pl = &b->p->loops[l];
      node->loop = pl;
      if (!(node->guard = pr_guard(b, ll->rel, &node->guard_approx)))
        return false;
      mc_pnode *body;
      unsigned nbody;
      if (!build_level(b, buckets, l, ll->header, ll->last, &body, &nbody))
        return false;
      node->body = body;
      node->nbody = nbody;
      for (unsigned i = 0; i < nbody; i++) {
        pl->synchronized |= body[i].kind == MC_PN_SYNC ||
                                    (body[i].kind == MC_PN_LOOP && body[i].loop->synchronized);
        pl->warp_synchronized |=
            body[i].kind == MC_PN_SYNCWARP ||
            (body[i].kind == MC_PN_LOOP && body[i].loop->warp_synchronized);
      }
      x = ll->last;
      continue;
    }
    const char *why = NULL;
    const mc_expr *guard = NULL;
    for (unsigned i = 0; i < buckets[x].n; i++) {
      if (!guard && !(guard = pr_guard(b, blk->rel, &why)))
        return false;
      mc_pnode *node = &v[n++];
      *node = buckets[x].items[i].node;
      node->block = x;
      node->guard = guard;
      node->guard_approx = why;
      /* an access through a pointer chosen between arrays: also when the
       * pointer is into this one */
      const mc_expr *when = node->kind == MC_PN_ACCESS ? node->access->when : NULL;
      if (when) {
        node->guard = mc_expr_binary(b->s, MC_EXPR_AND, guard, when, 0);
        node->guard_approx = pr_first(why, pr_vague(b, when, "the condition"));
        if (!node->guard)
          return false;
      }
    }
  }
  *out = v;
  *nout = n;
  return true;
}

static bool preconditions(pr_build *b) {
  const mc_kernel *k = b->p->kernel;
  b->p->pre = mc_alloc(b->a, (k->nfacts + 1) * sizeof *b->p->pre);
  if (!b->p->pre)
    return false;
  for (unsigned i = 0; i < k->nfacts; i++) {
    const mc_fact *f = &k->facts[i];
    bool pre = f->kind == MC_FACT_REQUIRES || f->kind == MC_FACT_AXIOM ||
               (f->kind == MC_FACT_ASSUME && f->at_entry);
    if (!pre || !f->value || LLVMGetTypeKind(LLVMTypeOf(f->value)) != LLVMIntegerTypeKind)
      continue;
    const mc_expr *c = mc_translate(b->t, f->value);
    if (!c)
      return false;
    b->p->pre[b->p->npre++] =
        (mc_precondition){f, c, pr_vague(b, c, "the condition")};
  }
  return true;
}

/* The loops, then the tree. False when out of memory. */
static bool build(pr_build *b) {
  const mc_lockstep *ls = b->ls;
  pr_bucket *buckets = mc_alloc(b->a, (ls->nblocks + 1) * sizeof *buckets);
  if (!buckets || !pr_build_loops(b))
    return false;
  /* Guards translated while building loops were judged before the loops'
   * variables were: judge them again. */
  b->nmemo = 0;
  if (!collect(b, buckets) || !preconditions(b))
    return false;
  return !ls->nblocks ||
         build_level(b, buckets, -1, 0, ls->nblocks - 1, &b->p->nodes, &b->p->nnodes);
}

mc_protocol *mc_protocol_build(mc_arena *a, const mc_kernel *k, const mc_options *o) {
  mc_protocol *p = mc_alloc(a, sizeof *p);
  if (!p)
    return NULL;
  p->kernel = k;
  p->ls = mc_lockstep_build(a, k, o);
  p->accesses = mc_find_accesses(a, k, o);
  if (!p->ls || !p->accesses)
    return NULL;
  if (p->ls->status == MC_LS_IRREDUCIBLE) {
    p->failed = "irreducible control flow";
    return p;
  }
  pr_build b = {.a = a, .s = p->accesses->sym, .t = p->accesses->tr, .ls = p->ls, .p = p};
  bool ok = build(&b);
  mc_shim_scev_free(b.scev);
  return ok ? p : NULL;
}

/* ---- Queries -------------------------------------------------------------- */

bool mc_pnode_touches(const mc_pnode *n, int region) {
  switch (n->kind) {
  case MC_PN_ACCESS:
    return n->access->base == MC_BASE_UNKNOWN || n->access->region == region;
  case MC_PN_OPAQUE:
    return true;
  case MC_PN_LOOP:
    for (unsigned i = 0; i < n->nbody; i++)
      if (mc_pnode_touches(&n->body[i], region))
        return true;
    return false;
  default:
    return false;
  }
}

const mc_ploop *mc_protocol_exit_loop(const mc_protocol *p, const mc_atom *a) {
  for (unsigned i = 0; i < p->nloops; i++)
    if (p->loops[i].exit && p->loops[i].exit->atom == a)
      return &p->loops[i];
  return NULL;
}

/* Does n run a block barrier (its barrier intervals matter to every
 * array)? */
static bool synchronizes(const mc_pnode *n) {
  return n->kind == MC_PN_SYNC || (n->kind == MC_PN_LOOP && n->loop->synchronized);
}

static const char *first_approx(const mc_pnode *v, unsigned n, int region) {
  for (unsigned i = 0; i < n; i++) {
    const mc_pnode *x = &v[i];
    if (!mc_pnode_touches(x, region) && !synchronizes(x))
      continue;
    const char *why = x->guard_approx;
    if (!why && x->kind == MC_PN_LOOP)
      why = pr_first(x->loop->approx, first_approx(x->body, x->nbody, region));
    if (!why)
      why = x->approx;
    if (why)
      return why;
  }
  return NULL;
}

bool mc_protocol_exact(const mc_protocol *p, int region, const char **why) {
  const char *w = p->failed ? p->failed : first_approx(p->nodes, p->nnodes, region);
  if (why)
    *why = w;
  return w == NULL;
}

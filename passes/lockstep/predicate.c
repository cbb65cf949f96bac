/* predicate.c - the predicate under which a thread executes each block.
 *
 * The encoding (seed 003 §4.1 uses v_active = B; we use path predicates):
 * within one iteration of a loop level (the region graph of order.c, an
 * acyclic graph with inner loops abstracted), a node N executes exactly when
 * a thread takes one of the edges X -> T that N is control dependent on:
 *
 *     rel(N) = OR over X of ( rel(X) AND OR over T of atom(X -> T) )
 *
 * where N postdominates T but not X (postdominance towards the region's
 * sink). This is exact for an acyclic graph and keeps formulas small: a
 * block after an if/else join has its dominator's predicate, `a && b`
 * short-circuits give `a && b`, a switch fall-through gives `v in {1, 2}`.
 * Paths into blocks that can only end in `unreachable` (undefined
 * behaviour, traps) are no executions: postdominance ignores them, so
 * avoiding them is no decision (order.c). Loops add two atoms: ACTIVE(L) (the thread still iterates L; the header's
 * rel is TRUE) and EXIT(L -> T) (a thread left L on the way to T, where a
 * loop's exits lead to more than one place). A block's full predicate
 * conjoins the entry predicate and ACTIVE atom of every enclosing loop.
 *
 * Why not v_active/v_next: later stages need conditions over values (an
 * access under `tid < n`), and uniformity reads directly off the atoms.
 * GPUVerify's scheme is recovered as "v_active = B iff pred(B)" per
 * lock-step instance, with blocks[last] of each loop ending in its
 * B_back/B_exit pair (printed as `back L to header`).
 */
#include "lockstep_impl.h"

#include <string.h>

static mc_pred *new_pred(ls_build *b, mc_pred_kind kind) {
  mc_pred *p = mc_alloc(b->a, sizeof *p);
  if (p) {
    p->kind = kind;
    p->id = b->next_pred_id++;
    p->target = -1;
  }
  return p;
}

/* AND or OR of ops, flattened, without duplicates; TRUE is the unit of AND
 * and absorbs OR. NULL when out of memory. */
static const mc_pred *combine(ls_build *b, mc_pred_kind kind,
                              const mc_pred *const *ops, unsigned n) {
  unsigned cap = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!ops[i])
      return NULL;
    cap += ops[i]->kind == kind ? ops[i]->nops : 1;
  }
  /* Removing duplicates compares each operand with those kept. */
  const mc_pred **flat = mc_alloc(b->a, (cap + 1) * sizeof *flat);
  if (!flat || !mc_spend(b->a, (uint64_t)cap * (cap + 1) / 2 + 1, "lockstep"))
    return NULL;
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    const mc_pred *const *sub = ops[i]->kind == kind ? ops[i]->ops : &ops[i];
    unsigned ns = ops[i]->kind == kind ? ops[i]->nops : 1;
    for (unsigned j = 0; j < ns; j++) {
      const mc_pred *p = sub[j];
      if (p->kind == MC_PRED_TRUE) {
        if (kind == MC_PRED_OR)
          return b->pred_true;
        continue;
      }
      if (p->kind == MC_PRED_FALSE) {
        if (kind == MC_PRED_AND)
          return b->pred_false;
        continue;
      }
      bool dup = false;
      for (unsigned k = 0; k < m && !dup; k++)
        dup = flat[k] == p;
      if (!dup)
        flat[m++] = p;
    }
  }
  if (m == 0)
    return kind == MC_PRED_AND ? b->pred_true : b->pred_false;
  if (m == 1)
    return flat[0];
  mc_pred *p = new_pred(b, kind);
  if (!p)
    return NULL;
  p->ops = flat;
  p->nops = m;
  return p;
}

const mc_pred *ls_pred_and(ls_build *b, const mc_pred *const *ops, unsigned n) {
  return combine(b, MC_PRED_AND, ops, n);
}

const mc_pred *ls_pred_or(ls_build *b, const mc_pred *const *ops, unsigned n) {
  return combine(b, MC_PRED_OR, ops, n);
}

/* The block an exit atom names for region node t. */
static int target_block(const ls_build *b, const ls_region *r, unsigned t) {
  const ls_rnode *n = &r->nodes[t];
  switch (n->kind) {
  case RN_BLOCK:
  case RN_EXIT: return (int)n->ref;
  case RN_LOOP: return (int)b->g.loop_header[n->ref];
  case RN_BACK: return (int)b->g.loop_header[r->loop];
  default: return -1;
  }
}

static bool contains(const unsigned *v, unsigned n, unsigned x) {
  for (unsigned i = 0; i < n; i++)
    if (v[i] == x)
      return true;
  return false;
}

/* A switch atom: the case values that lead into `succs`, or (when the
 * default does) the values that lead elsewhere, negated. */
static bool switch_atom(ls_build *b, mc_pred *p, LLVMValueRef sw,
                        const unsigned *succs, unsigned nsuccs) {
  unsigned dflt = ls_map_get(&b->bbmap, LLVMGetSwitchDefaultDest(sw));
  p->is_switch = true;
  p->cond = LLVMGetOperand(sw, 0);
  p->negated = contains(succs, nsuccs, dflt);
  unsigned ncases = LLVMGetNumSuccessors(sw) - 1;
  int64_t *cases = mc_alloc(b->a, (ncases + 1) * sizeof *cases);
  if (!cases)
    return false;
  for (unsigned i = 0; i < ncases; i++) {
    int64_t v;
    if (!mc_shim_switch_case_value(sw, i, &v))
      return false;
    bool in = contains(succs, nsuccs, ls_map_get(&b->bbmap, LLVMGetSuccessor(sw, i + 1)));
    if (in != p->negated)
      cases[p->ncases++] = v;
  }
  p->cases = cases;
  return true;
}

/* Is region node t where control goes on reaching block e? */
static bool node_holds(const ls_build *b, const ls_region *r, unsigned t, unsigned e) {
  const ls_rnode *n = &r->nodes[t];
  switch (n->kind) {
  case RN_BLOCK:
  case RN_BACK:
  case RN_EXIT: return n->ref == e;
  case RN_LOOP: return ls_in_loop(&b->g, e, (int)n->ref);
  default: return false;
  }
}

/* Within the last iteration of loop l: the condition of leaving towards
 * parent-region node t (the OR of its matching exits' predicates). */
static const mc_pred *exit_condition(ls_build *b, const ls_region *parent,
                                     unsigned l, unsigned t) {
  const ls_region *r = ls_region_of(b, (int)l);
  const mc_pred **ops = mc_alloc(b->a, (r->nnodes + 1) * sizeof *ops);
  if (!ops)
    return NULL;
  unsigned n = 0;
  for (unsigned x = 0; x < r->nnodes; x++) {
    const ls_rnode *nx = &r->nodes[x];
    if (nx->kind == RN_EXIT && node_holds(b, parent, t, nx->ref))
      ops[n++] = nx->rel;
  }
  return ls_pred_or(b, ops, n);
}

/* The atom of taking edge e out of node x: which way a branch went, or
 * which way a loop was left. TRUE when x makes no decision. */
static const mc_pred *edge_atom(ls_build *b, const ls_region *r, unsigned x,
                                const ls_redge *e) {
  const ls_rnode *n = &r->nodes[x];
  if (n->nout < 2)
    return b->pred_true;
  if (n->kind == RN_LOOP) {
    mc_pred *p = new_pred(b, MC_PRED_EXIT);
    if (p) {
      p->loop = n->ref;
      p->target = target_block(b, r, e->to);
      if (!(p->exit_cond = exit_condition(b, r, n->ref, e->to)))
        return NULL;
    }
    return p;
  }
  mc_pred *p = new_pred(b, MC_PRED_BRANCH);
  if (!p)
    return NULL;
  p->block = n->ref;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b->ls->blocks[n->ref].bb);
  if (LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
    p->cond = LLVMGetCondition(t);
    unsigned f = ls_map_get(&b->bbmap, LLVMGetSuccessor(t, 1));
    p->negated = contains(e->blocks, e->nblocks, f);
  } else if (LLVMIsASwitchInst(t)) {
    if (!switch_atom(b, p, t, e->blocks, e->nblocks))
      return NULL;
  }
  /* Any other terminator (indirectbr, callbr, invoke) keeps cond NULL:
   * an unknown decision, divergent. */
  return p;
}

/* One atom for several ways out of a switch ("v in {1, 2}" rather than
 * "v == 1 || v == 2"); pairs are (x, edge) as in the control dependence. */
static const mc_pred *merged_atom(ls_build *b, const ls_region *r, unsigned x,
                                  const unsigned *pairs, unsigned n) {
  const ls_rnode *nx = &r->nodes[x];
  ls_redge all = {0};
  unsigned cap = 0;
  for (unsigned k = 0; k < n; k++)
    cap += nx->out[pairs[2 * k + 1]].nblocks;
  all.blocks = mc_alloc(b->a, (cap + 1) * sizeof *all.blocks);
  if (!all.blocks)
    return NULL;
  for (unsigned k = 0; k < n; k++) {
    const ls_redge *e = &nx->out[pairs[2 * k + 1]];
    for (unsigned j = 0; j < e->nblocks; j++)
      all.blocks[all.nblocks++] = e->blocks[j];
  }
  all.to = nx->out[pairs[1]].to;
  return edge_atom(b, r, x, &all);
}

/* Control dependence of every node, grouped by deciding node, and rel(). */
static bool region_predicates(ls_build *b, ls_region *r) {
  unsigned n = r->nnodes;
  unsigned *ncd = mc_alloc(b->a, (n + 1) * sizeof *ncd);
  unsigned **cd = mc_alloc(b->a, (n + 1) * sizeof *cd); /* pairs: x, edge */
  if (!ncd || !cd)
    return false;
  for (unsigned x = 0; x < n; x++) {
    ls_rnode *nx = &r->nodes[x];
    nx->atoms = mc_alloc(b->a, (nx->nout + 1) * sizeof *nx->atoms);
    if (!nx->atoms)
      return false;
    for (unsigned e = 0; e < nx->nout; e++)
      if (!(nx->atoms[e] = edge_atom(b, r, x, &nx->out[e])))
        return false;
  }
  for (int pass = 0; pass < 2; pass++) {
    for (unsigned x = 0; x < n; x++) {
      const ls_rnode *nx = &r->nodes[x];
      if (nx->nout < 2)
        continue;
      for (unsigned e = 0; e < nx->nout; e++)
        /* (the chain from a doomed successor ends at the sink) */
        for (unsigned w = nx->out[e].to; w != nx->ipdom && w != r->sink;
             w = r->nodes[w].ipdom) {
          if (pass == 1) {
            cd[w][2 * ncd[w]] = x;
            cd[w][2 * ncd[w] + 1] = e;
          } else if (!mc_spend(b->a, 1, "lockstep")) {
            return false;
          }
          ncd[w]++;
        }
    }
    if (pass == 0)
      for (unsigned w = 0; w < n; w++) {
        cd[w] = mc_alloc(b->a, (2 * ncd[w] + 2) * sizeof **cd);
        if (!cd[w])
          return false;
        ncd[w] = 0;
      }
  }
  const mc_pred **terms = mc_alloc(b->a, (2 * n + 2) * sizeof *terms);
  const mc_pred **sides = mc_alloc(b->a, (2 * n + 2) * sizeof *sides);
  if (!terms || !sides)
    return false;
  for (unsigned k = 0; k < n; k++) {
    unsigned w = r->topo[k];
    ls_rnode *nw = &r->nodes[w];
    if (w == r->entry || ncd[w] == 0) {
      nw->rel = b->pred_true;
      continue;
    }
    unsigned nterms = 0;
    for (unsigned i = 0; i < ncd[w];) {
      unsigned x = cd[w][2 * i], first = i, nsides = 0;
      for (; i < ncd[w] && cd[w][2 * i] == x; i++)
        sides[nsides++] = r->nodes[x].atoms[cd[w][2 * i + 1]];
      const mc_pred *side = nsides > 1 && r->nodes[x].kind == RN_BLOCK
                                ? merged_atom(b, r, x, cd[w] + 2 * first, nsides)
                                : ls_pred_or(b, sides, nsides);
      const mc_pred *both[2] = {r->nodes[x].rel, side};
      if (!side || !(terms[nterms++] = ls_pred_and(b, both, 2)))
        return false;
    }
    if (!(nw->rel = ls_pred_or(b, terms, nterms)))
      return false;
  }
  return true;
}

bool ls_predicates(ls_build *b) {
  mc_lockstep *ls = b->ls;
  const ls_cfg *g = &b->g;
  mc_pred *t = new_pred(b, MC_PRED_TRUE), *f = new_pred(b, MC_PRED_FALSE);
  if (!t || !f)
    return false;
  b->pred_true = t;
  b->pred_false = f;
  /* Inner loops first: an exit atom quotes the loop's own predicates. */
  for (int l = (int)g->nloops - 1; l >= -1; l--)
    if (!region_predicates(b, ls_region_of(b, l)))
      return false;
  for (unsigned l = 0; l < g->nloops; l++) {
    const ls_region *r = ls_region_of(b, (int)l);
    const mc_pred **ops = mc_alloc(b->a, (r->nnodes + 1) * sizeof *ops);
    if (!ops)
      return false;
    unsigned n = 0;
    for (unsigned x = 0; x < r->nnodes; x++)
      if (r->nodes[x].kind == RN_EXIT && !r->nodes[x].doomed)
        ops[n++] = r->nodes[x].rel;
    if (!(ls->loops[l].leave = ls_pred_or(b, ops, n)))
      return false;
  }
  const mc_pred **active = mc_alloc(b->a, (g->nloops + 1) * sizeof *active);
  if (!active)
    return false;
  for (unsigned l = 0; l < g->nloops; l++) {
    mc_pred *p = new_pred(b, MC_PRED_ACTIVE);
    if (!p)
      return false;
    p->loop = l;
    active[l] = p;
  }
  /* Loops come parents first, so a parent's entry is known. */
  for (unsigned l = 0; l < g->nloops; l++) {
    int parent = g->loop_parent[l];
    const mc_pred *rel = ls_region_of(b, parent)->nodes[b->loop_node[l]].rel;
    const mc_pred *ops[3] = {rel, rel, rel};
    ls->loops[l].rel = rel;
    if (parent >= 0) {
      ops[0] = ls->loops[parent].entry;
      ops[1] = active[parent];
    }
    if (!(ls->loops[l].entry = ls_pred_and(b, ops, 3)))
      return false;
  }
  for (unsigned x = 0; x < g->nblocks; x++) {
    int l = g->loop_of[x];
    mc_ls_block *blk = &ls->blocks[x];
    blk->rel = ls_region_of(b, l)->nodes[b->block_node[x]].rel;
    const mc_pred *ops[3] = {blk->rel, blk->rel, blk->rel};
    if (l >= 0) {
      ops[0] = ls->loops[l].entry;
      ops[1] = active[l];
    }
    if (!(blk->pred = ls_pred_and(b, ops, 3)))
      return false;
  }
  return true;
}

/* lockstep.c - stage 2: build a kernel's predicated lock-step form.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-lockstep>' \
 *       -disable-output k.ll
 *
 * The steps, each in its own file: reducibility and the sort order
 * (order.c), predicates (predicate.c), uniformity (uniformity.c), barriers
 * (divergence.c). Dominators and natural loops come from LLVM through the
 * shim (passes/plugin/Loops.cpp).
 */
#include "lockstep_impl.h"

#include <string.h>

const char *mc_uniformity_name(mc_uniformity u) {
  switch (u) {
  case MC_UNIFORM_GRID: return "grid-uniform";
  case MC_UNIFORM_BLOCK: return "block-uniform";
  case MC_UNIFORM_WARP: return "warp-uniform";
  case MC_DIVERGENT: return "divergent";
  }
  return "divergent";
}

const char *ls_callee_name(LLVMValueRef call) {
  if (!call || !LLVMIsACallInst(call))
    return NULL;
  LLVMValueRef f = LLVMGetCalledValue(call);
  if (!f || !LLVMIsAFunction(f))
    return NULL;
  size_t n;
  return LLVMGetValueName2(f, &n);
}

int mc_ls_block_index(const mc_lockstep *ls, LLVMBasicBlockRef bb) {
  if (!ls->values)
    return -1;
  unsigned i = ls_map_get(&ls->values->bbmap, bb);
  return i == LS_NONE ? -1 : (int)i;
}

/* Blocks reachable from the entry, in the function's layout. */
static LLVMBasicBlockRef *reachable_blocks(ls_build *b, unsigned *n) {
  unsigned count = LLVMCountBasicBlocks(b->k->fn);
  LLVMBasicBlockRef *bbs = mc_alloc(b->a, (count + 1) * sizeof *bbs);
  if (!bbs)
    return NULL;
  *n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(b->k->fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    if (mc_shim_reachable(b->cfg, bb))
      bbs[(*n)++] = bb;
  return bbs;
}

/* Distinct successors of each block, as indices through `index`. */
static bool successors(mc_arena *a, LLVMBasicBlockRef *bbs, unsigned n,
                       const ls_map *index, unsigned **succ, unsigned *nsucc) {
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[i]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    succ[i] = mc_alloc(a, (ns + 1) * sizeof **succ);
    if (!succ[i])
      return false;
    for (unsigned s = 0; s < ns; s++) {
      unsigned j = ls_map_get(index, LLVMGetSuccessor(t, s));
      bool seen = j == LS_NONE;
      for (unsigned k = 0; k < nsucc[i] && !seen; k++)
        seen = succ[i][k] == j;
      if (!seen)
        succ[i][nsucc[i]++] = j;
    }
  }
  return true;
}

/* Blocks from which every path ends in `unreachable`: the least fixpoint
 * from the blocks that end so (a cycle without such an end stays alive). */
static void doomed_blocks(LLVMBasicBlockRef *bbs, ls_cfg *g) {
  for (unsigned i = 0; i < g->nblocks; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[i]);
    g->doomed[i] = t && LLVMGetInstructionOpcode(t) == LLVMUnreachable;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned i = 0; i < g->nblocks; i++) {
      if (g->doomed[i] || !g->nsucc[i])
        continue;
      bool all = true;
      for (unsigned s = 0; s < g->nsucc[i] && all; s++)
        all = g->doomed[g->succ[i][s]];
      if (all)
        changed = g->doomed[i] = true;
    }
  }
}

/* The CFG in the function's layout, with LLVM's loops. */
static bool layout_cfg(ls_build *b, LLVMBasicBlockRef *bbs, unsigned n,
                       ls_map *index, ls_cfg *g) {
  mc_arena *a = b->a;
  g->nblocks = n;
  g->succ = mc_alloc(a, (n + 1) * sizeof *g->succ);
  g->nsucc = mc_alloc(a, (n + 1) * sizeof *g->nsucc);
  g->loop_of = mc_alloc(a, (n + 1) * sizeof *g->loop_of);
  g->priority = mc_alloc(a, (n + 1) * sizeof *g->priority);
  g->doomed = mc_alloc(a, (n + 1) * sizeof *g->doomed);
  g->nloops = mc_shim_loop_count(b->cfg);
  g->loop_parent = mc_alloc(a, (g->nloops + 1) * sizeof *g->loop_parent);
  g->loop_header = mc_alloc(a, (g->nloops + 1) * sizeof *g->loop_header);
  if (!g->succ || !g->nsucc || !g->loop_of || !g->priority || !g->doomed ||
      !g->loop_parent || !g->loop_header)
    return false;
  if (!successors(a, bbs, n, index, g->succ, g->nsucc))
    return false;
  doomed_blocks(bbs, g);
  for (unsigned i = 0; i < n; i++) {
    g->loop_of[i] = mc_shim_block_loop(b->cfg, bbs[i]);
    g->priority[i] = i;
  }
  for (unsigned l = 0; l < g->nloops; l++) {
    g->loop_parent[l] = mc_shim_loop_parent(b->cfg, l);
    g->loop_header[l] = ls_map_get(index, mc_shim_loop_header(b->cfg, l));
  }
  return true;
}

/* The same CFG renumbered: blocks by `order`, loops by their headers'
 * positions in it (so a parent still comes before its children). */
static bool final_cfg(mc_arena *a, const ls_cfg *in, const unsigned *order,
                      ls_cfg *g, unsigned *loop_new) {
  unsigned n = in->nblocks, nl = in->nloops;
  unsigned *pos = mc_alloc(a, (n + 1) * sizeof *pos);
  unsigned *loop_old = mc_alloc(a, (nl + 1) * sizeof *loop_old);
  if (!pos || !loop_old)
    return false;
  for (unsigned i = 0; i < n; i++)
    pos[order[i]] = i;
  for (unsigned l = 0; l < nl; l++)
    loop_old[l] = l;
  for (unsigned i = 1; i < nl; i++) /* insertion sort by header position */
    for (unsigned j = i; j > 0 && pos[in->loop_header[loop_old[j]]] <
                                      pos[in->loop_header[loop_old[j - 1]]]; j--) {
      unsigned t = loop_old[j];
      loop_old[j] = loop_old[j - 1];
      loop_old[j - 1] = t;
    }
  for (unsigned l = 0; l < nl; l++)
    loop_new[loop_old[l]] = l;
  *g = (ls_cfg){0};
  g->nblocks = n;
  g->nloops = nl;
  g->succ = mc_alloc(a, (n + 1) * sizeof *g->succ);
  g->nsucc = mc_alloc(a, (n + 1) * sizeof *g->nsucc);
  g->loop_of = mc_alloc(a, (n + 1) * sizeof *g->loop_of);
  g->priority = mc_alloc(a, (n + 1) * sizeof *g->priority);
  g->doomed = mc_alloc(a, (n + 1) * sizeof *g->doomed);
  g->loop_parent = mc_alloc(a, (nl + 1) * sizeof *g->loop_parent);
  g->loop_header = mc_alloc(a, (nl + 1) * sizeof *g->loop_header);
  if (!g->succ || !g->nsucc || !g->loop_of || !g->priority || !g->doomed ||
      !g->loop_parent || !g->loop_header)
    return false;
  for (unsigned i = 0; i < n; i++) {
    unsigned old = order[i];
    g->nsucc[i] = in->nsucc[old];
    g->succ[i] = mc_alloc(a, (g->nsucc[i] + 1) * sizeof **g->succ);
    if (!g->succ[i])
      return false;
    for (unsigned s = 0; s < g->nsucc[i]; s++)
      g->succ[i][s] = pos[in->succ[old][s]];
    g->loop_of[i] = in->loop_of[old] < 0 ? -1 : (int)loop_new[in->loop_of[old]];
    g->priority[i] = i;
    g->doomed[i] = in->doomed[old];
  }
  for (unsigned l = 0; l < nl; l++) {
    unsigned old = loop_old[l];
    g->loop_header[l] = pos[in->loop_header[old]];
    g->loop_parent[l] = in->loop_parent[old] < 0 ? -1
                                                 : (int)loop_new[in->loop_parent[old]];
  }
  return true;
}

static const char *block_name(mc_arena *a, LLVMBasicBlockRef bb, unsigned layout) {
  const char *n = LLVMGetBasicBlockName(bb);
  return n && *n ? mc_strdup(a, n) : mc_sprintf(a, "bb%u", layout);
}

static bool fill_blocks(ls_build *b, LLVMBasicBlockRef *bbs, const unsigned *order) {
  mc_lockstep *ls = b->ls;
  const ls_cfg *g = &b->g;
  ls->nblocks = g->nblocks;
  ls->blocks = mc_alloc(b->a, (g->nblocks + 1) * sizeof *ls->blocks);
  if (!ls->blocks || !ls_map_init(b->a, &b->bbmap, g->nblocks))
    return false;
  for (unsigned i = 0; i < g->nblocks; i++) {
    mc_ls_block *blk = &ls->blocks[i];
    blk->bb = bbs[order[i]];
    blk->name = block_name(b->a, blk->bb, order[i]);
    blk->loop = g->loop_of[i];
    blk->succs = g->succ[i];
    blk->nsuccs = g->nsucc[i];
    ls_map_put(&b->bbmap, blk->bb, i);
    if (!blk->name)
      return false;
  }
  return true;
}

static bool fill_loops(ls_build *b) {
  mc_lockstep *ls = b->ls;
  const ls_cfg *g = &b->g;
  ls->nloops = g->nloops;
  ls->loops = mc_alloc(b->a, (g->nloops + 1) * sizeof *ls->loops);
  if (!ls->loops)
    return false;
  for (unsigned l = 0; l < g->nloops; l++) {
    mc_ls_loop *lp = &ls->loops[l];
    lp->header = lp->last = g->loop_header[l];
    lp->parent = g->loop_parent[l];
    lp->depth = lp->parent < 0 ? 1 : ls->loops[lp->parent].depth + 1;
    unsigned nl = 0, ne = 0;
    for (unsigned x = 0; x < g->nblocks; x++) {
      if (!ls_in_loop(g, x, (int)l))
        continue;
      lp->last = x > lp->last ? x : lp->last;
      for (unsigned s = 0; s < g->nsucc[x]; s++) {
        nl += g->succ[x][s] == lp->header;
        ne += !ls_in_loop(g, g->succ[x][s], (int)l);
      }
    }
    unsigned *latches = mc_alloc(b->a, (nl + 1) * sizeof *latches);
    mc_ls_edge *exits = mc_alloc(b->a, (ne + 1) * sizeof *exits);
    if (!latches || !exits)
      return false;
    for (unsigned x = 0; x < g->nblocks; x++) {
      if (!ls_in_loop(g, x, (int)l))
        continue;
      for (unsigned s = 0; s < g->nsucc[x]; s++) {
        unsigned t = g->succ[x][s];
        if (t == lp->header)
          latches[lp->nlatches++] = x;
        if (!ls_in_loop(g, t, (int)l))
          exits[lp->nexits++] = (mc_ls_edge){x, t};
      }
    }
    lp->latches = latches;
    lp->exits = exits;
  }
  return true;
}

static bool build_regions(ls_build *b) {
  const ls_cfg *g = &b->g;
  b->regions = mc_alloc(b->a, (g->nloops + 1) * sizeof *b->regions);
  b->block_node = mc_alloc(b->a, (g->nblocks + 1) * sizeof *b->block_node);
  b->loop_node = mc_alloc(b->a, (g->nloops + 1) * sizeof *b->loop_node);
  if (!b->regions || !b->block_node || !b->loop_node)
    return false;
  for (int l = -1; l < (int)g->nloops; l++)
    if (!ls_region_build(b->a, g, l, ls_region_of(b, l), b->block_node, b->loop_node))
      return false;
  return true;
}

/* The block size warp-level facts may rely on: the option, else reqntid. */
static void concrete_block_dim(const mc_kernel *k, const mc_options *o,
                               unsigned dim[3]) {
  const unsigned *d = o->block_dim[0] ? o->block_dim : k->bounds.reqntid;
  for (int i = 0; i < 3; i++)
    dim[i] = d[0] ? (d[i] ? d[i] : 1) : 0;
}

static bool build(ls_build *b) {
  unsigned n;
  LLVMBasicBlockRef *bbs = reachable_blocks(b, &n);
  ls_map index;
  if (!bbs || !mc_spend(b->a, n, "lockstep") || !ls_map_init(b->a, &index, n))
    return false;
  for (unsigned i = 0; i < n; i++)
    ls_map_put(&index, bbs[i], i);
  ls_cfg layout = {0};
  if (!layout_cfg(b, bbs, n, &index, &layout))
    return false;
  if (!ls_check_reducible(b, bbs, n, &index, layout.succ, layout.nsucc))
    return false;
  if (b->ls->status != MC_LS_OK)
    return true;
  unsigned *order = mc_alloc(b->a, (n + 1) * sizeof *order);
  unsigned *loop_new = mc_alloc(b->a, (layout.nloops + 1) * sizeof *loop_new);
  if (!order || !loop_new || !ls_total_order(b->a, &layout, order) ||
      !final_cfg(b->a, &layout, order, &b->g, loop_new))
    return false;
  return fill_blocks(b, bbs, order) && fill_loops(b) && build_regions(b) &&
         ls_predicates(b) && ls_uniformity(b) && ls_barriers(b);
}

mc_lockstep *mc_lockstep_build(mc_arena *a, const mc_kernel *k,
                               const mc_options *o) {
  mc_lockstep *ls = mc_alloc(a, sizeof *ls);
  if (!ls)
    return NULL;
  ls->kernel = k;
  ls->status = MC_LS_OK;
  ls->warp_size = o->warp_size ? o->warp_size : 32;
  concrete_block_dim(k, o, ls->block_dim);
  ls_build b = {.a = a, .k = k, .o = o, .ls = ls};
  b.td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(k->fn));
  b.cfg = mc_shim_cfg_new(k->fn);
  bool ok = b.cfg && build(&b);
  mc_shim_cfg_free(b.cfg);
  return ok ? ls : NULL;
}

/* order.c - reducibility, the loop-abstracted region graphs, the sort order.
 *
 * Seed 003 §4: a total order in which every path goes forward unless it
 * takes a back edge, and every loop is contiguous with its header first.
 * It is computed as the paper says: each loop level's blocks, with inner
 * loops abstracted to one node, are sorted topologically; the abstract
 * nodes are then replaced by their own sorted blocks. Ties go to the block
 * that comes first in the function, so the order reads like the source.
 */
#include "lockstep_impl.h"

#include <string.h>

/* ---- Pointer maps ------------------------------------------------------ */

static unsigned hash_ptr(const void *p, unsigned cap) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (unsigned)x & (cap - 1);
}

bool ls_map_init(mc_arena *a, ls_map *m, unsigned entries) {
  unsigned cap = 16;
  while (cap < 2 * entries + 2)
    cap *= 2;
  m->cap = cap;
  m->keys = mc_alloc(a, cap * sizeof *m->keys);
  m->vals = mc_alloc(a, cap * sizeof *m->vals);
  return m->keys && m->vals;
}

void ls_map_put(ls_map *m, const void *key, unsigned val) {
  unsigned i = hash_ptr(key, m->cap);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  m->keys[i] = key;
  m->vals[i] = val;
}

unsigned ls_map_get(const ls_map *m, const void *key) {
  if (!m->cap || !key)
    return LS_NONE;
  unsigned i = hash_ptr(key, m->cap);
  while (m->keys[i]) {
    if (m->keys[i] == key)
      return m->vals[i];
    i = (i + 1) & (m->cap - 1);
  }
  return LS_NONE;
}

/* ---- Loops ----------------------------------------------------------------- */

bool ls_in_loop(const ls_cfg *g, unsigned block, int loop) {
  if (loop < 0)
    return true;
  for (int l = g->loop_of[block]; l >= 0; l = g->loop_parent[l])
    if (l == loop)
      return true;
  return false;
}

bool ls_is_terminal(const ls_rnode *n) {
  return n->kind == RN_BACK || n->kind == RN_EXIT || n->kind == RN_END;
}

/* ---- Reducibility -----------------------------------------------------------
 * A CFG is reducible when every edge that closes a cycle in a depth-first
 * search goes to a block that dominates its source (a natural loop's back
 * edge). Anything else enters a cycle at two places, which no sort order
 * can flatten; the kernel is then left alone with a reason. */

bool ls_check_reducible(ls_build *b, LLVMBasicBlockRef *blocks, unsigned n,
                        ls_map *index, unsigned **succ, unsigned *nsucc) {
  (void)index;
  uint8_t *state = mc_alloc(b->a, n + 1); /* 0 new, 1 on the stack, 2 done */
  unsigned *stack = mc_alloc(b->a, (n + 1) * sizeof *stack);
  unsigned *next = mc_alloc(b->a, (n + 1) * sizeof *next);
  if (!state || !stack || !next)
    return false;
  unsigned sp = 0;
  stack[sp++] = 0;
  state[0] = 1;
  while (sp) {
    unsigned x = stack[sp - 1];
    if (next[x] == nsucc[x]) {
      state[x] = 2;
      sp--;
      continue;
    }
    unsigned s = succ[x][next[x]++];
    if (state[s] == 0) {
      state[s] = 1;
      stack[sp++] = s;
    } else if (state[s] == 1 && !mc_shim_dominates(b->cfg, blocks[s], blocks[x])) {
      b->ls->status = MC_LS_IRREDUCIBLE;
      b->ls->irreducible_at = LLVMGetBasicBlockTerminator(blocks[x]);
      b->ls->irreducible_target = blocks[s];
      return true;
    }
  }
  return true;
}

/* ---- Region graphs ----------------------------------------------------------- */

typedef struct {
  const ls_cfg *g;
  int loop;
  ls_region *r;
  unsigned *block_node, *loop_node;
  unsigned back, end;
} region_ctx;

static unsigned add_node(region_ctx *c, int kind, unsigned ref) {
  ls_region *r = c->r;
  ls_rnode *n = &r->nodes[r->nnodes];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->ref = ref;
  n->term = LS_NONE;
  n->doomed = (kind == RN_BLOCK || kind == RN_EXIT) && c->g->doomed[ref];
  return r->nnodes++;
}

/* The node of this region that control reaches when it goes to block s. */
static unsigned lift(region_ctx *c, unsigned s) {
  const ls_cfg *g = c->g;
  if (c->loop >= 0 && !ls_in_loop(g, s, c->loop)) {
    for (unsigned i = 0; i < c->r->nnodes; i++)
      if (c->r->nodes[i].kind == RN_EXIT && c->r->nodes[i].ref == s)
        return i;
    return add_node(c, RN_EXIT, s);
  }
  if (c->loop >= 0 && s == g->loop_header[c->loop])
    return c->back;
  int l = g->loop_of[s];
  if (l == c->loop)
    return c->block_node[s];
  while (g->loop_parent[l] != c->loop)
    l = g->loop_parent[l];
  return c->loop_node[l];
}

static ls_redge *edge_to(ls_rnode *n, unsigned to) {
  for (unsigned i = 0; i < n->nout; i++)
    if (n->out[i].to == to)
      return &n->out[i];
  ls_redge *e = &n->out[n->nout++];
  e->to = to;
  return e;
}

static bool block_edges(mc_arena *a, region_ctx *c, unsigned node) {
  ls_rnode *n = &c->r->nodes[node];
  unsigned x = n->ref, ns = c->g->nsucc[x];
  n->out = mc_alloc(a, (ns + 1) * sizeof *n->out);
  if (!n->out)
    return false;
  for (unsigned i = 0; i < ns; i++) {
    unsigned s = c->g->succ[x][i];
    unsigned t = lift(c, s);
    n = &c->r->nodes[node]; /* lift may add nodes, not move them */
    ls_redge *e = edge_to(n, t);
    if (!e->blocks && !(e->blocks = mc_alloc(a, (ns + 1) * sizeof *e->blocks)))
      return false;
    e->blocks[e->nblocks++] = s;
  }
  if (ns == 0) {
    if (c->end == LS_NONE)
      c->end = add_node(c, RN_END, 0);
    edge_to(&c->r->nodes[node], c->end);
  }
  return true;
}

static bool loop_edges(mc_arena *a, region_ctx *c, unsigned node) {
  const ls_cfg *g = c->g;
  int l = (int)c->r->nodes[node].ref;
  unsigned count = 0;
  for (unsigned x = 0; x < g->nblocks; x++)
    if (ls_in_loop(g, x, l))
      for (unsigned i = 0; i < g->nsucc[x]; i++)
        count += !ls_in_loop(g, g->succ[x][i], l);
  ls_rnode *n = &c->r->nodes[node];
  n->out = mc_alloc(a, (count + 1) * sizeof *n->out);
  if (!n->out)
    return false;
  for (unsigned x = 0; x < g->nblocks; x++) {
    if (!ls_in_loop(g, x, l))
      continue;
    for (unsigned i = 0; i < g->nsucc[x]; i++) {
      unsigned s = g->succ[x][i];
      if (ls_in_loop(g, s, l))
        continue;
      unsigned t = lift(c, s);
      edge_to(&c->r->nodes[node], t)->nexits++;
    }
  }
  return true;
}

static uint64_t sort_key(const ls_cfg *g, const ls_rnode *n) {
  const uint64_t big = (uint64_t)g->nblocks + 1;
  switch (n->kind) {
  case RN_BLOCK: return g->priority[n->ref];
  case RN_LOOP: return g->priority[g->loop_header[n->ref]];
  case RN_BACK: return big;
  case RN_EXIT: return 2 * big + g->priority[n->ref];
  case RN_END: return 4 * big;
  default: return 5 * big;
  }
}

/* Kahn's algorithm, taking the ready node with the smallest key. */
static bool topo_sort(mc_arena *a, const ls_cfg *g, ls_region *r) {
  unsigned n = r->nnodes;
  unsigned *indeg = mc_alloc(a, (n + 1) * sizeof *indeg);
  r->topo = mc_alloc(a, (n + 1) * sizeof *r->topo);
  if (!indeg || !r->topo)
    return false;
  for (unsigned i = 0; i < n; i++)
    indeg[i] = r->nodes[i].nin;
  bool *done = mc_alloc(a, n + 1);
  if (!done)
    return false;
  for (unsigned k = 0; k < n; k++) {
    unsigned best = LS_NONE;
    for (unsigned i = 0; i < n; i++)
      if (!done[i] && indeg[i] == 0 &&
          (best == LS_NONE || sort_key(g, &r->nodes[i]) < sort_key(g, &r->nodes[best])))
        best = i;
    if (best == LS_NONE)
      return false; /* a cycle: cannot happen in a reducible CFG */
    done[best] = true;
    r->nodes[best].topo = k;
    r->topo[k] = best;
    for (unsigned e = 0; e < r->nodes[best].nout; e++)
      indeg[r->nodes[best].out[e].to]--;
  }
  return true;
}

static unsigned meet_dom(const ls_region *r, unsigned x, unsigned y) {
  while (x != y) {
    while (r->nodes[x].topo > r->nodes[y].topo)
      x = r->nodes[x].idom;
    while (r->nodes[y].topo > r->nodes[x].topo)
      y = r->nodes[y].idom;
  }
  return x;
}

static unsigned meet_pdom(const ls_region *r, unsigned x, unsigned y) {
  while (x != y) {
    while (r->nodes[x].topo < r->nodes[y].topo)
      x = r->nodes[x].ipdom;
    while (r->nodes[y].topo < r->nodes[x].topo)
      y = r->nodes[y].ipdom;
  }
  return x;
}

/* Dominators, postdominators (towards the sink) and the single terminal
 * each node leads to, each by one pass over the topological order. */
static void dominators(ls_region *r) {
  for (unsigned k = 0; k < r->nnodes; k++) {
    ls_rnode *n = &r->nodes[r->topo[k]];
    if (k == 0) {
      n->idom = r->topo[0];
      continue;
    }
    unsigned d = LS_NONE;
    for (unsigned i = 0; i < n->nin; i++)
      d = d == LS_NONE ? n->in[i] : meet_dom(r, d, n->in[i]);
    n->idom = d == LS_NONE ? r->topo[0] : d;
  }
  for (unsigned k = r->nnodes; k-- > 0;) {
    unsigned id = r->topo[k];
    ls_rnode *n = &r->nodes[id];
    if (id == r->sink) {
      n->ipdom = id;
      n->term = id;
      continue;
    }
    /* A live node postdominates, and leads to terminals, through its live
     * successors only: no defined execution enters a doomed one. */
    unsigned p = LS_NONE, t = LS_NONE;
    bool first = true;
    for (unsigned i = 0; i < n->nout; i++) {
      const ls_rnode *s = &r->nodes[n->out[i].to];
      if (s->doomed && !n->doomed)
        continue;
      p = p == LS_NONE ? n->out[i].to : meet_pdom(r, p, n->out[i].to);
      if (first)
        t = s->term;
      else if (s->term != t)
        t = LS_NONE;
      first = false;
    }
    n->ipdom = p == LS_NONE ? r->sink : p;
    n->term = ls_is_terminal(n) ? id : t;
  }
}

bool ls_region_build(mc_arena *a, const ls_cfg *g, int loop, ls_region *r,
                     unsigned *block_node, unsigned *loop_node) {
  memset(r, 0, sizeof *r);
  r->loop = loop;
  unsigned max = 2 * g->nblocks + g->nloops + 4;
  r->nodes = mc_alloc(a, max * sizeof *r->nodes);
  if (!r->nodes)
    return false;
  region_ctx c = {g, loop, r, block_node, loop_node, LS_NONE, LS_NONE};
  for (unsigned x = 0; x < g->nblocks; x++)
    if (g->loop_of[x] == loop)
      block_node[x] = add_node(&c, RN_BLOCK, x);
  for (unsigned l = 0; l < g->nloops; l++)
    if (g->loop_parent[l] == loop)
      loop_node[l] = add_node(&c, RN_LOOP, l);
  if (loop >= 0)
    c.back = add_node(&c, RN_BACK, g->loop_header[loop]);
  r->entry = loop >= 0 ? block_node[g->loop_header[loop]] : block_node[0];
  unsigned inner = r->nnodes;
  for (unsigned i = 0; i < inner; i++) {
    bool ok = r->nodes[i].kind == RN_BLOCK ? block_edges(a, &c, i)
              : r->nodes[i].kind == RN_LOOP ? loop_edges(a, &c, i)
                                            : true;
    if (!ok)
      return false;
  }
  r->sink = add_node(&c, RN_SINK, 0);
  for (unsigned i = 0; i < r->sink; i++) {
    ls_rnode *n = &r->nodes[i];
    if (n->nout == 0) {
      n->out = mc_alloc(a, sizeof *n->out);
      if (!n->out)
        return false;
      n->out[n->nout++].to = r->sink;
    }
  }
  for (unsigned i = 0; i < r->nnodes; i++)
    for (unsigned e = 0; e < r->nodes[i].nout; e++)
      r->nodes[r->nodes[i].out[e].to].nin++;
  for (unsigned i = 0; i < r->nnodes; i++) {
    r->nodes[i].in = mc_alloc(a, (r->nodes[i].nin + 1) * sizeof(unsigned));
    if (!r->nodes[i].in)
      return false;
    r->nodes[i].nin = 0;
  }
  for (unsigned i = 0; i < r->nnodes; i++)
    for (unsigned e = 0; e < r->nodes[i].nout; e++) {
      ls_rnode *t = &r->nodes[r->nodes[i].out[e].to];
      t->in[t->nin++] = i;
    }
  if (!topo_sort(a, g, r))
    return false;
  dominators(r);
  return true;
}

/* ---- The total order ------------------------------------------------------- */

typedef struct {
  mc_arena *a;
  const ls_cfg *g;
  unsigned *block_node, *loop_node;
  unsigned *order;
  unsigned n;
} order_ctx;

static bool order_region(order_ctx *c, int loop) {
  ls_region r;
  if (!ls_region_build(c->a, c->g, loop, &r, c->block_node, c->loop_node))
    return false;
  for (unsigned k = 0; k < r.nnodes; k++) {
    const ls_rnode *n = &r.nodes[r.topo[k]];
    if (n->kind == RN_BLOCK)
      c->order[c->n++] = n->ref;
    else if (n->kind == RN_LOOP && !order_region(c, (int)n->ref))
      return false;
  }
  return true;
}

bool ls_total_order(mc_arena *a, const ls_cfg *g, unsigned *order) {
  order_ctx c = {a, g, mc_alloc(a, (g->nblocks + 1) * sizeof(unsigned)),
                 mc_alloc(a, (g->nloops + 1) * sizeof(unsigned)), order, 0};
  if (!c.block_node || !c.loop_node)
    return false;
  return order_region(&c, -1) && c.n == g->nblocks;
}

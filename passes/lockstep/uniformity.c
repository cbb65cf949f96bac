/* uniformity.c - which values, branches and loops are the same across the
 * threads of a warp, a block, the grid.
 *
 * A least fixpoint over the lattice grid < block < warp < divergent,
 * starting from the sources and raising monotonically:
 *   - sources: threadIdx and the lane id are divergent, blockIdx is
 *     block-uniform, a warp id or a warp vote warp-uniform, a block
 *     barrier's reduction (__syncthreads_count) block-uniform; blockDim,
 *     gridDim, parameters and constants grid-uniform. Loads are divergent
 *     unless from __constant__ memory, a by-value parameter the kernel never
 *     writes, or !invariant.load, with a uniform address; atomics, unknown
 *     calls and inline assembly are divergent; a value the user declares
 *     uniform (__mapcost_uniform, GPUVerify's __uniform_int) is grid-uniform.
 *   - data dependence: an instruction is as divergent as its operands.
 *   - control dependence: a phi is also as divergent as the choice of its
 *     incoming edge, i.e. the decisions between its block's immediate
 *     dominator and the block that can send threads to it by different
 *     edges (sync dependence, computed on the region graphs of order.c).
 *   - temporal divergence: a value that changes from one iteration of a
 *     loop to the next, used after the loop, is as divergent as the loop's
 *     exit, when threads may leave the loop at different iterations.
 * A loop's exit is as divergent as every decision inside it that can send
 * threads to different ways out (back to the header, or out to different
 * places). Warp level also knows facts that hold by arithmetic: where the
 * block size is concrete, an expression over thread ids and constants
 * (threadIdx.x / 32 with blockDim.x = 64) is evaluated for every thread
 * (eval.c).
 */
#include "lockstep_impl.h"

#include "mapcost/facts.h"

#include <string.h>

enum { R_VOID, R_SOURCE, R_DERIVED, R_PHI, R_LOAD, R_SHUFFLE };

typedef struct {
  ls_build *b;
  mc_ls_values *v;
  uint8_t *rule;
  uint8_t *src_level;
  ls_cause *src_cause;
  int8_t *evl; /* -2 not yet computed, -1 cannot be evaluated */
  /* Deciders: >= 0 a block's branch, < 0 loop -(d + 1)'s exit. */
  int **phi_dec[2]; /* per block: [0] its phis' choice (entry side for a
                       header), [1] a header's back-edge side */
  unsigned *nphi_dec[2];
  int **loop_dec;
  unsigned *nloop_dec;
} uctx;

/* ---- Special registers ------------------------------------------------- */

typedef enum {
  SREG_NONE, SREG_TID, SREG_NTID, SREG_CTAID, SREG_NCTAID, SREG_LANE,
  SREG_WARPID, SREG_WARPSIZE, SREG_GRID_CONST, SREG_BLOCK_CONST, SREG_VARYING,
} sreg_kind;

static sreg_kind sreg(LLVMValueRef v, unsigned *dim) {
  const char *n = ls_callee_name(v);
  const char *p = "llvm.nvvm.read.ptx.sreg.";
  if (!n || strncmp(n, p, strlen(p)))
    return SREG_NONE;
  n += strlen(p);
  size_t len = strlen(n);
  *dim = len >= 2 && n[len - 2] == '.' && n[len - 1] >= 'x' && n[len - 1] <= 'z'
             ? (unsigned)(n[len - 1] - 'x') : 0;
  if (!strncmp(n, "tid.", 4)) return SREG_TID;
  if (!strncmp(n, "ntid.", 5)) return SREG_NTID;
  if (!strncmp(n, "ctaid.", 6)) return SREG_CTAID;
  if (!strncmp(n, "nctaid.", 7)) return SREG_NCTAID;
  if (!strcmp(n, "laneid") || !strncmp(n, "lanemask", 8)) return SREG_LANE;
  if (!strcmp(n, "warpid")) return SREG_WARPID;
  if (!strcmp(n, "warpsize")) return SREG_WARPSIZE;
  if (!strncmp(n, "nclusterid", 10) || !strncmp(n, "cluster.nctaid", 14) ||
      !strcmp(n, "cluster.nctarank") || !strcmp(n, "nwarpid") ||
      !strcmp(n, "nsmid") || !strcmp(n, "gridid"))
    return SREG_GRID_CONST;
  if (!strncmp(n, "clusterid", 9) || !strncmp(n, "cluster.ctaid", 13) ||
      !strcmp(n, "cluster.ctarank") || !strcmp(n, "smid"))
    return SREG_BLOCK_CONST;
  return SREG_VARYING; /* clock, globaltimer, performance counters */
}

const char *ls_sreg_name(LLVMValueRef v) {
  unsigned d = 0;
  static const char *const dims[3] = {"x", "y", "z"};
  switch (sreg(v, &d)) {
  case SREG_TID: return d == 0 ? "threadIdx.x" : d == 1 ? "threadIdx.y" : "threadIdx.z";
  case SREG_NTID: return d == 0 ? "blockDim.x" : d == 1 ? "blockDim.y" : "blockDim.z";
  case SREG_CTAID: return d == 0 ? "blockIdx.x" : d == 1 ? "blockIdx.y" : "blockIdx.z";
  case SREG_NCTAID: return d == 0 ? "gridDim.x" : d == 1 ? "gridDim.y" : "gridDim.z";
  case SREG_LANE: return "laneid";
  case SREG_WARPID: return "warpid";
  case SREG_WARPSIZE: return "warpSize";
  case SREG_NONE: return NULL;
  default: (void)dims; return ls_callee_name(v) + strlen("llvm.nvvm.read.ptx.sreg.");
  }
}

/* ---- Classification ------------------------------------------------------ */

static bool starts(const char *s, const char *p) {
  return s && !strncmp(s, p, strlen(p));
}

/* memory(none): an intrinsic whose result depends on its operands only. */
static bool pure_intrinsic(LLVMValueRef fn) {
  size_t n;
  const char *name = LLVMGetValueName2(fn, &n);
  if (!starts(name, "llvm.") || starts(name, "llvm.nvvm.read.ptx.sreg."))
    return false;
  unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
  LLVMAttributeRef attr =
      kind ? LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) : NULL;
  return attr && LLVMGetEnumAttributeValue(attr) == 0;
}

static void source(uctx *u, unsigned i, mc_uniformity lvl, int kind,
                   unsigned dim, LLVMValueRef why) {
  u->rule[i] = R_SOURCE;
  u->src_level[i] = (uint8_t)lvl;
  u->src_cause[i] = (ls_cause){(uint8_t)kind, (uint8_t)dim, why, -1};
}

static void classify_call(uctx *u, unsigned i, LLVMValueRef in) {
  LLVMValueRef callee = LLVMGetCalledValue(in);
  if (callee && LLVMIsAInlineAsm(callee)) {
    source(u, i, MC_DIVERGENT, LS_CAUSE_ASM, 0, in);
    return;
  }
  if (!callee || !LLVMIsAFunction(callee)) {
    source(u, i, MC_DIVERGENT, LS_CAUSE_CALL, 0, in);
    return;
  }
  unsigned d = 0;
  switch (sreg(in, &d)) {
  case SREG_TID: source(u, i, MC_DIVERGENT, LS_CAUSE_TID, d, in); return;
  case SREG_LANE: source(u, i, MC_DIVERGENT, LS_CAUSE_LANE, 0, in); return;
  case SREG_CTAID:
  case SREG_BLOCK_CONST: source(u, i, MC_UNIFORM_BLOCK, LS_CAUSE_BLOCKIDX, d, in); return;
  case SREG_WARPID: source(u, i, MC_UNIFORM_WARP, LS_CAUSE_WARPID, 0, in); return;
  case SREG_NTID:
  case SREG_NCTAID:
  case SREG_WARPSIZE:
  case SREG_GRID_CONST: source(u, i, MC_UNIFORM_GRID, LS_CAUSE_NONE, 0, NULL); return;
  case SREG_VARYING: source(u, i, MC_DIVERGENT, LS_CAUSE_CALL, 0, in); return;
  case SREG_NONE: break;
  }
  const char *name = ls_callee_name(in);
  mc_barrier_kind bk = mc_shim_barrier_kind(in, NULL);
  if (bk == MC_BARRIER_BLOCK || bk == MC_BARRIER_BLOCK_COUNT)
    source(u, i, MC_UNIFORM_BLOCK, LS_CAUSE_REDUCTION, 0, in);
  else if (starts(name, "llvm.nvvm.vote.") || starts(name, "llvm.nvvm.redux.sync."))
    source(u, i, MC_UNIFORM_WARP, LS_CAUSE_VOTE, 0, in);
  else if (starts(name, "llvm.nvvm.shfl.") &&
           LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMStructTypeKind &&
           LLVMGetNumArgOperands(in) == 4)
    u->rule[i] = R_SHUFFLE;
  else if (pure_intrinsic(callee))
    u->rule[i] = R_DERIVED;
  else
    source(u, i, MC_DIVERGENT, LS_CAUSE_CALL, 0, in);
}

static void classify(uctx *u, unsigned i) {
  LLVMValueRef in = u->v->inst[i];
  if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVoidTypeKind) {
    u->rule[i] = R_VOID;
    return;
  }
  switch (LLVMGetInstructionOpcode(in)) {
  case LLVMPHI: u->rule[i] = R_PHI; break;
  case LLVMLoad: u->rule[i] = R_LOAD; break;
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg: source(u, i, MC_DIVERGENT, LS_CAUSE_ATOMIC, 0, in); break;
  case LLVMAlloca: source(u, i, MC_DIVERGENT, LS_CAUSE_LOCAL, 0, in); break;
  case LLVMCall: classify_call(u, i, in); break;
  case LLVMInvoke:
  case LLVMCallBr:
  case LLVMVAArg:
  case LLVMLandingPad: source(u, i, MC_DIVERGENT, LS_CAUSE_UNSUPPORTED, 0, in); break;
  default: u->rule[i] = R_DERIVED; break;
  }
}

/* Does the value change from one iteration of a loop to the next when its
 * operands do not? Phis, memory and other threads' values do. */
static bool varies_by_itself(const uctx *u, unsigned i) {
  switch (u->rule[i]) {
  case R_PHI:
  case R_LOAD:
  case R_SHUFFLE: return true;
  case R_SOURCE: {
    int k = u->src_cause[i].kind;
    return !(k == LS_CAUSE_NONE || k == LS_CAUSE_TID || k == LS_CAUSE_LANE ||
             k == LS_CAUSE_BLOCKIDX || k == LS_CAUSE_WARPID);
  }
  default: return false;
  }
}

static bool variant_tables(uctx *u) {
  mc_ls_values *v = u->v;
  unsigned nl = v->g.nloops;
  v->variant = mc_alloc(u->b->a, (size_t)v->n * nl + 1);
  if (!v->variant)
    return false;
  for (unsigned l = 0; l < nl; l++)
    for (unsigned i = 0; i < v->n; i++) {
      if (!ls_in_loop(&v->g, v->block[i], (int)l))
        continue;
      bool var = varies_by_itself(u, i);
      int nops = LLVMGetNumOperands(v->inst[i]);
      for (int k = 0; k < nops && !var; k++) {
        unsigned j = ls_map_get(&v->index, LLVMGetOperand(v->inst[i], (unsigned)k));
        var = j != LS_NONE && v->variant[(size_t)j * nl + l];
      }
      v->variant[(size_t)i * nl + l] = var;
    }
  return true;
}

/* ---- Deciders (structural, computed once) --------------------------------- */

static void mark_forward(const ls_region *r, unsigned from, bool *seen, unsigned *stack) {
  unsigned sp = 0;
  seen[from] = true;
  stack[sp++] = from;
  while (sp) {
    const ls_rnode *n = &r->nodes[stack[--sp]];
    for (unsigned e = 0; e < n->nout; e++)
      if (!seen[n->out[e].to]) {
        seen[n->out[e].to] = true;
        stack[sp++] = n->out[e].to;
      }
  }
}

static void mark_backward(const ls_region *r, unsigned to, bool *seen, unsigned *stack) {
  unsigned sp = 0;
  seen[to] = true;
  stack[sp++] = to;
  while (sp) {
    const ls_rnode *n = &r->nodes[stack[--sp]];
    for (unsigned e = 0; e < n->nin; e++)
      if (!seen[n->in[e]]) {
        seen[n->in[e]] = true;
        stack[sp++] = n->in[e];
      }
  }
}

static int decider(const ls_rnode *n) {
  return n->kind == RN_BLOCK ? (int)n->ref : -(int)n->ref - 1;
}

/* The decisions that can send threads into node j by different edges:
 * nodes between j's immediate dominator and j with two ways that reach j
 * (or a loop with two exit edges into j). */
static bool join_deciders(mc_arena *a, const ls_region *r, unsigned j, int **out,
                          unsigned *nout) {
  bool *fwd = mc_alloc(a, r->nnodes + 1), *bwd = mc_alloc(a, r->nnodes + 1);
  unsigned *stack = mc_alloc(a, (r->nnodes + 1) * sizeof *stack);
  *out = mc_alloc(a, (r->nnodes + 1) * sizeof **out);
  if (!fwd || !bwd || !stack || !*out)
    return false;
  mark_forward(r, r->nodes[j].idom, fwd, stack);
  mark_backward(r, j, bwd, stack);
  for (unsigned x = 0; x < r->nnodes; x++) {
    const ls_rnode *n = &r->nodes[x];
    if (x == j || !fwd[x] || !bwd[x] || (n->kind != RN_BLOCK && n->kind != RN_LOOP))
      continue;
    unsigned ways = 0;
    bool multi_exit = false;
    for (unsigned e = 0; e < n->nout; e++) {
      ways += bwd[n->out[e].to];
      multi_exit |= n->out[e].to == j && n->out[e].nexits >= 2;
    }
    if (ways >= 2 || multi_exit)
      (*out)[(*nout)++] = decider(n);
  }
  return true;
}

static unsigned find_back(const ls_region *r) {
  for (unsigned x = 0; x < r->nnodes; x++)
    if (r->nodes[x].kind == RN_BACK)
      return x;
  return LS_NONE;
}

static bool has_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef first = LLVMGetFirstInstruction(bb);
  return first && LLVMGetInstructionOpcode(first) == LLVMPHI;
}

static bool deciders(uctx *u) {
  ls_build *b = u->b;
  const ls_cfg *g = &b->g;
  mc_arena *a = b->a;
  for (int s = 0; s < 2; s++) {
    u->phi_dec[s] = mc_alloc(a, (g->nblocks + 1) * sizeof *u->phi_dec[s]);
    u->nphi_dec[s] = mc_alloc(a, (g->nblocks + 1) * sizeof *u->nphi_dec[s]);
    if (!u->phi_dec[s] || !u->nphi_dec[s])
      return false;
  }
  for (unsigned x = 0; x < g->nblocks; x++) {
    if (!has_phi(b->ls->blocks[x].bb))
      continue;
    int l = g->loop_of[x];
    if (l >= 0 && g->loop_header[l] == x) {
      const ls_region *outer = ls_region_of(b, g->loop_parent[l]);
      const ls_region *inner = ls_region_of(b, l);
      if (!join_deciders(a, outer, b->loop_node[l], &u->phi_dec[0][x], &u->nphi_dec[0][x]) ||
          !join_deciders(a, inner, find_back(inner), &u->phi_dec[1][x], &u->nphi_dec[1][x]))
        return false;
    } else if (!join_deciders(a, ls_region_of(b, l), b->block_node[x],
                              &u->phi_dec[0][x], &u->nphi_dec[0][x])) {
      return false;
    }
  }
  u->loop_dec = mc_alloc(a, (g->nloops + 1) * sizeof *u->loop_dec);
  u->nloop_dec = mc_alloc(a, (g->nloops + 1) * sizeof *u->nloop_dec);
  if (!u->loop_dec || !u->nloop_dec)
    return false;
  for (unsigned l = 0; l < g->nloops; l++) {
    const ls_region *r = ls_region_of(b, (int)l);
    u->loop_dec[l] = mc_alloc(a, (r->nnodes + 1) * sizeof **u->loop_dec);
    if (!u->loop_dec[l])
      return false;
    /* A decision matters to the exit when its node can still reach more
     * than one way out of the iteration and its ways do not meet again
     * before them (its postdominator is the sink): two threads that part
     * at a decision whose ways meet again are together at the meeting
     * point, and what follows decides for both. */
    for (unsigned x = 0; x < r->nnodes; x++) {
      const ls_rnode *n = &r->nodes[x];
      if ((n->kind == RN_BLOCK || n->kind == RN_LOOP) && n->nout >= 2 &&
          n->term == LS_NONE && n->ipdom == r->sink)
        u->loop_dec[l][u->nloop_dec[l]++] = decider(n);
    }
  }
  return true;
}

/* ---- Levels ------------------------------------------------------------------- */

mc_uniformity ls_operand_level(const mc_lockstep *ls, LLVMValueRef v,
                               unsigned use_block, ls_cause *cause) {
  const mc_ls_values *vals = ls->values;
  *cause = (ls_cause){LS_CAUSE_NONE, 0, NULL, -1};
  unsigned i = ls_map_get(&vals->index, v);
  if (i == LS_NONE) {
    if (v && LLVMIsAInstruction(v)) { /* outside the reachable blocks */
      *cause = (ls_cause){LS_CAUSE_UNSUPPORTED, 0, v, -1};
      return MC_DIVERGENT;
    }
    return MC_UNIFORM_GRID;
  }
  mc_uniformity lvl = (mc_uniformity)vals->level[i];
  *cause = vals->cause[i];
  const ls_cfg *g = &vals->g;
  for (int l = g->loop_of[vals->block[i]]; l >= 0 && !ls_in_loop(g, use_block, l);
       l = g->loop_parent[l])
    if (vals->variant[(size_t)i * g->nloops + (unsigned)l] && vals->loop_level[l] > lvl) {
      lvl = (mc_uniformity)vals->loop_level[l];
      *cause = (ls_cause){LS_CAUSE_LOOP_EXIT, 0, v, l};
    }
  return lvl;
}

static mc_uniformity raise(mc_uniformity lvl, ls_cause *cause,
                           mc_uniformity other, const ls_cause *why) {
  if (other > lvl) {
    *cause = *why;
    return other;
  }
  return lvl;
}

static mc_uniformity decider_level(const mc_ls_values *v, int d, ls_cause *c) {
  if (d >= 0) {
    *c = v->dec_cause[d];
    return (mc_uniformity)v->dec_level[d];
  }
  unsigned l = (unsigned)(-d - 1);
  *c = (ls_cause){LS_CAUSE_LOOP_EXIT, 0, NULL, (int)l};
  return (mc_uniformity)v->loop_level[l];
}

/* A phi's choice is divergent when its deciders are: the cause names the
 * deciding terminator. */
static mc_uniformity choice_level(const uctx *u, const int *dec, unsigned n,
                                  ls_cause *cause) {
  mc_uniformity lvl = MC_UNIFORM_GRID;
  for (unsigned k = 0; k < n; k++) {
    ls_cause c;
    mc_uniformity d = decider_level(u->v, dec[k], &c);
    if (d > lvl) {
      lvl = d;
      *cause = dec[k] >= 0
                   ? (ls_cause){LS_CAUSE_CONTROL, 0,
                                LLVMGetBasicBlockTerminator(u->b->ls->blocks[dec[k]].bb), -1}
                   : c;
    }
  }
  return lvl;
}

/* Do a and b compute the same value in every thread? The same value, or
 * two pure instructions of one kind on the same operands (GVN's PRE copies
 * an expression into both sides of a branch and joins the copies with a
 * phi; the join does not depend on the branch). */
static bool same_value(LLVMValueRef a, LLVMValueRef b, int depth) {
  if (a == b)
    return true;
  if (depth > 8 || !LLVMIsAInstruction(a) || !LLVMIsAInstruction(b) ||
      LLVMTypeOf(a) != LLVMTypeOf(b))
    return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(a);
  if (op != LLVMGetInstructionOpcode(b) || LLVMGetNumOperands(a) != LLVMGetNumOperands(b))
    return false;
  if (op == LLVMCall) {
    /* Reads of the special registers (threadIdx, blockIdx, ...) are pure. */
    LLVMValueRef f = LLVMGetCalledValue(a);
    size_t n;
    const char *name = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
    if (f != LLVMGetCalledValue(b) || strncmp(name, "llvm.nvvm.read.ptx.sreg.", 24))
      return false;
    return true; /* no arguments */
  }
  switch (op) {
  case LLVMLoad: case LLVMStore: case LLVMCall: case LLVMAlloca: case LLVMPHI:
  case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMFence: case LLVMFreeze:
    return false; /* memory, calls, joins: not the same just by their operands */
  case LLVMICmp:
    if (LLVMGetICmpPredicate(a) != LLVMGetICmpPredicate(b))
      return false;
    break;
  case LLVMFCmp:
    if (LLVMGetFCmpPredicate(a) != LLVMGetFCmpPredicate(b))
      return false;
    break;
  case LLVMGetElementPtr:
    if (LLVMGetGEPSourceElementType(a) != LLVMGetGEPSourceElementType(b))
      return false;
    break;
  default:
    if (LLVMIsATerminatorInst(a) || LLVMGetNumOperands(a) == 0)
      return false;
    if (op == LLVMExtractValue || op == LLVMInsertValue || op == LLVMShuffleVector)
      return false; /* their indices are not operands */
    break;
  }
  for (int k = 0; k < LLVMGetNumOperands(a); k++)
    if (!same_value(LLVMGetOperand(a, (unsigned)k), LLVMGetOperand(b, (unsigned)k), depth + 1))
      return false;
  return true;
}

static mc_uniformity phi_level(const uctx *u, unsigned i, ls_cause *cause) {
  const mc_ls_values *v = u->v;
  const ls_cfg *g = &v->g;
  LLVMValueRef phi = v->inst[i];
  unsigned j = v->block[i];
  int l = g->loop_of[j];
  bool header = l >= 0 && g->loop_header[l] == j;
  LLVMValueRef first[2] = {NULL, NULL};
  bool differ[2] = {false, false};
  mc_uniformity lvl = MC_UNIFORM_GRID;
  for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
    unsigned p = ls_map_get(&v->bbmap, LLVMGetIncomingBlock(phi, k));
    if (p == LS_NONE)
      continue; /* an edge from an unreachable block is never taken */
    LLVMValueRef in = LLVMGetIncomingValue(phi, k);
    ls_cause c;
    lvl = raise(lvl, cause, ls_operand_level(u->b->ls, in, j, &c), &c);
    int side = header && ls_in_loop(g, p, l) ? 1 : 0;
    if (!first[side])
      first[side] = in;
    else if (!same_value(first[side], in, 0))
      differ[side] = true;
  }
  for (int s = 0; s < 2; s++)
    if (differ[s]) {
      ls_cause c = {0};
      mc_uniformity d = choice_level(u, u->phi_dec[s][j], u->nphi_dec[s][j], &c);
      lvl = raise(lvl, cause, d, &c);
    }
  return lvl;
}

static LLVMValueRef pointer_base(LLVMValueRef p) {
  for (int depth = 0; p && depth < 64; depth++) {
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
        LLVMIsAAddrSpaceCastInst(p))
      p = LLVMGetOperand(p, 0);
    else if (LLVMIsAConstantExpr(p) &&
             (LLVMGetConstOpcode(p) == LLVMGetElementPtr ||
              LLVMGetConstOpcode(p) == LLVMAddrSpaceCast))
      p = LLVMGetOperand(p, 0);
    else
      break;
  }
  return p;
}

/* A by-value parameter the kernel only loads through (kernels.c): the
 * argument's values in every thread. */
static bool unwritten_byval(const uctx *u, LLVMValueRef v) {
  const mc_param *p = mc_kernel_param(u->b->k, v);
  return p && p->byval && !p->byval_written;
}

/* A load gives every thread the same value when it reads memory that no
 * thread writes during the kernel (__constant__ or const globals, by-value
 * parameters never written), at a uniform address. */
static mc_uniformity load_level(const uctx *u, unsigned i, ls_cause *cause) {
  LLVMValueRef in = u->v->inst[i];
  LLVMValueRef ptr = LLVMGetOperand(in, 0);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  unsigned inv = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(in)), "invariant.load", 14);
  LLVMValueRef base = pointer_base(ptr);
  bool constant_global =
      base && LLVMIsAGlobalVariable(base) &&
      (LLVMGetPointerAddressSpace(LLVMTypeOf(base)) == 4 || LLVMIsGlobalConstant(base));
  bool readonly = as == 4 /* constant */ || as == 101 /* param */ ||
                  LLVMGetMetadata(in, inv) || constant_global ||
                  unwritten_byval(u, base);
  if (!readonly || LLVMGetVolatile(in)) {
    *cause = (ls_cause){LS_CAUSE_MEMORY, 0, in, -1};
    return MC_DIVERGENT;
  }
  return ls_operand_level(u->b->ls, ptr, u->v->block[i], cause);
}

/* __shfl_sync: a warp-uniform value stays what it is; an indexed shuffle
 * over the whole warp from a warp-uniform lane broadcasts one value. */
static mc_uniformity shuffle_level(const uctx *u, unsigned i, ls_cause *cause) {
  LLVMValueRef in = u->v->inst[i];
  unsigned blk = u->v->block[i];
  ls_cause cv, cl;
  mc_uniformity val = ls_operand_level(u->b->ls, LLVMGetOperand(in, 1), blk, &cv);
  if (val <= MC_UNIFORM_WARP) {
    *cause = cv;
    return val;
  }
  LLVMValueRef clamp = LLVMGetOperand(in, 3);
  if (starts(ls_callee_name(in), "llvm.nvvm.shfl.sync.idx.") &&
      ls_operand_level(u->b->ls, LLVMGetOperand(in, 2), blk, &cl) <= MC_UNIFORM_WARP &&
      LLVMIsAConstantInt(clamp) && LLVMConstIntGetZExtValue(clamp) == 31) {
    *cause = (ls_cause){LS_CAUSE_VOTE, 0, in, -1};
    return MC_UNIFORM_WARP;
  }
  *cause = (ls_cause){LS_CAUSE_SHUFFLE, 0, in, -1};
  return MC_DIVERGENT;
}

static mc_uniformity rule_level(uctx *u, unsigned i, ls_cause *cause) {
  const mc_ls_values *v = u->v;
  LLVMValueRef in = v->inst[i];
  mc_uniformity lvl = MC_UNIFORM_GRID;
  *cause = (ls_cause){LS_CAUSE_NONE, 0, NULL, -1};
  switch (u->rule[i]) {
  case R_SOURCE:
    lvl = (mc_uniformity)u->src_level[i];
    *cause = u->src_cause[i];
    break;
  case R_PHI: lvl = phi_level(u, i, cause); break;
  case R_LOAD: lvl = load_level(u, i, cause); break;
  case R_SHUFFLE: lvl = shuffle_level(u, i, cause); break;
  case R_DERIVED: {
    int n = LLVMGetNumOperands(in);
    for (int k = 0; k < n; k++) {
      ls_cause c;
      mc_uniformity o = ls_operand_level(u->b->ls, LLVMGetOperand(in, (unsigned)k),
                                         v->block[i], &c);
      lvl = raise(lvl, cause, o, &c);
    }
    break;
  }
  default: return MC_UNIFORM_GRID;
  }
  if (lvl > MC_UNIFORM_GRID && LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMIntegerTypeKind) {
    if (u->evl[i] == -2) {
      const mc_lockstep *ls = u->b->ls;
      u->evl[i] = (int8_t)ls_eval_uniformity(u->b->a, in,
                                             ls->block_dim[0] ? ls->block_dim : NULL,
                                             ls->warp_size);
    }
    if (u->evl[i] >= 0 && u->evl[i] < (int)lvl)
      lvl = (mc_uniformity)u->evl[i];
  }
  return lvl;
}

static mc_uniformity decision_level(const uctx *u, unsigned x, ls_cause *cause) {
  const ls_build *b = u->b;
  *cause = (ls_cause){LS_CAUSE_NONE, 0, NULL, -1};
  if (b->g.nsucc[x] < 2)
    return MC_UNIFORM_GRID;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b->ls->blocks[x].bb);
  if (LLVMIsABranchInst(t) && LLVMIsConditional(t))
    return ls_operand_level(b->ls, LLVMGetCondition(t), x, cause);
  if (LLVMIsASwitchInst(t))
    return ls_operand_level(b->ls, LLVMGetOperand(t, 0), x, cause);
  *cause = (ls_cause){LS_CAUSE_UNSUPPORTED, 0, t, -1};
  return MC_DIVERGENT;
}

static bool fixpoint(uctx *u) {
  mc_ls_values *v = u->v;
  const ls_cfg *g = &v->g;
  for (;;) {
    bool changed = false;
    /* Each round visits every block, loop and value; levels only rise, so
     * there are at most about 3 * v->n rounds. */
    if (!mc_spend(u->b->a, (uint64_t)g->nblocks + g->nloops + v->n + 1, "lockstep"))
      return false;
    for (unsigned x = 0; x < g->nblocks; x++) {
      ls_cause c;
      mc_uniformity d = decision_level(u, x, &c);
      if (d > v->dec_level[x]) {
        v->dec_level[x] = (uint8_t)d;
        v->dec_cause[x] = c;
        changed = true;
      }
    }
    for (unsigned l = g->nloops; l-- > 0;) { /* inner loops first */
      for (unsigned k = 0; k < u->nloop_dec[l]; k++) {
        ls_cause c;
        int d = u->loop_dec[l][k];
        mc_uniformity lvl = decider_level(v, d, &c);
        if (lvl > v->loop_level[l]) {
          v->loop_level[l] = (uint8_t)lvl;
          v->loop_cause_block[l] = d >= 0 ? (unsigned)d : v->loop_cause_block[-d - 1];
          changed = true;
        }
      }
    }
    for (unsigned i = 0; i < v->n; i++) {
      if (u->rule[i] == R_VOID)
        continue;
      ls_cause c;
      mc_uniformity lvl = rule_level(u, i, &c);
      if (lvl > v->level[i]) {
        v->level[i] = (uint8_t)lvl;
        v->cause[i] = c;
        changed = true;
      }
    }
    if (!changed)
      return true;
  }
}

/* ---- Setup ---------------------------------------------------------------------- */

static bool number_instructions(ls_build *b, mc_ls_values *v) {
  unsigned n = 0;
  for (unsigned x = 0; x < b->g.nblocks; x++)
    for (LLVMValueRef in = LLVMGetFirstInstruction(b->ls->blocks[x].bb); in;
         in = LLVMGetNextInstruction(in))
      n++;
  v->n = n;
  v->inst = mc_alloc(b->a, (n + 1) * sizeof *v->inst);
  v->block = mc_alloc(b->a, (n + 1) * sizeof *v->block);
  v->level = mc_alloc(b->a, n + 1);
  v->cause = mc_alloc(b->a, (n + 1) * sizeof *v->cause);
  v->names = mc_alloc(b->a, (n + 1) * sizeof *v->names);
  if (!v->inst || !v->block || !v->level || !v->cause || !v->names ||
      !ls_map_init(b->a, &v->index, n))
    return false;
  unsigned i = 0;
  for (unsigned x = 0; x < b->g.nblocks; x++)
    for (LLVMValueRef in = LLVMGetFirstInstruction(b->ls->blocks[x].bb); in;
         in = LLVMGetNextInstruction(in)) {
      v->inst[i] = in;
      v->block[i] = x;
      ls_map_put(&v->index, in, i);
      i++;
    }
  return true;
}

bool ls_uniformity(ls_build *b) {
  mc_arena *a = b->a;
  mc_ls_values *v = mc_alloc(a, sizeof *v);
  if (!v)
    return false;
  b->ls->values = v;
  v->arena = a;
  v->g = b->g;
  v->bbmap = b->bbmap;
  if (!number_instructions(b, v))
    return false;
  unsigned nb = b->g.nblocks, nl = b->g.nloops;
  v->dec_level = mc_alloc(a, nb + 1);
  v->dec_cause = mc_alloc(a, (nb + 1) * sizeof *v->dec_cause);
  v->loop_level = mc_alloc(a, nl + 1);
  v->loop_cause_block = mc_alloc(a, (nl + 1) * sizeof *v->loop_cause_block);
  uctx u = {.b = b, .v = v};
  u.rule = mc_alloc(a, v->n + 1);
  u.src_level = mc_alloc(a, v->n + 1);
  u.src_cause = mc_alloc(a, (v->n + 1) * sizeof *u.src_cause);
  u.evl = mc_alloc(a, v->n + 1);
  if (!v->dec_level || !v->dec_cause || !v->loop_level || !v->loop_cause_block ||
      !u.rule || !u.src_level || !u.src_cause || !u.evl)
    return false;
  memset(u.evl, -2, v->n + 1);
  for (unsigned l = 0; l < nl; l++)
    v->loop_cause_block[l] = LS_NONE;
  for (unsigned i = 0; i < v->n; i++)
    classify(&u, i);
  /* __mapcost_uniform(x) says x is the same in every thread: a source of
   * uniformity the analysis takes on the user's word. */
  const mc_kernel *k = b->k;
  for (unsigned f = 0; f < k->nfacts; f++) {
    unsigned i = k->facts[f].kind == MC_FACT_UNIFORM
                     ? ls_map_get(&v->index, k->facts[f].value) : LS_NONE;
    if (i != LS_NONE && u.rule[i] != R_VOID)
      source(&u, i, MC_UNIFORM_GRID, LS_CAUSE_NONE, 0, NULL);
  }
  if (!variant_tables(&u) || !deciders(&u) || !fixpoint(&u))
    return false;
  for (unsigned x = 0; x < nb; x++) {
    mc_ls_block *blk = &b->ls->blocks[x];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(blk->bb);
    if (b->g.nsucc[x] >= 2 && LLVMIsABranchInst(t) && LLVMIsConditional(t))
      blk->cond = LLVMGetCondition(t);
    else if (b->g.nsucc[x] >= 2 && LLVMIsASwitchInst(t))
      blk->cond = LLVMGetOperand(t, 0);
    blk->branch_uniformity = (mc_uniformity)v->dec_level[x];
  }
  for (unsigned l = 0; l < nl; l++)
    b->ls->loops[l].exit_uniformity = (mc_uniformity)v->loop_level[l];
  for (unsigned x = 0; x < nb; x++)
    b->ls->blocks[x].pred_uniformity = mc_ls_pred_uniformity(b->ls, b->ls->blocks[x].pred);
  return true;
}

/* ---- Queries -------------------------------------------------------------- */

mc_uniformity mc_ls_uniformity(const mc_lockstep *ls, LLVMValueRef v) {
  if (!ls->values)
    return MC_DIVERGENT;
  unsigned i = ls_map_get(&ls->values->index, v);
  if (i == LS_NONE)
    return v && LLVMIsAInstruction(v) ? MC_DIVERGENT : MC_UNIFORM_GRID;
  return (mc_uniformity)ls->values->level[i];
}

mc_uniformity mc_ls_execution_uniformity(const mc_lockstep *ls, LLVMValueRef v) {
  mc_uniformity lvl = mc_ls_uniformity(ls, v);
  if (lvl != MC_DIVERGENT || !v || !LLVMIsALoadInst(v) || LLVMGetVolatile(v) ||
      LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic)
    return lvl;
  int b = mc_ls_block_index(ls, LLVMGetInstructionParent(v));
  if (b < 0 || ls->blocks[b].loop >= 0)
    return lvl; /* read again in every iteration: the value may change */
  mc_uniformity at = mc_ls_uniformity(ls, LLVMGetOperand(v, 0));
  return at <= MC_UNIFORM_WARP ? MC_UNIFORM_WARP : lvl;
}

mc_uniformity mc_ls_pred_uniformity(const mc_lockstep *ls, const mc_pred *p) {
  if (!ls->values || !p)
    return MC_DIVERGENT;
  const mc_ls_values *v = ls->values;
  switch (p->kind) {
  case MC_PRED_TRUE:
  case MC_PRED_FALSE: return MC_UNIFORM_GRID;
  case MC_PRED_BRANCH: return (mc_uniformity)v->dec_level[p->block];
  case MC_PRED_EXIT:
  case MC_PRED_ACTIVE: return (mc_uniformity)v->loop_level[p->loop];
  case MC_PRED_AND:
  case MC_PRED_OR: {
    mc_uniformity u = MC_UNIFORM_GRID;
    for (unsigned i = 0; i < p->nops; i++) {
      mc_uniformity o = mc_ls_pred_uniformity(ls, p->ops[i]);
      u = o > u ? o : u;
    }
    return u;
  }
  }
  return MC_DIVERGENT;
}

const char *mc_ls_uniformity_cause(mc_arena *a, const mc_lockstep *ls,
                                   LLVMValueRef v) {
  if (!ls->values)
    return NULL;
  unsigned i = ls_map_get(&ls->values->index, v);
  if (i == LS_NONE || ls->values->level[i] == MC_UNIFORM_GRID)
    return NULL;
  return ls_cause_text(a, ls, &ls->values->cause[i]);
}

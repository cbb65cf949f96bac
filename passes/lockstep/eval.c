/* eval.c - integer expressions over thread ids, evaluated for every thread.
 *
 * Where the block size is concrete (-mapcost-block-dim or reqntid), a value
 * computed only from threadIdx, blockDim, the lane id and constants can be
 * evaluated for each thread of a block: that settles facts the lattice
 * cannot see, such as threadIdx.x / 32 being warp-uniform for 64-thread
 * blocks, threadIdx.y being 0 in 1-D blocks, or a __syncwarp mask matching
 * the lanes that reach it. Without a block size, expressions over the lane
 * id alone are evaluated over the lanes of a warp. Undefined results
 * (division by zero, over-wide shifts) make the expression unevaluable.
 */
#include "mapcost/bits.h"
#include "lockstep_impl.h"

#include <string.h>

enum { MAX_NODES = 64, MAX_THREADS = 1 << 16 };

enum { E_CONST, E_TID, E_LANE, E_WARPSIZE, E_BIN, E_ICMP, E_SELECT, E_ZEXT,
       E_SEXT, E_TRUNC, E_COPY };

typedef struct {
  uint8_t op, width, from_width, dim;
  LLVMOpcode bin;
  LLVMIntPredicate pred;
  unsigned a, b, c;
  uint64_t k;
} enode;

struct ls_expr {
  enode n[MAX_NODES];
  LLVMValueRef v[MAX_NODES];
  unsigned count;
};


static unsigned int_width(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return 0;
  unsigned w = LLVMGetIntTypeWidth(t);
  return w <= 64 ? w : 0;
}

static bool is_binary(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor:
    return true;
  default:
    return false;
  }
}

static int compile(ls_expr *e, LLVMValueRef v, const unsigned *dims, int depth) {
  for (unsigned i = 0; i < e->count; i++)
    if (e->v[i] == v)
      return (int)i;
  unsigned w = int_width(v);
  if (!w || depth > 32)
    return -1;
  enode n = {.width = (uint8_t)w};
  if (LLVMIsAConstantInt(v)) {
    n.op = E_CONST;
    n.k = LLVMConstIntGetZExtValue(v) & mc_bits_ones(w);
  } else if (LLVMIsACallInst(v)) {
    const char *s = ls_sreg_name(v);
    if (!s)
      return -1;
    if (!strncmp(s, "threadIdx.", 10) && dims) {
      n.op = E_TID;
      n.dim = (uint8_t)(s[10] - 'x');
    } else if (!strncmp(s, "blockDim.", 9) && dims) {
      n.op = E_CONST;
      n.k = dims[s[9] - 'x'] & mc_bits_ones(w);
    } else if (!strcmp(s, "laneid")) {
      n.op = E_LANE;
    } else if (!strcmp(s, "warpSize")) {
      n.op = E_WARPSIZE;
    } else {
      return -1;
    }
  } else if (LLVMIsAInstruction(v)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    int a = -1, b = -1, c = -1;
    if (is_binary(op) || op == LLVMICmp) {
      a = compile(e, LLVMGetOperand(v, 0), dims, depth + 1);
      b = a < 0 ? -1 : compile(e, LLVMGetOperand(v, 1), dims, depth + 1);
      if (b < 0)
        return -1;
      n.op = op == LLVMICmp ? E_ICMP : E_BIN;
      n.bin = op;
      if (op == LLVMICmp)
        n.pred = LLVMGetICmpPredicate(v);
    } else if (op == LLVMSelect) {
      a = compile(e, LLVMGetOperand(v, 0), dims, depth + 1);
      b = a < 0 ? -1 : compile(e, LLVMGetOperand(v, 1), dims, depth + 1);
      c = b < 0 ? -1 : compile(e, LLVMGetOperand(v, 2), dims, depth + 1);
      if (c < 0)
        return -1;
      n.op = E_SELECT;
    } else if (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc || op == LLVMFreeze) {
      a = compile(e, LLVMGetOperand(v, 0), dims, depth + 1);
      if (a < 0)
        return -1;
      n.op = op == LLVMZExt ? E_ZEXT : op == LLVMSExt ? E_SEXT
             : op == LLVMTrunc ? E_TRUNC : E_COPY;
      n.from_width = e->n[a].width;
    } else {
      return -1;
    }
    n.a = (unsigned)a;
    n.b = (unsigned)b;
    n.c = (unsigned)c;
  } else {
    return -1;
  }
  if (e->count == MAX_NODES)
    return -1;
  e->n[e->count] = n;
  e->v[e->count] = v;
  return (int)e->count++;
}

static bool binary(LLVMOpcode op, uint64_t a, uint64_t b, unsigned w, uint64_t *r) {
  int64_t sa = mc_bits_sext(a, w), sb = mc_bits_sext(b, w);
  switch (op) {
  case LLVMAdd: *r = a + b; break;
  case LLVMSub: *r = a - b; break;
  case LLVMMul: *r = a * b; break;
  case LLVMAnd: *r = a & b; break;
  case LLVMOr: *r = a | b; break;
  case LLVMXor: *r = a ^ b; break;
  case LLVMUDiv:
  case LLVMURem:
    if (!b)
      return false;
    *r = op == LLVMUDiv ? a / b : a % b;
    break;
  case LLVMSDiv:
  case LLVMSRem:
    if (!b || (sb == -1 && sa == mc_bits_sext(1ULL << (w - 1), w)))
      return false;
    *r = (uint64_t)(op == LLVMSDiv ? sa / sb : sa % sb);
    break;
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
    if (b >= w)
      return false;
    *r = op == LLVMShl ? a << b : op == LLVMLShr ? a >> b : (uint64_t)(sa >> b);
    break;
  default:
    return false;
  }
  *r &= mc_bits_ones(w);
  return true;
}

bool ls_expr_eval(const ls_expr *e, const ls_thread *t, uint64_t *out) {
  uint64_t val[MAX_NODES];
  for (unsigned i = 0; i < e->count; i++) {
    const enode *n = &e->n[i];
    uint64_t r = 0;
    switch (n->op) {
    case E_CONST: r = n->k; break;
    case E_TID: r = t->tid[n->dim]; break;
    case E_LANE: r = t->lane; break;
    case E_WARPSIZE: r = t->warp_size; break;
    case E_BIN:
      if (!binary(n->bin, val[n->a], val[n->b], n->width, &r))
        return false;
      break;
    case E_ICMP: r = mc_bits_icmp(n->pred, val[n->a], val[n->b], e->n[n->a].width); break;
    case E_SELECT: r = val[n->a] & 1 ? val[n->b] : val[n->c]; break;
    case E_ZEXT:
    case E_COPY: r = val[n->a]; break;
    case E_SEXT: r = (uint64_t)mc_bits_sext(val[n->a], n->from_width); break;
    case E_TRUNC: r = val[n->a]; break;
    }
    val[i] = r & mc_bits_ones(n->width);
  }
  *out = e->count ? val[e->count - 1] : 0;
  return e->count > 0;
}

ls_expr *ls_expr_compile(mc_arena *a, LLVMValueRef v, const unsigned *dims) {
  ls_expr *e = mc_alloc(a, sizeof *e);
  if (!e || compile(e, v, dims, 0) < 0 || e->v[e->count - 1] != v)
    return NULL;
  return e;
}

void ls_for_each_thread(const unsigned *dims, unsigned warp_size,
                        bool (*visit)(const ls_thread *, void *), void *ctx) {
  ls_thread t = {.warp_size = warp_size};
  if (!warp_size)
    return;
  if (!dims) {
    for (unsigned lane = 0; lane < warp_size; lane++) {
      t.lane = lane;
      if (!visit(&t, ctx))
        return;
    }
    return;
  }
  uint64_t total = (uint64_t)dims[0] * dims[1] * dims[2];
  if (!total || total > MAX_THREADS)
    return;
  memcpy(t.ntid, dims, sizeof t.ntid);
  for (unsigned lin = 0; lin < total; lin++) {
    t.tid[0] = lin % dims[0];
    t.tid[1] = (lin / dims[0]) % dims[1];
    t.tid[2] = lin / (dims[0] * dims[1]);
    t.lane = lin % warp_size;
    if (!visit(&t, ctx))
      return;
  }
}

typedef struct {
  const ls_expr *e;
  bool ok, block_same, warp_same;
  uint64_t first, warp_first;
  unsigned seen;
} uni_ctx;

static bool visit_uniformity(const ls_thread *t, void *p) {
  uni_ctx *c = p;
  uint64_t v;
  if (!ls_expr_eval(c->e, t, &v)) {
    c->ok = false;
    return false;
  }
  if (c->seen++ == 0)
    c->first = v;
  if (t->lane == 0)
    c->warp_first = v;
  c->block_same &= v == c->first;
  c->warp_same &= v == c->warp_first;
  return true;
}

int ls_eval_uniformity(mc_arena *a, LLVMValueRef v, const unsigned *dims,
                       unsigned warp_size) {
  (void)a;
  ls_expr e;
  e.count = 0;
  if (compile(&e, v, dims, 0) < 0 || e.v[e.count - 1] != v)
    return -1;
  uni_ctx c = {&e, true, true, true, 0, 0, 0};
  ls_for_each_thread(dims, warp_size, visit_uniformity, &c);
  if (!c.ok || !c.seen)
    return -1;
  if (c.block_same)
    return MC_UNIFORM_GRID;
  return dims && c.warp_same ? MC_UNIFORM_WARP : MC_DIVERGENT;
}

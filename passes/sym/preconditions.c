/* preconditions.c - the kernel's preconditions as ranges of its atoms.
 *
 * A precondition (requires, axiom, an assume every thread reaches first)
 * that compares a dimension or a parameter with a constant, alone or in a
 * conjunction (`blockDim.x == 256 && n <= 4096`), narrows its range: the
 * launches the analysis considers are those the user says there are.
 */
#include "sym_internal.h"

#include "mapcost/facts.h"

#include <string.h>

static sym_ival iv(i128 lo, i128 hi) {
  sym_ival r = {lo, hi};
  return r;
}

static sym_ival iv_meet(sym_ival a, sym_ival b) {
  return iv(a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi);
}

typedef struct {
  mc_sym_facts *f;
  mc_interval *params; /* by index, k->nparams */
  const mc_kernel *k;
  mc_arena *a;
} narrowing;

static bool is_signed_pred(LLVMIntPredicate p) {
  return p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
}

/* The interval of the values x with `x pred c`, c and x of w bits, read
 * signed or not (EQ either way, the others as their predicate says); false
 * for != and an empty one. */
static bool pred_interval(LLVMIntPredicate p, uint64_t c, unsigned w, bool is_signed,
                          sym_ival *out) {
  i128 v = is_signed ? (i128)sym_sext(c, w) : (i128)(c & sym_mask(w));
  i128 lo = is_signed ? sym_smin(w) : 0, hi = is_signed ? sym_smax(w) : sym_umax(w);
  switch (p) {
  case LLVMIntEQ: lo = hi = v; break;
  case LLVMIntULT: case LLVMIntSLT: hi = v - 1; break;
  case LLVMIntULE: case LLVMIntSLE: hi = v; break;
  case LLVMIntUGT: case LLVMIntSGT: lo = v + 1; break;
  case LLVMIntUGE: case LLVMIntSGE: lo = v; break;
  default: return false;
  }
  *out = iv(lo, hi);
  return lo <= hi;
}

static LLVMIntPredicate swapped(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntULT: return LLVMIntUGT;
  case LLVMIntULE: return LLVMIntUGE;
  case LLVMIntUGT: return LLVMIntULT;
  case LLVMIntUGE: return LLVMIntULE;
  case LLVMIntSLT: return LLVMIntSGT;
  case LLVMIntSLE: return LLVMIntSGE;
  case LLVMIntSGT: return LLVMIntSLT;
  case LLVMIntSGE: return LLVMIntSLE;
  default: return p;
  }
}

/* r narrowed by v (unless that leaves nothing). */
static void meet_into(mc_interval *r, sym_ival v) {
  sym_ival m = iv_meet(sym_ival_of(*r), v);
  if (m.lo <= m.hi)
    *r = sym_ival_store(m);
}

/* The dimension a special register reads (its interval in f, and the
 * index's), or NULL. */
static mc_interval *dimension(narrowing *n, LLVMValueRef x, mc_interval **index) {
  LLVMValueRef callee = LLVMIsACallInst(x) ? LLVMGetCalledValue(x) : NULL;
  size_t len = 0;
  const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  static const char prefix[] = "llvm.nvvm.read.ptx.sreg.";
  if (strncmp(name, prefix, sizeof prefix - 1))
    return NULL;
  const char *r = name + sizeof prefix - 1;
  bool block = !strncmp(r, "ntid.", 5), grid = !strncmp(r, "nctaid.", 7);
  const char *d = r + (block ? 5 : 7);
  if (!(block || grid) || d[0] < 'x' || d[0] > 'z' || d[1])
    return NULL;
  int i = d[0] - 'x';
  *index = block ? &n->f->tid[i] : &n->f->bid[i];
  return block ? &n->f->bdim[i] : &n->f->gdim[i];
}

/* x pred c (w bits), x a dimension's special register or a parameter,
 * perhaps extended, or x + d under an unsigned bound (what instcombine
 * makes of `lo <= x && x < hi`: (unsigned)(x - lo) < hi - lo). */
static void narrow_by_cmp(narrowing *n, LLVMValueRef x, LLVMIntPredicate p, uint64_t c,
                          unsigned w) {
  LLVMOpcode op = LLVMIsAInstruction(x) ? LLVMGetInstructionOpcode(x) : LLVMRet;
  sym_ival v;
  bool reading;
  int ext = -1; /* 0 zext, 1 sext */
  LLVMValueRef d = op == LLVMAdd ? LLVMGetOperand(x, 1) : NULL;
  if (d && LLVMIsAConstantInt(d) && (p == LLVMIntULT || p == LLVMIntULE)) {
    /* x + d in [0, hi]: x in [-d, hi - d] modulo 2^w, an interval in the
     * reading where it does not wrap */
    sym_ival sum;
    if (!pred_interval(p, c, w, false, &sum))
      return;
    i128 lo_u = (i128)((0 - LLVMConstIntGetZExtValue(d)) & sym_mask(w));
    i128 lo_s = (i128)sym_sext((uint64_t)lo_u, w);
    reading = lo_u + sum.hi > sym_umax(w);
    v = reading ? iv(lo_s, lo_s + sum.hi) : iv(lo_u, lo_u + sum.hi);
    if (reading && v.hi > sym_smax(w))
      return;
    x = LLVMGetOperand(x, 0);
  } else {
    /* through an extension that the comparison reads as it is: x's value
     * in the extension's reading is the extended value */
    if ((op == LLVMZExt && !is_signed_pred(p)) ||
        (op == LLVMSExt && (is_signed_pred(p) || p == LLVMIntEQ))) {
      ext = op == LLVMSExt;
      x = LLVMGetOperand(x, 0);
    }
    reading = is_signed_pred(p);
  }
  if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind)
    return;
  unsigned xw = LLVMGetIntTypeWidth(LLVMTypeOf(x));
  mc_interval *index = NULL, *range = dimension(n, x, &index);
  bool x_signed = false; /* how the range reads x: dimensions unsigned */
  const mc_param *param = range ? NULL : mc_kernel_param(n->k, x);
  if (param) {
    range = &n->params[param - n->k->params];
    x_signed = !sym_type_is_unsigned(param->type);
  }
  if (!range || (d && xw != w))
    return;
  if (!d) {
    if (p == LLVMIntEQ)
      reading = ext >= 0 ? ext == 1 : x_signed;
    if (!pred_interval(p, c, w, reading, &v))
      return;
  }
  if (ext >= 0) /* the values an extended x can have */
    v = iv_meet(v, reading ? iv(sym_smin(xw), sym_smax(xw)) : iv(0, sym_umax(xw)));
  if (index) /* a dimension: 1 .. 2^31 - 1 in either reading */
    v = iv_meet(v, iv(1, sym_smax(32)));
  /* one reading for the other only where they agree */
  if (reading != x_signed && (v.lo < 0 || v.hi > sym_smax(xw)))
    return;
  meet_into(range, v);
  if (index)
    index->hi = range->hi - 1;
}

/* Narrows by every conjunct of condition c that is such a comparison. */
static void narrow_by(narrowing *n, LLVMValueRef c, unsigned depth) {
  if (!c || depth > 32 || !LLVMIsAInstruction(c))
    return;
  switch (LLVMGetInstructionOpcode(c)) {
  case LLVMAnd:
    narrow_by(n, LLVMGetOperand(c, 0), depth + 1);
    narrow_by(n, LLVMGetOperand(c, 1), depth + 1);
    return;
  case LLVMSelect: { /* a && b */
    LLVMValueRef f = LLVMGetOperand(c, 2);
    if (LLVMIsAConstantInt(f) && !LLVMConstIntGetZExtValue(f)) {
      narrow_by(n, LLVMGetOperand(c, 0), depth + 1);
      narrow_by(n, LLVMGetOperand(c, 1), depth + 1);
    }
    return;
  }
  case LLVMPHI: { /* a && b that clang made branches */
    bool oom;
    const mc_decision *d = mc_phi_decision(n->a, c, &oom);
    while (d && d->kind == MC_DECIDE_BRANCH && d->no->kind == MC_DECIDE_LEAF &&
           LLVMIsAConstantInt(d->no->value) && !LLVMConstIntGetZExtValue(d->no->value)) {
      narrow_by(n, d->value, depth + 1);
      d = d->yes;
    }
    if (d && d->kind == MC_DECIDE_LEAF)
      narrow_by(n, d->value, depth + 1);
    return;
  }
  case LLVMICmp: {
    LLVMValueRef x = LLVMGetOperand(c, 0), y = LLVMGetOperand(c, 1);
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    if (LLVMIsAConstantInt(x)) {
      LLVMValueRef t = x;
      x = y;
      y = t;
      p = swapped(p);
    }
    unsigned w = LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMIntegerTypeKind
                     ? LLVMGetIntTypeWidth(LLVMTypeOf(x))
                     : 0;
    if (LLVMIsAConstantInt(y) && w >= 2 && w <= 64)
      narrow_by_cmp(n, x, p, LLVMConstIntGetZExtValue(y), w);
    return;
  }
  default:
    return;
  }
}

bool sym_narrow_by_preconditions(mc_sym_facts *f, mc_arena *a, const mc_kernel *k) {
  narrowing n = {f, NULL, k, a};
  if (k->nparams) {
    n.params = mc_alloc(a, k->nparams * sizeof *n.params);
    if (!n.params)
      return false;
    for (unsigned i = 0; i < k->nparams; i++)
      n.params[i] = f->params && i < f->nparams ? f->params[i] : (mc_interval){INT64_MIN, INT64_MAX};
  }
  for (unsigned i = 0; i < k->nfacts; i++) {
    const mc_fact *x = &k->facts[i];
    if (x->kind == MC_FACT_REQUIRES || x->kind == MC_FACT_AXIOM ||
        (x->kind == MC_FACT_ASSUME && x->at_entry))
      narrow_by(&n, x->value, 0);
  }
  if (n.params) {
    f->params = n.params;
    f->nparams = k->nparams;
  }
  return true;
}


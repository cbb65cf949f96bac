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

/* The interval of the values x with `x pred c` in the predicate's reading
 * (signed or unsigned, w bits); false for != and what is no interval. */
static bool pred_interval(LLVMIntPredicate p, uint64_t c, unsigned w, sym_ival *out,
                          bool *is_signed) {
  *is_signed = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
  i128 v = *is_signed ? (i128)sym_sext(c, w) : (i128)(c & sym_mask(w));
  i128 lo = *is_signed ? sym_smin(w) : 0, hi = *is_signed ? sym_smax(w) : sym_umax(w);
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

/* x pred c, x a dimension's special register or a parameter. */
static void narrow_by_cmp(narrowing *n, LLVMValueRef x, LLVMIntPredicate p, uint64_t c,
                          unsigned w) {
  sym_ival v;
  bool sgn;
  if (!pred_interval(p, c, w, &v, &sgn))
    return;
  /* through an extension that the comparison reads as it is */
  LLVMOpcode op = LLVMIsAInstruction(x) ? LLVMGetInstructionOpcode(x) : LLVMRet;
  if ((op == LLVMZExt && (!sgn || p == LLVMIntEQ)) || (op == LLVMSExt && (sgn || p == LLVMIntEQ))) {
    sgn = op == LLVMSExt;
    x = LLVMGetOperand(x, 0);
  }
  if (LLVMIsAArgument(x)) {
    for (unsigned i = 0; i < n->k->nparams; i++) {
      if (n->k->params[i].value != x)
        continue;
      bool param_signed = !sym_type_is_unsigned(n->k->params[i].type);
      /* one reading for the other only where they agree */
      if (param_signed != sgn && p != LLVMIntEQ) {
        unsigned pw = LLVMGetIntTypeWidth(LLVMTypeOf(x));
        v = iv_meet(v, iv(0, sym_smax(pw)));
      } else if (p == LLVMIntEQ) {
        unsigned pw = LLVMGetIntTypeWidth(LLVMTypeOf(x));
        i128 e = param_signed ? (i128)sym_sext(c, pw) : (i128)(c & sym_mask(pw));
        v = iv(e, e);
      }
      meet_into(&n->params[i], v);
    }
    return;
  }
  LLVMValueRef callee = LLVMIsACallInst(x) ? LLVMGetCalledValue(x) : NULL;
  size_t len = 0;
  const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  static const char prefix[] = "llvm.nvvm.read.ptx.sreg.";
  if (strncmp(name, prefix, sizeof prefix - 1))
    return;
  const char *r = name + sizeof prefix - 1;
  bool block = !strncmp(r, "ntid.", 5), grid = !strncmp(r, "nctaid.", 7);
  const char *d = r + (block ? 5 : 7);
  if (!(block || grid) || d[0] < 'x' || d[0] > 'z' || d[1])
    return;
  v = iv_meet(v, iv(1, sym_smax(32))); /* dimensions are positive */
  int i = d[0] - 'x';
  mc_interval *dim = block ? &n->f->bdim[i] : &n->f->gdim[i];
  meet_into(dim, v);
  mc_interval *idx = block ? &n->f->tid[i] : &n->f->bid[i];
  idx->hi = dim->hi - 1;
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


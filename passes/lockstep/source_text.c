/* source_text.c - values and predicates in source terms.
 *
 * The IR of a condition printed the way the user wrote it: threadIdx.x,
 * blockIdx.y, blockDim.x, gridDim.x for the special registers, kernel
 * parameters and __shared__ arrays by their source names, variables by
 * their debug-info names, C operators with C precedence, loads as array
 * elements (`a[i]`). Canonical forms are turned back into what they came
 * from where that is exact (x >> 5 on unsigned is x / 32, x & 31 is x % 32,
 * x + -1 is x - 1). Negated branch atoms print the inverse comparison.
 */
#include "lockstep_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  P_COND = 3, P_LOR, P_LAND, P_BOR, P_BXOR, P_BAND, P_EQ, P_REL, P_SHIFT,
  P_ADD, P_MUL, P_UNARY = 15, P_POSTFIX, P_ATOM,
};

typedef struct {
  const char *s;
  int prec;
} tx;

typedef struct {
  mc_arena *a;
  const mc_lockstep *ls;
  LLVMTargetDataRef td;
  unsigned budget; /* operations left to expand; then values go by name */
} tctx;

static tx value(tctx *c, LLVMValueRef v, int depth);
static tx negated_value(tctx *c, LLVMValueRef v, int depth);

static tx atom(const char *s) { return (tx){s ? s : "?", P_ATOM}; }

static const char *wrap(tctx *c, tx t, int min) {
  return t.prec < min ? mc_sprintf(c->a, "(%s)", t.s) : t.s;
}

static tx binary(tctx *c, tx l, const char *op, tx r, int prec) {
  /* Left-associative: the right operand binds tighter. Comparisons do
   * not chain, so both sides bind tighter there. */
  int lmin = prec == P_REL || prec == P_EQ ? prec + 1 : prec;
  int rmin = prec + 1;
  /* Bitwise operators and shifts bind less tightly than most readers
   * expect: their operands get parentheses unless they are atoms. */
  if (prec >= P_BOR && prec <= P_SHIFT && prec != P_EQ && prec != P_REL)
    lmin = rmin = P_UNARY;
  return (tx){mc_sprintf(c->a, "%s %s %s", wrap(c, l, lmin), op, wrap(c, r, rmin)), prec};
}

static tx unary(tctx *c, const char *op, tx t) {
  return (tx){mc_sprintf(c->a, "%s%s", op, wrap(c, t, P_UNARY)), P_UNARY};
}

/* ---- Names ---------------------------------------------------------------- */

static const char *param_name(const tctx *c, LLVMValueRef v) {
  const mc_param *p = mc_kernel_param(c->ls->kernel, v);
  if (p)
    return p->name;
  size_t n;
  const char *ir = LLVMGetValueName2(v, &n);
  return n ? ir : "?";
}

static const char *global_name(tctx *c, LLVMValueRef v) {
  const mc_kernel *k = c->ls->kernel;
  for (unsigned i = 0; i < k->narrays; i++)
    if (k->arrays[i].value == v)
      return k->arrays[i].name;
  char *s = mc_shim_global_name(v);
  if (s) {
    const char *r = mc_strdup(c->a, s);
    free(s);
    return r;
  }
  size_t n;
  return LLVMGetValueName2(v, &n);
}

/* An instruction's name: its source variable, else its IR name, else its
 * number in the lock-step form. Cached per instruction. */
static const char *inst_name(tctx *c, LLVMValueRef v) {
  mc_ls_values *vals = c->ls->values;
  unsigned i = vals ? ls_map_get(&vals->index, v) : LS_NONE;
  if (i != LS_NONE && vals->names[i])
    return vals->names[i];
  const char *name = NULL;
  mc_arena *a = vals && i != LS_NONE ? vals->arena : c->a; /* the cache outlives c->a */
  char *s = mc_shim_variable_name(v, NULL);
  if (s) {
    name = mc_strdup(a, s);
    free(s);
  } else {
    size_t n;
    const char *ir = LLVMGetValueName2(v, &n);
    name = n ? mc_sprintf(a, "%%%s", ir) : mc_sprintf(a, "%%v%u", i);
  }
  if (i != LS_NONE && name)
    vals->names[i] = name;
  return name ? name : "?";
}

/* ---- Constants -------------------------------------------------------------- */

static tx constant_int(tctx *c, LLVMValueRef v) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  if (w == 1)
    return atom(LLVMConstIntGetZExtValue(v) ? "true" : "false");
  long long s = w <= 64 ? LLVMConstIntGetSExtValue(v) : 0;
  if (s < 0)
    return (tx){mc_sprintf(c->a, "%lld", s), P_UNARY};
  return atom(mc_sprintf(c->a, "%lld", s));
}

static bool const_value(LLVMValueRef v, int64_t *out) {
  if (!v || !LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return false;
  *out = LLVMConstIntGetSExtValue(v);
  return true;
}

static int log2_exact(uint64_t x) {
  if (!x || (x & (x - 1)))
    return -1;
  int k = 0;
  while (x >>= 1)
    k++;
  return k;
}

/* ---- Memory --------------------------------------------------------------------- */

static LLVMOpcode opcode(LLVMValueRef v) {
  if (LLVMIsAInstruction(v))
    return LLVMGetInstructionOpcode(v);
  if (LLVMIsAConstantExpr(v))
    return LLVMGetConstOpcode(v);
  return (LLVMOpcode)0;
}

static bool is_gep(LLVMValueRef v) { return v && opcode(v) == LLVMGetElementPtr; }

static bool is_byte_type(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 8;
}

/* The name or text of the array a pointer starts from. */
static tx base_text(tctx *c, LLVMValueRef p, int depth);

/* "a[i][j]" for the element a typed GEP addresses, `extra` elements on. */
static tx element_text(tctx *c, LLVMValueRef gep, int64_t extra, int depth) {
  LLVMValueRef base = LLVMGetOperand(gep, 0);
  LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  /* An i8 GEP by a constant that is a whole number of the inner GEP's
   * elements moves along the inner array. */
  int64_t off;
  if (is_byte_type(t) && n == 2 && is_gep(base) && const_value(LLVMGetOperand(gep, 1), &off)) {
    LLVMTypeRef inner = LLVMGetGEPSourceElementType(base);
    for (unsigned k = 2; k < (unsigned)LLVMGetNumOperands(base); k++)
      if (LLVMGetTypeKind(inner) == LLVMArrayTypeKind)
        inner = LLVMGetElementType(inner);
    unsigned long long size = LLVMTypeIsSized(inner) ? LLVMABISizeOfType(c->td, inner) : 0;
    if (size && off % (int64_t)size == 0 && !is_byte_type(inner))
      return element_text(c, base, extra + off / (int64_t)size, depth);
  }
  tx b = base_text(c, base, depth + 1);
  const char *s = wrap(c, b, P_POSTFIX);
  unsigned first = 1;
  int64_t zero;
  if (n > 2 && const_value(LLVMGetOperand(gep, 1), &zero) && zero == 0)
    first = 2; /* &a[0][i]: the array itself, indexed */
  for (unsigned k = first; k < n; k++) {
    LLVMValueRef idx = LLVMGetOperand(gep, k);
    const char *it;
    int64_t ci;
    if (k == n - 1 && extra) {
      it = const_value(idx, &ci) ? mc_sprintf(c->a, "%" PRId64, ci + extra)
           : mc_sprintf(c->a, "%s %s %" PRId64, wrap(c, value(c, idx, depth + 1), P_ADD),
                        extra < 0 ? "-" : "+", extra < 0 ? -extra : extra);
    } else {
      it = value(c, idx, depth + 1).s;
    }
    s = mc_sprintf(c->a, "%s[%s]", s, it);
  }
  return (tx){s, P_POSTFIX};
}

static tx base_text(tctx *c, LLVMValueRef p, int depth) {
  LLVMOpcode op = opcode(p);
  if (op == LLVMAddrSpaceCast || op == LLVMBitCast)
    return base_text(c, LLVMGetOperand(p, 0), depth);
  if (is_gep(p) && !is_byte_type(LLVMGetGEPSourceElementType(p)))
    return unary(c, "&", element_text(c, p, 0, depth));
  return value(c, p, depth);
}

static tx load_text(tctx *c, LLVMValueRef load, int depth) {
  LLVMValueRef p = LLVMGetOperand(load, 0);
  while (opcode(p) == LLVMAddrSpaceCast || opcode(p) == LLVMBitCast)
    p = LLVMGetOperand(p, 0);
  if (is_gep(p) && (!is_byte_type(LLVMGetGEPSourceElementType(p)) ||
                    is_gep(LLVMGetOperand(p, 0))))
    return element_text(c, p, 0, depth);
  /* A constant byte offset from a pointer that is a whole number of the
   * loaded elements: a[k]. */
  int64_t off;
  LLVMTypeRef t = LLVMTypeOf(load);
  unsigned long long size = LLVMTypeIsSized(t) ? LLVMABISizeOfType(c->td, t) : 0;
  if (is_gep(p) && LLVMGetNumOperands(p) == 2 && size &&
      const_value(LLVMGetOperand(p, 1), &off) && off % (int64_t)size == 0) {
    tx b = base_text(c, LLVMGetOperand(p, 0), depth + 1);
    return (tx){mc_sprintf(c->a, "%s[%" PRId64 "]", wrap(c, b, P_POSTFIX), off / (int64_t)size),
                P_POSTFIX};
  }
  if (LLVMIsAGlobalVariable(p))
    return atom(global_name(c, p));
  if (LLVMIsAArgument(p))
    return atom(mc_sprintf(c->a, "%s[0]", param_name(c, p)));
  return unary(c, "*", value(c, p, depth + 1));
}

/* ---- Operators ----------------------------------------------------------------- */

static const char *icmp_op(LLVMIntPredicate p, bool negate) {
  if (negate) {
    switch (p) {
    case LLVMIntEQ: p = LLVMIntNE; break;
    case LLVMIntNE: p = LLVMIntEQ; break;
    case LLVMIntUGT: p = LLVMIntULE; break;
    case LLVMIntUGE: p = LLVMIntULT; break;
    case LLVMIntULT: p = LLVMIntUGE; break;
    case LLVMIntULE: p = LLVMIntUGT; break;
    case LLVMIntSGT: p = LLVMIntSLE; break;
    case LLVMIntSGE: p = LLVMIntSLT; break;
    case LLVMIntSLT: p = LLVMIntSGE; break;
    case LLVMIntSLE: p = LLVMIntSGT; break;
    }
  }
  switch (p) {
  case LLVMIntEQ: return "==";
  case LLVMIntNE: return "!=";
  case LLVMIntUGT: case LLVMIntSGT: return ">";
  case LLVMIntUGE: case LLVMIntSGE: return ">=";
  case LLVMIntULT: case LLVMIntSLT: return "<";
  case LLVMIntULE: case LLVMIntSLE: return "<=";
  }
  return "?";
}

static const char *fcmp_op(LLVMRealPredicate p) {
  switch (p) {
  case LLVMRealOEQ: case LLVMRealUEQ: return "==";
  case LLVMRealONE: case LLVMRealUNE: return "!=";
  case LLVMRealOGT: case LLVMRealUGT: return ">";
  case LLVMRealOGE: case LLVMRealUGE: return ">=";
  case LLVMRealOLT: case LLVMRealULT: return "<";
  case LLVMRealOLE: case LLVMRealULE: return "<=";
  default: return NULL;
  }
}

static int compare_prec(const char *op) {
  return !strcmp(op, "==") || !strcmp(op, "!=") ? P_EQ : P_REL;
}

static tx call_text(tctx *c, LLVMValueRef call, int depth) {
  const char *s = ls_sreg_name(call);
  if (s)
    return atom(s);
  const char *name = ls_callee_name(call);
  if (!name)
    return atom(inst_name(c, call));
  const char *sync = ls_barrier_function(call);
  unsigned nargs = LLVMGetNumArgOperands(call);
  if (sync && nargs) /* __syncthreads_count(p): its predicate is the last argument */
    return atom(mc_sprintf(c->a, "%.*s(%s)", (int)(strlen(sync) - 2), sync,
                           value(c, LLVMGetOperand(call, nargs - 1), depth + 1).s));
  const char *shown = name;
  if (!strncmp(name, "llvm.smax.", 10) || !strncmp(name, "llvm.umax.", 10))
    shown = "max";
  else if (!strncmp(name, "llvm.smin.", 10) || !strncmp(name, "llvm.umin.", 10))
    shown = "min";
  else if (!strncmp(name, "llvm.nvvm.vote.", 15)) {
    /* __all_sync(mask, p) and friends; the mask in hex */
    const char *k = name + 15;
    shown = !strncmp(k, "all", 3) ? "__all_sync" : !strncmp(k, "any", 3) ? "__any_sync"
            : !strncmp(k, "uni", 3) ? "__uni_sync" : "__ballot_sync";
    LLVMValueRef m = LLVMGetOperand(call, 0);
    const char *mask = LLVMIsAConstantInt(m)
        ? mc_sprintf(c->a, "0x%llx", LLVMConstIntGetZExtValue(m)) : value(c, m, depth + 1).s;
    if (LLVMGetNumArgOperands(call) == 2)
      return atom(mc_sprintf(c->a, "%s(%s, %s)", shown, mask,
                             value(c, LLVMGetOperand(call, 1), depth + 1).s));
  }
  else if (!strncmp(name, "llvm.abs.", 9))
    return atom(mc_sprintf(c->a, "abs(%s)", value(c, LLVMGetOperand(call, 0), depth + 1).s));
  else {
    char *dm = mc_shim_demangle(name);
    if (dm) {
      shown = mc_strdup(c->a, dm);
      free(dm);
      char *paren = shown ? strchr(shown, '(') : NULL;
      if (paren)
        *paren = '\0';
    }
  }
  mc_strbuf b = {0};
  mc_strbuf_printf(&b, "%s(", shown ? shown : name);
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < n; k++)
    mc_strbuf_printf(&b, "%s%s", k ? ", " : "", value(c, LLVMGetOperand(call, k), depth + 1).s);
  mc_strbuf_append(&b, ")");
  tx r = atom(mc_strdup(c->a, mc_strbuf_str(&b)));
  mc_strbuf_free(&b);
  return r;
}

static const char *rmw_name(LLVMAtomicRMWBinOp op) {
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: return "atomicExch";
  case LLVMAtomicRMWBinOpAdd: case LLVMAtomicRMWBinOpFAdd: return "atomicAdd";
  case LLVMAtomicRMWBinOpSub: case LLVMAtomicRMWBinOpFSub: return "atomicSub";
  case LLVMAtomicRMWBinOpAnd: return "atomicAnd";
  case LLVMAtomicRMWBinOpOr: return "atomicOr";
  case LLVMAtomicRMWBinOpXor: return "atomicXor";
  case LLVMAtomicRMWBinOpMax: case LLVMAtomicRMWBinOpUMax: case LLVMAtomicRMWBinOpFMax:
    return "atomicMax";
  case LLVMAtomicRMWBinOpMin: case LLVMAtomicRMWBinOpUMin: case LLVMAtomicRMWBinOpFMin:
    return "atomicMin";
  default: return "atomic";
  }
}

static bool is_true(LLVMValueRef v) {
  return v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 1;
}
static bool is_false(LLVMValueRef v) {
  return v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}
static bool is_bool(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

static tx operation(tctx *c, LLVMValueRef v, int depth) {
  LLVMOpcode op = opcode(v);
  LLVMValueRef a = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
  LLVMValueRef b = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  int64_t k;
  int d = depth + 1;
  switch (op) {
  case LLVMAdd:
    if (const_value(b, &k) && k < 0)
      return binary(c, value(c, a, d), "-", atom(mc_sprintf(c->a, "%" PRId64, -k)), P_ADD);
    return binary(c, value(c, a, d), "+", value(c, b, d), P_ADD);
  case LLVMSub:
    if (const_value(a, &k) && k == 0)
      return unary(c, "-", value(c, b, d));
    return binary(c, value(c, a, d), "-", value(c, b, d), P_ADD);
  case LLVMMul:
  case LLVMFMul: return binary(c, value(c, a, d), "*", value(c, b, d), P_MUL);
  case LLVMFAdd: return binary(c, value(c, a, d), "+", value(c, b, d), P_ADD);
  case LLVMFSub: return binary(c, value(c, a, d), "-", value(c, b, d), P_ADD);
  case LLVMFDiv: return binary(c, value(c, a, d), "/", value(c, b, d), P_MUL);
  case LLVMFRem: return binary(c, value(c, a, d), "%", value(c, b, d), P_MUL);
  case LLVMFNeg: return unary(c, "-", value(c, a, d));
  case LLVMUDiv:
  case LLVMSDiv: return binary(c, value(c, a, d), "/", value(c, b, d), P_MUL);
  case LLVMURem:
  case LLVMSRem: return binary(c, value(c, a, d), "%", value(c, b, d), P_MUL);
  case LLVMShl:
    if (const_value(b, &k) && k >= 0 && k < 32)
      return binary(c, value(c, a, d), "*", atom(mc_sprintf(c->a, "%llu", 1ULL << k)), P_MUL);
    return binary(c, value(c, a, d), "<<", value(c, b, d), P_SHIFT);
  case LLVMLShr:
    if (const_value(b, &k) && k >= 0 && k < 32)
      return binary(c, value(c, a, d), "/", atom(mc_sprintf(c->a, "%llu", 1ULL << k)), P_MUL);
    return binary(c, value(c, a, d), ">>", value(c, b, d), P_SHIFT);
  case LLVMAShr: return binary(c, value(c, a, d), ">>", value(c, b, d), P_SHIFT);
  case LLVMAnd:
    if (is_bool(v))
      return binary(c, value(c, a, d), "&&", value(c, b, d), P_LAND);
    if (const_value(b, &k) && k > 0 && log2_exact((uint64_t)k + 1) > 0)
      return binary(c, value(c, a, d), "%", atom(mc_sprintf(c->a, "%" PRId64, k + 1)), P_MUL);
    return binary(c, value(c, a, d), "&", value(c, b, d), P_BAND);
  case LLVMOr:
    if (is_bool(v))
      return binary(c, value(c, a, d), "||", value(c, b, d), P_LOR);
    return binary(c, value(c, a, d), "|", value(c, b, d), P_BOR);
  case LLVMXor:
    if (is_bool(v) && is_true(b))
      return negated_value(c, a, d);
    if (const_value(b, &k) && k == -1)
      return unary(c, "~", value(c, a, d));
    return binary(c, value(c, a, d), is_bool(v) ? "!=" : "^", value(c, b, d),
                  is_bool(v) ? P_EQ : P_BXOR);
  case LLVMICmp: {
    const char *o = icmp_op(LLVMGetICmpPredicate(v), false);
    return binary(c, value(c, a, d), o, value(c, b, d), compare_prec(o));
  }
  case LLVMFCmp: {
    const char *o = fcmp_op(LLVMGetFCmpPredicate(v));
    if (!o)
      break;
    return binary(c, value(c, a, d), o, value(c, b, d), compare_prec(o));
  }
  case LLVMSelect: {
    LLVMValueRef t = b, f = LLVMGetOperand(v, 2);
    if (is_bool(v) && is_false(f))
      return binary(c, value(c, a, d), "&&", value(c, t, d), P_LAND);
    if (is_bool(v) && is_true(t))
      return binary(c, value(c, a, d), "||", value(c, f, d), P_LOR);
    return (tx){mc_sprintf(c->a, "%s ? %s : %s", wrap(c, value(c, a, d), P_LOR),
                           wrap(c, value(c, t, d), P_COND + 1),
                           wrap(c, value(c, f, d), P_COND)),
                P_COND};
  }
  case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMBitCast:
  case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMFPExt:
  case LLVMFPTrunc: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPToUI:
  case LLVMFPToSI: case LLVMFreeze:
    return value(c, a, depth);
  case LLVMGetElementPtr:
    if (!is_byte_type(LLVMGetGEPSourceElementType(v)))
      return unary(c, "&", element_text(c, v, 0, depth));
    return binary(c, base_text(c, a, d), "+", value(c, b, d), P_ADD);
  case LLVMLoad: return load_text(c, v, depth);
  case LLVMAtomicRMW:
    return atom(mc_sprintf(c->a, "%s(%s, %s)", rmw_name(LLVMGetAtomicRMWBinOp(v)),
                           base_text(c, a, d).s, value(c, b, d).s));
  case LLVMAtomicCmpXchg:
    return atom(mc_sprintf(c->a, "atomicCAS(%s, %s, %s)", base_text(c, a, d).s,
                           value(c, b, d).s, value(c, LLVMGetOperand(v, 2), d).s));
  case LLVMCall: return call_text(c, v, depth);
  default: break;
  }
  return atom(inst_name(c, v));
}

static tx value(tctx *c, LLVMValueRef v, int depth) {
  if (!v)
    return atom("?");
  if (LLVMIsAConstantInt(v))
    return constant_int(c, v);
  if (LLVMIsAConstantFP(v)) {
    LLVMBool loses;
    return atom(mc_sprintf(c->a, "%g", LLVMConstRealGetDouble(v, &loses)));
  }
  if (LLVMIsAConstantPointerNull(v))
    return atom("NULL");
  if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v))
    return atom("undef");
  if (LLVMIsAArgument(v))
    return atom(param_name(c, v));
  if (LLVMIsAGlobalVariable(v))
    return atom(global_name(c, v));
  if (LLVMIsAFunction(v)) {
    size_t n;
    return atom(LLVMGetValueName2(v, &n));
  }
  if (LLVMIsAConstantExpr(v))
    return operation(c, v, depth);
  if (!LLVMIsAInstruction(v))
    return atom("?");
  if (depth > 12 || c->budget == 0 || LLVMGetInstructionOpcode(v) == LLVMPHI)
    return atom(inst_name(c, v));
  c->budget--;
  return operation(c, v, depth);
}

/* !v, with comparisons inverted rather than negated. */
static tx negated_value(tctx *c, LLVMValueRef v, int depth) {
  if (v && LLVMIsAInstruction(v) && depth <= 12) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMICmp) {
      const char *o = icmp_op(LLVMGetICmpPredicate(v), true);
      return binary(c, value(c, LLVMGetOperand(v, 0), depth + 1), o,
                    value(c, LLVMGetOperand(v, 1), depth + 1), compare_prec(o));
    }
    if (op == LLVMXor && is_bool(v) && is_true(LLVMGetOperand(v, 1)))
      return value(c, LLVMGetOperand(v, 0), depth + 1);
  }
  if (is_true(v))
    return atom("false");
  if (is_false(v))
    return atom("true");
  return unary(c, "!", value(c, v, depth));
}

/* ---- Public text ------------------------------------------------------------------ */

static tctx text_ctx(mc_arena *a, const mc_lockstep *ls) {
  /* A shared subexpression is printed at each use: the budget keeps a
   * deep DAG from printing exponentially. */
  return (tctx){a, ls, LLVMGetModuleDataLayout(LLVMGetGlobalParent(ls->kernel->fn)), 256};
}

const char *mc_ls_value_text(mc_arena *a, const mc_lockstep *ls, LLVMValueRef v) {
  tctx c = text_ctx(a, ls);
  return value(&c, v, 0).s;
}

const char *ls_where(mc_arena *a, LLVMValueRef inst) {
  if (!inst || !LLVMIsAInstruction(inst))
    return NULL;
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(inst, &len);
  unsigned line = LLVMGetDebugLocLine(inst);
  if (!file || !len || !line)
    return NULL;
  return mc_sprintf(a, "%.*s:%u", (int)len, file, line);
}

/* The first debug location in a block, for naming a loop by its header. */
static const char *block_where(mc_arena *a, LLVMBasicBlockRef bb) {
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
    const char *w = ls_where(a, in);
    if (w)
      return w;
  }
  return NULL;
}

const char *ls_loop_text(mc_arena *a, const mc_lockstep *ls, unsigned loop) {
  const mc_ls_block *h = &ls->blocks[ls->loops[loop].header];
  const char *w = block_where(a, h->bb);
  return w ? mc_sprintf(a, "the loop at %s", w)
           : mc_sprintf(a, "loop L%u (header %s)", loop + 1, h->name);
}

typedef struct {
  tctx c;
  ls_text_mode mode;
} pctx;

static tx pred(pctx *p, const mc_pred *q, bool neg);

static tx branch_atom(pctx *p, const mc_pred *q, bool neg) {
  tctx *c = &p->c;
  bool n = q->negated != neg;
  if (!q->cond)
    return atom(mc_sprintf(c->a, "%s(branch of %s)", n ? "!" : "",
                           c->ls->blocks[q->block].name));
  if (!q->is_switch)
    return n ? negated_value(c, q->cond, 0) : value(c, q->cond, 0);
  if (!q->ncases)
    return atom(n ? "true" : "false");
  tx v = value(c, q->cond, 1);
  mc_strbuf b = {0};
  for (unsigned i = 0; i < q->ncases; i++)
    mc_strbuf_printf(&b, "%s%s %s %" PRId64, i ? (n ? " && " : " || ") : "",
                     wrap(c, v, P_REL), n ? "!=" : "==", q->cases[i]);
  tx r = {mc_strdup(c->a, mc_strbuf_str(&b)),
          q->ncases > 1 ? (n ? P_LAND : P_LOR) : P_EQ};
  mc_strbuf_free(&b);
  return r;
}

/* A formula under a polarity: `neg` prints its negation (De Morgan). */
typedef struct {
  const mc_pred *q;
  bool neg;
} lit;

typedef struct {
  lit *v;
  unsigned n, cap;
} lit_list;

static bool and_like(const mc_pred *q, bool neg) {
  return (q->kind == MC_PRED_AND && !neg) || (q->kind == MC_PRED_OR && neg);
}
static bool or_like(const mc_pred *q, bool neg) {
  return (q->kind == MC_PRED_OR && !neg) || (q->kind == MC_PRED_AND && neg);
}

/* In source terms a loop atom stands for a condition: ACTIVE(L) is "no exit
 * of L taken" (!leave), EXIT(L -> T) is the condition of leaving that way. */
static bool expand(const pctx *p, lit *l) {
  if (p->mode != LS_TEXT_SOURCE)
    return false;
  if (l->q->kind == MC_PRED_ACTIVE) {
    *l = (lit){p->c.ls->loops[l->q->loop].leave, !l->neg};
    return true;
  }
  if (l->q->kind == MC_PRED_EXIT && l->q->exit_cond) {
    *l = (lit){l->q->exit_cond, l->neg};
    return true;
  }
  return false;
}

/* The conjuncts (conj) or disjuncts of a formula, flattened through nested
 * lists of the same kind and through loop atoms. */
static void collect(pctx *p, lit l, bool conj, lit_list *out, int depth) {
  while (expand(p, &l))
    ;
  if (depth < 32 && (conj ? and_like(l.q, l.neg) : or_like(l.q, l.neg))) {
    for (unsigned i = 0; i < l.q->nops; i++)
      collect(p, (lit){l.q->ops[i], l.neg}, conj, out, depth + 1);
    return;
  }
  if (out->n == out->cap) {
    unsigned cap = out->cap ? 2 * out->cap : 8;
    lit *v = mc_alloc(p->c.a, cap * sizeof *v);
    if (!v)
      return;
    if (out->n)
      memcpy(v, out->v, out->n * sizeof *v);
    out->v = v;
    out->cap = cap;
  }
  out->v[out->n++] = l;
}

static bool contains_text(const char *const *set, unsigned n, const char *s) {
  for (unsigned i = 0; i < n; i++)
    if (set[i] && !strcmp(set[i], s))
      return true;
  return false;
}

/* A list, each operand printed once; a disjunct that is the negation of a
 * sibling conjunct (`exclude`) is false there and left out, so that
 * `!a && (a || b)` prints as `!a && b`. */
static tx list_text(pctx *p, lit l, bool conj, const char *const *exclude,
                    unsigned nexclude, int depth) {
  lit_list ops = {0};
  collect(p, l, conj, &ops, depth);
  const char **neg_text = mc_alloc(p->c.a, (ops.n + 1) * sizeof *neg_text);
  tx *seen = mc_alloc(p->c.a, (ops.n + 1) * sizeof *seen);
  if (!neg_text || !seen)
    return atom("?");
  if (conj)
    for (unsigned i = 0; i < ops.n; i++)
      neg_text[i] = pred(p, ops.v[i].q, !ops.v[i].neg).s;
  /* Absorption: a disjunction with a disjunct that is also a conjunct
   * here adds nothing (a && (a || b) is a). */
  const char **plain = mc_alloc(p->c.a, (ops.n + 1) * sizeof *plain);
  if (!plain)
    return atom("?");
  for (unsigned i = 0; conj && i < ops.n; i++)
    if (!or_like(ops.v[i].q, ops.v[i].neg))
      plain[i] = pred(p, ops.v[i].q, ops.v[i].neg).s;
  unsigned m = 0;
  for (unsigned i = 0; i < ops.n; i++) {
    lit o = ops.v[i];
    tx t;
    if (conj && or_like(o.q, o.neg) && depth < 32) {
      lit_list ds = {0};
      collect(p, o, false, &ds, depth + 1);
      bool absorbed = false;
      for (unsigned j = 0; j < ds.n && !absorbed; j++)
        absorbed = contains_text(plain, ops.n, pred(p, ds.v[j].q, ds.v[j].neg).s);
      if (absorbed)
        continue;
      const char *tmp = neg_text[i];
      neg_text[i] = NULL; /* not itself */
      t = list_text(p, o, false, neg_text, ops.n, depth + 1);
      neg_text[i] = tmp;
    } else {
      t = pred(p, o.q, o.neg);
    }
    if (!conj && contains_text(exclude, nexclude, t.s))
      continue;
    if (!strcmp(t.s, conj ? "true" : "false"))
      continue;
    bool dup = false;
    for (unsigned j = 0; j < m && !dup; j++)
      dup = !strcmp(seen[j].s, t.s);
    if (!dup)
      seen[m++] = t;
  }
  if (m == 0)
    return atom(conj ? "true" : "false");
  if (m == 1)
    return seen[0];
  mc_strbuf b = {0};
  for (unsigned i = 0; i < m; i++)
    mc_strbuf_printf(&b, "%s%s", i ? (conj ? " && " : " || ") : "",
                     wrap(&p->c, seen[i], conj ? P_LAND : P_LAND + 1));
  tx r = {mc_strdup(p->c.a, mc_strbuf_str(&b)), conj ? P_LAND : P_LOR};
  mc_strbuf_free(&b);
  return r;
}

static tx pred(pctx *p, const mc_pred *q, bool neg) {
  tctx *c = &p->c;
  lit l = {q, neg};
  if (expand(p, &l))
    return pred(p, l.q, l.neg);
  switch (q->kind) {
  case MC_PRED_TRUE: return atom(neg ? "false" : "true");
  case MC_PRED_FALSE: return atom(neg ? "true" : "false");
  case MC_PRED_BRANCH: return branch_atom(p, q, neg);
  case MC_PRED_AND:
  case MC_PRED_OR: return list_text(p, l, and_like(q, neg), NULL, 0, 0);
  case MC_PRED_ACTIVE:
    return atom(mc_sprintf(c->a, "%sactive(L%u)", neg ? "!" : "", q->loop + 1));
  case MC_PRED_EXIT: {
    const char *to = q->target < 0 ? "end" : c->ls->blocks[q->target].name;
    return atom(mc_sprintf(c->a, "%sleft(L%u -> %s)", neg ? "!" : "", q->loop + 1, to));
  }
  }
  return atom("?");
}

void ls_pred_text(mc_strbuf *out, mc_arena *a, const mc_lockstep *ls,
                  const mc_pred *q, ls_text_mode mode) {
  pctx p = {text_ctx(a, ls), mode};
  mc_strbuf_append(out, pred(&p, q, false).s);
}

const char *mc_ls_pred_text(mc_arena *a, const mc_lockstep *ls, const mc_pred *p) {
  mc_strbuf b = {0};
  ls_pred_text(&b, a, ls, p, LS_TEXT_SOURCE);
  const char *r = mc_strdup(a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r;
}

/* ---- Causes --------------------------------------------------------------------- */

const char *ls_cause_text(mc_arena *a, const mc_lockstep *ls, const ls_cause *c) {
  static const char *const dims[3] = {"x", "y", "z"};
  const char *w = c->value ? ls_where(a, c->value) : NULL;
  const char *at = w ? mc_sprintf(a, " at %s", w) : "";
  switch (c->kind) {
  case LS_CAUSE_TID: return mc_sprintf(a, "threadIdx.%s", dims[c->dim % 3]);
  case LS_CAUSE_LANE: return "the lane id";
  case LS_CAUSE_BLOCKIDX: return mc_sprintf(a, "blockIdx.%s", dims[c->dim % 3]);
  case LS_CAUSE_WARPID: return "the warp id";
  case LS_CAUSE_MEMORY:
    return mc_sprintf(a, "a value loaded from memory (%s)%s",
                      mc_ls_value_text(a, ls, c->value), at);
  case LS_CAUSE_ATOMIC: return mc_sprintf(a, "the result of an atomic operation%s", at);
  case LS_CAUSE_CALL: {
    const char *n = ls_callee_name(c->value);
    return mc_sprintf(a, "the result of a call%s%s%s", n ? " to " : "", n ? n : "", at);
  }
  case LS_CAUSE_ASM: return mc_sprintf(a, "inline assembly%s", at);
  case LS_CAUSE_LOCAL: return "a thread-local address";
  case LS_CAUSE_SHUFFLE: return mc_sprintf(a, "a warp shuffle%s", at);
  case LS_CAUSE_REDUCTION: return mc_sprintf(a, "a block barrier's reduction%s", at);
  case LS_CAUSE_VOTE: return mc_sprintf(a, "a warp vote%s", at);
  case LS_CAUSE_CONTROL: {
    LLVMValueRef cond = NULL;
    if (c->value && LLVMIsABranchInst(c->value) && LLVMIsConditional(c->value))
      cond = LLVMGetCondition(c->value);
    else if (c->value && LLVMIsASwitchInst(c->value))
      cond = LLVMGetOperand(c->value, 0);
    return mc_sprintf(a, "a value that depends on which way threads went at the branch on %s%s",
                      cond ? mc_ls_value_text(a, ls, cond) : "?", at);
  }
  case LS_CAUSE_LOOP_EXIT:
    return c->loop >= 0
               ? mc_sprintf(a, "a value leaving %s, which threads may leave at different iterations",
                            ls_loop_text(a, ls, (unsigned)c->loop))
               : "a value leaving a loop that threads may leave at different iterations";
  case LS_CAUSE_UNSUPPORTED: return mc_sprintf(a, "an unsupported instruction%s", at);
  default: return "an unknown source";
  }
}

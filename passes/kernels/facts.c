/* facts.c - stage 1: the user's annotations (runtime/mapcost.h) as facts.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-kernels>' \
 *       -disable-output k.ll          (a `fact ...` line per annotation)
 *
 * Runs on the canonicalised clone, where the shim has turned every
 * annotation into a call of a `mapcost.<kind>` declaration (facts.h). The
 * facts of a kernel are the calls in its body (device functions are inlined
 * by then), in program order, after the module's axioms.
 */
#include "mapcost/facts.h"

#include "mapcost/shim.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Recognising the calls ------------------------------------------------ */

typedef enum {
  CALL_NONE,
  CALL_REQUIRES, CALL_ASSUME, CALL_AXIOM, CALL_UNIFORM, CALL_DISTINCT,
  CALL_OTHER, CALL_SUPPRESS, CALL_ALIAS, CALL_ASSERT, CALL_ENSURES,
  CALL_INVARIANT, CALL_UNSUPPORTED,
} call_kind;

static const struct {
  const char *name;
  call_kind kind;
} CALLS[] = {
    {"requires", CALL_REQUIRES},   {"assume", CALL_ASSUME},
    {"axiom", CALL_AXIOM},         {"uniform", CALL_UNIFORM},
    {"distinct", CALL_DISTINCT},   {"other", CALL_OTHER},
    {"suppress", CALL_SUPPRESS},   {"alias", CALL_ALIAS},
    {"assert", CALL_ASSERT},
    {"ensures", CALL_ENSURES},     {"invariant", CALL_INVARIANT},
    {"unsupported", CALL_UNSUPPORTED},
};

/* The kind of a call to `mapcost.<kind>` or `mapcost.<kind>.N`. */
static call_kind annotation_call(LLVMValueRef v) {
  if (!v || !LLVMIsACallInst(v))
    return CALL_NONE;
  LLVMValueRef callee = LLVMGetCalledValue(v);
  if (!callee || !LLVMIsAFunction(callee))
    return CALL_NONE;
  size_t n;
  const char *name = LLVMGetValueName2(callee, &n);
  if (n < 8 || strncmp(name, "mapcost.", 8))
    return CALL_NONE;
  const char *kind = name + 8;
  size_t len = strcspn(kind, ".");
  for (size_t i = 0; i < sizeof CALLS / sizeof CALLS[0]; i++)
    if (strlen(CALLS[i].name) == len && !strncmp(CALLS[i].name, kind, len))
      return CALLS[i].kind;
  return CALL_NONE;
}

static LLVMValueRef arg(LLVMValueRef call, unsigned i) {
  return i < LLVMGetNumArgOperands(call) ? LLVMGetOperand(call, i) : NULL;
}

/* Through casts and GEPs to the object a pointer points into. */
static LLVMValueRef strip_pointer(LLVMValueRef v) {
  for (unsigned depth = 0; v && depth < 64; depth++) {
    LLVMOpcode op;
    if (LLVMIsAConstantExpr(v))
      op = LLVMGetConstOpcode(v);
    else if (LLVMIsAInstruction(v))
      op = LLVMGetInstructionOpcode(v);
    else
      break;
    if (op != LLVMAddrSpaceCast && op != LLVMBitCast && op != LLVMGetElementPtr)
      break;
    v = LLVMGetOperand(v, 0);
  }
  return v;
}

/* The contents of a string literal, or NULL. */
static const char *string_literal(mc_arena *a, LLVMValueRef v) {
  v = strip_pointer(v);
  if (!v || !LLVMIsAGlobalVariable(v))
    return NULL;
  LLVMValueRef init = LLVMGetInitializer(v);
  if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
    return NULL;
  size_t n;
  const char *s = LLVMGetAsString(init, &n);
  size_t len = 0;
  while (len < n && s[len])
    len++;
  return mc_strndup(a, s, len);
}

/* ---- Conditions as text ---------------------------------------------------- */

typedef struct {
  mc_arena *a;
  const mc_kernel *k;
} text_ctx;

static const char *expr_text(const text_ctx *c, LLVMValueRef v, unsigned depth);
static bool is_logical(LLVMValueRef v);
static const char *bool_text(const text_ctx *c, LLVMValueRef v, unsigned depth);

/* The special registers as CUDA spells them. */
static const char *const SREGS[][2] = {
    {"tid.x", "threadIdx.x"},   {"tid.y", "threadIdx.y"},   {"tid.z", "threadIdx.z"},
    {"ntid.x", "blockDim.x"},   {"ntid.y", "blockDim.y"},   {"ntid.z", "blockDim.z"},
    {"ctaid.x", "blockIdx.x"},  {"ctaid.y", "blockIdx.y"},  {"ctaid.z", "blockIdx.z"},
    {"nctaid.x", "gridDim.x"},  {"nctaid.y", "gridDim.y"},  {"nctaid.z", "gridDim.z"},
    {"laneid", "laneid"},       {"warpsize", "warpSize"},
};

/* threadIdx.x for llvm.nvvm.read.ptx.sreg.tid.x, and the like. */
static const char *sreg_text(const char *callee) {
  static const char prefix[] = "llvm.nvvm.read.ptx.sreg.";
  if (strncmp(callee, prefix, sizeof prefix - 1))
    return NULL;
  for (size_t i = 0; i < sizeof SREGS / sizeof SREGS[0]; i++)
    if (!strcmp(callee + sizeof prefix - 1, SREGS[i][0]))
      return SREGS[i][1];
  return NULL;
}

static const char *call_text(const text_ctx *c, LLVMValueRef v, unsigned depth) {
  LLVMValueRef callee = LLVMGetCalledValue(v);
  if (!callee || !LLVMIsAFunction(callee))
    return "?";
  size_t n;
  const char *name = LLVMGetValueName2(callee, &n);
  const char *s = sreg_text(name);
  if (s)
    return mc_strdup(c->a, s);
  const char *fn = NULL;
  switch (annotation_call(v)) {
  case CALL_OTHER: fn = "__other"; break;
  case CALL_UNIFORM: fn = "__uniform"; break;
  case CALL_DISTINCT: fn = "__distinct"; break;
  case CALL_UNSUPPORTED: {
    const char *what = string_literal(c->a, arg(v, 0));
    return mc_sprintf(c->a, "%s(...)", what ? what : "?");
  }
  default: break;
  }
  if (!fn) {
    static const char *const MINMAX[][2] = {
        {"llvm.smin.", "min"}, {"llvm.umin.", "min"}, {"llvm.smax.", "max"},
        {"llvm.umax.", "max"}, {"llvm.abs.", "abs"},
    };
    for (size_t i = 0; i < sizeof MINMAX / sizeof MINMAX[0]; i++)
      if (!strncmp(name, MINMAX[i][0], strlen(MINMAX[i][0])))
        fn = MINMAX[i][1];
  }
  if (!fn)
    fn = name;
  mc_strbuf b = {0};
  mc_strbuf_printf(&b, "%s(", fn);
  unsigned nargs = LLVMGetNumArgOperands(v);
  if (!strcmp(fn, "abs"))
    nargs = 1; /* llvm.abs's second operand is a flag */
  for (unsigned i = 0; i < nargs; i++)
    mc_strbuf_printf(&b, "%s%s", i ? ", " : "", expr_text(c, arg(v, i), depth + 1));
  mc_strbuf_append(&b, ")");
  const char *r = mc_strdup(c->a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r;
}

static const char *binop_symbol(LLVMOpcode op, bool is_bool) {
  switch (op) {
  case LLVMAdd: case LLVMFAdd: return "+";
  case LLVMSub: case LLVMFSub: return "-";
  case LLVMMul: case LLVMFMul: return "*";
  case LLVMSDiv: case LLVMFDiv: return "/";
  case LLVMUDiv: return "/u";
  case LLVMSRem: case LLVMFRem: return "%";
  case LLVMURem: return "%u";
  case LLVMShl: return "<<";
  case LLVMAShr: return ">>";
  case LLVMLShr: return ">>u";
  case LLVMAnd: return is_bool ? "&&" : "&";
  case LLVMOr: return is_bool ? "||" : "|";
  case LLVMXor: return is_bool ? "!=" : "^";
  default: return NULL;
  }
}

static const char *icmp_symbol(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return "==";
  case LLVMIntNE: return "!=";
  case LLVMIntSGT: return ">";
  case LLVMIntSGE: return ">=";
  case LLVMIntSLT: return "<";
  case LLVMIntSLE: return "<=";
  /* Unsigned comparisons say so: i <u 64 is 0 <= i < 64. */
  case LLVMIntUGT: return ">u";
  case LLVMIntUGE: return ">=u";
  case LLVMIntULT: return "<u";
  case LLVMIntULE: return "<=u";
  }
  return "?";
}

static const char *fcmp_symbol(LLVMRealPredicate p) {
  switch (p) {
  case LLVMRealOEQ: case LLVMRealUEQ: return "==";
  case LLVMRealONE: case LLVMRealUNE: return "!=";
  case LLVMRealOGT: case LLVMRealUGT: return ">";
  case LLVMRealOGE: case LLVMRealUGE: return ">=";
  case LLVMRealOLT: case LLVMRealULT: return "<";
  case LLVMRealOLE: case LLVMRealULE: return "<=";
  default: return "?";
  }
}

static bool is_bool(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

static bool is_const_int(LLVMValueRef v, long long want) {
  return v && LLVMIsAConstantInt(v) && LLVMConstIntGetSExtValue(v) == want;
}

/* The kernel's name for an array (its source name), else the variable's. */
static const char *global_text(const text_ctx *c, LLVMValueRef g) {
  for (unsigned i = 0; c->k && i < c->k->narrays; i++)
    if (c->k->arrays[i].value == g)
      return c->k->arrays[i].name;
  char *di = mc_shim_global_name(g);
  if (di) {
    const char *r = mc_strdup(c->a, di);
    free(di);
    return r;
  }
  size_t n;
  const char *ir = LLVMGetValueName2(g, &n);
  return mc_strndup(c->a, ir, n);
}

/* a[i][j] for a GEP. */
static const char *gep_text(const text_ctx *c, LLVMValueRef v, unsigned depth) {
  mc_strbuf b = {0};
  mc_strbuf_append(&b, expr_text(c, LLVMGetOperand(v, 0), depth + 1));
  int n = LLVMGetNumOperands(v);
  for (int i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(v, (unsigned)i);
    if (i == 1 && n > 2 && is_const_int(idx, 0))
      continue; /* the leading 0 of an array-typed GEP */
    mc_strbuf_printf(&b, "[%s]", expr_text(c, idx, depth + 1));
  }
  const char *r = mc_strdup(c->a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r;
}

static const char *expr_text(const text_ctx *c, LLVMValueRef v, unsigned depth) {
  if (!v)
    return "?";
  if (depth > 16)
    return "...";
  if (LLVMIsAConstantInt(v)) {
    if (is_bool(v))
      return LLVMConstIntGetZExtValue(v) ? "true" : "false";
    return mc_sprintf(c->a, "%lld", LLVMConstIntGetSExtValue(v));
  }
  if (LLVMIsAConstantFP(v)) {
    LLVMBool lost;
    return mc_sprintf(c->a, "%g", LLVMConstRealGetDouble(v, &lost));
  }
  if (LLVMIsAConstantPointerNull(v))
    return "0";
  if (LLVMIsAArgument(v)) {
    const mc_param *p = c->k ? mc_kernel_param(c->k, v) : NULL;
    if (p)
      return p->name;
    size_t n;
    const char *name = LLVMGetValueName2(v, &n);
    return n ? mc_strndup(c->a, name, n) : "?";
  }
  if (LLVMIsAGlobalVariable(v))
    return global_text(c, v);
  LLVMOpcode op;
  if (LLVMIsAConstantExpr(v))
    op = LLVMGetConstOpcode(v);
  else if (LLVMIsAInstruction(v))
    op = LLVMGetInstructionOpcode(v);
  else
    return "?";
  switch (op) {
  case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMBitCast:
  case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI: case LLVMFPToUI:
  case LLVMFPExt: case LLVMFPTrunc: case LLVMFreeze:
    return expr_text(c, LLVMGetOperand(v, 0), depth + 1);
  case LLVMCall:
    return call_text(c, v, depth);
  case LLVMGetElementPtr: /* an address: &a[i] */
    return mc_sprintf(c->a, "&%s", gep_text(c, v, depth));
  case LLVMLoad: {
    LLVMValueRef p = LLVMGetOperand(v, 0);
    bool indexed = (LLVMIsAInstruction(p) && LLVMGetInstructionOpcode(p) == LLVMGetElementPtr) ||
                   (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
    if (indexed)
      return gep_text(c, p, depth + 1);
    const char *t = expr_text(c, p, depth + 1);
    LLVMValueRef g = strip_pointer(p);
    if (LLVMIsAGlobalVariable(g)) /* the first element of an array */
      return LLVMGetTypeKind(LLVMGlobalGetValueType(g)) == LLVMArrayTypeKind
                 ? mc_sprintf(c->a, "%s[0]", t)
                 : t;
    return mc_sprintf(c->a, "*%s", t);
  }
  case LLVMICmp:
    return mc_sprintf(c->a, "(%s %s %s)", expr_text(c, LLVMGetOperand(v, 0), depth + 1),
                      icmp_symbol(LLVMGetICmpPredicate(v)),
                      expr_text(c, LLVMGetOperand(v, 1), depth + 1));
  case LLVMFCmp:
    return mc_sprintf(c->a, "(%s %s %s)", expr_text(c, LLVMGetOperand(v, 0), depth + 1),
                      fcmp_symbol(LLVMGetFCmpPredicate(v)),
                      expr_text(c, LLVMGetOperand(v, 1), depth + 1));
  case LLVMSelect:
    if (is_logical(v))
      return bool_text(c, v, depth);
    return mc_sprintf(c->a, "(%s ? %s : %s)", expr_text(c, LLVMGetOperand(v, 0), depth + 1),
                      expr_text(c, LLVMGetOperand(v, 1), depth + 1),
                      expr_text(c, LLVMGetOperand(v, 2), depth + 1));
  case LLVMFNeg:
    return mc_sprintf(c->a, "-%s", expr_text(c, LLVMGetOperand(v, 0), depth + 1));
  case LLVMAnd:
  case LLVMOr:
  case LLVMPHI:
    if (is_logical(v))
      return bool_text(c, v, depth);
    break;
  default:
    break;
  }
  const char *sym = binop_symbol(op, is_bool(v));
  if (!sym || LLVMGetNumOperands(v) != 2) {
    size_t n; /* a phi or the like: its IR name (indvars.iv), if any */
    const char *name = LLVMGetValueName2(v, &n);
    return n ? mc_strndup(c->a, name, n) : "?";
  }
  LLVMValueRef l = LLVMGetOperand(v, 0), r = LLVMGetOperand(v, 1);
  if (op == LLVMXor && is_bool(v) && is_const_int(r, -1))
    return mc_sprintf(c->a, "!%s", expr_text(c, l, depth + 1));
  return mc_sprintf(c->a, "(%s %s %s)", expr_text(c, l, depth + 1), sym,
                    expr_text(c, r, depth + 1));
}

/* ---- Conditions that clang made branches ----------------------------------- */

/* A piece of a phi's decision as text: `op` is its outermost operator when
 * the text is not parenthesised ('&' for a && chain, '|' for ||), else 0. */
typedef struct {
  const char *text;
  char op;
} piece;

static piece decision_text(const text_ctx *c, const mc_decision *d, bool boolean,
                           unsigned depth);
static piece bool_piece(const text_ctx *c, LLVMValueRef v, unsigned depth);

/* 1 or 0 for a leaf that is the constant true or false, else -1. */
static int leaf_bool(const mc_decision *d) {
  if (d->kind != MC_DECIDE_LEAF || !LLVMIsAConstantInt(d->value) || !is_bool(d->value))
    return -1;
  return LLVMConstIntGetZExtValue(d->value) != 0;
}

/* Do two decisions say the same (blocks are shared; leaves are not)? */
static bool same_node(const mc_decision *x, const mc_decision *y) {
  return x == y || (x->kind == MC_DECIDE_LEAF && y->kind == MC_DECIDE_LEAF && x->value == y->value);
}

static LLVMIntPredicate inverse(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return LLVMIntNE;
  case LLVMIntNE: return LLVMIntEQ;
  case LLVMIntSGT: return LLVMIntSLE;
  case LLVMIntSGE: return LLVMIntSLT;
  case LLVMIntSLT: return LLVMIntSGE;
  case LLVMIntSLE: return LLVMIntSGT;
  case LLVMIntUGT: return LLVMIntULE;
  case LLVMIntUGE: return LLVMIntULT;
  case LLVMIntULT: return LLVMIntUGE;
  case LLVMIntULE: return LLVMIntUGT;
  }
  return p;
}

/* The condition a decision node tests, or its negation. */
static piece test_text(const text_ctx *c, const mc_decision *d, bool negated,
                       unsigned depth) {
  if (d->kind == MC_DECIDE_CASE)
    return (piece){mc_sprintf(c->a, "(%s %s %lld)", expr_text(c, d->value, depth + 1),
                              negated ? "!=" : "==", (long long)d->case_value),
                   0};
  if (negated && LLVMIsAICmpInst(d->value))
    return (piece){mc_sprintf(c->a, "(%s %s %s)",
                              expr_text(c, LLVMGetOperand(d->value, 0), depth + 1),
                              icmp_symbol(inverse(LLVMGetICmpPredicate(d->value))),
                              expr_text(c, LLVMGetOperand(d->value, 1), depth + 1)),
                   0};
  if (!negated)
    return bool_piece(c, d->value, depth + 1);
  return (piece){mc_sprintf(c->a, "!%s", expr_text(c, d->value, depth + 1)), 0};
}

/* x OP y, flattening chains of the same operator. */
static piece join_text(const text_ctx *c, piece x, char op, piece y) {
  const char *sym = op == '&' ? "&&" : "||";
  const char *xt = x.op && x.op != op ? mc_sprintf(c->a, "(%s)", x.text) : x.text;
  const char *yt = y.op && y.op != op ? mc_sprintf(c->a, "(%s)", y.text) : y.text;
  return (piece){mc_sprintf(c->a, "%s %s %s", xt, sym, yt), op};
}

static const char *closed(const text_ctx *c, piece p) {
  return p.op ? mc_sprintf(c->a, "(%s)", p.text) : p.text;
}

static piece decision_text(const text_ctx *c, const mc_decision *d, bool boolean,
                           unsigned depth) {
  if (depth > 16)
    return (piece){"...", 0};
  if (d->kind == MC_DECIDE_LEAF)
    return boolean ? bool_piece(c, d->value, depth + 1)
                   : (piece){expr_text(c, d->value, depth + 1), 0};
  int yes = boolean ? leaf_bool(d->yes) : -1, no = boolean ? leaf_bool(d->no) : -1;
  if (yes >= 0 && no >= 0 && yes != no)
    return test_text(c, d, yes == 0, depth);
  if (no == 0) /* c && yes */
    return join_text(c, test_text(c, d, false, depth), '&',
                     decision_text(c, d->yes, boolean, depth + 1));
  if (yes == 0) /* !c && no */
    return join_text(c, test_text(c, d, true, depth), '&',
                     decision_text(c, d->no, boolean, depth + 1));
  if (yes == 1) /* c || no */
    return join_text(c, test_text(c, d, false, depth), '|',
                     decision_text(c, d->no, boolean, depth + 1));
  if (no == 1) /* !c || yes */
    return join_text(c, test_text(c, d, true, depth), '|',
                     decision_text(c, d->yes, boolean, depth + 1));
  const mc_decision *y = d->yes, *n = d->no;
  if (boolean && y->kind != MC_DECIDE_LEAF && same_node(y->no, n) && leaf_bool(y->yes) == 1)
    return join_text(c, /* c ? (y || n) : n is (c && y) || n */
                     join_text(c, test_text(c, d, false, depth), '&',
                               test_text(c, y, false, depth + 1)),
                     '|', decision_text(c, n, true, depth + 1));
  if (boolean && n->kind != MC_DECIDE_LEAF && same_node(n->yes, y) && leaf_bool(n->no) == 0)
    return join_text(c, /* c ? y : (n && y) is (c || n) && y */
                     join_text(c, test_text(c, d, false, depth), '|',
                               test_text(c, n, false, depth + 1)),
                     '&', decision_text(c, y, true, depth + 1));
  if (boolean && n->kind != MC_DECIDE_LEAF && same_node(n->no, y) && leaf_bool(n->yes) == 1)
    return join_text(c, /* c ? y : (n || y) is (!c && n) || y */
                     join_text(c, test_text(c, d, true, depth), '&',
                               test_text(c, n, false, depth + 1)),
                     '|', decision_text(c, y, true, depth + 1));
  if (boolean && y->kind != MC_DECIDE_LEAF && same_node(y->yes, n) && leaf_bool(y->no) == 0)
    return join_text(c, /* c ? (y && n) : n is (!c || y) && n */
                     join_text(c, test_text(c, d, true, depth), '|',
                               test_text(c, y, false, depth + 1)),
                     '&', decision_text(c, n, true, depth + 1));
  return (piece){mc_sprintf(c->a, "(%s ? %s : %s)", closed(c, test_text(c, d, false, depth)),
                            closed(c, decision_text(c, d->yes, boolean, depth + 1)),
                            closed(c, decision_text(c, d->no, boolean, depth + 1))),
                 0};
}

/* Is v a condition made of && and ||: a select of i1 with a constant arm,
 * an and/or of i1, or a phi that branches decide (mc_phi_decision)? */
static bool is_logical(LLVMValueRef v) {
  if (!is_bool(v) || !LLVMIsAInstruction(v))
    return false;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMSelect:
    return is_const_int(LLVMGetOperand(v, 1), -1) || is_const_int(LLVMGetOperand(v, 2), 0);
  case LLVMAnd:
  case LLVMOr:
    return true;
  case LLVMPHI:
    return LLVMCountIncoming(v) >= 2;
  default:
    return false;
  }
}

/* A condition as a piece: chains of && and || flattened. */
static piece bool_piece(const text_ctx *c, LLVMValueRef v, unsigned depth) {
  if (depth > 16)
    return (piece){"...", 0};
  if (!is_logical(v))
    return (piece){expr_text(c, v, depth + 1), 0};
  LLVMValueRef x = LLVMGetOperand(v, 0);
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMSelect:
    if (is_const_int(LLVMGetOperand(v, 1), -1)) /* x || y */
      return join_text(c, bool_piece(c, x, depth + 1), '|',
                       bool_piece(c, LLVMGetOperand(v, 2), depth + 1));
    return join_text(c, bool_piece(c, x, depth + 1), '&', /* x && y */
                     bool_piece(c, LLVMGetOperand(v, 1), depth + 1));
  case LLVMAnd:
  case LLVMOr:
    return join_text(c, bool_piece(c, x, depth + 1),
                     LLVMGetInstructionOpcode(v) == LLVMAnd ? '&' : '|',
                     bool_piece(c, LLVMGetOperand(v, 1), depth + 1));
  default: { /* a phi */
    bool oom;
    const mc_decision *d = mc_phi_decision(c->a, v, &oom);
    if (d)
      return decision_text(c, d, true, depth + 1);
    size_t n;
    const char *name = LLVMGetValueName2(v, &n);
    return (piece){n ? mc_strndup(c->a, name, n) : "?", 0};
  }
  }
}

static const char *bool_text(const text_ctx *c, LLVMValueRef v, unsigned depth) {
  return closed(c, bool_piece(c, v, depth));
}

/* The text of a condition, without its outermost parentheses. */
static const char *condition_text(mc_arena *a, const mc_kernel *k, LLVMValueRef v) {
  text_ctx c = {a, k};
  const char *t = expr_text(&c, v, 0);
  size_t n = t ? strlen(t) : 0;
  if (n >= 2 && t[0] == '(' && t[n - 1] == ')') {
    /* Only when the first '(' closes at the end. */
    int depth = 0;
    size_t i;
    for (i = 0; i < n; i++) {
      depth += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
      if (!depth)
        break;
    }
    if (i == n - 1)
      return mc_strndup(a, t + 1, n - 2);
  }
  return t;
}

/* ---- Collecting ------------------------------------------------------------ */

typedef struct {
  mc_fact *v;
  unsigned n, cap;
} fact_list;

static mc_fact *fact_add(mc_arena *a, fact_list *l) {
  if (l->n == l->cap) {
    unsigned cap = l->cap ? l->cap * 2 : 8;
    mc_fact *p = mc_alloc(a, cap * sizeof *p);
    if (!p)
      return NULL;
    if (l->n)
      memcpy(p, l->v, l->n * sizeof *p);
    l->v = p;
    l->cap = cap;
  }
  mc_fact *f = &l->v[l->n++];
  memset(f, 0, sizeof *f);
  f->array = f->alias = -1;
  return f;
}

static void locate(mc_arena *a, mc_fact *f, LLVMValueRef call) {
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(call, &len);
  if (file && len) {
    f->file = mc_strndup(a, file, len);
    f->line = LLVMGetDebugLocLine(call);
    f->column = LLVMGetDebugLocColumn(call);
  }
}

/* A uniform/distinct call is a fact of its own when it stands alone or is
 * exactly the condition of a requires, assume or axiom; inside a larger
 * condition it is part of that condition. */
static bool standalone(LLVMValueRef call) {
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    call_kind k = annotation_call(user);
    if ((k != CALL_REQUIRES && k != CALL_ASSUME && k != CALL_AXIOM) ||
        arg(user, 0) != call)
      return false;
  }
  return true;
}

static const mc_fact_kind FACT_OF[] = {
    [CALL_REQUIRES] = MC_FACT_REQUIRES, [CALL_ASSUME] = MC_FACT_ASSUME,
    [CALL_AXIOM] = MC_FACT_AXIOM,       [CALL_UNIFORM] = MC_FACT_UNIFORM,
    [CALL_DISTINCT] = MC_FACT_DISTINCT, [CALL_SUPPRESS] = MC_FACT_SUPPRESS,
    [CALL_ALIAS] = MC_FACT_ALIAS,
    [CALL_ASSERT] = MC_FACT_ASSERT,     [CALL_ENSURES] = MC_FACT_ENSURES,
    [CALL_INVARIANT] = MC_FACT_INVARIANT, [CALL_UNSUPPORTED] = MC_FACT_IGNORED,
};

enum { MAX_BEFORE = 32 };

static int block_index(LLVMBasicBlockRef const *v, unsigned n, LLVMBasicBlockRef x) {
  for (unsigned i = 0; i < n; i++)
    if (v[i] == x)
      return (int)i;
  return -1;
}

/* Is there a cycle through v[i] among the blocks v[0..n)? (a depth-first
 * search: state 0 new, 1 on the path, 2 done) */
static bool cyclic(LLVMBasicBlockRef const *v, unsigned n, unsigned char *state, unsigned i) {
  state[i] = 1;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(v[i]);
  for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++) {
    int j = block_index(v, n, LLVMGetSuccessor(term, k));
    if (j >= 0 && (state[j] == 1 || (state[j] == 0 && cyclic(v, n, state, (unsigned)j))))
      return true;
  }
  state[i] = 2;
  return false;
}

/* Does every thread run block b once, having done nothing before it but
 * evaluate a condition: b is the entry block, or every path from the entry
 * block reaches b through at most 32 blocks and no cycle (the branches of
 * `__mapcost_assume(a && b)` that clang made)? */
static bool on_entry(LLVMBasicBlockRef b, LLVMBasicBlockRef entry) {
  if (b == entry)
    return true;
  LLVMBasicBlockRef v[MAX_BEFORE];
  unsigned char state[MAX_BEFORE] = {0};
  unsigned n = 0;
  for (unsigned i = 0; i <= n; i++) { /* the blocks that reach b */
    LLVMBasicBlockRef x = i ? v[i - 1] : b;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(x)); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef term = LLVMGetUser(u);
      if (!LLVMIsAInstruction(term) || !LLVMIsATerminatorInst(term))
        continue;
      LLVMBasicBlockRef p = LLVMGetInstructionParent(term);
      if (p == b || (block_index(v, n, p) < 0 && n == MAX_BEFORE))
        return false; /* b is in a loop, or too far */
      if (block_index(v, n, p) < 0)
        v[n++] = p;
    }
  }
  if (block_index(v, n, entry) < 0)
    return false;
  for (unsigned i = 0; i < n; i++) { /* no path leaves */
    LLVMValueRef term = LLVMGetBasicBlockTerminator(v[i]);
    for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++)
      if (LLVMGetSuccessor(term, k) != b && block_index(v, n, LLVMGetSuccessor(term, k)) < 0)
        return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (!state[i] && cyclic(v, n, state, i))
      return false;
  return true;
}

/* The index of the array of k that pointer v points into, or -1. */
static int array_of(const mc_kernel *k, LLVMValueRef v) {
  LLVMValueRef base = strip_pointer(v);
  for (unsigned i = 0; k && i < k->narrays; i++)
    if (k->arrays[i].value == base)
      return (int)i;
  return -1;
}

/* The fact of one call, appended to l (or nothing, for a call that is part
 * of another fact). False when out of memory. */
static bool add_call(mc_arena *a, const mc_kernel *k, LLVMValueRef call,
                     LLVMBasicBlockRef entry, fact_list *l) {
  call_kind kind = annotation_call(call);
  if (kind == CALL_NONE || kind == CALL_OTHER)
    return true;
  LLVMValueRef v = arg(call, 0);
  call_kind inner = annotation_call(v);
  if ((kind == CALL_REQUIRES || kind == CALL_ASSUME || kind == CALL_AXIOM) &&
      (inner == CALL_UNIFORM || inner == CALL_DISTINCT) && standalone(v))
    return true; /* the uniform/distinct call is the fact */
  if ((kind == CALL_UNIFORM || kind == CALL_DISTINCT) && !standalone(call))
    return true;
  mc_fact *f = fact_add(a, l);
  if (!f)
    return false;
  f->kind = FACT_OF[kind];
  f->call = call;
  f->at_entry = on_entry(LLVMGetInstructionParent(call), entry);
  locate(a, f, call);
  switch (kind) {
  case CALL_SUPPRESS: {
    f->array = array_of(k, v);
    f->reason = string_literal(a, arg(call, 1));
    if (!f->reason)
      f->reason = "";
    if (f->array < 0) {
      text_ctx c = {a, k};
      f->kind = MC_FACT_IGNORED;
      f->text = expr_text(&c, v, 0);
      f->reason = "__mapcost_suppress: its first argument is not an array of this kernel";
    }
    break;
  }
  case CALL_ALIAS:
    f->array = array_of(k, v);
    f->alias = array_of(k, arg(call, 1));
    if (f->array < 0 || f->alias < 0 || k->arrays[f->array].kind != MC_ARRAY_PARAM ||
        k->arrays[f->alias].kind != MC_ARRAY_PARAM) {
      text_ctx c = {a, k};
      f->kind = MC_FACT_IGNORED;
      f->text = mc_sprintf(a, "%s, %s", expr_text(&c, v, 0), expr_text(&c, arg(call, 1), 0));
      f->reason = "__mapcost_alias: its arguments are not two pointer parameters of "
                  "this kernel";
    }
    break;
  case CALL_UNSUPPORTED:
    f->reason = string_literal(a, v);
    if (!f->reason)
      f->reason = "?";
    break;
  default:
    f->value = v;
    f->text = condition_text(a, k, v);
    break;
  }
  return true;
}

static bool add_function_calls(mc_arena *a, const mc_kernel *k, LLVMValueRef fn,
                               bool axioms_only, fact_list *l) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (axioms_only && annotation_call(in) != CALL_AXIOM)
        continue;
      if (!add_call(a, k, in, entry, l))
        return false;
    }
  return true;
}

/* Each alias fact joins the regions of its two parameters into one, named
 * by its first array (the least index). */
static void join_aliases(mc_kernel *k) {
  for (unsigned i = 0; i < k->nfacts; i++) {
    const mc_fact *f = &k->facts[i];
    if (f->kind != MC_FACT_ALIAS)
      continue;
    int x = k->arrays[f->array].region, y = k->arrays[f->alias].region;
    int to = x < y ? x : y, from = x < y ? y : x;
    for (unsigned j = 0; j < k->narrays; j++)
      if (k->arrays[j].region == from)
        k->arrays[j].region = to;
  }
}

bool mc_find_facts(mc_arena *a, LLVMModuleRef m, mc_kernels *ks) {
  for (unsigned i = 0; i < ks->nkernels; i++) {
    mc_kernel *k = &ks->kernels[i];
    fact_list l = {0};
    /* The module's axioms first: __axiom puts each in a function of its own. */
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
      if (!LLVMIsDeclaration(f) && !mc_shim_is_kernel(f) &&
          !add_function_calls(a, k, f, true, &l))
        return false;
    if (!add_function_calls(a, k, k->fn, false, &l))
      return false;
    k->facts = l.v;
    k->nfacts = l.n;
    join_aliases(k);
  }
  return true;
}

/* ---- Printing and remarks -------------------------------------------------- */

const char *mc_fact_kind_name(mc_fact_kind kind) {
  switch (kind) {
  case MC_FACT_REQUIRES: return "requires";
  case MC_FACT_ASSUME: return "assume";
  case MC_FACT_AXIOM: return "axiom";
  case MC_FACT_UNIFORM: return "uniform";
  case MC_FACT_DISTINCT: return "distinct";
  case MC_FACT_SUPPRESS: return "suppress";
  case MC_FACT_ALIAS: return "alias";
  case MC_FACT_ASSERT: return "assert";
  case MC_FACT_ENSURES: return "ensures";
  case MC_FACT_INVARIANT: return "invariant";
  case MC_FACT_IGNORED: return "ignored";
  }
  return "?";
}

void mc_facts_print(const mc_kernel *k, mc_strbuf *out) {
  for (unsigned i = 0; i < k->nfacts; i++) {
    const mc_fact *f = &k->facts[i];
    mc_strbuf_printf(out, "  fact %s", mc_fact_kind_name(f->kind));
    switch (f->kind) {
    case MC_FACT_SUPPRESS:
      mc_strbuf_printf(out, " %s \"%s\"", k->arrays[f->array].name, f->reason);
      break;
    case MC_FACT_ALIAS:
      mc_strbuf_printf(out, " %s, %s", k->arrays[f->array].name, k->arrays[f->alias].name);
      break;
    case MC_FACT_IGNORED:
      mc_strbuf_printf(out, " %s", f->reason);
      if (f->text)
        mc_strbuf_printf(out, " (%s)", f->text);
      break;
    default:
      mc_strbuf_printf(out, " %s", f->text ? f->text : "?");
      break;
    }
    if (f->kind == MC_FACT_ASSERT || f->kind == MC_FACT_ENSURES)
      mc_strbuf_append(out, " (not checked)");
    else if (f->kind == MC_FACT_INVARIANT)
      mc_strbuf_append(out, " (not needed)");
    if (f->file)
      mc_strbuf_printf(out, " at %s:%u:%u", f->file, f->line, f->column);
    mc_strbuf_append(out, "\n");
  }
}

void mc_facts_remarks(const mc_kernel *k) {
  for (unsigned i = 0; i < k->nfacts; i++) {
    const mc_fact *f = &k->facts[i];
    if (f->kind == MC_FACT_ASSERT || f->kind == MC_FACT_ENSURES) {
      mc_remark_arg args[] = {
          {NULL, "kernel '", NULL},
          {"Kernel", k->name, NULL},
          {NULL, "': ", NULL},
          {"Annotation", f->kind == MC_FACT_ASSERT ? "assert" : "ensures", NULL},
          {NULL, " (", NULL},
          {"Condition", f->text ? f->text : "?", NULL},
          {NULL, ") is not checked: mapcost does not check assertions yet", NULL},
      };
      mc_shim_remark(MC_REMARK_ANALYSIS, "AssertionNotChecked", k->fn, f->call, args,
                     sizeof args / sizeof args[0]);
    } else if (f->kind == MC_FACT_IGNORED) {
      /* mapcost's own: "__mapcost_suppress: why"; GPUVerify's: its name */
      const char *why = f->reason && !strncmp(f->reason, "__mapcost_", 10)
                            ? strstr(f->reason, ": ") : NULL;
      char name[32];
      snprintf(name, sizeof name, "%.*s", why ? (int)(why - f->reason) : 0, f->reason);
      mc_remark_arg args[] = {
          {NULL, "kernel '", NULL},
          {"Kernel", k->name, NULL},
          {NULL, "': ", NULL},
          {"Annotation", why ? name : f->reason, NULL},
          {NULL, " is ignored: ", NULL},
          {"Reason", why ? why + 2 : "GPUVerify's construct is not supported; its value is unknown",
           NULL},
      };
      mc_shim_remark(MC_REMARK_ANALYSIS, "AnnotationIgnored", k->fn, f->call, args,
                     sizeof args / sizeof args[0]);
    }
  }
}

/* exec.c - one instruction for the enabled lanes of a warp.
 *
 * Values are 64-bit patterns per lane (integers masked to their width,
 * floats as their IEEE bits, pointers as (object, offset)); vectors and
 * flat aggregates have one pattern per element. Memory accesses go through
 * memory.c, are recorded in shadow memory (shadow.c) and, for a whole warp,
 * costed (cost.c). What is not modelled stops the run with its name.
 */
#include "interp_impl.h"

#include "mapcost/bits.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { MAX_WIDTH = 64 };

/* ---- numbering ----------------------------------------------------------- */

static unsigned hash_ptr(const void *p, unsigned cap) {
  uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9e3779b97f4a7c15);
  return (unsigned)(h >> 32) & (cap - 1);
}

unsigned inst_index(interp *in, LLVMValueRef v) {
  for (unsigned h = hash_ptr(v, in->map_cap);; h = (h + 1) & (in->map_cap - 1)) {
    if (in->map_keys[h] == v)
      return in->map_vals[h];
    if (!in->map_keys[h])
      return -1u;
  }
}

/* ---- bit patterns ---------------------------------------------------------- */

static uint64_t mask(uint64_t v, unsigned bits) { return v & mc_bits_ones(bits); }

static double as_double(uint64_t v, LLVMTypeKind k) {
  if (k == LLVMFloatTypeKind) {
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
  }
  double d;
  memcpy(&d, &v, 8);
  return d;
}

static uint64_t from_double(double d, LLVMTypeKind k) {
  if (k == LLVMFloatTypeKind) {
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  uint64_t v;
  memcpy(&v, &d, 8);
  return v;
}

static LLVMTypeRef scalar_type(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static unsigned type_bits(LLVMTypeRef t) {
  t = scalar_type(t);
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  case LLVMPointerTypeKind: return 64;
  default: return 64;
  }
}

/* ---- operands -------------------------------------------------------------- */

static uint64_t gep_offset(interp *in, LLVMValueRef gep, thread *t);
static void value(interp *in, thread *t, LLVMValueRef v, uint64_t *out);

static void constant(interp *in, thread *t, LLVMValueRef v, uint64_t *out) {
  LLVMTypeRef ty = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (LLVMIsAConstantInt(v)) {
    out[0] = mask(LLVMConstIntGetZExtValue(v), LLVMGetIntTypeWidth(ty));
  } else if (LLVMIsAConstantFP(v)) {
    LLVMBool loses;
    out[0] = from_double(LLVMConstRealGetDouble(v, &loses), k);
  } else if (LLVMIsAGlobalVariable(v)) {
    out[0] = 0;
    for (unsigned i = 0; i < in->k->narrays; i++)
      if (in->k->arrays[i].value == v && in->global_obj[i] >= 0)
        out[0] = ptr_make(in->global_obj[i], 0);
    if (!out[0])
      interp_fail(in, "global '%s' is not an array of the kernel",
                  LLVMGetValueName2(v, &(size_t){0}));
  } else if (LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v) ||
             LLVMIsAPoisonValue(v) || LLVMIsAConstantAggregateZero(v)) {
    unsigned w = k == LLVMVectorTypeKind ? LLVMGetVectorSize(ty)
                 : k == LLVMStructTypeKind ? LLVMCountStructElementTypes(ty)
                 : k == LLVMArrayTypeKind  ? (unsigned)LLVMGetArrayLength2(ty)
                                           : 1;
    memset(out, 0, (w ? w : 1) * sizeof *out);
  } else if (LLVMIsAConstantDataVector(v) || LLVMIsAConstantVector(v)) {
    unsigned w = LLVMGetVectorSize(ty);
    for (unsigned i = 0; i < w && i < MAX_WIDTH; i++)
      value(in, t, LLVMGetAggregateElement(v, i), &out[i]);
  } else if (LLVMIsAConstantExpr(v)) {
    LLVMOpcode op = LLVMGetConstOpcode(v);
    if (op == LLVMGetElementPtr) {
      uint64_t base;
      value(in, t, LLVMGetOperand(v, 0), &base);
      out[0] = base + gep_offset(in, v, t);
    } else if (op == LLVMAddrSpaceCast || op == LLVMBitCast ||
               op == LLVMPtrToInt || op == LLVMIntToPtr) {
      value(in, t, LLVMGetOperand(v, 0), out);
    } else {
      interp_fail(in, "constant expression with opcode %d is not interpreted", op);
    }
  } else {
    char *s = LLVMPrintValueToString(v);
    char msg[256];
    snprintf(msg, sizeof msg, "%s", s);
    LLVMDisposeMessage(s);
    interp_fail(in, "value '%s' is not interpreted", msg);
  }
}

/* The lanes of v for thread t, into out (width of v's type). */
static void value(interp *in, thread *t, LLVMValueRef v, uint64_t *out) {
  unsigned i = inst_index(in, v);
  if (i != -1u) {
    const inst_info *ii = &in->insts[i];
    memcpy(out, &t->regs[ii->reg], ii->width * sizeof *out);
    return;
  }
  constant(in, t, v, out);
}

static uint64_t scalar(interp *in, thread *t, LLVMValueRef v) {
  uint64_t out[MAX_WIDTH];
  value(in, t, v, out);
  return out[0];
}

uint64_t exec_operand(interp *in, thread *t, LLVMValueRef v) {
  return scalar(in, t, v);
}

static void set(interp *in, thread *t, unsigned i, const uint64_t *v) {
  memcpy(&t->regs[in->insts[i].reg], v, in->insts[i].width * sizeof *v);
}

/* ---- address arithmetic ------------------------------------------------------ */

static uint64_t gep_offset(interp *in, LLVMValueRef gep, thread *t) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  uint64_t off = 0;
  for (unsigned i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) == LLVMVectorTypeKind)
      interp_fail(in, "%s: a vector of addresses is not interpreted",
                  interp_where(in, gep));
    int64_t x = mc_bits_sext(scalar(in, t, idx), type_bits(LLVMTypeOf(idx)));
    if (i == 1) {
      off += (uint64_t)x * LLVMABISizeOfType(in->td, ty);
      continue;
    }
    if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      off += LLVMOffsetOfElement(in->td, ty, (unsigned)x);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)x);
    } else {
      ty = LLVMGetElementType(ty);
      off += (uint64_t)x * LLVMABISizeOfType(in->td, ty);
    }
  }
  return off;
}

/* ---- memory ---------------------------------------------------------------- */

static uint64_t load_scalar(interp *in, uint64_t ptr, LLVMTypeRef ty, LLVMValueRef at) {
  uint64_t size = LLVMStoreSizeOfType(in->td, ty), v = 0;
  if (size > 8)
    interp_fail(in, "%s: a load of %llu bytes is not interpreted",
                interp_where(in, at), (unsigned long long)size);
  mem_read(in, ptr, &v, size, at);
  return v;
}

static void store_scalar(interp *in, uint64_t ptr, LLVMTypeRef ty, uint64_t v,
                         LLVMValueRef at) {
  uint64_t size = LLVMStoreSizeOfType(in->td, ty);
  if (size > 8)
    interp_fail(in, "%s: a store of %llu bytes is not interpreted",
                interp_where(in, at), (unsigned long long)size);
  mem_write(in, ptr, &v, size, at);
}

/* Loads or stores the lanes of a (vector) value at ptr. */
static void access_value(interp *in, uint64_t ptr, LLVMTypeRef ty, uint64_t *v,
                         bool store, LLVMValueRef at) {
  if (LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
    LLVMTypeRef e = LLVMGetElementType(ty);
    uint64_t es = LLVMStoreSizeOfType(in->td, e);
    for (unsigned i = 0; i < LLVMGetVectorSize(ty); i++) {
      if (store)
        store_scalar(in, ptr + i * es, e, v[i], at);
      else
        v[i] = load_scalar(in, ptr + i * es, e, at);
    }
  } else if (store) {
    store_scalar(in, ptr, ty, v[0], at);
  } else {
    v[0] = load_scalar(in, ptr, ty, at);
  }
}

/* ---- arithmetic ------------------------------------------------------------ */

static uint64_t int_binary(interp *in, LLVMOpcode op, uint64_t a, uint64_t b,
                           unsigned bits, LLVMValueRef at) {
  a = mask(a, bits);
  b = mask(b, bits);
  switch (op) {
  case LLVMAdd: return mask(a + b, bits);
  case LLVMSub: return mask(a - b, bits);
  case LLVMMul: return mask(a * b, bits);
  case LLVMUDiv:
  case LLVMURem:
  case LLVMSDiv:
  case LLVMSRem:
    if (b == 0)
      interp_fail(in, "%s: division by zero", interp_where(in, at));
    if (op == LLVMUDiv)
      return a / b;
    if (op == LLVMURem)
      return a % b;
    {
      int64_t x = mc_bits_sext(a, bits), y = mc_bits_sext(b, bits);
      if (y == -1)
        return mask(op == LLVMSDiv ? (uint64_t)0 - (uint64_t)x : 0, bits);
      return mask((uint64_t)(op == LLVMSDiv ? x / y : x % y), bits);
    }
  case LLVMShl: return b >= bits ? 0 : mask(a << b, bits);
  case LLVMLShr: return b >= bits ? 0 : a >> b;
  case LLVMAShr:
    return b >= bits ? 0 : mask((uint64_t)(mc_bits_sext(a, bits) >> b), bits);
  case LLVMAnd: return a & b;
  case LLVMOr: return a | b;
  case LLVMXor: return a ^ b;
  default: return 0;
  }
}

static uint64_t fp_binary(LLVMOpcode op, uint64_t a, uint64_t b, LLVMTypeKind k) {
  double x = as_double(a, k), y = as_double(b, k), r;
  switch (op) {
  case LLVMFAdd: r = x + y; break;
  case LLVMFSub: r = x - y; break;
  case LLVMFMul: r = x * y; break;
  case LLVMFDiv: r = x / y; break;
  default: r = fmod(x, y); break;
  }
  if (k == LLVMFloatTypeKind) { /* round like the device: in float */
    float fx = (float)x, fy = (float)y, fr;
    switch (op) {
    case LLVMFAdd: fr = fx + fy; break;
    case LLVMFSub: fr = fx - fy; break;
    case LLVMFMul: fr = fx * fy; break;
    case LLVMFDiv: fr = fx / fy; break;
    default: fr = fmodf(fx, fy); break;
    }
    r = fr;
  }
  return from_double(r, k);
}

static bool fcmp(LLVMRealPredicate p, double x, double y) {
  bool uno = isnan(x) || isnan(y);
  switch (p) {
  case LLVMRealPredicateFalse: return false;
  case LLVMRealOEQ: return !uno && x == y;
  case LLVMRealOGT: return !uno && x > y;
  case LLVMRealOGE: return !uno && x >= y;
  case LLVMRealOLT: return !uno && x < y;
  case LLVMRealOLE: return !uno && x <= y;
  case LLVMRealONE: return !uno && x != y;
  case LLVMRealORD: return !uno;
  case LLVMRealUNO: return uno;
  case LLVMRealUEQ: return uno || x == y;
  case LLVMRealUGT: return uno || x > y;
  case LLVMRealUGE: return uno || x >= y;
  case LLVMRealULT: return uno || x < y;
  case LLVMRealULE: return uno || x <= y;
  case LLVMRealUNE: return uno || x != y;
  case LLVMRealPredicateTrue: return true;
  }
  return false;
}

static uint64_t cast(interp *in, LLVMOpcode op, uint64_t v, LLVMTypeRef from,
                     LLVMTypeRef to, LLVMValueRef at) {
  LLVMTypeKind fk = LLVMGetTypeKind(from), tk = LLVMGetTypeKind(to);
  unsigned fb = type_bits(from), tb = type_bits(to);
  switch (op) {
  case LLVMTrunc: return mask(v, tb);
  case LLVMZExt: return mask(v, fb);
  case LLVMSExt: return mask((uint64_t)mc_bits_sext(v, fb), tb);
  case LLVMFPTrunc:
  case LLVMFPExt: return from_double(as_double(v, fk), tk);
  case LLVMFPToUI: {
    double d = as_double(v, fk);
    return mask(d <= 0 || isnan(d) ? 0 : (uint64_t)d, tb);
  }
  case LLVMFPToSI: {
    double d = as_double(v, fk);
    return mask(isnan(d) ? 0 : (uint64_t)(int64_t)d, tb);
  }
  case LLVMUIToFP: return from_double((double)mask(v, fb), tk);
  case LLVMSIToFP: return from_double((double)mc_bits_sext(v, fb), tk);
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMAddrSpaceCast: return mask(v, tb);
  case LLVMBitCast: return v;
  default:
    interp_fail(in, "%s: cast %d is not interpreted", interp_where(in, at), op);
  }
}

/* ---- intrinsics and calls ---------------------------------------------------- */

static uint64_t sreg(interp *in, thread *t, const char *n) {
  const unsigned *bd = in->c->block_dim, *gd = in->c->grid_dim;
  static const char *const regs[] = {"tid.", "ntid.", "ctaid.", "nctaid."};
  for (unsigned r = 0; r < 4; r++) {
    size_t len = strlen(regs[r]);
    if (!strncmp(n, regs[r], len) && n[len] >= 'x' && n[len] <= 'z' && !n[len + 1]) {
      unsigned axis = (unsigned)(n[len] - 'x');
      return r == 0 ? t->tid[axis] : r == 1 ? bd[axis] : r == 2 ? in->block[axis] : gd[axis];
    }
  }
  unsigned ws = in->o->warp_size;
  if (!strcmp(n, "laneid"))
    return t->linear % ws;
  if (!strcmp(n, "warpid"))
    return t->linear / ws;
  if (!strcmp(n, "warpsize"))
    return ws;
  return (uint64_t)-1;
}

static double unary_math(const char *n, double x, bool *known) {
  *known = true;
  if (strstr(n, "fabs")) return fabs(x);
  if (strstr(n, "rsqrt")) return 1.0 / sqrt(x);
  if (strstr(n, "sqrt")) return sqrt(x);
  if (strstr(n, "floor")) return floor(x);
  if (strstr(n, "ceil")) return ceil(x);
  if (strstr(n, "trunc")) return trunc(x);
  if (strstr(n, "rint") || strstr(n, "nearbyint") || strstr(n, "roundeven")) return rint(x);
  if (strstr(n, "round")) return round(x);
  if (strstr(n, "ex2") || strstr(n, "exp2")) return exp2(x);
  if (strstr(n, "exp")) return exp(x);
  if (strstr(n, "lg2") || strstr(n, "log2")) return log2(x);
  if (strstr(n, "log10")) return log10(x);
  if (strstr(n, "log")) return log(x);
  if (strstr(n, "sin")) return sin(x);
  if (strstr(n, "cos")) return cos(x);
  if (strstr(n, "rcp")) return 1.0 / x;
  *known = false;
  return 0;
}

static bool no_op_intrinsic(const char *n) {
  static const char *const skip[] = {
      "llvm.lifetime.", "llvm.assume", "llvm.dbg.", "llvm.experimental.noalias",
      "llvm.invariant.", "llvm.donothing", "llvm.sideeffect", "llvm.nvvm.membar",
      "llvm.nvvm.fence", "llvm.prefetch", "llvm.var.annotation", "mapcost."};
  for (size_t i = 0; i < sizeof skip / sizeof *skip; i++)
    if (!strncmp(n, skip[i], strlen(skip[i])))
      return true;
  return !strcmp(n, "vprintf"); /* printf: no memory the kernel can see */
}

/* Calls that are not memory operations, for one lane. Returns false when
 * the callee is not known. */
static bool call_lane(interp *in, thread *t, LLVMValueRef call, const char *n,
                      uint64_t *out) {
  if (no_op_intrinsic(n)) { /* before its operands: a string is no array */
    out[0] = 0;
    return true;
  }
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
  uint64_t a[4] = {0};
  LLVMTypeRef rt = LLVMTypeOf(call);
  LLVMTypeKind rk = LLVMGetTypeKind(scalar_type(rt));
  unsigned bits = type_bits(rt);
  for (unsigned i = 0; i < nargs && i < 4; i++)
    a[i] = scalar(in, t, LLVMGetOperand(call, i));
  LLVMTypeKind ak = nargs ? LLVMGetTypeKind(scalar_type(LLVMTypeOf(LLVMGetOperand(call, 0))))
                          : LLVMVoidTypeKind;
  unsigned abits = nargs ? type_bits(LLVMTypeOf(LLVMGetOperand(call, 0))) : 0;
  if (!strncmp(n, "llvm.nvvm.read.ptx.sreg.", 24)) {
    uint64_t v = sreg(in, t, n + 24);
    if (v == (uint64_t)-1)
      return false;
    out[0] = v;
    return true;
  }
  bool fp = rk == LLVMFloatTypeKind || rk == LLVMDoubleTypeKind;
  bool afp = ak == LLVMFloatTypeKind || ak == LLVMDoubleTypeKind;
  if (!strncmp(n, "llvm.smax", 9) || !strncmp(n, "llvm.smin", 9)) {
    int64_t x = mc_bits_sext(a[0], bits), y = mc_bits_sext(a[1], bits);
    out[0] = mask((uint64_t)((n[7] == 'a') == (x > y) ? x : y), bits);
    return true;
  }
  if (!strncmp(n, "llvm.umax", 9) || !strncmp(n, "llvm.umin", 9)) {
    uint64_t x = mask(a[0], bits), y = mask(a[1], bits);
    out[0] = (n[7] == 'a') == (x > y) ? x : y;
    return true;
  }
  if (!strncmp(n, "llvm.abs", 8)) {
    int64_t x = mc_bits_sext(a[0], bits);
    out[0] = mask((uint64_t)(x < 0 ? -x : x), bits);
    return true;
  }
  if (!strncmp(n, "llvm.ctpop", 10) || !strncmp(n, "llvm.nvvm.popc", 14)) {
    out[0] = (uint64_t)__builtin_popcountll(mask(a[0], abits));
    return true;
  }
  if (!strncmp(n, "llvm.ctlz", 9) || !strncmp(n, "llvm.nvvm.clz", 13)) {
    uint64_t x = mask(a[0], abits);
    out[0] = x ? (uint64_t)(__builtin_clzll(x) - (64 - abits)) : abits;
    return true;
  }
  if (!strncmp(n, "llvm.cttz", 9)) {
    uint64_t x = mask(a[0], abits);
    out[0] = x ? (uint64_t)__builtin_ctzll(x) : abits;
    return true;
  }
  if (!strncmp(n, "llvm.bitreverse", 15) || !strncmp(n, "llvm.nvvm.brev", 14)) {
    uint64_t x = mask(a[0], abits), r = 0;
    for (unsigned i = 0; i < abits; i++)
      if (x >> i & 1)
        r |= UINT64_C(1) << (abits - 1 - i);
    out[0] = r;
    return true;
  }
  if (!strcmp(n, "llvm.nvvm.mul24.i") || !strcmp(n, "llvm.nvvm.mul24.ui")) {
    bool s = n[16] == 'i';
    uint64_t x = mask(a[0], 24), y = mask(a[1], 24);
    out[0] = s ? mask((uint64_t)(mc_bits_sext(x, 24) * mc_bits_sext(y, 24)), 32) : mask(x * y, 32);
    return true;
  }
  if (!strncmp(n, "llvm.nvvm.mulhi.", 16)) {
    bool s = n[16] == 'i';
    out[0] = s ? mask((uint64_t)((mc_bits_sext(a[0], 32) * mc_bits_sext(a[1], 32)) >> 32), 32)
               : (mask(a[0], 32) * mask(a[1], 32)) >> 32;
    return true;
  }
  if (fp && afp && (!strncmp(n, "llvm.fma", 8) || !strncmp(n, "llvm.fmuladd", 12) ||
                    !strncmp(n, "llvm.nvvm.fma", 13))) {
    double r = as_double(a[0], rk) * as_double(a[1], rk) + as_double(a[2], rk);
    if (rk == LLVMFloatTypeKind)
      r = fmaf((float)as_double(a[0], rk), (float)as_double(a[1], rk),
               (float)as_double(a[2], rk));
    out[0] = from_double(r, rk);
    return true;
  }
  if (fp && afp && nargs == 2 &&
      (strstr(n, "minnum") || strstr(n, "maxnum") || strstr(n, "minimum") ||
       strstr(n, "maximum") || strstr(n, "fmin") || strstr(n, "fmax"))) {
    double x = as_double(a[0], rk), y = as_double(a[1], rk);
    bool mx = strstr(n, "max") != NULL;
    out[0] = from_double(isnan(x) ? y : isnan(y) ? x : (mx ? fmax(x, y) : fmin(x, y)), rk);
    return true;
  }
  if (fp && afp && nargs == 2 && strstr(n, "div")) {
    out[0] = fp_binary(LLVMFDiv, a[0], a[1], rk);
    return true;
  }
  if (fp && afp && nargs == 2 && strstr(n, "pow")) {
    out[0] = from_double(pow(as_double(a[0], rk), as_double(a[1], rk)), rk);
    return true;
  }
  if (fp && afp && nargs == 2 && strstr(n, "copysign")) {
    out[0] = from_double(copysign(as_double(a[0], rk), as_double(a[1], rk)), rk);
    return true;
  }
  if (fp && afp && nargs == 1 && (!strncmp(n, "llvm.", 5))) {
    bool known;
    double r = unary_math(n, as_double(a[0], ak), &known);
    if (known) {
      out[0] = from_double(r, rk);
      return true;
    }
  }
  return false;
}

/* Warp-wide intrinsics: shuffles and votes read the other lanes. */
static bool call_warp(interp *in, unsigned i, thread **lanes, unsigned n,
                      const char *name) {
  LLVMValueRef call = in->insts[i].inst;
  bool shfl = !strncmp(name, "llvm.nvvm.shfl.sync.", 20);
  bool vote = !strncmp(name, "llvm.nvvm.vote.", 15);
  if (!shfl && !vote)
    return false;
  if (in->c->lanes == 1 && n == 1 && in->o->warp_size > 1)
    interp_fail(in, "%s: %s needs the lanes of a warp; run in lock-step mode",
                interp_where(in, call), name);
  unsigned ws = in->o->warp_size;
  uint64_t lane_val[64] = {0}, lane_pred[64] = {0};
  bool present[64] = {false};
  for (unsigned l = 0; l < n && l < 64; l++) {
    unsigned lane = lanes[l]->linear % ws;
    present[lane] = true;
    lane_val[lane] = scalar(in, lanes[l], LLVMGetOperand(call, 1));
    lane_pred[lane] = scalar(in, lanes[l], LLVMGetOperand(call, 1)) & 1;
  }
  for (unsigned l = 0; l < n; l++) {
    thread *t = lanes[l];
    unsigned lane = t->linear % ws;
    uint64_t out[2] = {0, 0};
    if (shfl) {
      uint64_t b = scalar(in, t, LLVMGetOperand(call, 2));
      uint64_t c = scalar(in, t, LLVMGetOperand(call, 3));
      unsigned clamp = (unsigned)(c & 31), seg = (unsigned)((c >> 8) & 31);
      unsigned minlane = lane & seg, maxlane = minlane | (clamp & ~seg);
      int src;
      if (strstr(name, ".idx"))
        src = (int)(minlane | (b & ~seg & 31));
      else if (strstr(name, ".up"))
        src = (int)lane - (int)b, src = src < (int)minlane ? (int)lane : src;
      else if (strstr(name, ".down"))
        src = (int)(lane + b), src = src > (int)maxlane ? (int)lane : src;
      else
        src = (int)(lane ^ b), src = src > (int)maxlane ? (int)lane : src;
      bool ok = src >= 0 && src < 64 && present[src];
      out[0] = ok ? lane_val[src] : lane_val[lane];
      out[1] = ok;
    } else {
      uint64_t mask_bits = scalar(in, t, LLVMGetOperand(call, 0)) & 0xffffffffu;
      uint64_t ballot = 0;
      for (unsigned x = 0; x < ws && x < 64; x++)
        if (present[x] && (mask_bits >> x & 1) && lane_pred[x])
          ballot |= UINT64_C(1) << x;
      uint64_t active = 0;
      for (unsigned x = 0; x < ws && x < 64; x++)
        if (present[x] && (mask_bits >> x & 1))
          active |= UINT64_C(1) << x;
      if (strstr(name, "ballot"))
        out[0] = ballot;
      else if (strstr(name, "all"))
        out[0] = ballot == active;
      else if (strstr(name, "any"))
        out[0] = ballot != 0;
      else
        out[0] = ballot == 0 || ballot == active;
    }
    set(in, t, i, out);
  }
  return true;
}

/* ---- atomics ----------------------------------------------------------------- */

static uint64_t rmw(LLVMAtomicRMWBinOp op, uint64_t old, uint64_t v,
                    LLVMTypeRef ty, bool *known) {
  unsigned bits = type_bits(ty);
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  *known = true;
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: return v;
  case LLVMAtomicRMWBinOpAdd: return mask(old + v, bits);
  case LLVMAtomicRMWBinOpSub: return mask(old - v, bits);
  case LLVMAtomicRMWBinOpAnd: return old & v;
  case LLVMAtomicRMWBinOpNand: return mask(~(old & v), bits);
  case LLVMAtomicRMWBinOpOr: return old | v;
  case LLVMAtomicRMWBinOpXor: return old ^ v;
  case LLVMAtomicRMWBinOpMax: return mc_bits_sext(old, bits) > mc_bits_sext(v, bits) ? old : v;
  case LLVMAtomicRMWBinOpMin: return mc_bits_sext(old, bits) < mc_bits_sext(v, bits) ? old : v;
  case LLVMAtomicRMWBinOpUMax: return mask(old, bits) > mask(v, bits) ? old : v;
  case LLVMAtomicRMWBinOpUMin: return mask(old, bits) < mask(v, bits) ? old : v;
  case LLVMAtomicRMWBinOpFAdd: return fp_binary(LLVMFAdd, old, v, k);
  case LLVMAtomicRMWBinOpFSub: return fp_binary(LLVMFSub, old, v, k);
  case LLVMAtomicRMWBinOpUIncWrap:
    return mask(old, bits) >= mask(v, bits) ? 0 : mask(old + 1, bits);
  case LLVMAtomicRMWBinOpUDecWrap:
    return (old == 0 || mask(old, bits) > mask(v, bits)) ? v : mask(old - 1, bits);
  default: *known = false; return 0;
  }
}

/* llvm.nvvm.atomic.<op>.gen.<i|f>.<scope>: the operation's LLVM name. */
static bool nvvm_atomic_op(const char *n, LLVMAtomicRMWBinOp *op) {
  if (strncmp(n, "llvm.nvvm.atomic.", 17))
    return false;
  static const struct { const char *name; LLVMAtomicRMWBinOp op; } ops[] = {
      {"add.gen.f", LLVMAtomicRMWBinOpFAdd}, {"add.", LLVMAtomicRMWBinOpAdd},
      {"exch.", LLVMAtomicRMWBinOpXchg},     {"max.gen.ui", LLVMAtomicRMWBinOpUMax},
      {"min.gen.ui", LLVMAtomicRMWBinOpUMin}, {"max.", LLVMAtomicRMWBinOpMax},
      {"min.", LLVMAtomicRMWBinOpMin},       {"inc.", LLVMAtomicRMWBinOpUIncWrap},
      {"dec.", LLVMAtomicRMWBinOpUDecWrap},  {"and.", LLVMAtomicRMWBinOpAnd},
      {"or.", LLVMAtomicRMWBinOpOr},         {"xor.", LLVMAtomicRMWBinOpXor}};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (!strncmp(n + 17, ops[i].name, strlen(ops[i].name))) {
      *op = ops[i].op;
      return true;
    }
  return false;
}

static mc_atomic_scope scope_of(LLVMValueRef inst) {
  int s = mc_shim_atomic_scope(inst);
  return s == 0 ? MC_SCOPE_BLOCK : s == 2 ? MC_SCOPE_SYSTEM : MC_SCOPE_DEVICE;
}

/* ---- one instruction, all lanes -------------------------------------------- */

static void memory_op(interp *in, warp *w, unsigned i, thread **lanes, unsigned n) {
  const inst_info *ii = &in->insts[i];
  LLVMValueRef I = ii->inst;
  uint64_t ptrs[64];
  uint64_t bytes = 0;
  for (unsigned l = 0; l < n; l++) {
    thread *t = lanes[l];
    uint64_t out[MAX_WIDTH] = {0};
    if (ii->op == LLVMLoad) {
      LLVMTypeRef ty = LLVMTypeOf(I);
      uint64_t p = scalar(in, t, LLVMGetOperand(I, 0));
      bytes = LLVMStoreSizeOfType(in->td, ty);
      shadow_access(in, t, p, bytes, MC_ACCESS_READ, MC_SCOPE_DEVICE, i);
      access_value(in, p, ty, out, false, I);
      set(in, t, i, out);
      if (l < 64) ptrs[l] = p;
    } else if (ii->op == LLVMStore) {
      LLVMValueRef v = LLVMGetOperand(I, 0);
      LLVMTypeRef ty = LLVMTypeOf(v);
      uint64_t p = scalar(in, t, LLVMGetOperand(I, 1));
      bytes = LLVMStoreSizeOfType(in->td, ty);
      value(in, t, v, out);
      shadow_access(in, t, p, bytes, MC_ACCESS_WRITE, MC_SCOPE_DEVICE, i);
      access_value(in, p, ty, out, true, I);
      if (l < 64) ptrs[l] = p;
    } else if (ii->op == LLVMAtomicRMW || ii->op == LLVMAtomicCmpXchg) {
      uint64_t p = scalar(in, t, LLVMGetOperand(I, 0));
      LLVMTypeRef ty = LLVMTypeOf(LLVMGetOperand(I, 1));
      bytes = LLVMStoreSizeOfType(in->td, ty);
      shadow_access(in, t, p, bytes, MC_ACCESS_ATOMIC, scope_of(I), i);
      uint64_t old = load_scalar(in, p, ty, I);
      if (ii->op == LLVMAtomicRMW) {
        bool known;
        uint64_t nv = rmw(LLVMGetAtomicRMWBinOp(I), old,
                          scalar(in, t, LLVMGetOperand(I, 1)), ty, &known);
        if (!known)
          interp_fail(in, "%s: this atomic operation is not interpreted",
                      interp_where(in, I));
        store_scalar(in, p, ty, nv, I);
        out[0] = old;
      } else {
        uint64_t cmp = scalar(in, t, LLVMGetOperand(I, 1));
        uint64_t nv = scalar(in, t, LLVMGetOperand(I, 2));
        bool eq = mask(old, type_bits(ty)) == mask(cmp, type_bits(ty));
        if (eq)
          store_scalar(in, p, ty, nv, I);
        out[0] = old;
        out[1] = eq;
      }
      set(in, t, i, out);
      if (l < 64) ptrs[l] = p;
    }
  }
  if (in->c->lanes > 1)
    cost_warp_access(in, w, i, ptrs, n < 64 ? n : 64, bytes);
}

static void call_op(interp *in, warp *w, unsigned i, thread **lanes, unsigned n) {
  LLVMValueRef I = in->insts[i].inst;
  LLVMValueRef callee = LLVMGetCalledValue(I);
  if (LLVMIsAInlineAsm(callee))
    interp_fail(in, "%s: inline assembly (a texture fetch, a curand call, asm(...)) is "
                "not interpreted", interp_where(in, I));
  if (!LLVMIsAFunction(callee))
    interp_fail(in, "%s: a call through a pointer is not interpreted", interp_where(in, I));
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  if (call_warp(in, i, lanes, n, name))
    return;
  LLVMAtomicRMWBinOp op;
  if (nvvm_atomic_op(name, &op)) {
    uint64_t ptrs[64];
    LLVMTypeRef ty = LLVMTypeOf(I);
    uint64_t bytes = LLVMStoreSizeOfType(in->td, ty);
    for (unsigned l = 0; l < n; l++) {
      thread *t = lanes[l];
      uint64_t p = scalar(in, t, LLVMGetOperand(I, 0));
      shadow_access(in, t, p, bytes, MC_ACCESS_ATOMIC, scope_of(I), i);
      uint64_t old = load_scalar(in, p, ty, I);
      bool known;
      uint64_t nv = rmw(op, old, scalar(in, t, LLVMGetOperand(I, 1)), ty, &known);
      store_scalar(in, p, ty, nv, I);
      set(in, t, i, &old);
      if (l < 64) ptrs[l] = p;
    }
    if (in->c->lanes > 1)
      cost_warp_access(in, w, i, ptrs, n < 64 ? n : 64, bytes);
    return;
  }
  bool is_memset = !strncmp(name, "llvm.memset", 11);
  if (is_memset || !strncmp(name, "llvm.memcpy", 11) || !strncmp(name, "llvm.memmove", 12)) {
    for (unsigned l = 0; l < n; l++) {
      thread *t = lanes[l];
      uint64_t dst = scalar(in, t, LLVMGetOperand(I, 0));
      uint64_t len = scalar(in, t, LLVMGetOperand(I, 2));
      if (len == 0)
        continue;
      if (len > (UINT64_C(1) << 30))
        interp_fail(in, "%s: %s of %llu bytes", interp_where(in, I), name,
                    (unsigned long long)len);
      uint8_t buf[4096];
      for (uint64_t done = 0; done < len;) {
        uint64_t chunk = len - done < sizeof buf ? len - done : sizeof buf;
        if (is_memset) {
          memset(buf, (int)scalar(in, t, LLVMGetOperand(I, 1)), chunk);
        } else {
          uint64_t src = scalar(in, t, LLVMGetOperand(I, 1));
          shadow_access(in, t, src + done, chunk, MC_ACCESS_READ, MC_SCOPE_DEVICE, i);
          mem_read(in, src + done, buf, chunk, I);
        }
        shadow_access(in, t, dst + done, chunk, MC_ACCESS_WRITE, MC_SCOPE_DEVICE, i);
        mem_write(in, dst + done, buf, chunk, I);
        done += chunk;
      }
    }
    return;
  }
  if (!strcmp(name, "__assertfail") || !strcmp(name, "__assert_fail"))
    interp_fail(in, "%s: an assertion failed", interp_where(in, I));
  for (unsigned l = 0; l < n; l++) {
    uint64_t out[MAX_WIDTH] = {0};
    if (!call_lane(in, lanes[l], I, name, out))
      interp_fail(in, "%s: call to '%s' is not interpreted", interp_where(in, I), name);
    set(in, lanes[l], i, out);
  }
}

static void lane_op(interp *in, unsigned i, thread *t) {
  const inst_info *ii = &in->insts[i];
  LLVMValueRef I = ii->inst;
  LLVMTypeRef ty = LLVMTypeOf(I);
  uint64_t out[MAX_WIDTH] = {0}, a[MAX_WIDTH] = {0}, b[MAX_WIDTH] = {0},
           c[MAX_WIDTH] = {0};
  unsigned w = ii->width;
  switch (ii->op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor:
    value(in, t, LLVMGetOperand(I, 0), a);
    value(in, t, LLVMGetOperand(I, 1), b);
    for (unsigned l = 0; l < w; l++)
      out[l] = int_binary(in, ii->op, a[l], b[l], type_bits(ty), I);
    break;
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
    value(in, t, LLVMGetOperand(I, 0), a);
    value(in, t, LLVMGetOperand(I, 1), b);
    for (unsigned l = 0; l < w; l++)
      out[l] = fp_binary(ii->op, a[l], b[l], LLVMGetTypeKind(scalar_type(ty)));
    break;
  case LLVMFNeg:
    value(in, t, LLVMGetOperand(I, 0), a);
    for (unsigned l = 0; l < w; l++)
      out[l] = a[l] ^ (type_bits(ty) == 32 ? UINT64_C(0x80000000) : UINT64_C(1) << 63);
    break;
  case LLVMICmp: {
    LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(I, 0));
    value(in, t, LLVMGetOperand(I, 0), a);
    value(in, t, LLVMGetOperand(I, 1), b);
    for (unsigned l = 0; l < w; l++)
      out[l] = mc_bits_icmp(LLVMGetICmpPredicate(I), a[l], b[l], type_bits(ot));
    break;
  }
  case LLVMFCmp: {
    LLVMTypeKind k = LLVMGetTypeKind(scalar_type(LLVMTypeOf(LLVMGetOperand(I, 0))));
    value(in, t, LLVMGetOperand(I, 0), a);
    value(in, t, LLVMGetOperand(I, 1), b);
    for (unsigned l = 0; l < w; l++)
      out[l] = fcmp(LLVMGetFCmpPredicate(I), as_double(a[l], k), as_double(b[l], k));
    break;
  }
  case LLVMSelect: {
    LLVMValueRef cond = LLVMGetOperand(I, 0);
    bool vec = LLVMGetTypeKind(LLVMTypeOf(cond)) == LLVMVectorTypeKind;
    value(in, t, cond, c);
    value(in, t, LLVMGetOperand(I, 1), a);
    value(in, t, LLVMGetOperand(I, 2), b);
    for (unsigned l = 0; l < w; l++)
      out[l] = (c[vec ? l : 0] & 1) ? a[l] : b[l];
    break;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc: case LLVMFPExt:
  case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP:
  case LLVMPtrToInt: case LLVMIntToPtr: case LLVMAddrSpaceCast: case LLVMBitCast: {
    LLVMValueRef src = LLVMGetOperand(I, 0);
    LLVMTypeRef from = LLVMTypeOf(src);
    value(in, t, src, a);
    if (ii->op == LLVMBitCast &&
        (LLVMGetTypeKind(from) == LLVMVectorTypeKind) != (LLVMGetTypeKind(ty) == LLVMVectorTypeKind))
      interp_fail(in, "%s: a bitcast between vectors and scalars is not interpreted",
                  interp_where(in, I));
    for (unsigned l = 0; l < w; l++)
      out[l] = cast(in, ii->op, a[l], scalar_type(from), scalar_type(ty), I);
    break;
  }
  case LLVMFreeze:
    value(in, t, LLVMGetOperand(I, 0), out);
    break;
  case LLVMGetElementPtr:
    out[0] = scalar(in, t, LLVMGetOperand(I, 0)) + gep_offset(in, I, t);
    break;
  case LLVMAlloca: {
    LLVMTypeRef at = LLVMGetAllocatedType(I);
    uint64_t count = scalar(in, t, LLVMGetOperand(I, 0));
    int id = obj_new(in, "a local variable", -1, OBJ_LOCAL,
                     LLVMABISizeOfType(in->td, at) * count, 1);
    out[0] = ptr_make(id, 0);
    break;
  }
  case LLVMExtractElement: {
    value(in, t, LLVMGetOperand(I, 0), a);
    uint64_t idx = scalar(in, t, LLVMGetOperand(I, 1));
    out[0] = idx < MAX_WIDTH ? a[idx] : 0;
    break;
  }
  case LLVMInsertElement: {
    value(in, t, LLVMGetOperand(I, 0), out);
    uint64_t idx = scalar(in, t, LLVMGetOperand(I, 2));
    if (idx < w)
      out[idx] = scalar(in, t, LLVMGetOperand(I, 1));
    break;
  }
  case LLVMShuffleVector: {
    LLVMValueRef v1 = LLVMGetOperand(I, 0);
    unsigned n1 = LLVMGetVectorSize(LLVMTypeOf(v1));
    value(in, t, v1, a);
    value(in, t, LLVMGetOperand(I, 1), b);
    for (unsigned l = 0; l < w; l++) {
      int m = LLVMGetMaskValue(I, l);
      out[l] = m < 0 ? 0 : (unsigned)m < n1 ? a[m] : b[m - (int)n1];
    }
    break;
  }
  case LLVMExtractValue: {
    if (LLVMGetNumIndices(I) != 1)
      interp_fail(in, "%s: nested aggregates are not interpreted", interp_where(in, I));
    value(in, t, LLVMGetOperand(I, 0), a);
    out[0] = a[LLVMGetIndices(I)[0]];
    break;
  }
  case LLVMInsertValue: {
    if (LLVMGetNumIndices(I) != 1)
      interp_fail(in, "%s: nested aggregates are not interpreted", interp_where(in, I));
    value(in, t, LLVMGetOperand(I, 0), out);
    out[LLVMGetIndices(I)[0]] = scalar(in, t, LLVMGetOperand(I, 1));
    break;
  }
  case LLVMFence:
    return;
  default: {
    char *s = LLVMPrintValueToString(I);
    char text[200];
    snprintf(text, sizeof text, "%s", s);
    LLVMDisposeMessage(s);
    interp_fail(in, "%s: instruction '%s' is not interpreted",
                interp_where(in, I), text);
  }
  }
  set(in, t, i, out);
}

void exec_inst(interp *in, warp *w, unsigned i, thread **lanes, unsigned n) {
  in->active_mask = 0;
  for (unsigned l = 0; l < n; l++)
    in->active_mask |= UINT64_C(1) << (lanes[l]->linear % in->o->warp_size % 64);
  switch (in->insts[i].op) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    memory_op(in, w, i, lanes, n);
    return;
  case LLVMCall:
    call_op(in, w, i, lanes, n);
    return;
  default:
    for (unsigned l = 0; l < n; l++)
      lane_op(in, i, lanes[l]);
  }
}

/* All phis of a block read their operands before any is written. */
void exec_phis(interp *in, unsigned block, thread **lanes, unsigned n) {
  const block_info *b = &in->blocks[block];
  if (!b->nphis)
    return;
  LLVMBasicBlockRef pred_bb;
  for (unsigned l = 0; l < n; l++) {
    thread *t = lanes[l];
    if (t->prev < 0)
      interp_fail(in, "internal error: a phi in the entry block");
    pred_bb = in->ls->blocks[t->prev].bb;
    uint64_t vals[16][MAX_WIDTH];
    unsigned count = b->nphis < 16 ? b->nphis : 16;
    if (b->nphis > 16)
      interp_fail(in, "a block with more than 16 phis is not interpreted");
    for (unsigned p = 0; p < count; p++) {
      LLVMValueRef phi = in->insts[b->first + p].inst;
      unsigned m = LLVMCountIncoming(phi);
      unsigned k;
      for (k = 0; k < m; k++)
        if (LLVMGetIncomingBlock(phi, k) == pred_bb)
          break;
      if (k == m)
        interp_fail(in, "%s: no incoming value for the block executed before",
                    interp_where(in, phi));
      value(in, t, LLVMGetIncomingValue(phi, k), vals[p]);
    }
    for (unsigned p = 0; p < count; p++)
      set(in, t, b->first + p, vals[p]);
  }
}

/* The block a thread goes to after terminator i; -1 when it returns. */
int exec_successor(interp *in, unsigned i, thread *t) {
  LLVMValueRef I = in->insts[i].inst;
  LLVMBasicBlockRef next = NULL;
  switch (in->insts[i].op) {
  case LLVMRet:
    return -1;
  case LLVMBr:
    if (!LLVMIsConditional(I))
      next = LLVMGetSuccessor(I, 0);
    else
      next = LLVMGetSuccessor(I, (scalar(in, t, LLVMGetCondition(I)) & 1) ? 0 : 1);
    break;
  case LLVMSwitch: {
    LLVMValueRef cond = LLVMGetOperand(I, 0);
    unsigned bits = type_bits(LLVMTypeOf(cond));
    uint64_t v = mask(scalar(in, t, cond), bits);
    next = LLVMGetSwitchDefaultDest(I);
    /* Case values are not operands in LLVM 22: ask the shim. */
    unsigned ncases = LLVMGetNumSuccessors(I) - 1;
    for (unsigned k = 0; k < ncases; k++) {
      int64_t cv;
      if (!mc_shim_switch_case_value(I, k, &cv))
        interp_fail(in, "%s: a switch case is not a constant", interp_where(in, I));
      if (mask((uint64_t)cv, bits) == v) {
        next = LLVMGetSuccessor(I, k + 1);
        break;
      }
    }
    break;
  }
  case LLVMUnreachable:
    interp_fail(in, "%s: reached 'unreachable' (a __trap, or undefined behaviour)",
                interp_where(in, I));
  default:
    interp_fail(in, "%s: terminator %d is not interpreted", interp_where(in, I),
                in->insts[i].op);
  }
  int b = mc_ls_block_index(in->ls, next);
  if (b < 0)
    interp_fail(in, "internal error: a branch to a block outside the lock-step order");
  return b;
}

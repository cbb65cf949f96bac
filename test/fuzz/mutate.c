/* mutate.c - IR-level preparation and mutation for the fuzz target.
 *
 * Byte-level mutations of bitcode almost never parse, and those that parse
 * test LLVM's reader, not mapcost. So the fuzzer's inputs stay valid IR:
 * this file changes them the way CUDA kernels differ from one another
 * (thread-dependent values and conditions, barriers in odd places, extreme
 * constants, accesses to shared and global memory), through LLVM-C only.
 */
#include "mutate.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const NVPTX_TRIPLE = "nvptx64-nvidia-cuda";
static const char *const NVPTX_LAYOUT = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";
enum { SHARED_WORDS = 64 };

typedef struct {
  uint64_t s;
} rng;

static uint64_t next(rng *r) { /* splitmix64 */
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned below(rng *r, unsigned n) { return n ? (unsigned)(next(r) % n) : 0; }

uint64_t mcf_hash(const uint8_t *data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 0x100000001b3ull;
  return h;
}

/* ---- What the module holds ------------------------------------------- */

typedef struct {
  LLVMValueRef *v;
  unsigned n, cap;
} values;

static void push(values *vs, LLVMValueRef v) {
  if (vs->n == vs->cap) {
    unsigned cap = vs->cap ? 2 * vs->cap : 64;
    LLVMValueRef *nv = realloc(vs->v, cap * sizeof *nv);
    if (!nv)
      return;
    vs->v = nv;
    vs->cap = cap;
  }
  vs->v[vs->n++] = v;
}

static bool is_kernel(LLVMValueRef f) {
  return LLVMGetFunctionCallConv(f) == LLVMPTXKernelCallConv;
}

static bool returns_void(LLVMValueRef f) {
  return LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(f))) ==
         LLVMVoidTypeKind;
}

static bool defined(LLVMValueRef f) { return LLVMCountBasicBlocks(f) > 0; }

/* Every instruction of every defined function. */
static values instructions(LLVMModuleRef m) {
  values vs = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        push(&vs, i);
  return vs;
}

static LLVMValueRef function_of(LLVMValueRef inst) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

static bool calls_named(LLVMModuleRef m, const char *prefix) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (n >= strlen(prefix) && !strncmp(name, prefix, strlen(prefix)) &&
        LLVMGetFirstUse(f))
      return true;
  }
  return false;
}

/* ---- Building ----------------------------------------------------------- */

static LLVMValueRef call_intrinsic(LLVMBuilderRef b, LLVMModuleRef m,
                                   const char *name, LLVMValueRef *args,
                                   unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    return NULL;
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(m, id, NULL, 0);
  LLVMTypeRef ty = LLVMIntrinsicGetType(LLVMGetModuleContext(m), id, NULL, 0);
  return LLVMBuildCall2(b, ty, fn, args, nargs, "");
}

/* threadIdx/blockIdx/blockDim/gridDim in x, y or z, as i32. */
static LLVMValueRef read_special(LLVMBuilderRef b, LLVMModuleRef m, rng *r) {
  static const char *const regs[] = {"tid", "tid", "tid", "ctaid", "ctaid", "ntid", "nctaid"};
  static const char *const dims[] = {"x", "x", "x", "y", "z"};
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%s",
           regs[below(r, sizeof regs / sizeof *regs)], dims[below(r, sizeof dims / sizeof *dims)]);
  return call_intrinsic(b, m, name, NULL, 0);
}

static LLVMValueRef to_width(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty) {
  return LLVMTypeOf(v) == ty ? v : LLVMBuildIntCast2(b, v, ty, false, "");
}

/* Constants at the edges: 0, 1, -1, the extremes, powers of two, odd sizes. */
static LLVMValueRef extreme_constant(LLVMTypeRef ty, rng *r) {
  unsigned w = LLVMGetIntTypeWidth(ty);
  unsigned long long top = w >= 64 ? ~0ull : (1ull << w) - 1;
  unsigned long long vals[] = {0, 1, top, top >> 1, (top >> 1) + 1, 32, 31, 33,
                               1024, 4096, 65536, 0x7fffffffull, 3, 255};
  unsigned long long v = vals[below(r, sizeof vals / sizeof *vals)];
  if (below(r, 4) == 0 && w > 1)
    v = 1ull << below(r, w < 64 ? w : 64);
  return LLVMConstInt(ty, v & top, false);
}

/* A value of integer type ty that exists before `at`: a special register,
 * a constant, or one of the function's integer parameters. */
static LLVMValueRef some_value(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef at,
                               LLVMTypeRef ty, rng *r) {
  switch (below(r, 4)) {
  case 0:
    return extreme_constant(ty, r);
  case 1: {
    LLVMValueRef f = function_of(at);
    unsigned n = LLVMCountParams(f);
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef p = LLVMGetParam(f, (k + below(r, n)) % n);
      if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMIntegerTypeKind)
        return to_width(b, p, ty);
    }
  } /* fall through */
  default: {
    LLVMValueRef v = read_special(b, m, r);
    return v ? to_width(b, v, ty) : extreme_constant(ty, r);
  }
  }
}

static LLVMValueRef shared_array(LLVMModuleRef m) {
  LLVMValueRef g = LLVMGetNamedGlobal(m, "mcf_shared");
  if (g)
    return g;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ty = LLVMArrayType2(LLVMInt32TypeInContext(ctx), SHARED_WORDS);
  g = LLVMAddGlobalInAddressSpace(m, ty, "mcf_shared", 3);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetInitializer(g, LLVMGetUndef(ty));
  LLVMSetAlignment(g, 4);
  return g;
}

static void barrier(LLVMBuilderRef b, LLVMModuleRef m, rng *r) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef zero = LLVMConstInt(i32, 0, false);
  switch (below(r, 6)) {
  case 0: {
    LLVMValueRef mask = below(r, 2) ? LLVMConstInt(i32, 0xffffffffu, false)
                                    : LLVMConstInt(i32, 0xffffu, false);
    call_intrinsic(b, m, "llvm.nvvm.bar.warp.sync", &mask, 1);
    break;
  }
  case 1: {
    LLVMValueRef args[] = {zero, below(r, 2) ? read_special(b, m, r)
                                             : LLVMConstInt(i32, 32u << below(r, 6), false)};
    call_intrinsic(b, m, "llvm.nvvm.barrier.cta.sync.aligned.count", args, 2);
    break;
  }
  default:
    call_intrinsic(b, m, "llvm.nvvm.barrier.cta.sync.aligned.all", &zero, 1);
  }
}

/* A load, store or atomic add of an i32 at a thread-dependent index of the
 * shared array or of a pointer parameter. */
static void access(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef at, rng *r) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef idx = some_value(b, m, at, i32, r);
  if (below(r, 2))
    idx = LLVMBuildAnd(b, idx, LLVMConstInt(i32, SHARED_WORDS - 1, false), "");
  idx = LLVMBuildZExt(b, idx, i64, "");
  LLVMValueRef ptr = NULL, f = function_of(at);
  for (unsigned k = 0, n = LLVMCountParams(f); k < n && below(r, 2); k++)
    if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(f, k))) == LLVMPointerTypeKind)
      ptr = LLVMBuildGEP2(b, i32, LLVMGetParam(f, k), &idx, 1, "");
  if (!ptr) {
    LLVMValueRef g = shared_array(m);
    LLVMValueRef ix[] = {LLVMConstInt(i64, 0, false), idx};
    ptr = LLVMBuildInBoundsGEP2(b, LLVMGlobalGetValueType(g), g, ix, 2, "");
  }
  switch (below(r, 3)) {
  case 0:
    LLVMBuildLoad2(b, i32, ptr, "");
    break;
  case 1:
    LLVMBuildStore(b, some_value(b, m, at, i32, r), ptr);
    break;
  default:
    LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpAdd, ptr, LLVMConstInt(i32, 1, false),
                       LLVMAtomicOrderingMonotonic, false);
  }
}

/* ---- Mutations ----------------------------------------------------------- */

static bool integer_typed(LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind;
}

/* Operands that may be any value of their type (not immediates, not
 * aggregate indices). */
static bool free_operand(LLVMValueRef inst, unsigned k) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMICmp:
  case LLVMZExt: case LLVMSExt: case LLVMTrunc:
    return true;
  case LLVMSelect:
    return k > 0;
  case LLVMStore:
    return k == 0;
  case LLVMGetElementPtr:
    return k == 1 && LLVMGetNumOperands(inst) == 2;
  case LLVMBr: case LLVMSwitch:
    return k == 0;
  default:
    return false;
  }
}

static bool replace_operand(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef inst, rng *r) {
  unsigned n = LLVMGetNumOperands(inst);
  for (unsigned t = 0; t < n; t++) {
    unsigned k = (t + below(r, n)) % n;
    LLVMValueRef op = LLVMGetOperand(inst, k);
    if (!free_operand(inst, k) || !integer_typed(op))
      continue;
    LLVMPositionBuilderBefore(b, inst);
    LLVMTypeRef ty = LLVMTypeOf(op);
    LLVMValueRef v;
    if (LLVMGetIntTypeWidth(ty) == 1) { /* a condition on the thread */
      LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(m));
      LLVMIntPredicate p = below(r, 2) ? LLVMIntULT : LLVMIntEQ;
      v = LLVMBuildICmp(b, p, some_value(b, m, inst, i32, r), some_value(b, m, inst, i32, r), "");
    } else {
      v = some_value(b, m, inst, ty, r);
    }
    LLVMSetOperand(inst, k, v);
    return true;
  }
  return false;
}

static bool erase(LLVMValueRef inst) {
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(inst));
  if (LLVMIsATerminatorInst(inst) || k == LLVMTokenTypeKind || k == LLVMLabelTypeKind ||
      k == LLVMMetadataTypeKind)
    return false;
  if (k != LLVMVoidTypeKind)
    LLVMReplaceAllUsesWith(inst, LLVMGetPoison(LLVMTypeOf(inst)));
  LLVMInstructionEraseFromParent(inst);
  return true;
}

/* Another integer operator or comparison on the same operands. */
static bool swap_operator(LLVMBuilderRef b, LLVMValueRef inst, rng *r) {
  static const LLVMOpcode ops[] = {LLVMAdd, LLVMSub, LLVMMul, LLVMUDiv, LLVMSDiv, LLVMURem,
                                   LLVMSRem, LLVMShl, LLVMLShr, LLVMAShr, LLVMAnd, LLVMOr, LLVMXor};
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  bool cmp = op == LLVMICmp;
  bool binop = false;
  for (unsigned i = 0; i < sizeof ops / sizeof *ops; i++)
    binop |= op == ops[i];
  if ((!cmp && !binop) || !integer_typed(LLVMGetOperand(inst, 0)))
    return false;
  LLVMPositionBuilderBefore(b, inst);
  LLVMValueRef l = LLVMGetOperand(inst, 0), rhs = LLVMGetOperand(inst, 1), v;
  if (cmp)
    v = LLVMBuildICmp(b, (LLVMIntPredicate)(LLVMIntEQ + below(r, 10)), l, rhs, "");
  else
    v = LLVMBuildBinOp(b, ops[below(r, sizeof ops / sizeof *ops)], l, rhs, "");
  LLVMReplaceAllUsesWith(inst, v);
  LLVMInstructionEraseFromParent(inst);
  return true;
}

static bool toggle_kernel(LLVMModuleRef m, rng *r) {
  values fs = {0};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (defined(f) && returns_void(f))
      push(&fs, f);
  bool done = fs.n > 0;
  if (done) {
    LLVMValueRef f = fs.v[below(r, fs.n)];
    LLVMSetFunctionCallConv(f, is_kernel(f) ? LLVMCCallConv : LLVMPTXKernelCallConv);
  }
  free(fs.v);
  return done;
}

static bool mutate_one(LLVMBuilderRef b, LLVMModuleRef m, rng *r) {
  values is = instructions(m);
  bool done = false;
  if (is.n) {
    LLVMValueRef inst = is.v[below(r, is.n)];
    bool phi = LLVMGetInstructionOpcode(inst) == LLVMPHI;
    switch (below(r, 8)) {
    case 0: case 1:
      done = !phi && replace_operand(b, m, inst, r);
      break;
    case 2:
    case 3:
      if (phi)
        break;
      LLVMPositionBuilderBefore(b, inst);
      if (below(r, 2))
        barrier(b, m, r);
      else
        access(b, m, inst, r);
      done = true;
      break;
    case 4:
      done = erase(inst);
      break;
    case 5:
      done = swap_operator(b, inst, r);
      break;
    case 6:
      done = toggle_kernel(m, r);
      break;
    default: { /* a constant operand at an edge */
      for (unsigned k = 0, n = LLVMGetNumOperands(inst); k < n && !done; k++) {
        LLVMValueRef op = LLVMGetOperand(inst, k);
        if (LLVMIsAConstantInt(op) && free_operand(inst, k) && !phi) {
          LLVMSetOperand(inst, k, extreme_constant(LLVMTypeOf(op), r));
          done = true;
        }
      }
    }
    }
  }
  free(is.v);
  return done;
}

unsigned mcf_mutate(LLVMModuleRef m, uint64_t seed) {
  rng r = {seed};
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  unsigned want = 1 + below(&r, 4), done = 0;
  for (unsigned t = 0; t < 4 * want && done < want; t++)
    done += mutate_one(b, m, &r);
  LLVMDisposeBuilder(b);
  return done;
}

/* ---- Preparation ---------------------------------------------------------- */

/* Every use of p except in `except` now reads v. */
static void replace_uses(LLVMValueRef p, LLVMValueRef v, LLVMValueRef except) {
  values users = {0};
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != except)
      push(&users, LLVMGetUser(u));
  for (unsigned i = 0; i < users.n; i++)
    for (unsigned k = 0, n = LLVMGetNumOperands(users.v[i]); k < n; k++)
      if (LLVMGetOperand(users.v[i], k) == p)
        LLVMSetOperand(users.v[i], k, v);
  free(users.v);
}

/* Integer parameters mixed with thread and block ids; a generic pointer
 * parameter may become the shared array. */
static void inject_ids(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef f, rng *r) {
  LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f));
  if (!first)
    return;
  for (unsigned k = 0, n = LLVMCountParams(f); k < n; k++) {
    LLVMValueRef p = LLVMGetParam(f, k);
    LLVMTypeRef ty = LLVMTypeOf(p);
    LLVMPositionBuilderBefore(b, first);
    if (LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) > 1 &&
        below(r, 4)) {
      LLVMValueRef id = read_special(b, m, r);
      LLVMValueRef v = below(r, 2) ? LLVMBuildAdd(b, p, to_width(b, id, ty), "")
                                   : LLVMBuildXor(b, p, to_width(b, id, ty), "");
      replace_uses(p, v, v);
    } else if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind &&
               LLVMGetPointerAddressSpace(ty) == 0 && below(r, 3) == 0) {
      LLVMValueRef v = LLVMBuildAddrSpaceCast(b, shared_array(m), ty, "");
      replace_uses(p, v, v);
    }
  }
}

/* __syncthreads() before the entry block's terminator, and maybe before
 * that of another block. */
static void inject_barriers(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef f, rng *r) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(f));
  LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(m)), 0, false);
  if (t) {
    LLVMPositionBuilderBefore(b, t);
    call_intrinsic(b, m, "llvm.nvvm.barrier.cta.sync.aligned.all", &zero, 1);
  }
  unsigned nb = LLVMCountBasicBlocks(f), pick = below(r, 2 * nb);
  LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f);
  for (unsigned i = 0; bb && i < pick; i++)
    bb = LLVMGetNextBasicBlock(bb);
  if (bb && (t = LLVMGetBasicBlockTerminator(bb))) {
    LLVMPositionBuilderBefore(b, t);
    barrier(b, m, r);
  }
}

void mcf_prepare(LLVMModuleRef m, uint64_t seed) {
  rng r = {seed};
  if (!strstr(LLVMGetTarget(m), "nvptx")) {
    LLVMSetTarget(m, NVPTX_TRIPLE);
    LLVMSetDataLayout(m, NVPTX_LAYOUT);
  }
  bool any = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    any |= is_kernel(f);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && !any; f = LLVMGetNextFunction(f))
    if (defined(f) && returns_void(f))
      LLVMSetFunctionCallConv(f, LLVMPTXKernelCallConv);
  bool ids = calls_named(m, "llvm.nvvm.read.ptx.sreg.");
  bool barriers = calls_named(m, "llvm.nvvm.barrier") || calls_named(m, "llvm.nvvm.bar.");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!defined(f) || !is_kernel(f))
      continue;
    if (!ids)
      inject_ids(b, m, f, &r);
    if (!barriers)
      inject_barriers(b, m, f, &r);
  }
  LLVMDisposeBuilder(b);
}

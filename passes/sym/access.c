/* access.c - the memory accesses of a kernel: array, byte offset, size, kind.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-sym>' \
 *       -disable-output k.ll
 *
 * A pointer is followed back to its base through GEPs (whose indices become
 * a 64-bit byte offset: struct fields by their offsets, array and pointer
 * steps scaled by the allocation size of their element), bitcasts,
 * address-space casts and the NVVM address conversion intrinsics, and
 * through phis and selects whose pointers all share one base (the offset is
 * then a select, or a loop variable for a pointer stepped around a loop).
 * Bases are the kernel's arrays (stage 1), the thread's own allocas and
 * struct parameters passed by value (each thread's copy), or unknown with
 * a reason (a pointer loaded from memory, returned by a call,
 * made from an integer, joined from different arrays on paths whose
 * condition is not known).
 *
 * A select of pointers into different arrays (`float *p = c ? a : b;`),
 * or a phi that the branches before it decide (if-then-else, else-if
 * chains, switches: mc_phi_decision), is a pointer with alternatives: one
 * per base, each with the condition under which the pointer is that one
 * (`c`, `!c`); an access through it is one access per alternative, under
 * its condition.
 */
#include "sym_internal.h"

#include "mapcost/shim.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>

typedef struct ptr_info {
  mc_base_kind base;
  int array;
  const char *reason;
  const mc_expr *offset;
  LLVMValueRef alloca; /* MC_BASE_LOCAL: which */
  bool inbounds;       /* every step from the base was an inbounds GEP */
  /* A pointer into one of several arrays: nalts >= 2 alternatives of one
   * base each (of kind ARRAY or LOCAL), whose `when` conditions are
   * exclusive and one of them holds; base is then MC_BASE_UNKNOWN (reason
   * DIFFERENT) for those who need one base. */
  unsigned nalts;
  const struct ptr_info *alts;
  const mc_expr *when; /* an alternative's condition (1 bit) */
} ptr_info;

/* More bases than this in one pointer make it of unknown base. */
enum { MAX_ALTS = 4 };

static const ptr_info ptr_in_progress;
#define PTR_IN_PROGRESS (&ptr_in_progress)

static const ptr_info *resolve(mc_translator *t, LLVMValueRef p);

static ptr_info *new_info(mc_translator *t, mc_base_kind base, int array,
                          const char *reason, const mc_expr *offset) {
  ptr_info *r = mc_alloc(t->a, sizeof *r);
  if (!r || !offset)
    return NULL;
  r->base = base;
  r->array = array;
  r->reason = reason;
  r->offset = offset;
  r->inbounds = true;
  return r;
}

static ptr_info *unknown_base(mc_translator *t, const char *reason) {
  return new_info(t, MC_BASE_UNKNOWN, -1, reason, mc_expr_const(t->s, 64, 0));
}

static int array_of(mc_translator *t, LLVMValueRef v) {
  for (unsigned i = 0; t->k && i < t->k->narrays; i++)
    if (t->k->arrays[i].value == v)
      return (int)i;
  return -1;
}

/* A struct parameter passed by value: every thread reads its own copy. */
static bool is_byval(mc_translator *t, LLVMValueRef v) {
  const mc_param *p = t->k ? mc_kernel_param(t->k, v) : NULL;
  return p && p->byval;
}

static bool is_extern_shared(mc_translator *t, int array) {
  return array >= 0 && t->k->arrays[array].kind == MC_ARRAY_EXTERN_SHARED;
}

/* Two bases that may be the same memory and share an origin for offsets. */
static bool same_base(mc_translator *t, const ptr_info *a, const ptr_info *b) {
  if (a->base != b->base || a->base == MC_BASE_UNKNOWN)
    return false;
  if (a->base == MC_BASE_LOCAL)
    return a->alloca == b->alloca;
  return a->array == b->array ||
         (is_extern_shared(t, a->array) && is_extern_shared(t, b->array));
}

/* ---- GEPs --------------------------------------------------------------- */

static unsigned index_bits(mc_translator *t, LLVMValueRef ptr) {
  LLVMTypeRef ty = LLVMTypeOf(ptr);
  if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind || !t->td)
    return 64;
  unsigned bits = 8 * LLVMPointerSizeForAS(t->td, LLVMGetPointerAddressSpace(ty));
  return bits >= 8 && bits <= 64 ? bits : 64;
}

/* The byte offset a GEP adds to its pointer operand, in 64 bits; NULL for
 * what is not modelled (vector GEPs, scalable types). */
static const mc_expr *gep_offset(mc_translator *t, LLVMValueRef gep, bool *inbounds) {
  mc_sym *s = t->s;
  LLVMValueRef base = LLVMGetOperand(gep, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind || !t->td)
    return NULL;
  unsigned w = index_bits(t, base);
  LLVMGEPNoWrapFlags nw = LLVMGEPGetNoWrapFlags(gep);
  bool nusw = nw & (LLVMGEPFlagInBounds | LLVMGEPFlagNUSW);
  unsigned flags = (nusw ? MC_NSW : 0) | ((nw & LLVMGEPFlagNUW) ? MC_NUW : 0);
  *inbounds = nw & LLVMGEPFlagInBounds;
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  const mc_expr *off = mc_expr_const(s, w, 0);
  int n = LLVMGetNumOperands(gep);
  for (int i = 1; i < n && off; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind)
      return NULL;
    if (i > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      if (!LLVMIsAConstantInt(idx))
        return NULL;
      unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
      off = mc_expr_add(s, off,
                        mc_expr_const(s, w, (int64_t)LLVMOffsetOfElement(t->td, ty, field)),
                        flags);
      ty = LLVMStructGetTypeAtIndex(ty, field);
      continue;
    }
    if (i > 1) {
      LLVMTypeKind k = LLVMGetTypeKind(ty);
      if (k != LLVMArrayTypeKind && k != LLVMVectorTypeKind)
        return NULL;
      ty = LLVMGetElementType(ty);
    }
    if (!LLVMTypeIsSized(ty))
      return NULL;
    int64_t size = (int64_t)LLVMABISizeOfType(t->td, ty);
    /* GEP indices are sign-extended (or truncated) to the index width. */
    const mc_expr *x = mc_expr_resize(s, mc_translate(t, idx), w, true);
    off = mc_expr_add(s, off, mc_expr_mul(s, x, mc_expr_const(s, w, size), flags), flags);
  }
  return mc_expr_resize(s, off, 64, true);
}

/* ---- Phis and selects of pointers ---------------------------------------- */

/* The base a pointer leads to, without offsets, treating `self` as
 * consistent: used to decide a loop's pointer phi before computing it. */
static bool base_of(mc_translator *t, LLVMValueRef p, LLVMValueRef self,
                    sym_ptrmap *seen, ptr_info *out, bool *found) {
  if (p == self || sym_ptrmap_has(seen, p))
    return true;
  if (!sym_ptrmap_put(t->a, seen, p, p))
    return false;
  LLVMValueRef next[2] = {NULL, NULL};
  if (LLVMIsAGetElementPtrInst(p) || LLVMIsAAddrSpaceCastInst(p) || LLVMIsABitCastInst(p)) {
    next[0] = LLVMGetOperand(p, 0);
  } else if (LLVMIsAPHINode(p)) {
    for (unsigned i = 0; i < LLVMCountIncoming(p); i++)
      if (!base_of(t, LLVMGetIncomingValue(p, i), self, seen, out, found))
        return false;
    return true;
  } else if (LLVMIsASelectInst(p)) {
    next[0] = LLVMGetOperand(p, 1);
    next[1] = LLVMGetOperand(p, 2);
  } else {
    const ptr_info *r = resolve(t, p);
    if (!r)
      return false;
    if (r == PTR_IN_PROGRESS) {
      out->base = MC_BASE_UNKNOWN;
      *found = true;
      return true;
    }
    if (!*found) {
      *out = *r;
      *found = true;
    } else if (!same_base(t, out, r)) {
      out->base = MC_BASE_UNKNOWN;
    }
    return true;
  }
  for (int i = 0; i < 2; i++)
    if (next[i] && !base_of(t, next[i], self, seen, out, found))
      return false;
  return true;
}

static const char *DIFFERENT = "pointers into different arrays joined";

/* ---- Pointers swapped around a loop --------------------------------------- */

static const ptr_info *choose(mc_translator *t, const mc_expr *c, const ptr_info *const *r);

/* For a phi p of a loop header that takes, from the loop's one latch, the
 * value of another phi q of the header, which takes p's (`tmp = src;
 * src = dst; dst = tmp;` at the end of each iteration): q, and p's value
 * from before the loop in *init; else NULL. */
static LLVMValueRef swap_partner(mc_translator *t, LLVMValueRef p, LLVMValueRef *init) {
  LLVMBasicBlockRef h = LLVMGetInstructionParent(p);
  sym_loop *l = sym_loop_of_header(t, h);
  if (!l || LLVMCountIncoming(p) != 2 ||
      LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
    return NULL;
  unsigned in = sym_ptrmap_has(&l->body, LLVMGetIncomingBlock(p, 0)) ? 0 : 1;
  if (!sym_ptrmap_has(&l->body, LLVMGetIncomingBlock(p, in)) ||
      sym_ptrmap_has(&l->body, LLVMGetIncomingBlock(p, 1 - in)))
    return NULL;
  LLVMValueRef q = LLVMGetIncomingValue(p, in);
  if (q == p || !LLVMIsAPHINode(q) || LLVMGetInstructionParent(q) != h ||
      LLVMCountIncoming(q) != 2)
    return NULL;
  for (unsigned i = 0; i < 2; i++)
    if (LLVMGetIncomingBlock(q, i) == LLVMGetIncomingBlock(p, in) &&
        LLVMGetIncomingValue(q, i) == p) {
      *init = LLVMGetIncomingValue(p, 1 - in);
      return q;
    }
  return NULL;
}

const mc_expr *mc_pointer_swap(mc_translator *t, LLVMValueRef phi) {
  LLVMValueRef init, q = LLVMIsAPHINode(phi) ? swap_partner(t, phi, &init) : NULL;
  if (!q)
    return NULL;
  /* one atom for the pair, named after the first of them */
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(phi)); i != phi;
       i = LLVMGetNextInstruction(i))
    if (i == q) {
      q = phi;
      phi = i;
      break;
    }
  bool is_unsigned;
  const char *name = sym_variable_name(t, phi, &is_unsigned);
  return mc_sym_loop_var(t->s, phi, name ? mc_sprintf(t->a, "%s_swapped", name) : NULL, 1,
                         false);
}

/* Swapped pointer phi: its value from before the loop in the iterations
 * in which the pair is not swapped, its partner's in the others. Used
 * after the loop (through `exit`, an LCSSA phi), whether they are swapped
 * is an unknown of that phi, for the protocol stage to resolve. */
static const ptr_info *swapped(mc_translator *t, LLVMValueRef phi, LLVMValueRef exit) {
  LLVMValueRef own, other;
  LLVMValueRef q = swap_partner(t, phi, &own);
  if (!q || !swap_partner(t, q, &other))
    return NULL;
  const ptr_info *r[2] = {resolve(t, other), resolve(t, own)};
  if (!r[0] || !r[1])
    return NULL;
  if (r[0] == PTR_IN_PROGRESS || r[1] == PTR_IN_PROGRESS)
    return unknown_base(t, "pointer of a cycle");
  const mc_expr *c = exit ? mc_sym_unknown(t->s, MC_UNKNOWN_EXIT, "value after its loop", 1, exit)
                          : mc_pointer_swap(t, phi);
  return choose(t, c, r);
}

static const ptr_info *loop_phi(mc_translator *t, LLVMValueRef phi) {
  LLVMValueRef init;
  if (swap_partner(t, phi, &init))
    return swapped(t, phi, NULL);
  /* Every incoming value, the stepped ones included, must lead back to
   * one base (or to the phi itself). */
  sym_ptrmap seen = {0};
  ptr_info b2 = {0};
  bool found = false;
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++)
    if (!base_of(t, LLVMGetIncomingValue(phi, i), phi, &seen, &b2, &found))
      return NULL;
  if (!found || b2.base == MC_BASE_UNKNOWN)
    return unknown_base(t, found ? DIFFERENT : "pointer defined only by its loop");
  bool is_unsigned;
  const char *name = sym_variable_name(t, phi, &is_unsigned);
  const char *var = name ? mc_sprintf(t->a, "%s_offset", name) : NULL;
  const mc_expr *off = mc_sym_loop_var(t->s, phi, var, 64, true);
  ptr_info *r = new_info(t, b2.base, b2.array, b2.reason, off);
  if (r) {
    r->alloca = b2.alloca;
    r->inbounds = false;
  }
  return r;
}

/* The alternatives of r, each under `c` and its own condition, appended to
 * out[*n]; false when there would be more than MAX_ALTS or out of memory
 * (*oom). */
static bool add_alts(mc_translator *t, const ptr_info *r, const mc_expr *c, ptr_info *out,
                     unsigned *n, bool *oom) {
  unsigned m = r->nalts ? r->nalts : 1;
  for (unsigned i = 0; i < m; i++) {
    const ptr_info *x = r->nalts ? &r->alts[i] : r;
    const mc_expr *when = x->when ? mc_expr_binary(t->s, MC_EXPR_AND, c, x->when, 0) : c;
    unsigned j = 0;
    while (j < *n && !same_base(t, &out[j], x))
      j++;
    if (j < *n) { /* the same base again: one alternative, its offset a select */
      ptr_info *y = &out[j];
      if (y->offset != x->offset)
        y->offset = mc_expr_select(t->s, when, x->offset, y->offset);
      y->when = mc_expr_binary(t->s, MC_EXPR_OR, y->when, when, 0);
      y->inbounds &= x->inbounds;
      *oom = !y->offset || !y->when;
    } else if (*n < MAX_ALTS && when) {
      out[*n] = *x;
      out[*n].nalts = 0;
      out[*n].alts = NULL;
      out[(*n)++].when = when;
    } else {
      *oom = !when;
      return false;
    }
    if (*oom)
      return false;
  }
  return true;
}

/* r[0] when c holds, else r[1]: for one base, the offset is a select;
 * for several, the pointer has alternatives. */
static const ptr_info *choose(mc_translator *t, const mc_expr *c, const ptr_info *const *r) {
  if (!c)
    return NULL;
  for (unsigned i = 0; i < 2; i++)
    if (r[i]->base == MC_BASE_UNKNOWN && !r[i]->nalts)
      return r[i];
  if (same_base(t, r[0], r[1])) {
    const mc_expr *off = r[0]->offset == r[1]->offset
                             ? r[0]->offset
                             : mc_expr_select(t->s, c, r[0]->offset, r[1]->offset);
    ptr_info *x = new_info(t, r[0]->base, r[0]->array, r[0]->reason, off);
    if (x) {
      x->alloca = r[0]->alloca;
      x->inbounds = r[0]->inbounds && r[1]->inbounds;
    }
    return x;
  }
  ptr_info *alts = mc_alloc(t->a, 2 * MAX_ALTS * sizeof *alts);
  if (!alts)
    return NULL;
  unsigned m = 0;
  bool oom = false;
  if (!add_alts(t, r[0], c, alts, &m, &oom) ||
      !add_alts(t, r[1], mc_expr_not(t->s, c), alts, &m, &oom))
    return oom ? NULL
               : unknown_base(t, mc_sprintf(t->a, "%s (more than %d)", DIFFERENT, MAX_ALTS));
  if (m == 1) { /* one base after all: the two conditions together always hold */
    alts[0].when = NULL;
    return &alts[0];
  }
  ptr_info *x = unknown_base(t, DIFFERENT);
  if (x) {
    x->nalts = m;
    x->alts = alts;
  }
  return x;
}

/* A pointer phi's decision (kernels.h) as choices between its values;
 * seen: the nodes done (a DAG). */
static const ptr_info *decided(mc_translator *t, const mc_decision *d, sym_ptrmap *seen) {
  const ptr_info *x = sym_ptrmap_get(seen, d);
  if (x)
    return x;
  if (d->kind == MC_DECIDE_LEAF) {
    x = resolve(t, d->value);
    if (x == PTR_IN_PROGRESS)
      x = unknown_base(t, "pointer of a cycle");
  } else {
    const ptr_info *r[2] = {decided(t, d->yes, seen), decided(t, d->no, seen)};
    x = r[0] && r[1] ? choose(t, sym_decision_cond(t, d), r) : NULL;
  }
  return x && sym_ptrmap_put(t->a, seen, d, (void *)x) ? x : NULL;
}

/* The values of a phi whose condition is not known: one base or none. */
static const ptr_info *joined(mc_translator *t, LLVMValueRef phi) {
  const ptr_info *acc = NULL;
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
    const ptr_info *r = resolve(t, LLVMGetIncomingValue(phi, i));
    if (!r || r == PTR_IN_PROGRESS)
      return r ? unknown_base(t, "pointer of a cycle") : NULL;
    if (r->base == MC_BASE_UNKNOWN && !r->nalts)
      return r;
    if (acc && !same_base(t, acc, r))
      return unknown_base(t, DIFFERENT);
    if (!acc || acc->offset == r->offset) {
      acc = r;
      continue;
    }
    ptr_info *x = new_info(t, acc->base, acc->array, acc->reason,
                           mc_sym_unknown(t->s, MC_UNKNOWN_JOIN,
                                          "pointers joined from several paths", 64, phi));
    if (!x)
      return NULL;
    x->alloca = acc->alloca;
    x->inbounds = acc->inbounds && r->inbounds;
    acc = x;
  }
  return acc ? acc : unknown_base(t, "empty phi");
}

static const ptr_info *phi_ptr(mc_translator *t, LLVMValueRef phi) {
  if (sym_loop_of_header(t, LLVMGetInstructionParent(phi)))
    return loop_phi(t, phi);
  LLVMValueRef in = LLVMGetIncomingValue(phi, 0), init;
  if (LLVMCountIncoming(phi) == 1 && LLVMIsAPHINode(in) && swap_partner(t, in, &init))
    return swapped(t, in, phi); /* after the loop */
  bool oom;
  const mc_decision *d = mc_phi_decision(t->a, phi, &oom);
  sym_ptrmap seen = {0};
  return d ? decided(t, d, &seen) : oom ? NULL : joined(t, phi);
}

/* ---- Following a pointer -------------------------------------------------- */

/* b moved by `off` bytes (every alternative of it), by an inbounds GEP or
 * not. */
static const ptr_info *step(mc_translator *t, const ptr_info *b, const mc_expr *off,
                            bool inbounds) {
  bool chain = inbounds && b->inbounds;
  ptr_info *r = new_info(t, b->base, b->array, b->reason,
                         mc_expr_add(t->s, b->offset, off, chain ? MC_NSW : 0));
  if (!r)
    return NULL;
  r->alloca = b->alloca;
  r->inbounds = chain;
  r->when = b->when;
  if (b->nalts) {
    ptr_info *alts = mc_alloc(t->a, b->nalts * sizeof *alts);
    if (!alts)
      return NULL;
    for (unsigned i = 0; i < b->nalts; i++) {
      const ptr_info *x = step(t, &b->alts[i], off, inbounds);
      if (!x)
        return NULL;
      alts[i] = *x;
    }
    r->nalts = b->nalts;
    r->alts = alts;
  }
  return r;
}

static bool passes_pointer(const char *callee) {
  static const char *const through[] = {
      "llvm.nvvm.ptr.",          /* 19's address-space conversions */
      "llvm.launder.invariant.group", "llvm.strip.invariant.group",
  };
  for (unsigned i = 0; i < sizeof through / sizeof through[0]; i++)
    if (!strncmp(callee, through[i], strlen(through[i])))
      return true;
  return false;
}

static const ptr_info *resolve_uncached(mc_translator *t, LLVMValueRef p) {
  mc_sym *s = t->s;
  if (LLVMIsAGetElementPtrInst(p) ||
      (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)) {
    const ptr_info *b = resolve(t, LLVMGetOperand(p, 0));
    if (!b || b == PTR_IN_PROGRESS)
      return b ? unknown_base(t, "pointer of a cycle") : NULL;
    bool inbounds = false;
    const mc_expr *off = gep_offset(t, p, &inbounds);
    if (!off)
      off = mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, "offset of a vector GEP", 64, p);
    return step(t, b, off, inbounds);
  }
  if (LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p) ||
      (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMBitCast ||
                                  LLVMGetConstOpcode(p) == LLVMAddrSpaceCast)))
    return resolve(t, LLVMGetOperand(p, 0));
  if ((LLVMIsAArgument(p) && !is_byval(t, p)) || LLVMIsAGlobalVariable(p)) {
    int a = array_of(t, p);
    if (a >= 0)
      return new_info(t, MC_BASE_ARRAY, a, NULL, mc_expr_const(s, 64, 0));
    size_t n;
    const char *name = LLVMGetValueName2(p, &n);
    return unknown_base(t, mc_sprintf(t->a, "%s %s is not one of the kernel's arrays",
                                      LLVMIsAArgument(p) ? "argument" : "global", name));
  }
  if (LLVMIsAAllocaInst(p) || (LLVMIsAArgument(p) && is_byval(t, p))) {
    ptr_info *r = new_info(t, MC_BASE_LOCAL, -1, NULL, mc_expr_const(s, 64, 0));
    if (r)
      r->alloca = p;
    return r;
  }
  if (LLVMIsAPHINode(p))
    return phi_ptr(t, p);
  if (LLVMIsASelectInst(p)) {
    const ptr_info *a = resolve(t, LLVMGetOperand(p, 1));
    const ptr_info *b = resolve(t, LLVMGetOperand(p, 2));
    if (!a || !b)
      return NULL;
    if (a == PTR_IN_PROGRESS || b == PTR_IN_PROGRESS)
      return unknown_base(t, "pointer of a cycle");
    const ptr_info *r[2] = {a, b};
    return choose(t, mc_translate(t, LLVMGetOperand(p, 0)), r);
  }
  if (LLVMIsACallInst(p)) {
    LLVMValueRef callee = LLVMGetCalledValue(p);
    size_t n;
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
    if (passes_pointer(name) && LLVMGetNumArgOperands(p) >= 1 &&
        LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(p, 0))) == LLVMPointerTypeKind)
      return resolve(t, LLVMGetOperand(p, 0));
    return unknown_base(t, "pointer returned by a call");
  }
  if (LLVMIsALoadInst(p))
    return unknown_base(t, "pointer loaded from memory");
  if (LLVMIsAIntToPtrInst(p) ||
      (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMIntToPtr))
    return unknown_base(t, "integer converted to a pointer");
  if (LLVMIsAConstantPointerNull(p))
    return unknown_base(t, "null pointer");
  return unknown_base(t, "pointer not followed");
}

static const ptr_info *resolve(mc_translator *t, LLVMValueRef p) {
  const ptr_info *done = sym_ptrmap_get(&t->pointers, p);
  if (done)
    return done;
  if (!sym_ptrmap_put(t->a, &t->pointers, p, (void *)PTR_IN_PROGRESS))
    return NULL;
  const ptr_info *r = resolve_uncached(t, p);
  if (!r || !sym_ptrmap_put(t->a, &t->pointers, p, (void *)r))
    return NULL;
  return r;
}

bool mc_pointer_base(mc_translator *t, LLVMValueRef ptr, mc_base_kind *base,
                     int *array, const char **reason, const mc_expr **offset) {
  const ptr_info *r = resolve(t, ptr);
  if (!r)
    return false;
  if (r == PTR_IN_PROGRESS) {
    r = unknown_base(t, "pointer of a cycle");
    if (!r)
      return false;
  }
  *base = r->base;
  *array = r->base == MC_BASE_ARRAY ? r->array : -1;
  *reason = r->base == MC_BASE_UNKNOWN ? r->reason : NULL;
  *offset = r->offset;
  return true;
}

/* ---- Accesses ------------------------------------------------------------ */

typedef struct {
  mc_translator *t;
  mc_access *v;
  unsigned n, cap;
  mc_unsupported *u;
  unsigned nu, capu;
  bool oom;
} collector;

static const char *type_text(mc_arena *a, LLVMTypeRef ty) {
  char *s = LLVMPrintTypeToString(ty);
  const char *r = mc_strdup(a, s);
  LLVMDisposeMessage(s);
  return r;
}

static mc_atomic_scope scope_of(const char *name) {
  if (!name || !strcmp(name, "system") || !strcmp(name, ""))
    return MC_SCOPE_SYSTEM;
  if (!strcmp(name, "singlethread"))
    return MC_SCOPE_THREAD;
  if (!strcmp(name, "block") || !strcmp(name, "cta") || !strcmp(name, "workgroup"))
    return MC_SCOPE_BLOCK;
  if (!strcmp(name, "cluster"))
    return MC_SCOPE_CLUSTER;
  return MC_SCOPE_DEVICE; /* "device", "gpu", "agent" */
}

/* How an instruction touches memory. */
typedef struct {
  mc_access_kind kind;
  const char *op;
  mc_atomic_scope scope;
  bool is_volatile;
} access_how;

/* The access of `inst` to one base (r: one pointer or one alternative). */
static bool add_one(collector *c, LLVMValueRef inst, const access_how *how,
                    const ptr_info *r, LLVMTypeRef ty, const mc_expr *size) {
  mc_translator *t = c->t;
  if (c->n == c->cap) {
    unsigned cap = c->cap ? 2 * c->cap : 16;
    mc_access *v = mc_alloc(t->a, cap * sizeof *v);
    if (!v)
      return false;
    if (c->n)
      memcpy(v, c->v, c->n * sizeof *v);
    c->v = v;
    c->cap = cap;
  }
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  mc_access *x = &c->v[c->n];
  memset(x, 0, sizeof *x);
  x->inst = inst;
  mc_shim_source_location(inst, &x->line, &x->column);
  x->kind = how->kind;
  x->op = how->op;
  x->scope = how->scope;
  x->is_volatile = how->is_volatile;
  x->base = r->base;
  x->array = r->base == MC_BASE_ARRAY ? r->array : -1;
  x->base_reason = r->base == MC_BASE_UNKNOWN ? r->reason : NULL;
  x->region = x->array >= 0 ? t->k->arrays[x->array].region : -1;
  x->offset = sym_scope_to_block(t, r->offset, bb, inst);
  if (r->when && !(x->when = sym_scope_to_block(t, r->when, bb, inst)))
    return false;
  if (ty) {
    x->type = type_text(t->a, ty);
    x->is_vector = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
    x->elem_size = LLVMTypeIsSized(ty) ? LLVMStoreSizeOfType(t->td, ty) : 0;
    if (!size)
      size = mc_expr_const(t->s, 64, (int64_t)x->elem_size);
  } else {
    x->type = "i8";
    x->elem_size = 1;
  }
  x->size = sym_scope_to_block(t, size, bb, inst);
  x->index = x->elem_size ? mc_expr_div_exact(t->s, x->offset, (int64_t)x->elem_size) : NULL;
  if (!x->offset || !x->size || !x->type)
    return false;
  c->n++;
  return true;
}

/* The accesses of `inst` through ptr: one, or one per array the pointer
 * may be into. ty is the accessed type (NULL: bytes, for memcpy and
 * memset), size NULL for ty's size. */
static void add_access(collector *c, LLVMValueRef inst, access_how how, LLVMValueRef ptr,
                       LLVMTypeRef ty, const mc_expr *size) {
  const ptr_info *r = c->oom ? NULL : resolve(c->t, ptr);
  if (r == PTR_IN_PROGRESS)
    r = unknown_base(c->t, "pointer of a cycle");
  if (!r) {
    c->oom = true;
    return;
  }
  for (unsigned i = 0; i < (r->nalts ? r->nalts : 1) && !c->oom; i++)
    c->oom = !add_one(c, inst, &how, r->nalts ? &r->alts[i] : r, ty, size);
}

static void add_unsupported(collector *c, LLVMValueRef inst, const char *reason) {
  mc_translator *t = c->t;
  if (c->nu == c->capu) {
    unsigned cap = c->capu ? 2 * c->capu : 8;
    mc_unsupported *v = mc_alloc(t->a, cap * sizeof *v);
    if (!v) {
      c->oom = true;
      return;
    }
    if (c->nu)
      memcpy(v, c->u, c->nu * sizeof *v);
    c->u = v;
    c->capu = cap;
  }
  mc_unsupported *u = &c->u[c->nu++];
  u->inst = inst;
  u->line = u->column = 0;
  mc_shim_source_location(inst, &u->line, &u->column);
  u->reason = reason;
}

static const char *rmw_name(LLVMAtomicRMWBinOp op) {
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: return "exch";
  case LLVMAtomicRMWBinOpAdd: return "add";
  case LLVMAtomicRMWBinOpSub: return "sub";
  case LLVMAtomicRMWBinOpAnd: return "and";
  case LLVMAtomicRMWBinOpNand: return "nand";
  case LLVMAtomicRMWBinOpOr: return "or";
  case LLVMAtomicRMWBinOpXor: return "xor";
  case LLVMAtomicRMWBinOpMax: return "max";
  case LLVMAtomicRMWBinOpMin: return "min";
  case LLVMAtomicRMWBinOpUMax: return "umax";
  case LLVMAtomicRMWBinOpUMin: return "umin";
  case LLVMAtomicRMWBinOpFAdd: return "fadd";
  case LLVMAtomicRMWBinOpFSub: return "fsub";
  case LLVMAtomicRMWBinOpFMax: return "fmax";
  case LLVMAtomicRMWBinOpFMin: return "fmin";
  case LLVMAtomicRMWBinOpUIncWrap: return "inc";
  case LLVMAtomicRMWBinOpUDecWrap: return "dec";
  default: return "rmw";
  }
}

static mc_atomic_scope sync_scope(LLVMValueRef inst) {
  char *name = mc_shim_sync_scope(inst);
  mc_atomic_scope s = scope_of(name);
  free(name);
  return s;
}

/* llvm.nvvm.atomic.<op>.gen.<type>[.cta|.sys]... (LLVM 19): "add", and the
 * scope. */
static void nvvm_atomic(collector *c, LLVMValueRef call, const char *name) {
  mc_translator *t = c->t;
  const char *rest = name + strlen("llvm.nvvm.atomic.");
  if (!strncmp(rest, "load.", 5))
    rest += 5; /* llvm.nvvm.atomic.load.inc.32 */
  size_t n = strcspn(rest, ".");
  const char *op = mc_strndup(t->a, rest, n);
  /* Unscoped ones are system scope, as LLVM 22 reads them when it upgrades
   * them to atomicrmw (PTX would make them .gpu: no difference inside a
   * kernel). */
  access_how how = {MC_ACCESS_ATOMIC, op, strstr(name, ".cta") ? MC_SCOPE_BLOCK : MC_SCOPE_SYSTEM,
                    false};
  if (!op)
    c->oom = true;
  else
    add_access(c, call, how, LLVMGetOperand(call, 0), LLVMTypeOf(call), NULL);
}

static bool has_pointer_arg(LLVMValueRef call) {
  unsigned n = LLVMGetNumArgOperands(call);
  for (unsigned i = 0; i < n; i++)
    if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, i))) == LLVMPointerTypeKind)
      return true;
  return false;
}

/* Does PTX text name instruction `op` (a mnemonic, or a part of one after
 * a dot: `multimem.st`): not inside a word or a register (`rcp.approx` is
 * no `cp.`)? */
static bool has_instruction(const char *s, size_t n, const char *op) {
  size_t w = strlen(op);
  for (size_t i = 0; i + w <= n; i++) {
    char before = i ? s[i - 1] : ' ';
    if (!strncmp(s + i, op, w) && !isalnum((unsigned char)before) && before != '_' &&
        before != '%' && before != '$')
      return true;
  }
  return false;
}

/* Why inline PTX may read or write memory (NULL: it computes a value only):
 * pointer operands, a "memory" clobber, or a memory instruction in its text
 * (an address may come in an integer register). */
static const char *asm_memory(LLVMValueRef call, LLVMValueRef callee) {
  static const char *const ops[] = {"ld.", "st.", "atom.", "red.", "cp.", "mbarrier.",
                                    "prefetch", "suld.", "sust.", "tex.", "ldu.",
                                    "ldmatrix", "stmatrix", "wmma.load", "wmma.store",
                                    "multimem.", "tensormap.", "discard."};
  if (has_pointer_arg(call))
    return "inline assembly with pointer operands";
  size_t n;
  const char *cons = LLVMGetInlineAsmConstraintString(callee, &n);
  if (cons && mc_holds(cons, n, "~{memory}"))
    return "inline assembly that may access memory (a \"memory\" clobber)";
  const char *text = LLVMGetInlineAsmAsmString(callee, &n);
  for (unsigned i = 0; text && i < sizeof ops / sizeof *ops; i++)
    if (has_instruction(text, n, ops[i]))
      return "inline assembly that accesses memory";
  return NULL;
}

static void visit_call(collector *c, LLVMValueRef call) {
  mc_translator *t = c->t;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (callee && LLVMIsAInlineAsm(callee)) {
    const char *why = asm_memory(call, callee);
    if (why)
      add_unsupported(c, call, why);
    return;
  }
  if (!callee || !LLVMIsAFunction(callee)) {
    add_unsupported(c, call, "indirect call");
    return;
  }
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  bool memcpy_like = !strncmp(name, "llvm.memcpy", 11) || !strncmp(name, "llvm.memmove", 12);
  if (memcpy_like || !strncmp(name, "llvm.memset", 11)) {
    const mc_expr *n = mc_expr_resize(t->s, mc_translate(t, LLVMGetOperand(call, 2)), 64, false);
    const char *op = !memcpy_like ? "memset"
                     : !strncmp(name, "llvm.memmove", 12) ? "memmove"
                                                          : "memcpy";
    if (!n) {
      c->oom = true;
      return;
    }
    LLVMValueRef vol = LLVMGetNumArgOperands(call) > 3 ? LLVMGetOperand(call, 3) : NULL;
    bool is_volatile = vol && LLVMIsAConstantInt(vol) && LLVMConstIntGetZExtValue(vol);
    access_how write = {MC_ACCESS_WRITE, op, MC_SCOPE_SYSTEM, is_volatile};
    add_access(c, call, write, LLVMGetOperand(call, 0), NULL, n);
    if (memcpy_like) {
      access_how read = {MC_ACCESS_READ, op, MC_SCOPE_SYSTEM, is_volatile};
      add_access(c, call, read, LLVMGetOperand(call, 1), NULL, n);
    }
    return;
  }
  if (!strncmp(name, "llvm.nvvm.atomic.", 17)) {
    nvvm_atomic(c, call, name);
    return;
  }
  if (!strncmp(name, "llvm.nvvm.ldg.global.", 21) ||
      !strncmp(name, "llvm.nvvm.ldu.global.", 21)) {
    access_how load = {MC_ACCESS_READ, "load", MC_SCOPE_SYSTEM, false};
    add_access(c, call, load, LLVMGetOperand(call, 0), LLVMTypeOf(call), NULL);
    return;
  }
  if (mc_shim_barrier_kind(call, NULL) != MC_BARRIER_NONE)
    return;
  static const char *const harmless[] = {
      "llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.prefetch", "llvm.nvvm.isspacep.",
      "llvm.invariant.", "llvm.launder.invariant.group", "llvm.strip.invariant.group",
      "llvm.nvvm.ptr.", "llvm.experimental.noalias.scope.decl", "llvm.var.annotation",
      "llvm.ptr.annotation", "llvm.nvvm.prefetch"};
  for (unsigned i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
    if (!strncmp(name, harmless[i], strlen(harmless[i])))
      return;
  if (!strncmp(name, "llvm.", 5)) {
    if (has_pointer_arg(call))
      add_unsupported(c, call, mc_sprintf(t->a, "intrinsic %s with pointer operands", name));
    return;
  }
  if (LLVMIsDeclaration(callee) &&
      (!strncmp(name, "__mapcost_", 10) || !strncmp(name, "mapcost.", 8)))
    return; /* annotations (runtime/mapcost.h, as the shim lowers them) touch no memory */
  char *fn = mc_shim_function_name(callee);
  add_unsupported(c, call, mc_sprintf(t->a, "call to %s not inlined", fn ? fn : name));
  free(fn);
}

/* A load or store: atomic (with its scope) when it has an ordering. */
static access_how plain(LLVMValueRef inst, mc_access_kind kind, const char *op) {
  access_how how = {kind, op, MC_SCOPE_SYSTEM, LLVMGetVolatile(inst)};
  if (LLVMGetOrdering(inst) > LLVMAtomicOrderingNotAtomic) {
    how.kind = MC_ACCESS_ATOMIC;
    how.scope = sync_scope(inst);
  }
  return how;
}

static void visit(collector *c, LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad:
    add_access(c, inst, plain(inst, MC_ACCESS_READ, "load"), LLVMGetOperand(inst, 0),
               LLVMTypeOf(inst), NULL);
    break;
  case LLVMStore:
    add_access(c, inst, plain(inst, MC_ACCESS_WRITE, "store"), LLVMGetOperand(inst, 1),
               LLVMTypeOf(LLVMGetOperand(inst, 0)), NULL);
    break;
  case LLVMAtomicRMW: {
    access_how how = {MC_ACCESS_ATOMIC, rmw_name(LLVMGetAtomicRMWBinOp(inst)),
                      sync_scope(inst), LLVMGetVolatile(inst)};
    add_access(c, inst, how, LLVMGetOperand(inst, 0), LLVMTypeOf(LLVMGetOperand(inst, 1)),
               NULL);
    break;
  }
  case LLVMAtomicCmpXchg: {
    access_how how = {MC_ACCESS_ATOMIC, "cas", sync_scope(inst), LLVMGetVolatile(inst)};
    add_access(c, inst, how, LLVMGetOperand(inst, 0), LLVMTypeOf(LLVMGetOperand(inst, 1)),
               NULL);
    break;
  }
  case LLVMCall:
    visit_call(c, inst);
    break;
  default:
    break;
  }
}

mc_kernel_accesses *mc_find_accesses(mc_arena *a, const mc_kernel *k,
                                     const mc_options *o) {
  mc_sym_facts f;
  if (!mc_sym_facts_for_kernel(&f, a, k, o))
    return NULL;
  mc_kernel_accesses *ka = mc_alloc(a, sizeof *ka);
  mc_sym *s = ka ? mc_sym_new(a, &f) : NULL;
  mc_translator *t = s ? mc_translator_new(s, k) : NULL;
  if (!t)
    return NULL;
  ka->kernel = k;
  ka->sym = s;
  ka->tr = t;
  collector c = {t, NULL, 0, 0, NULL, 0, 0, false};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(k->fn); bb && !c.oom;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !c.oom;
         in = LLVMGetNextInstruction(in)) {
      /* An access's offset is at most 4096 nodes (expr.c). */
      c.oom = !mc_spend(a, 1, "sym");
      if (!c.oom)
        visit(&c, in);
    }
  if (c.oom)
    return NULL;
  ka->accesses = c.v;
  ka->naccesses = c.n;
  ka->unsupported = c.u;
  ka->nunsupported = c.nu;
  return ka;
}

const char *mc_access_kind_name(mc_access_kind k) {
  switch (k) {
  case MC_ACCESS_READ: return "read";
  case MC_ACCESS_WRITE: return "write";
  case MC_ACCESS_ATOMIC: return "atomic";
  }
  return "?";
}

const char *mc_access_array_name(const mc_kernel *k, const mc_access *x) {
  if (x->base != MC_BASE_ARRAY)
    return NULL;
  return k->arrays[k->arrays[x->array].kind == MC_ARRAY_EXTERN_SHARED ? x->region : x->array]
      .name;
}

const char *mc_atomic_scope_name(mc_atomic_scope s) {
  switch (s) {
  case MC_SCOPE_THREAD: return "thread";
  case MC_SCOPE_BLOCK: return "block";
  case MC_SCOPE_CLUSTER: return "cluster";
  case MC_SCOPE_DEVICE: return "device";
  case MC_SCOPE_SYSTEM: return "system";
  }
  return "?";
}

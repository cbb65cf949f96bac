/* from_ir.c - LLVM values of a kernel as symbolic expressions.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-sym>' \
 *       -disable-output k.ll
 *
 * Runs on the canonicalised clone (device functions inlined, SROA, GVN,
 * loop-simplify, LCSSA). Special registers become builtin atoms, kernel
 * arguments parameter atoms, phis of loop headers loop variables; a phi
 * that joins an if-then(-else) becomes a select on the branch condition;
 * a loop's value used after the loop, and everything the translation does
 * not model, becomes an unknown with its reason. Loops are found from the
 * CFG's back edges (a depth-first search from the entry), which in a
 * reducible CFG are exactly the natural loops LLVM's LoopInfo finds.
 */
#include "sym_internal.h"

#include "mapcost/shim.h"

#include <stdlib.h>
#include <string.h>

/* Expressions larger than this (as trees) become unknowns. */
enum { MAX_TREE = 4096 };

static const mc_expr in_progress_marker;
#define IN_PROGRESS (&in_progress_marker)

/* ---- The CFG: predecessors and natural loops ------------------------------ */

const sym_blocks *sym_preds(mc_translator *t, LLVMBasicBlockRef bb) {
  static const sym_blocks none = {NULL, 0};
  const sym_blocks *p = sym_ptrmap_get(&t->preds, bb);
  return p ? p : &none;
}

sym_loop *sym_loop_of_header(mc_translator *t, LLVMBasicBlockRef bb) {
  return sym_ptrmap_get(&t->headers, bb);
}

bool mc_translator_is_loop_header(mc_translator *t, LLVMBasicBlockRef bb) {
  return sym_loop_of_header(t, bb) != NULL;
}

static unsigned nsucc(LLVMBasicBlockRef bb) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  return term ? LLVMGetNumSuccessors(term) : 0;
}

static LLVMBasicBlockRef succ(LLVMBasicBlockRef bb, unsigned i) {
  return LLVMGetSuccessor(LLVMGetBasicBlockTerminator(bb), i);
}

static bool build_preds(mc_translator *t, LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (unsigned i = 0, n = nsucc(bb); i < n; i++) {
      LLVMBasicBlockRef s = succ(bb, i);
      sym_blocks *p = sym_ptrmap_get(&t->preds, s);
      if (!p) {
        if (!(p = mc_alloc(t->a, sizeof *p)) || !sym_ptrmap_put(t->a, &t->preds, s, p))
          return false;
      }
      bool dup = false;
      for (unsigned j = 0; j < p->n; j++)
        dup = dup || p->v[j] == bb;
      if (dup)
        continue;
      LLVMBasicBlockRef *v = mc_alloc(t->a, (p->n + 1) * sizeof *v);
      if (!v)
        return false;
      if (p->n)
        memcpy(v, p->v, p->n * sizeof *v);
      v[p->n++] = bb;
      p->v = v;
    }
  return true;
}

static bool add_back_edge(mc_translator *t, LLVMBasicBlockRef latch,
                          LLVMBasicBlockRef header) {
  sym_loop *l = sym_loop_of_header(t, header);
  if (!l) {
    l = mc_alloc(t->a, sizeof *l);
    sym_loop **v = mc_alloc(t->a, (t->nloops + 1) * sizeof *v);
    if (!l || !v || !sym_ptrmap_put(t->a, &t->headers, header, l))
      return false;
    l->header = header;
    if (!sym_ptrmap_put(t->a, &l->body, header, header))
      return false;
    if (t->nloops)
      memcpy(v, t->loops, t->nloops * sizeof *v);
    v[t->nloops++] = l;
    t->loops = v;
  }
  /* The natural loop of this back edge: what reaches the latch without
   * passing through the header. */
  LLVMBasicBlockRef *work = malloc(sizeof *work * 64);
  unsigned n = 0, cap = 64;
  bool ok = work != NULL;
  if (ok && !sym_ptrmap_has(&l->body, latch)) {
    ok = sym_ptrmap_put(t->a, &l->body, latch, latch);
    work[n++] = latch;
  }
  while (ok && n) {
    LLVMBasicBlockRef b = work[--n];
    const sym_blocks *p = sym_preds(t, b);
    for (unsigned i = 0; ok && i < p->n; i++) {
      if (sym_ptrmap_has(&l->body, p->v[i]))
        continue;
      ok = sym_ptrmap_put(t->a, &l->body, p->v[i], p->v[i]);
      if (n == cap) {
        LLVMBasicBlockRef *w = realloc(work, 2 * cap * sizeof *w);
        ok = ok && w;
        if (w) {
          work = w;
          cap *= 2;
        }
      }
      if (ok)
        work[n++] = p->v[i];
    }
  }
  free(work);
  return ok;
}

/* Iterative depth-first search; an edge to a block still on the stack is a
 * back edge. */
static bool find_loops(mc_translator *t, LLVMValueRef fn) {
  LLVMBasicBlockRef entry = LLVMGetFirstBasicBlock(fn);
  if (!entry)
    return true;
  enum { ON_STACK = 1, DONE = 2 };
  sym_ptrmap state = {0};
  typedef struct {
    LLVMBasicBlockRef bb;
    unsigned next;
  } frame;
  unsigned cap = 64, n = 0;
  frame *st = malloc(cap * sizeof *st);
  bool ok = st && sym_ptrmap_put(t->a, &state, entry, (void *)(uintptr_t)ON_STACK);
  if (ok)
    st[n++] = (frame){entry, 0};
  while (ok && n) {
    frame *f = &st[n - 1];
    if (f->next >= nsucc(f->bb)) {
      ok = sym_ptrmap_put(t->a, &state, f->bb, (void *)(uintptr_t)DONE);
      n--;
      continue;
    }
    LLVMBasicBlockRef s = succ(f->bb, f->next++);
    uintptr_t st_s = (uintptr_t)sym_ptrmap_get(&state, s);
    if (st_s == ON_STACK) {
      ok = add_back_edge(t, f->bb, s);
    } else if (!st_s) {
      if (n == cap) {
        frame *g = realloc(st, 2 * cap * sizeof *g);
        if (!g) {
          ok = false;
          break;
        }
        st = g;
        cap *= 2;
      }
      ok = sym_ptrmap_put(t->a, &state, s, (void *)(uintptr_t)ON_STACK);
      st[n++] = (frame){s, 0};
    }
  }
  free(st);
  return ok;
}

mc_translator *mc_translator_new(mc_sym *s, const mc_kernel *k) {
  mc_arena *a = mc_sym_arena(s);
  mc_translator *t = mc_alloc(a, sizeof *t);
  if (!t)
    return NULL;
  t->s = s;
  t->a = a;
  t->k = k;
  LLVMValueRef fn = k ? k->fn : NULL;
  if (fn) {
    t->td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn));
    if (!build_preds(t, fn) || !find_loops(t, fn))
      return NULL;
  }
  return t;
}

mc_sym *mc_translator_sym(const mc_translator *t) { return t->s; }
const mc_kernel *mc_translator_kernel(const mc_translator *t) { return t->k; }

/* ---- Names and locations -------------------------------------------------- */

const char *sym_location(mc_arena *a, LLVMValueRef inst) {
  unsigned line, column;
  if (!inst || !LLVMIsAInstruction(inst) || !mc_shim_source_location(inst, &line, &column))
    return NULL;
  return mc_sprintf(a, "%u:%u", line, column);
}

const char *sym_variable_name(mc_translator *t, LLVMValueRef v, bool *is_unsigned) {
  *is_unsigned = false;
  char *n = mc_shim_variable_name(v, is_unsigned);
  if (n) {
    const char *r = mc_strdup(t->a, n);
    free(n);
    return r;
  }
  /* Without variable info, an IR name such as "i.0" still says "i". */
  size_t len;
  const char *ir = LLVMGetValueName2(v, &len);
  if (!len || !((ir[0] >= 'a' && ir[0] <= 'z') || (ir[0] >= 'A' && ir[0] <= 'Z') ||
                ir[0] == '_'))
    return NULL;
  const char *dot = memchr(ir, '.', len);
  return mc_strndup(t->a, ir, dot ? (size_t)(dot - ir) : len);
}

bool sym_type_is_unsigned(const char *type) {
  if (!type)
    return false;
  if (!strncmp(type, "const ", 6))
    type += 6;
  return !strncmp(type, "unsigned", 8) || !strncmp(type, "uint", 4) ||
         !strncmp(type, "size_t", 6) || !strcmp(type, "bool") ||
         !strncmp(type, "char16_t", 8) || !strncmp(type, "char32_t", 8);
}

/* ---- Loop scope ---------------------------------------------------------- */

typedef struct {
  mc_translator *t;
  LLVMBasicBlockRef bb;
  bool outside;
} scope_check;

static bool check_atom_scope(void *data, const mc_atom *a) {
  scope_check *c = data;
  if (a->kind != MC_ATOM_LOOP || !a->value || !LLVMIsAInstruction(a->value))
    return true;
  sym_loop *l = sym_loop_of_header(c->t, LLVMGetInstructionParent(a->value));
  if (l && !sym_ptrmap_has(&l->body, c->bb)) {
    c->outside = true;
    return false;
  }
  return true;
}

const mc_expr *sym_scope_to_block(mc_translator *t, const mc_expr *e,
                                  LLVMBasicBlockRef bb, LLVMValueRef v) {
  if (!e || !t->nloops || !bb || !mc_expr_mentions(e, 1u << MC_ATOM_LOOP))
    return e;
  scope_check c = {t, bb, false};
  mc_expr_atoms(e, check_atom_scope, &c);
  if (!c.outside)
    return e;
  /* A loop variable seen after its loop: its last value is not in the
   * loop's range (the exit test failed on it). */
  return mc_sym_unknown(t->s, MC_UNKNOWN_EXIT, "value after its loop", e->width, v);
}

/* ---- Phis ------------------------------------------------------------------ */

static bool cond_branch(LLVMBasicBlockRef bb, LLVMValueRef *cond,
                        LLVMBasicBlockRef *yes, LLVMBasicBlockRef *no) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  if (!term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term))
    return false;
  *cond = LLVMGetCondition(term);
  *yes = LLVMGetSuccessor(term, 0);
  *no = LLVMGetSuccessor(term, 1);
  return true;
}

static bool jumps_to(LLVMBasicBlockRef bb, LLVMBasicBlockRef target) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  return term && LLVMIsABranchInst(term) && !LLVMIsConditional(term) &&
         LLVMGetSuccessor(term, 0) == target;
}

static LLVMBasicBlockRef single_pred(mc_translator *t, LLVMBasicBlockRef bb) {
  const sym_blocks *p = sym_preds(t, bb);
  return p->n == 1 ? p->v[0] : NULL;
}

bool sym_phi_condition(mc_translator *t, LLVMValueRef phi, LLVMValueRef *cond,
                       unsigned *when_true) {
  if (LLVMCountIncoming(phi) != 2)
    return false;
  LLVMBasicBlockRef b = LLVMGetInstructionParent(phi);
  LLVMBasicBlockRef p[2] = {LLVMGetIncomingBlock(phi, 0), LLVMGetIncomingBlock(phi, 1)};
  if (p[0] == p[1] || sym_preds(t, b)->n != 2)
    return false;
  LLVMValueRef c;
  LLVMBasicBlockRef yes, no;
  /* if-then: p[i] branches to b and to p[1-i], which falls through to b. */
  for (unsigned i = 0; i < 2; i++) {
    LLVMBasicBlockRef other = p[1 - i];
    if (cond_branch(p[i], &c, &yes, &no) && single_pred(t, other) == p[i] &&
        jumps_to(other, b) &&
        ((yes == b && no == other) || (yes == other && no == b))) {
      *cond = c;
      *when_true = yes == b ? i : 1 - i;
      return true;
    }
  }
  /* if-then-else: both come from one branch and fall through to b. */
  LLVMBasicBlockRef d = single_pred(t, p[0]);
  if (d && d == single_pred(t, p[1]) && jumps_to(p[0], b) && jumps_to(p[1], b) &&
      cond_branch(d, &c, &yes, &no) &&
      ((yes == p[0] && no == p[1]) || (yes == p[1] && no == p[0]))) {
    *cond = c;
    *when_true = yes == p[0] ? 0 : 1;
    return true;
  }
  return false;
}

const mc_expr *sym_decision_cond(mc_translator *t, const mc_decision *d) {
  const mc_expr *v = mc_translate(t, d->value);
  if (d->kind == MC_DECIDE_BRANCH || !v)
    return v;
  return mc_expr_cmp(t->s, MC_CMP_EQ, v, mc_expr_const(t->s, v->width, d->case_value));
}

/* A phi's decision (kernels.h) as selects; seen: the nodes done (a DAG). */
static const mc_expr *translate_decision(mc_translator *t, const mc_decision *d,
                                         sym_ptrmap *seen) {
  const mc_expr *e = sym_ptrmap_get(seen, d);
  if (e)
    return e;
  if (d->kind == MC_DECIDE_LEAF)
    e = mc_translate(t, d->value);
  else
    e = mc_expr_select(t->s, sym_decision_cond(t, d), translate_decision(t, d->yes, seen),
                       translate_decision(t, d->no, seen));
  return e && sym_ptrmap_put(t->a, seen, d, (void *)e) ? e : NULL;
}

/* Is the branch from `from` to `to` taken only where a == v, v an
 * incoming value of phi that translates to b (an `==` taken, a `!=` not)?
 * Values, not their translations, are compared: nothing is translated
 * that the kernel would not. */
static bool equal_on(LLVMBasicBlockRef from, LLVMBasicBlockRef to, LLVMValueRef a,
                     LLVMValueRef phi, const mc_expr *const *in, const mc_expr *b) {
  LLVMValueRef c;
  LLVMBasicBlockRef yes, no;
  if (!cond_branch(from, &c, &yes, &no) || yes == no || !LLVMIsAICmpInst(c))
    return false;
  LLVMIntPredicate p = LLVMGetICmpPredicate(c);
  if (!((p == LLVMIntEQ && yes == to) || (p == LLVMIntNE && no == to)))
    return false;
  for (unsigned k = 0; k < 2; k++) {
    if (LLVMGetOperand(c, k) != a)
      continue;
    LLVMValueRef other = LLVMGetOperand(c, 1 - k);
    for (unsigned j = 0; j < LLVMCountIncoming(phi); j++)
      if (in[j] == b && LLVMGetIncomingValue(phi, j) == other)
        return true;
  }
  return false;
}

/* Is incoming value i of phi, whose translations are in[], the value b
 * where it comes in? GVN puts c for x where a branch on x == c was taken:
 * after `if (t == 0) atomicAdd(...)` t's phi has 0 from that block. So
 * where its block is left to the phi's on such an edge, or entered
 * (through single predecessors, at most a few) only on one. */
static bool same_on_edge(mc_translator *t, LLVMValueRef phi, unsigned i,
                         const mc_expr *const *in, const mc_expr *b) {
  LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
  LLVMValueRef a = LLVMGetIncomingValue(phi, i);
  if (equal_on(from, LLVMGetInstructionParent(phi), a, phi, in, b))
    return true;
  for (unsigned step = 0; step < 8; step++) {
    LLVMBasicBlockRef p = single_pred(t, from);
    if (!p)
      return false;
    if (equal_on(p, from, a, phi, in, b))
      return true;
    from = p;
  }
  return false;
}

/* One of the translations in[0..n) of phi's incoming values that every
 * other is equal to on its edge (same_on_edge), or NULL. */
static const mc_expr *one_value(mc_translator *t, LLVMValueRef phi, const mc_expr *const *in,
                                unsigned n) {
  for (unsigned k = 0; k < n; k++) {
    bool all = true;
    for (unsigned i = 0; i < n && all; i++)
      all = in[i] == in[k] || same_on_edge(t, phi, i, in, in[k]);
    if (all)
      return in[k];
  }
  return NULL;
}

static const mc_expr *translate_phi(mc_translator *t, LLVMValueRef phi, unsigned w) {
  mc_sym *s = t->s;
  if (sym_loop_of_header(t, LLVMGetInstructionParent(phi))) {
    bool is_unsigned;
    const char *name = sym_variable_name(t, phi, &is_unsigned);
    return mc_sym_loop_var(s, phi, name, w, !is_unsigned);
  }
  unsigned n = LLVMCountIncoming(phi);
  const mc_expr *first = NULL;
  bool same = true;
  const mc_expr **in = mc_alloc(t->a, (n + 1) * sizeof *in);
  if (!in)
    return NULL;
  for (unsigned i = 0; i < n; i++) {
    const mc_expr *e = mc_translate(t, LLVMGetIncomingValue(phi, i));
    if (!e)
      return NULL;
    /* An exit of a loop (LCSSA): the loop's value after it. */
    const mc_expr *scoped = sym_scope_to_block(t, e, LLVMGetInstructionParent(phi), phi);
    if (scoped != e)
      return scoped;
    in[i] = e;
    if (!first)
      first = e;
    same = same && e == first;
  }
  if (first && same)
    return first;
  const mc_expr *one = n <= 8 ? one_value(t, phi, in, n) : NULL;
  if (one)
    return one;
  LLVMValueRef cond;
  unsigned yes;
  if (n == 2 && sym_phi_condition(t, phi, &cond, &yes)) {
    const mc_expr *c = mc_translate(t, cond);
    if (!c)
      return NULL;
    return mc_expr_select(s, c, in[yes], in[1 - yes]);
  }
  bool oom;
  const mc_decision *d = mc_phi_decision(t->a, phi, &oom);
  sym_ptrmap seen = {0};
  if (d)
    return translate_decision(t, d, &seen);
  return oom ? NULL : mc_sym_unknown(s, MC_UNKNOWN_JOIN, "values joined from several paths", w, phi);
}

/* ---- Calls ------------------------------------------------------------------ */

static const mc_expr *special_register(mc_translator *t, const char *r, unsigned w,
                                       LLVMValueRef call) {
  static const struct {
    const char *name;
    mc_atom_kind kind;
  } regs[] = {{"tid.", MC_ATOM_TID},     {"ctaid.", MC_ATOM_BID},
              {"ntid.", MC_ATOM_BDIM},   {"nctaid.", MC_ATOM_GDIM}};
  const mc_expr *e = NULL;
  for (unsigned i = 0; i < sizeof regs / sizeof regs[0] && !e; i++) {
    size_t n = strlen(regs[i].name);
    if (!strncmp(r, regs[i].name, n) && r[n] >= 'x' && r[n] <= 'z' && !r[n + 1])
      e = mc_sym_builtin(t->s, regs[i].kind, (unsigned)(r[n] - 'x'));
  }
  if (!e && !strcmp(r, "laneid"))
    e = mc_sym_builtin(t->s, MC_ATOM_LANE, 0);
  if (!e && !strcmp(r, "warpid"))
    e = mc_sym_builtin(t->s, MC_ATOM_WARPID, 0);
  if (!e && !strcmp(r, "warpsize"))
    e = mc_sym_builtin(t->s, MC_ATOM_WARPSIZE, 0);
  if (e)
    return mc_expr_resize(t->s, e, w, false);
  return mc_sym_unknown(t->s, MC_UNKNOWN_REGISTER,
                        mc_sprintf(t->a, "special register %%%s", r), w, call);
}

static const mc_expr *arg(mc_translator *t, LLVMValueRef call, unsigned i) {
  return mc_translate(t, LLVMGetOperand(call, i));
}

static const char *load_detail(mc_translator *t, LLVMValueRef ptr, const char *what);

static const mc_expr *translate_call(mc_translator *t, LLVMValueRef call, unsigned w) {
  mc_sym *s = t->s;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (callee && LLVMIsAInlineAsm(callee))
    return mc_sym_unknown(s, MC_UNKNOWN_ASM, "inline assembly", w, call);
  if (!callee || !LLVMIsAFunction(callee))
    return mc_sym_unknown(s, MC_UNKNOWN_CALL, "indirect call", w, call);
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  static const char sreg[] = "llvm.nvvm.read.ptx.sreg.";
  if (!strncmp(name, sreg, sizeof sreg - 1))
    return special_register(t, name + sizeof sreg - 1, w, call);
  static const struct {
    const char *prefix;
    mc_expr_op op;
  } minmax[] = {{"llvm.smin.", MC_EXPR_SMIN}, {"llvm.smax.", MC_EXPR_SMAX},
                {"llvm.umin.", MC_EXPR_UMIN}, {"llvm.umax.", MC_EXPR_UMAX}};
  for (unsigned i = 0; i < 4; i++)
    if (!strncmp(name, minmax[i].prefix, strlen(minmax[i].prefix)))
      return mc_expr_binary(s, minmax[i].op, arg(t, call, 0), arg(t, call, 1), 0);
  if (!strncmp(name, "llvm.abs.", 9)) {
    const mc_expr *x = arg(t, call, 0);
    const mc_expr *zero = x ? mc_expr_const(s, x->width, 0) : NULL;
    return mc_expr_select(s, mc_expr_cmp(s, MC_CMP_SLT, x, zero), mc_expr_neg(s, x), x);
  }
  if (!strncmp(name, "llvm.expect.", 12) || !strncmp(name, "llvm.ssa.copy.", 14))
    return arg(t, call, 0);
  if (!strncmp(name, "llvm.nvvm.atomic.", 17)) /* atomicAdd_block and the like */
    return mc_sym_unknown(s, MC_UNKNOWN_ATOMIC,
                          load_detail(t, LLVMGetOperand(call, 0), "atomic on"), w, call);
  char *fn = mc_shim_function_name(callee);
  const char *what = mc_sprintf(t->a, "call to %s", fn ? fn : name);
  free(fn);
  return mc_sym_unknown(s, MC_UNKNOWN_CALL, what, w, call);
}

/* ---- Instructions ---------------------------------------------------------- */

static unsigned wrap_flags(LLVMValueRef inst) {
  return (LLVMGetNSW(inst) ? MC_NSW : 0) | (LLVMGetNUW(inst) ? MC_NUW : 0);
}

static mc_cmp cmp_of(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return MC_CMP_EQ;
  case LLVMIntNE: return MC_CMP_NE;
  case LLVMIntUGT: return MC_CMP_UGT;
  case LLVMIntUGE: return MC_CMP_UGE;
  case LLVMIntULT: return MC_CMP_ULT;
  case LLVMIntULE: return MC_CMP_ULE;
  case LLVMIntSGT: return MC_CMP_SGT;
  case LLVMIntSGE: return MC_CMP_SGE;
  case LLVMIntSLT: return MC_CMP_SLT;
  case LLVMIntSLE: return MC_CMP_SLE;
  }
  return MC_CMP_EQ;
}

/* Pointers into one region compare as their offsets. */
static const mc_expr *pointer_cmp(mc_translator *t, LLVMValueRef inst) {
  mc_base_kind b[2];
  int arr[2];
  const char *why;
  const mc_expr *off[2];
  for (unsigned i = 0; i < 2; i++)
    if (!mc_pointer_base(t, LLVMGetOperand(inst, i), &b[i], &arr[i], &why, &off[i]))
      return NULL;
  bool same = b[0] == MC_BASE_ARRAY && b[1] == MC_BASE_ARRAY && t->k &&
              (arr[0] == arr[1] ||
               (t->k->arrays[arr[0]].kind == MC_ARRAY_EXTERN_SHARED &&
                t->k->arrays[arr[1]].kind == MC_ARRAY_EXTERN_SHARED));
  if (!same)
    return mc_sym_unknown(t->s, MC_UNKNOWN_POINTER,
                          "comparison of pointers into different arrays", 1, inst);
  return mc_expr_cmp(t->s, cmp_of(LLVMGetICmpPredicate(inst)), off[0], off[1]);
}

static const char *load_detail(mc_translator *t, LLVMValueRef ptr, const char *what) {
  mc_base_kind b;
  int arr;
  const char *why;
  const mc_expr *off;
  if (t->k && mc_pointer_base(t, ptr, &b, &arr, &why, &off) && b == MC_BASE_ARRAY)
    return mc_sprintf(t->a, "%s %s", what, t->k->arrays[arr].name);
  return what;
}

static const mc_expr *translate_inst(mc_translator *t, LLVMValueRef v, unsigned w) {
  mc_sym *s = t->s;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  switch (op) {
  case LLVMAdd:
    return mc_expr_add(s, mc_translate(t, LLVMGetOperand(v, 0)),
                       mc_translate(t, LLVMGetOperand(v, 1)), wrap_flags(v));
  case LLVMSub:
    return mc_expr_sub(s, mc_translate(t, LLVMGetOperand(v, 0)),
                       mc_translate(t, LLVMGetOperand(v, 1)), wrap_flags(v));
  case LLVMMul:
    return mc_expr_mul(s, mc_translate(t, LLVMGetOperand(v, 0)),
                       mc_translate(t, LLVMGetOperand(v, 1)), wrap_flags(v));
  case LLVMOr:
    if (LLVMGetIsDisjoint(v)) /* no common bits: no carries */
      return mc_expr_add(s, mc_translate(t, LLVMGetOperand(v, 0)),
                         mc_translate(t, LLVMGetOperand(v, 1)), MC_NSW | MC_NUW);
    /* fall through */
  case LLVMShl:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMXor: {
    static const struct {
      LLVMOpcode op;
      mc_expr_op e;
    } ops[] = {{LLVMShl, MC_EXPR_SHL},   {LLVMUDiv, MC_EXPR_UDIV}, {LLVMSDiv, MC_EXPR_SDIV},
               {LLVMURem, MC_EXPR_UREM}, {LLVMSRem, MC_EXPR_SREM}, {LLVMLShr, MC_EXPR_LSHR},
               {LLVMAShr, MC_EXPR_ASHR}, {LLVMAnd, MC_EXPR_AND},   {LLVMOr, MC_EXPR_OR},
               {LLVMXor, MC_EXPR_XOR}};
    mc_expr_op e = MC_EXPR_AND;
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
      if (ops[i].op == op)
        e = ops[i].e;
    return mc_expr_binary(s, e, mc_translate(t, LLVMGetOperand(v, 0)),
                          mc_translate(t, LLVMGetOperand(v, 1)),
                          op == LLVMShl ? wrap_flags(v) : 0);
  }
  case LLVMICmp:
    if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(v, 0))) == LLVMPointerTypeKind)
      return pointer_cmp(t, v);
    return mc_expr_cmp(s, cmp_of(LLVMGetICmpPredicate(v)),
                       mc_translate(t, LLVMGetOperand(v, 0)),
                       mc_translate(t, LLVMGetOperand(v, 1)));
  case LLVMSelect:
    return mc_expr_select(s, mc_translate(t, LLVMGetOperand(v, 0)),
                          mc_translate(t, LLVMGetOperand(v, 1)),
                          mc_translate(t, LLVMGetOperand(v, 2)));
  case LLVMZExt:
    return mc_expr_cast(s, MC_EXPR_ZEXT, mc_translate(t, LLVMGetOperand(v, 0)), w);
  case LLVMSExt:
    return mc_expr_cast(s, MC_EXPR_SEXT, mc_translate(t, LLVMGetOperand(v, 0)), w);
  case LLVMTrunc:
    return mc_expr_cast(s, MC_EXPR_TRUNC, mc_translate(t, LLVMGetOperand(v, 0)), w);
  case LLVMFreeze:
    return mc_translate(t, LLVMGetOperand(v, 0));
  case LLVMPHI:
    return translate_phi(t, v, w);
  case LLVMCall:
    return translate_call(t, v, w);
  case LLVMLoad:
    return mc_sym_unknown(s, MC_UNKNOWN_LOAD, load_detail(t, LLVMGetOperand(v, 0), "load of"),
                          w, v);
  case LLVMAtomicRMW:
    return mc_sym_unknown(s, MC_UNKNOWN_ATOMIC,
                          load_detail(t, LLVMGetOperand(v, 0), "atomic on"), w, v);
  case LLVMExtractValue: {
    LLVMValueRef agg = LLVMGetOperand(v, 0);
    if (LLVMIsAAtomicCmpXchgInst(agg))
      return mc_sym_unknown(s, MC_UNKNOWN_ATOMIC,
                            load_detail(t, LLVMGetOperand(agg, 0), "compare-and-swap on"),
                            w, v);
    return mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, "extractvalue", w, v);
  }
  case LLVMPtrToInt:
    return mc_sym_unknown(s, MC_UNKNOWN_POINTER, "address as an integer", w, v);
  case LLVMFPToSI:
  case LLVMFPToUI:
  case LLVMBitCast:
    return mc_sym_unknown(s, MC_UNKNOWN_FLOAT, "converted from floating point", w, v);
  default: {
    const char *what = LLVMIsAExtractElementInst(v) ? "extractelement" : "instruction";
    return mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, what, w, v);
  }
  }
}

static const mc_expr *translate_value(mc_translator *t, LLVMValueRef v, unsigned w) {
  mc_sym *s = t->s;
  if (LLVMIsAConstantInt(v))
    return mc_expr_const(s, w, LLVMConstIntGetSExtValue(v));
  if (LLVMIsAArgument(v)) {
    const mc_param *p = t->k ? mc_kernel_param(t->k, v) : NULL;
    if (p)
      return mc_sym_param(s, (int)(p - t->k->params), p->name, w,
                          !sym_type_is_unsigned(p->type), v);
    return mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, "argument of another function", w, v);
  }
  if (LLVMIsAInstruction(v)) {
    const mc_expr *e = translate_inst(t, v, w);
    /* Values shared many times over (chains of selects) make trees that
     * every later walk would pay for: past a size, an unknown. */
    if (e && e->size > MAX_TREE)
      return mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, "expression too large", w, v);
    return sym_scope_to_block(t, e, LLVMGetInstructionParent(v), v);
  }
  if (LLVMIsAConstantExpr(v))
    return mc_sym_unknown(s, MC_UNKNOWN_POINTER, "constant expression", w, v);
  return mc_sym_unknown(s, MC_UNKNOWN_UNSUPPORTED, "value", w, v);
}

const mc_expr *mc_translate(mc_translator *t, LLVMValueRef v) {
  if (!t || !v)
    return NULL;
  LLVMTypeRef ty = LLVMTypeOf(v);
  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind)
    return NULL;
  unsigned w = LLVMGetIntTypeWidth(ty);
  if (w < 1 || w > 64)
    return NULL;
  if (LLVMIsUndef(v) || LLVMIsPoison(v)) /* each use may differ: not memoised */
    return mc_sym_unknown(t->s, MC_UNKNOWN_UNDEF, "undef", w, NULL);
  const mc_expr *done = sym_ptrmap_get(&t->values, v);
  if (done == IN_PROGRESS) /* a cycle that is not a loop header's phi */
    return mc_sym_unknown(t->s, MC_UNKNOWN_JOIN, "value of a cycle", w, NULL);
  if (done)
    return done;
  if (!sym_ptrmap_put(t->a, &t->values, v, (void *)IN_PROGRESS))
    return NULL;
  const mc_expr *e = translate_value(t, v, w);
  if (!e || !sym_ptrmap_put(t->a, &t->values, v, (void *)e))
    return NULL;
  return e;
}

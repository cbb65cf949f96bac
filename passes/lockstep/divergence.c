/* divergence.c - barriers and barrier divergence (seed 003, B1/B2).
 *
 * In lock-step form a barrier in block B is `barrier (pred(B))`, and it
 * diverges when pred(B) holds for some threads of its scope and not others
 * at one instance: the barrier is fine exactly when its predicate is
 * uniform at the barrier's scope (block for __syncthreads and its _count/
 * _and/_or forms and cooperative-groups block sync, warp for __syncwarp).
 * Loop predicates carry ACTIVE atoms, so a barrier in a loop whose threads
 * leave at different iterations diverges too (B2).
 *
 * Soundness first: a predicate not proven uniform is reported with the
 * reason it may not be. A counted barrier (bar.sync id, count) is a whole
 * block barrier only when the count provably equals the block size; else
 * the kernel is inconclusive. An arrive does not wait and is no barrier.
 * __syncwarp(mask) under a lane-dependent branch is fine when evaluation
 * over the lanes shows that the mask names exactly the lanes that reach it.
 */
#include "lockstep_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- Kinds and names ---------------------------------------------------- */

static bool has(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  for (size_t i = 0; i + m <= n; i++)
    if (!memcmp(s + i, w, m))
      return true;
  return false;
}

/* Commas in the instruction that starts at `w` in s, up to its ';'. */
static unsigned operand_commas(const char *s, size_t n, const char *w) {
  size_t m = strlen(w);
  for (size_t i = 0; i + m <= n; i++)
    if (!memcmp(s + i, w, m)) {
      unsigned commas = 0;
      for (size_t j = i + m; j < n && s[j] != ';' && s[j] != '\n'; j++)
        commas += s[j] == ',';
      return commas;
    }
  return 0;
}

/* Barriers written in inline assembly (bar.sync 1, 64;) are barriers too. */
static mc_barrier_kind asm_barrier_kind(LLVMValueRef callee) {
  size_t n = 0;
  const char *s = LLVMGetInlineAsmAsmString(callee, &n);
  if (!s)
    return MC_BARRIER_NONE;
  if (has(s, n, "bar.warp.sync"))
    return MC_BARRIER_WARP;
  if (has(s, n, "arrive"))
    return MC_BARRIER_ARRIVE;
  static const char *const sync[] = {"barrier.cta.sync", "bar.cta.sync", "barrier.sync", "bar.sync"};
  for (unsigned i = 0; i < sizeof sync / sizeof *sync; i++)
    if (has(s, n, sync[i]))
      return operand_commas(s, n, sync[i]) ? MC_BARRIER_BLOCK_COUNT : MC_BARRIER_BLOCK;
  static const char *const red[] = {"barrier.cta.red", "bar.cta.red", "barrier.red", "bar.red"};
  for (unsigned i = 0; i < sizeof red / sizeof *red; i++)
    if (has(s, n, red[i]))
      return operand_commas(s, n, red[i]) >= 3 ? MC_BARRIER_BLOCK_COUNT : MC_BARRIER_BLOCK;
  return MC_BARRIER_NONE;
}

static mc_barrier_kind barrier_kind(LLVMValueRef in, LLVMValueRef *operand, bool *is_asm) {
  *operand = NULL;
  *is_asm = false;
  if (!LLVMIsACallInst(in))
    return MC_BARRIER_NONE;
  LLVMValueRef callee = LLVMGetCalledValue(in);
  if (callee && LLVMIsAInlineAsm(callee)) {
    *is_asm = true;
    return asm_barrier_kind(callee);
  }
  return mc_shim_barrier_kind(in, operand);
}

/* The source spelling of a barrier intrinsic (passes/plugin/Compat.h has
 * the names of both LLVM versions). */
static const char *barrier_name(LLVMValueRef in, mc_barrier_kind kind, bool is_asm) {
  if (is_asm)
    return kind == MC_BARRIER_WARP ? "bar.warp.sync (inline assembly)"
           : kind == MC_BARRIER_ARRIVE ? "bar.arrive (inline assembly)"
                                       : "bar.sync (inline assembly)";
  const char *n = ls_callee_name(in);
  if (!n)
    return "barrier";
  size_t len = strlen(n);
  if (kind == MC_BARRIER_WARP)
    return "__syncwarp()";
  if (kind == MC_BARRIER_ARRIVE)
    return "barrier.arrive";
  if (has(n, len, "popc"))
    return "__syncthreads_count()";
  if (has(n, len, ".and"))
    return "__syncthreads_and()";
  if (has(n, len, ".or"))
    return "__syncthreads_or()";
  if (kind == MC_BARRIER_BLOCK_COUNT)
    return "barrier.sync(id, count)";
  if (!strcmp(n, "llvm.nvvm.barrier.cta.sync.all") || !strcmp(n, "llvm.nvvm.barrier.sync"))
    return "barrier.sync (cooperative groups' block sync)";
  return "__syncthreads()";
}

const char *ls_barrier_function(LLVMValueRef call) {
  LLVMValueRef operand;
  bool is_asm;
  mc_barrier_kind kind = barrier_kind(call, &operand, &is_asm);
  if (kind == MC_BARRIER_NONE || is_asm)
    return NULL;
  const char *n = barrier_name(call, kind, false);
  const char *paren = strstr(n, "()");
  return paren && !paren[2] ? n : NULL;
}

/* ---- Counted barriers -------------------------------------------------------- */

static LLVMValueRef strip_casts(LLVMValueRef v) {
  while (v && LLVMIsAInstruction(v) &&
         (LLVMGetInstructionOpcode(v) == LLVMZExt || LLVMGetInstructionOpcode(v) == LLVMTrunc ||
          LLVMGetInstructionOpcode(v) == LLVMSExt))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* Factors of a product: blockDim reads counted per dimension; false when
 * anything else is a factor (a constant other than 1). */
static bool ntid_factors(LLVMValueRef v, unsigned count[3], int depth) {
  v = strip_casts(v);
  if (!v || depth > 8)
    return false;
  if (LLVMIsAConstantInt(v))
    return LLVMConstIntGetZExtValue(v) == 1;
  const char *s = ls_sreg_name(v);
  if (s && !strncmp(s, "blockDim.", 9)) {
    count[s[9] - 'x']++;
    return true;
  }
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMMul)
    return ntid_factors(LLVMGetOperand(v, 0), count, depth + 1) &&
           ntid_factors(LLVMGetOperand(v, 1), count, depth + 1);
  return false;
}

typedef struct {
  const ls_expr *e;
  bool ok, same;
  uint64_t first;
  unsigned seen;
} count_ctx;

static bool visit_count(const ls_thread *t, void *p) {
  count_ctx *c = p;
  uint64_t v;
  if (!ls_expr_eval(c->e, t, &v)) {
    c->ok = false;
    return false;
  }
  if (c->seen++ == 0)
    c->first = v;
  c->same &= v == c->first;
  return true;
}

static bool count_is_block_size(ls_build *b, LLVMValueRef count) {
  const mc_lockstep *ls = b->ls;
  if (!count)
    return false;
  const unsigned *d = ls->block_dim;
  if (d[0]) {
    ls_expr *e = ls_expr_compile(b->a, count, d);
    if (!e)
      return false;
    count_ctx c = {e, true, true, 0, 0};
    ls_for_each_thread(d, ls->warp_size, visit_count, &c);
    return c.ok && c.same && c.seen && c.first == (uint64_t)d[0] * d[1] * d[2];
  }
  unsigned n[3] = {0, 0, 0};
  if (!ntid_factors(count, n, 0))
    return false;
  /* The count must be ntid.x * ntid.y * ntid.z. __launch_bounds__ (maxntid)
   * bounds only the product, so it fixes no dimension to 1; an exact block
   * size (reqntid, -mapcost-block-dim) was handled above. */
  for (int i = 0; i < 3; i++)
    if (n[i] != 1)
      return false;
  return true;
}

/* ---- __syncwarp masks ------------------------------------------------------- */

enum { MAX_ATOMS = 16 };

typedef struct {
  const mc_pred *atom[MAX_ATOMS];
  ls_expr *cond[MAX_ATOMS];
  unsigned n;
  ls_expr *mask;
  /* the warp being checked: lanes present, lanes reaching the barrier,
   * and each reaching lane's mask */
  uint32_t present, exec, mask_of[32];
  bool ok, failed;
} warp_ctx;

static bool compile_atoms(mc_arena *a, const mc_pred *p, const unsigned *dims, warp_ctx *c) {
  switch (p->kind) {
  case MC_PRED_TRUE: return true;
  case MC_PRED_BRANCH:
    if (!p->cond || c->n == MAX_ATOMS)
      return false;
    c->atom[c->n] = p;
    c->cond[c->n] = ls_expr_compile(a, p->cond, dims);
    return c->cond[c->n++] != NULL;
  case MC_PRED_AND:
  case MC_PRED_OR:
    for (unsigned i = 0; i < p->nops; i++)
      if (!compile_atoms(a, p->ops[i], dims, c))
        return false;
    return true;
  default: return false; /* loop atoms cannot be evaluated */
  }
}

static int eval_pred(const warp_ctx *c, const mc_pred *p, const ls_thread *t) {
  switch (p->kind) {
  case MC_PRED_TRUE: return 1;
  case MC_PRED_BRANCH:
    for (unsigned i = 0; i < c->n; i++)
      if (c->atom[i] == p) {
        uint64_t v;
        if (!ls_expr_eval(c->cond[i], t, &v))
          return -1;
        bool r;
        if (!p->is_switch) {
          r = v & 1;
        } else {
          r = false;
          for (unsigned k = 0; k < p->ncases; k++)
            r |= v == (uint64_t)p->cases[k];
        }
        return r != p->negated;
      }
    return -1;
  case MC_PRED_AND:
  case MC_PRED_OR: {
    bool is_and = p->kind == MC_PRED_AND;
    for (unsigned i = 0; i < p->nops; i++) {
      int r = eval_pred(c, p->ops[i], t);
      if (r < 0)
        return -1;
      if (r != is_and)
        return r;
    }
    return is_and;
  }
  default: return -1;
  }
}

typedef struct {
  warp_ctx *w;
  const mc_pred *pred;
} warp_visit;

/* A warp is fine when every lane that reaches __syncwarp names itself and
 * no lane of the warp that does not reach it. */
static void close_warp(warp_ctx *c) {
  for (unsigned l = 0; l < 32; l++) {
    if (!(c->exec >> l & 1))
      continue;
    uint32_t m = c->mask_of[l];
    if (!(m >> l & 1) || (m & c->present & ~c->exec))
      c->ok = false;
  }
  c->exec = c->present = 0;
}

static bool visit_warp(const ls_thread *t, void *p) {
  warp_visit *v = p;
  warp_ctx *c = v->w;
  if (t->lane == 0 && c->present)
    close_warp(c);
  int r = eval_pred(c, v->pred, t);
  uint64_t m;
  if (r < 0 || t->lane >= 32 || !ls_expr_eval(c->mask, t, &m)) {
    c->failed = true;
    return false;
  }
  c->present |= 1u << t->lane;
  if (r) {
    c->exec |= 1u << t->lane;
    c->mask_of[t->lane] = (uint32_t)m;
  }
  return true;
}

static bool warp_mask_ok(ls_build *b, const mc_pred *pred, LLVMValueRef mask) {
  const mc_lockstep *ls = b->ls;
  const unsigned *dims = ls->block_dim[0] ? ls->block_dim : NULL;
  if (!mask || ls->warp_size != 32)
    return false;
  warp_ctx *c = mc_alloc(b->a, sizeof *c);
  if (!c || !compile_atoms(b->a, pred, dims, c) ||
      !(c->mask = ls_expr_compile(b->a, mask, dims)))
    return false;
  c->ok = true;
  warp_visit v = {c, pred};
  ls_for_each_thread(dims, ls->warp_size, visit_warp, &v);
  if (c->present)
    close_warp(c);
  return c->ok && !c->failed;
}

/* ---- Verdicts ------------------------------------------------------------------ */

/* The first atom of p less uniform than the scope allows. */
static const mc_pred *divergent_atom(const mc_lockstep *ls, const mc_pred *p,
                                     mc_uniformity scope) {
  if (p->kind == MC_PRED_AND || p->kind == MC_PRED_OR) {
    for (unsigned i = 0; i < p->nops; i++) {
      const mc_pred *q = divergent_atom(ls, p->ops[i], scope);
      if (q)
        return q;
    }
    return NULL;
  }
  return mc_ls_pred_uniformity(ls, p) > scope ? p : NULL;
}

static const char *scope_words(mc_uniformity scope) {
  return scope == MC_UNIFORM_WARP ? "the threads of a warp" : "the threads of a block";
}

static const char *divergence_reason(ls_build *b, const mc_pred *pred, mc_uniformity scope) {
  const mc_lockstep *ls = b->ls;
  const mc_ls_values *v = ls->values;
  const mc_pred *q = divergent_atom(ls, pred, scope);
  if (!q)
    return "the condition may differ between threads";
  if (q->kind == MC_PRED_BRANCH) {
    const char *cause = ls_cause_text(b->a, ls, &v->dec_cause[q->block]);
    const char *cond = q->cond ? mc_ls_value_text(b->a, ls, q->cond) : "an unknown branch";
    return mc_sprintf(b->a, "%s may differ between %s: it depends on %s", cond,
                      scope_words(scope), cause);
  }
  unsigned l = q->loop, d = v->loop_cause_block[l];
  const char *why = d == LS_NONE ? ""
                    : mc_sprintf(b->a, ": its exit depends on %s",
                                 ls_cause_text(b->a, ls, &v->dec_cause[d]));
  return mc_sprintf(b->a, "%s may leave %s at different iterations%s",
                    scope_words(scope), ls_loop_text(b->a, ls, l), why);
}

/* Where the user wrote the barrier: a __syncthreads_count or __syncwarp
 * from a header is reported at its call in the kernel's source. */
static void locate(mc_arena *a, mc_ls_barrier *br) {
  mc_shim_hoist_location(br->call);
  unsigned len = 0;
  const char *file = LLVMGetDebugLocFilename(br->call, &len);
  br->line = LLVMGetDebugLocLine(br->call);
  br->column = LLVMGetDebugLocColumn(br->call);
  br->file = file && len && br->line ? mc_strndup(a, file, len) : NULL;
}

static void judge(ls_build *b, mc_ls_barrier *br) {
  const mc_lockstep *ls = b->ls;
  const mc_ls_block *blk = &ls->blocks[br->block];
  mc_uniformity lvl = blk->pred_uniformity;
  br->scope = br->kind == MC_BARRIER_WARP ? MC_UNIFORM_WARP : MC_UNIFORM_BLOCK;
  br->condition = mc_ls_pred_text(b->a, ls, blk->pred);
  switch (br->kind) {
  case MC_BARRIER_ARRIVE:
    br->verdict = MC_LS_BARRIER_NOT_A_BARRIER;
    return;
  case MC_BARRIER_BLOCK_COUNT:
    if (!count_is_block_size(b, br->operand)) {
      br->verdict = MC_LS_BARRIER_INCONCLUSIVE;
      br->reason = br->operand
          ? mc_sprintf(b->a, "%s waits for %s threads, which is not provably the "
                             "block size: a partial barrier",
                       br->name, mc_ls_value_text(b->a, ls, br->operand))
          : mc_sprintf(b->a, "%s waits for a thread count that is not provably "
                             "the block size: a partial barrier", br->name);
      return;
    }
    break;
  case MC_BARRIER_WARP:
    if (lvl > MC_UNIFORM_WARP && warp_mask_ok(b, blk->pred, br->operand))
      lvl = MC_UNIFORM_WARP;
    break;
  default: break;
  }
  if (lvl <= br->scope) {
    br->verdict = MC_LS_BARRIER_OK;
    return;
  }
  br->verdict = MC_LS_BARRIER_DIVERGENT;
  br->reason = divergence_reason(b, blk->pred, br->scope);
}

/* Calls that cannot hide a barrier: intrinsics (barriers among them are
 * classified above), libdevice, the annotations, printf, malloc, assert. */
static bool barrier_free_callee(const char *n) {
  static const char *const prefixes[] = {"llvm.", "__nv_", "mapcost.", "__mapcost"};
  static const char *const names[] = {"vprintf", "printf", "malloc", "free",
                                      "__assertfail", "__assert_fail"};
  for (unsigned i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (!strncmp(n, prefixes[i], strlen(prefixes[i])))
      return true;
  for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(n, names[i]))
      return true;
  return false;
}

/* The device runtime's calls behind `kernel<<<...>>>` in device code:
 * cudaGetParameterBuffer and cudaLaunchDevice, their __cudaCDP2 forms. */
static bool device_launch(const char *n) {
  return strstr(n, "cudaLaunchDevice") || strstr(n, "GetParameterBuffer");
}

/* A call that is still there after inlining may contain a barrier the
 * analysis cannot see: say so rather than assume it does not. */
static const char *unseen_barrier(ls_build *b, LLVMValueRef in) {
  if (!LLVMIsACallInst(in) && !LLVMIsAInvokeInst(in) && !LLVMIsACallBrInst(in))
    return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(in);
  if (callee && LLVMIsAInlineAsm(callee))
    return NULL; /* asm barriers are classified as barriers */
  const char *w = ls_where(b->a, in);
  const char *at = w ? mc_sprintf(b->a, " at %s", w) : "";
  if (!callee || !LLVMIsAFunction(callee))
    return mc_sprintf(b->a, "an indirect call%s may contain a barrier that is not checked", at);
  size_t n;
  const char *name = LLVMGetValueName2(callee, &n);
  if (barrier_free_callee(name))
    return NULL;
  if (device_launch(name)) {
    unsigned line, col; /* the <<<...>>> line, not the SDK's */
    if (b->k->file && mc_shim_source_location(in, &line, &col))
      at = mc_sprintf(b->a, " at %s:%u", b->k->file, line);
    return mc_sprintf(b->a, "a kernel launch from the device%s (dynamic parallelism): "
                            "the child grid runs alongside this kernel and is not "
                            "analysed", at);
  }
  char *dm = mc_shim_function_name(callee);
  const char *shown = dm ? mc_strdup(b->a, dm) : name;
  free(dm);
  return mc_sprintf(b->a, "the call to %s%s (%s) may contain a barrier that is not checked",
                    shown, at, LLVMIsDeclaration(callee) ? "defined elsewhere" : "not inlined");
}

bool ls_barriers(ls_build *b) {
  mc_lockstep *ls = b->ls;
  unsigned n = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (unsigned x = 0; x < ls->nblocks; x++)
      for (LLVMValueRef in = LLVMGetFirstInstruction(ls->blocks[x].bb); in;
           in = LLVMGetNextInstruction(in)) {
        LLVMValueRef operand;
        bool is_asm;
        mc_barrier_kind kind = barrier_kind(in, &operand, &is_asm);
        if (kind == MC_BARRIER_NONE) {
          if (pass == 1 && !ls->unseen_barriers)
            ls->unseen_barriers = unseen_barrier(b, in);
          continue;
        }
        if (pass == 0) {
          n++;
          continue;
        }
        mc_ls_barrier *br = &ls->barriers[ls->nbarriers++];
        br->call = in;
        br->block = x;
        br->kind = kind;
        br->operand = operand;
        br->name = barrier_name(in, kind, is_asm);
        locate(b->a, br);
        judge(b, br);
      }
    if (pass == 0 && !(ls->barriers = mc_alloc(b->a, (n + 1) * sizeof *ls->barriers)))
      return false;
  }
  return true;
}

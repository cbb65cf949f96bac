/* Unit tests of the lock-step form on hand-written IR (LLVM 19 syntax, which
 * 22 reads too), without the canonicalising pipeline: a loop with two
 * latches and two exits, predicates and their atoms, uniformity queries,
 * warp facts under a concrete block size, barrier verdicts including a
 * counted barrier, the source-terms printer, and an irreducible CFG. */
#include "check.h"
#include "ir.h"
#include "mapcost/kernels.h"
#include "mapcost/lockstep.h"

#include <llvm-c/IRReader.h>
#include <stdlib.h>

static const char *IR =
    "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    /* Two latches (a, b), exits from the header and from b to two places. */
    "define ptx_kernel void @loops(ptr %p, i32 %n) {\n"
    "entry:\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "  br label %head\n"
    "head:\n"
    "  %i = phi i32 [ 0, %entry ], [ %i1, %a ], [ %i2, %b ]\n"
    "  %c = icmp slt i32 %i, %n\n"
    "  br i1 %c, label %body, label %done\n"
    "body:\n"
    "  %odd = and i32 %i, 1\n"
    "  %isodd = icmp eq i32 %odd, 0\n"
    "  br i1 %isodd, label %a, label %b\n"
    "a:\n"
    "  %i1 = add i32 %i, 1\n"
    "  br label %head\n"
    "b:\n"
    "  %i2 = add i32 %i, 3\n"
    "  %stop = icmp eq i32 %i2, %t\n"
    "  br i1 %stop, label %early, label %head\n"
    "early:\n"
    "  call void @llvm.nvvm.barrier0()\n"
    "  br label %done\n"
    "done:\n"
    "  %j = phi i32 [ %i, %head ], [ %i2, %early ]\n"
    "  %w = lshr i32 %t, 5\n"
    "  %bw = add i32 %bid, %w\n"
    "  %uw = icmp eq i32 %w, 0\n"
    "  br i1 %uw, label %warp, label %out\n"
    "warp:\n"
    "  call void @llvm.nvvm.bar.warp.sync(i32 -1)\n"
    "  call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)\n"
    "  br label %out\n"
    "out:\n"
    "  ret void\n"
    "}\n"
    /* Entered at two blocks: irreducible. */
    "define ptx_kernel void @irr(i1 %c) {\n"
    "entry:\n"
    "  br i1 %c, label %x, label %y\n"
    "x:\n"
    "  br i1 %c, label %y, label %z\n"
    "y:\n"
    "  br i1 %c, label %x, label %z\n"
    "z:\n"
    "  ret void\n"
    "}\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "declare void @llvm.nvvm.barrier0()\n"
    "declare void @llvm.nvvm.bar.warp.sync(i32)\n"
    "declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)\n";

static LLVMValueRef named(LLVMValueRef fn, const char *name) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      size_t n;
      const char *s = LLVMGetValueName2(in, &n);
      if (n == strlen(name) && !strncmp(s, name, n))
        return in;
    }
  return NULL;
}

static int block(const mc_lockstep *ls, const char *name) {
  for (unsigned i = 0; i < ls->nblocks; i++)
    if (!strcmp(ls->blocks[i].name, name))
      return (int)i;
  return -1;
}

static bool has_atom(const mc_pred *p, mc_pred_kind kind) {
  if (p->kind == kind)
    return true;
  for (unsigned i = 0; i < p->nops; i++)
    if (has_atom(p->ops[i], kind))
      return true;
  return false;
}

int main(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR);
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = mc_find_kernels(a, m);
  CHECK(ks && ks->nkernels == 2);
  mc_options o;
  mc_options_init(&o);
  const mc_kernel *k = &ks->kernels[0];
  mc_lockstep *ls = mc_lockstep_build(a, k, &o);
  CHECK(ls && ls->status == MC_LS_OK);

  /* The order: each loop contiguous, header first. */
  CHECK(ls->nblocks == 9 && ls->nloops == 1);
  const mc_ls_loop *l = &ls->loops[0];
  CHECK(block(ls, "entry") == 0);
  CHECK((int)l->header == block(ls, "head") && l->header == 1);
  CHECK(l->last == 4 && block(ls, "a") <= 4 && block(ls, "b") <= 4 && block(ls, "body") == 2);
  CHECK(block(ls, "early") > 4 && block(ls, "done") > block(ls, "early"));
  CHECK(l->nlatches == 2 && l->nexits == 2 && l->depth == 1 && l->parent == -1);
  CHECK(mc_ls_block_index(ls, ls->blocks[3].bb) == 3);

  /* Predicates: the header is ACTIVE, the latches under the parity branch,
   * `early` under the exit it is reached by, `done` joins both ways out. */
  const mc_ls_block *head = &ls->blocks[l->header];
  CHECK(head->pred->kind == MC_PRED_ACTIVE && head->rel->kind == MC_PRED_TRUE);
  const mc_ls_block *ba = &ls->blocks[block(ls, "a")];
  CHECK(ba->pred->kind == MC_PRED_AND && has_atom(ba->pred, MC_PRED_BRANCH));
  const mc_ls_block *early = &ls->blocks[block(ls, "early")];
  CHECK(early->pred->kind == MC_PRED_EXIT && early->pred->exit_cond);
  CHECK(ls->blocks[block(ls, "done")].pred->kind == MC_PRED_TRUE);
  CHECK(l->leave->kind == MC_PRED_OR);

  /* Uniformity: the counter is uniform among the threads still iterating,
   * the exit through b depends on threadIdx.x, so the loop and what leaves
   * it are divergent. */
  CHECK(mc_ls_uniformity(ls, named(k->fn, "i")) == MC_UNIFORM_GRID);
  CHECK(mc_ls_uniformity(ls, named(k->fn, "bid")) == MC_UNIFORM_BLOCK);
  CHECK(mc_ls_uniformity(ls, named(k->fn, "t")) == MC_DIVERGENT);
  CHECK(mc_ls_uniformity(ls, named(k->fn, "j")) == MC_DIVERGENT);
  CHECK(mc_ls_uniformity(ls, LLVMGetParam(k->fn, 1)) == MC_UNIFORM_GRID);
  CHECK(l->exit_uniformity == MC_DIVERGENT);
  CHECK(head->pred_uniformity == MC_DIVERGENT);
  CHECK(ls->blocks[block(ls, "body")].branch_uniformity == MC_UNIFORM_GRID);
  CHECK(mc_ls_uniformity(ls, named(k->fn, "w")) == MC_DIVERGENT); /* symbolic size */
  CHECK_STR(mc_ls_uniformity_cause(a, ls, named(k->fn, "w")), "threadIdx.x");

  /* Barriers: the one reached by the thread-dependent exit diverges; the
   * warp barrier under threadIdx.x / 32 == 0 diverges without a block
   * size; the counted one is inconclusive. */
  CHECK(ls->nbarriers == 3);
  CHECK(ls->barriers[0].kind == MC_BARRIER_BLOCK &&
        ls->barriers[0].verdict == MC_LS_BARRIER_DIVERGENT);
  CHECK(ls->barriers[1].kind == MC_BARRIER_WARP && ls->barriers[1].scope == MC_UNIFORM_WARP &&
        ls->barriers[1].verdict == MC_LS_BARRIER_DIVERGENT);
  CHECK(ls->barriers[2].kind == MC_BARRIER_BLOCK_COUNT &&
        ls->barriers[2].verdict == MC_LS_BARRIER_INCONCLUSIVE);
  CHECK_STR(ls->barriers[1].condition, "threadIdx.x / 32 == 0");
  CHECK_STR(mc_ls_value_text(a, ls, named(k->fn, "bw")), "blockIdx.x + threadIdx.x / 32");
  /* %i: the IR name (no debug info); the loop's ACTIVE atom adds nothing
   * to what leads to a. */
  CHECK_STR(mc_ls_pred_text(a, ls, ba->pred), "%i < n && %i % 2 == 0");

  /* With 64-thread blocks: threadIdx.x / 32 is warp-uniform, blockIdx.x +
   * it too, the warp barrier is fine; 64 threads are the whole block, but
   * only warp 0 reaches that barrier. */
  char err[256];
  CHECK(mc_options_set(&o, "block-dim", "64", err, sizeof err));
  mc_lockstep *ls64 = mc_lockstep_build(a, k, &o);
  CHECK(ls64 && ls64->block_dim[0] == 64 && ls64->block_dim[1] == 1);
  CHECK(mc_ls_uniformity(ls64, named(k->fn, "w")) == MC_UNIFORM_WARP);
  CHECK(mc_ls_uniformity(ls64, named(k->fn, "bw")) == MC_UNIFORM_WARP);
  CHECK(ls64->barriers[1].verdict == MC_LS_BARRIER_OK);
  CHECK(ls64->barriers[2].verdict == MC_LS_BARRIER_DIVERGENT);

  /* Irreducible: a status, not a failure. */
  mc_options_init(&o);
  mc_lockstep *irr = mc_lockstep_build(a, &ks->kernels[1], &o);
  CHECK(irr && irr->status == MC_LS_IRREDUCIBLE && irr->irreducible_at);
  mc_strbuf out = {0};
  mc_lockstep_print(irr, &out);
  CHECK(strstr(mc_strbuf_str(&out), "irreducible control flow") != NULL);
  mc_strbuf_free(&out);

  mc_arena_free(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return check_report("unit.lockstep");
}

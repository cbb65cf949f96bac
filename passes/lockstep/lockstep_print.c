/* lockstep_print.c - the printer of print<mapcost-lockstep>.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-lockstep>' \
 *       -disable-output k.ll
 *
 * Stable for FileCheck: one header line per kernel, the total order, one
 * line per loop, then each block in order with its predicate (structural:
 * active(L1), left(L1 -> b)), its values' uniformity, its barriers with
 * their verdicts and its branch; `back L1 -> header` closes each loop where
 * GPUVerify's B_back/B_exit pair would go.
 */
#include "lockstep_impl.h"

static const char *plural(unsigned n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

static const char *text(mc_arena *a, const mc_lockstep *ls, const mc_pred *p) {
  mc_strbuf b = {0};
  ls_pred_text(&b, a, ls, p, LS_TEXT_STRUCTURE);
  const char *r = mc_strdup(a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r ? r : "?";
}

static const char *verdict_name(mc_ls_barrier_verdict v) {
  switch (v) {
  case MC_LS_BARRIER_OK: return "ok";
  case MC_LS_BARRIER_DIVERGENT: return "divergent";
  case MC_LS_BARRIER_INCONCLUSIVE: return "inconclusive";
  case MC_LS_BARRIER_NOT_A_BARRIER: return "not a barrier";
  }
  return "?";
}

static bool is_cast(LLVMValueRef in) {
  switch (LLVMGetInstructionOpcode(in)) {
  case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMBitCast:
  case LLVMAddrSpaceCast: case LLVMFreeze:
    return true;
  default:
    return false;
  }
}

static void print_loop(mc_arena *a, const mc_lockstep *ls, unsigned l, mc_strbuf *out) {
  const mc_ls_loop *lp = &ls->loops[l];
  mc_strbuf_printf(out, "loop L%u: header %s, last %s, depth %u", l + 1,
                   ls->blocks[lp->header].name, ls->blocks[lp->last].name, lp->depth);
  if (lp->parent >= 0)
    mc_strbuf_printf(out, ", in L%d", lp->parent + 1);
  mc_strbuf_append(out, ", latches");
  for (unsigned i = 0; i < lp->nlatches; i++)
    mc_strbuf_printf(out, " %s", ls->blocks[lp->latches[i]].name);
  mc_strbuf_append(out, ", exits");
  for (unsigned i = 0; i < lp->nexits; i++)
    mc_strbuf_printf(out, " %s->%s", ls->blocks[lp->exits[i].from].name,
                     ls->blocks[lp->exits[i].to].name);
  mc_strbuf_printf(out, ", exit %s\n", mc_uniformity_name(lp->exit_uniformity));
  mc_strbuf_printf(out, "  entry %s\n", text(a, ls, lp->entry));
  mc_strbuf_printf(out, "  leave %s\n", text(a, ls, lp->leave));
}

static void print_block(mc_arena *a, const mc_lockstep *ls, unsigned x, mc_strbuf *out) {
  const mc_ls_block *blk = &ls->blocks[x];
  mc_strbuf_printf(out, "block %s", blk->name);
  if (blk->loop >= 0)
    mc_strbuf_printf(out, " in L%d%s", blk->loop + 1,
                     ls->loops[blk->loop].header == x ? " (header)" : "");
  mc_strbuf_printf(out, "\n  pred %s : %s\n", text(a, ls, blk->pred),
                   mc_uniformity_name(blk->pred_uniformity));
  unsigned nb = 0;
  for (LLVMValueRef in = LLVMGetFirstInstruction(blk->bb); in; in = LLVMGetNextInstruction(in)) {
    if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVoidTypeKind && !is_cast(in))
      mc_strbuf_printf(out, "  value %s : %s\n", mc_ls_value_text(a, ls, in),
                       mc_uniformity_name(mc_ls_uniformity(ls, in)));
    for (; nb < ls->nbarriers && ls->barriers[nb].block < x; nb++)
      ;
    for (unsigned k = nb; k < ls->nbarriers && ls->barriers[k].block == x; k++) {
      const mc_ls_barrier *br = &ls->barriers[k];
      if (br->call != in)
        continue;
      mc_strbuf_printf(out, "  barrier %s", br->name);
      if (br->file)
        mc_strbuf_printf(out, " at %s:%u:%u", br->file, br->line, br->column);
      mc_strbuf_printf(out, " scope %s: %s", br->scope == MC_UNIFORM_WARP ? "warp" : "block",
                       verdict_name(br->verdict));
      if (br->verdict == MC_LS_BARRIER_DIVERGENT)
        mc_strbuf_printf(out, " when %s", br->condition);
      if (br->reason)
        mc_strbuf_printf(out, " (%s)", br->reason);
      mc_strbuf_append(out, "\n");
    }
  }
  if (blk->cond) {
    bool sw = LLVMIsASwitchInst(LLVMGetBasicBlockTerminator(blk->bb)) != NULL;
    mc_strbuf_printf(out, "  %s %s : %s ->", sw ? "switch" : "branch",
                     mc_ls_value_text(a, ls, blk->cond),
                     mc_uniformity_name(blk->branch_uniformity));
    for (unsigned i = 0; i < blk->nsuccs; i++)
      mc_strbuf_printf(out, " %s", ls->blocks[blk->succs[i]].name);
    mc_strbuf_append(out, "\n");
  } else if (blk->nsuccs == 1) {
    mc_strbuf_printf(out, "  goto %s\n", ls->blocks[blk->succs[0]].name);
  } else if (blk->nsuccs == 0) {
    mc_strbuf_append(out, "  end\n");
  } else {
    mc_strbuf_printf(out, "  branch ? : %s ->", mc_uniformity_name(blk->branch_uniformity));
    for (unsigned i = 0; i < blk->nsuccs; i++)
      mc_strbuf_printf(out, " %s", ls->blocks[blk->succs[i]].name);
    mc_strbuf_append(out, "\n");
  }
  /* Loops whose last block this is, innermost first. */
  for (int l = blk->loop; l >= 0; l = ls->loops[l].parent)
    if (ls->loops[l].last == x)
      mc_strbuf_printf(out, "back L%d -> %s\n", l + 1, ls->blocks[ls->loops[l].header].name);
}

/* A block's label, or bbN by its position in the function. */
static const char *label(mc_arena *a, LLVMBasicBlockRef bb) {
  const char *n = LLVMGetBasicBlockName(bb);
  if (n && *n)
    return n;
  unsigned i = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(LLVMGetBasicBlockParent(bb)); b && b != bb;
       b = LLVMGetNextBasicBlock(b))
    i++;
  return mc_sprintf(a, "bb%u", i);
}

void mc_lockstep_print(const mc_lockstep *ls, mc_strbuf *out) {
  mc_arena *a = mc_arena_new();
  if (!a) {
    mc_strbuf_append(out, "mapcost: out of memory\n");
    return;
  }
  mc_strbuf_printf(out, "lockstep of kernel '%s'", ls->kernel->name);
  if (ls->status == MC_LS_IRREDUCIBLE) {
    mc_strbuf_printf(out, ": irreducible control flow: the edge %s -> %s enters a cycle "
                          "other than through a block that dominates it; not analysed\n",
                     label(a, LLVMGetInstructionParent(ls->irreducible_at)),
                     label(a, ls->irreducible_target));
    mc_arena_free(a);
    return;
  }
  mc_strbuf_printf(out, ": %u %s, %u %s, %u %s; block size ", ls->nblocks,
                   plural(ls->nblocks, "block", "blocks"), ls->nloops,
                   plural(ls->nloops, "loop", "loops"), ls->nbarriers,
                   plural(ls->nbarriers, "barrier", "barriers"));
  if (ls->block_dim[0])
    mc_strbuf_printf(out, "%ux%ux%u\n", ls->block_dim[0], ls->block_dim[1], ls->block_dim[2]);
  else
    mc_strbuf_append(out, "symbolic\n");
  if (ls->unseen_barriers)
    mc_strbuf_printf(out, "incomplete: %s\n", ls->unseen_barriers);
  mc_strbuf_append(out, "order:");
  for (unsigned x = 0; x < ls->nblocks; x++)
    mc_strbuf_printf(out, " %s", ls->blocks[x].name);
  mc_strbuf_append(out, "\n");
  for (unsigned l = 0; l < ls->nloops; l++)
    print_loop(a, ls, l, out);
  for (unsigned x = 0; x < ls->nblocks; x++)
    print_block(a, ls, x, out);
  mc_arena_free(a);
}

/* counters.c - stage 5: atomic counters.
 *
 *   int i = atomicAdd(count, 1);   // stream compaction, a work queue
 *   out[i] = v;
 *
 * atomicAdd(p, c) returns the value at p before it added c. Where every
 * write to p's array in the kernel is such an add of a constant c >= 0 (it
 * is a counter: reads, but no stores, exchanges, subtractions or calls
 * that may write it), the values at one address only grow, so two
 * executions of adds at one address, in two threads, return ranges
 * [v, v + c) that do not meet: the two threads above write distinct
 * elements. Under the no-wrap assumption only (a counter that wraps around
 * returns its values again). Between blocks only where every add is
 * atomic for the whole device (atomicAdd, not atomicAdd_block).
 */
#include "drf_internal.h"

#include <string.h>

/* The constant an atomic add adds (an atomicrmw, or the intrinsic of
 * atomicAdd_block: the value is the second operand of either), when it is
 * one and not negative. */
static bool adds_constant(const mc_access *x, uint64_t *by) {
  if (x->kind != MC_ACCESS_ATOMIC || strcmp(x->op, "add") || !x->inst ||
      LLVMGetNumOperands(x->inst) < 2)
    return false;
  LLVMValueRef c = LLVMGetOperand(x->inst, 1);
  if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64)
    return false;
  long long v = LLVMConstIntGetSExtValue(c);
  *by = (uint64_t)v;
  return v >= 0;
}

const mc_access *mc_drf_counter(const mc_kernel_accesses *l, LLVMValueRef result, bool grid,
                                uint64_t *by) {
  if (!l || !result || l->nunsupported) /* a call may write any array */
    return NULL;
  const mc_access *x = NULL;
  for (unsigned i = 0; i < l->naccesses && !x; i++)
    if (l->accesses[i].inst == result)
      x = &l->accesses[i];
  if (!x || x->base != MC_BASE_ARRAY || x->when || !adds_constant(x, by))
    return NULL;
  for (unsigned i = 0; i < l->naccesses; i++) {
    const mc_access *y = &l->accesses[i];
    uint64_t c;
    if (y->kind == MC_ACCESS_READ || y->base == MC_BASE_LOCAL)
      continue; /* a read, or the thread's own memory */
    if (y->base != MC_BASE_ARRAY) /* a write whose array is not known */
      return NULL;
    if (y->region != x->region)
      continue;
    if (!adds_constant(y, &c) ||
        y->elem_size != x->elem_size || y->scope < MC_SCOPE_BLOCK ||
        (grid && y->scope < MC_SCOPE_DEVICE))
      return NULL;
  }
  return x;
}

/* run.c - the interpreter's scheduler (seed 003 §3, §4.2).
 *
 * Each block of the grid runs on its own. Its threads form warps of `lanes`
 * consecutive linear ids; a warp executes the kernel's blocks in the
 * lock-step order, each block for the threads whose next block it is
 * (v_active in seed 003, Table 2), and after the last block of a loop goes
 * back to the header while one of its threads is still in the loop. A block
 * barrier makes the warp yield; once every warp has yielded (or finished),
 * the barrier is checked (all threads of the block at the same barrier) and
 * the next barrier interval starts, with the warps in a new order drawn
 * from the seed.
 */
#include "interp_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEFAULT_STEPS = 200000 };

_Noreturn void interp_fail(interp *in, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  in->error = mc_strdup(in->arena, buf);
  longjmp(in->fail, 1);
}

const char *interp_where(interp *in, LLVMValueRef inst) {
  unsigned len = 0;
  const char *file = inst ? LLVMGetDebugLocFilename(inst, &len) : NULL;
  if (file && len)
    return mc_sprintf(in->arena, "%.*s:%u:%u", (int)len, file,
                      LLVMGetDebugLocLine(inst), LLVMGetDebugLocColumn(inst));
  return mc_sprintf(in->arena, "kernel '%s'", in->k->name);
}

/* ---- setup --------------------------------------------------------------- */

static unsigned width_of(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMVectorTypeKind: return LLVMGetVectorSize(t);
  case LLVMStructTypeKind: return LLVMCountStructElementTypes(t);
  case LLVMArrayTypeKind: return (unsigned)LLVMGetArrayLength2(t);
  default: return 1;
  }
}

static void map_put(interp *in, LLVMValueRef v, unsigned idx) {
  uint64_t h = (uint64_t)(uintptr_t)v * UINT64_C(0x9e3779b97f4a7c15);
  for (unsigned s = (unsigned)(h >> 32) & (in->map_cap - 1);;
       s = (s + 1) & (in->map_cap - 1))
    if (!in->map_keys[s]) {
      in->map_keys[s] = v;
      in->map_vals[s] = idx;
      return;
    }
}

static void add_value(interp *in, LLVMValueRef v, LLVMOpcode op) {
  inst_info *ii = &in->insts[in->ninsts];
  ii->inst = v;
  ii->op = op;
  ii->width = width_of(LLVMTypeOf(v));
  if (ii->width == 0 || ii->width > 64)
    interp_fail(in, "%s: a value of %u elements is not interpreted",
                interp_where(in, v), ii->width);
  ii->reg = in->nregs;
  in->nregs += ii->width;
  ii->is_phi = op == LLVMPHI;
  ii->barrier = MC_BARRIER_NONE;
  if (op == LLVMCall)
    ii->barrier = (int)mc_shim_barrier_kind(v, &ii->barrier_operand);
  map_put(in, v, in->ninsts++);
}

static void setup(interp *in) {
  const mc_lockstep *ls = in->ls;
  unsigned count = LLVMCountParams(in->k->fn);
  for (unsigned b = 0; b < ls->nblocks; b++)
    for (LLVMValueRef I = LLVMGetFirstInstruction(ls->blocks[b].bb); I;
         I = LLVMGetNextInstruction(I))
      count++;
  in->map_cap = 16;
  while (in->map_cap < count * 2)
    in->map_cap *= 2;
  in->insts = mc_alloc(in->arena, (count + 1) * sizeof *in->insts);
  in->map_keys = mc_alloc(in->arena, in->map_cap * sizeof *in->map_keys);
  in->map_vals = mc_alloc(in->arena, in->map_cap * sizeof *in->map_vals);
  in->blocks = mc_alloc(in->arena, (ls->nblocks + 1) * sizeof *in->blocks);
  if (!in->insts || !in->map_keys || !in->map_vals || !in->blocks)
    interp_fail(in, "out of memory");
  for (unsigned p = 0; p < LLVMCountParams(in->k->fn); p++)
    add_value(in, LLVMGetParam(in->k->fn, p), (LLVMOpcode)0);
  for (unsigned b = 0; b < ls->nblocks; b++) {
    block_info *bi = &in->blocks[b];
    bi->first = in->ninsts;
    for (LLVMValueRef I = LLVMGetFirstInstruction(ls->blocks[b].bb); I;
         I = LLVMGetNextInstruction(I)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(I);
      add_value(in, I, op);
      if (op == LLVMPHI)
        bi->nphis++;
    }
    bi->count = in->ninsts - bi->first;
  }
  in->cost_max = mc_alloc(in->arena, (in->ninsts + 1) * sizeof *in->cost_max);
  in->cost_execs = mc_alloc(in->arena, (in->ninsts + 1) * sizeof *in->cost_execs);
  in->cost_shared = mc_alloc(in->arena, (in->ninsts + 1) * sizeof *in->cost_shared);
  if (!in->cost_max || !in->cost_execs || !in->cost_shared)
    interp_fail(in, "out of memory");
}

/* The value of each kernel parameter, the same for every thread. */
static void init_params(interp *in, uint64_t *regs) {
  const mc_kernel *k = in->k;
  for (unsigned p = 0; p < k->nparams; p++) {
    const mc_param *pm = &k->params[p];
    uint64_t v = 0;
    if (pm->is_pointer) {
      for (unsigned a = 0; a < k->narrays; a++)
        if (k->arrays[a].param_index == (int)p)
          v = ptr_make(in->global_obj[a], 0);
    } else {
      const mc_param_fact *f = mc_options_param(in->o, pm->name);
      if (!f)
        interp_fail(in, "kernel '%s': give a value for parameter '%s' (--param %s=VALUE)",
                    k->name, pm->name, pm->name);
      LLVMTypeRef t = LLVMTypeOf(pm->value);
      LLVMTypeKind tk = LLVMGetTypeKind(t);
      if (tk == LLVMIntegerTypeKind) {
        unsigned bits = LLVMGetIntTypeWidth(t);
        v = bits >= 64 ? (uint64_t)f->value
                       : (uint64_t)f->value & ((UINT64_C(1) << bits) - 1);
      } else if (tk == LLVMFloatTypeKind) {
        float x = (float)f->value;
        uint32_t u;
        memcpy(&u, &x, 4);
        v = u;
      } else if (tk == LLVMDoubleTypeKind) {
        double x = (double)f->value;
        memcpy(&v, &x, 8);
      } else {
        interp_fail(in, "kernel '%s': parameter '%s' of type %s is not interpreted",
                    k->name, pm->name, pm->type);
      }
    }
    regs[in->insts[p].reg] = v;
  }
}

/* ---- one warp ---------------------------------------------------------------- */

static void divergence(interp *in, LLVMValueRef barrier, bool warp_level,
                       unsigned reached, unsigned live) {
  if (in->ndivs == in->cap_divs) {
    unsigned cap = in->cap_divs ? in->cap_divs * 2 : 8;
    mc_observed_divergence *p = mc_alloc(in->arena, cap * sizeof *p);
    if (!p)
      interp_fail(in, "out of memory");
    if (in->ndivs)
      memcpy(p, in->divs, in->ndivs * sizeof *p);
    in->divs = p;
    in->cap_divs = cap;
  }
  mc_observed_divergence *d = &in->divs[in->ndivs++];
  d->barrier = barrier;
  d->warp = warp_level;
  memcpy(d->block, in->block, sizeof d->block);
  d->reached = reached;
  d->live = live;
}

static int loop_back(interp *in, warp *w, unsigned b) {
  const mc_lockstep *ls = in->ls;
  int innermost = -1;
  for (unsigned l = 0; l < ls->nloops; l++)
    if (ls->loops[l].last == b &&
        (innermost < 0 || ls->loops[l].depth > ls->loops[innermost].depth))
      innermost = (int)l;
  for (int l = innermost; l >= 0 && ls->loops[l].last == b; l = ls->loops[l].parent)
    for (unsigned x = 0; x < w->count; x++)
      if (in->threads[w->first + x].active == (int)ls->loops[l].header)
        return (int)ls->loops[l].header;
  return -1;
}

typedef enum { WARP_DONE, WARP_AT_BARRIER, WARP_DIVERGED } warp_status;

static void step(interp *in, thread *t) {
  uint64_t budget = in->c->step_budget ? in->c->step_budget : DEFAULT_STEPS;
  if (++t->steps > budget)
    interp_fail(in,
                "kernel '%s': thread (%u,%u,%u) of block (%u,%u,%u) ran more than "
                "%llu instructions (a loop that does not end for these values?)",
                in->k->name, t->tid[0], t->tid[1], t->tid[2], in->block[0],
                in->block[1], in->block[2], (unsigned long long)budget);
  in->r->steps++;
}

static warp_status run_warp(interp *in, warp *w) {
  thread *lanes[1024];
  const mc_lockstep *ls = in->ls;
  while (w->pc_block < (int)ls->nblocks) {
    unsigned b = (unsigned)w->pc_block;
    const block_info *bi = &in->blocks[b];
    unsigned n = 0;
    for (unsigned x = 0; x < w->count; x++)
      if (in->threads[w->first + x].active == (int)b)
        lanes[n++] = &in->threads[w->first + x];
    if (n) {
      if (w->pc_inst == 0) {
        exec_phis(in, b, lanes, n);
        w->pc_inst = bi->nphis;
      }
      for (unsigned idx = w->pc_inst; idx < bi->count; idx++) {
        unsigned i = bi->first + idx;
        const inst_info *ii = &in->insts[i];
        for (unsigned l = 0; l < n; l++)
          step(in, lanes[l]);
        if (ii->barrier == MC_BARRIER_ARRIVE)
          continue;
        if (ii->barrier == MC_BARRIER_WARP) {
          /* Every live thread of the warp named in the mask must be here. */
          uint64_t m = ii->barrier_operand
                           ? exec_operand(in, lanes[0], ii->barrier_operand)
                           : 0xffffffffu;
          unsigned live = 0, reached = 0;
          for (unsigned x = 0; x < w->count; x++) {
            thread *t = &in->threads[w->first + x];
            if (m >> (t->linear % in->o->warp_size) & 1) {
              live++;
              reached += t->active == (int)b;
            }
          }
          if (reached != live) {
            divergence(in, ii->inst, true, reached, live);
            return WARP_DIVERGED;
          }
          for (unsigned l = 0; l < n; l++)
            lanes[l]->epoch++;
          continue;
        }
        if (ii->barrier == MC_BARRIER_BLOCK || ii->barrier == MC_BARRIER_BLOCK_COUNT) {
          if (ii->barrier == MC_BARRIER_BLOCK_COUNT) {
            uint64_t count = exec_operand(in, lanes[0], ii->barrier_operand);
            if (count != in->nthreads)
              interp_fail(in,
                          "%s: a barrier for %llu threads in a block of %u is "
                          "not interpreted",
                          interp_where(in, ii->inst), (unsigned long long)count,
                          in->nthreads);
          }
          /* Every thread of the warp, also one that has returned. */
          if (n != w->count) {
            divergence(in, ii->inst, false, n, w->count);
            return WARP_DIVERGED;
          }
          for (unsigned l = 0; l < n; l++)
            lanes[l]->at_barrier = true;
          w->waiting_at = ii->inst;
          w->pc_inst = idx + 1;
          return WARP_AT_BARRIER;
        }
        if (idx + 1 == bi->count) {
          for (unsigned l = 0; l < n; l++) {
            lanes[l]->prev = (int)b;
            lanes[l]->active = exec_successor(in, i, lanes[l]);
          }
        } else {
          exec_inst(in, w, i, lanes, n);
        }
      }
    }
    w->pc_inst = 0;
    int back = loop_back(in, w, b);
    w->pc_block = back >= 0 ? back : (int)b + 1;
  }
  for (unsigned x = 0; x < w->count; x++)
    if (in->threads[w->first + x].active >= 0)
      interp_fail(in, "internal error: a thread was left behind by the lock-step order");
  w->done = true;
  return WARP_DONE;
}

/* ---- one block ----------------------------------------------------------------- */

/* The results of __syncthreads_count/_and/_or once every thread is there. */
static void barrier_reduction(interp *in, LLVMValueRef barrier) {
  unsigned i = inst_index(in, barrier);
  LLVMTypeRef t = LLVMTypeOf(barrier);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return;
  size_t len;
  const char *name = LLVMGetValueName2(LLVMGetCalledValue(barrier), &len);
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(barrier);
  LLVMValueRef pred = LLVMGetOperand(barrier, nargs - 1);
  uint64_t count = 0, all = 1, any = 0;
  for (unsigned x = 0; x < in->nthreads; x++) {
    thread *th = &in->threads[x];
    if (th->active < 0)
      continue;
    uint64_t v = exec_operand(in, th, pred) != 0;
    count += v;
    all &= v;
    any |= v;
  }
  uint64_t r = strstr(name, "popc") ? count : strstr(name, "and") ? all : any;
  for (unsigned x = 0; x < in->nthreads; x++)
    in->threads[x].regs[in->insts[i].reg] = r;
}

static void shuffle(interp *in, unsigned *order, unsigned n) {
  for (unsigned i = n; i > 1; i--) {
    unsigned j = (unsigned)(interp_random(in) % i);
    unsigned tmp = order[i - 1];
    order[i - 1] = order[j];
    order[j] = tmp;
  }
}

static void fold_costs(interp *in, uint64_t *totals_global, uint64_t *totals_shared) {
  for (unsigned w = 0; w < in->nwarps; w++) {
    uint64_t g = 0, s = 0;
    for (unsigned i = 0; i < in->ninsts; i++) {
      uint64_t c = in->warps[w].cost[i];
      uint64_t e = in->exec_count[(size_t)w * in->ninsts + i];
      if (!e)
        continue;
      if (c > in->cost_max[i] || (c == in->cost_max[i] && e > in->cost_execs[i])) {
        in->cost_max[i] = c;
        in->cost_execs[i] = e;
      }
      *(in->cost_shared[i] ? &s : &g) += c;
    }
    if (g > *totals_global)
      *totals_global = g;
    if (s > *totals_shared)
      *totals_shared = s;
  }
}

static void run_block(interp *in, uint64_t *regs_store, uint64_t *param_regs) {
  const unsigned *bd = in->c->block_dim;
  unsigned lanes = in->c->lanes ? in->c->lanes : 1;
  mem_init_block(in);
  for (unsigned x = 0; x < in->nthreads; x++) {
    thread *t = &in->threads[x];
    t->regs = regs_store + (size_t)x * in->nregs;
    memcpy(t->regs, param_regs, in->nregs * sizeof *t->regs);
    for (unsigned p = 0; p < in->k->nparams; p++)
      if (in->k->params[p].byval)
        t->regs[in->insts[p].reg] = ptr_make(mem_new_byval(in, p), 0);
    t->linear = x;
    t->tid[0] = x % bd[0];
    t->tid[1] = (x / bd[0]) % bd[1];
    t->tid[2] = x / (bd[0] * bd[1]);
    t->active = mc_ls_block_index(in->ls, LLVMGetEntryBasicBlock(in->k->fn));
    t->prev = -1;
    t->steps = 0;
    t->epoch = 0;
    t->at_barrier = false;
  }
  memset(in->exec_count, 0, (size_t)in->nwarps * in->ninsts * sizeof *in->exec_count);
  unsigned order[1024];
  for (unsigned w = 0; w < in->nwarps; w++) {
    warp *wp = &in->warps[w];
    memset(wp->cost, 0, in->ninsts * sizeof *wp->cost);
    wp->first = w * lanes;
    wp->count = in->nthreads - wp->first < lanes ? in->nthreads - wp->first : lanes;
    wp->pc_block = mc_ls_block_index(in->ls, LLVMGetEntryBasicBlock(in->k->fn));
    wp->pc_inst = 0;
    wp->done = false;
    wp->waiting_at = NULL;
  }
  in->block_stamp = in->stamp + 1;
  for (;;) {
    in->stamp++;
    unsigned n = 0;
    for (unsigned w = 0; w < in->nwarps; w++)
      if (!in->warps[w].done)
        order[n++] = w;
    if (!n)
      break;
    shuffle(in, order, n);
    bool diverged = false;
    for (unsigned k = 0; k < n && !diverged; k++)
      diverged = run_warp(in, &in->warps[order[k]]) == WARP_DIVERGED;
    if (diverged)
      break;
    /* Every warp is at a barrier or done: they must all be at the same one. */
    LLVMValueRef at = NULL;
    unsigned waiting = 0, live = 0;
    bool same = true;
    for (unsigned w = 0; w < in->nwarps; w++) {
      warp *wp = &in->warps[w];
      if (wp->done)
        continue;
      if (!at)
        at = wp->waiting_at;
      same &= wp->waiting_at == at;
    }
    if (!at)
      break; /* all done */
    /* A thread that has returned never arrives: that is divergence too. */
    for (unsigned x = 0; x < in->nthreads; x++)
      waiting += in->threads[x].at_barrier;
    live = in->nthreads;
    if (!same || waiting != live) {
      divergence(in, at, false, waiting, live);
      break;
    }
    barrier_reduction(in, at);
    for (unsigned x = 0; x < in->nthreads; x++)
      in->threads[x].at_barrier = false;
    for (unsigned w = 0; w < in->nwarps; w++)
      in->warps[w].waiting_at = NULL;
  }
}

/* ---- the run ----------------------------------------------------------------- */

static void finish(interp *in, mc_run_result *r, uint64_t tg, uint64_t ts) {
  unsigned n = 0;
  for (unsigned i = 0; in->cost_execs && i < in->ninsts; i++)
    n += in->cost_execs[i] != 0;
  r->costs = mc_alloc(in->arena, (n + 1) * sizeof *r->costs);
  for (unsigned i = 0; r->costs && in->cost_execs && i < in->ninsts; i++) {
    if (!in->cost_execs[i])
      continue;
    mc_observed_cost *c = &r->costs[r->ncosts++];
    c->inst = in->insts[i].inst;
    c->shared = in->cost_shared[i];
    c->cost = in->cost_max[i];
    c->executions = in->cost_execs[i];
    c->array = -1;
  }
  r->total_uncoalesced = tg;
  r->total_bank_conflicts = ts;
  r->races = in->races;
  r->nraces = in->nraces;
  r->divergences = in->divs;
  r->ndivergences = in->ndivs;
  r->memory_hash = mem_hash_globals(in);
}

mc_run_result *mc_run_kernel(mc_arena *a, const mc_lockstep *ls,
                             const mc_options *o, const mc_run_config *c) {
  mc_run_result *r = mc_alloc(a, sizeof *r);
  interp *in = r ? mc_alloc(a, sizeof *in) : NULL;
  if (!in)
    return NULL;
  in->arena = a;
  in->ls = ls;
  in->k = ls->kernel;
  in->o = o;
  in->c = c;
  in->r = r;
  in->td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(in->k->fn));
  in->rng = c->seed * UINT64_C(0x2545f4914f6cdd1d) + 1;
  /* Assigned after setjmp and freed after a longjmp: volatile, or the
   * failure path would free stale copies and leak. */
  uint64_t *volatile regs_store = NULL, *volatile param_regs = NULL;
  uint64_t tg = 0, ts = 0;
  if (setjmp(in->fail)) {
    r->ok = false;
    r->error = in->error;
  } else if (ls->status != MC_LS_OK) {
    r->ok = false;
    r->error = mc_sprintf(a, "kernel '%s' has an irreducible control-flow graph",
                          in->k->name);
  } else {
    setup(in);
    mem_init_arrays(in);
    in->nthreads = c->block_dim[0] * c->block_dim[1] * c->block_dim[2];
    unsigned lanes = c->lanes ? c->lanes : 1;
    in->nwarps = (in->nthreads + lanes - 1) / lanes;
    in->threads = mc_alloc(a, in->nthreads * sizeof *in->threads);
    in->warps = mc_alloc(a, in->nwarps * sizeof *in->warps);
    regs_store = calloc((size_t)in->nthreads * in->nregs + 1, sizeof *regs_store);
    param_regs = calloc(in->nregs + 1, sizeof *param_regs);
    in->exec_count = calloc((size_t)in->nwarps * in->ninsts + 1, sizeof *in->exec_count);
    if (!in->threads || !in->warps || !regs_store || !param_regs || !in->exec_count)
      interp_fail(in, "out of memory for %u threads", in->nthreads);
    for (unsigned w = 0; w < in->nwarps; w++)
      if (!(in->warps[w].cost = mc_alloc(a, (in->ninsts + 1) * sizeof(uint64_t))))
        interp_fail(in, "out of memory");
    init_params(in, param_regs);
    const unsigned *g = c->grid_dim;
    unsigned total = g[0] * g[1] * g[2];
    for (unsigned b = 0; b < total; b++) {
      in->block[0] = b % g[0];
      in->block[1] = (b / g[0]) % g[1];
      in->block[2] = b / (g[0] * g[1]);
      run_block(in, regs_store, param_regs);
      if (c->lanes > 1)
        fold_costs(in, &tg, &ts);
      r->blocks_run++;
    }
    r->ok = true;
  }
  if (r->ok || in->ninsts)
    finish(in, r, tg, ts);
  for (unsigned i = 0; i < in->nobjs; i++) {
    free(in->objs[i].bytes);
    shadow_free(&in->objs[i]);
  }
  free(regs_store);
  free(param_regs);
  free(in->exec_count);
  return r;
}

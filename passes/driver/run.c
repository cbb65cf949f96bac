/* run.c - the driver of -mapcost-run: interpret each kernel with concrete
 * values instead of analysing it, and report what was observed (races are
 * `confirmed`, costs are measured, relation `=`) in the report format of
 * CONTRACT §3, with a "run" object saying how it ran.
 *
 *   MAPCOST_OPTIONS="-mapcost-run -mapcost-block-dim=64 -mapcost-grid-dim=2 \
 *       -mapcost-param=n=64 -mapcost-report=out" opt -load-pass-plugin=... \
 *       -passes=mapcost -disable-output k.ll
 */
#include "mapcost/analyze.h"

#include "driver.h"

#include "mapcost/facts.h"
#include "mapcost/interp.h"
#include "mapcost/kernels.h"
#include "mapcost/lockstep.h"
#include "mapcost/report.h"
#include "mapcost/shim.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <string.h>

static const char *access_name(mc_access_kind k) {
  return k == MC_ACCESS_WRITE ? "write" : k == MC_ACCESS_ATOMIC ? "atomic" : "read";
}

static mc_race_site site_of(mc_arena *a, const mc_observed_access *x) {
  unsigned len = 0;
  const char *file = x->inst ? LLVMGetDebugLocFilename(x->inst, &len) : NULL;
  return (mc_race_site){x->inst, access_name(x->kind),
                        file && len ? mc_strndup(a, file, len) : NULL,
                        x->inst ? LLVMGetDebugLocLine(x->inst) : 0,
                        x->inst ? LLVMGetDebugLocColumn(x->inst) : 0};
}

/* The element index of a byte offset, per dimension of a static array. */
static void index_of(mc_race *r, const mc_array *arr, uint64_t off, uint64_t elem_size) {
  uint64_t e = elem_size ? off / elem_size : off;
  if (arr && arr->ndims > 1 && arr->ndims <= 3 && arr->kind == MC_ARRAY_SHARED) {
    uint64_t stride[MC_MAX_ARRAY_DIMS];
    stride[arr->ndims - 1] = 1;
    for (int d = (int)arr->ndims - 2; d >= 0; d--)
      stride[d] = stride[d + 1] * (arr->dims[d + 1] ? arr->dims[d + 1] : 1);
    for (unsigned d = 0; d < arr->ndims; d++) {
      r->index[d] = (int64_t)(e / stride[d]);
      e %= stride[d];
    }
    r->nindex = arr->ndims;
  } else {
    r->index[0] = (int64_t)e;
    r->nindex = 1;
  }
}

static uint64_t elem_size_of(LLVMValueRef inst, LLVMTargetDataRef td) {
  LLVMTypeRef t = NULL;
  if (LLVMIsALoadInst(inst) || LLVMIsAAtomicRMWInst(inst) || LLVMIsACallInst(inst))
    t = LLVMTypeOf(inst);
  else if (LLVMIsAStoreInst(inst) || LLVMIsAAtomicCmpXchgInst(inst))
    t = LLVMTypeOf(LLVMGetOperand(inst, LLVMIsAStoreInst(inst) ? 0 : 1));
  if (t && LLVMGetTypeKind(t) == LLVMStructTypeKind)
    t = LLVMStructGetTypeAtIndex(t, 0);
  return t && LLVMTypeIsSized(t) ? LLVMABISizeOfType(td, t) : 1;
}

/* An observed race as the report's race: confirmed, with the two threads
 * and blocks, the launch, the element and this kernel's parameters. */
static mc_race race_of(mc_arena *a, const mc_kernel *k, const mc_options *o,
                       const mc_run_config *c, const mc_observed_race *x,
                       LLVMTargetDataRef td) {
  mc_race r = {.write_write = x->write_write, .confirmed = true, .grid = x->grid};
  r.first = site_of(a, &x->first);
  r.second = site_of(a, &x->second);
  memcpy(r.tid1, x->first.tid, sizeof r.tid1);
  memcpy(r.tid2, x->second.tid, sizeof r.tid2);
  memcpy(r.block1, x->first.block, sizeof r.block1);
  memcpy(r.block2, x->second.block, sizeof r.block2);
  memcpy(r.block_dim, c->block_dim, sizeof r.block_dim);
  memcpy(r.grid_dim, c->grid_dim, sizeof r.grid_dim);
  index_of(&r, x->array >= 0 ? &k->arrays[x->array] : NULL, x->byte_offset,
           elem_size_of(x->second.inst, td));
  r.byte_offset = (int64_t)x->byte_offset;
  mc_witness_value *params = mc_alloc(a, (k->nparams + 1) * sizeof *params);
  for (unsigned p = 0; params && p < k->nparams; p++) {
    const mc_param_fact *f = mc_options_param(o, k->params[p].name);
    if (f)
      params[r.nparams++] = (mc_witness_value){f->name, f->value};
  }
  r.params = params;
  return r;
}

/* Which kernel array an access instruction touches, from the races and the
 * accesses' own pointers: the base of its address, walked back through
 * GEPs and casts. */
static int array_of(const mc_kernel *k, LLVMValueRef inst) {
  LLVMValueRef p = NULL;
  if (LLVMIsALoadInst(inst) || LLVMIsAAtomicRMWInst(inst) ||
      LLVMIsAAtomicCmpXchgInst(inst) || LLVMIsACallInst(inst))
    p = LLVMGetOperand(inst, 0);
  else if (LLVMIsAStoreInst(inst))
    p = LLVMGetOperand(inst, 1);
  for (int depth = 0; p && depth < 64; depth++) {
    for (unsigned a = 0; a < k->narrays; a++)
      if (k->arrays[a].value == p)
        return (int)a;
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsAAddrSpaceCastInst(p) ||
        LLVMIsABitCastInst(p) || LLVMIsAConstantExpr(p))
      p = LLVMGetOperand(p, 0);
    else
      break;
  }
  return -1;
}

static const char *barrier_name(const mc_lockstep *ls, LLVMValueRef call) {
  for (unsigned i = 0; ls && i < ls->nbarriers; i++)
    if (ls->barriers[i].call == call)
      return ls->barriers[i].name;
  return "the barrier";
}

/* The races of array i seen in any order, each pair of instructions once. */
static void array_races(mc_arena *a, const mc_kernel *k, const mc_options *o,
                        const mc_run_config *c, const mc_run_result *const *runs,
                        unsigned nruns, unsigned i, mc_array_result *ar) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(k->fn));
  unsigned total = 0;
  for (unsigned x = 0; x < nruns; x++)
    total += runs[x]->nraces;
  mc_race *races = mc_alloc(a, (total + 1) * sizeof *races);
  if (!races)
    return;
  for (unsigned x = 0; x < nruns; x++)
    for (unsigned j = 0; j < runs[x]->nraces; j++) {
      const mc_observed_race *rc = &runs[x]->races[j];
      if (rc->array != (int)i)
        continue;
      bool dup = false; /* the same pair seen in an earlier order */
      for (unsigned y = 0; y < x && !dup; y++)
        for (unsigned z = 0; z < runs[y]->nraces && !dup; z++)
          dup = runs[y]->races[z].array == rc->array &&
                runs[y]->races[z].first.inst == rc->first.inst &&
                runs[y]->races[z].second.inst == rc->second.inst &&
                runs[y]->races[z].grid == rc->grid;
      if (!dup)
        races[ar->nraces++] = race_of(a, k, o, c, rc, td);
    }
  ar->races = races;
}

/* What the runs of kernel k observed, as the analysis' result: "drf" means
 * no race was seen (r->observed), not that none can happen. */
static bool run_result(mc_arena *a, const mc_kernel *k, const mc_lockstep *ls,
                       const mc_options *o, const mc_run_config *c,
                       const mc_run_result *const *runs, unsigned nruns,
                       mc_kernel_result *res) {
  res->kernel = k;
  res->observed = true;
  res->arrays = mc_alloc(a, (k->narrays + 1) * sizeof *res->arrays);
  if (!res->arrays)
    return false;
  unsigned blocks = c->grid_dim[0] * c->grid_dim[1] * c->grid_dim[2];
  res->checked_block = true;
  res->checked_grid = blocks > 1;
  res->assumptions[res->nassumptions++] =
      "a concrete run: what was observed with these dimensions, parameters, contents and "
      "schedules only";
  unsigned ngroups;
  const char *groups = mc_alias_groups_text(a, k, &ngroups);
  const char *apart = groups ? mc_sprintf(a, "%s, which __mapcost_alias says may alias, "
                                             "are separate arrays in this run", groups)
                             : NULL;
  if (apart)
    res->assumptions[res->nassumptions++] = apart;
  if (!nruns) {
    res->verdict = MC_VERDICT_INCONCLUSIVE;
    res->reasons[res->nreasons++] = "the kernel could not be run";
    for (unsigned i = 0; i < k->narrays; i++)
      res->arrays[i].verdict = MC_VERDICT_INCONCLUSIVE;
    return true;
  }
  const mc_run_result *r = runs[0];
  bool race = false, div = false, agree = true;
  const char *error = NULL;
  for (unsigned i = 0; i < nruns; i++) {
    race |= runs[i]->nraces > 0;
    div |= runs[i]->ndivergences > 0;
    agree &= runs[i]->ok && runs[i]->memory_hash == r->memory_hash;
    if (!runs[i]->ok && !error)
      error = runs[i]->error;
  }
  res->verdict = race ? MC_VERDICT_RACE : div ? MC_VERDICT_BARRIER_DIVERGENCE
                 : error ? MC_VERDICT_INCONCLUSIVE : MC_VERDICT_DRF;
  if (error)
    res->reasons[res->nreasons++] = error;
  for (unsigned i = 0; i < k->narrays; i++) {
    mc_array_result *ar = &res->arrays[i];
    array_races(a, k, o, c, runs, nruns, i, ar);
    ar->verdict = ar->nraces ? MC_VERDICT_RACE : error ? MC_VERDICT_INCONCLUSIVE : MC_VERDICT_DRF;
    ar->reason = ar->nraces ? NULL : error;
  }
  mc_barrier_divergence *d = mc_alloc(a, (r->ndivergences + 1) * sizeof *d);
  if (!d)
    return false;
  for (unsigned i = 0; i < r->ndivergences; i++) {
    const mc_observed_divergence *od = &r->divergences[i];
    unsigned len = 0;
    const char *file = LLVMGetDebugLocFilename(od->barrier, &len);
    d[i] = (mc_barrier_divergence){
        od->barrier, barrier_name(ls, od->barrier),
        mc_sprintf(a, "observed: %u of %u live threads of %s (%u,%u,%u) reached it", od->reached,
                   od->live, od->warp ? "a warp of block" : "block", od->block[0], od->block[1],
                   od->block[2]),
        "seen in a concrete run", od->warp, file && len ? mc_strndup(a, file, len) : NULL,
        LLVMGetDebugLocLine(od->barrier), LLVMGetDebugLocColumn(od->barrier)};
  }
  res->divergences = d;
  res->ndivergences = r->ndivergences;
  bool measured = c->lanes > 1 && !error; /* a stopped run measured nothing whole */
  mc_cost *costs = mc_alloc(a, (r->ncosts + 2) * sizeof *costs);
  if (!costs)
    return false;
  for (unsigned i = 0; measured && i < r->ncosts; i++) {
    const mc_observed_cost *oc = &r->costs[i];
    unsigned len = 0;
    const char *file = LLVMGetDebugLocFilename(oc->inst, &len);
    costs[res->ncosts++] = (mc_cost){
        oc->shared ? MC_METRIC_BANK_CONFLICTS : MC_METRIC_UNCOALESCED, array_of(k, oc->inst),
        oc->inst, file && len ? mc_strndup(a, file, len) : NULL, LLVMGetDebugLocLine(oc->inst),
        LLVMGetDebugLocColumn(oc->inst), mc_sprintf(a, "%llu", (unsigned long long)oc->cost),
        true,
        mc_sprintf(a, "measured: the costliest warp executed it %llu time%s",
                   (unsigned long long)oc->executions, oc->executions == 1 ? "" : "s")};
  }
  res->costs = costs;
  if (measured) {
    mc_cost *t = mc_alloc(a, 2 * sizeof *t);
    if (!t)
      return false;
    t[0] = (mc_cost){MC_METRIC_UNCOALESCED, -1, NULL, NULL, 0, 0,
                     mc_sprintf(a, "%llu", (unsigned long long)r->total_uncoalesced), true,
                     NULL};
    t[1] = (mc_cost){MC_METRIC_BANK_CONFLICTS, -1, NULL, NULL, 0, 0,
                     mc_sprintf(a, "%llu", (unsigned long long)r->total_bank_conflicts), true,
                     NULL};
    res->totals = t;
    res->ntotals = 2;
  }
  mc_strbuf run = {0};
  mc_strbuf_printf(&run, ", \"run\": {\"mode\": \"%s\", \"memory_agrees\": %s, \"orders\": [",
                   c->lanes > 1 ? "lockstep" : "interleave", agree ? "true" : "false");
  for (unsigned i = 0; i < nruns; i++)
    mc_strbuf_printf(&run, "%s{\"seed\": %llu, \"memory_hash\": \"%016llx\", \"steps\": %llu, "
                           "\"blocks\": %u, \"ok\": %s}",
                     i ? ", " : "", (unsigned long long)(o->run_seed + i),
                     (unsigned long long)runs[i]->memory_hash,
                     (unsigned long long)runs[i]->steps, runs[i]->blocks_run,
                     runs[i]->ok ? "true" : "false");
  mc_strbuf_append(&run, "]}");
  res->extra_json = run.oom ? NULL : mc_strdup(a, mc_strbuf_str(&run));
  mc_strbuf_free(&run);
  return res->extra_json != NULL;
}

static bool config_from(LLVMModuleRef m, const mc_options *o, mc_run_config *c) {
  char err[512];
  memset(c, 0, sizeof *c);
  if (!o->block_dim[0] || !o->grid_dim[0]) {
    mc_shim_diagnose(m, MC_DIAG_ERROR, NULL,
                     "-mapcost-run needs -mapcost-block-dim and -mapcost-grid-dim");
    return false;
  }
  memcpy(c->block_dim, o->block_dim, sizeof c->block_dim);
  memcpy(c->grid_dim, o->grid_dim, sizeof c->grid_dim);
  c->shared_bytes = o->run_shared_bytes;
  c->lanes = o->run_interleave ? 1 : o->warp_size;
  c->step_budget = o->run_steps;
  c->data_seed = o->run_seed;
  for (size_t i = 0; i < o->nrun_arrays; i++) {
    if (!mc_parse_array_spec(o->run_arrays[i], &c->arrays[c->narrays], err, sizeof err)) {
      mc_shim_diagnose(m, MC_DIAG_ERROR, NULL, err);
      return false;
    }
    c->narrays++;
  }
  return true;
}

typedef struct {
  FILE *f;
  const mc_kernel *k;
  uint64_t seed;
  LLVMValueRef last_inst; /* and its ordinal: consecutive events share it */
  unsigned last_ordinal;
} trace_file;

/* -mapcost-run-trace: one line per access of one thread. */
static void write_trace(void *user, const mc_access_event *e) {
  static const char *const kinds[] = {"read", "write", "atomic"};
  static const char *const scopes[] = {"block", "device", "system"};
  trace_file *t = user;
  if (e->inst != t->last_inst) {
    t->last_inst = e->inst;
    t->last_ordinal = mc_inst_ordinal(e->inst);
  }
  unsigned ordinal = t->last_ordinal;
  fprintf(t->f,
          "kernel=%s seed=%llu interval=%llu block=%u,%u,%u tid=%u,%u,%u array=%s "
          "offset=%llu bytes=%llu kind=%s scope=%s line=%u column=%u mask=0x%llx "
          "phase=%llu inst=%u\n",
          t->k->name, (unsigned long long)t->seed, (unsigned long long)e->interval,
          e->block[0], e->block[1], e->block[2], e->tid[0], e->tid[1], e->tid[2],
          e->array >= 0 ? t->k->arrays[e->array].name : "-",
          (unsigned long long)e->byte_offset, (unsigned long long)e->bytes,
          kinds[e->kind], scopes[e->scope], LLVMGetDebugLocLine(e->inst),
          LLVMGetDebugLocColumn(e->inst), (unsigned long long)e->active_mask,
          (unsigned long long)e->phase, ordinal);
}

bool mc_run_module(LLVMModuleRef m, const mc_options *o) {
  mc_run_config c;
  if (!config_from(m, o, &c))
    return false;
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = a ? mc_find_kernels(a, m) : NULL;
  if (!ks || !mc_find_facts(a, m, ks)) {
    mc_arena_free(a);
    mc_shim_diagnose(m, MC_DIAG_ERROR, NULL, "out of memory");
    return false;
  }
  trace_file trace = {0};
  if (o->run_trace[0]) {
    trace.f = fopen(o->run_trace, "w");
    if (!trace.f) {
      mc_shim_diagnose(m, MC_DIAG_ERROR, NULL,
                       mc_sprintf(a, "cannot write the trace '%s'", o->run_trace));
      mc_arena_free(a);
      return false;
    }
    c.trace = write_trace;
    c.trace_user = &trace;
  }
  FILE *protocol_trace = NULL;
  if (o->run_protocol_trace[0] && !(protocol_trace = fopen(o->run_protocol_trace, "w"))) {
    mc_shim_diagnose(m, MC_DIAG_ERROR, NULL,
                     mc_sprintf(a, "cannot write the trace '%s'", o->run_protocol_trace));
    if (trace.f)
      fclose(trace.f);
    mc_arena_free(a);
    return false;
  }
  mc_kernel_result *results = mc_alloc(a, (ks->nkernels + 1) * sizeof *results);
  bool ok = results != NULL;
  for (unsigned i = 0; ok && i < ks->nkernels; i++) {
    mc_lockstep *ls = mc_lockstep_build(a, &ks->kernels[i], o);
    const mc_run_result *runs[1000];
    unsigned n = 0;
    trace.k = &ks->kernels[i];
    for (unsigned s = 0; ls && s < o->run_orders; s++) {
      c.seed = o->run_seed + s;
      trace.seed = c.seed;
      runs[n] = mc_run_kernel(a, ls, o, &c);
      if (runs[n])
        n++;
    }
    ok = run_result(a, &ks->kernels[i], ls, o, &c, runs, n, &results[i]);
    if (ok)
      mc_report_remarks(a, o, &results[i]);
    if (ok && protocol_trace)
      ok = mc_write_protocol_trace(a, &ks->kernels[i], o, c.block_dim, c.grid_dim,
                                   protocol_trace);
  }
  if (trace.f)
    fclose(trace.f);
  if (protocol_trace)
    fclose(protocol_trace);
  mc_strbuf out = {0};
  if (ok)
    mc_report_module(a, o, ks, results, &out);
  char err[512] = "out of memory";
  ok = ok && !out.oom;
  if (ok && o->report_dir[0])
    ok = mc_report_write(o, ks, mc_strbuf_str(&out), err, sizeof err);
  else if (ok)
    fputs(mc_strbuf_str(&out), stdout);
  if (!ok)
    mc_shim_diagnose(m, MC_DIAG_ERROR, NULL, err);
  mc_strbuf_free(&out);
  mc_arena_free(a);
  return ok;
}

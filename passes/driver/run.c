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

#include "mapcost/interp.h"
#include "mapcost/kernels.h"
#include "mapcost/lockstep.h"
#include "mapcost/report.h"
#include "mapcost/shim.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <string.h>

static void key(mc_strbuf *b, const char *k) {
  mc_strbuf_json_string(b, k);
  mc_strbuf_append(b, ": ");
}

static void loc(mc_strbuf *b, LLVMValueRef inst, const char *access) {
  unsigned line = inst ? LLVMGetDebugLocLine(inst) : 0;
  unsigned col = inst ? LLVMGetDebugLocColumn(inst) : 0;
  mc_strbuf_printf(b, "{\"line\": %u, \"column\": %u, \"access\": \"%s\"}", line,
                   col, access);
}

static const char *access_name(mc_access_kind k) {
  return k == MC_ACCESS_WRITE ? "write" : k == MC_ACCESS_ATOMIC ? "atomic" : "read";
}

static void dim3(mc_strbuf *b, const unsigned d[3]) {
  mc_strbuf_printf(b, "[%u, %u, %u]", d[0], d[1], d[2]);
}

/* The element index of a byte offset, per dimension of a static array. */
static void index_of(mc_strbuf *b, const mc_array *arr, uint64_t off,
                     uint64_t elem_size) {
  uint64_t e = elem_size ? off / elem_size : off;
  mc_strbuf_append(b, "[");
  if (arr && arr->ndims > 1 && arr->kind == MC_ARRAY_SHARED) {
    uint64_t stride[MC_MAX_ARRAY_DIMS];
    stride[arr->ndims - 1] = 1;
    for (int d = (int)arr->ndims - 2; d >= 0; d--)
      stride[d] = stride[d + 1] * (arr->dims[d + 1] ? arr->dims[d + 1] : 1);
    for (unsigned d = 0; d < arr->ndims; d++) {
      mc_strbuf_printf(b, "%s%llu", d ? ", " : "", (unsigned long long)(e / stride[d]));
      e %= stride[d];
    }
  } else {
    mc_strbuf_printf(b, "%llu", (unsigned long long)e);
  }
  mc_strbuf_append(b, "]");
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

static void race_json(mc_strbuf *b, const mc_kernel *k, const mc_options *o,
                      const mc_run_config *c, const mc_observed_race *r,
                      LLVMTargetDataRef td) {
  const mc_array *arr = r->array >= 0 ? &k->arrays[r->array] : NULL;
  mc_strbuf_printf(b, "{\"kind\": \"%s\", \"certainty\": \"confirmed\", \"scope\": \"%s\", ",
                   r->write_write ? "write-write" : "read-write",
                   r->grid ? "grid" : "block");
  key(b, "first");
  loc(b, r->first.inst, access_name(r->first.kind));
  mc_strbuf_append(b, ", ");
  key(b, "second");
  loc(b, r->second.inst, access_name(r->second.kind));
  mc_strbuf_append(b, ", \"witness\": {\"tid1\": ");
  dim3(b, r->first.tid);
  mc_strbuf_append(b, ", \"tid2\": ");
  dim3(b, r->second.tid);
  mc_strbuf_append(b, ", \"block1\": ");
  dim3(b, r->first.block);
  mc_strbuf_append(b, ", \"block2\": ");
  dim3(b, r->second.block);
  mc_strbuf_append(b, ", \"block_dim\": ");
  dim3(b, c->block_dim);
  mc_strbuf_append(b, ", \"grid_dim\": ");
  dim3(b, c->grid_dim);
  mc_strbuf_append(b, ", \"index\": ");
  index_of(b, arr, r->byte_offset, elem_size_of(r->second.inst, td));
  mc_strbuf_printf(b, ", \"byte_offset\": %llu, \"iterations\": {}, \"params\": {",
                   (unsigned long long)r->byte_offset);
  unsigned shown = 0; /* the values of this kernel's own parameters */
  for (unsigned p = 0; p < k->nparams; p++) {
    const mc_param_fact *f = mc_options_param(o, k->params[p].name);
    if (!f)
      continue;
    mc_strbuf_append(b, shown++ ? ", " : "");
    key(b, f->name);
    mc_strbuf_printf(b, "%lld", (long long)f->value);
  }
  mc_strbuf_append(b, "}}}");
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

static void kernel_json(mc_arena *a, const mc_kernel *k, const mc_options *o,
                        const mc_run_config *c, const mc_run_result *const *runs,
                        unsigned nruns, mc_strbuf *b) {
  const mc_run_result *r = runs[0];
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(k->fn));
  bool race = false, agree = true;
  const char *error = NULL;
  for (unsigned i = 0; i < nruns; i++) {
    race |= runs[i]->nraces > 0;
    agree &= runs[i]->ok && runs[i]->memory_hash == r->memory_hash;
    if (!runs[i]->ok && !error)
      error = runs[i]->error;
  }
  bool div = false;
  for (unsigned i = 0; i < nruns; i++)
    div |= runs[i]->ndivergences > 0;
  const char *verdict = race ? "race" : div ? "barrier-divergence"
                        : error ? "inconclusive" : "drf";
  mc_strbuf_append(b, "{");
  mc_report_kernel_identity(k, b);
  unsigned blocks = c->grid_dim[0] * c->grid_dim[1] * c->grid_dim[2];
  mc_strbuf_printf(b, ", \"verdict\": \"%s\", \"checked\": {\"block\": true, \"grid\": %s}",
                   verdict, blocks > 1 ? "true" : "false");
  /* "drf" here means no race was seen, not that none can happen. */
  mc_strbuf_append(b, ", \"assumptions\": [\"a concrete run: what was observed with these "
                      "dimensions, parameters, contents and schedules only\"], \"reasons\": [");
  if (error)
    mc_strbuf_json_string(b, error);
  mc_strbuf_append(b, "], ");
  mc_report_kernel_params(k, b);
  mc_strbuf_append(b, ", \"arrays\": [");
  for (unsigned i = 0; i < k->narrays; i++) {
    bool arr_race = false;
    mc_strbuf_append(b, i ? ", {" : "{");
    key(b, "name");
    mc_strbuf_json_string(b, k->arrays[i].name);
    mc_strbuf_printf(b, ", \"space\": \"%s\", ", mc_space_name(k->arrays[i].space));
    key(b, "type");
    mc_strbuf_json_string(b, mc_array_type_text(a, &k->arrays[i]));
    mc_strbuf_append(b, ", \"races\": [");
    unsigned n = 0;
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
        if (dup)
          continue;
        mc_strbuf_append(b, n++ ? ", " : "");
        race_json(b, k, o, c, rc, td);
        arr_race = true;
      }
    mc_strbuf_printf(b, "], \"verdict\": \"%s\"}",
                     arr_race ? "race" : error ? "inconclusive" : "drf");
  }
  mc_strbuf_append(b, "], \"barrier_divergence\": [");
  for (unsigned i = 0; i < r->ndivergences; i++) {
    const mc_observed_divergence *d = &r->divergences[i];
    mc_strbuf_printf(b, "%s{\"line\": %u, \"column\": %u, ", i ? ", " : "",
                     LLVMGetDebugLocLine(d->barrier), LLVMGetDebugLocColumn(d->barrier));
    key(b, "condition");
    mc_strbuf_json_string(
        b, mc_sprintf(a, "observed: %u of %u live threads of %s (%u,%u,%u) reached it",
                      d->reached, d->live, d->warp ? "a warp of block" : "block",
                      d->block[0], d->block[1], d->block[2]));
    mc_strbuf_append(b, "}");
  }
  mc_strbuf_append(b, "], \"costs\": [");
  bool measured = c->lanes > 1 && !error; /* a stopped run measured nothing whole */
  for (unsigned i = 0; measured && i < r->ncosts; i++) {
    const mc_observed_cost *cost = &r->costs[i];
    int arr = array_of(k, cost->inst);
    mc_strbuf_append(b, i ? ", {" : "{");
    key(b, "array");
    mc_strbuf_json_string(b, arr >= 0 ? k->arrays[arr].name : "?");
    mc_strbuf_printf(b,
                     ", \"metric\": \"%s\", \"line\": %u, \"column\": %u, "
                     "\"cost\": \"%llu\", \"relation\": \"=\", \"executions\": %llu}",
                     cost->shared ? "bank-conflicts" : "uncoalesced",
                     LLVMGetDebugLocLine(cost->inst), LLVMGetDebugLocColumn(cost->inst),
                     (unsigned long long)cost->cost,
                     (unsigned long long)cost->executions);
  }
  mc_strbuf_append(b, "], \"total_cost\": {");
  if (measured)
    mc_strbuf_printf(b,
                     "\"uncoalesced\": {\"cost\": \"%llu\", \"relation\": \"=\"}, "
                     "\"bank-conflicts\": {\"cost\": \"%llu\", \"relation\": \"=\"}",
                     (unsigned long long)r->total_uncoalesced,
                     (unsigned long long)r->total_bank_conflicts);
  mc_strbuf_printf(b, "}, \"run\": {\"mode\": \"%s\", \"memory_agrees\": %s, \"orders\": [",
                   c->lanes > 1 ? "lockstep" : "interleave", agree ? "true" : "false");
  for (unsigned i = 0; i < nruns; i++)
    mc_strbuf_printf(b, "%s{\"seed\": %llu, \"memory_hash\": \"%016llx\", \"steps\": %llu, "
                        "\"blocks\": %u, \"ok\": %s}",
                     i ? ", " : "", (unsigned long long)(o->run_seed + i),
                     (unsigned long long)runs[i]->memory_hash,
                     (unsigned long long)runs[i]->steps, runs[i]->blocks_run,
                     runs[i]->ok ? "true" : "false");
  mc_strbuf_append(b, "]}}");
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
} trace_file;

/* -mapcost-run-trace: one line per access of one thread. */
static void write_trace(void *user, const mc_access_event *e) {
  static const char *const kinds[] = {"read", "write", "atomic"};
  static const char *const scopes[] = {"block", "device", "system"};
  trace_file *t = user;
  fprintf(t->f,
          "kernel=%s seed=%llu interval=%llu block=%u,%u,%u tid=%u,%u,%u array=%s "
          "offset=%llu bytes=%llu kind=%s scope=%s line=%u column=%u mask=0x%llx\n",
          t->k->name, (unsigned long long)t->seed, (unsigned long long)e->interval,
          e->block[0], e->block[1], e->block[2], e->tid[0], e->tid[1], e->tid[2],
          e->array >= 0 ? t->k->arrays[e->array].name : "-",
          (unsigned long long)e->byte_offset, (unsigned long long)e->bytes,
          kinds[e->kind], scopes[e->scope], LLVMGetDebugLocLine(e->inst),
          LLVMGetDebugLocColumn(e->inst), (unsigned long long)e->active_mask);
}

bool mc_run_module(LLVMModuleRef m, const mc_options *o) {
  mc_run_config c;
  if (!config_from(m, o, &c))
    return false;
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = a ? mc_find_kernels(a, m) : NULL;
  if (!ks) {
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
  mc_strbuf out = {0};
  mc_strbuf_append(&out, "{\"version\": 1, ");
  key(&out, "source");
  mc_strbuf_json_string(&out, ks->source);
  mc_strbuf_printf(&out, ", \"debug_info\": %s, \"kernels\": [",
                   ks->has_debug_info ? "true" : "false");
  for (unsigned i = 0; i < ks->nkernels; i++) {
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
    if (!n)
      continue;
    mc_strbuf_append(&out, i ? ",\n  " : "\n  ");
    kernel_json(a, &ks->kernels[i], o, &c, runs, n, &out);
  }
  mc_strbuf_append(&out, "]}\n");
  if (trace.f)
    fclose(trace.f);
  bool ok = !out.oom;
  char err[512];
  if (ok && o->report_dir[0])
    ok = mc_report_write(o, ks, mc_strbuf_str(&out), err, sizeof err);
  else if (ok)
    fputs(mc_strbuf_str(&out), stdout);
  if (!ok)
    mc_shim_diagnose(m, MC_DIAG_ERROR, NULL, out.oom ? "out of memory" : err);
  mc_strbuf_free(&out);
  mc_arena_free(a);
  return ok;
}

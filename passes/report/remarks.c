/* remarks.c - stage 7: a kernel's findings as remarks (CONTRACT §2). */
#include "mapcost/report.h"
#include "mapcost/shim.h"
#include "mapcost/sym.h"

enum { MAX_ARGS = 128 };

typedef struct {
  mc_remark_arg v[MAX_ARGS];
  size_t n;
} arg_list;

static void text(arg_list *l, const char *s) {
  if (l->n < MAX_ARGS && s)
    l->v[l->n++] = (mc_remark_arg){NULL, s, NULL};
}

static void keyed(arg_list *l, const char *key, const char *value) {
  if (l->n < MAX_ARGS && value)
    l->v[l->n++] = (mc_remark_arg){key, value, NULL};
}

/* How the analysis sees the block size: fixed by an option, bounded by the
 * kernel's launch bounds, or CUDA's limits. */
static const char *block_dim_text(mc_arena *a, const mc_options *o,
                                  const mc_kernel *k) {
  const unsigned *d = o->block_dim, *req = k->bounds.reqntid;
  if (d[0])
    return mc_sprintf(a, "%ux%ux%u (-mapcost-block-dim)", d[0], d[1], d[2]);
  if (req[0])
    return mc_sprintf(a, "%ux%ux%u (reqntid)", req[0], req[1], req[2]);
  if (k->bounds.maxntid[0]) {
    const unsigned *m = k->bounds.maxntid;
    return mc_sprintf(a, "any, at most %u threads (__launch_bounds__)",
                      m[0] * m[1] * m[2]);
  }
  return "any, at most 1024 threads";
}

static const char *grid_dim_text(mc_arena *a, const mc_options *o) {
  const unsigned *d = o->grid_dim;
  if (d[0])
    return mc_sprintf(a, "%ux%ux%u (-mapcost-grid-dim)", d[0], d[1], d[2]);
  return "any";
}

static void kernel_summary(mc_arena *a, const mc_options *o,
                           const mc_kernel *k) {
  arg_list l = {0};
  text(&l, "kernel '");
  keyed(&l, "Kernel", k->name);
  text(&l, "' uses ");
  keyed(&l, "Arrays", mc_sprintf(a, "%u", k->narrays));
  text(&l, k->narrays == 1 ? " array" : " arrays");
  for (unsigned i = 0; i < k->narrays; i++) {
    const mc_array *arr = &k->arrays[i];
    text(&l, i ? ", " : ": ");
    keyed(&l, "Array", arr->name);
    text(&l, " (");
    keyed(&l, "Space", mc_space_name(arr->space));
    text(&l, " ");
    keyed(&l, "Type", mc_array_type_text(a, arr));
    text(&l, ")");
  }
  text(&l, "; block size ");
  keyed(&l, "BlockDim", block_dim_text(a, o, k));
  text(&l, ", grid size ");
  keyed(&l, "GridDim", grid_dim_text(a, o));
  const mc_launch_bounds *b = &k->bounds;
  if (b->maxntid[0] || b->minctasm) {
    text(&l, "; launch bounds ");
    unsigned threads = b->maxntid[0] * b->maxntid[1] * b->maxntid[2];
    keyed(&l, "LaunchBounds",
          !b->minctasm ? mc_sprintf(a, "maxntid %u", threads)
          : !threads   ? mc_sprintf(a, "minctasm %u", b->minctasm)
                       : mc_sprintf(a, "maxntid %u, minctasm %u", threads,
                                    b->minctasm));
  }
  mc_shim_remark(MC_REMARK_ANALYSIS, "KernelSummary", k->fn, NULL, l.v, l.n);
}

/* A remark per divergent barrier, and a warning when warnings are on. */
static void barrier_divergence(mc_arena *a, const mc_options *o,
                               const mc_kernel_result *r) {
  for (unsigned i = 0; i < r->ndivergences; i++) {
    const mc_barrier_divergence *d = &r->divergences[i];
    const char *scope = d->warp ? "warp" : "block";
    arg_list l = {0};
    text(&l, "barrier divergence in kernel '");
    keyed(&l, "Kernel", r->kernel->name);
    text(&l, "': ");
    text(&l, d->name);
    text(&l, " at ");
    if (l.n < MAX_ARGS)
      l.v[l.n++] = (mc_remark_arg){"Barrier", NULL, d->barrier};
    text(&l, mc_sprintf(a, " may be reached by some threads of a %s and not "
                           "others: only by threads where ", scope));
    keyed(&l, "Condition", d->condition);
    text(&l, " (");
    keyed(&l, "Cause", d->reason);
    text(&l, ")");
    mc_shim_remark(MC_REMARK_MISSED, "BarrierDivergence", r->kernel->fn,
                   d->barrier, l.v, l.n);
    if (!o->warnings)
      continue;
    const char *at = d->file ? mc_sprintf(a, " at %s:%u:%u", d->file, d->line,
                                          d->column)
                             : "";
    const char *msg = mc_sprintf(
        a, "barrier divergence in kernel '%s': %s%s is reached only by threads "
           "where %s; move the barrier out of the condition or make the "
           "condition the same for the whole %s",
        r->kernel->name, d->name, at, d->condition, scope);
    if (msg)
      mc_shim_diagnose(LLVMGetGlobalParent(r->kernel->fn), MC_DIAG_WARNING,
                       d->barrier, msg);
  }
}

static void loc_arg(arg_list *l, const char *key, LLVMValueRef inst) {
  if (l->n < MAX_ARGS)
    l->v[l->n++] = (mc_remark_arg){key, NULL, inst};
}

/* The texts below are "?" when out of memory, never NULL. */
static const char *dim3_text(mc_arena *a, const unsigned d[3]) {
  const char *s = mc_sprintf(a, "(%u,%u,%u)", d[0], d[1], d[2]);
  return s ? s : "?";
}

/* "reps = 2, r = 1": the parameters and loop iterations that matter. */
static const char *values_text(mc_arena *a, const mc_witness_value *v, unsigned n) {
  const char *s = "";
  for (unsigned i = 0; i < n && s; i++)
    s = mc_sprintf(a, "%s%s%s = %lld", s, i ? ", " : "", v[i].name, (long long)v[i].value);
  return s ? s : "?";
}

static const char *site_text(mc_arena *a, const mc_race_site *s) {
  const char *t = s->file ? mc_sprintf(a, "%s:%u:%u", s->file, s->line, s->column)
                          : mc_sprintf(a, "line %u", s->line);
  return t ? t : "?";
}

/* RaceFree: array i of a kernel that was analysed, not merely run. */
static void race_free(mc_arena *a, const mc_options *o, const mc_kernel_result *r,
                      unsigned i) {
  const mc_kernel *k = r->kernel;
  arg_list l = {0};
  text(&l, "kernel '");
  keyed(&l, "Kernel", k->name);
  text(&l, "': ");
  keyed(&l, "Space", mc_space_name(k->arrays[i].space));
  text(&l, " array '");
  keyed(&l, "Array", k->arrays[i].name);
  text(&l, "' is free of data races at ");
  keyed(&l, "Scope", r->checked_block && r->checked_grid ? "block and grid"
                     : r->checked_block                  ? "block"
                                                         : "grid");
  text(&l, " scope");
  const char *dims = mc_sym_unread_dims_text(a, mc_sym_unread_dims(k, o));
  if (dims) {
    text(&l, ", assuming ");
    keyed(&l, "Assumes", dims);
  }
  mc_shim_remark(MC_REMARK_PASSED, "RaceFree", k->fn, NULL, l.v, l.n);
}

/* DataRace with the witness as keyed arguments (CONTRACT §2). */
static void race_remark(mc_arena *a, const mc_kernel *k, const mc_array *arr,
                        const mc_race *rc, const char *suppressed) {
  arg_list l = {0};
  text(&l, rc->confirmed ? "data race" : "possible data race");
  text(&l, " on ");
  keyed(&l, "Space", mc_space_name(arr->space));
  text(&l, " array '");
  keyed(&l, "Array", arr->name);
  text(&l, "' in kernel '");
  keyed(&l, "Kernel", k->name);
  text(&l, "': ");
  text(&l, rc->first.access);
  text(&l, " at ");
  loc_arg(&l, "First", rc->first.inst);
  text(&l, " by thread ");
  keyed(&l, "Tid1", dim3_text(a, rc->tid1));
  text(&l, " of block ");
  keyed(&l, "Block1", dim3_text(a, rc->block1));
  text(&l, " and ");
  text(&l, rc->second.access);
  text(&l, " at ");
  loc_arg(&l, "Second", rc->second.inst);
  text(&l, " by thread ");
  keyed(&l, "Tid2", dim3_text(a, rc->tid2));
  text(&l, " of block ");
  keyed(&l, "Block2", dim3_text(a, rc->block2));
  text(&l, ", element ");
  const char *index = "";
  for (unsigned d = 0; d < rc->nindex && d < 3 && index; d++)
    index = mc_sprintf(a, "%s[%lld]", index, (long long)rc->index[d]);
  keyed(&l, "Index", index);
  text(&l, " (");
  keyed(&l, "Kind", rc->write_write ? "write-write" : "read-write");
  text(&l, ", ");
  keyed(&l, "Certainty", rc->confirmed ? "confirmed" : "possible");
  text(&l, ", ");
  keyed(&l, "Scope", rc->grid ? "grid" : "block");
  text(&l, " scope; blockDim ");
  keyed(&l, "BlockDim", dim3_text(a, rc->block_dim));
  text(&l, ", gridDim ");
  keyed(&l, "GridDim", dim3_text(a, rc->grid_dim));
  if (rc->nparams) {
    text(&l, ", when ");
    keyed(&l, "Params", values_text(a, rc->params, rc->nparams));
  }
  if (rc->niterations) {
    text(&l, ", in iteration ");
    keyed(&l, "Iterations", values_text(a, rc->iterations, rc->niterations));
  }
  if (!rc->confirmed && rc->approximated) {
    text(&l, "; possible because ");
    keyed(&l, "Approximated", rc->approximated);
  }
  text(&l, ")");
  if (suppressed) {
    text(&l, "; suppressed: ");
    keyed(&l, "Suppressed", suppressed);
  }
  mc_shim_remark(MC_REMARK_MISSED, "DataRace", k->fn, rc->first.inst, l.v, l.n);
}

/* The warning of a race that is not suppressed: what happens, and what to
 * do about it (a barrier only where one can order the two accesses). */
static void race_warning(mc_arena *a, const mc_kernel *k, const mc_array *arr,
                         const mc_race *rc) {
  const char *fix =
      rc->grid ? "threads of different blocks cannot wait for each other: give them "
                 "different elements or use atomics"
      : rc->first.inst == rc->second.inst
          ? "give each thread its own element, or use an atomic"
          : "put __syncthreads() between the two accesses, or give each thread its own "
            "element";
  const char *blocks = rc->grid ? mc_sprintf(a, " of blocks %s and %s", dim3_text(a, rc->block1),
                                             dim3_text(a, rc->block2))
                                : "";
  const char *when =
      rc->nparams ? mc_sprintf(a, " when %s", values_text(a, rc->params, rc->nparams)) : "";
  const char *possible = rc->confirmed || !rc->approximated
                             ? ""
                             : mc_sprintf(a, " (possible: %s)", rc->approximated);
  const char *msg = mc_sprintf(
      a, "%sdata race on %s array '%s' in kernel '%s': %s at %s by thread %s and %s at %s "
         "by thread %s%s%s%s; %s (or accept it with __mapcost_suppress(%s, \"why\"))",
      rc->confirmed ? "" : "possible ", mc_space_name(arr->space), arr->name, k->name,
      rc->first.access ? rc->first.access : "?", site_text(a, &rc->first),
      dim3_text(a, rc->tid1), rc->second.access ? rc->second.access : "?",
      site_text(a, &rc->second), dim3_text(a, rc->tid2), blocks ? blocks : "",
      when ? when : "", possible ? possible : "", fix, arr->name);
  if (msg)
    mc_shim_diagnose(LLVMGetGlobalParent(k->fn), MC_DIAG_WARNING, rc->first.inst, msg);
}

static void races(mc_arena *a, const mc_options *o, const mc_kernel_result *r) {
  const mc_kernel *k = r->kernel;
  for (unsigned i = 0; i < k->narrays; i++) {
    const mc_array_result *ar = &r->arrays[i];
    if (ar->verdict == MC_VERDICT_DRF && !r->observed && (r->checked_block || r->checked_grid))
      race_free(a, o, r, i);
    for (unsigned j = 0; j < ar->nraces; j++) {
      const char *suppressed = mc_report_suppressed(k, (int)i, &ar->races[j]);
      race_remark(a, k, &k->arrays[i], &ar->races[j], suppressed);
      if (o->warnings && !suppressed)
        race_warning(a, k, &k->arrays[i], &ar->races[j]);
    }
  }
}

/* UncoalescedCost and BankConflictCost: per access, then the totals. */
static void costs(const mc_kernel_result *r) {
  const mc_kernel *k = r->kernel;
  for (unsigned pass = 0; pass < 2; pass++) {
    const mc_cost *cs = pass ? r->totals : r->costs;
    unsigned n = pass ? r->ntotals : r->ncosts;
    for (unsigned i = 0; i < n; i++) {
      const mc_cost *c = &cs[i];
      bool bank = c->metric == MC_METRIC_BANK_CONFLICTS;
      arg_list l = {0};
      text(&l, bank ? "bank conflicts" : "uncoalesced");
      text(&l, pass ? " in total for kernel '" : " for kernel '");
      keyed(&l, "Kernel", k->name);
      if (!pass && c->array >= 0 && (unsigned)c->array < k->narrays) {
        text(&l, "', array '");
        keyed(&l, "Array", k->arrays[c->array].name);
      }
      text(&l, "': ");
      keyed(&l, "Cost", c->cost);
      text(&l, bank ? " extra bank accesses per warp (" : " segments per warp (");
      keyed(&l, "Relation", c->exact ? "=" : "<=");
      text(&l, c->exact ? ", exact)" : ", upper bound)");
      if (c->why) {
        text(&l, ": ");
        keyed(&l, "Why", c->why);
      }
      mc_shim_remark(MC_REMARK_ANALYSIS, bank ? "BankConflictCost" : "UncoalescedCost", k->fn,
                     pass ? NULL : c->inst, l.v, l.n);
    }
  }
}

static void inconclusive(const mc_kernel_result *r) {
  for (unsigned i = 0; i < r->nreasons; i++) {
    arg_list l = {0};
    text(&l, "kernel '");
    keyed(&l, "Kernel", r->kernel->name);
    text(&l, "' is not checked for data races: ");
    keyed(&l, "Reason", r->reasons[i]);
    mc_shim_remark(MC_REMARK_MISSED, "Inconclusive", r->kernel->fn, NULL, l.v,
                   l.n);
  }
}

void mc_report_remarks(mc_arena *a, const mc_options *o,
                       const mc_kernel_result *r) {
  kernel_summary(a, o, r->kernel);
  races(a, o, r);
  barrier_divergence(a, o, r);
  if (r->verdict == MC_VERDICT_INCONCLUSIVE)
    inconclusive(r);
  costs(r);
}

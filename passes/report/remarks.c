/* remarks.c - stage 7: a kernel's findings as remarks (CONTRACT §2). */
#include "mapcost/report.h"
#include "mapcost/shim.h"

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
  barrier_divergence(a, o, r);
  if (r->verdict == MC_VERDICT_INCONCLUSIVE)
    inconclusive(r);
}

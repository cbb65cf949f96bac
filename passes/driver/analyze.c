/* analyze.c - runs the stages over a module, kernel by kernel.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes=mapcost \
 *       -pass-remarks-analysis=mapcost -disable-output k.ll
 *
 * Each kernel gets its own arena, freed when its verdicts are emitted.
 */
#include "mapcost/analyze.h"

#include "mapcost/access.h"
#include "mapcost/cost.h"
#include "mapcost/drf.h"
#include "mapcost/facts.h"
#include "mapcost/kernels.h"
#include "mapcost/lockstep.h"
#include "mapcost/protocol.h"
#include "mapcost/report.h"
#include "mapcost/shim.h"

#include <stdio.h>
#include <string.h>

static bool kernel_has_param(const mc_kernels *ks, const char *name) {
  for (unsigned i = 0; i < ks->nkernels; i++)
    for (unsigned p = 0; p < ks->kernels[i].nparams; p++)
      if (!strcmp(ks->kernels[i].params[p].name, name))
        return true;
  return false;
}

/* -mapcost-param names that no kernel has are almost always typos. */
static void check_param_facts(LLVMModuleRef m, const mc_options *o,
                              const mc_kernels *ks) {
  if (!ks->nkernels)
    return;
  for (size_t i = 0; i < o->nparams; i++) {
    if (kernel_has_param(ks, o->params[i].name))
      continue;
    char msg[512];
    snprintf(msg, sizeof msg,
             "-mapcost-param=%s=%lld: no kernel in this module has a "
             "parameter named '%s'%s",
             o->params[i].name, (long long)o->params[i].value,
             o->params[i].name,
             ks->has_debug_info ? "" : " (compile with -g for source names)");
    mc_shim_diagnose(m, MC_DIAG_WARNING, NULL, msg);
  }
}

/* Once per module: what is missing for source names, and how to get it. */
static void note_missing_debug_info(const mc_kernels *ks) {
  if (ks->has_variable_info || !ks->nkernels)
    return;
  mc_remark_arg args[] = {
      {NULL,
       ks->has_debug_info && ks->params_from_source
           ? "the debug info has no variables: parameters are named from "
             "the source text, loop variables from the IR; compile the device "
             "side with -O0 -g for their source names (clang keeps only line "
             "tables for optimized device code)"
       : ks->has_debug_info
           ? "the debug info has no variables: parameters are named from "
             "the IR; compile the device side with -O0 -g for their source "
             "names (clang keeps only line tables for optimized device code)"
           : "compile with -g for source names and lines: kernels, "
             "parameters and arrays are named from the IR",
       NULL},
  };
  mc_shim_remark(MC_REMARK_ANALYSIS, "NoDebugInfo", ks->kernels[0].fn, NULL,
                 args, sizeof args / sizeof args[0]);
}

/* Stage 2: an irreducible CFG stops the kernel (reason irreducible-cfg);
 * divergent barriers are reported; a counted barrier that may be partial
 * leaves the kernel inconclusive. */
static bool lockstep_verdict(const mc_lockstep *ls, mc_kernel_result *r,
                             mc_arena *a) {
  if (ls->status == MC_LS_IRREDUCIBLE) {
    r->reasons[r->nreasons++] = "irreducible-cfg";
    return true;
  }
  mc_barrier_divergence *d = mc_alloc(a, (ls->nbarriers + 1) * sizeof *d);
  if (!d)
    return false;
  for (unsigned i = 0; i < ls->nbarriers; i++) {
    const mc_ls_barrier *b = &ls->barriers[i];
    if (b->verdict == MC_LS_BARRIER_INCONCLUSIVE && r->nreasons < MC_MAX_NOTES)
      r->reasons[r->nreasons++] = b->reason;
    if (b->verdict != MC_LS_BARRIER_DIVERGENT)
      continue;
    d[r->ndivergences++] = (mc_barrier_divergence){
        b->call, b->name, b->condition, b->reason,
        b->scope == MC_UNIFORM_WARP, b->file, b->line, b->column};
  }
  r->divergences = d;
  if (ls->unseen_barriers && r->nreasons < MC_MAX_NOTES)
    r->reasons[r->nreasons++] = ls->unseen_barriers;
  return true;
}

/* The kernel's verdict (CONTRACT §3): a race in any array, else a divergent
 * barrier, else whatever could not be decided, else drf. */
static mc_verdict kernel_verdict(const mc_kernel_result *r) {
  bool race = false, undecided = r->nreasons > 0;
  for (unsigned i = 0; i < r->kernel->narrays; i++) {
    race |= r->arrays[i].verdict == MC_VERDICT_RACE;
    undecided |= r->arrays[i].verdict == MC_VERDICT_INCONCLUSIVE;
  }
  return race                ? MC_VERDICT_RACE
         : r->ndivergences   ? MC_VERDICT_BARRIER_DIVERGENCE
         : undecided         ? MC_VERDICT_INCONCLUSIVE
                             : MC_VERDICT_DRF;
}

/* A kernel between its start (protocol built, race jobs started) and its
 * end (verdicts, costs). */
typedef struct {
  mc_protocol *p;
  mc_drf_kernel *races; /* NULL: no race jobs (irreducible) */
  mc_budget budget;
  uint64_t allotment;   /* the budget it was given */
  bool module_limited;  /* by what the module had left */
  bool ok;              /* not out of memory (or of the budget) */
} kernel_run;

/* Stages 2 to 5 up to the race jobs' start: lock-step form, protocol. */
static bool start_kernel(const mc_options *o, mc_drf_pool *pool, const mc_kernel *k,
                         mc_kernel_result *r, mc_arena *a, kernel_run *run) {
  r->kernel = k;
  r->arrays = mc_alloc(a, (k->narrays + 1) * sizeof *r->arrays);
  if (!r->arrays)
    return false;
  unsigned pointers = 0; /* regions of pointer parameters */
  for (unsigned i = 0; i < k->narrays; i++)
    pointers += k->arrays[i].kind == MC_ARRAY_PARAM && k->arrays[i].region == (int)i;
  if (pointers > 1) {
    unsigned ngroups;
    const char *groups = mc_alias_groups_text(a, k, &ngroups);
    const char *except =
        !groups ? NULL
        : ngroups == 1
            ? mc_sprintf(a, "kernel pointer parameters do not alias, except that %s may "
                            "point into one allocation (__mapcost_alias)", groups)
            : mc_sprintf(a, "kernel pointer parameters do not alias, except within the "
                            "groups %s, each of which may point into one allocation "
                            "(__mapcost_alias)", groups);
    if (groups && !except)
      return false;
    r->assumptions[r->nassumptions++] = except ? except : "kernel pointer parameters do not alias";
  }
  const char *dims = mc_sym_unread_dims_text(a, mc_sym_unread_dims(k, o));
  if (dims)
    r->assumptions[r->nassumptions++] = dims;
  mc_protocol *p = run->p = mc_protocol_build(a, k, o);
  if (!p || !lockstep_verdict(p->ls, r, a))
    return false;
  if (p->ls->status == MC_LS_IRREDUCIBLE) {
    for (unsigned i = 0; i < k->narrays; i++)
      r->arrays[i] = (mc_array_result){MC_VERDICT_INCONCLUSIVE, NULL, NULL, 0};
    return true;
  }
  return (run->races = mc_drf_start(pool, a, p, o, r)) != NULL;
}

/* The rest: the races' verdicts, the kernel's, the costs (unless
 * -mapcost-costs=0). */
static bool finish_kernel(const mc_options *o, mc_drf_pool *pool, mc_kernel_result *r,
                          mc_arena *a, kernel_run *run) {
  if (run->races && !mc_drf_finish(pool, run->races))
    return false;
  r->verdict = kernel_verdict(r);
  return run->p->failed || !o->costs || mc_cost_results(a, o, run->p, r);
}

/* A kernel whose step budget ran out: Inconclusive, with what ran out,
 * where, and the option that raises it; nothing it found on the way. */
static void budget_spent(mc_arena *a, const mc_options *o, const mc_budget *b,
                         bool module_limited, mc_kernel_result *r) {
  r->verdict = MC_VERDICT_INCONCLUSIVE;
  r->ndivergences = 0;
  r->ncosts = r->ntotals = 0;
  r->nreasons = 0;
  /* no array's races either: which were found before the budget ran out
   * depends on how many race jobs ran at once */
  for (unsigned i = 0; i < r->kernel->narrays; i++)
    r->arrays[i] = (mc_array_result){MC_VERDICT_INCONCLUSIVE, NULL, NULL, 0};
  const char *why =
      module_limited
          ? mc_sprintf(a, "analysis budget spent: the kernels of this module "
                          "took more than %llu steps (in %s); raise "
                          "-mapcost-module-steps",
                       (unsigned long long)o->module_steps, b->in)
          : mc_sprintf(a, "analysis budget spent: more than %llu steps for "
                          "this kernel (in %s); raise -mapcost-kernel-steps",
                       (unsigned long long)o->kernel_steps, b->in);
  r->reasons[r->nreasons++] = why ? why : "analysis budget spent";
}

/* Stage 1: the kernels and the facts their annotations state. */
static mc_kernels *find_kernels(mc_arena *a, LLVMModuleRef m) {
  mc_kernels *ks = mc_find_kernels(a, m);
  return ks && mc_find_facts(a, m, ks) ? ks : NULL;
}

/* Kernel i's verdicts and costs, then its remarks; what it spent is the
 * module's (all of its budget when that ran out). */
static bool end_kernel(mc_arena *a, const mc_options *o, mc_drf_pool *pool,
                       mc_kernels *ks, mc_kernel_result *results, kernel_run *runs,
                       unsigned i, uint64_t *module_used) {
  kernel_run *run = &runs[i];
  mc_arena_set_budget(a, &run->budget);
  if (run->ok)
    run->ok = finish_kernel(o, pool, &results[i], a, run);
  mc_arena_set_budget(a, NULL);
  *module_used += run->budget.spent ? run->allotment : run->budget.used;
  if (run->budget.spent && results[i].arrays) {
    budget_spent(a, o, &run->budget, run->module_limited, &results[i]);
    run->ok = true;
  }
  if (run->ok) {
    mc_report_remarks(a, o, &results[i]);
    mc_facts_remarks(&ks->kernels[i]);
  }
  return run->ok;
}

/* Kernels are started in order and ended in order, as late as the
 * module's budget allows, so that the race jobs of several kernels run in
 * one child process (races.c). A kernel's budget is what the module has
 * left, at most -mapcost-kernel-steps: where the kernels started before
 * could take so much that less would be left, they end first and the
 * budget is exact. */
bool mc_analyze_module(LLVMModuleRef m, const mc_options *o) {
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = a ? find_kernels(a, m) : NULL;
  mc_kernel_result *results =
      ks ? mc_alloc(a, (ks->nkernels + 1) * sizeof *results) : NULL;
  kernel_run *runs = ks ? mc_alloc(a, (ks->nkernels + 1) * sizeof *runs) : NULL;
  mc_drf_pool *pool = ks ? mc_drf_pool_new(a, o) : NULL;
  bool ok = results && runs && pool;
  if (ok) {
    check_param_facts(m, o, ks);
    note_missing_debug_info(ks);
  }
  uint64_t module_used = 0;
  unsigned ended = 0; /* kernels [0, ended) have ended */
  for (unsigned i = 0; ok && i < ks->nkernels; i++) {
    uint64_t promised = 0; /* to the kernels started, not ended */
    for (unsigned j = ended; j < i; j++)
      promised += runs[j].allotment;
    if (module_used + promised + o->kernel_steps > o->module_steps)
      for (; ok && ended < i; ended++)
        ok = end_kernel(a, o, pool, ks, results, runs, ended, &module_used);
    uint64_t left = o->module_steps > module_used ? o->module_steps - module_used : 0;
    kernel_run *run = &runs[i];
    run->module_limited = left < o->kernel_steps;
    run->allotment = run->module_limited ? left : o->kernel_steps;
    run->budget = (mc_budget){.left = run->allotment};
    mc_arena_set_budget(a, &run->budget);
    run->ok = ok && start_kernel(o, pool, &ks->kernels[i], &results[i], a, run);
    mc_arena_set_budget(a, NULL);
  }
  for (; ok && ks && ended < ks->nkernels; ended++)
    ok = end_kernel(a, o, pool, ks, results, runs, ended, &module_used);
  mc_drf_pool_drain(pool);
  if (!ok)
    mc_shim_diagnose(m, MC_DIAG_ERROR, NULL, "out of memory");
  if (ok && o->report_dir[0]) {
    mc_strbuf text = {0};
    char err[512];
    mc_report_module(a, o, ks, results, &text);
    if (text.oom || !mc_report_write(o, ks, mc_strbuf_str(&text), err, sizeof err)) {
      mc_shim_diagnose(m, MC_DIAG_ERROR, NULL,
                       text.oom ? "out of memory writing the report" : err);
      ok = false;
    }
    mc_strbuf_free(&text);
  }
  mc_arena_free(a);
  return ok;
}

/* The printers' arena: bounded like the analysis of one kernel. */
static mc_arena *printer_arena(mc_budget *b, const mc_options *o) {
  mc_arena *a = mc_arena_new();
  *b = (mc_budget){.left = o->kernel_steps};
  if (a)
    mc_arena_set_budget(a, b);
  return a;
}

static void print_failure(mc_strbuf *out, const mc_budget *b) {
  mc_strbuf_append(out, b->spent ? "mapcost: analysis budget spent; raise "
                                   "-mapcost-kernel-steps\n"
                                 : "mapcost: out of memory\n");
}

/* print<mapcost-lockstep>: each kernel's lock-step form, in module order. */
static bool print_lockstep(LLVMModuleRef m, const mc_options *o, mc_strbuf *out) {
  mc_budget b;
  mc_arena *a = printer_arena(&b, o);
  mc_kernels *ks = a ? find_kernels(a, m) : NULL;
  bool ok = ks != NULL;
  for (unsigned i = 0; ok && i < ks->nkernels; i++) {
    mc_lockstep *ls = mc_lockstep_build(a, &ks->kernels[i], o);
    if (ls)
      mc_lockstep_print(ls, out);
    ok = ls != NULL;
  }
  if (!ok)
    print_failure(out, &b);
  mc_arena_free(a);
  return true;
}

/* print<mapcost-sym>: each kernel's accesses with symbolic offsets. */
static bool print_sym(LLVMModuleRef m, const mc_options *o, mc_strbuf *out) {
  mc_budget b;
  mc_arena *a = printer_arena(&b, o);
  mc_kernels *ks = a ? mc_find_kernels(a, m) : NULL;
  const mc_kernel_accesses **ka =
      ks ? mc_alloc(a, (ks->nkernels + 1) * sizeof *ka) : NULL;
  if (ka) {
    for (unsigned i = 0; i < ks->nkernels; i++)
      ka[i] = mc_find_accesses(a, &ks->kernels[i], o);
    mc_accesses_print(ks, ka, out);
  } else {
    print_failure(out, &b);
  }
  mc_arena_free(a);
  return true;
}

/* print<mapcost-protocols>: each kernel's protocol per array;
 * print<mapcost-cost> (costs): each kernel's cost program and costs. */
static bool print_protocols(LLVMModuleRef m, const mc_options *o, mc_strbuf *out,
                            bool costs) {
  mc_budget b;
  mc_arena *a = printer_arena(&b, o);
  mc_kernels *ks = a ? find_kernels(a, m) : NULL;
  bool ok = ks != NULL;
  if (ok)
    mc_strbuf_printf(out, "mapcost %s of %s\n", costs ? "cost" : "protocols",
                     ks->source);
  for (unsigned i = 0; ok && i < ks->nkernels; i++) {
    mc_protocol *p = mc_protocol_build(a, &ks->kernels[i], o);
    mc_kernel_cost *c = p && costs ? mc_cost_analyze(a, p, o) : NULL;
    if (c)
      mc_cost_print(c, out);
    else if (p && !costs)
      mc_protocol_print(p, out);
    ok = p != NULL && (c != NULL || !costs);
  }
  if (!ok)
    print_failure(out, &b);
  mc_arena_free(a);
  return true;
}

/* print<mapcost-drf>: each kernel's barrier intervals and race queries. */
static bool print_drf(LLVMModuleRef m, const mc_options *o, mc_strbuf *out) {
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = a ? find_kernels(a, m) : NULL;
  bool ok = ks != NULL;
  for (unsigned i = 0; ok && i < ks->nkernels; i++) {
    mc_protocol *p = mc_protocol_build(a, &ks->kernels[i], o);
    if (p)
      mc_drf_print(a, p, o, out);
    ok = p != NULL;
  }
  if (!ok)
    mc_strbuf_append(out, "mapcost: out of memory\n");
  mc_arena_free(a);
  return true;
}

bool mc_print_module(LLVMModuleRef m, const mc_options *o, const char *name,
                     mc_strbuf *out) {
  if (!strcmp(name, "drf"))
    return print_drf(m, o, out);
  if (!strcmp(name, "protocols") || !strcmp(name, "cost"))
    return print_protocols(m, o, out, !strcmp(name, "cost"));
  if (!strcmp(name, "sym"))
    return print_sym(m, o, out);
  if (!strcmp(name, "lockstep"))
    return print_lockstep(m, o, out);
  if (strcmp(name, "kernels"))
    return false;
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = a ? find_kernels(a, m) : NULL;
  if (ks)
    mc_kernels_print(ks, out);
  else
    mc_strbuf_append(out, "mapcost: out of memory\n");
  mc_arena_free(a);
  return true;
}

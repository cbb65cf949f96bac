/* cost_result.c - stage 6's costs as the report's entries (report.h). */
#include "cost_impl.h"

static const char *cost_text(mc_arena *a, const mc_expr *e) {
  return e ? mc_expr_text(a, e) : "unbounded";
}

bool mc_cost_results(mc_arena *a, const mc_options *o, const mc_protocol *p,
                     mc_kernel_result *r) {
  mc_kernel_cost *c = mc_cost_analyze(a, p, o);
  if (!c)
    return false;
  const mc_kernel *k = p->kernel;
  mc_cost *costs = mc_alloc(a, (c->naccesses + 1) * sizeof *costs);
  mc_cost *totals = mc_alloc(a, 3 * sizeof *totals);
  if (!costs || !totals)
    return false;
  for (unsigned i = 0; i < c->naccesses; i++) {
    const mc_access_cost *ac = &c->accesses[i];
    const mc_access *x = ac->node->access;
    costs[i] = (mc_cost){ac->metric, x->array, x->inst, k->file, x->line,
                         x->column, cost_text(a, ac->cost), ac->exact, ac->why};
  }
  unsigned nt = 0;
  for (unsigned m = 0; m < 2; m++)
    if (c->has_total[m])
      totals[nt++] = (mc_cost){(mc_metric)m, -1, NULL, k->file, k->line, 0,
                               cost_text(a, c->total[m]), c->total_exact[m],
                               "the warp's sum over every access it executes"};
  r->costs = costs;
  r->ncosts = c->naccesses;
  r->totals = totals;
  r->ntotals = nt;
  if (c->naccesses && r->nassumptions + 2 <= MC_MAX_NOTES) {
    r->assumptions[r->nassumptions++] =
        mc_sprintf(a, "array bases are aligned to %u bytes (costs)", o->line_bytes);
    r->assumptions[r->nassumptions++] =
        "index arithmetic does not wrap around (costs)";
  }
  return true;
}

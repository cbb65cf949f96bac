/* cost.h - stage 6: warp-level costs of memory accesses (seed 000, CONTRACT §5).
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-cost>' \
 *       -mapcost-block-dim=256 -disable-output k.ll
 *
 * From a kernel's protocol (stage 4), the cost per warp of every global
 * access (uncoalesced: distinct line-bytes segments per execution) and
 * every shared access (bank conflicts: the most distinct bank-bytes words
 * in one bank, minus one), summed over the executions of a warp and
 * maximised over the warps of a block; and per kernel the total of each
 * metric, the maximum over warps of the warp's sum.
 *
 * The analysis is seed 000's relational cost analysis (§4-§6), made
 * concrete where the launch makes it so: each warp of a block (block
 * dimensions from -mapcost-block-dim or launch bounds) is followed through
 * the protocol with its lanes' thread ids. A guard that is the same
 * expression in every lane is uniform (IF-U: the cost keeps it as a
 * condition); one that differs decides per lane which threads are active
 * (IF-D), or, when it does not evaluate, is dropped (every lane active: an
 * upper bound, seed 000 §6.5). A loop whose iterations evaluate in every
 * lane is run iteration by iteration (its activity per lane exact); a
 * uniform loop with a symbolic trip count becomes a sum over its iteration
 * number, closed by mc_cost_sum; a divergent one runs the most iterations
 * of any lane with every lane active (`<=`). An access's offset is split
 * into lane constants plus uniform terms; lanes with the same uniform terms
 * are simulated over every alignment those terms allow (seed 000 §6.4,
 * cases 1-4); anything else is bounded by one unit per lane (case 5).
 *
 * Assumption (listed in the report): index arithmetic does not wrap around
 * (casts between widths are read as the identity on the integer value).
 * Without fixed block dimensions, thread ids are symbolic: costs that
 * depend on them are upper bounds.
 *
 * Everything is allocated in the arena given to mc_cost_analyze.
 */
#ifndef MAPCOST_COST_H
#define MAPCOST_COST_H

#include "mapcost/options.h"
#include "mapcost/protocol.h"
#include "mapcost/report.h"
#include "mapcost/support.h"
#include "mapcost/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cost of one access, per warp. */
typedef struct {
  const mc_pnode *node;    /* the access in the protocol */
  mc_metric metric;
  /* 64-bit, over kernel parameters and dimensions; NULL when unbounded
   * (a loop without a known trip count). */
  const mc_expr *cost;
  bool exact;              /* relation `=`; else `<=` */
  const char *why;         /* the access pattern, and what made it a bound */
} mc_access_cost;

typedef struct {
  const mc_protocol *protocol;
  mc_access_cost *accesses; /* in program order */
  unsigned naccesses;
  /* Per metric (index mc_metric): whether the kernel has such accesses,
   * the total (NULL: unbounded) and its relation. */
  bool has_total[2];
  const mc_expr *total[2];
  bool total_exact[2];
  /* The sequential cost program (seed 000's tick form) of each distinct
   * warp, as print<mapcost-cost> shows it. */
  const char *program;
} mc_kernel_cost;

/* The costs of the kernel of protocol p under the cost model of o.
 * NULL only when out of memory. */
mc_kernel_cost *mc_cost_analyze(mc_arena *a, const mc_protocol *p,
                                const mc_options *o);

/* Fills r's costs and totals (and the assumptions they rest on) with the
 * costs of p's kernel. False when out of memory. */
bool mc_cost_results(mc_arena *a, const mc_options *o, const mc_protocol *p,
                     mc_kernel_result *r);

/* The printer of print<mapcost-cost>: per kernel its tick program, then
 * each access's cost and the totals. */
void mc_cost_print(const mc_kernel_cost *c, mc_strbuf *out);

/* ---- Building blocks (unit-tested) -------------------------------------- */

/* The cost model of one metric. */
typedef struct {
  bool banks;              /* bank conflicts; else uncoalesced segments */
  unsigned unit;           /* line-bytes, or bank-bytes */
  unsigned nbanks;
} mc_cost_model;

/* One execution by one warp: lanes in `active` (bit i: lane i, at most 64)
 * touch `bytes` bytes at offset[i]. Uncoalesced: distinct units; banks:
 * the most distinct words in one bank, minus one (0 when none active). */
uint64_t mc_cost_metric(const mc_cost_model *m, const int64_t *offset,
                        uint64_t active, uint64_t bytes);

/* sum over k = 0 .. n-1 of f, where k is the atom `k` of f and n is
 * 64-bit: a closed form (polynomials in k up to degree 3, selects on
 * conditions without k), or NULL when none is known. */
const mc_expr *mc_cost_sum(mc_sym *s, const mc_expr *f, const mc_atom *k,
                           const mc_expr *n);

#ifdef __cplusplus
}
#endif
#endif

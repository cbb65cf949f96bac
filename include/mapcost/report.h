/* report.h - stage 7: what the analysis concluded, as remarks and reports.
 *
 * The verdicts of the later stages are collected per kernel in
 * mc_kernel_result; this stage turns them into remarks (CONTRACT §2) and
 * into the per-module report file of -mapcost-report (CONTRACT §1, §3).
 */
#ifndef MAPCOST_REPORT_H
#define MAPCOST_REPORT_H

#include "mapcost/kernels.h"
#include "mapcost/options.h"
#include "mapcost/support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MC_VERDICT_DRF,
  MC_VERDICT_RACE,
  MC_VERDICT_BARRIER_DIVERGENCE,
  MC_VERDICT_INCONCLUSIVE,
} mc_verdict;

enum { MC_MAX_NOTES = 16 };

typedef struct {
  mc_verdict verdict; /* DRF, RACE or INCONCLUSIVE */
} mc_array_result;

/* A barrier that some threads of its scope may reach and others not
 * (stage 2, mapcost/lockstep.h). */
typedef struct {
  LLVMValueRef barrier;  /* the call: its DebugLoc for remarks */
  const char *name;      /* "__syncthreads()", "__syncwarp()", ... */
  const char *condition; /* who reaches it, in source terms */
  const char *reason;    /* why that may differ between threads */
  bool warp;             /* __syncwarp: checked within a warp */
  const char *file;      /* NULL without debug info */
  unsigned line, column;
} mc_barrier_divergence;

typedef struct {
  const mc_kernel *kernel;
  mc_verdict verdict;
  bool checked_block, checked_grid;
  const char *assumptions[MC_MAX_NOTES];
  unsigned nassumptions;
  const char *reasons[MC_MAX_NOTES];
  unsigned nreasons;
  mc_array_result *arrays; /* one per kernel->arrays */
  const mc_barrier_divergence *divergences;
  unsigned ndivergences;
} mc_kernel_result;

const char *mc_verdict_name(mc_verdict v);

/* Emits the remarks of one kernel: KernelSummary, then its verdicts. */
void mc_report_remarks(mc_arena *a, const mc_options *o,
                       const mc_kernel_result *r);

/* The members that name a kernel ("name", "mangled", "file", "line") and
 * its "params" list, for every report that describes kernels. */
void mc_report_kernel_identity(const mc_kernel *k, mc_strbuf *out);
void mc_report_kernel_params(const mc_kernel *k, mc_strbuf *out);

/* One JSON object per kernel, as in CONTRACT §3 ("kernels" entries). */
void mc_report_kernel_json(mc_arena *a, const mc_kernel_result *r,
                           mc_strbuf *out);

/* The whole per-module report in the format chosen by the options. */
void mc_report_module(mc_arena *a, const mc_options *o, const mc_kernels *ks,
                      const mc_kernel_result *results, mc_strbuf *out);

/* Writes the module's report into o->report_dir under a name no other
 * compile uses. Returns false with a message in err on failure. */
bool mc_report_write(const mc_options *o, const mc_kernels *ks,
                     const char *text, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif

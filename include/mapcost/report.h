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

/* One access of a race: where it is and what it does. */
typedef struct {
  LLVMValueRef inst;     /* the instruction: its DebugLoc for remarks */
  const char *access;    /* "read", "write", "atomic" */
  const char *file;      /* NULL without debug info */
  unsigned line, column;
} mc_race_site;

/* A named value of a witness: a loop variable's iteration value or a
 * kernel parameter. */
typedef struct {
  const char *name;
  int64_t value;
} mc_witness_value;

/* A data race on one array (stage 5, or observed by the interpreter):
 * CONTRACT §2 DataRace and the "races" entries of CONTRACT §3. */
typedef struct {
  bool write_write;      /* else read-write */
  bool confirmed;        /* else possible (approximated says why) */
  bool grid;             /* two threads of distinct blocks; else one block */
  mc_race_site first, second;
  const char *approximated; /* possible: what the race depends on that was
                               approximated, in words; NULL otherwise */
  /* The witness: the two threads and blocks, the launch, the element index
   * per dimension of the array and the byte offset. */
  unsigned tid1[3], tid2[3], block1[3], block2[3], block_dim[3], grid_dim[3];
  int64_t index[3];
  unsigned nindex;
  int64_t byte_offset;
  const mc_witness_value *iterations; /* loop variables that matter */
  unsigned niterations;
  const mc_witness_value *params;     /* kernel parameters that matter */
  unsigned nparams;
  /* __mapcost_suppress on this array: reported as suppressed, no warning,
   * does not make the verdict `race` */
  bool suppressed;
  const char *suppress_reason;
} mc_race;

/* The cost metrics of CONTRACT §5. */
typedef enum {
  MC_METRIC_UNCOALESCED,
  MC_METRIC_BANK_CONFLICTS,
} mc_metric;

/* The cost of one access (inst != NULL) or a kernel's total (inst NULL),
 * per warp: CONTRACT §2 UncoalescedCost/BankConflictCost, §3 "costs". */
typedef struct {
  mc_metric metric;
  int array;             /* index into kernel->arrays, -1 for a total */
  LLVMValueRef inst;
  const char *file;
  unsigned line, column;
  const char *cost;      /* C-like infix (CONTRACT §3) */
  bool exact;            /* relation `=`, else `<=` */
  const char *why;       /* in words: "consecutive threads are 4 KiB apart" */
} mc_cost;

typedef struct {
  mc_verdict verdict; /* DRF, RACE or INCONCLUSIVE */
  const char *reason; /* INCONCLUSIVE: why, in words */
  const mc_race *races;
  unsigned nraces;
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
  const mc_cost *costs;  /* per access, in program order */
  unsigned ncosts;
  const mc_cost *totals; /* per metric computed */
  unsigned ntotals;
  /* A concrete run (-mapcost-run): races are what was observed and `drf`
   * means none was seen, so no RaceFree remark is emitted. */
  bool observed;
  /* JSON members appended to the kernel's object (-mapcost-run's "run"),
   * starting with ", "; NULL for none. */
  const char *extra_json;
} mc_kernel_result;

const char *mc_verdict_name(mc_verdict v);

/* Why race `race` on array `array` of kernel k is accepted: its own
 * suppress_reason when the race is marked suppressed, else the reason of
 * the kernel's __mapcost_suppress on that array (MC_FACT_SUPPRESS); NULL
 * when it is not suppressed. Suppressed races are reported as such, give no
 * warning and, in scripts/mapcost, no exit status 1. */
const char *mc_report_suppressed(const mc_kernel *k, int array,
                                 const mc_race *race);

/* "uncoalesced", "bank-conflicts" */
const char *mc_metric_name(mc_metric m);

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

/* SARIF 2.1.0 for one module (report_sarif.c). */
void mc_report_module_sarif(mc_arena *a, const mc_kernels *ks,
                            const mc_kernel_result *results, mc_strbuf *out);

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

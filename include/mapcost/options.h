/* options.h - the plugin's options (CONTRACT §1), parsed and validated in C.
 *
 * The shim collects the raw `-mapcost-NAME=VALUE` strings (from the command
 * line and from MAPCOST_OPTIONS) and hands each one here; a malformed value
 * is reported through the returned message, never by aborting.
 */
#ifndef MAPCOST_OPTIONS_H
#define MAPCOST_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { MC_MAX_PARAMS = 64, MC_OPTION_TEXT = 256 };

/* The default step budgets: far above what real kernels need (the
 * README's table), low enough that no kernel holds up a compile for long. */
#define MC_DEFAULT_KERNEL_STEPS UINT64_C(20000000)
#define MC_DEFAULT_MODULE_STEPS UINT64_C(100000000)

typedef enum { MC_REPORT_JSON, MC_REPORT_SARIF } mc_report_format;

typedef struct {
  char name[MC_OPTION_TEXT];
  int64_t value;
} mc_param_fact;

typedef struct {
  /* 0 in a dimension: symbolic (within CUDA's limits and launch bounds). */
  unsigned block_dim[3], grid_dim[3];
  mc_param_fact params[MC_MAX_PARAMS];
  size_t nparams;
  bool only_intra_group;
  /* Races: index arithmetic wraps around as the hardware's does (else the
   * analysis assumes it does not: MC_DRF_NO_WRAP_ASSUMPTION). */
  bool wrap_around;
  unsigned warp_size, line_bytes, banks, bank_bytes;
  uint64_t rlimit; /* solver budget per query; 0: the default */
  /* Each race query, in SMT-LIB 2, is written into this file just before
   * it is checked ("": none), so that the last one outlives a solver crash
   * or hang and can be replayed with z3 itself. */
  char solver_log[4096];
  /* Step budgets (support.h): each kernel's analysis, and all kernels of a
   * module together. Past either, a kernel is Inconclusive. */
  uint64_t kernel_steps, module_steps;
  /* Race jobs (one array, or one array at one scope) run at once in child
   * processes; 0: as many as this process may use processors. The jobs,
   * and so every verdict, are the same whatever the number. */
  uint64_t jobs;
  char report_dir[4096]; /* "" when no report is written */
  mc_report_format report_format;
  bool warnings;
  bool races; /* stage 5 runs (-mapcost-races=0: arrays stay inconclusive) */
  bool costs; /* the cost stage runs (-mapcost-costs=0: no costs reported) */
  /* The concrete interpreter (-mapcost-run and its -mapcost-run-* options):
   * run each kernel with these values instead of analysing it. */
  bool run;
  char run_arrays[MC_MAX_PARAMS][MC_OPTION_TEXT]; /* NAME=SIZE[:INIT] */
  size_t nrun_arrays;
  uint64_t run_shared_bytes;
  uint64_t run_seed;
  unsigned run_orders;  /* seeds run-seed, run-seed+1, ... */
  bool run_interleave;  /* threads one at a time, not warps in lock-step */
  uint64_t run_steps;   /* per thread; 0: the default */
  char run_trace[4096]; /* write every access into this file ("": none) */
  char run_protocol_trace[4096]; /* the protocol's accesses (denote) ("": none) */
} mc_options;

/* The defaults of CONTRACT §1 and §5. */
void mc_options_init(mc_options *o);

/* Applies one option given as NAME and VALUE, NAME without the "-mapcost-"
 * prefix (e.g. "block-dim", "32,8"). VALUE is NULL for a bare flag. Returns
 * true on success; on failure writes a one-line message into err. */
bool mc_options_set(mc_options *o, const char *name, const char *value,
                    char *err, size_t errlen);

/* Applies a MAPCOST_OPTIONS string: space-separated `-mapcost-NAME[=VALUE]`
 * words (a leading "--" is accepted too). */
bool mc_options_parse_env(mc_options *o, const char *text, char *err,
                          size_t errlen);

/* Parses X[,Y[,Z]] into dim (missing entries are 1). Each entry must be in
 * 1..limit[i]; the product at most total_limit (0: no limit). */
bool mc_parse_dim3(const char *text, const unsigned limit[3],
                   uint64_t total_limit, unsigned dim[3], char *err,
                   size_t errlen);

/* A parameter fact by name, or NULL. */
const mc_param_fact *mc_options_param(const mc_options *o, const char *name);

#ifdef __cplusplus
}
#endif
#endif

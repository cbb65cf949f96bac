/* interp.h - the concrete interpreter: ground truth for verdicts and costs.
 *
 * Runs a kernel over its lock-step form (seed 003 §4) with concrete launch
 * dimensions, parameters and memory: every block of the grid, one after the
 * other; within a block, warps of `lanes` threads execute the predicated
 * block order in lock-step, and between two barriers the warps run one at a
 * time to their next barrier in an order drawn from the seed. With lanes = 1
 * this is the interleaving semantics (seed 003 §3): threads run one at a
 * time to their next barrier. It hands every access (thread, block,
 * array, byte offset, read/write/atomic with its scope, instruction, the
 * warp's active lanes) to an optional trace, records it in shadow memory and
 * reports:
 *   - races observed at block scope (two threads of one block, one barrier
 *     interval, no __syncwarp between them when they share a warp) and at
 *     grid scope (global memory, two blocks, the whole kernel); atomics
 *     race with plain accesses and with atomics of a scope that does not
 *     cover both threads;
 *   - barriers reached by some threads of a block (or warp) and not others;
 *   - each warp's cost under CONTRACT §5 (per access: the maximum over warps
 *     of the warp's summed cost; per kernel: the maximum over warps of the
 *     warp's total).
 * Anything it cannot execute stops it with a message naming the
 * instruction; a step budget ends runaway loops.
 */
#ifndef MAPCOST_INTERP_H
#define MAPCOST_INTERP_H

#include "mapcost/kernels.h"
#include "mapcost/lockstep.h"
#include "mapcost/options.h"
#include "mapcost/support.h"

#include <llvm-c/Core.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MC_INIT_ZERO,
  MC_INIT_SEQ,   /* element i holds i (as the element type: 0, 1.0f, ...) */
  MC_INIT_RAND,  /* seeded from the data seed and the array */
  MC_INIT_CONST, /* every element holds `value` */
} mc_init_kind;

typedef struct {
  char name[MC_OPTION_TEXT];
  uint64_t elements; /* 0: room enough (chosen by the interpreter) */
  mc_init_kind init;
  int64_t value;
} mc_array_spec;

enum { MC_MAX_ARRAY_SPECS = 64 };

typedef enum { MC_ACCESS_READ, MC_ACCESS_WRITE, MC_ACCESS_ATOMIC } mc_access_kind;
typedef enum { MC_SCOPE_BLOCK, MC_SCOPE_DEVICE, MC_SCOPE_SYSTEM } mc_atomic_scope;

/* One access by one thread, as the interpreter executes it. */
typedef struct {
  uint64_t interval;     /* barrier interval, unique over the whole run */
  uint64_t phase;        /* the same counted from the block's first (the
                            block barriers its threads passed) */
  unsigned block[3], tid[3];
  int array;             /* kernel array index, -1: a local variable */
  uint64_t byte_offset, bytes;
  mc_access_kind kind;
  mc_atomic_scope scope; /* atomics */
  LLVMValueRef inst;
  uint64_t active_mask;  /* the lanes of the warp executing it together */
} mc_access_event;

typedef struct {
  unsigned block_dim[3], grid_dim[3]; /* all set: concrete */
  uint64_t shared_bytes;              /* the dynamic (extern) shared buffer */
  mc_array_spec arrays[MC_MAX_ARRAY_SPECS];
  unsigned narrays;
  uint64_t seed;         /* the schedule: which warp runs next */
  uint64_t data_seed;    /* random array contents (the same for every schedule) */
  unsigned lanes;        /* threads that run in lock-step: warp_size, or 1 */
  uint64_t step_budget;  /* instructions per thread; 0: the default */
  /* Called for every access of every thread (NULL: none); the record that
   * tests compare static protocols with. */
  void (*trace)(void *user, const mc_access_event *e);
  void *trace_user;
  /* Both set: only these two instructions' accesses are checked for races
   * (a witness's replay: another access to the same byte in between cannot
   * hide the pair). NULL: every access. */
  LLVMValueRef watch[2];
} mc_run_config;

/* "NAME=SIZE[:INIT]" with INIT one of zero, seq, rand, or an integer. */
bool mc_parse_array_spec(const char *text, mc_array_spec *spec, char *err,
                         size_t errlen);

typedef struct {
  LLVMValueRef inst;
  mc_access_kind kind;
  mc_atomic_scope scope; /* for atomics */
  unsigned tid[3], block[3];
} mc_observed_access;

typedef struct {
  int array;            /* index into the kernel's arrays, -1: a local */
  bool grid;            /* grid scope (two blocks) or block scope */
  bool write_write;
  uint64_t byte_offset;
  mc_observed_access first, second;
} mc_observed_race;

typedef struct {
  LLVMValueRef barrier; /* the barrier that some threads reached */
  bool warp;            /* __syncwarp */
  unsigned block[3];
  unsigned reached, live; /* threads at the barrier, threads still running */
} mc_observed_divergence;

typedef struct {
  LLVMValueRef inst;
  int array;
  bool shared;          /* bank conflicts; else uncoalesced segments */
  uint64_t cost;        /* max over warps of the warp's sum over executions */
  uint64_t executions;  /* by the warp that had the maximum */
} mc_observed_cost;

typedef struct {
  bool ok;              /* false: stopped; `error` says why */
  const char *error;
  mc_observed_race *races;
  unsigned nraces;
  mc_observed_divergence *divergences;
  unsigned ndivergences;
  mc_observed_cost *costs;
  unsigned ncosts;
  uint64_t total_uncoalesced, total_bank_conflicts; /* max over warps */
  uint64_t memory_hash; /* of every global array after the run */
  uint64_t steps;       /* instructions executed, all threads */
  unsigned blocks_run;
} mc_run_result;

/* Runs kernel k (its lock-step form ls, built with the same options).
 * Everything is allocated in a. NULL only when out of memory. */
mc_run_result *mc_run_kernel(mc_arena *a, const mc_lockstep *ls,
                             const mc_options *o, const mc_run_config *c);

#ifdef __cplusplus
}
#endif
#endif

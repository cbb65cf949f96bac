/* lockstep.h - stage 2: a kernel in predicated lock-step form (seed 003, §4).
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-lockstep>' \
 *       -disable-output k.ll
 *
 * A reducible CFG is flattened into one total order of its blocks in which
 * every loop is contiguous and starts with its header (seed 003's sort
 * order); each block carries the predicate under which a thread executes it,
 * and loops are the only back edges. On top of that form:
 *   - uniformity of every value and branch at warp, block and grid level,
 *     following data and control dependence;
 *   - every barrier with its kind, predicate and verdict: a block barrier
 *     reached by some threads of a block and not others is divergent.
 * Later stages (protocols, races, costs, the interpreter) read this form:
 * walk `blocks` in order; a loop's blocks are blocks[header..last]; after
 * blocks[last], threads still `active` in the loop go back to its header.
 *
 * Everything is allocated in the arena given to mc_lockstep_build.
 */
#ifndef MAPCOST_LOCKSTEP_H
#define MAPCOST_LOCKSTEP_H

#include "mapcost/kernels.h"
#include "mapcost/options.h"
#include "mapcost/shim.h"
#include "mapcost/support.h"

#include <llvm-c/Core.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How far a value (or a predicate, or a branch) is the same across threads,
 * from most to least uniform; each level implies the ones after it. A value
 * is judged among the threads that compute it at the same lock-step
 * instance (same iteration of every enclosing loop); a predicate is uniform
 * at a level when, at each instance, all threads of that scope execute the
 * block or none does. */
typedef enum {
  MC_UNIFORM_GRID,  /* the same in every thread of the grid */
  MC_UNIFORM_BLOCK, /* the same in every thread of a block (blockIdx) */
  MC_UNIFORM_WARP,  /* the same in every thread of a warp (threadIdx.x / 32
                       when block sizes make it so) */
  MC_DIVERGENT,     /* may differ between threads of one warp */
} mc_uniformity;

/* "grid-uniform", "block-uniform", "warp-uniform", "divergent". */
const char *mc_uniformity_name(mc_uniformity u);

/* ---- Predicates ----------------------------------------------------------
 * Encoding: path predicates, not GPUVerify's v_active/v_next variables.
 * A block's predicate is a formula over the decisions that lead to it,
 * built from control dependence on the loop-abstracted acyclic CFG of each
 * loop level; v_active = B in the paper is exactly "pred(B) holds at this
 * instance". Later stages want conditions (an access under `tid < n`), not
 * block ids, and uniformity is read straight off the atoms. Formulas are
 * AND/OR trees of atoms, with no negation: a branch atom names the side it
 * is on. Shared subformulas are shared pointers; `id` is unique per node.
 */
typedef enum {
  MC_PRED_TRUE,
  MC_PRED_FALSE,  /* only as `leave` of a loop without exits */
  MC_PRED_BRANCH, /* block `block`'s terminator goes to the side below */
  MC_PRED_EXIT,   /* loop `loop` was left on the way to block `target`
                     (in the lock-step instance that follows the loop) */
  MC_PRED_ACTIVE, /* the thread is still iterating loop `loop` */
  MC_PRED_AND,
  MC_PRED_OR,
} mc_pred_kind;

typedef struct mc_pred {
  mc_pred_kind kind;
  unsigned id;
  /* BRANCH: for `br`, cond is the i1 condition and the atom is `cond`
   * (negated: `!cond`); for `switch` (is_switch), cond is the operand and
   * the atom is `cond in cases` (negated: `cond not in cases`). */
  unsigned block;
  LLVMValueRef cond;
  bool is_switch, negated;
  const int64_t *cases;
  unsigned ncases;
  /* EXIT, ACTIVE: the loop; EXIT: the block the exits lead to (-1: the
   * kernel's end) and, within the loop's last iteration, the condition of
   * leaving that way (relative to the loop's header). */
  unsigned loop;
  int target;
  const struct mc_pred *exit_cond;
  /* AND, OR (two or more operands) */
  const struct mc_pred *const *ops;
  unsigned nops;
} mc_pred;

/* ---- Blocks, loops, barriers ---------------------------------------- */

typedef struct {
  LLVMBasicBlockRef bb;
  const char *name;      /* the IR label, or "bbN" (N: position in the function) */
  int loop;              /* innermost loop, -1 outside every loop */
  /* When a thread executes the block: `rel` within one iteration of its
   * innermost loop (TRUE at the header) or of the kernel; `pred` with every
   * enclosing loop's entry and ACTIVE atom conjoined. */
  const mc_pred *rel, *pred;
  mc_uniformity pred_uniformity;
  /* The decision that ends the block: the br condition or switch operand;
   * NULL when it has one successor or none. */
  LLVMValueRef cond;
  mc_uniformity branch_uniformity; /* GRID when there is no decision */
  const unsigned *succs;           /* successors (block indices), each once */
  unsigned nsuccs;
} mc_ls_block;

typedef struct {
  unsigned from, to; /* block indices */
} mc_ls_edge;

typedef struct {
  unsigned header;       /* == its first block in the order */
  unsigned last;         /* its blocks are blocks[header..last] */
  int parent;            /* enclosing loop, -1 */
  unsigned depth;        /* 1 for an outermost loop */
  const unsigned *latches; /* blocks with a back edge to the header */
  unsigned nlatches;
  const mc_ls_edge *exits; /* edges from inside to outside */
  unsigned nexits;
  const mc_pred *entry;  /* when a thread enters the loop (full predicate) */
  const mc_pred *rel;    /* the same within one iteration of its parent loop
                            (or the kernel) */
  /* Within one iteration (relative to the header): when a thread leaves
   * the loop, the exits' conditions or'ed (exits into code that can only
   * end in `unreachable` left out); ACTIVE holds while it has not. */
  const mc_pred *leave;
  /* Whether the threads that enter the loop together also leave it at the
   * same iteration and through the same exit. */
  mc_uniformity exit_uniformity;
} mc_ls_loop;

typedef enum {
  MC_LS_BARRIER_OK,           /* reached by all threads of its scope or none */
  MC_LS_BARRIER_DIVERGENT,    /* may be reached by some and not others */
  MC_LS_BARRIER_INCONCLUSIVE, /* a counted barrier not provably the whole block */
  MC_LS_BARRIER_NOT_A_BARRIER,/* arrive: does not wait */
} mc_ls_barrier_verdict;

typedef struct {
  LLVMValueRef call;
  unsigned block;
  mc_barrier_kind kind;
  LLVMValueRef operand;  /* count (BLOCK_COUNT) or mask (WARP), else NULL */
  mc_uniformity scope;   /* BLOCK, or WARP for __syncwarp */
  mc_ls_barrier_verdict verdict;
  const char *name;      /* "__syncthreads()", "__syncwarp()", ... */
  const char *condition; /* its predicate in source terms ("true": always) */
  const char *reason;    /* DIVERGENT, INCONCLUSIVE: why, in words */
  const char *file;      /* NULL without debug info */
  unsigned line, column;
} mc_ls_barrier;

typedef enum {
  MC_LS_OK,
  MC_LS_IRREDUCIBLE, /* only kernel, status and irreducible_* are set */
} mc_ls_status;

typedef struct mc_ls_values mc_ls_values; /* private */

typedef struct {
  const mc_kernel *kernel;
  mc_ls_status status;
  /* MC_LS_IRREDUCIBLE: the edge that enters a cycle other than through a
   * block that dominates it (the terminator, and the target block). */
  LLVMValueRef irreducible_at;
  LLVMBasicBlockRef irreducible_target;
  mc_ls_block *blocks; /* reachable blocks, in the total order */
  unsigned nblocks;
  mc_ls_loop *loops;   /* by header position: a parent before its children */
  unsigned nloops;
  mc_ls_barrier *barriers; /* in block order */
  unsigned nbarriers;
  /* Why the barriers above may not be all of them: a call left after
   * inlining (recursion, a function pointer, an external device function)
   * may contain a barrier. NULL when every call is known. */
  const char *unseen_barriers;
  /* Block size assumed for warp-level facts: from -mapcost-block-dim or
   * reqntid; 0 in every dimension when symbolic. */
  unsigned block_dim[3];
  unsigned warp_size;
  mc_ls_values *values;
} mc_lockstep;

/* Builds the lock-step form of k. NULL only when out of memory; an
 * irreducible CFG is a status, not a failure. */
mc_lockstep *mc_lockstep_build(mc_arena *a, const mc_kernel *k,
                               const mc_options *o);

/* Uniformity of any value of the kernel (constants and parameters are
 * grid-uniform). */
mc_uniformity mc_ls_uniformity(const mc_lockstep *ls, LLVMValueRef v);
mc_uniformity mc_ls_pred_uniformity(const mc_lockstep *ls, const mc_pred *p);
/* Of a value for one warp: a plain (not volatile, not atomic) load at a
 * warp-uniform address outside every loop gives the warp's lanes one
 * value, whatever may write the memory (they read it together, once);
 * otherwise mc_ls_uniformity. For what one warp does (costs), not for
 * what holds across warps. */
mc_uniformity mc_ls_execution_uniformity(const mc_lockstep *ls, LLVMValueRef v);
/* Why v is less uniform than grid-uniform, in words ("threadIdx.x", "a
 * value loaded from memory (a[i])", ...); NULL when it is grid-uniform. */
const char *mc_ls_uniformity_cause(mc_arena *a, const mc_lockstep *ls,
                                   LLVMValueRef v);

/* Index of bb in ls->blocks, or -1 (unreachable block). */
int mc_ls_block_index(const mc_lockstep *ls, LLVMBasicBlockRef bb);

/* A value or predicate in source terms: threadIdx.x, blockDim.y, kernel
 * parameters and __shared__ arrays by their source names, C operators
 * ("threadIdx.x + blockIdx.x * blockDim.x < n"). */
const char *mc_ls_value_text(mc_arena *a, const mc_lockstep *ls, LLVMValueRef v);
const char *mc_ls_pred_text(mc_arena *a, const mc_lockstep *ls,
                            const mc_pred *p);

/* The printer of print<mapcost-lockstep>. */
void mc_lockstep_print(const mc_lockstep *ls, mc_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif

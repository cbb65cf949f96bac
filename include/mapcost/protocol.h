/* protocol.h - stage 4: memory access protocols (seed 001 §3, seed 000 §4).
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-protocols>' \
 *       -disable-output k.ll
 *
 * A kernel's protocol is a tree built from its lock-step form (stage 2) and
 * its accesses with symbolic offsets (stage 3): in lock-step order, the
 * accesses, barriers, assumptions and loops of the kernel, each under the
 * condition (its guard) on which a thread executes it within one iteration
 * of the innermost enclosing loop, or within the kernel. Loops carry their
 * variables with the value in the first iteration, the value in the next
 * and, where one exists, a closed form over the iteration number. One
 * protocol per array is the tree restricted to the array's memory region
 * (mc_pnode_touches; the printer shows it per array).
 *
 * Semantics, for one thread (what later stages encode):
 *   - a node at the kernel's level runs iff its guard holds;
 *   - a loop that is entered (its guard holds) runs iteration k = 0, 1, ...
 *     while the iterations before k all ended with `stay` true; in iteration
 *     k its variables have their values of iteration k (init, then next of
 *     the previous iteration; `closed` with the loop's `iter` atom = k);
 *   - a node inside a loop runs in iteration k iff the thread runs iteration
 *     k and the node's guard holds (over that iteration's values);
 *   - a thread's block barriers split the protocol into barrier intervals
 *     (seed 001 §4): the accesses between two barriers a thread executes.
 * Guards and loops refer to the same atoms as the access offsets (loop
 * variables are the phis' atoms); expressions live in the accesses' sym
 * context (mc_kernel_accesses.sym).
 *
 * Exactness (seed 002, seed 000 §6.5): each node says whether what it
 * denotes is exactly what the kernel does (`approx` NULL) or an
 * over-approximation, and why (`approx`: "index depends on a value loaded
 * from memory (in[i])"). A protocol is exact for an array when every node
 * that touches the array, every guard above it and every enclosing loop is.
 *
 * Everything is allocated in the arena given to mc_protocol_build.
 */
#ifndef MAPCOST_PROTOCOL_H
#define MAPCOST_PROTOCOL_H

#include "mapcost/access.h"
#include "mapcost/facts.h"
#include "mapcost/kernels.h"
#include "mapcost/lockstep.h"
#include "mapcost/options.h"
#include "mapcost/support.h"
#include "mapcost/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a loop variable changes from one iteration to the next. */
typedef enum {
  MC_STEP_ADD,   /* next = v + by (by loop-invariant; negative: decreasing) */
  MC_STEP_MUL,   /* next = v * by (a constant > 1), or v << c (by = 2^c) */
  MC_STEP_UDIV,  /* next = v / by unsigned (a constant > 1), or v >> c (by = 2^c) */
  MC_STEP_SDIV,  /* next = v / by signed (a constant > 1), or v >> c arithmetic
                    (by = 2^c): the same while v >= 0 */
  MC_STEP_TOGGLE,/* next = by - v, or v ^ by (by a constant): two values in
                    turn (double buffering) */
  MC_STEP_OTHER, /* anything else: v in iteration k > 0 is not a range */
} mc_step_kind;

typedef struct {
  const mc_atom *atom;   /* the loop variable (the header phi's atom) */
  const mc_expr *var;    /* its node */
  const mc_expr *init;   /* its value in iteration 0 (outer atoms only) */
  const mc_expr *next;   /* its value in iteration k + 1, over the loop's
                            variables in iteration k (several latches that
                            disagree: NULL, and kind OTHER) */
  mc_step_kind step;
  const mc_expr *by;     /* see mc_step_kind; NULL for OTHER */
  /* Its value in iteration `iter` (over the loop's iter atom and outer
   * atoms), exactly as the IR computes it (wrap-around included): ADD
   * init + iter * by, MUL and UDIV by a power of two as shifts, a toggle
   * (`next = c - v`, `v ^ c`) as a select on the iteration's parity; NULL
   * where no closed form is known (a consumer that needs one then lets the
   * variable in iteration k > 0 be any value: see `irregular`). */
  const mc_expr *closed;
  /* NULL when its values are exact; else why not (its start or step
   * depends on an unknown): what mentions it is then approximate. */
  const char *approx;
} mc_loop_var;

typedef struct mc_ploop {
  unsigned index;          /* the loop in the lock-step form (ls->loops[index]) */
  const mc_ls_loop *ls;
  unsigned line, column;   /* the header's condition; 0 without debug info */
  const mc_expr *iter;     /* the iteration number: an atom, 32-bit unsigned,
                              named `$k<index+1>` */
  /* The iteration a thread left the loop in, the last time it ran it: an
   * atom (32-bit unsigned, `$end<index+1>`), the first k where stay is
   * false. A variable's value after the loop is its closed form at `last`
   * when that is known, else at `exit`. */
  const mc_expr *exit;
  mc_loop_var *vars;       /* the header's integer and pointer phis */
  unsigned nvars;
  /* A thread in iteration k goes on to iteration k + 1 iff `stay` holds
   * (over the variables in iteration k): the negation of the lock-step
   * form's `leave`. */
  const mc_expr *stay;
  /* Iterations a thread runs once entered are 0..last: the first k where
   * stay is false. A closed form when one is known (64 bits, over outer
   * atoms), else NULL. */
  const mc_expr *last;
  /* The iterations a thread runs are exactly k <= last (when last is
   * known) or k == 0 || stay(k - 1) (stay holds for a prefix of the
   * iterations). Without it, k == 0 || stay(k - 1) is only necessary. */
  bool monotone;
  /* The range of seed 001 §6 / seed 000 §6.3 for the printer and for
   * costs: variable `range_var` (index into vars, -1 when none) takes
   * lo, lo + step, ... while below hi (step > 0), or lo, lo - |step|, ...
   * while above hi (step < 0); hi exclusive. NULL when not a range. */
  int range_var;
  const mc_expr *lo, *hi, *range_step;
  bool synchronized;       /* contains a block barrier (seed 001 §3) */
  bool warp_synchronized;  /* contains a __syncwarp */
  mc_uniformity uniformity;/* of its exit: do the threads that enter together
                              leave together (lock-step form) */
  /* NULL when stay is exact (the iterations, as iterating them gives, are
   * what the kernel does); else why not. */
  const char *approx;
  /* NULL when every variable has a closed form and the loop is monotone;
   * else why not, in words: a consumer that encodes the iterations in
   * closed form (the race and cost stages) over-approximates then, and
   * says so. */
  const char *irregular;
} mc_ploop;

typedef enum {
  MC_PN_ACCESS, /* rd, wr, atomic */
  MC_PN_SYNC,   /* __syncthreads() and the other block barriers */
  MC_PN_SYNCWARP, /* __syncwarp(mask) */
  MC_PN_LOOP,
  MC_PN_ASSUME, /* __mapcost_assume / __assume where it is called */
  MC_PN_OPAQUE, /* a call or instruction that may touch any memory
                   (mc_unsupported): every array's protocol is approximate */
} mc_pnode_kind;

typedef struct mc_pnode {
  mc_pnode_kind kind;
  unsigned block;          /* its block in the lock-step form */
  /* When a thread runs the node, within one iteration of its innermost
   * loop (or the kernel): a 1-bit expression; the constant 1 for always. */
  const mc_expr *guard;
  const char *guard_approx; /* NULL when the guard is exact; else why */
  /* ACCESS */
  const mc_access *access;
  /* ACCESS: NULL when its offset (and region) is exact; else why.
   * OPAQUE: what it is. */
  const char *approx;
  /* SYNC, SYNCWARP */
  const mc_ls_barrier *barrier;
  const mc_expr *mask;     /* SYNCWARP: the lane mask (32-bit); all lanes: -1 */
  /* LOOP: the loop and its body */
  const mc_ploop *loop;
  const struct mc_pnode *body;
  unsigned nbody;
  /* ASSUME */
  const mc_fact *fact;
  const mc_expr *cond;
  /* OPAQUE */
  const mc_unsupported *opaque;
} mc_pnode;

/* A condition the kernel's launches satisfy (requires, assume in the entry
 * block, axiom), over parameters and dimensions. */
typedef struct {
  const mc_fact *fact;
  const mc_expr *cond;     /* 1 bit */
  const char *approx;      /* NULL when exact (no unknowns) */
} mc_precondition;

typedef struct {
  const mc_kernel *kernel;
  const mc_lockstep *ls;
  const mc_kernel_accesses *accesses; /* sym context: accesses->sym */
  mc_pnode *nodes;         /* the kernel's level */
  unsigned nnodes;
  mc_ploop *loops;         /* one per lock-step loop, same index */
  unsigned nloops;
  mc_precondition *pre;
  unsigned npre;
  /* NULL when the protocol could be built; else why not (an irreducible
   * CFG): then there are no nodes. */
  const char *failed;
} mc_protocol;

/* The protocol of kernel k. NULL only when out of memory. */
mc_protocol *mc_protocol_build(mc_arena *a, const mc_kernel *k,
                               const mc_options *o);

/* Does n (a loop: anything in its body) touch memory region `region`?
 * Opaque nodes and accesses of unknown base touch every region. */
bool mc_pnode_touches(const mc_pnode *n, int region);

/* The loop whose exit iteration (mc_ploop.exit) is atom a; NULL when none. */
const mc_ploop *mc_protocol_exit_loop(const mc_protocol *p, const mc_atom *a);

/* Is the protocol exact for `region`? When not, *why (may be NULL) is the
 * first approximation found, in words. */
bool mc_protocol_exact(const mc_protocol *p, int region, const char **why);

/* ---- Denotation ------------------------------------------------------------
 * What the protocol says the threads of a concrete launch do, for testing
 * it against the interpreter (test/property/protocol.test): every access
 * each thread makes, in which barrier interval of its block. Loops are
 * iterated from init with next; where a value is unknown (an unknown atom,
 * a parameter not given), a guard that depends on it is taken (`maybe`),
 * an offset that depends on it is any offset, a barrier under such a guard
 * makes the interval any interval after it, and an exit test that depends
 * on it makes every access of the loop any access at any time. */
typedef struct {
  unsigned block[3], tid[3];
  bool any_phase;         /* else `phase`: block barriers passed before it */
  uint64_t phase;
  const mc_pnode *node;   /* the access */
  bool any_offset;        /* else `offset`, `bytes` (bytes from the base) */
  uint64_t offset, bytes;
  bool maybe;             /* under a guard or iteration not known to run */
} mc_denoted_access;

typedef void (*mc_denote_fn)(void *user, const mc_denoted_access *d);

/* The launch: dimensions, and the values of parameters by index (NULL or
 * has_param[i] false: unknown). Every thread of every block, in order;
 * at most `budget` loop iterations per thread (0: 1,000,000), after which
 * each access of the loop is reported with any offset and any phase.
 * Checks the protocol's closed forms and last iterations against the
 * iterated values: a mismatch is reported through *error (a static
 * string; NULL when none). False when out of memory. */
bool mc_protocol_denote(const mc_protocol *p, const unsigned block_dim[3],
                        const unsigned grid_dim[3], const uint64_t *params,
                        const bool *has_param, uint64_t budget, mc_denote_fn fn,
                        void *user, const char **error);

/* The printer of print<mapcost-protocols>: per kernel, its preconditions,
 * then per array (region) its protocol in seed 001's syntax (rd, wr,
 * atomic, for, if, sync, syncwarp, assume), approximations shown as
 * `~ why`. */
void mc_protocol_print(const mc_protocol *p, mc_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif

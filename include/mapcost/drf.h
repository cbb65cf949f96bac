/* drf.h - stage 5: data-race freedom per array, decided with Z3.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-drf>' \
 *       -disable-output k.ll
 *
 * For every array (memory region) of a kernel's protocol (stage 4), the
 * stage asks Z3 whether two threads can touch one byte of it, at least one
 * of them writing, while nothing orders the two accesses (seed 001 §6,
 * Example 5):
 *   - block scope: two distinct threads of one block in the same barrier
 *     interval, and when both are in one warp, the same __syncwarp interval;
 *   - grid scope (global memory, unless -mapcost-only-intra-group): two
 *     threads of distinct blocks, anywhere in the kernel.
 * Atomics race with plain accesses and with atomics whose scope does not
 * cover both threads; a write-write race is a race whatever the values.
 *
 * Barrier intervals without copying loop bodies (seed 001's align): the
 * interval of an access is named by the barrier instance that opened it,
 * the last barrier the thread passed: the barrier's node and the iteration
 * numbers of the loops around it (or the kernel's start). Two accesses of
 * two threads are concurrent exactly when those names are equal. The tail
 * of iteration k of a synchronized loop is opened by a barrier of iteration
 * k, the head of iteration k + 1 too; the head of iteration 0 by the last
 * barrier before the loop; code after a loop that did not run (its guard
 * false) by the last barrier before it. The name is a Z3 term built by
 * walking back from the access (passes/drf/intervals.c), linear in the
 * protocol's size.
 *
 * Expressions are Z3 bit-vectors node by node, with the IR's wrap-around
 * (passes/drf/z3expr.c); what rules wrap-around out is added as
 * constraints where the expression is evaluated: by default the no-wrap
 * assumption (MC_DRF_NO_WRAP_ASSUMPTION), with -mapcost-wrap-around only
 * what sym's flags say (`y * width + x` with `mul nsw` does not collide
 * modulo 2^32). Budgets are
 * Z3's deterministic resource limit per query (-mapcost-rlimit); one fresh
 * Z3 context per kernel, queries in a fixed order. Z3_L_UNDEF never becomes
 * RaceFree.
 */
#ifndef MAPCOST_DRF_H
#define MAPCOST_DRF_H

#include "mapcost/options.h"
#include "mapcost/protocol.h"
#include "mapcost/report.h"
#include "mapcost/support.h"
#include "mapcost/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every verdict assumes of the launch, listed with the kernel's
 * assumptions: a global index blockIdx.x * blockDim.x + threadIdx.x fits in
 * an int. */
#define MC_DRF_GRID_ASSUMPTION                                                 \
  "the grid has fewer than 2^31 threads in each dimension"

/* What race-free verdicts assume of index arithmetic unless
 * -mapcost-wrap-around is given (passes/drf/z3expr.c, mc_z3_nowrap): sums,
 * products and shifts that compute an index, a condition or a loop
 * variable keep their values over the integers, and a value read in the
 * other signedness (a signed int compared unsigned) is not negative, as in
 * seed 001's and seed 000's integer model. A race that needs wrap-around
 * is then not reported; with -mapcost-wrap-around it is. */
#define MC_DRF_NO_WRAP_ASSUMPTION "index arithmetic does not wrap around (races)"

/* The budget per query when -mapcost-rlimit is not given. */
enum { MC_DRF_DEFAULT_RLIMIT = 10000000 };

/* The race queries run as jobs in child processes (passes/drf/races.c),
 * at most -mapcost-jobs at once over the kernels of a module: a pool in a's
 * memory. Drain it (waiting for every job) before leaving a kernel
 * unfinished. */
typedef struct mc_drf_pool mc_drf_pool;
mc_drf_pool *mc_drf_pool_new(mc_arena *a, const mc_options *o);
void mc_drf_pool_drain(mc_drf_pool *pool);

/* Starts deciding every array of p's kernel: its jobs start from a as it
 * is, and spend from a's budget. Sets r->checked_block/checked_grid and
 * adds the assumptions. r->arrays must have one zeroed entry per array.
 * NULL when out of memory. */
typedef struct mc_drf_kernel mc_drf_kernel;
mc_drf_kernel *mc_drf_start(mc_drf_pool *pool, mc_arena *a, const mc_protocol *p,
                            const mc_options *o, mc_kernel_result *r);
/* Waits for its jobs and fills r->arrays[i] (verdict, races, reason) and
 * the reasons. False when out of memory or of the budget. */
bool mc_drf_finish(mc_drf_pool *pool, mc_drf_kernel *k);

/* The printer of print<mapcost-drf>: per kernel, the barrier interval of
 * every access (as a Z3 term for thread 1), then per array each query with
 * its scope, the two accesses and Z3's answer. */
void mc_drf_print(mc_arena *a, const mc_protocol *p, const mc_options *o,
                  mc_strbuf *out);

/* For the property test of the barrier intervals (protocol_check.py):
 * per pair of accesses to one array, at least one a write, whether the
 * interval encoding lets two threads of one block run them in one barrier
 * interval (with the launch the options fix, their offsets aside), a line
 *   kernel=K together=A,B arrays=X,Y value=1|0|? exact=1|0
 * with the instructions' ordinals and arrays (as -mapcost-run-trace names
 * them); exact=0 where only an interval of the over-approximation allows
 * it, or a barrier is not counted. */
void mc_drf_write_together(mc_arena *a, const mc_protocol *p, const mc_options *o,
                           mc_strbuf *out);

/* Runs job(arg, out), which may use Z3 (mc_drf_satisfiable, an
 * mc_sat_session), where a crash inside Z3 cannot end the compile: in a
 * child process (passes/drf/child.c; directly when this is one already),
 * appending what it writes to `out` and spending what it spent from a's
 * budget. False when it did not finish (a crash inside Z3): `out` then
 * holds nothing of it. */
bool mc_drf_isolated(mc_arena *a, void (*job)(void *arg, mc_strbuf *out), void *arg,
                     mc_strbuf *out);

/* ---- The translation alone, for tests ------------------------------------ */

typedef enum { MC_SAT_NO, MC_SAT_YES, MC_SAT_UNKNOWN } mc_sat;

/* Is the 1-bit expression `cond` true for some values of its atoms within
 * the facts of s (each atom a free bit-vector, within its node's range)?
 * With MC_SAT_YES and values != NULL, the model's value of each atom is
 * written through values(data, atom, bits). rlimit 0: the default. */
mc_sat mc_drf_satisfiable(const mc_sym *s, const mc_expr *cond,
                          uint64_t rlimit,
                          void (*values)(void *data, const mc_atom *a,
                                         uint64_t bits),
                          void *data);

/* Several such questions in one Z3 context (each of a solver of its own):
 * for a search that asks many, rather than a context for each. Only within
 * mc_drf_isolated's job. NULL when Z3 could not start (then each question
 * is MC_SAT_UNKNOWN). */
typedef struct mc_sat_session mc_sat_session;
mc_sat_session *mc_drf_session_new(const mc_sym *s);
/* With MC_SAT_YES and `value` non-NULL, the model's value of expression
 * `value` goes to *bits (unchanged where the model has none). */
mc_sat mc_drf_session_check(mc_sat_session *q, const mc_expr *cond, uint64_t rlimit,
                            const mc_expr *value, uint64_t *bits);
void mc_drf_session_free(mc_sat_session *q);

#ifdef __cplusplus
}
#endif
#endif

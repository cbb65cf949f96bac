/* drf_internal.h - what the files of stage 5 share (not an interface). */
#ifndef MAPCOST_DRF_INTERNAL_H
#define MAPCOST_DRF_INTERNAL_H

#include "mapcost/drf.h"

#include <z3.h>

/* ---- child.c: Z3's work in a child process ------------------------------ */

typedef enum {
  MC_CHILD_DONE,           /* the job's reply came back */
  MC_CHILD_SOLVER_CRASHED, /* a fault inside libz3: detail is the signal */
  MC_CHILD_DIED,           /* detail: -signal, or the exit status */
} mc_child_end;
typedef struct {
  mc_child_end end;
  int detail;
} mc_child_status;
/* A job started in a forked child (in this process when there can be no
 * child, or this is one), and finished later: several run at once. */
typedef struct {
  int pid;             /* -1: it ran here, its reply in `here` */
  int fd;              /* the reply's pipe */
  mc_strbuf here;
  bool spends_here;    /* it spent from the budget itself */
  mc_budget *budget;   /* the budget it spends from (NULL: none) */
  uint64_t used_before; /* the budget's steps used then */
} mc_child;
void mc_drf_child_start(mc_child *c, void (*job)(void *arg, mc_strbuf *out), void *arg);
/* Waits for it and appends what the job wrote into out to reply. */
mc_child_status mc_drf_child_finish(mc_child *c, mc_strbuf *reply);
/* The same, and what the job spent from a's budget is spent here too:
 * jobs started from one budget spend from it together. */
void mc_drf_child_start_spending(mc_child *c, mc_arena *a,
                                 void (*job)(void *arg, mc_strbuf *out), void *arg);
mc_child_status mc_drf_child_finish_spending(mc_child *c, mc_strbuf *reply);
/* Runs job(arg, out) in a forked child and appends what it wrote into out
 * to reply (start and finish). */
mc_child_status mc_drf_in_child(void (*job)(void *arg, mc_strbuf *out), void *arg,
                                mc_strbuf *reply);
/* The same, and what the job spent from a's budget is spent here too
 * (mc_drf_isolated, with the child's end). */
mc_child_status mc_drf_in_child_spending(mc_arena *a, void (*job)(void *arg, mc_strbuf *out),
                                         void *arg, mc_strbuf *reply);
/* Several spending jobs in one child, one after another: one fork, and
 * every Z3 context after the first made in memory the one before freed.
 * Each job starts from its budget as it was when the job was made (`from`,
 * whatever was spent since) and from a fresh arena chunk, so that what it
 * finds and spends is the same in whichever batch it runs; its spending
 * is spent here at the finish. Where the child dies, each job runs again
 * in a child of its own: one job's crash is that job's alone. */
typedef struct {
  void (*job)(void *arg, mc_strbuf *out);
  void *arg;
  mc_budget *budget; /* NULL: none */
  mc_budget from;
  mc_strbuf *reply;  /* what the job wrote is appended here */
  mc_child_status *end;
} mc_batch_job;
typedef struct {
  mc_child c;
  mc_arena *a;
  const mc_batch_job *jobs;
  unsigned n;
} mc_child_batch;
void mc_drf_batch_start(mc_child_batch *b, mc_arena *a, const mc_batch_job *jobs, unsigned n);
void mc_drf_batch_finish(mc_child_batch *b);
/* Why what the child was to decide stays undecided, in words. */
const char *mc_child_reason(mc_arena *a, mc_child_status s);

/* ---- wire.c: a child's reply ------------------------------------------- */

/* Numbers, strings (NULL too) and pointers (into memory the child shares
 * with the parent: the IR, the kernel, string literals) as bytes. */
void mc_wire_u64(mc_strbuf *b, uint64_t v);
void mc_wire_str(mc_strbuf *b, const char *s);
typedef struct {
  const char *p, *end;
  bool bad; /* read past the end, or out of memory */
} mc_wire;
uint64_t mc_unwire_u64(mc_wire *w);
const char *mc_unwire_str(mc_wire *w, mc_arena *a); /* copied into a */
/* A budget's state: what a child left of the parent's. */
void mc_wire_budget(mc_strbuf *b, const mc_budget *budget);
mc_budget mc_unwire_budget(mc_wire *w);
/* A list of races (a race job's, races.c). */
void mc_wire_races(mc_strbuf *b, const mc_race *races, unsigned n);
void mc_unwire_races(mc_wire *w, mc_arena *a, mc_race **races, unsigned *n);

/* ---- z3expr.c: Z3 contexts and the translation of expressions --------- */

/* A fresh context whose errors set a flag instead of aborting, with
 * models on. NULL when Z3 cannot make one. */
Z3_context mc_z3_context_new(void);
/* Makes the context that mc_z3_context_new gives next (before a fork: the
 * child takes it as it was made). */
void mc_z3_keep_spare(void);
/* Did a Z3 call fail since the flag was last cleared? Clears it. */
bool mc_z3_take_error(void);
/* A solver and whether a check of it has run out of its budget: Z3 (4.8)
 * may crash when such a solver is checked again, so it is not. Lazy
 * constraints are asserted only once a model breaks them (the no-wrap
 * constraints of an exact query, whose wide products are costly and which
 * real races rarely need): a model mc_solver_check returns satisfies all. */
typedef struct {
  Z3_solver s;
  bool spent;
  bool first; /* with the cheaper tactic (z3expr.c) */
  const Z3_ast *lazy;
  unsigned *lazy_depth; /* 0: not asserted; else the scope depth + 1 */
  unsigned nlazy, depth;
  const char *logic;
  uint64_t rlimit;
  const char *log; /* -mapcost-solver-log: the file, or NULL */
} mc_solver;
/* A solver for QF_BV (QF_UFBV with uninterpreted functions; QF_UFLIA for
 * integers) with the deterministic budget rlimit per check; s->s is NULL on
 * failure. A small query over the integers gets a cheaper tactic first;
 * where it runs out before any push, the logic's tactics from scratch,
 * with a budget of their own. Before each check, the query is written
 * into the file log (unless NULL). Release it with mc_solver_release. */
mc_solver mc_solver_new(Z3_context z, uint64_t rlimit, bool ints, bool functions,
                        bool small, const char *log);
void mc_solver_release(Z3_context z, mc_solver *s);
/* Sets s's budget per check to rlimit. */
void mc_solver_budget(Z3_context z, mc_solver *s, uint64_t rlimit);
/* s made again as a fresh solver of its logic (its full tactics), under
 * rlimit, holding what s holds (every scope's assertions, at its base): a
 * solver whose check ran out can be asked no more, its fresh copy can. */
bool mc_solver_restart(Z3_context z, mc_solver *s, uint64_t rlimit);
/* Gives s the lazy constraints c[0..n) (kept, not copied). */
bool mc_solver_lazy(mc_arena *a, mc_solver *s, const Z3_ast *c, unsigned n);
void mc_solver_push(Z3_context z, mc_solver *s);
void mc_solver_pop(Z3_context z, mc_solver *s);
/* Z3_solver_check, with a Z3 error read as Z3_L_UNDEF; Z3_L_UNDEF without
 * checking once a check of s has given Z3_L_UNDEF. Sat means a model that
 * satisfies the lazy constraints too (those it broke are asserted and the
 * check repeated). */
Z3_lbool mc_solver_check(Z3_context z, mc_solver *s);
/* The model's value of a bit-vector term (its unsigned bits). */
bool mc_z3_eval(Z3_context z, Z3_model m, Z3_ast t, uint64_t *bits);
/* The model's value of an integer term, if it fits in 64 signed bits. */
bool mc_z3_eval_int(Z3_context z, Z3_model m, Z3_ast t, int64_t *v);

Z3_ast mc_z3_bv_const(Z3_context z, unsigned width, uint64_t bits);
Z3_ast mc_z3_var(Z3_context z, const char *name, unsigned width);
Z3_ast mc_z3_and(Z3_context z, const Z3_ast *ops, unsigned n);
Z3_ast mc_z3_and2(Z3_context z, Z3_ast a, Z3_ast b);
Z3_ast mc_z3_or2(Z3_context z, Z3_ast a, Z3_ast b);
Z3_ast mc_z3_ext(Z3_context z, Z3_ast t, unsigned by, bool is_signed);

/* Numbers of a query: bit-vectors of their width (the exact query), or
 * integers (the abstract query under the no-wrap assumption, see
 * z3expr.c). A constant is its unsigned value; comparisons are unsigned. */
Z3_ast mc_num(Z3_context z, bool ints, unsigned width, uint64_t v);
Z3_ast mc_num_var(Z3_context z, bool ints, const char *name, unsigned width);
Z3_ast mc_num_add(Z3_context z, bool ints, Z3_ast a, Z3_ast b);
Z3_ast mc_num_sub(Z3_context z, bool ints, Z3_ast a, Z3_ast b);
Z3_ast mc_num_ult(Z3_context z, bool ints, Z3_ast a, Z3_ast b);
Z3_ast mc_num_ule(Z3_context z, bool ints, Z3_ast a, Z3_ast b);
/* v within the values of a `width`-bit type: true for a bit-vector. */
Z3_ast mc_num_in_type(Z3_context z, bool ints, Z3_ast v, unsigned width, bool is_signed);

/* A translator of expressions into one Z3 context: atoms come from the
 * callback (a term of the atom's width); results are memoised per node. */
typedef Z3_ast (*mc_z3_atom_fn)(void *data, const mc_atom *a);
typedef struct mc_z3tr mc_z3tr;
mc_z3tr *mc_z3tr_new(mc_arena *a, Z3_context z, mc_z3_atom_fn fn, void *data);
/* The abstraction of products that z3expr.c describes: t translates the
 * products it can replace into abs's variables, whose lemmas the query
 * must assert. */
typedef struct mc_z3abs mc_z3abs;
/* distribute: over the integers, the distributivity lemmas too (many:
 * asked for only when the abstraction without them finds a model). */
mc_z3abs *mc_z3abs_new(mc_arena *a, Z3_context z, bool ints, bool distribute);
void mc_z3tr_abstract(mc_z3tr *t, mc_z3abs *abs);
/* Under the no-wrap assumption (MC_DRF_NO_WRAP_ASSUMPTION) mc_z3_nowrap
 * says that nothing wraps around (see there); with ints too, t translates
 * into integers (the abstract query: every product abstracted, see
 * z3expr.c). */
void mc_z3tr_assume_no_wrap(mc_z3tr *t, bool on, bool ints);
/* The terms made from now on are of group g: 0 for those of every case
 * of the query, g > 0 for those of its g-th case only (thread 2 at the
 * g-th candidate access). */
void mc_z3abs_group(mc_z3abs *abs, unsigned g);
/* The lemmas of the products entered so far: none relates a product of
 * one case g > 0 alone to one of another. */
const Z3_ast *mc_z3abs_lemmas(mc_z3abs *abs, unsigned *n);
/* Over the integers: asserts in s, for each product whose value in the
 * model m is not its factors' (x = a, u = b, p != a * b), what exact
 * multiplication implies there: x == a -> p == a * u, u == b -> p == b * x,
 * and p above or below the tangent plane b * x + a * u - a * b as
 * (x - a) * (u - b) is positive or negative; only where a and b are
 * at most 2^16 in magnitude. The number of products refined (0: none). */
unsigned mc_z3abs_refine(mc_z3abs *abs, Z3_model m, Z3_solver s);
/* e as a term: its bits as a bit-vector of e's width, or its integer
 * reading; NULL on a Z3 error. */
Z3_ast mc_z3_term(mc_z3tr *t, const mc_expr *e);
/* A 1-bit expression as a Z3 Boolean. */
Z3_ast mc_z3_bool(mc_z3tr *t, const mc_expr *e);
/* What is known of e and its subterms not wrapping around, a Boolean (true
 * when nothing is). Without the assumption, what sym's flags say: where a
 * sum or a product of exact operands is exact (MC_NSW / MC_NUW), its value
 * computed without wrap-around equals its bits. Under the no-wrap
 * assumption, every sum, product and left shift whose value is needed as
 * an integer (not only its low bits, as under a mask) equals its value over
 * the integers, and every operand read in the other signedness than it was
 * computed in, or truncated, keeps its value. Assert it only where e is
 * evaluated (the node runs, the guard holds). */
Z3_ast mc_z3_nowrap(mc_z3tr *t, const mc_expr *e);
/* The same, with e's own value read as a C variable of that signedness
 * holds it: a loop variable's closed form, init + k * by, sums an unsigned
 * iteration number k, but an `int i = -1` takes its values signed. */
Z3_ast mc_z3_nowrap_as(mc_z3tr *t, const mc_expr *e, bool is_signed);
/* The range sym records for an atom node, as a constraint on term v (an
 * integer or a bit-vector). */
Z3_ast mc_z3_in_range(Z3_context z, bool ints, const mc_expr *atom, Z3_ast v);

/* ---- counters.c: atomic counters ---------------------------------------- */

/* Where `result` is an atomic add's whose array is a counter (every write
 * to it an add of a constant at least 0, atomic for the block, for the
 * device where grid): its access, and the constant in *by. Two threads'
 * adds at one address then return values v1, v2 with v1 + by1 <= v2 or
 * v2 + by2 <= v1 (no wrap-around). NULL otherwise. */
const mc_access *mc_drf_counter(const mc_kernel_accesses *l, LLVMValueRef result, bool grid,
                                uint64_t *by);

/* ---- intervals.c: threads, loop instances and barrier intervals -------- */

/* MC_DRF_WALK_MAX: the loop instances one walk back to an access's
 * barrier (mc_drf_phase) may follow, each the end of a loop's last or
 * previous iteration; past them the interval is any. A walk from inside n
 * nested synchronized loops that may each run zero times follows about
 * n * n / 2 (at -O0): 50 nested loops gave queries of 70,000 constraints
 * that Z3 spent minutes and gigabytes on. */
enum { MC_DRF_MAX_DEPTH = 64, MC_DRF_ANY_INTERVAL = 0x8000, MC_DRF_WALK_MAX = 128 };

/* Where a node sits: its siblings, its index among them, and the site of
 * its loop (NULL at the kernel's level). */
typedef struct mc_site {
  const mc_pnode *node;
  const mc_pnode *siblings;
  unsigned nsiblings, index, depth;
  const struct mc_site *loop;
} mc_site;

/* The name of a barrier interval: the barrier instance that opened it (its
 * number, 0 for the kernel's start; the iterations of the loops around it,
 * outermost first, 0 beyond its depth). */
typedef struct {
  Z3_ast id;                      /* 16 bits */
  Z3_ast k[MC_DRF_MAX_DEPTH];     /* 32 bits each */
  /* the numbers id may take, a bit each (mc_drf_ctx.id_words words);
   * NULL: any (an interval of the over-approximation among them) */
  const uint64_t *ids;
} mc_phase;

typedef struct mc_env mc_env;

/* A value an atomic add on a counter returned to a thread (counters.c):
 * at byte offset `offset` of array `array`, adding `by`. */
typedef struct {
  int thread, array;
  Z3_ast value, offset;
  uint64_t by;
  unsigned width;
  bool is_signed;
} mc_counted;

/* One kernel's state for Z3. */
typedef struct {
  mc_arena *a;
  const mc_protocol *p;
  const mc_options *o;
  Z3_context z;
  mc_site *sites;                 /* one per node, preorder */
  unsigned nsites;
  unsigned id_words;              /* of an mc_phase's ids: nsites + 1 bits */
  /* where set, mc_drf_env_at gives every access in a loop one instance of
   * it (per loop site; thread 1's): for walks that want no model */
  mc_env **shared_envs;
  unsigned depth;                 /* deepest loop nesting, at most the max */
  Z3_ast bdim[3], gdim[3], ws;
  Z3_ast tid[2][3], bid[2][3];    /* thread 0 and 1; bid[1] == bid[0] in a
                                     block-scope query */
  const mc_atom **param_atoms;    /* the parameters met, and their terms */
  Z3_ast *param_vars;
  unsigned *param_stamp;          /* the last query that met each */
  unsigned nparam_vars, query;
  /* constraints gathered while a query is built (loop ends, no-wrap), and
   * which of them are lazy (mc_solver) */
  Z3_ast *side;
  bool *side_lazy;
  unsigned nside, cap_side;
  unsigned fresh;                 /* names of fresh constants */
  mc_z3abs *abs;                  /* the query is built with products
                                     abstracted into it (NULL: exact) */
  bool no_wrap;                   /* MC_DRF_NO_WRAP_ASSUMPTION holds */
  bool ints;                      /* the query is over the integers */
  bool functions;                 /* the query has uninterpreted functions */
  const char *approx;             /* an approximation met building a query */
  bool any_interval;              /* the query has intervals that may be any
                                     (ids from MC_DRF_ANY_INTERVAL) */
  unsigned any_why;               /* why (intervals.c; mc_drf_any_why) */
  unsigned walk_left;             /* loop instances the walk may follow */
  mc_env *kernel_env[2];          /* per thread, per query */
  bool grid;                      /* the query is between two blocks */
  mc_counted *counted;            /* the counters' values met, per query */
  unsigned ncounted, cap_counted;
} mc_drf_ctx;

/* Sets up d for p: sites, dimensions and their limits (the constraints go
 * to d->side). False when out of memory or Z3 fails. */
bool mc_drf_ctx_init(mc_drf_ctx *d, mc_arena *a, const mc_protocol *p,
                     const mc_options *o, Z3_context z);
/* Starts a query: fresh thread ids (thread 1 in another block when grid),
 * no side constraints, the kernel environments of both threads. */
bool mc_drf_query_begin(mc_drf_ctx *d, bool grid);
bool mc_drf_side(mc_drf_ctx *d, Z3_ast c);
/* The same for what the no-wrap assumption says: lazy in an exact query. */
bool mc_drf_side_nowrap(mc_drf_ctx *d, Z3_ast c);
/* The site of node n, or NULL. */
const mc_site *mc_drf_site(const mc_drf_ctx *d, const mc_pnode *n);

/* A thread's instance of the loops around `site`: every enclosing loop at a
 * fresh iteration (live: the thread runs them). */
mc_env *mc_drf_env_at(mc_drf_ctx *d, int thread, const mc_site *site);
/* The thread runs env's loop instances. */
Z3_ast mc_drf_live(const mc_env *env);
/* The thread runs the node of `site` in env (its guard in the iterations of
 * env), as a Z3 Boolean. */
Z3_ast mc_drf_runs(mc_drf_ctx *d, mc_env *env, const mc_site *site);
/* An expression over env's values. */
Z3_ast mc_drf_term(mc_drf_ctx *d, mc_env *env, const mc_expr *e);
Z3_ast mc_drf_nowrap(mc_drf_ctx *d, mc_env *env, const mc_expr *e);
/* The barrier interval of the node of `site` in env: block barriers only
 * (warp false), or block barriers and __syncwarp (warp true). */
bool mc_drf_phase(mc_drf_ctx *d, mc_env *env, const mc_site *site, bool warp,
                  mc_phase *out);
Z3_ast mc_drf_phase_eq(mc_drf_ctx *d, const mc_phase *a, const mc_phase *b);
/* May a and b be one interval? false when they never open at one barrier,
 * known without the solver. */
bool mc_drf_phase_may_meet(const mc_drf_ctx *d, const mc_phase *a, const mc_phase *b);
/* Why the query has intervals that may be any, in words (d->any_interval). */
const char *mc_drf_any_why(const mc_drf_ctx *d);
/* The linear thread id and the warp of a thread. */
Z3_ast mc_drf_warp(mc_drf_ctx *d, int thread);
/* The loop variables of env's loops that have closed forms (or toggle),
 * for witnesses: calls fn for each (atom, term), innermost loop last. */
void mc_drf_env_vars(mc_drf_ctx *d, mc_env *env,
                     void (*fn)(void *data, const mc_atom *a, Z3_ast v),
                     void *data);
/* The approximations met along the loops of env (loop iterations, guards),
 * added to the list; returns the new count. */
unsigned mc_drf_env_approx(const mc_env *env, const char **out, unsigned n,
                           unsigned max);

#include "replay.h"

#endif

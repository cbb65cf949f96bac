/* solve.c - the largest value of an expression, found with Z3 (seed 000
 * §6.2: a thread-divergent range's iteration count maximised by an SMT
 * solver).
 *
 * Where a loop's trip count differs between threads in a way the closed
 * forms do not resolve (thread ids not fixed, `(tid & 7) - (tid & 3)`),
 * its maximum over every value the facts allow is found by binary search
 * on `e >= m`, its first question the upper bound itself (in one
 * mc_sat_session: bit-vectors, each query within 1/QUERY_SHARE of the
 * deterministic budget rlimit of a race query, as the race stage's
 * minimisation does: a search asks up to MAX_QUERIES of them, and a
 * grid-stride loop's trip count, divided by a symbolic stride, spends all
 * it is given). Interval arithmetic gives the starting bounds; an UNSAT
 * answer lowers the upper one, a SAT answer raises the lower one to the
 * value of e in its model. An answer Z3 cannot give (its budget spent)
 * stops the search with the upper bound proven so far: sound, and no
 * longer exact.
 *
 * Each query is paid for from the kernel's step budget as the race stage
 * pays (QUERY_STEPS, a hundredth of its rlimit for one that spends it
 * all): a spent budget stops the search too, and the analysis after it.
 * The whole search runs where a crash inside Z3 cannot end the compile
 * (mc_drf_isolated: one child process for all its queries); one that
 * crashed leaves the caller its interval bounds.
 */
#include "cost_impl.h"

#include "mapcost/drf.h"

#include <string.h>

enum { MAX_QUERIES = 70, QUERY_SHARE = 16, QUERY_STEPS = 1000 };

/* e >= v for some values, within the query's rlimit `each`; with
 * MC_SAT_YES, *seen is e's value in the model (at least v) */
static mc_sat at_least(mc_arena *a, mc_sat_session *q, mc_sym *s, const mc_expr *e,
                       int64_t v, uint64_t each, int64_t *seen) {
  if (!mc_spend(a, QUERY_STEPS, "cost"))
    return MC_SAT_UNKNOWN;
  const mc_expr *c = mc_expr_cmp(s, MC_CMP_SLE, mc_expr_const(s, 64, v), e);
  uint64_t bits = (uint64_t)v;
  mc_sat r = c ? mc_drf_session_check(q, c, each, e, &bits) : MC_SAT_UNKNOWN;
  *seen = (int64_t)bits;
  if (r == MC_SAT_UNKNOWN && each / 100 > QUERY_STEPS)
    mc_spend(a, each / 100 - QUERY_STEPS, "cost"); /* a spent budget stops the caller */
  return r;
}

static void search(mc_arena *a, mc_sym *s, const mc_expr *e, uint64_t rlimit,
                   int64_t *max, bool *exact) {
  int64_t lo = e->range.lo, hi = e->range.hi;
  uint64_t each = (rlimit ? rlimit : MC_DRF_DEFAULT_RLIMIT) / QUERY_SHARE;
  if (!each)
    each = 1;
  mc_sat_session *q = mc_drf_session_new(s);
  bool reached = false, stuck = false; /* e >= lo holds for some values */
  for (unsigned n = 0; lo < hi && n < MAX_QUERIES && !stuck; n++) {
    /* the interval bound first: most often some thread reaches it (a trip
     * count of the last thread), and one query ends the search */
    int64_t mid = n == 0 ? hi : lo + (hi - lo + 1) / 2, seen;
    mc_sat r = at_least(a, q, s, e, mid, each, &seen);
    if (r == MC_SAT_YES) /* the model may reach further than asked */
      lo = seen > mid && seen <= hi ? seen : mid, reached = true;
    else if (r == MC_SAT_NO)
      hi = mid - 1;
    else
      stuck = true; /* hi is still an upper bound */
  }
  if (lo == hi && !reached && !stuck)
    reached = at_least(a, q, s, e, lo, each, &(int64_t){0}) == MC_SAT_YES;
  mc_drf_session_free(q);
  *max = hi;
  *exact = reached && lo == hi;
}

typedef struct {
  mc_arena *a;
  mc_sym *s;
  const mc_expr *e;
  uint64_t rlimit;
} search_job;

typedef struct {
  int64_t max;
  bool exact;
} search_result;

static void run_search(void *arg, mc_strbuf *out) {
  search_job *j = arg;
  search_result r;
  search(j->a, j->s, j->e, j->rlimit, &r.max, &r.exact);
  mc_strbuf_appendn(out, (const char *)&r, sizeof r);
}

bool cost_solver_max(mc_arena *a, mc_sym *s, const mc_expr *e, uint64_t rlimit,
                     int64_t *max, bool *exact) {
  if (!e || e->width != 64 || e->range.lo == INT64_MIN || e->range.hi == INT64_MAX ||
      e->range.lo > e->range.hi)
    return false;
  search_job j = {a, s, e, rlimit};
  mc_strbuf reply = {0};
  bool done = mc_drf_isolated(a, run_search, &j, &reply) && !reply.oom &&
              reply.len == sizeof(search_result);
  if (done) {
    search_result r;
    memcpy(&r, reply.data, sizeof r);
    *max = r.max;
    *exact = r.exact;
  }
  mc_strbuf_free(&reply);
  return done;
}

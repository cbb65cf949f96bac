/* cost_impl.h - what the files of stage 6 share. */
#ifndef MAPCOST_COST_IMPL_H
#define MAPCOST_COST_IMPL_H

#include "mapcost/cost.h"

enum { COST_MAX_TERMS = 16 };

/* floor(x / d) for d > 0, also for negative x. */
static inline int64_t cost_floor_div(int64_t x, int64_t d) {
  int64_t q = x / d;
  return (x % d != 0 && x < 0) ? q - 1 : q;
}

static inline int64_t cost_gcd(int64_t a, int64_t b) {
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* An offset read over the integers with casts as the identity: c0 plus
 * the sum of coef * leaf, leaves sorted by id (atoms, products, divisions:
 * whatever is not a sum, a constant multiple or a cast). */
typedef struct {
  int64_t coef;
  const mc_expr *leaf;
  int64_t content;  /* the leaf is always a multiple of this (`k * (32 * w)`) */
  int read;         /* the leaf's value: 1 zero-extended, -1 sign-extended,
                       0 its own reading (no cast above it) */
} cost_term;

typedef struct {
  int64_t c0;
  cost_term t[COST_MAX_TERMS];
  unsigned n;
  unsigned width;  /* the narrowest node read: its low bits are exact */
  bool cast;       /* a cast was read as the identity */
} cost_lin;

/* False when e has more than COST_MAX_TERMS leaves. */
bool cost_linearize(const mc_expr *e, cost_lin *out);
/* The same, reading e's constants unsigned where is_unsigned. */
bool cost_linearize_read(const mc_expr *e, bool is_unsigned, cost_lin *out);
/* An operand of a comparison `pred` over the integers: for an unsigned
 * one, the linear form where it is the operand's unsigned value (nothing
 * in it negative), else the operand as one leaf. */
bool cost_linearize_operand(const mc_expr *e, mc_cmp pred, cost_lin *out);
/* Is e's integer reading (casts as the identity) its unsigned value? */
bool cost_unsigned_faithful(const mc_expr *e);
/* Do a and b have the same terms (leaves and coefficients)? */
bool cost_same_terms(const cost_lin *a, const cost_lin *b);
/* The values l's terms take modulo `period` (c0 aside) are multiples of
 * this: gcd(period, each coefficient times its leaf's content). */
int64_t cost_residue_step(const cost_lin *l, int64_t period);
/* Is the integer reading of l never negative: c0, the coefficients and
 * the leaves not negative (a product of factors never negative read as the
 * product, no wrap-around: the assumption costs list)? */
bool cost_lin_nonnegative(const cost_lin *l);

/* e as one lane sees it, simplified where the lane's constant sits below a
 * bit operation, shift, division or remainder by a constant whose other
 * terms are multiples of the modulus (lanes.c). NULL when out of memory. */
const mc_expr *cost_lane_normal(mc_sym *s, const mc_expr *e);

/* e with atom a replaced by v (of a's width). */
const mc_expr *cost_subst_atom(mc_sym *s, const mc_expr *e, const mc_atom *a,
                               const mc_expr *v);

/* The block's linear ids, atoms' nodes: linear[0] stands for
 * blockIdx.x + gridDim.x * blockIdx.y, linear[1] for blockIdx.x +
 * gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z), how kernels number
 * the blocks of 2-D and 3-D grids. cost_over_linear_block is e over one of
 * them where e depends on the block ids only through it; NULL otherwise. */
const mc_expr *cost_over_linear_block(mc_sym *s, const mc_expr *e,
                                      const mc_expr *const linear[2]);
/* The maximum of e over 0 <= blockIdx < gridDim in each dimension, or
 * over a linear id where e depends on the block through it (blocks.c);
 * NULL when not found exactly (or out of memory). */
const mc_expr *cost_max_over_blocks(mc_sym *s, const mc_expr *e,
                                    const mc_expr *const linear[2]);

/* Where a (not negative) appears in e only compared with constants or
 * reduced by a constant (`k % 2`, `blockIdx.x < 2`): e is periodic in a
 * from *from on with period *period (both small). False otherwise. */
bool cost_periodic(const mc_expr *e, const mc_atom *a, int64_t *from, int64_t *period);

/* Does e mention atom k? */
bool cost_mentions(const mc_expr *e, const mc_atom *k);

/* The first k = 0, 1, ... where `stay` (a condition linear in k) fails:
 * a loop's last iteration when its own closed form is not known; NULL
 * when there is none to find. With worst, the largest such k over the
 * values of the atoms worst() replaces: it is called with an atom of the
 * condition and the direction (1: larger values give a later k, -1:
 * smaller) and returns the value that makes k largest, or NULL to keep
 * the atom (a grid-stride loop runs longest in block 0 and its first lane). */
typedef const mc_expr *(*cost_worst_fn)(void *data, const mc_atom *a, int sign);
const mc_expr *cost_first_false(mc_sym *s, const mc_expr *stay, const mc_atom *k,
                                cost_worst_fn worst, void *data);

/* Does cond (linear in k) hold for k = 0, 1, ... up to some k and never
 * after? */
bool cost_holds_on_prefix(mc_sym *s, const mc_expr *cond, const mc_atom *k);

/* A comparison read over the integers as rhs - lhs (steps.c). */
typedef struct {
  const mc_expr *cmp;
  cost_lin d;     /* rhs - lhs: its terms and constant */
  uint64_t lanes; /* the lanes whose guard it is (a split's bookkeeping) */
} cost_threshold;

bool cost_read_threshold(const mc_expr *c, cost_threshold *t);
/* Is p a `<` or `<=` (what a threshold's rhs - lhs reads as > 0, >= 0)? */
static inline bool cost_less_form(mc_cmp p) {
  return p == MC_CMP_ULT || p == MC_CMP_SLT || p == MC_CMP_ULE || p == MC_CMP_SLE;
}

/* Does threshold a imply b (both `<` or `<=` read over the integers): b's
 * rhs - lhs is a's plus a constant and multiples of values never
 * negative (`64 * blockIdx.x + tid < k` implies `tid < k`)? */
bool cost_threshold_implies(const cost_threshold *a, const cost_threshold *b);
/* Do a and b have the same terms (their constants aside)? */
bool cost_same_uniform_part(const cost_lin *a, const cost_lin *b);
/* a and b as sums of steps `c * (Q > tau ? 1 : 0)` on one value Q (and a
 * constant): 1 when a >= b for every Q, -1 when b >= a, else 0. */
int cost_step_compare(const mc_expr *a, const mc_expr *b);

/* max(a, b) of two costs, simplified where one is provably the larger;
 * NULL where either is NULL (a cost not built: the expressions ran out). */
const mc_expr *cost_max(mc_sym *s, const mc_expr *a, const mc_expr *b);

/* e with its maxima (at the top and in selects' sides) folded again by
 * cost_max: after substituting a block id, operands compare. */
const mc_expr *cost_refold_max(mc_sym *s, const mc_expr *e);

/* The largest value of e (64-bit) over its atoms' facts, with Z3 (solve.c),
 * each query within a share of rlimit (0: the default) and paid for from
 * a's step budget: *exact when proven the largest, else an upper bound (a
 * query ran out of its share, or the steps ran out). False when no answer
 * (e's range unbounded, or Z3 crashed). */
bool cost_solver_max(mc_arena *a, mc_sym *s, const mc_expr *e, uint64_t rlimit,
                     int64_t *max, bool *exact);

/* What one execution's cost rests on. */
typedef struct {
  unsigned groups;        /* lanes split by their uniform terms */
  bool alignment_varies;  /* the cost depends on the uniform terms' alignment */
} cost_shape;

/* The metric of one execution: lane l (active) has offset lins[l]; lanes
 * with the same uniform terms are simulated together over every alignment
 * of those terms (the maximum); lanes marked divergent (a term that differs
 * between lanes) are simulated alone. One group whose alignments all cost
 * the same is exact; several groups are summed (an upper bound). */
uint64_t cost_warp_execution(const mc_cost_model *m, const cost_lin *lins,
                             const bool *divergent, uint64_t active,
                             uint64_t bytes, cost_shape *shape);

/* The same execution when the lanes' offsets differ by a multiple of one
 * uniform value s, or by constants with s's multiple not aligned, plus
 * uniform terms that move every lane alike: the metric as a function of s
 * and of those terms' sum modulo the unit (a formula, exact), or NULL when
 * the offsets are not of that form. */
const mc_expr *cost_warp_symbolic(mc_sym *s, const mc_cost_model *m, const cost_lin *lins,
                                  const bool *divergent, uint64_t active, uint64_t bytes);

/* The same execution when the lanes' offsets (offset[l], numbers but for
 * one uniform value) mention that value only inside remainders by
 * constants of polynomials in it: the metric as a table over the value's
 * residue (residues.c), exact; NULL otherwise (or when the step budget
 * in arena runs out). */
const mc_expr *cost_warp_residues(mc_arena *arena, mc_sym *s, const mc_cost_model *m,
                                  const mc_expr *const *offset, uint64_t active,
                                  uint64_t bytes);

/* A leaf's integer reading (casts read as the identity), 64-bit; a term's
 * leaf as the cast above it reads it (a product of values never negative:
 * as the product). */
const mc_expr *cost_wide(mc_sym *s, const mc_expr *leaf);
const mc_expr *cost_wide_term(mc_sym *s, const cost_term *t);

#endif

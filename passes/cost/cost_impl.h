/* cost_impl.h - what the files of stage 6 share. */
#ifndef MAPCOST_COST_IMPL_H
#define MAPCOST_COST_IMPL_H

#include "mapcost/cost.h"

enum { COST_MAX_TERMS = 16 };

/* An offset read over the integers with casts as the identity: c0 plus
 * the sum of coef * leaf, leaves sorted by id (atoms, products, divisions:
 * whatever is not a sum, a constant multiple or a cast). */
typedef struct {
  int64_t coef;
  const mc_expr *leaf;
} cost_term;

typedef struct {
  int64_t c0;
  cost_term t[COST_MAX_TERMS];
  unsigned n;
} cost_lin;

/* False when e has more than COST_MAX_TERMS leaves. */
bool cost_linearize(const mc_expr *e, cost_lin *out);

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

#endif

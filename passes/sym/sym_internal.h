/* sym_internal.h - what the files of passes/sym/ share and nobody else needs:
 * the context's layout, node interning, interval arithmetic on 128-bit
 * integers, a pointer map, and the translator's layout. */
#ifndef MAPCOST_SYM_INTERNAL_H
#define MAPCOST_SYM_INTERNAL_H

#include "mapcost/access.h"
#include "mapcost/sym.h"

#include <llvm-c/Target.h>
#include <stdint.h>

/* ---- Wide integers for exact coefficient and interval arithmetic ------ */

typedef __int128 i128;

/* Interval bounds beyond this are "unbounded"; products saturate here. */
#define SYM_BIG ((i128)1 << 100)

static inline uint64_t sym_mask(unsigned w) {
  return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}
/* The signed reading of the low w bits of x. */
/* cmp p of two w-bit patterns (simplify.c). */
bool sym_fold_cmp(mc_cmp p, uint64_t a, uint64_t b, unsigned w);

static inline int64_t sym_sext(uint64_t x, unsigned w) {
  x &= sym_mask(w);
  if (w < 64 && (x >> (w - 1)) & 1)
    x |= ~sym_mask(w);
  return (int64_t)x;
}
static inline i128 sym_smin(unsigned w) { return -((i128)1 << (w - 1)); }
static inline i128 sym_smax(unsigned w) { return ((i128)1 << (w - 1)) - 1; }
static inline i128 sym_umax(unsigned w) { return ((i128)1 << w) - 1; }
/* x reduced modulo 2^w to the signed range. */
static inline int64_t sym_rep(i128 x, unsigned w) {
  return sym_sext((uint64_t)(unsigned __int128)x, w);
}
static inline i128 sym_clamp(i128 x) {
  return x > SYM_BIG ? SYM_BIG : x < -SYM_BIG ? -SYM_BIG : x;
}
static inline i128 sym_sat_mul(i128 a, i128 b) {
  if (a == 0 || b == 0)
    return 0;
  i128 aa = a < 0 ? -a : a, bb = b < 0 ? -b : b;
  if (aa > SYM_BIG / bb)
    return (a < 0) != (b < 0) ? -SYM_BIG : SYM_BIG;
  return a * b;
}

/* An interval in wide integers. */
typedef struct {
  i128 lo, hi;
} sym_ival;

static inline sym_ival sym_ival_of(mc_interval r) {
  sym_ival v = {r.lo == INT64_MIN ? -SYM_BIG : r.lo,
                r.hi == INT64_MAX ? SYM_BIG : r.hi};
  return v;
}
static inline mc_interval sym_ival_store(sym_ival v) {
  mc_interval r;
  r.lo = v.lo <= INT64_MIN ? INT64_MIN : (int64_t)v.lo;
  r.hi = v.hi >= INT64_MAX ? INT64_MAX : (int64_t)v.hi;
  return r;
}

/* ---- Pointer map (open addressing, arena-allocated or the heap's) ------- */

typedef struct {
  const void **keys;
  void **vals;
  unsigned cap, n;
  bool heap; /* the tables are the heap's (put with no arena) */
} sym_ptrmap;

void *sym_ptrmap_get(const sym_ptrmap *m, const void *key);
bool sym_ptrmap_has(const sym_ptrmap *m, const void *key);
/* False when out of memory. With a NULL the tables it grows into are the
 * heap's, for a map that lives only as long as one call (it may start in
 * tables of the caller's, zeroed, cap a power of two): free it with
 * sym_ptrmap_free. */
bool sym_ptrmap_put(mc_arena *a, sym_ptrmap *m, const void *key, void *val);
void sym_ptrmap_free(sym_ptrmap *m);

/* ---- The context --------------------------------------------------------- */

struct mc_sym {
  mc_arena *arena;
  mc_sym_facts facts;
  const mc_expr **table; /* hash-consing, open addressing */
  unsigned cap, n;
  const mc_expr *builtins[MC_ATOM_WARPSIZE + 1][3];
  sym_ptrmap params, loops, unknowns; /* by index+1, phi, value */
  unsigned nloops, nunknowns, next_id;
};

/* The unique node with these fields (ops and coefs are copied); computes
 * its range (narrowed by `assumed`, exactness facts that hold of its
 * integer reading) and its flags. NULL when out of memory. */
const mc_expr *sym_intern(mc_sym *s, mc_expr_op op, unsigned width,
                          unsigned assumed, mc_cmp pred, int64_t value,
                          const mc_atom *atom, unsigned nops,
                          const mc_expr *const *ops, const int64_t *coefs);

/* Does the integer reading of e lie in the signed / unsigned range of its
 * width? (mc_expr_exact) */
bool sym_exact_signed(const mc_expr *e);
bool sym_exact_unsigned(const mc_expr *e);
/* The interval of e read signed / unsigned (its own range when exact,
 * else the whole range of the width). */
sym_ival sym_read_signed(const mc_expr *e);
sym_ival sym_read_unsigned(const mc_expr *e);

/* Order of the terms of a sum: higher degree first, then mc_expr_compare. */
int sym_term_compare(const mc_expr *a, const mc_expr *b);

/* ---- The translator ------------------------------------------------------ */

typedef struct {
  LLVMBasicBlockRef header;
  sym_ptrmap body; /* blocks of the natural loop, header included */
} sym_loop;

struct mc_translator {
  mc_sym *s;
  mc_arena *a;
  const mc_kernel *k;
  LLVMTargetDataRef td;
  sym_ptrmap values;  /* LLVMValueRef -> const mc_expr* (or IN_PROGRESS) */
  sym_ptrmap pointers; /* LLVMValueRef -> pointer resolution (access.c) */
  sym_ptrmap preds;   /* LLVMBasicBlockRef -> block_list of predecessors */
  sym_ptrmap headers; /* LLVMBasicBlockRef -> sym_loop* */
  sym_loop **loops;
  unsigned nloops;
};

typedef struct {
  LLVMBasicBlockRef *v;
  unsigned n;
} sym_blocks;

const sym_blocks *sym_preds(mc_translator *t, LLVMBasicBlockRef bb);
/* The loop whose header is bb, or NULL. */
sym_loop *sym_loop_of_header(mc_translator *t, LLVMBasicBlockRef bb);
/* For a phi with two incoming values: the branch condition that picks
 * between them (if-then or if-then-else), and which incoming value the
 * condition being true selects (0 or 1). False when not recognised. */
bool sym_phi_condition(mc_translator *t, LLVMValueRef phi, LLVMValueRef *cond,
                       unsigned *when_true);
/* The facts f narrowed by kernel k's preconditions (preconditions.c).
 * False when out of memory. */
bool sym_narrow_by_preconditions(mc_sym_facts *f, mc_arena *a, const mc_kernel *k);
/* Does a parameter's source type read unsigned ("unsigned", "size_t",
 * "uint32_t", "bool", ...)? */
bool sym_type_is_unsigned(const char *type);
/* The condition a decision node (kernels.h) tests: its branch condition,
 * or its switch operand equal to the case. NULL when out of memory. */
const mc_expr *sym_decision_cond(mc_translator *t, const mc_decision *d);
/* e, or an unknown "value after loop" when e mentions a loop variable of a
 * loop that does not contain block bb. */
const mc_expr *sym_scope_to_block(mc_translator *t, const mc_expr *e,
                                  LLVMBasicBlockRef bb, LLVMValueRef v);
/* The source name of an instruction's variable from debug info, or NULL;
 * *is_unsigned from its type. Allocated in the arena. */
const char *sym_variable_name(mc_translator *t, LLVMValueRef v,
                              bool *is_unsigned);
/* "12:5" for an instruction with a location, else NULL. */
const char *sym_location(mc_arena *a, LLVMValueRef inst);

#endif

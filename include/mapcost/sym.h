/* sym.h - stage 3: symbolic integer expressions.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-sym>' \
 *       -disable-output k.ll
 *
 * An expression is a bit vector of a kept width (1..64 bits) over atoms:
 * threadIdx/blockIdx/blockDim/gridDim in x, y, z, the lane and warp ids,
 * warpSize, kernel parameters, loop variables and named unknowns. Its value
 * is exactly what the IR computes, wrap-around included: `+ - *` are modulo
 * 2^width, division, remainder, shifts, min/max and comparisons say whether
 * they read their operands signed or unsigned, and zext/sext/trunc do what
 * they do. Expressions are immutable and hash-consed in a context (mc_sym),
 * and every builder returns a canonical, simplified form: constants folded,
 * sums of products with sorted terms and merged coefficients, casts pushed
 * through sums where that is exact. Equal expressions built in one context
 * are the same pointer (flags included, see below).
 *
 * Two readings of an expression, and what links them:
 *   - the bits (`mc_expr_eval`): the truth; the race stage may translate
 *     expressions to Z3 bit vectors node by node;
 *   - the integer reading: the value over the mathematical integers of the
 *     printed form (`mc_expr_print`), where `+ - *` do not wrap and a cast
 *     such as `(int)(e)` or `(unsigned)(e)` reduces modulo 2^32 into the
 *     signed or unsigned range. The printer writes a cast exactly where an
 *     operation needs its operand read signed or unsigned (division,
 *     remainder, right shifts, comparisons, min/max, zext/sext) and the
 *     operand's integer reading is not proven to lie in that range. The
 *     integer reading is congruent to the bits modulo 2^width; every node
 *     records an interval that contains it (`range`), computed from the
 *     facts the context was made with (CUDA's limits, block and grid
 *     dimensions, launch bounds, parameter values) and from nsw/nuw flags.
 *     A consumer that translates to integers (Z3 Int, closed-form sums)
 *     follows the printed form; `mc_expr_exact` says when no cast is needed.
 *
 * Soundness: 32-bit index arithmetic wraps unless nsw/nuw flags or the
 * facts rule it out; an expression never claims more than that.
 *
 * Everything is allocated in the arena the context was made with.
 */
#ifndef MAPCOST_SYM_H
#define MAPCOST_SYM_H

#include "mapcost/kernels.h"
#include "mapcost/options.h"
#include "mapcost/support.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Atoms ---------------------------------------------------------------- */

typedef enum {
  MC_ATOM_BID,      /* blockIdx.{x,y,z} */
  MC_ATOM_BDIM,     /* blockDim.{x,y,z} */
  MC_ATOM_GDIM,     /* gridDim.{x,y,z} */
  MC_ATOM_TID,      /* threadIdx.{x,y,z} */
  MC_ATOM_LANE,     /* %laneid: the thread's lane in its warp */
  MC_ATOM_WARPID,   /* %warpid */
  MC_ATOM_WARPSIZE, /* warpSize */
  MC_ATOM_LOOP,     /* a loop variable: a phi of a loop header */
  MC_ATOM_PARAM,    /* a kernel parameter, by source name */
  MC_ATOM_UNKNOWN,  /* a value the analysis does not follow, with a reason */
} mc_atom_kind;

typedef enum {
  MC_UNKNOWN_LOAD,        /* a value loaded from memory */
  MC_UNKNOWN_ATOMIC,      /* the result of an atomic operation */
  MC_UNKNOWN_CALL,        /* the result of a call that was not inlined */
  MC_UNKNOWN_ASM,         /* the result of inline assembly */
  MC_UNKNOWN_REGISTER,    /* another special register (%clock, %smid, ...) */
  MC_UNKNOWN_JOIN,        /* a phi whose condition was not recognised */
  MC_UNKNOWN_EXIT,        /* a loop's value used after the loop */
  MC_UNKNOWN_POINTER,     /* an address as an integer, or pointers of
                             different arrays compared */
  MC_UNKNOWN_FLOAT,       /* converted from floating point */
  MC_UNKNOWN_UNDEF,       /* undef or poison */
  MC_UNKNOWN_UNSUPPORTED, /* an instruction the translation does not model */
} mc_unknown_reason;

typedef struct mc_atom {
  mc_atom_kind kind;
  unsigned dim;      /* BID, BDIM, GDIM, TID: 0 x, 1 y, 2 z */
  unsigned width;    /* bits */
  bool is_signed;    /* its integer reading is the signed value of its bits */
  const char *name;  /* as printed: "threadIdx.x", "n", "i", "$load1" */
  /* PARAM: the parameter's index. LOOP and UNKNOWN: a number, per context,
   * in order of creation (unknowns are printed "$<reason><number>"). */
  int index;
  mc_unknown_reason reason; /* UNKNOWN */
  const char *detail; /* UNKNOWN: what it stands for ("load of in"); may be NULL */
  /* PARAM: the argument. LOOP: the phi; for a pointer phi the atom is its
   * byte offset from the array it points into. UNKNOWN: the value it stands
   * for. May be NULL for atoms made by hand (unit tests). */
  LLVMValueRef value;
} mc_atom;

const char *mc_unknown_reason_name(mc_unknown_reason r); /* "load", "call", ... */

/* ---- Expressions ------------------------------------------------------- */

typedef enum {
  MC_EXPR_CONST,
  MC_EXPR_ATOM,
  MC_EXPR_ADD, /* sum of coefs[i] * ops[i], plus value */
  MC_EXPR_MUL, /* product of ops (at least two, none constant; a sum only
                  where distributing it would make too many terms) */
  MC_EXPR_UDIV, MC_EXPR_SDIV, MC_EXPR_UREM, MC_EXPR_SREM,
  MC_EXPR_SHL, MC_EXPR_LSHR, MC_EXPR_ASHR,
  MC_EXPR_AND, MC_EXPR_OR, MC_EXPR_XOR,         /* n-ary, constant last */
  MC_EXPR_UMIN, MC_EXPR_UMAX, MC_EXPR_SMIN, MC_EXPR_SMAX, /* n-ary */
  MC_EXPR_CMP,    /* width 1: ops[0] pred ops[1] */
  MC_EXPR_SELECT, /* ops[0] (width 1) ? ops[1] : ops[2] */
  MC_EXPR_ZEXT, MC_EXPR_SEXT, MC_EXPR_TRUNC, /* of ops[0], to width */
} mc_expr_op;

/* Comparison predicates. Builders accept all ten; canonical expressions
 * use only EQ, NE and the "less" forms (operands swapped). */
typedef enum {
  MC_CMP_EQ, MC_CMP_NE,
  MC_CMP_ULT, MC_CMP_ULE, MC_CMP_UGT, MC_CMP_UGE,
  MC_CMP_SLT, MC_CMP_SLE, MC_CMP_SGT, MC_CMP_SGE,
} mc_cmp;

/* Exactness: the integer reading of a node (see the top) is its signed
 * value (MC_NSW) or its unsigned value (MC_NUW): no wrap-around in that
 * reading. A node's `flags` say which hold; they follow from its `range`,
 * which comes from the facts and from `assumed`: the IR's nsw/nuw (and
 * `or disjoint`, GEP inbounds/nuw), which rule wrap-around out because it
 * would be poison. Since rewriting by ring identities (flattening, merging,
 * distributing, widening casts) keeps the integer reading, the facts
 * survive them; where a coefficient would wrap, they are dropped.
 *
 * The builders take flags in LLVM's sense for the operation they build
 * (`add nsw a, b`: the sum of the signed values does not overflow); the
 * node is exact when its operands are. */
enum { MC_NSW = 1u, MC_NUW = 2u };

/* An interval of integers. The bounds saturate: INT64_MIN and INT64_MAX
 * mean "this far or beyond". */
typedef struct {
  int64_t lo, hi;
} mc_interval;

typedef struct mc_expr {
  mc_expr_op op;
  unsigned width;          /* bits of the value, 1..64 */
  unsigned flags;          /* MC_NSW | MC_NUW: exact (see above) */
  unsigned assumed;        /* MC_NSW | MC_NUW taken from the IR */
  mc_cmp pred;             /* CMP */
  /* CONST: the value; ADD: the constant term. Always the signed reading of
   * its `width` bits (sign-extended to 64). */
  int64_t value;
  const mc_atom *atom;     /* ATOM */
  unsigned nops;
  const struct mc_expr *const *ops;
  const int64_t *coefs;    /* ADD: nonzero, sign-extended from width */
  mc_interval range;       /* contains the integer reading (see above) */
  unsigned size;           /* nodes of the expression as a tree (saturates
                              at 2^30); what walks it recursively costs */
  unsigned hash;
  unsigned id;             /* creation order in the context */
} mc_expr;

/* ---- Facts and the context ------------------------------------------------ */

typedef struct {
  mc_interval tid[3], bid[3], bdim[3], gdim[3];
  unsigned warp_size;      /* warpSize (the hardware's is 32) */
  /* Kernel parameters by index: an interval for each of nparams (NULL: no
   * facts beyond each parameter's type). */
  const mc_interval *params;
  unsigned nparams;
} mc_sym_facts;

/* CUDA's limits: blocks of at most 1024 threads (z at most 64), grids of
 * 2^31-1 x 65535 x 65535 blocks, warpSize 32. */
void mc_sym_facts_cuda(mc_sym_facts *f);

/* The dimensions taken to be 1 because kernel k never reads them (bits as
 * mc_kernel.dims_read: the block's y and z when no -mapcost-block-dim or
 * reqntid fixes the block, the grid's y and z when no -mapcost-grid-dim
 * fixes the grid). A kernel that reads only threadIdx.x and blockIdx.x is
 * launched with 1-D blocks and grid: an assumption the report lists, since
 * a 2-D launch of it would run threads that differ only in an index the
 * kernel ignores. o may be NULL. */
unsigned mc_sym_unread_dims(const mc_kernel *k, const mc_options *o);

/* The assumption behind mc_sym_unread_dims' answer `dims` in words
 * ("blockDim.y = blockDim.z = 1 (dimensions the kernel never reads)"), or
 * NULL for none. */
const char *mc_sym_unread_dims_text(mc_arena *a, unsigned dims);

/* The facts for kernel k under options o: CUDA's limits, narrowed by the
 * kernel's launch bounds (reqntid exactly; maxntid bounds the whole block),
 * the dimensions it never reads (mc_sym_unread_dims),
 * -mapcost-block-dim, -mapcost-grid-dim, -mapcost-warp-size and
 * -mapcost-param (by source name), then by the kernel's preconditions that
 * compare a dimension or a parameter with a constant (requires, axioms,
 * assumptions on entry; conjuncts of them too). o may be NULL. Parameter
 * intervals are allocated in a. False when out of memory. */
bool mc_sym_facts_for_kernel(mc_sym_facts *f, mc_arena *a, const mc_kernel *k,
                             const mc_options *o);

typedef struct mc_sym mc_sym;

/* A new context whose nodes live in a; the facts are copied. NULL when out
 * of memory. */
mc_sym *mc_sym_new(mc_arena *a, const mc_sym_facts *facts);
mc_arena *mc_sym_arena(const mc_sym *s);
const mc_sym_facts *mc_sym_facts_of(const mc_sym *s);

/* Every builder returns NULL when out of memory, when an operand is NULL,
 * or when the operands' widths do not fit the operation. */

/* Atoms. Builtins (TID, BID, BDIM, GDIM, LANE, WARPID, WARPSIZE) are 32-bit
 * and unsigned. */
const mc_expr *mc_sym_builtin(mc_sym *s, mc_atom_kind kind, unsigned dim);
/* The same index gives the same atom. */
const mc_expr *mc_sym_param(mc_sym *s, int index, const char *name,
                            unsigned width, bool is_signed, LLVMValueRef arg);
/* The same phi gives the same atom; a NULL phi gives a new atom each call. */
const mc_expr *mc_sym_loop_var(mc_sym *s, LLVMValueRef phi, const char *name,
                               unsigned width, bool is_signed);
/* The same value gives the same atom; a NULL value a new atom each call. */
const mc_expr *mc_sym_unknown(mc_sym *s, mc_unknown_reason reason,
                              const char *detail, unsigned width,
                              LLVMValueRef value);

/* Expressions. v is truncated to width bits. */
const mc_expr *mc_expr_const(mc_sym *s, unsigned width, int64_t v);
/* Binary operations (ADD, MUL, divisions, shifts, bitwise, min/max); both
 * operands of one width; flags (MC_NSW, MC_NUW, in LLVM's sense) for ADD,
 * MUL and SHL. */
const mc_expr *mc_expr_binary(mc_sym *s, mc_expr_op op, const mc_expr *a,
                              const mc_expr *b, unsigned flags);
const mc_expr *mc_expr_add(mc_sym *s, const mc_expr *a, const mc_expr *b,
                           unsigned flags);
const mc_expr *mc_expr_sub(mc_sym *s, const mc_expr *a, const mc_expr *b,
                           unsigned flags);
const mc_expr *mc_expr_mul(mc_sym *s, const mc_expr *a, const mc_expr *b,
                           unsigned flags);
const mc_expr *mc_expr_neg(mc_sym *s, const mc_expr *a);
const mc_expr *mc_expr_cmp(mc_sym *s, mc_cmp pred, const mc_expr *a,
                           const mc_expr *b);
const mc_expr *mc_expr_not(mc_sym *s, const mc_expr *a); /* bitwise */
const mc_expr *mc_expr_select(mc_sym *s, const mc_expr *c, const mc_expr *a,
                              const mc_expr *b);
/* ZEXT and SEXT to a wider width, TRUNC to a narrower one; the same width
 * returns a. */
const mc_expr *mc_expr_cast(mc_sym *s, mc_expr_op op, const mc_expr *a,
                            unsigned width);
/* To `width`, sign- or zero-extending or truncating as needed. */
const mc_expr *mc_expr_resize(mc_sym *s, const mc_expr *a, unsigned width,
                              bool is_signed);

/* e / d when every coefficient and the constant of e are multiples of d, so
 * that the result times d is e (a byte offset to an element index); NULL
 * otherwise. */
const mc_expr *mc_expr_div_exact(mc_sym *s, const mc_expr *e, int64_t d);

/* Node e again with new operands ops[0..e->nops) through the builders
 * (simplified, e's no-wrap facts kept); NULL when an operand is NULL or of
 * another width than the one it replaces. */
const mc_expr *mc_expr_rebuild(mc_sym *s, const mc_expr *e, const mc_expr *const *ops);

/* Replaces atoms: fn returns the expression for an atom (of the atom's
 * width) or NULL to keep it. The result is simplified again. NULL when out
 * of memory or when fn returned an expression of another width. */
typedef const mc_expr *(*mc_subst_fn)(void *data, const mc_atom *a);
const mc_expr *mc_expr_subst(mc_sym *s, const mc_expr *e, mc_subst_fn fn,
                             void *data);
/* Replaces nodes: fn returns the expression for a node (of its width)
 * or NULL to keep it and rewrite its operands. As mc_expr_subst. */
typedef const mc_expr *(*mc_rewrite_fn)(void *data, const mc_expr *e);
const mc_expr *mc_expr_rewrite(mc_sym *s, const mc_expr *e, mc_rewrite_fn fn, void *data);

/* Narrowing: a later stage that learns an atom's range (the loop stage, a
 * loop variable's; a fact, a parameter's) rebuilds expressions with the
 * atom assumed in it, so that what the range rules out goes (a cast, a
 * comparison). mc_sym_atom_in is the atom's node so narrowed (its range
 * meets the atom's own); mc_expr_narrow rebuilds e with every atom for
 * which fn gives a range narrowed to it (fn returns false to keep one).
 * The evaluator reports a value outside the range as MC_EVAL_UNDEFINED. */
const mc_expr *mc_sym_atom_in(mc_sym *s, const mc_atom *a, mc_interval range);
typedef bool (*mc_range_fn)(void *data, const mc_atom *a, mc_interval *range);
const mc_expr *mc_expr_narrow(mc_sym *s, const mc_expr *e, mc_range_fn fn,
                              void *data);

/* ---- Queries ---------------------------------------------------------- */

bool mc_expr_is_const(const mc_expr *e, int64_t *value);
/* The unsigned reading of a constant's bits. */
uint64_t mc_expr_uvalue(const mc_expr *e);
/* Does the integer reading of e equal the signed (is_signed) or unsigned
 * value of its bits, for every value of the atoms the facts allow? */
bool mc_expr_exact(const mc_expr *e, bool is_signed);
/* Calls fn once per distinct atom of e, in a fixed order; stops when fn
 * returns false. */
typedef bool (*mc_atom_fn)(void *data, const mc_atom *a);
void mc_expr_atoms(const mc_expr *e, mc_atom_fn fn, void *data);
/* Does e mention an atom of one of the kinds in mask (bit 1u << kind)? */
bool mc_expr_mentions(const mc_expr *e, unsigned kind_mask);
/* The total order that sorts the terms of sums and the operands of
 * commutative operations: by kind of atom (blockIdx, blockDim, gridDim,
 * threadIdx, ..., loop variables, parameters, unknowns), z before y before
 * x, loop variables and unknowns by their number; casts do not move a
 * term. <0, 0, >0. */
int mc_expr_compare(const mc_expr *a, const mc_expr *b);

/* ---- Printing ------------------------------------------------------------ */

/* C-like infix with source names, as described at the top:
 * `blockIdx.x * blockDim.x + threadIdx.x`, `4 * (int)(i + n)`, `min(a, b)`,
 * `c ? a : b`; `/` and `%` truncate toward zero as in C. Constants are
 * printed in decimal as their signed value (unsigned where an operand is
 * read unsigned); booleans as comparisons. */
void mc_expr_print(const mc_expr *e, mc_strbuf *out);
/* The same, into the arena. */
const char *mc_expr_text(mc_arena *a, const mc_expr *e);

/* ---- Evaluation ---------------------------------------------------------- */

typedef struct {
  uint32_t tid[3], bid[3], bdim[3], gdim[3];
  uint32_t warp_size; /* 0 means 32 */
  /* Values (bits) of parameters, loop variables and unknowns; lane and
   * warp ids are computed from the linear thread id unless given here.
   * Returns false when the atom has no value. May be NULL. */
  bool (*value)(void *data, const mc_atom *a, uint64_t *bits);
  void *data;
} mc_eval_env;

typedef enum {
  MC_EVAL_OK,
  MC_EVAL_UNBOUND, /* an atom without a value */
  MC_EVAL_UNDEFINED, /* division by zero, INT_MIN / -1, a shift by the
                        width or more, or a broken fact (an nsw/nuw the
                        IR assumed, or values outside the context's facts):
                        the IR's value is poison or the launch not one the
                        facts describe */
} mc_eval_status;

/* The bits of e (zero-extended to 64) under env. Selects evaluate only the
 * chosen side. Every node's integer reading is checked against its range. */
mc_eval_status mc_expr_eval(const mc_expr *e, const mc_eval_env *env,
                            uint64_t *bits);
/* The signed value of `width` bits. */
int64_t mc_bits_signed(uint64_t bits, unsigned width);

/* ---- Translation of LLVM values ----------------------------------------
 *
 * A translator turns the integer values of one kernel (on the
 * canonicalised clone: everything inlined) into expressions: special
 * registers become builtin atoms, arguments parameter atoms, phis of loop
 * headers loop variables (named from debug info), other phis selects when
 * their condition is an if-then(-else) branch, and what is not followed
 * becomes an unknown with its reason. Results are memoised per value.
 */
typedef struct mc_translator mc_translator;

/* NULL when out of memory. The translator allocates in s's arena. */
mc_translator *mc_translator_new(mc_sym *s, const mc_kernel *k);
mc_sym *mc_translator_sym(const mc_translator *t);
const mc_kernel *mc_translator_kernel(const mc_translator *t);
/* An integer (or pointer-comparison) value of the kernel; NULL only when
 * out of memory or v is not an integer of at most 64 bits. */
const mc_expr *mc_translate(mc_translator *t, LLVMValueRef v);
/* Is bb the header of a loop (the target of a back edge)? */
bool mc_translator_is_loop_header(mc_translator *t, LLVMBasicBlockRef bb);

#ifdef __cplusplus
}
#endif
#endif

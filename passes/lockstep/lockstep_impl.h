/* lockstep_impl.h - what the files of passes/lockstep/ share, and nothing
 * else sees: pointer maps, the CFG in one numbering, the loop-abstracted
 * region graphs (one per loop level), and the value table of uniformity.
 *
 *   lockstep.c      builds the form: blocks, loops, then the steps below
 *   order.c         reducibility, region graphs, the total order
 *   predicate.c     control dependence and the predicate formulas
 *   uniformity.c    warp/block/grid uniformity of values, branches, loops
 *   eval.c          thread-id expressions evaluated over a concrete block
 *   divergence.c    barriers: kinds, counted barriers, divergence verdicts
 *   source_text.c   values and predicates in source terms
 *   lockstep_print.c  print<mapcost-lockstep>
 */
#ifndef MAPCOST_LOCKSTEP_IMPL_H
#define MAPCOST_LOCKSTEP_IMPL_H

#include "mapcost/lockstep.h"

#include <llvm-c/Target.h>
#include <stdint.h>

/* ---- Pointer maps ------------------------------------------------------ */

/* A map from pointers to unsigned, sized once (open addressing). */
typedef struct {
  const void **keys;
  unsigned *vals;
  unsigned cap; /* a power of two, at least twice the entries */
} ls_map;

enum { LS_NONE = 0xffffffffu };

bool ls_map_init(mc_arena *a, ls_map *m, unsigned entries);
void ls_map_put(ls_map *m, const void *key, unsigned val);
unsigned ls_map_get(const ls_map *m, const void *key); /* LS_NONE if absent */

/* ---- The CFG in one numbering ------------------------------------------ */

typedef struct {
  unsigned nblocks;
  unsigned **succ; /* distinct successors of each block */
  unsigned *nsucc;
  int *loop_of;    /* innermost loop of each block, -1 */
  unsigned nloops;
  int *loop_parent;
  unsigned *loop_header;
  unsigned *priority; /* tie-break of the topological sorts: smaller first */
  /* Every path from the block ends in `unreachable` (undefined behaviour,
   * or a trap that aborts the kernel): no defined execution goes there, so
   * the choice to avoid it is not a decision that other blocks depend on. */
  bool *doomed;
} ls_cfg;

bool ls_in_loop(const ls_cfg *g, unsigned block, int loop);

/* ---- Region graphs -------------------------------------------------------
 * The region of loop L (or of the kernel, L = -1) is the acyclic graph of
 * one iteration: the blocks directly in L, one abstract node per child loop,
 * and terminals: BACK (to L's header), EXIT (one per block outside L that
 * an exit leads to), END (the kernel returns), then SINK after them all.
 */
enum { RN_BLOCK, RN_LOOP, RN_BACK, RN_EXIT, RN_END, RN_SINK };

typedef struct {
  unsigned to;        /* node */
  unsigned *blocks;   /* RN_BLOCK source: the CFG successors behind the edge */
  unsigned nblocks;
  unsigned nexits;    /* RN_LOOP source: how many CFG exit edges it stands for */
} ls_redge;

typedef struct {
  int kind;
  unsigned ref;       /* block (BLOCK, EXIT: the destination), loop (LOOP) */
  ls_redge *out;
  unsigned nout;
  unsigned *in;
  unsigned nin;
  unsigned topo;      /* position in `topo` */
  unsigned idom, ipdom;
  unsigned term;      /* the one terminal it leads to, or LS_NONE: several */
  bool doomed;        /* a doomed block, or an exit to one (ls_cfg.doomed) */
  const mc_pred *rel; /* predicate within one iteration of the region */
  const mc_pred **atoms; /* per out edge: the atom of taking it (decisions) */
} ls_rnode;

typedef struct {
  int loop;
  ls_rnode *nodes;
  unsigned nnodes;
  unsigned entry, sink;
  unsigned *topo;     /* node ids, entry first, sink last */
} ls_region;

/* Builds region `loop` of g. block_node[b] is set for the blocks directly in
 * it, loop_node[c] for its child loops. */
bool ls_region_build(mc_arena *a, const ls_cfg *g, int loop, ls_region *r,
                     unsigned *block_node, unsigned *loop_node);
bool ls_is_terminal(const ls_rnode *n);

/* ---- The build ---------------------------------------------------------- */

typedef struct ls_cause {
  uint8_t kind;        /* LS_CAUSE_* */
  uint8_t dim;         /* 0..2 for thread and block ids */
  LLVMValueRef value;  /* the source: a load, a call, a deciding terminator */
  int loop;            /* LS_CAUSE_LOOP_EXIT */
} ls_cause;

enum {
  LS_CAUSE_NONE,
  LS_CAUSE_TID,
  LS_CAUSE_LANE,
  LS_CAUSE_BLOCKIDX,
  LS_CAUSE_WARPID,
  LS_CAUSE_MEMORY,
  LS_CAUSE_ATOMIC,
  LS_CAUSE_CALL,
  LS_CAUSE_ASM,
  LS_CAUSE_LOCAL,
  LS_CAUSE_SHUFFLE,
  LS_CAUSE_REDUCTION, /* a block barrier's reduction: one value per block */
  LS_CAUSE_VOTE,      /* a warp vote or reduction: one value per warp */
  LS_CAUSE_CONTROL,   /* a phi joining paths that threads take differently */
  LS_CAUSE_LOOP_EXIT, /* a value leaving a loop that threads leave apart */
  LS_CAUSE_UNSUPPORTED,
};

struct mc_ls_values {
  mc_arena *arena;    /* the lock-step form's own arena (for the name cache) */
  ls_cfg g;           /* the CFG in the final order (shared arrays) */
  ls_map bbmap;       /* LLVMBasicBlockRef -> block index */
  ls_map index;       /* instruction -> its number */
  unsigned n;
  LLVMValueRef *inst;
  unsigned *block;    /* block (order index) of each instruction */
  uint8_t *level;     /* mc_uniformity */
  ls_cause *cause;
  uint8_t *dec_level; /* per block: its decision */
  ls_cause *dec_cause;
  uint8_t *loop_level;/* per loop: exit uniformity */
  unsigned *loop_cause_block; /* per loop: a deciding block behind it, LS_NONE */
  uint8_t *variant;   /* [inst * nloops + loop]: changes between iterations */
  const char **names; /* per instruction: cached source name ("" none) */
};

typedef struct {
  mc_arena *a;
  const mc_kernel *k;
  const mc_options *o;
  mc_lockstep *ls;
  mc_shim_cfg *cfg;
  LLVMTargetDataRef td;
  ls_map bbmap;       /* LLVMBasicBlockRef -> block index (final order) */
  ls_cfg g;           /* in the final order */
  ls_region *regions; /* [0]: the kernel, [l + 1]: loop l */
  unsigned *block_node; /* block -> node in its innermost region */
  unsigned *loop_node;  /* loop -> node in its parent's region */
  unsigned next_pred_id;
  const mc_pred *pred_true, *pred_false;
} ls_build;

static inline ls_region *ls_region_of(const ls_build *b, int loop) {
  return &b->regions[loop + 1];
}

/* order.c */
bool ls_check_reducible(ls_build *b, LLVMBasicBlockRef *blocks, unsigned n,
                        ls_map *index, unsigned **succ, unsigned *nsucc);
bool ls_total_order(mc_arena *a, const ls_cfg *g, unsigned *order);

/* predicate.c */
const mc_pred *ls_pred_and(ls_build *b, const mc_pred *const *ops, unsigned n);
const mc_pred *ls_pred_or(ls_build *b, const mc_pred *const *ops, unsigned n);
bool ls_predicates(ls_build *b);

/* uniformity.c */
bool ls_uniformity(ls_build *b);
mc_uniformity ls_operand_level(const mc_lockstep *ls, LLVMValueRef v,
                               unsigned use_block, ls_cause *cause);

/* eval.c: expressions over thread ids and constants, evaluated per thread */
typedef struct ls_expr ls_expr;
typedef struct {
  unsigned tid[3], ntid[3];
  unsigned lane, warp_size;
} ls_thread;
/* NULL when v is not such an expression. Without concrete block sizes
 * (dims NULL), only the lane id, warpSize and constants may occur. */
ls_expr *ls_expr_compile(mc_arena *a, LLVMValueRef v, const unsigned *dims);
/* false when the value is undefined for this thread (division by zero). */
bool ls_expr_eval(const ls_expr *e, const ls_thread *t, uint64_t *out);
/* Enumerates the threads of one block (dims concrete) or the lanes of one
 * warp (dims NULL): calls visit(thread, ctx) until it returns false. */
void ls_for_each_thread(const unsigned *dims, unsigned warp_size,
                        bool (*visit)(const ls_thread *, void *), void *ctx);
/* The uniformity of v by evaluation, or -1 when v cannot be evaluated. */
int ls_eval_uniformity(mc_arena *a, LLVMValueRef v, const unsigned *dims,
                       unsigned warp_size);

/* divergence.c */
bool ls_barriers(ls_build *b);
/* "__syncthreads_count()" for a barrier intrinsic's call, else NULL. */
const char *ls_barrier_function(LLVMValueRef call);

/* source_text.c */
typedef enum { LS_TEXT_SOURCE, LS_TEXT_STRUCTURE } ls_text_mode;
void ls_pred_text(mc_strbuf *out, mc_arena *a, const mc_lockstep *ls,
                  const mc_pred *p, ls_text_mode mode);
const char *ls_loop_text(mc_arena *a, const mc_lockstep *ls, unsigned loop);
const char *ls_cause_text(mc_arena *a, const mc_lockstep *ls, const ls_cause *c);
/* "k.cu:12" for an instruction with a debug location, else NULL. */
const char *ls_where(mc_arena *a, LLVMValueRef inst);
/* Names of the NVPTX special registers: "threadIdx.x", or NULL. */
const char *ls_sreg_name(LLVMValueRef v);
/* The callee's name of a call instruction, or NULL. */
const char *ls_callee_name(LLVMValueRef call);

#endif

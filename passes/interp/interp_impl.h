/* interp_impl.h - the interpreter's private state, shared by its files:
 * memory.c (objects and pointers), exec.c (one instruction for one lane),
 * shadow.c (races), cost.c (the warp cost model), run.c (scheduling). */
#ifndef MAPCOST_INTERP_IMPL_H
#define MAPCOST_INTERP_IMPL_H

#include "mapcost/interp.h"

#include <llvm-c/Target.h>
#include <setjmp.h>

/* A pointer is (object + 1) << 40 | byte offset, so pointers survive being
 * stored to memory and ptrtoint/inttoptr; 0 is null. */
enum { PTR_SHIFT = 40 };
#define PTR_OFFSET_MASK ((UINT64_C(1) << PTR_SHIFT) - 1)

typedef enum { OBJ_GLOBAL, OBJ_SHARED, OBJ_CONSTANT, OBJ_LOCAL } obj_space;

/* What the shadow keeps of one access to one byte. */
typedef struct {
  uint32_t stamp;   /* block scope: the interval; grid scope: block + 1 */
  uint32_t inst;    /* instruction number + 1; 0: no access */
  uint16_t thread;  /* linear thread id in its block */
  uint16_t epoch;   /* the thread's __syncwarp count */
  uint8_t atomic;   /* 0 plain, else 1 + mc_atomic_scope */
} acc;

typedef struct {
  acc w, r1, r2; /* the last write; two readers by distinct threads */
} shadow;

typedef struct {
  const char *name;
  int array;      /* kernel array index, -1 for locals */
  obj_space space;
  uint8_t *bytes;
  uint64_t size;
  uint64_t elem_size;
  bool elem_float;
  /* per byte, in pieces of SHADOW_PIECE bytes allocated on first access
   * (an array of 65,536 floats would need 12 MB of shadow at once) */
  shadow **block_shadow;
  shadow **grid_shadow; /* global objects only */
} object;

typedef struct {
  LLVMValueRef inst;
  LLVMOpcode op;
  unsigned width;   /* lanes of the value: 1, or a vector's/aggregate's */
  unsigned reg;     /* offset of its value in a thread's registers */
  int barrier;      /* mc_barrier_kind for calls */
  LLVMValueRef barrier_operand;
  bool is_phi;
} inst_info;

typedef struct {
  unsigned first, count; /* into the instruction table */
  unsigned nphis;
} block_info;

typedef struct {
  uint64_t *regs;
  int active;   /* block index to execute next; -1: ended */
  int prev;     /* block it came from (for phis) */
  unsigned tid[3];
  unsigned linear;
  uint64_t steps;
  uint16_t epoch;
  bool at_barrier;
} thread;

typedef struct {
  unsigned first, count; /* its threads */
  int pc_block;
  unsigned pc_inst;
  bool done;
  LLVMValueRef waiting_at; /* the barrier it yielded at */
  uint64_t *cost;          /* per instruction, this warp's sum */
} warp;

typedef struct interp {
  mc_arena *arena;
  const mc_lockstep *ls;
  const mc_kernel *k;
  const mc_options *o;
  const mc_run_config *c;
  mc_run_result *r;
  LLVMTargetDataRef td;
  LLVMContextRef ctx;
  unsigned sync_block, sync_device; /* syncscope ids */

  inst_info *insts;
  unsigned ninsts, nregs;
  block_info *blocks;
  /* value -> instruction number (open addressing) */
  LLVMValueRef *map_keys;
  unsigned *map_vals;
  unsigned map_cap;

  object *objs;
  unsigned nobjs, cap_objs;
  int *global_obj;  /* per kernel array: its object, -1 */
  unsigned block_objs_from; /* objects from here on are per block (shared) */

  thread *threads;
  unsigned nthreads;
  warp *warps;
  unsigned nwarps;
  unsigned block[3];
  uint32_t stamp; /* the current barrier interval */
  uint32_t block_stamp; /* the block's first interval */
  uint64_t active_mask; /* lanes of the warp executing the current access */
  uint64_t rng;

  /* results being built */
  mc_observed_race *races;
  unsigned nraces, cap_races;
  mc_observed_divergence *divs;
  unsigned ndivs, cap_divs;
  uint64_t *cost_max, *cost_execs;  /* per instruction */
  uint64_t *exec_count;             /* per instruction, current warp */
  bool *cost_shared;

  jmp_buf fail;
  const char *error;
} interp;

/* Stops the run: longjmps to the scheduler with the message. */
_Noreturn void interp_fail(interp *in, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *interp_where(interp *in, LLVMValueRef inst);

/* memory.c */
int obj_new(interp *in, const char *name, int array, obj_space space,
            uint64_t size, uint64_t elem_size);
object *obj_of(interp *in, uint64_t ptr, uint64_t bytes, LLVMValueRef at);
uint64_t ptr_make(int obj, uint64_t offset);
void mem_read(interp *in, uint64_t ptr, void *dst, uint64_t n, LLVMValueRef at);
void mem_write(interp *in, uint64_t ptr, const void *src, uint64_t n,
               LLVMValueRef at);
void mem_init_arrays(interp *in);
void mem_init_block(interp *in);
int mem_new_byval(interp *in, unsigned param);
uint64_t mem_hash_globals(interp *in);
uint64_t interp_random(interp *in);

/* exec.c */
unsigned inst_index(interp *in, LLVMValueRef v); /* -1u: not an instruction */
uint64_t exec_operand(interp *in, thread *t, LLVMValueRef v); /* first lane */
void exec_inst(interp *in, warp *w, unsigned i, thread **lanes, unsigned n);
void exec_phis(interp *in, unsigned block, thread **lanes, unsigned n);
int exec_successor(interp *in, unsigned i, thread *t);

/* shadow.c */
enum { SHADOW_PIECE = 64 };
void shadow_free(object *o);
void shadow_access(interp *in, thread *t, uint64_t ptr, uint64_t n,
                   mc_access_kind kind, mc_atomic_scope scope, unsigned inst);

/* cost.c */
void cost_warp_access(interp *in, warp *w, unsigned inst, const uint64_t *ptrs,
                      unsigned n, uint64_t bytes);

#endif

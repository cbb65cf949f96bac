/* shim.h - what the C stages ask of LLVM's C++ API, through passes/plugin/.
 *
 * LLVM-C covers reading IR; these functions cover the rest: remark and
 * warning emission, debug-info names, the demangler, and the parts of NVPTX
 * IR that differ between LLVM 19 and 22 (kernel marking, launch bounds,
 * barrier intrinsics; passes/plugin/Compat.h has the whole table).
 *
 * Strings returned as `char *` are malloc'd: the caller frees them with free().
 */
#ifndef MAPCOST_SHIM_H
#define MAPCOST_SHIM_H

#include "mapcost/support.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Remarks (CONTRACT §2) and diagnostics ---------------------------- */

typedef enum {
  MC_REMARK_PASSED,   /* -Rpass=mapcost: what is proven */
  MC_REMARK_MISSED,   /* -Rpass-missed=mapcost: races, divergence, inconclusive */
  MC_REMARK_ANALYSIS, /* -Rpass-analysis=mapcost: summaries and costs */
} mc_remark_kind;

/* One piece of a remark's message. With a key it is a keyed argument
 * (ore::NV): its value appears in the message and, under the key, in the
 * YAML record. With `loc` set, the argument is that instruction's (or
 * function's) source location: `key: file:line:col`, a DebugLoc in YAML. */
typedef struct {
  const char *key;   /* NULL: plain text */
  const char *value; /* ignored when loc is set */
  LLVMValueRef loc;
} mc_remark_arg;

/* Emits remark `name` of pass "mapcost" for function fn, located at `at`
 * (an instruction; NULL: the function's own line). */
void mc_shim_remark(mc_remark_kind kind, const char *name, LLVMValueRef fn,
                    LLVMValueRef at, const mc_remark_arg *args, size_t nargs);

typedef enum { MC_DIAG_ERROR, MC_DIAG_WARNING, MC_DIAG_NOTE } mc_diag_severity;

/* A compiler diagnostic (clang prints it as `warning: ... [-Wbackend-plugin]`,
 * so -Werror builds fail on it). `at` (instruction or function, may be NULL)
 * gives the `file:line:col:` prefix of the message. */
void mc_shim_diagnose(LLVMModuleRef m, mc_diag_severity sev, LLVMValueRef at,
                      const char *message);

/* ---- NVPTX IR that differs between LLVM versions ---------------------- */

typedef struct {
  unsigned maxntid[3]; /* __launch_bounds__(N) / maxntid: 0 when absent */
  unsigned reqntid[3]; /* reqntid: 0 when absent */
  unsigned minctasm;   /* __launch_bounds__(N, M): M, 0 when absent */
} mc_launch_bounds;

/* Is fn a kernel (ptx_kernel calling convention, or nvvm.annotations)? */
bool mc_shim_is_kernel(LLVMValueRef fn);
void mc_shim_launch_bounds(LLVMValueRef fn, mc_launch_bounds *lb);

typedef enum {
  MC_BARRIER_NONE,
  MC_BARRIER_BLOCK,       /* all threads of the block (__syncthreads, cg sync) */
  MC_BARRIER_BLOCK_COUNT, /* a thread count operand: full only if it is the block size */
  MC_BARRIER_WARP,        /* __syncwarp(mask) */
  MC_BARRIER_ARRIVE,      /* arrives without waiting: no barrier */
} mc_barrier_kind;

/* Classifies a call instruction. For MC_BARRIER_BLOCK_COUNT and
 * MC_BARRIER_WARP, *operand is the count or mask operand. */
mc_barrier_kind mc_shim_barrier_kind(LLVMValueRef call, LLVMValueRef *operand);

/* The scope of an atomic instruction or NVVM atomic intrinsic call: 0 a
 * block (cta, cluster), 1 the device (CUDA's plain atomics), 2 the system;
 * -1 when it is not atomic. */
int mc_shim_atomic_scope(LLVMValueRef inst);

/* "sm_80" from the function's target-cpu attribute, or NULL. */
char *mc_shim_target_cpu(LLVMValueRef fn);

/* ---- The canonicalised clone ------------------------------------------ */

/* What the plugin analyses: a clone of m with every device function inlined
 * and the fixed canonicalising pipeline applied (passes/plugin/Canonicalize.cpp).
 * For C drivers outside the pass manager (tests, the interpreter's harness);
 * dispose of it with LLVMDisposeModule. NULL on an internal error. */
LLVMModuleRef mc_shim_canonical_clone(LLVMModuleRef m);

/* ---- Names ------------------------------------------------------------ */

/* The source name of a function: the demangled name without its parameter
 * list ("transpose", "scale<float>", "ns::k"); the IR name when it is not
 * mangled. */
char *mc_shim_function_name(LLVMValueRef fn);
/* The full demangled name, or a copy of the input when it is not mangled. */
char *mc_shim_demangle(const char *mangled);

/* Parameter `index` of fn: its source name and type from debug info, or the
 * type from the demangled signature; NULL where neither is known. */
char *mc_shim_param_name(LLVMValueRef fn, unsigned index);
char *mc_shim_param_type(LLVMValueRef fn, unsigned index);

/* The size of what pointer parameter `index` points to, from debug info;
 * 0 when unknown. */
uint64_t mc_shim_param_pointee_bytes(LLVMValueRef fn, unsigned index);

/* A global variable's source name and type from debug info (NULL when it
 * has none). */
char *mc_shim_global_name(LLVMValueRef gv);
char *mc_shim_global_type(LLVMValueRef gv);

/* ---- Values and atomics (SymQuery.cpp), for the symbolic stage -------- */

/* The source variable that debug info says holds instruction v (the whole
 * value, no DIExpression), or NULL; *is_unsigned from its type. */
char *mc_shim_variable_name(LLVMValueRef v, bool *is_unsigned);
/* The sync scope of an atomic instruction: "system", "device", "block",
 * "cluster", "singlethread", ...; NULL for other instructions. */
char *mc_shim_sync_scope(LLVMValueRef inst);
/* An instruction's line and column in the file of its function (the
 * innermost call site there, for code inlined from other files), else its
 * own; false without a location. */
bool mc_shim_source_location(LLVMValueRef inst, unsigned *line, unsigned *column);

/* ---- Dominators and loops (Loops.cpp), for the lock-step stage -------- */

/* LLVM's DominatorTree and LoopInfo of one function. Loops are numbered
 * 0..count-1 in preorder: a loop's parent has a smaller number. */
typedef struct mc_shim_cfg mc_shim_cfg;

/* NULL for a declaration or when out of memory; free with mc_shim_cfg_free. */
mc_shim_cfg *mc_shim_cfg_new(LLVMValueRef fn);
void mc_shim_cfg_free(mc_shim_cfg *c);
bool mc_shim_dominates(const mc_shim_cfg *c, LLVMBasicBlockRef a,
                       LLVMBasicBlockRef b);
bool mc_shim_reachable(const mc_shim_cfg *c, LLVMBasicBlockRef b);
unsigned mc_shim_loop_count(const mc_shim_cfg *c);
LLVMBasicBlockRef mc_shim_loop_header(const mc_shim_cfg *c, unsigned loop);
int mc_shim_loop_parent(const mc_shim_cfg *c, unsigned loop); /* -1: none */
int mc_shim_block_loop(const mc_shim_cfg *c, LLVMBasicBlockRef b); /* innermost, -1 */

/* The value of case `index` of a switch (its destination is successor
 * index + 1). LLVM 22 no longer keeps case values among the operands. */
bool mc_shim_switch_case_value(LLVMValueRef sw, unsigned index, int64_t *value);

/* ---- Scalar evolution (Evolution.cpp), for the protocol stage -------- */

/* LLVM's ScalarEvolution of one function (with its own dominators and
 * loops). NULL for a declaration or when out of memory; free with
 * mc_shim_scev_free. */
typedef struct mc_shim_scev mc_shim_scev;
mc_shim_scev *mc_shim_scev_new(LLVMValueRef fn);
void mc_shim_scev_free(mc_shim_scev *s);

/* A SCEV expression as SCEV means it: integers of `width` bits, + and *
 * modulo 2^width, udiv, casts, min/max, and add recurrences
 * {op0,+,op1,+,op2...} of a loop, whose value in iteration k of that loop
 * is the sum of op_i * binomial(k, i). */
typedef enum {
  MC_SCEV_CONST,  /* value */
  MC_SCEV_VALUE,  /* v: an integer value of the function */
  MC_SCEV_ADD, MC_SCEV_MUL, MC_SCEV_UDIV,
  MC_SCEV_ZEXT, MC_SCEV_SEXT, MC_SCEV_TRUNC, /* of ops[0], to width */
  MC_SCEV_SMAX, MC_SCEV_UMAX, MC_SCEV_SMIN, MC_SCEV_UMIN,
  MC_SCEV_ADDREC, /* ops: start, step, ...; loop: its header */
} mc_scev_kind;

typedef struct mc_scev {
  mc_scev_kind kind;
  unsigned width;
  uint64_t value;
  LLVMValueRef v;
  LLVMBasicBlockRef loop;
  unsigned nops;
  const struct mc_scev *const *ops;
} mc_scev;

/* The exact number of times the loop with this header takes its back edge
 * each time it is entered, for every input (ScalarEvolution's exact
 * count, no predicates); NULL when SCEV does not know it exactly or it is
 * not an integer expression of at most 64 bits. Allocated in a. */
const mc_scev *mc_shim_scev_backedge_count(mc_shim_scev *s, LLVMBasicBlockRef header,
                                           mc_arena *a);
/* An integer value as SCEV sees it (a header phi: an add recurrence of its
 * loop, when it is one); NULL when it is no integer expression of at most
 * 64 bits. Allocated in a. */
const mc_scev *mc_shim_scev_value(mc_shim_scev *s, LLVMValueRef v, mc_arena *a);

/* An instruction inlined from a header (the prelude's __syncthreads_count,
 * the SDK's __syncwarp, cooperative groups) gets the location of the call
 * that brought it in from the kernel's own source file, or its outermost
 * call site: where the user wrote it. Only for the analysed clone. True
 * when the location changed. */
bool mc_shim_hoist_location(LLVMValueRef inst);

#ifdef __cplusplus
}
#endif
#endif

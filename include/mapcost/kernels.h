/* kernels.h - stage 1: the kernels of a module and the memory they touch.
 *
 * For each kernel: its source name, parameters with source names, the arrays
 * it may access (global pointer parameters, __shared__ arrays, __device__
 * and __constant__ globals) and its launch bounds.
 */
#ifndef MAPCOST_KERNELS_H
#define MAPCOST_KERNELS_H

#include "mapcost/shim.h"
#include "mapcost/support.h"

#include <llvm-c/Core.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MC_SPACE_GLOBAL,
  MC_SPACE_SHARED,
  MC_SPACE_CONSTANT,
} mc_space;

typedef enum {
  MC_ARRAY_PARAM,         /* a kernel pointer parameter (global memory) */
  MC_ARRAY_SHARED,        /* a static __shared__ array or scalar */
  MC_ARRAY_EXTERN_SHARED, /* extern __shared__: all start at one address */
  MC_ARRAY_GLOBAL,        /* a __device__ or __constant__ variable */
} mc_array_kind;

enum { MC_MAX_ARRAY_DIMS = 4 };

typedef struct {
  const char *name;      /* source name (IR name without -g) */
  mc_array_kind kind;
  mc_space space;
  const char *elem_type; /* "float", "int", ... ("?" when unknown) */
  /* Extents of a static array, outermost first; ndims 0 for a scalar or a
   * pointer; an extern __shared__ array has one extent, 0. */
  uint64_t dims[MC_MAX_ARRAY_DIMS];
  unsigned ndims;
  uint64_t bytes;        /* static size in bytes; 0 when unknown */
  int param_index;       /* for MC_ARRAY_PARAM, else -1 */
  LLVMValueRef value;    /* the argument or the global variable */
  /* The memory region: the index of its first array. Arrays of one region
   * may touch the same bytes: every extern __shared__ array (one dynamic
   * buffer, all starting at its address), and the pointer parameters that
   * __mapcost_alias joins (mc_find_facts), each at an unknown distance
   * from the others. Any other array is a region of its own. */
  int region;
} mc_array;

typedef struct {
  const char *name;      /* source name (IR name or "argN" without -g) */
  const char *type;      /* source type when known, else the IR type */
  bool is_pointer;
  /* a struct passed by value (a `byval` pointer in the IR): its type; each
   * thread has its own copy of the argument, not an array. Else NULL. */
  LLVMTypeRef byval;
  /* byval: the kernel may change its copy (the pointer is used other than
   * to load through it: a store, a call, a select, ...); else every thread
   * reads the argument's values */
  bool byval_written;
  LLVMValueRef value;
} mc_param;

/* A user annotation (runtime/mapcost.h); defined in mapcost/facts.h. */
typedef struct mc_fact mc_fact;

typedef struct {
  LLVMValueRef fn;
  const char *name;      /* demangled, without the parameter list */
  const char *mangled;
  const char *file;      /* NULL without debug info */
  unsigned line;
  mc_param *params;
  unsigned nparams;
  mc_array *arrays;      /* parameters first, then globals by first use */
  unsigned narrays;
  mc_launch_bounds bounds;
  mc_fact *facts;        /* in program order (mc_find_facts, facts.h) */
  unsigned nfacts;
  /* The dimensions the kernel reads an index or a size of: bit d for the
   * block's dimension d (threadIdx, blockDim), bit 3 + d for the grid's
   * (blockIdx, gridDim); all bits when it calls a function that is not
   * inlined or runs inline assembly (which might read any). */
  unsigned dims_read;
} mc_kernel;

enum { MC_DIMS_ALL = 0x3f };

typedef struct {
  mc_kernel *kernels;
  unsigned nkernels;
  bool has_debug_info;   /* false: names are IR names, no lines */
  bool has_variable_info; /* parameter names came from debug info (false
                             with line tables only, as at -O1+ for CUDA) */
  bool params_from_source; /* some kernel's parameters were named from its
                              source text instead */
  const char *source;    /* the module's source file name */
  const char *arch;      /* "sm_80", or NULL */
} mc_kernels;

/* Finds the kernels of m; everything is allocated in a. NULL when out of
 * memory. Device functions are not kernels; template instances are. */
mc_kernels *mc_find_kernels(mc_arena *a, LLVMModuleRef m);

/* The printer of print<mapcost-kernels>. */
void mc_kernels_print(const mc_kernels *ks, mc_strbuf *out);

const char *mc_space_name(mc_space s);

/* The position of an instruction in its function (0 for the first of the
 * entry block): an identity that traces of one module agree on. */
unsigned mc_inst_ordinal(LLVMValueRef inst);
/* How a phi's value follows from the branches that lead to its block
 * (passes/kernels/decide.c): `a && b` whose b cannot be evaluated
 * unconditionally is `a ? b : false` over two branches and a phi. A DAG:
 * a leaf is the phi's incoming value on the edge the branches took. */
typedef enum {
  MC_DECIDE_LEAF,   /* value: the phi's incoming value */
  MC_DECIDE_BRANCH, /* value (i1) ? yes : no */
  MC_DECIDE_CASE,   /* value == case_value ? yes : no (a switch) */
} mc_decision_kind;

typedef struct mc_decision {
  mc_decision_kind kind;
  LLVMValueRef value;
  int64_t case_value;
  const struct mc_decision *yes, *no;
} mc_decision;

/* The decision of phi: from a block D that dominates the phi's block B,
 * through a single-entry acyclic region of at most 32 blocks every path
 * of which reaches B. NULL when there is none (a loop, a path that leaves,
 * a side entrance) or out of memory (*oom). Allocated in a. */
const mc_decision *mc_phi_decision(mc_arena *a, LLVMValueRef phi, bool *oom);

/* "float[16][17]", "float*", "float[] (extern)" */
const char *mc_array_type_text(mc_arena *a, const mc_array *arr);

/* k's parameter whose IR value is v, or NULL. */
const mc_param *mc_kernel_param(const mc_kernel *k, LLVMValueRef v);

/* Are arrays i and j of k distinct parameters that __mapcost_alias puts in
 * one region (their bases an unknown distance apart)? */
bool mc_arrays_aliased(const mc_kernel *k, int i, int j);

/* The pointer parameters that __mapcost_alias joins, in words, one group
 * after another: "in and out", "a, b and c; x and y"; *ngroups gets the
 * number of groups. NULL when there are none (or out of memory). */
const char *mc_alias_groups_text(mc_arena *a, const mc_kernel *k, unsigned *ngroups);

#ifdef __cplusplus
}
#endif
#endif

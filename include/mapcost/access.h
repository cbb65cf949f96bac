/* access.h - stage 3: the memory accesses of a kernel, with symbolic offsets.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-sym>' \
 *       -disable-output k.ll
 *
 * Every load, store, atomicrmw, cmpxchg, NVVM atomic or ldg/ldu intrinsic,
 * memcpy/memmove and memset of a kernel (vector loads and stores included),
 * in instruction order: the array it touches, followed back through GEPs,
 * bitcasts, address-space casts (generic pointers included) and pointer
 * phis and selects; its byte offset from that array's base as a 64-bit
 * expression (multi-dimensional arrays flattened); how many bytes it
 * touches; read, write or atomic. An instruction whose pointer is chosen
 * between arrays by a condition (a select, or a phi of an if-then-else:
 * `float *p = c ? a : b;`) is one access per array, each under the
 * condition that chooses it (`when`).
 *
 * Memory regions (mc_array.region): accesses with the same `region` may
 * touch the same bytes. Each array is its own region (kernel pointer
 * parameters are assumed not to alias: an assumption the report lists),
 * except that all extern __shared__ arrays are one dynamic shared buffer,
 * byte-addressed from one address, and that the parameters __mapcost_alias
 * joins are one region whose arrays start an unknown distance apart (each
 * access's offset stays from its own array's base).
 */
#ifndef MAPCOST_ACCESS_H
#define MAPCOST_ACCESS_H

#include "mapcost/kernels.h"
#include "mapcost/options.h"
#include "mapcost/support.h"
#include "mapcost/sym.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MC_ACCESS_READ,
  MC_ACCESS_WRITE,
  MC_ACCESS_ATOMIC, /* reads and writes, atomically (at `scope`) */
} mc_access_kind;

/* The scope of an atomic: the threads it is atomic with respect to. */
typedef enum {
  MC_SCOPE_THREAD,
  MC_SCOPE_BLOCK,
  MC_SCOPE_CLUSTER,
  MC_SCOPE_DEVICE,
  MC_SCOPE_SYSTEM,
} mc_atomic_scope;

typedef enum {
  MC_BASE_ARRAY,   /* one of the kernel's arrays */
  MC_BASE_LOCAL,   /* the thread's own memory (an alloca, a struct parameter
                      passed by value): never shared */
  MC_BASE_UNKNOWN, /* not followed: may be any array (base_reason says why) */
} mc_base_kind;

typedef struct {
  LLVMValueRef inst;
  unsigned line, column;   /* 0 without debug info */
  mc_access_kind kind;
  const char *op;          /* "load", "store", "memcpy", "memset", "add", "cas", ... */
  mc_atomic_scope scope;   /* MC_ACCESS_ATOMIC */
  mc_base_kind base;
  int array;               /* index into kernel->arrays (MC_BASE_ARRAY), else -1 */
  int region;              /* see above; -1 unless MC_BASE_ARRAY */
  const char *base_reason; /* MC_BASE_UNKNOWN */
  /* 1 bit: the instruction touches this base only when it holds (its
   * pointer is chosen between arrays); NULL: always. */
  const mc_expr *when;
  const mc_expr *offset;   /* bytes from the array's base, 64 bits */
  const mc_expr *size;     /* bytes touched, 64 bits (constant except for
                              memcpy/memset of a variable length) */
  uint64_t elem_size;      /* bytes of the accessed type (1 for memcpy/memset) */
  const mc_expr *index;    /* offset / elem_size when exact, else NULL */
  const char *type;        /* the accessed IR type: "float", "<4 x float>" */
  bool is_vector, is_volatile;
} mc_access;

/* Something in a kernel that may touch memory and is not an access above
 * (a call that was not inlined, an unknown intrinsic with pointer
 * arguments): later stages cannot be complete about it. */
typedef struct {
  LLVMValueRef inst;
  unsigned line, column;
  const char *reason;
} mc_unsupported;

typedef struct {
  const mc_kernel *kernel;
  mc_sym *sym;
  mc_translator *tr;
  mc_access *accesses;
  unsigned naccesses;
  mc_unsupported *unsupported;
  unsigned nunsupported;
} mc_kernel_accesses;

/* The accesses of kernel k, with expressions in a new context whose facts
 * come from k and o (mc_sym_facts_for_kernel; o may be NULL). Everything
 * is allocated in a. NULL when out of memory. */
mc_kernel_accesses *mc_find_accesses(mc_arena *a, const mc_kernel *k,
                                     const mc_options *o);

/* Follows a pointer value of kernel t back to its base (see above): the
 * base kind, the array index (or -1), the reason when unknown, and the
 * 64-bit byte offset. False when out of memory. */
bool mc_pointer_base(mc_translator *t, LLVMValueRef ptr, mc_base_kind *base,
                     int *array, const char **reason, const mc_expr **offset);

/* For a pointer phi of a loop header that swaps with another every
 * iteration (`tmp = src; src = dst; dst = tmp;`): the 1-bit loop variable
 * that says whether the pair is swapped (0 in the loop's first iteration,
 * flipped in each); its accesses choose between the two pointers by it.
 * NULL for other values. */
const mc_expr *mc_pointer_swap(mc_translator *t, LLVMValueRef phi);

const char *mc_access_kind_name(mc_access_kind k); /* "read", "write", "atomic" */
/* The name under which the interpreter knows the array x touches (one for
 * the dynamic shared buffer, aliased parameters apart), or NULL where x's
 * base is not an array. */
const char *mc_access_array_name(const mc_kernel *k, const mc_access *x);
const char *mc_atomic_scope_name(mc_atomic_scope s); /* "block", "device", ... */

/* The printer of print<mapcost-sym>: per kernel, each access with its
 * source line, kind, array and byte offset, then the loop variables and
 * unknowns its offsets mention. */
void mc_accesses_print(const mc_kernels *ks, const mc_kernel_accesses *const *ka,
                       mc_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif

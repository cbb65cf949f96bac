/* mutate.h - turns any IR module into one the analysis works on, and
 * mutates modules at the IR level, for the fuzz target (fuzz_analyze.c).
 *
 * Both are driven by a 64-bit seed, so the same seed on the same module
 * gives the same result. Neither checks the module: the caller runs LLVM's
 * verifier and drops a module it rejects.
 */
#ifndef MAPCOST_FUZZ_MUTATE_H
#define MAPCOST_FUZZ_MUTATE_H

#include <llvm-c/Core.h>
#include <stdint.h>

/* NVPTX triple and data layout; when no function is a kernel, every
 * defined function returning void becomes one; when no thread id is read,
 * kernels' integer parameters are mixed with threadIdx/blockIdx and pointer
 * parameters may become a __shared__ array; when no barrier exists,
 * __syncthreads() is added (in the entry block and maybe elsewhere). */
void mcf_prepare(LLVMModuleRef m, uint64_t seed);

/* Applies one to four random mutations: operands replaced by thread/block
 * ids, dimensions or extreme constants, branch conditions on thread ids,
 * barriers (block, counted, warp) inserted, instructions deleted, integer
 * operators and comparisons swapped, shared/global/atomic accesses at
 * thread-dependent indices inserted, kernels made device functions and back.
 * Returns how many were applied. */
unsigned mcf_mutate(LLVMModuleRef m, uint64_t seed);

/* FNV-1a: the seed that an input's bytes give. */
uint64_t mcf_hash(const uint8_t *data, size_t size);

#endif

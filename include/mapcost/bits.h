/* bits.h - integers as LLVM computes them: w-bit patterns in a uint64_t.
 * Shared by the stages that evaluate IR concretely (lock-step's evaluator
 * of thread-id expressions, the interpreter). */
#ifndef MAPCOST_BITS_H
#define MAPCOST_BITS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* The low w bits set. */
static inline uint64_t mc_bits_ones(unsigned w) {
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* The w-bit pattern x read as a signed number. */
static inline int64_t mc_bits_sext(uint64_t x, unsigned w) {
  if (w >= 64)
    return (int64_t)x;
  uint64_t sign = UINT64_C(1) << (w - 1);
  return (int64_t)(((x & mc_bits_ones(w)) ^ sign) - sign);
}

/* icmp p of two w-bit patterns. */
static inline bool mc_bits_icmp(LLVMIntPredicate p, uint64_t a, uint64_t b, unsigned w) {
  a &= mc_bits_ones(w);
  b &= mc_bits_ones(w);
  int64_t sa = mc_bits_sext(a, w), sb = mc_bits_sext(b, w);
  switch (p) {
  case LLVMIntEQ: return a == b;
  case LLVMIntNE: return a != b;
  case LLVMIntUGT: return a > b;
  case LLVMIntUGE: return a >= b;
  case LLVMIntULT: return a < b;
  case LLVMIntULE: return a <= b;
  case LLVMIntSGT: return sa > sb;
  case LLVMIntSGE: return sa >= sb;
  case LLVMIntSLT: return sa < sb;
  case LLVMIntSLE: return sa <= sb;
  }
  return false;
}

#endif

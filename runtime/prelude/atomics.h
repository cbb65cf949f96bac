/* prelude/atomics.h - atomic functions of every width and scope.
 *
 * Part of the mapcost prelude. Written with the same NVVM builtins as the
 * SDK's atomics under clang, so each scope keeps its own IR:
 *   atomicOp          device scope: atomicrmw / cmpxchg
 *   atomicOp_block    llvm.nvvm.atomic.*.cta.*   (thread block scope)
 *   atomicOp_system   llvm.nvvm.atomic.*.sys.*   (system scope)
 */
#ifndef MAPCOST_PRELUDE_ATOMICS_H
#define MAPCOST_PRELUDE_ATOMICS_H

#pragma clang system_header

#define MAPCOST_DEVICE static __device__ __forceinline__

/* One function per scope: SFX is the name suffix, S the builtin's scope. */
#define MAPCOST_SCOPES(M) M(, ) M(_block, cta_) M(_system, sys_)

/* fn(T *p, T v) implemented by builtin B on type U. */
#define MAPCOST_ATOMIC2(NAME, T, U, OP, B)                                     \
  MAPCOST_ATOMIC2_(NAME, T, U, OP, B, , )                                      \
  MAPCOST_ATOMIC2_(NAME, T, U, OP, B, _block, cta_)                            \
  MAPCOST_ATOMIC2_(NAME, T, U, OP, B, _system, sys_)
#define MAPCOST_ATOMIC2_(NAME, T, U, OP, B, SFX, S)                            \
  MAPCOST_DEVICE T NAME##SFX(T *p, T v) {                                      \
    return (T)__nvvm_atom_##S##OP##_gen_##B((U *)p, (U)v);                     \
  }

#define MAPCOST_INT_ATOMICS(T, U, B, BU)                                       \
  MAPCOST_ATOMIC2(atomicAdd, T, U, add, B)                                     \
  MAPCOST_ATOMIC2(atomicExch, T, U, xchg, B)                                   \
  MAPCOST_ATOMIC2(atomicMin, T, T, min, BU)                                    \
  MAPCOST_ATOMIC2(atomicMax, T, T, max, BU)                                    \
  MAPCOST_ATOMIC2(atomicAnd, T, U, and, B)                                     \
  MAPCOST_ATOMIC2(atomicOr, T, U, or, B)                                       \
  MAPCOST_ATOMIC2(atomicXor, T, U, xor, B)

MAPCOST_INT_ATOMICS(int, int, i, i)
MAPCOST_INT_ATOMICS(unsigned int, int, i, ui)
MAPCOST_INT_ATOMICS(unsigned long long, long long, ll, ull)
MAPCOST_ATOMIC2(atomicMin, long long, long long, min, ll)
MAPCOST_ATOMIC2(atomicMax, long long, long long, max, ll)
MAPCOST_ATOMIC2(atomicAnd, long long, long long, and, ll)
MAPCOST_ATOMIC2(atomicOr, long long, long long, or, ll)
MAPCOST_ATOMIC2(atomicXor, long long, long long, xor, ll)
MAPCOST_ATOMIC2(atomicAdd, float, float, add, f)
MAPCOST_ATOMIC2(atomicAdd, double, double, add, d)
MAPCOST_ATOMIC2(atomicInc, unsigned int, unsigned int, inc, ui)
MAPCOST_ATOMIC2(atomicDec, unsigned int, unsigned int, dec, ui)

/* atomicSub is an atomicAdd of the negation, as in the SDK. */
#define MAPCOST_SUB(SFX, S)                                                    \
  MAPCOST_DEVICE int atomicSub##SFX(int *p, int v) {                           \
    return __nvvm_atom_##S##add_gen_i(p, -v);                                  \
  }                                                                            \
  MAPCOST_DEVICE unsigned int atomicSub##SFX(unsigned int *p, unsigned int v) { \
    return (unsigned int)__nvvm_atom_##S##add_gen_i((int *)p, -(int)v);        \
  }
MAPCOST_SCOPES(MAPCOST_SUB)

/* atomicExch on float exchanges the bits. */
#define MAPCOST_FEXCH(SFX, S)                                                  \
  MAPCOST_DEVICE float atomicExch##SFX(float *p, float v) {                    \
    return __builtin_bit_cast(                                                 \
        float, __nvvm_atom_##S##xchg_gen_i((int *)p, __builtin_bit_cast(int, v))); \
  }
MAPCOST_SCOPES(MAPCOST_FEXCH)

#define MAPCOST_CAS(SFX, S)                                                    \
  MAPCOST_DEVICE int atomicCAS##SFX(int *p, int cmp, int v) {                  \
    return __nvvm_atom_##S##cas_gen_i(p, cmp, v);                              \
  }                                                                            \
  MAPCOST_DEVICE unsigned int atomicCAS##SFX(unsigned int *p, unsigned int cmp, \
                                             unsigned int v) {                 \
    return (unsigned int)__nvvm_atom_##S##cas_gen_i((int *)p, (int)cmp, (int)v); \
  }                                                                            \
  MAPCOST_DEVICE unsigned long long atomicCAS##SFX(                            \
      unsigned long long *p, unsigned long long cmp, unsigned long long v) {   \
    return (unsigned long long)__nvvm_atom_##S##cas_gen_ll(                    \
        (long long *)p, (long long)cmp, (long long)v);                         \
  }
MAPCOST_SCOPES(MAPCOST_CAS)

#undef MAPCOST_CAS
#undef MAPCOST_FEXCH
#undef MAPCOST_SUB
#undef MAPCOST_INT_ATOMICS
#undef MAPCOST_ATOMIC2
#undef MAPCOST_ATOMIC2_
#undef MAPCOST_SCOPES
#undef MAPCOST_DEVICE
#endif /* MAPCOST_PRELUDE_ATOMICS_H */

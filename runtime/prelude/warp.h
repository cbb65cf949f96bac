/* prelude/warp.h - warp shuffles, votes, matches and reductions.
 *
 * Part of the mapcost prelude. The same __nvvm_shfl_sync_* / __nvvm_vote_*
 * builtins as clang's CUDA headers, overloaded for every scalar type the
 * SDK accepts (64-bit values are shuffled as two 32-bit halves).
 */
#ifndef MAPCOST_PRELUDE_WARP_H
#define MAPCOST_PRELUDE_WARP_H

#pragma clang system_header

/* The c operand of shfl.sync: the segment mask and the clamp lane. */
#define MAPCOST_SHFL_C(width, clamp) (((warpSize - (width)) << 8) | (clamp))

#define MAPCOST_SHUFFLE(NAME, IB, FB, CLAMP, OFF)                              \
  inline __device__ int NAME(unsigned int mask, int v, OFF o, int width = warpSize) { \
    return IB(mask, v, o, MAPCOST_SHFL_C(width, CLAMP));                       \
  }                                                                            \
  inline __device__ float NAME(unsigned int mask, float v, OFF o,              \
                               int width = warpSize) {                         \
    return FB(mask, v, o, MAPCOST_SHFL_C(width, CLAMP));                       \
  }                                                                            \
  inline __device__ unsigned int NAME(unsigned int mask, unsigned int v, OFF o, \
                                      int width = warpSize) {                  \
    return (unsigned int)NAME(mask, (int)v, o, width);                         \
  }                                                                            \
  inline __device__ long long NAME(unsigned int mask, long long v, OFF o,      \
                                   int width = warpSize) {                     \
    int lo = NAME(mask, (int)v, o, width);                                     \
    int hi = NAME(mask, (int)(v >> 32), o, width);                             \
    return (long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); \
  }                                                                            \
  inline __device__ unsigned long long NAME(unsigned int mask,                 \
                                            unsigned long long v, OFF o,       \
                                            int width = warpSize) {            \
    return (unsigned long long)NAME(mask, (long long)v, o, width);             \
  }                                                                            \
  inline __device__ long NAME(unsigned int mask, long v, OFF o,                \
                              int width = warpSize) {                          \
    return (long)NAME(mask, (long long)v, o, width);                           \
  }                                                                            \
  inline __device__ unsigned long NAME(unsigned int mask, unsigned long v,     \
                                       OFF o, int width = warpSize) {          \
    return (unsigned long)NAME(mask, (long long)v, o, width);                  \
  }                                                                            \
  inline __device__ double NAME(unsigned int mask, double v, OFF o,            \
                                int width = warpSize) {                        \
    return __builtin_bit_cast(                                                 \
        double, NAME(mask, __builtin_bit_cast(long long, v), o, width));       \
  }

MAPCOST_SHUFFLE(__shfl_sync, __nvvm_shfl_sync_idx_i32, __nvvm_shfl_sync_idx_f32, 0x1f, int)
/* shfl.up clamps at lane 0 of the segment, the others at its last lane. */
MAPCOST_SHUFFLE(__shfl_up_sync, __nvvm_shfl_sync_up_i32, __nvvm_shfl_sync_up_f32, 0,
                unsigned int)
MAPCOST_SHUFFLE(__shfl_down_sync, __nvvm_shfl_sync_down_i32, __nvvm_shfl_sync_down_f32,
                0x1f, unsigned int)
MAPCOST_SHUFFLE(__shfl_xor_sync, __nvvm_shfl_sync_bfly_i32, __nvvm_shfl_sync_bfly_f32,
                0x1f, int)
#undef MAPCOST_SHUFFLE

/* Votes. */
inline __device__ int __all_sync(unsigned int mask, int p) {
  return __nvvm_vote_all_sync(mask, p);
}
inline __device__ int __any_sync(unsigned int mask, int p) {
  return __nvvm_vote_any_sync(mask, p);
}
inline __device__ int __uni_sync(unsigned int mask, int p) {
  return __nvvm_vote_uni_sync(mask, p);
}
inline __device__ unsigned int __ballot_sync(unsigned int mask, int p) {
  return __nvvm_vote_ballot_sync(mask, p);
}
inline __device__ unsigned int __activemask(void) { return __nvvm_activemask(); }
inline __device__ unsigned int __lanemask_lt(void) { return __nvvm_read_ptx_sreg_lanemask_lt(); }
inline __device__ unsigned int __lanemask_le(void) { return __nvvm_read_ptx_sreg_lanemask_le(); }
inline __device__ unsigned int __lanemask_gt(void) { return __nvvm_read_ptx_sreg_lanemask_gt(); }
inline __device__ unsigned int __lanemask_ge(void) { return __nvvm_read_ptx_sreg_lanemask_ge(); }
inline __device__ unsigned int __lanemask_eq(void) { return __nvvm_read_ptx_sreg_lanemask_eq(); }

/* Matches (sm_70+). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
inline __device__ unsigned int __match_any_sync(unsigned int mask, int v) {
  return __nvvm_match_any_sync_i32(mask, v);
}
inline __device__ unsigned int __match_any_sync(unsigned int mask, unsigned int v) {
  return __nvvm_match_any_sync_i32(mask, v);
}
inline __device__ unsigned int __match_any_sync(unsigned int mask, long long v) {
  return __nvvm_match_any_sync_i64(mask, v);
}
inline __device__ unsigned int __match_any_sync(unsigned int mask, unsigned long long v) {
  return __nvvm_match_any_sync_i64(mask, v);
}
inline __device__ unsigned int __match_any_sync(unsigned int mask, float v) {
  return __nvvm_match_any_sync_i32(mask, __builtin_bit_cast(unsigned int, v));
}
inline __device__ unsigned int __match_all_sync(unsigned int mask, int v, int *pred) {
  return __nvvm_match_all_sync_i32p(mask, v, pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int mask, unsigned int v, int *pred) {
  return __nvvm_match_all_sync_i32p(mask, v, pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int mask, long long v, int *pred) {
  return __nvvm_match_all_sync_i64p(mask, v, pred);
}
inline __device__ unsigned int __match_all_sync(unsigned int mask, unsigned long long v,
                                                int *pred) {
  return __nvvm_match_all_sync_i64p(mask, v, pred);
}
#endif

/* Warp reductions (sm_80+). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
inline __device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int v) {
  return __nvvm_redux_sync_add(v, mask);
}
inline __device__ int __reduce_add_sync(unsigned int mask, int v) {
  return __nvvm_redux_sync_add(v, mask);
}
inline __device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int v) {
  return __nvvm_redux_sync_umin(v, mask);
}
inline __device__ int __reduce_min_sync(unsigned int mask, int v) {
  return __nvvm_redux_sync_min(v, mask);
}
inline __device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int v) {
  return __nvvm_redux_sync_umax(v, mask);
}
inline __device__ int __reduce_max_sync(unsigned int mask, int v) {
  return __nvvm_redux_sync_max(v, mask);
}
inline __device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int v) {
  return __nvvm_redux_sync_and(v, mask);
}
inline __device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int v) {
  return __nvvm_redux_sync_or(v, mask);
}
inline __device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int v) {
  return __nvvm_redux_sync_xor(v, mask);
}
#endif

#endif /* MAPCOST_PRELUDE_WARP_H */

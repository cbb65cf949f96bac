/* prelude/cooperative_groups.h - the common part of cooperative groups.
 *
 * Part of the mapcost prelude: namespace cooperative_groups with
 * this_thread_block(), tiled_partition (static and dynamic sizes up to a
 * warp), coalesced_threads(), this_grid() (no grid-wide sync), sync(g),
 * reduce over a tile, and the group members sync, thread_rank, size,
 * num_threads, meta_group_rank/size, shfl*, any, all, ballot.
 *
 * A block's sync() is __barrier_sync(0), as in the SDK: LLVM 19's
 * llvm.nvvm.barrier.sync, LLVM 22's non-aligned barrier.cta.sync.all. A
 * tile's sync() is __syncwarp of the tile's lanes. Ranks are computed from
 * the linear thread index (a lane is its rank modulo 32), where the SDK
 * reads %laneid.
 */
#ifndef MAPCOST_PRELUDE_COOPERATIVE_GROUPS_H
#define MAPCOST_PRELUDE_COOPERATIVE_GROUPS_H

#pragma clang system_header

namespace cooperative_groups {

#define MAPCOST_CG __device__ __forceinline__

namespace details {
MAPCOST_CG unsigned int block_rank(void) {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
MAPCOST_CG unsigned int block_size(void) { return blockDim.x * blockDim.y * blockDim.z; }
MAPCOST_CG unsigned int lane(void) { return block_rank() & 31u; }
/* The lanes of the size-n tile (n a power of two up to 32) of this thread. */
MAPCOST_CG unsigned int tile_mask(unsigned int n) {
  if (n >= 32)
    return 0xffffffffu;
  return ((1u << n) - 1u) << (lane() & ~(n - 1u));
}
} // namespace details

class thread_group {
protected:
  unsigned int size_;   /* threads in the group */
  unsigned int mask_;   /* a tile's lanes; unused for a block */
  bool is_block_;
  MAPCOST_CG thread_group(unsigned int size, unsigned int mask, bool is_block)
      : size_(size), mask_(mask), is_block_(is_block) {}

public:
  MAPCOST_CG void sync(void) const {
    if (is_block_)
      __barrier_sync(0);
    else
      __syncwarp(mask_);
  }
  MAPCOST_CG unsigned long long size(void) const { return size_; }
  MAPCOST_CG unsigned long long num_threads(void) const { return size_; }
  MAPCOST_CG unsigned long long thread_rank(void) const {
    return is_block_ ? details::block_rank() : (details::block_rank() & (size_ - 1u));
  }
  MAPCOST_CG unsigned int get_type(void) const { return is_block_ ? 4u : 1u; }
  friend MAPCOST_CG thread_group tiled_partition(const thread_group &parent,
                                                 unsigned int tilesz);
};

class thread_block : public thread_group {
  MAPCOST_CG thread_block(void) : thread_group(details::block_size(), 0xffffffffu, true) {}
  friend MAPCOST_CG thread_block this_thread_block(void);

public:
  static MAPCOST_CG void sync(void) { __barrier_sync(0); }
  static MAPCOST_CG unsigned int thread_rank(void) { return details::block_rank(); }
  static MAPCOST_CG unsigned int size(void) { return details::block_size(); }
  static MAPCOST_CG unsigned int num_threads(void) { return details::block_size(); }
  static MAPCOST_CG dim3 group_index(void) { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static MAPCOST_CG dim3 thread_index(void) {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  static MAPCOST_CG dim3 group_dim(void) { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  static MAPCOST_CG dim3 dim_threads(void) { return group_dim(); }
};

MAPCOST_CG thread_block this_thread_block(void) { return thread_block(); }

MAPCOST_CG thread_group tiled_partition(const thread_group &parent, unsigned int tilesz) {
  return thread_group(tilesz, details::tile_mask(tilesz), false);
}

/* A tile of Size threads (a power of two, at most 32). */
template <unsigned int Size, class ParentT = void>
class thread_block_tile : public thread_group {
  static_assert(Size && Size <= 32 && (Size & (Size - 1)) == 0,
                "thread_block_tile: the size must be a power of two up to 32");

public:
  MAPCOST_CG thread_block_tile(void) : thread_group(Size, details::tile_mask(Size), false) {}
  template <class P>
  MAPCOST_CG thread_block_tile(const thread_block_tile<Size, P> &) : thread_block_tile() {}

  static MAPCOST_CG unsigned int build_mask(void) { return details::tile_mask(Size); }
  static MAPCOST_CG void sync(void) { __syncwarp(build_mask()); }
  static MAPCOST_CG unsigned int thread_rank(void) { return details::block_rank() & (Size - 1u); }
  static MAPCOST_CG unsigned int size(void) { return Size; }
  static MAPCOST_CG unsigned int num_threads(void) { return Size; }
  static MAPCOST_CG unsigned int meta_group_rank(void) { return details::block_rank() / Size; }
  static MAPCOST_CG unsigned int meta_group_size(void) {
    return (details::block_size() + Size - 1u) / Size;
  }
  template <class T> MAPCOST_CG T shfl(T v, int src) const {
    return __shfl_sync(build_mask(), v, src, Size);
  }
  template <class T> MAPCOST_CG T shfl_down(T v, unsigned int delta) const {
    return __shfl_down_sync(build_mask(), v, delta, Size);
  }
  template <class T> MAPCOST_CG T shfl_up(T v, unsigned int delta) const {
    return __shfl_up_sync(build_mask(), v, delta, Size);
  }
  template <class T> MAPCOST_CG T shfl_xor(T v, unsigned int lanemask) const {
    return __shfl_xor_sync(build_mask(), v, lanemask, Size);
  }
  MAPCOST_CG int any(int p) const { return __any_sync(build_mask(), p) != 0; }
  MAPCOST_CG int all(int p) const { return __all_sync(build_mask(), p) != 0; }
  MAPCOST_CG unsigned int ballot(int p) const {
    return __ballot_sync(build_mask(), p) >> (details::lane() & ~(Size - 1u));
  }
};

template <unsigned int Size, class ParentT>
MAPCOST_CG thread_block_tile<Size, ParentT> tiled_partition(const ParentT &) {
  return thread_block_tile<Size, ParentT>();
}

/* The active threads of a warp. */
class coalesced_group : public thread_group {
  MAPCOST_CG coalesced_group(unsigned int mask)
      : thread_group(__popc(mask), mask, false) {}
  friend MAPCOST_CG coalesced_group coalesced_threads(void);

public:
  MAPCOST_CG void sync(void) const { __syncwarp(mask_); }
  MAPCOST_CG unsigned long long thread_rank(void) const {
    return __popc(mask_ & __lanemask_lt());
  }
  MAPCOST_CG unsigned long long size(void) const { return size_; }
  MAPCOST_CG unsigned long long num_threads(void) const { return size_; }
};
MAPCOST_CG coalesced_group coalesced_threads(void) { return coalesced_group(__activemask()); }

/* The whole grid: ranks and sizes. Grid-wide sync needs a cooperative
 * launch and is not offered by the prelude. */
class grid_group {
public:
  static MAPCOST_CG bool is_valid(void) { return true; }
  static MAPCOST_CG unsigned long long block_rank(void) {
    return (blockIdx.z * gridDim.y + blockIdx.y) * (unsigned long long)gridDim.x + blockIdx.x;
  }
  static MAPCOST_CG unsigned long long num_blocks(void) {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  static MAPCOST_CG unsigned long long thread_rank(void) {
    return block_rank() * details::block_size() + details::block_rank();
  }
  static MAPCOST_CG unsigned long long size(void) {
    return num_blocks() * details::block_size();
  }
  static MAPCOST_CG unsigned long long num_threads(void) { return size(); }
  static MAPCOST_CG dim3 group_dim(void) { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  static MAPCOST_CG dim3 dim_blocks(void) { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  static MAPCOST_CG dim3 block_index(void) { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};
MAPCOST_CG grid_group this_grid(void) { return grid_group(); }

template <class G> MAPCOST_CG void sync(const G &g) { g.sync(); }
template <class G> MAPCOST_CG unsigned long long thread_rank(const G &g) { return g.thread_rank(); }
template <class G> MAPCOST_CG unsigned long long group_size(const G &g) { return g.size(); }

/* cooperative_groups/reduce.h */
template <class T> struct plus { MAPCOST_CG T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { MAPCOST_CG T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { MAPCOST_CG T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { MAPCOST_CG T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { MAPCOST_CG T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { MAPCOST_CG T operator()(T a, T b) const { return a ^ b; } };

template <unsigned int Size, class P, class T, class Op>
MAPCOST_CG T reduce(const thread_block_tile<Size, P> &g, T v, Op op) {
  for (unsigned int d = Size / 2; d > 0; d /= 2)
    v = op(v, g.shfl_xor(v, d));
  return v;
}

#undef MAPCOST_CG
} // namespace cooperative_groups

#endif /* MAPCOST_PRELUDE_COOPERATIVE_GROUPS_H */

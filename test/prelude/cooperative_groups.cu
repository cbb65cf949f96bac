// Cooperative groups: a block's sync() is the SDK's barrier (__barrier_sync:
// llvm.nvvm.barrier.sync in LLVM 19, the non-aligned barrier.cta.sync.all
// in 22), a tile's is __syncwarp of its lanes.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if cuda-sdk %{ %sdk_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[256];
  cg::thread_block block = cg::this_thread_block();
  unsigned r = block.thread_rank();
  partial[r] = in[blockIdx.x * block.size() + r];
  block.sync();
  for (unsigned s = block.size() / 2; s > 0; s /= 2) {
    if (r < s)
      partial[r] += partial[r + s];
    cg::sync(block);
  }
  if (r == 0)
    out[blockIdx.x] = partial[0];
}
// CHECK: cooperative_groups.cu:{{[0-9]+}}:1: remark: kernel 'block_sum' uses 3 arrays: in (global const float*), out (global float*), partial (shared float[256]); block size any, at most 1024 threads, grid size any

__global__ void tile_sum(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int v = in[block.thread_rank()];
  for (int d = warp.size() / 2; d > 0; d /= 2)
    v += warp.shfl_down(v, d);
  warp.sync();
  cg::thread_group quarter = cg::tiled_partition(block, 8);
  quarter.sync();
  if (warp.thread_rank() == 0)
    out[warp.meta_group_rank()] = v + quarter.thread_rank();
}
// CHECK: cooperative_groups.cu:{{[0-9]+}}:1: remark: kernel 'tile_sum' uses 2 arrays: in (global const int*), out (global int*); block size any, at most 1024 threads, grid size any

// IR-LABEL: define {{.*}} @_Z9block_sum
// IR: call void @llvm.nvvm.{{barrier.sync|barrier.cta.sync.all}}(i32 0)
// IR: call void @llvm.nvvm.{{barrier.sync|barrier.cta.sync.all}}(i32 0)
// IR-LABEL: define {{.*}} @_Z8tile_sum
// IR-DAG: call {{.*}}i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1,
// IR-DAG: call void @llvm.nvvm.bar.warp.sync(i32 -1)
// IR-DAG: call void @llvm.nvvm.bar.warp.sync(i32 %

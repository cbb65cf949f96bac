// Warp shuffles, votes, matches and reductions: the __nvvm_shfl_sync_* and
// __nvvm_vote_* builtins, as with the SDK.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if cuda-sdk %{ %sdk_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}

__global__ void warp_sum(const float *in, float *out, unsigned *votes, int *ints) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  float first = __shfl_sync(0xffffffffu, v, 0);
  float up = __shfl_up_sync(0xffffffffu, v, 1);
  float bfly = __shfl_xor_sync(0xffffffffu, v, 1, 16);
  double wide = __shfl_sync(0xffffffffu, (double)v, 2);
  long long ll = __shfl_down_sync(0xffffffffu, (long long)ints[0], 3);
  unsigned ballot = __ballot_sync(0xffffffffu, v > 0.0f);
  int all = __all_sync(0xffffffffu, v > 1.0f);
  int any = __any_sync(0xffffffffu, v > 2.0f);
  unsigned active = __activemask();
  unsigned same = __match_any_sync(active, ints[threadIdx.x]);
  int sum = __reduce_add_sync(0xffffffffu, ints[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    out[blockIdx.x] = v + first + up + bfly + (float)wide + (float)ll;
  votes[threadIdx.x] = ballot + all + any + active + same + sum;
}
// CHECK: warp.cu:{{[0-9]+}}:1: remark: kernel 'warp_sum' uses 4 arrays: in (global const float*), out (global float*), votes (global unsigned int*), ints (global int*); block size any, at most 1024 threads, grid size any

// IR-LABEL: define {{.*}} @_Z8warp_sum
// IR-DAG: call {{.*}}float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %{{.*}}, i32 %{{.*}}, i32 31)
// IR-DAG: call {{.*}}float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 0, i32 31)
// IR-DAG: call {{.*}}float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %{{.*}}, i32 1, i32 0)
// IR-DAG: call {{.*}}float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 1, i32 4127)
// IR-DAG: call {{.*}}i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %{{.*}}, i32 2, i32 31)
// IR-DAG: call {{.*}}i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %{{.*}}, i32 3, i32 31)
// IR-DAG: call {{.*}}i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %{{.*}})
// IR-DAG: call {{.*}}i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %{{.*}})
// IR-DAG: call {{.*}}i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %{{.*}})
// IR-DAG: call {{.*}}i32 @llvm.nvvm.activemask()
// IR-DAG: call {{.*}}i32 @llvm.nvvm.match.any.sync.i32(i32 %{{.*}}, i32 %{{.*}})
// IR-DAG: call {{.*}}i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 -1)

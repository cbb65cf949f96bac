// __launch_bounds__(256) bounds the number of threads, not the shape: a
// 16x16 block is legal, so a barrier for blockDim.x threads is not provably
// the whole block (inconclusive), while one for the product of the
// dimensions is.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-LABEL: lockstep of kernel 'x_only'
// CHECK: barrier barrier.sync(id, count) at {{.*}}:[[@LINE+3]]:3 scope block: inconclusive
__global__ void __launch_bounds__(256) x_only(int *s) {
  s[threadIdx.x] = 1;
  __nvvm_barrier_sync_cnt(0, blockDim.x);
}

// CHECK-LABEL: lockstep of kernel 'whole'
// CHECK: barrier barrier.sync(id, count) at {{.*}}:[[@LINE+3]]:3 scope block: ok
__global__ void __launch_bounds__(256) whole(int *s) {
  s[threadIdx.x] = 1;
  __nvvm_barrier_sync_cnt(0, blockDim.x * blockDim.y * blockDim.z);
}

// A barrier under a condition read from shared memory is possibly divergent
// (soundness first); __mapcost_uniform(v) tells the analysis that v is the
// same in every thread, and the barrier is then fine.
//
// RUN: %cuda_device -O0 -g -fno-discard-value-names -I %runtime -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 \
// RUN:   | FileCheck %s

#include <mapcost.h>

__shared__ int flag;

__global__ void unannotated(int *a) {
  if (threadIdx.x == 0)
    flag = a[0];
  __syncthreads();
  int f = flag;
  if (f > 0)
    __syncthreads();
}
// CHECK-LABEL: lockstep of kernel 'unannotated'
// CHECK: value flag : divergent
// CHECK: barrier __syncthreads() at {{.*}}annotations.cu:19:5 scope block: divergent when flag > 0 (flag > 0 may differ between the threads of a block: it depends on a value loaded from memory (flag) at {{.*}}annotations.cu:17)

__global__ void annotated(int *a) {
  if (threadIdx.x == 0)
    flag = a[0];
  __syncthreads();
  int f = flag;
  __mapcost_assume(__mapcost_uniform(f));
  if (f > 0)
    __syncthreads();
}
// CHECK-LABEL: lockstep of kernel 'annotated'
// CHECK: value flag : grid-uniform
// CHECK: barrier __syncthreads() at {{.*}}annotations.cu:32:5 scope block: ok

// GVN puts c for x where a branch on x == c was taken: after
// `if (threadIdx.x == 0) atomicAdd(...)` the join's phi of threadIdx.x has
// 0 from that block. That 0 is threadIdx.x on its edge, so the phi is
// threadIdx.x, not a value joined from several paths (which made every
// index after the join approximate, and `out0` possibly racy).
//
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-protocols>' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=PROT --implicit-check-not='$join'
// RUN: not %mapcost --format=text %s | FileCheck %s
#include <mapcost.h>

__global__ void leader(const int *in0, int *acc0, const int *in1, int *out0, unsigned *out1) {
  __shared__ int s0[64];
  extern __shared__ int dyn[];
  if (blockIdx.x % 2 == 0) {
    s0[threadIdx.x] = in0[threadIdx.x];
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
      if (threadIdx.x < st)
        s0[threadIdx.x] += s0[threadIdx.x + st];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      atomicAdd(&acc0[0], s0[0]);
  } else {
    dyn[threadIdx.x ^ 4] = in1[threadIdx.x];
    __syncthreads();
    out0[blockIdx.x * blockDim.x + threadIdx.x] = dyn[(blockDim.x - 1 - threadIdx.x) ^ 4];
  }
  if ((threadIdx.x & 3) != 2)
    out0[blockIdx.x * blockDim.x + threadIdx.x] = out1[blockIdx.x * blockDim.x + threadIdx.x];
}
// PROT: array out0 (global): exact
// CHECK-LABEL: kernel leader
// CHECK: array out0 {{.*}} drf

// A racy twin: the neighbour's element after the join.
__global__ void leader_racy(const int *in0, int *acc0, const int *in1, int *out0, unsigned *out1) {
  __shared__ int s0[64];
  if (blockIdx.x % 2 == 0) {
    s0[threadIdx.x] = in0[threadIdx.x];
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
      if (threadIdx.x < st)
        s0[threadIdx.x] += s0[threadIdx.x + st];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      atomicAdd(&acc0[0], s0[0]);
  } else {
    out0[blockIdx.x * blockDim.x + threadIdx.x] = in1[threadIdx.x];
  }
  if ((threadIdx.x & 3) != 2)
    out0[blockIdx.x * blockDim.x + threadIdx.x + 1] = out1[blockIdx.x * blockDim.x + threadIdx.x];
}
// CHECK-LABEL: kernel leader_racy
// CHECK: array out0 {{.*}} race
// CHECK: race on out0 {{.*}} confirmed

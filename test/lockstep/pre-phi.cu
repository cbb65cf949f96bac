// GVN's PRE copies blockIdx.x * blockDim.x into both sides of a divergent
// branch and joins the copies with a phi: the join does not depend on the
// branch, so the barriers under a blockIdx-only condition below are not
// divergent (a generated kernel once said they were).
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 | FileCheck %s
// CHECK: barrier __syncthreads() at {{.*}}pre-phi.cu:[[@LINE+15]]:{{[0-9]+}} scope block: ok
// CHECK: barrier __syncthreads() at {{.*}}pre-phi.cu:[[@LINE+17]]:{{[0-9]+}} scope block: ok
__global__ void pre(float *out1, const float *in0, int flag, int reps, int *out2) {
  __shared__ int s0[65];
  if (threadIdx.x % 2 == 0) {
    int v0 = threadIdx.x ^ 1;
  } else {
    out1[blockIdx.x * blockDim.x + threadIdx.x] =
        in0[threadIdx.x * 4 + 2] * (float)(blockIdx.x * blockDim.x + threadIdx.x) +
        in0[blockIdx.x * blockDim.x + threadIdx.x];
  }
  if (blockIdx.x != 1 && flag != 0) {
    if (blockIdx.x % 2 == 0) {
      for (int r0 = 0; r0 < reps; r0++) {
        s0[blockDim.x - 1 - threadIdx.x] = out2[(blockIdx.x * blockDim.x + threadIdx.x) * 3];
        __syncthreads();
        out2[(blockIdx.x * blockDim.x + threadIdx.x) * 3 + 1] =
            s0[blockDim.x - 1 - (threadIdx.x + 1) % blockDim.x] + blockIdx.x;
        __syncthreads();
      }
    }
  }
}

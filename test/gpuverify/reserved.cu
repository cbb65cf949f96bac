// GPUVerify's assertions and invariants, one kernel per macro: __assert and
// __ensures are reserved, like __mapcost_assert (a remark says they were
// not checked); __invariant and __global_invariant are accepted and not
// needed (mapcost needs no loop invariants): a fact, no remark.
// RUN: %cuda_device -include %runtime/gpuverify.h -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cuda_device -include %runtime/gpuverify.h -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -include %runtime/gpuverify.h -O2 -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefix=REMARK %s %}
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -I %runtime -include %runtime/gpuverify.h -c -o %t.o %s %}

__global__ void assert_(int *A) {
  A[threadIdx.x] = threadIdx.x;
  __assert(A[threadIdx.x] >= 0);
}
// CHECK-LABEL: kernel assert_
// CHECK: fact assert {{.*}} (not checked) at {{.*}}reserved.cu:13:3
// REMARK: reserved.cu:13:3: remark: kernel 'assert_': assert ({{.*}}) is not checked: mapcost does not check assertions yet

__device__ int square(int x) {
  __ensures(__return_val_int() >= 0);
  return x * x;
}
__global__ void ensures(int *A) { A[threadIdx.x] = square(threadIdx.x); }
// CHECK-LABEL: kernel ensures
// CHECK: fact ensures {{.*}} (not checked) at {{.*}}reserved.cu:20:3
// REMARK: reserved.cu:20:3: remark: kernel 'ensures': ensures ({{.*}}) is not checked: mapcost does not check assertions yet

__global__ void invariant(int *A, int n) {
  for (int i = 0; __invariant(i >= 0), i < n; i++)
    A[i * blockDim.x + threadIdx.x] = i;
}
// CHECK-LABEL: kernel invariant
// CHECK: fact invariant {{.*}} (not needed) at {{.*}}reserved.cu:29:19

__global__ void global_invariant(int *A, int n) {
  for (int i = threadIdx.x; __global_invariant(i % blockDim.x == threadIdx.x), i < n;
       i += blockDim.x)
    A[i] = 0;
}
// CHECK-LABEL: kernel global_invariant
// CHECK: fact invariant {{.*}} (not needed) at {{.*}}reserved.cu:36:29

// REMARK-NOT: kernel 'invariant': {{.*}}invariant
// REMARK-NOT: kernel 'global_invariant': {{.*}}invariant

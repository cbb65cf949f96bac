// GPUVerify's annotations that mapcost honours, one kernel per macro, as
// GPUVerify's own test kernels are written (compiled with gpuverify.h
// force-included, as scripts/mapcost --compat=gpuverify does): facts.
// RUN: %cuda_device -include %runtime/gpuverify.h -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -include %runtime/gpuverify.h -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.sdk.ll %s %}
// RUN: %if cuda-sdk %{ %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.sdk.ll 2>&1 | FileCheck %s %}
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -I %runtime -include %runtime/gpuverify.h -c -o %t.o %s %}
// RUN: %cuda_device -include %runtime/gpuverify.h -O2 -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefix=REMARK %s
#include <cuda.h>

// __axiom sits at file scope and holds in every kernel of the file.
__axiom(blockDim.x == 64)

__global__ void requires_(int *A, int n) {
  __requires(n == 64);
  A[threadIdx.x] = n;
}
// CHECK-LABEL: kernel requires_
// CHECK:      fact axiom blockDim.x == 64 at {{.*}}honoured.cu:13:1
// CHECK-NEXT: fact requires n == 64 at {{.*}}honoured.cu:16:3

__global__ void assume_(int *A, int i) {
  __assume(i >= 0 && i < 64);
  A[i] = 0;
}
// CHECK-LABEL: kernel assume_
// CHECK:      fact axiom
// CHECK-NEXT: fact assume i <u 64 at {{.*}}honoured.cu:24:3

__global__ void uniform_int(int *A, int n) {
  __requires(__uniform_int(n));
  A[threadIdx.x] = n;
}
// CHECK-LABEL: kernel uniform_int
// CHECK:      fact axiom
// CHECK-NEXT: fact uniform n at {{.*}}honoured.cu:32:{{[0-9]+}}

__global__ void uniform_bool(int *A, bool b) {
  __requires(__uniform_bool(b));
  if (b)
    A[threadIdx.x] = 1;
}
// CHECK-LABEL: kernel uniform_bool
// CHECK:      fact axiom
// CHECK-NEXT: fact uniform b at {{.*}}honoured.cu:40:{{[0-9]+}}

__global__ void distinct_int(int *A, int *idx) {
  __requires(__distinct_int(idx[threadIdx.x]));
  A[idx[threadIdx.x]] = 0;
}
// CHECK-LABEL: kernel distinct_int
// CHECK:      fact axiom
// CHECK-NEXT: fact distinct idx[threadIdx.x] at {{.*}}honoured.cu:49:{{[0-9]+}}

__global__ void other_int(int *A, int offset) {
  __requires(__other_int(offset) == offset);
  A[threadIdx.x + offset] = 0;
}
// CHECK-LABEL: kernel other_int
// CHECK:      fact axiom
// CHECK-NEXT: fact requires __other(offset) == offset at {{.*}}honoured.cu:57:3

__global__ void implies(int *A, int n) {
  __requires(__implies(n > 0, n % 64 == 0));
  A[threadIdx.x] = n;
}
// CHECK-LABEL: kernel implies
// CHECK:      fact axiom
// CHECK-NEXT: fact requires (n < 1) || ((n & 63) == 0) at {{.*}}honoured.cu:65:3

__global__ void all(int *A, int n) {
  __requires(__all(n > 0));
  A[threadIdx.x] = n;
}
// CHECK-LABEL: kernel all
// CHECK:      fact axiom
// CHECK-NEXT: fact requires n > 0 at {{.*}}honoured.cu:73:3

__global__ void enabled(int *A) {
  if (threadIdx.x < 32) {
    __assume(__enabled());
    A[threadIdx.x] = 0;
  }
}
// CHECK-LABEL: kernel enabled
// CHECK:      fact axiom
// CHECK-NEXT: fact assume true at {{.*}}honoured.cu:82:5

__global__ void mod_pow2(int *A, unsigned i) {
  __requires(__mod_pow2(i, 64u) == 0);
  A[i] = 0;
}
// CHECK-LABEL: kernel mod_pow2
// CHECK:      fact axiom
// CHECK-NEXT: fact requires (i & 63) == 0 at {{.*}}honoured.cu:91:3

// None of them is a remark: each is a fact the analysis can use.
// REMARK-NOT: AnnotationIgnored
// REMARK-NOT: is not checked
// REMARK-NOT: is ignored

// assert and printf in device code.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if cuda-sdk %{ %sdk_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}
#include <assert.h>
#include <stdio.h>

__global__ void checked(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n);
  if (in[i] < 0)
    printf("negative input %d at %d\n", in[i], i);
  out[i] = in[i];
}
// CHECK: assert.cu:{{[0-9]+}}:1: remark: kernel 'checked' uses 2 arrays: in (global const int*), out (global int*); block size any, at most 1024 threads, grid size any

// IR-LABEL: define {{.*}} @_Z7checked
// IR: call void @__assertfail(
// IR: call i32 @vprintf(

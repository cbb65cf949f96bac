// Arithmetic narrowed below any C type: at -O0, `t % 4 + 1` reaches the
// analysis as a 2-bit value, `(u2)threadIdx.x + 1`. The no-wrap assumption
// is about the program's arithmetic, not such values, which wrap by
// design: a race between threads 4 and 5 (both write s[0]) is found at
// both levels; it was missed at -O0 when `(u2)threadIdx.x` was taken to
// keep the value of threadIdx.x (so that no thread past 3 ran the loop).
//
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S %s -o %t.O0.ll
// RUN: %rc %mapcost --format=text %t.O0.ll | FileCheck %s
// RUN: %cuda_device -I %runtime -O2 -g -emit-llvm -S %s -o %t.O2.ll
// RUN: %rc %mapcost --format=text %t.O2.ll | FileCheck %s
#include <mapcost.h>

// CHECK-LABEL: kernel narrowed
// CHECK: array {{out|arg0}} {{.*}} drf
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): write-write
__global__ void narrowed(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t >= 4)
    for (int i = 0; i < t % 4 + 1; i++)
      s[i] = t;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[t % 64];
}

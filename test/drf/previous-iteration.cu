// The barrier interval at the start of an outer loop's iteration k is the
// one its iteration k - 1 ended in, when k > 0. What the walk back builds
// for that iteration (the inner loop it left, its last iteration) holds
// only when there is one: asserted in iteration 0 too, where the inner
// loop's bound, 2 * x, comes from x = 0, it hid the race of the first
// outer iteration below, which was reported race free.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: %rc %mapcost --format=text --param N=1 %s | FileCheck %s --check-prefix=ONE
#include <mapcost.h>

// The last write of the y loop and the first of the z loop share an
// interval; they meet only when x = 1 (t1 = t2 + 1 + 512 * (x - 1)).
__global__ void first_outer_iteration(int N) {
  __mapcost_requires(blockDim.x <= 256);
  __shared__ int s[1 << 16];
  unsigned t = threadIdx.x;
  for (int x = 1; x <= N; x++) {
    for (int y = 1; y <= x; y++) {
      __syncthreads();
      s[t + y] = 1;
    }
    for (int z = x; z < 2 * x; z++) {
      s[t + z + 1 + (x - 1) * 512] = 2;
      __syncthreads();
    }
  }
}
// CHECK-LABEL: kernel first_outer_iteration
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): write-write, confirmed
// CHECK-NEXT: first: {{.*}}previous-iteration.cu:[[#@LINE-11]]:{{[0-9]+}} write
// CHECK-NEXT: second: {{.*}}previous-iteration.cu:[[#@LINE-9]]:{{[0-9]+}} write
// CHECK-NEXT: witness: tid1=(1,0,0) tid2=(0,0,0) {{.*}} x=1 y=1 z=1 N=1
// ONE-LABEL: kernel first_outer_iteration
// ONE: array s {{.*}} race

// The same with a barrier between the loops: race free.
__global__ void first_outer_iteration_synced(int N) {
  __mapcost_requires(blockDim.x <= 256);
  __shared__ int s[1 << 16];
  unsigned t = threadIdx.x;
  for (int x = 1; x <= N; x++) {
    for (int y = 1; y <= x; y++) {
      __syncthreads();
      s[t + y] = 1;
    }
    __syncthreads();
    for (int z = x; z < 2 * x; z++) {
      s[t + z + 1 + (x - 1) * 512] = 2;
      __syncthreads();
    }
  }
}
// CHECK-LABEL: kernel first_outer_iteration_synced
// CHECK: array s {{.*}} drf
// ONE-LABEL: kernel first_outer_iteration_synced
// ONE: array s {{.*}} drf

// A signed loop variable takes negative values: its closed form, init +
// k * by, sums the iteration number k (unsigned), but what the no-wrap
// assumption says of it reads it as the variable's type. Read unsigned, it
// said -1 + k >= 0, ruled out the iteration where i = -1 and hid its race.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s < %t.txt
#include <mapcost.h>

// Thread t writes s[t + 1] when i = -1, then s[t]: two threads meet only
// in the first iteration.
__global__ void from_minus_one(int n) {
  __mapcost_requires(blockDim.x <= 64);
  __shared__ int s[256];
  for (int i = -1; i < n; i++)
    if (i < 0)
      s[threadIdx.x + 1] = i;
    else
      s[threadIdx.x] = i;
}
// CHECK-LABEL: kernel from_minus_one
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} i=-1 i'=0 n=1

// Down to -1: the last iteration races.
__global__ void down_to_minus_one(int n) {
  __mapcost_requires(blockDim.x <= 64);
  __shared__ int s[256];
  for (int i = n; i >= -1; i--)
    s[2 * threadIdx.x + (i < 0 ? 1 : 0) * 2] = i;
}
// CHECK-LABEL: kernel down_to_minus_one
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} i=-1

// With a barrier between the iterations: race free.
__global__ void from_minus_one_synced(int n) {
  __mapcost_requires(blockDim.x <= 64);
  __shared__ int s[256];
  for (int i = -1; i < n; i++) {
    if (i < 0)
      s[threadIdx.x + 1] = i;
    else
      s[threadIdx.x] = i;
    __syncthreads();
  }
}
// CHECK-LABEL: kernel from_minus_one_synced
// CHECK: array s {{.*}} drf

// The five tricky tests of seed 001 §7 (Table 1, Fig. 15-16), each racy and
// race free, as CUDA kernels over one shared array s; T is blockDim.x and
// the blocks are one-dimensional (a precondition), N a parameter.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s < %t.txt
#include <mapcost.h>

// (one condition per requires: a && would be a branch)
#define ONE_D                                                                  \
  __mapcost_requires(blockDim.y == 1);                                         \
  __mapcost_requires(blockDim.z == 1);                                         \
  __mapcost_requires(blockDim.x <= 256);                                       \
  __mapcost_requires(gridDim.y == 1);                                          \
  __mapcost_requires(gridDim.z == 1)

// Test 1 (Listing 2.1): the writes of iteration r + 1 do not wait for the
// reads of iteration r.
__global__ void transpose_racy(int *out, int N, int M) {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  for (int r = 0; r < N; r++) {
    for (int i = 0; i < M; i++)
      s[t] = i;
    __syncthreads();
    for (int j = 0; j < M; j++)
      out[t] += s[t + j];
  }
}
// CHECK-LABEL: kernel transpose_racy
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): read-write, confirmed
// CHECK: witness: {{.*}} r=1

__global__ void transpose_drf(int *out, int N, int M) {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  for (int r = 0; r < N; r++) {
    for (int i = 0; i < M; i++)
      s[t] = i;
    __syncthreads();
    for (int j = 0; j < M; j++)
      out[t + blockIdx.x * blockDim.x] += s[t + j];
    __syncthreads();
  }
}
// CHECK-LABEL: kernel transpose_drf
// CHECK: array s {{.*}} drf

// Test 2 (first-iter): the write before the loop meets the loop's first
// iteration.
__global__ void first_iter_racy(int N) {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  s[t + 1] = 1;
  for (int x = 0; x < N; x++) {
    s[t] = 2;
    __syncthreads();
  }
}
// CHECK-LABEL: kernel first_iter_racy
// CHECK: array s {{.*}} race
// CHECK: write-write, confirmed
// CHECK: witness: {{.*}} x=0

__global__ void first_iter_drf(int N) {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  s[t + 1] = 1;
  for (int x = 0; x < N; x++) {
    if (x > 0)
      s[t] = 2;
    __syncthreads();
  }
}
// CHECK-LABEL: kernel first_iter_drf
// CHECK: array s {{.*}} drf

// Test 3 (last-iter): the loop's last iteration meets the write after it.
__global__ void last_iter_racy(int N) {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  for (int x = 0; x < N; x++) {
    __syncthreads();
    s[t + 1] = 1;
  }
  s[t + blockDim.x] = 2;
}
// CHECK-LABEL: kernel last_iter_racy
// CHECK: array s {{.*}} race
// CHECK: write-write, confirmed

__global__ void last_iter_drf(int N) {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  for (int x = 0; x < N; x++) {
    __syncthreads();
    if (t < blockDim.x - 1)
      s[t + 1] = 1;
  }
  s[t + blockDim.x] = 2;
}
// CHECK-LABEL: kernel last_iter_drf
// CHECK: array s {{.*}} drf

// Test 4 (last-iter-first-iter): the last iteration of a nested loop meets
// the first iteration of the loop after it.
__global__ void last_first_racy(int N) {
  ONE_D;
  __shared__ int s[4096];
  unsigned t = threadIdx.x;
  for (int x = 1; x <= N; x++) {
    for (int y = 1; y <= x; y++) {
      __syncthreads();
      s[t + x + y] = 1;
    }
    for (int z = 2 * N; z < 3 * N; z++) {
      s[t + z + 1] = 2;
      __syncthreads();
    }
  }
}
// CHECK-LABEL: kernel last_first_racy
// CHECK: array s {{.*}} race

__global__ void last_first_drf(int N) {
  ONE_D;
  __shared__ int s[4096];
  unsigned t = threadIdx.x;
  for (int x = 1; x <= N; x++) {
    for (int y = 1; y <= x; y++) {
      __syncthreads();
      s[t + x + y] = 1;
    }
    __syncthreads();
    for (int z = 2 * N; z < 3 * N; z++) {
      s[t + z + 1] = 2;
      __syncthreads();
    }
  }
}
// CHECK-LABEL: kernel last_first_drf
// CHECK: array s {{.*}} drf

// Test 5 (read-index, Fig. 16): the index read back from the array. Store
// to load forwarding gives x = t, so the race-free version is proven and
// the racy one found.
__global__ void read_index_racy() {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  s[t] = t;
  int x = s[t];
  s[x + 1] = 0;
}
// CHECK-LABEL: kernel read_index_racy
// CHECK: array s {{.*}} race

__global__ void read_index_drf() {
  ONE_D;
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  s[t] = t;
  int x = s[t];
  s[x] = 0;
}
// CHECK-LABEL: kernel read_index_drf
// CHECK: array s {{.*}} drf
// CHECK: exit status 1

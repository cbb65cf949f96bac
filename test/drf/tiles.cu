// Two-dimensional tiles with 16x16 blocks: tiled matrix multiply and
// transposes (repeated, with and without the trailing barrier).
//
// RUN: %rc %mapcost --format=text --block-dim=16,16 %s > %t.txt
// RUN: FileCheck %s < %t.txt
#include <mapcost.h>
// The kernels index with blockIdx.x (and .y) only: two-dimensional grids.
#define FLAT_GRID __mapcost_requires(gridDim.z == 1)

#define TS 16

// The grid covers the n x n matrix exactly. The indices are ints: products
// of the unsigned built-ins may wrap, ints may not (nsw).
#define COVERS(n)                                                              \
  __mapcost_requires(gridDim.x * TS == n);                                     \
  __mapcost_requires(gridDim.y * TS == n)

__global__ void matmul(const float *A, const float *B, float *C, int n) {
  FLAT_GRID;
  COVERS(n);
  __shared__ float a[TS][TS], b[TS][TS];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int row = by * TS + ty, col = bx * TS + tx;
  float acc = 0;
  for (int k = 0; k < n / TS; k++) {
    a[threadIdx.y][threadIdx.x] = A[row * n + k * TS + threadIdx.x];
    b[threadIdx.y][threadIdx.x] = B[(k * TS + threadIdx.y) * n + col];
    __syncthreads();
    for (int j = 0; j < TS; j++)
      acc += a[threadIdx.y][j] * b[j][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
// C: two threads writing one element needs (row1 - row2) * n == col2 - col1,
// which col < n rules out (the abstraction of products, README).
// CHECK-LABEL: kernel matmul
// CHECK: array C {{.*}} drf
// CHECK: array a {{.*}} drf
// CHECK: array b {{.*}} drf

// Without the second barrier the next tile overwrites what others read.
__global__ void matmul_racy(const float *A, const float *B, float *C, int n) {
  FLAT_GRID;
  COVERS(n);
  __shared__ float a[TS][TS], b[TS][TS];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int row = by * TS + ty, col = bx * TS + tx;
  float acc = 0;
  for (int k = 0; k < n / TS; k++) {
    a[threadIdx.y][threadIdx.x] = A[row * n + k * TS + threadIdx.x];
    b[threadIdx.y][threadIdx.x] = B[(k * TS + threadIdx.y) * n + col];
    __syncthreads();
    for (int j = 0; j < TS; j++)
      acc += a[threadIdx.y][j] * b[j][threadIdx.x];
  }
  C[row * n + col] = acc;
}
// CHECK-LABEL: kernel matmul_racy
// CHECK: array C {{.*}} drf
// CHECK: array a {{.*}} race
// CHECK: array b {{.*}} race
// CHECK: race on a (shared, block scope): read-write, confirmed
// CHECK: witness: {{.*}} k=1

// Rows of 1024 floats: at most 64 tiles across.
#define ROWS                                                                   \
  __mapcost_requires(gridDim.x <= 64);                                         \
  __mapcost_requires(gridDim.y <= 64)

__global__ void transpose(float *out, const float *in, int reps) {
  FLAT_GRID;
  ROWS;
  __shared__ float tile[TS][TS + 1];
  for (int r = 0; r < reps; r++) {
    tile[threadIdx.y][threadIdx.x] = in[(blockIdx.y * TS + threadIdx.y) * 1024 + blockIdx.x * TS + threadIdx.x];
    __syncthreads();
    out[(blockIdx.x * TS + threadIdx.y) * 1024 + blockIdx.y * TS + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
    __syncthreads();
  }
}
// CHECK-LABEL: kernel transpose
// CHECK: array out {{.*}} drf
// CHECK: array tile {{.*}} drf

__global__ void transpose_racy(float *out, const float *in, int reps) {
  FLAT_GRID;
  ROWS;
  __shared__ float tile[TS][TS + 1];
  for (int r = 0; r < reps; r++) {
    tile[threadIdx.y][threadIdx.x] = in[(blockIdx.y * TS + threadIdx.y) * 1024 + blockIdx.x * TS + threadIdx.x];
    __syncthreads();
    out[(blockIdx.x * TS + threadIdx.y) * 1024 + blockIdx.y * TS + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  }
}
// CHECK-LABEL: kernel transpose_racy
// CHECK: array out {{.*}} drf
// CHECK: array tile {{.*}} race
// CHECK: race on tile (shared, block scope): read-write, confirmed
// CHECK: witness: {{.*}} reps=2
// CHECK: exit status 1

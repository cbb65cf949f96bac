// Common kernels over one-dimensional blocks of 256 threads (any grid):
// the race-free ones are proven for every input, the racy ones found with
// a witness. Expected verdicts per array follow each kernel.
//
// RUN: %rc %mapcost --format=text --block-dim=256 %s > %t.txt
// RUN: FileCheck %s < %t.txt

#include <mapcost.h>
// The kernels index with blockIdx.x only: one-dimensional grids.
#define FLAT_GRID                                                              \
  __mapcost_requires(gridDim.y == 1);                                          \
  __mapcost_requires(gridDim.z == 1)

// Tree reduction with a halving stride.
__global__ void reduce(const float *in, float *out) {
  FLAT_GRID;
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned d = 128; d > 0; d >>= 1) {
    if (t < d)
      s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// CHECK-LABEL: kernel reduce
// CHECK-NEXT: checked: block, grid scope
// CHECK: array in {{.*}} drf
// CHECK: array out {{.*}} drf
// CHECK: array s {{.*}} drf

// The same without the barrier in the loop.
__global__ void reduce_racy(const float *in, float *out) {
  FLAT_GRID;
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned d = 128; d > 0; d >>= 1) {
    if (t < d)
      s[t] += s[t + d];
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
// CHECK-LABEL: kernel reduce_racy
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): read-write, confirmed

// Hillis-Steele scan with double buffering.
__global__ void scan(const int *in, int *out) {
  FLAT_GRID;
  __shared__ int buf[2][256];
  unsigned t = threadIdx.x;
  int cur = 0;
  buf[0][t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned d = 1; d < 256; d <<= 1) {
    int nxt = 1 - cur;
    buf[nxt][t] = t >= d ? buf[cur][t] + buf[cur][t - d] : buf[cur][t];
    __syncthreads();
    cur = nxt;
  }
  out[blockIdx.x * 256 + t] = buf[cur][t];
}
// CHECK-LABEL: kernel scan
// CHECK: array in {{.*}} drf
// CHECK: array out {{.*}} drf
// CHECK: array buf {{.*}} drf

// In-place scan: reads of the neighbour race with its update.
__global__ void scan_racy(int *out) {
  FLAT_GRID;
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  for (unsigned d = 1; d < 256; d <<= 1) {
    if (t >= d)
      s[t] += s[t - d];
    __syncthreads();
  }
}
// CHECK-LABEL: kernel scan_racy
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): read-write, confirmed

// A 1-D stencil with a halo loaded by the first threads.
__global__ void stencil(const float *in, float *out, int n) {
  FLAT_GRID;
  __shared__ float s[256 + 2];
  int g = blockIdx.x * 256 + threadIdx.x;
  unsigned t = threadIdx.x + 1;
  s[t] = in[g + 1];
  if (threadIdx.x == 0) {
    s[0] = in[g];
    s[257] = in[g + 257];
  }
  __syncthreads();
  out[g] = s[t - 1] + s[t] + s[t + 1];
}
// CHECK-LABEL: kernel stencil
// CHECK: array out {{.*}} drf
// CHECK: array s {{.*}} drf

// The halo written by the wrong threads: thread 255 writes s[256] too.
__global__ void stencil_racy(const float *in, float *out) {
  FLAT_GRID;
  __shared__ float s[256 + 2];
  int g = blockIdx.x * 256 + threadIdx.x;
  unsigned t = threadIdx.x + 1;
  s[t] = in[g + 1];
  if (threadIdx.x >= 254)
    s[t + 1] = in[g + 2];
  __syncthreads();
  out[g] = s[t - 1] + s[t] + s[t + 1];
}
// CHECK-LABEL: kernel stencil_racy
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): write-write, confirmed

// A grid-stride loop: each element written by one thread of the grid (as
// long as i += blockDim.x * gridDim.x does not wrap past INT_MAX: see
// integers.cu).
__global__ void grid_stride(float *y, const float *x, float a, int n) {
  FLAT_GRID;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
// CHECK-LABEL: kernel grid_stride
// CHECK: array y {{.*}} drf
// CHECK: array x {{.*}} drf

// The stride of one block only: blocks overlap.
__global__ void grid_stride_racy(float *y, const float *x, int n) {
  FLAT_GRID;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    y[i] = 2 * x[i];
}
// CHECK-LABEL: kernel grid_stride_racy
// CHECK: array y {{.*}} race
// CHECK: race on y (global, grid scope): write-write, confirmed

// Each block writes its own cell.
__global__ void per_block(int *out) {
  FLAT_GRID;
  if (threadIdx.x == 0)
    out[blockIdx.x] = 1;
}
// CHECK-LABEL: kernel per_block
// CHECK: array out {{.*}} drf

// Every block writes cell 0.
__global__ void one_cell_racy(int *out) {
  FLAT_GRID;
  if (threadIdx.x == 0)
    out[0] = blockIdx.x;
}
// CHECK-LABEL: kernel one_cell_racy
// CHECK: array out {{.*}} race
// CHECK: race on out (global, grid scope): write-write, confirmed
// CHECK: witness: {{.*}}block1=({{.*}}) block2=

// A histogram with atomics in shared and global memory.
__global__ void histogram(const unsigned char *in, unsigned *bins, int n) {
  FLAT_GRID;
  __shared__ unsigned h[256];
  h[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n)
    atomicAdd(&h[in[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}
// CHECK-LABEL: kernel histogram
// CHECK: array in {{.*}} drf
// CHECK: array bins {{.*}} drf
// CHECK: array h {{.*}} drf

// Without atomics: the bins are read and written by several threads.
__global__ void histogram_racy(const unsigned char *in, unsigned *h) {
  FLAT_GRID;
  int i = blockIdx.x * 256 + threadIdx.x;
  h[in[i]] += 1;
}
// CHECK-LABEL: kernel histogram_racy
// CHECK: array h {{.*}} race
// CHECK: race on h (global, {{block|grid}} scope): {{.*}}, possible

// A block-scoped atomic on global memory races with other blocks'.
__global__ void atomic_block_racy(int *count) {
  FLAT_GRID;
  atomicAdd_block(count, 1);
}
// CHECK-LABEL: kernel atomic_block_racy
// CHECK: array count {{.*}} race
// CHECK: race on count (global, grid scope): write-write, confirmed

// An atomic and a plain read of the same cell race.
__global__ void atomic_read_racy(int *count, int *out) {
  FLAT_GRID;
  atomicAdd(count, 1);
  out[blockIdx.x * 256 + threadIdx.x] = *count;
}
// CHECK-LABEL: kernel atomic_read_racy
// CHECK: array count {{.*}} race
// CHECK: array out {{.*}} drf

// A shared scalar written by one thread, read by all after the barrier.
__global__ void broadcast(const int *in, int *out) {
  FLAT_GRID;
  __shared__ int v;
  if (threadIdx.x == 0)
    v = in[blockIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = v;
}
// CHECK-LABEL: kernel broadcast
// CHECK: array out {{.*}} drf
// CHECK: array v {{.*}} drf

// ... and without the barrier.
__global__ void broadcast_racy(const int *in, int *out) {
  FLAT_GRID;
  __shared__ int v;
  if (threadIdx.x == 0)
    v = in[blockIdx.x];
  out[blockIdx.x * 256 + threadIdx.x] = v;
}
// CHECK-LABEL: kernel broadcast_racy
// CHECK: array v {{.*}} race
// CHECK: race on v (shared, block scope): read-write, confirmed
// CHECK: witness: tid1=({{[0-9]+}},0,0) tid2=(0,0,0)

// A race only when the parameter is 0.
__global__ void param_zero_racy(int *out, int k) {
  FLAT_GRID;
  __shared__ int s[512];
  s[threadIdx.x * k] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}
// CHECK-LABEL: kernel param_zero_racy
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} k=0
// CHECK: exit status 1

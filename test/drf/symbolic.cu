// One-dimensional kernels proven for every launch: no --block-dim, no
// --grid-dim. blockIdx.x * blockDim.x + threadIdx.x with symbolic blockDim
// is decided through the product abstraction (README, races); the y and z
// dimensions these kernels never read are 1, an assumption the report
// lists.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s < %t.txt

__global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
// CHECK-LABEL: kernel saxpy
// CHECK: assumes: blockDim.y = blockDim.z = gridDim.y = gridDim.z = 1 (dimensions the kernel never reads)
// CHECK: array y {{.*}} drf
// CHECK: array x {{.*}} drf

// An offset every thread shares moves the whole grid's window.
__global__ void copy_offset(float *out, const float *in, int offset, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i + offset] = in[i];
}
// CHECK-LABEL: kernel copy_offset
// CHECK: array out {{.*}} drf
// CHECK: array in {{.*}} drf

// Each thread reads its element and writes its neighbour's: threads 0 and
// 1 of one block, and the last thread of a block with the first of the
// next.
__global__ void neighbours_racy(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    a[i + 1] = a[i];
}
// CHECK-LABEL: kernel neighbours_racy
// CHECK: array a {{.*}} race
// CHECK: race on a (global, block scope): read-write, confirmed
// CHECK: race on a (global, grid scope): read-write, confirmed

// A kernel that reads threadIdx.y is analysed for 2-D blocks: indexing by
// threadIdx.x alone, two rows of a block write one element.
__global__ void ignores_row(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.y;
}
// CHECK-LABEL: kernel ignores_row
// CHECK-NOT: assumes: blockDim.y
// CHECK: array a {{.*}} race
// CHECK: witness: tid1=({{[0-9]+}},{{[0-9]+}},0) tid2=({{[0-9]+}},{{[0-9]+}},0) {{.*}} blockDim=({{[0-9]+}},{{[2-9]|[1-9][0-9]+}},1)
// CHECK: exit status 1

// Multi-dimensional __shared__ arrays flatten to byte offsets, row-major:
// a 16 x 17 float tile is 68 bytes a row; a 4 x 8 x 8 int cube 256 bytes a
// plane. A __shared__ scalar is an array of one element.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}shared_2d.cu

// CHECK-LABEL: kernel transpose
// CHECK-NEXT: [[@LINE+8]]:38 read in offset 4 * (int)(16 * blockIdx.y * width + threadIdx.y * width + 16 * blockIdx.x + threadIdx.x) size 4
// CHECK-NEXT: [[@LINE+7]]:36 write tile offset 68 * threadIdx.y + 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+11]]:27 read tile offset 4 * threadIdx.y + 68 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+10]]:25 write out offset 4 * (int)(16 * blockIdx.x * height + threadIdx.y * height + 16 * blockIdx.y + threadIdx.x) size 4
__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  if (x < height && y < width)
    out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

// CHECK-LABEL: kernel cube
// CHECK-NEXT: [[@LINE+9]]:44 write c offset 256 * threadIdx.z + 32 * threadIdx.y + 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+10]]:11 write total offset 0 size 4
// CHECK-NEXT: [[@LINE+11]]:21 read c offset 256 * threadIdx.z + 4 * threadIdx.y + 32 * (threadIdx.x & 7) size 4
// CHECK-NEXT: [[@LINE+10]]:3 atomic add system total offset 0 size 4
// CHECK-NEXT: [[@LINE+11]]:21 read total offset 0 size 4
// CHECK-NEXT: [[@LINE+10]]:19 write out offset 4 * blockIdx.x size 4
__global__ void cube(int *out) {
  __shared__ int c[4][8][8];
  __shared__ int total;
  c[threadIdx.z][threadIdx.y][threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  atomicAdd(&total, c[threadIdx.z][threadIdx.x % 8][threadIdx.y]);
  __syncthreads();
  out[blockIdx.x] = total;
}

// Double buffering: the buffer index is threadIdx.y & 1 and 1 - that.
// CHECK-LABEL: kernel rows
// CHECK-NEXT: [[@LINE+6]]:39 read m offset 8 * (unsigned)(threadIdx.y * ld + threadIdx.x) size 8
// CHECK-NEXT: [[@LINE+5]]:37 write row offset 8 * threadIdx.x + 256 * (threadIdx.y & 1) size 8
// CHECK-NEXT: [[@LINE+6]]:39 read row offset 8 * threadIdx.x - 256 * (threadIdx.y & 1) + 256 size 8
// CHECK-NEXT: [[@LINE+5]]:37 write m offset 8 * (unsigned)(threadIdx.x * ld + threadIdx.y) size 8
__global__ void rows(double *m, int ld) {
  __shared__ double row[2][32];
  row[threadIdx.y & 1][threadIdx.x] = m[threadIdx.y * ld + threadIdx.x];
  __syncthreads();
  m[threadIdx.x * ld + threadIdx.y] = row[1 - (threadIdx.y & 1)][threadIdx.x];
}

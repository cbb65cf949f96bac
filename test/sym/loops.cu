// Loop variables are atoms carrying their phi (the loop stage gives them a
// range); a loop's value used after the loop is an unknown, not the loop
// variable, since the exit test failed on it.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}loops.cu

// CHECK-LABEL: kernel nested
// CHECK-NEXT: [[@LINE+6]]:20 write a offset 4 * i * m + 4 * j size 4
// CHECK-NEXT: i: loop variable at [[@LINE+3]]:21
// CHECK-NEXT: j: loop variable at [[@LINE+3]]:33
__global__ void nested(int *a, int n, int m) {
  for (int i = 0; i < n; i++)
    for (int j = threadIdx.x; j < m; j += blockDim.x)
      a[i * m + j] = 0;
}

// A reduction with a halving stride (indvars rewrites the loop variable).
// CHECK-LABEL: kernel reduce
// CHECK-NEXT: [[@LINE+10]]:20 read data offset 4 * (unsigned)(256 * blockIdx.x + threadIdx.x) size 4
// CHECK-NEXT: [[@LINE+9]]:18 write s offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+12]]:25 read s offset 4 * threadIdx.x + 4 * ((unsigned)loop1 >> 1) size 4
// CHECK-NEXT: [[@LINE+11]]:22 read s offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+10]]:22 write s offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+13]]:23 read s offset 0 size 4
// CHECK-NEXT: [[@LINE+12]]:21 write out offset 4 * blockIdx.x size 4
// CHECK-NEXT: loop1: loop variable at [[@LINE+5]]:0
__global__ void reduce(float *data, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = data[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// CHECK-LABEL: kernel after
// CHECK-NEXT: [[@LINE+6]]:19 read a offset 4 * i size 4
// CHECK-NEXT: [[@LINE+7]]:8 write a offset 4 * $join2 size 4
// CHECK-NEXT: i: loop variable at [[@LINE+4]]:12
// CHECK-NEXT: $join2: values joined from several paths at [[@LINE+5]]:3
__global__ void after(int *a, int n) {
  int i = 0;
  while (i < n && a[i] != 0)
    i++;
  a[i] = 1;
}

// CHECK-LABEL: kernel multiplicative
// CHECK-NEXT: [[@LINE+4]]:24 write a offset 4 * (unsigned)(threadIdx.x * k) size 4
// CHECK-NEXT: k: loop variable at [[@LINE+2]]:26
__global__ void multiplicative(int *a, unsigned n) {
  for (unsigned k = 1; k < n; k *= 2)
    a[k * threadIdx.x] = 0;
}

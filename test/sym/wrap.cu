// Wrap-around: 32-bit index arithmetic wraps unless nsw/nuw or the facts
// rule it out. int arithmetic is nsw in C (overflow is undefined), unsigned
// is not; a cast in the printed offset marks where wrap-around is possible.
// With the launch given (FACTS), threadIdx-only indices stay exact.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output -mapcost-block-dim=64 -mapcost-grid-dim=8 -mapcost-param=n=100 %t.O0.ll 2>&1 | FileCheck %s --check-prefix=FACTS

// CHECK: mapcost sym of {{.*}}wrap.cu

// CHECK-LABEL: kernel signedness
// CHECK-NEXT: [[@LINE+14]]:22 write a offset 4 * (unsigned)(threadIdx.x + n) size 4
// CHECK-NEXT: [[@LINE+14]]:27 write a offset 4 * (int)(threadIdx.x + n) size 4
// CHECK-NEXT: [[@LINE+14]]:22 write a offset 4 * (unsigned)(threadIdx.x + u) size 4
// CHECK-NEXT: [[@LINE+14]]:16 write a offset 16 * n + 4 size 4
// CHECK-NEXT: [[@LINE+14]]:28 write a offset 4 * (unsigned)(4 * n + 1) size 4
// CHECK-NEXT: [[@LINE+14]]:39 write a offset 4 * (unsigned)(8388608 * threadIdx.x) size 4
// FACTS-LABEL: kernel signedness
// FACTS-NEXT: [[@LINE+7]]:22 write a offset 4 * threadIdx.x + 4 * n size 4
// FACTS-NEXT: [[@LINE+7]]:27 write a offset 4 * threadIdx.x + 4 * n size 4
// FACTS-NEXT: [[@LINE+7]]:22 write a offset 4 * (unsigned)(threadIdx.x + u) size 4
// FACTS-NEXT: [[@LINE+7]]:16 write a offset 16 * n + 4 size 4
// FACTS-NEXT: [[@LINE+7]]:28 write a offset 16 * n + 4 size 4
// FACTS-NEXT: [[@LINE+7]]:39 write a offset 33554432 * threadIdx.x size 4
__global__ void signedness(int *a, int n, unsigned u) {
  a[threadIdx.x + n] = 1;
  a[(int)threadIdx.x + n] = 2;
  a[u + threadIdx.x] = 3;
  a[n * 4 + 1] = 4;
  a[(unsigned)n * 4u + 1u] = 5;
  a[threadIdx.x * 1024u * 1024u * 8u] = 6;
}

// CHECK-LABEL: kernel operations
// CHECK-NEXT: [[@LINE+28]]:23 write a offset 4 * (threadIdx.x >> 5) size 4
// CHECK-NEXT: [[@LINE+28]]:23 read a offset 4 * (threadIdx.x & 31) size 4
// CHECK-NEXT: [[@LINE+27]]:23 write a offset 4 * (threadIdx.x & 31) size 4
// CHECK-NEXT: [[@LINE+27]]:26 write a offset 4 * (unsigned)(threadIdx.x + n / 4) size 4
// CHECK-NEXT: [[@LINE+27]]:12 write a offset 4 * (n % 4) size 4
// CHECK-NEXT: [[@LINE+27]]:23 write a offset 4 * ((unsigned)n >> 3) size 4
// CHECK-NEXT: [[@LINE+27]]:13 write a offset 4 * (n >> 3) size 4
// CHECK-NEXT: [[@LINE+27]]:32 write a offset 4 * ((33 * threadIdx.x) & 1023) size 4
// CHECK-NEXT: [[@LINE+27]]:22 write a offset 4 * (threadIdx.x ^ 1) size 4
// CHECK-NEXT: [[@LINE+27]]:28 write a offset 4 * min(threadIdx.x, 31) size 4
// CHECK-NEXT: [[@LINE+27]]:35 write a offset 4 * max(threadIdx.x - n, 0) size 4
// CHECK-NEXT: [[@LINE+27]]:20 write a offset 4 * max(n, 3) size 4
// CHECK-NEXT: [[@LINE+27]]:25 write a offset 4092 - 4 * threadIdx.x size 4
// FACTS-LABEL: kernel operations
// FACTS-NEXT: [[@LINE+14]]:23 write a offset 4 * (threadIdx.x >> 5) size 4
// FACTS-NEXT: [[@LINE+14]]:23 read a offset 4 * (threadIdx.x & 31) size 4
// FACTS-NEXT: [[@LINE+13]]:23 write a offset 4 * (threadIdx.x & 31) size 4
// FACTS-NEXT: [[@LINE+13]]:26 write a offset 4 * threadIdx.x + 4 * (n / 4) size 4
// FACTS-NEXT: [[@LINE+13]]:12 write a offset 4 * (n % 4) size 4
// FACTS-NEXT: [[@LINE+13]]:23 write a offset 4 * (n >> 3) size 4
// FACTS-NEXT: [[@LINE+13]]:13 write a offset 4 * (n >> 3) size 4
// FACTS-NEXT: [[@LINE+13]]:32 write a offset 4 * ((33 * threadIdx.x) & 1023) size 4
// FACTS-NEXT: [[@LINE+13]]:22 write a offset 4 * (threadIdx.x ^ 1) size 4
// FACTS-NEXT: [[@LINE+13]]:28 write a offset 4 * min(threadIdx.x, 31) size 4
// FACTS-NEXT: [[@LINE+13]]:35 write a offset 4 * max(threadIdx.x - n, 0) size 4
// FACTS-NEXT: [[@LINE+13]]:20 write a offset 4 * n size 4
// FACTS-NEXT: [[@LINE+13]]:25 write a offset 4092 - 4 * threadIdx.x size 4
__global__ void operations(int *a, int n) {
  a[threadIdx.x / 32] = 1;
  a[threadIdx.x % 32] += 2;
  a[n / 4 + threadIdx.x] = 3;
  a[n % 4] = 4;
  a[(unsigned)n >> 3] = 5;
  a[n >> 3] = 6;
  a[(threadIdx.x * 33) & 1023] = 7;
  a[threadIdx.x ^ 1] = 8;
  a[min(threadIdx.x, 31u)] = 9;
  a[max((int)threadIdx.x - n, 0)] = 10;
  a[n > 3 ? n : 3] = 11;
  a[1023 - threadIdx.x] = 12;
}

// Pointers followed back to their array: local aliases, pointer arithmetic,
// selects of pointers into one array (the offset is a select), of pointers
// into different arrays (one access per array, under the condition that
// chooses it), pointers loaded from memory or made from integers, a pointer
// stepped around a loop, and the thread's own memory.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}pointers.cu

// CHECK-LABEL: kernel aliases
// CHECK-NEXT: [[@LINE+7]]:8 write a offset 4 * threadIdx.x + 4 size 4
// CHECK-NEXT: [[@LINE+8]]:18 write b offset 4 * threadIdx.x size 4 when c == 0
// CHECK-NEXT: [[@LINE+7]]:18 write a offset 4 * threadIdx.x size 4 when c != 0
// CHECK-NEXT: [[@LINE+8]]:18 write a offset 4 * threadIdx.x + 4 * (c == 0 ? n : 1) size 4
// CHECK-NEXT: [[@LINE+9]]:18 write a offset 4 * threadIdx.x + 4 * (unsigned)(64 * blockIdx.x) size 4
__global__ void aliases(float *a, float *b, int c, int n) {
  float *p = a + threadIdx.x;
  p[1] = 2.0f;
  float *q = c ? a : b;
  q[threadIdx.x] = 1.0f;
  float *r = a + (c ? 1 : n);
  r[threadIdx.x] = 3.0f;
  float *s = a + blockIdx.x * 64;
  s[threadIdx.x] = 4.0f;
}

// CHECK-LABEL: kernel indirect
// CHECK-NEXT: [[@LINE+6]]:14 read tables offset 8 * blockIdx.x size 8
// CHECK-NEXT: [[@LINE+6]]:18 write <unknown> offset 4 * threadIdx.x size 4 (pointer loaded from memory)
// CHECK-NEXT: [[@LINE+7]]:18 write <unknown> offset 4 * threadIdx.x size 4 (integer converted to a pointer)
// CHECK-NEXT: [[@LINE+10]]:8 write sh offset 0 size 4 when threadIdx.x < 32
// CHECK-NEXT: [[@LINE+9]]:8 write flags offset 4 * threadIdx.x size 4 when threadIdx.x >= 32
__global__ void indirect(float **tables, long addr, int *flags) {
  float *t = tables[blockIdx.x];
  t[threadIdx.x] = 0.0f;
  float *u = (float *)addr;
  u[threadIdx.x] = 1.0f;
  __shared__ int sh[64];
  int *g = flags + threadIdx.x;
  int *v = threadIdx.x < 32 ? sh : g;
  v[0] = 5;
}

// CHECK-LABEL: kernel stepped
// CHECK-NEXT: [[@LINE+5]]:20 write a offset 4 * threadIdx.x + s_offset size 4
// CHECK-NEXT: s_offset: pointer stepped by a loop at [[@LINE+3]]:21
__global__ void stepped(float *a, int n) {
  float *s = a;
  for (int i = 0; i < n; i++) {
    s[threadIdx.x] = 0.0f;
    s += blockDim.x;
  }
}

// CHECK-LABEL: kernel private_memory
// CHECK-NEXT: [[@LINE+7]]:14 write <local> offset 4 * i size 4
// CHECK-NEXT: [[@LINE+7]]:22 read <local> offset 4 * (threadIdx.x & 7) size 4
// CHECK-NEXT: [[@LINE+6]]:20 write out offset 4 * threadIdx.x size 4
// CHECK-NEXT: i: loop variable at [[@LINE+3]]:21
__global__ void private_memory(int *out, int k) {
  int local[8];
  for (int i = 0; i < 8; i++)
    local[i] = i * k;
  out[threadIdx.x] = local[threadIdx.x % 8];
}

// Generic pointers made from shared ones and back.
// CHECK-LABEL: kernel generic
// CHECK-NEXT: [[@LINE+6]]:18 write sh offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+7]]:22 read sh offset 4 * (threadIdx.x & 3) + 16 size 4
// CHECK-NEXT: [[@LINE+6]]:20 write out offset 4 * threadIdx.x size 4
__global__ void generic(int *out) {
  __shared__ int sh[32];
  int *p = sh;
  p[threadIdx.x] = 1;
  int *q = (int *)__builtin_assume_aligned(p + 4, 16);
  out[threadIdx.x] = q[threadIdx.x % 4];
}

// Pointers chosen between arrays: by an if-then-else (a phi), among three
// arrays (the same array twice is one access, its offset a select), with
// a pointer loaded from memory (unknown), and through a GEP after the
// choice.
// CHECK-LABEL: kernel choices
// CHECK-NEXT: [[@LINE+17]]:18 write a offset 4 * threadIdx.x + 4 size 4 when c > 3
// CHECK-NEXT: [[@LINE+16]]:18 write b offset 4 * threadIdx.x size 4 when c <= 3
// CHECK-NEXT: [[@LINE+17]]:8 write a offset 4 * c + ((c != 1) & (c != 2) & (c != 3) ? 8 : 0) size 4 when ((c != 1) & (c != 2) & (c != 3)) | (c == 1)
// CHECK-NEXT: [[@LINE+16]]:8 write b offset 4 * c size 4 when (c != 1) & (c == 2)
// CHECK-NEXT: [[@LINE+15]]:8 write sh offset 4 * c size 4 when (c != 1) & (c != 2) & (c == 3)
// CHECK-NEXT: [[@LINE+15]]:22 read tables offset 0 size 8
// CHECK-NEXT: [[@LINE+15]]:18 write <unknown> offset 4 * threadIdx.x size 4 (pointer loaded from memory)
// CHECK-NEXT: [[@LINE+16]]:10 read a offset 8 * threadIdx.x + 8 size 4 when c == 0
// CHECK-NEXT: [[@LINE+15]]:10 read b offset 8 * threadIdx.x + 8 size 4 when c != 0
// CHECK-NEXT: [[@LINE+14]]:8 write a offset 0 size 4
__global__ void choices(float *a, float *b, float **tables, int c) {
  __shared__ float sh[64];
  float *p;
  if (c > 3)
    p = a + 1;
  else
    p = b;
  p[threadIdx.x] = 2.0f;
  float *q = c == 1 ? a : c == 2 ? b : c == 3 ? sh : a + 2;
  q[c] = 3.0f;
  float *r = c ? a : tables[0];
  r[threadIdx.x] = 4.0f;
  float *s = (c ? b : a) + 2;
  a[0] = s[2 * threadIdx.x];
}

// Pointers swapped at the end of each iteration: whether the pair is
// swapped is a loop variable; after the loop, its value at the exit.
// CHECK-LABEL: kernel swap
// CHECK-NEXT: [[@LINE+11]]:24 read b offset 4 * threadIdx.x size 4 when dst_swapped
// CHECK-NEXT: [[@LINE+10]]:24 read a offset 4 * threadIdx.x size 4 when dst_swapped ^ 1
// CHECK-NEXT: [[@LINE+9]]:22 write a offset 4 * threadIdx.x size 4 when dst_swapped
// CHECK-NEXT: [[@LINE+8]]:22 write b offset 4 * threadIdx.x size 4 when dst_swapped ^ 1
// CHECK-NEXT: [[@LINE+12]]:25 write b offset 4 * threadIdx.x + 128 size 4 when $exit1
// CHECK-NEXT: [[@LINE+11]]:25 write a offset 4 * threadIdx.x + 128 size 4 when $exit1 ^ 1
// CHECK-NEXT: dst_swapped: pointers swapped by a loop at [[@LINE+4]]:21
// CHECK-NEXT: $exit1: value after its loop
__global__ void swap(float *a, float *b, int n) {
  float *src = a, *dst = b;
  for (int t = 0; t < n; t++) {
    dst[threadIdx.x] = src[threadIdx.x] * 0.5f;
    float *tmp = src;
    src = dst;
    dst = tmp;
  }
  src[threadIdx.x + 32] = 1.0f;
}

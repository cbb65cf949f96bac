// Fields of structs add their offsets; arrays of structs step by the
// struct's allocation size (20 bytes for P, 8 for the padded Q).
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}structs.cu

struct P { float x, y; int tag[3]; };
struct Q { char c; int i; };

// CHECK-LABEL: kernel fields
// CHECK-NEXT: [[@LINE+5]]:21 write ps offset 20 * threadIdx.x + 4 size 4
// CHECK-NEXT: [[@LINE+5]]:39 write ps offset 20 * blockIdx.x + 4 * (threadIdx.x % 3) + 8 size 4
// CHECK-NEXT: [[@LINE+5]]:21 write qs offset 8 * threadIdx.x + 4 size 4
// CHECK-NEXT: [[@LINE+5]]:21 write qs offset 8 * threadIdx.x size 1
__global__ void fields(P *ps, Q *qs, int n) {
  ps[threadIdx.x].y = 1.0f;
  ps[blockIdx.x].tag[threadIdx.x % 3] = n;
  qs[threadIdx.x].i = n;
  qs[threadIdx.x].c = 'a';
}

// CHECK-LABEL: kernel shared_structs
// CHECK-NEXT: [[@LINE+5]]:26 write sp offset 20 * threadIdx.x + 16 size 4
// CHECK-NEXT: [[@LINE+6]]:22 read sp offset 20 * ((threadIdx.x + 1) & 31) + 16 size 4
// CHECK-NEXT: [[@LINE+5]]:20 write out offset 4 * threadIdx.x size 4
__global__ void shared_structs(int *out) {
  __shared__ P sp[32];
  sp[threadIdx.x].tag[2] = 0;
  __syncthreads();
  out[threadIdx.x] = sp[(threadIdx.x + 1) % 32].tag[2];
}

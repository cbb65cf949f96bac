// memcpy, memmove and memset: a write of the destination and a read of the
// source, each as many bytes as the length (constant or not).
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}memops.cu

struct Row { float v[8]; };

// CHECK-LABEL: kernel copies
// CHECK-NEXT: [[@LINE+6]]:3 write dst offset 32 * threadIdx.x size 32 (memcpy)
// CHECK-NEXT: [[@LINE+5]]:3 read src offset 32 * threadIdx.x size 32 (memcpy)
// CHECK-NEXT: [[@LINE+5]]:3 write dst offset 4 size 4 * n (memmove)
// CHECK-NEXT: [[@LINE+4]]:3 read dst offset 0 size 4 * n (memmove)
// CHECK-NEXT: [[@LINE+4]]:3 write dst offset 64 * threadIdx.x size threadIdx.y (memset)
__global__ void copies(int *dst, const int *src, int n) {
  __builtin_memcpy(dst + 8 * threadIdx.x, src + 8 * threadIdx.x, 32);
  __builtin_memmove(dst + 1, dst, 4 * n);
  __builtin_memset(dst + threadIdx.x * 16, 0, threadIdx.y);
}

// CHECK-LABEL: kernel struct_copy
// CHECK-NEXT: [[@LINE+6]]:21 write rows offset 32 * threadIdx.x size 32 (memcpy)
// CHECK-NEXT: [[@LINE+5]]:21 read in offset 32 * blockIdx.x size 32 (memcpy)
// CHECK-NEXT: [[@LINE+6]]:20 write out offset 32 * threadIdx.x size 32 (memcpy)
// CHECK-NEXT: [[@LINE+5]]:20 read rows offset 32 * (unsigned)(31 - threadIdx.x) size 32 (memcpy)
__global__ void struct_copy(Row *out, const Row *in) {
  __shared__ Row rows[32];
  rows[threadIdx.x] = in[blockIdx.x];
  __syncthreads();
  out[threadIdx.x] = rows[31 - threadIdx.x];
}

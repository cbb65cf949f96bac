// Device functions are inlined into the kernel before the analysis: an
// access in a helper of this file is reported at the helper's line, one in
// a helper of a header (the prelude's atomicAdd) where this file calls it.
// A recursive function cannot be inlined: its call is not followed and its
// result is an unknown.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}device_functions.cu

__device__ void store_at(float *p, unsigned i, float v) { p[i] = v; }
__device__ float load_row(const float *m, int row, int ld) { return m[row * ld + threadIdx.x]; }

__device__ int depth(int k) { return k <= 0 ? 0 : 1 + depth(k - 1); }

// CHECK-LABEL: kernel helpers
// CHECK-NEXT: [[@LINE-5]]:69 read m offset 4 * (unsigned)(blockIdx.x * ld + threadIdx.x) size 4
// CHECK-NEXT: [[@LINE-7]]:64 write out offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+4]]:3 atomic add system sum offset 0 size 4
__global__ void helpers(float *out, const float *m, int ld) {
  store_at(out, threadIdx.x, load_row(m, blockIdx.x, ld));
  __shared__ int sum;
  atomicAdd(&sum, 1);
}

// CHECK-LABEL: kernel recursive
// CHECK-NEXT: [[@LINE+4]]:15 write a offset 4 * $call1 size 4
// CHECK-NEXT: $call1: call to depth at [[@LINE+3]]:5
// CHECK-NEXT: not followed at [[@LINE+2]]:5: call to depth not inlined
__global__ void recursive(int *a, int k) {
  a[depth(k)] = 1;
}

// What the translation does not follow becomes an unknown with its reason:
// values loaded from memory (data-dependent indices), the results of calls
// that were not inlined, of inline assembly, of other special registers,
// of atomics; a call that was not inlined is also listed as not followed.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}unknowns.cu

__device__ int opaque(int);

// CHECK-LABEL: kernel gather
// CHECK-NEXT: [[@LINE+8]]:11 read idx offset 4 * (unsigned)(blockIdx.x * blockDim.x + threadIdx.x) size 4
// CHECK-NEXT: [[@LINE+8]]:22 read in offset 4 * $load1 size 4
// CHECK-NEXT: [[@LINE+7]]:20 write out offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+7]]:7 read idx offset 4 * $load1 size 4
// CHECK-NEXT: [[@LINE+6]]:15 write out offset 4 * $load2 size 4
// CHECK-NEXT: $load1: load of idx at [[@LINE+3]]:11
// CHECK-NEXT: $load2: load of idx at [[@LINE+4]]:7
__global__ void gather(float *out, const float *in, const int *idx) {
  int k = idx[blockIdx.x * blockDim.x + threadIdx.x];
  out[threadIdx.x] = in[k];
  out[idx[k]] = 0.0f;
}

// CHECK-LABEL: kernel opaque_values
// CHECK-NEXT: [[@LINE+14]]:26 write a offset 4 * $call1 size 4
// CHECK-NEXT: [[@LINE+16]]:11 write a offset 4 * $asm2 size 4
// CHECK-NEXT: [[@LINE+16]]:35 write a offset 4 * $register3 size 4
// CHECK-NEXT: [[@LINE+16]]:14 atomic add system counter offset 0 size 4
// CHECK-NEXT: [[@LINE+16]]:11 write a offset 4 * $atomic4 size 4
// CHECK-NEXT: [[@LINE+16]]:13 read a offset 0 size 4
// CHECK-NEXT: [[@LINE+16]]:13 write a offset 4 * $float5 size 4
// CHECK-NEXT: $call1: call to opaque at [[@LINE+7]]:5
// CHECK-NEXT: $asm2: inline assembly at [[@LINE+8]]:3
// CHECK-NEXT: $register3: special register %clock at [[@LINE+9]]:5
// CHECK-NEXT: $atomic4: atomic on counter at [[@LINE+9]]:14
// CHECK-NEXT: $float5: converted from floating point at [[@LINE+11]]:10
// CHECK-NEXT: not followed at [[@LINE+2]]:5: call to opaque not inlined
__global__ void opaque_values(int *a, int *counter) {
  a[opaque(threadIdx.x)] = 1;
  int lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[lane] = 2;
  a[__nvvm_read_ptx_sreg_clock()] = 3;
  int slot = atomicAdd(counter, 1);
  a[slot] = 4;
  float f = a[0] * 0.5f;
  a[(int)f] = 5;
}

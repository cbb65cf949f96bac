// The builtin atoms: threadIdx, blockIdx, blockDim, gridDim in x, y, z,
// warpSize, the lane and warp ids (the special registers %laneid and
// %warpid).
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}builtins.cu

// CHECK-LABEL: kernel all_ids
// CHECK-NEXT: [[@LINE+9]]:57 write a offset 400 * threadIdx.z + 40 * threadIdx.y + 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+9]]:79 write a offset 4 * (unsigned)(blockIdx.z * gridDim.y * gridDim.x + blockIdx.y * gridDim.x + blockIdx.x) size 4
// CHECK-NEXT: [[@LINE+9]]:43 write a offset 4 * blockDim.z + 4 * blockDim.y + 4 * blockDim.x size 4
// CHECK-NEXT: [[@LINE+9]]:16 write a offset 4 * gridDim.z size 4
// CHECK-NEXT: [[@LINE+9]]:19 write a offset 256 size 4
// CHECK-NEXT: [[@LINE+9]]:36 write a offset 4 * laneid size 4
// CHECK-NEXT: [[@LINE+9]]:36 write a offset 4 * warpid size 4
// CHECK-NEXT: [[@LINE+9]]:29 write a offset 4 * (threadIdx.x >> 5) size 4
__global__ void all_ids(int *a) {
  a[threadIdx.z * 100 + threadIdx.y * 10 + threadIdx.x] = 0;
  a[blockIdx.z * gridDim.y * gridDim.x + blockIdx.y * gridDim.x + blockIdx.x] = 1;
  a[blockDim.x + blockDim.y + blockDim.z] = 2;
  a[gridDim.z] = 3;
  a[warpSize * 2] = 4;
  a[__nvvm_read_ptx_sreg_laneid()] = 5;
  a[__nvvm_read_ptx_sreg_warpid()] = 6;
  a[threadIdx.x / warpSize] = 7;
}

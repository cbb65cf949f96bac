// Vector loads and stores touch the whole vector: a float4 is 16 bytes at a
// 16-byte step.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}vectors.cu

typedef float f4 __attribute__((ext_vector_type(4)));
typedef int i2 __attribute__((ext_vector_type(2)));

// CHECK-LABEL: kernel vec4
// CHECK-NEXT: [[@LINE+6]]:23 read in offset 16 * (unsigned)(64 * blockIdx.x + threadIdx.x) size 16 (<4 x float>)
// CHECK-NEXT: [[@LINE+5]]:21 write tile offset 16 * threadIdx.x size 16 (<4 x float>)
// CHECK-NEXT: [[@LINE+6]]:22 read tile offset 16 * (unsigned)(63 - threadIdx.x) size 16 (<4 x float>)
// CHECK-NEXT: [[@LINE+5]]:20 write out offset 16 * threadIdx.x size 16 (<4 x float>)
__global__ void vec4(f4 *out, const f4 *in) {
  __shared__ f4 tile[64];
  tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x] * 2.0f;
}

// CHECK-LABEL: kernel vec2
// CHECK-NEXT: [[@LINE+3]]:10 read a offset 8 * threadIdx.x size 8 (<2 x i32>)
// CHECK-NEXT: [[@LINE+3]]:37 write a offset 8 * threadIdx.x + 256 size 8 (<2 x i32>)
__global__ void vec2(int *a) {
  i2 v = *(i2 *)(a + 2 * threadIdx.x);
  *(i2 *)(a + 2 * threadIdx.x + 64) = v;
}

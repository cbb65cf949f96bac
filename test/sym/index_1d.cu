// One-dimensional indices: the global thread id, a guarded access, a
// grid-stride loop. Under CUDA's limits blockIdx.x * blockDim.x + threadIdx.x
// can wrap in 32 bits, so an int index shows its cast; with block and grid
// dimensions given (FACTS) it cannot, and the casts go.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output -mapcost-block-dim=256 -mapcost-grid-dim=120 %t.O0.ll 2>&1 | FileCheck %s --check-prefix=FACTS

// CHECK: mapcost sym of {{.*}}index_1d.cu
// CHECK-LABEL: kernel saxpy
// FACTS-LABEL: kernel saxpy
__global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    // CHECK-NEXT: [[@LINE+5]]:16 read x offset 4 * (int)(blockIdx.x * blockDim.x + threadIdx.x) size 4
    // CHECK-NEXT: [[@LINE+4]]:23 read y offset 4 * (int)(blockIdx.x * blockDim.x + threadIdx.x) size 4
    // CHECK-NEXT: [[@LINE+3]]:10 write y offset 4 * (int)(blockIdx.x * blockDim.x + threadIdx.x) size 4
    // FACTS-NEXT: [[@LINE+2]]:16 read x offset 4 * blockIdx.x * blockDim.x + 4 * threadIdx.x size 4
    // FACTS-NEXT: [[@LINE+1]]:23 read y offset 4 * blockIdx.x * blockDim.x + 4 * threadIdx.x size 4
    y[i] = a * x[i] + y[i];
}

// An unsigned index: its zero extension is exact only when it cannot wrap.
// CHECK-LABEL: kernel copy_unsigned
// FACTS-LABEL: kernel copy_unsigned
__global__ void copy_unsigned(float *out, const float *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: [[@LINE+4]]:12 read in offset 4 * (unsigned)(blockIdx.x * blockDim.x + threadIdx.x) size 4
  // CHECK-NEXT: [[@LINE+3]]:10 write out offset 4 * (unsigned)(blockIdx.x * blockDim.x + threadIdx.x) size 4
  // FACTS-NEXT: [[@LINE+2]]:12 read in offset 4 * blockIdx.x * blockDim.x + 4 * threadIdx.x size 4
  // FACTS-NEXT: [[@LINE+1]]:10 write out offset 4 * blockIdx.x * blockDim.x + 4 * threadIdx.x size 4
  out[i] = in[i];
}

// A grid-stride loop over a 64-bit index: the loop variable is the index.
// CHECK-LABEL: kernel grid_stride
__global__ void grid_stride(int *out, long n) {
  // CHECK-NEXT: [[@LINE+3]]:12 write out offset 4 * i size 4
  // CHECK-NEXT: i: loop variable at [[@LINE+1]]:58
  for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = 0;
}

// 2-D and 3-D ids: the linear thread id and a row-major 2-D index.
// CHECK-LABEL: kernel ids_2d
__global__ void ids_2d(int *out, int width) {
  unsigned tid = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  // The linear thread id is below 2^26: no wrap-around, the casts go.
  // CHECK-NEXT: [[@LINE+1]]:12 write out offset 4 * blockDim.y * blockDim.x * threadIdx.z + 4 * blockDim.x * threadIdx.y + 4 * threadIdx.x size 4
  out[tid] = 0;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: [[@LINE+1]]:26 write out offset 4 * (int)(blockIdx.y * blockDim.y * width + blockIdx.x * blockDim.x + threadIdx.y * width + threadIdx.x) size 4
  out[row * width + col] = 1;
}

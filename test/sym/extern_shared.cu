// All extern __shared__ arrays are one dynamic buffer starting at one
// address: offsets into ibuf and fbuf are from that same address, and a
// char buffer carved into typed arrays keeps byte offsets from its start.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt
// A race on fbuf is observed by the witness's replay in the one buffer,
// which the interpreter names ibuf (test/drf/replay.cu):
// RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output -mapcost-only-intra-group \
// RUN:   -pass-remarks-missed=mapcost %t.O2.ll 2>&1 | FileCheck --check-prefix=REPLAY %s
// REPLAY-NOT: possible data race {{.*}}'two_buffers'
// REPLAY: remark: {{.*}}: data race on shared array 'fbuf' in kernel 'two_buffers'
// REPLAY-NOT: possible data race {{.*}}'two_buffers'

// CHECK: mapcost sym of {{.*}}extern_shared.cu

// CHECK-LABEL: kernel two_buffers
// CHECK-NEXT: [[@LINE+8]]:23 read data offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+7]]:21 write ibuf offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+7]]:25 write fbuf offset 4 * (unsigned)(threadIdx.x + n) size 4
// CHECK-NEXT: [[@LINE+7]]:28 read fbuf offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+6]]:21 write data offset 4 * threadIdx.x size 4
__global__ void two_buffers(int *data, int n) {
  extern __shared__ int ibuf[];
  extern __shared__ float fbuf[];
  ibuf[threadIdx.x] = data[threadIdx.x];
  fbuf[threadIdx.x + n] = (float)ibuf[threadIdx.x];
  data[threadIdx.x] = (int)fbuf[threadIdx.x];
}

// CHECK-LABEL: kernel carve
// CHECK-NEXT: [[@LINE+8]]:18 write smem offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+8]]:18 write smem offset 4 * threadIdx.x + 4 * n size 4
// CHECK-NEXT: [[@LINE+8]]:22 read smem offset 4 * threadIdx.x + 4 size 4
// CHECK-NEXT: [[@LINE+7]]:20 write out offset 4 * threadIdx.x size 4
__global__ void carve(float *out, int n) {
  extern __shared__ char smem[];
  float *a = (float *)smem;
  int *b = (int *)&smem[n * sizeof(float)];
  a[threadIdx.x] = 1.0f;
  b[threadIdx.x] = 2;
  out[threadIdx.x] = a[threadIdx.x + 1] + b[threadIdx.x];
}

// GPUVerify's access predicates and return-value references, one kernel per
// macro: they compile, and each is ignored with an AnnotationIgnored remark
// (its value is unknown). The condition they sit in is kept as it is.
// (Columns: clang 19 puts a call made inside a macro argument at the
// macro's own column.)
// RUN: %cuda_device -include %runtime/gpuverify.h -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -include %runtime/gpuverify.h -O2 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -I %runtime -include %runtime/gpuverify.h -c -o %t.o %s %}
// RUN: %cuda_device -include %runtime/gpuverify.h -O2 -S -o /dev/null %load_plugin -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: FileCheck --check-prefix=YAML %s < %t.yaml

__global__ void read(int *A, int *B) {
  __assert(!__read(B));
  A[threadIdx.x] = 0;
}
// CHECK: ignored.cu:13:{{[0-9]+}}: remark: kernel 'read': __read is ignored: GPUVerify's construct is not supported; its value is unknown

__global__ void write(int *A) {
  A[threadIdx.x] = 1;
  __assert(__write(A));
}
// CHECK: ignored.cu:20:{{[0-9]+}}: remark: kernel 'write': __write is ignored

__global__ void no_read(int *A) {
  __assert(__no_read(A));
  A[threadIdx.x] = 1;
}
// CHECK: ignored.cu:25:{{[0-9]+}}: remark: kernel 'no_read': __no_read is ignored

__global__ void no_write(const int *A, int *B) {
  B[threadIdx.x] = A[threadIdx.x];
  __assert(__no_write(A));
}
// CHECK: ignored.cu:32:{{[0-9]+}}: remark: kernel 'no_write': __no_write is ignored

__global__ void read_implies(int *A) {
  int x = A[threadIdx.x + 1];
  __syncthreads();
  A[threadIdx.x] = x;
  __assert(__read_implies(A, __read_offset_bytes(A) == (threadIdx.x + 1) * sizeof(int)));
}
// CHECK: ignored.cu:40:{{[0-9]+}}: remark: kernel 'read_implies': __read_implies is ignored

__global__ void write_implies(int *A) {
  A[threadIdx.x] = 0;
  __assert(__write_implies(A, __write_offset_bytes(A) == threadIdx.x * sizeof(int)));
}
// CHECK: ignored.cu:46:{{[0-9]+}}: remark: kernel 'write_implies': __write_implies is ignored

__global__ void read_offset_bytes(int *A) {
  int x = A[2 * threadIdx.x];
  __assert(__implies(__read(A), __read_offset_bytes(A) % (2 * sizeof(int)) == 0));
  A[2 * threadIdx.x + 1] = x;
}
// CHECK: ignored.cu:52:{{[0-9]+}}: remark: kernel 'read_offset_bytes': __read is ignored
// CHECK: ignored.cu:52:{{[0-9]+}}: remark: kernel 'read_offset_bytes': __read_offset_bytes is ignored

__global__ void write_offset_bytes(int *A) {
  A[threadIdx.x] = 0;
  __assert(__write_offset_bytes(A) >= 0);
}
// CHECK: ignored.cu:60:{{[0-9]+}}: remark: kernel 'write_offset_bytes': __write_offset_bytes is ignored

__global__ void ptr_offset_bytes(int *A) {
  int *p = A + blockIdx.x * blockDim.x;
  __requires(__ptr_offset_bytes(A) == 0);
  p[threadIdx.x] = 0;
}
// CHECK: ignored.cu:66:{{[0-9]+}}: remark: kernel 'ptr_offset_bytes': __ptr_offset_bytes is ignored

__global__ void requires_fresh_array(int *A) {
  __requires_fresh_array(A);
  A[threadIdx.x] = 0;
}
// CHECK: ignored.cu:72:{{[0-9]+}}: remark: kernel 'requires_fresh_array': __requires_fresh_array is ignored

__device__ int *pick(int *A, int i) {
  __ensures(__return_val_ptr() == A + i);
  return A + i;
}
__global__ void return_val_ptr(int *A) { *pick(A, threadIdx.x) = 0; }
// CHECK: ignored.cu:78:{{[0-9]+}}: remark: kernel 'return_val_ptr': __return_val_ptr is ignored

__device__ int twice(int x) {
  __ensures(__return_val_int() == 2 * x);
  return 2 * x;
}
__global__ void return_val_int(int *A) { A[threadIdx.x] = twice(threadIdx.x); }
// CHECK: ignored.cu:85:{{[0-9]+}}: remark: kernel 'return_val_int': __return_val_int is ignored

// YAML:      Name: AnnotationIgnored
// YAML-NEXT: DebugLoc: { File: '{{.*}}ignored.cu', Line: 13, Column: {{[0-9]+}} }
// YAML:      - Annotation: __read
// YAML:      - Reason: 'GPUVerify''s construct is not supported; its value is unknown'

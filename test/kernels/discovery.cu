// Kernel discovery on CUDA source: several kernels, a template instance,
// 2-D and extern shared arrays, __device__/__constant__ globals, launch
// bounds, device functions that are not kernels.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %cuda_device -O2 -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.O2.ll 2>&1 | FileCheck %s --check-prefix=NODEBUG

__device__ int counter;
__constant__ float coeffs[8];

__device__ float twice(float x) { return 2.0f * x; }

// CHECK: mapcost kernels of {{.*}}discovery.cu (sm_80, debug info)
// CHECK-NOT: kernel twice
// CHECK: kernel transpose mangled _Z9transposePfPKfii at {{.*}}discovery.cu:[[@LINE+9]]
// CHECK-NEXT: param 0 out: float *
// CHECK-NEXT: param 1 in: const float *
// CHECK-NEXT: param 2 width: int
// CHECK-NEXT: param 3 height: int
// CHECK-NEXT: array out: global float* (param 0)
// CHECK-NEXT: array in: global const float* (param 1)
// CHECK-NEXT: array tile: shared float[16][17] 1088 bytes
// CHECK-NOT: launch bounds
__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  if (x < height && y < width)
    out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

// Two extern __shared__ arrays: one dynamic buffer, both listed.
// CHECK: kernel two_buffers mangled _Z11two_buffersPii
// CHECK-NEXT: param 0 data: int *
// CHECK-NEXT: param 1 n: int
// CHECK-NEXT: array data: global int* (param 0)
// CHECK-DAG: array ibuf: shared i32[] (extern, dynamic)
// CHECK-DAG: array fbuf: shared float[] (extern, dynamic)
// CHECK: launch bounds: maxntid 128,1,1
__global__ void __launch_bounds__(128) two_buffers(int *data, int n) {
  extern __shared__ int ibuf[];
  extern __shared__ float fbuf[];
  ibuf[threadIdx.x] = data[threadIdx.x];
  fbuf[threadIdx.x + n] = twice((float)ibuf[threadIdx.x]);
  data[threadIdx.x] = (int)fbuf[threadIdx.x];
}

// Globals reached through a device function, a shared scalar, launch
// bounds with a minimum block count.
// CHECK: kernel scale<float> mangled _Z5scaleIfEvPT_S0_
// CHECK-NEXT: param 0 a: float *
// CHECK-NEXT: param 1 s: float
// CHECK-NEXT: array a: global float* (param 0)
// CHECK-DAG: array total: shared float 4 bytes
// CHECK-DAG: array coeffs: constant float[8] 32 bytes
// CHECK-DAG: array counter: global int 4 bytes
// CHECK: launch bounds: maxntid 256,1,1 minctasm 2
__device__ void bump() { atomicAdd(&counter, 1); }
template <typename T> __global__ void __launch_bounds__(256, 2) scale(T *a, T s) {
  __shared__ T total;
  if (threadIdx.x == 0)
    total = coeffs[blockIdx.x % 8];
  __syncthreads();
  a[threadIdx.x] *= s * total;
  bump();
}
template __global__ void scale<float>(float *, float);

// NODEBUG: mapcost kernels of {{.*}}discovery.cu (sm_80, no debug info)
// NODEBUG: kernel transpose mangled _Z9transposePfPKfii{{$}}
// NODEBUG-NEXT: param 0 arg0: float *
// NODEBUG-NEXT: param 1 arg1: const float *
// NODEBUG: array tile: shared float[16][17] 1088 bytes
// NODEBUG: kernel two_buffers
// NODEBUG-DAG: array ibuf: shared i32[] (extern, dynamic)
// NODEBUG-DAG: array fbuf: shared float[] (extern, dynamic)
// NODEBUG: kernel scale<float>
// NODEBUG-DAG: array total: shared float 4 bytes
// NODEBUG-DAG: array counter: global i32 4 bytes

// The prelude's built-in variables, warpSize, dim3/uint3 and launch bounds:
// the same KernelSummary with the prelude and with the SDK.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}

__global__ void __launch_bounds__(256) index3d(float *out, int pitch) {
  dim3 b = blockDim;
  uint3 t = threadIdx;
  unsigned x = blockIdx.x * b.x + t.x, y = blockIdx.y * b.y + t.y;
  unsigned lane = (t.x + t.y * b.x) % warpSize;
  out[y * pitch + x] = lane + gridDim.x * gridDim.y * gridDim.z + blockIdx.z + threadIdx.z;
}
// CHECK: builtin_vars.cu:{{[0-9]+}}:1: remark: kernel 'index3d' uses 1 array: out (global float*); block size any, at most 256 threads (__launch_bounds__), grid size any; launch bounds maxntid 256

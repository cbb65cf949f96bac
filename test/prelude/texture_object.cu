// Texture objects: each fetch is an opaque value (the prelude's inline asm,
// the SDK's texture intrinsics), not an access to any array.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}

__global__ void sample(cudaTextureObject_t tex1d, cudaTextureObject_t tex2d, float *out,
                       int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  float a = tex1Dfetch<float>(tex1d, x);
  float4 b = tex2D<float4>(tex2d, x + 0.5f, y + 0.5f);
  float c = tex1D<float>(tex1d, x * 0.25f);
  out[y * width + x] = a + b.x + b.w + c;
}
// CHECK: texture_object.cu:{{[0-9]+}}:1: remark: kernel 'sample' uses 1 array: out (global float*); block size any, at most 1024 threads, grid size any

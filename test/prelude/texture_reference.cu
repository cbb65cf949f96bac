// Legacy texture references (texture<T, dim, mode>, gone from CUDA 12's
// headers): with the prelude they compile, and a fetch is an opaque value.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> texIn;
texture<uchar4, 2, cudaReadModeNormalizedFloat> texImage;

__global__ void blur(float *out, float4 *rgba, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  out[y * width + x] = tex1Dfetch(texIn, x - 1) + tex1Dfetch(texIn, x) + tex1D(texIn, x + 1.0f);
  rgba[y * width + x] = tex2D(texImage, x + 0.5f, y + 0.5f);
}
// CHECK: texture_reference.cu:{{[0-9]+}}:1: remark: kernel 'blur' uses 2 arrays: out (global float*), rgba (global float4*); block size any, at most 1024 threads, grid size any

// Host code binds the textures as it did with CUDA 11.
void bind(const float *d_in, size_t n) {
  texIn.filterMode = cudaFilterModePoint;
  cudaBindTexture(0, texIn, d_in, n * sizeof(float));
}

// No load: every fetch is an opaque value of its own.
// IR-LABEL: define {{.*}} @_Z4blurPfP6float4i(
// IR-NOT: load
// IR: asm sideeffect "mov.u32 $0, %clock;
// IR-NOT: load
// IR: ret void

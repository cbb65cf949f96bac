// Annotated kernels build and run unchanged without the plugin, and the
// plugin changes nothing in what is built: no annotation call is left in
// the PTX (they are empty always-inline functions), with clang 19 and 22,
// the prelude or the SDK, and nvcc.
//
// The prelude, device only, to PTX and to a cubin (clang 19 cannot link
// against CUDA 13), with and without the plugin:
// RUN: %cuda_device -I %runtime -O0 -S -o - %s | FileCheck --check-prefix=PTX %s
// RUN: %cuda_device -I %runtime -O2 -S -o %t.ptx %s
// RUN: %cuda_device -I %runtime -O2 -S -o %t.plugin.ptx %load_plugin %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: diff %t.ptx %t.plugin.ptx
// RUN: %if nvcc %{ %cuda_device -I %runtime -O2 -c -o %t.cubin %s %}
// RUN: %if nvcc %{ %cuda_device -I %runtime -O2 -c -o %t.plugin.cubin %load_plugin %s %}
//
// The SDK, a whole program (clang 22), with and without the plugin:
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -O2 -S -o - %s | FileCheck --check-prefix=PTX %s %}
// RUN: %if cuda-sdk %{ %clang -x cuda --cuda-gpu-arch=sm_80 %cuda_sdk -I %runtime -O2 -o %t.exe %s -L%cuda_path/lib64 -lcudart %}
// RUN: %if cuda-sdk %{ %clang -x cuda --cuda-gpu-arch=sm_80 %cuda_sdk -I %runtime -O2 -o %t.plugin.exe %load_plugin %s -L%cuda_path/lib64 -lcudart %}
//
// nvcc:
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -I %runtime -ptx -o - %s | FileCheck --check-prefix=PTX %s %}
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -I %runtime -o %t.nvcc.exe %s %}
//
// Where there is a GPU, they run:
// RUN: %if cuda-gpu %{ %t.exe | FileCheck --check-prefix=RUN %s %}
// RUN: %if cuda-gpu %{ %t.plugin.exe | FileCheck --check-prefix=RUN %s %}
// RUN: %if cuda-gpu %{ %t.nvcc.exe | FileCheck --check-prefix=RUN %s %}
#include <mapcost.h>
#include <stdio.h>

__device__ int clampi(int v, int hi) {
  __mapcost_requires(hi > 0);
  return v < hi ? v : hi - 1;
}

__global__ void stencil(const float *in, float *out, int n) {
  __shared__ float tile[258];
  __mapcost_requires(blockDim.x == 256 && n % 256 == 0);
  __mapcost_uniform(n);
  __mapcost_requires(__mapcost_distinct(threadIdx.x));
  __mapcost_suppress(tile, "halo cells are written twice with the same value");
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __mapcost_assume(i < n);
  tile[threadIdx.x + 1] = in[i];
  if (threadIdx.x == 0) {
    tile[0] = in[clampi(i - 1 < 0 ? 0 : i - 1, n)];
    tile[257] = in[clampi(i + 256, n)];
  }
  __syncthreads();
  out[i] = (tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2]) / 3.0f;
  __mapcost_assert(out[i] >= 0.0f);
}

// In place: x and y may be one array.
__global__ void axpy(const float *x, float *y, float a, int n) {
  __mapcost_alias(x, y);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

// No function of mapcost.h is left, so nothing calls one.
// PTX-NOT: mapcost
// PTX: .entry _Z7stencilPKfPfi(
// PTX-NOT: mapcost
// PTX: .entry _Z4axpyPKfPffi(
// PTX-NOT: mapcost

int main() {
  const int n = 1024;
  float h[n], *in, *out;
  for (int i = 0; i < n; i++)
    h[i] = 3.0f;
  cudaMalloc((void **)&in, n * sizeof(float));
  cudaMalloc((void **)&out, n * sizeof(float));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  stencil<<<n / 256, 256>>>(in, out, n);
  axpy<<<n / 256, 256>>>(out, out, 1.0f, n);
  cudaMemcpy(h, out, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += h[i] != 6.0f;
  printf("%s: %d wrong\n", cudaGetLastError() == cudaSuccess && !bad ? "ok" : "FAILED", bad);
  return 0;
}
// RUN-LABEL: ok: 0 wrong

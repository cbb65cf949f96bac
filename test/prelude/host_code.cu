// A whole .cu file, host code included: the device compile parses the host
// side too (allocation, copies, launches, events, streams), so the prelude
// declares the runtime API, and <cuda_runtime.h> resolves to it.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s\n", cudaGetErrorString(err));                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__constant__ float scale;
__device__ int calls;

template <typename T> __global__ void saxpy(int n, T a, const T *x, T *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * scale * x[i] + y[i];
  if (i == 0)
    atomicAdd(&calls, 1);
}
// CHECK: host_code.cu:{{[0-9]+}}:1: remark: kernel 'saxpy<float>' uses 4 arrays: x (global const float*), y (global float*), scale (constant float), calls (global int); block size any, at most 1024 threads, grid size any

int main() {
  const int n = 1 << 20;
  float *x, *y, *hx = (float *)malloc(n * sizeof(float));
  CHECK_CUDA(cudaMalloc(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc((void **)&y, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice));
  float s = 2.0f;
  CHECK_CUDA(cudaMemcpyToSymbol(scale, &s, sizeof s));
  cudaStream_t stream;
  cudaEvent_t start, stop;
  cudaStreamCreate(&stream);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  dim3 block(256), grid((n + block.x - 1) / block.x);
  saxpy<<<grid, block, 0, stream>>>(n, 2.0f, x, y);
  CHECK_CUDA(cudaGetLastError());
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms;
  cudaEventElapsedTime(&ms, start, stop);
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaFree(x);
  cudaFree(y);
  free(hx);
  printf("%f ms\n", ms);
  return 0;
}

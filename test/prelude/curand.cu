// The cuRAND device API. With the prelude every generator call is an
// opaque value that reads and writes its state; the SDK's curand_init also
// reads its skip-ahead table, precalc_xorwow_matrix, one more array.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefixes=CHECK,PRELUDE %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefixes=CHECK,SDK %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}
#include <curand_kernel.h>

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}
// CHECK: curand.cu:{{[0-9]+}}:1: remark: kernel 'setup' uses {{1 array|2 arrays}}: states (global curandState*)
// PRELUDE-SAME: ; block size any, at most 1024 threads, grid size any
// SDK-SAME: , precalc_xorwow_matrix (global unsigned int[32][800]); block size any, at most 1024 threads, grid size any

__global__ void draw(curandState *states, float *uniform, float *normal, unsigned *bits) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = states[id];
  uniform[id] = curand_uniform(&s);
  normal[id] = curand_normal(&s) + (float)curand_normal_double(&s);
  bits[id] = curand(&s) ^ curand_poisson(&s, 4.0);
  states[id] = s;
}
// CHECK: curand.cu:{{[0-9]+}}:1: remark: kernel 'draw' uses 4 arrays: states (global curandState*), uniform (global float*), normal (global float*), bits (global unsigned int*); block size any, at most 1024 threads, grid size any

__global__ void philox(curandStatePhilox4_32_10_t *states, float4 *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand_uniform4(&states[id]);
}
// CHECK: curand.cu:{{[0-9]+}}:1: remark: kernel 'philox' uses 2 arrays: states (global curandStatePhilox4_32_10_t*), out (global float4*); block size any, at most 1024 threads, grid size any

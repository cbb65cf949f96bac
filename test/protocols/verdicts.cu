// What the race stage makes of protocol constructs (end to end, through
// scripts/mapcost): pointers chosen between arrays (by a select, or
// swapped around a loop) give one access per array under its condition,
// and preconditions that clang made branches hold whole, so the verdicts
// are real.
//
// RUN: not %mapcost --format=text --only-intra-group %s > %t.txt
// RUN: FileCheck %s < %t.txt

#include <mapcost.h>

// Ping-pong between two global arrays chosen by a uniform parameter.
__global__ void pingpong(float *a, float *b, int iter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *src = (iter & 1) ? a : b;
  float *dst = (iter & 1) ? b : a;
  dst[i] = src[i] + 1.0f;
}
// CHECK-LABEL: kernel pingpong
// CHECK: array a global float* drf
// CHECK-NEXT: array b global float* drf

// A choice that depends on the thread: half a block writes each array.
__global__ void halves(float *a, float *b) {
  __mapcost_requires(blockDim.x == 64);
  float *p = threadIdx.x < 32 ? a : b;
  p[blockIdx.x * 32 + threadIdx.x % 32] = 1.0f;
}
// CHECK-LABEL: kernel halves
// CHECK: array a global float* drf
// CHECK-NEXT: array b global float* drf

// The same with two thirds of the block on b: threads 32 and 64 collide.
__global__ void thirds(float *a, float *b) {
  __mapcost_requires(blockDim.x == 96);
  float *p = threadIdx.x < 32 ? a : b;
  p[blockIdx.x * 32 + threadIdx.x % 32] = 1.0f;
}
// CHECK-LABEL: kernel thirds
// CHECK: array a global float* drf
// CHECK-NEXT: array b global float* race
// CHECK: race on b (global, block scope): write-write, confirmed

// Double buffering in shared memory, the buffers swapped by the step's
// parity.
__global__ void jacobi(float *out, int steps) {
  __mapcost_requires(blockDim.x == 256);
  __shared__ float x[256], y[256];
  unsigned t = threadIdx.x;
  x[t] = out[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; s++) {
    float *src = (s & 1) ? y : x;
    float *dst = (s & 1) ? x : y;
    dst[t] = (src[(t + 255) % 256] + src[(t + 1) % 256]) / 2;
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = (steps & 1) ? y[t] : x[t];
}
// CHECK-LABEL: kernel jacobi
// CHECK: array out global float* drf
// CHECK-NEXT: array x shared float[256] drf
// CHECK-NEXT: array y shared float[256] drf

// The same reading and writing one buffer in each step.
__global__ void jacobi_race(float *out, int steps) {
  __mapcost_requires(blockDim.x == 256);
  __shared__ float x[256], y[256];
  unsigned t = threadIdx.x;
  x[t] = out[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; s++) {
    float *buf = (s & 1) ? y : x;
    buf[t] = (buf[(t + 255) % 256] + buf[(t + 1) % 256]) / 2;
    __syncthreads();
  }
}
// CHECK-LABEL: kernel jacobi_race
// CHECK: array out global float* drf
// CHECK-NEXT: array x shared float[256] race
// CHECK-NEXT: array y shared float[256] race

// A precondition whose second condition clang made a branch (a division):
// the race stage gets all of it, so the write that would race never runs.
__global__ void divided(int *a, int n, int k) {
  __mapcost_requires(k > 0 && n / k < 100);
  __mapcost_requires(k > 0 && n % k == 0);
  if (n / k >= 100)
    a[0] = threadIdx.x;
  a[threadIdx.x + 1] = n;
}
// CHECK-LABEL: kernel divided
// CHECK: array a global int* drf

// The same preconditions say nothing about a race that does not depend on
// them (no copy of a precondition into each path of its branches, where it
// would be false on one and make every query vacuous).
__global__ void still_racy(int *a, int n, int k) {
  __mapcost_requires(k > 0 && n / k < 100);
  __mapcost_requires(k > 0 && n % k == 0);
  a[0] = threadIdx.x;
}
// CHECK-LABEL: kernel still_racy
// CHECK: array a global int* race

// Buffers swapped by pointers at the end of each step: whether they are
// swapped is a loop variable (0, then flipped), after the loop its value
// at the exit.
__global__ void swapped(float *out, int steps) {
  __mapcost_requires(blockDim.x == 256);
  __shared__ float x[256], y[256];
  unsigned t = threadIdx.x;
  float *src = x, *dst = y;
  x[t] = out[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; s++) {
    dst[t] = (src[(t + 255) % 256] + src[(t + 1) % 256]) / 2;
    __syncthreads();
    float *tmp = src;
    src = dst;
    dst = tmp;
  }
  out[blockIdx.x * 256 + t] = src[t];
}
// CHECK-LABEL: kernel swapped
// CHECK: array out global float* drf
// CHECK-NEXT: array x shared float[256] drf
// CHECK-NEXT: array y shared float[256] drf

// Without the barrier, a step's reads race with the next step's writes.
__global__ void swapped_race(float *out, int steps) {
  __mapcost_requires(blockDim.x == 256);
  __shared__ float x[256], y[256];
  unsigned t = threadIdx.x;
  float *src = x, *dst = y;
  x[t] = out[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; s++) {
    dst[t] = (src[(t + 255) % 256] + src[(t + 1) % 256]) / 2;
    float *tmp = src;
    src = dst;
    dst = tmp;
  }
}
// CHECK-LABEL: kernel swapped_race
// CHECK: array out global float* drf
// CHECK-NEXT: array x shared float[256] race
// CHECK-NEXT: array y shared float[256] race

// Kernels whose races the interpreter observes (`mapcost run --block-dim=64
// --grid-dim=2 --param n=64`): the reports are tested on real races.
#include <mapcost.h>

__global__ void missing_barrier(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

// Every thread of a block writes its block's cell: a known race, accepted.
__global__ void accepted(int *cell, int n) {
  __mapcost_suppress(cell, "any thread's id will do");
  cell[blockIdx.x] = threadIdx.x;
}

__global__ void strided(float *out, const float *in, int n) {
  out[blockIdx.x * 64 + threadIdx.x] = in[(blockIdx.x * 64 + threadIdx.x) * 2];
}

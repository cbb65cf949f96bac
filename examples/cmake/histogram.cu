// A 256-bin histogram per block, merged into `bins` with atomics.
#include <mapcost.h>

__global__ void histogram(const unsigned char *in, unsigned *bins, int n) {
  __shared__ unsigned local[256];
  local[threadIdx.x % 256] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  if (threadIdx.x < 256)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

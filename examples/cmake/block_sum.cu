// Each block sums its part of `in` into out[blockIdx.x].
#include <mapcost.h>

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
#ifdef SAMPLE_BUG
    if (threadIdx.x < s) {
      partial[threadIdx.x] += partial[threadIdx.x + s];
      __syncthreads(); // only the threads below s wait here
    }
#else
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
#endif
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

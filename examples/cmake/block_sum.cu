// Each block sums its part of `in` into out[blockIdx.x].
//   SAMPLE_BUG_DIVERGENCE: the barrier in the loop is under a condition
//   SAMPLE_BUG_RACE:       the barrier in the loop is missing
//   SAMPLE_SUPPRESS:       the race on `partial` is accepted
#include <mapcost.h>

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[256];
#ifdef SAMPLE_SUPPRESS
  __mapcost_suppress(partial, "the sample's known race");
#endif
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
#if defined(SAMPLE_BUG_DIVERGENCE)
    if (threadIdx.x < s) {
      partial[threadIdx.x] += partial[threadIdx.x + s];
      __syncthreads(); // only the threads below s wait here
    }
#elif defined(SAMPLE_BUG_RACE)
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
#else
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
#endif
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

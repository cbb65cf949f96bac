// reduce0 of the CUDA SDK reduction sample: interleaved addressing with a
// divergent branch (tid % (2s) == 0).
__global__ void reduce0(const int *g_idata, int *g_odata, unsigned n) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

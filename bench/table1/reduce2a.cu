// reduce2a: reduce2 with the load unguarded (the grid covers n exactly).
__global__ void reduce2a(const int *g_idata, int *g_odata) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

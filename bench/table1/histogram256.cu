// histogram256 (seed 000 Table 1): per-block sub-histograms in shared memory
// from d bytes of data, then merged into global bins (64-thread blocks).
__global__ void histogram256(unsigned *d_PartialHistograms, const unsigned *d_Data, unsigned d) {
  __shared__ unsigned s_Hist[256];
  for (unsigned i = threadIdx.x; i < 256; i += blockDim.x)
    s_Hist[i] = 0;
  __syncthreads();
  for (unsigned pos = blockIdx.x * blockDim.x + threadIdx.x; pos < d; pos += blockDim.x * gridDim.x) {
    unsigned data = d_Data[pos];
    atomicAdd(&s_Hist[data % 256], 1u);
  }
  __syncthreads();
  for (unsigned bin = threadIdx.x; bin < 256; bin += blockDim.x)
    d_PartialHistograms[blockIdx.x * 256 + bin] = s_Hist[bin];
}

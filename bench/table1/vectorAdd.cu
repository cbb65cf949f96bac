// vectorAdd of the CUDA SDK (seed 000 Table 1; RaCUDA: 12 per warp).
__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < numElements)
    C[i] = A[i] + B[i];
}

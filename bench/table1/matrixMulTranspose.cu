// matrixMulTranspose (seed 000 Table 1): C = A * B^T, B read row-wise and
// stored transposed in shared memory.
#define BS 32
__global__ void matrixMulTranspose(float *C, const float *A, const float *B, int wA, int wB) {
  __shared__ float As[BS][BS];
  __shared__ float Bs[BS][BS];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BS * by, aEnd = aBegin + wA - 1, aStep = BS;
  int bBegin = wA * BS * bx, bStep = BS;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[tx][ty] = B[b + wA * ty + tx];
    __syncthreads();
    for (int k = 0; k < BS; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BS * by + BS * bx;
  C[c + wB * ty + tx] = Csub;
}

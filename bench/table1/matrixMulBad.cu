// matrixMulBad (seed 000 Table 1): matrixMul with the thread indices of the
// global loads swapped, so a warp walks a column of A and of B.
#define BS 32
__global__ void matrixMulBad(float *C, const float *A, const float *B, int wA, int wB) {
  __shared__ float As[BS][BS];
  __shared__ float Bs[BS][BS];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BS * by, aEnd = aBegin + wA - 1, aStep = BS;
  int bBegin = BS * bx, bStep = BS * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    As[tx][ty] = A[a + wA * tx + ty];
    Bs[tx][ty] = B[b + wB * tx + ty];
    __syncthreads();
    for (int k = 0; k < BS; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BS * by + BS * bx;
  C[c + wB * tx + ty] = Csub;
}

// addSub0 (seed 000 Table 1): even threads add, odd threads subtract, over
// h rows of width w (thread-divergent branch).
__global__ void addSub0(float *A, const float *B, int w, int h) {
  for (int i = 0; i < h; i++) {
    if (threadIdx.x % 2 == 0)
      A[i * w + threadIdx.x] += B[i * w + threadIdx.x];
    else
      A[i * w + threadIdx.x] -= B[i * w + threadIdx.x];
  }
}

// addSub1: every thread updates one element per row and reads a broadcast.
__global__ void addSub1(float *A, const float *B, int w, int h) {
  for (int i = 0; i < h; i++)
    A[i * w + threadIdx.x] += B[i * w];
}

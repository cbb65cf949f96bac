// addSub3: a strided update through shared memory.
__global__ void addSub3(float *A, const float *B, int w, int h) {
  __shared__ float s[1024];
  for (int i = 0; i < h; i++) {
    s[threadIdx.x] = B[i * w + 2 * threadIdx.x];
    __syncthreads();
    A[i * w + threadIdx.x] -= s[threadIdx.x];
    __syncthreads();
  }
}

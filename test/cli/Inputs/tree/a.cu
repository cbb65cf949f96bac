__global__ void first(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

__global__ void second(int *a) { a[threadIdx.x] = 2; }

__global__ void third(int *a, int n) { a[threadIdx.x % n] = 3; }

/* Zero-sized arrays and empty types. */
struct Empty {};
__global__ void zero_unused(int *a) {
  __shared__ int z[0];
  a[threadIdx.x] = (int)(unsigned long long)z;
}
__global__ void zero_written(int *a) { /* out of bounds of a zero-sized array */
  __shared__ int z[0];
  z[threadIdx.x] = 1;
  __syncthreads();
  a[threadIdx.x] = z[0];
}
__global__ void extern_shared(int *a) {
  extern __shared__ int d[];
  d[threadIdx.x] = 1;
  __syncthreads();
  a[threadIdx.x] = d[threadIdx.x ^ 1];
}
__global__ void empty_param(Empty e, int *a) { a[threadIdx.x] = sizeof(e); }

/* Huge and negative constants in indices, loop bounds and shifts. */
__global__ void negative(int *a) { a[-1] = threadIdx.x; }            /* every thread writes a[-1]: a race */
__global__ void huge(int *a) { a[threadIdx.x * 0x7fffffffLL] = 1; }  /* one element per thread */
__global__ void wraps(int *a) { a[(int)(threadIdx.x * 0x80000000u)] = 1; } /* threads 0 and 2 both write a[0] */
__global__ void big_loop(int *a) {
  for (long long i = -0x7fffffffffffffffLL; i < 0x7fffffffffffffffLL; i += 0x1000000000000LL)
    a[threadIdx.x] += 1;
  __syncthreads();
}
__global__ void shifts(int *a, int n) {
  a[threadIdx.x] = (1 << 31) >> (n & 31);
  if ((threadIdx.x << 31) == 0x80000000u)
    __syncthreads(); /* odd threads only: divergent */
}

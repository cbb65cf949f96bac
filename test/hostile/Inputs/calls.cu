/* Calls the inliner cannot remove: function pointers and recursion. */
__device__ int twice(int x) { return 2 * x; }
__device__ int (*fp)(int) = twice;
__global__ void via_pointer(int *a) { a[threadIdx.x] = fp(threadIdx.x); }

__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__global__ void recursive(int *a) {
  a[threadIdx.x] = fact(threadIdx.x);
  __syncthreads();
}

__device__ void sync_n(int n) { /* a barrier hidden in recursion, reached n times */
  if (n > 0) {
    __syncthreads();
    sync_n(n - 1);
  }
}
__global__ void recursive_barrier(int *a) {
  sync_n(threadIdx.x);
  a[threadIdx.x] = 1;
}

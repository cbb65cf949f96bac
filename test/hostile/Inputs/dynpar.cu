/* Dynamic parallelism (-fgpu-rdc): the child grid runs while the parent's
 * threads go on, so both writing a[threadIdx.x] is a race. */
__global__ void child(int *a) { a[threadIdx.x] = 1; }
__global__ void parent(int *a) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(a);
  a[threadIdx.x] = 2;
}

// Device code without a kernel.
__device__ int twice(int x) { return 2 * x; }

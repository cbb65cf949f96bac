// Kernels of the canned report race.report.json (read by fake-clang): the
// command line is tested on races, divergences and costs before the
// analysis stages that find them exist.
__global__ void __launch_bounds__(256, 2) transpose(float *out, const float *in, int w, int reps) {
  __shared__ float tile[16][17];
  for (int r = 0; r < reps; r++) {
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
    out[threadIdx.x * w + threadIdx.y] = tile[threadIdx.x][threadIdx.y];
  }
}

__global__ void diverge(int *a) {
  if (threadIdx.x < 16)
    __syncthreads();
  a[threadIdx.x] = 0;
}

__global__ void accepted(int *a) {
  a[0] = threadIdx.x;
}

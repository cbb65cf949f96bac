// Two kernels for the command line's tests: a transpose through a 2-D shared
// tile, and a template kernel (instantiated once).
__global__ void transpose(float *out, const float *in, int w, int h) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  out[x * h + y] = tile[threadIdx.x][threadIdx.y];
}

template <int N> __global__ void add(int *a) { a[threadIdx.x] += N; }
template __global__ void add<3>(int *);

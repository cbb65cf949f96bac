// The integer model of the race analysis (README, races): by default index
// arithmetic is assumed not to wrap around (the report lists it), so the
// common 2-D, unsigned and grid-stride indices are proven for every launch
// and every input; with --wrap-around the 32-bit arithmetic wraps as the
// hardware's does and the races that need it are reported. Wrap-around that
// a mask or a remainder by a power of two takes in (an index computed
// modulo 32) is a race in both.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s --check-prefixes=CHECK,NOWRAP < %t.txt
// RUN: %rc %mapcost --format=text --wrap-around --kernel=grid_stride --kernel=transpose --kernel=wrap_mask_racy %s > %t.wrap.txt
// RUN: FileCheck %s --check-prefix=WRAP < %t.wrap.txt

// Row-major 2-D indices with a symbolic width: `row * m + col`, with
// symbolic block and grid dimensions.
__global__ void add2d(float *c, const float *a, const float *b, int n, int m) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < m)
    c[row * m + col] = a[row * m + col] + b[row * m + col];
}
// CHECK-LABEL: kernel add2d
// NOWRAP: assumes: index arithmetic does not wrap around (races)
// CHECK: array c {{.*}} drf

// Three dimensions: ((z * ny) + y) * nx + x.
__global__ void init3d(float *u, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < nx && y < ny && z < nz)
    u[(z * ny + y) * nx + x] = 0.0f;
}
// CHECK-LABEL: kernel init3d
// CHECK: array u {{.*}} drf

// The SDK's naive transpose, with unsigned indices: races only when
// height * xIndex wraps past 2^32 (arrays of 16 GiB and more).
__global__ void transpose(float *odata, const float *idata, int width, int height) {
  unsigned xIndex = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned yIndex = blockIdx.y * blockDim.y + threadIdx.y;
  if (xIndex < width && yIndex < height)
    odata[yIndex + height * xIndex] = idata[xIndex + width * yIndex];
}
// CHECK-LABEL: kernel transpose
// CHECK: array odata {{.*}} drf
// WRAP-LABEL: kernel transpose
// WRAP: array odata {{.*}} race
// WRAP: race on odata

// A grid-stride loop: each element is one thread's, until
// i += blockDim.x * gridDim.x wraps past INT_MAX (n near 2^31).
__global__ void grid_stride(float *y, const float *x, float a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
// CHECK-LABEL: kernel grid_stride
// CHECK: array y {{.*}} drf
// WRAP-LABEL: kernel grid_stride
// WRAP-NOT: assumes: index arithmetic does not wrap around (races)
// WRAP: array y {{.*}} race
// WRAP: race on y (global, {{block|grid}} scope): {{.*}}, confirmed
// WRAP: witness: {{.*}} n={{[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}

// Thread 0's index wraps and the mask takes it to 31, thread 32's: a race
// whatever the model.
__global__ void wrap_mask_racy(int *out) {
  __shared__ int s[32];
  if (threadIdx.x == 0 || threadIdx.x == 32)
    s[(threadIdx.x - 1) & 31] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x & 31];
}
// CHECK-LABEL: kernel wrap_mask_racy
// CHECK: array s {{.*}} race
// CHECK: race on s (shared, block scope): write-write, confirmed
// CHECK: witness: tid1=({{0|32}},0,0) tid2=({{0|32}},0,0)
// WRAP-LABEL: kernel wrap_mask_racy
// WRAP: array s {{.*}} race

// Bitonic sort's compare-and-swap step: the partner index i ^ j.
__global__ void bitonic_step(float *v, int j, int k) {
  unsigned i = threadIdx.x + blockDim.x * blockIdx.x;
  unsigned ixj = i ^ j;
  if (ixj > i) {
    if ((i & k) == 0 && v[i] > v[ixj]) {
      float t = v[i];
      v[i] = v[ixj];
      v[ixj] = t;
    }
    if ((i & k) != 0 && v[i] < v[ixj]) {
      float t = v[i];
      v[i] = v[ixj];
      v[ixj] = t;
    }
  }
}
// CHECK-LABEL: kernel bitonic_step
// CHECK: array v {{.*}} drf

// A matrix-vector product: each thread its row.
__global__ void matvec(const float *A, const float *x, float *y, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n) {
    float sum = 0;
    for (int j = 0; j < n; j++)
      sum += A[row * n + j] * x[j];
    y[row] = sum;
  }
}
// CHECK-LABEL: kernel matvec
// CHECK: array y {{.*}} drf

// Blocks a stride apart whose width a parameter sets (Rodinia's pyramids:
// `(BLOCK_SIZE - 2 * halo) * blockIdx.x - halo`), which the compiler
// distributes into 64 * blockIdx.x - 2 * halo * blockIdx.x: each block
// writes its 64 - 2 * halo inner cells, and the next block's start is as
// far, for every halo and block size. With `<=` one cell more: a race
// between neighbouring blocks.
__global__ void halo_stride(int *out, const int *in, int halo) {
  int t = threadIdx.x;
  int base = (64 - 2 * halo) * blockIdx.x - halo;
  if (t >= halo && t < 64 - halo)
    out[base + t] = in[base + t] + 1;
}
// CHECK-LABEL: kernel halo_stride
// CHECK: array out {{.*}} drf

__global__ void halo_stride_racy(int *out, const int *in, int halo) {
  int t = threadIdx.x;
  int base = (64 - 2 * halo) * blockIdx.x - halo;
  if (t >= halo && t <= 64 - halo)
    out[base + t] = in[base + t] + 1;
}
// CHECK-LABEL: kernel halo_stride_racy
// CHECK: array out {{.*}} race
// CHECK: race on out (global, grid scope): write-write, confirmed

// The same with the tile's width a parameter too: tile * bx - 2 * halo * bx
// is bx * (tile - 2 * halo), one product per block.
__global__ void halo_tile(int *out, const int *in, int tile, int halo) {
  int t = threadIdx.x;
  int base = (tile - 2 * halo) * blockIdx.x - halo;
  if (t >= halo && t < tile - halo)
    out[base + t] = in[base + t] + 1;
}
// CHECK-LABEL: kernel halo_tile
// CHECK: array out {{.*}} drf

__global__ void halo_tile_racy(int *out, const int *in, int tile, int halo) {
  int t = threadIdx.x;
  int base = (tile - 2 * halo) * blockIdx.x - halo;
  if (t >= halo && t <= tile - halo)
    out[base + t] = in[base + t] + 1;
}
// CHECK-LABEL: kernel halo_tile_racy
// CHECK: array out {{.*}} race
// CHECK: race on out (global, grid scope): write-write, confirmed

// A whole row written by every thread of a column: a race with a small
// witness.
__global__ void row_racy(float *c, const float *a, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n)
    c[row] += a[row * n + col];
}
// CHECK-LABEL: kernel row_racy
// CHECK: array c {{.*}} race
// CHECK: race on c (global, block scope): {{.*}}, confirmed
// CHECK-NEXT: first:
// CHECK-NEXT: second:
// CHECK-NEXT: witness: tid1=(0,0,0) tid2=(1,0,0) block1=(0,0,0) block2=(0,0,0) blockDim=(2,1,1) gridDim=(1,1,1) index=[0] byte_offset=0 n=2
// CHECK: exit status 1
// WRAP: exit status 1

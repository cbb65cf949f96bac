// Kernels as the CUDA samples and textbooks write them, for every launch
// the requires allow and every input: the race-free ones proven, the racy
// variants found with small witnesses a programmer can replay.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s < %t.txt
// With a twentieth of the budget, transposeAnyGrid's race is still found
// (by refining the integer query's products; the exact query at any
// launch and at a small one run out there, it was inconclusive):
// RUN: %rc %mapcost --format=text --rlimit=500000 --kernel=transposeAnyGrid %s > %t.refined.txt
// RUN: FileCheck %s --check-prefix=REFINED < %t.refined.txt
#include <mapcost.h>

// vectorAdd (CUDA samples).
__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < numElements)
    C[i] = A[i] + B[i] + 0.0f;
}
// CHECK-LABEL: kernel vectorAdd
// CHECK: array C {{.*}} drf

// Grid-stride loops over size_t and unsigned counters.
__global__ void scale64(float *y, size_t n, float a) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    y[i] *= a;
}
// CHECK-LABEL: kernel scale64
// CHECK: array y {{.*}} drf
__global__ void scale32(float *y, unsigned n, float a) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] *= a;
}
// CHECK-LABEL: kernel scale32
// CHECK: array y {{.*}} drf

// transposeCoalesced (CUDA samples): 32x8 blocks, a padded 32x33 tile, a
// square matrix covered by the grid (else rows overlap: a real race).
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposeCoalesced(float *odata, const float *idata) {
  __mapcost_requires(blockDim.x == TILE_DIM && blockDim.y == BLOCK_ROWS);
  __mapcost_requires(gridDim.x == gridDim.y);
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK-LABEL: kernel transposeCoalesced
// CHECK: array odata {{.*}} drf
// CHECK: array idata {{.*}} drf
// CHECK: array tile {{.*}} drf

// ... without its barrier: a thread reads its neighbour's column before it
// is written.
__global__ void transposeNoSync(float *odata, const float *idata) {
  __mapcost_requires(blockDim.x == TILE_DIM && blockDim.y == BLOCK_ROWS);
  __mapcost_requires(gridDim.x == gridDim.y);
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK-LABEL: kernel transposeNoSync
// CHECK: array odata {{.*}} drf
// CHECK: array tile {{.*}} race
// CHECK: race on tile (shared, block scope): read-write, confirmed
// CHECK: witness: {{.*}} blockDim=(32,8,1)

// ... for any grid: where it is taller than wide, a row of one block's
// output is a later row of another's. The exact query at any launch runs
// out of budget on its 64-bit products of dimensions and ids; the integer
// query's launch, once its products are refined to the model's values,
// is the race.
__global__ void transposeAnyGrid(float *odata, const float *idata) {
  __mapcost_requires(blockDim.x == TILE_DIM && blockDim.y == BLOCK_ROWS);
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK-LABEL: kernel transposeAnyGrid
// REFINED: array odata {{.*}} race
// REFINED: race on odata (global, grid scope): write-write, confirmed
// CHECK: array odata {{.*}} race
// CHECK: array tile {{.*}} drf
// CHECK: race on odata (global, grid scope): write-write, confirmed
// CHECK: witness: {{.*}} gridDim=(1,2,1)

// matrixMul (CUDA samples), 16x16 tiles, the grid as wide as C (wB / 16
// blocks).
#define BLOCK_SIZE 16
__global__ void matrixMul(float *C, const float *A, const float *B, int wA, int wB) {
  __mapcost_requires(blockDim.x == BLOCK_SIZE && blockDim.y == BLOCK_SIZE);
  __mapcost_requires(wA % BLOCK_SIZE == 0 && wB == BLOCK_SIZE * gridDim.x);
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += BLOCK_SIZE, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
    for (int k = 0; k < BLOCK_SIZE; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}
// CHECK-LABEL: kernel matrixMul
// CHECK: array C {{.*}} drf
// CHECK: array As {{.*}} drf
// CHECK: array Bs {{.*}} drf

// The same without the width requirement: rows of C overlap when wB < 16.
__global__ void matrixMulAnyWidth(float *C, float v, int wB) {
  __mapcost_requires(blockDim.x == BLOCK_SIZE && blockDim.y == BLOCK_SIZE);
  int c = wB * BLOCK_SIZE * blockIdx.y + BLOCK_SIZE * blockIdx.x;
  C[c + wB * threadIdx.y + threadIdx.x] = v;
}
// CHECK-LABEL: kernel matrixMulAnyWidth
// CHECK: array C {{.*}} race
// CHECK: race on C (global, block scope): write-write, confirmed
// CHECK: witness: tid1=(0,0,0) tid2=(0,1,0) {{.*}} wB=0

// reduce0 (CUDA samples): interleaved addressing, dynamic shared memory.
__global__ void reduce0(const int *g_idata, int *g_odata, unsigned int n) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
// CHECK-LABEL: kernel reduce0
// CHECK: array g_odata {{.*}} drf
// CHECK: array sdata {{.*}} drf

// reduce3: the first add during the global load, sequential addressing.
__global__ void reduce3(const float *g_idata, float *g_odata, unsigned int n) {
  extern __shared__ float sdata3[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockDim.x < n)
    mySum += g_idata[i + blockDim.x];
  sdata3[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata3[tid] = mySum = mySum + sdata3[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = mySum;
}
// CHECK-LABEL: kernel reduce3
// CHECK: array g_odata {{.*}} drf
// CHECK: array sdata3 {{.*}} drf

// Dot product (CUDA by Example): a grid-stride sum, then a halving
// reduction whose stride i /= 2 has no closed form (it is one value per
// iteration in every thread of the block).
#define threadsPerBlock 256
__global__ void dot(const float *a, const float *b, float *c, int N) {
  __mapcost_requires(blockDim.x == threadsPerBlock);
  __shared__ float cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;
  float temp = 0;
  while (tid < N) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i)
      cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }
  if (cacheIndex == 0)
    c[blockIdx.x] = cache[0];
}
// CHECK-LABEL: kernel dot
// CHECK: array c {{.*}} drf
// CHECK: array cache {{.*}} drf

// The same reduction with the barrier outside the loop.
__global__ void dotNoSync(float *c) {
  __mapcost_requires(blockDim.x == threadsPerBlock);
  __shared__ float cache[threadsPerBlock];
  cache[threadIdx.x] = threadIdx.x;
  __syncthreads();
  for (int i = blockDim.x / 2; i != 0; i /= 2)
    if (threadIdx.x < i)
      cache[threadIdx.x] += cache[threadIdx.x + i];
  if (threadIdx.x == 0)
    c[blockIdx.x] = cache[0];
}
// CHECK-LABEL: kernel dotNoSync
// CHECK: array cache {{.*}} race
// CHECK: race on cache (shared, block scope): read-write, confirmed

// Histogram with shared atomics (CUDA by Example): 256 threads, 256 bins.
__global__ void histo(const unsigned char *buffer, long size, unsigned int *histo) {
  __mapcost_requires(blockDim.x == 256);
  __shared__ unsigned int temp[256];
  temp[threadIdx.x] = 0;
  __syncthreads();
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int offset = blockDim.x * gridDim.x;
  while (i < size) {
    atomicAdd(&temp[buffer[i]], 1);
    i += offset;
  }
  __syncthreads();
  atomicAdd(&(histo[threadIdx.x]), temp[threadIdx.x]);
}
// CHECK-LABEL: kernel histo
// CHECK: array histo {{.*}} drf
// CHECK: array temp {{.*}} drf

// 1-D stencil with a halo (CUDA C programming course).
#define RADIUS 3
#define STENCIL_BLOCK 256
__global__ void stencil_1d(const int *in, int *out) {
  __mapcost_requires(blockDim.x == STENCIL_BLOCK);
  __shared__ int temp[STENCIL_BLOCK + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x + RADIUS;
  int lindex = threadIdx.x + RADIUS;
  temp[lindex] = in[gindex];
  if (threadIdx.x < RADIUS) {
    temp[lindex - RADIUS] = in[gindex - RADIUS];
    temp[lindex + STENCIL_BLOCK] = in[gindex + STENCIL_BLOCK];
  }
  __syncthreads();
  int result = 0;
  for (int offset = -RADIUS; offset <= RADIUS; offset++)
    result += temp[lindex + offset];
  out[gindex - RADIUS] = result;
}
// CHECK-LABEL: kernel stencil_1d
// CHECK: array out {{.*}} drf
// CHECK: array temp {{.*}} drf

// The halo threads off by one: thread 3 writes the cell thread 0 reads.
__global__ void stencil_halo_racy(const int *in, int *out) {
  __mapcost_requires(blockDim.x == STENCIL_BLOCK);
  __shared__ int temp[STENCIL_BLOCK + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x + RADIUS;
  int lindex = threadIdx.x + RADIUS;
  temp[lindex] = in[gindex];
  if (threadIdx.x <= RADIUS)
    temp[lindex - RADIUS] = in[gindex - RADIUS];
  __syncthreads();
  out[gindex - RADIUS] = temp[lindex - 1] + temp[lindex];
}
// CHECK-LABEL: kernel stencil_halo_racy
// CHECK: array temp {{.*}} race
// CHECK: race on temp (shared, block scope): write-write, confirmed
// CHECK: witness: tid1=({{0|3}},0,0) tid2=({{0|3}},0,0)

// Jacobi step on the interior of an n x n grid, 2-D blocks.
__global__ void jacobi(const float *in, float *out, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
    out[i * n + j] = 0.25f * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                              in[i * n + j - 1] + in[i * n + j + 1]);
}
// CHECK-LABEL: kernel jacobi
// CHECK: array out {{.*}} drf

// In place: a thread reads its neighbour's cell as the neighbour writes it.
__global__ void jacobiInPlace(float *u, int n) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
    u[i * n + j] = 0.5f * (u[i * n + j - 1] + u[i * n + j + 1]);
}
// CHECK-LABEL: kernel jacobiInPlace
// CHECK: array u {{.*}} race
// CHECK: race on u (global, block scope): read-write, confirmed
// CHECK: witness: {{.*}} n={{[0-9]}}

// Matrix-vector product: each thread its row.
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
// CHECK: exit status 1

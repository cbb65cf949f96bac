// A shared tile read by column: 32 threads on one bank, 31 conflicts per
// warp; padding the row to 33 floats removes them.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,8 --grid-dim=2,2 --param width=64 --static-param width=64 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

#define TILE 32
__global__ void transpose(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE];
  unsigned x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (unsigned j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (unsigned j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
__global__ void transpose_padded(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE + 1];
  unsigned x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (unsigned j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (unsigned j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

// CHECK: kernel transpose: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// CHECK: kernel transpose: {{[0-9]+:[0-9]+}} bank-conflicts tile = 0 (=) measured 0 ok
// CHECK: kernel transpose: {{[0-9]+:[0-9]+}} bank-conflicts tile = 124 (=) measured 124 ok
// CHECK: kernel transpose: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// CHECK: kernel transpose: total bank-conflicts = 124 (=) measured 124 ok
// CHECK: kernel transpose: total uncoalesced = 32 (=) measured 32 ok
// CHECK: kernel transpose_padded: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// CHECK: kernel transpose_padded: {{[0-9]+:[0-9]+}} bank-conflicts tile = 0 (=) measured 0 ok
// CHECK: kernel transpose_padded: {{[0-9]+:[0-9]+}} bank-conflicts tile = 0 (=) measured 0 ok
// CHECK: kernel transpose_padded: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// CHECK: kernel transpose_padded: total bank-conflicts = 0 (=) measured 0 ok
// CHECK: kernel transpose_padded: total uncoalesced = 32 (=) measured 32 ok

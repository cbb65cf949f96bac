// Rodinia's Needleman-Wunsch (nw) and LU decomposition (lud) kernels, as
// the suite writes them, at the launches it gives them: 16 threads per
// block. nw's blocks run along an anti-diagonal of tiles, each writing its
// own 16 x 16 tile of the score matrix; with the matrix's width fixed
// (--param cols=2049, the suite's 2048 + 1) the product `cols * 16 *
// b_index_y` is linear and the tiles are proven apart for every diagonal i.
// While cols stayed a variable held at 2049 the integer query's abstract
// products of it found models the exact query spent its whole budget on:
// `inconclusive`.
//
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=16 --param cols=2049 --kernel=needle_cuda_shared_1 %s > %t.nw.txt
// RUN: FileCheck %s --check-prefix=NW < %t.nw.txt
// At any width and launch the tiles of two blocks overlap for some widths
// (cols = 3), and the halo each block reads is another's tile: every read
// of matrix_cuda races with the final writes. The integer query's products
// of cols (`cols * 16 * b_index_y` against `cols * ty`) are wrong in
// every model however often refined; with cols fixed at the last model's
// value the exact query finds each race at once, where at any launch it
// ran out of this budget on the read at line 51 (and took 1-2 s at the
// default one).
// RUN: %rc %mapcost --format=text --metric=drf --rlimit=2000000 --kernel=needle_cuda_shared_1 %s > %t.nwany.txt
// RUN: FileCheck %s --check-prefix=NWANY < %t.nwany.txt
// lud_diagonal factors one 16 x 16 tile in one block.
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=16 --grid-dim=1 --param matrix_dim=2048 --kernel=lud_diagonal %s > %t.lud.txt
// RUN: FileCheck %s --check-prefix=LUD < %t.lud.txt
// For any matrix width its shared tile is race free; its global writes
// race only where rows overlap (a width below 16).
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=16 --grid-dim=1 --kernel=lud_diagonal %s > %t.any.txt
// RUN: FileCheck %s --check-prefix=ANY < %t.any.txt
#define BLOCK_SIZE 16
__device__ __host__ int maximum(int a, int b, int c) {
  int k;
  if (a <= b) k = b; else k = a;
  if (k <= c) return c; else return k;
}
__global__ void needle_cuda_shared_1(int *referrence, int *matrix_cuda, int cols, int penalty,
                                     int i, int block_width) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int b_index_x = bx;
  int b_index_y = i - 1 - bx;
  int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
  int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (1);
  int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + (cols);
  int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;
  __shared__ int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
  __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];
  if (tx == 0) temp[tx][0] = matrix_cuda[index_nw];
  for (int ty = 0; ty < BLOCK_SIZE; ty++) ref[ty][tx] = referrence[index + cols * ty];
  __syncthreads();
  temp[tx + 1][0] = matrix_cuda[index_w + cols * tx];
  __syncthreads();
  temp[0][tx + 1] = matrix_cuda[index_n];
  __syncthreads();
  for (int m = 0; m < BLOCK_SIZE; m++) {
    if (tx <= m) {
      int t_index_x = tx + 1;
      int t_index_y = m - tx + 1;
      temp[t_index_y][t_index_x] = maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                                           temp[t_index_y][t_index_x - 1] - penalty,
                                           temp[t_index_y - 1][t_index_x] - penalty);
    }
    __syncthreads();
  }
  for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
    if (tx <= m) {
      int t_index_x = tx + BLOCK_SIZE - m;
      int t_index_y = BLOCK_SIZE - tx;
      temp[t_index_y][t_index_x] = maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                                           temp[t_index_y][t_index_x - 1] - penalty,
                                           temp[t_index_y - 1][t_index_x] - penalty);
    }
    __syncthreads();
  }
  for (int ty = 0; ty < BLOCK_SIZE; ty++) matrix_cuda[index + ty * cols] = temp[ty + 1][tx + 1];
}
// NW-LABEL: kernel needle_cuda_shared_1
// NW-SAME: drf
// NW: array matrix_cuda {{.*}} drf
// NW: array temp {{.*}} drf
// NW: array ref {{.*}} drf
// NW: exit status 0
// NWANY: race on matrix_cuda (global, grid scope): read-write, confirmed
// NWANY-NEXT: first: {{.*}}rodinia.cu:48:30 read
// NWANY-NEXT: second: {{.*}}rodinia.cu:75:74 write
// NWANY-NEXT: witness: {{.*}} blockDim=({{[1-9]}},1,1) gridDim=({{[1-9]}},1,1) {{.*}} cols={{-?[0-9]}} i=
// NWANY: race on matrix_cuda (global, grid scope): read-write, confirmed
// NWANY-NEXT: first: {{.*}}rodinia.cu:51:21 read
// NWANY-NEXT: second: {{.*}}rodinia.cu:75:74 write
// NWANY-NEXT: witness: {{.*}} blockDim=({{[1-9]}},1,1) gridDim=({{[1-9]}},1,1) {{.*}} cols={{-?[0-9]}} i=
// NWANY: race on matrix_cuda (global, grid scope): read-write, confirmed
// NWANY-NEXT: first: {{.*}}rodinia.cu:53:21 read
// NWANY: exit status 1

__global__ void lud_diagonal(float *m, int matrix_dim, int offset) {
  int i, j;
  __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];
  int array_offset = offset * matrix_dim + offset;
  for (i = 0; i < BLOCK_SIZE; i++) {
    shadow[i][threadIdx.x] = m[array_offset + threadIdx.x];
    array_offset += matrix_dim;
  }
  __syncthreads();
  for (i = 0; i < BLOCK_SIZE - 1; i++) {
    if (threadIdx.x > i) {
      for (j = 0; j < i; j++) shadow[threadIdx.x][i] -= shadow[threadIdx.x][j] * shadow[j][i];
      shadow[threadIdx.x][i] /= shadow[i][i];
    }
    __syncthreads();
    if (threadIdx.x > i) {
      for (j = 0; j < i + 1; j++) shadow[i + 1][threadIdx.x] -= shadow[i + 1][j] * shadow[j][threadIdx.x];
    }
    __syncthreads();
  }
  array_offset = (offset + 1) * matrix_dim + offset;
  for (i = 1; i < BLOCK_SIZE; i++) {
    m[array_offset + threadIdx.x] = shadow[i][threadIdx.x];
    array_offset += matrix_dim;
  }
}
// LUD-LABEL: kernel lud_diagonal
// LUD-SAME: drf
// LUD: array m {{.*}} drf
// LUD: array shadow {{.*}} drf
// LUD: exit status 0
// ANY-LABEL: kernel lud_diagonal
// ANY: array m {{.*}} race
// ANY: array shadow {{.*}} drf
// ANY: witness: {{.*}} matrix_dim={{([0-9]|1[0-5])$}}

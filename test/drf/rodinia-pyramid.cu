// Rodinia's hotspot (calculate_temp) and pathfinder (dynproc_kernel) as
// the suite writes them, at the launches it gives them. Both compute a
// pyramid of iterations in shared memory and write the cells a thread
// computed in the last one: `computed` is set in every iteration and read
// after a loop that leaves by `break` in iteration `iteration - 1`. Its
// value there is what that iteration set (protocol/loops.c: a variable set
// from what its iteration fixes is, in iteration k > 0, that value of
// iteration k - 1; an exit value is the header's or the break's by which
// test holds), so only the threads inside the pyramid's last level write,
// and the blocks' halos, which overlap, are never written twice. Before,
// `computed` after the loop was any value: a `possible` race between
// neighbouring blocks on temp_dst and gpuResults.
//
// hotspot: 16 x 16 threads, pyramid height 2 (border = height * EXPAND_RATE / 2),
// a 512 x 512 grid of cells.
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=16,16 --param iteration=2 --param border_cols=2 --param border_rows=2 --param grid_cols=512 --param grid_rows=512 --kernel=calculate_temp %s > %t.hotspot.txt
// RUN: FileCheck %s --check-prefix=HOTSPOT < %t.hotspot.txt
// pathfinder: 256 threads, pyramid height 20 (border = height * HALO, HALO
// 1; its BLOCK_SIZE 256 and HALO are written out below).
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=256 --param iteration=20 --param border=20 --kernel=dynproc_kernel %s > %t.pathfinder.txt
// RUN: FileCheck %s --check-prefix=PATHFINDER < %t.pathfinder.txt
// With 256 threads it is race free for every height and border: the
// blocks' written ranges are `256 - 2 * iteration` wide and as far apart
// (z3expr.c, split_stride: the compiler's 256 * bx - 2 * iteration * bx is
// one product, bx * (128 - iteration)).
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=256 --kernel=dynproc_kernel %s > %t.pathfinder-any.txt
// RUN: FileCheck %s --check-prefix=PATHFINDER < %t.pathfinder-any.txt
#define BLOCK_SIZE 16
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))
__global__ void calculate_temp(int iteration, float *power, float *temp_src, float *temp_dst,
                               int grid_cols, int grid_rows, int border_cols, int border_rows,
                               float Cap, float Rx, float Ry, float Rz, float step,
                               float time_elapsed) {
  __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];
  float amb_temp = 80.0;
  float step_div_Cap;
  float Rx_1, Ry_1, Rz_1;
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  step_div_Cap = step / Cap;
  Rx_1 = 1 / Rx;
  Ry_1 = 1 / Ry;
  Rz_1 = 1 / Rz;
  int small_block_rows = BLOCK_SIZE - iteration * 2;
  int small_block_cols = BLOCK_SIZE - iteration * 2;
  int blkY = small_block_rows * by - border_rows;
  int blkX = small_block_cols * bx - border_cols;
  int blkYmax = blkY + BLOCK_SIZE - 1;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int yidx = blkY + ty;
  int xidx = blkX + tx;
  int loadYidx = yidx, loadXidx = xidx;
  int index = grid_cols * loadYidx + loadXidx;
  if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
    temp_on_cuda[ty][tx] = temp_src[index];
    power_on_cuda[ty][tx] = power[index];
  }
  __syncthreads();
  int validYmin = (blkY < 0) ? -blkY : 0;
  int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;
  int N = ty - 1;
  int S = ty + 1;
  int W = tx - 1;
  int E = tx + 1;
  N = (N < validYmin) ? validYmin : N;
  S = (S > validYmax) ? validYmax : S;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
        IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
      computed = true;
      temp_t[ty][tx] = temp_on_cuda[ty][tx] +
                       step_div_Cap * (power_on_cuda[ty][tx] +
                                       (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0 * temp_on_cuda[ty][tx]) * Ry_1 +
                                       (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0 * temp_on_cuda[ty][tx]) * Rx_1 +
                                       (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
    }
    __syncthreads();
    if (i == iteration - 1)
      break;
    if (computed)
      temp_on_cuda[ty][tx] = temp_t[ty][tx];
    __syncthreads();
  }
  if (computed) {
    temp_dst[index] = temp_t[ty][tx];
  }
}

__global__ void dynproc_kernel(int iteration, int *gpuWall, int *gpuSrc, int *gpuResults, int cols,
                               int rows, int startStep, int border) {
  __shared__ int prev[256];
  __shared__ int result[256];
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int small_block_cols = 256 - iteration * 2;
  int blkX = small_block_cols * bx - border;
  int blkXmax = blkX + 256 - 1;
  int xidx = blkX + tx;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > cols - 1) ? 256 - 1 - (blkXmax - cols + 1) : 256 - 1;
  int W = tx - 1;
  int E = tx + 1;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool isValid = IN_RANGE(tx, validXmin, validXmax);
  if (IN_RANGE(xidx, 0, cols - 1)) {
    prev[tx] = gpuSrc[xidx];
  }
  __syncthreads();
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, 256 - i - 2) && isValid) {
      computed = true;
      int left = prev[W];
      int up = prev[tx];
      int right = prev[E];
      int shortest = MIN(left, up);
      shortest = MIN(shortest, right);
      int index = cols * (startStep + i) + xidx;
      result[tx] = shortest + gpuWall[index];
    }
    __syncthreads();
    if (i == iteration - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed) {
    gpuResults[xidx] = result[tx];
  }
}

// HOTSPOT:      kernel calculate_temp ({{.*}}): drf
// HOTSPOT:      array power global {{.*}} drf
// HOTSPOT-NEXT: array temp_src global {{.*}} drf
// HOTSPOT-NEXT: array temp_dst global {{.*}} drf
// HOTSPOT-NEXT: array temp_on_cuda shared {{.*}} drf
// HOTSPOT-NEXT: array power_on_cuda shared {{.*}} drf
// HOTSPOT-NEXT: array temp_t shared {{.*}} drf
// PATHFINDER:      kernel dynproc_kernel ({{.*}}): drf
// PATHFINDER:      array gpuWall global {{.*}} drf
// PATHFINDER-NEXT: array gpuSrc global {{.*}} drf
// PATHFINDER-NEXT: array gpuResults global {{.*}} drf
// PATHFINDER-NEXT: array prev shared {{.*}} drf
// PATHFINDER-NEXT: array result shared {{.*}} drf

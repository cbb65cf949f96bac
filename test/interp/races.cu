// Races and race freedom observed by the interpreter, at block and grid
// scope, with the witness of each.
//
// RUN: not %mapcost run --no-sdk --block-dim=64 --grid-dim=2 --param n=64 %s | FileCheck %s
// RUN: not %mapcost run --no-sdk --block-dim=64 --grid-dim=2 --param n=64 --format=json %s | %python %S/Inputs/races.py | FileCheck %s --check-prefix=JSON

// CHECK-LABEL: kernel missing_barrier ({{.*}}): race
// CHECK: race on s (shared, block scope): read-write, confirmed
// CHECK-NEXT: first: {{.*}}races.cu:[[@LINE+4]]:{{[0-9]+}} write
// CHECK-NEXT: second: {{.*}}races.cu:[[@LINE+4]]:{{[0-9]+}} read
__global__ void missing_barrier(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

// CHECK-LABEL: kernel with_barrier ({{.*}}): drf
__global__ void with_barrier(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

// Every block writes the same cell: a race between blocks (and threads).
// CHECK-LABEL: kernel one_cell ({{.*}}): race
// CHECK: race on cell (global, grid scope): write-write, confirmed
__global__ void one_cell(int *cell, int n) { cell[0] = blockIdx.x; }

// Device-scope atomics do not race; block-scope ones do between blocks.
// CHECK-LABEL: kernel device_atomic ({{.*}}): drf
__global__ void device_atomic(int *cell, int n) { atomicAdd(cell, 1); }
// CHECK-LABEL: kernel block_atomic ({{.*}}): race
// CHECK: race on cell (global, grid scope): write-write, confirmed
// CHECK-NEXT: first: {{.*}} atomic
__global__ void block_atomic(int *cell, int n) { atomicAdd_block(cell, 1); }

// A tree reduction with its barriers, and without the one in the loop.
// CHECK-LABEL: kernel reduce ({{.*}}): drf
__global__ void reduce(const int *in, int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  for (int k = 32; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}
// CHECK-LABEL: kernel reduce_racy ({{.*}}): race
// CHECK: race on s (shared, block scope)
__global__ void reduce_racy(const int *in, int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  for (int k = 32; k > 0; k >>= 1)
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// Warp-synchronous code: threads of one warp exchange through shared
// memory; without __syncwarp that is a race, with it it is not.
// CHECK-LABEL: kernel warp_exchange ({{.*}}): race
__global__ void warp_exchange(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x ^ 1];
}
// CHECK-LABEL: kernel warp_exchange_synced ({{.*}}): drf
__global__ void warp_exchange_synced(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x ^ 1];
}

// A barrier that only some threads reach.
// CHECK-LABEL: kernel divergent ({{.*}}): barrier-divergence
__global__ void divergent(int *out, int n) {
  __shared__ int s[64];
  s[threadIdx.x] = 1;
  if (threadIdx.x < 16)
    __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

// JSON: missing_barrier race s block read-write confirmed
// JSON: one_cell race cell grid write-write confirmed block1=[0, 0, 0] block2=[1, 0, 0]
// JSON: block_atomic race cell grid write-write confirmed
// JSON: divergent barrier-divergence line {{[0-9]+}}

// Uniformity of values at grid, block and warp level, by data and control
// dependence, printed by print<mapcost-lockstep> (`value TEXT : LEVEL`).
//
// RUN: %cuda_device -O0 -g -fno-discard-value-names -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -mapcost-block-dim=64 \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=D64
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -mapcost-block-dim=48,2 \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=D48

__device__ void use(int);
__constant__ int table[64];
struct Params { int n; int *out; };

// 1-4. threadIdx is divergent; blockIdx block-uniform but not grid-uniform;
// blockDim, gridDim, parameters and what is computed from them grid-uniform.
__global__ void sources(int n) {
  use(threadIdx.x);
  use(blockIdx.x * 2);
  use(blockDim.x * gridDim.y + n);
  use(threadIdx.x + blockIdx.x * blockDim.x);
}
// CHECK-LABEL: lockstep of kernel 'sources'
// CHECK: value threadIdx.x : divergent
// CHECK: value blockIdx.x * 2 : block-uniform
// CHECK: value blockDim.x * gridDim.y + n : grid-uniform
// CHECK: value threadIdx.x + blockIdx.x * blockDim.x : divergent

// 5-7. threadIdx.x / 32 is the warp number when rows are whole warps
// (64 threads), not when a warp spans two rows (48x2); threadIdx.y is 0 in
// a 1-D block. With a symbolic block size none of this is known.
__global__ void warp_number() {
  use(threadIdx.x / 32);
  use(threadIdx.x % 32);
  use(threadIdx.y);
  use(threadIdx.x < 64);
}
// CHECK-LABEL: lockstep of kernel 'warp_number'
// CHECK: value threadIdx.x / 32 : divergent
// CHECK: value threadIdx.x % 32 : divergent
// CHECK: value threadIdx.y : divergent
// D64-LABEL: lockstep of kernel 'warp_number': 1 block, 0 loops, 0 barriers; block size 64x1x1
// D64: value threadIdx.x / 32 : warp-uniform
// D64: value threadIdx.x % 32 : divergent
// D64: value threadIdx.y : grid-uniform
// D64: value threadIdx.x < 64 : grid-uniform
// D48-LABEL: lockstep of kernel 'warp_number': 1 block, 0 loops, 0 barriers; block size 48x2x1
// D48: value threadIdx.x / 32 : divergent
// D48: value threadIdx.y : divergent

// 8-9. Control dependence: x is assigned in a threadIdx-dependent branch,
// y in a uniform one.
__global__ void control(int *a, int n) {
  int x, y;
  if (threadIdx.x < 16) { a[0] = 1; x = n; } else { a[1] = 2; x = n + 1; }
  if (n > 0) { a[2] = 3; y = n; } else { a[3] = 4; y = 7; }
  use(x);
  use(y);
}
// CHECK-LABEL: lockstep of kernel 'control'
// CHECK: value x : divergent
// CHECK: value y : grid-uniform

// 10-12. In a loop that threads leave at different iterations, the counter
// and n * 4 are uniform among the threads still iterating; the counter
// leaving the loop is divergent, n * 4 is not (it is the same in every
// iteration).
__global__ void divergent_loop(int n) {
  int i = 0, k;
  for (;; ++i) {
    k = n * 4;
    if (i >= threadIdx.x)
      break;
    use(i + k);
  }
  use(i);
  use(k);
}
// CHECK-LABEL: lockstep of kernel 'divergent_loop'
// CHECK: loop L1: {{.*}}, exit divergent
// CHECK: value i : grid-uniform
// CHECK: value n * 4 : grid-uniform
// CHECK: value i < threadIdx.x : divergent
// CHECK: value i + n * 4 : grid-uniform
// CHECK: block for.end
// CHECK: value %i.0.lcssa : divergent
// CHECK: value %mul.lcssa : grid-uniform

// 13. A loop over a block-uniform range: its exit and what leaves it are
// block-uniform.
__global__ void block_loop(int *a) {
  int s = 0;
  for (int i = 0; i < blockIdx.x; ++i)
    s += i;
  a[0] = s;
}
// CHECK-LABEL: lockstep of kernel 'block_loop'
// CHECK: loop L1: {{.*}}, exit block-uniform
// CHECK: value %s.0.lcssa : block-uniform

// 14-18. Memory: a load is divergent unless it reads __constant__ memory or
// a by-value parameter at a uniform address; an atomic's result is
// divergent.
__global__ void memory(int *a, Params p, int *c) {
  use(a[0]);
  use(table[blockIdx.x]);
  use(table[threadIdx.x]);
  use(p.n);
  use(atomicAdd(c, 1));
}
// CHECK-LABEL: lockstep of kernel 'memory'
// CHECK: value a[0] : divergent
// CHECK: value table[blockIdx.x] : block-uniform
// CHECK: value table[threadIdx.x] : divergent
// CHECK: value p[0] : grid-uniform
// CHECK: value atomicAdd(c, 1) : divergent

// 19-21. Collectives: a block barrier's reduction is the same in the block,
// a warp vote in the warp; the lane id is divergent.
__global__ void collectives(int *a) {
  use(__syncthreads_count(threadIdx.x < 5));
  use(__nvvm_vote_ballot_sync(0xffffffff, a[threadIdx.x] > 0));
  use(__nvvm_read_ptx_sreg_laneid() / 2);
}
// CHECK-LABEL: lockstep of kernel 'collectives'
// CHECK: value __syncthreads_count(threadIdx.x < 5) : block-uniform
// CHECK: value __ballot_sync(0xffffffff, a[threadIdx.x] > 0) : warp-uniform
// CHECK: value laneid / 2 : divergent

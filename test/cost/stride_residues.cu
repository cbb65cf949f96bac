// Remainders in loops. In a grid-stride loop the index i = gid + k *
// gsize enters a remainder beside the thread's id (`(i + gid) % 256`,
// `i % 3`): every lane's dividend is the same sum of the block, the
// iteration and the grid's size, plus the lane's constant, so the metric
// is computed at each residue that sum can take. `rotate` reads a
// rotated window (8 sectors at every residue); `rows` spreads the lanes
// over three rows gsize apart (a function of gsize, constant since gsize
// is at least the block); `ring` rotates by the thread's id, modulo 96.
// Where the formula differs between residues the metric is a table over
// the sum's residue: `window`'s `(r + gid) % 96` in a loop over r costs
// 4 sectors where r + 128 * blockIdx.x is a multiple of 8 and 5
// elsewhere, and the loop's sum of that table closes. The grid-stride
// trip counts of a 3-D grid are widened from 32 bits beside blockIdx.x
// (`(long)(int)(blockIdx.z * gridDim.y * gridDim.x)`), and `rotate`'s
// halo read (blocks past the first) needs them read as one linear id for
// the maximum over the grid.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=1,1,1 --param n=300 --param reps=3 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=3,2,2 --param n=5000 --param reps=11 \
// RUN:   | FileCheck %s --check-prefix=CUBE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
//
// With the block not fixed, a grid-stride loop runs longest in thread 0
// of block 0 (its start, `gid`, grows with threadIdx.y through
// blockDim.x * threadIdx.y): its trip count there bounds every warp's,
// a formula in n and the launch's dimensions, not `unbounded`.
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=3,2,2 --param n=1000 --param reps=3 \
// RUN:   --symbolic-block | FileCheck %s --check-prefix=SYMBOLIC --implicit-check-not=UNSOUND
// RUN: %mapcost --no-sdk --metric=uncoalesced %s | FileCheck %s --check-prefix=STATIC

__global__ void rotate(const int *in, int *out, int n) {
  int nt = blockDim.x * blockDim.y;
  int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int gid = bid * nt + threadIdx.x + blockDim.x * threadIdx.y;
  int gsize = gridDim.x * gridDim.y * gridDim.z * nt;
  for (int i = gid; i < n; i += gsize)
    out[i] = in[(i + gid) % 256];
  if (bid > 0)
    out[gid] += in[gid - 1];
}

__global__ void rows(const int *in, int *out, int n) {
  int nt = blockDim.x * blockDim.y;
  int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int gid = bid * nt + threadIdx.x + blockDim.x * threadIdx.y;
  int gsize = gridDim.x * gridDim.y * gridDim.z * nt;
  for (int i = gid; i < n; i += gsize)
    out[i % 3 * gsize + gid] = in[i];
}

__global__ void ring(const float *in, float *out, int n) {
  int tid = threadIdx.x + blockDim.x * threadIdx.y;
  int gid = blockIdx.x * blockDim.x * blockDim.y + tid;
  int gsize = gridDim.x * blockDim.x * blockDim.y;
  for (int i = gid; i < n; i += gsize)
    out[i] = in[(i + tid) % 96];
}

__global__ void window(const float *in, float *out, int reps) {
  int gid = blockIdx.x * blockDim.x * blockDim.y + threadIdx.x + blockDim.x * threadIdx.y;
  for (int r = 0; r < reps; r++)
    out[gid] += in[(r + gid) % 96];
}

// ONE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced in = 24 (=) measured 24 ok
// ONE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// ONE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced in = 0 (=) measured 0 ok
// ONE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// ONE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// ONE: kernel rotate: total uncoalesced = 36 (=) measured 36 ok
// ONE: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// ONE: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced out = 36 (=) measured 36 ok
// ONE: kernel rows: total uncoalesced = 48 (=) measured 48 ok
// ONE: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced in = 24 (=) measured 24 ok
// ONE: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// ONE: kernel ring: total uncoalesced = 36 (=) measured 36 ok
// ONE: kernel window: {{[0-9]+:[0-9]+}} uncoalesced in = 14 (=) measured 14 ok
// ONE: kernel window: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// ONE: kernel window: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// ONE: kernel window: total uncoalesced = 38 (=) measured 38 ok

// CUBE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced in = 32 (=) measured 32 ok
// CUBE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// CUBE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced in = 5 (=) measured 5 ok
// CUBE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CUBE: kernel rotate: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CUBE: kernel rotate: total uncoalesced = 61 (=) measured 61 ok
// CUBE: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// CUBE: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced out = 48 (=) measured 48 ok
// CUBE: kernel rows: total uncoalesced = 64 (=) measured 64 ok
// CUBE: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced in = 106 (=) measured 106 ok
// CUBE: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced out = 53 (=) measured 53 ok
// CUBE: kernel ring: total uncoalesced = 159 (=) measured 159 ok
// CUBE: kernel window: {{[0-9]+:[0-9]+}} uncoalesced in = 53 (=) measured 53 ok
// CUBE: kernel window: {{[0-9]+:[0-9]+}} uncoalesced out = 44 (=) measured 44 ok
// CUBE: kernel window: {{[0-9]+:[0-9]+}} uncoalesced out = 44 (=) measured 44 ok
// CUBE: kernel window: total uncoalesced = 141 (=) measured 141 ok

// SYMBOLIC: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced in = {{[0-9]+}} (<=) measured 24 ok
// SYMBOLIC: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced out = {{[0-9]+}} (<=) measured 12 ok
// SYMBOLIC: kernel ring: total uncoalesced = {{[0-9]+}} (<=) measured 36 ok
// STATIC-LABEL: kernel ring
// STATIC: cost uncoalesced of in at {{.*}}: 32 * max((blockDim.y * blockDim.x * gridDim.x + n - 1) / (blockDim.y * blockDim.x * gridDim.x), 0) (upper bound)

// A stencil's halo read on every other block of a 3-D grid: thread 0 reads
// the element left of its block's first (`gid > 0 ? in[gid - 1] : 0`) in
// blocks with an even blockIdx.x. The cost is 1 in such a block unless it
// is the grid's first block, a condition periodic in blockIdx.x and a
// threshold on the linear id together: it does not shrink when blockIdx.x
// grows by 2, so the maximum over blocks is over the last two of each
// row, and over the last blockIdx.y and blockIdx.z. Exact for every grid:
// 0 on one block and on a row of two, 1 where a second row or a third
// block has an even blockIdx.x.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2,1,2 \
// RUN:   | FileCheck %s --check-prefix=MORE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 \
// RUN:   | FileCheck %s --check-prefix=MORE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void halo(const float *in, float *out) {
  __shared__ float s[65];
  int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int gid = bid * blockDim.x + threadIdx.x;
  if (blockIdx.x % 2 == 0 && threadIdx.x == 0)
    s[0] = gid > 0 ? in[gid - 1] : 0.0f;
  __syncthreads();
  out[gid] = s[0];
}

// ONE: kernel halo: {{[0-9]+:[0-9]+}} uncoalesced in = 0 (=) measured 0 ok
// ONE: kernel halo: total uncoalesced = 4 (=) measured 4 ok
// MORE: kernel halo: {{[0-9]+:[0-9]+}} uncoalesced in = 1 (=) measured 1 ok
// MORE: kernel halo: total uncoalesced = 5 (=) measured 5 ok

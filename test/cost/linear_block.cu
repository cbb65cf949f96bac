// Costs over blocks numbered as one, as kernels number the blocks of 2-D
// and 3-D grids (`blockIdx.x + gridDim.x * blockIdx.y`): where a cost
// depends on the block only through that linear id it is a function of it,
// and its maximum over the grid is the one over 0 <= id < the number of
// blocks. `square2d` and `square3d` read `gid * gid % M` (a table over the
// id's residue; with 16x16 blocks the square outgrows 32 bits, read without
// wrap-around as the costs assume); `repeated` runs a grid-stride loop
// `reps` times (its cost, a trip count times the loop's, is monotone in
// the id once the two are regrouped); `either` runs an access when a
// parameter or a threshold on the thread's id lets it (every lane when
// the parameter does, else those at n and past it).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16,1 --grid-dim=1,1,1 --param n=250 \
// RUN:   --param reps=3 --param flag=0 \
// RUN:   | FileCheck %s --check-prefix=SMALL --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16,1 --grid-dim=3,2,2 --param n=5000 \
// RUN:   --param reps=2 --param flag=1 \
// RUN:   | FileCheck %s --check-prefix=CUBE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void square2d(const float *in, float *out) {
  int bid = blockIdx.y * gridDim.x + blockIdx.x;
  int gid = bid * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
  out[gid] = in[gid * gid % 768];
}

__global__ void square3d(const float *in, float *out) {
  int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int tid = threadIdx.x + blockDim.x * threadIdx.y;
  int gid = bid * blockDim.x * blockDim.y + tid;
  out[gid] = in[gid * gid % 384];
}

__global__ void repeated(const float *in, float *out, int n, int reps) {
  int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int nt = blockDim.x * blockDim.y;
  int gid = bid * nt + threadIdx.x + blockDim.x * threadIdx.y;
  int gsize = gridDim.x * gridDim.y * gridDim.z * nt;
  for (int r = 2; r < reps + 2; r++)
    for (int i = gid; i < n; i += gsize)
      out[i] += in[i];
}

__global__ void either(const int *in, unsigned *acc, int flag, int n) {
  int gid = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
  if (flag != 0 || gid >= n)
    atomicAdd(&acc[threadIdx.x], (unsigned)in[gid * 3]);
}

// SMALL: kernel square2d: {{[0-9]+:[0-9]+}} uncoalesced in = 28 (=) measured 28 ok
// SMALL: kernel square2d: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// SMALL: kernel square2d: total uncoalesced = 32 (=) measured 32 ok
// SMALL: kernel square3d: {{[0-9]+:[0-9]+}} uncoalesced in = 23 (=) measured 23 ok
// SMALL: kernel square3d: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// SMALL: kernel square3d: total uncoalesced = 27 (=) measured 27 ok
// SMALL: kernel repeated: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// SMALL: kernel repeated: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// SMALL: kernel repeated: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// SMALL: kernel repeated: total uncoalesced = 36 (=) measured 36 ok
// SMALL: kernel either: {{[0-9]+:[0-9]+}} uncoalesced in = 3 (=) measured 3 ok
// SMALL: kernel either: total uncoalesced = 4 (=) measured 4 ok

// CUBE: kernel square2d: {{[0-9]+:[0-9]+}} uncoalesced in = 28 (=) measured 28 ok
// CUBE: kernel square2d: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CUBE: kernel square2d: total uncoalesced = 32 (=) measured 32 ok
// CUBE: kernel square3d: {{[0-9]+:[0-9]+}} uncoalesced in = 23 (=) measured 23 ok
// CUBE: kernel square3d: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CUBE: kernel square3d: total uncoalesced = 27 (=) measured 27 ok
// CUBE: kernel repeated: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// CUBE: kernel repeated: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// CUBE: kernel repeated: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// CUBE: kernel repeated: total uncoalesced = 48 (=) measured 48 ok
// CUBE: kernel either: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// CUBE: kernel either: total uncoalesced = 14 (=) measured 14 ok

// Costs that depend on the block through both its linear id and a
// condition on blockIdx.x alone. `evens` reads a halo in even columns of
// blocks past the first (`blockIdx.x % 2 == 0 && bid > 0`) beside a
// grid-stride loop over the linear id of a 2-D grid; `skip` runs a loop
// in blocks past the first two but column 1 (`blockIdx.x != 1 && bid >=
// 2`) of a 3-D grid. The cost is a function of the linear id L and of
// blockIdx.x that does not grow with L once past the comparisons of L
// (L > 0, L >= 2): a block of a later row costs at most what the block of
// the first row with its blockIdx.x does, but for the first columns,
// whose next rows are candidates, so the maximum over the grid is exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=1,1,1 --param n=300 --param reps=2 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=1,3,1 --param n=1000 --param reps=2 \
// RUN:   | FileCheck %s --check-prefix=COLUMN --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=2,3,1 --param n=1000 --param reps=2 \
// RUN:   | FileCheck %s --check-prefix=GRID --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4,1 --grid-dim=3,2,2 --param n=5000 --param reps=3 \
// RUN:   | FileCheck %s --check-prefix=CUBE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void evens(const float *in, float *out, int n) {
  int nt = blockDim.x * blockDim.y;
  int bid = blockIdx.x + gridDim.x * blockIdx.y;
  int gid = bid * nt + threadIdx.x + blockDim.x * threadIdx.y;
  int gsize = gridDim.x * gridDim.y * nt;
  for (int i = gid; i < n; i += gsize)
    out[i] = in[i];
  if (blockIdx.x % 2 == 0 && bid > 0)
    out[gid] += in[gid - 1];
}

__global__ void skip(const float *in, float *out, int n, int reps) {
  int nt = blockDim.x * blockDim.y;
  int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int gid = bid * nt + threadIdx.x + blockDim.x * threadIdx.y;
  int gsize = gridDim.x * gridDim.y * gridDim.z * nt;
  for (int i = gid; i < n; i += gsize)
    out[i] = in[i] * 2.0f;
  if (blockIdx.x != 1 && bid >= 2)
    for (int r = 0; r < reps; r++)
      out[gid] += in[gid + 3];
}

// ONE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// ONE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// ONE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 0 (=) measured 0 ok
// ONE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// ONE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// ONE: kernel evens: total uncoalesced = 24 (=) measured 24 ok
// ONE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// ONE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// ONE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 0 (=) measured 0 ok
// ONE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// ONE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// ONE: kernel skip: total uncoalesced = 24 (=) measured 24 ok

// COLUMN: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// COLUMN: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// COLUMN: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 5 (=) measured 5 ok
// COLUMN: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// COLUMN: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// COLUMN: kernel evens: total uncoalesced = 37 (=) measured 37 ok
// COLUMN: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// COLUMN: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// COLUMN: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 10 (=) measured 10 ok
// COLUMN: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// COLUMN: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// COLUMN: kernel skip: total uncoalesced = 42 (=) measured 42 ok

// GRID: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// GRID: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// GRID: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 5 (=) measured 5 ok
// GRID: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// GRID: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// GRID: kernel evens: total uncoalesced = 21 (=) measured 21 ok
// GRID: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// GRID: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// GRID: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 10 (=) measured 10 ok
// GRID: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// GRID: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// GRID: kernel skip: total uncoalesced = 34 (=) measured 34 ok

// CUBE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 28 (=) measured 28 ok
// CUBE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 28 (=) measured 28 ok
// CUBE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced in = 5 (=) measured 5 ok
// CUBE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CUBE: kernel evens: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CUBE: kernel evens: total uncoalesced = 69 (=) measured 69 ok
// CUBE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// CUBE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// CUBE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced in = 15 (=) measured 15 ok
// CUBE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// CUBE: kernel skip: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// CUBE: kernel skip: total uncoalesced = 71 (=) measured 71 ok

// A cost that only blocks after the first pay (`blockIdx.x != 0`) beside
// one that shrinks with the block id (a grid-stride loop): the kernel's
// total is not monotone in blockIdx.x, but it is from block 1 on, so the
// maximum over the blocks is block 0's or block 1's, each where the grid
// has it: exact for every grid.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param n=100 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param n=1000 \
// RUN:   | FileCheck %s --check-prefix=THREE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void shift(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = i; j < n; j += gridDim.x * blockDim.x)
    a[j] = 0;
  if (blockIdx.x != 0)
    a[i] = b[i - 1];
}

// ONE: kernel shift: {{[0-9]+:[0-9]+}} uncoalesced a = 8 (=) measured 8 ok
// ONE: kernel shift: {{[0-9]+:[0-9]+}} uncoalesced b = 0 (=) measured 0 ok
// ONE: kernel shift: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// ONE: kernel shift: total uncoalesced = 8 (=) measured 8 ok
// THREE: kernel shift: {{[0-9]+:[0-9]+}} uncoalesced a = 24 (=) measured 24 ok
// THREE: kernel shift: {{[0-9]+:[0-9]+}} uncoalesced b = 5 (=) measured 5 ok
// THREE: kernel shift: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// THREE: kernel shift: total uncoalesced = 29 (=) measured 29 ok

// RaCUDA's vectorAdd (256-thread blocks): three coalesced accesses, 12 per
// warp. The bounds check splits the lanes at a threshold on n - 256 *
// blockIdx.x; block 0 runs the most: exact, also for a partial last block.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=256 --grid-dim=4 --param n=1000 \
// RUN:   | FileCheck %s --check-prefix=N1000 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=256 --grid-dim=4 --param n=13 \
// RUN:   | FileCheck %s --check-prefix=N13 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void vectorAdd(const float *A, const float *B, float *C, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n)
    C[i] = A[i] + B[i];
}

// N1000: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced A = 4 (=) measured 4 ok
// N1000: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced B = 4 (=) measured 4 ok
// N1000: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced C = 4 (=) measured 4 ok
// N1000: kernel vectorAdd: total uncoalesced = 12 (=) measured 12 ok
// N13: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced A = 2 (=) measured 2 ok
// N13: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced B = 2 (=) measured 2 ok
// N13: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced C = 2 (=) measured 2 ok
// N13: kernel vectorAdd: total uncoalesced = 6 (=) measured 6 ok

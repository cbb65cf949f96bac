// RaCUDA's vectorAdd (256-thread blocks): three coalesced accesses, 12 per
// warp; the bounds check makes it a bound (a last block may be partial).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=256 --grid-dim=4 --param n=1000 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void vectorAdd(const float *A, const float *B, float *C, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n)
    C[i] = A[i] + B[i];
}

// CHECK: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced A = 4 (<=) measured 4 ok
// CHECK: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced B = 4 (<=) measured 4 ok
// CHECK: kernel vectorAdd: {{[0-9]+:[0-9]+}} uncoalesced C = 4 (<=) measured 4 ok
// CHECK: kernel vectorAdd: total uncoalesced = 12 (<=) measured 12 ok

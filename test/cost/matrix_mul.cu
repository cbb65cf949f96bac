// The SDK's matrixMul with 32x32 tiles: per tile a read of A and B,
// conflict-free shared reads (a broadcast of As, consecutive Bs). A's rows
// are wA floats apart: 4 sectors a row when wA is a multiple of 8, else 5
// for the rows that straddle.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,32 --grid-dim=2,2 --param wA=64 --param wB=64 --static-param wB=64 \
// RUN:   | FileCheck %s --check-prefix=WA64 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,32 --grid-dim=2,2 --param wA=36 --param wB=64 --static-param wB=64 \
// RUN:   | FileCheck %s --check-prefix=WA36 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

#define BS 32
__global__ void matrixMul(float *C, const float *A, const float *B, int wA, int wB) {
  __shared__ float As[BS][BS];
  __shared__ float Bs[BS][BS];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0;
  for (int a = wA * BS * by, b = BS * bx; a <= wA * BS * by + wA - 1; a += BS, b += BS * wB) {
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
    for (int k = 0; k < BS; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * BS * by + BS * bx + wB * ty + tx] = sum;
}

// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} uncoalesced A = 8 (=) measured 8 ok
// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts As = 0 (=) measured 0 ok
// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} uncoalesced B = 8 (=) measured 8 ok
// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts Bs = 0 (=) measured 0 ok
// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts As = 0 (=) measured 0 ok
// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts Bs = 0 (=) measured 0 ok
// WA64: kernel matrixMul: {{[0-9]+:[0-9]+}} uncoalesced C = 4 (=) measured 4 ok
// WA64: kernel matrixMul: total bank-conflicts = 0 (=) measured 0 ok
// WA64: kernel matrixMul: total uncoalesced = 20 (=) measured 20 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} uncoalesced A = 10 (=) measured 10 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts As = 0 (=) measured 0 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} uncoalesced B = 8 (=) measured 8 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts Bs = 0 (=) measured 0 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts As = 0 (=) measured 0 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} bank-conflicts Bs = 0 (=) measured 0 ok
// WA36: kernel matrixMul: {{[0-9]+:[0-9]+}} uncoalesced C = 4 (=) measured 4 ok
// WA36: kernel matrixMul: total bank-conflicts = 0 (=) measured 0 ok
// WA36: kernel matrixMul: total uncoalesced = 22 (=) measured 22 ok

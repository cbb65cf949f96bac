// A doubling loop up to the block size: simulated, 7 iterations for 128.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void dbl(float *a) {
  for (unsigned s = 1; s < blockDim.x; s *= 2)
    a[(threadIdx.x * s) % 1024] += 1.0f;
}

// CHECK: kernel dbl: {{[0-9]+:[0-9]+}} uncoalesced a = 140 (=) measured 140 ok
// CHECK: kernel dbl: {{[0-9]+:[0-9]+}} uncoalesced a = 140 (=) measured 140 ok
// CHECK: kernel dbl: total uncoalesced = 280 (=) measured 280 ok

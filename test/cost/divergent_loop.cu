// Seed 000 Example 2.1: thread t runs t iterations; in iteration x the
// threads t > x of a warp each touch their own sector of A[t*32 + x]. The
// second warp has the most work: 32*32 + (31*32)/2 = 1520.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void divergent(float *A) {
  for (unsigned x = 0; x < threadIdx.x; x++)
    A[threadIdx.x * 32 + x] = 1.0f;
}

// CHECK: kernel divergent: {{[0-9]+:[0-9]+}} uncoalesced A = 1520 (=) measured 1520 ok
// CHECK: kernel divergent: total uncoalesced = 1520 (=) measured 1520 ok

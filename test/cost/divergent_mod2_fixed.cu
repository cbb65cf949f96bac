// Seed 000 Example 2.2 with i fixed: the even threads are 8 floats apart
// (32 bytes), 16 sectors per iteration, exactly.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param i=8 --static-param i=8 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void mod2(float *A, int i) {
  for (int x = 0; x < i; x++)
    if (threadIdx.x % 2 == 0)
      A[threadIdx.x * i + x] = 0;
}

// CHECK: kernel mod2: {{[0-9]+:[0-9]+}} uncoalesced A = 128 (=) measured 128 ok
// CHECK: kernel mod2: total uncoalesced = 128 (=) measured 128 ok

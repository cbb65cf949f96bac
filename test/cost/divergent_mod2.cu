// Seed 000 Example 2.2: only even threads access; the loop is uniform.
// With i a parameter each thread's offset is its own multiple of i, moved
// by the loop's x alike in every thread: exact, a function of i and of x's
// alignment (4 * x modulo the 32-byte sector), summed over x.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param i=4 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void mod2(float *A, int i) {
  for (int x = 0; x < i; x++)
    if (threadIdx.x % 2 == 0)
      A[threadIdx.x * i + x] = 0;
}

// CHECK: kernel mod2: {{[0-9]+:[0-9]+}} uncoalesced A = 64 (=) measured 64 ok
// CHECK: kernel mod2: total uncoalesced = 64 (=) measured 64 ok

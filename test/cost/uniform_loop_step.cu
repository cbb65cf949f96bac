// A loop with step 3 from 2: (n - 2 + 2) / 3 iterations of 4 sectors.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=17 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void stepped(float *a, int n) {
  for (int r = 2; r < n; r += 3)
    a[r * 32 + threadIdx.x] = 0;
}

// CHECK: kernel stepped: {{[0-9]+:[0-9]+}} uncoalesced a = 20 (=) measured 20 ok
// CHECK: kernel stepped: total uncoalesced = 20 (=) measured 20 ok

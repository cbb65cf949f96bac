// A halving loop over a parameter: log2 iterations (the trip count's closed
// form), each a coalesced access.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=100 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void halve(float *a, unsigned n) {
  for (unsigned s = n; s > 0; s >>= 1)
    a[threadIdx.x] += 1.0f;
}

// CHECK: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 136 (<=) measured 28 ok
// CHECK: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 136 (<=) measured 28 ok
// CHECK: kernel halve: total uncoalesced = 272 (<=) measured 56 ok

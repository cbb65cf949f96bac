// An index loaded from memory: the analysis cannot follow it; one sector per
// thread is the bound (the run reads idx[i] = i: 4).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void gather(float *a, const int *idx) {
  a[idx[threadIdx.x]] = 0;
}

// CHECK: kernel gather: {{[0-9]+:[0-9]+}} uncoalesced idx = 4 (=) measured 4 ok
// CHECK: kernel gather: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (<=) measured 28 ok
// CHECK: kernel gather: total uncoalesced = 36 (<=) measured 32 ok

// Stride 2: every other float, 8 sectors per warp.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void stride2(float *a, float *b) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i] = a[2 * i];
}

// CHECK: kernel stride2: {{[0-9]+:[0-9]+}} uncoalesced a = 8 (=) measured 8 ok
// CHECK: kernel stride2: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// CHECK: kernel stride2: total uncoalesced = 12 (=) measured 12 ok

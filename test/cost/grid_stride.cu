// A grid-stride loop: threads of a warp may run different numbers of
// iterations (n not a multiple of the stride); every thread is counted in
// each iteration, a bound.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param n=1000 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void stride(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] *= 2.0f;
}

// CHECK: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = 36 (<=) measured 32 ok
// CHECK: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = 36 (<=) measured 32 ok
// CHECK: kernel stride: total uncoalesced = 72 (<=) measured 64 ok

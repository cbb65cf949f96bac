// Broadcasts: every thread reads one element, 1 sector (RaCUDA counts 2).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void broadcast(const float *a, float *out) {
  float x = a[0] + a[blockIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

// CHECK: kernel broadcast: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// CHECK: kernel broadcast: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// CHECK: kernel broadcast: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CHECK: kernel broadcast: total uncoalesced = 6 (=) measured 6 ok

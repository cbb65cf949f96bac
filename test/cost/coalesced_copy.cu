// A coalesced copy: a warp reads and writes 32 consecutive floats, 4
// sectors each.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=256 --grid-dim=4 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void copy(float *out, const float *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// CHECK: kernel copy: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// CHECK: kernel copy: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CHECK: kernel copy: total uncoalesced = 8 (=) measured 8 ok

// One element off the alignment: 5 sectors. With an offset parameter the
// alignment is unknown: 5 is a bound (4 when off is a multiple of 8);
// fixing the parameter makes it exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param off=8 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void misaligned(const float *a, float *out, int off) {
  out[threadIdx.x] = a[threadIdx.x + 1] + a[threadIdx.x + off];
}

// CHECK: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced a = 5 (=) measured 5 ok
// CHECK: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced a = 5 (<=) measured 4 ok
// CHECK: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CHECK: kernel misaligned: total uncoalesced = 14 (<=) measured 13 ok

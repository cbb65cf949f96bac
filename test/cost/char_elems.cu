// 1-byte elements: 32 consecutive chars are one sector; chars 32 apart are
// 32 sectors.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void chars(char *a, char *b) {
  a[threadIdx.x] = b[threadIdx.x * 32];
}

// CHECK: kernel chars: {{[0-9]+:[0-9]+}} uncoalesced b = 32 (=) measured 32 ok
// CHECK: kernel chars: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// CHECK: kernel chars: total uncoalesced = 33 (=) measured 33 ok

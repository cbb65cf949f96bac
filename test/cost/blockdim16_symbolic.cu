// 2-D blocks of 16x16 with a symbolic row width: the two half-warps are
// bounded separately (3 sectors each when misaligned): 6, a bound.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16 --grid-dim=1 --param width=100 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void rows(float *b, int width) {
  b[threadIdx.y * width + threadIdx.x] = 0;
}

// CHECK: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced b = 6 (<=) measured 5 ok
// CHECK: kernel rows: total uncoalesced = 6 (<=) measured 5 ok

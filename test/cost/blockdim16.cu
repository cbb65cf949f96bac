// 2-D blocks of 16x16: a warp is two rows of 16 threads. Rows 16 floats
// apart make one run of 32 floats (4 sectors); rows `width` apart are two
// runs of 64 bytes (2 sectors each when width is fixed at 64).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16 --grid-dim=1 --param width=64 --static-param width=64 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void rows(float *a, float *b, int width) {
  a[threadIdx.y * 16 + threadIdx.x] = 0;
  b[threadIdx.y * width + threadIdx.x] = 0;
}

// CHECK: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// CHECK: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// CHECK: kernel rows: total uncoalesced = 8 (=) measured 8 ok

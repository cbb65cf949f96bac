// A value a loop leaves behind depends on its last iteration, which the
// race queries take as any iteration: a race whose offset depends on such
// a value is `possible`, naming the loop, never `confirmed`. In `leaves`
// the power of two above blockDim.x is the same in every thread, so the
// threads of a block write distinct cells and the block race is a false
// alarm; the grid race (thread 0 of every block writes a[10]) is real. A
// race that does not depend on the value stays `confirmed`.
//
// RUN: %rc %mapcost --format=json %s | FileCheck %s
#include <mapcost.h>

// CHECK:      "name": "leaves"
// CHECK:      "certainty": "possible",
// CHECK-NEXT: "scope": "block",
// CHECK:      "approximated": "the value the loop at line [[#@LINE+6]] leaves is taken as that of any iteration"
// CHECK:      "certainty": "possible",
// CHECK-NEXT: "scope": "grid",
// CHECK:      "approximated": "the value the loop at line [[#@LINE+3]] leaves is taken as that of any iteration"
__global__ void leaves(int *a) {
  unsigned s = 1;
  while (s < blockDim.x)
    s *= 2;
  a[threadIdx.x * s + 10] = 0;
}

// CHECK:      "name": "stores"
// CHECK-NOT:  "possible"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "block",
// CHECK-NOT:  "possible"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "grid",
// CHECK-NOT:  "possible"
// CHECK:      exit status 1
__global__ void stores(int *a) {
  unsigned s = 1;
  while (s < blockDim.x)
    s *= 2;
  a[0] = s;
}

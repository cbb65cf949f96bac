// A race's witness is replayed by the interpreter (threads one at a time),
// and the race stays `confirmed` when the run observes the same two
// instructions racing. The replay checks those two instructions only: in
// the first two kernels the thread that makes one access of the pair writes
// the same cell again in between, and the interpreter's shadow keeps one write
// per byte, so a replay that checked every access would report another
// pair and leave these races `possible`. (A race on an extern __shared__
// array is observed in the one dynamic buffer: test/sym/extern_shared.cu.)
//
// RUN: %rc %mapcost --format=text --only-intra-group %s > %t.txt
// RUN: FileCheck %s < %t.txt
#include <mapcost.h>

// In-place update of a cell and its right neighbour: thread t's second
// write meets thread t+1's first, and thread t+1 writes its cell again.
// CHECK-LABEL: kernel neighbour
// CHECK:      race on out (global, block scope): write-write, confirmed
// CHECK-NEXT:   first:   {{.*}}replay.cu:[[@LINE+7]]:10 write
// CHECK-NEXT:   second:  {{.*}}replay.cu:[[@LINE+7]]:14 write
// CHECK:      race on out (global, block scope): write-write, confirmed
// CHECK-NEXT:   first:   {{.*}}replay.cu:[[@LINE+5]]:14 write
// CHECK-NEXT:   second:  {{.*}}replay.cu:[[@LINE+5]]:10 write
__global__ void neighbour(float *out) {
  unsigned t = threadIdx.x;
  out[t] = 1.0f;
  out[t + 1] = 2.0f;
  out[t] = 3.0f;
}

// A shift by a parameter: with n = 0 or 1 the second write meets the
// first or the third of another thread, each at a cell its own thread
// writes again.
// CHECK-LABEL: kernel shifted
// CHECK:      race on a (global, block scope): write-write, confirmed
// CHECK-NEXT:   first:   {{.*}}replay.cu:[[@LINE+7]]:22 write
// CHECK-NEXT:   second:  {{.*}}replay.cu:[[@LINE+7]]:22 write
// CHECK:      race on a (global, block scope): write-write, confirmed
// CHECK-NEXT:   first:   {{.*}}replay.cu:[[@LINE+5]]:22 write
// CHECK-NEXT:   second:  {{.*}}replay.cu:[[@LINE+5]]:18 write
// CHECK-NOT:  possible
__global__ void shifted(float *a, int n) {
  a[threadIdx.x + 1] = 2.0f;
  a[threadIdx.x + n] = 3.0f;
  a[threadIdx.x] = 4.0f;
}


// A memset or memcpy of 0 bytes touches no byte, so it races with nothing:
// two byte ranges overlap only where the one the other starts in is not
// empty. Thread 0 of `one_writer` is the only thread that writes; in
// `by_thread` thread t writes t bytes from a[0], so thread 0 writes none
// and the race is between threads 1 and 2.
//
// RUN: %rc %mapcost --format=text --only-intra-group %s | FileCheck %s
#include <mapcost.h>

// CHECK-LABEL: kernel one_writer
// CHECK:       array a {{.*}} drf
__global__ void one_writer(char *a) {
  __builtin_memset(a, 0, threadIdx.x == 0 ? 16 : 0);
}

// CHECK-LABEL: kernel by_thread
// CHECK:       race on a (global, block scope): write-write, confirmed
// CHECK:       witness: tid1=({{[12]}},0,0) tid2=({{[12]}},0,0) {{.*}}blockDim=(3,1,1)
__global__ void by_thread(char *a) {
  __builtin_memset(a, 0, threadIdx.x);
}

// A read of n elements against a write of the first one: no race when n
// is 0.
// CHECK-LABEL: kernel shift
// CHECK:       race on a (global, block scope): read-write, confirmed
// CHECK:       witness: {{.*}} n=1
__global__ void shift(int *a, int n) {
  if (threadIdx.x == 0)
    __builtin_memmove(a + 1, a, 4 * n);
  if (threadIdx.x == 1)
    a[0] = 7;
}

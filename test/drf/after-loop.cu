// Values a loop leaves behind: the variable at the loop's exit iteration.
// The race queries take that iteration as one the thread runs and whose
// exit test fails there, and the one before it passed. Where the test
// holds for a prefix of the iterations (a variable moving monotonically
// towards a bound over exact values) that is the iteration the thread left
// in, so a race whose offset depends on such a value is `confirmed` (and
// replayed); otherwise it is `possible`, naming the loop. Where the
// lock-step form finds the loop's exit uniform (block- or grid-), the two
// threads of a query leave it in the same iteration: the power of two above
// blockDim.x is the same in every thread.
//
// RUN: %rc %mapcost --format=json %s | FileCheck %s
#include <mapcost.h>

// Threads of a block write distinct cells (s is the same in all of them);
// thread 0 of every block writes a[10], a grid race that depends on s.
// CHECK:      "name": "leaves"
// CHECK-NOT:  "scope": "block"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "grid",
// CHECK-NOT:  "scope": "block"
__global__ void leaves(int *a) {
  unsigned s = 1;
  while (s < blockDim.x)
    s *= 2;
  a[threadIdx.x * s + 10] = 0;
}

// A tree reduction for any block size, from the power of two above it.
// CHECK:      "name": "reduce_any",
// CHECK:      "verdict": "drf",
// CHECK-NEXT: "checked": {
__global__ void reduce_any(const float *g, float *out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = g[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  unsigned s = 1;
  while (s < blockDim.x)
    s <<= 1;
  for (unsigned k = s / 2; k > 0; k >>= 1) {
    if (tid < k && tid + k < blockDim.x)
      sdata[tid] += sdata[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// The power of two above threadIdx.x: each thread leaves the loop in an
// iteration of its own, and threads 2 and 3 both write a[4].
// CHECK:      "name": "own"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "block",
// CHECK-NOT:  "possible"
// CHECK:      "tid1": [
// CHECK-NEXT:   {{[23]}},
// CHECK:      "tid2": [
// CHECK-NEXT:   {{[23]}},
// CHECK:      "index": [
// CHECK-NEXT:   4
__global__ void own(int *a) {
  __mapcost_requires(gridDim.x == 1);
  unsigned s = 1;
  while (s <= threadIdx.x)
    s *= 2;
  a[s] = 0;
}

// A test that fails, then may hold again (s % 7 != 3 with steps of 2):
// the iteration a thread left in is one whose test fails, not necessarily
// the first, so the race on a[3] (threads 1 and 3 leave with s = 3) is
// possible, naming the loop.
// CHECK:      "name": "wanders"
// CHECK:      "certainty": "possible",
// CHECK-NEXT: "scope": "block",
// CHECK:      "approximated": "the value the loop at line [[#@LINE+4]] leaves is taken as that of any iteration that fails its test"
__global__ void wanders(int *a) {
  __mapcost_requires(gridDim.x == 1);
  unsigned s = threadIdx.x;
  while (s % 7 != 3)
    s += 2;
  a[s] = 0;
}

// The iterations of a loop that leaves by `if (i == n - 1) break;` are
// LLVM's trip count umin(n - 1, smax(n, 0)), 0 at n = 0 where n - 1 is
// read unsigned: read as -1 there was no iteration to leave in, and the
// race after the loop at n = 0 was missed.
// CHECK:      "name": "zero_trip"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "block",
// CHECK:      "params": {
// CHECK-NEXT:   "n": 0
__global__ void zero_trip(int *a, int n) {
  for (int i = 0; i < n; i++) {
    if (i == n - 1)
      break;
    __syncthreads();
  }
  if (n == 0)
    a[blockIdx.x] = threadIdx.x;
}

// The same with a 64-bit counter and an unsigned bound: the count is
// umin(zext(n - 1), zext(n)), whose widening of n - 1 is read unsigned too.
// CHECK:      "name": "zero_trip_wide"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "block",
// CHECK:      "params": {
// CHECK-NEXT:   "n": 0
__global__ void zero_trip_wide(int *a, unsigned n) {
  size_t i = 0;
  for (; i < n; i++) {
    if (i == n - 1)
      break;
    __syncthreads();
  }
  if (n == 0)
    a[blockIdx.x] = threadIdx.x + (int)i;
}

// A flag set in every iteration and read after a loop that leaves by
// `break` (Rodinia's pathfinder and hotspot: `computed`): in iteration
// k > 0 it is what iteration k - 1 set, and a thread that left by the
// break has the value of its last iteration. With n > 0 that is the
// iteration n - 1, where only thread n - 1 of a block sets it.
// CHECK:      "name": "last_flag"
// CHECK-NOT:  "name":
// CHECK:      "verdict": "drf",
__global__ void last_flag(int *out, int n) {
  __mapcost_requires(n > 0);
  __shared__ int s[1024];
  bool mine;
  for (int i = 0; i < n; i++) {
    mine = threadIdx.x == i;
    __syncthreads();
    if (i == n - 1)
      break;
    s[threadIdx.x] += i;
    __syncthreads();
  }
  if (mine)
    out[blockIdx.x] = s[threadIdx.x];
}

// At n <= 0 the loop never runs and the flag was never set: any value in
// every thread, so all may write (possible, naming the undefined value).
// CHECK:      "name": "last_flag_any"
// CHECK:      "certainty": "possible",
// CHECK-NEXT: "scope": "block",
// CHECK:      "approximated": "{{.*}}undef
__global__ void last_flag_any(int *out, int n) {
  __shared__ int s[1024];
  bool mine;
  for (int i = 0; i < n; i++) {
    mine = threadIdx.x == i;
    __syncthreads();
    if (i == n - 1)
      break;
    s[threadIdx.x] += i;
    __syncthreads();
  }
  if (mine)
    out[blockIdx.x] = s[threadIdx.x];
}

// A race that does not depend on the value stays confirmed.
// CHECK:      "name": "stores"
// CHECK-NOT:  "possible"
// CHECK:      "certainty": "confirmed",
// CHECK-NEXT: "scope": "block",
// CHECK-NOT:  "possible"
// CHECK:      exit status 1
__global__ void stores(int *a) {
  unsigned s = 1;
  while (s < blockDim.x)
    s *= 2;
  a[0] = s;
}


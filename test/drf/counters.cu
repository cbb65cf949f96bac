// Atomic counters: `int i = atomicAdd(count, 1); out[i] = v;` (stream
// compaction, a work queue). atomicAdd returns the value before its add:
// where every write to the counter's array is an add of a constant c >= 0,
// two threads' adds at one address return ranges [v, v + c) that do not
// meet, so they write distinct elements. A store, a decrement, or adds that
// are atomic only within a block (between blocks) end that.
//
// RUN: %rc %mapcost --format=text --metric=drf %s > %t.txt
// RUN: FileCheck %s < %t.txt
// Without the no-wrap assumption a counter may wrap around and return its
// values again.
// RUN: %rc %mapcost --format=text --metric=drf --wrap-around --kernel=compact %s > %t.wrap.txt
// RUN: FileCheck %s --check-prefix=WRAP < %t.wrap.txt

__global__ void compact(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) {
    int k = atomicAdd(count, 1);
    out[k] = in[i];
  }
}
// CHECK-LABEL: kernel compact
// CHECK: array out {{.*}} drf
// CHECK: array count {{.*}} drf
// WRAP-LABEL: kernel compact
// WRAP: array out {{.*}} race
// WRAP: race on out (global, block scope): write-write, possible

// A counter per cell, at most cap slots each: the same cell's adds return
// distinct slots, and different cells' slots do not meet.
__global__ void binning(const unsigned *cell, unsigned *counts, int *slots, int n,
                        unsigned cap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned c = cell[i];
    unsigned k = atomicAdd(&counts[c], 1u);
    if (k < cap)
      slots[c * cap + k] = i;
  }
}
// CHECK-LABEL: kernel binning
// CHECK: array slots {{.*}} drf

// A thread's own scratch array beside the counter: its stores touch no
// array of the kernel's.
__global__ void scratch(const int *in, int *out, int *count, int j) {
  int tmp[4];
  for (int q = 0; q < 4; q++)
    tmp[q] = in[threadIdx.x] + q;
  int k = atomicAdd(count, 1);
  out[k] = tmp[j & 3];
}
// CHECK-LABEL: kernel scratch
// CHECK: array out {{.*}} drf

// Two elements per add of 2.
__global__ void pairs(const int *in, int *out, int *count) {
  int k = atomicAdd(count, 2);
  out[k] = in[threadIdx.x];
  out[k + 1] = in[threadIdx.x];
}
// CHECK-LABEL: kernel pairs
// CHECK: array out {{.*}} drf

// Three apart in a range of two: thread 2's k is thread 1's k + 2.
__global__ void pairs_overrun(const int *in, int *out, int *count) {
  int k = atomicAdd(count, 2);
  out[k] = in[threadIdx.x];
  out[k + 2] = in[threadIdx.x];
}
// CHECK-LABEL: kernel pairs_overrun
// CHECK: array out {{.*}} race
// CHECK: race on out (global, block scope): write-write, possible

// Thread 0 resets the counter while others add: values return.
__global__ void reset(const int *in, int *out, int *count) {
  int k = atomicAdd(count, 1);
  out[k] = in[threadIdx.x];
  if (threadIdx.x == 0)
    *count = 0;
}
// CHECK-LABEL: kernel reset
// CHECK: array out {{.*}} race
// CHECK: array count {{.*}} race
// CHECK: race on out (global, block scope): write-write, possible

// A decrement: values need not grow.
__global__ void decrement(int *out, int *count) {
  int k = atomicAdd(count, -1);
  out[k] = threadIdx.x;
}
// CHECK-LABEL: kernel decrement
// CHECK: array out {{.*}} race
// CHECK: race on out (global, block scope): write-write, possible

// atomicAdd_block: atomic among one block's threads, not between blocks.
__global__ void block_counter(int *out, int *count) {
  int k = atomicAdd_block(count, 1);
  out[k] = threadIdx.x;
}
// CHECK-LABEL: kernel block_counter
// CHECK: array out {{.*}} race
// CHECK-NOT: race on out (global, block scope)
// CHECK: race on out (global, grid scope): write-write, possible

// A shared queue: each block's own counter (never reset in the kernel).
__global__ void shared_queue(const int *in, int *out) {
  __shared__ int q[256];
  __shared__ unsigned tail;
  unsigned k = atomicAdd(&tail, 1u);
  if (k < 256)
    q[k] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = q[threadIdx.x % 256];
}
// CHECK-LABEL: kernel shared_queue
// CHECK: array q {{.*}} drf

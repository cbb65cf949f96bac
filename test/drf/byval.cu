// A struct passed by value is each thread's own copy of the argument (the
// IR passes a `byval` pointer): not one of the kernel's arrays, so never a
// race and never a cost, also where the kernel writes into its copy. It was
// listed as a global array `p`, costed as one, and a write into it was
// reported as a confirmed race between any two threads. A field the kernel
// never writes is the same in every thread (the lock-step form finds the
// load grid-uniform), so `out[a.offset + i]` is race free as with a scalar
// parameter `offset`, and `out[a.offset]` is still a race.
//
// RUN: %rc %mapcost --no-sdk --format=text %s | FileCheck %s
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S %s -o %t.O0.ll
// RUN: %rc %mapcost --format=text %t.O0.ll | FileCheck %s
// The interpreter gives every thread a copy of its own (the same bytes):
// RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -mapcost-run -mapcost-block-dim=64 \
// RUN:   -mapcost-grid-dim=2 -disable-output %t.O0.ll | FileCheck %s --check-prefix=INTERP

struct Params {
  int n;
  float scale;
  int stride;
};

// CHECK-LABEL: kernel scale_all
// CHECK-NOT: array p
// CHECK: array out {{.*}} drf
// CHECK-NOT: array p
// CHECK: array in {{.*}} drf
// CHECK-NOT: of p at
// CHECK: total uncoalesced
// INTERP: "name": "scale_all"
// INTERP-NOT: "name": "p", "space"
// INTERP-SAME: "run": {{.*}}"ok": true
__global__ void scale_all(float *out, const float *in, Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    out[i] = in[i * p.stride] * p.scale;
}

// CHECK-LABEL: kernel modify ({{.*}}): drf
// CHECK-NOT: array p
// CHECK: array out {{.*}} drf
// CHECK-NOT: array p
// CHECK-NOT: race
// CHECK: total uncoalesced
// INTERP-NEXT: "name": "modify"{{.*}}"verdict": "drf"
// INTERP-NOT: "name": "p", "space"
// INTERP-SAME: "run": {{.*}}"ok": true
__global__ void modify(float *out, Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p.n += i;
  p.scale *= 2;
  if (i < 64)
    out[i] = p.n * p.scale;
}

// A barrier in a loop bounded by a field of the struct: every thread reads
// the same value, so every thread reaches the barrier.
// CHECK-LABEL: kernel rounds ({{.*}}): drf
// CHECK-NOT: divergence
// CHECK: array out {{.*}} drf
__global__ void rounds(float *out, Params p) {
  __shared__ float s[256];
  for (int r = 0; r < p.n; r++) {
    s[threadIdx.x] = r;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] += s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
}

// CHECK-LABEL: kernel shift ({{.*}}): drf
// CHECK: array out {{.*}} drf
__global__ void shift(float *out, Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    out[p.stride + i] = i;
}

// CHECK-LABEL: kernel one_cell ({{.*}}): race
// CHECK: race on out (global, block scope): write-write, possible
__global__ void one_cell(float *out, Params p) {
  out[p.stride] = threadIdx.x;
}

// A copy changed through a pointer that may point elsewhere (here a select)
// is written: its fields are each thread's own again. With c != 0 every
// thread writes out[0]; this block-scope race was missed while only
// stores whose address is a field of `p` counted as writes.
// CHECK-LABEL: kernel escaped ({{.*}}): race
// CHECK: race on out (global, block scope): write-write, possible
__global__ void escaped(float *out, Params p, Params other, int c) {
  Params *q = c ? &p : &other;
  q->stride = -(int)threadIdx.x;
  out[p.stride + threadIdx.x] = 1;
}

// __mapcost_alias(p, q): kernel pointer parameters that may point into one
// allocation, at any distance apart (a multiple of their elements'
// alignment), the same in every thread. Each kernel comes with and
// without the annotation: without it the parameters are distinct arrays
// (an assumption the report lists). Blocks of 256 threads, any grid; the
// verdicts are the same at -O0 and -O2.
//
// RUN: %rc %mapcost --format=text --block-dim=256 %s > %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: %rc %mapcost --format=text --block-dim=256 %s -- -O2 -Xclang -debug-info-kind=constructor > %t.O2.txt
// RUN: FileCheck %s < %t.O2.txt
// Within one block the rotation below is race free at any distance:
// RUN: %rc %mapcost --format=text --block-dim=256 --only-intra-group --kernel=rotate %s | FileCheck --check-prefix=INTRA %s
// The JSON report lists the assumptions:
// RUN: %rc %mapcost --format=json --block-dim=256 --kernel=group %s | FileCheck --check-prefix=JSON %s
// The interpreter gives aliased parameters separate arrays, and says so:
// RUN: %rc %mapcost run --block-dim=256 --grid-dim=2 --kernel=shift %s | FileCheck --check-prefix=INTERP %s
// INTERP-LABEL: kernel shift
// INTERP-NEXT: checked: block, grid scope
// INTERP-NEXT: assumes: a concrete run: {{.*}}
// INTERP-NEXT: assumes: in and out, which __mapcost_alias says may alias, are separate arrays in this run
// INTERP: array in {{.*}} drf
// INTERP: exit status 0

#include <mapcost.h>
// The kernels index with blockIdx.x only: one-dimensional grids.
#define FLAT_GRID                                                              \
  __mapcost_requires(gridDim.y == 1);                                          \
  __mapcost_requires(gridDim.z == 1)

// in = out + 4 bytes is `out[i] = out[i + 2]`: thread i reads the element
// thread i + 2 writes. At distance 0 thread i reads what thread i + 1
// writes; any distance d = 4k has thread j = i + 1 + k's write at thread
// i's read, within one block or across blocks.
__global__ void shift(const float *in, float *out) {
  FLAT_GRID;
  __mapcost_alias(in, out);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
// CHECK-LABEL: kernel shift
// CHECK-NEXT: checked: block, grid scope
// CHECK-NEXT: assumes: the grid has fewer than 2^31 threads in each dimension
// CHECK-NEXT: assumes: index arithmetic does not wrap around (races)
// CHECK-NEXT: assumes: aliased parameters are aligned to the elements accessed through them (in: 4 bytes, out: 4 bytes)
// CHECK: array in {{.*}} race
// CHECK: array out {{.*}} race
// The witness has the distance: thread 0 reads in + 4, thread 1 writes
// out + 4.
// CHECK:      race on in (global, block scope): read-write, confirmed
// CHECK-NEXT:   first: {{.*}}alias.cu:{{[0-9]+}}:12 read
// CHECK-NEXT:   second: {{.*}}alias.cu:{{[0-9]+}}:10 write
// CHECK-NEXT:   witness: tid1=(0,0,0) tid2=(1,0,0) {{.*}} index=[1] byte_offset=4 (char*)out-(char*)in=0
// CHECK:      race on in (global, grid scope): read-write, confirmed
// CHECK:      race on out (global, block scope): read-write, confirmed
// CHECK:      race on out (global, grid scope): read-write, confirmed

// Without the annotation in and out are apart: race free.
__global__ void shift_apart(const float *in, float *out) {
  FLAT_GRID;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
// CHECK-LABEL: kernel shift_apart
// CHECK-NEXT: checked: block, grid scope
// CHECK-NEXT: assumes: kernel pointer parameters do not alias
// CHECK-NOT: aliased
// CHECK: array in {{.*}} drf
// CHECK: array out {{.*}} drf

// A copy races too: at distance 0 each thread reads only what it writes
// itself, but at 4 bytes (out = in - 4) thread i + 1 writes out[i + 1],
// which is in[i], the element thread i reads.
__global__ void copy(const float *in, float *out) {
  FLAT_GRID;
  __mapcost_alias(in, out);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// CHECK-LABEL: kernel copy
// CHECK: array in {{.*}} race
// CHECK: array out {{.*}} race
// CHECK:      race on in (global, block scope): read-write, confirmed
// CHECK-NEXT:   first: {{.*}}alias.cu:{{[0-9]+}}:12 read
// CHECK-NEXT:   second: {{.*}}alias.cu:{{[0-9]+}}:10 write
// CHECK-NEXT:   witness: tid1=(0,0,0) tid2=(1,0,0) {{.*}} index=[0] byte_offset=0 (char*)out-(char*)in=-4
// CHECK:      race on out (global, block scope): read-write, confirmed

__global__ void copy_apart(const float *in, float *out) {
  FLAT_GRID;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// CHECK-LABEL: kernel copy_apart
// CHECK: array in {{.*}} drf
// CHECK: array out {{.*}} drf

// An in-place rotation within each block: every thread reads, then a
// barrier, then every thread writes. Within a block that is race free at
// any distance (the barrier orders every read before every write), but
// another block's threads are not ordered with these: at a distance of
// 1024 bytes block 1 writes where block 0 reads. A grid race only.
__global__ void rotate(const float *in, float *out) {
  FLAT_GRID;
  __mapcost_alias(in, out);
  unsigned base = blockIdx.x * 256;
  float v = in[base + (threadIdx.x + 1) % 256];
  __syncthreads();
  out[base + threadIdx.x] = v;
}
// CHECK-LABEL: kernel rotate
// CHECK: array in {{.*}} race
// CHECK: array out {{.*}} race
// CHECK-NOT: block scope
// CHECK: race on in (global, grid scope): read-write, confirmed
// CHECK-NOT: block scope
// CHECK: race on out (global, grid scope): read-write, confirmed
// CHECK-NOT: block scope
// CHECK-LABEL: kernel rotate_racy
// INTRA-LABEL: kernel rotate
// INTRA-NEXT: checked: block scope
// INTRA: array in {{.*}} drf
// INTRA: array out {{.*}} drf

// The same without the barrier races within a block.
__global__ void rotate_racy(const float *in, float *out) {
  FLAT_GRID;
  __mapcost_alias(in, out);
  unsigned base = blockIdx.x * 256;
  float v = in[base + (threadIdx.x + 1) % 256];
  out[base + threadIdx.x] = v;
}
// CHECK: race on in (global, block scope): read-write, confirmed

// Aliased arrays that are only read cannot race, whatever the distance;
// the array written is apart from them.
__global__ void reads(const float *a, const float *b, float *c) {
  FLAT_GRID;
  __mapcost_alias(a, b);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i + 1];
}
// CHECK-LABEL: kernel reads
// CHECK-NEXT: checked: block, grid scope
// CHECK-NEXT: assumes: kernel pointer parameters do not alias, except that a and b may point into one allocation (__mapcost_alias)
// CHECK: assumes: aliased parameters are aligned to the elements accessed through them (a: 4 bytes, b: 4 bytes)
// CHECK: array a {{.*}} drf
// CHECK: array b {{.*}} drf
// CHECK: array c {{.*}} drf

// a~b and b~c make a, b and c one group: c's writes race with a's reads,
// although no annotation names a and c together; d stays apart.
__global__ void group(const float *a, const float *b, float *c, float *d) {
  FLAT_GRID;
  __mapcost_alias(a, b);
  __mapcost_alias(b, c);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i + 1];
  d[i] = 0.0f;
}
// CHECK-LABEL: kernel group
// CHECK-NEXT: checked: block, grid scope
// CHECK-NEXT: assumes: kernel pointer parameters do not alias, except that a, b and c may point into one allocation (__mapcost_alias)
// CHECK: assumes: aliased parameters are aligned to the elements accessed through them (a: 4 bytes, c: 4 bytes)
// CHECK: array a {{.*}} race
// CHECK: array b {{.*}} drf
// CHECK: array c {{.*}} race
// CHECK: array d {{.*}} drf
// CHECK: race on a (global, block scope): read-write, confirmed
// CHECK: (char*)c-(char*)a=
// JSON:      "assumptions": [
// JSON-NEXT:   "kernel pointer parameters do not alias, except that a, b and c may point into one allocation (__mapcost_alias)",
// JSON:        "aliased parameters are aligned to the elements accessed through them (a: 4 bytes, c: 4 bytes)",

// Only a~b: a and c are apart.
__global__ void group_apart(const float *a, const float *b, float *c) {
  FLAT_GRID;
  __mapcost_alias(a, b);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i + 1];
}
// CHECK-LABEL: kernel group_apart
// CHECK-NOT: aliased parameters are aligned
// CHECK: array a {{.*}} drf
// CHECK: array b {{.*}} drf
// CHECK: array c {{.*}} drf

// Elements of different sizes are compared by their bytes: the distance is
// a multiple of 4 bytes (the float's alignment, the smaller of the two).
// Thread i writes the double at d + 8i and reads the float at f + 4i: at
// f = d + 4, thread 0 reads the upper half of the double thread 0 writes
// (no race, one thread), and thread 1's f + 4 is in thread 0's double.
__global__ void widen(double *d, const float *f) {
  FLAT_GRID;
  __mapcost_alias(d, f);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = f[i];
}
// CHECK-LABEL: kernel widen
// CHECK: assumes: aliased parameters are aligned to the elements accessed through them (d: 8 bytes, f: 4 bytes)
// CHECK: array d {{.*}} race
// CHECK: array f {{.*}} race
// CHECK: race on d (global, block scope): read-write, confirmed

// The same kernels on one array, the distance a parameter (k elements):
// no annotation is needed, each race is replayed by the interpreter, and
// the verdicts are those above.
__device__ void shift_body(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
__global__ void shift_one(float *buf, long k) {
  FLAT_GRID;
  shift_body(buf + k, buf);
}
// CHECK-LABEL: kernel shift_one
// CHECK: array buf {{.*}} race
// CHECK: race on buf (global, block scope): read-write, confirmed
// CHECK: race on buf (global, grid scope): read-write, confirmed

__device__ void copy_body(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void copy_one(float *buf, long k) {
  FLAT_GRID;
  copy_body(buf + k, buf);
}
// CHECK-LABEL: kernel copy_one
// CHECK: array buf {{.*}} race
// CHECK: race on buf (global, block scope): read-write, confirmed
// CHECK: race on buf (global, grid scope): read-write, confirmed

__device__ void rotate_body(const float *in, float *out) {
  unsigned base = blockIdx.x * 256;
  float v = in[base + (threadIdx.x + 1) % 256];
  __syncthreads();
  out[base + threadIdx.x] = v;
}
__global__ void rotate_one(float *buf, long k) {
  FLAT_GRID;
  rotate_body(buf + k, buf);
}
// CHECK-LABEL: kernel rotate_one
// CHECK: array buf {{.*}} race
// CHECK-NOT: block scope
// CHECK: race on buf (global, grid scope): read-write, confirmed

__device__ void reads_body(const float *a, const float *b, float *c) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i + 1];
}
__global__ void reads_one(float *buf, long k, float *c) {
  FLAT_GRID;
  reads_body(buf + k, buf, c);
}
// CHECK-LABEL: kernel reads_one
// CHECK: array buf {{.*}} drf
// CHECK: array c {{.*}} drf

// CHECK: exit status 1

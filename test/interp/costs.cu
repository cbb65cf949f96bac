// Per-warp costs measured by the interpreter (CONTRACT §5): 32-byte
// sectors for global accesses, bank conflicts counted in 4-byte words.
//
// RUN: %mapcost run --no-sdk --block-dim=64 --grid-dim=2 --param n=64 %s | FileCheck %s

// A coalesced copy: a warp reads 32 consecutive floats, 4 sectors.
// CHECK-LABEL: kernel copy
// CHECK: drf
// CHECK: cost uncoalesced of in at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 4 (exact)
__global__ void copy(float *out, const float *in, int n) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

// Stride 2: 8 sectors; a column of a 32-wide matrix: 32 sectors; a
// broadcast: 1; one element off the alignment: 5.
// CHECK-LABEL: kernel patterns
// CHECK: cost uncoalesced of a at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 8 (exact)
// CHECK: cost uncoalesced of a at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 32 (exact)
// CHECK: cost uncoalesced of a at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 1 (exact)
// CHECK: cost uncoalesced of a at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 5 (exact)
__global__ void patterns(float *a, float *b, int n) {
  float x = a[threadIdx.x * 2];
  x += a[threadIdx.x * 32];
  x += a[0];
  x += a[threadIdx.x + 1];
  b[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

// Shared memory: stride 1 has no conflict, stride 2 is 2-way (cost 1),
// stride 32 is 32-way (31), a padded stride of 33 none; doubles touch two
// words each: 64 words in 32 banks, 2 per bank (1).
// CHECK-LABEL: kernel banks
// CHECK: cost bank-conflicts of s at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 0 (exact)
// CHECK: cost bank-conflicts of s at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 1 (exact)
// CHECK: cost bank-conflicts of s at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 31 (exact)
// CHECK: cost bank-conflicts of s at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 0 (exact)
// CHECK: cost bank-conflicts of d at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 1 (exact)
__global__ void banks(float *out, int n) {
  __shared__ float s[64 * 33];
  __shared__ double d[64];
  float x = 0;
  x += s[threadIdx.x];
  x += s[threadIdx.x * 2];
  x += s[threadIdx.x * 32];
  x += s[threadIdx.x * 33];
  x += (float)d[threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

// A thread-dependent loop (seed 000, Example 2.1): thread t runs t
// iterations; in iteration x the active threads t > x of a warp touch
// A[t*64 + x], one sector each. The warp with the most work is the second
// (threads 32..63): 32 iterations with 32 threads, then fewer: the sum over
// iterations of the active threads, 32*32 + (0+1+...+31) = 1520, for the
// load and again for the store.
// CHECK-LABEL: kernel divergent_loop
// CHECK: drf
// CHECK: cost uncoalesced of A at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 1520 (exact)
// CHECK: cost uncoalesced of A at {{.*}}costs.cu:{{[0-9]+}}:{{[0-9]+}}: 1520 (exact)
// CHECK: total uncoalesced: 3040 (exact)
__global__ void divergent_loop(float *A, int n) {
  for (int x = 0; x < threadIdx.x; x++)
    A[blockIdx.x * 4096 + threadIdx.x * 64 + x] += 1.0f;
}

// Hand-written kernels with constructs the generator does not make, checked
// like the generated ones (protocol_check.py): every access the
// interpreter observes is one the protocol denotes, exactly those where it
// says exact, and its closed forms and last iterations agree with
// iterating, at -O0 and -O2. Each of these protocols is exact.
// RUN: %python %S/protocol_check.py --plugin %plugin --opt %opt --clang %clang --cu %s | FileCheck %s
// CHECK-NOT: {{FAIL|approximate}}
// CHECK: 0 failed

// Pointers chosen between arrays.
__global__ void pingpong(float *a, float *b, int iter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *src = (iter & 1) ? a : b;
  float *dst = (iter & 1) ? b : a;
  dst[i] = src[i] + 1.0f;
}
// launch pingpong block=32 grid=2 iter=3 array a=64:seq array b=64:seq
// launch pingpong block=32 grid=2 iter=4 array a=64:seq array b=64:seq

__global__ void halves(float *a, float *b, int c) {
  __shared__ float sh[64];
  float *p = threadIdx.x < 32 ? a : b;
  p[threadIdx.x % 32] = 1.0f;
  float *q;
  switch (c) {
  case 0: q = a; break;
  case 1: q = b + 1; break;
  default: q = sh;
  }
  q[threadIdx.x] = 2.0f;
}
// launch halves block=48 c=0 array a=64:zero array b=64:zero
// launch halves block=48 c=1 array a=64:zero array b=64:zero
// launch halves block=48 c=7 array a=64:zero array b=64:zero

// Loops that only LLVM's scalar evolution resolves.
__global__ void loops(int *a, int n, int m) {
  for (int i = 0; i < n && i < m; i++)
    a[i] = 0;
  for (int i = 0, j = n; i < j; i++, j--)
    a[i] = a[j];
  int s = 0;
  for (int i = 0; i < n; i++) {
    a[s] = i;
    s += i;
  }
  int k;
  for (k = 0; 3 * k + 1 < n; k++)
    a[threadIdx.x + 4 * k] = 0;
  a[k] = 1;
}
// launch loops block=4 n=7 m=5 array a=64:zero
// launch loops block=4 n=0 m=3 array a=64:zero
// launch loops block=4 n=10 m=12 array a=64:zero

// Pointers swapped around a loop, used in it and after it.
__global__ void swapped(float *a, float *b, int n) {
  float *src = a, *dst = b;
  for (int t = 0; t < n; t++) {
    dst[threadIdx.x] = src[threadIdx.x] * 0.5f;
    __syncthreads();
    float *tmp = src;
    src = dst;
    dst = tmp;
  }
  src[threadIdx.x + 32] = 1.0f;
}
// launch swapped block=32 n=0 array a=64:seq array b=64:seq
// launch swapped block=32 n=3 array a=64:seq array b=64:seq
// launch swapped block=32 n=4 array a=64:seq array b=64:seq

// Signed halving: an arithmetic shift (its closed form shifts the start
// arithmetically: a negative d stops at -1) and a signed division (the
// magnitude shifted, the sign kept: a negative e rises to 0), from a start
// of either sign; the values they leave are used after the loops.
__global__ void halving(int *a, int n) {
  int d, m, e, f;
  for (d = n; d > 1; d >>= 1)
    a[(d & 31) + 32 * (threadIdx.x & 1)] = d;
  for (m = n; m < -1; m >>= 1)
    a[(m & 31) + 32 * (threadIdx.x & 1)] = m;
  for (e = n; e > 1; e /= 2)
    a[64 + (e & 31)] = e;
  for (f = n; f < 0; f /= 2)
    a[64 + (f & 31)] = f;
  a[96 + (d & 3) + 4 * (m & 1) + 8 * (e & 1) + 16 * (f & 1)] = 0;
}
// launch halving block=2 n=100 array a=128:zero
// launch halving block=2 n=-100 array a=128:zero
// launch halving block=2 n=-2147483647 array a=128:zero

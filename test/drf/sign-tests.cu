// A test of a signed value's sign: the compiler makes `n < 0 ? 2 : 0` a
// logical shift of n's sign bit, `(n >> 30) & 2`. That shift reads n's bits,
// not an unsigned value: the no-wrap assumption (a signed value read
// unsigned is not negative) does not apply to it, or the negative n each of
// these races needs would be ruled out.
//
// RUN: %rc %mapcost --format=text %s > %t.txt
// RUN: FileCheck %s < %t.txt
#include <mapcost.h>

// Threads t and t + 1 meet at 2t + 2 when n < 0.
__global__ void sign_select(int n) {
  __shared__ int s[256];
  s[2 * threadIdx.x] = 0;
  s[2 * threadIdx.x + (n < 0 ? 2 : 0)] = 1;
}
// CHECK-LABEL: kernel sign_select
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} n=-1

// The sign bit itself, shifted down.
__global__ void sign_bit(int n) {
  __shared__ int s[256];
  s[2 * threadIdx.x] = 0;
  s[2 * threadIdx.x + ((unsigned)n >> 31) * 2] = 1;
}
// CHECK-LABEL: kernel sign_bit
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} n=-1

// A loop that runs zero times leaves i at -1.
__global__ void after_loop(int n) {
  __shared__ int s[256];
  s[2 * threadIdx.x] = 0;
  int i;
  for (i = -1; i < n; i++)
    s[2 * threadIdx.x + 1] = i;
  s[2 * threadIdx.x + (i < 0 ? 2 : 0)] = 1;
}
// CHECK-LABEL: kernel after_loop
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} n=-1

// The odd slot for a negative n: no thread's even slot. Race free.
__global__ void odd_when_negative(int n) {
  __shared__ int s[256];
  s[2 * threadIdx.x] = 0;
  s[2 * threadIdx.x + (n < 0 ? 1 : 0)] = 1;
}
// CHECK-LABEL: kernel odd_when_negative
// CHECK: array s {{.*}} drf

// A signed difference of values that read unsigned: `o * (2 * t + 1) - 1`
// with o = n >> 1 of a non-negative n, sign-extended into the index, is the
// 64-bit 4 * zext(o * (2 * t + 1)) - 4. Read unsigned (none of its operands
// is signed), the no-wrap assumption said it is not negative and ruled out
// o = 0, where every thread writes s[-1]: the race was missed.
__global__ void widened_sub(int n) {
  extern __shared__ int s[];
  int o = n >> 1;
  int i = o * (2 * (int)threadIdx.x + 1) - 1;
  if (n >= 0)
    s[i] = 1;
}
// CHECK-LABEL: kernel widened_sub
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} index=[-1] byte_offset=-4 n={{[01]}}

// A signed range test the compiler makes unsigned: `n > 1 || n < -1` is
// `(unsigned)(n - 2) < 4294967293`, which a negative n passes. Read as an
// unsigned value, which the no-wrap assumption keeps non-negative, n - 2
// could not be negative where the test held, and every n < -1 was ruled out:
// the race between threads t and t + 1 on s[2t + 2] was missed.
__global__ void outside(int n) {
  __shared__ int s[256];
  s[2 * threadIdx.x] = 0;
  if (n > 1 || n < -1)
    s[2 * threadIdx.x + (n < 0 ? 2 : 1)] = 1;
}
// CHECK-LABEL: kernel outside
// CHECK: array s {{.*}} race
// CHECK: witness: {{.*}} n=-{{[0-9]+}}

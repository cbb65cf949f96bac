// Loops whose last iteration or variables the protocol stage cannot put in
// closed form by itself, and LLVM's scalar evolution can: an exit on two
// bounds, two variables that meet, a scaled bound, an early exit, a
// second-order variable (a packed triangle), an inner bound that moves
// with the outer loop. Each was irregular before (`its exit test is not a
// bound ...`, `... changes in a way that is not a range`); SCEV's answer
// is used only where it is its exact count (test/property/protocol-kernels.cu
// checks these against the interpreter). The same at -O0 and -O2.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-protocols>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-protocols>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK-NOT: its exit test is not a bound
// CHECK-NOT: in a way that is not a range

__global__ void two_bounds(int *a, int n, int m) {
  for (int i = 0; i < n && i < m; i++)
    a[i] = 0;
}
// CHECK-LABEL: protocols of kernel two_bounds
// CHECK: for ($k1: i = 0; (i < n) & (i < m); i = i + 1) {  @21:21 $k1 <= min(max(n, 0), max(m, 0))

__global__ void meet(int *a, int n) {
  for (int i = 0, j = n; i < j; i++, j--)
    a[i] = a[j];
}
// CHECK-LABEL: protocols of kernel meet
// CHECK: for ($k1: j = n, i = 0; i < j; j = j - 1, i = i + 1) {  @28:28 $k1 <= (unsigned long)(-min(max(n, 0), 1) + max(n, 0)) / 2 + min(max(n, 0), 1)

__global__ void scaled(int *a, int n) {
  int k;
  for (k = 0; 3 * k + 1 < n; k++)
    a[threadIdx.x + 32 * k] = 0;
  a[k] = 1;
}
// The value after the loop is the closed form at the last iteration.
// CHECK-LABEL: protocols of kernel scaled
// CHECK: for ($k1: k = 0; 3 * k + 1 < n; k = k + 1) {  @36:17 $k1 <= [[LAST:.*]]
// CHECK: wr a[[[LAST]]]  @38:8

__global__ void early(int *a, int n, int m) {
  for (int i = 0; i < n; i++) {
    if (i >= m)
      break;
    a[i] = 0;
  }
}
// CHECK-LABEL: protocols of kernel early
// CHECK: for ($k1: i = 0; (i < n) & (i < m); i = i + 1) {  @46:21 $k1 <= min(max(n, 0), max(m, 0))

__global__ void packed(float *a, int n) {
  int start = 0; // row i of a packed triangle starts at i * n - i * (i - 1) / 2
  for (int i = 0; i < n; i++) {
    if (threadIdx.x < n - i)
      a[start + threadIdx.x] = 0;
    start += n - i;
  }
}
// CHECK-LABEL: protocols of kernel packed
// CHECK: for ($k1: start = 0, i = 0; i != max(n, 0); start = start - i + n, i = i + 1) {  @57:21 $k1 <= max(n, 0)
// CHECK-NOT: for

__global__ void nested(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = i; 3 * j < n; j++)
      a[i * n + j] = 0;
}
// The inner loop's count is over the outer loop's iteration $k1.
// CHECK-LABEL: protocols of kernel nested
// CHECK: for ($k2: j = i; 3 * j < n; j = j + 1) {  @69:23 $k2 <= {{.*}}$k1{{.*}}

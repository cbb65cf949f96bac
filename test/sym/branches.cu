// A value chosen by an if-then or if-then-else is a select on the branch
// condition, and so is one chosen by a chain of branches (else-if, switch,
// `&&` and `||` that clang makes branches); one joined from paths that the
// branches before it do not decide (the exits of a loop) is an unknown
// (join).
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}branches.cu

// CHECK-LABEL: kernel chosen
// CHECK-NEXT: [[@LINE+17]]:12 read b offset 4 size 4
// CHECK-NEXT: [[@LINE+16]]:10 write a offset 0 size 4
// CHECK-NEXT: [[@LINE+17]]:8 write a offset 4 * (n > 5 ? 2 * threadIdx.x : threadIdx.x) size 4
// CHECK-NEXT: ?:? read b offset 4 * (threadIdx.x < 16 ? threadIdx.x : n) size 4
// CHECK-NEXT: [[@LINE+21]]:18 write a offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+22]]:29 write a offset 4 size 4
// CHECK-NEXT: [[@LINE+22]]:34 write a offset 8 size 4
// CHECK-NEXT: [[@LINE+22]]:22 write a offset 12 size 4
// CHECK-NEXT: [[@LINE+22]]:8 write a offset 4 * (n == 1 ? 3 : n == 2 ? 5 : 9) size 4
// CHECK-NEXT: [[@LINE+24]]:9 read b offset 4 * i size 4
// CHECK-NEXT: [[@LINE+27]]:8 write a offset 4 * $join1 size 4
// CHECK-NEXT: i: loop variable at [[@LINE+21]]:21
// CHECK-NEXT: $join1: values joined from several paths
__global__ void chosen(int *a, const int *b, int n) {
  int w = threadIdx.x;
  if (n > 5) {
    w = w * 2;
    a[0] = b[1];
  }
  a[w] = 7;
  int v;
  if (threadIdx.x < 16)
    v = b[threadIdx.x];
  else
    v = b[n];
  a[threadIdx.x] = v;
  int k;
  if (n == 1) { k = 3; a[1] = 0; }
  else if (n == 2) { k = 5; a[2] = 0; }
  else { k = 9; a[3] = 0; }
  a[k] = 1;
  int j = 0;
  for (int i = 0; i < n; i++)
    if (b[i] == 0) {
      j = 5;
      break;
    }
  a[j] = 2;
}

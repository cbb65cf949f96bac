// A condition that clang makes branches (`&&`, `||` and `?:` with an
// operand it cannot evaluate unconditionally: a division, a load) is one
// fact, read back from the branches: print<mapcost-kernels> shows it as
// written, and the protocol's preconditions hold all of it. The same at
// -O0 and -O2.
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.O0.ll %s
// RUN: %cuda_device -I %runtime -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -S -Xclang -disable-llvm-passes -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>,print<mapcost-protocols>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>,print<mapcost-protocols>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck --check-prefix=FACTS %s < %t.O0.txt
// RUN: FileCheck --check-prefix=PRE %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.sdk.ll %s %}
// RUN: %if cuda-sdk %{ %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.sdk.ll 2>&1 | FileCheck --check-prefix=FACTS %s %}
#include <mapcost.h>

__global__ void chains(int *a, int n, int m, int k) {
  __mapcost_requires(k != 0 && n / k > 2 && m % k == 0);
  __mapcost_requires(k == 0 || n / k > 2 || m / k > 3);
  __mapcost_requires((k != 0 && n / k > 2) || (m != 0 && n / m > 2));
  __mapcost_requires(k > 0 ? n / k > 2 : n == 0);
  __mapcost_requires(!(k != 0 && n / k > 2) || m > 0);
  a[threadIdx.x] = n + m;
}
// FACTS-LABEL: kernel chains
// FACTS:      fact requires (k != 0) && ((n / k) > 2) && ((m % k) == 0) at {{.*}}conditions.cu:18:3
// FACTS-NEXT: fact requires (k == 0) || ((n / k) > 2) || ((m / k) > 3) at {{.*}}conditions.cu:19:3
// FACTS-NEXT: fact requires ((k != 0) && ((n / k) > 2)) || ((m != 0) && ((n / m) > 2)) at {{.*}}conditions.cu:20:3
// FACTS-NEXT: fact requires (k > 0) ? ((n / k) > 2) : (n == 0) at {{.*}}conditions.cu:21:3
// FACTS-NEXT: fact requires {{.*}} at {{.*}}conditions.cu:22:3
// PRE-LABEL: protocols of kernel chains
// PRE-NEXT:  requires (k != 0) & (m % k == 0) & ((int)(n / k) > 2)
// PRE-NEXT:  requires (k == 0) | ((int)(n / k) > 2) | ((int)(m / k) > 3)
// PRE-NEXT:  requires k == 0 ? (m != 0) & ((int)(n / m) > 2) : ((m != 0) & ((int)(n / m) > 2)) | ((int)(n / k) > 2)
// PRE-NEXT:  requires k > 0 ? (int)(n / k) > 2 : n == 0
// PRE-NEXT:  requires {{.*}}

// A load in the condition (approximate: its value is any), and an
// assumption at the kernel's start, which holds on entry like a requires,
// against one inside a conditional, which holds there. A comparison of a
// parameter with a constant in a precondition narrows the parameter's
// range (n > 0): what depends on it no longer does (the read of a[1]).
__global__ void others(int *a, int n, int m) {
  __mapcost_assume(n > 0 && m / n > 2);
  __mapcost_requires(n > 0 && a[1] == 0);
  if (threadIdx.x < n)
    __mapcost_assume(m != 0 && n / m < 4);
  a[threadIdx.x] = n + m;
}
// FACTS-LABEL: kernel others
// FACTS:      fact assume (n > 0) && ((m / n) > 2) at {{.*}}conditions.cu:44:3
// FACTS-NEXT: fact requires (n > 0) && ({{.*}} == 0) at {{.*}}conditions.cu:45:3
// FACTS-NEXT: fact assume (m != 0) && ((n / m) < 4) at {{.*}}conditions.cu:47:5
// PRE-LABEL: protocols of kernel others
// PRE-NEXT:  assume (int)(m / n) > 2
// PRE-NEXT:  requires $load1 == 0 ~ the condition depends on $load1 (load of a)
// PRE-NEXT: array a (global): exact
// PRE-NEXT:   rd a[1]  @{{[0-9]+}}:31
// PRE-NEXT:   if (threadIdx.x < n) {
// PRE-NEXT:     assume (m != 0) & (n / m < 4)  @{{[0-9]+}}:5

// A precondition that compares a parameter or a dimension with constants
// (as instcombine writes `5 <= n && n < 100`: one unsigned comparison)
// narrows its range; one that holds only by its ranges is shown as written.
// A comparison that does not bound the value in its own reading (n as
// unsigned: n may be negative) narrows nothing.
__global__ void ranges(int *a, int n, unsigned m, int k) {
  __mapcost_requires(n >= 5 && n < 100 && blockDim.x <= 64);
  __mapcost_requires(m > 3u);
  __mapcost_requires((unsigned)k > 4u);
  if (n < 5 || threadIdx.x >= 64)
    a[0] = 1;
  a[threadIdx.x] = k < 0;
}
// PRE-LABEL: protocols of kernel ranges
// PRE-NEXT:  requires {{.*}} (as ranges)
// PRE-NEXT:  requires m >u 3 (as ranges)
// PRE-NEXT:  requires (unsigned)k > 4
// PRE-NEXT: array a (global): exact
// PRE-NEXT:   if (0) {

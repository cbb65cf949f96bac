// Under clang the plugin sees the annotations at every -O level (it runs at
// the start of the pipeline, before anything is inlined): an unchecked
// assertion and a suppression of something that is not an array each give
// a remark; the other annotations give none.
// RUN: %cuda_device -I %runtime -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -I %runtime -O2 -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -I %runtime -O3 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -O2 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %cuda_device -I %runtime -O2 -S -o /dev/null %load_plugin -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: FileCheck --check-prefix=YAML %s < %t.yaml
#include <mapcost.h>

__global__ void scale(float *a, int n, float factor) {
  __mapcost_requires(n > 0);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __mapcost_suppress(&factor, "not an array");
  if (i < n)
    a[i] *= factor;
  __mapcost_assert(i < n || i >= n);
}
// CHECK-NOT: remark: {{.*}}requires
// CHECK: remarks.cu:16:3: remark: kernel 'scale': __mapcost_suppress is ignored: its first argument is not an array of this kernel
// CHECK: remarks.cu:19:3: remark: kernel 'scale': assert ({{.*}}) is not checked: mapcost does not check assertions yet

// YAML:      Name: AnnotationIgnored
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks.cu', Line: 16, Column: 3 }
// YAML:      - Annotation: __mapcost_suppress
// YAML:      - Reason: its first argument is not an array of this kernel
// YAML:      Name: AssertionNotChecked
// YAML-NEXT: DebugLoc: { File: '{{.*}}remarks.cu', Line: 19, Column: 3 }
// YAML:      - Annotation: assert
// YAML:      - Condition:

; Annotations the pass cannot make sense of are never a crash: a call with
; the wrong arguments gives a fact with an unknown condition, a suppression
; of something that is not an array a remark, a function of that name in a
; namespace is someone else's, and a kernel is never taken for one.
; RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -pass-remarks-analysis=mapcost -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A user's own declaration, no arguments (not mapcost.h's).
declare void @_Z18__mapcost_requiresv()
; mapcost.h's suppress, defined as it is (empty), given a null pointer.
define internal void @_ZL18__mapcost_suppressPVKvPKc(ptr %a, ptr %r) alwaysinline {
  ret void
}
; Not an annotation: in a namespace.
define internal void @_ZN5other18__mapcost_requiresEb(i1 %c) alwaysinline {
  ret void
}
@.str = private unnamed_addr constant [4 x i8] c"why\00"

define ptx_kernel void @_Z16__mapcost_assumePi(ptr %p) {
  call void @_Z18__mapcost_requiresv()
  call void @_ZL18__mapcost_suppressPVKvPKc(ptr null, ptr @.str)
  call void @_ZN5other18__mapcost_requiresEb(i1 true)
  store i32 0, ptr %p
  ret void
}
; CHECK-LABEL: kernel __mapcost_assume
; CHECK:      fact requires ?
; CHECK-NEXT: fact ignored __mapcost_suppress: its first argument is not an array of this kernel (0)
; CHECK-NOT:  fact
; REMARK: remark: <unknown>:0:0: kernel '__mapcost_assume': __mapcost_suppress is ignored: its first argument is not an array of this kernel

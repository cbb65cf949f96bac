; Step budgets: -mapcost-kernel-steps for each kernel, -mapcost-module-steps
; for all kernels of a module together. Past either, a kernel is
; Inconclusive with the reason and the compile goes on; the defaults leave
; small kernels alone; a malformed value is an error.
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output \
; RUN:   -pass-remarks-missed=mapcost %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
; DEFAULT-NOT: budget
; DEFAULT: barrier divergence in kernel 'divergent'
; DEFAULT-NOT: budget
;
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output \
; RUN:   -pass-remarks-missed=mapcost -mapcost-kernel-steps=2 %s 2>&1 | FileCheck %s --check-prefix=KERNEL
; KERNEL-DAG: kernel 'uniform' {{.*}}: analysis budget spent: more than 2 steps for this kernel (in lockstep); raise -mapcost-kernel-steps
; KERNEL-DAG: kernel 'divergent' {{.*}}: analysis budget spent: more than 2 steps for this kernel (in lockstep); raise -mapcost-kernel-steps
; KERNEL-NOT: barrier divergence in kernel
;
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output \
; RUN:   -pass-remarks-missed=mapcost -mapcost-module-steps=2 %s 2>&1 | FileCheck %s --check-prefix=MODULE
; MODULE-DAG: kernel 'uniform' {{.*}}: analysis budget spent: the kernels of this module took more than 2 steps (in lockstep); raise -mapcost-module-steps
; MODULE-DAG: kernel 'divergent' {{.*}}: analysis budget spent: the kernels of this module took more than 2 steps (in lockstep); raise -mapcost-module-steps
;
; RUN: not %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output \
; RUN:   -mapcost-kernel-steps=0 %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: error: mapcost: -mapcost-kernel-steps needs an integer in 1..1125899906842624, got '0'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

define ptx_kernel void @uniform(ptr %a) {
entry:
  store i32 1, ptr %a
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %next
next:
  ret void
}

define ptx_kernel void @divergent(ptr %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %exit
then:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %exit
exit:
  ret void
}

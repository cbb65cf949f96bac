; An irreducible CFG (a cycle entered at two blocks) stops the lock-step
; stage for that kernel with an Inconclusive remark (Reason irreducible-cfg);
; the other kernel of the module is analysed as usual, and clang still
; compiles the module.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -pass-remarks-missed=mapcost -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; RUN: %clang --target=nvptx64-nvidia-cuda -march=sm_80 -S -o - %load_plugin -Rpass-missed=mapcost %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=CLANG
;
; PRINT: lockstep of kernel 'irreducible': irreducible control flow: the edge right -> left enters a cycle other than through a block that dominates it; not analysed
; PRINT: lockstep of kernel 'divergent': 3 blocks, 0 loops, 1 barrier; block size symbolic
; PRINT: barrier __syncthreads() scope block: divergent when threadIdx.x < 16
;
; REMARK: remark: <unknown>:0:0: kernel 'irreducible' is not checked for data races: irreducible-cfg
; REMARK-NOT: kernel 'irreducible' is not checked
; REMARK: barrier divergence in kernel 'divergent'
;
; CLANG: kernel 'irreducible' is not checked for data races: irreducible-cfg
; CLANG: .entry irreducible
; CLANG: .entry divergent

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @irreducible(ptr %a, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %left, label %right

left:
  %x = phi i32 [ 0, %entry ], [ %y1, %right ]
  %x1 = add i32 %x, 1
  store volatile i32 %x1, ptr %a
  %d = icmp slt i32 %x1, %n
  br i1 %d, label %right, label %exit

right:
  %y = phi i32 [ 0, %entry ], [ %x1, %left ]
  %y1 = add i32 %y, 2
  store volatile i32 %y1, ptr %a
  %e = icmp slt i32 %y1, %n
  br i1 %e, label %left, label %exit

exit:
  call void @llvm.nvvm.barrier0()
  ret void
}

define ptx_kernel void @divergent(ptr %a) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %then, label %end

then:
  call void @llvm.nvvm.barrier0()
  br label %end

end:
  ret void
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Found by the fuzz target (test/prelude/assert.cu): a barrier condition that
; reads a string literal, whose debug info has an empty name, passed that
; name's null data pointer to memcpy (UBSan, in the sanitized suite). The
; literal is named from the IR.
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output %s 2>&1 | FileCheck %s
; CHECK: warning: mapcost: barrier divergence in kernel 'k': __syncthreads() is reached only by threads where threadIdx.x < f(.str)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr addrspace(1) constant [2 x i8] c"x\00", !dbg !0

declare i32 @f(ptr addrspace(1))
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

define ptx_kernel void @k() {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @f(ptr addrspace(1) @.str)
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %exit
then:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %exit
exit:
  ret void
}

!llvm.dbg.cu = !{!4}
!llvm.module.flags = !{!6, !7}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 3, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "k.cu", directory: "/")
!3 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!4 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, emissionKind: FullDebug, globals: !5)
!5 = !{!0}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !{i32 7, !"Dwarf Version", i32 2}

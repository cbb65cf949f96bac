; The CUDA SDK's math functions (libdevice's expf, sqrtf, powf) branch on
; __nvvm_reflect("__CUDA_FTZ"). In a compile, NVPTX's pipeline-start
; callback answers those calls before the plugin runs; in IR that opt reads
; they are still calls, and unanswered they were calls that may touch any
; memory and read any thread id: every array of such a kernel was
; inconclusive, and blockDim.y no longer 1. They are answered as NVVMReflect
; answers them: the module's nvvm-reflect-ftz flag, the SM version of
; target-cpu times ten, 0 for any other question. Each kernel below is race
; free only with the right answer.
;
; RUN: %rc %mapcost --format=text --metric=drf %s > %t.txt
; RUN: FileCheck %s < %t.txt

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i32] undef
@arch.str = private unnamed_addr addrspace(1) constant [12 x i8] c"__CUDA_ARCH\00"
@ftz.str = private unnamed_addr addrspace(1) constant [11 x i8] c"__CUDA_FTZ\00"
@other.str = private unnamed_addr addrspace(1) constant [13 x i8] c"__CUDA_OTHER\00"

declare i32 @__nvvm_reflect(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; s[threadIdx.x] on sm_70 and newer, else s[0] (every thread: a race).
define void @arch() #0 {
entry:
  %v = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @arch.str to ptr))
  %new = icmp sge i32 %v, 700
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = select i1 %new, i32 %t, i32 0
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}
; CHECK-LABEL: kernel arch
; CHECK-SAME: drf
; CHECK-NOT: reason:
; CHECK: assumes: blockDim.y = blockDim.z = gridDim.y = gridDim.z = 1

; s[threadIdx.x] where denormals flush to zero (this module's flag), else s[0].
define void @ftz() #0 {
entry:
  %v = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @ftz.str to ptr))
  %on = icmp ne i32 %v, 0
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = select i1 %on, i32 %t, i32 0
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}
; CHECK-LABEL: kernel ftz
; CHECK-SAME: drf

; Any other question is answered 0.
define void @other() #0 {
entry:
  %v = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @other.str to ptr))
  %zero = icmp eq i32 %v, 0
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = select i1 %zero, i32 %t, i32 0
  %p = getelementptr inbounds [1024 x i32], ptr addrspace(3) @s, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}
; CHECK-LABEL: kernel other
; CHECK-SAME: drf
; CHECK: exit status 0

attributes #0 = { "target-cpu"="sm_80" }

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!nvvm.annotations = !{!1, !2, !3}
!1 = !{ptr @arch, !"kernel", i32 1}
!2 = !{ptr @ftz, !"kernel", i32 1}
!3 = !{ptr @other, !"kernel", i32 1}

; Kernel discovery on hand-written IR in LLVM 19 syntax: a kernel marked by
; nvvm.annotations with maxntid/reqntid/minctasm annotations, one marked by
; the ptx_kernel calling convention with LLVM 22's nvvm.maxntid attribute, a
; device function that is not a kernel, an extern __shared__ array, and an
; unmangled (extern "C") kernel.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -pass-remarks-analysis=mapcost -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ6reducePfS_E4part = internal addrspace(3) global [64 x float] undef
@dyn = external addrspace(3) global [0 x i8]

; CHECK: mapcost kernels of {{.*}} (sm_75, no debug info)
; CHECK: kernel reduce mangled _Z6reducePfS_
; CHECK-NEXT: param 0 in: float *
; CHECK-NEXT: param 1 out: float *
; CHECK-NEXT: array in: global float* (param 0)
; CHECK-NEXT: array out: global float* (param 1)
; CHECK-NEXT: array part: shared float[64] 256 bytes
; CHECK-NEXT: launch bounds: maxntid 64,1,1 reqntid 64,1,1 minctasm 4
define void @_Z6reducePfS_(ptr %in, ptr %out) #0 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr %in, i32 %t
  %v = load float, ptr %p
  %s = getelementptr [64 x float], ptr addrspace(3) @_ZZ6reducePfS_E4part, i32 0, i32 %t
  store float %v, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr addrspace(3) @_ZZ6reducePfS_E4part
  store float %w, ptr %out
  ret void
}

; CHECK-NOT: kernel helper
define float @helper(float %x) {
  %y = fmul float %x, 2.0
  ret float %y
}

; CHECK: kernel bytes_kernel mangled bytes_kernel
; CHECK-NEXT: param 0 n: i32
; CHECK-NEXT: array dyn: shared i8[] (extern, dynamic)
; CHECK-NEXT: launch bounds: maxntid 32,4,1
define ptx_kernel void @bytes_kernel(i32 %n) #1 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i8, ptr addrspace(3) @dyn, i32 %t
  store i8 0, ptr addrspace(3) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_75" }
attributes #1 = { "target-cpu"="sm_75" "nvvm.maxntid"="32,4" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @_Z6reducePfS_, !"kernel", i32 1}
!1 = !{ptr @_Z6reducePfS_, !"maxntidx", i32 64, !"reqntidx", i32 64}
!2 = !{ptr @_Z6reducePfS_, !"minctasm", i32 4}

; REMARK: remark: <unknown>:0:0: compile with -g for source names and lines
; REMARK: remark: <unknown>:0:0: kernel 'reduce' uses 3 arrays: in (global float*), out (global float*), part (shared float[64]); block size 64x1x1 (reqntid), grid size any; launch bounds maxntid 64, minctasm 4
; REMARK: remark: <unknown>:0:0: kernel 'bytes_kernel' uses 1 array: dyn (shared i8[] (extern, dynamic)); block size any, at most 128 threads (__launch_bounds__), grid size any; launch bounds maxntid 128{{$}}

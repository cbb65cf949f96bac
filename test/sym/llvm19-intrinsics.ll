; LLVM 19's NVVM intrinsics (LLVM 22 upgrades them when it reads this):
; ldg loads, the generic-to-shared conversion, an unscoped atomic increment,
; kernels marked in !nvvm.annotations; syncscopes of atomicrmw and cmpxchg.
; Without debug info, locations are ?:? and names come from the IR.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [32 x i32] undef

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1), i32)
declare ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)

; CHECK: mapcost sym of {{.*}}llvm19-intrinsics.ll
; CHECK-LABEL: kernel old
; CHECK-NEXT: ?:? read in offset 4 * threadIdx.x size 4
; CHECK-NEXT: ?:? write sh offset 4 * threadIdx.x size 4
; CHECK-NEXT: ?:? write out offset 4 * threadIdx.x size 4
; CHECK-NEXT: ?:? atomic inc system out offset 0 size 4
define void @old(ptr %in, ptr %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %g = addrspacecast ptr %in to ptr addrspace(1)
  %p = getelementptr inbounds float, ptr addrspace(1) %g, i64 %t64
  %v = call float @llvm.nvvm.ldg.global.f.f32.p1(ptr addrspace(1) %p, i32 4)
  %gen = addrspacecast ptr addrspace(3) @sh to ptr
  %s = call ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr %gen)
  %q = getelementptr inbounds i32, ptr addrspace(3) %s, i64 %t64
  store i32 1, ptr addrspace(3) %q
  %o = getelementptr inbounds float, ptr %out, i64 %t64
  store float %v, ptr %o
  %x = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %out, i32 7)
  ret void
}

; CHECK-LABEL: kernel scopes
; CHECK-NEXT: ?:? atomic add block counts offset 4 * threadIdx.x size 4
; CHECK-NEXT: ?:? atomic max device counts offset 0 size 4
; CHECK-NEXT: ?:? atomic cas cluster counts offset 8 size 4
; CHECK-NEXT: ?:? atomic exch thread counts offset 12 size 4
; CHECK-NEXT: ?:? atomic add system counts offset 16 size 4
define ptx_kernel void @scopes(ptr %counts) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %counts, i64 %t64
  %a = atomicrmw add ptr %p, i32 1 syncscope("block") monotonic
  %b = atomicrmw max ptr %counts, i32 %tid syncscope("device") monotonic
  %p2 = getelementptr inbounds i32, ptr %counts, i64 2
  %c = cmpxchg ptr %p2, i32 0, i32 1 syncscope("cluster") acquire monotonic
  %p3 = getelementptr inbounds i32, ptr %counts, i64 3
  %d = atomicrmw xchg ptr %p3, i32 1 syncscope("singlethread") monotonic
  %p4 = getelementptr inbounds i32, ptr %counts, i64 4
  %e = atomicrmw add ptr %p4, i32 1 seq_cst
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @old, !"kernel", i32 1}

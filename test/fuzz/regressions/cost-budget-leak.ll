; Found by the fuzz target (an llvm-stress module, mutated): the cost stage
; used gigabytes, since memory cost no steps (now 32 bytes a step), and when
; it stopped on its budget it leaked the warp's program text. The leak shows
; in the fuzz campaign, which runs this file with leak detection; here the
; budget stops the cost stage and the kernel says so. (Most of that memory
; was the memo tables of the cost stage's rewrites, now freed as each
; rewrite ends: the whole analysis takes 86 MB, not 619 MB, so the budget
; that stops it is smaller than the 1,000,000 steps it was.)
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output -pass-remarks-missed=mapcost \
; RUN:   -mapcost-kernel-steps=300000 %s 2>&1 | FileCheck %s
; CHECK: kernel 'autogen_SD14' is not checked for data races: analysis budget spent: more than 300000 steps for this kernel (in cost); raise -mapcost-kernel-steps

source_filename = "/tmp/autogen.bc"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@mcf_shared = internal addrspace(3) global [64 x i32] undef, align 4

define ptx_kernel void @autogen_SD14(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %6 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %7 = zext i32 %6 to i64
  %8 = xor i64 %4, %7
  %9 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %10 = trunc i32 %9 to i8
  %11 = xor i8 %5, %10
  %A4 = alloca <8 x i32>, align 32
  %A3 = alloca <4 x i16>, align 8
  %A2 = alloca <4 x i8>, align 4
  %A1 = alloca <4 x i32>, align 16
  %A = alloca <4 x i32>, align 16
  %L = load i1, ptr addrspacecast (ptr addrspace(3) @mcf_shared to ptr), align 1
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %CF63

CF63:                                             ; preds = %BB
  store <4 x i64> zeroinitializer, ptr addrspacecast (ptr addrspace(3) @mcf_shared to ptr), align 32
  %E = extractelement <8 x i16> zeroinitializer, i32 57459
  %Shuff = shufflevector <4 x i8> zeroinitializer, <4 x i8> zeroinitializer, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %I = insertelement <8 x i16> zeroinitializer, i16 %E, i32 143539
  %B = udiv <1 x i32> zeroinitializer, zeroinitializer
  %FC = fptosi double 0x14659F046C63EC82 to i64
  %Sl = select i1 true, <1 x i32> %B, <1 x i32> zeroinitializer
  %Cmp = icmp uge i64 %FC, 219347
  br label %CF59

CF59:                                             ; preds = %CF63
  %L5 = load i16, ptr addrspacecast (ptr addrspace(3) @mcf_shared to ptr), align 2
  store <2 x i16> <i16 0, i16 -1>, ptr addrspacecast (ptr addrspace(3) @mcf_shared to ptr), align 4
  %E6 = extractelement <4 x i8> zeroinitializer, i32 57459
  %Shuff7 = shufflevector <8 x i64> zeroinitializer, <8 x i64> zeroinitializer, <8 x i32> <i32 8, i32 10, i32 poison, i32 poison, i32 0, i32 poison, i32 4, i32 6>
  %I8 = insertelement <8 x i64> zeroinitializer, i64 %FC, i32 143539
  %Tr = trunc i64 %FC to i32
  %Sl9 = select i1 true, ptr %A2, ptr addrspacecast (ptr addrspace(3) @mcf_shared to ptr)
  %Cmp10 = icmp slt i1 true, false
  %12 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 0, i32 %12)
  br label %CF57

CF57:                                             ; preds = %CF59
  %L11 = load <2 x i1>, ptr %Sl9, align 1
  store i1 false, ptr %Sl9, align 1
  %E12 = extractelement <2 x i1> %L11, i32 143539
  br label %CF

CF:                                               ; preds = %CF62, %CF, %CF57
  %Shuff13 = shufflevector <8 x i32> zeroinitializer, <8 x i32> zeroinitializer, <8 x i32> <i32 3, i32 5, i32 7, i32 9, i32 poison, i32 poison, i32 15, i32 1>
  %I14 = insertelement <4 x i8> zeroinitializer, i8 %E6, i32 57459
  %B15 = mul <1 x i32> %B, zeroinitializer
  %FC16 = uitofp i8 %E6 to double
  %Sl17 = select i1 false, ptr %A4, ptr %Sl9
  %Cmp18 = icmp ult <4 x i8> %Shuff, zeroinitializer
  %L19 = load float, ptr %Sl9, align 4
  store <8 x double> <double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF, double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF, double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF, double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF>, ptr %Sl9, align 64
  %E20 = extractelement <4 x i8> %I14, i32 143539
  %Shuff21 = shufflevector <4 x i8> %Shuff, <4 x i8> zeroinitializer, <4 x i32> <i32 0, i32 poison, i32 4, i32 poison>
  %I22 = insertelement <4 x i8> %Shuff, i8 0, i32 %Tr
  %B23 = lshr <8 x i16> zeroinitializer, zeroinitializer
  %FC24 = uitofp <8 x i16> zeroinitializer to <8 x float>
  %Sl25 = select i1 true, i32 143539, i32 143539
  %Cmp26 = icmp ult i16 %L5, 5251
  br i1 %Cmp26, label %CF, label %CF62

CF62:                                             ; preds = %CF
  %L27 = load i1, ptr %Sl9, align 1
  br i1 %L27, label %CF, label %CF58

CF58:                                             ; preds = %CF61, %CF65, %CF58, %CF62
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %E28 = extractelement <1 x i32> zeroinitializer, i32 %3
  %Shuff29 = shufflevector <1 x i32> zeroinitializer, <1 x i32> zeroinitializer, <1 x i32> <i32 1>
  %I30 = insertelement <8 x i32> %Shuff13, i32 57459, i32 57459
  %13 = and i32 %3, 63
  %14 = zext i32 %13 to i64
  %15 = getelementptr i32, ptr %0, i64 %14
  %16 = atomicrmw add ptr %15, i32 1 monotonic, align 4
  %Tr31 = trunc i32 %3 to i8
  %Sl32 = select <4 x i1> %Cmp18, <4 x i8> %Shuff21, <4 x i8> zeroinitializer
  %Cmp33 = icmp ugt i8 -85, -85
  br i1 %Cmp33, label %CF58, label %CF64

CF64:                                             ; preds = %CF64, %CF58
  %L34 = load <2 x i8>, ptr %Sl9, align 2
  store i8 %E20, ptr %Sl9, align 1
  %E35 = extractelement <2 x i1> %L11, i32 %Tr
  br i1 %E35, label %CF64, label %CF65

CF65:                                             ; preds = %CF64
  %Shuff36 = shufflevector <4 x i8> %Shuff, <4 x i8> zeroinitializer, <4 x i32> <i32 3, i32 5, i32 7, i32 1>
  %I37 = insertelement <4 x i8> %Shuff, i8 0, i32 57459
  %B38 = ashr <4 x i64> zeroinitializer, zeroinitializer
  %Tr39 = trunc <8 x i16> %I to <8 x i1>
  %Sl40 = select i1 %Cmp26, i64 %FC, i64 219347
  %Cmp41 = fcmp ueq double 0x8A4D16EC664BE86A, 0x722D56CCFE2BD84A
  br i1 %Cmp41, label %CF58, label %CF61

CF61:                                             ; preds = %CF65
  %L42 = load i8, ptr %A, align 1
  store <4 x i16> <i16 0, i16 -1, i16 0, i16 -1>, ptr addrspacecast (ptr addrspace(3) @mcf_shared to ptr), align 8
  %E43 = extractelement <1 x i32> %Shuff29, i32 %Tr
  %Shuff44 = shufflevector <8 x i32> %I30, <8 x i32> zeroinitializer, <8 x i32> <i32 4, i32 6, i32 8, i32 10, i32 12, i32 14, i32 0, i32 poison>
  %I45 = insertelement <8 x i64> zeroinitializer, i64 219347, i32 %Tr
  %B46 = sub <4 x i8> %I37, %I14
  %Sl47 = select i1 %Cmp10, i32 143539, i32 143539
  %Cmp48 = icmp ult <4 x i8> %I14, zeroinitializer
  %L49 = load double, ptr %A, align 8
  store <4 x double> <double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF, double 0.000000e+00, double 0xFFFFFFFFFFFFFFFF>, ptr %Sl9, align 32
  %E50 = extractelement <8 x i64> zeroinitializer, i32 %E43
  %I52 = insertelement <8 x i64> %Shuff7, i64 219347, i32 57459
  %B53 = add <4 x i8> %B46, zeroinitializer
  %FC54 = sitofp i1 true to double
  %Sl55 = select i1 %Cmp41, ptr %A, ptr %Sl9
  %Cmp56 = icmp uge i1 false, true
  br i1 %Cmp56, label %CF58, label %CF60

CF60:                                             ; preds = %CF61
  store i8 %L42, ptr %Sl9, align 1
  store double %FC54, ptr %Sl17, align 8
  store i32 %Tr, ptr %Sl55, align 4
  store i1 false, ptr %Sl55, align 1
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.z() #0

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #0

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.count(i32, i32) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { convergent nocallback nounwind }

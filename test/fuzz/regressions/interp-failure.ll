; Found by the fuzz target (an llvm-stress module): when the interpreter
; stopped (here: a parameter without a value), its failure path freed stale
; copies of its register files, assigned after setjmp, and leaked them. The
; leak shows in the fuzz campaign, which runs this file with leak detection;
; here the verdict is checked.
; RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output \
; RUN:   -mapcost-run -mapcost-block-dim=8 -mapcost-grid-dim=1 %s | FileCheck %s
; CHECK: "verdict": "inconclusive"
; CHECK-SAME: "reasons": ["kernel 'k': give a value for parameter 'n' (--param n=VALUE)"]

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %a, i32 %n) {
  store i32 %n, ptr %a
  ret void
}

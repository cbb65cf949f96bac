/* Unit tests of stage 3 on hand-written IR (in the syntax LLVM 19 and 22
 * both parse): the translation of values (builtins, loop variables, exits,
 * selects from branches, `or disjoint`, unknowns) and the accesses through
 * mc_find_accesses (extern __shared__ arrays as one region, multi-dimensional
 * flattening, element indices, atomic scopes, pointer phis, unknown bases). */
#include "check.h"
#include "ir.h"
#include "mapcost/access.h"

#include <llvm-c/IRReader.h>

static const char *IR =
    "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "@ibuf = external addrspace(3) global [0 x i32]\n"
    "@fbuf = external addrspace(3) global [0 x float]\n"
    "@tile = internal addrspace(3) global [8 x [9 x float]] undef\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)\n"
    "declare i32 @opaque(i32)\n"
    "define ptx_kernel void @k(ptr %a, ptr %b, i32 %n, ptr %pp) {\n"
    "entry:\n"
    "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "  %tid64 = zext i32 %tid to i64\n"
    "  %p1 = getelementptr inbounds i32, ptr addrspace(3) @ibuf, i64 %tid64\n"
    "  store i32 1, ptr addrspace(3) %p1\n"
    "  %g = addrspacecast ptr addrspace(3) @fbuf to ptr\n"
    "  %p2 = getelementptr inbounds float, ptr %g, i64 %tid64\n"
    "  %v = load float, ptr %p2\n"
    "  %row = and i32 %tid, 7\n"
    "  %row64 = zext i32 %row to i64\n"
    "  %p3 = getelementptr inbounds [8 x [9 x float]], ptr addrspace(3) @tile, i64 0, i64 %row64, i64 3\n"
    "  store float %v, ptr addrspace(3) %p3\n"
    "  %x1 = atomicrmw add ptr %a, i32 1 syncscope(\"block\") monotonic\n"
    "  %x2 = atomicrmw add ptr %a, i32 1 syncscope(\"device\") monotonic\n"
    "  %x3 = cmpxchg ptr %a, i32 0, i32 1 syncscope(\"cluster\") monotonic monotonic\n"
    "  %x4 = atomicrmw xchg ptr %a, i32 2 monotonic\n"
    "  %x5 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %b, i32 1)\n"
    "  %sh = shl nuw nsw i32 %tid, 4\n"
    "  %o = or disjoint i32 %sh, 3\n"
    "  %o64 = zext i32 %o to i64\n"
    "  %p4 = getelementptr inbounds i8, ptr %b, i64 %o64\n"
    "  store i8 0, ptr %p4\n"
    "  %loaded = load ptr, ptr %pp\n"
    "  store i32 %x1, ptr %loaded\n"
    "  %r = call i32 @opaque(i32 %bid)\n"
    "  br label %loop\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
    "  %q = phi ptr [ %b, %entry ], [ %q.next, %loop ]\n"
    "  %i64 = sext i32 %i to i64\n"
    "  %p5 = getelementptr inbounds i32, ptr %a, i64 %i64\n"
    "  store i32 %i, ptr %p5\n"
    "  store i8 1, ptr %q\n"
    "  %q.next = getelementptr inbounds i8, ptr %q, i64 4\n"
    "  %i.next = add nsw i32 %i, 1\n"
    "  %c = icmp slt i32 %i.next, %n\n"
    "  br i1 %c, label %loop, label %exit\n"
    "exit:\n"
    "  %last = phi i32 [ %i.next, %loop ]\n"
    "  %cond = icmp ult i32 %tid, 16\n"
    "  br i1 %cond, label %then, label %join\n"
    "then:\n"
    "  br label %join\n"
    "join:\n"
    "  %sel = phi i32 [ %tid, %then ], [ %n, %exit ]\n"
    "  %sel64 = sext i32 %sel to i64\n"
    "  %p6 = getelementptr inbounds i32, ptr %a, i64 %sel64\n"
    "  store i32 %last, ptr %p6\n"
    "  ret void\n"
    "}\n";

static LLVMValueRef find(LLVMValueRef fn, const char *name) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      size_t n;
      const char *s = LLVMGetValueName2(in, &n);
      if (strlen(name) == n && !strncmp(s, name, n))
        return in;
    }
  return NULL;
}

int main(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR);
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = mc_find_kernels(a, m);
  CHECK(ks && ks->nkernels == 1);
  const mc_kernel *k = &ks->kernels[0];
  mc_kernel_accesses *ka = mc_find_accesses(a, k, NULL);
  CHECK(ka != NULL);
  if (!ka)
    return check_report("sym_ir");
  mc_sym *s = ka->sym;
  mc_translator *t = ka->tr;
  LLVMValueRef fn = k->fn;
#define TEXT(e) mc_expr_text(a, e)

  /* ---- Values */
  const mc_expr *i = mc_translate(t, find(fn, "i"));
  CHECK(i && i->op == MC_EXPR_ATOM && i->atom->kind == MC_ATOM_LOOP);
  CHECK(i && i->atom->value == find(fn, "i"));
  CHECK_STR(TEXT(i), "i"); /* named from the IR without debug info */
  CHECK(mc_translator_is_loop_header(t, LLVMGetInstructionParent(find(fn, "i"))));
  CHECK_STR(TEXT(mc_translate(t, find(fn, "i.next"))), "i + 1");
  const mc_expr *last = mc_translate(t, find(fn, "last"));
  CHECK(last && last->op == MC_EXPR_ATOM && last->atom->reason == MC_UNKNOWN_EXIT);
  CHECK_STR(TEXT(mc_translate(t, find(fn, "sel"))), "threadIdx.x < 16 ? threadIdx.x : n");
  CHECK_STR(TEXT(mc_translate(t, find(fn, "o"))), "16 * threadIdx.x + 3");
  const mc_expr *x1 = mc_translate(t, find(fn, "x1"));
  CHECK(x1 && x1->atom && x1->atom->reason == MC_UNKNOWN_ATOMIC);
  const mc_expr *r = mc_translate(t, find(fn, "r"));
  CHECK(r && r->atom && r->atom->reason == MC_UNKNOWN_CALL);
  CHECK_STR(r ? r->atom->detail : NULL, "call to opaque");
  CHECK(mc_translate(t, find(fn, "tid")) == mc_sym_builtin(s, MC_ATOM_TID, 0));
  CHECK(mc_translate(t, find(fn, "g")) == NULL); /* a pointer */

  /* ---- Accesses, in instruction order */
  CHECK(ka->naccesses == 14);
  const mc_access *x = ka->accesses;
  /* ibuf and fbuf: two arrays, one region */
  CHECK(x[0].kind == MC_ACCESS_WRITE && x[0].base == MC_BASE_ARRAY);
  CHECK_STR(k->arrays[x[0].array].name, "ibuf");
  CHECK_STR(k->arrays[x[1].array].name, "fbuf");
  CHECK(x[0].array != x[1].array && x[0].region == x[1].region);
  CHECK_STR(TEXT(x[1].offset), "4 * threadIdx.x");
  CHECK(x[1].index == mc_expr_cast(s, MC_EXPR_ZEXT, mc_sym_builtin(s, MC_ATOM_TID, 0), 64));
  CHECK(x[1].elem_size == 4 && x[1].kind == MC_ACCESS_READ);
  /* tile[tid & 7][3]: 36 bytes a row */
  CHECK_STR(k->arrays[x[2].array].name, "tile");
  CHECK_STR(TEXT(x[2].offset), "36 * (threadIdx.x & 7) + 12");
  CHECK(x[2].region != x[0].region);
  /* atomics and their scopes */
  CHECK(x[3].kind == MC_ACCESS_ATOMIC && x[3].scope == MC_SCOPE_BLOCK);
  CHECK_STR(x[3].op, "add");
  CHECK(x[4].scope == MC_SCOPE_DEVICE);
  CHECK(x[5].scope == MC_SCOPE_CLUSTER);
  CHECK_STR(x[5].op, "cas");
  CHECK(x[6].scope == MC_SCOPE_SYSTEM);
  CHECK_STR(x[6].op, "exch");
  CHECK(x[7].scope == MC_SCOPE_BLOCK && x[7].kind == MC_ACCESS_ATOMIC);
  CHECK_STR(k->arrays[x[7].array].name, "b");
  /* a byte store at 16 * threadIdx.x + 3 */
  CHECK_STR(TEXT(x[8].offset), "16 * threadIdx.x + 3");
  CHECK(x[8].elem_size == 1 && x[8].index == x[8].offset);
  /* a load of the pointer, then a store through it: unknown base */
  CHECK(x[9].kind == MC_ACCESS_READ && x[9].elem_size == 8);
  CHECK(x[10].base == MC_BASE_UNKNOWN && x[10].array == -1 && x[10].region == -1);
  CHECK_STR(x[10].base_reason, "pointer loaded from memory");
  /* in the loop: a[i], and b through a pointer stepped by 4 bytes */
  CHECK_STR(TEXT(x[11].offset), "4 * i");
  CHECK_STR(TEXT(x[12].offset), "q_offset");
  CHECK(x[12].offset->atom && x[12].offset->atom->value == find(fn, "q"));
  CHECK_STR(k->arrays[x[12].array].name, "b");
  /* after the join */
  CHECK_STR(TEXT(x[13].offset), "4 * (threadIdx.x < 16 ? threadIdx.x : n)");
  CHECK(ka->nunsupported == 1);
  CHECK_STR(ka->nunsupported ? ka->unsupported[0].reason : NULL, "call to opaque not inlined");

  mc_strbuf out = {0};
  const mc_kernel_accesses *all[1] = {ka};
  mc_accesses_print(ks, all, &out);
  CHECK(strstr(mc_strbuf_str(&out), "?:? atomic add block a offset 0 size 4\n") != NULL);
  CHECK(strstr(mc_strbuf_str(&out), "?:? write <unknown> offset 0 size 4 (pointer loaded from memory)\n") != NULL);
  CHECK(strstr(mc_strbuf_str(&out), "  i: loop variable\n") != NULL);
  mc_strbuf_free(&out);

  /* A chain of selects that share their operands: a tree of 2^k nodes.
   * Past the size limit the value is an unknown, so walks stay cheap. */
  mc_strbuf ir = {0};
  mc_strbuf_append(&ir, "target triple = \"nvptx64-nvidia-cuda\"\n"
                        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
                        "define ptx_kernel void @chain(ptr %a, i32 %n) {\n"
                        "  %s0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
  for (int j = 1; j <= 16; j++)
    mc_strbuf_printf(&ir,
                     "  %%c%d = icmp slt i32 %%s%d, %%n\n"
                     "  %%t%d = mul i32 %%s%d, %d\n"
                     "  %%s%d = select i1 %%c%d, i32 %%s%d, i32 %%t%d\n",
                     j, j - 1, j, j - 1, j + 2, j, j, j - 1, j);
  mc_strbuf_append(&ir, "  %p = getelementptr i32, ptr %a, i32 %s16\n"
                        "  store i32 0, ptr %p\n  ret void\n}\n");
  LLVMModuleRef m2 = parse_ir(ctx, mc_strbuf_str(&ir));
  mc_strbuf_free(&ir);
  mc_kernels *ks2 = m2 ? mc_find_kernels(a, m2) : NULL;
  mc_kernel_accesses *ka2 = ks2 && ks2->nkernels ? mc_find_accesses(a, &ks2->kernels[0], NULL) : NULL;
  CHECK(ka2 && ka2->naccesses == 1);
  if (ka2 && ka2->naccesses) {
    const mc_expr *off = ka2->accesses[0].offset;
    CHECK(off->size < 20000);
    CHECK(mc_expr_mentions(off, 1u << MC_ATOM_UNKNOWN));
  }
  if (m2)
    LLVMDisposeModule(m2);

  mc_arena_free(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return check_report("sym_ir");
}

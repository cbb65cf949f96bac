/* Unit tests of kernel discovery on hand-written IR, in the syntax that
 * LLVM 19 and 22 both parse: both kernel markings, launch bounds in both
 * spellings, shared arrays (2-D, extern), device functions that are not
 * kernels, and names without debug info. */
#include "check.h"
#include "ir.h"
#include "mapcost/kernels.h"
#include "../../passes/kernels/source_names.h"

#include <llvm-c/IRReader.h>
#include <stdlib.h>
#include <unistd.h>

static const char *IR =
    "target datalayout = \"e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "@_ZZ9transposePfS_E4tile = internal addrspace(3) global [16 x [17 x float]] undef\n"
    "@buf = external addrspace(3) global [0 x float]\n"
    "@counter = addrspace(1) global i32 0\n"
    "@.str = private unnamed_addr addrspace(4) constant [3 x i8] c\"hi\\00\"\n"
    "define void @_Z9transposePfS_(ptr %out, ptr %in) #0 {\n"
    "  %t = getelementptr [16 x [17 x float]], ptr addrspace(3) @_ZZ9transposePfS_E4tile, i32 0, i32 1, i32 2\n"
    "  %v = load float, ptr addrspace(3) %t\n"
    "  store float %v, ptr %out\n"
    "  ret void\n"
    "}\n"
    "define ptx_kernel void @_Z5scaleIfEvPT_S0_(ptr %a, float %s) #1 {\n"
    "  %v = load float, ptr addrspace(3) @buf\n"
    "  call void @_Z6helperv()\n"
    "  ret void\n"
    "}\n"
    "define void @_Z6helperv() {\n"
    "  %c = atomicrmw add ptr addrspace(1) @counter, i32 1 monotonic\n"
    "  ret void\n"
    "}\n"
    "attributes #0 = { \"target-cpu\"=\"sm_75\" }\n"
    "attributes #1 = { \"nvvm.maxntid\"=\"256\" \"nvvm.minctasm\"=\"2\" }\n"
    "!nvvm.annotations = !{!0, !1}\n"
    "!0 = !{ptr @_Z9transposePfS_, !\"kernel\", i32 1}\n"
    "!1 = !{ptr @_Z9transposePfS_, !\"maxntidx\", i32 16, !\"maxntidy\", i32 16}\n";

/* Names read from source text (line tables only): *expect is the names
 * joined by spaces, "-" for one not read; NULL: not found. */
static void check_source(const char *text, unsigned line, const char *fn, unsigned n,
                         const char *expect) {
  char path[] = "/tmp/mapcost-names-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0)
    return;
  FILE *f = fdopen(fd, "w");
  fputs(text, f);
  fclose(f);
  char *names[8], got[256] = "";
  bool found = mc_source_param_names(path, line, fn, n, names);
  for (unsigned i = 0; i < n; i++) {
    snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "",
             names[i] ? names[i] : "-");
    free(names[i]);
  }
  unlink(path);
  if (!expect)
    CHECK(!found);
  else
    CHECK_STR(found ? got : "(not found)", expect);
}

static void source_names(void) {
  check_source("__global__ void k(float *a, int n) {}\n", 1, "k", 2, "a n");
  /* the definition's line, a comment naming it before, a list over lines
   * with comments and a string holding a comma */
  check_source("// k(int x)\n/* k(int y) */ __global__ void\nk(int *out, // out\n"
               "  int /* , int z */ n = sizeof(\"a,b\"), float f[16]) {}\n",
               2, "ns::k", 3, "out n f");
  check_source("__global__ void k(int, const T, float *__restrict__) {}", 1, "k", 3, "- - -");
  check_source("__global__ void k(Pair<int, 3> v, int (*f)(int), unsigned int u) {}", 1,
               "k<float>", 3, "v - u");
  check_source("template <> __global__ void k<float>(float *p) {}", 1, "k<float>", 1, "p");
  check_source("__global__ void k(void) {}", 1, "k", 0, "");
  check_source("__global__ void k(float *a, int n) {}", 1, "k", 3, NULL); /* count */
  check_source("#define ARGS int *a, int n\n__global__ void k(ARGS) {}", 2, "k", 2, NULL);
  check_source("__global__ void kk(int *a) {}", 1, "k", 1, NULL); /* not its name */
  char *names[1];
  CHECK(!mc_source_param_names("/nonexistent/k.cu", 1, "k", 1, names) && !names[0]);
  CHECK(!mc_source_param_names("/dev/null", 1, "k", 1, names));
}

int main(void) {
  source_names();
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR);
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = mc_find_kernels(a, m);
  CHECK(ks != NULL);
  CHECK(ks->nkernels == 2);
  CHECK(!ks->has_debug_info);
  CHECK_STR(ks->arch, "sm_75");

  const mc_kernel *t = &ks->kernels[0];
  CHECK_STR(t->name, "transpose");
  CHECK_STR(t->mangled, "_Z9transposePfS_");
  CHECK(t->nparams == 2);
  CHECK_STR(t->params[0].name, "out");
  CHECK_STR(t->params[0].type, "float *"); /* from the mangled name */
  CHECK(t->bounds.maxntid[0] == 16 && t->bounds.maxntid[1] == 16 &&
        t->bounds.maxntid[2] == 1);
  CHECK(t->narrays == 3);
  CHECK_STR(t->arrays[0].name, "out");
  CHECK(t->arrays[0].kind == MC_ARRAY_PARAM && t->arrays[0].space == MC_SPACE_GLOBAL);
  CHECK_STR(t->arrays[0].elem_type, "float");
  const mc_array *tile = &t->arrays[2];
  CHECK_STR(tile->name, "tile");
  CHECK(tile->kind == MC_ARRAY_SHARED && tile->space == MC_SPACE_SHARED);
  CHECK(tile->ndims == 2 && tile->dims[0] == 16 && tile->dims[1] == 17);
  CHECK(tile->bytes == 16 * 17 * 4);
  CHECK_STR(mc_array_type_text(a, tile), "float[16][17]");

  const mc_kernel *s = &ks->kernels[1];
  CHECK_STR(s->name, "scale<float>");
  CHECK(s->bounds.maxntid[0] == 256 && s->bounds.minctasm == 2);
  CHECK_STR(s->params[1].type, "float");
  /* a, then buf (extern shared), then counter reached through a call; the
   * string literal is not an array. */
  CHECK(s->narrays == 3);
  CHECK_STR(s->arrays[1].name, "buf");
  CHECK(s->arrays[1].kind == MC_ARRAY_EXTERN_SHARED);
  CHECK_STR(s->arrays[2].name, "counter");
  CHECK(s->arrays[2].kind == MC_ARRAY_GLOBAL && s->arrays[2].space == MC_SPACE_GLOBAL);

  mc_strbuf out = {0};
  mc_kernels_print(ks, &out);
  CHECK(strstr(mc_strbuf_str(&out), "kernel transpose mangled _Z9transposePfS_\n") != NULL);
  CHECK(strstr(mc_strbuf_str(&out), "array tile: shared float[16][17] 1088 bytes") != NULL);
  mc_strbuf_free(&out);

  mc_arena_free(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return check_report("kernels");
}

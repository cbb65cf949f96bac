/* kernels.c - stage 1: find the kernels of a module and the memory they use.
 *
 *   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-kernels>' \
 *       -disable-output k.ll
 *
 * Runs on the canonicalised clone (device functions inlined), so the globals
 * a kernel uses appear as operands of its own instructions; calls that were
 * not inlined (recursion) are followed.
 */
#include "mapcost/kernels.h"
#include "source_names.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

/* NVPTX address spaces. */
enum { AS_GENERIC = 0, AS_GLOBAL = 1, AS_SHARED = 3, AS_CONST = 4 };

/* Takes ownership of a malloc'd string from the shim: copies it into the
 * arena and frees it. */
static const char *own(mc_arena *a, char *s) {
  const char *r = mc_strdup(a, s);
  free(s);
  return r;
}

static const char *ir_type_text(mc_arena *a, LLVMTypeRef t) {
  return own(a, LLVMPrintTypeToString(t));
}

/* A growable list of values, used as a visited set: kernels touch few
 * globals, so linear search is enough. */
typedef struct {
  LLVMValueRef *v;
  unsigned n, cap;
} value_list;

static bool list_has(const value_list *l, LLVMValueRef v) {
  for (unsigned i = 0; i < l->n; i++)
    if (l->v[i] == v)
      return true;
  return false;
}

static bool list_add(value_list *l, LLVMValueRef v) {
  if (l->n == l->cap) {
    unsigned cap = l->cap ? l->cap * 2 : 16;
    LLVMValueRef *p = realloc(l->v, cap * sizeof *p);
    if (!p)
      return false;
    l->v = p;
    l->cap = cap;
  }
  l->v[l->n++] = v;
  return true;
}

/* Globals that are program data, not string literals or LLVM's own. */
static bool is_user_global(LLVMValueRef g) {
  size_t n;
  const char *name = LLVMGetValueName2(g, &n);
  if (!strncmp(name, "llvm.", 5))
    return false;
  if (LLVMIsGlobalConstant(g) && LLVMGetLinkage(g) == LLVMPrivateLinkage)
    return false;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  return as == AS_SHARED || as == AS_GLOBAL || as == AS_CONST ||
         as == AS_GENERIC;
}

typedef struct {
  value_list globals, seen_constants, seen_functions;
} use_walk;

static void walk_value(use_walk *w, LLVMValueRef v);

static void walk_function(use_walk *w, LLVMValueRef fn) {
  if (list_has(&w->seen_functions, fn) || !list_add(&w->seen_functions, fn))
    return;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
         in = LLVMGetNextInstruction(in)) {
      int n = LLVMGetNumOperands(in);
      for (int i = 0; i < n; i++)
        walk_value(w, LLVMGetOperand(in, (unsigned)i));
    }
}

static void walk_value(use_walk *w, LLVMValueRef v) {
  if (!v)
    return;
  if (LLVMIsAGlobalVariable(v)) {
    if (is_user_global(v) && !list_has(&w->globals, v))
      list_add(&w->globals, v);
  } else if (LLVMIsAFunction(v)) {
    if (!LLVMIsDeclaration(v))
      walk_function(w, v);
  } else if (LLVMIsAConstantExpr(v) || LLVMIsAConstantStruct(v) ||
             LLVMIsAConstantArray(v) || LLVMIsAConstantVector(v)) {
    if (list_has(&w->seen_constants, v) || !list_add(&w->seen_constants, v))
      return;
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++)
      walk_value(w, LLVMGetOperand(v, (unsigned)i));
  }
}

/* The element type and extents of a static array type. */
static void array_shape(mc_arena *a, LLVMTypeRef t, mc_array *arr) {
  while (LLVMGetTypeKind(t) == LLVMArrayTypeKind &&
         arr->ndims < MC_MAX_ARRAY_DIMS) {
    arr->dims[arr->ndims++] = LLVMGetArrayLength2(t);
    t = LLVMGetElementType(t);
  }
  if (!arr->elem_type)
    arr->elem_type = ir_type_text(a, t);
}

/* "float [16][17]" from debug info: the part before the first '['. */
static const char *elem_of_di_type(mc_arena *a, const char *di) {
  const char *br = strchr(di, '[');
  size_t n = br ? (size_t)(br - di) : strlen(di);
  while (n && di[n - 1] == ' ')
    n--;
  return mc_strndup(a, di, n);
}

static bool add_global_array(mc_arena *a, LLVMTargetDataRef td,
                             LLVMValueRef g, mc_array *arr) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  LLVMTypeRef vt = LLVMGlobalGetValueType(g);
  arr->value = g;
  arr->param_index = -1;
  arr->space = as == AS_SHARED  ? MC_SPACE_SHARED
               : as == AS_CONST ? MC_SPACE_CONSTANT
                                : MC_SPACE_GLOBAL;
  char *di_name = mc_shim_global_name(g);
  if (di_name) {
    arr->name = own(a, di_name);
  } else {
    size_t n;
    const char *ir = LLVMGetValueName2(g, &n);
    /* A function-scope static is mangled with its function; the shim's
     * demangler gives back "f(int*)::tile". */
    char *dm = mc_shim_demangle(ir);
    const char *full = own(a, dm);
    const char *last = full ? strrchr(full, ':') : NULL;
    arr->name = last && last > full && last[-1] == ':' ? last + 1 : full;
  }
  char *di_type = mc_shim_global_type(g);
  if (di_type)
    arr->elem_type = elem_of_di_type(a, own(a, di_type));
  bool zero_length = LLVMGetTypeKind(vt) == LLVMArrayTypeKind &&
                     LLVMGetArrayLength2(vt) == 0;
  if (arr->space == MC_SPACE_SHARED &&
      (zero_length || LLVMIsDeclaration(g))) {
    arr->kind = MC_ARRAY_EXTERN_SHARED;
    arr->ndims = 1;
    arr->dims[0] = 0;
    LLVMTypeRef e = vt;
    while (LLVMGetTypeKind(e) == LLVMArrayTypeKind)
      e = LLVMGetElementType(e);
    if (!arr->elem_type)
      arr->elem_type = ir_type_text(a, e);
    return arr->name && arr->elem_type;
  }
  arr->kind = arr->space == MC_SPACE_SHARED ? MC_ARRAY_SHARED : MC_ARRAY_GLOBAL;
  array_shape(a, vt, arr);
  if (LLVMTypeIsSized(vt))
    arr->bytes = LLVMABISizeOfType(td, vt);
  return arr->name && arr->elem_type;
}

/* The file a kernel is defined in, as the compiler opened it: the
 * directory of its debug info joined where the name is relative. */
static char *source_path(mc_arena *a, LLVMValueRef fn, const char *file) {
  unsigned len = 0;
  const char *dir = file && file[0] != '/' ? LLVMGetDebugLocDirectory(fn, &len) : NULL;
  return dir && len ? mc_sprintf(a, "%.*s/%s", (int)len, dir, file) : (char *)file;
}

/* Whether pointer v (a by-value parameter, or a GEP or cast of it) is only
 * loaded through: any other use (a store to it or of it, a call, a select,
 * a conversion to an integer) may change what it points to. */
static bool only_loaded(LLVMValueRef v, unsigned depth) {
  enum { MAX_DEPTH = 32 };
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsALoadInst(user))
      continue;
    bool derived = LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
                   LLVMIsAAddrSpaceCastInst(user);
    if (!derived || LLVMGetOperand(user, 0) != v || depth == MAX_DEPTH ||
        !only_loaded(user, depth + 1))
      return false;
  }
  return true;
}

/* Returns false when out of memory; *named tells whether every parameter
 * got its name from debug info, *read whether the others got theirs from
 * the source text (source_names.c). */
static bool describe_params(mc_arena *a, mc_kernel *k, bool *named, bool *read) {
  k->nparams = LLVMCountParams(k->fn);
  k->params = mc_alloc(a, (k->nparams + 1) * sizeof *k->params);
  char **source = mc_alloc(a, (k->nparams + 1) * sizeof *source);
  if (!k->params || !source)
    return false;
  *named = true;
  for (unsigned i = 0; i < k->nparams; i++) {
    k->params[i].name = own(a, mc_shim_param_name(k->fn, i));
    *named &= k->params[i].name != NULL;
  }
  /* at -O1 and above clang keeps line tables only */
  bool have = !*named && k->file &&
              mc_source_param_names(source_path(a, k->fn, k->file), k->line, k->name,
                                    k->nparams, source);
  *read = have;
  for (unsigned i = 0; i < k->nparams; i++) {
    mc_param *p = &k->params[i];
    p->value = LLVMGetParam(k->fn, i);
    p->is_pointer = LLVMGetTypeKind(LLVMTypeOf(p->value)) == LLVMPointerTypeKind;
    LLVMAttributeRef byval =
        p->is_pointer ? LLVMGetEnumAttributeAtIndex(k->fn, i + 1,
                                                    LLVMGetEnumAttributeKindForName("byval", 5))
                      : NULL;
    p->byval = byval ? LLVMGetTypeAttributeValue(byval) : NULL;
    p->byval_written = p->byval && !only_loaded(p->value, 0);
    if (have && !p->name)
      p->name = own(a, source[i]);
    else if (have)
      free(source[i]);
    if (!p->name) {
      *read = false;
      size_t n;
      const char *ir = LLVMGetValueName2(p->value, &n);
      p->name = n ? mc_strndup(a, ir, n) : mc_sprintf(a, "arg%u", i);
    }
    p->type = own(a, mc_shim_param_type(k->fn, i));
    if (!p->type)
      p->type = ir_type_text(a, LLVMTypeOf(p->value));
    if (!p->name || !p->type)
      return false;
  }
  return true;
}

const mc_param *mc_kernel_param(const mc_kernel *k, LLVMValueRef v) {
  for (unsigned i = 0; v && i < k->nparams; i++)
    if (k->params[i].value == v)
      return &k->params[i];
  return NULL;
}

/* The pointee of a parameter's source type: "const float *" -> "const float". */
static const char *pointee_text(mc_arena *a, const char *type) {
  size_t n = strlen(type);
  while (n && (type[n - 1] == ' ' || type[n - 1] == '*'))
    n--;
  if (n == strlen(type)) /* no '*': an IR type such as "ptr" */
    return "?";
  return mc_strndup(a, type, n);
}

static bool describe_arrays(mc_arena *a, LLVMTargetDataRef td, mc_kernel *k) {
  use_walk w = {0};
  walk_function(&w, k->fn);
  unsigned max = k->nparams + w.globals.n;
  k->arrays = mc_alloc(a, (max + 1) * sizeof *k->arrays);
  bool ok = k->arrays != NULL;
  for (unsigned i = 0; ok && i < k->nparams; i++) {
    if (!k->params[i].is_pointer || k->params[i].byval)
      continue;
    mc_array *arr = &k->arrays[k->narrays++];
    arr->name = k->params[i].name;
    arr->kind = MC_ARRAY_PARAM;
    arr->space = MC_SPACE_GLOBAL;
    arr->elem_type = pointee_text(a, k->params[i].type);
    arr->param_index = (int)i;
    arr->value = k->params[i].value;
    ok = arr->elem_type != NULL;
  }
  for (unsigned i = 0; ok && i < w.globals.n; i++)
    ok = add_global_array(a, td, w.globals.v[i], &k->arrays[k->narrays++]);
  /* regions: every extern __shared__ array is the first one's (aliased
   * parameters are joined by their facts, mc_find_facts) */
  int dynamic = -1;
  for (unsigned i = 0; ok && i < k->narrays; i++) {
    mc_array *arr = &k->arrays[i];
    arr->region = (int)i;
    if (arr->kind == MC_ARRAY_EXTERN_SHARED) {
      if (dynamic < 0)
        dynamic = (int)i;
      arr->region = dynamic;
    }
  }
  free(w.globals.v);
  free(w.seen_constants.v);
  free(w.seen_functions.v);
  return ok;
}

/* The bit of mc_kernel.dims_read that reading special register `reg`
 * ("tid.y", "nctaid.z", ...) sets; 0 for other registers. */
static unsigned dim_bit(const char *reg) {
  static const struct {
    const char *prefix;
    unsigned shift;
  } regs[] = {{"tid.", 0}, {"ntid.", 0}, {"ctaid.", 3}, {"nctaid.", 3}};
  for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++) {
    size_t n = strlen(regs[i].prefix);
    if (!strncmp(reg, regs[i].prefix, n) && reg[n] >= 'x' && reg[n] <= 'z' && !reg[n + 1])
      return 1u << (regs[i].shift + (unsigned)(reg[n] - 'x'));
  }
  return 0;
}

/* The dimensions inline PTX reads: the components of %tid, %ntid, %ctaid
 * and %nctaid it names (%tid.y), every one where it names such a register
 * whole (%tid, a vector) or another register of a thread's or block's place
 * (%cluster_ctaid.y, %ctarank). */
static unsigned asm_dims(LLVMValueRef callee) {
  static const char *const regs[] = {"tid", "ntid", "ctaid", "nctaid"};
  size_t n;
  const char *text = LLVMGetInlineAsmAsmString(callee, &n);
  unsigned bits = 0;
  for (size_t i = 0; text && i < n; i++) {
    if (text[i] != '%')
      continue;
    size_t w = 0; /* the register's name, up to a component */
    while (i + 1 + w < n && (isalnum((unsigned char)text[i + 1 + w]) || text[i + 1 + w] == '_'))
      w++;
    const char *name = text + i + 1;
    bool component = i + w + 2 < n && text[i + w + 1] == '.' && text[i + w + 2] >= 'x' &&
                     text[i + w + 2] <= 'z' &&
                     (i + w + 3 == n || !isalnum((unsigned char)text[i + w + 3]));
    int r = -1;
    for (int k = 0; k < 4; k++)
      if (w == strlen(regs[k]) && !strncmp(name, regs[k], w))
        r = k;
    if (r >= 0 && component) /* the block's (tid, ntid), then the grid's */
      bits |= 1u << ((r < 2 ? 0 : 3) + (unsigned)(text[i + w + 2] - 'x'));
    else if (r >= 0 || mc_holds(name, w, "tid") || mc_holds(name, w, "cta") ||
             mc_holds(name, w, "cluster"))
      return MC_DIMS_ALL;
    i += w;
  }
  return bits;
}

/* mc_kernel.dims_read for fn (after the canonicalising pipeline's inlining). */
static unsigned dims_read(LLVMValueRef fn) {
  static const char sreg[] = "llvm.nvvm.read.ptx.sreg.";
  unsigned bits = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      if (callee && LLVMIsAInlineAsm(callee)) {
        bits |= asm_dims(callee);
        continue;
      }
      if (!callee || !LLVMIsAFunction(callee))
        return MC_DIMS_ALL; /* a call through a pointer */
      size_t n;
      const char *name = LLVMGetValueName2(callee, &n);
      if (!strncmp(name, sreg, sizeof sreg - 1))
        bits |= dim_bit(name + sizeof sreg - 1);
      else if (strncmp(name, "llvm.", 5) && strncmp(name, "mapcost.", 8))
        return MC_DIMS_ALL; /* a function that was not inlined */
    }
  return bits;
}

static bool describe_kernel(mc_arena *a, LLVMTargetDataRef td,
                            LLVMValueRef fn, mc_kernel *k, bool *named, bool *read) {
  size_t n;
  k->fn = fn;
  k->mangled = mc_strdup(a, LLVMGetValueName2(fn, &n));
  k->name = own(a, mc_shim_function_name(fn));
  if (LLVMGetSubprogram(fn)) {
    unsigned len;
    const char *file = LLVMGetDebugLocFilename(fn, &len);
    k->file = file ? mc_strndup(a, file, len) : NULL;
    k->line = LLVMGetDebugLocLine(fn);
  }
  mc_shim_launch_bounds(fn, &k->bounds);
  k->dims_read = dims_read(fn);
  return k->mangled && k->name && describe_params(a, k, named, read) &&
         describe_arrays(a, td, k);
}

mc_kernels *mc_find_kernels(mc_arena *a, LLVMModuleRef m) {
  mc_kernels *ks = mc_alloc(a, sizeof *ks);
  if (!ks)
    return NULL;
  size_t n;
  const char *source = LLVMGetSourceFileName(m, &n);
  ks->source = mc_strndup(a, source, n);
  unsigned count = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && mc_shim_is_kernel(f))
      count++;
  ks->kernels = mc_alloc(a, (count + 1) * sizeof *ks->kernels);
  if (!ks->kernels || !ks->source)
    return NULL;
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  ks->has_variable_info = true;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !mc_shim_is_kernel(f))
      continue;
    mc_kernel *k = &ks->kernels[ks->nkernels++];
    bool named, read;
    if (!describe_kernel(a, td, f, k, &named, &read))
      return NULL;
    ks->has_variable_info &= named;
    ks->params_from_source |= read;
    if (k->file)
      ks->has_debug_info = true;
    if (!ks->arch)
      ks->arch = own(a, mc_shim_target_cpu(f));
  }
  ks->has_variable_info &= ks->has_debug_info;
  return ks;
}

const char *mc_space_name(mc_space s) {
  switch (s) {
  case MC_SPACE_GLOBAL: return "global";
  case MC_SPACE_SHARED: return "shared";
  case MC_SPACE_CONSTANT: return "constant";
  }
  return "?";
}

const char *mc_array_type_text(mc_arena *a, const mc_array *arr) {
  if (arr->kind == MC_ARRAY_PARAM)
    return mc_sprintf(a, "%s*", arr->elem_type);
  if (arr->kind == MC_ARRAY_EXTERN_SHARED)
    return mc_sprintf(a, "%s[] (extern, dynamic)", arr->elem_type);
  mc_strbuf b = {0};
  mc_strbuf_append(&b, arr->elem_type);
  for (unsigned i = 0; i < arr->ndims; i++)
    mc_strbuf_printf(&b, "[%llu]", (unsigned long long)arr->dims[i]);
  const char *r = mc_strdup(a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return r;
}

bool mc_arrays_aliased(const mc_kernel *k, int i, int j) {
  return i != j && i >= 0 && j >= 0 && k->arrays[i].kind == MC_ARRAY_PARAM &&
         k->arrays[j].kind == MC_ARRAY_PARAM && k->arrays[i].region == k->arrays[j].region;
}

const char *mc_alias_groups_text(mc_arena *a, const mc_kernel *k, unsigned *ngroups) {
  *ngroups = 0;
  mc_strbuf b = {0};
  for (unsigned r = 0; r < k->narrays; r++) {
    if (k->arrays[r].kind != MC_ARRAY_PARAM || k->arrays[r].region != (int)r)
      continue; /* not the first array of a region of parameters */
    unsigned n = 0, members = 0;
    for (unsigned i = r + 1; i < k->narrays; i++)
      members += mc_arrays_aliased(k, (int)r, (int)i);
    if (!members)
      continue;
    mc_strbuf_printf(&b, "%s%s", *ngroups ? "; " : "", k->arrays[r].name);
    for (unsigned i = r + 1; i < k->narrays; i++)
      if (mc_arrays_aliased(k, (int)r, (int)i))
        mc_strbuf_printf(&b, "%s%s", ++n == members ? " and " : ", ", k->arrays[i].name);
    ++*ngroups;
  }
  const char *text = *ngroups ? mc_strdup(a, mc_strbuf_str(&b)) : NULL;
  mc_strbuf_free(&b);
  return text;
}

unsigned mc_inst_ordinal(LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  unsigned n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(LLVMGetBasicBlockParent(bb)); b && b != bb;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      n++;
  for (LLVMValueRef i = LLVMGetPreviousInstruction(inst); i; i = LLVMGetPreviousInstruction(i))
    n++;
  return n;
}

/* fuzz_analyze.c - the libFuzzer target: every stage of mapcost on IR.
 *
 *   build-fuzz/mapcost_fuzz -runs=20000 -seed=1 NEW_DIR test/fuzz/corpus
 *   build-fuzz/mapcost_fuzz FILE...        (each input once: regressions)
 *   MAPCOST_FUZZ_DUMP=k.ll build-fuzz/mapcost_fuzz FILE   (the prepared module)
 *   MAPCOST_FUZZ_QUERY=q.smt2 build-fuzz/mapcost_fuzz ...  (the last race query)
 *
 * An input is an IR module (bitcode or text): a test kernel, generator
 * output, an llvm-stress module, or one of these mutated. mutate.c makes it
 * an NVPTX module with kernels, thread ids and barriers, and the custom
 * mutator keeps every new input valid IR (mutated at the IR level, written
 * back as bitcode). On each verified module the target does what the
 * plugin does (passes/plugin/Plugin.cpp): the canonical clone, then the
 * analysis with its remarks and its JSON or SARIF report, the printers of
 * every stage, and the concrete interpreter on a small launch. For a
 * quarter of the inputs it analyses a second clone and aborts unless both
 * reports are byte-identical (determinism). Crashes, sanitizer reports,
 * leaks and hangs (-timeout) are failures; a crash inside Z3, which the
 * analysis survives, is said on stderr.
 */
#include "mapcost/analyze.h"
#include "mapcost/kernels.h"
#include "mapcost/options.h"
#include "mapcost/shim.h"
#include "mutate.h"

#include <dirent.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The budgets of every analysis here (a two-hundredth of the solver's
 * default per query, a tenth of the steps per kernel). */
enum { FUZZ_RLIMIT = 50000, FUZZ_KERNEL_STEPS = 2000000 };

static char report_dir[4096]; /* private to this process, removed at exit */

static void clear_reports(void) {
  DIR *d = opendir(report_dir);
  if (!d)
    return;
  for (struct dirent *e; (e = readdir(d));) {
    char path[8192];
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", report_dir, e->d_name);
    unlink(path);
  }
  closedir(d);
}

static void remove_report_dir(void) {
  clear_reports();
  rmdir(report_dir);
}

/* Every diagnostic is formatted (the remark and warning printers run) and
 * dropped. */
static void on_diagnostic(LLVMDiagnosticInfoRef di, void *ctx) {
  char *text = LLVMGetDiagInfoDescription(di);
  LLVMDisposeMessage(text);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  /* Remarks on, so that their arguments are built. */
  const char *args[] = {"mapcost_fuzz", "-pass-remarks=mapcost",
                        "-pass-remarks-missed=mapcost", "-pass-remarks-analysis=mapcost"};
  LLVMParseCommandLineOptions(4, args, NULL);
  const char *tmp = getenv("TMPDIR");
  snprintf(report_dir, sizeof report_dir, "%s/mapcost-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(report_dir)) {
    perror("mapcost_fuzz: mkdtemp");
    exit(1);
  }
  atexit(remove_report_dir);
  return 0;
}

static LLVMModuleRef parse(LLVMContextRef ctx, const uint8_t *data, size_t size) {
  LLVMMemoryBufferRef mb =
      LLVMCreateMemoryBufferWithMemoryRangeCopy((const char *)data, size, "fuzz.ll");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(ctx, mb, &m, &msg)) { /* takes mb */
    LLVMDisposeMessage(msg);
    return NULL;
  }
  return m;
}

static bool verified(LLVMModuleRef m) {
  char *msg = NULL;
  bool broken = LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
  LLVMDisposeMessage(msg);
  return !broken;
}

/* Reads the report file(s) of one analysis into a malloc'd string. */
static char *read_reports(void) {
  DIR *d = opendir(report_dir);
  char *all = NULL;
  size_t len = 0;
  FILE *acc = d ? open_memstream(&all, &len) : NULL;
  for (struct dirent *e; acc && (e = readdir(d));) {
    char path[8192], buf[4096];
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", report_dir, e->d_name);
    FILE *f = fopen(path, "rb");
    for (size_t n; f && (n = fread(buf, 1, sizeof buf, f));)
      fwrite(buf, 1, n, acc);
    if (f)
      fclose(f);
  }
  if (acc)
    fclose(acc);
  if (d)
    closedir(d);
  clear_reports();
  return all;
}

/* The plugin's path: clone, canonicalise, analyse. */
static char *analyze(LLVMModuleRef m, const mc_options *o) {
  LLVMModuleRef c = mc_shim_canonical_clone(m);
  if (!c)
    abort(); /* the fixed pipeline always parses */
  mc_analyze_module(c, o);
  LLVMDisposeModule(c);
  return read_reports();
}

static void print_stages(LLVMModuleRef m, const mc_options *o) {
  static const char *const printers[] = {"kernels", "lockstep", "sym", "protocols", "cost",
                                         "drf"};
  LLVMModuleRef c = mc_shim_canonical_clone(m);
  for (unsigned i = 0; i < sizeof printers / sizeof *printers - !o->races; i++) {
    mc_strbuf out = {0};
    mc_print_module(c, o, printers[i], &out);
    mc_strbuf_free(&out);
  }
  LLVMDisposeModule(c);
}

/* The interpreter on a small launch, every integer parameter given a
 * small value, so that it runs rather than asks for them. */
static void interpret(LLVMModuleRef m, const mc_options *base, uint64_t h) {
  mc_options o = *base;
  o.run = true;
  o.block_dim[0] = 1 + (unsigned)(h >> 8) % 64;
  o.block_dim[1] = 1 + (unsigned)(h >> 16) % 2;
  o.block_dim[2] = 1;
  o.grid_dim[0] = 1 + (unsigned)(h >> 20) % 2;
  o.grid_dim[1] = o.grid_dim[2] = 1;
  o.run_steps = 4000;
  LLVMModuleRef c = mc_shim_canonical_clone(m);
  mc_arena *a = mc_arena_new();
  mc_kernels *ks = a ? mc_find_kernels(a, c) : NULL;
  for (unsigned i = 0; ks && i < ks->nkernels; i++)
    for (unsigned p = 0; p < ks->kernels[i].nparams; p++) {
      const mc_param *q = &ks->kernels[i].params[p];
      char value[MC_OPTION_TEXT + 32], err[256];
      snprintf(value, sizeof value, "%s=%u", q->name, (unsigned)(h >> (24 + p % 32)) % 70);
      if (!q->is_pointer && !mc_options_param(&o, q->name))
        mc_options_set(&o, "param", value, err, sizeof err); /* a name too long: skipped */
    }
  mc_arena_free(a);
  mc_run_module(c, &o);
  LLVMDisposeModule(c);
  clear_reports();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, NULL);
  LLVMModuleRef m = parse(ctx, data, size);
  uint64_t h = mcf_hash(data, size);
  if (m)
    mcf_prepare(m, h);
  if (!m || !verified(m)) {
    if (m)
      LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return -1; /* not an input of interest: keep it out of the corpus */
  }
  const char *dump = getenv("MAPCOST_FUZZ_DUMP");
  if (dump)
    LLVMPrintModuleToFile(m, dump, NULL);

  /* Options from the input's hash: launch fixed or symbolic, scopes, format. */
  mc_options o;
  mc_options_init(&o);
  /* Small budgets: the campaign looks for crashes, hangs and leaks, and
   * small budgets take the analysis through its Inconclusive paths too;
   * the defaults would spend seconds of Z3 on one generated kernel. */
  o.rlimit = FUZZ_RLIMIT;
  /* MAPCOST_FUZZ_QUERY=FILE: every race query is written there before it
   * is checked, so a crash inside the solver leaves the query it was on. */
  const char *query = getenv("MAPCOST_FUZZ_QUERY");
  if (query)
    snprintf(o.solver_log, sizeof o.solver_log, "%s", query);
  /* Z3 under the fuzzer's allocator hooks is slow: the race stage runs on
   * a quarter of the inputs (by hash), the others stop before it. */
  o.races = ((h >> 9) & 3) == 0;
  o.kernel_steps = FUZZ_KERNEL_STEPS;
  o.module_steps = 4 * FUZZ_KERNEL_STEPS;
  snprintf(o.report_dir, sizeof o.report_dir, "%s", report_dir);
  o.report_format = (h & 1) ? MC_REPORT_SARIF : MC_REPORT_JSON;
  o.only_intra_group = (h >> 1) & 1;
  if ((h >> 2) & 1) {
    o.block_dim[0] = 32u << ((h >> 3) & 3);
    o.block_dim[1] = o.block_dim[2] = 1;
  }
  if ((h >> 5) & 1) {
    o.grid_dim[0] = 1 + (unsigned)((h >> 6) & 3);
    o.grid_dim[1] = o.grid_dim[2] = 1;
  }
  char *first = analyze(m, &o);
  /* A crash inside Z3 (passes/drf/child.c) leaves the kernel Inconclusive:
   * said in the campaign's log, and outside what must be deterministic. */
  bool z3_crashed = first && strstr(first, "Z3 crashed");
  if (z3_crashed)
    fprintf(stderr, "mapcost_fuzz: Z3 crashed on this input (hash %016llx); the analysis went on\n",
            (unsigned long long)h);
  if (((h >> 30) & 3) == 0) {
    char *second = analyze(m, &o);
    if (!z3_crashed && !(second && strstr(second, "Z3 crashed")) &&
        strcmp(first ? first : "", second ? second : "")) {
      fprintf(stderr, "mapcost_fuzz: two analyses of one module differ:\n%s\n---\n%s\n",
              first, second);
      abort();
    }
    free(second);
  }
  free(first);
  print_stages(m, &o);
  interpret(m, &o, h);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return 0;
}

/* IR-level mutation: parse, prepare, mutate, verify, write back as bitcode.
 * An input that is not IR stays as it is (the target drops it). */
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, NULL);
  size_t out = 0;
  for (unsigned attempt = 0; attempt < 4 && !out; attempt++) {
    LLVMModuleRef m = parse(ctx, data, size);
    if (!m)
      break;
    mcf_prepare(m, mcf_hash(data, size));
    if (mcf_mutate(m, ((uint64_t)seed << 8) + attempt) && verified(m)) {
      LLVMMemoryBufferRef mb = LLVMWriteBitcodeToMemoryBuffer(m);
      size_t n = LLVMGetBufferSize(mb);
      if (n <= max_size) {
        memcpy(data, LLVMGetBufferStart(mb), n);
        out = n;
      }
      LLVMDisposeMemoryBuffer(mb);
    }
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
  return out ? out : size;
}

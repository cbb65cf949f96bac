/* Isolation and determinism of the analysis in one process: nothing
 * survives from one module to the next. Each module given on the command
 * line (the suite's .ll files) is analysed alone, in a fresh LLVM context;
 * then all of them in one context, in order and in reverse order; then the
 * first again at the end. Every analysis writes its JSON and its SARIF
 * report; all must be byte-identical to the module's analysis alone. The
 * reports go into a private temporary folder, removed at the end.
 *
 *   unit_isolation FILE.ll...      (ctest: unit.isolation) */
#include "check.h"
#include "mapcost/analyze.h"
#include "mapcost/shim.h"

#include <dirent.h>
#include <llvm-c/IRReader.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[4096];

static void quiet(LLVMDiagnosticInfoRef di, void *ctx) {}

/* The report files in dir, concatenated, then removed. */
static char *take_reports(void) {
  char *all = NULL;
  size_t len = 0;
  FILE *acc = open_memstream(&all, &len);
  DIR *d = opendir(dir);
  for (struct dirent *e; d && (e = readdir(d));) {
    char path[8192], buf[4096];
    if (e->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "rb");
    for (size_t n; f && (n = fread(buf, 1, sizeof buf, f));)
      fwrite(buf, 1, n, acc);
    if (f)
      fclose(f);
    unlink(path);
  }
  if (d)
    closedir(d);
  fclose(acc);
  return all;
}

/* JSON, then SARIF, of one module, as the plugin makes them. */
static char *reports(LLVMModuleRef m) {
  mc_options o;
  mc_options_init(&o);
  snprintf(o.report_dir, sizeof o.report_dir, "%s", dir);
  mc_strbuf both = {0};
  for (int f = 0; f < 2; f++) {
    o.report_format = f ? MC_REPORT_SARIF : MC_REPORT_JSON;
    LLVMModuleRef c = mc_shim_canonical_clone(m);
    CHECK(c != NULL);
    if (!c)
      continue;
    mc_analyze_module(c, &o);
    LLVMDisposeModule(c);
    char *r = take_reports();
    mc_strbuf_append(&both, r ? r : "");
    free(r);
  }
  char *s = strdup(mc_strbuf_str(&both));
  mc_strbuf_free(&both);
  return s;
}

static LLVMModuleRef parse(LLVMContextRef ctx, const char *path) {
  LLVMMemoryBufferRef mb;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &mb, &msg)) {
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMModuleRef m = NULL;
  if (LLVMParseIRInContext(ctx, mb, &m, &msg)) {
    LLVMDisposeMessage(msg);
    return NULL;
  }
  return m;
}

static void same(const char *what, const char *file, const char *alone, const char *now) {
  CHECK(!strcmp(alone, now));
  if (strcmp(alone, now))
    fprintf(stderr, "%s: the report of %s differs from its analysis alone\n", what, file);
}

int main(int argc, char **argv) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/mapcost-isolation-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  int n = argc - 1, analysed = 0;
  char **alone = calloc((size_t)n + 1, sizeof *alone);
  for (int i = 0; i < n; i++) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, quiet, NULL);
    LLVMModuleRef m = parse(ctx, argv[i + 1]);
    if (m) { /* files that do not parse (on purpose, or with this LLVM) are skipped */
      alone[i] = reports(m);
      analysed++;
      LLVMDisposeModule(m);
    }
    LLVMContextDispose(ctx);
  }

  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, quiet, NULL);
  LLVMModuleRef *ms = calloc((size_t)n + 1, sizeof *ms);
  for (int i = 0; i < n; i++)
    ms[i] = alone[i] ? parse(ctx, argv[i + 1]) : NULL;
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < n; k++) {
      int i = pass ? n - 1 - k : k;
      if (!ms[i])
        continue;
      char *r = reports(ms[i]);
      same(pass ? "in reverse order" : "in order", argv[i + 1], alone[i], r);
      free(r);
    }
  if (n > 0 && ms[0]) { /* the first module once more, last */
    char *r = reports(ms[0]);
    same("again at the end", argv[1], alone[0], r);
    free(r);
  }
  for (int i = 0; i < n; i++) {
    if (ms[i])
      LLVMDisposeModule(ms[i]);
    free(alone[i]);
  }
  free(ms);
  free(alone);
  LLVMContextDispose(ctx);
  CHECK(analysed >= 5); /* the suite's .ll files, not an empty list */
  CHECK(rmdir(dir) == 0); /* nothing left behind */
  printf("isolation: %d modules\n", analysed);
  return check_report("isolation");
}

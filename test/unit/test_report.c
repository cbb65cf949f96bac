/* Unit tests of the report writers (passes/report/) on a hand-made result:
 * a possible race with loop iterations and what was approximated, a race
 * suppressed by __mapcost_suppress, symbolic costs and totals, as the race
 * and cost stages will fill them (the concrete interpreter only gives
 * confirmed races and numbers; test/cli/sarif-run.test covers those). */
#include "check.h"
#include "mapcost/facts.h"
#include "mapcost/report.h"

#include <stdbool.h>

static bool has(const char *text, const char *part) {
  bool found = strstr(text, part) != NULL;
  if (!found)
    fprintf(stderr, "missing: %s\n", part);
  return found;
}

int main(void) {
  mc_arena *a = mc_arena_new();
  mc_array arrays[2] = {
      {.name = "tile", .kind = MC_ARRAY_SHARED, .space = MC_SPACE_SHARED,
       .elem_type = "float", .dims = {16, 17}, .ndims = 2, .param_index = -1},
      {.name = "count", .kind = MC_ARRAY_PARAM, .space = MC_SPACE_GLOBAL,
       .elem_type = "int", .param_index = 0},
  };
  mc_fact suppress = {.kind = MC_FACT_SUPPRESS, .array = 1, .reason = "a rough count"};
  mc_kernel k = {.name = "transpose", .mangled = "_Z9transposePfi", .file = "src/t.cu",
                 .line = 4, .arrays = arrays, .narrays = 2, .facts = &suppress, .nfacts = 1};
  mc_kernels ks = {.kernels = &k, .nkernels = 1, .has_debug_info = true,
                   .source = "src/t.cu", .arch = "sm_80"};
  mc_witness_value iters[] = {{"r", 1}}, params[] = {{"reps", 2}};
  mc_race tile_race = {
      .confirmed = false, .first = {NULL, "write", "src/t.cu", 7, 36},
      .second = {NULL, "read", "src/t.cu", 9, 12}, .approximated = "the loop bound of r",
      .tid1 = {1, 0, 0}, .block_dim = {16, 16, 1}, .grid_dim = {1, 1, 1},
      .index = {0, 1}, .nindex = 2, .byte_offset = 4,
      .iterations = iters, .niterations = 1, .params = params, .nparams = 1};
  mc_race count_race = {.write_write = true, .confirmed = true, .grid = true,
                        .first = {NULL, "write", "src/t.cu", 12, 3},
                        .second = {NULL, "write", "src/t.cu", 12, 3},
                        .block2 = {1, 0, 0}, .nindex = 1};
  mc_array_result ar[2] = {{MC_VERDICT_RACE, NULL, &tile_race, 1},
                           {MC_VERDICT_RACE, NULL, &count_race, 1}};
  mc_cost costs[] = {{MC_METRIC_BANK_CONFLICTS, 0, NULL, "src/t.cu", 9, 12, "16*reps", true,
                      "column reads hit one bank"},
                     {MC_METRIC_UNCOALESCED, 1, NULL, "src/t.cu", 12, 3, "0", true, NULL}};
  mc_cost totals[] = {{MC_METRIC_BANK_CONFLICTS, -1, NULL, NULL, 0, 0, "16*reps", false, NULL}};
  mc_kernel_result r = {.kernel = &k, .verdict = MC_VERDICT_RACE, .checked_block = true,
                        .checked_grid = true, .arrays = ar, .costs = costs, .ncosts = 2,
                        .totals = totals, .ntotals = 1};

  CHECK(mc_report_suppressed(&k, 0, &tile_race) == NULL);
  CHECK_STR(mc_report_suppressed(&k, 1, &count_race), "a rough count");

  mc_options o = {.report_format = MC_REPORT_JSON};
  mc_strbuf json = {0};
  mc_report_module(a, &o, &ks, &r, &json);
  const char *j = mc_strbuf_str(&json);
  CHECK(has(j, "\"kind\": \"read-write\", \"certainty\": \"possible\", \"scope\": \"block\""));
  CHECK(has(j, "\"first\": {\"line\": 7, \"column\": 36, \"access\": \"write\", \"file\": \"src/t.cu\"}"));
  CHECK(has(j, "\"index\": [0, 1], \"byte_offset\": 4, \"iterations\": {\"r\": 1}, "
               "\"params\": {\"reps\": 2}}, \"approximated\": \"the loop bound of r\"}"));
  CHECK(has(j, "\"kind\": \"write-write\", \"certainty\": \"confirmed\", \"scope\": \"grid\""));
  CHECK(has(j, "\"suppressed\": true, \"suppress_reason\": \"a rough count\""));
  CHECK(has(j, "{\"array\": \"tile\", \"metric\": \"bank-conflicts\", \"line\": 9, "
               "\"column\": 12, \"cost\": \"16*reps\", \"relation\": \"=\", "
               "\"why\": \"column reads hit one bank\"}"));
  CHECK(has(j, "\"total_cost\": {\"bank-conflicts\": {\"cost\": \"16*reps\", \"relation\": \"<=\"}}"));
  mc_strbuf_free(&json);

  o.report_format = MC_REPORT_SARIF;
  mc_strbuf sarif = {0};
  mc_report_module(a, &o, &ks, &r, &sarif);
  const char *s = mc_strbuf_str(&sarif);
  CHECK(has(s, "\"ruleId\": \"data-race\", \"ruleIndex\": 0, \"level\": \"error\", \"message\": "
               "{\"text\": \"Possible data race (read-write, block scope) on 'tile' in kernel "
               "'transpose': this write and the read at line 9; witness: tid1=(1,0,0) "
               "tid2=(0,0,0) block1=(0,0,0) block2=(0,0,0) blockDim=(16,16,1) gridDim=(1,1,1) "
               "index=[0][1] byte_offset=4 r=1 reps=2\"}"));
  CHECK(has(s, "{\"uri\": \"src/t.cu\", \"uriBaseId\": \"%SRCROOT%\"}, \"region\": "
               "{\"startLine\": 7, \"startColumn\": 36}"));
  CHECK(has(s, "\"relatedLocations\": [{\"id\": 1, \"message\": {\"text\": \"second access "
               "(read)\"}, \"physicalLocation\": {\"artifactLocation\": {\"uri\": \"src/t.cu\""));
  CHECK(has(s, "\"suppressions\": [{\"kind\": \"inSource\", \"justification\": \"a rough count\"}]"));
  CHECK(has(s, "\"ruleId\": \"bank-conflict\", \"ruleIndex\": 4, \"level\": \"note\", "
               "\"message\": {\"text\": \"bank-conflicts cost = 16*reps for 'tile' in kernel "
               "'transpose': column reads hit one bank\"}"));
  CHECK(!strstr(s, "uncoalesced cost")); /* a zero cost is no result */
  CHECK(!strstr(s, "\"ruleId\": \"inconclusive\""));
  /* The fingerprints: 16 hex digits, distinct per result. */
  const char *f1 = strstr(s, "\"mapcostFinding/v1\": \"");
  const char *f2 = f1 ? strstr(f1 + 1, "\"mapcostFinding/v1\": \"") : NULL;
  CHECK(f1 && f2 && strncmp(f1 + 22, f2 + 22, 16) && f1[22 + 16] == '"');
  mc_strbuf_free(&sarif);
  mc_arena_free(a);
  return check_report("report");
}

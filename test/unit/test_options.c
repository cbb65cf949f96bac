/* Unit tests of the option parser (CONTRACT §1). */
#include "check.h"
#include "mapcost/interp.h"
#include "mapcost/options.h"

static bool set(mc_options *o, const char *name, const char *value) {
  char err[256];
  return mc_options_set(o, name, value, err, sizeof err);
}

static void test_defaults(void) {
  mc_options o;
  mc_options_init(&o);
  CHECK(o.warp_size == 32 && o.line_bytes == 32 && o.banks == 32 && o.bank_bytes == 4);
  CHECK(o.warnings && !o.only_intra_group && o.block_dim[0] == 0);
  CHECK(o.report_format == MC_REPORT_JSON && o.report_dir[0] == '\0');
}

static void test_dims(void) {
  mc_options o;
  mc_options_init(&o);
  CHECK(set(&o, "block-dim", "32"));
  CHECK(o.block_dim[0] == 32 && o.block_dim[1] == 1 && o.block_dim[2] == 1);
  CHECK(set(&o, "block-dim", "16,8,2"));
  CHECK(o.block_dim[0] == 16 && o.block_dim[1] == 8 && o.block_dim[2] == 2);
  char err[256];
  CHECK(!mc_options_set(&o, "block-dim", "0", err, sizeof err));
  CHECK(strstr(err, "outside 1..1024") != NULL);
  CHECK(!mc_options_set(&o, "block-dim", "2000", err, sizeof err));
  CHECK(!mc_options_set(&o, "block-dim", "a", err, sizeof err));
  CHECK(strstr(err, "not X[,Y[,Z]]") != NULL);
  CHECK(!mc_options_set(&o, "block-dim", "64,64", err, sizeof err));
  CHECK(strstr(err, "4096 threads") != NULL);
  CHECK(!set(&o, "block-dim", "1,1,65"));
  CHECK(!set(&o, "block-dim", "1,1,1,1"));
  CHECK(!set(&o, "block-dim", "-1"));
  CHECK(!set(&o, "block-dim", ""));
  CHECK(!set(&o, "block-dim", NULL));
  CHECK(!set(&o, "block-dim", "3,"));
  /* A failed parse leaves the earlier value. */
  CHECK(o.block_dim[0] == 16 && o.block_dim[1] == 8);
  CHECK(set(&o, "grid-dim", "100000,2"));
  CHECK(o.grid_dim[0] == 100000 && o.grid_dim[1] == 2);
  CHECK(!set(&o, "grid-dim", "1,70000"));
}

static void test_params(void) {
  mc_options o;
  mc_options_init(&o);
  CHECK(set(&o, "param", "n=4"));
  CHECK(set(&o, "param", "reps=-2"));
  CHECK(set(&o, "param", "n=0x10"));
  CHECK(o.nparams == 2);
  CHECK(mc_options_param(&o, "n") && mc_options_param(&o, "n")->value == 16);
  CHECK(mc_options_param(&o, "reps")->value == -2);
  CHECK(mc_options_param(&o, "width") == NULL);
  CHECK(!set(&o, "param", "n"));
  CHECK(!set(&o, "param", "=3"));
  CHECK(!set(&o, "param", "n=x"));
  CHECK(!set(&o, "param", "a-b=1"));
  CHECK(!set(&o, "param", "n=99999999999999999999"));
}

static void test_model_and_flags(void) {
  mc_options o;
  mc_options_init(&o);
  CHECK(set(&o, "warp-size", "64") && o.warp_size == 64);
  CHECK(!set(&o, "banks", "33"));
  CHECK(!set(&o, "line-bytes", "0"));
  CHECK(set(&o, "bank-bytes", "8") && o.bank_bytes == 8);
  CHECK(set(&o, "rlimit", "5000") && o.rlimit == 5000);
  CHECK(!set(&o, "rlimit", "lots"));
  CHECK(set(&o, "only-intra-group", NULL) && o.only_intra_group);
  CHECK(set(&o, "warnings", "0") && !o.warnings);
  CHECK(!set(&o, "warnings", "maybe"));
  CHECK(set(&o, "report-format", "sarif") && o.report_format == MC_REPORT_SARIF);
  CHECK(!set(&o, "report-format", "xml"));
  CHECK(!set(&o, "report", ""));
  CHECK(set(&o, "report", "/tmp/r") && !strcmp(o.report_dir, "/tmp/r"));
  char err[256];
  CHECK(!mc_options_set(&o, "blockdim", "3", err, sizeof err));
  CHECK(strstr(err, "unknown option -mapcost-blockdim") != NULL);
}

static void test_env(void) {
  mc_options o;
  mc_options_init(&o);
  char err[256];
  CHECK(mc_options_parse_env(&o, "  -mapcost-block-dim=64 --mapcost-param=n=3 "
                                 "-mapcost-only-intra-group\t",
                             err, sizeof err));
  CHECK(o.block_dim[0] == 64 && o.only_intra_group);
  CHECK(mc_options_param(&o, "n")->value == 3);
  CHECK(!mc_options_parse_env(&o, "-mapcost-block-dim=0", err, sizeof err));
  CHECK(strstr(err, "MAPCOST_OPTIONS: -mapcost-block-dim") != NULL);
  CHECK(!mc_options_parse_env(&o, "block-dim=3", err, sizeof err));
  CHECK(mc_options_parse_env(&o, "", err, sizeof err));
}

static void test_run(void) {
  mc_options o;
  mc_options_init(&o);
  CHECK(!o.run && o.run_orders == 1 && !o.run_interleave);
  CHECK(set(&o, "run", NULL) && o.run);
  CHECK(set(&o, "run-array", "a=16:seq") && o.nrun_arrays == 1);
  CHECK(!set(&o, "run-array", "=16"));
  CHECK(set(&o, "run-mode", "interleave") && o.run_interleave);
  CHECK(!set(&o, "run-mode", "random"));
  CHECK(set(&o, "run-orders", "4") && o.run_orders == 4);
  CHECK(!set(&o, "run-orders", "0"));
  CHECK(set(&o, "run-shared-bytes", "1024") && o.run_shared_bytes == 1024);
  CHECK(set(&o, "run-seed", "7") && o.run_seed == 7);
  CHECK(set(&o, "run-steps", "100") && o.run_steps == 100);
  mc_array_spec a;
  char err[256];
  CHECK(mc_parse_array_spec("in=256:seq", &a, err, sizeof err));
  CHECK(!strcmp(a.name, "in") && a.elements == 256 && a.init == MC_INIT_SEQ);
  CHECK(mc_parse_array_spec("out=8:-3", &a, err, sizeof err));
  CHECK(a.init == MC_INIT_CONST && a.value == -3);
  CHECK(mc_parse_array_spec("b=4", &a, err, sizeof err) && a.init == MC_INIT_RAND);
  CHECK(!mc_parse_array_spec("b=0", &a, err, sizeof err));
  CHECK(!mc_parse_array_spec("b=4:1.5", &a, err, sizeof err));
  CHECK(strstr(err, "INIT must be zero, seq, rand or an integer") != NULL);
  CHECK(!mc_parse_array_spec("=4", &a, err, sizeof err));
}

int main(void) {
  test_defaults();
  test_dims();
  test_params();
  test_model_and_flags();
  test_env();
  test_run();
  return check_report("options");
}

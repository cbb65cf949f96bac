/* Unit tests of stage 5's child processes (passes/drf/child.c, wire.c): a
 * job's reply comes back; a fault inside libz3 is reported as Z3's crash
 * and the caller goes on; a kernel's race results cross the pipe intact,
 * and a reply cut short is refused; what an isolated job spends is the
 * caller's, and a job isolated inside one runs in the same child. */
#include "check.h"

#include "../../passes/drf/drf_internal.h"

#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#if !defined(SANITIZED) && defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#endif

static void say_hello(void *arg, mc_strbuf *out) {
  mc_strbuf_printf(out, "hello from %s", (const char *)arg);
}

/* Z3 given a context that is not one: a segfault inside libz3. */
static void crash_z3(void *arg, mc_strbuf *out) {
  (void)arg;
  mc_strbuf_append(out, "before");
  Z3_solver_check((Z3_context)(uintptr_t)16, (Z3_solver)(uintptr_t)16);
  mc_strbuf_append(out, "after");
}

static void test_child(mc_arena *a) {
  mc_strbuf reply = {0};
  mc_child_status s = mc_drf_in_child(say_hello, "the child", &reply);
  CHECK(s.end == MC_CHILD_DONE);
  CHECK_STR(mc_strbuf_str(&reply), "hello from the child");
  mc_strbuf_free(&reply);

  s = mc_drf_in_child(crash_z3, NULL, &reply);
  CHECK(s.end == MC_CHILD_SOLVER_CRASHED);
  CHECK(s.detail == SIGSEGV);
  CHECK(reply.len == 0); /* nothing of a child that crashed */
  CHECK(strstr(mc_child_reason(a, s), "Z3 crashed (signal 11 inside libz3)") != NULL);
  mc_strbuf_free(&reply);
}

#ifndef SANITIZED /* there, a child that dies outside Z3 aborts the parent */
static void fault_here(void *arg, mc_strbuf *out) {
  (void)arg;
  (void)out;
  raise(SIGSEGV);
}

static void exit_three(void *arg, mc_strbuf *out) {
  (void)arg;
  (void)out;
  _exit(3);
}

static void test_died(mc_arena *a) {
  mc_strbuf reply = {0};
  mc_child_status s = mc_drf_in_child(fault_here, NULL, &reply);
  CHECK(s.end == MC_CHILD_DIED && s.detail == -SIGSEGV);
  CHECK_STR(mc_child_reason(a, s),
            "the race analysis stopped on signal 11 and the compile went on");
  s = mc_drf_in_child(exit_three, NULL, &reply);
  CHECK(s.end == MC_CHILD_DIED && s.detail == 3);
  mc_strbuf_free(&reply);
}
#endif

static void test_wire(mc_arena *a) {
  static const mc_witness_value iters[] = {{"i", 7}, {"j", -3}};
  static const mc_witness_value params[] = {{"n", INT64_MIN}};
  mc_race race = {
      .write_write = true, .grid = true, .suppressed = true,
      .first = {(LLVMValueRef)(uintptr_t)0x1230, "write", "k.cu", 4, 9},
      .second = {(LLVMValueRef)(uintptr_t)0x4560, "read", NULL, 0, 0},
      .approximated = "a loop's bound",
      .tid1 = {1, 2, 3}, .tid2 = {4, 5, 6}, .block1 = {7, 0, 0}, .block2 = {8, 0, 0},
      .block_dim = {32, 2, 1}, .grid_dim = {9, 1, 1},
      .index = {-1, 2, INT64_MAX}, .nindex = 3, .byte_offset = -8,
      .iterations = iters, .niterations = 2, .params = params, .nparams = 1,
      .suppress_reason = "benign",
  };
  mc_array_result arrays[2] = {{MC_VERDICT_DRF, NULL, NULL, 0},
                               {MC_VERDICT_RACE, "why", &race, 1}};
  mc_kernel_result r = {.checked_block = true, .nassumptions = 1, .nreasons = 2,
                        .arrays = arrays};
  r.assumptions[0] = "an assumption";
  r.reasons[0] = "first";
  r.reasons[1] = "second";
  mc_strbuf wire = {0};
  mc_wire_drf(&wire, &r, 2, true);

  mc_array_result back_arrays[2];
  memset(back_arrays, 0, sizeof back_arrays);
  mc_kernel_result back = {.arrays = back_arrays};
  bool ok = false;
  mc_wire w = {wire.data, wire.data + wire.len, false};
  CHECK(mc_unwire_drf(&w, a, &back, 2, &ok));
  CHECK(ok && w.p == w.end);
  CHECK(back.checked_block && !back.checked_grid);
  CHECK(back.nassumptions == 1 && back.nreasons == 2);
  CHECK_STR(back.assumptions[0], "an assumption");
  CHECK_STR(back.reasons[1], "second");
  CHECK(back_arrays[0].verdict == MC_VERDICT_DRF && !back_arrays[0].reason &&
        back_arrays[0].nraces == 0);
  CHECK(back_arrays[1].verdict == MC_VERDICT_RACE && back_arrays[1].nraces == 1);
  CHECK_STR(back_arrays[1].reason, "why");
  const mc_race *x = back_arrays[1].races;
  CHECK(x && x->write_write && !x->confirmed && x->grid && x->suppressed);
  CHECK(x && x->first.inst == race.first.inst && x->second.inst == race.second.inst);
  CHECK_STR(x ? x->first.file : NULL, "k.cu");
  CHECK(x && !x->second.file && x->first.line == 4 && x->first.column == 9);
  CHECK_STR(x ? x->second.access : NULL, "read");
  CHECK_STR(x ? x->approximated : NULL, "a loop's bound");
  CHECK(x && !memcmp(x->tid1, race.tid1, sizeof race.tid1) &&
        !memcmp(x->tid2, race.tid2, sizeof race.tid2) &&
        !memcmp(x->block1, race.block1, sizeof race.block1) &&
        !memcmp(x->block2, race.block2, sizeof race.block2) &&
        !memcmp(x->block_dim, race.block_dim, sizeof race.block_dim) &&
        !memcmp(x->grid_dim, race.grid_dim, sizeof race.grid_dim));
  CHECK(x && !memcmp(x->index, race.index, sizeof race.index) && x->nindex == 3 &&
        x->byte_offset == -8);
  CHECK(x && x->niterations == 2 && x->iterations[1].value == -3 && x->nparams == 1 &&
        x->params[0].value == INT64_MIN);
  CHECK_STR(x ? x->iterations[0].name : NULL, "i");
  CHECK_STR(x ? x->suppress_reason : NULL, "benign");

  /* every reply cut short is refused, and leaves no note missing */
  bool refused = true, whole = true;
  for (size_t n = 0; n < wire.len; n++) {
    memset(back_arrays, 0, sizeof back_arrays);
    mc_kernel_result before = {.nassumptions = 1, .nreasons = 1, .arrays = back_arrays};
    before.assumptions[0] = before.reasons[0] = "before";
    mc_wire cut = {wire.data, wire.data + n, false};
    refused &= !mc_unwire_drf(&cut, a, &before, 2, &ok);
    for (unsigned i = 0; i < before.nassumptions; i++)
      whole &= before.assumptions[i] != NULL;
    for (unsigned i = 0; i < before.nreasons; i++)
      whole &= before.reasons[i] != NULL;
  }
  CHECK(refused);
  CHECK(whole);
  mc_strbuf_free(&wire);
}

/* spends 40 steps, then runs `inner` (if any) isolated too: in this child */
typedef struct {
  mc_arena *a;
  void (*inner)(void *, mc_strbuf *);
} spender;

static void spend_40(void *arg, mc_strbuf *out) {
  spender *sp = arg;
  mc_spend(sp->a, 40, "cost");
  mc_strbuf_printf(out, "pid %d", (int)getpid());
  if (sp->inner) {
    spender inner = {sp->a, NULL};
    mc_strbuf_append(out, ", ");
    CHECK(mc_drf_isolated(sp->a, sp->inner, &inner, out));
  }
}

static void test_isolated(void) {
  mc_arena *a = mc_arena_new();
  mc_budget b = {100, 0, false, NULL};
  mc_arena_set_budget(a, &b);
  mc_strbuf out = {0};
  spender sp = {a, spend_40};
  CHECK(mc_drf_isolated(a, spend_40, &sp, &out));
  /* both ran in one child, not here; what they spent is spent here */
  int outer = 0, inner = 0;
  CHECK(sscanf(mc_strbuf_str(&out), "pid %d, pid %d", &outer, &inner) == 2);
  CHECK(outer == inner && outer != (int)getpid());
  CHECK(b.left == 20 && b.used == 80 && !b.spent);
  CHECK_STR(b.in, "cost");
  mc_strbuf_free(&out);

  CHECK(!mc_drf_isolated(a, crash_z3, NULL, &out)); /* a crash: nothing of it */
  CHECK(out.len == 0 && b.left == 20 && b.used == 80);
  mc_strbuf_free(&out);
  mc_arena_free(a);
}

int main(void) {
  mc_arena *a = mc_arena_new();
  test_child(a);
#ifndef SANITIZED
  test_died(a);
#endif
  test_wire(a);
  test_isolated();
  mc_arena_free(a);
  return check_report("child");
}

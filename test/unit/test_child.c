/* Unit tests of stage 5's child processes (passes/drf/child.c, wire.c): a
 * job's reply comes back; a fault inside libz3 is reported as Z3's crash
 * and the caller goes on; a kernel's race results cross the pipe intact,
 * and a reply cut short is refused; what an isolated job spends is the
 * caller's, and a job isolated inside one runs in the same child; a batch
 * runs its jobs in one child, each from its own budget, and a crash in it
 * costs only the job that crashed. */
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
  mc_race two[2] = {{0}, race};
  mc_strbuf wire = {0};
  mc_wire_races(&wire, two, 2);

  mc_race *back = NULL;
  unsigned nback = 0;
  mc_wire w = {wire.data, wire.data + wire.len, false};
  mc_unwire_races(&w, a, &back, &nback);
  CHECK(!w.bad && w.p == w.end && nback == 2);
  CHECK(back && !back[0].write_write && !back[0].first.file && !back[0].approximated);
  const mc_race *x = back ? &back[1] : NULL;
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

  /* every reply cut short is refused, with no races */
  bool refused = true;
  for (size_t n = 0; n < wire.len; n++) {
    mc_wire cut = {wire.data, wire.data + n, false};
    mc_unwire_races(&cut, a, &back, &nback);
    refused &= cut.bad && !back && !nback;
  }
  CHECK(refused);
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

/* Children started together from one budget spend from it together, in
 * whatever order they end: past it, the budget is spent. */
static void test_together(void) {
  mc_arena *a = mc_arena_new();
  mc_budget b = {100, 0, false, NULL};
  mc_arena_set_budget(a, &b);
  spender sp = {a, NULL};
  mc_child kids[3];
  for (unsigned i = 0; i < 2; i++)
    mc_drf_child_start_spending(&kids[i], a, spend_40, &sp);
  mc_strbuf out[2] = {{0}, {0}};
  CHECK(mc_drf_child_finish_spending(&kids[1], &out[1]).end == MC_CHILD_DONE);
  CHECK(mc_drf_child_finish_spending(&kids[0], &out[0]).end == MC_CHILD_DONE);
  int pid[2] = {0, 0};
  CHECK(sscanf(mc_strbuf_str(&out[0]), "pid %d", &pid[0]) == 1 &&
        sscanf(mc_strbuf_str(&out[1]), "pid %d", &pid[1]) == 1);
  CHECK(pid[0] != pid[1] && pid[0] != (int)getpid());
  CHECK(b.left == 20 && b.used == 80 && !b.spent);
  mc_drf_child_start_spending(&kids[2], a, spend_40, &sp); /* 40 of 20 left */
  mc_strbuf more = {0};
  CHECK(mc_drf_child_finish_spending(&kids[2], &more).end == MC_CHILD_DONE);
  CHECK(b.spent);
  CHECK_STR(b.in, "cost");
  mc_strbuf_free(&out[0]);
  mc_strbuf_free(&out[1]);
  mc_strbuf_free(&more);
  mc_arena_free(a);
}

/* what its budget had used when it started */
static void used_at_start(void *arg, mc_strbuf *out) {
  mc_budget *b = mc_arena_budget(arg);
  mc_strbuf_printf(out, "used %llu pid %d", b ? (unsigned long long)b->used : 0ULL,
                   (int)getpid());
}

/* A batch started where no fork runs it (in a child already): its jobs
 * run here, and what they spent is spent once. Said in the reply: a
 * check failed in the child would not be counted. */
static void batch_here(void *arg, mc_strbuf *out) {
  mc_arena *a = arg;
  mc_budget b = {100, 0, false, NULL};
  spender sp = {a, NULL};
  mc_strbuf r[2] = {{0}, {0}};
  mc_child_status e[2];
  mc_batch_job jobs[2] = {{spend_40, &sp, &b, b, &r[0], &e[0]},
                          {spend_40, &sp, &b, b, &r[1], &e[1]}};
  mc_child_batch batch;
  mc_drf_batch_start(&batch, a, jobs, 2);
  mc_drf_batch_finish(&batch);
  int pid = 0;
  bool here = e[0].end == MC_CHILD_DONE && e[1].end == MC_CHILD_DONE &&
              sscanf(mc_strbuf_str(&r[1]), "pid %d", &pid) == 1 && pid == (int)getpid();
  mc_strbuf_printf(out, "%s, used %llu, left %llu", here ? "here" : "elsewhere",
                   (unsigned long long)b.used, (unsigned long long)b.left);
  mc_strbuf_free(&r[0]);
  mc_strbuf_free(&r[1]);
}

/* Jobs of two budgets in one batch: one child runs them all, each from its
 * budget as it was when the job was made, and what each spent is spent
 * here; where one crashes inside Z3, each runs again alone, and only that
 * one is lost. */
static void test_batch(void) {
  mc_arena *a = mc_arena_new();
  mc_budget b1 = {100, 0, false, NULL}, b2 = {100, 10, false, NULL};
  spender sp = {a, NULL};
  mc_strbuf out[4] = {{0}, {0}, {0}, {0}};
  mc_child_status end[4];
  mc_batch_job jobs[4] = {
      {spend_40, &sp, &b1, b1, &out[0], &end[0]},
      {used_at_start, a, &b1, b1, &out[1], &end[1]},
      {spend_40, &sp, &b2, b2, &out[2], &end[2]},
      {used_at_start, a, &b2, b2, &out[3], &end[3]},
  };
  mc_child_batch batch;
  mc_drf_batch_start(&batch, a, jobs, 4);
  mc_drf_batch_finish(&batch);
  int pid[4] = {0, 0, 0, 0};
  unsigned long long used1 = 99, used2 = 99;
  CHECK(end[0].end == MC_CHILD_DONE && end[1].end == MC_CHILD_DONE &&
        end[2].end == MC_CHILD_DONE && end[3].end == MC_CHILD_DONE);
  CHECK(sscanf(mc_strbuf_str(&out[0]), "pid %d", &pid[0]) == 1 &&
        sscanf(mc_strbuf_str(&out[1]), "used %llu pid %d", &used1, &pid[1]) == 2 &&
        sscanf(mc_strbuf_str(&out[2]), "pid %d", &pid[2]) == 1 &&
        sscanf(mc_strbuf_str(&out[3]), "used %llu pid %d", &used2, &pid[3]) == 2);
  CHECK(pid[0] == pid[1] && pid[1] == pid[2] && pid[2] == pid[3] && pid[0] != (int)getpid());
  CHECK(used1 == 0 && used2 == 10); /* not what the job before it spent */
  CHECK(b1.used == 40 && b1.left == 60 && b2.used == 50 && b2.left == 60);
  CHECK(mc_arena_budget(a) == NULL);
  for (unsigned i = 0; i < 4; i++)
    mc_strbuf_free(&out[i]);

  mc_batch_job crashing[3] = {
      {say_hello, "a batch", NULL, {0}, &out[0], &end[0]},
      {crash_z3, NULL, NULL, {0}, &out[1], &end[1]},
      {spend_40, &sp, &b1, b1, &out[2], &end[2]},
  };
  mc_drf_batch_start(&batch, a, crashing, 3);
  mc_drf_batch_finish(&batch);
  CHECK(end[0].end == MC_CHILD_DONE && end[1].end == MC_CHILD_SOLVER_CRASHED &&
        end[2].end == MC_CHILD_DONE);
  CHECK_STR(mc_strbuf_str(&out[0]), "hello from a batch");
  CHECK(out[1].len == 0);
  CHECK(sscanf(mc_strbuf_str(&out[2]), "pid %d", &pid[0]) == 1 && pid[0] != (int)getpid());
  CHECK(b1.used == 80 && b1.left == 20); /* the crashed batch's spending is not counted */
  for (unsigned i = 0; i < 3; i++)
    mc_strbuf_free(&out[i]);

  CHECK(mc_drf_in_child(batch_here, a, &out[0]).end == MC_CHILD_DONE);
  CHECK_STR(mc_strbuf_str(&out[0]), "here, used 80, left 20");
  mc_strbuf_free(&out[0]);
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
  test_together();
  test_batch();
  mc_arena_free(a);
  return check_report("child");
}

/* child.c - stage 5: Z3's work in a child process.
 *
 * Z3 runs inside the user's compiler, and a crash inside Z3 would take the
 * compile with it: Z3 4.8.12 has segfaulted in its arithmetic preprocessing
 * on a fuzzed kernel. So each solver job (a race job of races.c, the
 * printer, a maximisation of the cost stage: mc_drf_isolated) runs in a
 * forked child, and what it spent from the kernel's budget is spent here
 * too. Jobs may run several at once: started, then finished later. The
 * child sees the parent's memory as it was (the protocol, the kernel, the
 * IR: pointers into them mean the same in the parent), does the job,
 * writes what it found into a pipe (wire.c) and exits. A child that dies
 * instead (a signal inside libz3, Z3 exiting the process, anything else)
 * leaves the caller its status: the job's arrays are Inconclusive with the
 * reason, and the compile goes on. When fork or pipe fails, the job runs
 * in this process when it is started.
 *
 * In a build with AddressSanitizer, a child that dies outside Z3 (an error
 * of ours: the sanitizer's report is on stderr) aborts the parent, so the
 * sanitized suite and the fuzz campaign still fail on it; and the child's
 * coverage counters (libFuzzer's inline 8-bit counters, in a build that has
 * them) are added to the parent's, so a fuzzer still sees what the child
 * ran. The child's leaks are not checked: what it leaks ends with it, and
 * LeakSanitizer cannot check a forked child (its threads are known by the
 * parent's ids, so it scans none of their stacks and reports what only they
 * reference).
 */
#define _GNU_SOURCE
#include "drf_internal.h"

#include <errno.h>
#include <link.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MC_SANITIZED 1
#endif
#endif
#if !defined(MC_SANITIZED) && defined(__SANITIZE_ADDRESS__)
#define MC_SANITIZED 1
#endif

/* The child's exit status: 0 when it wrote its reply; SOLVER_CRASH + the
 * signal for a fault inside libz3, ELSEWHERE + the signal for one outside. */
enum { SOLVER_CRASH = 100, ELSEWHERE = 140, WRITE_FAILED = 180, OUT_OF_MEMORY = 181 };

/* Coverage counters of -fsanitize=fuzzer builds; NULL elsewhere. */
extern uint8_t __start___sancov_cntrs[] __attribute__((weak));
extern uint8_t __stop___sancov_cntrs[] __attribute__((weak));
static size_t ncounters(void) {
  return __start___sancov_cntrs && __stop___sancov_cntrs
             ? (size_t)(__stop___sancov_cntrs - __start___sancov_cntrs)
             : 0;
}

/* ---- The child ------------------------------------------------------------ */

/* Set only in a child, which ends after its job: jobs isolated within
 * that job run in it (a maximisation's many checks, one fork). */
static bool in_child;

/* Set in the child only, before its handlers are installed. */
static struct {
  uintptr_t lo, hi; /* libz3's code */
} z3_code;
static const int faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
static struct sigaction before[sizeof faults / sizeof *faults];

/* libz3's executable segment: the object named libz3 (the symbol below may
 * be interposed by a preloaded library), else the one that holds it. */
static int find_z3(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  uintptr_t fn = (uintptr_t)data;
  bool named = info->dlpi_name && strstr(info->dlpi_name, "libz3");
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) &&
        (named || (fn >= lo && fn < lo + ph->p_memsz))) {
      z3_code.lo = lo;
      z3_code.hi = lo + ph->p_memsz;
      return named;
    }
  }
  return 0;
}

static uintptr_t fault_pc(void *context) {
#if defined(__x86_64__)
  return (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
  return (uintptr_t)((ucontext_t *)context)->uc_mcontext.pc;
#else
  (void)context;
  return 0;
#endif
}

static void on_fault(int sig, siginfo_t *info, void *context) {
  (void)info;
  uintptr_t pc = fault_pc(context);
  if (pc && pc >= z3_code.lo && pc < z3_code.hi)
    _exit(SOLVER_CRASH + sig);
#ifdef MC_SANITIZED
  /* the handler from before (the sanitizer's) reports the fault again */
  for (unsigned i = 0; i < sizeof faults / sizeof *faults; i++)
    if (faults[i] == sig)
      sigaction(sig, &before[i], NULL);
  return;
#else
  _exit(ELSEWHERE + sig);
#endif
}

static bool write_all(int fd, const void *data, size_t n) {
  const char *p = data;
  while (n) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return false;
    p += k;
    n -= (size_t)k;
  }
  return true;
}

/* The job runs in a thread of the child's own, on a heap of its own.
 * Where the child's mallocs reuse the compiler's free chunks every page
 * they write is copied, and each Z3 context fills two tables of 8 MB a
 * page at a time: a fault per 4 KB, about 10 microseconds each in a
 * virtual machine. The thread's mallocs come from an arena of its own
 * (glibc makes one per thread), mapped afresh; grown here by HEAP_BYTES
 * at once and marked for huge pages (MADV_HUGEPAGE), the tables take a
 * few faults of 2 MB. The arena's first huge page holds its header
 * (already in small pages): a block never touched fills the rest of it.
 * test/drf/sdk.cu in clang, 43 children: 113,000 faults and 4.4 s before,
 * 25,600 and 1.5 s after, as fast as the same work without children. */
enum { HEAP_BYTES = 40 << 20, HUGE_PAGE = 2 << 20, JOB_STACK = 64 << 20 };

static void *volatile rest_of_first; /* never freed (volatile: kept) */

static void own_heap(void) {
  char *grow = malloc(HEAP_BYTES);
  if (!grow)
    return;
  uintptr_t at = (uintptr_t)grow, first = at & ~(uintptr_t)(HUGE_PAGE - 1);
  madvise((void *)first, (at + HEAP_BYTES - first) & ~(uintptr_t)(HUGE_PAGE - 1),
          MADV_HUGEPAGE);
  free(grow);
  uintptr_t rest = first + HUGE_PAGE - at;
  if (rest > 8 * sizeof(size_t))
    rest_of_first = malloc(rest - 4 * sizeof(size_t));
}

/* Whether the kernel gives huge pages where madvise asks for them. Where
 * it does not, a child's fresh context would fill its tables a page at a
 * time, and the parent's spare context (z3expr.c) is cheaper: the child
 * copies only the pages of it that it writes. */
static bool huge_pages(void) {
  static int known = -1;
  if (known < 0) {
    char line[128] = "";
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (f) {
      if (!fgets(line, sizeof line, f))
        line[0] = 0;
      fclose(f);
    }
    known = strstr(line, "[always]") || strstr(line, "[madvise]");
  }
  return known;
}

typedef struct {
  void (*job)(void *, mc_strbuf *);
  void *arg;
  mc_strbuf out;
} child_job;

static void *run_job(void *arg) {
  child_job *j = arg;
  own_heap();
  static char altstack[1 << 16]; /* a fault from a stack overflow */
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack}, before_job;
  sigaltstack(&ss, &before_job);
  j->job(j->arg, &j->out);
  sigaltstack(&before_job, NULL); /* a sanitizer unmaps its own at the thread's end */
  return NULL;
}

static _Noreturn void child(void (*job)(void *, mc_strbuf *), void *arg, int fd) {
  in_child = true;
#ifdef M_MMAP_THRESHOLD /* Z3's large blocks from the heap, kept after free: a
                          fresh child would map and zero-fill them per query */
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
  /* from zero, so that the parent adds only what the child ran */
  if (ncounters())
    memset(__start___sancov_cntrs, 0, ncounters());
  dl_iterate_phdr(find_z3, (void *)(uintptr_t)&Z3_solver_check);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (unsigned i = 0; i < sizeof faults / sizeof *faults; i++)
    sigaction(faults[i], &sa, &before[i]);

  child_job j = {job, arg, {0}};
  pthread_attr_t attr;
  pthread_t t;
  if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, JOB_STACK) == 0 &&
      pthread_create(&t, &attr, run_job, &j) == 0)
    pthread_join(t, NULL);
  else
    run_job(&j);
  mc_strbuf out = j.out;
  uint64_t n = out.len;
  int status = out.oom ? OUT_OF_MEMORY
               : write_all(fd, &n, sizeof n) && write_all(fd, out.data, out.len) &&
                       write_all(fd, __start___sancov_cntrs, ncounters())
                   ? 0
                   : WRITE_FAILED;
  mc_strbuf_free(&out);
  _exit(status);
}

/* ---- The parent ----------------------------------------------------------- */

/* The child's counters, added to this process's (saturating). */
static void add_coverage(const uint8_t *c, size_t n) {
  for (size_t i = 0; i < n && i < ncounters(); i++) {
    unsigned v = __start___sancov_cntrs[i] + c[i];
    __start___sancov_cntrs[i] = (uint8_t)(v > 255 ? 255 : v);
  }
}

void mc_drf_child_start(mc_child *c, void (*job)(void *, mc_strbuf *), void *arg) {
  int fd[2];
  fflush(NULL); /* nothing buffered is written twice if Z3 calls exit() */
  *c = (mc_child){.pid = -1, .fd = -1};
  if (!in_child && pipe(fd) == 0) {
    if (!huge_pages())
      mc_z3_keep_spare();
    c->pid = fork();
    if (c->pid < 0) {
      close(fd[0]);
      close(fd[1]);
    }
  }
  if (c->pid < 0) { /* in a child already, or none: the job runs here */
    job(arg, &c->here);
    return;
  }
  if (c->pid == 0) {
    close(fd[0]);
    child(job, arg, fd[1]);
  }
  close(fd[1]);
  c->fd = fd[0];
}

mc_child_status mc_drf_child_finish(mc_child *c, mc_strbuf *reply) {
  if (c->pid < 0) {
    mc_strbuf_appendn(reply, c->here.data, c->here.len);
    reply->oom |= c->here.oom;
    mc_strbuf_free(&c->here);
    return (mc_child_status){MC_CHILD_DONE, 0};
  }
  mc_strbuf got = {0};
  char buf[1 << 14];
  for (;;) {
    ssize_t k = read(c->fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      break;
    mc_strbuf_appendn(&got, buf, (size_t)k);
  }
  close(c->fd);
  int st = 0;
  while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR)
    ;
  mc_child_status s = {MC_CHILD_DIED, 0};
  uint64_t n = 0;
  if (WIFEXITED(st)) {
    int code = WEXITSTATUS(st);
    s.detail = code;
    if (code == 0 && !got.oom && got.len >= sizeof n) {
      memcpy(&n, got.data, sizeof n);
      if (n <= got.len - sizeof n) {
        mc_strbuf_appendn(reply, got.data + sizeof n, (size_t)n);
        add_coverage((const uint8_t *)got.data + sizeof n + n, got.len - sizeof n - n);
        s.end = MC_CHILD_DONE;
      }
    } else if (code > SOLVER_CRASH && code < ELSEWHERE) {
      s.end = MC_CHILD_SOLVER_CRASHED;
      s.detail = code - SOLVER_CRASH;
    } else if (code > ELSEWHERE && code < WRITE_FAILED) {
      s.detail = -(code - ELSEWHERE);
    }
  } else if (WIFSIGNALED(st)) {
    s.detail = -WTERMSIG(st);
  }
  mc_strbuf_free(&got);
#ifdef MC_SANITIZED
  if (s.end == MC_CHILD_DIED) {
    fprintf(stderr, "mapcost: the race analysis's child process died (%s %d): "
                    "an error of mapcost's, see the report above\n",
            s.detail < 0 ? "signal" : "exit status", s.detail < 0 ? -s.detail : s.detail);
    abort();
  }
#endif
  return s;
}

mc_child_status mc_drf_in_child(void (*job)(void *, mc_strbuf *), void *arg,
                                mc_strbuf *reply) {
  mc_child c;
  mc_drf_child_start(&c, job, arg);
  return mc_drf_child_finish(&c, reply);
}

typedef struct {
  mc_arena *a;
  void (*job)(void *, mc_strbuf *);
  void *arg;
} spending;

/* Runs job(arg) on a fresh chunk of a and writes its reply (its length
 * first), then the budget it left (a's). */
static void write_spent(mc_arena *a, void (*job)(void *, mc_strbuf *), void *arg,
                        mc_strbuf *out) {
  mc_strbuf reply = {0};
  mc_arena_start_chunk(a);
  job(arg, &reply);
  mc_wire_u64(out, reply.len);
  mc_strbuf_appendn(out, reply.data, reply.len);
  out->oom |= reply.oom;
  mc_strbuf_free(&reply);
  mc_wire_budget(out, mc_arena_budget(a));
}

/* What write_spent wrote: the reply in *data and *n, the budget left in
 * *left; false where it is cut short. */
static bool read_spent(mc_wire *w, const char **data, uint64_t *n, mc_budget *left) {
  *n = mc_unwire_u64(w);
  *data = w->p;
  w->bad |= *n > (uint64_t)(w->end - w->p);
  if (!w->bad)
    w->p += *n;
  *left = mc_unwire_budget(w);
  return !w->bad;
}

static void spending_job(void *arg, mc_strbuf *out) {
  spending *j = arg;
  write_spent(j->a, j->job, j->arg, out);
}

void mc_drf_child_start_spending(mc_child *c, mc_arena *a,
                                 void (*job)(void *, mc_strbuf *), void *arg) {
  mc_budget *b = mc_arena_budget(a);
  if (in_child) {
    *c = (mc_child){.pid = -1, .fd = -1, .spends_here = true};
    job(arg, &c->here);
    return;
  }
  spending j = {a, job, arg}; /* the child's copy outlives this frame */
  mc_budget before = b ? *b : (mc_budget){0};
  mc_drf_child_start(c, spending_job, &j);
  if (b && c->pid < 0) /* it ran here (no fork): its spending is added once, at its finish */
    *b = before;
  c->budget = b;
  c->used_before = before.used;
}

/* What a child spent, spent here: children started from one budget
 * spend from it together. The stage named where it ran out is the first
 * child's (in the order they are finished) that took it past the end. */
static void spend_as_child(mc_budget *b, const mc_budget *left, uint64_t used_before) {
  uint64_t used = left->used > used_before ? left->used - used_before : 0;
  if ((used > b->left || left->spent) && !b->spent) {
    b->spent = true;
    b->in = left->in;
  } else if (used && !b->spent) {
    b->in = left->in;
  }
  b->used += used;
  b->left = used > b->left ? 0 : b->left - used;
}

mc_child_status mc_drf_child_finish_spending(mc_child *c, mc_strbuf *reply) {
  if (c->spends_here)
    return mc_drf_child_finish(c, reply);
  mc_strbuf got = {0};
  mc_child_status s = mc_drf_child_finish(c, &got);
  if (s.end == MC_CHILD_DONE) {
    mc_wire w = {got.data, got.data + got.len, got.oom};
    const char *data;
    uint64_t n;
    mc_budget left;
    if (!read_spent(&w, &data, &n, &left)) {
      s = (mc_child_status){MC_CHILD_DIED, 0};
    } else {
      mc_strbuf_appendn(reply, data, (size_t)n);
      if (c->budget) /* the child's spending (the reply's copies here aside) */
        spend_as_child(c->budget, &left, c->used_before);
    }
  }
  mc_strbuf_free(&got);
  return s;
}

mc_child_status mc_drf_in_child_spending(mc_arena *a, void (*job)(void *, mc_strbuf *),
                                         void *arg, mc_strbuf *reply) {
  mc_child c;
  mc_drf_child_start_spending(&c, a, job, arg);
  return mc_drf_child_finish_spending(&c, reply);
}

/* ---- Batches --------------------------------------------------------------- */

/* Per job, what write_spent writes. Each budget is as it was after its
 * job (where no fork ran it here, what it spent is spent once, at the
 * finish). */
static void batch_job(void *arg, mc_strbuf *out) {
  const mc_child_batch *b = arg;
  mc_budget *was = mc_arena_budget(b->a);
  for (unsigned i = 0; i < b->n; i++) {
    const mc_batch_job *j = &b->jobs[i];
    mc_budget now = j->budget ? *j->budget : (mc_budget){0};
    if (j->budget)
      *j->budget = j->from;
    mc_arena_set_budget(b->a, j->budget);
    write_spent(b->a, j->job, j->arg, out);
    if (j->budget)
      *j->budget = now;
  }
  mc_arena_set_budget(b->a, was);
}

void mc_drf_batch_start(mc_child_batch *b, mc_arena *a, const mc_batch_job *jobs, unsigned n) {
  *b = (mc_child_batch){.a = a, .jobs = jobs, .n = n};
  mc_drf_child_start(&b->c, batch_job, b);
}

/* A job alone in a child of its own, from its budget as the batch had it. */
static void run_alone(mc_arena *a, const mc_batch_job *j) {
  mc_budget *was = mc_arena_budget(a), now = j->budget ? *j->budget : (mc_budget){0};
  if (j->budget)
    *j->budget = j->from;
  mc_arena_set_budget(a, j->budget);
  mc_child c;
  mc_drf_child_start_spending(&c, a, j->job, j->arg);
  mc_arena_set_budget(a, was);
  if (j->budget)
    *j->budget = now;
  *j->end = mc_drf_child_finish_spending(&c, j->reply);
}

void mc_drf_batch_finish(mc_child_batch *b) {
  mc_strbuf got = {0};
  mc_child_status s = mc_drf_child_finish(&b->c, &got);
  mc_wire w = {got.data, got.data + got.len, got.oom};
  const char *data;
  uint64_t n;
  mc_budget left;
  bool whole = s.end == MC_CHILD_DONE;
  for (unsigned i = 0; whole && i < b->n; i++) /* read to the end first */
    whole = read_spent(&w, &data, &n, &left);
  w.p = got.data;
  for (unsigned i = 0; i < b->n; i++) {
    const mc_batch_job *j = &b->jobs[i];
    if (!whole) {
      run_alone(b->a, j);
      continue;
    }
    read_spent(&w, &data, &n, &left);
    mc_strbuf_appendn(j->reply, data, (size_t)n);
    if (j->budget)
      spend_as_child(j->budget, &left, j->from.used);
    *j->end = s;
  }
  mc_strbuf_free(&got);
}

bool mc_drf_isolated(mc_arena *a, void (*job)(void *, mc_strbuf *), void *arg,
                     mc_strbuf *out) {
  return mc_drf_in_child_spending(a, job, arg, out).end == MC_CHILD_DONE;
}

const char *mc_child_reason(mc_arena *a, mc_child_status s) {
  if (s.end == MC_CHILD_SOLVER_CRASHED)
    return mc_sprintf(a, "Z3 crashed (signal %d inside libz3) and the compile went on; "
                         "-mapcost-solver-log=FILE keeps the query for a bug report",
                      s.detail);
  if (s.detail < 0)
    return mc_sprintf(a, "the race analysis stopped on signal %d and the compile went on",
                      -s.detail);
  return mc_sprintf(a, "the race analysis stopped (exit status %d) and the compile went on",
                    s.detail);
}

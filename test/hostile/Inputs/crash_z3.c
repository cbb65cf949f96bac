/* crash_z3.c - preloaded into clang by solver-crash.test: every
 * Z3_solver_check calls the real one with a context that is not one, so
 * that Z3 faults inside libz3 as a solver bug would. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>

typedef int (*check_fn)(void *context, void *solver);

int Z3_solver_check(void *context, void *solver) {
  (void)context;
  (void)solver;
  check_fn real = (check_fn)dlsym(RTLD_NEXT, "Z3_solver_check");
  return real((void *)(uintptr_t)16, (void *)(uintptr_t)16);
}

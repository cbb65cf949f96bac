/* check.h - the smallest unit-test harness: CHECK counts, main reports. */
#ifndef MAPCOST_TEST_CHECK_H
#define MAPCOST_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures, check_count;

#define CHECK(cond)                                                            \
  do {                                                                         \
    check_count++;                                                             \
    if (!(cond)) {                                                             \
      check_failures++;                                                        \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_STR(a, b)                                                        \
  do {                                                                         \
    const char *check_a = (a), *check_b = (b);                                 \
    check_count++;                                                             \
    if (!check_a || !check_b || strcmp(check_a, check_b)) {                    \
      check_failures++;                                                        \
      fprintf(stderr, "%s:%d: CHECK_STR failed: %s is \"%s\", expected \"%s\"\n", \
              __FILE__, __LINE__, #a, check_a ? check_a : "(null)",            \
              check_b ? check_b : "(null)");                                   \
    }                                                                          \
  } while (0)

static int check_report(const char *name) {
  printf("%s: %d passed, %d failed\n", name, check_count - check_failures,
         check_failures);
  return check_failures ? 1 : 0;
}

#endif

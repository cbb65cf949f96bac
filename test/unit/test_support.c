/* Unit tests of arenas and strings. */
#include "check.h"
#include "mapcost/support.h"

#include <stdint.h>

int main(void) {
  mc_arena *a = mc_arena_new();
  CHECK(a != NULL);
  int *x = mc_alloc(a, 100 * sizeof *x);
  CHECK(x && x[0] == 0 && x[99] == 0);
  CHECK((uintptr_t)x % sizeof(max_align_t) == 0);
  char *big = mc_alloc(a, 100000); /* larger than a chunk */
  CHECK(big && big[99999] == 0);
  CHECK_STR(mc_strdup(a, "tile"), "tile");
  CHECK_STR(mc_strndup(a, "transpose", 5), "trans");
  CHECK_STR(mc_sprintf(a, "%s[%d]", "a", 3), "a[3]");
  CHECK(mc_strdup(a, NULL) == NULL);
  for (int i = 0; i < 10000; i++)
    CHECK(mc_alloc(a, 24) != NULL);
  mc_arena_free(a);
  mc_arena_free(NULL);

  mc_strbuf b = {0};
  CHECK_STR(mc_strbuf_str(&b), "");
  mc_strbuf_append(&b, "x=");
  mc_strbuf_printf(&b, "%d", 42);
  CHECK_STR(mc_strbuf_str(&b), "x=42");
  mc_strbuf_free(&b);
  mc_strbuf_json_string(&b, "a\"b\\c\n\x01");
  CHECK_STR(mc_strbuf_str(&b), "\"a\\\"b\\\\c\\n\\u0001\"");
  mc_strbuf_free(&b);
  return check_report("support");
}

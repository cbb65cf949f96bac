/* Grid-wide cooperative sync between a write and another block's read. */
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void grid_sync(int *a, int *b) {
  cg::grid_group g = cg::this_grid();
  a[g.thread_rank()] = 1;
  g.sync();
  b[g.thread_rank()] = a[(g.thread_rank() + 1) % g.size()];
}

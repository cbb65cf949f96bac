// Compiles with the project's prelude only: with the CUDA SDK's headers it
// fails, and scripts/mapcost must fall back to the prelude.
#ifndef MAPCOST_PRELUDE
#error "needs the mapcost prelude"
#endif
__global__ void zero(int *a) { a[threadIdx.x] = 0; }

/* helper_math.h - vector operators and functions in the style of the CUDA
 * samples' helper_math.h, for code built with the CUDA SDK or nvcc:
 *
 *   clang++ -x cuda ... -I runtime k.cu       (k.cu: #include <helper_math.h>)
 *
 * The mapcost prelude already contains it (runtime/prelude/helper_math.h).
 */
#if !defined(__CUDACC__) && !defined(__CUDA__)
#error "helper_math.h: compile as CUDA (the vector types come from the CUDA headers)"
#endif
#include "prelude/helper_math.h"

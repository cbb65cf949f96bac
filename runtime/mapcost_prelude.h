/* mapcost_prelude.h - enough of CUDA to compile kernels without the SDK.
 *
 *   clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
 *         -nocudainc -nocudalib -Wno-unknown-cuda-version \
 *         -include runtime/mapcost_prelude.h -isystem runtime/include k.cu
 *
 * scripts/mapcost uses it when the CUDA SDK's headers are absent or do not
 * work with the chosen clang (clang 19 cannot read CUDA 13's headers), or
 * with --no-sdk. runtime/include holds the SDK's header names
 * (cuda_runtime.h, cooperative_groups.h, curand_kernel.h, helper_math.h,
 * ...), each of which only includes this file, so kernels that include
 * them compile unchanged. Kernels that use only what is declared here
 * compile the same way with the SDK: the same types and layouts, the same
 * NVVM builtins, the same barriers.
 *
 * What it covers, part by part (runtime/prelude/):
 *   cuda_core.h          qualifiers, threadIdx & co., warpSize, the vector
 *                        types char1..double4 (and CUDA 13's _16a/_32a),
 *                        dim3, make_*
 *   host_api.h           the runtime API that host code calls (declarations)
 *   device_functions.h   __syncthreads_count/_and/_or, __syncwarp,
 *                        __threadfence*, __popc __clz __ffs __brev __mul24
 *                        __umul24 __mulhi __byte_perm __funnelshift_*,
 *                        conversions and rounding intrinsics, __ldg,
 *                        fast-math intrinsics, assert, printf, malloc
 *   atomics.h            atomicAdd/Sub/Exch/Min/Max/Inc/Dec/And/Or/Xor/CAS
 *                        for int, unsigned, long long, unsigned long long,
 *                        float, double, each with _block and _system scope
 *   warp.h               __shfl*_sync, __all/__any/__uni/__ballot_sync,
 *                        __activemask, __match_*_sync, __reduce_*_sync
 *   math.h               the float and double math library
 *   texture.h            texture<T, dim, mode> references and texture
 *                        objects: tex1Dfetch tex1D tex2D tex3D (opaque reads)
 *   curand.h             curand_init, curand, curand_uniform, curand_normal,
 *                        ... for XORWOW, Philox4_32_10 and MRG32k3a
 *                        (opaque values)
 *   cooperative_groups.h this_thread_block, tiled_partition, sync,
 *                        thread_rank, tiles' shuffles and votes, reduce
 *   helper_math.h        vector operators, dot cross length normalize lerp
 *                        clamp fminf fmaxf ... (the CUDA samples' helpers)
 */
#ifndef MAPCOST_PRELUDE_H
#define MAPCOST_PRELUDE_H

#pragma clang system_header

#define MAPCOST_PRELUDE 1

#include "prelude/cuda_core.h"
#include "prelude/host_api.h"
#include "prelude/device_functions.h"
#include "prelude/atomics.h"
#include "prelude/warp.h"
#include "prelude/math.h"
#include "prelude/texture.h"
#include "prelude/curand.h"
#include "prelude/cooperative_groups.h"
#include "prelude/helper_math.h"

#endif /* MAPCOST_PRELUDE_H */

// 16-byte elements (float4): 512 bytes, 16 sectors; in shared memory four
// words each, 128 words, 4 per bank: 3 conflicts. (The interpreter does not
// measure vector accesses yet: checked statically only.)
//
// RUN: %mapcost --no-sdk --block-dim=32 --metric=uncoalesced %s | FileCheck %s --check-prefix=U
// RUN: %mapcost --no-sdk --block-dim=32 --metric=bank-conflicts %s | FileCheck %s --check-prefix=B

__global__ void vec4(float4 *a) {
  __shared__ float4 s[32];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x];
}

// U: cost uncoalesced of a at {{.*}}: 16 (exact)
// U: cost uncoalesced of a at {{.*}}: 16 (exact)
// U: total uncoalesced: 32 (exact)
// B: cost bank-conflicts of s at {{.*}}: 3 (exact)
// B: cost bank-conflicts of s at {{.*}}: 3 (exact)
// B: total bank-conflicts: 6 (exact)

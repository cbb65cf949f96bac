/* Inline PTX: without memory operands an unknown value; with memory
 * operands or a barrier, Inconclusive (or a barrier the analysis reads). */
__global__ void lane(int *a) {
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  a[threadIdx.x] = l;
}
__global__ void asm_barrier(int *a) {
  a[threadIdx.x] = 1;
  asm volatile("bar.sync 0;");
  a[threadIdx.x + 1] = 2;
}
__global__ void asm_store(int *a) {
  __shared__ int s[64];
  asm volatile("st.shared.u32 [%0], %1;" :: "r"((unsigned)(size_t)&s[threadIdx.x]), "r"(1) : "memory");
  __syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
__global__ void asm_div_barrier(int *a) {
  if (threadIdx.x < 16)
    asm volatile("bar.sync 0;");
  a[threadIdx.x] = 1;
}
__global__ void asm_text_store(int *a) { /* an address in an integer register, no clobber */
  asm volatile("st.global.u32 [%0], %1;" :: "l"((unsigned long long)(a + threadIdx.x / 2)), "r"(1));
}
__global__ void asm_reciprocal(float *a, const float *b) { /* rcp. holds cp. (a copy) */
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(b[i]));
  a[i] = r;
}
__global__ void asm_tid_y(int *a) { /* threadIdx.y read in PTX: blockDim.y may be 2 */
  unsigned y;
  asm("mov.u32 %0, %%tid.y;" : "=r"(y));
  a[blockIdx.x * blockDim.x + threadIdx.x] = y;
}
__global__ void asm_ldmatrix(int *a) { /* a shared load, its address in a register */
  __shared__ unsigned short s[64 * 8];
  s[threadIdx.x] = threadIdx.x;
  unsigned r, at = (unsigned)(size_t)&s[(threadIdx.x % 8) * 8];
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(at));
  a[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
__global__ void asm_cluster(int *a) { /* the block's place in its cluster: any dimension */
  unsigned c;
  asm("mov.u32 %0, %%cluster_ctaid.y;" : "=r"(c));
  a[blockIdx.x * blockDim.x + threadIdx.x] = c;
}

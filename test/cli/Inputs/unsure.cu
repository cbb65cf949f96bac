// Its canned report (unsure.report.json) has one inconclusive kernel.
__global__ void unsure(int *a, int n) {
  a[a[threadIdx.x] % n] = 1;
}

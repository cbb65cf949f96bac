#!/usr/bin/env python3
"""pathological.py KIND [racy]: a CUDA kernel built to be expensive to analyse.

    nest     50 nested loops with a barrier in the innermost
    accesses 10,000 shared and global accesses in straight-line code
    cases    a 1,000-case switch, on a uniform value, barriers in some cases
    divcases the same switch on threadIdx.x (its barriers are divergent)

With `racy` the kernel also has a data race (all threads write one shared
element); without it, it is race free. Prints the kernel on stdout.
"""
import sys

kind, racy = sys.argv[1], "racy" in sys.argv[2:]
out = ["__global__ void %s(int *a, int n) {" % kind, "  __shared__ int s[1024];",
       "  unsigned t = threadIdx.x;"]
if kind == "nest":
    for i in range(50):
        out.append("  " * (i + 1) + "for (int i%d = 0; i%d < n; i%d++) {" % (i, i, i))
    out.append("  " * 51 + "s[t] += 1;")
    out.append("  " * 51 + "__syncthreads();")
    for i in range(49, -1, -1):
        out.append("  " * (i + 1) + "}")
elif kind == "accesses":
    for i in range(5000):
        out.append("  s[t] = a[blockIdx.x * blockDim.x + t + %d];" % i)
        if i % 1000 == 999:
            out.append("  __syncthreads();")
elif kind in ("cases", "divcases"):
    out.append("  switch (%s) {" % ("n" if kind == "cases" else "t"))
    for i in range(1000):
        out.append("  case %d: s[t] = %d;%s break;" % (i * 7, i, " __syncthreads();" if i % 100 == 0 else ""))
    out.append("  default: s[t] = -1;")
    out.append("  }")
else:
    sys.exit("pathological.py: unknown kind %s" % kind)
if racy:
    out.append("  s[0] = t;")
out.append("  a[blockIdx.x * blockDim.x + t] = s[t];")
out.append("}")
print("\n".join(out))

#!/usr/bin/env python3
"""verdict.py REPORT KERNEL ALLOWED [REASON]: checks one kernel's verdict in
a JSON report written by -mapcost-report. ALLOWED is a comma-separated set
of verdicts that are correct for the kernel (inconclusive among them or
not); with REASON, some reason must contain that text. Prints `ok KERNEL`."""
import json
import sys

path, kernel, allowed = sys.argv[1], sys.argv[2], set(sys.argv[3].split(","))
doc = json.load(open(path))
k = [k for k in doc["kernels"] if k["name"] == kernel]
assert len(k) == 1, "kernel %s: %d entries" % (kernel, len(k))
k = k[0]
assert k["verdict"] in allowed, "kernel %s: verdict %s, reasons %s" % (kernel, k["verdict"], k["reasons"])
if k["verdict"] == "inconclusive":
    assert k["reasons"], "an inconclusive kernel says why"
if len(sys.argv) > 4:
    assert any(sys.argv[4] in r for r in k["reasons"]), k["reasons"]
if k["verdict"] in ("drf", "inconclusive"):
    assert not k["barrier_divergence"], k["barrier_divergence"]
print("ok", kernel)

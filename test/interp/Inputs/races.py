"""Prints the races and divergences of a `mapcost run --format=json` report."""
import json
import sys

doc = json.load(sys.stdin)
for f in doc["files"]:
    for k in f["kernels"]:
        for a in k["arrays"]:
            for r in a["races"]:
                extra = ""
                if r["scope"] == "grid":
                    extra = " block1=%s block2=%s" % (r["witness"]["block1"], r["witness"]["block2"])
                print(k["name"], k["verdict"], a["name"], r["scope"], r["kind"], r["certainty"] + extra)
        for d in k["barrier_divergence"]:
            print(k["name"], k["verdict"], "line", d["line"])

"""Prints the parts of a -mapcost-report JSON file that tests check."""
import json
import sys

with open(sys.argv[1]) as f:
    report = json.load(f)
print("source", report["source"], "arch", report["arch"], "debug_info", report["debug_info"])
for k in report["kernels"]:
    for key in ("name", "mangled", "verdict", "checked", "assumptions", "reasons",
                "params", "arrays", "launch_bounds", "barrier_divergence", "costs",
                "total_cost"):
        assert key in k, key
    print("kernel", k["name"], k["mangled"], k["verdict"],
          "block=%s grid=%s" % (k["checked"]["block"], k["checked"]["grid"]))
    print("reasons", k["reasons"])
    print("assumptions", k["assumptions"])
    for a in k["arrays"]:
        print("array", a["name"], a["space"], a["type"], a["verdict"])

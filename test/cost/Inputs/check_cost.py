#!/usr/bin/env python3
"""The static cost of every access against the interpreter's measurement.

usage: check_cost.py FILE.cu --block-dim=X,Y,Z --grid-dim=X,Y,Z
                     [--param NAME=VALUE ...] [--static-param NAME=VALUE ...]
                     [other options of both, e.g. --line-bytes=64]

Runs `mapcost --format=json` (the static analysis: block dimensions and the
--static-param values fixed, other parameters symbolic) and `mapcost run`
(the interpreter, with every --param), pairs their costs by line, column
and metric, evaluates each static cost at the launch and prints one line
per access and per total:

  kernel copy: 11:53 uncoalesced in = 4 (=) measured 4 ok

`ok` when the relation holds (= : equal, <= : not below the measurement),
else `UNSOUND` or `INEXACT`.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cexpr  # noqa: E402

mapcost = os.path.join(HERE, "..", "..", "..", "scripts", "mapcost")


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in (0, 1, 3):
        sys.exit("failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
    return json.loads(p.stdout)


def kernels(doc):
    return {k["name"]: k for f in doc["files"] for k in f["kernels"]}


def verdict(static, rel, measured):
    if static is None:
        return "unbounded"
    if rel == "=":
        return "ok" if static == measured else ("UNSOUND" if static < measured else "INEXACT")
    return "ok" if static >= measured else "UNSOUND"


def main():
    source, rest = sys.argv[1], sys.argv[2:]
    env, common, static_only, run_only = {}, [], [], []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a in ("--param", "--static-param"):
            name, val = rest[i + 1].split("=")
            env[name] = int(val)
            run_only += ["--param", rest[i + 1]]
            if a == "--static-param":
                static_only += ["--param", rest[i + 1]]
            i += 2
            continue
        if a.startswith("--block-dim="):
            dims = [int(x) for x in a.split("=")[1].split(",")] + [1, 1]
            for d, n in zip("xyz", dims):
                env["blockDim." + d] = n
        if a.startswith("--grid-dim="):
            dims = [int(x) for x in a.split("=")[1].split(",")] + [1, 1]
            for d, n in zip("xyz", dims):
                env["gridDim." + d] = n
            run_only.append(a)
            i += 1
            continue
        common.append(a)
        i += 1
    env.setdefault("warpSize", 32)
    static = kernels(run([sys.executable, mapcost, "--format=json", "--no-sdk"] + common +
                         static_only + [source]))
    measured = kernels(run([sys.executable, mapcost, "run", "--format=json", "--no-sdk"] +
                           common + run_only + [source]))
    for name, k in static.items():
        m = measured.get(name, {})
        seen = {}
        for c in k.get("costs", []):
            where = (c["line"], c["column"], c["metric"])
            nth = seen.get(where, 0)
            seen[where] = nth + 1
            same = [x for x in m.get("costs", []) if (x["line"], x["column"], x["metric"]) == where]
            got = int(same[nth]["cost"]) if nth < len(same) else 0
            val = None if c["cost"] == "unbounded" else cexpr.value(c["cost"], env)
            print("kernel %s: %d:%d %s %s = %s (%s) measured %d %s" % (
                name, c["line"], c["column"], c["metric"], c["array"], val, c["relation"],
                got, verdict(val, c["relation"], got)))
        for metric, t in sorted(k.get("total_cost", {}).items()):
            got = int(m.get("total_cost", {}).get(metric, {}).get("cost", 0))
            val = None if t["cost"] == "unbounded" else cexpr.value(t["cost"], env)
            print("kernel %s: total %s = %s (%s) measured %d %s" % (
                name, metric, val, t["relation"], got, verdict(val, t["relation"], got)))


if __name__ == "__main__":
    main()

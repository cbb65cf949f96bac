#!/usr/bin/env python3
"""The static cost of every access against the interpreter's measurement.

usage: check_cost.py FILE.cu --block-dim=X,Y,Z --grid-dim=X,Y,Z
                     [--param NAME=VALUE ...] [--static-param NAME=VALUE ...]
                     [--symbolic-block] [other options of both, e.g. --line-bytes=64]

Runs `mapcost --format=json` (the static analysis: block dimensions and the
--static-param values fixed, other parameters symbolic; with
--symbolic-block the block dimensions too are left symbolic) and `mapcost run`
(the interpreter, with every --param), pairs their costs by access
(pair()), evaluates each static cost at the launch and prints one line per
access and per total:

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


def pair(static, measured):
    """Each static cost with the measured cost of the same access: the k-th
    one at the same array (or one the interpreter could not name), metric,
    line and column; 0 when the interpreter saw no such access (not
    executed). None when it cannot be told: the interpreter places accesses
    inlined from headers (atomicAdd) in the header, not at the call, and
    does not say which of a read and a write at one place it saw."""
    at = lambda c: (c["array"], c["metric"], c["line"], c["column"])
    places = {at(c) for c in static}
    elsewhere = {at(x)[:2] for x in measured if at(x) not in places}
    count = {}
    for c in static:
        count[at(c)] = count.get(at(c), 0) + 1
    seen, out = {}, []
    for c in static:
        same = ([x for x in measured if at(x) == at(c)] or
                [x for x in measured if x["array"] == "?" and at(x)[1:] == at(c)[1:]])
        nth = seen.get(at(c), 0)
        seen[at(c)] = nth + 1
        if same and len(same) != count[at(c)]:
            out.append((c, None))  # a read and a write at one place, one not run
        elif nth < len(same):
            out.append((c, int(same[nth]["cost"])))
        else:
            out.append((c, None if at(c)[:2] in elsewhere else 0))
    return out


def verdict(static, rel, measured):
    if static is None:
        return "unbounded"
    if rel == "=":
        return "ok" if static == measured else ("UNSOUND" if static < measured else "INEXACT")
    return "ok" if static >= measured else "UNSOUND"


def main():
    source, rest = sys.argv[1], sys.argv[2:]
    env, common, static_only, run_only = {}, [], [], []
    symbolic_block, block = False, None
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
        if a == "--symbolic-block":
            symbolic_block = True
            i += 1
            continue
        if a.startswith("--block-dim="):
            dims = [int(x) for x in a.split("=")[1].split(",")] + [1, 1]
            for d, n in zip("xyz", dims):
                env["blockDim." + d] = n
            block = a
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
    if symbolic_block and block:
        common.remove(block)
        run_only.append(block)
    static = kernels(run([sys.executable, mapcost, "--format=json", "--no-sdk"] + common +
                         static_only + [source]))
    measured = kernels(run([sys.executable, mapcost, "run", "--format=json", "--no-sdk"] +
                           common + run_only + [source]))
    for name, k in static.items():
        m = measured.get(name, {})
        for c, got in pair(k.get("costs", []), m.get("costs", [])):
            if got is None:
                print("kernel %s: %d:%d %s %s = %s (%s) unpaired" % (
                    name, c["line"], c["column"], c["metric"], c["array"], c["cost"],
                    c["relation"]))
                continue
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

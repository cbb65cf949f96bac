#!/usr/bin/env python3
"""The race analysis against the interpreter on nests of synchronized loops.

The generated kernels of drf_property.py give each idiom arrays of its own,
so their races stay inside one loop. Here every kernel is an outer loop
(or none) around two or three inner loops with barriers, all writing and
reading one shared array: where one loop's last barrier interval meets the
next loop's first, in an outer round that may be the first or the last,
and with trip counts that depend on the outer round (`y < x`, `z < N - x`)
or are zero. That is where the barrier intervals' walk back through loop
instances is subtle. A loop may start at -1 and pick its slot by the sign
of its variable (`y < 0 ? 2 : 0`), which the compiler turns into a shift of
the sign bit.

Each kernel is analysed for every launch, and interpreted (threads one at
a time, two orders) and analysed with the launch fixed for N in 0..3 and
blockDim.x in 2, 3. Checks (hard failures):

  soundness  an array on which the interpreter observes a race is `drf`
             neither in the fixed analysis nor in the one for every launch;
  replay     every `confirmed` race of the fixed analysis is observed.

usage: drf_nests.py --plugin P --opt OPT --clang CLANG [--count N] [--seed S]
N defaults to $MAPCOST_NEST_KERNELS, else $MAPCOST_PROPERTY_KERNELS / 3 (at
least 8). Ends with `N passed, N failed`.
"""
import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUNTIME = os.path.join(ROOT, "runtime")
sys.path.insert(0, HERE)
from interp_theorem import interpret, static_report  # noqa: E402

LAUNCHES = [(n, bd) for n in range(4) for bd in (2, 3)]


def trip(r, outer):
    """An inner loop's bound: constant, the parameter, or the outer round."""
    forms = ["N", "N + 1", "2", "1", "0"]
    if outer:
        forms += ["x", "x + 1", "2 * x", "N - x", "x - 1"]
    return r.choice(forms)


def index(r, v, outer, negative):
    """s's index in loop v; when v starts at -1, v's sign picks the slot
    (the compiler makes `v < 0 ? 2 : 0` a shift of v's sign bit)."""
    if negative:
        e = r.choice(["t + (%s < 0 ? 1 : 0)", "2 * t + (%s < 0 ? 2 : 0)",
                      "t + (%s < 0 ? 64 : 0)", "t + (%s < 0 ? 0 : 1)"])
    else:
        e = r.choice(["t", "t + %s", "t + %s + 1", "2 * t + %s", "3 * t + %s", "%s"])
    e = e.replace("%s", v)
    if outer and r.random() < 0.4:
        e += " + " + r.choice(["x", "2 * x", "x * 64"])
    return "(%s) & 1023" % e if r.random() < 0.2 else e


def inner_loop(r, v, outer, value):
    """for v: a barrier before and/or after one access to s."""
    lo = r.choice(["0", "1", "-1"] + (["x"] if outer else []))
    if r.random() < 0.7:
        access = "s[%s] = %d;" % (index(r, v, outer, lo == "-1"), value)
    else:
        access = "acc += s[%s];" % index(r, v, outer, lo == "-1")
    before = r.random() < 0.5
    after = not before or r.random() < 0.5
    body = ["__syncthreads();"] * before + [access] + ["__syncthreads();"] * after
    return "for (int %s = %s; %s < %s; %s++) { %s }" % (v, lo, v, trip(r, outer), v, " ".join(body))


def kernel(r, name):
    outer = r.random() < 0.8
    parts = [inner_loop(r, "y", outer, 1)]
    if r.random() < 0.3:
        parts.append("__syncthreads();")
    parts.append(inner_loop(r, "z", outer, 2))
    if r.random() < 0.25:
        parts.append(inner_loop(r, "w", outer, 3))
    if r.random() < 0.3:
        parts.insert(0, "s[%s] = 4;" % r.choice(["t", "t + 1", "0"]))
    body = "\n    ".join(parts)
    if outer:
        if r.random() < 0.25:
            head = "int x = %s; x > 0; x--" % r.choice(["N", "N + 1"])
        else:
            head = "int x = %s; x < %s; x++" % (r.choice(["0", "1"]), r.choice(["N", "N + 1", "2"]))
        body = "for (%s) {\n    %s\n  }" % (head, body)
    return """#include <mapcost.h>
__global__ void %s(int N, int *out) {
  __mapcost_requires(blockDim.x <= 64);
  __shared__ int s[4096];
  unsigned t = threadIdx.x;
  int acc = 0;
  %s
  out[t] = acc;
}
""" % (name, body)


def side(name, n=None, bd=None):
    """The launch as a sidecar of test/gen (what interp_theorem reads)."""
    return {"kernel": name, "block_dim": [bd or 1, 1, 1], "grid_dim": [1, 1, 1],
            "params": {} if n is None else {"N": n},
            "arrays": {"out": {"elements": 64, "init": "zero"}}}


def check(args, folder, i):
    """(failures, kernel text): each failure a line."""
    r = random.Random("mapcost-nests:%d:%d" % (args.seed, i))
    name = "n%d_%d" % (args.seed, i)
    text = kernel(r, name)
    cu, ll = os.path.join(folder, name + ".cu"), os.path.join(folder, name + ".ll")
    with open(cu, "w") as f:
        f.write(text)
    cc = subprocess.run([args.clang, "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80",
                         "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version", "-include",
                         os.path.join(RUNTIME, "mapcost_prelude.h"), "-I", RUNTIME, "-O0", "-g",
                         "-S", "-emit-llvm", "-o", ll, cu], capture_output=True, text=True)
    if cc.returncode:
        return ["does not compile: " + cc.stderr.strip()[-300:]], text
    words = ["-mapcost-costs=0"]
    every, err = static_report(args, ll, side(name), words)
    if err:
        return [err], text
    drf_every = {a["name"] for a in every["arrays"] if a["verdict"] == "drf"}
    fails = []
    for n, bd in LAUNCHES:
        launch = side(name, n, bd)
        run, err = interpret(args, ll, launch, "interleave", 2)
        fixed, err2 = (None, None) if err else static_report(
            args, ll, launch, words + ["-mapcost-block-dim=%d" % bd, "-mapcost-grid-dim=1",
                                       "-mapcost-param=N=%d" % n])
        if err or err2:
            fails.append("N=%d blockDim.x=%d: %s" % (n, bd, err or err2))
            continue
        observed = {a["name"] for a in run["arrays"] if a["races"]}
        for a in fixed["arrays"]:
            where = "N=%d blockDim.x=%d: %s" % (n, bd, a["name"])
            if a["name"] in observed and a["verdict"] == "drf":
                fails.append(where + ": a race is observed, the fixed analysis says drf")
            if a["name"] in observed and a["name"] in drf_every:
                fails.append(where + ": a race is observed, the analysis for every launch says drf")
            if a["name"] not in observed and any(
                    x["certainty"] == "confirmed" for x in a["races"]):
                fails.append(where + ": a confirmed race is not observed")
    return fails, text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--clang", required=True)
    default = os.environ.get("MAPCOST_NEST_KERNELS") or max(
        8, int(os.environ.get("MAPCOST_PROPERTY_KERNELS", "40")) // 3)
    ap.add_argument("--count", type=int, default=int(default))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep the kernels in this folder")
    args = ap.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="mapcost-nests-")
    os.makedirs(folder, exist_ok=True)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda i: check(args, folder, i), range(args.count)))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    failed = 0
    for i, (fails, text) in enumerate(results):
        if fails:
            failed += 1
            print("FAIL n%d_%d (seed %d index %d):" % (args.seed, i, args.seed, i))
            for f in fails:
                print("  " + f)
            print(text)
    print("nests: %d kernels, %d launches each, %d failed" % (args.count, len(LAUNCHES), failed))
    print("%d passed, %d failed" % (args.count - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

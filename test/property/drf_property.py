#!/usr/bin/env python3
"""The race analysis against the interpreter, on generated kernels.

For each kernel of test/gen/generate.py (with bugs injected in some), the
static analysis runs with the sidecar's launch and parameters fixed
(-mapcost-block-dim, -mapcost-grid-dim, -mapcost-param) and, for the kernels
race free for every launch (the sidecar's race_free_any_launch), again with
nothing fixed; the interpreter runs the sidecar's launch (threads one at a
time, several orders). Checks:

  soundness  an array on which the interpreter observes a race is never
             `drf` in the fixed run (a hard failure);
  replay     every `confirmed` race of the fixed run is observed by the
             interpreter on that array (a hard failure);
  precision  of the kernels race free by construction, the share whose
             arrays are all proven `drf` with the launch fixed, and of those
             race free for every launch, the share proven `drf` for every
             block and grid size and every parameter value; reported, and a
             failure when either is below --floor (default 90 %).

usage: drf_property.py --plugin P --opt OPT --clang CLANG [--count N] [--seed S]
N defaults to $MAPCOST_DRF_KERNELS, else $MAPCOST_PROPERTY_KERNELS (else
40), at least 4. Ends with `N passed, N failed`.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from interp_theorem import check_generated, interpret, static_report  # noqa: E402


def analyse(args, ll, side, fixed):
    """The static report of the kernel (its verdicts, no costs): with the
    sidecar's launch and parameter values when `fixed`, else for every
    launch and value."""
    words = ["-mapcost-costs=0"]
    if fixed:
        words += ["-mapcost-block-dim=%d,%d,%d" % tuple(side["block_dim"]),
                  "-mapcost-grid-dim=%d,%d,%d" % tuple(side["grid_dim"])]
        words += ["-mapcost-param=%s=%d" % kv for kv in sorted(side["params"].items())]
    return static_report(args, ll, side, words)


def verdicts(k):
    return {a["name"]: a for a in k["arrays"]}


def promised(side, report):
    """Is the generator's promise for every launch (race free while the
    dimensions beyond `index_dims` are 1) about the launches the analysis
    took, those where the dimensions the kernel never reads are 1 (the
    report's assumption)? A kernel that reads blockIdx.y with one grid
    dimension of ids is promised nothing for gridDim.y = 2."""
    ones = set()
    for a in report["assumptions"]:
        if a.endswith("(dimensions the kernel never reads)"):
            ones |= set(re.findall(r"(blockDim|gridDim)\.([yz])", a))
    need = {("blockDim", "xyz"[d]) for d in range(side["index_dims"]["block"], 3)}
    need |= {("gridDim", "xyz"[d]) for d in range(side["index_dims"]["grid"], 3)}
    return need <= ones


def check(args, side, ll):
    """One kernel: (kind, message, proven_fixed, proven_any_launch); the
    last None where the generator promises nothing for every launch."""
    fixed, err = analyse(args, ll, side, True)
    sym, err2 = (None, None) if err or not side["race_free_any_launch"] else \
        analyse(args, ll, side, False)
    if err or err2:
        return "fail", err or err2, False, False
    run, err = interpret(args, ll, side, "interleave", args.orders)
    if err:
        return "fail", err, False, False
    if run["reasons"]:
        return "skip", run["reasons"][0], False, False
    observed = {a["name"] for a in run["arrays"] if a["races"]}
    static = verdicts(fixed)
    for name in sorted(observed):
        if static.get(name, {}).get("verdict") == "drf":
            return "fail", "unsound: the interpreter observes a race on %s, the analysis " \
                           "says drf" % name, False, False
    for name, a in sorted(static.items()):
        for r in a["races"]:
            if r["certainty"] == "confirmed" and name not in observed:
                return "fail", "a confirmed race on %s (lines %d, %d) is not observed" % (
                    name, r["first"]["line"], r["second"]["line"]), False, False
    proven = lambda k: all(a["verdict"] == "drf" for a in k["arrays"])
    any_launch = None if sym is None or not promised(side, sym) else proven(sym)
    return "ok", "", proven(fixed), any_launch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--count", type=int, default=max(4, int(os.environ.get(
        "MAPCOST_DRF_KERNELS", os.environ.get("MAPCOST_PROPERTY_KERNELS", "40")))))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bugs", type=float, default=0.4)
    ap.add_argument("--orders", type=int, default=2)
    ap.add_argument("--floor", type=float, default=0.9)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep the generated kernels in this folder")
    args = ap.parse_args()
    sides, results = check_generated(args, check, "mapcost-drf-property-", args.bugs)
    failed = skipped = clean = fixed = any_launch = symbolic = 0
    for side, (kind, msg, pf, ps) in zip(sides, results):
        if kind == "skip":
            skipped += 1
            print("skip %s: %s" % (side["kernel"], msg))
        if kind == "fail":
            failed += 1
            print("FAIL %s (seed %d index %d): %s" % (side["kernel"], side["seed"],
                                                      side["index"], msg))
        if kind == "ok" and side["race_free"]:
            clean += 1
            fixed += pf
            if not pf:
                print("not proven %s (launch and parameters fixed)" % side["kernel"])
        if kind == "ok" and ps is not None:
            any_launch += 1
            symbolic += ps
            if not ps:
                print("not proven %s (any launch)" % side["kernel"])
    rate = fixed / clean if clean else 1.0
    rate_any = symbolic / any_launch if any_launch else 1.0
    print("drf: %d kernels, %d skipped (not interpretable), %d failed" %
          (len(sides), skipped, failed))
    print("precision: %d of %d race-free kernels proven drf with the launch and "
          "parameters fixed (%.1f %%); %d of %d race free for every launch proven drf "
          "for every launch and parameter value (%.1f %%)" %
          (fixed, clean, 100 * rate, symbolic, any_launch, 100 * rate_any))
    if rate < args.floor or rate_any < args.floor:
        print("FAIL: fewer than %.0f %% proven" % (100 * args.floor))
        failed += 1
    passed = len(sides) - failed - skipped
    print("%d passed, %d failed" % (max(passed, 0), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

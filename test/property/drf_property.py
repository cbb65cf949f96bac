#!/usr/bin/env python3
"""The race analysis against the interpreter, on generated kernels.

For each kernel of test/gen/generate.py (with bugs injected in some), the
static analysis runs twice: with the sidecar's launch and parameters fixed
(-mapcost-block-dim, -mapcost-grid-dim, -mapcost-param) and with the launch
fixed but the parameters symbolic; the interpreter runs the sidecar's launch
(threads one at a time, several orders). Checks:

  soundness  an array on which the interpreter observes a race is never
             `drf` in the fixed run (a hard failure);
  replay     every `confirmed` race of the fixed run is observed by the
             interpreter on that array (a hard failure);
  precision  of the kernels race free by construction, the share whose
             arrays are all proven `drf` for every parameter value
             (symbolic run), and for the fixed run; reported, and a failure
             below --floor (default 90 %) for the fixed run.

usage: drf_property.py --plugin P --opt OPT --clang CLANG [--count N] [--seed S]
N defaults to a tenth of $MAPCOST_PROPERTY_KERNELS (or 40), at least 4: each
kernel is analysed twice with Z3. Ends with `N passed, N failed`.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from interp_theorem import check_generated, interpret, static_report  # noqa: E402


def analyse(args, ll, side, params):
    """The static report of the kernel: the sidecar's launch, and its
    parameter values when `params`."""
    words = ["-mapcost-block-dim=%d,%d,%d" % tuple(side["block_dim"]),
             "-mapcost-grid-dim=%d,%d,%d" % tuple(side["grid_dim"])]
    if params:
        words += ["-mapcost-param=%s=%d" % kv for kv in sorted(side["params"].items())]
    return static_report(args, ll, side, words)


def verdicts(k):
    return {a["name"]: a for a in k["arrays"]}


def check(args, side, ll):
    """One kernel: (kind, message, proven_fixed, proven_symbolic)."""
    fixed, err = analyse(args, ll, side, True)
    sym, err2 = (None, None) if err else analyse(args, ll, side, False)
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
    return "ok", "", proven(fixed), proven(sym)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--count", type=int,
                    default=max(4, int(os.environ.get("MAPCOST_PROPERTY_KERNELS", "40")) // 10))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bugs", type=float, default=0.4)
    ap.add_argument("--orders", type=int, default=2)
    ap.add_argument("--floor", type=float, default=0.9)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep the generated kernels in this folder")
    args = ap.parse_args()
    sides, results = check_generated(args, check, "mapcost-drf-property-", args.bugs)
    failed = skipped = clean = fixed = symbolic = 0
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
            symbolic += ps
            if not pf:
                print("not proven %s (launch and parameters fixed)" % side["kernel"])
    rate = fixed / clean if clean else 1.0
    print("drf: %d kernels, %d skipped (not interpretable), %d failed" %
          (len(sides), skipped, failed))
    print("precision: %d of %d race-free kernels proven drf with the launch and "
          "parameters fixed (%.1f %%), %d for every parameter value (%.1f %%)" %
          (fixed, clean, 100 * rate, symbolic, 100 * symbolic / clean if clean else 100))
    if rate < args.floor:
        print("FAIL: fewer than %.0f %% proven" % (100 * args.floor))
        failed += 1
    passed = len(sides) - failed - skipped
    print("%d passed, %d failed" % (max(passed, 0), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

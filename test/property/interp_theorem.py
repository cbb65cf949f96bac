#!/usr/bin/env python3
"""Seed 003's theorem and a mutation check, on generated kernels.

For each kernel of test/gen/generate.py (its sidecar gives the launch), the
interpreter runs it with threads one at a time to their next barrier
(interleaving semantics, several seeded orders) and with warps in lock-step
(several orders). Checks:

  theorem   no barrier divergence and no race observed => every run leaves
            the same global memory; and where memory differs, a race was
            observed;
  mutation  kernels with an injected bug (a removed barrier, a shifted
            index, a non-atomic update): a race is observed in >= 95 %;
  clean     kernels race free by construction: no race is observed;
  barriers  generated kernels have no barrier divergence for any launch: the
            static analysis reports none (its precision), and none is
            observed.

usage: interp_theorem.py --plugin P --opt OPT --clang CLANG [--count N] [--seed S]
N defaults to $MAPCOST_PROPERTY_KERNELS (or 40). Ends with `N passed, N failed`.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GENERATE = os.path.join(ROOT, "test", "gen", "generate.py")


def run_options(side, mode, orders, seed):
    words = ["-mapcost-run", "-mapcost-run-mode=" + mode,
             "-mapcost-run-orders=%d" % orders, "-mapcost-run-seed=%d" % seed,
             "-mapcost-block-dim=%d,%d,%d" % tuple(side["block_dim"]),
             "-mapcost-grid-dim=%d,%d,%d" % tuple(side["grid_dim"])]
    for name, value in sorted(side["params"].items()):
        words.append("-mapcost-param=%s=%d" % (name, value))
    for name, a in sorted(side["arrays"].items()):
        words.append("-mapcost-run-array=%s=%d:%s" % (name, a["elements"], a["init"]))
    if side.get("shared_bytes"):
        words.append("-mapcost-run-shared-bytes=%d" % side["shared_bytes"])
    return " ".join(words)


def interpret(args, ll, side, mode, orders):
    env = dict(os.environ)
    env["MAPCOST_OPTIONS"] = run_options(side, mode, orders, args.seed)
    p = subprocess.run([args.opt, "-load-pass-plugin=" + args.plugin, "-passes=mapcost",
                        "-disable-output", ll], env=env, capture_output=True, text=True,
                       timeout=300)
    if p.returncode != 0:
        return None, "opt exited %d: %s" % (p.returncode, p.stderr.strip()[-400:])
    doc = json.loads(p.stdout)
    for k in doc["kernels"]:
        if k["name"] == side["kernel"]:
            return k, None
    return None, "kernel %s not in the report" % side["kernel"]


def static_report(args, ll, side, words):
    """The static analysis' report of the kernel with plugin options `words`
    (a report folder and -mapcost-warnings=0 added): (kernel, None) or
    (None, why)."""
    out = tempfile.mkdtemp(prefix="mapcost-report-")
    try:
        env = dict(os.environ, MAPCOST_OPTIONS=" ".join(
            ["-mapcost-report=" + out, "-mapcost-warnings=0"] + words))
        p = subprocess.run([args.opt, "-load-pass-plugin=" + args.plugin, "-passes=mapcost",
                            "-disable-output", ll], env=env, capture_output=True, text=True,
                           timeout=600)
        if p.returncode != 0:
            return None, "opt exited %d: %s" % (p.returncode, p.stderr.strip()[-400:])
        for name in os.listdir(out):
            with open(os.path.join(out, name)) as f:
                for k in json.load(f)["kernels"]:
                    if k["name"] == side["kernel"]:
                        return k, None
        return None, "kernel %s not in the report" % side["kernel"]
    finally:
        shutil.rmtree(out, ignore_errors=True)


def analyse(args, ll, side):
    """The static analysis' report of the kernel (symbolic dimensions; its
    divergence verdicts, neither races nor costs)."""
    return static_report(args, ll, side, ["-mapcost-races=0", "-mapcost-costs=0"])


def races(k):
    return sum(len(a["races"]) for a in k["arrays"])


def check(args, side, ll):
    """One kernel: (kind, message); kind is ok, skip or fail."""
    static, err = analyse(args, ll, side)
    if err:
        return "fail", err
    if static["barrier_divergence"]:
        b = static["barrier_divergence"][0]
        return "fail", "a false barrier divergence at line %d: %s" % (b["line"], b["condition"])
    runs = []
    for mode, orders in (("interleave", args.orders), ("lockstep", 2)):
        k, err = interpret(args, ll, side, mode, orders)
        if err:
            return "fail", err
        runs.append(k)
    errors = [r for k in runs for r in k["reasons"]]
    if errors:
        return "skip", errors[0]
    raced = any(races(k) for k in runs)
    diverged = any(k["barrier_divergence"] for k in runs)
    hashes = {o["memory_hash"] for k in runs for o in k["run"]["orders"]}
    if diverged:
        return "fail", "barrier divergence observed in a generated kernel"
    if len(hashes) > 1 and not raced:
        return "fail", "memory differs between schedules but no race was observed"
    if side["bug"]:
        return ("ok" if raced else "missed"), "injected %s" % side["bug"]["kind"]
    if side["race_free"] and raced:
        where = [(a["name"], r["first"]["line"], r["second"]["line"])
                 for k in runs for a in k["arrays"] for r in a["races"]][:3]
        return "fail", "race observed in a kernel race free by construction: %s" % where
    return "ok", ""



def check_generated(args, check, prefix, bugs=0.0):
    """Generates args.count kernels of args.seed (with `bugs`), compiles them
    with args.clang, and runs check(args, sidecar, ll) on each, args.jobs at
    a time; (sidecars, results) in kernel order. args.keep keeps them."""
    out = args.keep or tempfile.mkdtemp(prefix=prefix)
    try:
        subprocess.run([sys.executable, GENERATE, "--seed", str(args.seed), "--count",
                        str(args.count), "--out", out, "--bugs", str(bugs), "--emit-ll",
                        "--clang", args.clang, "--jobs", str(args.jobs)], check=True)
        sides = []
        for name in sorted(os.listdir(out)):
            if name.endswith(".json"):
                with open(os.path.join(out, name)) as f:
                    sides.append(json.load(f))
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(
                lambda s: check(args, s, os.path.join(out, s["kernel"] + ".ll")), sides))
    finally:
        if not args.keep:
            shutil.rmtree(out, ignore_errors=True)
    return sides, results

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--count", type=int,
                    default=int(os.environ.get("MAPCOST_PROPERTY_KERNELS", "40")))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bugs", type=float, default=0.3)
    ap.add_argument("--orders", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep the generated kernels in this folder")
    args = ap.parse_args()
    sides, results = check_generated(args, check, "mapcost-theorem-", args.bugs)
    failed = 0
    bugs = caught = skipped = 0
    for side, (kind, msg) in zip(sides, results):
        if side["bug"] and kind in ("ok", "missed"):
            bugs += 1
            caught += kind == "ok"
        if kind == "skip":
            skipped += 1
            print("skip %s: %s" % (side["kernel"], msg))
        if kind == "fail":
            failed += 1
            print("FAIL %s (seed %d index %d): %s" % (side["kernel"], side["seed"],
                                                      side["index"], msg))
        if kind == "missed":
            print("missed %s: %s" % (side["kernel"], msg))
    rate = caught / bugs if bugs else 1.0
    print("theorem: %d kernels, %d skipped (not interpretable), %d failed" %
          (len(sides), skipped, failed))
    print("mutation: %d of %d injected bugs observed as races (%.1f %%)" %
          (caught, bugs, 100 * rate))
    if skipped > len(sides) // 10:
        print("FAIL: more than 10 % of the kernels could not be interpreted")
        failed += 1
    if rate < 0.95:
        print("FAIL: fewer than 95 % of the injected bugs were observed")
        failed += 1
    passed = len(sides) - failed - skipped
    print("%d passed, %d failed" % (max(passed, 0), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

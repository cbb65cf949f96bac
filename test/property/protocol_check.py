#!/usr/bin/env python3
"""The protocols of stage 4 against the interpreter, on generated kernels.

For each kernel of test/gen/generate.py, with the launch and parameters of
its sidecar, opt runs the interpreter (-mapcost-run, lock-step, writing
every access with -mapcost-run-trace) and writes the accesses the kernel's
protocol denotes for the same launch (-mapcost-run-protocol-trace). Checks:

  soundness  every access the interpreter observes (thread, barrier
             interval of its block, array, bytes, read/write/atomic, the
             instruction) is one the protocol denotes;
  precision  for every array whose protocol says it is exact, the protocol
             denotes exactly the accesses observed, nothing uncertain;
             and the protocol's closed forms agree with iterating it;
  intervals  per pair of accesses to one array, the race queries' barrier
             intervals (for the same launch, mc_drf_write_together) against
             the protocol's phases, those of seed 001's aligned and split
             protocol: never apart where two threads share a known phase;
             together only where they may, where both are exact;
  floor      of the kernels whose indices and conditions do not depend on
             memory (neither memory-dependent indices nor data-conditional
             in the sidecar), at least 95 % have protocols exact for every
             array.

usage: protocol_check.py --plugin P --opt OPT --clang CLANG [--count N] [--seed S]
N defaults to $MAPCOST_PROPERTY_KERNELS (or 40). Ends with `N passed, N failed`.

With --cu FILE the same soundness and precision checks run on the
hand-written kernels of FILE (constructs the generator does not make), at
-O0 and -O2, one check per line of FILE of the form

  // launch KERNEL block=X[,Y,Z] grid=X[,Y,Z] [NAME=VALUE ...] [array NAME=N:INIT ...]

and each line of output says whether the kernel's protocol was exact.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from interp_theorem import check_generated, run_options  # noqa: E402


def parse(path):
    rows = []
    with open(path) as f:
        for line in f:
            head, sep, error = line.rstrip("\n").partition(" error=")
            row = dict(w.split("=", 1) for w in head.split())
            if sep:
                row["error"] = error  # a sentence, spaces and all
            rows.append(row)
    return rows


def trace(args, ll, side, tmp):
    """(interpreter rows, protocol rows, error)."""
    itrace, ptrace = os.path.join(tmp, "interp.txt"), os.path.join(tmp, "protocol.txt")
    env = dict(os.environ)
    env["MAPCOST_OPTIONS"] = (run_options(side, "lockstep", 1, args.seed) +
                              " -mapcost-run-trace=%s -mapcost-run-protocol-trace=%s"
                              % (itrace, ptrace))
    p = subprocess.run([args.opt, "-load-pass-plugin=" + args.plugin, "-passes=mapcost",
                        "-disable-output", ll], env=env, capture_output=True, text=True,
                       timeout=600)
    if p.returncode != 0:
        return None, None, "opt exited %d: %s" % (p.returncode, p.stderr.strip()[-400:])
    doc = json.loads(p.stdout)
    for k in doc["kernels"]:
        if k["name"] == side["kernel"] and k["reasons"]:
            return None, None, "skip: " + k["reasons"][0]
    name = side["kernel"]
    return ([r for r in parse(itrace) if r["kernel"] == name],
            [r for r in parse(ptrace) if r["kernel"] == name], None)


def phases(rows):
    """Per (instruction, array) of the protocol's denotation, per (block,
    phase), the threads that run it there. Its phases count the barriers
    each thread has passed: the intervals of seed 001's aligned and split
    protocol (`*`: any)."""
    at = collections.defaultdict(lambda: collections.defaultdict(set))
    for r in rows:
        at[(r["inst"], r["array"])][(r["block"], r["phase"])].add(r["tid"])
    return at


def meet(at, a, b, star):
    """Do two distinct threads of one block run a and b in one phase? With
    star, a phase or array the protocol does not know (`*`) may be any."""
    def keys(x):
        return [k for k in at if k[0] == x[0] and (k[1] == x[1] or star and k[1] == "*")]
    for ka in keys(a):
        for kb in keys(b):
            for (block, phase), ta in at[ka].items():
                for (block2, phase2), tb in at[kb].items():
                    if block == block2 and (phase == phase2 and phase != "*" or
                                            star and "*" in (phase, phase2)) and \
                            two_threads(ta, tb):
                        return True
    return False


def two_threads(ta, tb):
    """Can one thread of ta and another of tb be two distinct threads?"""
    return len(ta) > 1 or len(tb) > 1 or ta != tb


def pair_runs(at, a, b):
    """Do two distinct threads of one block run a and b, in any phases? Where
    none do (one thread alone runs them), no phase can show the intervals
    together: who runs is the guards' business, not the intervals'."""
    def threads(x):
        per = collections.defaultdict(set)
        for (block, _), tids in at.get(x, {}).items():
            per[block] |= tids
        return per
    ta, tb = threads(a), threads(b)
    return any(two_threads(ta[blk], tb[blk]) for blk in ta if tb.get(blk))


def check_intervals(rows, pairs):
    """The interval encoding of the race queries (mc_drf_write_together)
    against the denotation: never apart where the phases meet (both known);
    together only where they may meet (where two threads run them at all),
    unless the protocol or the intervals are approximate. An error message,
    or None."""
    at = phases(rows)
    exact = {r["inst"] for r in rows if r["exact"] == "1"}
    inexact = {r["inst"] for r in rows if r["exact"] == "0"}
    # an instruction may be several nodes of the protocol (a loop's first
    # iteration apart): the pair is together where any two of its nodes are
    apart, vague, together = set(), set(), set()
    for r in pairs:
        a, b = r["together"].split(",")
        na, nb = r["arrays"].split(",")
        key = ((a, na), (b, nb))
        (apart if r["value"] == "0" else together if r["value"] == "1" and r["exact"] == "1"
         else vague).add(key)
    for a, b in sorted(apart - together - vague):
        if meet(at, a, b, False):
            return "unsound intervals: instructions %s and %s (%s, %s) run in one phase of " \
                "the protocol but the race queries' intervals keep them apart" % (
                    a[0], b[0], a[1], b[1])
    for a, b in sorted(together):
        if {a[0], b[0]} <= exact and not {a[0], b[0]} & inexact and \
                pair_runs(at, a, b) and not meet(at, a, b, True):
            return "imprecise intervals: instructions %s and %s (%s, %s) share an interval " \
                "in the race queries, never a phase of the exact protocol" % (
                    a[0], b[0], a[1], b[1])
    return None


def who(r):
    return (r["block"], r["tid"], r["inst"])


def covers(p, e):
    """Does protocol row p denote interpreter event e (same thread, instruction)?"""
    if p["kind"] != e["kind"]:
        return False
    if p["phase"] != "*" and p["phase"] != e["phase"]:
        return False
    if p["array"] != "*" and p["array"] != e["array"]:
        return False
    if p["offset"] == "*":
        return True
    lo, n = int(p["offset"]), int(p["bytes"])
    return lo <= int(e["offset"]) and int(e["offset"]) + int(e["bytes"]) <= lo + n


def key(r):
    return (r["block"], r["tid"], r["inst"], r["phase"], r["array"], r["offset"], r["kind"])


def check(args, side, ll):
    """One kernel: (kind, message, exact); kind is ok, skip or fail."""
    tmp = tempfile.mkdtemp(prefix="mapcost-protocol-")
    try:
        events, rows, err = trace(args, ll, side, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if err:
        return ("skip" if err.startswith("skip") else "fail"), err, False
    errors = [r["error"] for r in rows if "error" in r]
    if errors:
        return "fail", "protocol: " + errors[0], False
    pairs = [r for r in rows if "together" in r]
    rows = [r for r in rows if "together" not in r]
    err = check_intervals(rows, pairs)
    if err:
        return "fail", err, False
    by_thread = collections.defaultdict(list)
    for r in rows:
        by_thread[who(r)].append(r)
    for e in events:
        if e["array"] == "-":
            continue  # the thread's own memory
        if not any(covers(p, e) for p in by_thread[who(e)]):
            return "fail", "unsound: the interpreter's %s by block %s thread %s of %s at " \
                "offset %s in interval %s (instruction %s, line %s) is not in the protocol" % (
                    e["kind"], e["block"], e["tid"], e["array"], e["offset"], e["phase"],
                    e["inst"], e["line"]), False
    exact_arrays = {r["array"] for r in rows if r["exact"] == "1"}
    inexact = {r["array"] for r in rows if r["exact"] == "0"}
    for a in sorted(exact_arrays):
        ours = [r for r in rows if r["array"] == a]
        vague = [r for r in ours if r["maybe"] == "1" or "*" in (r["phase"], r["offset"])]
        if vague:
            return "fail", "imprecise: %s's protocol says exact but denotes an uncertain " \
                "access (instruction %s)" % (a, vague[0]["inst"]), False
        seen = {key(e) for e in events if e["array"] == a}
        denoted = {key(r) for r in ours}
        if seen != denoted:
            extra = sorted(denoted - seen)[:1]
            missing = sorted(seen - denoted)[:1]
            return "fail", "imprecise: %s's exact protocol denotes %d accesses the " \
                "interpreter does not make %s (and misses %s)" % (
                    a, len(denoted - seen), extra, missing), False
    return "ok", "", not inexact


def parse_launches(path):
    """The sidecars of a .cu file's `// launch` lines."""
    sides = []
    for line in open(path):
        words = line.split()
        if words[:2] != ["//", "launch"]:
            continue
        side = {"kernel": words[2], "block_dim": [1, 1, 1], "grid_dim": [1, 1, 1],
                "params": {}, "arrays": {}}
        rest = words[3:]
        while rest:
            w = rest.pop(0)
            if w == "array":
                name, spec = rest.pop(0).split("=", 1)
                n, init = spec.split(":", 1)
                side["arrays"][name] = {"elements": int(n), "init": init}
                continue
            name, value = w.split("=", 1)
            if name in ("block", "grid"):
                dims = [int(x) for x in value.split(",")]
                side[name + "_dim"] = (dims + [1, 1])[:3]
            else:
                side["params"][name] = int(value)
        sides.append(side)
    return sides


def check_file(args):
    """--cu: every launch of the file, at -O0 and -O2."""
    failed = 0
    tmp = tempfile.mkdtemp(prefix="mapcost-protocol-cu-")
    try:
        prelude = os.path.join(os.path.dirname(os.path.dirname(HERE)), "runtime",
                               "mapcost_prelude.h")
        for level in ("-O0", "-O2"):
            ll = os.path.join(tmp, "k%s.ll" % level)
            subprocess.run([args.clang, "-x", "cuda", "--cuda-device-only",
                            "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
                            "-Wno-unknown-cuda-version", "-include", prelude, level, "-g",
                            "-Xclang", "-debug-info-kind=constructor", "-emit-llvm",
                            "-Xclang", "-disable-llvm-passes", "-S", args.cu, "-o", ll],
                           check=True)
            for side in parse_launches(args.cu):
                kind, msg, exact = check(args, side, ll)
                label = "%s %s %s" % (level, side["kernel"], " ".join(
                    "%s=%d" % kv for kv in sorted(side["params"].items())))
                if kind != "ok":
                    failed += 1
                    print("FAIL %s: %s" % (label, msg))
                else:
                    print("ok %s (%s)" % (label, "exact" if exact else "approximate"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d failed" % failed)
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--count", type=int,
                    default=int(os.environ.get("MAPCOST_PROPERTY_KERNELS", "40")))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep the generated kernels in this folder")
    ap.add_argument("--verbose-inexact", action="store_true",
                    help="name the kernels whose protocols are approximate")
    ap.add_argument("--cu", help="check the launches of this file's kernels instead")
    args = ap.parse_args()
    if args.cu:
        return check_file(args)
    sides, results = check_generated(args, check, "mapcost-protocols-")
    failed = skipped = 0
    plain = exact = 0
    for side, (kind, msg, all_exact) in zip(sides, results):
        if kind == "skip":
            skipped += 1
            print("skip %s: %s" % (side["kernel"], msg))
            continue
        if kind == "fail":
            failed += 1
            print("FAIL %s (seed %d index %d): %s" % (side["kernel"], side["seed"],
                                                      side["index"], msg))
        if not side["memory_dependent_index"] and "data-conditional" not in side["features"]:
            plain += 1
            exact += all_exact
            if not all_exact and args.verbose_inexact:
                print("inexact %s" % side["kernel"])
    rate = exact / plain if plain else 1.0
    print("protocols: %d kernels, %d skipped (not interpretable), %d failed" %
          (len(sides), skipped, failed))
    print("precision: %d of %d kernels without memory-dependent indices or conditions exact (%.1f %%)" %
          (exact, plain, 100 * rate))
    if skipped > len(sides) // 10:
        print("FAIL: more than 10 % of the kernels could not be interpreted")
        failed += 1
    if rate < 0.95:
        print("FAIL: fewer than 95 % of the protocols are exact")
        failed += 1
    print("%d passed, %d failed" % (max(len(sides) - failed - skipped, 0), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""check.py - checks of generated kernels, for the lit tests in test/gen.

    check.py compile DIR -- CLANG FLAGS...   one translation unit of every DIR/*.cu,
                                             compiled to IR with -Werror; every
                                             sidecar's mangled name is defined
    check.py tu DIR                          only write that translation unit
                                             (DIR/all-kernels.cu) for another compiler
    check.py ll DIR                          each DIR/*.ll (--emit-ll) defines
                                             its sidecar's mangled name
    check.py sidecars DIR                    sidecars well formed and consistent
                                             with their kernels
    check.py features DIR                    every feature and bug kind appears
    check.py rate DIR P                      the share of kernels with a bug is P
    check.py variants CLEAN BUGGY            the same kernels, differing only in
                                             the bug (its line, the comments)

Each prints one summary line (for FileCheck) and one line per problem, and
exits 1 on a problem.
"""

import glob
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import BUG_KINDS, FEATURES  # noqa: E402

ELEM = {"int": 4, "unsigned": 4, "float": 4, "double": 8}
KEYS = {"seed": int, "index": int, "kernel": str, "mangled": str, "file": str, "description": str,
        "block_dim": list, "grid_dim": list, "signature": list, "params": dict, "arrays": dict,
        "shared": dict, "shared_bytes": int, "race_free": bool, "index_dims": dict,
        "race_free_any_launch": bool,
        "bug_sites": int, "features": list, "memory_dependent_index": bool,
        "affine_loop_bounds": bool, "generator": dict}


# Features that show in the text: claimed exactly when the pattern occurs.
PATTERNS = {
    "additive-loop": r"for \(int \w+ = [^;]*; \w+ < [^;]*; \w+(\+\+| \+= \d+)\)",
    "multiplicative-loop": r" (\*= 2|<<= 1)\)",
    "halving-loop": r" (>>= 1|/= 2)\)",
    "decreasing-loop": r"for \(int \w+ = [^;]*; \w+ > [^;]*; \w+(--| -= \d+)\)",
    "grid-stride-loop": r"\+= (gsize|gridDim\.x \* blockDim\.x)\)",
    "block-stride-loop": r"\+= (nt|blockDim\.x)\)",
    "while-loop": r"^ *while \(",
    "do-while": r"\bdo \{",
    "short-circuit-and": r" && ",
    "short-circuit-or": r" \|\| ",
    "ternary": r" \? ",
    "continue": r"\bcontinue;",
    "switch-fallthrough": r"// fall through",
    "shared-2d": r"__shared__ \w+ \w+\[\d+\]\[\d+\];",
    "shared-scalar": r"__shared__ \w+ \w+;",
    "double-data": r"\bdouble \*",
    "linear-ids": r"threadIdx\.z",
}


def sidecars(d):
    out = []
    for path in sorted(glob.glob(os.path.join(d, "*.json"))):
        with open(path) as f:
            out.append((path, json.load(f)))
    out.sort(key=lambda x: (x[1].get("seed"), x[1].get("index")))
    return out


def finish(name, problems, summary):
    for p in problems[:50]:
        print("problem: " + p)
    print("%s: %s" % (name, summary if not problems else "%d problems" % len(problems)))
    return 1 if problems else 0


def write_tu(d, sides):
    """Kernels are named by seed and index, extern shared arrays by kernel,
    so all of them fit in one translation unit: one compile, not hundreds."""
    tu = os.path.join(d, "all-kernels.cu")
    with open(tu, "w") as f:
        for _, s in sides:
            f.write('#include "%s"\n' % s["file"])
    return tu


def cmd_tu(d):
    sides = sidecars(d)
    write_tu(d, sides)
    print("tu: %d kernels in %s" % (len(sides), os.path.join(d, "all-kernels.cu")))
    return 0


def cmd_ll(d):
    sides = sidecars(d)
    problems = []
    for path, s in sides:
        ll = os.path.join(d, s["kernel"] + ".ll")
        if not os.path.exists(ll):
            problems.append("no %s" % ll)
            continue
        with open(ll) as f:
            text = f.read()
        if not re.search(r"^define .*@%s\(" % re.escape(s["mangled"]), text, re.M):
            problems.append("%s does not define %s" % (ll, s["mangled"]))
    return finish("ll", problems, "%d .ll files define their kernels" % len(sides))


def cmd_compile(d, compiler):
    sides = sidecars(d)
    tu = write_tu(d, sides)
    ll = os.path.join(d, "all-kernels.ll")
    p = subprocess.run(compiler + ["-O0", "-Werror", "-emit-llvm", "-Xclang", "-disable-llvm-passes",
                                   "-S", "-o", ll, tu], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    problems = []
    if p.returncode != 0:
        problems.append("the kernels do not compile:\n" + p.stdout[-4000:])
        return finish("compile", problems, "")
    with open(ll) as f:
        defined = set(re.findall(r"^define .*?@(\w+)\(", f.read(), re.M))
    for path, s in sides:
        if s["mangled"] not in defined:
            problems.append("%s: %s is not defined in the IR" % (path, s["mangled"]))
    return finish("compile", problems, "%d kernels compile, each defines its mangled name" % len(sides))


def parse_kernel(text):
    m = re.search(r"^__global__ void (\w+)\((.*)\) \{$", text, re.M)
    if not m:
        return None, []
    params = []
    for p in m.group(2).split(", ") if m.group(2) else []:
        pm = re.match(r"^(const )?(int|unsigned|float|double) (\*?)(\w+)$", p)
        if not pm:
            return m.group(1), None
        params.append({"const": bool(pm.group(1)), "type": pm.group(2),
                       "pointer": bool(pm.group(3)), "name": pm.group(4)})
    return m.group(1), params


def check_sidecar(path, s, problems):
    def bad(msg):
        problems.append("%s: %s" % (os.path.basename(path), msg))

    for k, ty in KEYS.items():
        if not isinstance(s.get(k), ty) or (ty is int and isinstance(s.get(k), bool)):
            bad("key %r missing or not %s" % (k, ty.__name__))
            return
    if "bug" not in s:
        bad("key 'bug' missing")
        return
    cu = os.path.join(os.path.dirname(path), s["file"])
    if s["file"] != s["kernel"] + ".cu" or os.path.basename(path) != s["kernel"] + ".json":
        bad("file names do not follow the kernel name")
    if s["kernel"] != "k%d_%d" % (s["seed"], s["index"]):
        bad("kernel name is not k<seed>_<index>")
    if not os.path.exists(cu):
        bad("no %s" % s["file"])
        return
    text = open(cu).read()
    lines = text.splitlines()
    if not re.match(r"^// %s: .*seed %d, kernel %d" % (s["kernel"], s["seed"], s["index"]), lines[0]):
        bad("the first line does not give the seed and kernel: " + lines[0])
    if lines[1] != "// " + s["description"]:
        bad("the second line is not the description")
    name, params = parse_kernel(text)
    if name != s["kernel"]:
        bad("the .cu defines kernel %r" % name)
    if params is None:
        bad("cannot read the kernel's parameters")
        return
    if [p["name"] for p in params] != s["signature"]:
        bad("signature %s, the kernel has %s" % (s["signature"], [p["name"] for p in params]))
    pointers = [p for p in params if p["pointer"]]
    scalars = [p for p in params if not p["pointer"]]
    if [p["name"] for p in pointers] != list(s["arrays"]):
        bad("arrays %s, pointer parameters %s" % (list(s["arrays"]), [p["name"] for p in pointers]))
    if sorted(p["name"] for p in scalars) != sorted(s["params"]):
        bad("params %s, scalar parameters %s" % (sorted(s["params"]), [p["name"] for p in scalars]))
    for p in pointers:
        a = s["arrays"].get(p["name"], {})
        if a.get("type") != p["type"]:
            bad("array %s: type %r, the parameter is %s" % (p["name"], a.get("type"), p["type"]))
        if not isinstance(a.get("elements"), int) or a["elements"] < 1:
            bad("array %s: elements must be a positive integer" % p["name"])
        init = a.get("init")
        if not (init in ("zero", "seq", "rand") or (isinstance(init, int) and not isinstance(init, bool))):
            bad("array %s: init %r" % (p["name"], init))
    for name, v in s["params"].items():
        if not isinstance(v, int) or isinstance(v, bool):
            bad("param %s is not an integer" % name)
        if re.search(r"\b%s\b" % name, "\n".join(lines[3:])) is None:
            bad("param %s is not used in the body" % name)
    for key in ("block_dim", "grid_dim"):
        dims = s[key]
        if len(dims) != 3 or not all(isinstance(x, int) and x >= 1 for x in dims):
            bad("%s must be three positive integers" % key)
    bx, by, bz = s["block_dim"]
    if bx * by * bz > 1024:
        bad("more than 1024 threads per block")
    dims = s["index_dims"]
    for key, launch in (("block", s["block_dim"]), ("grid", s["grid_dim"])):
        n = dims.get(key)
        if n not in (1, 2, 3) or any(x != 1 for x in launch[n:]):
            bad("index_dims %s = %r does not fit the launch %s" % (key, n, launch))
    if (dims == {"block": 3, "grid": 3}) != ("linear-ids" in s["features"]):
        bad("index_dims 3 exactly for linear-ids kernels")
    if "linear-ids" in s["features"] and "threadIdx.z" not in text:
        bad("linear-ids without threadIdx.z")
    # shared memory: declarations match
    externs = re.findall(r"^  extern __shared__ (\w+) (\w+)\[\];$", text, re.M)
    statics = re.findall(r"^  __shared__ (\w+) (\w+)((?:\[\d+\])*);$", text, re.M)
    declared = {n: (t, True, []) for t, n in externs}
    declared.update({n: (t, False, [int(x) for x in re.findall(r"\d+", dims)]) for t, n, dims in statics})
    if set(declared) != set(s["shared"]):
        bad("shared arrays %s, declared %s" % (sorted(s["shared"]), sorted(declared)))
    ext_bytes = 0
    for n, info in s["shared"].items():
        if n not in declared:
            continue
        t, ext, dims = declared[n]
        if info.get("type") != t or info.get("extern") != ext:
            bad("shared %s: type or extern differs from its declaration" % n)
        if not ext and info.get("dims") != dims:
            bad("shared %s: dims %s, declared %s" % (n, info.get("dims"), dims))
        if ext:
            ext_bytes += info["elements"] * ELEM[t]
    if len(externs) > 1:
        bad("more than one extern __shared__ array")
    if s["shared_bytes"] != ext_bytes:
        bad("shared_bytes %d, the extern array needs %d" % (s["shared_bytes"], ext_bytes))
    unknown = [f for f in s["features"] if f not in FEATURES]
    if unknown:
        bad("unknown features %s" % unknown)
    if s["features"] != sorted(set(s["features"])):
        bad("features are not sorted and unique")
    if ("block-2d" in s["features"]) != (by > 1):
        bad("block-2d does not match block_dim")
    if ("extern-shared" in s["features"]) != bool(externs):
        bad("extern-shared does not match the declarations")
    # features describe the kernel without its bug: a removed barrier or a
    # replaced atomic still counts
    body = "\n".join(lines[2:])  # the signature and the body
    for feature, pattern in PATTERNS.items():
        if (feature in s["features"]) != bool(re.search(pattern, body, re.M)):
            bad("feature %s %s, but the kernel %s" % (
                feature, "claimed" if feature in s["features"] else "not claimed",
                "has no %s" % pattern if feature in s["features"] else "matches %s" % pattern))
    if s["memory_dependent_index"] and "(unsigned)" not in body:
        bad("memory_dependent_index, but no index reduced from a loaded value")
    if ("barrier" in s["features"]) != ("__syncthreads()" in text):
        bad("barrier does not match the kernel")
    if ("switch" in s["features"]) != ("switch (" in text):
        bad("switch does not match the kernel")
    if ("early-return" in s["features"]) != ("return;" in text):
        bad("early-return does not match the kernel")
    nonatomic = s.get("bug") and s["bug"].get("kind") == "non-atomic"
    if ("atomic-block" in s["features"]) != ("atomicAdd_block(" in text) and not nonatomic:
        bad("atomic-block does not match the kernel")
    if s["bug_sites"] < 1:
        bad("no bug site: every kernel can carry a bug")
    bug = s["bug"]
    if s["race_free"] != (bug is None):
        bad("race_free must be true exactly when there is no bug")
    if s["race_free_any_launch"] and not s["race_free"]:
        bad("race_free_any_launch without race_free")
    if bug is not None:
        if not isinstance(bug, dict) or bug.get("kind") not in BUG_KINDS:
            bad("bug %r" % (bug,))
            return
        line = bug.get("line")
        if not isinstance(line, int) or not 3 < line <= len(lines):
            bad("bug line %r outside the kernel" % line)
            return
        at = lines[line - 1]
        arr = bug.get("array")
        if arr not in s["arrays"] and arr not in s["shared"]:
            bad("bug array %r is not an array of the kernel" % arr)
        if bug["kind"] == "removed-barrier" and "__syncthreads() removed" not in at:
            bad("line %d is no removed barrier: %s" % (line, at))
        if bug["kind"] == "non-atomic" and not ("+=" in at and arr in at and "atomic" not in at):
            bad("line %d is no plain update of %s: %s" % (line, arr, at))
        if bug["kind"] == "shifted-index" and not (arr in at and " = " in at):
            bad("line %d is no write of %s: %s" % (line, arr, at))
        for ln in bug.get("lines", []):
            if not 3 < ln <= len(lines):
                bad("bug access line %d outside the kernel" % ln)
        if "bug" not in s["description"]:
            bad("the description does not mention the bug")


def cmd_sidecars(d):
    sides = sidecars(d)
    problems = []
    for path, s in sides:
        check_sidecar(path, s, problems)
    if not sides:
        problems.append("no sidecars in " + d)
    return finish("sidecars", problems, "%d sidecars well formed and consistent" % len(sides))


def cmd_features(d):
    sides = sidecars(d)
    seen, kinds = set(), set()
    for _, s in sides:
        seen.update(s["features"])
        if s["bug"]:
            kinds.add(s["bug"]["kind"])
    problems = ["feature %s appears in no kernel" % f for f in FEATURES if f not in seen]
    problems += ["bug kind %s appears in no kernel" % k for k in BUG_KINDS if k not in kinds]
    return finish("features", problems, "all %d features and %d bug kinds appear in %d kernels" % (
        len(FEATURES), len(BUG_KINDS), len(sides)))


def cmd_rate(d, p):
    sides = sidecars(d)
    n = len(sides)
    k = sum(1 for _, s in sides if s["bug"] is not None)
    problems = []
    if p in (0.0, 1.0):
        if k != round(p * n):
            problems.append("%d of %d kernels carry a bug, expected %d" % (k, n, round(p * n)))
    else:
        sd = math.sqrt(n * p * (1 - p))
        if abs(k - n * p) > 4 * sd:
            problems.append("%d of %d kernels carry a bug, expected %.0f +- %.0f" % (k, n, n * p, 4 * sd))
    return finish("rate", problems, "bugs injected at the requested rate")


def cmd_variants(clean, buggy):
    problems = []
    a, b = dict((s["kernel"], (p, s)) for p, s in sidecars(clean)), \
        dict((s["kernel"], (p, s)) for p, s in sidecars(buggy))
    if set(a) != set(b):
        problems.append("different kernels")
    same = ("race_free", "race_free_any_launch", "bug", "description")
    for name in sorted(set(a) & set(b)):
        sa, sb = a[name][1], b[name][1]
        for key in sa:
            if key not in same and sa[key] != sb[key]:
                problems.append("%s: %s differs with and without the bug" % (name, key))
        la = open(os.path.join(clean, sa["file"])).read().splitlines()
        lb = open(os.path.join(buggy, sb["file"])).read().splitlines()
        if len(la) != len(lb):
            problems.append("%s: %d lines without the bug, %d with" % (name, len(la), len(lb)))
            continue
        diff = [i + 1 for i, (x, y) in enumerate(zip(la, lb)) if x != y and i > 1]
        bug = sb["bug"]
        want = [bug["line"]] if bug else []
        if diff != want:
            problems.append("%s: lines %s differ, expected %s" % (name, diff, want))
        elif bug and bug["kind"] == "removed-barrier" and la[bug["line"] - 1].strip() != "__syncthreads();":
            problems.append("%s: line %d held no barrier" % (name, bug["line"]))
        elif bug and bug["kind"] == "non-atomic" and "atomicAdd" not in la[bug["line"] - 1]:
            problems.append("%s: line %d held no atomic" % (name, bug["line"]))
    return finish("variants", problems, "%d kernels identical but for their bug" % len(a))


def main(argv):
    if len(argv) >= 2 and argv[0] == "compile" and "--" in argv:
        i = argv.index("--")
        return cmd_compile(argv[1], argv[i + 1:])
    if len(argv) == 2 and argv[0] == "tu":
        return cmd_tu(argv[1])
    if len(argv) == 2 and argv[0] == "ll":
        return cmd_ll(argv[1])
    if len(argv) == 2 and argv[0] == "sidecars":
        return cmd_sidecars(argv[1])
    if len(argv) == 2 and argv[0] == "features":
        return cmd_features(argv[1])
    if len(argv) == 3 and argv[0] == "rate":
        return cmd_rate(argv[1], float(argv[2]))
    if len(argv) == 3 and argv[0] == "variants":
        return cmd_variants(argv[1], argv[2])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

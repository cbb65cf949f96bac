#!/usr/bin/env python3
"""corpus.py - generated kernels for property tests: make them, read them,
and turn a sidecar into the arguments of the tool under test.

    import sys; sys.path.insert(0, "<repo>/test/gen")
    import corpus
    for side in corpus.generate(out, seed=1, count=corpus.property_kernels(), bugs=0.5):
        cu = corpus.path(out, side)                      # or corpus.path(out, side, ".ll")
        subprocess.run(["scripts/mapcost", "run"] + corpus.run_args(side) + [cu])
        ...  side["race_free"], side["bug"], side["features"], ...

As a command (for lit RUN lines, which cannot use $(...)):

    corpus.py args run|cli|opt SIDECAR.json   prints the arguments on one line
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATE = os.path.join(HERE, "generate.py")


def property_kernels(default=20):
    """How many kernels a heavy property test uses: $MAPCOST_PROPERTY_KERNELS."""
    value = os.environ.get("MAPCOST_PROPERTY_KERNELS", "")
    return int(value) if value.strip() else default


def generate(out, seed, count, bugs=0.0, max_depth=3, emit_ll=False, clang=None, jobs=2):
    """Runs generate.py into `out` and returns the sidecars, in order."""
    cmd = [sys.executable, GENERATE, "--seed", str(seed), "--count", str(count),
           "--bugs", repr(bugs), "--max-depth", str(max_depth), "--out", out, "--jobs", str(jobs)]
    if emit_ll:
        cmd += ["--emit-ll"] + (["--clang", clang] if clang else [])
    subprocess.run(cmd, check=True)
    return [load(os.path.join(out, "k%d_%d.json" % (seed, i))) for i in range(count)]


def load(path):
    with open(path) as f:
        return json.load(f)


def sidecars(folder):
    """Every sidecar in a folder, ordered by seed and index."""
    out = [load(os.path.join(folder, n)) for n in os.listdir(folder)
           if n.endswith(".json") and n.startswith("k")]
    return sorted(out, key=lambda s: (s["seed"], s["index"]))


def path(folder, side, suffix=".cu"):
    return os.path.join(folder, side["kernel"] + suffix)


def dims(v):
    return ",".join(str(x) for x in v)


def run_args(side, seed=None):
    """`scripts/mapcost run` arguments (CONTRACT §3) for the sidecar's launch:
    dimensions, parameters, dynamic shared memory, every array's size and
    contents (INIT is zero, seq, rand or an integer)."""
    args = ["--block-dim=" + dims(side["block_dim"]), "--grid-dim=" + dims(side["grid_dim"])]
    for name, value in side["params"].items():
        args += ["--param", "%s=%d" % (name, value)]
    if side["shared_bytes"]:
        args.append("--shared-bytes=%d" % side["shared_bytes"])
    for name, a in side["arrays"].items():
        args += ["--array", "%s=%d:%s" % (name, a["elements"], a["init"])]
    if seed is not None:
        args.append("--seed=%d" % seed)
    return args


def cli_args(side):
    """`scripts/mapcost` (static analysis) arguments fixing the same launch."""
    args = ["--block-dim=" + dims(side["block_dim"]), "--grid-dim=" + dims(side["grid_dim"])]
    for name, value in side["params"].items():
        args += ["--param", "%s=%d" % (name, value)]
    return args


def plugin_options(side):
    """The same as plugin options: opt -mapcost-..., clang -mllvm -mapcost-...,
    or MAPCOST_OPTIONS."""
    opts = ["-mapcost-block-dim=" + dims(side["block_dim"]),
            "-mapcost-grid-dim=" + dims(side["grid_dim"])]
    opts += ["-mapcost-param=%s=%d" % (n, v) for n, v in side["params"].items()]
    return opts


def main(argv):
    if len(argv) == 3 and argv[0] == "args" and argv[1] in ("run", "cli", "opt"):
        side = load(argv[2])
        fn = {"run": run_args, "cli": cli_args, "opt": plugin_options}[argv[1]]
        print(" ".join(fn(side)))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""generate.py - small random CUDA kernels for mapcost's property tests.

    test/gen/generate.py --seed S --count N --out DIR [--bugs P] [--max-depth D]
                         [--emit-ll] [--clang CLANG] [--jobs J] [--index I]

writes DIR/k<S>_<i>.cu (the seed and a one-line description at the top) and
DIR/k<S>_<i>.json (the sidecar: launch, parameters, array sizes and
contents, what the kernel contains and whether it is race free), and with
--emit-ll also DIR/k<S>_<i>.ll compiled by CLANG. Same arguments, same bytes.
See test/gen/README.md for the guarantees and the sidecar format.
"""

import argparse
import copy
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from kast import (INT, UINT, FLOAT, DOUBLE, ELEM_BYTES, MANGLE, Array, Assign, Atomic,  # noqa: E402
                  Barrier, Bin, Break, Builtin, Comment, Continue, Decl, DoWhile, For,
                  If, Load, Num, Renderer, Return, Switch, Ternary, Un, Var, While)

REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_PRELUDE = os.path.join(REPO, "runtime", "mapcost_prelude.h")
GENERATOR_VERSION = 2

# Every construct the generator can produce, as named in a sidecar's
# "features". test/gen/features.test checks that all of them appear.
FEATURES = {
    "block-1d": "one-dimensional block",
    "block-2d": "two-dimensional block",
    "grid-2d": "two-dimensional grid",
    "multi-block": "more than one block",
    "linear-ids": "thread and block ids linearised over x, y and z (race free for any launch)",
    "additive-loop": "for (i = a; i < b; i += c)",
    "multiplicative-loop": "i *= 2 or i <<= 1",
    "halving-loop": "s >>= 1 or s /= 2",
    "decreasing-loop": "i-- or i -= c",
    "grid-stride-loop": "for (i = gid; i < n; i += gridDim.x * blockDim.x)",
    "block-stride-loop": "for (i = tid; i < m; i += blockDim.x)",
    "thread-dependent-bound": "a loop whose bounds depend on the thread",
    "while-loop": "while (...) { ... }",
    "do-while": "do { ... } while (...)",
    "thread-conditional": "if on thread ids",
    "param-conditional": "if on kernel parameters",
    "data-conditional": "if on memory contents",
    "short-circuit-and": "a && b",
    "short-circuit-or": "a || b",
    "ternary": "c ? a : b",
    "break": "break out of a loop",
    "continue": "continue in a loop",
    "early-return": "return before the end of the kernel (after the last barrier)",
    "switch": "switch statement",
    "switch-fallthrough": "a case that falls through",
    "shared-1d": "static one-dimensional __shared__ array",
    "shared-2d": "static two-dimensional __shared__ array",
    "shared-scalar": "__shared__ scalar",
    "extern-shared": "extern __shared__ array (dynamic shared memory)",
    "global-memory": "global arrays (kernel pointer parameters)",
    "float-data": "float arrays",
    "double-data": "double arrays (8-byte elements)",
    "index-tid": "a[tid]",
    "index-affine": "a[tid * c + k]",
    "index-global-id": "a[blockIdx.x * blockDim.x + threadIdx.x]",
    "index-strided": "a[gid * stride]",
    "index-2d": "a[row * width + col] or tile[y][x]",
    "index-xor": "a[tid ^ mask]",
    "index-nonaffine": "a[tid * tid % n]",
    "index-data-dependent": "a[b[tid] % n]",
    "barrier": "__syncthreads()",
    "barrier-in-loop": "a barrier inside a loop (uniform trip count)",
    "triangular-loop": "a synchronized loop whose trip count is an outer one's round",
    "nested-barrier-loops": "a loop with barriers inside another",
    "barrier-in-conditional": "a barrier inside a uniform conditional",
    "neighbour-exchange": "write own slot, barrier, read a neighbour's",
    "global-exchange": "the same through a global array, within the block's region",
    "reduction": "tree reduction in shared memory",
    "scan": "prefix sum in shared memory",
    "transpose": "tile transpose through shared memory",
    "stencil": "stencil with halo cells in shared memory",
    "shared-counter": "atomics on a shared counter between barriers",
    "histogram": "shared histogram with atomics",
    "atomic-shared": "atomicAdd on shared memory",
    "atomic-global": "atomicAdd on global memory",
    "atomic-block": "atomicAdd_block (block scope)",
}
BUG_KINDS = ("removed-barrier", "shifted-index", "non-atomic")


def prelude_has_block_atomics(prelude):
    """Does the prelude (with the files it includes) offer atomicAdd_block?
    The prelude builds the names by token pasting, so look for the suffix."""
    seen, todo = set(), [prelude]
    while todo:
        path = todo.pop()
        if path in seen or not os.path.exists(path):
            continue
        seen.add(path)
        text = open(path, encoding="utf-8", errors="replace").read()
        if re.search(r"\batomicAdd_block\b|\batomic\w*##\s*SFX|,\s*_block\s*,", text):
            return True
        for inc in re.findall(r'#\s*include\s+"([^"]+)"', text):
            todo.append(os.path.join(os.path.dirname(path), inc))
    return False


def mangle(name, params):
    """Itanium mangling of `void name(params)`, with substitutions."""
    out = ["_Z%d%s" % (len(name), name)]
    subs = []

    def ref(i):
        if i == 0:
            return "S_"
        digits, n = "", i - 1
        while True:
            digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 36] + digits
            n //= 36
            if n == 0:
                return "S%s_" % digits

    for p in params:
        base = MANGLE[p.ty]
        if not p.pointer:
            out.append(base)
            continue
        inner = ("K" if p.const else "") + base
        full = "P" + inner
        if full in subs:
            out.append(ref(subs.index(full)))
            continue
        if p.const:
            if inner in subs:
                enc = "P" + ref(subs.index(inner))
            else:
                enc = full
                subs.append(inner)
        else:
            enc = full
        subs.append(full)
        out.append(enc)
    if not params:
        out.append("v")
    return "".join(out)


def fixed_range(e):
    """e's value range holds for every launch and parameter value (so a
    loop bounded by it may index a thread's own slots directly)."""
    if isinstance(e, Num):
        return True
    if isinstance(e, Builtin):
        return False
    if isinstance(e, Var):
        return getattr(e, "fixed", False)
    if isinstance(e, Bin):
        if e.op in ("%", "&") and isinstance(e.b, Num) and e.b.v > 0:
            return nonnegative(e.a)
        if e.op in ("+", "*"):
            return fixed_range(e.a) and fixed_range(e.b)
    return False


def nonnegative(e):
    """e >= 0 for every launch and parameter value: thread ids, loop
    variables (every loop starts at or stays above 0) and their sums."""
    if isinstance(e, Num):
        return e.v >= 0
    if isinstance(e, Var):
        return not e.memdep and getattr(e, "role", None) != "param"
    if isinstance(e, Bin):
        return e.op in ("+", "*", "%", "&", ">>", "/") and nonnegative(e.a) and nonnegative(e.b)
    return False


class Param:
    def __init__(self, name, ty, pointer, const=False, value=None, array=None):
        self.name, self.ty, self.pointer, self.const = name, ty, pointer, const
        self.value, self.array = value, array

    def decl(self):
        if self.pointer:
            return "%s *%s" % (("const " if self.const else "") + self.ty, self.name)
        return "%s %s" % (self.ty, self.name)


class Ctx:
    """Where the generator is: how deep, whether every enclosing condition
    is block-uniform (barriers allowed), whether the code certainly runs in
    block 0 (bug sites must), what may be used here."""

    def __init__(self):
        self.depth = 0
        self.uniform = True
        self.sure = True
        self.in_loop = False
        self.may_return = False
        self.scope = []       # int locals usable in values
        self.loopvars = []    # loop variables, innermost last
        self.counters = []    # shared counters whose atomic phase is open
        self.work = 1         # iterations of the enclosing loops
        self.shared_reads = True  # may read shared private arrays (not while initialising them)

    def child(self, **kw):
        c = copy.copy(self)
        c.scope, c.loopvars = list(self.scope), list(self.loopvars)
        c.__dict__.update(kw)
        return c


class Candidate:
    """A place where a bug can be injected: `stmt` becomes `alt`."""

    def __init__(self, kind, stmt, alt, array, partners, why):
        self.kind, self.stmt, self.alt, self.array = kind, stmt, alt, array
        self.partners, self.why = partners, why


class Kernel:
    def __init__(self, seed, index, max_depth=3, block_atomics=True):
        self.seed, self.index, self.max_depth = seed, index, max_depth
        self.block_atomics = block_atomics
        self.rng = random.Random("mapcost-gen:%d:%d" % (seed, index))
        self.name = "k%d_%d" % (seed, index)
        self.params = []          # signature, in order
        self.arrays = []          # every array, global and shared
        self.prologue = []        # Decls of thread ids (emitted when used)
        self.features = set()
        self.desc = []
        self.cands = []
        self.counts = {}
        self.memdep_index = False
        self.affine_bounds = True
        self.fixed_launch = False  # race free only for block sizes that fit a static tile
        self.returned = False
        self.extern = None
        self.bug = None
        self.build()

    # ------------------------------------------------------------ utilities
    def feat(self, *names):
        for n in names:
            assert n in FEATURES, n
            self.features.add(n)

    def fresh(self, prefix):
        n = self.counts.get(prefix, 0)
        self.counts[prefix] = n + 1
        return "%s%d" % (prefix, n)

    def pick(self, weighted):
        total = sum(w for _, w in weighted)
        x = self.rng.random() * total
        for item, w in weighted:
            x -= w
            if x < 0:
                return item
        return weighted[-1][0]

    def load(self, arr, idxs):
        ld = Load(arr, idxs)
        if ld.index_memdep:
            self.memdep_index = True
            self.feat("index-data-dependent")
        return ld

    # ------------------------------------------------------------ launch and ids
    def pick_launch(self):
        r = self.rng
        if r.random() < 0.6:
            self.bx, self.by = r.choice([32, 64, 128, 256, 16, 48, 96, 64, 128]), 1
        else:
            self.bx, self.by = r.choice([(8, 8), (16, 16), (16, 4), (32, 4), (4, 8),
                                         (16, 8), (32, 2), (8, 4)])
        if r.random() < 0.2:
            self.gx, self.gy = r.choice([(2, 2), (1, 2), (3, 2)])
        else:
            self.gx, self.gy = r.choice([1, 2, 2, 3, 4]), 1
        while self.bx * self.by * self.gx * self.gy > 1024:
            if self.gx > 1:
                self.gx -= 1
            else:
                self.gy -= 1
        self.NT = self.bx * self.by
        self.NB = self.gx * self.gy
        self.TOTAL = self.NT * self.NB
        self.feat("block-2d" if self.by > 1 else "block-1d")
        if self.gy > 1:
            self.feat("grid-2d")
        if self.NB > 1:
            self.feat("multi-block")

    def setup_ids(self):
        bx, by, gx, gy = self.bx, self.by, self.gx, self.gy
        B = Builtin
        self.tx, self.ty_ = B("threadIdx.x", 0, bx - 1), B("threadIdx.y", 0, by - 1)
        self.bdx, self.bdy = B("blockDim.x", bx, bx), B("blockDim.y", by, by)
        self.bix, self.biy = B("blockIdx.x", 0, gx - 1), B("blockIdx.y", 0, gy - 1)
        self.gdx, self.gdy = B("gridDim.x", gx, gx), B("gridDim.y", gy, gy)
        NT, NB, TOTAL = self.NT, self.NB, self.TOTAL

        def var(name, init, uniform, lo, hi):
            v = Var(name, INT, lo, hi, uniform)
            self.prologue.append(Decl(v, init))
            return v

        one_d = by == 1 and gy == 1
        if self.linear:
            # x + blockDim.x * (y + blockDim.y * z): injective for any launch
            tz, bdz = B("threadIdx.z", 0, 0), B("blockDim.z", 1, 1)
            biz, gdz = B("blockIdx.z", 0, 0), B("gridDim.z", 1, 1)
            self.tid = var("tid", Bin("+", self.tx, Bin("*", self.bdx, Bin(
                "+", self.ty_, Bin("*", self.bdy, tz)))), False, 0, NT - 1)
            self.nt = var("nt", Bin("*", Bin("*", self.bdx, self.bdy), bdz), True, NT, NT)
            self.bid = var("bid", Bin("+", self.bix, Bin("*", self.gdx, Bin(
                "+", self.biy, Bin("*", self.gdy, biz)))), True, 0, NB - 1)
            self.gid = var("gid", Bin("+", Bin("*", self.bid, self.nt), self.tid), False, 0, TOTAL - 1)
            self.gsize = var("gsize", Bin("*", Bin("*", Bin("*", self.gdx, self.gdy), gdz), self.nt),
                             True, TOTAL, TOTAL)
            self.feat("linear-ids")
        elif one_d and self.rng.random() < 0.4:
            # CUDA's own spelling everywhere: threadIdx.x, blockIdx.x * blockDim.x + threadIdx.x
            self.tid, self.nt, self.bid = self.tx, self.bdx, self.bix
            self.gid = Bin("+", Bin("*", self.bix, self.bdx), self.tx)
            self.gsize = Bin("*", self.gdx, self.bdx)
        else:
            self.tid = var("tid", self.tx if by == 1 else
                           Bin("+", Bin("*", self.ty_, self.bdx), self.tx), False, 0, NT - 1)
            self.nt = var("nt", self.bdx if by == 1 else Bin("*", self.bdx, self.bdy), True, NT, NT)
            self.bid = var("bid", self.bix if gy == 1 else
                           Bin("+", Bin("*", self.biy, self.gdx), self.bix), True, 0, NB - 1)
            if one_d:
                gid = Bin("+", Bin("*", self.bix, self.bdx), self.tx)
            else:
                gid = Bin("+", Bin("*", self.bid, self.nt), self.tid)
            self.gid = var("gid", gid, False, 0, TOTAL - 1)
            gs = Bin("*", self.gdx, self.nt) if gy == 1 else \
                Bin("*", Bin("*", self.gdx, self.gdy), self.nt)
            self.gsize = var("gsize", gs, True, TOTAL, TOTAL)
        self.row = var("row", Bin("+", Bin("*", self.biy, self.bdy), self.ty_), False, 0, gy * by - 1)
        self.col = var("col", Bin("+", Bin("*", self.bix, self.bdx), self.tx), False, 0, gx * bx - 1)
        self.width = var("width", Bin("*", self.gdx, self.bdx), True, gx * bx, gx * bx)

    def two_d(self):
        """Writes may use row * width + col and tile[ty][tx]: two-dimensional
        ids, race free only for launches of at most two dimensions."""
        return (self.by > 1 or self.gy > 1) and not self.linear

    # ------------------------------------------------------------ parameters and arrays
    def param(self, role):
        for p in self.params:
            if p.name == role:
                return p.var
        r, NT = self.rng, self.NT
        value = {
            "n": lambda: self.TOTAL * r.choice([1, 2, 3]) + r.randint(-NT // 2, NT - 1),
            "k": lambda: r.randint(1, NT),
            "reps": lambda: r.choice([1, 2, 2, 3]),
            "flag": lambda: r.choice([0, 1]),
            "stride": lambda: r.randint(1, 4),
            "lim": lambda: r.randint(1, 6),
            "m": lambda: r.choice([4, 8, 16, 32]),
        }[role]()
        p = Param(role, INT, False, value=value)
        p.var = Var(role, INT, value, value, True)
        p.var.role = "param"
        self.params.append(p)
        return p.var

    def garray(self, prefix, ty, disc, init, nominal=0, const=False):
        a = Array(self.fresh(prefix), ty, "global", disc, const=const, init=init, nominal=nominal)
        self.arrays.append(a)
        self.params.append(Param(a.name, ty, True, const=const, array=a))
        self.feat("global-memory")
        if ty == FLOAT:
            self.feat("float-data")
        if ty == DOUBLE:
            self.feat("double-data")
        return a

    def sarray(self, prefix, ty, disc, ndim=1, scalar=False, extern=False):
        a = Array(self.fresh(prefix), ty, "shared", disc, ndim=0 if scalar else ndim,
                  extern=extern, scalar=scalar)
        self.arrays.append(a)
        if extern:
            self.feat("extern-shared")
            self.extern = a
        elif scalar:
            self.feat("shared-scalar")
        else:
            self.feat("shared-2d" if ndim == 2 else "shared-1d")
        if ty == FLOAT:
            self.feat("float-data")
        return a

    def init_kind(self, ty):
        r = self.rng.random()
        if r < 0.4:
            return "seq"
        if r < 0.8:
            return "rand"
        return self.rng.randint(-3, 9)

    def input_array(self, ty=None):
        """A read-only global array. Any index the kernel forms is in bounds
        (arrays are sized from the index ranges; `% L` uses L = nominal)."""
        have = [a for a in self.arrays if a.disc == "input" and (ty is None or a.ty == ty)]
        if have and (len(have) >= 2 or self.rng.random() < 0.6):
            return self.rng.choice(have)
        ty = ty or self.rng.choice([INT, INT, INT, UINT, FLOAT, DOUBLE])
        return self.garray("in", ty, "input", self.init_kind(ty), nominal=self.TOTAL, const=True)

    def index_array(self):
        have = [a for a in self.arrays if a.disc == "input" and a.name.startswith("idx")]
        if have:
            return have[0]
        return self.garray("idx", INT, "input", self.rng.choice(["rand", "seq"]),
                           nominal=self.TOTAL, const=True)

    def private_array(self, ty=None, layout=None):
        """A global array in which each location belongs to one thread of the
        grid for the whole kernel (row: gid*C+k, col: k*gsize+gid, xor:
        gid^m, 2d: row*width+col)."""
        have = [a for a in self.arrays if a.disc == "private" and a.space == "global"
                and (ty is None or a.ty == ty) and (layout is None or a.layout == layout)]
        if have and (len(have) >= 2 or self.rng.random() < 0.75):
            return self.rng.choice(have)
        r = self.rng
        ty = ty or r.choice([INT, INT, INT, UINT, FLOAT, DOUBLE])
        layouts = ["row", "row", "col", "col", "xor"] + (["2d"] if self.two_d() else [])
        layout = layout or r.choice(layouts)
        a = self.garray("out", ty, "private", r.choice(["zero", "zero", r.randint(1, 5)]))
        a.layout = layout
        a.W = r.choice([1, 1, 2, 3]) if layout in ("row", "col") else 1
        a.C = a.W + r.choice([0, 0, 1]) if layout == "row" else 1
        a.m = r.randint(1, 31)
        return a

    def shared_private(self):
        """A shared array in which each location belongs to one thread of the
        block; initialised at the start of the kernel."""
        r = self.rng
        layout = r.choice(["row", "col", "xor", "2d"])
        ty = r.choice([INT, INT, FLOAT])
        a = self.sarray("sp", ty, "private", ndim=2 if layout == "2d" else 1)
        a.layout = layout
        a.W = r.choice([1, 2, 3]) if layout in ("row", "col") else 1
        a.C = a.W + r.choice([0, 1]) if layout == "row" else 1
        if layout == "xor":
            a.m = r.randint(1, 15)
        if layout == "2d":
            if self.by > 1 and not self.linear:
                a.min_extent = [0, self.bx + r.choice([0, 1])]
                self.fixed_launch = True
            else:
                a.C = r.choice([c for c in (4, 8, 16) if self.NT % c == 0] or [self.NT])
        ctx = Ctx()
        ctx.shared_reads = False
        stmts = []
        for k in range(a.W):
            stmts.append(Assign(self.priv_ref(a, Num(k)), "=", self.value(ty, ctx)))
        return stmts

    def priv_ref(self, a, k):
        """The element of private array `a` at this thread's slot k."""
        if a.space == "global":
            ident, span = self.gid, self.gsize
        else:
            ident, span = self.tid, self.nt
        if a.layout != "2d":
            self.feat("index-global-id" if a.space == "global" else "index-tid")
        if a.layout == "row":
            idx = ident if a.C == 1 else Bin("*", ident, Num(a.C))
            if a.C > 1:
                self.feat("index-affine", "index-strided")
            if not (isinstance(k, Num) and k.v == 0):
                idx = Bin("+", idx, k)
            return self.load(a, [idx])
        if a.layout == "col":
            if isinstance(k, Num) and k.v == 0:
                return self.load(a, [ident])
            kk = k if not isinstance(k, Num) or k.v != 1 else None
            return self.load(a, [Bin("+", Bin("*", kk, span) if kk else span, ident)])
        if a.layout == "xor":
            self.feat("index-xor")
            return self.load(a, [Bin("^", ident, Num(a.m))])
        self.feat("index-2d")
        if a.space == "global":
            return self.load(a, [Bin("+", Bin("*", self.row, self.width), self.col)])
        if self.by > 1 and not self.linear:
            return self.load(a, [self.ty_, self.tx])
        return self.load(a, [Bin("/", self.tid, Num(a.C)), Bin("%", self.tid, Num(a.C))])

    def slot(self, a, ctx):
        """A slot number in [0, a.W) for this thread's part of array a."""
        if a.W == 1:
            return Num(0)
        r = self.rng
        lvs = [v for v in ctx.loopvars if v.lo >= 0]
        fits = [v for v in lvs if v.hi < a.W and getattr(v, "fixed", False)]
        choice = r.random()
        if fits and choice < 0.4:
            return r.choice(fits)
        if lvs and choice < 0.6:
            return Bin("%", r.choice(lvs), Num(a.W))
        if choice < 0.7 and self.allow_memdep:
            return Bin("%", Un("(unsigned)", self.load(self.input_array(INT), [self.gid])), Num(a.W))
        return Num(r.randrange(a.W))

    def own_ref(self, ctx, ty=None):
        """A reference to this thread's own slot of some private array."""
        sp = [a for a in self.arrays if a.disc == "private" and a.space == "shared"
              and (ty is None or a.ty == ty)]
        if sp and ctx.shared_reads and self.rng.random() < 0.35:
            a = self.rng.choice(sp)
        else:
            a = self.private_array(ty)
        return self.priv_ref(a, self.slot(a, ctx))

    # ------------------------------------------------------------ expressions
    def input_index(self, a, ctx):
        r, L = self.rng, a.nominal
        lvs = [v for v in ctx.loopvars if v.lo >= 0]
        forms = [("gid", 3), ("tid", 2), ("affine", 2), ("strided", 1), ("nonaffine", 1),
                 ("xor", 1), ("data", 1.5 if self.allow_memdep else 0), ("const", 0.5)]
        if lvs:
            forms.append(("loop", 3))
        if self.by > 1 or self.gy > 1:
            forms.append(("2d", 1))
        form = self.pick(forms)
        if form == "gid":
            self.feat("index-global-id")
            return self.gid
        if form == "tid":
            self.feat("index-tid")
            return self.tid
        if form == "affine":
            self.feat("index-affine")
            c = r.randint(2, 4)
            k = r.randrange(c)
            e = Bin("*", r.choice([self.tid, self.gid]), Num(c))
            return Bin("+", e, Num(k)) if k else e
        if form == "strided":
            self.feat("index-strided")
            return Bin("*", self.gid, self.param("stride"))
        if form == "nonaffine":
            self.feat("index-nonaffine")
            t = r.choice([self.tid, self.gid])
            return Bin("%", Bin("*", t, t), Num(L))
        if form == "xor":
            self.feat("index-xor")
            return Bin("^", self.tid, Num(r.randint(1, 31)))
        if form == "data":
            ia = self.index_array()
            return Bin("%", Un("(unsigned)", self.load(ia, [r.choice([self.gid, self.tid])])), Num(L))
        if form == "loop":
            v = r.choice(lvs)
            if r.random() < 0.5:
                return v
            return Bin("%", Bin("+", v, r.choice([self.tid, self.gid])), Num(L))
        if form == "2d":
            self.feat("index-2d")
            return Bin("+", Bin("*", self.row, self.width), self.col)
        return Num(r.randrange(L))

    def read_input(self, ty, ctx):
        a = self.input_array(ty)
        return self.load(a, [self.input_index(a, ctx)])

    def atom(self, ty, ctx):
        r = self.rng
        if ty in (FLOAT, DOUBLE):
            form = self.pick([("num", 1), ("conv", 2), ("input", 3), ("own", 1)])
            if form == "num":
                return Num(r.randint(1, 4), ty)
            if form == "conv":
                return Un("(%s)" % ty, self.atom(INT, ctx))
            if form == "input":
                return self.read_input(ty, ctx)
            return self.own_ref(ctx, ty)
        forms = [("num", 2), ("id", 2), ("param", 1), ("input", 3), ("own", 1.5)]
        if ctx.loopvars:
            forms.append(("loop", 2))
        if ctx.scope:
            forms.append(("local", 2))
        form = self.pick(forms)
        if form == "num":
            return Num(r.randint(0, 9))
        if form == "id":
            return r.choice([self.tid, self.gid, self.bid])
        if form == "param":
            return self.param(r.choice(["k", "n", "lim"]))
        if form == "input":
            return self.read_input(r.choice([INT, INT, UINT]), ctx)
        if form == "own":
            return self.own_ref(ctx, r.choice([INT, UINT]))
        if form == "loop":
            return r.choice(ctx.loopvars)
        return r.choice(ctx.scope)

    def value(self, ty, ctx, size=None):
        r = self.rng
        size = size or r.choice([1, 2, 2, 3])
        e = self.atom(ty, ctx)
        for _ in range(size - 1):
            if ty in (FLOAT, DOUBLE):
                e = Bin(r.choice(["+", "-", "*"]), e, self.atom(ty, ctx))
                continue
            op = r.choice(["+", "+", "-", "^", "*", "&", "|"])
            if op == "*":
                e = Bin(op, e, Num(r.randint(2, 5)))
            elif op in ("&", "|"):
                e = Bin(op, e, Num(r.randint(1, 255)))
            else:
                b = self.atom(INT, ctx)
                e = Bin("+" if isinstance(e, Num) and isinstance(b, Num) else op, e, b)
        return e

    def cond(self, ctx, kind=None):
        """A condition: thread-dependent, on parameters, on data, or a
        short-circuit combination."""
        r = self.rng
        kind = kind or self.pick([("thread", 4), ("param", 1.5), ("data", 1.5),
                                  ("and", 1), ("or", 1)])
        if kind == "thread":
            self.feat("thread-conditional")
            return self.thread_cond(ctx)
        if kind == "param":
            self.feat("param-conditional")
            return self.uniform_cond()[0]
        if kind == "data":
            self.feat("data-conditional")
            return self.data_cond(ctx)
        if kind == "and" and r.random() < 0.5:
            # the classic guard before a read
            self.feat("short-circuit-and", "data-conditional")
            a = self.input_array(INT)
            return Bin("&&", Bin("<", self.gid, self.param("n")),
                       Bin(">", self.load(a, [self.gid]), Num(r.randint(0, 9))))
        self.feat("short-circuit-and" if kind == "and" else "short-circuit-or")
        first = self.cond(ctx, r.choice(["thread", "param", "data"]))
        second = self.cond(ctx, r.choice(["thread", "param", "data"]))
        return Bin("&&" if kind == "and" else "||", first, second)

    def thread_cond(self, ctx):
        r = self.rng
        t = r.choice([self.tid, self.tid, self.gid])
        forms = [
            lambda: Bin("<", t, self.param("k")),
            lambda: Bin("==", Bin("%", t, Num(2)), Num(r.randint(0, 1))),
            lambda: Bin("!=", Bin("&", t, Num(3)), Num(r.randint(0, 3))),
            lambda: Bin(">=", t, Num(r.randint(1, self.NT - 1))),
            lambda: Bin("==", Bin("%", Bin(">>", t, Num(2)), Num(3)), Num(1)),
        ]
        if self.by > 1:
            forms.append(lambda: Bin("==", self.ty_, Num(r.randrange(self.by))))
            forms.append(lambda: Bin("<", self.tx, self.ty_))
        if ctx.loopvars:
            v = ctx.loopvars[-1]
            forms.append(lambda: Bin("<", v, Bin("%", t, Num(5))))
        return r.choice(forms)()

    def data_cond(self, ctx):
        r = self.rng
        ld = self.read_input(INT, ctx)
        if r.random() < 0.5:
            return Bin(">", ld, Num(r.randint(-2, 9)))
        return Bin("==", Bin("&", ld, Num(1)), Num(r.randint(0, 1)))

    def uniform_cond(self):
        """A block-uniform condition and its value in block 0."""
        r = self.rng
        form = r.choice(["flag", "n", "k", "bid", "dim", "and"])
        if form == "flag":
            c = Bin("!=", self.param("flag"), Num(0))
        elif form == "n":
            n = self.param("n")
            c = Bin(">", n, Num(max(0, n.lo + r.choice([-7, -1, 3]))))
        elif form == "k":
            k = self.param("k")
            c = Bin(">=", k, Num(max(1, k.lo + r.choice([-2, 0, 1]))))
        elif form == "bid":
            c = r.choice([Bin("==", Bin("%", self.bix, Num(2)), Num(0)),
                          Bin("<", self.bid, Num(r.randint(1, 2))),
                          Bin("!=", self.bix, Num(1))])
        elif form == "dim":
            c = Bin(">=", self.bdx, Num(r.choice([8, 16, 32, 64])))
        else:
            c = Bin("&&", self.uniform_cond()[0], self.uniform_cond()[0])
            self.feat("short-circuit-and")
        return c, bool(self.eval_block0(c))

    def eval_block0(self, e):
        """Value of a uniform expression in block 0."""
        if isinstance(e, Num):
            return e.v
        if isinstance(e, Var):
            if e.name.startswith("blockIdx") or e.name == "bid":
                return 0
            assert e.uniform and e.lo == e.hi, e.name
            return e.lo
        if isinstance(e, Bin):
            a, b = self.eval_block0(e.a), self.eval_block0(e.b)
            return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                    "%": lambda: a % b, "/": lambda: a // b, "<": lambda: a < b,
                    "<=": lambda: a <= b, ">": lambda: a > b, ">=": lambda: a >= b,
                    "==": lambda: a == b, "!=": lambda: a != b,
                    "&&": lambda: bool(a) and bool(b), "||": lambda: bool(a) or bool(b)}[e.op]()
        raise TypeError(e)

    # ------------------------------------------------------------ filler
    def filler(self, ctx, n):
        out = []
        for _ in range(n):
            out.extend(self.fill_stmt(ctx))
        return out

    def fill_stmt(self, ctx):
        r = self.rng
        kinds = [("assign", 4), ("local", 2), ("atomic", 1.2)]
        if ctx.depth < self.max_depth:
            kinds += [("if", 2.5), ("loop", 3), ("switch", 0.8)]
        if ctx.may_return:
            kinds.append(("return", 0.8))
        if ctx.in_loop:
            kinds += [("break", 0.7), ("continue", 0.7)]
        if ctx.counters:
            kinds.append(("counter", 2))
        kind = self.pick(kinds)
        if kind == "assign":
            ref = self.own_ref(ctx)
            return [Assign(ref, r.choice(["=", "=", "+="]), self.value(ref.ty, ctx))]
        if kind == "local":
            if ctx.scope and r.random() < 0.4:
                return [Assign(r.choice(ctx.scope), r.choice(["+=", "^=", "="]), self.value(INT, ctx))]
            v = Var(self.fresh("v"), INT, -2**31, 2**31 - 1, False, affine=False, memdep=True)
            init = self.value(INT, ctx)
            ctx.scope.append(v)
            return [Decl(v, init)]
        if kind == "atomic":
            return [self.global_atomic(ctx)]
        if kind == "counter":
            return [self.counter_atomic(ctx, r.choice(ctx.counters))]
        if kind == "if":
            return [self.fill_if(ctx)]
        if kind == "loop":
            return self.fill_loop(ctx)
        if kind == "switch":
            return [self.fill_switch(ctx)]
        if kind == "return":
            self.feat("early-return")
            self.returned = True
            return [If(self.cond(ctx, "thread"), [Return()])]
        self.feat(kind)
        c = self.break_cond(ctx)
        return [If(c, [Break() if kind == "break" else Continue()])]

    def break_cond(self, ctx):
        r = self.rng
        v = ctx.loopvars[-1]
        form = r.choice(["lv", "thread", "data"])
        if form == "lv":
            return Bin(">=", v, Num(r.randint(1, 4)))
        if form == "thread":
            return Bin("==", Bin("%", Bin("+", v, self.tid), Num(3)), Num(0))
        self.affine_bounds = False   # the trip count now depends on memory
        self.feat("data-conditional")
        return Bin(">", self.read_input(INT, ctx), v)

    def fill_if(self, ctx):
        c = self.cond(ctx)
        uniform = c.uniform
        inner = ctx.child(depth=ctx.depth + 1, sure=False, uniform=ctx.uniform and uniform)
        then = self.filler(inner, self.rng.randint(1, 2))
        els = None
        if self.rng.random() < 0.35:
            els = self.filler(ctx.child(depth=ctx.depth + 1, sure=False,
                                        uniform=ctx.uniform and uniform), 1)
        return If(c, then, els)

    def global_atomic(self, ctx):
        """atomicAdd on an atomic-only global array (any index), or
        atomicAdd_block on this block's own slot."""
        r = self.rng
        if self.block_atomics and r.random() < 0.25:
            have = [a for a in self.arrays if a.disc == "atomic-block"]
            a = have[0] if have else self.garray("blk", INT, "atomic-block", "zero")
            self.feat("atomic-block", "atomic-global")
            return Atomic("atomicAdd_block", self.load(a, [self.bid]), self.value(INT, ctx))
        have = [a for a in self.arrays if a.disc == "atomic"]
        if have and (len(have) >= 2 or r.random() < 0.7):
            a = r.choice(have)
        else:
            a = self.garray("acc", r.choice([INT, UINT]), "atomic", "zero",
                            nominal=r.choice([1, 4, 16]))
        self.feat("atomic-global")
        L = a.nominal
        form = r.choice(["const", "const", "tid"] + (["data"] if self.allow_memdep else []))
        if form == "const" or L == 1:
            idx = Num(r.randrange(L))
        elif form == "tid":
            idx = Bin("%", r.choice([self.tid, self.gid]), Num(L))
        else:
            idx = Bin("%", Un("(unsigned)", self.read_input(INT, ctx)), Num(L))
        val = self.value(INT, ctx)
        if a.ty == UINT:
            val = Un("(unsigned)", val)
        st = Atomic("atomicAdd", self.load(a, [idx]), val)
        if ctx.sure and ctx.depth == 0 and isinstance(idx, Num) and not self.returned \
                and (self.NT > 1 or self.NB > 1):
            self.candidate("non-atomic", st, Assign(st.target, "+=", val), a, [st],
                           "every thread adds to %s[%d] with a plain read-modify-write" % (a.name, idx.v))
        return st

    def counter_atomic(self, ctx, counter):
        arr, bins = counter
        r = self.rng
        fn = "atomicAdd_block" if self.block_atomics and r.random() < 0.3 else "atomicAdd"
        if fn == "atomicAdd_block":
            self.feat("atomic-block")
        self.feat("atomic-shared")
        if bins is None:
            target = self.load(arr, [])
        else:
            target = self.load(arr, [self.bin_index(ctx, bins)])
        val = self.value(INT, ctx, 1) if bins is None else Num(1)
        if arr.ty == UINT:
            val = Un("(unsigned)", val)
        return Atomic(fn, target, val)

    def bin_index(self, ctx, bins):
        r = self.rng
        form = r.choice((["data", "data"] if self.allow_memdep else []) + ["tid", "sq"])
        if form == "data":
            return Bin("%", Un("(unsigned)", self.read_input(INT, ctx)), Num(bins))
        if form == "tid":
            return Bin("%", self.tid, Num(bins))
        self.feat("index-nonaffine")
        return Bin("%", Bin("*", self.tid, self.tid), Num(bins))

    def fill_switch(self, ctx):
        r = self.rng
        self.feat("switch")
        form = r.choice(["tid", "gid", "flag", "data"] + (["loop"] if ctx.loopvars else []))
        if form == "tid":
            e, vals = Bin("%", self.tid, Num(4)), 4
        elif form == "gid":
            e, vals = Bin("&", Bin(">>", self.gid, Num(1)), Num(3)), 4
        elif form == "flag":
            e, vals = self.param("flag"), 2
        elif form == "data":
            e, vals = Bin("&", self.read_input(INT, ctx), Num(3)), 4
            self.feat("data-conditional")
        else:
            e, vals = Bin("%", ctx.loopvars[-1], Num(3)), 3
        labels = sorted(r.sample(range(vals), r.randint(1, vals)))
        inner = ctx.child(depth=ctx.depth + 1, sure=False, in_loop=False,
                          uniform=ctx.uniform and e.uniform)
        cases = []
        for i, lab in enumerate(labels):
            brk = r.random() < 0.6 or i == len(labels) - 1
            if not brk:
                self.feat("switch-fallthrough")
            cases.append((lab, self.filler(inner.child(), 1), brk))
        if r.random() < 0.5:
            cases.append((None, self.filler(inner.child(), 1), False))
        return Switch(e, cases)

    def fill_loop(self, ctx):
        """A loop without barriers: bounds may depend on the thread."""
        r = self.rng
        kind = self.pick([("additive", 3), ("multiplicative", 1.5), ("halving", 1.5),
                          ("decreasing", 1.5), ("grid-stride", 1.2), ("block-stride", 0.8),
                          ("while", 1), ("do-while", 1)])
        if ctx.work >= 16:
            kind = "additive"
        td = r.random() < 0.35
        tv = self.tid
        name = self.fresh("i")
        pre = []
        if kind == "additive":
            start_td = td and r.random() < 0.5
            a = Bin("%", tv, Num(3)) if start_td else Num(r.randint(0, 2))
            if td and not start_td:
                b = Bin("+", Bin("%", tv, Num(4)), Num(1))
            else:
                b = Num(r.randint(2, 6)) if r.random() < 0.6 else self.param("lim")
            c = r.choice([1, 1, 2])
            lo, hi = a.lo, max(a.lo, b.hi - 1)
            trips = (max(0, b.hi - a.lo) + c - 1) // c
            v = self.loopvar(name, lo, hi, ctx, a, b)
            loop = For(v, a, Bin("<", v, b), ("++", None) if c == 1 else ("+=", Num(c)), None)
            bounds = (a, b)
        elif kind == "multiplicative":
            b = r.choice([lambda: Num(r.choice([8, 16, 32, 64])), lambda: self.nt,
                          lambda: Bin("+", tv, Num(2)) if td else Num(16)])()
            v = self.loopvar(name, 1, max(1, b.hi - 1), ctx, Num(1), b)
            loop = For(v, Num(1), Bin("<", v, b), r.choice([("*=", Num(2)), ("<<=", Num(1))]), None)
            trips, bounds = max(1, b.hi).bit_length(), (b,)
        elif kind == "halving":
            a = r.choice([lambda: Num(r.choice([16, 32, 64])), lambda: Bin("/", self.nt, Num(2)),
                          lambda: tv if td else Num(8), lambda: self.param("m")])()
            v = self.loopvar(name, 1, max(1, a.hi), ctx, a, Num(0))
            loop = For(v, a, Bin(">", v, Num(0)), r.choice([(">>=", Num(1)), ("/=", Num(2))]), None)
            trips, bounds = max(1, a.hi).bit_length(), (a,)
        elif kind == "decreasing":
            a = Bin("+", Bin("%", tv, Num(5)), Num(2)) if td else (
                Num(r.randint(3, 8)) if r.random() < 0.6 else self.param("lim"))
            lo = Num(r.randint(0, 1))
            c = r.choice([1, 1, 2])
            v = self.loopvar(name, lo.v + 1, max(lo.v + 1, a.hi), ctx, a, lo)
            loop = For(v, a, Bin(">", v, lo), ("--", None) if c == 1 else ("-=", Num(c)), None)
            trips, bounds = max(0, a.hi - lo.v), (a, lo)
        elif kind == "grid-stride":
            n = self.param("n")
            v = self.loopvar(name, 0, max(0, n.hi - 1), ctx, self.gid, n)
            v.stride = "grid"
            loop = For(v, self.gid, Bin("<", v, n), ("+=", self.gsize), None)
            trips, bounds = (n.hi + self.TOTAL - 1) // self.TOTAL, (self.gid, n)
        elif kind == "block-stride":
            sp = [a for a in self.arrays if a.disc == "private" and a.space == "shared"
                  and a.layout == "col"]
            if not sp:
                return self.fill_loop(ctx) if ctx.work < 16 else []
            a = r.choice(sp)
            m = Bin("*", Num(a.W), self.nt) if a.W > 1 else self.nt
            v = self.loopvar(name, 0, a.W * self.NT - 1, ctx, self.tid, m)
            v.stride = "block"
            v.array = a
            loop = For(v, self.tid, Bin("<", v, m), ("+=", self.nt), None)
            trips, bounds = a.W, (self.tid, m)
        else:  # while / do-while, the increment first so `continue` cannot skip it
            a = Num(r.randint(0, 2))
            b = Bin("+", Bin("%", tv, Num(4)), Num(2)) if td else Num(r.randint(3, 6))
            c = r.choice([1, 2])
            v = Var(name, INT, a.v + c, max(a.v + c, b.hi - 1 + c), ctx.uniform and b.uniform)
            pre = [Decl(v, a)]
            loop = (DoWhile if kind == "do-while" else While)(Bin("<", v, b), None)
            loop.incr = Assign(v, "+=", Num(c))
            trips, bounds = (b.hi - a.v + c - 1) // c + 1, (a, b)
        self.feat({"additive": "additive-loop", "multiplicative": "multiplicative-loop",
                   "halving": "halving-loop", "decreasing": "decreasing-loop",
                   "grid-stride": "grid-stride-loop", "block-stride": "block-stride-loop",
                   "while": "while-loop", "do-while": "do-while"}[kind])
        if not all(e.uniform for e in bounds):
            self.feat("thread-dependent-bound")
        v.fixed = all(fixed_range(e) for e in bounds)
        if not all(e.affine for e in bounds):
            self.affine_bounds = False
        inner = ctx.child(depth=ctx.depth + 1, sure=False, in_loop=True,
                          work=ctx.work * max(1, trips), uniform=ctx.uniform and v.uniform)
        inner.loopvars.append(v)
        body = []
        if getattr(v, "stride", None) == "grid":
            a = self.private_array(layout="col")
            val = self.value(a.ty, inner)
            if r.random() < 0.5:
                ia = self.input_array(a.ty)
                val = Bin("+", self.load(ia, [v]), val) if r.random() < 0.5 else self.load(ia, [v])
            body.append(Assign(self.load(a, [v]), r.choice(["=", "+="]), val))
        elif getattr(v, "stride", None) == "block":
            body.append(Assign(self.load(v.array, [v]), "=", self.value(v.array.ty, inner)))
        body += self.filler(inner, r.randint(1, 2))
        if isinstance(loop, While):
            body.insert(0, loop.incr)
        loop.body = body
        return pre + [loop]

    def loopvar(self, name, lo, hi, ctx, *bounds):
        uniform = ctx.uniform and all(b.uniform for b in bounds)
        return Var(name, INT, lo, hi, uniform)

    # ------------------------------------------------------------ idioms with barriers
    def candidate(self, kind, stmt, alt, array, partners, why):
        c = Candidate(kind, stmt, alt, array, partners, why)
        if stmt.alts is None:
            stmt.alts = {}
        stmt.alts[len(self.cands)] = alt
        self.cands.append(c)
        return c

    def barrier(self, ctx, array=None, partners=(), why=None):
        """A barrier; a bug site when it separates a write and an access of
        the same location by different threads (partners say which)."""
        b = Barrier()
        self.feat("barrier")
        if ctx.sure and array is not None and not self.returned:
            self.candidate("removed-barrier", b, Comment("__syncthreads() removed (injected bug)"),
                           array, list(partners), why)
        return b

    def shift_candidate(self, ctx, stmt, alt, array, partner, why):
        if ctx.sure and not self.returned:
            self.candidate("shifted-index", stmt, alt, array, [stmt, partner], why)

    def idiom(self, ctx):
        """A communication pattern; fresh arrays, barriers inside. Returns
        (statements, wrap): wrap is (array, first write, last access) when a
        barrier between two rounds of a loop around the idiom matters."""
        r = self.rng
        kinds = [("exchange", 3), ("global-exchange", 1.2), ("reduction", 2.5), ("scan", 2),
                 ("stencil", 1.5), ("counter", 2), ("histogram", 1.5), ("transpose", 1.5)]
        kind = self.pick(kinds)
        if kind == "transpose" and (self.by == 1 or self.bx != self.by or self.linear):
            kind = "transpose-1d"
        return getattr(self, "idiom_" + kind.replace("-", "_"))(ctx)

    def idiom_fill(self, ctx):
        if self.rng.random() < 0.4:
            return self.filler(ctx.child(may_return=False), 1)
        return []

    def shared_buffer(self, ty, prefix="s"):
        if self.extern is None and self.rng.random() < 0.3:
            # named after the kernel: extern __shared__ declarations of one
            # name are one entity in a translation unit
            a = self.sarray("dyn", ty, "block", extern=True)
            a.name = "dyn_" + self.name
            return a
        return self.sarray(prefix, ty, "block")

    def idiom_exchange(self, ctx):
        r = self.rng
        self.feat("neighbour-exchange")
        ty = r.choice([INT, INT, FLOAT])
        s = self.shared_buffer(ty)
        form = r.choice(["tid", "affine", "xor", "reverse"])
        C, k = r.randint(2, 4), 0
        k = r.randrange(C)
        pow2 = self.NT & -self.NT
        m = r.randint(1, min(15, pow2 - 1)) if pow2 > 1 else 0
        if form == "xor" and not m:
            form = "tid"

        def slot(t):
            if form == "tid":
                return t
            if form == "affine":
                self.feat("index-affine")
                return Bin("+", Bin("*", t, Num(C)), Num(k))
            if form == "xor":
                self.feat("index-xor")
                return Bin("^", t, Num(m))
            return Bin("-", Bin("-", self.nt, Num(1)), t).with_range(0, self.NT - 1)

        nb = r.choice(["next", "reverse", "flip", "ternary"])
        if nb == "next":
            u = Bin("%", Bin("+", self.tid, Num(r.randint(1, 3))), self.nt)
        elif nb == "reverse":
            u = Bin("-", Bin("-", self.nt, Num(1)), self.tid).with_range(0, self.NT - 1)
        elif nb == "flip" and self.NT % 2 == 0:
            u = Bin("^", self.tid, Num(1))
        else:
            self.feat("ternary")
            u = Ternary(Bin("<", Bin("+", self.tid, Num(1)), self.nt),
                        Bin("+", self.tid, Num(1)).with_range(1, self.NT - 1), Num(0))
            u.lo, u.hi = 0, self.NT - 1
        own = slot(self.tid)
        w = Assign(self.load(s, [own]), "=", self.value(ty, ctx))
        second = Assign(self.load(s, [own]), "+=", self.value(ty, ctx, 1))
        if form == "reverse":  # nt - 1 - (tid + 1) would be -1: shift the other way
            shifted = Assign(self.load(s, [Bin("-", self.nt, self.tid)]), "=", w.value)
            why = "thread t writes thread t-1's slot of %s, which t-1 updates" % s.name
        else:
            shifted = Assign(self.load(s, [slot(Bin("+", self.tid, Num(1)))]), "=", w.value)
            why = "thread t writes thread t+1's slot of %s, which t+1 updates" % s.name
        self.shift_candidate(ctx, w, shifted, s, second, why)
        out = self.own_ref(ctx, ty)
        rd = Assign(out, "=", Bin("+", self.load(s, [slot(u)]), self.value(ty, ctx, 1)))
        b = self.barrier(ctx, s, [w, rd],
                         "thread t reads %s at another thread's slot, written before the barrier" % s.name)
        self.desc.append("neighbour exchange (%s)" % ("extern shared" if s.extern else "shared"))
        return [w] + self.idiom_fill(ctx) + [second, b, rd] + self.idiom_fill(ctx), (s, w, rd)

    def idiom_global_exchange(self, ctx):
        """The same pattern in global memory: each block only touches its
        own region, so it is race free across blocks too."""
        r = self.rng
        self.feat("global-exchange")
        g = self.garray("buf", INT, "block", "zero")
        C = r.choice([1, 1, 2])
        base = Bin("*", self.bid, self.nt if C == 1 else Bin("*", self.nt, Num(C)))
        k = r.randrange(C)

        def slot(t):
            off = t if C == 1 else Bin("+", Bin("*", t, Num(C)), Num(k))
            return Bin("+", base, off)

        w = Assign(self.load(g, [slot(self.tid)]), "=", self.value(INT, ctx))
        second = Assign(self.load(g, [slot(self.tid)]), "+=", self.value(INT, ctx, 1))
        shifted = Assign(self.load(g, [slot(Bin("+", self.tid, Num(1)))]), "=", w.value)
        self.shift_candidate(ctx, w, shifted, g, second,
                             "thread t writes thread t+1's element of %s, which t+1 updates" % g.name)
        u = Bin("%", Bin("+", self.tid, Num(r.randint(1, 3))), self.nt)
        rd = Assign(self.own_ref(ctx, INT), "=", self.load(g, [slot(u)]))
        b = self.barrier(ctx, g, [w, rd], "thread t reads %s at a neighbour's element" % g.name)
        self.desc.append("neighbour exchange through global memory")
        return [w, second] + self.idiom_fill(ctx) + [b, rd], (g, w, rd)

    def idiom_reduction(self, ctx):
        r = self.rng
        self.feat("reduction", "barrier-in-loop")
        ty = r.choice([INT, INT, FLOAT])
        s = self.shared_buffer(ty)
        w = Assign(self.load(s, [self.tid]), "=", self.value(ty, ctx))
        self.feat("index-tid")
        st = Var(self.fresh("st"), INT, 1, max(1, self.NT // 2), True)
        if r.random() < 0.65:
            self.feat("halving-loop")
            init = r.choice([Bin("/", self.nt, Num(2)), Bin(">>", self.nt, Num(1))])
            upd = Assign(self.load(s, [self.tid]), "+=",
                         self.load(s, [Bin("+", self.tid, st).with_range(0, self.NT - 1)]))
            body_if = If(Bin("<", self.tid, st), [upd])
            loop = For(st, init, Bin(">", st, Num(0)), r.choice([(">>=", Num(1)), ("/=", Num(2))]), None)
            self.desc.append("tree reduction (halving stride)")
        else:
            self.feat("multiplicative-loop", "short-circuit-and")
            st.lo, st.hi = 1, max(1, self.NT - 1)
            upd = Assign(self.load(s, [self.tid]), "+=",
                         self.load(s, [Bin("+", self.tid, st).with_range(0, self.NT - 1)]))
            cond = Bin("&&", Bin("==", Bin("%", self.tid, Bin("*", Num(2), st)), Num(0)),
                       Bin("<", Bin("+", self.tid, st), self.nt))
            body_if = If(cond, [upd])
            loop = For(st, Num(1), Bin("<", st, self.nt), r.choice([("*=", Num(2)), ("<<=", Num(1))]), None)
            self.desc.append("tree reduction (doubling stride)")
        self.feat("thread-conditional")
        b0 = self.barrier(ctx, s, [w, upd], "the first step reads %s at another thread's slot" % s.name)
        b1 = self.barrier(ctx, s, [upd, upd], "each step reads what another thread wrote in the step before")
        loop.body = [body_if, b1]
        ld0 = self.load(s, [Num(0)])
        if r.random() < 0.5 or ty != INT:
            res = self.garray("res", ty, "result", "zero")
            fin = If(Bin("==", self.tid, Num(0)), [Assign(self.load(res, [self.bid]), "=", ld0)])
        else:
            acc = self.garray("acc", INT, "atomic", "zero", nominal=1)
            self.feat("atomic-global")
            fin = If(Bin("==", self.tid, Num(0)), [Atomic("atomicAdd", self.load(acc, [Num(0)]), ld0)])
        return [w] + self.idiom_fill(ctx) + [b0, loop, fin], None

    def idiom_scan(self, ctx):
        r = self.rng
        self.feat("scan", "barrier-in-loop", "multiplicative-loop", "thread-conditional")
        ty = r.choice([INT, INT, FLOAT])
        NT = self.NT
        off = Var(self.fresh("off"), INT, 1, max(1, NT - 1), True)
        if r.random() < 0.5:
            # Hillis-Steele with two buffers
            s = self.shared_buffer(ty)
            pout = Var(self.fresh("pout"), INT, 0, 1, True)
            pin = Var(self.fresh("pin"), INT, 0, 1, True)

            def at(buf, t):
                return Bin("+", Bin("*", buf, self.nt), t)
            w = Assign(self.load(s, [at(pout, self.tid)]), "=", self.value(ty, ctx))
            prev = Bin("-", at(pin, self.tid), off).with_range(0, 2 * NT - 1)
            upd = Assign(self.load(s, [at(pout, self.tid)]), "=",
                         Bin("+", self.load(s, [at(pin, self.tid)]), self.load(s, [prev])))
            copy_ = Assign(self.load(s, [at(pout, self.tid)]), "=", self.load(s, [at(pin, self.tid)]))
            b0 = self.barrier(ctx, s, [w, upd], "the first step reads %s at the slot of thread tid-1" % s.name)
            b1 = self.barrier(ctx, s, [upd, upd], "a step reads the buffer the step before wrote")
            loop = For(off, Num(1), Bin("<", off, self.nt), ("*=", Num(2)), [
                Assign(pout, "=", Bin("-", Num(1), pout)),
                Assign(pin, "=", Bin("-", Num(1), pout)),
                If(Bin(">=", self.tid, off), [upd], [copy_]),
                b1])
            out = Assign(self.own_ref(ctx, ty), "=", self.load(s, [at(pout, self.tid)]))
            self.desc.append("prefix sum (double buffered)")
            return [Decl(pout, Num(0)), Decl(pin, Num(1)), w, b0, loop, out], None
        s = self.shared_buffer(ty)
        w = Assign(self.load(s, [self.tid]), "=", self.value(ty, ctx))
        v = Var(self.fresh("v"), ty, 0, 0, False, affine=False, memdep=True)
        rd = Assign(v, "=", self.load(s, [Bin("-", self.tid, off).with_range(0, NT - 1)]))
        upd = Assign(self.load(s, [self.tid]), "+=", v)
        b0 = self.barrier(ctx, s, [w, rd], "the first step reads %s at the slot of thread tid-1" % s.name)
        b1 = self.barrier(ctx, s, [rd, upd], "thread t reads the slot that thread t-off updates")
        b2 = self.barrier(ctx, s, [upd, rd], "the next step reads what this step updated")
        loop = For(off, Num(1), Bin("<", off, self.nt), ("<<=", Num(1)), [
            Decl(v, Num(0, ty) if ty != INT else Num(0)),
            If(Bin(">=", self.tid, off), [rd]),
            b1, upd, b2])
        out = Assign(self.own_ref(ctx, ty), "=", self.load(s, [self.tid]))
        self.desc.append("prefix sum (in place)")
        return [w, b0, loop, out], None

    def idiom_stencil(self, ctx):
        r = self.rng
        self.feat("stencil", "thread-conditional", "ternary")
        ty = r.choice([INT, FLOAT])
        s = self.sarray("s", ty, "block")
        a = self.input_array(ty)
        one = Num(1)
        w = Assign(self.load(s, [Bin("+", self.tid, one)]), "=", self.load(a, [self.gid]))
        left = Ternary(Bin(">", self.gid, Num(0)),
                       self.load(a, [Bin("-", self.gid, one).with_range(0, max(0, self.TOTAL - 2))]),
                       Num(0) if ty == INT else Num(0, FLOAT))
        h0 = If(Bin("==", self.tid, Num(0)), [Assign(self.load(s, [Num(0)]), "=", left)])
        h1 = If(Bin("==", self.tid, Bin("-", self.nt, one)),
                [Assign(self.load(s, [Bin("+", self.nt, one)]), "=",
                        self.load(a, [Bin("+", self.gid, one)]))])
        rd = Assign(self.own_ref(ctx, ty), "=",
                    Bin("+", Bin("+", self.load(s, [self.tid]), self.load(s, [Bin("+", self.tid, one)])),
                        self.load(s, [Bin("+", self.tid, Num(2))])))
        b = self.barrier(ctx, s, [w, rd], "thread t reads %s[t], written by thread t-1" % s.name)
        self.desc.append("3-point stencil with halo")
        return [w, h0, h1] + self.idiom_fill(ctx) + [b, rd], (s, w, rd)

    def idiom_counter(self, ctx):
        r = self.rng
        self.feat("shared-counter", "atomic-shared", "thread-conditional")
        ty = r.choice([INT, UINT])
        c = self.sarray("cnt", ty, "block", scalar=True)
        init = If(Bin("==", self.tid, Num(0)), [Assign(self.load(c, []), "=", Num(0))])
        inner = ctx.child(counters=ctx.counters + [(c, None)], may_return=False)
        a = self.counter_atomic(inner, (c, None))
        if ctx.sure and not self.returned:
            self.candidate("non-atomic", a, Assign(a.target, "+=", a.value), c, [a],
                           "every thread adds to the shared counter %s without an atomic" % c.name)
        body = self.filler(inner, r.randint(0, 2))
        mode = r.choice(["one", "all", "atomic"])
        if mode == "one":
            res = self.garray("res", ty, "result", "zero")
            fin = If(Bin("==", self.tid, Num(0)), [Assign(self.load(res, [self.bid]), "=", self.load(c, []))])
        elif mode == "all":
            fin = Assign(self.own_ref(ctx, INT), "=", self.load(c, []))
        else:
            acc = self.garray("acc", ty, "atomic", "zero", nominal=1)
            self.feat("atomic-global")
            fin = If(Bin("==", self.tid, Num(0)), [Atomic("atomicAdd", self.load(acc, [Num(0)]),
                                                          self.load(c, []))])
        b0 = self.barrier(ctx, c, [init.then[0], a], "thread 0 resets %s while others add to it" % c.name)
        b1 = self.barrier(ctx, c, [a, fin], "%s is read while others still add to it" % c.name)
        self.desc.append("shared counter")
        return [init, b0, a] + body + [b1, fin], (c, init.then[0], fin) if mode == "all" else None

    def idiom_histogram(self, ctx):
        r = self.rng
        self.feat("histogram", "atomic-shared", "block-stride-loop")
        ty = r.choice([INT, UINT])
        bins = r.choice([b for b in (4, 8, 16) if b < self.NT] or [2])
        h = self.sarray("hist", ty, "block")
        i = Var(self.fresh("i"), INT, 0, bins - 1, False)
        init_w = Assign(self.load(h, [i]), "=", Num(0))
        init = For(i, self.tid, Bin("<", i, Num(bins)), ("+=", self.nt), [init_w])
        inner = ctx.child(counters=ctx.counters + [(h, bins)], may_return=False)
        a = self.counter_atomic(inner, (h, bins))
        if ctx.sure and not self.returned:
            self.candidate("non-atomic", a, Assign(a.target, "+=", a.value), h, [a],
                           "%d threads add to %d bins of %s without atomics" % (self.NT, bins, h.name))
        body = self.filler(inner, r.randint(0, 1))
        j = Var(self.fresh("i"), INT, 0, bins - 1, False)
        if r.random() < 0.5:
            g = self.garray("hist", ty, "atomic", "zero", nominal=bins)
            self.feat("atomic-global")
            fin_s = Atomic("atomicAdd", self.load(g, [j]), self.load(h, [j]))
        else:
            g = self.garray("res", ty, "result", "zero")
            fin_s = Assign(self.load(g, [Bin("+", Bin("*", self.bid, Num(bins)), j)]), "=", self.load(h, [j]))
        fin = For(j, self.tid, Bin("<", j, Num(bins)), ("+=", self.nt), [fin_s])
        b0 = self.barrier(ctx, h, [init_w, a], "bins of %s are cleared while others add to them" % h.name)
        b1 = self.barrier(ctx, h, [a, fin_s], "bins of %s are read while others add to them" % h.name)
        self.desc.append("shared histogram (%d bins)" % bins)
        return [init, b0, a] + body + [b1, fin], None

    def idiom_transpose(self, ctx):
        """tile[ty][tx] = in[...]; barrier; out[...] = tile[tx][ty] on square blocks."""
        r = self.rng
        self.feat("transpose", "index-2d")
        B = self.bx
        ty = r.choice([INT, FLOAT])
        t = self.sarray("tile", ty, "block", ndim=2)
        t.min_extent = [B, B + r.choice([0, 1])]
        self.fixed_launch = True
        a = self.input_array(ty)
        w = Assign(self.load(t, [self.ty_, self.tx]), "=",
                   self.load(a, [Bin("+", Bin("*", self.row, self.width), self.col)]))
        x2 = Bin("+", Bin("*", self.biy, self.bdy), self.tx)
        y2 = Bin("+", Bin("*", self.bix, self.bdx), self.ty_)
        h = Bin("*", self.gdy, self.bdy)
        o = self.garray("out", ty, "result", "zero")
        rd = Assign(self.load(o, [Bin("+", Bin("*", y2, h), x2)]), "=", self.load(t, [self.tx, self.ty_]))
        b = self.barrier(ctx, t, [w, rd], "thread (x,y) reads the tile element thread (y,x) wrote")
        self.desc.append("tile transpose %dx%d" % (B, B))
        return [w] + self.idiom_fill(ctx) + [b, rd], (t, w, rd)

    def idiom_transpose_1d(self, ctx):
        """The same over a linear thread id: tile[tid / C][tid % C], read
        back as tile[tid % R][tid / R]."""
        r = self.rng
        self.feat("transpose", "index-2d", "index-nonaffine")
        NT = self.NT
        C = r.choice([c for c in (2, 4, 8, 16) if NT % c == 0 and c < NT] or [1])
        R = NT // C
        ty = r.choice([INT, FLOAT])
        t = self.sarray("tile", ty, "block", ndim=2)
        t.min_extent = [R, C + r.choice([0, 1])]
        w = Assign(self.load(t, [Bin("/", self.tid, Num(C)), Bin("%", self.tid, Num(C))]), "=",
                   self.value(ty, ctx))
        rd = Assign(self.own_ref(ctx, ty), "=",
                    self.load(t, [Bin("%", self.tid, Num(R)), Bin("/", self.tid, Num(R))]))
        b = self.barrier(ctx, t, [w, rd], "thread t reads the tile element another thread wrote")
        self.desc.append("tile transpose %dx%d over a linear thread id" % (R, C))
        return [w] + self.idiom_fill(ctx) + [b, rd], (t, w, rd)

    def wrapped_idiom(self, ctx):
        """An idiom, maybe inside a uniform conditional or a uniform loop."""
        r = self.rng
        form = self.pick([("plain", 5), ("if", 2), ("loop", 2)]) if ctx.depth < self.max_depth else "plain"
        if form == "plain":
            stmts, _ = self.idiom(ctx)
            return stmts
        if form == "if":
            c, val = self.uniform_cond()
            self.feat("barrier-in-conditional", "param-conditional")
            then = self.wrapped_idiom(ctx.child(depth=ctx.depth + 1, sure=ctx.sure and val))
            els = None
            if r.random() < 0.4:
                ectx = ctx.child(depth=ctx.depth + 1, sure=ctx.sure and not val)
                els = self.wrapped_idiom(ectx) if r.random() < 0.5 else self.filler(ectx, 1)
            return [If(c, then, els)]
        return self.synchronized_loop(ctx)

    def synchronized_loop(self, ctx):
        """A uniform loop whose rounds end at a barrier, around an idiom or,
        below the maximum depth, around another such loop (and maybe an
        idiom after it)."""
        r = self.rng
        self.feat("barrier-in-loop")
        reps = self.param("reps") if r.random() < 0.6 else Num(r.randint(1, 3))
        # inside another such loop, maybe as many rounds as its round
        # number (plus one): a triangular nest, whose inner trip count is
        # not the same in every outer round
        outer = [v for v in ctx.loopvars if getattr(v, "rounds", False) and v.lo >= 0]
        if outer and r.random() < 0.5:
            self.feat("triangular-loop")
            reps = Bin("+", r.choice(outer), Num(1))
        n = reps.lo   # >= 1, so a do-while runs at least one round
        kind = r.choice(["for", "for", "down", "do"])
        rv = Var(self.fresh("r"), INT, 0, max(0, reps.hi - 1), True)
        rv.rounds = True
        if kind == "down":
            rv.lo, rv.hi = 1, max(1, reps.hi)
        inner = ctx.child(depth=ctx.depth + 1, sure=ctx.sure and n >= 1,
                          work=ctx.work * max(1, reps.hi))
        inner.loopvars.append(rv)
        if inner.depth < self.max_depth and r.random() < 0.3:
            self.feat("nested-barrier-loops")
            stmts, wrap = self.synchronized_loop(inner), None
            if r.random() < 0.5:
                stmts += self.idiom(inner)[0]
        else:
            stmts, wrap = self.idiom(inner)
        if wrap and reps.hi >= 2:
            arr, first, last = wrap
            b = self.barrier(inner, arr, [last, first],
                             "the next round writes %s where this round's last phase reads" % arr.name)
        else:
            b = self.barrier(inner)
        if kind == "for":
            self.feat("additive-loop")
            return [For(rv, Num(0), Bin("<", rv, reps), ("++", None), stmts + [b])]
        if kind == "down":
            self.feat("decreasing-loop")
            return [For(rv, reps, Bin(">", rv, Num(0)), ("--", None), stmts + [b])]
        self.feat("do-while")
        return [Decl(rv, Num(0)), DoWhile(Bin("<", rv, reps), stmts + [b, Assign(rv, "+=", Num(1))])]

    # ------------------------------------------------------------ the kernel
    def build(self):
        r = self.rng
        # a kernel either indexes through memory or not at all, so that
        # property tests have plenty of kernels with memory-free indices
        self.allow_memdep = r.random() < 0.4
        self.linear = r.random() < 0.3
        self.pick_launch()
        self.setup_ids()
        body = []
        for _ in range(r.choice([0, 0, 1, 1, 2])):
            body += self.shared_private()
        n_idioms = r.choice([0, 1, 1, 2, 2, 2, 3])
        seq = ["I"] * n_idioms + ["F"] * r.randint(1, 3)
        r.shuffle(seq)
        last = max([i for i, x in enumerate(seq) if x == "I"], default=-1)
        top = Ctx()
        for i, item in enumerate(seq):
            top.may_return = i > last
            if item == "I":
                body += self.wrapped_idiom(top)
            else:
                body += self.filler(top, r.randint(1, 3))
        if not self.cands:
            # every kernel can carry a bug: a counter every thread adds to
            # (first in the kernel, before shared arrays are initialised)
            first = Ctx()
            first.shared_reads = False
            body.insert(0, self.global_counter(first))
        self.body = body
        self.finish()

    def global_counter(self, ctx):
        """atomicAdd(&acc[j], v) executed by every thread: a non-atomic bug site."""
        a = self.garray("acc", INT, "atomic", "zero", nominal=1)
        self.feat("atomic-global")
        val = self.value(INT, ctx)
        st = Atomic("atomicAdd", self.load(a, [Num(0)]), val)
        self.candidate("non-atomic", st, Assign(st.target, "+=", val), a, [st],
                       "every thread adds to %s[0] with a plain read-modify-write" % a.name)
        return st

    def finish(self):
        self.arrays = [a for a in self.arrays if a.accessed]
        self.params = [p for p in self.params if not p.pointer or p.array.accessed]
        for a in self.arrays:
            a.finish()
        # the prologue: only the ids the kernel uses (bug variants included)
        used = set()
        for s in self.walk_all():
            for e in s.exprs():
                for x in e.walk():
                    if isinstance(x, Var):
                        used.add(x.name)
        needed = []
        for d in reversed(self.prologue):
            if d.var.name in used:
                needed.append(d)
                for x in d.init.walk():
                    if isinstance(x, Var):
                        used.add(x.name)
        self.prologue = list(reversed(needed))
        self.params = [p for p in self.params if p.pointer or p.name in used]

    def walk_all(self):
        for s in self.body:
            yield from s.walk()

    def choose_bug(self, p):
        """A separate stream, so the kernel is the same for every --bugs."""
        brng = random.Random("mapcost-gen-bug:%d:%d" % (self.seed, self.index))
        want = brng.random() < p
        kinds = sorted({c.kind for c in self.cands})
        kind = brng.choice(kinds)
        pool = [i for i, c in enumerate(self.cands) if c.kind == kind]
        pick = brng.choice(pool)
        self.bug = pick if want else None
        return self.bug

    # ------------------------------------------------------------ output
    def render(self, bug=None, reproduce=""):
        """The .cu text; statement lines are recorded on the AST."""
        rd = Renderer(bug)
        shared = [a for a in self.arrays if a.space == "shared"]
        head = ["// %s: generated by test/gen/generate.py, seed %d, kernel %d%s" % (
                    self.name, self.seed, self.index, reproduce),
                "// " + self.description(bug),
                "__global__ void %s(%s) {" % (self.name, ", ".join(p.decl() for p in self.params))]
        rd.lines.extend(head)
        for a in shared:
            if a.extern:
                rd.emit(1, "extern __shared__ %s %s[];" % (a.ty, a.name))
            else:
                rd.emit(1, "__shared__ %s %s%s;" % (a.ty, a.name, "".join("[%d]" % e for e in a.extent)))
        rd.block(self.prologue, 1)
        rd.block(self.body, 1)
        rd.lines.append("}")
        return "\n".join(rd.lines) + "\n"

    def index_dims(self):
        """How many dimensions of the block and of the grid the kernel's
        thread ids distinguish; the others must be 1 for its promises."""
        if self.linear:
            return {"block": 3, "grid": 3}
        return {"block": 2 if self.by > 1 else 1, "grid": 2 if self.gy > 1 else 1}

    def description(self, bug=None):
        dims = "block %dx%d" % (self.bx, self.by) if self.by > 1 else "block %d" % self.bx
        grid = "grid %dx%d" % (self.gx, self.gy) if self.gy > 1 else "grid %d" % self.gx
        if self.linear:
            dims = "linear ids, " + dims
        parts = self.desc or ["no barriers"]
        text = "%s, %s: %s" % (dims, grid, ", ".join(parts))
        if bug is not None:
            text += "; injected bug: %s on %s" % (self.cands[bug].kind, self.cands[bug].array.name)
        return text

    def sidecar(self, bug=None):
        shared_bytes = 0
        if self.extern is not None:
            shared_bytes = self.extern.elements * ELEM_BYTES[self.extern.ty]
        arrays = {}
        for p in self.params:
            if p.pointer:
                a = p.array
                arrays[a.name] = {"elements": a.elements, "type": a.ty, "init": a.init}
        shared = {}
        for a in self.arrays:
            if a.space == "shared":
                shared[a.name] = {"type": a.ty, "elements": a.elements,
                                  "dims": a.extent if not a.scalar else [], "extern": a.extern}
        bugd = None
        if bug is not None:
            c = self.cands[bug]
            bugd = {"kind": c.kind, "line": c.stmt.line, "array": c.array.name,
                    "space": c.array.space, "lines": sorted({p.line for p in c.partners}),
                    "why": c.why}
        return {
            "seed": self.seed, "index": self.index, "kernel": self.name,
            "mangled": mangle(self.name, self.params),
            "file": self.name + ".cu",
            "description": self.description(bug),
            "block_dim": [self.bx, self.by, 1], "grid_dim": [self.gx, self.gy, 1],
            "signature": [p.name for p in self.params],
            "params": {p.name: p.value for p in self.params if not p.pointer},
            "arrays": arrays,
            "shared": shared,
            "shared_bytes": shared_bytes,
            "race_free": bug is None,
            "index_dims": self.index_dims(),
            "race_free_any_launch": bug is None and not self.fixed_launch,
            "bug": bugd,
            "bug_sites": len(self.cands),
            "features": sorted(self.features),
            "memory_dependent_index": self.memdep_index,
            "affine_loop_bounds": self.affine_bounds,
            "generator": {"version": GENERATOR_VERSION, "max_depth": self.max_depth,
                          "block_atomics": self.block_atomics},
        }


def generate_one(seed, index, bugs, max_depth, block_atomics):
    """(kernel, .cu text, sidecar dict) for kernel `index` of `seed`."""
    k = Kernel(seed, index, max_depth, block_atomics)
    bug = k.choose_bug(bugs)
    repro = "; regenerate: generate.py --seed %d --index %d%s" % (
        seed, index, " --bugs %g" % bugs if bugs else "")
    text = k.render(bug, repro)
    return k, text, k.sidecar(bug)


def dump_sidecar(side):
    """One top-level key per line: readable, and diffs stay small."""
    return "{\n" + ",\n".join(" %s: %s" % (json.dumps(k), json.dumps(v))
                              for k, v in side.items()) + "\n}\n"


CUDA_FLAGS = ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
              "-nocudalib", "-Wno-unknown-cuda-version", "-O0", "-g"]


def precompile_prelude(clang, prelude, folder):
    """The prelude as a precompiled header for CLANG, with the kernels'
    flags, in `folder`: parsing the prelude is most of a small kernel's
    compile (0.3 of 0.4 s), and the IR is the same (only debug metadata
    numbers differ). None when clang cannot make one: then each kernel
    includes the prelude."""
    header = os.path.join(folder, "prelude.h")
    with open(header, "w") as f:
        f.write('#include "%s"\n' % prelude)  # so that its `#pragma system_header` holds
    pch = os.path.join(folder, "prelude.pch")
    try:
        p = subprocess.run([clang] + CUDA_FLAGS + ["-Xclang", "-emit-pch", "-S", header, "-o", pch],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return None
    return pch if p.returncode == 0 and os.path.exists(pch) else None


def compile_ll(clang, prelude, pch, out, name):
    cmd = [clang] + CUDA_FLAGS + (["-include-pch", pch] if pch else ["-include", prelude]) + [
        "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-S", "-fdebug-compilation-dir=.",
        name + ".cu", "-o", name + ".ll"]
    try:
        p = subprocess.run(cmd, cwd=out, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except OSError as e:
        return name, 127, "cannot run %s: %s\n" % (clang, e.strerror)
    return name, p.returncode, p.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, help="run seed (>= 0)")
    ap.add_argument("--count", type=int, default=1, help="kernels to write (default 1)")
    ap.add_argument("--index", type=int, help="write only kernel INDEX of the run")
    ap.add_argument("--out", help="output folder (created)")
    ap.add_argument("--bugs", type=float, default=0.0,
                    help="probability that a kernel carries one injected bug (default 0)")
    ap.add_argument("--max-depth", type=int, default=3, help="nesting depth of control (default 3)")
    ap.add_argument("--emit-ll", action="store_true", help="also compile each .cu to .ll")
    ap.add_argument("--clang", default="clang-22", help="clang for --emit-ll (default clang-22)")
    ap.add_argument("--prelude", default=DEFAULT_PRELUDE, help="the CUDA prelude to compile with")
    ap.add_argument("--block-atomics", choices=["auto", "yes", "no"], default="auto",
                    help="use atomicAdd_block (auto: when the prelude has it)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compiles for --emit-ll")
    ap.add_argument("--list-features", action="store_true", help="print the feature names and exit")
    args = ap.parse_args(argv)
    if args.list_features:
        for name, what in FEATURES.items():
            print("%-24s %s" % (name, what))
        return 0
    if args.seed is None or args.out is None:
        ap.error("--seed and --out are required")
    if args.seed < 0 or args.count < 0 or not 0.0 <= args.bugs <= 1.0 or args.max_depth < 0:
        ap.error("--seed and --count must be >= 0, --bugs in [0, 1], --max-depth >= 0")
    block_atomics = {"yes": True, "no": False}.get(args.block_atomics)
    if block_atomics is None:
        block_atomics = prelude_has_block_atomics(args.prelude)
    os.makedirs(args.out, exist_ok=True)
    indices = [args.index] if args.index is not None else range(args.count)
    names = []
    for i in indices:
        k, text, side = generate_one(args.seed, i, args.bugs, args.max_depth, block_atomics)
        with open(os.path.join(args.out, k.name + ".cu"), "w") as f:
            f.write(text)
        with open(os.path.join(args.out, k.name + ".json"), "w") as f:
            f.write(dump_sidecar(side))
        names.append(k.name)
    if args.emit_ll:
        prelude = os.path.abspath(args.prelude)
        failed = 0
        with tempfile.TemporaryDirectory(prefix="mapcost-gen-") as tmp, \
                ThreadPoolExecutor(max(1, args.jobs)) as pool:
            pch = precompile_prelude(args.clang, prelude, tmp)
            for name, rc, out in pool.map(
                    lambda n: compile_ll(args.clang, prelude, pch, args.out, n), names):
                if rc != 0:
                    failed += 1
                    sys.stderr.write("generate.py: %s.cu does not compile:\n%s" % (name, out))
        if failed:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

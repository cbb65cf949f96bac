#!/usr/bin/env python3
"""simulate.py - check what test/gen/generate.py promises, by running its kernels.

    test/gen/simulate.py --seed S --count N [--bugs P] [--sites all|chosen]
                         [--max-depth D] [--data-seed X] [--launches N] [-v]

Regenerates each kernel (same seed, same kernel) and runs its AST for every
thread of every block of the sidecar's launch, each thread to its next
barrier in turn, recording every access per barrier interval. It checks:

  - every access is in bounds of the sizes the sidecar gives;
  - no thread runs away (a step budget) and no shared memory is read
    before it is written;
  - every barrier is reached by all threads of the block (no divergence);
  - a kernel without a bug has no data race, within blocks (per barrier
    interval) or between blocks (global memory, whole kernel);
  - with a bug (the chosen one, or with --sites all every bug site of the
    kernel in turn) a race on the bug's array is observed;
  - with --launches N, a kernel race free for any launch (race_free_any_launch)
    has no race, divergence or runaway under N other launch sizes (in the
    dimensions index_dims names) and parameter values, memory unbounded.

This is the generator's own oracle: independent of mapcost's C interpreter,
it runs on the generator's AST, not on LLVM IR. Exit status 1 on any
failure, with one line per failure.
"""

import argparse
import operator
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import Kernel, prelude_has_block_atomics, DEFAULT_PRELUDE  # noqa: E402
from kast import (INT, UINT, FLOAT, DOUBLE, Assign, Atomic, Barrier, Bin, Break,  # noqa: E402
                  Builtin, Comment, Continue, Decl, DoWhile, For, If, Load, Num, Return,
                  Switch, Ternary, Un, Var, While, common_type)

M32 = 0xFFFFFFFF
STEP_LIMIT = 200000


def cvt(v, ty):
    if ty == INT:
        v = int(v) & M32
        return v - (1 << 32) if v >= (1 << 31) else v
    if ty == UINT:
        return int(v) & M32
    return float(v)


class Stop(Exception):
    """A kernel problem that ends the run of the block."""


class BreakEx(Exception):
    pass


class ContinueEx(Exception):
    pass


class ReturnEx(Exception):
    pass


class Thread:
    def __init__(self, sim, tid, bid, shared):
        self.sim, self.shared = sim, shared
        self.tx, self.ty, self.tz = tid
        self.bx, self.by, self.bz = bid
        d = sim.dims
        self.linear = self.tx + d[0] * (self.ty + d[1] * self.tz)
        self.env = dict(sim.params)
        self.steps = 0
        self.log = None

    # ------------------------------------------------------------ memory
    def mem(self, arr):
        return self.shared[arr.name] if arr.space == "shared" else self.sim.glob[arr.name]

    def address(self, ld):
        arr = ld.arr
        idx = [self.ev(i) for i in ld.idxs]
        flat = 0
        for i, n in zip(idx, arr.extent):
            if not 0 <= i < n:
                self.oob(arr, idx)
            flat = flat * n + i
        return arr, flat

    def oob(self, arr, idx):
        if not self.sim.bounded:
            return
        raise Stop("out of bounds: %s%s (extent %s) by thread %s of block %s at line %s" % (
            arr.name, "".join("[%d]" % x for x in idx), arr.extent, self.who(), self.block(),
            self.sim.cur_line))

    def record(self, arr, flat, kind):
        key = (arr.space, arr.name, flat)
        ent = self.log.get(key)
        if ent is None:
            ent = self.log[key] = ({}, {}, {})
        slot = {"w": 0, "r": 1, "a": 2, "ab": 2}[kind]
        ent[slot].setdefault(self.linear, self.sim.cur_line)
        if arr.space == "global":
            g = self.sim.grid_log.setdefault((arr.name, flat), {})
            g.setdefault((self.bx, self.by, self.bz), set()).add(kind)

    def read(self, ld):
        arr, flat = self.address(ld)
        return self.read_flat(arr, flat)

    def read_flat(self, arr, flat):
        self.record(arr, flat, "r")
        v = self.mem(arr)[flat]
        if v is None:
            self.sim.uninit(arr, flat, self.sim.cur_line)
            return 0
        return v

    def who(self):
        return "(%d,%d,%d)" % (self.tx, self.ty, self.tz)

    def block(self):
        return "(%d,%d,%d)" % (self.bx, self.by, self.bz)

    # ------------------------------------------------------------ expressions
    def ev(self, e):
        fn = e.__dict__.get("_fn")
        if fn is None:
            fn = compile_expr(e, self.sim.k)
        return fn(self)

    # ------------------------------------------------------------ statements
    def run(self):
        k = self.sim.k
        try:
            yield from self.block_(k.prologue)
            yield from self.block_(k.body)
        except ReturnEx:
            pass

    def block_(self, stmts):
        """Run statements; only those that contain a barrier need to be
        generators (they yield at the barrier)."""
        plain = self.plain
        for s in stmts:
            if s.plain:
                plain(s)
            else:
                yield from self.stmt(s)

    def plain_block(self, stmts):
        plain = self.plain
        for s in stmts:
            plain(s)

    def plain(self, s):
        """A statement without barriers."""
        bug = self.sim.bug
        if s.alts and bug is not None and bug in s.alts:
            s = s.alts[bug]
        self.tick()
        self.sim.cur_line = s.line
        t = type(s)
        if t is Assign:
            self.assign(s)
        elif t is Atomic:
            self.atomic(s)
        elif t is Decl:
            self.env[s.var.name] = cvt(self.ev(s.init), s.var.ty) if s.init is not None else 0
        elif t is If:
            if self.ev(s.cond):
                self.plain_block(s.then)
            elif s.els:
                self.plain_block(s.els)
        elif t is For:
            name = s.var.name
            self.env[name] = cvt(self.ev(s.init), INT)
            while self.ev(s.cond):
                self.tick()
                try:
                    self.plain_block(s.body)
                except BreakEx:
                    break
                except ContinueEx:
                    pass
                self.step(s)
        elif t is While:
            while self.ev(s.cond):
                self.tick()
                try:
                    self.plain_block(s.body)
                except BreakEx:
                    break
                except ContinueEx:
                    continue
        elif t is DoWhile:
            while True:
                self.tick()
                try:
                    self.plain_block(s.body)
                except BreakEx:
                    break
                except ContinueEx:
                    pass
                if not self.ev(s.cond):
                    break
        elif t is Switch:
            v = self.ev(s.expr)
            labels = [lab for lab, _, _ in s.cases]
            start = labels.index(v) if v in labels else (labels.index(None) if None in labels else None)
            if start is not None:
                for lab, body, brk in s.cases[start:]:
                    self.plain_block(body)
                    if brk:
                        break
        elif t is Break:
            raise BreakEx()
        elif t is Continue:
            raise ContinueEx()
        elif t is Return:
            raise ReturnEx()
        elif t is Comment:
            pass
        else:
            raise TypeError(s)

    def atomic(self, s):
        arr, flat = self.address(s.target)
        self.record(arr, flat, "ab" if s.fn.endswith("_block") else "a")
        mem = self.mem(arr)
        if mem[flat] is None:
            self.sim.uninit(arr, flat, s.line)
            mem[flat] = 0
        mem[flat] = cvt(mem[flat] + self.ev(s.value), arr.ty)

    def tick(self):
        self.steps += 1
        if self.steps > STEP_LIMIT:
            raise Stop("thread %s of block %s runs away (more than %d steps)" % (
                self.who(), self.block(), STEP_LIMIT))

    def stmt(self, s):
        """A statement with a barrier inside: a generator."""
        bug = self.sim.bug
        if s.alts and bug is not None and bug in s.alts:
            s = s.alts[bug]
        self.tick()
        self.sim.cur_line = s.line
        t = type(s)
        if t is Assign:
            self.assign(s)
        elif t is Atomic:
            self.atomic(s)
        elif t is Decl:
            self.env[s.var.name] = cvt(self.ev(s.init), s.var.ty) if s.init is not None else 0
        elif t is If:
            if self.ev(s.cond):
                yield from self.block_(s.then)
            elif s.els:
                yield from self.block_(s.els)
        elif t is For:
            yield from self.for_(s)
        elif t is While:
            while self.ev(s.cond):
                self.tick()
                try:
                    yield from self.block_(s.body)
                except BreakEx:
                    break
                except ContinueEx:
                    continue
        elif t is DoWhile:
            while True:
                self.tick()
                try:
                    yield from self.block_(s.body)
                except BreakEx:
                    break
                except ContinueEx:
                    pass
                if not self.ev(s.cond):
                    break
        elif t is Switch:
            v = self.ev(s.expr)
            labels = [lab for lab, _, _ in s.cases]
            start = labels.index(v) if v in labels else (labels.index(None) if None in labels else None)
            if start is not None:
                for lab, body, brk in s.cases[start:]:
                    yield from self.block_(body)
                    if brk:
                        break
        elif t is Barrier:
            yield s
        elif t is Break:
            raise BreakEx()
        elif t is Continue:
            raise ContinueEx()
        elif t is Return:
            raise ReturnEx()
        elif t is Comment:
            pass
        else:
            raise TypeError(s)

    def for_(self, s):
        name = s.var.name
        self.env[name] = cvt(self.ev(s.init), INT)
        while self.ev(s.cond):
            self.tick()
            try:
                yield from self.block_(s.body)
            except BreakEx:
                break
            except ContinueEx:
                pass
            self.step(s)

    def step(self, s):
        name = s.var.name
        op, e = s.step
        v = self.env[name]
        c = self.ev(e) if e is not None else 1
        if op in ("+=", "++"):
            v += c
        elif op in ("-=", "--"):
            v -= c
        elif op == "*=":
            v *= c
        elif op == "<<=":
            v <<= c
        elif op == ">>=":
            v >>= c
        elif op == "/=":
            v = int(v / c)
        self.env[name] = cvt(v, INT)

    def assign(self, s):
        op, tgt = s.op, s.target
        if isinstance(tgt, Var):
            old = self.env.get(tgt.name, 0)
            val = self.ev(s.value)
            self.env[tgt.name] = cvt(self.combine(op, old, val, tgt.ty), tgt.ty)
            return
        arr, flat = self.address(tgt)
        val = self.ev(s.value)
        mem = self.mem(arr)
        if op != "=":
            self.record(arr, flat, "r")
            old = mem[flat]
            if old is None:
                self.sim.uninit(arr, flat, s.line)
                old = 0
            val = self.combine(op, old, val, arr.ty)
        self.record(arr, flat, "w")
        mem[flat] = cvt(val, arr.ty)

    @staticmethod
    def combine(op, old, val, ty):
        if op == "=":
            return val
        if op == "+=":
            return old + val
        if op == "^=":
            return cvt(old, ty) ^ cvt(val, ty)
        raise ValueError(op)


def wrap_to(fn, ty):
    """fn's integer value brought back into type ty (32-bit wrap-around)."""
    if ty == INT:
        return lambda th: ((fn(th) + 0x80000000) & M32) - 0x80000000
    if ty == UINT:
        return lambda th: fn(th) & M32
    return fn


def conv(fn, src, dst):
    """fn's value converted from type src to type dst (C's conversions)."""
    if src == dst:
        return fn
    if dst in (FLOAT, DOUBLE):
        return lambda th: float(fn(th))
    return wrap_to(lambda th: int(fn(th)), dst)


def compile_expr(e, k):
    """A closure computing e for a thread: much faster than walking the tree."""
    fn = _compile(e, k)
    e._fn = fn
    return fn


def _compile(e, k):
    t = type(e)
    if t is Num:
        v = e.v if e.ty in (INT, UINT) else float(e.v)
        return lambda th: v
    if t is Builtin:
        attr = {"threadIdx.x": "tx", "threadIdx.y": "ty", "threadIdx.z": "tz",
                "blockIdx.x": "bx", "blockIdx.y": "by", "blockIdx.z": "bz"}.get(e.name)
        if attr:
            return operator.attrgetter(attr)
        i = ["blockDim.x", "blockDim.y", "blockDim.z", "gridDim.x", "gridDim.y", "gridDim.z"].index(e.name)
        return lambda th: th.sim.dims[i]
    if t is Var:
        name = e.name
        return lambda th: th.env[name]
    if t is Load:
        arr = e.arr
        idx = [compile_expr(i, k) for i in e.idxs]
        ext = arr.extent
        if len(idx) == 1:
            f0, n0 = idx[0], ext[0]

            def load1(th):
                i = f0(th)
                if not 0 <= i < n0:
                    th.oob(arr, [i])
                return th.read_flat(arr, i)
            return load1
        if not idx:
            return lambda th: th.read_flat(arr, 0)

        def loadn(th):
            vals = [f(th) for f in idx]
            flat = 0
            for i, n in zip(vals, ext):
                if not 0 <= i < n:
                    th.oob(arr, vals)
                flat = flat * n + i
            return th.read_flat(arr, flat)
        return loadn
    if t is Un:
        fa = compile_expr(e.a, k)
        if e.op == "-":
            return wrap_to(lambda th: -fa(th), e.ty)
        if e.op == "!":
            return lambda th: int(not fa(th))
        if e.op == "~":
            return wrap_to(lambda th: ~fa(th), e.ty)
        return conv(fa, e.a.ty, e.ty)
    if t is Ternary:
        fc, fa, fb = compile_expr(e.c, k), compile_expr(e.a, k), compile_expr(e.b, k)
        fa, fb = conv(fa, e.a.ty, e.ty), conv(fb, e.b.ty, e.ty)
        return lambda th: fa(th) if fc(th) else fb(th)
    if t is Bin:
        return _compile_bin(e, k)
    raise TypeError(e)


def _compile_bin(e, k):
    op = e.op
    fa, fb = compile_expr(e.a, k), compile_expr(e.b, k)
    if op == "&&":
        return lambda th: 1 if fa(th) and fb(th) else 0
    if op == "||":
        return lambda th: 1 if fa(th) or fb(th) else 0
    if op in ("<<", ">>"):
        ty = UINT if e.a.ty == UINT else INT
        fa = conv(fa, e.a.ty, ty)
        if op == "<<":
            return wrap_to(lambda th: fa(th) << fb(th), ty)
        return lambda th: fa(th) >> fb(th)
    ty = common_type(e.a.ty, e.b.ty)
    fa, fb = conv(fa, e.a.ty, ty), conv(fb, e.b.ty, ty)
    flt = ty in (FLOAT, DOUBLE)

    def wrap(f):
        return wrap_to(f, ty)
    if op == "+":
        return wrap(lambda th: fa(th) + fb(th))
    if op == "-":
        return wrap(lambda th: fa(th) - fb(th))
    if op == "*":
        return wrap(lambda th: fa(th) * fb(th))
    if op in ("/", "%"):
        text = e.render()

        def div(th):
            a, b = fa(th), fb(th)
            if b == 0:
                raise Stop("division by zero: %s" % text)
            if flt:
                return a / b if op == "/" else a % b
            q = abs(a) // abs(b)
            if (a < 0) != (b < 0):
                q = -q
            return q if op == "/" else a - b * q
        return wrap(div)
    if op == "&":
        return wrap(lambda th: fa(th) & fb(th))
    if op == "|":
        return wrap(lambda th: fa(th) | fb(th))
    if op == "^":
        return wrap(lambda th: fa(th) ^ fb(th))
    cmp = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
           ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}[op]
    return lambda th: 1 if cmp(fa(th), fb(th)) else 0


class Unbounded(dict):
    """Memory without bounds, for launches other than the sidecar's: the
    arrays are sized for that one (race freedom does not depend on sizes)."""

    def __init__(self, arr, salt):
        super().__init__()
        self.arr, self.salt = arr, salt

    def __missing__(self, i):
        a = self.arr
        if a.space == "shared":
            return None
        if a.init == "zero":
            return 0
        if a.init == "seq":
            return cvt(i, a.ty)
        if a.init == "rand":
            return cvt((i * 2654435761 + self.salt) & M32, a.ty)
        return cvt(a.init, a.ty)


class Sim:
    """One run of kernel k. dims = (block x, y, z, grid x, y, z) and params
    default to the sidecar's; with bounded=False memory has no bounds."""

    def __init__(self, k, bug=None, data_seed=0, dims=None, params=None, bounded=True):
        self.k, self.bug, self.bounded = k, bug, bounded
        self.dims = dims or (k.bx, k.by, 1, k.gx, k.gy, 1)
        self.params = params or {p.name: p.value for p in k.params if not p.pointer}
        self.problems = []
        self.races = []
        self.grid_log = {}
        self.cur_line = None
        self.uninit_seen = set()
        rng = random.Random("mapcost-sim:%d" % data_seed)
        self.glob = {}
        for a in k.arrays:
            if a.space == "global":
                self.glob[a.name] = initial(a, rng) if bounded else Unbounded(a, data_seed)

    def uninit(self, arr, flat, line):
        """Reading shared memory no thread wrote: only a clean kernel
        promises not to (a removed barrier makes it happen)."""
        if self.bug is None and self.bounded and arr.name not in self.uninit_seen:
            self.uninit_seen.add(arr.name)
            self.problems.append("uninitialised shared read: %s[%d] at line %s" % (arr.name, flat, line))

    def run(self):
        d = self.dims
        for bz in range(d[5]):
            for by in range(d[4]):
                for bx in range(d[3]):
                    try:
                        self.run_block((bx, by, bz))
                    except Stop as e:
                        self.problems.append(str(e))
                        return self
        self.check_grid()
        return self

    def run_block(self, block):
        k, d = self.k, self.dims
        shared = {}
        for a in k.arrays:
            if a.space == "shared":
                shared[a.name] = [None] * a.elements if self.bounded else Unbounded(a, 0)
        threads = []
        for tz in range(d[2]):
            for ty in range(d[1]):
                for tx in range(d[0]):
                    th = Thread(self, (tx, ty, tz), block, shared)
                    threads.append((th, th.run()))
        alive = threads
        while alive:
            log = {}
            waiting, done = [], []
            for th, gen in alive:
                th.log = log
                try:
                    b = next(gen)
                    waiting.append((th, gen, b))
                except StopIteration:
                    done.append(th)
            if waiting and done:
                raise Stop("barrier divergence in block %s: thread %s left, thread %s waits at line %s"
                           % (block, done[0].who(), waiting[0][0].who(), waiting[0][2].line))
            if len({id(b) for _, _, b in waiting}) > 1:
                lines = sorted({b.line for _, _, b in waiting})
                raise Stop("barrier divergence in block %s: threads wait at lines %s" % (block, lines))
            self.check_interval(log, block)
            alive = [(th, gen) for th, gen, _ in waiting]

    def check_interval(self, log, block):
        for (space, name, flat), (w, r, a) in log.items():
            pair = conflict(w, r, a)
            if pair:
                self.races.append((name, "%s %s[%d] in block %s: threads %d and %d (lines %s, %s)" % (
                    space, name, flat, block, pair[0][0], pair[1][0], pair[0][1], pair[1][1])))

    def check_grid(self):
        for (name, flat), blocks in self.grid_log.items():
            if len(blocks) < 2:
                continue
            items = list(blocks.items())
            for i in range(len(items)):
                for j in range(i + 1, len(items)):
                    if grid_conflict(items[i][1], items[j][1]):
                        self.races.append((name, "global %s[%d] between blocks %s and %s (%s / %s)" % (
                            name, flat, items[i][0], items[j][0], sorted(items[i][1]), sorted(items[j][1]))))
                        break
                else:
                    continue
                break


def conflict(w, r, a):
    """Two accesses by different threads, one a plain write, or a plain
    read and an atomic. Each argument maps thread -> line."""
    if w:
        for t1, l1 in w.items():
            for group in (w, r, a):
                for t2, l2 in group.items():
                    if t2 != t1:
                        return (t1, l1), (t2, l2)
    if r and a:
        for t1, l1 in r.items():
            for t2, l2 in a.items():
                if t2 != t1:
                    return (t1, l1), (t2, l2)
    return None


def grid_conflict(k1, k2):
    def one_way(x, y):
        if "w" in x:
            return True
        if "r" in x and ("a" in y or "ab" in y):
            return True
        if "ab" in x and ("a" in y or "ab" in y):
            return True
        return False
    return one_way(k1, k2) or one_way(k2, k1)


def initial(a, rng):
    n = a.elements
    if a.init == "zero":
        vals = [0] * n
    elif a.init == "seq":
        vals = list(range(n))
    elif a.init == "rand":
        if a.ty == UINT:
            vals = [rng.randrange(1 << 32) for _ in range(n)]
        elif a.ty == INT:
            vals = [rng.randrange(-(1 << 31), 1 << 31) for _ in range(n)]
        else:
            vals = [rng.uniform(-100.0, 100.0) for _ in range(n)]
    else:
        vals = [a.init] * n
    return [cvt(v, a.ty) for v in vals]


def mark_plain(stmts):
    """s.plain: no barrier inside s (its bug variants included). Returns
    whether the whole list is plain."""
    all_plain = True
    for s in stmts:
        plain = not isinstance(s, Barrier)
        for body in s.substmts():
            plain = mark_plain(body) and plain
        if s.alts:
            plain = mark_plain(list(s.alts.values())) and plain
        s.plain = plain
        all_plain = all_plain and plain
    return all_plain


def check_kernel(k, chosen, sites, data_seed):
    """Failures (strings) of kernel k: the clean kernel, then its bug sites."""
    mark_plain(k.prologue)
    mark_plain(k.body)
    fails = []
    k.render(chosen)
    clean = Sim(k, None, data_seed).run()
    for p in clean.problems:
        fails.append("%s: %s" % (k.name, p))
    for _, what in clean.races[:3]:
        fails.append("%s: race in the race-free kernel: %s" % (k.name, what))
    if sites == "all":
        bugs = range(len(k.cands))
    else:
        bugs = [chosen] if chosen is not None else []
    for b in bugs:
        c = k.cands[b]
        k.render(b)
        sim = Sim(k, b, data_seed).run()
        for p in sim.problems:
            fails.append("%s: with bug %d (%s, line %s): %s" % (k.name, b, c.kind, c.stmt.line, p))
        if not any(name == c.array.name for name, _ in sim.races):
            fails.append("%s: bug %d (%s on %s, line %s) shows no race" % (
                k.name, b, c.kind, c.array.name, c.stmt.line))
    return fails, len(bugs)


def other_launch(k, trial):
    """Random block and grid sizes in the dimensions the kernel's ids
    distinguish (the others 1), and random parameter values."""
    rng = random.Random("mapcost-sim-launch:%d:%d:%d" % (k.seed, k.index, trial))
    nd = k.index_dims()
    while True:
        b = [rng.randint(1, 40), rng.randint(1, 4) if nd["block"] >= 2 else 1,
             rng.randint(1, 2) if nd["block"] == 3 else 1]
        g = [rng.randint(1, 3), rng.randint(1, 2) if nd["grid"] >= 2 else 1,
             rng.randint(1, 2) if nd["grid"] == 3 else 1]
        threads = b[0] * b[1] * b[2]
        if threads * g[0] * g[1] * g[2] <= 256:
            break
    params = {}
    for p in k.params:
        if not p.pointer:
            params[p.name] = {"n": lambda: rng.randint(-3, 3 * threads * g[0] * g[1] * g[2]),
                              "k": lambda: rng.randint(-2, threads + 2),
                              "reps": lambda: rng.randint(-1, 3),
                              "flag": lambda: rng.randint(0, 1)}.get(p.name, lambda: rng.randint(-2, 40))()
    return tuple(b + g), params


def check_launches(k, trials, data_seed):
    """race_free_any_launch: no race, divergence or runaway under other
    launches and parameters (memory unbounded: sizes fit the sidecar only)."""
    fails = []
    if k.fixed_launch:
        return fails
    k.render(None)
    for t in range(trials):
        dims, params = other_launch(k, t)
        sim = Sim(k, None, data_seed, dims=dims, params=params, bounded=False).run()
        what = "launch block %s grid %s, params %s" % (dims[:3], dims[3:], params)
        for p in sim.problems:
            fails.append("%s: %s: %s" % (k.name, what, p))
        for _, race in sim.races[:3]:
            fails.append("%s: race under %s: %s" % (k.name, what, race))
    return fails


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="first kernel index (default 0)")
    ap.add_argument("--bugs", type=float, default=0.0)
    ap.add_argument("--max-depth", type=int, default=3)
    ap.add_argument("--sites", choices=["chosen", "all"], default="chosen",
                    help="which bug sites to check (default: the one --bugs chose)")
    ap.add_argument("--data-seed", type=int, default=0, help="seed of the 'rand' array contents")
    ap.add_argument("--launches", type=int, default=0,
                    help="also run each kernel that is race free for any launch under N other "
                         "launches and parameter values, checking races only")
    ap.add_argument("--block-atomics", choices=["auto", "yes", "no"], default="auto")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    block_atomics = {"yes": True, "no": False}.get(args.block_atomics)
    if block_atomics is None:
        block_atomics = prelude_has_block_atomics(DEFAULT_PRELUDE)
    total_fails, kernels, sites = [], 0, 0
    for i in range(args.first, args.first + args.count):
        k = Kernel(args.seed, i, args.max_depth, block_atomics)
        chosen = k.choose_bug(args.bugs)
        fails, n = check_kernel(k, chosen, args.sites, args.data_seed)
        if args.launches:
            fails += check_launches(k, args.launches, args.data_seed)
        kernels += 1
        sites += n
        total_fails += fails
        if args.verbose:
            print("%s: %s" % (k.name, "ok" if not fails else "%d failures" % len(fails)))
    for f in total_fails:
        print(f)
    print("simulate.py: %d kernels, %d bug sites checked: %s" % (
        kernels, sites, "all promises hold" if not total_fails else "%d failures" % len(total_fails)))
    return 1 if total_fails else 0


if __name__ == "__main__":
    sys.exit(main())

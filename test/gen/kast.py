"""kast.py - the small C-like AST that test/gen/generate.py builds kernels in.

The generator builds every kernel as this AST, renders it to CUDA
(`render_kernel`), and test/gen/simulate.py runs the same AST for every
thread to check what the generator promises (in bounds, race free,
terminating, no barrier divergence, injected bugs observable). Keeping one
representation for both is what makes the check honest.

Every integer expression carries a value range [lo, hi] under the launch
and parameter values of its kernel, so arrays can be sized to hold every
index the kernel can form, for any contents of its input arrays.
"""

INT, UINT, FLOAT, DOUBLE = "int", "unsigned", "float", "double"
ELEM_BYTES = {INT: 4, UINT: 4, FLOAT: 4, DOUBLE: 8}
MANGLE = {INT: "i", UINT: "j", FLOAT: "f", DOUBLE: "d"}
I32 = (-2**31, 2**31 - 1)
U32 = (0, 2**32 - 1)

# C precedence, higher binds tighter.
PREC = {"*": 13, "/": 13, "%": 13, "+": 12, "-": 12, "<<": 11, ">>": 11,
        "<": 10, "<=": 10, ">": 10, ">=": 10, "==": 9, "!=": 9, "&": 8,
        "^": 7, "|": 6, "&&": 5, "||": 4}
COMPARE = {"<", "<=", ">", ">=", "==", "!="}
LOGICAL = {"&&", "||"}


def common_type(a, b):
    if DOUBLE in (a, b):
        return DOUBLE
    if FLOAT in (a, b):
        return FLOAT
    if UINT in (a, b):
        return UINT
    return INT


def full_range(ty):
    return U32 if ty == UINT else I32


class Expr:
    """An expression. uniform: the same for every thread of a block (built
    from constants, parameters, blockIdx, blockDim, gridDim and uniform
    variables); memdep: depends on memory contents; affine: a sum of thread
    or loop quantities with uniform coefficients."""
    prec = 16
    ty = INT
    lo = hi = 0
    uniform = True
    memdep = False
    affine = True

    def with_range(self, lo, hi):
        """The generator knows better than interval arithmetic (a guard)."""
        self.lo, self.hi = lo, hi
        return self

    def children(self):
        return ()

    def walk(self):
        yield self
        for c in self.children():
            yield from c.walk()


class Num(Expr):
    def __init__(self, v, ty=INT):
        self.v, self.ty = v, ty
        if ty in (INT, UINT):
            self.lo = self.hi = v

    def render(self):
        if self.ty == UINT:
            return "%du" % self.v
        if self.ty == FLOAT:
            return "%.1ff" % self.v
        if self.ty == DOUBLE:
            return "%.1f" % self.v
        return str(self.v)


class Var(Expr):
    """A named value: a local, a loop variable, a parameter or a thread id
    computed in the prologue."""

    def __init__(self, name, ty, lo, hi, uniform, affine=True, memdep=False):
        self.name, self.ty, self.lo, self.hi = name, ty, lo, hi
        self.uniform, self.affine, self.memdep = uniform, affine, memdep

    def render(self):
        return self.name


class Builtin(Var):
    """threadIdx.x, blockIdx.y, blockDim.x, gridDim.x, ... (unsigned)."""

    def __init__(self, name, lo, hi):
        super().__init__(name, UINT, lo, hi, uniform=not name.startswith("threadIdx"))


class Bin(Expr):
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = PREC[op]
        self.uniform = a.uniform and b.uniform
        self.memdep = a.memdep or b.memdep
        if op in COMPARE or op in LOGICAL:
            self.ty = INT
        else:
            self.ty = common_type(a.ty, b.ty)
        if self.memdep:
            self.affine = False
        elif self.uniform:
            self.affine = True
        elif op in ("+", "-"):
            self.affine = a.affine and b.affine
        elif op == "*":
            self.affine = (a.uniform and b.affine) or (b.uniform and a.affine)
        else:
            self.affine = False
        self.lo, self.hi = self._range()

    def _range(self):
        op, a, b = self.op, self.a, self.b
        if op in COMPARE or op in LOGICAL:
            return 0, 1
        if self.ty in (FLOAT, DOUBLE):
            return 0, 0
        if op == "+":
            return a.lo + b.lo, a.hi + b.hi
        if op == "-":
            return a.lo - b.hi, a.hi - b.lo
        if op == "*":
            p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
            return min(p), max(p)
        nonneg = a.lo >= 0 and b.lo >= 0
        if op == "/" and nonneg and b.lo > 0:
            return a.lo // b.hi, a.hi // b.lo
        if op == "%" and nonneg and b.lo > 0:
            return 0, min(a.hi, b.hi - 1)
        if op == ">>" and nonneg:
            return a.lo >> b.hi, a.hi >> b.lo
        if op == "<<" and nonneg:
            return a.lo << b.lo, a.hi << b.hi
        if op == "&" and nonneg:
            return 0, min(a.hi, b.hi)
        if op in ("|", "^") and nonneg:
            return 0, (1 << max(a.hi, b.hi).bit_length()) - 1
        return full_range(self.ty)

    def children(self):
        return (self.a, self.b)

    def render(self):
        return "%s %s %s" % (self._side(self.a, False), self.op, self._side(self.b, True))

    def _side(self, e, right):
        text = e.render()
        if not isinstance(e, (Bin, Ternary)):
            return text
        if isinstance(e, Ternary):
            return "(%s)" % text
        mine, theirs = self.prec, e.prec
        if mine >= 12:  # arithmetic: C's rules
            paren = theirs < mine or (right and theirs == mine)
        elif self.op in COMPARE:
            paren = theirs <= 11
        elif self.op in LOGICAL:
            paren = theirs <= 8 and e.op != self.op
        else:  # shifts and bitwise: always make the grouping visible
            paren = True
        return "(%s)" % text if paren else text


class Un(Expr):
    """-x, !x, ~x, or a cast '(unsigned)x' / '(float)x' / '(double)x'."""
    prec = 15

    def __init__(self, op, a):
        self.op, self.a = op, a
        self.uniform, self.memdep = a.uniform, a.memdep
        self.affine = a.uniform and not a.memdep
        cast = {"(unsigned)": UINT, "(float)": FLOAT, "(double)": DOUBLE, "(int)": INT}
        if op in cast:
            self.ty = cast[op]
            if self.ty == UINT:
                self.lo, self.hi = (a.lo, a.hi) if a.lo >= 0 and a.hi <= U32[1] else U32
            elif self.ty == INT:
                self.lo, self.hi = a.lo, a.hi
        elif op == "!":
            self.lo, self.hi = 0, 1
        elif op == "-":
            self.ty = a.ty
            self.lo, self.hi = -a.hi, -a.lo
            self.affine = a.affine
        else:
            self.ty = a.ty
            self.lo, self.hi = full_range(a.ty)

    def children(self):
        return (self.a,)

    def render(self):
        text = self.a.render()
        if isinstance(self.a, (Bin, Ternary)):
            text = "(%s)" % text
        return self.op + text


class Ternary(Expr):
    prec = 3

    def __init__(self, c, a, b):
        self.c, self.a, self.b = c, a, b
        self.uniform = c.uniform and a.uniform and b.uniform
        self.memdep = c.memdep or a.memdep or b.memdep
        self.affine = False if not self.uniform else not self.memdep
        self.ty = common_type(a.ty, b.ty)
        self.lo, self.hi = min(a.lo, b.lo), max(a.hi, b.hi)

    def children(self):
        return (self.c, self.a, self.b)

    def render(self):
        def part(e):
            t = e.render()
            return "(%s)" % t if isinstance(e, Ternary) else t
        return "%s ? %s : %s" % (part(self.c), part(self.a), part(self.b))


class Array:
    """A global array (a kernel pointer parameter) or a __shared__ one.

    disc says how the generator keeps it race free (see README.md):
    'input' (never written), 'private' (each location belongs to one thread
    for the whole kernel), 'atomic' (only atomics), 'block' (one idiom's
    buffer, its phases separated by barriers)."""

    def __init__(self, name, ty, space, disc, ndim=1, const=False,
                 extern=False, scalar=False, init="zero", nominal=0):
        self.name, self.ty, self.space, self.disc = name, ty, space, disc
        self.ndim, self.const, self.extern, self.scalar = ndim, const, extern, scalar
        self.init = init
        self.nominal = nominal          # elements at least (a length used in `% L`)
        self.maxidx = [-1] * ndim       # largest index seen per dimension
        self.min_extent = [0] * ndim    # padding asked for (tile[16][17])
        self.extent = None              # filled by finish()
        self.accessed = False

    def note(self, idxs):
        self.accessed = True
        for d, e in enumerate(idxs):
            assert e.lo >= 0, "negative index range on %s: %s" % (self.name, e.render())
            self.maxidx[d] = max(self.maxidx[d], e.hi)

    def finish(self):
        if self.scalar:
            self.extent = []
        else:
            self.extent = [max(m + 1, p, 1) for m, p in zip(self.maxidx, self.min_extent)]
            if self.ndim == 1:
                self.extent[0] = max(self.extent[0], self.nominal)

    @property
    def elements(self):
        n = 1
        for e in self.extent:
            n *= e
        return n

    def decl_type(self):
        return ("const " if self.const else "") + self.ty


class Load(Expr):
    """An array element (or a shared scalar when idxs is empty)."""

    def __init__(self, arr, idxs):
        self.arr, self.idxs = arr, list(idxs)
        self.ty = arr.ty
        self.uniform = False
        self.memdep = True
        self.affine = False
        self.lo, self.hi = full_range(arr.ty)
        arr.note(self.idxs)

    @property
    def index_memdep(self):
        return any(i.memdep for i in self.idxs)

    def children(self):
        return tuple(self.idxs)

    def render(self):
        return self.arr.name + "".join("[%s]" % i.render() for i in self.idxs)


# ---------------------------------------------------------------- statements

class Stmt:
    line = None
    alts = None       # {bug id: replacement statement}

    def substmts(self):
        return ()

    def walk(self):
        yield self
        if self.alts:
            for alt in self.alts.values():
                yield from alt.walk()
        for body in self.substmts():
            for s in body:
                yield from s.walk()

    def exprs(self):
        return ()


class Decl(Stmt):
    def __init__(self, var, init):
        self.var, self.init = var, init

    def exprs(self):
        return (self.init,) if self.init is not None else ()


class Assign(Stmt):
    def __init__(self, target, op, value):
        self.target, self.op, self.value = target, op, value

    def exprs(self):
        return (self.target, self.value)


class Atomic(Stmt):
    """atomicAdd(&target, value), device or block scope; result unused."""

    def __init__(self, fn, target, value):
        self.fn, self.target, self.value = fn, target, value

    def exprs(self):
        return (self.target, self.value)


class If(Stmt):
    def __init__(self, cond, then, els=None):
        self.cond, self.then, self.els = cond, then, els

    def substmts(self):
        return (self.then, self.els or [])

    def exprs(self):
        return (self.cond,)


class For(Stmt):
    """for (int var = init; cond; step) body. step is (op, expr|None):
    ('+=', c) ('-=', c) ('*=', 2) ('<<=', 1) ('>>=', 1) ('/=', 2) ('++', None)
    ('--', None)."""

    def __init__(self, var, init, cond, step, body):
        self.var, self.init, self.cond, self.step, self.body = var, init, cond, step, body

    def substmts(self):
        return (self.body,)

    def exprs(self):
        return (self.init, self.cond) + ((self.step[1],) if self.step[1] is not None else ())


class While(Stmt):
    def __init__(self, cond, body):
        self.cond, self.body = cond, body

    def substmts(self):
        return (self.body,)

    def exprs(self):
        return (self.cond,)


class DoWhile(While):
    pass


class Switch(Stmt):
    """cases: [(label int | None for default, [stmts], ends_with_break)]"""

    def __init__(self, expr, cases):
        self.expr, self.cases = expr, cases

    def substmts(self):
        return tuple(body for _, body, _ in self.cases)

    def exprs(self):
        return (self.expr,)


class Break(Stmt):
    pass


class Continue(Stmt):
    pass


class Return(Stmt):
    pass


class Barrier(Stmt):
    pass


class Comment(Stmt):
    def __init__(self, text):
        self.text = text


# ---------------------------------------------------------------- rendering

class Renderer:
    def __init__(self, bug_id):
        self.lines = []
        self.bug_id = bug_id

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)
        return len(self.lines)

    def block(self, stmts, depth):
        for s in stmts:
            self.stmt(s, depth)

    def stmt(self, s, depth):
        alt = s.alts.get(self.bug_id) if s.alts and self.bug_id is not None else None
        if alt is not None:
            self.stmt(alt, depth)
            s.line = alt.line
            return
        s.line = len(self.lines) + 1
        if isinstance(s, Decl):
            init = " = %s" % s.init.render() if s.init is not None else ""
            self.emit(depth, "%s %s%s;" % (s.var.ty, s.var.name, init))
        elif isinstance(s, Assign):
            self.emit(depth, "%s %s %s;" % (s.target.render(), s.op, s.value.render()))
        elif isinstance(s, Atomic):
            self.emit(depth, "%s(&%s, %s);" % (s.fn, s.target.render(), s.value.render()))
        elif isinstance(s, If):
            self.emit(depth, "if (%s) {" % s.cond.render())
            self.block(s.then, depth + 1)
            if s.els:
                self.emit(depth, "} else {")
                self.block(s.els, depth + 1)
            self.emit(depth, "}")
        elif isinstance(s, For):
            op, e = s.step
            step = "%s%s" % (s.var.name, op) if e is None else "%s %s %s" % (s.var.name, op, e.render())
            self.emit(depth, "for (int %s = %s; %s; %s) {" % (
                s.var.name, s.init.render(), s.cond.render(), step))
            self.block(s.body, depth + 1)
            self.emit(depth, "}")
        elif isinstance(s, DoWhile):
            self.emit(depth, "do {")
            self.block(s.body, depth + 1)
            self.emit(depth, "} while (%s);" % s.cond.render())
        elif isinstance(s, While):
            self.emit(depth, "while (%s) {" % s.cond.render())
            self.block(s.body, depth + 1)
            self.emit(depth, "}")
        elif isinstance(s, Switch):
            self.emit(depth, "switch (%s) {" % s.expr.render())
            # braces per case: C++ does not jump over an initialisation
            for label, body, brk in s.cases:
                self.emit(depth, ("case %d: {" % label) if label is not None else "default: {")
                self.block(body, depth + 1)
                if brk:
                    self.emit(depth + 1, "break;")
                self.emit(depth, "}" if brk or label is None else "}  // fall through")
            self.emit(depth, "}")
        elif isinstance(s, Break):
            self.emit(depth, "break;")
        elif isinstance(s, Continue):
            self.emit(depth, "continue;")
        elif isinstance(s, Return):
            self.emit(depth, "return;")
        elif isinstance(s, Barrier):
            self.emit(depth, "__syncthreads();")
        elif isinstance(s, Comment):
            self.emit(depth, "// " + s.text)
        else:
            raise TypeError(s)

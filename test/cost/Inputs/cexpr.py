"""Evaluates the C-like cost expressions of CONTRACT §3 over the integers.

  value("16 * wA + 496", {"wA": 2})  ->  528

Names are kernel parameters and dimensions (`blockDim.x`); `/` and `%`
truncate toward zero as in C; `min`, `max`, `?:`, comparisons, shifts,
bitwise operators and casts such as `(int)(e)` (the value reduced modulo
2^width into the type's range) are understood.
"""
import re

TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_$][A-Za-z_$0-9]*(?:\.[xyz])?)|"
                   r"(<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>?:(),!~&|^]))")
TYPES = {"bool": (1, False), "i1": (1, True), "signed char": (8, True),
         "unsigned char": (8, False), "short": (16, True), "unsigned short": (16, False),
         "int": (32, True), "unsigned": (32, False), "long": (64, True),
         "unsigned long": (64, False)}
BINARY = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="],
          ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]


def tokens(text):
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise ValueError("cannot read %r at %d" % (text, pos))
        out.append(int(m.group(1)) if m.group(1) else m.group(2) or m.group(3))
        pos = m.end()
    return out


def cast(v, width, signed):
    v &= (1 << width) - 1
    if signed and v >> (width - 1):
        v -= 1 << width
    return v


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def apply(op, a, b):
    if op == "/":
        return cdiv(a, b)
    if op == "%":
        return a - b * cdiv(a, b)
    return {"||": lambda: int(bool(a or b)), "&&": lambda: int(bool(a and b)),
            "|": lambda: a | b, "^": lambda: a ^ b, "&": lambda: a & b,
            "==": lambda: int(a == b), "!=": lambda: int(a != b), "<": lambda: int(a < b),
            "<=": lambda: int(a <= b), ">": lambda: int(a > b), ">=": lambda: int(a >= b),
            "<<": lambda: a << b, ">>": lambda: a >> b, "+": lambda: a + b,
            "-": lambda: a - b, "*": lambda: a * b}[op]()


class Parser:
    def __init__(self, text, env):
        self.t, self.i, self.env = tokens(text), 0, env

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else None

    def take(self, want=None):
        tok = self.peek()
        if want is not None and tok != want:
            raise ValueError("expected %r, found %r" % (want, tok))
        self.i += 1
        return tok

    def ternary(self):
        c = self.binary(0)
        if self.peek() == "?":
            self.take()
            a = self.ternary()
            self.take(":")
            b = self.ternary()
            return a if c else b
        return c

    def binary(self, level):
        if level == len(BINARY):
            return self.unary()
        v = self.binary(level + 1)
        while self.peek() in BINARY[level]:
            op = self.take()
            v = apply(op, v, self.binary(level + 1))
        return v

    def cast_type(self):
        for n in (2, 1):
            words = [self.peek(1 + j) for j in range(n)]
            if all(isinstance(w, str) for w in words) and self.peek(1 + n) == ")":
                name = " ".join(words)
                if name in TYPES:
                    return name, n
        return None, 0

    def unary(self):
        tok = self.peek()
        if tok == "-":
            self.take()
            return -self.unary()
        if tok == "!":
            self.take()
            return int(not self.unary())
        if tok == "~":
            self.take()
            return ~self.unary()
        if tok == "(":
            name, n = self.cast_type()
            if name:
                self.i += n + 2
                return cast(self.unary(), *TYPES[name])
            self.take()
            v = self.ternary()
            self.take(")")
            return v
        if isinstance(tok, int):
            return self.take()
        if tok in ("min", "max"):
            self.take()
            self.take("(")
            args = [self.ternary()]
            while self.peek() == ",":
                self.take()
                args.append(self.ternary())
            self.take(")")
            return min(args) if tok == "min" else max(args)
        if isinstance(tok, str) and tok in self.env:
            self.take()
            return self.env[tok]
        raise ValueError("unknown name or token %r" % tok)


def value(text, env):
    p = Parser(text, env)
    v = p.ternary()
    if p.peek() is not None:
        raise ValueError("trailing %r in %r" % (p.peek(), text))
    return v


if __name__ == "__main__":
    assert value("16 * wA + 496", {"wA": 2}) == 528
    assert value("max((wA + 31) / 32, 0) + 1", {"wA": -40}) == 1
    assert value("(int)(4294967295) + (unsigned)(-1)", {}) == -1 + 4294967295
    assert value("n > 5 ? 2 : 3 * blockDim.x", {"n": 1, "blockDim.x": 4}) == 12
    assert value("-7 / 2 + -7 % 2 + min(3, 1, 2)", {}) == -3 - 1 + 1
    print("ok")

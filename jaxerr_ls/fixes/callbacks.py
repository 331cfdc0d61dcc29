"""Fixes for a host callback under differentiation: the JAX version of the function it calls.

``jax.pure_callback`` has no derivative rule. Where the host function is one expression of
NumPy and SciPy functions that JAX implements under the same name (``numpy.interp`` ->
``jnp.interp``, ``scipy.special.ndtr`` -> ``jax.scipy.special.ndtr``), the callback becomes
that expression in JAX, applied to the callback's operands, and JAX differentiates it. The
host function is a lambda or a function of the module whose body returns that expression;
conversions back to NumPy (``np.asarray(v)``, ``.astype(np.float32)``) go, as JAX keeps the
operand's dtype. Anything else (a loop, a table lookup, a function JAX lacks) gets no edit: a
``custom_jvp`` rule then needs the derivative, which only the user knows. Unsafe: JAX's
implementation may differ from the host library's in the last digits.

Where the host function computes a step function (a ranking, an AUC) and the culprit is what a
caller hands the function around the callback (``call.handed``), the values handed there are
cut with ``jax.lax.stop_gradient`` (the record's last solution): their derivative through the
callback is zero wherever it exists.
"""

from __future__ import annotations

import ast

from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import Source, dotted
from jaxerr_ls.fixes.transform_calls import located
from jaxerr_ls.records import CulpritKind

CODE = "pure-callback-jvp"

# NumPy functions jax.numpy has, with the same arguments and meaning.
_NUMPY = frozenset(
    {
        "abs",
        "absolute",
        "arccos",
        "arcsin",
        "arctan",
        "arctan2",
        "arccosh",
        "arcsinh",
        "arctanh",
        "cbrt",
        "clip",
        "cos",
        "cosh",
        "cumsum",
        "dot",
        "exp",
        "exp2",
        "expm1",
        "hypot",
        "interp",
        "log",
        "log10",
        "log1p",
        "log2",
        "logaddexp",
        "matmul",
        "maximum",
        "mean",
        "minimum",
        "polyval",
        "power",
        "reciprocal",
        "sin",
        "sinc",
        "sinh",
        "sqrt",
        "square",
        "sum",
        "tan",
        "tanh",
        "where",
    }
)
# scipy.special functions jax.scipy.special has.
_SPECIAL = frozenset(
    {
        "betaln",
        "digamma",
        "entr",
        "erf",
        "erfc",
        "erfinv",
        "exp1",
        "expi",
        "expit",
        "gamma",
        "gammainc",
        "gammaincc",
        "gammaln",
        "i0",
        "i0e",
        "i1",
        "i1e",
        "kl_div",
        "log_ndtr",
        "logit",
        "logsumexp",
        "ndtr",
        "ndtri",
        "polygamma",
        "rel_entr",
        "spence",
        "xlog1py",
        "xlogy",
        "zeta",
    }
)
# scipy.stats distributions whose functions jax.scipy.stats has under the same names.
_STATS = frozenset({"norm", "t", "cauchy", "logistic", "laplace", "gamma", "beta", "expon"})
_STATS_FUNCTIONS = frozenset({"pdf", "logpdf", "cdf", "logcdf", "sf", "logsf", "ppf"})
# Conversions to NumPy that JAX does not need: ``np.asarray(v)``, ``v.astype(np.float32)``.
_CONVERSIONS = frozenset({"asarray", "array", "float32", "float64", "float16"})


def _imports(tree: ast.Module) -> dict[str, str]:
    """Each top-level name an import binds, and the dotted name it stands for."""
    bound: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    first = alias.name.split(".")[0]
                    bound[first] = first
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


class _Translation:
    def __init__(self, source: Source, jnp: str, jax: str) -> None:
        self.imports = _imports(source.tree)
        self.jnp, self.jax = jnp, jax

    def full_name(self, func: ast.expr) -> str | None:
        text = dotted(func)
        if text is None:
            return None
        first, _, rest = text.partition(".")
        if first not in self.imports:
            return None
        return ".".join(p for p in (self.imports[first], rest) if p)

    def jax_name(self, func: ast.expr) -> str | None:
        """The JAX spelling of a NumPy or SciPy function, None where JAX lacks it."""
        name = self.full_name(func)
        if name is None:
            return None
        module, _, function = name.rpartition(".")
        if module == "numpy" and function in _NUMPY:
            return f"{self.jnp}.{function}"
        if module == "scipy.special" and function in _SPECIAL:
            return f"{self.jax}.scipy.special.{function}"
        parent, _, distribution = module.rpartition(".")
        if parent == "scipy.stats" and distribution in _STATS and function in _STATS_FUNCTIONS:
            return f"{self.jax}.scipy.stats.{distribution}.{function}"
        return None

    def stripped(self, node: ast.expr) -> ast.expr:
        """``node`` without conversions to NumPy around it."""
        while isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "astype" and len(node.args) == 1:
                node = func.value
                continue
            name = self.full_name(func)
            if (
                name is not None
                and name.rpartition(".")[0] == "numpy"
                and name.rpartition(".")[2] in _CONVERSIONS
                and len(node.args) == 1
            ):
                node = node.args[0]
                continue
            break
        return node

    def translate(self, node: ast.expr, operands: dict[str, ast.expr]) -> ast.expr | None:
        """The expression in JAX, the host function's parameters replaced by the operands."""
        node = self.stripped(node)
        if isinstance(node, ast.Name):
            if node.id in operands:
                return operands[node.id]
            return None if node.id in self.imports else node
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return node
        if isinstance(node, ast.UnaryOp):
            operand = self.translate(node.operand, operands)
            return None if operand is None else ast.UnaryOp(node.op, operand)
        if isinstance(node, ast.BinOp):
            left, right = self.translate(node.left, operands), self.translate(node.right, operands)
            if left is None or right is None:
                return None
            return ast.BinOp(left, node.op, right)
        if isinstance(node, ast.Call) and not any(k.arg is None for k in node.keywords):
            name = self.jax_name(node.func)
            args = [self.translate(a, operands) for a in node.args]
            keywords = [(k.arg, self.translate(k.value, operands)) for k in node.keywords]
            if name is None or None in args or any(v is None for _, v in keywords):
                return None
            func = ast.parse(name, mode="eval").body
            return ast.Call(
                func,
                [a for a in args if a is not None],
                [ast.keyword(k, v) for k, v in keywords if v is not None],
            )
        return None


def _host_function(source: Source, node: ast.expr) -> tuple[list[str], ast.expr] | None:
    """The parameters and the one returned expression of a lambda or a module-level function."""
    if isinstance(node, ast.Lambda):
        args = node.args
        body = node.body
    elif isinstance(node, ast.Name):
        defs = [s for s in source.tree.body if isinstance(s, ast.FunctionDef) and s.name == node.id]
        if len(defs) != 1:
            return None
        statements = list(defs[0].body)
        if (
            statements
            and isinstance(statements[0], ast.Expr)
            and isinstance(statements[0].value, ast.Constant)
        ):
            statements = statements[1:]  # the docstring
        params = {a.arg for a in defs[0].args.args}
        while statements and _converts_a_parameter(statements[0], params):
            statements = statements[1:]  # ``x = np.asarray(x)``: JAX needs no conversion
        if len(statements) != 1 or not isinstance(statements[0], ast.Return):
            return None
        if statements[0].value is None or defs[0].decorator_list:
            return None
        args, body = defs[0].args, statements[0].value
    else:
        return None
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or args.posonlyargs:
        return None
    return [a.arg for a in args.args], body


def _converts_a_parameter(statement: ast.stmt, params: set[str]) -> bool:
    """``x = np.asarray(x)`` (or ``np.array``; ``a, b = np.asarray(a), np.asarray(b)``):
    parameters rebound to themselves as NumPy arrays."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
        return False
    bound, value = statement.targets[0], statement.value
    if isinstance(bound, ast.Tuple) and isinstance(value, ast.Tuple):
        return len(bound.elts) == len(value.elts) and all(
            _converts_a_parameter(ast.Assign([b], v), params)
            for b, v in zip(bound.elts, value.elts, strict=True)
        )
    return (
        isinstance(bound, ast.Name)
        and bound.id in params
        and isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("asarray", "array")
        and len(value.args) == 1
        and isinstance(value.args[0], ast.Name)
        and value.args[0].id == bound.id
    )


def _the_callback(target: FixTarget, read: ReadSource) -> tuple[Source, ast.Call] | None:
    """The one ``pure_callback`` call on the failing line or another line of the traceback."""
    found: dict[tuple[object, int, int], tuple[Source, ast.Call]] = {}
    for span in (target.span, *target.frames):
        source = Source.parse(span.path, read(span.path))
        if source is None:
            continue
        for node in ast.walk(source.tree):
            if (
                isinstance(node, ast.Call)
                and (dotted(node.func) or "").rsplit(".", 1)[-1] == "pure_callback"
                and node.lineno <= span.line <= (node.end_lineno or node.lineno)
            ):
                found[(span.path, node.lineno, node.col_offset)] = (source, node)
    return next(iter(found.values())) if len(found) == 1 else None


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = _the_callback(target, read)
    if found is None:
        return []
    source, call = found
    jnp, jax = source.jnp_name(), source.jax_or_import()
    if jnp is None or jax is None or jax[1]:
        return []
    if len(call.args) < 3 or any(isinstance(a, ast.Starred) for a in call.args):
        return []
    host = _host_function(source, call.args[0])
    operands = call.args[2:]
    if host is None or len(host[0]) != len(operands):
        return []
    given = {
        name: ast.parse(f"({source.segment(o)})", mode="eval").body
        for name, o in zip(host[0], operands, strict=True)
    }
    translated = _Translation(source, jnp, jax[0]).translate(host[1], given)
    if translated is None:
        return []
    new = ast.unparse(translated)
    title = f"Compute it in JAX, which differentiates it: {new}"
    edit = source.replace(call, new)
    return [Fix(title, CODE, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


def handed_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A host function of step values (ranks, an AUC) whose callback the function around it
    only hands its caller's values: ``jax.lax.stop_gradient`` around what the caller hands
    over (the ``call.handed`` culprit: the one argument, or the call that hands several),
    the record's last solution. The derivative of a step function is zero wherever it has
    one, with respect to each of its inputs: every value handed is cut, the differentiated
    one among them. A call is edited only where each of its arguments is a plain name."""
    found = list(located(read, target.culprits, CulpritKind.CALL_HANDED))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    jax = source.jax_or_import()
    if jax is None or not isinstance(node, ast.expr):
        return []
    if culprit.name.endswith("(..)"):
        if not isinstance(node, ast.Call) or node.keywords:
            return []
        values: list[ast.expr] = list(node.args)
        if not values or not all(isinstance(v, ast.Name) for v in values):
            return []
    elif isinstance(node, ast.Constant | ast.Starred) or ast.unparse(node) != culprit.name:
        return []
    else:
        values = [node]
    if any("stop_gradient" in source.segment(v) for v in values):
        return []
    cut = [f"{jax[0]}.lax.stop_gradient({source.segment(v)})" for v in values]
    title = f"Hand the callback values without derivative: {', '.join(cut)}"
    edits = (*(source.replace(v, c) for v, c in zip(values, cut, strict=True)), *jax[1])
    return [Fix(title, CODE, edits, applicability=Applicability.UNSAFE)]


def _fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    return fixes(target, read) or handed_fixes(target, read)


PROVIDER = Provider(frozenset({CODE}), frozenset(), _fixes)

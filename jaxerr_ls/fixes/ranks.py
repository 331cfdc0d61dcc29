"""How many axes an expression of a function surely has, read from the code alone: enough to
tell which term of a vector loss makes the vector, and which terms are surely scalars."""

from __future__ import annotations

import ast

from jaxerr_ls.astindex import own_nodes
from jaxerr_ls.fixes.source import FunctionNode
from jaxerr_ls.project import last_name

# Functions of jax.numpy (and numpy, jax.nn, jax.scipy) that work element by element: their
# result has the rank of their widest array argument.
_ELEMENTWISE = frozenset(
    {
        "abs", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "square",
        "sin", "cos", "tan", "tanh", "sinh", "cosh", "arcsin", "arccos", "arctan", "arctan2",
        "sigmoid", "softplus", "relu", "gelu", "silu", "logaddexp", "maximum", "minimum",
        "where", "clip", "power", "sign", "negative", "reciprocal", "erf", "xlogy", "xlog1py",
        "cholesky", "inv", "cbrt", "floor", "ceil", "round",
    }
)  # fmt: skip
# Reductions that give a scalar when no axis is named.
_FULL_REDUCTIONS = frozenset(
    {"sum", "mean", "max", "min", "prod", "std", "var", "logsumexp", "norm", "trace", "det",
     "vdot", "nansum", "nanmean", "median", "average", "all", "any", "size", "ndim", "len"}
)  # fmt: skip
# Module attributes that are numbers.
_CONSTANTS = frozenset({"pi", "e", "inf", "nan", "euler_gamma"})
# How deep a chain of names is followed.
_DEPTH = 30


def _bound_once(function: FunctionNode, name: str) -> ast.expr | None:
    """The value of the one plain assignment of ``name`` in the function's own body."""
    stores = [
        node
        for node in own_nodes(function)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
    ]
    if len(stores) != 1:
        return None
    for node in own_nodes(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and node.targets[0] is stores[0]:
            return node.value
    return None


def _axis_named(call: ast.Call) -> bool:
    return any(k.arg in ("axis", "axes", "keepdims") for k in call.keywords) or (
        last_name(call.func) not in ("vdot", "len", "size", "ndim") and len(call.args) > 1
    )


def surely_scalar(function: FunctionNode, expr: ast.expr, depth: int = 0) -> bool:
    """A number, a size read off a shape, a full reduction, or arithmetic of those."""
    if depth > _DEPTH:
        return False
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, int | float) and not isinstance(expr.value, bool)
    if isinstance(expr, ast.Attribute):
        return expr.attr in _CONSTANTS or expr.attr in ("size", "ndim")
    if isinstance(expr, ast.Subscript):
        value = expr.value
        return isinstance(value, ast.Attribute) and value.attr == "shape"
    if isinstance(expr, ast.Name):
        bound = _bound_once(function, expr.id)
        return bound is not None and surely_scalar(function, bound, depth + 1)
    if isinstance(expr, ast.UnaryOp):
        return surely_scalar(function, expr.operand, depth + 1)
    if isinstance(expr, ast.BinOp) and not isinstance(expr.op, ast.MatMult):
        return surely_scalar(function, expr.left, depth + 1) and surely_scalar(
            function, expr.right, depth + 1
        )
    if isinstance(expr, ast.Call):
        name = last_name(expr.func)
        if name in _FULL_REDUCTIONS and not _axis_named(expr):
            if isinstance(expr.func, ast.Attribute) and not expr.args:
                return True  # ``x.sum()``
            return len(expr.args) == 1 or name == "vdot"
        if name in _ELEMENTWISE or name in ("float", "int"):
            arrays = [a for a in expr.args if not isinstance(a, ast.Starred)]
            return bool(arrays) and all(surely_scalar(function, a, depth + 1) for a in arrays)
    return False


def least_rank(function: FunctionNode, expr: ast.expr, depth: int = 0) -> int:
    """The fewest axes the expression can have (0 where the code does not tell)."""
    if depth > _DEPTH:
        return 0
    if isinstance(expr, ast.Name):
        bound = _bound_once(function, expr.id)
        return least_rank(function, bound, depth + 1) if bound is not None else 0
    if isinstance(expr, ast.UnaryOp):
        return least_rank(function, expr.operand, depth + 1)
    if isinstance(expr, ast.BinOp) and not isinstance(expr.op, ast.MatMult):
        left = least_rank(function, expr.left, depth + 1)
        return max(left, least_rank(function, expr.right, depth + 1))
    if not isinstance(expr, ast.Call):
        return 0
    name = last_name(expr.func)
    arrays = [a for a in expr.args if not isinstance(a, ast.Starred)]
    if name in ("eye", "identity", "outer"):
        return 2
    if name in ("arange", "linspace"):
        return 1
    if name == "diag" and arrays:
        # The diagonal of a matrix is a vector (a vector's diag would be a matrix).
        return 1 if least_rank(function, arrays[0], depth + 1) >= 2 else 0
    if name in _ELEMENTWISE:
        return max((least_rank(function, a, depth + 1) for a in arrays), default=0)
    if name in ("zeros", "ones", "full", "empty") and arrays:
        shape = arrays[0]
        return len(shape.elts) if isinstance(shape, ast.Tuple) else 0
    return 0

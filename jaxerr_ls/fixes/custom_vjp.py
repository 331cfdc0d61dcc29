"""Fixes for custom_vjp bwd rules that return a cotangent of the wrong type.

The message names the returned entry (``output[i]``), the type produced and the type expected
(the input's). One mismatch has a mechanical fix: the entry is a full reduction (``jnp.sum(e)``,
``jnp.mean(e)``, ``e.sum()``, ``e.mean()``) producing a scalar where the input is an array, and
``e`` provably has the input's shape; then the reduction goes. "Provably" means a small shape
analysis of the primal function, the fwd rule and the bwd rule finds ``e`` to be elementwise in
values shaped like that input (the input itself, the output cotangent of a primal that is
elementwise in it, scalars).

Other shape mismatches get no automatic fix: the right cotangent depends on what the rule
computes (a broadcast, a reshape, a different residual), which the types alone do not say, and
returning zeros of the right shape would silence the error while making the gradient wrong.

Nor do dtype-only mismatches: jax 0.10.2 and 0.12.0.1 accept a cotangent of any dtype with the
right shape for an inexact input (``_temporary_dtype_exception`` in custom_derivatives.py, used
by both bwd checks), so a wrong dtype alone never raises these errors; a cast would fix an error
that cannot be observed, and could not be checked against a real run.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from jaxerr_ls.fixes.model import Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import FunctionNode, Source, own_returns
from jaxerr_ls.records import CulpritKind

OUTPUT_TYPE = "custom-vjp-bwd-output-type"
ARGS_MISMATCH = "custom-vjp-bwd-args-mismatch"

# The message's named captures: the returned entry, the type it had and the type expected.
_CAPTURES = frozenset({"output", "got", "expected"})
_TYPE_RE = re.compile(r"^([a-z][a-z0-9]*)\[([0-9,]*)\]$")
_INDEX_RE = re.compile(r"^\[(\d+)\]$")
_REDUCTIONS = frozenset({"sum", "mean"})
# jax.numpy functions whose result has the broadcast shape of their array arguments.
_ELEMENTWISE = frozenset(
    {
        "abs", "absolute", "add", "arctan", "clip", "cos", "cosh", "divide", "exp", "expm1",
        "greater", "greater_equal", "less", "less_equal", "log", "log1p", "logical_and",
        "logical_not", "logical_or", "maximum", "minimum", "multiply", "negative", "power",
        "reciprocal", "relu", "sigmoid", "sign", "sin", "sinh", "sqrt", "square", "subtract",
        "tan", "tanh", "where",
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Type:
    dtype: str
    shape: tuple[int, ...]


def _parse_type(text: str) -> _Type | None:
    found = _TYPE_RE.match(text.strip())
    if found is None:
        return None
    dims = found[2]
    return _Type(found[1], tuple(int(d) for d in dims.split(",")) if dims else ())


def _captured(target: FixTarget) -> tuple[int, _Type, _Type] | None:
    """(output index, produced type, expected type) from the message's captures."""
    captures = target.captures
    if not captures.keys() >= _CAPTURES:
        return None
    # "[0]" from custom_vjp's check; "... at output[0] " from custom_vjp3's, which leads
    # with the rest of its message.
    path = captures["output"].strip().rpartition("at output")[2].strip()
    produced, expected = captures["got"], captures["expected"]
    index = _INDEX_RE.match(path.strip())
    produced_type, expected_type = _parse_type(produced), _parse_type(expected)
    if index is None or produced_type is None or expected_type is None:
        return None
    return int(index[1]), produced_type, expected_type


# --- a small shape analysis: a value is shaped like input i, a scalar, or unknown (None) ---

_SCALAR = "scalar"


def _combine(*shapes: str | None) -> str | None:
    known = {s for s in shapes if s != _SCALAR}
    if None in known or len(known) > 1:
        return None
    return known.pop() if known else _SCALAR


class _Shapes:
    def __init__(self, jnp_names: set[str]) -> None:
        self.jnp_names = jnp_names

    def _is_jnp(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.jnp_names
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "numpy"
            and isinstance(node.value, ast.Name)
            and node.value.id == "jax"
        )

    def of(self, node: ast.expr, env: dict[str, str | None]) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return _SCALAR
        if isinstance(node, ast.Name):
            return env.get(node.id)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.MatMult):
                return None
            return _combine(self.of(node.left, env), self.of(node.right, env))
        if isinstance(node, ast.UnaryOp):
            return self.of(node.operand, env)
        if isinstance(node, ast.Compare):
            return _combine(*(self.of(n, env) for n in (node.left, *node.comparators)))
        if isinstance(node, ast.Call) and not node.keywords:
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "astype":
                return self.of(func.value, env)
            if (
                isinstance(func, ast.Attribute)
                and func.attr in _ELEMENTWISE
                and self._is_jnp(func.value)
                and node.args
                and not any(isinstance(a, ast.Starred) for a in node.args)
            ):
                return _combine(*(self.of(a, env) for a in node.args))
        return None

    def run(self, function: FunctionNode, env: dict[str, str | None]) -> dict[str, str | None]:
        """The environment after the function's straight-line assignments (None if other code)."""
        env = dict(env)
        for statement in function.body[:-1]:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if isinstance(target, ast.Name):
                    env[target.id] = self.of(statement.value, env)
                    continue
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                continue  # a docstring
            raise LookupError("not straight-line code")
        return env


def _plain_params(function: FunctionNode) -> list[str] | None:
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or args.posonlyargs:
        return None
    return [a.arg for a in args.args]


def _final_return(function: FunctionNode) -> ast.expr | None:
    returns = own_returns(function)
    if len(returns) != 1 or function.body[-1] is not returns[0]:
        return None
    return returns[0].value


def _is_plain_custom_vjp(function: FunctionNode) -> bool:
    """Decorated with ``custom_vjp`` itself: no nondiff_argnums shifting the bwd's arguments."""
    for decorator in function.decorator_list:
        if (isinstance(decorator, ast.Attribute) and decorator.attr == "custom_vjp") or (
            isinstance(decorator, ast.Name) and decorator.id == "custom_vjp"
        ):
            return True
    return False


def _reduced_operand(entry: ast.expr, jnp_names: set[str]) -> tuple[ast.expr, str] | None:
    """``e`` of a full reduction ``jnp.sum(e)`` / ``e.sum()`` (no axis, no keywords), and
    the reduction's name."""
    if not isinstance(entry, ast.Call) or entry.keywords:
        return None
    func = entry.func
    if not isinstance(func, ast.Attribute) or func.attr not in _REDUCTIONS:
        return None
    owner = func.value
    if isinstance(owner, ast.Name) and owner.id in jnp_names and len(entry.args) == 1:
        return entry.args[0], f"{owner.id}.{func.attr}"
    if not entry.args and not (isinstance(owner, ast.Name) and owner.id in jnp_names):
        return owner, f".{func.attr}()"
    return None


def _operand_shaped_like_input(
    source: Source, bwd: FunctionNode, operand: ast.expr, index: int
) -> bool:
    """Is the reduced operand provably shaped like the primal's input ``index``?"""
    registration = None
    for node in ast.walk(source.tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "defvjp"
            and isinstance(node.func.value, ast.Name)
            and len(node.args) == 2
            and isinstance(node.args[1], ast.Name)
            and node.args[1].id == bwd.name
            and isinstance(node.args[0], ast.Name)
        ):
            registration = (node.func.value.id, node.args[0].id)
    if registration is None:
        return False
    functions = {f.name: f for f in source.functions() if f.col_offset == 0}
    primal, fwd = functions.get(registration[0]), functions.get(registration[1])
    if primal is None or fwd is None or not _is_plain_custom_vjp(primal):
        return False
    primal_params, fwd_params, bwd_params = map(_plain_params, (primal, fwd, bwd))
    if primal_params is None or fwd_params is None or bwd_params is None:
        return False
    if len(bwd_params) != 2 or not 0 <= index < len(primal_params) == len(fwd_params):
        return False
    shapes = _Shapes(set(source.module_aliases("jax.numpy")))
    primal_return, fwd_return = _final_return(primal), _final_return(fwd)
    if primal_return is None or not isinstance(fwd_return, ast.Tuple):
        return False
    if len(fwd_return.elts) != 2:
        return False
    try:
        primal_env = shapes.run(primal, {p: f"in{i}" for i, p in enumerate(primal_params)})
        fwd_env = shapes.run(fwd, {p: f"in{i}" for i, p in enumerate(fwd_params)})
        out_shape = shapes.of(primal_return, primal_env)
        residuals = fwd_return.elts[1]
        bwd_env: dict[str, str | None] = {bwd_params[1]: out_shape}
        if isinstance(residuals, ast.Tuple):
            return False  # residual tuples are unpacked in ways this analysis does not follow
        bwd_env[bwd_params[0]] = shapes.of(residuals, fwd_env)
        bwd_env = shapes.run(bwd, bwd_env)
    except LookupError:
        return False
    return shapes.of(operand, bwd_env) == f"in{index}"


def _culprit_entry(
    target: FixTarget, read: ReadSource, index: int
) -> tuple[Source, FunctionNode, ast.expr] | None:
    for culprit in target.culprits:
        if culprit.kind != CulpritKind.CUSTOM_VJP_BWD:
            continue
        source = Source.parse(culprit.span.path, read(culprit.span.path))
        if source is None:
            continue
        for function in source.functions():
            if function.name != culprit.name:
                continue
            returns = [r for r in own_returns(function) if r.value is not None]
            # The culprit is the last return: if it moved, the code is not what failed.
            if not returns or returns[-1].lineno != culprit.span.line:
                continue
            value = returns[-1].value
            if isinstance(value, ast.Tuple | ast.List) and index < len(value.elts):
                entry = value.elts[index]
                if not isinstance(entry, ast.Starred):
                    return source, function, entry
    return None


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    captured = _captured(target)
    if captured is None:
        return []
    index, produced, expected = captured
    found = _culprit_entry(target, read, index)
    if found is None:
        return []
    source, bwd, entry = found

    if produced.dtype == expected.dtype and produced.shape == () and expected.shape:
        jnp_names = set(source.module_aliases("jax.numpy"))
        reduced = _reduced_operand(entry, jnp_names)
        if reduced is None or not _operand_shaped_like_input(source, bwd, reduced[0], index):
            return []
        operand, reduction = reduced
        return [
            Fix(
                title=f"Remove {reduction} so output[{index}] keeps the input's shape",
                code=target.code,
                edits=(source.replace(entry, source.segment(operand)),),
                preferred=True,
            )
        ]
    return []


PROVIDER = Provider(frozenset({OUTPUT_TYPE, ARGS_MISMATCH}), _CAPTURES, fixes)

"""Where a custom rule's output of the wrong type comes from, and the change the types prove.

JAX names the entry of a rule's output that has the wrong type, the type it has and the type it
should have (``float32[1,1]`` where the input is ``float32[1]``). Read against the rule's source,
the two types often say exactly what to change: a reduction that kept its axis
(``keepdims=True``), one that reduced the other axis, a matmul in the transposed orientation, a
scalar zero standing for a whole array's zero cotangent, a dtype that drifted. Each change
here is chosen only when the types leave no other reading; the culprit finder puts the culprit
on the statement it changes, and the fixes make the edit. Nothing here imports the fixes'
package: the culprit finder, which runs before any fix, reads it too.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from jaxerr_ls.astindex import own_nodes
from jaxerr_ls.library import library
from jaxerr_ls.project import class_fields, last_name
from jaxerr_ls.spans import Edit, Span, ast_span

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_TYPE_RE = re.compile(r"^([a-z][a-z0-9]*)\[([0-9,]*)\]$")
_REDUCTIONS = frozenset(
    {"sum", "mean", "max", "min", "prod", "amax", "amin", "nansum", "nanmean", "std", "var"}
)
_MATMULS = frozenset({"dot", "matmul"})
_ZERO_MAKERS = frozenset({"zeros", "zeros_like"})
# Expressions that need no parentheses before ``.T`` or ``.astype(...)``.
_ATOMIC = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)


@dataclass(frozen=True, slots=True)
class ArrayType:
    """A type as JAX prints it: ``float32[8,4]``."""

    dtype: str
    shape: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.dtype}[{','.join(map(str, self.shape))}]"


def parse_type(text: str) -> ArrayType | None:
    """``float32[8,4]`` (a sentence's final period aside) as a type; None for anything else."""
    found = _TYPE_RE.match(text.strip().removesuffix("."))
    if found is None:
        return None
    dims = found[2]
    return ArrayType(found[1], tuple(int(d) for d in dims.split(",")) if dims else ())


@dataclass(frozen=True, slots=True)
class Change:
    """The change an entry of a rule's output needs: where it lands, why, and its edits."""

    statement: Span
    why: str
    title: str
    # Empty when the types prove where the change belongs but not what it is.
    edits: tuple[Edit, ...]
    # Keeps what the program computes (only the shape, dtype or orientation changes).
    safe: bool


class RuleCode:
    """A module's text and tree, as the culprit finder and the fixes both read a rule in it."""

    def __init__(self, path: Path, text: str, tree: ast.Module) -> None:
        self.path = path
        self.text = text
        self.tree = tree
        self.lines = text.splitlines()

    def span(self, node: ast.AST) -> Span:
        return ast_span(self.path, node, self.lines)

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or ""

    def replace(self, node: ast.AST, new_text: str) -> Edit:
        return Edit(self.span(node), new_text)

    def jnp_names(self) -> set[str]:
        """The names this module gives ``jax.numpy`` (``jnp``), ``jax.numpy`` itself aside."""
        names = set()
        for node in self.tree.body:
            if isinstance(node, ast.Import):
                names |= {a.asname for a in node.names if a.name == "jax.numpy" and a.asname}
            elif isinstance(node, ast.ImportFrom) and node.module == "jax":
                names |= {a.asname or a.name for a in node.names if a.name == "numpy"}
        return names

    def jnp(self) -> str | None:
        """How this module can spell ``jax.numpy``, or None."""
        names = sorted(self.jnp_names())
        if names:
            return names[0]
        imports_jax = any(
            isinstance(n, ast.Import) and any(a.name == "jax" and not a.asname for a in n.names)
            for n in self.tree.body
        )
        return "jax.numpy" if imports_jax else None


def last_return(function: FunctionNode) -> ast.Return | None:
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return) and n.value is not None]
    return max(returns, key=lambda n: (n.lineno, n.col_offset), default=None)


def returned_entry(function: FunctionNode, index: int | None) -> tuple[ast.Return, ast.expr] | None:
    """The last ``return`` of the function and its entry ``index`` (of a tuple or list); with
    ``index`` None, the whole value it returns (a helper building one entry of a rule's)."""
    ret = last_return(function)
    if index is None:
        return None if ret is None or ret.value is None else (ret, ret.value)
    if ret is None or not isinstance(ret.value, ast.Tuple | ast.List):
        return None
    elts = ret.value.elts
    if not 0 <= index < len(elts) or any(isinstance(e, ast.Starred) for e in elts):
        return None
    return ret, elts[index]


def single_definition(function: FunctionNode, name: str) -> ast.Assign | None:
    """``name = value``, a statement of the function's body, when it is the only binding of
    ``name`` in the function (a parameter counts as one)."""
    args = function.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    if name in params or name in {a.arg for a in (args.vararg, args.kwarg) if a}:
        return None
    stores = [
        n
        for n in own_nodes(function)
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
    ]
    if len(stores) != 1:
        return None
    for statement in function.body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and statement.targets[0] is stores[0]
        ):
            return statement
    return None


# --- reductions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Reduction:
    call: ast.Call
    name: str
    # The ``axis`` argument's node (keyword value or positional), None when absent.
    axis: ast.expr | None
    keepdims: ast.keyword | None


def _int_of(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and type(node.operand.value) is int
    ):
        return -node.operand.value
    return None


def _module_int(tree: ast.Module, name: str) -> int | None:
    """The integer a module constant holds (``PATIENT_AXIS = 0``): assigned once, at module
    level, and bound nowhere else in the module."""
    stores = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)
    ]
    assigned = [
        statement
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and statement.targets[0].id == name
    ]
    if len(stores) != 1 or len(assigned) != 1 or assigned[0].targets[0] is not stores[0]:
        return None
    return _int_of(assigned[0].value)


def _axes_of(node: ast.expr | None, rank: int) -> list[int] | None:
    """The axes an ``axis`` argument names, normalized; all axes when absent."""
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return list(range(rank))
    items = node.elts if isinstance(node, ast.Tuple) else [node]
    axes = [_int_of(item) for item in items]
    if any(a is None or not -rank <= a < rank for a in axes):
        return None
    return sorted({a % rank for a in axes if a is not None})


def _reduction(node: ast.expr, jnp_names: set[str]) -> _Reduction | None:
    """``jnp.sum(x, axis, keepdims=...)`` or ``x.sum(axis, keepdims=...)``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    func = node.func
    if func.attr not in _REDUCTIONS or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    keywords = {k.arg: k for k in node.keywords}
    if None in keywords or not set(keywords) <= {"axis", "keepdims"}:
        return None
    is_module = _is_module(func.value, jnp_names)
    positional = node.args[1:] if is_module else node.args
    if (is_module and not node.args) or len(positional) > 1:
        return None
    axis = keywords["axis"].value if "axis" in keywords else None
    if positional:
        if axis is not None:
            return None
        axis = positional[0]
    return _Reduction(node, func.attr, axis, keywords.get("keepdims"))


def _shape_kept(node: ast.expr) -> ast.expr:
    """What a sign or a product with a number leaves the shape of: ``x`` of ``-x``,
    ``2.0 * x``, ``x / n_points``... (a number literal only, whose shape is ``()``)."""
    while True:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            node = node.operand
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mult | ast.Div)
            and _is_number(node.right)
        ):
            node = node.left
        elif (
            isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and _is_number(node.left)
        ):
            node = node.right
        else:
            return node


def _is_module(node: ast.expr, jnp_names: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in jnp_names or node.id in ("np", "jnp")
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "numpy"
        and isinstance(node.value, ast.Name)
        and node.value.id == "jax"
    )


def _is_true(keyword: ast.keyword | None) -> bool:
    return (
        keyword is not None
        and isinstance(keyword.value, ast.Constant)
        and keyword.value.value is True
    )


def _drop_keyword(code: RuleCode, call: ast.Call, keyword: ast.keyword) -> Edit:
    """Remove ``, keepdims=True`` from the call (from the end of what comes before it)."""
    before = [*call.args, *(k.value for k in call.keywords if k is not keyword)]
    before = [n for n in before if (n.end_lineno or 0, n.end_col_offset or 0) <= _start(keyword)]
    previous = max(before, key=lambda n: (n.end_lineno or 0, n.end_col_offset or 0))
    start, end = code.span(previous), code.span(keyword)
    return Edit(Span(code.path, start.end_line, start.end_col, end.end_line, end.end_col), "")


def _start(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _kept_axes_change(
    code: RuleCode, reduction: _Reduction, got: ArrayType, expected: ArrayType
) -> tuple[str, Edit] | None:
    """``keepdims=True`` where the input has the reduced shape without the kept axes."""
    if not _is_true(reduction.keepdims) or got.dtype != expected.dtype:
        return None
    axes = _axes_of(reduction.axis, len(got.shape))
    if axes is None or any(got.shape[a] != 1 for a in axes):
        return None
    kept = tuple(d for i, d in enumerate(got.shape) if i not in axes)
    if kept != expected.shape:
        return None
    assert reduction.keepdims is not None
    return "keepdims=True", _drop_keyword(code, reduction.call, reduction.keepdims)


def _other_axis_change(
    code: RuleCode, reduction: _Reduction, got: ArrayType, expected: ArrayType
) -> tuple[str, Edit] | None:
    """A one-axis reduction whose other axis gives the input's shape, the only one that does."""
    if _is_true(reduction.keepdims) or reduction.axis is None or got.dtype != expected.dtype:
        return None
    written = _int_of(reduction.axis)
    if written is None and isinstance(reduction.axis, ast.Name):
        written = _module_int(code.tree, reduction.axis.id)
    rank = len(got.shape) + 1
    if written is None or not -rank <= written < rank or len(expected.shape) != len(got.shape):
        return None
    axis = written % rank
    fits = set()
    for size in set(expected.shape):
        operand = [*got.shape[:axis], size, *got.shape[axis:]]
        for other in range(rank):
            if other != axis and (operand[:other] + operand[other + 1 :]) == list(expected.shape):
                fits.add(other)
    if len(fits) != 1:
        return None
    other = fits.pop()
    spelled = other - rank if written < 0 else other
    return f"axis={code.segment(reduction.axis)}", code.replace(reduction.axis, str(spelled))


def _unit_axes_change(
    code: RuleCode, reduction: _Reduction, got: ArrayType, expected: ArrayType
) -> Edit | None:
    """A reduction over written axes whose result is ``expected`` with those axes, of size 1
    there, removed: the input was broadcast along them, so the sum keeps them as unit axes
    (``keepdims=True``). Removing the reduction instead would leave the operand's full size
    on those axes, which the expected type does not have."""
    if reduction.keepdims is not None or reduction.axis is None or got.dtype != expected.dtype:
        return None
    axes = _axes_of(reduction.axis, len(expected.shape))
    if not axes or len(got.shape) != len(expected.shape) - len(axes):
        return None
    if any(expected.shape[a] != 1 for a in axes):
        return None
    if tuple(d for i, d in enumerate(expected.shape) if i not in axes) != got.shape:
        return None
    call = reduction.call
    last = max(
        [*call.args, *(k.value for k in call.keywords)],
        key=lambda n: (n.end_lineno or 0, n.end_col_offset or 0),
    )
    end = code.span(last)
    return Edit(
        Span(code.path, end.end_line, end.end_col, end.end_line, end.end_col), ", keepdims=True"
    )


def _axis_kept_change(
    code: RuleCode, reduction: _Reduction, got: ArrayType, expected: ArrayType
) -> tuple[str, str, Edit, bool] | None:
    """A reduction removing an axis the expected type has: why, the title, the edit and
    whether it is safe (of size 1, kept by ``keepdims=True``; else the reduction goes)."""
    name = reduction.name
    unit = _unit_axes_change(code, reduction, got, expected)
    if unit is not None:
        why = f"`{name}` removes an axis of size 1 that {expected} keeps."
        return why, f"Keep the reduced axis: {name}(..., keepdims=True)", unit, True
    dropped = _dropped_axis_change(code, reduction, got, expected)
    if dropped is not None:
        why = f"`{name}` removes an axis that {expected} has."
        return why, f"Keep the axis: {dropped.new_text} instead of the {name}", dropped, False
    return None


def _dropped_axis_change(
    code: RuleCode, reduction: _Reduction, got: ArrayType, expected: ArrayType
) -> Edit | None:
    """A reduction over one written axis whose result is the input's shape without that
    axis: the entry must keep the axis, so the reduction goes (its operand stays). Unsafe:
    the operand's shape is the input's only as far as the types suggest."""
    if reduction.keepdims is not None or reduction.axis is None or got.dtype != expected.dtype:
        return None
    axis = _int_of(reduction.axis)
    rank = len(expected.shape)
    if axis is None or not -rank <= axis < rank or len(got.shape) != rank - 1:
        return None
    axis %= rank
    if expected.shape[:axis] + expected.shape[axis + 1 :] != got.shape:
        return None
    call = reduction.call
    func = call.func
    assert isinstance(func, ast.Attribute)
    operand = call.args[0] if _is_module(func.value, code.jnp_names()) else func.value
    return code.replace(call, code.segment(operand))


def _full_reduction_change(
    code: RuleCode, reduction: _Reduction, got: ArrayType, expected: ArrayType, tangent: bool
) -> tuple[str, tuple[Edit, ...]] | None:
    """A reduction over every axis (no ``axis``) that gives a scalar where the input is an
    array: the reduction is where the change belongs. When the input has axes of size 1
    beside others (a per-channel ``(C, 1)`` parameter broadcast against ``(C, N)``), the
    cotangent sums over those axes only, kept: ``axis=1, keepdims=True``; that assumes the
    operand has the input's rank, so the edit is unsafe. When it has none, the input was
    broadcast against leading axes (a per-feature ``(D,)`` gain times a ``(..., D)`` batch, as
    NumPy aligns shapes from the right): the sum runs over those, however many the operand
    has (``axis=tuple(range(x.ndim - 1))``), unsafe too. That is the adjoint of broadcasting, a
    cotangent's: a custom_jvp ``tangent`` reduced so runs over the axes its primal reduces,
    which the types do not say (no edit)."""
    if reduction.axis is not None or reduction.keepdims is not None:
        return None
    if got.shape or not expected.shape or got.dtype != expected.dtype:
        return None
    unit = [i for i, size in enumerate(expected.shape) if size == 1]
    call = reduction.call
    if len(unit) == len(expected.shape):
        # An input of size 1 (``(1,)``, ``(1, 1)``) broadcasts against every axis of the
        # operand: the full sum is its cotangent, in the input's shape (a mean or a norm is
        # not what a broadcast's cotangent is: those keep no edit).
        module = code.jnp()
        if module is None or reduction.name != "sum":
            return (f"Reduce over the broadcast axes only (output must be {expected})", ())
        shape = f"({', '.join(map(str, expected.shape))}{',' if len(unit) == 1 else ''})"
        edit = code.replace(call, f"{module}.reshape({code.segment(call)}, {shape})")
        return (f"Reshape the full {reduction.name} to the input's shape {shape}", (edit,))
    if not unit and tangent:
        return "", ()
    if not unit:
        func = call.func
        operands = (
            call.args[:1]
            if not isinstance(func, ast.Attribute) or _is_module(func.value, code.jnp_names())
            else [func.value]
        )
        if not operands:
            return None
        axes = f"tuple(range({_text(code, operands[0])}.ndim - {len(expected.shape)}))"
        keyword = f"axis={axes}"
        title = f"Reduce over the leading axes only, keeping the input's shape {expected}"
    else:
        axes = str(unit[0]) if len(unit) == 1 else f"({', '.join(map(str, unit))})"
        keyword = f"axis={axes}, keepdims=True"
        title = f"Reduce over axis={axes} only, keeping it (the input's shape {expected})"
    written = [*call.args, *(k.value for k in call.keywords)]
    if written:
        # After the last argument, keeping what follows it (a comment, a trailing comma).
        at = code.span(max(written, key=_end))
        insert = Span(code.path, at.end_line, at.end_col, at.end_line, at.end_col)
        return title, (Edit(insert, f", {keyword}"),)
    # ``x.sum()``: inside its empty parentheses.
    end = code.span(call)
    line = code.lines[end.end_line - 1] if end.end_line <= len(code.lines) else ""
    if end.end_col < 1 or line[end.end_col - 1 : end.end_col] != ")":
        return None
    insert = Span(code.path, end.end_line, end.end_col - 1, end.end_line, end.end_col - 1)
    return title, (Edit(insert, keyword),)


def _end(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "end_lineno", 0) or 0, getattr(node, "end_col_offset", 0) or 0


def _unbroadcast_change(
    code: RuleCode, entry: ast.expr, index: int, got: ArrayType, expected: ArrayType
) -> tuple[str, Edit] | None:
    """A cotangent of the output's shape for an input the primal broadcast (a per-feature
    gain ``(D,)`` times a ``(B, D)`` batch): the adjoint of broadcasting sums over the
    broadcast axes, the leading ones JAX added (``axis=0``) or the axes of size 1 the input
    has (``axis=1, keepdims=True``), as JAX's own rules do. Unsafe: it assumes the primal
    broadcast the input, which the types suggest but do not prove."""
    if got.dtype != expected.dtype or len(got.shape) < len(expected.shape) or got == expected:
        return None
    lead = len(got.shape) - len(expected.shape)
    tail = got.shape[lead:]
    if any(e not in (1, g) for e, g in zip(expected.shape, tail, strict=True)):
        return None
    unit = [lead + i for i, (e, g) in enumerate(zip(expected.shape, tail, strict=True)) if e != g]
    module = code.jnp()
    if module is None or (lead and unit):
        return None
    axes = list(range(lead)) or unit
    spelled = str(axes[0]) if len(axes) == 1 else f"({', '.join(map(str, axes))})"
    kept = ", keepdims=True" if unit else ""
    new = f"{module}.sum({code.segment(entry)}, axis={spelled}{kept})"
    return f"Sum output[{index}] over the broadcast axis={spelled}", code.replace(entry, new)


def _only_new_axes(node: ast.expr) -> int:
    """How many axes ``x[:, None]`` / ``x[..., jnp.newaxis]`` adds: its index holds only
    full slices, an ellipsis and ``None`` / ``newaxis`` (0 for any other index)."""
    items = node.elts if isinstance(node, ast.Tuple) else [node]
    added = 0
    for item in items:
        if (isinstance(item, ast.Constant) and item.value is None) or (
            isinstance(item, ast.Attribute) and item.attr == "newaxis"
        ):
            added += 1
        elif isinstance(item, ast.Slice) and item.lower is item.upper is item.step is None:
            continue
        elif not (isinstance(item, ast.Constant) and item.value is Ellipsis):
            return 0
    return added


def _new_axis_change(
    code: RuleCode, value: ast.expr, got: ArrayType, expected: ArrayType
) -> tuple[ast.Subscript, Edit] | None:
    """An entry of one more axis than expected, built with one ``x[:, None]`` (a column times
    a row: an outer product where an elementwise product was meant): the added axis goes.
    Unsafe: it assumes ``x`` has the expected shape, which the types suggest."""
    extra = len(got.shape) - len(expected.shape)
    if got.dtype != expected.dtype or extra < 1:
        return None
    adding = [
        n
        for n in ast.walk(value)
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and _only_new_axes(n.slice)
    ]
    if len(adding) != 1 or _only_new_axes(adding[0].slice) != extra:
        return None
    subscript = adding[0]
    return subscript, code.replace(subscript, _text(code, subscript.value))


# --- other entries -------------------------------------------------------------------------


def _text(code: RuleCode, node: ast.expr) -> str:
    text = code.segment(node)
    return text if isinstance(node, _ATOMIC) else f"({text})"


def _transposed(code: RuleCode, node: ast.expr) -> str:
    """``node.T``, spelled without a double transpose."""
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return _text(code, node.value)
    return f"{_text(code, node)}.T"


def _transpose_change(
    code: RuleCode, node: ast.expr, got: ArrayType, expected: ArrayType
) -> tuple[str, Edit] | None:
    """``a @ b`` (or ``jnp.dot(a, b)``) whose result is the input's transpose: ``b.T @ a.T``."""
    if (
        len(got.shape) != 2
        or got.shape != expected.shape[::-1]
        or got.shape == expected.shape
        or got.dtype != expected.dtype
    ):
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        left, right = node.left, node.right
        new = f"{_transposed(code, right)} @ {_transposed(code, left)}"
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _MATMULS
        and _is_module(node.func.value, code.jnp_names())
        and len(node.args) == 2
        and not node.keywords
        and not any(isinstance(a, ast.Starred) for a in node.args)
    ):
        left, right = node.args
        new = f"{code.segment(node.func)}({_transposed(code, right)}, {_transposed(code, left)})"
    else:
        return None
    return "the transposed product", code.replace(node, new)


def is_zero(node: ast.expr, jnp_names: set[str]) -> bool:
    """A literal zero: ``0``, ``0.0``, ``jnp.zeros(...)``, ``jnp.zeros_like(...)``,
    ``jnp.array(0.0)``."""
    if isinstance(node, ast.Constant):
        return type(node.value) in (int, float) and node.value == 0
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    if not _is_module(node.func.value, jnp_names):
        return False
    if node.func.attr in _ZERO_MAKERS:
        return True
    return (
        node.func.attr in ("array", "asarray", "float32", "float16", "float64")
        and len(node.args) == 1
        and is_zero(node.args[0], jnp_names)
    )


def _extra_unit_axis(got: ArrayType, expected: ArrayType) -> int | None:
    """The axis of ``got`` that is 1 and that ``expected`` lacks (negative from the end)."""
    if got.dtype != expected.dtype or len(got.shape) != len(expected.shape) + 1:
        return None
    for axis in range(len(got.shape) - 1, -1, -1):
        if got.shape[axis] == 1 and got.shape[:axis] + got.shape[axis + 1 :] == expected.shape:
            return axis - len(got.shape)
    return None


def _extra_unit_axes(got: ArrayType, expected: ArrayType) -> tuple[int, ...] | None:
    """The axes of ``got`` (negative from the end), two or more, that are 1 and that
    ``expected`` lacks: every axis of size 1 where ``expected`` has none, else the leading
    ones (broadcasting aligns shapes from the right)."""
    if got.dtype != expected.dtype or len(got.shape) < len(expected.shape) + 2:
        return None
    if 1 not in expected.shape:
        if tuple(d for d in got.shape if d != 1) != expected.shape:
            return None
        axes = [i for i, d in enumerate(got.shape) if d == 1]
    else:
        extra = len(got.shape) - len(expected.shape)
        if got.shape[extra:] != expected.shape or any(d != 1 for d in got.shape[:extra]):
            return None
        axes = list(range(extra))
    return tuple(a - len(got.shape) for a in axes)


def _has_kept_reduction(node: ast.AST, jnp_names: set[str]) -> bool:
    return any(
        (r := _reduction(n, jnp_names)) is not None and _is_true(r.keepdims)
        for n in ast.walk(node)
        if isinstance(n, ast.expr)
    )


def _array_library(node: ast.expr, jnp_names: set[str]) -> bool:
    """``jnp``, ``np``, ``jax``, ``lax``, ``jax.numpy``...: a name of the array libraries."""
    root = node
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(root, ast.Name) and (
        root.id in jnp_names or root.id in ("jnp", "np", "numpy", "jax", "lax")
    )


def _shape_chosen(code: RuleCode, definition: ast.Assign | None, jnp_names: set[str]) -> bool:
    """Whether the entry's definition chooses its shape by a call the author chose: a
    reduction, or a function of the program (a helper of the module or of a module it
    imports), not the array library's elementwise operations nor a builtin. A shape wrong
    there is that call's: the change belongs at the definition, not at the ``return``."""
    if definition is None:
        return False
    imported = {
        (alias.asname or alias.name).split(".")[0]
        for node in code.tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    for node in ast.walk(definition.value):
        if not isinstance(node, ast.Call):
            continue
        if _reduction(node, jnp_names) is not None:
            return True
        func = node.func
        if isinstance(func, ast.Name) and not hasattr(builtins, func.id):
            return True
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in imported
            and not _array_library(func.value, jnp_names)
        ):
            return True
    return False


def entry_change(
    code: RuleCode,
    function: FunctionNode,
    index: int,
    got: ArrayType,
    expected: ArrayType,
    *,
    tangent_of: str | None = None,
    returned: tuple[ast.stmt, ast.expr] | None = None,
    helper: bool = False,
) -> Change | None:
    """The change entry ``index`` of the rule's last return needs to have type ``expected``.

    ``tangent_of`` is set for a custom_jvp rule's tangent (entry 1): the rule's primal entry,
    whose dtype the tangent must have. A custom_vjp bwd rule may return None for an input (a
    zero cotangent); a custom_jvp tangent may not. ``returned`` names the return and the value
    that stand for that entry instead (what a helper the rule calls for it returns). With
    ``helper``, ``function`` is a helper whose whole return value the rule returns as that
    entry: only the changes its own expressions prove are looked for (not those that need the
    rule's primal).
    """
    found = returned or returned_entry(function, None if helper else index)
    if found is None or got == expected:
        return None
    ret, entry = found
    jnp_names = code.jnp_names()
    definition = single_definition(function, entry.id) if isinstance(entry, ast.Name) else None
    said = f"`{code.segment(entry)}` is {got} where {expected} is expected"
    place, value = (definition, definition.value) if definition else (ret, entry)

    # A bwd rule's cotangent reduced under a sign or a scale (``-jnp.sum(w, axis=0)``); a jvp
    # rule's tangent is matched as written (its primal entry may be what is wrong).
    reduction = _reduction(value if tangent_of is not None else _shape_kept(value), jnp_names)
    if reduction is not None:
        kept = _kept_axes_change(code, reduction, got, expected)
        if kept is not None:
            return Change(
                code.span(place),
                f"{said}: the reduction keeps its axes with `keepdims=True`.",
                "Reduce without keepdims=True",
                (kept[1],),
                safe=True,
            )
        other = _other_axis_change(code, reduction, got, expected)
        if other is not None:
            new_axis = other[1].new_text
            return Change(
                code.span(place),
                f"{said}: `{reduction.name}` reduces the other axis.",
                f"Reduce over axis={new_axis} instead of {other[0]}",
                (other[1],),
                safe=False,
            )
        axis_kept = _axis_kept_change(code, reduction, got, expected)
        if axis_kept is not None:
            why, title, edit, safe = axis_kept
            return Change(code.span(place), f"{said}: {why}", title, (edit,), safe=safe)
        full = _full_reduction_change(code, reduction, got, expected, tangent_of is not None)
        if full is not None:
            title, edits = full
            return Change(
                code.span(place),
                f"{said}: `{reduction.name}` reduces every axis, where the input keeps some.",
                title,
                edits,
                safe=False,
            )
    transposed = _transpose_change(code, value, got, expected)
    if transposed is not None:
        return Change(
            code.span(place),
            f"{said}: the product is computed in the transposed orientation.",
            "Compute the cotangent in the input's orientation (transpose the product)",
            (transposed[1],),
            safe=True,
        )
    if tangent_of is None and not helper and is_zero(entry, jnp_names):
        return Change(
            code.span(ret),
            f"{said}: a zero cotangent for an input is `None`.",
            f"Return None (a zero cotangent) for output[{index}]",
            (code.replace(entry, "None"),),
            safe=True,
        )
    axis = _extra_unit_axis(got, expected)
    module = code.jnp()
    # Where a size-1 axis or a broadcast shape is fixed: the definition when a call chose it.
    chosen = definition if _shape_chosen(code, definition, jnp_names) else None
    if axis is not None and module is not None:
        kept_in = definition if definition and _has_kept_reduction(definition, jnp_names) else None
        why = f"{said}: it keeps an axis of size 1." + (
            " It comes from a reduction with `keepdims=True`." if kept_in else ""
        )
        return Change(
            code.span(kept_in or chosen or ret),
            why,
            f"Squeeze axis {axis} of output[{index}]",
            (code.replace(entry, f"{module}.squeeze({code.segment(entry)}, axis={axis})"),),
            safe=True,
        )
    axes = _extra_unit_axes(got, expected)
    if axes is not None and module is not None:
        # ``row @ col``, a (1, 1) product where one value is due: the same value, squeezed.
        spelled = f"({', '.join(map(str, axes))})"
        return Change(
            code.span(chosen or ret),
            f"{said}: it has axes of size 1 that {expected} lacks, around the same values.",
            f"Squeeze axes {spelled} of output[{index}]",
            (code.replace(entry, f"{module}.squeeze({code.segment(entry)}, axis={spelled})"),),
            safe=True,
        )
    added = _new_axis_change(code, value, got, expected)
    if added is not None:
        return Change(
            code.span(place),
            f"{said}: `{code.segment(added[0])}` adds an axis, which broadcasts the product to "
            "an outer product.",
            f"Drop the added axis: {added[1].new_text} instead of {code.segment(added[0])}",
            (added[1],),
            safe=False,
        )
    if definition is not None and got.shape != expected.shape and _templated(definition.value):
        # ``dgamma = jnp.zeros_like(out)``: the shape is the template's, and which template
        # to take is the change, where the entry is defined. A zero cotangent can be None.
        zero = tangent_of is None and is_zero(definition.value, jnp_names)
        return Change(
            code.span(definition),
            f"{said}: `{code.segment(entry)}` takes the shape of the template given here.",
            f"Return None (a zero cotangent) for output[{index}]" if zero else "",
            (code.replace(entry, "None"),) if zero else (),
            safe=zero,
        )
    summed = (
        _unbroadcast_change(code, entry, index, got, expected)
        if tangent_of is None and not helper
        else None
    )
    if summed is not None:
        return Change(
            code.span(chosen or ret),
            f"{said}: it is larger than its input; where the primal broadcast that input, its "
            "cotangent is the sum over the broadcast axes.",
            summed[0],
            (summed[1],),
            safe=False,
        )
    primal_axis = _extra_unit_axis(expected, got)
    if helper:
        pass  # the primal and its entries are the rule's, not the helper's
    elif tangent_of is not None and primal_axis is not None and module is not None:
        return _primal_axis_change(code, function, primal_axis, module, got)
    elif tangent_of is not None and got.shape == expected.shape and got.dtype != expected.dtype:
        dtype = f"{tangent_of}.dtype" if tangent_of.isidentifier() else None
        if dtype is None and module is not None:
            dtype = f"{module}.{expected.dtype}"
        if dtype is None:
            return None
        # The cast goes on the returned tangent; the culprit is the operand that brought the
        # other dtype in, when the rule builds exactly one array without saying its dtype.
        promoter = _dtype_maker(function, entry, jnp_names)
        why = f"{said}: the tangent must have the primal output's dtype." + (
            f" `{promoter.targets[0].id}` is built here without a dtype"  # type: ignore[attr-defined]
            " and promotes it."
            if promoter is not None
            else ""
        )
        return Change(
            code.span(promoter or definition or ret),
            why,
            f"Cast the tangent to {expected.dtype}",
            (code.replace(entry, f"{_text(code, entry)}.astype({dtype})"),),
            safe=True,
        )
    if (
        definition is not None
        and got.shape != expected.shape
        and makes_shape(definition.value)
        and _read_only_by(function, entry, ret)
    ):
        # The types say the entry's shape is wrong, and the one statement that gives it a shape
        # is its definition, made only to be returned there: the change belongs there, though
        # the types do not say which. (A value the rule also uses otherwise, ``norm`` in the
        # scale it computes, is right for that use: returning it is the mistake.)
        return Change(
            code.span(definition),
            f"{said}: `{code.segment(entry)}` gets that shape here.",
            "",
            (),
            safe=False,
        )
    return None


# Calls and methods whose result's shape is their own making, not their operands'.
_SHAPE_MAKERS = frozenset(
    {
        "reshape",
        "ravel",
        "flatten",
        "transpose",
        "swapaxes",
        "moveaxis",
        "squeeze",
        "expand_dims",
        "broadcast_to",
        "tile",
        "repeat",
        "concatenate",
        "stack",
        "hstack",
        "vstack",
        "outer",
        "einsum",
        "take",
        "zeros",
        "ones",
        "full",
        "empty",
        "eye",
        "arange",
        "linspace",
        "dot",
        "matmul",
        "tensordot",
        *_REDUCTIONS,
    }
)
# Constructors that take the default dtype (float32) unless given one.
_DTYPE_MAKERS = frozenset({"array", "asarray", "zeros", "ones", "full", "empty", "linspace"})


# Constructors whose result has the shape of the array they are given.
_TEMPLATED = frozenset({"zeros_like", "ones_like", "full_like", "empty_like"})


def _templated(value: ast.expr) -> bool:
    """``jnp.zeros_like(out)``: an array shaped like its template."""
    return isinstance(value, ast.Call) and last_name(value.func) in _TEMPLATED


def makes_shape(value: ast.expr) -> bool:
    """The value's outermost operation sets its shape: ``g.reshape(-1, d)``, ``a @ b``,
    ``jnp.zeros((n, d))``, a reduction, ``segment_sum(..., num_segments=n)``, a helper of the
    project: any call but one that gives its operands' shape back (``jnp.tanh``, ``add``,
    ``.astype``: the library tables say which)."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.MatMult):
        return True
    if isinstance(value, ast.Attribute):
        return value.attr in ("T", "mT")
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    name = (
        func.attr
        if isinstance(func, ast.Attribute)
        else func.id
        if isinstance(func, ast.Name)
        else None
    )
    if name is None:
        return False
    if name in _SHAPE_MAKERS:
        return True
    return name not in _SHAPE_KEEPING_METHODS and not library().keeps_shape(name)


def _read_only_by(function: FunctionNode, entry: ast.expr, ret: ast.stmt) -> bool:
    """Is the name ``entry`` read nowhere in the function but in the ``return``?"""
    if not isinstance(entry, ast.Name):
        return False
    reads = [
        n
        for n in own_nodes(function)
        if isinstance(n, ast.Name) and n.id == entry.id and isinstance(n.ctx, ast.Load)
    ]
    in_return = {id(n) for n in ast.walk(ret)}
    return all(id(n) in in_return for n in reads)


# Array methods whose result has the array's shape.
_SHAPE_KEEPING_METHODS = frozenset({"astype", "conj", "real", "imag", "copy", "clip", "round"})


def _is_number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float, complex)


def _dtype_maker(function: FunctionNode, entry: ast.expr, jnp_names: set[str]) -> ast.Assign | None:
    """The one local of the returned expression whose definition builds an array without a
    dtype (``jnp.asarray(COEFFS)``): the operand that promotes the expression's dtype."""
    found = []
    for name in {n.id for n in ast.walk(entry) if isinstance(n, ast.Name)}:
        definition = single_definition(function, name)
        if definition is None:
            continue
        for node in ast.walk(definition.value):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _DTYPE_MAKERS
                and _is_module(node.func.value, jnp_names)
                and not any(k.arg == "dtype" for k in node.keywords)
                and len(node.args) < 2
                # A Python number stays weakly typed (``jnp.array(1.0)``): it promotes nothing.
                and not (node.args and _is_number(node.args[0]))
            ):
                found.append(definition)
                break
    return found[0] if len(found) == 1 else None


def tree_items(text: str) -> tuple[str, list[str]] | None:
    """A printed pytree ``PyTreeDef((*, None, *))`` as its top-level brackets and items, or
    ("", [text]) for a leaf or another container."""
    text = text.strip()
    if text.startswith("PyTreeDef(") and text.endswith(")"):
        text = text[len("PyTreeDef(") : -1]
    if not text or text[0] not in "([" or text[-1] != {"(": ")", "[": "]"}[text[0]]:
        return "", [text]
    items, depth, start = [], 0, 1
    for i, char in enumerate(text[1:-1], start=1):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    last = text[start:-1].strip()
    if last:
        items.append(last)
    return text[0], items


# "CustomNode(namedtuple[Linear], [*, *])": a NamedTuple's node in a printed pytree.
_NAMEDTUPLE_RE = re.compile(r"^CustomNode\(namedtuple\[(\w+)\], \[")


def structure_change(
    code: RuleCode, function: FunctionNode, got_text: str, expected_text: str
) -> Change | None:
    """Where a bwd rule builds the one cotangent whose structure differs from its input's.

    JAX prints both structures; when the returned tuple has the right length and exactly one
    entry differs, the change belongs where that entry is built: the entry's single
    assignment in the rule (``grads = {...}``), else the ``return``. A dict built for a
    NamedTuple input (``{'w': *, 'b': *}`` for ``namedtuple[Linear]``) becomes the
    NamedTuple, ``Linear(w=..., b=...)``, when the module defines the class with exactly the
    dict's keys as fields: the same values in the container JAX expects.
    """
    differing = differing_entry(got_text, expected_text)
    if differing is None:
        return None
    return entry_structure_change(code, function, *differing)


def differing_entry(got_text: str, expected_text: str) -> tuple[int, str, str] | None:
    """The one entry of a bwd rule's printed output structure that differs from the primal
    input's, with both structures; a ``None`` output entry (a zero cotangent, for any input
    structure) differs from none."""
    got, expected = tree_items(got_text), tree_items(expected_text)
    if got is None or expected is None or got[0] != "(" or expected[0] != "(":
        return None
    if len(got[1]) != len(expected[1]):
        return None
    differing = [
        i
        for i, (a, b) in enumerate(zip(got[1], expected[1], strict=True))
        if a != b and a != "None"
    ]
    if len(differing) != 1:
        return None
    index = differing[0]
    return index, got[1][index], expected[1][index]


def entry_structure_change(
    code: RuleCode,
    function: FunctionNode,
    index: int | None,
    got: str,
    expected: str,
) -> Change | None:
    """Where entry ``index`` of the rule's output, of structure ``got`` where ``expected`` is
    due, is built (see ``structure_change``); with ``index`` None, the whole value a helper
    returns for it."""
    found = returned_entry(function, index)
    if found is None:
        return None
    ret, entry = found
    definition = single_definition(function, entry.id) if isinstance(entry, ast.Name) else None
    place, value = (definition, definition.value) if definition else (ret, entry)
    text = code.segment(entry)
    why = (
        f"`{text}` has structure {got} where the input's cotangent must have the "
        f"input's structure, {expected}."
    )
    named = _NAMEDTUPLE_RE.match(expected)
    fields = _namedtuple_fields(code.tree, named[1]) if named else None
    keys = string_keys(value) if isinstance(value, ast.Dict) else None
    if named is None or fields is None or keys is None or set(keys) != set(fields):
        return Change(code.span(place), why, "", (), safe=False)
    assert isinstance(value, ast.Dict)
    arguments = ", ".join(
        f"{key}={code.segment(item)}" for key, item in zip(keys, value.values, strict=True)
    )
    return Change(
        code.span(place),
        why,
        f"Build output[{index or 0}] as a `{named[1]}`, the input's NamedTuple",
        (code.replace(value, f"{named[1]}({arguments})"),),
        safe=True,
    )


def string_keys(node: ast.Dict) -> list[str] | None:
    """The keys of a dict display, when all are distinct identifier strings (a class's
    field names): None otherwise."""
    keys = [
        k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None
        for k in node.keys
    ]
    if any(k is None or not k.isidentifier() for k in keys) or len(set(keys)) != len(keys):
        return None
    return [k for k in keys if k is not None]


def _namedtuple_fields(tree: ast.Module, name: str) -> list[str] | None:
    """The fields of ``class NAME(NamedTuple)`` defined at the top of the module."""
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or node.name != name:
            continue
        bases = [_base_name(b) for b in node.bases]
        if bases != ["NamedTuple"]:
            return None
        return list(class_fields(node))
    return None


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def registered_primal(tree: ast.Module, rule: FunctionNode) -> FunctionNode | None:
    """The custom_jvp function a rule is registered on (``@f.defjvp`` or ``f.defjvp(rule)``)."""
    names = [
        d.value.id
        for d in rule.decorator_list
        if isinstance(d, ast.Attribute) and d.attr == "defjvp" and isinstance(d.value, ast.Name)
    ]
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "defjvp"
            and isinstance(node.func.value, ast.Name)
            and any(isinstance(a, ast.Name) and a.id == rule.name for a in node.args)
        ):
            names.append(node.func.value.id)
    return rule_function(tree, names[0]) if len(set(names)) == 1 else None


def _primal_axis_change(
    code: RuleCode, rule: FunctionNode, axis: int, module: str, tangent: ArrayType
) -> Change | None:
    """The rule's primal output keeps an axis of size 1 its tangent lacks: the primal is the
    one at fault when it comes from a reduction with ``keepdims=True`` while the function
    itself reduces without (then the primal is squeezed where it is returned, and the kept
    axis still serves the rule's own broadcasting)."""
    found = returned_entry(rule, 0)
    primal = registered_primal(code.tree, rule)
    primal_return = last_return(primal) if primal is not None else None
    if found is None or primal_return is None or primal_return.value is None:
        return None
    ret, entry = found
    jnp_names = code.jnp_names()
    definition = single_definition(rule, entry.id) if isinstance(entry, ast.Name) else None
    function_reduces = any(
        _reduction(n, jnp_names) is not None
        for n in ast.walk(primal_return.value)
        if isinstance(n, ast.expr)
    )
    if (
        primal is None
        or definition is None
        or not _has_kept_reduction(definition.value, jnp_names)
        or not function_reduces
        or _has_kept_reduction(primal_return.value, jnp_names)
    ):
        return None
    text = code.segment(entry)
    return Change(
        code.span(ret),
        f"The rule returns `{text}` with the axis `keepdims=True` kept, which `{primal.name}` "
        f"does not return, so it does not fit its tangent ({tangent}).",
        f"Squeeze axis {axis} of the primal output",
        (code.replace(entry, f"{module}.squeeze({text}, axis={axis})"),),
        safe=True,
    )


def output_count(function: FunctionNode) -> int | None:
    """How many outputs a function returns: the length of the tuple every ``return`` of it
    writes, 1 when none writes a tuple display, None when they disagree or cannot be told."""
    counts = set()
    for ret in (n for n in own_nodes(function) if isinstance(n, ast.Return)):
        value = ret.value
        if value is None or isinstance(value, ast.List | ast.Starred):
            return None
        if isinstance(value, ast.Tuple):
            if any(isinstance(e, ast.Starred) for e in value.elts):
                return None
            counts.add(len(value.elts))
        elif isinstance(value, ast.Name | ast.Call | ast.BinOp | ast.UnaryOp | ast.Subscript):
            # A name could hold a tuple: only a computed array counts as one output.
            counts.add(0 if isinstance(value, ast.Name) else 1)
        else:
            return None
    if len(counts) != 1 or 0 in counts:
        return None
    return counts.pop()


def split_flat(
    code: RuleCode, entries: list[ast.expr], outputs: int, rest: int | None
) -> str | None:
    """``a, b, c, d`` as ``(a, b), (c, d)``: the first ``outputs`` entries (the primal's
    outputs) and the rest (tangents, or residuals) in two groups, each a tuple unless it is
    one entry of a one-output function or the rule reads the rest whole (``rest`` None)."""
    if (
        outputs < 1
        or len(entries) <= outputs
        or (rest is not None and len(entries) != outputs + rest)
    ):
        return None
    if any(isinstance(e, ast.Starred) for e in entries):
        return None

    def group(items: list[ast.expr], single: bool) -> str:
        texts = [code.segment(e) for e in items]
        if single and len(texts) == 1:
            return texts[0]
        return f"({texts[0]},)" if len(texts) == 1 else f"({', '.join(texts)})"

    first, second = entries[:outputs], entries[outputs:]
    return f"{group(first, outputs == 1)}, {group(second, rest is None)}"


def rule_function(tree: ast.Module, name: str, near_line: int | None = None) -> FunctionNode | None:
    """The function ``name`` of the module (the one holding ``near_line`` when several are)."""
    found = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    named = [f for f in found if f.name == name]
    if near_line is not None:
        holding = [f for f in named if f.lineno <= near_line <= (f.end_lineno or f.lineno)]
        named = holding or named
    return named[0] if len(named) == 1 else None


_INDEX_RE = re.compile(r"^\[(\d+)\]$")


def captured_output(captures: Mapping[str, str]) -> tuple[int, ArrayType, ArrayType] | None:
    """(entry index, type produced, type expected) from a bwd check's named captures."""
    if not {"output", "got", "expected"} <= captures.keys():
        return None
    # "[0]" from custom_vjp's check; "... at output[0] " from custom_vjp3's, which leads
    # with the rest of its message.
    path = captures["output"].strip().rpartition("at output")[2].strip()
    index = _INDEX_RE.match(path)
    got, expected = parse_type(captures["got"]), parse_type(captures["expected"])
    if index is None or got is None or expected is None:
        return None
    return int(index[1]), got, expected

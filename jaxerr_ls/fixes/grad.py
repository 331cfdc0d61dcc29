"""Fixes of everyday grad errors on their culprits: vector loss, int input, has_aux, argnums."""

from __future__ import annotations

import ast
import re

from jaxerr_ls.fixes.model import Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import FunctionNode, Source
from jaxerr_ls.fixes.transform_calls import (
    ARGNUMS,
    JVP_NOT_TUPLES,
    JVP_SHAPE,
    LINEARIZE_AVAL,
    VJP_COTANGENT,
    VJP_TOO_MANY,
    failing_line_fixes,
    located,
    results_of,
    unsafe_fix,
)
from jaxerr_ls.project import last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

NONSCALAR = "grad-nonscalar-output"
NOT_ARRAY = "grad-output-not-array"
AUX_NOT_PAIR = "grad-has-aux-not-pair"
INT_INPUT = "grad-int-input"
JVP_DTYPE = "jvp-dtype-mismatch"
# Transforms whose function must return a scalar, by the last part of their name.
_SCALAR_TRANSFORMS = frozenset({"grad", "value_and_grad"})
_ATOMIC = (ast.Name, ast.Call, ast.Attribute, ast.Subscript)
_IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")


def _returned(node: ast.AST) -> ast.expr | None:
    """The value a culprit return gives back: a ``return``'s value or a lambda's body."""
    if isinstance(node, ast.Return):
        return node.value
    return node if isinstance(node, ast.expr) else None


# -- a vector loss --------------------------------------------------------------------------


def _failing_lambda(target: FixTarget, read: ReadSource) -> tuple[Source, ast.expr] | None:
    """``jax.grad(lambda a: ...)`` on the failing line itself: the lambda's body."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return None
    bodies = [
        call.args[0].body
        for call in ast.walk(source.tree)
        if isinstance(call, ast.Call)
        and call.lineno <= target.span.line <= (call.end_lineno or call.lineno)
        and last_name(call.func) in _SCALAR_TRANSFORMS
        and call.args
        and isinstance(call.args[0], ast.Lambda)
    ]
    return (source, bodies[0]) if len(bodies) == 1 else None


def _reduced(source: Source, value: ast.expr, reduction: str) -> str | None:
    text = source.segment(value)
    if not text or (isinstance(value, ast.Tuple) and not text.startswith("(")):
        return None
    jnp = source.jnp_name()
    if jnp is not None:
        return f"{jnp}.{reduction}({text})"
    return f"{text}.{reduction}()" if isinstance(value, _ATOMIC) else f"({text}).{reduction}()"


def _nonscalar_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    places: list[tuple[Source, ast.expr]] = []
    names: list[str] = []
    for source, node, culprit in located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION):
        value = _returned(node)
        if value is None:
            return []
        places.append((source, value))
        names.append(culprit.name)
    if not places:
        found = _failing_lambda(target, read)
        if found is None:
            return []
        places, names = [found], ["<lambda>"]
    label = "the lambda" if names[0] == "<lambda>" else f"`{names[0]}`"
    fixes = []
    for reduction, meaning in (("mean", "the mean"), ("sum", "the sum")):
        edits = []
        for source, value in places:
            new_text = _reduced(source, value, reduction)
            if new_text is None:
                return []
            edits.append(source.replace(value, new_text))
        title = f"Return {meaning} of {label}'s output: {edits[0].new_text}"
        fixes.extend(unsafe_fix(target, title, tuple(edits)))
    return fixes


# -- has_aux --------------------------------------------------------------------------------


def _aux_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    edits: list[Edit] = []
    title = ""
    for source, node, culprit in located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION):
        value = _returned(node)
        if isinstance(value, ast.Tuple | ast.List) and len(value.elts) > 2:
            first, *rest = (source.segment(e) for e in value.elts)
            grouped = f"{first}, ({', '.join(rest)})"
            text = source.segment(value)
            if text.startswith(("(", "[")):
                grouped = f"{text[0]}{grouped}{text[-1]}"
            edits.append(source.replace(value, grouped))
            title = f"Return (output, aux) from `{culprit.name}`: {grouped}"
        elif isinstance(node, ast.keyword) and node.arg == "has_aux":
            dropped = _drop_has_aux(source, node)
            if dropped is None:
                return []
            edits.extend(dropped)
            title = f"Drop has_aux=True: `{culprit.name}` returns only its output"
        else:
            return []
    if not edits:
        return []
    return unsafe_fix(target, title, tuple(edits))


def _drop_has_aux(source: Source, flag: ast.keyword) -> list[Edit] | None:
    """Remove ``has_aux=True`` from its call, and the aux from where the result is unpacked."""
    call = next(
        (n for n in ast.walk(source.tree) if isinstance(n, ast.Call) and flag in n.keywords), None
    )
    if call is None or not call.args:
        return None
    items: list[ast.AST] = [*call.args, *call.keywords]
    items.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
    before = items[items.index(flag) - 1]
    start, end = source.span(before), source.span(flag)
    edits = [Edit(Span(source.path, start.end_line, start.end_col, end.end_line, end.end_col), "")]
    is_value_and_grad = last_name(call.func) == "value_and_grad"
    uses = results_of(source, call)
    if uses is None:
        return None
    for target in uses:
        unpacked = _without_aux(source, target, is_value_and_grad)
        if unpacked is None:
            return None
        edits.append(source.replace(target, unpacked))
    return edits


def _without_aux(source: Source, target: ast.expr, value_and_grad: bool) -> str | None:
    """``g, _`` -> ``g``; ``(v, _), g`` -> ``v, g``: only when the aux is thrown away."""
    if not isinstance(target, ast.Tuple) or len(target.elts) != 2:
        return None
    if value_and_grad:
        inner, grads = target.elts
        if (
            not isinstance(inner, ast.Tuple)
            or len(inner.elts) != 2
            or not _discarded(inner.elts[1])
        ):
            return None
        return f"{source.segment(inner.elts[0])}, {source.segment(grads)}"
    grads, aux = target.elts
    return source.segment(grads) if _discarded(aux) else None


def _discarded(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "_"


# -- a function without return ---------------------------------------------------------------


def _enclosing_function(source: Source, node: ast.AST) -> FunctionNode | None:
    best: FunctionNode | None = None
    for function in source.functions():
        inside = any(child is node for child in ast.walk(function))
        if inside and (best is None or function.lineno >= best.lineno):
            best = function
    return best


def _missing_return_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
        return []
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return []
    name = targets[0].id
    function = _enclosing_function(source, node)
    if function is None or function.name != culprit.name:
        return []
    # Returned only where it is bound on every path: by a statement of the body itself.
    bound = any(
        isinstance(t, ast.Name) and t.id == name
        for s in function.body
        if isinstance(s, ast.Assign | ast.AnnAssign)
        for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
    )
    if not bound:
        return []
    last = source.span(function)
    indent = source.indent_of(function.body[0].lineno)
    insert = source.insert(last.end_line, last.end_col, f"\n{indent}return {name}")
    title = f"Return `{name}` at the end of `{function.name}`"
    return unsafe_fix(target, title, (insert,))


# -- integer inputs and tangents ---------------------------------------------------------------

_DTYPE_POSITION = {"array": 1, "asarray": 1, "zeros": 1, "ones": 1, "empty": 1, "full": 2}


def _float_dtype(target: FixTarget) -> str:
    expected = (target.captures.get("expected") or "").strip()
    if target.code == JVP_DTYPE and _IDENTIFIER.match(expected) and expected.startswith("float"):
        return expected
    return "float32"


def _cast_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    kind = (
        CulpritKind.TRANSFORM_TANGENT
        if target.code == JVP_DTYPE
        else CulpritKind.TRANSFORM_ARGUMENT
    )
    found = list(located(read, target.culprits, kind))
    if len(found) != 1 or not isinstance(found[0][1], ast.Call):
        return []
    source, call, _ = found[0]
    assert isinstance(call, ast.Call)
    jnp = source.jnp_name()
    if jnp is None or not isinstance(call.func, ast.Attribute):
        return []
    dtype = f"{jnp}.{_float_dtype(target)}"
    method = call.func.attr
    keyword = next((k for k in call.keywords if k.arg == "dtype"), None)
    position = _DTYPE_POSITION.get(method)
    if method == "astype" and len(call.args) == 1:
        edit = source.replace(call.args[0], dtype)
    elif keyword is not None:
        edit = source.replace(keyword.value, dtype)
    elif position is not None and len(call.args) > position:
        edit = source.replace(call.args[position], dtype)
    elif method in (*_DTYPE_POSITION, "arange") and call.args:
        if source.segment(call.func) != f"{jnp}.{method}":
            return []
        end = source.span(call)
        closing = Span(source.path, end.end_line, end.end_col - 1, end.end_line, end.end_col - 1)
        edit = Edit(closing, f", dtype={dtype}")
    else:
        return []
    shown = source.segment(call)
    title = f"Build `{shown}` as {dtype.rsplit('.', 1)[-1]}"
    return unsafe_fix(target, title, (edit,))


# -- argnums -------------------------------------------------------------------------------


def _argnums_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_ARGUMENT))
    if len(found) != 1:
        return []
    source, node, _ = found[0]
    if isinstance(node, ast.Constant) and node.value == 1 and type(node.value) is int:
        new_text = "0"
    elif isinstance(node, ast.Tuple | ast.List) and [
        getattr(e, "value", None) for e in node.elts
    ] == list(range(1, len(node.elts) + 1)):
        # Counted from 1 (``(1, 2)`` for the first two): the same arguments from 0.
        shifted = ", ".join(str(i) for i in range(len(node.elts)))
        new_text = f"({shifted},)" if len(node.elts) == 1 else f"({shifted})"
        if isinstance(node, ast.List):
            new_text = f"[{shifted}]"
    else:
        return []
    title = f"Count argnums from 0: argnums={new_text}"
    return unsafe_fix(target, title, (source.replace(node, new_text),))


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    if target.code == NONSCALAR:
        return _nonscalar_fixes(target, read)
    if target.code == AUX_NOT_PAIR:
        return _aux_fixes(target, read)
    if target.code == NOT_ARRAY and (target.captures.get("output") or "").strip() == "None":
        return _missing_return_fixes(target, read)
    if target.code == ARGNUMS and target.culprits:
        return _argnums_fixes(target, read)
    # A cast where the array is built comes first; then what the failing line can change.
    found = _cast_fixes(target, read) if target.code in (INT_INPUT, JVP_DTYPE) else []
    return found + failing_line_fixes(target, read)


# One provider per set of captures read: a provider reads only captures all its records have.
PROVIDERS = (
    Provider(
        frozenset({NONSCALAR, AUX_NOT_PAIR, INT_INPUT, ARGNUMS, JVP_NOT_TUPLES, VJP_TOO_MANY}),
        frozenset(),
        fixes,
    ),
    Provider(frozenset({NOT_ARRAY}), frozenset({"output"}), fixes),
    Provider(frozenset({JVP_DTYPE}), frozenset({"expected"}), fixes),
    Provider(frozenset({VJP_COTANGENT}), frozenset({"tangent", "expected"}), fixes),
    Provider(frozenset({LINEARIZE_AVAL, JVP_SHAPE}), frozenset({"tangent", "primal"}), fixes),
)

"""Python containers indexed by traced values: where the list a failing line indexes is made.

``self.rewards[new[0]]`` under ``jax.jit`` or ``lax.scan`` calls ``__index__`` on a tracer
when ``self.rewards`` is a Python list: a list cannot be indexed by a traced integer, an array
can. The change belongs where the list is made (``jnp.array(...)`` of it), which the value flow
finds through names, attributes of ``self`` and instances, modules and calls. Only where every
maker of the one container the failing line indexes with a computed key is a list or tuple
display (or comprehension) of numbers built in a function, or a module constant of another
module (``schedule.TEMPERATURES[i]``: that module owns the table, so it holds the array):
anything else leaves it in doubt (a list of functions is no array; a constant of the failing
line's own module is converted where it is read).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from jaxerr_ls.astindex import nodes_of
from jaxerr_ls.culprit_flow import Flow, scope_at
from jaxerr_ls.culprit_state import Code, Found, Place
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Span

_CONTAINERS = (ast.List, ast.Tuple, ast.ListComp)


def _computed_subscripts(tree: ast.AST, line: int) -> list[ast.Subscript]:
    """The subscripts on a line read with a computed key (neither a constant nor a slice)."""
    return [
        node
        for node in nodes_of(tree, ast.Subscript)
        if isinstance(node.ctx, ast.Load)
        and node.lineno <= line <= (node.end_lineno or node.lineno)
        and not isinstance(node.slice, ast.Constant | ast.Slice)
    ]


def _numbers(node: ast.AST) -> bool:
    """A number, or a list / tuple display, repetition or comprehension of numbers."""
    if isinstance(node, ast.Constant):
        return type(node.value) in (int, float)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _numbers(node.operand)
    if isinstance(node, ast.List | ast.Tuple):
        return bool(node.elts) and all(_numbers(e) for e in node.elts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        # ``[-0.1] * size``
        return isinstance(node.left, ast.List | ast.Tuple) and _numbers(node.left)
    if isinstance(node, ast.IfExp):
        return _numbers(node.body) and _numbers(node.orelse)
    if isinstance(node, ast.ListComp):
        return _numbers(node.elt)
    return False


def _number_table(made: Place, failing: Span) -> bool:
    """A table of numbers the program builds in a function or another module holds as a
    constant (a constant of the failing line's own module is shared data, turned into an array
    where it is read: the failing line)."""
    return (
        isinstance(made.node, _CONTAINERS)
        and _numbers(made.node)
        and (made.scope is not made.model.module_scope or made.path != failing.path)
    )


def container_culprit(files: ProjectFiles, frames: Sequence[Span]) -> Found | None:
    """The list or tuple the failing line indexes with a traced value, where it is made."""
    if not frames:
        return None
    failing = frames[0]
    code = Code(files)
    model = code.model(failing.path)
    if model is None:
        return None
    flow = Flow(code, frames)
    found: list[tuple[ast.Subscript, list[Place]]] = []
    for subscript in _computed_subscripts(model.tree, failing.line):
        scope = scope_at(model, subscript)
        makers = flow.makers(Place(failing.path, model, subscript.value, scope))
        if makers and all(_number_table(m, failing) for m in makers):
            found.append((subscript, makers))
    if len(found) != 1 or len(found[0][1]) != 1:
        return None
    [(subscript, [made])] = found
    if made.path == failing.path and getattr(made.node, "lineno", 0) == failing.line:
        return None  # made on the failing line: that line is the change
    shown = ast.unparse(subscript.value)
    kind = "list" if isinstance(made.node, ast.List | ast.ListComp) else "tuple"
    why = (
        f"`{shown}` is a Python {kind}, made here: a traced index needs an array "
        f"(`jnp.array(...)` of it)"
    )
    return Found(code.span(made.path, made.node), CulpritKind.TRACER_PYTHON_CONTAINER, shown, why)

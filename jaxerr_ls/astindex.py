"""Every node of a parsed tree of a given type, listed once per tree and type; a function's
own nodes and ``return`` statements (not those of functions or classes nested in it).

The culprit search asks the same whole-module questions (every subscript, every assignment,
every function definition) of the same few trees for each distinct error of a log; walking a
tree with ``ast.walk`` in Python costs far more than reading a list.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Iterable, Iterator
from typing import TypeVar, overload

N = TypeVar("N", bound=ast.AST)
M = TypeVar("M", bound=ast.AST)

# The tree's nodes in ``ast.walk`` order (under ``None``), then by the types asked for. Kept as
# long as the tree is: a server's trees of earlier versions of a file go with them.
_NODES: weakref.WeakKeyDictionary[ast.AST, dict[object, tuple[ast.AST, ...]]] = (
    weakref.WeakKeyDictionary()
)


@overload
def nodes_of(tree: ast.AST, kind: type[N]) -> tuple[N, ...]: ...
@overload
def nodes_of(tree: ast.AST, kind: tuple[type[N], type[M]]) -> tuple[N | M, ...]: ...
@overload
def nodes_of(tree: ast.AST, kind: tuple[type[ast.AST], ...]) -> tuple[ast.AST, ...]: ...
def nodes_of(tree: ast.AST, kind: type[ast.AST] | tuple[type[ast.AST], ...]) -> tuple[ast.AST, ...]:
    """The nodes of ``tree`` (itself included) that are instances of ``kind``, in the order
    ``ast.walk`` gives them. The tree must not change once asked about."""
    by_kind = _NODES.get(tree)
    if by_kind is None:
        by_kind = _NODES[tree] = {None: tuple(ast.walk(tree))}
    found = by_kind.get(kind)
    if found is None:
        found = by_kind[kind] = tuple(node for node in by_kind[None] if isinstance(node, kind))
    return found


# Nodes that open a scope of their own: a function's own nodes stop at them.
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """Nodes of the function's body, not descending into nested functions or classes."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def own_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Return]:
    """The function's own ``return`` statements, in source order."""
    found = [node for node in own_nodes(function) if isinstance(node, ast.Return)]
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))


def stored_names(nodes: Iterable[ast.AST]) -> set[str]:
    """The names the nodes (statements, assignment targets) store to, at any depth."""
    return {
        node.id
        for root in nodes
        for node in ast.walk(root)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    }


def position(node: ast.AST) -> tuple[int, int, int | None, int | None]:
    """Where a node is in its file (start and end), to find it again in another parse."""
    return (
        getattr(node, "lineno", 0),
        getattr(node, "col_offset", 0),
        getattr(node, "end_lineno", None),
        getattr(node, "end_col_offset", None),
    )

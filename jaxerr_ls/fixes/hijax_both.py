"""Fixes for a hijax primitive class that overrides both ``vjp_bwd`` and ``vjp_bwd_retval``.

The record's documentation: keep one of the two methods and delete the other. jax 0.10 refuses
the class; jax 0.12 calls ``vjp_bwd`` and never ``vjp_bwd_retval``. So:

- deleting ``vjp_bwd`` (the record's example fix) makes JAX use ``vjp_bwd_retval``'s rule: what
  jax 0.12 computes changes, so the fix is unsafe (offered, never applied by fix-all);
- deleting ``vjp_bwd_retval`` keeps what jax 0.12 computes: safe where nothing else in the
  module names ``vjp_bwd_retval`` (a subclass calling ``super().vjp_bwd_retval``, a test
  calling it directly), unsafe otherwise.

Each deletes the method's own lines (decorators included) and one blank line that separated it
from the next, and nothing else: comments outside the method stay as they are.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import FunctionNode, Source
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

CODE = "hijax-vjp-bwd-both"
_METHODS = ("vjp_bwd", "vjp_bwd_retval")


def _classes(target: FixTarget, read: ReadSource) -> Iterator[tuple[Source, ast.ClassDef]]:
    """The innermost class around the error (or the prediction, on the class's name) or
    around a class culprit, when it defines both methods itself."""
    spans = [target.span]
    spans += [c.span for c in target.culprits if c.kind == CulpritKind.HIJAX_CLASS]
    seen: set[tuple[str, int]] = set()
    for span in spans:
        source = Source.parse(span.path, read(span.path))
        if source is None:
            continue
        around = [
            node
            for node in ast.walk(source.tree)
            if isinstance(node, ast.ClassDef)
            and node.lineno <= span.line <= (node.end_lineno or node.lineno)
        ]
        if not around:
            continue
        cls = max(around, key=lambda node: node.lineno)
        key = (str(span.path), cls.lineno)
        if key in seen or not all(_method(cls, name) for name in _METHODS):
            continue
        seen.add(key)
        yield source, cls


def _method(cls: ast.ClassDef, name: str) -> FunctionNode | None:
    """The class body's one definition of ``name`` (None if it has none, or several)."""
    found = [item for item in cls.body if isinstance(item, FunctionNode) and item.name == name]
    return found[0] if len(found) == 1 else None


def _delete_method(source: Source, method: FunctionNode) -> Edit | None:
    """The method's lines, from its first decorator to its last line, and the blank line after
    them when a blank line (or the class's first line) also precedes them."""
    first = min([method.lineno, *(d.lineno for d in method.decorator_list)])
    last = method.end_lineno or method.lineno
    before = source.line_text(first)[: source.span(method).col]
    if method.decorator_list:
        before = source.line_text(first)[: method.decorator_list[0].col_offset - 1]
    after = source.line_text(last)[source.span(method).end_col :].strip()
    # A method sharing a line with other code cannot be removed by whole lines.
    if before.strip() or (after and not after.startswith("#")):
        return None
    if not source.line_text(last + 1).strip() and not source.line_text(first - 1).strip():
        last += 1
    return Edit(Span(source.path, first, 0, last + 1, 0), "")


def _names_elsewhere(source: Source, method: FunctionNode, name: str) -> bool:
    """Whether the module names ``name`` outside the method's own definition."""
    inside = set(map(id, ast.walk(method)))
    for node in ast.walk(source.tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.Attribute) and node.attr == name:
            return True
        if isinstance(node, ast.Name) and node.id == name:
            return True
        if isinstance(node, FunctionNode | ast.ClassDef) and node.name == name:
            return True
        if isinstance(node, ast.Constant) and node.value == name:
            return True
    return False


def compute(target: FixTarget, read: ReadSource) -> list[Fix]:
    fixes = []
    for source, cls in _classes(target, read):
        bwd, retval = _method(cls, "vjp_bwd"), _method(cls, "vjp_bwd_retval")
        assert bwd is not None and retval is not None
        keep_retval = _delete_method(source, bwd)
        if keep_retval is not None:
            fixes.append(
                Fix(
                    f"Delete {cls.name}.vjp_bwd and keep vjp_bwd_retval "
                    "(changes the gradient jax 0.12 computes)",
                    CODE,
                    (keep_retval,),
                    preferred=True,
                    applicability=Applicability.UNSAFE,
                )
            )
        keep_bwd = _delete_method(source, retval)
        if keep_bwd is not None:
            unsure = _names_elsewhere(source, retval, "vjp_bwd_retval")
            fixes.append(
                Fix(
                    f"Delete {cls.name}.vjp_bwd_retval, which jax 0.12 never "
                    "calls, and keep vjp_bwd",
                    CODE,
                    (keep_bwd,),
                    applicability=Applicability.UNSAFE if unsure else Applicability.SAFE,
                )
            )
    return fixes


PROVIDER = Provider(frozenset({CODE}), frozenset(), compute)

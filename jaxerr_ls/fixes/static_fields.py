"""A traced field of a pytree argument made static where the pytree's class makes it a leaf.

The culprit (``tracer.pytree_field``, see ``jaxerr_ls.culprit_leaves``) is either the field's
entry in the ``data_fields`` of a ``jax.tree_util.register_dataclass`` call, or the field's
declaration in a class whose module marks its static fields with a call (``field(static=True)``,
``field(pytree_node=False)``). The fix moves the entry to ``meta_fields`` (made where there is
none), or declares the field the way its module declares the others, its default kept.
Unsafe: jit then compiles once per value of the field, which must be hashable.
"""

from __future__ import annotations

import ast

from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

# Keywords of the ``field(...)`` calls that keep a field out of the pytree's leaves.
_STATIC_KEYWORDS = (("static", True), ("pytree_node", False))


def field_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The traced field the culprit names, made a static (meta) field."""
    culprits = [c for c in target.culprits if c.kind == CulpritKind.TRACER_PYTREE_FIELD]
    if len(culprits) != 1:
        return []
    culprit = culprits[0]
    source = Source.parse(culprit.span.path, read(culprit.span.path))
    if source is None:
        return []
    field = culprit.name.rsplit(".", 1)[-1]
    edits = _registration_edits(source, culprit.span, field)
    title = f"Register {field} as a meta field: jit keeps it a Python value"
    if edits is None:
        edits = _declaration_edits(source, culprit.span, field)
        title = f"Declare {field} a static field: jit keeps it a Python value"
    if edits is None:
        return []
    return [
        Fix(title, target.code, tuple(edits), preferred=True, applicability=Applicability.UNSAFE)
    ]


def _registration_edits(source: Source, span: Span, field: str) -> list[Edit] | None:
    """``data_fields=["a", "b"]`` -> ``data_fields=["a"], meta_fields=["b"]`` in the
    registration whose entry the span covers (``meta_fields`` extended where written)."""
    for call in (n for n in ast.walk(source.tree) if isinstance(n, ast.Call)):
        keywords = {k.arg: k for k in call.keywords}
        data = keywords.get("data_fields")
        if data is None or not isinstance(data.value, ast.List | ast.Tuple):
            continue
        if None in keywords or call.args[1:]:
            continue  # ``**options`` or fields given by position: not ours to rewrite
        entries = data.value.elts
        at = [
            i
            for i, e in enumerate(entries)
            if source.span(e) == span and isinstance(e, ast.Constant) and e.value == field
        ]
        if len(at) != 1:
            continue
        index = at[0]
        spelled = source.segment(entries[index])
        if len(entries) == 1:
            removed = source.replace(data.value, "[]" if isinstance(data.value, ast.List) else "()")
        elif len(entries) == 2 and isinstance(data.value, ast.Tuple):
            # A tuple of one entry keeps its comma: ``("dt",)``, not the string ``("dt")``.
            kept = source.segment(entries[1 - index])
            removed = source.replace(data.value, f"({kept},)")
        elif index + 1 < len(entries):
            here, after = source.span(entries[index]), source.span(entries[index + 1])
            removed = Edit(Span(source.path, here.line, here.col, after.line, after.col), "")
        else:
            before, here = source.span(entries[index - 1]), source.span(entries[index])
            removed = Edit(
                Span(source.path, before.end_line, before.end_col, here.end_line, here.end_col), ""
            )
        meta = keywords.get("meta_fields")
        if meta is None:
            end = source.span(data.value)
            added = source.insert(end.end_line, end.end_col, f", meta_fields=[{spelled}]")
        elif isinstance(meta.value, ast.List | ast.Tuple):
            added = _appended(source, meta.value, spelled)
        else:
            return None
        return [removed, added]
    return None


def _appended(source: Source, display: ast.List | ast.Tuple, item: str) -> Edit:
    """``[a]`` -> ``[a, item]``; ``[]`` -> ``[item]``; a tuple stays a tuple."""
    if not display.elts:
        opening, closing = ("[", "]") if isinstance(display, ast.List) else ("(", ")")
        tail = "," if isinstance(display, ast.Tuple) else ""
        return source.replace(display, f"{opening}{item}{tail}{closing}")
    end = source.span(display.elts[-1])
    return source.insert(end.end_line, end.end_col, f", {item}")


def _declaration_edits(source: Source, span: Span, field: str) -> list[Edit] | None:
    """``rate: float`` -> ``rate: float = field(static=True)``, spelled as the module's other
    static fields are; a default kept as ``default=``."""
    declared = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.AnnAssign)
        and isinstance(n.target, ast.Name)
        and n.target.id == field
        and source.span(n) == span
    ]
    # ``name: T = field(static=True)``: a call that declares a class's field, not any call
    # with such a keyword (``dict(static=True)`` inside ``metadata=``).
    conventions = [
        (n, keyword)
        for cls in ast.walk(source.tree)
        if isinstance(cls, ast.ClassDef)
        for statement in cls.body
        if isinstance(statement, ast.AnnAssign) and isinstance(n := statement.value, ast.Call)
        for keyword in n.keywords
        if (keyword.arg, getattr(keyword.value, "value", None)) in _STATIC_KEYWORDS
        and isinstance(keyword.value, ast.Constant)
    ]
    if len(declared) != 1 or not conventions:
        return None
    statement = declared[0]
    spellings = {(source.segment(c.func), source.segment(k)) for c, k in conventions}
    if len(spellings) != 1:
        return None
    [(function, keyword)] = spellings
    value = statement.value
    if value is None:
        end = source.span(statement.annotation)
        return [source.insert(end.end_line, end.end_col, f" = {function}({keyword})")]
    if isinstance(value, ast.Call) and source.segment(value.func) == function:
        if any(k.arg in dict(_STATIC_KEYWORDS) for k in value.keywords):
            return None
        edit = source.add_keyword(value, keyword)
        return None if edit is None else [edit]
    # A mutable default would need default_factory: left to the user.
    if isinstance(value, ast.List | ast.Dict | ast.Set | ast.Call):
        return None
    return [source.replace(value, f"{function}({keyword}, default={source.segment(value)})")]

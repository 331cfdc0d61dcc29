"""Fixes at the culprits of a Ref given where its value was meant, or a flag that leaves a
VJP's gradient refs unbound.

- ``grad-ref-argument`` with a ``transform.ref_selected`` culprit: where the culprit is the
  expression that hands a Ref on in place of its value (``return self._w`` in a ``weights``
  property), it reads the value there, ``self._w[...]`` (the differentiated function reads the
  parameter as an array: the culprit finder checked it), and in a display of such Refs
  (``{"w": self.w, "b": self.b}``) each entry's value; where the culprit is a literal
  ``argnums`` (``(0, 1)``, in a settings class, say) that selects a parameter declared to take a
  Ref, that position is left out (the Ref stays plumbing), where another one remains.
- ``vjp-ref-grad-missing`` with a ``refs.switched_off`` culprit that is a ``True``/``False``
  constant: the flag's other value, which takes the branch that binds the gradient refs.

Unsafe: the first two change what grad differentiates, the last what every reader of the flag
sees.
"""

from __future__ import annotations

import ast
from pathlib import Path

from jaxerr_ls.culprit_transforms import declares_ref
from jaxerr_ls.fixes.model import Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.fixes.transform_calls import located, received, selecting, unsafe_fix
from jaxerr_ls.project import Partial, literal_ints
from jaxerr_ls.records import CulpritKind

# The transforms whose argnums the Ref-selecting culprit names.
_GRADS = frozenset({"grad", "value_and_grad"})


def ref_selected_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_REF_SELECTED))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    if not isinstance(node, ast.expr):
        return []
    if literal_ints(node) is not None:
        return _argnums_fixes(target, read, source, node)
    if isinstance(node, ast.Call) and culprit.name in _GRADS and _calls_grad(source, node):
        return []  # the grad call whose default argnums 0 selects the Ref
    if isinstance(node, ast.Dict | ast.Tuple | ast.List):
        # A display of the Refs themselves (``{"w": self.w, "b": self.b}``): each entry's value.
        entries = node.values if isinstance(node, ast.Dict) else node.elts
        if not entries or not all(isinstance(e, ast.Name | ast.Attribute) for e in entries):
            return []
        edits = tuple(source.replace(e, f"{source.segment(e)}[...]") for e in entries)
        title = "Hold the Refs' values, not the Refs: " + ", ".join(
            f"{source.segment(e)}[...]" for e in entries[:3]
        )
        return unsafe_fix(target, title + (", ..." if len(entries) > 3 else ""), edits)
    if not isinstance(node, ast.Name | ast.Attribute | ast.Call | ast.Subscript):
        return []
    text = source.segment(node)
    title = f"Hand on the Ref's value, not the Ref: {text}[...]"
    return unsafe_fix(target, title, (source.replace(node, f"{text}[...]"),))


def _calls_grad(source: Source, node: ast.Call) -> bool:
    """Whether a call is a gradient transform's: ``jax.grad(..)``, or a name imported from
    JAX under any alias (``from jax import grad as g``)."""
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr in _GRADS
    return isinstance(func, ast.Name) and any(
        isinstance(statement, ast.ImportFrom)
        and (statement.module or "").split(".")[0] == "jax"
        and any((alias.asname or alias.name) == func.id for alias in statement.names)
        for statement in ast.walk(source.tree)
    )


def _argnums_fixes(
    target: FixTarget, read: ReadSource, source: Source, node: ast.expr
) -> list[Fix]:
    """The literal argnums without the one position whose parameter is declared a Ref."""
    positions = literal_ints(node)
    if positions is None or not isinstance(node, ast.Tuple | ast.List):
        return []
    refs: set[int] = set()
    for span in dict.fromkeys([target.span, *target.frames]):
        home = source if span.path == source.path else _parsed(span.path, read)
        selected = selecting(home, span.line) if home is not None else None
        if home is None or selected is None:
            continue
        _, call, _, _ = selected
        function = received(home, call, read)
        if function is None:
            continue
        shift = function.fixed_positional if isinstance(function, Partial) else 0
        inner = function.function if isinstance(function, Partial) else function
        count = len(inner.positional)
        if any(p + shift >= count for p in positions):
            return []
        refs = {p for p in positions if declares_ref(inner, p + shift)}
        break
    if len(refs) != 1 or len(positions) < 2:
        return []
    kept = [str(p) for p in positions if p not in refs]
    text = ", ".join(kept)
    if isinstance(node, ast.List):
        new = f"[{text}]"
    else:
        new = f"({text},)" if len(kept) == 1 else f"({text})"
    title = f"Leave the Ref at position {next(iter(refs))} out of argnums (plumbing): {new}"
    return unsafe_fix(target, title, (source.replace(node, new),))


def _parsed(path: Path, read: ReadSource) -> Source | None:
    return Source.parse(path, read(path))


def switched_on_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.REFS_SWITCHED_OFF))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    if not isinstance(node, ast.Constant) or type(node.value) is not bool:
        return []
    flipped = repr(not node.value)
    title = f"Set `{culprit.name}` to {flipped}, so the VJP binds its gradient refs"
    return unsafe_fix(target, title, (source.replace(node, flipped),))

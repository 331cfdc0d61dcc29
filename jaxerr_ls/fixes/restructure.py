"""An expression rewritten into the pytree structure JAX expects: the container conversions that
the two printed structures (the one a value has, the one due) prove, applied to how the value
is written.

A rule's output, a tangent or a cotangent that JAX refused for its structure is usually right
in its leaves and wrong in its containers. Walking the expression and the two trees together,
each level is converted by what Python offers for it:

- a tuple or list display whose entries match: its entries converted in place, and its brackets
  changed when the other sequence is due (``[a, b]`` -> ``(a, b)``);
- any other value that is a tuple where a list is due, or the reverse: ``tuple(x)``/``list(x)``;
- a display of values where a NamedTuple or registered dataclass is due: that class built by
  its fields (each value to the field it is named after, ``d_w`` -> ``w``; by position when
  none is named after one, which is unsafe); a dict display with the fields as keys likewise;
- one array stacked from k values (``jnp.stack([a, b])``, ``jnp.array([a, b])``) where a tuple
  or list of k leaves is due: the values, in that container.

Anything else (a leaf where a container is due, a container of another length) is not
converted: the right values depend on what the code computes.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Literal

from jaxerr_ls.fixes.pytrees import DICT, LEAF, LIST, NAMEDTUPLE, TUPLE, Tree
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.rule_outputs import string_keys
from jaxerr_ls.spans import Edit

# Calls that stack a display of arrays into one array along a new leading axis.
_STACKING = frozenset({"stack", "array", "asarray"})
_ARRAY_MODULES = frozenset({"jnp", "np", "numpy", "jax.numpy", "onp"})


def stems(name: str) -> set[str]:
    """What a cotangent's name may be made from: ``d_w``, ``dw``, ``w_ct``, ``grad_w`` -> w."""
    found = {name}
    for prefix in ("d_", "g_", "grad_", "ct_", "d"):
        if name.startswith(prefix):
            found.add(name[len(prefix) :])
    for suffix in ("_ct", "_grad", "_bar", "_cot", "_cotangent", "_g"):
        if name.endswith(suffix):
            found.add(name[: -len(suffix)])
    return found


def named_order(elts: list[ast.expr], names: list[str]) -> list[int] | Literal[False] | None:
    """For each field, the value named after it (``d_w`` for ``w``); False when no value is
    named after a field; None when the names contradict (two for one field)."""
    matched: dict[int, int] = {}
    for i, elt in enumerate(elts):
        if not isinstance(elt, ast.Name):
            continue
        hits = [j for j, name in enumerate(names) if name in stems(elt.id)]
        if len(hits) > 1 or (hits and hits[0] in matched):
            return None
        if hits:
            matched[hits[0]] = i
    if not matched:
        return False
    if len(matched) != len(names):
        return None
    return [matched[j] for j in range(len(names))]


@dataclass
class Restructure:
    """Converts expressions of one file; ``fields`` maps the classes the code can build (a
    NamedTuple's or dataclass's name) to their fields in flattening order. After a
    conversion, ``safe`` tells whether every step kept the values' meaning and ``done`` which
    kinds of step were taken (``container``, ``class``, ``unstacked``)."""

    source: Source
    fields: dict[str, list[str]]
    safe: bool = True
    done: set[str] = field(default_factory=set)

    def edits(self, node: ast.expr, have: Tree, due: Tree) -> list[Edit] | None:
        """The smallest edits that make ``node`` (of structure ``have``) of structure ``due``;
        [] when they agree already, None when no conversion is proven."""
        if have == due:
            return []
        if _display_of(node, have) and due.kind == have.kind:
            if len(due.children) != len(have.children):
                return None
            assert isinstance(node, ast.Tuple | ast.List)
            edits: list[Edit] = []
            for elt, have_child, due_child in zip(
                node.elts, have.children, due.children, strict=True
            ):
                inner = self.edits(elt, have_child, due_child)
                if inner is None:
                    return None
                edits += inner
            return edits
        text = self.text(node, have, due)
        return None if text is None else [self.source.replace(node, text)]

    def text(self, node: ast.expr, have: Tree, due: Tree) -> str | None:
        """``node``'s text converted to structure ``due``, None when no conversion is proven."""
        if have == due:
            return self.source.segment(node)
        if _display_of(node, have):
            assert isinstance(node, ast.Tuple | ast.List)
            return self._display(node.elts, have.children, due)
        if isinstance(node, ast.Dict) and have.kind == DICT and due.kind == NAMEDTUPLE:
            return self._dict_as_class(node, have, due)
        if have.kind in (TUPLE, LIST) and due.kind in (TUPLE, LIST):
            if have.children != due.children:
                return None
            self.done.add("container")
            return f"{due.kind}({self.source.segment(node)})"
        if have.kind == LEAF and due.kind in (TUPLE, LIST):
            stacked = _stacked_values(node)
            if stacked is None or len(stacked) != len(due.children):
                return None
            if any(child.kind != LEAF for child in due.children):
                return None
            self.done.add("unstacked")
            return _sequence(due.kind, [self.source.segment(v) for v in stacked])
        return None

    def _display(self, elts: list[ast.expr], have: tuple[Tree, ...], due: Tree) -> str | None:
        """A display's entries (of structures ``have``) rebuilt as ``due``."""
        if len(elts) != len(due.children):
            return None
        if due.kind in (TUPLE, LIST):
            parts = []
            for elt, have_child, due_child in zip(elts, have, due.children, strict=True):
                part = self.text(elt, have_child, due_child)
                if part is None:
                    return None
                parts.append(part)
            self.done.add("container")
            return _sequence(due.kind, parts)
        if due.kind == NAMEDTUPLE:
            names = self.fields.get(due.keys[0])
            if names is None or len(names) != len(elts):
                return None
            order = named_order(elts, names)
            if order is None:
                return None
            if order is False:
                order, self.safe = list(range(len(elts))), False
            built = []
            for name, i in zip(names, order, strict=True):
                part = self.text(elts[i], have[i], due.children[names.index(name)])
                if part is None:
                    return None
                built.append(f"{name}={part}")
            self.done.add("class")
            return f"{due.keys[0]}({', '.join(built)})"
        return None

    def _dict_as_class(self, node: ast.Dict, have: Tree, due: Tree) -> str | None:
        """A dict display whose string keys are the fields of the class due, built as it."""
        names = self.fields.get(due.keys[0])
        keys = string_keys(node)
        if names is None or keys is None or sorted(keys) != sorted(names):
            return None
        by_key = dict(zip(keys, zip(node.values, have.children, strict=True), strict=True))
        built = []
        for name, due_child in zip(names, due.children, strict=True):
            value, have_child = by_key[name]
            part = self.text(value, have_child, due_child)
            if part is None:
                return None
            built.append(f"{name}={part}")
        self.done.add("class")
        return f"{due.keys[0]}({', '.join(built)})"


def _display_of(node: ast.expr, have: Tree) -> bool:
    """Is ``node`` a tuple or list display, without ``*``, whose entries are ``have``'s?"""
    return (
        isinstance(node, ast.Tuple | ast.List)
        and have.kind in (TUPLE, LIST)
        and len(node.elts) == len(have.children)
        and not any(isinstance(e, ast.Starred) for e in node.elts)
    )


def _stacked_values(node: ast.expr) -> list[ast.expr] | None:
    """The values ``jnp.stack([a, b])`` / ``jnp.array((a, b))`` stacks on a new leading axis."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords):
        return None
    func = node.func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr in _STACKING
        and ast.unparse(func.value) in _ARRAY_MODULES
    ):
        return None
    values = node.args[0]
    if not isinstance(values, ast.Tuple | ast.List):
        return None
    if any(isinstance(e, ast.Starred) for e in values.elts):
        return None
    return list(values.elts)


def _sequence(kind: str, parts: list[str]) -> str:
    if kind == LIST:
        return f"[{', '.join(parts)}]"
    return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"

"""Fixes for a tangent or cotangent refused for its tree structure, made where it is built.

``jax.linear_transpose``'s transposed function, ``jax.linearize``'s ``f_jvp`` and ``jax.vjp``'s
pullback each print the structure due and the one given. The culprit (kind
``transform.tangent``) is the expression that built the value: it is converted into the
structure due as ``jaxerr_ls.fixes.restructure`` proves (a list for a tuple, a stack of one
array per entry, a display or a dict of a NamedTuple's fields as that NamedTuple). Two more
forms are read from the printed trees:

- ``f_jvp((dk, dc))`` where ``f_jvp`` takes one tangent per primal (printed as a 1-tuple holding
  the primals' tuple): the tuple spread into the call's arguments;
- the pullback's ``* out was a <class 'mod.Cls'> ... but a <class 'dict'> here``: the dict
  display built as ``Cls`` when its keys are the class's fields, the class imported from the
  module JAX names where the culprit's module does not bind it.

A value JAX printed in another container than any of these (a dict where a tuple is due: which
key is which entry is not written anywhere) gets no fix.
"""

from __future__ import annotations

import ast
import re

from jaxerr_ls.fixes.custom_vjp import imported_fields
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.pytrees import DICT, LEAF, NAMEDTUPLE, TUPLE, Tree, parse_tree
from jaxerr_ls.fixes.restructure import Restructure
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.fixes.transform_calls import located, pullback_calls
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit

TRANSPOSE_TREE = "linear-transpose-cotangent-tree"
LINEARIZE_TREE = "linearize-tangent-tree"
VJP_TREE = "vjp-cotangent-tree"

# ``<class 'climate.Outlook'>``: a class JAX names with its module.
_CLASS = re.compile(r"^<class '(?:(?P<module>[\w.]+)\.)?(?P<name>\w+)'>$")


def _culprit_value(target: FixTarget, read: ReadSource) -> tuple[Source, ast.expr] | None:
    """The one expression a culprit of kind ``transform.tangent`` spans (a return's value)."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    if len(found) != 1:
        return None
    source, node, _ = found[0]
    value = node.value if isinstance(node, ast.Return | ast.Assign) else node
    return (source, value) if isinstance(value, ast.expr) else None


def _restructured(
    target: FixTarget, read: ReadSource, have: Tree, due: Tree, index: int, title: str
) -> list[Fix]:
    """The culprit's value converted from ``have`` to ``due``; without a culprit, the
    ``index``-th argument of the call on the failing line of the function the transform
    returned (``adjoint(tuple(fields(x)))``)."""
    found = _culprit_value(target, read) or _given_argument(target, read, index)
    if found is None:
        return []
    source, value = found
    convert = Restructure(source, imported_fields(source, read))
    edits = convert.edits(value, have, due)
    if not edits:
        return []
    safety = Applicability.of(convert.safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


def _given_argument(
    target: FixTarget, read: ReadSource, index: int
) -> tuple[Source, ast.expr] | None:
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return None
    api = "linear_transpose" if target.code == TRANSPOSE_TREE else "linearize"
    calls = [call for call, _ in pullback_calls(source, target.span.line, api)]
    if len(calls) != 1 or calls[0].keywords or len(calls[0].args) <= index:
        return None
    if any(isinstance(arg, ast.Starred) for arg in calls[0].args):
        return None
    return source, calls[0].args[index]


def _spread_fixes(target: FixTarget, read: ReadSource, primals: Tree) -> list[Fix]:
    """``f_jvp((dk, dc))`` on the failing line, one argument where one tangent per primal is
    due: the tuple display's entries as the arguments, else the value spread with ``*``."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return []
    calls = [
        call
        for call, _ in pullback_calls(source, target.span.line, api="linearize")
        if len(call.args) == 1 and not call.keywords and not isinstance(call.args[0], ast.Starred)
    ]
    if len(calls) != 1:
        return []
    given = calls[0].args[0]
    if isinstance(given, ast.Tuple | ast.List):
        if len(given.elts) != len(primals.children):
            return []
        if any(isinstance(e, ast.Starred) for e in given.elts):
            return []
        new = ", ".join(source.segment(e) for e in given.elts)
    else:
        new = f"*{source.segment(given)}"
    title = f"Pass one tangent per primal: {source.segment(calls[0].func)}({new})"
    edit = source.replace(given, new)
    return [Fix(title, target.code, (edit,), True, Applicability.SAFE)]


def _class_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The pullback given a dict display where the output is a NamedTuple (or registered
    dataclass) whose fields are the dict's keys: that class built from it."""
    if (target.captures.get("tangent_path") or "").strip():
        return []
    due = _CLASS.match((target.captures.get("primal_tree") or "").strip())
    have = (target.captures.get("tangent_tree") or "").strip()
    found = _culprit_value(target, read)
    if due is None or have != "<class 'dict'>" or found is None:
        return []
    source, value = found
    if not isinstance(value, ast.Dict) or None in value.keys:
        return []
    name, module = due["name"], due["module"]
    fields = imported_fields(source, read)
    imports: list[Edit] = []
    if name not in fields and module is not None:
        fields.update(_module_fields(source, read, module, name))
        if name not in fields or name in source.all_names():
            return []
        imports.append(source.import_edit(f"from {module} import {name}"))
    if name not in fields:
        return []
    keys = tuple(repr(k.value) for k in value.keys if isinstance(k, ast.Constant))
    leaves = tuple(Tree(LEAF) for _ in keys)
    due_tree = Tree(NAMEDTUPLE, tuple(Tree(LEAF) for _ in fields[name]), (name,))
    convert = Restructure(source, fields)
    edits = convert.edits(value, Tree(DICT, leaves, keys), due_tree)
    if not edits:
        return []
    title = f"Build the cotangent as the output's class `{name}`"
    return [Fix(title, target.code, (*imports, *edits), True, Applicability.SAFE)]


def _module_fields(
    source: Source, read: ReadSource, module: str, name: str
) -> dict[str, list[str]]:
    """The fields of class ``name`` of a project module, as ``from module import name`` in
    ``source``'s folder would bring them."""
    probe = Source.parse(source.path, f"from {module} import {name}\n")
    return imported_fields(probe, read) if probe is not None else {}


def culprit_tree_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The tangent or cotangent converted into the structure due where it is built."""
    if target.code == VJP_TREE:
        return _class_fixes(target, read)
    due = parse_tree(target.captures.get("primal_tree") or "")
    have = parse_tree(target.captures.get("tangent_tree") or "")
    if due is None or have is None:
        return []
    title = "Build the cotangent in the function output's containers"
    if target.code == TRANSPOSE_TREE:
        return _restructured(target, read, have, due, 0, title)
    # linearize: both are the tuple of the arguments (one tangent per primal).
    if due.kind != TUPLE or have.kind != TUPLE:
        return []
    if len(have.children) == 1 and len(due.children) > 1:
        if have.children[0] == Tree(TUPLE, due.children):
            return _spread_fixes(target, read, due)
        return []
    if len(have.children) != len(due.children):
        return []
    differing = [
        i for i, (h, d) in enumerate(zip(have.children, due.children, strict=True)) if h != d
    ]
    if len(differing) != 1:
        return []
    index = differing[0]
    title = "Build the tangent in the primal's containers"
    return _restructured(target, read, have.children[index], due.children[index], index, title)


TREES_PROVIDER = Provider(
    frozenset({TRANSPOSE_TREE, LINEARIZE_TREE}),
    frozenset({"primal_tree", "tangent_tree"}),
    culprit_tree_fixes,
)

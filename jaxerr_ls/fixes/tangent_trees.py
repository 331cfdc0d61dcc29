"""Fixes for tangents given to ``jax.jvp`` in another tree structure than their primals.

JAX prints both structures. Where the one differing entry is a dict whose keys are the fields
of the NamedTuple the primal is (``{'kappa': *, 'ri': *}`` for ``namedtuple[Params]``), the
tangent holds the right values in the wrong container: the function that made it (the tangent's
culprit) builds the primal's class from the same dict, by the class's name where its module has
it, else as ``type(p)(**...)`` of its parameter ``p`` that the call making the tangent gives
the primal itself (``direction = random_direction(key, PARAMS)`` beside
``jax.jvp(f, (PARAMS,), (direction,))``). Other containers are converted where the tangent is
made as ``jaxerr_ls.fixes.restructure`` proves (a list for a tuple, a stack of one tangent per
entry).
"""

from __future__ import annotations

import ast

from jaxerr_ls.fixes.custom_vjp import imported_fields
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.pytrees import DICT, LEAF, NAMEDTUPLE, TUPLE, Tree, parse_tree
from jaxerr_ls.fixes.restructure import Restructure
from jaxerr_ls.fixes.source import FunctionNode, Source, fresh
from jaxerr_ls.fixes.transform_calls import assigned_once, located, on_line
from jaxerr_ls.project import last_name
from jaxerr_ls.records import CulpritKind

TREE = "jvp-tree-mismatch"


def _jvp_call(source: Source, line: int) -> tuple[ast.Call, ast.Tuple, ast.Tuple] | None:
    """The one ``jax.jvp(f, (primals...), (tangents...))`` on the line, both tuple displays,
    with those displays."""
    calls = [
        (node, node.args[1], node.args[2])
        for node in ast.walk(source.tree)
        if isinstance(node, ast.Call)
        and on_line(node, line)
        and last_name(node.func) == "jvp"
        and len(node.args) == 3
        and isinstance(node.args[1], ast.Tuple)
        and isinstance(node.args[2], ast.Tuple)
    ]
    if len(calls) != 1:
        return None
    call, primals, tangents = calls[0]
    assert isinstance(primals, ast.Tuple) and isinstance(tangents, ast.Tuple)
    return call, primals, tangents


def _enclosing(source: Source, node: ast.AST) -> FunctionNode | None:
    inside = [f for f in source.functions() if any(n is node for n in ast.walk(f))]
    return max(inside, key=lambda f: f.lineno, default=None)


def _module_binds(tree: ast.Module, name: str) -> bool:
    """Does the module define ``name`` as a class, or import it under that name?"""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return True
        if isinstance(node, ast.ImportFrom) and any(
            (a.asname or a.name) == name for a in node.names
        ):
            return True
    return False


def _primal_parameter(
    failing: Source, jvp: tuple[ast.Call, ast.Tuple, ast.Tuple], index: int, maker: FunctionNode
) -> str | None:
    """The parameter of ``maker`` that the call making the tangent gives the primal itself:
    ``maker(key, PARAMS)`` in the jvp call's tangents or as the one binding of the name there
    (``direction = maker(key, PARAMS)``), the primal being ``PARAMS`` there too."""
    call, primals, tangents = jvp
    tangent, primal = tangents.elts[index], primals.elts[index]
    value: ast.expr | None = tangent
    if isinstance(tangent, ast.Name):
        made = assigned_once(failing, tangent.id, call.lineno)
        value = made.value if made is not None else None
    if not isinstance(value, ast.Call) or last_name(value.func) != maker.name:
        return None
    params = [a.arg for a in (*maker.args.posonlyargs, *maker.args.args)]
    given = [
        params[i]
        for i, arg in enumerate(value.args[: len(params)])
        if ast.dump(arg) == ast.dump(primal)
    ]
    return given[0] if len(given) == 1 else None


def tangent_tree_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The tangent made as a dict for a NamedTuple primal built as that NamedTuple, or made
    with some of a dict primal's keys given the others as zeros, where it is made."""
    primal = parse_tree(target.captures.get("primal_tree", ""))
    tangent = parse_tree(target.captures.get("tangent_tree", ""))
    failing = Source.parse(target.span.path, read(target.span.path))
    if primal is None or tangent is None or failing is None:
        return []
    if primal.kind != TUPLE or tangent.kind != TUPLE:
        return []
    if len(primal.children) != len(tangent.children):
        return []
    differing = [
        i for i, (p, t) in enumerate(zip(primal.children, tangent.children, strict=True)) if p != t
    ]
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    jvp = _jvp_call(failing, target.span.line)
    if len(differing) != 1 or len(found) != 1 or jvp is None:
        return []
    if len(jvp[1].elts) != len(primal.children):
        return []
    index = differing[0]
    source, node, _ = found[0]
    value = node.value if isinstance(node, ast.Return) else node
    maker = _enclosing(source, node)
    if not isinstance(value, ast.expr) or maker is None:
        return []
    due, given = primal.children[index], tangent.children[index]
    param = _primal_parameter(failing, jvp, index, maker)
    if due.kind == NAMEDTUPLE and given.kind == DICT and due.children == given.children:
        cls = due.keys[0]
        keys = {k[1:-1] for k in given.keys if k[:1] in "'\""}
        fields = {**imported_fields(failing, read), **imported_fields(source, read)}
        if set(fields.get(cls, ())) != keys or len(keys) != len(given.keys):
            return []
        if _module_binds(source.tree, cls):
            built = cls
        elif param is not None:
            built = f"type({param})"
        else:
            return []
        new = f"{built}(**{source.segment(value)})"
        title = f"Build the tangent as the primal's NamedTuple `{cls}`: {built}(**...)"
        return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.SAFE)]
    if due.kind == DICT and given.kind == DICT and param is not None:
        return _zeros_for_missing_keys(target, source, value, due, given, param)
    convert = Restructure(
        source, {**imported_fields(failing, read), **imported_fields(source, read)}
    )
    edits = convert.edits(value, given, due)
    if not edits:
        return []
    title = "Build the tangent in the primal's containers"
    safety = Applicability.of(convert.safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


def _zeros_for_missing_keys(
    target: FixTarget, source: Source, value: ast.expr, due: Tree, given: Tree, param: str
) -> list[Fix]:
    """A tangent dict with some of the primal dict's keys (each of the primal's structure
    there), the primal's other entries single arrays: those get zero tangents, the primal's
    entries' ``zeros_like`` laid under the given ones. Unsafe: the direction is then taken to
    leave those entries where they are."""
    held = dict(zip(due.keys, due.children, strict=True))
    if not set(given.keys) < set(held):
        return []
    if any(held[k] != child for k, child in zip(given.keys, given.children, strict=True)):
        return []
    if any(held[k].kind != LEAF for k in set(held) - set(given.keys)):
        return []
    spelled = source.jnp_or_import()
    if spelled is None:
        return []
    jnp, imports = spelled
    taken = source.all_names()
    key, entry = fresh(taken, "key"), fresh(taken, "leaf")
    zeros = f"{{{key}: {jnp}.zeros_like({entry}) for {key}, {entry} in {param}.items()}}"
    new = f"{{**{zeros}, **{source.segment(value)}}}"
    missing = ", ".join(sorted(k.strip("'\"") for k in set(held) - set(given.keys)))
    title = f"Give the tangent zeros for the primal's other entries ({missing})"
    edits = (*imports, source.replace(value, new))
    return [Fix(title, target.code, edits, True, Applicability.UNSAFE)]


PROVIDER = Provider(
    frozenset({TREE}), frozenset({"primal_tree", "tangent_tree"}), tangent_tree_fixes
)

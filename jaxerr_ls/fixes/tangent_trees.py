"""Fixes for tangents given to ``jax.jvp`` in another tree structure than their primals.

JAX prints both structures. Where the one differing entry is a dict whose keys are the fields
of the NamedTuple the primal is (``{'kappa': *, 'ri': *}`` for ``namedtuple[Params]``), the
tangent holds the right values in the wrong container: the function that made it (the tangent's
culprit) builds the primal's class from the same dict, by the class's name where its module has
it, else as ``type(p)(**...)`` of its parameter ``p`` that the call making the tangent gives
the primal itself (``direction = random_direction(key, PARAMS)`` beside
``jax.jvp(f, (PARAMS,), (direction,))``). Other containers are converted where the tangent is
made as ``jaxerr_ls.fixes.restructure`` proves (a list for a tuple, a stack of one tangent per
entry). A tangent made as one flat array for a tree primal is unflattened with the function
``ravel_pytree`` gave for that primal, where the code that makes it holds one
(``unravel_fixes``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_ls.fixes.custom_vjp import imported_fields
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.pytrees import DICT, LEAF, LIST, NAMEDTUPLE, TUPLE, Tree, parse_tree
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


@dataclass(frozen=True, slots=True)
class _Mismatch:
    """The one entry of a jvp's tangents whose tree differs from its primal's, and the
    tangent culprit's expression in the function that makes it."""

    failing: Source
    jvp: tuple[ast.Call, ast.Tuple, ast.Tuple]
    index: int
    due: Tree
    given: Tree
    source: Source
    node: ast.AST
    value: ast.expr
    maker: FunctionNode


def _mismatch(target: FixTarget, read: ReadSource) -> _Mismatch | None:
    primal = parse_tree(target.captures.get("primal_tree", ""))
    tangent = parse_tree(target.captures.get("tangent_tree", ""))
    failing = Source.parse(target.span.path, read(target.span.path))
    if primal is None or tangent is None or failing is None:
        return None
    if primal.kind != TUPLE or tangent.kind != TUPLE:
        return None
    if len(primal.children) != len(tangent.children):
        return None
    differing = [
        i for i, (p, t) in enumerate(zip(primal.children, tangent.children, strict=True)) if p != t
    ]
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    jvp = _jvp_call(failing, target.span.line)
    if len(differing) != 1 or len(found) != 1 or jvp is None:
        return None
    if len(jvp[1].elts) != len(primal.children):
        return None
    index = differing[0]
    source, node, _ = found[0]
    value = node.value if isinstance(node, ast.Return) else node
    maker = _enclosing(source, node)
    if not isinstance(value, ast.expr) or maker is None:
        return None
    due, given = primal.children[index], tangent.children[index]
    return _Mismatch(failing, jvp, index, due, given, source, node, value, maker)


def tangent_tree_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The tangent made as a dict for a NamedTuple primal built as that NamedTuple, or made
    with some of a dict primal's keys given the others as zeros, where it is made."""
    found = _mismatch(target, read)
    if found is None:
        return []
    failing, jvp, index, source = found.failing, found.jvp, found.index, found.source
    value, maker = found.value, found.maker
    due, given = found.due, found.given
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
        return _spread_into_class(target, found, param) or _unflattened_leaves(target, found)
    title = "Build the tangent in the primal's containers"
    safety = Applicability.of(convert.safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


def _spread_into_class(target: FixTarget, found: _Mismatch, param: str | None) -> list[Fix]:
    """A tangent made as a plain tuple or list (not a display: ``tuple(v / n for v in vs)``,
    a helper's result) of the leaves of the NamedTuple the primal is: that class built from
    its items in order, ``Cls(*(v / n for v in vs))``, by the class's name where the maker's
    module binds it, else ``type(p)(*...)`` of the maker's parameter ``p`` that is given the
    primal. Unsafe: the entries are taken to be in the order of the class's fields."""
    due, given, value, source = found.due, found.given, found.value, found.source
    if due.kind != NAMEDTUPLE or given.kind not in (TUPLE, LIST) or due.children != given.children:
        return []
    if isinstance(value, ast.Tuple | ast.List | ast.Dict | ast.Starred):
        return []  # a display: converted by its entries, or not at all
    cls = due.keys[0]
    if _module_binds(source.tree, cls):
        built = cls
    elif param is not None:
        built = f"type({param})"
    else:
        return []
    spread = source.segment(value)
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("tuple", "list")
        and len(value.args) == 1
        and not value.keywords
        and isinstance(value.args[0], ast.GeneratorExp | ast.ListComp)
    ):
        spread = source.segment(value.args[0])
        if isinstance(value.args[0], ast.GeneratorExp) and not spread.startswith("("):
            spread = f"({spread})"
    new = f"{built}(*{spread})"
    title = f"Build the tangent as the primal's NamedTuple `{cls}`: {built}(*...)"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]


# Calls that read a tree's leaves (or its structure) from their first argument.
_TREE_READS = frozenset(
    {"leaves", "tree_leaves", "flatten", "tree_flatten", "structure", "tree_structure"}
)


def _unflattened_leaves(target: FixTarget, found: _Mismatch) -> list[Fix]:
    """A tangent made as a flat list of leaves (``[noise(k, leaf.shape) for ...]``, a list
    display or ``list(...)``) for a primal that is a tree of as many leaves, made by a helper
    with one parameter whose leaves it reads (``jax.tree.leaves(tree)``, there or in a helper
    of the same module it hands the parameter to): the list unflattened into that parameter's
    structure, ``jax.tree.unflatten(jax.tree.structure(tree), [...])``. Unsafe: the list is
    taken to be in the order of the tree's leaves."""
    due, given, value, source = found.due, found.given, found.value, found.source
    if given.kind not in (LIST, TUPLE) or any(c.kind != LEAF for c in given.children):
        return []
    if due.kind == LEAF or due.leaves() != len(given.children):
        return []
    listed = isinstance(value, ast.List | ast.ListComp) or (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "list"
        and len(value.args) == 1
        and not value.keywords
    )
    aliases = source.module_aliases("jax")
    if not listed or not aliases:
        return []
    params = _tree_read_parameters(source, found.maker, 0)
    if len(params) != 1:
        return []
    jax_name, tree = aliases[0], params.pop()
    new = f"{jax_name}.tree.unflatten({jax_name}.tree.structure({tree}), {source.segment(value)})"
    title = f"Unflatten the tangent's leaves into the structure of `{tree}`"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]


def _tree_read_parameters(source: Source, function: FunctionNode, depth: int) -> set[str]:
    """The parameters of ``function`` whose leaves or structure it reads: the first argument
    of a ``jax.tree.leaves``-like call, or an argument handed to a function of the same
    module that reads its parameter so (one call deep)."""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    found: set[str] = set()
    by_name = {f.name: f for f in source.functions()}
    for call in ast.walk(function):
        if not isinstance(call, ast.Call):
            continue
        arguments = [a.id if isinstance(a, ast.Name) else None for a in call.args]
        if last_name(call.func) in _TREE_READS and arguments and arguments[0] in params:
            found.add(str(arguments[0]))
            continue
        helper = by_name.get(call.func.id) if isinstance(call.func, ast.Name) else None
        if helper is None or helper is function or depth > 0 or call.keywords:
            continue
        inner = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]
        if len(inner) != len(arguments) or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        read = _tree_read_parameters(source, helper, depth + 1)
        found |= {
            str(name)
            for name, own in zip(arguments, inner, strict=True)
            if own in read and name in params
        }
    return found


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


def unravel_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A tangent made as one flat array (``PyTreeDef((*,))``) for a primal that is a tree,
    where the code that makes it holds the function that unflattens such a vector into the
    primal's tree: ``flat, unravel = ravel_pytree(params)`` (or of ``jax.grad(f)(params)``,
    of the same tree), ``params`` being the primal there (the parameter the call making the
    tangent is given the primal by, or the argument the call handing the tangent over gives
    the failing function for its primal). The tangent is unflattened there, ``unravel(v)``."""
    found = _mismatch(target, read)
    if found is None or found.given.kind != LEAF or found.due.kind == LEAF:
        return []
    failing, jvp, index, source = found.failing, found.jvp, found.index, found.source
    node, value, maker = found.node, found.value, found.maker
    param = _primal_parameter(failing, jvp, index, maker)
    returned = any(isinstance(n, ast.Return) and n.value is value for n in ast.walk(maker))
    param = param if returned else None
    primal_text = param if param is not None else _handed_primal(source, failing, jvp, index, value)
    if primal_text is None:
        return []
    functions = [f for f in source.functions() if any(n is node for n in ast.walk(f))]
    unravels = {
        name
        for function in functions
        for name in _unravel_functions(function, primal_text, value.lineno)
    }
    if len(unravels) != 1:
        return []
    unravel = next(iter(unravels))
    new = f"{unravel}({source.segment(value)})"
    title = f"Unflatten the tangent into the primal's tree: {new}"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]


def _handed_primal(
    source: Source,
    failing: Source,
    jvp: tuple[ast.Call, ast.Tuple, ast.Tuple],
    index: int,
    value: ast.expr,
) -> str | None:
    """Where the tangent is an argument of a call of the function around the failing jvp,
    whose primal and tangent at ``index`` are that function's parameters: the text of the
    argument the call gives for the primal."""
    function = _enclosing(failing, jvp[0])
    primal, tangent = jvp[1].elts[index], jvp[2].elts[index]
    if function is None or not isinstance(primal, ast.Name) or not isinstance(tangent, ast.Name):
        return None
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if primal.id not in params or tangent.id not in params:
        return None
    calls = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Call)
        and last_name(n.func) == function.name
        and not n.keywords
        and not any(isinstance(a, ast.Starred) for a in n.args)
        and len(n.args) == len(params)
        and n.args[params.index(tangent.id)] is value
    ]
    if len(calls) != 1:
        return None
    return source.segment(calls[0].args[params.index(primal.id)])


def _unravel_functions(function: FunctionNode, primal: str, before: int) -> list[str]:
    """The names ``function``'s own statements bind, before line ``before``, to the second
    result of ``ravel_pytree`` of ``primal`` (or of ``jax.grad(..)(primal)``, its tree)."""
    found = []
    for statement in ast.walk(function):
        if not isinstance(statement, ast.Assign) or statement.lineno >= before:
            continue
        if len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Tuple):
            continue
        names = statement.targets[0].elts
        call = statement.value
        if len(names) != 2 or not isinstance(names[1], ast.Name) or not isinstance(call, ast.Call):
            continue
        if last_name(call.func) != "ravel_pytree" or len(call.args) != 1 or call.keywords:
            continue
        raveled = call.args[0]
        if (
            isinstance(raveled, ast.Call)
            and isinstance(raveled.func, ast.Call)
            and last_name(raveled.func.func) == "grad"
            and len(raveled.func.args) == 1
            and not raveled.func.keywords
            and len(raveled.args) == 1
        ):
            raveled = raveled.args[0]
        if ast.unparse(raveled) == primal:
            found.append(names[1].id)
    return found


def _tree_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    return tangent_tree_fixes(target, read) or unravel_fixes(target, read)


PROVIDER = Provider(frozenset({TREE}), frozenset({"primal_tree", "tangent_tree"}), _tree_fixes)

"""A non-scalar loss assembled from a registry of terms: the one registered term left unreduced.

Projects build losses and energies from a dict of functions filled by a decorator
(``@energy_term("load")`` doing ``ENERGY_TERMS[name] = fn``) and summed by name
(``sum(ENERGY_TERMS[n](w, beam) for n in terms)``). When the differentiated function's output
is an array, the term at fault is in none of the traceback's lines. Where, among the functions
registered in the one registry the differentiated function (or a project function it calls)
reads, exactly one returns a value with no reduction to a scalar while every other reduces
(``jnp.sum``, ``jnp.mean`` with no axis, or one element ``w[-1]``), that term is summed: a term
added into a total is summed, as the other terms are. The sum goes around the partial reduction
it returns (``strength * jnp.linalg.norm(w, axis=1)`` -> ``strength * jnp.sum(...)``), else
around the whole value. Unsafe: what the loss means changes, as it must.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxerr_ls.astindex import own_returns
from jaxerr_ls.fixes.model import Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.source import FunctionNode, Source
from jaxerr_ls.fixes.transform_calls import (
    applied_transform,
    importer,
    received_at,
    unsafe_fix,
)
from jaxerr_ls.project import Function, ModuleModel, last_name, module_files

_SCALAR_TRANSFORMS = frozenset({"grad", "value_and_grad"})
_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "logsumexp", "norm", "vdot"})


def registry_term_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    failing = Source.parse(target.span.path, read(target.span.path))
    call = applied_transform(failing, target.span.line, _SCALAR_TRANSFORMS) if failing else None
    found = received_at(failing, call, read) if failing is not None and call is not None else None
    received = found[1] if found is not None else None
    if found is None or not isinstance(received, Function):
        return []
    node = received.node
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return []
    registries = {
        (id(source), name): (source, name)
        for source, name in _registries_read(found[0], node, read, depth=2)
    }
    if len(registries) != 1:
        return []
    [(source, name)] = registries.values()
    terms = list(_registered(source, name))
    if len(terms) < 2:
        return []
    unreduced = [t for t in terms if not all(_reduced(r.value) for r in _valued_returns(t))]
    if len(unreduced) != 1 or not _valued_returns(unreduced[0]):
        return []
    term = unreduced[0]
    jnp = source.jnp_name()
    if jnp is None:
        return []
    # The reduction the other terms use, where they agree (a registry of per-sample losses
    # averaged); else a sum, as a term added into a total.
    used = {
        reduced
        for other in terms
        if other is not term
        for r in _valued_returns(other)
        for n in ast.walk(r)
        if (reduced := _full_reduction(n)) in ("sum", "mean")
    }
    reduction = "mean" if used == {"mean"} else "sum"
    edits = []
    for ret in _valued_returns(term):
        assert ret.value is not None
        partial = [
            n
            for n in ast.walk(ret.value)
            if isinstance(n, ast.Call) and last_name(n.func) in _REDUCTIONS
        ]
        inner = partial[0] if len(partial) == 1 else ret.value
        edits.append(source.replace(inner, f"{jnp}.{reduction}({source.segment(inner)})"))
    verb = "Average" if reduction == "mean" else "Sum"
    title = f"{verb} the registered term `{term.name}` to a scalar: {edits[-1].new_text}"
    return unsafe_fix(target, title, tuple(edits))


def _valued_returns(function: FunctionNode) -> list[ast.Return]:
    return [r for r in own_returns(function) if r.value is not None]


def _reduced(value: ast.expr | None) -> bool:
    """A full reduction (no axis), or one element picked by an integer index, in the value."""
    if value is None:
        return False
    for node in ast.walk(value):
        if _full_reduction(node) is not None:
            return True
        if isinstance(node, ast.Subscript):
            index = node.slice
            if isinstance(index, ast.UnaryOp):
                index = index.operand
            if isinstance(index, ast.Constant) and type(index.value) is int:
                return True
    return False


def _full_reduction(node: ast.AST) -> str | None:
    """``jnp.sum(x)`` / ``x.mean()``: the reduction's name, where it names no axis."""
    if not isinstance(node, ast.Call) or last_name(node.func) not in _REDUCTIONS:
        return None
    if any(k.arg in ("axis", "keepdims") for k in node.keywords):
        return None
    method = isinstance(node.func, ast.Attribute) and not node.args
    more = node.args[1:] if last_name(node.func) != "vdot" else []
    return last_name(node.func) if method or not more else None


def _registries_read(
    source: Source, function: FunctionNode, read: ReadSource, depth: int
) -> Iterator[tuple[Source, str]]:
    """Module-level dicts ``NAME`` the function calls entries of (``NAME[key](...)``), in its
    module or the project module it imports the name from; through the project functions it
    calls, ``depth`` levels down."""
    model = ModuleModel(source.tree)
    sources: dict[int, Source] = {id(model): source}
    load = importer(source, read, sources)
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name):
            home = _defining_source(source, func.value.id, read)
            if home is not None:
                yield home
            continue
        if depth <= 0 or not isinstance(func, ast.Name):
            continue
        own = model.functions.get(function)
        located = model.locate_function(func, own.scope, load) if own is not None else None
        if located is None:
            continue
        called_source = sources.get(id(located[0]))
        called = getattr(located[1], "node", None)
        if called_source is not None and isinstance(called, ast.FunctionDef):
            yield from _registries_read(called_source, called, read, depth - 1)


def _defining_source(source: Source, name: str, read: ReadSource) -> tuple[Source, str] | None:
    """The module that binds ``name`` to a dict at its top level: this one, or the project
    module a ``from ... import name`` names."""
    for statement in source.tree.body:
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                value = statement.value
                is_dict = isinstance(value, ast.Dict) or (
                    isinstance(value, ast.Call) and last_name(value.func) == "dict"
                )
                return (source, name) if is_dict else None
    for statement in source.tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                if (alias.asname or alias.name) != name:
                    continue
                bases = (source.path.parent, *list(source.path.parents)[1:3])
                for path in module_files(statement.module, bases):
                    loaded = Source.parse(path, read(path) if path.is_file() else None)
                    if loaded is not None:
                        return _defining_source(loaded, alias.name, read)
    return None


def _registered(source: Source, name: str) -> Iterator[FunctionNode]:
    """Functions of the module put into the dict ``name``: by a decorator whose function
    stores its argument there (``NAME[key] = fn``), or as values of the dict's display."""
    registering = {
        outer.name
        for outer in source.functions()
        if any(
            isinstance(n, ast.Assign)
            and any(
                isinstance(t, ast.Subscript)
                and isinstance(t.value, ast.Name)
                and t.value.id == name
                for t in n.targets
            )
            for n in ast.walk(outer)
        )
    }
    for function in source.functions():
        for decorator in function.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            if isinstance(called, ast.Name) and called.id in registering:
                yield function

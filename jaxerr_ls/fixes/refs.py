"""Fixes for a VJP function applied without a gradient ref for a Ref-typed argument.

``VJP.with_refs(*maybe_ct_refs)`` (jax/_src/api.py) takes one entry per primal argument, in the
pytree structure of the primal arguments: a ``Ref`` to accumulate that argument's gradient into,
``jax.ad.GradValue()`` to have it returned as usual, or ``jax.ad.DontWant()`` to skip it. The
call's result then holds ``GradRef()`` / ``DidntWant()`` placeholders at those positions.

So ``w_ct, x_ct = f_vjp(ct)`` becomes, with a gradient ref (the user keeps ``w_ct``)::

    w_ct_ref = jax.new_ref(jnp.zeros_like(w_ref[...]))
    _, x_ct = f_vjp.with_refs(w_ct_ref, jax.ad.GradValue())(ct)
    w_ct = w_ct_ref[...]

or, when the gradient is not used, ``f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())``.
A non-Ref argument that is not provably an array gets ``jax.tree.map(lambda _:
jax.ad.GradValue(), arg)``, which matches any pytree structure; other positions that turn out
to hold Refs are reported by JAX one at a time, each with its own fix.
"""

from __future__ import annotations

import ast
import re

from jaxerr_ls.fixes.model import Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import Source

CODE = "vjp-ref-grad-missing"
_POSITION_RE = re.compile(r"the argument at position args\[(\d+)\] of")
# Calls whose result is one array (or a Ref, for new_ref), never a pytree of them: array
# constructors (not e.g. jnp.split or one-argument jnp.where, which return sequences).
_ARRAY_MAKERS = re.compile(
    r"^(?:(?:jnp|np|numpy|jax\.numpy)\.(?:array|asarray|zeros|ones|full|empty|zeros_like"
    r"|ones_like|full_like|empty_like|arange|linspace|eye|identity)|jax\.random\.\w+"
    r"|jax\.new_ref)$"
)


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def _scope_statements(tree: ast.Module, line: int) -> list[ast.stmt]:
    """The statements of the innermost function (or the module) containing ``line``."""
    scope: list[ast.stmt] = tree.body
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.lineno <= line <= (node.end_lineno or node.lineno)
            and node.body[0].lineno <= line
        ):
            scope = node.body  # ast.walk is breadth-first: inner scopes come later
    return scope


def _last_binding(scope: list[ast.stmt], name: str, before: int) -> ast.Assign | None:
    """The plain assignment that last binds ``name`` before a line, at the scope's top level.

    Any other statement binding it last (in a branch, a loop, a ``with``) leaves the value
    unknown: None.
    """
    last: ast.stmt | None = None
    for statement in scope:
        if statement.lineno >= before:
            break
        if any(
            isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
            for n in ast.walk(statement)
        ):
            last = statement
    return last if isinstance(last, ast.Assign) and len(last.targets) == 1 else None


def _vjp_binding(
    scope: list[ast.stmt], name: str, before: int, vjp_names: set[str]
) -> ast.Call | None:
    """``jax.vjp(f, *primals)`` when ``out, name = jax.vjp(...)`` last bound ``name``."""
    last = _last_binding(scope, name, before)
    if last is None or not isinstance(last.targets[0], ast.Tuple):
        return None
    value = last.value
    elts = last.targets[0].elts
    if len(elts) < 2 or not isinstance(elts[1], ast.Name) or elts[1].id != name:
        return None
    if not isinstance(value, ast.Call) or _dotted(value.func) not in vjp_names:
        return None
    if any(isinstance(a, ast.Starred) for a in value.args) or len(value.args) < 2:
        return None
    if any(k.arg != "has_aux" for k in value.keywords):
        return None
    return value


def _is_array(scope: list[ast.stmt], node: ast.expr, before: int) -> bool:
    """Is the primal provably one array (not a pytree of them)?"""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return True
    if isinstance(node, ast.Call):
        name = _dotted(node.func)
        return name is not None and _ARRAY_MAKERS.match(name) is not None
    if isinstance(node, ast.Name):
        last = _last_binding(scope, node.id, before)
        if last is not None and isinstance(last.targets[0], ast.Name):
            return _is_array(scope, last.value, last.lineno)
    return False


def _imported_from_jax(tree: ast.Module, name: str) -> set[str]:
    """Local names of ``from jax import name [as alias]``."""
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "jax"
        for alias in node.names
        if alias.name == name
    }


def _free_name(taken: set[str], wanted: str) -> str:
    name, number = wanted, 2
    while name in taken:
        name, number = f"{wanted}{number}", number + 1
    taken.add(name)
    return name


def _later_loads(scope: list[ast.stmt], name: str, after: ast.stmt) -> bool:
    later = [s for s in scope if s.lineno > (after.end_lineno or after.lineno)]
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        for statement in later
        for n in ast.walk(statement)
    )


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    position = _POSITION_RE.search(target.captures.get("argument", ""))
    source = Source.parse(target.span.path, read(target.span.path))
    if position is None or source is None:
        return []
    index = int(position[1])
    jnp = source.jnp_name()
    if jnp is None or "jax" not in source.module_aliases("jax"):
        return []
    scope = _scope_statements(source.tree, target.span.line)
    statement = next(
        (s for s in scope if s.lineno <= target.span.line <= (s.end_lineno or s.lineno)), None
    )
    if statement is None:
        return []
    # The failing call, on the failing line: f_vjp(ct) with f_vjp bound by jax.vjp.
    calls = [
        node
        for node in ast.walk(statement)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.lineno <= target.span.line <= (node.end_lineno or node.lineno)
        and len(node.args) == 1
        and not node.keywords
        and not isinstance(node.args[0], ast.Starred)
    ]
    for call in calls:
        assert isinstance(call.func, ast.Name)
        vjp_names = {"jax.vjp", *(f"{alias}.vjp" for alias in source.module_aliases("jax"))}
        vjp_names.update(_imported_from_jax(source.tree, "vjp"))
        vjp = _vjp_binding(scope, call.func.id, statement.lineno, vjp_names)
        if vjp is None:
            continue
        primals = vjp.args[1:]
        if index >= len(primals) or not isinstance(primals[index], ast.Name):
            return []
        return _fixes_for_call(source, scope, statement, call, primals, index, jnp)
    return []


def _fixes_for_call(
    source: Source,
    scope: list[ast.stmt],
    statement: ast.stmt,
    call: ast.Call,
    primals: list[ast.expr],
    index: int,
    jnp: str,
) -> list[Fix]:
    assert isinstance(call.func, ast.Name)
    entries = []
    for i, primal in enumerate(primals):
        if i == index:
            entries.append("")
        elif _is_array(scope, primal, statement.lineno):
            entries.append("jax.ad.GradValue()")
        else:
            entries.append(f"jax.tree.map(lambda _: jax.ad.GradValue(), {source.segment(primal)})")

    def call_with(entry: str) -> str:
        bound = ", ".join(entry if i == index else e for i, e in enumerate(entries))
        return f"{call.func.id}.with_refs({bound})"  # type: ignore[attr-defined]

    ref_name = source.segment(primals[index])
    # Unpacked gradients: `w_ct, x_ct = f_vjp(ct)`.
    unpacked: ast.Name | None = None
    if (
        isinstance(statement, ast.Assign)
        and statement.value is call
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Tuple)
        and len(statement.targets[0].elts) == len(primals)
    ):
        element = statement.targets[0].elts[index]
        if isinstance(element, ast.Name) and element.id != "_":
            unpacked = element
    uses_gradient = unpacked is not None and _later_loads(scope, unpacked.id, statement)

    fixes: list[Fix] = []
    # The new ref is bound just before the statement: only for a simple statement, where
    # the call runs once, right after it (not in a loop or a branch).
    simple = isinstance(statement, ast.Assign | ast.AnnAssign | ast.Expr | ast.Return)
    if simple and source.owns_its_lines(statement):
        taken = source.all_names()
        grad_ref = _free_name(taken, f"{unpacked.id if unpacked else ref_name}_ref")
        indent = source.indent_of(statement.lineno)
        new_ref = f"{indent}{grad_ref} = jax.new_ref({jnp}.zeros_like({ref_name}[...]))\n"
        edits = [
            source.insert(statement.lineno, 0, new_ref),
            source.replace(call.func, call_with(grad_ref)),
        ]
        if unpacked is not None:
            end = statement.end_lineno or statement.lineno
            edits.append(source.replace(unpacked, "_"))
            read_back = f"{indent}{unpacked.id} = {grad_ref}[...]\n"
            edits.append(source.insert(end + 1, 0, read_back))
        fixes.append(
            Fix(
                title=f"Accumulate the gradient of {ref_name} into a new ref with with_refs",
                code=CODE,
                edits=tuple(edits),
                preferred=unpacked is not None,
            )
        )
    if not uses_gradient:
        fixes.append(
            Fix(
                title=f"Skip the gradient of {ref_name} with jax.ad.DontWant()",
                code=CODE,
                edits=(source.replace(call.func, call_with("jax.ad.DontWant()")),),
                preferred=unpacked is None,
            )
        )
    return fixes


PROVIDER = Provider(frozenset({CODE}), frozenset({"argument"}), fixes)

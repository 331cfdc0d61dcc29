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
import builtins
import copy
import re
from dataclasses import dataclass, replace
from pathlib import Path

from jaxerr_ls.astindex import own_nodes, position
from jaxerr_ls.culprit_flow import Flow, scope_at
from jaxerr_ls.culprit_state import (
    ARG_POSITION_RE,
    Buffers,
    Code,
    Place,
    RefEntry,
    attribute_value,
    bound_method,
    is_dontwant_class,
    passed_value,
    ref_entry,
    with_refs_calls,
    with_refs_entries,
)
from jaxerr_ls.fixes.handed_refs import ref_selected_fixes, switched_on_fixes
from jaxerr_ls.fixes.model import (
    Applicability,
    CulpritRef,
    Fix,
    FixTarget,
    Provider,
    ReadSource,
)
from jaxerr_ls.fixes.source import FunctionNode, Source, dotted, fresh
from jaxerr_ls.fixes.transform_calls import argnums_fix, located, updated_arguments
from jaxerr_ls.project import ModuleModel, Scope, last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

CODE = "vjp-ref-grad-missing"
_POSITION_RE = re.compile(r"the argument at position args\[(\d+)\] of")
# Calls whose result is one array (or a Ref, for new_ref), never a pytree of them: array
# constructors (not e.g. jnp.split or one-argument jnp.where, which return sequences).
_ARRAY_MAKERS = re.compile(
    r"^(?:(?:jnp|np|numpy|jax\.numpy)\.(?:array|asarray|zeros|ones|full|empty|zeros_like"
    r"|ones_like|full_like|empty_like|arange|linspace|eye|identity)|jax\.random\.\w+"
    r"|jax\.new_ref)$"
)


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
    if not isinstance(value, ast.Call) or dotted(value.func) not in vjp_names:
        return None
    if isinstance(value.args[0] if value.args else None, ast.Starred) or len(value.args) < 2:
        return None
    if any(k.arg != "has_aux" for k in value.keywords):
        return None
    return value


def _is_array(scope: list[ast.stmt], node: ast.expr, before: int) -> bool:
    """Is the primal provably one array (not a pytree of them)?"""
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return True
    if isinstance(node, ast.Call):
        name = dotted(node.func)
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


def _indexed_reads(scope: list[ast.stmt], name: str, after: ast.stmt) -> list[ast.Subscript] | None:
    """The later reads of a result kept whole (``cts = f_vjp(ct)``) when every one is an
    index by an int constant (``cts[0]``) and nothing rebinds it; None otherwise."""
    later = [s for s in scope if s.lineno > (after.end_lineno or after.lineno)]
    reads: list[ast.Subscript] = []
    for statement in later:
        for node in ast.walk(statement):
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.value, ast.Name)
                and node.value.id == name
                and isinstance(node.slice, ast.Constant)
                and type(node.slice.value) is int
                and node.slice.value >= 0
                and isinstance(node.ctx, ast.Load)
            ):
                reads.append(node)
    indexed = {id(r.value) for r in reads}
    for statement in later:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and node.id == name and id(node) not in indexed:
                return None
    return reads


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
    # The innermost block (a training loop's body, say) holds the vjp and its application.
    scope = _block_statements(_scope_statements(source.tree, target.span.line), target.span.line)
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
        # ``jax.vjp(f, ref, *data)``: positions are known up to the first starred argument.
        known = next((i for i, p in enumerate(primals) if isinstance(p, ast.Starred)), None)
        if index >= (len(primals) if known is None else known):
            return []
        if dotted(primals[index]) is None:
            return []
        code = Code(Buffers(read, target.span.path.parent))
        function = _differentiated(code, target, vjp)
        writes = _written_params(function)
        # The other arguments the function reads as Refs need a gradient ref (or a skip)
        # too: JAX names one Ref argument at a time.
        others = _ref_params(function, len(primals)) - {index}
        return _fixes_for_call(
            source, scope, statement, call, primals, index, jnp, index in writes, others, writes
        )
    return []


_DIFFERENTIATED_RE = re.compile(r"of the differentiated function (\S+) at (\S+):(\d+)")


def _differentiated(
    code: Code, target: FixTarget, vjp: ast.Call
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``def`` of the project that ``jax.vjp`` differentiates: the function the message
    names ("... of the differentiated function NAME at PATH:LINE", PATH as the run printed
    it, matched on its last parts), else the vjp's first argument resolved to a ``def``."""
    named = _DIFFERENTIATED_RE.search(target.captures.get("argument", ""))
    if named is not None:
        parts = Path(named[2]).parts
        for base in (target.span.path.parent, *target.span.path.parents):
            for start in range(len(parts) - 1, max(len(parts) - 5, 0), -1):
                path = base.joinpath(*parts[start:])
                if code.model(path) is None:
                    continue
                function = code.function_at(path, named[1], int(named[3]))
                if function is not None and not isinstance(function.node, ast.Lambda):
                    return function.node
            if base == target.span.path.parents[min(2, len(target.span.path.parents) - 1)]:
                break
    model = code.model(target.span.path)
    if model is None:
        return None
    for call, scope in model.calls:
        if (call.lineno, call.col_offset) != (vjp.lineno, vjp.col_offset) or not call.args:
            continue
        found = code.resolve(Place(target.span.path, model, call.args[0], scope)).node
        return found if isinstance(found, ast.FunctionDef | ast.AsyncFunctionDef) else None
    return None


def _params(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [p.arg for p in (*function.args.posonlyargs, *function.args.args)]


def _written_params(function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> set[int]:
    """The positions of the parameters the differentiated function writes as Refs
    (``stats[...] = ...``, ``stats[...] += ...``). Skipping such a Ref's gradient with
    ``DontWant()`` fails in the backward pass (jax 0.12: "'NullAccum' object has no attribute
    'ref'"), so only a gradient ref will do."""
    if function is None:
        return set()
    written = {
        node.value.id
        for node in ast.walk(function)
        if isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
    }
    return {i for i, name in enumerate(_params(function)) if name in written}


def _ref_params(function: ast.FunctionDef | ast.AsyncFunctionDef | None, count: int) -> set[int]:
    """The positions (below ``count``) of the parameters the function uses only as Refs are
    used: every use of the name is an index by ``...`` (``w[...]``, read or written), the
    way a Ref's value is read; an array is read as itself."""
    if function is None:
        return set()
    as_ref = {
        id(node.value)
        for node in own_nodes(function)
        if isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value is Ellipsis
    }
    uses: dict[str, list[bool]] = {}
    for node in own_nodes(function):
        if isinstance(node, ast.Name):
            uses.setdefault(node.id, []).append(id(node) in as_ref)
    return {
        i for i, name in enumerate(_params(function)[:count]) if uses.get(name) and all(uses[name])
    }


def _unpacking(statement: ast.stmt, call: ast.Call, count: int) -> list[ast.expr | None] | None:
    """The targets a statement unpacks the ``count`` gradients into, by position (None for
    the positions a ``*_`` swallows): ``w_ct, x_ct = f_vjp(ct)``, ``g_w, g_b, *_ = ...``."""
    if not (
        isinstance(statement, ast.Assign)
        and statement.value is call
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Tuple)
    ):
        return None
    elts = statement.targets[0].elts
    starred = [i for i, e in enumerate(elts) if isinstance(e, ast.Starred)]
    if not starred:
        return list(elts) if len(elts) == count else None
    if len(starred) > 1 or len(elts) - 1 > count:
        return None
    star = elts[starred[0]]
    assert isinstance(star, ast.Starred)
    if not (isinstance(star.value, ast.Name) and star.value.id == "_"):
        return None
    head, tail = elts[: starred[0]], elts[starred[0] + 1 :]
    return [*head, *[None] * (count - len(head) - len(tail)), *tail]


def _fixes_for_call(
    source: Source,
    scope: list[ast.stmt],
    statement: ast.stmt,
    call: ast.Call,
    primals: list[ast.expr],
    index: int,
    jnp: str,
    writes: bool = False,
    others: set[int] | None = None,
    written: set[int] | None = None,
) -> list[Fix]:
    """The fixes of ``f_vjp(ct)`` for the Ref at ``index`` (JAX's) and the ``others`` the
    function also reads as Refs (a gradient ref for those whose gradient the code reads or
    that the function writes, ``DontWant()`` for the rest)."""
    assert isinstance(call.func, ast.Name)
    others = others or set()
    written = written or set()
    # Unpacked gradients: `w_ct, x_ct = f_vjp(ct)`.
    targets = _unpacking(statement, call, len(primals))
    if any(isinstance(p, ast.Starred) for p in primals):
        targets = None
        others = set()
    # Results kept whole and read by index (`cts = f_vjp(ct)`, then `cts[0]`).
    reads: list[ast.Subscript] | None = None
    if (
        targets is None
        and isinstance(statement, ast.Assign)
        and statement.value is call
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
    ):
        reads = _indexed_reads(scope, statement.targets[0].id, statement)
    read_at = {
        r.slice.value
        for r in reads or ()
        if isinstance(r.slice, ast.Constant) and type(r.slice.value) is int
    }
    # A gradient the statement unpacks into `_` (or never binds) is not wanted.
    discarded = [isinstance(statement, ast.Expr) or i not in read_at for i in range(len(primals))]
    if targets is not None:
        discarded = [e is None or (isinstance(e, ast.Name) and e.id == "_") for e in targets]

    def kept(i: int) -> ast.Name | None:
        element = targets[i] if targets is not None else None
        return element if isinstance(element, ast.Name) and element.id != "_" else None

    def used(i: int) -> bool:
        name = kept(i)
        return (name is not None and _later_loads(scope, name.id, statement)) or (
            reads is not None and i in read_at
        )

    if targets is None and not isinstance(statement, ast.Expr) and not used(index):
        # The results kept whole (`grads = f_vjp(ct)`, `return f_vjp(ct)`) are read as values
        # later, where a placeholder would stand for the Ref's gradient: no edit here is right.
        return []
    if targets is not None and any(kept(i) is None and not discarded[i] for i in others):
        return []
    # The other Refs: a gradient ref where the code reads their gradient or the function
    # writes them, else skipped.
    accumulated = sorted(i for i in others if used(i) or i in written)
    entries = []
    for i, primal in enumerate(primals):
        wanted = "jax.ad.DontWant()" if discarded[i] else "jax.ad.GradValue()"
        if i == index or i in accumulated:
            entries.append("")
        elif i in others:
            entries.append("jax.ad.DontWant()")
        elif isinstance(primal, ast.Starred):
            # Each starred argument's leaves; only unread results are skipped this way.
            if any(at >= i for at in read_at):
                return []
            items = source.segment(primal.value)
            entries.append(f"*[jax.tree.map(lambda _: jax.ad.DontWant(), a) for a in {items}]")
        elif _is_array(scope, primal, statement.lineno):
            entries.append(wanted)
        else:
            entries.append(f"jax.tree.map(lambda _: {wanted}, {source.segment(primal)})")

    # The new refs are bound just before the statement: only for a simple statement, where
    # the call runs once, right after it (not in a loop or a branch).
    simple = isinstance(statement, ast.Assign | ast.AnnAssign | ast.Expr | ast.Return)
    simple = simple and source.owns_its_lines(statement)
    if accumulated and not simple:
        return []
    taken = source.all_names()
    indent = source.indent_of(statement.lineno) if simple else ""
    end = statement.end_lineno or statement.lineno
    grad_refs: dict[int, str] = {}
    made: dict[int, str] = {}  # the line binding each new ref
    read_back: dict[int, str] = {}  # the line reading each gradient back
    replaced: dict[int, list[Edit]] = {}
    for i in [index, *accumulated]:
        if not simple or dotted(primals[i]) is None:
            if i != index:
                return []
            continue
        unpacked = kept(i)
        ref_name = source.segment(primals[i])
        base = unpacked.id if unpacked else ref_name.rsplit(".", 1)[-1]
        if base.endswith("_ref"):  # ``params_ref``'s gradient ref: ``params_grad_ref``
            base = base.removesuffix("_ref") + "_grad"
        grad_ref = _free_name(taken, f"{base}_ref")
        grad_refs[i] = grad_ref
        made[i] = f"{indent}{grad_ref} = jax.new_ref({jnp}.zeros_like({ref_name}[...]))\n"
        replaced[i] = []
        if unpacked is not None:
            replaced[i].append(source.replace(unpacked, "_"))
            read_back[i] = f"{indent}{unpacked.id} = {grad_ref}[...]\n"
        for read in reads or ():
            if isinstance(read.slice, ast.Constant) and read.slice.value == i:
                replaced[i].append(source.replace(read, f"{grad_ref}[...]"))

    def call_with(entry: str) -> str:
        bound = ", ".join(
            entry if i == index else grad_refs[i] if i in accumulated else e
            for i, e in enumerate(entries)
        )
        return f"{call.func.id}.with_refs({bound})"  # type: ignore[attr-defined]

    def edits_with(bound: list[int], entry: str) -> tuple[Edit, ...]:
        edits = [source.replace(call.func, call_with(entry))]
        if bound:
            # One insertion per place, its lines in the primals' order.
            edits.insert(0, source.insert(statement.lineno, 0, "".join(made[i] for i in bound)))
        unbound = [e for i in bound for e in replaced[i]]
        emptied = (
            targets is not None
            and (accumulated or None in targets)
            and all(
                discarded[i] or i in bound or (i in others and i not in accumulated)
                for i in range(len(primals))
            )
        )
        if emptied and unbound and isinstance(statement, ast.Assign):
            # Nothing left to unpack (``_, _, *_ = ...``): the call as a statement.
            first, value = source.span(statement.targets[0]), source.span(statement.value)
            gap = Span(source.path, first.line, first.col, value.line, value.col)
            unbound = [Edit(gap, "")]
        edits += unbound
        back = "".join(read_back.get(i, "") for i in bound)
        if back:
            edits.append(source.insert(end + 1, 0, back))
        return tuple(edits)

    ref_name = source.segment(primals[index])
    fixes: list[Fix] = []
    if index in grad_refs:
        unpacked = kept(index)
        also = "".join(f", {source.segment(primals[i])}" for i in accumulated)
        fixes.append(
            Fix(
                title=f"Accumulate the gradient of {ref_name}{also} into a new ref with with_refs",
                code=CODE,
                edits=edits_with([index, *accumulated], grad_refs[index]),
                preferred=unpacked is not None or writes or bool(reads) or bool(accumulated),
            )
        )
    if not used(index) and not writes:
        fixes.append(
            Fix(
                title=f"Skip the gradient of {ref_name} with jax.ad.DontWant()",
                code=CODE,
                edits=edits_with(accumulated, "jax.ad.DontWant()"),
                preferred=kept(index) is None and not accumulated,
            )
        )
    return fixes


def _missing_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    return (
        fixes(target, read) or switched_on_fixes(target, read) or handed_value_fixes(target, read)
    )


def handed_value_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The Ref's value, ``x[...]``, where the culprit is a Ref a caller hands to a helper that
    passes it on to ``jax.vjp`` and applies the VJP without ``with_refs`` (the culprit finder
    checked the helper): its gradient then comes back as a value, like the other arguments'.
    Unsafe: the helper no longer sees the Ref (a write into it would not reach the caller)."""
    found = [
        (source, node)
        for source, node, _ in located(read, target.culprits, CulpritKind.REFS_ARGUMENT)
        if isinstance(node, ast.Name | ast.Attribute)
        and (source.path, node.lineno) != (target.span.path, target.span.line)
    ]
    if len(found) != 1:
        return []
    source, node = found[0]
    calls = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Call)
        and any(a is node for a in n.args)
        and not (isinstance(n.func, ast.Attribute) and n.func.attr == "with_refs")
    ]
    if len(calls) != 1:
        return []
    text = source.segment(node)
    title = f"Hand over the Ref's value, not the Ref: {text}[...]"
    return [
        Fix(
            title,
            target.code,
            (source.replace(node, f"{text}[...]"),),
            applicability=Applicability.UNSAFE,
        )
    ]


PROVIDER = Provider(frozenset({CODE}), frozenset({"argument"}), _missing_fixes)


# -- with_refs entries and grad of a Ref ------------------------------------------------------

RETURNED = "vjp-ref-grad-returned"
TREE = "vjp-with-refs-tree"
AVAL = "vjp-with-refs-aval"
GRAD_REF = "grad-ref-argument"
REF_WRITE = "ref-set-nondiff"
_LEAF_RE = re.compile(r"\bargs\[(\d+)\] was a pytree leaf in the primal arguments")
# "args[0] was a <class 'dict'> in the primal arguments, but a <class 'tuple'> in the ..."
_CONTAINER_RE = re.compile(
    r"\bargs\[(\d+)\] was a <class '(\w+)'> in the primal arguments, but a <class '(\w+)'>"
)
# "args[1] was a <class 'tuple'> in the primal arguments, but a pytree leaf in the ..."
_LEAF_FOR_TREE_RE = re.compile(
    r"\bargs\[(\d+)\] was a <class '\w+'> in the primal arguments, but a pytree leaf in"
)
_ZEROS = {"zeros", "zeros_like"}
_FILLED = {"full", "full_like"}


@dataclass(frozen=True, slots=True)
class _Applied:
    """A ``f_vjp.with_refs(...)(ct)`` on the failing line, and what the fixes need of it."""

    source: Source
    scope: list[ast.stmt]
    statement: ast.stmt  # the failing statement, at the top of its scope
    primals: list[ast.expr]  # what ``jax.vjp`` was given after the function
    jnp: str


def _named_primal(
    target: FixTarget, read: ReadSource, call: ast.Call
) -> tuple[_Applied, int, ast.expr] | None:
    """The vjp behind a with_refs call, and the primal the message names (``args[N]``)."""
    applied = _applied(target, read, call)
    index = int(ARG_POSITION_RE.search(target.captures["argument"])[1])  # type: ignore[index]
    if applied is None or index >= len(applied.primals):
        return None
    return applied, index, applied.primals[index]


def _applied(target: FixTarget, read: ReadSource, call: ast.Call) -> _Applied | None:
    """The vjp behind a with_refs call on the failing line, when the source shows it."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None or "jax" not in source.module_aliases("jax"):
        return None
    jnp = source.jnp_name()
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if jnp is None or not isinstance(receiver, ast.Name):
        return None
    scope = _block_statements(_scope_statements(source.tree, target.span.line), target.span.line)
    statement = next(
        (s for s in scope if s.lineno <= target.span.line <= (s.end_lineno or s.lineno)), None
    )
    if statement is None:
        return None
    vjp_names = {"jax.vjp", *(f"{alias}.vjp" for alias in source.module_aliases("jax"))}
    vjp_names.update(_imported_from_jax(source.tree, "vjp"))
    vjp = _vjp_binding(scope, receiver.id, statement.lineno, vjp_names)
    if vjp is None:
        return None
    return _Applied(source, scope, statement, list(vjp.args[1:]), jnp)


def _entry(target: FixTarget, read: ReadSource) -> tuple[RefEntry, Code] | None:
    position = ARG_POSITION_RE.search(target.captures.get("argument", ""))
    if position is None:
        return None
    code = Code(Buffers(read, target.span.path.parent))
    found = ref_entry(code, [target.span, *target.frames], int(position[1]))
    return None if found is None else (found, code)


def _visible(applied: _Applied, expression: ast.expr, line: int) -> bool:
    """Whether a primal (``w_ref``, ``model.w_ref``) can be read on ``line``: its name is a
    parameter of the scope's function or bound before ``line``."""
    root = expression
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return False
    outer = _scope_statements(applied.source.tree, line)
    function = next(
        (
            node
            for node in ast.walk(applied.source.tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.body is outer
        ),
        None,
    )
    if function is not None:
        arguments = function.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        if root.id in {a.arg for a in every}:
            return True
    if _last_binding(outer, root.id, line) is not None:
        return True
    return _last_binding(applied.scope, root.id, line) is not None or any(
        isinstance(s, ast.Import | ast.ImportFrom | ast.FunctionDef)
        and s.lineno < line
        and root.id
        in {getattr(a, "asname", None) or getattr(a, "name", "") for a in getattr(s, "names", [])}
        for s in applied.scope
    )


_BLOCKS = (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try)


def _block_statements(scope: list[ast.stmt], line: int) -> list[ast.stmt]:
    """The innermost block of statements (a loop's, a branch's, a ``with``'s) holding ``line``."""
    block = scope
    while True:
        statement = next((s for s in block if s.lineno <= line <= (s.end_lineno or s.lineno)), None)
        if not isinstance(statement, _BLOCKS):
            return block
        inner = [statement.body, getattr(statement, "orelse", [])]
        inner += [getattr(statement, "finalbody", [])]
        inner += [h.body for h in getattr(statement, "handlers", [])]
        found = next(
            (b for b in inner if b and b[0].lineno <= line <= (b[-1].end_lineno or 0)), None
        )
        if found is None:
            return block
        block = found


def _top_statement(applied: _Applied, node: ast.AST) -> ast.stmt | None:
    line = getattr(node, "lineno", 0)
    return next((s for s in applied.scope if s.lineno <= line <= (s.end_lineno or s.lineno)), None)


def _unpacked(applied: _Applied, call: ast.Call, index: int) -> ast.expr | bool | None:
    """What the failing statement binds the gradient at ``index`` to: a name, ``_`` (False:
    not wanted), or None when the statement keeps the results some other way."""
    statement = applied.statement
    # The call comes from another parse of the same text: the same node is at the same place.
    applies = isinstance(statement, ast.Expr | ast.Assign) and (
        isinstance(statement.value, ast.Call) and position(statement.value.func) == position(call)
    )
    if isinstance(statement, ast.Expr) and applies:
        return False
    if not (
        isinstance(statement, ast.Assign)
        and applies
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Tuple)
        and len(statement.targets[0].elts) == len(applied.primals)
    ):
        return None
    element = statement.targets[0].elts[index]
    if isinstance(element, ast.Name) and element.id == "_":
        return False
    return element if isinstance(element, ast.Name) else None


def returned_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A Ref argument given ``GradValue()`` or the ``DontWant`` class in ``with_refs``."""
    found = _entry(target, read)
    if found is None:
        return []
    entry, _ = found
    value = entry.value
    source = Source.parse(value.path, read(value.path))
    if source is None:
        return []
    if is_dontwant_class(value):
        span = source.span(value.node)
        edit = Edit(
            Span(value.path, span.end_line, span.end_col, span.end_line, span.end_col), "()"
        )
        title = f"Pass an instance: {ast.unparse(value.node)}()"
        return [Fix(title, RETURNED, (edit,), preferred=True)]
    node = value.node
    if not (
        isinstance(node, ast.Call)
        and not node.args
        and (dotted(node.func) or "").endswith("GradValue")
        and entry.entry is node
        and value.path == target.span.path
    ):
        return []
    named = _named_primal(target, read, entry.call)
    if named is None:
        return []
    applied, index, primal = named
    unpacked = _unpacked(applied, entry.call, index)
    where = _top_statement(applied, node)
    fixes: list[Fix] = []
    if (
        isinstance(unpacked, ast.Name)
        and where is not None
        and where.lineno <= applied.statement.lineno
        and isinstance(where, ast.Assign | ast.Expr)
        and applied.source.owns_its_lines(where)
        and applied.source.owns_its_lines(applied.statement)
        and dotted(primal) is not None
        and _visible(applied, primal, where.lineno)
    ):
        src = applied.source
        grad_ref = _free_name(src.all_names(), f"{unpacked.id}_ref")
        indent = src.indent_of(where.lineno)
        primal_text = src.segment(primal)
        new_ref = (
            f"{indent}{grad_ref} = jax.new_ref({applied.jnp}.zeros_like({primal_text}[...]))\n"
        )
        end = applied.statement.end_lineno or applied.statement.lineno
        read_back = f"{src.indent_of(applied.statement.lineno)}{unpacked.id} = {grad_ref}[...]\n"
        edits = (
            src.insert(where.lineno, 0, new_ref),
            src.replace(node, grad_ref),
            src.replace(unpacked, "_"),
            src.insert(end + 1, 0, read_back),
        )
        title = f"Accumulate the gradient of {primal_text} into a new ref {grad_ref}"
        fixes.append(Fix(title, RETURNED, edits, preferred=True))
    if unpacked is False or (
        isinstance(unpacked, ast.Name)
        and not _later_loads(applied.scope, unpacked.id, applied.statement)
    ):
        edit = applied.source.replace(node, "jax.ad.DontWant()")
        title = f"Skip the gradient of {applied.source.segment(primal)} with jax.ad.DontWant()"
        fixes.append(Fix(title, RETURNED, (edit,), preferred=not fixes))
    return fixes


def tree_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``None`` placeholders in ``with_refs``: ``jax.ad.DontWant()`` in their place."""
    code = Code(Buffers(read, target.span.path.parent))
    leaves = {int(m[1]) for m in _LEAF_RE.finditer(target.captures.get("difference", ""))}
    for call, place in with_refs_calls(code, target.span):
        entries = with_refs_entries(code, call, place)
        applied = _applied(target, read, call)
        if entries is None or applied is None:
            continue
        if len(entries) < len(applied.primals):
            return _missing_entries(applied, call, len(entries))
        if len(entries) > len(applied.primals):
            return _grouped_entries(code, target, applied, call, place)
        if len(entries) != len(applied.primals):
            continue
        container = _container_fix(target, read, entries)
        if container is not None:
            return [container]
        per_leaf = _per_leaf_fix(target, read, applied, entries)
        if per_leaf is not None:
            return [per_leaf]
        edits = []
        for i, (entry, primal) in enumerate(zip(entries, applied.primals, strict=True)):
            node = entry.node
            if not (isinstance(node, ast.Constant) and node.value is None):
                continue
            if isinstance(primal, ast.Constant) and primal.value is None:
                continue  # a None primal takes a None entry
            source = Source.parse(entry.path, read(entry.path))
            if source is None:
                return []
            if i in leaves or _is_array(applied.scope, primal, applied.statement.lineno):
                text = "jax.ad.DontWant()"
            elif dotted(primal) is not None and _visible(applied, primal, node.lineno):
                text = f"jax.tree.map(lambda _: jax.ad.DontWant(), {ast.unparse(primal)})"
            else:
                return []
            edits.append(source.replace(node, text))
        if edits:
            title = "Skip those gradients with jax.ad.DontWant() instead of None"
            return [Fix(title, TREE, tuple(edits), preferred=True)]
    return []


def _per_leaf_fix(
    target: FixTarget, read: ReadSource, applied: _Applied, entries: list[Place]
) -> Fix | None:
    """One ``DontWant()`` (or ``GradValue()``) given for a primal the message says is a
    container: the same marker for each of its leaves, ``jax.tree.map(lambda _: DontWant(),
    batch)``, whatever the container holds."""
    found = _LEAF_FOR_TREE_RE.search(target.captures.get("difference", ""))
    index = int(found[1]) if found is not None else -1
    if not 0 <= index < len(entries):
        return None
    entry, primal = entries[index], applied.primals[index]
    node = entry.node
    marker = dotted(node.func) if isinstance(node, ast.Call) else None
    if not isinstance(node, ast.Call) or marker is None:
        return None
    if marker.rsplit(".", 1)[-1] not in ("DontWant", "GradValue"):
        return None
    if dotted(primal) is None or not _visible(applied, primal, node.lineno):
        return None
    source = Source.parse(entry.path, read(entry.path))
    if source is None:
        return None
    text = f"jax.tree.map(lambda _: {source.segment(node)}, {ast.unparse(primal)})"
    title = f"Give {marker.rsplit('.', 1)[-1]}() for each leaf of `{ast.unparse(primal)}`"
    return Fix(title, TREE, (source.replace(node, text),), preferred=True)


def _container_fix(target: FixTarget, read: ReadSource, entries: list[Place]) -> Fix | None:
    """An entry written in another container than its primal's, as the message says: a tuple
    or list for a dict primal, when its items are read from one mapping by string keys
    (``(grads["w"], grads["b"])``), becomes the dict of those keys; a list for a tuple (or the
    reverse) gets the other brackets. The items stay; only their container changes."""
    found = _CONTAINER_RE.search(target.captures.get("difference", ""))
    if found is None or int(found[1]) >= len(entries):
        return None
    primal_type, given_type = found[2], found[3]
    entry = entries[int(found[1])]
    node = entry.node
    source = Source.parse(entry.path, read(entry.path))
    built = _culprit_container(target, read)
    if built is not None:
        # Built elsewhere (the culprit): the change is there.
        source, node = built
    if source is None:
        return None
    if (primal_type, given_type) == ("tuple", "list") and isinstance(node, ast.ListComp):
        new = f"tuple({source.segment(node)[1:-1]})"
        title = f"Build the with_refs entry as a tuple, as the primal is: {new}"
        return Fix(title, TREE, (source.replace(node, new),), preferred=True)
    if not isinstance(node, ast.Tuple | ast.List) or not node.elts:
        return None
    items = [source.segment(e) for e in node.elts]
    if primal_type == "dict" and given_type in ("tuple", "list"):
        keys = [
            e.slice.value
            if isinstance(e, ast.Subscript)
            and isinstance(e.slice, ast.Constant)
            and isinstance(e.slice.value, str)
            else None
            for e in node.elts
        ]
        bases = {ast.dump(e.value) for e in node.elts if isinstance(e, ast.Subscript)}
        if None in keys or len(bases) != 1 or len(set(keys)) != len(keys):
            return None
        quoted = [f'"{k}"' if '"' not in str(k) else repr(k) for k in keys]
        new = "{" + ", ".join(f"{k}: {t}" for k, t in zip(quoted, items, strict=True)) + "}"
    elif (primal_type, given_type) == ("tuple", "list"):
        new = f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    elif (primal_type, given_type) == ("list", "tuple"):
        new = f"[{', '.join(items)}]"
    else:
        return None
    title = f"Give the with_refs entry as a {primal_type}, as the primal is: {new}"
    return Fix(title, TREE, (source.replace(node, new),), preferred=True)


def _culprit_container(target: FixTarget, read: ReadSource) -> tuple[Source, ast.AST] | None:
    """The display or comprehension the one ``refs.tree`` culprit spans, in the current text."""
    found = []
    for culprit in target.culprits:
        if culprit.kind != CulpritKind.REFS_TREE:
            continue
        source = Source.parse(culprit.span.path, read(culprit.span.path))
        if source is None:
            return None
        found += [
            (source, n)
            for n in ast.walk(source.tree)
            if isinstance(n, ast.List | ast.ListComp | ast.Tuple | ast.Dict | ast.DictComp)
            and source.span(n) == culprit.span
        ]
    return found[0] if len(found) == 1 else None


def _grouped_entries(
    code: Code, target: FixTarget, applied: _Applied, call: ast.Call, place: Place
) -> list[Fix]:
    """More ``with_refs`` entries than primals, written flat where a primal is a tuple (or
    list) of arrays or Refs (``self.layer = (jax.new_ref(w), jax.new_ref(b))``, followed
    through names, attributes and the traceback's calls): group that primal's entries in a
    tuple, when the displays' lengths, other primals counting one each, make up exactly the
    entries. Unsafe: a primal whose value is not in sight is taken for one leaf."""
    model = place.model
    vjp = next(
        (
            c
            for c, _ in model.calls
            if len(c.args) == len(applied.primals) + 1
            and (c.args[1].lineno, c.args[1].col_offset)
            == (applied.primals[0].lineno, applied.primals[0].col_offset)
        ),
        None,
    )
    if vjp is None or any(isinstance(a, ast.Starred) for a in call.args) or call.keywords:
        return []
    scope = next(sc for c, sc in model.calls if c is vjp)
    frames = [target.span, *target.frames]
    sizes = []
    for primal in vjp.args[1:]:
        value = passed_value(code, frames, Place(place.path, model, primal, scope))
        value = attribute_value(code, frames, value) or value
        node = value.node
        if isinstance(node, ast.Tuple | ast.List) and not any(
            isinstance(e, ast.Starred | ast.Tuple | ast.List | ast.Dict) for e in node.elts
        ):
            sizes.append((len(node.elts), ast.unparse(primal)))
        elif isinstance(node, ast.Dict | ast.Starred):
            return []
        else:
            sizes.append((0, ast.unparse(primal)))
    if sum(max(n, 1) for n, _ in sizes) != len(call.args) or not any(n for n, _ in sizes):
        return []
    source = Source.parse(place.path, code.files.text(place.path))
    if source is None:
        return []
    edits, at, grouped = [], 0, []
    for n, text in sizes:
        if n:
            first, last = source.span(call.args[at]), source.span(call.args[at + n - 1])
            edits.append(Edit(Span(source.path, first.line, first.col, first.line, first.col), "("))
            edits.append(
                Edit(
                    Span(source.path, last.end_line, last.end_col, last.end_line, last.end_col), ")"
                )
            )
            grouped.append(f"`{text}`")
        at += max(n, 1)
    title = f"Group the with_refs entries of {', '.join(grouped)} in a tuple, as the primal is"
    return [Fix(title, TREE, tuple(edits), preferred=True, applicability=Applicability.UNSAFE)]


def _dont_want(applied: _Applied, primal: ast.expr) -> str | None:
    """``jax.ad.DontWant()`` for a primal, one per leaf where it may be a pytree."""
    if _is_array(applied.scope, primal, applied.statement.lineno):
        return "jax.ad.DontWant()"
    if dotted(primal) is not None and _visible(applied, primal, applied.statement.lineno):
        return f"jax.tree.map(lambda _: jax.ad.DontWant(), {ast.unparse(primal)})"
    return None


def _missing_entries(applied: _Applied, call: ast.Call, given: int) -> list[Fix]:
    """``with_refs`` given entries for the first arguments only: ``DontWant()`` for the rest,
    where the call's results for them are never read."""
    if call.keywords or any(isinstance(a, ast.Starred) for a in call.args) or not call.args:
        return []
    for index in range(given, len(applied.primals)):
        if _unpacked(applied, call, index) is not False:
            return []
    added = [_dont_want(applied, primal) for primal in applied.primals[given:]]
    if any(text is None for text in added):
        return []
    source = applied.source
    last = source.span(call.args[-1])
    at = Span(source.path, last.end_line, last.end_col, last.end_line, last.end_col)
    edit = Edit(at, "".join(f", {text}" for text in added))
    title = "Skip the other arguments' gradients with jax.ad.DontWant()"
    return [Fix(title, TREE, (edit,), preferred=True)]


def _dtype(type_text: str) -> str:
    return type_text.removeprefix("Ref{").split("[", 1)[0]


def aval_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A gradient ref of the wrong shape or dtype, made with zeros: zeros like the primal."""
    found = _entry(target, read)
    if found is None:
        return _culprit_per_leaf_fixes(target, read) or _culprit_retyped_fixes(target, read)
    entry, code = found
    value = entry.value
    flow = Flow(code, [target.span, *target.frames])
    if not _makes_ref(value.node):
        # ``g_w, g_s = grad_buffers(cfg)``, ``gradient_buffer_for(x)``: the value followed
        # through calls, their returns and the unpacking, to the one place the project makes it.
        value = flow.one_maker(value) or value
    node = value.node
    if not _makes_ref(node) or not isinstance(node, ast.Call):
        # A maker the flow cannot enter (a method of a parameter): the ref the culprit names.
        return _culprit_retyped_fixes(target, read)
    alloc = node.args[0]
    if not isinstance(alloc, ast.Call):
        return []
    keyed = _keyed_shape(flow, value.at(alloc))
    if keyed is not None:
        # ``jnp.zeros(shape)`` for ``for name, shape in SHAPES.items()``: this entry's shape is
        # the table's entry of its key, where the change belongs (the others are right).
        # The entry's own size names reordered, where they spell the shape due; else the
        # shape written out there.
        assert isinstance(keyed.node, ast.Tuple)
        spelled = _keyed_shape_fix(target, code, entry.entry, value.path, node)
        return spelled or _shape_fix(target, code, keyed.path, alloc, keyed.node)
    named = _named_primal(target, read, entry.call)
    if value.path == target.span.path and named is not None and _makes_zeros(alloc):
        # One ref per leaf of the primal tree, made by a comprehension over that tree.
        per_leaf = _per_leaf_zeros(target, named[0], named[2], node, alloc)
        if per_leaf:
            return per_leaf
    retyped = _keyed_shape_fix(target, code, entry.entry, value.path, node) or _retyped(
        target, code, value.path, node, (flow, value)
    )
    if value.path != target.span.path or not _makes_zeros(alloc):
        return retyped
    if named is None:
        return []
    applied, _, primal = named
    if dotted(primal) is None or not _visible(applied, primal, node.lineno):
        return retyped
    primal_text = applied.source.segment(primal)
    edit = applied.source.replace(alloc, f"{applied.jnp}.zeros_like({primal_text}[...])")
    same_dtype = _dtype(target.captures.get("given", "?")) == _dtype(
        target.captures.get("expected", "")
    )
    title = f"Make the gradient ref like {primal_text}: zeros_like({primal_text}[...])"
    applicability = Applicability.of(same_dtype)
    return [Fix(title, AVAL, (edit,), preferred=True, applicability=applicability)]


def _culprit_ref(target: FixTarget, read: ReadSource) -> tuple[Source, ast.Call] | None:
    """The ``new_ref(...)`` call the one refs culprit that spans one spans, in the current
    text (a table entry the Ref's shape comes from may be a culprit beside it)."""
    found = []
    for culprit in target.culprits:
        if culprit.kind != CulpritKind.REFS_ARGUMENT:
            continue
        span = culprit.span
        source = Source.parse(span.path, read(span.path))
        if source is None:
            continue
        made = next(
            (
                n
                for n in ast.walk(source.tree)
                if isinstance(n, ast.Call) and _makes_ref(n) and source.span(n) == span
            ),
            None,
        )
        if made is not None:
            found.append((source, made))
    return found[0] if len(found) == 1 else None


def _culprit_retyped_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """Where the with_refs entry cannot be followed, the gradient ref its culprit names made
    with the dtype or shape the message expects (see ``_retyped``)."""
    found = _culprit_ref(target, read)
    if found is None or not isinstance(found[1].args[0], ast.Call):
        return []
    source, made = found
    code = Code(Buffers(read, target.span.path.parent))
    model = code.model(source.path)
    # The same allocation in the flow's parse, so a dtype it reads can be followed.
    same = None if model is None else _node_at(model.tree, made)
    if model is None or same is None:
        return _retyped(target, code, source.path, made)
    place = Place(source.path, model, same, scope_at(model, same))
    flow = Flow(code, [target.span, *target.frames])
    return _retyped(target, code, source.path, same, (flow, place))


def _node_at(tree: ast.AST, node: ast.Call) -> ast.Call | None:
    """The call of ``tree`` at the place ``node`` (of another parse of the same text) is."""
    return next(
        (n for n in ast.walk(tree) if isinstance(n, ast.Call) and position(n) == position(node)),
        None,
    )


def _retyped(
    target: FixTarget,
    code: Code,
    path: Path,
    made: ast.Call,
    followed: tuple[Flow, Place] | None = None,
) -> list[Fix]:
    """The allocation of a gradient ref (``made``, a ``new_ref(zeros(...))``) with the dtype
    or shape the message expects: the dtype as the user spelled theirs (where the allocation
    reads it from elsewhere, ``cfg.dtypes["grads"]``, at the one place ``followed``, the flow
    and the place of ``made``, shows it is written); the shape spelled with
    their sizes; else made like the Ref its sizes are read from (``zeros_like(p[...])``);
    else the sizes of this run, written out, where the allocation makes one ref only."""
    alloc = made.args[0]
    assert isinstance(alloc, ast.Call)
    shaped = _shape_fix(target, code, path, alloc)
    model = code.model(path)
    # ``made`` may come from another parse of the same text: the same place is the same node.
    repeated = model is not None and any(
        isinstance(n, _REPEATING)
        and any(
            isinstance(inner, ast.Call) and position(inner) == position(made)
            for inner in ast.walk(n)
        )
        for n in ast.walk(model.tree)
    )
    if repeated and any(f.applicability != Applicability.SAFE for f in shaped):
        # One allocation for many refs: the numbers of this run's one leaf fit no other.
        shaped = []
    return (
        _dtype_fix(target, code, path, alloc)
        or [f for f in shaped if f.applicability == Applicability.SAFE]
        or _like_its_ref(target, code, path, alloc)
        # A dtype read from elsewhere only where the buffer is not sized from its parameter.
        or (_dtype_fix(target, code, path, alloc, followed) if followed else [])
        or _beside_its_parameter(code, path, made)
        or shaped
        or _unit_axes_fix(target, code, path, alloc)
    )


def _keyed_shape_fix(
    target: FixTarget, code: Code, entry: ast.expr, path: Path, made: ast.Call
) -> list[Fix]:
    """``grads["w"]`` made by ``{name: new_ref(zeros(shape)) for name, shape in
    SHAPES.items()}`` over a table of shapes the module binds (``SHAPES = {"w": (n_out,
    n_in), ...}``): the table's entry for that key with its own sizes in the order the
    message expects (``(n_in, n_out)``); none where the sizes differ or repeat, so the
    printed sizes do not show which is which."""
    alloc = made.args[0]
    if not (
        isinstance(entry, ast.Subscript)
        and isinstance(entry.slice, ast.Constant)
        and isinstance(entry.slice.value, str)
        and isinstance(alloc, ast.Call)
        and len(alloc.args) >= 1
        and isinstance(alloc.args[0], ast.Name)
    ):
        return []
    model = code.model(path)
    if model is None:
        return []
    comprehension = next(
        (
            n
            for n in ast.walk(model.tree)
            if isinstance(n, ast.DictComp) and position(n.value) == position(made)
        ),
        None,
    )
    if comprehension is None or len(comprehension.generators) != 1:
        return []
    loop = comprehension.generators[0]
    iterated = loop.iter
    if not (
        isinstance(loop.target, ast.Tuple)
        and len(loop.target.elts) == 2
        and all(isinstance(e, ast.Name) for e in loop.target.elts)
        and getattr(loop.target.elts[1], "id", None) == alloc.args[0].id
        and isinstance(iterated, ast.Call)
        and isinstance(iterated.func, ast.Attribute)
        and iterated.func.attr == "items"
        and isinstance(iterated.func.value, ast.Name)
        and not loop.ifs
    ):
        return []
    table = iterated.func.value.id
    bound = [
        s.value
        for s in model.tree.body
        if isinstance(s, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == table for t in s.targets)
    ]
    if len(bound) != 1 or not isinstance(bound[0], ast.Dict):
        return []
    rows = [
        v
        for k, v in zip(bound[0].keys, bound[0].values, strict=True)
        if isinstance(k, ast.Constant) and k.value == entry.slice.value
    ]
    given = _TYPE_RE.match(target.captures.get("given", "").strip())
    expected = _TYPE_RE.match(target.captures.get("expected", "").strip())
    if len(rows) != 1 or given is None or expected is None or given[1] != expected[1]:
        return []
    sizes = [size for size in expected[2][1:-1].split(",") if size]
    printed = [size for size in given[2][1:-1].split(",") if size]
    row = rows[0]
    # The entry's own sizes in the order due, each one the one entry printed that size.
    if not isinstance(row, ast.Tuple | ast.List) or len(row.elts) != len(printed):
        return []
    if sorted(sizes) != sorted(printed) or len(set(printed)) != len(printed):
        return []
    text = code.files.text(path) or ""
    spelled = [ast.get_source_segment(text, row.elts[printed.index(size)]) or "" for size in sizes]
    if not all(spelled) or given[2] == expected[2]:
        return []
    shape = f"({', '.join(spelled)}{',' if len(spelled) == 1 else ''})"
    title = f"Give {entry.slice.value!r} the shape {shape} in {table}, its argument's gradient's"
    edit = Edit(code.span(path, rows[0]), shape)
    return [Fix(title, AVAL, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


# What a gradient buffer's allocation reads of the Ref it is for: ``zeros(p.shape, p.dtype)``.
_SIZE_ATTRIBUTES = frozenset({"shape", "dtype", "size", "ndim"})


def _like_its_ref(target: FixTarget, code: Code, path: Path, alloc: ast.Call) -> list[Fix]:
    """Zeros whose sizes (and maybe dtype) are read from one Ref or array ``p``
    (``jnp.zeros(p[...].size, p.dtype)``, ``jnp.zeros(v[...].shape, cfg.grad_dtype)``) made
    in another shape or dtype than its argument's gradient: zeros like ``p``'s value, as the
    buffer of ``p``'s gradient is. Not where the shape adds axes of its own to ``p``'s
    (``(n_micro, *p.shape)``: the program reads that axis too)."""
    func = dotted(alloc.func) or ""
    if not _makes_zeros(alloc) or "." not in func or func.endswith("_like"):
        return []
    shape = next((k.value for k in alloc.keywords if k.arg == "shape"), None)
    shape = shape or (alloc.args[0] if alloc.args else None)
    if shape is None or (isinstance(shape, ast.Tuple | ast.List) and len(shape.elts) != 1):
        return []
    read: list[ast.expr] = []
    for node in ast.walk(alloc):
        base: ast.expr | None = None
        if isinstance(node, ast.Attribute) and node.attr in _SIZE_ATTRIBUTES:
            base = node.value
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            base = node if node.slice.value is Ellipsis else None
        if isinstance(base, ast.Subscript) and isinstance(base.slice, ast.Constant):
            base = base.value if base.slice.value is Ellipsis else None
        if base is not None:
            read.append(base)
    ids = {id(r) for r in read}
    if not any(id(inner) in ids for inner in ast.walk(shape)):
        return []
    spelled = {dotted(r) for r in read}
    if len(spelled) != 1 or None in spelled:
        return []
    [like] = spelled
    text = f"{func.rsplit('.', 1)[0]}.zeros_like({like}[...])"
    title = f"Make the gradient ref like {like}: {text}"
    edit = Edit(code.span(path, alloc), text)
    return [Fix(title, AVAL, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


# Where one allocation makes several refs.
_REPEATING = (ast.For, ast.While, ast.ListComp, ast.DictComp, ast.GeneratorExp, ast.SetComp)


def _culprit_per_leaf_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """Where the with_refs entry is a tree the entry cannot be followed into (``self.grads``
    made by a comprehension), the ref its culprit names, when a comprehension over the primal
    tree makes it (see ``_per_leaf_zeros``)."""
    found = _culprit_ref(target, read)
    source = Source.parse(target.span.path, read(target.span.path))
    if found is None or found[0].path != target.span.path or source is None:
        return []
    made = found[1]
    calls = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "with_refs"
        and n.lineno <= target.span.line <= (n.end_lineno or n.lineno)
    ]
    if len(calls) != 1 or not isinstance(made.args[0], ast.Call):
        return []
    # ``args[0]['gain']``: a leaf of the tree passed as ``args[0]``.
    position = _LEAF_OF_ARGUMENT_RE.search(target.captures.get("argument", ""))
    applied = _applied(target, read, calls[0])
    if position is None or applied is None or not _makes_zeros(made.args[0]):
        return []
    index = int(position[1])
    if index >= len(applied.primals) or any(
        isinstance(p, ast.Starred) for p in applied.primals[: index + 1]
    ):
        return []
    return _per_leaf_zeros(target, applied, applied.primals[index], made, made.args[0])


_LEAF_OF_ARGUMENT_RE = re.compile(r"the argument at position args\[(\d+)\]\[")


def _per_leaf_zeros(
    target: FixTarget, applied: _Applied, primal: ast.expr, made: ast.Call, alloc: ast.Call
) -> list[Fix]:
    """``{k: new_ref(jnp.zeros(shape_of(k))) for k in store}`` where ``store`` is the primal
    tree (the same expression, or the name a method stores as it: ``self.store = store``):
    each ref made like its leaf, ``jnp.zeros_like(store[k][...])``; for a list
    ``[new_ref(...) for p in params]``, ``zeros_like(p[...])``; over ``tree.items()``, like
    the value. Shape and dtype are the leaf's, whatever the table or sizes said."""
    source = applied.source
    primal_text = dotted(primal)
    comprehension = next(
        (
            n
            for n in ast.walk(source.tree)
            if isinstance(n, ast.DictComp | ast.ListComp)
            and (n.value if isinstance(n, ast.DictComp) else n.elt) is made
        ),
        None,
    )
    if comprehension is None or primal_text is None or len(comprehension.generators) != 1:
        return []
    loop = comprehension.generators[0]
    if loop.ifs or loop.is_async:
        return []
    iterated, items = loop.iter, ""
    if (
        isinstance(iterated, ast.Call)
        and isinstance(iterated.func, ast.Attribute)
        and iterated.func.attr in ("items", "values", "keys")
        and not iterated.args
    ):
        items = iterated.func.attr
        iterated = iterated.func.value
    if not _same_tree(source, comprehension, iterated, primal_text):
        return []
    spelled = source.segment(iterated)
    if items == "items" and isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2:
        leaf = source.segment(loop.target.elts[1])
    elif items == "values" or (isinstance(comprehension, ast.ListComp) and not items):
        leaf = source.segment(loop.target)
    elif items in ("", "keys") and isinstance(comprehension, ast.DictComp):
        leaf = f"{spelled}[{source.segment(loop.target)}]"
    else:
        return []
    if not isinstance(loop.target, ast.Name | ast.Tuple):
        return []
    new = f"{applied.jnp}.zeros_like({leaf}[...])"
    title = f"Make each gradient ref like its leaf of {primal_text}: {new}"
    return [Fix(title, AVAL, (source.replace(alloc, new),), preferred=True)]


def _same_tree(source: Source, inner: ast.AST, iterated: ast.expr, primal: str) -> bool:
    """Whether ``iterated`` is the primal tree: the same attribute of ``self``, or the same
    name in the function that applies the VJP; a name the function holding ``inner`` stores
    as the primal (``self.store = store``); or a parameter of that function which the file
    calls with the primal (``buffers_for(store)``)."""
    holders = [
        f
        for f in source.functions()
        if f.lineno <= getattr(inner, "lineno", 0) <= (f.end_lineno or f.lineno)
    ]
    holder = max(holders, key=lambda f: f.lineno) if holders else None
    if dotted(iterated) == primal and primal.startswith("self."):
        return True
    if not isinstance(iterated, ast.Name) or holder is None:
        return False
    if any(
        isinstance(n, ast.Name) and n.id == iterated.id and isinstance(n.ctx, ast.Store)
        for n in ast.walk(holder)
    ):
        return False
    stored = [
        n
        for n in ast.walk(holder)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and dotted(n.targets[0]) == primal
        and isinstance(n.value, ast.Name)
        and n.value.id == iterated.id
    ]
    if len(stored) == 1:
        return True
    params = [a.arg for a in (*holder.args.posonlyargs, *holder.args.args)]
    if iterated.id not in params:
        return False
    position = params.index(iterated.id)
    calls = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == holder.name
    ]
    return bool(calls) and all(
        len(c.args) > position
        and not any(isinstance(a, ast.Starred) for a in c.args[: position + 1])
        and dotted(c.args[position]) == primal
        for c in calls
    )


def _makes_ref(node: ast.AST) -> bool:
    """``jax.new_ref(value)``, however ``new_ref`` is reached."""
    return (
        isinstance(node, ast.Call)
        and (dotted(node.func) or "").endswith("new_ref")
        and len(node.args) == 1
        and not node.keywords
    )


# Where an array maker takes its dtype positionally: ``zeros(shape, dtype)``.
_DTYPE_POSITION = {"zeros": 1, "ones": 1, "empty": 1, "full": 2}
_TYPE_RE = re.compile(r"^(?:Ref\{)?([a-z][a-z0-9]*)(\[[0-9,]*\])\}?$")


def _dtype_fix(
    target: FixTarget,
    code: Code,
    path: Path,
    alloc: ast.Call,
    followed: tuple[Flow, Place] | None = None,
) -> list[Fix]:
    """A gradient ref of the primal's shape made with another dtype, written out
    (``jnp.zeros(shape, jnp.float32)``, ``dtype="float32"``), wherever the project makes it:
    the dtype the message expects, spelled as the user spelled theirs. A dtype read from
    elsewhere (``cfg.dtypes["grads"]``, a setting) is followed, where ``followed`` gives the
    flow and the allocation's place, to the one expression that makes it, and changed there
    when that spells the dtype the message shows. Unsafe: the accumulator's precision changes
    (and, at a setting, every reader's)."""
    given = _TYPE_RE.match(target.captures.get("given", "").strip())
    expected = _TYPE_RE.match(target.captures.get("expected", "").strip())
    if given is None or expected is None or given[2] != expected[2] or given[1] == expected[1]:
        return []
    name = (dotted(alloc.func) or "").rsplit(".", 1)[-1]
    written = [k.value for k in alloc.keywords if k.arg == "dtype"]
    position = _DTYPE_POSITION.get(name)
    if not written and position is not None and len(alloc.args) > position:
        written = [alloc.args[position]]
    if not written and name in _DTYPE_POSITION and len(alloc.args) == _DTYPE_POSITION[name]:
        shape = alloc.args[0]
        if isinstance(shape, ast.Attribute) and shape.attr == "shape" and not alloc.keywords:
            # ``jnp.zeros(ref.shape)``: made in the shape of a value, so in its dtype too.
            like = ast.get_source_segment(code.files.text(path) or "", shape.value) or ""
            end = code.span(path, shape)
            edit = Edit(
                Span(path, end.end_line, end.end_col, end.end_line, end.end_col), f", {like}.dtype"
            )
            title = f"Make the gradient ref in the dtype of {like}, as in its shape"
            return [Fix(title, AVAL, (edit,), preferred=True, applicability=Applicability.UNSAFE)]
    if len(written) != 1:
        return []
    dtype: ast.AST = written[0]
    new = expected[1]
    text = _respelled(code, path, dtype, given[1], new)
    if text is None and followed is not None:
        # Read from elsewhere (``cfg.dtypes["grads"]``): where the one value it reads is
        # spelled, that spelling; else the dtype written out at the allocation, in the
        # array module the allocation calls (``jnp.float32`` for ``jnp.zeros``).
        flow, place = followed
        maker = flow.one_maker(place.at(dtype))
        if maker is not None and maker.node is not dtype:
            text = _respelled(code, maker.path, maker.node, given[1], new)
            if text is not None:
                path, dtype = maker.path, maker.node
        module = _array_module(place, alloc)
        if text is None and module is not None:
            text = f"{module}.{new}"
    if text is None:
        return []
    edit = Edit(code.span(path, dtype), text)
    title = f"Make the gradient ref {new}, the dtype of the argument's gradient"
    return [Fix(title, AVAL, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


def _beside_its_parameter(code: Code, path: Path, made: ast.Call) -> list[Fix]:
    """A gradient ref made in a loop from the loop's value (``zeros_like(value)`` in
    ``for name, value in init.items()``) where the one parameter Ref the same loop body made
    just before is made from that value too (``params[name] = new_ref(full((n,), value))``):
    zeros like that Ref's value, ``zeros_like(params[name][...])``, as the buffer of its
    gradient is. Only where the two are stored alike (``grads[name]`` beside ``params[name]``,
    the key a loop variable), so the store read back is the Ref just made. Unsafe: the value
    the code made the buffer from may have been meant."""
    model = code.model(path)
    alloc = made.args[0]
    if model is None or not isinstance(alloc, ast.Call) or not _makes_zeros(alloc):
        return []
    func = alloc.func
    if not isinstance(func, ast.Attribute) or not (func.attr.endswith("_like") and alloc.args):
        return []
    value = alloc.args[0]
    loop = next(
        (
            n
            for n in model.loops
            if isinstance(n, ast.For) and any(inner is made for inner in ast.walk(n))
        ),
        None,
    )
    if loop is None or not isinstance(value, ast.Name):
        return []
    names = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    stored = next(
        (
            s
            for s in loop.body
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and s.value is made
        ),
        None,
    )
    if value.id not in names or stored is None:
        return []
    siblings = [
        s
        for s in loop.body[: loop.body.index(stored)]
        if isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and _makes_ref(s.value)
        and any(isinstance(n, ast.Name) and n.id == value.id for n in ast.walk(s.value))
    ]
    if len(siblings) != 1 or not _stored_alike(siblings[0].targets[0], stored.targets[0], names):
        return []
    text = code.files.text(path) or ""
    parameter = ast.get_source_segment(text, siblings[0].targets[0]) or ""
    module = _array_module(Place(path, model, made, scope_at(model, made)), alloc)
    if not parameter or module is None:
        return []
    new = f"{module}.zeros_like({parameter}[...])"
    title = f"Make the gradient ref like the Ref made beside it: {new}"
    edit = Edit(code.span(path, alloc), new)
    return [Fix(title, AVAL, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


def _stored_alike(parameter: ast.expr, gradient: ast.expr, keys: set[str]) -> bool:
    """``params[name]`` and ``grads[name]``: subscripts of two different containers by the
    same loop variable (read again after the loop body stored it)."""
    if not (isinstance(parameter, ast.Subscript) and isinstance(gradient, ast.Subscript)):
        return False
    key, other = parameter.slice, gradient.slice
    return (
        isinstance(key, ast.Name)
        and isinstance(other, ast.Name)
        and key.id == other.id
        and key.id in keys
        and dotted(parameter.value) is not None
        and dotted(parameter.value) != dotted(gradient.value)
    )


def _respelled(code: Code, path: Path, dtype: ast.AST, given: str, new: str) -> str | None:
    """A dtype spelled ``given`` (``"float16"``, ``jnp.float16``) spelled ``new`` the same way
    (the user's quotes and module kept); None where it is not spelled so."""
    segment = ast.get_source_segment(code.files.text(path) or "", dtype) or ""
    if isinstance(dtype, ast.Constant) and dtype.value == given and segment:
        return segment.replace(given, new)
    if isinstance(dtype, ast.Attribute) and dtype.attr == given and segment:
        return segment.removesuffix(given) + new
    return None


def _array_module(place: Place, alloc: ast.Call) -> str | None:
    """How the allocation names the array module it calls (``jnp`` for ``jnp.zeros`` with
    ``import jax.numpy as jnp``), where that is jax.numpy or numpy."""
    func = alloc.func
    if not isinstance(func, ast.Attribute):
        return None
    qualified = place.model.qualified_name(func.value, place.scope)
    if qualified not in {"jax.numpy", "numpy"}:
        return None
    return dotted(func.value)


def _keyed_shape(flow: Flow, alloc: Place) -> Place | None:
    """The shape display a comprehension's variable holds for the one entry the flow read
    (``SHAPES["w"]`` for ``jnp.zeros(shape)`` in ``{k: .. for k, shape in SHAPES.items()}``),
    where the allocation takes its shape from that variable."""
    node = alloc.node
    if not isinstance(node, ast.Call) or not node.args or not isinstance(node.args[0], ast.Name):
        return None
    binding = alloc.scope.lookup(node.args[0].id)
    if binding is None or not isinstance(binding.node, ast.comprehension):
        return None
    made = flow.one_maker(alloc.at(node.args[0]))
    return made if made is not None and isinstance(made.node, ast.Tuple) else None


def _shape_fix(
    target: FixTarget, code: Code, path: Path, alloc: ast.Call, at: ast.expr | None = None
) -> list[Fix]:
    """A gradient ref of the primal's dtype made with another shape (``jnp.zeros((n,))``),
    wherever the project makes it: the shape the message expects, written out. Safe for a
    scalar (``()`` holds whatever the sizes); another shape is written as the numbers of this
    run, which the user may rather spell with their sizes. ``at``: where the shape is written
    (in ``path``), where not in the allocation itself (a table's entry)."""
    given = _TYPE_RE.match(target.captures.get("given", "").strip())
    expected = _TYPE_RE.match(target.captures.get("expected", "").strip())
    if given is None or expected is None or given[1] != expected[1] or given[2] == expected[2]:
        return []
    name = (dotted(alloc.func) or "").rsplit(".", 1)[-1]
    if name not in _DTYPE_POSITION:
        return []
    written = [k.value for k in alloc.keywords if k.arg == "shape"]
    if not written and alloc.args and not isinstance(alloc.args[0], ast.Starred):
        written = [alloc.args[0]]
    if at is not None:
        written = [at]
    if len(written) != 1 or _parameter_of_its_function(code, path, written[0]):
        return []
    sizes = [size for size in expected[2][1:-1].split(",") if size]
    spelled = _spelled_sizes(code, path, written[0], given[2], sizes)
    items = spelled if spelled is not None else sizes
    shape = f"({', '.join(items)}{',' if len(items) == 1 else ''})"
    edit = Edit(code.span(path, written[0]), shape)
    title = f"Make the gradient ref of shape {shape}, the shape of the argument's gradient"
    safety = Applicability.SAFE if not sizes or spelled is not None else Applicability.UNSAFE
    return [Fix(title, AVAL, (edit,), preferred=True, applicability=safety)]


def _unit_axes_fix(target: FixTarget, code: Code, path: Path, alloc: ast.Call) -> list[Fix]:
    """Zeros of the right dtype whose shape lacks unit axes the message expects (``(n,)`` for
    ``(n, 1)``), however they are made (``zeros_like(x[0])``): those axes added by indexing,
    ``[:, None]``, which keeps the sizes the program computes. Zeros hold no values to move,
    so only the shape changes."""
    given = _TYPE_RE.match(target.captures.get("given", "").strip())
    expected = _TYPE_RE.match(target.captures.get("expected", "").strip())
    if given is None or expected is None or given[1] != expected[1] or not _makes_zeros(alloc):
        return []
    have = [size for size in given[2][1:-1].split(",") if size]
    want = [size for size in expected[2][1:-1].split(",") if size]
    index, at = [], 0
    for size in want:
        if at < len(have) and have[at] == size:
            index.append(":")
            at += 1
        elif size == "1":
            index.append("None")
        else:
            return []
    if at != len(have) or "None" not in index:
        return []
    text = f"{ast.get_source_segment(code.files.text(path) or '', alloc)}[{', '.join(index)}]"
    title = f"Add the unit axes the argument's gradient has: {text}"
    return [Fix(title, AVAL, (Edit(code.span(path, alloc), text),), preferred=True)]


def _parameter_of_its_function(code: Code, path: Path, node: ast.expr) -> bool:
    """``jnp.zeros(size)`` with ``size`` a parameter: a helper's callers choose the shape, and
    an edit in the helper would change every buffer it makes."""
    model = code.model(path)
    if not isinstance(node, ast.Name) or model is None:
        return False
    return any(
        isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        and node.id
        in {a.arg for a in (*function.args.posonlyargs, *function.args.args)}
        | {a.arg for a in function.args.kwonlyargs}
        and any(inner is node for inner in ast.walk(function))
        for function in ast.walk(model.tree)
    )


def _spelled_sizes(
    code: Code, path: Path, written: ast.expr, given: str, sizes: list[str]
) -> list[str] | None:
    """The expected sizes as the user spelled them: ``(n_in, 1)`` printed ``[3,1]`` where
    ``[3]`` is due gives ``n_in``, each size taken, in order, from the one written entry the
    message shows has that size. None where an entry is starred or a size is not written
    once among the entries left."""
    printed = [size for size in given[1:-1].split(",") if size]
    if not isinstance(written, ast.Tuple | ast.List) or len(written.elts) != len(printed):
        return None
    if any(isinstance(e, ast.Starred) for e in written.elts):
        return None
    text = code.files.text(path) or ""
    out: list[str] = []
    at = 0
    for size in sizes:
        left = [i for i in range(at, len(printed)) if printed[i] == size]
        if len(left) != 1:
            return None
        at = left[0] + 1
        out.append(ast.get_source_segment(text, written.elts[left[0]]) or "")
    return out if all(out) else None


def _makes_zeros(call: ast.Call) -> bool:
    name = (dotted(call.func) or "").rsplit(".", 1)[-1]
    if name in _ZEROS:
        return True
    if name in _FILLED and len(call.args) >= 2:
        fill = call.args[1]
        return (
            isinstance(fill, ast.Constant) and fill.value == 0 and not isinstance(fill.value, bool)
        )
    return False


# The transforms that refuse to differentiate with respect to a Ref-typed argument.
_REF_REJECTING = frozenset(
    {"jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.jacobian", "jax.hessian"}
)


def grad_ref_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``jax.grad(f)(w_ref, ...)``: where the caller updates one other argument from the
    gradient (``self.w = self.w - lr * g``), that argument selected by argnums, the Ref left
    as plumbing; else differentiate the Ref's value, ``w_ref[...]``, where ``f`` only ever
    reads ``w_ref[...]`` (an array reads the same)."""
    code = Code(Buffers(read, target.span.path.parent))
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return []

    def updated(application: ast.Call) -> int | None:
        positions = updated_arguments(source, application)
        return positions[0] if len(positions) == 1 else None

    why = "which the caller updates from the gradient (the Ref stays plumbing)"
    selected = argnums_fix(target, source, target.span.line, why, updated)
    if selected:
        return [replace(fix, preferred=True) for fix in selected]
    for span in dict.fromkeys([target.span, *target.frames]):
        home = source if span.path == target.span.path else Source.parse(span.path, read(span.path))
        found = _value_fixes(target, code, span, home) if home is not None else []
        if found:
            return found
    return []


def _value_fixes(target: FixTarget, code: Code, span: Span, home: Source) -> list[Fix]:
    """Differentiate the Ref's value where the call on ``span`` (the failing line, or a line
    of the traceback under it) gives a Ref to a gradient transform."""
    for model, call, scope in code.calls_on(span):
        made = code.resolve(Place(span.path, model, call.func, scope))
        grad = made.node
        if not isinstance(grad, ast.Call) or made.path != span.path:
            continue
        if made.model.qualified_name(grad.func, made.scope) not in _REF_REJECTING:
            continue
        keywords = {k.arg: k.value for k in grad.keywords}
        argnums_node = keywords.get("argnums", grad.args[1] if len(grad.args) > 1 else None)
        positions = [0] if argnums_node is None else _literal_ints(argnums_node)
        if not positions or not grad.args:
            continue
        if any(isinstance(a, ast.Starred) for a in call.args[: max(positions) + 1]):
            continue
        if max(positions) >= len(call.args):
            continue
        function = code.resolve(Place(made.path, made.model, grad.args[0], made.scope))
        # A bound method (``self.loss``): its parameters start after ``self``.
        method = bound_method(code, [target.span, *target.frames], function)
        node, shift = (method, 1) if method is not None else (function.node, 0)
        if not isinstance(node, ast.FunctionDef):
            continue
        refs = [
            i
            for i in positions
            if dotted(call.args[i]) is not None
            and (
                _reads_only_values(node, i + shift)
                # A parameter used as an array, given what the caller reads as a Ref elsewhere
                # (``store.gain[...] -= lr * g``): its value was meant.
                or (
                    _never_subscripted(node, i + shift)
                    and _read_as_ref(home, home.segment(call.args[i]))
                )
            )
        ]
        if len(refs) != 1:
            place = Place(function.path, function.model, node, function.scope)
            trees = [
                i
                for i in positions
                if dotted(call.args[i]) is not None
                and _reads_only_leaf_values(code, place, node, i + shift)
            ]
            jax_name = _module_alias(home, "jax")
            if len(trees) != 1 or jax_name is None:
                continue
            argument = call.args[trees[0]]
            text = home.segment(argument)
            values = f"{jax_name}.tree.map(lambda p: p[...], {text})"
            title = f"Differentiate the values of the Refs in {text}: pass {values}"
            return [Fix(title, GRAD_REF, (home.replace(argument, values),), preferred=True)]
        argument = call.args[refs[0]]
        text = home.segment(argument)
        title = f"Differentiate the value of {text}: pass {text}[...]"
        return [Fix(title, GRAD_REF, (home.replace(argument, f"{text}[...]"),), preferred=True)]
    return []


# How many calls a tree of Refs is followed through to the reads of its leaves.
_LEAF_DEPTH = 2


def _reads_only_leaf_values(
    code: Code, place: Place, function: ast.FunctionDef, index: int, depth: int = 0
) -> bool:
    """Whether the function's positional parameter is a tree of Refs it only reads the values
    of: every use an entry's value (``params["w"][...]``, ``params.w[...]``) or the argument
    of a project function (``Probe.apply(params, x)``, a ``def`` or a class's method) that
    reads it so in turn, with at least one such read."""
    uses = _parameter_uses(function, index)
    parents = {
        id(child): parent for parent in ast.walk(function) for child in ast.iter_child_nodes(parent)
    }
    read = False
    for use in uses:
        entry = parents.get(id(use))
        outer = parents.get(id(entry)) if entry is not None else None
        if (
            isinstance(entry, ast.Subscript | ast.Attribute)
            and entry.value is use
            and not (isinstance(entry, ast.Subscript) and _is_ellipsis(entry.slice))
            and isinstance(outer, ast.Subscript)
            and outer.value is entry
            and _is_ellipsis(outer.slice)
            and isinstance(outer.ctx, ast.Load)
        ):
            read = True
            continue
        if depth >= _LEAF_DEPTH or not isinstance(entry, ast.Call):
            return False
        positions = [i for i, a in enumerate(entry.args) if a is use]
        if len(positions) != 1 or any(isinstance(a, ast.Starred) for a in entry.args):
            return False
        callee = _called_def(code, place, entry.func, function)
        if callee is None:
            return False
        inner, shift = callee
        if not _reads_only_leaf_values(
            code,
            Place(inner.path, inner.model, inner.node, inner.scope),
            inner.node,
            positions[0] + shift,
            depth + 1,
        ):
            return False
        read = True
    return read


def _is_ellipsis(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is Ellipsis


def _called_def(
    code: Code, place: Place, func: ast.expr, caller: ast.FunctionDef
) -> tuple[_Def, int] | None:
    """The ``def`` a call in ``caller`` runs, with how many of its parameters come before the
    call's arguments: a function, or a class's method called on the class (``Probe.apply``:
    a static method, 0; a class method, 1)."""
    own = place.model.functions.get(caller)
    scope = own.scope if own is not None else place.scope
    target = func.value if isinstance(func, ast.Attribute) else func
    made = code.resolve(Place(place.path, place.model, target, scope))
    node = made.node
    if isinstance(func, ast.Attribute):
        if not isinstance(node, ast.ClassDef):
            return None
        methods = [m for m in node.body if isinstance(m, ast.FunctionDef) and m.name == func.attr]
        if len(methods) != 1:
            return None
        decorators = {last_name(d) for d in methods[0].decorator_list}
        if decorators - {"staticmethod", "classmethod"}:
            return None
        shift = 1 if "classmethod" in decorators else 0
        if not decorators:
            return None  # a plain method called on the class: its ``self`` is an argument
        inner = made.model.functions.get(methods[0])
        return (_Def(made.path, made.model, methods[0], inner.scope), shift) if inner else None
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    inner = made.model.functions.get(node)
    return (_Def(made.path, made.model, node, inner.scope), 0) if inner else None


@dataclass(frozen=True, slots=True)
class _Def:
    """A ``def`` of a project module, with its own scope."""

    path: Path
    model: ModuleModel
    node: ast.FunctionDef
    scope: Scope


def _module_alias(source: Source, module: str) -> str | None:
    """The name the module is imported as at the top of the source (``import jax``)."""
    for node in source.tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == module:
                    return alias.asname or module
    return None


def literal_int(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _literal_ints(node: ast.expr) -> list[int]:
    """``1`` or ``(0, 1)`` as a list of ints; empty when not literal."""
    items = node.elts if isinstance(node, ast.Tuple | ast.List) else [node]
    found = [literal_int(item) for item in items]
    return [i for i in found if i is not None] if None not in found else []


def _parameter_uses(function: ast.FunctionDef, index: int) -> list[ast.Name]:
    """The names of the function's positional parameter in its body (none past its last)."""
    params = [*function.args.posonlyargs, *function.args.args]
    if index >= len(params):
        return []
    name = params[index].arg
    return [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == name]


def _never_subscripted(function: ast.FunctionDef, index: int) -> bool:
    """Whether the function's positional parameter is read, and never indexed or stored into."""
    indexed = {
        id(node.value)
        for node in ast.walk(function)
        if isinstance(node, ast.Subscript | ast.Attribute)
    }
    uses = _parameter_uses(function, index)
    return bool(uses) and all(isinstance(n.ctx, ast.Load) and id(n) not in indexed for n in uses)


def _read_as_ref(source: Source, text: str) -> bool:
    """Whether the module indexes the expression ``text`` as a Ref, ``text[...]``."""
    return any(
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value is Ellipsis
        and source.segment(node.value) == text
        for node in ast.walk(source.tree)
    )


def _reads_only_values(function: ast.FunctionDef, index: int) -> bool:
    """Whether the function's positional parameter is only ever read as ``p[...]``."""
    subscripted = {
        id(node.value)
        for node in ast.walk(function)
        if isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value is Ellipsis
    }
    uses = _parameter_uses(function, index)
    return bool(uses) and all(isinstance(n.ctx, ast.Load) and id(n) in subscripted for n in uses)


def ref_write_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A differentiated value written into a Ref that is not differentiated, on the failing
    line (``ref[...] = v``, ``ref[i] += v``): the value written without its derivative,
    ``jax.lax.stop_gradient(v)``, the record's example fix. The Ref then records values (a log,
    a running statistic) and the write no longer needs a tangent. Unsafe: a Ref meant to carry
    the gradient needs differentiating instead (the record's other solution). Where the
    culprit is the Ref made outside a function that reads it back, the written value reaches
    the output: the Ref is made inside instead (``_made_inside_fixes``), never stop_gradient.
    Where the error surfaced at a transform's call (a ``fori_loop`` body writes the Ref), the
    write is the ``refs.write`` culprit's statement."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return []
    writes = [
        node
        for node in ast.walk(source.tree)
        if isinstance(node, ast.Assign | ast.AugAssign)
        and node.lineno <= target.span.line <= (node.end_lineno or node.lineno)
        and all(
            isinstance(t, ast.Subscript)
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]
    if not writes:
        # The error surfaced at a transform's call: the write is the culprit's statement.
        written = [
            (home, node)
            for home, node, _ in located(read, target.culprits, CulpritKind.REFS_WRITE)
            if isinstance(node, ast.Assign | ast.AugAssign)
        ]
        if len(written) == 1:
            source, writes = written[0][0], [written[0][1]]
    spelled = source.jax_or_import()
    if len(writes) != 1 or spelled is None:
        return []
    made_outside = list(located(read, target.culprits, CulpritKind.REFS_MADE_OUTSIDE))
    if made_outside:
        # The function reads the Ref back: its writes reach the output, and a value written
        # without its derivative would silently drop that part of the gradient.
        return _made_inside_fixes(target, source, writes[0], made_outside)
    value = writes[0].value
    if "stop_gradient" in source.segment(value):
        return []
    jax, imports = spelled
    title = "Write the value without its derivative (jax.lax.stop_gradient): the Ref records it"
    edit = source.replace(value, f"{jax}.lax.stop_gradient({source.segment(value)})")
    return [Fix(title, target.code, (*imports, edit), applicability=Applicability.UNSAFE)]


def _made_inside_fixes(
    target: FixTarget,
    source: Source,
    write: ast.Assign | ast.AugAssign,
    made: list[tuple[Source, ast.AST, CulpritRef]],
) -> list[Fix]:
    """The Ref (a module global, or an attribute of ``self``) made at the start of the
    function that writes and reads it, by the culprit's own ``jax.new_ref(...)``, where every
    name that call reads is a module-level name of the function's module that the function
    does not rebind. Unsafe: code outside the function that reads the Ref afterwards sees
    what it held before."""
    if len(made) != 1:
        return []
    home, call, _ = made[0]
    # The culprit spans the ``jax.new_ref(...)`` call of an assignment.
    node = next(
        (n for n in ast.walk(home.tree) if isinstance(n, ast.Assign) and n.value is call), None
    )
    if node is None or not _makes_ref(node.value) or len(node.targets) != 1:
        return []
    target_node = write.targets[0] if isinstance(write, ast.Assign) else write.target
    assert isinstance(target_node, ast.Subscript)
    ref = target_node.value
    function = _enclosing_function(source, write)
    if function is None or not isinstance(ref, ast.Name | ast.Attribute):
        return []
    if ast.unparse(node.targets[0]) != ast.unparse(ref) and not (
        isinstance(ref, ast.Name) and isinstance(node.targets[0], ast.Name)
    ):
        return []
    if isinstance(ref, ast.Attribute) and not (
        isinstance(ref.value, ast.Name) and ref.value.id == "self"
    ):
        return []
    module_names = _module_bindings(source.tree)
    local = {
        n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    } | {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)}
    if any(isinstance(n, ast.Global | ast.Nonlocal) for n in ast.walk(function)):
        return []
    read = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
    made_text = home.segment(node.value)
    stored = _stored_parameters(home, node) if isinstance(ref, ast.Attribute) else {}
    if read & set(stored):
        # ``__init__``'s parameters, read in the method off the attributes it stores them in.
        made_text = ast.unparse(_renamed(node.value, stored))
        read = (read - set(stored)) | {"self"}
    local -= {"self"}
    if "self" in read and (isinstance(ref, ast.Name) or home.path != source.path):
        return []
    if not read <= module_names | {"self"} or read & local:
        return []
    here, there = _imported(source.tree), _imported(home.tree)
    if home.path != source.path and any(here.get(n, "?") != there.get(n) for n in read):
        # Made in another module: only names both import alike mean the same there.
        return []
    name = ref.id if isinstance(ref, ast.Name) else fresh(source.all_names(), ref.attr)
    first = function.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and function.body[1:]:
        first = function.body[1]
    indent = source.indent_of(first.lineno)
    edits = [source.insert(first.lineno, 0, f"{indent}{name} = {made_text}\n")]
    if isinstance(ref, ast.Attribute):
        shown = ast.unparse(ref)
        edits += [
            source.replace(n, name)
            for n in ast.walk(function)
            if isinstance(n, ast.Attribute) and ast.unparse(n) == shown
        ]
    title = f"Make the Ref `{ast.unparse(ref)}` inside `{function.name}`, which reads it back"
    return [Fix(title, target.code, tuple(edits), applicability=Applicability.UNSAFE)]


def _stored_parameters(source: Source, made: ast.Assign) -> dict[str, str]:
    """The parameters of the method making the Ref (``__init__``) that it stores, before
    that line and unconditionally, in attributes of ``self`` its class assigns nowhere else:
    ``cfg`` -> ``self.cfg``."""
    method = _enclosing_function(source, made)
    classes = [c for c in ast.walk(source.tree) if isinstance(c, ast.ClassDef) and method in c.body]
    if method is None or len(classes) != 1 or not method.args.args:
        return {}
    if method.args.args[0].arg != "self":
        return {}
    params = {a.arg for a in method.args.args[1:]}
    assigned = [
        ast.unparse(t)
        for n in ast.walk(classes[0])
        if isinstance(n, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
    ]
    found = {}
    for statement in method.body:
        if statement is made:
            break
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.value, ast.Name)
            and statement.value.id in params
            and ast.unparse(statement.targets[0]).startswith("self.")
            and assigned.count(ast.unparse(statement.targets[0])) == 1
        ):
            found[statement.value.id] = ast.unparse(statement.targets[0])
    return found


def _renamed(node: ast.expr, names: dict[str, str]) -> ast.expr:
    """A copy of ``node`` with each name of ``names`` replaced by its expression."""

    class Rename(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.expr:
            if name.id in names:
                parsed = ast.parse(names[name.id], mode="eval")
                assert isinstance(parsed, ast.Expression)
                return parsed.body
            return name

    renamed = Rename().visit(copy.deepcopy(node))
    assert isinstance(renamed, ast.expr)
    return renamed


def _enclosing_function(source: Source, node: ast.AST) -> FunctionNode | None:
    inside = [f for f in source.functions() if any(n is node for n in ast.walk(f))]
    return max(inside, key=lambda f: f.lineno, default=None)


def _imported(tree: ast.Module) -> dict[str, str]:
    """The names a module's top-level imports bind, each with what it imports."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            origin = f"{node.module}:" if isinstance(node, ast.ImportFrom) else ""
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                found[bound] = origin + (alias.name if alias.asname else bound)
    return found


def _module_bindings(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (imports, definitions, assignments) and
    Python's builtins."""
    found = set(dir(builtins))
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return found


def buffer_made_ref_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``jax.new_ref(...)`` around the array constructor the refs culprit names: the plain
    array a helper makes as a gradient buffer (``jnp.zeros_like(r[...])`` in a comprehension
    over the parameter Refs) where with_refs needs a Ref to accumulate into. Unsafe: code that
    computes with the buffer as an array then reads it as ``buffer[...]``."""
    found = [
        (source, node)
        for source, node, _ in located(read, target.culprits, CulpritKind.REFS_ARGUMENT)
        if isinstance(node, ast.Call)
        and (dotted(node.func) or "").rsplit(".", 1)[-1] in _BUFFER_MAKERS
    ]
    if len(found) != 1:
        return []
    source, node = found[0]
    spelled = source.jax_or_import()
    if spelled is None:
        return []
    jax, imports = spelled
    text = source.segment(node)
    title = f"Make the gradient buffer a Ref: {jax}.new_ref({text})"
    edit = source.replace(node, f"{jax}.new_ref({text})")
    return [
        Fix(
            title,
            target.code,
            (*imports, edit),
            preferred=True,
            applicability=Applicability.UNSAFE,
        )
    ]


# The array constructors a gradient buffer is made with.
_BUFFER_MAKERS = frozenset({"zeros", "zeros_like", "ones", "ones_like", "full", "full_like"})


def _returned_or_buffer_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    return returned_fixes(target, read) or buffer_made_ref_fixes(target, read)


RETURNED_PROVIDER = Provider(
    frozenset({RETURNED}), frozenset({"argument"}), _returned_or_buffer_fixes
)
TREE_PROVIDER = Provider(frozenset({TREE}), frozenset({"difference"}), tree_fixes)
AVAL_PROVIDER = Provider(
    frozenset({AVAL}), frozenset({"argument", "given", "expected"}), aval_fixes
)


def _grad_ref_or_culprit_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    return grad_ref_fixes(target, read) or ref_selected_fixes(target, read)


GRAD_REF_PROVIDER = Provider(frozenset({GRAD_REF}), frozenset(), _grad_ref_or_culprit_fixes)
REF_WRITE_PROVIDER = Provider(frozenset({REF_WRITE}), frozenset(), ref_write_fixes)

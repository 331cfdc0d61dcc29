"""Fixes for hijax primitives whose ``vjp_bwd`` returns its cotangents (or a hook's value).

Since jax 0.11, ``HiPrim.vjp_bwd(self, res, outgrad, *arg_accums)`` hands the cotangents to the
accumulators (``acc.accum(ct)``) and returns None or a dict of log entries; the classic contract
is ``vjp_bwd_retval(self, res, outgrad, /)``, which takes no accumulators and returns the
cotangents, one per input as a tuple (``HiPrim.vjp_bwd`` feeds that tuple to the accumulators
with ``treedef.flatten_up_to``, so a list would not do). Two fixes follow from that:

- rename to ``vjp_bwd_retval``, dropping the accumulator parameters and their ``.accum(ct)``
  statements and returning the accumulated values: only when each accumulator is used exactly
  once, as a statement of the body, so the values returned are exactly those accumulated;
- keep ``vjp_bwd`` and return None: only when every accumulator visibly receives a value;
- keep ``vjp_bwd`` and hand each returned cotangent to its accumulator (``acc.accum(ct)`` in
  place of the return), when no accumulator is used and the one return's value maps onto them:
  a tuple or list of one entry per accumulator (a ``None`` entry accumulates nothing), or any
  value for a single accumulator. Then renaming to ``vjp_bwd_retval`` (the accumulators
  dropped, the value returned as a tuple) is offered too.

Where ``vjp_bwd`` returns what a method of the class returns (a monitoring hook) and that method
is where a bare value is made, the value becomes the one entry of a dict of logs, named after
the expression (``{"max_abs_ct": jnp.max(jnp.abs(ct))}``).
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from jaxerr_ls.astindex import own_nodes, own_returns
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import FunctionNode, Source, imported_definitions
from jaxerr_ls.project import last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span, char_col

CODE = "hijax-vjp-bwd-return"
_CLASS_RE = re.compile(r"([A-Za-z_]\w*)\s*$")
# self, res, outgrad: the parameters before the accumulators.
_LEADING = 3


def _culprit_method(
    target: FixTarget, read: ReadSource
) -> tuple[Source, ast.ClassDef, FunctionNode] | None:
    named = _CLASS_RE.search(target.captures.get("primitive", ""))
    class_name = named[1] if named else ""
    for culprit in target.culprits:
        if culprit.kind != CulpritKind.HIJAX_VJP_BWD:
            continue
        source = Source.parse(culprit.span.path, read(culprit.span.path))
        if source is None:
            continue
        found = [
            (node, item)
            for node in ast.walk(source.tree)
            if isinstance(node, ast.ClassDef)
            for item in node.body
            # The culprit lies in the method (its return): a method moved or renamed since
            # the run is no longer the one the error is about.
            if isinstance(item, ast.FunctionDef)
            and item.name == "vjp_bwd"
            and item.lineno <= culprit.span.line <= (item.end_lineno or item.lineno)
        ]
        # The primitive's own class, or the base class (here or in another module) whose
        # ``vjp_bwd`` it inherits: the culprit finder resolved the method through the bases.
        own = [(node, item) for node, item in found if node.name == class_name]
        chosen = own or found
        if len(chosen) == 1:
            return source, *chosen[0]
    return None


def _accum_statement(statement: ast.stmt, name: str) -> ast.expr | None:
    """The value of a ``name.accum(value)`` statement."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    call = statement.value
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "accum"
        and isinstance(func.value, ast.Name)
        and func.value.id == name
        and len(call.args) == 1
        and not call.keywords
        and not isinstance(call.args[0], ast.Starred)
    ):
        return call.args[0]
    return None


def _uses(function: FunctionNode, name: str) -> list[ast.Name]:
    return [node for node in own_nodes(function) if isinstance(node, ast.Name) and node.id == name]


def _stored_names(statements: list[ast.stmt]) -> set[str]:
    names = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
                names.add(node.id)
    return names


def _returns_structured_residuals(cls: ast.ClassDef) -> bool:
    """``vjp_fwd`` returning (ans, res, nzs_out, sres): then vjp_bwd takes ``sres`` too."""
    for item in cls.body:
        if isinstance(item, ast.FunctionDef) and item.name == "vjp_fwd":
            for ret in own_returns(item):
                if isinstance(ret.value, ast.Tuple) and len(ret.value.elts) >= 4:
                    return True
    return False


def _defines(cls: ast.ClassDef, name: str) -> bool:
    """Does the class body already bind ``name`` (a def, or ``vjp_fwd, x = vjp_from_jvp``)?"""
    for item in cls.body:
        if isinstance(item, FunctionNode) and item.name == name:
            return True
        for node in ast.walk(item) if isinstance(item, ast.Assign | ast.AnnAssign) else ():
            if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
                return True
    return False


def _rename_fix(source: Source, cls: ast.ClassDef, method: FunctionNode) -> Fix | None:
    args = method.args
    positional = [*args.posonlyargs, *args.args]
    if (
        args.vararg is not None
        or args.kwarg is not None
        or args.kwonlyargs
        or args.defaults
        or method.decorator_list
        or len(positional) <= _LEADING
        or _returns_structured_residuals(cls)
        or _defines(cls, "vjp_bwd_retval")
    ):
        return None
    accums = positional[_LEADING:]
    returns = own_returns(method)
    body = method.body
    if len(returns) != 1 or body[-1] is not returns[0] or returns[0].value is None:
        return None
    final = returns[0]
    assert final.value is not None

    statements: list[ast.stmt] = []
    values: list[str] = []
    for accum in accums:
        uses = _uses(method, accum.arg)
        found = [
            (i, s, v)
            for i, s in enumerate(body)
            if (v := _accum_statement(s, accum.arg)) is not None
        ]
        if len(uses) != 1 or len(found) != 1:
            return None
        index, statement, value = found[0]
        # The value is read again at the return: nothing in between may rebind its names.
        read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
        if read & _stored_names(body[index + 1 : -1]) or not source.owns_its_lines(statement):
            return None
        statements.append(statement)
        values.append(source.segment(value))

    renamed = _rename_edits(source, method, len(accums))
    if renamed is None:
        return None
    edits = list(renamed)
    edits.extend(source.delete_lines(statement) for statement in statements)
    edits.append(source.replace(final.value, _tuple_text(values)))
    return Fix(
        title="Rename vjp_bwd to vjp_bwd_retval",
        code=CODE,
        edits=tuple(edits),
        preferred=True,
    )


def _tuple_text(items: list[str]) -> str:
    return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def _rename_edits(source: Source, method: FunctionNode, accums: int) -> list[Edit] | None:
    """``vjp_bwd`` renamed ``vjp_bwd_retval`` and its last ``accums`` parameters dropped."""
    positional = [*method.args.posonlyargs, *method.args.args]
    def_line = source.line_text(method.lineno)
    name_start = def_line.find("vjp_bwd", char_col(def_line, method.col_offset))
    if name_start < 0 or len(positional) != _LEADING + accums:
        return None
    name = Span(source.path, method.lineno, name_start, method.lineno, name_start + len("vjp_bwd"))
    # Drop ", acc1, acc2" after outgrad (annotations included).
    last_kept = source.span(positional[_LEADING - 1])
    last_accum = source.span(positional[-1])
    dropped = Span(
        source.path, last_kept.end_line, last_kept.end_col, last_accum.end_line, last_accum.end_col
    )
    return [Edit(name, "vjp_bwd_retval"), Edit(dropped, "")]


def _accumulated(method: FunctionNode, name: str, is_vararg: bool) -> bool:
    """Does the method hand a value to this accumulator (or, for ``*accums``, to some)?"""
    for node in own_nodes(method):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "accum"
            and node.args
        ):
            continue
        receiver = node.func.value
        if isinstance(receiver, ast.Name) and receiver.id == name:
            return True
        if is_vararg and isinstance(receiver, ast.Subscript):
            base = receiver.value
            if isinstance(base, ast.Name) and base.id == name:
                return True
    if is_vararg:
        # for acc, ct in zip(accums, cts): acc.accum(ct)
        for node in own_nodes(method):
            if isinstance(node, ast.For) and any(
                isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.iter)
            ):
                targets = {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Call)
                        and isinstance(inner.func, ast.Attribute)
                        and inner.func.attr == "accum"
                        and isinstance(inner.func.value, ast.Name)
                        and inner.func.value.id in targets
                    ):
                        return True
    return False


def _helper(
    source: Source, cls: ast.ClassDef, call: ast.Call, imported: dict[str, FunctionNode]
) -> tuple[FunctionNode, int] | None:
    """The method (``self.name(...)``) or module function (``name(...)``, defined in the
    module or imported from a project module) a call runs, and how many of its leading
    parameters the call does not fill (``self``)."""
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == "self"
    ):
        found = [f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == func.attr]
        return (found[0], 1) if len(found) == 1 else None
    if isinstance(func, ast.Name):
        found = [
            f for f in source.tree.body if isinstance(f, ast.FunctionDef) and f.name == func.id
        ]
        if not found and func.id in imported:
            return imported[func.id], 0
        return (found[0], 0) if len(found) == 1 else None
    return None


def imported_functions(source: Source, read: ReadSource) -> dict[str, FunctionNode]:
    """The functions a module imports by name from project modules (``from detector.utils
    import deliver``)."""
    return {name: function for name, (_, function) in imported_definitions(source, read).items()}


def _accumulating_calls(
    source: Source,
    cls: ast.ClassDef,
    method: FunctionNode,
    name: str,
    imported: dict[str, FunctionNode],
) -> list[ast.Call]:
    """Calls of the method that hand the accumulator to a helper of the class or module that
    accumulates into it: ``self._scatter((a_acc, b_acc), cts)`` with
    ``for acc, ct in zip(accs, cts): acc.accum(ct)`` in ``_scatter``."""
    found: list[ast.Call] = []
    for node in own_nodes(method):
        if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        helper = _helper(source, cls, node, imported)
        if helper is None or helper[0] is method:
            continue
        function, skipped = helper
        params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)][skipped:]
        for param, given in zip(params, node.args, strict=False):
            inside = given.elts if isinstance(given, ast.Tuple | ast.List) else None
            if isinstance(given, ast.Name) and given.id == name:
                direct = True
            elif inside is not None and any(
                isinstance(e, ast.Name) and e.id == name for e in inside
            ):
                direct = False
            else:
                continue
            if _accumulated(function, param, not direct):
                found.append(node)
    return found


def _lambda_accumulates(function: ast.Lambda, index: int) -> bool:
    """``lambda acc, ct: acc.accum(ct)``: does the body accumulate into parameter ``index``?"""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if index >= len(params):
        return False
    return any(
        _is_accum_call(node)
        and isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == params[index]
        for node in ast.walk(function.body)
    )


def _holds(node: ast.expr, name: str) -> bool:
    """``name`` itself, or an entry of a tuple or list display."""
    if isinstance(node, ast.Name):
        return node.id == name
    return isinstance(node, ast.Tuple | ast.List) and any(
        isinstance(e, ast.Name) and e.id == name for e in node.elts
    )


def _mapped_accumulations(method: FunctionNode, name: str) -> list[ast.expr]:
    """Mappings that hand each cotangent to its accumulator: ``tree_map(lambda a, c:
    a.accum(c), (x_acc, y_acc), cts)`` (the lambda's parameter ``i`` takes the mapped
    argument ``i``), or ``[a.accum(c) for a, c in zip((x_acc, y_acc), cts)]``. Only eager
    ones: a ``map`` or a generator left as a statement would accumulate nothing."""
    found: list[ast.expr] = []
    for node in own_nodes(method):
        if (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Lambda)
            and not node.keywords
            and _is_tree_map(node.func)
        ):
            function = node.args[0]
            for index, mapped in enumerate(node.args[1:]):
                if _holds(mapped, name) and _lambda_accumulates(function, index):
                    found.append(node)
        elif isinstance(node, ast.ListComp) and len(node.generators) == 1:
            loop = node.generators[0]
            iterated = loop.iter
            zipped = (
                isinstance(iterated, ast.Call)
                and isinstance(iterated.func, ast.Name)
                and iterated.func.id == "zip"
            )
            if not zipped or not isinstance(loop.target, ast.Tuple) or loop.ifs:
                continue
            assert isinstance(iterated, ast.Call)
            targets = loop.target.elts
            for index, mapped in enumerate(iterated.args[: len(targets)]):
                target = targets[index]
                if (
                    _holds(mapped, name)
                    and isinstance(target, ast.Name)
                    and _is_accum_call(node.elt)
                    and isinstance(node.elt, ast.Call)
                    and isinstance(node.elt.func, ast.Attribute)
                    and isinstance(node.elt.func.value, ast.Name)
                    and node.elt.func.value.id == target.id
                ):
                    found.append(node)
    return found


def _is_tree_map(func: ast.expr) -> bool:
    """``jax.tree_util.tree_map`` / ``tree_map`` / ``jax.tree.map`` as spelled."""
    if isinstance(func, ast.Name):
        return func.id == "tree_map"
    if not isinstance(func, ast.Attribute):
        return False
    owner = func.value
    owner_name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
    return func.attr == "tree_map" or (func.attr == "map" and owner_name == "tree")


def _return_none_fix(
    source: Source,
    cls: ast.ClassDef,
    method: FunctionNode,
    imported: dict[str, FunctionNode] | None = None,
) -> Fix | None:
    args = method.args
    positional = [*args.posonlyargs, *args.args]
    accums = [(a.arg, False) for a in positional[_LEADING:]]
    if args.vararg is not None:
        accums.append((args.vararg.arg, True))
    helpers: list[ast.expr] = []
    for name, star in accums:
        if not _accumulated(method, name, star):
            passing: list[ast.expr] = [
                *_accumulating_calls(source, cls, method, name, imported or {})
            ]
            passing += _mapped_accumulations(method, name)
            if not passing:
                return None
            helpers += passing
    if not accums:
        return None
    # Any value but None or a dict display (log entries) is what JAX refused.
    wrong = [
        ret
        for ret in own_returns(method)
        if ret.value is not None
        and not isinstance(ret.value, ast.Dict | ast.DictComp)
        and not (isinstance(ret.value, ast.Constant) and ret.value.value is None)
    ]
    if not wrong:
        return None
    edits = []
    for ret in wrong:
        assert ret.value is not None
        # ``return a.accum(x), b.accum(y)``: the calls stay, as statements.
        calls = [n for n in ast.walk(ret.value) if _is_accum_call(n)]
        elements = ret.value.elts if isinstance(ret.value, ast.Tuple | ast.List) else [ret.value]
        mapping = any(ret.value is h for h in helpers)
        if calls and not mapping and any(not any(c is e for e in elements) for c in calls):
            return None  # an accumulation inside another expression: not ours to move
        if mapping:
            # ``return self._scatter(accs, cts)`` / ``return tree_map(lambda a, c:
            # a.accum(c), accs, cts)``: the call accumulates; it stays, as a statement.
            # A comprehension becomes the loop it stands for.
            value = ret.value
            if isinstance(value, ast.ListComp):
                loop = value.generators[0]
                indent = source.indent_of(ret.lineno)
                head = f"for {source.segment(loop.target)} in {source.segment(loop.iter)}:"
                kept = f"{head}\n{indent}    {source.segment(value.elt)}"
            else:
                kept = source.segment(value)
            edits.append(source.replace(ret, kept))
        elif calls:
            indent = source.indent_of(ret.lineno)
            kept = f"\n{indent}".join(_with_comment(source, c) for c in calls)
            edits.append(source.replace(ret, kept))
        elif isinstance(ret.value, ast.Call) and source.owns_its_lines(ret):
            # ``return LOG.log(..)``: the call's effect stays, as a statement; its result,
            # which JAX refused, is dropped.
            edits.append(source.replace(ret, source.segment(ret.value)))
        elif ret is method.body[-1] and len(method.body) > 1 and source.owns_its_lines(ret):
            edits.append(source.delete_lines(ret))
        else:
            edits.append(source.replace(ret, "return None"))
    return Fix(
        title="Return nothing from vjp_bwd (the accumulators already hold the cotangents)",
        code=CODE,
        edits=tuple(edits),
    )


def _with_comment(source: Source, node: ast.AST) -> str:
    """The expression's text, with the comment that follows it on its last line (if any)."""
    span = source.span(node)
    rest = source.line_text(span.end_line)[span.end_col :]
    comment = rest[rest.find("#") :].rstrip() if "#" in rest else ""
    return f"{source.segment(node)}  {comment}" if comment else source.segment(node)


def _is_accum_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "accum"
    )


def _unused_accumulators(method: FunctionNode) -> tuple[list[str], str | None] | None:
    """The accumulator parameters (named ones, and ``*accums``), when the method takes some
    and uses none."""
    args = method.args
    positional = [*args.posonlyargs, *args.args]
    if args.kwarg or args.kwonlyargs or len(positional) < _LEADING:
        return None
    names = [a.arg for a in positional[_LEADING:]]
    star = args.vararg.arg if args.vararg else None
    if not names and star is None:
        return None
    used = any(_uses(method, name) for name in [*names, *([star] if star else [])])
    return None if used else (names, star)


def _returned_cotangents(method: FunctionNode, count: int, more: bool) -> list[ast.expr] | None:
    """The one return's cotangents, one per accumulator (a ``None`` for none); with ``more``
    (``*accums``), a tuple or list display of at least ``count``."""
    returns = own_returns(method)
    if len(returns) != 1 or method.body[-1] is not returns[0] or returns[0].value is None:
        return None
    value = returns[0].value
    if isinstance(value, ast.Tuple | ast.List):
        if any(isinstance(e, ast.Starred) for e in value.elts):
            return None
        fits = len(value.elts) >= count if more else len(value.elts) == count
        return list(value.elts) if fits and value.elts else None
    return [value] if count == 1 and not more else None


def _accumulate_fix(source: Source, method: FunctionNode) -> Fix | None:
    found = _unused_accumulators(method)
    if found is None:
        return None
    named, star = found
    cotangents = _returned_cotangents(method, len(named), star is not None)
    if cotangents is None or not source.owns_its_lines(method.body[-1]):
        return None
    accums = [*named, *(f"{star}[{i}]" for i in range(len(cotangents) - len(named)))]
    statements = [
        f"{acc}.accum({source.segment(ct)})"
        for acc, ct in zip(accums, cotangents, strict=True)
        if not (isinstance(ct, ast.Constant) and ct.value is None)
    ]
    final = method.body[-1]
    indent = source.indent_of(final.lineno)
    new = f"\n{indent}".join(statements) if statements else "return None"
    names = ", ".join(f"{acc}.accum" for acc in accums)
    return Fix(
        f"Hand the cotangents to {names} instead of returning them",
        CODE,
        (source.replace(final, new),),
    )


def _retval_fix(source: Source, cls: ast.ClassDef, method: FunctionNode) -> Fix | None:
    """``vjp_bwd_retval`` for a method that uses none of its accumulators."""
    found = _unused_accumulators(method)
    accums = found[0] if found is not None and found[1] is None else None
    cotangents = _returned_cotangents(method, len(accums), False) if accums else None
    if (
        accums is None
        or cotangents is None
        or method.decorator_list
        or method.args.defaults
        or _returns_structured_residuals(cls)
        or _defines(cls, "vjp_bwd_retval")
    ):
        return None
    rename = _rename_edits(source, method, len(accums))
    if rename is None:
        return None
    final = method.body[-1]
    assert isinstance(final, ast.Return) and final.value is not None
    value = _tuple_text([source.segment(ct) for ct in cotangents])
    edits = (*rename, source.replace(final.value, value))
    return Fix("Rename vjp_bwd to vjp_bwd_retval", CODE, edits)


def _log_key(value: ast.expr, fallback: str) -> str:
    """A log entry's name read off the expression: ``jnp.max(jnp.abs(ct))`` -> ``max_abs_ct``,
    ``ct.std()`` -> ``std_ct``; else ``fallback``."""
    words: list[str] = []
    node = value
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
            func = node.func
            words.append(func.attr if isinstance(func, ast.Attribute) else func.id)
            if len(node.args) == 1:
                node = node.args[0]
            elif not node.args and isinstance(func, ast.Attribute):
                node = func.value
            else:
                return fallback
        elif isinstance(node, ast.Name):
            return "_".join([*words, node.id])
        else:
            return fallback


def _hook_fix(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The culprit is a method whose value ``vjp_bwd`` returns (a monitoring hook) and that
    returns one value: that value logged, as the dict of log entries JAX takes."""
    for culprit in target.culprits:
        if culprit.kind != CulpritKind.HIJAX_VJP_BWD:
            continue
        source = Source.parse(culprit.span.path, read(culprit.span.path))
        if source is None:
            return []
        found = [
            (item, ret)
            for cls in ast.walk(source.tree)
            if isinstance(cls, ast.ClassDef)
            for item in cls.body
            if isinstance(item, ast.FunctionDef) and item.name != "vjp_bwd"
            for ret in own_returns(item)
            if ret.lineno == culprit.span.line and ret.value is not None
        ]
        if len(found) != 1:
            return []
        method, ret = found[0]
        value = ret.value
        if value is None or isinstance(
            value, ast.Dict | ast.DictComp | ast.Tuple | ast.List | ast.Constant
        ):
            return []
        if any(_is_accum_call(n) for n in ast.walk(value)):
            return []  # it accumulates cotangents: not a statistic
        returned = (target.captures.get("returned") or "").strip(" .")
        if _views_a_dict(value, returned):
            # ``return stats.items()``: the dict whose entries the view shows.
            assert isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
            new = source.segment(value.func.value)
            title = f"Return the dict of entries, not its view: {new}"
            return [Fix(title, CODE, (source.replace(value, new),), preferred=True)]
        if (
            isinstance(value, ast.Call)
            and last_name(value.func) == returned
            and returned not in _MAPPINGS
        ):
            # The hook builds a report of its own class (a dataclass of statistics), not log
            # entries: the rule calls it for its effect and returns nothing.
            return _unreturned_hook_fixes(target, read, source, method)
        key = _log_key(value, method.name)
        new = f'{{"{key}": {source.segment(value)}}}'
        title = f"Return the statistic as a log entry: {new}"
        return [Fix(title, CODE, (source.replace(value, new),), preferred=True)]
    return []


# The views of a dict's entries (``stats.items()``) by the type JAX names.
_DICT_VIEWS = {"dict_items": "items"}


def _views_a_dict(value: ast.expr, returned: str) -> bool:
    """``stats.items()`` where JAX got a ``dict_items``."""
    return (
        isinstance(value, ast.Call)
        and not value.args
        and not value.keywords
        and isinstance(value.func, ast.Attribute)
        and _DICT_VIEWS.get(returned) == value.func.attr
    )


def _unreturned_hook_fixes(
    target: FixTarget, read: ReadSource, home: Source, hook: FunctionNode
) -> list[Fix]:
    """``return self.hook(..)`` in the one ``vjp_bwd`` that returns the hook's value (in the
    hook's module, the error's, a frame's, or a module beside the hook's: a base class):
    the call kept as a statement, its result no longer returned."""
    paths = [home.path, target.span.path, *(f.path for f in target.frames)]
    paths += sorted(home.path.parent.glob("*.py"))
    found: list[tuple[Source, ast.Return]] = []
    for path in dict.fromkeys(paths):
        source = home if path == home.path else Source.parse(path, read(path))
        if source is None:
            continue
        found += [
            (source, ret)
            for cls in ast.walk(source.tree)
            if isinstance(cls, ast.ClassDef)
            for item in cls.body
            if isinstance(item, ast.FunctionDef) and item.name == "vjp_bwd"
            for ret in own_returns(item)
            if isinstance(ret.value, ast.Call)
            and isinstance(ret.value.func, ast.Attribute)
            and isinstance(ret.value.func.value, ast.Name)
            and ret.value.func.value.id == "self"
            and ret.value.func.attr == hook.name
        ]
    if len(found) != 1 or not found[0][0].owns_its_lines(found[0][1]):
        return []
    source, ret = found[0]
    assert ret.value is not None
    call = source.segment(ret.value)
    title = f"Call the {hook.name} hook without returning its report: {call}"
    return [Fix(title, CODE, (source.replace(ret, call),), preferred=True)]


# Mappings that are not a ``dict`` (JAX checks the type): their entries copied into one are.
_MAPPINGS = frozenset(
    {"mappingproxy", "OrderedDict", "defaultdict", "Counter", "ChainMap", "FrozenDict"}
)


def _plain_dict_fixes(target: FixTarget, source: Source, method: FunctionNode) -> list[Fix]:
    """``vjp_bwd`` returned its log entries as a mapping of another type (a read-only
    ``mappingproxy``, an ``OrderedDict``): the same entries as a plain dict."""
    returns = [r for r in own_returns(method) if r.value is not None]
    if len(returns) != 1 or returns[0].value is None:
        return []
    value = returns[0].value
    copied = value
    if (
        isinstance(value, ast.Call)
        and len(value.args) == 1
        and not value.keywords
        and last_name(value.func) == "MappingProxyType"
    ):
        copied = value.args[0]  # the dict the view shows, copied
    new = f"dict({source.segment(copied)})"
    title = f"Return the log entries as a plain dict: {new}"
    return [Fix(title, target.code, (source.replace(value, new),), preferred=True)]


def _wrapping_decorator(source: Source, ret: ast.Return) -> ast.FunctionDef | None:
    """The decorator (``def timed(fn)``) whose inner wrapper holds ``ret`` and returns, in a
    tuple, what the wrapped function returned (``out = fn(*args); return out, elapsed``)."""
    decorators = [
        d
        for d in ast.walk(source.tree)
        if isinstance(d, ast.FunctionDef)
        and len(d.args.args) == 1
        and any(
            isinstance(w, ast.FunctionDef)
            and any(n is ret for n in ast.walk(w))
            and any(
                isinstance(r.value, ast.Name) and r.value.id == w.name
                for r in d.body[-1:]
                if isinstance(r, ast.Return)
            )
            for w in d.body
        )
    ]
    if len(decorators) != 1 or not isinstance(ret.value, ast.Tuple):
        return None
    wrapped = decorators[0].args.args[0].arg
    results = {
        target.id
        for node in ast.walk(decorators[0])
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == wrapped
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    handed = [e for e in ret.value.elts if isinstance(e, ast.Name) and e.id in results]
    return decorators[0] if len(handed) == 1 and len(ret.value.elts) > 1 else None


def _decorator_fix(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The culprit is the return of a decorator's wrapper that hands back the decorated
    ``vjp_bwd``'s result in a tuple with something else (a timing, a log record): the rule's
    ``None`` becomes a tuple. The decorator taken off the primitive's ``vjp_bwd`` (in a module
    beside the error's or the culprit's), where it is the one decorator of that name there."""
    named = _CLASS_RE.search(target.captures.get("primitive", ""))
    culprits = [c for c in target.culprits if c.kind == CulpritKind.HIJAX_VJP_BWD]
    if named is None or len(culprits) != 1:
        return []
    home = Source.parse(culprits[0].span.path, read(culprits[0].span.path))
    ret = (
        next(
            (
                n
                for n in ast.walk(home.tree)
                if isinstance(n, ast.Return) and n.lineno == culprits[0].span.line
            ),
            None,
        )
        if home is not None
        else None
    )
    decorator = _wrapping_decorator(home, ret) if home is not None and ret is not None else None
    if decorator is None:
        return []
    folders = {culprits[0].span.path.parent, target.span.path.parent}
    fixes = []
    for path in sorted({p for folder in folders for p in folder.glob("*.py")}):
        source = Source.parse(path, read(path))
        if source is None:
            continue
        for cls in ast.walk(source.tree):
            if not isinstance(cls, ast.ClassDef) or cls.name != named[1]:
                continue
            for method in cls.body:
                if not isinstance(method, ast.FunctionDef) or method.name != "vjp_bwd":
                    continue
                for used in method.decorator_list:
                    if (
                        last_name(used) == decorator.name
                        and source.line_text(used.lineno).strip() == f"@{source.segment(used)}"
                    ):
                        edit = Edit(Span(path, used.lineno, 0, used.lineno + 1, 0), "")
                        title = (
                            f"Take @{source.segment(used)} off {cls.name}.vjp_bwd: its wrapper "
                            "returns the rule's result in a tuple"
                        )
                        fixes.append(Fix(title, target.code, (edit,), True, Applicability.UNSAFE))
    return fixes if len(fixes) == 1 else []


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = _culprit_method(target, read)
    if found is None:
        return _hook_fix(target, read) or _decorator_fix(target, read)
    source, cls, method = found
    if (target.captures.get("returned") or "").strip(" .") in _MAPPINGS:
        return _plain_dict_fixes(target, source, method)
    accumulate = _accumulate_fix(source, method)
    if accumulate is not None:
        retval = _retval_fix(source, cls, method)
        return [replace(accumulate, preferred=True), *([retval] if retval else [])]
    rename = _rename_fix(source, cls, method)
    return_none = _return_none_fix(source, cls, method, imported_functions(source, read))
    if rename is None:
        return [] if return_none is None else [replace(return_none, preferred=True)]
    if return_none is None:
        return [rename]
    if _returns_a_call_result(method):
        # The accumulators already get their cotangents and the return hands back what a
        # call makes (a logger's value): the return is extra, not the cotangents.
        return [replace(return_none, preferred=True), replace(rename, preferred=False)]
    return [rename, return_none]


def _returns_a_call_result(method: FunctionNode) -> bool:
    """Every return gives back a call's result that reads no accumulator and is no array
    computation (``return LOG.log("max", m)``): a value made for its effect."""
    returns = own_returns(method)
    accums = {a.arg for a in [*method.args.posonlyargs, *method.args.args][_LEADING:]}
    return bool(returns) and all(
        isinstance(r.value, ast.Call)
        and not _is_accum_call(r.value)
        and _root_name(r.value.func) not in _ARRAY_MODULES
        and not {n.id for n in ast.walk(r.value) if isinstance(n, ast.Name)} & accums
        for r in returns
    )


def _root_name(func: ast.expr) -> str | None:
    while isinstance(func, ast.Attribute):
        func = func.value
    return func.id if isinstance(func, ast.Name) else None


# Modules whose calls compute arrays (a cotangent), not effects.
_ARRAY_MODULES = frozenset({"jnp", "jax", "np", "numpy", "lax"})


PROVIDER = Provider(frozenset({CODE}), frozenset({"primitive", "returned"}), fixes)

"""Fixes for custom_jvp rules: a rule returning only its tangent, a tangent of the wrong type.

A tangent of the wrong type is one of the wrong shape or dtype.

A rule that returns one value where JAX wants ``(primal_out, tangent_out)`` returns the primal
function applied to its primals as well: ``f(x), tangent`` when the rule unpacks its primals into
names (``(x,), (t,) = primals, tangents``), else ``f(*primals)``. A tangent whose type differs from
the primal output's only by a kept unit axis or by its dtype is squeezed or cast, as
``jaxerr_ls.rule_outputs`` finds from the message's two types. An ``(n, n)`` tangent where
``(n,)`` is due, an elementwise expression of one reduction that keeps its axis (itself, or a
project helper's by the default of its ``keepdims`` parameter), reduces without keeping it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import partial

from jaxerr_ls.astindex import own_returns
from jaxerr_ls.fixes import rule_types
from jaxerr_ls.fixes.custom_vjp import (
    OUTPUT_KEYS,
    culprit_rule,
    dict_entries,
    helper_entry,
    imported_fields,
    parenthesized,
    primal_output,
)
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.pytrees import LIST, TUPLE, parse_tree
from jaxerr_ls.fixes.restructure import Restructure
from jaxerr_ls.fixes.rule_types import located_helper
from jaxerr_ls.fixes.source import FunctionNode, Source, fresh
from jaxerr_ls.fixes.transform_calls import printed_fields
from jaxerr_ls.project import last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.rule_outputs import (
    ArrayType,
    RuleCode,
    entry_change,
    last_return,
    output_count,
    parse_type,
    registered_primal,
    returned_entry,
    rule_function,
    single_definition,
    split_flat,
)
from jaxerr_ls.spans import Edit

NOT_PAIR = "custom-jvp-rule-not-pair"
TANGENT = "custom-jvp-tangent-mismatch"
STRUCTURE = "custom-jvp-output-structure"
_RULE = CulpritKind.CUSTOM_JVP_RULE
_NAME_RE = re.compile(r"^\s*([A-Za-z_]\w*)\s*$")


def _unpacked_primals(rule: FunctionNode, primals: str) -> list[str] | None:
    """The names the rule unpacks its primals into: ``(x, y) = primals``, ``x, = primals`` or
    ``(x,), (t,) = primals, tangents``; None when it does not, at its top level."""
    for statement in rule.body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target, value = statement.targets[0], statement.value
        pairs: list[tuple[ast.expr, ast.expr]] = [(target, value)]
        if (
            isinstance(target, ast.Tuple)
            and isinstance(value, ast.Tuple)
            and len(target.elts) == len(value.elts)
        ):
            pairs = list(zip(target.elts, value.elts, strict=True))
        for names, source in pairs:
            if (
                isinstance(source, ast.Name)
                and source.id == primals
                and isinstance(names, ast.Tuple | ast.List)
                and all(isinstance(e, ast.Name) for e in names.elts)
            ):
                return [e.id for e in names.elts if isinstance(e, ast.Name)]
    return None


def _rebinds(rule: FunctionNode, names: list[str]) -> bool:
    """Whether a name is bound more than once in the rule (then its value at the return may
    not be the primal's)."""
    stores = [
        n.id
        for n in ast.walk(rule)
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in names
    ]
    return any(stores.count(name) > 1 for name in names)


def _defines(source: Source, name: str) -> bool:
    """The module binds ``name`` at its top level (a def, an import, an assignment)."""
    for node in source.tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == name:
                return True
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if any((a.asname or a.name.split(".")[0]) == name for a in node.names):
                return True
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return True
    return False


def _not_pair_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = culprit_rule(target, read, CulpritKind.CUSTOM_JVP_RULE)
    named = _NAME_RE.match(target.captures.get("primal", ""))
    if found is None or named is None:
        return []
    source, rule, line = found
    primal = named[1]
    params = [a.arg for a in (*rule.args.posonlyargs, *rule.args.args)]
    ret = last_return(rule)
    if ret is not None and ret.lineno == line and isinstance(ret.value, ast.Tuple | ast.List):
        grouped = _grouped_fixes(target, source, ret.value)
        return grouped or _flat_fixes(target, source, rule, ret.value, primal)
    entries = dict_entries(ret.value) if ret is not None and ret.value is not None else None
    # The pair written as a dict: its two entries, when their keys say which is which. (A
    # dict is the tangent alone only where the function returns a dict.)
    if (
        ret is not None
        and ret.lineno == line
        and entries is not None
        and not _returns_dict(source, primal)
    ):
        return _dict_pair_fixes(target, source, rule, entries, ret, primal)
    built = _constructed_entries(source, read, ret.value) if ret is not None else None
    if ret is not None and ret.lineno == line and built is not None:
        # A two-field dataclass built where the pair is due (``Dual(y, t)``): its fields are
        # the pair, in the order the field names or the primal function's call prove.
        return _dict_pair_fixes(target, source, rule, built[1], ret, primal, built[0])
    if ret is not None and ret.lineno == line and ret.value is not None:
        stacked = _stacked_pair(source, ret.value)
        if stacked is not None:
            title = f"Return the primal and tangent outputs as a pair, not one array: {stacked}"
            edit = source.replace(ret.value, stacked)
            return [Fix(title, target.code, (edit,), True, Applicability.SAFE)]
    printed = target.captures.get("out")
    if printed is not None and ret is not None and ret.lineno == line and ret.value is not None:
        fields = printed_fields(printed)
        if fields is not None:
            return _record_pair_fixes(target, source, rule, ret, fields)
        if "Traced<" not in printed or any(leaf in printed for leaf in _PRIMAL_LEAVES):
            return []  # not a tangent alone (a tangent is traced by the jvp, not the primal)
    if (
        ret is None
        or ret.value is None
        or ret.lineno != line
        or isinstance(ret.value, ast.Tuple | ast.List)
        or _packs_two(source, ret.value)  # two values packed in one array: not a tangent
        or len(params) != 2  # nondiff arguments come first: their order is not ours to guess
        or rule.args.vararg
        or not _defines(source, primal)
    ):
        return []
    names = _unpacked_primals(rule, params[0])
    if names is not None and not _rebinds(rule, names):
        call = f"{primal}({', '.join(names)})"
    else:
        call = f"{primal}(*{params[0]})"
    new = f"{call}, {source.segment(ret.value)}"
    title = f"Return the primal output too: ({call}, tangent)"
    return [Fix(title, target.code, (source.replace(ret.value, new),), True, Applicability.SAFE)]


# Keys that name the tangent half of a pair written as a dict.
_TANGENT_KEYS = frozenset(
    {"tangent", "tangents", "tangent_out", "tangents_out", "t", "dot", "jvp", "dy", "y_dot"}
)


def _returns_dict(source: Source, primal: str) -> bool:
    """Does the primal function (a ``def`` of the module) return a dict, or is it not found?"""
    function = rule_function(source.tree, primal)
    if function is None:
        return True
    return any(
        dict_entries(r.value) is not None or isinstance(r.value, ast.DictComp)
        for r in own_returns(function)
        if r.value is not None
    )


def _constructed_entries(
    source: Source, read: ReadSource, value: ast.expr | None
) -> tuple[str, list[tuple[str, ast.expr]]] | None:
    """``Dual(y, tangent=t)`` of a two-field dataclass or NamedTuple the module defines or
    imports: its class name and its ``(field, value)`` entries, every field given once."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return None
    fields = imported_fields(source, read).get(value.func.id)
    if fields is None or len(fields) != 2 or len(value.args) > 2:
        return None
    if any(isinstance(a, ast.Starred) for a in value.args):
        return None
    given = dict(zip(fields, value.args, strict=False))
    for keyword in value.keywords:
        if keyword.arg not in fields or keyword.arg in given:
            return None
        given[keyword.arg] = keyword.value
    if len(given) != 2:
        return None
    return value.func.id, [(name, given[name]) for name in fields]


def _dict_pair_fixes(
    target: FixTarget,
    source: Source,
    rule: FunctionNode,
    entries: list[tuple[str, ast.expr]],
    ret: ast.Return,
    primal: str,
    container: str = "dict",
) -> list[Fix]:
    """``dict(primal=y, tangent=t)`` (or a two-field ``container`` class built so): the pair
    ``y, t``. The primal output is the entry keyed as an output or made by the primal
    function; the tangent the other, keyed as one or, of two entries, the one left."""
    if len(entries) != 2:
        return []
    outputs = [
        i
        for i, (key, item) in enumerate(entries)
        if key in OUTPUT_KEYS or primal_output(rule, item, primal)
    ]
    tangents = [i for i, (key, _) in enumerate(entries) if key in _TANGENT_KEYS]
    if len(outputs) == 1 and not tangents and container != "dict":
        tangents = [1 - outputs[0]]
    if len(outputs) != 1 or len(tangents) != 1 or outputs == tangents:
        return []
    assert ret.value is not None
    out, tangent = entries[outputs[0]][1], entries[tangents[0]][1]
    new = f"{parenthesized(source, out)}, {parenthesized(source, tangent)}"
    title = f"Return a pair, not a {container}: the primal output and the tangent ({new})"
    return [Fix(title, target.code, (source.replace(ret.value, new),), True, Applicability.SAFE)]


def _record_pair_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, ret: ast.Return, fields: dict[str, str]
) -> list[Fix]:
    """The rule returns a record (a NamedTuple or dataclass, built by a helper: the message
    prints it as ``Jet(value=..., tangent=..., curvature=...)``): the pair is two of its
    fields. The primal output is the one field not traced by the jvp (or the one keyed as an
    output), the tangent the field keyed as one (or the one traced field)."""
    assert ret.value is not None
    traced = [name for name, value in fields.items() if value.lstrip().startswith("Traced<")]
    outputs = [name for name in fields if name not in traced]
    if len(outputs) != 1:
        outputs = [name for name in outputs if name in OUTPUT_KEYS]
    tangents = [name for name in traced if name in _TANGENT_KEYS]
    if not tangents and len(traced) == 1:
        tangents = traced
    if len(outputs) != 1 or len(tangents) != 1 or not source.owns_its_lines(ret):
        return []
    taken = {n.id for n in ast.walk(rule) if isinstance(n, ast.Name)} | {
        a.arg for a in ast.walk(rule.args) if isinstance(a, ast.arg)
    }
    held = fresh(taken, "result")
    pair = f"{held}.{outputs[0]}, {held}.{tangents[0]}"
    new = f"{held} = {source.segment(ret.value)}\n{source.indent_of(ret.lineno)}return {pair}"
    title = f"Return a pair of two fields of the record the rule builds: {pair}"
    return [Fix(title, target.code, (source.replace(ret, new),), True, Applicability.SAFE)]


def _tangent_like(name: str, primal: str) -> bool:
    """``dn`` / ``d_n`` / ``n_dot`` / ``t_n`` / ``n_t`` / ``tangent_n`` for the primal ``n``."""
    return name in {f"d{primal}", f"d_{primal}", f"{primal}_dot", f"t_{primal}", f"{primal}_t"} | {
        f"tangent_{primal}",
        f"{primal}_tangent",
    }


def _flat_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, value: ast.Tuple | ast.List, primal: str
) -> list[Fix]:
    """A rule of a k-output function returning its k primal outputs and k tangents flat
    (``n, u, dn, du``): the two groups as a pair, when the names prove the order (the first
    k unpacked from a call of the function, or each tangent named after its primal)."""
    function = rule_function(source.tree, primal)
    outputs = output_count(function) if function is not None else None
    elts = value.elts
    if outputs is None or outputs < 2 or len(elts) != 2 * outputs:
        return []
    names = [e.id if isinstance(e, ast.Name) else None for e in elts]
    primals, tangents = names[:outputs], names[outputs:]
    from_call = any(
        isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Tuple)
        and [e.id if isinstance(e, ast.Name) else None for e in s.targets[0].elts] == primals
        and isinstance(s.value, ast.Call)
        and isinstance(s.value.func, ast.Name)
        and s.value.func.id == primal
        for s in rule.body
    )
    named = all(
        p is not None and t is not None and _tangent_like(t, p)
        for p, t in zip(primals, tangents, strict=True)
    )
    if not (from_call or named) or None in primals:
        return []
    code = RuleCode(source.path, source.text, source.tree)
    new = split_flat(code, list(elts), outputs, outputs)
    if new is None:
        return []
    title = f"Return the {outputs} primal outputs and the {outputs} tangents as a pair: {new}"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.SAFE)]


# jax.numpy calls that make one array of a list of arrays along a new leading axis.
_STACKERS = frozenset({"stack", "array", "asarray"})


def _packs_two(source: Source, value: ast.expr | None) -> bool:
    """A jax.numpy call making one array of two values (``jnp.stack([y, t], axis=1)``)."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    listed = [*value.args, *(k.value for k in value.keywords if k.arg == "arrays")][:1]
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _STACKERS | {"concatenate", "hstack", "vstack", "column_stack"}
        and ast.unparse(func.value) in _jnp_spellings(source)
        and len(listed) == 1
        and isinstance(listed[0], ast.List | ast.Tuple)
        and len(listed[0].elts) == 2
    )


def _stacked_pair(source: Source, value: ast.expr) -> str | None:
    """``jnp.stack([y, t])`` (or ``jnp.array((y, t))``): the two stacked values as the pair
    ``y, t``; None for any other call or a stack along another axis."""
    if not _packs_two(source, value) or not isinstance(value, ast.Call) or len(value.args) != 1:
        return None
    if not isinstance(value.func, ast.Attribute) or value.func.attr not in _STACKERS:
        return None
    for keyword in value.keywords:
        if keyword.arg != "axis" or not (
            isinstance(keyword.value, ast.Constant) and keyword.value.value == 0
        ):
            return None
    listed = value.args[0]
    if not isinstance(listed, ast.List | ast.Tuple) or len(listed.elts) != 2:
        return None
    if any(isinstance(e, ast.Starred) for e in listed.elts):
        return None
    return ", ".join(source.segment(e) for e in listed.elts)


def _jnp_spellings(source: Source) -> set[str]:
    """The names ``jax.numpy`` goes by in the module (``jnp``, ``np`` if so imported, and
    ``jax.numpy`` when ``jax`` is imported)."""
    return {*source.module_aliases("jax.numpy"), "jax.numpy"}


def _grouped_fixes(target: FixTarget, source: Source, value: ast.Tuple | ast.List) -> list[Fix]:
    """``r, theta, (dr, dtheta)``: k primal outputs flat beside the k tangents already
    grouped (or the other way round): the flat ones grouped too, making the pair."""
    elts = value.elts
    if len(elts) < 3 or any(isinstance(e, ast.Starred) for e in elts):
        return []
    groups = [i for i, e in enumerate(elts) if isinstance(e, ast.Tuple | ast.List)]
    if len(groups) != 1 or groups[0] not in (0, len(elts) - 1):
        return []
    group = elts[groups[0]]
    assert isinstance(group, ast.Tuple | ast.List)
    flat = [e for i, e in enumerate(elts) if i != groups[0]]
    if len(group.elts) != len(flat):
        return []
    # Both groups as tuples: JAX wants the tangents in the primal outputs' container.
    joined = f"({', '.join(source.segment(e) for e in flat)})"
    grouped = f"({', '.join(source.segment(e) for e in group.elts)})"
    pair = [joined, grouped] if groups[0] else [grouped, joined]
    new = ", ".join(pair)
    which = "primal outputs" if groups[0] else "tangents"
    title = f"Group the {which} into one tuple, making the pair: {new}"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.SAFE)]


def _tangent_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = culprit_rule(target, read, CulpritKind.CUSTOM_JVP_RULE)
    got, expected = (
        parse_type(target.captures.get("got", "")),
        parse_type(target.captures.get("expected", "")),
    )
    if found is None or got is None or expected is None:
        return []
    source, rule, line = found
    pair = returned_entry(rule, 0)
    if pair is None:
        return []
    code = RuleCode(source.path, source.text, source.tree)
    change = entry_change(code, rule, 1, got, expected, tangent_of=ast.unparse(pair[1]))
    helper = helper_entry(source, rule, 1, read) if change is None else None
    if helper is not None and pair[0].lineno <= line <= (pair[0].end_lineno or line):
        # The tangent a helper computes: the change of what it returns, in its module.
        home, function, ret = helper
        assert ret.value is not None
        change = entry_change(
            RuleCode(home.path, home.text, home.tree),
            function,
            0,
            got,
            expected,
            tangent_of=ast.unparse(pair[1]),
            returned=(ret, ret.value),
        )
        if change is None or not change.edits:
            primal = registered_primal(source.tree, rule)
            return _unreduced_fixes(
                target, home, ret.value, primal, got, expected
            ) or rule_types.array_fixes(target, read, source, rule, 1, (got, expected), _RULE)
        safety = Applicability.of(change.safe)
        return [Fix(change.title, target.code, change.edits, True, safety)]
    if change is None:
        entry = _tangent_entry(rule, line)
        primal = registered_primal(source.tree, rule)
        unreduced = (
            _unreduced_fixes(target, source, entry, primal, got, expected)
            if entry is not None
            else []
        )
        if unreduced:
            return unreduced
    if change is None and not expected.shape and got.shape and got.dtype == expected.dtype:
        return _contraction_fixes(target, source, rule, line, None)
    if change is None and expected.shape and not got.shape and got.dtype == expected.dtype:
        return _elementwise_fixes(target, source, rule, line)
    if (
        change is None
        and len(got.shape) == 2
        and got.shape == (expected.shape * 2)
        and got.dtype == expected.dtype
    ):
        return _row_contraction_fixes(target, source, rule, line) or _kept_axis_fixes(
            target, source, rule, line, read
        )
    axis = _reduced_axis(got.shape, expected.shape)
    if change is None and axis is not None and got.dtype == expected.dtype:
        primal = registered_primal(source.tree, rule)
        if primal is not None and _sums_over_an_axis(primal):
            # The primal reduces an axis (a sum, logsumexp, norm): its tangent is the
            # elementwise product summed over that axis.
            return _contraction_fixes(target, source, rule, line, axis - len(got.shape))
    if change is None or not change.edits or change.statement.line != line:
        return rule_types.array_fixes(target, read, source, rule, 1, (got, expected), _RULE)
    safety = Applicability.of(change.safe)
    return [Fix(change.title, target.code, change.edits, True, safety)]


def _unreduced_fixes(
    target: FixTarget,
    source: Source,
    entry: ast.expr,
    primal: FunctionNode | None,
    got: ArrayType,
    expected: ArrayType,
) -> list[Fix]:
    """A tangent reduced over one axis with ``keepdims=True`` (``jnp.sum(s * dx, axis=-1,
    keepdims=True)``) where the message wants that axis whole, for a primal that reduces
    nothing (an elementwise function: its tangent is elementwise too): the operand itself."""
    if primal is None or _reduces(primal) or got.dtype != expected.dtype:
        return []
    if not isinstance(entry, ast.Call) or last_name(entry.func) not in ("sum", "mean"):
        return []
    keywords = {k.arg: k.value for k in entry.keywords}
    kept = keywords.get("keepdims")
    axis = keywords.get("axis")
    if len(entry.args) != 1 or not (isinstance(kept, ast.Constant) and kept.value is True):
        return []
    if set(keywords) != {"axis", "keepdims"} or not isinstance(axis, ast.Constant | ast.UnaryOp):
        return []
    index = ast.literal_eval(axis)
    rank = len(got.shape)
    if not isinstance(index, int) or rank != len(expected.shape) or not -rank <= index < rank:
        return []
    index %= rank
    others = [i for i in range(rank) if i != index]
    if got.shape[index] != 1 or [got.shape[i] for i in others] != [
        expected.shape[i] for i in others
    ]:
        return []
    operand = source.segment(entry.args[0])
    title = f"Keep the tangent elementwise, as the primal is: {operand}"
    edit = source.replace(entry, operand)
    return [Fix(title, target.code, (edit,), True, Applicability.UNSAFE)]


def _reduces(primal: FunctionNode) -> bool:
    """Whether a function calls a reduction (a sum, mean, max, norm, logsumexp...)."""
    called = {last_name(n.func) for n in ast.walk(primal) if isinstance(n, ast.Call)}
    return bool(called & (_SUMMING | {"mean", "max", "min", "prod", "var", "std"}))


def _tangent_names(rule: FunctionNode) -> set[str]:
    """The names the rule unpacks its tangents into (``x_dot, _ = tangents``, ``(x,), (t,) =
    primals, tangents``)."""
    params = [a.arg for a in (*rule.args.posonlyargs, *rule.args.args)]
    if len(params) != 2:
        return set()
    found: set[str] = set()

    def pair(bound: ast.expr, value: ast.expr) -> None:
        if isinstance(value, ast.Name) and value.id == params[1]:
            found.update(n.id for n in ast.walk(bound) if isinstance(n, ast.Name))
        elif (
            isinstance(bound, ast.Tuple | ast.List)
            and isinstance(value, ast.Tuple | ast.List)
            and len(bound.elts) == len(value.elts)
        ):
            for b, v in zip(bound.elts, value.elts, strict=True):
                pair(b, v)

    for statement in rule.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            pair(statement.targets[0], statement.value)
    return found | {params[1]}


def _reduced_axis(got: tuple[int, ...], expected: tuple[int, ...]) -> int | None:
    """The one axis of ``got`` whose removal leaves ``expected`` (the last where several do)."""
    fits = [i for i in range(len(got)) if got[:i] + got[i + 1 :] == expected]
    return fits[-1] if fits and expected else None


# Reductions whose derivative along the reduced axis is a weighted sum of the input's tangent.
_SUMMING = frozenset({"sum", "logsumexp", "norm"})


def _sums_over_an_axis(primal: FunctionNode) -> bool:
    """Whether the function reduces with a sum-like reduction and never with a mean."""
    called = {
        node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        for node in ast.walk(primal)
        if isinstance(node, ast.Call)
    }
    return bool(called & _SUMMING) and "mean" not in called


def _tangent_entry(rule: FunctionNode, line: int) -> ast.expr | None:
    """The expression the rule returns as its tangent (through a name it binds once to it),
    when it or that binding is on the culprit's line."""
    found = returned_entry(rule, 1)
    if found is None:
        return None
    ret, entry = found
    place: ast.stmt = ret
    if isinstance(entry, ast.Name):
        definition = single_definition(rule, entry.id)
        if definition is None:
            return None
        place, entry = definition, definition.value
    return entry if line in (place.lineno, ret.lineno) else None


def _contraction_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, line: int, axis: int | None
) -> list[Fix]:
    """A scalar function's tangent computed as an elementwise product with an input's tangent
    (``weights * x_dot``), an array where the message wants a scalar: the directional
    derivative is that product summed, ``jnp.sum(weights * x_dot)``; over the one axis the
    primal reduces (``axis=-1``) where the message wants the other axes kept."""
    jnp = source.jnp_name()
    entry = _tangent_entry(rule, line)
    if entry is None or jnp is None:
        return []
    if not (isinstance(entry, ast.BinOp) and isinstance(entry.op, ast.Mult)):
        return []
    tangents = _tangent_names(rule)
    if not any(isinstance(n, ast.Name) and n.id in tangents for n in ast.walk(entry)):
        return []
    over = "" if axis is None else f", axis={axis}"
    new = f"{jnp}.sum({source.segment(entry)}{over})"
    title = f"Sum the product into the {'scalar ' if axis is None else ''}tangent: {new}"
    edit = source.replace(entry, new)
    return [Fix(title, target.code, (edit,), True, Applicability.UNSAFE)]


# How a printed value shows a leaf of the primal computation (a tangent shows as ``Traced<``).
_PRIMAL_LEAVES = ("JitTracer(", "Array(")
# Calls that contract two vectors into a scalar.
_CONTRACTIONS = frozenset({"dot", "vdot", "inner"})


def _elementwise_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, line: int
) -> list[Fix]:
    """A tangent contracted into a scalar (``jnp.dot(slope, t)``, ``slope @ t``) where the
    message wants an array: an elementwise function's tangent is the elementwise product of
    its slope and the input's tangent, ``slope * t``."""
    entry = _tangent_entry(rule, line)
    if isinstance(entry, ast.BinOp) and isinstance(entry.op, ast.MatMult):
        operands = [entry.left, entry.right]
    elif (
        isinstance(entry, ast.Call)
        and last_name(entry.func) in _CONTRACTIONS
        and len(entry.args) == 2
        and not entry.keywords
    ):
        operands = list(entry.args)
    else:
        return []
    tangents = _tangent_names(rule)
    if not any(isinstance(n, ast.Name) and n.id in tangents for n in ast.walk(entry)):
        return []
    atoms = ast.Name | ast.Attribute | ast.Call | ast.Subscript | ast.Constant
    new = " * ".join(
        source.segment(o) if isinstance(o, atoms) else f"({source.segment(o)})" for o in operands
    )
    title = f"Multiply elementwise into the tangent, not contract to a scalar: {new}"
    return [Fix(title, target.code, (source.replace(entry, new),), True, Applicability.UNSAFE)]


def _row_contraction_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, line: int
) -> list[Fix]:
    """``jac @ t_in`` of a ``(n, k)`` matrix of per-element Jacobian rows and a ``(k, n)``
    stack of tangents, an ``(n, n)`` tangent where the message wants ``(n,)``: each element's
    row contracted with its own tangents, the product's diagonal,
    ``jnp.sum(jac * t_in.T, axis=-1)``."""
    entry = _tangent_entry(rule, line)
    jnp = source.jnp_name()
    if not (isinstance(entry, ast.BinOp) and isinstance(entry.op, ast.MatMult)) or jnp is None:
        return []
    left, right = entry.left, entry.right
    if not isinstance(left, ast.Name) or not isinstance(right, ast.Name):
        return []
    tangents = _tangent_names(rule)
    definition = single_definition(rule, right.id)
    if right.id not in tangents and (
        definition is None
        or not any(isinstance(n, ast.Name) and n.id in tangents for n in ast.walk(definition))
    ):
        return []  # the right operand is not the stacked tangents
    new = f"{jnp}.sum({left.id} * {right.id}.T, axis=-1)"
    title = f"Contract each element's row with its own tangents: {new}"
    return [Fix(title, target.code, (source.replace(entry, new),), True, Applicability.UNSAFE)]


# Elementwise operators: their result has the broadcast shape of their operands.
_ELEMENTWISE_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div)


def _operands(node: ast.expr) -> Iterator[ast.expr]:
    """The operands an elementwise expression combines (through signs and ``+ - * /``)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ELEMENTWISE_OPS):
        yield from _operands(node.left)
        yield from _operands(node.right)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        yield from _operands(node.operand)
    else:
        yield node


def _kept_by_default(helper: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> str | None:
    """The parameter of the helper it passes as ``keepdims=`` to the reduction it returns, where
    that parameter defaults to True and the call does not give it."""
    returns = [r for r in own_returns(helper) if r.value is not None]
    if len(returns) != 1 or len(own_returns(helper)) != 1:
        return None
    value = returns[0].value
    if not isinstance(value, ast.Call) or last_name(value.func) not in _KEPT_REDUCTIONS:
        return None
    kept = next((k.value for k in value.keywords if k.arg == "keepdims"), None)
    if not isinstance(kept, ast.Name):
        return None
    arguments = helper.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaulted = positional[len(positional) - len(arguments.defaults) :]
    defaults = dict(zip(defaulted, arguments.defaults, strict=True))
    kw_defaults = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    defaults |= {a: d for a, d in kw_defaults if d is not None}
    default = next((d for a, d in defaults.items() if a.arg == kept.id), None)
    if not (isinstance(default, ast.Constant) and default.value is True):
        return None
    if any(a.arg == kept.id for a in arguments.posonlyargs):
        return None  # not given by keyword
    given = any(k.arg in (kept.id, None) for k in call.keywords)
    at = next((i for i, a in enumerate(positional) if a.arg == kept.id), None)
    reached = any(isinstance(a, ast.Starred) for a in call.args) or (
        at is not None and len(call.args) > at
    )
    return None if given or reached else kept.id


_KEPT_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod"})


def _kept_axis_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, line: int, read: ReadSource
) -> list[Fix]:
    """An ``(n, n)`` tangent where ``(n,)`` is due, computed elementwise from a reduction that
    keeps its axis (``(n, 1)``) and a value shaped like the primal output (``(n,)``): the kept
    axis broadcast the two into an outer product. The reduction made without keeping it, where
    it is called: ``keepdims=True`` dropped, or ``keepdims=False`` given to a project helper
    whose ``keepdims`` parameter defaults to True and is passed to the reduction it returns
    (``rowdot(v, dv, keepdims=False) * inv_r``). Offered when exactly one operand keeps its
    axis; unsafe, as the other operands' shapes are not proven."""
    entry = _tangent_entry(rule, line)
    if entry is None or not (
        isinstance(entry, ast.BinOp) and isinstance(entry.op, _ELEMENTWISE_OPS)
    ):
        return []
    tangents = _tangent_names(rule)
    if not any(isinstance(n, ast.Name) and n.id in tangents for n in ast.walk(entry)):
        return []
    found: list[tuple[ast.Call, str, Edit]] = []
    for operand in _operands(entry):
        if not isinstance(operand, ast.Call):
            continue
        kept = next((k for k in operand.keywords if k.arg == "keepdims"), None)
        if last_name(operand.func) in _KEPT_REDUCTIONS and kept is not None:
            if isinstance(kept.value, ast.Constant) and kept.value.value is True:
                found.append((operand, "keepdims", source.replace(kept.value, "False")))
            continue
        helper = located_helper(source, rule, operand, read)
        parameter = _kept_by_default(helper[1], operand) if helper is not None else None
        added = source.add_keyword(operand, f"{parameter}=False") if parameter else None
        if parameter is not None and added is not None:
            found.append((operand, parameter, added))
    if len(found) != 1:
        return []
    call, keyword, edit = found[0]
    title = f"Reduce without keeping the axis: `{source.segment(call.func)}(..., {keyword}=False)`"
    return [Fix(title, target.code, (edit,), True, Applicability.UNSAFE)]


def _container_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """Tangent outputs in another container than the primal outputs, alike in their leaves: the
    tangents converted into the primal's structure (``jaxerr_ls.fixes.restructure``): a list
    display or value made a tuple (``tuple(out_tangents)``), the reverse, a stack of one
    tangent per output (``jnp.stack([r_dot, phi_dot])``) unstacked. The values stay."""
    out = parse_tree(target.captures.get("out_tree", ""))
    tangent = parse_tree(target.captures.get("tangent_tree", ""))
    found = culprit_rule(target, read, CulpritKind.CUSTOM_JVP_RULE)
    if found is None or out is None or tangent is None:
        return []
    source, rule, _ = found
    returned = returned_entry(rule, 1)
    if returned is None:
        return []
    entry = returned[1]
    convert = Restructure(source, {})
    edits = convert.edits(entry, tangent, out)
    if not edits:
        makers = rule_types.entry_makers(source, rule, 1, read)
        fields_in = partial(imported_fields, read=read)
        return rule_types.structure_fixes(target, read, makers, _RULE, tangent, out, fields_in)
    new = edits[0].new_text if len(edits) == 1 else None
    kind = "tuple" if out.kind == TUPLE else "list" if out.kind == LIST else "structure"
    title = f"Return the tangents in the primal outputs' {kind}" + (f": {new}" if new else "")
    safety = Applicability.of(convert.safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    if target.code == STRUCTURE:
        return _container_fixes(target, read)
    return (
        _not_pair_fixes(target, read) if target.code == NOT_PAIR else _tangent_fixes(target, read)
    )


PROVIDERS = (
    Provider(frozenset({NOT_PAIR}), frozenset({"primal", "out"}), fixes),
    Provider(frozenset({TANGENT}), frozenset({"got", "expected"}), fixes),
    Provider(frozenset({STRUCTURE}), frozenset({"out_tree", "tangent_tree"}), fixes),
)

"""Edits of a custom rule's output chosen from the two types JAX prints, made where the culprit
finder points.

A custom_vjp bwd rule or a custom_jvp rule whose output entry has the wrong type gets a message
with both types: the shape it has and the one due, or the structure it has and the one due. The
culprit finder follows the entry to the statement that makes it (the rule's ``return``, a name's
one binding, the ``return`` of a project helper the rule calls for it); the fixes here take the
chain of those statements (``entry_makers``), keep the one the culprit is on, and choose the
edit from the two types alone:

- a shape that is a permutation of the one due: a matrix transpose ``.T`` of a stack of
  matrices made ``jnp.swapaxes(x, -1, -2)``, a ``swapaxes`` of the wrong axes given the axes
  that fit, else the whole entry transposed when exactly one permutation fits;
- a scalar where an array is due, from a full reduction under scalar factors
  (``-coef * jnp.sum(a * b)``): the reduction changed as ``jaxerr_ls.rule_outputs`` changes a
  returned one; for a custom_jvp tangent, summed over the axis the primal reduces;
- a returned tuple whose entries have the structures due in another order: reordered, when
  exactly one order fits the structures and the cotangents' names;
- a NamedTuple or dataclass of a look-alike class where the primal's is due: built as the
  primal's class from the same fields; a tuple where a NamedTuple is due: ``Cls(*value)``;
- a container's leaves returned flat where the container is due: the values of a dict built
  with the due keys returned as that dict, a list made from ``jax.tree.leaves(tree)`` made by
  ``jax.tree.map`` over the tree.

Where the types leave the edit open (two permutations fit, no order of names decides), nothing
is offered: a plausible wrong edit is worse than none.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from jaxerr_ls.astindex import own_returns
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.pytrees import DICT, LIST, NAMEDTUPLE, NONE, TUPLE, Tree, parse_tree
from jaxerr_ls.fixes.restructure import stems
from jaxerr_ls.fixes.source import FunctionNode, Source
from jaxerr_ls.fixes.transform_calls import importer
from jaxerr_ls.project import Function, ModuleModel, last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.rule_outputs import (
    ArrayType,
    RuleCode,
    entry_change,
    makes_shape,
    registered_primal,
    returned_entry,
    single_definition,
)
from jaxerr_ls.spans import Edit

# How many statements deep the chain from a rule's entry to its maker is followed.
_DEPTH = 6
_REDUCING = frozenset(
    {"sum", "mean", "max", "min", "prod", "amax", "amin", "nansum", "nanmean", "logsumexp"}
)


@dataclass(frozen=True, slots=True)
class Maker:
    """A statement that makes an entry of a rule's output: the rule's ``return``, a name's one
    binding, a helper's ``return``; ``value`` is the expression whose value the entry is."""

    source: Source
    function: FunctionNode
    statement: ast.stmt
    value: ast.expr

    def code(self) -> RuleCode:
        return self.source

    def spans(self, path: Path, line: int) -> bool:
        end = self.statement.end_lineno or self.statement.lineno
        return self.source.path == path and self.statement.lineno <= line <= end


def located_helper(
    source: Source, function: FunctionNode, call: ast.Call, read: ReadSource
) -> tuple[Source, ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The plain project function (no method, no lambda) a call in ``function`` runs, in the
    module or one it imports, with its module's source."""
    model = ModuleModel(source.tree)
    own = model.functions.get(function)
    sources: dict[int, Source] = {id(model): source}
    located = (
        model.locate_function(call.func, own.scope, importer(source, read, sources))
        if own is not None
        else None
    )
    if located is None or not isinstance(located[1], Function) or located[1].owner is not None:
        return None
    home, helper = sources.get(id(located[0])), located[1].node
    if home is None or isinstance(helper, ast.Lambda):
        return None
    return home, helper


def called_helper(
    source: Source, function: FunctionNode, call: ast.Call, read: ReadSource
) -> tuple[Source, FunctionNode, ast.Return] | None:
    """The project function a call in ``function`` runs (in the module or one it imports) and
    its one ``return``, where it is a plain function the two modules call only there (an edit
    of it changes nothing else)."""
    found = located_helper(source, function, call, read)
    if found is None:
        return None
    home, helper = found
    returns = [r for r in own_returns(helper) if r.value is not None]
    calls = [
        n
        for tree in {id(t): t for t in (source.tree, home.tree)}.values()
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and last_name(n.func) == helper.name
    ]
    if len(returns) != 1 or len(own_returns(helper)) != 1 or len(calls) != 1:
        return None
    return home, helper, returns[0]


def entry_makers(source: Source, rule: FunctionNode, index: int, read: ReadSource) -> list[Maker]:
    """The statements that make entry ``index`` of the rule's last ``return``, outermost first:
    that ``return``, then through a name its one binding, through a call of a project helper
    that helper's ``return``, and so on."""
    found = returned_entry(rule, index)
    if found is None:
        return []
    chain = [Maker(source, rule, found[0], found[1])]
    while len(chain) < _DEPTH:
        last = chain[-1]
        value = last.value
        if isinstance(value, ast.Name):
            definition = single_definition(last.function, value.id)
            if definition is None:
                break
            chain.append(Maker(last.source, last.function, definition, definition.value))
        elif isinstance(value, ast.Call) and not isinstance(last.function, ast.Lambda):
            helper = called_helper(last.source, last.function, value, read)
            if helper is None or helper[2].value is None:
                break
            chain.append(Maker(helper[0], helper[1], helper[2], helper[2].value))
        else:
            break
    return chain


def culprit_maker(target: FixTarget, makers: list[Maker], kind: CulpritKind) -> Maker | None:
    """The maker a culprit of ``kind`` is on (the innermost, where several hold its line)."""
    lines = [(c.span.path, c.span.line) for c in target.culprits if c.kind == kind]
    on = [m for m in makers if any(m.spans(path, line) for path, line in lines)]
    return on[-1] if on else None


def _fix(title: str, target: FixTarget, edits: list[Edit], safe: bool) -> list[Fix]:
    safety = Applicability.of(safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


# --- shapes ------------------------------------------------------------------------------------


def _permutations(got: tuple[int, ...], expected: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The axis orders ``p`` with ``got[p[i]] == expected[i]`` (``jnp.transpose(x, p)``)."""
    if len(got) != len(expected) or sorted(got) != sorted(expected) or got == expected:
        return []
    return [
        p
        for p in itertools.permutations(range(len(got)))
        if all(got[j] == expected[i] for i, j in enumerate(p))
    ]


def _swapped(shape: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    axes = list(shape)
    axes[a], axes[b] = axes[b], axes[a]
    return tuple(axes)


def _int(node: ast.expr) -> int | None:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if type(value) is int else None


def _transposed_operand(node: ast.expr) -> ast.expr | None:
    """``x`` of a full transpose: ``x.T``, ``x.transpose()``, ``jnp.transpose(x)``."""
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return node.value
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "transpose":
        if not node.args and not _is_module(func.value):
            return func.value
        if len(node.args) == 1 and _is_module(func.value):
            return node.args[0]
    return None


def _is_module(node: ast.expr) -> bool:
    return isinstance(node, ast.Name | ast.Attribute) and ast.unparse(node) in (
        "jnp",
        "np",
        "numpy",
        "jax.numpy",
    )


def _swapaxes_call(node: ast.expr) -> tuple[ast.Call, ast.expr, ast.expr] | None:
    """``jnp.swapaxes(x, a, b)`` / ``x.swapaxes(a, b)``: the call and its two axis nodes."""
    if not isinstance(node, ast.Call) or node.keywords or last_name(node.func) != "swapaxes":
        return None
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    axes = node.args[1:] if _is_module(func.value) else node.args
    if len(axes) != 2:
        return None
    return node, axes[0], axes[1]


def _scalar_factors(node: ast.expr) -> Iterator[ast.expr]:
    """The factors of a product, quotient or sign (``-coef * s / n``), innermost first."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        yield from _scalar_factors(node.operand)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
        yield from _scalar_factors(node.left)
        yield from _scalar_factors(node.right)
    else:
        yield node


def _transpose_sites(
    maker: Maker, read: ReadSource, depth: int = 2
) -> list[tuple[Source, ast.expr]]:
    """The full transposes (``.T``) in the maker's value and in the one-return helpers it calls
    (called only there), each with its module."""
    sites = [
        (maker.source, n)
        for n in ast.walk(maker.value)
        if isinstance(n, ast.expr) and _transposed_operand(n) is not None
    ]
    if depth and not isinstance(maker.function, ast.Lambda):
        for call in (n for n in ast.walk(maker.value) if isinstance(n, ast.Call)):
            helper = called_helper(maker.source, maker.function, call, read)
            if helper is not None and helper[2].value is not None:
                inner = Maker(helper[0], helper[1], helper[2], helper[2].value)
                sites += _transpose_sites(inner, read, depth - 1)
    return sites


def _permutation_fix(
    target: FixTarget, maker: Maker, got: ArrayType, expected: ArrayType, read: ReadSource
) -> list[Fix]:
    """A shape that is a permutation of the one due (the dtype the same)."""
    if got.dtype != expected.dtype:
        return []
    fits = _permutations(got.shape, expected.shape)
    if not fits:
        return []
    source, value = maker.source, maker.value
    jnp = source.jnp_name()
    rank = len(got.shape)
    swapaxes = _swapaxes_call(value)
    if swapaxes is not None:
        # The operand's shape is ``got`` with the written axes swapped back: the pair of axes
        # whose swap gives the due shape, when one pair does.
        _, first, second = swapaxes
        a, b = _int(first), _int(second)
        if a is None or b is None or not (-rank <= a < rank and -rank <= b < rank):
            return []
        unswapped = _swapped(got.shape, a % rank, b % rank)
        pairs = [
            (i, j)
            for i, j in itertools.combinations(range(rank), 2)
            if _swapped(unswapped, i, j) == expected.shape
        ]
        if len(pairs) != 1:
            return []
        i, j = pairs[0]
        if a < 0 and b < 0:
            i, j = i - rank, j - rank
        edits = [source.replace(first, str(i)), source.replace(second, str(j))]
        title = f"Swap axes {i} and {j}, giving the input's shape {expected}"
        return _fix(title, target, edits, safe=False)
    if rank >= 3 and jnp is not None:
        # ``x.T`` reverses every axis; a stack of matrices is transposed by its last two. The
        # operand's shape is ``got`` reversed, and swapping its last two axes gives the due one.
        sites = _transpose_sites(maker, read)
        if len(sites) == 1 and _swapped(got.shape[::-1], -1, -2) == expected.shape:
            home, node = sites[0]
            transposed = _transposed_operand(node)
            spelled = home.jnp_or_import()
            if transposed is not None and spelled is not None:
                new = f"{spelled[0]}.swapaxes({home.segment(transposed)}, -1, -2)"
                title = f"Transpose each matrix of the stack: {new}"
                return _fix(title, target, [*spelled[1], home.replace(node, new)], safe=False)
    if len(fits) != 1 or makes_shape(value):
        # Several axis orders give the shape (which one is meant is not said), or a call that
        # sets the shape itself (an outer product, a reshape, a helper's value made further
        # in): its orientation is that call's, not the entry's.
        return []
    order = fits[0]
    text = source.segment(value)
    atom = isinstance(value, ast.Name | ast.Attribute | ast.Call | ast.Subscript)
    if order == tuple(range(rank))[::-1]:
        new = f"{text}.T" if atom else f"({text}).T"
    elif jnp is not None:
        new = f"{jnp}.transpose({text}, {tuple(order)})"
    else:
        return []
    title = f"Transpose to the shape due, {expected}: {new}"
    return _fix(title, target, [source.replace(value, new)], safe=False)


def _factored_reduction_fix(
    target: FixTarget,
    maker: Maker,
    got: ArrayType,
    expected: ArrayType,
    tangent_of: str | None,
) -> list[Fix]:
    """A scalar from one full reduction under scalar factors (``-coef * jnp.sum(a * b)``): the
    whole value is a scalar, so every factor is one, and the reduction is where the shape went:
    it changes as a returned reduction would (``jaxerr_ls.rule_outputs.entry_change``)."""
    if got.shape or not expected.shape:
        return []
    factors = list(_scalar_factors(maker.value))
    reductions = [f for f in factors if isinstance(f, ast.Call) and last_name(f.func) in _REDUCING]
    if len(factors) < 2 or len(reductions) != 1:
        return []
    return _changed(target, maker, reductions[0], got, expected, tangent_of)


def _changed(
    target: FixTarget,
    maker: Maker,
    value: ast.expr,
    got: ArrayType,
    expected: ArrayType,
    tangent_of: str | None,
) -> list[Fix]:
    """The change ``jaxerr_ls.rule_outputs`` proves for ``value`` of the maker, read as a
    helper's value (only the changes its own expressions prove), when it has edits."""
    change = entry_change(
        maker.code(),
        maker.function,
        0,
        got,
        expected,
        tangent_of=tangent_of,
        returned=(maker.statement, value),
        helper=True,
    )
    if change is None or not change.edits:
        return []
    return _fix(change.title, target, list(change.edits), change.safe)


def _primal_axis(primal: FunctionNode) -> int | None:
    """The one axis every reduction of the primal runs over (``axis=-1``), when all name it."""
    axes = set()
    for node in ast.walk(primal):
        if not isinstance(node, ast.Call) or last_name(node.func) not in _REDUCING:
            continue
        axis = next((k.value for k in node.keywords if k.arg == "axis"), None)
        value = _int(axis) if axis is not None else None
        if value is None:
            return None
        axes.add(value)
    return axes.pop() if len(axes) == 1 else None


def _tangent_reduction_fix(
    target: FixTarget,
    maker: Maker,
    primal: FunctionNode | None,
    got: ArrayType,
    expected: ArrayType,
) -> list[Fix]:
    """A custom_jvp tangent reduced to a scalar (``jnp.sum(w * x_dot)``) where the primal
    output is an array and every reduction of the primal runs over one axis: the tangent of
    such a reduction sums over that same axis (``axis=-1``)."""
    if got.shape or not expected.shape or got.dtype != expected.dtype or primal is None:
        return []
    axis = _primal_axis(primal)
    factors = list(_scalar_factors(maker.value))
    reductions = [
        f for f in factors if isinstance(f, ast.Call) and last_name(f.func) in ("sum", "nansum")
    ]
    if axis is None or len(reductions) != 1:
        return []
    call = reductions[0]
    func = call.func
    if not isinstance(func, ast.Attribute) or call.keywords:
        return []
    operands = 1 if _is_module(func.value) else 0
    if len(call.args) != operands or any(isinstance(a, ast.Starred) for a in call.args):
        return []  # an axis given already
    edit = maker.source.add_keyword(call, f"axis={axis}")
    if edit is None:
        return []
    title = f"Sum the tangent over axis={axis}, the axis {primal.name} reduces"
    return _fix(title, target, [edit], safe=False)


def array_fixes(
    target: FixTarget,
    read: ReadSource,
    source: Source,
    rule: FunctionNode,
    index: int,
    types: tuple[ArrayType, ArrayType],
    kind: CulpritKind,
    *,
    in_helpers: bool = False,
) -> list[Fix]:
    """Entry ``index`` of a rule's output (a bwd rule's cotangent, entry 1 of a custom_jvp
    rule's pair: its tangent) of the first type where the second is due: the edit the types
    choose at the maker a culprit of ``kind`` is on, else at the makers inside it (a culprit
    on the rule's ``return`` of a helper's value: the helper's ``return``); with
    ``in_helpers``, only where that culprit is in a function the rule calls."""
    got, expected = types
    makers = entry_makers(source, rule, index, read)
    maker = culprit_maker(target, makers, kind)
    if maker is None or (in_helpers and maker.function is rule):
        return []
    primal_entry = returned_entry(rule, 0) if kind == CulpritKind.CUSTOM_JVP_RULE else None
    tangent_of = ast.unparse(primal_entry[1]) if primal_entry is not None else None
    primal = registered_primal(source.tree, rule) if tangent_of is not None else None
    for inner in makers[makers.index(maker) :]:
        found = _maker_fixes(target, read, inner, inner is makers[0], got, expected, tangent_of)
        if not found and tangent_of is not None:
            found = _tangent_reduction_fix(target, inner, primal, got, expected)
        if found:
            return found
    return []


def _maker_fixes(
    target: FixTarget,
    read: ReadSource,
    maker: Maker,
    outermost: bool,
    got: ArrayType,
    expected: ArrayType,
    tangent_of: str | None,
) -> list[Fix]:
    # The rule's own return was read by the rule's fixes; a value made further in is read as a
    # helper's.
    found = [] if outermost else _changed(target, maker, maker.value, got, expected, tangent_of)
    if not found:
        found = _permutation_fix(target, maker, got, expected, read)
    if not found and tangent_of is None:
        found = _factored_reduction_fix(target, maker, got, expected, tangent_of)
    return found


# --- structures --------------------------------------------------------------------------------


def _is_namedtuple(source: Source, name: str, read: ReadSource) -> bool:
    """Is ``name`` a NamedTuple class the module defines or imports from a project module?"""
    for tree in _class_homes(source, read):
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == name:
                return any(last_name(base) == "NamedTuple" for base in node.bases)
    return False


def _class_homes(source: Source, read: ReadSource) -> Iterator[ast.Module]:
    yield source.tree
    load = importer(source, read)
    for node in source.tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            model = load(node.module)
            if model is not None:
                yield model.tree


def reordered_fixes(
    target: FixTarget, source: Source, rule: FunctionNode, params: list[str] | None
) -> list[Fix]:
    """A returned tuple whose entries have the structures due, in another order: the one order
    that fits the structures, and the cotangents' names where several do (``g_s`` for ``s``:
    each named entry goes to the argument its name is made from)."""
    got = parse_tree(target.captures.get("got", ""))
    due = parse_tree(target.captures.get("expected", ""))
    found = returned_entry(rule, 0)
    if got is None or due is None or found is None or got.kind != TUPLE or due.kind != TUPLE:
        return []
    ret = found[0]
    value = ret.value
    if not isinstance(value, ast.Tuple) or len(value.elts) != len(got.children):
        return []
    if len(got.children) != len(due.children) or any(
        isinstance(e, ast.Starred) for e in value.elts
    ):
        return []

    def fits(have: Tree, wanted: Tree) -> bool:
        return have == wanted or (have.kind == NONE and wanted.kind != NONE)

    orders = [
        p
        for p in itertools.permutations(range(len(got.children)))
        if p != tuple(range(len(p)))
        and all(fits(got.children[j], due.children[i]) for i, j in enumerate(p))
    ]
    if len(orders) > 1 and params is not None and len(params) == len(value.elts):
        named = [
            _argument_of(e.id, params) if isinstance(e, ast.Name) else None for e in value.elts
        ]
        orders = [p for p in orders if all(named[j] in (None, params[i]) for i, j in enumerate(p))]
        if any(name is None for name in named):
            orders = orders if len(orders) == 1 else []
    if len(orders) != 1 or all(
        got.children[i] == due.children[i] for i in range(len(due.children))
    ):
        return []
    order = orders[0]
    new = ", ".join(source.segment(value.elts[j]) for j in order)
    bare = not source.segment(value).startswith("(")
    title = f"Return the cotangents in the order of the primal's arguments: {new}"
    edit = source.replace(value, new if bare else f"({new})")
    return _fix(title, target, [edit], safe=True)


def _argument_of(name: str, params: list[str]) -> str | None:
    """The argument a cotangent's name is made from (``g_s`` for ``s``), when one fits."""
    made_from = stems(name)
    found = [p for p in params if p in made_from]
    return found[0] if len(found) == 1 else None


def structure_fixes(
    target: FixTarget,
    read: ReadSource,
    makers: list[Maker],
    kind: CulpritKind,
    have: Tree,
    due: Tree,
    fields_in: Callable[[Source], dict[str, list[str]]],
) -> list[Fix]:
    """An entry of structure ``have`` where ``due`` is, changed at the maker the culprit is on:
    built in the due class (``_class_fix``), or left in the container it was flattened from
    (``_unflattened_fix``)."""
    maker = culprit_maker(target, makers, kind)
    if maker is None:
        return []
    return _class_fix(target, read, maker, have, due, fields_in) or _unflattened_fix(
        target, maker, have, due
    )


def _class_fix(
    target: FixTarget,
    read: ReadSource,
    maker: Maker,
    have: Tree,
    due: Tree,
    fields_in: Callable[[Source], dict[str, list[str]]],
) -> list[Fix]:
    """A look-alike class's construction (``Grads(w=..., b=...)`` where ``Params`` is due, with
    the same fields in the same order) built as the due class; a value that is a tuple where
    a NamedTuple of the same leaves is due, that class built from it (``Moments(*pair)``).
    Where the module can name the due class (``fields_in(source)``: the classes a module
    defines or imports, with their fields in flattening order)."""
    if due.kind != NAMEDTUPLE or not due.keys:
        return []
    wanted = due.keys[0]
    source, value = maker.source, maker.value
    fields = fields_in(source)
    known = fields.get(wanted)
    if known is None or len(known) != len(due.children):
        return []
    if have.kind == NAMEDTUPLE and have.keys and have.children == due.children:
        built = have.keys[0]
        if built == wanted or fields.get(built) != known:
            return []
        if not isinstance(value, ast.Call) or last_name(value.func) != built:
            return []
        edits = [source.replace(value.func, wanted)]
        returns = getattr(maker.function, "returns", None)
        if isinstance(returns, ast.Name) and returns.id == built:
            edits.append(source.replace(returns, wanted))
        title = f"Build the value as {wanted}, the primal's class, not {built}"
        return _fix(title, target, edits, safe=True)
    if have.kind == TUPLE and have.children == due.children:
        if not _is_namedtuple(source, wanted, read) or isinstance(value, ast.Tuple | ast.List):
            return []
        text = source.segment(value)
        atom = isinstance(value, ast.Name | ast.Call | ast.Attribute | ast.Subscript)
        new = f"{wanted}(*{text})" if atom else f"{wanted}(*({text}))"
        title = f"Build the {wanted} due from the tuple: {new}"
        return _fix(title, target, [source.replace(value, new)], safe=True)
    return []


def bwd_structure_fixes(
    target: FixTarget,
    read: ReadSource,
    source: Source,
    rule: FunctionNode,
    fields_in: Callable[[Source], dict[str, list[str]]],
) -> list[Fix]:
    """The one output entry of a bwd rule whose structure differs (a ``None`` entry, a zero
    cotangent, differs from none), changed where it is made (``structure_fixes``)."""
    got = parse_tree(target.captures.get("got", ""))
    due = parse_tree(target.captures.get("expected", ""))
    if got is None or due is None or got.kind != TUPLE or due.kind != TUPLE:
        return []
    if len(got.children) != len(due.children):
        return []
    differing = [
        i
        for i, (a, b) in enumerate(zip(got.children, due.children, strict=True))
        if a != b and a.kind != NONE
    ]
    if len(differing) != 1:
        return []
    index = differing[0]
    makers = entry_makers(source, rule, index, read)
    have, wanted = got.children[index], due.children[index]
    kind = CulpritKind.CUSTOM_VJP_BWD
    return structure_fixes(target, read, makers, kind, have, wanted, fields_in)


# Calls that list a pytree's leaves in flattening order.
_LEAVES = {"jax.tree.leaves": "jax.tree.map", "jax.tree_util.tree_leaves": "jax.tree_util.tree_map"}


def _unflattened_fix(target: FixTarget, maker: Maker, have: Tree, due: Tree) -> list[Fix]:
    """A container's leaves returned flat where the container's structure is due: the values
    of a dict the function builds with the due keys (``tuple(grads.values())``) returned as
    that dict (safe); a list made leaf by leaf from ``jax.tree.leaves(tree)`` made with
    ``jax.tree.map`` over the tree instead, keeping its structure (unsafe: that the tree has
    the due structure is the types' suggestion)."""
    if have.kind not in (TUPLE, LIST) or have.leaves() != due.leaves() or have == due:
        return []
    source, value = maker.source, maker.value
    inner = value.args[0] if isinstance(value, ast.Call) and _converted(value) else value
    if (
        due.kind == DICT
        and isinstance(inner, ast.Call)
        and not inner.args
        and isinstance(inner.func, ast.Attribute)
        and inner.func.attr == "values"
        and isinstance(inner.func.value, ast.Name)
    ):
        name = inner.func.value.id
        definition = single_definition(maker.function, name)
        built = definition.value if definition is not None else None
        keys = (
            {repr(k.value) for k in built.keys if isinstance(k, ast.Constant)}
            if isinstance(built, ast.Dict) and None not in built.keys
            else None
        )
        if keys is None or keys != {k.replace('"', "'") for k in due.keys}:
            return []
        title = f"Return the dict `{name}` itself, in the structure due"
        return _fix(title, target, [source.replace(value, name)], safe=True)
    if not isinstance(inner, ast.ListComp | ast.GeneratorExp) or len(inner.generators) != 1:
        return []
    loop = inner.generators[0]
    leaves = loop.iter
    if (
        loop.ifs
        or loop.is_async
        or not isinstance(loop.target, ast.Name)
        or not isinstance(leaves, ast.Call)
        or len(leaves.args) != 1
        or leaves.keywords
        or ast.unparse(leaves.func) not in _LEAVES
    ):
        return []
    mapper = _LEAVES[ast.unparse(leaves.func)]
    new = (
        f"{mapper}(lambda {loop.target.id}: {source.segment(inner.elt)}, "
        f"{source.segment(leaves.args[0])})"
    )
    title = f"Map over the tree instead of listing its leaves: {new}"
    return _fix(title, target, [source.replace(value, new)], safe=False)


def _converted(node: ast.expr) -> bool:
    """``tuple(x)`` / ``list(x)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("tuple", "list")
        and len(node.args) == 1
        and not node.keywords
    )

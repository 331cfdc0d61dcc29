"""Which of a function's ``return`` statements run, given the constants its mode arguments hold.

A function often chooses what it returns by a mode: a ``reduction="none"`` default, a string a
caller passes, a flag kept in a settings module (``if settings.RECOMPUTE: return y``). Where
the tests of its ``if`` statements are decided by constants the project shows (literals,
defaults, arguments of the call being followed, module-level constants reached through the
value flow), only the returns on the path those constants select can have made the value; a
test that is not decided keeps both branches, so the answer is never narrower than the code.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Final

from jaxerr_ls.culprit_flow import Flow
from jaxerr_ls.culprit_state import Place
from jaxerr_ls.project import Function

# Not a constant the project shows: a test of it keeps both of its branches.
UNKNOWN: Final = object()
# What a function's parameters hold in the call being followed (``UNKNOWN`` where not known);
# None where the call is not known at all.
Env = Mapping[str, object] | None
_MAX_DEPTH = 6
Assigning = ast.Assign | ast.AugAssign | ast.AnnAssign
_COMPARE: dict[type[ast.cmpop], Callable[[object, object], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Is: lambda a, b: a is b,
    ast.IsNot: lambda a, b: a is not b,
}


def constant(flow: Flow, place: Place, env: Env, depth: int = 0) -> object:
    """The constant an expression surely evaluates to, else ``UNKNOWN``: a literal, a name,
    attribute or constant-keyed entry the value flow follows to one (a module's flag,
    ``SETTINGS["joint"]``), a parameter the call passes one to (``env``), the length of a
    display (``len(TERMS) == 1``), comparisons, ``not``, ``and`` / ``or`` (the operand that
    decides), ``a if flag else b`` on a constant test, tuples of constants and membership in a
    literal tuple; a parameter (without ``env``), a project call's result or an attribute set
    from a constructor's argument, where every maker the value flow finds gives one constant."""
    node = place.node
    if depth > _MAX_DEPTH:
        return UNKNOWN
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and env is not None:
        # A parameter of the call being evaluated: what the call passes. Without ``env``, what
        # the value flow finds passed to it, or its default left (below).
        binding = place.scope.lookup(node.id)
        if binding is not None and binding.kind == "param" and binding.scope is place.scope:
            return env.get(node.id, UNKNOWN)
    if isinstance(node, ast.Call):
        length = _length(flow, place, node)
        if length is not UNKNOWN:
            return length
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.Call):
        # A module's flag, an attribute, a settings entry read with a constant key, what a
        # project function or method returns (``self.reduction`` set from a constructor's
        # argument, ``cfg.n_classes or 7``): the one constant all its makers evaluate to.
        return _made_constant(flow, place, depth)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        value = constant(flow, place.at(node.operand), env, depth + 1)
        return UNKNOWN if value is UNKNOWN else not value
    if isinstance(node, ast.BoolOp):
        # Python's value: the first operand that decides (``cfg_argnums or 0``), in order.
        decided: object = UNKNOWN
        for operand in node.values:
            decided = constant(flow, place.at(operand), env, depth + 1)
            if decided is UNKNOWN or bool(decided) != isinstance(node.op, ast.And):
                return decided
        return decided
    if isinstance(node, ast.IfExp):
        test = constant(flow, place.at(node.test), env, depth + 1)
        if test is UNKNOWN:
            return UNKNOWN
        return constant(flow, place.at(node.body if test else node.orelse), env, depth + 1)
    if isinstance(node, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in node.elts):
        shown = tuple(constant(flow, place.at(e), env, depth + 1) for e in node.elts)
        return UNKNOWN if any(i is UNKNOWN for i in shown) else shown
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left = constant(flow, place.at(node.left), env, depth + 1)
        right_node = node.comparators[0]
        op = type(node.ops[0])
        if op in (ast.In, ast.NotIn) and isinstance(right_node, ast.Tuple | ast.List | ast.Set):
            items = [constant(flow, place.at(e), env, depth + 1) for e in right_node.elts]
            if left is UNKNOWN or any(i is UNKNOWN for i in items):
                return UNKNOWN
            return (left in items) == (op is ast.In)
        right = constant(flow, place.at(right_node), env, depth + 1)
        compare = _COMPARE.get(op)
        if compare is None or left is UNKNOWN or right is UNKNOWN:
            return UNKNOWN
        return compare(left, right)
    return UNKNOWN


def _made_constant(flow: Flow, place: Place, depth: int) -> object:
    """The constant every maker the value flow finds for ``place`` evaluates to, else
    ``UNKNOWN`` (no maker, one that is the expression itself, or makers that disagree)."""
    made = flow.makers(place)
    if not made or any(m.node is place.node for m in made):
        return UNKNOWN
    values = [constant(flow, m, None, depth + 1) for m in made]
    first = values[0]
    if first is UNKNOWN or any(v is UNKNOWN or type(v) is not type(first) for v in values):
        return UNKNOWN
    return first if all(v == first for v in values) else UNKNOWN


# Methods that change a list in place: a display whose name any of them is called on has no
# length the display tells.
_MUTATING = frozenset({"append", "extend", "insert", "remove", "pop", "clear"})


def _length(flow: Flow, place: Place, call: ast.Call) -> object:
    """``len(xs)`` of a tuple display the value flow finds ``xs`` made by, or of a list display
    bound to a name the module never changes in place (``append``, ``+=``, an item set);
    ``UNKNOWN`` otherwise."""
    func = call.func
    if not (isinstance(func, ast.Name) and func.id == "len" and place.scope.lookup("len") is None):
        return UNKNOWN
    if len(call.args) != 1 or call.keywords:
        return UNKNOWN
    made = flow.one_maker(place.at(call.args[0]))
    display = None if made is None else made.node
    if not isinstance(display, ast.Tuple | ast.List) or display is call.args[0]:
        return UNKNOWN
    if any(isinstance(e, ast.Starred) for e in display.elts):
        return UNKNOWN
    if isinstance(display, ast.List):
        assert made is not None
        bound = [
            target.id
            for statement in ast.walk(made.model.tree)
            if isinstance(statement, ast.Assign) and statement.value is display
            for target in statement.targets
            if isinstance(target, ast.Name)
        ]
        if len(bound) != 1 or _changed_in_place(made.model.tree, bound[0]):
            return UNKNOWN
    return len(display.elts)


def _changed_in_place(tree: ast.AST, name: str) -> bool:
    """Whether the module changes a list it names ``name`` in place."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id == name and node.func.attr in _MUTATING:
                return True
        targets = (
            [node.target]
            if isinstance(node, ast.AugAssign)
            else node.targets
            if isinstance(node, ast.Assign | ast.Delete)
            else []
        )
        for target in targets:
            inner = target.value if isinstance(target, ast.Subscript) else target
            changes = isinstance(node, ast.AugAssign | ast.Delete) or isinstance(
                target, ast.Subscript
            )
            if changes and isinstance(inner, ast.Name) and inner.id == name:
                return True
    return False


def reachable_returns(
    flow: Flow, place: Place, function: Function, env: Env
) -> list[ast.Return] | None:
    """The ``return`` statements of a ``def`` (``place`` is its node) that the constants
    decide can run, in source order; None for a lambda."""
    return _decided(flow, place, function, env, [])


def skipped_assignments(flow: Flow, place: Place, function: Function, env: Env) -> list[Assigning]:
    """The assignments of a ``def`` in the branches of ``if`` statements that the constants
    decide do not run (``loss = loss.mean()`` under ``if reduction == "mean"`` where the call
    leaves ``reduction="none"``): a mode can choose a value by what it assigns as well as by
    what it returns."""
    skipped: list[Assigning] = []
    _decided(flow, place, function, env, skipped)
    return skipped


def _decided(
    flow: Flow, place: Place, function: Function, env: Env, skipped: list[Assigning]
) -> list[ast.Return] | None:
    """The returns the constants leave reachable; the assignments of the branches they
    rule out added to ``skipped``."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return None
    found: list[ast.Return] = []

    def decided(test: ast.expr) -> object:
        return constant(flow, Place(place.path, place.model, test, function.scope), env)

    def block(body: list[ast.stmt]) -> bool:
        """Collect the returns a block may run; whether it surely ends there."""
        for statement in body:
            if isinstance(statement, ast.Return):
                found.append(statement)
                return True
            if isinstance(statement, ast.Raise):
                return True
            if isinstance(statement, ast.If):
                value = decided(statement.test)
                if value is UNKNOWN:
                    ends = block(statement.body)
                    if block(statement.orelse) and ends:
                        return True
                else:
                    skipped.extend(
                        inner
                        for branch in (statement.orelse if value else statement.body)
                        for inner in ast.walk(branch)
                        if isinstance(inner, ast.Assign | ast.AugAssign | ast.AnnAssign)
                    )
                    if block(statement.body if value else statement.orelse):
                        return True
            elif isinstance(statement, ast.With | ast.AsyncWith):
                if block(statement.body):
                    return True
            elif not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                # A loop or ``try``: every return inside may run, and none surely does.
                found.extend(r for r in function.returns if _within(r, statement))
        return False

    block(node.body)
    return sorted(dict.fromkeys(found), key=lambda r: (r.lineno, r.col_offset))


def _within(inner: ast.stmt, outer: ast.stmt) -> bool:
    end = outer.end_lineno or outer.lineno
    return outer.lineno <= inner.lineno <= end


def call_env(
    flow: Flow, call: Place, callee: Place, function: Function, skip: int, env: Env
) -> dict[str, object]:
    """What each parameter of ``function`` (defined at ``callee``) holds when ``call`` (read
    with the caller's ``env``) runs it: the constant passed, else its default's, else
    ``UNKNOWN``; ``skip`` leading positional parameters the call does not pass."""
    node = call.node
    assert isinstance(node, ast.Call)
    out: dict[str, object] = {}
    positional = [p.name for p in function.positional][skip:]
    if any(isinstance(a, ast.Starred) for a in node.args) or any(
        k.arg is None for k in node.keywords
    ):
        return out
    given: dict[str, ast.expr] = dict(zip(positional, node.args, strict=False))
    given.update({k.arg: k.value for k in node.keywords if k.arg is not None})
    defaults = _defaults(function)
    for param in function.params:
        if param.name in given:
            out[param.name] = constant(flow, call.at(given[param.name]), env)
        elif param.name in defaults:
            outer = function.scope.parent or callee.model.module_scope
            default = Place(callee.path, callee.model, defaults[param.name], outer)
            out[param.name] = constant(flow, default, None)
    return out


def _defaults(function: Function) -> dict[str, ast.expr]:
    node = function.node
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    out = {
        a.arg: d
        for a, d in zip(
            positional[len(positional) - len(args.defaults) :], args.defaults, strict=True
        )
    }
    out.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d})
    return out

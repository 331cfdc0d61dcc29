"""Custom rules found through their registration calls, wherever the code keeps them.

A custom_vjp / custom_jvp function and its rules are tied together by a call, not by names:
``f.defvjp(fwd, bwd)``, ``f.defjvp(rule)``, ``@f.defjvp``, ``f.defjvps(rule)``, where ``f``
may be a decorated ``def`` made inside a factory, the result of ``jax.custom_vjp(fun)``, a
name imported from another module; and each rule may be a ``def`` of another module, a
``functools.partial``, an attribute, a dict entry, or what a helper returns
(``saving_inputs(f)`` returning its inner ``fwd``). The value flow (``culprit_flow``) follows
both sides to what makes them: the registration's receiver to the function object it
registers on, each rule to its ``def``.
The failing custom function is found the same way, from the calls on the traceback's lines
(the innermost that calls a registered function), or from the primal the message names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jaxerr_ls.culprit_flow import Flow, documented, listed_items
from jaxerr_ls.culprit_state import Code, Place
from jaxerr_ls.project import TRANSFORMS, TRANSPARENT
from jaxerr_ls.spans import Span

# The arguments of each registering method, in order, as rule roles.
# ``f.defjvps(rule)`` of a one-argument function gives its one tangent rule (with more, which
# argument's rule is wrong is left in doubt).
_ROLES: dict[str, tuple[str, ...]] = {
    "defvjp": ("fwd", "bwd"),
    "defjvp": ("jvp",),
    "defjvps": ("jvps",),
}


@dataclass(slots=True)
class Registration:
    """The rules registered on one custom function object, each a ``def`` / ``lambda``
    (None where two registrations disagree or a rule cannot be followed)."""

    primal: Place  # the decorated ``def``, or the ``jax.custom_vjp(fun)`` call
    rules: dict[str, Place | None] = field(default_factory=dict)

    def names(self, code: Code) -> set[str]:
        """The names JAX prints for the function: the decorated ``def``'s, or those of the
        function ``custom_vjp(fun)`` wraps."""
        node = self.primal.node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return {node.name}
        if isinstance(node, ast.Call) and node.args:
            wrapped = Flow(code).callees(self.primal.at(node.args[0]))
            return {c.function.name for c in wrapped}
        return set()

    def defined_at(self, code: Code) -> Iterator[tuple[Path, int]]:
        """The places JAX may print for the function: its ``def`` line and first decorator's."""
        node = self.primal.node
        if isinstance(node, ast.Call) and node.args:
            for callee in Flow(code).callees(self.primal.at(node.args[0])):
                yield from _def_lines(callee.place)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _def_lines(self.primal)


def _def_lines(place: Place) -> Iterator[tuple[Path, int]]:
    node = place.node
    yield place.path, getattr(node, "lineno", 0)
    for decorator in getattr(node, "decorator_list", []):
        yield place.path, decorator.lineno


def _registering_calls(place_of: Place) -> Iterator[tuple[str, ast.expr, list[ast.expr], Place]]:
    """``(method, receiver, rule expressions, where they are read)`` for each registration of
    a module: calls ``f.defvjp(fwd, bwd)`` / ``f.defjvp(rule)`` (by position or keyword) and
    ``@f.defjvp`` decorators."""
    model = place_of.model
    for call, scope in model.calls:
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr not in _ROLES:
            continue
        roles = _ROLES[func.attr]
        if func.attr == "defjvps" and (len(call.args) != 1 or call.keywords):
            continue
        given: list[ast.expr] = list(call.args[: len(roles)])
        keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
        for role in roles[len(given) :]:
            if role not in keywords:
                break
            given.append(keywords[role])
        if any(isinstance(arg, ast.Starred) for arg in given):
            continue
        yield func.attr, func.value, given, Place(place_of.path, model, call, scope)
    for function, node in model.decorated:
        outer = function.scope.parent or model.module_scope
        for decorator in node.decorator_list:
            if isinstance(decorator, ast.Attribute) and decorator.attr == "defjvp":
                yield "defjvp", decorator.value, [], Place(place_of.path, model, node, outer)


def registrations(code: Code, paths: Sequence[Path]) -> list[Registration]:
    """Every registration in the modules at ``paths``, by the function object it registers on
    (a receiver the flow cannot follow to one maker is left out)."""
    found: list[Registration] = []
    for path in dict.fromkeys(paths):
        for method, made, rules in code.files.memo(
            "registrations", path, lambda p: _module_registrations(code, p)
        ):
            entry = next((r for r in found if r.primal.node is made.node), None)
            if entry is None:
                entry = Registration(made)
                found.append(entry)
            for role, rule in zip(_ROLES[method], rules, strict=True):
                before = entry.rules.get(role, rule)
                same = before is not None and rule is not None and before.node is rule.node
                entry.rules[role] = rule if role not in entry.rules or same else None
    return found


def _module_registrations(code: Code, path: Path) -> list[tuple[str, Place, list[Place | None]]]:
    """``(method, the function object registered on, its rules)`` for each registration of
    one module, followed once per run."""
    model = code.model(path)
    if model is None:
        return []
    out: list[tuple[str, Place, list[Place | None]]] = []
    module = Place(path, model, model.tree, model.module_scope)
    for method, receiver, given, site in _registering_calls(module):
        made = Flow(code).one_maker(site.at(receiver))
        # ``@f.defjvp`` gives no expression: the decorated ``def`` is the rule.
        rules: list[Place | None] = [_rule(code, site.at(e)) for e in given] if given else [site]
        if made is not None and len(rules) == len(_ROLES[method]):
            out.append((method, made, rules))
    return out


def _rule(code: Code, place: Place) -> Place | None:
    """The one ``def`` / ``lambda`` a rule expression evaluates to, when that is certain."""
    callees = Flow(code).callees(place)
    return callees[0].place if len(callees) == 1 else None


def failing(
    code: Code,
    found: list[Registration],
    frames: Sequence[Span],
    primal: str | None,
    primal_at: Path | None,
) -> list[Registration]:
    """The registrations the error may be about: those whose function the innermost frame
    that calls a registered function calls, narrowed by the primal the message names (its
    name, and the file it says the function is defined in)."""
    if primal is not None:
        named = [r for r in found if primal in r.names(code)]
        if primal_at is not None:
            named = [r for r in named if any(p == primal_at for p, _ in r.defined_at(code))]
    else:
        named = found
    flow = Flow(code, frames)
    for span in frames:
        called: list[Registration] = []
        for model, call, scope in code.calls_on(span):
            makers = flow.makers(Place(span.path, model, call.func, scope)) or []
            # ``jax.grad(f)(x)``, ``jax.vjp(f, x)``, ``grad_fn(x)`` after ``grad_fn =
            # jax.grad(f)``: the transform runs the function it was given.
            given = [_transformed(t) for t in [Place(span.path, model, call, scope), *makers]]
            makers = [*makers, *(m for g in given if g is not None for m in flow.makers(g) or [])]
            for made in [m for maker in makers for m in _decorated(code, maker)]:
                called += [r for r in named if r.primal.node is made.node and r not in called]
        if called:
            return called
    return named if primal is not None else []


def _transformed(place: Place) -> Place | None:
    """The function a JAX transform call is given (its first argument)."""
    node = place.node
    if not isinstance(node, ast.Call) or not node.args:
        return None
    if place.model.qualified_name(node.func, place.scope) not in (TRANSFORMS | TRANSPARENT):
        return None
    return place.at(node.args[0])


def _decorated(code: Code, made: Place) -> list[Place]:
    """A ``def`` and what its outermost decorator of the project returns for it (a
    ``jax.custom_jvp(fn)`` made inside ``def smooth(fn)``), as far as that is certain."""
    node = made.node
    out = [made]
    decorators = getattr(node, "decorator_list", [])
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or not decorators:
        return out
    function = made.model.functions.get(node)
    if function is None:
        return out
    outer = function.scope.parent or made.model.module_scope
    callees = Flow(code).callees(Place(made.path, made.model, decorators[0], outer))
    if len(callees) != 1 or len(callees[0].function.positional) != 1:
        return out
    function = callees[0].function
    at = callees[0].place
    for value in function.return_values:
        if value is not None:
            found = Flow(code).makers(Place(at.path, at.model, value, function.scope))
            out += found or []
    return out


def helper_return(code: Code, rule: Place) -> tuple[Span, str] | None:
    """Where a rule's output is built when its one ``return`` hands on the tuple a project
    helper returns (``return pack(y, x)``, ``def pack(out, *saved): return (out, *saved)``):
    that helper's ``return`` and the helper's name. A call returning anything else (the
    primal's output, say), or a helper other code relies on (``Flow.relied_on``), leaves the
    rule's own ``return`` at fault."""
    function = rule.model.functions.get(rule.node)
    returns = [r for r in function.returns if r.value is not None] if function else []
    if function is None or len(returns) != 1 or not isinstance(returns[0].value, ast.Call):
        return None
    flow = Flow(code)
    made = flow.one_maker(Place(rule.path, rule.model, returns[0].value, function.scope))
    if made is None or not isinstance(made.node, ast.Tuple | ast.List):
        return None
    size = len(made.node.elts)
    for helper in made.model.functions.values():
        for statement in helper.returns:
            if statement.value is made.node:
                if flow.relied_on(
                    helper, documented(lambda doc: listed_items(doc) == size), failing=(rule.node,)
                ):
                    # Its tuple is what other code relies on (other callers, a public function
                    # whose docstring lists its results): the rule's use of it differs.
                    return None
                return code.span(made.path, statement), helper.name
    return None


def misregistered_fwd(code: Code, paths: Sequence[Path], rule: Place) -> tuple[Place, str] | None:
    """The expression registering ``rule`` as a fwd rule, where the rule returns no pair and
    its module has a function registered as no rule, taking as many arguments, whose every
    ``return`` is the pair (the rule's call, residuals): the fwd rule the program wrote
    (``return _value(w), (w, slack)``) and did not register. With that function's name."""
    function = rule.model.functions.get(rule.node)
    if function is None or isinstance(function.node, ast.Lambda):
        return None
    valued = [r.value for r in function.returns if r.value is not None]
    if not valued or any(isinstance(v, ast.Tuple | ast.List | ast.Name) for v in valued):
        return None
    sites = _defvjp_sites(code, paths)
    registered = {
        id(found.node)
        for site, given in sites
        for expression in given
        if (found := _rule(code, site.at(expression))) is not None
    }
    pairs = [
        other
        for other in rule.model.functions.values()
        if other.owner is None
        and other.scope.parent is rule.model.module_scope
        and id(other.node) not in registered
        and len(other.positional) == len(function.positional)
        and other.returns
        and all(pair_calling(r.value, function.name) for r in other.returns)
    ]
    fwd = _registered_at(code, sites, rule)
    if len(pairs) != 1 or len(fwd) != 1:
        return None
    return fwd[0], pairs[0].name


def _defvjp_sites(code: Code, paths: Sequence[Path]) -> list[tuple[Place, list[ast.expr]]]:
    """The ``defvjp`` calls of the modules at ``paths``, each with the rules it is given."""
    return [
        (site, given)
        for path in dict.fromkeys(paths)
        if (model := code.model(path)) is not None
        for method, _, given, site in _registering_calls(
            Place(path, model, model.tree, model.module_scope)
        )
        if method == "defvjp"
    ]


def _registered_at(
    code: Code, sites: list[tuple[Place, list[ast.expr]]], rule: Place
) -> list[Place]:
    """The expressions registering ``rule`` as the fwd rule, among ``defvjp`` calls."""
    return [
        site.at(given[0])
        for site, given in sites
        if given and (found := _rule(code, site.at(given[0]))) and found.node is rule.node
    ]


def relied_on_fwd(code: Code, paths: Sequence[Path], rule: Place) -> Place | None:
    """The expression registering ``rule`` as the fwd rule, where the rule returns a tuple
    of other than two items in each ``return`` and other code relies on that tuple
    (``Flow.relied_on``: the primal calls it too, or its docstring lists the items, the
    registration and the rule's own code apart): a helper registered as it is, where the
    registration is the change (register a fwd rule built on it)."""
    function = rule.model.functions.get(rule.node)
    if function is None or isinstance(function.node, ast.Lambda):
        return None
    valued = [r.value for r in function.returns if r.value is not None]
    sizes = {len(v.elts) for v in valued if isinstance(v, ast.Tuple)}
    if not valued or len(valued) != len(function.returns) or len(sizes) != 1:
        return None
    size = sizes.pop()
    if size == 2 or not all(isinstance(v, ast.Tuple) for v in valued):
        return None
    fwd = _registered_at(code, _defvjp_sites(code, paths), rule)
    if len(fwd) != 1:
        return None
    site = fwd[0]
    registration = next(
        (c for c, _ in site.model.calls if any(a is site.node for a in c.args)), None
    )
    if registration is None:
        return None
    contract = documented(lambda doc: listed_items(doc) == size)
    if not Flow(code).relied_on(function, contract, failing=(rule.node, registration)):
        return None
    return site


def pair_calling(value: ast.expr | None, name: str) -> bool:
    """``(name(...), residuals)``: a pair whose output is a call of ``name``."""
    return (
        isinstance(value, ast.Tuple | ast.List)
        and len(value.elts) == 2
        and isinstance(first := value.elts[0], ast.Call)
        and isinstance(first.func, ast.Name)
        and first.func.id == name
    )

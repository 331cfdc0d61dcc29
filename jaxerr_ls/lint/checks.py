"""The static checks: each predicts one record's error from the source of one module.

A check fires only where the module proves the error: the function a transform receives is
defined here and every one of its returns shows the problem, the Ref is made by ``jax.new_ref``
in the same scope, the rule is registered here. Severity ``error`` means the run fails when the
code shown runs (the transformed function is applied right there, or the rule is one JAX calls
whenever it differentiates); ``warning`` means it fails once the code is used that way.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_ls.lint.flow import LintFiles, callee_of, made_by
from jaxerr_ls.lint.values import Project, Values
from jaxerr_ls.project import (
    TRANSPARENT,
    CustomFunction,
    Function,
    HijaxClass,
    Importer,
    ModuleModel,
    Partial,
    Scope,
    TransformCall,
    class_fields,
    literal_bool,
    literal_ints,
)
from jaxerr_ls.spans import Span, ast_span, char_col

if TYPE_CHECKING:
    from jaxerr_ls.culprit_state import Place

# How many names, helpers and base classes a check follows before it stays silent.
_DEPTH = 6


@dataclass(frozen=True, slots=True)
class Spans:
    """Where nodes of one module are, as the core's ``Span`` (character columns: ``ast``
    counts UTF-8 bytes, and a line with ``"é"`` before the node must not shift it)."""

    path: Path
    lines: Sequence[str]

    def of(self, node: ast.AST) -> Span:
        return ast_span(self.path, node, self.lines)

    def name(self, line: int, byte_col: int, length: int) -> Span:
        """A definition's name: ``length`` characters from ``byte_col`` of ``line``."""
        text = self.lines[line - 1] if 1 <= line <= len(self.lines) else ""
        start = char_col(text, byte_col)
        return Span(self.path, line, start, line, start + length)


@dataclass(frozen=True, slots=True)
class Prediction:
    """An error the run will raise (``error``) or raises once the code is used (``warning``)."""

    code: str
    severity: str
    span: Span
    message: str
    culprit: Span | None = None
    # What the culprit is and its name, as in ``jaxerr_ls.culprits.Culprit``.
    culprit_kind: str | None = None
    culprit_name: str | None = None
    # What the record's message wildcards would capture from the run's message, where the
    # source tells (the quick fixes of the record read them).
    captures: tuple[str, ...] = ()
    # The name through which code reaches what is wrong (the hijax class, the custom_vjp or
    # custom_jvp function): a run's traceback line that names it runs the predicted error.
    subject: str | None = None
    # Other records a run raises for the same mistake (under other JAX versions), and the
    # check's own record where the prediction names another one (the JAX in use words it so).
    also: tuple[str, ...] = ()
    origin: str | None = None

    @property
    def check_code(self) -> str:
        """The record of the check that made the prediction (what its fixes are for)."""
        return self.origin or self.code

    @property
    def culprit_description(self) -> str | None:
        if self.culprit_kind is None:
            return None
        return f"{self.culprit_kind} `{self.culprit_name}`"


@dataclass(frozen=True, slots=True)
class Check:
    """A check, the record codes it may report, and the words one of which a module's text must
    contain for the check to find anything (the last part of the JAX API it starts from: the
    model resolves an API only through an import or attribute that spells it)."""

    codes: tuple[str, ...]
    run: Callable[[ModuleModel, Values, Spans], Iterator[Prediction]]
    needs: tuple[str, ...]


def _def_span(spans: Spans, function: Function) -> Span:
    line, start, end = function.name_span
    return spans.name(line, start, end - start)


def _class_span(spans: Spans, node: ast.ClassDef) -> Span:
    return spans.name(node.lineno, node.col_offset + len("class "), len(node.name))


def _returns_all(
    function: Function, test: Callable[[ast.expr | None], bool]
) -> list[ast.expr | None] | None:
    """The return values when every way out of the function returns something ``test``
    accepts (an implicit ``return None`` included); None otherwise."""
    if function.is_generator:
        return None
    values = list(function.return_values)
    if not values:
        return None
    if function.falls_off_end and not test(None):
        return None
    return values if all(test(value) for value in values) else None


def _returns_some(
    function: Function, test: Callable[[ast.expr | None], bool]
) -> list[ast.expr | None] | None:
    """The explicit return values ``test`` accepts when some but not every way out of the
    function returns one (the run fails when such a path is taken); None otherwise."""
    if function.is_generator:
        return None
    found: list[ast.expr | None] = [v for v in function.return_values if v is not None and test(v)]
    return found or None


def _last_value_span(spans: Spans, function: Function, values: list[ast.expr | None]) -> Span:
    present = [v for v in values if v is not None]
    if present:
        return spans.of(present[-1])
    return spans.of(function.returns[-1]) if function.returns else _def_span(spans, function)


# -- custom_vjp / custom_jvp -------------------------------------------------------------------


def _not_pair(values: Values, scope: Scope) -> Callable[[ast.expr | None], bool]:
    def test(value: ast.expr | None) -> bool:
        if value is None:
            return True
        length = values.tuple_length(value, scope)
        if length is not None:
            return length != 2
        made = _made(values, value, scope)
        if made is not None:
            return made != 2
        return values.not_container(value, scope)

    return test


def _made(values: Values, value: ast.expr, scope: Scope) -> int | None:
    """What a value surely is when it is no tuple display: -1 for something other than a
    tuple or list (a dict display or ``dict(...)``, an instance of a plain class of the
    project), a NamedTuple class's field count for one of its instances; None when unknown.
    Names are followed to their one assignment."""
    model = values.model
    for _ in range(_DEPTH):
        if not isinstance(value, ast.Name):
            break
        resolved = values.resolve(value, scope)
        if resolved is None:
            return None
        value, scope = resolved
    if isinstance(value, ast.Dict | ast.DictComp):
        return -1
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name | ast.Attribute):
        return None
    func = value.func
    if isinstance(func, ast.Name) and func.id == "dict" and not scope.lookup_all("dict"):
        return -1
    importer = None if values.project is None else values.project.importer
    found = model.locate_class(func, scope, importer)
    if found is None or not isinstance(found[1].node, ast.ClassDef):
        return None
    owner, node = found[0], found[1].node
    outer = owner.scopes[node].parent or owner.module_scope
    bases = [owner.qualified_name(b, outer) for b in node.bases]
    if bases in (["typing.NamedTuple"], ["NamedTuple"]) and not node.keywords:
        if any(isinstance(s, ast.FunctionDef) and s.name == "__new__" for s in node.body):
            return None
        return len(class_fields(node))
    if bases in ([], ["object"]) and not node.keywords:
        return -1
    return None


def _rule_not_pair(
    custom: CustomFunction,
    rule: Function | None,
    values: Values,
    spans: Spans,
    code: str,
    what: str,
) -> Iterator[Prediction]:
    if rule is None:
        return
    test = _not_pair(values, rule.scope)
    found, severity, which = _returns_all(rule, test), "error", "this returns something else"
    if found is None:
        # One path returns something else: the run fails when it is taken.
        found, severity, which = _returns_some(rule, test), "warning", "this path does not"
    if found is None:
        return
    yield Prediction(
        code,
        severity,
        _last_value_span(spans, rule, found),
        f"{what} {rule.name} for {custom.primal.name} must return a pair "
        f"(output, {'residuals' if code == 'custom-vjp-fwd-not-pair' else 'tangent'}); "
        f"{which}",
        _def_span(spans, rule),
        what,
        rule.name,
        subject=custom.primal.name,
    )


def check_custom_vjp_fwd(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    for custom in model.custom_functions:
        if custom.kind == "jax.custom_vjp":
            yield from _rule_not_pair(
                custom, custom.fwd, values, spans, "custom-vjp-fwd-not-pair", "custom_vjp fwd rule"
            )


def check_custom_jvp_rule(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    for custom in model.custom_functions:
        if custom.kind == "jax.custom_jvp":
            yield from _rule_not_pair(
                custom, custom.jvp, values, spans, "custom-jvp-rule-not-pair", "custom_jvp rule"
            )


def _differentiable_count(custom: CustomFunction) -> int | None:
    """How many cotangents the bwd rule must return: the primal's positional parameters minus
    ``nondiff_argnums``; None when the signature leaves it open."""
    primal = custom.primal
    if custom.nondiff_argnums is None:
        return None
    if any(p.kind != "positional" for p in primal.params):
        return None
    count = len(primal.positional)
    nondiff = {i if i >= 0 else count + i for i in custom.nondiff_argnums}
    if not all(0 <= i < count for i in nondiff):
        return None
    return count - len(nondiff)


def _bwd_output_wrong(
    value: ast.expr | None,
    bwd: Function,
    values: Values,
    expected: int | None,
    plain_cotangent: str | None,
) -> bool:
    """A bwd return that is surely not a tuple of ``expected`` cotangents. ``plain_cotangent``
    names the output-cotangent parameter when the primal's output is never a container."""
    if value is None:
        return False
    if _is_tuple(value, values, bwd.scope):
        length = values.tuple_length(value, bwd.scope)
        return expected is not None and length is not None and length != expected
    if values.not_container(value, bwd.scope) or _made(values, value, bwd.scope) == -1:
        return True
    if plain_cotangent is None or not isinstance(value, ast.Name) or value.id != plain_cotangent:
        return False
    binding = bwd.scope.lookup(value.id)
    return binding is not None and binding.kind == "param"


def check_custom_vjp_bwd(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """A bwd rule returning a bare array, or a tuple of the wrong length."""
    for custom in model.custom_functions:
        bwd = custom.bwd
        if custom.kind != "jax.custom_vjp" or bwd is None or custom.fwd is None:
            continue
        expected = _differentiable_count(custom)
        primal = custom.primal
        plain = _returns_all(primal, partial(_present_and, values.not_container, primal.scope))
        # The output cotangent has the structure of the primal's output: when that is never a
        # container, returning the cotangent as it is returns a bare array.
        cotangent = None
        if plain is not None and bwd.positional and not bwd.has_varargs:
            cotangent = bwd.positional[-1].name
        found = _returns_all(
            bwd,
            partial(
                _bwd_output_wrong,
                bwd=bwd,
                values=values,
                expected=expected,
                plain_cotangent=cotangent,
            ),
        )
        if found is None:
            continue
        count = f" ({expected})" if expected is not None else ""
        yield Prediction(
            "custom-vjp-bwd-structure",
            "error",
            _last_value_span(spans, bwd, found),
            f"custom_vjp bwd rule {bwd.name} must return a tuple with one cotangent per "
            f"differentiable argument of {primal.name}{count}",
            _def_span(spans, bwd),
            "custom_vjp bwd rule",
            bwd.name,
            subject=primal.name,
        )


def _present_and(
    test: Callable[[ast.expr, Scope], bool], scope: Scope, value: ast.expr | None
) -> bool:
    return value is not None and test(value, scope)


def _is_tuple(expr: ast.expr, values: Values, scope: Scope) -> bool:
    """A tuple display, or a name assigned one (a list is another pytree structure)."""
    if isinstance(expr, ast.Name):
        return isinstance(values.model.value_of(expr.id, scope), ast.Tuple)
    return isinstance(expr, ast.Tuple)


def check_custom_no_rule(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """A custom_vjp / custom_jvp function that the module calls but never gives its rule."""
    del values
    lacking = [c for c in model.custom_functions if not (c.registrations or c.unresolved_rule)]
    if not lacking:
        return
    # A call at module level runs on import; one in a function body only if that runs.
    module_calls: dict[ast.AST, list[ast.Call]] = {}
    for call, scope in model.calls:
        if scope is model.module_scope and isinstance(call.func, ast.Name):
            binding = scope.lookup(call.func.id)
            if binding is not None and binding.kind == "def":
                module_calls.setdefault(binding.node, []).append(call)
    for custom in lacking:
        vjp = custom.kind == "jax.custom_vjp"
        code = "custom-vjp-no-rule" if vjp else "custom-jvp-no-rule"
        definer = "defvjp" if vjp else "defjvp"
        calls = module_calls.get(custom.primal.node, [])
        message = (
            f"{custom.kind.removeprefix('jax.')} function {custom.primal.name} has no rule: "
            f"register one with {custom.primal.name}.{definer}(...); calling it raises"
        )
        definition = _def_span(spans, custom.primal)
        description = f"{custom.kind.removeprefix('jax.')} function without a rule"
        if calls:
            first = min(calls, key=lambda c: (c.lineno, c.col_offset))
            yield Prediction(
                code,
                "error",
                spans.of(first),
                message,
                definition,
                description,
                custom.primal.name,
                subject=custom.primal.name,
            )
        else:
            yield Prediction(code, "warning", definition, message, subject=custom.primal.name)


# -- grad and friends --------------------------------------------------------------------------

_GRADS = ("jax.grad", "jax.value_and_grad")
_AUX = ("jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.hessian")
_JACOBIANS = ("jax.jacrev", "jax.jacfwd", "jax.jacobian", "jax.hessian")


def _target_function(transform: TransformCall) -> tuple[Function, int] | None:
    """The function differentiated and how many positional arguments a partial fixes."""
    target = transform.target
    if isinstance(target, Function):
        return target, 0
    if isinstance(target, Partial) and not target.fixed_keywords:
        return target.function, target.fixed_positional
    return None


def _differentiated(
    model: ModuleModel, values: Values, spans: Spans, transform: TransformCall
) -> tuple[Function, Values, Spans] | None:
    """The function a transform differentiates, with the facts and places of the module that
    defines it: this one, or a project module it is imported from."""
    target = _target_function(transform)
    if target is not None:
        return target[0], values, spans
    project = values.project
    if not transform.call.args:
        return None
    importer = None if project is None else project.importer
    given = transform.call.args[0]
    found = model.locate_function(given, transform.scope, importer)
    if found is None and isinstance(given, ast.Call):
        found = _called_instance(model, given, transform.scope, importer)
    if found is None and isinstance(given, ast.Name | ast.Attribute):
        # ``jax.grad(model.loss)`` with ``model`` a parameter: the value flow, from the one
        # caller that passes it (``lint.flow``).
        reached = callee_of(
            values.flow_files(spans.path, spans.lines), given, transform.scope, transform.call
        )
        if reached is None:
            return None
        module, method, path, lines = reached
        return method, Values(module, project), Spans(path, lines)
    if found is None:
        return None
    other, function = found
    if isinstance(function, Partial):
        if function.fixed_keywords:
            return None
        function = function.function
    if other is model:
        return function, values, spans
    places = _module_spans(project, other)
    return None if places is None else (function, Values(other, project), places)


def _module_spans(project: Project | None, model: ModuleModel) -> Spans | None:
    """Where nodes of another project module are, for a model the project's modules made."""
    place = None if project is None else project.modules.place(model)
    if place is None:
        return None
    from jaxerr_ls.lint import source_lines

    return Spans(place[0], source_lines(place[1]))


def _called_instance(
    model: ModuleModel, call: ast.Call, scope: Scope, importer: Importer | None
) -> tuple[ModuleModel, Function] | None:
    """``jax.grad(Loss(beta=0.1))``: the ``__call__`` the class defines (not inherited, not
    decorated), for an instance made right there."""
    found = model.locate_class(call.func, scope, importer)
    if found is None:
        return None
    owner, body = found
    bindings = body.bindings.get("__call__", [])
    if len(bindings) != 1 or bindings[0].kind != "def":
        return None
    method = owner.functions.get(bindings[0].node)
    if method is None or method.decorators or not method.positional:
        return None
    return owner, method


def _applied_positional(transform: TransformCall) -> int | None:
    applied = transform.applied
    if applied is None or any(isinstance(a, ast.Starred) for a in applied.args):
        return None
    return len(applied.args)


def _severity(transform: TransformCall) -> str:
    return "error" if transform.applied is not None else "warning"


def _where(spans: Spans, transform: TransformCall) -> Span:
    return spans.of(transform.applied if transform.applied is not None else transform.call)


def _argnums(transform: TransformCall) -> tuple[ast.expr | None, tuple[int, ...] | None]:
    """The argnums expression (None when left at its default, 0) and its literal value."""
    expr = transform.keywords.get("argnums")
    if expr is None and len(transform.call.args) >= 2:
        expr = transform.call.args[1]
    return expr, (0,) if expr is None else literal_ints(_negatives_folded(expr))


def _negatives_folded(expr: ast.expr) -> ast.expr:
    """``-1`` (a unary minus applied to ``1`` in the tree) as the constant it is, in an
    index or a tuple of them."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        operand = expr.operand
        if isinstance(operand, ast.Constant) and type(operand.value) is int:
            return ast.Constant(-operand.value)
    if isinstance(expr, ast.Tuple | ast.List):
        return ast.Tuple([_negatives_folded(item) for item in expr.elts])
    return expr


def _decorator_transforms(model: ModuleModel, apis: tuple[str, ...]) -> Iterator[TransformCall]:
    """``@functools.partial(jax.jacrev, argnums=1)`` on a ``def``: the transform and the
    function it receives (the ``def`` itself, where every decorator below it keeps the
    parameters)."""
    for function, node in model.decorated:
        outer = function.scope.parent or model.module_scope
        for index, decorator in enumerate(node.decorator_list):
            if not (
                isinstance(decorator, ast.Call)
                and len(decorator.args) == 1
                and model.qualified_name(decorator.func, outer) == "functools.partial"
                and all(k.arg is not None for k in decorator.keywords)
            ):
                continue
            api = model.qualified_name(decorator.args[0], outer)
            if api not in apis:
                continue
            if all(_transparent(model, d, outer) for d in node.decorator_list[index + 1 :]):
                keywords = {k.arg: k.value for k in decorator.keywords if k.arg is not None}
                yield TransformCall(api, decorator, outer, function, keywords)


def _transparent(model: ModuleModel, decorator: ast.expr, scope: Scope) -> bool:
    """``@jax.jit`` or ``@partial(jax.jit, ...)``: the function keeps its parameters."""
    if isinstance(decorator, ast.Call):
        if model.qualified_name(decorator.func, scope) != "functools.partial":
            return False
        if not decorator.args:
            return False
        decorator = decorator.args[0]
    return model.qualified_name(decorator, scope) in TRANSPARENT


def _argnum_transforms(model: ModuleModel, apis: tuple[str, ...]) -> Iterator[TransformCall]:
    """The calls of the ``apis`` (``jax.grad(f, argnums=1)``) and their ``partial`` decorators."""
    yield from (t for t in model.transforms if t.api in apis)
    yield from _decorator_transforms(model, apis)


def _named_applications(model: ModuleModel, transform: TransformCall) -> list[ast.Call]:
    """The calls of a name bound once to the transform (``grad_fn = jax.grad(f, argnums=2)``,
    also wrapped in ``jax.jit``), where the name surely is that binding."""
    node: ast.AST = transform.call
    parent = model.parents.get(node)  # type: ignore[call-overload]
    while (
        isinstance(parent, ast.Call)
        and parent.args
        and parent.args[0] is node
        and model.qualified_name(parent.func, transform.scope) in TRANSPARENT
    ):
        node, parent = parent, model.parents.get(parent)
    if not (
        isinstance(parent, ast.Assign)
        and len(parent.targets) == 1
        and isinstance(parent.targets[0], ast.Name)
    ):
        return []
    name = parent.targets[0].id
    binding = transform.scope.lookup(name)
    if binding is None or binding.node is not parent:
        return []
    return [
        call
        for call, scope in model.calls_named(name)
        if isinstance(call.func, ast.Name) and scope.lookup(name) is binding
    ]


def _positional_count(call: ast.Call) -> int | None:
    """How many positional arguments a call passes (None with ``*args`` or ``**kwargs``)."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if any(k.arg is None for k in call.keywords):
        return None
    return len(call.args)


def check_grad_argnums(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """Differentiating with respect to a position the call does not pass (arguments given by
    keyword) or the function does not have."""
    del values
    for transform in _argnum_transforms(model, _GRADS):
        expr, argnums = _argnums(transform)
        if not argnums or min(argnums) < 0:
            continue
        highest = max(argnums)
        shown = "0 (the default)" if expr is None else ast.unparse(expr)
        applications = (
            [transform.applied]
            if transform.applied is not None
            else _named_applications(model, transform)
        )
        for call in applications:
            given = _positional_count(call)
            if given is not None and given <= highest:
                yield Prediction(
                    "grad-argnums-missing-positional",
                    "error",
                    spans.of(call),
                    f"argnums={shown} needs at least {highest + 1} positional argument(s), but "
                    f"the call passes {given}: arguments given by keyword are not differentiated",
                )
        if transform.applied is not None and _applied_positional(transform) is not None:
            continue
        taken = _parameter_count(transform)
        if expr is not None and taken is not None and highest >= taken[1]:
            yield _parameters_prediction(
                "grad-argnums-missing-positional", spans, expr, shown, *taken
            )


def _parameter_count(transform: TransformCall) -> tuple[Function, int] | None:
    """The function a transform receives and how many positional arguments it takes (None
    with ``*args``)."""
    target = _target_function(transform)
    if target is None or target[0].has_varargs:
        return None
    function, fixed = target
    return function, len(function.positional) - fixed


def _parameters_prediction(
    code: str, spans: Spans, expr: ast.expr, shown: str, function: Function, available: int
) -> Prediction:
    return Prediction(
        code,
        "warning",
        spans.of(expr),
        f"argnums={shown} but {function.name} takes only {available} positional "
        "argument(s): there is no argument to differentiate at that position",
        _def_span(spans, function),
        "differentiated function",
        function.name,
    )


def _out_of_range(argnums: tuple[int, ...], count: int) -> int | None:
    """The first index JAX refuses for ``count`` positional arguments: it takes
    ``-count <= i < count``."""
    return next((i for i in argnums if not -count <= i < count), None)


def check_jacobian_argnums(
    model: ModuleModel, values: Values, spans: Spans
) -> Iterator[Prediction]:
    """``jax.jacrev`` / ``jacfwd`` / ``hessian`` with an ``argnums`` index outside the
    positional arguments of the call, or of the function (a call with more raises a
    ``TypeError`` in the function instead)."""
    del values
    for transform in _argnum_transforms(model, _JACOBIANS):
        expr, argnums = _argnums(transform)
        if not argnums:
            continue
        shown = "0 (the default)" if expr is None else ast.unparse(expr)
        given = _applied_positional(transform)
        if given is not None and transform.applied is not None:
            index = _out_of_range(argnums, given)
            if index is not None:
                yield Prediction(
                    "jacobian-argnums-out-of-range",
                    "error",
                    spans.of(transform.applied),
                    f"{transform.api.removeprefix('jax.')} with argnums={shown}: index {index} "
                    f"is out of range for the {given} positional argument(s) the call passes "
                    "(arguments given by keyword do not count)",
                )
            continue
        taken = _parameter_count(transform)
        if expr is not None and taken is not None and _out_of_range(argnums, taken[1]) is not None:
            yield _parameters_prediction(
                "jacobian-argnums-out-of-range", spans, expr, shown, *taken
            )


def check_grad_outputs(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """``has_aux=True`` with returns that are not pairs; a tuple output without ``has_aux``; an
    output that surely has dimensions."""
    for transform in model.transforms:
        if transform.api not in _AUX:
            continue
        found_function = _differentiated(model, values, spans, transform)
        if found_function is None:
            continue
        function, facts, places = found_function
        scope = function.scope
        has_aux = literal_bool(transform.keywords.get("has_aux", ast.Constant(False)))
        if has_aux is None:
            continue
        if has_aux:
            test = _not_pair(facts, scope)
            found, severity, which = _returns_all(function, test), _severity(transform), ""
            if found is None:
                # One path returns something else: the run fails when it is taken.
                found, severity = _returns_some(function, test), "warning"
                which = " on every path"
            if found is not None:
                yield Prediction(
                    "grad-has-aux-not-pair",
                    severity,
                    _where(spans, transform),
                    f"has_aux=True but {function.name} does not return a pair (output, aux){which}",
                    _last_value_span(places, function, found),
                    "return of",
                    function.name,
                )
            continue
        if transform.api not in _GRADS:
            continue
        found = _returns_all(function, partial(_present_and, facts.is_literal_container, scope))
        if found is not None:
            yield Prediction(
                "grad-output-not-array",
                _severity(transform),
                _where(spans, transform),
                f"{transform.api} needs a scalar output, but {function.name} returns a "
                "container; pass has_aux=True if the rest is auxiliary data",
                _last_value_span(places, function, found),
                "return of",
                function.name,
            )
            continue
        found = _returns_all(function, partial(_present_and, facts.nonscalar, scope))
        if found is not None:
            yield Prediction(
                "grad-nonscalar-output",
                _severity(transform),
                _where(spans, transform),
                f"{transform.api} needs a scalar output, but {function.name} returns an array "
                "with dimensions; reduce it (.sum(), .mean()) or use jax.jacrev",
                _last_value_span(places, function, found),
                "return of",
                function.name,
            )
            continue
        if all(_full_reduction(facts, v, scope) for v in function.return_values):
            continue  # a scalar whatever the arguments: no need to follow them
        ranked = _ranked_nonscalar(
            model, values.flow_files(spans.path, spans.lines), spans, transform
        )
        if ranked is not None:
            yield ranked


# Reductions that, without ``axis``, leave a scalar.
_FULL_REDUCTIONS = frozenset(
    {"sum", "mean", "max", "min", "prod", "var", "std", "logsumexp", "nansum", "nanmean", "vdot"}
)


def _full_reduction(values: Values, value: ast.expr | None, scope: Scope) -> bool:
    """``jnp.mean(err)``, ``loss.sum()``, ``0.5 * jnp.sum(r**2)``: a reduction over every axis
    (no ``axis``, no second positional argument), possibly scaled by a constant."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult | ast.Div):
        if isinstance(value.left, ast.Constant):
            return _full_reduction(values, value.right, scope)
        if isinstance(value.right, ast.Constant):
            return _full_reduction(values, value.left, scope)
        return False
    if not isinstance(value, ast.Call) or any(k.arg == "axis" for k in value.keywords):
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr in _FULL_REDUCTIONS and not value.args:
        return values.model.qualified_name(func, scope) is None  # an array's method
    name = values.model.qualified_name(func, scope) or ""
    module, _, last = name.rpartition(".")
    return module in ("jax.numpy", "numpy") and last in _FULL_REDUCTIONS and len(value.args) == 1


def _ranked_nonscalar(
    model: ModuleModel, files: LintFiles, spans: Spans, transform: TransformCall
) -> Prediction | None:
    """The differentiated function returns arrays with axes at a call that applies the
    transform, by the ranks of what the call passes (``lint.flow``): the first such call."""
    from jaxerr_ls.lint.flow import returned_ranks

    if not transform.call.args or isinstance(transform.call.args[0], ast.Starred):
        return None
    applications = (
        [transform.applied]
        if transform.applied is not None
        else _named_applications(model, transform)
    )
    if not applications:
        return None
    for applied in applications:
        returns = returned_ranks(files, transform.call.args[0], transform.scope, applied)
        if not returns or any(r.rank is not None and r.rank < 1 for r in returns):
            continue
        last = returns[-1]
        axes = {None: "axes", 1: "one axis"}.get(last.rank, f"{last.rank} axes")
        name, shown = last.function.name, ast.unparse(last.value)
        return Prediction(
            "grad-nonscalar-output",
            "error",
            spans.of(applied),
            f"{transform.api} needs a scalar output, but {name} returns `{shown}`, "
            f"an array with {axes} for the arguments given here; reduce it (.sum(), .mean()) or "
            "use jax.jacrev",
            ast_span(last.path, last.value, last.lines),
            "return of",
            name,
        )
    return None


# -- integer inputs ----------------------------------------------------------------------------

# The transforms that refuse an integer input, and the record each one's words are (``jacfwd``
# says "np.floating"; ``hessian`` is ``jacfwd`` of ``jacrev``, whose check runs first).
_INT_REFUSING = {
    "jax.grad": "grad-int-input",
    "jax.value_and_grad": "grad-int-input",
    "jax.jacrev": "grad-int-input",
    "jax.jacfwd": "jacfwd-int-input",
    "jax.hessian": "jacfwd-int-input",
}
# ``culprit_dtypes``' kinds of an integer value: an integer or boolean array, a Python int.
_INT_KINDS = frozenset({"int", "bool", "pyint"})


def check_grad_int_input(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """A differentiated argument with an integer or boolean leaf, at a call that applies the
    transform: through the value flow, the array or Python int each leaf of what the call
    passes surely is (``jnp.arange(n)``, a dict entry ``"step": 0``), whichever way the call
    is reached; ``allow_int=True`` (or any value of it not literally False) keeps it silent."""
    from jaxerr_ls import culprit_dtypes
    from jaxerr_ls.culprit_state import Place

    for transform in model.transforms:
        code = _INT_REFUSING.get(transform.api)
        if code is None:
            continue
        if any(
            given is not None and literal_bool(given) is not False
            for given in (transform.keywords.get(k) for k in ("allow_int", "holomorphic"))
        ):
            continue  # allowed, or refused in other words (a complex input is wanted)
        indices = _argnums(transform)[1]
        if not indices or not transform.call.args:
            continue
        applications = (
            [transform.applied]
            if transform.applied is not None
            else _named_applications(model, transform)
        )
        files = values.flow_files(spans.path, spans.lines)
        for applied in applications:
            args = applied.args
            if any(isinstance(a, ast.Starred) for a in args):
                continue
            if any(not -len(args) <= index < len(args) for index in indices):
                continue  # another check's error (an argnums out of range)
            found = None
            for flow in files.flows(applied):
                dtypes = culprit_dtypes.Dtypes(flow)
                here = None
                for index in indices:
                    given = Place(files.path, files.model, args[index], transform.scope)
                    for leaf in culprit_dtypes.leaves(flow, given) or []:
                        # A field of a project class may be static (not a leaf at all);
                        # every field of a NamedTuple is a leaf.
                        held = leaf.holder is not None and not _named_tuple(leaf.holder)
                        kind = None if held else dtypes.of(leaf.value)
                        if kind in _INT_KINDS and here is None:
                            here = (args[index], leaf, kind, dtypes.int_origin(leaf.value))
                if here is None:
                    found = None
                    break
                found = found or here
            if found is None:
                continue
            argument, leaf, kind, origin = found
            what = ast.unparse(argument)
            what = what if leaf.key is None else f"{what}[{leaf.key!r}]"
            shown = "bool" if kind == culprit_dtypes.BOOL else "int32"
            name = transform.api.removeprefix("jax.")
            remedy = "pass allow_int=True" if code == "grad-int-input" else "use jax.jvp directly"
            yield Prediction(
                code,
                "error",
                spans.of(applied),
                f"{name} differentiates {what}, an integer array ({shown}): build it as a "
                f"float array, or {remedy}",
                None
                if origin is None
                else ast_span(origin.path, origin.node, files.lines(origin.path) or []),
                None if origin is None else "integer array made by",
                None if origin is None else what,
                captures=(shown,),
            )
            break


def _named_tuple(cls: Place) -> bool:
    """A ``typing.NamedTuple`` class of the project (each of its fields is a pytree leaf)."""
    node = cls.node
    assert isinstance(node, ast.ClassDef)
    scope = cls.model.scopes[node].parent or cls.model.module_scope
    return any(cls.model.qualified_name(b, scope) == "typing.NamedTuple" for b in node.bases)


# -- Refs --------------------------------------------------------------------------------------


def _is_new_ref(model: ModuleModel, expr: ast.expr, scope: Scope) -> bool:
    """A name bound once, to ``jax.new_ref(...)``, in the scope where it is read."""
    if not isinstance(expr, ast.Name):
        return False
    value = model.value_of(expr.id, scope)
    return isinstance(value, ast.Call) and model.qualified_name(value.func, scope) == "jax.new_ref"


def check_grad_ref(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """A Ref made by ``jax.new_ref`` given to a gradient transform at a position it
    differentiates: a name bound to one right there, or (through the value flow, ``lint.flow``)
    an attribute an instance's class assigns one to, a parameter a caller passes one for."""
    follow = _shows_refs(spans)
    for transform in model.transforms:
        applied = transform.applied
        if transform.api not in _GRADS or applied is None:
            continue
        if any(isinstance(a, ast.Starred) for a in applied.args):
            continue
        for index in _argnums(transform)[1] or ():
            if not 0 <= index < len(applied.args):
                continue
            given = applied.args[index]
            made = None
            if not _is_new_ref(model, given, transform.scope):
                if not follow or not isinstance(given, ast.Name | ast.Attribute):
                    continue
                made = made_by(
                    values.flow_files(spans.path, spans.lines), given, transform.scope, applied
                )
                if made is None or not _new_ref_call(made[1]):
                    continue
            yield Prediction(
                "grad-ref-argument",
                "error",
                spans.of(applied),
                f"{transform.api} differentiates with respect to {ast.unparse(given)}, a Ref "
                "made by jax.new_ref; differentiate its value (ref[...]) or use jax.vjp and "
                "bind a gradient ref with with_refs",
                None if made is None else ast_span(made[0], made[1], made[2]),
                None if made is None else "Ref made by",
                None if made is None else ast.unparse(given),
            )
            break


def _shows_refs(spans: Spans) -> bool:
    """Whether a module shows Refs, and so is worth following the value flow in for them: it
    makes one (``new_ref``) or reads or writes one's value (``ref[...]``)."""
    text = "\n".join(spans.lines)
    return "new_ref" in text or "[...]" in text


def _new_ref_call(call: ast.Call) -> bool:
    """``jax.new_ref(...)`` however the module imported it (the flow resolved the name)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name == "new_ref"


@dataclass(frozen=True, slots=True)
class _VjpResult:
    """``out, f_vjp = jax.vjp(f, *primals)``: the name bound to the VJP function."""

    binding_node: ast.Assign
    primals: list[ast.expr]
    scope: Scope


def _vjp_functions(model: ModuleModel) -> dict[ast.Assign, _VjpResult]:
    found = {}
    for transform in model.transforms:
        if transform.api != "jax.vjp":
            continue
        parent = model.parents.get(transform.call)
        if not isinstance(parent, ast.Assign) or len(parent.targets) != 1:
            continue
        has_aux = literal_bool(transform.keywords.get("has_aux", ast.Constant(False)))
        target = parent.targets[0]
        size = 3 if has_aux else 2
        if has_aux is None or not isinstance(target, ast.Tuple) or len(target.elts) != size:
            continue
        primals = transform.call.args[1:]
        if any(isinstance(p, ast.Starred) for p in primals):
            continue
        found[parent] = _VjpResult(parent, primals, transform.scope)
    return found


def _vjp_of(
    model: ModuleModel, expr: ast.expr, scope: Scope, results: dict[ast.Assign, _VjpResult]
) -> _VjpResult | None:
    if not isinstance(expr, ast.Name):
        return None
    binding = scope.lookup(expr.id)
    if binding is None or not isinstance(binding.node, ast.Assign):
        return None
    result = results.get(binding.node)
    if result is None:
        return None
    target = binding.node.targets[0]
    assert isinstance(target, ast.Tuple)
    second = target.elts[1]
    return result if isinstance(second, ast.Name) and second.id == expr.id else None


def check_vjp_refs(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """``f_vjp(ct)`` without ``with_refs`` when a primal is a Ref, and ``with_refs`` given a
    placeholder that cannot take a Ref's gradient."""
    results = _vjp_functions(model)
    if not results:
        return
    follow = _shows_refs(spans)
    known: dict[int, bool] = {}

    def is_ref(primal: ast.expr, result: _VjpResult) -> bool:
        """A primal made by ``jax.new_ref``: bound to one right there, or (through the value
        flow) an attribute an instance's class assigns one to, a parameter a caller passes
        one for."""
        if id(primal) not in known:
            found = _is_new_ref(model, primal, result.scope)
            if not found and follow and isinstance(primal, ast.Name | ast.Attribute):
                vjp_call = result.binding_node.value
                assert isinstance(vjp_call, ast.Call)
                files = values.flow_files(spans.path, spans.lines)
                made = made_by(files, primal, result.scope, vjp_call)
                found = made is not None and _new_ref_call(made[1])
            known[id(primal)] = found
        return known[id(primal)]

    for call, scope in model.calls:
        func = call.func
        result = _vjp_of(model, func, scope, results)
        if result is not None:
            refs = [(index, p) for index, p in enumerate(result.primals) if is_ref(p, result)]
            if refs:
                index, ref = refs[0]
                yield Prediction(
                    "vjp-ref-grad-missing",
                    "error",
                    spans.of(call),
                    f"{ast.unparse(ref)} is a Ref (jax.new_ref), so its gradient must be "
                    f"accumulated into a ref: call {ast.unparse(func)}.with_refs(grad_ref, ...)"
                    "(ct) instead",
                    captures=(
                        f"the argument at position args[{index}] of the differentiated function",
                    ),
                )
            continue
        if not (isinstance(func, ast.Attribute) and func.attr == "with_refs"):
            continue
        result = _vjp_of(model, func.value, scope, results)
        if result is None or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        if call.keywords or len(call.args) != len(result.primals):
            continue
        parent = model.parents.get(call)
        applied = isinstance(parent, ast.Call) and parent.func is call
        for primal, given in zip(result.primals, call.args, strict=True):
            a_ref = is_ref(primal, result)
            if isinstance(given, ast.Constant) and given.value is None:
                # None is an empty pytree: it matches no array or Ref leaf.
                if not (a_ref or values.is_array(primal, result.scope)):
                    continue
                code, why = "vjp-with-refs-tree", "None is an empty pytree, not a placeholder"
            elif (
                a_ref
                and isinstance(given, ast.Call)
                and model.qualified_name(given.func, scope) == ("jax.ad.GradValue")
            ):
                code, why = "vjp-ref-grad-returned", "a Ref's gradient cannot be returned"
            else:
                continue
            yield Prediction(
                code,
                "error" if applied else "warning",
                spans.of(given),
                f"with_refs gets {ast.unparse(given)} for {ast.unparse(primal)}: {why}; pass a "
                "Ref to accumulate into, or jax.ad.DontWant()",
            )


# -- hijax -------------------------------------------------------------------------------------


# Calls that return something other than None or a plain ``dict`` (JAX checks ``type(log) is
# dict``: a dict subclass is refused too).
_NOT_LOG_CALLS = frozenset(
    {
        "collections.OrderedDict",
        "collections.defaultdict",
        "collections.Counter",
        "collections.ChainMap",
        "collections.UserDict",
        "types.MappingProxyType",
        "collections.namedtuple",
        "types.SimpleNamespace",
        "jax.numpy.linalg.norm",
        "jax.numpy.linalg.det",
        "jax.numpy.linalg.inv",
        "jax.numpy.linalg.pinv",
        "jax.numpy.linalg.solve",
        "jax.numpy.linalg.cholesky",
        "jax.numpy.linalg.matrix_power",
        "numpy.linalg.norm",
    }
)


# Builtins whose result is never a dict (``max`` and ``min`` may pick one, ``dict`` is one).
_NOT_LOG_BUILTINS = frozenset(
    {
        "tuple", "list", "set", "frozenset", "sorted", "reversed", "str", "repr", "format",
        "bytes", "int", "float", "complex", "bool", "len", "range", "zip", "enumerate", "map",
        "filter", "round", "abs",
    }
)  # fmt: skip


def _accumulated(model: ModuleModel, scope: Scope) -> frozenset[str]:
    """Names given to ``<accumulator>.accum(name)`` in a function's own scope: cotangents, so
    arrays."""
    return frozenset(
        call.args[0].id
        for call, where in model.calls_named("accum")
        if where is scope
        and isinstance(call.func, ast.Attribute)
        and len(call.args) == 1
        and isinstance(call.args[0], ast.Name)
    )


def _plain_class(model: ModuleModel, node: ast.ClassDef, depth: int = 0) -> bool:
    """A class of the project whose instances are surely not dicts by type (what JAX checks:
    ``type(log) is dict``), a subclass of ``dict`` included: no metaclass and no ``__new__``
    in it or in its bases of the same module, which could make something else."""
    if depth > _DEPTH or node.keywords:
        return False
    if any("__new__" in _defined_names(n) for n in node.body):
        return False
    scope = model.scopes[node].parent or model.module_scope
    for base in node.bases:
        binding = scope.lookup(base.id) if isinstance(base, ast.Name) else None
        if binding is None or not isinstance(binding.node, ast.ClassDef):
            continue  # ``dict``, ``NamedTuple``, a class imported: its instances are its own
        if not _plain_class(model, binding.node, depth + 1):
            return False
    return True


def _defined_names(statement: ast.stmt) -> set[str]:
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
        return {statement.name}
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, ast.AnnAssign):
        targets = [statement.target]
    else:
        return set()
    return {t.id for t in targets if isinstance(t, ast.Name)}


def _sure_not_log(
    model: ModuleModel, values: Values, scope: Scope, methods: dict[str, Function]
) -> Callable[[ast.expr | None], bool]:
    """A value that is neither None nor a dict: a tuple, list or set, a constant, an array (a
    name given to an accumulator's ``accum``, a NumPy-like function's result), an instance of
    a plain class, a dict subclass; names followed to their one assignment, calls of functions
    (of the module, or imported from the project) and of the class's own ``methods`` to what
    every way out of them returns."""
    project = values.project
    importer = None if project is None else project.importer

    # What each function followed returns, worked out once (a function met again while its
    # own returns are being looked at, recursion, is not known to return a log-free value).
    known: dict[int, bool] = {}

    def returned(
        function: Function, m: ModuleModel, facts: Values, depth: int, instance: bool = False
    ) -> bool:
        """Whether every way out of ``function`` returns a value surely not a log; in a
        method of a class whose instances are not dicts (``instance``), ``self`` is one."""
        if function.is_generator or function.falls_off_end or not function.returns:
            return False
        key = id(function.node)
        if key not in known:
            known[key] = False
            own = _accumulated(m, function.scope)
            if instance and function.params:
                own |= {function.params[0].name}
            known[key] = all(
                test(value, m, facts, function.scope, depth + 1, own)
                for value in function.return_values
            )
        return known[key]

    def called(value: ast.Call, m: ModuleModel, facts: Values, where: Scope, depth: int) -> bool:
        func = value.func
        if m.qualified_name(func, where) in _NOT_LOG_CALLS:
            return True
        if (
            isinstance(func, ast.Name)
            and func.id in _NOT_LOG_BUILTINS
            and where.lookup(func.id) is None
        ):
            return True
        if (
            m is model
            and isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == "self"
            and func.attr in methods
        ):
            return returned(methods[func.attr], m, facts, depth)
        if not isinstance(func, ast.Name | ast.Attribute):
            return False
        if isinstance(func, ast.Attribute):
            method = instance_method(func, m, where)
            if method is not None:
                other, function = method
                if other is not m:
                    if project is None:
                        return False
                    facts = Values(other, project)
                return returned(function, other, facts, depth, instance=True)
        cls = m.locate_class(func, where, importer)
        if cls is not None:
            node = cls[1].node
            return isinstance(node, ast.ClassDef) and _plain_class(cls[0], node)
        found = m.locate_function(func, where, importer)
        if found is None or not isinstance(found[1], Function) or found[1].decorators:
            return False
        other = found[0]
        if other is not m:
            if project is None:
                return False
            facts = Values(other, project)
        return returned(found[1], other, facts, depth)

    def instance_method(
        func: ast.Attribute, m: ModuleModel, where: Scope
    ) -> tuple[ModuleModel, Function] | None:
        """The method ``func`` calls on an instance of a project class held by a name with
        one assignment (``LOGGER.record`` where ``LOGGER = BackwardLogger()``, here or in the
        module it is imported from), when instances of that class are surely not dicts."""
        if not isinstance(func.value, ast.Name):
            return None
        binding = where.lookup(func.value.id)
        owner = m
        if binding is not None and binding.kind == "import" and importer is not None:
            module, _, name = (binding.qualified or "").rpartition(".")
            other = importer(module) if module else None
            binding = None if other is None else other.module_scope.lookup(name)
            owner = other if other is not None else m
        if binding is None or binding.kind != "assign" or not isinstance(binding.value, ast.Call):
            return None
        cls = owner.locate_class(binding.value.func, binding.scope, importer)
        if cls is None or not isinstance(cls[1].node, ast.ClassDef):
            return None
        defining, node = cls[0], cls[1].node
        if not _plain_class(defining, node):
            return None
        for statement in node.body:
            if isinstance(statement, ast.FunctionDef) and statement.name == func.attr:
                function = defining.functions.get(statement)
                if function is None or function.decorators:
                    return None
                return defining, function
        return None

    def test(
        value: ast.expr | None,
        m: ModuleModel,
        facts: Values,
        where: Scope,
        depth: int,
        accumulated: frozenset[str],
    ) -> bool:
        if value is None or depth > _DEPTH:
            return False
        if isinstance(value, ast.Constant):
            return value.value is not None
        if isinstance(value, ast.Tuple | ast.List | ast.Set | ast.ListComp | ast.SetComp):
            return True
        if isinstance(value, ast.Name):
            if value.id in accumulated and len(where.lookup_all(value.id)) == 1:
                return True
            resolved = facts.resolve(value, where)
            if resolved is not None:
                return test(resolved[0], m, facts, resolved[1], depth + 1, frozenset())
            return False
        if isinstance(value, ast.Call) and called(value, m, facts, where, depth):
            return True
        return facts.not_container(value, where)

    accumulated = _accumulated(model, scope)
    return lambda value: test(value, model, values, scope, 0, accumulated)


def check_hijax_bwd_return(
    model: ModuleModel, values: Values, spans: Spans
) -> Iterator[Prediction]:
    for prim in model.hijax_classes:
        method = prim.methods.get("vjp_bwd")
        if method is None and "vjp_bwd_retval" not in prim.methods:
            yield from _inherited_bwd_return(model, values, spans, prim)
        if method is None or method.is_generator:
            continue
        project = values.project
        wrapped = model.wrapper_of(method, None if project is None else project.importer)
        if wrapped is not None:
            # JAX calls the wrapper a decorator of the project returns.
            yield from _wrapped_bwd_return(model, values, spans, prim, method, wrapped)
            continue
        test = _sure_not_log(model, values, method.scope, prim.methods)
        bad = [r for r in method.returns if r.value is not None and test(r.value)]
        if not bad:
            yield from _hook_returns(model, values, spans, prim, method)
            continue
        certain = len(bad) == len(method.returns) and not method.falls_off_end
        yield _method_prediction(
            "hijax-vjp-bwd-return",
            "error" if certain else "warning",
            spans.of(bad[0].value or bad[0]),
            f"{prim.node.name}.vjp_bwd must return None or a dict of log entries; accumulate "
            "cotangents into the accumulators (x_acc.accum(ct)) or rename the method to "
            "vjp_bwd_retval to return them",
            spans,
            prim,
            "vjp_bwd",
        )


def _hook_returns(
    model: ModuleModel, values: Values, spans: Spans, prim: HijaxClass, method: Function
) -> Iterator[Prediction]:
    """``return self.report(ct)`` in a base primitive's ``vjp_bwd``, with ``report`` a hook a
    subclass overrides (in this module or, given the project, in another) to return something
    else than None or a dict: the subclass's ``vjp_bwd`` returns it."""
    if not method.params:
        return
    this = method.params[0].name
    hooks = [
        (r, r.value.func.attr)
        for r in method.returns
        if isinstance(r.value, ast.Call)
        and isinstance(r.value.func, ast.Attribute)
        and isinstance(r.value.func.value, ast.Name)
        and r.value.func.value.id == this
    ]
    if not hooks:
        return
    for sub_model, node in _subclasses(model, values, spans, prim):
        methods = sub_model.methods(node)
        if "vjp_bwd" in methods or "vjp_bwd_retval" in methods:
            continue
        facts = values if sub_model is model else Values(sub_model, values.project)
        places = spans if sub_model is model else _module_spans(values.project, sub_model)
        if places is None:
            continue
        for returned, name in hooks:
            hook = methods.get(name)
            if hook is None or hook.is_generator or hook.falls_off_end or not hook.returns:
                continue
            test = _sure_not_log(sub_model, facts, hook.scope, methods)
            if not all(v is not None and test(v) for v in hook.return_values):
                continue
            yield Prediction(
                "hijax-vjp-bwd-return",
                "warning",
                spans.of(returned.value or returned),
                f"{node.name}.vjp_bwd (inherited from {prim.node.name}) returns what "
                f"{node.name}.{name} returns, which is not None or a dict of log entries; "
                f"return None from {name}, or accumulate cotangents into the accumulators",
                places.of(hook.return_values[-1] or hook.node),
                f"`{node.name}` method",
                name,
                (node.name,),
                subject=node.name,
            )
            break


def _wrapped_bwd_return(
    model: ModuleModel,
    values: Values,
    spans: Spans,
    prim: HijaxClass,
    method: Function,
    wrapped: tuple[ModuleModel, Function],
) -> Iterator[Prediction]:
    """A ``vjp_bwd`` under a decorator of the project: JAX calls the wrapper the decorator
    returns, so what the wrapper returns is checked (``return norm`` after calling the rule)."""
    project = values.project
    other, wrapper = wrapped
    if wrapper.is_generator or wrapper.falls_off_end or not wrapper.returns:
        return
    if other is model:
        facts, places = values, spans
    else:
        other_places = _module_spans(project, other)
        if other_places is None:
            return
        facts, places = Values(other, project), other_places
    test = _sure_not_log(other, facts, wrapper.scope, {})
    bad = [r for r in wrapper.return_values if r is not None and test(r)]
    if not bad:
        return
    node = method.node
    assert not isinstance(node, ast.Lambda)
    yield Prediction(
        "hijax-vjp-bwd-return",
        "error" if len(bad) == len(wrapper.return_values) else "warning",
        spans.of(bad[-1]) if other is model else spans.of(node.decorator_list[0]),
        f"{prim.node.name}.vjp_bwd is wrapped by a decorator whose {wrapper.name} returns "
        "something else than None or a dict of log entries; the wrapper must return what "
        "the rule returns (None)",
        places.of(bad[-1]),
        "decorator wrapper",
        wrapper.name,
        (prim.node.name,),
        subject=prim.node.name,
    )


def _inherited_bwd_return(
    model: ModuleModel, values: Values, spans: Spans, prim: HijaxClass
) -> Iterator[Prediction]:
    """A primitive whose ``vjp_bwd`` comes from a base class of another project module (a
    mixin, ``class RMSScale(AccumulatingBwd, HiPrim)``) that surely returns something else
    than None or a dict: the prediction is on that base's name, its culprit the ``return``."""
    project = values.project
    if project is None:
        return
    scope = model.scopes[prim.node].parent or model.module_scope
    for base in prim.node.bases:
        qualified = model.qualified_name(base, scope) or ""
        module, _, name = qualified.rpartition(".")
        other = project.importer(module) if module and not module.startswith("jax") else None
        binding = None if other is None else other.module_scope.lookup(name)
        if other is None or binding is None or not isinstance(binding.node, ast.ClassDef):
            continue
        methods = other.methods(binding.node)
        bwd = methods.get("vjp_bwd")
        if bwd is None:
            continue
        places = _module_spans(project, other)
        if places is None or bwd.is_generator or bwd.falls_off_end or not bwd.returns:
            return
        test = _sure_not_log(other, Values(other, project), bwd.scope, methods)
        bad = [r for r in bwd.return_values if r is not None and test(r)]
        if bad:
            yield Prediction(
                "hijax-vjp-bwd-return",
                "error" if len(bad) == len(bwd.return_values) else "warning",
                spans.of(base),
                f"{prim.node.name}.vjp_bwd, inherited from {name}, must return None or a dict "
                "of log entries; accumulate cotangents into the accumulators (x_acc.accum(ct)) "
                "or rename the method to vjp_bwd_retval to return them",
                places.of(bad[-1]),
                f"`{name}` method",
                "vjp_bwd",
                (prim.node.name,),
                subject=prim.node.name,
            )
        return


def _subclasses(
    model: ModuleModel, values: Values, spans: Spans, prim: HijaxClass
) -> list[tuple[ModuleModel, ast.ClassDef]]:
    """The classes of the module, and (given the project, for a class at the module's top
    level) of the project's other modules, that name ``prim`` among their bases."""
    out = []
    for node, scope in model.classes.items():
        outer = scope.parent or model.module_scope
        for base in node.bases:
            binding = outer.lookup(base.id) if isinstance(base, ast.Name) else None
            if binding is not None and binding.node is prim.node:
                out.append((model, node))
                break
    top = model.module_scope.lookup(prim.node.name)
    if values.project is not None and top is not None and top.node is prim.node:
        found = values.project.modules.subclasses(spans.path, prim.node.name)
        out += [(other, node) for _, other, node in found]
    return out


def _in_avals_count(prim: HijaxClass) -> int | None:
    """How many inputs the primitive declares: the length of the one tuple display its
    ``__init__`` assigns to ``self.in_avals`` (None when that is not how it says it)."""
    init = prim.methods.get("__init__")
    if init is None or not init.params or isinstance(init.node, ast.Lambda):
        return None
    this = init.params[0].name
    found = [
        node.value
        for node in ast.walk(init.node)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and any(
            isinstance(t, ast.Attribute)
            and t.attr == "in_avals"
            and isinstance(t.value, ast.Name)
            and t.value.id == this
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]
    if len(found) != 1 or not isinstance(found[0], ast.Tuple):
        return None
    if any(isinstance(item, ast.Starred) for item in found[0].elts):
        return None
    return len(found[0].elts)


def check_hijax_retval_structure(
    model: ModuleModel, values: Values, spans: Spans
) -> Iterator[Prediction]:
    """A ``vjp_bwd_retval`` that returns other than one cotangent per input, as a tuple: JAX
    flattens its return against ``in_avals`` and raises its generic pytree error."""
    for prim in model.hijax_classes:
        method = prim.methods.get("vjp_bwd_retval")
        # With its own vjp_bwd, the class never has vjp_bwd_retval called (jax 0.12).
        if method is None or "vjp_bwd" in prim.methods or prim.assigned & {"vjp_bwd_retval"}:
            continue
        expected = _in_avals_count(prim)
        if expected is None:
            continue

        def wrong(value: ast.expr | None, scope: Scope = method.scope, n: int = expected) -> bool:
            if value is None:
                return False
            if isinstance(value, ast.List):
                return True
            if _is_tuple(value, values, scope):
                length = values.tuple_length(value, scope)
                return length is not None and length != n
            return values.not_container(value, scope)

        found = _returns_all(method, wrong)
        if found is None:
            continue
        yield _method_prediction(
            "hijax-vjp-bwd-retval-structure",
            "error",
            _last_value_span(spans, method, found),
            f"{prim.node.name}.vjp_bwd_retval must return a tuple of {expected} cotangent(s), "
            "one per entry of in_avals; this returns something else",
            spans,
            prim,
            "vjp_bwd_retval",
        )


def check_hijax_bwd_both(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """A class that defines both backward methods: jax 0.10 refuses it, jax 0.12 calls
    ``vjp_bwd`` and never ``vjp_bwd_retval``."""
    del values
    for prim in model.hijax_classes:
        if not {"vjp_bwd", "vjp_bwd_retval"} <= prim.methods.keys():
            continue
        yield _method_prediction(
            "hijax-vjp-bwd-both",
            "warning",
            _class_span(spans, prim.node),
            f"{prim.node.name} defines both vjp_bwd and vjp_bwd_retval: jax 0.12 calls vjp_bwd "
            "and ignores vjp_bwd_retval, jax 0.10 refuses the class; keep one",
            spans,
            prim,
            "vjp_bwd_retval",
        )


def _method_prediction(
    code: str,
    severity: str,
    span: Span,
    message: str,
    spans: Spans,
    prim: HijaxClass,
    method: str,
) -> Prediction:
    """A prediction whose culprit is the ``def`` of one method of a hijax class."""
    return Prediction(
        code,
        severity,
        span,
        message,
        _def_span(spans, prim.methods[method]),
        f"`{prim.node.name}` method",
        method,
        (prim.node.name,),
        subject=prim.node.name,
    )


def _hijax_missing(prim: HijaxClass) -> tuple[str, str] | None:
    """Half a reverse-mode rule written as methods, the other half nowhere in the class.
    (Rules assigned in the class body, ``vjp_fwd, vjp_bwd_retval = vjp_from_jvp``, fail in
    other ways when done wrong, and are left to those records.)"""
    if prim.assigned & {"vjp_fwd", "vjp_bwd", "vjp_bwd_retval"}:
        return None
    has_fwd = "vjp_fwd" in prim.methods
    has_bwd = "vjp_bwd" in prim.methods or "vjp_bwd_retval" in prim.methods
    if has_fwd and not has_bwd:
        return "hijax-vjp-bwd-missing", "vjp_fwd but no vjp_bwd or vjp_bwd_retval"
    if has_bwd and not has_fwd:
        return "hijax-vjp-fwd-missing", "a backward rule but no vjp_fwd"
    return None


# What the hijax base classes themselves define (HiPrim in jax 0.12, VJPHiPrimitive in 0.10):
# a call ``self.name(...)`` of one of them is not a hook left to subclasses.
_HIJAX_BASE_ATTRIBUTES = frozenset(
    {
        "batch", "batch_dim_rule", "bind", "check", "dce", "effects", "expand", "jvp", "lin",
        "linearized", "physicalize", "pp_params", "remat", "staging", "transpose", "vjp_bwd",
        "vjp_bwd_retval", "vjp_bwd_retval_logs", "vjp_fwd", "abstract_eval", "to_lojax",
    }
)  # fmt: skip


def _left_to_subclasses(model: ModuleModel, prim: HijaxClass) -> bool:
    """A base class of the project's primitives rather than a primitive: another class of the
    module derives from it, or its methods call a method of ``self`` that neither it nor the
    hijax base defines (``self.backward(res, g)``: the subclasses write it, and may write the
    missing half of the rule as well)."""
    name = prim.node.name
    for cls in model.classes:
        if any(isinstance(b, ast.Name) and b.id == name for b in cls.bases):
            return True
    own = (
        set(prim.methods)
        | prim.assigned
        | {n.name for n in prim.node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    )
    for function in prim.methods.values():
        for node in ast.walk(function.node):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "self"
                and node.func.attr not in own
                and node.func.attr not in _HIJAX_BASE_ATTRIBUTES
                and not node.func.attr.startswith("__")
            ):
                return True
    return False


def check_hijax_missing(model: ModuleModel, values: Values, spans: Spans) -> Iterator[Prediction]:
    """A primitive with half of its reverse-mode rule: grad of it raises. A base class left
    for subclasses to complete is not one."""
    del values
    for prim in model.hijax_classes:
        if not prim.direct or _left_to_subclasses(model, prim):
            continue
        missing = _hijax_missing(prim)
        if missing is None:
            continue
        code, what = missing
        yield Prediction(
            code,
            "warning",
            _class_span(spans, prim.node),
            f"{prim.node.name} defines {what}: differentiating it in reverse mode raises",
            subject=prim.node.name,
        )


CHECKS: tuple[Check, ...] = (
    Check(("custom-vjp-fwd-not-pair",), check_custom_vjp_fwd, ("custom_vjp",)),
    Check(("custom-vjp-bwd-structure",), check_custom_vjp_bwd, ("custom_vjp",)),
    Check(("custom-jvp-rule-not-pair",), check_custom_jvp_rule, ("custom_jvp",)),
    Check(
        ("custom-vjp-no-rule", "custom-jvp-no-rule"),
        check_custom_no_rule,
        ("custom_vjp", "custom_jvp"),
    ),
    Check(("grad-argnums-missing-positional",), check_grad_argnums, ("grad",)),
    Check(
        ("jacobian-argnums-out-of-range",),
        check_jacobian_argnums,
        ("jacrev", "jacfwd", "jacobian", "hessian"),
    ),
    Check(
        ("grad-has-aux-not-pair", "grad-output-not-array", "grad-nonscalar-output"),
        check_grad_outputs,
        ("grad", "jacrev", "hessian"),
    ),
    Check(("grad-ref-argument",), check_grad_ref, ("grad",)),
    Check(
        ("grad-int-input", "jacfwd-int-input"),
        check_grad_int_input,
        ("grad", "jacrev", "jacfwd", "hessian"),
    ),
    Check(
        ("vjp-ref-grad-missing", "vjp-with-refs-tree", "vjp-ref-grad-returned"),
        check_vjp_refs,
        ("vjp",),
    ),
    Check(("hijax-vjp-bwd-return",), check_hijax_bwd_return, ("HiPrim",)),
    Check(("hijax-vjp-bwd-missing", "hijax-vjp-fwd-missing"), check_hijax_missing, ("HiPrim",)),
    Check(("hijax-vjp-bwd-retval-structure",), check_hijax_retval_structure, ("HiPrim",)),
    Check(("hijax-vjp-bwd-both",), check_hijax_bwd_both, ("HiPrim",)),
)

# Every record code a check may report.
CODES: frozenset[str] = frozenset(code for check in CHECKS for code in check.codes)


def checks_for(source: str, enabled: frozenset[str] = CODES) -> tuple[Check, ...]:
    """The checks that report any of the ``enabled`` codes and may find something in this text:
    a module that names none of the APIs they start from needs no model (a substring test, so
    ``grad`` in a comment or ``gradient`` keeps the check, which then finds nothing)."""
    return tuple(
        check
        for check in CHECKS
        if not enabled.isdisjoint(check.codes) and any(word in source for word in check.needs)
    )


def run_checks(
    model: ModuleModel,
    spans: Spans,
    enabled: frozenset[str] = CODES,
    checks: Sequence[Check] = CHECKS,
    project: Project | None = None,
) -> list[Prediction]:
    """The predictions of the ``checks`` that report any of the ``enabled`` codes; given the
    ``project``, functions imported from its other modules are checked too."""
    values = Values(model, project)
    found: list[Prediction] = []
    for check in checks:
        if enabled.isdisjoint(check.codes):
            continue
        try:
            found.extend(p for p in check.run(model, values, spans) if p.code in enabled)
        except RecursionError:
            # Code nested or chained past Python's stack: the check stays silent on it (a
            # prediction is made only where it is sure) and the others still run.
            continue
    found.sort(key=lambda p: (p.span.line, p.span.col, p.code))
    return found

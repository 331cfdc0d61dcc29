"""Culprits of transform errors: the function grad/vjp got, the argument or tangent built wrong."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from jaxerr_ls import culprit_dtypes, culprit_leaves, culprit_ranks, culprit_state
from jaxerr_ls.astindex import nodes_of, stored_names
from jaxerr_ls.culprit_flow import (
    Callee,
    Flow,
    argument,
    documented,
    keyword_value,
    output_batched,
    scope_at,
    shape_of,
    updated_array,
    wants_scalar,
)
from jaxerr_ls.culprit_modes import (
    UNKNOWN,
    Env,
    call_env,
    constant,
    reachable_returns,
    skipped_assignments,
)
from jaxerr_ls.culprit_state import Place
from jaxerr_ls.culprits import Culprit
from jaxerr_ls.library import library
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.project import (
    DIFFERENTIATING,
    TRANSPARENT,
    Binding,
    Function,
    Importer,
    ModuleModel,
    Partial,
    Reads,
    Scope,
    TransformCall,
    assembles_vector,
    binding_kind,
    build,
    class_fields,
    last_name,
    literal_ints,
    module_files,
    reads_of,
    reduced_where_called,
    used_as_vector,
)
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Span, ast_span

# Transforms whose result is called with the differentiated arguments.
_APPLIED = DIFFERENTIATING - {"jax.vjp", "jax.jvp", "jax.linearize"}
# Functions returning a function of tangents / cotangents: ``_, f_jvp = jax.linearize(f, x)``,
# ``f_t = jax.linear_transpose(f, x)``.
_PULLING = frozenset({"jax.linearize", "jax.vjp", "jax.linear_transpose"})
# Reductions that give a scalar when called without an axis.
_REDUCTIONS = frozenset(
    {"sum", "mean", "max", "min", "prod", "var", "std", "norm", "logsumexp", "vdot", "trace"}
)
# Integer arrays by nature: selecting one for differentiation is the mistake, not building it.
_INT_BY_NATURE = frozenset(
    {
        "jax.numpy.argmax",
        "jax.numpy.argmin",
        "jax.numpy.argsort",
        "jax.numpy.searchsorted",
        "jax.numpy.digitize",
        "jax.random.randint",
        "jax.random.categorical",
        "jax.random.poisson",
        "jax.numpy.bincount",
        "jax.numpy.argwhere",
        "jax.numpy.flatnonzero",
    }
)
_INT_DTYPES = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint32", "int", "bool_"})
# Array constructors and the index of their positional ``dtype`` argument.
_CONSTRUCTORS = {
    "jax.numpy.array": 1,
    "jax.numpy.asarray": 1,
    "jax.numpy.arange": None,
    "jax.numpy.zeros": 1,
    "jax.numpy.ones": 1,
    "jax.numpy.empty": 1,
    "jax.numpy.full": 2,
    "jax.numpy.eye": 3,
    "jax.numpy.identity": 1,
    "jax.random.rademacher": 2,
}
# Constructors whose dtype, when none is given, is an integer one (``rademacher``'s ``int``).
_INT_BY_DEFAULT = frozenset({"jax.random.rademacher"})
_MAX_DEPTH = 6
# The named captures of the records' patterns that these finders read.
CAPTURES_READ = frozenset(
    {"shape", "output", "type", "dtype", "argnums", "tangent", "primal", "expected", "function"}
    | {"primal_tree", "tangent_tree", "tangent_path", "expected_avals", "real"}
)
_SHOWN_CHARS = 40


class _Project:
    """Models of the project's modules, parsed once, and how one imports another."""

    def __init__(self, files: ProjectFiles, frames: Sequence[Span] = ()) -> None:
        self.files = files
        self.paths: dict[int, Path] = {}
        # The traceback's project lines: the value flow resolves a parameter's arguments
        # from them, also where a tracer follows a value without its frames.
        self.frames = frames

    def model(self, path: Path) -> ModuleModel | None:
        def parse(path: Path) -> ModuleModel | None:
            text = self.files.text(path)
            return build(text) if text is not None else None

        found = self.files.memo("model", path, parse)
        if found is not None:
            self.paths[id(found)] = path
        return found

    def path(self, model: ModuleModel) -> Path:
        return self.paths[id(model)]

    def importer(self, model: ModuleModel) -> Importer:
        """Imports as seen from a module: beside it first, then from the project's root."""
        here = self.path(model).parent

        def load(module: str) -> ModuleModel | None:
            for candidate in module_files(module, (here, self.files.root)):
                if candidate.is_file():
                    return self.model(candidate)
            return None

        return load

    def span(self, model: ModuleModel, node: ast.AST) -> Span:
        path = self.path(model)
        return ast_span(path, node, self.files.lines(path) or [])

    def adopt(self, place: Place) -> None:
        """Know the path of a model the shared ``culprit_state.Code`` reached."""
        self.paths[id(place.model)] = place.path

    def source(self, model: ModuleModel, node: ast.AST) -> str:
        text = self.files.text(self.path(model)) or ""
        shown = " ".join((ast.get_source_segment(text, node) or "").split())
        return shown if len(shown) <= _SHOWN_CHARS else shown[: _SHOWN_CHARS - 3] + "..."


@dataclass(frozen=True, slots=True)
class _Application:
    """A transform applied on a traceback line: ``jax.grad(f)(x)``, ``grad_fn(x)`` after
    ``grad_fn = jax.grad(f)`` (or ``jax.jit(jax.grad(f))``), a call of a function decorated
    with ``@partial(jax.grad, argnums=...)``, or ``jax.jvp(f, primals, tangents)`` itself."""

    model: ModuleModel
    transform: TransformCall
    call: ast.Call  # the call on the line that applies the transform
    scope: Scope
    frame: int  # index of the frame in ``frames``
    # A transform applied as a decorator: the module that defines it and the function it
    # decorates (the transform's nodes are in that module, not in ``model``).
    decorated: tuple[ModuleModel, Function] | None = None
    # A transform built elsewhere than the failing line's module (``self._grad_fn = ...`` in
    # a class of another module, a function passed in from a caller).
    home: ModuleModel | None = None
    # Applied through ``jax.vmap(grad_fn, in_axes=..)(xs)``: that ``vmap`` call (the
    # differentiated function's parameters are slices of what the call passes).
    mapping: Place | None = None

    @property
    def defined_in(self) -> ModuleModel:
        """The module whose source holds the transform call (its keywords, its flags)."""
        if self.decorated is not None:
            return self.decorated[0]
        return self.home if self.home is not None else self.model


def _on_line(node: ast.AST, line: int) -> bool:
    first: int = getattr(node, "lineno", 0)
    last: int = getattr(node, "end_lineno", None) or first
    return first <= line <= last


# Wrappers that call the function they wrap once per slice of its arguments: what it returns
# keeps its structure and dtypes, and each argument its position and dtype (not its shape).
_MAPPING = frozenset({"jax.vmap", "jax.pmap"})


def _unwrapped(model: ModuleModel, value: ast.expr, scope: Scope) -> ast.expr:
    """``jax.jit(jax.grad(f))`` is ``jax.grad(f)`` for what it differentiates: wrappers that
    keep a function's arguments and outputs are seen through, and so are the mapping ones
    (``jax.vmap(jax.grad(f), in_axes=...)``): the errors a differentiating transform raises
    inside them are about the structure and dtypes of what ``f`` takes and returns."""
    for _ in range(_MAX_DEPTH):
        if not (
            isinstance(value, ast.Call)
            and value.args
            and isinstance(value.args[0], ast.Call)
            and model.qualified_name(value.func, scope) in TRANSPARENT | _MAPPING
        ):
            break
        value = value.args[0]
    return value


def _mapping(model: ModuleModel, value: ast.expr | None, scope: Scope) -> ast.Call | None:
    """The one ``jax.vmap`` among the wrappers ``_unwrapped`` sees through or that holds a
    transform by name (``jax.vmap(jax.grad(f), in_axes=..)``, ``jax.vmap(grad_fn)``): the
    differentiated function's parameters are slices of what the call passes. None where
    none maps it, or two do (which axes each takes is not followed)."""
    found = []
    for _ in range(_MAX_DEPTH):
        if not isinstance(value, ast.Call) or not value.args:
            break
        name = model.qualified_name(value.func, scope)
        if name in _MAPPING:
            found.append(value)
        elif name not in TRANSPARENT:
            break
        value = value.args[0]
    return found[0] if len(found) == 1 else None


def _definition(
    project: _Project, model: ModuleModel, expr: ast.expr, scope: Scope, depth: int = 0
) -> tuple[ModuleModel, Function] | None:
    """The ``def`` a called name is bound to, decorators and all: in this module or in the
    project module it is imported from."""
    if depth > _MAX_DEPTH:
        return None
    qualified: str | None = None
    if isinstance(expr, ast.Name):
        binding = scope.lookup(expr.id)
        if binding is not None and binding.kind == "def":
            function = model.functions.get(binding.node)
            return None if function is None else (model, function)
        if binding is not None and binding.kind == "import":
            qualified = binding.qualified
    elif isinstance(expr, ast.Attribute) and binding_kind(scope, expr) == "import":
        qualified = model.qualified_name(expr, scope)
    module, _, name = (qualified or "").rpartition(".")
    other = project.importer(model)(module) if module else None
    if other is None:
        return None
    return _definition(project, other, ast.Name(name), other.module_scope, depth + 1)


def callable_place(
    project: _Project, frames: Sequence[Span], model: ModuleModel, expr: ast.expr, scope: Scope
) -> Place:
    """Where the callable an expression evaluates to was made, however the program binds it:
    a name's one assignment, a parameter (the argument the traceback's call passed), an
    attribute of ``self`` or of an instance (the class's one ``self.attr = ...``), an import
    of a project module, a factory returning a nested ``def``, a dict display's entry."""
    code = culprit_state.Code(project.files)
    place = Place(project.path(model), model, expr, scope)
    for _ in range(_MAX_DEPTH):
        place = culprit_state.passed_value(code, frames, place)
        node = place.node
        found: Place | None = None
        if isinstance(node, ast.Attribute):
            found = culprit_state.attribute_value(code, frames, place)
        elif isinstance(node, ast.Call):
            found = _made_by_factory(project, place)
        elif isinstance(node, ast.Subscript):
            found = _dict_entry(code, place)
        if found is None:
            break
        place = found
    project.adopt(place)
    return place


def _made_by_factory(project: _Project, place: Place) -> Place | None:
    """``make_loss(cfg)`` where ``make_loss`` returns its nested ``def loss`` at every exit,
    or the one ``functools.partial(...)`` it builds."""
    assert isinstance(place.node, ast.Call)
    project.adopt(place)
    found = place.model.locate_function(place.node.func, place.scope, project.importer(place.model))
    if found is None:
        return None
    model, factory = found
    if not isinstance(factory, Function) or factory.is_generator:
        return None
    values = factory.return_values
    if not values or factory.falls_off_end:
        return None
    if (
        len(values) == 1
        and isinstance(values[0], ast.Call)
        and model.qualified_name(values[0].func, factory.scope) == "functools.partial"
    ):
        # ``return functools.partial(grad_nll, times=times)``: the partial it builds.
        return Place(project.path(model), model, values[0], factory.scope)
    nested = set()
    for value in values:
        binding = factory.scope.lookup(value.id) if isinstance(value, ast.Name) else None
        if binding is None or binding.kind != "def" or binding.scope is not factory.scope:
            return None
        nested.add(binding.node)
    if len(nested) != 1:
        return None
    return Place(project.path(model), model, nested.pop(), factory.scope)


def _dict_entry(code: culprit_state.Code, place: Place) -> Place | None:
    """``fns["loss"]`` where ``fns`` is one dict display with that string key."""
    node = place.node
    assert isinstance(node, ast.Subscript)
    key = node.slice
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return None
    held = code.resolve(place.at(node.value))
    if not isinstance(held.node, ast.Dict):
        return None
    entries = [
        v
        for k, v in zip(held.node.keys, held.node.values, strict=True)
        if isinstance(k, ast.Constant) and k.value == key.value
    ]
    if len(entries) != 1 or any(k is None for k in held.node.keys):
        return None
    return held.at(entries[0])


def _bound_transform(
    project: _Project, frames: Sequence[Span], model: ModuleModel, call: ast.Call, scope: Scope
) -> tuple[ModuleModel, TransformCall] | None:
    """The transform a call applies when its callee was built elsewhere (an attribute set in
    ``__init__``, a parameter, a dict entry): ``self._grad_fn(...)`` after
    ``self._grad_fn = jax.jit(jax.grad(loss))``."""
    place = callable_place(project, frames, model, call.func, scope)
    if place.node is call.func:
        return None
    value = place.node
    if not isinstance(value, ast.expr):
        return None
    applied = _unwrapped(place.model, value, place.scope)
    if (
        isinstance(applied, ast.Call)
        and applied.args
        and place.model.qualified_name(applied.func, place.scope) == "functools.partial"
    ):
        # ``functools.partial(grad_nll, times=times)``: the transformed function it fixes
        # arguments of, bound wherever the partial's own code binds it.
        place = callable_place(project, frames, place.model, applied.args[0], place.scope)
        if not isinstance(place.node, ast.expr):
            return None
        applied = _unwrapped(place.model, place.node, place.scope)
    if not isinstance(applied, ast.Call):
        return None
    transform = next((t for t in place.model.transforms if t.call is applied), None)
    return None if transform is None else (place.model, transform)


def decorator_transform(model: ModuleModel, function: Function) -> TransformCall | None:
    """``@jax.grad`` / ``@partial(jax.value_and_grad, has_aux=True)`` on a ``def``: the
    transform it applies, its keywords read from the ``partial``; None when another decorator
    may change what the function is."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return None
    outer = function.scope.parent or model.module_scope
    found: list[TransformCall] = []
    for expr in node.decorator_list:
        api = model.qualified_name(expr, outer)
        call: ast.Call | None = None
        if (
            isinstance(expr, ast.Call)
            and expr.args
            and model.qualified_name(expr.func, outer) == "functools.partial"
        ):
            api, call = model.qualified_name(expr.args[0], outer), expr
        if api in _APPLIED:
            if call is None:
                # ``@jax.grad``: a call of the decorator, without arguments, where it stands.
                call = ast.copy_location(ast.Call(func=expr, args=[], keywords=[]), expr)
                call.end_lineno, call.end_col_offset = expr.end_lineno, expr.end_col_offset
            if any(k.arg is None for k in call.keywords):
                return None
            keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
            found.append(TransformCall(api, call, outer, function, keywords))
        elif api not in TRANSPARENT:
            return None
    return found[0] if len(found) == 1 else None


def _applications(
    project: _Project, frames: Sequence[Span], apis: frozenset[str], mapped: bool = False
) -> Iterator[_Application]:
    """The transform applications on the innermost traceback line in the project. Only that
    line: one further out may apply another transform than the one that failed (the failing
    one nested in ``jax.vmap``, say). With ``mapped``, also a transform held by a name that
    ``jax.vmap`` applies in place (``jax.vmap(grad_fn)(xs)``). An application through
    ``jax.vmap`` keeps that call (``mapping``): the differentiated function's parameters are
    slices of what it passes, as the ranks read them (``_entered_flow``)."""
    for index, frame in enumerate(frames[:1]):
        model = project.model(frame.path)
        if model is None:
            continue
        by_call = {t.call: t for t in model.transforms if t.api in apis}
        found = []
        for call, scope in model.calls:
            if not _on_line(call, frame.line):
                continue
            transform = by_call.get(call)
            if transform is not None and transform.api not in _APPLIED:
                found.append(_Application(model, transform, call, scope, index))
                continue
            applied: ast.expr | None = None
            mapping: Place | None = None
            if isinstance(call.func, ast.Call):
                applied = _unwrapped(model, call.func, scope)
                mapper = _mapping(model, call.func, scope)
                if mapper is not None:
                    mapping = Place(project.path(model), model, mapper, scope)
            elif isinstance(call.func, ast.Name):
                binding = scope.lookup(call.func.id)
                if binding is not None and binding.kind == "assign" and binding.value is not None:
                    applied = _unwrapped(model, binding.value, binding.scope)
                    mapper = _mapping(model, binding.value, binding.scope)
                    if mapper is not None:
                        at = Place(project.path(model), model, mapper, binding.scope)
                        mapping = at
            transform = by_call.get(applied) if isinstance(applied, ast.Call) else None
            if transform is not None and transform.api in _APPLIED:
                found.append(_Application(model, transform, call, scope, index, mapping=mapping))
                continue
            held = _mapped_transform(project, frames, model, applied, scope, mapped)
            if held is not None and held[1].api in apis and held[1].api in _APPLIED:
                home, transform = held
                mapper = _mapping(model, applied, scope)
                if mapper is not None:
                    mapping = Place(project.path(model), model, mapper, scope)
                found.append(
                    _Application(model, transform, call, scope, index, home=home, mapping=mapping)
                )
                continue
            decorated = _definition(project, model, call.func, scope)
            if decorated is not None:
                transform = decorator_transform(*decorated)
                if transform is not None and transform.api in apis:
                    found.append(_Application(model, transform, call, scope, index, decorated))
                continue
            bound = _bound_transform(project, frames, model, call, scope)
            if bound is not None and bound[1].api in apis and bound[1].api in _APPLIED:
                home, transform = bound
                found.append(_Application(model, transform, call, scope, index, home=home))
        if found:
            yield from found
            return


def _mapped_transform(
    project: _Project,
    frames: Sequence[Span],
    model: ModuleModel,
    value: ast.expr | None,
    scope: Scope,
    mapped: bool,
) -> tuple[ModuleModel, TransformCall] | None:
    """The transform a function wrapped in place holds, by the value flow:
    ``jax.jit(grad_fn)(x)``, and with ``mapped`` ``jax.vmap(grad_fn, in_axes=..)(x)``, after
    ``grad_fn = jax.grad(f)``."""
    wrappers = TRANSPARENT | _MAPPING if mapped else TRANSPARENT
    if not (
        isinstance(value, ast.Call)
        and value.args
        and not isinstance(value.args[0], ast.Call)
        and model.qualified_name(value.func, scope) in wrappers
    ):
        return None
    flow = Flow(culprit_state.Code(project.files), frames)
    made = flow.one_maker(Place(project.path(model), model, value.args[0], scope))
    if made is None or not isinstance(made.node, ast.expr):
        return None
    applied = _unwrapped(made.model, made.node, made.scope)
    transform = next((t for t in made.model.transforms if t.call is applied), None)
    if transform is None:
        return None
    project.adopt(made)
    return made.model, transform


def _only(items: Iterator[_Application]) -> _Application | None:
    found = list(items)
    return found[0] if len(found) == 1 else None


def transform_culprits(
    kind: CulpritKind,
    captures: Mapping[str, str],
    files: ProjectFiles,
    frames: Sequence[Span],
) -> list[Culprit]:
    """The culprits of an error a transform raised, from the traceback's project lines
    (innermost first); nothing where the fault is the failing line itself."""
    project = _Project(files, frames)
    if kind == CulpritKind.TRANSFORM_FUNCTION:
        found = _function_culprits(project, captures, frames)
    elif kind == CulpritKind.TRANSFORM_ARGUMENT:
        found = _argument_culprits(project, captures, frames)
    elif kind == CulpritKind.TRANSFORM_TANGENT:
        found = _tangent_culprits(project, captures, frames)
    elif kind == CulpritKind.TRANSFORM_REF_SELECTED:
        found = _ref_selected_culprits(project, frames)
    elif kind == CulpritKind.TRANSFORM_OPTION:
        found = _option_culprits(project, captures, frames, "holomorphic")
    elif kind == CulpritKind.TRANSFORM_CHOICE:
        found = _choice_culprits(project, frames)
    else:
        found = []
    failing = frames[0] if frames else None
    return [
        c
        for c in found
        if failing is None or c.span.path != failing.path or c.span.line != failing.line
    ]


# -- the function a transform received ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Return:
    """A value the differentiated function gives back: a ``return`` or a lambda's body."""

    model: ModuleModel
    function: Function
    node: ast.AST  # what the culprit spans
    value: ast.expr | None
    # Why the culprit is elsewhere than a ``return`` (a configured choice), when it is.
    why: str | None = None
    # The return gives what a helper makes of a dict it is given entry by entry: the dict
    # the helper returns is this return's own, made where the helper was called.
    maps_dict: bool = False


def _returns(
    project: _Project,
    model: ModuleModel,
    function: Function,
    depth: int = 0,
    vector: bool = False,
    flow: Flow | None = None,
    env: Env = None,
    paired: bool = False,
) -> list[_Return]:
    """What a function returns, following ``return helper(...)`` into project functions;
    with ``paired`` (has_aux=True), the output item of each ``return output, aux`` (in doubt
    where a return is not such a pair written out);
    with ``vector``, also into the one call of arithmetic that can make the output a vector
    (``-self.log_joint(w)``, ``prior(w) + likelihood(w)`` with a scalar prior) and, through
    the value flow, into callables held by parameters and attributes (a loss object's
    ``__call__``) and to the local assignment that makes the one operand surely a vector.
    With the flow, only the returns the constants of the call's mode arguments (``env``)
    and the project's flags leave reachable count."""
    if function.is_generator or depth > _MAX_DEPTH:
        return []
    nodes: list[tuple[ast.AST, ast.expr | None]]
    if isinstance(function.node, ast.Lambda):
        nodes = [(function.node.body, function.node.body)]
    else:
        nodes = [(r, r.value) for r in _reachable(project, model, function, flow, env)]
    out = []
    for node, returned in nodes:
        value = returned
        if paired:
            if not isinstance(returned, ast.Tuple) or len(returned.elts) != 2:
                raise _InDoubt
            value = returned.elts[0]
        part = value
        accumulated: tuple[ast.stmt, ast.expr] | None = None
        if vector and value is not None:
            part = _vector_part(project, model, value, function.scope, depth, flow, env)
            accumulated = _accumulated_part(project, model, function, part, depth, flow, env)
            if accumulated is not None:
                part = accumulated[1]
            summed = _summed_item(model, function, part)
            if summed is not None:
                # ``sum(w * f(x) for w, f in zip(weights, fns))``: each item is a term, and its
                # part that is not surely a scalar makes the sum a vector.
                part = _vector_part(project, model, summed, function.scope, depth, flow, env)
            if part is not None and _helper_among(project, model, function, part, flow, env):
                raise _InDoubt
            if part is not None and _terms_in_doubt(project, model, function, part, flow, env):
                raise _InDoubt
            if _reduces_unknown_call(project, flow, model, function, part):
                raise _InDoubt
            if _contracts_given_callable(part, function.scope):
                raise _InDoubt
            if _local_maker(project, flow, model, function, part, env) is None:
                part = _helper_result(project, model, function, part) or part
        if isinstance(part, ast.Call):
            callee = _callee_env(project, model, part, function.scope, flow, env)
            by_name = callee is not None
            chosen = (
                None
                if by_name or not vector
                else _configured_choice(project, flow, model, part, function)
            )
            if chosen is not None:
                out.append(chosen)
                continue
            if callee is None and vector and flow is not None:
                callee = _flow_callee(project, flow, model, part, function.scope, env, vector)
                if callee is None and _callable_parameter(part, function.scope):
                    # ``return loss_fn(x)`` with ``loss_fn`` a parameter the flow cannot
                    # follow: the vector is made in whatever it runs, not by this return.
                    raise _InDoubt
                if callee is None and paired and _unknown_method(model, part, function.scope):
                    # ``return state.scaler.scale(loss), loss``: the output is what a method
                    # the flow cannot follow makes, not this return.
                    raise _InDoubt
            elif callee is not None and callee[1].owner is not None and flow is not None:
                # A method called on an instance runs its class's override, which the flow
                # knows from the construction the instance came from (``self.reduce(...)``
                # in a base class's ``__call__``).
                callee = _dispatched(project, flow, model, part, function.scope, env) or callee
            if (
                vector
                and callee is not None
                and (
                    _selects_mode(project, model, part, function.scope, env, callee)
                    or _shape_parameter(callee[1])
                )
            ):
                # What the call's arguments (or the defaults it leaves) select is the fault.
                out.append(_Return(model, function, node, value))
                continue
            if callee is not None and vector and _shared_class(project, callee[1]):
                # A method of a class the project builds several instances of (a layer used
                # with other sizes elsewhere): right for the others, so this use differs.
                out.append(_Return(model, function, node, value))
                continue
            if (
                callee is not None
                and by_name
                and vector
                and flow is not None
                and flow.relied_on(callee[1], _per_item, lambda site: not wants_scalar(site))
            ):
                # A helper other code relies on (``binary_xent`` called elsewhere too, where
                # the caller reduces) is right for it: this use differs. (Not where another
                # caller reads it as one number: then all of them want a scalar.)
                out.append(_Return(model, function, node, value))
                continue
            if callee is not None:
                inner_model, inner, _, inner_env = callee
                if flow is not None:
                    _enter(project, flow, model, part, function.scope, inner)
                if vector and _mode_undecided(project, inner_model, inner, flow, inner_env):
                    raise _InDoubt
                deeper = _returns(project, inner_model, inner, depth + 1, vector, flow, inner_env)
                if not vector and by_name and deeper and all(map(_maps_entries, deeper)):
                    # The helper, called by its own name, maps a dict it is given entry by
                    # entry (``{k: w[k] * v for k, v in terms.items()}``): it makes no dict of
                    # its own, and the return that hands its result on is where the dict
                    # becomes the output.
                    out.append(_Return(model, function, node, value, maps_dict=True))
                    continue
                if vector and deeper and all(_maps_over_batch(r) for r in deeper):
                    # The helper maps a function over a batch (``jax.vmap(f)(xs)``): its
                    # vector is its purpose, and differentiating it whole is the caller's
                    # choice, at the call.
                    out.append(_Return(model, function, node, value))
                    continue
                kept = _given_axes(project, inner, deeper) if vector else None
                if (
                    kept == culprit_ranks.REDUCED_FROM_PARAMETERS
                    and flow is not None
                    and any(
                        _ranks_disagree(flow, Place(project.path(model), model, a, function.scope))
                        for a in part.args
                    )
                ):
                    # The helper reduces some axes of what it is given and keeps the rest, and
                    # how many axes it is given the flow cannot tell: whether it reduces too
                    # few or is given too many is in doubt.
                    raise _InDoubt
                if by_name and kept == culprit_ranks.ELEMENTWISE_OF_PARAMETERS:
                    # The helper, called by its own name, maps what it is given item by item:
                    # it makes no axis, and whether it or this return should reduce is not the
                    # flow's to tell. (A function the call reaches through a parameter or a
                    # registry is held to the contract its callers rely on: it stays.)
                    raise _InDoubt
                if deeper:
                    out.extend(deeper)
                    continue
        if accumulated is not None:
            # The loop's first value, or the statement that adds the term, makes the vector.
            out.append(_Return(model, function, *accumulated))
            continue
        made = (
            _local_maker(project, flow, model, function, part, env, by_maker=part is not value)
            if vector
            else None
        )
        if made is None and vector and part is not value and _beside_scalars(value, part):
            # Every other term is surely a scalar, and the one name left is a matrix product
            # assigned once here (``fit = 0.5 * y.T @ a`` for ``fit + logdet``): meant as a
            # number, it has the output's shape, made by its operands' layout.
            bound = _bound_value(function, part)
            made = bound if bound is not None and _contraction(bound[1]) else None
        if made is not None:
            out.append(_Return(model, function, *made))
            continue
        flowed = (
            _flowed_maker(project, flow, model, function, part)
            if vector and flow is not None and part is not value
            else None
        )
        out.append(flowed or _Return(model, function, node, value))
    return out


# A docstring that says a function gives one value per item of what it is given, for its
# callers to reduce ("Per-example cross-entropy; the caller reduces").
_PER_ITEM = re.compile(
    r"\bper[- ](example|sample|item|element|token|row|point|pixel|label|class)\b"
    r"|\belement-?wise\b|\bcallers? reduces?\b|\bunreduced\b|\bnot reduced\b",
    re.IGNORECASE,
)


# Methods whose name is a distribution API's per-sample density (numpyro, distrax, TFP,
# scipy.stats: ``log_prob(x)`` gives one value per sample of ``x``).
_PER_SAMPLE_METHODS = frozenset({"log_prob", "logpdf", "logpmf", "log_pdf", "log_pmf"})


def _per_item(function: Function) -> bool:
    """The per-item contract: a docstring that says so, or a method named after a
    distribution's per-sample density."""
    if function.owner is not None and function.name in _PER_SAMPLE_METHODS:
        return True
    return documented(lambda text: _PER_ITEM.search(text) is not None)(function)


def _shared_class(project: _Project, method: Function) -> bool:
    """Whether ``method`` belongs to a project class constructed at more than one place in
    the project with different sizes, one written as a number (``Dense(hidden, 1)`` beside
    ``Dense(a, b)`` for the other layers): code the other instances use as well, each with
    its own size, so what differs is the one use of it. (Instances built alike, or with
    arrays, may all be wrong the same way.)"""
    owner = method.owner
    private = method.name.startswith("_") and method.name != "__call__"
    if not isinstance(owner, ast.ClassDef) or private:
        return False
    built: set[str] = set()
    sized = False
    for path in project.files.files_containing(owner.name):
        model = project.model(path)
        if model is None:
            continue
        for call, _ in model.calls:
            if last_name(call.func) != owner.name:
                continue
            built.add(ast.dump(call))
            sized = sized or any(
                isinstance(a, ast.Constant) and type(a.value) is int
                for a in [*call.args, *(k.value for k in call.keywords)]
            )
    return sized and len(built) > 1


def _beside_scalars(value: ast.expr | None, part: ast.expr | None) -> bool:
    """Whether ``part`` is an operand of ``value``'s sum or difference (``_vector_part`` left
    it as the one operand not surely a scalar), not of a product or quotient, whose other
    factor could be what should reduce."""
    node = value
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        if part in (node.left, node.right):
            return True
        node = node.left
    return False


def _contraction(value: ast.expr) -> bool:
    """A matrix product, maybe scaled or signed (``0.5 * y.T @ a``, ``-(u @ v)``)."""
    while True:
        if isinstance(value, ast.UnaryOp):
            value = value.operand
        elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.MatMult):
            return True
        elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult | ast.Div):
            if isinstance(value.right, ast.Constant):
                value = value.left
            elif isinstance(value.left, ast.Constant):
                value = value.right
            else:
                return False
        else:
            return False


def _flowed_maker(
    project: _Project, flow: Flow, model: ModuleModel, function: Function, part: ast.expr | None
) -> _Return | None:
    """The operand that makes the return a vector, where it is a field (``self.scale``,
    ``w.fuel``): the one expression the value flow finds it made by, elsewhere (a
    construction's keyword), where that surely has an axis (``jnp.full((1,), s)``). Not a
    bare parameter: the arrays a loss is given (what is differentiated, the data) have axes
    by purpose, and the return is to reduce them."""
    if not isinstance(part, ast.Attribute):
        return None
    place = Place(project.path(model), model, part, function.scope)
    made = flow.one_maker(place)
    if made is None or not isinstance(made.node, ast.Call):
        return None
    if not culprit_ranks.Ranks(flow).at_least(made):
        return None
    project.adopt(made)
    shown = project.source(made.model, made.node)
    why = f"`{shown}` has an axis, and {_label(function)} returns arithmetic with it"
    return _Return(made.model, function, made.node, made.node, why)


def _helper_result(
    project: _Project, model: ModuleModel, function: Function, part: ast.expr | None
) -> ast.Call | None:
    """The call of a project function a name holds where that name alone makes the output
    a vector (``var = portfolio_variance(w, cov)`` for ``return 0.5 * var - ret`` with
    ``ret`` a scalar): the vector is made where that helper returns it, as for ``return
    portfolio_variance(w, cov)``."""
    if not isinstance(part, ast.Name):
        return None
    binding = _single_local(function.scope, part.id)
    if binding is None or not isinstance(binding.value, ast.Call):
        return None
    if _callee(project, model, binding.value, function.scope) is None:
        return None
    return binding.value


def _unknown_method(model: ModuleModel, call: ast.Call, scope: Scope) -> bool:
    """Whether a call calls a method of some object (not a library function)."""
    func = call.func
    return isinstance(func, ast.Attribute) and model.qualified_name(func, scope) is None


def _contracts_given_callable(part: ast.expr | None, scope: Scope) -> bool:
    """A matrix product with the result of a callable the function is given (``w @ f(x)``):
    the product's shape is what that callable returns for what it is given, so whether the
    product, the callable or its input should change is in doubt."""
    return (
        isinstance(part, ast.BinOp)
        and isinstance(part.op, ast.MatMult)
        and any(
            isinstance(side, ast.Call) and _callable_parameter(side, scope)
            for side in (part.left, part.right)
        )
    )


def _callable_parameter(call: ast.Call, scope: Scope) -> bool:
    """Whether a call calls a parameter of the function around it, or of one it is nested in."""
    func = call.func
    if not isinstance(func, ast.Name):
        return False
    binding = scope.lookup(func.id)
    return binding is not None and binding.kind == "param"


def _configured_choice(
    project: _Project, flow: Flow | None, model: ModuleModel, call: ast.Call, function: Function
) -> _Return | None:
    """A call of the function a configured key picks from a table of functions
    (``{"mean": jnp.mean, "none": lambda v: v}[cfg.reduction](v)``, directly, through a name
    or a property of the instance): where the key is set (a settings default), when the
    entry it picks keeps the vector and another entry of the table reduces it to a scalar;
    the choice is the change, not the table."""
    if flow is None:
        return None
    found = _lookup_of(project, flow, Place(project.path(model), model, call.func, function.scope))
    if found is None:
        return None
    table, lookup = found
    display = table.node
    assert isinstance(display, ast.Dict) and isinstance(lookup.node, ast.Subscript)
    key = flow.one_maker(lookup.at(lookup.node.slice))
    if (
        key is None
        or not isinstance(key.node, ast.Constant)
        or not isinstance(key.node.value, str)
        or key.node is lookup.node.slice
    ):
        return None
    keys = [k.value if isinstance(k, ast.Constant) else None for k in display.keys]
    if keys.count(key.node.value) != 1:
        return None
    picked = display.values[keys.index(key.node.value)]

    def reduces(entry: ast.expr) -> bool:
        name = table.model.qualified_name(entry, table.scope) or ""
        return name.startswith("jax.numpy.") and name.rsplit(".", 1)[-1] in _REDUCTIONS

    keeps = (
        isinstance(picked, ast.Lambda)
        and isinstance(picked.body, ast.Name)
        and len(picked.args.args) == 1
        and picked.body.id == picked.args.args[0].arg
    )
    if not keeps or not any(reduces(v) for v in display.values if v is not picked):
        return None
    project.adopt(key)
    why = (
        f"`{ast.unparse(key.node)}` picks `{ast.unparse(picked)}` from the table of reductions "
        f"`{ast.unparse(lookup.node.value)}`, which hands the vector back unreduced"
    )
    return _Return(key.model, function, key.node, key.node, why)


def _lookup_of(project: _Project, flow: Flow, func: Place) -> tuple[Place, Place] | None:
    """The dict display and its subscript that a called expression reads a function from:
    the subscript itself, a name bound to one, or a property of the instance returning one."""
    node = func.node
    lookup: Place | None = None
    if isinstance(node, ast.Subscript):
        lookup = func
    elif isinstance(node, ast.Name):
        binding = _single_local(func.scope, node.id)
        if binding is not None and isinstance(binding.value, ast.Subscript):
            lookup = Place(func.path, func.model, binding.value, binding.scope)
    elif isinstance(node, ast.Attribute):
        # Reading the property through its instance tells the flow which instance ``self``
        # is in it (its settings).
        flow.makers(func)
        owners = flow.instances(func.at(node.value)) or []
        methods = {id(m.function): m for cls, _ in owners if (m := flow.method(cls, node.attr))}
        if len(methods) != 1:
            return None
        method = next(iter(methods.values()))
        values = method.function.return_values
        if len(values) != 1 or not isinstance(values[0], ast.Subscript):
            return None
        lookup = Place(method.place.path, method.place.model, values[0], method.function.scope)
    if lookup is None:
        return None
    assert isinstance(lookup.node, ast.Subscript)
    table = flow.code.resolve(lookup.at(lookup.node.value))
    if not isinstance(table.node, ast.Dict) or None in table.node.keys:
        return None
    return table, lookup


def _given_axes(project: _Project, helper: Function, deeper: list[_Return]) -> str | None:
    """What every value the helper gives keeps of its parameters' axes, where each is its own
    ``return`` made of them alone (``culprit_ranks.parameter_axes``): reduced where any
    reduces over given axes, elementwise where none does; None otherwise. Then the helper
    makes no axis of its own, and a vector it returns keeps axes it was given."""
    if isinstance(helper.node, ast.Lambda) or not deeper:
        return None
    parameters = frozenset(p.name for p in helper.params)
    kinds = set()
    for found in deeper:
        if found.function is not helper or not isinstance(found.node, ast.Return):
            return None
        if found.value is None:
            return None
        place = Place(project.path(found.model), found.model, found.value, helper.scope)
        kinds.add(culprit_ranks.parameter_axes(place, parameters))
    if None in kinds:
        return None
    if culprit_ranks.REDUCED_FROM_PARAMETERS in kinds:
        return culprit_ranks.REDUCED_FROM_PARAMETERS
    return culprit_ranks.ELEMENTWISE_OF_PARAMETERS


def _ranks_disagree(flow: Flow, place: Place) -> bool:
    """Whether a value is made, through arithmetic and the value flow, of a name the flow
    finds several makers of with different numbers of axes (a parameter its callers give a
    vector and a matrix, an entry of a registry whose key is not known): how many axes it
    has is then not the flow's to tell. Each value is looked at once."""
    ranks = culprit_ranks.Ranks(flow)
    seen: set[tuple[int, int]] = set()
    pending = [place]
    while pending and len(seen) <= _MAX_DEPTH:
        at = pending.pop()
        node = at.node
        if (id(node), id(at.scope)) in seen:
            continue
        seen.add((id(node), id(at.scope)))
        if isinstance(node, ast.BinOp):
            pending += [at.at(node.left), at.at(node.right)]
        elif isinstance(node, ast.UnaryOp):
            pending.append(at.at(node.operand))
        elif isinstance(node, ast.Name | ast.Call):
            makers = [m for m in flow.makers(at) or () if m.node is not node]
            if len({ranks.of(m) for m in makers} - {None}) > 1:
                return True
            pending += makers
    return False


def _maps_over_batch(found: _Return) -> bool:
    """A return of ``jax.vmap(f, ...)(xs)``: one output per item of a batch."""
    value = found.value
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Call)
        and found.model.qualified_name(value.func.func, found.function.scope) == "jax.vmap"
    )


def _enter(
    project: _Project, flow: Flow, model: ModuleModel, call: ast.Call, scope: Scope, inner: Function
) -> None:
    """Tell the flow that ``call`` runs ``inner``, with the instance it is called on (a loss
    object called by its name runs its ``__call__`` with the attributes its construction
    gave): the parameters and ``self`` of ``inner`` are then known where it is followed."""
    place = Place(project.path(model), model, call, scope)
    for found in flow.callees(place.at(call.func)):
        if found.function is inner:
            flow.enter(found, place)


def _helper_among(
    project: _Project,
    model: ModuleModel,
    function: Function,
    value: ast.expr,
    flow: Flow | None,
    env: Env,
) -> bool:
    """Whether, among the operands of returned arithmetic that may each be the vector, one is
    what a project function returns (``var`` after ``var = portfolio_variance(w, cov)``):
    the vector may be made inside that helper as well as by the arithmetic, so the program
    leaves the culprit in doubt."""
    if flow is None or not isinstance(value, ast.BinOp):
        return False
    operands = _unsure_operands(
        project, model, function, value, flow, env, (ast.Add, ast.Sub, ast.Mult, ast.Div)
    )
    if len(operands) < 2:
        return False
    for operand in operands:
        made: ast.expr | None = operand
        if isinstance(operand, ast.Name):
            binding = _single_local(function.scope, operand.id)
            made = binding.value if binding is not None else None
        if isinstance(made, ast.Call) and _callee(project, model, made, function.scope):
            return True
    return False


def _unsure_operands(
    project: _Project,
    model: ModuleModel,
    function: Function,
    value: ast.expr,
    flow: Flow,
    env: Env,
    operators: tuple[type[ast.operator], ...],
) -> list[ast.expr]:
    """The operands of returned arithmetic with the given operators (signs taken off: ``a``,
    ``b`` and ``c`` of ``a - (b + -c)``) that are not surely scalars."""
    operands: list[ast.expr] = []
    pending: list[ast.expr] = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, operators):
            pending += [node.left, node.right]
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            pending.append(node.operand)
        elif not _scalar_value(project, model, node, function.scope, 0, flow, env):
            operands.append(node)
    return operands


def _terms_in_doubt(
    project: _Project,
    model: ModuleModel,
    function: Function,
    value: ast.expr,
    flow: Flow | None,
    env: Env,
) -> bool:
    """Whether returned arithmetic adds several terms that may each keep an axis (none
    surely a scalar) and one of them reads an attribute of the instance whose value the flow
    cannot find (the construction passes ``*market()``): the axis may come in through it,
    made wherever the instance was, and which term keeps it is not the flow's to tell."""
    if flow is None or not isinstance(value, ast.BinOp) or not function.positional:
        return False
    if function.owner is None:
        return False
    this = function.positional[0].name
    methods = {
        item.name
        for item in function.owner.body
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    terms = _unsure_operands(project, model, function, value, flow, env, (ast.Add, ast.Sub))
    if len(terms) < 2:
        return False
    place = Place(project.path(model), model, value, function.scope)
    return any(
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == this
        and node.attr not in methods
        and not flow.makers(place.at(node))
        for term in terms
        for node in ast.walk(term)
    )


# Keywords of a reduction that decide which axes its output keeps.
_SHAPE_KEYWORDS = frozenset({"axis", "axes", "keepdims"})


def _shape_parameter(function: Function) -> bool:
    """Whether a function's returns reduce with ``axis`` / ``keepdims`` its own parameters
    give (``def batch_mean(x, keepdims=True): return jnp.mean(x, axis=0, keepdims=keepdims)``):
    the output's shape is its caller's choice, so the call is where a change belongs."""
    if isinstance(function.node, ast.Lambda):
        return False
    parameters = {p.name for p in function.positional} | {
        a.arg for a in function.node.args.kwonlyargs
    }
    return any(
        isinstance(call, ast.Call)
        and any(
            k.arg in _SHAPE_KEYWORDS and isinstance(k.value, ast.Name) and k.value.id in parameters
            for k in call.keywords
        )
        for value in function.return_values
        if value is not None
        for call in ast.walk(value)
    )


class _InDoubt(Exception):
    """The value's shape depends on a mode the program does not decide: no culprit."""


def _mode_undecided(
    project: _Project, model: ModuleModel, function: Function, flow: Flow | None, env: Env
) -> bool:
    """Whether a function called on the value's way may return a scalar or not, as tests the
    program leaves open choose (a reduction read from the command line, say)."""
    if flow is None or isinstance(function.node, ast.Lambda):
        return False
    values = [r.value for r in _reachable(project, model, function, flow, env) if r.value]
    scalar = [_surely_scalar(model, v, function.scope) for v in values]
    return any(scalar) and not all(scalar)


def _reachable(
    project: _Project, model: ModuleModel, function: Function, flow: Flow | None, env: Env
) -> tuple[ast.Return, ...] | list[ast.Return]:
    """The function's returns that the constants leave reachable (all without the flow)."""
    if flow is None:
        return function.returns
    place = Place(project.path(model), model, function.node, function.scope)
    return reachable_returns(flow, place, function, env) or function.returns


def _callee_env(
    project: _Project,
    model: ModuleModel,
    call: ast.Call,
    scope: Scope,
    flow: Flow | None,
    env: Env,
) -> tuple[ModuleModel, Function, Flow | None, Env] | None:
    """The project function a call runs (``_callee``), with what its parameters hold."""
    found = model.locate_function(call.func, scope, project.importer(model))
    if found is None:
        return None
    callee_model, function = found
    if isinstance(function, Partial):
        return callee_model, function.function, flow, None
    if flow is None or function.owner is not None:
        return callee_model, function, flow, None
    at = Place(project.path(model), model, call, scope)
    defined = Place(project.path(callee_model), callee_model, function.node, function.scope)
    return callee_model, function, flow, call_env(flow, at, defined, function, 0, env)


def _callee(
    project: _Project, model: ModuleModel, call: ast.Call, scope: Scope
) -> tuple[ModuleModel, Function] | None:
    found = model.locate_function(call.func, scope, project.importer(model))
    if found is None:
        return None
    return found[0], found[1].function if isinstance(found[1], Partial) else found[1]


def _flow_callee(
    project: _Project,
    flow: Flow,
    model: ModuleModel,
    call: ast.Call,
    scope: Scope,
    env: Env = None,
    vector: bool = False,
) -> tuple[ModuleModel, Function, Flow, Env] | None:
    """The one project function a call runs, by the value flow (a callable object passed in
    as a parameter, a method of an attribute), with what its parameters hold. Where it may
    run several (a registry's, the key not known), the one that can return other than a
    scalar, when the others surely return scalars; the value is in doubt where several
    can (``_InDoubt``, with ``vector``)."""
    found = flow.callees(Place(project.path(model), model, call.func, scope))
    if len(found) > 1 and vector:
        for callee in found:
            project.adopt(callee.place)
        at = Place(project.path(model), model, call, scope)
        found = [c for c in found if not _returns_scalars(project, flow, c, at)]
        if len(found) != 1:
            raise _InDoubt
    if len(found) != 1:
        return None
    callee = found[0]
    project.adopt(callee.place)
    inner = (
        None
        if callee.partial is not None
        else call_env(
            flow,
            Place(project.path(model), model, call, scope),
            callee.place,
            callee.function,
            callee.skip,
            env,
        )
    )
    return callee.place.model, callee.function, flow, inner


def _dispatched(
    project: _Project, flow: Flow, model: ModuleModel, call: ast.Call, scope: Scope, env: Env
) -> tuple[ModuleModel, Function, Flow, Env] | None:
    """The one method the flow says a method call runs, by its receiver's class."""
    try:
        return _flow_callee(project, flow, model, call, scope, env)
    except _InDoubt:
        return None


def _returns_scalars(project: _Project, flow: Flow, callee: Callee, call: Place) -> bool:
    """Whether every value a function that ``call`` may run may return is surely a scalar,
    its parameters holding what the call passes (the ranks of what they hold decide)."""
    function, model = callee.function, callee.place.model
    if callee.partial is None:
        flow.enter(callee, call)
    if isinstance(function.node, ast.Lambda):
        return _surely_scalar(model, function.node.body, function.scope)
    returned = _reachable(project, model, function, flow, None)
    return bool(returned) and all(
        r.value is not None and _scalar_value(project, model, r.value, function.scope, 0, flow)
        for r in returned
    )


def _local_maker(
    project: _Project,
    flow: Flow | None,
    model: ModuleModel,
    function: Function,
    part: ast.expr | None,
    env: Env = None,
    *,
    by_maker: bool = True,
) -> tuple[ast.AST, ast.expr] | None:
    """The assignment in the function that makes the operand of a return that is surely a
    vector (``logdet = 2.0 * jnp.log(jnp.diag(chol))`` for ``return fit + logdet``), or that
    calls a project function in the mode that makes it one (``data = bce(logits, y)`` under
    a ``reduction="none"`` default, the call being where the mode is chosen): the statement
    and its value. With ``by_maker`` False only the mode's call counts."""
    bound = _bound_value(function, part)
    if flow is None or bound is None or part is None:
        return None
    value = bound[1]
    if isinstance(value, ast.Call):
        callee = _callee_env(project, model, value, function.scope, flow, env)
        if callee is None and isinstance(value.func, ast.Name | ast.Attribute):
            callee = _flow_callee(project, flow, model, value, function.scope, env)
        if callee is not None and _selects_mode(project, model, value, function.scope, env, callee):
            return bound
    if not by_maker:
        return None
    maker = flow.one_maker(Place(project.path(model), model, part, function.scope))
    if maker is None or maker.node is not value:
        return None
    return bound


def _bound_value(function: Function, part: ast.expr | None) -> tuple[ast.stmt, ast.expr] | None:
    """The one assignment statement in the function of a name (``part``), and its value."""
    if not isinstance(part, ast.Name):
        return None
    binding = _single_local(function.scope, part.id)
    if binding is None or binding.value is None or not isinstance(binding.node, ast.stmt):
        return None
    return binding.node, binding.value


def _summed_item(model: ModuleModel, function: Function, part: ast.expr | None) -> ast.expr | None:
    """The item expression of ``sum(terms.values())`` (or of ``sum(...)`` or
    ``functools.reduce(operator.add, ...)`` over a list or a generator) where ``terms`` is one
    comprehension of the function: the sum adds the items, so the output has an axis where
    an item has one. The comprehension's own names (``for name, (reg, strength) in ...``)
    are left to the value flow to follow."""
    items = _summed_items(model, function, part)
    if items is None:
        return None
    if (
        isinstance(items, ast.Call)
        and isinstance(items.func, ast.Attribute)
        and items.func.attr == "values"
        and not items.args
        and isinstance(items.func.value, ast.Name)
    ):
        binding = _single_local(function.scope, items.func.value.id)
        made = binding.value if binding is not None else None
        return made.value if isinstance(made, ast.DictComp) else None
    if isinstance(items, ast.Name):
        binding = _single_local(function.scope, items.id)
        items = binding.value if binding is not None and binding.value is not None else items
    return items.elt if isinstance(items, ast.ListComp | ast.GeneratorExp) else None


def _summed_items(model: ModuleModel, function: Function, part: ast.expr | None) -> ast.expr | None:
    """What ``sum(items)`` or ``functools.reduce(operator.add, items)`` adds up (a start
    value aside): ``items``; None for any other expression."""
    if not isinstance(part, ast.Call) or part.keywords:
        return None
    if (
        isinstance(part.func, ast.Name)
        and part.func.id == "sum"
        and function.scope.lookup("sum") is None
        and len(part.args) == 1
    ):
        return part.args[0]
    if (
        model.qualified_name(part.func, function.scope) == "functools.reduce"
        and len(part.args) in (2, 3)
        and model.qualified_name(part.args[0], function.scope) == "operator.add"
    ):
        return part.args[1]
    return None


def _single_local(scope: Scope, name: str) -> Binding | None:
    """The one plain assignment that binds ``name`` in a function's own scope."""
    bindings = scope.lookup_all(name)
    if len(bindings) != 1:
        return None
    binding = bindings[0]
    if binding.kind != "assign" or binding.scope is not scope:
        return None
    return binding


def _selects_mode(
    project: _Project,
    model: ModuleModel,
    call: ast.Call,
    scope: Scope,
    env: Env,
    callee: tuple[ModuleModel, Function, Flow | None, Env],
) -> bool:
    """Whether the returns a call reaches depend on what it passes (or leaves to defaults):
    then the call chose the mode its value is made in, and is where a change belongs."""
    callee_model, function, flow, chosen = callee
    if flow is None or chosen is None:
        return False
    defined = Place(project.path(callee_model), callee_model, function.node, function.scope)
    return _mode_differs(project, flow, defined, function, chosen, {}, 0)


def _mode_differs(
    project: _Project,
    flow: Flow,
    defined: Place,
    function: Function,
    chosen: Env,
    open_env: Env,
    depth: int,
) -> bool:
    """Whether a function reaches other returns with its parameters as ``chosen`` than as
    ``open_env`` holds them, itself or in a project function its returns call."""
    if depth > _MAX_DEPTH:
        return False
    reached = reachable_returns(flow, defined, function, chosen)
    if reached != reachable_returns(flow, defined, function, open_env):
        return True
    if _assigns_reduction(flow, defined, function, chosen, open_env, reached or []):
        return True
    for ret in reached or ():
        value = ret.value
        if not isinstance(value, ast.Call):
            continue
        model = defined.model
        found = model.locate_function(value.func, function.scope, project.importer(model))
        if found is None:
            continue
        inner_model, inner = found
        if isinstance(inner, Partial) or inner.owner is not None:
            continue
        at = Place(defined.path, model, value, function.scope)
        inner_def = Place(project.path(inner_model), inner_model, inner.node, inner.scope)
        if _mode_differs(
            project,
            flow,
            inner_def,
            inner,
            call_env(flow, at, inner_def, inner, 0, chosen),
            call_env(flow, at, inner_def, inner, 0, open_env),
            depth + 1,
        ):
            return True
    return False


def _assigns_reduction(
    flow: Flow,
    defined: Place,
    function: Function,
    chosen: Env,
    open_env: Env,
    reached: list[ast.Return],
) -> bool:
    """Whether the parameters as ``chosen`` rule out a branch that ``open_env`` keeps and
    that assigns a name the reached returns give back a value surely a scalar (``if
    reduction == "mean": loss = loss.mean()`` before ``return loss``): the mode chose the
    vector by what it skipped."""
    returned = {
        n.id
        for r in reached
        if r.value is not None
        for n in ast.walk(r.value)
        if isinstance(n, ast.Name)
    }
    kept = {id(s) for s in skipped_assignments(flow, defined, function, open_env)}
    for statement in skipped_assignments(flow, defined, function, chosen):
        if id(statement) in kept or statement.value is None:
            continue
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if any(isinstance(t, ast.Name) and t.id in returned for t in targets) and _surely_scalar(
            defined.model, statement.value, function.scope
        ):
            return True
    return False


def _vector_part(
    project: _Project,
    model: ModuleModel,
    value: ast.expr,
    scope: Scope,
    depth: int,
    flow: Flow | None = None,
    env: Env = None,
) -> ast.expr:
    """The one operand of a sign or of arithmetic with scalars that is not surely a scalar,
    followed in; the expression itself where none or several are, unless exactly one of them
    is surely a vector (arithmetic broadcasts: that operand alone makes the output one). Only
    through operations a reduction passes through (``-v``, ``s + v``, ``c * v``, ``v / c``):
    where ``v ** 2`` is the vector, reducing ``v`` instead would change what is computed."""

    def scalar(part: ast.expr) -> bool:
        return _scalar_value(project, model, part, scope, depth, flow, env)

    for _ in range(_MAX_DEPTH):
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub | ast.UAdd):
            value = value.operand
            continue
        if not isinstance(value, ast.BinOp) or not isinstance(
            value.op, ast.Add | ast.Sub | ast.Mult | ast.Div
        ):
            return value
        if isinstance(value.op, ast.Div) and not scalar(value.right):
            return value
        parts = [p for p in (value.left, value.right) if not scalar(p)]
        if len(parts) != 1 and flow is not None:
            place = Place(project.path(model), model, value, scope)
            parts = [p for p in parts if _surely_vector(flow, place.at(p))]
        if len(parts) != 1:
            return value
        value = parts[0]
    return value


def _accumulation(function: Function, name: str) -> list[tuple[ast.stmt, ast.expr]] | None:
    """What a loop accumulates in ``name``: its first value and every term a loop of the
    function adds to it (``total = 0.0``, then ``total = total + w * f(x)`` or ``total +=
    term`` in a ``for`` or ``while``), each with its statement; None where the name is bound
    any other way."""
    looped = {
        id(statement)
        for loop in culprit_state.own_statements(function.node)
        if isinstance(loop, ast.For | ast.While)
        for statement in culprit_state.own_statements(loop)
    }
    first: list[tuple[ast.stmt, ast.expr]] = []
    terms: list[tuple[ast.stmt, ast.expr]] = []
    for binding in function.scope.bindings.get(name, []):
        statement = binding.node
        if not isinstance(statement, ast.stmt):
            return None
        if isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add | ast.Sub):
            if id(statement) not in looped:
                return None
            terms.append((statement, statement.value))
            continue
        value = binding.value
        if binding.kind != "assign" or value is None:
            return None
        if id(statement) not in looped:
            first.append((statement, value))
            continue
        if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Add | ast.Sub):
            return None
        kept = [
            s for s in (value.left, value.right) if not (isinstance(s, ast.Name) and s.id == name)
        ]
        if len(kept) != 1:
            return None
        terms.append((statement, kept[0]))
    return [*first, *terms] if len(first) == 1 and terms else None


def _accumulated_part(
    project: _Project,
    model: ModuleModel,
    function: Function,
    part: ast.expr | None,
    depth: int,
    flow: Flow | None,
    env: Env,
) -> tuple[ast.stmt, ast.expr] | None:
    """For a name a loop accumulates, the one of its first value and the terms it adds that
    is not surely a scalar (with its statement; the term reduced to its own vector part),
    which then makes the sum a vector; None where it is not such a name or not exactly one
    of them may keep an axis."""
    if not isinstance(part, ast.Name):
        return None
    pieces = _accumulation(function, part.id)
    if pieces is None:
        return None
    scope = function.scope
    found = [
        (statement, _vector_part(project, model, piece, scope, depth, flow, env))
        for statement, piece in pieces
        if not _scalar_value(project, model, piece, scope, depth, flow, env)
    ]
    return found[0] if len(found) == 1 else None


# jax.numpy functions applied item by item: a vector in, a vector out.
# jax.numpy functions whose output always has at least one axis.
_ARRAYS = frozenset({"diag", "diagonal", "stack", "concatenate", "hstack", "vstack", "outer"})


def _surely_vector(flow: Flow, place: Place, depth: int = 0) -> bool:
    """Whether a value surely has an axis, whatever its inputs' shapes: a diagonal, a stack,
    an item-by-item function of a vector, arithmetic with a vector (broadcasting keeps the
    axes), a name all of whose makers are one."""
    node = place.node
    if depth > _MAX_DEPTH:
        return False
    if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
        return any(_surely_vector(flow, place.at(p), depth + 1) for p in (node.left, node.right))
    if isinstance(node, ast.UnaryOp):
        return _surely_vector(flow, place.at(node.operand), depth + 1)
    if isinstance(node, ast.Name):
        makers = flow.makers(place)
        return bool(makers) and all(
            m.node is not node and _surely_vector(flow, m, depth + 1) for m in makers or ()
        )
    if not isinstance(node, ast.Call) or node.keywords:
        return False
    qualified = place.model.qualified_name(node.func, place.scope) or ""
    if not qualified.startswith("jax.numpy."):
        return False
    name = qualified.rsplit(".", 1)[-1]
    if name in _ARRAYS:
        return True
    return (
        library().elementwise(qualified)
        and len(node.args) == 1
        and _surely_vector(flow, place.at(node.args[0]), depth + 1)
    )


def _scalar_value(
    project: _Project,
    model: ModuleModel,
    value: ast.expr,
    scope: Scope,
    depth: int,
    flow: Flow | None = None,
    env: Env = None,
) -> bool:
    """Surely a scalar: a number, a full reduction, or a call of a project function whose
    every return is one; with the value flow, also a name whose one local assignment or one
    maker is, an entry of a shape (``x.shape[0]``), a named number (``jnp.pi``), an
    item-by-item function of a scalar, and arithmetic of scalars."""
    if _surely_scalar(model, value, scope):
        return True
    if depth > _MAX_DEPTH:
        return False
    if flow is None and isinstance(value, ast.Name):
        # Without the value flow, a name whose one local assignment is surely a scalar.
        local = _single_local(scope, value.id)
        return (
            local is not None
            and local.value is not None
            and _surely_scalar(model, local.value, scope)
        )
    if flow is not None and (
        _array_size(value)
        or (isinstance(value, ast.Attribute) and model.qualified_name(value, scope) in _CONSTANTS)
    ):
        return True
    if flow is not None and isinstance(value, ast.Call) and len(value.args) == 1:
        qualified = model.qualified_name(value.func, scope) or ""
        if qualified.startswith("jax.numpy.") and library().elementwise(qualified):
            # An item-by-item function of a scalar (``jnp.log(2 * jnp.pi)``).
            return _scalar_value(project, model, value.args[0], scope, depth + 1, flow, env)
    if (
        flow is not None
        and culprit_ranks.Ranks(flow).of(Place(project.path(model), model, value, scope)) == 0
    ):
        return True  # no axis, by the ranks of what makes it (``culprit_ranks``)
    if flow is not None and isinstance(value, ast.BinOp | ast.UnaryOp):
        sides = [value.left, value.right] if isinstance(value, ast.BinOp) else [value.operand]
        return all(_scalar_value(project, model, s, scope, depth + 1, flow, env) for s in sides)
    if flow is not None and isinstance(value, ast.Name):
        local = _single_local(scope, value.id)
        if local is not None and local.value is not None:
            return _scalar_value(project, model, local.value, scope, depth + 1, flow, env)
        made = flow.one_maker(Place(project.path(model), model, value, scope))
        if made is None or made.node is value or not isinstance(made.node, ast.expr):
            return False
        project.adopt(made)
        return _scalar_value(project, made.model, made.node, made.scope, depth + 1, flow)
    if not isinstance(value, ast.Call):
        return False
    callee = _callee_env(project, model, value, scope, flow, env)
    if callee is None:
        return False
    inner_model, inner, _, inner_env = callee
    returns = _returns(project, inner_model, inner, depth + 1, flow=flow, env=inner_env)
    return bool(returns) and all(
        r.value is not None and _surely_scalar(r.model, r.value, r.function.scope) for r in returns
    )


# Numbers the math libraries name (``jnp.pi``).
_CONSTANTS = frozenset(
    f"{module}.{name}"
    for module in ("math", "numpy", "jax.numpy")
    for name in ("pi", "e", "inf", "tau")
)


def _array_size(value: ast.expr) -> bool:
    """One entry of an array's shape, a Python int (``x.shape[0]``, ``self.x.shape[-1]``)."""
    if not isinstance(value, ast.Subscript) or not isinstance(value.value, ast.Attribute):
        return False
    index = value.slice
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand
    return (
        value.value.attr == "shape" and isinstance(index, ast.Constant) and type(index.value) is int
    )


def _surely_scalar(model: ModuleModel, value: ast.expr, scope: Scope) -> bool:
    """A number, or a reduction over every axis (``jnp.mean(x)``, ``x.sum()``)."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, int | float) and not isinstance(value.value, bool)
    if isinstance(value, ast.UnaryOp):
        return _surely_scalar(model, value.operand, scope)
    if isinstance(value, ast.BinOp):
        return _surely_scalar(model, value.left, scope) and _surely_scalar(
            model, value.right, scope
        )
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute | ast.Name):
        return False
    qualified = model.qualified_name(value.func, scope)
    name = value.func.attr if isinstance(value.func, ast.Attribute) else value.func.id
    if any(k.arg in ("axis", "keepdims", "axes") for k in value.keywords):
        return False
    if name in ("float", "int") and qualified is None:
        return True
    if name in ("max", "min") and qualified is None and len(value.args) > 1:
        # Python's ``max(1, int(n * q))`` of numbers is one of them (of one iterable, not).
        return all(_surely_scalar(model, a, scope) for a in value.args)
    if (qualified or "").startswith("jax.numpy.") and library().elementwise(qualified or ""):
        # An item-by-item function of a scalar (``jnp.sqrt(jnp.mean(d**2))``).
        return len(value.args) == 1 and _surely_scalar(model, value.args[0], scope)
    if name not in _REDUCTIONS:
        return False
    # ``jnp.sum(x)`` takes the array first; ``x.sum()`` is a method of the array.
    allowed = 1 if qualified is not None else 0
    if name == "vdot":
        allowed = 2
    return len(value.args) <= allowed


def _received(
    project: _Project, application: _Application, frames: Sequence[Span] = ()
) -> tuple[ModuleModel, Function | Partial] | None:
    """The function the transform received (a partial or bound method as such), followed
    through parameters to the traceback's callers and through factories."""
    if application.decorated is not None:
        return application.decorated
    transform = application.transform
    model = application.defined_in
    given = transform.call.args[0]
    found = model.locate_function(given, transform.scope, project.importer(model))
    flow = Flow(culprit_state.Code(project.files), frames)
    overridden = False
    _read_called(project, application, flow)
    if application.home is not None and frames:
        # ``self._grad_fn = jax.grad(self.loss)`` in a base class, called through an instance
        # of a subclass: the flow that read the attribute through that instance knows which
        # ``loss`` the instance runs (an override of the base's).
        callees = flow.callees(Place(project.path(model), model, given, transform.scope))
        override = callees[0] if len(callees) == 1 else None
        overridden = (
            found is not None and override is not None and override.function is not found[1]
        )
    if (found is not None and not overridden) or not frames:
        return found
    if not overridden:
        place = callable_place(project, frames, model, given, transform.scope)
        # What the name holds after the project's decorators (a wrapper a decorator returns).
        place = flow.decorated(place)
        project.adopt(place)
        function = place.model.functions.get(place.node)
        if function is not None:
            return place.model, function
    # The value flow: a method of an instance passed in, a callable object, a partial.
    callees = flow.callees(Place(project.path(model), model, given, transform.scope))
    if len(callees) != 1:
        return _factory_argument(project, model, given, transform.scope)
    callee = callees[0]
    project.adopt(callee.place)
    if callee.skip == 0 and callee.partial is None:
        return callee.place.model, callee.function
    fixed = callee.partial.node if callee.partial is not None else None
    keywords = [k.arg for k in fixed.keywords] if isinstance(fixed, ast.Call) else []
    if any(k is None for k in keywords):
        return None
    named = frozenset(k for k in keywords if k is not None)
    return callee.place.model, Partial(callee.function, callee.skip, named)


def _read_called(project: _Project, application: _Application, flow: Flow) -> None:
    """Let the flow read the attribute the failing line calls (``self.grad_fn(x)``) through
    its instance: it then knows the construction that made the instance, whose arguments the
    parameters of the ``__init__`` that built the transform hold (``jax.grad(loss_fn)``)."""
    func = application.call.func
    if flow.frames and (isinstance(func, ast.Attribute) or application.home is not None):
        model = application.model
        flow.makers(Place(project.path(model), model, func, application.scope))


def _differentiated(
    project: _Project, application: _Application, frames: Sequence[Span] = ()
) -> tuple[ModuleModel, Function] | None:
    found = _received(project, application, frames)
    if found is None:
        return None
    function = found[1].function if isinstance(found[1], Partial) else found[1]
    return found[0], function


def _entered_flow(
    project: _Project,
    application: _Application,
    frames: Sequence[Span],
    first_iteration: bool = False,
) -> Flow:
    """The project's value flow, knowing that the call applying a differentiating transform
    passes the differentiated function its arguments (``step(model, loss_fn, x)`` after
    ``step = jax.jit(jax.value_and_grad(objective))``)."""
    flow = Flow(culprit_state.Code(project.files), frames, first_iteration)
    _read_called(project, application, flow)
    if application.transform.api not in _APPLIED:
        return flow
    call = Place(
        project.path(application.model), application.model, application.call, application.scope
    )
    if application.decorated is None:
        transform = application.transform
        home = application.defined_in
        given = Place(project.path(home), home, transform.call.args[0], transform.scope)
        callees = flow.callees(given)
        if len(callees) == 1:
            flow.enter(_mapped_by(callees[0], application), call)
            return flow
    received = _received(project, application, frames)
    if received is None:
        return flow
    model, function = received
    skip = 0
    if isinstance(function, Partial):
        if function.fixed_keywords:
            return flow  # what the partial fixed by name is not passed by the call
        skip = function.fixed_positional
        function = function.function
    place = Place(project.path(model), model, function.node, function.scope)
    flow.enter(_mapped_by(Callee(place, function, skip), application), call)
    return flow


def _mapped_by(callee: Callee, application: _Application) -> Callee:
    """The differentiated function as the call applying the transform runs it: on slices of
    what it passes, where ``jax.vmap`` applies the transform."""
    if application.mapping is None:
        return callee
    return replace(callee, mapped=True, mapping=application.mapping)


def _reduces_partly(value: ast.expr | None) -> bool:
    """Whether a returned value is a reduction over some axes (``jnp.mean(x, axis=-1)``),
    maybe under a sign or arithmetic: the function reduces, and leaves an axis it meant to
    reduce too."""
    while isinstance(value, ast.UnaryOp | ast.BinOp):
        if isinstance(value, ast.UnaryOp):
            value = value.operand
            continue
        left, right = _reduces_partly(value.left), _reduces_partly(value.right)
        return left or right
    return (
        isinstance(value, ast.Call)
        and last_name(value.func) in _REDUCTIONS
        and any(k.arg in ("axis", "axes") for k in value.keywords)
    )


def _reduces_unknown_call(
    project: _Project, flow: Flow | None, model: ModuleModel, function: Function, part: ast.expr
) -> bool:
    """A reduction over some axes of what a public, documented project function or method
    returns (``jnp.mean(model.log_prob(x), axis=0)``, "log-density of each row of x"), whose
    rank the value flow cannot tell: the callee states what it returns, so whether the
    reduction leaves an axis it meant to reduce or the callee keeps one it promised not to
    is in doubt. (A private helper's result has no contract but its use.)"""
    if flow is None or not isinstance(part, ast.Call) or not _reduces_partly(part):
        return False
    operand = part.args[0] if part.args else None
    if not isinstance(operand, ast.Call):
        return False
    place = Place(project.path(model), model, operand, function.scope)
    callees = flow.callees(place.at(operand.func))
    if len(callees) != 1 or callees[0].function.name.startswith("_"):
        return False
    node = callees[0].function.node
    if isinstance(node, ast.Lambda) or ast.get_docstring(node) is None:
        return False
    return culprit_ranks.Ranks(flow).of(place) is None


def _label(function: Function) -> str:
    return "the lambda" if function.name == "<lambda>" else f"`{function.name}`"


def _function_culprits(
    project: _Project, captures: Mapping[str, str], frames: Sequence[Span]
) -> list[Culprit]:
    application = _only(_applications(project, frames, DIFFERENTIATING, mapped=True))
    if application is None:
        return []
    api = application.transform.api.rsplit(".", 1)[-1]
    if "shape" in captures:
        batched = _batched_function(project, application, frames, captures["shape"].strip(), api)
        if batched is not None:
            return batched
    target = _differentiated(project, application, frames)
    if target is None and "type" in captures:
        target = _only_unpaired(project, application, frames)
    if target is None:
        return []
    model, function = target
    # The output's shape is checked on the first call: the loop's first values are traced.
    flow = _entered_flow(project, application, frames, first_iteration="shape" in captures)
    try:
        paired = "shape" in captures and _option(project, application, "has_aux", flow) is True
        vector = "shape" in captures
        returns = _returns(project, model, function, vector=vector, flow=flow, paired=paired)
    except _InDoubt:
        return []
    if "shape" in captures:
        if wants_jacobian(function, [r.value for r in returns], [application.model, model]):
            return []
        if result_used_as_matrix(application.model.tree, application.call):
            return []
        if (
            function.name != "<lambda>"
            and not all(_reduces_partly(r.value) for r in returns)
            and any(reduced_where_called(m, function.name) for m in (application.model, model))
        ):
            # The program sums the entries itself elsewhere: the vector is meant, and what to
            # differentiate (their sum) is the failing call's to say.
            return []
        return _nonscalar(project, returns, captures["shape"].strip(), api)
    if "output" in captures:
        output = captures["output"]
        return _not_array(project, application, model, function, returns, output, api, flow)
    if "type" in captures:
        if "'NoneType'" in captures["type"]:
            # Nothing returned at all: the same fault as without has_aux.
            return _not_array(project, application, model, function, returns, "None", api, flow)
        return _aux_not_pair(project, application, function, returns, captures["type"], api, flow)
    return []


def _batched_function(
    project: _Project, application: _Application, frames: Sequence[Span], shape: str, api: str
) -> list[Culprit] | None:
    """Where the differentiated function is one ``jax.vmap`` makes (``f = jax.vmap(g, ..)``,
    then ``jax.grad(f)``): its output gains the mapped axis, whatever ``g`` returns, so the
    ``vmap`` call is the culprit (empty where the program uses the gradient as a matrix).
    None where the function is not mapped."""
    if application.decorated is not None:
        return None
    transform = application.transform
    home = application.defined_in
    given = Place(project.path(home), home, transform.call.args[0], transform.scope)
    callees = Flow(culprit_state.Code(project.files), frames).runs_of(given)
    mappings = {id(c.mapping.node): c.mapping for c in callees if c.mapping is not None}
    if not callees or len(mappings) != 1 or any(c.mapping is None for c in callees):
        return None
    mapping = next(iter(mappings.values()))
    if output_batched(mapping) is not True:
        return None
    if result_used_as_matrix(application.model.tree, application.call):
        return []
    project.adopt(mapping)
    shown = project.source(home, transform.call.args[0])
    why = (
        f"`{shown}` is mapped by `jax.vmap`, whose output gains the mapped axis, shape {shape}:"
        f" {api} needs a scalar"
    )
    given_name = last_name(transform.call.args[0])
    name = given_name if given_name is not None else callees[0].function.name
    kind = CulpritKind.TRANSFORM_FUNCTION
    return [_culprit(project, mapping.model, mapping.node, kind, name, why)]


def _only_unpaired(
    project: _Project, application: _Application, frames: Sequence[Span]
) -> tuple[ModuleModel, Function] | None:
    """Of the functions the transform may receive (a registry's, the key not known), the one
    that can return other than a pair, where every other returns the pair (output, aux) on
    each of its returns: only that one can have given has_aux something else."""
    transform = application.transform
    model = application.defined_in
    flow = Flow(culprit_state.Code(project.files), frames)
    given = Place(project.path(model), model, transform.call.args[0], transform.scope)
    callees = flow.callees(given)
    if len(callees) < 2 or any(c.partial is not None or c.skip for c in callees):
        return None
    pairing = [
        c
        for c in callees
        if c.function.returns
        and all(_tuple_size(r.value, c.function) == 2 for r in c.function.returns)
    ]
    others = [c for c in callees if c not in pairing]
    if len(others) != 1 or len(pairing) != len(callees) - 1:
        return None
    project.adopt(others[0].place)
    return others[0].place.model, others[0].function


def wants_jacobian(
    function: Function, values: Sequence[ast.expr | None], modules: Sequence[ModuleModel]
) -> bool:
    """Whether the program means the function's output to be a vector (it assembles one, or
    indexes it or takes its Jacobian elsewhere): then a reduction is no fix of a gradient of
    it, and which change is right (a Jacobian, another function) is the author's to say."""
    if any(assembles_vector(v) for v in values):
        return True
    return function.name != "<lambda>" and any(used_as_vector(m, function.name) for m in modules)


# jax.numpy.linalg functions that take a matrix first.
_MATRIX_TAKING = frozenset({"solve", "lstsq", "pinv", "inv", "svd", "qr", "cholesky", "eigh"})


def result_used_as_matrix(tree: ast.Module, call: ast.Call) -> bool:
    """Whether the program treats what a gradient call gives as a matrix (a Jacobian): the
    name it is bound to is transposed (``J.T``) or given to a linear solve. A gradient has
    its parameter's shape, so a program that transposes it wanted ``jax.jacrev``."""
    targets = [n.targets[0] for n in nodes_of(tree, ast.Assign) if n.value is call]
    if len(targets) != 1:
        return False
    # ``J = grad_fn(x)``, or the gradient of ``value, J = value_and_grad_fn(x)``.
    bound = targets[0]
    if isinstance(bound, ast.Tuple) and len(bound.elts) == 2:
        bound = bound.elts[1]
    if not isinstance(bound, ast.Name):
        return False
    name = bound.id
    return any(
        node.attr in ("T", "mT") and isinstance(node.value, ast.Name) and node.value.id == name
        for node in nodes_of(tree, ast.Attribute)
    ) or any(
        last_name(node.func) in _MATRIX_TAKING
        and node.args
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == name
        for node in nodes_of(tree, ast.Call)
    )


def _culprit(
    project: _Project, model: ModuleModel, node: ast.AST, kind: CulpritKind, name: str, why: str
) -> Culprit:
    return Culprit(project.span(model, node), kind, name, why=why)


def _nonscalar(project: _Project, returns: list[_Return], shape: str, api: str) -> list[Culprit]:
    out = []
    for found in returns:
        if found.why is not None:
            kind = CulpritKind.TRANSFORM_FUNCTION
            why = f"{found.why}, shape {shape}: {api} needs a scalar"
            out.append(_culprit(project, found.model, found.node, kind, found.function.name, why))
            continue
        if found.value is None or _surely_scalar(found.model, found.value, found.function.scope):
            continue
        shown = project.source(found.model, found.value)
        why = f"{_label(found.function)} returns `{shown}`, shape {shape}: {api} needs a scalar"
        if isinstance(found.node, ast.Assign):
            # The operand that makes the returned value a vector, made in the function.
            named = ast.unparse(found.node.targets[0])
            why = (
                f"`{named} = {shown}` is a vector, and {_label(found.function)} returns "
                f"arithmetic with it, shape {shape}: {api} needs a scalar"
            )
        out.append(
            _culprit(
                project,
                found.model,
                found.node,
                CulpritKind.TRANSFORM_FUNCTION,
                found.function.name,
                why,
            )
        )
    return out


def _last_statement(body: list[ast.stmt]) -> ast.stmt:
    """The statement control reaches last in a block, inside a trailing ``if``/``with``/..."""
    last = body[-1]
    while True:
        blocks = [getattr(last, name, None) for name in ("orelse", "finalbody", "body")]
        inner = next((b for b in blocks if isinstance(b, list) and b), None)
        if (
            inner is None
            or not isinstance(inner[-1], ast.stmt)
            or isinstance(last, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ):
            return last
        last = inner[-1]


def _not_array(
    project: _Project,
    application: _Application,
    model: ModuleModel,
    function: Function,
    returns: list[_Return],
    output: str,
    api: str,
    flow: Flow | None = None,
) -> list[Culprit]:
    kind = CulpritKind.TRANSFORM_FUNCTION
    output = output.strip()
    if output == "None":
        if isinstance(function.node, ast.Lambda):
            return []
        bare = [r for r in returns if r.value is None]
        if bare:
            why = f"{_label(function)} returns nothing here, so {api} got None: return the loss"
            return [_culprit(project, r.model, r.node, kind, function.name, why) for r in bare]
        if function.returns or not function.falls_off_end:
            home = flow.definition(function) if flow is not None else None
            if flow is None or home is None:
                return []
            return _unmatched_modes(project, flow, home, function, api)
        last = _last_statement(function.node.body)
        why = f"{_label(function)} ends without `return`, so {api} got None: return the loss"
        return [_culprit(project, model, last, kind, function.name, why)]
    if output.startswith("{"):
        dicts = [r for r in returns if _builds_dict(r)]
        why = "{} returns a dict: {} needs a scalar (return the total, the parts as aux)"
        return [
            _culprit(
                project, r.model, r.node, kind, r.function.name, why.format(_label(r.function), api)
            )
            for r in dicts
        ]
    built = _printed_instance(project, output, returns, flow)
    if built is not None and built[1] == 2:
        transform = application.transform
        why = (
            f"{_label(function)} returns an instance of `{built[0]}` with two fields "
            f"(output, aux): "
            f"{api} needs has_aux=True"
        )
        return [_culprit(project, application.defined_in, transform.call, kind, function.name, why)]
    if built is not None:
        fields = "one field" if built[1] == 1 else f"{built[1]} fields"
        why = (
            f"{_label(function)} returns an instance of `{built[0]}` with {fields}: "
            f"{api} needs a scalar"
        )
        return [_culprit(project, r.model, r.node, kind, r.function.name, why) for r in returns]
    if output.startswith("(") and returns and all(_tuple_size(_built(r)[1]) == 2 for r in returns):
        transform = application.transform
        if _option(project, application, "has_aux", flow) is True:
            # has_aux=True is there: the output printed is the first item of the pair, itself
            # a tuple. A decorator's wrapper that pairs the function's own (output, aux) with
            # something of its own nests them; nothing else is known to.
            return _pairing_decorator(project, application, function, returns, api, flow)
        reader = _reads_as_one_array(project, application, function, flow)
        if reader is not None:
            # The same callable is read elsewhere as one array (``-self.log_prob(q) + k``):
            # has_aux=True at the transform would leave that use failing; the pair is the fault.
            why = (
                f"{_label(function)} returns a pair (output, aux), and its call `{reader}` "
                "elsewhere is read as one array, which has_aux=True would leave failing: "
                "return the value alone"
            )
            return [_culprit(project, r.model, r.node, kind, r.function.name, why) for r in returns]
        why = f"{_label(function)} returns a pair (output, aux): {api} needs has_aux=True"
        factory = _flag_given_by(project, application, "has_aux")
        if factory is not None:
            why += f", which this call of `{ast.unparse(factory[1].func)}` leaves off"
            return [_culprit(project, factory[0], factory[1], kind, function.name, why)]
        chosen = _flag_set_elsewhere(project, application, "has_aux", flow)
        if chosen is not None and flow and any(flow.relied_on(f) for f in _defaulting(chosen)):
            # The default of a factory other code calls too (``build_step(.., with_aux=False)``)
            # is right for those callers: the call that leaves it differs, and is not known.
            return []
        if chosen is not None:
            shown = project.source(chosen.model, chosen.node)
            why += f", which is set to `{shown}` here"
            return [_culprit(project, chosen.model, chosen.node, kind, function.name, why)]
        return [_culprit(project, application.defined_in, transform.call, kind, function.name, why)]
    size = _printed_items(output) if output.startswith("(") else None
    sizes = {_tuple_size(_built(r)[1]) for r in returns}
    if size is None and output.startswith("(") and len(sizes) == 1:
        # The message cut the printed tuple short (at the ``.`` of ``Array(6., ...)``): every
        # return is a tuple display of one size, which is what was printed.
        size = next(iter(sizes))
    tuples = [r for r in returns if size is not None and _tuple_size(_built(r)[1]) == size]
    if size is not None and size != 2 and tuples and len(tuples) == len(returns):
        # The printed tuple has as many items as the tuple the function returns: a trailing
        # comma (``return (loss,)``, ``total = loss,``) or values that belong in aux.
        items = "one item" if size == 1 else f"{size} items"
        return [
            _culprit(
                project,
                r.model,
                _built(r)[0],
                kind,
                r.function.name,
                f"{_label(r.function)} returns a tuple of {items}: {api} needs a scalar",
            )
            for r in tuples
        ]
    return []


def _reads_as_one_array(
    project: _Project, application: _Application, function: Function, flow: Flow | None
) -> str | None:
    """Where the function a transform is given is called elsewhere with its result read as
    one array (an operand of arithmetic or a comparison, negated, or ``float(..)``): a
    project function's other calls (``Flow.uses``, the transform's own read apart), or a
    parameter of the function that applies the transform, called there or kept as
    ``self.NAME`` and called in its class. The source of that call."""
    transform = application.transform
    model = application.defined_in
    given = transform.call.args[0] if transform.call.args else None
    if not isinstance(given, ast.Name):
        return None
    sites: list[Place] = []
    binding = transform.scope.lookup(given.id)
    if binding is not None and binding.kind == "def" and flow is not None:
        sites = flow.uses(function, (transform.call,)) or []
    elif binding is not None and binding.kind == "param" and binding.scope is transform.scope:
        sites = _parameter_calls(project, model, transform, given.id)
    for site in sites:
        node = site.node
        parent = site.model.parents.get(node) if isinstance(node, ast.Call) else None
        if (
            isinstance(parent, ast.BinOp | ast.Compare)
            or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub | ast.UAdd))
            or wants_scalar(site)
        ):
            return ast.unparse(node)
    return None


def _parameter_calls(
    project: _Project, model: ModuleModel, transform: TransformCall, name: str
) -> list[Place]:
    """The calls of a parameter ``name`` of the function ``transform`` is in: there, or of
    the ``self.NAME`` it is kept as, in its class."""
    home = transform.scope.node
    kept = {
        target.attr
        for node in ast.walk(home)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Name)
        and node.value.id == name
        for target in node.targets
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    }
    owner = next(
        (f.owner for f in model.functions.values() if f.node is home and f.owner is not None),
        None,
    )
    path = project.path(model)
    return [
        Place(path, model, call, scope)
        for call, scope in model.calls
        if call is not transform.call
        and (
            (isinstance(call.func, ast.Name) and call.func.id == name and scope is transform.scope)
            or (
                owner is not None
                and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "self"
                and call.func.attr in kept
                and _inside_node(call, owner)
            )
        )
    ]


def _inside_node(node: ast.AST, outer: ast.AST) -> bool:
    return any(inner is node for inner in ast.walk(outer))


def _unmatched_modes(
    project: _Project, flow: Flow, home: Place, function: Function, api: str
) -> list[Culprit]:
    """The function returns a value on every path, yet gave None: the value it returns is a
    project function's that, with the constant its mode parameter gets (``reduce_loss(x,
    self.reduction)`` with ``"avg"`` from the settings), runs none of its ``return``s and
    falls off its end. The constant is where the change belongs (the value no branch
    matches); None where the flow does not decide every step."""
    values = function.return_values
    if len(values) != 1 or values[0] is None:
        return []
    found = _falls_through(flow, Place(home.path, home.model, values[0], function.scope), 0)
    if found is None:
        return []
    made, callee = found
    project.adopt(made)
    shown = project.source(made.model, made.node)
    why = (
        f"`{shown}` matches none of the branches of `{callee.name}`, which then ends without "
        f"`return`: {_label(function)} returns None, and {api} got None"
    )
    return [
        _culprit(project, made.model, made.node, CulpritKind.TRANSFORM_FUNCTION, function.name, why)
    ]


def _falls_through(flow: Flow, place: Place, depth: int) -> tuple[Place, Function] | None:
    """Where the value at ``place`` is None because a mode's constant picks no ``return`` of
    the project function that makes it: the constant, and that function."""
    node = place.node
    if depth > _MAX_DEPTH:
        return None
    if isinstance(node, ast.IfExp):
        test = constant(flow, place.at(node.test), None)
        if test is UNKNOWN:
            return None
        return _falls_through(flow, place.at(node.body if test else node.orelse), depth + 1)
    if isinstance(node, ast.Name):
        local = _single_local(place.scope, node.id)
        if local is None or local.value is None:
            return None
        return _falls_through(flow, place.at(local.value), depth + 1)
    if not isinstance(node, ast.Call):
        return None
    callees = flow.callees(place.at(node.func))
    if len(callees) != 1 or isinstance(callees[0].function.node, ast.Lambda):
        return None
    callee = callees[0]
    function = callee.function
    flow.enter(callee, place)
    env = call_env(flow, place, callee.place, function, callee.skip, None)
    reachable = reachable_returns(flow, callee.place, function, env)
    if reachable is None:
        return None
    inner = Place(callee.place.path, callee.place.model, function.node, function.scope)
    if reachable:
        values = [r.value for r in reachable]
        if len(values) != 1 or values[0] is None:
            return None
        return _falls_through(flow, inner.at(values[0]), depth + 1)
    if not function.returns or not function.falls_off_end:
        return None
    # No return runs: the parameter the deciding tests compare to constants, given one.
    tested = {
        n.id
        for statement in nodes_of(function.node, ast.If)
        for n in ast.walk(statement.test)
        if isinstance(n, ast.Name)
    }
    modes = [name for name, value in env.items() if name in tested and isinstance(value, str)]
    if len(modes) != 1:
        return None
    names = [p.name for p in function.positional][callee.skip :]
    given = argument(node, names, modes[0])
    if given is None:
        return None
    made = flow.one_maker(place.at(given))
    if made is None or not isinstance(made.node, ast.Constant):
        return None
    return made, function


def _pairing_decorator(
    project: _Project,
    application: _Application,
    wrapper: Function,
    returns: list[_Return],
    api: str,
    flow: Flow | None = None,
) -> list[Culprit]:
    """Where the transform got the wrapper a project decorator returns (``def timed(fn)``
    whose ``wrapper`` returns ``result, seconds`` with ``result = fn(*args)``): the decorator
    applied to the ``def`` the transform names, since the wrapped function's own return then
    reaches has_aux as the output."""
    outer = wrapper.scope.parent
    model = returns[0].model
    decorator = model.functions.get(outer.node) if outer is not None else None
    if (
        decorator is None
        or len(decorator.positional) != 1
        or isinstance(decorator.node, ast.Lambda)
    ):
        return []
    wrapped = decorator.positional[0].name

    def calls_wrapped(value: ast.expr) -> bool:
        if isinstance(value, ast.Name):
            binding = _single_local(wrapper.scope, value.id)
            value = binding.value if binding is not None and binding.value is not None else value
        return (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == wrapped
            and wrapper.scope.lookup_all(wrapped) == decorator.scope.lookup_all(wrapped)
        )

    pairs = [r.value for r in returns if isinstance(r.value, ast.Tuple)]
    if len(pairs) != len(returns) or not all(calls_wrapped(p.elts[0]) for p in pairs):
        return []
    transform = application.transform
    path = project.path(application.defined_in)
    code = culprit_state.Code(project.files)
    named = code.resolve(
        Place(path, application.defined_in, transform.call.args[0], transform.scope)
    )
    node = named.node
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node is wrapper.node:
        # A call of the decorator, not a decorated ``def``: the wrapper itself.
        return _decorated_twice(project, application, decorator, pairs[0], api, flow)
    scope = scope_at(named.model, node)
    applied = [
        d
        for d in node.decorator_list
        if code.resolve(Place(named.path, named.model, d, scope)).node is decorator.node
    ]
    if len(applied) != 1:
        return []
    project.adopt(named)
    why = (
        f"`@{ast.unparse(applied[0])}` makes `{node.name}` return `{ast.unparse(pairs[0])}`"
        f": with has_aux=True, {api} takes `{node.name}`'s own (output, aux) for the output"
    )
    kind = CulpritKind.TRANSFORM_FUNCTION
    return [_culprit(project, named.model, applied[0], kind, node.name, why)]


def _decorated_twice(
    project: _Project,
    application: _Application,
    decorator: Function,
    pair: ast.expr,
    api: str,
    flow: Flow | None,
) -> list[Culprit]:
    """The transform got ``decorator(f)`` made by a call (``self.loss_fn =
    with_metrics(loss_fn)``) where ``f`` already is a ``def`` under ``@decorator``: the
    wrapper pairs the pair the inner one made, and the second application is the change."""
    if flow is None:
        return []
    code = flow.code
    transform = application.transform
    home = application.defined_in
    made = _assigned_call(
        flow, Place(project.path(home), home, transform.call.args[0], transform.scope)
    )
    call = made.node if made is not None else None
    if made is None or not isinstance(call, ast.Call) or len(call.args) != 1:
        return []
    if code.resolve(made.at(call.func)).node is not decorator.node:
        return []
    given = made.at(call.args[0])
    named = code.resolve(given)
    if not isinstance(named.node, ast.FunctionDef | ast.AsyncFunctionDef):
        inner = flow.callees(given)
        if len(inner) != 1 or inner[0].partial is not None:
            return []
        named = inner[0].place
    node = named.node
    scope = scope_at(named.model, node)
    again = [
        d
        for d in getattr(node, "decorator_list", [])
        if code.resolve(Place(named.path, named.model, d, scope)).node is decorator.node
    ]
    if len(again) != 1:
        return []
    project.adopt(made)
    name = getattr(node, "name", "the function")
    why = (
        f"`{name}` is already decorated with `@{ast.unparse(again[0])}`; applying it again "
        f"here makes the output `{ast.unparse(pair)}` of the pair the first one made: with "
        f"has_aux=True, {api} takes that pair for the output"
    )
    kind = CulpritKind.TRANSFORM_FUNCTION
    return [_culprit(project, made.model, call, kind, name, why)]


def _assigned_call(flow: Flow, place: Place) -> Place | None:
    """The one call assigned to a local name or to ``self.attr`` in the instance's class
    (the flow itself goes on into what the call returns)."""
    node = place.node
    if isinstance(node, ast.Name):
        binding = _single_local(place.scope, node.id)
        if binding is None or not isinstance(binding.value, ast.Call):
            return None
        return Place(place.path, place.model, binding.value, binding.scope)
    if not isinstance(node, ast.Attribute):
        return None
    found: list[Place] = []
    for cls, _ in flow.instances(place.at(node.value)) or []:
        for klass in flow.mro(cls):
            for method in klass.model.functions.values():
                if method.owner is not klass.node or not method.positional:
                    continue
                this = method.positional[0].name
                for statement in culprit_state.own_statements(method.node):
                    if (
                        isinstance(statement, ast.Assign)
                        and len(statement.targets) == 1
                        and isinstance(target := statement.targets[0], ast.Attribute)
                        and target.attr == node.attr
                        and isinstance(target.value, ast.Name)
                        and target.value.id == this
                        and isinstance(statement.value, ast.Call)
                    ):
                        found.append(Place(klass.path, klass.model, statement.value, method.scope))
    return found[0] if len(found) == 1 else None


def _builds_dict(found: _Return) -> bool:
    """A dict display or comprehension, a call of the builtin ``dict(...)``, or a return of
    what a helper maps a dict to entry by entry (``_Return.maps_dict``)."""
    value = found.value
    if found.maps_dict:
        return True
    if isinstance(value, ast.Dict | ast.DictComp):
        return True
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "dict"
        and not found.function.scope.lookup_all("dict")
    )


def _maps_entries(found: _Return) -> bool:
    """A dict comprehension over the entries of one of the function's parameters, keyed by
    the entry's own key (``{k: f(v) for k, v in terms.items() if ..}``, ``{k: f(d[k]) for k
    in d}``): the dict it returns has the structure of the dict it was given."""
    value = found.value
    if not isinstance(value, ast.DictComp) or len(value.generators) != 1:
        return False
    loop = value.generators[0]
    source = loop.iter
    if (
        isinstance(source, ast.Call)
        and isinstance(source.func, ast.Attribute)
        and source.func.attr == "items"
        and not source.args
        and isinstance(loop.target, ast.Tuple)
        and len(loop.target.elts) == 2
    ):
        source, key = source.func.value, loop.target.elts[0]
    else:
        key = loop.target
    node = found.function.node
    parameters = (
        {a.arg for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]}
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        else set()
    )
    return (
        isinstance(source, ast.Name)
        and source.id in parameters
        and isinstance(key, ast.Name)
        and isinstance(value.key, ast.Name)
        and value.key.id == key.id
    )


_PRINTED_INSTANCE = re.compile(r"^(?P<name>[A-Za-z_]\w*)(?P<items>\(.*\))$", re.DOTALL)


def _printed_instance(
    project: _Project, output: str, returns: list[_Return], flow: Flow | None = None
) -> tuple[str, int] | None:
    """The class and field count of an output JAX printed as an instance
    (``LossOutput(loss=..., prob=...)``), when every return builds an instance of the
    project class of that name (a NamedTuple, a dataclass) in place, or maps one with
    ``jax.tree.map`` (which keeps its first tree's container: the flow finds where that is
    built)."""
    printed = _PRINTED_INSTANCE.match(output.strip())
    if printed is None or not returns:
        return None
    name, items = printed["name"], _printed_items(printed["items"])
    for found in returns:
        if found.value is None:
            return None
        built = Place(project.path(found.model), found.model, found.value, found.function.scope)
        mapped = None if flow is None else _tree_mapped(flow, built)
        if mapped is not None:
            project.adopt(mapped)
            built = mapped
        if not _builds_named(built, name) and flow is not None:
            # ``return terms`` with ``terms = self.terms(..)``: where the value flow finds
            # the returned value built.
            made = flow.one_maker(built)
            if made is not None and made.node is not built.node:
                project.adopt(made)
                built = made
        value = built.node
        if not (isinstance(value, ast.Call) and _builds_named(built, name)):
            return None
        if _class_built(project, built, flow) is None:
            return None
    return (name, items) if items else None


def _class_built(project: _Project, built: Place, flow: Flow | None) -> Place | None:
    """The project class a call constructs: the value flow's (``cls(..)`` in a classmethod,
    a class imported or aliased), else the model's lookup of the name called."""
    assert isinstance(built.node, ast.Call)
    cls = culprit_dtypes.constructed_class(flow, built) if flow is not None else None
    if cls is not None:
        return cls
    importer = project.importer(built.model)
    found = built.model.locate_class(built.node.func, built.scope, importer)
    if found is None or not isinstance(found[1].node, ast.ClassDef):
        return None
    model, body = found
    return Place(project.path(model), model, body.node, body.parent or model.module_scope)


def _builds_named(built: Place, name: str) -> bool:
    """Whether the expression is a call of something named ``name`` (a class, printed)."""
    return isinstance(built.node, ast.Call) and last_name(built.node.func) == name


# The functions that map a function over the leaves of trees, keeping the first tree's
# containers.
_TREE_MAPS = frozenset({"jax.tree.map", "jax.tree_util.tree_map", "jax.tree_map"})


def _tree_mapped(flow: Flow, place: Place) -> Place | None:
    """For ``jax.tree.map(f, tree, ...)``, the one expression the value flow finds ``tree``
    made by (whose containers the result keeps); None for anything else."""
    node = place.node
    if not isinstance(node, ast.Call) or len(node.args) < 2:
        return None
    if place.model.qualified_name(node.func, place.scope) not in _TREE_MAPS:
        return None
    made = flow.one_maker(place.at(node.args[1]))
    return None if made is None or made.node is node.args[1] else made


def _printed_items(output: str) -> int | None:
    """How many items a printed tuple has: ``(JitTracer(float32[]),)`` has one."""
    text = output.strip()
    if not (text.startswith("(") and text.endswith(")")):
        return None
    depth, items, current = 0, 0, ""
    for char in text[1:-1]:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        if char == "," and depth == 0:
            items += 1 if current.strip() else 0
            current = ""
        else:
            current += char
    return items + (1 if current.strip() else 0)


def _tuple_size(
    value: ast.expr | None,
    function: Function | None = None,
    unpacked: Callable[[ast.expr], int | None] | None = None,
) -> int | None:
    """The items of a tuple or list display; with ``function``, also of one that unpacks a
    display the function's local name holds (``return total, *parts`` after ``parts = (a, b,
    c)``: four), or, with ``unpacked``, what that says the starred value holds (the tuple a
    project helper returns)."""
    if not isinstance(value, ast.Tuple | ast.List):
        return None
    size = 0
    for item in value.elts:
        if not isinstance(item, ast.Starred):
            size += 1
            continue
        held = (
            item.value
            if function is None
            else _local_value(function, item.value, displays_only=False)
        )
        inner = _tuple_size(held) if isinstance(held, ast.Tuple | ast.List) else None
        if inner is None and unpacked is not None:
            # ``*helper(..)``, or ``*parts`` after ``parts = helper(..)``.
            inner = unpacked(held if isinstance(held, ast.Call) else item.value)
        if function is None or inner is None:
            return None
        size += inner
    return size


def _splices(value: ast.expr | None) -> bool:
    """A tuple or list display with a sequence spread into it (``(loss, *extras)``)."""
    return isinstance(value, ast.Tuple | ast.List) and any(
        isinstance(item, ast.Starred) for item in value.elts
    )


def _helper_tuple_size(project: _Project, found: _Return) -> Callable[[ast.expr], int | None]:
    """How many items a call of a project function gives, where its every ``return`` is a
    tuple display of one size (``return a, b, c``)."""

    def size(value: ast.expr) -> int | None:
        if not isinstance(value, ast.Call):
            return None
        callee = _callee(project, found.model, value, found.function.scope)
        returned = [r.value for r in callee[1].returns] if callee is not None else []
        sizes = {_tuple_size(v, callee[1]) for v in returned} if callee is not None else set()
        return sizes.pop() if returned and len(sizes) == 1 else None

    return size


def _aux_not_pair(
    project: _Project,
    application: _Application,
    function: Function,
    returns: list[_Return],
    type_text: str,
    api: str,
    flow: Flow | None = None,
) -> list[Culprit]:
    kind = CulpritKind.TRANSFORM_FUNCTION
    if not returns:
        return []
    if "'tuple'" in type_text or "'list'" in type_text:
        out = []
        spliced: list[tuple[_Return, ast.AST]] = []
        unsized = False
        for found in returns:
            node, value = _built(found)
            size = _tuple_size(value, found.function, _helper_tuple_size(project, found))
            if size is None:
                if _splices(value):
                    spliced.append((found, node))
                unsized = unsized or not _splices(value)
                continue
            if size == 2:
                continue
            why = (
                f"{_label(found.function)} returns {size} values: with has_aux=True, {api} "
                "needs a pair (output, aux)"
            )
            out.append(_culprit(project, found.model, node, kind, found.function.name, why))
        if not out and spliced and not unsized:
            # Every return not surely a pair writes its tuple with a sequence spread into it
            # (``return (loss, *(m(x) for m in metrics))``): the tuple is as long as that
            # sequence makes it, and what was printed is not a pair.
            why = (
                "{} spreads a sequence into the tuple it returns, so it is not a pair: with "
                "has_aux=True, {} needs (output, aux), the rest grouped as one aux"
            )
            return [
                _culprit(
                    project, r.model, n, kind, r.function.name, why.format(_label(r.function), api)
                )
                for r, n in spliced
            ]
        return out
    if "'dict'" in type_text:
        # One dict of named losses: the pair (output, aux) is made from it (the total first,
        # the parts as aux); where the dict is built is the change.
        why = "{} returns one dict: with has_aux=True, {} needs a pair (output, aux)"
        return [
            _culprit(
                project, r.model, r.node, kind, r.function.name, why.format(_label(r.function), api)
            )
            for r in returns
            if _builds_dict(r)
        ]
    if any(f"'{name}'" in type_text for name in ("NoneType", "set", "str")):
        return []  # not one output value: dropping has_aux is no fix
    if flow is not None:
        # The function itself, or a helper it returns the value of (``lambda p: nll(p, x)``):
        # following its returns enters the helpers, whose flags the calls then give.
        home = flow.definition(function)
        if home is not None:
            for value in function.return_values:
                if value is not None:
                    flow.makers(Place(home.path, home.model, value, function.scope))
        helpers = [r.function for r in returns if r.function is not function]
        candidates = list({id(f): f for f in [function, *helpers]}.values())
        offs = [_switched_off_pair(project, flow, f, api) for f in candidates]
        switched = [c for c in offs if c is not None]
        if len(switched) == 1:
            return switched
    mixed = _singles_among_pairs(project, function, returns, flow)
    if mixed:
        why = (
            "{} returns a single value here, but the pair (output, aux) on its other "
            "returns: with has_aux=True, {} needs the pair on every return"
        )
        return [
            _culprit(
                project, r.model, r.node, kind, function.name, why.format(_label(function), api)
            )
            for r in mixed
        ]
    if any(_tuple_size(r.value) is not None for r in returns):
        return []
    flag = next((k for k in application.transform.call.keywords if k.arg == "has_aux"), None)
    if flag is None:
        return []
    aux = _aux_read(application)
    if aux is not None:
        # The caller unpacks the aux and reads it: has_aux is meant, the function is to
        # return the pair. The pair is the contract of the function the transform got: its
        # own return changes, not a helper's (which other callers may share).
        own = [r for r in returns if r.function is function]
        others = [r for r in returns if r.function is not function]
        odd = [r for r in others if _odd_entry(project, r)]
        if len(odd) != len(others):
            odd = []
        elif not others and flow is not None:
            odd = _called_entries(project, flow, function, own)
        if odd:
            # The helper is one entry of a registry whose other entries all return the pair
            # (``LOSSES = {"logistic": ..., "hinge": lambda ...}``): the registry's contract
            # is the pair, and that entry breaks it.
            why = (
                f"{_label(odd[0].function)} returns a single value, while the other entries of "
                f"its registry return the pair (output, aux) the caller unpacks (`{aux}`) "
                f"with has_aux=True"
            )
            return [_culprit(project, r.model, r.node, kind, r.function.name, why) for r in odd]
        if len(own) != len(returns):
            home = flow.definition(function) if flow is not None else None
            if home is None:
                return []
            own = [_Return(home.model, function, r, r.value) for r in _own_returns(function)]
            if isinstance(function.node, ast.Lambda):
                body = function.node.body
                own = [_Return(home.model, function, body, body)]
        why = (
            f"{_label(function)} returns a single value, but the caller reads the aux `{aux}` "
            f"that {api} unpacks with has_aux=True: return (output, aux)"
        )
        return [_culprit(project, r.model, r.node, kind, r.function.name, why) for r in own]
    why = f"{_label(function)} returns a single value, not (output, aux): drop has_aux=True"
    return [_culprit(project, application.defined_in, flag, kind, function.name, why)]


def _odd_entry(project: _Project, found: _Return) -> bool:
    """Whether the function of ``found`` is the value of one entry of a dict display in its
    module (a registry) whose other values, all project functions, return pairs on every
    ``return``."""
    model, target = found.model, found.function.node
    code = culprit_state.Code(project.files)
    path = project.path(model)
    for display in nodes_of(model.tree, ast.Dict):
        made = [
            code.resolve(Place(path, model, value, scope_at(model, value)))
            for value in display.values
        ]
        if sum(m.node is target for m in made) != 1 or len(made) < 3:
            continue
        others = [m.model.functions.get(m.node) for m in made if m.node is not target]
        return all(f is not None and _returns_pairs(f) for f in others)
    return _odd_registered(model, found.function)


def _odd_registered(model: ModuleModel, function: Function) -> bool:
    """Whether a ``def`` is registered by a decorator call (``@register("beta")``) that
    registers other ``def``s of its module too, each returning pairs on every ``return``."""
    node = function.node
    calls = [d for d in getattr(node, "decorator_list", []) if isinstance(d, ast.Call)]
    if len(calls) != 1:
        return False
    registering = ast.dump(calls[0].func)
    others = [
        f
        for f in model.functions.values()
        if f is not function
        and any(
            isinstance(d, ast.Call) and ast.dump(d.func) == registering
            for d in getattr(f.node, "decorator_list", [])
        )
    ]
    return bool(others) and all(_returns_pairs(f) for f in others)


def _called_entries(
    project: _Project, flow: Flow, function: Function, own: list[_Return]
) -> list[_Return]:
    """Where every return of ``function`` gives back the call of one project function the
    flow finds (``return LOSSES[name](logits, labels)``, the key followed to its constant)
    that is an odd registry entry (``_odd_entry``): that function's returns."""
    home = flow.definition(function)
    if home is None:
        return []
    out: list[_Return] = []
    for found in own:
        if not isinstance(found.value, ast.Call):
            return []
        callees = flow.callees(Place(home.path, home.model, found.value.func, function.scope))
        if len(callees) != 1 or callees[0].partial is not None:
            return []
        at = callees[0].place
        project.adopt(at)
        helper = callees[0].function
        node = helper.node
        returned = (
            [_Return(at.model, helper, node.body, node.body)]
            if isinstance(node, ast.Lambda)
            else [_Return(at.model, helper, r, r.value) for r in helper.returns]
        )
        if not returned or not _odd_entry(project, returned[0]):
            return []
        out.extend(returned)
    return out


def _returns_pairs(function: Function) -> bool:
    """Whether every value the function returns is a pair display."""
    node = function.node
    values = [node.body] if isinstance(node, ast.Lambda) else function.return_values
    return bool(values) and all(_tuple_size(v, function) == 2 for v in values)


def _own_returns(function: Function) -> list[ast.Return]:
    return [] if isinstance(function.node, ast.Lambda) else list(function.returns)


def _singles_among_pairs(
    project: _Project, function: Function, returns: list[_Return], flow: Flow | None
) -> list[_Return]:
    """The returns of a single value in a function whose other returns are pairs (``return
    loss`` in one branch, ``return loss, metrics`` in another): the function means to give
    the pair, so where has_aux got a single value, those returns are the fault. Empty where a
    return's value may itself be a pair (a call of a project function, a name)."""
    own = _own_returns(function)
    home = flow.definition(function) if flow is not None else None
    model = (
        home.model
        if home is not None
        else next((r.model for r in returns if r.function is function), None)
    )
    if model is None or not own:
        return []

    def single(value: ast.expr | None) -> bool:
        if isinstance(value, ast.Name):
            binding = _single_local(function.scope, value.id)
            value = binding.value if binding is not None else None
        return (
            value is not None
            and not isinstance(value, ast.Name | ast.Tuple | ast.List | ast.Starred)
            and not (isinstance(value, ast.Call) and _callee(project, model, value, function.scope))
        )

    pairs = [r for r in own if _tuple_size(r.value, function) == 2]
    singles = [r for r in own if single(r.value)]
    if not pairs or not singles or len(pairs) + len(singles) != len(own):
        return []
    return [_Return(model, function, r, r.value) for r in singles]


def _switched_off_pair(
    project: _Project, flow: Flow, function: Function, api: str
) -> Culprit | None:
    """``if with_terms: return loss, terms`` then ``return loss``, with ``with_terms`` given
    False where the function is called (a ``functools.partial``, the call, the default):
    that value is where the change belongs."""
    own = _own_returns(function)
    pairs = [r for r in own if _tuple_size(r.value) == 2]
    singles = [r for r in own if r.value is not None and _tuple_size(r.value) is None]
    if not pairs or not singles:
        return None
    guards = {_guard(function, r) for r in pairs}
    if len(guards) != 1 or None in guards:
        return None
    guard = guards.pop()
    assert guard is not None
    if any(_inside(guard, r) for r in singles):
        return None
    test = guard.test
    assert isinstance(test, ast.Name)
    entry = _flow_param(flow, function, test)
    if entry is None:
        return None
    made = entry.node
    if not (isinstance(made, ast.Constant) and made.value in (False, None, 0)):
        return None
    project.adopt(entry)
    shown = project.source(entry.model, made)
    why = (
        f"`{test.id}` is {shown} here, so {_label(function)} returns a single value, not the "
        f"pair (output, aux) it returns when `{test.id}` is set: {api} has has_aux=True"
    )
    return _culprit(project, entry.model, made, CulpritKind.TRANSFORM_FUNCTION, function.name, why)


def _flow_param(flow: Flow, function: Function, name: ast.Name) -> Place | None:
    """The one maker of a parameter's value where the flow entered the function."""
    place = flow.definition(function)
    if place is None:
        return None
    return flow.one_maker(Place(place.path, place.model, name, function.scope))


def _guard(function: Function, statement: ast.Return) -> ast.If | None:
    """The ``if PARAM:`` (no ``else``) of the function whose body holds the statement."""
    for node in ast.walk(function.node):
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Name)
            and not node.orelse
            and any(p.name == node.test.id for p in function.params)
            and _inside(node, statement)
        ):
            return node
    return None


def _inside(guard: ast.If, statement: ast.stmt) -> bool:
    return any(statement is n for part in guard.body for n in ast.walk(part))


def _built(found: _Return) -> tuple[ast.AST, ast.expr | None]:
    """Where the tuple or list a ``return`` gives is built, and the display: the one it
    writes, or the one a local name it returns holds (``out = (loss, a, b)`` or ``total =
    loss,`` then ``return out``: the assignment's display, where the change belongs)."""
    held = _local_value(found.function, found.value)
    return (held, held) if held is not None else (found.node, found.value)


def _local_value(
    function: Function, value: ast.expr | None, displays_only: bool = True
) -> ast.expr | None:
    """The tuple or list display a returned local name holds: its one plain assignment in
    the function (with ``displays_only`` False, whatever that assignment's value is)."""
    if not isinstance(value, ast.Name):
        return None
    binding = function.scope.lookup(value.id)
    if binding is None or binding.kind != "assign" or binding.scope is not function.scope:
        return None
    held = binding.value
    return held if not displays_only or isinstance(held, ast.Tuple | ast.List) else None


def _aux_read(application: _Application) -> str | None:
    """The name the failing line binds the aux to (``J, r = jac_fn(x)``, ``(v, aux), g =
    vg(x)``) when the function around it reads that name afterwards."""
    model, call = application.model, application.call
    statements = [
        n for n in nodes_of(model.tree, ast.Assign) if n.value is call and len(n.targets) == 1
    ]
    if len(statements) != 1:
        return None
    unpacked = statements[0].targets[0]
    if application.transform.api == "jax.value_and_grad" and isinstance(unpacked, ast.Tuple):
        unpacked = unpacked.elts[0] if len(unpacked.elts) == 2 else unpacked
    if not isinstance(unpacked, ast.Tuple) or len(unpacked.elts) != 2:
        return None
    aux = unpacked.elts[1]
    # ``(loss, (logits, stats)), g = ..``: the aux unpacked further, each of its names.
    names = {n.id for n in ast.walk(aux) if isinstance(n, ast.Name) and n.id != "_"}
    parts = [n for n in ast.walk(aux) if isinstance(n, ast.expr)]
    if not names or not all(isinstance(n, ast.Name | ast.Tuple | ast.List) for n in parts):
        return None
    scope_node = application.scope.node
    read = any(
        isinstance(n, ast.Name)
        and n.id in names
        and isinstance(n.ctx, ast.Load)
        and (n.lineno, n.col_offset) > (statements[0].lineno, statements[0].col_offset)
        for n in ast.walk(scope_node)
    )
    return ast.unparse(aux) if read else None


# -- what built an argument or a tangent -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Origin:
    """The expression a value was built by, and where."""

    model: ModuleModel
    node: ast.expr
    scope: Scope
    # ``node`` holds the value among others: what a ``for`` loop over it takes one by one.
    iterated: bool = False


def _mentions(value: ast.AST | None, name: str) -> bool:
    return value is not None and any(
        isinstance(n, ast.Name) and n.id == name for n in ast.walk(value)
    )


def _origin(
    project: _Project,
    model: ModuleModel,
    expr: ast.expr,
    scope: Scope,
    frames: Sequence[Span],
    frame: int | None,
    depth: int = 0,
) -> _Origin | None:
    """Follow a value back through names, parameters (to the caller's frame) and helper
    functions to the expression that built it; None when any step is in doubt."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Name):
        bindings = scope.lookup_all(expr.id)
        # ``x = x - step`` in a loop keeps the first value's type on the first iteration.
        first = [
            b
            for b in bindings
            if not (
                isinstance(b.node, ast.Assign | ast.AugAssign) and _mentions(b.node.value, expr.id)
            )
        ]
        if len(first) > 1 and frame is not None:
            first = _first_iteration(expr, first, frames[frame].line)
        if len(first) != 1:
            return None
        binding = first[0]
        if binding.kind == "assign" and binding.value is not None:
            return _origin(project, model, binding.value, binding.scope, frames, frame, depth + 1)
        if binding.kind == "param" and frame is not None:
            found = None
            if frame + 1 < len(frames):
                # What the calls on the caller's line (the next frame out) that run the
                # function pass it, by name or otherwise (``self._step(..)`` after
                # ``self._step = jax.jit(self._update)``): the value flow resolves them.
                found = _argument_flowed(project, model, expr, scope, frames[frame + 1])
            lambda_ = binding.node
            if (
                found is None
                and isinstance(lambda_, ast.Lambda)
                and _on_line(lambda_, frames[frame].line)
            ):
                # ``jax.vmap(lambda v: ..)(vs)``: the lambda is called on its own line (one
                # frame of the traceback with the line that applies it).
                found = _argument_flowed(project, model, expr, scope, frames[frame])
            return found
        if binding.kind == "param":
            # Followed without the traceback's frames (inside a value another tracer found):
            # what the value flow says the calls that run the function pass.
            return _argument_flowed(project, model, expr, scope)
        unpacked = _unpacked(project, model, binding, expr.id)
        if unpacked is not None:
            return _origin(project, *unpacked, frames, None, depth + 1)
        loop = binding.node
        if isinstance(loop, ast.For | ast.comprehension) and isinstance(loop.target, ast.Name):
            # ``for v in directions`` (a statement or a comprehension): v is one of the items
            # of what the loop goes over.
            found = _origin(project, model, loop.iter, binding.scope, frames, frame, depth + 1)
            if found is None or found.iterated:
                return None
            return _Origin(found.model, found.node, found.scope, iterated=True)
        if (
            isinstance(loop, ast.For | ast.comprehension)
            and isinstance(loop.target, ast.Tuple)
            and loop.target.elts
            and isinstance(first_target := loop.target.elts[0], ast.Name)
            and first_target.id == expr.id
            and isinstance(loop.iter, ast.Call)
            and isinstance(loop.iter.func, ast.Name)
            and loop.iter.func.id == "enumerate"
        ):
            # ``for step, batch in enumerate(batches)``: the count.
            return _Origin(model, loop.iter, binding.scope, iterated=True)
        return None
    if isinstance(expr, ast.Call):
        callee = model.locate_function(expr.func, scope, project.importer(model))
        if callee is None:
            return _Origin(model, expr, scope)
        function = callee[1]
        if isinstance(function, Partial) or function.is_generator:
            return None
        values = function.return_values
        if len(values) != 1 or values[0] is None:
            return None
        return _origin(project, callee[0], values[0], function.scope, frames, None, depth + 1)
    return _Origin(model, expr, scope)


def _unpacked(
    project: _Project, model: ModuleModel, binding: Binding, name: str
) -> tuple[ModuleModel, ast.expr, Scope] | None:
    """``x, counts = simulate(key)`` / ``a, b = (p, q)``: the item of the tuple the name
    takes, where the value is a tuple display or a project function returning one tuple."""
    node = binding.node
    if not isinstance(node, ast.Assign) or len(node.targets) != 1:
        return None
    target = node.targets[0]
    if not isinstance(target, ast.Tuple | ast.List) or _tuple_size(target) is None:
        return None
    names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
    if names.count(name) != 1:
        return None
    index = names.index(name)
    value: ast.expr | None = node.value
    scope = binding.scope
    if isinstance(value, ast.Call):
        callee = _callee(project, model, value, scope)
        if callee is None or callee[1].is_generator or len(callee[1].return_values) != 1:
            return None
        model, function = callee
        value, scope = function.return_values[0], function.scope
    if _tuple_size(value) != len(names):
        return None
    assert isinstance(value, ast.Tuple | ast.List)
    return model, value.elts[index], scope


def _first_iteration(use: ast.Name, bindings: list[Binding], line: int) -> list[Binding]:
    """``v = start`` before a loop and ``v = out / norm`` after the failing call in it, where
    ``out`` is that call's result: the call fails on the value the loop starts with (the
    rebinding is made of the transform's own output, shaped as JAX gives it)."""
    scope_node = bindings[0].scope.node
    loops = [
        n
        for n in ast.walk(scope_node)
        if isinstance(n, ast.For | ast.While) and _on_line(n, use.lineno)
    ]
    if not loops:
        return bindings
    loop = max(loops, key=lambda n: n.lineno)
    produced = {
        target.id
        for statement in ast.walk(loop)
        if isinstance(statement, ast.Assign) and _on_line(statement, line)
        for target in ast.walk(statement)
        if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store)
    }
    return [
        b
        for b in bindings
        if not (
            isinstance(b.node, ast.Assign)
            and _on_line(loop, b.node.lineno)
            and b.node.lineno > line
            and any(_mentions(b.node.value, name) for name in produced)
        )
    ]


def _argument_flowed(
    project: _Project, model: ModuleModel, expr: ast.Name, scope: Scope, caller: Span | None = None
) -> _Origin | None:
    """The one value the calls that run a parameter's function pass it, as the value flow
    resolves them (a method called on an instance, a closure a factory returned, a callable
    handed on): the calls on the ``caller`` frame's line where it is given. Read on a loop's
    first iteration, as ``_origin`` reads names: the value the failing call first got."""
    place = Place(project.path(model), model, expr, scope)
    flow = Flow(culprit_state.Code(project.files), project.frames, first_iteration=True)
    found = flow.arguments(place, caller=caller)
    if found is None or len(found) != 1 or not isinstance(found[0].node, ast.expr):
        return None
    project.adopt(found[0])
    # Run by ``jax.vmap(f)(xs)``: the parameter holds one slice of what the call passes.
    function = model.functions.get(scope.node)
    mapped = function is not None and any(
        callee.mapped for callee, _ in flow.call_sites(function, place, caller=caller)
    )
    return _Origin(found[0].model, found[0].node, found[0].scope, iterated=mapped)


def _names_int_dtype(model: ModuleModel, expr: ast.expr, scope: Scope) -> bool:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value in _INT_DTYPES
    if isinstance(expr, ast.Name) and expr.id == "int" and not scope.lookup_all("int"):
        return True
    qualified = model.qualified_name(expr, scope) or ""
    return (
        qualified.startswith(("jax.numpy.", "numpy."))
        and qualified.rsplit(".", 1)[-1] in _INT_DTYPES
    )


def _int_leaves(expr: ast.expr) -> bool:
    """A literal of ints only (``[1, 0]``, ``3``), never a bool or a float."""
    if isinstance(expr, ast.Constant):
        return type(expr.value) is int
    if isinstance(expr, ast.List | ast.Tuple):
        return bool(expr.elts) and all(_int_leaves(e) for e in expr.elts)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _int_leaves(expr.operand)
    return False


def int_construction(model: ModuleModel, call: ast.Call, scope: Scope) -> str | None:
    """``"nature"`` for an API that returns integers by design (``jnp.argmax``),
    ``"built"`` for an array built with an integer dtype (``jnp.array([1, 0])``,
    ``jnp.arange(n)``, ``jnp.zeros(3, jnp.int32)``), else None."""
    qualified = model.qualified_name(call.func, scope)
    if qualified is not None and qualified.startswith("numpy."):
        # NumPy builds integers as jax.numpy does (int64 where jax.numpy gives int32).
        qualified = "jax.numpy." + qualified.removeprefix("numpy.")
    if qualified in _INT_BY_NATURE:
        return "nature"
    if isinstance(call.func, ast.Attribute) and call.func.attr == "astype" and len(call.args) == 1:
        return "built" if _names_int_dtype(model, call.args[0], scope) else None
    if (
        qualified is not None
        and qualified.startswith("jax.numpy.")
        and qualified.rsplit(".", 1)[-1] in _INT_DTYPES
    ):
        return "built"
    dtype = next((k.value for k in call.keywords if k.arg == "dtype"), None)
    if qualified not in _CONSTRUCTORS:
        # Any array function told an integer dtype (``np.frombuffer(raw, dtype=np.uint8)``).
        numeric = qualified is not None and qualified.startswith("jax.numpy.")
        if numeric and dtype is not None and _names_int_dtype(model, dtype, scope):
            return "built"
        return None
    position = _CONSTRUCTORS[qualified]
    if dtype is None and position is not None and len(call.args) > position:
        dtype = call.args[position]
    if dtype is not None:
        return "built" if _names_int_dtype(model, dtype, scope) else None
    if qualified in _INT_BY_DEFAULT:
        return "built"
    if qualified in ("jax.numpy.array", "jax.numpy.asarray"):
        return "built" if call.args and _int_leaves(call.args[0]) else None
    if qualified == "jax.numpy.full":
        # The fill value's type gives the dtype: ``jnp.full(shape, 0)`` is int32.
        fill = _fill_value(call)
        return "built" if fill is not None and _int_leaves(fill) else None
    if qualified == "jax.numpy.arange":
        floats = any(
            isinstance(n, ast.Constant) and isinstance(n.value, float)
            for a in call.args
            for n in ast.walk(a)
        )
        return None if floats or not call.args else "built"
    return None


# Methods of an array that keep its dtype: an int array reshaped is still an int array.
_DTYPE_KEEPING = frozenset(
    {"reshape", "ravel", "flatten", "transpose", "squeeze", "T", "swapaxes", "copy"}
)


def _int_built(model: ModuleModel, expr: ast.expr, scope: Scope) -> str | None:
    """``int_construction`` seen through methods that keep the dtype
    (``jnp.indices(s).reshape(2, -1).T`` is built as ints)."""
    while True:
        if isinstance(expr, ast.Attribute) and expr.attr in _DTYPE_KEEPING:
            expr = expr.value
        elif (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in _DTYPE_KEEPING
            and model.qualified_name(expr.func, scope) is None
        ):
            expr = expr.func.value
        elif (
            isinstance(expr, ast.Call)
            and model.qualified_name(expr.func, scope) in _CONVERTING
            and len(expr.args) == 1
            and not expr.keywords
            and isinstance(expr.args[0], ast.Call)
        ):
            expr = expr.args[0]  # ``jnp.asarray(np.arange(n))``: a conversion keeps the dtype
        else:
            break
    if not isinstance(expr, ast.Call):
        return None
    if model.qualified_name(expr.func, scope) == "jax.numpy.indices" and not any(
        k.arg == "dtype" for k in expr.keywords
    ):
        return "built"
    return int_construction(model, expr, scope)


def _size_of(model: ModuleModel, node: ast.expr, scope: Scope) -> bool:
    """A size read off an array or a container: ``x.shape[0]``, ``x.size``, ``x.ndim``,
    ``len(xs)`` (Python ints by nature)."""
    if isinstance(node, ast.Subscript):
        node = node.value
        return isinstance(node, ast.Attribute) and node.attr == "shape"
    if isinstance(node, ast.Attribute):
        return node.attr in ("size", "ndim")
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and not scope.lookup_all("len")
    )


def _int_leaf(model: ModuleModel, value: ast.expr, scope: Scope) -> bool:
    """A container entry that is an integer: a Python int or an array built as ints."""
    if isinstance(value, ast.Constant):
        return type(value.value) is int
    return _int_built(model, value, scope) == "built"


def _leaves(origin: _Origin) -> list[tuple[str, ast.expr]]:
    """The named entries of a container built in place: a dict display with string keys, or a
    class (a NamedTuple, a dataclass) called with keywords."""
    node = origin.node
    if isinstance(node, ast.Dict):
        return [
            (k.value, v)
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
        ]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
        name = last_name(node.func) or ""
        if name[:1].isupper() and not node.args:
            return [(k.arg, k.value) for k in node.keywords if k.arg is not None]
    return []


def _class_body(model: ModuleModel, node: ast.AST) -> Scope:
    """The scope of the class body a field's default is written in."""
    for definition, body in model.classes.items():
        if any(n is node for n in ast.walk(definition)):
            return body
    return model.module_scope


def _class_leaves(
    project: _Project, origin: _Origin, flow: Flow | None = None
) -> list[tuple[str, ast.expr, ModuleModel | None]]:
    """The leaves of a NamedTuple or dataclass built by a call with positional arguments
    (``Rates(1.0, 0.1)``, by the order of its fields), and the fields the call leaves to
    their defaults (``hill: float = 2``) with the module that writes them (None for the
    call's own arguments). The class is the value flow's (``cls(..)`` in a classmethod)."""
    node = origin.node
    if (
        not isinstance(node, ast.Call)
        or any(isinstance(a, ast.Starred) for a in node.args)
        or any(k.arg is None for k in node.keywords)
    ):
        return []
    found = None
    if flow is not None:
        place = Place(project.path(origin.model), origin.model, node, origin.scope)
        cls = culprit_dtypes.constructed_class(flow, place)
        if cls is not None and cls.node in cls.model.scopes:
            found = (cls.model, cls.model.scopes[cls.node])
            registered = culprit_dtypes.registered_arguments(flow, cls, node)
            if registered is not None:
                # A pytree class by its flatten function: its leaves are the children.
                return [(name, value, None) for name, value in registered]
    if found is None:
        found = origin.model.locate_class(node.func, origin.scope, project.importer(origin.model))
    if found is None or not isinstance(found[1].node, ast.ClassDef):
        return []
    model, definition = found[0], found[1].node
    fields = class_fields(definition)
    if len(node.args) > len(fields) or any(
        isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in definition.body
    ):
        return []  # a class of its own ``__init__``: its fields are not its parameters
    names = list(fields)
    # ``_leaves`` reads a call of keywords only; with positional arguments, they are here.
    given: list[tuple[str, ast.expr, ModuleModel | None]] = []
    if node.args:
        given += [(names[i], a, None) for i, a in enumerate(node.args)]
        given += [(k.arg, k.value, None) for k in node.keywords if k.arg is not None]
    named = set(names[: len(node.args)]) | {k.arg for k in node.keywords}
    defaults: list[tuple[str, ast.expr, ModuleModel | None]] = []
    for name, field in fields.items():
        default = field.value
        if isinstance(default, ast.Call) and model.qualified_name(default.func, found[1]) in (
            "dataclasses.field",
            "flax.struct.field",
        ):
            # ``hill: float = field(default=2)``
            default = next((k.value for k in default.keywords if k.arg == "default"), None)
        if name not in named and default is not None:
            defaults.append((name, default, model))
    return given + defaults


def _parameter(found: tuple[ModuleModel, Function | Partial] | None, index: int) -> str | None:
    """The name of the parameter the ``index``-th positional argument lands in."""
    if found is None:
        return None
    target = found[1]
    inner = target.function if isinstance(target, Partial) else target
    skip = target.fixed_positional if isinstance(target, Partial) else 0
    names = [p.name for p in inner.positional][skip:]
    return names[index] if index < len(names) else None


def _key_argument_culprits(
    project: _Project,
    application: _Application,
    frames: Sequence[Span],
    argnums: tuple[int, ...],
    api: str,
    dtype: str,
) -> list[Culprit]:
    """A PRNG key among what the transform differentiates (``jacfwd with input element type
    key<fry>``), where the argument is a parameter of the failing function: the argument its
    caller on the traceback hands in (``laplace(f, result)``, a fit's result holding its key
    beside the parameters) is the choice to change, to the parameters alone. Nothing where the
    failing line passes a value of its own: that call is where the key is put in."""
    code = culprit_state.Code(project.files)
    path = project.path(application.model)
    out = []
    for index in argnums:
        args = application.call.args
        if index >= len(args) or any(isinstance(a, ast.Starred) for a in args[: index + 1]):
            continue
        given = Place(path, application.model, args[index], application.scope)
        written = culprit_state.handed_in(code, frames, given)
        if written.node is given.node:
            continue
        span = code.span(written.path, written.node)
        if any(span.path == f.path and span.line == f.line for f in frames[:1]):
            continue
        model = written.model
        project.adopt(written)
        shown = project.source(model, written.node)
        why = (
            f"`{shown}` is handed in here as what `{api}` differentiates, and it holds a PRNG "
            f"key ({dtype}): pass only the parameters, with the key apart or closed over"
        )
        kind = CulpritKind.TRANSFORM_ARGUMENT
        out.append(_culprit(project, model, written.node, kind, api, why))
    return out if len(out) == 1 else []


# Array constructors that make a new array of the dtype they are given, else one of their
# data (``jnp.asarray(x)``) or a default float (``jnp.linspace(a, b, n)``).
_ARRAY_MAKERS = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "numpy")
    for name in (
        "array",
        "asarray",
        "linspace",
        "logspace",
        "geomspace",
        "arange",
        "zeros",
        "ones",
        "full",
        "eye",
        "zeros_like",
        "ones_like",
        "full_like",
    )
)


# The transforms whose ``holomorphic=True`` needs complex inputs.
_HOLOMORPHIC = ("jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.hessian")


def _complex_argument_culprits(
    project: _Project,
    application: _Application,
    frames: Sequence[Span],
    argnums: tuple[int, ...],
    api: str,
    real: str,
) -> list[Culprit]:
    """A real input where ``holomorphic=True`` needs a complex one (``grad with holomorphic=True
    requires inputs with complex dtype, but got float32``): where the value flow finds the
    one differentiated argument made by an array constructor of the project
    (``jnp.linspace(-r, r, n)`` in a helper, ``jnp.asarray(table[name])``) that names no
    complex dtype, that construction is where the input becomes complex (``dtype=
    jnp.complex64``). Nothing where the argument is made on the failing line, by several
    makers, or by anything else (arithmetic, a parameter's conversion left to the data)."""
    kind = CulpritKind.TRANSFORM_ARGUMENT
    args = application.call.args
    out: list[Culprit] = []
    for index in argnums:
        if index >= len(args) or any(isinstance(a, ast.Starred) for a in args[: index + 1]):
            continue
        flow = _entered_flow(project, application, frames, first_iteration=True)
        given = Place(
            project.path(application.model), application.model, args[index], application.scope
        )
        made = flow.one_maker(given)
        if made is None or made.node is args[index] or not isinstance(made.node, ast.Call):
            continue
        call = made.node
        if made.model.qualified_name(call.func, made.scope) not in _ARRAY_MAKERS:
            continue
        named = keyword_value(call, "dtype")
        if named is not None and "complex" in ast.unparse(named):
            continue
        project.adopt(made)
        shown = project.source(made.model, call)
        why = (
            f"`{shown}` makes the input {api} differentiates with holomorphic=True, and "
            f"it is real ({real}): make it complex here (`dtype=jnp.complex64`)"
        )
        out.append(_culprit(project, made.model, call, kind, api, why))
    if len(out) == 1:
        return out
    # Else the failing call only passes on an input or option its caller chose.
    words = frozenset(("holomorphic",))
    handed = culprit_state.handed_argument_culprit(project.files, frames, _HOLOMORPHIC, None, words)
    if handed is None:
        return []
    return [Culprit(handed.span, handed.kind, handed.name, why=handed.why)]


def _argument_culprits(
    project: _Project, captures: Mapping[str, str], frames: Sequence[Span]
) -> list[Culprit]:
    application = _only(_applications(project, frames, _APPLIED, mapped=True))
    if application is None:
        return []
    if "argnums" in captures:
        return _argnums_culprits(project, application, frames)
    transform = application.transform
    argnums_model, argnums_node = application.defined_in, transform.keywords.get("argnums")
    argnums: tuple[int, ...] | None = (0,)
    if argnums_node is not None:
        argnums_model, argnums_node, argnums = _argnums_written(project, application, frames)
    if argnums is None:
        return []
    api = transform.api.rsplit(".", 1)[-1]
    if "real" in captures:
        real = captures["real"].strip()
        return _complex_argument_culprits(project, application, frames, argnums, api, real)
    dtype = (captures.get("dtype") or "an integer dtype").strip()
    if dtype.startswith("key<"):
        return _key_argument_culprits(project, application, frames, argnums, api, dtype)
    received = _received(project, application, frames)
    function = _differentiated(project, application, frames)
    kind = CulpritKind.TRANSFORM_ARGUMENT
    out: list[Culprit] = []
    answers: list[list[Culprit]] = []

    def by_leaves() -> list[Culprit]:
        """The integer leaves the dtype inference finds in the arguments (computed once)."""
        if not answers:
            found = _INT_DTYPE_RE.search(dtype) is not None
            args = (project, application, argnums, function, frames, api, dtype)
            answers.append(_dtype_leaf_culprits(*args) if found else [])
        return answers[0]

    for index in argnums:
        args = application.call.args
        if index >= len(args) or any(isinstance(a, ast.Starred) for a in args[: index + 1]):
            continue
        origin = _origin(
            project, application.model, args[index], application.scope, frames, application.frame
        )
        # The flow from the argument itself: the calls it goes through bind the parameters
        # the container's entries read (``params_from_config(cfg)``, ``layer.init()``). The
        # value it finds is checked to be integer itself: the first iteration's is meant.
        flow = _entered_flow(project, application, frames, first_iteration=True)
        given = Place(
            project.path(application.model), application.model, args[index], application.scope
        )
        flow.makers(given)
        # Where ``_origin`` stopped, the value flow goes on through calls (a bound method's
        # return), not through parameters to the traceback's callers, which ``_origin``
        # already weighs (a step counter passed in is no construction to change).
        # So does it where ``_origin`` stopped at a call it could not enter (a classmethod
        # called on the class, ``Rates.from_config(cfg)``).
        if origin is not None and isinstance(origin.node, ast.Call):
            path = project.path(origin.model)
            called = Place(path, origin.model, origin.node, origin.scope)
            # A call the flow cannot enter alone (a registry's function picked by a config
            # entry) may be entered with what the traceback's calls pass its parameters.
            made = Flow(flow.code).one_maker(called) or flow.one_maker(called)
        else:
            made = Flow(flow.code).one_maker(given) if origin is None else None
        # ``jnp.asarray(images)`` of data a loader made as integers: the shared dtype
        # inference's policy decides whether the conversion or the data is the change.
        kept = origin is not None and _conversion_kept(project, flow, origin)
        if kept:
            made = None
        if (
            made is not None
            and made.node is not args[index]
            and made.node is not (origin.node if origin is not None else None)
        ):
            assert isinstance(made.node, ast.expr)
            project.adopt(made)
            origin = _Origin(made.model, made.node, made.scope)
        shared = origin is None
        if shared:
            # Neither resolver found one maker: the dtype inference over the value flow may
            # still find where the integers are made (a grid searched, one row picked), by
            # its own policy (data converted: the conversion, not the data's dtype). Not a
            # Python int handed through parameters (a step counter is no construction).
            origin = _int_origin(project, flow, given)
            if origin is not None and isinstance(origin.node, ast.Constant):
                origin = None
        if origin is None:
            continue
        origin = _followed(project, flow, origin)
        kept = kept or _conversion_kept(project, flow, origin)
        parameter = _parameter(received, index)
        found = _int_built(origin.model, origin.node, origin.scope)
        if found is None and shared and not origin.iterated:
            found = "built"
        if found is None and _size_of(origin.model, origin.node, origin.scope):
            found = "nature"  # ``n = x.shape[0]``, ``len(xs)``: a count, not a parameter
        if isinstance(origin.node, ast.Constant) and type(origin.node.value) is int:
            found = "built"  # ``x0 = 2``: a Python int, differentiated
        counted = found is None and origin.iterated and _counts(origin)
        if counted:
            found = "nature"  # ``for epoch in range(n)``: a loop's counter, not a parameter
        if found is None and isinstance(origin.node, ast.BinOp | ast.UnaryOp | ast.List | ast.Call):
            # Arithmetic on an integer construction (``jnp.arange(n) - 1``) is one too.
            source = _int_source(project, origin)
            if kept and source is not None and source.node not in set(ast.walk(origin.node)):
                source = None  # not past a conversion of data the shared inference names
            if source is not None:
                origin, found = source, "built"
        ints = _int_made(project, flow, origin, origin.node) if found is None else None
        if ints is not None and not origin.iterated:
            # ``jnp.asarray(cfg.start)``: a conversion keeps the dtype of the Python ints the
            # flow finds it given (a config field's default ``(1, 0)``); they are the change.
            origin, found = _Origin(ints[0], ints[1], origin.scope), "built"
        if found is None and not origin.iterated:
            leaves = _int_leaf_culprits(project, origin, function, parameter, api, dtype, flow)
            out.extend(leaves)
            if not leaves and not by_leaves():
                # Nothing else found: the shared dtype inference, where it goes upstream of
                # the value or the value converts data (``jnp.asarray(images)`` of a loader's
                # uint8: the conversion is where the float belongs).
                at = Place(project.path(origin.model), origin.model, origin.node, origin.scope)
                shared_made = _int_origin(project, flow, at)
                if shared_made is not None and (
                    shared_made.node is not origin.node or _converts(origin)
                ):
                    origin, found = shared_made, "built"
        if found is None:
            continue
        shown = project.source(origin.model, origin.node)
        # An argnums naming the argument among others chose integer data by mistake (labels,
        # counts): the selection is the change, not the data's dtype. Not where the caller
        # steps the argument along its gradient: that is a parameter, built wrong.
        chosen = argnums_node is not None and (found == "nature" or len(argnums) > 1)
        if chosen and updated_by_gradient(application.call, application.scope, args[index]):
            chosen = False
        indices = (
            function is not None
            and parameter is not None
            and reads_of(function[1], parameter).as_index > 0
        )
        if indices and not chosen:
            # Indices (``table[ids]``): the lookup has no gradient with respect to them; what
            # to differentiate is the table, not a float cast of the ids.
            continue
        if chosen and argnums_node is not None:
            picked = f"a count of `{shown}`" if counted else f"built by `{shown}`"
            why = (
                f"argnums selects argument {index}, {picked} ({dtype}): "
                f"{api} differentiates only float inputs"
            )
            out.append(_culprit(project, argnums_model, argnums_node, kind, api, why))
        elif found == "built" and isinstance(origin.node, ast.Tuple | ast.List):
            why = f"`{shown}` holds Python ints ({dtype} to JAX): {api} differentiates only floats"
            out.append(_culprit(project, origin.model, origin.node, kind, api, why))
        elif found == "built" and isinstance(origin.node, ast.Constant):
            why = f"`{shown}` is a Python int ({dtype} to JAX): {api} differentiates only floats"
            out.append(_culprit(project, origin.model, origin.node, kind, api, why))
        elif found == "built":
            why = f"`{shown}` builds an array of {dtype}: {api} differentiates only floats"
            out.append(_culprit(project, origin.model, origin.node, kind, api, why))
    if not out and _INT_DTYPE_RE.search(dtype):
        out = by_leaves()
    elif not out and dtype == "bool" and _stepped(application, argnums):
        # Booleans the caller steps along their gradient are parameters (a gate drawn by
        # ``jax.random.bernoulli``), built as booleans: not a mask chosen by mistake.
        out = _dtype_leaf_culprits(project, application, argnums, function, frames, api, dtype)
    return out


# A printed dtype of integers (``int32``, ``uint8``): booleans are masks, chosen, not built
# (unless the caller updates them by their gradient).
_INT_DTYPE_RE = re.compile(r"\bu?int\d*\b|integer")


def _counts(origin: _Origin) -> bool:
    """Whether the items a loop takes from ``origin`` count (``range(n)``,
    ``itertools.count()``): Python ints by nature."""
    node = origin.node
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name) and func.id in ("range", "enumerate"):
        # (The flow takes only the count of ``enumerate``'s pairs to be its items.)
        return origin.scope.lookup(func.id) is None
    return origin.model.qualified_name(func, origin.scope) == "itertools.count"


def _stepped(application: _Application, argnums: tuple[int, ...]) -> bool:
    """Whether the caller replaces every differentiated argument by a step along its
    gradient (a parameter, whatever its dtype)."""
    args = application.call.args
    return all(
        index < len(args) and updated_by_gradient(application.call, application.scope, args[index])
        for index in argnums
    )


def _dtype_leaf_culprits(
    project: _Project,
    application: _Application,
    argnums: tuple[int, ...],
    function: tuple[ModuleModel, Function] | None,
    frames: Sequence[Span],
    api: str,
    dtype: str,
) -> list[Culprit]:
    """The leaves of each differentiated argument, their dtypes inferred over the value flow
    (``culprit_dtypes``): the one integer leaf the differentiated function reads as a number,
    followed to where its integers are made. A whole argument that is an integer array counts
    only where the project chose to build it as integers (``jnp.arange(n)``), not where it is
    data (counts, labels: selecting it is the mistake)."""
    if function is None:
        return []
    received = _received(project, application, frames)
    flow = _entered_flow(project, application, frames, first_iteration=True)
    dtypes = culprit_dtypes.Dtypes(flow)
    path = project.path(application.model)
    data = _data_origins(dtypes, application, argnums, path)
    wanted = (
        (culprit_dtypes.BOOL,) if dtype == "bool" else (culprit_dtypes.INT, culprit_dtypes.PY_INT)
    )
    found: list[tuple[culprit_dtypes.Leaf, Place]] = []
    for index in argnums:
        args = application.call.args
        if index >= len(args) or any(isinstance(a, ast.Starred) for a in args[: index + 1]):
            return []
        parameter = _parameter(received, index)
        given = Place(path, application.model, args[index], application.scope)
        leaves = culprit_dtypes.leaves(flow, given)
        if leaves is None or parameter is None:
            return []
        updated = updated_by_gradient(application.call, application.scope, args[index])
        for leaf in leaves:
            if dtypes.of(leaf.value) not in wanted:
                continue
            origin = (
                dtypes.bool_origin(leaf.value) if dtype == "bool" else dtypes.int_origin(leaf.value)
            )
            if origin is None:
                return []
            if any(origin.node is d.node for d in data):
                # The integers are data the function is also given (``raw`` beside
                # ``params``): the parameter derived from them is the change, not the data.
                derived = flow.one_maker(leaf.value)
                if derived is None or derived.node is origin.node:
                    return []
                origin = derived
            bare = leaf.key is None
            # A whole argument of integers the ``argnums`` a user wrote selects is data chosen
            # by mistake (counts, labels), and the selection is the change; without one, the
            # first argument is the parameters, built as integers where the project chose to.
            # An argument the caller replaces by a step along its gradient is a parameter
            # whatever made it: data is never updated so. Values the project converts to
            # ints one by one (``int(q)``) are integers by its choice, not data's.
            chosen = "argnums" in application.transform.keywords
            vetoed = chosen or not dtypes.builds_ints(origin)
            if bare and not updated and vetoed and not dtypes.converts_to_ints(origin):
                return []
            if not _leaf_read_as_number(project, flow, function, parameter, leaf):
                return []
            found.append((leaf, origin))
    if len(found) != 1:
        return []
    leaf, origin = found[0]
    project.adopt(origin)
    shown = project.source(origin.model, origin.node)
    named = "the argument" if leaf.key is None else f"`{leaf.key}`"
    made = (
        f"from the Python int `{shown}` ({dtype} to JAX)"
        if isinstance(origin.node, ast.Constant)
        else f"as an integer array by `{shown}` ({dtype})"
        if dtype != "bool"
        else f"as a boolean array by `{shown}`"
    )
    why = (
        f"{named} is made {made} and read as a number by {_label(function[1])}: "
        f"{api} differentiates only floats"
    )
    return [_culprit(project, origin.model, origin.node, _ARGUMENT, api, why)]


def _data_origins(
    dtypes: culprit_dtypes.Dtypes,
    application: _Application,
    argnums: tuple[int, ...],
    path: Path,
) -> list[Place]:
    """Where the integer arrays the call passes for arguments not differentiated are made."""
    out: list[Place] = []
    for index, arg in enumerate(application.call.args):
        if isinstance(arg, ast.Starred):
            break
        if index in argnums:
            continue
        given = Place(path, application.model, arg, application.scope)
        if dtypes.of(given) == culprit_dtypes.INT:
            origin = dtypes.int_origin(given)
            if origin is not None:
                out.append(origin)
    return out


def updated_by_gradient(call: ast.Call, scope: Scope, argument: ast.expr) -> bool:
    """Whether the argument is a name the caller rebinds, in the function around the call,
    to a value computed from itself and from the call's result (``x = x - lr * g`` after
    ``g = grad_fn(x)``, ``params = update(params, grads)``), or returns such a value (a
    training step): a parameter being fitted."""
    if not isinstance(argument, ast.Name):
        return False
    name = argument.id
    statements = list(culprit_state.own_statements(scope.node))
    around = [s for s in statements if any(n is call for n in ast.walk(s))]
    if not around:
        return False
    # The names the call's result is bound to, and those computed from them in turn.
    results: set[str] = set()
    innermost = min(around, key=lambda s: (s.end_lineno or s.lineno) - s.lineno)
    if isinstance(innermost, ast.Assign):
        results |= stored_names(innermost.targets)
    for _ in range(3):
        for statement in statements:
            if isinstance(statement, ast.Assign) and (
                _mentions_any(statement.value, results)
                or any(n is call for n in ast.walk(statement.value))
            ):
                results |= stored_names(statement.targets) - {name}
    for statement in statements:
        # Rebound to a step along the gradient, or returned so (``return params - lr * g``,
        # the caller rebinding its own parameters to what the function returns).
        if isinstance(statement, ast.Assign) and name in stored_names(statement.targets):
            value = statement.value
            from_gradient = _mentions_any(value, results) or any(n is call for n in ast.walk(value))
            if value is not call and from_gradient and _mentions_any(value, {name}):
                return True
        elif (
            isinstance(statement, ast.Return)
            and statement.value is not None
            and _steps(statement.value, name, results)
        ):
            return True
    return False


def _steps(value: ast.expr, name: str, results: set[str]) -> bool:
    """A value that moves ``name`` by something computed from ``results``: ``w - lr * g``
    (``p[k] - lr * g[k]`` in a comprehension too), or a leaf-by-leaf update given both
    (``jax.tree.map(update, params, grads)``, ``optax.apply_updates(params, updates)``)."""
    for node in ast.walk(value):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            sides = (node.left, node.right)
            if any(
                _mentions_any(a, {name}) and _mentions_any(b, results)
                for a, b in (sides, sides[::-1])
            ):
                return True
        if isinstance(node, ast.Call) and _called_name(node) in _TREE_UPDATES:
            given = {a.id for a in node.args if isinstance(a, ast.Name)}
            if name in given and given & results:
                return True
    return False


# Calls that combine a pytree of parameters with one of updates, leaf by leaf.
_TREE_UPDATES = frozenset({"map", "tree_map", "apply_updates"})


def _called_name(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def _mentions_any(value: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(value))


def _leaf_read_as_number(
    project: _Project,
    flow: Flow,
    function: tuple[ModuleModel, Function],
    parameter: str,
    leaf: culprit_dtypes.Leaf,
) -> bool:
    """The differentiated function (or a project function it passes the argument to, or a
    method of the class holding the leaf) reads the leaf as a number, and never as an index
    or a count: a float parameter written as integers, not a counter carried along."""
    key = leaf.key if isinstance(leaf.key, str) and "." not in leaf.key else None
    if leaf.key is not None and key is None:
        return False
    reads = _reads_through(project, *function, parameter, key, sliced=leaf.key is None)
    numeric, as_index = reads.numeric, reads.as_index
    if leaf.holder is not None and key is not None:
        for klass in flow.mro(leaf.holder):
            assert isinstance(klass.node, ast.ClassDef)
            for item in klass.node.body:
                method = klass.model.functions.get(item)
                if method is None or not method.positional:
                    continue
                this = method.positional[0].name
                inner = reads_of(method, this, key)
                numeric, as_index = numeric + inner.numeric, as_index + inner.as_index
                for alias in _aliases(method, this, key):
                    aliased = reads_of(method, alias)
                    numeric, as_index = numeric + aliased.numeric, as_index + aliased.as_index
    return numeric > 0 and as_index == 0


def _sliced_numeric_reads(function: Function, name: str) -> int:
    """Reads of a parameter, sliced or indexed by constants, as an operand of arithmetic
    (``x[:, None, :] - x[None, :, :]``)."""
    parents = {id(c): n for n in ast.walk(function.node) for c in ast.iter_child_nodes(n)}
    count = 0
    for node in ast.walk(function.node):
        if not (isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)):
            continue
        current: ast.AST = node
        parent = parents.get(id(current))
        while isinstance(parent, ast.Subscript) and parent.value is current:
            current, parent = parent, parents.get(id(parent))
        if current is not node and isinstance(parent, ast.BinOp | ast.UnaryOp):
            count += 1
    return count


def _aliases(method: Function, this: str, key: str) -> list[str]:
    """Local names a method gives a field of its instance (``a = self.concentration``)."""
    out = []
    for statement in culprit_state.own_statements(method.node):
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
            and isinstance(statement.value, ast.Attribute)
            and statement.value.attr == key
            and isinstance(statement.value.value, ast.Name)
            and statement.value.value.id == this
        ):
            out.append(statement.targets[0].id)
    return out


def _followed(project: _Project, flow: Flow, origin: _Origin) -> _Origin:
    """An origin that only reads a value made elsewhere (``cfg.start``, ``state["x"]``),
    followed by the value flow to the one expression that makes it."""
    if origin.iterated or not isinstance(origin.node, ast.Attribute | ast.Subscript):
        return origin
    made = flow.one_maker(
        Place(project.path(origin.model), origin.model, origin.node, origin.scope)
    )
    if made is None or made.node is origin.node or not isinstance(made.node, ast.expr):
        return origin
    project.adopt(made)
    return _Origin(made.model, made.node, made.scope)


def _method_returned(project: _Project, flow: Flow, origin: _Origin, depth: int = 0) -> _Origin:
    """An origin that is a method call on an object the function was handed
    (``sensors.misfit_gradient(u, y)``, the receiver a parameter): followed, as a helper
    function's call is, into the one method the value flow says it runs (by the receiver's
    class) to the one value it returns, and on from there. Kept where the flow finds no one
    method or the method returns more than one value."""
    node = origin.node
    if origin.iterated or depth > _MAX_DEPTH or not isinstance(node, ast.Call):
        return origin
    if not isinstance(node.func, ast.Attribute):
        return origin
    if origin.model.locate_function(node.func, origin.scope, project.importer(origin.model)):
        return origin  # a function ``_origin`` follows already
    at = Place(project.path(origin.model), origin.model, node.func, origin.scope)
    callees = flow.callees(at)
    if len(callees) != 1 or callees[0].partial is not None or callees[0].receiver is None:
        return origin
    callee = callees[0]
    function = callee.function
    values = function.return_values
    if function.is_generator or len(values) != 1 or values[0] is None:
        return origin
    project.adopt(callee.place)
    inner = _origin(project, callee.place.model, values[0], function.scope, (), None)
    if inner is None or inner.iterated or isinstance(inner.node, ast.Name):
        return _Origin(callee.place.model, values[0], function.scope)
    return _method_returned(project, flow, inner, depth + 1)


def _int_leaf_culprits(
    project: _Project,
    origin: _Origin,
    function: tuple[ModuleModel, Function] | None,
    parameter: str | None,
    api: str,
    dtype: str,
    flow: Flow | None = None,
) -> list[Culprit]:
    """An integer entry of a container of parameters, where the differentiated function reads
    that entry as a number (in arithmetic, in ``jnp.exp``): the entry is a float parameter
    written as an int (``"temp": 1``).
    An entry it never reads (a step counter carried along) or reads as an index or a count is
    state that does not belong in the differentiated tree: no culprit (what to differentiate
    is the change, not a cast)."""
    if function is None or parameter is None:
        return []
    node = origin.node
    if isinstance(node, ast.Call) and not node.args and len(node.keywords) == 1:
        # ``cls(**{name: jnp.asarray(v) for ...})``: the class's fields are the entries.
        unpacked = node.keywords[0]
        if unpacked.arg is None and isinstance(unpacked.value, ast.DictComp):
            origin = replace(origin, node=unpacked.value)
    if isinstance(origin.node, ast.DictComp) and flow is not None:
        return _comprehension_leaf(project, flow, origin, function, parameter, api, dtype)
    out = []
    for key, value, home in [
        *((k, v, None) for k, v in _leaves(origin)),
        *_class_leaves(project, origin, flow),
    ]:
        made: tuple[ModuleModel, ast.expr] | None = None
        if home is not None:
            # A field the construction leaves to its class's default: an int there (a literal,
            # an integer construction such as ``jnp.arange(3)``).
            if not _int_leaf(home, value, _class_body(home, value)):
                continue
            made = home, value
        elif not _int_leaf(origin.model, value, origin.scope):
            made = _int_made(project, flow, origin, value) if flow is not None else None
            if made is None:
                continue
        reads = _reads_through(project, *function, parameter, key)
        if (
            reads.numeric == 0
            and not reads.as_index
            and _method_numeric(project, origin, key, flow)
        ):
            reads = replace(reads, numeric=1)  # read as a number by the class's own methods
        if reads.numeric == 0 or reads.as_index:
            field = _dataclass_field(project, origin, key, flow)
            if field is not None:
                why = (
                    f"`{key}` is an integer leaf ({dtype}) that {_label(function[1])} does not "
                    f"use as a number: a static field keeps it out of what {api} differentiates"
                )
                out.append(_culprit(project, field[0], field[1], _ARGUMENT, api, why))
            child = _flattened_child(project, origin, key, flow) if field is None else None
            if child is not None:
                why = (
                    f"`{key}` is an integer leaf ({dtype}) that {_label(function[1])} does not "
                    f"use as a number: flattened as aux data rather than a child, it stays out "
                    f"of what {api} differentiates"
                )
                out.append(_culprit(project, child.model, child.node, _ARGUMENT, api, why))
            continue
        if made is not None:
            # The entry converts a value made elsewhere (a config's default, a constant):
            # that Python int is where the float belongs.
            shown = project.source(*made)
            why = (
                f"`{key}` is made from the Python int `{shown}` ({dtype} to JAX) and read as a "
                f"number by {_label(function[1])}: {api} differentiates only floats"
            )
            if home is not None:
                why = (
                    f"`{key}` keeps its class's default `{shown}`, a Python int ({dtype} to "
                    f"JAX), and is read as a number by {_label(function[1])}: {api} "
                    "differentiates only floats"
                )
            out.append(_culprit(project, *made, CulpritKind.TRANSFORM_ARGUMENT, api, why))
            continue
        shown = project.source(origin.model, value)
        why = (
            f"`{key}` is built as an integer (`{shown}`, {dtype}) and read as a number by "
            f"{_label(function[1])}: {api} differentiates only floats"
        )
        out.append(_culprit(project, origin.model, value, CulpritKind.TRANSFORM_ARGUMENT, api, why))
    return out


# Conversions that keep the dtype of what they are given when no dtype is passed.
_CONVERTING = frozenset({"jax.numpy.array", "jax.numpy.asarray", "numpy.array", "numpy.asarray"})


def _comprehension_leaf(
    project: _Project,
    flow: Flow,
    origin: _Origin,
    function: tuple[ModuleModel, Function],
    parameter: str,
    api: str,
    dtype: str,
) -> list[Culprit]:
    """``{name: INITIALIZERS[init](k, shape) for ...}``: the entries' keys are known only at
    run time, but the value flow gives what may make each entry (every initializer the
    registry holds); when exactly one of them builds integers and the function does not use
    the parameters as indices, that construction is the culprit."""
    node = origin.node
    assert isinstance(node, ast.DictComp)
    makers = flow.makers(Place(project.path(origin.model), origin.model, node.value, origin.scope))
    if not makers:
        return []
    # An entry converted from values made elsewhere (``jnp.asarray(value)`` over a config's
    # ``.items()``) has their dtypes: the Python int among them is where the float belongs.
    converted = []
    for made in makers:
        call = made.node
        if (
            isinstance(call, ast.Call)
            and made.model.qualified_name(call.func, made.scope) in _CONVERTING
            and len(call.args) == 1
            and not call.keywords
        ):
            inner = flow.makers(made.at(call.args[0]))
            if not inner:
                return []
            converted += inner
        else:
            converted.append(made)
    makers = converted
    ints = [
        m for m in makers if isinstance(m.node, ast.expr) and _int_leaf(m.model, m.node, m.scope)
    ]
    # The keys are known only at run time, so the reads are of the parameter as a whole:
    # one used as indices (a table of ids) is no culprit.
    if len(ints) != 1 or _reads_through(project, *function, parameter, None).as_index:
        return []
    made = ints[0]
    assert isinstance(made.node, ast.expr)
    project.adopt(made)
    shown = project.source(made.model, made.node)
    why = (
        f"`{shown}` builds an array of {dtype}, one of the entries {_label(function[1])} reads "
        f"as numbers: {api} differentiates only floats"
    )
    return [_culprit(project, made.model, made.node, CulpritKind.TRANSFORM_ARGUMENT, api, why)]


def _fill_value(call: ast.Call) -> ast.expr | None:
    given = call.args[1] if len(call.args) > 1 else None
    return next((k.value for k in call.keywords if k.arg == "fill_value"), given)


def _int_made(
    project: _Project, flow: Flow, origin: _Origin, value: ast.expr
) -> tuple[ModuleModel, ast.expr] | None:
    """The one Python int a container entry's value is made from, followed through the
    project's value flow (``jnp.asarray(cfg.rate)`` with ``rate: float = 1`` in the config's
    dataclass); None unless every maker is that one int."""
    given: ast.expr | None = value
    if isinstance(value, ast.Call):
        qualified = origin.model.qualified_name(value.func, origin.scope)
        if qualified in _CONVERTING and len(value.args) == 1 and not value.keywords:
            given = value.args[0]
        elif qualified == "jax.numpy.full" and not any(k.arg == "dtype" for k in value.keywords):
            given = _fill_value(value) if len(value.args) < 3 else None
    if given is None:
        return None
    makers = flow.makers(Place(project.path(origin.model), origin.model, given, origin.scope))
    if makers is None or len(makers) != 1 or makers[0].node is given:
        return None
    made = makers[0]
    if not (isinstance(made.node, ast.expr) and _int_leaves(made.node)):
        return None
    project.adopt(made)
    return made.model, made.node


def _reads_through(
    project: _Project,
    model: ModuleModel,
    function: Function,
    name: str,
    key: str | None,
    depth: int = 0,
    sliced: bool = False,
) -> Reads:
    """``reads_of`` a parameter, with the reads of the project functions it is passed to
    whole (``apply(cal, raw)`` reads ``cal.gain`` for ``loss(cal, raw)``); ``sliced``: its
    reads as an operand of arithmetic through a slice (``x[None, :] * y``) count as numeric."""
    found = reads_of(function, name, key)
    extra = _sliced_numeric_reads(function, name) if sliced else 0
    if depth >= _MAX_DEPTH:
        return replace(found, numeric=found.numeric + extra)
    count, as_index, indexed = found.count, found.as_index, found.indexed
    numeric = found.numeric + extra
    for call in ast.walk(function.node):
        if not isinstance(call, ast.Call):
            continue
        given = [
            (i, None) for i, a in enumerate(call.args) if isinstance(a, ast.Name) and a.id == name
        ] + [
            (None, k.arg)
            for k in call.keywords
            if isinstance(k.value, ast.Name) and k.value.id == name and k.arg is not None
        ]
        if len(given) != 1 or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        callee = model.locate_function(call.func, function.scope, project.importer(model))
        if callee is None:
            continue
        index, keyword = given[0]
        parameter = keyword
        if index is not None:
            parameter = _parameter(callee, index)
        inner = callee[1].function if isinstance(callee[1], Partial) else callee[1]
        if parameter is None or inner is function:
            continue
        deeper = _reads_through(project, callee[0], inner, parameter, key, depth + 1, sliced)
        count += deeper.count
        as_index += deeper.as_index
        numeric += deeper.numeric
        indexed |= deeper.indexed
    return Reads(count, as_index, indexed, numeric)


_ARGUMENT = CulpritKind.TRANSFORM_ARGUMENT
# Decorators that make a dataclass a pytree whose fields may be declared static.
_PYTREE_DATACLASS = frozenset({"jax.tree_util.register_dataclass"})


def _dataclass_field(
    project: _Project, origin: _Origin, key: str, flow: Flow | None = None
) -> tuple[ModuleModel, ast.AnnAssign] | None:
    """The declaration ``key: jax.Array`` of the field, when the container is built by a
    dataclass registered with ``jax.tree_util.register_dataclass`` (which can declare a field
    static: a plain int, not a leaf)."""
    node = origin.node
    if not isinstance(node, ast.Call):
        return None
    built = Place(project.path(origin.model), origin.model, node, origin.scope)
    cls = _class_built(project, built, flow)
    if cls is None or not isinstance(cls.node, ast.ClassDef):
        return None
    model, definition, outer = cls.model, cls.node, cls.scope
    decorators = {
        model.qualified_name(d.func if isinstance(d, ast.Call) else d, outer)
        for d in definition.decorator_list
    }
    if not decorators & _PYTREE_DATACLASS:
        return None
    fields = [
        statement
        for statement in definition.body
        if isinstance(statement, ast.AnnAssign)
        and isinstance(statement.target, ast.Name)
        and statement.target.id == key
        and statement.value is None
    ]
    return (model, fields[0]) if len(fields) == 1 else None


def _method_numeric(project: _Project, origin: _Origin, key: str, flow: Flow | None) -> bool:
    """Whether a method of the project class a construction builds reads its attribute
    ``key`` as a number (``self.h * self.nodes``): the differentiated function reads it so
    when it calls that method."""
    if flow is None or not isinstance(origin.node, ast.Call):
        return False
    place = Place(project.path(origin.model), origin.model, origin.node, origin.scope)
    cls = culprit_dtypes.constructed_class(flow, place)
    if cls is None or not isinstance(cls.node, ast.ClassDef):
        return False
    for statement in cls.node.body:
        if not isinstance(statement, ast.FunctionDef) or statement.name.startswith("tree_"):
            continue  # the flatten functions read every child, as children
        method = cls.model.functions.get(statement)
        if method is None or not method.positional:
            continue
        if reads_of(method, method.positional[0].name, key).numeric > 0:
            return True
    return False


def _flattened_child(
    project: _Project, origin: _Origin, key: str, flow: Flow | None
) -> Place | None:
    """The entry of the children a registered pytree class's flatten function returns
    (``tree_flatten``'s ``self.degree``) for the attribute ``key`` of the construction."""
    if flow is None or not isinstance(origin.node, ast.Call):
        return None
    place = Place(project.path(origin.model), origin.model, origin.node, origin.scope)
    cls = culprit_dtypes.constructed_class(flow, place)
    children = culprit_leaves.flattened_children(flow.code, cls) if cls is not None else None
    entries = [entry for name, entry in children or [] if name == key]
    if len(entries) != 1:
        return None
    project.adopt(entries[0])
    return entries[0]


def positional_capacity(function: Function | Partial) -> int | None:
    """How many positional arguments a function (or partial) can take; None if unbounded."""
    inner = function.function if isinstance(function, Partial) else function
    if inner.has_varargs:
        return None
    names = [p.name for p in inner.positional]
    if isinstance(function, Partial):
        # A parameter fixed by keyword can no longer be given positionally, nor any after it.
        fixed = [i for i, name in enumerate(names) if name in function.fixed_keywords]
        names = names[: min(fixed, default=len(names))]
        return max(0, len(names) - function.fixed_positional)
    return len(names)


def _named_value(
    project: _Project, model: ModuleModel, expr: ast.expr, scope: Scope, depth: int = 0
) -> tuple[ModuleModel, ast.expr]:
    """What a name stands for, when one plain assignment gives it: ``argnums=ARGNUMS`` after
    ``ARGNUMS = (0, 2)``, or ``config.GRAD_ARGNUMS`` set at the top of the project module
    ``config``. The expression itself otherwise."""
    if depth > _MAX_DEPTH:
        return model, expr
    if isinstance(expr, ast.Name):
        binding = scope.lookup(expr.id)
        if binding is not None and binding.kind == "assign" and binding.value is not None:
            return _named_value(project, model, binding.value, binding.scope, depth + 1)
        if binding is not None and binding.kind == "import" and binding.qualified:
            module, _, name = binding.qualified.rpartition(".")
            other = project.importer(model)(module) if module else None
            if other is not None:
                return _named_value(project, other, ast.Name(name), other.module_scope, depth + 1)
    elif isinstance(expr, ast.Attribute) and binding_kind(scope, expr) == "import":
        prefix = model.qualified_name(expr.value, scope)
        other = project.importer(model)(prefix) if prefix else None
        if other is not None:
            found = _named_value(project, other, ast.Name(expr.attr), other.module_scope, depth + 1)
            if found[1] is not expr and not isinstance(found[1], ast.Name):
                return found
    return model, expr


def _option(project: _Project, application: _Application, name: str, flow: Flow | None) -> object:
    """The constant the transform's keyword ``name`` surely is (``has_aux=True``,
    ``has_aux=cfg.with_aux``, ``argnums=(0, 1) if joint else 0`` on constants the value
    flow finds), else ``UNKNOWN`` (``None`` where the keyword is not given)."""
    given = application.transform.keywords.get(name)
    if given is None or isinstance(given, ast.Constant):
        return None if given is None else given.value
    if flow is None:
        return UNKNOWN
    home = application.defined_in
    return constant(flow, Place(project.path(home), home, given, application.transform.scope), None)


def _argnums_written(
    project: _Project, application: _Application, frames: Sequence[Span]
) -> tuple[ModuleModel, ast.expr | None, tuple[int, ...] | None]:
    """Where the ``argnums`` a transform is given are written, and their value: at the
    transform, at the constant a name stands for, or where the value flow finds the value it
    is given made (a settings field's default ``grad_argnums: tuple = (0, 1)``)."""
    transform = application.transform
    given = transform.keywords.get("argnums")
    if given is None:
        return application.defined_in, None, None
    model, node = _named_value(project, application.defined_in, given, transform.scope)
    argnums = literal_ints(node)
    if argnums is not None:
        return model, node, argnums
    home = application.defined_in
    place = Place(project.path(home), home, given, transform.scope)
    made = Flow(culprit_state.Code(project.files), frames).one_maker(place)
    if made is None or made.node is given or not isinstance(made.node, ast.expr):
        return model, node, None
    project.adopt(made)
    return made.model, made.node, literal_ints(made.node)


def _argnums_culprits(
    project: _Project, application: _Application, frames: Sequence[Span] = ()
) -> list[Culprit]:
    transform = application.transform
    model, argnums_node, argnums = _argnums_written(project, application, frames)
    found = _received(project, application, frames)
    if argnums_node is None or argnums is None or not argnums or found is None:
        return []
    capacity = positional_capacity(found[1])
    inner = found[1].function if isinstance(found[1], Partial) else found[1]
    shown = project.source(model, argnums_node)
    api = transform.api.rsplit(".", 1)[-1]
    unwrapped = _unwrapped_argnums(application, found[1], argnums, shown)
    if unwrapped is not None:
        return [_culprit(project, model, argnums_node, _ARGUMENT, api, unwrapped)]
    if capacity is None or max(argnums) < capacity:
        # The function takes that many: the call passed too few, by keyword maybe.
        return _keyword_partial(
            project, application, frames, inner, max(argnums)
        ) or _forwarded_keyword(project, application, frames, (inner, max(argnums)))
    why = (
        f"argnums={shown} counts from 0, but {_label(inner)} takes {capacity} positional "
        f"argument{'s' if capacity != 1 else ''} here"
    )
    return [_culprit(project, model, argnums_node, CulpritKind.TRANSFORM_ARGUMENT, api, why)]


def _unwrapped_argnums(
    application: _Application, received: Function | Partial, argnums: tuple[int, ...], shown: str
) -> str | None:
    """Why ``argnums`` count the positions of the function a ``functools.partial`` (or a bound
    method) wraps, not of the callable the transform differentiates (``jax.grad(partial(loss,
    frozen), argnums=1)`` written for ``loss(frozen, prompt, ...)``): the partial binds
    leading positional arguments, the call passes positionally every argument the argnums
    select once shifted by them, and what they select as written it passes by keyword or does
    not have. None otherwise."""
    if not isinstance(received, Partial) or received.fixed_positional == 0:
        return None
    call = application.call
    if application.mapping is not None or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    bound = received.fixed_positional
    shifted = [a - bound for a in argnums]
    if min(shifted) < 0 or max(shifted) >= len(call.args) or max(argnums) < len(call.args):
        return None
    names = [p.name for p in received.function.positional]
    if max(argnums) >= len(names):
        return None
    # What the argnums select as written, beyond the call's positional arguments, must not be
    # a parameter the call leaves out (``de_dbox(frac)`` leaving ``box`` to its default: the
    # call is then what misses it); one it passes by keyword is not meant positionally.
    keywords = {k.arg for k in call.keywords}
    if any(
        a + bound < len(names) and names[a + bound] not in keywords
        for a in argnums
        if a >= len(call.args)
    ):
        return None
    meant = ", ".join(f"`{names[a]}`" for a in argnums)
    at = shifted[0] if len(shifted) == 1 else tuple(shifted)
    binds = (
        f"the bound method passes `{names[0]}` itself"
        if received.function.owner is not None and bound == 1 and names[0] in ("self", "cls")
        else f"the partial binds its first {bound} positional argument{'s' * (bound != 1)}"
    )
    return (
        f"argnums={shown} counts {_label(received.function)}'s positions ({meant}), but "
        f"{binds}: the differentiated function takes {meant} at {at}"
    )


def _keyword_partial(
    project: _Project,
    application: _Application,
    frames: Sequence[Span],
    function: Function,
    last: int,
) -> list[Culprit]:
    """The ``functools.partial`` of the transformed function that the failing call runs and
    that binds, by keyword, a parameter argnums counts by position (``partial(grad_nll,
    times=times)`` for ``argnums=3``): the call then passes too few positionally."""
    names = [p.name for p in function.positional][: last + 1]
    model = application.model
    place = callable_place(project, frames, model, application.call.func, application.scope)
    node = place.node
    if not (
        isinstance(node, ast.Call)
        and place.model.qualified_name(node.func, place.scope) == "functools.partial"
    ):
        return []
    bound = [k.arg for k in node.keywords if k.arg is not None and k.arg in names]
    if not bound:
        return []
    listed = ", ".join(f"`{b}`" for b in bound)
    why = (
        f"the partial binds {listed} by keyword, so the call passes fewer positional arguments "
        f"than argnums counts: {_label(function)} takes them by position"
    )
    api = application.transform.api.rsplit(".", 1)[-1]
    return [_culprit(project, place.model, node, CulpritKind.TRANSFORM_ARGUMENT, api, why)]


def _forwarded_keyword(
    project: _Project,
    application: _Application,
    frames: Sequence[Span],
    wanted: tuple[Function, int],
) -> list[Culprit]:
    """A helper that applies the transform to its own ``*args, **kwargs``
    (``jax.grad(fn, argnums=argnums)(*args, **kwargs)``): the caller on the next traceback
    line passes the parameter argnums counts (``wanted``: the function, the position) by
    keyword, so it reaches the function by name, not at its position."""
    function, last = wanted
    call, scope = application.call, application.scope
    helper = culprit_state.defining_function(application.model, scope)
    if helper is None or isinstance(helper.node, ast.Lambda) or last >= len(function.positional):
        return []
    args = helper.node.args
    if args.vararg is None or args.kwarg is None:
        return []
    starred = [
        i
        for i, a in enumerate(call.args)
        if isinstance(a, ast.Starred)
        and isinstance(a.value, ast.Name)
        and a.value.id == args.vararg.arg
    ]
    unpacks = [k for k in call.keywords if k.arg is None]
    if starred != [len(call.args) - 1] or len(unpacks) != 1:
        return []
    if not (isinstance(unpacks[0].value, ast.Name) and unpacks[0].value.id == args.kwarg.arg):
        return []
    if application.frame + 1 >= len(frames):
        return []
    caller = frames[application.frame + 1]
    name = function.positional[last].name
    code = culprit_state.Code(project.files)
    flow = Flow(code, frames)
    for model, outer, outer_scope in code.calls_on(caller):
        if any(isinstance(a, ast.Starred) for a in outer.args):
            continue
        # The helper by name, or an instance's ``__call__`` (``self`` not passed).
        callees = flow.callees(Place(caller.path, model, outer.func, outer_scope))
        runs = [c for c in callees if c.function is helper]
        if len(runs) != 1 or runs[0].partial is not None:
            continue
        # The positional arguments the helper's ``*args`` takes, after its own parameters.
        own = len(helper.positional) - runs[0].skip
        forwarded = len(outer.args) - own + len(call.args) - 1
        given = [k for k in outer.keywords if k.arg == name]
        if forwarded > last or len(given) != 1:
            return []
        why = (
            f"`{name}` is passed by keyword, which `{helper.name}` forwards by name: argnums "
            f"counts {_label(function)}'s positional arguments, and only {forwarded} reach it "
            "so: pass it positionally"
        )
        api = application.transform.api.rsplit(".", 1)[-1]
        kind = CulpritKind.TRANSFORM_ARGUMENT
        return [_culprit(project, model, given[0], kind, api, why)]
    return []


def _pulled(model: ModuleModel, call: ast.Call, scope: Scope) -> bool:
    """Whether ``call`` calls the function ``jax.linearize`` / ``jax.vjp`` returned."""
    if not isinstance(call.func, ast.Name) or len(call.args) != 1 or call.keywords:
        return False
    binding = scope.lookup(call.func.id)
    if binding is None or isinstance(call.args[0], ast.Starred):
        return False
    node = binding.node
    return (
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and model.qualified_name(node.value.func, binding.scope) in _PULLING
    )


def _pulled_through(
    project: _Project, frames: Sequence[Span], model: ModuleModel, call: ast.Call, scope: Scope
) -> bool:
    """Whether ``call`` calls, with one argument, the function ``jax.linear_transpose``
    returned, where the value flow finds it made (a factory that returns it)."""
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return False
    flow = Flow(culprit_state.Code(project.files), frames)
    made = flow.one_maker(Place(project.path(model), model, call.func, scope))
    node = made.node if made is not None else None
    return (
        made is not None
        and isinstance(node, ast.Call)
        and made.model.qualified_name(node.func, made.scope) == "jax.linear_transpose"
    )


def _tangent_argument(
    project: _Project, frames: Sequence[Span]
) -> tuple[ModuleModel, ast.expr, Scope, int] | None:
    """The tangent (or cotangent) passed on the innermost traceback line in the project: the
    only tangent of ``jax.jvp(f, primals, tangents)``, or the argument of the function that
    ``jax.linearize`` / ``jax.vjp`` returned."""
    for index, frame in enumerate(frames[:1]):
        model = project.model(frame.path)
        if model is None:
            continue
        candidates: list[tuple[ast.expr, Scope]] = []
        jvps = {t.call for t in model.transforms if t.api == "jax.jvp"}
        for call, scope in model.calls:
            if not _on_line(call, frame.line):
                continue
            if call in jvps:
                tangents = call.args[2] if len(call.args) >= 3 else None
                if isinstance(tangents, ast.Tuple | ast.List) and _tuple_size(tangents) == 1:
                    candidates.append((tangents.elts[0], scope))
            elif _pulled(model, call, scope) or _pulled_through(
                project, frames, model, call, scope
            ):
                candidates.append((call.args[0], scope))
        if candidates:
            if len(candidates) != 1:
                return None
            return model, candidates[0][0], candidates[0][1], index
    return None


# An integer dtype, alone (``int32``) or as an aval's (``int32[4]``).
_INT_DTYPE = re.compile(r"^\s*~?u?int\d*(?:\[[\d,\s]*\])?\s*$")


def _int_source(
    project: _Project, origin: _Origin, depth: int = 0, flow: Flow | None = None
) -> _Origin | None:
    """Where a value known to be an integer array (the message says so) got its dtype: the
    one integer construction among the items a loop goes over, the operands of arithmetic
    (``d - n // 2`` after ``d = jnp.arange(n)``) and the names they are bound to. Where no
    construction is found so, the shared dtype inference over ``flow`` answers (booleans
    promoted by a Python int, ``2 * jax.random.bernoulli(..) - 1``; integer data converted,
    ``jnp.asarray(images)`` of a loader's uint8). None unless exactly one is found."""
    found = _int_construction_source(project, origin, depth)
    if found is not None or flow is None:
        return found
    if origin.iterated and isinstance(origin.node, ast.List | ast.Tuple | ast.Dict):
        return None  # one item of a display among others: not the display's inference
    # The items a loop or a map takes from an integer array are integers made where it is.
    place = Place(project.path(origin.model), origin.model, origin.node, origin.scope)
    return _int_origin(project, flow, place)


def _converts(origin: _Origin) -> bool:
    """``jnp.asarray(x)``: a conversion of one value, keeping its dtype."""
    node = origin.node
    return (
        isinstance(node, ast.Call)
        and origin.model.qualified_name(node.func, origin.scope) in _CONVERTING
        and len(node.args) == 1
    )


def _conversion_kept(project: _Project, flow: Flow, origin: _Origin) -> bool:
    """A conversion (``jnp.asarray(images)``) that the shared dtype inference names itself:
    the integers it converts are data handed in (a loader's bytes, an API's integers), not
    an array the project chose to build as integers."""
    if not _converts(origin):
        return False
    at = Place(project.path(origin.model), origin.model, origin.node, origin.scope)
    kept = _int_origin(project, flow, at)
    return kept is not None and kept.node is origin.node


def _int_origin(project: _Project, flow: Flow, given: Place) -> _Origin | None:
    """``Dtypes.int_origin`` of ``given`` as an origin (the model's path adopted)."""
    made = culprit_dtypes.Dtypes(flow).int_origin(given)
    if made is None or not isinstance(made.node, ast.expr):
        return None
    project.adopt(made)
    return _Origin(made.model, made.node, made.scope)


def _int_construction_source(project: _Project, origin: _Origin, depth: int = 0) -> _Origin | None:
    if depth > _MAX_DEPTH:
        return None
    node = origin.node
    if _int_built(origin.model, node, origin.scope) is not None:
        # The rows of an integer array are integers too: the dtype is made where it is.
        return replace(origin, iterated=False)
    parts: list[ast.expr] = []
    if origin.iterated and isinstance(node, ast.List | ast.Tuple):
        parts = list(node.elts)
    elif isinstance(node, ast.BinOp) and not isinstance(node.op, ast.Div):
        parts = [node.left, node.right]
    elif isinstance(node, ast.UnaryOp):
        parts = [node.operand]
    elif isinstance(node, ast.Call):
        parts = _dtype_operands(origin.model, node, origin.scope)
    found: list[_Origin] = []
    for part in parts:
        if isinstance(part, ast.Constant):
            continue
        inner = _origin(project, origin.model, part, origin.scope, (), None)
        source = _int_construction_source(project, inner, depth + 1) if inner else None
        if source is not None and not any(f.node is source.node for f in found):
            found.append(source)
    return found[0] if len(found) == 1 else None


# Functions whose result has the dtype of the arrays they are given, unless given a dtype:
# those that take a sequence of arrays, and those that take one.
_JOINING = frozenset(
    {"stack", "concatenate", "hstack", "vstack", "column_stack", "dstack", "block"}
)
_DTYPE_OF_ARGUMENT = frozenset(
    {
        "array",
        "asarray",
        "zeros_like",
        "ones_like",
        "empty_like",
        "tile",
        "repeat",
        "flip",
        "roll",
        "reshape",
        "ravel",
        "transpose",
        "expand_dims",
        "squeeze",
        "broadcast_to",
        "atleast_1d",
        "atleast_2d",
    }
)


# Samplers whose result holds elements of an array they are given (its position).
_SAMPLED_FROM = {"jax.random.choice": 1, "jax.random.permutation": 1}


def _dtype_operands(model: ModuleModel, call: ast.Call, scope: Scope) -> list[ast.expr]:
    """The arrays a ``jax.numpy`` call takes its result's dtype from (``x`` and ``y`` of
    ``jnp.stack([x, y])``, ``x`` of ``jnp.zeros_like(x)``); none where it is given a dtype."""
    qualified = model.qualified_name(call.func, scope) or ""
    module, _, name = qualified.rpartition(".")
    if (
        isinstance(call.func, ast.Attribute)
        and call.func.attr in _DTYPE_OF_ARGUMENT | {"flatten", "copy"}
        and qualified == ""
    ):
        # ``x.reshape(n, -1)``: an array's method that keeps its dtype.
        return [call.func.value]
    if qualified in _SAMPLED_FROM:
        # ``jax.random.choice(key, a)``: elements of ``a``, of its dtype.
        at = _SAMPLED_FROM[qualified]
        given = (
            call.args[at]
            if len(call.args) > at
            else keyword_value(call, "a") or keyword_value(call, "x")
        )
        return [given] if given is not None else []
    if module not in ("jax.numpy", "numpy") or not call.args:
        return []
    if any(k.arg == "dtype" for k in call.keywords):
        return []
    first = call.args[0]
    if name in _JOINING and isinstance(first, ast.List | ast.Tuple):
        return [e for e in first.elts if not isinstance(e, ast.Starred)]
    return [first] if name in _DTYPE_OF_ARGUMENT else []


# Constructors of floating-point arrays that take the default dtype (float32) unless given
# one, and the index of their positional ``dtype`` argument.
_FLOAT_BY_DEFAULT = {
    "jax.random.normal": 2,
    "jax.random.uniform": 2,
    "jax.random.truncated_normal": 4,
    "jax.random.laplace": 2,
    "jax.random.gumbel": 2,
    "jax.numpy.zeros": 1,
    "jax.numpy.ones": 1,
    "jax.numpy.empty": 1,
    "jax.numpy.linspace": 5,
}


def _default_float(captures: Mapping[str, str]) -> bool:
    """The message says a tangent is float32 where another float dtype is due: the default
    dtype of a constructor that was given none."""
    tangent, expected = captures.get("tangent", "").strip(), captures.get("expected", "").strip()
    return tangent == "float32" and expected in ("bfloat16", "float16", "float64")


def _asked_float(captures: Mapping[str, str]) -> bool:
    """The message says a tangent has a float dtype other than the default float32 where
    another float dtype is due: one the project asked for by name."""
    tangent, expected = captures.get("tangent", "").strip(), captures.get("expected", "").strip()
    floats = ("bfloat16", "float16", "float32", "float64")
    return tangent in floats and expected in floats and tangent not in ("float32", expected)


def _asked_dtype_source(
    project: _Project, frames: Sequence[Span], origin: _Origin, given: Place, dtype: str
) -> _Origin | None:
    """The one call in the expression that asks for ``dtype`` (``dtype=cfg.report_dtype``
    whose value the flow finds is ``jnp.bfloat16``, ``x.astype("float16")``), where the
    tangent's dtype is chosen."""
    flow = Flow(culprit_state.Code(project.files), frames)
    # Followed from the tangent given, the flow enters the calls that make it: their
    # parameters (``cfg``) hold what those calls pass.
    flow.makers(given)
    path = project.path(origin.model)
    found = []
    for node in ast.walk(origin.node):
        if not isinstance(node, ast.Call):
            continue
        asked = keyword_value(node, "dtype")
        if asked is None and isinstance(node.func, ast.Attribute) and node.func.attr == "astype":
            asked = node.args[0] if len(node.args) == 1 else None
        if asked is not None and _names_dtype(
            flow, Place(path, origin.model, asked, origin.scope), dtype
        ):
            found.append(node)
    return replace(origin, node=found[0], iterated=False) if len(found) == 1 else None


def _names_dtype(flow: Flow, place: Place, dtype: str) -> bool:
    """Whether a ``dtype`` argument names ``dtype``, where written or where the flow finds
    the value it holds made."""
    made = place if isinstance(place.node, ast.Constant) else flow.one_maker(place) or place
    node = made.node
    if isinstance(node, ast.Constant):
        return node.value == dtype
    if not isinstance(node, ast.expr):
        return False
    qualified = made.model.qualified_name(node, made.scope) or ""
    return qualified in (f"jax.numpy.{dtype}", f"numpy.{dtype}")


def _default_dtype_source(origin: _Origin) -> _Origin | None:
    """The one call in the expression that builds floats without a dtype
    (``jax.random.normal(k, leaf.shape)``), where the dtype belongs."""
    found = []
    for node in ast.walk(origin.node):
        if not isinstance(node, ast.Call):
            continue
        position = _FLOAT_BY_DEFAULT.get(origin.model.qualified_name(node.func, origin.scope) or "")
        if (
            position is not None
            and len(node.args) <= position
            and not any(k.arg == "dtype" for k in node.keywords)
            and not any(isinstance(a, ast.Starred) for a in node.args)
        ):
            found.append(node)
    return replace(origin, node=found[0], iterated=False) if len(found) == 1 else None


_DIMS = re.compile(r"^\s*~?\w*[\[(](?P<dims>[\d,\s]*)[\])]\s*\.?\s*$")


def _missing_axes(captures: Mapping[str, str]) -> bool:
    """Whether the printed tangent's shape is the wanted one without its trailing axes
    (``float32[365]`` for ``float32[365,5]``)."""
    tangent = _dims(captures.get("tangent"))
    wanted = _dims(captures.get("expected") or captures.get("primal"))
    return (
        tangent is not None
        and wanted is not None
        and 0 < len(tangent) < len(wanted)
        and wanted[: len(tangent)] == tangent
    )


def _handed_over(
    project: _Project, model: ModuleModel, expr: ast.expr, scope: Scope
) -> _Origin | None:
    """The call of a project function whose result the name ``expr`` holds by its one plain
    assignment in its function (``seed = growing_season_weights(doy)``)."""
    if not isinstance(expr, ast.Name):
        return None
    binding = _single_local(scope, expr.id)
    value = binding.value if binding is not None else None
    if not isinstance(value, ast.Call) or _callee(project, model, value, scope) is None:
        return None
    return _Origin(model, value, scope)


def _dims(text: str | None) -> tuple[int, ...] | None:
    """``float32[64,4]`` or ``(64, 4)`` as its dimensions."""
    found = _DIMS.match(text or "")
    if found is None:
        return None
    return tuple(int(d) for d in found["dims"].replace(" ", "").split(",") if d)


def batch_of_tangents(captures: Mapping[str, str]) -> str | None:
    """Where a batch of tangents keeps its items, when the tangent's shape is the wanted one
    with extra axes of more than one item each: ``"leading"`` (``float32[64,4]`` for
    ``float32[4]``, one per row), ``"trailing"`` (``float32[4,8]``, one per column); None
    otherwise (an axis of one item is a shape built wrong, not a batch)."""
    tangent = _dims(captures.get("tangent"))
    wanted = _dims(captures.get("expected") or captures.get("primal"))
    if tangent is None or wanted is None or len(tangent) <= len(wanted):
        return None
    count = len(tangent) - len(wanted)
    if tangent[count:] == wanted and all(n > 1 for n in tangent[:count]):
        return "leading"
    if tangent[: len(wanted)] == wanted and all(n > 1 for n in tangent[len(wanted) :]):
        return "trailing"
    return None


def _shaped_entry(
    project: _Project,
    frames: Sequence[Span],
    model: ModuleModel,
    expr: ast.expr,
    scope: Scope,
    captures: Mapping[str, str],
) -> Culprit | None:
    """The entry of a container of tangents (a dict display, a tuple) built with the shape
    the message prints for the tangent, when the primal's shape differs, every entry's shape
    is known and exactly one entry has that shape (``"b": rademacher(k, w.shape[:1])``, shape
    (5,), for a primal of (2,))."""
    tangent, primal = _dims(captures.get("tangent")), _dims(captures.get("primal"))
    if tangent is None or primal is None or tangent == primal or "expected" in captures:
        return None
    flow = Flow(culprit_state.Code(project.files), frames)
    made = flow.one_maker(Place(project.path(model), model, expr, scope))
    if made is None:
        return None
    node = made.node
    if isinstance(node, ast.Dict):
        entries = [
            (f"`{ast.unparse(k)}`", v)
            for k, v in zip(node.keys, node.values, strict=True)
            if k is not None
        ]
        if len(entries) != len(node.keys):
            return None
    elif isinstance(node, ast.Tuple | ast.List):
        entries = [(f"item {i}", v) for i, v in enumerate(node.elts)]
    else:
        return None
    shapes = [shape_of(flow, made.at(value)) for _, value in entries]
    if any(shape is None for shape in shapes):
        return None  # an entry of unknown shape may have the printed one too
    shaped = [entry for entry, shape in zip(entries, shapes, strict=True) if shape == tangent]
    if len(shaped) != 1:
        return None
    name, value = shaped[0]
    project.adopt(made)
    shown = project.source(made.model, value)
    why = (
        f"the tangent entry {name} is built as `{shown}`, shape {captures['tangent'].strip()}, "
        f"where its primal has shape {captures['primal'].strip()}"
    )
    return _culprit(project, made.model, value, CulpritKind.TRANSFORM_TANGENT, "tangent", why)


def _tree_culprits(
    project: _Project, frames: Sequence[Span], given: Place, captures: Mapping[str, str]
) -> list[Culprit]:
    """A tangent whose tree differs from the primal's: the one dict display or comprehension
    the flow finds it made by, where its keys are chosen. A value made otherwise (a flat
    vector, a list of leaves) is unflattened where the primal's tree is at hand: in the
    project helper that was handed the primal tree and returns it (``_tree_helper_return``),
    else, where the failing ``jax.jvp`` pairs two parameters of its function (a generic
    ``hvp(f, params, v)``), in the traceback's call that hands them over; else on the failing
    line."""
    made = Flow(culprit_state.Code(project.files), frames).one_maker(given)
    if (
        made is None
        or made.node is given.node
        or not isinstance(made.node, ast.Dict | ast.DictComp)
    ):
        return _flat_tangent_culprits(project, frames, given, captures)
    project.adopt(made)
    shown = project.source(made.model, made.node)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    why = (
        f"`{shown}` builds the tangent with tree structure {captures['tangent_tree'].strip()}, "
        f"where the primal has {captures.get('primal_tree', '?').strip()}"
    )
    kind = CulpritKind.TRANSFORM_TANGENT
    return [_culprit(project, made.model, made.node, kind, "tangent", why)]


def _flat_tangent_culprits(
    project: _Project,
    frames: Sequence[Span],
    given: Place,
    captures: Mapping[str, str],
) -> list[Culprit]:
    """A jvp tangent made without the primal's containers (see ``_tree_culprits``). The
    tangent is read as the failing call's first run gets it (a loop's later rebindings
    aside), and its maker must have the tree the message prints (a list display for
    ``[*, *]``, no container for a leaf ``*``): then it is the one that failed."""
    primal = _jvp_primal(given)
    if primal is None:
        return []
    code = culprit_state.Code(project.files)
    tangent_tree = captures["tangent_tree"].strip()
    primal_tree = captures.get("primal_tree", "?").strip()
    flow = Flow(code, frames, first_iteration=True)
    made = flow.one_maker(given)
    if made is not None and made.node is not given.node:
        mapped = _tree_mapped(flow, made)
        made = made if mapped is None else mapped
    found: Place | None = None
    if made is not None and made.node is not given.node and _has_tree(made, tangent_tree):
        helper = _tree_helper_return(code, frames, made, primal)
        if helper is not None:
            found = made
            why = (
                f"`{helper}` is handed the primal's tree and returns the tangent built as "
                f"{tangent_tree}, where the primal has {primal_tree}: build it with the "
                "tree's structure there"
            )
        unflattening = _unflattening_return(made) if helper is None else None
        if unflattening is not None:
            found = made
            why = (
                f"`{unflattening}` rebuilds the tangent from a flat vector as {tangent_tree}, "
                f"where the primal has {primal_tree}: rebuild the primal's containers there"
            )
    if found is None:
        handed = Flow(code, frames).caller_argument(given)
        found = None if handed is None else handed[1]
        if found is None or Flow(code, frames).caller_argument(primal) is None:
            return []
        project.adopt(found)
        why = (
            f"`{project.source(found.model, found.node)}` is handed over here as the tangent, "
            f"{tangent_tree}, of a primal passed with it, {primal_tree}: the function only "
            "pairs them, so give the tangent the primal's structure here"
        )
    project.adopt(found)
    kind = CulpritKind.TRANSFORM_TANGENT
    return [_culprit(project, found.model, found.node, kind, "tangent", why)]


def _has_tree(made: Place, tangent_tree: str) -> bool:
    """Whether an expression builds the one tangent of a printed ``PyTreeDef((T,))``: a list
    (display or comprehension) for ``T`` = ``[...]``, no container display for a leaf."""
    text = tangent_tree.replace(" ", "")
    if text.startswith("PyTreeDef(") and text.endswith(")"):
        text = text[len("PyTreeDef(") : -1]  # printed whole, or captured inside
    if not (text.startswith("(") and text.endswith(",)")):
        return False
    inner = text[1:-2]
    node = made.node
    if inner == "*":
        return not isinstance(
            node, ast.Dict | ast.DictComp | ast.List | ast.ListComp | ast.Tuple | ast.SetComp
        )
    if inner.startswith("[") and inner.endswith("]"):
        return isinstance(node, ast.List | ast.ListComp) or _converted(node, "list")
    if inner.startswith("(") and inner.endswith(")"):
        # ``(*, *)``: a tuple display of as many leaves, or ``tuple(...)`` of a comprehension
        # (a plain tuple, whatever container the items were read from).
        items = inner[1:-1].rstrip(",").split(",")
        if not all(i == "*" for i in items):
            return False
        return (isinstance(node, ast.Tuple) and len(items) == len(node.elts)) or _converted(
            node, "tuple"
        )
    return False


def _converted(node: ast.AST, container: str) -> bool:
    """Whether ``node`` is ``tuple(...)`` / ``list(...)`` (``container``) of one comprehension
    or generator: it builds that plain container, whatever the items were read from."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == container
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.GeneratorExp | ast.ListComp)
    )


def _jvp_primal(tangent: Place) -> Place | None:
    """The one primal of the ``jax.jvp(f, (primal,), (tangent,))`` call ``tangent`` is in, or
    of the ``jax.linearize(f, primal)`` whose returned function ``tangent`` is handed to
    (``_, push = jax.linearize(f, state)`` then ``push(tangent)``)."""
    linearized = _linearized_primal(tangent)
    if linearized is not None:
        return linearized
    for call in nodes_of(tangent.scope.node, ast.Call):
        if len(call.args) < 3 or not isinstance(call.args[2], ast.Tuple | ast.List):
            continue
        if not any(item is tangent.node for item in call.args[2].elts):
            continue
        if tangent.model.qualified_name(call.func, tangent.scope) != "jax.jvp":
            return None
        primals = call.args[1]
        if isinstance(primals, ast.Tuple | ast.List) and len(primals.elts) == 1:
            return tangent.at(primals.elts[0])
        return None
    return None


def _unflattening_return(made: Place) -> str | None:
    """The name of the project function whose ``return`` ``made`` is, where ``made`` is a
    display of pieces of one of its parameters (``return flat[:n], flat[n:]``): a function
    that unflattens a vector, choosing the containers of the tree it rebuilds."""
    node = made.node
    function = culprit_state.defining_function(made.model, made.scope)
    if function is None or not isinstance(node, ast.Tuple | ast.List) or len(node.elts) < 2:
        return None
    if not any(r.value is node for r in nodes_of(function.node, ast.Return)):
        return None
    params = {p.name for p in function.positional}
    cut = set()
    for item in node.elts:
        while isinstance(item, ast.Call) and isinstance(item.func, ast.Attribute):
            item = item.func.value  # ``flat[:n].reshape(shape)``
        if not (isinstance(item, ast.Subscript) and isinstance(item.value, ast.Name)):
            return None
        cut.add(item.value.id)
    return function.name if len(cut) == 1 and cut <= params else None


def _linearized_primal(tangent: Place) -> Place | None:
    """The primal of ``jax.linearize(f, primal)`` where ``tangent`` is the one argument of a
    call of the function it returned (bound by the one assignment of its name)."""
    for call in nodes_of(tangent.scope.node, ast.Call):
        if len(call.args) != 1 or call.args[0] is not tangent.node or call.keywords:
            continue
        if not isinstance(call.func, ast.Name):
            return None
        bindings = tangent.scope.lookup_all(call.func.id)
        node = bindings[0].node if len(bindings) == 1 else None
        if not (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(target := node.targets[0], ast.Tuple)
            and len(target.elts) == 2
            and isinstance(pulled := target.elts[1], ast.Name)
            and pulled.id == call.func.id
            and isinstance(made := node.value, ast.Call)
            and tangent.model.qualified_name(made.func, bindings[0].scope) == "jax.linearize"
            and len(made.args) == 2
        ):
            return None
        return Place(tangent.path, tangent.model, made.args[1], bindings[0].scope)
    return None


def _returns_made(function: Function, value: ast.expr | None, made: Place) -> bool:
    """Whether a ``return`` of ``function`` gives back ``made``: written there, or a local
    bound to it once (``probe = [..]; return probe``)."""
    if value is made.node:
        return True
    if not isinstance(value, ast.Name):
        return False
    local = _single_local(function.scope, value.id)
    return local is not None and local.value is made.node


def _tree_helper_return(
    code: culprit_state.Code, frames: Sequence[Span], made: Place, primal: Place
) -> str | None:
    """The name of the project function whose ``return`` ``made`` is, where a call of it
    (on the traceback, else in the project) is handed the primal's tree: an argument the
    value flow finds made by the same expressions as the primal."""
    function = culprit_state.defining_function(made.model, made.scope)
    if function is None or not any(
        isinstance(node, ast.Return) and _returns_made(function, node.value, made)
        for node in nodes_of(function.node, ast.Return)
    ):
        return None
    if Flow(code, frames).relied_on(function):
        # Other code relies on what it returns: handing that as the tangent is the fault.
        return None
    wanted = Flow(code, frames).makers(primal)
    if not wanted:
        return None
    shown = {id(place.node) for place in wanted}
    for _, call in Flow(code, frames).call_sites(function, made):
        assert isinstance(call.node, ast.Call)
        for item in [*call.node.args, *(k.value for k in call.node.keywords)]:
            found = Flow(code, frames).makers(call.at(item))
            if found and {id(place.node) for place in found} == shown:
                return function.name
    return None


# One output's type as ``linear_transpose`` prints the avals it expects.
_AVAL = re.compile(r"ShapedArray\((?P<dtype>\w+)\[(?P<dims>[\d,\s]*)\]")


def _inferred_cotangent(
    project: _Project, frames: Sequence[Span], given: Place, captures: Mapping[str, str]
) -> dict[str, str] | None:
    """The captures of a cotangent's type where the message prints its values, not its type
    (``expected (ShapedArray(float32[16]),) but got [Array([1., ...])]``): the shape the value
    flow finds the cotangent built with, when it is known and differs from the one output's.
    None otherwise (several outputs, a shape not known, or the same shape: the dtype may be
    what differs)."""
    expected = list(_AVAL.finditer(captures["expected_avals"]))
    if len(expected) != 1:
        return None
    shape = shape_of(Flow(culprit_state.Code(project.files), frames), given)
    wanted = tuple(int(d) for d in expected[0]["dims"].replace(" ", "").split(",") if d)
    if shape is None or shape == wanted:
        return None
    dtype = expected[0]["dtype"]
    return {
        "tangent": f"{dtype}[{','.join(map(str, shape))}]",
        "expected": f"{dtype}[{','.join(map(str, wanted))}]",
        "function": "transposed",
    }


# Arithmetic that keeps its array operand's space (a residual ``y - f(x)``, a scaled output).
_KEEPING_SPACE = (ast.Add, ast.Sub, ast.Mult, ast.Div)


def _primal_spec_culprit(
    project: _Project, frames: Sequence[Span], given: Place, captures: Mapping[str, str]
) -> Culprit | None:
    """The primal spec given to ``jax.linear_transpose``, where the cotangent is surely in the
    linear function's output space: the cotangent is that function's own output on some
    input, or arithmetic with it (a residual ``measured - forward(x)``), so the output the
    transpose expects was computed from a primal of another shape. The change belongs where
    the spec's shape (``jax.ShapeDtypeStruct(shape, ..)``) or the example primal is made.
    None otherwise."""
    failing = given.node
    code = culprit_state.Code(project.files)
    flow = Flow(code, frames)
    transpose = _transposing_call(flow, given, frames)
    call = transpose.node if transpose is not None else None
    if transpose is None or not isinstance(call, ast.Call) or len(call.args) != 2:
        return None
    linear = {id(c.function) for c in flow.callees(transpose.at(call.args[0]))}
    if len(linear) != 1 or not _of_output(flow, given, linear):
        return None
    expected = list(_AVAL.finditer(captures["expected_avals"]))
    wanted = tuple(int(d) for d in expected[0]["dims"].replace(" ", "").split(",") if d)
    if len(expected) != 1 or shape_of(flow, given) == wanted:
        return None  # the shapes agree: a dtype differs
    spec = _chosen(flow, transpose.at(call.args[1]))
    made: Place | None = spec
    node = spec.node if spec is not None else None
    if (
        spec is not None
        and isinstance(node, ast.Call)
        and spec.model.qualified_name(node.func, spec.scope) == "jax.ShapeDtypeStruct"
        and node.args
    ):
        made = _chosen(flow, spec.at(node.args[0]))
    if made is None or made.node is failing:
        return None
    project.adopt(made)
    shown = project.source(made.model, made.node)
    why = (
        f"`{shown}` makes the primal spec given to `jax.linear_transpose`: the function's "
        f"output on it is {expected[0].group(0).removeprefix('ShapedArray(')}, but the "
        "cotangent is built from the function's own output on the data, of another shape"
    )
    return _culprit(project, made.model, made.node, CulpritKind.TRANSFORM_TANGENT, "spec", why)


def _chosen(flow: Flow, place: Place) -> Place | None:
    """Where a value is chosen: a name followed through its one assignment and a parameter
    to what every call passes, up to the first expression that is not a name
    (``GRID["sinogram"]``, ``measured.shape``, ``jnp.zeros(n - 2)``); not on to where the
    value it selects is defined, which is right for what it was meant for. None in doubt."""
    for _ in range(_MAX_DEPTH):
        node = place.node
        if not isinstance(node, ast.Name):
            return place
        bindings = place.scope.lookup_all(node.id)
        if len(bindings) != 1:
            return None
        [binding] = bindings
        if binding.kind == "param":
            passed = flow.passed(place)
            if passed is None:
                return None
            place = passed
        elif binding.kind == "assign" and isinstance(binding.node, ast.Assign):
            if binding.value is None or binding.scope.node is place.model.tree:
                return None  # a module constant is shared: not chosen for this use
            place = Place(place.path, place.model, binding.value, binding.scope)
        else:
            return None
    return None


def _transposing_call(flow: Flow, given: Place, frames: Sequence[Span]) -> Place | None:
    """The ``jax.linear_transpose(f, spec)`` call whose result the failing line calls with
    the cotangent ``given``."""
    for model, call, scope in flow.code.calls_on(frames[0]):
        if not any(a is given.node for a in call.args):
            continue
        made = flow.one_maker(Place(frames[0].path, model, call.func, scope))
        node = made.node if made is not None else None
        if (
            made is not None
            and isinstance(node, ast.Call)
            and made.model.qualified_name(node.func, made.scope) == "jax.linear_transpose"
        ):
            return made
    return None


def _of_output(flow: Flow, given: Place, linear: set[int]) -> bool:
    """Whether the cotangent is surely the linear function's output on some input: a call
    of it, its ``return`` value (the flow enters the call), or arithmetic (``+ - * /``) with
    one (``measured - forward(x)``), through the names that hold them."""

    def applies(place: Place, depth: int = 0) -> bool:
        node = place.node
        function = place.model.functions.get(place.scope.node)
        if depth > _MAX_DEPTH:
            return False
        if function is not None and id(function) in linear:
            return True  # made inside the function: its output
        if isinstance(node, ast.BinOp) and isinstance(node.op, _KEEPING_SPACE):
            return any(applies(place.at(o), depth + 1) for o in (node.left, node.right))
        if isinstance(node, ast.Call):
            callees = flow.callees(place.at(node.func))
            return bool(callees) and {id(c.function) for c in callees} == linear
        if not isinstance(node, ast.Name):
            return False
        found = flow.makers(place)
        return bool(found) and all(
            m.node is not node and applies(m, depth + 1) for m in found or []
        )

    return applies(given)


def _wrong_shape(captures: Mapping[str, str]) -> bool:
    """Whether the message prints a tangent whose shape differs from the wanted one."""
    tangent = _dims(captures.get("tangent"))
    wanted = _dims(captures.get("expected") or captures.get("primal"))
    return tangent is not None and wanted is not None and tangent != wanted


# Functions that rebuild a pytree from a structure and its leaves.
_UNFLATTENING = frozenset({"jax.tree.unflatten", "jax.tree_util.tree_unflatten"})


def _shape_source(project: _Project, origin: _Origin, depth: int = 0) -> _Origin:
    """Where a tangent of the wrong shape got its shape: through arithmetic whose other
    operands are surely scalars (``v / jnp.linalg.norm(v)``, ``-0.5 * d``, ``w / k`` whose
    one local assignment is a Python number, ``k = max(1, int(n * q))``) to the one operand
    that carries the shape, and the name it is bound to."""
    node = origin.node
    if origin.iterated or depth > _MAX_DEPTH:
        return origin
    if (
        isinstance(node, ast.Call)
        and origin.model.qualified_name(node.func, origin.scope) in _UNFLATTENING
        and len(node.args) == 2
    ):
        # A tree rebuilt from its leaves has their shapes: the leaves are made wrong.
        leaves = _origin(project, origin.model, node.args[1], origin.scope, (), None)
        if leaves is None or leaves.iterated or isinstance(leaves.node, ast.Name):
            return origin
        if isinstance(leaves.node, ast.ListComp):
            return replace(leaves, node=leaves.node.elt)
        return _shape_source(project, leaves, depth + 1)
    array = updated_array(node)
    if isinstance(array, ast.Name):
        # ``d.at[i].set(1.0)``: a copy of ``d``, its shape made where ``d`` is (an array
        # built in the same expression is already where its shape is made).
        inner = _origin(project, origin.model, array, origin.scope, (), None)
        if inner is None or inner.iterated or isinstance(inner.node, ast.Name):
            return origin
        return _shape_source(project, inner, depth + 1)
    if isinstance(node, ast.UnaryOp):
        parts = [node.operand]
    elif isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
        parts = [node.left, node.right]
    else:
        return origin
    carriers = [
        part
        for part in parts
        if not _scalar_value(project, origin.model, part, origin.scope, depth)
    ]
    if len(carriers) != 1:
        return origin
    inner = _origin(project, origin.model, carriers[0], origin.scope, (), None)
    if inner is None or inner.iterated or isinstance(inner.node, ast.Name):
        return origin
    return _shape_source(project, inner, depth + 1)


def _tangent_culprits(
    project: _Project, captures: Mapping[str, str], frames: Sequence[Span]
) -> list[Culprit]:
    found = _tangent_argument(project, frames)
    if found is None:
        return []
    model, expr, scope, index = found
    if "expected_avals" in captures:
        given = Place(project.path(model), model, expr, scope)
        spec = _primal_spec_culprit(project, frames, given, captures)
        if spec is not None:
            return [spec]
        inferred = _inferred_cotangent(project, frames, given, captures)
        if inferred is None:
            return []
        captures = inferred
    if "tangent_tree" in captures:
        if (captures.get("tangent_path") or "").strip():
            # The trees differ below the top (``out[1]``): the container built for the whole
            # is not the one with the wrong structure.
            return []
        return _tree_culprits(
            project, frames, Place(project.path(model), model, expr, scope), captures
        )
    if batch_of_tangents(captures):
        # A batch of tangents (probes, basis vectors) given at once: the change belongs at
        # the call (map the function over them), not where the batch is built.
        return []
    entry = _shaped_entry(project, frames, model, expr, scope, captures)
    if entry is not None:
        return [entry]
    origin = _origin(project, model, expr, scope, frames, index)
    handed = _handed_over(project, model, expr, scope) if _missing_axes(captures) else None
    if origin is not None and handed is not None and origin.scope is not scope:
        # The value lacks the output's trailing axes, and a project helper made it for its own
        # purpose (per-day weights for a per-day-and-layer output): broadcasting it belongs
        # where this function takes it, not in the helper.
        origin = handed
    elif origin is not None:
        flow = Flow(culprit_state.Code(project.files), frames)
        origin = _followed(project, flow, _method_returned(project, flow, origin))
    if origin is not None and "expected" in captures and _INT_DTYPE.match(captures["tangent"]):
        # The message says the tangent is an integer: what made it one is the culprit.
        origin = _int_source(project, origin, flow=Flow(culprit_state.Code(project.files), frames))
    elif origin is not None and _wrong_shape(captures):
        origin = _shape_source(project, origin)
    elif origin is not None and _default_float(captures):
        origin = _default_dtype_source(origin) or origin
    elif origin is not None and _asked_float(captures):
        given = Place(project.path(model), model, expr, scope)
        asked = _asked_dtype_source(project, frames, origin, given, captures["tangent"].strip())
        origin = asked or origin
    if origin is None or isinstance(origin.node, ast.Name):
        return []
    if origin.iterated and not (_wrong_shape(captures) and _basis(origin)):
        return []
    shown = project.source(origin.model, origin.node)
    tangent = (captures.get("tangent") or "").strip()
    if "expected" in captures and "function" in captures:
        expected = captures["expected"].strip()
        why = f"`{shown}` builds the cotangent, {tangent}: the output it pulls back is {expected}"
    elif "expected" in captures and "[" not in tangent:
        why = (
            f"`{shown}` builds the tangent, dtype {tangent}: the primal is "
            f"{captures['primal'].strip()}, so the tangent must be {captures['expected'].strip()}"
        )
    else:
        primal = (captures.get("primal") or "?").strip()
        what = f"shape {tangent}" if tangent.startswith("(") else tangent
        why = f"`{shown}` builds the tangent, {what}, for a primal of {primal}"
    return [
        _culprit(project, origin.model, origin.node, CulpritKind.TRANSFORM_TANGENT, "tangent", why)
    ]


def _basis(origin: _Origin) -> bool:
    """``jnp.eye(n)`` (or ``identity``): the rows a loop takes one at a time are unit vectors
    of length ``n``, so a row of the wrong shape is made by the size written there."""
    node = origin.node
    if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords:
        return False
    api = origin.model.qualified_name(node.func, origin.scope) or ""
    return api in ("jax.numpy.eye", "jax.numpy.identity", "numpy.eye", "numpy.identity")


# -- an option of the transform --------------------------------------------------------------


def _option_culprits(
    project: _Project, captures: Mapping[str, str], frames: Sequence[Span], option: str
) -> list[Culprit]:
    """Where the transform's ``option=True`` is set: the keyword written in its call, or the
    entry of a settings dict the call unpacks (``jax.grad(f, **opt["grad_kwargs"])``, the
    dict display followed through the value flow to its ``"holomorphic": True``)."""
    found = _applied_on_line(project, frames)
    if found is None:
        return []
    here, call, api = found
    flow = Flow(culprit_state.Code(project.files), frames)
    written = [k.value for k in call.keywords if k.arg == option]
    values: list[Place] = [here.at(v) for v in written]
    for spread in [k.value for k in call.keywords if k.arg is None] if not written else []:
        displays = flow.makers(here.at(spread))
        if not displays or any(not isinstance(d.node, ast.Dict) for d in displays):
            return []
        for display in displays:
            assert isinstance(display.node, ast.Dict)
            if None in display.node.keys:
                return []
            values += [
                display.at(v)
                for k, v in zip(display.node.keys, display.node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == option
            ]
    made = flow.one_maker(values[0]) if len(values) == 1 else None
    if made is None or not (isinstance(made.node, ast.Constant) and made.node.value is True):
        return []
    project.adopt(made)
    why = (
        f"`{option}=True` is set here for {api}, of a function whose output is real: a real "
        "output is never holomorphic, so drop the option"
    )
    return [_culprit(project, made.model, made.node, CulpritKind.TRANSFORM_OPTION, api, why)]


def _choice_culprits(project: _Project, frames: Sequence[Span]) -> list[Culprit]:
    """The constant key a registry is read with where it picks what failed: the function a
    differentiating transform on the innermost line received (``grad(OBJECTIVES[name])``,
    through names assigned once), else the function the innermost line calls
    (``SQRT_METHODS[cfg.sqrt_method](a)``), the error raised inside it."""
    if not frames:
        return []
    model = project.model(frames[0].path)
    if model is None:
        return []
    path = project.path(model)
    flow = Flow(culprit_state.Code(project.files), frames)
    picked: list[Place] = []
    applied = _applied_on_line(project, frames)
    if applied is not None and applied[1].args:
        picked.append(applied[0].at(applied[1].args[0]))
    else:
        picked += [
            Place(path, model, call.func, scope)
            for call, scope in model.calls
            if _on_line(call, frames[0].line) and isinstance(call.func, ast.Subscript)
        ]
    lookups = [found for p in picked if (found := _registry_lookup(p, flow)) is not None]
    if len(lookups) != 1:
        return []
    registry, key = lookups[0]
    held = flow.code.resolve(registry)
    made = flow.one_maker(flow.argument_given(key))
    # Alternatives: a dict display of several entries, or one a registering decorator fills.
    several = isinstance(held.node, ast.Dict) and len(held.node.keys) > 1
    if (
        made is None
        or not isinstance(made.node, ast.Constant)
        or not isinstance(made.node.value, str)
        or len(flow.makers(registry) or []) != 1
        or not (several or _registered_many(held))
    ):
        return []
    project.adopt(made)
    name = ast.unparse(registry.node)
    why = (
        f"`{made.node.value!r}` chooses the entry of `{name}` that fails here: the other "
        f"entries of `{name}` are the alternatives to choose"
    )
    return [_culprit(project, made.model, made.node, CulpritKind.TRANSFORM_CHOICE, name, why)]


def _registry_lookup(place: Place, flow: Flow) -> tuple[Place, Place] | None:
    """``REGISTRY[key]`` that ``place`` is, or holds (names followed a few steps: a plain
    assignment, what the calls of a function pass for its parameter, the call a lambda's
    body makes, whose value the lambda returns): the registry and the key."""
    for _ in range(_LOOKUP_STEPS):
        node = place.node
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Constant):
            return place.at(node.value), place.at(node.slice)
        if isinstance(node, ast.Lambda) and isinstance(node.body, ast.Call):
            function = place.model.functions.get(node)
            if function is None:
                return None
            place = Place(place.path, place.model, node.body.func, function.scope)
            continue
        if not isinstance(node, ast.Name):
            return None
        bindings = place.scope.lookup_all(node.id)
        binding = bindings[0] if len(bindings) == 1 else None
        if binding is not None and binding.kind == "assign" and binding.value is not None:
            place = Place(place.path, place.model, binding.value, binding.scope)
            continue
        given = flow.passed(place)
        if given is None:
            return None
        place = given
    return None


_LOOKUP_STEPS = 6


def _registered_many(held: Place) -> bool:
    """An empty dict display its module fills by ``REGISTRY[name] = fn`` (a registering
    decorator's): with several ``register(...)`` uses, there are alternatives."""
    if not isinstance(held.node, ast.Dict) or held.node.keys:
        return False
    decorated = [
        d
        for f in held.model.functions.values()
        for d in getattr(f.node, "decorator_list", [])
        if isinstance(d, ast.Call)
    ]
    return len(decorated) > 1


def _applied_on_line(
    project: _Project, frames: Sequence[Span]
) -> tuple[Place, ast.Call, str] | None:
    """The one differentiating transform the innermost traceback line applies: its call
    written there (``jax.grad(f, **kw)(x)``), or held by a name the line calls, through
    ``jax.jit`` (``grad_fn = jax.jit(jax.grad(f, **kw))``). The project model keeps no
    transform whose keywords are unpacked, so the line is read here."""
    if not frames:
        return None
    model = project.model(frames[0].path)
    if model is None:
        return None
    path = project.path(model)
    found: list[tuple[Place, ast.Call, str]] = []
    for call, scope in model.calls:
        if not _on_line(call, frames[0].line):
            continue
        value: ast.expr | None = call.func
        where = scope
        if isinstance(value, ast.Name):
            binding = scope.lookup(value.id)
            ok = binding is not None and binding.kind == "assign"
            value = binding.value if ok and binding is not None else None
            where = binding.scope if ok and binding is not None else scope
        while isinstance(value, ast.Call) and model.qualified_name(value.func, where) == "jax.jit":
            value = value.args[0] if value.args else None
        api = model.qualified_name(value.func, where) if isinstance(value, ast.Call) else None
        if isinstance(value, ast.Call) and api in DIFFERENTIATING:
            found.append((Place(path, model, value, where), value, api.rsplit(".", 1)[-1]))
    return found[0] if len(found) == 1 else None


# -- the argnums that select a Ref ------------------------------------------------------------


def declares_ref(function: Function, index: int) -> bool:
    """Whether a parameter is declared to receive a Ref: named ``..._ref`` / ``ref``,
    annotated ``Ref``, or written through (``state[...] = ...``) by its function."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return False
    arg = [*node.args.posonlyargs, *node.args.args][index]
    if arg.arg == "ref" or arg.arg.endswith("_ref"):
        return True
    if arg.annotation is not None and last_name(arg.annotation) == "Ref":
        return True
    return any(
        isinstance(target, ast.Subscript)
        and isinstance(target.value, ast.Name)
        and target.value.id == arg.arg
        for statement in ast.walk(node)
        if isinstance(statement, ast.Assign | ast.AugAssign)
        for target in (
            statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        )
    )


def _ref_selected_culprits(project: _Project, frames: Sequence[Span]) -> list[Culprit]:
    """The ``argnums`` (or, where none is given, the grad call whose default 0 applies) that
    selects the one parameter of the differentiated function declared to take a Ref, which
    grad cannot differentiate: it is plumbing, to be left out of ``argnums``."""
    application = _only(_applications(project, frames, _APPLIED, mapped=True))
    if application is None or application.transform.api not in ("jax.grad", "jax.value_and_grad"):
        return []
    received = _received(project, application, frames)
    if received is None:
        return []
    function = received[1].function if isinstance(received[1], Partial) else received[1]
    transform = application.transform
    model = application.defined_in
    given = transform.keywords.get("argnums")
    node: ast.AST = transform.call
    if given is None:
        argnums: tuple[int, ...] | None = (0,)
    else:
        model, value = _named_value(project, model, given, transform.scope)
        argnums, node = literal_ints(value), value
        if argnums is None:
            code = culprit_state.Code(project.files)
            place = Place(
                project.path(application.defined_in), application.defined_in, given, transform.scope
            )
            found = culprit_state.path_value(code, frames, place)
            if found is None or not isinstance(found.node, ast.expr):
                return []
            project.adopt(found)
            model, node, argnums = found.model, found.node, literal_ints(found.node)
    positional = function.positional
    if isinstance(received[1], Partial):
        bound = received[1].fixed_positional
        return _ref_handed_culprits(project, frames, application, function, argnums, bound)
    if not argnums or max(argnums) >= len(positional):
        return []
    refs = [i for i in argnums if declares_ref(function, i)]
    if not refs:
        return _ref_handed_culprits(project, frames, application, function, argnums, 0)
    if len(refs) != 1:
        return []
    name = positional[refs[0]].name
    shown = project.source(model, node) if given is not None else "0 (the default)"
    why = (
        f"`argnums` {shown} selects `{name}`, which `{function.name}` takes as a Ref: grad "
        "cannot differentiate a Ref; leave it out of argnums as plumbing."
    )
    api = transform.api.rsplit(".", 1)[-1]
    return [_culprit(project, model, node, CulpritKind.TRANSFORM_REF_SELECTED, api, why)]


def _ref_handed_culprits(
    project: _Project,
    frames: Sequence[Span],
    application: _Application,
    function: Function,
    argnums: tuple[int, ...] | None,
    bound: int,
) -> list[Culprit]:
    """Where a Ref is handed to grad in place of its value: the differentiated function reads
    a parameter argnums select as an array, and the call passes a Ref for it. The argument is
    followed through the names, parameters, ``@property`` reads and method calls that hand the
    Ref on, to the last expression that reads it before where it is stored or made (``return
    self._w`` in a ``weights`` property): its value, ``[...]``, belongs there. ``bound``: the
    leading positional arguments a partial fixed. Empty where that is the failing line itself
    or the Ref's construction, or several arguments are such Refs."""
    call = application.call
    if not argnums or application.frame != 0:
        return []
    if any(isinstance(a, ast.Starred) for a in call.args):
        return []
    code = culprit_state.Code(project.files)
    flow = Flow(code, frames)
    found: list[tuple[Place, str]] = []
    for position in argnums:
        index = position + bound
        if position >= len(call.args) or index >= len(function.positional):
            return []
        name = function.positional[index].name
        if declares_ref(function, index) or _reads_ref_value(function, name):
            return []
        at = Place(
            project.path(application.model),
            application.model,
            call.args[position],
            application.scope,
        )
        makers = flow.makers(at)
        display = _display_of_refs(flow, makers)
        if display is not None and _reads_entries_as_arrays(function, name):
            found.append((display, name))
            continue
        if not makers or not all(culprit_state.makes_ref(m) for m in makers):
            continue
        place = at
        for _ in range(_MAX_DEPTH):
            step = _handed_on(flow, place)
            if step is None:
                break
            place = step
        else:
            return []
        if place.node is at.node or any(m.node is place.node for m in makers):
            return []
        found.append((place, name))
    if len(found) != 1:
        return []
    [(place, name)] = found
    project.adopt(place)
    shown = project.source(place.model, place.node)
    why = (
        f"`{shown}` hands on the Ref itself, which grad gets for `{name}`: `{function.name}` "
        f"reads `{name}` as an array, so hand it the Ref's value (`{shown}[...]`)"
    )
    if isinstance(place.node, ast.Dict | ast.Tuple | ast.List):
        why = (
            f"`{shown[:60]}` holds the Refs themselves, which grad gets for `{name}`: "
            f"`{function.name}` reads its entries as arrays, so hold their values (`r[...]`)"
        )
    api = application.transform.api.rsplit(".", 1)[-1]
    return [
        _culprit(project, place.model, place.node, CulpritKind.TRANSFORM_REF_SELECTED, api, why)
    ]


def _display_of_refs(flow: Flow, makers: list[Place] | None) -> Place | None:
    """The one dict, tuple or list display that makes a value, where every entry is a name or
    attribute the value flow finds made by ``jax.new_ref`` (``{"w": self.w, "b": self.b}``
    returned by a ``params()`` method): a container of the Refs themselves."""
    if makers is None or len(makers) != 1:
        return None
    made = makers[0]
    node = made.node
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            return None
        entries = node.values
    elif isinstance(node, ast.Tuple | ast.List):
        entries = node.elts
    else:
        return None
    if not entries:
        return None
    for entry in entries:
        if not isinstance(entry, ast.Name | ast.Attribute):
            return None
        found = flow.makers(made.at(entry))
        if not found or not all(culprit_state.makes_ref(m) for m in found):
            return None
    return made


def _reads_entries_as_arrays(function: Function, name: str) -> bool:
    """Whether the function reads its parameter ``name`` only by constant entries used as
    arrays (``params["w"]``, never ``params["w"][...]``), at least once."""
    parents = {id(c): n for n in ast.walk(function.node) for c in ast.iter_child_nodes(n)}
    uses = [n for n in ast.walk(function.node) if isinstance(n, ast.Name) and n.id == name]
    if isinstance(function.node, ast.Lambda):
        return False
    params = {a.arg for a in [*function.node.args.posonlyargs, *function.node.args.args]}
    if name not in params or not uses:
        return False
    for use in uses:
        entry = parents.get(id(use))
        if not (
            isinstance(entry, ast.Subscript)
            and entry.value is use
            and isinstance(entry.slice, ast.Constant)
            and isinstance(entry.slice.value, str | int)
            and isinstance(entry.ctx, ast.Load)
        ):
            return False
        outer = parents.get(id(entry))
        if isinstance(outer, ast.Subscript) and outer.value is entry:
            return False
    return True


def _reads_ref_value(function: Function, name: str) -> bool:
    """Whether the function reads its parameter ``name`` as a Ref (``name[...]``)."""
    return any(
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == name
        and isinstance(node.slice, ast.Constant)
        and node.slice.value is Ellipsis
        for node in ast.walk(function.node)
    )


def _handed_on(flow: Flow, place: Place) -> Place | None:
    """One step back along a value handed on unchanged: a name to its one assignment in a
    function, a parameter to what every call passes, a ``@property`` read or a method call to
    the one value it returns. None where the expression computes or stores the value."""
    node = place.node
    if isinstance(node, ast.Name):
        bindings = place.scope.lookup_all(node.id)
        if len(bindings) != 1:
            return None
        [binding] = bindings
        if binding.kind == "param":
            return flow.passed(place)
        if (
            binding.kind == "assign"
            and isinstance(binding.node, ast.Assign)
            and binding.value is not None
            and binding.scope.node is not place.model.tree
        ):
            return Place(place.path, place.model, binding.value, binding.scope)
        return None
    if isinstance(node, ast.Attribute):
        returned = flow.property_value(place)
    elif isinstance(node, ast.Call) and not node.args and not node.keywords:
        callees = flow.callees(place.at(node.func))
        returned = None
        if len(callees) == 1:
            values = [r.value for r in callees[0].function.returns]
            if len(values) == 1 and values[0] is not None:
                at = callees[0].place
                returned = Place(at.path, at.model, values[0], callees[0].function.scope)
    else:
        return None
    return returned


def _factory_call(
    project: _Project, model: ModuleModel, name: ast.expr, scope: Scope, keywords: bool = False
) -> tuple[Function, int, Place, ast.Call] | None:
    """The one call in the project of the factory whose parameter ``name`` is (a factory not
    on the traceback: ``make_update(huber_loss, optimizer)`` before the loop that fails).
    With ``keywords``, a keyword-only parameter (``*, has_aux=False``) counts too: its index
    follows the positional ones."""
    if not isinstance(name, ast.Name):
        return None
    binding = scope.lookup(name.id)
    factory = model.functions.get(binding.node) if binding and binding.kind == "param" else None
    if factory is None or isinstance(factory.node, ast.Lambda):
        return None
    names = [p.name for p in factory.positional]
    if keywords:
        names += [arg.arg for arg in factory.node.args.kwonlyargs]
    if name.id not in names:
        return None
    flow = culprit_state.flow_of(culprit_state.Code(project.files), [])
    calls = list(flow.project_calls_of(factory.node, factory))
    if len(calls) > 1:
        calls = _made_what_ran(project, factory, calls)
    if len(calls) != 1:
        return None
    return factory, names.index(name.id), calls[0][0], calls[0][1]


def _made_what_ran(
    project: _Project, factory: Function, calls: list[tuple[Place, ast.Call]]
) -> list[tuple[Place, ast.Call]]:
    """Of a factory's calls, the one that made the function the traceback ran: a frame in a
    function defined inside the factory (the closure it returns) is entered from a line one
    frame up whose call is of a name bound once, to that factory call (``step =
    build_step(objective, 0.1)`` then ``step(p, data)``). Empty where the frames show no such
    call, or several."""
    code = culprit_state.Code(project.files)

    def at(node: ast.AST) -> tuple[int, int]:
        return (node.lineno, node.col_offset)  # type: ignore[attr-defined]

    chosen: list[tuple[Place, ast.Call]] = []
    for inner, outer in zip(project.frames, project.frames[1:], strict=False):
        model = project.model(inner.path)
        ran = _innermost_function(model, inner.line) if model is not None else None
        if ran is None or ran.node is factory.node or not _holds(factory.node, ran.node):
            continue
        for site in code.frames_calls([outer]):
            assert isinstance(site.node, ast.Call)
            func = site.node.func
            binding = site.scope.lookup(func.id) if isinstance(func, ast.Name) else None
            if binding is None or binding.kind != "assign" or binding.value is None:
                continue
            chosen += [
                (where, call)
                for where, call in calls
                if where.path == site.path and at(call) == at(binding.value)
            ]
    return list({id(call): (where, call) for where, call in chosen}.values())


def _innermost_function(model: ModuleModel, line: int) -> Function | None:
    """The innermost function whose body holds the line."""
    found = [
        f
        for f in model.functions.values()
        if f.node.lineno < line <= (f.node.end_lineno or f.node.lineno)
    ]
    return max(found, key=lambda f: f.node.lineno, default=None)


def _holds(outer: ast.AST, inner: ast.AST) -> bool:
    return any(n is inner for n in ast.walk(outer))


def _factory_argument(
    project: _Project, model: ModuleModel, given: ast.expr, scope: Scope
) -> tuple[ModuleModel, Function | Partial] | None:
    """The function a factory's one call in the project passes for the parameter given to
    the transform."""
    found = _factory_call(project, model, given, scope)
    if found is None:
        return None
    factory, index, where, call = found
    passed = culprit_state.argument_at(call, factory, index)
    if passed is None:
        return None
    project.adopt(where)
    return where.model.locate_function(passed, where.scope, project.importer(where.model))


def _flag_set_elsewhere(
    project: _Project, application: _Application, keyword: str, flow: Flow | None
) -> Place | None:
    """Where the value flow finds a transform's boolean flag set, when not at the transform:
    ``has_aux=cfg.with_aux`` reads a settings field's default ``with_aux: bool = False``, the
    argument its construction passes, a module constant, a dict entry read with a constant
    key. None where the flow is in doubt or the value is no boolean constant."""
    value = application.transform.keywords.get(keyword)
    if value is None or isinstance(value, ast.Constant) or flow is None:
        return None
    home = application.defined_in
    made = flow.one_maker(Place(project.path(home), home, value, application.transform.scope))
    if made is None or made.node is value:
        return None
    if not (isinstance(made.node, ast.Constant) and isinstance(made.node.value, bool)):
        return None
    project.adopt(made)
    return made


def _defaulting(made: Place) -> list[Function]:
    """The functions of the module whose parameter defaults to the expression."""
    out = []
    for function in made.model.functions.values():
        node = function.node
        if any(d is made.node for d in [*node.args.defaults, *node.args.kw_defaults]):
            out.append(function)
    return out


def _flag_given_by(
    project: _Project, application: _Application, keyword: str
) -> tuple[ModuleModel, ast.Call] | None:
    """The one call of the factory whose parameter a transform's flag is
    (``jax.grad(loss_fn, has_aux=has_aux)`` in ``make_update``), where the flag's value is
    chosen: it passes a constant, or leaves the parameter's constant default."""
    transform = application.transform
    value = transform.keywords.get(keyword)
    if value is None:
        return None
    found = _factory_call(project, application.defined_in, value, transform.scope, True)
    if found is None:
        return None
    factory, index, where, call = found
    node = factory.node
    assert not isinstance(node, ast.Lambda)
    positional = [*node.args.posonlyargs, *node.args.args]
    default: ast.expr | None
    if index < len(positional):
        given = culprit_state.argument_at(call, factory, index)
        first_default = len(positional) - len(node.args.defaults)
        default = node.args.defaults[index - first_default] if index >= first_default else None
    else:  # keyword-only: ``def make_update(loss, *, has_aux=False)``
        if any(k.arg is None for k in call.keywords):
            return None
        name = node.args.kwonlyargs[index - len(positional)].arg
        given = next((k.value for k in call.keywords if k.arg == name), None)
        default = node.args.kw_defaults[index - len(positional)]
    chosen = given if given is not None else default
    if not (isinstance(chosen, ast.Constant) and isinstance(chosen.value, bool)):
        return None
    project.adopt(where)
    return where.model, call

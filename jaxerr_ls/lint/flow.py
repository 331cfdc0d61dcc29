"""The culprit finder's value flow (``culprit_flow``) as lint enters it, before any run: over
the linted module and the project modules lint may read, from the call that applies a
transform, with the lines a traceback of that call would show (the one call site of each
enclosing function) standing in for the traceback.

- Ranks (``culprit_ranks``) of what a differentiated function returns: ``jax.grad(loss)(w,
  x)`` with ``x = jnp.ones((32, 3))`` and ``loss`` returning ``jnp.mean(..., axis=0)`` of
  ``x @ w`` keeps an axis whatever the sizes, so the run raises.
- What makes an argument: ``store.gain`` given to ``jax.grad`` is the ``jax.new_ref(...)`` the
  store's class assigns to it, for the store the one caller passes.

A fact is used only where the flow is certain of it (every name followed to what makes it,
every parameter to what the call passes); anything else stays silent.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from jaxerr_ls.lint.imports import ProjectModules
from jaxerr_ls.project import Binding, Function, ModuleModel, Partial, Scope
from jaxerr_ls.spans import Span, ast_span

if TYPE_CHECKING:
    from jaxerr_ls.culprit_flow import Flow
    from jaxerr_ls.culprit_state import Code

T = TypeVar("T")


class LintFiles:
    """The part of ``ProjectFiles`` the value flow uses (``culprit_state.Code``), for lint: the
    linted module's text and model as lint has them, the project's other modules through
    ``ProjectModules`` (its reader: regular files inside the linted folders), looked for beside
    the linted module and at the root."""

    def __init__(
        self, path: Path, text: str, model: ModuleModel, modules: ProjectModules | None
    ) -> None:
        # Absolute: the flow finds a module by the path's tail (``.../renewal/model.py``).
        self.path = path.absolute()
        self.source = text
        self.model = model
        self.modules = modules
        self.bases = [self.path.parent]
        if modules is not None and modules.root is not None:
            root = modules.root.absolute()
            if root != self.path.parent:
                self.bases.append(root)
        self._memos: dict[tuple[str, Path], object] = {}
        self._lines: dict[Path, list[str] | None] = {}
        self._texts: dict[Path, str | None] = {}
        self._sites: dict[str, list[ast.Call]] = {}
        self._scopes: dict[int, Scope] = {}
        self._code: Code | None = None

    @property
    def code(self) -> Code:
        """The project's code as the value flow reads it, made once."""
        if self._code is None:
            from jaxerr_ls.culprit_state import Code

            self._code = Code(self)  # type: ignore[arg-type]  # what Code reads is here
        return self._code

    def flows(self, call: ast.Call) -> list[Flow]:
        """The value flows entered at ``call`` of the linted module, one for each traceback of
        that call the project allows (``call_chains``), reading names on a loop's first
        iteration. A fact holds where it holds in every one of them."""
        from jaxerr_ls.culprit_flow import Flow

        return [Flow(self.code, chain, first_iteration=True) for chain in call_chains(self, call)]

    def call_sites(self, name: str, binding: Binding) -> list[ast.Call]:
        """The calls of the linted module whose callee is the name ``name`` bound by
        ``binding`` (an index of the module's calls, made once)."""
        self._index()
        return [c for c in self._sites.get(name, []) if self._scopes[id(c)].lookup(name) is binding]

    def scope_of(self, call: ast.Call) -> Scope | None:
        """The scope a call of the linted module is read in."""
        self._index()
        return self._scopes.get(id(call))

    def _index(self) -> None:
        if self._scopes:
            return
        for call, where in self.model.calls:
            self._scopes[id(call)] = where
            if isinstance(call.func, ast.Name):
                self._sites.setdefault(call.func.id, []).append(call)

    def text(self, path: Path) -> str | None:
        if path == self.path:
            return self.source
        if self.modules is None:
            return None
        # Each file is read once per lint of the module: the flow asks for a module's text at
        # every name it resolves through an import.
        if path not in self._texts:
            self._texts[path] = self.modules.read(path)
        return self._texts[path]

    def lines(self, path: Path) -> list[str] | None:
        if path not in self._lines:
            text = self.text(path)
            self._lines[path] = text.splitlines() if text is not None else None
        return self._lines[path]

    def resolve(self, printed: str) -> Path | None:
        for base in self.bases:
            candidate = base / printed
            if candidate == self.path or self.text(candidate) is not None:
                return candidate
        return None

    def memo(self, kind: str, path: Path, compute: Callable[[Path], T]) -> T:
        if kind == "model" and path == self.path:
            return self.model  # type: ignore[return-value]  # the model lint already built
        if kind == "model" and self.modules is not None:
            # The models lint's imports use: each project module is parsed once.
            text = self.text(path)
            return None if text is None else self.modules.model_of(path, text)  # type: ignore[return-value]
        key = (kind, path)
        if key not in self._memos:
            self._memos[key] = compute(path)
        return self._memos[key]  # type: ignore[return-value]

    def files_containing(self, needle: str) -> list[Path]:
        return []


@dataclass(frozen=True)
class RankedReturn:
    """A return of the differentiated function whose value surely has ``rank`` axes (None:
    at least one, how many not known)."""

    path: Path
    lines: list[str]
    function: Function
    value: ast.expr
    rank: int | None


# How many callers up from the applying call the chain of single call sites is followed.
_MAX_CALLERS = 6


# How many tracebacks of one call are followed (a function called from a script and from its
# test gives two): past that, a caller's parameters are left unknown.
_MAX_CHAINS = 4


def call_chains(files: LintFiles, applied: ast.Call) -> list[list[Span]]:
    """The lines the tracebacks of the applying call would show, as far as the project decides
    them: from ``applied`` up through the call sites of each enclosing function
    (``train_step(params, batch)`` in ``main``; for a function at a module's top level, its
    calls in the project's other modules too; for a method, the calls of its name on an
    object in its module), outermost first; one chain per way up, at
    most ``_MAX_CHAINS``. The value flow reads a parameter as what the call on such a line
    passes, as it does on a real traceback."""
    first = [ast_span(files.path, applied, files.lines(files.path) or [])]
    todo = [(files.path, files.model, files.scope_of(applied), first)]
    done: list[list[Span]] = []
    while todo:
        path, model, scope, chain = todo.pop(0)
        sites = _callers(files, path, model, scope) if len(chain) <= _MAX_CALLERS else []
        if not sites or len(done) + len(todo) + len(sites) > _MAX_CHAINS:
            done.append(chain)
            continue
        for where, module, call, inside in sites:
            todo.append(
                (where, module, inside, [ast_span(where, call, files.lines(where) or []), *chain])
            )
    return done


def _callers(
    files: LintFiles, path: Path, model: ModuleModel, scope: Scope | None
) -> list[tuple[Path, ModuleModel, ast.Call, Scope]]:
    """The calls of the function whose body is ``scope`` (none for a lambda or a name bound
    again), with the module each is in and the scope it is read in."""
    if scope is None or scope is model.module_scope:
        return []
    function = model.functions.get(scope.node)
    if function is None or isinstance(function.node, ast.Lambda):
        return []
    if function.owner is not None:
        # A method: the calls of its name on an instance (``inverter.step(t0, obs)``) in the
        # same module; the flow keeps those whose receiver is an instance of its class.
        return [
            (path, model, call, where)
            for call, where in model.calls_named(function.name)
            if isinstance(call.func, ast.Attribute)
            and not (
                isinstance(call.func.value, ast.Name) and call.func.value.id in ("self", "cls")
            )
        ]
    outer = function.scope.parent or model.module_scope
    binding = outer.lookup(function.name)
    if binding is None or binding.node is not function.node:
        return []
    sites = [
        (path, model, call, where)
        for call, where in _sites(files, path, model, function.name, binding)
    ]
    if outer is model.module_scope and files.modules is not None:
        sites += files.modules.callers(path, function.name)
    return sites


def _sites(
    files: LintFiles, path: Path, model: ModuleModel, name: str, binding: Binding
) -> list[tuple[ast.Call, Scope]]:
    """The calls of the module at ``path`` whose callee is the name ``name`` bound by
    ``binding``, with the scope each is read in."""
    if path == files.path:
        return [
            (c, files.scope_of(c) or model.module_scope) for c in files.call_sites(name, binding)
        ]
    return [
        (call, scope)
        for call, scope in model.calls_named(name)
        if isinstance(call.func, ast.Name) and scope.lookup(name) is binding
    ]


def returned_ranks(
    files: LintFiles, given: ast.expr, scope: Scope, applied: ast.Call
) -> list[RankedReturn] | None:
    """The rank of every value the function ``given`` (a transform's first argument, read in
    ``scope`` of the linted module) returns when ``applied`` calls it, on the first iteration
    of any loop around the call, where every one of them surely has an axis, whichever way
    the call is reached; None where the function or any rank is not certain, or a value may
    be a scalar."""
    found = None
    for flow in files.flows(applied):
        returns = _returned_ranks(files, flow, given, scope, applied)
        if not returns or any(r.rank is not None and r.rank < 1 for r in returns):
            return None
        found = found or returns
    return found


def _returned_ranks(
    files: LintFiles, flow: Flow, given: ast.expr, scope: Scope, applied: ast.Call
) -> list[RankedReturn] | None:
    from jaxerr_ls.culprit_ranks import Ranks
    from jaxerr_ls.culprit_state import Place

    here = files.path
    callees = flow.callees(Place(here, files.model, given, scope))
    if len(callees) != 1:
        return None
    callee = callees[0]
    function = callee.function
    if isinstance(function, Partial) or function.is_generator or function.falls_off_end:
        return None
    if not function.returns or any(r.value is None for r in function.returns):
        return None
    flow.enter(callee, Place(here, files.model, applied, scope))
    ranks = Ranks(flow)
    place = callee.place
    lines = files.lines(place.path) or []
    out = []
    for value in function.return_values:
        assert value is not None
        at = Place(place.path, place.model, value, function.scope)
        rank = ranks.of(at)
        if rank is None and not ranks.has_axes(at):
            return None
        out.append(RankedReturn(place.path, lines, function, value, rank))
    return out


def made_by(
    files: LintFiles, expr: ast.expr, scope: Scope, applied: ast.Call
) -> tuple[Path, ast.Call, list[str]] | None:
    """The one call that makes the value of ``expr``, an argument of ``applied`` in the linted
    module (through names, attributes of instances, parameters to what the callers pass),
    with the file it is in and that file's lines; None where the flow is not certain."""
    from jaxerr_ls.culprit_state import Place

    makers = [
        f.one_maker(Place(files.path, files.model, expr, scope)) for f in files.flows(applied)
    ]
    maker = makers[0]
    if maker is None or not isinstance(maker.node, ast.Call):
        return None
    if any(other is None or other.node is not maker.node for other in makers):
        return None  # made elsewhere when the call is reached another way
    if maker.model.qualified_name(maker.node.func, maker.scope) is None:
        return None
    return maker.path, maker.node, files.lines(maker.path) or []


def callee_of(
    files: LintFiles, expr: ast.expr, scope: Scope, call: ast.Call
) -> tuple[ModuleModel, Function, Path, list[str]] | None:
    """The one project function ``expr`` (read in ``scope`` of the linted module, in the
    call ``call``) is, through the value flow: a method of the instance a caller passes for
    a parameter, say. With the model, path and lines of its module."""
    from jaxerr_ls.culprit_state import Place

    found = [f.callees(Place(files.path, files.model, expr, scope)) for f in files.flows(call)]
    callees = found[0]
    if len(callees) != 1 or callees[0].partial is not None:
        return None
    if any(len(c) != 1 or c[0].function is not callees[0].function for c in found):
        return None  # another function when the call is reached another way
    place, function = callees[0].place, callees[0].function
    if not place.model.keeps_outputs(function):
        return None  # ``@jax.custom_gradient``: the name returns something else than its body
    return place.model, function, place.path, files.lines(place.path) or []

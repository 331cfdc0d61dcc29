"""Value flow across the project's modules: where the value an expression evaluates to is made.

One mechanism for every culprit that lies elsewhere than the failing line: from an expression
at a site (the function a transform received, an argument passed to it, a value returned), the
expressions that make its value, found by following names through their assignments (plain,
annotated, augmented, tuple-unpacking), imports of project modules, parameters (to the argument
a call on the traceback's lines passes), attributes (``self.x = ...`` in the class and its bases
in other modules, class attributes, dataclass / NamedTuple fields and their defaults, keywords
of a ``SimpleNamespace``), calls of
project functions and methods (``__call__`` too, ``functools.partial``, lambdas, factories) to
their ``return`` values, and entries of dict / tuple displays. A maker is where the flow stops:
an expression that computes the value rather than passing it on. ``None`` means the flow is in
doubt (a loop variable, a name bound in ways not followed): callers then stay silent.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Final, TypeVar

from jaxerr_ls import culprit_state
from jaxerr_ls.astindex import nodes_of
from jaxerr_ls.culprit_state import Code, Place
from jaxerr_ls.library import Sampler, library
from jaxerr_ls.project import (
    TRANSPARENT,
    Binding,
    Function,
    ModuleModel,
    Scope,
    class_fields,
    last_name,
)
from jaxerr_ls.spans import Span

# How deep names, calls and attributes are followed: real code needs few steps, and a bound
# keeps recursive programs finite.
_MAX_DEPTH = 10
T = TypeVar("T")
# How many steps one flow takes at most: unions (several bindings, a registry's functions)
# multiply the paths, and a culprit is not worth an editor's wait.
_MAX_STEPS = 4000
# How many ways of spreading a call's ``*args`` / ``**kwargs`` are followed (one per call of a
# wrapper that hands them on, for each wrapper on the way).
_MAX_WAYS = 8
# Decorators and wrappers that keep a function's arguments and outputs.
_KEEPING = frozenset({"functools.partial", "jax.jit", "functools.wraps", "jax.checkpoint"})
# Transforms whose result calls the function they are given with the arguments it gets, in the
# same positions (what it returns differs: a gradient, a batch).
_FORWARDING = frozenset(
    {
        "jax.jit",
        "jax.grad",
        "jax.value_and_grad",
        "jax.vmap",
        "jax.pmap",
        "jax.checkpoint",
        "jax.remat",
        "jax.named_call",
        "jax.jacfwd",
        "jax.jacrev",
        "jax.jacobian",
        "jax.hessian",
        "functools.wraps",
    }
)


# Transforms among ``_FORWARDING`` that pass the function a slice of each argument.
_MAPPING = frozenset({"jax.vmap", "jax.pmap"})
# The loops JAX runs a body in: (the body's position, its carry parameter, the initial
# value's position) for each function the call is given.
_LOOPS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "jax.lax.scan": ((0, 0, 1),),
    "jax.lax.fori_loop": ((2, 1, 3),),
    "jax.lax.while_loop": ((0, 0, 2), (1, 0, 2)),
}


@dataclass(frozen=True, slots=True)
class Callee:
    """A project function a call reaches, where it is defined, and how many of its leading
    positional parameters the call does not pass (``self`` of a bound method, the arguments a
    ``functools.partial`` fixed)."""

    place: Place  # the ``def`` / ``lambda`` node
    function: Function
    skip: int = 0
    # ``functools.partial(f, ...)``: the call that fixed some of its arguments.
    partial: Place | None = None
    # ``obj.method``: the instance it is bound to (``obj``).
    receiver: Place | None = None
    # Run by ``jax.vmap(f)(xs)``: each parameter gets a slice of what the call passes.
    mapped: bool = False
    # The ``jax.vmap(f, in_axes=..)`` call that maps it, where the flow read it.
    mapping: Place | None = None

    def slices(self, name: str) -> bool | None:
        """Whether the parameter ``name`` gets a slice of what a call passes (``in_axes``
        maps it), False where ``in_axes`` leaves it whole (``None``); None in doubt."""
        if not self.mapped:
            return False
        call = self.mapping.node if self.mapping is not None else None
        if not isinstance(call, ast.Call):
            return None
        names = [p.name for p in self.function.positional][self.skip :]
        if name not in names:
            return None
        axes = mapped_axes(call, "in_axes", 1)
        if isinstance(axes, ast.Tuple | ast.List):
            index = names.index(name)
            if index >= len(axes.elts):
                return None
            axes = axes.elts[index]
        return _axis_given(axes)

    def fixed(self, name: str) -> Place | None:
        """What the partial fixed for the parameter ``name``."""
        call = self.partial.node if self.partial is not None else None
        if self.partial is None or not isinstance(call, ast.Call):
            return None
        names = [p.name for p in self.function.positional]
        given = argument(ast.Call(call.func, call.args[1:], call.keywords), names, name)
        return None if given is None else self.partial.at(given)


class Flow:
    """Follows values through the project (see the module's docstring)."""

    def __init__(
        self, code: Code, frames: Sequence[Span] = (), first_iteration: bool = False
    ) -> None:
        self.code = code
        self.frames = frames
        # Read a name inside a loop as the loop's first iteration does: without the rebindings
        # later in its body (``x = x - lr * g`` after the failing ``grad(f)(x)``). Only for a
        # caller that checks the value so found is itself at fault (its dtype, say): a value
        # that goes wrong on a later iteration is made by the rebinding.
        self.first_iteration = first_iteration
        # The calls being followed into their callees, innermost last: a parameter of one of
        # those functions holds what that call passed.
        self._calls: list[tuple[Callee, Place]] = []
        # Every call each function was entered through: a value made in a callee and read
        # after the flow left it (a dict display's entry) reads its parameters from that call.
        self._entered: dict[int, list[tuple[Callee, Place]]] = {}
        # The instance ``self`` is in a method the flow read an attribute's assignment in:
        # ``self.f = jax.grad(self.loss)`` in a base class's ``__init__``, read through an
        # instance of a subclass, differentiates the subclass's ``loss``.
        self._self_of: dict[int, tuple[Place, Place | None]] = {}
        self._steps = 0
        # Stop where ``jax.vmap`` slices a value (a parameter of a mapped function is its own
        # maker, see ``sliced``): for readers of shapes, which a slice changes. Readers of
        # what a slice keeps (its dtype, a Ref) follow through to what the call passes.
        self.slices = False
        # The keys each dict comprehension over ``d.items()`` had an entry read by (by the
        # comprehension's id): its value variable holds ``d``'s entry of that key where it
        # was only one (``grads["w"]`` of ``{k: zeros(v) for k, v in SHAPES.items()}``).
        self._keys_read: dict[int, set[object]] = {}
        # The functions whose parameters' arguments are being resolved: a call that runs one
        # again (recursion, a callable handed round) is not followed a second time.
        self._resolving: set[int] = set()

    # -- values --------------------------------------------------------------------------------

    def makers(self, place: Place, depth: int = 0) -> list[Place] | None:
        """The expressions that make ``place``'s value (each once), or None when in doubt."""
        self._steps += 1
        if depth > _MAX_DEPTH or self._steps > _MAX_STEPS:
            return None
        node = place.node
        if isinstance(node, ast.Name):
            return self._name_makers(place, node, depth)
        if isinstance(node, ast.Attribute):
            resolved = self.code.resolve(place)
            if resolved.node is not node:
                return self.makers(resolved, depth + 1)
            return self._attribute_makers(place, node, depth)
        if isinstance(node, ast.Call):
            return self._call_makers(place, node, depth)
        if isinstance(node, ast.Subscript):
            return self._entry_makers(place, node, depth)
        if isinstance(node, ast.NamedExpr):
            return self.makers(place.at(node.value), depth + 1)
        if isinstance(node, ast.IfExp):
            return self._conditional_makers(place, node, depth)
        if isinstance(node, ast.BoolOp):
            return self._deciding_makers(place, node, depth)
        return [place]

    def element(self, place: Place) -> Place | None:
        """The one expression that makes every item of a sequence: the element of the list
        comprehension or generator its one maker is, through ``tuple(..)`` / ``list(..)`` of
        it (``self.buffers = tuple(buffers)`` with ``buffers`` the comprehension a
        classmethod's ``cls([...])`` passes), ``reversed(..)`` or a slice of it, or the one
        item a list made empty is filled with by ``append`` (``_appended``). None where the
        flow is not certain."""
        made = self.one_maker(place)
        for _ in range(_MAX_DEPTH):
            node = made.node if made is not None else None
            if isinstance(node, ast.ListComp | ast.GeneratorExp) and made is not None:
                return made.at(node.elt)
            if isinstance(node, ast.List) and not node.elts and made is not None:
                # ``grads = []`` filled by one ``grads.append(item)`` (in a loop, say).
                appended = _appended(made, node)
                return None if appended is None else made.at(appended)
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.slice, ast.Slice)
                and made is not None
            ):
                # ``grads[::-1]``: a slice keeps the items, reordered or fewer.
                made = self.one_maker(made.at(node.value))
                continue
            if not (
                isinstance(node, ast.Call)
                and made is not None
                and isinstance(node.func, ast.Name)
                and node.func.id in ("tuple", "list", "reversed")
                and made.scope.lookup(node.func.id) is None
                and len(node.args) == 1
                and not node.keywords
            ):
                return None
            made = self.one_maker(made.at(node.args[0]))
        return None

    def _conditional_makers(self, place: Place, node: ast.IfExp, depth: int) -> list[Place] | None:
        """``a if flag else b``: the branch a test the flow evaluates to a constant takes
        (``(0, 1) if SETTINGS["joint"] else 0``), else the makers of both branches."""
        from jaxerr_ls.culprit_modes import UNKNOWN, constant  # culprit_modes imports Flow

        test = constant(self, place.at(node.test), None)
        if test is not UNKNOWN:
            return self.makers(place.at(node.body if test else node.orelse), depth + 1)
        found: list[Place] = []
        for branch in (node.body, node.orelse):
            made = self.makers(place.at(branch), depth + 1)
            if made is None:
                return None
            found += [m for m in made if all(m.node is not f.node for f in found)]
        return found

    def _deciding_makers(self, place: Place, node: ast.BoolOp, depth: int) -> list[Place] | None:
        """``a or b`` / ``a and b``: the operand whose value it is, where the flow evaluates
        the operands before it to constants (``SETTINGS.get_argnums or (0, 1)`` with the
        first None); made here otherwise."""
        from jaxerr_ls.culprit_modes import UNKNOWN, constant  # culprit_modes imports Flow

        for operand in node.values[:-1]:
            value = constant(self, place.at(operand), None)
            if value is UNKNOWN:
                return [place]
            if bool(value) != isinstance(node.op, ast.And):
                return self.makers(place.at(operand), depth + 1)
        return self.makers(place.at(node.values[-1]), depth + 1)

    def one_maker(self, place: Place) -> Place | None:
        """The one expression that makes ``place``'s value, when the flow is certain."""
        found = self.makers(place)
        return found[0] if found is not None and len(found) == 1 else None

    def binding_makers(self, place: Place, bindings: list[Binding]) -> list[Place] | None:
        """The makers of a name read at ``place`` through some of its bindings only (those
        that reach the read on a loop's first iteration, say)."""
        assert isinstance(place.node, ast.Name)
        return self._name_makers(place, place.node, 0, bindings)

    def _name_makers(
        self, place: Place, node: ast.Name, depth: int, only: list[Binding] | None = None
    ) -> list[Place] | None:
        bindings = place.scope.lookup_all(node.id) if only is None else only
        if only is None:
            bindings = reaching_bindings(place, node, bindings)
        if self.first_iteration and only is None:
            bindings = first_iteration_bindings(place, node, bindings, self.code.loops)
        if not bindings:
            return None
        out: list[Place] = []
        for binding in bindings:
            if (
                binding.kind == "param"
                and len(bindings) == 1
                and place.scope.lookup(node.id) is None
            ):
                found = self._passed_on_traceback(place, binding, depth)
                if found is None and _function_of_param(place) is not None:
                    # Rebound after the read: the calls that run it (a factory's closure).
                    found = self._parameter_makers(place, depth)
                if found is None:
                    return None
                out.extend(found)
                continue
            statement = binding.node
            if binding.kind == "assign" and binding.value is not None:
                found = self.makers(
                    Place(place.path, place.model, binding.value, binding.scope), depth + 1
                )
            elif binding.kind == "def":
                found = [
                    self.decorated(Place(place.path, place.model, statement, binding.scope), depth)
                ]
            elif binding.kind == "class":
                found = [Place(place.path, place.model, statement, binding.scope)]
            elif binding.kind == "import":
                resolved = self.code.resolve(place)
                found = None if resolved.node is node else self.makers(resolved, depth + 1)
            elif binding.kind == "param":
                found = self._parameter_makers(place, depth)
            elif isinstance(statement, ast.AugAssign):
                # ``total += part``: the value is made there, from what it held before.
                found = [Place(place.path, place.model, statement, binding.scope)]
            elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                found = self._unpacked(place, statement, node.id, binding.scope, depth)
            elif isinstance(statement, ast.comprehension | ast.For):
                # A loop's variable: the values of the dicts or the items of the displays it
                # goes over.
                found = self._dict_items(place, statement, node.id, binding.scope, depth)
                if found is None:
                    found = self._elements(place, statement, node.id, binding.scope, depth)
            else:
                found = None  # a ``with`` target, an exception
            if found is None:
                return None
            out.extend(found)
        return _unique(out)

    def _parameter_makers(self, place: Place, depth: int) -> list[Place] | None:
        function = _function_of_param(place)
        assert isinstance(place.node, ast.Name)
        if self.slices and function is not None:
            sites = self._mapping_sites(place, function, depth)
            if any(callee.slices(place.node.id) is not False for callee, _ in sites):
                return [place]  # a slice of what a call passes: made by ``jax.vmap``
        entered = [] if function is None else self._entered.get(id(function), [])
        active = [c for c in self._calls if c[0].function is function]
        if not active and len({id(call.node) for _, call in entered}) == 1:
            active = entered[:1]
        for callee, call in reversed(active):
            assert function is not None
            assert isinstance(call.node, ast.Call)
            fixed = callee.fixed(place.node.id)
            if fixed is not None:
                return self.makers(fixed, depth + 1)
            names = [p.name for p in function.positional][callee.skip :]
            return self._given_or_default(place, function, call, names, depth)
        # A method's parameter is left to ``arguments`` (which reads a loop's rebindings of
        # what the call passes, as one name resolved on its own does not).
        passed = culprit_state.passed_value(
            self.code, self.frames, place, through_jit=True, methods=False
        )
        if passed.node is place.node:
            if _is_self(place):
                return [place]
            if function is None:
                return None
            left = self._left_to_default(place, function, depth)
            if left is None:
                left = self._decorated(place, function)
            if left is None:
                left = self._carried(place, function, depth)
            if left is None:
                left = self._project_calls(place, function, depth)
            return left if left is not None else self.arguments(place, depth)
        return self.makers(passed, depth + 1)

    def _mapping_sites(
        self, place: Place, function: Function, depth: int = 0
    ) -> list[tuple[Callee, Place]]:
        """The calls that run the function of the parameter ``place``: the one being followed
        or entered, else ``call_sites``."""
        if _is_self(place) or _is_cls(place) or id(function) in self._resolving:
            return []
        active = [c for c in self._calls if c[0].function is function]
        if active:
            return active[-1:]
        entered = self._entered.get(id(function), [])
        if entered:
            return entered
        self._resolving.add(id(function))
        try:
            return self.call_sites(function, place, depth + 1)
        finally:
            self._resolving.discard(id(function))

    def batch_of(self, place: Place) -> list[Place] | None:
        """For a call of a function ``jax.vmap`` maps, whose output is a batch (``out_axes``
        an int): the makers of what the function returns, each with one axis fewer than the
        call's value; None otherwise or in doubt."""
        node = place.node
        if not isinstance(node, ast.Call):
            return None
        callees = self.runs_of(place.at(node.func))
        if not callees or not all(
            c.mapping is not None and output_batched(c.mapping) for c in callees
        ):
            return None
        found = _every(callees, lambda callee: self._returned(place, callee, 0))
        return None if found is None else _unique(found)

    def mapping_of(self, place: Place) -> Place | None:
        """The one ``jax.vmap`` call whose ``in_axes`` maps the parameter ``place`` at every
        call that runs its function (each call then gets a traced slice); None where a call
        passes it whole or is in doubt."""
        function = _function_of_param(place)
        if function is None or not isinstance(place.node, ast.Name):
            return None
        sites = self._mapping_sites(place, function)
        mappings = {id(c.mapping.node): c.mapping for c, _ in sites if c.mapping is not None}
        if len(mappings) != 1 or any(c.slices(place.node.id) is not True for c, _ in sites):
            return None
        return next(iter(mappings.values()))

    def sliced(self, place: Place) -> list[Place] | None:
        """For a parameter of a function ``jax.vmap`` maps (``in_axes`` maps it): what each
        call that runs it passes, of which it gets one slice (one axis fewer); None where it
        is not mapped or any call is in doubt."""
        function = _function_of_param(place)
        if function is None or not isinstance(place.node, ast.Name):
            return None
        name = place.node.id
        sites = self._mapping_sites(place, function)
        if not sites or any(callee.slices(name) is not True for callee, _ in sites):
            return None
        found: list[Place] = []
        for callee, call in sites:
            assert isinstance(call.node, ast.Call)
            if _unpacks(call.node):
                return None
            fixed = callee.fixed(name)
            names = [p.name for p in function.positional][callee.skip :]
            given = argument(call.node, names, name) if fixed is None else None
            if given is None:
                return None  # fixed by a partial (not mapped), or left to a default
            found.append(call.at(given))
        return found

    def _carried(self, place: Place, function: Function, depth: int) -> list[Place] | None:
        """The carry of a loop body JAX runs (``lax.scan(body, init, xs)``, ``fori_loop(lo,
        hi, body, init)``, ``while_loop(cond, body, init)``): the initial value's makers. JAX
        keeps a carry's shape and dtype from one iteration to the next, so they are the
        initial value's (the one loop that runs the body, in the body's own module)."""
        assert isinstance(place.node, ast.Name)
        names = [p.name for p in function.positional]
        if isinstance(function.node, ast.Lambda) or place.node.id not in names:
            return None
        index = names.index(place.node.id)
        found: list[Place] = []
        # The loops of the body's module, and of the traceback's (a body a factory made,
        # ``step = make_step(..)`` then ``lax.scan(step, ..)`` in another module).
        paths = [place.path, *(span.path for span in self.frames)]
        for path, model in self.code.models(paths):
            loops = _module_memo(self.code, "loop calls", path, model, _loop_calls)
            for call, scope, slots in loops:
                for body_at, carry, init_at in slots:
                    if len(call.args) <= max(body_at, init_at) or index != carry:
                        continue
                    body = Place(path, model, call.args[body_at], scope)
                    if self.code.resolve(body).node is function.node or any(
                        c.function is function for c in self.callees(body, depth + 1)
                    ):
                        found.append(Place(path, model, call.args[init_at], scope))
        if len(found) != 1:
            return None
        return self.makers(found[0], depth + 1)

    def _project_calls(self, place: Place, function: Function, depth: int) -> list[Place] | None:
        """A parameter of a plain function that the project only calls (``make_update(
        Model())``, off the traceback's lines): what that call passes, else the parameter's
        default; with several calls (a script's and its test's), what each passes where all
        are instances of one project class. None where the function is also handed on (to a
        transform, a map: called by others) or called through ``*args``."""
        assert isinstance(place.node, ast.Name)
        # A flow without the traceback follows no parameter to its callers (its caller
        # weighs those itself): it cannot tell a call off the traceback from one on it.
        if not self.frames or function.owner is not None or isinstance(function.node, ast.Lambda):
            return None
        sites = self.uses(function)
        if not sites:
            return None
        names = [p.name for p in function.positional]
        for site in sites:
            call = site.node
            assert isinstance(call, ast.Call)
            if any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None for k in call.keywords
            ):
                return None
        found = _every(
            sites, lambda site: self._given_or_default(place, function, site, names, depth)
        )
        if found is None or len(sites) == 1:
            return found
        return self._one_class(found)

    def _one_class(self, found: list[Place]) -> list[Place] | None:
        """What several calls (a script's and its test's) pass, where each passes an instance
        of one project class (whose methods then run, whichever call it was); values that
        differ otherwise leave the parameter in doubt."""
        found = _unique(found)
        if len(found) == 1:
            return found
        calls = [m for m in found if isinstance(m.node, ast.Call)]
        if len(calls) != len(found):
            return None
        classes = {
            id(self.code.resolve(m.at(m.node.func)).node)  # type: ignore[attr-defined]
            for m in calls
        }
        made = self.code.resolve(calls[0].at(calls[0].node.func))  # type: ignore[attr-defined]
        if len(classes) != 1 or not isinstance(made.node, ast.ClassDef):
            return None
        return found

    # -- parameters ----------------------------------------------------------------------------

    def arguments(
        self, place: Place, depth: int = 0, caller: Span | None = None
    ) -> list[Place] | None:
        """What the parameter ``place`` names can receive, for any callable: the makers of
        what each call that runs its function passes for it (by position past a bound
        ``self`` and a partial's fixed arguments, by keyword, else the parameter's default):
        the calls on the traceback's lines when some run it, else the project's; only the
        calls on the ``caller`` frame's line where it is given. None where no call is known
        or any one is in doubt (an unpacked ``*args``)."""
        function = _function_of_param(place)
        if function is None or _is_self(place) or _is_cls(place) or id(function) in self._resolving:
            return None
        assert isinstance(place.node, ast.Name)
        name = place.node.id
        if name not in [p.name for p in function.positional]:
            return None
        self._resolving.add(id(function))
        try:
            sites = self.call_sites(function, place, depth, caller)
            if not sites:
                return None

            def given(site: tuple[Callee, Place]) -> list[Place] | None:
                callee, call = site
                fixed = callee.fixed(name)
                if fixed is not None:
                    return self.makers(fixed, depth + 1)
                names = [p.name for p in function.positional][callee.skip :]
                assert isinstance(call.node, ast.Call)
                if _unpacks(call.node):
                    return self._spread_given(place, function, call, names, depth)
                self._entered.setdefault(id(function), []).append(site)
                return self._given_or_default(place, function, call, names, depth)

            found = _every(sites, given)
            if not found:
                return None
            on_traceback = any(
                site.path == span.path and site.node.lineno == span.line  # type: ignore[attr-defined]
                for _, site in sites
                for span in self.frames
            )
            return _unique(found) if on_traceback else self._one_class(found)
        finally:
            self._resolving.discard(id(function))

    def call_sites(
        self, function: Function, home: Place, depth: int = 0, caller: Span | None = None
    ) -> list[tuple[Callee, Place]]:
        """The calls that run ``function``, with how each reaches it: those on the
        traceback's lines, else those of the project that the flow says run it (by its name,
        a bound method of an instance the flow knows, a class's construction for
        ``__init__``, a name or attribute bound to it under a transform that keeps its
        arguments' positions, a ``functools.partial`` of it, a factory's closure); where the
        flow finds none, the call the traceback shows running it (``_frame_sites``)."""
        found = self._static_sites(function, home, depth, caller)
        return found or self._frame_sites(function, home, depth, caller)

    def shared(self, function: Function, home: Place) -> bool:
        """Whether a function serves more than one caller: the flow finds several calls that
        run it, or none (it is picked from a registry, or behind an interface the caller is
        given: the traceback's call is one of several that may run it). A plain function
        handed on or stored (``uses`` in doubt) serves whoever calls it."""
        if function.owner is None and not isinstance(function.node, ast.Lambda):
            uses = self.uses(function)
            if uses is None or len(uses) > 1:
                return True
        sites = self._static_sites(function, home)
        return len({id(site.node) for _, site in sites}) != 1

    def _frame_sites(
        self, function: Function, home: Place, depth: int = 0, caller: Span | None = None
    ) -> list[tuple[Callee, Place]]:
        """The call on the traceback's line one frame above ``function``'s frame, where no
        call the flow follows runs it (a function picked from a registry a decorator fills,
        ``ATTACKS[name](x)``; a callable handed on and called as a parameter): the traceback
        says that line ran it. The one call on that line whose callee the flow cannot tell
        (no project function, no library API, no builtin), that passes no ``*args`` /
        ``**kwargs`` and whose arguments fill the function's parameters; for a method, a call
        of an attribute of its name (``recorder.record(x)`` on an instance of a class the flow
        does not know), which binds ``self``. None (empty) for a function some
        ``functools.partial`` fixes arguments of (the call then passes fewer), or where the
        line has no such call or several."""
        if isinstance(function.node, ast.Lambda):
            return []  # its line is also its enclosing function's: whose frame is unsure
        method = function.owner is not None
        skip = 1 if (method and not _static(function)) or _classmethod(function) else 0
        for inner, outer in pairwise(self.frames):
            if inner.path != home.path or _frame_function(home.model, inner.line) is not function:
                continue
            if caller is not None and (caller.path, caller.line) != (outer.path, outer.line):
                return []
            sites = [
                site
                for site in self.code.frames_calls([outer])
                if self._unknown_callee(site, function, depth)
                and (not method or _attribute_named(site, function.name))
            ]
            if len(sites) != 1 or self._fixed_by_partial(function):
                return []
            assert isinstance(sites[0].node, ast.Call)
            if not _fills(sites[0].node, function, skip):
                return []
            outer_scope = function.scope.parent or home.model.module_scope
            place = Place(home.path, home.model, function.node, outer_scope)
            return [(Callee(place, function, skip), sites[0])]
        return []

    def _unknown_callee(self, site: Place, function: Function, depth: int) -> bool:
        """Whether a call's callee is one the flow cannot tell: not a project function it
        follows, not a library API, not a builtin, not reached through a library object
        (``trainer.fit(..)``), and not handed ``function`` itself (a call that runs it
        through a library, ``lax.scan(body, ..)``)."""
        call = site.node
        assert isinstance(call, ast.Call)
        if site.model.qualified_name(call.func, site.scope) is not None:
            return False
        root = call.func
        while isinstance(root, ast.Attribute | ast.Subscript | ast.Call):
            root = root.func if isinstance(root, ast.Call) else root.value
        if not isinstance(root, ast.Name) or not site.scope.lookup_all(root.id):
            return False  # a builtin, or a callee on a literal
        imported = any(b.kind == "import" for b in site.scope.lookup_all(root.id))
        if imported and self.code.resolve(site.at(root)).node is root:
            return False  # a library's (``jax.vmap(f)(x)``), not a project module's
        for argument_node in [*call.args, *(k.value for k in call.keywords)]:
            if self.code.resolve(site.at(argument_node)).node is function.node:
                return False
        if self.runs_of(site.at(call.func), depth + 1):
            return False
        for made in self.makers(site.at(root), depth + 1) or []:
            node = made.node
            if isinstance(node, ast.Call) and made.model.qualified_name(node.func, made.scope):
                return False  # an object a library made
            binding = made.scope.lookup(node.id) if isinstance(node, ast.Name) else None
            if binding is not None and binding.kind == "import":
                return False  # a library's object
        return True

    def _fixed_by_partial(self, function: Function) -> bool:
        """Whether some ``functools.partial(<function's name>, ..)`` of the project fixes
        arguments of a function of that name."""
        for _, model in self.code.models(self.code.files.files_containing(function.name)):
            for call, scope in model.calls:
                if (
                    call.args
                    and _last_name(call.args[0]) == function.name
                    and model.qualified_name(call.func, scope) == "functools.partial"
                ):
                    return True
        return False

    def _static_sites(
        self, function: Function, home: Place, depth: int = 0, caller: Span | None = None
    ) -> list[tuple[Callee, Place]]:
        """``call_sites`` as the flow finds them from the code."""
        found: list[tuple[Callee, Place]] = []
        for site in self.code.frames_calls(self.frames if caller is None else [caller]):
            assert isinstance(site.node, ast.Call)
            for callee in self.runs_of(site.at(site.node.func), depth + 1):
                if callee.function is function:
                    found.append((callee, site))
        if found or caller is not None:
            return found
        if not self.frames:
            return []
        init = function.name == "__init__"
        owner = function.owner
        wanted = owner.name if init and isinstance(owner, ast.ClassDef) else function.name
        # The names a call of it may be written with: its own, those the module binds to it
        # (``self.step = jax.jit(self.update)``), its class's (``m = Model()``, then
        # ``m.step(x)``), its factory's (``step = make_step(..)``), ``cls`` in a classmethod.
        seeds = {
            wanted,
            *_module_memo(
                self.code,
                f"reaching {wanted}",
                home.path,
                home.model,
                partial(_reaching, frozenset({wanted})),
            ),
        }
        if isinstance(owner, ast.ClassDef):
            seeds.add(owner.name)
        factory = function.scope.parent
        if factory is not None and isinstance(factory.node, ast.FunctionDef | ast.AsyncFunctionDef):
            seeds.add(factory.node.name)
        if init:
            seeds.add("cls")
        paths = [path for seed in sorted(seeds) for path in self.code.files.files_containing(seed)]
        modules = list(self.code.models([home.path, *paths]))
        key = frozenset(seeds)
        for path, model in modules:
            reaching = _module_memo(
                self.code, f"reaching {sorted(key)}", path, model, partial(_reaching, key)
            )
            for call, scope in model.calls:
                if _last_name(call.func) not in reaching and not _mentions(call.func, reaching):
                    continue
                site = Place(path, model, call, scope)
                for callee in self.runs_of(site.at(call.func), depth + 1):
                    if callee.function is function:
                        found.append((callee, site))
        if init:
            return found  # a class's name is read for many reasons (``isinstance``, bases)
        # Off the traceback, every read of the function's name must lead to the calls found:
        # one handed to a library, or kept under a name nothing calls, is called by others.
        callers = {_last_name(site.node.func) for _, site in found}  # type: ignore[attr-defined]
        for _, model in modules:
            if not _reads_lead_to(model, wanted, [s.node for _, s in found], callers):
                return []
        return found

    def runs_of(self, func: Place, depth: int = 0) -> list[Callee]:
        """The project functions a call of ``func`` runs with its arguments: ``callees``, and
        also through transforms that keep the arguments' positions (``jax.grad(f)(x)``,
        ``step = jax.jit(self.update)``), a class's ``__init__`` (its ``self`` not passed), and
        ``cls(...)`` in a classmethod."""
        if depth > _MAX_DEPTH:
            return []
        found = self.callees(func, depth + 1)
        if found:
            return found
        if _is_cls(func):
            function = _function_of_param(func)
            assert function is not None and function.owner is not None
            cls = Place(func.path, func.model, function.owner, func.model.module_scope)
            return self._constructor(cls)
        makers = self.makers(func, depth + 1) or []
        out: list[Callee] = []
        for made in makers:
            node = made.node
            if isinstance(node, ast.ClassDef):
                out += self._constructor(made)
            elif (
                isinstance(node, ast.Call)
                and node.args
                and (api := made.model.qualified_name(node.func, made.scope)) in _FORWARDING
            ):
                inner = self.runs_of(made.at(node.args[0]), depth + 1)
                if api in _MAPPING:
                    inner = [_mapped_by(c, made) for c in inner]
                out += inner
            else:
                return []
        return out

    def _constructor(self, cls: Place) -> list[Callee]:
        init = self.method(cls, "__init__")
        return [] if init is None else [replace(init, skip=1)]

    def _spread_given(
        self, place: Place, function: Function, call: Place, names: list[str], depth: int
    ) -> list[Place] | None:
        """``_given_or_default`` for a call that unpacks ``*xs`` / ``**kw``: the makers of what
        each way of spreading them passes for the parameter (``spread``), else its default."""
        assert isinstance(place.node, ast.Name)
        name = place.node.id
        spread = self.spread(call, depth)
        if spread is None:
            return None
        found: list[Place] = []
        for positional, keywords in spread:
            given = keywords.get(name)
            if given is None and name in names and names.index(name) < len(positional):
                given = positional[names.index(name)]
            if given is None:
                default = _default(function, name)
                if default is None:
                    return None
                outer = function.scope.parent or place.model.module_scope
                given = Place(place.path, place.model, default, outer)
            made = self.makers(given, depth + 1)
            if made is None:
                return None
            found += made
        return found

    def spread(
        self, call: Place, depth: int = 0
    ) -> list[tuple[list[Place], dict[str, Place]]] | None:
        """The positional arguments and the keywords a call passes, with what it unpacks
        spread: ``*xs`` of a tuple or list display and ``**kw`` of a dict display with
        constant keys (written there, or the one value of a name), or the ``*args`` /
        ``**kwargs`` of the function the call is in, handed on unchanged (``def w(*a, **k):
        return f(*a, **k)``): then one way for each call that runs that function, with what
        it passes past its own parameters. None where any part is in doubt."""
        node = call.node
        assert isinstance(node, ast.Call)
        if depth > _MAX_DEPTH:
            return None
        ways: list[tuple[list[Place], dict[str, Place]]] = [([], {})]
        for item in node.args:
            if not isinstance(item, ast.Starred):
                ways = [([*p, call.at(item)], k) for p, k in ways]
                continue
            parts = self._unpacked_items(call.at(item.value), "vararg", depth)
            if parts is None:
                return None
            ways = [([*p, *more], k) for p, k in ways for more, _ in parts]
        for keyword in node.keywords:
            if keyword.arg is not None:
                ways = [(p, {**k, keyword.arg: call.at(keyword.value)}) for p, k in ways]
                continue
            parts = self._unpacked_items(call.at(keyword.value), "kwarg", depth)
            if parts is None:
                return None
            ways = [(p, {**k, **more}) for p, k in ways for _, more in parts]
        return ways if len(ways) <= _MAX_WAYS else None

    def _unpacked_items(
        self, value: Place, kind: str, depth: int
    ) -> list[tuple[list[Place], dict[str, Place]]] | None:
        """What ``*value`` (``kind`` "vararg") or ``**value`` ("kwarg") spreads: the items of
        the display it is, or for the enclosing function's own ``*args`` / ``**kwargs``, what
        each call of that function passes into them."""
        forwarded = self._forwarded(value, kind, depth)
        if forwarded is not None:
            return forwarded
        made = self.makers(value, depth + 1)
        if made is None or len(made) != 1:
            return None
        display = made[0].node
        if kind == "vararg" and isinstance(display, ast.Tuple | ast.List):
            if any(isinstance(e, ast.Starred) for e in display.elts):
                return None
            return [([made[0].at(e) for e in display.elts], {})]
        if kind == "kwarg" and isinstance(display, ast.Dict):
            keys = [k.value if isinstance(k, ast.Constant) else None for k in display.keys]
            if not all(isinstance(k, str) for k in keys):
                return None
            items = zip(keys, display.values, strict=True)
            return [([], {str(k): made[0].at(v) for k, v in items})]
        return None

    def _forwarded(
        self, value: Place, kind: str, depth: int
    ) -> list[tuple[list[Place], dict[str, Place]]] | None:
        """For the ``*args`` / ``**kwargs`` parameter (``kind``) of the function a call is
        in, bound nowhere else: what each call that runs that function passes into it."""
        if not isinstance(value.node, ast.Name):
            return None
        function = _function_of_param(value)
        if function is None or len(value.scope.lookup_all(value.node.id)) != 1:
            return None
        if not any(p.kind == kind and p.name == value.node.id for p in function.params):
            return None
        if id(function) in self._resolving:
            return None
        self._resolving.add(id(function))
        try:
            sites = self.call_sites(function, value, depth + 1)
            if not sites or any(c.partial is not None for c, _ in sites):
                return None
            own = {p.name for p in function.params if p.kind in ("positional", "keyword")}
            ways: list[tuple[list[Place], dict[str, Place]]] = []
            for callee, site in sites:
                spread = self.spread(site, depth + 1)
                if spread is None:
                    return None
                taken = len(function.positional) - callee.skip
                for positional, keywords in spread:
                    if kind == "vararg":
                        ways.append((positional[taken:], {}))
                    else:
                        ways.append(([], {k: v for k, v in keywords.items() if k not in own}))
            return ways
        finally:
            self._resolving.discard(id(function))

    def _given_or_default(
        self, place: Place, function: Function, call: Place, names: list[str], depth: int
    ) -> list[Place] | None:
        """The makers of what ``call`` passes for the parameter ``place`` names (among the
        positional ``names`` it fills), else of the parameter's default."""
        assert isinstance(place.node, ast.Name) and isinstance(call.node, ast.Call)
        given = argument(call.node, names, place.node.id)
        if given is not None:
            return self.makers(call.at(given), depth + 1)
        default = _default(function, place.node.id)
        if default is None:
            return None
        outer = function.scope.parent or place.model.module_scope
        return self.makers(Place(place.path, place.model, default, outer), depth + 1)

    def uses(self, function: Function, ignoring: Sequence[ast.AST] = ()) -> list[Place] | None:
        """The calls of a plain function in the project, or None where its name is also read
        otherwise than as a call's callee (handed on, stored) or a call is not certain. Reads
        inside the ``ignoring`` nodes are left out."""
        name = function.name
        target = function.node
        skipped = {id(node) for outer in ignoring for node in ast.walk(outer)}
        sites: list[Place] = []
        for path, model in self.code.models(self.code.files.files_containing(name)):
            callees = {id(call.func): (call, scope) for call, scope in model.calls_named(name)}
            for read in ast.walk(model.tree):
                read_name = (
                    read.id
                    if isinstance(read, ast.Name)
                    else read.attr
                    if isinstance(read, ast.Attribute)
                    else None
                )
                if read_name != name or id(read) in skipped:
                    continue
                assert isinstance(read, ast.Name | ast.Attribute)
                if isinstance(read.ctx, ast.Store):
                    return None
                called = callees.get(id(read))
                if called is None:
                    return None  # handed on or stored: called elsewhere too
                call, scope = called
                if self.code.resolve(Place(path, model, call.func, scope)).node is not target:
                    return None
                sites.append(Place(path, model, call, scope))
        return sites

    def relied_on(
        self,
        function: Function,
        contract: Callable[[Function], bool] | None = None,
        relies: Callable[[Place], bool] | None = None,
        failing: Sequence[ast.AST] = (),
    ) -> bool:
        """Whether other code relies on a project function as it is, so that where one use of
        it goes wrong the use is to change, not the function. First what it declares
        (``contract``, for public functions and methods alike: a docstring that states the
        property a change would take away, three results listed for the triple it returns,
        the package's own NamedTuple it returns, a distribution's per-sample ``log_prob``);
        else its uses (``uses``): it is called at more than one place, every call
        compatible with that property (``relies``: ``float(helper(x))`` wants no vector).
        Reads inside the ``failing`` code (the rule whose output is wrong, the registration
        of the function itself as a rule) are no reliance: they are wrong the same way. A
        private helper made for its one caller is not relied on, nor a docstring that
        promises what the function fails to do ("averaged over the batch" over a vector): a
        fault is then the helper's. Rules that move a culprit into a callee ask this."""
        if isinstance(function.node, ast.Lambda):
            return False
        if contract is not None and not function.name.startswith("_") and contract(function):
            return True
        uses = self.uses(function, failing)
        if uses is None:
            return False
        # Without the failing code, one of the calls is the failing use itself.
        others = len(uses) > (0 if failing else 1)
        return others and (relies is None or all(relies(site) for site in uses))

    def _passed_on_traceback(
        self, place: Place, binding: Binding, depth: int = 0
    ) -> list[Place] | None:
        """What the one call of a plain function on the traceback's lines passes for its
        parameter (the parameter the name is on a loop's first iteration)."""
        function = place.model.functions.get(binding.node)
        if function is None or function.owner is not None:
            return None
        sites = culprit_state.traceback_call_sites(self.code, self.frames, binding.node)
        if len(sites) != 1:
            return None
        site, call = sites[0]
        given = argument(call, [p.name for p in function.positional], binding.name)
        return None if given is None else self.makers(site.at(given), depth + 1)

    def _left_to_default(
        self, place: Place, function: Function, depth: int = 0
    ) -> list[Place] | None:
        """A parameter that every call of its function on the traceback's lines leaves to
        its default (``run()`` for ``def run(cfg=CONFIG)``): the default's makers."""
        assert isinstance(place.node, ast.Name)
        name = place.node.id
        default = _default(function, name)
        calls = culprit_state.traceback_calls(self.code, self.frames, function.node)
        names = [p.name for p in function.positional]
        if not calls and function.owner is not None and default is not None:
            # ``Model(f).backward(x)``: a method called on an instance the flow knows.
            calls = self._method_calls(function)
            names = names[1:]
        if default is None or not calls:
            return None
        for call in calls:
            unpacked = any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None for k in call.keywords
            )
            if unpacked or argument(call, names, name) is not None:
                return None
        outer = function.scope.parent or place.model.module_scope
        return self.makers(Place(place.path, place.model, default, outer), depth + 1)

    def _method_calls(self, method: Function) -> list[ast.Call]:
        """The calls on the traceback's lines of ``obj.<method's name>(...)`` that the flow
        says run that method (of the class, on an instance it knows)."""
        found: list[ast.Call] = []
        for span in self.frames:
            for model, call, scope in self.code.calls_on(span):
                func = call.func
                if not isinstance(func, ast.Attribute) or func.attr != method.name:
                    continue
                callees = self.callees(Place(span.path, model, func, scope))
                if any(c.function is method for c in callees):
                    found.append(call)
        return found

    def _unpacked(
        self, place: Place, statement: ast.Assign, name: str, scope: Scope, depth: int
    ) -> list[Place] | None:
        """``a, b = make()``: the item of each tuple display the value comes from; nested
        targets (``(h, v, m), _ = rollout(..)``) item by item; ``lax.scan``'s first item, its
        final carry, has the initial carry's structure, shapes and dtypes (its makers')."""
        path = _target_path(statement.targets[0], name)
        if not path:
            return None
        values = self.makers(Place(place.path, place.model, statement.value, scope), depth + 1)
        for index, size in path:
            if values is None:
                return None
            out: list[Place] = []
            for value in values:
                found = self._item(value, index, size, depth)
                if found is None:
                    return None
                out.extend(found)
            values = out
        return values

    def _item(self, value: Place, index: int, size: int, depth: int) -> list[Place] | None:
        """The makers of item ``index`` of a value unpacked into ``size`` names."""
        items = tuple_items(value)
        if items is not None:
            return self.makers(value.at(items[index]), depth + 1) if len(items) == size else None
        node = value.node
        if (
            isinstance(node, ast.Call)
            and size == 2
            and index == 0
            and value.model.qualified_name(node.func, value.scope) == "jax.lax.scan"
        ):
            init = keyword_value(node, "init") or (node.args[1] if len(node.args) > 1 else None)
            return None if init is None else self.makers(value.at(init), depth + 1)
        return None

    def _dict_items(
        self, place: Place, loop: ast.comprehension | ast.For, name: str, scope: Scope, depth: int
    ) -> list[Place] | None:
        """``for k, v in d.items()`` / ``for v in d.values()`` in a comprehension: every value
        of the dict displays ``d`` is made by (None where ``d`` is anything else)."""
        target, source = loop.target, loop.iter
        if not isinstance(source, ast.Call) or not isinstance(source.func, ast.Attribute):
            return None
        method = source.func.attr
        if source.args or source.keywords:
            return None
        value_target: ast.expr | None = None
        if method == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            value_target = target.elts[1]
        elif method == "values":
            value_target = target
        # ``for name, (reg, strength) in spec.items()``: the item of each value's tuple.
        item: int | None = None
        if isinstance(value_target, ast.Tuple):
            names = [e.id if isinstance(e, ast.Name) else None for e in value_target.elts]
            if names.count(name) != 1:
                return None
            item = names.index(name)
        elif not (isinstance(value_target, ast.Name) and value_target.id == name):
            return None
        dicts = self.makers(Place(place.path, place.model, source.func.value, scope), depth + 1)
        held = [d.node for d in dicts or [] if isinstance(d.node, ast.Dict)]
        if not dicts or len(held) != len(dicts) or any(None in h.keys for h in held):
            return None  # not only displays, or one unpacks another mapping (``**base``)
        values = [d.at(v) for d, h in zip(dicts, held, strict=True) for v in h.values]
        read = self._keys_read.get(id(loop), set())
        if method == "items" and len(read) == 1:
            # The entry of one key read (``{k: f(v) for k, v in T.items()}["w"]``): ``v``
            # is ``T["w"]``, where every display has that constant key.
            wanted = next(iter(read))
            keyed = [
                d.at(v)
                for d, h in zip(dicts, held, strict=True)
                for k, v in zip(h.keys, h.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == wanted
            ]
            if len(keyed) == len(held):
                values = keyed
        if item is not None:
            assert isinstance(value_target, ast.Tuple)
            size = len(value_target.elts)
            tuples = _every(values, lambda value: self.makers(value, depth + 1))
            items = [(t, tuple_items(t)) for t in tuples or []]
            if tuples is None or any(i is None or len(i) != size for _, i in items):
                return None
            values = [t.at(i[item]) for t, i in items if i is not None]
        found = _every(values, lambda value: self.makers(value, depth + 1))
        return None if found is None else _unique(found)

    def _elements(
        self, place: Place, loop: ast.For | ast.comprehension, name: str, scope: Scope, depth: int
    ) -> list[Place] | None:
        """``for w in table``: the items of the list and tuple displays ``table`` is made
        by (every one the name takes), the element of a comprehension that makes it, the
        values a generator function ``yield``s; also ``for i, w in enumerate(table)``,
        ``for a, w in zip(names, table)`` and ``for a, w in pairs`` (the item of each)."""
        iterated = _iterated(loop.target, loop.iter, name, place.scope)
        if iterated is None:
            return None
        source_expr, index = iterated
        sources = self.makers(Place(place.path, place.model, source_expr, scope), depth + 1)
        if not sources:
            return None
        items: list[Place] = []
        for source in sources:
            node = source.node
            if isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp):
                items.append(source.at(node.elt))
            elif isinstance(node, ast.Call) and len(sources) == 1:
                return self._yielded(source, node, index, depth)
            else:
                found = tuple_items(source)
                if not found:
                    return None
                items += [source.at(item) for item in found]
        return _every(items, lambda item: self._item_makers(item, index, depth))

    def _item_makers(self, item: Place, index: int | None, depth: int) -> list[Place] | None:
        """The makers of an element a loop goes over, or of its ``index``-th item when the
        loop's target unpacks it (``for x, y in ...``)."""
        if index is not None:
            found = tuple_items(item)
            if found is None or index >= len(found):
                return None
            item = item.at(found[index])
        return self.makers(item, depth + 1)

    def _yielded(
        self, call: Place, node: ast.Call, index: int | None, depth: int
    ) -> list[Place] | None:
        """``for x in batches(..)``, a project generator function called: the values its
        ``yield``s give (the call entered, so its parameters read the call's arguments)."""
        callees = self.callees(call.at(node.func), depth + 1)
        if len(callees) != 1 or not callees[0].function.is_generator:
            return None
        callee = callees[0]
        values = _yields(callee.function)
        if not values:
            return None
        return self._inside(
            callee, call, values, lambda value: self._item_makers(value, index, depth)
        )

    def _call_makers(self, place: Place, node: ast.Call, depth: int) -> list[Place] | None:
        callees = self.callees(place.at(node.func), depth + 1)
        if not callees:
            return [place]  # a library call or a class: made here
        # Several functions (a registry's): each may make the value.
        found = _every(callees, lambda callee: self._returned(place, callee, depth))
        return None if found is None else _unique(found)

    def _returned(self, place: Place, callee: Callee, depth: int) -> list[Place] | None:
        function = callee.function
        if function.is_generator:
            return [place]
        values = function.return_values
        if not values or any(v is None for v in values):
            return None
        returned = [v for v in values if v is not None]
        return self._inside(callee, place, returned, lambda value: self.makers(value, depth + 1))

    def _inside(
        self,
        callee: Callee,
        call: Place,
        values: list[ast.expr],
        follow: Callable[[Place], list[Place] | None],
    ) -> list[Place] | None:
        """``follow`` each of the callee's ``values`` (its returns, its yields) with ``call``
        entered: the callee's parameters hold what the call passes."""
        at = callee.place
        self._calls.append((callee, call))
        self._entered.setdefault(id(callee.function), []).append((callee, call))
        try:
            return _every(
                [Place(at.path, at.model, v, callee.function.scope) for v in values], follow
            )
        finally:
            self._calls.pop()

    def _entry_makers(self, place: Place, node: ast.Subscript, depth: int) -> list[Place] | None:
        key = node.slice
        if not isinstance(key, ast.Constant) or isinstance(key.value, bool):
            return self._registry_makers(place, node, depth) or [place]
        containers = self.makers(place.at(node.value), depth + 1)
        if containers is None:
            return None
        out: list[Place] = []
        for container in containers:
            entry = _entry(container.node, key.value)
            if entry is None and isinstance(container.node, ast.DictComp):
                # ``{k: new_ref(zeros(v.shape)) for k, v in params.items()}``: every key's
                # entry is made by the one value expression (its ``v`` that key's entry).
                entry = container.node.value
                if len(container.node.generators) == 1:
                    keys = self._keys_read.setdefault(id(container.node.generators[0]), set())
                    keys.add(key.value)
            if entry is None:
                based = self._dict_call_entry(container, key.value, depth)
                if based is None:
                    return [place]
                out.extend(based)
                continue
            found = self.makers(container.at(entry), depth + 1)
            if found is None:
                return None
            out.extend(found)
        return _unique(out)

    def _dict_call_entry(self, container: Place, key: object, depth: int) -> list[Place] | None:
        """An entry of ``dict(base, k=v)``: the keyword's value, else ``base``'s entry."""
        node = container.node
        if (
            not isinstance(node, ast.Call)
            or not isinstance(node.func, ast.Name)
            or node.func.id != "dict"
            or container.scope.lookup("dict") is not None
            or len(node.args) > 1
            or any(k.arg is None for k in node.keywords)
        ):
            return None
        for keyword in node.keywords:
            if keyword.arg == key:
                return self.makers(container.at(keyword.value), depth + 1)
        if not node.args:
            return None
        bases = self.makers(container.at(node.args[0]), depth + 1)
        if not bases:
            return None
        out: list[Place] = []
        for base in bases:
            entry = _entry(base.node, key)
            if entry is None:
                return None
            found = self.makers(base.at(entry), depth + 1)
            if found is None:
                return None
            out.extend(found)
        return out

    def _registry_makers(self, place: Place, node: ast.Subscript, depth: int) -> list[Place] | None:
        """``REGISTRY[name]`` with a key known only at run time: every value the registry
        (a dict display of the project, and what is stored in it by ``REGISTRY[k] = v`` in
        its module, a registering decorator's) may hold. None where that is not known."""
        held = self.code.resolve(place.at(node.value))
        name = node.value.id if isinstance(node.value, ast.Name) else None
        if isinstance(node.value, ast.Attribute) and held.scope is held.model.module_scope:
            name = node.value.attr  # ``tables.LOSSES[name]``: another module's registry
        if name is None or not isinstance(held.node, ast.Dict) or None in held.node.keys:
            return None
        values = [held.at(v) for v in held.node.values]
        for statement in nodes_of(held.model.tree, ast.Assign):
            if len(statement.targets) != 1:
                continue
            target = statement.targets[0]
            if (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and target.value.id == name
            ):
                scope = scope_at(held.model, statement)
                values.append(Place(held.path, held.model, statement.value, scope))
        keyed = self._keyed(place.at(node.slice), held, values, name, depth)
        found = _every(keyed or values, lambda value: self.makers(value, depth + 1))
        return (_unique(found) or None) if found is not None else None

    def _keyed(
        self, key: Place, held: Place, values: list[Place], name: str, depth: int = 0
    ) -> list[Place] | None:
        """The values of a registry stored under ``key``, when the flow follows the key, a
        config's entry or attribute, to a constant and the registry's keys are constants too: a dict
        display's, ``REGISTRY["k"] = v``, or a registering decorator's argument
        (``@register("huber")`` whose ``deco(fn)`` stores ``REGISTRY[name] = fn``)."""
        # A config's value (``cfg["loss"]``, ``config.loss``), not a bare name: a function's
        # parameter chooses at run time, whatever its default; unless a call the flow is in,
        # or the traceback's, passes it a config's value (``make(cfg.init)``), or every call
        # that runs the function (a class's construction, for an ``__init__`` parameter)
        # passes the same one, or a constant; a default chooses nothing.
        key = self.argument_given(key)
        if _function_of_param(key) is not None:
            key = self.passed(key, depth + 1) or key
        made: Place | None = None
        if isinstance(key.node, ast.Subscript | ast.Attribute):
            made = self.one_maker(key)
        elif isinstance(key.node, ast.Constant):
            made = key  # ``Model("huber")``: the call passes the constant itself
        wanted = made.node if made is not None else None
        if not isinstance(wanted, ast.Constant) or isinstance(wanted.value, bool):
            return None
        display = held.node
        assert isinstance(display, ast.Dict)
        out = [
            held.at(v)
            for k, v in zip(display.keys, display.values, strict=True)
            if isinstance(k, ast.Constant) and k.value == wanted.value
        ]
        for statement in nodes_of(held.model.tree, ast.Assign):
            if len(statement.targets) != 1:
                continue
            target = statement.targets[0]
            if not (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and target.value.id == name
            ):
                continue
            scope = scope_at(held.model, statement)
            stored = Place(held.path, held.model, statement.value, scope)
            if isinstance(target.slice, ast.Constant):
                if target.slice.value == wanted.value:
                    out.append(stored)
                continue
            out.extend(self._registered_under(stored, stored.at(target.slice), wanted.value))
        return out or None

    def argument_given(self, place: Place) -> Place:
        """What the call the flow entered a function through, else the one call of it on the
        traceback's lines, passes for the parameter ``place`` names (through parameters that
        pass it on); ``place`` itself where no call passes it (left to its default)."""
        for _ in range(_MAX_DEPTH):
            function = _function_of_param(place)
            if function is None or _is_self(place):
                return place
            assert isinstance(place.node, ast.Name)
            given: Place | None = None
            for callee, call in reversed([c for c in self._calls if c[0].function is function]):
                assert isinstance(call.node, ast.Call)
                fixed = callee.fixed(place.node.id)
                names = [p.name for p in function.positional][callee.skip :]
                passed = argument(call.node, names, place.node.id)
                given = fixed if fixed is not None else None if passed is None else call.at(passed)
                break
            else:
                passed_on = culprit_state.passed_value(self.code, self.frames, place)
                given = None if passed_on.node is place.node else passed_on
            if given is None:
                return place
            place = given
        return place

    def caller_argument(self, place: Place) -> tuple[Place, Place | None] | None:
        """One frame up: for a name that reads only its function's parameter (no rebinding
        reaches it), the innermost call on the traceback's lines that runs the function, and
        what it passes for the parameter (by position past a bound ``self``, by keyword, or
        fixed by a ``functools.partial``), None for it where the call leaves the parameter to
        its default. None where the name is rebound, no traceback line calls the function,
        that line's calls of it differ, or the call unpacks ``*args`` / ``**kwargs``."""
        function = _function_of_param(place)
        if function is None or _is_self(place) or _is_cls(place):
            return None
        assert isinstance(place.node, ast.Name)
        name = place.node.id
        reaching = reaching_bindings(place, place.node, place.scope.lookup_all(name))
        if len(reaching) != 1 or reaching[0].kind != "param":
            return None
        for span in self.frames:
            sites = self.call_sites(function, place, caller=span)
            if not sites:
                continue
            if len({id(call.node) for _, call in sites}) != 1:
                return None
            callee, call = sites[0]
            assert isinstance(call.node, ast.Call)
            if _unpacks(call.node):
                return None
            fixed = callee.fixed(name)
            if fixed is not None:
                return call, fixed
            names = [p.name for p in function.positional][callee.skip :]
            given = argument(call.node, names, name)
            if given is None and _default(function, name) is None:
                return None
            return call, None if given is None else call.at(given)
        return None

    def passed(self, place: Place, depth: int = 0) -> Place | None:
        """The one expression that every call running the function of the parameter
        ``place`` passes for it (``call_sites``: the traceback's calls, else the project's),
        where ``arguments`` gives its makers: a registry lookup written at the call
        (``make(REG[cfg["loss"]])``) rather than the entry it picks. None where the calls
        pass different expressions, leave it to its default or unpack ``*args``."""
        function = _function_of_param(place)
        if function is None or _is_self(place) or _is_cls(place):
            return None
        assert isinstance(place.node, ast.Name)
        name = place.node.id
        found: list[Place] = []
        for callee, call in self.call_sites(function, place, depth):
            assert isinstance(call.node, ast.Call)
            fixed = callee.fixed(name)
            if fixed is None:
                names = [p.name for p in function.positional][callee.skip :]
                given = argument(call.node, names, name)
                if given is None:
                    return None
                fixed = call.at(given)
            if not any(f.node is fixed.node for f in found):
                found.append(fixed)
        return found[0] if len(found) == 1 else None

    def _registered_under(self, stored: Place, key: Place, wanted: object) -> list[Place]:
        """The ``def``s a registering decorator stores under the constant ``wanted``: where
        ``REGISTRY[name] = fn`` stores the decorator's parameter ``fn`` under a parameter
        ``name`` of the factory, the ``def``s decorated with a call of the factory that
        passes ``wanted`` for it."""
        inner = _function_of_param(stored)
        outer = _function_of_param(key)
        if inner is None or outer is None or inner is outer or len(inner.positional) != 1:
            return []
        assert isinstance(key.node, ast.Name)
        names = [p.name for p in outer.positional]
        out: list[Place] = []
        for candidate in stored.model.functions.values():
            for decorator in getattr(candidate.node, "decorator_list", []):
                if not isinstance(decorator, ast.Call):
                    continue
                scope = candidate.scope.parent or stored.model.module_scope
                made = self.code.resolve(Place(stored.path, stored.model, decorator.func, scope))
                given = argument(decorator, names, key.node.id)
                if (
                    made.node is outer.node
                    and isinstance(given, ast.Constant)
                    and given.value == wanted
                ):
                    out.append(Place(stored.path, stored.model, candidate.node, scope))
        return out

    def decorated(self, definition: Place, depth: int = 0) -> Place:
        """What the name a ``def`` binds holds after its decorators: the nested ``def`` a
        project decorator returns in its place (``@log_metrics()`` whose ``deco(fn)``
        returns ``wrapped``), the ``def`` itself where each decorator hands the function back
        (a registering one) or keeps it (``jax.jit``) or is not the project's."""
        node = definition.node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return definition
        current = definition
        for decorator in reversed(node.decorator_list):
            made = self.callees(definition.at(decorator), depth + 1)
            if len(made) != 1 or made[0].partial is not None:
                continue  # a library decorator, or one not known: the ``def`` as written
            wrapper = made[0].function
            returned = wrapper.return_values
            if len(wrapper.positional) != made[0].skip + 1 or not returned:
                continue
            parameter = wrapper.positional[made[0].skip].name
            handed_back = all(isinstance(v, ast.Name) and v.id == parameter for v in returned)
            if handed_back:
                continue  # ``return fn``: a registering decorator
            bindings = [
                wrapper.scope.lookup(v.id) if isinstance(v, ast.Name) else None for v in returned
            ]
            nested = {b.node for b in bindings if b is not None and b.kind == "def"}
            if len(nested) != 1 or any(
                b is None or b.kind != "def" or b.scope is not wrapper.scope for b in bindings
            ):
                return definition  # a decorator whose result is in doubt: as written
            at = made[0].place
            current = Place(at.path, at.model, nested.pop(), wrapper.scope)
        return current

    def _decorated(self, place: Place, function: Function) -> list[Place] | None:
        """The parameter of a decorator (``def deco(fn)``, maybe returned by a factory
        ``register(name)``): the ``def``s of the module decorated with it."""
        if isinstance(function.node, ast.Lambda) or len(function.positional) != 1:
            return None
        outer = function.scope.parent
        factory = place.model.functions.get(outer.node) if outer is not None else None
        decorators: set[ast.AST] = {function.node}
        if factory is not None and all(
            isinstance(v, ast.Name) and v.id == function.name for v in factory.return_values
        ):
            decorators.add(factory.node)
        found: list[Place] = []
        for candidate in place.model.functions.values():
            for decorator in getattr(candidate.node, "decorator_list", []):
                used = decorator.func if isinstance(decorator, ast.Call) else decorator
                outer_scope = candidate.scope.parent or place.model.module_scope
                made = self.code.resolve(Place(place.path, place.model, used, outer_scope))
                if made.node in decorators and (
                    isinstance(decorator, ast.Call) == (made.node is not function.node)
                ):
                    found.append(Place(place.path, place.model, candidate.node, outer_scope))
        return found or None

    # -- attributes ----------------------------------------------------------------------------

    def _attribute_makers(
        self, place: Place, node: ast.Attribute, depth: int
    ) -> list[Place] | None:
        owners = self.instances(place.at(node.value), depth + 1)
        if owners is None:
            given = self._namespace_keyword(place.at(node.value), node.attr)
            return [place] if given is None else self.makers(given, depth + 1)
        found = _every(owners, lambda owner: self._member_makers(*owner, node.attr, depth))
        return None if found is None else _unique(found) or [place]

    def _namespace_keyword(self, owner: Place, attr: str) -> Place | None:
        """The keyword ``attr`` of the one attribute bag the value ``owner`` is made by
        (``cfg = SimpleNamespace(init=20, ..)``, then ``cfg.init``): its argument. None where
        the name is not bound once to such a bag, or where the module that reads it or the one
        that makes it sets ``attr`` on some value (``cfg.init = ..``), which the flow does not
        follow."""
        if not isinstance(owner.node, ast.Name | ast.Attribute) or _is_self(owner):
            return None
        made = self.code.resolve(owner)
        call = made.node
        if not isinstance(call, ast.Call) or call.args:
            return None
        if made.model.qualified_name(call.func, made.scope) not in _NAMESPACES:
            return None
        given = [k.value for k in call.keywords if k.arg == attr]
        if len(given) != 1 or any(k.arg is None for k in call.keywords):
            return None
        if _sets_attribute(owner.model.tree, attr) or _sets_attribute(made.model.tree, attr):
            return None
        return made.at(given[0])

    def _member_makers(
        self, cls: Place, construction: Place | None, attr: str, depth: int
    ) -> list[Place] | None:
        """What ``instance.attr`` holds for an instance of ``cls`` made by ``construction``:
        the ``self.attr = ...`` assignments of its methods (a parameter of ``__init__``
        followed to the construction's argument), else a class attribute or field (a field's
        argument in the construction, else its default)."""
        assigned: list[Place] = []
        for klass in self.mro(cls):
            assert isinstance(klass.node, ast.ClassDef)
            for method in _methods(klass):
                if not method.positional:
                    continue
                this = method.positional[0].name
                for statement in culprit_state.own_statements(method.node):
                    if not isinstance(statement, ast.Assign | ast.AnnAssign):
                        continue
                    targets = (
                        statement.targets
                        if isinstance(statement, ast.Assign)
                        else [statement.target]
                    )
                    if self._after_failing(klass.path, method, statement):
                        continue
                    for target in targets:
                        value = _assigned_to(target, statement.value, this, attr)
                        if value is not None:
                            assigned.append(Place(klass.path, klass.model, value, method.scope))
                            self._self_of.setdefault(id(method), (cls, construction))
                            self._constructed(klass, method, construction)
        if assigned:
            return _every(assigned, lambda site: self._initargument(site, construction, depth))
        for klass in self.mro(cls):
            assert isinstance(klass.node, ast.ClassDef)
            fields = class_fields(klass.node)
            if attr in fields:
                statement = fields[attr]
                given = self._fieldargument(klass, construction, attr)
                if given is not None:
                    return self.makers(given, depth + 1)
                if statement.value is None:
                    return None
                body = klass.model.classes[klass.node]
                default = Place(klass.path, klass.model, statement.value, body)
                if _default_factory(default) is None and _is_field(default):
                    # ``field(default=value)``: the value.
                    assert isinstance(statement.value, ast.Call)
                    value = keyword_value(statement.value, "default")
                    if value is None:
                        return None
                    default = default.at(value)
                return self.makers(default, depth + 1)
        return self._property_makers(cls, construction, attr, depth)

    def _after_failing(self, path: object, method: Function, statement: ast.stmt) -> bool:
        """On a first iteration: whether the statement comes after a traceback line of the
        same method (``self.params = update(...)`` after the failing ``grad_fn(self.params)``),
        so had not run when that line failed the first time."""
        if not self.first_iteration:
            return False
        node = method.node
        end = getattr(node, "end_lineno", None) or node.lineno
        return any(
            frame.path == path
            and node.lineno <= frame.line <= end
            and statement.lineno > frame.line
            for frame in self.frames
        )

    def _constructed(self, klass: Place, method: Function, construction: Place | None) -> None:
        """Know that ``construction`` ran the class's ``__init__``: a value an assignment in
        it makes from a parameter (``self.home = jnp.asarray(spec["home"])``), read after the
        flow left it, reads what the construction passed."""
        if method.name != "__init__" or construction is None:
            return
        if not isinstance(construction.node, ast.Call):
            return
        entered = self._entered.setdefault(id(method), [])
        if not any(call.node is construction.node for _, call in entered):
            place = Place(klass.path, klass.model, method.node, method.scope)
            entered.append((Callee(place, method, 1), construction))

    def _property_makers(
        self, cls: Place, construction: Place | None, attr: str, depth: int
    ) -> list[Place] | None:
        """What a ``@property`` of the class named ``attr`` returns, its ``self`` the
        instance made by ``construction`` (``beam.h`` for ``return self.length / self.n``)."""
        for klass in self.mro(cls):
            for method in _methods(klass):
                if method.name != attr or not method.positional:
                    continue
                if not _is_property(klass, method):
                    # A bound method read as a value (``rollout(pend.energy)``): the read
                    # makes it, and a call of it runs the method (``callees``).
                    return []
                self._self_of.setdefault(id(method), (cls, construction))
                values = [r.value for r in method.returns if r.value is not None]
                if not values or len(values) != len(method.returns):
                    return None
                places = [Place(klass.path, klass.model, v, method.scope) for v in values]
                return _every(places, lambda value: self.makers(value, depth + 1))
        return None

    def property_value(self, place: Place) -> Place | None:
        """The one value the ``@property`` an attribute read runs returns (``store.weights``
        for ``return self._w``), its ``self`` the instance read; None where the attribute is
        no property of the one class the instance surely is, or the property returns in
        several places."""
        node = place.node
        if not isinstance(node, ast.Attribute):
            return None
        classes = self.instances(place.at(node.value))
        if not classes or len({id(cls.node) for cls, _ in classes}) != 1:
            return None
        cls, construction = classes[0]
        for klass in self.mro(cls):
            for method in _methods(klass):
                if method.name != node.attr or not method.positional:
                    continue
                values = [r.value for r in method.returns]
                if not _is_property(klass, method) or len(values) != 1 or values[0] is None:
                    return None
                self._self_of.setdefault(id(method), (cls, construction))
                return Place(klass.path, klass.model, values[0], method.scope)
        return None

    def _initargument(
        self, value: Place, construction: Place | None, depth: int
    ) -> list[Place] | None:
        node = value.node
        binding = value.scope.lookup(node.id) if isinstance(node, ast.Name) else None
        if binding is None or binding.kind != "param":
            return self.makers(value, depth + 1)
        method = value.model.functions.get(binding.node)
        call = construction.node if construction is not None else None
        if method is None or method.name != "__init__" or not isinstance(call, ast.Call):
            return None
        assert construction is not None and isinstance(node, ast.Name)
        names = [p.name for p in method.positional][1:]
        given = argument(call, names, node.id)
        if given is None:
            default = _default(method, node.id)
            if default is None:
                return None
            return self.makers(
                Place(value.path, value.model, default, method.scope.parent or value.scope),
                depth + 1,
            )
        return self.makers(construction.at(given), depth + 1)

    def _fieldargument(self, cls: Place, construction: Place | None, attr: str) -> Place | None:
        call = construction.node if construction is not None else None
        if construction is None or not isinstance(call, ast.Call):
            return None
        names: list[str] = []
        for klass in reversed(self.mro(cls)):
            assert isinstance(klass.node, ast.ClassDef)
            names += [n for n in class_fields(klass.node) if n not in names]
        given = argument(call, names, attr)
        return None if given is None else construction.at(given)

    def instances(self, place: Place, depth: int = 0) -> list[tuple[Place, Place | None]] | None:
        """The project classes a value is an instance of, with the call that made each (None
        for ``self`` in a method); None where any maker is not such an instance."""
        if depth > _MAX_DEPTH:
            return None
        if _is_self(place):
            function = _function_of_param(place)
            if function is None or function.owner is None:
                return None
            if id(function) in self._self_of:
                return [self._self_of[id(function)]]
            cls = Place(place.path, place.model, function.owner, place.model.module_scope)
            return self._receivers(function, cls, depth) or [(cls, None)]
        makers = self.makers(place, depth + 1)
        if not makers:
            return None
        out: list[tuple[Place, Place | None]] = []
        for made in makers:
            if _is_self(made):
                found = self.instances(made, depth + 1)
                if found is None:
                    return None
                out.extend(found)
                continue
            if not isinstance(made.node, ast.Call):
                return None
            factory = _default_factory(made)
            if factory is not None:
                # A dataclass field's ``field(default_factory=Config)``: ``Config()``, every
                # field of it left to its default.
                cls = self.code.resolve(made.at(factory))
                if not isinstance(cls.node, ast.ClassDef):
                    return None
                out.append((cls, None))
                continue
            cls = self.code.resolve(made.at(made.node.func))
            if _is_cls(made.at(made.node.func)):
                cls = self._called_on(made.at(made.node.func)) or cls
            if not isinstance(cls.node, ast.ClassDef):
                return None
            out.append((cls, made))
        return out

    def _called_on(self, cls: Place) -> Place | None:
        """The class ``cls`` is in a classmethod (``return cls(gain=.., offset=..)``): the one
        class the calls the flow entered it through name (``Bank.from_csv(..)``), else its
        own class where no class of its module derives from it."""
        function = _function_of_param(cls)
        assert function is not None and isinstance(function.owner, ast.ClassDef)
        named = []
        for _, call in self._entered.get(id(function), []):
            func = call.node.func if isinstance(call.node, ast.Call) else None
            if isinstance(func, ast.Attribute):
                named.append(self.code.resolve(call.at(func.value)))
        if named:
            classes = {id(k.node): k for k in named if isinstance(k.node, ast.ClassDef)}
            whole = len(classes) == 1 and all(isinstance(k.node, ast.ClassDef) for k in named)
            return next(iter(classes.values())) if whole else None
        owner = function.owner
        derived = any(
            _last_name(base) == owner.name
            for klass in nodes_of(cls.model.tree, ast.ClassDef)
            for base in klass.bases
        )
        return None if derived else Place(cls.path, cls.model, owner, cls.model.module_scope)

    def _receivers(
        self, method: Function, owner: Place, depth: int
    ) -> list[tuple[Place, Place | None]]:
        """The instance a method runs on, when the calls that reach it agree on the one
        construction that made it (of the class or a subclass): the receivers of the calls the
        flow entered it through, else of the calls of its name on the traceback's lines."""
        receivers = [c.receiver for c, _ in self._entered.get(id(method), []) if c.receiver]
        calls = [
            Place(span.path, model, call.func, scope)
            for span in self.frames
            for model, call, scope in self.code.calls_on(span)
            if isinstance(call.func, ast.Attribute)
        ]
        if not receivers:
            receivers = [
                c.at(c.node.value)
                for c in calls
                if isinstance(c.node, ast.Attribute) and c.node.attr == method.name
            ]
        if not receivers:
            # No call names the method: one of an attribute that holds it under ``jax.jit``.
            receivers = [
                c.at(c.node.value)
                for c in calls
                if isinstance(c.node, ast.Attribute) and self._wraps_method(c, method.name, depth)
            ]
        found: list[tuple[Place, Place | None]] = []
        for receiver in receivers:
            if _is_self(receiver) and receiver.scope.node is method.node:
                continue
            made = self.instances(receiver, depth + 1) or []
            for cls, construction in made:
                if construction is None or all(k.node is not owner.node for k in self.mro(cls)):
                    continue
                if all(m is None or m.node is not construction.node for _, m in found):
                    found.append((cls, construction))
        return found if len(found) == 1 else []

    def _annotated(self, place: Place) -> list[tuple[Place, Place | None]]:
        """The project class a parameter is annotated with (``def run(m: Model)``), where no
        class of its module derives from it (whose methods the instance might run instead)."""
        function = _function_of_param(place)
        if function is None or _is_self(place) or isinstance(function.node, ast.Lambda):
            return []
        assert isinstance(place.node, ast.Name)
        node = function.node
        args = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        annotation = next((a.annotation for a in args if a.arg == place.node.id), None)
        if annotation is None:
            return []
        outer = function.scope.parent or place.model.module_scope
        cls = self.code.resolve(Place(place.path, place.model, annotation, outer))
        if not isinstance(cls.node, ast.ClassDef):
            return []
        name = cls.node.name
        derived = any(
            _last_name(base) == name
            for klass in nodes_of(cls.model.tree, ast.ClassDef)
            for base in klass.bases
        )
        return [] if derived else [(cls, None)]

    def _wraps_method(self, attribute: Place, name: str, depth: int) -> bool:
        """Whether an attribute of an instance holds a method of that instance under a
        transform that keeps its parameters (``self._step = jax.jit(self._update)``): a call
        of the attribute runs the method on the same instance."""
        node = attribute.node
        if not isinstance(node, ast.Attribute) or depth > _MAX_DEPTH:
            return False
        made = self.makers(attribute, depth + 1) or []
        return len(made) == 1 and (
            isinstance(call := made[0].node, ast.Call)
            and made[0].model.qualified_name(call.func, made[0].scope) in TRANSPARENT
            and len(call.args) == 1
            and isinstance(wrapped := call.args[0], ast.Attribute)
            and wrapped.attr == name
            and _is_self(made[0].at(wrapped.value))
        )

    def mro(self, cls: Place) -> list[Place]:
        """The class and its project bases, nearest first (depth first, left to right, as
        Python's linearization gives for the hierarchies real code writes)."""
        out: list[Place] = []
        stack = [cls]
        while stack and len(out) < _MAX_DEPTH:
            klass = stack.pop(0)
            if any(k.node is klass.node for k in out):
                continue
            out.append(klass)
            assert isinstance(klass.node, ast.ClassDef)
            outer = _scope_of_class(klass)
            bases = [
                self.code.resolve(Place(klass.path, klass.model, b, outer))
                for b in klass.node.bases
            ]
            stack[:0] = [b for b in bases if isinstance(b.node, ast.ClassDef)]
        return out

    def method(self, cls: Place, name: str) -> Callee | None:
        """The ``def`` an instance of ``cls`` runs for ``name``, through its bases."""
        for klass in self.mro(cls):
            for method in _methods(klass):
                if method.name == name:
                    place = Place(klass.path, klass.model, method.node, method.scope)
                    return Callee(place, method, 0 if _static(method) else 1)
            assert isinstance(klass.node, ast.ClassDef)
            if name in class_fields(klass.node) or _class_assigns(klass.node, name):
                return None  # bound otherwise than by ``def``
        return None

    def runs(self, callee: Callee) -> Callee | None:
        """The function that runs when a decorated ``def`` is called: the ``def`` itself, or
        the nested function a project decorator returns in its place (``@clip(max_norm=5.0)``
        whose ``wrap(fn)`` returns ``inner``); a decorator that returns the function it got
        (a registering one) or is not the project's keeps it. None where it is in doubt."""
        node = callee.place.node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return callee
        outer = callee.function.scope.parent or callee.place.model.module_scope
        at = Place(callee.place.path, callee.place.model, node, outer)
        running = callee
        # Decorators apply from the innermost (last written) out.
        for decorator in reversed(node.decorator_list):
            factory = decorator.func if isinstance(decorator, ast.Call) else decorator
            found = self.callees(at.at(factory))
            if not found:
                continue  # not the project's (``jax.jit``, ``staticmethod``): keeps it
            if len(found) != 1:
                return None
            wrapper: Callee | None = found[0]
            if isinstance(decorator, ast.Call):
                wrapper = self._returned_function(found[0])
            if wrapper is None or len(wrapper.function.positional) != 1:
                return None
            made = self._returned_function(wrapper, keeps=wrapper.function.positional[0].name)
            if made is None:
                return None
            if made is not wrapper:
                running = made
        return running

    def _returned_function(self, callee: Callee, keeps: str | None = None) -> Callee | None:
        """The one project function ``callee`` returns; ``callee`` itself where it returns
        its parameter ``keeps`` (the function it was given)."""
        values = callee.function.return_values
        if len(values) != 1 or values[0] is None:
            return None
        value = values[0]
        if isinstance(value, ast.Name) and value.id == keeps:
            return callee
        place = Place(callee.place.path, callee.place.model, value, callee.function.scope)
        found = self.callees(place)
        return found[0] if len(found) == 1 else None

    def enter(self, callee: Callee, call: Place) -> None:
        """Know that ``call`` (a call of a transformed function, say) runs ``callee``: its
        parameters hold what the call passes."""
        self._entered.setdefault(id(callee.function), []).append((callee, call))

    def entered_by(self, function: Function) -> list[Place]:
        """The calls the flow entered a function through (each once)."""
        calls = [call for _, call in self._entered.get(id(function), [])]
        return [c for i, c in enumerate(calls) if all(o.node is not c.node for o in calls[:i])]

    def definition(self, function: Function) -> Place | None:
        """Where a function the flow entered is defined."""
        entered = self._entered.get(id(function), [])
        return entered[0][0].place if entered else None

    # -- callables -----------------------------------------------------------------------------

    def callees(self, place: Place, depth: int = 0) -> list[Callee]:
        """The project functions calling ``place`` runs: a ``def`` or lambda (through names,
        imports, ``functools.partial``, wrappers that keep the function, factories), a method
        of an instance (through its bases), an instance's ``__call__``. Empty where any maker
        is something else."""
        if depth > _MAX_DEPTH:
            return []
        node = place.node
        if isinstance(node, ast.Attribute) and self.code.resolve(place).node is node:
            receiver = place.at(node.value)
            cls = self.code.resolve(receiver)
            if isinstance(cls.node, ast.ClassDef):
                # ``Config.from_dict(d)``: a method called on the class itself, where only a
                # classmethod receives a first argument the call does not pass.
                on_class = self.method(cls, node.attr)
                if on_class is None:
                    return []
                return [replace(on_class, skip=1 if _classmethod(on_class.function) else 0)]
            owners = self.instances(receiver, depth + 1) or self._annotated(receiver)
            methods = [self.method(cls, node.attr) for cls, _ in owners]
            found = [replace(m, receiver=receiver) for m in methods if m is not None]
            if any(_is_property(m.place, m.function) for m in found):
                # ``self.reducer(v)`` with ``reducer`` a property: the call runs the value
                # the property returns, not the property.
                found = []
                methods = []
            if found and len(found) == len(methods):
                return found
            # Not a method: an attribute holding a function or a callable object.
        makers = self.makers(place, depth + 1)
        if not makers:
            return []
        out: list[Callee] = []
        for made in makers:
            found = self._callable(made, depth)
            if not found:
                return []
            out.extend(found)
        unique: list[Callee] = []
        for callee in out:
            if not any(c.function is callee.function for c in unique):
                unique.append(callee)
        return unique

    def _callable(self, made: Place, depth: int) -> list[Callee]:
        node = made.node
        function = made.model.functions.get(node)
        if function is not None:
            return [Callee(made, function)]
        if isinstance(node, ast.Call):
            wrapper = made.model.qualified_name(node.func, made.scope)
            if wrapper == "functools.partial" and node.args:
                fixed = len(node.args) - 1
                inner = self.callees(made.at(node.args[0]), depth + 1)
                return [
                    Callee(c.place, c.function, c.skip + fixed, made)
                    for c in inner
                    if c.partial is None
                ]
            if wrapper in _KEEPING and node.args:
                return self.callees(made.at(node.args[0]), depth + 1)
            cls = self.code.resolve(made.at(node.func))
            if isinstance(cls.node, ast.ClassDef):
                call = self.method(cls, "__call__")
                return [replace(call, receiver=made)] if call is not None else []
        if isinstance(node, ast.Attribute):
            # Passed on as ``Model.loss`` / ``model.loss`` (a constructor's argument, say):
            # the method the attribute names on its class or instance.
            return self.callees(made, depth + 1)
        return []


def _appended(made: Place, display: ast.List) -> ast.expr | None:
    """The item of ``name = []`` when the function that binds it fills the list with one
    ``name.append(item)`` and nothing else changes it (no other method call on it, no
    subscript or augmented assignment, no other binding, no hand-off to a call that could
    fill it)."""
    function = made.scope.node
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    names = [
        s.targets[0].id
        for s in ast.walk(function)
        if isinstance(s, ast.Assign)
        and s.value is display
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Name)
    ]
    if len(names) != 1:
        return None
    name = names[0]
    appended: list[ast.expr] = []
    parents = {id(c): n for n in ast.walk(function) for c in ast.iter_child_nodes(n)}
    for node in ast.walk(function):
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        parent = parents.get(id(node))
        if not isinstance(node.ctx, ast.Load):
            if not (isinstance(parent, ast.Assign) and parent.value is display):
                return None  # bound again
            continue
        if isinstance(parent, ast.Attribute):
            call = parents.get(id(parent))
            if (
                parent.attr == "append"
                and isinstance(call, ast.Call)
                and call.func is parent
                and len(call.args) == 1
                and not call.keywords
                and not isinstance(call.args[0], ast.Starred)
            ):
                appended.append(call.args[0])
                continue
            return None  # ``extend``, ``insert``, ``sort``, ...
        if isinstance(parent, ast.Subscript) and not isinstance(parent.ctx, ast.Load):
            return None  # ``grads[i] = ..``
        if isinstance(parent, ast.Call) and _reads_only(parent, made):
            continue  # ``len(grads)``, ``reversed(grads)``
        if isinstance(parent, ast.AugAssign | ast.Call | ast.keyword | ast.Starred):
            return None  # ``grads += ..`` or handed to a call that may fill it
    return appended[0] if len(appended) == 1 else None


# Builtins that read a list without changing it.
_READERS = frozenset({"len", "list", "tuple", "reversed", "sorted", "enumerate", "zip", "iter"})


def _reads_only(call: ast.Call, made: Place) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Name)
        and func.id in _READERS
        and made.scope.lookup(func.id) is None
        and made.model.module_scope.lookup(func.id) is None
    )


def _iterated(
    target: ast.expr, source: ast.expr, name: str, scope: Scope
) -> tuple[ast.expr, int | None] | None:
    """What a loop's ``name`` takes the items of, and which item of each element when the
    target unpacks it: ``(xs, None)`` for ``for name in xs`` and ``for i, name in
    enumerate(xs)``, the k-th iterable for the k-th name of ``for a, name in zip(..., xs)``,
    ``(pairs, k)`` for the k-th name of ``for a, name in pairs``; None otherwise."""
    if isinstance(target, ast.Name):
        return (source, None) if target.id == name else None
    if not isinstance(target, ast.Tuple):
        return None
    names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
    if names.count(name) != 1:
        return None
    index = names.index(name)
    func = source.func if isinstance(source, ast.Call) else None
    if not isinstance(source, ast.Call) or not isinstance(func, ast.Name):
        return source, index
    if scope.lookup_all(func.id):
        return source, index
    if source.keywords or any(isinstance(a, ast.Starred) for a in source.args):
        return None
    if func.id == "enumerate" and len(names) == 2 and index == 1 and len(source.args) == 1:
        return source.args[0], None
    if func.id == "zip" and len(source.args) == len(names):
        return source.args[index], None
    return None


def _yields(function: Function) -> list[ast.expr] | None:
    """The values a generator function's own ``yield``s give (not nested functions'); None
    when one is bare or a ``yield from``."""
    found: list[ast.expr] = []
    todo: list[ast.AST] = list(function.node.body) if isinstance(function.node.body, list) else []
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        if isinstance(node, ast.YieldFrom):
            return None
        if isinstance(node, ast.Yield):
            if node.value is None:
                return None
            found.append(node.value)
        todo.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def first_iteration_bindings(
    place: Place,
    node: ast.Name,
    bindings: list[Binding],
    loops_of: dict[int, list[ast.For | ast.While]] | None = None,
) -> list[Binding]:
    """The bindings of a name that reach a read of it on the first iteration of the loops
    around the read: not those later in a loop's body than the read. ``loops_of`` keeps the
    loops of each scope already looked for (by the scope node's id)."""
    scope_node = place.scope.node
    every = None if loops_of is None else loops_of.get(id(scope_node))
    if every is None:
        every = _loops_in(place.model.loops, scope_node)
        if loops_of is not None:
            loops_of[id(scope_node)] = every
    loops = [n for n in every if n.lineno <= node.lineno <= (n.end_lineno or n.lineno)]
    return [
        b
        for b in bindings
        if not any(
            loop.lineno <= getattr(b.node, "lineno", 0) <= (loop.end_lineno or loop.lineno)
            and getattr(b.node, "lineno", 0) >= node.lineno
            for loop in loops
        )
    ]


def _loop_calls(
    model: ModuleModel,
) -> list[tuple[ast.Call, Scope, tuple[tuple[int, int, int], ...]]]:
    """The module's calls of ``lax.scan``, ``fori_loop`` and ``while_loop``, with where each
    takes its body, carry and initial value (worked out once per module)."""
    out = []
    for call, scope in model.calls:
        slots = _LOOPS.get(model.qualified_name(call.func, scope) or "")
        if slots is not None:
            out.append((call, scope, slots))
    return out


def _loops_in(
    loops: list[ast.For | ast.AsyncFor | ast.While], scope_node: ast.AST
) -> list[ast.For | ast.While]:
    """The loops of the module that lie in the scope's node, as ``ast.walk`` of that node
    finds them (the loops of nested functions included): a node lies in another exactly when
    its source span does."""
    if not isinstance(scope_node, ast.stmt | ast.expr):
        found = loops  # the module
    else:
        start = (scope_node.lineno, scope_node.col_offset)
        end = (scope_node.end_lineno, scope_node.end_col_offset)
        found = [
            n
            for n in loops
            if start <= (n.lineno, n.col_offset) and (n.end_lineno, n.end_col_offset) <= end
        ]
    return [n for n in found if not isinstance(n, ast.AsyncFor)]


# Statements that replace a name's value whenever they run (a loop's target may never be
# bound; ``total += part`` makes the value from what it held before).
_BINDING_ALWAYS = (
    ast.Assign,
    ast.AnnAssign,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Import,
    ast.ImportFrom,
)


def reaching_bindings(place: Place, node: ast.Name, bindings: list[Binding]) -> list[Binding]:
    """The bindings of a name, in the scope it is read from, that may reach the read: not
    those that run after it (``x = f(x)`` reads the ``x`` bound before) unless a loop around
    the read runs them first, nor those the last assignment that always runs before the read
    replaces. The bindings as given where any of them is not placed in the scope's
    statements."""
    scope = place.scope
    if not bindings or any(b.scope is not scope for b in bindings):
        return bindings
    body = getattr(scope.node, "body", None)
    if not isinstance(body, list):
        return bindings
    read = _statement_chain(body, _position(node))
    if not read:
        return bindings
    # Each binding's statement (None for a parameter: bound before the body runs).
    placed: list[tuple[Binding, ast.stmt | None, list[ast.stmt], int]] = []
    for binding in bindings:
        if binding.kind == "param":
            placed.append((binding, None, [], -1))
            continue
        chain = _statement_chain(body, _position(binding.node))
        if not chain:
            return bindings
        block, index = chain[-1]
        placed.append((binding, block[index], block, index))
    # The last statement that binds the name whenever it runs, in a block the read's
    # statement is in, before the read: every earlier binding is replaced by it.
    killer: ast.stmt | None = None
    for block, index in read:
        for _, statement, its_block, its_index in placed:
            if (
                statement is not None
                and its_block is block
                and isinstance(statement, _BINDING_ALWAYS)
                and its_index < index
                and (killer is None or _position(statement) > _position(killer))
            ):
                killer = statement
    loops = [block[index] for block, index in read if isinstance(block[index], ast.For | ast.While)]
    start = _position(read[-1][0][read[-1][1]])
    out: list[Binding] = []
    for binding, statement, _, _ in placed:
        where = (0, 0) if statement is None else _position(statement)
        if killer is not None and statement is not killer and where < _position(killer):
            continue  # replaced before the read
        # After the read (or the assignment whose value reads it): only a loop around both,
        # that does not run the replacing assignment first, brings it back.
        if (
            statement is not None
            and where >= start
            and not any(
                _contains(loop, statement) and (killer is None or not _contains(loop, killer))
                for loop in loops
            )
        ):
            continue
        out.append(binding)
    return out


def _position(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _contains(outer: ast.AST, inner: ast.AST) -> bool:
    end = (getattr(outer, "end_lineno", 0) or 0, getattr(outer, "end_col_offset", 0) or 0)
    return _position(outer) <= _position(inner) <= end


def _statement_chain(body: list[ast.stmt], at: tuple[int, int]) -> list[tuple[list[ast.stmt], int]]:
    """The blocks and indices of the statements around a position, outermost first, through
    compound statements but not into nested functions or classes."""
    # Statements of a block do not overlap and come in order: only the last one starting at
    # or before the position can hold it.
    index = bisect_right(body, at, key=_position) - 1
    if index < 0 or not _contains(body[index], ast.Pass(lineno=at[0], col_offset=at[1])):
        return []
    statement = body[index]
    chain = [(body, index)]
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return chain
    blocks: list[list[ast.stmt]] = []
    for name in ("body", "orelse", "finalbody"):
        block = getattr(statement, name, None)
        if isinstance(block, list):
            blocks.append(block)
    blocks += [h.body for h in getattr(statement, "handlers", [])]
    blocks += [c.body for c in getattr(statement, "cases", [])]
    for block in blocks:
        inner = _statement_chain(block, at)
        if inner:
            return chain + inner
    return chain


def _every(parts: Iterable[T], follow: Callable[[T], list[Place] | None]) -> list[Place] | None:
    """What ``follow`` gives for every part, together; None where it is in doubt for any."""
    out: list[Place] = []
    for part in parts:
        found = follow(part)
        if found is None:
            return None
        out.extend(found)
    return out


def scope_at(model: ModuleModel, node: ast.AST) -> Scope:
    """The scope of the innermost function of the module around a node."""
    line = getattr(node, "lineno", 0)
    around = [
        f
        for f in model.functions.values()
        if f.node.lineno <= line <= (f.node.end_lineno or f.node.lineno)
    ]
    if not around:
        return model.module_scope
    return max(around, key=lambda f: f.node.lineno).scope


def _unique(places: list[Place]) -> list[Place]:
    out: list[Place] = []
    for place in places:
        if not any(p.node is place.node for p in out):
            out.append(place)
    return out


def _target_path(target: ast.expr, name: str) -> list[tuple[int, int]] | None:
    """Where ``name`` sits in an unpacking target: the index and the size of each level
    (``[(0, 2), (2, 3)]`` for ``m`` in ``(h, v, m), _``); None where it is not there once, or
    a level is starred."""
    if not isinstance(target, ast.Tuple | ast.List):
        return None
    if any(isinstance(e, ast.Starred) for e in target.elts):
        return None
    found = []
    for index, element in enumerate(target.elts):
        if isinstance(element, ast.Name) and element.id == name:
            found.append([(index, len(target.elts))])
        elif isinstance(element, ast.Tuple | ast.List):
            inner = _target_path(element, name)
            if inner is not None:
                found.append([(index, len(target.elts)), *inner])
    return found[0] if len(found) == 1 else None


def tuple_items(place: Place) -> list[ast.expr] | None:
    """The items of a tuple or list display (no starred item), else None."""
    node = place.node
    if isinstance(node, ast.Tuple | ast.List) and not any(
        isinstance(e, ast.Starred) for e in node.elts
    ):
        return list(node.elts)
    return None


def _entry(node: ast.AST, key: object) -> ast.expr | None:
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            return None  # ``{**base, ...}``
        found = [
            v
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant) and k.value == key
        ]
        return found[0] if len(found) == 1 else None
    if isinstance(node, ast.Tuple | ast.List) and isinstance(key, int):
        items = node.elts
        if any(isinstance(e, ast.Starred) for e in items) or not -len(items) <= key < len(items):
            return None
        return items[key]
    return None


def _is_self(place: Place) -> bool:
    """The first parameter of a method (``self``)."""
    function = _function_of_param(place)
    return (
        function is not None
        and function.owner is not None
        and not _static(function)
        and bool(function.positional)
        and isinstance(place.node, ast.Name)
        and function.positional[0].name == place.node.id
    )


def _is_cls(place: Place) -> bool:
    """The first parameter of a classmethod (``cls``)."""
    function = _function_of_param(place)
    return (
        function is not None
        and function.owner is not None
        and _classmethod(function)
        and bool(function.positional)
        and isinstance(place.node, ast.Name)
        and function.positional[0].name == place.node.id
    )


def _last_name(node: ast.AST) -> str | None:
    return last_name(node) if isinstance(node, ast.expr) else None


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(_last_name(n) in names for n in ast.walk(node))


def _reads_lead_to(
    model: ModuleModel, name: str, calls: list[ast.AST], callers: set[str | None]
) -> bool:
    """Whether every read of ``name`` in a module leads to one of ``calls`` (whose callees
    are named ``callers``): it is in a call's callee (``jax.grad(f)(x)``), is the value
    assigned to a name a call calls (``step = jax.jit(f)``), a factory's ``return``, or an
    argument for a parameter a call calls (``train(step_fn=f)``)."""
    parents: dict[int, ast.AST] = {}
    for outer in ast.walk(model.tree):
        for child in ast.iter_child_nodes(outer):
            parents[id(child)] = outer
    inside = {id(n) for call in calls for n in ast.walk(call.func)}  # type: ignore[attr-defined]
    for read in ast.walk(model.tree):
        if _last_name(read) != name or not isinstance(getattr(read, "ctx", None), ast.Load):
            continue
        if id(read) in inside:
            continue
        node = read
        parent = parents.get(id(node))
        # Through the transforms and partials that wrap it: ``jax.jit(partial(f, a))``.
        while isinstance(parent, ast.Call) and node is not parent.func:
            grand = parents.get(id(parent))
            if not isinstance(grand, ast.Call | ast.Assign | ast.Return | ast.keyword):
                break
            node, parent = parent, grand
        if isinstance(parent, ast.Assign) and any(_last_name(t) in callers for t in parent.targets):
            continue
        if isinstance(parent, ast.Return):
            continue
        if isinstance(parent, ast.keyword) and parent.arg in callers:
            continue
        if isinstance(parent, ast.Call) and node in parent.args:
            index = parent.args.index(node)
            called = [f for f in model.functions.values() if f.name == _last_name(parent.func)]
            if any(
                index < len(f.positional) and f.positional[index].name in callers for f in called
            ):
                continue
        return False
    return True


def _module_memo(
    code: Code, kind: str, path: Path, model: ModuleModel, compute: Callable[[ModuleModel], T]
) -> T:
    """What ``compute`` gives for a module, worked out once per module."""
    return code.files.memo(kind, path, lambda _: compute(model))


def _reaching(names: frozenset[str], model: ModuleModel) -> set[str]:
    """The names and attributes of a module that may hold the callable ``name``: itself,
    and those assigned (``step = jax.jit(update)``, ``self.step = partial(self.update)``,
    ``update = make_update(..)``) from an expression that mentions one of them, and the
    parameters of the module's functions that a call passes one of them to."""
    out = set(names)
    for _ in range(_MAX_DEPTH):
        before = len(out)
        for statement in nodes_of(model.tree, ast.Assign):
            if _mentions(statement.value, out):
                for target in statement.targets:
                    out |= {n for n in map(_last_name, ast.walk(target)) if n is not None}
        for call, _ in model.calls:
            for keyword in call.keywords:
                if keyword.arg is not None and _mentions(keyword.value, out):
                    out.add(keyword.arg)
            # ``train(self.update)`` with ``def train(step_fn)`` in the module: ``step_fn``.
            called = [f for f in model.functions.values() if f.name == _last_name(call.func)]
            for index, given in enumerate(call.args):
                if _mentions(given, out):
                    out |= {f.positional[index].name for f in called if index < len(f.positional)}
        if len(out) == before:
            break
    return out


def _unpacks(call: ast.Call) -> bool:
    """Whether a call unpacks ``*xs`` or ``**kw``."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    )


def _frame_function(model: ModuleModel, line: int) -> Function | None:
    """The innermost function of a module whose body holds the line (a frame's function)."""
    found: Function | None = None
    for function in model.functions.values():
        node = function.node
        body = node.body if isinstance(node.body, list) else [node.body]
        if body[0].lineno <= line <= (node.end_lineno or node.lineno) and (
            found is None or node.lineno >= found.node.lineno
        ):
            found = function
    return found


# Attribute bags whose constructor's keywords are the attributes.
_NAMESPACES: Final = frozenset({"types.SimpleNamespace", "argparse.Namespace"})


def _sets_attribute(tree: ast.Module, attr: str) -> bool:
    """Whether the module assigns ``attr`` on some value (``cfg.attr = ..``, ``+=``,
    ``setattr``)."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == attr
            and isinstance(node.ctx, ast.Store)
        ):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
        ):
            return True
    return False


def _attribute_named(site: Place, name: str) -> bool:
    """Whether a call's callee is an attribute of that name (``obj.name(..)``)."""
    func = site.node.func if isinstance(site.node, ast.Call) else None
    return isinstance(func, ast.Attribute) and func.attr == name


def _fills(call: ast.Call, function: Function, skip: int = 0) -> bool:
    """Whether a call's arguments fill a function's parameters past the first ``skip`` (a
    bound ``self``): no more positional ones than it takes, keywords it declares, each
    parameter without a default given, none unpacked."""
    if _unpacks(call):
        return False
    positional = [p.name for p in function.positional][skip:]
    if len(call.args) > len(positional) and not function.has_varargs:
        return False
    given = set(positional[: len(call.args)])
    names = {p.name for p in function.params if p.kind in ("positional", "keyword")}
    takes_any = any(p.kind == "kwarg" for p in function.params)
    for keyword in call.keywords:
        assert keyword.arg is not None
        if keyword.arg in given or (keyword.arg not in names and not takes_any):
            return False
        given.add(keyword.arg)
    bound = {p.name for p in function.positional[:skip]}
    return all(
        p.has_default or p.name in given
        for p in function.params
        if p.kind in ("positional", "keyword") and p.name not in bound
    )


def _function_of_param(place: Place) -> Function | None:
    """The function whose parameter the name ``place`` reads: its one binding, or the one
    that reaches the read (``params`` on a line before ``params = update(params, g)``)."""
    if not isinstance(place.node, ast.Name):
        return None
    bindings = place.scope.lookup_all(place.node.id)
    if len(bindings) > 1 and any(b.kind == "param" for b in bindings):
        bindings = reaching_bindings(place, place.node, bindings)
    if len(bindings) != 1 or bindings[0].kind != "param":
        return None
    return place.model.functions.get(bindings[0].node)


def _is_field(made: Place) -> bool:
    """Whether an expression is a ``dataclasses.field(...)`` call."""
    node = made.node
    return (
        isinstance(node, ast.Call)
        and not node.args
        and made.model.qualified_name(node.func, made.scope) == "dataclasses.field"
    )


def _default_factory(made: Place) -> ast.expr | None:
    """The class a ``dataclasses.field(default_factory=C)`` call makes its default with."""
    if not _is_field(made):
        return None
    assert isinstance(made.node, ast.Call)
    return keyword_value(made.node, "default_factory")


def _classmethod(function: Function) -> bool:
    return any(
        isinstance(d, ast.Name) and d.id == "classmethod"
        for d in getattr(function.node, "decorator_list", [])
    )


def _static(function: Function) -> bool:
    return any(
        isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
        for d in getattr(function.node, "decorator_list", [])
    )


def _methods(cls: Place) -> Iterator[Function]:
    assert isinstance(cls.node, ast.ClassDef)
    for item in cls.node.body:
        function = cls.model.functions.get(item)
        if function is not None:
            yield function


def _is_property(owner: Place, method: Function) -> bool:
    """Whether a method is read as a value: ``@property`` / ``@functools.cached_property``."""
    scope = (
        _scope_of_class(owner) if isinstance(owner.node, ast.ClassDef) else owner.model.module_scope
    )
    return any(
        owner.model.qualified_name(d, scope) in ("property", "functools.cached_property")
        or (isinstance(d, ast.Name) and d.id == "property")
        for d in getattr(method.node, "decorator_list", [])
    )


def _scope_of_class(cls: Place) -> Scope:
    assert isinstance(cls.node, ast.ClassDef)
    body = cls.model.classes.get(cls.node)
    return body.parent if body is not None and body.parent is not None else cls.model.module_scope


def _class_assigns(cls: ast.ClassDef, name: str) -> bool:
    return any(
        isinstance(s, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in s.targets)
        for s in cls.body
    )


def _assigned_to(target: ast.expr, value: ast.expr | None, this: str, attr: str) -> ast.expr | None:
    """The value ``self.attr`` gets from an assignment, also out of ``self.a, self.b = a, b``."""
    if (
        isinstance(target, ast.Attribute)
        and target.attr == attr
        and isinstance(target.value, ast.Name)
        and target.value.id == this
    ):
        return value
    if (
        isinstance(target, ast.Tuple)
        and isinstance(value, ast.Tuple)
        and len(target.elts) == len(value.elts)
    ):
        for inner, item in zip(target.elts, value.elts, strict=True):
            found = _assigned_to(inner, item, this, attr)
            if found is not None:
                return found
    return None


def argument(call: ast.Call, names: list[str], name: str) -> ast.expr | None:
    """What a call passes for the parameter ``name`` among positional ``names``."""
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword.value
    if name not in names:
        return None
    index = names.index(name)
    if any(isinstance(a, ast.Starred) for a in call.args[: index + 1]) or any(
        k.arg is None for k in call.keywords
    ):
        return None
    return call.args[index] if index < len(call.args) else None


def _default(function: Function, name: str) -> ast.expr | None:
    node = function.node
    args = [*node.args.posonlyargs, *node.args.args]
    first = len(args) - len(node.args.defaults)
    for index, arg in enumerate(args):
        if arg.arg == name and index >= first:
            return node.args.defaults[index - first]
    for arg, default in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True):
        if arg.arg == name:
            return default  # ``def f(*args, flag=None)``: keyword-only, None without one
    return None


# -- shapes ------------------------------------------------------------------------------------

# Constructors whose shape is their first argument.
_SHAPED_FIRST = frozenset({"zeros", "ones", "empty", "full"})
_LIKE = frozenset({"zeros_like", "ones_like", "empty_like", "full_like"})


# Methods of ``x.at[idx]`` that give a copy of ``x`` with some entries changed: its shape and
# dtype are ``x``'s (``get`` gathers, and is not one).
_UPDATES = frozenset({"set", "add", "multiply", "mul", "divide", "min", "max", "power", "apply"})


def updated_array(node: ast.AST) -> ast.expr | None:
    """The array ``x`` of ``x.at[idx].set(v)`` (and the other updates), else None."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    indexed = node.func.value
    if node.func.attr not in _UPDATES or not isinstance(indexed, ast.Subscript):
        return None
    at = indexed.value
    if isinstance(at, ast.Attribute) and at.attr == "at":
        return at.value
    return None


def _mapped_by(callee: Callee, mapping: Place) -> Callee:
    """``callee`` run by the ``jax.vmap`` call ``mapping``; mapped twice, which axes a
    parameter loses is not followed (no ``mapping``)."""
    return replace(callee, mapped=True, mapping=None if callee.mapped else mapping)


def mapped_axes(call: ast.Call, name: str, position: int) -> ast.expr:
    """What a ``jax.vmap`` call gives for ``in_axes`` (position 1) or ``out_axes`` (position
    2), its default 0 where it gives none."""
    given = keyword_value(call, name)
    if given is None and len(call.args) > position:
        given = call.args[position]
    return ast.Constant(0) if given is None else given


def _axis_given(axis: ast.expr) -> bool | None:
    """Whether an ``in_axes`` / ``out_axes`` entry maps an axis (an int), leaves the value
    whole (``None``), or is in doubt (a name, a tree of axes)."""
    if isinstance(axis, ast.UnaryOp) and isinstance(axis.op, ast.USub):
        axis = axis.operand
    if isinstance(axis, ast.Constant):
        if axis.value is None:
            return False
        if isinstance(axis.value, int) and not isinstance(axis.value, bool):
            return True
    return None


def output_batched(mapping: Place) -> bool | None:
    """Whether the function a ``jax.vmap`` call makes returns a batch (``out_axes`` an int,
    by default): its output has one axis more than the mapped function's."""
    call = mapping.node
    if not isinstance(call, ast.Call):
        return None
    return _axis_given(mapped_axes(call, "out_axes", 2))


def keyword_value(call: ast.Call, name: str) -> ast.expr | None:
    """The expression a call passes for keyword ``name``, or None."""
    return next((k.value for k in call.keywords if k.arg == name), None)


def shape_of(flow: Flow, place: Place, depth: int = 0) -> tuple[int, ...] | None:
    """The shape of an array the project builds with literal sizes (``jnp.zeros((5, 2))``,
    ``jax.random.normal(key, x.shape[:1])``, ``jnp.ones_like(w)``), followed through the value
    flow; None where any size is not known."""
    if depth > _MAX_DEPTH:
        return None
    node = place.node
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
        made = flow.one_maker(place)
        if made is None or made.node is node:
            return None
        return shape_of(flow, made, depth + 1)
    if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
        # Arithmetic with a number keeps the array's shape.
        sides = [node.left, node.right]
        numbers = [isinstance(n, ast.Constant) and type(n.value) in (int, float) for n in sides]
        if numbers.count(True) != 1:
            return None
        return shape_of(flow, place.at(sides[numbers.index(False)]), depth + 1)
    if not isinstance(node, ast.Call):
        return None
    array = updated_array(node)
    if array is not None:
        return shape_of(flow, place.at(array), depth + 1)
    qualified = place.model.qualified_name(node.func, place.scope) or ""
    module, _, name = qualified.rpartition(".")
    dtype_only = all(k.arg == "dtype" for k in node.keywords)
    if module in ("jax.numpy", "numpy") and name in _SHAPED_FIRST and node.args and dtype_only:
        return sizes(flow, place.at(node.args[0]), depth + 1)
    if module in ("jax.numpy", "numpy") and name in _LIKE and node.args and dtype_only:
        return shape_of(flow, place.at(node.args[0]), depth + 1)
    sampled = sampled_shape(node, qualified)
    if sampled is not None and sampled[1] is not None:
        return sizes(flow, place.at(sampled[1]), depth + 1)
    return None


def sampled_shape(call: ast.Call, qualified: str | None) -> tuple[Sampler, ast.expr | None] | None:
    """For a call of a jax.random or NumPy sampler whose draw has the shape asked for
    (``jax.random.t(key, df, (n, 3))``, ``jax.random.normal(key, shape=s)``, ``rng.normal(size=n)``
    with ``qualified`` ``numpy.random.normal``), the sampler and
    the ``shape`` it is given (None where it is left out); None for any other call."""
    sampler = library().samplers.get(qualified or "")
    if sampler is None or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    position = sampler.shape_position
    given = call.args[position] if len(call.args) > position else None
    return sampler, given or keyword_value(call, sampler.keyword)


# What makes a NumPy random generator, whose methods are sampled as numpy.random's functions.
_GENERATORS = frozenset({"numpy.random.default_rng", "numpy.random.Generator"})


def numpy_generator(flow: Flow, place: Place) -> bool:
    """Whether ``place``'s value is a NumPy ``Generator`` (``np.random.default_rng(0)``, or a
    name the value flow follows to one)."""
    node = place.node
    if isinstance(node, ast.Name | ast.Attribute):
        made = flow.one_maker(place)
        if made is None or made.node is node:
            return False
        place, node = made, made.node
    if not isinstance(node, ast.Call):
        return False
    return place.model.qualified_name(node.func, place.scope) in _GENERATORS


def sizes(flow: Flow, place: Place, depth: int = 0) -> tuple[int, ...] | None:
    """A shape written as a value: ``5``, ``(n, 2)`` with ``n = 5``, ``x.shape``,
    ``x.shape[:1]``."""
    if depth > _MAX_DEPTH:
        return None
    node = place.node
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return (node.value,)
    if isinstance(node, ast.Tuple | ast.List):
        out: list[int] = []
        for item in node.elts:
            found = _size(flow, place.at(item), depth + 1)
            if found is None:
                return None
            out.append(found)
        return tuple(out)
    if isinstance(node, ast.Attribute) and node.attr == "shape":
        return shape_of(flow, place.at(node.value), depth + 1)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        whole = sizes(flow, place.at(node.value), depth + 1)
        bounds = [node.slice.lower, node.slice.upper, node.slice.step]
        if whole is None or any(
            b is not None and not (isinstance(b, ast.Constant) and type(b.value) is int)
            for b in bounds
        ):
            return None
        lower, upper, step = (
            b.value if isinstance(b, ast.Constant) and type(b.value) is int else None
            for b in bounds
        )
        return whole[slice(lower, upper, step)]
    if isinstance(node, ast.Name):
        made = flow.one_maker(place)
        return None if made is None or made.node is node else sizes(flow, made, depth + 1)
    found = _size(flow, place, depth)
    return None if found is None else (found,)


def _size(flow: Flow, place: Place, depth: int) -> int | None:
    node = place.node
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and type(node.slice.value) is int
    ):
        whole = sizes(flow, place.at(node.value), depth + 1)
        index = node.slice.value
        return whole[index] if whole is not None and -len(whole) <= index < len(whole) else None
    if isinstance(node, ast.Name):
        made = flow.one_maker(place)
        return None if made is None or made.node is node else _size(flow, made, depth + 1)
    return None


def listed_items(docstring: str) -> int:
    """How many things the first sentence of a docstring lists, by its commas and ``and``
    outside brackets: 3 for "log Phi(x), the Mills ratio phi(x)/Phi(x), and the mask."."""
    sentence = docstring.strip().split("\n\n")[0].replace("\n", " ")
    sentence = re.split(r"\.(\s|$)", sentence)[0]
    parts: list[str] = []
    depth = 0
    current = ""
    for char in sentence:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    if len(parts) == 1:
        # "the value and its derivative": two things joined by one ``and``.
        return len(re.split(r"\s+and\s+", sentence))
    last = parts[-1].strip()
    # "Mean, variance and count": the last part joins two things without a comma.
    joined = not last.startswith("and ") and re.search(r"\s+and\s+", last) is not None
    return len([p for p in parts if p.strip()]) + joined


def wants_scalar(site: Place) -> bool:
    """Whether a call's result is read as one number: ``float(f(x))``, ``int(..)``,
    ``f(x).item()``."""
    parent = site.model.parents.get(site.node) if isinstance(site.node, ast.Call) else None
    if isinstance(parent, ast.Attribute):
        return parent.attr == "item"
    return (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id in ("float", "int")
        and site.scope.lookup(parent.func.id) is None
        and parent.args[:1] == [site.node]
    )


def documented(says: Callable[[str], bool]) -> Callable[[Function], bool]:
    """A contract a function states in its docstring (``says`` reads it)."""

    def contract(function: Function) -> bool:
        if isinstance(function.node, ast.Lambda):
            return False
        text = ast.get_docstring(function.node)
        return text is not None and says(text)

    return contract

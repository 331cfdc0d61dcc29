"""Culprits of static sizes computed from traced data (``jnp.arange(jnp.max(lengths))``).

Where a size the failing call needs is taken from an array's values inside the traced function:

``max_len = jnp.max(lengths)`` then ``jnp.arange(max_len)`` under ``jax.jit``: the count is a
tracer, and ``arange`` / ``zeros`` / ``one_hot`` / a sampler's ``shape`` need a Python value to
fix the result's shape. No jit argument is to blame (``lengths`` is data, traced by design);
the change belongs where the size is computed from the data (take it from a shape, a static
argument or the configuration). The value flow follows the size from the failing call's size
argument to what makes it; only a value made by JAX from arrays (a library call, an array
method such as ``labels.max()``, arithmetic on one) inside the traced function counts. Where it
is made in a helper off the traceback (``infer_num_classes(labels)``), the call that hands it
to the traced code is named: the helper does what it says, the use under jit is the fault.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence

from jaxerr_ls.culprit_flow import Flow
from jaxerr_ls.culprit_state import Code, Found, Place, traced_function
from jaxerr_ls.library import library
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.project import Function, ModuleModel, Scope
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Span

# The parameters that fix a result's shape, by position and keyword, of the calls that take a
# size (samplers come from the library tables).
_SIZES: dict[str, tuple[tuple[int, str], ...]] = {
    "jax.numpy.arange": ((0, "start"), (1, "stop"), (2, "step")),
    "jax.numpy.zeros": ((0, "shape"),),
    "jax.numpy.ones": ((0, "shape"),),
    "jax.numpy.empty": ((0, "shape"),),
    "jax.numpy.full": ((0, "shape"),),
    "jax.numpy.eye": ((0, "N"), (1, "M")),
    "jax.numpy.identity": ((0, "n"),),
    "jax.numpy.tri": ((0, "N"), (1, "M")),
    "jax.numpy.tril_indices": ((0, "n"),),
    "jax.numpy.triu_indices": ((0, "n"),),
    "jax.numpy.linspace": ((2, "num"),),
    "jax.numpy.logspace": ((2, "num"),),
    "jax.numpy.geomspace": ((2, "num"),),
    "jax.numpy.tile": ((1, "reps"),),
    "jax.numpy.reshape": ((1, "shape"),),
    "jax.numpy.broadcast_to": ((1, "shape"),),
    "jax.numpy.resize": ((1, "new_shape"),),
    "jax.nn.one_hot": ((1, "num_classes"),),
    "jax.lax.iota": ((1, "size"),),
    "jax.lax.dynamic_slice": ((2, "slice_sizes"),),
    "range": ((0, ""), (1, ""), (2, "")),
}
# Functions of JAX whose result is a Python value read from a shape, not from the data.
_STATIC = frozenset({"shape", "ndim", "size", "result_type", "dtype", "iinfo", "finfo"})
# Array methods that compute from the values (besides the reductions of the library tables).
_VALUE_METHODS = frozenset({"astype", "round", "clip", "cumsum", "sum", "max", "min"})


def _size_arguments(model: ModuleModel, call: ast.Call, scope: Scope) -> list[ast.expr]:
    """The arguments of ``call`` that fix its result's shape (by the tables)."""
    qualified = model.qualified_name(call.func, scope)
    if qualified is None:
        return []
    canonical = library().canonical(qualified)
    slots = _SIZES.get(canonical) or _SIZES.get(qualified, ())
    sampler = library().samplers.get(canonical)
    if sampler is not None:
        slots = ((sampler.shape_position, sampler.keyword),)
    if any(isinstance(a, ast.Starred) for a in call.args):
        return []
    found: list[ast.expr] = []
    for position, keyword in slots:
        if position < len(call.args):
            found.append(call.args[position])
        found += [k.value for k in call.keywords if keyword and k.arg == keyword]
    # A shape display: each of its items is a size.
    out: list[ast.expr] = []
    for node in found:
        out += list(node.elts) if isinstance(node, ast.Tuple | ast.List) else [node]
    return [n for n in out if not isinstance(n, ast.Constant)]


def _enclosing(model: ModuleModel, line: int) -> Function | None:
    around = [
        f
        for f in model.functions.values()
        if f.node.lineno <= line <= (f.node.end_lineno or f.node.lineno)
    ]
    return max(around, key=lambda f: (f.node.lineno, f.node.col_offset)) if around else None


def _traced_frames(code: Code, captures: Mapping[str, str], frames: Sequence[Span]) -> set[int]:
    """The functions (by id of their node) of the frames inside the function jit traced, the
    traced one included; empty where the message names none or no frame is in it."""
    traced = traced_function(code, captures)
    if traced is None:
        return set()
    function = traced[1]
    inside: set[int] = set()
    for span in frames:
        model = code.model(span.path)
        enclosing = _enclosing(model, span.line) if model is not None else None
        if enclosing is None:
            return set()
        inside.add(id(enclosing.node))
        if enclosing is function:
            return inside
    return set()


class _Sizes:
    def __init__(self, code: Code, frames: Sequence[Span]) -> None:
        self.code = code
        self.flow = Flow(code, frames)

    def from_data(self, made: Place, depth: int = 0) -> bool:
        """Whether JAX computes the value ``made`` from arrays' values: a call of JAX (not one
        reading a shape), an array method of the library's reductions, arithmetic on one."""
        node = made.node
        if depth > 6:
            return False
        if isinstance(node, ast.BinOp):
            return any(self._operand(made.at(o), depth) for o in (node.left, node.right))
        if isinstance(node, ast.UnaryOp):
            return self._operand(made.at(node.operand), depth)
        if isinstance(node, ast.BoolOp):
            return any(self._operand(made.at(v), depth) for v in node.values)
        if not isinstance(node, ast.Call):
            return False
        given = [*node.args, *(k.value for k in node.keywords)]
        if isinstance(node.func, ast.Attribute):
            given.append(node.func.value)  # a method reads its receiver
        reads = [n for a in given for n in ast.walk(a)]
        if not any(isinstance(n, ast.Name) for n in reads) or any(
            isinstance(n, ast.Attribute) and n.attr in _STATIC for n in reads
        ):
            return False
        qualified = made.model.qualified_name(node.func, made.scope)
        if qualified is not None:
            name = qualified.rpartition(".")[2]
            return qualified.startswith("jax.") and name not in _STATIC
        if isinstance(node.func, ast.Attribute):
            # ``labels.max()``: a method of the value, not of a project object.
            methods = {q.rpartition(".")[2] for q in library().reductions} | _VALUE_METHODS
            return node.func.attr in methods and all(k.arg == "axis" for k in node.keywords)
        return False

    def _operand(self, place: Place, depth: int) -> bool:
        node = place.node
        if isinstance(node, ast.Constant):
            return False
        if isinstance(node, ast.Attribute) and node.attr in _STATIC:
            return False
        return any(self.from_data(m, depth + 1) for m in self.flow.makers(place) or [])

    def culprit(self, made: Place, inside: set[int]) -> Place | None:
        """Where the traced code takes the size ``made``: ``made`` in a function of the traced
        frames, or the one call that enters the helper it is made in from one of them."""
        function = _enclosing(made.model, getattr(made.node, "lineno", 0))
        if function is None:
            return None
        if id(function.node) in inside:
            return made
        calls = self.flow.entered_by(function)
        if len(calls) != 1:
            return None
        [call] = calls
        caller = _enclosing(call.model, getattr(call.node, "lineno", 0))
        return call if caller is not None and id(caller.node) in inside else None


def size_culprit(
    files: ProjectFiles, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    """The statement that computes, from traced data, the size the failing call needs."""
    if not frames:
        return None
    code = Code(files)
    inside = _traced_frames(code, captures, frames)
    if not inside:
        return None
    failing = frames[0]
    sizes = _Sizes(code, frames)
    found: dict[int, tuple[Place, str]] = {}
    for model, call, scope in code.calls_on(failing):
        for argument in _size_arguments(model, call, scope):
            makers = sizes.flow.makers(Place(failing.path, model, argument, scope))
            if not makers:
                continue
            for made in makers:
                if not sizes.from_data(made):
                    continue
                at = sizes.culprit(made, inside)
                if at is None:
                    return None
                found[id(at.node)] = (at, ast.unparse(argument))
    if len(found) != 1:
        return None
    [(at, shown)] = found.values()
    span = code.span(at.path, at.node)
    if span.path == failing.path and span.line == failing.line:
        return None  # computed on the failing line: that line is the change
    computed = ast.unparse(at.node)
    what = f"`{shown}`" if computed == shown else f"`{shown}` (`{computed}`)"
    why = (
        f"{what} is computed here from traced array values, but it decides a shape: under "
        "`jax.jit` it must be a Python value (take it from a `.shape`, a static argument or "
        "the configuration)"
    )
    return Found(span, CulpritKind.TRACER_DATA_SIZE, shown, why)

"""Build the library tables (``data/library/tables.json``) from the JAX installed beside the
interpreter: what each function of jax.numpy, jax.nn, jax.scipy, jax.random and jax.lax does to
the rank and dtype of what it is given, which primitives it lowers to, which run a
``while_loop``; and the kind of every dtype NumPy accepts by name.

Nothing here is typed by hand: every entry comes from tracing the real function on abstract
arrays (``jax.make_jaxpr`` on ``ShapeDtypeStruct``s: no computation runs) or from its real
signature. ``scripts/library-tables`` writes the file or checks it; the core tests check the
shipped file against the installed JAX where there is one. The server reads the file through
``jaxerr_ls.library`` and never imports JAX.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

# The modules whose public functions are traced, as the project names them once imported.
MODULES = (
    "jax.numpy",
    "jax.numpy.linalg",
    "jax.numpy.fft",
    "jax.nn",
    "jax.scipy.special",
    "jax.scipy.linalg",
    "jax.lax",
)
# Shapes of each rank without axes of size one, then the same ranks with some: a function whose
# result's rank depends on sizes (``squeeze``) gives two different answers and is left out.
_PLAIN = ((), (2,), (2, 3), (2, 3, 4))
_UNIT = ((), (1,), (1, 3), (2, 1, 4))
# Pairs of operand shapes and the shape they broadcast to.
_PAIRS = (
    ((3,), (), (3,)),
    ((), (3,), (3,)),
    ((2, 1), (3,), (2, 3)),
    ((2, 3, 4), (3, 4), (2, 3, 4)),
)
# Primitives every function lowers to on the way (calls, conversions, shape bookkeeping).
_PLUMBING = frozenset(
    {
        "pjit",
        "jit",
        "closed_call",
        "custom_jvp_call",
        "custom_vjp_call",
        "convert_element_type",
        "broadcast_in_dim",
        "reshape",
        "squeeze",
        "expand_dims",
        "copy",
        "copy_p",
    }
)


def _quiet(call: Callable[[], Any]) -> Any:
    """``call()``, or None where it raises (most functions refuse most inputs)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return call()
        except Exception:  # a refusal of any kind means "not this shape"
            return None


def _primitives(jaxpr: Any) -> set[str]:
    """The primitives a traced program runs, inside nested programs (jit, cond, loops) too."""
    found: set[str] = set()
    stack = [jaxpr]
    while stack:
        current = stack.pop()
        inner = getattr(current, "jaxpr", None)
        if inner is not None and not hasattr(current, "eqns"):
            stack.append(inner)
            continue
        for eqn in getattr(current, "eqns", ()):
            found.add(eqn.primitive.name)
            for value in eqn.params.values():
                values = value if isinstance(value, list | tuple) else (value,)
                stack.extend(v for v in values if hasattr(v, "eqns") or hasattr(v, "jaxpr"))
    return found


def _public(module: Any) -> Iterator[tuple[str, Any]]:
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        value = getattr(module, name, None)
        if callable(value) and not inspect.ismodule(value):
            yield name, value


def _program(function: Any, *args: Any) -> Any:
    """The closed program of ``function(*args)``, else None."""
    import jax

    return _quiet(lambda: jax.make_jaxpr(function)(*args))


def _trace(function: Any, *args: Any) -> Any:
    """The closed program of ``function(*args)`` with one array out, else None."""
    closed = _program(function, *args)
    if closed is None or len(closed.out_avals) != 1:
        return None
    if not hasattr(closed.out_avals[0], "shape"):
        return None
    return closed


def _arrays(shape: tuple[int, ...]) -> Any:
    import jax
    import jax.numpy as jnp

    # jax's ShapeDtypeStruct is not annotated.
    return jax.ShapeDtypeStruct(shape, jnp.float32)  # type: ignore[no-untyped-call]


def _ranks(function: Any, make: Callable[[tuple[int, ...]], Any]) -> list[int | None] | None:
    """The result's rank for an argument of each rank 0..3 (None where it is refused), where
    sizes do not change it; None where they do or every rank is refused."""
    answers = []
    for shapes in (_PLAIN, _UNIT):
        ranks = []
        for shape in shapes:
            closed = _trace(function, make(shape))
            ranks.append(None if closed is None else len(closed.out_avals[0].shape))
        answers.append(ranks)
    plain, unit = answers
    if plain != unit or all(r is None for r in plain):
        return None
    return plain


def _broadcasts(function: Any) -> bool:
    for left, right, expected in _PAIRS:
        closed = _trace(function, _arrays(left), _arrays(right))
        if closed is None or tuple(closed.out_avals[0].shape) != expected:
            return False
    return True


def _axis_position(function: Any) -> int | None:
    """Where ``axis`` goes positionally in a reduction that takes ``axis`` and ``keepdims``,
    checked on real shapes: over every axis a scalar, over one a rank less, kept the same."""
    signature = _quiet(partial(inspect.signature, function))
    if signature is None or not {"axis", "keepdims"} <= set(signature.parameters):
        return None
    positional = [
        p.name
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    if "axis" not in positional:
        return None
    x = _arrays((2, 3, 4))
    every = _trace(function, x)
    one = _trace(lambda a: function(a, axis=1), x)
    kept = _trace(lambda a: function(a, axis=1, keepdims=True), x)
    shapes = [None if c is None else len(c.out_avals[0].shape) for c in (every, one, kept)]
    return positional.index("axis") if shapes == [0, 2, 3] else None


def _lowered(function: Any) -> set[str]:
    """The primitives ``function`` lowers to on one, two or three vectors or a square matrix."""
    found: set[str] = set()
    vector = _arrays((3,))
    for args in ((vector,), (vector, vector), (vector, vector, vector), (_arrays((3, 3)),)):
        closed = _program(function, *args)
        if closed is not None:
            found |= _primitives(closed.jaxpr)
    return found


def _samplers() -> dict[str, dict[str, Any]]:
    """jax.random's samplers whose draw has exactly the ``shape`` asked for: where ``shape``
    goes positionally, and the rank of a draw without one (0 where the default is ``()``, None
    where the parameters' broadcast decides)."""
    import jax
    import jax.random as jr

    key = jax.ShapeDtypeStruct((), jax.random.key(0).dtype)  # type: ignore[no-untyped-call]
    found: dict[str, dict[str, Any]] = {}
    for name, function in _public(jr):
        signature = _quiet(partial(inspect.signature, function))
        if signature is None or "shape" not in signature.parameters:
            continue
        params = list(signature.parameters.values())
        if not params or params[0].name != "key":
            continue
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        names = [p.name for p in positional]
        if "shape" not in names:
            continue
        required = [p.name for p in positional[1:] if p.default is p.empty and p.name != "shape"]

        def draw(shape: tuple[int, ...], f: Any = function, given: Any = required) -> Any:
            def call(k: Any, *values: Any) -> Any:
                return f(k, shape=shape, **dict(zip(given, values, strict=True)))

            return _trace(call, key, *[_arrays(()) for _ in given])

        exact = True
        for shape in ((5,), (5, 6)):
            closed = _quiet(partial(draw, shape))
            if closed is None or len(closed.out_avals[0].shape) != len(shape):
                exact = False
        if not exact:
            continue
        default = signature.parameters["shape"].default
        found[f"jax.random.{name}"] = {
            "shape": names.index("shape"),
            "keyword": "shape",
            "omitted": 0 if default == () else None,
        }
    return found


def _numpy_samplers() -> dict[str, dict[str, Any]]:
    """NumPy's samplers (a ``Generator``'s methods, read as ``numpy.random.<name>`` as the
    module's functions of the same names are) whose draw has exactly the ``size`` asked for:
    where ``size`` goes positionally, and the rank of a draw without one (0 where ``size`` is
    the first parameter, None where the parameters' broadcast decides)."""
    import numpy as np

    rng = np.random.default_rng(0)
    found: dict[str, dict[str, Any]] = {}
    for name, method in _public(rng):
        signature = _quiet(partial(inspect.signature, method))
        if signature is None or "size" not in signature.parameters:
            continue
        params = signature.parameters.values()
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        names = [p.name for p in positional]
        if "size" not in names:
            continue
        required = [p.name for p in positional if p.default is p.empty]
        exact = False
        for value in (1.0, 2):
            given = dict.fromkeys(required, value)
            drawn = [_quiet(partial(method, size=size, **given)) for size in ((5,), (5, 6))]
            if all(np.shape(d) == size for d, size in zip(drawn, ((5,), (5, 6)), strict=True)):
                exact = True
                break
        if exact:
            position = names.index("size")
            found[f"numpy.random.{name}"] = {
                "shape": position,
                "keyword": "size",
                "omitted": 0 if position == 0 else None,
            }
    return found


def _dtype_constructors(module: Any, prefix: str) -> dict[str, str]:
    """``jnp.float32``, ``jnp.int8``...: scalar types called as functions, by dtype kind."""
    import numpy as np

    kinds = {"f": "float", "i": "int", "u": "int", "b": "bool", "c": "complex"}
    found: dict[str, str] = {}
    for name in sorted(dir(module)):
        value = getattr(module, name, None)
        if name.startswith("_") or not isinstance(value, type):
            continue
        dtype = _quiet(partial(np.dtype, getattr(value, "dtype", value)))
        if dtype is None or dtype.kind not in kinds or dtype.name in ("object",):
            continue
        if _trace(value, _arrays((2, 3))) is None:
            continue
        found[f"{prefix}.{name}"] = kinds[dtype.kind]
    return found


# The dtype kinds by NumPy's one-letter ``dtype.kind``.
_KINDS = {"b": "bool", "i": "int", "u": "int", "f": "float", "c": "complex"}
# An argument of each kind, in the shapes tried in turn (a function refusing a matrix may take a
# vector; a linear-algebra one wants a square matrix).
_KIND_DTYPES = (("bool", "bool"), ("int", "int32"), ("float", "float32"), ("complex", "complex64"))
_KIND_SHAPES = ((2, 3), (3,), (3, 3))


def _kind_of(dtype: Any) -> str | None:
    import numpy as np

    found = _quiet(partial(np.dtype, dtype))
    return None if found is None else _KINDS.get(found.kind)


def _dtype_map(function: Any) -> dict[str, str] | None:
    """The dtype kind of ``f(x)`` for ``x`` of each kind (bool, int, float, complex), where every
    array ``f`` returns is of one kind (``jnp.meshgrid``'s list too); None where no kind is
    taken."""
    import jax

    found: dict[str, str] = {}
    for kind, dtype in _KIND_DTYPES:
        for shape in _KIND_SHAPES:
            argument = jax.ShapeDtypeStruct(shape, dtype)  # type: ignore[no-untyped-call]
            closed = _program(function, argument)
            if closed is None or not closed.out_avals:
                continue
            kinds = {_kind_of(getattr(a, "dtype", None)) for a in closed.out_avals}
            if len(kinds) == 1 and None not in kinds:
                found[kind] = kinds.pop()  # type: ignore[assignment]
            break
    return found or None


# Python's binary operators by the name of their ``ast`` node, and the Python scalars (weakly
# typed to JAX: they take an array's dtype unless of a higher kind) beside the arrays of
# ``_KIND_DTYPES``.
_OPERATORS = (
    ("Add", "add"),
    ("Sub", "sub"),
    ("Mult", "mul"),
    ("Div", "truediv"),
    ("FloorDiv", "floordiv"),
    ("Mod", "mod"),
    ("Pow", "pow"),
    ("MatMult", "matmul"),
    ("BitAnd", "and_"),
    ("BitOr", "or_"),
    ("BitXor", "xor"),
    ("LShift", "lshift"),
    ("RShift", "rshift"),
)
_SCALARS = (("pyint", 2), ("pyfloat", 2.0), ("pycomplex", 2j))


def _operator_kinds() -> dict[str, dict[str, str]]:
    """The dtype kind of ``x <op> y`` by the kinds of ``x`` and ``y`` (``"bool,pyint"``: a
    boolean array and a Python int), at least one of them an array, where JAX takes them: its
    promotion of each operator, traced."""
    import operator

    import jax

    operands: list[tuple[str, Any]] = [
        (kind, jax.ShapeDtypeStruct((3, 3), dtype))  # type: ignore[no-untyped-call]
        for kind, dtype in _KIND_DTYPES
    ]
    operands += list(_SCALARS)
    table: dict[str, dict[str, str]] = {}
    for name, attribute in _OPERATORS:
        function = getattr(operator, attribute)
        found: dict[str, str] = {}
        for left_kind, left in operands:
            for right_kind, right in operands:
                if left_kind.startswith("py") and right_kind.startswith("py"):
                    continue  # Python's own arithmetic
                arrays = [a for a in (left, right) if not isinstance(a, int | float | complex)]

                def applied(
                    *given: Any, left: Any = left, right: Any = right, function: Any = function
                ) -> Any:
                    values = iter(given)
                    a = left if isinstance(left, int | float | complex) else next(values)
                    b = right if isinstance(right, int | float | complex) else next(values)
                    return function(a, b)

                closed = _program(applied, *arrays)
                if closed is None or len(closed.out_avals) != 1:
                    continue
                kind = _kind_of(closed.out_avals[0].dtype)
                if kind is not None:
                    found[f"{left_kind},{right_kind}"] = kind
        table[name] = found
    return table


def _dtype_names() -> dict[str, str]:
    """The kind of every dtype NumPy accepts by name or type code (``"int16"``, ``"f4"``,
    ``"uint"``, ``"?"``); a leading byte-order character (``"<u2"``) is read apart."""
    import numpy as np

    names = {k for k in np.sctypeDict if isinstance(k, str)} | set(np.typecodes["All"])
    names |= {f"{kind}{size}" for kind in "iufcb" for size in (1, 2, 4, 8, 16)}
    found: dict[str, str] = {}
    for name in sorted(names):
        kind = _kind_of(name)
        if kind is not None:
            found[name] = kind
    return found


def build(only: frozenset[str] | None = None) -> dict[str, Any]:
    """Every table, from the installed JAX; with ``only``, the entries of those functions
    alone (and every sampler and dtype, which are quick to find)."""
    import importlib

    import jax

    rank_maps: dict[str, list[int | None]] = {}
    joining: dict[str, list[int | None]] = {}
    broadcasting: list[str] = []
    reductions: dict[str, int] = {}
    lowers_to: dict[str, list[str]] = {}
    while_loops: list[str] = []
    dtype_constructors: dict[str, str] = {}
    dtype_maps: dict[str, dict[str, str]] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        dtype_constructors |= _dtype_constructors(module, module_name)
        for name, function in _public(module):
            qualified = f"{module_name}.{name}"
            if only is not None and qualified not in only:
                continue
            axis = _axis_position(function)
            if axis is not None:
                reductions[qualified] = axis
            ranks = _ranks(function, _arrays)
            if ranks is not None:
                rank_maps[qualified] = ranks
            joined = _ranks(function, lambda s: [_arrays(s), _arrays(s)])
            if joined is not None:
                joining[qualified] = joined
            dtypes = _dtype_map(function)
            if dtypes is not None:
                dtype_maps[qualified] = dtypes
            if _broadcasts(function):
                broadcasting.append(qualified)
            primitives = _lowered(function)
            if "while" in primitives:
                while_loops.append(qualified)
            kept = sorted(primitives - _PLUMBING)
            if kept:
                lowers_to[qualified] = kept
    return {
        "jax": jax.__version__,
        "rank_maps": rank_maps,
        "joining": joining,
        "broadcasting": sorted(broadcasting),
        "reductions": reductions,
        "samplers": _samplers() | _numpy_samplers(),
        "dtype_constructors": dtype_constructors,
        "dtype_maps": dtype_maps,
        "dtype_names": _dtype_names(),
        "operators": _operator_kinds(),
        "lowers_to": lowers_to,
        "while_loops": sorted(while_loops),
    }

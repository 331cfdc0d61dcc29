"""Dtypes of the values a project builds, inferred over the value flow, and where an integer
array that reaches a differentiating transform is made.

``jax.grad`` refuses an integer input wherever the integer came from: a ``jnp.arange(n)`` in a
classmethod constructor, the ``jnp.max`` of integer counts in a dict of initial values, a
``jnp.array`` of a Python table of sites multiplied by an integer spacing, an ``np.bincount``
turned into a pytree's field. One walk serves them all: the argument is followed by the value
flow (``culprit_flow``) to the containers that hold it (dict, list and tuple displays, the
construction of a project class, keyed by field), each leaf's dtype is inferred from what
makes it (constructors and their ``dtype``, conversions and reductions that keep their input's
dtype, arithmetic with JAX's promotion of Python scalars), and an integer leaf is followed
upstream while its integer-ness comes from an array the project itself builds as integers;
it stops at the expression that first makes an integer array out of Python numbers, out of
data handed in (a parameter) or out of an API that returns integers by nature. Where any step
is in doubt (several makers that disagree, an unknown dtype) the answer is None.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_ls.culprit_flow import Flow, keyword_value, tuple_items, updated_array
from jaxerr_ls.culprit_leaves import flattened_children
from jaxerr_ls.culprit_state import Place
from jaxerr_ls.library import Library, library
from jaxerr_ls.project import class_fields

# The dtype kinds: JAX arrays, and Python scalars (weakly typed: they take an array's dtype).
INT, BOOL, FLOAT, COMPLEX = "int", "bool", "float", "complex"
PY_INT, PY_FLOAT, PY_COMPLEX = "pyint", "pyfloat", "pycomplex"
_RANK = {BOOL: 0, PY_INT: 1, INT: 2, PY_FLOAT: 3, FLOAT: 4, PY_COMPLEX: 5, COMPLEX: 6}
_MAX_DEPTH = 12

_INT_NAMES = frozenset(
    {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "int_", "int"}
)
_FLOAT_NAMES = frozenset({"float16", "bfloat16", "float32", "float64", "float_", "float"})
_COMPLEX_NAMES = frozenset({"complex64", "complex128", "complex_", "complex"})
_BOOL_NAMES = frozenset({"bool_", "bool"})

# Functions of jax.numpy / numpy by their last name, grouped by the dtype of their result.
_INT_BY_NATURE = frozenset(
    {
        "argmax",
        "argmin",
        "argsort",
        "searchsorted",
        "digitize",
        "bincount",
        "argwhere",
        "flatnonzero",
        "nonzero",
        "indices",
        "randint",
        "categorical",
        "poisson",
        "binomial",
        "integers",
        "count_nonzero",
    }
)
# APIs that return booleans whatever they are given (draws, tests of values).
_BOOL_BY_NATURE = frozenset(
    {"bernoulli", "isnan", "isinf", "isfinite", "isclose", "logical_and", "logical_or"}
)
_FLOAT_ALWAYS = frozenset(
    {
        "zeros",
        "ones",
        "empty",
        "eye",
        "identity",
        "linspace",
        "logspace",
        "mean",
        "average",
        "var",
        "std",
        "exp",
        "log",
        "log1p",
        "expm1",
        "sqrt",
        "sin",
        "cos",
        "tan",
        "tanh",
        "sigmoid",
        "softmax",
        "log_softmax",
        "logsumexp",
        "normal",
        "uniform",
        "truncated_normal",
        "gumbel",
        "laplace",
        "power",
        "true_divide",
        "divide",
        "norm",
        "interp",
        "arctan2",
        "hypot",
    }
)
# Keep the dtype of their first argument when no dtype is given.
_KEEPING = frozenset(
    {
        "array",
        "asarray",
        "copy",
        "max",
        "min",
        "amax",
        "amin",
        "abs",
        "absolute",
        "negative",
        "sort",
        "reshape",
        "ravel",
        "flatten",
        "transpose",
        "squeeze",
        "expand_dims",
        "atleast_1d",
        "atleast_2d",
        "broadcast_to",
        "tile",
        "repeat",
        "roll",
        "flip",
        "zeros_like",
        "ones_like",
        "empty_like",
        "cumsum",
        "cumprod",
        "sum",
        "prod",
        "diff",
        "clip",
        "round",
        "floor_divide",
        "remainder",
        "T",
        "swapaxes",
        "moveaxis",
    }
)
# Keep the joined dtype of all their array arguments.
_JOINING = frozenset(
    {"stack", "concatenate", "hstack", "vstack", "column_stack", "maximum", "minimum", "where"}
)
# Array methods that keep the dtype (``counts.max()``, ``x.reshape(2, -1)``).
# Reductions that count the True entries of a boolean array, in integers.
_COUNTING = frozenset({"sum", "prod", "cumsum", "cumprod"})
_KEEPING_METHODS = frozenset(
    {
        "reshape",
        "ravel",
        "flatten",
        "transpose",
        "squeeze",
        "copy",
        "max",
        "min",
        "sum",
        "prod",
        "cumsum",
        "clip",
        "round",
        "swapaxes",
        "repeat",
    }
)
# Of those, the ones that only rearrange the items: what they are called on built them.
_SHAPING_METHODS = frozenset({"reshape", "ravel", "flatten", "transpose", "squeeze", "swapaxes"})
_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


_LIKE = frozenset({"zeros_like", "ones_like", "empty_like", "full_like"})


def _array_module(qualified: str | None) -> str | None:
    """The last name of a function of jax.numpy, numpy, jax.random, jax.nn, numpy.random (or a
    NumPy random generator's method, ``rng.integers``), else None."""
    if qualified is None:
        return None
    module, _, name = qualified.rpartition(".")
    if module in ("jax.numpy", "numpy", "jax.random", "jax.nn", "numpy.random", "jax.numpy.linalg"):
        return name
    return None


def dtype_kind(name: str) -> str | None:
    """The kind of a dtype printed by name (``float32``, ``int8``, ``bool``) or written as NumPy
    reads a dtype string (``"<u2"``, ``"f4"``)."""
    if name in _INT_NAMES:
        return INT
    if name in _FLOAT_NAMES:
        return FLOAT
    if name in _COMPLEX_NAMES:
        return COMPLEX
    if name in _BOOL_NAMES:
        return BOOL
    return library().dtype_of_name(name)


def dtype_name(model_place: Place, node: ast.expr) -> str | None:
    """The kind a ``dtype`` argument names (``jnp.int32``, ``"float32"``, ``float``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        name = node.value
    elif isinstance(node, ast.Name) and node.id in ("int", "float", "bool", "complex"):
        if model_place.scope.lookup_all(node.id):
            return None
        name = node.id
    else:
        qualified = model_place.model.qualified_name(node, model_place.scope) or ""
        if not qualified.startswith(("jax.numpy.", "numpy.")):
            return None
        name = qualified.rsplit(".", 1)[-1]
    return dtype_kind(name)


def _weak(kind: str) -> bool:
    """A Python scalar's kind (weakly typed to JAX)."""
    return kind in (PY_INT, PY_FLOAT, PY_COMPLEX)


def _array(kind: str | None) -> str | None:
    """The dtype of an array made from a value of ``kind`` (Python ints become int32)."""
    return {PY_INT: INT, PY_FLOAT: FLOAT, PY_COMPLEX: COMPLEX}.get(kind or "", kind)


def _promote(kinds: list[str | None]) -> str | None:
    """JAX's promotion of the operands of arithmetic, Python scalars weakly typed."""
    if not kinds or any(k is None for k in kinds):
        return None
    known = [k for k in kinds if k is not None]
    arrays = [k for k in known if k in (INT, BOOL, FLOAT, COMPLEX)]
    top = max(known, key=lambda k: _RANK[k])
    if not arrays:
        return top
    # A weakly typed Python scalar of a higher kind lifts an array to that kind (int array *
    # 0.5 is float); of a lower or equal kind it takes the array's dtype.
    return _array(top) if _RANK[top] > _RANK[max(arrays, key=lambda k: _RANK[k])] else top


def _api_name(place: Place) -> str | None:
    node = place.node
    if not isinstance(node, ast.Call):
        return None
    return _array_module(place.model.qualified_name(node.func, place.scope))


def _counts_through_range(place: Place, node: ast.Name) -> bool:
    """A loop or comprehension variable that takes the values of ``range(...)``."""
    bindings = place.scope.lookup_all(node.id)
    if not bindings or place.scope.lookup_all("range"):
        return False
    for binding in bindings:
        loop = binding.node
        if not isinstance(loop, ast.For | ast.comprehension):
            return False
        source = loop.iter
        if not (
            isinstance(loop.target, ast.Name)
            and isinstance(source, ast.Call)
            and isinstance(source.func, ast.Name)
            and source.func.id == "range"
        ):
            return False
    return True


@dataclass
class Dtypes:
    """Dtype inference over one value flow (a flow that has entered the traceback's calls
    knows what their parameters hold)."""

    flow: Flow

    def of(self, place: Place, depth: int = 0) -> str | None:
        """The dtype kind of ``place``'s value, or None where it is not certain."""
        if depth > _MAX_DEPTH:
            return None
        node = place.node
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                return BOOL
            return {int: PY_INT, float: PY_FLOAT, complex: PY_COMPLEX}.get(type(value))
        if isinstance(node, ast.List | ast.Tuple):
            # A nested list of numbers, as ``jnp.array`` reads it.
            items = [self.of(place.at(e), depth + 1) for e in node.elts]
            return _promote(items) if items else None
        if isinstance(node, ast.ListComp):
            return self.of(place.at(node.elt), depth + 1)
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                return BOOL
            return self.of(place.at(node.operand), depth + 1)
        if isinstance(node, ast.Compare) and all(isinstance(o, _COMPARISONS) for o in node.ops):
            return BOOL
        if isinstance(node, ast.BinOp):
            return self._binop(place, node, depth)
        if isinstance(node, ast.Call):
            found = self._call(place, node, depth)
            if found != "follow":
                return found
        if isinstance(node, ast.Attribute) and node.attr == "T":
            return self.of(place.at(node.value), depth + 1)
        if isinstance(node, ast.Attribute) and node.attr in ("shape", "size", "ndim"):
            return PY_INT
        if isinstance(node, ast.Name) and _counts_through_range(place, node):
            return PY_INT
        if isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.Call):
            makers = self.flow.makers(place)
            if isinstance(node, ast.Subscript) and makers == [place]:
                # An element or a slice keeps the dtype of what it indexes; an entry of a
                # dict display, the one kind all its values share.
                entries = self._entries(place.at(node.value), depth)
                return entries if entries is not None else self.of(place.at(node.value), depth + 1)
            if not makers or any(m.node is node for m in makers):
                return None
            kinds = [self.of(m, depth + 1) for m in makers]
            return kinds[0] if kinds and all(k == kinds[0] for k in kinds) else None
        return None

    def _entries(self, place: Place, depth: int) -> str | None:
        """The kind every value of the one dict display ``place`` holds shares (an entry read
        by a key the code computes is any of them: ``positions[t]`` of ``{"a": 120, ..}``)."""
        makers = self.flow.makers(place)
        if not makers or len(makers) != 1 or not isinstance(makers[0].node, ast.Dict):
            return None
        display = makers[0].node
        if not display.values or any(k is None for k in display.keys):
            return None
        kinds = {self.of(makers[0].at(v), depth + 1) for v in display.values}
        return kinds.pop() if len(kinds) == 1 else None

    def _binop(self, place: Place, node: ast.BinOp, depth: int) -> str | None:
        sides = [self.of(place.at(node.left), depth + 1), self.of(place.at(node.right), depth + 1)]
        left, right = sides
        if left is not None and right is not None and not (_weak(left) and _weak(right)):
            # An array operand: JAX's promotion of this operator, traced into the tables
            # (``2 * draws - 1`` of booleans is int32; ``flags // 2`` too).
            return library().dtype_of_operator(type(node.op).__name__, left, right)
        if isinstance(node.op, ast.Div):
            if None in sides:
                return None
            return COMPLEX if any(s in (COMPLEX, PY_COMPLEX) for s in sides) else FLOAT
        if isinstance(node.op, ast.MatMult | ast.Add | ast.Sub | ast.Mult | ast.FloorDiv):
            return _promote(sides)
        if isinstance(node.op, ast.Mod | ast.Pow):
            return _promote(sides)
        return None

    def _call(self, place: Place, node: ast.Call, depth: int) -> str | None:
        """The dtype a library call returns; "follow" for a call the flow should enter."""
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "astype" and len(node.args) == 1:
            return self.named(place.at(node.args[0]))
        array = updated_array(node)
        if array is not None:
            # ``x.at[i].set(v)``: a copy of ``x``, its dtype kept (an array of Python scalars
            # stays so: ``of`` of ``x`` is an array's dtype there).
            return _array(self.of(place.at(array), depth + 1))
        if isinstance(func, ast.Name) and func.id in ("int", "float", "len", "round", "bool"):
            if place.scope.lookup_all(func.id):
                return "follow"
            return {"float": PY_FLOAT, "bool": BOOL}.get(func.id, PY_INT)
        qualified = place.model.qualified_name(func, place.scope)
        name = _array_module(qualified)
        if name is None and isinstance(func, ast.Attribute) and qualified is None:
            if func.attr in _KEEPING_METHODS and self.flow.callees(place.at(func)) == []:
                # ``counts.max()``: an array's method (no project function of that name runs);
                # ``mask.sum()`` counts, in integers.
                inner = _array(self.of(place.at(func.value), depth + 1))
                return INT if inner == BOOL and func.attr in _COUNTING else inner
            if func.attr == "integers":
                return INT  # a NumPy generator's ``rng.integers``
            return "follow"
        if name is None:
            # A function of jax.lax or jax.scipy the tables know; else the flow enters it.
            tabled = self._tabled(place, node, qualified, depth) if qualified else None
            return "follow" if tabled is None else tabled
        assert qualified is not None
        constructed = library().dtype_constructors.get(Library.canonical(qualified))
        if constructed is not None:
            return constructed  # ``jnp.float32(x)``: a scalar type called, its dtype's kind
        given = keyword_value(node, "dtype")
        if given is None and name in ("array", "asarray") and len(node.args) > 1:
            given = node.args[1]
        if given is None and name in ("zeros", "ones", "empty") and len(node.args) > 1:
            given = node.args[1]
        if given is None and name == "full" and len(node.args) > 2:
            given = node.args[2]
        if given is not None:
            return self.named(place.at(given))
        if name in _INT_BY_NATURE:
            return INT
        if name in _BOOL_BY_NATURE:
            return BOOL
        if name in _COUNTING and node.args:
            inner = _array(self.of(place.at(node.args[0]), depth + 1))
            return INT if inner == BOOL else inner
        if name in _FLOAT_ALWAYS:
            return FLOAT
        if name == "arange":
            kinds = [self.of(place.at(a), depth + 1) for a in node.args]
            if any(k in (PY_FLOAT, FLOAT) for k in kinds):
                return FLOAT
            return INT if node.args else None
        if name == "full" and len(node.args) > 1:
            return _array(self.of(place.at(node.args[1]), depth + 1))
        if name == "full_like" and node.args:
            return _array(self.of(place.at(node.args[0]), depth + 1))
        if name in _KEEPING and node.args:
            return _array(self.of(place.at(node.args[0]), depth + 1))
        if name in _JOINING and node.args:
            first = node.args[0]
            parts = (
                first.elts
                if isinstance(first, ast.List | ast.Tuple) and name not in ("maximum", "minimum")
                else node.args[1:]
                if name == "where"
                else node.args
            )
            return _array(_promote([self.of(place.at(p), depth + 1) for p in parts]))
        return self._tabled(place, node, qualified, depth)

    def _tabled(self, place: Place, node: ast.Call, qualified: str, depth: int) -> str | None:
        """The dtype the library tables give for ``f(x, ...)`` from the dtype of ``x`` (the
        kind ``f`` returns whatever it takes, where ``x`` is unknown)."""
        tables = library()
        if Library.canonical(qualified) not in tables.dtype_maps:
            return None
        given = _array(self.of(place.at(node.args[0]), depth + 1)) if node.args else None
        return tables.dtype_of_call(qualified, given)

    def named(self, place: Place) -> str | None:
        """The kind a ``dtype`` argument names, written there or held by a value the flow
        follows to where it is written (``cfg.dtype`` of a config whose field is ``"int8"``)."""
        assert isinstance(place.node, ast.expr)
        found = dtype_name(place, place.node)
        followed = isinstance(place.node, ast.Name | ast.Attribute | ast.Subscript)
        if found is not None or not followed:
            return found
        made = self.flow.one_maker(place)
        node = place.node
        read_off = isinstance(node, ast.Attribute) and node.attr == "dtype"
        if read_off and (made is None or made.node is node):
            # ``dtype=counts.dtype``: the dtype of the array it is read from.
            assert isinstance(node, ast.Attribute)
            return _array(self.of(place.at(node.value)))
        if made is None or made.node is place.node or not isinstance(made.node, ast.expr):
            return None
        return dtype_name(made, made.node)

    # -- where an integer array is made --------------------------------------------------------

    def int_origin(self, place: Place, depth: int = 0) -> Place | None:
        """The expression that makes ``place``'s integer array, followed upstream while the
        integers come from an array the project builds (``knots = jnp.arange(n)``), stopped at
        the expression that makes integers out of Python numbers, data handed in, or an API
        that returns integers by nature. None where that is in doubt."""
        if depth > _MAX_DEPTH or self.of(place) not in (INT, PY_INT):
            return None
        node = place.node
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv):
            # ``cents // 100``: the floor division keeps the integers where ``/`` makes
            # floats; converting there is the change, not the integers it divides.
            return place
        if isinstance(node, ast.BinOp):
            sides = [place.at(node.left), place.at(node.right)]
            arrays = [s for s in sides if self.of(s) == INT]
            if len(arrays) != 1:
                return place if not arrays else None
            array = self.int_origin(arrays[0], depth + 1) or place
            scalar = next(s for s in sides if s is not arrays[0])
            literal = self._int_literal(scalar)
            if literal is not None and _api_name(array) == "arange":
                # ``jnp.arange(n) * spacing``: the range counts positions, the Python int
                # scaling it (a length, a rate) is the quantity written without its point.
                return literal
            return array
        if isinstance(node, ast.UnaryOp):
            return self.int_origin(place.at(node.operand), depth + 1) or place
        if isinstance(node, ast.Attribute) and node.attr == "T":
            return self.int_origin(place.at(node.value), depth + 1)
        if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
            makers = self.flow.makers(place)
            if isinstance(node, ast.Subscript) and makers == [place]:
                return self.int_origin(place.at(node.value), depth + 1)  # ``a[::-1]``
            if makers is None or len(makers) != 1 or makers[0].node is node:
                return None
            return self.int_origin(makers[0], depth + 1)
        if not isinstance(node, ast.Call):
            return place
        func = node.func
        qualified = place.model.qualified_name(func, place.scope)
        name = _array_module(qualified)
        if name is None and isinstance(func, ast.Attribute) and func.attr in _KEEPING_METHODS:
            inner = place.at(func.value)
            if func.attr in _COUNTING and self.of(inner) == BOOL:
                return place  # ``(counts > 0).sum(axis=0)``: integers made by counting
        elif name in _LIKE:
            # ``jnp.zeros_like(counts)``: a new array with only its template's dtype and
            # shape; where ``dtype=`` belongs, whatever made the template's integers.
            return place
        elif name in _KEEPING and node.args and keyword_value(node, "dtype") is None:
            inner = place.at(node.args[0])
        elif name is None and self._followed(place):
            makers = self.flow.makers(place)
            if makers is None or len(makers) != 1 or makers[0].node is node:
                return None
            return self.int_origin(makers[0], depth + 1)
        elif name == "full" and len(node.args) == 2 and keyword_value(node, "dtype") is None:
            # ``jnp.full(shape, cfg.init)``: one Python int written as the fill, where it is
            # written; a fill written in place (``jnp.full(shape, 0)``) is this call's line.
            literal = self._int_literal(place.at(node.args[1]))
            return literal if literal is not None else place
        elif name in _JOINING and name not in ("maximum", "minimum", "where") and node.args:
            # ``jnp.stack([x, jnp.zeros_like(x)])``: where the integer parts agree on one.
            parts = node.args[0].elts if isinstance(node.args[0], ast.List | ast.Tuple) else []
            ints = [place.at(p) for p in parts if self.of(place.at(p)) == INT]
            made = [self.int_origin(p, depth + 1) for p in ints]
            first = made[0] if made else None
            if first is not None and all(m is not None and m.node is first.node for m in made):
                return first
            return place
        else:
            return place  # made here: a constructor, an integer dtype, integers by nature
        # A conversion, reduction or reshape of integers: made here unless what it is given
        # is an integer array the project builds (then there), or one Python int written
        # where a float belongs (``jnp.asarray(cfg.rate)`` with ``rate: float = 1``).
        literal = self._int_literal(inner) if name in ("array", "asarray") else None
        if literal is not None:
            return literal
        upstream = self.int_origin(inner, depth + 1)
        if upstream is None or upstream.node is inner.node:
            return place
        return upstream if self.builds_ints(upstream) else place

    def _int_literal(self, place: Place) -> Place | None:
        """The one Python int literal (``1``, not a table of them) that makes a value."""
        makers = self.flow.makers(place)
        if makers is None or len(makers) != 1:
            return None
        node = makers[0].node
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return makers[0]
        return None

    def bool_origin(self, place: Place) -> Place | None:
        """The expression that makes ``place``'s boolean array: a comparison or an API that
        returns booleans by nature (``jax.random.bernoulli``), followed through the value
        flow. None where that is in doubt."""
        if self.of(place) != BOOL:
            return None
        made = self.flow.one_maker(place)
        node = made.node if made is not None else None
        if isinstance(node, ast.Compare):
            return made
        if isinstance(node, ast.Call) and made is not None:
            name = _array_module(made.model.qualified_name(node.func, made.scope))
            return made if name in _BOOL_BY_NATURE else None
        return None

    def _followed(self, place: Place) -> bool:
        """A call of a project function (its returns make the value)."""
        assert isinstance(place.node, ast.Call)
        return bool(self.flow.callees(place.at(place.node.func)))

    def builds_ints(self, place: Place) -> bool:
        """An expression that chooses to build integers where floats could be had: a
        constructor with integer bounds or an integer dtype (``jnp.arange(n)``,
        ``jnp.zeros(3, int)``), ``jnp.array`` of Python ints. Not data handed in, nor an API
        that returns integers by nature (the conversion of those is where the change goes)."""
        node = place.node
        if not isinstance(node, ast.Call):
            return False
        name = _array_module(place.model.qualified_name(node.func, place.scope))
        func = node.func
        if name is None and isinstance(func, ast.Attribute) and func.attr in _SHAPING_METHODS:
            # ``jnp.arange(1, 21).reshape(-1, 2)``: reshaped, what it is made of.
            return self.builds_ints(place.at(func.value))
        if name in _INT_BY_NATURE or name is None:
            return False
        if name in ("array", "asarray") and node.args:
            return self.of(place.at(node.args[0])) == PY_INT
        return name in ("arange", "zeros", "ones", "full", "empty", "eye", "identity")

    def converts_to_ints(self, place: Place) -> bool:
        """An array the project makes of values it converts to Python ints one by one
        (``jnp.asarray([int(q) for q in fields])``, ``jnp.array([int(a), int(b)])``): the
        integers are written there, by choice, whatever the values were."""
        node = place.node
        if not isinstance(node, ast.Call) or not node.args:
            return False
        name = _array_module(place.model.qualified_name(node.func, place.scope))
        if name not in ("array", "asarray"):
            return False
        items = node.args[0]
        if isinstance(items, ast.ListComp | ast.GeneratorExp):
            elements = [items.elt]
        elif isinstance(items, ast.List | ast.Tuple) and items.elts:
            elements = list(items.elts)
        else:
            return False
        return all(
            isinstance(e, ast.Call)
            and isinstance(e.func, ast.Name)
            and e.func.id == "int"
            and not place.scope.lookup_all("int")
            for e in elements
        )


# -- the leaves of a differentiated argument ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Leaf:
    """One entry of a container the flow found an argument made by: its key (a dict key, a
    field or parameter name, a position), the expression that gives its value, and the
    project class that holds it (for a class's construction)."""

    key: str | int | None
    value: Place
    holder: Place | None = None


def leaves(flow: Flow, place: Place, depth: int = 0) -> list[Leaf] | None:
    """The leaves of the value an argument expression holds, through the containers the
    flow finds it made by (nested dict, list and tuple displays, constructions of project
    classes keyed by field); a value made otherwise is one leaf. None where in doubt."""
    if depth > 3:
        return None
    makers = flow.makers(place)
    if makers is None or len(makers) != 1:
        return None
    made = makers[0]
    node = made.node
    parts: list[tuple[str | int | None, Place, Place | None]] = []
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            return None
        for key, value in zip(node.keys, node.values, strict=True):
            if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
                return None
            parts.append((key.value, made.at(value), None))
    elif isinstance(node, ast.Tuple | ast.List):
        items = tuple_items(made)
        if items is None:
            return None
        parts = [(i, made.at(item), None) for i, item in enumerate(items)]
    elif isinstance(node, ast.Call):
        holder = constructed_class(flow, made)
        if holder is None:
            return [Leaf(None, made)]
        named = registered_arguments(flow, holder, node)
        if named is None:
            named = _constructor_arguments(flow, holder, node)
        if named is None:
            return None
        parts = [(key, made.at(value), holder) for key, value in named]
    else:
        return [Leaf(None, made)]
    out: list[Leaf] = []
    for part_key, part, part_holder in parts:
        inner = leaves(flow, part, depth + 1)
        if inner is None:
            return None
        if len(inner) == 1 and inner[0].key is None:
            out.append(Leaf(part_key, part, part_holder))
        else:
            out.extend(Leaf(f"{part_key}.{leaf.key}", leaf.value, leaf.holder) for leaf in inner)
    return out


def constructed_class(flow: Flow, call: Place) -> Place | None:
    """The project class a call constructs (``cls(...)`` in a classmethod: its class)."""
    node = call.node
    assert isinstance(node, ast.Call)
    cls = flow.code.resolve(call.at(node.func))
    if isinstance(cls.node, ast.ClassDef):
        return cls
    func = node.func
    binding = call.scope.lookup(func.id) if isinstance(func, ast.Name) else None
    function = call.model.functions.get(binding.node) if binding is not None else None
    if (
        binding is not None
        and binding.kind == "param"
        and function is not None
        and function.owner is not None
        and function.positional
        and function.positional[0].name == binding.name
        and any(
            isinstance(d, ast.Name) and d.id == "classmethod"
            for d in getattr(function.node, "decorator_list", [])
        )
    ):
        return Place(call.path, call.model, function.owner, call.model.module_scope)
    return None


def registered_arguments(
    flow: Flow, cls: Place, call: ast.Call
) -> list[tuple[str, ast.expr]] | None:
    """For a class registered as a pytree by a flatten function (``tree_flatten`` under
    ``@register_pytree_node_class``, or ``register_pytree_node``): its leaves, the children that
    function returns, keyed by attribute, each with what the construction passes the
    ``__init__`` parameter the attribute is set from (``self.degree = degree``). Children set
    otherwise are left out. None where the class is not registered so."""
    children = flattened_children(flow.code, cls)
    if children is None:
        return None
    passed = dict(_constructor_arguments(flow, cls, call) or [])
    init = flow.method(cls, "__init__")
    attributes = {name: name for name in passed}  # a dataclass: its fields are its parameters
    if init is not None:
        instance = init.function.positional[0].name if init.function.positional else None
        attributes = _set_from_parameters(init.place.node, instance)
    return [
        (attribute, passed[attributes[attribute]])
        for attribute, _ in children
        if attributes.get(attribute) in passed
    ]


def _set_from_parameters(init: ast.AST, instance: str | None) -> dict[str, str]:
    """The attributes ``__init__`` sets from a name (``self.degree = degree``, ``self.lo,
    self.hi = lo, hi``), by attribute."""
    out: dict[str, str] = {}
    for statement in ast.walk(init):
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target, value = statement.targets[0], statement.value
        pairs = [(target, value)]
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
            if len(target.elts) != len(value.elts):
                continue
            pairs = list(zip(target.elts, value.elts, strict=True))
        for left, right in pairs:
            if (
                isinstance(left, ast.Attribute)
                and isinstance(left.value, ast.Name)
                and left.value.id == instance
                and isinstance(right, ast.Name)
            ):
                out[left.attr] = right.id
    return out


def _constructor_arguments(
    flow: Flow, cls: Place, call: ast.Call
) -> list[tuple[str, ast.expr]] | None:
    """What a construction passes for each parameter of the class's ``__init__`` (or its
    fields, for a dataclass or NamedTuple)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return None
    init = flow.method(cls, "__init__")
    if init is not None:
        names = [p.name for p in init.function.positional][init.skip :]
    else:
        names = []
        for klass in reversed(flow.mro(cls)):
            assert isinstance(klass.node, ast.ClassDef)
            names += [n for n in class_fields(klass.node) if n not in names]
    if len(call.args) > len(names):
        return None
    out = list(zip(names, call.args, strict=False))
    out += [(k.arg, k.value) for k in call.keywords if k.arg is not None]
    return out

"""Ranks (numbers of axes) of the values a project computes, inferred over the value flow.

A vector loss is often a sum of terms, one of which keeps an axis: the data term reduced with
``jnp.mean``, a penalty left per group by ``jnp.linalg.norm(w, axis=1)``, a KL term per
example. Which term it is follows from ranks alone, whatever the sizes: a reduction without
``axis`` gives a scalar, one with ``axis=k`` drops one axis of what it is given, arithmetic
broadcasts to the larger rank, ``@`` contracts one axis of each side, a constructor's shape
has as many axes as it has sizes; names, attributes, parameters (to what the traceback's
calls pass) and project functions (to their returns) are followed by the value flow
(``culprit_flow``). A rank is given only where it is certain; None otherwise.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from jaxerr_ls.culprit_flow import Flow, keyword_value, numpy_generator, sampled_shape
from jaxerr_ls.culprit_state import Place
from jaxerr_ls.library import Library, library

# How deep expressions and the value flow's hops are followed (each value is worked out once
# per inference; this only bounds Python's stack).
_MAX_DEPTH = 48
T = TypeVar("T")

# Functions of jax.numpy (and numpy, jax.nn, jax.scipy.special) by last name: the reductions
# the library tables find (every one taking ``axis`` and ``keepdims``), and these.
_REDUCING = frozenset(name.rpartition(".")[2] for name in library().reductions) | frozenset(
    {
        "sum",
        "mean",
        "max",
        "min",
        "amax",
        "amin",
        "prod",
        "var",
        "std",
        "logsumexp",
        "median",
        "nansum",
        "nanmean",
        "average",
        "all",
        "any",
        "argmax",
        "argmin",
        "norm",
    }
)
_ELEMENTWISE = frozenset(
    {
        "exp",
        "log",
        "log1p",
        "expm1",
        "sqrt",
        "abs",
        "absolute",
        "square",
        "tanh",
        "sin",
        "cos",
        "tan",
        "sigmoid",
        "softplus",
        "relu",
        "gelu",
        "silu",
        "negative",
        "sign",
        "floor",
        "ceil",
        "round",
        "real",
        "imag",
        "conj",
        "gammaln",
        "erf",
        "logit",
        "log_sigmoid",
        "clip",
        "asarray",
        "array",
        "astype",
        "softmax",
        "log_softmax",
        "sort",
        "flip",
        "roll",
        "zeros_like",
        "ones_like",
        "full_like",
        "stop_gradient",
        # The Fourier transforms keep the rank of what they are given.
        "fft",
        "ifft",
        "rfft",
        "irfft",
        "fftshift",
        "ifftshift",
    }
)
# The library tables (built from the real JAX) add, by last name, every function of the
# modules below whose ``f(x, y)`` broadcasts its operands as arithmetic does (``logaddexp``)
# and every other one whose ``f(x)`` has ``x``'s rank for every rank (``jax.nn.mish``); not
# a name jax.random also draws by (``jax.random.gamma``: its shape is the sampler's), nor a
# scalar type (``np.float64([0.5, 1.5])`` takes a list the tables rank as joined).
_OWN_RULES = frozenset(
    name.rpartition(".")[2]
    for name in [*library().samplers, *library().dtype_constructors]
    if name.startswith(("jax.random.", "jax.numpy."))
)
_BROADCASTING = frozenset({"where", "<density>"}) | frozenset(
    last for name in library().broadcasting if (last := name.rpartition(".")[2]) not in _OWN_RULES
)
_ELEMENTWISE = _ELEMENTWISE | frozenset(
    last
    for name, ranks in library().rank_maps.items()
    if ranks == [0, 1, 2, 3]
    and name not in library().broadcasting
    and (last := name.rpartition(".")[2]) not in _OWN_RULES
)
_SHAPED = frozenset({"zeros", "ones", "empty", "full"})
_MODULES = (
    "jax.numpy",
    "numpy",
    "jax.nn",
    "jax.scipy.special",
    "jax.numpy.linalg",
    "jax.scipy.linalg",
    "jax.lax",
    "jax.numpy.fft",
    "numpy.fft",
)
# The updates of ``x.at[i]``, each an array like ``x``.
_AT_UPDATES = frozenset({"set", "add", "multiply", "divide", "power", "min", "max", "apply"})


def _at_indexed(method: ast.expr) -> ast.expr | None:
    """``x`` of ``x.at[i]``."""
    value = method.value if isinstance(method, ast.Subscript) else None
    if isinstance(value, ast.Attribute) and value.attr == "at":
        return value.value
    return None


def _library(qualified: str | None) -> str | None:
    if qualified is None:
        return None
    module, _, name = qualified.rpartition(".")
    if module.startswith("jax.scipy.stats.") and name in _DENSITIES:
        return _DENSITY  # broadcasts its arguments as arithmetic does
    return name if module in _MODULES or module == "jax.random" else None


# Functions of ``jax.scipy.stats``'s distributions, elementwise in their broadcast arguments.
_DENSITIES = frozenset({"pdf", "logpdf", "cdf", "logcdf", "sf", "logsf", "ppf", "pmf", "logpmf"})
_DENSITY = "<density>"
# How many arguments a broadcasting function needs to be the one meant (``jnp.where(c)`` with
# one argument gives indices).
_BROADCAST_ARGS = {"where": 3, _DENSITY: 1}


def _int_literal(node: ast.expr) -> bool:
    """``1``, ``-1``."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


# What ``_dropped_axes`` gives for a reduction over every axis.
_ALL_AXES = -1


def _dropped_axes(node: ast.Call, name: str, method: bool) -> int | None:
    """How many axes a reduction call drops: ``_ALL_AXES`` without ``axis``, 0 with
    ``keepdims=True``, the number of axes given; None where a variable decides."""
    # Where the axis goes positionally: after the array (``jnp.sum(x, 1)``), first for a
    # method (``x.sum(1)``), after ``ord`` for a norm.
    position = 0 if method else (2 if name == "norm" else 1)
    axis = keyword_value(node, "axis")
    if axis is None and len(node.args) > position:
        axis = node.args[position]
    keepdims = keyword_value(node, "keepdims")
    if keepdims is not None and not (
        isinstance(keepdims, ast.Constant) and keepdims.value is False
    ):
        if isinstance(keepdims, ast.Constant) and keepdims.value is True:
            return 0
        return None  # kept or not as a variable says
    if axis is None or (isinstance(axis, ast.Constant) and axis.value is None):
        return _ALL_AXES
    if isinstance(axis, ast.Tuple):
        return len(axis.elts)
    if _int_literal(axis):
        return 1
    return None  # an axis a variable holds: one or several


@dataclass
class Ranks:
    """Rank inference over one value flow."""

    flow: Flow
    # Each expression's rank and least rank, by its node and scope, once worked out.
    _ranks: dict[tuple[int, int], int | None] = field(default_factory=dict, init=False)
    _least: dict[tuple[int, int], int] = field(default_factory=dict, init=False)
    # The expressions being worked out: one met again is made from itself (not certain).
    _active: set[tuple[int, int]] = field(default_factory=set, init=False)

    def of(self, place: Place, depth: int = 0) -> int | None:
        """The number of axes of ``place``'s value, or None where it is not certain."""
        return self._slicing(lambda: self._once(self._ranks, place, depth, self._of, None))

    def _slicing(self, compute: Callable[[], T]) -> T:
        """``compute`` with the flow stopping where ``jax.vmap`` slices a value (a slice has
        one axis fewer than what the call passes; see ``_mapped``)."""
        if self.flow.slices:
            return compute()
        self.flow.slices = True
        try:
            return compute()
        finally:
            self.flow.slices = False

    def _mapped(
        self, place: Place, depth: int, rank: Callable[[Place, int], int | None]
    ) -> int | None:
        """The rank of a value ``jax.vmap`` makes: a parameter of the mapped function (a
        slice of what each call passes: one axis fewer), or a call of a mapped function (a
        batch of what it returns: one axis more); None where ``place`` is neither."""
        sliced = self.flow.sliced(place)
        if sliced is not None:
            ranks = [rank(p, depth + 1) for p in sliced]
            low = [r - 1 for r in ranks if r is not None and r >= 1]
            return min(low) if len(low) == len(ranks) else None
        batch = self.flow.batch_of(place)
        if batch is not None and all(m.node is not place.node for m in batch):
            ranks = [rank(m, depth + 1) for m in batch]
            high = [r + 1 for r in ranks if r is not None]
            return min(high) if len(high) == len(ranks) else None
        return None

    def _once(
        self,
        table: dict[tuple[int, int], T],
        place: Place,
        depth: int,
        compute: Callable[[Place, int], T],
        unknown: T,
    ) -> T:
        """``compute`` of an expression, worked out once per inference (``unknown`` for one
        met again while it is being worked out: a value made from itself)."""
        key = (id(place.node), id(place.scope))
        if key in table:
            return table[key]
        if depth > _MAX_DEPTH or key in self._active:
            return unknown
        self._active.add(key)
        try:
            value = compute(place, depth)
        finally:
            self._active.discard(key)
        table[key] = value
        return value

    def _of(self, place: Place, depth: int) -> int | None:
        node = place.node
        if isinstance(node, ast.Constant):
            return 0 if type(node.value) in (int, float, complex) else None
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            return self.of(place.at(node.operand), depth + 1)
        if isinstance(node, ast.BinOp):
            return self._binop(place, node, depth)
        if isinstance(node, ast.Call):
            found = self._call(place, node, depth)
            if found != "follow":
                return found if isinstance(found, int) else None
        if isinstance(node, ast.Attribute) and node.attr in ("T", "real", "imag"):
            return self.of(place.at(node.value), depth + 1)
        if isinstance(node, ast.Attribute) and node.attr in ("size", "ndim"):
            return 0
        if isinstance(node, ast.Subscript):
            indexed = self._indexed(place, node, depth)
            if indexed != "follow":
                return indexed if isinstance(indexed, int) else None
        if isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.Call):
            makers = self.flow.makers(place)
            if makers is not None and [m.node for m in makers] == [node]:
                mapped = self._mapped(place, depth, self.of)
                return None if mapped is None or mapped < 0 else mapped
            if not makers or any(m.node is node for m in makers):
                return None
            ranks = [self.of(m, depth + 1) for m in makers]
            return ranks[0] if all(r is not None and r == ranks[0] for r in ranks) else None
        return None

    def has_axes(self, place: Place) -> bool:
        """Whether ``place``'s value surely has at least one axis, where its exact rank may not
        be known (``jnp.mean(err, axis=0) + penalty`` keeps ``err``'s second axis whatever
        ``penalty`` is)."""
        return self.at_least(place) >= 1

    def at_least(self, place: Place, depth: int = 0) -> int:
        """How many axes ``place``'s value surely has (0 where nothing is certain): its rank
        where that is known; otherwise arithmetic and broadcasting functions keep every axis of
        each operand, elementwise functions their argument's, a reduction over ``k`` given axes
        drops ``k``, ``one_hot`` adds one; names are followed to every maker (the least of
        theirs)."""
        rank = self.of(place, depth)
        if rank is not None:
            return rank
        return self._slicing(lambda: self._once(self._least, place, depth, self._at_least, 0))

    def _at_least(self, place: Place, depth: int) -> int:
        node = place.node
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            return self.at_least(place.at(node.operand), depth + 1)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.MatMult):
                # Each side has an axis (``@`` takes no scalar), one of each is contracted
                # and a vector loses its only one: at least max(a, b) - 1 axes.
                left = self.at_least(place.at(node.left), depth + 1)
                right = self.at_least(place.at(node.right), depth + 1)
                return max(left, right, 1) - 1
            return max(
                self.at_least(place.at(node.left), depth + 1),
                self.at_least(place.at(node.right), depth + 1),
            )
        if isinstance(node, ast.Call):
            return self._call_at_least(place, node, depth)
        if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
            return self._least_made(place, depth)
        return 0

    def _least_made(self, place: Place, depth: int) -> int:
        """The least of what every maker of ``place``'s value surely has (0 where the flow
        finds none, or only the expression itself)."""
        makers = self.flow.makers(place)
        if makers is not None and [m.node for m in makers] == [place.node]:
            return self._mapped(place, depth, self.at_least) or 0
        if not makers or any(m.node is place.node for m in makers):
            return 0
        return min(self.at_least(m, depth + 1) for m in makers)

    def _callee(self, place: Place, node: ast.Call) -> tuple[str | None, ast.expr | None]:
        """The library function a call runs, by last name (or an array's method, with its
        array): ``("sum", x)`` for ``x.sum(axis=1)``; ``(None, None)`` for anything else (a
        project function the flow enters)."""
        func = node.func
        qualified = place.model.qualified_name(func, place.scope)
        name = _library(qualified)
        array_method = name is None and isinstance(func, ast.Attribute) and qualified is None
        if array_method and not self.flow.callees(place.at(func)):
            assert isinstance(func, ast.Attribute)
            return func.attr, func.value
        return name, None

    def _call_at_least(self, place: Place, node: ast.Call, depth: int) -> int:
        name, method = self._callee(place, node)
        args = node.args if method is None else [method, *node.args]
        if any(isinstance(a, ast.Starred) for a in args):
            return 0
        if name is None:
            return self._least_made(place, depth)  # a project function's returns
        first = place.at(args[0]) if args else None
        if first is None:
            return 0
        if name in _ELEMENTWISE:
            return self.at_least(first, depth + 1)
        if name in _BROADCASTING and len(args) >= _BROADCAST_ARGS.get(name, 2):
            return max(self.at_least(place.at(a), depth + 1) for a in args)
        if name == "one_hot":
            return self.at_least(first, depth + 1) + 1
        if name in _REDUCING:
            dropped = _dropped_axes(node, name, method is not None)
            if dropped is None or dropped == _ALL_AXES:
                return 0
            return max(self.at_least(first, depth + 1) - dropped, 0)
        return 0

    def _binop(self, place: Place, node: ast.BinOp, depth: int) -> int | None:
        left = self.of(place.at(node.left), depth + 1)
        right = self.of(place.at(node.right), depth + 1)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.MatMult):
            if left == 0 or right == 0:
                return None  # not a matrix product JAX accepts
            return max(left, right) if left > 1 and right > 1 else max(left, right) - 1
        return max(left, right)

    def _indexed(self, place: Place, node: ast.Subscript, depth: int) -> int | str | None:
        """``x[0]`` drops an axis, ``x[:, None]`` adds one, ``x[1:]`` keeps them; a
        subscript of a container the flow follows is "follow"."""
        value = node.value
        if isinstance(value, ast.Attribute) and value.attr == "shape":
            return 0
        key = node.slice
        items = key.elts if isinstance(key, ast.Tuple) else [key]
        makers = self.flow.makers(place)
        if makers != [place]:
            return "follow"  # an entry of a dict or tuple the flow finds
        whole = self.of(place.at(value), depth + 1)
        if whole is None:
            return None
        rank = whole
        for item in items:
            if isinstance(item, ast.Slice):
                continue
            if isinstance(item, ast.Constant) and item.value is None:
                rank += 1
            elif _int_literal(item):  # ``x[0]``, ``x[-1]``
                rank -= 1
            else:
                return None  # an index array, an ellipsis: not followed
        return rank if rank >= 0 else None

    def _call(self, place: Place, node: ast.Call, depth: int) -> int | str | None:
        """The rank a library call returns; "follow" for a call the flow should enter."""
        func = node.func
        name, method = self._callee(place, node)
        if name is None:
            if isinstance(func, ast.Name) and func.id in ("float", "int", "len"):
                return None if place.scope.lookup_all(func.id) else 0
            return "follow"
        args = node.args if method is None else [method, *node.args]
        first = place.at(args[0]) if args else None
        updated = None if method is None or name not in _AT_UPDATES else _at_indexed(method)
        if updated is not None:
            return self.of(place.at(updated), depth + 1)  # ``x.at[i].set(v)``: like ``x``
        if name in _REDUCING:
            return self._reduced(place, node, first, depth, method is not None)
        if name in ("array", "asarray") and first is not None:
            return self._nested(first, depth)
        if name == "one_hot" and first is not None:
            inner = self.of(first, depth + 1)
            return None if inner is None else inner + 1
        if name in _ELEMENTWISE and first is not None:
            return self.of(first, depth + 1)
        if name in _BROADCASTING and len(args) >= _BROADCAST_ARGS.get(name, 2):
            ranks = [self.of(place.at(a), depth + 1) for a in args]
            return None if any(r is None for r in ranks) else max(r for r in ranks if r is not None)
        if name in _SHAPED and method is None and node.args:
            return self._sizes(place.at(node.args[0]), depth)
        qualified = None if method is not None else place.model.qualified_name(func, place.scope)
        drawn = qualified
        if method is not None and numpy_generator(self.flow, place.at(method)):
            drawn = f"numpy.random.{name}"  # ``rng.normal(size=n)``
        sampled = sampled_shape(node, drawn)
        if sampled is not None:
            sampler, shape = sampled
            return sampler.omitted_rank if shape is None else self._sizes(place.at(shape), depth)
        if name == "matmul" and len(args) == 2:
            product = ast.BinOp(args[0], ast.MatMult(), args[1])
            return self._binop(place, product, depth)
        if name in ("dot", "tensordot") and len(args) >= 2:
            return self._contracted(place, node, name, args, depth)
        if name == "einsum" and method is None:
            return _einsum_rank(node)
        if name in ("vdot", "inner_product", "trace", "det", "slogdet_sign"):
            return 0
        if method is None and first is not None:
            shaped = self._library_shape(place, node, name, first, depth)
            if shaped != "unknown":
                return shaped if isinstance(shaped, int) else None
        if name in ("reshape", "ravel", "flatten") and method is not None:
            return 1 if name != "reshape" else self._sizes_of_reshape(place, node, depth)
        if name == "outer":
            return 2
        if method is None and qualified is not None:
            return self._tabled(place, node, qualified, depth)
        return None

    def _contracted(
        self, place: Place, node: ast.Call, name: str, args: list[ast.expr], depth: int
    ) -> int | None:
        """``dot(a, b)``: a scalar operand multiplies, otherwise the last axis of ``a`` meets
        the second-to-last of ``b`` (the last of a vector), rank ``A + B - 2``;
        ``tensordot(a, b, axes)`` drops the axes it sums from both, two for an int ``axes=2``
        (its default), as many as each listed sequence names."""
        left = self.of(place.at(args[0]), depth + 1)
        right = self.of(place.at(args[1]), depth + 1)
        if left is None or right is None:
            return None
        if name == "dot":
            return max(left, right) if left == 0 or right == 0 else left + right - 2
        axes = keyword_value(node, "axes") or (args[2] if len(args) > 2 else None)
        summed: int | None
        if axes is None:
            summed = 2
        elif isinstance(axes, ast.Constant) and type(axes.value) is int:
            summed = axes.value
        elif isinstance(axes, ast.Tuple | ast.List) and len(axes.elts) == 2:
            counts = {
                len(e.elts) if isinstance(e, ast.Tuple | ast.List) else 1 if _int_literal(e) else -1
                for e in axes.elts
            }
            summed = counts.pop() if len(counts) == 1 and -1 not in counts else None
        else:
            summed = None
        rank = None if summed is None else left + right - 2 * summed
        return rank if rank is not None and rank >= 0 else None

    def _tabled(self, place: Place, node: ast.Call, qualified: str, depth: int) -> int | None:
        """The rank a library function returns by the tables built from the real JAX
        (``jaxerr_ls.library``): ``f(x)`` by the rank of ``x`` (``jnp.float32(x)``,
        ``jnp.atleast_2d(x)``), ``f([x, y])`` by its items' (``np.column_stack``), ``f(x, y)``
        as broadcasting does; None where a keyword other than ``dtype`` may change it."""
        if any(k.arg != "dtype" for k in node.keywords):
            return None
        if any(isinstance(a, ast.Starred) for a in node.args):
            return None
        tables = library()
        name = Library.canonical(qualified)
        if len(node.args) == 2 and name in tables.broadcasting:
            ranks = [self.of(place.at(a), depth + 1) for a in node.args]
            return None if None in ranks else max(r for r in ranks if r is not None)
        if len(node.args) != 1:
            return None
        (given,) = node.args
        if name in tables.joining and isinstance(given, ast.List | ast.Tuple):
            items = {self.of(place.at(e), depth + 1) for e in given.elts}
            if len(items) != 1 or any(isinstance(e, ast.Starred) for e in given.elts):
                return None
            (rank,) = items
            return None if rank is None else tables.rank_of_joined(name, rank)
        if name in tables.rank_maps:
            rank = self._nested(place.at(given), depth)
            return None if rank is None else tables.rank_of_call(name, rank)
        return None

    def _library_shape(
        self, place: Place, node: ast.Call, name: str, first: Place, depth: int
    ) -> int | str | None:
        """The rank a constructor or shape function of jax.numpy returns (``jnp.stack(xs)``
        adds an axis to its items', ``jnp.linspace(a, b)`` has one); "unknown" for a name
        it does not know."""
        if name == "arange":
            return 1
        if name == "linspace" and len(node.args) >= 2:
            ends = [self.of(place.at(a), depth + 1) for a in node.args[:2]]
            return 1 if ends == [0, 0] else None
        if name in ("eye", "identity"):
            return 2
        if name == "stack":
            return self._nested(first, depth)
        if name == "concatenate":
            items = first.node
            if not isinstance(items, ast.List | ast.Tuple) or not items.elts:
                return None
            if any(isinstance(e, ast.Starred) for e in items.elts):
                return None
            ranks = {self.of(first.at(e), depth + 1) for e in items.elts}
            (rank,) = ranks if len(ranks) == 1 else (None,)
            return rank if rank is not None and rank >= 1 else None
        if name in ("take_along_axis", "diff", "transpose", "swapaxes", "moveaxis", "tril", "triu"):
            return self.of(first, depth + 1)
        if name in ("cumsum", "cumprod"):
            given = keyword_value(node, "axis") or (node.args[1] if len(node.args) > 1 else None)
            if given is None:
                return 1  # over the flattened array
            return self.of(first, depth + 1) if _int_literal(given) else None
        if name == "expand_dims":
            axis = keyword_value(node, "axis") or (node.args[1] if len(node.args) > 1 else None)
            inner = self.of(first, depth + 1)
            return (
                inner + 1 if inner is not None and axis is not None and _int_literal(axis) else None
            )
        return "unknown"

    def _reduced(
        self, place: Place, node: ast.Call, first: Place | None, depth: int, method: bool
    ) -> int | None:
        """``jnp.mean(x)`` is a scalar; ``jnp.sum(x, axis=1)`` drops one axis of ``x``."""
        name = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        dropped = _dropped_axes(node, name, method)
        if dropped is None:
            return None
        if dropped == _ALL_AXES:
            return 0
        whole = None if first is None else self.of(first, depth + 1)
        if whole is None:
            return None
        return whole - dropped if whole >= dropped else None

    def _nested(self, place: Place, depth: int) -> int | None:
        """The rank of an array made of a value: nested lists and tuples add an axis each."""
        node = place.node
        if isinstance(node, ast.List | ast.Tuple):
            if not node.elts or any(isinstance(e, ast.Starred) for e in node.elts):
                return None
            inner = [self._nested(place.at(e), depth + 1) for e in node.elts]
            first = inner[0]
            return first + 1 if first is not None and all(r == first for r in inner) else None
        return self.of(place, depth + 1)

    def _sizes(self, place: Place, depth: int) -> int | None:
        """How many sizes a shape written as a value has: ``(n, 2)``, ``5``, ``x.shape``."""
        node = place.node
        if isinstance(node, ast.Tuple | ast.List):
            if any(isinstance(e, ast.Starred) for e in node.elts):
                return None
            return len(node.elts)
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return 1
        if _one_size(place):
            return 1  # ``x.shape[0]``, ``len(xs)``: one int, a shape of one axis
        if isinstance(node, ast.Attribute) and node.attr == "shape":
            return self.of(place.at(node.value), depth + 1)
        if isinstance(node, ast.Name | ast.Attribute | ast.Subscript):
            makers = self.flow.makers(place)
            if makers is None or len(makers) != 1 or makers[0].node is node:
                return None
            made = makers[0].node
            if isinstance(made, ast.Tuple | ast.List | ast.Attribute) or _one_size(makers[0]):
                return self._sizes(makers[0], depth + 1)
            if isinstance(made, ast.Constant) and type(made.value) is int:
                return 1
        return None

    def _sizes_of_reshape(self, place: Place, node: ast.Call, depth: int) -> int | None:
        if len(node.args) == 1:
            return self._sizes(place.at(node.args[0]), depth)
        if node.args and not any(isinstance(a, ast.Starred) for a in node.args):
            return len(node.args)
        return None


def _einsum_rank(node: ast.Call) -> int | None:
    """The rank of ``einsum(spec, *operands)``: the letters after ``->``, or without it the
    letters that appear once (NumPy's implicit output); None with ``...`` (its axes are the
    operands') or a spec that is not a string written there."""
    spec = node.args[0] if node.args else None
    if not (isinstance(spec, ast.Constant) and isinstance(spec.value, str)):
        return None
    text = spec.value.replace(" ", "")
    if "..." in text or not all(c.isalpha() or c in ",->" for c in text):
        return None
    inputs, arrow, output = text.partition("->")
    if arrow:
        return len(output)
    letters = inputs.replace(",", "")
    return sum(1 for c in set(letters) if letters.count(c) == 1)


def _one_size(place: Place) -> bool:
    """One axis's size read off an array or a container: ``x.shape[0]`` (a constant index),
    ``len(xs)``."""
    node = place.node
    if isinstance(node, ast.Subscript):
        shape, index = node.value, node.slice
        return (
            isinstance(shape, ast.Attribute)
            and shape.attr == "shape"
            and isinstance(index, ast.Constant | ast.UnaryOp)
            and _int_literal(index)
        )
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
        and place.scope.lookup("len") is None
    )


# What ``parameter_axes`` finds a function's returned value keeps of its parameters' axes.
ELEMENTWISE_OF_PARAMETERS = "elementwise"
REDUCED_FROM_PARAMETERS = "reduced"


def parameter_axes(place: Place, parameters: frozenset[str]) -> str | None:
    """Whether a returned value has only the axes its function's parameters bring: made of
    them, numbers and constants of the module by arithmetic and item-by-item or broadcasting
    functions (``ELEMENTWISE_OF_PARAMETERS``), with reductions over given axes on the way
    (``REDUCED_FROM_PARAMETERS``); None where anything else may add an axis (a constructor,
    a project function, an attribute) or no parameter is read. Then the function makes no
    axis of its own: a vector it returns is one its caller gave it."""
    seen = {"parameter": False, "reduced": False}

    def made_of_parameters(node: ast.expr, depth: int) -> bool:
        if depth > _MAX_DEPTH:
            return False
        if isinstance(node, ast.Constant):
            return type(node.value) in (int, float)
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            return made_of_parameters(node.operand, depth + 1)
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            return made_of_parameters(node.left, depth + 1) and made_of_parameters(
                node.right, depth + 1
            )
        if isinstance(node, ast.Name):
            bindings = place.scope.lookup_all(node.id)
            if len(bindings) != 1:
                return False
            binding = bindings[0]
            if binding.kind == "param" and binding.scope is place.scope:
                if node.id not in parameters:
                    return False
                seen["parameter"] = True
                return True
            if binding.kind != "assign" or binding.value is None:
                return False
            if binding.scope is place.scope:
                return made_of_parameters(binding.value, depth + 1)
            # A module's constant (``EPS = 1e-6``).
            return binding.scope.parent is None and isinstance(binding.value, ast.Constant)
        if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
            return False
        name = _library(place.model.qualified_name(node.func, place.scope))
        if name is None or not node.args:
            return False
        if name in _REDUCING:
            dropped = _dropped_axes(node, name, False)
            if dropped is None or dropped == _ALL_AXES or dropped == 0:
                return False
            seen["reduced"] = True
            return made_of_parameters(node.args[0], depth + 1)
        mapping = name in _ELEMENTWISE and name not in ("array", "asarray", "astype")
        broadcasting = name in _BROADCASTING and len(node.args) >= _BROADCAST_ARGS.get(name, 2)
        if not (mapping or broadcasting):
            return False
        return all(made_of_parameters(a, depth + 1) for a in node.args)

    if not isinstance(place.node, ast.expr) or not made_of_parameters(place.node, 0):
        return None
    if not seen["parameter"]:
        return None
    return REDUCED_FROM_PARAMETERS if seen["reduced"] else ELEMENTWISE_OF_PARAMETERS

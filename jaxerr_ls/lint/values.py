"""What the source alone proves about a value: surely not a tuple, a tuple of a known length,
surely an array with at least one dimension. Each answer is "sure" or "don't know"; an unknown
value is never guessed at."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_ls.astindex import nodes_of
from jaxerr_ls.project import Function, Importer, ModuleModel, Scope

if TYPE_CHECKING:
    from jaxerr_ls.lint.flow import LintFiles
    from jaxerr_ls.lint.imports import ProjectModules

# Functions of these modules that always return one array (never a tuple), whatever their
# arguments. Functions that may return tuples (``where`` with one argument, ``split``,
# ``linalg.eigh``, ``nonzero``, ``divmod``, ...) are left out on purpose.
_ARRAY_FUNCTIONS = frozenset(
    """
    abs absolute add all amax amin any arccos arccosh arcsin arcsinh arctan arctan2
    arctanh argmax argmin around array asarray average broadcast_to cbrt ceil clip
    concatenate conj conjugate copysign cos cosh cumprod cumsum deg2rad diag diagonal
    divide dot einsum empty empty_like equal exp exp2 expand_dims expm1 eye fabs flip
    float_power floor floor_divide fmax fmin fmod full full_like greater greater_equal
    heaviside hypot imag inner isclose isfinite isinf isnan kron ldexp less less_equal
    linspace log log10 log1p log2 logaddexp logaddexp2 logical_and logical_not logical_or
    logical_xor logsumexp matmul max maximum mean median min minimum mod multiply
    nan_to_num nanmax nanmean nanmin nansum negative not_equal ones ones_like outer pad
    positive power prod rad2deg real reciprocal remainder repeat reshape rint roll round
    sign sin sinc sinh sort sqrt square squeeze stack std subtract sum swapaxes take
    take_along_axis tan tanh tensordot tile trace transpose tril triu true_divide trunc
    var vdot vstack hstack zeros zeros_like relu relu6 sigmoid softplus silu swish gelu
    elu celu selu leaky_relu log_sigmoid log_softmax softmax hard_tanh standardize one_hot
    """.split()  # noqa: SIM905 (a word list reads better than quoted strings)
)
_ARRAY_MODULES = frozenset({"jax.numpy", "jax.nn", "jax.scipy.special", "numpy"})
# Reductions that drop the axes they reduce over.
_REDUCTIONS = frozenset(
    """
    sum mean max min prod var std any all amax amin argmax argmin logsumexp median nansum
    nanmean nanmax nanmin
    """.split()  # noqa: SIM905 (a word list reads better than quoted strings)
)
_CONSTRUCTORS = frozenset({"zeros", "ones", "empty", "full"})
# An array's attributes and methods that are arrays too.
_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
_ARRAY_METHODS = frozenset(
    """
    sum mean max min prod var std reshape astype transpose squeeze ravel flatten clip conj
    round cumsum cumprod dot
    """.split()  # noqa: SIM905 (a word list reads better than quoted strings)
)
# Binary operators that tuples, lists and dicts do not support: the result is never a container
# (an array, a number, or a TypeError before anything is returned).
_NON_CONTAINER_OPS = (
    ast.Sub,
    ast.Div,
    ast.FloorDiv,
    ast.Pow,
    ast.MatMult,
    ast.LShift,
    ast.RShift,
    ast.BitAnd,
    ast.BitXor,
)
# Elementwise operators: broadcasting never drops a dimension.
_ELEMENTWISE_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.Mod)
_DEPTH = 8
_CUSTOM_RULES = frozenset({"jax.custom_vjp", "jax.custom_jvp"})
# Methods that change a dict in place.
_MUTATORS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__"})
# Expressions that make a tuple, list or dict.
_CONTAINER_DISPLAYS = (ast.Tuple, ast.List, ast.Dict, ast.ListComp, ast.DictComp)


@dataclass(frozen=True, slots=True)
class Project:
    """The project's other modules, and how the linted module imports them."""

    modules: ProjectModules
    importer: Importer


class Values:
    """Facts about expressions of one module, following single assignments by name (and, given
    the ``project``, the functions it imports from the project's other modules)."""

    def __init__(self, model: ModuleModel, project: Project | None = None) -> None:
        self.model = model
        self.project = project
        # What each function of the module returns on every path, as far as each question
        # goes (a function met again while its returns are looked at counts as unknown).
        self._returns: dict[tuple[str, int], bool] = {}
        self._flow_files: LintFiles | None = None

    def flow_files(self, path: Path, lines: Sequence[str]) -> LintFiles:
        """The module (at ``path``, with ``lines``) as the value flow reads it (``lint.flow``),
        made when a check first needs it and shared by the checks of this lint."""
        if self._flow_files is None:
            from jaxerr_ls.lint.flow import LintFiles

            modules = self.project.modules if self.project is not None else None
            self._flow_files = LintFiles(path, "\n".join(lines), self.model, modules)
        return self._flow_files

    def _returned(self, question: str, call: ast.Call, scope: Scope, depth: int) -> bool:
        """Whether a call of a function of the module surely returns what ``question``
        (``not_container`` or ``is_array``) says, on every path out of it."""
        importer = None if self.project is None else self.project.importer
        found = self.model.locate_function(call.func, scope, importer)
        if found is not None and found[0] is not self.model:
            # A function of another module of the project: asked with that module's facts.
            if self.project is None or not isinstance(found[1], Function):
                return False
            return self._in_module(found[0])._returned_function(question, found[1], depth)
        if found is None and isinstance(call.func, ast.Subscript):
            # ``LOSSES[name](logits, labels)``: every function the registry holds.
            registered = self._registered(call.func, scope) or []
            return bool(registered) and all(
                self._in_module(m)._returned_function(question, f, depth) for m, f in registered
            )
        function: object = None if found is None else found[1]
        if function is None and isinstance(call.func, ast.Name):
            # A custom_vjp / custom_jvp function returns what its body returns.
            binding = scope.lookup(call.func.id)
            node = None if binding is None or binding.kind != "def" else binding.node
            defined = self.model.functions.get(node) if node is not None else None
            if (
                defined is not None
                and defined.decorators
                and all(d in _CUSTOM_RULES for d in defined.decorators)
            ):
                function = defined
        if not isinstance(function, Function):
            return False
        return self._returned_function(question, function, depth)

    def _in_module(self, model: ModuleModel) -> Values:
        """The facts of another module of the project, sharing this one's memo of returns."""
        if model is self.model:
            return self
        other = Values(model, self.project)
        other._returns = self._returns  # one memo: keyed by the function's node
        return other

    def _registered(
        self, expr: ast.Subscript, scope: Scope
    ) -> list[tuple[ModuleModel, Function]] | None:
        """The functions a registry looked up with any key holds: ``REGISTRY[key]`` with
        ``REGISTRY`` bound once (here or in a project module it is imported from) to a dict
        display of functions, never stored into nor updated in its module."""
        holder = expr.value
        if not isinstance(holder, ast.Name):
            return None
        importer = None if self.project is None else self.project.importer
        model, binding = self.model, scope.lookup(holder.id)
        if binding is not None and binding.kind == "import" and importer is not None:
            module, _, name = (binding.qualified or "").rpartition(".")
            other = importer(module) if module else None
            model = other if other is not None else model
            binding = None if other is None else other.module_scope.lookup(name)
        if binding is None or binding.kind != "assign" or binding.scope is not model.module_scope:
            return None
        display = binding.value
        if not isinstance(display, ast.Dict) or not display.values or None in display.keys:
            return None
        name = binding.name
        for node in nodes_of(model.tree, (ast.Subscript, ast.Attribute)):
            held = node.value
            if not (isinstance(held, ast.Name) and held.id == name):
                continue
            if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
                return None  # ``REGISTRY[key] = f``
            if isinstance(node, ast.Attribute) and node.attr in _MUTATORS:
                return None  # ``REGISTRY.update(...)``
        out = []
        for value in display.values:
            found = model.locate_function(value, model.module_scope, importer)
            if found is None or not isinstance(found[1], Function):
                return None
            out.append((found[0], found[1]))
        return out

    def _returned_function(self, question: str, function: Function, depth: int) -> bool:
        """Whether every return of ``function`` (of this module) answers ``question``."""
        if function.is_generator or function.falls_off_end or not function.return_values:
            return False
        key = (question, id(function.node))
        if key not in self._returns:
            self._returns[key] = False
            test = getattr(self, question)
            self._returns[key] = all(
                value is not None and test(value, function.scope, depth + 1)
                for value in function.return_values
            )
        return self._returns[key]

    def resolve(self, expr: ast.expr, scope: Scope) -> tuple[ast.expr, Scope] | None:
        """A name's one assigned expression and the scope it is read in."""
        if not isinstance(expr, ast.Name):
            return None
        binding = scope.lookup(expr.id)
        if binding is None or binding.kind != "assign" or binding.value is None:
            return None
        return binding.value, binding.scope

    def array_call(self, expr: ast.expr, scope: Scope) -> str | None:
        """The function name when ``expr`` calls an array-returning function of ``jax.numpy``,
        ``jax.nn`` and the like."""
        if not isinstance(expr, ast.Call):
            return None
        name = self.model.qualified_name(expr.func, scope)
        if name is None:
            return None
        module, _, function = name.rpartition(".")
        if module in _ARRAY_MODULES and function in _ARRAY_FUNCTIONS:
            return function
        # ``where(condition, x, y)`` picks elements (with one argument it returns a tuple).
        if module in _ARRAY_MODULES and function == "where" and len(expr.args) == 3:
            return function
        return None

    def not_container(self, expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
        """Whether ``expr`` surely evaluates to something other than a tuple, list or dict."""
        if depth > _DEPTH:
            return False
        if isinstance(expr, ast.Constant):
            return not isinstance(expr.value, tuple)
        if isinstance(expr, ast.UnaryOp | ast.Compare | ast.JoinedStr):
            return True
        if isinstance(expr, ast.BinOp):
            if isinstance(expr.op, _NON_CONTAINER_OPS):
                return True
            if isinstance(expr.op, ast.Add | ast.Mult):
                # ``(a,) * 2`` and ``(a,) + (b,)`` are tuples; with an array on one side the
                # result is an array.
                return self.is_array(expr.left, scope, depth + 1) or self.is_array(
                    expr.right, scope, depth + 1
                )
            return False
        if self.array_call(expr, scope) is not None:
            return True
        if isinstance(expr, ast.Call) and self._returned("not_container", expr, scope, depth):
            return True
        resolved = self.resolve(expr, scope)
        if resolved is not None:
            return self.not_container(resolved[0], resolved[1], depth + 1)
        return False

    def is_array(self, expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
        """Whether ``expr`` is surely an array or a float (never a tuple, list, dict or int that
        could repeat a sequence)."""
        if depth > _DEPTH:
            return False
        if isinstance(expr, ast.Constant):
            return isinstance(expr.value, float | complex)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub | ast.UAdd):
            return self.is_array(expr.operand, scope, depth + 1)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _NON_CONTAINER_OPS):
            return True
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add | ast.Mult):
            return self.is_array(expr.left, scope, depth + 1) or self.is_array(
                expr.right, scope, depth + 1
            )
        if self.array_call(expr, scope) is not None:
            return True
        if isinstance(expr, ast.Call) and self._returned("is_array", expr, scope, depth):
            return True
        # Indexing an array, its ``.T``, or one of its methods that return an array.
        if isinstance(expr, ast.Subscript):
            return self.is_array(expr.value, scope, depth + 1)
        if isinstance(expr, ast.Attribute) and expr.attr in _ARRAY_ATTRIBUTES:
            return self.is_array(expr.value, scope, depth + 1)
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in _ARRAY_METHODS
        ):
            return self.is_array(expr.func.value, scope, depth + 1)
        resolved = self.resolve(expr, scope)
        if resolved is not None:
            return self.is_array(resolved[0], resolved[1], depth + 1)
        return False

    def tuple_length(self, expr: ast.expr, scope: Scope, depth: int = 0) -> int | None:
        """The length of a literal tuple or list, following names; an item ``*parts`` counts
        the length of ``parts`` when that is known the same way."""
        if depth > _DEPTH:
            return None
        if isinstance(expr, ast.Tuple | ast.List):
            length = 0
            for item in expr.elts:
                if not isinstance(item, ast.Starred):
                    length += 1
                    continue
                inner = self.tuple_length(item.value, scope, depth + 1)
                if inner is None:
                    return None
                length += inner
            return length
        resolved = self.resolve(expr, scope)
        if resolved is not None:
            return self.tuple_length(resolved[0], resolved[1], depth + 1)
        return None

    def is_literal_container(self, expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
        """A tuple, list or dict display or comprehension, a name assigned one, or a call of a
        function of the project that returns one on every path."""
        if depth > _DEPTH:
            return False
        if isinstance(expr, _CONTAINER_DISPLAYS):
            return True
        if isinstance(expr, ast.Call):
            return self._returned("is_literal_container", expr, scope, depth)
        resolved = self.resolve(expr, scope)
        return resolved is not None and isinstance(resolved[0], _CONTAINER_DISPLAYS)

    def nonscalar(self, expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
        """Whether ``expr`` is surely an array with at least one dimension."""
        if depth > _DEPTH:
            return False
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ELEMENTWISE_OPS):
            left = self.nonscalar(expr.left, scope, depth + 1)
            right = self.nonscalar(expr.right, scope, depth + 1)
            # Broadcasting keeps every dimension of either side.
            return (left and self.not_container(expr.right, scope)) or (
                right and self.not_container(expr.left, scope)
            )
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            return self.nonscalar(expr.operand, scope, depth + 1)
        function = self.array_call(expr, scope)
        if function is not None and isinstance(expr, ast.Call):
            keywords = {k.arg: k.value for k in expr.keywords if k.arg is not None}
            if function in _REDUCTIONS:
                # ``axis=1`` needs an input of two or more dimensions and drops one.
                axis = keywords.get("axis")
                if axis is None and len(expr.args) >= 2:
                    axis = expr.args[1]
                return (
                    isinstance(axis, ast.Constant)
                    and type(axis.value) is int
                    and axis.value >= 1
                    and _literal_false(keywords.get("keepdims"))
                )
            if function in _CONSTRUCTORS and expr.args:
                shape = expr.args[0]
                if isinstance(shape, ast.Constant) and type(shape.value) is int:
                    return True
                return isinstance(shape, ast.Tuple | ast.List) and len(shape.elts) >= 1
            if function in ("array", "asarray") and expr.args:
                return isinstance(expr.args[0], ast.List | ast.Tuple) and bool(expr.args[0].elts)
            return False
        resolved = self.resolve(expr, scope)
        if resolved is not None:
            return self.nonscalar(resolved[0], resolved[1], depth + 1)
        return False


def _literal_false(expr: ast.expr | None) -> bool:
    return expr is None or (isinstance(expr, ast.Constant) and expr.value is False)

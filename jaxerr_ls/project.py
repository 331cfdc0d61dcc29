"""A model of one Python module for JAX analyses: functions, their parameters and returns, the
names in each scope, JAX transforms applied to functions, custom_vjp / custom_jvp rules and hijax
primitive classes. Pure ``ast``; nothing here imports JAX or knows about LSP.

Resolution is deliberately conservative: a name resolves to a function, a JAX API or a value only
when exactly one binding in its scope chain gives it that meaning. A name bound twice, bound by a
loop or ``global``, or imported from another module is left unresolved, so that the analyses built
on this model stay silent where the code leaves room for doubt.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef

# Public spellings of the APIs the analyses know, mapped to one canonical name.
_CANONICAL = {
    "jax.custom_derivatives.custom_vjp": "jax.custom_vjp",
    "jax._src.custom_derivatives.custom_vjp": "jax.custom_vjp",
    "jax.custom_derivatives.custom_jvp": "jax.custom_jvp",
    "jax._src.custom_derivatives.custom_jvp": "jax.custom_jvp",
    "jax.experimental.hijax.VJPHiPrimitive": "jax.experimental.hijax.HiPrim",
    "jax._src.hijax.VJPHiPrimitive": "jax.experimental.hijax.HiPrim",
    "jax._src.hijax.HiPrim": "jax.experimental.hijax.HiPrim",
    "jax.experimental.new_ref": "jax.new_ref",
    "jax._src.api.grad": "jax.grad",
    "jax._src.api.value_and_grad": "jax.value_and_grad",
    "jax._src.api.vjp": "jax.vjp",
    "jax._src.api.jacrev": "jax.jacrev",
    "jax._src.api.jacfwd": "jax.jacfwd",
    "jax.api.grad": "jax.grad",
    "jax.ref.new_ref": "jax.new_ref",
}
HIPRIM = "jax.experimental.hijax.HiPrim"
# Decorators that return a function with the same parameters and outputs.
TRANSPARENT = frozenset({"jax.jit", "jax.checkpoint", "jax.remat", "jax.named_call"})
# Decorator factories whose decorator returns the function itself (``@functools.wraps(f)``
# copies ``f``'s name and docstring onto it).
TRANSPARENT_FACTORIES = frozenset({"functools.wraps"})
# Libraries whose decorators are not the project's own, even where their source is in reach
# (linting JAX's own repository): what they return is theirs to document.
_LIBRARIES = frozenset({"jax", "jaxlib", "flax", "equinox", "optax", "numpyro", "diffrax"})
# Transforms that differentiate the function they receive with respect to its arguments.
DIFFERENTIATING = frozenset(
    {
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacrev",
        "jax.jacfwd",
        "jax.jacobian",
        "jax.hessian",
        "jax.vjp",
        "jax.jvp",
        "jax.linearize",
    }
)
# Transforms whose first argument is the function they transform.
TRANSFORMS = DIFFERENTIATING | {"jax.checkpoint", "jax.remat", "jax.vmap", "jax.jit"}


# Top-level names of libraries, never taken for a package's own module by a relative import.
_EXTERNAL_ROOTS = frozenset({"jax", "jaxlib", "numpy", "functools", "math", "scipy"})
# How many names, partials and imports a resolution follows before giving up.
_MAX_HOPS = 8
# A project module by its dotted name (``from model import loss``), or None outside the project.
Importer = Callable[[str], "ModuleModel | None"]


def module_files(module: str, bases: Sequence[Path]) -> Iterator[Path]:
    """Where ``import module`` may find a project module, under each base folder in turn."""
    relative = Path(*module.split("."))
    for base in bases:
        yield base / f"{relative}.py"
        yield base / relative / "__init__.py"


def last_name(expr: ast.expr) -> str | None:
    """``grad`` for ``jax.grad`` and for ``grad``; None for any other expression."""
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Name):
        return expr.id
    return None


def binding_kind(scope: Scope, expr: ast.expr) -> str | None:
    """How the name an expression starts with is bound (``"import"`` for ``net`` in
    ``net.apply``), or None when it has no single binding."""
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    binding = scope.lookup(expr.id)
    return None if binding is None else binding.kind


def canonical(qualified: str) -> str:
    return _CANONICAL.get(qualified, qualified)


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    kind: str  # "positional" (incl. positional-only), "vararg", "keyword", "kwarg"
    has_default: bool


@dataclass(eq=False, slots=True)
class Binding:
    """One way a name gets its value in a scope."""

    name: str
    node: ast.AST
    value: ast.expr | None  # the assigned expression, when a plain ``name = value``
    kind: str  # "def", "class", "assign", "import", "param", "other"
    scope: Scope  # where the name is bound (and its value's names are read)
    qualified: str | None = None  # for imports: the full dotted name


@dataclass(eq=False, slots=True)
class Scope:
    node: ScopeNode
    parent: Scope | None
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    # Names declared ``global`` / ``nonlocal`` here: their binding lives elsewhere.
    escaped: set[str] = field(default_factory=set)

    def bind(
        self,
        name: str,
        node: ast.AST,
        value: ast.expr | None,
        kind: str,
        qualified: str | None = None,
    ) -> None:
        binding = Binding(name, node, value, kind, self, qualified)
        self.bindings.setdefault(name, []).append(binding)

    def lookup(self, name: str) -> Binding | None:
        """The one binding ``name`` has where it is read from this scope, or None when it has
        several, none, or escapes the analysis."""
        found = self.lookup_all(name)
        return found[0] if len(found) == 1 else None

    def lookup_all(self, name: str) -> list[Binding]:
        """Every binding of ``name`` in the scope it is read from (empty when it escapes the
        analysis or is unbound). Class scopes are skipped by nested functions, as Python does."""
        scope: Scope | None = self
        first = True
        while scope is not None:
            if name in scope.escaped:
                return []
            if first or not isinstance(scope.node, ast.ClassDef):
                found = scope.bindings.get(name)
                if found is not None:
                    return found
            first = False
            scope = scope.parent
        return []


@dataclass(eq=False, slots=True)
class Function:
    """A ``def``, ``async def`` or ``lambda``."""

    node: FunctionNode
    name: str
    scope: Scope  # its own scope (parameters and locals)
    params: tuple[Param, ...]
    returns: tuple[ast.Return, ...]  # its own ``return`` statements (not nested functions')
    decorators: tuple[str | None, ...]  # canonical qualified names, None where unknown
    owner: ast.ClassDef | None  # the class whose body defines it, for methods
    is_generator: bool

    @property
    def positional(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.kind == "positional")

    @property
    def has_varargs(self) -> bool:
        return any(p.kind == "vararg" for p in self.params)

    @property
    def return_values(self) -> tuple[ast.expr | None, ...]:
        """What each ``return`` gives back; a lambda's body counts as its one return value."""
        if isinstance(self.node, ast.Lambda):
            return (self.node.body,)
        return tuple(r.value for r in self.returns)

    @property
    def falls_off_end(self) -> bool:
        """Whether control may reach the end of the body (an implicit ``return None``)."""
        if isinstance(self.node, ast.Lambda):
            return False
        return not _always_exits(self.node.body)

    @property
    def name_span(self) -> tuple[int, int, int]:
        """(line, start, end) of the name in the definition: ``ast``'s UTF-8 byte column of its
        start, and that column plus the name's length in characters."""
        node = self.node
        if isinstance(node, ast.Lambda):
            return node.lineno, node.col_offset, node.col_offset + len("lambda")
        line = node.lineno
        col = node.col_offset + (len("async def ") if isinstance(node, ast.AsyncFunctionDef) else 4)
        return line, col, col + len(node.name)


@dataclass(eq=False, slots=True)
class Partial:
    """``functools.partial(f, *args, **kwargs)``: the function and how many positional
    arguments and which keywords it fixes."""

    function: Function
    fixed_positional: int
    fixed_keywords: frozenset[str]


@dataclass(eq=False, slots=True)
class TransformCall:
    """``jax.grad(f, argnums=..., has_aux=...)`` and the like."""

    api: str
    call: ast.Call
    scope: Scope
    target: Function | Partial | None
    keywords: dict[str, ast.expr]
    # ``jax.grad(f, ...)(a, b)``: the immediate application, when there is one.
    applied: ast.Call | None = None


@dataclass(eq=False, slots=True)
class CustomFunction:
    """A ``custom_vjp`` / ``custom_jvp`` function and the rules the module registers on it."""

    kind: str  # "jax.custom_vjp" or "jax.custom_jvp"
    primal: Function
    nondiff_argnums: tuple[int, ...] | None  # None when not a literal
    registrations: list[ast.Call | ast.expr] = field(default_factory=list)
    fwd: Function | None = None
    bwd: Function | None = None
    jvp: Function | None = None
    # A registration whose rule is not a function of this module (so checks must stay silent).
    unresolved_rule: bool = False


@dataclass(eq=False, slots=True)
class HijaxClass:
    """A subclass of ``HiPrim`` (``VJPHiPrimitive`` before jax 0.11) defined in the module."""

    node: ast.ClassDef
    methods: dict[str, Function]
    # Names given a value in the class body other than by ``def`` (``vjp_fwd = vjp_from_jvp``).
    assigned: set[str]
    # Every base is resolved and the nearest one is HiPrim itself (not another user class
    # that may define methods elsewhere).
    direct: bool

    def defines(self, name: str) -> bool:
        return name in self.methods or name in self.assigned


class ModuleModel:
    """Everything the analyses need to know about one parsed module."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.module_scope = Scope(tree, None)
        self.scopes: dict[ast.AST, Scope] = {tree: self.module_scope}
        self.functions: dict[ast.AST, Function] = {}
        self.classes: dict[ast.ClassDef, Scope] = {}
        self.calls: list[tuple[ast.Call, Scope]] = []
        # The node each call is part of: ``jax.grad(f)(x)`` applies the transform right there,
        # ``out, f_vjp = jax.vjp(...)`` names its results.
        self.parents: dict[ast.Call, ast.AST] = {}
        # Every ``for`` and ``while`` statement, in the order of the builder's visit.
        self.loops: list[ast.For | ast.AsyncFor | ast.While] = []
        _Builder(self).visit_scope(tree, self.module_scope)
        self.decorated: list[tuple[Function, ast.FunctionDef | ast.AsyncFunctionDef]] = [
            (f, f.node)
            for f in self.functions.values()
            if not isinstance(f.node, ast.Lambda) and f.node.decorator_list
        ]
        self.transforms: list[TransformCall] = self._transforms()
        self.custom_functions: list[CustomFunction] = self._custom_functions()
        self.hijax_classes: list[HijaxClass] = self._hijax_classes()
        self._calls_by_name: dict[str, list[tuple[ast.Call, Scope]]] | None = None

    def calls_named(self, name: str) -> list[tuple[ast.Call, Scope]]:
        """The calls whose callee is spelt ``name`` or ``<something>.name``, with their scopes,
        in the order of ``calls`` (an index made on first use)."""
        if self._calls_by_name is None:
            index: dict[str, list[tuple[ast.Call, Scope]]] = {}
            for call, scope in self.calls:
                func = call.func
                if isinstance(func, ast.Name):
                    index.setdefault(func.id, []).append((call, scope))
                elif isinstance(func, ast.Attribute):
                    index.setdefault(func.attr, []).append((call, scope))
            self._calls_by_name = index
        return self._calls_by_name.get(name, [])

    # -- names -------------------------------------------------------------------------------

    def qualified_name(self, expr: ast.expr, scope: Scope) -> str | None:
        """The canonical dotted name an expression refers to through imports (``j.grad`` with
        ``import jax as j`` is ``jax.grad``), or None."""
        parts: list[str] = []
        while isinstance(expr, ast.Attribute):
            parts.append(expr.attr)
            expr = expr.value
        if not isinstance(expr, ast.Name):
            return None
        # ``try: from jax... import HiPrim`` / ``except ImportError: ... import VJPHiPrimitive
        # as HiPrim``: several imports that name the same API are one meaning.
        names = {
            canonical(".".join([b.qualified, *reversed(parts)]))
            if b.kind == "import" and b.qualified
            else None
            for b in scope.lookup_all(expr.id)
        }
        return names.pop() if len(names) == 1 else None

    def function_of(self, expr: ast.expr, scope: Scope) -> Function | Partial | None:
        """The function of this module an expression surely evaluates to."""
        found = self.locate_function(expr, scope)
        return found[1] if found is not None and found[0] is self else None

    def locate_function(
        self, expr: ast.expr, scope: Scope, importer: Importer | None = None, depth: int = 0
    ) -> tuple[ModuleModel, Function | Partial] | None:
        """The function an expression surely evaluates to, and the model of the module that
        defines it: through assignments, ``functools.partial``, methods of ``self`` or of an
        instance built in scope (a bound method fixes one positional argument), and, given an
        ``importer``, the project modules a name is imported from."""
        if depth > _MAX_HOPS:
            return None
        if isinstance(expr, ast.Lambda):
            function = self.functions.get(expr)
            return None if function is None else (self, function)
        if isinstance(expr, ast.Call) and self.qualified_name(expr.func, scope) in (
            "functools.partial",
        ):
            if not expr.args or any(isinstance(a, ast.Starred) for a in expr.args):
                return None
            if any(k.arg is None for k in expr.keywords):
                return None
            inner = self.locate_function(expr.args[0], scope, importer, depth + 1)
            if inner is None or not isinstance(inner[1], Function):
                return None
            fixed = frozenset(k.arg or "" for k in expr.keywords)
            return inner[0], Partial(inner[1], len(expr.args) - 1, fixed)
        if isinstance(expr, ast.Call):
            return self._factory_product(expr, scope, importer, depth)
        if isinstance(expr, ast.Attribute):
            return self._locate_attribute(expr, scope, importer, depth)
        if not isinstance(expr, ast.Name):
            return None
        binding = scope.lookup(expr.id)
        if binding is None:
            return None
        if binding.kind == "def":
            function = self.functions.get(binding.node)
            if function is None:
                return None
            # A decorator may return anything (``jax.custom_gradient`` changes what the name
            # returns); only decorators that keep the function's outputs see through, and
            # the project's own, to the wrapper they return.
            if not self.keeps_outputs(function):
                return self._decorated_product(function, importer, depth)
            return self, function
        if binding.kind == "assign" and isinstance(
            binding.value, ast.Lambda | ast.Call | ast.Name | ast.Attribute
        ):
            return self.locate_function(binding.value, binding.scope, importer, depth + 1)
        if binding.kind == "import" and binding.qualified and importer is not None:
            return self._locate_imported(binding.qualified, importer, depth)
        return None

    def _factory_product(
        self, call: ast.Call, scope: Scope, importer: Importer | None, depth: int
    ) -> tuple[ModuleModel, Function | Partial] | None:
        """``add_weight_decay(loss, lam=0.1)``: the function a factory of the project defines
        inside itself and returns on every way out (its closure's values are the call's)."""
        found = self.locate_function(call.func, scope, importer, depth + 1)
        if found is None or not isinstance(found[1], Function):
            return None
        inner = found[0].returned_inner(found[1])
        return None if inner is None else (found[0], inner)

    def returned_inner(self, factory: Function) -> Function | None:
        """The one function defined in ``factory`` (a function of this module) that it returns
        on every way out, when that function keeps its outputs."""
        if factory.is_generator or factory.falls_off_end or not factory.returns:
            return None
        made: set[int] = set()
        inner: Function | None = None
        for value in factory.return_values:
            if not isinstance(value, ast.Name):
                return None
            binding = factory.scope.lookup(value.id)
            if binding is None or binding.kind != "def" or binding.scope is not factory.scope:
                return None
            made.add(id(binding.node))
            inner = self.functions.get(binding.node)
        if len(made) != 1 or inner is None or not self.keeps_outputs(inner):
            return None
        return inner

    def wrapper_of(
        self, function: Function, importer: Importer | None = None
    ) -> tuple[ModuleModel, Function] | None:
        """The function a decorator of the project puts in place of a ``def`` (a method's
        included), with the model of its module; None where no such decorator is there."""
        found = self._decorated_product(function, importer, 0)
        if found is None or not isinstance(found[1], Function):
            return None
        return found[0], found[1]

    def _decorated_product(
        self, function: Function, importer: Importer | None, depth: int
    ) -> tuple[ModuleModel, Function | Partial] | None:
        """``@with_penalty(1e-3)`` or ``@logged`` on a ``def``: the wrapper a decorator of the
        project defines and returns (from the factory's call, for a decorator made by one),
        which the decorated name then holds. Only with one such decorator (any other keeps
        the function)."""
        node = function.node
        if isinstance(node, ast.Lambda):
            return None
        outer = function.scope.parent or self.module_scope
        others = [d for d in node.decorator_list if not self._transparent(d, outer)]
        if len(others) != 1:
            return None
        named = self.qualified_name(
            others[0].func if isinstance(others[0], ast.Call) else others[0], outer
        )
        if named is not None and named.split(".")[0] in _LIBRARIES:
            return None  # ``jax.custom_gradient``: the library's, even where its source is read
        found = self.locate_function(others[0], outer, importer, depth + 1)
        if found is None or not isinstance(found[1], Function):
            return None
        wrapper = found[0].returned_inner(found[1])
        return None if wrapper is None else (found[0], wrapper)

    def keeps_outputs(self, function: Function) -> bool:
        """Whether every decorator of a ``def`` returns a function with its parameters and
        outputs: ``@jax.jit``, also configured by ``functools.partial``
        (``@partial(jax.jit, static_argnames="depth")``)."""
        if all(d in TRANSPARENT for d in function.decorators):
            return True
        node = function.node
        if isinstance(node, ast.Lambda):
            return False
        outer = function.scope.parent or self.module_scope
        return all(self._transparent(d, outer) for d in node.decorator_list)

    def _transparent(self, decorator: ast.expr, outer: Scope) -> bool:
        """A decorator that returns the function with its parameters and outputs."""
        wrapper: ast.expr = decorator
        if isinstance(decorator, ast.Call):
            if self.qualified_name(decorator.func, outer) in TRANSPARENT_FACTORIES:
                return True
            if self.qualified_name(decorator.func, outer) != "functools.partial":
                return False
            if not decorator.args or isinstance(decorator.args[0], ast.Starred):
                return False
            wrapper = decorator.args[0]
        return self.qualified_name(wrapper, outer) in TRANSPARENT

    def _locate_imported(
        self, qualified: str, importer: Importer, depth: int
    ) -> tuple[ModuleModel, Function | Partial] | None:
        """``from model import loss``: the module-level definition in the project module."""
        module, _, name = qualified.rpartition(".")
        other = importer(module) if module else None
        if other is None:
            return None
        return other.locate_function(ast.Name(name), other.module_scope, importer, depth + 1)

    def _locate_attribute(
        self, expr: ast.Attribute, scope: Scope, importer: Importer | None, depth: int
    ) -> tuple[ModuleModel, Function | Partial] | None:
        """``module.function``, ``self.method`` and ``instance.method``."""
        qualified = self.qualified_name(expr, scope)
        if qualified is not None:
            if importer is None:
                return None
            return self._locate_imported(qualified, importer, depth)
        if not isinstance(expr.value, ast.Name):
            return None
        found = self._class_of_instance(expr.value, scope, importer, depth)
        if found is None:
            return None
        model, body = found
        bindings = body.bindings.get(expr.attr, [])
        if len(bindings) != 1 or bindings[0].kind != "def":
            return None
        method = model.functions.get(bindings[0].node)
        if method is None or method.decorators or not method.positional:
            return None
        return model, Partial(method, 1, frozenset())

    def _class_of_instance(
        self, name: ast.Name, scope: Scope, importer: Importer | None, depth: int
    ) -> tuple[ModuleModel, Scope] | None:
        """The class body of ``self`` in a method, or of ``x`` after ``x = Cls(...)``."""
        binding = scope.lookup(name.id)
        if binding is None:
            return None
        if binding.kind == "param":
            method = self.functions.get(binding.node)
            if method is None or method.owner is None or method.decorators:
                return None
            if not method.positional or method.positional[0].name != name.id:
                return None
            return self, self.classes[method.owner]
        if binding.kind == "assign" and isinstance(binding.value, ast.Call):
            return self.locate_class(binding.value.func, binding.scope, importer, depth + 1)
        return None

    def locate_class(
        self, expr: ast.expr, scope: Scope, importer: Importer | None, depth: int = 0
    ) -> tuple[ModuleModel, Scope] | None:
        """The class an expression names (``Params``, ``mod.Params``) and the model of the
        module that defines it, through the project's imports."""
        if depth > _MAX_HOPS:
            return None
        if isinstance(expr, ast.Name):
            binding = scope.lookup(expr.id)
            if binding is not None and binding.kind == "class":
                assert isinstance(binding.node, ast.ClassDef)
                return self, self.classes[binding.node]
            qualified = binding.qualified if binding is not None else None
        else:
            qualified = self.qualified_name(expr, scope)
        if qualified is None or importer is None or binding_kind(scope, expr) != "import":
            return None
        module, _, class_name = qualified.rpartition(".")
        other = importer(module) if module else None
        if other is None:
            return None
        return other.locate_class(ast.Name(class_name), other.module_scope, importer, depth + 1)

    def value_of(self, name: str, scope: Scope) -> ast.expr | None:
        """The expression a name was assigned from, when it has exactly one binding and that is
        a plain assignment."""
        binding = scope.lookup(name)
        if binding is None or binding.kind != "assign":
            return None
        return binding.value

    # -- JAX structures ------------------------------------------------------------------------

    def _transforms(self) -> list[TransformCall]:
        found = []
        for call, scope in self.calls:
            api = self.qualified_name(call.func, scope)
            if api not in TRANSFORMS or not call.args:
                continue
            if isinstance(call.args[0], ast.Starred):
                continue
            keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
            if any(k.arg is None for k in call.keywords):
                continue
            parent = self.parents.get(call)
            applied = parent if isinstance(parent, ast.Call) and parent.func is call else None
            target = self.function_of(call.args[0], scope)
            found.append(TransformCall(api, call, scope, target, keywords, applied))
        return found

    def _custom_functions(self) -> list[CustomFunction]:
        by_primal: dict[Function, CustomFunction] = {}
        for function, node in self.decorated:
            outer = function.scope.parent or self.module_scope
            for expr in node.decorator_list:
                found = self._custom_decorator(expr, outer)
                if found is not None:
                    by_primal[function] = CustomFunction(found[0], function, found[1])
        if by_primal:
            self._rule_registrations()
        for primal, custom in by_primal.items():
            self._attach_rules(primal, custom)
        return list(by_primal.values())

    def _custom_decorator(
        self, expr: ast.expr, scope: Scope
    ) -> tuple[str, tuple[int, ...] | None] | None:
        """``@jax.custom_vjp``, ``@jax.custom_vjp(nondiff_argnums=...)`` and
        ``@partial(jax.custom_vjp, nondiff_argnums=...)``: the API and its nondiff_argnums
        (None when they are not literal)."""
        keywords: list[ast.keyword] = []
        extra_args: list[ast.expr] = []
        if isinstance(expr, ast.Call):
            api = self.qualified_name(expr.func, scope)
            keywords, extra_args = expr.keywords, expr.args
            if api == "functools.partial" and expr.args:
                api = self.qualified_name(expr.args[0], scope)
                extra_args = expr.args[1:]
        else:
            api = self.qualified_name(expr, scope)
        if api not in ("jax.custom_vjp", "jax.custom_jvp"):
            return None
        if extra_args or any(k.arg != "nondiff_argnums" for k in keywords):
            return api, None
        value = next((k.value for k in keywords), None)
        return api, () if value is None else literal_ints(value)

    def _rule_registrations(self) -> None:
        """Every ``f.defvjp(...)``, ``f.defjvp(...)``, ``f.defjvps(...)`` call and ``@f.defjvp``
        decorator, by the definition ``f`` is bound to where it is written. Names that do not
        resolve to one binding are remembered: a rule may be registered on them."""
        self._registrations: dict[ast.AST, list[tuple[ast.expr, str, Scope, Function | None]]]
        self._registrations = {}
        self._unresolved_registrations: set[str] = set()

        def add(target: ast.expr, expr: ast.expr, scope: Scope, decorated: Function | None) -> None:
            # ``defvjp``, ``defjvp``, ``defjvps``, ``defvjp_with_logs``, ``defvjp_with_accums``
            # and any later way to give a rule: all start with ``def``.
            if not isinstance(target, ast.Attribute) or not target.attr.startswith("def"):
                return
            if not isinstance(target.value, ast.Name):
                return
            name = target.value.id
            binding = scope.lookup(name)
            if binding is None:
                self._unresolved_registrations.add(name)
                return
            entry = (expr, target.attr, scope, decorated)
            self._registrations.setdefault(binding.node, []).append(entry)

        for call, scope in self.calls:
            add(call.func, call, scope, None)
        for function, node in self.decorated:
            outer = function.scope.parent or self.module_scope
            for expr in node.decorator_list:
                add(expr.func if isinstance(expr, ast.Call) else expr, expr, outer, function)

    def _attach_rules(self, primal: Function, custom: CustomFunction) -> None:
        """The rules registered on the name ``f`` that this definition binds."""
        name = primal.name
        defining = primal.scope.parent or self.module_scope
        # The name escaping the module (``f.defvjp`` done by whoever imports it) is possible
        # only when it is module-level; a name rebound anywhere makes the rule unknown.
        if name in self._unresolved_registrations or len(defining.bindings.get(name, ())) != 1:
            custom.unresolved_rule = True
        for expr, method, scope, decorated in self._registrations.get(primal.node, ()):
            custom.registrations.append(expr)
            if decorated is not None:
                if method == "defjvp" and not isinstance(expr, ast.Call):
                    custom.jvp = decorated
                else:
                    custom.unresolved_rule = True
                continue
            assert isinstance(expr, ast.Call)
            rules = [self.function_of(a, scope) for a in expr.args]
            if method == "defvjp" and len(rules) >= 2:
                fwd, bwd = rules[0], rules[1]
                custom.fwd = fwd if isinstance(fwd, Function) else None
                custom.bwd = bwd if isinstance(bwd, Function) else None
                custom.unresolved_rule |= custom.fwd is None or custom.bwd is None
            elif method == "defjvp" and rules:
                custom.jvp = rules[0] if isinstance(rules[0], Function) else None
                custom.unresolved_rule |= custom.jvp is None
            else:
                custom.unresolved_rule = True

    def _hijax_classes(self) -> list[HijaxClass]:
        found = []
        for node, scope in self.classes.items():
            outer = scope.parent or self.module_scope
            bases = [self.qualified_name(b, outer) for b in node.bases]
            if HIPRIM not in bases:
                continue
            assigned = {
                name
                for name, bindings in scope.bindings.items()
                if any(binding.kind != "def" for binding in bindings)
            }
            direct = len(node.bases) == 1 and not node.keywords
            found.append(HijaxClass(node, self.methods(node), assigned, direct))
        return found

    def methods(self, node: ast.ClassDef) -> dict[str, Function]:
        """The functions a class of the module defines in its body, by name (the last
        ``def`` of a name)."""
        scope = self.classes[node]
        return {
            name: self.functions[binding.node]
            for name, bindings in scope.bindings.items()
            for binding in bindings
            if binding.kind == "def"
        }


# Calls whose argument at a position is an index or a count, by the last part of their name.
_INDEX_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "range": (0, 1, 2),
    "fori_loop": (0, 1),
    "one_hot": (0,),
    "take": (1,),
    "take_along_axis": (1,),
    "segment_sum": (1,),
    "segment_mean": (1,),
    "bincount": (0,),
    "arange": (0, 1, 2),
    "repeat": (1,),
    "dynamic_slice": (1,),
}


@dataclass(frozen=True, slots=True)
class Reads:
    """How a function reads a parameter (or one leaf of it: ``p["step"]``, ``p.count``)."""

    count: int  # the reads in its body
    as_index: int  # those used as an index or a count (``table[ids]``, ``range(n)``)
    indexed: frozenset[str]  # the names of what they index: ``table`` for ``table[ids]``
    # Those used as a number: an operand of arithmetic or an argument of a numeric function of
    # jax / numpy / math (``p.gain * x``, ``jnp.exp(p["log_t"])``).
    numeric: int = 0


def _index_regions(function: Function) -> list[tuple[ast.AST, str | None]]:
    """The expressions a function uses as indices or counts, with the name of what each
    indexes (None for a count, or an array without a plain name)."""
    regions: list[tuple[ast.AST, str | None]] = []
    for node in ast.walk(function.node):
        if isinstance(node, ast.Subscript):
            value = node.value
            if isinstance(value, ast.Attribute) and value.attr == "at":
                value = value.value  # ``x.at[i]``
            regions.append((node.slice, value.id if isinstance(value, ast.Name) else None))
        elif isinstance(node, ast.Call):
            name = last_name(node.func)
            positions = _INDEX_ARGUMENTS.get(name or "", ())
            if name == "take" and isinstance(node.func, ast.Attribute) and len(node.args) == 1:
                positions = (0,)  # ``table.take(ids)``
            for position in positions:
                if position < len(node.args):
                    indexed = node.args[0] if position and name != "fori_loop" else None
                    label = indexed.id if isinstance(indexed, ast.Name) else None
                    regions.append((node.args[position], label))
    return regions


def reads_of(function: Function, name: str, key: str | None = None) -> Reads:
    """How ``function`` reads its parameter ``name`` (or the leaf ``key`` of it) in its own
    body: how often, how often as an index or count, and what it indexes."""

    def is_read(node: ast.AST) -> bool:
        if key is None:
            return isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
        inner: ast.expr | None = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            inner = node.value if node.slice.value == key else None
        elif isinstance(node, ast.Attribute) and node.attr == key:
            inner = node.value
        return isinstance(inner, ast.Name) and inner.id == name

    reads = [n for n in ast.walk(function.node) if is_read(n)]
    under: dict[int, str | None] = {}
    for region, indexed in _index_regions(function):
        for node in ast.walk(region):
            under.setdefault(id(node), indexed)
    as_index = [n for n in reads if id(n) in under]
    names = frozenset(label for n in as_index if (label := under[id(n)]) is not None)
    parents = {id(c): n for n in ast.walk(function.node) for c in ast.iter_child_nodes(n)}

    def numeric_use(node: ast.AST) -> bool:
        # A view of the value (``x[None, :]``, ``x[..., :3]``) is read as the value is.
        parent = parents.get(id(node))
        while isinstance(parent, ast.Subscript) and parent.value is node and _view(parent.slice):
            node, parent = parent, parents.get(id(parent))
        return _numeric_use(node, parent)

    numeric = sum(1 for n in reads if id(n) not in under and numeric_use(n))
    return Reads(len(reads), len(as_index), names, numeric)


def _view(index: ast.expr) -> bool:
    """An index that only slices or adds axes (``[None, :]``, ``[..., 1:]``): no data picked
    by position."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    return all(
        isinstance(p, ast.Slice) or (isinstance(p, ast.Constant) and p.value in (None, Ellipsis))
        for p in parts
    )


def _numeric_use(node: ast.AST, parent: ast.AST | None) -> bool:
    if isinstance(parent, ast.BinOp | ast.UnaryOp):
        return True
    if isinstance(parent, ast.Call) and any(a is node for a in parent.args):
        root = parent.func
        while isinstance(root, ast.Attribute):
            root = root.value
        return isinstance(root, ast.Name) and root.id in ("jnp", "jax", "np", "numpy", "math")
    return False


# Calls that assemble a vector out of separately computed parts, by the last part of their name.
_ASSEMBLING = frozenset({"stack", "hstack", "vstack", "column_stack", "concatenate"})
# Transforms that want a function's whole output: a Jacobian, not a reduction.
JACOBIANS = frozenset({"jacobian", "jacrev", "jacfwd", "hessian"})


def assembles_vector(value: ast.expr | None) -> bool:
    """A return value put together from distinct quantities: ``jnp.stack([a, b])``,
    ``jnp.array([x, y])``, ``jnp.concatenate([p, q])``. Such a vector is the point of the
    function (a state, a set of outputs); a scalar made of it by ``mean`` means nothing, so a
    gradient of it calls for a Jacobian, not a reduction."""
    if not isinstance(value, ast.Call) or not value.args:
        return False
    name = last_name(value.func)
    parts = value.args[0]
    if not isinstance(parts, ast.List | ast.Tuple) or len(parts.elts) < 2:
        return False
    if name in _ASSEMBLING:
        return True
    return name in ("array", "asarray") and not all(
        isinstance(e, ast.Constant | ast.UnaryOp | ast.List | ast.Tuple) for e in parts.elts
    )


def used_as_vector(model: ModuleModel, name: str) -> bool:
    """Whether a module uses what function ``name`` returns as a vector: indexes a call of it
    (``f(x)[:, None]``, ``f(x)[0]``) or gives it to a Jacobian (``jax.jacrev(f)``)."""
    for call, _ in model.calls:
        parent = model.parents.get(call)
        indexed = isinstance(parent, ast.Subscript) and parent.value is call
        if last_name(call.func) == name and indexed:
            return True
        if last_name(call.func) in JACOBIANS and call.args and last_name(call.args[0]) == name:
            return True
    return False


# Reductions of a whole array to a scalar, as a function (``jnp.sum(a)``) or a method.
_WHOLE_REDUCTIONS = frozenset({"sum", "mean", "nansum", "nanmean"})


def _reduction_of(call: ast.Call) -> ast.expr | None:
    """What ``call`` reduces over every axis when it is ``jnp.sum(value)`` or
    ``value.sum()``, a call of ``sum`` or ``mean`` with no axis; None for any other call."""
    func = call.func
    if call.keywords or last_name(func) not in _WHOLE_REDUCTIONS:
        return None
    if isinstance(func, ast.Attribute) and not call.args and isinstance(func.value, ast.Call):
        return func.value
    return call.args[0] if len(call.args) == 1 else None


# Calls that show a value (print it, log it, format it for a message): a reduction inside
# one is made for the reader, not for what the program computes.
_DISPLAY_CALLS = frozenset({"print"})
_DISPLAY_METHODS = frozenset(
    {"print", "format", "debug", "info", "warning", "warn", "error", "critical", "exception"}
)


def _shown(model: ModuleModel) -> set[int]:
    """The ids of the nodes inside a display: an f-string, ``print(..)``, a logging call
    (``logger.info(..)``, ``jax.debug.print(..)``), ``"..".format(..)``."""
    shown: set[int] = set()
    for node in ast.walk(model.tree):
        func = node.func if isinstance(node, ast.Call) else None
        display = isinstance(node, ast.JoinedStr) or (
            (isinstance(func, ast.Name) and func.id in _DISPLAY_CALLS)
            or (isinstance(func, ast.Attribute) and func.attr in _DISPLAY_METHODS)
        )
        if display:
            shown |= {id(inner) for inner in ast.walk(node) if inner is not node}
    return shown


def reduced_where_called(model: ModuleModel, name: str) -> bool:
    """Whether a module reduces what function ``name`` returns right where it calls it
    (``jnp.sum(f(x))``, ``f(x).mean()``): the program means the output as a vector of terms
    and sums them itself. A reduction made to show the value (printed, logged, made a
    text for a message) says nothing of what the program computes with it."""
    shown: set[int] | None = None
    for call, _ in model.calls:
        reduced = _reduction_of(call)
        if not (isinstance(reduced, ast.Call) and last_name(reduced.func) == name):
            continue
        if shown is None:
            shown = _shown(model)
        if id(call) not in shown:
            return True
    return False


def literal_ints(expr: ast.expr) -> tuple[int, ...] | None:
    """``3`` or ``(0, 2)`` as a tuple of ints; None for anything not literal."""
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return (expr.value,)
    if isinstance(expr, ast.Tuple | ast.List):
        out = []
        for item in expr.elts:
            if not (isinstance(item, ast.Constant) and type(item.value) is int):
                return None
            out.append(item.value)
        return tuple(out)
    return None


def literal_bool(expr: ast.expr | None) -> bool | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, bool):
        return expr.value
    return None


def if_branches(function: ast.AST) -> Iterator[tuple[ast.If, list[ast.stmt], list[ast.stmt]]]:
    """Each ``if`` of a function's body at any depth (not of functions or classes in it) with
    the statements each of its branches runs: an ``if`` without ``else`` whose body surely
    returns or raises (an early-return guard, ``if flag: return f(x)``) has the rest of its
    block for its ``else``, as if written ``if flag: return f(x) else: ...``."""
    blocks: list[list[ast.stmt]] = [getattr(function, "body", [])]
    while blocks:
        block = blocks.pop()
        if not isinstance(block, list):
            continue
        for index, statement in enumerate(block):
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            if isinstance(statement, ast.If):
                orelse = statement.orelse
                if not orelse and _always_exits(statement.body):
                    orelse = block[index + 1 :]
                yield statement, statement.body, orelse
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(statement, name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    blocks.append(inner)
            for handler in getattr(statement, "handlers", []):
                blocks.append(handler.body)
            for case in getattr(statement, "cases", []):
                blocks.append(case.body)


def _always_exits(body: list[ast.stmt]) -> bool:
    """Whether a block surely ends in ``return`` or ``raise`` (a sound under-approximation)."""
    for statement in body:
        if isinstance(statement, ast.Return | ast.Raise):
            return True
        if isinstance(statement, ast.If):
            if (
                statement.orelse
                and _always_exits(statement.body)
                and _always_exits(statement.orelse)
            ):
                return True
        elif isinstance(statement, ast.With | ast.AsyncWith):
            if _always_exits(statement.body):
                return True
        elif isinstance(statement, ast.Try):
            if (
                _always_exits(statement.body)
                and all(_always_exits(h.body) for h in statement.handlers)
                and not statement.finalbody
            ):
                return True
        elif isinstance(statement, ast.While):
            test = statement.test
            forever = isinstance(test, ast.Constant) and test.value is True
            if forever and not any(isinstance(n, ast.Break) for n in ast.walk(statement)):
                return True
    return False


def _params(arguments: ast.arguments) -> tuple[Param, ...]:
    positional = [*arguments.posonlyargs, *arguments.args]
    first_default = len(positional) - len(arguments.defaults)
    out = [
        Param(arg.arg, "positional", index >= first_default) for index, arg in enumerate(positional)
    ]
    if arguments.vararg is not None:
        out.append(Param(arguments.vararg.arg, "vararg", True))
    out.extend(
        Param(arg.arg, "keyword", default is not None)
        for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    )
    if arguments.kwarg is not None:
        out.append(Param(arguments.kwarg.arg, "kwarg", True))
    return tuple(out)


# Fields that never hold a node worth visiting: expression contexts and operators.
_SKIPPED_FIELDS = frozenset({"ctx", "op", "ops", "type_comment"})
# Nodes with nothing to visit below them (the parser makes no subclasses of these).
_LEAF_KINDS = frozenset(
    {ast.Name, ast.Constant, ast.Pass, ast.Break, ast.Continue, ast.Load, ast.Store, ast.Del}
)
_CHILD_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {}


def _children(node: ast.AST) -> list[ast.AST]:
    """The child nodes worth visiting, in source order (faster than ``ast.iter_child_nodes``,
    which also yields every ``Load()`` and operator)."""
    kind = type(node)
    fields = _CHILD_FIELDS.get(kind)
    if fields is None:
        fields = tuple(f for f in kind._fields if f not in _SKIPPED_FIELDS)
        _CHILD_FIELDS[kind] = fields
    out: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, list):
            out.extend(item for item in value if isinstance(item, ast.AST))
        elif isinstance(value, ast.AST):
            out.append(value)
    return out


class _Builder:
    """One pass over the tree: scopes, bindings, functions, classes, calls and returns.
    Iterative, so that deeply nested code does not exhaust the stack."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.returns: dict[Scope, list[ast.Return]] = {}
        self.generators: set[Scope] = set()

    def visit_scope(self, root: ast.Module, scope: Scope) -> None:
        model = self.model
        parents = model.parents
        calls = model.calls
        loops = model.loops
        # (node, scope) pairs still to visit; children are pushed reversed to pop in order.
        stack: list[tuple[ast.AST, Scope]] = [(root, scope)]
        push = stack.append
        pop = stack.pop
        while stack:
            node, current = pop()
            kind = type(node)
            if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.Lambda:
                self._function(node, current, stack)  # type: ignore[arg-type]
                continue
            if kind is ast.ClassDef:
                self._class(node, current, stack)  # type: ignore[arg-type]
                continue
            if kind is ast.Return:
                self.returns.setdefault(current, []).append(node)  # type: ignore[arg-type]
            elif kind is ast.Yield or kind is ast.YieldFrom:
                self.generators.add(current)
            elif kind is ast.Call:
                calls.append((node, current))  # type: ignore[arg-type]
            elif kind is ast.For or kind is ast.While or kind is ast.AsyncFor:
                loops.append(node)  # type: ignore[arg-type]
            binder = _BINDERS.get(kind)
            if binder is not None:
                binder(self, node, current)
            for child in reversed(_children(node)):
                if type(child) is ast.Call:
                    parents[child] = node
                elif type(child) in _LEAF_KINDS:
                    continue
                push((child, current))
        for function in model.functions.values():
            found = self.returns.get(function.scope, [])
            found.sort(key=lambda r: (r.lineno, r.col_offset))
            function.returns = tuple(found)
            function.is_generator = function.scope in self.generators

    def _function(
        self, node: FunctionNode, scope: Scope, stack: list[tuple[ast.AST, Scope]]
    ) -> None:
        model = self.model
        inner = Scope(node, scope)
        model.scopes[node] = inner
        params = _params(node.args)
        for param in params:
            inner.bind(param.name, node, None, "param")
        # Decorators, defaults and annotations are evaluated in the enclosing scope.
        outer: list[ast.AST] = [*node.args.defaults]
        outer += [d for d in node.args.kw_defaults if d is not None]
        decorators: tuple[str | None, ...] = ()
        if isinstance(node, ast.Lambda):
            body: list[ast.AST] = [node.body]
            name = "<lambda>"
        else:
            body = list(node.body)
            name = node.name
            outer += node.decorator_list
            scope.bind(node.name, node, None, "def")
            decorators = tuple(
                model.qualified_name(d.func if isinstance(d, ast.Call) else d, scope)
                for d in node.decorator_list
            )
        for part in outer:
            if type(part) is ast.Call:
                model.parents[part] = node
        stack.extend((part, scope) for part in reversed(outer))
        stack.extend((part, inner) for part in reversed(body))
        owner = scope.node if isinstance(scope.node, ast.ClassDef) else None
        model.functions[node] = Function(node, name, inner, params, (), decorators, owner, False)

    def _class(self, node: ast.ClassDef, scope: Scope, stack: list[tuple[ast.AST, Scope]]) -> None:
        model = self.model
        inner = Scope(node, scope)
        model.scopes[node] = inner
        model.classes[node] = inner
        scope.bind(node.name, node, None, "class")
        outer: list[ast.AST] = [*node.decorator_list, *node.bases]
        outer += [k.value for k in node.keywords]
        stack.extend((part, scope) for part in reversed(outer))
        stack.extend((part, inner) for part in reversed(node.body))

    def _bindings_of(self, node: ast.AST, scope: Scope) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    scope.bind(target.id, node, node.value, "assign")
                else:
                    self._bind_targets(target, node, scope)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            if isinstance(node.target, ast.Name):
                given = node.value if isinstance(node, ast.AnnAssign) else None
                if isinstance(node, ast.AnnAssign) and given is None:
                    return  # a bare annotation binds nothing
                kind = "assign" if given is not None else "other"
                scope.bind(node.target.id, node, given, kind)
        elif isinstance(node, ast.NamedExpr):
            scope.bind(node.target.id, node, node.value, "assign")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    scope.bind(alias.asname, node, None, "import", alias.name)
                else:
                    top = alias.name.split(".", 1)[0]
                    scope.bind(top, node, None, "import", top)
        elif isinstance(node, ast.ImportFrom):
            if node.level != 1 and (node.level or node.module is None):
                for alias in node.names:
                    scope.bind(alias.asname or alias.name, node, None, "other")
                return
            if node.level == 1:
                # ``from .losses import loss`` (a package re-exporting its modules' names):
                # a module beside this one, which is where a project importer looks first.
                for alias in node.names:
                    qualified = ".".join(filter(None, [node.module, alias.name]))
                    if alias.name == "*" or qualified.split(".")[0] in _EXTERNAL_ROOTS:
                        scope.bind(alias.asname or alias.name, node, None, "other")
                    else:
                        scope.bind(alias.asname or alias.name, node, None, "import", qualified)
                return
            for alias in node.names:
                if alias.name == "*":
                    continue
                qualified = f"{node.module}.{alias.name}"
                scope.bind(alias.asname or alias.name, node, None, "import", qualified)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            scope.escaped.update(node.names)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            self._bind_targets(node.target, node, scope)
        elif isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                if item.optional_vars is not None:
                    self._bind_targets(item.optional_vars, node, scope)
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            scope.bind(node.name, node, None, "other")
        elif isinstance(node, ast.MatchMapping) and node.rest:
            scope.bind(node.rest, node, None, "other")
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                self._bind_targets(target, node, scope)

    def _bind_targets(self, target: ast.AST, node: ast.AST, scope: Scope) -> None:
        # ``self.params = ...`` and ``cache[key] = ...`` bind no name: only the names stored
        # (or deleted) themselves, not those an attribute or subscript target reads.
        for item in ast.walk(target):
            if isinstance(item, ast.Name) and not isinstance(item.ctx, ast.Load):
                scope.bind(item.id, node, None, "other")


# The statements and nodes that bind names: only these go through ``_bindings_of``.
_BINDERS: dict[type[ast.AST], Callable[[_Builder, ast.AST, Scope], None]] = {
    kind: _Builder._bindings_of
    for kind in (
        ast.Assign,
        ast.AnnAssign,
        ast.AugAssign,
        ast.NamedExpr,
        ast.Import,
        ast.ImportFrom,
        ast.Global,
        ast.Nonlocal,
        ast.For,
        ast.AsyncFor,
        ast.comprehension,
        ast.With,
        ast.AsyncWith,
        ast.ExceptHandler,
        ast.MatchAs,
        ast.MatchStar,
        ast.MatchMapping,
        ast.Delete,
    )
}


def build(source: str) -> ModuleModel | None:
    """The model of a module's source, or None when it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return ModuleModel(tree)


def class_fields(cls: ast.ClassDef) -> dict[str, ast.AnnAssign]:
    """The annotated names of a class body in order: a dataclass's or a NamedTuple's fields."""
    return {
        s.target.id: s
        for s in cls.body
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
    }

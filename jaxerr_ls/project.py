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
from collections.abc import Iterator
from dataclasses import dataclass, field

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
# Transforms whose first argument is the function they differentiate.
TRANSFORMS = frozenset(
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
        "jax.checkpoint",
        "jax.remat",
        "jax.vmap",
        "jax.jit",
    }
)


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
    qualified: str | None = None  # for imports: the full dotted name


@dataclass(eq=False, slots=True)
class Scope:
    node: ScopeNode
    parent: Scope | None
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    # Names declared ``global`` / ``nonlocal`` here: their binding lives elsewhere.
    escaped: set[str] = field(default_factory=set)

    def bind(self, binding: Binding) -> None:
        self.bindings.setdefault(binding.name, []).append(binding)

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
        """(line, start column, end column) of the name in the definition."""
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
        self.parents: dict[ast.AST, ast.AST] = {}
        _Builder(self).visit_scope(tree, self.module_scope)
        self.transforms: list[TransformCall] = self._transforms()
        self.custom_functions: list[CustomFunction] = self._custom_functions()
        self.hijax_classes: list[HijaxClass] = self._hijax_classes()

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
        if isinstance(expr, ast.Lambda):
            return self.functions.get(expr)
        if isinstance(expr, ast.Call) and self.qualified_name(expr.func, scope) in (
            "functools.partial",
        ):
            if not expr.args or any(isinstance(a, ast.Starred) for a in expr.args):
                return None
            if any(k.arg is None for k in expr.keywords):
                return None
            inner = self.function_of(expr.args[0], scope)
            if not isinstance(inner, Function):
                return None
            return Partial(inner, len(expr.args) - 1, frozenset(k.arg or "" for k in expr.keywords))
        if not isinstance(expr, ast.Name):
            return None
        binding = scope.lookup(expr.id)
        if binding is None:
            return None
        if binding.kind == "def":
            return self.functions.get(binding.node)
        if binding.kind == "assign" and isinstance(binding.value, ast.Lambda | ast.Call):
            return self.function_of(binding.value, self.scope_of(binding.node))
        return None

    def scope_of(self, node: ast.AST) -> Scope:
        """The scope a node's names are read in."""
        current: ast.AST | None = self.parents.get(node)
        while current is not None:
            scope = self.scopes.get(current)
            if scope is not None:
                return scope
            current = self.parents.get(current)
        return self.module_scope

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
        for function in self.functions.values():
            if isinstance(function.node, ast.Lambda):
                continue
            outer = self.scope_of(function.node)
            for expr in function.node.decorator_list:
                found = self._custom_decorator(expr, outer)
                if found is not None:
                    by_primal[function] = CustomFunction(found[0], function, found[1])
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

    def _attach_rules(self, primal: Function, custom: CustomFunction) -> None:
        """``f.defvjp(fwd, bwd)``, ``f.defjvp(jvp)``, ``@f.defjvp``, ``f.defjvps(...)`` on the
        name ``f`` bound by this definition."""
        name = primal.name
        defining = self.scope_of(primal.node)
        for call, scope in self.calls:
            func = call.func
            if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
                continue
            if func.value.id != name or func.attr not in ("defvjp", "defjvp", "defjvps"):
                continue
            binding = scope.lookup(name)
            if binding is None or binding.node is not primal.node:
                custom.unresolved_rule = True
                continue
            custom.registrations.append(call)
            rules = [self.function_of(a, scope) for a in call.args]
            if func.attr == "defvjp" and len(call.args) >= 2:
                fwd, bwd = rules[0], rules[1]
                custom.fwd = fwd if isinstance(fwd, Function) else None
                custom.bwd = bwd if isinstance(bwd, Function) else None
                custom.unresolved_rule |= custom.fwd is None or custom.bwd is None
            elif func.attr == "defjvp" and call.args:
                custom.jvp = rules[0] if isinstance(rules[0], Function) else None
                custom.unresolved_rule |= custom.jvp is None
            else:
                custom.unresolved_rule = True
        for function in self.functions.values():
            if isinstance(function.node, ast.Lambda):
                continue
            for expr in function.node.decorator_list:
                target = expr.func if isinstance(expr, ast.Call) else expr
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == name
                    and target.attr in ("defvjp", "defjvp", "defjvps")
                ):
                    binding = self.scope_of(function.node).lookup(name)
                    if binding is None or binding.node is not primal.node:
                        custom.unresolved_rule = True
                        continue
                    custom.registrations.append(expr)
                    if target.attr == "defjvp" and not isinstance(expr, ast.Call):
                        custom.jvp = function
                    else:
                        custom.unresolved_rule = True
        # The name escaping the module (``f.defvjp`` done by whoever imports it) is possible
        # only when it is module-level; a name rebound anywhere makes the rule unknown.
        if len(defining.bindings.get(name, ())) != 1:
            custom.unresolved_rule = True

    def _hijax_classes(self) -> list[HijaxClass]:
        found = []
        for node, scope in self.classes.items():
            outer = self.scope_of(node)
            bases = [self.qualified_name(b, outer) for b in node.bases]
            if HIPRIM not in bases:
                continue
            methods = {}
            assigned: set[str] = set()
            for name, bindings in scope.bindings.items():
                for binding in bindings:
                    if binding.kind == "def":
                        methods[name] = self.functions[binding.node]
                    else:
                        assigned.add(name)
            direct = len(node.bases) == 1 and not node.keywords
            found.append(HijaxClass(node, methods, assigned, direct))
        return found

    def calls_in(self, function: Function) -> Iterator[ast.Call]:
        """Calls made by the function's own body (not by functions nested in it)."""
        for call, scope in self.calls:
            if scope is function.scope:
                yield call


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


class _Builder:
    """One pass over the tree: scopes, bindings, functions, classes and calls. Iterative over
    statements and expressions so that deeply nested code does not exhaust the stack."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model

    def visit_scope(self, root: ScopeNode, scope: Scope) -> None:
        model = self.model
        # (node, scope) pairs still to visit.
        stack: list[tuple[ast.AST, Scope]] = [(root, scope)]
        while stack:
            node, current = stack.pop()
            children = list(ast.iter_child_nodes(node))
            for child in children:
                model.parents[child] = node
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                if node is not root:
                    inner = self._function(node, current)
                    # Decorators, defaults and annotations are evaluated in the enclosing scope.
                    outer_parts: list[ast.AST] = [*node.args.defaults]
                    outer_parts += [d for d in node.args.kw_defaults if d is not None]
                    if not isinstance(node, ast.Lambda):
                        outer_parts += node.decorator_list
                        current.bind(Binding(node.name, node, None, "def"))
                    stack.extend((part, current) for part in outer_parts)
                    body: list[ast.AST] = (
                        [node.body] if isinstance(node, ast.Lambda) else list(node.body)
                    )
                    stack.extend((part, inner) for part in body)
                    continue
            elif isinstance(node, ast.ClassDef) and node is not root:
                inner = Scope(node, current)
                model.scopes[node] = inner
                model.classes[node] = inner
                current.bind(Binding(node.name, node, None, "class"))
                outer: list[ast.AST] = [*node.decorator_list, *node.bases]
                outer += [k.value for k in node.keywords]
                stack.extend((part, current) for part in outer)
                stack.extend((part, inner) for part in node.body)
                continue
            self._bindings_of(node, current)
            if isinstance(node, ast.Call):
                model.calls.append((node, current))
            stack.extend((child, current) for child in reversed(children))

    def _function(self, node: FunctionNode, scope: Scope) -> Scope:
        model = self.model
        inner = Scope(node, scope)
        model.scopes[node] = inner
        params = _params(node.args)
        for param in params:
            inner.bind(Binding(param.name, node, None, "param"))
        returns: list[ast.Return] = []
        is_generator = False
        if not isinstance(node, ast.Lambda):
            pending: list[ast.AST] = list(node.body)
            while pending:
                item = pending.pop()
                if isinstance(item, ast.Return):
                    returns.append(item)
                elif isinstance(item, ast.Yield | ast.YieldFrom):
                    is_generator = True
                if not isinstance(item, _NESTED_SCOPES):
                    pending.extend(ast.iter_child_nodes(item))
            returns.sort(key=lambda r: (r.lineno, r.col_offset))
        decorators: tuple[str | None, ...] = ()
        if not isinstance(node, ast.Lambda):
            decorators = tuple(
                model.qualified_name(d.func if isinstance(d, ast.Call) else d, scope)
                for d in node.decorator_list
            )
        owner = scope.node if isinstance(scope.node, ast.ClassDef) else None
        name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
        model.functions[node] = Function(
            node, name, inner, params, tuple(returns), decorators, owner, is_generator
        )
        return inner

    def _bindings_of(self, node: ast.AST, scope: Scope) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    scope.bind(Binding(target.id, node, node.value, "assign"))
                else:
                    self._bind_targets(target, node, scope)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            if isinstance(node.target, ast.Name):
                given = node.value if isinstance(node, ast.AnnAssign) else None
                if isinstance(node, ast.AnnAssign) and given is None:
                    return  # a bare annotation binds nothing
                kind = "assign" if given is not None else "other"
                scope.bind(Binding(node.target.id, node, given, kind))
        elif isinstance(node, ast.NamedExpr):
            scope.bind(Binding(node.target.id, node, node.value, "assign"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    scope.bind(Binding(alias.asname, node, None, "import", alias.name))
                else:
                    top = alias.name.split(".", 1)[0]
                    scope.bind(Binding(top, node, None, "import", top))
        elif isinstance(node, ast.ImportFrom):
            if node.level or node.module is None:
                for alias in node.names:
                    scope.bind(Binding(alias.asname or alias.name, node, None, "other"))
                return
            for alias in node.names:
                if alias.name == "*":
                    continue
                qualified = f"{node.module}.{alias.name}"
                scope.bind(Binding(alias.asname or alias.name, node, None, "import", qualified))
        elif isinstance(node, ast.Global | ast.Nonlocal):
            scope.escaped.update(node.names)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            self._bind_targets(node.target, node, scope)
        elif isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                if item.optional_vars is not None:
                    self._bind_targets(item.optional_vars, node, scope)
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            scope.bind(Binding(node.name, node, None, "other"))
        elif isinstance(node, ast.MatchMapping) and node.rest:
            scope.bind(Binding(node.rest, node, None, "other"))
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                self._bind_targets(target, node, scope)

    def _bind_targets(self, target: ast.AST, node: ast.AST, scope: Scope) -> None:
        for item in ast.walk(target):
            if isinstance(item, ast.Name):
                scope.bind(Binding(item.id, node, None, "other"))


_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def build(source: str) -> ModuleModel | None:
    """The model of a module's source, or None when it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return ModuleModel(tree)

"""Fixes at the culprits of tracing errors: a static argument for the ``jax.jit`` that traces a
Python value, a tuple for ``jax.checkpoint``'s ``static_argnums``, reverse-mode Jacobians above a
``custom_vjp`` function, and a ``transpose_solve`` for a ``custom_linear_solve`` whose solver only
uses the operator it is given.

Each reads the culprit the diagnostic carries (see ``jaxerr_ls.culprit_state``), finds its node
again in the current text, and edits only that expression.
"""

from __future__ import annotations

import ast
import builtins
import io
import tokenize
from dataclasses import dataclass, replace
from pathlib import Path

from jaxerr_ls.astindex import stored_names
from jaxerr_ls.culprit_state import Buffers, Code, Place, number_table_index, wrapped_function
from jaxerr_ls.fixes.model import Applicability, CulpritRef, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import Source, fresh
from jaxerr_ls.fixes.static_fields import field_fixes
from jaxerr_ls.project import Function, FunctionNode, ModuleModel, Scope, last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

STATIC_CODES = frozenset(
    {
        "tracer-bool-conversion",
        "tracer-integer-conversion",
        "concretization-type-error",
        "grad-while-loop-reverse",
    }
)
CHECKPOINT = "checkpoint-static-argnums-type"
FORWARD_MODE = "custom-vjp-forward-mode"
LINEAR_SOLVE = "custom-linear-solve-no-transpose"
_STATIC_KEYWORDS = {"static_argnums", "static_argnames"}
_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True, slots=True)
class _AtCulprit:
    """The culprit a diagnostic carries, found again in the current text of its file."""

    culprit: CulpritRef
    code: Code
    model: ModuleModel
    node: ast.AST
    source: Source


def _at_culprit(target: FixTarget, read: ReadSource, kinds: set[CulpritKind]) -> _AtCulprit | None:
    culprits = [c for c in target.culprits if c.kind in kinds]
    if len(culprits) != 1:
        return None
    culprit = culprits[0]
    code = Code(Buffers(read, culprit.span.path.parent))
    found = _node_at(code, culprit.span)
    source = Source.parse(culprit.span.path, read(culprit.span.path))
    if found is None or source is None:
        return None
    return _AtCulprit(culprit, code, found[0], found[1], source)


def _node_at(code: Code, span: Span) -> tuple[ModuleModel, ast.AST] | None:
    """The expression the culprit's span covers in the file's current text."""
    model = code.model(span.path)
    if model is None:
        return None
    for node in ast.walk(model.tree):
        # A span keeps its node's lines (only columns are converted): compared first, they
        # spare converting the columns of every other node of the file.
        if (
            isinstance(node, ast.expr)
            and node.lineno == span.line
            and (node.end_lineno or node.lineno) == span.end_line
            and code.span(span.path, node) == span
        ):
            return model, node
    return None


def static_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The jit that traces a Python value gets it as a static argument."""
    at = _at_culprit(target, read, {CulpritKind.TRACER_JIT_ARGUMENT, CulpritKind.LOOP_BOUNDS})
    if at is None:
        return []
    code, model, node, source, culprit = at.code, at.model, at.node, at.source, at.culprit
    name = culprit.name
    for function in model.functions.values():
        decorators = getattr(function.node, "decorator_list", [])
        positional = [p.name for p in function.positional]
        if node in decorators and name in positional and isinstance(node, ast.expr):
            # A project decorator that jits the function takes its own keywords, not jit's.
            if not _names_jit(model, node, function.scope.parent or model.module_scope):
                return []
            made = _static_argument_edit(source, node, name, positional.index(name))
            return [] if made is None else _static_fix(target, name, *made)
    for transform in model.transforms:
        if transform.call is not node or transform.api != "jax.jit":
            continue
        wrapped = wrapped_function(code, culprit.span.path, model, transform)
        if wrapped is None:
            return []
        function_node, direct = wrapped
        if not isinstance(function_node, ast.FunctionDef | ast.AsyncFunctionDef):
            return []
        names = [a.arg for a in [*function_node.args.posonlyargs, *function_node.args.args]]
        if name not in names:
            return []
        statics = [k for k in transform.call.keywords if k.arg in _STATIC_KEYWORDS]
        if statics:
            # A name marks an argument only of the function jit gets itself.
            if statics[0].arg != "static_argnums" and not direct:
                return []
            made = _static_argument_edit(source, transform.call, name, names.index(name))
            return [] if made is None else _static_fix(target, name, *made)
        keyword = f'static_argnames="{name}"' if direct else f"static_argnums={names.index(name)}"
        return _static_fix(target, name, keyword, source.add_keyword(transform.call, keyword))
    return []


def _names_jit(model: ModuleModel, decorator: ast.expr, scope: Scope) -> bool:
    """``@jax.jit``, ``@jax.jit(...)`` or ``@functools.partial(jax.jit, ...)``."""
    called = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = model.qualified_name(called, scope)
    if name == "functools.partial" and isinstance(decorator, ast.Call) and decorator.args:
        name = model.qualified_name(decorator.args[0], scope)
    return name == "jax.jit"


def _static_fix(target: FixTarget, name: str, keyword: str, edit: Edit | None) -> list[Fix]:
    if edit is None:
        return []
    # Same values, but jit now compiles once per value of the argument (and needs it hashable).
    title = f"Mark {name} static in jax.jit ({keyword})"
    return [Fix(title, target.code, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


def checkpoint_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``static_argnums=[2]`` -> ``static_argnums=(2,)``."""
    at = _at_culprit(target, read, {CulpritKind.CHECKPOINT_STATIC_ARGNUMS})
    if at is None:
        return []
    node = at.node
    if not isinstance(node, ast.List) or not node.elts:
        return []
    if not all(isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
        return []
    items = ", ".join(ast.unparse(e) for e in node.elts)
    text = f"({items},)" if len(node.elts) == 1 else f"({items})"
    edit = Edit(at.culprit.span, text)
    return [Fix(f"Give static_argnums as a tuple: {text}", CHECKPOINT, (edit,), preferred=True)]


def forward_mode_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``jax.jacfwd(f)`` -> ``jax.jacrev(f)``; ``jax.hessian(f)`` -> ``jax.jacrev(jax.jacrev(f))``:
    the same derivatives, all in reverse mode, which a custom_vjp function supports."""
    at = _at_culprit(target, read, {CulpritKind.CUSTOM_VJP_FORWARD_TRANSFORM})
    if at is None:
        return []
    call, source = at.node, at.source
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return []
    prefix = source.segment(call.func.value)
    if call.func.attr == "jacfwd":
        edit = Edit(source.span(call.func), f"{prefix}.jacrev")
        title = f"Take the Jacobian in reverse mode: {prefix}.jacrev"
        return [Fix(title, FORWARD_MODE, (edit,), preferred=True)]
    if call.func.attr in ("jvp", "linearize"):
        return _reverse_jvp_fixes(source, call, call.func.attr, prefix)
    if call.func.attr != "hessian" or not call.args or len(call.args) > 2:
        return []
    if any(k.arg != "argnums" for k in call.keywords) or (len(call.args) == 2 and call.keywords):
        return []
    if any(isinstance(a, ast.Starred) for a in call.args):
        return []
    argnums = call.args[1] if len(call.args) == 2 else next((k.value for k in call.keywords), None)
    extra = "" if argnums is None else f", argnums={source.segment(argnums)}"
    function = source.segment(call.args[0])
    text = f"{prefix}.jacrev({prefix}.jacrev({function}{extra}){extra})"
    title = f"Take the Hessian in reverse mode: {prefix}.jacrev({prefix}.jacrev(...))"
    return [Fix(title, FORWARD_MODE, (Edit(at.culprit.span, text),), preferred=True)]


def _reverse_jvp_fixes(source: Source, call: ast.Call, api: str, prefix: str) -> list[Fix]:
    """``jax.jvp(f, (x,), (v,))`` -> ``(f(x), J v)`` and ``jax.linearize(f, x)`` -> ``(f(x),
    v -> J v)`` with ``J = jax.jacrev(f)(x)``, the Jacobian taken in reverse mode and
    contracted with the tangent over all of the input's axes. One array input only; unsafe:
    the whole Jacobian is built, and a pytree input fails."""
    spelled = source.jnp_or_import()
    if spelled is None or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return []
    jnp, imported = spelled
    if api == "jvp":
        if len(call.args) != 3 or not all(
            isinstance(a, ast.Tuple | ast.List) and len(a.elts) == 1 for a in call.args[1:]
        ):
            return []
        primal, tangent = (a.elts[0] for a in call.args[1:] if isinstance(a, ast.Tuple | ast.List))
        if any(isinstance(e, ast.Starred) for e in (primal, tangent)):
            return []
        f, x, v = (source.segment(n) for n in (call.args[0], primal, tangent))
        jvp = f"{jnp}.tensordot({prefix}.jacrev({f})({x}), {v}, axes={jnp}.ndim({v}))"
        title = f"Push the tangent through the reverse-mode Jacobian: {prefix}.jacrev({f})"
    else:
        if len(call.args) != 2:
            return []
        f, x = (source.segment(n) for n in call.args)
        # The Jacobian is a default argument: taken once, at this x, however x changes later.
        jvp = (
            f"lambda t, jac={prefix}.jacrev({f})({x}): {jnp}.tensordot(jac, t, axes={jnp}.ndim(t))"
        )
        title = f"Linearize with the reverse-mode Jacobian: {prefix}.jacrev({f})"
    span = source.span(call)
    text = _tuple_display([f"{f}({x})", jvp], source.indent_of(span.line), span.col)
    edits = (*imported, source.replace(call, text))
    return [Fix(title, FORWARD_MODE, edits, preferred=True, applicability=Applicability.UNSAFE)]


IO_CALLBACK = "io-callback-jvp"
# io_callback's own keywords; any other keyword goes to the callback.
_IO_CALLBACK_KEYWORDS = frozenset({"result_shape_dtypes", "sharding", "ordered"})


def io_callback_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """An ``io_callback`` that returns nothing (a logger, a sink) reached by a tangent: its
    operands through ``jax.lax.stop_gradient``. Nothing flows back from it, so the derivative
    of the program is the same."""
    for span in dict.fromkeys([target.span, *target.frames]):
        source = Source.parse(span.path, read(span.path))
        model = Code(Buffers(read, span.path.parent)).model(span.path)
        if source is None or model is None:
            continue
        calls = [
            call
            for call, scope in model.calls
            if call.lineno <= span.line <= (call.end_lineno or call.lineno)
            and (model.qualified_name(call.func, scope) or "").endswith("io_callback")
        ]
        if len(calls) == 1:
            return _stop_gradient_operands(target, source, calls[0])
    return []


def _stop_gradient_operands(target: FixTarget, source: Source, call: ast.Call) -> list[Fix]:
    keywords = {k.arg: k.value for k in call.keywords}
    result = call.args[1] if len(call.args) > 1 else keywords.get("result_shape_dtypes")
    if not (isinstance(result, ast.Constant) and result.value is None) or None in keywords:
        return []  # a result the program uses: its derivative is not ours to drop
    operands = [
        *call.args[2:],
        *(k.value for k in call.keywords if k.arg not in _IO_CALLBACK_KEYWORDS),
    ]
    spelled = source.jax_or_import()
    if not operands or spelled is None or any(isinstance(o, ast.Starred) for o in operands):
        return []
    jax, imported = spelled
    edits = [
        source.replace(o, f"{jax}.lax.stop_gradient({source.segment(o)})")
        for o in operands
        if "stop_gradient" not in source.segment(o)
    ]
    if not edits:
        return []
    title = f"Hand the callback values without tangents: {jax}.lax.stop_gradient(...)"
    return [Fix(title, target.code, (*imported, *edits), preferred=True)]


def linear_solve_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A solver that uses only the operator it is given solves the transposed system as well:
    ``transpose_solve=`` the same solver."""
    at = _at_culprit(target, read, {CulpritKind.CUSTOM_LINEAR_SOLVE_CALL})
    if at is None:
        return []
    code, model, call, source, culprit = at.code, at.model, at.node, at.source, at.culprit
    if not isinstance(call, ast.Call):
        return []
    keywords = {k.arg: k.value for k in call.keywords}
    solve = keywords.get("solve", call.args[2] if len(call.args) > 2 else None)
    if solve is None or "transpose_solve" in keywords or len(call.args) > 3:
        return []
    scope = next((s for c, s in model.calls if c is call), None)
    # ``functools.partial(cg_solve, tol=tol)``: the function, when what it binds are settings.
    solver = _partial_of_settings(model, solve, scope) if scope is not None else None
    if scope is None or not _uses_only_its_operator(
        code, culprit.span.path, model, solver or solve, scope
    ):
        return []
    if _solves_by_conjugate_gradient(code, culprit.span.path, model, solver or solve, scope):
        # Conjugate gradient converges only for a symmetric (positive-definite) operator:
        # the operator is its own transpose, which ``symmetric=True`` tells JAX.
        edit = source.add_keyword(call, "symmetric=True")
        title = "The operator is symmetric (conjugate gradient needs one): symmetric=True"
        if edit is None:
            return []
        return [Fix(title, LINEAR_SOLVE, (edit,), True, Applicability.UNSAFE)]
    keyword = f"transpose_solve={source.segment(solve)}"
    edit = source.add_keyword(call, keyword)
    if edit is None:
        return []
    title = "Solve the transposed system with the same solver (transpose_solve=...)"
    # Right for any solver that handles A as it handles A's transpose (Krylov methods do).
    fix = Fix(title, LINEAR_SOLVE, (edit,), preferred=True, applicability=Applicability.UNSAFE)
    return [fix]


def _partial_of_settings(model: ModuleModel, node: ast.expr, scope: Scope) -> ast.expr | None:
    """The function of ``functools.partial(f, ...)`` whose bound values are all settings:
    literals, or parameters of the enclosing function with a literal default (``tol=tol``).
    An array bound there (``partial(solve_with, A)``) is an operator the solver closes over."""
    if not isinstance(node, ast.Call) or model.qualified_name(node.func, scope) != (
        "functools.partial"
    ):
        return None
    if not node.args or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    bound = [*node.args[1:], *(k.value for k in node.keywords)]
    if any(k.arg is None for k in node.keywords) or not all(_setting(v, scope) for v in bound):
        return None
    return node.args[0]


def _setting(value: ast.expr, scope: Scope) -> bool:
    if isinstance(value, ast.Constant):
        return True
    if not isinstance(value, ast.Name):
        return False
    name = value.id
    binding = scope.lookup(name)
    function = binding.node if binding is not None and binding.kind == "param" else None
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return False
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(zip(reversed(positional), reversed(arguments.defaults), strict=False))
    defaults |= {
        a: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d
    }
    default = next((d for a, d in defaults.items() if a.arg == name), None)
    return isinstance(default, ast.Constant) and not isinstance(default.value, str)


def _uses_only_its_operator(
    code: Code, path: Path, model: ModuleModel, solve: ast.expr, scope: Scope
) -> bool:
    """Whether a solver reads nothing but its arguments, imported modules and functions of
    the module that do the same: no matrix closed over, so it solves whatever it is given."""
    found = code.resolve(Place(path, model, solve, scope))
    pending: list[ast.AST] = [found.node]
    seen: set[int] = set()
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        function = model.functions.get(node)
        if function is None or found.path != path:
            return False
        for name in _free_names(function.node):
            if name in _BUILTINS and not function.scope.lookup_all(name):
                continue
            binding = function.scope.lookup(name)
            if binding is None:
                return False
            if binding.kind == "import":
                continue
            if binding.kind == "def":
                pending.append(binding.node)
                continue
            return False
        if len(seen) > 16:
            return False
    return True


_CONJUGATE_GRADIENT = "jax.scipy.sparse.linalg.cg"


def _solves_by_conjugate_gradient(
    code: Code, path: Path, model: ModuleModel, solve: ast.expr, scope: Scope
) -> bool:
    """Whether the solver is a function of the module whose body calls
    ``jax.scipy.sparse.linalg.cg``."""
    found = code.resolve(Place(path, model, solve, scope))
    function = model.functions.get(found.node) if found.path == path else None
    return function is not None and any(
        isinstance(node, ast.Call)
        and model.qualified_name(node.func, function.scope) == _CONJUGATE_GRADIENT
        for node in ast.walk(function.node)
    )


def _free_names(node: FunctionNode) -> set[str]:
    """Names a function reads that neither it nor a function nested in it binds."""
    bound = {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
    loads = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            if isinstance(child.ctx, ast.Store | ast.Del):
                bound.add(child.id)
            else:
                loads.add(child.id)
        elif isinstance(child, ast.arg):
            bound.add(child.arg)
        elif (
            isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and child is not node
        ):
            bound.add(child.name)
    return loads - bound


def _failing_statement(source: Source, line: int) -> ast.stmt | None:
    """The innermost statement that holds the failing line."""
    found: ast.stmt | None = None
    # ast.walk is breadth-first: a statement found later is nested deeper.
    for node in ast.walk(source.tree):
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno):
            found = node
    return found


def _branch_value(body: list[ast.stmt]) -> tuple[str, ast.expr] | None:
    """A branch of one ``return X`` or ``name = X``: ("return" or the name, X)."""
    if len(body) != 1:
        return None
    statement = body[0]
    if isinstance(statement, ast.Return) and statement.value is not None:
        value: ast.expr = statement.value
        kind = "return"
    elif (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
    ):
        value, kind = statement.value, statement.targets[0].id
    else:
        return None
    # A tuple would be broadcast by jnp.where as one array, not selected as a pair.
    if isinstance(value, ast.Tuple | ast.List | ast.Dict | ast.Set | ast.Starred):
        return None
    return kind, value


def _is_tree_map(node: ast.expr) -> bool:
    """``jax.tree.map(...)`` / ``jax.tree_util.tree_map(...)`` / ``tree_map(...)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name == "tree_map":
        return True
    return name == "map" and isinstance(func, ast.Attribute) and _last_part(func.value) == "tree"


def where_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``if traced: return A`` / ``return B`` (or the same with assignments) becomes one
    ``jnp.where(traced, A, B)``."""
    source = Source.parse(target.span.path, read(target.span.path))
    spelled = source.jnp_or_import() if source is not None else None
    if source is None or spelled is None:
        return []
    jnp, imports = spelled
    statement = None
    for node in ast.walk(source.tree):
        if isinstance(node, ast.If) and node.test.lineno <= target.span.line <= (
            node.test.end_lineno or node.test.lineno
        ):
            statement = node
    if statement is None:
        # A module of plain Python (a schedule, a config helper) that the failing expression
        # is in gets jax.numpy imported with it.
        fixes = _expression_where_fixes(target, source, jnp)
        return [replace(f, edits=(*imports, *f.edits)) for f in fixes]
    if imports:
        return []
    if not source.owns_its_lines(statement):
        return []
    returned = _returns_where_fixes(target, source, statement, jnp)
    if returned is not None:
        return returned
    then = _branch_value(statement.body)
    if then is None:
        return _parallel_where_fixes(target, source, statement, jnp)
    kind, value = then
    replaced: ast.stmt = statement
    if statement.orelse:
        other = _branch_value(statement.orelse)
        if other is None or other[0] != kind:
            return []
        otherwise = source.segment(other[1])
    elif kind == "return":
        following = _next_statement(source.tree, statement)
        if following is None or not source.owns_its_lines(following):
            return []
        other = _branch_value([following])
        if other is None or other[0] != "return":
            return []
        otherwise = source.segment(other[1])
        replaced = following
    else:
        otherwise = kind  # `if c: x = f(x)` keeps x where c is false
    test = _array_test(source, statement.test)
    if test is None:
        return []
    head = "return" if kind == "return" else f"{kind} ="
    text = f"{head} {jnp}.where({test}, {source.segment(value)}, {otherwise})"
    if isinstance(value, ast.Call) and _is_tree_map(value):
        # A pytree (``jax.tree.map(...)``) is selected leaf by leaf, against the same tree.
        taken = source.all_names()
        new, old = fresh(taken, "new"), fresh(taken, "old")
        select = f"lambda {new}, {old}: {jnp}.where({test}, {new}, {old})"
        text = (
            f"{head} {source.segment(value.func)}({select}, {source.segment(value)}, {otherwise})"
        )
    first = source.span(statement)
    last = source.span(replaced)
    # Comments on the lines that go away are kept, above the new statement.
    indent = source.indent_of(first.line)
    comments = _comments(source, first.line, last.end_line)
    kept = "".join(f"{comment}\n{indent}" for comment in comments)
    whole = Span(source.path, first.line, first.col, last.end_line, last.end_col)
    edit = Edit(whole, f"{kept}{text}")
    title = f"Select with {jnp}.where instead of a Python if on a traced value"
    # Both branches are computed: a branch whose gradient is inf or nan where it is not taken
    # makes the gradient nan.
    return [Fix(title, target.code, (edit,), applicability=Applicability.UNSAFE)]


def _selection(
    jnp: str, test: str, then: ast.expr, otherwise: ast.expr, source: Source, indent: str
) -> str | None:
    """``jnp.where(test, then, otherwise)``, item by item where both are tuple displays of one
    length (``(jnp.where(t, a, c), jnp.where(t, b, d))``); None for any other container, which
    jnp.where would take as one array."""
    containers = (ast.Tuple, ast.List, ast.Dict, ast.Set, ast.Starred)
    if isinstance(then, ast.Tuple) and isinstance(otherwise, ast.Tuple):
        pairs = list(zip(then.elts, otherwise.elts, strict=False))
        if len(then.elts) != len(otherwise.elts) or any(
            isinstance(item, containers) for pair in pairs for item in pair
        ):
            return None
        items = [f"{jnp}.where({test}, {source.segment(a)}, {source.segment(b)})" for a, b in pairs]
        return _tuple_display(items, indent, len(indent) + len("return "))
    if isinstance(then, containers) or isinstance(otherwise, containers):
        return None
    return f"{jnp}.where({test}, {source.segment(then)}, {source.segment(otherwise)})"


# Calls whose result is already a boolean array: ``&``/``|``/``~`` combine them as ``and``/
# ``or``/``not`` would their truth values.
_BOOLEAN_CALLS = frozenset(
    {"isfinite", "isnan", "isinf", "isclose", "any", "all", "logical_and", "logical_or"}
    | {"logical_not", "logical_xor", "signbit", "isneginf", "isposinf", "equal", "less"}
    | {"greater", "less_equal", "greater_equal", "not_equal"}
)


def _array_test(source: Source, test: ast.expr) -> str | None:
    """A test as ``jnp.where`` takes it: ``and``/``or``/``not`` of comparisons become
    ``&``/``|``/``~`` of the comparisons, parenthesized, and ``a < b < c`` becomes
    ``(a < b) & (b < c)`` for a plain middle operand; as written where no part asks Python for
    a truth value. None where a part is not surely boolean (``x and y`` of float arrays: ``&``
    would fail on them, and ``and`` means another thing there)."""
    if not _python_logic(test):
        return source.segment(test)
    return _boolean_text(source, test)


def _boolean_text(source: Source, node: ast.expr) -> str | None:
    if isinstance(node, ast.BoolOp):
        parts = [_boolean_text(source, v) for v in node.values]
        if any(p is None for p in parts):
            return None
        joiner = " & " if isinstance(node.op, ast.And) else " | "
        return joiner.join(f"({p})" for p in parts if p is not None)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _boolean_text(source, node.operand)
        return f"~({inner})" if inner is not None else None
    if isinstance(node, ast.Compare):
        if not all(type(op) in _COMPARISONS for op in node.ops):
            return None  # ``is``, ``in``: Python's own truth values
        if len(node.ops) == 1:
            return source.segment(node)
        operands = [node.left, *node.comparators]
        if not all(isinstance(o, ast.Name | ast.Constant) for o in operands[1:-1]):
            return None  # a middle operand computed twice
        pairs = zip(operands, node.ops, operands[1:], strict=False)
        return " & ".join(
            f"({source.segment(a)} {_COMPARISONS[type(op)]} {source.segment(b)})"
            for a, op, b in pairs
        )
    if isinstance(node, ast.Call) and last_name(node.func) in _BOOLEAN_CALLS:
        return source.segment(node)
    return None


_COMPARISONS: dict[type[ast.cmpop], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
}


def _python_logic(test: ast.expr) -> bool:
    """Whether a test asks Python for a truth value of its parts: ``and``/``or``/``not`` or a
    chained comparison (``a < b < c``), which a traced operand fails in any place."""
    return any(
        isinstance(node, ast.BoolOp)
        or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
        or (isinstance(node, ast.Compare) and len(node.ops) > 1)
        for node in ast.walk(test)
    )


def _block_after(tree: ast.Module, statement: ast.stmt) -> list[ast.stmt] | None:
    """The statements after ``statement`` in its block."""
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and statement in block:
                return block[block.index(statement) + 1 :]
    return None


def _loaded_names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _returns_where_fixes(
    target: FixTarget, source: Source, statement: ast.If, jnp: str
) -> list[Fix] | None:
    """``if traced: return A`` where the function returns B after it, in the ``else`` or after
    straight-line assignments (``progress = ...``, then ``return B``), and where A or B is a
    tuple display or assignments come between (the plain pair of returns is ``where_fixes``'s):
    the test is computed where the ``if`` was, the assignments run on both paths, and the one
    ``return`` selects ``jnp.where(test, A, B)``, item by item for tuples of one length.
    None where this is not that shape; [] where it is but cannot be rewritten safely (a tail
    that rebinds what A reads, control flow or a call statement in between)."""
    if len(statement.body) != 1 or not isinstance(statement.body[0], ast.Return):
        return None
    then = statement.body[0].value
    tail: list[ast.stmt]
    if statement.orelse:
        if len(statement.orelse) != 1 or not isinstance(statement.orelse[0], ast.Return):
            return None
        tail, final = [], statement.orelse[0]
    else:
        after = _block_after(source.tree, statement)
        if not after:
            return None
        ends = [i for i, s in enumerate(after) if isinstance(s, ast.Return)]
        if not ends:
            return None
        tail, end = after[: ends[0]], after[ends[0]]
        assert isinstance(end, ast.Return)
        final = end
    otherwise = final.value
    if then is None or otherwise is None:
        return None
    if not tail and not (isinstance(then, ast.Tuple) or isinstance(otherwise, ast.Tuple)):
        return None  # one return against the next: where_fixes's own case
    plain = (ast.Assign, ast.AnnAssign, ast.AugAssign)
    if not all(isinstance(s, plain) and source.owns_its_lines(s) for s in tail):
        return []
    if not source.owns_its_lines(statement) or not source.owns_its_lines(final):
        return []
    # A is now computed after the tail: the tail must not rebind what A (or the test) reads.
    rebound = stored_names(tail)
    if rebound & _loaded_names(then):
        return []
    test = _array_test(source, statement.test)
    if test is None:
        return []  # ``a or not b`` on a traced value raises where the test is computed too
    indent = source.indent_of(source.span(statement).line)
    hoisted = ""
    tuples = isinstance(then, ast.Tuple) and len(then.elts) > 1
    if (tail or tuples) and not (
        isinstance(statement.test, ast.Name) and statement.test.id not in rebound
    ):
        cond = fresh(source.all_names() | rebound, "cond")
        hoisted, test = f"{cond} = {test}", cond
    selected = _selection(jnp, test, then, otherwise, source, indent)
    if selected is None:
        return []
    if_span, final_span = source.span(statement), source.span(final)
    comments = _comments(source, if_span.line, if_span.end_line + 1)
    kept = "".join(f"{comment}\n{indent}" for comment in comments)
    final_text = f"return {selected}"
    if not tail:
        # if/else (or if and the next return): one statement in place of both.
        text = f"{kept}{hoisted}\n{indent}{final_text}" if hoisted else f"{kept}{final_text}"
        whole = Span(
            source.path, if_span.line, if_span.col, final_span.end_line, final_span.end_col
        )
        edits: tuple[Edit, ...] = (Edit(whole, text),)
    else:
        head = f"{kept}{hoisted}" if hoisted else kept.rstrip()
        first = (
            Edit(
                Span(source.path, if_span.line, if_span.col, if_span.end_line, if_span.end_col),
                head,
            )
            if head
            else source.delete_lines(statement)
        )
        edits = (first, source.replace(final, final_text))
    title = f"Select with {jnp}.where instead of a Python if on a traced value"
    # Both paths are computed: a value whose gradient is inf or nan where it is not taken
    # makes the gradient nan, so the fix is offered one by one.
    return [Fix(title, target.code, edits, applicability=Applicability.UNSAFE)]


_OPERATORS = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.MatMult: "@",
}
# A line longer than this gets a tuple written one item a line.
_LINE = 88


def _tuple_display(items: list[str], indent: str, column: int) -> str:
    """``(a, b)`` starting at ``column``, or one item a line under ``indent`` when too long."""
    one = f"({', '.join(items)})"
    if column + len(one) <= _LINE:
        return one
    rows = "".join(f"{indent}    {item},\n" for item in items)
    return f"(\n{rows}{indent})"


_ATOMS = (ast.Name, ast.Constant, ast.Call, ast.Attribute, ast.Subscript)


def _assigned(source: Source, body: list[ast.stmt]) -> dict[str, str] | None:
    """A branch of assignments to names (``x = a``, ``x, y = a, b``, ``n += 1``) as the value
    each name gets, when they act at once: no value reads a name the branch assigns before it,
    and no value is a container ``jnp.where`` would take as one array."""
    assigned: dict[str, str] = {}
    for statement in body:
        pairs: list[tuple[ast.expr, str, ast.expr]] = []
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                if len(target.elts) != len(value.elts):
                    return None
                pairs = [
                    (t, source.segment(v), v) for t, v in zip(target.elts, value.elts, strict=True)
                ]
            else:
                pairs = [(target, source.segment(value), value)]
        elif isinstance(statement, ast.AugAssign) and type(statement.op) in _OPERATORS:
            value = statement.value
            text = source.segment(value)
            negative = isinstance(value, ast.UnaryOp) and isinstance(value.operand, ast.Constant)
            if not isinstance(value, _ATOMS) and not negative:
                text = f"({text})"
            if isinstance(statement.target, ast.Name):
                op = _OPERATORS[type(statement.op)]
                pairs = [(statement.target, f"{statement.target.id} {op} {text}", value)]
        if not pairs:
            return None
        for target, _, value in pairs:
            read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
            if (
                not isinstance(target, ast.Name)
                or target.id in assigned
                or read & assigned.keys()
                or isinstance(value, ast.Tuple | ast.List | ast.Dict | ast.Set | ast.Starred)
            ):
                return None
        for target, text, _ in pairs:
            assert isinstance(target, ast.Name)
            assigned[target.id] = text
    return assigned or None


def _bound_before(source: Source, statement: ast.stmt, name: str) -> bool:
    """Whether ``name`` has a value before ``statement``: a parameter of the function holding
    it, or assigned on an earlier line of that function (of the module, at its top level)."""
    holders = [
        node
        for node in ast.walk(source.tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        and node.lineno <= statement.lineno <= (node.end_lineno or node.lineno)
    ]
    scope: ast.AST = max(holders, key=lambda n: n.lineno, default=source.tree)
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        args = scope.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        if name in {a.arg for a in params if a is not None}:
            return True
    return any(
        isinstance(node, ast.Name)
        and node.id == name
        and isinstance(node.ctx, ast.Store)
        and node.lineno < statement.lineno
        for node in ast.walk(scope)
    )


def _parallel_where_fixes(
    target: FixTarget, source: Source, statement: ast.If, jnp: str
) -> list[Fix]:
    """``if traced: x, y = a, b`` (or several assignments, with an ``else`` of assignments or
    none) becomes ``x, y = jnp.where(c, a, x), jnp.where(c, b, y)`` with the test computed
    once before (``c = traced``): every name each branch assigns, kept where it does not."""
    then = _assigned(source, statement.body)
    otherwise = _assigned(source, statement.orelse) if statement.orelse else {}
    if then is None or otherwise is None:
        return []
    names = list(dict.fromkeys([*then, *otherwise]))
    one_sided = [n for n in names if n not in then or n not in otherwise]
    if not all(_bound_before(source, statement, name) for name in one_sided):
        return []  # a name one branch leaves unset has no value to keep there
    test = _array_test(source, statement.test)
    if test is None:
        return []
    indent = source.indent_of(source.span(statement).line)
    hoisted = ""
    if len(names) > 1 and not isinstance(statement.test, ast.Name):
        cond = fresh(source.all_names(), "cond")
        hoisted, test = f"{cond} = {test}\n{indent}", cond
    selected = [f"{jnp}.where({test}, {then.get(n, n)}, {otherwise.get(n, n)})" for n in names]
    span = source.span(statement)
    comments = _comments(source, span.line, span.end_line + 1)
    kept = "".join(f"{comment}\n{indent}" for comment in comments)
    head = f"{', '.join(names)} = "
    values = _tuple_display(selected, indent, len(indent) + len(head))
    if not values.startswith("(\n"):
        values = values[1:-1]
    text = f"{kept}{hoisted}{head}{values}"
    title = f"Select {', '.join(names)} with {jnp}.where instead of a Python if on a traced value"
    # Both branches are computed: a branch whose gradient is inf or nan where it is not taken
    # makes the gradient nan.
    return [
        Fix(title, target.code, (source.replace(statement, text),), False, Applicability.UNSAFE)
    ]


def _expression_where_fixes(target: FixTarget, source: Source, jnp: str) -> list[Fix]:
    """On the failing line, ``a if traced else b`` -> ``jnp.where(traced, a, b)``, or the
    builtin ``max(a, b)`` / ``min(a, b)`` -> ``jnp.maximum`` / ``jnp.minimum``: the one such
    expression there."""
    statement = _failing_statement(source, target.span.line)
    if statement is None:
        return []
    found: list[tuple[ast.expr, str]] = []
    bound = {
        n.id
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
    }
    for node in ast.walk(statement):
        if isinstance(node, ast.IfExp) and node.lineno <= target.span.line <= (
            node.end_lineno or node.lineno
        ):
            test = _array_test(source, node.test)
            if test is None:
                return []
            parts = [test, source.segment(node.body), source.segment(node.orelse)]
            found.append((node, f"{jnp}.where({', '.join(parts)})"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("max", "min")
            and node.func.id not in bound
            and len(node.args) == 2
            and not node.keywords
            and not any(isinstance(a, ast.Starred) for a in node.args)
        ):
            name = "maximum" if node.func.id == "max" else "minimum"
            arguments = ", ".join(source.segment(a) for a in node.args)
            found.append((node, f"{jnp}.{name}({arguments})"))
    if len(found) != 1:
        return []
    node, text = found[0]
    title = f"Compute it with {text.split('(', 1)[0]} instead of Python on a traced value"
    # jnp.where computes both branches (an inf or nan gradient of one poisons the other's);
    # jnp.maximum splits the gradient at ties and returns an array for Python numbers.
    edit = source.replace(node, text)
    return [Fix(title, target.code, (edit,), applicability=Applicability.UNSAFE)]


def _comments(source: Source, first: int, last: int) -> list[str]:
    """The comments on lines ``first`` to ``last - 1`` (the last line keeps its own)."""
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source.text).readline):
            if token.type == tokenize.COMMENT and first <= token.start[0] < last:
                found.append(token.string)
    except (tokenize.TokenError, SyntaxError):
        return []
    return found


def _next_statement(tree: ast.Module, statement: ast.stmt) -> ast.stmt | None:
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and statement in block:
                index = block.index(statement)
                return block[index + 1] if index + 1 < len(block) else None
    return None


def _function_table(code: Code, model: ModuleModel, name: str, scope: Scope) -> bool:
    """Whether ``name`` is a list or tuple of functions: its one assignment (in this module,
    or in the project module it is imported from) lists lambdas, or names the module binds by
    ``def`` or import."""
    binding = scope.lookup(name)
    if binding is not None and binding.kind == "import" and binding.qualified:
        module, _, attribute = binding.qualified.rpartition(".")
        path = code.module_file(module) if module else None
        imported = code.model(path) if path is not None else None
        if imported is None:
            return False
        model, binding = imported, imported.module_scope.lookup(attribute)
    items = binding.value if binding is not None and binding.kind == "assign" else None
    if not isinstance(items, ast.List | ast.Tuple) or len(items.elts) < 2:
        return False
    for item in items.elts:
        if isinstance(item, ast.Lambda):
            continue
        found = model.module_scope.lookup(item.id) if isinstance(item, ast.Name) else None
        if found is None or found.kind not in ("def", "import"):
            return False
    return True


def switch_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``STAGES[i](a, b)`` with a traced ``i`` and ``STAGES`` a list of functions:
    ``jax.lax.switch(i, STAGES, a, b)``, which calls the branch the index selects."""
    source = Source.parse(target.span.path, read(target.span.path))
    code = Code(Buffers(read, target.span.path.parent))
    model = code.model(target.span.path)
    statement = source and _failing_statement(source, target.span.line)
    if source is None or model is None or statement is None:
        return []
    lax = source.module_aliases("jax.lax") or [
        f"{name}.lax" for name in source.module_aliases("jax")
    ]
    found = []
    for call, scope in model.calls:
        func = call.func
        if (
            call.lineno <= target.span.line <= (call.end_lineno or call.lineno)
            and isinstance(func, ast.Subscript)
            and isinstance(func.value, ast.Name)
            and not isinstance(func.slice, ast.Slice | ast.Tuple | ast.Constant)
            and not call.keywords
            and not any(isinstance(a, ast.Starred) for a in call.args)
            and _function_table(code, model, func.value.id, scope)
        ):
            found.append(call)
    if len(found) != 1 or not lax:
        return []
    call = found[0]
    assert isinstance(call.func, ast.Subscript)
    parts = [source.segment(call.func.slice), source.segment(call.func.value)]
    new = f"{lax[0]}.switch({', '.join([*parts, *(source.segment(a) for a in call.args)])})"
    title = f"Call the function the traced index selects with {lax[0]}.switch: {new}"
    # An index out of range is clamped to the last branch instead of raising IndexError, and
    # every branch is traced (each must return the same shapes).
    edit = source.replace(call, new)
    return [Fix(title, target.code, (edit,), applicability=Applicability.UNSAFE)]


def list_index_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``RATES[i]`` with a traced ``i`` and ``RATES`` a module list of numbers:
    ``jnp.array(RATES)[i]`` (importing ``jax.numpy`` where the module does not)."""
    source = Source.parse(target.span.path, read(target.span.path))
    spelled = source.jnp_or_import() if source is not None else None
    if source is None or spelled is None:
        return []
    jnp, imported = spelled
    code = Code(Buffers(read, target.span.path.parent))
    model = code.model(target.span.path)
    statement = _failing_statement(source, target.span.line)
    if model is None or statement is None:
        return []
    found = [
        name
        for node in ast.walk(statement)
        if (name := number_table_index(model, node)) is not None
    ]
    if len(found) != 1:
        return []
    name = found[0]
    edit = source.replace(name, f"{jnp}.array({name.id})")
    title = f"Index an array of {name.id} with the traced value: {jnp}.array({name.id})[...]"
    # An index out of range is clamped instead of raising IndexError.
    edits = (*imported, edit)
    return [Fix(title, target.code, edits, applicability=Applicability.UNSAFE)]


# Builtins that call ``__index__`` on their argument (the error could come from them instead).
_INDEXING_BUILTINS = frozenset({"range", "int", "hex", "oct", "bin", "chr", "index"})


def _indexed_container(node: ast.AST, scope: Scope) -> ast.expr | None:
    """``table[i]`` / ``self.table[t - 1]``: the container a computed index reads, unless the
    container is visibly something an array cannot hold (a display of functions, strings or
    dicts, bound in the scope)."""
    if not (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name | ast.Attribute)
        and not isinstance(node.slice, ast.Constant | ast.Slice | ast.Tuple)
        and any(isinstance(n, ast.Name) for n in ast.walk(node.slice))
    ):
        return None
    binding = scope.lookup(node.value.id) if isinstance(node.value, ast.Name) else None
    items = binding.value if binding is not None and binding.kind == "assign" else None
    if isinstance(items, ast.List | ast.Tuple | ast.Dict | ast.Set) and not all(
        isinstance(e, ast.Constant) and type(e.value) in (int, float, bool)
        for e in getattr(items, "elts", [None])
    ):
        return None
    return node.value


def array_index_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A sequence (``self.alpha_bars[t]``, a list a function built) indexed by a traced
    value on the failing line: ``jnp.asarray(self.alpha_bars)[t]``, which takes a traced index
    (an array is left as it is). Only where the line indexes one such container and calls no
    builtin that wants an int itself. Unsafe: an index out of range is clamped."""
    source = Source.parse(target.span.path, read(target.span.path))
    spelled = source.jnp_or_import() if source is not None else None
    model = ModuleModel(source.tree) if source is not None else None
    statement = _failing_statement(source, target.span.line) if source is not None else None
    if source is None or spelled is None or model is None or statement is None:
        return []
    if isinstance(statement, ast.If | ast.For | ast.While | ast.With | ast.Try):
        return []  # only the header is on the failing line: its body is not ours to read
    scope = next(
        (sc for node, sc in model.calls if any(node is n for n in ast.walk(statement))),
        model.module_scope,
    )
    found = []
    for node in ast.walk(statement):
        if isinstance(node, ast.Call) and _last_part(node.func) in _INDEXING_BUILTINS:
            return []
        container = _indexed_container(node, scope)
        if container is not None:
            found.append(container)
    if len(found) != 1:
        return []
    jnp, imported = spelled
    name = source.segment(found[0])
    edit = source.replace(found[0], f"{jnp}.asarray({name})")
    title = f"Index an array of {name} with the traced value: {jnp}.asarray({name})[...]"
    return [Fix(title, target.code, (*imported, edit), applicability=Applicability.UNSAFE)]


# jax.numpy functions whose Python counterpart gives the same number as a plain int.
_PYTHON_ROUNDING = {
    "round": "round",
    "rint": "round",
    "int32": "int",
    "int64": "int",
    "ceil": "math.ceil",
    "floor": "math.floor",
}
_INT_DTYPES = frozenset({"int", "int32", "int64", "int16", "int8", "uint32"})


def python_bound_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A loop bound computed with jax.numpy (``jnp.round(t / dt).astype(jnp.int32)``)
    computed with Python instead (``round(t / dt)``), when what is left has no jax call:
    static under jit, so reverse mode can differentiate the loop. Unsafe: it fails where the
    operands themselves are traced."""
    at = _at_culprit(target, read, {CulpritKind.LOOP_BOUNDS})
    if at is None or not isinstance(at.node, ast.Call):
        return []
    model, source, node = at.model, at.source, at.node
    scope = next((sc for c, sc in model.calls if c is node), model.module_scope)
    call = node
    # ``.astype(int)`` / ``.astype(jnp.int32)``: an int is what Python's rounding gives.
    if (
        isinstance(call.func, ast.Attribute)
        and call.func.attr == "astype"
        and len(call.args) == 1
        and (_last_part(call.args[0]) in _INT_DTYPES)
        and isinstance(call.func.value, ast.Call)
    ):
        call = call.func.value
    name = model.qualified_name(call.func, scope) or ""
    python = _PYTHON_ROUNDING.get(name.removeprefix("jax.numpy."))
    if not name.startswith("jax.numpy.") or python is None or len(call.args) != 1:
        return []
    operand = call.args[0]
    if call.keywords or any(
        (model.qualified_name(n.func, scope) or "").startswith("jax.")
        for n in ast.walk(operand)
        if isinstance(n, ast.Call)
    ):
        return []
    imports: list[Edit] = []
    if python.startswith("math."):
        # ``math.ceil`` / ``math.floor``: ints, as ``.astype(int32)`` made them, spelled as the
        # module imports ``math`` (imported where it does not).
        aliases = source.module_aliases("math")
        if not aliases and "math" in source.all_names():
            return []
        python = f"{(aliases or ['math'])[0]}.{python.removeprefix('math.')}"
        imports = [] if aliases else [source.import_edit("import math")]
    new = f"{python}({source.segment(operand)})"
    title = f"Compute the loop bound with Python: {new}"
    edits = (source.replace(node, new), *imports)
    return [Fix(title, target.code, edits, preferred=True, applicability=Applicability.UNSAFE)]


def _int_bound(node: ast.expr, scope: Scope) -> bool:
    """A literal int, or a name bound to one (a module constant, a parameter's default)."""
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    binding = scope.lookup(node.id) if isinstance(node, ast.Name) else None
    if binding is None:
        return False
    if binding.kind == "assign":
        return binding.value is not None and _int_bound(binding.value, binding.scope)
    function = binding.node if binding.kind == "param" else None
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return False
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [
        *zip(reversed(positional), reversed(arguments.defaults), strict=False),
        *zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True),
    ]
    default = next((d for a, d in pairs if a.arg == binding.name), None)
    return isinstance(default, ast.Constant) and type(default.value) is int


def _counter_tests(test: ast.expr) -> list[tuple[str, ast.expr, bool]]:
    """The ``i < n`` / ``i <= n`` / ``n > i`` of a loop's test (alone, or and-ed with other
    tests, which can only stop the loop sooner): (the name compared, the bound, whether the
    bound is included); an or-ed test gives none."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [found for part in test.values for found in _counter_tests(part)]
    if isinstance(test, ast.BinOp) and isinstance(test.op, ast.BitAnd):
        return [*_counter_tests(test.left), *_counter_tests(test.right)]
    if isinstance(test, ast.Call) and _last_part(test.func) == "logical_and" and not test.keywords:
        return [found for part in test.args for found in _counter_tests(part)]
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return []
    op, left, right = test.ops[0], test.left, test.comparators[0]
    if isinstance(op, ast.Gt | ast.GtE):
        left, right = right, left
    if not isinstance(left, ast.Name) or not isinstance(op, ast.Lt | ast.Gt | ast.LtE | ast.GtE):
        return []
    return [(left.id, right, isinstance(op, ast.LtE | ast.GtE))]


def _state_position(function: ast.FunctionDef, name: str) -> int | None:
    """Where ``name`` sits in the one state parameter the function unpacks
    (``_, err, i = state``)."""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    unpackings = [
        [e.id if isinstance(e, ast.Name) else None for e in statement.targets[0].elts]
        for statement in function.body
        if isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Name)
        and [statement.value.id] == params
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Tuple)
    ]
    names = unpackings[0] if len(unpackings) == 1 else []
    return names.index(name) if names.count(name) == 1 else None


def _tuple_value(node: ast.expr, scope: Scope) -> ast.Tuple | None:
    """A tuple display, given or bound once to the name given."""
    binding = scope.lookup(node.id) if isinstance(node, ast.Name) else None
    value = binding.value if binding is not None and binding.kind == "assign" else node
    return value if isinstance(value, ast.Tuple) else None


def bounded_while_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``lax.while_loop(cond, body, init)`` whose cond stops a counter that starts at 0 at a
    static bound (``(err > tol) & (i < max_iter)``): ``lax.fori_loop(0, max_iter, lambda _, s:
    body(s), init)``, static bounds that reverse mode can differentiate. Unsafe: the loop runs
    every iteration, where the other tests stopped it sooner."""
    at = _at_culprit(target, read, {CulpritKind.LOOP_BOUNDS})
    if at is None or not isinstance(at.node, ast.Call):
        return []
    call, model, source = at.node, at.model, at.source
    scope = next((sc for c, sc in model.calls if c is call), None)
    func = call.func
    if (
        scope is None
        or not isinstance(func, ast.Attribute)
        or model.qualified_name(func, scope) != "jax.lax.while_loop"
        or len(call.args) != 3
        or call.keywords
    ):
        return []
    cond, body, init = call.args
    binding = scope.lookup(cond.id) if isinstance(cond, ast.Name) else None
    cond_function = binding.node if binding is not None and binding.kind == "def" else None
    if not isinstance(cond_function, ast.FunctionDef):
        return []
    returns = [n for n in ast.walk(cond_function) if isinstance(n, ast.Return)]
    test = returns[0].value if len(returns) == 1 else None
    display = _tuple_value(init, scope)
    counted = []
    # The counter: a state entry that starts at 0, compared with a static int.
    for counter, bound, included in _counter_tests(test) if test is not None else []:
        position = _state_position(cond_function, counter)
        start = display.elts[position] if display is not None and position is not None else None
        if (
            isinstance(start, ast.Constant)
            and type(start.value) is int
            and start.value == 0
            and _int_bound(bound, scope)
        ):
            counted.append((bound, included))
    if len(counted) != 1:
        return []
    bound, included = counted[0]
    stop = f"{source.segment(bound)} + 1" if included else source.segment(bound)
    taken = {n.id for n in ast.walk(body) if isinstance(n, ast.Name)}
    state = fresh(taken, "state")
    loop = source.segment(func)[: -len("while_loop")] + "fori_loop"
    new = f"{loop}(0, {stop}, lambda _, {state}: {source.segment(body)}({state}), "
    new += f"{source.segment(init)})"
    title = f"Run all {stop} iterations with {loop} (static bounds, reverse-differentiable)"
    edit = source.replace(call, new)
    return [Fix(title, target.code, (edit,), applicability=Applicability.UNSAFE)]


def _last_part(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


# Loops whose bounds (the first two arguments) must be static for reverse mode / range.
_LOOP_BOUNDS = {"jax.lax.fori_loop": 2, "range": 2}


def _jit_of(model: ModuleModel, function: Function) -> ast.expr | None:
    """The one ``jax.jit`` applied to a ``def`` itself (so a parameter's name can mark it
    static): its decorator (``@jax.jit``, ``@partial(jax.jit, ...)``), or a call
    ``jax.jit(fn)`` in the same module."""
    node = function.node
    assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    scope = model.scopes.get(node, model.module_scope).parent or model.module_scope
    found: list[ast.expr] = []
    for decorator in node.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        api = model.qualified_name(called, scope)
        if api == "jax.jit":
            found.append(decorator)
        elif api == "functools.partial" and isinstance(decorator, ast.Call):
            first = decorator.args[0] if decorator.args else None
            if first is not None and model.qualified_name(first, scope) == "jax.jit":
                found.append(decorator)
    for transform in model.transforms:
        call = transform.call
        if transform.api == "jax.jit" and call.args and isinstance(call.args[0], ast.Name):
            binding = transform.scope.lookup(call.args[0].id)
            if binding is not None and binding.node is node:
                found.append(call)
    return found[0] if len(found) == 1 else None


def _static_argument_edit(
    source: Source, jit: ast.expr, name: str, position: int
) -> tuple[str, Edit] | None:
    """``static_argnames="name"`` added to a jit (a bare ``@jax.jit`` is called with it); where
    the jit already marks arguments static by literal positions or names, the argument added
    to them (``static_argnums=(2,)`` -> ``(2, 3)``: what it marked stays static); None where
    they are not literals."""
    keyword = f'static_argnames="{name}"'
    if not isinstance(jit, ast.Call):
        return keyword, Edit(source.span(jit), f"{source.segment(jit)}({keyword})")
    if any(k.arg is None for k in jit.keywords):
        return None
    marked = [k for k in jit.keywords if k.arg in _STATIC_KEYWORDS]
    if len(marked) == 1:
        given = marked[0]
        wanted: object = position if given.arg == "static_argnums" else name
        items = given.value.elts if isinstance(given.value, ast.Tuple | ast.List) else [given.value]
        values = [i.value if isinstance(i, ast.Constant) else i for i in items]
        if any(type(v) is not type(wanted) for v in values) or wanted in values:
            return None
        # The user's items as written, the new one in their quotes.
        quote = source.segment(items[0])[:1] if isinstance(wanted, str) and items else '"'
        added = f"{quote}{wanted}{quote}" if isinstance(wanted, str) else str(wanted)
        spelled = ", ".join([*(source.segment(i) for i in items), added])
        keyword = f"{given.arg}=({spelled})"
        return keyword, Edit(source.span(given.value), f"({spelled})")
    if marked:
        return None
    edit = source.add_keyword(jit, keyword)
    return None if edit is None else (keyword, edit)


def traced_bound_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """No culprit needed: on the lines of the traceback in the project (the failing line
    first), a ``fori_loop`` / ``range`` whose bound is a parameter, never rebound, of a
    function that ``jax.jit`` traces: that parameter marked static in the jit. Two such
    parameters, or a function not surely jitted, leave it to the user."""
    found: dict[tuple[Path, str], tuple[Source, ast.expr, int]] = {}
    for span in dict.fromkeys([target.span, *target.frames]):
        source = Source.parse(span.path, read(span.path))
        if source is None:
            continue
        model = ModuleModel(source.tree)
        for call, scope in model.calls:
            if call.lineno > span.line or (call.end_lineno or call.lineno) < span.line:
                continue
            api = model.qualified_name(call.func, scope)
            if isinstance(call.func, ast.Name) and call.func.id == "range":
                api = "range" if scope.lookup("range") is None else api
            count = _LOOP_BOUNDS.get(api or "")
            if count is None or (api == "range" and target.code == "grad-while-loop-reverse"):
                continue
            bounds = call.args[: count if api != "range" or len(call.args) > 1 else 1]
            for bound in bounds:
                binding = scope.lookup(bound.id) if isinstance(bound, ast.Name) else None
                function = model.functions.get(binding.node) if binding is not None else None
                if binding is None or binding.kind != "param" or function is None:
                    continue
                if not isinstance(function.node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                if name_stores(function.node, binding.name):
                    continue
                if binding.name not in [p.name for p in function.positional]:
                    continue
                jitted = _jit_of(model, function)
                if jitted is not None:
                    position = [p.name for p in function.positional].index(binding.name)
                    found[(span.path, binding.name)] = (source, jitted, position)
    if len(found) != 1:
        return []
    [((_, name), (home, jit, position))] = found.items()
    made = _static_argument_edit(home, jit, name, position)
    if made is None:
        return []
    keyword, edit = made
    return _static_fix(target, name, keyword, edit)


def name_stores(function: ast.AST, name: str) -> bool:
    """Whether a function assigns a name (a parameter rebound, say)."""
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in ast.walk(function)
    )


def tracer_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The jit's static argument where the traced value is a Python constant, or the pytree
    field that made it a traced leaf declared static; else (also where a culprit exists but
    none of these fits it) the control flow or the indexing on the failing line, done with
    arrays."""
    static = (
        static_fixes(target, read)
        or python_bound_fixes(target, read)
        or bounded_while_fixes(target, read)
        or field_fixes(target, read)
    )
    if not static and not any(
        c.kind in (CulpritKind.TRACER_JIT_ARGUMENT, CulpritKind.LOOP_BOUNDS)
        for c in target.culprits
    ):
        static = traced_bound_fixes(target, read)
    # A culprit no fix fits (a kind without one, code of another shape) leaves the failing
    # line's own fix: the traced value is handled where it is used.
    return static or _failing_line_fixes(target, read)


def _failing_line_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    if target.code == "tracer-bool-conversion":
        return where_fixes(target, read)
    if target.code == "tracer-integer-conversion":
        return (
            list_index_fixes(target, read)
            or switch_fixes(target, read)
            or array_index_fixes(target, read)
        )
    if target.code == "concretization-type-error":
        return masked_reduction_fixes(target, read)
    return []


# A reduction of the selected entries, as a reduction of all entries with the others masked.
_MASKED = {
    "sum": "{jnp}.sum({jnp}.where({m}, {x}, 0.0))",
    "mean": "{jnp}.sum({jnp}.where({m}, {x}, 0.0)) / {jnp}.maximum({jnp}.sum({m}), 1)",
    "max": "{jnp}.max({jnp}.where({m}, {x}, -{jnp}.inf))",
    "min": "{jnp}.min({jnp}.where({m}, {x}, {jnp}.inf))",
}
_SELECTORS = frozenset({"nonzero", "where", "flatnonzero"})


def _selected_mask(node: ast.expr, jnp: str) -> ast.expr | None:
    """``m`` of ``jnp.nonzero(m)[0]``, ``jnp.nonzero(m)``, ``jnp.where(m)[0]`` or
    ``jnp.flatnonzero(m)``: indices whose number depends on the values of ``m``."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        if node.slice.value != 0:
            return None
        node = node.value
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == jnp
        and node.func.attr in _SELECTORS
        and len(node.args) == 1
        and not node.keywords
    ):
        return None
    return node.args[0]


def _reduction_of_selection(
    node: ast.AST, jnp: str, index: ast.expr | None
) -> tuple[str, ast.expr, ast.expr] | None:
    """``jnp.mean(x[i])`` / ``x[i].sum()``: (the reduction, ``x``, the index ``i``), where
    ``i`` is ``index`` itself (a name) or holds the selection inline."""
    if not isinstance(node, ast.Call) or node.keywords or not isinstance(node.func, ast.Attribute):
        return None
    func = node.func
    if isinstance(func.value, ast.Name) and func.value.id == jnp and len(node.args) == 1:
        name, selected = func.attr, node.args[0]
    elif not node.args:
        name, selected = func.attr, func.value
    else:
        return None
    if name not in _MASKED or not isinstance(selected, ast.Subscript):
        return None
    inner = selected.slice
    if index is not None:
        same = isinstance(inner, ast.Name) and isinstance(index, ast.Name) and inner.id == index.id
        return (name, selected.value, inner) if same else None
    return (name, selected.value, inner) if _selected_mask(inner, jnp) is not None else None


def masked_reduction_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A reduction of the entries a mask selects (``jnp.mean(d[jnp.nonzero(same)[0]])``),
    whose count jit cannot know: the reduction over every entry with the others masked out
    (``jnp.where(same, d, 0.0)``, the mean divided by the mask's count). Unsafe: with nothing
    selected the mean is 0 instead of NaN, and a mask of several axes selects differently."""
    source = Source.parse(target.span.path, read(target.span.path))
    jnp = source.jnp_name() if source is not None else None
    statement = _failing_statement(source, target.span.line) if source is not None else None
    if source is None or jnp is None or statement is None:
        return []
    edits: list[Edit] = []
    found: list[tuple[ast.Call, str, ast.expr, ast.expr]] = []
    if (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and (mask := _selected_mask(statement.value, jnp)) is not None
    ):
        # ``positives = jnp.nonzero(same)[0]`` read once, later, by a reduction.
        name = statement.targets[0]
        function = next(
            (
                f
                for f in source.functions()
                if f.lineno <= statement.lineno <= (f.end_lineno or f.lineno)
            ),
            None,
        )
        if function is None or not source.owns_its_lines(statement):
            return []
        reads = [
            n
            for n in ast.walk(function)
            if isinstance(n, ast.Name) and n.id == name.id and n is not name
        ]
        uses = [
            (n, r)
            for n in ast.walk(function)
            if isinstance(n, ast.Call) and (r := _reduction_of_selection(n, jnp, name)) is not None
        ]
        if (
            len(reads) != 1
            or len(uses) != 1
            or any(
                isinstance(n, ast.Name) and n.id == name.id and isinstance(n.ctx, ast.Store)
                for n in ast.walk(function)
                if n is not name
            )
        ):
            return []
        call, (reduction, values, _) = uses[0]
        found.append((call, reduction, values, mask))
        edits.append(source.delete_lines(statement))
    else:
        for node in ast.walk(statement):
            inline = _reduction_of_selection(node, jnp, None)
            if inline is not None and isinstance(node, ast.Call):
                mask = _selected_mask(inline[2], jnp)
                assert mask is not None
                found.append((node, inline[0], inline[1], mask))
        if len(found) != 1:
            return []
    call, reduction, values, mask = found[0]
    new = _MASKED[reduction].format(jnp=jnp, m=source.segment(mask), x=source.segment(values))
    edits.append(source.replace(call, new))
    title = f"Reduce with a mask instead of selecting entries: {new}"
    return [Fix(title, target.code, tuple(edits), applicability=Applicability.UNSAFE)]


NONLINEAR = "transpose-rule-missing"


def nonlinear_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The one non-linear call of a function given to ``jax.linear_transpose``
    (``jnp.tanh(blur(x))``), dropped so that its argument is what the function returns.
    Unsafe, and titled so: the model changes; the alternative (``jax.vjp`` of the non-linear
    function) is a rewrite for the user to choose."""
    at = _at_culprit(target, read, {CulpritKind.LINEAR_TRANSPOSE_NONLINEAR})
    if at is None or not isinstance(at.node, ast.Call):
        return []
    call, source = at.node, at.source
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return []
    name = source.segment(call.func)
    title = f"Drop the non-linear {name} (the model changes) so the function is linear"
    edit = source.replace(call, source.segment(call.args[0]))
    return [Fix(title, NONLINEAR, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


PROVIDERS = (
    Provider(STATIC_CODES, frozenset(), tracer_fixes),
    Provider(frozenset({CHECKPOINT}), frozenset(), checkpoint_fixes),
    Provider(frozenset({FORWARD_MODE}), frozenset(), forward_mode_fixes),
    Provider(frozenset({LINEAR_SOLVE}), frozenset(), linear_solve_fixes),
    Provider(frozenset({IO_CALLBACK}), frozenset(), io_callback_fixes),
    Provider(frozenset({NONLINEAR}), frozenset(), nonlinear_fixes),
)

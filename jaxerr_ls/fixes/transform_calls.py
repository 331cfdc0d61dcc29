"""Fixes on the failing line of a transform: allow_int, has_aux, jvp tuples, VJP cotangents."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from jaxerr_ls.astindex import own_nodes, own_returns, position
from jaxerr_ls.culprit_flow import Callee, Flow
from jaxerr_ls.culprit_ranks import Ranks
from jaxerr_ls.culprit_state import Buffers, Code, Place
from jaxerr_ls.culprit_transforms import batch_of_tangents
from jaxerr_ls.fixes.model import Applicability, CulpritRef, Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.source import (
    FunctionNode,
    Source,
    fresh,
    imported_definitions,
    package_bases,
)
from jaxerr_ls.project import (
    Function,
    ModuleModel,
    Partial,
    last_name,
    literal_ints,
    module_files,
    reads_of,
)
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

INT_INPUT = "grad-int-input"
NOT_ARRAY = "grad-output-not-array"
JVP_NOT_TUPLES = "jvp-args-not-tuples"
VJP_TOO_MANY = "vjp-too-many-args"
VJP_COTANGENT = "vjp-cotangent-shape"
VJP_TREE = "vjp-cotangent-tree"
LINEARIZE_AVAL = "linearize-tangent-aval"
JVP_SHAPE = "jvp-shape-mismatch"
ARGNUMS = "grad-argnums-missing-positional"
# Transforms that take ``allow_int`` / ``has_aux``, by the last part of their name.
_ALLOW_INT = frozenset({"grad", "value_and_grad", "jacrev"})
_HAS_AUX = frozenset({"grad", "value_and_grad"})
# Transforms with ``argnums`` that count the positional arguments of their application.
_POSITIONAL = frozenset({"grad", "value_and_grad", "jacrev", "jacfwd", "jacobian", "hessian"})
# ``~float32[]``: the ``~`` marks a weakly typed value (a Python scalar); its dtype is the same.
_SCALAR_AVAL = re.compile(r"^\s*~?(float\d+|bfloat16)\[\]\s*$")
_AVAL = re.compile(r"^\s*~?(?P<dtype>\w+)\[(?P<dims>[\d,\s]*)\]\s*$")
_SHAPE = re.compile(r"^\s*\((?P<dims>[\d,\s]*)\)\s*$")


def located(
    read: ReadSource, culprits: tuple[CulpritRef, ...], kind: CulpritKind
) -> Iterator[tuple[Source, ast.AST, CulpritRef]]:
    """Each culprit of a kind with the node of its file that spans it exactly."""
    sources: dict[object, Source | None] = {}
    for culprit in culprits:
        if culprit.kind != kind:
            continue
        path = culprit.span.path
        if path not in sources:
            sources[path] = Source.parse(path, read(path))
        source = sources[path]
        if source is None:
            continue
        node = next((n for n in ast.walk(source.tree) if _spans(source, n, culprit.span)), None)
        if node is not None:
            yield source, node, culprit


def _spans(source: Source, node: ast.AST, span: Span) -> bool:
    # A span keeps its node's lines (only columns are converted): compared first, they spare
    # converting the columns of every other node of the file.
    line: int | None = getattr(node, "lineno", None)
    return (
        line == span.line
        and (getattr(node, "end_lineno", None) or line) == span.end_line
        and hasattr(node, "end_col_offset")
        and source.span(node) == span
    )


def unsafe_fix(target: FixTarget, title: str, edits: tuple[Edit, ...]) -> list[Fix]:
    """One fix that may change what the program computes, so offered only one by one."""
    return [Fix(title, target.code, edits, applicability=Applicability.UNSAFE)]


def on_line(node: ast.AST, line: int) -> bool:
    first: int = getattr(node, "lineno", 0)
    return first <= line <= (getattr(node, "end_lineno", None) or first)


def _calls_on(source: Source, line: int) -> list[ast.Call]:
    return [n for n in ast.walk(source.tree) if isinstance(n, ast.Call) and on_line(n, line)]


def _stores(root: ast.AST, name: str) -> list[ast.Name]:
    return [
        node
        for node in ast.walk(root)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
    ]


def assigned_once(source: Source, name: str, line: int) -> ast.Assign | None:
    """The one plain assignment that binds ``name`` where a line reads it: in the innermost
    function around the line, else at the module's top level; None when bound otherwise."""
    functions = [f for f in source.functions() if on_line(f, line)]
    statements: list[ast.stmt]
    if functions:
        inner = max(functions, key=lambda f: f.lineno)
        arguments = inner.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        if any(a.arg == name for a in [*every, arguments.vararg, arguments.kwarg] if a):
            return None
        stores = _stores(inner, name)
        statements = inner.body
    else:
        stores = []
    if not stores:
        statements = source.tree.body
        stores = [s for statement in statements for s in _stores(statement, name)]
        if any(not isinstance(s, ast.Assign) for s in statements if _stores(s, name)):
            return None
    if len(stores) != 1:
        return None
    for root in statements:
        for node in ast.walk(root):
            if isinstance(node, ast.Assign) and any(t is stores[0] for t in ast.walk(node)):
                return node
    return None


def _applications(
    source: Source, line: int, names: frozenset[str]
) -> list[tuple[ast.Call, ast.Call]]:
    """Each call on a line that applies a transform, with the transform call (``jax.grad(f)``)
    it applies: right there, through the one name or ``self`` attribute it was assigned to,
    or through wrappers that keep the positions of the arguments (``jax.jit``, ``jax.vmap``)."""
    found = []
    for call in _calls_on(source, line):
        transform = _transform_behind(source, call.func, line, names, 0)
        if transform is not None:
            found.append((call, transform))
    return found


# Wrappers whose function receives the arguments of the wrapped call at the same positions.
_KEEP_POSITIONS = frozenset({"jit", "vmap", "pmap", "checkpoint", "remat", "filter_jit"})


def _transform_behind(
    source: Source, callee: ast.expr, line: int, names: frozenset[str], depth: int
) -> ast.Call | None:
    if depth > 4:
        return None
    value: ast.expr | None = callee
    if isinstance(callee, ast.Name):
        assign = assigned_once(source, callee.id, line)
        value = assign.value if assign is not None and len(assign.targets) == 1 else None
    elif isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name):
        value = _attribute_value(source, callee, line)
    if not isinstance(value, ast.Call):
        return None
    name = last_name(value.func)
    if name in names:
        return value
    if name in _KEEP_POSITIONS and value.args and not isinstance(value.args[0], ast.Starred):
        return _transform_behind(source, value.args[0], line, names, depth + 1)
    return None


def _attribute_value(source: Source, attribute: ast.Attribute, line: int) -> ast.expr | None:
    """``self.grad_fn`` read in a method: the one value the class assigns to it."""
    assert isinstance(attribute.value, ast.Name)
    owner = attribute.value.id
    classes = [c for c in ast.walk(source.tree) if isinstance(c, ast.ClassDef) and on_line(c, line)]
    if not classes or owner != "self":
        return None
    home = max(classes, key=lambda c: c.lineno)
    values = [
        node.value
        for node in ast.walk(home)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and target.attr == attribute.attr
        and isinstance(target.value, ast.Name)
        and target.value.id == owner
    ]
    return values[0] if len(values) == 1 and values[0] is not None else None


def applied_transform(source: Source, line: int, names: frozenset[str]) -> ast.Call | None:
    """The one transform call whose result is called on a line."""
    unique = list(dict.fromkeys(t for _, t in _applications(source, line, names)))
    return unique[0] if len(unique) == 1 else None


def add_keyword(source: Source, call: ast.Call, keyword: str) -> Edit | None:
    """``, keyword`` before the call's closing parenthesis (None after a trailing comma)."""
    end = source.span(call)
    before = source.line_text(end.end_line)[: end.end_col - 1].rstrip()
    if before.endswith((",", "(")):
        return None
    at = Span(source.path, end.end_line, end.end_col - 1, end.end_line, end.end_col - 1)
    return Edit(at, f", {keyword}")


def _allow_int_fixes(target: FixTarget, source: Source) -> list[Fix]:
    """allow_int=True, only where the program can take float0 gradients (see
    ``_float0_usable``): arithmetic on a float0 gradient (``float(g)``) fails next."""
    found = _applications(source, target.span.line, _ALLOW_INT)
    if len({id(t) for _, t in found}) != 1:
        return []
    application, call = found[0]
    if any(k.arg in ("allow_int", "argnums") for k in call.keywords):
        return []
    if not _float0_usable(source, application):
        return []
    edit = add_keyword(source, call, "allow_int=True")
    if edit is None:
        return []
    title = (
        f"Pass allow_int=True to {source.segment(call.func)}: integer inputs get float0 gradients"
    )
    return unsafe_fix(target, title, (edit,))


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _float0_usable(source: Source, application: ast.Call) -> bool:
    """Whether a gradient's float0 leaves can do no harm: the result is only printed, or
    only parts of it are read (``grads["w"]``, ``grads.params``), the float parts the update
    wants; not where the whole goes into arithmetic or a tree map."""
    parents = _parents(source.tree)

    def harmless(node: ast.AST) -> bool:
        parent = parents.get(id(node))
        while isinstance(parent, ast.FormattedValue | ast.JoinedStr):
            parent = parents.get(id(parent))
        if isinstance(parent, ast.Call) and last_name(parent.func) == "print":
            return True
        if isinstance(parent, ast.Subscript) and parent.value is node:
            return isinstance(parent.slice, ast.Constant)
        if isinstance(parent, ast.Attribute) and parent.value is node:
            called = parents.get(id(parent))
            return not (isinstance(called, ast.Call) and called.func is parent)
        return False

    if harmless(application):
        return True
    holder = parents.get(id(application))
    if not isinstance(holder, ast.Assign) or len(holder.targets) != 1:
        return False
    bound = holder.targets[0]
    if isinstance(bound, ast.Tuple) and len(bound.elts) == 2:
        bound = bound.elts[1]  # ``value, grads = jax.value_and_grad(f)(...)``
    if not isinstance(bound, ast.Name):
        return False
    functions = [f for f in source.functions() if on_line(f, holder.lineno)]
    scope: ast.AST = max(functions, key=lambda f: f.lineno) if functions else source.tree
    reads = [
        n
        for n in ast.walk(scope)
        if isinstance(n, ast.Name) and n.id == bound.id and isinstance(n.ctx, ast.Load)
    ]
    return bool(reads) and all(harmless(n) for n in reads)


# Reductions and lookups whose first argument a boolean mask or integer data is read by.
_CONDITION_CALLS = frozenset({"where", "select"})


def _data_like(function: Function, name: str) -> bool:
    """Whether a parameter is integer or boolean data rather than a number to differentiate:
    read as an index, a count or a ``where`` condition, and never as an operand of
    arithmetic."""
    reads = reads_of(function, name)
    if reads.count == 0:
        return False
    parents = _parents(function.node)
    loads = [
        n
        for n in ast.walk(function.node)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    ]
    if any(isinstance(parents.get(id(n)), ast.BinOp | ast.UnaryOp) for n in loads):
        return False
    conditions = sum(
        1
        for n in loads
        if isinstance(call := parents.get(id(n)), ast.Call)
        and last_name(call.func) in _CONDITION_CALLS
        and call.args
        and call.args[0] is n
    )
    return reads.as_index + conditions > 0


def _paired_with_result(source: Source, application: ast.Call, texts: list[str]) -> list[str]:
    """Which of the argument texts the caller combines with the gradient it gets back: in one
    arithmetic expression (``logits + lr * scores``), or zipped / tree-mapped together
    (``zip(factors, grads)``)."""
    holder = _parents(source.tree).get(id(application))
    if not isinstance(holder, ast.Assign) or len(holder.targets) != 1:
        return []
    bound = holder.targets[0]
    if not isinstance(bound, ast.Name):
        return []
    functions = [f for f in source.functions() if on_line(f, holder.lineno)]
    scope: ast.AST = max(functions, key=lambda f: f.lineno) if functions else source.tree
    paired: set[str] = set()
    for node in ast.walk(scope):
        combining = isinstance(node, ast.BinOp) or (
            isinstance(node, ast.Call) and last_name(node.func) in ("zip", "map", "tree_map")
        )
        if not combining or getattr(node, "lineno", 0) <= holder.lineno:
            continue
        inside = {source.segment(n) for n in ast.walk(node) if isinstance(n, ast.expr)}
        if bound.id in inside:
            paired.update(t for t in texts if t in inside)
    return sorted(paired)


def selecting(
    source: Source, line: int
) -> tuple[ast.Call, ast.Call, ast.keyword | None, tuple[int, ...] | None] | None:
    """The one gradient transform applied on a line: its application, the transform call,
    its ``argnums`` keyword and the positions it selects (0 when not given; None when not
    literal)."""
    found = _applications(source, line, _ALLOW_INT)
    if len(found) != 1:
        return None
    application, call = found[0]
    given = next((k for k in call.keywords if k.arg == "argnums"), None)
    selected = literal_ints(given.value) if given is not None else (0,)
    return application, call, given, selected


def _lookup_argnums_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """argnums (given or the default 0) selecting one argument that the function reads as
    integer data (an index, a count, a mask): differentiate the argument it looks up
    (``table`` of ``table[ids]``), else the one other argument that is not data, else the
    one the caller combines with the gradient (``p - lr * g for p, g in zip(params, grads)``)."""
    found = selecting(source, target.span.line)
    if found is None:
        return []
    application, call, given, selected = found
    function = received(source, call, read)
    if selected is None or len(selected) != 1 or function is None:
        return []
    inner = function.function if isinstance(function, Partial) else function
    skip = function.fixed_positional if isinstance(function, Partial) else 0
    names = [p.name for p in inner.positional][skip:]
    arguments = application.args
    if selected[0] >= min(len(names), len(arguments)) or any(
        isinstance(a, ast.Starred) for a in arguments
    ):
        return []
    data = names[selected[0]]
    given_names = names[: len(arguments)]
    if not _data_like(inner, data):
        # Integer by the message, read as a number: differentiate the argument the caller
        # rebinds from the gradient (``beta = beta - solve(h, score)``), where there is one.
        texts = [source.segment(a) for i, a in enumerate(arguments) if i != selected[0]]
        rebound = _rebound_with_result(source, application, texts)
        if len(rebound) != 1:
            return []
        chosen = given_names[[source.segment(a) for a in arguments].index(rebound[0])]
        why = f"which the caller updates with the gradient, not the integer `{data}`"
        fixes = _argnums_fix(target, source, call, given, names.index(chosen), chosen, why)
        # Before a cast of the integer data: its gradient is not what the caller applies.
        return [replace(fix, preferred=True) for fix in fixes]
    tables = reads_of(inner, data).indexed & set(given_names)
    others = [
        n
        for i, n in enumerate(given_names)
        if i != selected[0]
        and not _data_like(inner, n)
        and not isinstance(arguments[i], ast.Constant)
    ]
    texts = [source.segment(arguments[given_names.index(n)]) for n in others]
    paired = _paired_with_result(source, application, texts)
    if len(tables) == 1:
        [chosen] = tables
        why = f"which `{data}` indexes"
    elif len(others) == 1:
        chosen, why = others[0], f"not the data `{data}`"
    elif len(paired) == 1:
        chosen = others[texts.index(paired[0])]
        why = f"whose gradient the caller uses, not the data `{data}`"
    else:
        return []
    index = names.index(chosen)
    return _argnums_fix(target, source, call, given, index, chosen, why)


def _argnums_fix(
    target: FixTarget,
    source: Source,
    call: ast.Call,
    given: ast.keyword | None,
    index: int,
    chosen: str,
    why: str,
) -> list[Fix]:
    """argnums of ``call`` set to ``index`` (``why`` says what the argument is)."""
    if given is not None and index == 0:
        edit: Edit | None = _remove_keyword(source, call, given)
    elif given is not None:
        edit = source.replace(given.value, str(index))
    else:
        edit = add_keyword(source, call, f"argnums={index}")
    if edit is None:
        return []
    title = f"Differentiate {chosen if chosen.startswith('`') else f'`{chosen}`'}, {why}: "
    title += f"argnums={index}"
    return unsafe_fix(target, title, (edit,))


def _rebound_with_result(source: Source, application: ast.Call, texts: list[str]) -> list[str]:
    """Which of the argument texts (plain names) the caller assigns anew from an expression
    that reads the gradient it got back: ``beta = beta - jnp.linalg.solve(h, score)``."""
    holder = _parents(source.tree).get(id(application))
    if not isinstance(holder, ast.Assign) or len(holder.targets) != 1:
        return []
    bound = holder.targets[0]
    functions = [f for f in source.functions() if on_line(f, holder.lineno)]
    if not isinstance(bound, ast.Name) or not functions:
        return []
    rebound = set()
    for node in ast.walk(max(functions, key=lambda f: f.lineno)):
        if not isinstance(node, ast.Assign | ast.AugAssign) or node.lineno <= holder.lineno:
            continue
        assigned = node.targets if isinstance(node, ast.Assign) else [node.target]
        if (
            len(assigned) == 1
            and isinstance(assigned[0], ast.Name)
            and any(isinstance(n, ast.Name) and n.id == bound.id for n in ast.walk(node.value))
        ):
            rebound.add(assigned[0].id)
    return sorted(rebound & set(texts))


def _gradient_names(holder: ast.stmt, application: ast.Call) -> set[str]:
    """The names a statement binds from a gradient call's result (``g = grad_fn(...)``, the
    last of ``value, g = ...``)."""
    if not isinstance(holder, ast.Assign) or holder.value is not application:
        return set()
    names = set()
    for bound in holder.targets:
        if isinstance(bound, ast.Tuple) and bound.elts:
            bound = bound.elts[-1]
        if isinstance(bound, ast.Name):
            names.add(bound.id)
    return names


def _updates(
    function: ast.AST, holder: ast.stmt, application: ast.Call, name: str
) -> list[ast.expr]:
    """The values a function assigns to ``name`` from the gradient: an assignment of the name
    whose value holds the gradient call itself, or reads a name bound from it (after it)."""
    gradients = _gradient_names(holder, application)
    values = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            assigned, value = node.targets[0], node.value
        elif isinstance(node, ast.AugAssign):
            # ``x -= lr * g``: arithmetic on the name itself, as ``x = x - lr * g`` is.
            assigned = node.target
            value = ast.BinOp(ast.Name(name, ast.Load()), node.op, node.value)
            ast.copy_location(value, node.value)
        else:
            continue
        if not isinstance(assigned, ast.Name) or assigned.id != name:
            continue
        inside = list(ast.walk(value))
        if any(n is application for n in inside) or (
            node.lineno >= holder.lineno
            and any(isinstance(n, ast.Name) and n.id in gradients for n in inside)
        ):
            values.append(value)
    return values


def updated_arguments(source: Source, application: ast.Call) -> list[int]:
    """The positions of the arguments of a gradient call (names, ``self.w``) that the
    caller's function assigns anew from the gradient: ``self.w = self.w - lr * g`` after
    ``loss, g = grad_fn(self.ema, self.w, x)`` gives 1. What the caller updates from a
    gradient is what it meant to differentiate."""
    holder = _statement_of(source, application)
    functions = [f for f in source.functions() if on_line(f, application.lineno)]
    if holder is None or not functions:
        return []
    function = max(functions, key=lambda f: f.lineno)
    texts = [
        source.segment(a) if isinstance(a, ast.Name | ast.Attribute) else None
        for a in application.args
    ]
    gradients = _gradient_names(holder, application)
    found = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            assigned, value = node.targets[0], node.value
        elif isinstance(node, ast.AugAssign):
            assigned, value = node.target, node.value
        else:
            continue
        if not isinstance(assigned, ast.Name | ast.Attribute):
            continue
        text = source.segment(assigned)
        inside = list(ast.walk(value))
        if text in texts and (
            any(n is application for n in inside)
            or (
                node.lineno >= holder.lineno
                and any(isinstance(n, ast.Name) and n.id in gradients for n in inside)
            )
        ):
            found.add(texts.index(text))
    return sorted(found)


def argnums_fix(
    target: FixTarget, source: Source, line: int, why: str, choose: Callable[[ast.Call], int | None]
) -> list[Fix]:
    """argnums of the one gradient transform applied on ``line`` set to the position
    ``choose(application)`` gives (None: no fix)."""
    found = selecting(source, line)
    if found is None:
        return []
    application, call, given, _ = found
    index = choose(application)
    if index is None or any(isinstance(a, ast.Starred) for a in application.args[: index + 1]):
        return []
    if given is None and len(call.args) > 1:
        return []  # argnums given positionally: left as written
    chosen = source.segment(application.args[index])
    return _argnums_fix(target, source, call, given, index, f"`{chosen}`", why)


# Updates of a whole pytree of parameters from its gradient.
_TREE_UPDATES = frozenset({"tree_map", "map"})


def _optimized_cast_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """No culprit: the integer argument grad differentiates is a name the caller updates from
    the gradient (``x = x - lr * grad_fn(x)``, ``params = {k: params[k] - lr * g[k] ...}``), so
    it is a parameter being optimized and must be floating: cast it where the caller first
    gives it its value (``jnp.asarray(..., dtype=jnp.float32)``, leaf by leaf for a pytree the
    update rebuilds); grad requires every leaf of it to be floating anyway."""
    found = selecting(source, target.span.line)
    if found is None:
        return []
    application, _, _, selected = found
    if selected is None or len(selected) != 1 or selected[0] >= len(application.args):
        return []
    if any(isinstance(a, ast.Starred) for a in application.args[: selected[0] + 1]):
        return []
    argument = application.args[selected[0]]
    functions = [f for f in source.functions() if on_line(f, application.lineno)]
    holder = _statement_of(source, application)
    if not isinstance(argument, ast.Name) or not functions or holder is None:
        return []
    function = max(functions, key=lambda f: f.lineno)
    updates = _updates(function, holder, application, argument.id)
    if not updates:
        return []
    if all(isinstance(v, ast.BinOp | ast.UnaryOp) for v in updates):
        tree = False
    elif all(
        isinstance(v, ast.Dict | ast.DictComp)
        or (isinstance(v, ast.Call) and last_name(v.func) in _TREE_UPDATES)
        for v in updates
    ):
        tree = True
    else:
        return []
    firsts = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == argument.id
        and n.value not in updates
    ]
    if len(firsts) != 1 or firsts[0].lineno >= holder.lineno:
        return []
    value = firsts[0].value
    indexed = _index_of_best(source, read, value)
    if indexed is not None:
        # An index (``jnp.argmax(values)``) as a parameter's start: a cast would start from
        # the index, not from the point it picks.
        return _grid_point_fixes(target, argument.id, *indexed) if indexed else []
    jnp = source.jnp_or_import()
    jax = source.jax_or_import() if tree else ("jax", [])
    if jnp is None or jax is None:
        return []
    # 64-bit integers are what x64 mode makes: the floats of that mode, else float32.
    wide = (target.captures.get("dtype") or "").strip().endswith("64")
    dtype = f"{jnp[0]}.{'float64' if wide else 'float32'}"
    if tree:
        leaf = fresh(source.all_names(), "leaf")
        cast = f"lambda {leaf}: {jnp[0]}.asarray({leaf}, dtype={dtype})"
        new_text = f"{jax[0]}.tree.map({cast}, {source.segment(value)})"
    elif (
        isinstance(value, ast.Call)
        and source.segment(value.func) in (f"{jnp[0]}.array", f"{jnp[0]}.asarray")
        and len(value.args) == 1
        and not value.keywords
    ):
        # ``jnp.array(START)``: built with the dtype, not wrapped in a second conversion.
        inside = source.segment(value.args[0])
        new_text = f"{source.segment(value.func)}({inside}, dtype={dtype})"
    else:
        new_text = f"{jnp[0]}.asarray({source.segment(value)}, dtype={dtype})"
    imports = list(dict.fromkeys([*jnp[1], *jax[1]]))
    title = f"Make `{argument.id}` floating where it is first set: it is updated from its gradient"
    return unsafe_fix(target, title, (*imports, source.replace(value, new_text)))


# Calls that return the index of an array's best entry.
_ARG_BEST = frozenset({"argmax", "argmin"})


def _index_of_best(
    source: Source, read: ReadSource, value: ast.expr
) -> tuple[Source, FunctionNode, ast.Return] | tuple[()] | None:
    """Where ``value`` calls a project function that returns an index (``return
    jnp.argmax(values)``): that function and its return; empty where it returns an index some
    other way too; None where it is not such a call."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return None
    own = {f.name: (source, f) for f in source.functions()}
    found = own.get(value.func.id) or imported_definitions(source, read).get(value.func.id)
    if found is None:
        return None
    home, function = found
    returns = own_returns(function)
    best = [
        r for r in returns if isinstance(r.value, ast.Call) and last_name(r.value.func) in _ARG_BEST
    ]
    if not best:
        return None
    return (home, function, best[0]) if len(best) == len(returns) == 1 else ()


def grid_point_fixes_at(target: FixTarget, home: Source, call: ast.expr) -> list[Fix]:
    """The culprit is ``jnp.argmax(values)`` returned by a function of the project (the value
    flow followed the parameter to it): start at the point it picks (``_grid_point_fixes``)."""
    for function in home.functions():
        returns = own_returns(function)
        if len(returns) == 1 and returns[0].value is call:
            if not isinstance(call, ast.Call) or last_name(call.func) not in _ARG_BEST:
                return []
            return _grid_point_fixes(target, None, home, function, returns[0])
    return []


def _grid_point_fixes(
    target: FixTarget, name: str | None, home: Source, function: FunctionNode, ret: ast.Return
) -> list[Fix]:
    """``return jnp.argmax(values)`` where ``values`` are computed from one array of the
    function (``values = jax.vmap(objective)(grid)``): the entry of that array at the index,
    ``grid[jnp.argmax(values)]``, the point the search found."""
    call = ret.value
    if not isinstance(call, ast.Call) or len(call.args) != 1:
        return []
    scored = call.args[0]
    if not isinstance(scored, ast.Name):
        return []
    assigned = [
        n
        for n in own_nodes(function)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == scored.id
    ]
    if len(assigned) != 1 or not isinstance(assigned[0].value, ast.Call):
        return []
    points = [a.id for a in assigned[0].value.args if isinstance(a, ast.Name)]
    bound = {
        n.targets[0].id
        for n in own_nodes(function)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
    }
    if len(points) != 1 or len(assigned[0].value.args) != 1 or points[0] not in bound:
        return []
    new_text = f"{points[0]}[{home.segment(call)}]"
    start = "Start" if name is None else f"Start `{name}`"
    title = f"{start} at the point `{function.name}` finds, not its index: {new_text}"
    return unsafe_fix(target, title, (home.replace(call, new_text),))


def _repeated(source: Source, node: ast.AST) -> bool:
    """Whether the expression is evaluated once per element of something other than a range
    (the leaves of a tree, say, which need not share a shape): inside a comprehension over
    it, or a lambda (a ``tree.map``'s function)."""
    comprehensions = ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp
    return any(
        (
            isinstance(outer, ast.Lambda)
            or (
                isinstance(outer, comprehensions)
                and not all(
                    isinstance(g.iter, ast.Call) and last_name(g.iter.func) == "range"
                    for g in outer.generators
                )
            )
        )
        and any(inner is node for inner in ast.walk(outer))
        for outer in ast.walk(source.tree)
    )


def _statement_of(source: Source, node: ast.AST) -> ast.stmt | None:
    """The innermost statement that holds a node."""
    parents = _parents(source.tree)
    at: ast.AST | None = node
    while at is not None and not isinstance(at, ast.stmt):
        at = parents.get(id(at))
    return at if isinstance(at, ast.stmt) else None


def _remove_keyword(source: Source, call: ast.Call, keyword: ast.keyword) -> Edit | None:
    """The edit that removes a keyword argument with the comma before it."""
    items: list[ast.AST] = [*call.args, *call.keywords]
    items.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
    at = items.index(keyword)
    if at == 0:
        return None
    start, end = source.span(items[at - 1]), source.span(keyword)
    return Edit(Span(source.path, start.end_line, start.end_col, end.end_line, end.end_col), "")


def received(source: Source, call: ast.Call, read: ReadSource) -> Function | Partial | None:
    """The function a transform call received, followed into the modules beside the file."""
    model = ModuleModel(source.tree)
    transform = next((t for t in model.transforms if t.call is call), None)
    if transform is None:
        return None
    found = model.locate_function(call.args[0], transform.scope, importer(source, read))
    return None if found is None else found[1]


def received_at(
    source: Source, call: ast.Call, read: ReadSource
) -> tuple[Source, Function | Partial] | None:
    """The function a transform call received and the source of the module defining it (the
    file itself or a project module it imports from), for edits there without a culprit."""
    model = ModuleModel(source.tree)
    transform = next((t for t in model.transforms if t.call is call), None)
    if transform is None:
        return None
    sources: dict[int, Source] = {id(model): source}
    found = model.locate_function(call.args[0], transform.scope, importer(source, read, sources))
    home = sources.get(id(found[0])) if found is not None else None
    return None if found is None or home is None else (home, found[1])


def importer(
    source: Source, read: ReadSource, sources: dict[int, Source] | None = None
) -> Callable[[str], ModuleModel | None]:
    """The models of the project modules beside a file, by module name (each model's source
    kept in ``sources`` by the model's id, where given)."""

    bases = package_bases(source.path)

    def load(module: str) -> ModuleModel | None:
        for candidate in module_files(module, bases):
            text = read(candidate) if candidate.is_file() else None
            loaded = Source.parse(candidate, text) if text is not None else None
            if loaded is not None:
                model = ModuleModel(loaded.tree)
                if sources is not None:
                    sources[id(model)] = loaded
                return model
        return None

    return load


def called_function(
    source: Source, function: ast.AST, call: ast.Call, read: ReadSource
) -> Function | None:
    """The function a call in ``function`` runs: a function or method the model follows, or
    ``__call__`` of the class a parameter is annotated with (``criterion: SquaredError``)."""
    model = ModuleModel(source.tree)
    own = model.functions.get(function)
    if own is None:
        return None
    load = importer(source, read)
    found = model.locate_function(call.func, own.scope, load)
    if found is not None:
        return found[1].function if isinstance(found[1], Partial) else found[1]
    if not isinstance(call.func, ast.Name) or not isinstance(function, ast.FunctionDef):
        return None
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    annotation = next((a.annotation for a in every if a.arg == call.func.id), None)
    located_class = model.locate_class(annotation, own.scope, load) if annotation else None
    if located_class is None:
        return None
    home, body = located_class
    bindings = body.bindings.get("__call__", [])
    if len(bindings) != 1 or bindings[0].kind != "def":
        return None
    return home.functions.get(bindings[0].node)


def _returns_pairs(source: Source, call: ast.Call, read: ReadSource) -> bool:
    """Whether the function a transform call received surely returns a pair at every exit."""
    found = received(source, call, read)
    if found is None:
        return False
    function = found.function if isinstance(found, Partial) else found
    values = function.return_values
    return (
        bool(values)
        and not function.falls_off_end
        and all(isinstance(v, ast.Tuple) and len(v.elts) == 2 for v in values)
    )


def _argnums_keyword_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """``grad(f, argnums=1)(a, b=b)``: pass positionally what argnums counts on."""
    found = _applications(source, target.span.line, _POSITIONAL)
    if not found:
        return (
            _forwarded_argnums_fixes(target, read)
            or _partial_keywords_fixes(target, read)
            or _transformed_elsewhere_fixes(target, read)
        )
    if len(found) != 1:
        return []
    application, transform = found[0]
    starred = any(isinstance(a, ast.Starred) for a in application.args)
    if starred or any(k.arg is None for k in application.keywords):
        # ``(*args, **kwargs)`` handed on by a wrapper: its caller passes the keywords.
        forwarded = _forwarded_argnums_fixes(target, read)
        if forwarded or starred:
            return forwarded
    argnums_node = next((k.value for k in transform.keywords if k.arg == "argnums"), None)
    argnums = literal_ints(argnums_node) if argnums_node is not None else (0,)
    function = received(source, transform, read) or _only_method(source, transform, read)
    if argnums is None or function is None or not argnums:
        return []
    inner = function.function if isinstance(function, Partial) else function
    fixed = function.fixed_positional if isinstance(function, Partial) else 0
    names = [p.name for p in inner.positional][fixed:]
    given = len(application.args)
    wanted = max(argnums) + 1
    if wanted > len(names) or wanted <= given:
        return []
    by_name = {k.arg: k for k in application.keywords if k.arg is not None}
    moved = [by_name.get(name) for name in names[given:wanted]]
    # A parameter left to its default: the caller's value of the same name, else the default
    # itself when it is a literal (what the call computed with, now an argument to
    # differentiate); one of neither kind leaves it to the user.
    added = [
        None if k is not None else _value_for(source, application, inner, name)
        for k, name in zip(moved, names[given:wanted], strict=True)
    ]
    if any(k is None and a is None for k, a in zip(moved, added, strict=True)):
        return []
    rest = [k for k in application.keywords if k not in moved]
    parts = [source.segment(a) for a in application.args]
    parts += [
        source.segment(k.value) if k is not None else str(a)
        for k, a in zip(moved, added, strict=True)
    ]
    parts += [source.segment(k) for k in rest]
    items: list[ast.AST] = [*application.args, *application.keywords]
    first = min((source.span(i) for i in items), key=lambda s: (s.line, s.col))
    last = max((source.span(i) for i in items), key=lambda s: (s.end_line, s.end_col))
    inside = Span(source.path, first.line, first.col, last.end_line, last.end_col)
    joined = ", ".join(parts)
    called = source.segment(application.func)
    title = f"Pass positionally the arguments argnums counts: {called}({joined})"
    return unsafe_fix(target, title, (Edit(inside, joined),))


def _message_argnums(target: FixTarget) -> tuple[int, ...] | None:
    """The argnums the message prints (``argnums=(0, 2)``), as ints."""
    try:
        printed = ast.parse(target.captures.get("argnums", "").strip(), mode="eval").body
    except SyntaxError:
        return None
    return literal_ints(printed) or None


def _forwarding(application: ast.Call, function: Function) -> int | None:
    """How many positional arguments an application passes before the ``*args`` it forwards
    from ``function``, where it hands on the function's own ``*args`` and ``**kwargs`` (either
    may be missing) and nothing else spread; None otherwise."""
    arguments = function.node.args
    vararg = arguments.vararg.arg if arguments.vararg else None
    kwarg = arguments.kwarg.arg if arguments.kwarg else None
    starred = [i for i, a in enumerate(application.args) if isinstance(a, ast.Starred)]
    spread = [k.value for k in application.keywords if k.arg is None]
    if kwarg is None or len(spread) != 1:
        return None  # the keywords of the wrapper's call cannot reach the application
    if not (isinstance(spread[0], ast.Name) and spread[0].id == kwarg):
        return None
    if not starred:
        return len(application.args)
    last = application.args[-1]
    if starred != [len(application.args) - 1] or not isinstance(last, ast.Starred):
        return None
    if not (isinstance(last.value, ast.Name) and last.value.id == vararg):
        return None
    return len(application.args) - 1


def _decorated(code: Code, caller: Place, callee: ast.expr, function: Place) -> list[Callee]:
    """A decorator's parameter (``def decorate(loss_fn)``, read in the wrapper it returns)
    holds the ``def`` it decorates: the one decorated ``def`` the wrapper's caller calls by
    name, where that parameter is the decorator's only one."""
    node = function.node
    binding = function.scope.lookup(node.id) if isinstance(node, ast.Name) else None
    decorator = function.model.functions.get(binding.scope.node) if binding else None
    if binding is None or binding.kind != "param" or decorator is None:
        return []
    if len(decorator.params) != 1 or decorator.owner is not None:
        return []
    decorated = code.resolve(caller.at(callee))
    if not isinstance(decorated.node, ast.FunctionDef) or len(decorated.node.decorator_list) != 1:
        return []
    own = decorated.model.functions.get(decorated.node)
    return [] if own is None else [Callee(decorated, own)]


def _forwarded_argnums_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``jax.grad(f, argnums=...)(*args, **kwargs)`` in a wrapper (a function, method or
    lambda) that hands on its own ``*args`` and ``**kwargs``, however it gets the function
    and argnums: the wrapper's call on the traceback passes by keyword what argnums counts,
    and keywords are never counted. That call passes those positionally, in the order of
    the differentiated function's parameters, the argnums the message prints."""
    argnums = _message_argnums(target)
    code = Code(Buffers(read, package_bases(target.span.path)[-1]))
    model = code.model(target.span.path)
    if argnums is None or model is None:
        return []
    frames = [target.span, *target.frames]
    flow = Flow(code, frames)
    line = target.span.line
    fixes: list[Fix] = []
    for application, scope in model.calls:
        if not on_line(application, line):
            continue
        wrappers = [f for f in model.functions.values() if f.scope is scope and f.node.args.kwarg]
        lead = _forwarding(application, wrappers[0]) if len(wrappers) == 1 else None
        # The transform applied: right there, else what makes the callee (a name, a
        # parameter the wrapper's caller fills, an attribute).
        made = Place(target.span.path, model, application.func, scope)
        if not isinstance(application.func, ast.Call):
            made = flow.one_maker(made) or made
        transform = made.node
        if lead is None or not isinstance(transform, ast.Call) or not transform.args:
            continue
        wrapper = wrappers[0]
        api = made.model.qualified_name(transform.func, made.scope) or ""
        if api.rpartition(".")[2] not in _POSITIONAL or not api.startswith("jax."):
            continue
        callees = flow.callees(made.at(transform.args[0]))
        # The wrapper's calls on the traceback's lines (a function, a method of an
        # instance, a lambda bound to a name), with how many parameters each leaves out.
        # (A call over several lines is on the traceback once, whichever of its lines the
        # frames and culprits name.)
        sites = list(
            {
                id(call): (Place(span.path, home, call, where), bound[0].skip)
                for span in target.frames
                for home, call, where in code.calls_on(span)
                if len(bound := flow.callees(Place(span.path, home, call.func, where))) == 1
                and bound[0].place.node is wrapper.node
                and bound[0].partial is None
            }.values()
        )
        if len(sites) != 1:
            continue
        caller, skip = sites[0]
        call = caller.node
        assert isinstance(call, ast.Call)
        callees = callees or _decorated(code, caller, call.func, made.at(transform.args[0]))
        if len(callees) != 1:
            continue
        if any(isinstance(a, ast.Starred) for a in call.args):
            continue
        if any(k.arg is None for k in call.keywords):
            continue
        # The wrapper's call binds its named parameters first; the rest is forwarded.
        named = [p.name for p in wrapper.positional][skip:]
        names_of_wrapper = {p.name for p in wrapper.params}
        given = lead + max(0, len(call.args) - len(named))
        forwarded = {k.arg: k for k in call.keywords if k.arg not in names_of_wrapper}
        names = [p.name for p in callees[0].function.positional][callees[0].skip :]
        wanted = max(argnums) + 1
        if wanted > len(names) or wanted <= given or callees[0].function.has_varargs:
            continue
        moved = [forwarded.get(name) for name in names[given:wanted]]
        if any(k is None for k in moved) or len(call.args) < len(named):
            continue
        text = code.files.text(caller.path) or ""
        parts = [ast.get_source_segment(text, a) or "" for a in call.args]
        parts += [ast.get_source_segment(text, k.value) or "" for k in moved if k is not None]
        parts += [ast.get_source_segment(text, k) or "" for k in call.keywords if k not in moved]
        items: list[ast.AST] = [*call.args, *call.keywords]
        first = min((code.span(caller.path, i) for i in items), key=lambda s: (s.line, s.col))
        last = max(
            (code.span(caller.path, i) for i in items), key=lambda s: (s.end_line, s.end_col)
        )
        inside = Span(caller.path, first.line, first.col, last.end_line, last.end_col)
        called = ast.get_source_segment(text, call.func) or ""
        joined = ", ".join(parts)
        title = f"Pass positionally the arguments argnums counts: {called}({joined})"
        fixes += unsafe_fix(target, title, (Edit(inside, joined),))
    return fixes if len(fixes) == 1 else []


def _partial_keywords_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``functools.partial(grad_fn, a=a, b=b)`` made elsewhere (followed through parameters,
    calls and returns from the failing call), with ``grad_fn = jax.grad(f, argnums=2)`` and
    ``f(a, b, x)``: argnums counts positions only, so the partial binds ``a`` and ``b``
    positionally. Only where its keywords are exactly the parameters before those the
    caller passes, and those make the count."""
    code = Code(Buffers(read, target.span.path.parent))
    model = code.model(target.span.path)
    if model is None:
        return []
    flow = Flow(code, [target.span, *target.frames])
    line = target.span.line
    calls = [
        (call, scope)
        for call, scope in model.calls
        if call.lineno <= line <= (call.end_lineno or call.lineno)
        and not call.keywords
        and not any(isinstance(a, ast.Starred) for a in call.args)
    ]
    fixes: list[Fix] = []
    for call, scope in calls:
        made = flow.one_maker(Place(target.span.path, model, call.func, scope))
        partial = made.node if made is not None else None
        if made is None or not isinstance(partial, ast.Call) or not partial.args:
            continue
        if made.model.qualified_name(partial.func, made.scope) != "functools.partial":
            continue
        transform = flow.one_maker(made.at(partial.args[0]))
        node = transform.node if transform is not None else None
        if transform is None or not isinstance(node, ast.Call) or not node.args:
            continue
        api = transform.model.qualified_name(node.func, transform.scope) or ""
        if api.rpartition(".")[2] not in _POSITIONAL or not api.startswith("jax."):
            continue
        argnums_node = next((k.value for k in node.keywords if k.arg == "argnums"), None)
        argnums = literal_ints(argnums_node) if argnums_node is not None else (0,)
        callees = flow.callees(transform.at(node.args[0]))
        if not argnums or len(callees) != 1 or callees[0].skip or callees[0].partial:
            continue
        names = [p.name for p in callees[0].function.positional]
        fixed = partial.args[1:]
        keywords = partial.keywords
        moved = len(keywords)
        start = len(fixed)
        if (
            any(isinstance(a, ast.Starred) for a in fixed)
            or not keywords
            or sorted(str(k.arg) for k in keywords) != sorted(names[start : start + moved])
            or start + moved + len(call.args) <= max(argnums)
            or start + moved + len(call.args) > len(names)
        ):
            continue
        home = Source.parse(made.path, read(made.path))
        if home is None:
            continue
        by_name = {k.arg: k for k in keywords}
        values = [home.segment(by_name[name].value) for name in names[start : start + moved]]
        first, last = home.span(keywords[0]), home.span(keywords[-1])
        inside = Span(home.path, first.line, first.col, last.end_line, last.end_col)
        edit = Edit(inside, ", ".join(values))
        title = (
            "Bind positionally what argnums counts: "
            f"{home.segment(partial.func)}({home.segment(partial.args[0])}, "
            f"{', '.join([*(home.segment(a) for a in fixed), *values])})"
        )
        fixes += unsafe_fix(target, title, (edit,))
    return fixes if len(fixes) == 1 else []


# Transforms whose result takes the arguments of the function they are given, as it does.
_KEEPS_SIGNATURE = frozenset({*_POSITIONAL, "jit", "checkpoint", "remat"})


def _differentiated_defs(flow: Flow, place: Place) -> list[Function] | None:
    """The project functions a callable is made from, by the value flow through the
    transforms that keep their function's signature (``jax.jit(jax.grad(f, argnums=2))``, a
    factory returning ``jax.grad(fn)`` of the function it is handed, a dict of pricers);
    None where a maker is anything else (a ``functools.partial``, an unknown call)."""
    found: list[Function] = []
    seen: set[int] = set()
    todo = [place]
    while todo:
        if len(seen) > 32:
            return None
        makers = flow.makers(todo.pop())
        if not makers:
            return None
        for made in makers:
            if id(made.node) in seen:
                continue
            seen.add(id(made.node))
            function = made.model.functions.get(made.node)
            if function is not None:
                found.append(function)
                continue
            node = made.node
            if not isinstance(node, ast.Call) or not node.args:
                return None
            api = made.model.qualified_name(node.func, made.scope) or ""
            if not api.startswith("jax.") or api.rpartition(".")[2] not in _KEEPS_SIGNATURE:
                return None
            todo.append(made.at(node.args[0]))
    return found


def _transformed_elsewhere_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``greek(spot, vol, rate=r, expiry=t)`` where ``greek`` is a gradient made elsewhere
    (``jax.jit(make_greek(pricer, "rho"))``, the factory applying ``jax.grad(fn,
    argnums=2)``): argnums counts positional arguments only, so the keywords naming the
    positional parameters up to the one the message's argnums selects are passed
    positionally. Only where every project function the value flow finds the callable made
    from has the same positional parameters, with no ``*args``."""
    argnums = _message_argnums(target)
    code = Code(Buffers(read, package_bases(target.span.path)[-1]))
    model = code.model(target.span.path)
    if argnums is None or model is None:
        return []
    flow = Flow(code, [target.span, *target.frames])
    line = target.span.line
    fixes: list[Fix] = []
    for call, scope in model.calls:
        if not on_line(call, line) or not call.keywords or isinstance(call.func, ast.Call):
            continue
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            continue
        functions = _differentiated_defs(flow, Place(target.span.path, model, call.func, scope))
        if not functions:
            continue
        signatures = {tuple(p.name for p in f.positional) for f in functions}
        if len(signatures) != 1 or any(f.has_varargs or f.owner is not None for f in functions):
            continue
        names = list(signatures.pop())
        given, wanted = len(call.args), max(argnums) + 1
        if wanted > len(names) or wanted <= given:
            continue
        by_name = {k.arg: k for k in call.keywords}
        moved = [by_name.get(name) for name in names[given:wanted]]
        if any(k is None for k in moved):
            continue
        source = Source.parse(target.span.path, read(target.span.path))
        if source is None:
            return []
        parts = [source.segment(a) for a in call.args]
        parts += [source.segment(k.value) for k in moved if k is not None]
        parts += [source.segment(k) for k in call.keywords if k not in moved]
        items: list[ast.AST] = [*call.args, *call.keywords]
        first = min((source.span(i) for i in items), key=lambda s: (s.line, s.col))
        last = max((source.span(i) for i in items), key=lambda s: (s.end_line, s.end_col))
        inside = Span(source.path, first.line, first.col, last.end_line, last.end_col)
        joined = ", ".join(parts)
        title = (
            f"Pass positionally the arguments argnums counts: {source.segment(call.func)}({joined})"
        )
        fixes += unsafe_fix(target, title, (Edit(inside, joined),))
    return fixes if len(fixes) == 1 else []


def _only_method(source: Source, transform: ast.Call, read: ReadSource) -> Partial | None:
    """``jax.grad(model.energy)`` where ``model`` is a value the file cannot follow (a
    parameter): the method, when exactly one class of the file, or imported by name from a
    project module, defines a method of that name; bound, so ``self`` is not counted."""
    given = transform.args[0] if transform.args else None
    if not isinstance(given, ast.Attribute) or not isinstance(given.value, ast.Name):
        return None
    model = ModuleModel(source.tree)
    load = importer(source, read)
    homes = [(model, c) for c in model.classes]
    for binding in (b for bs in model.module_scope.bindings.values() for b in bs):
        module, _, name = (binding.qualified or "").rpartition(".")
        imported = load(module) if binding.kind == "import" and module else None
        if imported is not None:
            homes += [(imported, c) for c in imported.classes if c.name == name]
    methods = [
        home.functions[node]
        for home, cls in homes
        for node in cls.body
        if isinstance(node, ast.FunctionDef) and node.name == given.attr and node in home.functions
    ]
    if len(methods) != 1 or methods[0].decorators:
        return None
    return Partial(methods[0], 1, frozenset())


def _value_for(source: Source, application: ast.Call, function: Function, name: str) -> str | None:
    """What to pass for a parameter a call leaves to its default: a name of the caller's
    function spelled as the parameter (its own parameter, or assigned before the call), else
    the default when it is a number or string literal."""
    callers = [f for f in source.functions() if on_line(f, application.lineno)]
    if callers:
        caller = max(callers, key=lambda f: f.lineno)
        arguments = caller.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        stored = [
            n
            for n in ast.walk(caller)
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        ]
        if any(a.arg == name for a in every) or (
            stored and all(n.lineno < application.lineno for n in stored)
        ):
            return name
    node = function.node
    if isinstance(node, ast.Lambda):
        return None
    positional = [*node.args.posonlyargs, *node.args.args]
    pairs = zip(reversed(positional), reversed(node.args.defaults), strict=False)
    default = next((d for a, d in pairs if a.arg == name), None)
    if isinstance(default, ast.Constant) and isinstance(default.value, int | float | str):
        return repr(default.value)
    if isinstance(default, ast.UnaryOp) and isinstance(default.operand, ast.Constant):
        return ast.unparse(default)
    return None


def applied_capacity(target: FixTarget, read: ReadSource) -> int | None:
    """How many positional arguments the function of the transform applied on the failing
    line takes (a partial's fixed ones not counted); None when unknown or unbounded."""
    from jaxerr_ls.culprit_transforms import positional_capacity

    source = Source.parse(target.span.path, read(target.span.path))
    found = _applications(source, target.span.line, _POSITIONAL) if source is not None else []
    if source is None or len({id(t) for _, t in found}) != 1:
        return None
    function = received(source, found[0][1], read)
    return positional_capacity(function) if function is not None else None


def _has_aux_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """``grads = jax.grad(f)(x)`` where f returns (loss, aux): pass has_aux=True and unpack."""
    if not (target.captures.get("output") or "").lstrip().startswith("("):
        return []
    call = applied_transform(source, target.span.line, _HAS_AUX)
    if call is None:
        bound = _named_transform(source, target.span.line)
        if bound is not None and any(k.arg == "has_aux" for k in bound.keywords):
            return _factory_flag_fixes(target, source, read, bound)
        return _built_elsewhere_has_aux_fixes(target, source, read)
    if any(k.arg == "has_aux" for k in call.keywords):
        return _factory_flag_fixes(target, source, read, call)
    # The message prints what the function returned: a pair there is a pair whatever the
    # function is (an attribute set from a constructor argument, a parameter).
    printed = top_level_items(target.captures.get("output") or "")
    if not _returns_pairs(source, call, read) and (printed is None or len(printed) != 2):
        return []
    flag = add_keyword(source, call, "has_aux=True")
    uses = results_of(source, call)
    if uses is None:
        # Applied through a wrapper (``jax.jit(jax.grad(f))``): the failing line's unpacking.
        return _built_elsewhere_has_aux_fixes(target, source, read, call)
    if flag is None:
        return []
    unpacked = _aux_unpacking(source, call, uses)
    if unpacked is None:
        return []
    title = f"Pass has_aux=True to {source.segment(call.func)} and unpack its aux"
    return unsafe_fix(target, title, (flag, *unpacked))


def _named_transform(source: Source, line: int) -> ast.Call | None:
    """The one transform call (``grad_fn = jax.grad(f, ...)``) bound to a name the line calls
    (a closure's ``grad_fn(params, batch)``)."""
    called = {
        n.func.id
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and on_line(n, line)
    }
    found = [
        n.value
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id in called
        and isinstance(n.value, ast.Call)
        and last_name(n.value.func) in _HAS_AUX
    ]
    return found[0] if len(found) == 1 else None


def _factory_flag_fixes(
    target: FixTarget, source: Source, read: ReadSource, call: ast.Call
) -> list[Fix]:
    """``jax.grad(loss_fn, has_aux=has_aux)`` in a factory whose parameter ``has_aux=False``
    its body also branches on (it handles both), where a pair was returned: the one call of
    the factory on a line of the traceback passes ``has_aux=True``."""
    printed = top_level_items(target.captures.get("output") or "")
    given = next(k.value for k in call.keywords if k.arg == "has_aux")
    if printed is None or len(printed) != 2 or not isinstance(given, ast.Name):
        return []
    factories = [f for f in source.functions() if any(n is call for n in ast.walk(f))]
    if not factories:
        return []
    factory = min(factories, key=lambda f: f.lineno)  # the outermost: the factory itself
    arguments = factory.args
    positional = [*arguments.posonlyargs, *arguments.args]
    names = [a.arg for a in positional]
    if given.id not in names or arguments.vararg or arguments.kwarg:
        return []
    index = names.index(given.id)
    defaults = dict(
        zip(names[len(names) - len(arguments.defaults) :], arguments.defaults, strict=True)
    )
    default = defaults.get(given.id)
    if not (isinstance(default, ast.Constant) and default.value is False):
        return []
    if not any(
        isinstance(n, ast.If | ast.IfExp) and isinstance(n.test, ast.Name) and n.test.id == given.id
        for n in ast.walk(factory)
    ):
        return []
    sites = []
    for span in dict.fromkeys([target.span, *target.frames]):
        home = Source.parse(span.path, read(span.path))
        for node in ast.walk(home.tree) if home is not None else ():
            if (
                isinstance(node, ast.Call)
                and last_name(node.func) == factory.name
                and on_line(node, span.line)
                and home is not None
            ):
                sites.append((home, node))
    if len(sites) != 1:
        return []
    home, site = sites[0]
    if len(site.args) > index or any(k.arg in (given.id, None) for k in site.keywords):
        return []
    if any(isinstance(a, ast.Starred) for a in site.args):
        return []
    edit = home.add_keyword(site, f"{given.id}=True")
    if edit is None:
        return []
    title = f"Pass {given.id}=True to {factory.name}: the function returns (output, aux)"
    return unsafe_fix(target, title, (edit,))


_CLOSING = {"(": ")", "[": "]", "{": "}"}
_REPR_START = re.compile(r"[A-Za-z_]\w*\(")


def _opening(text: str) -> int:
    """Where the brackets of a printed value open: at a bracket, or at the parenthesis of a
    class's repr (``Losses(total=Array(0``); -1 for any other text."""
    if text[:1] in _CLOSING:
        return 0
    found = _REPR_START.match(text)
    return found.end() - 1 if found else -1


def _brackets(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of ``text`` from ``start`` outside quoted strings, with the depth of
    brackets after it."""
    depth, quote = 0, ""
    for i in range(start, len(text)):
        char = text[i]
        if quote:
            quote = "" if char == quote else quote
            continue
        if char in "'\"":
            quote = char
            continue
        depth += 1 if char in _CLOSING else -1 if char in _CLOSING.values() else 0
        yield i, char, depth


def top_level_items(printed: str) -> list[str] | None:
    """The items of a tuple as a message prints it (``(Array(0.5), {'a': ...})``), split at
    its top-level commas; None when the text is not one parenthesised tuple."""
    text = printed.strip()
    if not text.startswith("(") or not text.endswith(")"):
        return None
    items, begin = [], 1
    for i, char, depth in _brackets(text):
        if depth == 0 and i != len(text) - 1:
            return None  # ``(a)(b)``: not one tuple
        if char == "," and depth == 1:
            items.append(text[begin:i].strip())
            begin = i + 1
    last = text[begin:-1].strip()
    return [*items, last] if items and last else (items if len(items) > 1 else None)


_PRINTED_RECORD = re.compile(r"^(?P<name>[A-Za-z_]\w*)(?P<fields>\(.*\))$", re.DOTALL)
_FIELD = re.compile(r"^(?P<name>[A-Za-z_]\w*)=(?P<value>.*)$", re.DOTALL)


def printed_fields(printed: str) -> dict[str, str] | None:
    """The fields of a NamedTuple's or dataclass's repr (``Objective(value=..., parts=...)``)
    with their printed values; None when the text is not one such repr."""
    found = _PRINTED_RECORD.match(printed.strip())
    if found is None:
        return None
    items = top_level_items(found["fields"])
    if items is None:
        inner = found["fields"][1:-1].strip()
        # One field: no comma at the top level (else two items and a last one).
        one = top_level_items(f"({inner}, _)") if inner else None
        items = [inner] if one is not None and len(one) == 2 else None
    return _named_items(items or [], _FIELD)


def _named_items(items: list[str], pattern: re.Pattern[str]) -> dict[str, str] | None:
    """Printed items, each ``name=value`` / ``'name': value`` as ``pattern`` reads it (its
    groups ``name`` and ``value``), by name; None when there are none or one does not match."""
    named = {}
    for item in items:
        found = pattern.match(item)
        if found is None:
            return None
        named[found["name"]] = found["value"].strip()
    return named or None


_ENTRY = re.compile(r"^'(?P<name>[^'\\]*)':\s*(?P<value>.*)$", re.DOTALL)


def printed_entries(printed: str) -> dict[str, str] | None:
    """The string-keyed entries of a dict as a message prints it (``{'total': JitTracer(
    float32[]), 'forces': ...}``) with their printed values; None for any other text."""
    text = printed.strip()
    if not text.startswith("{") or not text.endswith("}"):
        return None
    return _named_items(top_level_items(f"({text[1:-1]},)") or [], _ENTRY)


def whole_capture(text: str, message: str) -> str:
    """A capture cut short inside a printed value (``(Array(0`` where the pattern's lazy
    group stopped at the value's first ``.``), extended to where its brackets close in the
    message; any other capture as it is."""
    opening = _opening(text)
    start = message.find(text) if opening >= 0 else -1
    if start < 0:
        return text
    for i, _, depth in _brackets(message, start + opening):
        if depth == 0:
            return message[start : i + 1] if i + 1 > start + len(text) else text
    return text


def _built_elsewhere_has_aux_fixes(
    target: FixTarget, source: Source, read: ReadSource, applied: ast.Call | None = None
) -> list[Fix]:
    """The culprit is a ``jax.grad(f)`` built away from the failing line (in ``__init__``,
    in a factory): the flag goes there, and the failing line's own unpacking is checked."""
    found = [
        (home, node)
        for home, node, _ in located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION)
        if isinstance(node, ast.Call) and last_name(node.func) in _HAS_AUX
    ]
    if not found and applied is not None:
        found = [(source, applied)]
    if len(found) != 1:
        return []
    home, call = found[0]
    if any(k.arg == "has_aux" for k in call.keywords):
        return []
    flag = add_keyword(home, call, "has_aux=True")
    statements = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Assign)
        and on_line(n, target.span.line)
        and isinstance(n.value, ast.Call)
        and len(n.targets) == 1
    ]
    if flag is None or len(statements) != 1:
        return []
    unpacked = _aux_unpacking(source, call, [statements[0].targets[0]])
    if unpacked is None:
        return []
    title = f"Pass has_aux=True to {home.segment(call.func)}" + (
        " and unpack its aux" if unpacked else ": the caller already unpacks (output, aux)"
    )
    return unsafe_fix(target, title, (flag, *unpacked))


def _aux_unpacking(source: Source, call: ast.Call, uses: list[ast.expr]) -> list[Edit] | None:
    """Edits of the targets that receive a transform's results once has_aux=True gives
    them as (gradient, aux) / ((value, aux), gradient); None where one cannot take it."""
    edits: list[Edit] = []
    value_and_grad = last_name(call.func) == "value_and_grad"
    argnums = next((k.value for k in call.keywords if k.arg == "argnums"), None)
    one_gradient = argnums is None or isinstance(argnums, ast.Constant)
    for use in uses:
        text = source.segment(use)
        if value_and_grad:
            if not isinstance(use, ast.Tuple) or len(use.elts) != 2:
                return None
            if isinstance(use.elts[0], ast.Tuple):
                # ``(loss, aux), grads = ...``: already unpacked as has_aux gives it.
                if len(use.elts[0].elts) != 2:
                    return None
                continue
            if _only_returned(source, use.elts[0]):
                # ``out, grads = ...`` with ``out`` only handed back to the caller: it holds
                # the function's (output, aux) pair, as the function returns it.
                continue
            value, grads = (source.segment(e) for e in use.elts)
            unpacked = f"({value}, _), {grads}"
        elif isinstance(use, ast.Tuple) and len(use.elts) == 2 and one_gradient:
            # ``grads, metrics = jax.grad(f)(...)`` where f returns (loss, metrics): the caller
            # already unpacks (gradient, aux), as has_aux=True gives it.
            continue
        else:
            unpacked = f"({text}), _" if isinstance(use, ast.Tuple) else f"{text}, _"
        edits.append(source.replace(use, unpacked))
    return edits


# Names that say nothing of a scalar (``out``, ``result``), unlike ``loss`` or ``nll``.
_GENERIC_RESULTS = frozenset({"out", "output", "outputs", "result", "results", "res", "ret"})


def _only_returned(source: Source, stored: ast.expr) -> bool:
    """A name that says nothing of a scalar (``out``, not ``loss``) whose every read in its
    function is a ``return`` of it, alone or in a tuple."""
    if not isinstance(stored, ast.Name) or stored.id not in _GENERIC_RESULTS:
        return False
    functions = [f for f in source.functions() if any(n is stored for n in ast.walk(f))]
    if not functions:
        return False
    function = max(functions, key=lambda f: f.lineno)
    returned = {
        id(e)
        for r in own_returns(function)
        if r.value is not None
        for e in (r.value.elts if isinstance(r.value, ast.Tuple) else [r.value])
    }
    reads = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Name) and n.id == stored.id and not isinstance(n.ctx, ast.Store)
    ]
    return bool(reads) and all(id(n) in returned for n in reads)


def results_of(source: Source, transform: ast.Call) -> list[ast.expr] | None:
    """The assignment targets that receive the transformed function's results: of
    ``jax.grad(f, ...)(x)`` itself, or of every call of ``g`` after ``g = jax.grad(f, ...)``.
    None when the result is used any other way."""
    named: str | None = None
    for node in ast.walk(source.tree):
        if isinstance(node, ast.Assign) and node.value is transform:
            if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
                return None
            named = node.targets[0].id
    targets: list[ast.expr] = []
    applications: list[ast.Call] = []
    for node in ast.walk(source.tree):
        if not isinstance(node, ast.Call):
            continue
        if node.func is transform or (
            named is not None and isinstance(node.func, ast.Name) and node.func.id == named
        ):
            applications.append(node)
    for node in ast.walk(source.tree):
        if isinstance(node, ast.Assign) and node.value in applications:
            if len(node.targets) != 1:
                return None
            targets.append(node.targets[0])
    if named is not None:
        loads = [
            n
            for n in ast.walk(source.tree)
            if isinstance(n, ast.Name) and n.id == named and isinstance(n.ctx, ast.Load)
        ]
        if len(loads) != len(applications):
            return None
    if not applications or len(targets) != len(applications):
        return None
    return targets


def pullback_calls(
    source: Source, line: int, api: str = "vjp"
) -> list[tuple[ast.Call, ast.Assign]]:
    """Calls on a line of the function ``jax.vjp`` (or ``jax.linearize``) returned
    (``out, f_vjp = jax.vjp(...)``), each with that assignment."""
    found = []
    for call in _calls_on(source, line):
        if not isinstance(call.func, ast.Name):
            continue
        assign = assigned_once(source, call.func.id, line)
        if assign is None or not isinstance(assign.value, ast.Call):
            continue
        if last_name(assign.value.func) == api and len(assign.targets) == 1:
            found.append((call, assign))
    return found


def _vjp_args_fixes(target: FixTarget, source: Source) -> list[Fix]:
    calls = pullback_calls(source, target.span.line)
    if len(calls) != 1:
        return []
    call = calls[0][0]
    if len(call.args) < 2 or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return []
    first, last = source.span(call.args[0]), source.span(call.args[-1])
    inside = Span(source.path, first.line, first.col, last.end_line, last.end_col)
    joined = ", ".join(source.segment(a) for a in call.args)
    title = f"Pass the cotangents as one tuple: {last_name(call.func)}(({joined}))"
    edit = Edit(inside, f"({joined})")
    return unsafe_fix(target, title, (edit,))


def _pulled_back(source: Source, line: int) -> tuple[ast.Call, str, str] | None:
    """The one pullback call on the line with one cotangent, the name of the output its
    ``out, pullback = jax.vjp(...)`` bound (bound only there), and how to spell jax.numpy."""
    calls = pullback_calls(source, line)
    if len(calls) != 1:
        return None
    call, assign = calls[0]
    outputs = assign.targets[0]
    if not isinstance(outputs, ast.Tuple) or len(outputs.elts) != 2 or len(call.args) != 1:
        return None
    output = outputs.elts[0]
    jnp = source.jnp_name()
    if jnp is None or not isinstance(output, ast.Name):
        return None
    if assigned_once(source, output.id, line) is not assign:
        return None
    return call, output.id, jnp


def _cotangent_fixes(target: FixTarget, source: Source) -> list[Fix]:
    """A scalar cotangent for an array output: ``ones_like`` the output the VJP came with."""
    got, expected = target.captures.get("tangent") or "", target.captures.get("expected") or ""
    if not _SCALAR_AVAL.match(got) or _SCALAR_AVAL.match(expected):
        return []
    found = _pulled_back(source, target.span.line)
    if found is None or not _scalar_one(found[0].args[0]):
        return []
    call, output, jnp = found
    new_text = f"{jnp}.ones_like({output})"
    title = f"Pull back a cotangent shaped like the output: {new_text}"
    edit = source.replace(call.args[0], new_text)
    return unsafe_fix(target, title, (edit,))


_ARRAY_AVAL = re.compile(r"^\s*~?(float\d+|bfloat16)\[([\d,]*)\]\s*$")


def _broadcast_cotangent_fixes(target: FixTarget, source: Source) -> list[Fix]:
    """A cotangent of the output's trailing axes only (a class's one-hot, ``float32[4]``, for
    scores ``float32[6,4]``): broadcast over the leading ones, ``jnp.broadcast_to(ct,
    scores.shape)``, the same seed for every example. Unsafe: a seed meant for one example
    only would be zeros elsewhere."""
    got = _ARRAY_AVAL.match(target.captures.get("tangent") or "")
    expected = _ARRAY_AVAL.match(target.captures.get("expected") or "")
    if got is None or expected is None or got[1] != expected[1]:
        return []
    have = [d for d in got[2].split(",") if d]
    want = [d for d in expected[2].split(",") if d]
    if not have or len(have) >= len(want) or want[len(want) - len(have) :] != have:
        return []
    found = _pulled_back(source, target.span.line)
    if found is None or isinstance(found[0].args[0], ast.Starred):
        return []
    call, output, jnp = found
    new_text = f"{jnp}.broadcast_to({source.segment(call.args[0])}, {output}.shape)"
    title = f"Pull back the cotangent broadcast over the leading axes of {output}: {new_text}"
    return unsafe_fix(target, title, (source.replace(call.args[0], new_text),))


def _keyed_shape_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A tangent entry of a dict display keyed ``"b"`` built in the shape of another key's
    leaf (``params["w"].shape[:1]``) where the other entries each read their own key's leaf
    (``params["w"].shape`` for ``"w"``): the entry's own leaf's shape, ``params["b"].shape``.
    The culprit is the entry or the whole display; one entry only may be off."""
    for source, node, _ in located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT):
        if isinstance(node, ast.Dict):
            display: ast.Dict | None = node
        else:
            display = next(
                (
                    d
                    for d in ast.walk(source.tree)
                    if isinstance(d, ast.Dict) and any(v is node for v in d.values)
                ),
                None,
            )
        if display is None:
            continue
        keys = [
            k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else ""
            for k in display.keys
        ]
        if not all(keys):
            continue
        off = [
            found
            for key, value in zip(keys, display.values, strict=True)
            if (value is node or display is node)
            and (found := _other_leaf_shape(source, display, keys, key, value)) is not None
        ]
        if len(off) != 1:
            continue
        replaced, new_text, own = off[0]
        title = f"Build the tangent of {own!r} in its own leaf's shape: {new_text}"
        return unsafe_fix(target, title, (source.replace(replaced, new_text),))
    return []


def _other_leaf_shape(
    source: Source, display: ast.Dict, keys: list[str], own: str, value: ast.expr
) -> tuple[ast.expr, str, str] | None:
    """In the entry ``own`` of a display, the one ``tree["other"].shape`` (maybe sliced) it
    reads, where another entry reads ``tree[its own key]``: what to replace, with what."""
    shapes = [
        (n, n.value)
        for n in ast.walk(value)
        if isinstance(n, ast.Attribute)
        and n.attr == "shape"
        and isinstance(n.value, ast.Subscript)
        and isinstance(n.value.slice, ast.Constant)
        and isinstance(n.value.slice.value, str)
    ]
    if len(shapes) != 1:
        return None
    attribute, leaf = shapes[0]
    assert isinstance(leaf.slice, ast.Constant)
    if leaf.slice.value == own or own not in keys:
        return None
    tree = source.segment(leaf.value)
    if not any(
        isinstance(n, ast.Subscript)
        and source.segment(n.value) == tree
        and isinstance(n.slice, ast.Constant)
        and n.slice.value == key
        for key, other in zip(keys, display.values, strict=True)
        if other is not value
        for n in ast.walk(other)
    ):
        return None
    replaced: ast.expr = attribute
    above = _parents(value).get(id(attribute))
    if isinstance(above, ast.Subscript) and above.value is attribute:
        replaced = above  # ``.shape[:1]``: the whole shape of the entry's own leaf
    quote = source.segment(leaf.slice)[:1]
    return replaced, f"{tree}[{quote}{own}{quote}].shape", own


def _scalar_one(node: ast.expr) -> bool:
    """``1.0``, ``jnp.float32(1)``, ``jnp.array(1.0)``, or ones of the empty shape
    (``jnp.ones(())``, ``jnp.ones([], dtype)``, ``jnp.ones(shape=())``)."""
    if _constant(node) == 1:
        return True
    if not isinstance(node, ast.Call) or last_name(node.func) != "ones":
        return False
    shapes = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "shape")]
    return (
        len(shapes) == 1
        and isinstance(shapes[0], ast.Tuple | ast.List)
        and not shapes[0].elts
        and all(k.arg in ("shape", "dtype") for k in node.keywords)
    )


def _constant(node: ast.expr) -> float | None:
    """``1.0``, ``jnp.float32(1.0)`` or ``jnp.array(1.0)`` as a number."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        node = node.args[0]
    value = node.value if isinstance(node, ast.Constant) else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def _jvp_tuple_fixes(target: FixTarget, source: Source) -> list[Fix]:
    calls = [c for c in _calls_on(source, target.span.line) if last_name(c.func) == "jvp"]
    if len(calls) != 1 or len(calls[0].args) != 3 or calls[0].keywords:
        return []
    call = calls[0]
    edits = []
    for argument in call.args[1:]:
        if isinstance(argument, ast.Starred):
            return []
        if not isinstance(argument, ast.Tuple | ast.List):
            edits.append(source.replace(argument, f"({source.segment(argument)},)"))
    if not edits:
        return []
    title = "Pass primals and tangents to jax.jvp as tuples"
    return unsafe_fix(target, title, tuple(edits))


def _shape(text: str) -> tuple[str | None, tuple[int, ...]] | None:
    """``float32[2,1]`` -> ("float32", (2, 1)); ``(2, 1)`` -> (None, (2, 1))."""
    found = _AVAL.match(text) or _SHAPE.match(text)
    if found is None:
        return None
    dtype = found["dtype"] if "dtype" in found.groupdict() else None
    dims = [d.strip() for d in found["dims"].split(",") if d.strip()]
    return dtype, tuple(int(d) for d in dims)


def _size(dims: tuple[int, ...]) -> int:
    size = 1
    for dim in dims:
        size *= dim
    return size


def _single(node: ast.expr) -> ast.expr | None:
    """The item of a one-item tuple ``(x,)``."""
    if isinstance(node, ast.Tuple) and len(node.elts) == 1:
        return node.elts[0]
    return None


def _tangent_and_primal(source: Source, line: int) -> tuple[ast.expr, ast.expr] | None:
    """On the failing line: the tangent given to ``jax.jvp(f, (x,), (t,))`` or to the function
    ``jax.linearize(f, x)`` returned, and the one primal it goes with."""
    found = []
    for call in _calls_on(source, line):
        arguments = call.args
        if last_name(call.func) == "jvp" and len(arguments) == 3 and not call.keywords:
            primal, tangent = _single(arguments[1]), _single(arguments[2])
            if primal is not None and tangent is not None:
                found.append((tangent, primal))
    for call, assign in pullback_calls(source, line, "linearize"):
        linearize = assign.value
        assert isinstance(linearize, ast.Call)
        if len(call.args) == 1 and len(linearize.args) == 2 and not linearize.keywords:
            found.append((call.args[0], linearize.args[1]))
    return found[0] if len(found) == 1 else None


def _reshape_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """A tangent with the primal's size and dtype but another shape: reshape it to the
    primal's shape (a column ``x[:, None]`` for a vector primal)."""
    tangent = _shape(target.captures.get("tangent") or "")
    primal = _shape(target.captures.get("primal") or "")
    if tangent is None or primal is None or tangent[0] != primal[0]:
        return []
    if tangent[1] == primal[1] or _size(tangent[1]) != _size(primal[1]):
        return []
    built = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    if target.culprits:
        # Built elsewhere (in a caller, say), where the primal has no name: its shape as the
        # message gives it, for this call.
        if len(built) != 1 or not isinstance(built[0][1], ast.expr):
            return []
        source, expr = built[0][0], built[0][1]
        made: list[ast.AST] = [expr]
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
            # A helper of the module that draws it: what it returns.
            made += [
                r for f in source.functions() if f.name == expr.func.id for r in own_returns(f)
            ]
        flattened = [
            node
            for root in made
            for node in ast.walk(root)
            if isinstance(node, ast.Tuple)
            and len(node.elts) == 1
            and isinstance(node.elts[0], ast.Attribute)
            and node.elts[0].attr == "size"
        ]
        if len(flattened) == 1:
            # Drawn flat with an array's size (``(leaf.size,)``), where that array's shape is
            # due: its shape, which holds for every array the code is run for, not only the
            # one the message names.
            [size] = flattened[0].elts
            assert isinstance(size, ast.Attribute)
            shape = f"{source.segment(size.value)}.shape"
            title = f"Make the tangent in the shape of the array it is for: {shape}"
            return unsafe_fix(target, title, (source.replace(flattened[0], shape),))
        jnp = source.jnp_name()
        if jnp is None or _repeated(source, expr):
            return []  # made for several leaves: one leaf's shape would not fit the others
        dims = primal[1]
        shape = f"({dims[0]},)" if len(dims) == 1 else f"({', '.join(map(str, dims))})"
        new_text = f"{jnp}.reshape({source.segment(expr)}, {shape})"
        title = f"Reshape the tangent to the primal's shape: {new_text}"
        return unsafe_fix(target, title, (source.replace(expr, new_text),))
    found = _tangent_and_primal(source, target.span.line)
    jnp = source.jnp_name()
    if found is None or jnp is None or not isinstance(found[1], ast.Name):
        return []
    expr, name = found[0], found[1].id
    functions = [f for f in source.functions() if on_line(f, target.span.line)]
    if not functions:
        return []
    inner = max(functions, key=lambda f: f.lineno)
    # The primal's name must mean one value throughout the function: a parameter never
    # rebound, or a name bound once.
    parameter = any(a.arg == name for a in [*inner.args.posonlyargs, *inner.args.args])
    stores = len(_stores(inner, name))
    if not (parameter and stores == 0) and not (not parameter and stores == 1):
        return []
    new_text = f"{jnp}.reshape({source.segment(expr)}, {name}.shape)"
    title = f"Reshape the tangent to the primal's shape: {new_text}"
    return unsafe_fix(target, title, (source.replace(expr, new_text),))


# Constructors whose first argument is the shape of the array they build.
_SHAPED = frozenset({"zeros", "ones", "full", "empty"})


def _paired_name(target: FixTarget, source: Source) -> str | None:
    """The value a failing tangent pairs with, by name: the output ``out`` of
    ``out, f_vjp = jax.vjp(...)`` for a cotangent, the primal of ``jax.jvp`` /
    ``jax.linearize`` for a tangent. Its shape is the one the tangent must have."""
    line = target.span.line
    if target.code == VJP_COTANGENT:
        calls = pullback_calls(source, line)
        if len(calls) != 1:
            return None
        outputs = calls[0][1].targets[0]
        if isinstance(outputs, ast.Tuple) and len(outputs.elts) == 2:
            first = outputs.elts[0]
            return first.id if isinstance(first, ast.Name) else None
        return None
    found = _tangent_and_primal(source, line)
    return found[1].id if found is not None and isinstance(found[1], ast.Name) else None


def _helper_parameter(
    source: Source, line: int, home: Source, node: ast.AST, name: str
) -> str | None:
    """``seed(scores)`` on the failing line, where the plain function ``seed`` of ``home``
    builds the tangent at ``node``: the parameter that receives ``scores``."""
    helpers = [
        f
        for f in home.functions()
        if not isinstance(f, ast.Lambda) and any(n is node for n in ast.walk(f))
    ]
    if not helpers:
        return None
    helper = max(helpers, key=lambda f: f.lineno)
    assert not isinstance(helper, ast.Lambda)
    params = [a.arg for a in [*helper.args.posonlyargs, *helper.args.args]]
    # Called on the line itself, or where a name the line reads was bound
    # (``direction = rademacher_like(k, params)`` above ``jax.jvp(f, (params,), (direction,))``).
    calls = _calls_on(source, line)
    for read_name in {n.id for c in calls for n in ast.walk(c) if isinstance(n, ast.Name)}:
        assign = assigned_once(source, read_name, line)
        if assign is not None and isinstance(assign.value, ast.Call):
            calls.append(assign.value)
    passed = [
        params[i]
        for call in calls
        if last_name(call.func) == helper.name
        and not any(isinstance(a, ast.Starred) for a in call.args)
        for i, a in enumerate(call.args[: len(params)])
        if isinstance(a, ast.Name) and a.id == name
    ]
    if len(passed) != 1 or passed[0] in ("self", "cls"):
        return None
    return passed[0]


def _shape_argument_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """A tangent built as ``jnp.full(out.shape[:2], c)`` / ``jnp.ones((x.shape[0], 1))``,
    its shape derived from the very value it pairs with: build it with that value's shape
    (``out.shape``), which the transform requires whatever the shapes are."""
    name = _paired_name(target, source)
    built = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    if name is None or len(built) != 1:
        return []
    home, node, culprit = built[0]
    functions = [f for f in source.functions() if on_line(f, target.span.line)]
    failing = max(functions, key=lambda f: f.lineno) if functions else None
    if home.path != source.path or failing is None or not on_line(failing, culprit.span.line):
        # Built in a helper the failing line calls with the value: the helper's parameter.
        name = _helper_parameter(source, target.span.line, home, node, name)
        if name is None:
            return []
    source = home
    wanted = f"{name}.shape"
    like = _like_fix(target, source, node, name) or _leaf_shape_fix(target, source, node, name)
    if like is not None:
        return like
    shapes = [
        (call, shape)
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and (shape := _shape_argument(call)) is not None
        and source.segment(shape) != wanted
        and _reads_shape_of(source, shape, name)
    ]
    if len(shapes) != 1:
        return []
    above = _parents(node).get(id(shapes[0][0]))
    if isinstance(above, ast.Attribute) and above.attr == "at":
        # ``zeros(out.shape[-1]).at[c].set(1.0)``: an index that picks an entry of the
        # smaller shape would pick a row of the whole one.
        return []
    shape = shapes[0][1]
    title = f"Build the tangent with the shape of `{name}`: {wanted}"
    return unsafe_fix(target, title, (source.replace(shape, wanted),))


def _reads_shape_of(source: Source, shape: ast.expr, name: str) -> bool:
    """Whether a shape is built from ``name.shape``, there or through a name bound once to
    it (``n = params.shape[-1]`` ... ``(n,)``)."""

    def reads(expr: ast.AST) -> bool:
        return any(
            isinstance(n, ast.Attribute)
            and n.attr == "shape"
            and isinstance(n.value, ast.Name)
            and n.value.id == name
            for n in ast.walk(expr)
        )

    if reads(shape):
        return True
    bound = [
        assigned_once(source, n.id, shape.lineno)
        for n in ast.walk(shape)
        if isinstance(n, ast.Name)
    ]
    return any(assign is not None and reads(assign.value) for assign in bound)


# Where a constructor takes the shape of the array it builds: its position, by last name.
_SHAPE_POSITION = {
    **dict.fromkeys(_SHAPED, 0),
    **dict.fromkeys(("normal", "uniform", "rademacher", "truncated_normal", "laplace"), 1),
}


def _unit_dims_mapping(got: tuple[int, ...], wanted: tuple[int, ...]) -> list[int | None] | None:
    """For each wanted dim, the index of the got dim it keeps, or None for a unit dim to
    insert: where the two shapes differ only by unit dims (``[16]`` -> ``[16,1]``, ``[1,4]``
    -> ``[4]``); None when any other dim would have to change."""
    mapping: list[int | None] = []
    at = 0
    for dim in wanted:
        while at < len(got) and got[at] != dim and got[at] == 1:
            at += 1  # a unit dim the wanted shape drops
        if at < len(got) and got[at] == dim:
            mapping.append(at)
            at += 1
        elif dim == 1:
            mapping.append(None)
        else:
            return None
    if any(d != 1 for d in got[at:]):
        return None
    return mapping


def _shape_argument(call: ast.Call) -> ast.expr | None:
    position = _SHAPE_POSITION.get(last_name(call.func) or "")
    if position is None:
        return None
    shaped = [k.value for k in call.keywords if k.arg == "shape"]
    if len(call.args) > position:
        shaped.append(call.args[position])
    return shaped[0] if len(shaped) == 1 else None


def _printed_shapes(target: FixTarget) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The tangent's shape and the one it must have, as the message prints them, when their
    dtypes (where printed) agree."""
    got = _shape(target.captures.get("tangent") or "")
    wanted = _shape(target.captures.get("expected") or target.captures.get("primal") or "")
    if got is None or wanted is None or got[1] == wanted[1]:
        return None
    if None not in (got[0], wanted[0]) and got[0] != wanted[0]:
        return None
    return got[1], wanted[1]


def _given_tangent(target: FixTarget, source: Source) -> ast.expr | None:
    """The tangent given on the failing line, through the one assignment of its name."""
    line = target.span.line
    given: ast.expr | None = None
    if target.code == VJP_COTANGENT:
        calls = pullback_calls(source, line)
        if len(calls) == 1 and len(calls[0][0].args) == 1:
            given = calls[0][0].args[0]
    else:
        found = _tangent_and_primal(source, line)
        given = found[0] if found is not None else None
    if isinstance(given, ast.Name):
        assign = assigned_once(source, given.id, line)
        given = assign.value if assign is not None and len(assign.targets) == 1 else None
    return given


def _tangent_constructor(
    target: FixTarget, source: Source, read: ReadSource
) -> tuple[Source, ast.Call] | None:
    """The one constructor call (``jnp.ones(shape)``, ``jax.random.normal(key, shape)``) that
    builds the failing tangent, where nothing but number literals combines with it: the
    culprit construction, else the tangent given on the failing line."""
    built = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    if target.culprits and len(built) != 1:
        return None
    if built:
        home, node = built[0][0], built[0][1]
    else:
        given = _given_tangent(target, source)
        if given is None:
            return None
        home, node = source, given
    built_value = node.value if isinstance(node, ast.Return | ast.Assign) else node
    scalar: Callable[[ast.expr], bool] = _number
    if isinstance(built_value, ast.Call) and last_name(built_value.func) not in _SHAPE_POSITION:
        followed = _returned_by_callee(target, read, home, built_value)
        if followed is not None:
            home, built_value, scalar = followed
    calls = [
        call
        for call in ast.walk(built_value or node)
        if isinstance(call, ast.Call) and last_name(call.func) in _SHAPE_POSITION
    ]
    if len(calls) != 1 or not isinstance(built_value, ast.expr):
        return None
    if not _scaled_only(built_value, calls[0], scalar):
        return None  # other operands would broadcast against a new shape or dtype
    return home, calls[0]


def _returned_by_callee(
    target: FixTarget, read: ReadSource, home: Source, call: ast.Call
) -> tuple[Source, ast.expr, Callable[[ast.expr], bool]] | None:
    """A tangent given as what a project function returns (``seed = residual_weights(cfg)``,
    a method, a function of another module): the one expression that makes it, followed by
    the value flow, and which of its parts are surely scalars (a config's ``int`` field)."""
    code = Code(Buffers(read, package_bases(target.span.path)[-1]))
    flow = Flow(code, [target.span, *target.frames])
    where = position(call)
    places = [
        Place(home.path, model, found, scope)
        for model, found, scope in code.calls_on(home.span(call))
        if position(found) == where
    ]
    made = flow.one_maker(places[0]) if len(places) == 1 else None
    if made is None or made.node is places[0].node or not isinstance(made.node, ast.expr):
        return None
    source = Source.parse(made.path, read(made.path))
    at = position(made.node)
    node = (
        next(
            (n for n in ast.walk(source.tree) if position(n) == at and isinstance(n, ast.expr)),
            None,
        )
        if source is not None
        else None
    )
    if source is None or node is None:
        return None
    ranks = Ranks(flow)
    scalars = {
        position(n)
        for n in ast.walk(made.node)
        if isinstance(n, ast.expr) and ranks.of(made.at(n)) == 0
    }
    return source, node, lambda n: _number(n) or position(n) in scalars


def _dims_mapping(
    got: tuple[int, ...], wanted: tuple[int, ...], texts: list[str]
) -> list[int | None] | None:
    """The unit-dims mapping (see ``_unit_dims_mapping``), where a wanted dim that no got dim
    matches in order may also repeat the one dim of its size, when a single expression gives
    that size (``(n,)`` -> ``(n, n)`` for a matrix primal)."""
    mapping = _unit_dims_mapping(got, wanted)
    if mapping is not None:
        return mapping
    extra = [d for d in wanted if d != 1 and d not in got]
    if extra:
        return None
    built: list[int | None] = []
    at = 0
    for dim in wanted:
        if at < len(got) and got[at] == dim:
            built.append(at)
            at += 1
        elif dim == 1:
            built.append(None)
        else:
            same = {texts[i] for i, g in enumerate(got) if g == dim}
            if len(same) != 1:
                return None
            built.append(next(i for i, g in enumerate(got) if g == dim))
    return built if at == len(got) else None


def _aval_shape_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """A tangent built by a constructor (``jnp.ones((n,))``, ``jax.random.normal(k, shape)``)
    with a shape that differs from the one the message prints it must have by unit dims, or
    by dims of a size it already has: its shape display rebuilt with the user's own dims in
    order, a ``1`` for each unit dim added, the one expression of a size for a dim of that
    size (``(cfg["batch"],)`` -> ``(cfg["batch"], 1)``, ``(n,)`` -> ``(n, n)``). A dim of
    another size says nothing of which values the new entries hold: no fix."""
    shapes = _printed_shapes(target)
    found = _tangent_constructor(target, source, read) if shapes is not None else None
    if shapes is None or found is None:
        return []
    got, wanted = shapes
    home, call = found
    shape = _shape_argument(call)
    if shape is None:
        return []
    dims = list(shape.elts) if isinstance(shape, ast.Tuple | ast.List) else [shape]
    if isinstance(shape, ast.Tuple | ast.List) and any(isinstance(d, ast.Starred) for d in dims):
        return []
    if len(dims) != len(got):
        return []
    if not isinstance(shape, ast.Tuple | ast.List) and not _int_like(shape):
        return []
    mapping = _dims_mapping(got, wanted, [home.segment(d) for d in dims])
    if mapping is None:
        return []
    texts = ["1" if i is None else home.segment(dims[i]) for i in mapping]
    new_text = f"({texts[0]},)" if len(texts) == 1 else f"({', '.join(texts)})"
    if isinstance(shape, ast.List):
        new_text = f"[{', '.join(texts)}]"
    title = f"Build the tangent with shape {new_text}, the shape {'x'.join(map(str, wanted))}"
    title += " it must have"
    return unsafe_fix(target, title, (home.replace(shape, new_text),))


# Constructors that take the dtype of the array they build as a ``dtype=`` keyword.
_DTYPE_KEYWORD = frozenset(
    {"zeros", "ones", "full", "empty", "normal", "uniform", "rademacher", "array", "asarray"}
)


def _aval_dtype_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """A tangent of the right shape but another dtype than the message prints it must have
    (``int32[4]`` for ``float32[4]``: ``jax.random.rademacher`` builds ints), built by a
    constructor that takes a dtype: built with the wanted one, ``dtype=jnp.float32``."""
    got = _shape(target.captures.get("tangent") or "")
    wanted = _shape(target.captures.get("expected") or target.captures.get("primal") or "")
    if got is None or wanted is None or got[1] != wanted[1] or not _dtype_differs(target):
        return []
    dtype = wanted[0] or ""
    if not re.fullmatch(r"(b?float|complex)\d+", dtype):
        return []
    found = _tangent_constructor(target, source, read) or _converted_tangent(target, read)
    if found is None or last_name(found[1].func) not in _DTYPE_KEYWORD:
        return []
    home, call = found
    jnp = home.jnp_or_import()
    if jnp is None or any(k.arg is None for k in call.keywords):
        return []
    spelled = f"{jnp[0]}.{dtype}"
    given = next((k for k in call.keywords if k.arg == "dtype"), None)
    edit = (
        home.replace(given.value, spelled)
        if given is not None
        else add_keyword(home, call, f"dtype={spelled}")
    )
    if edit is None:
        return []
    title = f"Build the tangent as {dtype}, the dtype it must have: dtype={spelled}"
    return unsafe_fix(target, title, (*jnp[1], edit))


def _converted_tangent(target: FixTarget, read: ReadSource) -> tuple[Source, ast.Call] | None:
    """The culprit tangent made by converting one value (``jnp.array([[1, 0, 0], ...])``),
    alone: the conversion, which takes a dtype."""
    built = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    if len(built) != 1:
        return None
    home, node, _ = built[0]
    value = node.value if isinstance(node, ast.Return | ast.Assign) else node
    if (
        isinstance(value, ast.Call)
        and last_name(value.func) in ("array", "asarray")
        and len(value.args) == 1
        and not isinstance(value.args[0], ast.Starred)
        and all(k.arg not in (None, "dtype") for k in value.keywords)
        and home.segment(value.func) in {f"{n}.{last_name(value.func)}" for n in _numpy(home)}
    ):
        return home, value
    return None


def _numpy(source: Source) -> set[str]:
    return {*source.module_aliases("jax.numpy"), *source.module_aliases("numpy")}


def _scaled_only(
    node: ast.expr, call: ast.Call, scalar: Callable[[ast.expr], bool] | None = None
) -> bool:
    """Whether an expression is the call, alone or in arithmetic with number literals only
    (or with what ``scalar`` says is surely a scalar)."""
    scalar = scalar or _number
    if node is call:
        return True
    if isinstance(node, ast.UnaryOp):
        return _scaled_only(node.operand, call, scalar)
    if isinstance(node, ast.BinOp):
        sides = (node.left, node.right)
        return any(_scaled_only(side, call, scalar) for side in sides) and all(
            _scaled_only(side, call, scalar) or scalar(side) for side in sides
        )
    return False


def _number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp):
        return _number(node.operand)
    return isinstance(node, ast.Constant) and isinstance(node.value, int | float)


def _int_like(node: ast.expr) -> bool:
    """A one-dim shape written without a tuple: an int literal, a name, an item or a length
    (not an attribute like ``x.shape``, a tuple itself)."""
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.Attribute):
        return node.attr != "shape"
    if isinstance(node, ast.Call):
        return last_name(node.func) == "len"
    return isinstance(node, ast.Name | ast.Subscript | ast.BinOp)


def _dtype_differs(target: FixTarget) -> bool:
    """Whether the message's tangent and the aval it must have differ in their dtype."""
    got = _shape(target.captures.get("tangent") or "")
    wanted = _shape(target.captures.get("expected") or target.captures.get("primal") or "")
    return (
        got is not None
        and wanted is not None
        and None not in (got[0], wanted[0])
        and (got[0] != wanted[0])
    )


def _like_fix(target: FixTarget, source: Source, node: ast.AST, name: str) -> list[Fix] | None:
    """A tangent of the wrong dtype built as ``jnp.ones(out.shape)`` (float32 by default)
    from the value it pairs with: ``jnp.ones_like(out)``, which has its shape and dtype."""
    if not _dtype_differs(target):
        return None
    calls = [
        call
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in _SHAPED
        and call.args
        and source.segment(call.args[0]) == f"{name}.shape"
        and all(k.arg == "dtype" for k in call.keywords)
        and len(call.args) == (2 if call.func.attr == "full" else 1)
    ]
    if len(calls) != 1:
        return None
    call = calls[0]
    assert isinstance(call.func, ast.Attribute)
    module = source.segment(call.func.value)
    rest = "".join(f", {source.segment(a)}" for a in call.args[1:])
    new_text = f"{module}.{call.func.attr}_like({name}{rest})"
    title = f"Build the tangent with the shape and dtype of `{name}`: {new_text}"
    return unsafe_fix(target, title, (source.replace(call, new_text),))


def _leaf_of(node: ast.expr, name: str) -> str | None:
    """``p["w"]`` / ``p.w`` of the pytree ``p``: the leaf's key ``w``."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        key = node.slice
        if node.value.id == name and isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.attr if node.value.id == name else None
    return None


def _leaf_shape_fix(
    target: FixTarget, source: Source, node: ast.AST, name: str
) -> list[Fix] | None:
    """A pytree of tangents built leaf by leaf (``{"w": ...(p["w"].shape), "b": ...(p["w"]
    .shape[:1])}``) where one leaf takes its shape from another leaf of the primal, or a
    part of one: the shape of its own leaf, ``p["b"].shape``."""
    entries: list[tuple[str, ast.expr]] = []
    for display in ast.walk(node):
        if isinstance(display, ast.Dict):
            entries += [
                (k.value, v)
                for k, v in zip(display.keys, display.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            ]
        elif isinstance(display, ast.Call):
            entries += [(k.arg, k.value) for k in display.keywords if k.arg is not None]
    wrong: list[tuple[ast.expr, ast.expr, str]] = []
    for key, value in entries:
        parents = _parents(value)
        for shape in ast.walk(value):
            if not isinstance(shape, ast.Attribute) or shape.attr != "shape":
                continue
            leaf = _leaf_of(shape.value, name)
            if leaf is None:
                continue
            whole: ast.expr = shape
            outer = parents.get(id(shape))
            if isinstance(outer, ast.Subscript) and outer.value is shape:
                whole = outer
            if leaf != key or whole is not shape:
                wrong.append((whole, shape.value, key))
    if len(wrong) != 1 or not entries:
        return None
    whole, leaf_node, key = wrong[0]
    if isinstance(leaf_node, ast.Subscript):
        quote = source.segment(leaf_node.slice)[:1]
        new_text = f"{name}[{quote}{key}{quote}].shape"
    else:
        new_text = f"{name}.{key}.shape"
    title = f"Build the `{key}` leaf with its own shape: {new_text}"
    return unsafe_fix(target, title, (source.replace(whole, new_text),))


def _cast_cotangent_fixes(target: FixTarget, source: Source) -> list[Fix]:
    """A cotangent of the output's shape but another dtype, given on the failing line to the
    function ``jax.vjp`` returned: cast it to the output's dtype, ``ct.astype(out.dtype)``."""
    got = _shape(target.captures.get("tangent") or "")
    wanted = _shape(target.captures.get("expected") or "")
    name = _paired_name(target, source)
    calls = pullback_calls(source, target.span.line)
    if got is None or wanted is None or got[1] != wanted[1] or not _dtype_differs(target):
        return []
    if name is None or len(calls) != 1 or len(calls[0][0].args) != 1:
        return []
    given = calls[0][0].args[0]
    if isinstance(given, ast.Starred | ast.Tuple | ast.List):
        return []
    new_text = _suffixed(source, given, f".astype({name}.dtype)")
    title = f"Cast the cotangent to the dtype of `{name}`: {new_text}"
    return unsafe_fix(target, title, (source.replace(given, new_text),))


def _transposed_cotangent_fixes(target: FixTarget, source: Source, read: ReadSource) -> list[Fix]:
    """A cotangent whose shape is the output's transposed (``float32[300,24]`` for
    ``float32[24,300]``): the same values in the output's layout, ``.T`` of what the
    culprit returns as the cotangent, else of the one argument the failing line gives the
    function ``jax.vjp`` returned."""
    got = _shape(target.captures.get("tangent") or "")
    wanted = _shape(target.captures.get("expected") or "")
    if got is None or wanted is None or len(got[1]) != 2 or got[1] == wanted[1]:
        return []
    if got[1][::-1] != wanted[1] or not _dtype_agrees(got[0], wanted[0]):
        return []
    places = [
        (home, node.value if isinstance(node, ast.Return) else node)
        for home, node, _ in located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT)
        if isinstance(node, ast.expr | ast.Return)
    ]
    calls = pullback_calls(source, target.span.line)
    if not places and len(calls) == 1 and len(calls[0][0].args) == 1:
        places = [(source, calls[0][0].args[0])]
    if len(places) != 1 or isinstance(places[0][1], ast.Starred | ast.Tuple | ast.List):
        return []
    home, value = places[0]
    if not isinstance(value, ast.expr):
        return []
    new_text = _suffixed(home, value, ".T")
    title = f"Transpose the cotangent to the output's layout: {new_text}"
    return unsafe_fix(target, title, (home.replace(value, new_text),))


def _suffixed(source: Source, node: ast.expr, suffix: str) -> str:
    """``x.T``, ``(a - b).T``: an attribute or method of the expression, in parentheses
    where it is not an atom."""
    text = source.segment(node)
    atomic = isinstance(node, ast.Name | ast.Call | ast.Attribute | ast.Subscript)
    return f"{text if atomic else f'({text})'}{suffix}"


def _dtype_agrees(got: str | None, wanted: str | None) -> bool:
    return got is None or wanted is None or got == wanted


def _cotangent_slot_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """One cotangent given to the function ``jax.vjp`` returned where the output is a tuple
    (``(mean, log_var), f_vjp = jax.vjp(...)``), on the failing line or a line of the
    traceback under it: the cotangent is made from one of the outputs (``unit_seed(mean,
    dim)``), so it goes in that output's place, and zeros like the others in theirs."""
    for span in dict.fromkeys([target.span, *target.frames]):
        source = Source.parse(span.path, read(span.path))
        calls = pullback_calls(source, span.line) if source is not None else []
        if source is not None and len(calls) == 1:
            return _cotangent_slot_fix(target, source, *calls[0])
    return []


def _cotangent_slot_fix(
    target: FixTarget, source: Source, call: ast.Call, assign: ast.Assign
) -> list[Fix]:
    jnp = source.jnp_name()
    if jnp is None:
        return []
    outputs = assign.targets[0]
    if not isinstance(outputs, ast.Tuple) or len(outputs.elts) != 2:
        return []
    unpacked = outputs.elts[0]
    if not isinstance(unpacked, ast.Tuple) or len(call.args) != 1 or call.keywords:
        return []
    given = call.args[0]
    names = [e.id if isinstance(e, ast.Name) else None for e in unpacked.elts]
    if None in names or isinstance(given, ast.Starred | ast.Tuple | ast.List):
        return []
    read = {n.id for n in ast.walk(given) if isinstance(n, ast.Name)}
    places = [i for i, name in enumerate(names) if name in read]
    if len(places) != 1:
        return []
    slots = [
        source.segment(given) if i == places[0] else f"{jnp}.zeros_like({name})"
        for i, name in enumerate(names)
    ]
    new_text = f"({', '.join(slots)})"
    title = f"Give a cotangent for each output, zeros for those not seeded: {new_text}"
    return unsafe_fix(target, title, (source.replace(given, new_text),))


def _vmap_fixes(target: FixTarget, source: Source, batched: str) -> list[Fix]:
    """A batch of tangents given to the function ``jax.linearize`` / ``jax.vjp`` returned:
    map it over the batch's axis, ``jax.vmap(f_jvp)(probes)`` (rows), or
    ``jax.vmap(f_jvp, in_axes=-1, out_axes=-1)(basis)`` (columns, which stay columns)."""
    api = "vjp" if target.code == VJP_COTANGENT else "linearize"
    calls = pullback_calls(source, target.span.line, api)
    aliases = source.module_aliases("jax")
    if len(calls) != 1 or not aliases:
        return []
    call = calls[0][0]
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return []
    axes = ", in_axes=-1, out_axes=-1" if batched == "trailing" else ""
    mapped = f"{aliases[0]}.vmap({source.segment(call.func)}{axes})"
    title = f"Map over the batch of tangents: {mapped}({source.segment(call.args[0])})"
    return unsafe_fix(target, title, (source.replace(call.func, mapped),))


def failing_line_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The fixes whose edit is on or around the line the error surfaced on."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return []
    if target.code == INT_INPUT:
        found = _lookup_argnums_fixes(target, source, read) + _allow_int_fixes(target, source)
        if found or any(c.kind is CulpritKind.TRANSFORM_ARGUMENT for c in target.culprits):
            return found
        return _optimized_cast_fixes(target, source, read)
    if target.code == NOT_ARRAY:
        return _has_aux_fixes(target, source, read)
    if target.code == JVP_NOT_TUPLES:
        return _jvp_tuple_fixes(target, source)
    if target.code == VJP_TOO_MANY:
        return _vjp_args_fixes(target, source)
    if target.code == VJP_TREE:
        return _cotangent_slot_fixes(target, read)
    batched = batch_of_tangents(target.captures)
    if target.code in (VJP_COTANGENT, LINEARIZE_AVAL) and batched is not None:
        return _vmap_fixes(target, source, batched)
    if target.code == VJP_COTANGENT:
        transposed = _transposed_cotangent_fixes(target, source, read)
        if transposed:
            return transposed
        found = _shape_argument_fixes(target, source, read) + _cotangent_fixes(target, source)
        found = found or _aval_shape_fixes(target, source, read)
        found = found or _broadcast_cotangent_fixes(target, source)
        found = found or _cast_cotangent_fixes(target, source)
        return found or _aval_dtype_fixes(target, source, read)
    if target.code == ARGNUMS:
        return _argnums_keyword_fixes(target, source, read)
    if target.code in (LINEARIZE_AVAL, JVP_SHAPE):
        shaped = _keyed_shape_fixes(target, read)
        shaped = shaped or _shape_argument_fixes(target, source, read)
        shaped = shaped or _aval_shape_fixes(target, source, read)
        shaped = shaped or _aval_dtype_fixes(target, source, read)
        return shaped or _reshape_fixes(target, source, read) or _filled_like_fixes(target, source)
    return []


def _filled_like_fixes(target: FixTarget, source: Source) -> list[Fix]:
    """A tangent of another length than its vector primal, made on the failing line (or bound
    once above it) as a constant fill, ``jnp.zeros(cfg["lookback"])``, maybe with entries set
    from the end, ``.at[-1].set(1.0)``: the same fill like the primal, ``jnp.zeros_like(w)``,
    which has its length (and dtype) whatever the sizes the program reads. Not where an entry
    is set by a position from the start, which counts in the wrong layout."""
    found = _tangent_and_primal(source, target.span.line)
    # ``~float32[4]``: linearize marks a tangent type with a tilde.
    tangent_shape = _shape((target.captures.get("tangent") or "").lstrip("~"))
    primal_shape = _shape((target.captures.get("primal") or "").lstrip("~"))
    if found is None or tangent_shape is None or primal_shape is None:
        return []
    tangent, primal = found
    if not (len(tangent_shape[1]) == len(primal_shape[1]) == 1) or not isinstance(primal, ast.Name):
        return []
    if tangent_shape[1] == primal_shape[1] or tangent_shape[0] != primal_shape[0]:
        return []
    if isinstance(tangent, ast.Name):
        assign = assigned_once(source, tangent.id, target.span.line)
        if assign is None or len(assign.targets) != 1:
            return []
        tangent = assign.value
    # Peel ``.at[-k].set(c)`` / ``.add(c)`` steps down to the fill.
    fill = tangent
    while (
        isinstance(fill, ast.Call)
        and isinstance(fill.func, ast.Attribute)
        and fill.func.attr in ("set", "add")
        and isinstance(fill.func.value, ast.Subscript)
        and isinstance(fill.func.value.value, ast.Attribute)
        and fill.func.value.value.attr == "at"
    ):
        index = fill.func.value.slice
        if not (
            isinstance(index, ast.UnaryOp)
            and isinstance(index.op, ast.USub)
            and isinstance(index.operand, ast.Constant)
            and type(index.operand.value) is int
        ):
            return []
        fill = fill.func.value.value.value
    name = last_name(fill.func) if isinstance(fill, ast.Call) else None
    if not isinstance(fill, ast.Call) or name not in ("zeros", "ones", "full"):
        return []
    if not isinstance(fill.func, ast.Attribute) or any(k.arg != "dtype" for k in fill.keywords):
        return []
    constant = fill.args[1:] if name == "full" else []
    if len(fill.args) != 1 + len(constant) or fill.keywords:
        return []
    if any(not isinstance(c, ast.Constant | ast.UnaryOp) for c in constant):
        return []
    rest = "".join(f", {source.segment(c)}" for c in constant)
    new_text = f"{source.segment(fill.func.value)}.{name}_like({primal.id}{rest})"
    title = f"Build the tangent like `{primal.id}`: {new_text}"
    return unsafe_fix(target, title, (source.replace(fill, new_text),))

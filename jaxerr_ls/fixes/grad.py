"""Fixes of everyday grad errors on their culprits: vector loss, int input, has_aux, argnums."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Sequence

from jaxerr_ls.astindex import own_nodes, own_returns
from jaxerr_ls.culprit_transforms import result_used_as_matrix, wants_jacobian
from jaxerr_ls.fixes.aux_pairs import nested_pair_fixes, registry_aux_fixes
from jaxerr_ls.fixes.culprit_trees import culprit_tree_fixes
from jaxerr_ls.fixes.model import Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.ranks import least_rank, surely_scalar
from jaxerr_ls.fixes.registries import registry_term_fixes
from jaxerr_ls.fixes.source import FunctionNode, Source, fresh
from jaxerr_ls.fixes.transform_calls import (
    ARGNUMS,
    JVP_NOT_TUPLES,
    JVP_SHAPE,
    LINEARIZE_AVAL,
    VJP_COTANGENT,
    VJP_TOO_MANY,
    VJP_TREE,
    add_keyword,
    applied_capacity,
    applied_transform,
    assigned_once,
    called_function,
    failing_line_fixes,
    grid_point_fixes_at,
    importer,
    located,
    on_line,
    printed_entries,
    printed_fields,
    received,
    received_at,
    results_of,
    top_level_items,
    unsafe_fix,
)
from jaxerr_ls.fixes.weighted_terms import weighted_sum_fixes
from jaxerr_ls.project import (
    Function,
    ModuleModel,
    Partial,
    class_fields,
    last_name,
    literal_bool,
    literal_ints,
    module_files,
)
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.rule_outputs import single_definition
from jaxerr_ls.spans import Edit, Span

NONSCALAR = "grad-nonscalar-output"
NOT_ARRAY = "grad-output-not-array"
AUX_NOT_PAIR = "grad-has-aux-not-pair"
INT_INPUT = "grad-int-input"
JVP_DTYPE = "jvp-dtype-mismatch"
# Transforms whose function must return a scalar, by the last part of their name.
_SCALAR_TRANSFORMS = frozenset({"grad", "value_and_grad"})
_ATOMIC = (ast.Name, ast.Call, ast.Attribute, ast.Subscript)
_IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")
# The floating dtypes a message names (``float32``, ``bfloat16``, ``float8_e4m3fn``).
_INEXACT = re.compile(r"^b?float\d+\w*$")


def _returned(node: ast.AST) -> ast.expr | None:
    """The value a culprit return gives back: a ``return``'s value or a lambda's body."""
    if isinstance(node, ast.Return):
        return node.value
    return node if isinstance(node, ast.expr) else None


# -- a vector loss --------------------------------------------------------------------------


def _failing_lambda(target: FixTarget, read: ReadSource) -> tuple[Source, ast.expr] | None:
    """``jax.grad(lambda a: ...)`` on the failing line itself: the lambda's body."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return None
    bodies = [
        call.args[0].body
        for call in ast.walk(source.tree)
        if isinstance(call, ast.Call)
        and call.lineno <= target.span.line <= (call.end_lineno or call.lineno)
        and last_name(call.func) in _SCALAR_TRANSFORMS
        and call.args
        and isinstance(call.args[0], ast.Lambda)
    ]
    return (source, bodies[0]) if len(bodies) == 1 else None


def _reduced(source: Source, value: ast.expr, reduction: str) -> str | None:
    text = source.segment(value)
    if not text or (isinstance(value, ast.Tuple) and not text.startswith("(")):
        return None
    jnp = source.jnp_name()
    if jnp is not None:
        return f"{jnp}.{reduction}({text})"
    return f"{text}.{reduction}()" if isinstance(value, _ATOMIC) else f"({text}).{reduction}()"


# Words naming a quantity that is a total by definition (a physical energy, a log-likelihood
# of independent data, a distance): its parts are summed, never averaged.
_TOTAL_WORDS = (
    "energy",
    "potential",
    "hamiltonian",
    "lagrangian",
    "likelihood",
    "log_prob",
    "logprob",
    "log_density",
    "distance",
    "sum of squares",
    # A least-squares objective is the sum of the squared residuals by definition.
    "least squares",
    "least-squares",
    "least_squares",
)
# Words naming an average: a per-example loss over a batch, a mean error.
_AVERAGE_WORDS = ("mean", "average", "per-example", "per_example", "mse", "batch")
# Parts of a function's own name that say it computes an average.
_AVERAGE_NAMES = ("mean", "average", "avg", "mse", "mae", "rmse")


def _skeleton(node: ast.AST) -> str:
    """An expression's shape with its variables abstracted: ``residual(th, t) ** 2`` and
    ``residual(trial, t) ** 2`` are the same computation on other values."""
    copied = ast.parse(ast.unparse(node), mode="eval").body
    called = {id(n.func) for n in ast.walk(copied) if isinstance(n, ast.Call)}
    for name in ast.walk(copied):
        if isinstance(name, ast.Name) and id(name) not in called:
            name.id = "_"
    return ast.dump(copied)


def _sibling_reductions(sources: list[Source], value: ast.expr) -> set[str]:
    """How the program reduces the same computation elsewhere: ``jnp.sum(residual(x) ** 2)``
    in the line search beside ``jax.grad(lambda th: residual(th) ** 2)``."""
    wanted = _skeleton(value)
    found = set()
    for source in sources:
        for call in ast.walk(source.tree):
            if not isinstance(call, ast.Call) or call.keywords:
                continue
            name = last_name(call.func)
            if name not in ("sum", "mean"):
                continue
            if len(call.args) == 1:
                reduced: ast.expr = call.args[0]
            elif not call.args and isinstance(call.func, ast.Attribute):
                reduced = call.func.value
            else:
                continue
            if reduced is not value and _skeleton(reduced) == wanted:
                found.add(name)
    return found


def _peer_reductions(source: Source, name: str) -> set[str]:
    """How the functions registered beside ``name`` (the other values of a dict or entries of
    a list of functions that holds it: ``{"ridge": ridge, "lasso": lasso}``; or the functions
    a decorator registers by key, ``@register("l2")``) reduce what they return to a scalar:
    ``sum`` or ``mean`` over every axis, as their own returns write it."""
    peers: set[str] = set()
    for node in ast.walk(source.tree):
        entries = node.values if isinstance(node, ast.Dict) else None
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            entries = node.elts
        if not entries or not all(isinstance(e, ast.Name) for e in entries):
            continue
        held = {e.id for e in entries if isinstance(e, ast.Name)}
        if name in held:
            peers |= held - {name}

    def registrars(function: FunctionNode) -> set[str]:
        # ``@register("l2")``: a decorator given a key registers every function so made.
        return {
            source.segment(d.func)
            for d in function.decorator_list
            if isinstance(d, ast.Call)
            and d.args
            and isinstance(d.args[0], ast.Constant)
            and isinstance(d.args[0].value, str)
        }

    own = [f for f in source.functions() if f.name == name]
    marks = set().union(*(registrars(f) for f in own)) if len(own) == 1 else set()
    peers |= {f.name for f in source.functions() if f.name != name and registrars(f) & marks}
    found = set()
    for function in source.functions():
        if function.name not in peers:
            continue
        for ret in own_returns(function):
            for call in ast.walk(ret.value) if ret.value is not None else ():
                if (
                    isinstance(call, ast.Call)
                    and last_name(call.func) in ("sum", "mean")
                    and len(call.args) == 1
                    and not call.keywords
                ):
                    found.add(last_name(call.func) or "")
    return found


def _docstrings(source: Source, name: str) -> str:
    """The module's docstring and the named function's, with the function's name."""
    texts = [ast.get_docstring(source.tree) or "", name]
    texts += [ast.get_docstring(f) or "" for f in source.functions() if f.name == name]
    return " ".join(texts).lower()


def _reductions(
    target: FixTarget, read: ReadSource, places: list[tuple[Source, ast.expr]], name: str
) -> tuple[str, str]:
    """Which reduction the program's own evidence asks for, first: the one it applies to the
    same computation elsewhere; else ``sum`` for a quantity that is a total by definition (an
    energy, a log-likelihood, a distance) or an output of one element (where both agree);
    else ``mean``, the usual loss over a batch. Both are offered."""
    failing = Source.parse(target.span.path, read(target.span.path))
    sources = [s for s, _ in places] + ([failing] if failing is not None else [])
    siblings = set().union(*(_sibling_reductions(sources, v) for _, v in places))
    if len(siblings) == 1:
        return ("sum", "mean") if siblings == {"sum"} else ("mean", "sum")
    peers = set().union(*(_peer_reductions(s, name) for s, _ in places))
    if len(peers) == 1:
        return ("sum", "mean") if peers == {"sum"} else ("mean", "sum")
    if all(_normalized(_reduced_part(v)) for _, v in places):
        # ``w * losses / jnp.sum(w)``: each entry is already its share of the whole, whose
        # sum is the weighted mean; a mean would divide by the count once more.
        return ("sum", "mean")
    if any(word in name.lower() for word in _AVERAGE_NAMES):
        # The function is named for an average (``spectral_mse``): its output, averaged.
        return ("mean", "sum")
    axes = {_reduced_axes(v) or _callee_axes(s, v, read) for s, v in places}
    named = next(iter(axes)) if len(axes) == 1 else None
    if named is not None:
        # The program already reduced some axes: over the batch (the leading axis), what is
        # left are an example's components, which add up; over the components, what is left
        # is the batch, which is averaged.
        return ("sum", "mean") if 0 in named else ("mean", "sum")
    words = " ".join(_docstrings(s, name) for s in dict.fromkeys(sources))
    shape = (target.captures.get("shape") or "").replace(" ", "")
    one_element = shape in ("(1,)", "(1,1)", "(1,1,1)")
    totals = any(w in words for w in _TOTAL_WORDS) and not any(w in words for w in _AVERAGE_WORDS)
    return ("sum", "mean") if totals or one_element else ("mean", "sum")


def _normalized(value: ast.expr) -> bool:
    """``x / jnp.sum(w)``, ``x / w.sum()``: a vector divided by a total over every axis."""
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Div):
        return False
    total = value.right
    return (
        isinstance(total, ast.Call)
        and last_name(total.func) == "sum"
        and not total.keywords
        and (len(total.args) == 1 or (not total.args and isinstance(total.func, ast.Attribute)))
    )


def _reduced_axes(value: ast.expr) -> tuple[int, ...] | None:
    """The axes a returned partial reduction names (``-jnp.sum(x, axis=-1)`` -> (-1,))."""
    while True:
        if isinstance(value, ast.UnaryOp):
            value = value.operand
        elif isinstance(value, ast.BinOp) and isinstance(value.right, ast.Constant):
            value = value.left
        elif isinstance(value, ast.BinOp) and isinstance(value.left, ast.Constant):
            value = value.right
        else:
            break
    if not isinstance(value, ast.Call) or last_name(value.func) not in _KEEPDIMS_REDUCTIONS:
        return None
    axis = next((k.value for k in value.keywords if k.arg == "axis"), None)
    return literal_ints(axis) if axis is not None else None


def _callee_axes(source: Source, value: ast.expr, read: ReadSource) -> tuple[int, ...] | None:
    """The axes the function a returned call runs reduces partially at every return
    (``return criterion(pred, y)`` where ``criterion`` returns ``jnp.mean(sq, axis=0)``)."""
    function = _enclosing_function(source, value)
    if not isinstance(value, ast.Call) or function is None:
        return None
    called = called_function(source, function, value, read)
    if called is None or not called.return_values:
        return None
    found = {_reduced_axes(v) if v is not None else None for v in called.return_values}
    return found.pop() if len(found) == 1 else None


def _reduced_part(value: ast.expr, scalar: Callable[[ast.expr], bool] | None = None) -> ast.expr:
    """The operand to reduce: in ``penalty + c * terms`` with a penalty surely a scalar
    (``0.5 * jnp.dot(w, w)``; with ``scalar``, what it says is one too), only the vector term,
    so that the penalty is not counted once per element."""
    scalar = scalar or _scalar_reduction
    while isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add | ast.Sub):
        if scalar(value.left):
            value = value.right
        elif scalar(value.right) and isinstance(value.op, ast.Add):
            value = value.left
        else:
            break
    return value


def _penalties(source: Source, value: ast.expr, read: ReadSource) -> Callable[[ast.expr], bool]:
    """What a term of ``value`` surely a scalar is, besides a full reduction: a full
    reduction scaled by a number field of a configuration (``cfg.l2 * jnp.sum(w ** 2)``, with
    ``cfg: FitConfig`` a parameter and ``l2: float`` a field of that class), or a name the
    function binds once to one (``penalty = cfg.l2 * ...``)."""
    function = _enclosing_function(source, value)
    fields = _number_fields(source, value, read)

    def scaled(term: ast.expr) -> bool:
        if not isinstance(term, ast.BinOp) or not isinstance(term.op, ast.Mult | ast.Div):
            return _scalar_reduction(term)
        sides = (term.left, term.right)
        return any(_scalar_reduction(a) or scaled(a) for a in sides) and all(
            _scalar_reduction(a) or scaled(a) or isinstance(a, ast.Constant) or fields(a)
            for a in sides
        )

    def scalar(term: ast.expr) -> bool:
        if isinstance(term, ast.Name) and function is not None:
            bound = _bound_once_in(function, term.id)
            return bound is not None and scaled(bound)
        return scaled(term)

    return scalar


def _number_fields(source: Source, node: ast.AST, read: ReadSource) -> Callable[[ast.expr], bool]:
    """Whether an attribute ``obj.name`` read where ``node`` is reads a number: ``obj`` a
    parameter (of the function there or one around it) annotated with a project class (in the
    module, or imported from a project module, maybe through a package's re-export) that
    declares ``name: float`` / ``name: int`` or gives it a number default."""
    around = [
        f for f in source.functions() if any(n is node for n in ast.walk(f))
    ]  # outermost first
    annotations: dict[str, str] = {}
    for function in around:
        arguments = function.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            name = last_name(argument.annotation) if argument.annotation is not None else None
            if name is not None:
                annotations[argument.arg] = name
            else:
                annotations.pop(argument.arg, None)

    def numeric(field: ast.stmt, name: str) -> bool:
        if not isinstance(field, ast.AnnAssign) or not isinstance(field.target, ast.Name):
            return False
        if field.target.id != name:
            return False
        typed = isinstance(field.annotation, ast.Name) and field.annotation.id in ("float", "int")
        default = field.value
        numbered = (
            isinstance(default, ast.Constant)
            and isinstance(default.value, int | float)
            and not isinstance(default.value, bool)
        )
        return typed or numbered

    def reads_number(term: ast.expr) -> bool:
        if not isinstance(term, ast.Attribute) or not isinstance(term.value, ast.Name):
            return False
        kind = annotations.get(term.value.id)
        owner = _project_class(source, kind, read) if kind is not None else None
        return owner is not None and any(numeric(f, term.attr) for f in owner.body)

    return reads_number


def _project_class(
    source: Source, name: str, read: ReadSource, depth: int = 0
) -> ast.ClassDef | None:
    """The class ``name`` names in a module: defined there, or imported by name from a
    project module (followed through that module's own imports, as a package's
    ``__init__`` re-exports its modules' classes)."""
    for statement in source.tree.body:
        if isinstance(statement, ast.ClassDef) and statement.name == name:
            return statement
    if depth > 2:
        return None
    bases = [source.path.parent, *list(source.path.parents)[1:3]]
    for statement in source.tree.body:
        if not isinstance(statement, ast.ImportFrom) or not statement.module or statement.level:
            continue
        alias = next((a for a in statement.names if (a.asname or a.name) == name), None)
        if alias is None:
            continue
        for path in module_files(statement.module, bases):
            module = Source.parse(path, read(path) if path.is_file() else None)
            found = _project_class(module, alias.name, read, depth + 1) if module else None
            if found is not None:
                return found
    return None


def _scalar_reduction(node: ast.expr) -> bool:
    """A full reduction (``jnp.dot(w, w)``, ``jnp.sum(x)``), maybe scaled by a number."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
        if isinstance(node.left, ast.Constant):
            return _scalar_reduction(node.right)
        if isinstance(node.right, ast.Constant):
            return _scalar_reduction(node.left)
        return False
    if not isinstance(node, ast.Call) or node.keywords:
        return False
    arity = {"dot": 2, "vdot": 2, "sum": 1, "mean": 1}.get(last_name(node.func) or "")
    return len(node.args) == arity and all(not isinstance(a, ast.Starred) for a in node.args)


def _terms(value: ast.expr) -> list[ast.expr]:
    """The operands of a chain of additions and subtractions."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add | ast.Sub):
        return _terms(value.left) + _terms(value.right)
    return [value]


def _unscaled(function: FunctionNode, term: ast.expr) -> ast.expr:
    """``0.5 * logdet`` -> ``logdet``: a vector times numbers, reduced without them."""
    while isinstance(term, ast.BinOp) and isinstance(term.op, ast.Mult | ast.Div):
        if surely_scalar(function, term.right):
            term = term.left
        elif isinstance(term.op, ast.Mult) and surely_scalar(function, term.left):
            term = term.right
        else:
            break
    return term


def _vector_term(
    target: FixTarget, source: Source, node: ast.AST, value: ast.expr
) -> ast.expr | None:
    """In a sum of terms of which one surely has as many axes as the message's output (a
    ``jnp.log(jnp.diag(chol))``) and none other surely has any, that term, where it is
    built: its definition, when a name bound once and read only there stands for it."""
    function = _enclosing_function(source, node)
    dims = [d for d in (target.captures.get("shape") or "").strip("() ").split(",") if d.strip()]
    terms = _terms(value)
    if function is None or len(terms) < 2 or not dims:
        return None
    vectors = [t for t in terms if least_rank(function, t) >= 1]
    if len(vectors) != 1 or least_rank(function, vectors[0]) != len(dims):
        return None
    term = _unscaled(function, vectors[0])
    if isinstance(term, ast.Name):
        bound = _bound_once_in(function, term.id)
        reads = [
            n
            for n in ast.walk(function)
            if isinstance(n, ast.Name) and n.id == term.id and isinstance(n.ctx, ast.Load)
        ]
        if bound is not None and len(reads) == 1:
            return _unscaled(function, bound)
    return term


def _bound_once_in(function: FunctionNode, name: str) -> ast.expr | None:
    stores = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
    ]
    assigns = [
        n
        for n in function.body
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and n.targets[0] in stores
    ]
    return assigns[0].value if len(stores) == 1 and len(assigns) == 1 else None


def _nonscalar_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    places: list[tuple[Source, ast.expr]] = []
    names: list[str] = []
    term_only = False
    for source, node, culprit in located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION):
        value = _returned(node)
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            # The statement that builds the vector a return gives back.
            function = _enclosing_function(source, node)
            value = _unscaled(function, node.value) if function is not None else node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            # An option (``reduction = "none"``) that picks the unreduced entry of a table
            # of reductions: the option set to the table's reductions.
            return _reduction_option_fixes(target, read, source, value)
        if value is None or isinstance(value, ast.Constant | ast.JoinedStr):
            # A constant is no vector to reduce.
            return []
        if isinstance(node, ast.Return):
            term = _vector_term(target, source, node, value)
            if term is not None:
                value, term_only = term, True
        elif isinstance(node, ast.expr) and not any(
            isinstance(n, ast.Lambda) and n.body is node for n in ast.walk(source.tree)
        ):
            # The operand made elsewhere (a field's construction): a term, not the output.
            term_only = True
        places.append((source, value))
        names.append(culprit.name)
    if not places:
        registered = registry_term_fixes(target, read)
        if registered:
            return registered
        found = _failing_lambda(target, read)
        if found is None:
            return _jacobian_fixes(target, read) or _call_site_reduction_fixes(target, read)
        places, names = [found], ["<lambda>"]
    label = "the lambda" if names[0] == "<lambda>" else f"`{names[0]}`"
    averaged = any(word in names[0].lower() for word in _AVERAGE_NAMES)
    fixes = _every_axis_fixes(target, places, label, averaged, read)
    if len(places) == 1 and not fixes:
        fixes = _callee_partial_fixes(target, read, *places[0])
    meanings = {"mean": "the mean", "sum": "the sum"}
    for reduction in _reductions(target, read, places, names[0]):
        edits = []
        for source, value in places:
            part = _reduced_part(value, _penalties(source, value, read))
            new_text = _reduced(source, part, reduction)
            if reduction == "sum" and isinstance(part, ast.BinOp) and _normalized(part):
                # ``sum(w * x) / sum(w)``: the total over the total, as a weighted mean is
                # written.
                numerator = _reduced(source, part.left, reduction)
                new_text = numerator and f"{numerator} / {source.segment(part.right)}"
            if new_text is None:
                return []
            edits.append(source.replace(part, new_text))
        title = f"Return {meanings[reduction]} of {label}'s output: {edits[0].new_text}"
        first, first_value = places[0]
        if term_only or _reduced_part(first_value, _penalties(first, first_value, read)) is not (
            first_value
        ):
            title = f"Take {meanings[reduction]} of the vector term of {label}: {edits[0].new_text}"
        fixes.extend(unsafe_fix(target, title, tuple(edits)))
    return fixes


# The reductions a table of them offers by these keys, as PyTorch's ``reduction=`` does;
# ``mean`` first, the default of such options.
_REDUCTION_KEYS = ("mean", "sum")
# How many modules beside a file of the error are read for a table of reductions.
_NEAR_FILES = 40


def _reduction_option_fixes(
    target: FixTarget, read: ReadSource, source: Source, option: ast.Constant
) -> list[Fix]:
    """``reduction = "none"`` where a dict display of the program's files (the error's and its
    culprits', and the modules beside them) keyed by option strings maps that option and
    ``"mean"`` / ``"sum"`` (``{"mean": jnp.mean, "sum": jnp.sum, "none": lambda v: v}``):
    the option set to each of those keys every such table holds, the same quotes kept."""
    spans = [target.span, *target.frames, *(c.span for c in target.culprits)]
    # The modules of the error and its culprits, and those beside them (the table is read
    # where the option is used, which the traceback need not show).
    near = [p for span in spans for p in sorted(span.path.parent.glob("*.py"))[:_NEAR_FILES]]
    tables: list[set[str]] = []
    for path in dict.fromkeys([*(span.path for span in spans), *near]):
        parsed = Source.parse(path, read(path))
        for node in ast.walk(parsed.tree) if parsed is not None else ():
            if not isinstance(node, ast.Dict) or not node.keys:
                continue
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            if all(isinstance(k, str) for k in keys) and option.value in keys:
                tables.append({k for k in keys if isinstance(k, str)})
    choices = [r for r in _REDUCTION_KEYS if tables and all(r in keys for keys in tables)]
    written = source.segment(option)
    fixes: list[Fix] = []
    for reduction in choices:
        text = written[0] + reduction + written[-1]
        title = f"Choose the {reduction!r} reduction: {text} instead of {written}"
        fixes.extend(unsafe_fix(target, title, (source.replace(option, text),)))
    return fixes


# Reductions that, applied to their own partial result, equal themselves over every axis
# (a mean of row means is the mean): dropping ``axis`` is what reducing the output does.
_AXIS_REDUCTIONS = frozenset({"mean", "max", "min", "logsumexp"})
_KEEPDIMS_REDUCTIONS = _AXIS_REDUCTIONS | {"sum", "prod"}


# Reductions and selections that leave one value per entry of what they are given, along
# the last axis: ``jnp.linalg.norm(d, axis=-1)``, ``logsumexp(z, axis=-1)``.
_ENTRY_REDUCTIONS = _KEEPDIMS_REDUCTIONS | {"norm", "take_along_axis"}
# How many bindings, calls and stacked outputs are followed back to a reduction of the
# components.
_ENTRY_DEPTH = 6


def _scalar_entries(
    source: Source, function: FunctionNode, node: ast.expr, read: ReadSource, depth: int = 0
) -> bool:
    """Whether the program surely reduced the components of each entry of ``node`` already,
    so that every axis left is one of entries (a batch, time steps, points): the value is (a
    map of) a reduction over the last axis (``jnp.linalg.norm(d, axis=-1)``), a selection of
    one item on it (``nll[:, 0]``), a project function's output that is one at every return,
    or the stacked outputs of ``jax.lax.scan`` whose step gives one."""
    if depth > _ENTRY_DEPTH:
        return False
    deeper = depth + 1
    if isinstance(node, ast.UnaryOp):
        return _scalar_entries(source, function, node.operand, read, deeper)
    if isinstance(node, ast.BinOp) and surely_scalar(function, node.right):
        return _scalar_entries(source, function, node.left, read, deeper)
    if isinstance(node, ast.BinOp) and surely_scalar(function, node.left):
        return _scalar_entries(source, function, node.right, read, deeper)
    if isinstance(node, ast.Subscript):
        # ``x[:, 0]``, ``x[..., -1]``: one item of the last axis.
        index = node.slice
        if not isinstance(index, ast.Tuple) or not index.elts:
            return False
        last = index.elts[-1]
        return _signed_int(last) is not None and all(
            isinstance(e, ast.Slice) or e is last for e in index.elts
        )
    if isinstance(node, ast.Name):
        binding = _sole_binding(function, node.id)
        if binding is None:
            return False
        value, position, _ = binding
        if position is None:
            return _scalar_entries(source, function, value, read, deeper)
        return _stacked_entries(source, function, value, position, read, deeper)
    if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
        return False
    axis = next((k.value for k in node.keywords if k.arg == "axis"), None)
    if last_name(node.func) in _ENTRY_REDUCTIONS and axis is not None:
        return _signed_int(axis) == -1
    located = _located(source, function, node.func, read)
    if located is not None:
        home, called = located
        return (
            bool(called.return_values)
            and not isinstance(called.node, ast.Lambda)
            and not called.falls_off_end
            and all(
                v is not None and _scalar_entries(home, called.node, v, read, deeper)
                for v in called.return_values
            )
        )
    # A map applied to the entries, with numbers or options beside them
    # (``self._rho(errors, self.scale)``).
    return (
        bool(node.args)
        and last_name(node.func) not in _ENTRY_REDUCTIONS
        and not node.keywords
        and all(not isinstance(a, ast.Name | ast.Call | ast.Subscript) for a in node.args[1:])
        and _scalar_entries(source, function, node.args[0], read, deeper)
    )


def _signed_int(node: ast.expr) -> int | None:
    """An int literal, maybe negated (``-1``)."""
    sign = 1
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node, sign = node.operand, -1
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return sign * node.value
    return None


def _stacked_entries(
    source: Source,
    function: FunctionNode,
    value: ast.expr,
    position: int,
    read: ReadSource,
    depth: int,
) -> bool:
    """``_, ys = jax.lax.scan(step, init, xs)``: whether the step's second output has scalar
    entries (see ``_scalar_entries``); the stack adds a leading axis of steps."""
    if not (
        position == 1
        and isinstance(value, ast.Call)
        and last_name(value.func) == "scan"
        and value.args
    ):
        return False
    step = value.args[0]
    if isinstance(step, ast.Lambda) and isinstance(step.body, ast.Call):
        # ``lambda c, x: step(params, c, *x)``: the function the lambda calls.
        located = _located(source, step, step.body.func, read)
    else:
        located = _located(source, function, step, read)
    if located is None:
        return False
    home, called = located
    outputs = called.return_values
    return (
        bool(outputs)
        and not isinstance(called.node, ast.Lambda)
        and not called.falls_off_end
        and all(
            isinstance(item, ast.Tuple)
            and len(item.elts) == 2
            and _scalar_entries(home, called.node, item.elts[1], read, depth + 1)
            for item in outputs
        )
    )


def _located(
    source: Source, function: ast.AST, func: ast.expr, read: ReadSource
) -> tuple[Source, Function] | None:
    """The project function a call in ``function`` runs, with the module that holds it."""
    model = ModuleModel(source.tree)
    own = model.functions.get(function)
    sources: dict[int, Source] = {}
    found = (
        model.locate_function(func, own.scope, importer(source, read, sources))
        if own is not None
        else None
    )
    if found is None:
        return None
    home = source if found[0] is model else sources.get(id(found[0]))
    called = found[1].function if isinstance(found[1], Partial) else found[1]
    return (home, called) if home is not None else None


def _every_axis_fixes(
    target: FixTarget,
    places: list[tuple[Source, ast.expr]],
    label: str,
    averaged: bool,
    read: ReadSource,
) -> list[Fix]:
    """A return that is already a reduction, over some axes only (``jnp.mean(err, axis=-1)``)
    or over every axis with the axes kept (``jnp.sum(e, keepdims=True)``): the same
    reduction over every axis, to a scalar. A mean over the batch is taken over every axis
    only in a function named for an average (``spectral_mse``), or where every axis left is
    one of entries whose components the program reduced already (see ``_scalar_entries``)."""
    edits: list[Edit] = []
    for source, value in places:
        function = _enclosing_function(source, value)
        totals = _ratio_of_totals(value, function) if function is not None else None
        if totals is not None:
            edits.extend(_over_every_axis(source, call) for call in totals)
            continue
        if not isinstance(value, ast.Call) or any(k.arg is None for k in value.keywords):
            return []
        given = {k.arg for k in value.keywords}
        name = last_name(value.func)
        # Over some axes, for a reduction that is its own total; or over every axis already,
        # with the axes kept (``jnp.sum(e, keepdims=True)``).
        # Over the batch (axis 0), what is left is not averaged again: see _reductions.
        over_batch = 0 in (_reduced_axes(value) or ())
        # ``jnp.mean(x, axis=0)``, ``x.mean(axis=0)``: x.
        operand = value.args[0] if len(value.args) == 1 else None
        if not value.args and isinstance(value.func, ast.Attribute):
            operand = value.func.value
        entries = (
            over_batch
            and name == "mean"
            and operand is not None
            and function is not None
            and _scalar_entries(source, function, operand, read)
        )
        partial = (
            name in _AXIS_REDUCTIONS
            and "axis" in given
            and (not over_batch or (averaged and name == "mean") or entries)
        )
        kept_axes = name in _KEEPDIMS_REDUCTIONS and "keepdims" in given and "axis" not in given
        if not (partial or kept_axes) or any(isinstance(a, ast.Starred) for a in value.args):
            return []
        if len(value.args) > 1:
            return []
        edits.append(_over_every_axis(source, value))
    if not edits:
        return []
    title = f"Reduce over every axis in {label}: {edits[0].new_text}"
    if len(edits) > len(places) == 1:
        source, value = places[0]
        shown = source.segment(value)
        for call, edit in zip(totals or (), edits[:2], strict=False):
            shown = shown.replace(source.segment(call), edit.new_text, 1)
        title = f"Sum the numerator and the denominator of {label} over every axis: {shown}"
    return unsafe_fix(target, title, tuple(edits))


def _callee_partial_fixes(
    target: FixTarget, read: ReadSource, source: Source, value: ast.expr
) -> list[Fix]:
    """Where a function of the project returns the vector as a reduction over some axes only
    at every exit (``costs.sum(axis=0)``), the same reduction over every axis there, where
    the partial total is made. The vector is the one term of a sum not surely a scalar, a
    name the function binds once to (an item of) what that function returns (``running,
    final = trajectory_cost(...)``); or a call of it that the function divides by a size
    (``energy(traj) / traj.shape[0]``): a total the program averages, so a sum there."""
    function = _enclosing_function(source, value)
    if not isinstance(function, ast.FunctionDef):
        return []
    made = _vector_source(function, value)
    if made is None:
        return []
    call, position, width, totals_only = made
    model = ModuleModel(source.tree)
    own = model.functions.get(function)
    sources: dict[int, Source] = {}
    found = (
        model.locate_function(call.func, own.scope, importer(source, read, sources))
        if own is not None
        else None
    )
    if found is None or not isinstance(found[1], Function) or not found[1].return_values:
        return []
    home = source if found[0] is model else sources.get(id(found[0]))
    partials: list[ast.Call] = []
    for returned in found[1].return_values:
        if position is not None:
            if not isinstance(returned, ast.Tuple) or len(returned.elts) != width:
                return []
            returned = returned.elts[position]
        partial = _partial_reduction(returned)
        if partial is None or (totals_only and last_name(partial.func) != "sum"):
            return []
        partials.append(partial)
    if home is None:
        return []
    # Its other callers would get the total too: only a function called here alone.
    name = found[1].name
    calls = [
        c
        for module in dict.fromkeys([source, home])
        for c in ast.walk(module.tree)
        if isinstance(c, ast.Call) and last_name(c.func) == name
    ]
    if len(calls) != 1:
        return []
    edits = tuple(_over_every_axis(home, call) for call in partials)
    title = f"Reduce over every axis in `{name}`: {edits[0].new_text}"
    return unsafe_fix(target, title, edits)


def _vector_source(
    function: ast.FunctionDef, value: ast.expr
) -> tuple[ast.Call, int | None, int, bool] | None:
    """The call a returned vector comes from, the position of the vector in the tuple it
    returns (None: the whole result) and that tuple's width, and whether the call's result is
    divided by a size (see ``_callee_partial_fixes``)."""
    divided = [
        n.left
        for n in ast.walk(value)
        if isinstance(n, ast.BinOp)
        and isinstance(n.op, ast.Div)
        and isinstance(n.left, ast.Call)
        and _a_size(n.right)
    ]
    if len(divided) == 1:
        assert isinstance(divided[0], ast.Call)
        return divided[0], None, 0, True
    # In a sum of terms, the one that is not surely a scalar (``running + terminal`` with
    # ``terminal = w * jnp.sum(...)``).
    vectors = [t for t in _terms(_reduced_part(value)) if not _scalar_term(function, t)]
    part = vectors[0] if len(vectors) == 1 else None
    if not isinstance(part, ast.Name):
        return None
    binding = _sole_binding(function, part.id)
    if binding is None or not isinstance(binding[0], ast.Call):
        return None
    return binding[0], binding[1], binding[2], False


def _sole_binding(function: FunctionNode, name: str) -> tuple[ast.expr, int | None, int] | None:
    """The value a name is bound to once, in a statement of the function's body: the whole
    value (``x = f(..)``: position None) or an item of it (``_, x = f(..)``: position 1, of a
    tuple of that width)."""
    stores = [
        n
        for n in own_nodes(function)
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
    ]
    assign = next(
        (
            s
            for s in function.body
            if isinstance(s, ast.Assign)
            and len(s.targets) == 1
            and any(t is n for n in stores for t in ast.walk(s.targets[0]))
        ),
        None,
    )
    if len(stores) != 1 or assign is None:
        return None
    bound = assign.targets[0]
    if isinstance(bound, ast.Tuple):
        if not all(isinstance(e, ast.Name) for e in bound.elts):
            return None
        position = next(i for i, e in enumerate(bound.elts) if e is stores[0])
        return assign.value, position, len(bound.elts)
    return (assign.value, None, 0) if bound is stores[0] else None


def _a_size(node: ast.expr) -> bool:
    """``x.shape[0]``, ``len(x)``, ``x.size``: a count of entries."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Attribute) and node.value.attr == "shape"
    if isinstance(node, ast.Attribute):
        return node.attr == "size"
    return isinstance(node, ast.Call) and last_name(node.func) == "len" and len(node.args) == 1


def _scalar_term(function: FunctionNode, term: ast.expr) -> bool:
    """A term surely a scalar: a number, a full reduction (maybe scaled), or a name bound
    once to one."""
    if isinstance(term, ast.Name):
        bound = _bound_once_in(function, term.id)
        if bound is not None:
            term = bound
    # A product of scalars: numbers, full reductions, parameters defaulting to a number
    # (``weight * jnp.sum(...)``).
    if isinstance(term, ast.BinOp) and isinstance(term.op, ast.Mult | ast.Div):
        return _scalar_term(function, term.left) and _scalar_term(function, term.right)
    return (
        surely_scalar(function, term)
        or _number_parameter(function, term)
        or _scalar_reduction(term)
    )


def _number_parameter(function: FunctionNode, node: ast.expr) -> bool:
    """A parameter of the function whose default is a number (``terminal_weight=10.0``)."""
    if not isinstance(node, ast.Name) or isinstance(function, ast.Lambda):
        return False
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(zip([a.arg for a in positional][::-1], arguments.defaults[::-1], strict=False))
    defaults |= {
        a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d
    }
    default = defaults.get(node.id)
    return (
        isinstance(default, ast.Constant)
        and isinstance(default.value, int | float)
        and not isinstance(default.value, bool)
    )


def _partial_reduction(node: ast.expr | None) -> ast.Call | None:
    """A sum or mean over some named axes, of one operand (``jnp.sum(x, axis=0)``,
    ``x.mean(axis=-1)``)."""
    if not isinstance(node, ast.Call) or last_name(node.func) not in ("sum", "mean"):
        return None
    if any(isinstance(a, ast.Starred) for a in node.args) or len(node.args) > 1:
        return None
    if any(k.arg not in ("axis", "keepdims") for k in node.keywords):
        return None
    if not node.args and not isinstance(node.func, ast.Attribute):
        return None
    return node if _axes_written(node) is not None else None


def _over_every_axis(source: Source, call: ast.Call) -> Edit:
    """``jnp.sum(x, axis=-1)`` -> ``jnp.sum(x)``: the same reduction without its axes."""
    kept = [source.segment(a) for a in call.args]
    kept += [source.segment(k) for k in call.keywords if k.arg not in ("axis", "keepdims")]
    return source.replace(call, f"{source.segment(call.func)}({', '.join(kept)})")


# Calls that bound a denominator away from zero and keep its shape: their first argument
# is the denominator (``jnp.maximum(jnp.sum(mask, axis=-1), 1.0)``).
_GUARDS = frozenset({"maximum", "clip", "fmax"})


def _partial_total(node: ast.expr) -> ast.Call | None:
    """A sum over some named axes, of one operand (``jnp.sum(x * m, axis=0)``,
    ``(x * m).sum(axis=0)``)."""
    if not isinstance(node, ast.Call) or last_name(node.func) != "sum":
        return None
    if any(isinstance(a, ast.Starred) for a in node.args) or len(node.args) > 1:
        return None
    if any(k.arg not in ("axis", "keepdims") for k in node.keywords):
        return None
    method = not node.args and isinstance(node.func, ast.Attribute)
    if not node.args and not method:
        return None
    return node if _axes_written(node) is not None else None


def _axes_written(call: ast.Call) -> str | None:
    """The ``axis=`` a reduction is given, as written (names and ``-1`` alike)."""
    axis = next((k.value for k in call.keywords if k.arg == "axis"), None)
    return ast.dump(axis) if axis is not None else None


def _stabilizer(function: FunctionNode, node: ast.expr) -> bool:
    """A number added to a denominator to keep it off zero: a scalar, or a name the
    convention gives such a number (``self.eps``, ``EPSILON``)."""
    name = (last_name(node) or "").strip("_").lower()
    return surely_scalar(function, node) or name in _STABILIZERS


_STABILIZERS = frozenset({"eps", "epsilon", "tiny", "min_count", "smooth", "smoothing"})


def _ratio_of_totals(value: ast.expr, function: FunctionNode) -> list[ast.Call] | None:
    """``jnp.sum(x * m, axis=k) / jnp.maximum(jnp.sum(m, axis=k), 1)``: a weighted mean per
    slice along the other axes, taken as the ratio of two sums over the same axes. Summed over
    every axis instead, it is the weighted mean of the whole (the total over the total
    weight), which is what such a quotient averages; a mean of the per-slice ratios would
    weigh a slice of little weight as much as a full one. The two sums to widen, else None."""
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Div):
        return None
    numerator = _partial_total(value.left)
    denominator: ast.expr = value.right
    while True:
        if isinstance(denominator, ast.Call) and last_name(denominator.func) in _GUARDS:
            if not denominator.args or any(
                not _stabilizer(function, a) for a in denominator.args[1:]
            ):
                return None
            denominator = denominator.args[0]
        elif (
            isinstance(denominator, ast.BinOp)
            and isinstance(denominator.op, ast.Add)
            and _stabilizer(function, denominator.right)
        ):
            denominator = denominator.left
        else:
            break
    total = _partial_total(denominator)
    if numerator is None or total is None or _axes_written(numerator) != _axes_written(total):
        return None
    return [numerator, total]


def _jacobian_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """``jax.grad(f)`` of a function whose output the program means as a vector (it assembles
    one, indexes it, takes its Jacobian elsewhere): ``jax.jacrev``, its Jacobian."""
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return []
    call = applied_transform(source, target.span.line, frozenset({"grad"}))
    if call is None or not isinstance(call.func, ast.Attribute | ast.Name):
        return []
    function = received(source, call, read)
    if function is None:
        return []
    inner = function.function if isinstance(function, Partial) else function
    model = ModuleModel(source.tree)
    applications = [c for c in ast.walk(source.tree) if isinstance(c, ast.Call) and c.func is call]
    as_matrix = any(result_used_as_matrix(source.tree, c) for c in applications)
    if not as_matrix and not wants_jacobian(inner, inner.return_values, [model]):
        return []
    grad = call.func.attr if isinstance(call.func, ast.Attribute) else call.func.id
    if grad != "grad":
        return []
    func = source.segment(call.func)
    new_text = func[: -len("grad")] + "jacrev"
    title = f"Differentiate with {new_text}: {_label_of(inner.name)} returns a vector"
    return unsafe_fix(target, title, (source.replace(call.func, new_text),))


def _label_of(name: str) -> str:
    return "the lambda" if name == "<lambda>" else f"`{name}`"


# -- has_aux --------------------------------------------------------------------------------


def _aux_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    edits: list[Edit] = []
    title = ""
    printed = target.captures.get("value")
    for source, node, culprit in located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION):
        value = _returned(node)
        if (spread := _spread_aux(source, value, _aux_read_by_key(target, read))) is not None:
            assert value is not None
            edits.append(source.replace(value, spread))
            title = f"Return (output, aux) from `{culprit.name}`: {spread}"
        elif isinstance(value, ast.Tuple | ast.List) and len(value.elts) > 2:
            kinds = _printed_kinds(target.captures.get("value"), len(value.elts))
            grouped = _grouped_aux(source, node, value, _aux_read_by_key(target, read), kinds)
            if grouped is None:
                return []
            edits.append(source.replace(value, grouped))
            title = f"Return (output, aux) from `{culprit.name}`: {grouped}"
        elif isinstance(value, ast.Dict):
            function = _enclosing_function(source, node)
            paired = _dict_as_pair(
                source, value, _output_name(target, read), function, _aux_keys(target, read)
            )
            if paired is None:
                return []
            edits.append(source.replace(value, paired))
            title = f"Return (output, aux) from `{culprit.name}`: {paired}"
        elif (
            isinstance(node, ast.Return)
            and value is not None
            and (record := _record_total(target, read, source)) is not None
        ):
            # A NamedTuple / dataclass of losses with a total among its fields: the total is
            # the output, the whole record the aux.
            aux_part = _plain_dataclass_rest(target, read, source, record)
            unpacked = _READ_AUX_TUPLE.search(culprit.why or "")
            rest = [f for f in _record_fields(target, read, source) or [] if f != record]
            as_tuple = unpacked is not None and len(unpacked[1].split(",")) == len(rest) > 1
            if as_tuple:
                # The caller unpacks the aux into as many names as the record has other
                # fields (``(loss, (logits, stats)), g = ..``): those fields, in order.
                aux_part = rest
            built = _returned_with_total(source, node, value, record, aux_part, as_tuple)
            if built is None:
                return []
            edits.append(built[0])
            title = f"Return (output, aux) from `{culprit.name}`: {built[1]}"
        elif (
            isinstance(node, ast.Return)
            and (output := _stacked_first(value, _enclosing_function(source, node), printed))
            is not None
        ):
            # ``jnp.stack([loss, accuracy])``: the first entry is the output, the whole the aux.
            assert value is not None
            paired = f"{source.segment(output)}, {source.segment(value)}"
            edits.append(source.replace(value, paired))
            title = f"Return (output, aux) from `{culprit.name}`, its first entry the output: "
            title += paired
        elif isinstance(node, ast.Return | ast.Lambda) and value is not None:
            # A single value where the caller reads an aux it unpacks: the function's own
            # variable of that name is the aux.
            aux = _READ_AUX.search(culprit.why or "")
            function = _enclosing_function(source, node)
            if aux is None or function is None:
                return []
            name = aux[1] if _binds(function, aux[1]) else _dropped_aux(function, value)
            if name is None:
                return []
            paired = f"{source.segment(value)}, {name}"
            edits.append(source.replace(value, paired))
            title = f"Return (output, aux) from `{culprit.name}`: {paired}"
        elif isinstance(node, ast.keyword) and node.arg == "has_aux":
            dropped = _drop_has_aux(source, node)
            if dropped is None:
                return []
            edits.extend(dropped)
            title = f"Drop has_aux=True: `{culprit.name}` returns only its output"
        else:
            return []
    if not edits:
        return []
    return unsafe_fix(target, title, tuple(edits))


def _spread_aux(source: Source, value: ast.expr | None, by_key: bool) -> str | None:
    """``out, *parts`` as ``out, parts`` (``out, a, *rest`` as ``out, (a, *rest)``; a
    generator spread, ``out, *(f(x) for f in fs)``, as ``out, tuple(f(x) for f in fs)``): the
    entries spread after the output are one aux, unless the caller reads it by key."""
    if not isinstance(value, ast.Tuple) or len(value.elts) < 2 or by_key:
        return None
    first, *rest = value.elts
    spread = [e for e in rest if isinstance(e, ast.Starred)]
    if isinstance(first, ast.Starred) or len(spread) != 1:
        return None
    if len(rest) == 1 and isinstance(spread[0].value, ast.GeneratorExp):
        # ``*(m(x) for m in metrics)``: the generator's items, made a tuple (a generator is
        # no pytree).
        items = source.segment(spread[0].value)
        aux = f"tuple{items}" if items.startswith("(") else f"tuple({items})"
    elif len(rest) == 1:
        aux = source.segment(spread[0].value)
    else:
        aux = f"({', '.join(source.segment(e) for e in rest)})"
    grouped = f"{source.segment(first)}, {aux}"
    text = source.segment(value)
    return f"({grouped})" if text.startswith("(") else grouped


def _printed_kinds(printed: str | None, count: int) -> list[str] | None:
    """What each entry of the value JAX printed is (``dict``, ``sequence`` or ``array``: a
    tracer or an array), when it prints a tuple or list of ``count`` entries whole."""
    if not printed:
        return None
    text = printed.strip()
    if text[:1] == "[" and text[-1:] == "]":
        text = f"({text[1:-1]})"
    items = top_level_items(text)
    if items is None or len(items) != count:
        return None
    return [
        "dict" if item.startswith("{") else "sequence" if item[:1] in "([" else "array"
        for item in items
    ]


def _grouped_aux(
    source: Source,
    node: ast.AST,
    value: ast.Tuple | ast.List,
    by_key: bool,
    kinds: list[str] | None = None,
) -> str | None:
    """``out, a, b`` as ``out, (a, b)``: the first entry the output, the others one aux. Where
    the caller reads the aux by key (``metrics["acc"]``), a tuple would fail there: the others
    join the one entry that is a dict (``dict(metrics, penalty=penalty)``), when each of them
    is a name of an array: as JAX printed the value (``kinds``, the entries' kinds), else
    bound to arithmetic in the function; else None."""
    first, *rest = value.elts
    if not by_key:
        aux = f"({', '.join(source.segment(e) for e in rest)})"
    else:
        function = _enclosing_function(source, node)
        if function is None:
            return None
        if kinds is not None:
            arrays = [e for e, k in zip(rest, kinds[1:], strict=True) if k == "array"]
            if not all(isinstance(e, ast.Name) for e in arrays):
                return None
        else:
            arrays = [
                e for e in rest if isinstance(e, ast.Name) and _bound_to_array(function, e.id)
            ]
        mappings = [e for e in rest if e not in arrays]
        if len(mappings) != 1 or isinstance(mappings[0], ast.Tuple | ast.List | ast.Constant):
            return None
        names = [e.id for e in arrays if isinstance(e, ast.Name)]
        added = ", ".join(f"{name}={name}" for name in names)
        aux = f"dict({source.segment(mappings[0])}, {added})"
    grouped = f"{source.segment(first)}, {aux}"
    text = source.segment(value)
    if text.startswith(("(", "[")):
        grouped = f"{text[0]}{grouped}{text[-1]}"
    return grouped


def _bound_to_array(function: FunctionNode, name: str) -> bool:
    """``name = weight * jnp.mean(x)``: bound once in the function, to arithmetic."""
    assign = single_definition(function, name)
    return (
        assign is not None
        and isinstance(assign.targets[0], ast.Name)
        and isinstance(assign.value, ast.BinOp | ast.UnaryOp)
    )


def _failing_unpackings(target: FixTarget, read: ReadSource) -> Iterator[tuple[Source, ast.Tuple]]:
    """The targets of the assignments on the failing line that unpack a pair (``g, aux = ...``,
    ``(v, aux), g = ...``), with the failing file."""
    failing = Source.parse(target.span.path, read(target.span.path))
    if failing is None:
        return
    for node in ast.walk(failing.tree):
        if (
            isinstance(node, ast.Assign)
            and on_line(node, target.span.line)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Tuple)
            and len(node.targets[0].elts) == 2
        ):
            yield failing, node.targets[0]


def _empty_aux_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """One exit returns the output alone where the others return ``(output, {...})``: an
    empty aux there, where the caller reads no entry of it (after a flag that selects the
    aux, which the caller may want filled)."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1 or not isinstance(found[0][1], ast.Return):
        return []
    source, node, culprit = found[0]
    assert isinstance(node, ast.Return)
    empty = _empty_aux(target, read, source, node) if node.value is not None else None
    if empty is None or node.value is None:
        return []
    paired = f"{source.segment(node.value)}, {empty}"
    title = f"Return (output, aux) from `{culprit.name}` on every path: {paired}"
    return unsafe_fix(target, title, (source.replace(node.value, paired),))


def _empty_aux(target: FixTarget, read: ReadSource, source: Source, node: ast.Return) -> str | None:
    """``{}`` for a return of one value in a function whose every other return is
    ``output, aux`` with a dict display as its aux, where the caller reads no entry of the aux
    by key (an aux tuple may be unpacked by position: no fix)."""
    function = _enclosing_function(source, node)
    if function is None or isinstance(function, ast.Lambda) or isinstance(node.value, ast.Tuple):
        return None
    others = [r for r in own_returns(function) if r is not node]
    auxes = [
        r.value.elts[1] for r in others if isinstance(r.value, ast.Tuple) and len(r.value.elts) == 2
    ]
    if not others or len(auxes) != len(others):
        return None
    if not all(_dict_display(function, aux) for aux in auxes) or _aux_keys(target, read):
        return None
    return "{}"


def _dict_display(function: FunctionNode, aux: ast.expr) -> bool:
    """A dict display, or a name the function binds once, to one."""
    if isinstance(aux, ast.Name):
        assign = single_definition(function, aux.id)
        return assign is not None and isinstance(assign.value, ast.Dict)
    return isinstance(aux, ast.Dict)


def _aux_read_by_key(target: FixTarget, read: ReadSource) -> bool:
    """Does the code that unpacks the transform's result on the failing line read the aux by
    a string key (``metrics["loss"]``), there or, one call up, where the function that holds
    the line returns it to a caller in the same module that unpacks it?"""
    return bool(_aux_keys(target, read))


def _aux_keys(target: FixTarget, read: ReadSource) -> set[str]:
    """The string keys the code that unpacks the transform's result reads the aux by (see
    ``_aux_read_by_key``)."""
    for failing, pair in _failing_unpackings(target, read):
        first, second = pair.elts
        aux = first.elts[1] if isinstance(first, ast.Tuple) and len(first.elts) == 2 else second
        function = _enclosing_function(failing, pair)
        if isinstance(aux, ast.Name) and function is not None:
            return _keys_read(failing, function, aux.id, hops=1)
    return set()


def _keys_read(source: Source, scope: FunctionNode | ast.Module, name: str, hops: int) -> set[str]:
    keys = {
        n.slice.value
        for n in _scope_nodes(scope)
        if isinstance(n, ast.Subscript)
        and isinstance(n.value, ast.Name)
        and n.value.id == name
        and isinstance(n.slice, ast.Constant)
        and isinstance(n.slice.value, str)
    }
    if keys or hops == 0 or isinstance(scope, ast.Module):
        return keys
    for ret in own_returns(scope):
        if not isinstance(ret.value, ast.Tuple):
            continue
        at = [i for i, e in enumerate(ret.value.elts) if isinstance(e, ast.Name) and e.id == name]
        for caller in [*source.functions(), source.tree]:
            for node in _scope_nodes(caller):
                if (
                    len(at) == 1
                    and isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Call)
                    and last_name(node.value.func) == scope.name
                    and isinstance(node.targets[0], ast.Tuple)
                    and len(node.targets[0].elts) == len(ret.value.elts)
                    and isinstance(named := node.targets[0].elts[at[0]], ast.Name)
                ):
                    keys |= _keys_read(source, caller, named.id, hops - 1)
    return keys


def _scope_nodes(scope: FunctionNode | ast.Module) -> Iterator[ast.AST]:
    """The nodes of a function's body, or of a module's code outside its functions and classes."""
    if not isinstance(scope, ast.Module):
        yield from own_nodes(scope)
        return
    scopes = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
    stack: list[ast.AST] = [s for s in scope.body if not isinstance(s, scopes)]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in ast.iter_child_nodes(node) if not isinstance(c, scopes))


# ``float32[2]`` in a printed tracer: an array of one axis.
_PRINTED_VECTOR = re.compile(r"\b[a-z]+\d*\[(\d+)\]")


def _stacked_first(
    value: ast.expr | None, function: FunctionNode | None = None, printed: str | None = None
) -> ast.expr | None:
    """``loss`` of ``jnp.stack([loss, accuracy])`` / ``jnp.array((loss, acc))``: the first of
    the names one array is stacked from. Also ``as_row(loss, accuracy)``, a call of the
    function's own locals whose value JAX printed as an array of one axis as long as the
    names are: a row of them."""
    if not isinstance(value, ast.Call):
        return None
    if (
        last_name(value.func) in ("stack", "array", "asarray", "hstack")
        and len(value.args) == 1
        and isinstance(value.args[0], ast.List | ast.Tuple)
    ):
        entries = value.args[0].elts
    elif (
        function is not None
        and not value.keywords
        and (vector := _PRINTED_VECTOR.search(printed or "")) is not None
        and int(vector[1]) == len(value.args)
        and all(isinstance(e, ast.Name) and _local_value(function, e.id) for e in value.args)
    ):
        entries = value.args
    else:
        return None
    if len(entries) < 2 or not all(isinstance(e, ast.Name) for e in entries):
        return None
    return entries[0]


def _local_value(function: FunctionNode, name: str) -> bool:
    """A name the function computes (stores to), not one of its parameters."""
    arguments = function.args
    if name in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
        return False
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in own_nodes(function)
    )


def _unused_aux_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """No culprit: the function returned one value, not a tuple (the message's type), to a
    transform called with ``has_aux=True`` on the failing line whose caller never reads the
    aux it unpacks: the flag dropped, and the aux from the unpacking. A returned tuple of
    another length is left alone (which part is the aux is the function's to say)."""
    printed = target.captures.get("type") or ""
    # An array (a tracer of one under grad), not a container or a record of some class.
    if target.culprits or not any(kind in printed for kind in ("Tracer'", "Array'")):
        return []
    failing = Source.parse(target.span.path, read(target.span.path))
    call = applied_transform(failing, target.span.line, _SCALAR_TRANSFORMS) if failing else None
    flag = next((k for k in call.keywords if k.arg == "has_aux"), None) if call else None
    if failing is None or flag is None or literal_bool(flag.value) is not True:
        return []
    dropped = _drop_has_aux(failing, flag)
    if dropped is None or len(dropped) < 2:
        return []  # the flag alone: a caller elsewhere may still unpack an aux
    name = f"`{failing.segment(call.args[0])}`" if call and call.args else "the function"
    title = f"Drop has_aux=True: {name} returns only its output, and the aux is never read"
    return unsafe_fix(target, title, tuple(dropped))


def _named_aux_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """No culprit: a tuple (the message's type) returned to a transform called with
    ``has_aux=True`` on the failing line, by a function reached through an attribute
    (``self.model.neg_log_like``) that the traceback's modules, and the project modules they
    import, define once by that name: where each of its returns is a tuple of more than two
    entries, the first is the output and the others are grouped as the aux."""
    if target.culprits or "'tuple'" not in (target.captures.get("type") or ""):
        return []
    failing = Source.parse(target.span.path, read(target.span.path))
    call = applied_transform(failing, target.span.line, _SCALAR_TRANSFORMS) if failing else None
    flag = next((k for k in call.keywords if k.arg == "has_aux"), None) if call else None
    if call is None or flag is None or literal_bool(flag.value) is not True or not call.args:
        return []
    if failing is not None and received(failing, call, read) is not None:
        return []  # a function the model follows: its culprit decides
    name = last_name(call.args[0])
    found = _defined_once(target, read, name) if name else None
    if found is None:
        return []
    source, function = found
    returns = own_returns(function)
    if not returns or not all(
        isinstance(r.value, ast.Tuple) and len(r.value.elts) > 2 for r in returns
    ):
        return []
    edits = []
    by_key = _aux_read_by_key(target, read)
    for ret in returns:
        assert isinstance(ret.value, ast.Tuple)
        grouped = _grouped_aux(source, ret, ret.value, by_key)
        if grouped is None:
            return []
        edits.append(source.replace(ret.value, grouped))
    title = f"Return (output, aux) from `{name}`: {edits[-1].new_text}"
    return unsafe_fix(target, title, tuple(edits))


def _defined_once(
    target: FixTarget, read: ReadSource, name: str
) -> tuple[Source, FunctionNode] | None:
    """The one function or method of that name in the traceback's files and the project
    modules they import (``from rv.model import ...``, looked for beside each of them)."""
    files = list(dict.fromkeys([target.span.path, *(frame.path for frame in target.frames)]))
    bases = list(dict.fromkeys(path.parent for path in files))
    seen: dict[object, Source] = {}
    pending = list(files)
    while pending and len(seen) < 32:
        path = pending.pop()
        if path in seen:
            continue
        source = Source.parse(path, read(path) if path.is_file() else None)
        if source is None:
            continue
        seen[path] = source
        for node in source.tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            else:
                continue
            for module in modules:
                pending.extend(p for p in module_files(module, bases) if p.is_file())
    found = [(source, f) for source in seen.values() for f in source.functions() if f.name == name]
    return found[0] if len(found) == 1 else None


def _flag_choosing_pairs(function: FunctionNode) -> tuple[str, bool] | None:
    """``if with_terms: return loss, terms`` / ``return loss``: the parameter (with a bool
    default) under which the function returns pairs, and the value that makes it do so."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(
        zip(
            [a.arg for a in positional][-len(arguments.defaults) or len(positional) :],
            arguments.defaults,
            strict=False,
        )
    )
    defaults.update(
        {a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d}
    )
    returns = own_returns(function)
    pairs = [r for r in returns if isinstance(r.value, ast.Tuple) and len(r.value.elts) == 2]
    if not pairs or len(pairs) == len(returns):
        return None
    for branch in own_nodes(function):
        if not isinstance(branch, ast.If):
            continue
        test, wanted = branch.test, True
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, wanted = test.operand, False
        if not isinstance(test, ast.Name):
            continue
        default = defaults.get(test.id)
        if not isinstance(default, ast.Constant) or not isinstance(default.value, bool):
            continue
        inside = {id(n) for statement in branch.body for n in ast.walk(statement)}
        if all(id(r) in inside for r in pairs) and not any(
            id(r) in inside for r in returns if r not in pairs
        ):
            return test.id, wanted
    return None


def _aux_flag_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """has_aux=True on ``partial(f, with_terms=False)`` where f returns (loss, aux) only when
    the flag is set, and the caller unpacks a pair: bind the flag to the value that makes f
    return the pair."""
    failing = Source.parse(target.span.path, read(target.span.path))
    if failing is None:
        return []
    call = applied_transform(failing, target.span.line, _SCALAR_TRANSFORMS)
    flag = next((k for k in call.keywords if k.arg == "has_aux"), None) if call else None
    if call is None or flag is None or literal_bool(flag.value) is not True or not call.args:
        return []
    function = received(failing, call, read)
    if not isinstance(function, Partial) or isinstance(function.function.node, ast.Lambda):
        return []
    chosen = _flag_choosing_pairs(function.function.node)
    bound: ast.expr | None = call.args[0]
    if isinstance(bound, ast.Name):
        assign = assigned_once(failing, bound.id, target.span.line)
        bound = assign.value if assign is not None else None
    if chosen is None or not isinstance(bound, ast.Call) or last_name(bound.func) != "partial":
        return []
    name, value = chosen
    given = next((k for k in bound.keywords if k.arg == name), None)
    if given is not None:
        if literal_bool(given.value) is value:
            return []
        edit = failing.replace(given.value, str(value))
    else:
        added = add_keyword(failing, bound, f"{name}={value}")
        if added is None:
            return []
        edit = added
    title = f"Bind {name}={value}: `{function.function.name}` returns (output, aux) only then"
    return unsafe_fix(target, title, (edit,))


def _aux_flag_culprit_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The function returned a pair and a culprit is where ``has_aux`` is set to ``False``:
    an assignment (``cfg.loss.has_aux = False``), a keyword (``has_aux=False``), or a call of a
    project function that leaves its ``has_aux=False`` default (``make_update(loss, opt)``):
    ``has_aux`` set to ``True`` there, the pair's second item taken as aux."""
    edits: list[Edit] = []
    for culprit in target.culprits:
        source = Source.parse(culprit.span.path, read(culprit.span.path))
        if source is None:
            continue
        line = culprit.span.line
        for node in ast.walk(source.tree):
            if getattr(node, "lineno", None) != line:
                continue
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if (
                    len(targets) == 1
                    and last_name(targets[0]) == "has_aux"
                    and literal_bool(node.value) is False
                ):
                    edits.append(source.replace(node.value, "True"))
            elif isinstance(node, ast.Call):
                edit = _aux_default_left(source, node, read)
                if edit is not None:
                    edits.append(edit)
    if len(edits) != 1:
        return []
    return unsafe_fix(target, "Set has_aux=True: the function returns (output, aux)", tuple(edits))


def _aux_default_left(source: Source, call: ast.Call, read: ReadSource) -> Edit | None:
    """``has_aux=False`` written in the call, or left as the default of the project function
    it calls: that keyword set to ``True``."""
    given = next((k for k in call.keywords if k.arg == "has_aux"), None)
    if given is not None:
        return source.replace(given.value, "True") if literal_bool(given.value) is False else None
    function = _enclosing_function(source, call)
    if function is None or any(k.arg is None for k in call.keywords):
        return None
    located = _located(source, function, call.func, read)
    if located is None:
        return None
    arguments = located[1].node.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(zip([a.arg for a in positional][::-1], arguments.defaults[::-1], strict=False))
    defaults |= {
        a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d
    }
    default = defaults.get("has_aux")
    names = [a.arg for a in positional]
    if default is None or literal_bool(default) is not False:
        return None
    if "has_aux" in names and names.index("has_aux") < len(call.args):
        return None  # given by position
    return add_keyword(source, call, "has_aux=True")


# ``<class 'losses.Losses'>``: the class of a value the message printed.
_PRINTED_CLASS = re.compile(r"^<class '(?:(?P<module>[\w.]+)\.)?(?P<name>\w+)'>$")


def _record_total(target: FixTarget, read: ReadSource, source: Source) -> str | None:
    """The field that names the total (``total``, ``loss``) of the class the message says the
    function returned, when a module of the project beside ``source`` defines that class
    with exactly one such field."""
    fields = _record_fields(target, read, source)
    if fields is None:
        return None
    totals = [f for f in fields if f.lower() in _TOTAL_KEYS]
    return totals[0] if len(totals) == 1 and len(fields) > 1 else None


def _record_fields(target: FixTarget, read: ReadSource, source: Source) -> list[str] | None:
    """The fields, in order, of the class the message says the function returned, where one
    module of the project beside ``source`` defines it."""
    printed = _PRINTED_CLASS.match((target.captures.get("type") or "").strip())
    if printed is None:
        return None
    module = printed["module"]
    paths = [source.path] if module is None else module_files(module, (source.path.parent,))
    for path in paths:
        defining = Source.parse(path, read(path)) if path == source.path or path.is_file() else None
        classes = [
            c
            for c in (defining.tree.body if defining is not None else [])
            if isinstance(c, ast.ClassDef) and c.name == printed["name"]
        ]
        if len(classes) == 1:
            return list(class_fields(classes[0]))
    return None


def _plain_dataclass_rest(
    target: FixTarget, read: ReadSource, source: Source, total: str
) -> list[str]:
    """``.total, parts`` keeps the whole record as the aux, which JAX can return only where it
    is a pytree (a NamedTuple, a registered class): for a plain ``@dataclass`` the aux is its
    other fields instead (empty: the whole record will do)."""
    printed = _PRINTED_CLASS.match((target.captures.get("type") or "").strip())
    if printed is None:
        return []
    module, class_name = printed["module"], printed["name"]
    paths = [source.path] if module is None else module_files(module, (source.path.parent,))
    for path in paths:
        defining = Source.parse(path, read(path)) if path == source.path or path.is_file() else None
        for cls in defining.tree.body if defining is not None else []:
            if not isinstance(cls, ast.ClassDef) or cls.name != class_name:
                continue
            decorators = [
                last_name(d.func if isinstance(d, ast.Call) else d) for d in cls.decorator_list
            ]
            if decorators != ["dataclass"] or cls.bases:
                return []
            return [f for f in class_fields(cls) if f != total]
    return []


def _returned_with_total(
    source: Source,
    node: ast.Return,
    value: ast.expr,
    field: str,
    rest: Sequence[str] = (),
    as_tuple: bool = False,
) -> tuple[Edit, str] | None:
    """``return combine(...)`` -> ``parts = combine(...)`` and ``return parts.total, parts``
    (a name the function does not use yet); with ``rest``, fields of the record, the aux is
    those instead of the whole record (the one field, else a dict of them, or with
    ``as_tuple`` a tuple of them)."""
    function = _enclosing_function(source, node)
    if function is None or not source.owns_its_lines(node):
        return None
    taken = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)}
    taken |= {a.arg for a in ast.walk(function) if isinstance(a, ast.arg)}
    name = next((n for n in ("parts", "terms", "record", "out_") if n not in taken), None)
    if name is None:
        return None
    indent = source.indent_of(node.lineno)
    aux = name
    if len(rest) == 1:
        aux = f"{name}.{rest[0]}"
    elif rest and as_tuple:
        aux = "(" + ", ".join(f"{name}.{f}" for f in rest) + ")"
    elif rest:
        aux = "{" + ", ".join(f'"{f}": {name}.{f}' for f in rest) + "}"
    pair = f"{name}.{field}, {aux}"
    text = f"{name} = {source.segment(value)}\n{indent}return {pair}"
    return source.replace(node, text), pair


# The culprit's sentence when the caller reads the aux (culprit_transforms._aux_not_pair).
_READ_AUX = re.compile(r"the caller reads the aux `(\w+)`")
# ... when the caller unpacks the aux further (``(loss, (logits, stats)), g = ..``).
_READ_AUX_TUPLE = re.compile(r"the caller reads the aux `\(([\w, ]+)\)`")


def _dropped_aux(function: FunctionNode, value: ast.expr) -> str | None:
    """``loss, aux = loss_fn(params)`` in a wrapper that returns ``loss + penalty``: the pair
    unpacked from a call whose first name the returned value reads and whose second the
    function never reads is an (output, aux) pair whose aux was dropped: that second name."""
    read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    names = [n for n in own_nodes(function) if isinstance(n, ast.Name)]
    loads = {n.id for n in names if isinstance(n.ctx, ast.Load)}
    stores = [n.id for n in names if not isinstance(n.ctx, ast.Load)]
    found = [
        second.id
        for node in own_nodes(function)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Tuple)
        and len(node.targets[0].elts) == 2
        and isinstance(first := node.targets[0].elts[0], ast.Name)
        and isinstance(second := node.targets[0].elts[1], ast.Name)
        and first.id in read
        and second.id not in loads
        and stores.count(second.id) == 1
    ]
    return found[0] if len(found) == 1 else None


def _binds(function: FunctionNode, name: str) -> bool:
    """Whether a function has a parameter or a plain assignment of ``name``."""
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    if any(a.arg == name for a in every):
        return True
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in ast.walk(function)
    )


# Keys that name the total a dict of losses holds beside its parts.
_TOTAL_KEYS = frozenset({"loss", "total", "total_loss", "objective", "cost"})


def _dict_as_pair(
    source: Source,
    value: ast.Dict,
    output: str | None = None,
    function: FunctionNode | None = None,
    read_keys: set[str] | frozenset[str] = frozenset(),
) -> str | None:
    """``{"loss": total, "ce": ce}`` -> ``total, {"ce": ce}``: the entry that is the total
    becomes the output, the others the aux (the one other entry's own dict, where it holds the
    keys the caller reads the aux by); None unless exactly one entry is. The total is the
    entry keyed by a word for one (``"loss"``), else by the name the caller gives the output
    (``output``: ``(nll, parts), g = ...`` reads ``"nll"``), else the one the function computes
    from all the others (``nll = data_fit + logdet``)."""
    keys = [k.value if isinstance(k, ast.Constant) else None for k in value.keys]
    if any(k is None for k in value.keys):
        return None
    totals = [i for i, k in enumerate(keys) if isinstance(k, str) and k.lower() in _TOTAL_KEYS]
    if not totals and output is not None:
        totals = [i for i, k in enumerate(keys) if k == output]
    if not totals and function is not None:
        totals = _composed_entries(function, value)
    if len(totals) != 1:
        return None
    chosen = totals[0]
    others = [v for i, v in enumerate(value.values) if i != chosen]
    if len(others) == 1 and isinstance(inner := others[0], ast.Dict) and read_keys:
        # ``{"loss": loss, "metrics": {"acc": acc}}`` where the caller reads ``aux["acc"]``:
        # the one other entry, a dict of the keys the caller reads, is the aux itself.
        inner_keys = {k.value for k in inner.keys if isinstance(k, ast.Constant)}
        outer = {k.value for k in value.keys if isinstance(k, ast.Constant)}
        if read_keys <= inner_keys and not read_keys & outer:
            return f"{source.segment(value.values[chosen])}, {source.segment(inner)}"
    rest = [
        f"{source.segment(k)}: {source.segment(v)}"
        for i, (k, v) in enumerate(zip(value.keys, value.values, strict=True))
        if i != chosen and k is not None
    ]
    return f"{source.segment(value.values[chosen])}, {{{', '.join(rest)}}}"


def _composed_entries(function: FunctionNode, value: ast.Dict) -> list[int]:
    """The entries of a dict display whose value is a name the function binds once to an
    expression reading the names of all the other entries (two at least): a total of parts."""
    names = [v.id if isinstance(v, ast.Name) else None for v in value.values]
    if len(names) < 3 or None in names or len(set(names)) != len(names):
        return []
    found = []
    for i, name in enumerate(names):
        assign = single_definition(function, name or "")
        if assign is None:
            continue
        read = {n.id for n in ast.walk(assign.value) if isinstance(n, ast.Name)}
        if all(other in read for j, other in enumerate(names) if j != i):
            found.append(i)
    return found


def _output_name(target: FixTarget, read: ReadSource) -> str | None:
    """The name the failing line gives a transform's output when it unpacks
    ``(output, aux), grads = jax.value_and_grad(f, has_aux=True)(...)``."""
    for _, pair in _failing_unpackings(target, read):
        first = pair.elts[0]
        if isinstance(first, ast.Tuple) and len(first.elts) == 2:
            output = first.elts[0]
            return output.id if isinstance(output, ast.Name) else None
    return None


def _dict_output_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A dict of losses given to grad / value_and_grad without has_aux: return (total, the
    dict) with has_aux=True, the total being the entry named so (``"loss"``, ``"total"``) or
    else the sum of the entries; the caller's name for the dict gets it back as the aux."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if not found:
        return []
    edits: list[Edit] = []
    for source, node, _ in found:
        value = _returned(node)
        if not isinstance(value, ast.Dict) or any(k is None for k in value.keys):
            return []
        paired = _dict_as_pair(source, value)
        total = paired.split(", {", 1)[0] if paired is not None else None
        if total is None:
            total = " + ".join(f"{source.segment(v)}" for v in value.values)
        edits.append(source.replace(value, f"{total}, {source.segment(value)}"))
    failing = Source.parse(target.span.path, read(target.span.path))
    call = applied_transform(failing, target.span.line, _SCALAR_TRANSFORMS) if failing else None
    if failing is None or call is None or any(k.arg == "has_aux" for k in call.keywords):
        return []
    flag = add_keyword(failing, call, "has_aux=True")
    uses = results_of(failing, call)
    if flag is None or not uses:
        return []
    edits.append(flag)
    for use in uses:
        if last_name(call.func) == "value_and_grad":
            if not isinstance(use, ast.Tuple) or len(use.elts) != 2:
                return []
            if not isinstance(use.elts[0], ast.Name):
                return []
            value_text, grads = (failing.segment(e) for e in use.elts)
            edits.append(failing.replace(use, f"(_, {value_text}), {grads}"))
        elif isinstance(use, ast.Name):
            edits.append(failing.replace(use, f"{failing.segment(use)}, _"))
        else:
            return []
    title = "Return (total, the dict) and pass has_aux=True: the dict comes back as aux"
    return unsafe_fix(target, title, tuple(edits))


def _handed_dict_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A dict of losses a return hands on from a call (``return rescale(terms)``, the call's
    dict made entry by entry from one the function built): return the sum of its entries,
    ``sum(rescale(terms).values())``, the total every entry adds to."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    value = _returned(node)
    if not isinstance(node, ast.Return) or not isinstance(value, ast.Call):
        return []
    function = _enclosing_function(source, node)
    if function is None or _binds(function, "sum") or _binds_at_module(source, "sum"):
        return []
    total = f"sum({source.segment(value)}.values())"
    title = f"Return the sum of the dict's entries from `{culprit.name}`: {total}"
    return unsafe_fix(target, title, (source.replace(value, total),))


def _binds_at_module(source: Source, name: str) -> bool:
    """Whether the module binds ``name`` at its top level (a def, an import, an assignment)."""
    for statement in source.tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if statement.name == name:
                return True
        elif isinstance(statement, ast.Import | ast.ImportFrom):
            if any((a.asname or a.name.split(".")[0]) == name for a in statement.names):
                return True
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t)):
                return True
    return False


# ``Losses(total=JitTracer(float32[]), parts={...})``: a class's repr, as the message prints it.
# A real scalar as a message prints it, traced or not: ``JitTracer(float32[])``, a tracer
# printed with its aval first (``VmapTracer(aval=float32[], batched=float32[64])``: a scalar
# per example, as grad under vmap sees it), ``Array(0.5, dtype=float32)``,
# ``Traced<ShapedArray(float32[])>...``.
_PRINTED_SCALAR = re.compile(
    r"^(?:\w*Tracer\((?:aval=)?~?(?:float\d+|bfloat16)\[\](?:, [^()]*(?:\([^()]*\)[^()]*)*)?\)"
    r"|Traced<\w+\((?:float\d+|bfloat16)\[\]\)>"
    r".*|Array\((?:[-\d.e+]+|-?nan|-?inf)(?:, dtype=(?:float\d+|bfloat16))?\)|[-\d.e+]+)$"
)


def _record_field_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """grad of a function that returns a NamedTuple / dataclass (``Objective(value=...,
    parts=...)`` in the message) or a dict (``{'total': ..., 'forces': ...}``): differentiate
    its one real scalar field or entry (or, among several, the one named as the total), read
    from the returned object by a lambda around the function given to grad, so the call and
    its result keep their shape."""
    printed = target.captures.get("output") or ""
    fields = printed_fields(printed)
    keyed = fields is None
    fields = printed_entries(printed) if keyed else fields
    if fields is None:
        return []
    scalars = [name for name, value in fields.items() if _PRINTED_SCALAR.match(value)]
    if len(scalars) > 1:
        scalars = [name for name in scalars if name.lower() in _TOTAL_KEYS]
    source = Source.parse(target.span.path, read(target.span.path))
    call = applied_transform(source, target.span.line, frozenset({"grad"})) if source else None
    if len(scalars) != 1 or source is None or call is None or not call.args:
        return []
    if any(k.arg == "has_aux" for k in call.keywords) or isinstance(call.args[0], ast.Starred):
        return []
    function, field = call.args[0], scalars[0]
    label = "the lambda" if isinstance(function, ast.Lambda) else source.segment(function)
    if keyed:
        title = f'Differentiate the "{field}" entry of what {label} returns'
        return unsafe_fix(target, title, (_read_from_result(source, function, f'["{field}"]'),))
    title = f"Differentiate the `{field}` field of what {label} returns"
    return unsafe_fix(target, title, (_read_from_result(source, function, f".{field}"),))


def _read_from_result(source: Source, function: ast.expr, suffix: str) -> Edit:
    """The function given to a transform, replaced by one that reads ``suffix`` (``.total``,
    ``.sum()``) from its result: a lambda's own body gets it; any other function is called
    from a lambda taking whatever it takes (a partial's bound arguments first)."""
    if isinstance(function, ast.Lambda):
        body = function.body
        return source.replace(body, f"{_atom(source, body)}{suffix}")
    taken = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)}
    args, kwargs = fresh(taken, "args"), fresh(taken, "kwargs")
    called, bound = _atom(source, function), ""
    if (
        isinstance(function, ast.Call)
        and last_name(function.func) == "partial"
        and function.args
        and not function.keywords
        and not any(isinstance(a, ast.Starred) for a in function.args)
    ):
        # ``partial(f, a)``: f called with ``a`` first, as the partial would.
        called = _atom(source, function.args[0])
        bound = "".join(f"{source.segment(a)}, " for a in function.args[1:])
    new = f"lambda *{args}, **{kwargs}: {called}({bound}*{args}, **{kwargs}){suffix}"
    return source.replace(function, new)


def _call_site_reduction_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """grad of a function whose vector output no ``return`` of the project was found to
    build (a method set from a parameter, a function a factory made): the reduction applied
    where the function is given to grad, in the order the program's own evidence asks for
    (see ``_reductions``; here its reductions of calls of the same function)."""
    source = Source.parse(target.span.path, read(target.span.path))
    call = applied_transform(source, target.span.line, _SCALAR_TRANSFORMS) if source else None
    if source is None or call is None or not call.args:
        return []
    function = call.args[0]
    if isinstance(function, ast.Lambda | ast.Starred) or any(
        k.arg == "has_aux" for k in call.keywords
    ):
        return []
    spelled = source.segment(function)
    siblings = {
        name
        for node in ast.walk(source.tree)
        if isinstance(node, ast.Call)
        and (name := last_name(node.func)) in ("sum", "mean")
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Call)
        and source.segment(node.args[0].func) == spelled
    }
    name = last_name(function.args[0] if isinstance(function, ast.Call) else function) or ""
    words = f"{_docstrings(source, name)} {name.lower()}"
    totals = any(w in words for w in _TOTAL_WORDS) and not any(w in words for w in _AVERAGE_WORDS)
    if len(siblings) == 1:
        order = ("sum", "mean") if siblings == {"sum"} else ("mean", "sum")
    else:
        order = ("sum", "mean") if totals else ("mean", "sum")
    meanings = {"mean": "the mean", "sum": "the sum"}
    # The same transform of the same function elsewhere in the module would fail the same
    # way once this one is fixed: each gets the reduction.
    same = [
        node.args[0]
        for node in ast.walk(source.tree)
        if isinstance(node, ast.Call)
        and node.args
        and source.segment(node.func) == source.segment(call.func)
        and source.segment(node.args[0]) == spelled
        and [source.segment(k) for k in node.keywords] == [source.segment(k) for k in call.keywords]
    ] or [function]
    return [
        fix
        for reduction in order
        for fix in unsafe_fix(
            target,
            f"Differentiate {meanings[reduction]} of {_label_of(name or spelled)}'s output",
            tuple(_read_from_result(source, given, f".{reduction}()") for given in same),
        )
    ]


def _atom(source: Source, node: ast.expr) -> str:
    """The expression's text, parenthesised unless it is a name, attribute, call or item."""
    text = source.segment(node)
    return text if isinstance(node, _ATOMIC) else f"({text})"


def _drop_has_aux(source: Source, flag: ast.keyword) -> list[Edit] | None:
    """Remove ``has_aux=True`` from its call, and the aux from where the result is unpacked."""
    call = next(
        (n for n in ast.walk(source.tree) if isinstance(n, ast.Call) and flag in n.keywords), None
    )
    if call is None or not call.args:
        return None
    decorated = any(call in getattr(f, "decorator_list", ()) for f in source.functions())
    only_flag = len(call.args) == 1 and len(call.keywords) == 1
    if decorated and last_name(call.func) == "partial" and only_flag:
        # ``@partial(jax.value_and_grad, has_aux=True)`` is ``@jax.value_and_grad`` without it.
        return [source.replace(call, source.segment(call.args[0]))]
    items: list[ast.AST] = [*call.args, *call.keywords]
    items.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
    before = items[items.index(flag) - 1]
    start, end = source.span(before), source.span(flag)
    edits = [Edit(Span(source.path, start.end_line, start.end_col, end.end_line, end.end_col), "")]
    if decorated:
        # The callers of a decorated function may be anywhere in the project; a leftover
        # has_aux fails before any of them unpacks the aux, so none is known to expect it.
        return edits
    is_value_and_grad = last_name(call.func) == "value_and_grad"
    uses = results_of(source, call)
    if uses is None:
        return None
    for target in uses:
        unpacked = _without_aux(source, target, is_value_and_grad)
        if unpacked is None:
            return None
        edits.append(source.replace(target, unpacked))
    return edits


def _without_aux(source: Source, target: ast.expr, value_and_grad: bool) -> str | None:
    """``g, _`` -> ``g``; ``(v, _), g`` -> ``v, g``: only when the aux is thrown away (``_``,
    or a name the function holding the assignment never reads)."""
    if not isinstance(target, ast.Tuple) or len(target.elts) != 2:
        return None
    if value_and_grad:
        inner, grads = target.elts
        if (
            not isinstance(inner, ast.Tuple)
            or len(inner.elts) != 2
            or not _unread(source, inner.elts[1])
        ):
            return None
        return f"{source.segment(inner.elts[0])}, {source.segment(grads)}"
    grads, aux = target.elts
    return source.segment(grads) if _unread(source, aux) else None


def _unread(source: Source, stored: ast.expr) -> bool:
    """``_``, or a name bound in a function that nothing in it (nested functions included)
    reads, nor declares global or nonlocal."""
    if _discarded(stored):
        return True
    function = _enclosing_function(source, stored)
    if not isinstance(stored, ast.Name) or function is None:
        return False
    return not any(
        (isinstance(n, ast.Name) and n.id == stored.id and not isinstance(n.ctx, ast.Store))
        or (isinstance(n, ast.Global | ast.Nonlocal) and stored.id in n.names)
        for n in ast.walk(function)
    )


def _discarded(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "_"


# -- a function without return ---------------------------------------------------------------


def _enclosing_function(source: Source, node: ast.AST) -> FunctionNode | None:
    best: FunctionNode | None = None
    for function in source.functions():
        inside = any(child is node for child in ast.walk(function))
        if inside and (best is None or function.lineno >= best.lineno):
            best = function
    return best


def _computed(source: Source, value: ast.expr) -> bool:
    """A value computed for its result, not for an effect: arithmetic, a name, or a call of
    jax.numpy / numpy (``print(...)``, ``log.append(...)`` are effects)."""
    if isinstance(value, ast.BinOp | ast.UnaryOp | ast.Name | ast.Subscript):
        return True
    if not isinstance(value, ast.Call):
        return False
    root = value.func
    while isinstance(root, ast.Attribute):
        root = root.value
    numeric = {*source.module_aliases("jax.numpy"), *source.module_aliases("numpy")}
    return isinstance(root, ast.Name) and root.id in numeric


def _delegated(source: Source, value: ast.expr) -> bool:
    """A wrapper's call of the function it wraps: a parameter of an enclosing function
    (a decorator's ``fn``) called with every parameter of the wrapper, ``fn(*args, **kwargs)``.
    Its result is the wrapped function's, which the wrapper stands for."""
    wrapper = _enclosing_function(source, value)
    if wrapper is None or not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return False
    outer = [
        f
        for f in source.functions()
        if f is not wrapper and any(child is wrapper for child in ast.walk(f))
    ]
    wrapped = {a.arg for f in outer for a in (*f.args.posonlyargs, *f.args.args)}
    if value.func.id not in wrapped:
        return False
    own = wrapper.args
    params = [a.arg for a in (*own.posonlyargs, *own.args, *own.kwonlyargs)]
    params += [a.arg for a in (own.vararg, own.kwarg) if a is not None]
    given = [a.value if isinstance(a, ast.Starred) else a for a in value.args]
    given += [k.value for k in value.keywords]
    passed = {n.id for n in given if isinstance(n, ast.Name)}
    return bool(params) and set(params) <= passed


def _delegating_return_fixes(target: FixTarget, source: Source, wrapper: FunctionNode) -> list[Fix]:
    """A wrapper without ``return`` whose body calls the function it wraps once, as a
    statement of its own (``fn(*args, **kwargs)``): the wrapper returns that call's result,
    directly where the call is its last statement, else kept in a name until its end (what
    follows, a timing or a counter, still runs)."""
    if any(isinstance(n, ast.Return) and n.value is not None for n in own_nodes(wrapper)):
        return []
    calls = [
        statement
        for statement in wrapper.body
        if isinstance(statement, ast.Expr | ast.Assign) and _delegated(source, statement.value)
    ]
    if len(calls) != 1:
        return []
    call = calls[0]
    title = f"Return what the wrapped function returns: `{source.segment(call.value)}`"
    last = source.span(wrapper)
    indent = source.indent_of(wrapper.body[0].lineno)
    if isinstance(call, ast.Assign):
        # ``value = fn(*args, **kwargs)``, then effects: return the name, bound once.
        [kept] = call.targets if len(call.targets) == 1 else [None]
        if not isinstance(kept, ast.Name) or single_definition(wrapper, kept.id) is not call:
            return []
        title = f"Return `{kept.id}`, what the wrapped function returns, at the end of the wrapper"
        end = source.insert(last.end_line, last.end_col, f"\n{indent}return {kept.id}")
        return unsafe_fix(target, title, (end,))
    at = source.span(call)
    if call is wrapper.body[-1]:
        return unsafe_fix(target, title, (source.insert(at.line, at.col, "return "),))
    taken = {n.id for n in ast.walk(wrapper) if isinstance(n, ast.Name)}
    name = fresh(taken | {a.arg for a in ast.walk(wrapper) if isinstance(a, ast.arg)}, "result")
    edits = (
        source.insert(at.line, at.col, f"{name} = "),
        source.insert(last.end_line, last.end_col, f"\n{indent}return {name}"),
    )
    return unsafe_fix(target, title, edits)


def _missing_pair_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """has_aux=True on a function without ``return`` whose caller unpacks ``(loss, aux), g``:
    return those two of the function's variables, when it binds both."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    failing = Source.parse(target.span.path, read(target.span.path))
    if len(found) != 1 or failing is None:
        return []
    source, node, culprit = found[0]
    function = _enclosing_function(source, node)
    unpacked = [
        n.targets[0]
        for n in ast.walk(failing.tree)
        if isinstance(n, ast.Assign)
        and on_line(n, target.span.line)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Tuple)
    ]
    if function is None or function.name != culprit.name or len(unpacked) != 1:
        return []
    pair = unpacked[0].elts[0] if len(unpacked[0].elts) == 2 else None
    if not isinstance(pair, ast.Tuple) or len(pair.elts) != 2:
        return []
    names = [e.id if isinstance(e, ast.Name) else "" for e in pair.elts]
    if not all(names) or not all(_binds(function, n) for n in names):
        return []
    last = source.span(function)
    indent = source.indent_of(function.body[0].lineno)
    text = f"return {names[0]}, {names[1]}"
    insert = source.insert(last.end_line, last.end_col, f"\n{indent}{text}")
    return unsafe_fix(target, f"End `{function.name}` with `{text}`", (insert,))


def _missing_return_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    wrapper = _enclosing_function(source, node)
    if wrapper is not None and wrapper.name == culprit.name:
        passed_on = _delegating_return_fixes(target, source, wrapper)
        if passed_on:
            return passed_on
    if isinstance(node, ast.Expr) and _computed(source, node.value):
        # The loss computed as the last statement and dropped: return it.
        function = _enclosing_function(source, node)
        if function is None or function.name != culprit.name:
            return []
        at = source.span(node)
        title = f"Return the value `{culprit.name}` computes last"
        return unsafe_fix(target, title, (source.insert(at.line, at.col, "return "),))
    if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
        return []
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return []
    name = targets[0].id
    function = _enclosing_function(source, node)
    if function is None or function.name != culprit.name:
        return []
    # Returned only where it is bound on every path: by a statement of the body itself.
    bound = any(
        isinstance(t, ast.Name) and t.id == name
        for s in function.body
        if isinstance(s, ast.Assign | ast.AnnAssign)
        for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
    )
    if not bound:
        return []
    last = source.span(function)
    indent = source.indent_of(function.body[0].lineno)
    insert = source.insert(last.end_line, last.end_col, f"\n{indent}return {name}")
    title = f"Return `{name}` at the end of `{function.name}`"
    return unsafe_fix(target, title, (insert,))


# -- integer inputs and tangents ---------------------------------------------------------------


def _unflattened_cast_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A tangent tree rebuilt from the primal's leaves in another dtype, ``jax.tree.unflatten(
    treedef, [v / norm for v in vecs])`` where ``leaves, treedef = jax.tree.flatten(params)``
    and ``vecs`` is made one per leaf (a comprehension over ``leaves``, or a ``zip`` with
    it): each entry cast to its own leaf's dtype, ``[(v / norm).astype(p.dtype) for v, p in
    zip(vecs, leaves)]`` (arithmetic with a float32 norm promotes a bfloat16 leaf)."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_TANGENT))
    if len(found) != 1:
        return []
    source, node, _ = found[0]
    value = _returned(node)
    function = _enclosing_function(source, node)
    if not (
        isinstance(value, ast.Call)
        and last_name(value.func) in ("unflatten", "tree_unflatten")
        and len(value.args) == 2
        and isinstance(value.args[0], ast.Name)
        and isinstance(value.args[1], ast.ListComp)
        and function is not None
    ):
        return []
    treedef, entries = value.args[0].id, value.args[1]
    loop = entries.generators[0]
    if (
        len(entries.generators) != 1
        or loop.ifs
        or not isinstance(loop.target, ast.Name)
        or not isinstance(loop.iter, ast.Name)
    ):
        return []
    # ``leaves, treedef = jax.tree.flatten(tree)``, once in the function.
    flattened = [
        s
        for s in ast.walk(function)
        if isinstance(s, ast.Assign)
        and isinstance(s.value, ast.Call)
        and last_name(s.value.func) in ("flatten", "tree_flatten")
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Tuple)
        and len(s.targets[0].elts) == 2
        and all(isinstance(e, ast.Name) for e in s.targets[0].elts)
        and getattr(s.targets[0].elts[1], "id", None) == treedef
    ]
    if len(flattened) != 1:
        return []
    leaves = flattened[0].targets[0].elts[0]  # type: ignore[attr-defined]
    made = _bound_once_in(function, loop.iter.id)
    if not isinstance(made, ast.ListComp) or len(made.generators) != 1 or made.generators[0].ifs:
        return []
    over = made.generators[0].iter
    per_leaf = (isinstance(over, ast.Name) and over.id == leaves.id) or (
        isinstance(over, ast.Call)
        and last_name(over.func) == "zip"
        and any(isinstance(a, ast.Name) and a.id == leaves.id for a in over.args)
    )
    if not per_leaf:
        return []
    leaf = fresh(source.all_names(), "leaf")
    entry = source.segment(entries.elt)
    if not isinstance(entries.elt, _ATOMIC):
        entry = f"({entry})"
    text = (
        f"[{entry}.astype({leaf}.dtype) for {loop.target.id}, {leaf} "
        f"in zip({loop.iter.id}, {leaves.id})]"
    )
    title = f"Cast each leaf of the tangent to its primal leaf's dtype: {text}"
    return unsafe_fix(target, title, (source.replace(entries, text),))


_DTYPE_POSITION = {"array": 1, "asarray": 1, "zeros": 1, "ones": 1, "empty": 1, "full": 2}


def _float_dtype(target: FixTarget) -> str:
    expected = (target.captures.get("expected") or "").strip()
    if target.code == JVP_DTYPE and _INEXACT.match(expected):
        return expected
    return "float32"


def _cast_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    kind = (
        CulpritKind.TRANSFORM_TANGENT
        if target.code == JVP_DTYPE
        else CulpritKind.TRANSFORM_ARGUMENT
    )
    found = [
        # ``k_abs: float = 1``: a default (a field's, a constant's) written as an int.
        (source, node.value, culprit)
        if isinstance(node, ast.AnnAssign | ast.Assign)
        and isinstance(node.value, ast.Constant)
        and type(node.value.value) is int
        else (source, node, culprit)
        for source, node, culprit in located(read, target.culprits, kind)
    ]
    if len(found) != 1 or not isinstance(found[0][1], ast.expr):
        return []
    source, call, culprit = found[0]
    assert isinstance(call, ast.expr)
    if _ARGNUMS_CHOICE.search(culprit.why or ""):
        return _unselect_fixes(target, read, source, call, culprit.why or "")
    if isinstance(call, ast.Constant) and type(call.value) is int:
        # ``"temp": 1`` in a container of parameters: the same number as a float.
        title = f"Write `{call.value}` as the float {call.value}.0"
        return unsafe_fix(target, title, (source.replace(call, f"{call.value}.0"),))
    numbers = _int_literals(call)
    if numbers:
        # ``(60, 40)`` made into an array: the same numbers, written as floats.
        edits = tuple(source.replace(n, f"{n.value!r}.0") for n in numbers)
        title = f"Write the ints of `{source.segment(call)}` as floats"
        return unsafe_fix(target, title, edits)
    jnp = source.jnp_name()
    if jnp is None:
        return []
    dtype = f"{jnp}.{_float_dtype(target)}"
    api_of = _Apis(source)
    leaf = _leaf_builder(api_of, call)
    if leaf is None and any(
        _leaf_builder(api_of, node) is call
        for node in ast.walk(source.tree)
        if isinstance(node, ast.Call)
    ):
        # The culprit is the leaf itself (the constructor in ``tree.map``'s lambda).
        leaf = call
    if leaf is not None:
        # A pytree built from its leaves (``tree_unflatten(treedef, [normal(k, s) ...])``)
        # has no ``astype``: each leaf is built with the dtype, where it is made.
        like = _shaped_like(api_of, leaf) if target.code == JVP_DTYPE else None
        made = _dtype_edit(source, api_of, leaf, like or dtype, jnp)
        if made is None:
            return []
        title = f"Build each leaf `{source.segment(leaf)}` as {like or dtype.rsplit('.', 1)[-1]}"
        return unsafe_fix(target, title, (made,))
    if _builds_tree(api_of, call):
        return []
    like = _shaped_like(api_of, call) if target.code == JVP_DTYPE else None
    if like is not None and not _given_to_the_failing_call(target, read, like):
        like = None  # shaped like some other value, whose dtype may be an int's
    made = _dtype_edit(source, api_of, call, like or dtype, jnp)
    if like is not None and made is not None:
        title = f"Build `{source.segment(call)}` with the dtype of {like[: -len('.dtype')]}"
        return unsafe_fix(target, title, (made,))
    if made is None:
        if _positions(api_of, call):
            # An index as a parameter's start: the point it picks, never the index cast.
            return grid_point_fixes_at(target, source, call)
        if _is_constructor(api_of, call):
            return []
        # Built by a chain (``jnp.indices(s).reshape(2, -1).T``) or an operation (a comparison
        # making bools, integer arithmetic): cast what it gives, where it is made.
        text = source.segment(call)
        if not text or isinstance(call, _NOT_AN_ARRAY):
            return []
        atomic = isinstance(call, ast.Attribute | ast.Subscript | ast.Name | ast.Call)
        cast = f"{text if atomic else f'({text})'}.astype({dtype})"
        title = f"Cast `{text}` to {dtype.rsplit('.', 1)[-1]}"
        return unsafe_fix(target, title, (source.replace(call, cast),))
    title = f"Build `{source.segment(call)}` as {dtype.rsplit('.', 1)[-1]}"
    return unsafe_fix(target, title, (made,))


def _int_literals(node: ast.AST) -> list[ast.Constant] | None:
    """The int literals of a tuple or list (nested, signs allowed) that holds nothing else:
    what ``jnp.array`` makes an int array of; None for any other expression."""
    if not isinstance(node, ast.Tuple | ast.List) or not node.elts:
        return None
    found: list[ast.Constant] = []
    for item in node.elts:
        if isinstance(item, ast.UnaryOp) and isinstance(item.op, ast.USub | ast.UAdd):
            item = item.operand
        if isinstance(item, ast.Constant) and type(item.value) is int:
            found.append(item)
            continue
        inner = _int_literals(item)
        if inner is None:
            return None
        found.extend(inner)
    return found


# Expressions that make no array ``.astype`` could cast: containers (a pytree's leaves are cast
# where each is made), functions, literals.
_NOT_AN_ARRAY = (
    ast.Tuple,
    ast.List,
    ast.Dict,
    ast.Set,
    ast.ListComp,
    ast.DictComp,
    ast.SetComp,
    ast.GeneratorExp,
    ast.Lambda,
    ast.Starred,
    ast.Constant,
    ast.JoinedStr,
)

# jax.random samplers of floats and where they take their dtype positionally.
_SAMPLER_DTYPE_POSITION = {"normal": 2, "uniform": 2, "truncated_normal": 4, "laplace": 2}
# Functions that return a pytree: ``.astype`` of their result is no cast.
_TREE_BUILDERS = frozenset(
    {
        "jax.tree_util.tree_unflatten",
        "jax.tree.unflatten",
        "jax.tree_util.tree_map",
        "jax.tree.map",
        "jax.tree_map",
    }
)


class _Apis:
    """The qualified names of called functions, spelled through a module's imports."""

    def __init__(self, source: Source) -> None:
        self.model: ModuleModel | None = None
        self.source = source

    def __call__(self, func: ast.expr) -> str | None:
        if self.model is None:
            self.model = ModuleModel(self.source.tree)
        return self.model.qualified_name(func, self.model.module_scope)


def _builds_tree(api_of: _Apis, node: ast.expr) -> bool:
    if isinstance(node, ast.Dict | ast.DictComp | ast.List | ast.Tuple | ast.ListComp):
        return True
    return isinstance(node, ast.Call) and (
        api_of(node.func) in _TREE_BUILDERS
        or (isinstance(node.func, ast.Name) and node.func.id in ("dict", "list", "tuple"))
    )


def _leaf_builder(api_of: _Apis, node: ast.expr) -> ast.expr | None:
    """The one expression that makes every leaf of a pytree built by ``tree_unflatten(treedef,
    [leaf ... for ...])`` or ``tree_map(lambda ...: leaf, tree)``."""
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    api = api_of(node.func)
    if api in ("jax.tree_util.tree_unflatten", "jax.tree.unflatten") and len(node.args) == 2:
        leaves = node.args[1]
        if isinstance(leaves, ast.ListComp):
            return leaves.elt
        return None
    if api in ("jax.tree_util.tree_map", "jax.tree.map", "jax.tree_map") and node.args:
        function = node.args[0]
        return function.body if isinstance(function, ast.Lambda) else None
    return None


def _sampler(api_of: _Apis, call: ast.Call) -> int | None:
    """Where a ``jax.random`` sampler of floats takes its dtype; None for another call."""
    api = api_of(call.func) or ""
    module, _, name = api.rpartition(".")
    return _SAMPLER_DTYPE_POSITION.get(name) if module == "jax.random" else None


# Functions that give positions in an array (``jnp.argmax(scores)``): the value at that
# position, not the position made a float, is what a float parameter wants.
_POSITIONS = frozenset(
    {
        "argmax",
        "argmin",
        "argsort",
        "searchsorted",
        "digitize",
        "argwhere",
        "nonzero",
        "flatnonzero",
    }
)


def _positions(api_of: _Apis, node: ast.expr) -> bool:
    """A call of jax.numpy / numpy that gives positions (an index is no number to cast)."""
    if not isinstance(node, ast.Call):
        return False
    module, _, name = (api_of(node.func) or "").rpartition(".")
    return module in ("jax.numpy", "numpy") and name in _POSITIONS


def _is_constructor(api_of: _Apis, node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and (
        _sampler(api_of, node) is not None
        or (
            isinstance(node.func, ast.Attribute)
            and node.func.attr in (*_DTYPE_POSITION, "arange", "astype")
        )
    )


def _given_to_the_failing_call(target: FixTarget, read: ReadSource, like: str) -> bool:
    """Is the value (``image`` of ``image.dtype``) among the primals the ``jax.jvp`` call on
    the failing line is given (``jvp(f, (image,), (t,))``)? Only then is its dtype due."""
    name = like.removesuffix(".dtype")
    source = Source.parse(target.span.path, read(target.span.path))
    if source is None:
        return False
    for node in ast.walk(source.tree):
        if (
            isinstance(node, ast.Call)
            and node.lineno <= target.span.line <= (node.end_lineno or node.lineno)
            and last_name(node.func) == "jvp"
            and len(node.args) >= 2
        ):
            primals = node.args[1]
            return any(
                isinstance(n, ast.Name | ast.Attribute) and ast.unparse(n) == name
                for n in ast.walk(primals)
            )
    return False


def _shaped_like(api_of: _Apis, call: ast.expr) -> str | None:
    """``v.dtype`` for a constructor shaped ``v.shape`` (``normal(k, leaf.shape)``): a tangent
    made like the primal value it is shaped after takes its dtype too, which holds for every
    leaf of a tree of mixed dtypes where one written dtype would not."""
    if not isinstance(call, ast.Call) or not _is_constructor(api_of, call):
        return None
    sampler = _sampler(api_of, call)
    at = 1 if sampler is not None else 0
    shape = call.args[at] if len(call.args) > at else None
    shape = next((k.value for k in call.keywords if k.arg == "shape"), shape)
    if (
        isinstance(shape, ast.Attribute)
        and shape.attr == "shape"
        and isinstance(shape.value, ast.Name | ast.Attribute)
    ):
        return f"{ast.unparse(shape.value)}.dtype"
    return None


def _dtype_edit(source: Source, api_of: _Apis, call: ast.expr, dtype: str, jnp: str) -> Edit | None:
    """The edit that makes an array constructor (``jnp.zeros(s)``, ``x.astype(int)``,
    ``jax.random.normal(k, s)``) build its array with ``dtype``; None for another call."""
    if not _is_constructor(api_of, call):
        return None
    assert isinstance(call, ast.Call)
    sampler = _sampler(api_of, call)
    method = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    keyword = next((k for k in call.keywords if k.arg == "dtype"), None)
    position = sampler if sampler is not None else _DTYPE_POSITION.get(method)
    if sampler is None and method == "astype" and len(call.args) == 1:
        return source.replace(call.args[0], dtype)
    if keyword is not None:
        return source.replace(keyword.value, dtype)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return None
    if position is not None and len(call.args) > position:
        return source.replace(call.args[position], dtype)
    if sampler is None and not (method in (*_DTYPE_POSITION, "arange") and call.args):
        return None
    if sampler is None:
        spellings = [jnp, *source.module_aliases("numpy")]
        if source.segment(call.func) not in [f"{name}.{method}" for name in spellings]:
            return None
    end = source.span(call)
    closing = Span(source.path, end.end_line, end.end_col - 1, end.end_line, end.end_col - 1)
    return Edit(closing, f", dtype={dtype}")


def _static_field_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """An int leaf of a registered dataclass that the loss never reads as a number (its
    culprit is the field's declaration): declare the field static, a plain ``int``, and
    build it as one where the module (or the failing file) constructs the class."""
    found = [
        (source, node)
        for source, node, _ in located(read, target.culprits, CulpritKind.TRANSFORM_ARGUMENT)
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    ]
    if len(found) != 1:
        return []
    source, declaration = found[0]
    assert isinstance(declaration.target, ast.Name)
    name = declaration.target.id
    spelled = [f"{a}.field" for a in source.module_aliases("dataclasses")]
    spelled += source.module_aliases("dataclasses.field")
    owner = next(
        (c for c in ast.walk(source.tree) if isinstance(c, ast.ClassDef) and declaration in c.body),
        None,
    )
    if owner is None or not spelled or declaration.value is not None:
        return []
    edits = [source.replace(declaration, f"{name}: int = {spelled[0]}(metadata=dict(static=True))")]
    failing = Source.parse(target.span.path, read(target.span.path))
    places = [source] + ([failing] if failing is not None and failing.path != source.path else [])
    for place in places:
        for call in ast.walk(place.tree):
            if not isinstance(call, ast.Call) or last_name(call.func) != owner.name:
                continue
            given = next((k.value for k in call.keywords if k.arg == name), None)
            if given is None:
                return []  # built positionally: which argument is the field is not checked
            number = _int_literal(given)
            if number is None:
                edits.append(place.replace(given, f"int({place.segment(given)})"))
            elif number != place.segment(given):
                edits.append(place.replace(given, number))
    if len(edits) == 1:
        return []
    title = f"Make `{name}` a static field (a plain int, not a differentiated leaf)"
    return unsafe_fix(target, title, tuple(edits))


def _int_literal(node: ast.expr) -> str | None:
    """``50``, ``jnp.array(50)`` or ``jnp.int32(50)`` as the text ``50``."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return str(node.value)
    if (
        isinstance(node, ast.Call)
        and len(node.args) == 1
        and not node.keywords
        and last_name(node.func) in ("array", "asarray", "int32", "int64")
    ):
        return _int_literal(node.args[0])
    return None


# The culprit's sentence when argnums selected an integer argument (culprit_transforms).
_ARGNUMS_CHOICE = re.compile(r"^argnums selects argument (\d+),")


def _unselect_fixes(
    target: FixTarget, read: ReadSource, source: Source, node: ast.expr, why: str
) -> list[Fix]:
    """``argnums=(0, 1)`` selecting integer data at 1 -> ``argnums=(0,)``, with the gradient
    the failing line unpacks for it dropped where it is thrown away (``g, _ = ...``); where
    the line names that gradient after another argument (``gw, gb`` for ``b``), the index of
    that argument instead. Nothing where the unpacking says neither."""
    chosen = _ARGNUMS_CHOICE.search(why)
    argnums = literal_ints(node)
    if chosen is None or argnums is None or not isinstance(node, ast.Tuple | ast.List):
        return []
    kept = [i for i in argnums if i != int(chosen[1])]
    if not kept or len(kept) == len(argnums):
        return []
    failing = Source.parse(target.span.path, read(target.span.path))
    if failing is None:
        return []
    unpacking: list[Edit] = []
    for assign in ast.walk(failing.tree):
        if (
            isinstance(assign, ast.Assign)
            and assign.lineno <= target.span.line <= (assign.end_lineno or assign.lineno)
            and any(isinstance(t, ast.Tuple | ast.List) for t in assign.targets)
        ):
            renamed = _named_selection(assign, argnums, int(chosen[1]))
            if renamed is not None and not unpacking:
                inside = ", ".join(str(i) for i in renamed)
                new_text = f"[{inside}]" if isinstance(node, ast.List) else f"({inside})"
                title = f"Select the argument the gradient is named for: argnums={new_text}"
                return unsafe_fix(target, title, (source.replace(node, new_text),))
            edit = _without_discarded(failing, assign, argnums, kept)
            if edit is None or unpacking:
                return []
            unpacking.append(edit)
    inside = ", ".join(str(i) for i in kept)
    new_text = f"({inside},)" if len(kept) == 1 else f"({inside})"
    if isinstance(node, ast.List):
        new_text = f"[{inside}]"
    if unpacking and len(kept) == 1:
        new_text = inside  # one gradient, not a 1-tuple, as the new unpacking takes it
    title = f"Differentiate only the float arguments: argnums={new_text}"
    return unsafe_fix(target, title, (source.replace(node, new_text), *unpacking))


# How a gradient is commonly named after its argument ``a``.
_GRADIENT_NAMES = ("g{}", "g_{}", "grad_{}", "grad{}", "{}_grad", "d{}", "d_{}")


def _named_selection(assign: ast.Assign, argnums: tuple[int, ...], wrong: int) -> list[int] | None:
    """``gw, gb = grad_fn(w, labels, b, x)`` with ``argnums=(0, 1)`` and the labels at 1: the
    gradient unpacked for 1 is named for ``b``, the argument at 2, so ``(0, 2)``."""
    call = assign.value
    if len(assign.targets) != 1 or not isinstance(call, ast.Call):
        return None
    unpacked = assign.targets[0]
    if not isinstance(unpacked, ast.Tuple | ast.List) or len(unpacked.elts) != len(argnums):
        return None
    slot = unpacked.elts[argnums.index(wrong)]
    if not isinstance(slot, ast.Name) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    named = [
        i
        for i, a in enumerate(call.args)
        if i not in argnums
        and isinstance(a, ast.Name)
        and slot.id in {form.format(a.id) for form in _GRADIENT_NAMES}
    ]
    if len(named) != 1:
        return None
    return [named[0] if i == wrong else i for i in argnums]


def _without_discarded(
    source: Source, assign: ast.Assign, argnums: tuple[int, ...], kept: list[int]
) -> Edit | None:
    """``g, _ = grad_fn(...)`` for ``argnums=(0, 1)`` keeping 0: ``g = grad_fn(...)``."""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0], ast.Tuple | ast.List):
        return None
    unpacked = assign.targets[0]
    if len(unpacked.elts) != len(argnums):
        return None
    staying = [e for i, e in zip(argnums, unpacked.elts, strict=True) if i in kept]
    leaving = [e for i, e in zip(argnums, unpacked.elts, strict=True) if i not in kept]
    if not all(_discarded(e) for e in leaving):
        return None
    texts = [source.segment(e) for e in staying]
    return source.replace(unpacked, texts[0] if len(texts) == 1 else ", ".join(texts))


# -- one value in a tuple ------------------------------------------------------------------


def _single_item(printed: str) -> str | None:
    """The one item of a printed 1-tuple ``(x,)`` or 1-list ``[x]``, when it is a real scalar."""
    text = printed.strip()
    if text.startswith("(") and text.endswith(",)"):
        inner = text[1:-2]
    elif text.startswith("[") and text.endswith("]"):
        inner = text[1:-1]
    else:
        return None
    depth = 0
    for char in inner:
        depth += 1 if char in "([{" else -1 if char in ")]}" else 0
        if depth < 0 or (char == "," and depth == 0):
            return None
    inner = inner.strip()
    return inner if depth == 0 and _PRINTED_SCALAR.match(inner) else None


def _one_item_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """grad of a function that returns its loss as the one item of a tuple or list (a
    trailing comma, ``return (loss,)``, ``return [loss]``), as the message prints it:
    each ``return`` of the function gives back the item itself. Found from the failing
    line's transform (no culprit needed), or from the culprit the diagnostic carries."""
    printed = (target.captures.get("output") or "").strip()
    display = ast.List if printed.startswith("[") else ast.Tuple
    homes: list[tuple[Source, list[ast.expr | None]]] = []
    for home, node, _ in located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION):
        value = _returned(node)
        homes.append((home, [value]))
    if not homes:
        source = Source.parse(target.span.path, read(target.span.path))
        call = applied_transform(source, target.span.line, _SCALAR_TRANSFORMS) if source else None
        found = received_at(source, call, read) if source and call and call.args else None
        if found is None or call is None or any(k.arg == "has_aux" for k in call.keywords):
            return []
        home, function = found
        inner = function.function if isinstance(function, Partial) else function
        if inner.falls_off_end or inner.is_generator:
            return []
        homes.append((home, list(inner.return_values)))
    if len(homes) != 1:
        return []
    home, values = homes[0]
    edits = []
    for value in values:
        if not isinstance(value, display) or len(value.elts) != 1:
            return []
        [item] = value.elts
        if isinstance(item, ast.Starred):
            return []
        text = home.segment(item)
        if "\n" in text and not isinstance(item, ast.Name | ast.Call | ast.Subscript):
            text = f"({text})"  # an item over several lines stays one expression
        edits.append(home.replace(value, text))
    if not edits:
        return []
    kind = "list" if display is ast.List else "tuple"
    title = f"Return the loss itself, not a one-item {kind}"
    return unsafe_fix(target, title, tuple(edits))


# -- argnums -------------------------------------------------------------------------------


def _argnums_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """argnums past the function's positional parameters: counted from 1 (``(1, 2)`` for the
    first two), the same arguments from 0; else, when the function's parameters are known,
    each index past them replaced by the first parameter not yet selected (``(0, 2)`` of two
    parameters -> ``(0, 1)``)."""
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_ARGUMENT))
    if len(found) != 1 or not isinstance(found[0][1], ast.expr):
        return []
    source, node, _ = found[0]
    assert isinstance(node, ast.expr)
    argnums = literal_ints(node)
    if not argnums or len(set(argnums)) != len(argnums):
        return []
    capacity = applied_capacity(target, read)
    shifted = [i - 1 for i in argnums]
    if min(shifted) >= 0 and (capacity is None or max(shifted) < capacity):
        chosen, title = shifted, "Count argnums from 0"
    elif capacity is not None and len(argnums) <= capacity:
        free = iter(i for i in range(capacity) if i not in argnums)
        chosen = [i if i < capacity else next(free) for i in argnums]
        title = f"Select among the {capacity} positional parameters"
    else:
        return []
    inside = ", ".join(str(i) for i in chosen)
    if isinstance(node, ast.Constant):
        new_text = inside
    elif isinstance(node, ast.List):
        new_text = f"[{inside}]"
    else:
        new_text = f"({inside},)" if len(chosen) == 1 else f"({inside})"
    return unsafe_fix(target, f"{title}: argnums={new_text}", (source.replace(node, new_text),))


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    if target.code == NONSCALAR:
        return _nonscalar_fixes(target, read)
    if target.code == AUX_NOT_PAIR and "'NoneType'" in (target.captures.get("type") or ""):
        return _missing_pair_fixes(target, read)
    if target.code == AUX_NOT_PAIR:
        return (
            _aux_fixes(target, read)
            or registry_aux_fixes(target, read)
            or _aux_flag_fixes(target, read)
            or _empty_aux_fixes(target, read)
            or _unused_aux_fixes(target, read)
            or _named_aux_fixes(target, read)
        )
    if target.code == NOT_ARRAY and (target.captures.get("output") or "").strip().startswith("{"):
        return (
            _dict_output_fixes(target, read)
            or _record_field_fixes(target, read)
            or weighted_sum_fixes(target, read)
            or _handed_dict_fixes(target, read)
        )
    if target.code == NOT_ARRAY and (target.captures.get("output") or "").strip() == "None":
        return _missing_return_fixes(target, read)
    if target.code == NOT_ARRAY and (target.captures.get("output") or "").strip().startswith("("):
        paired = nested_pair_fixes(target, read) or _aux_flag_culprit_fixes(target, read)
        if paired:
            return paired
    if target.code == NOT_ARRAY and printed_fields(target.captures.get("output") or ""):
        return _record_field_fixes(target, read) or weighted_sum_fixes(target, read)
    if target.code == NOT_ARRAY and _single_item(target.captures.get("output") or ""):
        return _one_item_fixes(target, read)
    if target.code == ARGNUMS and target.culprits:
        # argnums written wrong; else (the culprit is what binds the parameters) the call.
        chosen = _argnums_fixes(target, read)
        if chosen:
            return chosen
    if target.code == INT_INPUT:
        static = _static_field_fixes(target, read)
        if static:
            return static
    if target.code == VJP_TREE:
        return culprit_tree_fixes(target, read) or failing_line_fixes(target, read)
    # A cast where the array is built comes first; then what the failing line can change.
    found = _cast_fixes(target, read) if target.code in (INT_INPUT, JVP_DTYPE) else []
    if target.code == JVP_DTYPE and not found:
        found = _unflattened_cast_fixes(target, read)
    return found + failing_line_fixes(target, read)


# One provider per set of captures read: a provider reads only captures all its records have.
PROVIDERS = (
    Provider(
        frozenset({NONSCALAR, INT_INPUT, ARGNUMS, JVP_NOT_TUPLES, VJP_TOO_MANY, VJP_TREE}),
        frozenset(),
        fixes,
    ),
    Provider(frozenset({AUX_NOT_PAIR}), frozenset({"value"}), fixes),
    Provider(frozenset({NOT_ARRAY}), frozenset({"output"}), fixes),
    Provider(frozenset({JVP_DTYPE}), frozenset({"expected"}), fixes),
    Provider(frozenset({VJP_COTANGENT}), frozenset({"tangent", "expected"}), fixes),
    Provider(frozenset({LINEARIZE_AVAL, JVP_SHAPE}), frozenset({"tangent", "primal"}), fixes),
)

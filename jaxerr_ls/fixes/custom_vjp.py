"""Fixes for custom_vjp rules: a bwd output of the wrong type or structure, a fwd not a pair.

A fwd whose residuals echo arguments the primal declares ``nondiff_argnums`` (which the bwd
rule gets anyway) drops them where its tuple is written (``_echoed_nondiff_fix``).

A bwd rule's wrong entry is named by the message (``output[i]``, the type produced and the type
expected): the change the types prove (``keepdims=True`` dropped, the other axis reduced, the
product transposed, a scalar zero made ``None``, a kept unit axis squeezed) is found by
``jaxerr_ls.rule_outputs``, which also places the culprit. A full reduction producing a scalar
where the input is an array goes when a small shape analysis of the primal, the fwd and the bwd
proves its operand shaped like that input. Other mismatches get no edit: the right cotangent
depends on what the rule computes, and zeros of the right shape would silence the error while
making the gradient wrong. Dtype-only mismatches never raise these errors (jax 0.10.2 and
0.12.0.1 accept any dtype of the right shape for an inexact input: ``_temporary_dtype_exception``).

A bwd output of the wrong structure is fixed when the two printed structures differ by exactly what
an edit does: a bare value for a one-argument primal (a 1-tuple), entries for the positions of
``nondiff_argnums`` (dropped), containers converted where the value is built
(``jaxerr_ls.fixes.restructure``: a list for a tuple argument, a display for a NamedTuple), one
entry for a primal's ``*args`` spread; JAX accepts a list for the top-level tuple. An entry that
holds several arguments' cotangents (a pullback's tuple) is spread in place, the one item of a
call's tuple that has the argument's structure is taken (``clip(g)[0]``), and a tuple for a
registered dataclass with meta fields is built as that class, the meta values read from the
argument the fwd rule saved. A fwd rule that returns no pair returns its output and the residuals
its bwd rule unpacks, when those are bound in the fwd.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from functools import partial

from jaxerr_ls.astindex import own_returns, position
from jaxerr_ls.culprit_flow import Flow, scope_at
from jaxerr_ls.culprit_rules import pair_calling
from jaxerr_ls.culprit_state import Buffers, Code, Place
from jaxerr_ls.fixes import rule_types
from jaxerr_ls.fixes.model import (
    Applicability,
    CulpritRef,
    Fix,
    FixTarget,
    Provider,
    ReadSource,
)
from jaxerr_ls.fixes.pytrees import (
    DICT,
    LEAF,
    LIST,
    NAMEDTUPLE,
    NONE,
    TUPLE,
    Tree,
    leaf_keys,
    parse_tree,
    render,
)
from jaxerr_ls.fixes.restructure import Restructure, stems
from jaxerr_ls.fixes.source import (
    FunctionNode,
    Source,
    fresh,
    imported_definitions,
    package_bases,
)
from jaxerr_ls.fixes.transform_calls import unsafe_fix
from jaxerr_ls.project import class_fields, last_name
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.rule_outputs import (
    captured_output,
    differing_entry,
    entry_change,
    last_return,
    output_count,
    returned_entry,
    rule_function,
    single_definition,
    split_flat,
    structure_change,
    tree_items,
)
from jaxerr_ls.spans import Edit, Span

OUTPUT_TYPE = "custom-vjp-bwd-output-type"
ARGS_MISMATCH = "custom-vjp-bwd-args-mismatch"
STRUCTURE = "custom-vjp-bwd-structure"
FWD_NOT_PAIR = "custom-vjp-fwd-not-pair"

_REDUCTIONS = frozenset({"sum", "mean"})
# jax.numpy functions whose result has the broadcast shape of their array arguments.
_ELEMENTWISE = frozenset(
    {
        "abs", "absolute", "add", "arctan", "clip", "cos", "cosh", "divide", "exp", "expm1",
        "greater", "greater_equal", "less", "less_equal", "log", "log1p", "logical_and",
        "logical_not", "logical_or", "maximum", "minimum", "multiply", "negative", "power",
        "reciprocal", "relu", "sigmoid", "sign", "sin", "sinh", "sqrt", "square", "subtract",
        "tan", "tanh", "where",
    }
)  # fmt: skip


# --- a small shape analysis: a value is shaped like input i, a scalar, or unknown (None) ---

_SCALAR = "scalar"


def _combine(*shapes: str | None) -> str | None:
    known = {s for s in shapes if s != _SCALAR}
    if None in known or len(known) > 1:
        return None
    return known.pop() if known else _SCALAR


class _Shapes:
    def __init__(self, jnp_names: set[str]) -> None:
        self.jnp_names = jnp_names

    def _is_jnp(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.jnp_names
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "numpy"
            and isinstance(node.value, ast.Name)
            and node.value.id == "jax"
        )

    def of(self, node: ast.expr, env: dict[str, str | None]) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return _SCALAR
        if isinstance(node, ast.Name):
            return env.get(node.id)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.MatMult):
                return None
            return _combine(self.of(node.left, env), self.of(node.right, env))
        if isinstance(node, ast.UnaryOp):
            return self.of(node.operand, env)
        if isinstance(node, ast.Compare):
            return _combine(*(self.of(n, env) for n in (node.left, *node.comparators)))
        if isinstance(node, ast.Call) and not node.keywords:
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "astype":
                return self.of(func.value, env)
            if (
                isinstance(func, ast.Attribute)
                and func.attr in _ELEMENTWISE
                and self._is_jnp(func.value)
                and node.args
                and not any(isinstance(a, ast.Starred) for a in node.args)
            ):
                return _combine(*(self.of(a, env) for a in node.args))
        return None

    def run(self, function: FunctionNode, env: dict[str, str | None]) -> dict[str, str | None]:
        """The environment after the function's straight-line assignments (None if other code)."""
        env = dict(env)
        for statement in function.body[:-1]:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if isinstance(target, ast.Name):
                    env[target.id] = self.of(statement.value, env)
                    continue
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                continue  # a docstring
            raise LookupError("not straight-line code")
        return env


def _plain_params(function: FunctionNode) -> list[str] | None:
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or args.posonlyargs:
        return None
    return [a.arg for a in args.args]


def _final_return(function: FunctionNode) -> ast.expr | None:
    returns = own_returns(function)
    if len(returns) != 1 or function.body[-1] is not returns[0]:
        return None
    return returns[0].value


def _is_plain_custom_vjp(function: FunctionNode) -> bool:
    """Decorated with ``custom_vjp`` itself: no nondiff_argnums shifting the bwd's arguments."""
    for decorator in function.decorator_list:
        if (isinstance(decorator, ast.Attribute) and decorator.attr == "custom_vjp") or (
            isinstance(decorator, ast.Name) and decorator.id == "custom_vjp"
        ):
            return True
    return False


def _reduced_operand(entry: ast.expr, jnp_names: set[str]) -> tuple[ast.expr, str] | None:
    """``e`` of a full reduction ``jnp.sum(e)`` / ``e.sum()`` (no axis, no keywords), and
    the reduction's name."""
    if not isinstance(entry, ast.Call) or entry.keywords:
        return None
    func = entry.func
    if not isinstance(func, ast.Attribute) or func.attr not in _REDUCTIONS:
        return None
    owner = func.value
    if isinstance(owner, ast.Name) and owner.id in jnp_names and len(entry.args) == 1:
        return entry.args[0], f"{owner.id}.{func.attr}"
    if not entry.args and not (isinstance(owner, ast.Name) and owner.id in jnp_names):
        return owner, f".{func.attr}()"
    return None


def _operand_shaped_like_input(
    source: Source, bwd: FunctionNode, operand: ast.expr, index: int
) -> bool:
    """Is the reduced operand provably shaped like the primal's input ``index``?"""
    registration = None
    for node in ast.walk(source.tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "defvjp"
            and isinstance(node.func.value, ast.Name)
            and len(node.args) == 2
            and isinstance(node.args[1], ast.Name)
            and node.args[1].id == bwd.name
            and isinstance(node.args[0], ast.Name)
        ):
            registration = (node.func.value.id, node.args[0].id)
    if registration is None:
        return False
    functions = {f.name: f for f in source.functions() if f.col_offset == 0}
    primal, fwd = functions.get(registration[0]), functions.get(registration[1])
    if primal is None or fwd is None or not _is_plain_custom_vjp(primal):
        return False
    primal_params, fwd_params, bwd_params = map(_plain_params, (primal, fwd, bwd))
    if primal_params is None or fwd_params is None or bwd_params is None:
        return False
    if len(bwd_params) != 2 or not 0 <= index < len(primal_params) == len(fwd_params):
        return False
    shapes = _Shapes(set(source.module_aliases("jax.numpy")))
    primal_return, fwd_return = _final_return(primal), _final_return(fwd)
    if primal_return is None or not isinstance(fwd_return, ast.Tuple):
        return False
    if len(fwd_return.elts) != 2:
        return False
    try:
        primal_env = shapes.run(primal, {p: f"in{i}" for i, p in enumerate(primal_params)})
        fwd_env = shapes.run(fwd, {p: f"in{i}" for i, p in enumerate(fwd_params)})
        out_shape = shapes.of(primal_return, primal_env)
        residuals = fwd_return.elts[1]
        bwd_env: dict[str, str | None] = {bwd_params[1]: out_shape}
        if isinstance(residuals, ast.Tuple):
            return False  # residual tuples are unpacked in ways this analysis does not follow
        bwd_env[bwd_params[0]] = shapes.of(residuals, fwd_env)
        bwd_env = shapes.run(bwd, bwd_env)
    except LookupError:
        return False
    return shapes.of(operand, bwd_env) == f"in{index}"


def culprit_rule(
    target: FixTarget, read: ReadSource, kind: CulpritKind
) -> tuple[Source, FunctionNode, int] | None:
    """The rule a culprit of ``kind`` names, as the current text has it (the function of that
    name holding the culprit's line), and the culprit's line: a fix checks that its change
    lands there, else the code moved and is not what failed."""
    for culprit, source in _culprit_sources(target, read, kind):
        function = rule_function(source.tree, culprit.name, culprit.span.line)
        if function is not None and function.lineno <= culprit.span.line <= (
            function.end_lineno or function.lineno
        ):
            return source, function, culprit.span.line
    for culprit, _ in _culprit_sources(target, read, kind):
        found = _rule_of_helper(target, read, culprit)
        if found is not None:
            return found
    return None


def _rule_of_helper(
    target: FixTarget, read: ReadSource, culprit: CulpritRef
) -> tuple[Source, FunctionNode, int] | None:
    """A culprit placed on a statement that makes an entry the rule ``culprit.name`` returns
    (``rule_types.entry_makers``: a name's binding, a helper's ``return``): the rule (in the
    failing module, a frame's, or a module beside the helper's or the failing one), and its
    last ``return``'s line, where the fixes of its entries start from."""
    line = culprit.span.line
    beside = sorted(
        p
        for folder in {culprit.span.path.parent, target.span.path.parent}
        for p in folder.glob("*.py")
    )
    for path in dict.fromkeys([target.span.path, *(f.path for f in target.frames), *beside]):
        source = Source.parse(path, read(path))
        rule = rule_function(source.tree, culprit.name) if source is not None else None
        final = last_return(rule) if rule is not None else None
        if source is None or rule is None or final is None:
            continue
        entries = final.value.elts if isinstance(final.value, ast.Tuple) else [final.value]
        for index in range(len(entries)):
            makers = rule_types.entry_makers(source, rule, index, read)
            if any(m.spans(culprit.span.path, line) for m in makers[1:]):
                return source, rule, final.lineno
        # The whole output handed over by a helper (``return score_grads(saved, g)``).
        helper = (
            None if isinstance(final.value, ast.Tuple) else helper_entry(source, rule, None, read)
        )
        if helper is not None:
            home, _, ret = helper
            if home.path == culprit.span.path and ret.lineno <= line <= (ret.end_lineno or line):
                return source, rule, final.lineno
    return None


def _culprit_sources(
    target: FixTarget, read: ReadSource, kind: CulpritKind
) -> Iterator[tuple[CulpritRef, Source]]:
    """The culprits of ``kind``, each with the current text of its file (where it parses)."""
    for culprit in target.culprits:
        if culprit.kind != kind:
            continue
        source = Source.parse(culprit.span.path, read(culprit.span.path))
        if source is not None:
            yield culprit, source


def _returns_on(rule: FunctionNode, line: int) -> bool:
    """Whether the rule's last ``return`` spans the line (a culprit's)."""
    final = last_return(rule)
    return final is not None and final.lineno <= line <= (final.end_lineno or final.lineno)


def _reduction_fix(target: FixTarget, source: Source, bwd: FunctionNode, index: int) -> list[Fix]:
    """A full reduction to a scalar whose operand is provably shaped like the input."""
    returns = [r for r in own_returns(bwd) if r.value is not None]
    if not returns:
        return []
    value = returns[-1].value
    if not isinstance(value, ast.Tuple | ast.List) or not index < len(value.elts):
        return []
    entry = value.elts[index]
    jnp_names = set(source.module_aliases("jax.numpy"))
    reduced = _reduced_operand(entry, jnp_names)
    if reduced is None or not _operand_shaped_like_input(source, bwd, reduced[0], index):
        return []
    operand, reduction = reduced
    return [
        Fix(
            title=f"Remove {reduction} so output[{index}] keeps the input's shape",
            code=target.code,
            edits=(source.replace(entry, source.segment(operand)),),
            preferred=True,
        )
    ]


def helper_entry(
    source: Source, rule: FunctionNode, index: int | None, read: ReadSource
) -> tuple[Source, FunctionNode, ast.Return] | None:
    """Entry ``index`` of a rule's last return computed by a helper (``return g * slope,
    scatter(g, i)``, the helper in the module or another of the project): the helper and its
    one ``return``, where the helper is a plain function the two modules call only there (an
    edit of it changes nothing else)."""
    found = returned_entry(rule, index)
    call = found[1] if found is not None else None
    if isinstance(call, ast.Name) and not isinstance(rule, ast.Lambda):
        # ``g_tau = over_batch(g * u)`` then ``return g_pred, g_tau``: the name's one call.
        binding = single_definition(rule, call.id)
        call = binding.value if binding is not None else None
    if not isinstance(call, ast.Call) or isinstance(rule, ast.Lambda):
        return None
    return rule_types.called_helper(source, rule, call, read)


def _type_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    captured = captured_output(target.captures)
    found = culprit_rule(target, read, CulpritKind.CUSTOM_VJP_BWD)
    if captured is None or found is None:
        return []
    index, produced, expected = captured
    source, bwd, line = found
    change = entry_change(source, bwd, index, produced, expected)
    helper = helper_entry(source, bwd, index, read) if change is None else None
    if helper is not None and _returns_on(bwd, line):
        home, function, ret = helper
        assert ret.value is not None
        found_change = entry_change(
            home, function, 0, produced, expected, returned=(ret, ret.value)
        )
        if found_change is not None and found_change.edits:
            safety = Applicability.of(found_change.safe)
            return [Fix(found_change.title, target.code, found_change.edits, True, safety)]
    # A culprit in a helper that makes the entry (through a name, a call): the change there.
    kind = CulpritKind.CUSTOM_VJP_BWD
    types = (produced, expected)
    in_helper = rule_types.array_fixes(
        target, read, source, bwd, index, types, kind, in_helpers=True
    )
    if in_helper:
        return in_helper
    final = last_return(bwd)
    if (
        final is not None
        and final.lineno == line
        and produced.dtype == expected.dtype
        and produced.shape == ()
        and expected.shape
    ):
        # A reduction whose operand is proven shaped like the input goes, before any guess.
        proven = _reduction_fix(target, source, bwd, index)
        if proven:
            return proven
    if change is not None and change.edits and change.statement.line == line:
        safety = Applicability.of(change.safe)
        return [Fix(change.title, target.code, change.edits, True, safety)]
    return rule_types.array_fixes(target, read, source, bwd, index, types, kind)


# --- structure ---------------------------------------------------------------------------------


def _rule_name(node: ast.expr) -> str | None:
    """The function a registration names: ``bwd`` or, for a method, ``Rules.bwd``."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _primal_of_bwd(source: Source, bwd: FunctionNode) -> FunctionNode | None:
    """The custom_vjp function a bwd rule is registered on (``f.defvjp(fwd, bwd)``)."""
    primal = None
    for node in ast.walk(source.tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "defvjp"
            and len(node.args) == 2
            and _rule_name(node.args[1]) == bwd.name
            and isinstance(node.func.value, ast.Name)
        ):
            primal = node.func.value.id
    found = [f for f in source.functions() if f.name == primal]
    return found[0] if len(found) == 1 else None


def _nondiff_argnums(source: Source, bwd: FunctionNode) -> set[int] | None:
    """The ``nondiff_argnums`` of the custom_vjp function whose bwd rule this is."""
    function = _primal_of_bwd(source, bwd)
    if function is not None:
        for decorator in function.decorator_list:
            for keyword in decorator.keywords if isinstance(decorator, ast.Call) else ():
                if keyword.arg == "nondiff_argnums":
                    try:
                        value = ast.literal_eval(keyword.value)
                    except ValueError:
                        return None
                    items = value if isinstance(value, tuple | list) else (value,)
                    return {i for i in items if isinstance(i, int)}
    return None


def _drop_entries(source: Source, elts: list[ast.expr], drop: list[int]) -> list[Edit]:
    """Remove entries of a tuple display with the comma after each (before, for the last)."""
    edits = []
    for i in drop:
        span = source.span(elts[i])
        if i + 1 < len(elts):
            end = source.span(elts[i + 1])
            edits.append(Edit(Span(source.path, span.line, span.col, end.line, end.col), ""))
        else:
            start = source.span(elts[i - 1])
            edits.append(
                Edit(
                    Span(source.path, start.end_line, start.end_col, span.end_line, span.end_col),
                    "",
                )
            )
    return edits


def _cotangent_of(name: str, params: list[str]) -> str | None:
    """The parameter a cotangent's name is made from (``dlogits``, ``d_w``, ``w_ct``,
    ``grad_w``, ``w_bar``, ``g_w``), when exactly one parameter fits."""
    made_from = stems(name)
    found = [p for p in params if p in made_from]
    return found[0] if len(found) == 1 else None


def _differentiable_params(source: Source, bwd: FunctionNode) -> list[str] | None:
    """The names of the primal's arguments the bwd rule returns cotangents for, in order."""
    primal = _primal_of_bwd(source, bwd)
    nondiff = _nondiff_argnums(source, bwd) or set()
    if primal is None or primal.args.vararg or primal.args.kwonlyargs:
        return None
    params = [a.arg for a in (*primal.args.posonlyargs, *primal.args.args)]
    return [p for i, p in enumerate(params) if i not in nondiff]


def _missing_entries_fix(
    target: FixTarget, source: Source, bwd: FunctionNode, final: ast.expr, expected: int
) -> list[Fix]:
    """Fewer cotangents than the primal's (differentiable) arguments: each returned one put in
    the place of the argument its name is made from, ``None`` (a zero cotangent) for the
    others. Unsafe: those arguments then get no gradient. Only where each returned value has
    the printed structure of the argument it is put for: a container returned whole (a dict
    of every cotangent) is not one argument's cotangent."""
    params = _differentiable_params(source, bwd)
    got = parse_tree(target.captures.get("got", ""))
    due = parse_tree(target.captures.get("expected", ""))
    if params is None or got is None or due is None or len(due.children) != len(params):
        return []
    elts = final.elts if isinstance(final, ast.Tuple) else [final]
    if len(params) != expected or len(elts) >= expected:
        return []
    made = list(got.children) if isinstance(final, ast.Tuple) else [got]
    if len(made) != len(elts):
        return []
    places: list[str | None] = [
        _cotangent_of(e.id, params) if isinstance(e, ast.Name) else None for e in elts
    ]
    if all(p in (None, params[i]) for i, p in enumerate(places)) and not _reads_any(
        bwd, params[len(elts) :]
    ):
        # Cotangents unnamed, or named for the arguments in their order: the leading
        # arguments' in order, the trailing ones (which the rule never reads, hyper-parameters
        # by the usual order) get none.
        places = list(params[: len(elts)])
    if None in places or len(set(places)) != len(places):
        return []
    if any(made[i] != due.children[params.index(p)] for i, p in enumerate(places) if p is not None):
        return []
    by_param = {p: source.segment(e) for p, e in zip(places, elts, strict=True)}
    new = ", ".join(by_param.get(p, "None") for p in params)
    missing = [p for p in params if p not in by_param]
    title = f"Return None (no gradient) for {', '.join(missing)}: {new}"
    bare = isinstance(final, ast.Tuple) and not source.segment(final).startswith("(")
    edit = source.replace(final, new if bare else f"({new})")
    return [Fix(title, target.code, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


def _keyed_fix(target: FixTarget, source: Source, bwd: FunctionNode, ret: ast.Return) -> list[Fix]:
    """A dict of cotangents keyed by the primal's argument names (``{"x": ..., "w": ...}``,
    or ``dx``/``d_w`` keys) where JAX wants one cotangent per argument: its entries returned
    as a tuple in the arguments' order, each the structure printed for its argument. A dict
    display becomes the tuple of its values (unless comments are in it); any other expression
    is read by key (bound to a name first, unless it is one)."""
    got = parse_tree(target.captures.get("got", ""))
    due = parse_tree(target.captures.get("expected", ""))
    params = _differentiable_params(source, bwd)
    final = ret.value
    if got is None or due is None or params is None or final is None:
        return []
    if got.kind != DICT or due.kind != TUPLE or len(due.children) != len(params):
        return []
    if len(got.children) != len(params):
        return []
    keys = [k[1:-1] if k[:1] in "'\"" else None for k in got.keys]
    order: list[int] = []
    for i, param in enumerate(params):
        hits = [j for j, key in enumerate(keys) if key is not None and param in stems(key)]
        if len(hits) != 1 or got.children[hits[0]] != due.children[i]:
            return []
        order.append(hits[0])
    if len(set(order)) != len(order):
        return []
    edits: list[Edit] = []
    # A display holding comments is kept whole (bound to a name), so they stay with it.
    if isinstance(final, ast.Dict) and "#" not in source.segment(final):
        written = {
            k.value: v
            for k, v in zip(final.keys, final.values, strict=True)
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
        }
        if len(written) != len(final.keys) or set(written) != set(keys):
            return []
        new = ", ".join(source.segment(written[keys[j] or ""]) for j in order)
    else:
        name = final.id if isinstance(final, ast.Name) else None
        if name is None and not source.owns_its_lines(ret):
            return []  # ``if c: return f(...)``: no line of its own to bind the value on
        if name is None:
            taken = {n.id for n in ast.walk(bwd) if isinstance(n, ast.Name)}
            name = fresh(taken | {a.arg for a in ast.walk(bwd) if isinstance(a, ast.arg)}, "ct")
            at = source.span(ret)
            bound = f"{name} = {source.segment(final)}\n{source.indent_of(ret.lineno)}"
            edits.append(source.insert(at.line, at.col, bound))
        new = ", ".join(f"{name}[{_quoted(keys[j] or '')}]" for j in order)
    edits.append(source.replace(final, new))
    title = f"Return the cotangents by argument, in the primal's order: {new}"
    return [Fix(title, target.code, tuple(edits), True, Applicability.SAFE)]


def _quoted(key: str) -> str:
    """A string key written as a literal, in double quotes where it allows them."""
    return f'"{key}"' if '"' not in key and "\\" not in key else repr(key)


def _unwrapped_fix(target: FixTarget, source: Source, final: ast.expr) -> list[Fix]:
    """``(cotangents,)``, a 1-tuple around a value already printed with the structure of the
    primal's arguments: that value returned as it is."""
    got = parse_tree(target.captures.get("got", ""))
    due = parse_tree(target.captures.get("expected", ""))
    if got is None or due is None or got.kind not in (TUPLE, LIST) or len(got.children) != 1:
        return []
    if got.children[0] != due or not isinstance(final, ast.Tuple | ast.List):
        return []
    if len(final.elts) != 1 or isinstance(final.elts[0], ast.Starred):
        return []
    inner = source.segment(final.elts[0])
    title = f"Return `{inner}` itself: it already holds one cotangent per argument"
    return [Fix(title, target.code, (source.replace(final, inner),), True, Applicability.SAFE)]


def _reads_any(function: FunctionNode, names: list[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(function))


def _structure_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = culprit_rule(target, read, CulpritKind.CUSTOM_VJP_BWD)
    got_text, expected_text = target.captures.get("got"), target.captures.get("expected")
    if found is None or got_text is None or expected_text is None:
        return []
    source, bwd, line = found
    change = structure_change(source, bwd, got_text, expected_text)
    if change is not None and change.edits and change.statement.line == line:
        return [Fix(change.title, target.code, change.edits, preferred=True)]
    if change is not None and change.statement.line == line:
        converted = _converted_entry(target, source, bwd, got_text, expected_text, read)
        if converted:
            return converted
    got, expected = tree_items(got_text), tree_items(expected_text)
    if got is None or expected is None or expected[0] != "(":
        return []
    returns = [r for r in own_returns(bwd) if r.value is not None]
    if not returns or returns[-1].lineno != line:
        return []
    if got[0] == "" and expected[1] == got[1]:
        # A bare value (an array, a dict) for the one argument of the primal.
        wrap = [r for r in returns if not isinstance(r.value, ast.Tuple)]
        edits = tuple(
            source.replace(r.value, f"({source.segment(r.value)},)") for r in wrap if r.value
        )
        title = "Return a 1-tuple: one cotangent per argument of the primal"
        return [Fix(title, target.code, edits, preferred=True)] if edits else []
    final = returns[-1].value
    if final is not None and (keyed := _keyed_fix(target, source, bwd, returns[-1])):
        return keyed
    if final is not None and (unwrapped := _unwrapped_fix(target, source, final)):
        return unwrapped
    # The first of these that gives edits: those the printed structures prove come first,
    # the last two are read by names and keys.
    proven = (
        _unsplatted_fix(target, source, bwd, final)
        or _rebuilt_fix(target, source, bwd, final, got_text, expected_text)
        or _regrouped_fix(target, source, final, got_text, expected_text, read)
        or _namedtuple_fix(target, source, bwd, final, got_text, expected_text, read)
        or _dict_record_fix(target, source, bwd, got_text, expected_text, read)
        or _spread_fix(target, source, bwd, final, got_text, expected_text)
        or _typed_structure_fixes(target, read)
        or _unpacked_helper_fix(target, source, bwd, returns[-1], got[1], expected[1], read)
        or _spread_entries_fix(target, source, final, got_text, expected_text)
        or _picked_item_fix(target, source, final, got_text, expected_text)
        or _meta_class_fix(target, source, bwd, got_text, expected_text, read)
    )
    if proven:
        return proven
    if final is not None and len(got[1]) < len(expected[1]) and "None" not in expected[1]:
        return _missing_entries_fix(target, source, bwd, final, len(expected[1]))
    if got[0] == "(" and isinstance(final, ast.Tuple) and len(final.elts) == len(got[1]):
        # One entry per primal argument, nondiff ones included: those entries go.
        nondiff = _nondiff_argnums(source, bwd)
        if not nondiff or len(got[1]) - len(expected[1]) != len(nondiff):
            return []
        drop = sorted(nondiff)
        kept = [item for i, item in enumerate(got[1]) if i not in nondiff]
        if drop[-1] >= len(final.elts) or kept != expected[1]:
            return []
        title = "Return no cotangent for the nondiff_argnums arguments"
        return [
            Fix(title, target.code, tuple(_drop_entries(source, final.elts, drop)), preferred=True)
        ]
    return []


_TREE_LEAVES = {"leaves": "map", "tree_leaves": "tree_map"}


def _unpacked_helper_fix(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    ret: ast.Return,
    got: list[str],
    expected: list[str],
    read: ReadSource,
) -> list[Fix]:
    """``return glu_backward(cache, g)`` where the one-use helper returns ``dx, (dw_in,
    dw_gate)`` and the primal wants the three flat: the helper's result unpacked by the names
    its return uses, and those returned flat (the helper, which may serve others, kept)."""
    flat = [i for item in got for i in ((tree_items(item) or ("", [item]))[1])]
    if flat != expected or flat == got or not isinstance(ret.value, ast.Call):
        return []
    helper = helper_entry(source, bwd, None, read)
    if helper is None:
        return []
    home, _, returned = helper
    value = returned.value
    if not isinstance(value, ast.Tuple) or len(value.elts) != len(got):
        return []
    names: list[str] = []
    for entry in value.elts:
        inner = entry.elts if isinstance(entry, ast.Tuple) else [entry]
        if not all(isinstance(n, ast.Name) for n in inner):
            return []
        names += [n.id for n in inner if isinstance(n, ast.Name)]
    own = {n.id for n in ast.walk(bwd) if isinstance(n, ast.Name)}
    own |= {a.arg for a in ast.walk(bwd) if isinstance(a, ast.arg)}
    if len(names) != len(expected) or len(set(names)) != len(names) or own & set(names):
        return []
    pattern = ", ".join(
        f"({', '.join(home.segment(n) for n in e.elts)})"
        if isinstance(e, ast.Tuple)
        else home.segment(e)
        for e in value.elts
    )
    indent = source.indent_of(ret.lineno)
    new = f"{pattern} = {source.segment(ret.value)}\n{indent}return {', '.join(names)}"
    title = f"Unpack what `{last_name(ret.value.func)}` returns and return it flat"
    return unsafe_fix(target, title, (source.replace(ret, new),))


# A display's entries that may be spread are tried in every combination up to this many.
_MAX_SPREAD = 6


def _spread_entries_fix(
    target: FixTarget,
    source: Source,
    final: ast.expr | None,
    got_text: str,
    expected_text: str,
) -> list[Fix]:
    """A returned display with an entry that holds the cotangents of several arguments (a
    pullback's result ``vjp_ab(g)``, a helper's pair), printed as a tuple inside the output
    (``((*, *), *)`` for ``(*, *, *)``): that entry spread in place, ``(*vjp_ab(g), dc)``.
    Offered when spreading exactly one choice of the display's tuple entries gives the
    structure of the primal's arguments; the values stay, in the order written."""
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if not isinstance(final, ast.Tuple | ast.List) or got is None or expected is None:
        return []
    if got.kind not in (TUPLE, LIST) or expected.kind != TUPLE:
        return []
    if len(got.children) != len(final.elts) or len(got.children) >= len(expected.children):
        return []
    if any(isinstance(e, ast.Starred) for e in final.elts):
        return []
    spreadable = [i for i, c in enumerate(got.children) if c.kind in (TUPLE, LIST) and c.children]
    if not spreadable or len(spreadable) > _MAX_SPREAD:
        return []
    fits = []
    for size in range(1, len(spreadable) + 1):
        for chosen in itertools.combinations(spreadable, size):
            spread = [
                item
                for i, child in enumerate(got.children)
                for item in (child.children if i in chosen else (child,))
            ]
            if tuple(spread) == expected.children:
                fits.append(chosen)
    if len(fits) != 1:
        return []
    edits = []
    for i in fits[0]:
        entry = final.elts[i]
        if isinstance(entry, ast.Tuple | ast.List) and entry.elts:
            new = ", ".join(source.segment(e) for e in entry.elts)
        elif isinstance(entry, ast.Name | ast.Attribute | ast.Call | ast.Subscript):
            new = f"*{source.segment(entry)}"
        else:
            new = f"*({source.segment(entry)})"
        edits.append(source.replace(entry, new))
    names = ", ".join(f"`{source.segment(final.elts[i])}`" for i in fits[0])
    title = f"Spread {names} into the output: one cotangent per argument of the primal"
    return [Fix(title, target.code, tuple(edits), True, Applicability.SAFE)]


def _picked_item_fix(
    target: FixTarget,
    source: Source,
    final: ast.expr | None,
    got_text: str,
    expected_text: str,
) -> list[Fix]:
    """An entry that is a call's whole result (``clip_tree(g, limit)``, a helper returning the
    clipped tree and its norm), printed as a tuple where the argument's structure is due, and
    exactly one of its items has that structure (a container, not a bare array): that item,
    ``clip_tree(g, limit)[0]``. Unsafe: the other items are taken for extras the call also
    returns."""
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if not isinstance(final, ast.Tuple | ast.List) or got is None or expected is None:
        return []
    if got.kind not in (TUPLE, LIST) or expected.kind != TUPLE:
        return []
    if not len(got.children) == len(expected.children) == len(final.elts):
        return []
    edits = []
    for entry, had, due in zip(final.elts, got.children, expected.children, strict=True):
        if had == due or had.kind == NONE:
            continue
        items = [k for k, item in enumerate(had.children) if item == due]
        if had.kind != TUPLE or due.kind in (LEAF, NONE) or len(items) != 1:
            return []
        if not isinstance(entry, ast.Call | ast.Name):
            return []
        edits.append(source.replace(entry, f"{source.segment(entry)}[{items[0]}]"))
    if len(edits) != 1:
        return []
    title = f"Return the item of the result that has the argument's structure: {edits[0].new_text}"
    return [Fix(title, target.code, tuple(edits), True, Applicability.UNSAFE)]


# A registered dataclass with meta fields as JAX prints it: ``CustomNode(Norm[(1e-05,)], [*, *])``
# (the meta values, then the data fields' subtrees).
_META_NODE = re.compile(r"^CustomNode\((?P<name>\w+)\[\((?P<meta>.+)\)\], \[(?P<data>.*)\]\)$")


def _meta_class_fix(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    got_text: str,
    expected_text: str,
    read: ReadSource,
) -> list[Fix]:
    """The one entry of the output that is a tuple of the cotangents of a registered dataclass
    with meta fields (``param_grads(x, g)`` printed ``(*, *)`` where ``CustomNode(Norm[(1e-05,)],
    [*, *])`` is due): built as that class from the same values, its meta fields taken from the
    primal's argument, which the fwd rule saved and the bwd rule unpacks (``Norm(*param_grads(x,
    g), eps=norm.eps)``: the structure due includes the argument's meta values). The class is
    imported from the project module the rule's module imports from, where it does not bind it.
    Offered when the dataclass's constructor takes its data fields first, in the order they
    flatten, so the values keep the places they were printed in."""
    differing = differing_entry(got_text, expected_text)
    if differing is None:
        return []
    index, have_text, due_text = differing
    node = _META_NODE.match(due_text.strip())
    have = parse_tree(have_text)
    data = parse_tree(f"[{node['data']}]") if node else None
    if node is None or have is None or data is None or have.kind != TUPLE:
        return []
    if have.children != data.children:
        return []
    name = node["name"]
    found = _class_home(source, name, read)
    argument = _saved_argument(source, bwd, index)
    entry = returned_entry(bwd, index)
    if found is None or argument is None or entry is None:
        return []
    home, cls, module = found
    fields = _dataclass_fields(home.tree, cls)
    if fields is None or len(fields[0]) != len(have.children) or not fields[1]:
        return []
    value = entry[1]
    definition = single_definition(bwd, value.id) if isinstance(value, ast.Name) else None
    if definition is not None:
        value = definition.value
    meta = ", ".join(f"{m}={argument}.{m}" for m in fields[1])
    if isinstance(value, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in value.elts):
        new = f"{name}({', '.join(source.segment(e) for e in value.elts)}, {meta})"
    elif isinstance(value, ast.Name | ast.Call | ast.Attribute | ast.Subscript):
        new = f"{name}(*{source.segment(value)}, {meta})"
    else:
        return []
    imports = [] if module is None else [source.import_edit(f"from {module} import {name}")]
    title = f"Build output[{index}] as the argument's {name}, with its meta fields: {new}"
    edits = (*imports, source.replace(value, new))
    return [Fix(title, target.code, edits, True, Applicability.SAFE)]


def _class_home(
    source: Source, name: str, read: ReadSource
) -> tuple[Source, ast.ClassDef, str | None] | None:
    """The class ``name`` the module defines or imports by name, with its module's source and,
    where the module does not bind the name yet, the project module to import it from (one
    the module already imports from)."""
    code = Code(Buffers(read, package_bases(source.path)[-1]))
    own = [c for c in source.tree.body if isinstance(c, ast.ClassDef) and c.name == name]
    if own:
        return source, own[0], None
    imported = [
        node
        for node in source.tree.body
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
    ]
    binding = [n for n in imported if any((a.asname or a.name) == name for a in n.names)]
    if not binding and name in source.all_names():
        return None  # the name is the module's for something else
    homes = {}
    for node in binding or imported:
        assert node.module is not None
        path = code.module_file(node.module)
        home = Source.parse(path, read(path)) if path is not None else None
        body = home.tree.body if home is not None else []
        match = [c for c in body if isinstance(c, ast.ClassDef) and c.name == name]
        if home is not None and match:
            homes[node.module] = (home, match[0], node)
    if len(homes) != 1:
        return None
    [(home, cls, node)] = homes.values()
    if not binding:
        return home, cls, node.module
    plain = any(a.name == name and a.asname is None for a in node.names)
    return (home, cls, None) if plain else None


def _dataclass_fields(tree: ast.Module, cls: ast.ClassDef) -> tuple[list[str], list[str]] | None:
    """A dataclass registered with ``register_dataclass(data_fields=[...], meta_fields=[...])``:
    its data and meta fields, where its constructor takes the data fields first, positionally,
    in the order they flatten (None otherwise)."""
    decorators = [d.func if isinstance(d, ast.Call) else d for d in cls.decorator_list]
    if not any(last_name(d) == "dataclass" for d in decorators):
        return None
    if any(
        isinstance(d, ast.Call) and any(k.arg == "kw_only" for k in d.keywords)
        for d in cls.decorator_list
    ):
        return None
    calls = [n.value for n in tree.body if isinstance(n, ast.Expr)]
    registrations = [
        call
        for call in [*cls.decorator_list, *calls]
        if isinstance(call, ast.Call)
        and any("register_dataclass" in ast.unparse(part) for part in [call.func, *call.args])
        and (
            call in cls.decorator_list
            or (call.args and isinstance(call.args[0], ast.Name) and call.args[0].id == cls.name)
        )
    ]
    if len(registrations) != 1:
        return None
    named: dict[str, list[str]] = {}
    for keyword in registrations[0].keywords:
        value = keyword.value
        if keyword.arg not in ("data_fields", "meta_fields"):
            continue
        if not isinstance(value, ast.List | ast.Tuple):
            return None
        names = [e.value for e in value.elts if isinstance(e, ast.Constant)]
        if len(names) != len(value.elts) or not all(isinstance(n, str) for n in names):
            return None
        named[keyword.arg] = [str(n) for n in names]
    data, meta = named.get("data_fields"), named.get("meta_fields", [])
    fields = list(class_fields(cls))
    if data is None or sorted(data + meta) != sorted(fields) or fields[: len(data)] != data:
        return None
    return data, meta


def _saved_argument(source: Source, bwd: FunctionNode, index: int) -> str | None:
    """The name under which the bwd rule holds the primal's argument its output entry
    ``index`` is for: the fwd rule saves its own parameter at that place in the residuals
    it returns (a tuple display, never rebinding it), and the bwd rule unpacks the residuals
    into names, binding that one only there."""
    params = _differentiable_params(source, bwd)
    primal = _primal_of_bwd(source, bwd)
    fwd = _fwd_of(source, bwd)
    names = _residual_names(bwd)
    if params is None or primal is None or fwd is None or not isinstance(names, list):
        return None
    if index >= len(params):
        return None
    position = [a.arg for a in (*primal.args.posonlyargs, *primal.args.args)].index(params[index])
    fwd_params = [a.arg for a in (*fwd.args.posonlyargs, *fwd.args.args)]
    if position >= len(fwd_params):
        return None
    saved = fwd_params[position]
    places = set()
    for ret in own_returns(fwd):
        value = ret.value
        if not isinstance(value, ast.Tuple) or len(value.elts) != 2:
            return None
        residuals = value.elts[1]
        if not isinstance(residuals, ast.Tuple) or len(residuals.elts) != len(names):
            return None
        places |= {
            i for i, e in enumerate(residuals.elts) if isinstance(e, ast.Name) and e.id == saved
        }
    if len(places) != 1 or _stores(fwd, saved) or _stores(bwd, names[min(places)]) != 1:
        return None
    return names[min(places)]


def _stores(function: FunctionNode, name: str) -> int:
    """How many times the function binds ``name`` (its parameters aside)."""
    return sum(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in ast.walk(function)
    )


def _fwd_of(source: Source, bwd: FunctionNode) -> FunctionNode | None:
    """The fwd rule registered with this bwd rule in its module (``f.defvjp(fwd, bwd)``)."""
    for node in ast.walk(source.tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "defvjp"
            and len(node.args) == 2
            and _rule_name(node.args[1]) == bwd.name
            and (fwd_name := _rule_name(node.args[0])) is not None
        ):
            return rule_function(source.tree, fwd_name)
    return None


def _converted_entry(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    got_text: str,
    expected_text: str,
    read: ReadSource,
) -> list[Fix]:
    """The one output entry whose structure differs, converted into the input's where it is
    built (its single assignment in the rule, else the ``return``): ``grads = [...]`` made a
    tuple for a tuple argument (``jaxerr_ls.fixes.restructure``)."""
    differing = differing_entry(got_text, expected_text)
    found = returned_entry(bwd, differing[0]) if differing else None
    if differing is None or found is None:
        return []
    entry = found[1]
    definition = single_definition(bwd, entry.id) if isinstance(entry, ast.Name) else None
    value = definition.value if definition is not None else entry
    have, due = parse_tree(differing[1]), parse_tree(differing[2])
    if have is None or due is None:
        return []
    convert = Restructure(source, imported_fields(source, read))
    edits = convert.edits(value, have, due)
    if not edits:
        return []
    title = f"Build output[{differing[0]}] in the structure of the primal's argument"
    safety = Applicability.of(convert.safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


def _spread_fix(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    final: ast.expr | None,
    got_text: str,
    expected_text: str,
) -> list[Fix]:
    """A primal taking ``*args``: its bwd rule returns one cotangent per argument the call
    passed, so the entry it returns for all of them (``jnp.sum(g * basis, axis=-1)``, a
    tuple of them) is spread into the output, ``*entry``. Safe where the entry is a tuple or
    list of those cotangents; unsafe where it is one array, whose leading axis must then run
    over the arguments."""
    primal = _primal_of_bwd(source, bwd)
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if primal is None or primal.args.vararg is None or got is None or expected is None:
        return []
    fixed = len(primal.args.posonlyargs) + len(primal.args.args)
    if not isinstance(final, ast.Tuple | ast.List) or len(final.elts) != fixed + 1:
        return []
    if got.kind not in (TUPLE, LIST) or expected.kind != TUPLE:
        return []
    if len(got.children) != fixed + 1 or len(expected.children) < fixed:
        return []
    if any(isinstance(e, ast.Starred) for e in final.elts):
        return []
    if got.children[:fixed] != expected.children[:fixed]:
        return []
    entry, have, due = final.elts[fixed], got.children[fixed], expected.children[fixed:]
    if have.kind in (TUPLE, LIST) and have.children == due:
        safety = Applicability.SAFE
    elif have.kind == LEAF and due and all(d.kind == LEAF for d in due):
        safety = Applicability.UNSAFE
    else:
        return []
    text = source.segment(entry)
    atom = isinstance(entry, ast.Name | ast.Attribute | ast.Call | ast.Subscript)
    title = f"Spread `{text}` into one cotangent per argument of `*{primal.args.vararg.arg}`"
    spread = f"*{text}" if atom else f"*({text})"
    return [Fix(title, target.code, (source.replace(entry, spread),), True, safety)]


def _namedtuple_fix(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    final: ast.expr | None,
    got_text: str,
    expected_text: str,
    read: ReadSource,
) -> list[Fix]:
    """A cotangent written as a tuple (``(d_times, d_rates)``) for an argument that is a
    NamedTuple (``CustomNode(namedtuple[Curve], [*, *])``): the same entries, in its fields'
    order, built as that class, by its name where the module has it, else as the type of the
    argument the bwd rule holds under the argument's own name (``type(curve)(...)``)."""
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if got is None or expected is None or got.kind != TUPLE or expected.kind != TUPLE:
        return []
    if not isinstance(final, ast.Tuple) or len(final.elts) != len(expected.children):
        return []
    if len(got.children) != len(expected.children):
        return []
    primal = _primal_of_bwd(source, bwd)
    params = [a.arg for a in primal.args.args] if primal is not None else []
    known = set(_module_fields(source.tree)) | set(imported_fields(source, read))
    bound = {
        n.id for n in ast.walk(bwd) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    edits = []
    for i, (had, wanted) in enumerate(zip(got.children, expected.children, strict=True)):
        if had == wanted:
            continue
        entry = final.elts[i]
        if (
            wanted.kind != NAMEDTUPLE
            or had.kind not in (TUPLE, LIST)
            or had.children != wanted.children
            or not isinstance(entry, ast.Tuple | ast.List)
            or len(entry.elts) != len(wanted.children)
        ):
            return []
        if wanted.keys and wanted.keys[0] in known:
            built = wanted.keys[0]
        elif len(params) == len(expected.children) and params[i] in bound:
            built = f"type({params[i]})"
        else:
            return []
        edits.append(
            source.replace(entry, f"{built}({', '.join(source.segment(e) for e in entry.elts)})")
        )
    if not edits:
        return []
    title = "Return each NamedTuple argument's cotangent as that NamedTuple: "
    title += ", ".join(edit.new_text for edit in edits)
    return [Fix(title, target.code, tuple(edits), True, Applicability.SAFE)]


def _dict_record_fix(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    got_text: str,
    expected_text: str,
    read: ReadSource,
) -> list[Fix]:
    """A cotangent written as a dict display (``{"depth": ..., "width": ...}``), in the bwd
    rule or in the helper it calls for that entry, for an argument that is a NamedTuple whose
    fields are exactly the dict's keys: the same entries built as that class, by keyword."""
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if got is None or expected is None or got.kind != TUPLE or expected.kind != TUPLE:
        return []
    if len(got.children) != len(expected.children):
        return []
    differing = [
        i
        for i, pair in enumerate(zip(got.children, expected.children, strict=True))
        if pair[0] != pair[1] and pair[0].kind != NONE  # None: a zero cotangent, taken
    ]
    if len(differing) != 1:
        return []
    index = differing[0]
    had, wanted = got.children[index], expected.children[index]
    if had.kind != DICT or wanted.kind != NAMEDTUPLE or not wanted.keys:
        return []
    found = returned_entry(bwd, index)
    home, value = source, found[1] if found is not None else None
    helper = helper_entry(source, bwd, index, read) if isinstance(value, ast.Call) else None
    if helper is not None:
        home, value = helper[0], helper[2].value
    name = wanted.keys[0]
    fields = {**imported_fields(home, read), **_module_fields(home.tree)}.get(name)
    if not isinstance(value, ast.Dict) or fields is None or None in value.keys:
        return []
    keys = [
        k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None
        for k in value.keys
    ]
    if None in keys or sorted(map(str, keys)) != sorted(fields) or len(keys) != len(fields):
        return []
    entries = ", ".join(f"{k}={home.segment(v)}" for k, v in zip(keys, value.values, strict=True))
    built = f"{name}({entries})"
    kind = "NamedTuple" if f"namedtuple[{name}]" in expected_text else "class"
    title = f"Return the cotangent of argument {index} as its {kind}: {name}(...)"
    return [Fix(title, target.code, (home.replace(value, built),), True, Applicability.SAFE)]


def _module_fields(tree: ast.Module) -> dict[str, list[str]]:
    """The NamedTuple and dataclass classes of the module and their fields, in flattening
    order."""
    return {
        node.name: fields
        for node in tree.body
        if isinstance(node, ast.ClassDef) and (fields := _data_fields(tree, node)) is not None
    }


def _rebuilt_fix(
    target: FixTarget,
    source: Source,
    bwd: FunctionNode,
    final: ast.expr | None,
    got_text: str,
    expected_text: str,
) -> list[Fix]:
    """Cotangents returned flat (``d_down, d_up, dx``) where the primal's arguments hold
    containers (``({'down': *, 'up': *}, *)``): the same values built into the arguments'
    structure. A leaf under a dict key or NamedTuple field takes the value named after it
    (``d_down`` for ``down``), which also sets the order; without a name for each keyed leaf,
    only a structure of tuples and lists is rebuilt in the order written (unsafe)."""
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if final is None or got is None or expected is None or expected.kind != "tuple":
        return []
    if got.kind not in ("tuple", "list") or any(c.kind != "*" for c in got.children):
        return []
    if not isinstance(final, ast.Tuple | ast.List) or len(final.elts) != expected.leaves():
        return []
    if len(final.elts) != got.leaves() or any(isinstance(e, ast.Starred) for e in final.elts):
        return []
    fields = _module_fields(source.tree)
    paths = leaf_keys(expected, fields)
    primal = _primal_of_bwd(source, bwd)
    if paths is None:
        return []
    inner = [i for i, path in enumerate(paths) if path]
    if primal is not None and len(expected.children) == len(primal.args.args):
        # A top-level leaf is keyed by its argument's name: ``dx`` for ``x``.
        params = [a.arg for a in primal.args.args]
        at = 0
        for param, child in zip(params, expected.children, strict=True):
            if child.kind == "*":
                paths[at] = [param]
            at += child.leaves()
    names = [e.id if isinstance(e, ast.Name) else "" for e in final.elts]
    keyed = [i for i, path in enumerate(paths) if path]
    matches = [
        {j for j in keyed if paths[j][-1] in stems(name)} if name else set() for name in names
    ]
    order = list(range(len(names)))
    safety = Applicability.SAFE
    if all(len(m) == 1 for m in matches) and len(set().union(*matches)) == len(names):
        order = [0] * len(names)
        for i, m in enumerate(matches):
            order[next(iter(m))] = i
    elif any(m and m != {i} for i, m in enumerate(matches)):
        return []
    elif any(not matches[i] for i in inner):
        return []  # a dict entry or field without a value named for it: the order is a guess
    elif any(not matches[i] for i in keyed):
        safety = Applicability.UNSAFE
    leaves = [source.segment(final.elts[i]) for i in order]
    bare = isinstance(final, ast.Tuple) and not source.segment(final).startswith("(")
    new = render(expected, leaves, fields, top=bare)
    title = f"Return the cotangents in the structure of the primal's arguments: {new}"
    return [Fix(title, target.code, (source.replace(final, new),), True, safety)]


def imported_fields(source: Source, read: ReadSource) -> dict[str, list[str]]:
    """The fields, in flattening order, of the dataclasses and NamedTuples the module defines
    or imports by name from a project module (``from params import Params``): a dataclass
    registered with ``data_fields=[...]`` flattens in that order."""
    found: dict[str, list[str]] = {}
    homes: list[tuple[ast.Module, set[str] | None]] = [(source.tree, None)]
    code = Code(Buffers(read, package_bases(source.path)[-1]))
    for node in source.tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            path = code.module_file(node.module)
            text = read(path) if path is not None else None
            home = Source.parse(path, text) if path is not None else None
            if home is not None:
                homes.append((home.tree, {a.name for a in node.names if a.asname is None}))
    for tree, wanted in homes:
        for cls in tree.body:
            if isinstance(cls, ast.ClassDef) and (wanted is None or cls.name in wanted):
                order = _data_fields(tree, cls)
                if order is not None:
                    found[cls.name] = order
    return found


def _data_fields(tree: ast.Module, cls: ast.ClassDef) -> list[str] | None:
    """A class's fields in flattening order: ``data_fields=[...]`` of its registration when
    given (None when meta fields are declared: the constructor would need their values), else
    its annotated fields."""
    fields = list(class_fields(cls))
    calls = [n.value for n in tree.body if isinstance(n, ast.Expr)]
    if not fields and any(
        last_name(d) == "register_pytree_node_class"
        for d in [
            *cls.decorator_list,
            *(
                c.func
                for c in calls
                if isinstance(c, ast.Call)
                and [ast.unparse(a) for a in c.args] == [cls.name]
                and not c.keywords
            ),
        ]
    ):
        return _stored_fields(cls)
    registrations = [
        call
        for call in cls.decorator_list
        if isinstance(call, ast.Call)
        and any("register_dataclass" in ast.unparse(part) for part in [call.func, *call.args])
    ] + [
        # ``register_dataclass(Params, data_fields=[...], meta_fields=[])`` after the class.
        call
        for call in calls
        if isinstance(call, ast.Call)
        and "register_dataclass" in ast.unparse(call.func)
        and call.args
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id == cls.name
    ]
    for call in registrations:
        for keyword in call.keywords:
            value = keyword.value
            if not isinstance(value, ast.List | ast.Tuple):
                return None
            names = [
                e.value
                for e in value.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
            if keyword.arg == "meta_fields" and value.elts:
                return None
            if keyword.arg == "data_fields":
                if len(names) != len(value.elts) or sorted(names) != sorted(fields):
                    return None
                fields = names
    return fields or None


def _stored_fields(cls: ast.ClassDef) -> list[str] | None:
    """The fields of a class registered with ``register_pytree_node_class`` that a keyword
    construction rebuilds: its ``__init__`` only stores each parameter under its own name
    (``self.x, self.y = x, y``), and ``tree_flatten`` returns those attributes, in the
    parameters' order (``tree_unflatten``'s ``cls(*children)``), with no aux data."""
    methods = {m.name: m for m in cls.body if isinstance(m, ast.FunctionDef)}
    init, flatten = methods.get("__init__"), methods.get("tree_flatten")
    if init is None or flatten is None:
        return None
    arguments = init.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.posonlyargs:
        return None
    params = [a.arg for a in arguments.args[1:]]
    if not arguments.args or not params:
        return None
    this = arguments.args[0].arg
    stored: list[tuple[str, str]] = []
    for statement in init.body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            continue  # a docstring
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            return None
        targets, values = statement.targets[0], statement.value
        pairs = (
            list(zip(targets.elts, values.elts, strict=False))
            if isinstance(targets, ast.Tuple)
            and isinstance(values, ast.Tuple)
            and len(targets.elts) == len(values.elts)
            else [(targets, values)]
        )
        for attribute, value in pairs:
            if not (
                isinstance(attribute, ast.Attribute)
                and isinstance(attribute.value, ast.Name)
                and attribute.value.id == this
                and isinstance(value, ast.Name)
                and value.id == attribute.attr
            ):
                return None
            stored.append((attribute.attr, value.id))
    if sorted(a for a, _ in stored) != sorted(params):
        return None
    returns = own_returns(flatten)
    flat_self = flatten.args.args[0].arg if flatten.args.args else None
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Tuple):
        return None
    pair = returns[0].value.elts
    if len(pair) != 2 or not isinstance(pair[0], ast.Tuple | ast.List):
        return None
    if not (isinstance(pair[1], ast.Constant) and pair[1].value is None):
        return None
    children = [
        e.attr
        for e in pair[0].elts
        if isinstance(e, ast.Attribute)
        and isinstance(e.value, ast.Name)
        and e.value.id == flat_self
    ]
    return params if children == params else None


def _unsplatted_fix(
    target: FixTarget, source: Source, bwd: FunctionNode, final: ast.expr | None
) -> list[Fix]:
    """``(*ct_state, ct_dt)`` where the primal's argument at the starred place is a tuple, list
    or NamedTuple: that value returned whole. The printed structures prove it: the primal's
    arguments are as many as the display's entries, a container at each starred one, and the
    output the bwd rule gave is the display with those containers' entries spread in place.
    Unsafe where a NamedTuple is due and the value is not built as that class in the rule: a
    plain tuple of the same entries would still differ from it."""
    got = parse_tree(target.captures.get("got", ""))
    expected = parse_tree(target.captures.get("expected", ""))
    if not isinstance(final, ast.Tuple | ast.List) or got is None or expected is None:
        return []
    starred = [e for e in final.elts if isinstance(e, ast.Starred)]
    if not starred or expected.kind != TUPLE or len(final.elts) != len(expected.children):
        return []
    spread: list[Tree] = []
    safety = Applicability.SAFE
    for elt, due in zip(final.elts, expected.children, strict=True):
        if not isinstance(elt, ast.Starred):
            spread.append(due)
        elif due.kind in (TUPLE, LIST, NAMEDTUPLE):
            spread.extend(due.children)
            if due.kind == NAMEDTUPLE and not _built_as(bwd, elt.value, due.keys[0]):
                safety = Applicability.UNSAFE
        else:
            return []
    if got.kind not in (TUPLE, LIST) or tuple(spread) != got.children:
        return []
    names = ", ".join(f"`{source.segment(e.value)}`" for e in starred)
    title = f"Return {names} whole, one cotangent per argument of the primal, not spread"
    edits = tuple(source.replace(e, source.segment(e.value)) for e in starred)
    return [Fix(title, target.code, edits, True, safety)]


def _built_as(function: FunctionNode, value: ast.expr, cls: str) -> bool:
    """Is ``value`` a call of class ``cls``, or a name the function binds once to one?"""
    if isinstance(value, ast.Name):
        binding = single_definition(function, value.id)
        value = binding.value if binding is not None else value
    return isinstance(value, ast.Call) and ast.unparse(value.func).split(".")[-1] == cls


def _regrouped_fix(
    target: FixTarget,
    source: Source,
    final: ast.expr | None,
    got_text: str,
    expected_text: str,
    read: ReadSource,
) -> list[Fix]:
    """The returned value converted into the structure of the primal's arguments, level by
    level (``jaxerr_ls.fixes.restructure``): ``(d_scale, d_shift), dz`` built as the
    ``Params`` the primal takes, ``grads[::-1]`` (a list) as ``tuple(grads[::-1])``."""
    got, expected = parse_tree(got_text), parse_tree(expected_text)
    if final is None or got is None or expected is None:
        return []
    convert = Restructure(source, imported_fields(source, read))
    edits = convert.edits(final, got, expected)
    if not edits:
        return []
    if "class" in convert.done:
        title = "Return the cotangents in the structure of the primal's arguments (its classes)"
    else:
        title = "Return the cotangents in the containers of the primal's arguments"
    safety = Applicability.of(convert.safe)
    return [Fix(title, target.code, tuple(edits), True, safety)]


# --- fwd rules -----------------------------------------------------------------------------------


def _bwd_of(source: Source, fwd: FunctionNode) -> tuple[str | None, FunctionNode | None]:
    """(the primal's name, the bwd rule) registered with this fwd rule in its module."""
    for node in ast.walk(source.tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "defvjp"
            and len(node.args) >= 2
            and _rule_name(node.args[0]) == fwd.name
            and (bwd_name := _rule_name(node.args[1])) is not None
        ):
            primal = node.func.value.id if isinstance(node.func.value, ast.Name) else None
            bwd = rule_function(source.tree, bwd_name)
            return primal, bwd
    return None, None


def _residual_names(bwd: FunctionNode) -> list[str] | str | None:
    """What the bwd rule reads of its residuals: the names it unpacks them into
    (``x, s = res``), the residual parameter's own name when it uses it whole, or None."""
    params = [a.arg for a in (*bwd.args.posonlyargs, *bwd.args.args)]
    if len(params) < 2:
        return None
    res = params[-2]
    for statement in bwd.body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.value, ast.Name)
            and statement.value.id == res
            and isinstance(statement.targets[0], ast.Tuple | ast.List)
            and all(isinstance(e, ast.Name) for e in statement.targets[0].elts)
        ):
            return [e.id for e in statement.targets[0].elts if isinstance(e, ast.Name)]
    return res


def _branch_residuals(fwd: FunctionNode, bwd: FunctionNode, ret: ast.Return) -> list[str] | None:
    """Where the bwd rule unpacks its residuals in several ways (``x, beta = res`` in one
    branch, ``x, beta, s = res`` in another) and the fwd's other returns are pairs whose
    residual tuples have the lengths of all but one of them: that one's names."""
    params = [a.arg for a in (*bwd.args.posonlyargs, *bwd.args.args)]
    if len(params) < 2:
        return None
    res = params[-2]
    unpackings = [
        [e.id for e in n.targets[0].elts if isinstance(e, ast.Name)]
        for n in ast.walk(bwd)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.value, ast.Name)
        and n.value.id == res
        and isinstance(n.targets[0], ast.Tuple | ast.List)
        and all(isinstance(e, ast.Name) for e in n.targets[0].elts)
    ]
    if len(unpackings) < 2:
        return None
    taken = set()
    for other in own_returns(fwd):
        value = other.value
        if other is ret or value is None:
            continue
        if not isinstance(value, ast.Tuple) or len(value.elts) != 2:
            return None
        saved = value.elts[1]
        if not isinstance(saved, ast.Tuple):
            return None
        taken.add(len(saved.elts))
    left = [u for u in unpackings if len(u) not in taken]
    return left[0] if taken and len(left) == 1 else None


def _bound_before(fwd: FunctionNode, name: str, line: int) -> bool:
    params = {a.arg for a in (*fwd.args.posonlyargs, *fwd.args.args, *fwd.args.kwonlyargs)}
    if name in params:
        return True
    return any(
        isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Store)
        and n.lineno < line
        for n in ast.walk(fwd)
    )


def _registered_fwd_fix(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A value helper registered as the fwd rule (the culprit is its name in ``defvjp``):
    register instead the one function of the module that returns the pair (its call,
    residuals)."""
    for culprit, source in _culprit_sources(target, read, CulpritKind.CUSTOM_VJP_FWD):
        named = [
            n
            for n in ast.walk(source.tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "defvjp"
            and n.args
            and isinstance(n.args[0], ast.Name)
            and n.args[0].id == culprit.name
            and source.span(n.args[0]) == culprit.span
        ]
        written = [
            f
            for f in source.tree.body
            if isinstance(f, ast.FunctionDef)
            and own_returns(f)
            and all(pair_calling(r.value, culprit.name) for r in own_returns(f))
        ]
        if len(named) != 1 or len(written) != 1:
            continue
        title = f"Register {written[0].name} as the fwd rule"
        edit = source.replace(named[0].args[0], written[0].name)
        return [Fix(title, target.code, (edit,), True, Applicability.UNSAFE)]
    return []


# Field names that say a record's field is a function's output.
_OUTPUT_FIELDS = frozenset({"out", "output", "y", "value", "result", "primal", "primal_out"})


def _record_fwd_fix(
    target: FixTarget,
    read: ReadSource,
    source: Source,
    fwd: FunctionNode,
    ret: ast.Return,
    primal: FunctionNode | None,
    residuals: list[str] | str | None,
) -> list[Fix]:
    """A fwd rule returning one record (a NamedTuple or dataclass, made there or by a
    helper, followed by the value flow): its output field, the one the primal returns
    (``return clipped_forward(x).out``) else the one named as an output (not as one of the
    rule's parameters, an input kept for the bwd rule), and the other fields
    as the residuals, in the record's order, where the bwd unpacks as many (or reads the
    record's fields off its residual whole)."""
    value = ret.value
    code = Code(Buffers(read, package_bases(target.span.path)[-1]))
    model = code.model(source.path)
    if value is None or model is None:
        return []
    at = position(value)
    node = next((n for n in ast.walk(model.tree) if position(n) == at), None)
    if not isinstance(node, ast.expr):
        return []
    flow = Flow(code, [target.span, *target.frames])
    made = flow.one_maker(Place(source.path, model, node, scope_at(model, node)))
    if made is None or not isinstance(made.node, ast.Call):
        return []
    cls = code.resolve(made.at(made.node.func))
    if not isinstance(cls.node, ast.ClassDef):
        return []
    fields = list(class_fields(cls.node))
    primal_ret = last_return(primal) if primal is not None else None
    read_off = primal_ret.value if primal_ret is not None else None
    chosen = [read_off.attr] if isinstance(read_off, ast.Attribute) else []
    # A field named as a parameter of the rule holds an input kept for the bwd rule.
    inputs = {a.arg for a in (*fwd.args.posonlyargs, *fwd.args.args)}
    named = [f for f in fields if f in _OUTPUT_FIELDS and f not in inputs]
    chosen = [f for f in chosen if f in fields] or named
    if len(chosen) != 1 or len(fields) < 2:
        return []
    rest = [f for f in fields if f != chosen[0]]
    # A bwd rule unpacking a NamedTuple record (iterable, unlike a dataclass) into as many
    # names as it has fields reads the record whole.
    unpacked = any(last_name(base) == "NamedTuple" for base in cls.node.bases)
    whole = isinstance(residuals, str) or (
        unpacked and isinstance(residuals, list) and len(residuals) == len(fields)
    )
    if isinstance(residuals, list) and not whole and len(residuals) != len(rest):
        return []
    holder = value.id if isinstance(value, ast.Name) else fresh(source.all_names(), "record")
    saved = (
        holder
        if whole
        else f"({', '.join(f'{holder}.{f}' for f in rest)}{',' if len(rest) == 1 else ''})"
    )
    pair = f"{holder}.{chosen[0]}, {saved}"
    if isinstance(value, ast.Name):
        edits = (source.replace(value, pair),)
    elif source.owns_its_lines(ret):
        indent = source.indent_of(ret.lineno)
        text = f"{holder} = {source.segment(value)}\n{indent}return {pair}"
        edits = (source.replace(ret, text),)
    else:
        return []
    kept = "the record itself" if whole else "its other fields"
    title = f"Return a pair: the record's {chosen[0]} and {kept} as residuals"
    return [Fix(title, target.code, edits, True, Applicability.UNSAFE)]


def _fwd_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    registered = _registered_fwd_fix(target, read)
    if registered:
        return registered
    found = culprit_rule(target, read, CulpritKind.CUSTOM_VJP_FWD)
    if found is None:
        return []
    source, fwd, line = found
    ret = last_return(fwd)
    at_line = [r for r in own_returns(fwd) if r.lineno == line]
    if len(at_line) == 1:
        ret = at_line[0]  # a return in a branch (``if RECOMPUTE: return y``), not the last
    if ret is not None and ret.lineno == line and (grouped := _starred_residuals(source, ret)):
        return [Fix(grouped[0], target.code, (grouped[1],), True, Applicability.UNSAFE)]
    primal_name, bwd = _bwd_of(source, fwd)
    if ret is None or ret.value is None or bwd is None or ret.lineno != line:
        return []
    residuals = _branch_residuals(fwd, bwd, ret) or _residual_names(bwd)
    value = ret.value
    primal = rule_function(source.tree, primal_name) if primal_name else None
    entries = dict_entries(value)
    if entries is not None:
        return _dict_fwd_fix(target, source, fwd, value, entries, primal_name, residuals)
    outputs = _primal_outputs(target, read, source, primal) if primal is not None else None
    echoed = _echoed_nondiff_fix(target, read, source, fwd, bwd, value, residuals)
    if echoed:
        return echoed
    if isinstance(value, ast.Tuple) and (outputs or 0) > 1:
        # ``y1, y2, r1, r2`` for a two-output function: the outputs, then the residuals.
        count = len(residuals) if isinstance(residuals, list) else None
        last = value.elts[-1]
        if len(value.elts) == (outputs or 0) + 1 and (
            isinstance(last, ast.Name) or (isinstance(last, ast.Tuple) and len(last.elts) == count)
        ):
            count = None  # ``y1, y2, (r1, r2)``: the residuals are grouped already
        new = split_flat(source, list(value.elts), outputs or 0, count)
        if new is None:
            return []
        title = "Return a pair: the outputs and the residuals"
        return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]
    if isinstance(value, ast.Tuple) and len(value.elts) > 2:
        primal_ret = last_return(primal) if primal is not None else None
        if (
            primal_ret is None
            or isinstance(primal_ret.value, ast.Tuple | ast.List)
            or outputs not in (None, 1)
        ):
            return []  # several outputs: which entries are outputs is not for us to say
        rest = value.elts[1:]
        if isinstance(residuals, list) and len(residuals) != len(rest):
            return []
        new = f"{source.segment(value.elts[0])}, ({', '.join(source.segment(e) for e in rest)})"
        title = "Return a pair: the output and one tuple of residuals"
        return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]
    if isinstance(value, ast.Tuple | ast.List):
        return []
    stacked = _stacked_pair_fix(target, read, source, ret, primal, residuals)
    if stacked:
        return stacked
    missing = _output_missing_fix(target, source, fwd, value, primal, bwd)
    if missing is not None:
        return missing
    record = _record_fwd_fix(target, read, source, fwd, ret, primal, residuals)
    if record:
        return record
    if residuals is None:
        return []
    names = residuals if isinstance(residuals, list) else [residuals]
    if isinstance(value, ast.Name) and value.id in names:
        return []  # the residuals themselves, not the output: where the output is, is not said
    used = isinstance(residuals, list) or any(
        isinstance(n, ast.Name) and n.id == residuals for n in ast.walk(bwd) if n is not bwd
    )
    if not used:
        saved = "None"
    elif all(_bound_before(fwd, name, ret.lineno) for name in names):
        saved = (
            f"({', '.join(names)},)"
            if isinstance(residuals, list) and len(names) == 1
            else (f"({', '.join(names)})" if isinstance(residuals, list) else names[0])
        )
    else:
        return []
    output = parenthesized(source, value)
    if _makes_a_record(source, read, value):
        # A helper's record (a torch-style context) stands where the pair is due: the output
        # is what the rule got from the primal, not the record.
        result = _primal_result(fwd, primal_name, ret.lineno)
        if result is None:
            return []
        output = result
    new = f"{output}, {saved}"
    title = f"Return a pair: the output and the residuals {bwd.name} reads"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]


def _echoed_nondiff_fix(
    target: FixTarget,
    read: ReadSource,
    source: Source,
    fwd: FunctionNode,
    bwd: FunctionNode,
    value: ast.expr,
    residuals: list[str] | str | None,
) -> list[Fix]:
    """A fwd rule returning a flat tuple (itself, or a project helper it calls once, such as a
    packer ``return probs, probs, temperature``) of which some items only echo arguments
    the primal declares ``nondiff_argnums``: the bwd rule gets those as its leading
    arguments, so they are no residuals. Where dropping them leaves the output and the one
    residual the bwd rule takes whole, they are dropped where the tuple is written."""
    nondiff = _nondiff_argnums(source, bwd)
    if not nondiff or not isinstance(residuals, str):
        return []
    fwd_params = [a.arg for a in (*fwd.args.posonlyargs, *fwd.args.args)]
    static = {fwd_params[i] for i in nondiff if i < len(fwd_params)}
    home, returned, echoes = source, [value], static
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        found = _project_helper(source, read, value.func.id)
        if found is None or value.keywords or any(isinstance(a, ast.Starred) for a in value.args):
            return []
        home, helper = found
        params = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]
        echoes = {
            params[i]
            for i, arg in enumerate(value.args)
            if i < len(params) and isinstance(arg, ast.Name) and arg.id in static
        }
        if any(
            isinstance(n, ast.Name) and n.id in echoes and not isinstance(n.ctx, ast.Load)
            for n in ast.walk(helper)
        ):
            return []  # rebound in the helper: no longer the argument
        calls = [
            n
            for module in dict.fromkeys([source, home])
            for n in ast.walk(module.tree)
            if isinstance(n, ast.Call) and last_name(n.func) == helper.name
        ]
        if len(calls) != 1 or helper.name.startswith("__"):
            return []  # other callers rely on the tuple
        returned = [r.value for r in own_returns(helper) if r.value is not None]
        if not returned or len(returned) != len(own_returns(helper)):
            return []
    drops = set()
    for item in returned:
        if not isinstance(item, ast.Tuple) or len(item.elts) != 3:
            return []
        drop = tuple(
            i
            for i, e in enumerate(item.elts)
            if i > 0 and isinstance(e, ast.Name) and e.id in echoes
        )
        if len(item.elts) - len(drop) != 2:
            return []
        drops.add(drop)
    if len(drops) != 1:
        return []
    [drop] = drops
    edits = [
        e
        for item in returned
        if isinstance(item, ast.Tuple)
        for e in _drop_entries(home, list(item.elts), list(drop))
    ]
    assert isinstance(returned[0], ast.Tuple)
    name = home.segment(returned[0].elts[drop[0]])
    title = (
        f"Drop `{name}` from the returned tuple: {bwd.name} gets the nondiff arguments first, "
        "the residual is the one item after the output"
    )
    return [Fix(title, target.code, tuple(edits), True, Applicability.UNSAFE)]


def _project_helper(
    source: Source, read: ReadSource, name: str
) -> tuple[Source, FunctionNode] | None:
    """The function ``name`` names in the module: its own, else one imported by name from a
    project module, with the module that defines it."""
    local = [f for f in source.functions() if f.name == name]
    if len(local) == 1:
        return source, local[0]
    return imported_definitions(source, read).get(name)


def _makes_a_record(source: Source, read: ReadSource, value: ast.expr) -> bool:
    """``save_for_backward(vol, r)`` where the project helper returns at every exit a
    dataclass or NamedTuple it constructs (``Ctx(output=.., saved=..)``): a record, no array."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return False
    found = _project_helper(source, read, value.func.id)
    if found is None:
        return False
    home, helper = found
    records = set(_module_fields(home.tree)) | set(imported_fields(home, read))
    returns = own_returns(helper)
    return bool(returns) and all(
        isinstance(r.value, ast.Call) and last_name(r.value.func) in records for r in returns
    )


def _primal_result(fwd: FunctionNode, primal_name: str | None, line: int) -> str | None:
    """The one name the fwd rule binds to a call of the primal before ``line``
    (``vol = realized_vol(returns)``): the output."""
    if primal_name is None:
        return None
    names = [
        target.id
        for node in ast.walk(fwd)
        if isinstance(node, ast.Assign)
        and node.lineno < line
        and len(node.targets) == 1
        and isinstance(target := node.targets[0], ast.Name)
        and isinstance(node.value, ast.Call)
        and last_name(node.value.func) == primal_name
    ]
    return names[0] if len(names) == 1 else None


def _stacked_pair_fix(
    target: FixTarget,
    read: ReadSource,
    source: Source,
    statement: ast.Return,
    primal: FunctionNode | None,
    residuals: list[str] | str | None,
) -> list[Fix]:
    """The fwd rule returns what a helper of the project returns, one array stacked from two
    (``jnp.stack([value, slope])``), for a primal of one output and a bwd rule that takes one
    residual: the two rows are the pair, ``out[0], out[1]``, the helper left as it is for its
    other callers. Unsafe: that the first row is the output is the helper's order."""
    value = statement.value
    if primal is None or not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return []
    if residuals is None or (isinstance(residuals, list) and len(residuals) != 1):
        return []
    primal_ret = last_return(primal)
    if primal_ret is None or isinstance(primal_ret.value, ast.Tuple | ast.List):
        return []
    found = _project_helper(source, read, value.func.id)
    returns = own_returns(found[1]) if found is not None else []
    if not returns or not all(_stack_of_two(r.value) for r in returns):
        return []
    if not source.owns_its_lines(statement):
        return []  # no line of its own to bind the stacked rows on
    taken = source.all_names()
    name = fresh(taken, "stacked")
    at = source.span(statement)
    indent = source.indent_of(statement.lineno)
    edits = (
        source.insert(at.line, at.col, f"{name} = {source.segment(value)}\n{indent}"),
        source.replace(value, f"{name}[0], {name}[1]"),
    )
    title = f"Return the two rows `{value.func.id}` stacks as the pair: {name}[0], {name}[1]"
    return [Fix(title, target.code, edits, True, Applicability.UNSAFE)]


def _stack_of_two(value: ast.expr | None) -> bool:
    """``jnp.stack([a, b])`` (or of a tuple), along the first axis."""
    return (
        isinstance(value, ast.Call)
        and last_name(value.func) == "stack"
        and len(value.args) == 1
        and not value.keywords
        and isinstance(value.args[0], ast.List | ast.Tuple)
        and len(value.args[0].elts) == 2
        and not any(isinstance(e, ast.Starred) for e in value.args[0].elts)
    )


def _primal_outputs(
    target: FixTarget, read: ReadSource, source: Source, primal: FunctionNode
) -> int | None:
    """How many outputs the primal function returns: the length of the tuples its returns
    write, or, where it returns a call of one function of its module, that function's; then
    checked against the failing line, where a caller unpacking the result into names says how
    many there are. None when it cannot be told, 0 when these disagree."""
    count = output_count(primal)
    calls = [r.value for r in own_returns(primal)]
    called = {c.func.id for c in calls if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
    if calls and len(called) == 1 and all(isinstance(c, ast.Call) for c in calls):
        callee = rule_function(source.tree, called.pop())
        if callee is not None and callee is not primal:
            count = output_count(callee)
    failing = Source.parse(target.span.path, read(target.span.path))
    unpacked = {
        len(node.targets[0].elts)
        for node in ast.walk(failing.tree if failing is not None else ast.Module([], []))
        if isinstance(node, ast.Assign)
        and node.lineno <= target.span.line <= (node.end_lineno or node.lineno)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Tuple | ast.List)
        and isinstance(node.value, ast.Call)
        and last_name(node.value.func) == primal.name
    }
    if len(unpacked) == 1:
        told = unpacked.pop()
        return told if count in (None, told) else 0
    return count


def _starred_residuals(source: Source, ret: ast.Return) -> tuple[str, Edit] | None:
    """``return fn(*args), *args`` / ``return y, x, *rest``: the first entry is the output
    whatever it holds, and the unpacked rest is the residuals; one tuple of them makes the pair
    (the message printed more than two entries)."""
    value = ret.value
    if not isinstance(value, ast.Tuple) or len(value.elts) < 2:
        return None
    first, *rest = value.elts
    if isinstance(first, ast.Starred) or not any(isinstance(e, ast.Starred) for e in rest):
        return None
    if len(rest) == 1 and isinstance(rest[0], ast.Starred):
        starred = rest[0].value
        residuals = f"tuple({source.segment(starred)})"
        if isinstance(starred, ast.Name) and _is_varargs(source, ret, starred.id):
            residuals = starred.id  # ``*args`` is a tuple already
    else:
        residuals = f"({', '.join(source.segment(e) for e in rest)},)"
    new = f"{parenthesized(source, first)}, {residuals}"
    return "Return a pair: the output and one tuple of residuals", source.replace(value, new)


def _is_varargs(source: Source, node: ast.AST, name: str) -> bool:
    """Whether ``name`` is the ``*args`` parameter of the function that holds ``node``."""
    holders = [
        f
        for f in source.functions()
        if f.lineno <= getattr(node, "lineno", 0) <= (f.end_lineno or f.lineno)
    ]
    inner = max(holders, key=lambda f: f.lineno, default=None)
    return inner is not None and inner.args.vararg is not None and inner.args.vararg.arg == name


def _class_fields(tree: ast.Module, name: str) -> set[str] | None:
    """The annotated fields of a class the module defines (a NamedTuple, a dataclass)."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return set(class_fields(node))
    return None


def _read_attributes(bwd: FunctionNode) -> set[str] | None:
    """The attributes the bwd rule reads of its residuals parameter (``cache.mask``); None
    when it also uses the parameter otherwise (unpacks it, indexes it, passes it on)."""
    params = [a.arg for a in (*bwd.args.posonlyargs, *bwd.args.args)]
    if len(params) < 2:
        return None
    res = params[-2]
    attributes = {
        n.attr
        for n in ast.walk(bwd)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == res
    }
    uses = sum(isinstance(n, ast.Name) and n.id == res for n in ast.walk(bwd))
    readers = sum(
        isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == res
        for n in ast.walk(bwd)
    )
    return attributes if attributes and uses == readers else None


class _Renamed(ast.NodeTransformer):
    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.Name(self.names.get(node.id, node.id), node.ctx)


def _computed_output(fwd: FunctionNode, primal: FunctionNode) -> str | None:
    """The name the fwd rule binds once to the primal's output: a call of the primal, or the
    expression the primal returns with its parameters named as the fwd rule's."""
    primal_params = [a.arg for a in (*primal.args.posonlyargs, *primal.args.args)]
    fwd_params = [a.arg for a in (*fwd.args.posonlyargs, *fwd.args.args)]
    returns = [n for n in own_returns(primal) if n.value is not None]
    expected = None
    if len(returns) == 1 and len(primal.body) == 1 and len(primal_params) == len(fwd_params):
        assert returns[0].value is not None
        renamed = _Renamed(dict(zip(primal_params, fwd_params, strict=True)))
        expected = ast.dump(renamed.visit(ast.parse(ast.unparse(returns[0].value), mode="eval")))
    for statement in fwd.body:
        if not (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
            and single_definition(fwd, statement.targets[0].id) is statement
        ):
            continue
        value = statement.value
        called = (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == primal.name
        )
        same = expected is not None and ast.dump(ast.Expression(value)) == expected
        if called or same:
            return statement.targets[0].id
    return None


def _output_missing_fix(
    target: FixTarget,
    source: Source,
    fwd: FunctionNode,
    value: ast.expr,
    primal: FunctionNode | None,
    bwd: FunctionNode,
) -> list[Fix] | None:
    """A fwd rule returning only its residuals, built as a class of the module whose fields
    the bwd rule reads (``return Cache(x=x, mask=m)`` read as ``cache.mask``): the output
    first, ``y, Cache(...)``. The output is the name bound to what the primal computes, else
    a call of the primal on the fwd rule's arguments (unsafe: the fwd computes it twice)."""
    built = value
    if isinstance(value, ast.Name):
        binding = single_definition(fwd, value.id)
        built = binding.value if binding is not None else value
    if not isinstance(built, ast.Call) or not isinstance(built.func, ast.Name) or primal is None:
        return None
    fields = _class_fields(source.tree, built.func.id)
    read = _read_attributes(bwd)
    if not fields or read is None or not read <= fields:
        return None
    output = _computed_output(fwd, primal)
    safety = Applicability.SAFE
    if output is None:
        fwd_params = [a.arg for a in (*fwd.args.posonlyargs, *fwd.args.args)]
        primal_params = [a.arg for a in (*primal.args.posonlyargs, *primal.args.args)]
        if len(fwd_params) != len(primal_params) or fwd.args.vararg or fwd.args.kwonlyargs:
            return []
        output, safety = f"{primal.name}({', '.join(fwd_params)})", Applicability.UNSAFE
    new = f"{output}, {source.segment(value)}"
    title = f"Return a pair: the output, then the residuals {bwd.name} reads ({output}, ...)"
    return [Fix(title, target.code, (source.replace(value, new),), True, safety)]


OUTPUT_KEYS = frozenset(
    {"out", "output", "outputs", "y", "primal", "primal_out", "result", "value", "forward"}
)
_RESIDUAL_KEYS = frozenset({"res", "residuals", "saved", "cache", "ctx", "context", "aux"})


def primal_output(fwd: FunctionNode, node: ast.expr, primal: str | None) -> bool:
    """A call of the primal function, or a name the fwd rule binds once to one."""
    if isinstance(node, ast.Name):
        binding = single_definition(fwd, node.id)
        node = binding.value if binding is not None else node
    return (
        primal is not None
        and isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == primal
    )


def dict_entries(node: ast.expr) -> list[tuple[str, ast.expr]] | None:
    """The string keys and values of ``{"out": y, ...}`` or ``dict(out=y, ...)``."""
    if isinstance(node, ast.Dict):
        keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
        if any(not isinstance(k, str) for k in keys):
            return None
        return [(str(k), v) for k, v in zip(keys, node.values, strict=True)]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "dict"
        and not node.args
        and all(k.arg is not None for k in node.keywords)
    ):
        return [(str(k.arg), k.value) for k in node.keywords]
    return None


def _dict_fwd_fix(
    target: FixTarget,
    source: Source,
    fwd: FunctionNode,
    value: ast.expr,
    entries: list[tuple[str, ast.expr]],
    primal: str | None,
    residuals: list[str] | str | None,
) -> list[Fix]:
    """A fwd rule returning ``{"out": y, "saved": (x, s)}``: the pair ``y, (x, s)``. The output
    is the one entry made by the primal function or keyed as an output; the residuals are the
    other entry, or the others ordered as the bwd rule unpacks them when their keys are its
    names."""
    outputs = [
        i
        for i, (key, item) in enumerate(entries)
        if primal_output(fwd, item, primal) or key in OUTPUT_KEYS
    ]
    if not outputs and len(entries) == 2:
        # ``{"h": ..., "saved": (x, w)}``: the entry not keyed as residuals is the output.
        outputs = [i for i, (key, _) in enumerate(entries) if key not in _RESIDUAL_KEYS]
    if len(outputs) != 1 or len(entries) < 2:
        return []
    output = entries[outputs[0]][1]
    rest = [entry for i, entry in enumerate(entries) if i != outputs[0]]
    if len(rest) == 1:
        saved = source.segment(rest[0][1])
        counted = rest[0][1].elts if isinstance(rest[0][1], ast.Tuple | ast.List) else None
        if isinstance(residuals, list) and (counted is None or len(counted) != len(residuals)):
            return []
    elif isinstance(residuals, list) and sorted(residuals) == sorted(k for k, _ in rest):
        by_key = dict(rest)
        saved = f"({', '.join(source.segment(by_key[name]) for name in residuals)})"
    else:
        return []
    new = f"{parenthesized(source, output)}, {saved}"
    title = f"Return a pair, not a dict: the output and the residuals ({new})"
    return [Fix(title, target.code, (source.replace(value, new),), True, Applicability.UNSAFE)]


def parenthesized(source: Source, node: ast.expr) -> str:
    text = source.segment(node)
    return f"({text})" if isinstance(node, ast.Lambda | ast.IfExp | ast.NamedExpr) else text


def _typed_structure_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """The edits the two printed structures choose (``jaxerr_ls.fixes.rule_types``): entries
    reordered, a look-alike class or a tuple built as the argument's class."""
    found = culprit_rule(target, read, CulpritKind.CUSTOM_VJP_BWD)
    if found is None:
        return []
    source, bwd, line = found
    reordered = (
        rule_types.reordered_fixes(target, source, bwd, _differentiable_params(source, bwd))
        if _returns_on(bwd, line)
        else []
    )
    return reordered or rule_types.bwd_structure_fixes(
        target, read, source, bwd, partial(imported_fields, read=read)
    )


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    if target.code == STRUCTURE:
        return _structure_fixes(target, read) or _typed_structure_fixes(target, read)
    if target.code == FWD_NOT_PAIR:
        return _fwd_fixes(target, read)
    return _type_fixes(target, read)


# One provider per set of captures its records have in common.
PROVIDERS = (
    Provider(
        frozenset({OUTPUT_TYPE, ARGS_MISMATCH}), frozenset({"output", "got", "expected"}), fixes
    ),
    Provider(frozenset({STRUCTURE}), frozenset({"got", "expected"}), fixes),
    Provider(frozenset({FWD_NOT_PAIR}), frozenset(), fixes),
)

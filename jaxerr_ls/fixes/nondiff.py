"""A traced value at a custom_vjp function's ``nondiff_argnums`` position made a regular
argument: the position leaves ``nondiff_argnums``, the fwd rule keeps the value in its
residuals, and the bwd rule takes it from there and returns ``None`` as its cotangent.

Offered where the failing call gives the one computed value among those positions
(``culprit_state.traced_nondiff``) to a ``def`` decorated with ``custom_vjp`` whose rules are
registered in its module (``f.defvjp(fwd, bwd)``, both module functions there), with positional
parameters only, and where every ``return`` of the fwd rule is a pair written out and every
``return`` of the bwd rule a tuple written out with one entry per differentiable argument:
then each edit is decided by the code. The rest of ``nondiff_argnums`` (a function, say) stays.
"""

from __future__ import annotations

import ast

from jaxerr_ls.astindex import own_returns
from jaxerr_ls.culprit_state import Buffers, Code, traced_nondiff
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import FunctionNode, Source, checked, dotted, fresh, package_bases
from jaxerr_ls.spans import Edit, Span

NONDIFF_TRACER = "custom-vjp-nondiff-tracer"


def _params(function: FunctionNode) -> list[str] | None:
    """The positional parameters, None where it takes others (``*args``, keywords only)."""
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs:
        return None
    return [a.arg for a in (*args.posonlyargs, *args.args)]


def _rules(source: Source, primal: str) -> tuple[FunctionNode, FunctionNode] | None:
    """The fwd and bwd module functions the one ``primal.defvjp(fwd, bwd)`` registers."""
    registrations = [
        node
        for node in ast.walk(source.tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "defvjp"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == primal
    ]
    if len(registrations) != 1:
        return None
    call = registrations[0]
    if len(call.args) != 2 or call.keywords:
        return None
    functions = {
        f.name: f for f in source.tree.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    fwd, bwd = (functions.get(a.id) if isinstance(a, ast.Name) else None for a in call.args)
    return (fwd, bwd) if fwd is not None and bwd is not None else None


def _rebinds(function: FunctionNode, name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
        for n in ast.walk(function)
    )


def _decorator_edit(
    source: Source, decorator: ast.Call, keyword: ast.keyword, kept: list[int]
) -> Edit | None:
    """``nondiff_argnums`` without the position: the kept ones, else no keyword at all (a
    ``partial(jax.custom_vjp, ...)`` left with nothing to bind becomes ``jax.custom_vjp``)."""
    if kept:
        text = "(" + ", ".join(str(i) for i in kept) + ("," if len(kept) == 1 else "") + ")"
        return source.replace(keyword.value, text)
    if len(decorator.keywords) != 1:
        return None
    if dotted(decorator.func) in ("partial", "functools.partial") and len(decorator.args) == 1:
        return source.replace(decorator, source.segment(decorator.args[0]))
    if not decorator.args:
        return source.replace(decorator, source.segment(decorator.func))
    return None


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    code = Code(Buffers(read, package_bases(target.span.path)[-1]))
    traced = traced_nondiff(code, (target.span, *target.frames))
    if traced is None or not isinstance(traced.primal.node, ast.FunctionDef):
        return []
    path = traced.primal.path
    source = Source.parse(path, read(path))
    if source is None:
        return []
    primal = next(
        (
            f
            for f in source.tree.body
            if isinstance(f, ast.FunctionDef) and f.lineno == traced.primal.node.lineno
        ),
        None,
    )
    if primal is None:
        return []
    decorators = [
        d
        for d in primal.decorator_list
        if isinstance(d, ast.Call) and any(k.arg == "nondiff_argnums" for k in d.keywords)
    ]
    rules = _rules(source, primal.name)
    params = _params(primal)
    if len(decorators) != 1 or rules is None or params is None:
        return []
    decorator = decorators[0]
    keyword = next(k for k in decorator.keywords if k.arg == "nondiff_argnums")
    try:
        declared = ast.literal_eval(keyword.value)
    except ValueError:
        return []
    nondiff = sorted(declared if isinstance(declared, tuple | list) else (declared,))
    position = traced.position
    if position not in nondiff or not all(isinstance(i, int) for i in nondiff):
        return []
    fwd, bwd = rules
    fwd_params, bwd_params = _params(fwd), _params(bwd)
    if fwd_params is None or bwd_params is None:
        return []
    if len(fwd_params) != len(params) or len(bwd_params) != len(nondiff) + 2:
        return []
    value = fwd_params[position]
    if _rebinds(fwd, value):
        return []
    edits: list[Edit] = []
    # The fwd rule: each ``return out, res`` keeps the value beside its residuals.
    fwd_returns = own_returns(fwd)
    for ret in fwd_returns:
        if not isinstance(ret.value, ast.Tuple) or len(ret.value.elts) != 2:
            return []
        residuals = ret.value.elts[1]
        edits.append(source.replace(residuals, f"({source.segment(residuals)}, {value})"))
    # The bwd rule: the value leaves its leading arguments and comes out of the residuals.
    bwd_value = bwd_params[nondiff.index(position)]
    residual = bwd_params[len(nondiff)]
    taken = {n.id for n in ast.walk(bwd) if isinstance(n, ast.Name)} | set(bwd_params)
    packed = fresh(taken, "residuals")
    arguments = [*bwd.args.posonlyargs, *bwd.args.args]
    drop = arguments[nondiff.index(position)]
    after = arguments[nondiff.index(position) + 1]
    edits.append(_delete_between(source, drop, after))
    edits.append(source.replace(arguments[len(nondiff)], packed))
    first = bwd.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        if len(bwd.body) < 2:
            return []
        first = bwd.body[1]
    indent = source.indent_of(first.lineno)
    edits.append(source.insert(first.lineno, 0, f"{indent}{residual}, {bwd_value} = {packed}\n"))
    # Its cotangents: ``None`` for the value, among the differentiable arguments' entries.
    differentiable = [i for i in range(len(params)) if i not in nondiff]
    entry = sum(1 for i in differentiable if i < position)
    bwd_returns = own_returns(bwd)
    if not bwd_returns:
        return []
    for ret in bwd_returns:
        if not isinstance(ret.value, ast.Tuple) or len(ret.value.elts) != len(differentiable):
            return []
        elts = ret.value.elts
        if not elts:
            return []
        if entry < len(elts):
            start = source.span(elts[entry])
            edits.append(source.insert(start.line, start.col, "None, "))
        else:
            # After the last entry, in place of a trailing comma: ``(g,)`` becomes ``(g, None)``.
            end = source.span(elts[-1])
            rest = source.line_text(end.end_line)[end.end_col :]
            comma = len(rest) - len(rest.lstrip()) + 1 if rest.lstrip().startswith(",") else 0
            stop = end.end_col + comma
            edits.append(Edit(Span(path, end.end_line, end.end_col, end.end_line, stop), ", None"))
    kept = [i for i in nondiff if i != position]
    decorated = _decorator_edit(source, decorator, keyword, kept)
    if decorated is None:
        return []
    edits.append(decorated)
    if not checked({path: source.text}, edits):
        return []
    title = (
        f"Make `{params[position]}` a regular argument of `{primal.name}`: out of "
        f"nondiff_argnums, kept in {fwd.name}'s residuals, its cotangent None from {bwd.name}"
    )
    return [Fix(title, target.code, tuple(edits), True, Applicability.UNSAFE)]


def _delete_between(source: Source, drop: ast.arg, after: ast.arg) -> Edit:
    """Removes a parameter and the separator after it, up to the next parameter."""
    start, end = source.span(drop), source.span(after)
    return Edit(Span(source.path, start.line, start.col, end.line, end.col), "")


PROVIDERS = (Provider(frozenset({NONDIFF_TRACER}), frozenset(), fixes),)

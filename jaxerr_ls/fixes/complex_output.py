"""Fixes at the ``return`` that makes a differentiated function's output complex.

The culprit (see ``jaxerr_ls.culprit_state``) is the ``return`` that reduces a complex value to
the loss. Where it squares a complex value the way a real one is squared (``x ** 2``,
``x * jnp.conj(x)``), the magnitude squared, ``jnp.abs(x) ** 2``, is what a real loss takes:
the one edit made, unsafe (the loss's value changes, as it must). Where it is a Hermitian form
(``jnp.vdot(psi, h @ psi)``, ``psi.conj() @ h @ psi``: one vector on both sides of an
operator), an expectation value that is real for a Hermitian operator, its real part is.
"""

from __future__ import annotations

import ast

from jaxerr_ls.culprit_state import Buffers, Code, Complexity, Place
from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.records import CulpritKind

CODE = "grad-complex-output"


# Functions of real numbers that take a complex value's branch when given one.
_REAL_DOMAIN = ("log", "log1p", "log10", "log2", "sqrt")


def _squared(node: ast.expr, jnp: str) -> ast.expr | None:
    """``x`` of ``x ** 2``, ``x * jnp.conj(x)``, ``jnp.conj(x) * x`` or ``x * x.conj()``."""
    if not isinstance(node, ast.BinOp):
        return None
    if isinstance(node.op, ast.Pow):
        power = node.right
        if isinstance(power, ast.Constant) and power.value == 2:
            return node.left
        return None
    if not isinstance(node.op, ast.Mult):
        return None
    for value, other in ((node.left, node.right), (node.right, node.left)):
        conj = _conjugated(other, jnp)
        if conj is not None and ast.dump(conj) == ast.dump(value):
            return value
    return None


def _jnp_call(node: ast.expr, jnp: str, *names: str) -> ast.Call | None:
    """``node`` when it calls one of ``jax.numpy``'s functions ``names`` (as ``jnp.name(...)``)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == jnp
        and node.func.attr in names
    ):
        return node
    return None


def _conjugated(node: ast.expr, jnp: str) -> ast.expr | None:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    if node.func.attr not in ("conj", "conjugate"):
        return None
    if _jnp_call(node, jnp, "conj", "conjugate") is not None and len(node.args) == 1:
        return node.args[0]
    return node.func.value if not node.args else None


def _matmul_operands(node: ast.expr, jnp: str) -> list[ast.expr]:
    """The operands of ``a @ b @ c`` or ``jnp.dot(a, b)`` / ``jnp.matmul(a, b)``, in order."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
        return [*_matmul_operands(node.left, jnp), *_matmul_operands(node.right, jnp)]
    call = _jnp_call(node, jnp, "dot", "matmul")
    if call is not None and len(call.args) == 2 and not call.keywords:
        return [*_matmul_operands(call.args[0], jnp), *_matmul_operands(call.args[1], jnp)]
    return [node]


def _same(a: ast.AST, b: ast.AST) -> bool:
    return ast.dump(a) == ast.dump(b)


def _hermitian_form(node: ast.expr, jnp: str) -> bool:
    """``jnp.vdot(v, A @ v)`` or ``conj(v) @ A @ v`` (``v.conj()``, ``jnp.conj(v)``): the same
    vector on both sides of one or more operators."""
    vdot = _jnp_call(node, jnp, "vdot")
    if vdot is not None and len(vdot.args) == 2:
        left, operands = vdot.args[0], _matmul_operands(vdot.args[1], jnp)
    else:
        operands = _matmul_operands(node, jnp)
        conj = _conjugated(operands[0], jnp) if len(operands) > 2 else None
        if conj is None:
            return False
        left, operands = conj, operands[1:]
    return len(operands) >= 2 and _same(operands[-1], left)


def _real_part(ret: ast.Return, source: Source, jnp: str) -> Fix | None:
    forms = [
        node for node in ast.walk(ret) if isinstance(node, ast.expr) and _hermitian_form(node, jnp)
    ]
    if len(forms) != 1:
        return None
    node = forms[0]
    text = ast.get_source_segment(source.text, node) or ast.unparse(node)
    new = f"{text}.real" if isinstance(node, ast.Call) else f"({text}).real"
    # Real for a Hermitian operator only, which the code cannot tell: unsafe.
    title = f"Take the real part of the expectation value: {new}"
    return Fix(
        title,
        CODE,
        (source.replace(node, new),),
        preferred=True,
        applicability=Applicability.UNSAFE,
    )


def _overlap(node: ast.expr, jnp: str) -> bool:
    """``jnp.vdot(a, b)`` of two different vectors: an overlap, complex even for real-valued
    physics, whose magnitude squared (a fidelity, a probability) is the real quantity. A form
    with an operator between two states (``jnp.vdot(psi, h @ phi)``) is left alone: which real
    quantity it should give (its real part, its magnitude) the code cannot tell."""
    vdot = _jnp_call(node, jnp, "vdot")
    return (
        vdot is not None
        and len(vdot.args) == 2
        and not vdot.keywords
        and not _same(vdot.args[0], vdot.args[1])
        and all(len(_matmul_operands(arg, jnp)) < 2 for arg in vdot.args)
    )


def _overlap_magnitude(ret: ast.Return, function: ast.AST, source: Source, jnp: str) -> Fix | None:
    """The magnitude squared of the overlap the culprit returns. Where its function is called
    elsewhere in the module as well (a report printing the overlap), the overlap stays what it
    is and the differentiated function squares the magnitude where it calls it."""
    if not isinstance(ret.value, ast.expr) or not _overlap(ret.value, jnp):
        return None
    node: ast.expr = ret.value
    name = getattr(function, "name", None)
    calls = [
        call
        for call in ast.walk(source.tree)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == name
    ]
    if len(calls) > 1:
        losses = _differentiated(source.tree)
        used = [
            call
            for loss in ast.walk(source.tree)
            if isinstance(loss, ast.FunctionDef) and loss.name in losses
            for r in ast.walk(loss)
            if isinstance(r, ast.Return) and r.value is not None
            for call in calls
            if _contains(r.value, call)
        ]
        if len(used) != 1:
            return None
        node = used[0]
    text = ast.get_source_segment(source.text, node) or ast.unparse(node)
    new = f"{jnp}.abs({text}) ** 2"
    return Fix(
        f"Take the overlap's magnitude squared: {new}",
        CODE,
        (source.replace(node, new),),
        preferred=True,
        # A fidelity is the overlap's magnitude squared; some other real quantity may be meant.
        applicability=Applicability.UNSAFE,
    )


def _differentiated(tree: ast.Module) -> set[str]:
    """The names the module passes to ``grad`` / ``value_and_grad`` (however spelled)."""
    return {
        call.args[0].id
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and call.args
        and isinstance(call.args[0], ast.Name)
        and (ast.unparse(call.func).split(".")[-1] in ("grad", "value_and_grad"))
    }


def _contains(outer: ast.AST, inner: ast.AST) -> bool:
    return any(node is inner for node in ast.walk(outer))


def _complex_squares(
    analysis: Complexity, ret: Place, env: set[str], jnp: str
) -> list[tuple[ast.expr, ast.expr]]:
    """Each square in a ``return`` (``x ** 2``, ``x * jnp.conj(x)``) of a complex value ``x``,
    with ``x``, given the complex names ``env``."""
    return [
        (node, value)
        for node in ast.walk(ret.node)
        if isinstance(node, ast.expr)
        and (value := _squared(node, jnp)) is not None
        and analysis.of(ret.at(value), env)
    ]


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    culprits = [c for c in target.culprits if c.kind == CulpritKind.COMPLEX_OUTPUT]
    if len(culprits) != 1:
        return []
    path = culprits[0].span.path
    code = Code(Buffers(read, path.parent))
    model, source = code.model(path), Source.parse(path, read(path))
    if model is None or source is None or (jnp := source.jnp_name()) is None:
        return []
    line = culprits[0].span.line
    returns = [
        (function, ret)
        for function in model.functions.values()
        for ret in function.returns
        if ret.lineno == line and ret.value is not None
    ]
    if len(returns) != 1:
        return []
    function, ret = returns[0]
    analysis = Complexity(code, {})
    outer = function.scope.parent or model.module_scope
    env = analysis.names(Place(path, model, function.node, outer), set())
    squares = _complex_squares(analysis, Place(path, model, ret, function.scope), env, jnp)
    if not squares:
        # The message says the output is complex, and the analysis cannot tell which of the
        # parameters are: taken as complex, one square alone may make it so. The magnitude
        # squared of a real value is its square, so the edit keeps whatever is real.
        params = {p.name for p in function.params}
        env = analysis.names(Place(path, model, function.node, outer), params)
        squares = _complex_squares(analysis, Place(path, model, ret, function.scope), env, jnp)
        squares = squares if len(squares) == 1 else []
    # The innermost square: squaring the difference of a real value and a complex square
    # (``(x * conj(x) - y) ** 2``) is real once the inner one is.
    inner = [
        (node, value)
        for node, value in squares
        if not any(other is not node and _contains(node, other) for other, _ in squares)
    ]
    if not inner:
        real = _real_part(ret, source, jnp)
        if real is None:
            real = _overlap_magnitude(ret, function.node, source, jnp)
        return [real] if real is not None else []
    if len(inner) != 1:
        return []
    squares = inner
    node, value = squares[0]
    logged = [
        name
        for call in ast.walk(value)
        if isinstance(call, ast.Call)
        and _jnp_call(call, jnp, *_REAL_DOMAIN) is not None
        and len(call.args) == 1
        for name in ast.walk(call.args[0])
        if isinstance(name, ast.Name) and analysis.of(Place(path, model, name, function.scope), env)
    ]
    if logged:
        # A log (or root) of complex values, squared: the spectra's magnitudes were meant to
        # be compared, and a magnitude of the difference would compare complex logarithms.
        edits = tuple(source.replace(arg, f"{jnp}.abs({source.segment(arg)})") for arg in logged)
        named = ", ".join(source.segment(arg) for arg in logged)
        title = f"Take the magnitude of {named} before the logarithm: {jnp}.abs(...)"
        return [Fix(title, CODE, edits, preferred=True, applicability=Applicability.UNSAFE)]
    operand = ast.get_source_segment(source.text, value) or ast.unparse(value)
    new = f"{jnp}.abs({operand}) ** 2"
    title = f"Square the magnitude: {new}"
    edit = source.replace(node, new)
    return [Fix(title, CODE, (edit,), preferred=True, applicability=Applicability.UNSAFE)]


PROVIDERS = (Provider(frozenset({CODE}), frozenset(), fixes),)

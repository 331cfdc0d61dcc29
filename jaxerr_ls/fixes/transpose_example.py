"""``jax.linear_transpose`` given an integer example of its input for a function with a
floating output (``linear_transpose only supports [float ...] ... but got [uint16] ->
[float32]``): where the culprit is the argument a caller hands the function around the
failing call, which only passes it on as that example (``call.handed``: ``make_operator(psf,
frame)``), the example is cast there, ``frame.astype(jnp.float32)``, the record's first
solution (only the example's shape and dtype are read). Unsafe: the transposed function then
returns float32 cotangents, where another floating dtype may have been meant.
"""

from __future__ import annotations

import ast

from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.transform_calls import located
from jaxerr_ls.records import CulpritKind

CODE = "linear-transpose-dtype"


def handed_example_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.CALL_HANDED))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    # The argument handed over itself (not the call that leaves a parameter to its default,
    # nor where an attribute handed on is made).
    if not isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.Call):
        return []
    if ast.unparse(node) != culprit.name or "astype" in culprit.name:
        return []
    spelled = source.jnp_or_import()
    if spelled is None:
        return []
    jnp, imports = spelled
    new = f"{source.segment(node)}.astype({jnp}.float32)"
    title = f"Give linear_transpose a floating example: {new}"
    edits = (source.replace(node, new), *imports)
    return [Fix(title, CODE, edits, applicability=Applicability.UNSAFE)]


PROVIDER = Provider(frozenset({CODE}), frozenset(), handed_example_fixes)

"""A differentiated function that returns its weighted loss terms one by one, not their total.

``return {name: weights[name] * value for name, value in terms.items()}`` or
``return jax.tree.map(lambda term, w: w * term, terms, weights)`` hands grad (called without
has_aux) a dict or a record of terms, each scaled by its weight: the loss the weights are for
is their weighted sum. The comprehension becomes ``sum(...)`` over the same clauses; the tree
map's leaves are summed (``sum(jax.tree.leaves(...))``). Only where each term is a product
(a weight times a term): anything else (a dict of unrelated values) says nothing of a total.
Unsafe: the function's output changes from the parts to their total.
"""

from __future__ import annotations

import ast

from jaxerr_ls.fixes.model import Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.transform_calls import located, unsafe_fix
from jaxerr_ls.project import last_name
from jaxerr_ls.records import CulpritKind


def weighted_sum_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    value = node.value if isinstance(node, ast.Return) else None
    if isinstance(value, ast.DictComp) and _product(value.value):
        # A comprehension's clauses carry no positions: the generator is written anew.
        total = f"sum{ast.unparse(ast.GeneratorExp(value.value, value.generators))}"
    elif (
        isinstance(value, ast.Call)
        and last_name(value.func) == "map"
        and isinstance(value.func, ast.Attribute)
        and isinstance(value.func.value, ast.Attribute | ast.Name)
        and last_name(value.func.value) in ("tree", "tree_util")
        and value.args
        and isinstance(value.args[0], ast.Lambda)
        and _product(value.args[0].body)
    ):
        tree = source.segment(value.func.value)
        total = f"sum({tree}.leaves({source.segment(value)}))"
        if tree.endswith("tree_util"):
            total = f"sum({tree}.tree_leaves({source.segment(value)}))"
    else:
        return []
    title = f"Return the weighted sum of `{culprit.name}`'s terms: {total}"
    return unsafe_fix(target, title, (source.replace(value, total),))


def _product(node: ast.expr) -> bool:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)

"""Fixes at the array constructor that makes the real input of a ``holomorphic=True`` transform.

The culprit (see ``jaxerr_ls.culprit_transforms``) is a ``jax.numpy`` / ``numpy`` constructor
that names no complex dtype (``jnp.linspace(-r, r, n)``, ``jnp.asarray(table[name])``): the
one edit gives it ``dtype=<module>.complex64`` (or replaces the real dtype it names), unsafe
(the input's values now carry an imaginary part of zero, which the derivative reads).
"""

from __future__ import annotations

import ast

from jaxerr_ls.fixes.model import Applicability, Fix, FixTarget, Provider, ReadSource
from jaxerr_ls.fixes.transform_calls import located
from jaxerr_ls.records import CulpritKind

CODES = frozenset({"grad-holomorphic-real-input", "jacfwd-holomorphic-real-input"})
# The positional arguments each constructor takes before its dtype: with more, the dtype (or
# an argument past it) is given by position, and no keyword is added.
_BEFORE_DTYPE = {
    "array": 1,
    "asarray": 1,
    "linspace": 3,
    "logspace": 3,
    "geomspace": 3,
    "zeros": 1,
    "ones": 1,
    "full": 2,
    "zeros_like": 1,
    "ones_like": 1,
    "full_like": 2,
}


def fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_ARGUMENT))
    if len(found) != 1 or not isinstance(found[0][1], ast.Call):
        return []
    source, call, _ = found[0]
    assert isinstance(call, ast.Call)
    if not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Name):
        return []
    module, name = call.func.value.id, call.func.attr
    if module not in (*source.module_aliases("jax.numpy"), *source.module_aliases("numpy")):
        return []
    if name not in _BEFORE_DTYPE or len(call.args) > _BEFORE_DTYPE[name]:
        return []
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return []
    dtype = f"{module}.complex64"
    given = next((k for k in call.keywords if k.arg == "dtype"), None)
    if given is not None:
        edit = source.replace(given.value, dtype)
    else:
        added = source.add_keyword(call, f"dtype={dtype}")
        if added is None:
            return []
        edit = added
    title = f"Make the input complex where it is made: `{name}(..., dtype={dtype})`"
    return [Fix(title, target.code, (edit,), applicability=Applicability.UNSAFE)]


PROVIDERS = (Provider(CODES, frozenset(), fixes),)
